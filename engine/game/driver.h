// engine/game/driver.h: who calls the policies.
//
// Overview: a rule set never calls a policy. The driver does: Advance applies
// the British actions, then runs the umpire's procedure and, whenever a Zulu
// decision is awaited, asks the Zulu policy (made from the PolicySpec through
// engine/game/policy.h) for one of Ruleset::LegalActions(ZULU) and
// applies it, until the British are awaited or the game is over. A Zulu
// decision that a British action leaves pending (a tray's charge on a
// retiring unit) is settled before the next British action. Ask settles one
// named decision point and the Zulu decisions it leads to, and nothing after.
//
// Usage:
//   Awaiting next;
//   IMPI_RETURN_IF_ERROR(Advance(*rules, state, british, PolicySpec{}, dice, log, &next));
//
// Work budget: when `dice` carries a WorkBudget (engine/core/budget.h), each
// Zulu decision is charged to it as well as each die, and a spent budget
// throws BudgetExceeded out of these functions; RunAdvance and RunAsk
// (umpire.h) catch it.
//
// Errors: those of the rule set; FAILED_PRECONDITION when a Zulu decision is
// awaited and no policy of that kind is registered (UNIMPLEMENTED for MCTS),
// INTERNAL when the policy chooses outside the legal actions or a step runs
// away. A failed call may have changed `state`: work on a copy (umpire.h).
//
// Thread safety: the functions keep no state of their own; each call makes
// its own policy object.
#ifndef IMPI_ENGINE_GAME_DRIVER_H_
#define IMPI_ENGINE_GAME_DRIVER_H_

#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"

namespace impi {

// Settles awaited Zulu decisions with a policy made on first need.
class ZuluChooser {
 public:
  ZuluChooser(const Ruleset& rules, PolicySpec spec) : rules_(rules), spec_(spec) {}
  // While a Zulu decision is awaited: choose, apply. With `run`, the umpire's
  // procedure runs after each (and first), so this returns only when the
  // British are awaited or the game is over; without it, it returns when no
  // Zulu decision is pending.
  absl::Status Settle(BattleState& state, Dice& dice, EventLog& log, bool run);
  // The number of Zulu decisions settled so far.
  int decisions() const { return decisions_; }

 private:
  const Ruleset& rules_;
  PolicySpec spec_;
  std::unique_ptr<Policy> policy_;
  int decisions_ = 0;
};

// Applies `british` in order, each checked against the state the earlier
// ones left, then plays the Zulu side until the British are awaited or the
// game ends; fills `awaiting`. An action whose target was in play before the
// batch (Ruleset::InPlay) and was taken out of play by an earlier action of
// it (a FIRE at a regiment the FIRE before destroyed) is skipped, with a
// BRITISH_ACTION event that says so; any other refusal refuses the whole
// batch. Errors name "british_actions[i]".
absl::Status Advance(const Ruleset& rules, BattleState& state, const std::vector<Action>& british,
                     const PolicySpec& zulu, Dice& dice, EventLog& log, Awaiting* awaiting);

// Settles `question` and the Zulu decisions it leads to. `*decision` is the
// index in `log` of the event that answers the question.
absl::Status Ask(const Ruleset& rules, BattleState& state, const Question& question,
                 const PolicySpec& zulu, Dice& dice, EventLog& log, int* decision);

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_DRIVER_H_
