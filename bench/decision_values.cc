// bench/decision_values.cc: what the actions of one decision are worth, as
// the search's paired root measures them (ai/mcts/mcts.h), and how far the
// common dice of a round tie two actions' values together.
//
//   decision_values --scenario=isandlwana_even [--seed=1] [--side=zulu]
//                   [--prompt=TEXT] [--skip=0] [--iterations=800]
//                   [--depth=0] [--epsilon=0] [--threads=2] [--width=16]
//                   [--weights=w1,...,wk,c] [--win]
//                   [--turn_cap=60]
//
// Plays the scenario's battle from `seed`, each side by its RULES policy, to
// the (skip+1)-th decision of `side` with more than one action whose prompt
// (Ruleset::Awaits) contains `prompt`, then searches it with the paired root:
// each round plays every action (at most `width`, the RULES choice first)
// on one resampled world with one round's dice, below them both sides by
// their RULES policies (a random action with probability `epsilon`), to the
// end (depth 0: at most 100,000 decisions) or `depth` decisions, valued by
// the rule set's Score at the end, else by its Evaluate (or by `weights` of
// its EvaluationFeatures, the constant last). Printed for each action: its mean value and spread, and its
// value less the RULES choice's, round by round (mean, spread, standard
// error). Two actions' values are independent when the spread of their
// difference is about the square root of two times their own. Figures
// only: nothing is asserted (docs/strength.md). Not a benchmark.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "ai/mcts/mcts.h"
#include "bench/bench_scenarios.h"
#include "root/register.h"

ABSL_FLAG(std::string, scenario, "isandlwana_even", "a built-in scenario of a full rule set");
ABSL_FLAG(uint64_t, seed, 1, "the battle's seed (and the search's)");
ABSL_FLAG(std::string, side, "zulu", "whose decision: zulu or british");
ABSL_FLAG(std::string, prompt, "", "only decisions whose prompt contains this");
ABSL_FLAG(int, skip, 0, "such decisions to let the RULES policy make first");
ABSL_FLAG(int, iterations, 800, "worlds played (rounds times actions)");
ABSL_FLAG(int, depth, 0, "decisions played below the root's action (0: to the end)");
ABSL_FLAG(double, epsilon, 0.0, "the chance of a random action in the rollouts");
ABSL_FLAG(int, threads, 2, "search threads");
ABSL_FLAG(int, turn_cap, 60, "a world still going after this turn is undecided (0: no cap)");
ABSL_FLAG(bool, win, false, "value a world played to the end by who won (the sign of Score)");
ABSL_FLAG(int, width, 16, "actions weighed, the RULES choice first");
ABSL_FLAG(std::vector<std::string>, weights, {},
          "value a cut-off world by these weights of the rule set's EvaluationFeatures, "
          "the constant last (as fit_evaluation prints them), not by its Evaluate");

namespace impi::bench {
namespace {

int Main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  RegisterEverything();
  const std::string name = absl::GetFlag(FLAGS_scenario);
  const Loaded* sc = ScenarioNamed(name, "decision_values");
  if (sc == nullptr) return 2;
  const Side side = absl::GetFlag(FLAGS_side) == "british" ? Side::kBritish : Side::kZulu;
  const std::string prompt = absl::GetFlag(FLAGS_prompt);
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  absl::StatusOr<Game> g = Game::Start(*sc->rules, sc->state, seed);
  if (!g.ok()) {
    std::fprintf(stderr, "decision_values: %s\n", std::string(g.status().message()).c_str());
    return 2;
  }
  RulesPlayers players(*sc->rules, seed);
  int seen = 0;
  bool found = false;
  while (!g->IsOver()) {
    const std::vector<Action> legal = g->LegalActions();
    if (legal.empty()) break;
    const Side s = g->ToAct();
    if (legal.size() > 1 && s == side &&
        sc->rules->Awaits(g->state()).prompt.find(prompt) != std::string::npos &&
        seen++ == absl::GetFlag(FLAGS_skip)) {
      found = true;
      break;
    }
    if (!g->ApplyLegal(legal, players.Choose(*g, legal)).ok()) break;
  }
  if (!found) {
    std::fprintf(stderr, "decision_values: the battle ended after %d such decisions\n", seen);
    return 1;
  }
  std::printf("seed %llu, turn %d: %s\n", static_cast<unsigned long long>(seed),
              g->state().clock.turn, sc->rules->Awaits(g->state()).prompt.c_str());
  mcts::Options o;
  o.iterations = absl::GetFlag(FLAGS_iterations);
  o.paired_root = true;
  o.paired_width = absl::GetFlag(FLAGS_width);
  // "To the end": a battle no side can finish (no turn cap here) is cut
  // off after kWholeBattle decisions, valued by Evaluate.
  constexpr int kWholeBattle = 100000;
  o.rollout_depth = absl::GetFlag(FLAGS_depth) > 0 ? absl::GetFlag(FLAGS_depth) : kWholeBattle;
  o.rollout_epsilon = absl::GetFlag(FLAGS_epsilon);
  o.threads = absl::GetFlag(FLAGS_threads);
  o.value_by_winner = absl::GetFlag(FLAGS_win);
  o.turn_cap = absl::GetFlag(FLAGS_turn_cap);
  o.seed = seed;
  std::vector<double> weights;
  for (const std::string& w : absl::GetFlag(FLAGS_weights)) weights.push_back(std::atof(w.c_str()));
  if (!weights.empty()) {
    const Ruleset& rules = *sc->rules;
    std::vector<double> f;
    if (!rules.EvaluationFeatures(g->state(), &f, nullptr) || f.size() + 1 != weights.size()) {
      std::fprintf(stderr, "decision_values: --weights needs %zu numbers\n", f.size() + 1);
      return 2;
    }
    o.evaluate = [&rules, &weights](const BattleState& s, Side side) {
      std::vector<double> x;
      rules.EvaluationFeatures(s, &x, nullptr);
      double zulu = weights.back();
      for (size_t i = 0; i < x.size() && i + 1 < weights.size(); ++i) zulu += weights[i] * x[i];
      zulu = std::clamp(zulu, -1.0, 1.0);
      return side == Side::kBritish ? -zulu : zulu;
    };
  }
  absl::StatusOr<mcts::Result> r = mcts::Search(*sc->rules, g->state(), o);
  if (!r.ok()) {
    std::fprintf(stderr, "decision_values: %s\n", std::string(r.status().message()).c_str());
    return 1;
  }
  std::printf("%d rounds, %lld worlds in %.1f s; the RULES choice is action %d\n", r->rounds,
              static_cast<long long>(r->iterations), r->milliseconds / 1000, r->rules);
  std::printf("%3s %-44s %6s %8s %7s %9s %7s %7s\n", "", "action", "worlds", "mean", "spread",
              "less RULES", "spread", "se");
  for (size_t i = 0; i < r->candidates.size(); ++i) {
    const mcts::Candidate& c = r->candidates[i];
    if (c.visits == 0) continue;
    std::printf("%3zu %-44s %6d %+8.3f %7.3f", i, mcts::ActionText(c.action).substr(0, 44).c_str(),
                c.visits, c.mean, c.spread);
    if (c.paired_rounds > 1) {
      std::printf(" %+9.3f %7.3f %7.3f", c.paired_mean, c.paired_spread,
                  c.paired_spread / std::sqrt(static_cast<double>(c.paired_rounds)));
    }
    std::printf("\n");
  }
  return 0;
}

}  // namespace
}  // namespace impi::bench

int main(int argc, char** argv) { return impi::bench::Main(argc, argv); }
