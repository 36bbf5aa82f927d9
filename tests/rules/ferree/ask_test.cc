// Ferree's Isandlwana decision points through Ask (engine/rulesets/ferree/
// ask.cc), with scripted dice and a test policy that takes the first option:
// each question's answer (the table row, the outcome, the state after) and
// each question that does not apply (the code and the field path).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/driver.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/tables.h"
#include "engine/game/policy.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/ferree/ferree_test_util.h"

namespace impi::ferree {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

using test_util::Add;
using test_util::Picker;
using test_util::RegisterTestPolicy;
using test_util::SmallBattle;

// --- States --------------------------------------------------------------------

// SmallBattle with tray t2 `gap` inches (edge to edge) in front of b1 and the
// other trays far off; turn 2 under way, the cup holding r1, i1, b1, w1.
BattleState TrayNear(double gap) {
  BattleState s = SmallBattle();
  s.FindUnit("t2")->position = Vec2(30, 14 + gap + kTrayRadius + kCompanyRadius);
  s.FindUnit("t1")->position = Vec2(5, 40);
  s.FindUnit("t3")->position = Vec2(55, 40);
  s.FindUnit("i1")->position = Vec2(45, 44);
  s.clock.turn = 2;
  impi::ferree::Own(s).chits_left = {"r1", "i1", "b1", "w1"};
  return s;
}

// Before the battle: entry points 1 (west edge) and 2 (east edge); r2 of the
// right horn (two trays) and r3 of the loins (one tray) on the table besides
// r1 of the chest.
BattleState BeforeThePlan() {
  BattleState s = SmallBattle();
  s.clock.phase = Phase::kPreBattle;
  impi::ferree::Own(s).segment = kPreBattlePlan;
  impi::ferree::Own(s).situation.rolled = true;
  Point& p1 = s.points.emplace_back();
  p1.kind = PointKind::kEntry;
  p1.number = 1;
  p1.position = Vec2(0, 24);
  Point& p2 = s.points.emplace_back();
  p2.kind = PointKind::kEntry;
  p2.number = 2;
  p2.position = Vec2(60, 24);
  Unit& r2 = Add(s, "r2", Side::kZulu, UnitKind::kRegiment, {10, 46}, 0);
  r2.figures.starting = 50;
  impi::ferree::MutableUnitOf(s, r2.id).division = kRightHornDivision;
  Add(s, "u1", Side::kZulu, UnitKind::kTray, {8, 46}, 25, "r2");
  Add(s, "u2", Side::kZulu, UnitKind::kTray, {12, 46}, 25, "r2");
  Unit& r3 = Add(s, "r3", Side::kZulu, UnitKind::kRegiment, {50, 46}, 0);
  r3.figures.starting = 25;
  impi::ferree::MutableUnitOf(s, r3.id).division = kLoinsDivision;
  Add(s, "l1", Side::kZulu, UnitKind::kTray, {50, 46}, 25, "r3");
  return s;
}

// The battle on (turn 1, the cup r1, b1, r2 ...) with r2 off-board, due at
// point 1 on turn 2 (secret), and r3 of the loins off-board, its point noted
// on the regiment (umpire.entry_point 2) but not yet its turn.
BattleState WithOffBoard() {
  BattleState s = BeforeThePlan();
  s.clock.phase = Phase::kActivation;
  impi::ferree::Own(s).segment = 0;
  s.clock.turn = 1;
  for (const char* id : {"u1", "u2", "l1"}) s.FindUnit(id)->off_table = true;
  impi::ferree::Own(s).secret_entries.push_back({"r2", 2, 1});
  impi::ferree::MutableUnitOf(s, "r3").entry_point = 2;
  impi::ferree::Own(s).chits_left = {"r1", "i1", "b1", "w1"};
  return s;
}

Question Ask(QuestionKind kind, const std::string& unit = "", const std::string& other = "") {
  Question q;
  q.kind = kind;
  q.unit_id = unit;
  q.other_unit_id = other;
  return q;
}

struct Answer {
  absl::Status status;
  EventLog log;
  int decision = -1;
  int dice_used = 0;
  std::vector<DieRoll> rolls;

  const Event& Decision() const { return log.events().at(decision); }
};

class FerreeAsk : public ::testing::Test {
 protected:
  void SetUp() override { RegisterTestPolicy(); }

  // Asks `q` with the scripted `faces`; a script that runs out (or is not
  // used up) fails the answer, as RunAsk does for the first.
  Answer Put(BattleState& s, const Question& q, std::vector<int> faces) const {
    Answer a;
    const size_t n = faces.size();
    Dice dice = Dice::Scripted(std::move(faces));
    a.status = Ask(rules_, s, q, PolicySpec{}, dice, a.log, &a.decision);
    if (a.status.ok()) a.status = dice.status();
    a.rolls = dice.rolls();
    for (const DieRoll& r : a.rolls) a.dice_used += r.count;
    if (a.status.ok()) {
      EXPECT_EQ(static_cast<size_t>(a.dice_used), n) << "dice left unused";
    }
    return a;
  }

  // The error of asking `q` of a copy of `s` (no dice).
  absl::Status Refused(const BattleState& s, const impi::Question& q) const {
    BattleState copy = s;
    Dice dice = Dice::Scripted({});
    EventLog log;
    int decision = 0;
    return Ask(rules_, copy, q, PolicySpec{}, dice, log, &decision);
  }

  const FerreeRuleset rules_{};
};

void ExpectError(const absl::Status& st, absl::StatusCode code, const std::string& prefix) {
  EXPECT_EQ(st.code(), code) << st;
  EXPECT_THAT(std::string(st.message()), StartsWith(prefix)) << st;
}

int Count(const EventLog& log, EventKind kind) {
  int n = 0;
  for (const Event& e : log.events()) n += e.kind == kind;
  return n;
}

const Event* Find(const EventLog& log, EventKind kind, const std::string& text = "") {
  for (const Event& e : log.events()) {
    if (e.kind == kind && e.why.text.find(text) != std::string::npos) return &e;
  }
  return nullptr;
}

// --- Any question -------------------------------------------------------------------

// A question type of another rule set's, as the engine sees one.
struct OtherRulesetQuestion {
  static constexpr std::string_view kRuleset = "TSATF_ZULU_CONTROL";
  static constexpr std::string_view kField = "tsatf";
};

TEST_F(FerreeAsk, AQuestionOfAnotherRuleSetIsRefused) {
  ExpectError(Refused(SmallBattle(), impi::Question(OtherRulesetQuestion{})),
              absl::StatusCode::kInvalidArgument,
              "tsatf: the state's rule set is FERREE_ISANDLWANA: ask one of its questions, in ferree");
  ExpectError(Refused(SmallBattle(), impi::Question()), absl::StatusCode::kInvalidArgument,
              "question: is required (ferree: one of its decision points)");
  ExpectError(Refused(SmallBattle(), Question{}), absl::StatusCode::kInvalidArgument,
              "ferree: name the decision point: one of situation, zulu_plan, entry_turn, activate, "
              "resolve, rally, induna_order, charge_retiring");
}

TEST_F(FerreeAsk, AMissingOrUnknownUnitNamesTheField) {
  const BattleState s = SmallBattle();
  for (QuestionKind kind :
       {QuestionKind::kEntryTurn, QuestionKind::kActivate, QuestionKind::kResolve,
        QuestionKind::kRally, QuestionKind::kIndunaOrder, QuestionKind::kChargeRetiring}) {
    const std::string path = absl::StrCat("ferree.", QuestionKindName(kind), ".unit_id: ");
    SCOPED_TRACE(path);
    ExpectError(Refused(s, Ask(kind)), absl::StatusCode::kInvalidArgument, path + "is required");
    ExpectError(Refused(s, Ask(kind, "zz", "b1")), absl::StatusCode::kInvalidArgument,
                path + "no unit 'zz' on the table state");
  }
  ExpectError(Refused(s, Ask(QuestionKind::kChargeRetiring, "t2")),
              absl::StatusCode::kInvalidArgument,
              "ferree.charge_retiring.british_unit_id: is required");
  ExpectError(Refused(s, Ask(QuestionKind::kChargeRetiring, "t2", "b7")),
              absl::StatusCode::kInvalidArgument,
              "ferree.charge_retiring.british_unit_id: no unit 'b7' on the table state");
}

// --- situation ------------------------------------------------------------------------

TEST_F(FerreeAsk, SituationRollsAToFAndAnswersWithOneDecision) {
  BattleState s = SmallBattle();
  s.clock.phase = Phase::kPreBattle;
  // A 6: laager; B 6: thornbush; C 1: Durnford on time; D (a defensive
  // camp) 5: up to half fortified; E 5: scouting well advanced (+1); F 3 + 1
  // = 4: 1D6/2 hours past 10:00am, 2 x 30 minutes: 11:00am.
  Answer a = Put(s, Ask(QuestionKind::kSituation), {6, 6, 1, 5, 5, 3, 2});
  ASSERT_TRUE(a.status.ok()) << a.status;
  const impi::ferree::Situation& pb = impi::ferree::Own(s).situation;
  EXPECT_TRUE(pb.rolled);
  EXPECT_TRUE(pb.camp_laagered);
  EXPECT_TRUE(pb.thornbush);
  EXPECT_EQ(pb.reinforcement_arrival, 600);
  EXPECT_EQ(pb.deployment, impi::ferree::Deployment::kHalfFortified);
  EXPECT_EQ(pb.scouting, 1);
  EXPECT_EQ(pb.discovery_time, 660);
  EXPECT_EQ(s.clock.phase, Phase::kPreBattle);
  EXPECT_EQ(impi::ferree::Own(s).segment, kPreBattlePlan) << "the plan is next";
  // The table rolls, then the one decision that sums them up.
  int decisions = 0;
  for (const Event& e : a.log.events()) decisions += e.decision;
  EXPECT_EQ(decisions, 1);
  ASSERT_EQ(a.decision, static_cast<int>(a.log.size()) - 1);
  const Event& d = a.Decision();
  EXPECT_TRUE(d.decision);
  EXPECT_FALSE(d.umpire_only);
  EXPECT_EQ(d.why.rule.section, kSectionSituation);
  EXPECT_THAT(d.why.text, HasSubstr("the wagons are laagered"));
  EXPECT_THAT(d.why.text, HasSubstr("thornbush"));
  EXPECT_THAT(d.why.text, HasSubstr("Durnford arrives at 10:00am"));
  EXPECT_THAT(d.why.text, HasSubstr("up to half of the troops"));
  EXPECT_THAT(d.why.text, HasSubstr("the Zulus are found at 11:00am"));
  const Event* camp = Find(a.log, EventKind::kTableRoll);
  ASSERT_NE(camp, nullptr);
  EXPECT_EQ(camp->why.rule.table, kTableBritishCamp);
  EXPECT_EQ(camp->why.rule.row, kRowCampLaager);
  EXPECT_GE(Count(a.log, EventKind::kTableRoll), 7);
  EXPECT_TRUE(rules_.Validate(s).ok()) << rules_.Validate(s);
}

TEST_F(FerreeAsk, SituationOnlyBeforeTheRolls) {
  BattleState s = SmallBattle();
  s.clock.phase = Phase::kPreBattle;
  impi::ferree::Own(s).situation.rolled = true;
  ExpectError(Refused(s, Ask(QuestionKind::kSituation)), absl::StatusCode::kFailedPrecondition,
              "ferree.situation: the situation has been rolled already");
  s = SmallBattle();  // ACTIVATION
  ExpectError(Refused(s, Ask(QuestionKind::kSituation)), absl::StatusCode::kFailedPrecondition,
              "ferree.situation: the situation is rolled before the battle");
}

// --- zulu_plan ------------------------------------------------------------------------

TEST_F(FerreeAsk, ZuluPlanSendsRegimentsOffBoardWithSecretTurns) {
  BattleState s = BeforeThePlan();
  // The test policy takes the first option: r2 to point 1, then r3 (the
  // loins) to point 1, then END_DEPLOYMENT. TURN OF ENTRY: r2 rolls 1 (turn
  // 4 at point 1), r3 rolls 2 (5 + 3 = 8).
  Answer a = Put(s, Ask(QuestionKind::kZuluPlan), {1, 2});
  ASSERT_TRUE(a.status.ok()) << a.status;
  ASSERT_EQ(impi::ferree::Own(s).secret_entries.size(), 2u);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].unit_id, "r2");
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].turn, 4);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].point, 1);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[1].unit_id, "r3");
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[1].turn, 8);
  EXPECT_TRUE(s.FindUnit("u1")->off_table);
  EXPECT_TRUE(s.FindUnit("l1")->off_table);
  EXPECT_FALSE(s.FindUnit("t1")->off_table) << "the chest stays";
  // The answer is the plan's first choice, kept from the British.
  const Event& d = a.Decision();
  EXPECT_TRUE(d.decision);
  EXPECT_TRUE(d.umpire_only);
  EXPECT_EQ(d.why.rule.section, kSectionPlan);
  EXPECT_THAT(d.why.text, HasSubstr("r2 goes off-board to enter at point 1"));
  for (const Event& e : a.log.events()) {
    if (e.why.rule.table == kTableTurnOfEntry) {
      EXPECT_TRUE(e.umpire_only);
    }
  }
  // Then the British deploy, as after the plan in Advance.
  EXPECT_EQ(impi::ferree::Own(s).segment, kPreBattleBritishDeploy);
  EXPECT_EQ(rules_.Awaits(s).side, Side::kBritish);
  EXPECT_THAT(rules_.Awaits(s).prompt, HasSubstr("Deployment"));
}

TEST_F(FerreeAsk, ZuluPlanWithNobodyToSendIsStillAnswered) {
  BattleState s = SmallBattle();  // only the chest, no entry point
  s.clock.phase = Phase::kPreBattle;
  impi::ferree::Own(s).situation.rolled = true;
  Answer a = Put(s, Ask(QuestionKind::kZuluPlan), {});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_THAT(a.Decision().why.text, HasSubstr("no regiment can move off-board"));
  EXPECT_TRUE(a.Decision().umpire_only);
  EXPECT_TRUE(impi::ferree::Own(s).secret_entries.empty());
  EXPECT_EQ(impi::ferree::Own(s).segment, kPreBattleBritishDeploy);
}

TEST_F(FerreeAsk, ZuluPlanOnlyAtThePlanStep) {
  BattleState s = BeforeThePlan();
  impi::ferree::Own(s).situation.rolled = false;
  ExpectError(Refused(s, Ask(QuestionKind::kZuluPlan)), absl::StatusCode::kFailedPrecondition,
              "ferree.zulu_plan: the situation comes first");
  s = BeforeThePlan();
  impi::ferree::Own(s).segment = kPreBattleBritishDeploy;
  ExpectError(Refused(s, Ask(QuestionKind::kZuluPlan)), absl::StatusCode::kFailedPrecondition,
              "ferree.zulu_plan: the Zulu plan has been made");
  ExpectError(Refused(SmallBattle(), Ask(QuestionKind::kZuluPlan)),
              absl::StatusCode::kFailedPrecondition,
              "ferree.zulu_plan: the Zulu plan is made before the battle");
}

// --- entry_turn -----------------------------------------------------------------------

TEST_F(FerreeAsk, EntryTurnReplacesTheSecretEntry) {
  BattleState s = WithOffBoard();
  // D6 6: Point 1 turn 8.
  Answer a = Put(s, Ask(QuestionKind::kEntryTurn, "r2"), {6});
  ASSERT_TRUE(a.status.ok()) << a.status;
  ASSERT_EQ(impi::ferree::Own(s).secret_entries.size(), 1u);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].unit_id, "r2");
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].turn, 8);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].point, 1);
  ASSERT_EQ(a.log.size(), 1u);
  const Event& d = a.Decision();
  EXPECT_TRUE(d.decision);
  EXPECT_TRUE(d.umpire_only);
  EXPECT_TRUE(d.announce.empty());
  EXPECT_EQ(d.why.rule.table, kTableTurnOfEntry);
  EXPECT_EQ(d.why.rule.row, kRowEntry6);
  EXPECT_THAT(d.why.text, HasSubstr("enters at point 1 on turn 8"));
  EXPECT_THAT(d.unit_ids, ElementsAre("r2"));
}

TEST_F(FerreeAsk, EntryTurnRecordsTheLoinsWithThreeMoreTurns) {
  BattleState s = WithOffBoard();
  // r3 has its point noted (2) but no secret entry yet. D6 4: Point 2 turn
  // 8, and the loins add three: 11.
  Answer a = Put(s, Ask(QuestionKind::kEntryTurn, "r3"), {4});
  ASSERT_TRUE(a.status.ok()) << a.status;
  ASSERT_EQ(impi::ferree::Own(s).secret_entries.size(), 2u);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[1].unit_id, "r3");
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[1].turn, 11);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[1].point, 2);
  EXPECT_EQ(a.Decision().why.rule.row, kRowEntry4);
  EXPECT_THAT(a.Decision().why.text, HasSubstr("the loins add three turns"));
  EXPECT_TRUE(rules_.Validate(s).ok()) << rules_.Validate(s);
}

TEST_F(FerreeAsk, EntryTurnKeepsTheCupInStep) {
  BattleState s = WithOffBoard();
  s.clock.turn = 2;
  impi::ferree::Own(s).chits_left = {"r1", "b1", "r2"};  // r2 is due this turn
  // D6 1: Point 1 turn 4: its counter comes out of the cup.
  Answer a = Put(s, Ask(QuestionKind::kEntryTurn, "r2"), {1});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].turn, 4);
  EXPECT_THAT(impi::ferree::Own(s).chits_left, ElementsAre("r1", "b1"));
  EXPECT_THAT(a.Decision().why.text, HasSubstr("comes out of the cup"));
}

TEST_F(FerreeAsk, EntryTurnOnlyForAnOffBoardRegimentWithANotedPoint) {
  BattleState s = WithOffBoard();
  ExpectError(Refused(s, Ask(QuestionKind::kEntryTurn, "u1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.entry_turn.unit_id: u1 is a TRAY: TURN OF ENTRY is rolled for an "
              "off-board REGIMENT");
  ExpectError(Refused(s, Ask(QuestionKind::kEntryTurn, "r1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.entry_turn.unit_id: r1 has trays on the table: it is not off-board");
  impi::ferree::MutableUnitOf(s, "r3").entry_point = 0;
  ExpectError(Refused(s, Ask(QuestionKind::kEntryTurn, "r3")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.entry_turn.unit_id: r3 has no noted entry point");
}

// --- activate -------------------------------------------------------------------------

TEST_F(FerreeAsk, ActivateAZuluRegimentStartsTheTurnAndTakesItsWholeTurn) {
  BattleState s = SmallBattle();  // turn 0, the cup empty
  // The turn starts (5.); r1's counter is the one drawn, no die; r1 moves
  // towards b1, 1D6 = 4 on the first turn.
  Answer a = Put(s, Ask(QuestionKind::kActivate, "r1"), {4});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(s.clock.turn, 1);
  EXPECT_NE(Find(a.log, EventKind::kTurnStarted), nullptr);
  const Event& d = a.Decision();
  EXPECT_EQ(d.kind, EventKind::kCardDrawn);
  EXPECT_TRUE(d.decision);
  EXPECT_THAT(d.unit_ids, ElementsAre("r1"));
  EXPECT_TRUE(d.why.dice.empty()) << "the counter is named, not drawn";
  EXPECT_TRUE(s.FindUnit("r1")->status.acted);
  EXPECT_NEAR(s.FindUnit("t2")->position.y(), 26.0, 1e-9);
  EXPECT_THAT(impi::ferree::Own(s).chits_left, ElementsAre("i1", "b1", "w1"));
  EXPECT_EQ(rules_.Awaits(s).side, Side::kZulu) << "the next counter is the umpire's to draw";
}

TEST_F(FerreeAsk, ActivateIsTheSameTurnAsADrawnCounter) {
  // Advance draws r1 (d4 = 1) and plays its turn, then b1 (d3 = 2); Ask
  // activates r1 by name. The regiment's turn is the same.
  BattleState advanced = SmallBattle();
  {
    Dice dice = Dice::Scripted({1, 4, 2});
    EventLog log;
    Awaiting next;
    ASSERT_TRUE(Advance(rules_, advanced, {}, PolicySpec{}, dice, log, &next).ok());
  }
  BattleState asked = SmallBattle();
  Answer a = Put(asked, Ask(QuestionKind::kActivate, "r1"), {4});
  ASSERT_TRUE(a.status.ok()) << a.status;
  for (const char* id : {"t1", "t2", "t3"}) {
    EXPECT_EQ(asked.FindUnit(id)->position, advanced.FindUnit(id)->position) << id;
  }
}

TEST_F(FerreeAsk, ActivateABritishCompanyTestsItsResolveAndAwaitsItsActions) {
  BattleState s = TrayNear(2.1);
  // A tray within 6": the resolve test, 1 + 2 (one unpinned tray) = 3, Carry
  // On!; then the British are awaited with b1.
  Answer a = Put(s, Ask(QuestionKind::kActivate, "b1"), {1});
  ASSERT_TRUE(a.status.ok()) << a.status;
  const Event* test = Find(a.log, EventKind::kMoraleTest);
  ASSERT_NE(test, nullptr);
  EXPECT_EQ(test->why.rule.table, kTableCompanyResolve);
  EXPECT_EQ(test->why.rule.row, kRowCarryOn);
  EXPECT_EQ(a.Decision().kind, EventKind::kCardDrawn);
  EXPECT_TRUE(impi::ferree::Own(s).segment & kSegActive);
  EXPECT_THAT(impi::ferree::Own(s).chits_left, ElementsAre("b1", "r1", "i1", "w1"));
  const Awaiting next = rules_.Awaits(s);
  EXPECT_EQ(next.side, Side::kBritish);
  EXPECT_EQ(next.kind, AwaitKind::kBritishMove);
  EXPECT_THAT(next.unit_ids, ElementsAre("b1"));
}

TEST_F(FerreeAsk, ActivateARegimentDueOffBoardEntersAtItsPoint) {
  BattleState s = WithOffBoard();
  s.clock.turn = 2;
  impi::ferree::Own(s).chits_left = {"r1", "b1", "r2"};
  // r2 enters at point 1 (0, 24) and moves towards b1, 2D6 = 1 + 1.
  Answer a = Put(s, Ask(QuestionKind::kActivate, "r2"), {1, 1});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_FALSE(s.FindUnit("u1")->off_table);
  EXPECT_LT(s.FindUnit("u1")->position.x(), 6.0);
  EXPECT_TRUE(impi::ferree::Own(s).secret_entries.empty());
  EXPECT_NE(Find(a.log, EventKind::kMoved, "enters the table at entry point 1"), nullptr);
}

TEST_F(FerreeAsk, ActivateRefusesAUnitThatCannotActNow) {
  BattleState s = TrayNear(8);
  s.FindUnit("r1")->status.acted = true;
  impi::ferree::Own(s).chits_left = {"i1", "b1", "w1"};
  ExpectError(Refused(s, Ask(QuestionKind::kActivate, "r1")), absl::StatusCode::kFailedPrecondition,
              "ferree.activate.unit_id: r1 has acted this turn");
  s.FindUnit("r1")->status.ordered = true;
  impi::ferree::Own(s).chits_left = {"r1", "i1", "b1", "w1"};
  ExpectError(Refused(s, Ask(QuestionKind::kActivate, "r1")), absl::StatusCode::kFailedPrecondition,
              "ferree.activate.unit_id: r1 has acted this turn (on an induna's order)");
  ExpectError(Refused(s, Ask(QuestionKind::kActivate, "t2")), absl::StatusCode::kFailedPrecondition,
              "ferree.activate.unit_id: t2 is a TRAY: it has no movement counter");
  // Off-board and not due: r2 enters on turn 2.
  BattleState off = WithOffBoard();
  ExpectError(Refused(off, Ask(QuestionKind::kActivate, "r2")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.activate.unit_id: r2 is not on the table (it is off-board until turn 2)");
  // Not the activation phase.
  ExpectError(Refused(BeforeThePlan(), Ask(QuestionKind::kActivate, "r1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.activate: the battle has not started");
  // A British unit is active: the British are awaited.
  BattleState active = TrayNear(8);
  impi::ferree::Own(active).chits_left = {"b1", "r1", "i1", "w1"};
  impi::ferree::Own(active).segment = kSegActive;
  active.FindUnit("b1")->status.acted = true;
  ExpectError(Refused(active, Ask(QuestionKind::kActivate, "r1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.activate: A Coy 1/24th (b1) is active");
}

// --- resolve --------------------------------------------------------------------------

TEST_F(FerreeAsk, ResolveUnderTenPercentLostIsNoTestAndNoDie) {
  BattleState s = TrayNear(8);
  s.FindUnit("t1")->figures.fit = 18;  // 7 of 75 lost: 9%
  Answer a = Put(s, Ask(QuestionKind::kResolve, "r1"), {});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(a.dice_used, 0);
  const Event& d = a.Decision();
  EXPECT_EQ(d.kind, EventKind::kMoraleTest);
  EXPECT_EQ(d.why.rule.table, kTableZuluResolve);
  EXPECT_EQ(d.why.rule.row, kRowZuluNoTest);
  EXPECT_THAT(d.why.text, HasSubstr("no test"));
  EXPECT_FALSE(s.FindUnit("r1")->status.broken);
}

TEST_F(FerreeAsk, ResolveOfAZuluRegimentReadsItsRow) {
  BattleState s = TrayNear(8);
  s.FindUnit("t1")->figures.fit = 17;  // 8 of 75: the 10% column, stays on 1-5
  const Vec2 t1 = s.FindUnit("t1")->position;
  Answer a = Put(s, Ask(QuestionKind::kResolve, "r1"), {6});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(a.Decision().why.rule.row, kRowRegiment75);
  EXPECT_THAT(a.Decision().why.text, HasSubstr("is broken and routs"));
  EXPECT_TRUE(s.FindUnit("r1")->status.broken);
  EXPECT_EQ(s.FindUnit("t1")->position, t1) << "the test alone: the rout is its activation's";
  BattleState stays = TrayNear(8);
  stays.FindUnit("t1")->figures.fit = 17;
  a = Put(stays, Ask(QuestionKind::kResolve, "r1"), {5});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_FALSE(stays.FindUnit("r1")->status.broken);
}

TEST_F(FerreeAsk, ResolveOfABritishCompanyTakesItsModifiersFromTheTable) {
  BattleState s = TrayNear(2.1);
  Unit* b1 = s.FindUnit("b1");
  b1->figures.fit = 10;
  b1->figures.casualties = 10;
  const Vec2 at = b1->position;
  // 5 + 2 (one tray within 6") + 10 (casualties) = 17: Retire.
  Answer a = Put(s, Ask(QuestionKind::kResolve, "b1"), {5});
  ASSERT_TRUE(a.status.ok()) << a.status;
  const Event& d = a.Decision();
  EXPECT_EQ(d.why.rule.table, kTableCompanyResolve);
  EXPECT_EQ(d.why.rule.row, kRowRetire);
  ASSERT_EQ(d.why.dice.size(), 1u);
  EXPECT_EQ(d.why.dice[0].total, 17);
  EXPECT_TRUE(s.FindUnit("b1")->status.retiring);
  EXPECT_EQ(s.FindUnit("b1")->position, at);
}

TEST_F(FerreeAsk, ResolveOfABritishCompanyWithNoZuluNearIsNoTest) {
  BattleState s = TrayNear(8);
  Answer a = Put(s, Ask(QuestionKind::kResolve, "b1"), {});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(a.dice_used, 0);
  EXPECT_THAT(a.Decision().why.text, HasSubstr("no resolve test"));
}

TEST_F(FerreeAsk, ResolveRefusals) {
  BattleState s = TrayNear(8);
  ExpectError(Refused(s, Ask(QuestionKind::kResolve, "t1")), absl::StatusCode::kFailedPrecondition,
              "ferree.resolve.unit_id: t1 is a TRAY: resolve is tested by a Zulu REGIMENT or a "
              "British company");
  ExpectError(Refused(s, Ask(QuestionKind::kResolve, "w1")), absl::StatusCode::kFailedPrecondition,
              "ferree.resolve.unit_id: w1 is a WAGON");
  s.FindUnit("r1")->status.broken = true;
  Unit& r9 = Add(s, "r9", Side::kZulu, UnitKind::kRegiment, {5, 44}, 0);  // the battle goes on
  r9.figures.starting = 25;
  Add(s, "t9", Side::kZulu, UnitKind::kTray, {5, 44}, 25, "r9");
  ExpectError(Refused(s, Ask(QuestionKind::kResolve, "r1")), absl::StatusCode::kFailedPrecondition,
              "ferree.resolve.unit_id: r1 is broken already");
  ExpectError(Refused(BeforeThePlan(), Ask(QuestionKind::kResolve, "r1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.resolve: the battle has not started");
}

// --- rally ----------------------------------------------------------------------------

TEST_F(FerreeAsk, RallyReadsTheTraysSituation) {
  BattleState s = TrayNear(8);
  s.FindUnit("t2")->status.pinned = true;
  // Not shot at: 1-4 rallied.
  Answer a = Put(s, Ask(QuestionKind::kRally, "t2"), {4});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(a.Decision().why.rule.table, kTableRally);
  EXPECT_EQ(a.Decision().why.rule.row, kRowRallyNotShotAt);
  EXPECT_THAT(a.Decision().why.text, HasSubstr("t2 rallies"));
  EXPECT_FALSE(s.FindUnit("t2")->status.pinned);

  BattleState hit = TrayNear(8);
  Unit* t2 = hit.FindUnit("t2");
  t2->status.pinned = true;
  impi::ferree::MutableUnitOf(hit, t2->id).losses_this_turn = 3;  // casualties: 1 rallied, 2-6 remain pinned
  impi::ferree::MutableUnitOf(hit, t2->id).figures_fired_at = 1;  // +1
  a = Put(hit, Ask(QuestionKind::kRally, "t2"), {1});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(a.Decision().why.rule.row, kRowRallyArtillery);
  EXPECT_EQ(a.Decision().why.dice.at(0).total, 2);
  EXPECT_TRUE(hit.FindUnit("t2")->status.pinned);
}

TEST_F(FerreeAsk, RallyOnlyForAPinnedTray) {
  BattleState s = TrayNear(8);
  ExpectError(Refused(s, Ask(QuestionKind::kRally, "t2")), absl::StatusCode::kFailedPrecondition,
              "ferree.rally.unit_id: t2 is not pinned");
  ExpectError(Refused(s, Ask(QuestionKind::kRally, "r1")), absl::StatusCode::kFailedPrecondition,
              "ferree.rally.unit_id: r1 is a REGIMENT: the Zulu Rally Chart is rolled for a "
              "pinned movement TRAY");
}

// --- induna_order ---------------------------------------------------------------------

TEST_F(FerreeAsk, IndunaOrderMakesTheRegimentInContactActAtOnce) {
  BattleState s = SmallBattle();
  s.FindUnit("i1")->position = Vec2(30, 31.6);  // in base contact with t2
  s.clock.turn = 1;
  impi::ferree::Own(s).chits_left = {"r1", "i1", "b1", "w1"};
  // The policy orders r1 (the first option); r1 moves 1D6 = 5 towards b1.
  Answer a = Put(s, Ask(QuestionKind::kIndunaOrder, "i1"), {5});
  ASSERT_TRUE(a.status.ok()) << a.status;
  const Event& d = a.Decision();
  EXPECT_EQ(d.kind, EventKind::kTargetChosen);
  EXPECT_THAT(d.why.text, HasSubstr("orders r1 to act now"));
  EXPECT_EQ(d.alternatives.size(), 1u) << "PASS, not chosen";
  const Unit* r1 = s.FindUnit("r1");
  EXPECT_TRUE(r1->status.ordered);
  EXPECT_TRUE(r1->status.acted);
  // It moved 5": t1, the first to move, the whole 5" (t2 then ends on the
  // free ground beside it, docs/ferree-engine.md, "Footprints").
  EXPECT_NEAR(Distance(s.FindUnit("t1")->position, Vec2(26, 30)), 5.0, 1e-9);
  // Its counter stays in the cup, to be skipped when drawn.
  EXPECT_THAT(impi::ferree::Own(s).chits_left, ElementsAre("r1", "i1", "b1", "w1"));
}

TEST_F(FerreeAsk, IndunaOrderNeedsARegimentInContactThatHasNotActed) {
  BattleState s = SmallBattle();  // i1 2.35" behind t2
  s.clock.turn = 1;
  impi::ferree::Own(s).chits_left = {"r1", "i1", "b1", "w1"};
  ExpectError(Refused(s, Ask(QuestionKind::kIndunaOrder, "i1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.induna_order.unit_id: no regiment is in contact with i1");
  s.FindUnit("i1")->position = Vec2(30, 31.6);
  s.FindUnit("r1")->status.acted = true;
  impi::ferree::Own(s).chits_left = {"i1", "b1", "w1"};
  ExpectError(Refused(s, Ask(QuestionKind::kIndunaOrder, "i1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.induna_order.unit_id: every regiment in contact with i1 has acted");
  ExpectError(Refused(s, Ask(QuestionKind::kIndunaOrder, "t2")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.induna_order.unit_id: t2 is a TRAY: orders are given by an INDUNA");
}

// --- charge_retiring ------------------------------------------------------------------

TEST_F(FerreeAsk, ChargeRetiringChargesAndFights) {
  BattleState s = TrayNear(2.1);
  Unit* b1 = s.FindUnit("b1");
  b1->figures.fit = 1;
  b1->status.retiring = true;
  // 1: charge; 2D6 = 4 + 4 reaches; close combat: British 6 - 1 (no
  // bayonet) - 1 (retiring) beats Zulu 1.
  Answer a = Put(s, Ask(QuestionKind::kChargeRetiring, "t2", "b1"), {1, 4, 4, 6, 1});
  ASSERT_TRUE(a.status.ok()) << a.status;
  const Event& d = a.Decision();
  EXPECT_EQ(d.kind, EventKind::kStandTest);
  EXPECT_EQ(d.why.rule.table, kTableChargeRetiring);
  EXPECT_EQ(d.why.rule.row, kRowCharge);
  EXPECT_EQ(d.target_id, "b1");
  EXPECT_TRUE(InContact(*s.FindUnit("t2"), *s.FindUnit("b1")));
  EXPECT_NE(Find(a.log, EventKind::kCharged, "Close combat, charging a retiring unit"), nullptr);
  EXPECT_EQ(s.FindUnit("t2")->figures.fit, 24);
}

TEST_F(FerreeAsk, ChargeRetiringStaysPutOrFallsShortAndGoesBack) {
  BattleState s = TrayNear(5);
  const Vec2 start = s.FindUnit("t2")->position;
  Answer a = Put(s, Ask(QuestionKind::kChargeRetiring, "t2", "b1"), {4});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(a.Decision().why.rule.row, kRowStayPut);
  EXPECT_EQ(s.FindUnit("t2")->position, start);
  // A pinned tray takes 1 off: 4 - 1 = 3, a charge; 2D6 = 1 + 1 falls short.
  s.FindUnit("t2")->status.pinned = true;
  a = Put(s, Ask(QuestionKind::kChargeRetiring, "t2", "b1"), {4, 1, 1});
  ASSERT_TRUE(a.status.ok()) << a.status;
  EXPECT_EQ(a.Decision().why.rule.row, kRowCharge);
  EXPECT_EQ(s.FindUnit("t2")->position, start);
  EXPECT_NE(Find(a.log, EventKind::kMoved, "goes back to where it started"), nullptr);
}

TEST_F(FerreeAsk, ChargeRetiringOnlyWithinSixInches) {
  BattleState s = TrayNear(6.5);
  ExpectError(Refused(s, Ask(QuestionKind::kChargeRetiring, "t2", "b1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.charge_retiring.unit_id: t2 is 6.5\" from b1: only a tray within 6\" "
              "may test");
  ExpectError(Refused(s, Ask(QuestionKind::kChargeRetiring, "r1", "b1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.charge_retiring.unit_id: r1 is a REGIMENT");
  ExpectError(Refused(s, Ask(QuestionKind::kChargeRetiring, "t2", "t1")),
              absl::StatusCode::kFailedPrecondition,
              "ferree.charge_retiring.british_unit_id: t1 is a TRAY");
}

}  // namespace
}  // namespace impi::ferree
