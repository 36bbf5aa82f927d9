// engine/rulesets/roarks_drift/scenarios.h: the battle "The Battle of
// Roark's Drift" (004_18930928e35a3412.txt) comes with, as a whole state.
//
// Overview: the text is one battle, 22-23 January 1879: the garrison of
// the mission station against the three regiments of the Undi corps, on
// the station board (board.h, designed: the text prints no map) with the
// counter mix of counters.h (designed from 2.2, 2.3, 9.1 and 13.0). The
// scenario is the game at its start, phase 1, turn 1, awaiting 9.1 British
// Placement (the garrison placed as the British choose: the order offered
// is the default placement that meets 9.1.B-D); then 9.2 Zulu Placement,
// each regiment's entry zones chosen by the Zulu side, one decision a
// regiment; then the turns.
//
//   "roarks_drift"  the battle on a 48 x 32 hex board (TableGeometry
//                   hex_columns, hex_rows), 139 British counters, a man
//                   each, and the regiments' first waves, five men a
//                   counter.
//
// Usage:
//   absl::StatusOr<BattleState> s = roarks::BuildScenario("roarks_drift");
//
// Thread safety: pure functions.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_SCENARIOS_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_SCENARIOS_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"

namespace impi::roarks {

inline constexpr char kRoarksDriftScenario[] = "roarks_drift";

// The scenarios' names.
std::vector<std::string> ScenarioNames();

// The scenario `name` at its start; NOT_FOUND naming the scenarios otherwise.
absl::StatusOr<BattleState> BuildScenario(std::string_view name);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_SCENARIOS_H_
