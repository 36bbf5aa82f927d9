// The uniform random player (ai/random/random_policy.h): seeded, uniform,
// registered for both sides of every rule set, and it plays whole games.
#include "ai/random/random_policy.h"

#include <set>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "gtest/gtest.h"

namespace impi::ai {
namespace {

std::vector<Action> Options(int n) {
  std::vector<Action> options(n);
  for (int i = 0; i < n; ++i) options[i].unit_id = "u" + std::to_string(i);
  return options;
}

TEST(RandomPolicyTest, TheSameSeedGivesTheSameChoices) {
  RandomPolicy policy;
  BattleState state;
  const std::vector<Action> options = Options(7);
  Dice a = Dice::Seeded(42, 9);
  Dice b = Dice::Seeded(42, 9);
  for (int k = 0; k < 50; ++k) {
    const int i = policy.Choose(state, options, a, nullptr);
    EXPECT_EQ(i, policy.Choose(state, options, b, nullptr));
    ASSERT_GE(i, 0);
    ASSERT_LT(i, 7);
  }
}

TEST(RandomPolicyTest, EveryOptionIsChosenAndEachRollIsLogged) {
  RandomPolicy policy;
  BattleState state;
  const std::vector<Action> options = Options(5);
  Dice dice = Dice::Seeded(3);
  std::set<int> seen;
  for (int k = 0; k < 200; ++k) seen.insert(policy.Choose(state, options, dice, nullptr));
  EXPECT_EQ(seen, (std::set<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(dice.rolls().size(), 200u);
  EXPECT_EQ(dice.rolls().front().purpose, "random policy");
}

TEST(RandomPolicyTest, ASingleOptionIsTakenWithoutARoll) {
  RandomPolicy policy;
  BattleState state;
  Dice dice = Dice::Seeded(3);
  std::string why;
  EXPECT_EQ(policy.Choose(state, Options(1), dice, &why), 0);
  EXPECT_TRUE(dice.rolls().empty());
  EXPECT_EQ(why, "random policy: the only option");
}

TEST(RandomPolicyTest, RegisteredForBothSidesOfEveryRuleset) {
  PolicySpec spec;
  spec.kind = PolicyKind::kRandom;
  ASSERT_FALSE(AllRulesets().empty());
  for (const Ruleset* rules : AllRulesets()) {
    for (Side side : {Side::kZulu, Side::kBritish}) {
      EXPECT_NE(MakePolicy(std::string(rules->id()), side, spec), nullptr) << rules->id();
    }
  }
}

}  // namespace
}  // namespace impi::ai
