// engine/rulesets/ruleset.h: the seam between the engine and each rule set.
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
// "One engine, two ways in": Advance applies the British actions and then
// plays the Zulu side (the umpire's procedure and the policy's choices) until
// the British are awaited; Ask settles one named decision point. Both go
// through the same rule-set code.
//
// Errors: INVALID_ARGUMENT with the field path ("state.units[3].kind: ...")
// for bad input, FAILED_PRECONDITION for a valid state where the question or
// action does not apply, UNIMPLEMENTED for a policy not available yet. A
// failed call may have changed `state`: callers work on a copy (see
// RunAdvance/RunAsk in engine/rulesets/umpire.h, which do).
//
// Usage:
//   const Ruleset* rules = FindRuleset("TSATF_ZULU_CONTROL");
//   IMPI_RETURN_IF_ERROR(rules->Validate(state));
//   Awaiting next;
//   IMPI_RETURN_IF_ERROR(rules->Advance(state, british, policy, dice, log, &next));
//
// Thread safety: Ruleset objects are immutable and shared by all threads.
#ifndef IMPI_ENGINE_RULESETS_RULESET_H_
#define IMPI_ENGINE_RULESETS_RULESET_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"

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
  std::string unit_id;
  Vec2 to = Vec2::Zero();
  std::vector<Vec2> path;
  std::string target_id;
  int hits = 0;
  int casualties = 0;
  Stance stance = Stance::kUnspecified;
  bool off_table = false;
  int point = 0;
};

enum class AwaitKind : int {
  kUnspecified = 0, kBritishMove, kBritishFire, kBritishCloseCombat, kGameOver,
  kZuluDecision,
};

struct Awaiting {
  Side side = Side::kUnspecified;
  AwaitKind kind = AwaitKind::kUnspecified;
  std::string prompt;
  int units_may_move = -1;
  std::vector<std::string> unit_ids;
};

enum class PolicyKind : int { kUnspecified = 0, kRules = 1, kMcts = 2 };

struct PolicySpec {
  PolicyKind kind = PolicyKind::kRules;
  int iterations = 0;
  int milliseconds = 0;
  int threads = 0;
};

// One named decision point (mirrors the AskRequest.question oneof). Each rule
// set answers the kinds it has and FAILED_PRECONDITION for the others.
enum class QuestionKind : int {
  kUnspecified = 0,
  kStartOfTurn,
  kOnField,         // point
  kTableEdge,
  kPerimeterPoint,
  kImpiCreation,    // special, point (appearance) / perimeter_point / at
  kHand,            // unit_id
  kTarget,          // unit_id
  kTemptation,      // unit_id, other_unit_id (the tempting British unit)
  kMoveTest,        // unit_id or perimeter_point
  kZuluMove,        // unit_id
  kFireCard,
  kLoneZulu,        // unit_id, lone_zulu_event, other_unit_id (the British unit)
  kTestToStand,     // unit_id, other_unit_id (the charger)
  kCriticalMorale,  // unit_id
  kSituation,       // pre-battle situation rolls
  kZuluPlan,        // off-board regiments and entry points
  kEntryTurn,       // unit_id (a regiment)
  kActivate,        // unit_id: a drawn counter
  kResolve,         // unit_id
  kRally,           // unit_id (a tray)
  kIndunaOrder,    // unit_id (an induna)
  kChargeRetiring,  // unit_id (a tray), other_unit_id (the retiring British unit)
};
const char* QuestionKindName(QuestionKind kind);

enum class LoneZuluEvent : int { kUnspecified = 0, kFiredAtMissed, kFiredAtHit, kAttackedInCloseCombat };

struct Question {
  QuestionKind kind = QuestionKind::kUnspecified;
  std::string unit_id;
  std::string other_unit_id;
  int point = 0;            // appearance point
  int perimeter_point = 0;
  Vec2 at = Vec2::Zero();
  bool has_at = false;
  bool special = false;
  LoneZuluEvent lone_zulu_event = LoneZuluEvent::kUnspecified;
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  // The contract's enum name, e.g. "TSATF_ZULU_CONTROL".
  virtual std::string_view id() const = 0;
  // The rules file this rule set implements.
  virtual std::string_view source() const = 0;
  // "full" or "planned".
  virtual std::string_view status() const = 0;

  // Checks what the generic validation in the service cannot: kinds this rule
  // set does not know, bookkeeping that contradicts itself, parameters it does
  // not take. INVALID_ARGUMENT naming "state.<field path>".
  virtual absl::Status Validate(const BattleState& state) const = 0;

  // Applies `british` in order, then plays the Zulu side until the engine
  // awaits the British (or the game ends). Fills `awaiting`.
  virtual absl::Status Advance(BattleState& state, const std::vector<Action>& british,
                               const PolicySpec& policy, Dice& dice, EventLog& log,
                               Awaiting* awaiting) const = 0;

  // Settles one decision point. `*decision` is set to the index in `log` of the
  // event that answers the question.
  virtual absl::Status Ask(BattleState& state, const Question& question,
                           const PolicySpec& policy, Dice& dice, EventLog& log,
                           int* decision) const = 0;

  // --- The game interface for search, the arena and external agents. ---

  // Who must act next, and what kind of decision it is.
  virtual Awaiting Awaits(const BattleState& state) const = 0;
  // Legal actions for `side` now (a few meaningful candidates for movement).
  virtual std::vector<Action> LegalActions(const BattleState& state, Side side) const = 0;
  virtual bool IsOver(const BattleState& state) const = 0;
  // The rule set's own victory scale mapped to [-1, 1] for `side`.
  virtual double Score(const BattleState& state, Side side) const = 0;
  // What `side` may know: umpire-only detail removed for the British.
  virtual BattleState View(const BattleState& state, Side side) const = 0;
  // Replaces what `viewer` cannot know with a sample consistent with its view.
  virtual void Resample(BattleState& state, Side viewer, CounterRng& rng) const = 0;
};

// The registry of rule sets, keyed by the contract's enum name.
const Ruleset* FindRuleset(std::string_view id);
std::vector<const Ruleset*> AllRulesets();

}  // namespace impi

#endif  // IMPI_ENGINE_RULESETS_RULESET_H_
