// clients/cli/simulate.h: `impi simulate`, whole games played in-process.
//
// Overview: loads a built-in scenario (service/scenarios.h, through the
// service's checked conversion), readies it for a game with nobody at the
// table (Ruleset::ForMachinePlay), then plays N games with PlayMatch
// (ai/arena/match.h), game i with dice seed S+i, the Zulu policy --zulu and
// the British policy --british. Each step's dice come from a counter stream
// of the game's seed alone, so the results do not depend on --threads. A
// game still going after the turn cap is undecided. The report gives the
// outcomes, the Zulu win rate with its 95% Wilson interval, mean turns,
// mean figures lost on each side as the rule set counts them, and the rule
// set's own lines of every game (Ruleset::Report: its victory scale, how the
// British lost, the situation rolls, a patrol's end), gathered by section
// (FormatReportLines, engine/game/report.h). Nothing here names a rule set.
//
// --ruleset takes a registered rule set's short name or id; without it, the
// rule set of --scenario, or the first registered. A scenario not found by
// its name is looked up as <short name>_<name> (`--scenario patrol` names
// tsatf_patrol). --opening-faces plays the first step (the umpire's set-up)
// with those faces first (MatchOptions::opening_faces): e.g. Ferree's
// situation A laagers the camp on a first 6.
//
// An outside agent (--zulu or --british grpc:HOST:PORT) is waited for
// before the first game, up to agent_wait_ms, until it accepts a
// connection: started just before (`agent.py --port 50061 &`), it has
// time to listen. One that never does stops the run at once (exit 2, the
// address named). A move an agent got wrong (an error, no answer in time,
// an illegal choice) is played by its side's RULES policy and counted; the
// report ends with the counts, and any fault makes the exit 2, the counts
// on stderr too, unless play_on_agent_faults (--play-on-agent-faults),
// which plays on past an agent that does not answer (after the wait, with a
// warning) and exits 0.
//
// Usage:
//   SimulateOptions o;  o.games = 20;  o.seed = 1;
//   int code = SimulateCommand(o, std::cout, std::cerr);
//
// Thread safety: runs games on up to o.threads threads, each game on its own.
// The rule sets and policies must be registered first
// (impi::RegisterEverything, root/register.h).
#ifndef IMPI_CLIENTS_CLI_SIMULATE_H_
#define IMPI_CLIENTS_CLI_SIMULATE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "ai/arena/match.h"
#include "engine/game/ruleset.h"

namespace impi::cli {

// How long an outside agent has to accept a connection before the first
// game, by default.
inline constexpr int kAgentWaitMs = 10000;

struct SimulateOptions {
  std::string ruleset;   // short name or id; empty: --scenario's, or the first registered
  std::string scenario;  // a built-in scenario; empty: the rule set's own (DefaultScenario)
  int games = 100;
  uint64_t seed = 1;              // game i plays with seed + i
  std::string zulu = "rules";     // rules | mcts | grpc:HOST:PORT (an outside agent)
  std::string british = "rules";  // rules | mcts | grpc:HOST:PORT
  int iterations = 0;             // a search's iterations a decision (0: the policy's 200)
  int threads = 1;
  std::vector<int> opening_faces;  // MatchOptions::opening_faces
  int turn_cap = 60;
  bool play_on_agent_faults = false;  // an agent's faults are not an error
  int agent_wait_ms = kAgentWaitMs;   // how long an agent has to answer first
};

// The match of one game of `options`: the policies from --zulu, --british
// and --iterations. INVALID_ARGUMENT naming the flag for a policy text that
// is not one.
absl::StatusOr<arena::MatchOptions> MatchOptionsOf(const SimulateOptions& options);

// The report of a run (games in seed order).
std::string FormatReport(const SimulateOptions& options, const std::string& ruleset,
                         const std::vector<arena::MatchRecord>& games, int failed);

// The outside agents of a run (`impi simulate`, `impi arena`), its Zulu and
// British policies' texts, as the command line checks them:
//   - AwaitAgents, before the first game, waits up to `wait_ms` for each
//     grpc:HOST:PORT among them to accept a connection. One that never does
//     is an error naming its flag and address (false), or with `play_on` a
//     warning (true: its side's RULES policy plays its moves).
//   - ReportAgents, after the games, prints each agent's counts
//     ("agent (british, HOST:PORT): 12 calls, 1 error, ...") to `out`; a
//     fault (a move the RULES policy played instead) is an error on `err`
//     too, unless `play_on`. Returns whether a fault fails the run.
// The counts are the process's (service::AgentStatsFor): one run a process.
bool AwaitAgents(const std::string& zulu, const std::string& british, bool play_on,
                 int wait_ms, std::ostream& err);
bool ReportAgents(const std::string& zulu, const std::string& british, bool play_on,
                  std::ostream& out, std::ostream& err);

// `impi simulate`: exit 0 when every game was played, 1 for bad options, 2
// if the scenario does not load, an outside agent does not answer or made
// faults (unless play_on_agent_faults), or a game failed (the report still
// prints).
int SimulateCommand(const SimulateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_SIMULATE_H_
