// bench/bench_scenarios.h: every full rule set's built-in scenario, loaded
// once through the service's checked conversion, for the benchmarks that
// take a scenario index as their argument (labelled with its name).
#ifndef IMPI_BENCH_BENCH_SCENARIOS_H_
#define IMPI_BENCH_BENCH_SCENARIOS_H_

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "engine/rulesets/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "google/protobuf/util/json_util.h"
#include "service/convert.h"

namespace impi::bench {

struct Loaded {
  std::string name;
  const Ruleset* rules = nullptr;
  BattleState state;
};

// In the order of scenarios::AllScenarios(), the full rule sets' only.
inline const std::vector<Loaded>& Scenarios() {
  static const std::vector<Loaded>* all = [] {
    auto* out = new std::vector<Loaded>();
    for (const scenarios::EmbeddedScenario& s : scenarios::AllScenarios()) {
      v1::TableState proto;
      if (!google::protobuf::util::JsonStringToMessage(std::string(s.json), &proto).ok()) continue;
      absl::StatusOr<BattleState> state = service::StateFromProto(proto);
      if (!state.ok()) continue;
      const Ruleset* rules = FindRuleset(state->ruleset);
      if (rules == nullptr || rules->status() != "full") continue;
      out->push_back({std::string(s.name), rules, *state});
    }
    return out;
  }();
  return *all;
}

// The scenario a benchmark's first argument names (labelled), or nullptr
// (the benchmark is skipped).
inline const Loaded* ScenarioFor(benchmark::State& state) {
  if (state.range(0) >= static_cast<int64_t>(Scenarios().size())) {
    state.SkipWithError("no such scenario");
    return nullptr;
  }
  const Loaded& sc = Scenarios()[state.range(0)];
  state.SetLabel(sc.name);
  return &sc;
}

}  // namespace impi::bench

#endif  // IMPI_BENCH_BENCH_SCENARIOS_H_
