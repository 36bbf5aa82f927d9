// ai/mcts/mcts_policy.h: the search as a Policy (PolicyKind::kMcts), for
// either side of any rule set.
//
// Overview: Choose searches the decision of `state` with the budget of the
// PolicySpec (iterations, milliseconds, threads; 200 iterations when
// neither budget is given) and picks the most visited action. Its seed is a
// hash of the request's seed (PolicySpec::seed), the acting side's
// information-set key (Ruleset::InformationSetKey: what that side knows,
// never the umpire's hidden facts) and the budget, so the same request gives
// the same choice, with any number of server threads, and two states the
// acting side cannot tell apart get the same choice. The account says what the
// search saw: iterations, time, visits and mean value of the leading
// candidates, and the principal line. Once the spec's deadline has passed
// or its call is cancelled, Choose makes the decision as the rule set's
// RULES policy for the side would (the first option if there is none), so
// that a call answers in time; so it makes every decision that is not
// pivotal (Ruleset::Pivotal) when the spec asks to search only those. The
// spec's rollout_depth, if set, is the search's.
//
// Usage (the composition root registers it for each rule set and side):
//   RegisterPolicy(id, side, PolicyKind::kMcts, [](const PolicySpec& s) {
//     return std::make_unique<mcts::MctsPolicy>(s);
//   });
//
// Thread safety: one MctsPolicy per thread (as any Policy).
#ifndef IMPI_AI_MCTS_MCTS_POLICY_H_
#define IMPI_AI_MCTS_MCTS_POLICY_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/mcts/mcts.h"
#include "engine/game/policy.h"

namespace impi::mcts {

// The budget when a request gives none.
inline constexpr int kDefaultIterations = 200;

class MctsPolicy final : public Policy {
 public:
  explicit MctsPolicy(const PolicySpec& spec);
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;

 private:
  // The decision without a search (once the time is up, or one that is not
  // pivotal when only those are searched), as RULES makes it.
  int Fallback(const BattleState& state, const std::vector<Action>& options, Dice& dice,
               std::string* why, const char* reason_not_searched);

  Options options_;
  uint64_t seed_ = 0;  // the request's (PolicySpec::seed)
  bool pivotal_only_ = false;
  std::unique_ptr<Policy> fallback_;
};

// The account of a search, as Choose gives it.
std::string Account(const Result& result);

}  // namespace impi::mcts

#endif  // IMPI_AI_MCTS_MCTS_POLICY_H_
