// engine/game/umpire.h: one Advance or Ask, all or nothing.
//
// Overview: RunAdvance and RunAsk are what the service calls. They find the
// rule set named by the state, validate the state, work on a copy, run the
// step with the dice source given, and check the dice (a scripted list that
// ran out, or a face that is not on the die, fails the whole step). On any
// error nothing of the step is returned: the caller's state is untouched.
//
// Usage:
//   DiceSpec dice; dice.seed = 7;
//   absl::StatusOr<StepResult> r = RunAdvance(state, british, PolicySpec{}, dice);
//   if (r.ok()) { use r->state, r->events, r->awaiting, r->dice; }
//
// Thread safety: safe to call from any number of threads at once.
#ifndef IMPI_ENGINE_GAME_UMPIRE_H_
#define IMPI_ENGINE_GAME_UMPIRE_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "engine/core/budget.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/ruleset.h"

namespace impi {

// Where the dice come from (mirrors impi.v1.DiceSource). Scripted dice are
// either plain dN `faces` or `of_kind` dice that each carry a kind, never
// both (the service refuses both); `of_kind` is used if it is not empty.
struct DiceSpec {
  bool scripted = false;
  uint64_t seed = 0;
  std::vector<int> faces;
  std::vector<Dice::ScriptedDie> of_kind;
  std::vector<CardColor> cards;

  Dice Make() const;
};

struct StepResult {
  BattleState state;
  std::vector<Event> events;
  Awaiting awaiting;           // RunAdvance only
  int decision = -1;           // RunAsk only: index into events
  std::vector<DieRoll> dice;   // every die rolled, in order
};

// Advance: apply the British actions, then play the Zulus until the British
// are awaited. Errors: INVALID_ARGUMENT (bad state, action, or dice, with the
// field path: "state.units[2].figures.fit", "british_actions[0].unit_id",
// "dice.scripted.dice"), FAILED_PRECONDITION (an action or step that does not
// apply now), UNIMPLEMENTED (a policy not available yet), and, past `limits`
// (a work budget, engine/core/budget.h: checked at every die, card and
// decision), DEADLINE_EXCEEDED, CANCELLED or RESOURCE_EXHAUSTED.
absl::StatusOr<StepResult> RunAdvance(const BattleState& state, const std::vector<Action>& british,
                                      const PolicySpec& policy, const DiceSpec& dice,
                                      const WorkBudget::Limits& limits = {});

// Advance for a playout that wants only the next state (impi simulate, the
// arena, search): the same step as RunAdvance with the same dice, played on
// `state` itself with a quiet log (EventLog::kQuiet: no events, no
// explanations, no text) and without validating the state, which the caller
// vouches for (one the engine made, or validated once before). Errors as
// RunAdvance's but for validation; on error `state` may be part-way through
// the step: discard it.
absl::Status PlayAdvance(const Ruleset& rules, BattleState& state,
                         const std::vector<Action>& british, const PolicySpec& policy,
                         const DiceSpec& dice);

// Ask: settle one decision point. Errors as RunAdvance; a question this rule
// set does not have, or that does not apply to the state, is
// FAILED_PRECONDITION.
absl::StatusOr<StepResult> RunAsk(const BattleState& state, const Question& question,
                                  const PolicySpec& policy, const DiceSpec& dice,
                                  const WorkBudget::Limits& limits = {});

// The British view of a result: umpire-only detail removed from the state and
// umpire-only events dropped.
void ApplyBritishView(StepResult& result);

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_UMPIRE_H_
