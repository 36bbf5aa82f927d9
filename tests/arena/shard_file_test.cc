// A study's shard files know their own size (ai/arena/shard_file.h): each
// names its study and seeds and ends with a completion record; the merge
// refuses a study with a shard missing or cut short, a game twice or two
// studies mixed, naming each, and reports a partial study only when asked;
// a shard killed part way and resumed is the shard that ran through.
#include "ai/arena/shard_file.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "clients/cli/arena_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/arena/patrol.h"

namespace impi::arena {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// Ten patrol games from seed 100 in three shards: games 0..2, 3..5, 6..9.
ArenaOptions PatrolShard(int shard, uint64_t seed = 100) {
  ArenaOptions o = Patrol(10, seed);
  o.shard = Shard{shard, 3};
  return o;
}

class ShardFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* tmp = std::getenv("TEST_TMPDIR");
    dir_ = std::filesystem::path(tmp != nullptr ? tmp : "/tmp") /
           ("impi_shards_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  // Plays shard `i` of the patrol study into its file; returns the report.
  std::string PlayShard(int i, const std::string& path, bool resume = false,
                        uint64_t seed = 100) {
    std::ostringstream out, err;
    EXPECT_EQ(ArenaCommand(PatrolShard(i, seed), path, out, err, false, resume), 0) << err.str();
    return out.str();
  }

  // Every shard of the study, in shard-i.jsonl; returns their paths.
  std::vector<std::string> PlayStudy() {
    std::vector<std::string> paths;
    for (int i = 0; i < 3; ++i) {
      paths.push_back(Path("shard-" + std::to_string(i) + ".jsonl"));
      PlayShard(i, paths.back());
    }
    return paths;
  }

  struct Merged {
    int code = -1;
    std::string out;
    std::string err;
  };
  static Merged Merge(const std::vector<std::string>& files, bool partial = false) {
    std::ostringstream out, err;
    Merged m;
    m.code = MergeCommand(files, out, err, partial);
    m.out = out.str();
    m.err = err.str();
    return m;
  }

  static std::string Read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static void Write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::trunc) << text;
  }
  static std::vector<std::string> Lines(const std::string& path) {
    std::vector<std::string> lines = absl::StrSplit(Read(path), '\n');
    if (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
  }

  std::filesystem::path dir_;
};

TEST_F(ShardFileTest, AFileNamesItsStudyAndSeedsAndEndsWithItsCompletionRecord) {
  const std::string path = Path("shard-1.jsonl");
  PlayShard(1, path);
  const std::vector<std::string> lines = Lines(path);
  ASSERT_EQ(lines.size(), 5u);  // the shard record, games 3..5, the completion record
  absl::StatusOr<Study> study = StudyOf(PatrolShard(1));
  ASSERT_TRUE(study.ok()) << study.status();
  EXPECT_EQ(study->ruleset, "TSATF_ZULU_CONTROL");
  EXPECT_EQ(study->games, 10);
  EXPECT_EQ(study->shards, 3);
  EXPECT_THAT(study->Key(), ::testing::MatchesRegex("[0-9a-f]{16}"));
  EXPECT_EQ(lines[0],
            "{\"record\":\"shard\",\"study\":\"" + study->Key() +
                "\",\"ruleset\":\"TSATF_ZULU_CONTROL\",\"scenario\":\"patrol\",\"zulu\":\"rules\","
                "\"british\":\"random\",\"turn_cap\":60,\"seed\":100,\"games\":10,\"shards\":3,"
                "\"shard\":1,\"first_game\":3,\"last_game\":5,\"first_seed\":103,\"last_seed\":105}");
  EXPECT_THAT(lines[1], StartsWith("{\"game\":3,\"seed\":103,"));
  EXPECT_THAT(lines[3], StartsWith("{\"game\":5,\"seed\":105,"));
  EXPECT_EQ(lines[4], "{\"record\":\"end\",\"study\":\"" + study->Key() +
                          "\",\"shard\":1,\"games\":3}");
  EXPECT_EQ(study->DescribeShard(2), "shard 2/3 (games 6..9, seeds 106..109)");
  // The key is fixed by the study alone, from one impi to the next (the
  // docs/arena.md examples are these two studies).
  EXPECT_EQ(study->Key(), "ce29c7ea448b0f8f");
  ArenaOptions docs = Patrol(6, 1);
  docs.shard = Shard{1, 2};
  EXPECT_EQ(StudyOf(docs)->Key(), "aaa81c3b929091a3");

  // Any option that defines the games makes another study.
  std::vector<ArenaOptions> others(5, PatrolShard(1));
  others[0].seed = 101;
  others[1].games = 11;
  others[2].shard = Shard{1, 4};
  others[3].british = "rules";
  others[4].turn_cap = 30;
  for (size_t k = 0; k < others.size(); ++k) {
    absl::StatusOr<Study> other = StudyOf(others[k]);
    ASSERT_TRUE(other.ok()) << other.status();
    EXPECT_NE(other->Key(), study->Key()) << k;
  }
  // The thread count is not part of the study.
  ArenaOptions threads = PatrolShard(1);
  threads.threads = 2;
  EXPECT_EQ(StudyOf(threads)->Key(), study->Key());
  // The game lines are still what replay and render read.
  std::ifstream in(path);
  absl::StatusOr<std::vector<ArenaGame>> games = ReadJsonLines(in, path);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 3u);
  EXPECT_EQ((*games)[0].seed, 103u);
}

TEST_F(ShardFileTest, TheMergeOfAWholeStudyIsTheUnshardedReport) {
  ArenaOptions whole = PatrolShard(0);
  whole.shard = Shard{0, 1};
  std::ostringstream one, err;
  ASSERT_EQ(ArenaCommand(whole, Path("all.jsonl"), one, err), 0) << err.str();
  const std::vector<std::string> paths = PlayStudy();
  const Merged merged = Merge({paths[2], paths[0], paths[1]});
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_EQ(merged.out, one.str());
  EXPECT_EQ(merged.err, "");
  // --partial changes nothing for a whole study.
  EXPECT_EQ(Merge(paths, /*partial=*/true).out, one.str());
  // The unsharded file is a study of one shard.
  EXPECT_EQ(Merge({Path("all.jsonl")}).out, one.str());
}

TEST_F(ShardFileTest, TheMergeRefusesAStudyWithAShardMissing) {
  const std::vector<std::string> paths = PlayStudy();
  const Merged m = Merge({paths[0], paths[2]});
  EXPECT_EQ(m.code, 2);
  EXPECT_EQ(m.out, "");
  EXPECT_THAT(m.err, HasSubstr("is not complete: 7 of 10 games\n"
                               "  missing: shard 1/3 (games 3..5, seeds 103..105)\n"
                               "error: merge refused"));

  // Asked for, the partial study is reported, and says so.
  const Merged partial = Merge({paths[0], paths[2]}, /*partial=*/true);
  ASSERT_EQ(partial.code, 0) << partial.err;
  EXPECT_THAT(partial.out, StartsWith("partial study " + StudyOf(PatrolShard(0))->Key() +
                                      ": 7 of 10 games ("));
  EXPECT_THAT(partial.out, HasSubstr("  missing: shard 1/3 (games 3..5, seeds 103..105)\n"
                                     "impi arena: TSATF_ZULU_CONTROL, scenario patrol, 7 games"));
}

TEST_F(ShardFileTest, TheMergeRefusesATruncatedShard) {
  const std::vector<std::string> paths = PlayStudy();
  const std::string text = Read(paths[1]);
  // Cut in the middle of game 4's line: a shard killed while writing.
  const size_t game4 = text.find("{\"game\":4,");
  ASSERT_NE(game4, std::string::npos);
  Write(paths[1], text.substr(0, game4 + 40));
  Merged m = Merge(paths);
  EXPECT_EQ(m.code, 2);
  EXPECT_THAT(m.err, HasSubstr("is not complete: 8 of 10 games\n  incomplete: shard 1/3 (games "
                               "3..5, seeds 103..105) in " + paths[1] +
                               ": 1 of 3 games, no completion record (a torn last line dropped)\n"));
  // Cut at a line's end: every game there, but not the completion record.
  Write(paths[1], text.substr(0, text.find("{\"record\":\"end\"")));
  m = Merge(paths);
  EXPECT_EQ(m.code, 2);
  EXPECT_THAT(m.err, HasSubstr("  incomplete: shard 1/3 (games 3..5, seeds 103..105) in " +
                               paths[1] + ": 3 of 3 games, no completion record\n"));
  // A file with no whole line at all: its shard is missing.
  Write(paths[1], text.substr(0, 20));
  m = Merge(paths);
  EXPECT_EQ(m.code, 2);
  EXPECT_THAT(m.err, HasSubstr("note: " + paths[1] + " is empty"));
  EXPECT_THAT(m.err, HasSubstr("  missing: shard 1/3 (games 3..5, seeds 103..105)\n"));
  // A completion record that does not count the shard's games.
  std::string miscounted = text;
  miscounted.replace(miscounted.find("\"games\":3}"), 10, "\"games\":2}");
  Write(paths[1], miscounted);
  m = Merge(paths);
  EXPECT_EQ(m.code, 2);
  EXPECT_THAT(m.err, HasSubstr(paths[1] + ":5: the completion record counts 2 games"));
}

TEST_F(ShardFileTest, TheMergeRefusesADuplicatedGame) {
  const std::vector<std::string> paths = PlayStudy();
  // Game 4's line twice in its shard's file.
  const std::vector<std::string> lines = Lines(paths[1]);
  Write(paths[1], lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[2] + "\n" +
                      lines[3] + "\n" + lines[4] + "\n");
  Merged m = Merge(paths);
  EXPECT_EQ(m.code, 2);
  EXPECT_THAT(m.err, HasSubstr(paths[1] + ":4: game 4 (seed 104) appears twice"));
  EXPECT_THAT(m.err, HasSubstr("merge refused"));
  // A game left out is named too.
  Write(paths[1], lines[0] + "\n" + lines[1] + "\n" + lines[3] + "\n" + lines[4] + "\n");
  m = Merge(paths);
  EXPECT_EQ(m.code, 2);
  EXPECT_THAT(m.err, HasSubstr(paths[1] + ":3: game 5 (seed 105) follows game 3: games 4..4 are "
                               "missing"));
  // One shard's games in two files (a shard run twice under two names).
  const std::vector<std::string> again = PlayStudy();
  const std::string copy = Path("shard-0-again.jsonl");
  std::filesystem::copy_file(again[0], copy);
  m = Merge({again[0], again[1], again[2], copy});
  EXPECT_EQ(m.code, 2);
  EXPECT_THAT(m.err, HasSubstr("shard 0/3 (games 0..2, seeds 100..102) is in 2 files (" +
                               again[0] + ", " + copy + "): its games would count twice"));
  // --partial does not take a game twice either.
  EXPECT_EQ(Merge({again[0], copy}, /*partial=*/true).code, 2);
}

TEST_F(ShardFileTest, TheMergeRefusesAMixOfTwoStudies) {
  const std::vector<std::string> paths = PlayStudy();
  const std::string other = Path("other-1.jsonl");
  PlayShard(1, other, false, /*seed=*/500);  // the same shard of a study from seed 500
  const Merged m = Merge({paths[0], other, paths[2]});
  EXPECT_EQ(m.code, 2);
  const std::string ours = StudyOf(PatrolShard(0))->Key();
  const std::string theirs = StudyOf(PatrolShard(0, 500))->Key();
  EXPECT_THAT(m.err, HasSubstr("the files are of 2 studies, not one:\n  study " + ours +
                               " (TSATF_ZULU_CONTROL, scenario patrol, Zulu rules vs British "
                               "random, turn cap 60, 10 games from seed 100 in 3 shards): " +
                               paths[0] + ", " + paths[2] + "\n  study " + theirs + " ("));
  EXPECT_THAT(m.err, HasSubstr("10 games from seed 500 in 3 shards): " + other));
  EXPECT_EQ(Merge({paths[0], other, paths[2]}, /*partial=*/true).code, 2);

  // A file that is not a shard file (game lines alone) is refused, named.
  const std::vector<std::string> lines = Lines(paths[0]);
  const std::string bare = Path("bare.jsonl");
  Write(bare, lines[1] + "\n" + lines[2] + "\n");
  const Merged not_shard = Merge({bare, paths[1], paths[2]});
  EXPECT_EQ(not_shard.code, 2);
  EXPECT_THAT(not_shard.err, HasSubstr(bare + ":1: not a shard file"));
  // A game edited into another study's is caught against its shard record.
  std::string edited = Read(paths[2]);
  edited.replace(edited.find("\"british\":\"random\",\"turn_cap\":60,\"winner\""), 18,
                 "\"british\":\"rules\"");
  Write(paths[2], edited);
  const Merged foreign = Merge(paths);
  EXPECT_EQ(foreign.code, 2);
  EXPECT_THAT(foreign.err, HasSubstr(paths[2] + ":2: game 6 (seed 106) is not of study " + ours));
}

// A shard killed part way (its file cut inside a line, as a kill leaves it)
// and run again with --resume is byte for byte the shard that ran through,
// and so is its report; no game is played twice.
TEST_F(ShardFileTest, AShardKilledPartWayAndResumedEqualsOneThatRanThrough) {
  const std::string through = Path("through.jsonl");
  const std::string report = PlayShard(2, through);
  const std::string text = Read(through);
  const std::vector<std::string> lines = Lines(through);
  ASSERT_EQ(lines.size(), 6u);  // record, games 6..9, end

  // Cut at every byte of the file short of its end: header torn, after the
  // header, inside each game's line, at each line's end, inside the end record.
  std::vector<size_t> cuts = {0, 10, lines[0].size() + 1};
  size_t at = 0;
  for (const std::string& line : lines) {
    cuts.push_back(at + line.size() / 2);  // torn inside the line
    at += line.size() + 1;
    cuts.push_back(at);  // after the whole line
  }
  cuts.pop_back();  // the whole file: nothing to resume
  for (size_t cut : cuts) {
    const std::string killed = Path("killed.jsonl");
    Write(killed, text.substr(0, cut));
    std::ostringstream out, err;
    ASSERT_EQ(ArenaCommand(PatrolShard(2), killed, out, err, false, /*resume=*/true), 0)
        << "cut at " << cut << ": " << err.str();
    EXPECT_EQ(Read(killed), text) << "cut at " << cut;
    EXPECT_EQ(out.str(), report) << "cut at " << cut;
  }

  // Resumed when already complete: nothing is played, the file is the same.
  std::ostringstream out, err;
  ASSERT_EQ(ArenaCommand(PatrolShard(2), through, out, err, false, /*resume=*/true), 0) << err.str();
  EXPECT_EQ(Read(through), text);
  EXPECT_EQ(out.str(), report);
  EXPECT_THAT(err.str(), HasSubstr("4 game(s) of shard 2/3 (games 6..9, seeds 106..109) kept, "
                                   "the shard is complete"));

  // A file of another shard or study is not resumed, and stays as it was.
  std::ostringstream other_out, other_err;
  EXPECT_EQ(ArenaCommand(PatrolShard(1), through, other_out, other_err, false, /*resume=*/true), 2);
  EXPECT_THAT(other_err.str(), HasSubstr("holds shard 2/3 of study"));
  EXPECT_THAT(other_err.str(), HasSubstr("not shard 1/3"));
  EXPECT_EQ(Read(through), text);
  std::ostringstream seed_err;
  EXPECT_EQ(ArenaCommand(PatrolShard(2, 7), through, other_out, seed_err, false, true), 2);
  EXPECT_THAT(seed_err.str(), HasSubstr("not resumed"));
  EXPECT_EQ(Read(through), text);

  // --resume without a file to carry on is a bad command line.
  std::ostringstream no_out, no_out_err;
  EXPECT_EQ(ArenaCommand(PatrolShard(2), "", no_out, no_out_err, false, /*resume=*/true), 1);
  EXPECT_THAT(no_out_err.str(), HasSubstr("--resume: carries on the shard file of --out"));

  // Without --resume the file is written again from its start.
  std::ostringstream fresh_out, fresh_err;
  Write(through, text.substr(0, text.size() / 2));
  ASSERT_EQ(ArenaCommand(PatrolShard(2), through, fresh_out, fresh_err), 0) << fresh_err.str();
  EXPECT_EQ(Read(through), text);
  EXPECT_THAT(fresh_err.str(), Not(HasSubstr("kept")));
}

TEST_F(ShardFileTest, RunArenaPlaysTheRestOfAShard) {
  ArenaOptions o = PatrolShard(2);
  absl::StatusOr<std::vector<ArenaGame>> all = RunArena(o, nullptr, nullptr);
  ASSERT_TRUE(all.ok()) << all.status();
  o.already_played = 3;
  absl::StatusOr<std::vector<ArenaGame>> rest = RunArena(o, nullptr, nullptr);
  ASSERT_TRUE(rest.ok()) << rest.status();
  ASSERT_EQ(rest->size(), 1u);
  EXPECT_EQ(ToJsonLine(rest->front()), ToJsonLine(all->back()));
  o.already_played = 5;
  EXPECT_EQ(RunArena(o, nullptr, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace impi::arena
