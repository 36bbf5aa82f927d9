#include "engine/game/umpire.h"

#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/game/driver.h"

namespace impi {

Dice DiceSpec::Make() const {
  if (!scripted) return Dice::Seeded(seed);
  return of_kind.empty() ? Dice::Scripted(faces, cards) : Dice::ScriptedOfKind(of_kind, cards);
}

namespace {

absl::StatusOr<const Ruleset*> Prepare(const BattleState& state) {
  const Ruleset* rules = FindRuleset(state.ruleset);
  if (rules == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(
        "state.ruleset: ", state.ruleset.empty() ? "is required" : state.ruleset,
        state.ruleset.empty() ? "" : " is not implemented yet"));
  }
  IMPI_RETURN_IF_ERROR(rules->Validate(state));
  return rules;
}

absl::StatusOr<StepResult> Finish(BattleState state, EventLog& log, Dice& dice, absl::Status st) {
  // Dice problems first: a script that ran out makes every later failure moot.
  IMPI_RETURN_IF_ERROR(dice.status());
  IMPI_RETURN_IF_ERROR(st);
  StepResult r;
  r.state = std::move(state);
  r.events = std::move(log.mutable_events());
  r.dice = dice.rolls();
  // A die a table read carries its modifiers and total in the event's
  // explanation; the answer's list of every die carries them too
  // (docs/protocol.md).
  std::map<int, size_t> at;
  for (size_t i = 0; i < r.dice.size(); ++i) at[r.dice[i].index] = i;
  for (const Event& e : r.events) {
    for (const DieRoll& d : e.why.dice) {
      auto it = at.find(d.index);
      if (it == at.end() || d.modifiers.empty()) continue;
      DieRoll& top = r.dice[it->second];
      if (top.purpose != d.purpose || !top.modifiers.empty()) continue;
      top.modifiers = d.modifiers;
      top.total = d.total;
    }
  }
  return r;
}

// True for the statuses of a spent budget (budget.h).
bool IsBudgetStatus(const absl::Status& st) {
  return absl::IsDeadlineExceeded(st) || absl::IsCancelled(st) || absl::IsResourceExhausted(st);
}

// `policy` with the request's seed (PolicySpec::seed): the dice source's
// seed, 0 for scripted dice.
PolicySpec SeededBy(const PolicySpec& policy, const DiceSpec& dice) {
  PolicySpec p = policy;
  p.seed = dice.scripted ? 0 : dice.seed;
  return p;
}

// Runs `step` with the budget charged by `dice`; a spent budget is its status.
template <typename Step>
absl::Status WithinBudget(const WorkBudget::Limits& limits, Dice& dice, Step step) {
  WorkBudget budget(limits);
  WorkBudget::Scope scope(&budget);
  dice.set_budget(&budget);
  absl::Status st;
  try {
    st = budget.Check();
    if (st.ok()) st = step();
  } catch (const BudgetExceeded& e) {
    st = e.status();
  }
  dice.set_budget(nullptr);
  return st;
}

}  // namespace

absl::StatusOr<StepResult> RunAdvance(const BattleState& state, const std::vector<Action>& british,
                                      const PolicySpec& policy, const DiceSpec& spec,
                                      const WorkBudget::Limits& limits) {
  IMPI_ASSIGN_OR_RETURN(const Ruleset* rules, Prepare(state));
  BattleState work = state;
  Dice dice = spec.Make();
  EventLog log;
  Awaiting awaiting;
  const PolicySpec seeded = SeededBy(policy, spec);
  absl::Status st = WithinBudget(limits, dice, [&] {
    return Advance(*rules, work, british, seeded, dice, log, &awaiting);
  });
  // A spent budget ends the step whatever the dice say.
  if (IsBudgetStatus(st)) return st;
  IMPI_ASSIGN_OR_RETURN(StepResult r, Finish(std::move(work), log, dice, st));
  r.awaiting = awaiting;
  return r;
}

absl::Status PlayAdvance(const Ruleset& rules, BattleState& state,
                         const std::vector<Action>& british, const PolicySpec& policy,
                         const DiceSpec& spec) {
  Dice dice = spec.Make();
  dice.set_keep_rolls(false);  // nobody reads them
  EventLog log(EventLog::kQuiet);
  absl::Status st = Advance(rules, state, british, SeededBy(policy, spec), dice, log, nullptr);
  // Dice problems first, as in RunAdvance.
  IMPI_RETURN_IF_ERROR(dice.status());
  return st;
}

absl::StatusOr<StepResult> RunAsk(const BattleState& state, const Question& question,
                                  const PolicySpec& policy, const DiceSpec& spec,
                                  const WorkBudget::Limits& limits) {
  IMPI_ASSIGN_OR_RETURN(const Ruleset* rules, Prepare(state));
  BattleState work = state;
  Dice dice = spec.Make();
  EventLog log;
  int decision = -1;
  const PolicySpec seeded = SeededBy(policy, spec);
  absl::Status st = WithinBudget(limits, dice, [&] {
    return Ask(*rules, work, question, seeded, dice, log, &decision);
  });
  if (IsBudgetStatus(st)) return st;
  IMPI_ASSIGN_OR_RETURN(StepResult r, Finish(std::move(work), log, dice, st));
  r.decision = decision;
  r.awaiting = rules->Awaits(r.state);
  return r;
}

void ApplyBritishView(StepResult& result) {
  const Ruleset* rules = FindRuleset(result.state.ruleset);
  if (rules != nullptr) result.state = rules->View(result.state, Side::kBritish);
  std::vector<Event> kept;
  int decision = -1;
  for (size_t i = 0; i < result.events.size(); ++i) {
    Event& e = result.events[i];
    if (e.umpire_only) continue;
    // The British see what happened and what they are told, not the umpire's
    // dice and reasons.
    if (static_cast<int>(i) == result.decision) decision = static_cast<int>(kept.size());
    e.why = Explanation{};
    kept.push_back(std::move(e));
  }
  for (size_t i = 0; i < kept.size(); ++i) kept[i].seq = static_cast<int>(i);
  result.events = std::move(kept);
  result.decision = decision;
  result.dice.clear();
}

}  // namespace impi
