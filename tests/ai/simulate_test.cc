// `impi simulate`: the statistics and the report; whole games once the rule
// set is there.
#include "clients/cli/simulate.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/game/ruleset.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::cli {
namespace {

TEST(SimulateTest, WilsonIntervalOfKnownCases) {
  // Wilson (1927) score interval, z = 1.96.
  Interval none = WilsonInterval(0, 10);
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
  Interval half = WilsonInterval(5, 10);
  EXPECT_NEAR(half.low, 0.2366, 1e-4);
  EXPECT_NEAR(half.high, 0.7634, 1e-4);
  Interval all = WilsonInterval(20, 20);
  EXPECT_NEAR(all.low, 0.8389, 1e-4);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
}

TEST(SimulateTest, RulesetNames) {
  EXPECT_EQ(*RulesetName("ferree"), "FERREE_ISANDLWANA");
  EXPECT_EQ(*RulesetName("FERREE_ISANDLWANA"), "FERREE_ISANDLWANA");
  EXPECT_EQ(*RulesetName("tsatf"), "TSATF_ZULU_CONTROL");
  EXPECT_FALSE(RulesetName("chess").ok());
}

TEST(SimulateTest, ReportCountsOutcomesLossesAndTheSituation) {
  SimulateOptions o;
  o.games = 4;
  o.seed = 10;
  std::vector<GameRecord> games(4);
  for (GameRecord& g : games) {
    g.british_start = 300;
    g.zulu_start = 2000;
    g.situation.rolled = true;
    g.situation.deployment = impi::ferree::Deployment::kHistorical;
    g.situation.reinforcement_arrival = 600;
    g.situation.discovery_time = 12 * 60;
  }
  games[0].winner = games[1].winner = games[2].winner = Side::kZulu;
  games[3].capped = true;
  games[0].turns = 10;
  games[1].turns = 20;
  games[2].turns = 30;
  games[3].turns = 60;
  games[0].british_lost = 100;
  games[3].zulu_lost = 400;
  games[1].situation.camp_laagered = true;
  games[1].situation.deployment = impi::ferree::Deployment::kAllFortified;
  games[2].situation.reinforcement_arrival = 11 * 60;
  games[3].situation.scouting = -1;
  games[3].situation.discovery_time = 9 * 60 + 30;
  games[0].victory = games[1].victory = impi::ferree::Victory::kZuluDecisive;
  games[2].victory = impi::ferree::Victory::kZuluClear;
  games[2].british_escaped = 40;
  games[0].british_out_of_ammunition = 2;
  const std::string r = FormatReport(o, "FERREE_ISANDLWANA", games, 0);
  EXPECT_NE(r.find("decisive Zulu victory                    2   50.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("clear Zulu victory                       1   25.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("none                                     1   25.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("Mean British figures escaped 10.0; companies low or out of ammunition at the "
                   "end 0.5"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("4 games (seeds 10..13)"), std::string::npos) << r;
  EXPECT_NE(r.find("Zulu win          3   75.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("British win       0    0.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("undecided         1   25.0%  (turn cap 60: 1;"), std::string::npos) << r;
  EXPECT_NE(r.find("Zulu win rate 0.750 of 4 games (95% Wilson interval 0.301-0.954)"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("Mean turns 30.0"), std::string::npos) << r;
  EXPECT_NE(r.find("British 25.0 of 300, Zulu 100.0 of 2000"), std::string::npos) << r;
  EXPECT_NE(r.find("A camp laagered                          1   25.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("C Durnford late                          1   25.0%  (after 10:00am)"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("D deployment all fortified"), std::string::npos) << r;
  EXPECT_NE(r.find("E scouting slow and cautious (-1)"), std::string::npos) << r;
  EXPECT_NE(r.find("F Zulus found 9:00am-9:59am"), std::string::npos) << r;
  EXPECT_NE(r.find("F Zulus found 12:00pm-12:59pm"), std::string::npos) << r;
}

TEST(SimulateTest, BadOptionsExitOne) {
  std::ostringstream out, err;
  SimulateOptions o;
  o.ruleset = "chess";
  EXPECT_EQ(SimulateCommand(o, out, err), 1);
  EXPECT_NE(err.str().find("not a rule set"), std::string::npos);
  o = SimulateOptions{};
  o.zulu = "random";
  std::ostringstream err2;
  EXPECT_EQ(SimulateCommand(o, out, err2), 1);
  EXPECT_NE(err2.str().find("--zulu"), std::string::npos);
}

// Whole games: the same seeds give the same report with any --threads.
TEST(SimulateTest, SameSeedsSameReportWithAnyThreads) {
  SimulateOptions o;
  o.games = 3;
  o.seed = 7;
  o.turn_cap = 8;
  std::ostringstream one, one_err, three, three_err;
  ASSERT_EQ(SimulateCommand(o, one, one_err), 0) << one_err.str();
  o.threads = 3;
  ASSERT_EQ(SimulateCommand(o, three, three_err), 0) << three_err.str();
  EXPECT_EQ(one.str(), three.str());
  EXPECT_NE(one.str().find("3 games (seeds 7..9)"), std::string::npos) << one.str();
}

// An MCTS Zulu side with a small budget plays whole games, the same with
// any --threads.
TEST(SimulateTest, AnMctsSideWithItsIterations) {
  SimulateOptions o;
  o.games = 2;
  o.seed = 5;
  o.turn_cap = 2;
  o.zulu = "mcts";
  o.iterations = 2;
  std::ostringstream one, one_err, two, two_err;
  ASSERT_EQ(SimulateCommand(o, one, one_err), 0) << one_err.str();
  o.threads = 2;
  ASSERT_EQ(SimulateCommand(o, two, two_err), 0) << two_err.str();
  EXPECT_EQ(one.str(), two.str());
  EXPECT_NE(one.str().find("2 games (seeds 5..6)"), std::string::npos) << one.str();
}

TEST(SimulateTest, LaagerForcesSituationA) {
  SimulateOptions o;
  o.games = 2;
  o.seed = 3;
  o.turn_cap = 2;
  o.laager = true;
  std::ostringstream out, err;
  ASSERT_EQ(SimulateCommand(o, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("A camp laagered                          2  100.0%"), std::string::npos)
      << out.str();
  // The defensive camp's deployment roll (1.D.2) never gives "historical".
  EXPECT_EQ(out.str().find("D deployment historical"), std::string::npos) << out.str();
}

// How the British lose: the counters' means and each lost game's main
// cause (LossCause) in the report.
TEST(SimulateTest, ReportTellsHowTheBritishLose) {
  SimulateOptions o;
  o.games = 4;
  o.seed = 1;
  std::vector<GameRecord> games(4);
  for (GameRecord& g : games) g.british_start = 144;
  games[0].winner = games[1].winner = games[2].winner = Side::kZulu;
  games[3].winner = Side::kBritish;
  games[0].british_lost_to_fire = 4;
  games[0].british_lost_in_close_combat = 100;
  games[0].british_lost_in_close_combat_short = 60;
  games[0].loss_cause = LossCause::kAmmunition;
  games[1].british_lost_in_close_combat = 40;
  games[1].loss_cause = LossCause::kCloseCombat;
  games[2].british_routs = 4;
  games[2].british_retires = 8;
  games[2].british_routed_off = 80;
  games[2].british_escaped = 80;
  games[2].loss_cause = LossCause::kResolve;
  games[3].british_out_of_ammunition_out = 4;
  games[3].british_out_of_ammunition = 6;
  const std::string r = FormatReport(o, "FERREE_ISANDLWANA", games, 0);
  EXPECT_NE(r.find("British figures lost to Zulu fire 1.0, in close combat 35.0 (15.0 of them by "
                   "units low or out of ammunition)"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("company resolve tests failed: ROUT 1.0, RETIRE 2.0; figures routed off the "
                   "table 20.0, escaped in all 20.0"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("companies out of ammunition at the end 1.0 (low or out 1.5)"), std::string::npos)
      << r;
  EXPECT_NE(r.find("main cause of each British defeat (3 Zulu wins)"), std::string::npos) << r;
  EXPECT_NE(r.find("close combat, short of ammunition      1   33.3% of the Zulu wins"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("resolve (routed off the table)         1   33.3%"), std::string::npos) << r;
}

// Whole games: every British figure lost is lost to Zulu fire or in close
// combat (the engine's two ways, 001 "Zulu Sniper Fire" and "D. Close
// Combat"); figures routed off the table are among the escaped; every Zulu
// win has a main cause and no other game has one.
TEST(SimulateTest, BritishLossesAddUpInWholeGames) {
  const BattleState start = LoadScenario("isandlwana");
  const Ruleset* rules = FindRuleset(start.ruleset);
  ASSERT_NE(rules, nullptr);
  SimulateOptions o;
  int zulu_wins = 0, close_combat = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    absl::StatusOr<GameRecord> g = PlayGame(*rules, start, seed, o);
    ASSERT_TRUE(g.ok()) << g.status();
    EXPECT_EQ(g->british_lost_to_fire + g->british_lost_in_close_combat, g->british_lost)
        << "seed " << seed;
    EXPECT_LE(g->british_lost_in_close_combat_short, g->british_lost_in_close_combat);
    EXPECT_LE(g->british_routed_off, g->british_escaped) << "seed " << seed;
    EXPECT_EQ(g->winner == Side::kZulu, g->loss_cause != LossCause::kNone) << "seed " << seed;
    zulu_wins += g->winner == Side::kZulu ? 1 : 0;
    close_combat += g->british_lost_in_close_combat;
  }
  EXPECT_GT(zulu_wins, 0);
  EXPECT_GT(close_combat, 0);
}

}  // namespace
}  // namespace impi::cli
