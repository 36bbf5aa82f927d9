// bench/fit_evaluation.cc: fits the weights of a rule set's Evaluate (the
// search's value of a battle cut off before its end) to the results of
// played battles, and says how well each estimate foretells them.
//
//   fit_evaluation --scenario=isandlwana_even [--games=2000] [--seed=1]
//                  [--every=20] [--turn_cap=60] [--threads=2]
//
// Plays `games` battles of the built-in scenario, each side by its RULES
// policy (the doctrine, the scripted British), seeds seed .. seed+games-1,
// and takes a sample every `every` decisions: the rule set's
// EvaluationFeatures and its Evaluate then, and the battle's end (its
// Score for the Zulu side, 0 for a battle still going at turn_cap).
// Battles of even index fit, of odd index test. Printed, for the test
// battles: the mean squared error in foretelling the end of (1) the mean
// end, (2) the rule set's Evaluate scaled by least squares, (3) the
// least-squares fit of the features (with the weights, as C++ to paste into
// the rule set); overall and by the part of the battle (turns). Figures
// only: nothing is asserted. Not a benchmark: `./dev bench` skips it.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <Eigen/Dense>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "bench/bench_scenarios.h"
#include "root/register.h"

ABSL_FLAG(std::string, scenario, "isandlwana_even", "a built-in scenario of a full rule set");
ABSL_FLAG(int, games, 2000, "battles to play");
ABSL_FLAG(uint64_t, seed, 1, "the first battle's seed");
ABSL_FLAG(int, every, 20, "decisions between two samples");
ABSL_FLAG(int, turn_cap, 60, "a battle still going after this turn is undecided (0)");
ABSL_FLAG(int, threads, 2, "threads playing battles");

namespace impi::bench {
namespace {

struct Sample {
  std::vector<double> features;
  double evaluate = 0.0;  // the rule set's Evaluate for the Zulu side
  int turn = 0;
};

struct Battle {
  std::vector<Sample> samples;
  double end = 0.0;  // the Zulu side's Score at the end
};

Battle Play(const Loaded& sc, uint64_t seed, int every, int turn_cap) {
  Battle b;
  absl::StatusOr<Game> g = Game::Start(*sc.rules, sc.state, seed);
  if (!g.ok()) return b;
  RulesPlayers players(*sc.rules, seed);
  for (int step = 0; !g->IsOver() && g->state().clock.turn <= turn_cap; ++step) {
    if (step % every == 0) {
      Sample s;
      if (!sc.rules->EvaluationFeatures(g->state(), &s.features, nullptr)) return b;
      s.evaluate = sc.rules->Evaluate(g->state(), Side::kZulu);
      s.turn = g->state().clock.turn;
      b.samples.push_back(std::move(s));
    }
    const std::vector<Action> legal = g->LegalActions();
    if (legal.empty()) break;
    if (!g->ApplyLegal(legal, players.Choose(*g, legal)).ok()) break;
  }
  b.end = g->IsOver() ? g->Returns(Side::kZulu) : 0.0;
  return b;
}

// Least squares of y on the columns of x (and a constant, the last weight),
// with a little ridge so that a feature that never varies does no harm.
Eigen::VectorXd Fit(const std::vector<std::vector<double>>& x, const std::vector<double>& y) {
  const int k = x.empty() ? 0 : static_cast<int>(x[0].size());
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(k + 1, k + 1);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(k + 1);
  Eigen::VectorXd row(k + 1);
  for (size_t n = 0; n < x.size(); ++n) {
    for (int j = 0; j < k; ++j) row(j) = x[n][j];
    row(k) = 1.0;
    a += row * row.transpose();
    rhs += y[n] * row;
  }
  a += 1e-6 * static_cast<double>(x.size()) * Eigen::MatrixXd::Identity(k + 1, k + 1);
  return a.ldlt().solve(rhs);
}

double Predict(const Eigen::VectorXd& w, const std::vector<double>& f) {
  double v = w(static_cast<int>(f.size()));
  for (size_t j = 0; j < f.size(); ++j) v += w(static_cast<int>(j)) * f[j];
  return std::clamp(v, -1.0, 1.0);
}

int Main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  RegisterEverything();
  const std::string name = absl::GetFlag(FLAGS_scenario);
  const Loaded* sc = ScenarioNamed(name, "fit_evaluation");
  if (sc == nullptr) return 2;
  std::vector<std::string> names;
  if (!sc->rules->EvaluationFeatures(sc->state, nullptr, &names)) {
    std::fprintf(stderr, "fit_evaluation: %s's Evaluate weighs no features\n",
                 std::string(sc->rules->id()).c_str());
    return 2;
  }
  const int games = std::max(2, absl::GetFlag(FLAGS_games));
  const int every = std::max(1, absl::GetFlag(FLAGS_every));
  const int cap = absl::GetFlag(FLAGS_turn_cap);
  const int threads = std::max(1, absl::GetFlag(FLAGS_threads));
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  std::vector<Battle> battles(static_cast<size_t>(games));
  {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        for (int i = t; i < games; i += threads) battles[i] = Play(*sc, seed + i, every, cap);
      });
    }
    for (std::thread& th : pool) th.join();
  }
  // Fit on the even battles.
  std::vector<std::vector<double>> fx, ex;
  std::vector<double> fy;
  double wins = 0, ended = 0;
  for (int i = 0; i < games; ++i) {
    wins += battles[i].end > 0 ? 1 : 0;
    ended += battles[i].end != 0 ? 1 : 0;
    if (i % 2 != 0) continue;
    for (const Sample& s : battles[i].samples) {
      fx.push_back(s.features);
      ex.push_back({s.evaluate});
      fy.push_back(battles[i].end);
    }
  }
  double mean = 0;
  for (double y : fy) mean += y;
  mean /= std::max<size_t>(1, fy.size());
  const Eigen::VectorXd w = Fit(fx, fy);
  const Eigen::VectorXd we = Fit(ex, fy);
  // Test on the odd ones, overall and by the part of the battle.
  constexpr int kParts = 4;
  const int edges[kParts + 1] = {0, 6, 12, 24, 1 << 30};
  double se[3][kParts + 1] = {};
  int n[kParts + 1] = {};
  for (int i = 1; i < games; i += 2) {
    for (const Sample& s : battles[i].samples) {
      const double y = battles[i].end;
      const double p[3] = {mean, Predict(we, {s.evaluate}), Predict(w, s.features)};
      int part = 0;
      while (part + 1 < kParts && s.turn >= edges[part + 1]) ++part;
      for (int m = 0; m < 3; ++m) {
        se[m][part] += (p[m] - y) * (p[m] - y);
        se[m][kParts] += (p[m] - y) * (p[m] - y);
      }
      ++n[part];
      ++n[kParts];
    }
  }
  std::printf("%s: %d battles (seeds %llu-%llu), Zulu wins %.0f, decided %.0f; %zu samples fit, %d test\n",
              name.c_str(), games, static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(seed + games - 1), wins, ended, fy.size(), n[kParts]);
  std::printf("mean squared error of the end foretold, test battles:\n");
  std::printf("%-22s %10s", "estimate", "all");
  for (int part = 0; part < kParts; ++part) {
    std::printf("  turns %2d-%-3s", edges[part],
                part + 1 < kParts ? std::to_string(edges[part + 1] - 1).c_str() : "");
  }
  std::printf("\n");
  const char* label[3] = {"the mean end", "Evaluate, scaled", "the features, fitted"};
  for (int m = 0; m < 3; ++m) {
    std::printf("%-22s %10.4f", label[m], se[m][kParts] / std::max(1, n[kParts]));
    for (int part = 0; part < kParts; ++part) {
      std::printf("  %12.4f", n[part] > 0 ? se[m][part] / n[part] : 0.0);
    }
    std::printf("\n");
  }
  std::printf("samples by part:%8d", n[kParts]);
  for (int part = 0; part < kParts; ++part) std::printf("  %12d", n[part]);
  std::printf("\nEvaluate scaled: %.4f * Evaluate %+.4f\n", we(0), we(1));
  std::printf("weights (the constant last):\n");
  for (size_t j = 0; j < names.size(); ++j) {
    std::printf("  %-30s %+.4f\n", names[j].c_str(), w(static_cast<int>(j)));
  }
  std::printf("  %-30s %+.4f\n", "constant", w(static_cast<int>(names.size())));
  std::printf("{");
  for (int j = 0; j <= static_cast<int>(names.size()); ++j) std::printf("%s%.4f", j ? ", " : "", w(j));
  std::printf("}\n");
  return 0;
}

}  // namespace
}  // namespace impi::bench

int main(int argc, char** argv) { return impi::bench::Main(argc, argv); }
