// The search's cost (ai/mcts/mcts.h) on every full rule set's built-in
// scenario, at a decision 100 random decisions into seed 1's game (a third
// of the way into it if it is shorter than 200: `at_decision`):
//   BM_CloneAndStep/<i>       one copy of the game and one random decision:
//                             the baseline an iteration is measured against
//   BM_Search/<i>/<threads>   one search of 256 iterations, rollouts cut off
//                             after 40 decisions (as the MCTS policy plays);
//                             `iterations/s` is the throughput, threads 1
//                             and 2; RULES rollouts (the default)
//   BM_SearchTimed/<i>/<threads>  one search of 250 ms (no cap on
//                             iterations), as a call with a time budget
//                             runs: each thread searches until the time is
//                             up, so two threads are not held back by the
//                             slower one's share, as a budget of iterations
//                             (split evenly, for the same answer from the
//                             same seed) holds them
//   BM_SearchRandomRollouts/<i>  the same search, one thread, with random
//                             rollouts (Options::Rollout::kRandom): what the
//                             RULES policies cost the rollouts
//   BM_SearchDepth/<i>/<d>    BM_Search, one thread, with rollouts cut off
//                             after d decisions (0: none, the new node
//                             valued by Evaluate), on the two battles of at
//                             most 40 units
// <i> indexes the scenarios (bench_scenarios.h: 0 the patrol, 1-2 and 4
// Ferree's Isandlwana, 3 Empress's skirmish, 5-6 Pagano's Rorke's Drift and
// Isandlwana, 7 Roark's Drift; the label names it). Figures
// only: nothing is asserted.
#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include "ai/mcts/mcts.h"
#include "bench/bench_scenarios.h"
#include "engine/core/dice.h"
#include "engine/game/game.h"

namespace impi::bench {
namespace {

constexpr int kIterations = 256;
constexpr int kTimedMilliseconds = 250;  // BM_SearchTimed's budget
constexpr int kDecisions = 100;  // into the game, where the search starts

// The decisions seed 1's random game takes to its end (at most `cap`).
int RandomGameLength(const Loaded& sc, int cap) {
  absl::StatusOr<Game> g = Game::Start(*sc.rules, sc.state, 1);
  CounterRng pick(1, 11);
  int n = 0;
  while (n < cap) {
    const std::vector<Action> legal = g->LegalActions();
    if (legal.empty() || !g->Apply(legal[pick.Uniform(legal.size())]).ok() || g->IsOver()) break;
    ++n;
  }
  return n;
}

// The decisions into seed 1's random game where the search starts:
// kDecisions, or a third of the way into a game shorter than twice that (a skirmish ends in a few dozen decisions; a search near its end
// would measure an almost finished game).
int StartDecision(const Loaded& sc) {
  const int length = RandomGameLength(sc, 2 * kDecisions);
  return length >= 2 * kDecisions ? kDecisions : length / 3;
}

// StartDecision(sc) random decisions from seed 1.
Game Position(const Loaded& sc) {
  const int decisions = StartDecision(sc);
  absl::StatusOr<Game> g = Game::Start(*sc.rules, sc.state, 1);
  CounterRng pick(1, 11);
  for (int i = 0; i < decisions; ++i) {
    const std::vector<Action> legal = g->LegalActions();
    if (legal.empty()) break;
    Game next = *g;
    if (!next.Apply(legal[pick.Uniform(legal.size())]).ok() || next.IsOver()) break;
    *g = std::move(next);
  }
  return *g;
}

void BM_CloneAndStep(benchmark::State& state) {
  const Loaded* sc = ScenarioFor(state);
  if (sc == nullptr) return;
  const Game g = Position(*sc);
  const std::vector<Action> legal = g.LegalActions();
  if (legal.empty()) {
    state.SkipWithError("no decision to take");
    return;
  }
  size_t i = 0;
  for (auto _ : state) {
    Game copy = g;
    benchmark::DoNotOptimize(copy.Apply(legal[i++ % legal.size()]));
  }
}

void RunSearch(benchmark::State& state, mcts::Options::Rollout rollout, int threads,
               int milliseconds = 0, int rollout_depth = mcts::Options{}.rollout_depth) {
  const Loaded* sc = ScenarioFor(state);
  if (sc == nullptr) return;
  const Game g = Position(*sc);
  mcts::Options o;
  o.iterations = milliseconds > 0 ? 0 : kIterations;
  o.milliseconds = milliseconds;
  o.threads = threads;
  o.rollout = rollout;
  o.rollout_depth = rollout_depth;
  int64_t iterations = 0;
  int64_t nodes = 0;
  for (auto _ : state) {
    o.seed = static_cast<uint64_t>(iterations + 1);
    absl::StatusOr<mcts::Result> r = mcts::Search(*sc->rules, g.state(), o);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    iterations += r->iterations;
    nodes += r->nodes;
  }
  state.counters["iterations/s"] =
      benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
  state.counters["nodes"] = static_cast<double>(nodes) / state.iterations();
  state.counters["units"] = static_cast<double>(g.state().units.size());
  state.counters["at_decision"] = static_cast<double>(StartDecision(*sc));
  state.counters["rollout_depth"] = static_cast<double>(rollout_depth);
}

void BM_Search(benchmark::State& state) {
  RunSearch(state, mcts::Options::Rollout::kRules, static_cast<int>(state.range(1)));
}

void BM_SearchTimed(benchmark::State& state) {
  RunSearch(state, mcts::Options::Rollout::kRules, static_cast<int>(state.range(1)),
            kTimedMilliseconds);
}

void BM_SearchRandomRollouts(benchmark::State& state) {
  RunSearch(state, mcts::Options::Rollout::kRandom, 1);
}

void BM_SearchDepth(benchmark::State& state) {
  RunSearch(state, mcts::Options::Rollout::kRules, 1, 0, static_cast<int>(state.range(1)));
}

void EveryScenario(benchmark::internal::Benchmark* b) {
  for (int i = 0; i < kScenarioCount; ++i) b->Arg(i);
}

void EveryScenarioAndThreads(benchmark::internal::Benchmark* b) {
  for (int i = 0; i < kScenarioCount; ++i) {
    for (int threads : {1, 2}) b->Args({i, threads});
  }
}

BENCHMARK(BM_CloneAndStep)->Apply(EveryScenario)->Unit(benchmark::kMicrosecond);
// Real time: with two threads the CPU time of the calling thread alone says
// nothing.
BENCHMARK(BM_Search)->Apply(EveryScenarioAndThreads)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SearchTimed)->Apply(EveryScenarioAndThreads)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SearchRandomRollouts)->Apply(EveryScenario)->Unit(benchmark::kMillisecond)->UseRealTime();
// The rollouts' depth against the rate, on the battles of at most 40 units
// (Zulu Control's patrol, Empress's skirmish): 0 values the tree's new node
// by the rule set's Evaluate at once.
BENCHMARK(BM_SearchDepth)
    ->ArgsProduct({{0, 3}, {0, 5, 10, 20, 40}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace impi::bench
