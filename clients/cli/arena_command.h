// clients/cli/arena_command.h: `impi arena`, `impi arena merge` and
// `impi replay`, the arena (ai/arena/arena.h) on the command line.
//
// Overview: ArenaCommand runs an arena over a built-in scenario
// (service/scenarios.h loads it) and prints the report, writing each game's
// JSON line to its shard file (--out); MergeCommand reports the shard
// files of a whole study as one run, refusing a study short of games;
// ReplayCommand plays one recorded game again with its step-by-step account
// and checks it ends as recorded.
//
// Usage:
//   arena::ArenaOptions o;  o.ruleset = "tsatf";  o.games = 20;
//   int code = arena::ArenaCommand(o, "", std::cout, std::cerr);
//
// Thread safety: one command at a time; the rule sets and policies must be
// registered first (impi::RegisterEverything).
#ifndef IMPI_CLIENTS_CLI_ARENA_COMMAND_H_
#define IMPI_CLIENTS_CLI_ARENA_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "ai/arena/arena.h"
#include "clients/cli/simulate.h"

namespace impi::arena {

// `impi arena`: prints the report (a progress bar on `err` when `err_is_tty`).
// With `out_path`, writes the shard's file (ai/arena/shard_file.h): its
// shard record, a line a game as each ends, its completion record. With
// `resume`, a file already there of the same study and shard is carried on
// from its last whole line (a torn last line is played again; a complete
// shard is only reported); one of another study or shard is refused.
// Exit 0 when every game was played, 1 for bad options, 2 for a scenario or
// policy that cannot be had, a file that cannot be written or resumed, or a
// game the engine could not finish (the report still prints). Options
// without a loader load the built-in scenarios (service::ScenarioStart).
// An outside agent (grpc:HOST:PORT) is waited for and reported as `impi
// simulate` does it (cli::AwaitAgents, cli::ReportAgents): one that never
// answers stops the run before its first game, and its faults make the exit
// 2 with the counts on stderr, unless `play_on_agent_faults`
// (--play-on-agent-faults).
int ArenaCommand(const ArenaOptions& options, const std::string& out_path, std::ostream& out,
                 std::ostream& err, bool err_is_tty = false, bool resume = false,
                 bool play_on_agent_faults = false, int agent_wait_ms = cli::kAgentWaitMs);
// `impi arena merge FILE... [--partial]`: the report of a study's shard
// files, the same bytes as one unsharded run. Exit 2, naming each fault,
// for a file that cannot be read as a shard file (a duplicated game among
// them), files of more than one study, a shard in two files, or a study
// with a shard missing or incomplete (each named with its games and seeds).
// With `partial` a study short of games is reported, headed by a line
// "partial study KEY: N of M games" and the shards it lacks.
int MergeCommand(const std::vector<std::string>& files, std::ostream& out, std::ostream& err,
                 bool partial = false);
// `impi replay FILE --game K`: plays game K of an arena file again, prints
// its step-by-step account and checks the end is the one recorded (exit 2
// with the difference if not, or if there is no game K).
int ReplayCommand(const std::string& file, int game, std::ostream& out, std::ostream& err);

}  // namespace impi::arena

#endif  // IMPI_CLIENTS_CLI_ARENA_COMMAND_H_
