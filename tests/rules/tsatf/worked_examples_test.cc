// The manual's two worked examples, replayed through the engine's Advance
// with scripted dice and cards (003_8a310c3200cb6fb0.txt, EXAMPLE OF
// MOVEMENT PROCEDURE and EXAMPLE OF FIRE PROCEDURE). The same replay goes
// through the real server in tests/service/worked_examples_rpc_test.cc.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "engine/rulesets/tsatf/tables.h"
#include "engine/game/umpire.h"
#include "tests/rules/tsatf/test_actions.h"
#include "tests/rules/tsatf/worked_example_state.h"
#include "tests/rules/tsatf/own_state.h"

namespace impi::tsatf {
namespace {

using ::testing::HasSubstr;
using testing::Count;
using testing::Fire;
using testing::Move;
using testing::Of;
using testing::Pass;
using testing::Script;
using testing::WorkedExampleState;

constexpr CardColor R = CardColor::kRed;
constexpr CardColor B = CardColor::kBlack;

// Plays the movement example; each step's dice are those the text rolls, in
// its order.
class WorkedExamples : public ::testing::Test {
 protected:
  StepResult Step(const BattleState& s, std::vector<Action> british, std::vector<int> faces,
                  std::vector<CardColor> cards) {
    absl::StatusOr<StepResult> r = RunAdvance(s, british, PolicySpec{}, Script(faces, cards));
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? *r : StepResult{};
  }

  // "First card drawn is a British one. The British players elect to move no
  // units at this time."
  StepResult Card1() { return Step(WorkedExampleState(), {}, {}, {R}); }

  // "Second card drawn is a Zulu card ... The first Impi rolls a "1" ... The
  // second Impi rolls a "4" ... The perimeter point rolls a "2" ... Third card
  // drawn is also a Zulu card ... "4" ... The perimeter point's die roll is
  // "1"". The movement dice are not given: 3+4+5 and 2+3+4.
  StepResult Cards2to4(const StepResult& c1) {
    return Step(c1.state, {Pass()}, {1, 4, 3, 4, 5, 2, 4, 2, 3, 4, 1}, {B, B, R});
  }

  // "Fourth card is another British card. The British players move their four
  // infantry units ... Fifth Card is the third Zulu move ... the D6 is a "4"
  // ... the D6 is a "5" ... a "3" result means the Impi is "Left-handed" ...
  // three D6 are rolled" (6+5+4). "Sixth (the last) movement card ... The roll
  // is "3" so three British units could move."
  StepResult Cards5to6(const StepResult& c4) {
    return Step(c4.state, {Move("b1", 20, 14), Move("b2", 26, 14), Move("b3", 32, 14), Move("b4", 38, 14), Pass()},
                {4, 5, 3, 6, 5, 4, 3}, {B, R});
  }

  // "the first cavalry unit moves to within 6" of the Appearance point located
  // at the ford ... The D6 is a "1" and a Lone Zulu figure is placed at the
  // ford. The second cavalry unit moves to within 6" of and occupies a Rocky
  // depression ... this time the D6 roll is "3" so nothing is created."
  // Then the fire phase: a Zulu fire card first ("there is no Zulu fire"),
  // then a British one.
  StepResult CavalryAndFire(const StepResult& c6) {
    return Step(c6.state, {Move("c1", 43, 19), Move("c2", 67.5, 21), Pass()}, {1, 3}, {B, R});
  }
};

TEST_F(WorkedExamples, MovementProcedure_Card1_BritishCard) {
  StepResult c1 = Card1();
  EXPECT_EQ(c1.awaiting.kind, AwaitKind::kBritishMove);
  EXPECT_EQ(c1.awaiting.units_may_move, -1);
  EXPECT_TRUE(c1.dice.empty());
}

TEST_F(WorkedExamples, MovementProcedure_Cards2and3_ZuluCards) {
  StepResult c4 = Cards2to4(Card1());
  std::vector<const Event*> tests = Of(c4, EventKind::kMoveTest);
  ASSERT_EQ(tests.size(), 5u);
  // Card 2: impi 1 "1" later, impi 2 "4" now, the marker "2" later.
  EXPECT_EQ(tests[0]->unit_ids, std::vector<std::string>{"z1"});
  EXPECT_EQ(tests[0]->why.dice[0].result, 1);
  EXPECT_EQ(tests[0]->why.rule.row, kRowMoveLater);
  EXPECT_EQ(tests[1]->unit_ids, std::vector<std::string>{"z2"});
  EXPECT_EQ(tests[1]->why.rule.row, kRowMoveNow);
  EXPECT_EQ(tests[2]->point, 3);
  EXPECT_EQ(tests[2]->why.rule.row, kRowMoveLater);
  // Card 3: impi 1 "4" now, the marker "1" later.
  EXPECT_EQ(tests[3]->unit_ids, std::vector<std::string>{"z1"});
  EXPECT_EQ(tests[3]->why.rule.row, kRowMoveNow);
  EXPECT_EQ(tests[4]->point, 3);
  // Both impis moved "maximum distance towards its target": 12" and 9".
  std::vector<const Event*> moves = Of(c4, EventKind::kMoved);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0]->unit_ids[0], "z2");
  EXPECT_EQ(moves[0]->target_id, "c2");
  EXPECT_EQ(moves[1]->unit_ids[0], "z1");
  EXPECT_EQ(moves[1]->target_id, "b1");
  const Unit* z1 = c4.state.FindUnit("z1");
  const Unit* z2 = c4.state.FindUnit("z2");
  EXPECT_NEAR(Distance(z1->position, Vec2(20, 40)), 9.0, 1e-6);
  EXPECT_NEAR(Distance(z2->position, Vec2(60, 42)), 12.0, 1e-6);
  EXPECT_LT(Distance(z2->position, Vec2(56, 8)), Distance(Vec2(60, 42), Vec2(56, 8)));
  // The marker is still there; the fourth card is British.
  EXPECT_EQ(c4.state.FindPoint(PointKind::kPerimeter, 3)->marker, Marker::kThisTurn);
  EXPECT_EQ(c4.awaiting.kind, AwaitKind::kBritishMove);
}

TEST_F(WorkedExamples, MovementProcedure_Card5_LastZuluCardBringsOnTheImpi) {
  StepResult c6 = Cards5to6(Cards2to4(Card1()));
  std::vector<const Event*> rolls = Of(c6, EventKind::kTableRoll);
  ASSERT_GE(rolls.size(), 3u);
  // RANDOM CHANCE FROM TABLE EDGE: "4", +1 for only 2 impis on board.
  EXPECT_EQ(rolls[0]->why.rule.section, kSectionTableEdge);
  EXPECT_EQ(rolls[0]->why.dice[0].result, 4);
  EXPECT_EQ(rolls[0]->why.dice[0].total, 5);
  EXPECT_EQ(rolls[0]->why.rule.row, kRowTableEdge56);
  // IMPI CREATION: "5" -> "an Impi of 5 regiments".
  EXPECT_EQ(rolls[1]->why.rule.row, kRowImpiCreation5);
  // The movement limitation on the sixth card: "3".
  EXPECT_EQ(c6.awaiting.kind, AwaitKind::kBritishMove);
  EXPECT_EQ(c6.awaiting.units_may_move, 3);
  EXPECT_EQ(c6.state.FindPoint(PointKind::kPerimeter, 3)->marker, Marker::kNone);
  // The new impi: 5 regiments, left handed, target the nearest British unit,
  // moved 3D6 = 15".
  std::vector<const Event*> created = Of(c6, EventKind::kForceCreated);
  ASSERT_EQ(created.size(), 1u);
  std::string id = created[0]->unit_ids[0];
  const Unit* impi = c6.state.FindUnit(id);
  ASSERT_NE(impi, nullptr);
  EXPECT_EQ(impi->kind, UnitKind::kImpi);
  EXPECT_EQ(Count(c6.state, UnitKind::kRegiment, id), 5);
  EXPECT_EQ(Count(c6.state, UnitKind::kInduna, id), 1);
  EXPECT_EQ(Own(c6.state, id).hand, Hand::kLeft);
  EXPECT_EQ(Own(c6.state, id).target_id, "c2");
  // (A regiment of z2 that the new impi's move leaves it on steps to free
  // ground: a designed move of ZULU CREATION, not one of the procedure's.)
  std::vector<const Event*> moves;
  for (const Event* m : Of(c6, EventKind::kMoved)) {
    if (m->why.rule.section == "DURING MOVEMENT") moves.push_back(m);
  }
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_THAT(moves[0]->why.text, HasSubstr("15"));
  EXPECT_EQ(moves[0]->why.dice.back().count, 3);  // "three D6 are rolled"
  EXPECT_EQ(Book(c6.state).committed, 12);
  EXPECT_EQ(Book(c6.state).force_pool, 5);
  EXPECT_EQ(Book(c6.state).impis_created, 1);
}

TEST_F(WorkedExamples, MovementProcedure_Card6_CavalryAtTheFordAndTheRockyDepression) {
  StepResult f = CavalryAndFire(Cards5to6(Cards2to4(Card1())));
  // A lone Zulu at the ford.
  int lone = 0;
  for (const Unit& u : f.state.units) {
    if (u.kind == UnitKind::kLoneZulu) {
      ++lone;
      EXPECT_NEAR(Distance(u.position, Vec2(40, 24)), 0.0, 1e-9);
    }
  }
  EXPECT_EQ(lone, 1);
  std::vector<const Event*> rolls = Of(f, EventKind::kTableRoll);
  ASSERT_EQ(rolls.size(), 2u);
  EXPECT_EQ(rolls[0]->why.rule.row, kRowOnField12);
  EXPECT_EQ(rolls[0]->point, 1);
  // "this time the D6 roll is "3" so nothing is created": the British occupy
  // the rocky depression, so it is no place for a rifle-armed regiment.
  EXPECT_EQ(rolls[1]->point, 2);
  EXPECT_EQ(rolls[1]->why.dice[0].result, 3);
  EXPECT_EQ(Count(f.state, UnitKind::kRifleRegiment), 0);
  // "Since the British have occupied this appearance point, it will never
  // create anything else." The ford "will be tested each time".
  EXPECT_EQ(f.state.FindPoint(PointKind::kAppearance, 2)->state, PointState::kOccupied);
  EXPECT_EQ(f.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kTested);
  // EXAMPLE OF FIRE PROCEDURE: "there are no rifle-armed regiments or
  // Skirmishing Regiments on the field, there is no Zulu fire."
  EXPECT_EQ(f.state.clock.phase, Phase::kFire);
  EXPECT_TRUE(Of(f, EventKind::kFired).empty());
  bool no_fire = false;
  for (const Event* e : Of(f, EventKind::kNothing)) no_fire |= e->why.rule.section == "DURING THE FIRE PHASE";
  EXPECT_TRUE(no_fire);
  EXPECT_EQ(f.awaiting.kind, AwaitKind::kBritishFire);
}

TEST_F(WorkedExamples, FireProcedure_RegimentFallsBackAndLoneZuluConverts) {
  StepResult f = CavalryAndFire(Cards5to6(Cards2to4(Card1())));
  std::string lone;
  for (const Unit& u : f.state.units) {
    if (u.kind == UnitKind::kLoneZulu) lone = u.id;
  }
  ASSERT_FALSE(lone.empty());
  // "Their fire reduces one of the Regiments in the closest Impi to less than
  // 50% strength and it tests "Critical" morale. It fails ... The umpire will
  // remove it from the table top and return it to the force pool." Then "A hit
  // is obtained ... The D6 is a "5" ... the die roll is "4" ... an Impi of 4
  // Zulu regiments ... at the point where the Lone Zulu was."
  StepResult r = Step(f.state, {Fire("b1", "z2r1", 11), Fire("c2", lone, 1)}, {2, 5, 4, 1}, {});
  EXPECT_EQ(r.state.FindUnit("z2r1"), nullptr);
  EXPECT_EQ(r.state.FindUnit(lone), nullptr);
  std::vector<const Event*> morale = Of(r, EventKind::kMoraleTest);
  ASSERT_EQ(morale.size(), 1u);
  EXPECT_TRUE(morale[0]->why.rule.designed);
  std::vector<const Event*> rolls = Of(r, EventKind::kTableRoll);
  ASSERT_GE(rolls.size(), 2u);
  EXPECT_EQ(rolls[0]->why.rule.section, kSectionLoneZulu);
  EXPECT_EQ(rolls[0]->why.dice[0].result, 5);
  EXPECT_EQ(rolls[1]->why.rule.row, kRowImpiCreation234);
  std::vector<const Event*> created = Of(r, EventKind::kForceCreated);
  ASSERT_EQ(created.size(), 1u);
  const Unit* impi = r.state.FindUnit(created[0]->unit_ids[0]);
  ASSERT_NE(impi, nullptr);
  EXPECT_EQ(Count(r.state, UnitKind::kRegiment, impi->id), 4);
  // "at the point where the Lone Zulu was": on the free ground nearest it
  // (designed, footprint.h): its line of regiments stands 1" aside, clear of
  // the cavalry c1 5.8" from the ford.
  EXPECT_LE(Distance(impi->position, Vec2(40, 24)), 1.0 + 1e-6);
  // Pool: 5 + 1 recycled - 4 = 2; committed 12 + 4 = 16.
  EXPECT_EQ(Book(r.state).force_pool, 2);
  EXPECT_EQ(Book(r.state).committed, 16);
  EXPECT_EQ(r.awaiting.kind, AwaitKind::kBritishFire);
}

TEST_F(WorkedExamples, RunningOutOfScriptedDiceSaysWhatIsNeeded) {
  absl::StatusOr<StepResult> r =
      RunAdvance(Card1().state, {Pass()}, PolicySpec{}, Script({1, 4}, {B, B, R}));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("dice.scripted.dice"));
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("d6"));
}

}  // namespace
}  // namespace impi::tsatf
