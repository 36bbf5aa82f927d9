// ai/british/scripted_british.h: a scripted British player for Ferree's
// Isandlwana (001_4c61f40cf0987cbf.txt).
//
// Overview: when the engine awaits the British (deployment, or one unit's
// activation after its resolve test), ScriptedBritish picks among the legal
// actions by scoring each with a small function of its kind:
//   - deployment: when the situation pulls the troops in, every DEPLOY the
//     engine offers (to 7" from camp); when it allows a fortified position,
//     the companies nearest the laager or thornbush go in, up to the number
//     the engine offers; then END_DEPLOYMENT (historically: the scenario's
//     positions);
//   - FIX_BAYONETS when an unpinned or pinned Zulu tray is within 6" (before
//     firing: close combat is coming and unfixed regulars fight at -1);
//   - FIRE at the most dangerous target: the nearest unpinned Zulu tray in
//     range, trays within 6" first; guns and rockets at the largest tray;
//   - SEND_RUNNER after firing, when allowed and running low (low or out of
//     ammunition, or one turn of fire left by the ammunition table);
//   - MOVE only to retire towards the camp (a retire or retreat result, or
//     Zulu trays within 3" on two sides), to come on from off the table, or
//     for the surgeon to reach the wounded; otherwise hold the firing line;
//   - guns and rockets unlimber to fire; nobody charges out of the line.
// The script rolls no dice: the same state and options give the same choice.
//
// Usage:
//   ScriptedBritish british;
//   std::vector<Action> options = rules->LegalActions(state, Side::kBritish);
//   const Action& a = options[british.Choose(state, options, dice, &why)];
//
// Thread safety: holds no state; one object per thread, as for any Policy.
#ifndef IMPI_AI_BRITISH_SCRIPTED_BRITISH_H_
#define IMPI_AI_BRITISH_SCRIPTED_BRITISH_H_

#include <string>
#include <vector>

#include "ai/doctrine/ferree/ferree_doctrine.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"

namespace impi::ai {

class ScriptedBritish : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;
};

// One option's score for the British script (higher is better), with its
// reason in words when `with_reason` (else the reason may be left empty:
// the value is the same either way).
OptionScore ScoreBritishOption(const BattleState& state, const Action& option,
                               bool with_reason = true);

}  // namespace impi::ai

#endif  // IMPI_AI_BRITISH_SCRIPTED_BRITISH_H_
