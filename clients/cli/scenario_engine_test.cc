// The built-in TSATF patrol through the service's checks and the engine:
// the table a player gets from `impi example tsatf` is one impi accepts and
// plays. Built only when the impi_service library is part of the build.
#include <algorithm>
#include <string>
#include <vector>

#include "clients/cli/request_io.h"
#include "engine/game/umpire.h"
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

// The patrol hides four appearance points (2 the rocky depression, 5 the
// scrub patch, 7 the donga head, 10 the euphorbia grove). A world the British
// search plays, drawn from their view, believes those four numbers hidden in
// or by (within 3" of) the four features that hold no point the British can
// see: the rocks, the scrub, the donga and the grove, one each, whichever
// number it gives each.
double DistanceToOutline(const Vec2& p, const std::vector<Vec2>& outline) {
  double best = 1e9;
  for (size_t i = 0; i < outline.size(); ++i) {
    const Vec2& a = outline[i];
    const Vec2& b = outline[(i + 1) % outline.size()];
    const Vec2 ab = b - a;
    const double t = std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
    best = std::min(best, (a + t * ab - p).norm());
  }
  return best;
}

TEST(PatrolInEngineTest, ABritishWorldBelievesTheHiddenPointsInTheFeaturesLeft) {
  absl::StatusOr<v1::TableState> state = LoadScenario("tsatf");
  ASSERT_TRUE(state.ok());
  absl::StatusOr<BattleState> s = service::StateFromProto(*state);
  ASSERT_TRUE(s.ok()) << s.status();
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  std::vector<const Terrain*> left;
  for (const Terrain& t : s->terrain) {
    if (t.id == "rocks" || t.id == "scrub" || t.id == "donga" || t.id == "grove") {
      left.push_back(&t);
    }
  }
  ASSERT_EQ(left.size(), 4u);
  const BattleState view = rules.View(*s, Side::kBritish);
  CounterRng rng(3, 0);
  for (int i = 0; i < 20; ++i) {
    BattleState w = view;
    rules.Resample(w, Side::kBritish, rng);
    std::vector<int> numbers, per_feature(left.size(), 0);
    for (const Point& p : w.points) {
      if (p.kind != PointKind::kAppearance || !p.hidden) continue;
      numbers.push_back(p.number);
      for (size_t f = 0; f < left.size(); ++f) {
        if (PointInPolygon(p.position, left[f]->outline) ||
            DistanceToOutline(p.position, left[f]->outline) <= 3.0) {
          ++per_feature[f];
        }
      }
    }
    std::sort(numbers.begin(), numbers.end());
    EXPECT_EQ(numbers, (std::vector<int>{2, 5, 7, 10}));
    EXPECT_EQ(per_feature, (std::vector<int>{1, 1, 1, 1})) << "one believed point by each";
    EXPECT_TRUE(rules.Validate(w).ok()) << rules.Validate(w);
  }
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
