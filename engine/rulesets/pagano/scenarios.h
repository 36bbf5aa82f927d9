// engine/rulesets/pagano/scenarios.h: the battles Pagano's d10 rules come
// with, built as whole states.
//
// Overview: the text names the battles it was made for ("the same rule set
// to play either of these battles": Rorke's Drift and Khambula; the
// riflemen table's January column for "Isandhlwana, Rorke's Drift,
// Nyezane"; the designer's notes on the cattle "at Islandhwana") but
// prints no order of battle, map or length of battle: every position,
// strength and length here is designed from the history and marked so in
// scenarios.cc and in the scenario's page (docs/scenarios/pagano_*.md).
// Each builder returns a BattleState of rule set PAGANO_D10 at turn 1 with
// the rule set's own state (state.h): the month, every unit's entry (the
// British figures' categories and arms, the crews' pieces, the izigaba's
// frontages, sharpshooters and cattle), the terrain's features and each
// building room's openings, and the designed length
// (kLastTurnParameter).
//
//   "rorkes_drift"         22-23 January 1879, SKIRMISH: the garrison figure
//                          for figure (1" = 2 yards) against twelve
//                          izigaba of the Undi corps (15 men a figure).
//   "isandlwana_tactical"  22 January 1879, TACTICAL (1" = 25 yards, 25 men
//                          a figure): the firing line, the guns, the
//                          rockets, the NNC and Durnford's horse against
//                          the chest and horns, cattle driven before four
//                          izigaba. ("isandlwana" is the built-in of
//                          another rule set: this one is named for its
//                          scale.)
//
// Usage:
//   absl::StatusOr<BattleState> s = BuildScenario("rorkes_drift");
//   if (!s.ok()) ...;  // NOT_FOUND naming the scenarios
//
// Thread safety: pure functions.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_SCENARIOS_H_
#define IMPI_ENGINE_RULESETS_PAGANO_SCENARIOS_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"

namespace impi::pagano {

inline constexpr char kRorkesDrift[] = "rorkes_drift";
inline constexpr char kIsandlwanaTactical[] = "isandlwana_tactical";

// The scenarios' names, in the order above.
std::vector<std::string> ScenarioNames();

// The scenario `name` at its start; NOT_FOUND listing the names otherwise.
absl::StatusOr<BattleState> BuildScenario(std::string_view name);

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_SCENARIOS_H_
