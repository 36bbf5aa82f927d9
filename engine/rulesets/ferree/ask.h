// engine/rulesets/ferree/ask.h: the decision points of Ferree's Isandlwana
// that Ask settles one at a time.
//
// Overview: each question (question.h: situation, zulu_plan, entry_turn,
// activate, resolve, rally, induna_order, charge_retiring) runs one step of
// the same procedure the battle runs, on the state it is asked of, and
// names the event that answers it. Errors name "question.<name>.<field>":
// INVALID_ARGUMENT for a unit that is missing or unknown,
// FAILED_PRECONDITION for a question that does not apply to the state.
//
// Usage (within a FerreeBattle):
//   int decision = -1;
//   IMPI_RETURN_IF_ERROR(battle.Ask(question, &decision));
//
// Thread safety: works on the Context's state; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_ASK_H_
#define IMPI_ENGINE_RULESETS_FERREE_ASK_H_

#include "absl/status/status.h"
#include "engine/rulesets/ferree/british.h"
#include "engine/rulesets/ferree/choices.h"
#include "engine/rulesets/ferree/context.h"
#include "engine/rulesets/ferree/melee.h"
#include "engine/rulesets/ferree/pre_battle.h"
#include "engine/rulesets/ferree/question.h"
#include "engine/rulesets/ferree/sequence.h"
#include "engine/rulesets/ferree/zulu.h"

namespace impi::ferree {

class DecisionPoints {
 public:
  DecisionPoints(Context& c, const Choices& choices, PreBattle& pre_battle, Sequence& sequence,
                 ZuluTurn& zulu, BritishTurn& british, Melee& melee);

  // Settles one decision point; `*decision` is the index in the log of the
  // event that answers it.
  absl::Status Ask(const Question& question, int* decision);

 private:
  // Ask (ask.cc): one method per question; each sets `*decision`.
  absl::Status AskSituation(int* decision);
  absl::Status AskZuluPlan(int* decision);
  absl::Status AskEntryTurn(const Question& q, int* decision);
  absl::Status AskActivate(const Question& q, int* decision);
  absl::Status AskResolve(const Question& q, int* decision);
  absl::Status AskRally(const Question& q, int* decision);
  absl::Status AskIndunaOrder(const Question& q, int* decision);
  absl::Status AskChargeRetiring(const Question& q, int* decision);
  // FAILED_PRECONDITION unless the battle is on (ACTIVATION, not over) and,
  // if `no_active_british`, no British unit is active.
  absl::Status NeedBattle(const Question& q, bool no_active_british) const;

  Context& c_;
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  const Choices& choices_;
  PreBattle& pre_battle_;
  Sequence& sequence_;
  ZuluTurn& zulu_;
  BritishTurn& british_;
  Melee& melee_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_ASK_H_
