// ai/random/random_policy.h: the uniform random player (PolicyKind::kRandom),
// for either side of any rule set.
//
// Overview: Choose picks one of the legal options with equal chance, rolling
// one die of options.size() faces on the Dice it is given, so a seeded game
// is reproduced exactly and the roll is logged like any other ("random
// policy: 3 of 7 options"). It is the arena's floor: any policy worth the
// name should beat it. A single option is taken without a roll.
//
// Usage (the composition root registers it for each rule set and side):
//   RegisterPolicy(id, side, PolicyKind::kRandom,
//                  [](const PolicySpec&) { return std::make_unique<ai::RandomPolicy>(); });
//
// Thread safety: stateless; one object may be used by one thread at a time.
#ifndef IMPI_AI_RANDOM_RANDOM_POLICY_H_
#define IMPI_AI_RANDOM_RANDOM_POLICY_H_

#include <string>
#include <vector>

#include "engine/game/policy.h"

namespace impi::ai {

class RandomPolicy final : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;
};

}  // namespace impi::ai

#endif  // IMPI_AI_RANDOM_RANDOM_POLICY_H_
