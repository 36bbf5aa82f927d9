// service/scenarios.h: the built-in scenarios (engine/scenarios/) as tables
// and as the engine's states, found by name.
//
// Overview: a built-in scenario is a TableState in JSON embedded at build
// time. LoadScenarioTable parses one by its short name ("isandlwana");
// ScenarioStart gives the engine's state of a rule set's scenario, through
// the service's checked conversion (convert.h), looking a name up as the
// rule set's own too ("patrol" is "<short name>_patrol", the file
// tsatf_patrol.json), and an empty name as the rule set's first
// (DefaultScenario); a name that is not one of the JSON scenarios may be one
// the rule set builds itself (Ruleset::Scenario). The CLI (`impi simulate`, `impi arena`, `impi replay`)
// and the arena service load their games here: ScenarioStart is an
// arena::ScenarioLoader.
//
// Thread safety: pure functions over the embedded scenarios and the
// registries (register before use).
#ifndef IMPI_SERVICE_SCENARIOS_H_
#define IMPI_SERVICE_SCENARIOS_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "engine/game/ruleset.h"
#include "impi/v1/table.pb.h"

namespace impi::service {

// The built-in scenario with this short name, as a table. NOT_FOUND listing
// the names; INVALID_ARGUMENT if its JSON does not parse.
absl::StatusOr<v1::TableState> LoadScenarioTable(std::string_view name);

// The name of the first built-in scenario of `rules`, as --scenario takes it
// (without the rule set's short name: "patrol"). NOT_FOUND if none.
absl::StatusOr<std::string> DefaultScenario(const Ruleset& rules);

// The start of a game of `rules` from its built-in scenario `*scenario`
// (empty: DefaultScenario, whose name it sets). FAILED_PRECONDITION naming
// --scenario for one not built in, one that does not convert, or one of
// another rule set.
absl::StatusOr<BattleState> ScenarioStart(const Ruleset& rules, std::string* scenario);

}  // namespace impi::service

#endif  // IMPI_SERVICE_SCENARIOS_H_
