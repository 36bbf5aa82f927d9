// The game interface's cost (engine/game/game.h) against driving a rule
// set directly, for every full rule set's built-in scenario:
//   BM_DirectRandomPlayout/<i>  the rule set's Apply and Run on one state,
//                               one Dice a step, both sides uniformly random
//                               (the baseline)
//   BM_GameRandomPlayout/<i>    the same game through Game: the same seed
//                               and choices give the same moves; Game works
//                               on a copy each step (all or nothing)
//   BM_GameCopy/<i>             one copy of a Game half-way through
//   BM_InformationSetKey/<i>    the British information-set key of that state
//   BM_RulesBattle/<i>          one whole battle as `impi simulate` plays it
//                               (arena::PlayMatch): the RULES Zulu against
//                               the scripted British, seed 1 + iteration,
//                               turn cap 60 (the whole battle's cost)
//   BM_GameRulesBattle/<i>      the same policies through Game, both sides
//                               choosing at every decision with a choice:
//                               the decisions each side takes a battle
//                               (what a search on that side is asked)
// <i> indexes the scenarios as bench/bench_scenarios.h lists them (the JSON
// ones, then those a rule set builds: 5 and 6 are Pagano's; the benchmark's
// label names it). Games stop at turn 100. Figures only: nothing
// is asserted.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "ai/arena/match.h"
#include "engine/core/dice.h"
#include "engine/game/game.h"
#include "engine/game/ruleset.h"
#include "bench/bench_scenarios.h"

namespace impi {
namespace {

constexpr int kTurnCap = 100;

using bench::kScenarioCount;
using bench::Loaded;
using bench::RulesPlayers;
using bench::ScenarioFor;

// Both sides uniformly random, driving the rule set directly.
int DirectPlayout(const Ruleset& rules, BattleState s, uint64_t seed) {
  CounterRng pick(seed, 11);
  EventLog log;
  {
    Dice dice = Dice::Seeded(seed, 0);
    if (!rules.Run(s, dice, log).ok()) return 0;
  }
  int steps = 0;
  while (s.clock.turn <= kTurnCap) {
    const Awaiting a = rules.Awaits(s);
    if (a.kind == AwaitKind::kGameOver) break;
    const std::vector<Action> legal = rules.LegalActions(s, a.side);
    if (legal.empty()) break;
    ++steps;
    Dice dice = Dice::Seeded(seed, static_cast<uint64_t>(steps));
    log.mutable_events().clear();
    if (!rules.Apply(s, a.side, legal[pick.Uniform(legal.size())], dice, log, "action", "").ok() ||
        !rules.Run(s, dice, log).ok()) {
      break;
    }
  }
  return steps;
}

int GamePlayout(const Ruleset& rules, const BattleState& start, uint64_t seed) {
  CounterRng pick(seed, 11);
  absl::StatusOr<Game> g = Game::Start(rules, start, seed);
  if (!g.ok()) return 0;
  while (!g->IsOver() && g->state().clock.turn <= kTurnCap) {
    const std::vector<Action> legal = g->LegalActions();
    if (legal.empty() || !g->Apply(legal[pick.Uniform(legal.size())]).ok()) break;
  }
  return g->steps();
}

void BM_DirectRandomPlayout(benchmark::State& state) {
  const Loaded* found = ScenarioFor(state);
  if (found == nullptr) return;
  const Loaded& sc = *found;
  uint64_t seed = 1;
  int64_t steps = 0;
  for (auto _ : state) steps += DirectPlayout(*sc.rules, sc.state, seed++ % 16 + 1);
  state.counters["steps"] = benchmark::Counter(static_cast<double>(steps) / state.iterations());
}

void BM_GameRandomPlayout(benchmark::State& state) {
  const Loaded* found = ScenarioFor(state);
  if (found == nullptr) return;
  const Loaded& sc = *found;
  uint64_t seed = 1;
  int64_t steps = 0;
  for (auto _ : state) steps += GamePlayout(*sc.rules, sc.state, seed++ % 16 + 1);
  state.counters["steps"] = benchmark::Counter(static_cast<double>(steps) / state.iterations());
}

// A game half-way: 300 random decisions from seed 1.
Game HalfWay(const Loaded& sc) {
  absl::StatusOr<Game> g = Game::Start(*sc.rules, sc.state, 1);
  CounterRng pick(1, 11);
  for (int i = 0; i < 300 && !g->IsOver(); ++i) {
    const std::vector<Action> legal = g->LegalActions();
    if (legal.empty() || !g->Apply(legal[pick.Uniform(legal.size())]).ok()) break;
  }
  return *g;
}

void BM_GameCopy(benchmark::State& state) {
  const Loaded* found = ScenarioFor(state);
  if (found == nullptr) return;
  const Loaded& sc = *found;
  const Game g = HalfWay(sc);
  for (auto _ : state) {
    Game copy = g;
    benchmark::DoNotOptimize(copy);
  }
  state.counters["units"] = static_cast<double>(g.state().units.size());
}

void BM_InformationSetKey(benchmark::State& state) {
  const Loaded* found = ScenarioFor(state);
  if (found == nullptr) return;
  const Loaded& sc = *found;
  const Game g = HalfWay(sc);
  for (auto _ : state) benchmark::DoNotOptimize(g.InformationSetKey(Side::kBritish));
}

void BM_RulesBattle(benchmark::State& state) {
  const Loaded* found = ScenarioFor(state);
  if (found == nullptr) return;
  const Loaded& sc = *found;
  const arena::MatchOptions options;  // RULES against RULES, turn cap 60
  uint64_t seed = 1;
  double turns = 0, steps = 0, zulu_wins = 0, british_lost = 0, zulu_lost = 0;
  for (auto _ : state) {
    absl::StatusOr<arena::MatchRecord> g = arena::PlayMatch(*sc.rules, sc.state, seed++, options);
    if (!g.ok()) {
      state.SkipWithError(std::string(g.status().message()).c_str());
      return;
    }
    turns += g->turns;
    steps += g->steps;
    zulu_wins += g->winner == Side::kZulu ? 1 : 0;
    british_lost += g->report.british.lost;
    zulu_lost += g->report.zulu.lost;
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["turns"] = turns / n;
  state.counters["steps"] = steps / n;
  state.counters["zulu_win"] = zulu_wins / n;
  state.counters["british_lost"] = british_lost / n;
  state.counters["zulu_lost"] = zulu_lost / n;
}

void BM_GameRulesBattle(benchmark::State& state) {
  const Loaded* found = ScenarioFor(state);
  if (found == nullptr) return;
  const Loaded& sc = *found;
  uint64_t seed = 1;
  double decisions[2] = {0, 0};  // with a choice, Zulu and British
  for (auto _ : state) {
    absl::StatusOr<Game> g = Game::Start(*sc.rules, sc.state, seed);
    if (!g.ok()) {
      state.SkipWithError(std::string(g.status().message()).c_str());
      return;
    }
    RulesPlayers players(*sc.rules, seed++);
    while (!g->IsOver() && g->state().clock.turn <= 60) {
      const std::vector<Action> legal = g->LegalActions();
      if (legal.empty()) break;
      const Side side = g->ToAct();
      if (legal.size() > 1 && (side == Side::kZulu || side == Side::kBritish)) {
        ++decisions[side == Side::kZulu ? 0 : 1];
      }
      if (!g->Apply(legal[players.Choose(*g, legal)]).ok()) break;
    }
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["zulu_decisions"] = decisions[0] / n;
  state.counters["british_decisions"] = decisions[1] / n;
}

// The scenarios are loaded after registration (bench_main.cc registers the
// rule sets before running); an index past the last one is skipped.
void EveryScenario(benchmark::internal::Benchmark* b) {
  for (int i = 0; i < kScenarioCount; ++i) b->Arg(i);
}

BENCHMARK(BM_DirectRandomPlayout)->Apply(EveryScenario)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_GameRandomPlayout)->Apply(EveryScenario)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_GameCopy)->Apply(EveryScenario)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_InformationSetKey)->Apply(EveryScenario)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RulesBattle)->Apply(EveryScenario)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_GameRulesBattle)->Apply(EveryScenario)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace
}  // namespace impi
