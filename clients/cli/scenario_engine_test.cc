// The built-in TSATF patrol through the service's checks and the engine:
// the table a player gets from `impi example tsatf` is one impi accepts and
// plays. Built only when the impi_service library is part of the build.
#include <string>
#include <vector>

#include "clients/cli/request_io.h"
#include "engine/rulesets/umpire.h"
#include "gtest/gtest.h"
#include "service/convert.h"
#include "engine/rulesets/tsatf/tsatf_state.h"

namespace impi::cli {
namespace {

service::AdvanceInput PatrolInput(uint64_t seed) {
  absl::StatusOr<v1::TableState> state = LoadScenario("tsatf");
  EXPECT_TRUE(state.ok()) << state.status();
  absl::StatusOr<service::AdvanceInput> in =
      service::AdvanceFromProto(WrapState(state.ok() ? *state : v1::TableState(), seed));
  EXPECT_TRUE(in.ok()) << in.status();
  return in.ok() ? *in : service::AdvanceInput();
}

TEST(PatrolInEngineTest, PassesTheServiceAndRuleSetChecks) {
  absl::StatusOr<v1::TableState> state = LoadScenario("tsatf");
  ASSERT_TRUE(state.ok());
  absl::StatusOr<BattleState> converted = service::StateFromProto(*state);
  ASSERT_TRUE(converted.ok()) << converted.status();
  EXPECT_EQ(converted->ruleset, "TSATF_ZULU_CONTROL");
  EXPECT_EQ(converted->units.size(), 9u);
  EXPECT_EQ(converted->points.size(), 20u);
}

// 003: "At the start of the game, no Zulu units are placed on the field", and
// RANDOM CHANCE FROM TABLE EDGE is rolled only "after the second turn": with
// no British move, turn 1 creates nothing, whatever the dice.
TEST(PatrolInEngineTest, FirstAdvanceCreatesNoZulusAndAwaitsTheBritishMove) {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    service::AdvanceInput in = PatrolInput(seed);
    absl::StatusOr<StepResult> r = RunAdvance(in.state, in.british, in.policy, in.dice);
    ASSERT_TRUE(r.ok()) << "seed " << seed << ": " << r.status();
    EXPECT_EQ(r->awaiting.side, Side::kBritish) << "seed " << seed;
    EXPECT_EQ(r->awaiting.kind, AwaitKind::kBritishMove) << "seed " << seed;
    EXPECT_EQ(r->state.units.size(), 9u) << "seed " << seed;
    ASSERT_NE(tsatf::OwnState(r->state), nullptr) << "seed " << seed;
    EXPECT_EQ(tsatf::OwnState(r->state)->committed, 0) << "seed " << seed;
  }
}

// 003, DURING MOVEMENT: "If the British players at any time move to within 6"
// of an appearance point that has not previously been tested for random
// chance, roll on the Random chance on-field table." The Natal Mounted
// Police ride to 3.8" of appearance point 7 (the donga head).
TEST(PatrolInEngineTest, RidingUpToTheDongaTestsItsAppearancePoint) {
  service::AdvanceInput in = PatrolInput(1);
  absl::StatusOr<StepResult> first = RunAdvance(in.state, in.british, in.policy, in.dice);
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_EQ(first->awaiting.kind, AwaitKind::kBritishMove);

  Action move;
  move.kind = ActionKind::kMove;
  move.unit_id = "b6";
  move.to = Vec2(22, 13);
  Action pass;
  pass.kind = ActionKind::kPass;
  DiceSpec dice;
  dice.seed = 2;
  absl::StatusOr<StepResult> second = RunAdvance(first->state, {move, pass}, PolicySpec{}, dice);
  ASSERT_TRUE(second.ok()) << second.status();
  int tests_of_point_7 = 0;
  for (const Event& e : second->events) {
    if (e.kind == EventKind::kTableRoll && e.point_kind == PointKind::kAppearance) {
      EXPECT_EQ(e.point, 7) << "only the donga head is within 6\" of the ride";
      if (e.point == 7) ++tests_of_point_7;
    }
  }
  EXPECT_GE(tests_of_point_7, 1);
  const Point* donga = second->state.FindPoint(PointKind::kAppearance, 7);
  ASSERT_NE(donga, nullptr);
  EXPECT_NE(donga->state, PointState::kUntested);
}

}  // namespace
}  // namespace impi::cli
