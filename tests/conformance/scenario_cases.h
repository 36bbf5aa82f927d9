// tests/conformance/scenario_cases.h: the built-in scenarios of every rule
// set with a full engine, for the conformance suites.
#ifndef IMPI_TESTS_CONFORMANCE_SCENARIO_CASES_H_
#define IMPI_TESTS_CONFORMANCE_SCENARIO_CASES_H_

#include <string>
#include <vector>

#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "engine/game/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "service/convert.h"

namespace impi {

struct Case {
  std::string scenario;
  std::string ruleset;
};

// The first built-in scenario of every rule set that is registered and
// "full": the suite is one over rule sets. A rule set's later scenarios are
// designed variants of its first (isandlwana_even, for measuring strength:
// random play there, with fewer Zulus, is still going at turn 100 in about
// one game of ten, where no rule is at fault) and are not repeated here.
inline std::vector<Case> Cases() {
  std::vector<Case> out;
  for (const scenarios::EmbeddedScenario& s : scenarios::AllScenarios()) {
    v1::TableState state;
    if (!google::protobuf::util::JsonStringToMessage(std::string(s.json), &state).ok()) continue;
    const Ruleset* rules = FindRuleset(v1::Ruleset_Name(state.ruleset()));
    if (rules == nullptr || rules->status() != "full") continue;
    bool seen = false;
    for (const Case& c : out) seen |= c.ruleset == rules->id();
    if (!seen) out.push_back({s.name, std::string(rules->id())});
  }
  return out;
}

// A built-in scenario through the service's checked conversion.
inline BattleState LoadScenario(const std::string& scenario) {
  const scenarios::EmbeddedScenario* s = scenarios::FindScenario(scenario);
  EXPECT_NE(s, nullptr);
  if (s == nullptr) return {};
  v1::TableState proto;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(std::string(s->json), &proto).ok());
  absl::StatusOr<BattleState> state = service::StateFromProto(proto);
  EXPECT_TRUE(state.ok()) << state.status();
  return state.ok() ? *state : BattleState{};
}

}  // namespace impi

#endif  // IMPI_TESTS_CONFORMANCE_SCENARIO_CASES_H_
