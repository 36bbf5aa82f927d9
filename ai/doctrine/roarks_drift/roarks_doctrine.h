// ai/doctrine/roarks_drift/roarks_doctrine.h: the RULES Zulu of "The Battle
// of Roark's Drift" (004_18930928e35a3412.txt), and the scripted British
// beside it (ai/british/roarks_british.h).
//
// Overview: each decision is one of the Zulu side's orders of the moment
// (engine/rulesets/roarks_drift/roarks_drift.h lists them). The doctrine is
// the designers' Zulu strategy (13.0): "The rifles on the heights can do a
// lot. The rifled units with the ground troops can be effective also,
// though one must not waste them. Melee is where the Zulus have it all over
// the British ... If the Zulus attack the large stacks ... all are wounded",
// and their note that the Zulus "would make the best of cover, slowly
// moving within point blank range, and then charging". Designed, not in
// the source text, node by node:
//   - 9.2 entry zones: no regiment enters from the south edge, so that the
//     Oskarberg may fire (6.2.2.1.A); each takes the allowed pair of
//     adjacent zones (9.2.C-D) nearest the hospital, where the fire is set,
//     the regiments side by side so that their attacks combine;
//   - movement, a unit at a time, the one moving first: a rifle unit of a
//     regiment's first pair goes to the hospital's roof (to set it alight,
//     10.1.B), the other to the nearest hex it sees a British unit from
//     (within six hexes), out of their reach; a unit carrying a torch goes to a roof (10.1.D);
//     the rest close in by the march field (the MPs to melee contact),
//     stepping to the covered hex where two are as near, and hold a hex
//     short of contact until eight are within a move of it, then all
//     charge, each to the hex beside the largest British stack; a unit
//     ending its move short of contact and seen in ground worse than
//     prone's FDF goes prone (4.0.F); one beside a building's wall with
//     British in the room behind it tunnels (11.0.B); the rest pass;
//   - fire: the Oskarberg whenever it may; a fire set through a roof, by a
//     torch, or on a 12, on a room not burning (British inside first);
//     aimed fire only at odds of 1:1 or better ("one must not waste
//     them"), the best odds first, the larger stack on a tie;
//   - melee: massed on the largest British stack in contact when it has
//     three units or more, else spread;
//   - advances: into every hex emptied, except into the main perimeter
//     while the Oskarberg may fire there (6.2.2.1.C);
//   - the end segment: the phase is ended (9.3.A) once it has run
//     kPhaseTurns turns (past half of them the Zulus charge whatever their
//     mass).
// Deterministic: the choice is a function of the state and the options.
//
// Thread safety: one object per game (it keeps its last march fields).
#ifndef IMPI_AI_DOCTRINE_ROARKS_DRIFT_ROARKS_DOCTRINE_H_
#define IMPI_AI_DOCTRINE_ROARKS_DRIFT_ROARKS_DOCTRINE_H_

#include <string>
#include <vector>

#include "ai/doctrine/roarks_drift/roarks_reading.h"
#include "engine/game/policy.h"

namespace impi::ai {

class RoarksDoctrine final : public Policy {
 public:
  // A phase is ended after this many turns (designed: the designers' notes
  // make the attacks "very short", with lulls between).
  static constexpr int kPhaseTurns = 12;
  // Zulu units within a move of contact before they charge together.
  static constexpr int kMassToCharge = 8;

  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;

 private:
  int Zones(const roarks::RoarksState& s, const std::vector<Action>& options, std::string* why);
  int Move(const roarks::RoarksState& s, const std::vector<Action>& options, std::string* why);
  int Fire(const roarks::RoarksState& s, const std::vector<Action>& options, std::string* why);
  int Melee(const roarks::RoarksState& s, const std::vector<Action>& options, std::string* why);
  int EndTurn(const roarks::RoarksState& s, const std::vector<Action>& options, std::string* why);

  MarchField contact_;  // to melee contact with a British unit
  MarchField roofs_;    // to a hex beside a roof not burning
};

}  // namespace impi::ai

#endif  // IMPI_AI_DOCTRINE_ROARKS_DRIFT_ROARKS_DOCTRINE_H_
