// ai/mcts/mcts_policy.cc: see mcts_policy.h.
#include "ai/mcts/mcts_policy.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/state_hash.h"

namespace impi::mcts {

MctsPolicy::MctsPolicy(const PolicySpec& spec) {
  options_.iterations = spec.iterations;
  options_.milliseconds = spec.milliseconds;
  options_.threads = std::max(1, spec.threads);
  options_.deadline = spec.deadline;
  options_.cancelled = spec.cancelled;
  options_.paired_root = spec.paired_root;
  if (spec.paired_width > 0) options_.paired_width = spec.paired_width;
  if (spec.rollout_depth > 0) options_.rollout_depth = spec.rollout_depth;
  pivotal_only_ = spec.pivotal_only;
  options_.value_by_winner = spec.value_by_winner;
  if (spec.plain) options_.keep_rules_z = 0.0;
  options_.turn_cap = spec.turn_cap;
  options_.style = spec.style;
  seed_ = spec.seed;
  if (options_.iterations == 0 && options_.milliseconds == 0) {
    options_.iterations = kDefaultIterations;
  }
}

int MctsPolicy::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                       std::string* why) {
  (void)dice;  // the search draws from its own seed, not the game's dice
  const Ruleset* rules = FindRuleset(state.ruleset);
  if (rules == nullptr || options.size() <= 1) return 0;
  if ((options_.deadline && std::chrono::steady_clock::now() >= *options_.deadline) ||
      (options_.cancelled && options_.cancelled())) {
    return Fallback(state, options, dice, why, "the call's time is up");
  }
  if (pivotal_only_ && !rules->Pivotal(state)) {
    return Fallback(state, options, dice, why, "not a pivotal decision");
  }
  Options o = options_;
  // The seed: the request's and what the acting side knows (its
  // information-set key), never a fact it cannot see, so two states it
  // cannot tell apart get the same search; then the budget and answer rule.
  StateHasher h;
  h.Add(seed_);
  h.Add(rules->InformationSetKey(state, rules->AwaitsBrief(state).side));
  h.Add(o.iterations);
  h.Add(o.threads);
  if (o.paired_root) h.Add(std::string("paired"));
  if (o.paired_width != Options().paired_width) h.Add(o.paired_width);
  if (o.value_by_winner) h.Add(std::string("win"));
  if (o.keep_rules_z != Options().keep_rules_z) h.Add(std::string("plain"));
  if (o.turn_cap > 0) h.Add(o.turn_cap);
  if (o.rollout_depth != Options().rollout_depth) h.Add(o.rollout_depth);
  o.seed = h.value();
  absl::StatusOr<Result> r = Search(*rules, state, o);
  if (r.ok() && r->iterations == 0) return Fallback(state, options, dice, why, "the call's time is up");
  if (!r.ok() || r->best < 0) {
    if (why != nullptr) *why = absl::StrCat("MCTS could not search (", r.status().message(), "): the first option");
    return 0;
  }
  if (why != nullptr) *why = Account(*r);
  // The options are the rule set's legal actions, as the search's are.
  const uint64_t chosen = ActionHash(r->candidates[r->best].action);
  for (size_t i = 0; i < options.size(); ++i) {
    if (ActionHash(options[i]) == chosen) return static_cast<int>(i);
  }
  return 0;
}

int MctsPolicy::Fallback(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                         std::string* why, const char* reason_not_searched) {
  if (fallback_ == nullptr) {
    PolicySpec rules;
    rules.kind = PolicyKind::kRules;
    rules.style = options_.style;
    const Ruleset* r = FindRuleset(state.ruleset);
    if (r != nullptr) fallback_ = MakePolicy(state.ruleset, r->AwaitsBrief(state).side, rules);
  }
  std::string reason;
  const int i = fallback_ != nullptr ? fallback_->Choose(state, options, dice, &reason) : 0;
  if (why != nullptr) {
    *why = absl::StrCat("MCTS: ", reason_not_searched, "; ",
                        fallback_ != nullptr ? absl::StrCat("as RULES: ", reason) : "the first option");
  }
  return i;
}

std::string Account(const Result& r) {
  std::vector<int> order(r.candidates.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return r.candidates[a].visits > r.candidates[b].visits;
  });
  // No wall time here: the same request gives the same bytes.
  std::string s = absl::StrFormat("MCTS: %d iterations, %d nodes; ", r.iterations, r.nodes);
  const size_t shown = std::min<size_t>(order.size(), 4);
  for (size_t k = 0; k < shown; ++k) {
    const Candidate& c = r.candidates[order[k]];
    absl::StrAppend(&s, k == 0 ? "" : "; ", ActionText(c.action),
                    absl::StrFormat(" (%d visits, mean %+.2f)", c.visits, c.mean));
  }
  if (order.size() > shown) absl::StrAppend(&s, "; ", order.size() - shown, " more");
  if (r.rules >= 0) {
    const Candidate& c = r.candidates[r.rules];
    absl::StrAppend(&s, r.best == r.rules ? ". Kept the RULES choice, " : ". Left the RULES choice, ",
                    ActionText(c.action), absl::StrFormat(" (mean %+.2f)", c.mean),
                    r.best == r.rules ? "" : absl::StrFormat(", for one better by more than %.1f standard errors", Options{}.keep_rules_z));
  }
  if (!r.principal_line.empty()) {
    absl::StrAppend(&s, ". Line:");
    for (size_t k = 0; k < r.principal_line.size() && k < 6; ++k) {
      absl::StrAppend(&s, k == 0 ? " " : ", ", ActionText(r.principal_line[k]));
    }
  }
  absl::StrAppend(&s, ".");
  return s;
}

}  // namespace impi::mcts
