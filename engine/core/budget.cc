// engine/core/budget.cc: WorkBudget. See budget.h.
#include "engine/core/budget.h"

#include "absl/strings/str_cat.h"

namespace impi {
namespace {

thread_local WorkBudget* t_current = nullptr;

}  // namespace

WorkBudget* WorkBudget::Current() { return t_current; }

WorkBudget::Scope::Scope(WorkBudget* budget) : previous_(t_current) { t_current = budget; }

WorkBudget::Scope::~Scope() { t_current = previous_; }

absl::Status WorkBudget::Check(int64_t units) {
  const int64_t work = work_.fetch_add(units, std::memory_order_relaxed) + units;
  if (suspended_.load(std::memory_order_relaxed) > 0) return absl::OkStatus();
  if (limits_.max_work > 0 && work > limits_.max_work) {
    return absl::ResourceExhaustedError(
        absl::StrCat("the step needed more than the server's budget of ", limits_.max_work,
                     " steps of work (dice, cards, decisions, units placed); nothing was applied"));
  }
  if (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline) {
    return absl::DeadlineExceededError(absl::StrCat(
        "the step ran past its deadline (the caller's, or the server's maximum) after ", work,
        " steps of work; nothing was applied"));
  }
  if (limits_.cancelled && limits_.cancelled()) {
    return absl::CancelledError("the caller has gone; the step was stopped, nothing was applied");
  }
  return absl::OkStatus();
}

void WorkBudget::Charge(int64_t units) {
  absl::Status status = Check(units);
  if (!status.ok()) throw BudgetExceeded(std::move(status));
}

}  // namespace impi
