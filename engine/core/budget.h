// engine/core/budget.h: a step's work budget: a deadline, a cancellation check
// and a count of work.
//
// Overview: a WorkBudget bounds one step of the engine (an Advance or an Ask
// as the service runs it). It is charged as the step goes: every die and
// card (Dice, when the budget is attached to it), every decision the driver
// settles (engine/game/driver.h), and a rule set's own costly loops
// (ChargeCurrent, on the step's thread). A charge past the deadline,
// after the caller has gone, or past the most work allowed ends the step at
// once: Charge throws BudgetExceeded, which unwinds the rule set's procedure
// wherever it is (a rule set needs no checks of its own), and the driver's
// caller (RunAdvance, RunAsk) turns it back into a status. The step works on
// a copy of the state, so nothing of it is applied.
//
//   DEADLINE_EXCEEDED   past the deadline
//   CANCELLED           the caller has gone
//   RESOURCE_EXHAUSTED  more than max_work charges (dice, cards, decisions, ...)
//
// Usage:
//   WorkBudget budget({.deadline = steady_clock::now() + 100ms});
//   Dice dice = Dice::Seeded(7);
//   dice.set_budget(&budget);
//   try { ... run the step ... } catch (const BudgetExceeded& e) { return e.status(); }
//
// Thread safety: Charge and Check may be called from any thread; the
// `cancelled` callback must be safe to call from the step's thread. A
// BudgetExceeded must not leave the thread that runs the step: a caller that
// hands the step's dice to other threads (a search) suspends the budget
// meanwhile (Suspend).
#ifndef IMPI_ENGINE_CORE_BUDGET_H_
#define IMPI_ENGINE_CORE_BUDGET_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>

#include "absl/status/status.h"

namespace impi {

// Thrown by WorkBudget::Charge once the budget is spent; carries the status.
class BudgetExceeded : public std::exception {
 public:
  explicit BudgetExceeded(absl::Status status)
      : status_(std::move(status)), what_(status_.ToString()) {}
  const absl::Status& status() const { return status_; }
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  absl::Status status_;
  std::string what_;
};

class WorkBudget {
 public:
  struct Limits {
    // The step ends here (none: no deadline).
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // True once the caller has gone; null: never.
    std::function<bool()> cancelled;
    // The most charges (dice, cards, decisions); 0: no limit.
    int64_t max_work = 0;
  };

  WorkBudget() = default;
  explicit WorkBudget(Limits limits) : limits_(std::move(limits)) {}
  WorkBudget(const WorkBudget&) = delete;
  WorkBudget& operator=(const WorkBudget&) = delete;

  // Counts `units` of work and checks the limits; throws BudgetExceeded once
  // one is past (and at every later charge). Does nothing while suspended.
  void Charge(int64_t units = 1);
  // The same check without throwing: OK, or why the step must end.
  absl::Status Check(int64_t units = 0);
  // Work charged so far.
  int64_t work() const { return work_.load(std::memory_order_relaxed); }

  // The budget of the step this thread runs, if any (set by a Scope): a rule
  // set's own costly loops (a search for free ground round every unit)
  // charge it through ChargeCurrent without a budget passed down to them.
  static WorkBudget* Current();
  // Charges Current(), if any; throws as Charge does.
  static void ChargeCurrent(int64_t units = 1) {
    if (WorkBudget* b = Current()) b->Charge(units);
  }
  // Makes `budget` this thread's Current() while it lives.
  class Scope {
   public:
    explicit Scope(WorkBudget* budget);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    WorkBudget* previous_;
  };

  // While a Suspend lives, charges are not checked (a search given the
  // step's dice keeps its own deadline and threads).
  class Suspend {
   public:
    explicit Suspend(WorkBudget* budget) : budget_(budget) {
      if (budget_ != nullptr) budget_->suspended_.fetch_add(1);
    }
    ~Suspend() {
      if (budget_ != nullptr) budget_->suspended_.fetch_sub(1);
    }
    Suspend(const Suspend&) = delete;
    Suspend& operator=(const Suspend&) = delete;

   private:
    WorkBudget* budget_;
  };

 private:
  Limits limits_;
  std::atomic<int64_t> work_{0};
  std::atomic<int> suspended_{0};
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_BUDGET_H_
