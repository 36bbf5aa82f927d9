// EMPRESS_DWG's own state through the contract (engine/rulesets/empress/wire/):
// a state with orders, morale in a row and a jammed Gatling round-trips, and
// what the message alone shows is wrong is INVALID_ARGUMENT naming the field.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/core/state_hash.h"
#include "engine/rulesets/empress/empress.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "impi/v1/empress.pb.h"
#include "service/convert.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::empress {
namespace {

v1::TableState Drift() {
  BattleState s = LoadScenario("empress");
  Unit& gun = s.units.emplace_back();
  gun.id = "b_gun";
  gun.name = "7-pounder";
  gun.side = Side::kBritish;
  gun.kind = UnitKind::kGun;
  gun.position = Vec2(36, 12);
  gun.figures.fit = 4;
  EmpressState& own = MutableOwnState(s);
  own.stage = Stage::kBritishOrders;
  own.move = 4;
  EmpressUnit& z = MutableUnitState(s, "z1");
  z.ordered = true;
  z.order.kind = OrderKind::kCharge;
  z.order.target = s.UnitIndex("b_coy");
  EmpressUnit& z2 = MutableUnitState(s, "z2");
  z2.ordered = true;
  z2.order.kind = OrderKind::kAdvance;
  z2.order.to = Vec2(30.25, 27.5);
  z2.tests_in_a_row = 2;
  z2.failures_in_a_row = 1;
  MutableUnitState(s, "z3").retire_moves_left = 2;
  MutableUnitState(s, "z3").never_fire = true;
  MutableUnitState(s, "b_gatling").gatling_jammed = true;
  MutableUnitState(s, "b_nnc").permanently_shaken = true;
  EmpressUnit& g = MutableUnitState(s, "b_gun");
  g.ordered = true;
  g.order.kind = OrderKind::kFire;
  g.order.target = s.UnitIndex("z4");
  g.order.range_estimate = 24.5;  // ARTILLERY: the range the gunner announced
  MutableUnitState(s, "b_gatling").limbered = true;
  MutableUnitState(s, "z_induna").attached_to = s.UnitIndex("z4");  // COMMAND: joined z4 last move
  v1::TableState p;
  service::ToProto(s, &p);
  return p;
}

TEST(EmpressWire, AStateRoundTripsThroughTheContract) {
  const v1::TableState sent = Drift();
  ASSERT_EQ(sent.ruleset_state_case(), v1::TableState::kEmpress);
  absl::StatusOr<BattleState> back = service::StateFromProto(sent);
  ASSERT_TRUE(back.ok()) << back.status();
  const EmpressUnit* z2 = UnitState(*back, "z2");
  ASSERT_NE(z2, nullptr);
  EXPECT_EQ(z2->order.kind, OrderKind::kAdvance);
  EXPECT_EQ(z2->order.to, Vec2(30.25, 27.5));
  EXPECT_EQ(z2->tests_in_a_row, 2);
  EXPECT_TRUE(UnitState(*back, "b_gatling")->gatling_jammed);
  EXPECT_EQ(UnitState(*back, "b_gun")->order.range_estimate, 24.5);
  EXPECT_TRUE(UnitState(*back, "b_gatling")->limbered);
  EXPECT_EQ(IdAt(*OwnState(*back), UnitState(*back, "z_induna")->attached_to), "z4");
  EXPECT_EQ(UnitState(*back, "z_induna")->command, Command::kSeniorCommander);
  EXPECT_EQ(OwnState(*back)->stage, Stage::kBritishOrders);
  v1::TableState again;
  service::ToProto(*back, &again);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(sent, again));
  // The British may carry on: their orders are awaited.
  EXPECT_EQ(FindRuleset(kRulesetId)->Awaits(*back).side, Side::kBritish);
}

// The bookkeeping is a hash map whose own order differs from run to run;
// the wire and the state's hash read it in id order, whatever order the
// entries were made in.
TEST(EmpressWire, TheBookkeepingGoesOnTheWireInIdOrder) {
  const BattleState start = LoadScenario("empress");
  std::vector<std::string> ids;
  for (const Unit& u : start.units) ids.push_back(u.id.str());
  ASSERT_GE(ids.size(), 10u);
  auto made = [&](bool reversed) {
    BattleState s = start;
    EmpressState& own = MutableOwnState(s);
    own.stage = Stage::kZuluOrders;
    std::vector<std::string> order = ids;
    if (reversed) std::reverse(order.begin(), order.end());
    for (size_t i = 0; i < order.size(); ++i) MutableUnitState(s, order[i]).tests_in_a_row = 1;
    return s;
  };
  const BattleState forward = made(false), backward = made(true);
  v1::TableState a, b;
  service::ToProto(forward, &a);
  service::ToProto(backward, &b);
  ASSERT_EQ(a.empress().units_size(), static_cast<int>(ids.size()));
  std::vector<std::string> listed;
  for (const v1::EmpressUnit& u : a.empress().units()) listed.push_back(u.unit_id());
  std::vector<std::string> sorted = ids;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(listed, sorted);
  EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString());
  const Ruleset& rules = *FindRuleset(kRulesetId);
  StateHasher ha, hb;
  rules.HashOwnState(forward, &ha);
  rules.HashOwnState(backward, &hb);
  EXPECT_EQ(ha.value(), hb.value());
}

void ExpectBad(const v1::TableState& p, const std::string& path) {
  absl::StatusOr<BattleState> s = service::StateFromProto(p);
  ASSERT_FALSE(s.ok()) << path;
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.status().message().find(path), std::string::npos) << s.status();
}

TEST(EmpressWire, BadStatesAreRefusedNamingTheField) {
  v1::TableState p = Drift();
  p.mutable_empress()->set_stage(static_cast<v1::EmpressStage>(9));
  ExpectBad(p, "state.empress.stage");
  p = Drift();
  p.mutable_empress()->mutable_units(0)->set_unit_id("nobody");
  ExpectBad(p, "state.empress.units[0].unit_id");
  p = Drift();
  *p.mutable_empress()->add_units() = p.empress().units(0);
  ExpectBad(p, absl::StrCat("state.empress.units[", p.empress().units_size() - 1, "].unit_id"));
  p = Drift();
  p.mutable_empress()->mutable_units(1)->mutable_order()->set_kind(static_cast<v1::EmpressOrderKind>(42));
  ExpectBad(p, "state.empress.units[1].order.kind");
  p = Drift();
  p.mutable_empress()->mutable_units(1)->mutable_order()->set_target_id("b_ghost");
  ExpectBad(p, "state.empress.units[1].order.target_id");
  p = Drift();
  p.mutable_empress()->mutable_units(1)->set_retire_moves_left(-1);
  ExpectBad(p, "state.empress.units[1].retire_moves_left");
  p = Drift();
  for (v1::EmpressUnit& u : *p.mutable_empress()->mutable_units()) {
    if (u.unit_id() == "b_gun") u.mutable_order()->set_range_estimate(std::nan(""));
  }
  ExpectBad(p, ".order.range_estimate");
  p = Drift();
  for (v1::EmpressUnit& u : *p.mutable_empress()->mutable_units()) {
    if (u.unit_id() == "b_gun") u.mutable_order()->set_range_estimate(75);  // past the chart's 70"
  }
  ExpectBad(p, ".order.range_estimate");
  p = Drift();
  p.mutable_empress()->mutable_units(0)->set_command(static_cast<v1::EmpressCommand>(7));
  ExpectBad(p, "state.empress.units[0].command");
  p = Drift();
  p.mutable_empress()->mutable_units(0)->set_attached_to("b_ghost");
  ExpectBad(p, "state.empress.units[0].attached_to");
  p = Drift();
  for (v1::EmpressUnit& u : *p.mutable_empress()->mutable_units()) {
    if (u.unit_id() == "b_nnc") u.set_limbered(true);  // only guns limber
  }
  ExpectBad(p, ".limbered");
  p = Drift();
  p.mutable_tsatf();  // another rule set's state on an Empress table
  ExpectBad(p, "state.tsatf");
  // A British order before the Zulus have given theirs.
  p = Drift();
  p.mutable_empress()->set_stage(v1::EMPRESS_ZULU_ORDERS);
  for (v1::EmpressUnit& u : *p.mutable_empress()->mutable_units()) {
    if (u.unit_id() == "b_gatling") u.set_ordered(true);
  }
  ExpectBad(p, ".ordered");
}

}  // namespace
}  // namespace impi::empress
