// `impi simulate`: the statistics and the report; whole games once the rule
// set is there.
#include "clients/cli/simulate.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "ai/arena/arena.h"
#include "engine/game/report.h"
#include "engine/game/ruleset.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::cli {
namespace {

// The count and share of a report row "  LABEL   K  P%", or -1 if absent.
int RowCount(const std::string& report, const std::string& label) {
  const size_t at = report.find("\n  " + label + " ");
  if (at == std::string::npos) return -1;
  return std::stoi(report.substr(at + 3 + label.size()));
}

// A game's figure on a line of its report (-1 if absent).
double LineValue(const GameReport& r, const std::string& label) {
  for (const ReportLine& line : r.lines) {
    if (line.label == label) return line.value;
  }
  return -1;
}

TEST(SimulateTest, WilsonIntervalOfKnownCases) {
  // Wilson (1927) score interval, z = 1.96.
  arena::Interval none = arena::Wilson(0.0, 10);
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
  arena::Interval half = arena::Wilson(0.5, 10);
  EXPECT_NEAR(half.low, 0.2366, 1e-4);
  EXPECT_NEAR(half.high, 0.7634, 1e-4);
  arena::Interval all = arena::Wilson(1.0, 20);
  EXPECT_NEAR(all.low, 0.8389, 1e-4);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
}

TEST(SimulateTest, RulesetNames) {
  EXPECT_EQ((*RulesetNamed("ferree", "--ruleset"))->id(), "FERREE_ISANDLWANA");
  EXPECT_EQ((*RulesetNamed("FERREE_ISANDLWANA", "--ruleset"))->id(), "FERREE_ISANDLWANA");
  EXPECT_EQ((*RulesetNamed("tsatf", "--ruleset"))->id(), "TSATF_ZULU_CONTROL");
  const absl::StatusOr<const Ruleset*> chess = RulesetNamed("chess", "--ruleset");
  ASSERT_FALSE(chess.ok());
  EXPECT_NE(chess.status().message().find("--ruleset: 'chess' is not a rule set (tsatf, ferree, empress"),
            std::string::npos)
      << chess.status();
}

// The report: the outcomes, the figures, and the rule set's own lines
// gathered by section (counts with their shares, among all games or one
// side's wins; means), whatever the rule set.
TEST(SimulateTest, ReportCountsOutcomesFiguresAndTheRuleSetsLines) {
  SimulateOptions o;
  o.games = 4;
  o.seed = 10;
  std::vector<arena::MatchRecord> games(4);
  for (arena::MatchRecord& g : games) {
    g.report.british.start = 300;
    g.report.zulu.start = 2000;
  }
  games[0].winner = games[1].winner = games[2].winner = Side::kZulu;
  games[3].capped = true;
  games[0].turns = 10;
  games[1].turns = 20;
  games[2].turns = 30;
  games[3].turns = 60;
  games[0].report.british.lost = 100;
  games[3].report.zulu.lost = 400;
  const char* scale[] = {"decisive Zulu victory", "decisive Zulu victory", "clear Zulu victory", "none"};
  for (int i = 0; i < 4; ++i) {
    games[i].report.lines.push_back(ReportLine::Count("Victory scale", scale[i], i == 3 ? 0 : 2));
    ReportLine laager = ReportLine::Count("Situation", "A camp laagered", 0, Side::kUnspecified);
    laager.value = i == 1 ? 1.0 : 0.0;
    games[i].report.lines.push_back(laager);
    games[i].report.lines.push_back(ReportLine::Mean("Losses", "British figures escaped", i == 2 ? 40 : 0));
    if (games[i].winner == Side::kZulu) {
      games[i].report.lines.push_back(
          ReportLine::Count("Main cause", i == 0 ? "close combat" : "Zulu fire", 0, Side::kZulu));
    }
  }
  games[2].report.lines.push_back(
      ReportLine::Count("Situation", "C Durnford late", 2, Side::kUnspecified, "  (after 10:00am)"));
  const std::string r = FormatReport(o, "FERREE_ISANDLWANA", games, 0);
  EXPECT_NE(r.find("4 games (seeds 10..13)"), std::string::npos) << r;
  EXPECT_NE(r.find("Zulu win          3   75.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("British win       0    0.0%"), std::string::npos) << r;
  EXPECT_NE(r.find("undecided         1   25.0%  (turn cap 60: 1;"), std::string::npos) << r;
  EXPECT_NE(r.find("Zulu win rate 0.750 of 4 games (95% Wilson interval 0.301-0.954)"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("Mean turns 30.0"), std::string::npos) << r;
  EXPECT_NE(r.find("Mean figures lost: British 25.0 of 300, Zulu 100.0 of 2000"), std::string::npos) << r;
  EXPECT_EQ(RowCount(r, "decisive Zulu victory"), 2) << r;
  EXPECT_EQ(RowCount(r, "clear Zulu victory"), 1) << r;
  EXPECT_EQ(RowCount(r, "none"), 1) << r;
  // Rows of a section by their order: "none" (0) before the victories (2).
  EXPECT_LT(r.find("  none"), r.find("  clear Zulu victory")) << r;
  EXPECT_NE(r.find("\nVictory scale\n"), std::string::npos) << r;
  EXPECT_NE(r.find("   1   25.0%\n"), std::string::npos) << r;
  EXPECT_EQ(RowCount(r, "A camp laagered"), 1) << r;
  EXPECT_NE(r.find("   1   25.0%  (after 10:00am)"), std::string::npos) << r;
  EXPECT_NE(r.find("British figures escaped                 10.0\n"), std::string::npos) << r;
  // Counted among the Zulu wins: the shares are of the 3.
  EXPECT_NE(r.find("close combat                             1   33.3% of the Zulu wins"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("Zulu fire                                2   66.7% of the Zulu wins"),
            std::string::npos)
      << r;
  // The sections in the order of their first row.
  EXPECT_LT(r.find("\nVictory scale"), r.find("\nSituation")) << r;
  EXPECT_LT(r.find("\nSituation"), r.find("\nLosses")) << r;
  EXPECT_LT(r.find("\nLosses"), r.find("\nMain cause")) << r;
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
  o.ruleset = "ferree";
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
  o.ruleset = "ferree";
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

// --opening-faces 6: Ferree 1.A "6 Chelmsford follows hi own advice and
// laagers the wagons".
TEST(SimulateTest, OpeningFacesForceFerreesSituationA) {
  SimulateOptions o;
  o.ruleset = "ferree";
  o.games = 2;
  o.seed = 3;
  o.turn_cap = 2;
  o.opening_faces = {6};
  std::ostringstream out, err;
  ASSERT_EQ(SimulateCommand(o, out, err), 0) << err.str();
  EXPECT_EQ(RowCount(out.str(), "A camp laagered"), 2) << out.str();
  EXPECT_NE(out.str().find("  100.0%"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("opening faces 6"), std::string::npos) << out.str();
  // The defensive camp's deployment roll (1.D.2) never gives "historical".
  EXPECT_EQ(out.str().find("D deployment historical"), std::string::npos) << out.str();
}

// Whole games: every British figure lost is lost to Zulu fire or in close
// combat (the engine's two ways, 001 "Zulu Sniper Fire" and "D. Close
// Combat"); figures routed off the table are among the escaped; every Zulu
// win has a main cause and no other game has one.
TEST(SimulateTest, BritishLossesAddUpInWholeGames) {
  const BattleState start = LoadScenario("isandlwana");
  const Ruleset* rules = FindRuleset(start.ruleset);
  ASSERT_NE(rules, nullptr);
  const absl::StatusOr<arena::MatchOptions> o = MatchOptionsOf(SimulateOptions{});
  ASSERT_TRUE(o.ok()) << o.status();
  int zulu_wins = 0;
  double close_combat = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    absl::StatusOr<arena::MatchRecord> g = arena::PlayMatch(*rules, start, seed, *o);
    ASSERT_TRUE(g.ok()) << g.status();
    const GameReport& r = g->report;
    const double to_fire = LineValue(r, "British figures lost to Zulu fire");
    const double in_close = LineValue(r, "British figures lost in close combat");
    ASSERT_GE(to_fire, 0);
    ASSERT_GE(in_close, 0);
    EXPECT_EQ(to_fire + in_close, r.british.lost) << "seed " << seed;
    EXPECT_LE(LineValue(r, "  of them by units low or out of ammunition"), in_close);
    EXPECT_LE(LineValue(r, "British figures routed off the table"),
              LineValue(r, "British figures escaped off the table"))
        << "seed " << seed;
    int causes = 0;
    for (const ReportLine& line : r.lines) {
      causes += line.section == "Main cause of each British defeat" ? 1 : 0;
    }
    EXPECT_EQ(g->winner == Side::kZulu, causes == 1) << "seed " << seed;
    zulu_wins += g->winner == Side::kZulu ? 1 : 0;
    close_combat += in_close;
  }
  EXPECT_GT(zulu_wins, 0);
  EXPECT_GT(close_combat, 0);
}

}  // namespace
}  // namespace impi::cli
