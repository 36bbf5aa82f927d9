// ai/arena/shard_file.h: the files of a study's shards, which know their
// own size, so that a merge never takes a study cut short for a smaller one.
//
// Overview: a shard file (`impi arena --out`) is JSON lines. The first is
// the shard record: the study's key and the fields it is made from
// (Study, ai/arena/arena.h) and the shard's games and seeds. Then one line
// a game, in seed order (ToJsonLine), each flushed as the game ends. The
// last is the completion record, with the number of games:
//
//   {"record":"shard","study":"3f0c...","ruleset":"TSATF_ZULU_CONTROL",
//    "scenario":"patrol","zulu":"rules","british":"random","turn_cap":60,
//    "seed":1,"games":10,"shards":3,"shard":1,"first_game":3,"last_game":5,
//    "first_seed":4,"last_seed":6}
//   {"game":3,"seed":4,...}
//   ...
//   {"record":"end","study":"3f0c...","shard":1,"games":3}
//
// A file whose last line begins `{"record":"end"` is a finished shard: the
// Slurm and Kubernetes scripts (deploy/) wait for that marker. A file
// without it is a shard still running or killed part way: ReadShardFile
// keeps its whole lines and drops a torn last line (one without its
// newline), so that `impi arena --resume` plays the rest of the shard and
// no game twice. CheckStudy puts the files of one study together and names
// every shard missing or incomplete, with its games and seeds; `impi arena
// merge` reports only a whole study, unless asked for a partial one.
//
// Usage:
//   std::ifstream in(path);
//   absl::StatusOr<ShardFile> file = ReadShardFile(in, path);
//   absl::StatusOr<StudyCheck> check = CheckStudy({*file});
//   if (check.ok() && check->complete()) Summarise(check->games);
//
// Thread safety: free functions over their arguments.
#ifndef IMPI_AI_ARENA_SHARD_FILE_H_
#define IMPI_AI_ARENA_SHARD_FILE_H_

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ai/arena/arena.h"

namespace impi::arena {

// The first and last lines of shard `shard` of `study` (no newline).
std::string ShardRecordLine(const Study& study, int shard);
std::string EndRecordLine(const Study& study, int shard, int games);

// One shard file as read.
struct ShardFile {
  std::string name;
  // The study and shard its shard record names; none for a file with no
  // whole line (a shard killed before its first line was written).
  std::optional<Study> study;
  int shard = 0;
  std::vector<ArenaGame> games;  // the shard's first games, in seed order
  bool complete = false;         // it ends with its completion record
  bool torn = false;             // a last line without its newline was dropped
  // The bytes of the whole lines kept: a resumed shard cuts its file here
  // and carries on.
  int64_t kept_bytes = 0;
};

// Reads a shard file. INVALID_ARGUMENT naming the file and line: a first
// line that is not a shard record (a file of an older impi, or not of
// `impi arena --out`), a record whose key does not match its fields, a game
// that is not of the study, not of the shard, out of seed order or there
// twice, a line that does not parse (but a torn last one), a completion
// record that does not count the shard's games, or a line after it.
absl::StatusOr<ShardFile> ReadShardFile(std::istream& in, const std::string& name);

// The files of one study put together.
struct StudyCheck {
  Study study;
  std::vector<ArenaGame> games;         // every game of the files, in seed order
  std::vector<std::string> missing;     // each shard no file holds
  std::vector<std::string> incomplete;  // each file without its completion record
  std::vector<std::string> empty;       // the files with no whole line
  bool complete() const { return missing.empty() && incomplete.empty(); }
};

// FAILED_PRECONDITION for files of more than one study (naming each study
// and its files), a shard held by two files (naming it and them: its games
// would count twice), or no file with a shard record.
absl::StatusOr<StudyCheck> CheckStudy(const std::vector<ShardFile>& files);

}  // namespace impi::arena

#endif  // IMPI_AI_ARENA_SHARD_FILE_H_
