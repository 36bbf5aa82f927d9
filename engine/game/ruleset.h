// engine/game/ruleset.h: the seam between the engine and each rule set.
//
// Overview: an immutable Ruleset (its tables, constants, scenarios) checks and
// drives mutable BattleStates. It says who must act next and what kind of
// decision it is (Awaits), lists the legal structured actions for a side,
// applies actions, knows when the battle is over and how it scores, gives one
// side's view of the table, and resamples the hidden rest for the other side.
// Chance is settled by a Dice object handed to each call; engine/rulesets/
// game_state.h turns the dice a step consumes into explicit chance nodes for
// search by replaying the step with the dice chosen so far.
//
// "One engine, two ways in": the driver (engine/game/driver.h) applies
// the British actions, then, while a Zulu decision is awaited, asks the Zulu
// policy for one of LegalActions(ZULU) and applies it, running the umpire's
// procedure in between, until the British are awaited again; Ask settles one
// named decision point the same way. The rule set itself never calls a
// policy.
//
// Errors: INVALID_ARGUMENT with the field path ("state.units[3].kind: ...")
// for bad input, FAILED_PRECONDITION for a valid state where the question or
// action does not apply. A failed call may have changed `state`: callers
// work on a copy (RunAdvance/RunAsk in engine/game/umpire.h do).
//
// Usage:
//   const Ruleset* rules = FindRuleset("FERREE_ISANDLWANA");
//   IMPI_RETURN_IF_ERROR(rules->Validate(state));
//   IMPI_RETURN_IF_ERROR(rules->Run(state, dice, log));
//   while (rules->Awaits(state).kind == AwaitKind::kZuluDecision) {
//     std::vector<Action> legal = rules->LegalActions(state, Side::kZulu);
//     IMPI_RETURN_IF_ERROR(rules->Apply(state, Side::kZulu, legal[0], dice, log, "zulu", ""));
//     IMPI_RETURN_IF_ERROR(rules->Run(state, dice, log));
//   }
//
// Thread safety: Ruleset objects are immutable and shared by all threads. The
// registry functions below are thread-safe; register before serving.
#ifndef IMPI_ENGINE_GAME_RULESET_H_
#define IMPI_ENGINE_GAME_RULESET_H_

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/core/battle_state.h"
#include "engine/game/action_extra.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/state_hash.h"
#include "engine/game/report.h"

namespace impi {

enum class ActionKind : int {
  kUnspecified = 0, kMove, kFire, kCharge, kPass, kCasualties, kRemove,
  kCloseCombatResult, kStance, kOrder, kFixBayonets, kSendRunner, kDeploy, kOffBoard,
  kLimber, kUnlimber, kEndDeployment,
};
const char* ActionKindName(ActionKind kind);

// A structured action (mirrors impi.v1.Action).
struct Action {
  ActionKind kind = ActionKind::kUnspecified;
  SharedString unit_id;
  Vec2 to = Vec2::Zero();
  std::vector<Vec2> path;
  SharedString target_id;
  int hits = 0;
  int casualties = 0;
  Stance stance = Stance::kUnspecified;
  bool off_table = false;
  int point = 0;
  // The rule set's own fields of this action, if any (action_extra.h):
  // Empress's FIRE by a gun or rocket carries the range the firer announces.
  // The core, the search and the service carry it without naming it.
  ActionExtra extra;
  // On a hex board: the hex a MOVE, CHARGE or DEPLOY ends on (`to` is
  // unused there); none on an open table. A hex rule set reads it; the core
  // and the service carry it unread.
  std::optional<HexCoord> to_hex;
};

enum class AwaitKind : int {
  kUnspecified = 0, kBritishMove, kBritishFire, kBritishCloseCombat, kGameOver,
  kZuluDecision,  // a Zulu decision node: LegalActions(ZULU) lists the choices
  kUmpire,        // the umpire's procedure runs next (Ruleset::Run)
};

struct Awaiting {
  Side side = Side::kUnspecified;
  AwaitKind kind = AwaitKind::kUnspecified;
  std::string prompt;
  int units_may_move = -1;
  std::vector<SharedString> unit_ids;
};

// kRandom: uniform among the legal actions (a baseline for the arena).
// kAgent: an outside program answering over gRPC at PolicySpec::agent_address.
enum class PolicyKind : int { kUnspecified = 0, kRules = 1, kMcts = 2, kRandom = 3, kAgent = 4 };

// What went wrong with a policy during a game, counted by the policy itself
// (an outside agent that did not answer, answered late, or chose an action
// that is not legal) and read by the driver of the game (the arena's fault
// counts). A policy that has a counter in its spec adds to it and carries on
// as it documents (for example with the first legal action); one
// without a counter ignores the faults. Shared by every policy made from one
// spec; the counts are atomic, so a search on many threads may add too.
struct PolicyFaults {
  std::atomic<int> errors{0};     // the policy failed to answer (an RPC error)
  std::atomic<int> illegal{0};    // it chose an action that is not legal
  std::atomic<int> timeouts{0};   // it answered after its time
};

struct PolicySpec {
  PolicyKind kind = PolicyKind::kRules;
  int iterations = 0;
  int milliseconds = 0;
  int threads = 0;
  // kMcts: compare the root's actions on common worlds (ai/mcts/mcts.h,
  // Options::paired_root).
  bool paired_root = false;
  // kMcts with paired_root: how many of the root's actions each round plays
  // (Options::paired_width; 0: the search's default).
  int paired_width = 0;
  // kMcts: decisions a rollout plays before it is valued (0: the search's
  // default), and whether to search only the pivotal decisions
  // (Ruleset::Pivotal), making the others as RULES does.
  int rollout_depth = 0;
  bool pivotal_only = false;
  // kMcts: value a world played to the end by who won, not by how much
  // (Options::value_by_winner).
  bool value_by_winner = false;
  // kMcts: answer the most visited action, as plain MCTS does, rather than
  // the RULES choice unless another is clearly better
  // (Options::keep_rules_z 0), as the difficulty levels do.
  bool plain = false;
  // kMcts: the turn after which a game is undecided (Options::turn_cap; the
  // arena's own cap); 0: none.
  int turn_cap = 0;
  // kMcts: the request's seed (its dice source's seed; 0 when the dice are
  // scripted, or the seed of the game an arena or simulation plays). A
  // search is seeded from it and the acting side's information-set key
  // alone (ai/mcts/mcts_policy.h), never from what that side cannot see.
  uint64_t seed = 0;
  // kRules: a named variant of the rule set's RULES policy, one rule of its
  // doctrine varied, as that policy documents (ai/doctrine/ferree: "bold");
  // kMcts: the style of the searching side's own RULES policy, in the
  // rollouts, as the RULES choice and for the decisions not searched.
  // "" the doctrine as documented; a policy that knows no such style is not
  // made (MakePolicy answers null). Not hashed into a search's seed: a
  // style changes how the worlds are played, not which.
  std::string style;
  // The caller's hard stop (a call's deadline less a margin): a search ends
  // there, and a searching policy makes the decisions after it as RULES does.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // True once the caller has gone (a cancelled call): a search ends at once.
  std::function<bool()> cancelled;
  // kAgent: the agent's address, "host:port".
  std::string agent_address;
  // Where the policy counts its faults; null: not counted.
  std::shared_ptr<PolicyFaults> faults;
};

// One named decision point (AskRequest.question). Each rule set defines its
// own question type beside it (tsatf::Question, ferree::Question: a kind and
// the fields that kind takes); Question carries one of them to the rule set
// without the shared code naming any. The type names its rule set in a
// constant `kRuleset` (the contract's enum name) and its oneof member of
// AskRequest in `kField` ("tsatf"), the first part of every error path.
//
//   Question q = tsatf::Question{tsatf::QuestionKind::kHand, "z1"};
//   if (const auto* mine = q.As<tsatf::Question>()) { ... }
class Question {
 public:
  Question() = default;
  template <typename T, typename = decltype(T::kRuleset)>
  Question(T question)  // NOLINT(google-explicit-constructor): a question is any rule set's
      : tag_(&kTag<T>),
        ruleset_(T::kRuleset),
        field_(T::kField),
        payload_(std::make_shared<const T>(std::move(question))) {}

  // The rule set the question is for ("" for an empty question).
  std::string_view ruleset() const { return ruleset_; }
  // Its member of the AskRequest.question oneof ("tsatf"), for error paths.
  std::string_view field() const { return field_; }
  bool empty() const { return payload_ == nullptr; }
  // The rule set's own question, or nullptr if it is another type.
  template <typename T>
  const T* As() const {
    return tag_ == &kTag<T> ? static_cast<const T*>(payload_.get()) : nullptr;
  }

 private:
  template <typename T>
  static constexpr char kTag = 0;  // one address per question type

  const char* tag_ = nullptr;
  std::string_view ruleset_;
  std::string_view field_;
  std::shared_ptr<const void> payload_;
};

// The question every rule set takes (AskRequest.next_decision): the Zulu
// decision the state awaits now, settled by the Zulu policy through the
// same procedure as in play. The driver answers it (engine/game/driver.h,
// Ask) without the rule set's Ask: FAILED_PRECONDITION where no Zulu
// decision is awaited.
struct NextDecision {
  static constexpr const char* kRuleset = "any rule set";
  static constexpr const char* kField = "next_decision";
};

// The question of rule set T in `q`: INVALID_ARGUMENT for an empty question
// or one of another rule set (naming its member: "ferree: ...").
template <typename T>
absl::StatusOr<const T*> QuestionFor(const Question& q) {
  if (q.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("question: is required (", std::string(T::kField), ": one of its decision points)"));
  }
  if (const T* mine = q.As<T>()) return mine;
  return absl::InvalidArgumentError(absl::StrCat(std::string(q.field()), ": the state's rule set is ",
                                                 std::string(T::kRuleset), ": ask one of its questions, in ",
                                                 std::string(T::kField)));
}

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  // The contract's enum name, e.g. "TSATF_ZULU_CONTROL".
  virtual std::string_view id() const = 0;
  // The name a player types for it on the command line ("tsatf"), lower
  // case, and the prefix of its built-in scenarios' files
  // ("tsatf_patrol": `--scenario patrol`).
  virtual std::string_view short_name() const = 0;
  // Its name for a reader ("Ferree's Isandlwana"), as a page or a report
  // shows it; the id where a rule set gives none.
  virtual std::string_view title() const { return id(); }
  // The rules file this rule set implements.
  virtual std::string_view source() const = 0;
  // "full" or "planned".
  virtual std::string_view status() const = 0;

  // Checks what the generic validation in the service cannot: kinds this rule
  // set does not know, bookkeeping that contradicts itself, parameters it does
  // not take. INVALID_ARGUMENT naming "state.<field path>".
  virtual absl::Status Validate(const BattleState& state) const = 0;

  // --- The game interface: the service, the CLI, the tests, the doctrine and
  // the search all drive a battle through these. A rule set never calls a
  // policy: the driver (engine/game/driver.h) asks the policy for each
  // choice and applies it here.

  // Checks `action` against what `side` may do now, then applies it. A
  // British action may leave a Zulu decision pending (a Zulu tray may charge
  // a retiring unit); a Zulu action settles the pending Zulu decision and
  // carries on what it began until the next Zulu decision or its end (the
  // rest of the activation). Neither runs the umpire's procedure further:
  // call Run. `path` names the action in errors ("british_actions[2]"); `why`
  // is the chooser's reason, logged with a Zulu decision.
  virtual absl::Status Apply(BattleState& state, Side side, const Action& action, Dice& dice,
                             EventLog& log, const std::string& path,
                             const std::string& why) const = 0;

  // Applies legal[i], where `legal` is LegalActions(state, side) of this very
  // state (or PlayableActions), just listed by the caller (the driver's
  // loop): a rule set may use the list instead of working it out again to
  // check the action. The same step as Apply(state, side, legal[i], ...).
  // Default: Apply.
  virtual absl::Status ApplyLegal(BattleState& state, Side side, const std::vector<Action>& legal,
                                  size_t i, Dice& dice, EventLog& log, const std::string& path,
                                  const std::string& why) const {
    return Apply(state, side, legal[i], dice, log, path, why);
  }

  // Whether the unit `unit_id` is in play: on the table with figures left.
  // The driver skips a British action of a batch whose target an earlier
  // action of the same batch took out of play (driver.h, Advance). A rule
  // set that keeps units in play otherwise says so here. Default: the unit
  // exists, is not off the table and has a figure present.
  virtual bool InPlay(const BattleState& state, const std::string& unit_id) const;

  // Runs the umpire's procedure (every die, card and prescribed Zulu
  // behaviour) until a side must decide (Awaits: the British, or a Zulu
  // decision node) or the game is over. Does nothing at a decision node.
  virtual absl::Status Run(BattleState& state, Dice& dice, EventLog& log) const = 0;

  // Settles one decision point through the same procedure. `*decision` is
  // set to the index in `log` of the event that answers the question, or -1
  // when the answer is a Zulu decision left pending in `state`: the driver
  // settles it and takes the first decision event from there.
  virtual absl::Status Ask(BattleState& state, const Question& question, Dice& dice,
                           EventLog& log, int* decision) const = 0;

  // Who must act next, and what kind of decision it is.
  virtual Awaiting Awaits(const BattleState& state) const = 0;
  // The same side and kind, for the loops of the driver and of Game, which
  // need only who acts: the prompt may leave out detail that is costly to
  // work out (a unit's list of options) or be empty, and the units may be
  // left out where the rule set's own LegalActionsAwaiting and
  // PlayableActions, which are handed it, do not read them (Empress and
  // Ferree leave them out). Default: Awaits.
  virtual Awaiting AwaitsBrief(const BattleState& state) const { return Awaits(state); }
  // Legal actions for `side` now (a few meaningful candidates for movement);
  // empty when `side` is not awaited.
  virtual std::vector<Action> LegalActions(const BattleState& state, Side side) const = 0;
  // The same, for a caller that holds AwaitsBrief(state) of this very state
  // (Game does, after every step): a rule set may save working it out again.
  // Default: LegalActions.
  virtual std::vector<Action> LegalActionsAwaiting(const BattleState& state, Side side,
                                                   const Awaiting& brief) const {
    (void)brief;
    return LegalActions(state, side);
  }
  // A part of LegalActionsAwaiting(state, side, brief) enough to play on, for
  // a rollout that plays many decisions and keeps none of them: every
  // action in it is legal, it is empty only when that list is, and
  // ApplyLegal takes it as its list. A rule set whose side gives its units'
  // orders one by one, in any order, to be carried out together (Empress)
  // may list the next unit's options only: the rollout then orders the
  // units in a fixed order, which changes no order a unit can be given, at
  // a fraction of the cost. Default: all of them.
  virtual std::vector<Action> PlayableActions(const BattleState& state, Side side,
                                              const Awaiting& brief) const {
    return LegalActionsAwaiting(state, side, brief);
  }
  virtual bool IsOver(const BattleState& state) const = 0;
  // The rule set's own victory scale mapped to [-1, 1] for `side`.
  virtual double Score(const BattleState& state, Side side) const = 0;
  // An estimate in [-1, 1] for `side` of how a battle not over stands (a
  // search's value where it cuts a rollout off). Default: Score.
  virtual double Evaluate(const BattleState& state, Side side) const { return Score(state, side); }
  // Whether the decision awaited in `state` shapes the battle enough to be
  // worth a search (true by default). A rule set whose battles hold many
  // small decisions answers false for those (Ferree: a tray's test to
  // charge a retiring unit, a sniper's target; every British activation,
  // the deployment being pivotal), and a policy told to search
  // only these (PolicySpec::pivotal_only) makes the others as RULES does.
  virtual bool Pivotal(const BattleState& state) const {
    (void)state;
    return true;
  }
  // Measures of a position, each a share in [0, 1] seen from the Zulu side,
  // with their names (either may be null): what an evaluation could weigh,
  // fitted to played battles' results (bench/fit_evaluation.cc). False:
  // the rule set offers none.
  virtual bool EvaluationFeatures(const BattleState& state, std::vector<double>* values,
                                  std::vector<std::string>* names) const {
    (void)state, (void)values, (void)names;
    return false;
  }
  // --- Reporting: what a client says of a game, without naming the rule
  // set (engine/game/report.h).

  // A game from `start` to `end` (over, or stopped at a turn cap) in the
  // rule set's own words. Default: no outcome of its own, no draw, the
  // figures of every unit but the wagons (CountFigures), no lines.
  virtual GameReport Report(const BattleState& start, const BattleState& end) const;
  // Scenarios the rule set builds itself, beside the JSON ones built in
  // (engine/scenarios/): their names, as --scenario takes them. Default:
  // none.
  virtual std::vector<std::string> ScenarioNames() const { return {}; }
  // The scenario `name`, one of ScenarioNames(); NOT_FOUND otherwise.
  virtual absl::StatusOr<BattleState> Scenario(std::string_view name) const;
  // Makes `state` ready for a game with nobody at the table to type in
  // what a player would (the arena, `impi simulate`): e.g. the engine
  // resolves what the British player would otherwise report. Leaves what
  // the caller set. Default: nothing.
  virtual void ForMachinePlay(BattleState& state) const { (void)state; }

  // What `side` may know: umpire-only detail removed for the British.
  virtual BattleState View(const BattleState& state, Side side) const = 0;
  // Replaces what `viewer` cannot know with a sample consistent with its view.
  virtual void Resample(BattleState& state, Side viewer, CounterRng& rng) const = 0;
  // Folds the rule set's own state (BattleState::ruleset_state) into `h`
  // (engine/core/state_hash.h hashes the shared part). Default: none.
  virtual void HashOwnState(const BattleState& state, StateHasher* h) const;

  // What `side` knows, as a key (16 hex digits): equal for two states iff
  // (up to 64-bit collisions) their View(side) is the same. Keys the nodes
  // of an information-set search.
  std::string InformationSetKey(const BattleState& state, Side side) const;
};

// The registry of rule sets, keyed by the contract's enum name (Ruleset::id).
// It names no rule set: the composition root (root/register.h,
// impi::RegisterEverything) registers each one explicitly at start-up.
//
// Adds `ruleset` (not null) to the registry, which owns it for the life of the
// process. ALREADY_EXISTS if a rule set with the same id is registered: the
// first one stays, so pointers handed out by FindRuleset stay valid.
absl::Status RegisterRuleset(std::unique_ptr<const Ruleset> ruleset);
// The registered rule set with this id, or nullptr.
const Ruleset* FindRuleset(std::string_view id);
// Every registered rule set, in the order registered.
std::vector<const Ruleset*> AllRulesets();
// The registered rule set a player names: its short name ("ferree") or its
// id ("FERREE_ISANDLWANA"), in any case. INVALID_ARGUMENT naming `flag` and
// listing the registered short names otherwise.
absl::StatusOr<const Ruleset*> RulesetNamed(std::string_view name, std::string_view flag);
// The registered rule sets' short names, "ferree, tsatf, empress".
std::string RulesetShortNames();

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_RULESET_H_
