// The patrol task, the turn limit and the outcome of a Zulu Control game
// (engine/rulesets/tsatf/victory.h). Designed: not in the source text
// (003_8a310c3200cb6fb0.txt leaves the task and victory to the scenario,
// "General Principles: SCENARIO DESIGN").
#include <string>

#include "absl/status/statusor.h"
#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/victory.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "engine/game/umpire.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tsatf/test_actions.h"
#include "tests/rules/tsatf/worked_example_state.h"

namespace impi::tsatf {
namespace {

using ::testing::HasSubstr;
using testing::Of;
using testing::Script;

const Ruleset& Rules() { return *FindRuleset("TSATF_ZULU_CONTROL"); }

// The worked example's table (104 British figures: four companies of 20 and
// two troops of 12, entry edge y = 0) with the ford, appearance point 1 at
// (40, 24), as the patrol's objective.
BattleState Patrol() {
  BattleState s = testing::WorkedExampleState();
  s.parameters.push_back({kObjectiveParam, 1});
  return s;
}

void Occupy(BattleState& s) { s.FindPoint(PointKind::kAppearance, 1)->state = PointState::kOccupied; }

void MoveTo(BattleState& s, const std::string& id, double x, double y) {
  s.FindUnit(id)->position = Vec2(x, y);
}

void Lose(BattleState& s, const std::string& id) {
  Unit* u = s.FindUnit(id);
  u->figures.casualties += u->figures.fit;
  u->figures.fit = 0;
  u->off_table = true;
}

TEST(PatrolTask, ReadsItsParameters) {
  BattleState s = testing::WorkedExampleState();
  EXPECT_FALSE(HasPatrolTask(s));
  EXPECT_EQ(TurnLimit(s), 0);
  s.parameters.push_back({kObjectiveParam, 1});
  s.parameters.push_back({kTurnLimitParam, 12});
  EXPECT_TRUE(HasPatrolTask(s));
  EXPECT_EQ(ObjectivePoint(s), 1);
  EXPECT_EQ(TurnLimit(s), 12);
  s.parameters[0].value = 9;  // no appearance point 9 on this table
  EXPECT_FALSE(HasPatrolTask(s));
}

// The entry edge is the table edge nearest the British entry perimeter point.
TEST(PatrolTask, EntryEdge) {
  BattleState s = testing::WorkedExampleState();
  EXPECT_EQ(EntryEdge(s), 0);  // perimeter point 1 at (36, 0)
  EXPECT_DOUBLE_EQ(ToEntryEdge(s, Vec2(10, 5)), 5.0);
  for (Point& p : s.points) p.british_entry = p.kind == PointKind::kPerimeter && p.number == 2;
  EXPECT_EQ(EntryEdge(s), 1);  // (72, 12): the right edge
  EXPECT_DOUBLE_EQ(ToEntryEdge(s, Vec2(70, 5)), 2.0);
  EXPECT_TRUE((EntryEdgePoint(s, Vec2(50, 20), 1.0) - Vec2(71, 20)).norm() < 1e-9);
}

// Designed: "Zulu victory: the figures still on the table and got back are
// fewer than half the patrol's starting figures".
TEST(PatrolOutcome, ZuluVictoryWhenThePatrolIsCutUp) {
  BattleState s = Patrol();
  for (const char* id : {"b1", "b2", "b3"}) Lose(s, id);  // 60 of 104 lost: 44 left
  PatrolResult r = JudgePatrol(s, false);
  EXPECT_EQ(r.outcome, PatrolOutcome::kZuluVictory);
  EXPECT_EQ(r.reason, PatrolReason::kCutUp);
  EXPECT_EQ(r.start_figures, 104);
  EXPECT_EQ(r.on_table_figures, 44);
  EXPECT_EQ(r.lost_figures, 60);
  EXPECT_TRUE(PatrolDecided(s));
  EXPECT_TRUE(Rules().IsOver(s));
  EXPECT_DOUBLE_EQ(Rules().Score(s, Side::kZulu), 1.0);
  EXPECT_DOUBLE_EQ(Rules().Score(s, Side::kBritish), -1.0);
  EXPECT_THAT(Rules().Awaits(s).prompt, HasSubstr("Zulu victory"));
  // Two companies lost leave 64 of 104: not decided yet.
  BattleState t = Patrol();
  for (const char* id : {"b1", "b2"}) Lose(t, id);
  EXPECT_EQ(JudgePatrol(t, false).outcome, PatrolOutcome::kUndecided);
  EXPECT_FALSE(Rules().IsOver(t));
}

// Designed: "British victory, at the end of the turn limit: the objective
// was reached and units within hold_radius of it hold at least hold_share of
// the patrol's starting figures".
TEST(PatrolOutcome, BritishVictoryWhenTheObjectiveIsHeldAtTheEnd) {
  BattleState s = Patrol();
  Occupy(s);
  MoveTo(s, "b1", 40, 24);
  MoveTo(s, "b2", 35, 20);  // 6.4" from the ford
  EXPECT_EQ(JudgePatrol(s, true).outcome, PatrolOutcome::kDraw);  // 40 of 104 hold it
  MoveTo(s, "c1", 45, 30);  // 7.8": 52 of 104, half
  PatrolResult r = JudgePatrol(s, true);
  EXPECT_EQ(r.outcome, PatrolOutcome::kBritishVictory);
  EXPECT_EQ(r.reason, PatrolReason::kTaskDone);
  EXPECT_EQ(r.holding_figures, 52);
  // Only at the end: the game goes on until the turn limit.
  EXPECT_EQ(JudgePatrol(s, false).outcome, PatrolOutcome::kUndecided);
  EXPECT_FALSE(Rules().IsOver(s));
  s.clock.phase = Phase::kGameOver;
  EXPECT_TRUE(Rules().IsOver(s));
  EXPECT_DOUBLE_EQ(Rules().Score(s, Side::kBritish), 1.0);
  EXPECT_DOUBLE_EQ(Rules().Score(s, Side::kZulu), -1.0);
  // The share is a parameter.
  s.parameters.push_back({kHoldShareParam, 0.75});
  EXPECT_EQ(JudgePatrol(s, true).outcome, PatrolOutcome::kDraw);
}

// Designed: units on the table within hold_radius (12") of the objective
// hold it; gone off the table, they are lost to the patrol.
TEST(PatrolOutcome, WhoHoldsTheObjective) {
  BattleState s = Patrol();
  MoveTo(s, "b1", 40, 13);  // 11"
  MoveTo(s, "b2", 40, 11);  // 13"
  MoveTo(s, "b3", 41, 24);
  s.FindUnit("b3")->off_table = true;
  EXPECT_TRUE(Holds(s, *s.FindUnit("b1")));
  EXPECT_FALSE(Holds(s, *s.FindUnit("b2")));
  EXPECT_FALSE(Holds(s, *s.FindUnit("b3")));
  s.parameters.push_back({kHoldRadiusParam, 14});
  EXPECT_TRUE(Holds(s, *s.FindUnit("b2")));
  PatrolResult r = JudgePatrol(s, true);
  EXPECT_EQ(r.holding_figures, 40);
  EXPECT_EQ(r.on_table_figures, 84);
  EXPECT_EQ(r.lost_figures, 20);
}

// Designed: a draw at the end when neither side has won, with the part of
// the task that failed; a patrol that leaves the table is cut up.
TEST(PatrolOutcome, DrawsSayWhatFailed) {
  BattleState s = Patrol();
  PatrolResult r = JudgePatrol(s, true);
  EXPECT_EQ(r.outcome, PatrolOutcome::kDraw);
  EXPECT_EQ(r.reason, PatrolReason::kObjectiveMissed);
  Occupy(s);
  r = JudgePatrol(s, true);
  EXPECT_EQ(r.outcome, PatrolOutcome::kDraw);
  EXPECT_EQ(r.reason, PatrolReason::kNotHeld);
  EXPECT_THAT(r.text, HasSubstr("designed: not in the source text"));
  BattleState t = Patrol();
  for (const char* id : {"b1", "b2", "b3", "b4", "c1", "c2"}) t.FindUnit(id)->off_table = true;
  EXPECT_TRUE(Rules().IsOver(t));
  EXPECT_DOUBLE_EQ(Rules().Score(t, Side::kBritish), -1.0);
  EXPECT_THAT(Rules().Awaits(t).prompt, HasSubstr("Zulu victory: the patrol lost more than half"));
}

// Designed: the game ends after the turn limit: the end of turn 3 of 3 is
// the end of the game, with the outcome in the log and in the prompt.
TEST(TurnLimit, EndsTheGameAfterTheLastTurn) {
  BattleState s = Patrol();
  s.parameters.push_back({kTurnLimitParam, 3});
  s.clock.phase = Phase::kEndOfTurn;
  absl::StatusOr<StepResult> r = RunAdvance(s, {}, PolicySpec{}, Script({}));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->awaiting.kind, AwaitKind::kGameOver);
  EXPECT_EQ(r->state.clock.turn, 3);
  EXPECT_EQ(r->state.clock.phase, Phase::kGameOver);
  EXPECT_THAT(r->awaiting.prompt, HasSubstr("draw: the patrol did not reach its objective"));
  auto over = Of(*r, EventKind::kAwaiting);
  ASSERT_EQ(over.size(), 1u);
  EXPECT_TRUE(over[0]->why.rule.designed);
  EXPECT_TRUE(Rules().LegalActions(r->state, Side::kBritish).empty());
  // Before the limit the turn goes on.
  s.parameters.back().value = 4;
  r = RunAdvance(s, {}, PolicySpec{}, DiceSpec{false, 5});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_NE(r->awaiting.kind, AwaitKind::kGameOver);
  EXPECT_EQ(r->state.clock.turn, 4);
}

// A British unit ending its move within 2" of the objective reaches it, even
// one an impi has already come from (SPENT).
TEST(PatrolObjective, ReachedByAMoveEvenWhenSpent) {
  BattleState s = Patrol();
  s.FindPoint(PointKind::kAppearance, 1)->state = PointState::kSpent;
  tsatf::MutableDeck(s).current_card = CardColor::kRed;
  tsatf::MutableDeck(s).red_left = 2;
  absl::StatusOr<StepResult> r =
      RunAdvance(s, {testing::Move("c1", 41, 23)}, PolicySpec{}, Script({}));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(ObjectiveReached(r->state));
  auto occupied = Of(*r, EventKind::kPointOccupied);
  ASSERT_EQ(occupied.size(), 1u);
  EXPECT_TRUE(occupied[0]->why.rule.designed);
  // Without the task a SPENT point stays SPENT.
  BattleState t = testing::WorkedExampleState();
  t.FindPoint(PointKind::kAppearance, 1)->state = PointState::kSpent;
  t.clock = s.clock;
  tsatf::MutableDeck(t) = tsatf::DeckOf(s);
  r = RunAdvance(t, {testing::Move("c1", 41, 23)}, PolicySpec{}, Script({}));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kSpent);
}

// With a patrol task LegalActions offers the moves the task needs: the unit
// nearest the objective onto it, the others towards it.
TEST(PatrolTask, LegalActionsOfferTheTasksMoves) {
  BattleState s = Patrol();
  tsatf::MutableDeck(s).current_card = CardColor::kRed;
  tsatf::MutableDeck(s).red_left = 2;
  MoveTo(s, "c1", 40, 14);  // 10" from the ford: nearest, and within a cavalry move
  bool onto = false, towards = false;
  const Vec2 objective(40, 24);
  for (const Action& a : Rules().LegalActions(s, Side::kBritish)) {
    if (a.kind != ActionKind::kMove) continue;
    EXPECT_FALSE(a.off_table);
    const Unit* u = s.FindUnit(a.unit_id);
    onto |= a.unit_id == "c1" && Distance(a.to, objective) < 1e-6;
    towards |= a.unit_id == "b1" && Distance(a.to, objective) < Distance(u->position, objective) - 5.0;
  }
  EXPECT_TRUE(onto);
  EXPECT_TRUE(towards);
}

}  // namespace
}  // namespace impi::tsatf
