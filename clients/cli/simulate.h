// clients/cli/simulate.h: `impi simulate`, whole games played in-process.
//
// Overview: loads a built-in scenario (engine/scenarios/embedded.h) through
// the service's checked conversion (service/convert.h), then plays N games,
// game i with dice seed S+i: while the game is not over, if the British are
// awaited the British policy (MakePolicy(ruleset, BRITISH, --british))
// picks one of Ruleset::LegalActions(state, BRITISH), and RunAdvance applies
// it and plays the Zulus (the Zulu policy, --zulu, is the engine's to call)
// until the British are awaited again. Each step's dice come from a counter
// stream of the game's seed alone, so the results do not depend on --threads.
// A game still going after the turn cap is undecided. The report gives the
// outcomes, the Zulu win rate with its 95% Wilson interval, mean turns, mean
// figures lost on each side, and how often each variant of the situation
// rolls occurred (Ferree's A-F: laager, thornbush, Durnford late, deployment,
// scouts, the hour the Zulus were found); for Zulu Control's patrol, how each
// game ended (victory.h: the objective seized and held, the patrol cut up,
// the objective missed, too few holding it), how often the objective was
// reached and the figures holding it at the end. A draw is a game the rule set judged neither side's.
// How the British lose: for Ferree, the engine's counters
// (ferree::BritishLosses: figures lost to Zulu fire and in close combat,
// those by units short of ammunition, company resolve tests ending in ROUT
// or RETIRE, figures routed off the table), the companies out of ammunition
// at the end and each Zulu win's main cause (LossCause); for Zulu Control,
// the British figures lost in the Zulu wins and how those games ended.
//
// Zulu Control is played with the engine resolving the British side
// (tsatf.resolve_british = 1) unless the scenario sets that parameter;
// `--scenario patrol` names the built-in tsatf_patrol (a scenario not found by
// its name is looked up as <ruleset>_<name>).
//
// --laager forces situation A's laager: the first step (the situation rolls)
// is played with scripted dice whose first face is a 6 (A: "6 Chelmsford ...
// laagers the wagons") and the rest drawn from the game's seed; the engine
// then rolls B-F with the defensive-camp deployment and builds the laager.
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
#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::cli {

struct SimulateOptions {
  std::string ruleset = "ferree";       // short name or the contract's enum name
  std::string scenario;  // a built-in scenario; empty: the rule set's own (DefaultScenario)
  int games = 100;
  uint64_t seed = 1;              // game i plays with seed + i
  std::string zulu = "rules";     // rules | mcts | grpc:HOST:PORT (an outside agent)
  std::string british = "rules";  // rules | mcts | grpc:HOST:PORT
  int iterations = 0;             // a search's iterations a decision (0: the policy's 200)
  int threads = 1;
  bool laager = false;
  int turn_cap = 60;
  // The arena (clients/arena/arena.h): a side's policy given in full, used
  // instead of --zulu/--british and --iterations when set.
  std::optional<PolicySpec> zulu_spec;
  std::optional<PolicySpec> british_spec;
  // A replay: the British choices of a recorded game
  // (GameRecord::british_choices), taken in turn instead of asking the
  // British policy; a choice out of range, or too few, is an error.
  const std::vector<int>* british_script = nullptr;
  // Called before each step with the state, the British actions and the
  // dice of the step (impi replay plays the step again with a full log).
  std::function<void(const BattleState&, const std::vector<Action>&, const DiceSpec&)> on_step;
};

// The main cause of a British defeat (a Zulu win), from the British
// starting figures' fates (designed, docs/simulation.md "How the British
// lose"): the largest of the figures lost in close combat by units with
// ammunition (kCloseCombat), lost in close combat by units low or out of it
// (kAmmunition), lost to Zulu fire (kFire), gone off the table in a rout
// after a failed resolve test (kResolve), escaped off the table by a move
// (kEscaped). Ties go in that order.
enum class LossCause { kNone, kCloseCombat, kAmmunition, kFire, kResolve, kEscaped };
const char* LossCauseName(LossCause c);

// One game's result.
struct GameRecord {
  uint64_t seed = 0;
  Side winner = Side::kUnspecified;  // kUnspecified: undecided
  bool capped = false;               // stopped at the turn cap
  int turns = 0;
  int steps = 0;         // Advance calls
  int british_lost = 0;  // figures seriously wounded or killed
  int zulu_lost = 0;     // figures removed (killed)
  int british_start = 0;
  int zulu_start = 0;
  impi::ferree::Situation situation;  // the situation rolls A-F as played
  // Ferree: the victory scale (ferree::OutcomeOf) and the British figures
  // that escaped off the table.
  impi::ferree::Victory victory = impi::ferree::Victory::kNone;
  int british_escaped = 0;
  int british_out_of_ammunition = 0;  // companies low or out at the end
  // Ferree: how the British lost figures and units (ferree::BritishLosses).
  int british_lost_to_fire = 0;
  int british_lost_in_close_combat = 0;
  int british_lost_in_close_combat_short = 0;  // by units low or out of ammunition
  int british_routs = 0;                       // resolve tests ending in ROUT
  int british_retires = 0;                     // ... in RETIRE
  int british_routed_off = 0;  // figures gone off the table in a rout
  int british_out_of_ammunition_out = 0;       // companies out (not low) at the end
  LossCause loss_cause = LossCause::kNone;     // set for a Zulu win
  // Zulu Control's patrol task (engine/rulesets/tsatf/victory.h): how the
  // game ended, whether the objective was reached, figures holding it.
  bool draw = false;
  std::string ending;
  bool objective = false;
  int british_holding = 0;
  // The end on the rule set's scale: Ruleset::Score(end, ZULU), in [-1, 1].
  double score = 0.0;
  // The index chosen among LegalActions(BRITISH) at each British step, in
  // order: with the seed, what a replay needs (SimulateOptions::british_script).
  std::vector<int> british_choices;
};

// The contract's enum name of a rule set given on the command line: "ferree"
// -> "FERREE_ISANDLWANA" (also tsatf, empress, pagano, roarks), or the enum
// name itself. INVALID_ARGUMENT for an unknown name.
absl::StatusOr<std::string> RulesetName(const std::string& name);

// The built-in scenario a rule set plays when none is named (the first built
// in for it): its name as --scenario takes it, without the rule set's prefix
// ("isandlwana" for FERREE_ISANDLWANA, "patrol" for TSATF_ZULU_CONTROL,
// "drift" for EMPRESS_DWG). `ruleset` is the contract's enum name.
// NOT_FOUND if none is built in for it.
absl::StatusOr<std::string> DefaultScenario(const std::string& ruleset);

// Plays one game from `start` with `seed`. Errors from the engine come back
// with the game's seed, turn and the British action that failed.
absl::StatusOr<GameRecord> PlayGame(const Ruleset& rules, const BattleState& start, uint64_t seed,
                                    const SimulateOptions& options);

// The 95% Wilson score interval of `wins` out of `n` (0 <= wins <= n, n > 0).
struct Interval {
  double low = 0.0;
  double high = 0.0;
};
Interval WilsonInterval(int wins, int n, double z = 1.959964);

// The report of a run (games in seed order).
std::string FormatReport(const SimulateOptions& options, const std::string& ruleset,
                         const std::vector<GameRecord>& games, int failed);

// `impi simulate`: exit 0 when every game was played, 1 for bad options, 2
// if the scenario does not load or a game failed (the report still prints).
int SimulateCommand(const SimulateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_SIMULATE_H_
