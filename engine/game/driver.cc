#include "engine/game/driver.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"

namespace impi {
namespace {

// A guard against a procedure that never hands back to the British.
constexpr int kMaxZuluDecisions = 1000000;

}  // namespace

absl::Status ZuluChooser::Settle(BattleState& state, Dice& dice, EventLog& log, bool run) {
  for (int guard = 0; guard < kMaxZuluDecisions; ++guard) {
    if (run) IMPI_RETURN_IF_ERROR(rules_.Run(state, dice, log));
    const Awaiting brief = rules_.AwaitsBrief(state);
    if (brief.kind != AwaitKind::kZuluDecision) return absl::OkStatus();
    const std::vector<Action> legal = rules_.LegalActionsAwaiting(state, Side::kZulu, brief);
    if (legal.empty()) {
      return absl::InternalError("a Zulu decision is awaited with no legal action");
    }
    if (policy_ == nullptr) {
      policy_ = MakePolicy(std::string(rules_.id()), Side::kZulu, spec_);
      if (policy_ == nullptr) {
        if (spec_.kind == PolicyKind::kMcts) {
          return absl::UnimplementedError(
              absl::StrCat("no MCTS policy is registered for ", std::string(rules_.id())));
        }
        return absl::FailedPreconditionError(
            absl::StrCat("no RULES policy is registered for ", std::string(rules_.id())));
      }
    }
    // Each decision is charged to the step's budget, if any (budget.h); the
    // policy, which may search on threads of its own with the step's dice,
    // keeps to its own deadline meanwhile.
    if (dice.budget() != nullptr) dice.budget()->Charge();
    // The policy's reason goes only into the log's explanation.
    std::string why;
    int i = 0;
    if (legal.size() > 1) {
      WorkBudget::Suspend suspend(dice.budget());
      i = policy_->Choose(state, legal, dice, log.wanted() ? &why : nullptr);
    }
    if (i < 0 || i >= static_cast<int>(legal.size())) {
      return absl::InternalError(absl::StrCat("the Zulu policy chose option ", i, " of ",
                                              legal.size()));
    }
    ++decisions_;
    IMPI_RETURN_IF_ERROR(rules_.ApplyLegal(state, Side::kZulu, legal, static_cast<size_t>(i), dice,
                                           log, "zulu_policy", why));
  }
  return absl::InternalError("the Zulu side made too many decisions without the British acting");
}

absl::Status Advance(const Ruleset& rules, BattleState& state, const std::vector<Action>& british,
                     const PolicySpec& zulu, Dice& dice, EventLog& log, Awaiting* awaiting) {
  ZuluChooser chooser(rules, zulu);
  // Which targets are in play before the batch: an action whose target an
  // earlier action of the batch took out of play is skipped, not refused.
  std::vector<bool> target_in_play(british.size(), false);
  for (size_t i = 0; i < british.size(); ++i) {
    const std::string& target = british[i].target_id.str();
    target_in_play[i] = !target.empty() && rules.InPlay(state, target);
  }
  for (size_t i = 0; i < british.size(); ++i) {
    const std::string path = absl::StrCat("british_actions[", i, "]");
    const Action& a = british[i];
    if (target_in_play[i] && !rules.InPlay(state, a.target_id.str())) {
      Event& e = log.Add(EventKind::kBritishAction, Side::kBritish);
      if (!a.unit_id.str().empty()) e.unit_ids = {a.unit_id.str()};
      e.target_id = a.target_id.str();
      if (log.wanted()) {
        e.why.text = absl::StrCat(path, ": ", ActionKindName(a.kind), " at ", a.target_id.str(),
                                  " is skipped: an earlier action of this request took ",
                                  a.target_id.str(), " out of play.");
        e.announce = absl::StrCat(a.target_id.str(), " is already gone: ",
                                  a.unit_id.str().empty() ? "the" : a.unit_id.str() + "'s", " ",
                                  ActionKindName(a.kind), " is skipped.");
      }
      continue;
    }
    IMPI_RETURN_IF_ERROR(rules.Apply(state, Side::kBritish, a, dice, log, path, ""));
    IMPI_RETURN_IF_ERROR(chooser.Settle(state, dice, log, /*run=*/false));
  }
  IMPI_RETURN_IF_ERROR(chooser.Settle(state, dice, log, /*run=*/true));
  if (awaiting != nullptr) *awaiting = rules.Awaits(state);
  return absl::OkStatus();
}

absl::Status Ask(const Ruleset& rules, BattleState& state, const Question& question,
                 const PolicySpec& zulu, Dice& dice, EventLog& log, int* decision) {
  const size_t mark = log.size();
  *decision = -1;
  IMPI_RETURN_IF_ERROR(rules.Ask(state, question, dice, log, decision));
  ZuluChooser chooser(rules, zulu);
  IMPI_RETURN_IF_ERROR(chooser.Settle(state, dice, log, /*run=*/false));
  if (*decision < 0) {
    for (size_t i = mark; i < log.size(); ++i) {
      if (log.events()[i].decision) {
        *decision = static_cast<int>(i);
        break;
      }
    }
  }
  if (*decision >= static_cast<int>(log.size())) {
    return absl::InternalError(absl::StrCat(std::string(question.field()), ": the answer is not in the log"));
  }
  return absl::OkStatus();
}

}  // namespace impi
