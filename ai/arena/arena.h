// ai/arena/arena.h: the arena, policies pitted against each other over
// many seeded games, on one machine or in shards across a cluster.
//
// Overview: RunArena plays the games of a run (game i with dice seed S+i)
// with the Zulu and British policies given as text (ParsePolicy: rules,
// random, mcts:<iterations>, a difficulty level of ai/mcts/levels.h, or
// grpc:<host:port> for an outside agent), on up to `threads` threads. Each
// game is played by PlayMatch (ai/arena/match.h) and kept as an ArenaGame: everything the report reads, written as one JSON
// line (ToJsonLine) with its seed, the policies, the result and what a
// replay needs (the seed's dice streams and the British choices). The report
// (Summarise, FormatArenaReport) is computed from the ArenaGames alone, in
// seed order, so a run split in shards (--shard i/n: the contiguous games
// [i*N/n, (i+1)*N/n)) and merged (MergeCommand) reports the same bytes as
// one run, and the report does not depend on the thread count.
//
// The report, per side: wins and the win rate with its 95% Wilson interval;
// draws and undecided games; the mean score on the rule set's own scale
// (Ruleset::Score, [-1, 1], from that side); the score share
// p = (wins + (draws + undecided) / 2) / games and the Elo difference
// 400 log10(p / (1 - p)) with the 95% interval obtained by putting the Wilson
// interval of p through the same formula; the policy's faults (errors,
// illegal actions, time-outs: PolicyFaults) and the games the engine could
// not finish (each counted once, its error kept in its line). docs/arena.md
// gives the formulas and worked figures.
//
// The arena names no rule set and loads no scenario itself: the caller
// hands it a loader (ArenaOptions::load_start; the CLI and the service use
// service/scenarios.h), and the rule set's own report (Ruleset::Report)
// says how each game ended. `impi arena`, `impi arena merge` and
// `impi replay` are clients/cli/arena_command.h.
//
// Usage:
//   ArenaOptions o;  o.ruleset = "tsatf";  o.scenario = "patrol";
//   o.zulu = "rules";  o.british = "random";  o.games = 20;
//   o.load_start = service::ScenarioStart;
//   absl::StatusOr<std::vector<ArenaGame>> games = RunArena(o, nullptr, nullptr);
//
// Thread safety: RunArena runs its games on its own threads and calls the
// progress callback from one thread at a time, in seed order. The rule sets
// and policies must be registered first (impi::RegisterEverything).
#ifndef IMPI_AI_ARENA_ARENA_H_
#define IMPI_AI_ARENA_ARENA_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/game/ruleset.h"

namespace impi::arena {

// The most games one run (or one RPC) may play.
inline constexpr int kMaxGames = 1000000;
inline constexpr int kMaxThreads = 256;

// A side's policy from its text: "rules", "random", "mcts" (the search's
// default budget), "mcts:<iterations>" (1..1,000,000), a level ("easy",
// "medium", "hard", "expert", or "level:<name>"), or "grpc:<host:port>"
// (PolicyKind::kAgent). INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<PolicySpec> ParsePolicy(const std::string& text, const std::string& flag);

// --shard i/n: 0 <= i < n.
struct Shard {
  int index = 0;
  int count = 1;
};
absl::StatusOr<Shard> ParseShard(const std::string& text);
// The games [first, last) of a shard of `games`.
std::pair<int, int> ShardRange(const Shard& shard, int games);

// The start of every game of a run: the built-in scenario `*scenario` of
// `rules` (an empty name: the rule set's own first, whose name it sets).
// FAILED_PRECONDITION naming --scenario for one that cannot be had.
using ScenarioLoader =
    std::function<absl::StatusOr<BattleState>(const Ruleset& rules, std::string* scenario)>;

struct ArenaOptions {
  std::string ruleset;   // short name or the contract's enum name
  std::string scenario;  // empty: the rule set's own (load_start says which)
  ScenarioLoader load_start;
  std::string zulu = "rules";
  std::string british = "rules";
  int games = 100;
  uint64_t seed = 1;  // game i plays with seed + i
  int threads = 1;
  Shard shard;
  // The shard's first games already in hand (a resumed shard file,
  // ai/arena/shard_file.h): the run plays the rest of the shard, from game
  // first + already_played. 0..the shard's games.
  int already_played = 0;
  int turn_cap = 60;
  // No new game starts after the deadline or once cancelled; the run then
  // fails with DEADLINE_EXCEEDED or CANCELLED. Searches stop there too.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::function<bool()> cancelled;
};

// A study: the options that define its games (rule set, scenario, both
// policies, turn cap, first seed, number of games) and the shards it is
// played in. Its key names it in every shard file of it.
struct Study {
  std::string ruleset;   // the contract's enum name
  std::string scenario;  // the built-in scenario's name
  std::string zulu;      // the policies' texts, lower case, as the games carry them
  std::string british;
  int turn_cap = 0;
  uint64_t seed = 0;  // game i plays with seed + i
  int games = 0;      // in the whole study
  int shards = 1;
  // 16 hex digits: FNV-1a (64 bits) of the fields above as a JSON array.
  std::string Key() const;
  // "TSATF_ZULU_CONTROL, scenario patrol, Zulu rules vs British random,
  // turn cap 60, 100 games from seed 1 in 4 shards".
  std::string Describe() const;
  // "shard 1/4 (games 25..49, seeds 26..50)".
  std::string DescribeShard(int index) const;
};

// The study the options play (the rule set's id and the default scenario
// filled in), after every check RunArena makes before its first game, with
// RunArena's errors.
absl::StatusOr<Study> StudyOf(const ArenaOptions& options);

struct FaultCounts {
  int errors = 0;
  int illegal = 0;
  int timeouts = 0;
};

// One game as the arena keeps it (one JSON line).
struct ArenaGame {
  int game = 0;       // i: the seed is first seed + i
  uint64_t seed = 0;
  std::string ruleset;  // the contract's enum name
  std::string scenario;
  std::string zulu;     // the policies' texts, as given
  std::string british;
  int turn_cap = 0;
  Side winner = Side::kUnspecified;  // kUnspecified: a draw or undecided
  bool draw = false;                 // judged neither side's by the rule set
  bool capped = false;               // still going at the turn cap
  double score = 0.0;                // Ruleset::Score(end, ZULU)
  std::string result;                // on the rule set's own scale
  int turns = 0;
  int steps = 0;
  int british_lost = 0;
  int zulu_lost = 0;
  FaultCounts zulu_faults;
  FaultCounts british_faults;
  std::string error;  // the engine's error, if the game could not finish
  std::vector<int> british_choices;
};

std::string ToJsonLine(const ArenaGame& game);  // no newline
absl::StatusOr<ArenaGame> FromJsonLine(const std::string& line);
// Every game line of a JSON-lines stream (blank lines and a shard file's
// records skipped: ai/arena/shard_file.h); errors name the line.
absl::StatusOr<std::vector<ArenaGame>> ReadJsonLines(std::istream& in, const std::string& name);

// The 95% Wilson score interval of a proportion p of n trials (n > 0); p may
// be fractional (a score share with draws as halves).
struct Interval {
  double low = 0.0;
  double high = 0.0;
};
Interval Wilson(double p, int n, double z = 1.959964);
// 400 log10(p / (1 - p)): the Elo difference a score share p implies
// (+-infinity at 1 and 0).
double EloFromShare(double p);

struct SideReport {
  std::string policy;
  int wins = 0;
  double win_rate = 0.0;
  Interval win_interval;
  double mean_score = 0.0;   // on the rule set's scale, from this side
  double score_share = 0.0;  // (wins + (draws + undecided) / 2) / played
  double elo = 0.0;          // against the other side
  double elo_low = 0.0;
  double elo_high = 0.0;
  FaultCounts faults;
};

struct ArenaReport {
  std::string ruleset;
  std::string scenario;
  int turn_cap = 0;
  int games = 0;   // every game of the run
  int played = 0;  // those the engine finished
  uint64_t first_seed = 0;
  uint64_t last_seed = 0;
  SideReport zulu;
  SideReport british;
  int draws = 0;
  int undecided = 0;
  int capped = 0;
  int engine_errors = 0;  // games the engine could not finish
  std::map<std::string, int> results;  // by result on the rule set's scale
  double mean_turns = 0.0;
  double mean_british_lost = 0.0;
  double mean_zulu_lost = 0.0;
  std::string text;  // FormatArenaReport
};

// The report of games in seed order (all of one run: same rule set,
// scenario, policies and turn cap; FAILED_PRECONDITION otherwise, and for a
// seed seen twice).
absl::StatusOr<ArenaReport> Summarise(const std::vector<ArenaGame>& games);

// Running tallies, given to the progress callback after each game.
struct Progress {
  int done = 0;
  int total = 0;
  int zulu_wins = 0;
  int british_wins = 0;
  int draws = 0;
  int undecided = 0;
  int engine_errors = 0;
};
using ProgressFn = std::function<void(const Progress&, const ArenaGame&)>;

// Plays the games of the options' shard (past its `already_played` first);
// writes each game's JSON line to `lines` (if not null) in seed order,
// flushed a line at a time; returns the games it played in seed order.
// INVALID_ARGUMENT for bad options (the message names the flag),
// FAILED_PRECONDITION for a policy or scenario that cannot be had,
// DEADLINE_EXCEEDED / CANCELLED as ArenaOptions says.
absl::StatusOr<std::vector<ArenaGame>> RunArena(const ArenaOptions& options, std::ostream* lines,
                                               const ProgressFn& progress);

}  // namespace impi::arena

#endif  // IMPI_AI_ARENA_ARENA_H_
