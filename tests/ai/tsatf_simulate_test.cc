// `impi simulate --ruleset tsatf --scenario patrol`: whole Zulu Control games
// with the scripted patrol (ai/british/tsatf_patrol.h) and the engine
// resolving the British side, to the patrol's outcome (victory.h).
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "clients/cli/request_io.h"
#include "clients/cli/simulate.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/victory.h"
#include "gtest/gtest.h"
#include "service/convert.h"

namespace impi::cli {
namespace {

SimulateOptions Patrol(int games, uint64_t seed) {
  SimulateOptions o;
  o.ruleset = "tsatf";
  o.scenario = "patrol";
  o.games = games;
  o.seed = seed;
  return o;
}

int Count(const std::string& report, const std::string& label) {
  const size_t at = report.find(label);
  if (at == std::string::npos) return -1;
  return std::stoi(report.substr(at + label.size()));
}

// The same seeds give the same bytes with any thread count.
TEST(TsatfSimulateTest, SameSeedsSameReportWithAnyThreads) {
  SimulateOptions o = Patrol(6, 11);
  std::ostringstream one, one_err, three, three_err;
  ASSERT_EQ(SimulateCommand(o, one, one_err), 0) << one_err.str();
  o.threads = 3;
  ASSERT_EQ(SimulateCommand(o, three, three_err), 0) << three_err.str();
  EXPECT_EQ(one.str(), three.str());
  EXPECT_NE(one.str().find("TSATF_ZULU_CONTROL, scenario patrol, 6 games (seeds 11..16)"),
            std::string::npos)
      << one.str();
  EXPECT_NE(one.str().find("Patrol (Zulu Control, designed task)"), std::string::npos) << one.str();
  // Another seed plays other games.
  std::ostringstream other, other_err;
  ASSERT_EQ(SimulateCommand(Patrol(6, 12), other, other_err), 0) << other_err.str();
  EXPECT_NE(other.str(), one.str());
}

// Every game ends with an outcome (the turn limit of 12 ends the rest), and
// the outcome rows add up to the games played.
TEST(TsatfSimulateTest, EveryGameEndsWithAnOutcome) {
  std::ostringstream out, err;
  ASSERT_EQ(SimulateCommand(Patrol(10, 1), out, err), 0) << err.str();
  const std::string r = out.str();
  const int zulu = Count(r, "Zulu win ");
  const int british = Count(r, "British win ");
  int draw = Count(r, "draw ");
  if (draw < 0) draw = 0;
  EXPECT_GE(zulu, 0) << r;
  EXPECT_GE(british, 0) << r;
  EXPECT_EQ(zulu + british + draw, 10) << r;
  EXPECT_EQ(Count(r, "undecided "), 0) << r;
}

// One game by hand: the game the simulator plays ends by the turn limit
// with the outcome Score reports.
TEST(TsatfSimulateTest, AGameEndsByTheTurnLimitWithItsOutcome) {
  absl::StatusOr<v1::TableState> table = LoadScenario("tsatf_patrol");
  ASSERT_TRUE(table.ok());
  absl::StatusOr<BattleState> start = service::StateFromProto(*table);
  ASSERT_TRUE(start.ok()) << start.status();
  EXPECT_TRUE(tsatf::HasPatrolTask(*start));
  EXPECT_EQ(tsatf::TurnLimit(*start), 12);
  EXPECT_FALSE(tsatf::ResolvesBritish(*start));  // a real table types its results in
  start->parameters.push_back({tsatf::kResolveBritishParam, 1});
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    absl::StatusOr<GameRecord> g = PlayGame(rules, *start, seed, Patrol(1, seed));
    ASSERT_TRUE(g.ok()) << g.status();
    EXPECT_LE(g->turns, 12) << seed;
    EXPECT_FALSE(g->capped) << seed;
    EXPECT_FALSE(g->ending.empty()) << seed;
    EXPECT_EQ(g->draw, g->winner == Side::kUnspecified) << seed;
  }
}

}  // namespace
}  // namespace impi::cli
