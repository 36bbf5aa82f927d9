// The battle Roark's Drift comes with. See scenarios.h.
#include "engine/rulesets/roarks_drift/scenarios.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"

namespace impi::roarks {

std::vector<std::string> ScenarioNames() { return {kRoarksDriftScenario}; }

absl::StatusOr<BattleState> BuildScenario(std::string_view name) {
  if (name != kRoarksDriftScenario) {
    return absl::NotFoundError(absl::StrCat("scenario: ", std::string(name),
                                            " is not a Roark's Drift scenario (", kRoarksDriftScenario, ")"));
  }
  BattleState b = RoarksRuleset::NewBattle();
  b.scenario = kRoarksDriftScenario;
  // 1.0 "10 feet per hex": the station board, 48 columns by 32 rows (board.h).
  b.table.hex_columns = kBoardColumns;
  b.table.hex_rows = kBoardRows;
  return b;
}

}  // namespace impi::roarks
