// ai/british/tsatf_patrol.h: a scripted British player for the TSATF Zulu
// Control patrol (003_8a310c3200cb6fb0.txt; the patrol task of
// engine/rulesets/tsatf/victory.h).
//
// Overview: the patrol's task is to seize its objective (an appearance
// point) and hold it to the end of the turn limit. When the engine awaits
// the British, ScriptedPatrol picks among Ruleset::LegalActions by scoring
// each:
//   - movement: the move that brings a unit nearest the objective (the lead
//     unit onto it, the others to a screen 5" short of it); a unit with a Zulu
//     regiment, skirmishers or rifle-armed regiment within kHoldRange holds
//     its ground to fire instead; nobody leaves the table;
//   - nobody charges (a charge lets the Zulus convert or fight);
//   - fire: every unit that can fires, at the nearest Zulu regiment,
//     skirmishers or rifle-armed regiment, lone Zulus last;
//   - close combat: each fight in turn (CLOSE_COMBAT_RESULT), then PASS.
// A unit with nothing better passes. The script rolls no dice: the same state
// and options give the same choice.
//
// Usage:
//   ScriptedPatrol british;
//   std::vector<Action> options = rules->LegalActions(state, Side::kBritish);
//   const Action& a = options[british.Choose(state, options, dice, &why)];
//
// Thread safety: holds no state; one object per thread, as for any Policy.
#ifndef IMPI_AI_BRITISH_TSATF_PATROL_H_
#define IMPI_AI_BRITISH_TSATF_PATROL_H_

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"

namespace impi::ai {

class ScriptedPatrol : public Policy {
 public:
  // A unit with a Zulu regiment this near holds its ground.
  static constexpr double kHoldRange = 8.0;

  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;
};

// One option's score for the patrol script (higher is better; PASS is 0),
// with a short reason.
double ScorePatrolOption(const BattleState& state, const Action& option, std::string* why);

}  // namespace impi::ai

#endif  // IMPI_AI_BRITISH_TSATF_PATROL_H_
