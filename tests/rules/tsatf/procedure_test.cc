// tests/rules/tsatf/procedure_test.cc: the procedure of TSATF "Zulu Control"
// (003_8a310c3200cb6fb0.txt) around its tables, driven through RunAdvance and
// RunAsk with scripted dice and cards.
//
// Each test names the section of the rules text it checks (AT START OF TURN,
// DURING MOVEMENT, NOTES ON APPEARANCE POINTS, IMPI CREATION, NOTES ON ZULU
// MOVEMENT, DURING THE FIRE PHASE, SKIRMISHING ZULU REGIMENTS, RIFLE ARMED
// ZULU REGIMENT, CONVERSION OF LONE ZULU, ZULU MORALE, SCENARIO DESIGN). The
// rows of the tables themselves are checked in tables_test.cc; the manual's
// worked examples in worked_examples_test.cc.
//
// Every scripted die is one the procedure must roll: a script that runs out
// fails the step, so a test with a short script also checks that nothing
// more is rolled.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/tables.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "engine/game/umpire.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tsatf/test_actions.h"
#include "tests/rules/tsatf/worked_example_state.h"
#include "tests/rules/tsatf/own_state.h"

namespace impi::tsatf {
namespace {

using testing::AddImpi;
using testing::AddPerimeter;
using testing::Appearance;
using testing::British;
using testing::Charge;
using testing::Count;
using testing::Fire;
using testing::Move;
using testing::Of;
using testing::Pass;
using testing::Script;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr CardColor R = CardColor::kRed;
constexpr CardColor B = CardColor::kBlack;

// --- Building tables ---------------------------------------------------------

// An empty 72" x 48" table in the movement phase of turn 3, the deck just
// shuffled, the ten perimeter points of AddPerimeter (1 is the British
// entry), no appearance points, a scenario of 24 Zulu units with 16 in the
// force pool and no impi created yet.
BattleState Field() {
  BattleState s;
  s.ruleset = "TSATF_ZULU_CONTROL";
  s.scenario = "procedure";
  s.scale = Scale::kTactical;
  s.table.width = 72;
  s.table.height = 48;
  s.clock.turn = 3;
  s.clock.phase = Phase::kMovement;
  DeckIn(s).red_left = 3;
  DeckIn(s).black_left = 3;
  DeckIn(s).british_moves_left = -1;
  AddPerimeter(s);
  Book(s).scenario_total = 24;
  Book(s).force_pool = 16;
  s.next_unit_serial = 100;
  return s;
}

// The same table at the start of `turn`, before anything of the turn is done.
BattleState StartOf(int turn) {
  BattleState s = Field();
  s.clock.turn = turn;
  s.clock.phase = Phase::kStartOfTurn;
  DeckIn(s).red_left = 0;
  DeckIn(s).black_left = 0;
  return s;
}

// A red (British move) card has just been turned: the British are awaited.
void RedCardUp(BattleState& s) {
  DeckIn(s).current_card = R;
  DeckIn(s).red_left = 2;
}

// A red card of the fire deck has just been turned.
void FireCardUp(BattleState& s) {
  s.clock.phase = Phase::kFire;
  DeckIn(s).current_card = R;
  DeckIn(s).red_left = 2;
  DeckIn(s).black_left = 3;
}

Unit Zulu(const std::string& id, UnitKind kind, double x, double y) {
  Unit u;
  u.id = id;
  u.side = Side::kZulu;
  u.kind = kind;
  u.position = Vec2(x, y);
  u.figures.fit = kind == UnitKind::kLoneZulu ? 1 : 20;
  u.leaders = kind == UnitKind::kLoneZulu ? 0 : 1;
  return u;
}

void AddInduna(BattleState& s, const std::string& impi) {
  Unit i = Zulu(impi + "i", UnitKind::kInduna, s.FindUnit(impi)->position.x(),
                s.FindUnit(impi)->position.y() + 2);
  i.figures.fit = 1;
  i.parent = impi;
  s.units.push_back(i);
}

Point& Perimeter(BattleState& s, int number) { return *s.FindPoint(PointKind::kPerimeter, number); }

void Mark(BattleState& s, int number, Marker marker, ForceKind force) {
  Perimeter(s, number).marker = marker;
  Perimeter(s, number).marked_force = force;
}

Terrain Block(const std::string& id, double x0, double y0, double x1, double y1, bool impassable,
              bool blocks_los) {
  Terrain t;
  t.id = id;
  t.kind = impassable ? TerrainKind::kRocks : TerrainKind::kHill;
  t.outline = {Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)};
  t.impassable = impassable;
  t.blocks_los = blocks_los;
  t.cover_class = 3;
  return t;
}

// --- Driving the engine ------------------------------------------------------

absl::StatusOr<StepResult> Advance(const BattleState& s, std::vector<Action> british,
                                   std::vector<int> faces, std::vector<CardColor> cards = {}) {
  return RunAdvance(s, british, PolicySpec{}, Script(std::move(faces), std::move(cards)));
}

absl::StatusOr<StepResult> Ask(const BattleState& s, const Question& q, std::vector<int> faces) {
  return RunAsk(s, q, PolicySpec{}, Script(std::move(faces)));
}

Question Q(QuestionKind kind, const std::string& unit = "", const std::string& other = "") {
  Question q;
  q.kind = kind;
  q.unit_id = unit;
  q.other_unit_id = other;
  return q;
}

// --- Reading results ---------------------------------------------------------

std::vector<const Event*> InSection(const StepResult& r, EventKind kind,
                                    const std::string& section) {
  std::vector<const Event*> out;
  for (const Event* e : Of(r, kind)) {
    if (e->why.rule.section == section) out.push_back(e);
  }
  return out;
}

// The ids of units of `kind` in `after` that are not in `before`.
std::vector<std::string> NewUnits(const BattleState& before, const BattleState& after,
                                  UnitKind kind) {
  std::vector<std::string> out;
  for (const Unit& u : after.units) {
    if (u.kind == kind && before.FindUnit(u.id) == nullptr) out.push_back(u.id);
  }
  return out;
}

// Every appearance-point roll of the step, in order.
std::vector<const Event*> OnFieldRolls(const StepResult& r) {
  return InSection(r, EventKind::kTableRoll, kSectionOnField);
}

// Every unit of the force `id` (an impi's regiments and induna) stands on
// free ground (footprint.h): inside the table, on no other unit, 1" clear
// of the British.
void ExpectOnFreeGround(const BattleState& s, const std::string& id) {
  int n = 0;
  for (const Unit& u : s.units) {
    if ((u.id != id && u.parent != id) || !TakesGround(u)) continue;
    ++n;
    EXPECT_TRUE(OnFreeGround(s, u.position, {{Vec2::Zero(), FootprintOf(u.kind).Radius()}}, "", {u.id.str()}))
        << u.id << " at (" << u.position.x() << ", " << u.position.y() << ")";
  }
  EXPECT_GT(n, 0) << id;
}

#define ASSERT_OK_AND_SET(lhs, expr)               \
  auto lhs##_or = (expr);                          \
  ASSERT_TRUE(lhs##_or.ok()) << lhs##_or.status(); \
  const StepResult& lhs = *lhs##_or

// ============================================================================
// AT START OF TURN
// ============================================================================

// "Remove all "Next turn" markers at Perimeter points and replace them with
// "this turn" markers. Announce to the British players that a Zulu force will
// enter at that point during movement on the current turn."
TEST(AtStartOfTurn_003, NextTurnMarkersBecomeThisTurnAndAreAnnounced) {
  BattleState s = StartOf(2);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  Mark(s, 5, Marker::kNextTurn, ForceKind::kImpi);
  Mark(s, 8, Marker::kNextTurn, ForceKind::kSkirmishers);
  Mark(s, 3, Marker::kThisTurn, ForceKind::kImpi);  // already "this turn": untouched
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {}));
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 5)->marker, Marker::kThisTurn);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 5)->marked_force, ForceKind::kImpi);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 8)->marker, Marker::kThisTurn);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 8)->marked_force, ForceKind::kSkirmishers);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 3)->marker, Marker::kThisTurn);
  std::vector<const Event*> advanced = Of(r, EventKind::kMarkerAdvanced);
  ASSERT_EQ(advanced.size(), 2u);
  EXPECT_EQ(advanced[0]->point, 5);
  EXPECT_EQ(advanced[0]->why.rule.section, kSectionStartOfTurn);
  EXPECT_FALSE(advanced[0]->umpire_only);  // told to the British
  EXPECT_THAT(advanced[0]->announce, HasSubstr("perimeter point 5"));
  EXPECT_THAT(advanced[0]->announce, HasSubstr("this turn"));
  EXPECT_EQ(advanced[1]->point, 8);
  // The British see where, not what: the view drops what the marker brings.
  StepResult view = r;
  ApplyBritishView(view);
  EXPECT_EQ(view.state.FindPoint(PointKind::kPerimeter, 5)->marked_force, ForceKind::kUnspecified);
  EXPECT_EQ(view.state.FindPoint(PointKind::kPerimeter, 5)->marker, Marker::kThisTurn);
  EXPECT_EQ(r.state.clock.phase, Phase::kMovement);
}

// "At the start of each turn after the second turn: ... roll on the table
// called: Random chance table-edge." Turns 1 and 2 roll nothing (the empty
// script would fail the step if a die were rolled); turn 3 rolls.
TEST(AtStartOfTurn_003, NoTableEdgeRollOnTurnsOneAndTwo) {
  for (int turn : {0, 1, 2}) {
    BattleState s = StartOf(turn);
    s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {}));
    EXPECT_TRUE(r.dice.empty()) << "turn " << turn;
    EXPECT_TRUE(Of(r, EventKind::kTableRoll).empty()) << "turn " << turn;
    EXPECT_EQ(r.state.clock.turn, std::max(1, turn));
  }
  BattleState s = StartOf(3);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  EXPECT_FALSE(Ask(s, Q(QuestionKind::kStartOfTurn), {}).ok());
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {2}));
  ASSERT_EQ(InSection(r, EventKind::kTableRoll, kSectionTableEdge).size(), 1u);
}

// "If there are less than 4 Impis on or already marked to come on, roll":
// impis on the table and impi markers count, skirmisher markers do not.
TEST(AtStartOfTurn_003, TableEdgeRollOnlyWithFewerThanFourImpisOnOrMarked) {
  BattleState three = StartOf(3);
  three.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(three, "z1", 3, 12, 44, "b1", Hand::kLeft);
  AddImpi(three, "z2", 3, 60, 44, "b1", Hand::kLeft);
  Mark(three, 3, Marker::kNextTurn, ForceKind::kImpi);
  Mark(three, 7, Marker::kThisTurn, ForceKind::kSkirmishers);
  // 3 impis: a roll, with no modifier (3 impis on or marked).
  ASSERT_OK_AND_SET(r3, Ask(three, Q(QuestionKind::kStartOfTurn), {3}));
  std::vector<const Event*> rolls = InSection(r3, EventKind::kTableRoll, kSectionTableEdge);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_TRUE(rolls[0]->why.dice[0].modifiers.empty());
  EXPECT_EQ(rolls[0]->why.rule.row, kRowTableEdge234);

  BattleState four = three;
  AddImpi(four, "z3", 3, 36, 44, "b1", Hand::kLeft);
  ASSERT_OK_AND_SET(r4, Ask(four, Q(QuestionKind::kStartOfTurn), {}));
  EXPECT_TRUE(r4.dice.empty());
  EXPECT_TRUE(Of(r4, EventKind::kTableRoll).empty());
  std::vector<const Event*> nothing = InSection(r4, EventKind::kNothing, kSectionStartOfTurn);
  ASSERT_EQ(nothing.size(), 1u);
  EXPECT_THAT(nothing[0]->why.text, HasSubstr("4 impis"));

  // Four with a marker instead of the third impi on the table.
  BattleState marked = three;
  Mark(marked, 9, Marker::kNextTurn, ForceKind::kImpi);
  ASSERT_OK_AND_SET(rm, Ask(marked, Q(QuestionKind::kStartOfTurn), {}));
  EXPECT_TRUE(rm.dice.empty());
}

// "If a skirmishing unit or Impi is created roll a D10 to determine at what
// Perimeter point the Zulus will enter. Mark this entry point with a marker
// labeled "next turn" and announce to the British player that a Zulu force
// will enter at that point on the next turn."
TEST(AtStartOfTurn_003, CreatedImpiGetsD10PointAndNextTurnMarker) {
  BattleState s = StartOf(3);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  // No impi: +2, so a D6 of 4 reads 6, Create Impi; the D10 gives point 4.
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {4, 4}));
  const Point* p = r.state.FindPoint(PointKind::kPerimeter, 4);
  EXPECT_EQ(p->marker, Marker::kNextTurn);
  EXPECT_EQ(p->marked_force, ForceKind::kImpi);
  for (const Point& q : r.state.points) {
    if (q.number != 4) {
      EXPECT_EQ(q.marker, Marker::kNone) << q.number;
    }
  }
  ASSERT_EQ(r.dice.size(), 2u);
  EXPECT_EQ(r.dice[1].sides, 10);
  std::vector<const Event*> placed = Of(r, EventKind::kMarkerPlaced);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0]->point, 4);
  EXPECT_FALSE(placed[0]->umpire_only);
  EXPECT_THAT(placed[0]->announce, HasSubstr("perimeter point 4"));
  EXPECT_THAT(placed[0]->announce, HasSubstr("next turn"));
  // Nothing is committed until the force comes on.
  EXPECT_EQ(Book(r.state).committed, 0);
  EXPECT_EQ(Book(r.state).force_pool, 16);
}

TEST(AtStartOfTurn_003, CreatedSkirmishersGetD10PointAndSkirmisherMarker) {
  BattleState s = StartOf(3);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(s, "z1", 3, 12, 44, "b1", Hand::kLeft);
  AddImpi(s, "z2", 3, 36, 44, "b1", Hand::kLeft);
  AddImpi(s, "z3", 3, 60, 44, "b1", Hand::kLeft);
  Mark(s, 2, Marker::kNextTurn, ForceKind::kSkirmishers);  // a skirmisher marker is no impi
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {1, 7}));
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 7)->marker, Marker::kNextTurn);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 7)->marked_force, ForceKind::kSkirmishers);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 2)->marker, Marker::kThisTurn);
}

// RANDOM CHANCE FROM TABLE EDGE, Note: "No more than two Skirmishing Zulu
// regiments may be on the table. If there are two already on the table and
// the result above calls for the creation of another, re-roll the D6." A
// skirmisher marker counts with the skirmishers on the table.
TEST(AtStartOfTurn_003, SkirmisherResultRerolledWithTwoOnOrMarked) {
  BattleState s = StartOf(3);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(s, "z1", 3, 12, 44, "b1", Hand::kLeft);
  AddImpi(s, "z2", 3, 36, 44, "b1", Hand::kLeft);
  AddImpi(s, "z3", 3, 60, 44, "b1", Hand::kLeft);
  s.units.push_back(Zulu("s1", UnitKind::kSkirmishers, 4, 30));
  Mark(s, 7, Marker::kNextTurn, ForceKind::kSkirmishers);
  // 1: skirmishers, re-rolled; 3: nothing.
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {1, 3}));
  std::vector<const Event*> rolls = InSection(r, EventKind::kTableRoll, kSectionTableEdge);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_EQ(rolls[0]->why.dice.size(), 2u);
  EXPECT_EQ(rolls[0]->why.rule.row, kRowTableEdge234);
  EXPECT_TRUE(Of(r, EventKind::kMarkerPlaced).empty());
  // With only one of them, the 1 stands: a second skirmisher marker.
  BattleState one = s;
  Mark(one, 7, Marker::kNone, ForceKind::kUnspecified);
  ASSERT_OK_AND_SET(o, Ask(one, Q(QuestionKind::kStartOfTurn), {1, 4}));
  EXPECT_EQ(o.state.FindPoint(PointKind::kPerimeter, 4)->marked_force, ForceKind::kSkirmishers);
}

// "This cannot be the Perimeter point at which the British enter. If so, roll
// again." A point that already holds a marker is rolled again too (designed:
// one marker a point).
TEST(AtStartOfTurn_003, D10RerolledOnBritishEntryAndOnMarkedPoint) {
  BattleState s = StartOf(3);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(s, "z1", 3, 12, 44, "b1", Hand::kLeft);
  AddImpi(s, "z2", 3, 60, 44, "b1", Hand::kLeft);
  Mark(s, 6, Marker::kNextTurn, ForceKind::kImpi);  // the third impi
  ASSERT_TRUE(Perimeter(s, 1).british_entry);
  // D6 6: Create Impi. D10: 1 (British entry), 6 (marked), 1 again, 9.
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {6, 1, 6, 1, 9}));
  EXPECT_EQ(r.dice.size(), 5u);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 9)->marker, Marker::kNextTurn);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 1)->marker, Marker::kNone);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 6)->marker, Marker::kThisTurn);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 6)->marked_force, ForceKind::kImpi);
  std::vector<const Event*> d10 = Of(r, EventKind::kTableRoll);
  ASSERT_EQ(d10.size(), 2u);
  EXPECT_EQ(d10[1]->point, 9);
  EXPECT_EQ(d10[1]->why.dice.size(), 4u);  // every D10 is in the explanation
  // The same through the kPerimeterPoint question.
  ASSERT_OK_AND_SET(q, Ask(s, Q(QuestionKind::kPerimeterPoint), {1, 6, 2}));
  EXPECT_EQ(q.events[q.decision].point, 2);
}

// SCENARIO DESIGN: "when his tally reaches 24, no more Zulu units may be
// "created"": a force the pool or the total cannot supply is not marked.
TEST(AtStartOfTurn_003, NothingMarkedWhenPoolOrTotalAllowsNothing) {
  BattleState empty_pool = StartOf(3);
  empty_pool.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  Book(empty_pool).force_pool = 0;
  Book(empty_pool).committed = 10;
  BattleState total_reached = StartOf(3);
  total_reached.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  Book(total_reached).force_pool = 5;
  Book(total_reached).committed = 24;
  for (const BattleState& s : {empty_pool, total_reached}) {
    // D6 6 calls for an impi; no D10 follows (the script holds none).
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {6}));
    for (const Point& p : r.state.points) EXPECT_EQ(p.marker, Marker::kNone) << p.number;
    EXPECT_TRUE(Of(r, EventKind::kMarkerPlaced).empty());
    EXPECT_EQ(InSection(r, EventKind::kNothing, "SCENARIO DESIGN").size(), 1u);
  }
}

// ============================================================================
// DURING MOVEMENT: appearance points (and NOTES ON APPEARANCE POINTS)
// ============================================================================

// Two British units on a movement card, appearance point 1 at (40, 24) in
// class 1 terrain, no impi anywhere (+2 on RANDOM CHANCE ON-FIELD).
BattleState BritishMoving() {
  BattleState s = Field();
  RedCardUp(s);
  s.units.push_back(British("b1", UnitKind::kInfantry, 24, 6, true, 20));
  s.units.push_back(British("b2", UnitKind::kCavalry, 60, 6, false, 12));
  s.points.push_back(Appearance(1, 40, 24, 1, "a patch of scrub"));
  return s;
}

// "If the British players at any time move to within 6" of an appearance point
// ... roll on the Random chance on-field table. Inform the British player
// immediately."
TEST(DuringMovement_003, MoveEndingWithinSixInchesTestsThePoint) {
  for (double y : {19.0, 18.0}) {  // 5" and exactly 6" from the point
    BattleState s = BritishMoving();
    ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, y)}, {2}));
    std::vector<const Event*> rolls = OnFieldRolls(r);
    ASSERT_EQ(rolls.size(), 1u) << y;
    EXPECT_EQ(rolls[0]->point, 1);
    EXPECT_EQ(rolls[0]->unit_ids, std::vector<std::string>{"b1"});
    EXPECT_FALSE(rolls[0]->umpire_only);        // the British are told at once
    EXPECT_EQ(rolls[0]->why.dice[0].total, 4);  // 2, +2 for no impi
    EXPECT_EQ(r.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kTested);
    EXPECT_EQ(r.awaiting.kind, AwaitKind::kBritishMove);
  }
}

// "at any time": a move that passes within 6" and ends further away.
TEST(DuringMovement_003, MovePassingWithinSixInchesTestsThePoint) {
  BattleState s = BritishMoving();
  s.FindPoint(PointKind::kAppearance, 1)->position = Vec2(40, 10);
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 56, 6)}, {2}));
  ASSERT_EQ(OnFieldRolls(r).size(), 1u);
  EXPECT_EQ(r.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kTested);
  // The same move along a path given as waypoints.
  Action via = Move("b1", 24, 20);
  via.path = {Vec2(40, 6), Vec2(40, 20)};
  s.FindPoint(PointKind::kAppearance, 1)->position = Vec2(46, 13);
  ASSERT_OK_AND_SET(v, Advance(s, {via}, {2}));
  EXPECT_EQ(OnFieldRolls(v).size(), 1u);
}

TEST(DuringMovement_003, MoveStayingBeyondSixInchesTestsNothing) {
  BattleState s = BritishMoving();
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 17.9)}, {}));
  EXPECT_TRUE(OnFieldRolls(r).empty());
  EXPECT_TRUE(r.dice.empty());
  EXPECT_EQ(r.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kUntested);
}

// RANDOM CHANCE ON-FIELD, row 3 ("Must be in a class 3 or 4 terrain
// feature"): a point the British occupy is no place for a rifle-armed
// regiment, and the account says so with the point's own terrain class (not
// a made-up "class 0").
TEST(DuringMovement_003, OccupiedPointSaysItsTerrainClass) {
  BattleState s = BritishMoving();
  s.FindPoint(PointKind::kAppearance, 1)->terrain_class = 3;
  // b1 ends 1" from the point: D6 1, +2 = 3: a rifle-armed regiment, but the
  // British occupy the point.
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 23)}, {1}));
  std::vector<const Event*> rolls = OnFieldRolls(r);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_THAT(rolls[0]->why.text, HasSubstr("the British occupy the appearance point (class 3 terrain)"));
  EXPECT_THAT(rolls[0]->why.text, ::testing::Not(HasSubstr("class 0")));
  EXPECT_EQ(Count(r.state, UnitKind::kRifleRegiment), 0);
}

// docs/protocol.md: the answer's list of every die carries, for a die a
// table read, its modifiers and total as the event's explanation does.
TEST(DuringMovement_003, TheAnswersDiceCarryModifiersAndTotals) {
  BattleState s = BritishMoving();
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 19)}, {2}));
  ASSERT_EQ(r.dice.size(), 1u);
  EXPECT_EQ(r.dice[0].result, 2);
  EXPECT_EQ(r.dice[0].total, 4);  // +2: no impi on board or marked
  ASSERT_EQ(r.dice[0].modifiers.size(), 1u);
  EXPECT_EQ(r.dice[0].modifiers[0].value, 2);
  EXPECT_EQ(r.dice[0].modifiers[0].reason, OnFieldRolls(r)[0]->why.dice[0].modifiers[0].reason);
}

// NOTES ON APPEARANCE POINTS: "Once the British have occupied an appearance
// point it will never generate anything else." Occupying: ending within 2".
TEST(DuringMovement_003, OccupiedPointNeverGeneratesAgain) {
  BattleState s = BritishMoving();
  // b1 ends 1" from the point: tested (D6 2 + 2 = 4, nothing), then occupied;
  // b2 then moves right up to it on the same card: no die (the script is out).
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 23), Move("b2", 44, 22)}, {2}));
  EXPECT_EQ(OnFieldRolls(r).size(), 1u);
  EXPECT_EQ(r.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kOccupied);
  std::vector<const Event*> occupied = Of(r, EventKind::kPointOccupied);
  ASSERT_EQ(occupied.size(), 1u);
  EXPECT_EQ(occupied[0]->unit_ids, std::vector<std::string>{"b1"});
  EXPECT_EQ(occupied[0]->why.rule.section, "NOTES ON APPEARANCE POINTS");
  // Later turns: moving near it rolls nothing, and the umpire cannot ask.
  BattleState later = r.state;
  later.clock.turn = 4;
  for (Unit& u : later.units) u.status.acted = false;
  ASSERT_OK_AND_SET(l, Advance(later, {Move("b1", 38, 20)}, {}));
  EXPECT_TRUE(OnFieldRolls(l).empty());
  Question q = Q(QuestionKind::kOnField);
  q.point = 1;
  absl::StatusOr<StepResult> asked = Ask(r.state, q, {5});
  ASSERT_FALSE(asked.ok());
  EXPECT_EQ(asked.status().code(), absl::StatusCode::kFailedPrecondition);
}

// NOTES ON APPEARANCE POINTS: "Once an appearance point has generated an
// Impi, it will never generate anything else." And DURING MOVEMENT: "If an
// Impi is created, roll a D6 on the Impi Creation table and place the
// appropriate units on the field. Assign a "hand" to the Impi."
TEST(DuringMovement_003, PointThatGeneratedAnImpiIsSpent) {
  BattleState s = BritishMoving();
  // On-field 4 + 2 = 6: Create Impi. IMPI CREATION 3 (+1 pool of 16, -1 first
  // impi) = 3: 4 regiments. HAND 2: left.
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 19), Move("b2", 46, 20)}, {4, 3, 2}));
  EXPECT_EQ(OnFieldRolls(r).size(), 1u);  // b2's move near the spent point rolls nothing
  EXPECT_EQ(r.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kSpent);
  ASSERT_EQ(Of(r, EventKind::kPointSpent).size(), 1u);
  std::vector<std::string> impis = NewUnits(s, r.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  const Unit* impi = r.state.FindUnit(impis[0]);
  EXPECT_EQ(Count(r.state, UnitKind::kRegiment, impi->id), 4);
  EXPECT_EQ(Count(r.state, UnitKind::kInduna, impi->id), 1);
  // At the point, on the free ground nearest it: b1 stands 5" off, so the
  // line of regiments steps aside (designed, footprint.h).
  ExpectOnFreeGround(r.state, impi->id);
  EXPECT_LE(Distance(impi->position, Vec2(40, 24)), 4.0 + 1e-6);
  EXPECT_EQ(Own(r.state, impi->id).hand, Hand::kLeft);
  EXPECT_EQ(Own(r.state, impi->id).target_id, "b1");  // the nearest British unit
  EXPECT_EQ(Book(r.state).committed, 4);
  EXPECT_EQ(Book(r.state).force_pool, 12);
  EXPECT_EQ(Book(r.state).impis_created, 1);
  Question q = Q(QuestionKind::kOnField);
  q.point = 1;
  EXPECT_EQ(Ask(r.state, q, {5}).status().code(), absl::StatusCode::kFailedPrecondition);
}

// EXAMPLE OF MOVEMENT PROCEDURE: "The appearance point located at the river
// ford ... will be tested each time the British move within 6" or remain
// within 6" of it since the British did not occupy it."
TEST(DuringMovement_003, TestedPointIsTestedAgainOnLaterMoves) {
  BattleState s = BritishMoving();
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 19), Move("b2", 45, 21)}, {2, 2}));
  std::vector<const Event*> rolls = OnFieldRolls(r);
  ASSERT_EQ(rolls.size(), 2u);
  EXPECT_EQ(rolls[0]->unit_ids, std::vector<std::string>{"b1"});
  EXPECT_EQ(rolls[1]->unit_ids, std::vector<std::string>{"b2"});
  EXPECT_EQ(r.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kTested);
  // Next turn b1 moves again but stays within 6": tested again.
  BattleState later = r.state;
  later.clock.turn = 4;
  for (Unit& u : later.units) u.status.acted = false;
  ASSERT_OK_AND_SET(l, Advance(later, {Move("b1", 37, 20)}, {2}));
  EXPECT_EQ(OnFieldRolls(l).size(), 1u);
}

// The same sentence: "or remain within 6" of it". A British unit that did not
// move this turn and stands within 6" of a point the British did not occupy
// tests it again when the movement deck is done (designed: once a turn, the
// text does not say when); a unit that moved, one further off, or an
// occupied point rolls nothing.
TEST(DuringMovement_003, TestedPointIsTestedAgainWhenTheBritishRemainWithinSixInches) {
  auto deck_done = [](double y, bool moved, PointState state) {
    BattleState s = BritishMoving();
    DeckIn(s).current_card = CardColor::kUnspecified;
    DeckIn(s).red_left = 0;
    DeckIn(s).black_left = 0;
    s.FindUnit("b1")->position = Vec2(40, y);
    s.FindUnit("b1")->status.acted = moved;
    s.FindUnit("b2")->status.acted = true;
    s.FindPoint(PointKind::kAppearance, 1)->state = state;
    return s;
  };
  // b1 stayed 5" off the tested point: D6 2, +2 = 4, nothing; then the fire
  // deck's first card (red) awaits the British.
  ASSERT_OK_AND_SET(r, Advance(deck_done(19, false, PointState::kTested), {}, {2}, {R}));
  std::vector<const Event*> rolls = OnFieldRolls(r);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_EQ(rolls[0]->point, 1);
  EXPECT_EQ(rolls[0]->unit_ids, std::vector<std::string>{"b1"});
  EXPECT_THAT(rolls[0]->why.text, StartsWith("b1 remains within 6.0\" of appearance point 1"));
  EXPECT_EQ(r.awaiting.kind, AwaitKind::kBritishFire);
  // The same with a roll that creates: 5 + 2 = 7, an impi (IMPI CREATION 3,
  // HAND 1); the point is then spent.
  ASSERT_OK_AND_SET(c, Advance(deck_done(19, false, PointState::kTested), {}, {5, 3, 1}, {R}));
  EXPECT_EQ(c.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kSpent);
  // Nothing is rolled: b1 moved this turn (its move tested the point), b1 is
  // 7" off, or the point is occupied.
  for (const BattleState& s : {deck_done(19, true, PointState::kTested),
                               deck_done(17, false, PointState::kTested),
                               deck_done(19, false, PointState::kOccupied)}) {
    ASSERT_OK_AND_SET(n, Advance(s, {}, {}, {R}));
    EXPECT_TRUE(OnFieldRolls(n).empty());
  }
}

// RANDOM CHANCE ON-FIELD, Modifiers: "+1 to die if only 2 Impis on board or
// marked to come on. +2 to die if only 1 Impi on board or marked to come on."
// Counted by the procedure: impis on the table and impi markers, not
// skirmishing regiments or their markers.
TEST(DuringMovement_003, ImpiCountModifiersAsCountedByTheProcedure) {
  struct Case {
    int impis;
    int impi_markers;
    bool skirmishers;
    int modifier;
  };
  for (const Case& c :
       {Case{0, 0, false, 2}, Case{1, 0, true, 2}, Case{1, 1, false, 1}, Case{2, 0, false, 1},
        Case{2, 0, true, 1}, Case{3, 0, false, 0}, Case{2, 1, false, 0}}) {
    BattleState s = BritishMoving();
    for (int i = 0; i < c.impis; ++i) {
      AddImpi(s, "z" + std::to_string(i + 1), 3, 12 + 24 * i, 44, "b1", Hand::kLeft);
    }
    if (c.impi_markers > 0) Mark(s, 4, Marker::kThisTurn, ForceKind::kImpi);
    if (c.skirmishers) {
      s.units.push_back(Zulu("s1", UnitKind::kSkirmishers, 4, 44));
      Mark(s, 7, Marker::kNextTurn, ForceKind::kSkirmishers);
    }
    ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 19)}, {1}));
    std::vector<const Event*> rolls = OnFieldRolls(r);
    ASSERT_EQ(rolls.size(), 1u);
    const DieRoll& d = rolls[0]->why.dice[0];
    EXPECT_EQ(d.total - d.result, c.modifier)
        << c.impis << " impis, " << c.impi_markers << " impi markers";
  }
}

// RANDOM CHANCE ON-FIELD row 3: "Must be in a class 3 or 4 terrain feature. If
// the terrain is not suitable or there is already a rifle-armed regiment on
// the table, treat as 4 below." ZULU CREATION: "Only one of these may be on
// the field at any one time."
TEST(DuringMovement_003, RifleRegimentNeedsClassThreeOrFourAndOnlyOneOnTable) {
  BattleState s = BritishMoving();
  AddImpi(s, "z1", 3, 12, 44, "b1", Hand::kLeft);  // three impis: no modifier
  AddImpi(s, "z2", 3, 36, 44, "b1", Hand::kLeft);
  AddImpi(s, "z3", 3, 60, 44, "b1", Hand::kLeft);
  s.FindPoint(PointKind::kAppearance, 1)->terrain_class = 2;
  s.points.push_back(Appearance(2, 66, 24, 3, "a rocky kopje"));
  s.points.push_back(Appearance(3, 56, 24, 4, "a copse"));
  // Class 2: a 3 keeps the status quo.
  ASSERT_OK_AND_SET(r2, Advance(s, {Move("b1", 40, 19)}, {3}));
  EXPECT_EQ(Count(r2.state, UnitKind::kRifleRegiment), 0);
  EXPECT_EQ(Book(r2.state).committed, 0);
  // Class 3: a rifle-armed regiment at the point.
  ASSERT_OK_AND_SET(r3, Advance(s, {Move("b2", 66, 19)}, {3}));
  std::vector<std::string> rifles = NewUnits(s, r3.state, UnitKind::kRifleRegiment);
  ASSERT_EQ(rifles.size(), 1u);
  const Unit* rifle = r3.state.FindUnit(rifles[0]);
  EXPECT_NEAR(Distance(rifle->position, Vec2(66, 24)), 0.0, 1e-9);
  EXPECT_EQ(rifle->figures.riflemen, 20);
  EXPECT_EQ(Book(r3.state).committed, 1);
  EXPECT_EQ(Book(r3.state).force_pool, 15);
  // Class 4 with that regiment on the table: a 3 keeps the status quo.
  BattleState next = r3.state;
  for (Unit& u : next.units) u.status.acted = false;
  ASSERT_OK_AND_SET(r4, Advance(next, {Move("b1", 56, 19)}, {3}));
  EXPECT_EQ(Count(r4.state, UnitKind::kRifleRegiment), 1);
  std::vector<const Event*> rolls = OnFieldRolls(r4);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_EQ(rolls[0]->point, 3);
  EXPECT_THAT(rolls[0]->why.text, HasSubstr("already on the table"));
}

// DURING MOVEMENT: "These units will move during Zulu movement unless all
// Zulu cards have already been drawn. Lone Zulu do not move."
TEST(DuringMovement_003, ImpiCreatedByABritishMoveMovesOnLaterZuluCardsOnly) {
  BattleState s = BritishMoving();
  // Created as in PointThatGeneratedAnImpiIsSpent, then PASS: a Zulu card,
  // the new impi tests (4: now) and charges b1 5" away (4D6 = 4: it reaches
  // contact 3" off), then a red card.
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 19), Pass()}, {4, 3, 2, 4, 1, 1, 1, 1}, {B, R}));
  std::vector<std::string> impis = NewUnits(s, r.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  std::vector<const Event*> tests = Of(r, EventKind::kMoveTest);
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests[0]->unit_ids, std::vector<std::string>{impis[0]});
  EXPECT_EQ(Of(r, EventKind::kCharged).size(), 1u);
  // With every Zulu card already drawn it does not move.
  BattleState late = BritishMoving();
  DeckIn(late).black_left = 0;
  ASSERT_OK_AND_SET(l, Advance(late, {Move("b1", 40, 19), Pass()}, {4, 3, 2}, {R}));
  std::vector<std::string> late_impis = NewUnits(late, l.state, UnitKind::kImpi);
  ASSERT_EQ(late_impis.size(), 1u);
  ExpectOnFreeGround(l.state, late_impis[0]);
  EXPECT_LE(Distance(l.state.FindUnit(late_impis[0])->position, Vec2(40, 24)), 4.0 + 1e-6);
  EXPECT_TRUE(Of(l, EventKind::kMoveTest).empty());
  EXPECT_TRUE(Of(l, EventKind::kMoved).empty());
  // A lone Zulu never moves on Zulu cards (last card, no test, no dice).
  BattleState lone = Field();
  DeckIn(lone).black_left = 1;
  lone.units.push_back(British("b1", UnitKind::kInfantry, 24, 6, true, 20));
  lone.units.push_back(Zulu("l1", UnitKind::kLoneZulu, 30, 30));
  ASSERT_OK_AND_SET(n, Advance(lone, {}, {}, {B, R}));
  EXPECT_EQ(n.state.FindUnit("l1")->position, Vec2(30, 30));
}

// ============================================================================
// DURING MOVEMENT: Zulu move cards
// ============================================================================

// b1 at (36, 6); the impi z1 (3 regiments, target b1) 34" away; the movement
// deck just shuffled.
BattleState ZuluCards() {
  BattleState s = Field();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(s, "z1", 3, 36, 40, "b1", Hand::kLeft);
  return s;
}

// "test each Impi to see if it moves: 1,2,3 = move later; 4,5,6 = move now."
TEST(ZuluMoveCards_003, OneToThreeMovesLaterFourToSixMovesNow) {
  for (int face = 1; face <= 6; ++face) {
    std::vector<int> faces = {face};
    if (face >= 4) faces.insert(faces.end(), {2, 2, 2});
    ASSERT_OK_AND_SET(r, Advance(ZuluCards(), {}, faces, {B, R}));
    const Unit* z1 = r.state.FindUnit("z1");
    if (face >= 4) {
      EXPECT_NEAR(Distance(z1->position, Vec2(36, 40)), 6.0, 1e-6) << face;
      EXPECT_TRUE(z1->status.acted);
    } else {
      EXPECT_EQ(z1->position, Vec2(36, 40)) << face;
      EXPECT_FALSE(z1->status.acted);
    }
    EXPECT_EQ(r.awaiting.kind, AwaitKind::kBritishMove);
  }
}

// "Any Zulu units or Impis that did not move during the first two cards will
// move during the last Zulu card": no test on the last card. A unit that has
// moved does not move again.
TEST(ZuluMoveCards_003, EverythingUnmovedMovesOnTheLastZuluCardWithoutTest) {
  BattleState s = ZuluCards();
  AddImpi(s, "z2", 3, 60, 44, "b1", Hand::kRight);
  s.FindUnit("z2")->status.acted = true;  // moved on an earlier card
  DeckIn(s).black_left = 1;
  ASSERT_OK_AND_SET(r, Advance(s, {}, {2, 2, 2}, {B, R}));
  EXPECT_TRUE(Of(r, EventKind::kMoveTest).empty());
  EXPECT_NEAR(Distance(r.state.FindUnit("z1")->position, Vec2(36, 40)), 6.0, 1e-6);
  EXPECT_EQ(r.state.FindUnit("z2")->position, Vec2(60, 44));
  // Whole deck: three Zulu cards failing the test on the first two.
  ASSERT_OK_AND_SET(d, Advance(ZuluCards(), {}, {1, 3, 2, 2, 2}, {B, B, B, R}));
  EXPECT_EQ(Of(d, EventKind::kMoveTest).size(), 2u);
  EXPECT_NEAR(Distance(d.state.FindUnit("z1")->position, Vec2(36, 40)), 6.0, 1e-6);
}

// "Impis within 24" of a British unit will roll 4 D6 and attempt to charge.
// Other units will move 3 D6".
TEST(ZuluMoveCards_003, FourDiceWithinTwentyFourInchesThreeBeyond) {
  BattleState near = ZuluCards();
  AddImpi(near, "z2", 1, 60, 30, "b2", Hand::kLeft);  // 24" from b2 below
  near.units.push_back(British("b2", UnitKind::kCavalry, 60, 6, false, 12));
  DeckIn(near).black_left = 1;
  near.FindUnit("z1")->position = Vec2(36, 31);  // 25" from b1 and more from b2
  for (Unit& u : near.units) {
    if (u.parent == "z1") u.position.y() = 31;
  }
  // z1 first (3D6), then z2 (4D6).
  ASSERT_OK_AND_SET(r, Advance(near, {}, {1, 1, 1, 1, 1, 1, 1}, {B, R}));
  std::vector<const Event*> moves = Of(r, EventKind::kMoved);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0]->unit_ids[0], "z1");
  EXPECT_EQ(moves[0]->why.dice.back().count, 3);
  EXPECT_THAT(moves[0]->why.text, HasSubstr("moves"));
  EXPECT_EQ(moves[1]->unit_ids[0], "z2");
  EXPECT_EQ(moves[1]->why.dice.back().count, 4);
  EXPECT_THAT(moves[1]->why.text, HasSubstr("charges"));
  EXPECT_EQ(moves[1]->target_id, "b2");
}

// The 4D6 charge is at a British unit the impi can see: a British unit 20"
// off behind a hill that blocks the line of sight gives 3D6 (towards its
// last known position); in sight, 4D6 and a charge.
TEST(ZuluMoveCards_003, FourDiceOnlyForABritishUnitInSight) {
  for (bool hill : {true, false}) {
    BattleState s = Field();
    s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
    AddImpi(s, "z1", 1, 36, 30, "b1", Hand::kLeft);
    Own(s, "z1").last_known_target = Vec2(36, 10);
    Own(s, "z1").has_last_known_target = true;
    if (hill) s.terrain.push_back(Block("hill", 20, 18, 52, 22, /*impassable=*/false, /*blocks_los=*/true));
    std::vector<int> faces(hill ? 3 : 4, 2);
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kZuluMove, "z1"), faces));
    ASSERT_EQ(r.dice.size(), 1u) << hill;
    EXPECT_EQ(r.dice[0].count, hill ? 3 : 4) << hill;
    std::vector<const Event*> moved = Of(r, EventKind::kMoved);
    ASSERT_EQ(moved.size(), 1u) << hill;
    EXPECT_THAT(moved[0]->why.text, HasSubstr(hill ? " moves " : " charges ")) << hill;
  }
}

// "When the first Zulu movement card is drawn, test each "this turn" marker
// at a perimeter point to see if the Impi comes on during this card. If so,
// roll for strength on Impi creation table and assign a "hand" to the unit."
// IMPI CREATION: "After the units are placed on the field, before they move,
// determine the "hand" of the Impi and its target."
TEST(ZuluMoveCards_003, ThisTurnImpiMarkerEntersWithCreationAndHandThenMoves) {
  BattleState s = Field();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  Mark(s, 5, Marker::kThisTurn, ForceKind::kImpi);  // (36, 48)
  // Test 5: now. IMPI CREATION 3 (+1, -1): 4 regiments. HAND 5: right.
  // 3D6 = 9 (42" from b1).
  ASSERT_OK_AND_SET(r, Advance(s, {}, {5, 3, 5, 3, 3, 3}, {B, R}));
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 5)->marker, Marker::kNone);
  std::vector<std::string> impis = NewUnits(s, r.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  const Unit* impi = r.state.FindUnit(impis[0]);
  EXPECT_EQ(Count(r.state, UnitKind::kRegiment, impi->id), 4);
  EXPECT_EQ(Own(r.state, impi->id).hand, Hand::kRight);
  EXPECT_EQ(Own(r.state, impi->id).target_id, "b1");
  EXPECT_EQ(Own(r.state, impi->id).entry_point, 5);
  // Placed at the perimeter point on the table: its induna behind the line
  // puts the line 3" in, at (36, 45); then 9" towards b1.
  EXPECT_NEAR(Distance(impi->position, Vec2(36, 45)), 9.0, 1e-6);
  EXPECT_TRUE(impi->status.acted);
  // Order: test, creation, hand, target, move.
  std::vector<EventKind> kinds;
  for (const Event& e : r.events) {
    if (e.decision) kinds.push_back(e.kind);
  }
  EXPECT_THAT(kinds, ::testing::ElementsAre(EventKind::kMoveTest, EventKind::kTableRoll,
                                            EventKind::kForceCreated, EventKind::kHandAssigned,
                                            EventKind::kTargetChosen, EventKind::kMoved));
  EXPECT_EQ(Book(r.state).committed, 4);
  EXPECT_EQ(Book(r.state).force_pool, 12);
}

// ZULU CREATION: "Skirmishing regiment: (generated by the Random Chance
// table-edge table) place one Zulu regiment on the table top at a Perimeter
// point." "HAND": "Test each Impi and Skirmishing regiment at creation."
TEST(ZuluMoveCards_003, ThisTurnSkirmisherMarkerPlacesOneRegimentWithAHand) {
  BattleState s = Field();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  Mark(s, 5, Marker::kThisTurn, ForceKind::kSkirmishers);
  // Test 4: now. HAND 2: left. 3D6 = 3.
  ASSERT_OK_AND_SET(r, Advance(s, {}, {4, 2, 1, 1, 1}, {B, R}));
  std::vector<std::string> sk = NewUnits(s, r.state, UnitKind::kSkirmishers);
  ASSERT_EQ(sk.size(), 1u);
  const Unit* u = r.state.FindUnit(sk[0]);
  EXPECT_EQ(u->figures.fit, 20);
  EXPECT_EQ(Own(r.state, u->id).hand, Hand::kLeft);
  EXPECT_NEAR(Distance(u->position, Vec2(36, 43.5)), 0.0, 1e-6);  // from (36, 46.5), on the table
  EXPECT_EQ(Count(r.state, UnitKind::kImpi), 0);
  EXPECT_EQ(Book(r.state).committed, 1);
  EXPECT_EQ(Book(r.state).force_pool, 15);
}

// "The units will come on the table on the last Zulu movement card if they
// have not come on before."
TEST(ZuluMoveCards_003, LastZuluCardBringsOnEveryRemainingMarker) {
  BattleState s = Field();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  Mark(s, 4, Marker::kThisTurn, ForceKind::kImpi);
  Mark(s, 6, Marker::kThisTurn, ForceKind::kSkirmishers);
  Mark(s, 7, Marker::kNextTurn, ForceKind::kImpi);  // next turn's: stays
  DeckIn(s).black_left = 1;
  // Point 4: IMPI CREATION 3: 4 regiments, HAND 4, 3D6. Point 6: HAND 1, 3D6.
  ASSERT_OK_AND_SET(r, Advance(s, {}, {3, 4, 2, 2, 2, 1, 2, 2, 2}, {B, R}));
  EXPECT_TRUE(Of(r, EventKind::kMoveTest).empty());
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 4)->marker, Marker::kNone);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 6)->marker, Marker::kNone);
  EXPECT_EQ(r.state.FindPoint(PointKind::kPerimeter, 7)->marker, Marker::kNextTurn);
  EXPECT_EQ(NewUnits(s, r.state, UnitKind::kImpi).size(), 1u);
  EXPECT_EQ(NewUnits(s, r.state, UnitKind::kSkirmishers).size(), 1u);
  EXPECT_EQ(Of(r, EventKind::kMoved).size(), 2u);
}

// "Impis within 24" of a British unit will roll 4 D6 and attempt to charge":
// an impi that reaches its target is in close combat with it.
TEST(ZuluMoveCards_003, ChargeThatReachesTheTargetLocksBothInCloseCombat) {
  BattleState s = Field();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(s, "z1", 1, 36, 16, "b1", Hand::kLeft);
  DeckIn(s).black_left = 1;
  ASSERT_OK_AND_SET(r, Advance(s, {}, {3, 3, 3, 3}, {B, R}));
  std::vector<const Event*> charged = Of(r, EventKind::kCharged);
  ASSERT_EQ(charged.size(), 1u);
  EXPECT_EQ(charged[0]->target_id, "b1");
  EXPECT_THAT(charged[0]->announce, HasSubstr("close combat"));
  EXPECT_TRUE(r.state.FindUnit("b1")->status.in_close_combat);
  EXPECT_TRUE(r.state.FindUnit("z1r1")->status.in_close_combat);
  EXPECT_NEAR(Distance(r.state.FindUnit("z1r1")->position, Vec2(36, 6)), kContact, 1e-6);
  // A charge that falls short locks nobody.
  ASSERT_OK_AND_SET(f, Advance(s, {}, {1, 1, 1, 1}, {B, R}));
  EXPECT_TRUE(Of(f, EventKind::kCharged).empty());
  EXPECT_FALSE(f.state.FindUnit("b1")->status.in_close_combat);
  EXPECT_FALSE(f.state.FindUnit("z1r1")->status.in_close_combat);
}

// ============================================================================
// IMPI CREATION and NOTES ON ZULU MOVEMENT: targets
// ============================================================================

// The impi z1 of one regiment at (36, 40) with no target yet.
BattleState Targeting() {
  BattleState s = Field();
  AddImpi(s, "z1", 1, 36, 40, "", Hand::kLeft);
  return s;
}

const Event& Decided(const StepResult& r) {
  static const Event kNone;
  return r.decision >= 0 ? r.events[r.decision] : kNone;
}

// "The target unit is always the nearest British unit."
TEST(Targets_003, NearestBritishUnit) {
  BattleState s = Targeting();
  s.units.push_back(British("far", UnitKind::kInfantry, 50, 30, true, 20));
  s.units.push_back(British("near", UnitKind::kCavalry, 36, 30, false, 12));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(r.state, "z1").target_id, "near");
  EXPECT_EQ(Decided(r).kind, EventKind::kTargetChosen);
  EXPECT_EQ(Decided(r).target_id, "near");
  EXPECT_TRUE(r.dice.empty());
}

// "Red-coated units will be given priority over non red-coats."
TEST(Targets_003, RedCoatsFirstAmongEquallyDistantUnits) {
  for (bool left_red : {false, true}) {
    BattleState s = Targeting();
    s.units.push_back(British("left", UnitKind::kInfantry, 30, 30, left_red, 20));
    s.units.push_back(British("right", UnitKind::kInfantry, 42, 30, !left_red, 20));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
    EXPECT_EQ(Own(r.state, "z1").target_id, left_red ? "left" : "right");
    EXPECT_THAT(Decided(r).why.text, HasSubstr("red coats"));
    EXPECT_TRUE(r.dice.empty());
  }
  // Equally distant within half an inch (designed): the red coat 0.3" further
  // off still comes first; 1" further off it does not.
  for (double dx : {0.3, 1.0}) {
    BattleState s = Targeting();
    s.units.push_back(British("native", UnitKind::kNativeFoot, 30, 30, false, 20));
    s.units.push_back(British("red", UnitKind::kInfantry, 42 + dx, 30, true, 20));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
    EXPECT_EQ(Own(r.state, "z1").target_id, dx < 0.5 ? "red" : "native") << dx;
  }
}

// "If there are two British units equally distant, the umpire may dice for the
// target." NOTES ON ZULU MOVEMENT: "1,2,3 = left; 4,5,6 = right."
TEST(Targets_003, DiceForTheTargetBetweenEquallyDistantRedCoats) {
  for (int face : {2, 5}) {
    BattleState s = Targeting();
    s.units.push_back(British("b1", UnitKind::kInfantry, 30, 30, true, 20));
    s.units.push_back(British("b2", UnitKind::kInfantry, 42, 30, true, 20));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {face}));
    EXPECT_EQ(Own(r.state, "z1").target_id, face <= 3 ? "b1" : "b2");
    ASSERT_EQ(Decided(r).why.dice.size(), 1u);
    EXPECT_EQ(Decided(r).why.dice[0].result, face);
    EXPECT_THAT(Decided(r).why.text, HasSubstr("equally distant"));
    // Which unit was "1,2,3" and which "4,5,6".
    EXPECT_THAT(Decided(r).why.text,
                HasSubstr(absl::StrCat("(1,2,3 = b1, 4,5,6 = b2; D6 rolled ", face, ": ", face <= 3 ? "b1" : "b2", ")")));
  }
}

// "If another British unit gets in the way, it becomes the new target unit."
TEST(Targets_003, BritishUnitInTheWayBecomesTheTarget) {
  BattleState s = Targeting();
  Own(s, "z1").target_id = "b1";
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 20, true, 20));
  s.units.push_back(British("b2", UnitKind::kNativeFoot, 37, 30, false, 20));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(r.state, "z1").target_id, "b2");
  EXPECT_EQ(Decided(r).kind, EventKind::kTargetChosen);
  EXPECT_THAT(Decided(r).why.text, HasSubstr("gets in the way"));
  // Off the line it is not in the way: the target is kept.
  s.FindUnit("b2")->position = Vec2(46, 30);
  ASSERT_OK_AND_SET(k, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(k.state, "z1").target_id, "b1");
  EXPECT_EQ(Decided(k).kind, EventKind::kTargetKept);
}

// "The target will never change unless ..." A nearer unit that is not in the
// way does not take the target.
TEST(Targets_003, TargetDoesNotChangeToANearerUnitOutOfTheWay) {
  BattleState s = Targeting();
  Own(s, "z1").target_id = "b1";
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 20, true, 20));
  s.units.push_back(British("b2", UnitKind::kInfantry, 26, 36, true, 20));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(r.state, "z1").target_id, "b1");
  EXPECT_TRUE(r.dice.empty());
}

// "If the target unit is not within 24" when the Impi moves and there is
// another British unit within 24" the Impi will be tempted as above."
// TEMPTATION: "1,2,3 = Impi remains faithful to original target. 4,5,6 =
// change target to nearer unit. +1 to the die roll if the tempting unit fired
// on the tempted Impi last turn."
BattleState Tempting() {
  BattleState s = Field();
  AddImpi(s, "z1", 1, 36, 44, "far", Hand::kLeft);
  s.units.push_back(British("far", UnitKind::kInfantry, 36, 10, true, 20));   // 34"
  s.units.push_back(British("near", UnitKind::kCavalry, 20, 30, false, 12));  // 21.3"
  s.units.push_back(British("other", UnitKind::kInfantry, 70, 2, true, 20));
  return s;
}

TEST(Targets_003, TemptedWhenTargetBeyondTwentyFourAndAnotherWithin) {
  struct Case {
    int face;
    std::vector<std::string> fired_last_turn;  // on the impi's regiment
    std::string target;
  };
  for (const Case& c : {Case{3, {}, "far"}, Case{4, {}, "near"}, Case{3, {"near"}, "near"},
                        Case{3, {"other"}, "far"}, Case{2, {"near"}, "far"}}) {
    BattleState s = Tempting();
    Own(s, "z1r1").fired_on_by_last_turn.assign(c.fired_last_turn.begin(), c.fired_last_turn.end());
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {c.face}));
    EXPECT_EQ(Own(r.state, "z1").target_id, c.target) << c.face;
    const Event& e = Decided(r);
    EXPECT_EQ(e.why.rule.section, kSectionTemptation);
    ASSERT_EQ(e.why.dice.size(), 1u);
    const bool plus_one = !c.fired_last_turn.empty() && c.fired_last_turn[0] == "near";
    EXPECT_EQ(e.why.dice[0].total, c.face + (plus_one ? 1 : 0)) << c.face;
    EXPECT_EQ(e.kind, c.target == "near" ? EventKind::kTargetChosen : EventKind::kTargetKept);
  }
  // Nobody within 24": no temptation, no die.
  BattleState s = Tempting();
  s.FindUnit("near")->position = Vec2(10, 25);  // 32"
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(r.state, "z1").target_id, "far");
  // The target within 24": no temptation either.
  BattleState within = Tempting();
  within.FindUnit("far")->position = Vec2(36, 21);
  ASSERT_OK_AND_SET(w, Ask(within, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(w.state, "z1").target_id, "far");
}

// A shot on the impi during the previous turn, recorded by a British FIRE and
// carried over at the start of the turn, gives the +1.
TEST(Targets_003, TemptationPlusOneFromAFireRecordedLastTurn) {
  BattleState s = Tempting();
  FireCardUp(s);
  s.clock.turn = 3;
  ASSERT_OK_AND_SET(fired, Advance(s, {Fire("near", "z1r1", 0)}, {}));
  BattleState next = fired.state;
  next.clock.phase = Phase::kStartOfTurn;
  next.clock.turn = 4;
  DeckIn(next).current_card = CardColor::kUnspecified;
  next.FindUnit("z1")->status.acted = false;
  // Start of turn 4: table edge D6 2 (nothing). Then a Zulu card: test 4 (now),
  // TEMPTATION 3 + 1 = 4 (change), 4D6.
  ASSERT_OK_AND_SET(r, Advance(next, {}, {2, 4, 3, 1, 1, 1, 1}, {B, R}));
  std::vector<const Event*> tempt = InSection(r, EventKind::kTargetChosen, kSectionTemptation);
  ASSERT_EQ(tempt.size(), 1u);
  EXPECT_EQ(tempt[0]->why.dice[0].total, 4);
  EXPECT_EQ(Own(r.state, "z1").target_id, "near");
}

// The 24" temptation is one test when the impi moves: an impi that remains
// faithful is not tested again before it moves.
TEST(Targets_003, FaithfulImpiIsTemptedOnceAMove) {
  BattleState s = Tempting();
  // TEMPTATION 1: faithful. 4D6 = 8 (within 24" of "near").
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {1, 2, 2, 2, 2}));
  EXPECT_EQ(InSection(r, EventKind::kTargetKept, kSectionTemptation).size(), 1u);
  EXPECT_EQ(Own(r.state, "z1").target_id, "far");
  EXPECT_NEAR(Distance(r.state.FindUnit("z1")->position, Vec2(36, 44)), 8.0, 1e-6);
  EXPECT_LT(r.state.FindUnit("z1")->position.y(), 44.0);
}

// "If the Impi cannot reach the target unit while moving in the direction of
// its hand and there is another British unit that could be reached in that
// same move distance then the Impi will be tempted to change its target."
// The text puts this where something is in the way ("If another Impi gets in
// the way, the Impi will attempt to move around the other Zulus in the
// direction of its "hand". If the Impi cannot reach ..."): an impi that goes
// round an obstacle or another impi in the direction of its hand. Rocks
// between z1 and its target here; on open ground see the next test.
TEST(Targets_003, TemptedWhenTargetOutOfReachAndAnotherWithinReach) {
  BattleState s = Field();
  AddImpi(s, "z1", 1, 36, 44, "tb", Hand::kLeft);
  s.units.push_back(British("tb", UnitKind::kInfantry, 36, 22, true, 20));  // 22": 19" to contact
  s.units.push_back(British("ob", UnitKind::kCavalry, 48, 38, false, 12));  // 13.4": 10.4"
  s.terrain.push_back(Block("rocks", 28, 35, 40, 38, /*impassable=*/true, /*blocks_los=*/false));
  // 4D6 = 12: going round the rocks the target is out of reach, ob within.
  // TEMPTATION 5: change, and the impi charges ob and reaches it.
  ASSERT_OK_AND_SET(c, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {3, 3, 3, 3, 5}));
  EXPECT_EQ(Own(c.state, "z1").target_id, "ob");
  EXPECT_EQ(InSection(c, EventKind::kTargetChosen, kSectionTemptation).size(), 1u);
  EXPECT_EQ(Of(c, EventKind::kCharged).size(), 1u);
  EXPECT_TRUE(c.state.FindUnit("ob")->status.in_close_combat);
  // TEMPTATION 2: faithful; it moves 12" towards tb, round the rocks.
  ASSERT_OK_AND_SET(f, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {3, 3, 3, 3, 2}));
  EXPECT_EQ(Own(f.state, "z1").target_id, "tb");
  EXPECT_EQ(InSection(f, EventKind::kTargetKept, kSectionTemptation).size(), 1u);
  EXPECT_THAT(Of(f, EventKind::kMoved)[0]->why.text, HasSubstr("going round an obstacle"));
  // 4D6 = 4: neither can be reached, no temptation (no fifth die).
  ASSERT_OK_AND_SET(n, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {1, 1, 1, 1}));
  EXPECT_EQ(Own(n.state, "z1").target_id, "tb");
}

// On open ground nothing is in the way: an impi that merely falls short of
// its target is not tempted by a nearer unit it could reach (no die), and
// moves its 12" straight at its target.
TEST(Targets_003, ShortMoveOnOpenGroundIsNotTempted) {
  BattleState s = Field();
  AddImpi(s, "z1", 1, 36, 44, "tb", Hand::kLeft);
  s.units.push_back(British("tb", UnitKind::kInfantry, 36, 22, true, 20));
  s.units.push_back(British("ob", UnitKind::kCavalry, 48, 38, false, 12));
  ASSERT_OK_AND_SET(f, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {3, 3, 3, 3}));
  EXPECT_EQ(Own(f.state, "z1").target_id, "tb");
  EXPECT_TRUE(InSection(f, EventKind::kTargetKept, kSectionTemptation).empty());
  EXPECT_TRUE(InSection(f, EventKind::kTargetChosen, kSectionTemptation).empty());
  EXPECT_NEAR(Distance(f.state.FindUnit("z1")->position, Vec2(36, 32)), 0.0, 1e-6);
}

// "If the target unit is destroyed or moves off the tabletop, the Impi will
// choose the nearest British unit as the new target."
TEST(Targets_003, TargetDestroyedOrOffTheTableGivesTheNewNearest) {
  for (bool destroyed : {false, true}) {
    BattleState s = Targeting();
    Own(s, "z1").target_id = "gone";
    Unit gone = British("gone", UnitKind::kInfantry, 36, 36, true, 20);
    if (destroyed) {
      gone.figures.fit = 0;
      gone.figures.casualties = 20;
    } else {
      gone.off_table = true;
    }
    s.units.push_back(gone);
    s.units.push_back(British("b2", UnitKind::kInfantry, 20, 30, true, 20));
    s.units.push_back(British("b3", UnitKind::kInfantry, 60, 20, true, 20));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
    EXPECT_EQ(Own(r.state, "z1").target_id, "b2");
    EXPECT_THAT(Decided(r).why.text, HasSubstr("destroyed or has left the table"));
  }
  // The same when the British REMOVE their unit from the table at the table.
  BattleState s = Targeting();
  FireCardUp(s);
  Own(s, "z1").target_id = "b1";
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 36, true, 20));
  s.units.push_back(British("b2", UnitKind::kInfantry, 20, 30, true, 20));
  Action leave;
  leave.kind = ActionKind::kRemove;
  leave.target_id = "b1";
  ASSERT_OK_AND_SET(gone, Advance(s, {leave}, {}));
  ASSERT_OK_AND_SET(r, Ask(gone.state, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(r.state, "z1").target_id, "b2");
}

// NOTES ON ZULU MOVEMENT: "A Zulu Impi with no target (cannot see it for some
// reason) and no other British unit in sight will move towards the last known
// position of its target."
TEST(Targets_003, NoBritishInSightMovesTowardsTheLastKnownPosition) {
  BattleState s = Field();
  AddImpi(s, "z1", 1, 36, 44, "tb", Hand::kLeft);
  s.units.push_back(British("tb", UnitKind::kInfantry, 50, 10, true, 20));  // 36.8": 3D6
  Own(s, "z1").last_known_target = Vec2(20, 20);
  Own(s, "z1").has_last_known_target = true;
  s.terrain.push_back(Block("ridge", 2, 28, 70, 32, /*impassable=*/false, /*blocks_los=*/true));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {2, 2, 2}));
  const Unit* z1 = r.state.FindUnit("z1");
  EXPECT_EQ(Own(r.state, z1->id).target_id, "tb");
  EXPECT_NEAR(Distance(z1->position, Vec2(20, 20)), Distance(Vec2(36, 44), Vec2(20, 20)) - 6.0,
              1e-6);
  ASSERT_EQ(InSection(r, EventKind::kTargetKept, kSectionZuluMovementNotes).size(), 1u);
  // The move says whose last known position it goes for.
  std::vector<const Event*> moved = Of(r, EventKind::kMoved);
  ASSERT_EQ(moved.size(), 1u);
  EXPECT_THAT(moved[0]->why.text, HasSubstr("towards the last known position of tb (20.0, 20.0)"));
  // Without the ridge it goes for the target itself.
  s.terrain.clear();
  ASSERT_OK_AND_SET(v, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {2, 2, 2}));
  EXPECT_NEAR(Distance(v.state.FindUnit("z1")->position, Vec2(50, 10)),
              Distance(Vec2(36, 44), Vec2(50, 10)) - 6.0, 1e-6);
}

// A target out of sight while another British unit is in sight: the impi
// takes the one it can see.
TEST(Targets_003, TargetOutOfSightWithAnotherInSightTakesTheVisibleOne) {
  BattleState s = Field();
  AddImpi(s, "z1", 1, 36, 44, "tb", Hand::kLeft);
  s.units.push_back(British("tb", UnitKind::kInfantry, 36, 10, true, 20));
  s.units.push_back(British("seen", UnitKind::kInfantry, 66, 36, true, 20));
  s.terrain.push_back(Block("ridge", 20, 28, 50, 32, false, true));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(r.state, "z1").target_id, "seen");
}

// NOTES ON ZULU MOVEMENT: "If for some reason an Impi does not have a target
// (pretty rare) it will remain stationary till it sees a British unit".
TEST(Targets_003, NoTargetAndNoneInSightStaysPut) {
  BattleState s = Field();
  AddImpi(s, "z1", 1, 36, 44, "", Hand::kLeft);
  s.units.push_back(British("tb", UnitKind::kInfantry, 50, 10, true, 20));
  s.terrain.push_back(Block("ridge", 2, 28, 70, 32, false, true));
  ASSERT_OK_AND_SET(t, Ask(s, Q(QuestionKind::kTarget, "z1"), {}));
  EXPECT_EQ(Own(t.state, "z1").target_id, "");
  EXPECT_EQ(Decided(t).kind, EventKind::kNothing);
  EXPECT_THAT(Decided(t).why.text, HasSubstr("remains stationary"));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {2, 2, 2}));
  EXPECT_EQ(r.state.FindUnit("z1")->position, Vec2(36, 44));
  EXPECT_EQ(r.state.FindUnit("z1r1")->position, Vec2(36, 44));
  EXPECT_TRUE(Of(r, EventKind::kMoved).empty());
  // Once a British unit is in sight it becomes the target and the impi moves.
  s.terrain.clear();
  ASSERT_OK_AND_SET(m, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {2, 2, 2}));
  EXPECT_EQ(Own(m.state, "z1").target_id, "tb");
  EXPECT_EQ(Of(m, EventKind::kMoved).size(), 1u);
}

// NOTES ON ZULU MOVEMENT: "Zulu units which cannot move straight towards their
// targets due to some obstacle will move around the obstacle in the direction
// of their hand." Left and right hands pass on different sides (left is the
// mover's left as it faces the target: +x here, the impi moving down the
// table).
TEST(Targets_003, ObstaclePassedOnTheSideOfTheHand) {
  for (Hand hand : {Hand::kLeft, Hand::kRight}) {
    BattleState s = Field();
    AddImpi(s, "z1", 1, 36, 44, "tb", hand);
    s.units.push_back(British("tb", UnitKind::kInfantry, 36, 24, true, 20));
    s.terrain.push_back(Block("rocks", 32, 32, 40, 36, /*impassable=*/true, /*blocks_los=*/false));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {2, 2, 2, 2}));
    std::vector<const Event*> moves = Of(r, EventKind::kMoved);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_THAT(moves[0]->why.text, HasSubstr("round an obstacle in the direction of its hand"));
    double min_x = 1e9, max_x = -1e9;
    for (const Vec2& p : moves[0]->path) {
      min_x = std::min(min_x, p.x());
      max_x = std::max(max_x, p.x());
    }
    const double end_x = r.state.FindUnit("z1")->position.x();
    if (hand == Hand::kLeft) {
      EXPECT_GT(end_x, 36.0);
      EXPECT_GE(min_x, 36.0 - 1e-9);
    } else {
      EXPECT_LT(end_x, 36.0);
      EXPECT_LE(max_x, 36.0 + 1e-9);
    }
    EXPECT_NEAR(Distance(r.state.FindUnit("z1")->position, Vec2(36, 44)), 8.0, 0.5);
  }
}

// NOTES ON ZULU MOVEMENT: "If another Impi gets in the way, the Impi will
// attempt to move around the other Zulus in the direction of its "hand"."
TEST(Targets_003, OtherImpiInTheWayPassedOnTheSideOfTheHand) {
  for (Hand hand : {Hand::kLeft, Hand::kRight}) {
    BattleState s = Field();
    AddImpi(s, "z1", 1, 36, 44, "tb", hand);
    AddImpi(s, "z2", 1, 36, 38, "tb", Hand::kLeft);
    s.units.push_back(British("tb", UnitKind::kInfantry, 36, 10, true, 20));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kZuluMove, "z1"), {2, 2, 2}));
    const double end_x = r.state.FindUnit("z1")->position.x();
    if (hand == Hand::kLeft) {
      EXPECT_GT(end_x, 36.5);
    } else {
      EXPECT_LT(end_x, 35.5);
    }
    EXPECT_EQ(r.state.FindUnit("z2r1")->position, Vec2(36, 38));
  }
}

// ============================================================================
// DURING THE FIRE PHASE
// ============================================================================

// "When a Zulu fire card is turned, dice to see which Zulu unit fires (if
// there is more than 1 unit on table capable of firing). Only the "rifle
// armed" Zulu regiment or a "skirmishing" Zulu regiment may fire. All Zulu
// units that are part of an Impi will never fire".
TEST(FirePhase_003, ImpiRegimentsAndLoneZuluNeverFire) {
  BattleState s = Field();
  s.clock.phase = Phase::kFire;
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
  AddImpi(s, "z1", 2, 36, 14, "b1", Hand::kLeft);  // 4" off
  s.units.push_back(Zulu("l1", UnitKind::kLoneZulu, 30, 12));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kFireCard), {}));
  EXPECT_TRUE(Of(r, EventKind::kFired).empty());
  EXPECT_EQ(Decided(r).kind, EventKind::kNothing);
  EXPECT_EQ(Decided(r).announce, "No Zulu fire.");
  EXPECT_EQ(Decided(r).why.rule.section, "DURING THE FIRE PHASE");
}

TEST(FirePhase_003, RifleArmedAndSkirmishingRegimentsFire) {
  for (UnitKind kind : {UnitKind::kRifleRegiment, UnitKind::kSkirmishers}) {
    BattleState s = Field();
    s.clock.phase = Phase::kFire;
    s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
    s.units.push_back(British("b2", UnitKind::kInfantry, 66, 40, true, 20));
    double y = kind == UnitKind::kRifleRegiment ? 30 : 14;  // 20" rifles, 4" spears
    s.units.push_back(Zulu("f1", kind, 36, y));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kFireCard), {}));
    std::vector<const Event*> fired = Of(r, EventKind::kFired);
    ASSERT_EQ(fired.size(), 1u);
    EXPECT_EQ(fired[0]->unit_ids, std::vector<std::string>{"f1"});
    EXPECT_EQ(fired[0]->target_id, "b1");  // the nearest British unit in range
    EXPECT_TRUE(r.state.FindUnit("f1")->status.fired);
    EXPECT_TRUE(r.dice.empty());  // one capable unit: no die
  }
}

TEST(FirePhase_003, DieChoosesWhichOfSeveralCapableUnitsFires) {
  for (int face : {2, 5}) {
    BattleState s = Field();
    s.clock.phase = Phase::kFire;
    s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
    s.units.push_back(Zulu("rifles", UnitKind::kRifleRegiment, 20, 30));
    AddImpi(s, "z1", 1, 36, 14, "b1", Hand::kLeft);
    s.units.push_back(Zulu("spears", UnitKind::kSkirmishers, 40, 10));
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kFireCard), {face}));
    std::vector<const Event*> fired = Of(r, EventKind::kFired);
    ASSERT_EQ(fired.size(), 1u);
    EXPECT_EQ(fired[0]->unit_ids[0], face <= 3 ? "rifles" : "spears");
    ASSERT_EQ(fired[0]->why.dice.size(), 1u);
    EXPECT_EQ(fired[0]->why.dice[0].result, face);
  }
}

// Nothing able to fire: rifles beyond their (designed) 24" range, skirmishers
// beyond spear range.
TEST(FirePhase_003, NothingInRangeMeansNoZuluFire) {
  BattleState s = Field();
  s.clock.phase = Phase::kFire;
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  s.units.push_back(Zulu("rifles", UnitKind::kRifleRegiment, 36, 40));
  s.units.push_back(Zulu("spears", UnitKind::kSkirmishers, 10, 30));
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kFireCard), {}));
  EXPECT_TRUE(Of(r, EventKind::kFired).empty());
  EXPECT_EQ(Decided(r).announce, "No Zulu fire.");
}

// ============================================================================
// SKIRMISHING ZULU REGIMENTS
// ============================================================================

// "This is a Zulu unit which will always move 3 dice towards the nearest
// British unit ... It will remain at 1" from its target unit" (centre to
// centre 4", designed).
TEST(Skirmishers_003, MoveThreeDiceTowardsTheNearestBritishAndStopOneInchOff) {
  BattleState s = Field();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 20, true, 20));  // 20"
  s.units.push_back(British("b2", UnitKind::kCavalry, 60, 40, false, 12));  // 24"
  Unit sk = Zulu("s1", UnitKind::kSkirmishers, 36, 40);
  Own(s, sk.id).hand = Hand::kLeft;
  Own(s, sk.id).target_id = "b2";  // skirmishers always go for the nearest
  s.units.push_back(sk);
  ASSERT_OK_AND_SET(far, Ask(s, Q(QuestionKind::kZuluMove, "s1"), {6, 6, 6}));
  const Unit* moved = far.state.FindUnit("s1");
  EXPECT_NEAR(Distance(moved->position, Vec2(36, 20)), 4.0, 1e-6);
  EXPECT_NEAR(moved->position.x(), 36.0, 1e-6);
  EXPECT_EQ(Own(far.state, moved->id).target_id, "b1");
  std::vector<const Event*> moves = Of(far, EventKind::kMoved);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0]->why.rule.section, "SKIRMISHING ZULU REGIMENTS");
  // The skirmishers' own row, as printed ("This is a Zulu unit which will
  // always move 3 dice towards the nearest British unit"), not the impis'.
  EXPECT_EQ(moves[0]->why.rule.table, "SKIRMISHING ZULU REGIMENTS");
  EXPECT_EQ(moves[0]->why.rule.row, "will always move 3 dice towards the nearest British unit");
  EXPECT_EQ(moves[0]->why.dice.back().count, 3);  // never 4D6, though within 24"
  ASSERT_OK_AND_SET(short_move, Ask(s, Q(QuestionKind::kZuluMove, "s1"), {1, 1, 1}));
  EXPECT_NEAR(Distance(short_move.state.FindUnit("s1")->position, Vec2(36, 40)), 3.0, 1e-6);
  // Skirmishers never charge: nobody is in close combat.
  EXPECT_FALSE(far.state.FindUnit("b1")->status.in_close_combat);
  EXPECT_TRUE(Of(far, EventKind::kCharged).empty());
}

// "It will remain at 1" from its target unit but will move during the turn on
// a Zulu move card 3 D6 in the direction of it's hand."
TEST(Skirmishers_003, AlreadyThereMovesRoundTheTargetInTheDirectionOfItsHand) {
  for (Hand hand : {Hand::kLeft, Hand::kRight}) {
    BattleState s = Field();
    s.units.push_back(British("b1", UnitKind::kInfantry, 36, 20, true, 20));
    Unit sk = Zulu("s1", UnitKind::kSkirmishers, 36, 24);
    Own(s, sk.id).hand = hand;
    s.units.push_back(sk);
    ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kZuluMove, "s1"), {2, 2, 2}));
    const Unit* u = r.state.FindUnit("s1");
    EXPECT_NEAR(Distance(u->position, Vec2(36, 20)), 4.0, 1e-6);
    // Facing its target (down the table), its left is +x.
    if (hand == Hand::kLeft) {
      EXPECT_GT(u->position.x(), 38.0);
    } else {
      EXPECT_LT(u->position.x(), 34.0);
    }
  }
}

// "Conversion: If charged by the British, it will test "to stand". If it
// stands, it coverts instantly to a Special Impi." (The test to stand is the
// designed table.)
TEST(Skirmishers_003, ChargedAndStandingConvertsToASpecialImpi) {
  BattleState s = Field();
  RedCardUp(s);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 20, true, 20));
  s.units.push_back(Zulu("s1", UnitKind::kSkirmishers, 36, 30));
  Book(s).committed = 1;
  Book(s).force_pool = 15;
  // Stand 5 (3 or more stands); SPECIAL IMPI CREATION 4: 2 regiments; HAND 1.
  ASSERT_OK_AND_SET(r, Advance(s, {Charge("b1", "s1")}, {5, 4, 1}));
  EXPECT_EQ(r.state.FindUnit("s1"), nullptr);
  std::vector<const Event*> stand = Of(r, EventKind::kStandTest);
  ASSERT_EQ(stand.size(), 1u);
  EXPECT_EQ(stand[0]->why.rule.section, "SKIRMISHING ZULU REGIMENTS");
  EXPECT_TRUE(stand[0]->why.rule.designed);
  std::vector<std::string> impis = NewUnits(s, r.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  const Unit* impi = r.state.FindUnit(impis[0]);
  EXPECT_EQ(Count(r.state, UnitKind::kRegiment, impi->id), 2);
  // It stands in contact with its charger, its line across the charge: both
  // regiments 3" (kContact) from b1, centre to centre, 3.5" apart.
  const Unit* b1 = r.state.FindUnit("b1");
  std::vector<Vec2> line;
  for (const Unit& u : r.state.units) {
    if (u.parent == impi->id && u.kind == UnitKind::kRegiment) line.push_back(u.position);
  }
  ASSERT_EQ(line.size(), 2u);
  for (const Vec2& at : line) EXPECT_NEAR(Distance(at, b1->position), kContact, 1e-6);
  EXPECT_NEAR(Distance(line[0], line[1]), kRegimentSpacing, 1e-6);
  EXPECT_EQ(Own(r.state, impi->id).hand, Hand::kLeft);
  EXPECT_EQ(Own(r.state, impi->id).target_id, "b1");
  std::vector<const Event*> created = Of(r, EventKind::kTableRoll);
  ASSERT_EQ(created.size(), 1u);
  EXPECT_EQ(created[0]->why.rule.section, kSectionSpecialImpiCreation);
  EXPECT_EQ(Book(r.state).force_pool, 14);  // 15 + 1 back - 2
  // The skirmishers are one of the impi's regiments: they count once against
  // the scenario total (1 + 1 more).
  EXPECT_EQ(Book(r.state).committed, 2);
  // The charge goes home: b1 and the impi are in close combat.
  EXPECT_TRUE(r.state.FindUnit("b1")->status.in_close_combat);
  int locked = 0;
  for (const Unit& u : r.state.units) {
    if (u.parent == impi->id && u.kind == UnitKind::kRegiment) locked += u.status.in_close_combat;
  }
  EXPECT_EQ(locked, 2);
  std::vector<const Event*> home = Of(r, EventKind::kCharged);
  ASSERT_EQ(home.size(), 1u);
  EXPECT_EQ(home[0]->unit_ids, std::vector<std::string>{"b1"});
  EXPECT_EQ(home[0]->target_id, impi->id);
  EXPECT_THAT(home[0]->why.text, HasSubstr("goes home"));
}

// SCENARIO DESIGN: "The umpire makes a note of each Zulu unit committed to the
// table top ... when his tally reaches 24, no more Zulu units may be
// "created"." A regiment that converts to a Special Impi is already in the
// tally: it counts once, so at the scenario total it still converts, with
// as many regiments as the total leaves (itself, and one more if one is left).
TEST(Skirmishers_003, ConvertedRegimentCountsOnceAgainstTheScenarioTotal) {
  for (int total : {2, 3}) {
    BattleState s = Field();
    RedCardUp(s);
    s.units.push_back(British("b1", UnitKind::kInfantry, 36, 20, true, 20));
    s.units.push_back(Zulu("s1", UnitKind::kSkirmishers, 36, 30));
    Book(s).scenario_total = total;
    Book(s).committed = 2;
    Book(s).force_pool = 10;
    // Stand 5; SPECIAL IMPI CREATION 6: 2 regiments if available; HAND 1.
    ASSERT_OK_AND_SET(r, Advance(s, {Charge("b1", "s1")}, {5, 6, 1}));
    std::vector<std::string> impis = NewUnits(s, r.state, UnitKind::kImpi);
    ASSERT_EQ(impis.size(), 1u) << total;
    EXPECT_EQ(Count(r.state, UnitKind::kRegiment, impis[0]), total - 1) << total;
    EXPECT_EQ(Book(r.state).committed, total) << total;
    EXPECT_EQ(Book(r.state).force_pool, 10 + 1 - (total - 1)) << total;
  }
}

// "If it fails to stand, it falls back and becomes pinned." Pinned, it does
// not move on Zulu cards; it recovers at the next start of turn (designed).
TEST(Skirmishers_003, ChargedAndFailingFallsBackPinned) {
  BattleState s = Field();
  RedCardUp(s);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 20, true, 20));
  s.units.push_back(British("c1", UnitKind::kCavalry, 60, 20, false, 12));
  s.units.push_back(Zulu("s1", UnitKind::kSkirmishers, 36, 30));
  s.units.push_back(Zulu("s2", UnitKind::kSkirmishers, 60, 30));
  // s1: 2 fails. s2 charged by cavalry: 3 - 1 = 2 fails.
  ASSERT_OK_AND_SET(r, Advance(s, {Charge("b1", "s1"), Charge("c1", "s2")}, {2, 3}));
  for (const char* id : {"s1", "s2"}) {
    const Unit* u = r.state.FindUnit(id);
    ASSERT_NE(u, nullptr);
    EXPECT_TRUE(u->status.pinned) << id;
    EXPECT_NEAR(u->position.y(), 36.0, 1e-6) << id;  // 6" back from 30, away from the charger
  }
  std::vector<const Event*> stand = Of(r, EventKind::kStandTest);
  ASSERT_EQ(stand.size(), 2u);
  EXPECT_EQ(stand[1]->why.dice[0].total, 2);  // -1 charged by cavalry
  EXPECT_EQ(Count(r.state, UnitKind::kImpi), 0);
  // The rest of the movement phase: on the last Zulu card nothing moves.
  BattleState rest = r.state;
  DeckIn(rest).current_card = CardColor::kUnspecified;
  DeckIn(rest).black_left = 1;
  ASSERT_OK_AND_SET(m, Advance(rest, {}, {}, {B, R}));
  EXPECT_NEAR(m.state.FindUnit("s1")->position.y(), 36.0, 1e-6);
  // Next start of turn: it recovers.
  BattleState next = m.state;
  next.clock.phase = Phase::kStartOfTurn;
  next.clock.turn = 2;
  DeckIn(next).current_card = CardColor::kUnspecified;
  ASSERT_OK_AND_SET(t, Ask(next, Q(QuestionKind::kStartOfTurn), {}));
  EXPECT_FALSE(t.state.FindUnit("s1")->status.pinned);
  EXPECT_FALSE(t.state.FindUnit("s2")->status.pinned);
  EXPECT_EQ(Of(t, EventKind::kRejoined).size(), 2u);
}

// ============================================================================
// RIFLE ARMED ZULU REGIMENT
// ============================================================================

BattleState RifleUnderFire() {
  BattleState s = Field();
  FireCardUp(s);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
  s.units.push_back(Zulu("r1", UnitKind::kRifleRegiment, 36, 30));
  s.FindUnit("r1")->figures.riflemen = 20;
  Book(s).committed = 1;
  Book(s).force_pool = 15;
  return s;
}

// "If a Rifle armed Zulu regiment is fired at and reduced to less than 50% it
// is required to test morale as in the regular rules. If it passes, it remains
// in place and continues to fire every turn. If it fails, it melts away and is
// removed from the field."
TEST(RifleRegiment_003, BelowHalfTestsMoralePassStaysFailMeltsAway) {
  // 11 hits: 9 of 20 left. Critical morale 4: passes (designed, 4 or more).
  ASSERT_OK_AND_SET(pass, Advance(RifleUnderFire(), {Fire("b1", "r1", 11)}, {4}));
  const Unit* r1 = pass.state.FindUnit("r1");
  ASSERT_NE(r1, nullptr);
  EXPECT_EQ(r1->figures.Present(), 9);
  EXPECT_EQ(r1->position, Vec2(36, 30));
  std::vector<const Event*> morale = Of(pass, EventKind::kMoraleTest);
  ASSERT_EQ(morale.size(), 1u);
  EXPECT_EQ(morale[0]->why.rule.section, "RIFLE ARMED ZULU REGIMENT");
  // It still fires on a Zulu fire card.
  ASSERT_OK_AND_SET(fires, Ask(pass.state, Q(QuestionKind::kFireCard), {}));
  EXPECT_EQ(Of(fires, EventKind::kFired).size(), 1u);
  // Critical morale 3: fails, melts away, back to the pool.
  ASSERT_OK_AND_SET(fail, Advance(RifleUnderFire(), {Fire("b1", "r1", 11)}, {3}));
  EXPECT_EQ(fail.state.FindUnit("r1"), nullptr);
  EXPECT_EQ(Book(fail.state).force_pool, 16);
  EXPECT_EQ(Book(fail.state).committed, 1);
  EXPECT_EQ(Of(fail, EventKind::kRecycled).size(), 1u);
  // 10 hits leave exactly half: no test (no die).
  ASSERT_OK_AND_SET(half, Advance(RifleUnderFire(), {Fire("b1", "r1", 10)}, {}));
  EXPECT_TRUE(Of(half, EventKind::kMoraleTest).empty());
  EXPECT_NE(half.state.FindUnit("r1"), nullptr);
}

// "Conversion: If a Rifle-armed Zulu regiment is charged, it should test "to
// stand" as in the regular rules. If it stands it is converted to a Special
// Impi. ... If it does not stand, it "Melts away" skulking and is removed from
// the table top. Once it becomes an Impi, it no longer will fire".
TEST(RifleRegiment_003, ChargedStandsToSpecialImpiOrMeltsAway) {
  BattleState s = RifleUnderFire();
  RedCardUp(s);
  s.clock.phase = Phase::kMovement;
  // Stand 6; SPECIAL IMPI CREATION 1: 1 regiment; HAND 4.
  ASSERT_OK_AND_SET(st, Advance(s, {Charge("b1", "r1")}, {6, 1, 4}));
  EXPECT_EQ(st.state.FindUnit("r1"), nullptr);
  EXPECT_EQ(Count(st.state, UnitKind::kRifleRegiment), 0);
  std::vector<std::string> impis = NewUnits(s, st.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  EXPECT_EQ(Count(st.state, UnitKind::kRegiment, impis[0]), 1);
  EXPECT_EQ(Own(st.state, impis[0]).hand, Hand::kRight);
  // "1 regiment", "A Special Impi", "an impi": the grammar of the account.
  std::vector<const Event*> made = Of(st, EventKind::kForceCreated);
  ASSERT_EQ(made.size(), 1u);
  EXPECT_THAT(made[0]->why.text, StartsWith("A Special Impi of 1 regiment ("));
  EXPECT_THAT(made[0]->announce, StartsWith("An impi of 1 regiment appears at"));
  EXPECT_EQ(st.state.FindUnit(impis[0])->name, "impi of 1 regiment");
  for (const Unit& u : st.state.units) {
    if (u.parent == impis[0]) {
      EXPECT_EQ(u.figures.riflemen, 0);
    }
  }
  std::vector<const Event*> stand = Of(st, EventKind::kStandTest);
  ASSERT_EQ(stand.size(), 1u);
  EXPECT_EQ(stand[0]->why.rule.section, "RIFLE ARMED ZULU REGIMENT");
  EXPECT_TRUE(stand[0]->why.rule.designed);
  EXPECT_EQ(Book(st.state).force_pool, 15);  // 15 + 1 back - 1
  EXPECT_EQ(Book(st.state).committed, 1);    // the regiment counts once
  EXPECT_TRUE(st.state.FindUnit("b1")->status.in_close_combat);  // the charge goes home
  // The special impi never fires.
  BattleState fire = st.state;
  fire.clock.phase = Phase::kFire;
  DeckIn(fire).current_card = CardColor::kUnspecified;
  ASSERT_OK_AND_SET(nf, Ask(fire, Q(QuestionKind::kFireCard), {}));
  EXPECT_TRUE(Of(nf, EventKind::kFired).empty());
  // Stand 1: melts away.
  ASSERT_OK_AND_SET(melt, Advance(s, {Charge("b1", "r1")}, {1}));
  EXPECT_EQ(melt.state.FindUnit("r1"), nullptr);
  EXPECT_EQ(Count(melt.state, UnitKind::kImpi), 0);
  EXPECT_EQ(Book(melt.state).force_pool, 16);
  EXPECT_EQ(Book(melt.state).committed, 1);
}

// ============================================================================
// CONVERSION OF LONE ZULU
// ============================================================================

// The lone Zulu l1 at (36, 30), b1 20" off at (36, 10).
BattleState LoneZulu() {
  BattleState s = Field();
  FireCardUp(s);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
  s.units.push_back(Zulu("l1", UnitKind::kLoneZulu, 36, 30));
  return s;
}

Question LoneQ(LoneZuluEvent event, const std::string& british = "b1") {
  Question q = Q(QuestionKind::kLoneZulu, "l1", british);
  q.lone_zulu_event = event;
  return q;
}

// "Lone Zulu fired at and missed", "Lone Zulu fired at and hit", "Lone Zulu
// attacked in close combat": British FIRE with no hits, FIRE with hits, and
// CHARGE each consult their own table.
TEST(LoneZulu_003, FireMissFireHitAndChargeConsultTheirTables) {
  ASSERT_OK_AND_SET(missed, Advance(LoneZulu(), {Fire("b1", "l1", 0)}, {2}));
  std::vector<const Event*> rolls = InSection(missed, EventKind::kTableRoll, kSectionLoneZulu);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_EQ(rolls[0]->why.rule.table, kTableLoneZuluMissed);
  EXPECT_EQ(missed.state.FindUnit("l1")->position, Vec2(36, 30));  // 2 = remains

  ASSERT_OK_AND_SET(hit, Advance(LoneZulu(), {Fire("b1", "l1", 1)}, {2}));
  rolls = InSection(hit, EventKind::kTableRoll, kSectionLoneZulu);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_EQ(rolls[0]->why.rule.table, kTableLoneZuluHit);
  EXPECT_EQ(hit.state.FindUnit("l1"), nullptr);  // 1,2,3,4 = vanishes

  BattleState moving = LoneZulu();
  moving.clock.phase = Phase::kMovement;
  ASSERT_OK_AND_SET(charged, Advance(moving, {Charge("b1", "l1")}, {4}));
  rolls = InSection(charged, EventKind::kTableRoll, kSectionLoneZulu);
  ASSERT_EQ(rolls.size(), 1u);
  EXPECT_EQ(rolls[0]->why.rule.table, kTableLoneZuluCloseCombat);
  EXPECT_EQ(charged.state.FindUnit("l1"), nullptr);
  // The figure counts in no pool.
  EXPECT_EQ(Book(charged.state).force_pool, 16);
}

// "1 = Figure vanishes", "2 = Figure remains in same location".
TEST(LoneZulu_003, VanishesOrRemains) {
  ASSERT_OK_AND_SET(v, Ask(LoneZulu(), LoneQ(LoneZuluEvent::kFiredAtMissed), {1}));
  EXPECT_EQ(v.state.FindUnit("l1"), nullptr);
  EXPECT_EQ(Of(v, EventKind::kUnitRemoved).size(), 1u);
  ASSERT_OK_AND_SET(r, Ask(LoneZulu(), LoneQ(LoneZuluEvent::kFiredAtMissed), {2}));
  EXPECT_EQ(r.state.FindUnit("l1")->position, Vec2(36, 30));
}

// "3 = Figure moves 1D6 in random direction (if this movement takes the Zulu
// out of sight, the figure is removed)". Direction: a D6 for six directions
// 60 degrees apart, 1 towards the top edge (+y) (designed).
TEST(LoneZulu_003, MovesOneD6InARandomDirectionRemovedIfOutOfSight) {
  ASSERT_OK_AND_SET(up, Ask(LoneZulu(), LoneQ(LoneZuluEvent::kFiredAtMissed), {3, 1, 4}));
  ASSERT_NE(up.state.FindUnit("l1"), nullptr);
  EXPECT_NEAR(Distance(up.state.FindUnit("l1")->position, Vec2(36, 34)), 0.0, 1e-9);
  ASSERT_OK_AND_SET(down, Ask(LoneZulu(), LoneQ(LoneZuluEvent::kFiredAtMissed), {3, 4, 2}));
  EXPECT_NEAR(Distance(down.state.FindUnit("l1")->position, Vec2(36, 28)), 0.0, 1e-9);
  // Behind a ridge no British unit can see it: removed.
  BattleState ridge = LoneZulu();
  ridge.terrain.push_back(Block("ridge", 20, 32, 52, 33, false, true));
  ASSERT_OK_AND_SET(hidden, Ask(ridge, LoneQ(LoneZuluEvent::kFiredAtMissed), {3, 1, 6}));
  EXPECT_EQ(hidden.state.FindUnit("l1"), nullptr);
  // Off the table: removed.
  BattleState edge = LoneZulu();
  edge.FindUnit("l1")->position = Vec2(36, 46);
  ASSERT_OK_AND_SET(off, Ask(edge, LoneQ(LoneZuluEvent::kFiredAtMissed), {3, 1, 5}));
  EXPECT_EQ(off.state.FindUnit("l1"), nullptr);
}

// "4 = Convert to Skirmishing Regiment unless already 2 Skirmishing regiments
// on field, then treat as 5,6 below."
TEST(LoneZulu_003, ConvertsToSkirmishersOrToAnImpiWhenTwoAreOn) {
  // HAND 5.
  ASSERT_OK_AND_SET(sk, Ask(LoneZulu(), LoneQ(LoneZuluEvent::kFiredAtMissed), {4, 5}));
  EXPECT_EQ(sk.state.FindUnit("l1"), nullptr);
  std::vector<std::string> ids = NewUnits(LoneZulu(), sk.state, UnitKind::kSkirmishers);
  ASSERT_EQ(ids.size(), 1u);
  EXPECT_EQ(sk.state.FindUnit(ids[0])->position, Vec2(36, 30));
  EXPECT_EQ(Own(sk.state, ids[0]).hand, Hand::kRight);
  EXPECT_EQ(Book(sk.state).committed, 1);
  // Two on the field already: IMPI CREATION 3 (+1, -1): 4 regiments; HAND 2.
  BattleState two = LoneZulu();
  two.units.push_back(Zulu("s1", UnitKind::kSkirmishers, 4, 44));
  two.units.push_back(Zulu("s2", UnitKind::kSkirmishers, 68, 44));
  ASSERT_OK_AND_SET(im, Ask(two, LoneQ(LoneZuluEvent::kFiredAtMissed), {4, 3, 2}));
  EXPECT_EQ(NewUnits(two, im.state, UnitKind::kSkirmishers).size(), 0u);
  std::vector<std::string> impis = NewUnits(two, im.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  EXPECT_EQ(Count(im.state, UnitKind::kRegiment, impis[0]), 4);
}

// "5,6 = Convert to Impi if force pool allows at current location or 3D6 from
// British if within 6"."
TEST(LoneZulu_003, ConvertsToAnImpiHereOrThreeD6FromTheBritishWithinSixInches) {
  // 20" from b1: at its own location. IMPI CREATION 3: 4 regiments; HAND 2.
  ASSERT_OK_AND_SET(here, Ask(LoneZulu(), LoneQ(LoneZuluEvent::kFiredAtHit), {5, 3, 2}));
  EXPECT_EQ(here.state.FindUnit("l1"), nullptr);
  std::vector<std::string> impis = NewUnits(LoneZulu(), here.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  EXPECT_NEAR(Distance(here.state.FindUnit(impis[0])->position, Vec2(36, 30)), 0.0, 1e-6);
  EXPECT_EQ(Own(here.state, impis[0]).target_id, "b1");
  EXPECT_EQ(Book(here.state).committed, 4);
  EXPECT_EQ(Book(here.state).impis_created, 1);
  // b1 5" off: 3D6 = 12 from b1, on the lone Zulu's side of it.
  BattleState near = LoneZulu();
  near.FindUnit("b1")->position = Vec2(36, 25);
  ASSERT_OK_AND_SET(n, Ask(near, LoneQ(LoneZuluEvent::kAttackedInCloseCombat), {6, 4, 4, 4, 3, 2}));
  impis = NewUnits(near, n.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  EXPECT_NEAR(Distance(n.state.FindUnit(impis[0])->position, Vec2(36, 37)), 0.0, 1e-6);
  // The same through the British FIRE that hit it.
  BattleState fire = near;
  ASSERT_OK_AND_SET(f, Advance(fire, {Fire("b1", "l1", 1)}, {5, 1, 1, 1, 3, 2}));
  impis = NewUnits(fire, f.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  // 3D6 = 3 from b1 would put it on b1: it stands on the free ground
  // nearest that place (designed, footprint.h).
  ExpectOnFreeGround(f.state, impis[0]);
  EXPECT_LT(Distance(f.state.FindUnit(impis[0])->position, Vec2(36, 28)), 4.0);
}

// "If force pool does not allow Impi use Special Impi creation. If force pool
// does not allow that, figure vanishes." (IMPI CREATION TABLE: "if not more
// than 2 units" available there is no impi.)
TEST(LoneZulu_003, SmallPoolGivesASpecialImpiEmptyPoolVanishes) {
  for (LoneZuluEvent event : {LoneZuluEvent::kFiredAtMissed, LoneZuluEvent::kFiredAtHit,
                              LoneZuluEvent::kAttackedInCloseCombat}) {
    BattleState two = LoneZulu();
    Book(two).force_pool = 2;
    // 5: convert; SPECIAL IMPI CREATION 5: 2 regiments; HAND 1.
    ASSERT_OK_AND_SET(sp, Ask(two, LoneQ(event), {5, 5, 1}));
    std::vector<std::string> impis = NewUnits(two, sp.state, UnitKind::kImpi);
    ASSERT_EQ(impis.size(), 1u);
    EXPECT_EQ(Count(sp.state, UnitKind::kRegiment, impis[0]), 2);
    EXPECT_EQ(InSection(sp, EventKind::kTableRoll, kSectionSpecialImpiCreation).size(), 1u);
    EXPECT_EQ(Book(sp.state).force_pool, 0);

    // The scenario total leaves room for one: 1 regiment.
    BattleState one = LoneZulu();
    Book(one).committed = 23;
    ASSERT_OK_AND_SET(o, Ask(one, LoneQ(event), {6, 6, 1}));
    impis = NewUnits(one, o.state, UnitKind::kImpi);
    ASSERT_EQ(impis.size(), 1u);
    EXPECT_EQ(Count(o.state, UnitKind::kRegiment, impis[0]), 1);
    EXPECT_EQ(Book(o.state).committed, 24);

    // Nothing left: the figure vanishes, with no other die, even with the
    // British within 6".
    for (double british_y : {10.0, 25.0}) {
      BattleState none = LoneZulu();
      Book(none).force_pool = 0;
      none.FindUnit("b1")->position = Vec2(36, british_y);
      ASSERT_OK_AND_SET(v, Ask(none, LoneQ(event), {6}));
      EXPECT_EQ(v.state.FindUnit("l1"), nullptr);
      EXPECT_EQ(Count(v.state, UnitKind::kImpi), 0);
      EXPECT_EQ(Book(v.state).committed, 0);
    }
  }
}

// ============================================================================
// ZULU MORALE
// ============================================================================

// "If a Zulu unit fails morale or becomes pinned and then later recovers
// morale it will move to rejoin its Impi." Pinned units recover at the next
// start of turn (designed).
TEST(ZuluMorale_003, PinnedRegimentRecoversAndRejoinsItsImpi) {
  BattleState s = StartOf(2);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(s, "z1", 3, 36, 40, "b1", Hand::kLeft);
  s.FindUnit("z1r3")->status.pinned = true;
  s.FindUnit("z1r3")->position = Vec2(60, 20);
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {}));
  const Unit* r3 = r.state.FindUnit("z1r3");
  EXPECT_FALSE(r3->status.pinned);
  EXPECT_EQ(r3->parent, "z1");
  EXPECT_LT(Distance(r3->position, Vec2(36, 40)), 2 * kRegimentSpacing);
  std::vector<const Event*> rejoined = Of(r, EventKind::kRejoined);
  ASSERT_EQ(rejoined.size(), 1u);
  EXPECT_EQ(rejoined[0]->why.rule.section, "ZULU MORALE");
  EXPECT_TRUE(rejoined[0]->why.rule.designed);
}

// "If its Impi has been destroyed the unit will become a small Impi by
// itself. It will choose the nearest British unit as its target."
TEST(ZuluMorale_003, PinnedRegimentWhoseImpiIsGoneBecomesASmallImpi) {
  BattleState s = StartOf(2);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  s.units.push_back(British("b2", UnitKind::kInfantry, 10, 30, true, 20));
  AddImpi(s, "z1", 1, 30, 30, "b1", Hand::kLeft);
  s.FindUnit("z1")->off_table = true;
  s.FindUnit("z1r1")->status.pinned = true;
  const int pool = Book(s).force_pool;
  // HAND 5: right.
  ASSERT_OK_AND_SET(r, Ask(s, Q(QuestionKind::kStartOfTurn), {5}));
  const Unit* reg = r.state.FindUnit("z1r1");
  EXPECT_FALSE(reg->status.pinned);
  ASSERT_NE(reg->parent, "z1");
  const Unit* small = r.state.FindUnit(reg->parent);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->kind, UnitKind::kImpi);
  EXPECT_FALSE(small->off_table);
  EXPECT_EQ(small->position, Vec2(30, 30));
  EXPECT_EQ(Own(r.state, small->id).hand, Hand::kRight);
  EXPECT_EQ(Own(r.state, small->id).target_id, "b2");    // 20" against b1's 25"
  EXPECT_EQ(Book(r.state).force_pool, pool);  // nothing new is committed
  EXPECT_EQ(Of(r, EventKind::kUnitConverted).size(), 1u);
}

// A pinned regiment has left its impi: the impi moves without it.
TEST(ZuluMorale_003, PinnedRegimentDoesNotMoveWithItsImpi) {
  BattleState s = Field();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 6, true, 20));
  AddImpi(s, "z1", 3, 36, 40, "b1", Hand::kLeft);
  s.FindUnit("z1r3")->status.pinned = true;
  s.FindUnit("z1r3")->position = Vec2(60, 44);
  DeckIn(s).black_left = 1;
  ASSERT_OK_AND_SET(r, Advance(s, {}, {2, 2, 2}, {B, R}));
  EXPECT_EQ(r.state.FindUnit("z1r3")->position, Vec2(60, 44));
  EXPECT_NEAR(r.state.FindUnit("z1r1")->position.y(), 34.0, 1e-6);
  EXPECT_NEAR(r.state.FindUnit("z1")->position.y(), 34.0, 1e-6);
  // Nor does it count where the impi stands when a regiment is lost.
  BattleState fire = s;
  FireCardUp(fire);
  ASSERT_OK_AND_SET(f, Advance(fire, {Fire("b1", "z1r1", 20)}, {}));
  EXPECT_EQ(f.state.FindUnit("z1")->position, f.state.FindUnit("z1r2")->position);
}

// "If a Zulu unit fails morale after being reduce to less than 50% and begins
// withdrawing from the field, the umpire may remove it" (EXAMPLE OF FIRE
// PROCEDURE: "The umpire will remove it from the table top and return it to
// the force pool").
TEST(ZuluMorale_003, RegimentFailingCriticalMoraleIsRemovedToThePool) {
  BattleState s = Field();
  FireCardUp(s);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
  AddImpi(s, "z1", 3, 36, 30, "b1", Hand::kLeft);
  Book(s).committed = 3;
  Book(s).force_pool = 13;
  ASSERT_OK_AND_SET(r, Advance(s, {Fire("b1", "z1r2", 11)}, {3}));
  EXPECT_EQ(r.state.FindUnit("z1r2"), nullptr);
  EXPECT_EQ(Book(r.state).force_pool, 14);
  EXPECT_EQ(Book(r.state).committed, 3);
  EXPECT_EQ(Count(r.state, UnitKind::kRegiment, "z1"), 2);
  EXPECT_NEAR(Distance(r.state.FindUnit("z1")->position, Vec2(36, 30)), 0.0, 1e-6);
  std::vector<const Event*> morale = Of(r, EventKind::kMoraleTest);
  ASSERT_EQ(morale.size(), 1u);
  EXPECT_EQ(morale[0]->why.rule.section, "ZULU MORALE");
  // Passing, it stays (below half).
  ASSERT_OK_AND_SET(p, Advance(s, {Fire("b1", "z1r2", 11)}, {4}));
  EXPECT_TRUE(p.state.FindUnit("z1r2")->status.below_half);
  EXPECT_EQ(Book(p.state).force_pool, 13);
  // The same through the kCriticalMorale question.
  BattleState hurt = s;
  hurt.FindUnit("z1r1")->figures.fit = 8;
  hurt.FindUnit("z1r1")->figures.casualties = 12;
  ASSERT_OK_AND_SET(q, Ask(hurt, Q(QuestionKind::kCriticalMorale, "z1r1"), {1}));
  EXPECT_EQ(q.state.FindUnit("z1r1"), nullptr);
  EXPECT_EQ(Book(q.state).force_pool, 14);
}

// An impi whose last regiment is removed is gone, and its induna with it.
TEST(ZuluMorale_003, ImpiWithoutRegimentsDisappearsWithItsInduna) {
  BattleState s = Field();
  FireCardUp(s);
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
  s.units.push_back(British("b2", UnitKind::kInfantry, 40, 10, true, 20));
  AddImpi(s, "z1", 1, 36, 30, "b1", Hand::kLeft);
  AddInduna(s, "z1");
  Book(s).committed = 1;
  Book(s).force_pool = 15;
  // Critical morale 1: fails.
  ASSERT_OK_AND_SET(r, Advance(s, {Fire("b1", "z1r1", 11)}, {1}));
  EXPECT_EQ(r.state.FindUnit("z1r1"), nullptr);
  EXPECT_EQ(r.state.FindUnit("z1"), nullptr);
  EXPECT_EQ(r.state.FindUnit("z1i"), nullptr);
  // The regiment returns to the pool; an impi and its induna are no units of it.
  EXPECT_EQ(Book(r.state).force_pool, 16);
  EXPECT_EQ(Of(r, EventKind::kUnitRemoved).size(), 3u);
  // Shot to the last man: the same without a morale test.
  ASSERT_OK_AND_SET(d, Advance(s, {Fire("b1", "z1r1", 20)}, {}));
  EXPECT_EQ(d.state.FindUnit("z1"), nullptr);
  EXPECT_EQ(d.state.FindUnit("z1i"), nullptr);
  EXPECT_EQ(Book(d.state).force_pool, 16);
}

// ============================================================================
// British actions that do not apply (ruleset.h: errors)
// ============================================================================

// FAILED_PRECONDITION: the action is well formed but does not apply now; the
// message starts with the action's path.
TEST(BritishActions_003, ActionsThatDoNotApplyNowAreFailedPrecondition) {
  BattleState s = BritishMoving();
  AddImpi(s, "z1", 1, 36, 40, "b1", Hand::kLeft);
  struct Case {
    std::vector<Action> actions;
    std::string prefix;
    std::string says;
  };
  Action result;
  result.kind = ActionKind::kCloseCombatResult;
  result.target_id = "z1r1";
  result.casualties = 1;
  for (const Case& c : {
           Case{{Fire("b1", "z1r1", 0)}, "british_actions[0]", "FIRE"},
           Case{{result}, "british_actions[0]", "CLOSE_COMBAT_RESULT"},
           Case{{Move("b1", 30, 6), Move("b1", 32, 6)}, "british_actions[1]", "already moved"},
           Case{{Move("b1", 30, 6), Charge("b1", "z1r1")}, "british_actions[1]", "already moved"},
           Case{{Pass(), Move("b2", 60, 10)}, "british_actions[1]", "MOVE"},
       }) {
    absl::StatusOr<StepResult> r = Advance(s, c.actions, {});
    ASSERT_FALSE(r.ok()) << c.prefix << " " << c.says;
    EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition) << r.status();
    EXPECT_THAT(std::string(r.status().message()), StartsWith(c.prefix));
    EXPECT_THAT(std::string(r.status().message()), HasSubstr(c.says));
  }
  // MOVE in the fire phase, PASS when no British decision is awaited.
  BattleState fire = s;
  FireCardUp(fire);
  absl::StatusOr<StepResult> m = Advance(fire, {Move("b1", 30, 6)}, {});
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(m.status().message()), StartsWith("british_actions[0]"));
  BattleState zulus = s;
  DeckIn(zulus).current_card = CardColor::kUnspecified;
  absl::StatusOr<StepResult> p = Advance(zulus, {Pass()}, {});
  EXPECT_EQ(p.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(p.status().message()), StartsWith("british_actions[0]"));
}

// Glossary: "Movement Limitation - On the last British move card, only a D6 of
// units may move."
TEST(BritishActions_003, NoMoreMovesThanTheMovementLimitationAllows) {
  BattleState s = BritishMoving();
  s.units.push_back(Zulu("l1", UnitKind::kLoneZulu, 10, 30));
  DeckIn(s).red_left = 0;
  DeckIn(s).british_moves_left = 1;
  for (Action second : {Move("b2", 60, 10), Charge("b2", "l1")}) {
    absl::StatusOr<StepResult> r = Advance(s, {Move("b1", 30, 6), second}, {});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_THAT(std::string(r.status().message()), StartsWith("british_actions[1]"));
    EXPECT_THAT(std::string(r.status().message()), HasSubstr("movement limitation"));
  }
  ASSERT_OK_AND_SET(one, Advance(s, {Move("b1", 30, 6)}, {}));
  EXPECT_EQ(one.awaiting.units_may_move, 0);
  absl::StatusOr<StepResult> more = Advance(one.state, {Move("b2", 60, 10)}, {});
  EXPECT_EQ(more.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(more.status().message()), StartsWith("british_actions[0]"));
  // The D6 is rolled when the last red card is turned.
  BattleState deck = Field();
  deck.units.push_back(British("b1", UnitKind::kInfantry, 24, 6, true, 20));
  DeckIn(deck).red_left = 1;
  DeckIn(deck).black_left = 0;
  ASSERT_OK_AND_SET(last, Advance(deck, {}, {2}, {R}));
  EXPECT_EQ(last.awaiting.units_may_move, 2);
}

// INVALID_ARGUMENT with the field path for references that do not hold.
TEST(BritishActions_003, BadReferencesAreInvalidArgumentWithTheFieldPath) {
  BattleState s = BritishMoving();
  AddImpi(s, "z1", 1, 36, 40, "b1", Hand::kLeft);
  s.units.push_back(Zulu("l1", UnitKind::kLoneZulu, 10, 30));
  BattleState fire = s;
  FireCardUp(fire);
  Action off_path = Move("b1", 30, 6);
  off_path.path = {Vec2(-2, 6)};
  Action stance;
  stance.kind = ActionKind::kStance;
  stance.unit_id = "b1";
  Action remove;
  remove.kind = ActionKind::kRemove;
  remove.target_id = "nobody";
  struct Case {
    const BattleState* state;
    std::vector<Action> actions;
    std::string path;
  };
  for (const Case& c : {
           Case{&s, {Move("nobody", 30, 6)}, "british_actions[0].unit_id"},
           Case{&s, {Move("z1r1", 30, 6)}, "british_actions[0].unit_id"},
           Case{&s, {Move("b1", 80, 6)}, "british_actions[0].to"},
           Case{&s, {off_path}, "british_actions[0].path"},
           Case{&s, {Move("b1", 30, 6), Move("nobody", 30, 8)}, "british_actions[1].unit_id"},
           Case{&s, {Charge("nobody", "l1")}, "british_actions[0].unit_id"},
           Case{&s, {Charge("b1", "z1")}, "british_actions[0].target_id"},
           Case{&s, {stance}, "british_actions[0].kind"},
           Case{&fire, {Fire("b1", "nobody", 0)}, "british_actions[0].target_id"},
           Case{&fire, {Fire("b1", "z1", 2)}, "british_actions[0].target_id"},
           Case{&fire, {Fire("b1", "z1r1", 21)}, "british_actions[0].hits"},
           Case{&fire, {Fire("b1", "z1r1", -1)}, "british_actions[0].hits"},
           Case{&fire, {Fire("b1", "l1", 2)}, "british_actions[0].hits"},
           Case{&fire, {remove}, "british_actions[0].target_id"},
       }) {
    absl::StatusOr<StepResult> r = Advance(*c.state, c.actions, {9, 9, 9});
    ASSERT_FALSE(r.ok()) << c.path;
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument) << r.status();
    EXPECT_THAT(std::string(r.status().message()), StartsWith(c.path)) << r.status();
  }
}

// umpire.h: "On any error nothing of the step is returned: the caller's state
// is untouched." A failed step leaves the input as it was, and the same input
// with valid actions then plays normally.
TEST(BritishActions_003, NothingIsHalfApplied) {
  const BattleState s = BritishMoving();
  const BattleState before = s;
  // The first move tests the point and creates an impi; the second is bad.
  absl::StatusOr<StepResult> bad = Advance(s, {Move("b1", 40, 19), Move("b1", 41, 19)}, {4, 3, 2});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kFailedPrecondition);
  // A script too short fails the step too.
  absl::StatusOr<StepResult> short_dice = Advance(s, {Move("b1", 40, 19)}, {4});
  ASSERT_FALSE(short_dice.ok());
  EXPECT_EQ(short_dice.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(short_dice.status().message()), StartsWith("dice.scripted.dice"));
  // The input is unchanged.
  ASSERT_EQ(s.units.size(), before.units.size());
  EXPECT_EQ(s.FindUnit("b1")->position, before.FindUnit("b1")->position);
  EXPECT_FALSE(s.FindUnit("b1")->status.acted);
  EXPECT_EQ(s.FindPoint(PointKind::kAppearance, 1)->state, PointState::kUntested);
  EXPECT_EQ(Book(s).committed, 0);
  EXPECT_EQ(Book(s).force_pool, 16);
  EXPECT_EQ(s.next_unit_serial, before.next_unit_serial);
  // A valid re-run from the same input.
  ASSERT_OK_AND_SET(good, Advance(s, {Move("b1", 40, 19)}, {4, 3, 2}));
  EXPECT_EQ(good.state.FindUnit("b1")->position, Vec2(40, 19));
  EXPECT_EQ(good.state.FindPoint(PointKind::kAppearance, 1)->state, PointState::kSpent);
  EXPECT_EQ(Book(good.state).committed, 4);
  EXPECT_EQ(Count(good.state, UnitKind::kImpi), 1);
}

// Questions that do not apply, or name what is not there.
TEST(BritishActions_003, AskErrorsNameTheQuestionField) {
  BattleState s = Targeting();
  s.units.push_back(British("b1", UnitKind::kInfantry, 36, 10, true, 20));
  s.units.push_back(Zulu("l1", UnitKind::kLoneZulu, 10, 30));
  absl::StatusOr<StepResult> r = Ask(s, Q(QuestionKind::kTarget, "nobody"), {});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(r.status().message()), StartsWith("tsatf.target.unit_id"));
  r = Ask(s, Q(QuestionKind::kTarget, "l1"), {});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  r = Ask(s, Q(QuestionKind::kTestToStand, "z1r1", "b1"), {6});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  r = Ask(s, Q(QuestionKind::kLoneZulu, "l1", "b1"), {6});  // no event given
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(r.status().message()), StartsWith("tsatf.lone_zulu.event"));
  r = Ask(s, Q(QuestionKind::kStartOfTurn), {});  // the movement phase is on
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  Question q = Q(QuestionKind::kOnField);
  q.point = 42;
  r = Ask(s, q, {});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(r.status().message()), StartsWith("tsatf.on_field.point"));
}

// ============================================================================
// SCENARIO DESIGN: the force pool and the scenario total
// ============================================================================

// "The umpire makes a note of each Zulu unit committed to the table top,
// recycling Zulu units from the dead ones and when his tally reaches 24, no
// more Zulu units may be "created"." Recycling returns units to the pool but
// does not lower the tally.
TEST(ScenarioDesign_003, CommittedNeverExceedsTheScenarioTotal) {
  BattleState s = BritishMoving();
  Book(s).scenario_total = 10;
  Book(s).committed = 7;
  Book(s).force_pool = 16;
  // On-field 4 + 2: Create Impi. IMPI CREATION 6 - 1 (first) = 5 regiments,
  // capped at the 3 the total leaves. HAND 2.
  ASSERT_OK_AND_SET(r, Advance(s, {Move("b1", 40, 19)}, {4, 6, 2}));
  std::vector<std::string> impis = NewUnits(s, r.state, UnitKind::kImpi);
  ASSERT_EQ(impis.size(), 1u);
  EXPECT_EQ(Count(r.state, UnitKind::kRegiment, impis[0]), 3);
  EXPECT_EQ(Book(r.state).committed, 10);
  EXPECT_EQ(Book(r.state).force_pool, 13);
  // A regiment shot down returns to the pool; the tally stays at the total.
  BattleState fire = r.state;
  FireCardUp(fire);
  std::string regiment;
  for (const Unit& u : fire.units) {
    if (u.parent == impis[0] && u.kind == UnitKind::kRegiment) regiment = u.id;
  }
  ASSERT_OK_AND_SET(f, Advance(fire, {Fire("b1", regiment, 20)}, {}));
  EXPECT_EQ(Book(f.state).force_pool, 14);
  EXPECT_EQ(Book(f.state).committed, 10);
  // Nothing more can be created: an impi reads as a Lone Zulu (not more than
  // 2 available), a Special Impi is nothing, skirmishers do not come on.
  Question impi = Q(QuestionKind::kImpiCreation);
  impi.has_at = true;
  impi.at = Vec2(10, 40);
  ASSERT_OK_AND_SET(lone, Ask(f.state, impi, {}));
  EXPECT_EQ(NewUnits(f.state, lone.state, UnitKind::kLoneZulu).size(), 1u);
  EXPECT_EQ(Book(lone.state).committed, 10);
  impi.special = true;
  ASSERT_OK_AND_SET(special, Ask(f.state, impi, {}));
  EXPECT_EQ(special.state.units.size(), f.state.units.size());
  BattleState marker = f.state;
  marker.clock.phase = Phase::kMovement;
  DeckIn(marker).current_card = CardColor::kUnspecified;
  DeckIn(marker).red_left = 3;
  DeckIn(marker).black_left = 1;
  for (Unit& u : marker.units) u.status.acted = true;  // nothing else to move
  Mark(marker, 5, Marker::kThisTurn, ForceKind::kSkirmishers);
  ASSERT_OK_AND_SET(m, Advance(marker, {}, {}, {B, R}));
  EXPECT_EQ(Count(m.state, UnitKind::kSkirmishers), 0);
  EXPECT_EQ(Book(m.state).committed, 10);
  EXPECT_EQ(m.state.FindPoint(PointKind::kPerimeter, 5)->marker, Marker::kNone);
}

// Introduction, Facing Direction: "Zulu regiments that have moved into a close
// combat with British units are "locked" facing towards the British units
// they are fighting." A regiment charged by the British stays in its fight
// when the rest of its impi moves on a later Zulu card.
TEST(ZuluMoveCards_003, RegimentLockedInCloseCombatStaysWhenItsImpiMoves) {
  BattleState s = BritishMoving();
  AddImpi(s, "z1", 2, 40, 40, "b4", Hand::kLeft);
  s.units.push_back(British("b3", UnitKind::kInfantry, 38.25, 30, true, 20));
  s.units.push_back(British("b4", UnitKind::kInfantry, 60, 30, true, 20));
  // b3 charges z1r1 (at 38.25, 40): it ends 3" off, both in close combat.
  // PASS; a Zulu card: z1 tests 4 (now) and charges its target b4, 22.4" off,
  // with 4D6 = 24.
  ASSERT_OK_AND_SET(r, Advance(s, {Charge("b3", "z1r1"), Pass()}, {4, 6, 6, 6, 6}, {B, R}));
  EXPECT_EQ(Of(r, EventKind::kCharged).size(), 1u);
  const Unit* locked = r.state.FindUnit("z1r1");
  EXPECT_TRUE(locked->status.in_close_combat);
  EXPECT_EQ(locked->position, Vec2(38.25, 40));
  EXPECT_NE(r.state.FindUnit("z1r2")->position, Vec2(41.75, 40));
}

}  // namespace
}  // namespace impi::tsatf

namespace impi::tsatf {
namespace {

// Facing Direction: an impi whose regiments are all "locked" in close combat
// has nothing left to move: a Zulu card neither tests nor moves it.
TEST(ZuluMoveCards_003, ImpiWithEveryRegimentLockedDoesNotMove) {
  BattleState s = BritishMoving();
  AddImpi(s, "z1", 2, 40, 40, "b4", Hand::kLeft);
  AddInduna(s, "z1");
  s.units.push_back(British("b4", UnitKind::kInfantry, 60, 30, true, 20));
  s.FindUnit("z1r1")->status.in_close_combat = true;
  s.FindUnit("z1r2")->status.in_close_combat = true;
  // A Zulu card, then a red one: no die is rolled for z1.
  ASSERT_OK_AND_SET(r, Advance(s, {Pass()}, {}, {B, R}));
  EXPECT_TRUE(Of(r, EventKind::kMoveTest).empty());
  EXPECT_EQ(r.state.FindUnit("z1")->position, s.FindUnit("z1")->position);
  EXPECT_EQ(r.state.FindUnit("z1i")->position, s.FindUnit("z1i")->position);
  // Asked to move it anyway, the umpire refuses as play does, and says why.
  const auto m = Ask(s, Q(QuestionKind::kZuluMove, "z1"), {});
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(m.status().message(),
            "tsatf.zulu_move.unit_id: z1 has no regiment free to move: every one is pinned or locked in close combat");
}

}  // namespace
}  // namespace impi::tsatf

namespace impi::tsatf {
namespace {

// Changes to the rules, "Wounded natives: For simplicity all wounded Zulus are
// hors de combat and are treated as dead." A Zulu unit cannot carry wounded
// figures, and a hit on a Zulu figure makes it a casualty.
TEST(WoundedNatives_003, WoundedZulusAreTreatedAsDead) {
  BattleState s = BritishMoving();
  AddImpi(s, "z1", 1, 40, 40, "b1", Hand::kLeft);
  s.FindUnit("z1r1")->figures.wounded = 2;
  absl::StatusOr<StepResult> r = Advance(s, {Pass()}, {}, {B, R});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(r.status().message()), StartsWith("state.units["));
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("figures.wounded"));

  BattleState fire = Field();
  FireCardUp(fire);
  fire.units.push_back(British("b1", UnitKind::kInfantry, 24, 6, true, 20));
  AddImpi(fire, "z1", 1, 30, 20, "b1", Hand::kLeft);
  Action shot = Fire("b1", "z1r1", 3);
  ASSERT_OK_AND_SET(f, Advance(fire, {shot}, {}, {}));
  const Unit* r1 = f.state.FindUnit("z1r1");
  EXPECT_EQ(r1->figures.fit, 17);
  EXPECT_EQ(r1->figures.wounded, 0);
  EXPECT_EQ(r1->figures.casualties, 3);
}

}  // namespace
}  // namespace impi::tsatf
