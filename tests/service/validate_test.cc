// tests/service/validate_test.cc: the generic request checks, called directly.
// (The same classes of bad input through a live server: server_test.cc.)
#include "service/validate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/game/umpire.h"
#include "service/convert.h"
#include "tests/service/tsatf_state.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::service {
namespace {

void ExpectInvalid(const absl::Status& s, const std::string& message) {
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_EQ(s.message(), message);
}

TEST(ValidateTest, TheTestStateIsValid) {
  EXPECT_TRUE(ValidateTableState(testing::TsatfState()).ok())
      << ValidateTableState(testing::TsatfState());
  EXPECT_TRUE(ValidateAdvanceRequest(testing::TsatfAdvanceRequest(1)).ok());
  absl::StatusOr<BattleState> s = StateFromProto(testing::TsatfState());
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->units.size(), 3u);
}

TEST(ValidateTest, MessagesNameTheFieldAndWhy) {
  v1::TableState s = testing::TsatfState();
  s.mutable_units(1)->mutable_figures()->set_fit(-2);
  ExpectInvalid(ValidateTableState(s), "state.units[1].figures.fit: -2 is negative");

  s = testing::TsatfState();
  s.mutable_units(2)->set_id("b1");
  ExpectInvalid(ValidateTableState(s), "state.units[2].id: duplicate of state.units[0]");

  s = testing::TsatfState();
  s.mutable_units(0)->set_parent("z9");
  ExpectInvalid(ValidateTableState(s), "state.units[0].parent: no unit has id \"z9\"");

  s = testing::TsatfState();
  s.set_ruleset(v1::RULESET_UNSPECIFIED);
  ExpectInvalid(ValidateTableState(s), "state.ruleset: is required (or ruleset_id)");

  s = testing::TsatfState();
  s.mutable_points(12)->set_number(1);  // appearance 3 -> a second appearance 1
  ExpectInvalid(ValidateTableState(s),
                "state.points[12].number: duplicate of state.points[10] (APPEARANCE 1)");
}

TEST(ValidateTest, SameNumberOnPointsOfDifferentKindsIsFine) {
  // The test state has PERIMETER 1..10 and APPEARANCE 1..10.
  EXPECT_TRUE(ValidateTableState(testing::TsatfState()).ok());
}

TEST(ValidateTest, OffTableUnitsMayBeAnywhere) {
  v1::TableState s = testing::TsatfState();
  s.mutable_units(0)->mutable_position()->set_x(500);
  EXPECT_EQ(ValidateTableState(s).code(), absl::StatusCode::kInvalidArgument);
  s.mutable_units(0)->set_off_table(true);
  EXPECT_TRUE(ValidateTableState(s).ok());
  // The edges are on the table.
  s = testing::TsatfState();
  s.mutable_units(0)->mutable_position()->set_x(72);
  s.mutable_units(0)->mutable_position()->set_y(0);
  EXPECT_TRUE(ValidateTableState(s).ok());
}

TEST(ValidateTest, HexMapsNeedNoInches) {
  v1::TableState s = testing::TsatfState();
  s.mutable_table()->set_width(0);
  s.mutable_table()->set_height(0);
  EXPECT_EQ(ValidateTableState(s).message(), "state.table.width: 0 must be > 0");
  s.mutable_table()->set_hex_columns(12);
  s.mutable_table()->set_hex_rows(10);
  EXPECT_TRUE(ValidateTableState(s).ok()) << ValidateTableState(s);
}

TEST(ValidateTest, LimitsAreInclusive) {
  v1::TableState s = testing::TsatfState();
  while (s.units_size() < kMaxUnits) {
    v1::Unit* u = s.add_units();
    *u = s.units(0);
    u->set_id("x" + std::to_string(s.units_size()));
  }
  EXPECT_TRUE(ValidateTableState(s).ok());
  s.add_units()->set_id("one_too_many");
  ExpectInvalid(ValidateTableState(s), "state.units: 2001 units, at most 2000");

  v1::DiceSource dice;
  for (int i = 0; i < kMaxScriptedDice; ++i) dice.mutable_scripted()->add_dice(1 + i % 6);
  EXPECT_TRUE(ValidateDice(dice).ok());
  dice.mutable_scripted()->add_dice(1);
  ExpectInvalid(ValidateDice(dice), "dice.scripted.dice: 10001 dice, at most 10000");
}

TEST(ValidateTest, NonFiniteNumbers) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  v1::TableState s = testing::TsatfState();
  s.mutable_units(2)->set_facing(inf);
  ExpectInvalid(ValidateTableState(s), "state.units[2].facing: inf is not finite");

  s = testing::TsatfState();
  v1::Parameter* p = s.add_parameters();
  p->set_name("designed_table_weight");
  p->set_value(nan);
  ExpectInvalid(ValidateTableState(s), "state.parameters[0].value: nan is not finite");
}

TEST(ValidateTest, Dice) {
  ExpectInvalid(ValidateDice(v1::DiceSource()), "dice: set seed or scripted");
  v1::DiceSource d;
  d.set_seed(0);  // a seed of 0 is a seed
  EXPECT_TRUE(ValidateDice(d).ok());
  d.mutable_scripted();  // an empty script is allowed: a step may need no dice
  EXPECT_TRUE(ValidateDice(d).ok());
  d.mutable_scripted()->add_dice(4);
  d.mutable_scripted()->add_dice(0);
  ExpectInvalid(ValidateDice(d), "dice.scripted.dice[1]: 0 is not a die face");
  d.mutable_scripted()->set_dice(1, 2);
  d.mutable_scripted()->add_cards(v1::CARD_COLOR_UNSPECIFIED);
  ExpectInvalid(ValidateDice(d), "dice.scripted.cards[0]: must be RED or BLACK");
}

TEST(ValidateTest, ScriptedDiceOfKind) {
  v1::DiceSource ok;
  for (const auto& [kind, face] : std::vector<std::pair<v1::DieKind, int>>{
           {v1::AVERAGE, 2}, {v1::AVERAGE, 5}, {v1::ARROW, 1}, {v1::ARROW, 6}, {v1::D, 10},
           {v1::D, 1}, {v1::DIE_KIND_UNSPECIFIED, 20}}) {
    v1::ScriptedDie* die = ok.mutable_scripted()->add_dice_of_kind();
    die->set_kind(kind);
    die->set_face(face);
  }
  EXPECT_TRUE(ValidateDice(ok).ok()) << ValidateDice(ok);

  // Each bad input: the die appended after two good ones (index 2), and the
  // exact message.
  struct Bad {
    int kind;
    int face;
    std::string message;
  };
  const std::vector<Bad> bad = {
      {v1::AVERAGE, 6, "dice.scripted.dice_of_kind[2].face: 6 is not a face of the average die (2-5)"},
      {v1::AVERAGE, 1, "dice.scripted.dice_of_kind[2].face: 1 is not a face of the average die (2-5)"},
      {v1::AVERAGE, 0, "dice.scripted.dice_of_kind[2].face: 0 is not a face of the average die (2-5)"},
      {v1::ARROW, 0, "dice.scripted.dice_of_kind[2].face: 0 is not a face of the arrow die (1-6)"},
      {v1::ARROW, 7, "dice.scripted.dice_of_kind[2].face: 7 is not a face of the arrow die (1-6)"},
      {v1::ARROW, -3, "dice.scripted.dice_of_kind[2].face: -3 is not a face of the arrow die (1-6)"},
      {v1::D, 0, "dice.scripted.dice_of_kind[2].face: 0 is not a die face"},
      {v1::DIE_KIND_UNSPECIFIED, -1, "dice.scripted.dice_of_kind[2].face: -1 is not a die face"},
      {9, 3, "dice.scripted.dice_of_kind[2].kind: 9 is not a valid DieKind"},
      {-1, 3, "dice.scripted.dice_of_kind[2].kind: -1 is not a valid DieKind"},
  };
  for (const Bad& b : bad) {
    v1::DiceSource d;
    v1::ScriptedDice* s = d.mutable_scripted();
    s->add_dice_of_kind()->set_face(3);
    s->add_dice_of_kind()->set_kind(v1::AVERAGE);
    s->mutable_dice_of_kind(1)->set_face(3);
    v1::ScriptedDie* die = s->add_dice_of_kind();
    die->set_kind(static_cast<v1::DieKind>(b.kind));
    die->set_face(b.face);
    SCOPED_TRACE(b.message);
    ExpectInvalid(ValidateDice(d), b.message);
  }

  // Plain faces and dice of a kind together would be two orders for one
  // stream: refused.
  v1::DiceSource both = ok;
  both.mutable_scripted()->add_dice(4);
  ExpectInvalid(ValidateDice(both),
                "dice.scripted.dice_of_kind: set either dice (dN faces) or dice_of_kind (dice of "
                "every kind), not both");
  // Cards go with either.
  v1::DiceSource cards = ok;
  cards.mutable_scripted()->add_cards(v1::RED);
  EXPECT_TRUE(ValidateDice(cards).ok());

  v1::DiceSource many;
  for (int i = 0; i <= kMaxScriptedDice; ++i) {
    many.mutable_scripted()->add_dice_of_kind()->set_face(1);
  }
  ExpectInvalid(ValidateDice(many), "dice.scripted.dice_of_kind: 10001 dice, at most 10000");
}

TEST(ValidateTest, PolicyBudgets) {
  v1::Policy p;
  EXPECT_TRUE(ValidatePolicy(p, "zulu_policy").ok());
  p.set_iterations(kMaxPolicyIterations);
  p.set_milliseconds(kMaxPolicyMilliseconds);
  p.set_threads(kMaxPolicyThreads);
  EXPECT_TRUE(ValidatePolicy(p, "zulu_policy").ok());
  p.set_threads(17);
  ExpectInvalid(ValidatePolicy(p, "policy"), "policy.threads: 17 is out of range 0..16");
  p.set_threads(0);
  p.set_milliseconds(-1);
  ExpectInvalid(ValidatePolicy(p, "zulu_policy"),
                "zulu_policy.milliseconds: -1 is out of range 0..60000");
  p.set_milliseconds(0);
  p.set_kind(static_cast<v1::PolicyKind>(9));
  ExpectInvalid(ValidatePolicy(p, "zulu_policy"), "zulu_policy.kind: 9 is not a valid PolicyKind");
}

TEST(ValidateTest, BritishActions) {
  const v1::TableState s = testing::TsatfState();
  google::protobuf::RepeatedPtrField<v1::Action> actions;
  v1::Action* a = actions.Add();
  a->set_kind(v1::PASS);
  EXPECT_TRUE(ValidateBritishActions(actions, s).ok());

  a->set_kind(v1::MOVE);
  ExpectInvalid(ValidateBritishActions(actions, s), "british_actions[0].unit_id: is required");
  a->set_unit_id("b1");
  a->mutable_to()->set_x(31);
  a->mutable_to()->set_y(9);
  EXPECT_TRUE(ValidateBritishActions(actions, s).ok());
  a->mutable_to()->set_y(-3);
  EXPECT_EQ(ValidateBritishActions(actions, s).message(),
            "british_actions[0].to: (31, -3) is off the 72 x 48 table (set off_table to leave it)");
  a->set_off_table(true);
  EXPECT_TRUE(ValidateBritishActions(actions, s).ok());

  v1::Action* c = actions.Add();
  c->set_kind(v1::CASUALTIES);
  c->set_target_id("b2");
  c->set_casualties(-1);
  ExpectInvalid(ValidateBritishActions(actions, s),
                "british_actions[1].casualties: -1 is negative");
  c->set_kind(v1::ACTION_KIND_UNSPECIFIED);
  ExpectInvalid(ValidateBritishActions(actions, s), "british_actions[1].kind: is required");
}

// CLOSE_COMBAT_RESULT names who lost figures (target_id) or, for a fight the
// rule set resolves (Zulu Control with tsatf.resolve_british = 1), the unit
// that fights (unit_id); one of the two is required.
TEST(ValidateTest, CloseCombatResultNamesTheLoserOrTheFighter) {
  const v1::TableState s = testing::TsatfState();
  google::protobuf::RepeatedPtrField<v1::Action> actions;
  v1::Action* a = actions.Add();
  a->set_kind(v1::CLOSE_COMBAT_RESULT);
  ExpectInvalid(ValidateBritishActions(actions, s), "british_actions[0].target_id: is required");
  a->set_unit_id("b1");
  EXPECT_TRUE(ValidateBritishActions(actions, s).ok());
  a->set_unit_id("nobody");
  EXPECT_EQ(ValidateBritishActions(actions, s).code(), absl::StatusCode::kInvalidArgument);
  a->clear_unit_id();
  a->set_target_id("b2");
  a->set_casualties(2);
  EXPECT_TRUE(ValidateBritishActions(actions, s).ok());
}

TEST(ValidateTest, ChitPullBookkeeping) {
  v1::TableState s = testing::TsatfState();
  s.mutable_clock()->set_time_of_day(-30);
  ExpectInvalid(ValidateTableState(s), "state.clock.time_of_day: -30 is negative");
  // Ferree's own state: its adapter checks it when the service reads the
  // state.
  s = testing::TsatfState();
  s.set_ruleset(v1::FERREE_ISANDLWANA);
  s.mutable_ferree()->mutable_situation()->set_deployment(static_cast<v1::Deployment>(7));
  ExpectInvalid(StateFromProto(s).status(),
                "state.ferree.situation.deployment: 7 is not a valid Deployment");
  s = testing::TsatfState();
  s.set_ruleset(v1::FERREE_ISANDLWANA);
  v1::FerreeUnit* tray = s.mutable_ferree()->add_units();
  tray->set_unit_id(s.units(0).id());
  tray->set_figures_fired_at(-3);
  ExpectInvalid(StateFromProto(s).status(), "state.ferree.units[0].figures_fired_at: -3 is negative");

  google::protobuf::RepeatedPtrField<v1::Action> actions;
  v1::Action* a = actions.Add();
  a->set_kind(v1::ORDER);
  a->set_unit_id("b1");
  ExpectInvalid(ValidateBritishActions(actions, testing::TsatfState()),
                "british_actions[0].target_id: is required");
  a->set_kind(v1::DEPLOY);
  a->mutable_to()->set_x(80);
  EXPECT_EQ(ValidateBritishActions(actions, testing::TsatfState()).message(),
            "british_actions[0].to: (80, 0) is off the 72 x 48 table");
  a->set_kind(v1::END_DEPLOYMENT);
  a->clear_unit_id();
  EXPECT_TRUE(ValidateBritishActions(actions, testing::TsatfState()).ok());
}

// The error of asking `r`: the service's checks and conversion, then the
// rule set's own checks in RunAsk (before anything is rolled).
absl::Status AskStatus(const v1::AskRequest& r) {
  absl::StatusOr<AskInput> in = AskFromProto(r);
  if (!in.ok()) return in.status();
  return RunAsk(in->state, in->question, in->policy, in->dice).status();
}

// Not refused for what the question says (it may still not apply now).
void ExpectWellFormed(const v1::AskRequest& r) {
  const absl::Status st = AskStatus(r);
  EXPECT_NE(st.code(), absl::StatusCode::kInvalidArgument) << st;
}

TEST(ValidateTest, AQuestionMustBeSet) {
  v1::AskRequest r;
  *r.mutable_state() = testing::TsatfState();
  ExpectInvalid(ValidateQuestionSet(r),
                "question: is required: the question of the state's rule set "
                "(one of tsatf, ferree, empress, next_decision, pagano)");
  r.mutable_ferree();
  EXPECT_TRUE(ValidateQuestionSet(r).ok());
  r.mutable_tsatf();
  EXPECT_TRUE(ValidateQuestionSet(r).ok());
}

TEST(ValidateTest, TheRuleSetChecksItsQuestion) {
  v1::AskRequest r;
  *r.mutable_state() = testing::TsatfState();
  r.mutable_dice()->set_seed(1);
  r.mutable_ferree()->mutable_situation();
  ExpectInvalid(AskStatus(r),
                "ferree: is another rule set's question; a TSATF_ZULU_CONTROL state is asked "
                "{\"tsatf\": {...}}");
  r.mutable_tsatf();
  ExpectInvalid(AskStatus(r), "tsatf: name the decision point: one of start_of_turn, on_field, "
                              "table_edge, perimeter_point, impi_creation, hand, target, "
                              "temptation, move_test, zulu_move, fire_card, lone_zulu, "
                              "test_to_stand, critical_morale");
  r.mutable_tsatf()->mutable_table_edge();
  ExpectWellFormed(r);

  r.mutable_tsatf()->mutable_on_field()->set_point(11);
  ExpectInvalid(AskStatus(r), "tsatf.on_field.point: no appearance point 11");
  r.mutable_tsatf()->mutable_on_field()->set_point(0);
  ExpectInvalid(AskStatus(r), "tsatf.on_field.point: is required");
  r.mutable_tsatf()->mutable_on_field()->set_point(10);
  ExpectWellFormed(r);

  r.mutable_tsatf()->mutable_hand();
  ExpectInvalid(AskStatus(r), "tsatf.hand.unit_id: is required");
  r.mutable_tsatf()->mutable_hand()->set_unit_id("b9");
  ExpectInvalid(AskStatus(r), "tsatf.hand.unit_id: no unit 'b9' on the table state");
  r.mutable_tsatf()->mutable_hand()->set_unit_id("b1");
  ExpectWellFormed(r);

  r.mutable_tsatf()->mutable_move_test()->set_unit_id("b1");
  r.mutable_tsatf()->mutable_move_test()->set_perimeter_point(3);
  ExpectInvalid(AskStatus(r), "tsatf.move_test: set exactly one of unit_id or perimeter_point");

  r.mutable_tsatf()->mutable_impi_creation()->set_perimeter_point(2);
  ExpectWellFormed(r);
  r.mutable_tsatf()->mutable_impi_creation()->set_appearance_point(2);
  ExpectInvalid(AskStatus(r),
                "tsatf.impi_creation: set only one of appearance_point, perimeter_point or at");
  r.mutable_tsatf()->mutable_impi_creation()->Clear();
  ExpectInvalid(AskStatus(r),
                "tsatf.impi_creation: set one of appearance_point, perimeter_point or at");
  r.mutable_tsatf()->mutable_impi_creation()->mutable_at()->set_x(80);
  ExpectInvalid(AskStatus(r), "tsatf.impi_creation.at: (80, 0) is off the 72 x 48 table");

  r.mutable_tsatf()->mutable_lone_zulu()->set_unit_id("b1");
  ExpectInvalid(AskStatus(r),
                "tsatf.lone_zulu.event: is required: was the lone Zulu fired at and missed, hit, "
                "or attacked?");
}

TEST(ValidateTest, ARulesetNotImplementedIsAPrecondition) {
  // Whichever rule set the registry lacks or has not finished.
  for (int i = 1; v1::Ruleset_IsValid(i); ++i) {
    const std::string name = v1::Ruleset_Name(static_cast<v1::Ruleset>(i));
    const Ruleset* rules = FindRuleset(name);
    if (rules != nullptr && rules->status() == "full") continue;
    v1::TableState s = testing::TsatfState();
    s.set_ruleset(static_cast<v1::Ruleset>(i));
    const absl::Status status = ValidateTableState(s);
    EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition) << name;
    EXPECT_EQ(status.message().substr(0, 15 + name.size()), "state.ruleset: " + name) << status;
    EXPECT_NE(status.message().find("not implemented yet"), std::string::npos) << status;
    return;
  }
  GTEST_SKIP() << "every rule set is implemented";
}

}  // namespace
}  // namespace impi::service
