// bench/bench_scenarios.h: every full rule set's built-in scenario, loaded
// once through the service's checked conversion, for the benchmarks that
// take a scenario index as their argument (labelled with its name).
#ifndef IMPI_BENCH_BENCH_SCENARIOS_H_
#define IMPI_BENCH_BENCH_SCENARIOS_H_

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/dice.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "google/protobuf/util/json_util.h"
#include "service/convert.h"

namespace impi::bench {

struct Loaded {
  std::string name;
  const Ruleset* rules = nullptr;
  BattleState state;
};

// The full rule sets' scenarios: first the JSON ones in the order of
// scenarios::AllScenarios() (0 tsatf, 1 isandlwana, 2 isandlwana_even,
// 3 empress, 4 isandlwana_ridge), then those a rule set builds itself
// (Ruleset::ScenarioNames), in the order the rule sets were registered
// (5 rorkes_drift, 6 isandlwana_tactical: Pagano's; 7 roarks_drift: "The
// Battle of Roark's Drift"). A new scenario is
// appended, so that an index measured before names the same battle.
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
    for (const Ruleset* rules : AllRulesets()) {
      if (rules->status() != "full") continue;
      for (const std::string& name : rules->ScenarioNames()) {
        absl::StatusOr<BattleState> state = rules->Scenario(name);
        if (state.ok()) out->push_back({name, rules, *std::move(state)});
      }
    }
    return out;
  }();
  return *all;
}

// How many indices the benchmarks that take a scenario register (those of
// Scenarios(); an index past the last one loaded is skipped).
inline constexpr int kScenarioCount = 8;

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

// The scenario of that name (Scenarios()), or nullptr after saying so on
// stderr for the tool named `tool`.
inline const Loaded* ScenarioNamed(const std::string& name, const char* tool) {
  for (const Loaded& l : Scenarios()) {
    if (l.name == name) return &l;
  }
  std::fprintf(stderr, "%s: no full rule set's scenario %s\n", tool, name.c_str());
  return nullptr;
}

// Both sides' RULES policies of a rule set (the doctrine, the scripted
// British), choosing for a Game with dice of their own from `seed`.
class RulesPlayers {
 public:
  RulesPlayers(const Ruleset& rules, uint64_t seed) : dice_(Dice::Seeded(seed, 77)) {
    PolicySpec spec;
    spec.kind = PolicyKind::kRules;
    for (Side s : {Side::kZulu, Side::kBritish}) {
      policies_[static_cast<int>(s)] = MakePolicy(std::string(rules.id()), s, spec);
    }
  }
  // The index in `legal` (the game's legal actions, not empty) of the
  // choice of the side to act: 0 where it has one action or no policy.
  size_t Choose(const Game& game, const std::vector<Action>& legal) {
    const int s = static_cast<int>(game.ToAct());
    Policy* p = s >= 0 && s < 3 ? policies_[s].get() : nullptr;
    if (legal.size() <= 1 || p == nullptr) return 0;
    const int i = p->Choose(game.state(), legal, dice_, nullptr);
    return i >= 0 && i < static_cast<int>(legal.size()) ? static_cast<size_t>(i) : 0;
  }

 private:
  std::unique_ptr<Policy> policies_[3];  // by Side
  Dice dice_;
};

}  // namespace impi::bench

#endif  // IMPI_BENCH_BENCH_SCENARIOS_H_
