// tests/service/validate_test.cc: the generic request checks, called directly.
// (The same classes of bad input through a live server: server_test.cc.)
#include "service/validate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/game/umpire.h"
#include "service/convert.h"
#include "tests/service/tsatf_state.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"

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
                "(one of tsatf, ferree, empress, next_decision, pagano, roarks_drift)");
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

// --- Roark's Drift (ROARKS_DRIFT): every field of its state, orders and
// questions -------------------------------------------------------------------

// The scenario played to its first turn: the garrison placed (9.1), the
// regiments' zones chosen (9.2), the Zulu movement segment of turn 1.
v1::TableState RoarksPlaying() {
  const Ruleset* rules = FindRuleset(roarks::kRulesetId);
  EXPECT_NE(rules, nullptr);
  if (rules == nullptr) return {};
  absl::StatusOr<BattleState> b = rules->Scenario("roarks_drift");
  EXPECT_TRUE(b.ok()) << b.status();
  Dice dice = Dice::Seeded(1);
  EventLog quiet(EventLog::kQuiet);
  for (int i = 0; i < 10 && roarks::OwnState(*b)->stage != roarks::Stage::kPlaying; ++i) {
    const Awaiting w = rules->Awaits(*b);
    const std::vector<Action> legal = rules->LegalActions(*b, w.side);
    EXPECT_FALSE(legal.empty());
    EXPECT_TRUE(rules->Apply(*b, w.side, legal.front(), dice, quiet, "set-up", "").ok());
  }
  v1::TableState p;
  ToProto(*b, &p);
  return p;
}

struct RoarksCase {
  std::string name;
  std::function<void(v1::TableState*)> edit;
  std::string prefix;  // the message's start: the field path and ":"
};

// The index of the first unit of `side` on the table (on_map) or off it.
int RoarksUnit(const v1::TableState& s, v1::Side side, bool on_map, int skip = 0) {
  for (int i = 0; i < s.units_size(); ++i) {
    if (s.units(i).side() == side && s.units(i).off_table() != on_map && skip-- == 0) return i;
  }
  ADD_FAILURE() << "no such unit";
  return 0;
}

TEST(ValidateTest, RoarksDriftStateFieldsAreCheckedWithTheirPath) {
  const v1::TableState base = RoarksPlaying();
  ASSERT_EQ(base.roarks_drift().stage(), v1::ROARKS_PLAYING);
  ASSERT_EQ(base.roarks_drift().segment(), v1::ROARKS_ZULU_MOVEMENT);
  ASSERT_TRUE(StateFromProto(base).ok()) << StateFromProto(base).status();
  int brit = -1;  // a ranker on the map
  for (int i = 0; i < base.units_size() && brit < 0; ++i) {
    if (base.units(i).side() == v1::BRITISH && !base.units(i).off_table() && base.units(i).kind() == v1::INFANTRY &&
        base.units(i).name() == "2/24") {
      brit = i;
    }
  }
  ASSERT_GE(brit, 0);
  const int brit2 = RoarksUnit(base, v1::BRITISH, true, brit == 0 ? 1 : 0);
  const int zulu = RoarksUnit(base, v1::ZULU, false);
  const std::string bu = "state.units[" + std::to_string(brit) + "]";
  const std::string bc = "state.roarks_drift.counters[" + std::to_string(brit) + "]";
  const std::string zc = "state.roarks_drift.counters[" + std::to_string(zulu) + "]";
  int lieutenant = -1;
  for (int i = 0; i < base.units_size(); ++i) {
    if (base.units(i).kind() == v1::OFFICER && lieutenant < 0) lieutenant = i;
  }
  ASSERT_GE(lieutenant, 0);
  const std::string lt = base.units(lieutenant).id();
  const std::string zid = base.units(zulu).id(), bid = base.units(brit).id();
  using S = v1::TableState;
  auto counter = [](S* s, int i) { return s->mutable_roarks_drift()->mutable_counters(i); };
  auto fire = [](S* s) { v1::RoarksFire* f = s->mutable_roarks_drift()->add_fires(); f->set_room(1); return f; };
  auto melee = [&](S* s) {
    v1::RoarksMeleeOutcome* m = s->mutable_roarks_drift()->add_melees();
    m->add_attacker_ids(zid);
    *m->mutable_target() = v1::RoarksHex();
    m->mutable_target()->set_q(base.units(brit).hex().q());
    m->mutable_target()->set_r(base.units(brit).hex().r());
    return m;
  };
  auto line = [&](S* s) {
    v1::RoarksVolleyLine* v = s->mutable_roarks_drift()->add_volley_lines();
    v->set_lieutenant_id(lt);
    v->mutable_lieutenant_hex()->set_q(base.units(lieutenant).hex().q());
    v->mutable_lieutenant_hex()->set_r(base.units(lieutenant).hex().r());
    return v;
  };
  auto regiment = [](S* s, int i) { return s->mutable_roarks_drift()->mutable_regiments(i); };
  const std::vector<RoarksCase> cases = {
      // The table and the units.
      {"a board of another size", [](S* s) { s->mutable_table()->set_hex_columns(40); }, "state.table.hex_columns:"},
      {"a unit no counter", [](S* s) { s->mutable_units(0)->set_id("nobody"); }, "state.units[0].id:"},
      {"a counter on the other side", [&](S* s) { s->mutable_units(brit)->set_side(v1::ZULU); }, bu + ".side:"},
      {"a counter of another kind", [&](S* s) { s->mutable_units(brit)->set_kind(v1::GATLING); }, bu + ".kind:"},
      {"a hex off the board", [&](S* s) { s->mutable_units(brit)->mutable_hex()->set_q(60); }, bu + ".hex:"},
      {"a hex north of the board", [&](S* s) { s->mutable_units(brit)->mutable_hex()->set_r(-40); }, bu + ".hex:"},
      {"another rule set's state", [](S* s) { s->mutable_pagano()->set_month(1); }, "state.pagano:"},
      // A counter's entry.
      {"an entry with no id", [](S* s) { s->mutable_roarks_drift()->add_counters(); },
       "state.roarks_drift.counters[" + std::to_string(base.units_size()) + "].unit_id:"},
      {"an entry of no counter", [](S* s) { s->mutable_roarks_drift()->add_counters()->set_unit_id("nobody"); },
       "state.roarks_drift.counters[" + std::to_string(base.units_size()) + "].unit_id:"},
      {"a second entry", [&](S* s) { *s->mutable_roarks_drift()->add_counters() = base.roarks_drift().counters(0); },
       "state.roarks_drift.counters[" + std::to_string(base.units_size()) + "].unit_id:"},
      {"an offset not the hex", [&](S* s) { counter(s, brit)->mutable_offset()->set_row(31); }, bc + ".offset:"},
      {"a negative stack place", [&](S* s) { counter(s, brit)->set_stack_pos(-1); }, bc + ".stack_pos:"},
      {"a wound out of range", [&](S* s) { counter(s, brit)->set_wound(static_cast<v1::RoarksWound>(6)); }, bc + ".wound:"},
      {"dead and not killed", [&](S* s) { counter(s, zulu)->set_wound(v1::ROARKS_DEAD); }, zc + ".wound:"},
      {"killed on the map", [&](S* s) { counter(s, brit)->set_killed(true); }, bc + ".killed:"},
      {"a prone Briton", [&](S* s) { counter(s, brit)->set_prone(true); }, bc + ".prone:"},
      {"a British torch", [&](S* s) { counter(s, brit)->set_torch(true); }, bc + ".torch:"},
      {"a British retiring", [&](S* s) { counter(s, brit)->set_retiring(true); }, bc + ".retiring:"},
      {"prone off the map", [&](S* s) { counter(s, zulu)->set_prone(true); }, zc + ".prone:"},
      {"aimed on turn -1", [&](S* s) { counter(s, brit)->set_aimed_on_turn(-1); }, bc + ".aimed_on_turn:"},
      {"fired on turn 1001", [&](S* s) { counter(s, brit)->set_fired_on_turn(1001); }, bc + ".fired_on_turn:"},
      {"moved on turn -2", [&](S* s) { counter(s, brit)->set_moved_on_turn(-2); }, bc + ".moved_on_turn:"},
      {"returns on turn -1", [&](S* s) { counter(s, brit)->set_returns_on_turn(-1); }, bc + ".returns_on_turn:"},
      {"turns in fire -1", [&](S* s) { counter(s, brit)->set_turns_in_fire(-1); }, bc + ".turns_in_fire:"},
      {"six MPs spent", [&](S* s) { counter(s, brit)->set_mp_spent(6); }, bc + ".mp_spent:"},
      // The stacks.
      {"two counters in one place", [&](S* s) {
         *s->mutable_units(brit2)->mutable_hex() = s->units(brit).hex();
         counter(s, brit2)->clear_offset();
         counter(s, brit2)->set_stack_pos(s->roarks_drift().counters(brit).stack_pos());
       }, "state.roarks_drift.counters["},
      {"six British in a hex", [&](S* s) {
         for (int k = 1; k <= 5; ++k) {
           const int u = RoarksUnit(base, v1::BRITISH, true, k + 1);
           *s->mutable_units(u)->mutable_hex() = s->units(brit).hex();
           counter(s, u)->clear_offset();
           counter(s, u)->set_stack_pos(100 + k);
         }
       }, "state.roarks_drift.counters["},
      {"both sides in a hex", [&](S* s) {
         s->mutable_units(zulu)->set_off_table(false);
         *s->mutable_units(zulu)->mutable_hex() = s->units(brit).hex();
         counter(s, zulu)->set_stack_pos(50);
       }, "state.roarks_drift.counters["},
      // The game's book.
      {"stage 5", [](S* s) { s->mutable_roarks_drift()->set_stage(static_cast<v1::RoarksStage>(5)); }, "state.roarks_drift.stage:"},
      {"segment 8", [](S* s) { s->mutable_roarks_drift()->set_segment(static_cast<v1::RoarksSegment>(8)); }, "state.roarks_drift.segment:"},
      {"phase 5", [](S* s) { s->mutable_roarks_drift()->set_phase(5); }, "state.roarks_drift.phase:"},
      {"turn -1", [](S* s) { s->mutable_roarks_drift()->set_turn(-1); }, "state.roarks_drift.turn:"},
      {"moving no counter", [](S* s) { s->mutable_roarks_drift()->set_moving_id("nobody"); }, "state.roarks_drift.moving_id:"},
      {"moving off the table", [&](S* s) { s->mutable_roarks_drift()->set_moving_id(zid); }, "state.roarks_drift.moving_id:"},
      {"a fire in room 0", [&](S* s) { fire(s)->set_room(0); }, "state.roarks_drift.fires[0].room:"},
      {"a fire in room 11", [&](S* s) { fire(s)->set_room(11); }, "state.roarks_drift.fires[0].room:"},
      {"two fires in a room", [&](S* s) { fire(s); fire(s); }, "state.roarks_drift.fires[1].room:"},
      {"a fire kindled on turn -1", [&](S* s) { fire(s)->set_kindled_on_turn(-1); }, "state.roarks_drift.fires[0].kindled_on_turn:"},
      {"a melee by no counter", [&](S* s) { melee(s)->set_attacker_ids(0, "nobody"); }, "state.roarks_drift.melees[0].attacker_ids[0]:"},
      {"a Zulu melee by a Briton", [&](S* s) { melee(s)->set_attacker_ids(0, bid); }, "state.roarks_drift.melees[0].attacker_ids[0]:"},
      {"an attacker twice", [&](S* s) { melee(s)->add_attacker_ids(zid); }, "state.roarks_drift.melees[0].attacker_ids[1]:"},
      {"a melee off the board", [&](S* s) { melee(s)->mutable_target()->set_q(-5); }, "state.roarks_drift.melees[0].target:"},
      {"a negative attack", [&](S* s) { melee(s)->set_attack(-1); }, "state.roarks_drift.melees[0].attack:"},
      {"a negative defence", [&](S* s) { melee(s)->set_defence(-1); }, "state.roarks_drift.melees[0].defence:"},
      {"column 9", [&](S* s) { melee(s)->set_column(9); }, "state.roarks_drift.melees[0].column:"},
      {"a damage out of range", [&](S* s) { melee(s)->set_damage(static_cast<v1::RoarksDamage>(5)); }, "state.roarks_drift.melees[0].damage:"},
      {"a British attack by a Zulu", [&](S* s) { s->mutable_roarks_drift()->add_british_attacks()->add_attacker_ids(zid); },
       "state.roarks_drift.british_attacks[0].attacker_ids[0]:"},
      {"a British attack off the board", [&](S* s) {
         v1::RoarksMeleeAttack* a = s->mutable_roarks_drift()->add_british_attacks();
         a->add_attacker_ids(bid);
         a->mutable_target()->set_r(99);
       }, "state.roarks_drift.british_attacks[0].target:"},
      {"a line of no lieutenant", [&](S* s) { line(s)->set_lieutenant_id(bid); }, "state.roarks_drift.volley_lines[0].lieutenant_id:"},
      {"a line with no lieutenant", [&](S* s) { line(s)->clear_lieutenant_id(); }, "state.roarks_drift.volley_lines[0].lieutenant_id:"},
      {"a line facing 6", [&](S* s) { line(s)->set_facing(6); }, "state.roarks_drift.volley_lines[0].facing:"},
      {"a line lined up on turn -1", [&](S* s) { line(s)->set_lined_up_on_turn(-1); }, "state.roarks_drift.volley_lines[0].lined_up_on_turn:"},
      {"a line's hex off the board", [&](S* s) { line(s)->mutable_lieutenant_hex()->set_q(48); }, "state.roarks_drift.volley_lines[0].lieutenant_hex:"},
      {"a Zulu in a volley line", [&](S* s) { line(s)->add_unit_ids(zid); }, "state.roarks_drift.volley_lines[0].unit_ids[0]:"},
      {"suppression 5", [](S* s) { s->mutable_roarks_drift()->set_suppression(5); }, "state.roarks_drift.suppression:"},
      {"suppression turn -1", [](S* s) { s->mutable_roarks_drift()->set_suppression_turn(-1); }, "state.roarks_drift.suppression_turn:"},
      {"turns before the first phase", [](S* s) { s->mutable_roarks_drift()->set_turns_before(3); }, "state.roarks_drift.turns_before:"},
      {"turns before -1", [](S* s) { s->mutable_roarks_drift()->set_phase(2); s->mutable_roarks_drift()->set_turns_before(-1); }, "state.roarks_drift.turns_before:"},
      {"Oskarberg fired on turn -1", [](S* s) { s->mutable_roarks_drift()->set_oskarberg_fired_turn(-1); }, "state.roarks_drift.oskarberg_fired_turn:"},
      {"a regiment unnamed", [&](S* s) { regiment(s, 0)->set_regiment(v1::ROARKS_REGIMENT_UNSPECIFIED); }, "state.roarks_drift.regiments[0].regiment:"},
      {"a regiment out of range", [&](S* s) { regiment(s, 0)->set_regiment(static_cast<v1::RoarksRegiment>(4)); }, "state.roarks_drift.regiments[0].regiment:"},
      {"a regiment twice", [&](S* s) { regiment(s, 1)->set_regiment(v1::ROARKS_UTHULU); }, "state.roarks_drift.regiments[1].regiment:"},
      {"killed this phase -1", [&](S* s) { regiment(s, 0)->set_killed_this_phase(-1); }, "state.roarks_drift.regiments[0].killed_this_phase:"},
      {"more killed than the wave", [&](S* s) { regiment(s, 0)->set_killed_this_phase(999); }, "state.roarks_drift.regiments[0].killed_this_phase:"},
      {"fewer killed in the game", [&](S* s) { regiment(s, 0)->set_killed_this_phase(2); regiment(s, 0)->set_killed_in_game(1); },
       "state.roarks_drift.regiments[0].killed_in_game:"},
      {"nine rifles lost", [&](S* s) { regiment(s, 0)->set_rifles_lost(9); }, "state.roarks_drift.regiments[0].rifles_lost:"},
      {"a wave past the regiment", [&](S* s) { regiment(s, 0)->set_wave(999); }, "state.roarks_drift.regiments[0].wave:"},
      {"three zones", [&](S* s) { regiment(s, 0)->add_entry_zones(3); regiment(s, 0)->add_entry_zones(4); },
       "state.roarks_drift.regiments[0].entry_zones:"},
      {"zone 9", [&](S* s) { regiment(s, 0)->clear_entry_zones(); regiment(s, 0)->add_entry_zones(9); },
       "state.roarks_drift.regiments[0].entry_zones[0]:"},
      {"zones not adjacent", [&](S* s) { regiment(s, 0)->clear_entry_zones(); regiment(s, 0)->add_entry_zones(1); regiment(s, 0)->add_entry_zones(5); },
       "state.roarks_drift.regiments[0].entry_zones:"},
      {"Zulus killed -1", [](S* s) { s->mutable_roarks_drift()->set_zulu_killed(-1); }, "state.roarks_drift.zulu_killed:"},
      {"an opening off the board", [](S* s) { s->mutable_roarks_drift()->add_openings()->mutable_hex()->set_q(-1); },
       "state.roarks_drift.openings[0].hex:"},
      {"an opening facing 6", [](S* s) { s->mutable_roarks_drift()->add_openings()->set_direction(6); },
       "state.roarks_drift.openings[0].direction:"},
      {"an opening through no wall", [](S* s) { s->mutable_roarks_drift()->add_openings(); }, "state.roarks_drift.openings[0]:"},
      // The caller's overrides of the designed charts (parameters.h).
      {"a parameter these rules lack", [](S* s) { s->add_parameters()->set_name("roarks.nothing"); },
       "state.parameters[0].name:"},
      {"another rule set's parameter", [](S* s) { s->add_parameters()->set_name("pagano.last_turn"); },
       "state.parameters[0].name:"},
      {"a parameter twice", [](S* s) {
         for (int k = 0; k < 2; ++k) {
           v1::Parameter* p = s->add_parameters();
           p->set_name("roarks.victory_gap");
           p->set_value(5);
         }
       }, "state.parameters[1].name:"},
      {"a chart total of 14", [](S* s) {
         v1::Parameter* p = s->add_parameters();
         p->set_name("roarks.fire_chart.1.light");
         p->set_value(14);
       }, "state.parameters[0].value:"},
      {"a level of 2.5", [](S* s) {
         v1::Parameter* p = s->add_parameters();
         p->set_name("roarks.victory_gap");
         p->set_value(2.5);
       }, "state.parameters[0].value:"},
      {"a column whose totals fall", [](S* s) {
         v1::Parameter* p = s->add_parameters();
         p->set_name("roarks.melee_chart.4.mortal");
         p->set_value(3);
       }, "state.parameters:"},
  };
  for (const RoarksCase& c : cases) {
    SCOPED_TRACE(c.name);
    v1::TableState s = base;
    c.edit(&s);
    const absl::StatusOr<BattleState> got = StateFromProto(s);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.status().code(), absl::StatusCode::kInvalidArgument) << got.status();
    EXPECT_EQ(std::string(got.status().message()).substr(0, c.prefix.size()), c.prefix) << got.status();
  }
}

TEST(ValidateTest, RoarksDriftOrdersAndQuestionsAreCheckedWithTheirPath) {
  const v1::TableState base = RoarksPlaying();
  google::protobuf::RepeatedPtrField<v1::Action> actions;
  v1::Action* a = actions.Add();
  a->set_kind(v1::MOVE);
  a->mutable_roarks_drift()->set_order(v1::ROARKS_PASS);
  EXPECT_TRUE(ValidateBritishActions(actions, base).ok()) << ValidateBritishActions(actions, base);
  const std::vector<std::pair<std::function<void(v1::RoarksOrder*)>, std::string>> orders = {
      {[](v1::RoarksOrder* o) { o->set_order(v1::ROARKS_ORDER_UNSPECIFIED); }, "british_actions[0].roarks_drift.order:"},
      {[](v1::RoarksOrder* o) { o->set_order(static_cast<v1::RoarksOrderKind>(30)); }, "british_actions[0].roarks_drift.order:"},
      {[](v1::RoarksOrder* o) { o->set_direction(-1); }, "british_actions[0].roarks_drift.direction:"},
      {[](v1::RoarksOrder* o) { o->set_direction(6); }, "british_actions[0].roarks_drift.direction:"},
      {[](v1::RoarksOrder* o) { o->mutable_from()->set_q(32768); }, "british_actions[0].roarks_drift.from.q:"},
      {[](v1::RoarksOrder* o) { o->mutable_from()->set_r(-32769); }, "british_actions[0].roarks_drift.from.r:"},
      {[](v1::RoarksOrder* o) { o->set_number(1 << 20); }, "british_actions[0].roarks_drift.number:"},
  };
  for (const auto& [edit, prefix] : orders) {
    v1::Action bad = *a;
    edit(bad.mutable_roarks_drift());
    google::protobuf::RepeatedPtrField<v1::Action> one;
    *one.Add() = bad;
    const absl::Status st = ValidateBritishActions(one, base);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << prefix;
    EXPECT_EQ(std::string(st.message()).substr(0, prefix.size()), prefix) << st;
  }
  a->set_unit_id("nobody");
  EXPECT_EQ(ValidateBritishActions(actions, base).message(), "british_actions[0].unit_id: no unit has id \"nobody\"");

  using Q = v1::RoarksQuestion;
  const std::vector<std::pair<std::function<void(Q*)>, std::string>> questions = {
      {[](Q*) {}, "roarks_drift: name the decision point: one of aimed_fire, volley, melee, oskarberg, suppression, "
                  "healing, fire_spread"},
      {[](Q* q) { q->mutable_aimed_fire()->mutable_target(); }, "roarks_drift.aimed_fire.from: is required"},
      {[](Q* q) { q->mutable_aimed_fire()->mutable_from(); }, "roarks_drift.aimed_fire.target: is required"},
      {[](Q* q) { q->mutable_aimed_fire()->mutable_from()->set_q(50); q->mutable_aimed_fire()->mutable_target(); },
       "roarks_drift.aimed_fire.from: (50, 0) is off the 48 x 32 board"},
      {[](Q* q) { q->mutable_aimed_fire()->mutable_from(); q->mutable_aimed_fire()->mutable_target()->set_r(-1); },
       "roarks_drift.aimed_fire.target: (0, -1) is off the 48 x 32 board"},
      {[](Q* q) { q->mutable_volley(); }, "roarks_drift.volley.lieutenant_id: is required"},
      {[](Q* q) { q->mutable_volley()->set_lieutenant_id("nobody"); }, "roarks_drift.volley.lieutenant_id: no unit has id \"nobody\""},
      {[](Q* q) { q->mutable_melee()->mutable_target()->set_q(99); }, "roarks_drift.melee.target: (99, 0) is off the 48 x 32 board"},
      {[](Q* q) { q->mutable_melee()->mutable_target(); q->mutable_melee()->set_massed(true); }, "roarks_drift.melee.massed:"},
      {[](Q* q) { q->mutable_healing(); }, "roarks_drift.healing.unit_id: is required"},
      {[](Q* q) { q->mutable_healing()->set_unit_id("nobody"); }, "roarks_drift.healing.unit_id: no unit has id \"nobody\""},
      {[](Q* q) { q->mutable_fire_spread(); }, "roarks_drift.fire_spread.room: 0 is no room of the board"},
      {[](Q* q) { q->mutable_fire_spread()->set_room(11); }, "roarks_drift.fire_spread.room: 11 is no room of the board"},
  };
  for (const auto& [edit, message] : questions) {
    v1::AskRequest r;
    *r.mutable_state() = base;
    r.mutable_dice()->set_seed(1);
    edit(r.mutable_roarks_drift());
    const absl::Status st = AskStatus(r);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << message;
    EXPECT_EQ(std::string(st.message()).substr(0, message.size()), message) << st;
  }
  // Another rule set's question.
  v1::AskRequest other;
  *other.mutable_state() = base;
  other.mutable_pagano()->mutable_morale()->set_unit_id("chard");
  const absl::Status st = AskStatus(other);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(st.message()).substr(0, 7), "pagano:") << st;
}

}  // namespace
}  // namespace impi::service
