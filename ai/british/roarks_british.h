// ai/british/roarks_british.h: the scripted British of "The Battle of
// Roark's Drift" (004_18930928e35a3412.txt), the RULES policy of their
// side, beside the RULES Zulu (ai/doctrine/roarks_drift/roarks_doctrine.h).
//
// Overview: the designers' British strategy (13.0): "be aware of the fire
// power available, especially the volley fire as it is so deadly, that
// retreating to the redoubt will mean certain death to any Zulu attacking
// it. But beware that regular fire is every other turn ... Above all, the
// British side does not want to melee except on its own terms, and this
// can be done because the British movement is after Zulu movement but
// before combat." Designed, not in the source text, node by node:
//   - 9.1 set-up: the default placement (the only order);
//   - movement, a man at a time, the one moving first: a man in a room
//     with a fire leaves it (10.2.E); a wounded man not in Reynolds' care
//     goes to the storeroom (8.3.A); a man in melee contact with Zulus over
//     open ground (no barricade between) falls back out of contact towards
//     the redoubt, where a wall doubles him (7.0's example); no hex of five
//     British is entered (5.0.D); the rest stand;
//   - fire: a volley line lined up fires (6.1.2); the Oskarberg is
//     suppressed whenever the British may and it fires (6.2.2.2); a
//     lieutenant with no line lines one up facing the nearest Zulu; then
//     aimed fire, the nearest Zulus to the firers first, at 1:1 or better;
//   - melee: every attack the British may make (the attackers take no
//     damage, 7.0.F-H), then the melees are applied; an advance only into
//     the main perimeter, to retake it (the text's "There are times when
//     the British must melee for sections of the wall").
// Deterministic: the choice is a function of the state and the options.
//
// Thread safety: one object per game (it keeps its last march fields).
#ifndef IMPI_AI_BRITISH_ROARKS_BRITISH_H_
#define IMPI_AI_BRITISH_ROARKS_BRITISH_H_

#include <string>
#include <vector>

#include "ai/doctrine/roarks_drift/roarks_reading.h"
#include "engine/game/policy.h"

namespace impi::ai {

class RoarksBritish final : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;

 private:
  int Move(const roarks::RoarksState& s, const std::vector<Action>& options, std::string* why);
  int Fire(const roarks::RoarksState& s, const std::vector<Action>& options, std::string* why);

  MarchField storeroom_;  // to the storeroom
  MarchField redoubt_;    // to the redoubt's walls
};

}  // namespace impi::ai

#endif  // IMPI_AI_BRITISH_ROARKS_BRITISH_H_
