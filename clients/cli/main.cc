// impi: the command-line client of the impi umpire service.
//
//   impi example [NAME] [--request] [--validate]    print (or check) a built-in table
//   impi advance REQUEST.json [--explain] [--state-out FILE] [--actions FILE]
//   impi ask REQUEST.json [--explain] [--state-out FILE]
//   impi describe [--explain]
//   impi simulate [--ruleset R] [--scenario S] [--games N] [--seed S] [--zulu rules]
//                 [--british rules] [--iterations N] [--threads T] [--opening-faces F,...] [--turn-cap 60]
//                 [--play-on-agent-faults]
//   impi arena --ruleset R --scenario S --zulu P --british P --games N --seed S --threads T
//              [--shard i/n] [--out FILE [--resume]] [--turn-cap C] [--play-on-agent-faults]
//   impi arena merge FILE... [--partial]
//   impi replay FILE --game K
//   impi play [--scenario S] [--load FILE] [--save FILE] [--dice manual] [--reveal]
//   impi render STATE.json [-o table.svg] [--reveal]     the table as SVG
//   impi render --arena FILE... [-o chart.svg]           arena win rates as SVG
//
// advance, ask and describe call impi.v1.Umpire over gRPC (--target, default
// 127.0.0.1:50051; --deadline-ms, default 10000). Requests and answers are
// proto3 JSON with the .proto field names. Exit codes: 0 done, 1 a bad command
// line, 2 an input that cannot be read or parsed or an error from the server
// (see clients/cli/commands.h). simulate plays whole games in-process, no
// server (clients/cli/simulate.h); so do arena, arena merge and replay
// (ai/arena/arena.h; `impi arena` with rules on both sides is the
// general form of `impi simulate`).
#include <iostream>
#include <map>
#include <string>

#include <unistd.h>

#include "CLI/CLI.hpp"
#include "ai/arena/arena.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/cli/arena_command.h"
#include "clients/cli/commands.h"
#include "clients/cli/play.h"
#include "clients/cli/render.h"
#include "clients/cli/simulate.h"
#include "clients/cli/table.h"
#include "engine/game/ruleset.h"
#include "engine/game/table_book.h"
#include "engine/scenarios/embedded.h"
#include "root/register.h"
#include "service/agent_policy.h"

namespace impi::cli {
namespace {

constexpr char kPlayOnAgentFaultsHelp[] =
    "an outside agent that does not answer or errs is not an error: the RULES policy plays "
    "its moves and the exit is 0 (the faults are counted)";

void AddCallOptions(CLI::App* cmd, CallOptions* call, bool with_state_out) {
  cmd->add_option("--target", call->target, "impi server address, HOST:PORT")
      ->capture_default_str();
  cmd->add_option("--deadline-ms", call->deadline_ms, "deadline of the call in milliseconds")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--explain", call->explain, "print a readable account instead of JSON");
  if (with_state_out) {
    cmd->add_option("--state-out", call->state_out,
                    "write the returned TableState (JSON) to this file, for the next step");
  }
}

void AddDiceOptions(CLI::App* cmd, DiceOptions* dice) {
  cmd->add_option("--seed", dice->seed,
                  "dice seed; used if the request has no dice, and always if given")
      ->capture_default_str();
  cmd->add_option("--dice", dice->faces,
                  "scripted dice: the faces rolled at the table, in order (e.g. 4,2,6)")
      ->delimiter(',')
      ->check(CLI::Range(1, 100));
  const std::map<std::string, v1::CardColor> colours = {
      {"red", v1::RED}, {"r", v1::RED}, {"black", v1::BLACK}, {"b", v1::BLACK}};
  cmd->add_option("--cards", dice->cards,
                  "scripted cards turned at the table, in order (e.g. red,black,black)")
      ->delimiter(',')
      ->transform(CLI::CheckedTransformer(colours, CLI::ignore_case));
}

int Main(int argc, char** argv) {
  CLI::App app{"impi: the Zulu side and umpire for 1879 Anglo-Zulu War wargames"};
  app.require_subcommand(1);
  // The built-in scenarios' names, for the help.
  std::vector<std::string> names;
  for (const scenarios::EmbeddedScenario& sc : scenarios::AllScenarios()) names.push_back(sc.name);
  const std::string scenario_names = absl::StrJoin(names, ", ");
  CallOptions call;
  DiceOptions dice;

  CLI::App* advance = app.add_subcommand(
      "advance", "apply British actions, then play the Zulus until the British are awaited");
  std::string advance_path;
  AdvanceOptions advance_options;
  advance
      ->add_option("REQUEST", advance_path,
                   "AdvanceRequest JSON, a bare TableState JSON or the page's saved game "
                   "(\"-\": standard input)")
      ->required();
  advance->add_option("--actions", advance_options.actions_path,
                      "British actions to append: a JSON array of Actions, or "
                      "{\"british_actions\": [...]}");
  advance->add_flag("--british-view", advance_options.british_view,
                    "ask for the British view (umpire-only detail hidden; a state saved with "
                    "--state-out then lacks the umpire's book and cannot be played on)");
  AddCallOptions(advance, &call, /*with_state_out=*/true);
  AddDiceOptions(advance, &dice);

  CLI::App* ask = app.add_subcommand("ask", "settle one decision point (an AskRequest)");
  std::string ask_path;
  ask->add_option("REQUEST", ask_path, "AskRequest JSON (\"-\": standard input)")->required();
  AddCallOptions(ask, &call, /*with_state_out=*/true);
  AddDiceOptions(ask, &dice);

  CLI::App* describe = app.add_subcommand("describe", "the server's version, limits and rule sets");
  AddCallOptions(describe, &call, /*with_state_out=*/false);

  CLI::App* example = app.add_subcommand("example", "print a built-in table (no NAME: list them)");
  std::string example_name;
  bool example_request = false;
  bool example_validate = false;
  example->add_option("NAME", example_name, "scenario name (" + scenario_names + ")");
  example->add_flag("--request", example_request,
                    "wrap the table in an AdvanceRequest with dice.seed (see --seed)");
  example->add_flag("--validate", example_validate,
                    "parse the table into a TableState; exit 2 if it does not parse");
  example->add_option("--seed", dice.seed, "dice seed for --request")->capture_default_str();

  CLI::App* simulate =
      app.add_subcommand("simulate", "play whole games in-process and report the outcomes");
  SimulateOptions sim;
  simulate->add_option("--ruleset", sim.ruleset, "rule set (" + RulesetShortNames() + "); default: --scenario's, or the first");
  simulate->add_option("--scenario", sim.scenario, "built-in scenario (" + scenario_names + ", or a rule set's own without its prefix); default: the rule set's first")
      ->capture_default_str();
  simulate->add_option("--games", sim.games, "games to play")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  simulate->add_option("--seed", sim.seed, "game i plays with dice seed SEED+i")
      ->capture_default_str();
  simulate->add_option("--zulu", sim.zulu, "Zulu policy: rules | mcts | grpc:HOST:PORT")
      ->capture_default_str();
  simulate->add_option("--british", sim.british, "British policy: rules | mcts | grpc:HOST:PORT")
      ->capture_default_str();
  simulate->add_option("--iterations", sim.iterations,
                       "a search's iterations a decision, for an mcts side (0: 200)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  simulate->add_option("--threads", sim.threads, "games played at once (results do not depend on it)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  simulate->add_option("--opening-faces", sim.opening_faces,
                       "play the set-up step with these faces first, then d6 faces from the seed "
                       "(e.g. 6: a rule set's first roll forced)")
      ->delimiter(',');
  simulate->add_option("--turn-cap", sim.turn_cap, "a game still going after this turn is undecided")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  simulate->add_flag("--play-on-agent-faults", sim.play_on_agent_faults, kPlayOnAgentFaultsHelp);

  CLI::App* arena_cmd = app.add_subcommand(
      "arena", "pit two policies against each other over many seeded games, in shards if asked");
  arena::ArenaOptions arena_options;
  std::string arena_out;
  std::string arena_shard = "0/1";
  const std::string policy_help =
      "rules | random | mcts:<iterations> | easy | medium | hard | expert | grpc:<host:port>";
  arena_cmd->add_option("--ruleset", arena_options.ruleset, "rule set (" + RulesetShortNames() + "); default: the first")
      ->capture_default_str();
  arena_cmd->add_option("--scenario", arena_options.scenario, "built-in scenario (" + scenario_names + ", or a rule set's own without its prefix); default: the rule set's first")
      ->capture_default_str();
  arena_cmd->add_option("--zulu", arena_options.zulu, "Zulu policy: " + policy_help)
      ->capture_default_str();
  arena_cmd->add_option("--british", arena_options.british, "British policy: " + policy_help)
      ->capture_default_str();
  arena_cmd->add_option("--games", arena_options.games, "games in the whole run (every shard)")
      ->capture_default_str();
  arena_cmd->add_option("--seed", arena_options.seed, "game i plays with dice seed SEED+i")
      ->capture_default_str();
  arena_cmd->add_option("--threads", arena_options.threads,
                        "games played at once (the results do not depend on it)")
      ->capture_default_str();
  arena_cmd->add_option("--shard", arena_shard,
                        "play shard i of n: the games [i*N/n, (i+1)*N/n) of the run")
      ->capture_default_str();
  arena_cmd->add_option("--out", arena_out, "write every game as one JSON line to FILE");
  bool arena_play_on = false;
  arena_cmd->add_flag("--play-on-agent-faults", arena_play_on, kPlayOnAgentFaultsHelp);
  bool arena_resume = false;
  arena_cmd->add_flag("--resume", arena_resume,
                      "carry on the shard file --out of the same study from its last whole line");
  arena_cmd->add_option("--turn-cap", arena_options.turn_cap,
                        "a game still going after this turn is undecided")
      ->capture_default_str();
  CLI::App* merge = arena_cmd->add_subcommand(
      "merge", "the report of shard files (--out), the same as one unsharded run");
  std::vector<std::string> merge_files;
  merge->add_option("FILE", merge_files, "JSON-lines files written by impi arena --out")
      ->required();
  bool merge_partial = false;
  merge->add_flag("--partial", merge_partial,
                  "report a study short of games (headed \"partial study\") rather than refuse it");

  CLI::App* replay = app.add_subcommand(
      "replay", "play one game of an arena file again, step by step, and check its result");
  std::string replay_file;
  int replay_game = 0;
  replay->add_option("FILE", replay_file, "JSON-lines file written by impi arena --out")
      ->required();
  replay->add_option("--game", replay_game, "the game's number K (seed = first seed + K)")
      ->required();

  CLI::App* render = app.add_subcommand(
      "render", "draw a table (or arena results) as SVG, the picture the web page shows");
  RenderCommandOptions render_options;
  render->add_option("INPUT", render_options.inputs,
                     "a TableState, a request or an answer holding one (\"-\": standard input); "
                     "with --arena, files written by impi arena --out")
      ->required();
  render->add_option("-o,--out", render_options.out, "the SVG file (\"-\": standard output)")
      ->capture_default_str();
  render->add_flag("--reveal", render_options.reveal,
                   "draw umpire-only detail (hands, targets, hidden points, markers' forces)");
  render->add_flag("--arena", render_options.arena,
                   "draw the Zulu win rates of arena files, with 95% Wilson intervals");

  CLI::App* play = app.add_subcommand(
      "play", "play the British against impi's Zulus in the terminal (the server plays them)");
  PlayOptions play_options;
  std::string play_dice = "impi";
  play->add_option("--scenario", play_options.scenario, "built-in scenario (" + scenario_names + ")")
      ->capture_default_str();
  play->add_option("--load", play_options.load,
                   "continue a saved game (a TableState file, or the page's saved game)");
  play->add_option("--save", play_options.save, "write the game to FILE after every step");
  play->add_option("--dice", play_dice,
                   "impi: impi rolls (seed SEED + step); manual: type the dice and cards "
                   "from the table when impi asks for them")
      ->capture_default_str()
      ->check(CLI::IsMember({"impi", "manual"}));
  play->add_option("--seed", play_options.seed, "first dice seed (--dice impi)")
      ->capture_default_str();
  play->add_flag("--reveal", play_options.reveal, "show umpire-only events and detail");
  play->add_option("--target", play_options.call.target, "impi server address, HOST:PORT")
      ->capture_default_str();

  CLI::App* table_cmd = app.add_subcommand(
      "table", "read one printed table of a rule set's, with its explanation");
  TableOptions table_options;
  std::vector<std::string> books;
  for (const TableBook* b : AllTableBooks()) books.push_back(b->short_name);
  table_cmd->add_option("RULESET", table_options.ruleset, absl::StrJoin(books, " or "))->required();
  table_cmd->add_option("TABLE", table_options.table, "the table (none: list them and their keys)");
  table_cmd->add_option("KEY=VALUE", table_options.args, "the situation, e.g. remaining=17 lost=3");
  table_cmd->add_option("--dice", table_options.dice,
                        "faces typed in from the table, in the order asked (e.g. --dice 7,3)")
      ->delimiter(',');
  table_cmd->add_option("--seed", table_options.seed, "impi rolls with this seed (no --dice)")
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }

  if (*advance) {
    dice.given = advance->count("--seed") > 0 || !dice.faces.empty() || !dice.cards.empty();
    return AdvanceCommand(advance_path, advance_options, dice, call, std::cout, std::cerr);
  }
  if (*ask) {
    dice.given = ask->count("--seed") > 0 || !dice.faces.empty() || !dice.cards.empty();
    return AskCommand(ask_path, dice, call, std::cout, std::cerr);
  }
  if (*describe) return DescribeCommand(call, std::cout, std::cerr);
  if (*simulate) return SimulateCommand(sim, std::cout, std::cerr);
  if (*merge) return arena::MergeCommand(merge_files, std::cout, std::cerr, merge_partial);
  if (*arena_cmd) {
    absl::StatusOr<arena::Shard> shard = arena::ParseShard(arena_shard);
    if (!shard.ok()) {
      std::cerr << "error: " << shard.status().message() << "\n";
      return kExitUsage;
    }
    arena_options.shard = *shard;
    return arena::ArenaCommand(arena_options, arena_out, std::cout, std::cerr,
                               isatty(STDERR_FILENO) == 1, arena_resume, arena_play_on);
  }
  if (*play) {
    play_options.manual_dice = play_dice == "manual";
    return PlayCommand(play_options, std::cin, std::cout, std::cerr);
  }
  if (*render) return RenderCommand(render_options, std::cout, std::cerr);
  if (*table_cmd) return TableCommand(table_options, std::cout, std::cerr);
  if (*replay) return arena::ReplayCommand(replay_file, replay_game, std::cout, std::cerr);
  if (*example) {
    return ExampleCommand(example_name, example_request, example_validate, dice.seed, std::cout,
                          std::cerr);
  }
  return kExitUsage;
}

}  // namespace
}  // namespace impi::cli

int main(int argc, char** argv) {
  impi::RegisterEverything();
  impi::service::RegisterAgentPolicies();  // --zulu / --british grpc:HOST:PORT
  return impi::cli::Main(argc, argv);
}
