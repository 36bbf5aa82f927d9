// The arena (ai/arena/arena.h): shards merge into the same report as
// one run, the thread count changes no byte, a recorded game replays
// exactly, bad options fail clearly, and the statistics match figures
// worked by hand.
#include "ai/arena/arena.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ai/mcts/levels.h"
#include "clients/cli/arena_command.h"
#include "clients/cli/simulate.h"
#include "service/scenarios.h"
#include "tests/arena/patrol.h"
#include "engine/game/policy.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::arena {
namespace {

using ::testing::HasSubstr;

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/impi_arena_" +
         std::to_string(::getpid()) + "_" + name;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Outcome {
  int code = -1;
  std::string out;
  std::string err;
};

Outcome Arena(const ArenaOptions& o, const std::string& out_path = "") {
  std::ostringstream out, err;
  Outcome r;
  r.code = ArenaCommand(o, out_path, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(ArenaTest, ShardsMergedEqualOneRunByteForByte) {
  const ArenaOptions whole = Patrol(10);
  const std::string all_path = TempPath("all.jsonl");
  const Outcome all = Arena(whole, all_path);
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_THAT(all.out, HasSubstr("10 games (seeds 100..109)"));

  // The games of a file, one line each (its shard and completion records
  // left out).
  const auto game_lines = [](const std::string& path) {
    std::ifstream in(path);
    const absl::StatusOr<std::vector<ArenaGame>> games = ReadJsonLines(in, path);
    EXPECT_TRUE(games.ok()) << games.status();
    std::string lines;
    for (const ArenaGame& g : games.value_or(std::vector<ArenaGame>())) {
      lines += ToJsonLine(g) + "\n";
    }
    return lines;
  };
  std::vector<std::string> shard_paths;
  std::string shard_lines;
  for (int i = 0; i < 3; ++i) {
    ArenaOptions o = whole;
    o.shard = Shard{i, 3};
    shard_paths.push_back(TempPath("shard-" + std::to_string(i) + ".jsonl"));
    const Outcome r = Arena(o, shard_paths.back());
    ASSERT_EQ(r.code, 0) << r.err;
    shard_lines += game_lines(shard_paths.back());
  }
  // The shards hold the games of the run, in seed order when concatenated.
  EXPECT_EQ(shard_lines, game_lines(all_path));
  EXPECT_EQ(std::count(shard_lines.begin(), shard_lines.end(), '\n'), 10);

  // Merged in any order, the report is the unsharded run's.
  std::ostringstream merged, err;
  ASSERT_EQ(MergeCommand({shard_paths[2], shard_paths[0], shard_paths[1]}, merged, err), 0)
      << err.str();
  EXPECT_EQ(merged.str(), all.out);

  // A shard given twice is not one run.
  std::ostringstream twice, twice_err;
  EXPECT_EQ(MergeCommand({shard_paths[0], shard_paths[0]}, twice, twice_err), 2);
  EXPECT_THAT(twice_err.str(), HasSubstr("is in 2 files"));
  for (const std::string& p : shard_paths) std::remove(p.c_str());
  std::remove(all_path.c_str());
}

TEST(ArenaTest, TheSameSeedGivesTheSameBytesWithAnyThreads) {
  ArenaOptions o = Patrol(8);
  o.british = "rules";
  const std::string one_path = TempPath("one.jsonl");
  const std::string two_path = TempPath("two.jsonl");
  const Outcome one = Arena(o, one_path);
  o.threads = 2;
  const Outcome two = Arena(o, two_path);
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(ReadAll(one_path), ReadAll(two_path));
  EXPECT_FALSE(ReadAll(one_path).empty());
  std::remove(one_path.c_str());
  std::remove(two_path.c_str());
}

TEST(ArenaTest, EachLineCarriesTheSeedPoliciesResultAndChanceLog) {
  const std::string path = TempPath("lines.jsonl");
  ASSERT_EQ(Arena(Patrol(3), path).code, 0);
  std::ifstream in(path);
  absl::StatusOr<std::vector<ArenaGame>> games = ReadJsonLines(in, path);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 3u);
  for (int i = 0; i < 3; ++i) {
    const ArenaGame& g = (*games)[i];
    EXPECT_EQ(g.game, i);
    EXPECT_EQ(g.seed, 100u + i);
    EXPECT_EQ(g.ruleset, "TSATF_ZULU_CONTROL");
    EXPECT_EQ(g.zulu, "rules");
    EXPECT_EQ(g.british, "random");
    EXPECT_FALSE(g.result.empty());
    EXPECT_FALSE(g.british_choices.empty());
    EXPECT_TRUE(g.error.empty()) << g.error;
    // The line round-trips.
    absl::StatusOr<ArenaGame> again = FromJsonLine(ToJsonLine(g));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(ToJsonLine(*again), ToJsonLine(g));
  }
  EXPECT_THAT(ReadAll(path), HasSubstr("\"dice\":{\"source\":\"seeded\",\"seed\":100,"));
  std::remove(path.c_str());
}

TEST(ArenaTest, ReplayReproducesAGameExactly) {
  const std::string path = TempPath("replay.jsonl");
  ASSERT_EQ(Arena(Patrol(4), path).code, 0);
  std::ostringstream out, err;
  ASSERT_EQ(ReplayCommand(path, 2, out, err), 0) << err.str();
  EXPECT_THAT(out.str(), HasSubstr("impi replay: game 2 of"));
  EXPECT_THAT(out.str(), HasSubstr("seed 102"));
  EXPECT_THAT(out.str(), HasSubstr("== step 1, turn"));
  EXPECT_THAT(out.str(), HasSubstr(": as recorded"));

  // No game 9 in the file.
  std::ostringstream none, none_err;
  EXPECT_EQ(ReplayCommand(path, 9, none, none_err), 2);
  EXPECT_THAT(none_err.str(), HasSubstr("has no game 9"));

  // A record whose end was not what the game gives is caught.
  std::ifstream in(path);
  std::vector<ArenaGame> games = *ReadJsonLines(in, path);
  games[2].turns += 1;
  games[2].score = games[2].score + 0.5;
  const std::string bad_path = TempPath("replay_bad.jsonl");
  {
    std::ofstream bad(bad_path);
    for (const ArenaGame& g : games) bad << ToJsonLine(g) << "\n";
  }
  std::ostringstream bad_out, bad_err;
  EXPECT_EQ(ReplayCommand(bad_path, 2, bad_out, bad_err), 2);
  EXPECT_THAT(bad_err.str(), HasSubstr("does not replay as recorded"));
  std::remove(path.c_str());
  std::remove(bad_path.c_str());
}

// With no --scenario each rule set plays its own built-in scenario, under
// the name --scenario takes for it: the header of the report names it.
TEST(ArenaTest, NoScenarioPlaysTheRuleSetsOwn) {
  for (const auto& [ruleset, scenario] :
       {std::pair{"tsatf", "patrol"}, {"ferree", "isandlwana"}, {"empress", "drift"}}) {
    ArenaOptions o = Patrol(1);
    o.ruleset = ruleset;
    o.scenario.clear();
    o.british = "rules";
    const Outcome r = Arena(o);
    EXPECT_EQ(r.code, 0) << ruleset << ": " << r.err;
    EXPECT_THAT(r.out, HasSubstr(std::string("scenario ") + scenario + ", 1 game")) << ruleset;
    EXPECT_EQ(service::DefaultScenario(**RulesetNamed(ruleset, "--ruleset")).value_or(""), scenario);
  }
  // Named, it must be one built for the rule set.
  ArenaOptions o = Patrol(1);
  o.ruleset = "ferree";
  const Outcome r = Arena(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("no built-in scenario \"patrol\""));
}

TEST(ArenaTest, BadOptionsGiveAClearErrorAndExitCode) {
  EXPECT_FALSE(ParseShard("3/3").ok());
  EXPECT_FALSE(ParseShard("-1/3").ok());
  EXPECT_FALSE(ParseShard("a/b").ok());
  EXPECT_FALSE(ParseShard("1").ok());
  EXPECT_THAT(std::string(ParseShard("3/3").status().message()),
              HasSubstr("--shard: '3/3' is not i/n"));
  ASSERT_TRUE(ParseShard("2/3").ok());

  ArenaOptions o = Patrol(4);
  o.zulu = "clever";
  Outcome r = Arena(o);
  EXPECT_EQ(r.code, 1);
  EXPECT_THAT(r.err, HasSubstr("--zulu: 'clever' is not a policy"));

  o = Patrol(4);
  o.british = "level:insane";
  r = Arena(o);
  EXPECT_EQ(r.code, 1);
  EXPECT_THAT(r.err, HasSubstr("--british: 'level:insane': unknown level (easy, medium, hard, expert)"));

  o = Patrol(4);
  o.british = "mcts:0";
  EXPECT_EQ(Arena(o).code, 1);
  o.british = "grpc:nohost";
  EXPECT_EQ(Arena(o).code, 1);

  o = Patrol(2);
  o.shard = Shard{0, 3};
  r = Arena(o);
  EXPECT_EQ(r.code, 1);
  EXPECT_THAT(r.err, HasSubstr("--shard: 3 shards for 2 games"));

  o = Patrol(2);
  o.ruleset = "chess";
  EXPECT_EQ(Arena(o).code, 1);

  o = Patrol(2);
  o.scenario = "waterloo";
  r = Arena(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("--scenario"));
}

TEST(ArenaTest, AnOutsideAgentWithNoPolicyRegisteredIsAClearError) {
  PolicySpec agent;
  agent.kind = PolicyKind::kAgent;
  agent.agent_address = "127.0.0.1:1";
  if (MakePolicy("TSATF_ZULU_CONTROL", Side::kBritish, agent) != nullptr) {
    GTEST_SKIP() << "this build has an outside-agent policy";
  }
  ArenaOptions o = Patrol(2);
  o.british = "grpc:127.0.0.1:1";
  const Outcome r = Arena(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("--british: no outside-agent (grpc:) policy is registered for the "
                               "British side of TSATF_ZULU_CONTROL in this build"));
}

// No game starts once the run is cancelled (or its deadline has passed).
TEST(ArenaTest, NoGameStartsOnceCancelled) {
  ArenaOptions o = Patrol(20);
  int done = 0;
  o.cancelled = [&done] { return done >= 3; };
  absl::StatusOr<std::vector<ArenaGame>> games =
      RunArena(o, nullptr, [&done](const Progress& p, const ArenaGame&) { done = p.done; });
  EXPECT_EQ(games.status().code(), absl::StatusCode::kCancelled);
  EXPECT_THAT(std::string(games.status().message()), HasSubstr("cancelled after 3 of 20 games"));
  EXPECT_EQ(done, 3);

  o = Patrol(20);
  o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  games = RunArena(o, nullptr, nullptr);
  EXPECT_EQ(games.status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_THAT(std::string(games.status().message()), HasSubstr("after 0 of 20 games"));
}

TEST(ArenaTest, LevelsAndPoliciesParse) {
  absl::StatusOr<PolicySpec> hard = ParsePolicy("hard", "--zulu");
  ASSERT_TRUE(hard.ok());
  EXPECT_EQ(hard->kind, PolicyKind::kMcts);
  EXPECT_EQ(hard->iterations, 800);
  EXPECT_TRUE(hard->plain);
  EXPECT_EQ(ParsePolicy("level:easy", "--zulu")->iterations, 50);
  // Every level is the table's (ai/mcts/levels.h), budget and answer rule.
  for (const mcts::Level& level : mcts::kLevels) {
    absl::StatusOr<PolicySpec> l = ParsePolicy(std::string(level.name), "--british");
    ASSERT_TRUE(l.ok()) << level.name;
    EXPECT_EQ(l->kind, PolicyKind::kMcts);
    EXPECT_EQ(l->iterations, level.iterations) << level.name;
    EXPECT_EQ(l->plain, level.plain) << level.name;
  }
  for (size_t k = 1; k < mcts::kLevels.size(); ++k) {
    EXPECT_GT(mcts::kLevels[k].iterations, mcts::kLevels[k - 1].iterations) << "levels rise by budget";
    EXPECT_EQ(mcts::kLevels[k].plain, mcts::kLevels[0].plain) << "one answer rule for every level";
  }
  absl::StatusOr<PolicySpec> plain = ParsePolicy("mcts:64:plain:depth=10", "--zulu");
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_TRUE(plain->plain);
  EXPECT_EQ(plain->rollout_depth, 10);
  EXPECT_FALSE(ParsePolicy("mcts:64", "--zulu")->plain);
  absl::StatusOr<PolicySpec> paired_plain = ParsePolicy("mcts-paired:64:plain", "--zulu");
  ASSERT_FALSE(paired_plain.ok());
  EXPECT_THAT(std::string(paired_plain.status().message()), HasSubstr("plain"));
  EXPECT_EQ(ParsePolicy("mcts:123", "--zulu")->iterations, 123);
  EXPECT_FALSE(ParsePolicy("mcts:123", "--zulu")->paired_root);
  absl::StatusOr<PolicySpec> paired = ParsePolicy("mcts-paired:64", "--zulu");
  ASSERT_TRUE(paired.ok()) << paired.status();
  EXPECT_EQ(paired->kind, PolicyKind::kMcts);
  EXPECT_EQ(paired->iterations, 64);
  EXPECT_TRUE(paired->paired_root);
  EXPECT_FALSE(ParsePolicy("mcts-paired:0", "--zulu").ok());
  absl::StatusOr<PolicySpec> narrow = ParsePolicy("mcts-paired:64:pivotal:width=2", "--british");
  ASSERT_TRUE(narrow.ok()) << narrow.status();
  EXPECT_EQ(narrow->paired_width, 2);
  EXPECT_TRUE(narrow->pivotal_only);
  EXPECT_EQ(ParsePolicy("mcts-paired:64", "--zulu")->paired_width, 0);  // the search's default
  for (const char* bad : {"mcts:64:width=2", "mcts-paired:64:width=1", "mcts-paired:64:width=65",
                          "mcts-paired:64:width=x"}) {
    absl::StatusOr<PolicySpec> p = ParsePolicy(bad, "--british");
    ASSERT_FALSE(p.ok()) << bad;
    EXPECT_THAT(std::string(p.status().message()), HasSubstr("width=2..64")) << bad;
  }
  EXPECT_EQ(paired->rollout_depth, 0);
  EXPECT_FALSE(paired->pivotal_only);
  absl::StatusOr<PolicySpec> deep = ParsePolicy("mcts-paired:96:depth=200:pivotal", "--zulu");
  ASSERT_TRUE(deep.ok()) << deep.status();
  EXPECT_EQ(deep->iterations, 96);
  EXPECT_TRUE(deep->paired_root);
  EXPECT_EQ(deep->rollout_depth, 200);
  EXPECT_TRUE(deep->pivotal_only);
  EXPECT_EQ(ParsePolicy("mcts:8:pivotal", "--zulu")->rollout_depth, 0);
  EXPECT_TRUE(ParsePolicy("mcts:8:pivotal", "--zulu")->pivotal_only);
  EXPECT_FALSE(ParsePolicy("mcts:8:pivotal", "--zulu")->value_by_winner);
  absl::StatusOr<PolicySpec> by_winner = ParsePolicy("mcts-paired:32:depth=100000:win", "--zulu");
  ASSERT_TRUE(by_winner.ok()) << by_winner.status();
  EXPECT_TRUE(by_winner->value_by_winner);
  EXPECT_EQ(by_winner->rollout_depth, 100000);
  for (const char* bad : {"mcts:8:depth=0", "mcts:8:depth=100001", "mcts:8:deep", "mcts:8:",
                          "mcts:8:wins"}) {
    absl::StatusOr<PolicySpec> refused = ParsePolicy(bad, "--zulu");
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_THAT(std::string(refused.status().message()), HasSubstr("--zulu")) << bad;
  }
  EXPECT_EQ(ParsePolicy("random", "--zulu")->kind, PolicyKind::kRandom);
  EXPECT_EQ(ParsePolicy("rules", "--zulu")->kind, PolicyKind::kRules);
  absl::StatusOr<PolicySpec> agent = ParsePolicy("grpc:10.0.0.7:7000", "--zulu");
  ASSERT_TRUE(agent.ok());
  EXPECT_EQ(agent->kind, PolicyKind::kAgent);
  EXPECT_EQ(agent->agent_address, "10.0.0.7:7000");
}

// A style names a variant of a side's RULES policy (PolicySpec::style): the
// arena parses it, refuses one the rule set's policy does not know, and
// plays the one it knows (Ferree's bold Zulu doctrine), in the recorded
// games that replay too.
TEST(ArenaTest, AStyleIsParsedCheckedAndPlayed) {
  absl::StatusOr<PolicySpec> bold = ParsePolicy("rules:style=bold", "--zulu");
  ASSERT_TRUE(bold.ok()) << bold.status();
  EXPECT_EQ(bold->kind, PolicyKind::kRules);
  EXPECT_EQ(bold->style, "bold");
  EXPECT_EQ(ParsePolicy("rules", "--zulu")->style, "");
  absl::StatusOr<PolicySpec> search = ParsePolicy("mcts:64:pivotal:style=bold", "--zulu");
  ASSERT_TRUE(search.ok()) << search.status();
  EXPECT_EQ(search->kind, PolicyKind::kMcts);
  EXPECT_TRUE(search->pivotal_only);
  EXPECT_EQ(search->style, "bold");
  for (const char* bad : {"rules:bold", "rules:style=", "rules:style=a.b", "mcts:8:style=",
                          "rules:style=abcdefghijklmnopqrstuvwxyz0123456"}) {
    absl::StatusOr<PolicySpec> refused = ParsePolicy(bad, "--zulu");
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_THAT(std::string(refused.status().message()), HasSubstr("--zulu: '")) << bad;
  }

  ArenaOptions o = Patrol(10);
  o.ruleset = "ferree";
  o.scenario = "isandlwana_ridge";
  o.zulu = "rules:style=timid";
  o.british = "rules";
  Outcome r = Arena(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("--zulu: no such policy is registered for the Zulu side of "
                               "FERREE_ISANDLWANA in the style 'timid'"));
  o.zulu = "mcts:4:style=timid";
  EXPECT_EQ(Arena(o).code, 2);
  o.zulu = "rules";
  o.british = "rules:style=bold";  // the scripted British have no styles
  r = Arena(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("--british: no such policy"));

  // Bold and the doctrine play different battles from the same seeds.
  o.british = "rules";
  const std::string plain_path = TempPath("doctrine.jsonl");
  const std::string bold_path = TempPath("bold.jsonl");
  ASSERT_EQ(Arena(o, plain_path).code, 0);
  o.zulu = "rules:style=bold";
  ASSERT_EQ(Arena(o, bold_path).code, 0);
  std::ifstream plain_in(plain_path), bold_in(bold_path);
  std::vector<ArenaGame> plain = *ReadJsonLines(plain_in, plain_path);
  std::vector<ArenaGame> bolder = *ReadJsonLines(bold_in, bold_path);
  ASSERT_EQ(plain.size(), 10u);
  ASSERT_EQ(bolder.size(), 10u);
  int differ = 0;
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(bolder[i].zulu, "rules:style=bold");
    EXPECT_EQ(bolder[i].seed, plain[i].seed);
    const ArenaGame& a = bolder[i];
    const ArenaGame& b = plain[i];
    if (a.steps != b.steps || a.british_lost != b.british_lost || a.zulu_lost != b.zulu_lost ||
        a.british_choices != b.british_choices) {
      ++differ;
    }
  }
  EXPECT_GT(differ, 0);
  std::ostringstream out, err;
  EXPECT_EQ(ReplayCommand(bold_path, 3, out, err), 0) << err.str();
  EXPECT_THAT(out.str(), HasSubstr(": as recorded"));
  std::remove(plain_path.c_str());
  std::remove(bold_path.c_str());
}

TEST(ArenaTest, ShardsCoverTheGamesOnceInOrder) {
  int next = 0;
  for (int i = 0; i < 7; ++i) {
    const auto [first, last] = ShardRange(Shard{i, 7}, 100);
    EXPECT_EQ(first, next);
    EXPECT_GE(last - first, 14);
    EXPECT_LE(last - first, 15);
    next = last;
  }
  EXPECT_EQ(next, 100);
}

// Worked by hand with z = 1.959964 (z^2 = 3.841459):
// 5 of 10: centre (0.5 + 0.192073) / 1.384146 = 0.5,
//          half 1.959964 * sqrt(0.025 + 0.009604) / 1.384146 = 0.263404;
// 0 of 10: centre 0.192073 / 1.384146 = 0.138767 = half;
// 6 of 10: centre 0.792073 / 1.384146 = 0.572254,
//          half 1.959964 * sqrt(0.024 + 0.009604) / 1.384146 = 0.259573.
TEST(ArenaStatisticsTest, WilsonIntervalsMatchHandFigures) {
  Interval i = Wilson(0.5, 10);
  EXPECT_NEAR(i.low, 0.236596, 1e-5);
  EXPECT_NEAR(i.high, 0.763404, 1e-5);
  i = Wilson(0.0, 10);
  EXPECT_NEAR(i.low, 0.0, 1e-9);
  EXPECT_NEAR(i.high, 0.277533, 1e-5);
  i = Wilson(0.6, 10);
  EXPECT_NEAR(i.low, 0.312681, 1e-5);
  EXPECT_NEAR(i.high, 0.831827, 1e-5);
}

// 400 log10(p / (1 - p)): 0.75 -> 400 log10 3 = 190.849; 0.5 -> 0.
TEST(ArenaStatisticsTest, EloFromTheScoreShareMatchesHandFigures) {
  EXPECT_NEAR(EloFromShare(0.75), 190.849, 1e-3);
  EXPECT_NEAR(EloFromShare(0.25), -190.849, 1e-3);
  EXPECT_NEAR(EloFromShare(0.5), 0.0, 1e-12);
  EXPECT_TRUE(std::isinf(EloFromShare(1.0)) && EloFromShare(1.0) > 0);
  EXPECT_TRUE(std::isinf(EloFromShare(0.0)) && EloFromShare(0.0) < 0);
}

// Ten games: 6 Zulu wins, 2 British, 1 draw, 1 undecided, and one more the
// engine could not finish. Zulu share (6 + 2/2) / 10 = 0.7: Elo
// 400 log10(7/3) = +147.19; its interval is the Wilson interval of 0.7 over
// 10 games (centre 0.892073 / 1.384146 = 0.644490, half 1.959964 *
// sqrt(0.021 + 0.009604) / 1.384146 = 0.247717) through the same formula.
TEST(ArenaStatisticsTest, TheReportOfKnownGames) {
  std::vector<ArenaGame> games;
  auto add = [&](Side winner, bool draw, double score, const std::string& result) {
    ArenaGame g;
    g.game = static_cast<int>(games.size());
    g.seed = 50 + g.game;
    g.ruleset = "TSATF_ZULU_CONTROL";
    g.scenario = "patrol";
    g.zulu = "rules";
    g.british = "random";
    g.turn_cap = 60;
    g.winner = winner;
    g.draw = draw;
    g.score = score;
    g.result = result;
    g.turns = 10;
    games.push_back(g);
  };
  for (int k = 0; k < 6; ++k) add(Side::kZulu, false, 1.0, "Zulu victory");
  for (int k = 0; k < 2; ++k) add(Side::kBritish, false, -1.0, "British victory");
  add(Side::kUnspecified, true, 0.0, "draw");
  add(Side::kUnspecified, false, 0.0, "undecided");
  add(Side::kUnspecified, false, 0.0, "engine error");
  games.back().error = "boom";
  games.back().british_faults.timeouts = 2;

  absl::StatusOr<ArenaReport> r = Summarise(games);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->games, 11);
  EXPECT_EQ(r->played, 10);
  EXPECT_EQ(r->engine_errors, 1);
  EXPECT_EQ(r->zulu.wins, 6);
  EXPECT_EQ(r->british.wins, 2);
  EXPECT_EQ(r->draws, 1);
  EXPECT_EQ(r->undecided, 1);
  EXPECT_NEAR(r->zulu.win_rate, 0.6, 1e-12);
  EXPECT_NEAR(r->zulu.win_interval.low, 0.312681, 1e-5);
  EXPECT_NEAR(r->zulu.mean_score, 0.4, 1e-12);
  EXPECT_NEAR(r->british.mean_score, -0.4, 1e-12);
  EXPECT_NEAR(r->zulu.score_share, 0.7, 1e-12);
  EXPECT_NEAR(r->british.score_share, 0.3, 1e-12);
  EXPECT_NEAR(r->zulu.elo, 147.19, 1e-2);
  EXPECT_NEAR(r->british.elo, -147.19, 1e-2);
  EXPECT_NEAR(r->zulu.elo_low, EloFromShare(0.644490 - 0.247717), 0.05);
  EXPECT_NEAR(r->zulu.elo_high, EloFromShare(0.644490 + 0.247717), 0.05);
  EXPECT_EQ(r->british.faults.timeouts, 2);
  EXPECT_THAT(r->text, HasSubstr("11 games (seeds 50..60)"));
  EXPECT_THAT(r->text, HasSubstr("engine errors   1 game(s)"));
  EXPECT_EQ(r->results.at("Zulu victory"), 6);

  // Games of another run do not merge.
  games[3].zulu = "random";
  EXPECT_FALSE(Summarise(games).ok());
}

}  // namespace
}  // namespace impi::arena
