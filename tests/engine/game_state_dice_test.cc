// tests/engine/game_state_dice_test.cc: GameState's chance nodes for dice of
// a kind. No rule set rolls the average or the arrow die yet, so a minimal
// rule set here rolls one of each (as a rocket's deviation and the morale
// test it causes would) and records the faces it got.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/dice.h"
#include "engine/game/game_state.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

// One umpire step: an arrow die, then an average die; then the game is over.
class TwoKindsRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return "TWO_KINDS"; }
  std::string_view source() const override { return "test"; }
  std::string_view status() const override { return "full"; }
  absl::Status Validate(const BattleState&) const override { return absl::OkStatus(); }
  absl::Status Apply(BattleState&, Side, const Action&, Dice&, EventLog&, const std::string&,
                     const std::string&) const override {
    return absl::FailedPreconditionError("no actions");
  }
  absl::Status Run(BattleState& state, Dice& dice, EventLog&) const override {
    if (!state.parameters.empty()) return absl::OkStatus();
    const int direction = dice.RollArrow("rocket deviation: direction");
    const int morale = dice.RollAverage("morale test");
    state.parameters.push_back(Parameter{"direction", static_cast<double>(direction)});
    state.parameters.push_back(Parameter{"morale", static_cast<double>(morale)});
    return absl::OkStatus();
  }
  absl::Status Ask(BattleState&, const Question&, Dice&, EventLog&, int*) const override {
    return absl::FailedPreconditionError("no questions");
  }
  Awaiting Awaits(const BattleState&) const override {
    Awaiting a;
    a.kind = AwaitKind::kGameOver;
    return a;
  }
  std::vector<Action> LegalActions(const BattleState&, Side) const override { return {}; }
  bool IsOver(const BattleState& state) const override { return !state.parameters.empty(); }
  double Score(const BattleState&, Side) const override { return 0.0; }
  BattleState View(const BattleState& state, Side) const override { return state; }
  void Resample(BattleState&, Side, CounterRng&) const override {}
};

double SumOf(const std::vector<std::pair<int, double>>& outcomes) {
  double sum = 0.0;
  for (const auto& [face, p] : outcomes) sum += p;
  return sum;
}

TEST(GameStateDiceTest, ChanceNodesHaveTheOutcomesOfTheDiesKind) {
  const TwoKindsRuleset rules;
  GameState g(&rules, BattleState{});
  ASSERT_TRUE(g.status().ok()) << g.status();

  // First the arrow die: six directions, each as likely.
  ASSERT_EQ(g.CurrentActor(), GameState::Actor::kChance);
  const auto arrow = g.ChanceOutcomes();
  ASSERT_EQ(arrow.size(), 6u);
  for (int k = 0; k < 6; ++k) {
    EXPECT_EQ(arrow[k].first, k + 1);
    EXPECT_DOUBLE_EQ(arrow[k].second, 1.0 / 6);
  }
  EXPECT_NEAR(SumOf(arrow), 1.0, 1e-12);
  EXPECT_EQ(g.ApplyChance(0).code(), absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(g.ApplyChance(5).ok());

  // Then the average die: 2,3,3,4,4,5 folded into four outcomes.
  ASSERT_EQ(g.CurrentActor(), GameState::Actor::kChance);
  const auto average = g.ChanceOutcomes();
  EXPECT_THAT(average, ElementsAre(Pair(2, 1.0 / 6), Pair(3, 2.0 / 6), Pair(4, 2.0 / 6),
                                   Pair(5, 1.0 / 6)));
  EXPECT_NEAR(SumOf(average), 1.0, 1e-12);
  const absl::Status not_a_face = g.ApplyChance(6);
  EXPECT_EQ(not_a_face.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(not_a_face.message(), "outcome: 6 is not a face of the average die");
  EXPECT_EQ(g.ApplyChance(1).code(), absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(g.ApplyChance(4).ok());

  // The step replayed with both faces, each read as its own kind.
  ASSERT_TRUE(g.IsTerminal());
  ASSERT_EQ(g.battle().parameters.size(), 2u);
  EXPECT_EQ(g.battle().parameters[0].value, 5);
  EXPECT_EQ(g.battle().parameters[1].value, 4);
}

}  // namespace
}  // namespace impi
