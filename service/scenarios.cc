#include "service/scenarios.h"

#include <utility>
#include <vector>

#include <google/protobuf/util/json_util.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/scenarios/embedded.h"
#include "service/convert.h"
#include "service/scenario_tables.h"

namespace impi::service {

absl::StatusOr<v1::TableState> LoadScenarioTable(std::string_view name) {
  const scenarios::EmbeddedScenario* scenario = scenarios::FindScenario(name);
  if (scenario == nullptr) {
    // One a registered rule set builds itself (Ruleset::Scenario).
    for (const Ruleset* rules : AllRulesets()) {
      absl::StatusOr<BattleState> own = rules->Scenario(name);
      if (!own.ok()) continue;
      v1::TableState state;
      ToProto(*own, &state);
      return state;
    }
    std::vector<std::string> names;
    for (const scenarios::EmbeddedScenario& s : scenarios::AllScenarios()) names.push_back(s.name);
    for (const Ruleset* rules : AllRulesets()) {
      for (const std::string& own : rules->ScenarioNames()) names.push_back(own);
    }
    return absl::NotFoundError(absl::StrCat("no built-in scenario \"", std::string(name),
                                            "\"; known: ", absl::StrJoin(names, ", ")));
  }
  v1::TableState state;
  // Packed at build time (scenario_tables.h): binary, not JSON, to parse.
  const std::string_view packed = PackedScenarioTable(scenario->stem);
  if (!packed.empty()) {
    if (!state.ParseFromArray(packed.data(), static_cast<int>(packed.size()))) {
      return absl::InvalidArgumentError(
          absl::StrCat(scenario->stem, ".json: its packed table does not parse"));
    }
    return state;
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(scenario->json.data(), scenario->json.size()), &state, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(scenario->stem, ".json: ", std::string(status.message())));
  }
  return state;
}

absl::StatusOr<std::string> DefaultScenario(const Ruleset& rules) {
  const std::string prefix = absl::StrCat(std::string(rules.short_name()), "_");
  for (const scenarios::EmbeddedScenario& sc : scenarios::AllScenarios()) {
    absl::StatusOr<v1::TableState> table = LoadScenarioTable(sc.name);
    if (!table.ok() || RulesetIdOf(*table) != rules.id()) continue;
    // "tsatf_patrol" -> "patrol": the stem without its rule set's short name.
    const std::string stem(sc.stem);
    return absl::StartsWith(stem, prefix) ? stem.substr(prefix.size()) : stem;
  }
  // One the rule set builds itself.
  const std::vector<std::string> own = rules.ScenarioNames();
  if (!own.empty()) return own.front();
  return absl::NotFoundError(absl::StrCat("no built-in scenario plays ", std::string(rules.id())));
}

absl::StatusOr<BattleState> ScenarioStart(const Ruleset& rules, std::string* scenario) {
  if (scenario->empty()) {
    absl::StatusOr<std::string> fallback = DefaultScenario(rules);
    if (!fallback.ok()) {
      return absl::FailedPreconditionError(absl::StrCat("--scenario: ", fallback.status().message()));
    }
    *scenario = *fallback;
  }
  absl::StatusOr<v1::TableState> table = LoadScenarioTable(*scenario);
  if (!table.ok()) {
    // "--ruleset tsatf --scenario patrol": the built-in tsatf_patrol.
    absl::StatusOr<v1::TableState> prefixed =
        LoadScenarioTable(absl::StrCat(std::string(rules.short_name()), "_", *scenario));
    if (prefixed.ok()) table = std::move(prefixed);
  }
  if (!table.ok()) {
    // One the rule set builds itself.
    absl::StatusOr<BattleState> own = rules.Scenario(*scenario);
    if (own.ok()) return own;
    return absl::FailedPreconditionError(absl::StrCat("--scenario: ", table.status().message()));
  }
  absl::StatusOr<BattleState> start = StateFromProto(*table);
  if (!start.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("scenario ", *scenario, ": ", start.status().message()));
  }
  if (start->ruleset != rules.id()) {
    return absl::FailedPreconditionError(absl::StrCat("scenario ", *scenario, " is for ",
                                                      start->ruleset, ", not ",
                                                      std::string(rules.id())));
  }
  return start;
}

}  // namespace impi::service
