// Empress's "Damned Wobbly Gentlemen" umpired as the text says, through a
// real ImpiServer on 127.0.0.1 with scripted dice: each test names the line
// of 002_865f726e11d3de83.txt it holds the umpire to. Also: a property over
// 200 seeded skirmishes (every melee's losses are the fights its dice say
// were lost, no figure fights once dead, a move does not depend on the
// units' ids), Ask refusing what play refuses, and the bounds of the
// bookkeeping.
#include "tests/service/rpc_server_fixture.h"

#include "engine/rulesets/empress/empress.h"
#include "tests/rules/empress/fixture.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace impi::service {
namespace {

using empress::AddUnit;
using empress::MutableUnitState;
using empress::OrderKind;

class EmpressUmpire : public RpcServerTest {
 protected:
  // Advance from `s` with the dice given (kind, face), in order.
  v1::AdvanceResponse Resolve(const BattleState& s, const std::vector<std::pair<v1::DieKind, int>>& dice,
                              grpc::Status* status = nullptr) {
    v1::AdvanceRequest r;
    ToProto(s, r.mutable_state());
    for (const auto& [kind, face] : dice) {
      v1::ScriptedDie* d = r.mutable_dice()->mutable_scripted()->add_dice_of_kind();
      d->set_kind(kind);
      d->set_face(face);
    }
    v1::AdvanceResponse out;
    const grpc::Status st = GrpcAdvance(r, &out);
    if (status != nullptr) {
      *status = st;
    } else {
      EXPECT_TRUE(st.ok()) << st.error_message();
    }
    return out;
  }
};

// A table at the stage where the umpire resolves the move: every unit's
// order fixed (HOLD unless given), one move to play.
BattleState AtResolve() {
  BattleState s = empress::Table();
  s.parameters.push_back({std::string(empress::kMoveLimit), 1});
  empress::MutableOwnState(s).stage = empress::Stage::kResolve;
  empress::MutableOwnState(s).move = 1;
  return s;
}

void Order(BattleState& s, const std::string& id, OrderKind kind, const std::string& target = "", double estimate = 0) {
  empress::EmpressUnit& e = MutableUnitState(s, id);
  e.ordered = true;
  e.order.kind = kind;
  e.order.target = target.empty() ? empress::kNoUnit : s.UnitIndex(target);
  e.order.range_estimate = estimate;
}

std::vector<std::pair<v1::DieKind, int>> D6(std::vector<int> faces) {
  std::vector<std::pair<v1::DieKind, int>> out;
  for (int f : faces) out.push_back({v1::D, f});
  return out;
}

void Append(std::vector<std::pair<v1::DieKind, int>>& to, const std::vector<std::pair<v1::DieKind, int>>& more) {
  to.insert(to.end(), more.begin(), more.end());
}

std::map<std::string, v1::Unit> UnitsById(const v1::TableState& s) {
  std::map<std::string, v1::Unit> out;
  for (const v1::Unit& u : s.units()) out[u.id()] = u;
  return out;
}

std::map<std::string, v1::EmpressUnit> OwnById(const v1::TableState& s) {
  std::map<std::string, v1::EmpressUnit> out;
  for (const v1::EmpressUnit& u : s.empress().units()) out[u.unit_id()] = u;
  return out;
}

std::vector<const v1::Event*> EventsOf(const v1::AdvanceResponse& r, v1::EventKind kind) {
  std::vector<const v1::Event*> out;
  for (const v1::Event& e : r.events()) {
    if (e.kind() == kind) out.push_back(&e);
  }
  return out;
}

bool HasModifier(const v1::DieRoll& d, const std::string& words) {
  for (const v1::Modifier& m : d.modifiers()) {
    if (m.reason().find(words) != std::string::npos) return true;
  }
  return false;
}

// MORALE, Result (002 line 181): "= Brit regulars, minus 1 from next move
// firing die rolls." The field gun that failed last move ("British regular
// horse, foot , artillery : 6") takes -1 on every die under the marker:
// six 4s at 11 - 30" ("4,5,6") kill none; without the penalty, six.
TEST_F(EmpressUmpire, Line181_BritRegularsMinusOneAppliesToAFieldGunThatFailed) {
  for (const bool failed : {true, false}) {
    SCOPED_TRACE(failed ? "failed last move" : "steady");
    BattleState s = AtResolve();
    AddUnit(s, "b_gun", Side::kBritish, UnitKind::kGun, {36, 5}, 4);
    AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 30}, 10);
    Order(s, "b_gun", OrderKind::kFire, "z1", 25);
    Order(s, "z1", OrderKind::kHold);
    MutableUnitState(s, "b_gun").fire_penalty = failed;
    std::vector<std::pair<v1::DieKind, int>> dice = D6({4, 4, 4, 4, 4, 4});
    dice.push_back({v1::AVERAGE, 5});  // z1's morale test: fired at by artillery
    const v1::AdvanceResponse r = Resolve(s, dice);
    EXPECT_EQ(UnitsById(r.state())["z1"].figures().fit(), failed ? 10 : 4);
    int marked = 0;
    for (const v1::DieRoll& d : r.dice()) {
      if (d.kind() != v1::D) continue;
      EXPECT_EQ(HasModifier(d, "Brit regulars, minus 1"), failed) << d.purpose();
      if (failed) {
        EXPECT_EQ(d.total(), 3) << d.purpose();
      }
      ++marked;
    }
    EXPECT_EQ(marked, 6);
  }
}

// "Colonial infantry that are hit by a Zulu unit in a move can fore before
// impact IF the attacking Zulu's begun their impact move 10 inches or more
// at the start of the move. ... This includes artillery and Gatling guns."
// (002 line 133). Reading: the British foot and the guns; a cavalry troop
// charged from 12" does not fire before impact, a company does.
TEST_F(EmpressUmpire, Line133_OnlyColonialInfantryAndTheGunsFireBeforeImpact) {
  for (const UnitKind kind : {UnitKind::kCavalry, UnitKind::kMountedInfantry, UnitKind::kInfantry}) {
    SCOPED_TRACE(UnitKindName(kind));
    BattleState s = AtResolve();
    const int fit = kind == UnitKind::kInfantry ? 10 : 5;
    AddUnit(s, "b1", Side::kBritish, kind, {36, 30}, fit);
    AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 14}, 10);  // a 12" gap
    Order(s, "b1", OrderKind::kHold);
    Order(s, "z1", OrderKind::kCharge, "b1");
    std::vector<std::pair<v1::DieKind, int>> dice = D6({6, 6});  // z1 moves 18"
    const bool fires = kind == UnitKind::kInfantry;
    if (fires) {
      Append(dice, D6(std::vector<int>(10, 1)));  // ten Martini-Henrys, no kill
    }
    Append(dice, D6(std::vector<int>(2 * 10, 3)));  // the melee's fights: all ties
    if (fires) dice.push_back({v1::AVERAGE, 5});    // z1's morale test
    const v1::AdvanceResponse r = Resolve(s, dice);
    bool fired = false;
    for (const v1::Event* e : EventsOf(r, v1::FIRED)) fired |= e->unit_ids(0) == "b1";
    EXPECT_EQ(fired, fires);
    EXPECT_EQ(EventsOf(r, v1::CHARGED).size(), 1u);
  }
}

// "ALL ACTION IS SIMULTANEOUS" (002 line 47): a Zulu regiment and a company
// that charge each other meet on the move, each covering its share of the
// gap, and fight one melee (ten fights, not two melees); renaming the units
// (their ids the other way round) changes nothing.
TEST_F(EmpressUmpire, Line47_UnitsChargingEachOtherFightOneMeleeWhateverTheirIds) {
  struct Outcome {
    v1::Unit zulu, brit;
    int melees = 0, fights = 0;
    bool fired = false;
  };
  auto play = [&](const std::string& zulu_id, const std::string& brit_id) {
    BattleState s = AtResolve();
    AddUnit(s, zulu_id, Side::kZulu, UnitKind::kRegiment, {36, 10}, 10);
    AddUnit(s, brit_id, Side::kBritish, UnitKind::kInfantry, {36, 34}, 10);  // a 20" gap
    Order(s, zulu_id, OrderKind::kCharge, brit_id);
    Order(s, brit_id, OrderKind::kCharge, zulu_id);
    // The Zulus 6 + 3 + 3, the company 6 + 4: 12" and 10" cover the 20".
    std::vector<std::pair<v1::DieKind, int>> dice = D6({3, 3, 4});
    // Ten fights: the Zulu figure wins three, loses two, ties five.
    for (int i = 0; i < 10; ++i) {
      Append(dice, i < 3 ? D6({6, 1}) : i < 5 ? D6({1, 6}) : D6({3, 3}));
    }
    const v1::AdvanceResponse r = Resolve(s, dice);
    Outcome o;
    o.zulu = UnitsById(r.state())[zulu_id];
    o.brit = UnitsById(r.state())[brit_id];
    o.melees = static_cast<int>(EventsOf(r, v1::CHARGED).size());
    for (const v1::DieRoll& d : r.dice()) o.fights += d.purpose().find("figure a") != std::string::npos;
    o.fired = !EventsOf(r, v1::FIRED).empty();
    return o;
  };
  const Outcome a = play("a1", "b1");
  const Outcome b = play("b1", "a1");
  for (const Outcome* o : {&a, &b}) {
    EXPECT_EQ(o->melees, 1);
    EXPECT_EQ(o->fights, 10);
    EXPECT_FALSE(o->fired);  // neither stood to fire before impact
    EXPECT_EQ(o->zulu.figures().fit(), 8);
    EXPECT_EQ(o->brit.figures().fit(), 7);
    // 20" shared 12 : 10.
    EXPECT_NEAR(o->zulu.position().y(), 10 + 20.0 * 12 / 22, 1e-6);
    EXPECT_NEAR(o->brit.position().y(), 34 - 20.0 * 10 / 22, 1e-6);
  }
  EXPECT_EQ(a.zulu.position().y(), b.zulu.position().y());
  EXPECT_EQ(a.brit.position().y(), b.brit.position().y());
}

// ROCKET. (002 line 95): "Any native unit that the rocket flies over takes
// an immediate morale test with a minus 1." The NNC company under the
// British rocket's flight tests too.
TEST_F(EmpressUmpire, Line95_ANativeUnitOfTheFirersSideUnderTheRocketTests) {
  BattleState s = AtResolve();
  AddUnit(s, "b_rocket", Side::kBritish, UnitKind::kRockets, {2, 24}, 2);
  AddUnit(s, "b_nnc", Side::kBritish, UnitKind::kNativeFoot, {14, 24}, 10);
  AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {55, 24}, 10);
  Order(s, "b_rocket", OrderKind::kFire, "z1", 50);
  Order(s, "b_nnc", OrderKind::kHold);
  Order(s, "z1", OrderKind::kHold);
  std::vector<std::pair<v1::DieKind, int>> dice = {{v1::ARROW, 1}};  // on along the line
  Append(dice, D6({1, 1}));                                           // 2" on: the marker at (54, 24)
  Append(dice, D6(std::vector<int>(6, 1)));                           // six figures under it, no kill
  dice.push_back({v1::AVERAGE, 4});                                   // b_nnc: flown over
  dice.push_back({v1::AVERAGE, 4});                                   // z1: hit
  const v1::AdvanceResponse r = Resolve(s, dice);
  bool nnc_tested = false;
  for (const v1::Event* e : EventsOf(r, v1::MORALE_TEST)) {
    if (e->unit_ids(0) != "b_nnc") continue;
    nnc_tested = true;
    ASSERT_EQ(e->why().dice_size(), 1);
    EXPECT_TRUE(HasModifier(e->why().dice(0), "the rocket flew over the unit")) << e->why().text();
  }
  EXPECT_TRUE(nnc_tested);
}

// MORALE (002 line 177): "the unit retires 2 moves away from enemy". A
// retiring regiment 8" from the south edge with the company between it and
// that edge retires north, away from the company, not to the nearest edge.
TEST_F(EmpressUmpire, Line177_ARetiringUnitHeadsAwayFromTheEnemy) {
  BattleState s = AtResolve();
  AddUnit(s, "b1", Side::kBritish, UnitKind::kInfantry, {36, 2.5}, 10);
  AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 8}, 10);
  Order(s, "b1", OrderKind::kHold);
  MutableUnitState(s, "z1").retire_moves_left = 2;
  MutableUnitState(s, "z1").never_fire = true;
  std::vector<std::pair<v1::DieKind, int>> dice = D6({3, 3});  // 12"
  Append(dice, D6(std::vector<int>(10, 1)));                    // b1 fires at it: no kill
  dice.push_back({v1::AVERAGE, 5});
  const v1::AdvanceResponse r = Resolve(s, dice);
  const v1::Unit z = UnitsById(r.state())["z1"];
  EXPECT_NEAR(z.position().y(), 20, 1e-6);
  EXPECT_EQ(OwnById(r.state())["z1"].retire_moves_left(), 1);
}

// The dice report (docs/protocol.md; MELEE, 002 line 196: "If a figure has
// more than one opponent each fight is taken as a separate engagement"):
// regular cavalry charging DISORDERED Zulus ("+2 Regular cavalry attacking
// disordered Zulus"), five troopers against eight warriors: eight fights,
// every trooper's die in the answer's dice and the melee's explanation
// with its +2 and total, and the replay's words give this melee's losses.
TEST_F(EmpressUmpire, Line196_EveryFiguresFightsCarryTheirModifiersAndTheLossesAreThisMelees) {
  BattleState s = AtResolve();
  AddUnit(s, "b_horse", Side::kBritish, UnitKind::kCavalry, {36, 30}, 5);
  Unit& z = AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 22}, 8);
  z.figures.casualties = 2;  // 20% of ten: DISORDERED
  Order(s, "b_horse", OrderKind::kCharge, "z1");
  Order(s, "z1", OrderKind::kHold);
  std::vector<std::pair<v1::DieKind, int>> dice = D6({1});  // 13"
  // Troopers 1-3 fight two warriors, 4-5 one: eight fights, (trooper,
  // warrior). 3 + 2 = 5 beats 4; 1 + 2 = 3 loses to 6.
  const std::vector<std::pair<int, int>> fights = {{3, 4}, {3, 4}, {1, 6}, {3, 4}, {3, 4}, {3, 4}, {1, 6}, {3, 4}};
  for (const auto& [a, b] : fights) Append(dice, D6({a, b}));
  dice.push_back({v1::AVERAGE, 5});  // z1, now SHAKEN (8 of 10 lost), tests
  const v1::AdvanceResponse r = Resolve(s, dice);
  const std::vector<const v1::Event*> melees = EventsOf(r, v1::CHARGED);
  ASSERT_EQ(melees.size(), 1u);
  const v1::Event& m = *melees[0];
  ASSERT_EQ(m.why().dice_size(), 16);
  int trooper_dice = 0;
  for (const v1::DieRoll& d : m.why().dice()) {
    if (d.purpose().find("figure a") == std::string::npos) continue;
    ++trooper_dice;
    EXPECT_TRUE(HasModifier(d, "Regular cavalry attacking disordered Zulus")) << d.purpose();
    EXPECT_EQ(d.total(), d.result() + 2) << d.purpose();
  }
  EXPECT_EQ(trooper_dice, 8);
  int top = 0;
  for (const v1::DieRoll& d : r.dice()) {
    if (d.purpose().find("figure a") == std::string::npos) continue;
    ++top;
    EXPECT_TRUE(HasModifier(d, "Regular cavalry attacking disordered Zulus")) << d.purpose();
    EXPECT_EQ(d.total(), d.result() + 2);
  }
  EXPECT_EQ(top, 8);
  // Troopers 2 and 4 lost a fight; six warriors fell.
  EXPECT_EQ(m.announce(), "melee: b_horse loses 2, z1 loses 6 in 8 fights");
  const auto units = UnitsById(r.state());
  EXPECT_EQ(units.at("b_horse").figures().fit(), 3);
  EXPECT_EQ(units.at("z1").figures().fit(), 2);
}


// A table for the decision points: a Gatling, a company, a rocket and NNC
// facing two Zulu regiments.
BattleState AskTable() {
  BattleState s = empress::Table();
  AddUnit(s, "b_gatling", Side::kBritish, UnitKind::kGatling, {36, 5}, 4);
  AddUnit(s, "b_coy", Side::kBritish, UnitKind::kInfantry, {10, 5}, 10);
  AddUnit(s, "b_rocket", Side::kBritish, UnitKind::kRockets, {60, 5}, 2);
  AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 25}, 10);
  AddUnit(s, "z2", Side::kZulu, UnitKind::kRegiment, {20, 30}, 10);
  empress::MutableOwnState(s).move = 1;
  return s;
}

const Unit& Named(const BattleState& s, const std::string& id) { return *s.FindUnit(id); }

bool OffersEvasion(const BattleState& s, const std::string& id) {
  for (const Action& a : empress::UnitOptions(s, Named(s, id))) {
    if (a.kind == ActionKind::kMove && a.point == 1) return true;
  }
  return false;
}

bool OffersFireAt(const BattleState& s, const std::string& id, const std::string& target) {
  for (const Action& a : empress::UnitOptions(s, Named(s, id))) {
    if (a.kind == ActionKind::kFire && a.target_id == target) return true;
  }
  return false;
}

// Decision points as strict as play: every Ask question whose move play
// refuses (the same check, empress.h Refusal) is FAILED_PRECONDITION at the
// question's field, with the reason.
TEST_F(EmpressUmpire, AskRefusesWhatPlayRefusesWithTheReason) {
  using E = empress::EmpressUnit;
  struct Case {
    std::string name;
    std::function<void(BattleState&)> edit;
    std::function<void(v1::EmpressQuestion*)> ask;
    std::function<bool(const BattleState&)> play_refuses;
    std::string path, reason;
  };
  auto evade = [](const std::string& id) {
    return [id](v1::EmpressQuestion* q) { q->mutable_evasion()->set_unit_id(id); };
  };
  auto burst = [](const std::string& id, const std::string& target) {
    return [id, target](v1::EmpressQuestion* q) {
      q->mutable_gatling_burst()->set_unit_id(id);
      q->mutable_gatling_burst()->set_target_id(target);
    };
  };
  auto set = [](const std::string& id, std::function<void(E&)> f) {
    return [id, f](BattleState& s) { f(MutableUnitState(s, id)); };
  };
  auto no_evasion = [](const std::string& id) {
    return [id](const BattleState& s) { return !OffersEvasion(s, id); };
  };
  auto no_fire = [](const std::string& id, const std::string& t) {
    return [id, t](const BattleState& s) { return !OffersFireAt(s, id, t); };
  };
  const std::vector<Case> cases = {
      {"a pinned regiment evades", set("z1", [](E& e) { e.pinned = true; }), evade("z1"), no_evasion("z1"),
       "empress.evasion.unit_id", "pinned down"},
      {"a routing regiment evades", set("z1", [](E& e) { e.routing = true; }), evade("z1"), no_evasion("z1"),
       "empress.evasion.unit_id", "is routing"},
      {"a retiring regiment evades", set("z1", [](E& e) { e.retire_moves_left = 1; }), evade("z1"),
       no_evasion("z1"), "empress.evasion.unit_id", "is retiring"},
      {"a regiment with no enemy within 24\" evades",
       [](BattleState& s) { s.FindUnit("z1")->position = {36, 46}; }, evade("z1"), no_evasion("z1"),
       "empress.evasion.unit_id", "no enemy within 24"},
      {"the British evade", [](BattleState&) {}, evade("b_coy"), no_evasion("b_coy"), "empress.evasion.unit_id",
       "only Zulus evade"},
      {"a limbered Gatling fires", set("b_gatling", [](E& e) { e.limbered = true; }), burst("b_gatling", "z1"),
       no_fire("b_gatling", "z1"), "empress.gatling_burst.unit_id", "limbered"},
      {"a jammed Gatling fires", set("b_gatling", [](E& e) { e.gatling_jammed = true; }), burst("b_gatling", "z1"),
       no_fire("b_gatling", "z1"), "empress.gatling_burst.unit_id", "jammed"},
      {"a Gatling fires past 40\"", [](BattleState& s) { s.FindUnit("z1")->position = {36, 46}; },
       burst("b_gatling", "z1"), no_fire("b_gatling", "z1"), "empress.gatling_burst.target_id", "out of the weapon's range"},
      {"a Gatling fires at its own side", [](BattleState&) {}, burst("b_gatling", "b_coy"),
       no_fire("b_gatling", "b_coy"), "empress.gatling_burst.target_id", "own side"},
      {"cavalry catches a regiment that is not retiring", [](BattleState&) {},
       [](v1::EmpressQuestion* q) {
         q->mutable_morale_test()->set_unit_id("z1");
         q->mutable_morale_test()->set_caught_by_cavalry(true);
       },
       [](const BattleState& s) {
         return empress::MoraleTestRefusal(s, Named(s, "z1"), true, empress::RocketEffect::kNone) !=
                empress::Refusal::kNone;
       },
       "empress.morale_test.caught_by_cavalry", "not a Zulu unit retiring"},
      {"a routing regiment tests morale", set("z1", [](E& e) { e.routing = true; }),
       [](v1::EmpressQuestion* q) { q->mutable_morale_test()->set_unit_id("z1"); },
       [](const BattleState& s) {
         return empress::MoraleTestRefusal(s, Named(s, "z1"), false, empress::RocketEffect::kNone) !=
                empress::Refusal::kNone;
       },
       "empress.morale_test.unit_id", "is routing"},
      {"the rocket flies over a company of regulars", [](BattleState&) {},
       [](v1::EmpressQuestion* q) {
         q->mutable_morale_test()->set_unit_id("b_coy");
         q->mutable_morale_test()->set_rocket(v1::EMPRESS_ROCKET_FLEW_OVER);
       },
       [](const BattleState& s) {
         return empress::MoraleTestRefusal(s, Named(s, "b_coy"), false, empress::RocketEffect::kFlewOver) !=
                empress::Refusal::kNone;
       },
       "empress.morale_test.rocket", "not a native unit"},
      {"a regiment neither retiring nor routing retires", [](BattleState&) {},
       [](v1::EmpressQuestion* q) { q->mutable_retire_route()->set_unit_id("z1"); },
       [](const BattleState& s) { return empress::RetireRouteRefusal(s, Named(s, "z1")) != empress::Refusal::kNone; },
       "empress.retire_route.unit_id", "neither retiring nor routing"},
      {"a limbered rocket fires", set("b_rocket", [](E& e) { e.limbered = true; }),
       [](v1::EmpressQuestion* q) {
         q->mutable_rocket_deviation()->set_unit_id("b_rocket");
         q->mutable_rocket_deviation()->mutable_aim()->set_x(36);
         q->mutable_rocket_deviation()->mutable_aim()->set_y(25);
       },
       no_fire("b_rocket", "z1"), "empress.rocket_deviation.unit_id", "limbered"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    BattleState s = AskTable();
    c.edit(s);
    EXPECT_TRUE(c.play_refuses(s));
    v1::AskRequest r;
    ToProto(s, r.mutable_state());
    r.mutable_dice()->set_seed(3);
    c.ask(r.mutable_empress());
    v1::AskResponse out;
    const grpc::Status st = GrpcAsk(r, &out);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << st.error_message();
    EXPECT_EQ(st.error_message().substr(0, c.path.size()), c.path) << st.error_message();
    EXPECT_NE(st.error_message().find(c.reason), std::string::npos) << st.error_message();
  }
  // And the same unit, free to, may.
  BattleState s = AskTable();
  EXPECT_TRUE(OffersEvasion(s, "z1"));
  EXPECT_TRUE(OffersFireAt(s, "b_gatling", "z1"));
}

// MORALE (002 line 177): "Zulus lie down or crouch for following move and
// are pinned down. If this result occurs 2 moves in a row on the second
// move the unit retires". Asked, as in play, a pinned regiment's second
// failure retires it and it is pinned no longer; a retiring regiment that
// fails again keeps retiring, not pinned. The answer is accepted back.
TEST_F(EmpressUmpire, Line177_AskNeverLeavesAUnitPinnedAndRetiring) {
  struct Case {
    std::string name;
    std::function<void(empress::EmpressUnit&)> edit;
    int retire_left;
  };
  const std::vector<Case> cases = {
      {"pinned, fails again", [](empress::EmpressUnit& e) { e.pinned = true; e.failures_in_a_row = 1; e.tests_in_a_row = 2; }, 2},
      {"retiring, fails after a move without", [](empress::EmpressUnit& e) { e.retire_moves_left = 1; e.tests_in_a_row = 2; }, 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    BattleState s = AskTable();
    c.edit(MutableUnitState(s, "z1"));
    v1::AskRequest r;
    ToProto(s, r.mutable_state());
    v1::ScriptedDie* d = r.mutable_dice()->mutable_scripted()->add_dice_of_kind();
    d->set_kind(v1::AVERAGE);
    d->set_face(2);  // 6 + 2 - 4 (third test in a row): 4, fails
    r.mutable_empress()->mutable_morale_test()->set_unit_id("z1");
    v1::AskResponse out;
    grpc::Status st = GrpcAsk(r, &out);
    ASSERT_TRUE(st.ok()) << st.error_message();
    const v1::EmpressUnit z = OwnById(out.state())["z1"];
    EXPECT_FALSE(z.pinned());
    EXPECT_EQ(z.retire_moves_left(), c.retire_left);
    v1::AdvanceRequest back;
    *back.mutable_state() = out.state();
    back.mutable_dice()->set_seed(1);
    v1::AdvanceResponse next;
    st = GrpcAdvance(back, &next);
    EXPECT_TRUE(st.ok()) << st.error_message();
  }
}

// Upper bounds on the bookkeeping the contract carries, refused with the
// field path: an objective a billion inches away, a retire counter of a
// million, a rocket aimed far off the table, and the rest.
TEST_F(EmpressUmpire, BookkeepingOutOfBoundsIsRefusedWithTheFieldPath) {
  auto entry = [](v1::TableState* s, const std::string& id) -> v1::EmpressUnit* {
    for (v1::EmpressUnit& u : *s->mutable_empress()->mutable_units()) {
      if (u.unit_id() == id) return &u;
    }
    v1::EmpressUnit* u = s->mutable_empress()->add_units();
    u->set_unit_id(id);
    return u;
  };
  auto index_of = [](const v1::TableState& s, const std::string& id) {
    for (int i = 0; i < s.empress().units_size(); ++i) {
      if (s.empress().units(i).unit_id() == id) return i;
    }
    return -1;
  };
  struct Case {
    std::string name;
    std::function<void(v1::TableState*)> edit;
    std::function<std::string(const v1::TableState&)> path;
  };
  auto unit_path = [&](const std::string& id, const std::string& field) {
    return [=](const v1::TableState& s) {
      return absl::StrCat("state.empress.units[", index_of(s, id), "].", field);
    };
  };
  auto fixed = [](const std::string& p) { return [p](const v1::TableState&) { return p; }; };
  const std::vector<Case> cases = {
      {"an objective a billion inches away",
       [](v1::TableState* s) {
         v1::Parameter* p = s->add_parameters();
         p->set_name(empress::kObjectiveX);
         p->set_value(1e9);
       },
       fixed("state.parameters[0].value")},
      {"an objective radius past the table",
       [](v1::TableState* s) {
         v1::Parameter* p = s->add_parameters();
         p->set_name(empress::kObjectiveRadius);
         p->set_value(1e6);
       },
       fixed("state.parameters[0].value")},
      {"a retire counter of a million", [&](v1::TableState* s) { entry(s, "z1")->set_retire_moves_left(1000000); },
       unit_path("z1", "retire_moves_left")},
      {"a million tests in a row", [&](v1::TableState* s) { entry(s, "z1")->set_tests_in_a_row(1000000); },
       unit_path("z1", "tests_in_a_row")},
      {"a million failures in a row", [&](v1::TableState* s) { entry(s, "z1")->set_failures_in_a_row(1000000); },
       unit_path("z1", "failures_in_a_row")},
      {"a million fights", [&](v1::TableState* s) { entry(s, "z1")->set_fights_used(1000000); },
       unit_path("z1", "fights_used")},
      {"an advance to a point off the table",
       [&](v1::TableState* s) {
         v1::EmpressOrder* o = entry(s, "z1")->mutable_order();
         o->set_kind(v1::EMPRESS_ORDER_ADVANCE);
         o->mutable_to()->set_x(1e9);
         o->mutable_to()->set_y(10);
       },
       unit_path("z1", "order.to")},
      {"move a million", [](v1::TableState* s) { s->mutable_empress()->set_move(1000000); }, fixed("state.empress.move")},
      {"pinned and retiring", [&](v1::TableState* s) {
         entry(s, "z1")->set_pinned(true);
         entry(s, "z1")->set_retire_moves_left(1);
       },
       fixed("state.empress.units[\"z1\"].pinned")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    v1::AdvanceRequest r;
    ToProto(AskTable(), r.mutable_state());
    r.mutable_dice()->set_seed(2);
    c.edit(r.mutable_state());
    const std::string path = c.path(r.state());
    v1::AdvanceResponse out;
    const grpc::Status st = GrpcAdvance(r, &out);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << st.error_message();
    EXPECT_EQ(st.error_message().substr(0, path.size()), path) << st.error_message();
  }
  // A rocket aimed far off the table (and one inside its "N/A" 0 - 10").
  for (const double x : {1e9, 62.0}) {
    SCOPED_TRACE(x);
    v1::AskRequest a;
    ToProto(AskTable(), a.mutable_state());
    a.mutable_dice()->set_seed(2);
    v1::EmpressRocketDeviationQuestion* q = a.mutable_empress()->mutable_rocket_deviation();
    q->set_unit_id("b_rocket");
    q->mutable_aim()->set_x(x);
    q->mutable_aim()->set_y(x > 100 ? x : 5);
    v1::AskResponse out;
    const grpc::Status st = GrpcAsk(a, &out);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << st.error_message();
    EXPECT_EQ(st.error_message().substr(0, 28), "empress.rocket_deviation.aim") << st.error_message();
  }
}


// One fight of a melee as its two dice tell it.
struct Fight {
  std::string small, large;  // the units: figure a is the small unit's
  int figure = 0;            // the small unit's figure (1, 2, ...)
  int a = 0, b = 0;          // the two totals
};

// "melee, <small> figure <i> against <large>, fight <k>, figure a|b".
bool ParseFight(const std::string& purpose, std::string* small, int* figure, std::string* large) {
  const std::string head = "melee, ";
  const size_t f = purpose.find(" figure ");
  const size_t against = purpose.find(" against ");
  const size_t fight = purpose.find(", fight ");
  if (purpose.rfind(head, 0) != 0 || f == std::string::npos || against == std::string::npos ||
      fight == std::string::npos) {
    return false;
  }
  *small = purpose.substr(head.size(), f - head.size());
  *figure = std::stoi(purpose.substr(f + 8, against - f - 8));
  *large = purpose.substr(against + 9, fight - against - 9);
  return true;
}

// A seeded skirmish at the moment the umpire resolves a move: two or three
// regiments charging one of one to three British units, each of which
// holds or charges back.
BattleState Skirmish(uint32_t seed) {
  std::mt19937 rng(seed);
  auto uniform = [&](double lo, double hi) {
    return std::round(std::uniform_real_distribution<double>(lo, hi)(rng) * 2) / 2;
  };
  BattleState s = AtResolve();
  const int zulus = 2 + static_cast<int>(rng() % 2), british = 1 + static_cast<int>(rng() % 3);
  const UnitKind kinds[] = {UnitKind::kInfantry, UnitKind::kCavalry, UnitKind::kNativeFoot, UnitKind::kNativeHorse};
  std::vector<std::string> z_ids, b_ids;
  auto place = [&](double y_lo, double y_hi) {
    for (;;) {
      const Vec2 p(uniform(8, 64), uniform(y_lo, y_hi));
      bool clear = true;
      for (const Unit& u : s.units) clear &= Distance(u.position, p) > 5.0;
      if (clear) return p;
    }
  };
  for (int i = 0; i < zulus; ++i) {
    const std::string id = absl::StrCat("z", i);
    Unit& u = AddUnit(s, id, Side::kZulu, UnitKind::kRegiment, place(12, 24), 10);
    if (rng() % 3 == 0) {
      u.figures.fit = 8;
      u.figures.casualties = 2;
    }
    z_ids.push_back(id);
  }
  for (int i = 0; i < british; ++i) {
    const std::string id = absl::StrCat("b", i);
    const UnitKind kind = kinds[rng() % 4];
    const bool horse = kind == UnitKind::kCavalry || kind == UnitKind::kNativeHorse;
    AddUnit(s, id, Side::kBritish, kind, place(24, 34), horse ? 5 : 10);
    b_ids.push_back(id);
  }
  for (const std::string& z : z_ids) Order(s, z, OrderKind::kCharge, b_ids[rng() % b_ids.size()]);
  for (const std::string& b : b_ids) {
    if (rng() % 2 == 0) {
      Order(s, b, OrderKind::kHold);
    } else {
      Order(s, b, OrderKind::kCharge, z_ids[rng() % z_ids.size()]);
    }
  }
  return s;
}

// The same skirmish with every id (and name) renamed by a shuffle: `map`
// says which new id each old one has.
BattleState Renamed(const BattleState& s, uint32_t seed, std::map<std::string, std::string>* map) {
  std::vector<std::string> fresh;
  for (size_t i = 0; i < s.units.size(); ++i) fresh.push_back(std::string("u") + static_cast<char>('a' + i));
  std::mt19937 rng(seed ^ 0x5bd1e995u);
  std::shuffle(fresh.begin(), fresh.end(), rng);
  for (size_t i = 0; i < s.units.size(); ++i) (*map)[s.units[i].id.str()] = fresh[i];
  BattleState r = s;
  // The bookkeeping is by handle (the units' places, unchanged): the same
  // entries, under the units' new ids.
  empress::EmpressState own = empress::MutableOwnState(r);
  for (Unit& u : r.units) {
    const std::string old = u.id.str();
    u.id = (*map)[old];
    u.name = (*map)[old];
  }
  for (size_t i = 0; i < r.units.size(); ++i) own.ids[i] = r.units[i].id;
  empress::OrderIds(own);
  r.ruleset_state = std::move(own);
  return r;
}

// ALL ACTION IS SIMULTANEOUS (002 line 47) and MELEE (002 line 194), over
// 200 seeded skirmishes: every melee's losses (the replay's words and the
// state) are the fights its dice say were lost (a figure that loses a
// fight falls once; an opponent beaten falls); no figure fights after it
// falls in the move; two units meet in one melee at most; and renaming the
// units' ids changes nothing of the move (same seed).
TEST_F(EmpressUmpire, Line47_MeleesAreTheirDiceAndAMoveDoesNotDependOnIds) {
  int melees = 0, fights_seen = 0, losses_seen = 0;
  for (uint32_t seed = 0; seed < 200; ++seed) {
    SCOPED_TRACE(seed);
    const BattleState s = Skirmish(seed);
    v1::AdvanceRequest r;
    ToProto(s, r.mutable_state());
    r.mutable_dice()->set_seed(7000 + seed);
    v1::AdvanceResponse out;
    grpc::Status st = GrpcAdvance(r, &out);
    ASSERT_TRUE(st.ok()) << st.error_message();
    const auto end = UnitsById(out.state());

    // Every melee from its dice.
    std::map<std::string, int> melee_lost;                     // unit -> figures lost in melee this move
    std::vector<std::map<std::string, std::pair<int, int>>> took;  // per melee: unit -> (fighting, lost)
    std::set<std::set<std::string>> pairs;
    for (const v1::Event* e : EventsOf(out, v1::CHARGED)) {
      if (e->why().dice_size() == 0) continue;
      ++melees;
      ASSERT_EQ(e->why().dice_size() % 2, 0);
      std::vector<Fight> fights;
      for (int i = 0; i + 1 < e->why().dice_size(); i += 2) {
        Fight f;
        ASSERT_TRUE(ParseFight(e->why().dice(i).purpose(), &f.small, &f.figure, &f.large)) << e->why().dice(i).purpose();
        f.a = e->why().dice(i).total();
        f.b = e->why().dice(i + 1).total();
        fights.push_back(f);
      }
      const std::string small = fights.front().small, large = fights.front().large;
      EXPECT_TRUE(pairs.insert({small, large}).second) << "a second melee of " << small << " and " << large;
      std::set<int> fell, fought;
      int beaten = 0;
      for (const Fight& f : fights) {
        fought.insert(f.figure);
        if (f.b > f.a) fell.insert(f.figure);
        if (f.a > f.b) ++beaten;
      }
      fights_seen += static_cast<int>(fights.size());
      losses_seen += static_cast<int>(fell.size()) + beaten;
      // The replay's words: "melee: <charger> loses x, <target> loses y in n fights".
      const std::string& c = e->unit_ids(0);
      const std::string& t = e->target_id();
      std::map<std::string, int> lost = {{small, static_cast<int>(fell.size())}, {large, beaten}};
      EXPECT_EQ(e->announce().rfind(absl::StrCat("melee: ", c, " loses ", lost[c], ", ", t, " loses ", lost[t], " in ",
                                                 fights.size(), " fight"),
                                    0),
                0u)
          << e->announce();
      took.push_back({{small, {static_cast<int>(fought.size()), lost[small]}},
                      {large, {static_cast<int>(fights.size()), beaten}}});
      melee_lost[small] += lost[small];
      melee_lost[large] += beaten;
    }
    // No figure fights once fallen: the figures a unit fights with in a
    // melee are at most those it had after fire less those fallen in the
    // melees before (after fire: what is left at the end, plus the melee's
    // losses; melee losses are taken off after every melee of the move).
    std::map<std::string, int> fallen;
    for (const auto& melee : took) {
      for (const auto& [id, fl] : melee) {
        const int after_fire = end.at(id).figures().fit() + melee_lost[id];
        EXPECT_LE(fl.first, after_fire - fallen[id]) << id;
      }
      for (const auto& [id, fl] : melee) fallen[id] += fl.second;
    }
    for (const auto& [id, n] : melee_lost) {
      const Unit& before = *s.FindUnit(id);
      EXPECT_LE(n, before.figures.fit - end.at(id).figures().fit()) << id;
    }

    // Renamed, the same move.
    std::map<std::string, std::string> map;
    v1::AdvanceRequest rr;
    ToProto(Renamed(s, seed, &map), rr.mutable_state());
    rr.mutable_dice()->set_seed(7000 + seed);
    v1::AdvanceResponse renamed;
    st = GrpcAdvance(rr, &renamed);
    ASSERT_TRUE(st.ok()) << st.error_message();
    ASSERT_EQ(renamed.dice_size(), out.dice_size());
    for (int i = 0; i < out.dice_size(); ++i) EXPECT_EQ(renamed.dice(i).result(), out.dice(i).result()) << i;
    const auto end2 = UnitsById(renamed.state());
    const auto own = OwnById(out.state()), own2 = OwnById(renamed.state());
    for (const auto& [old_id, new_id] : map) {
      const v1::Unit& a = end.at(old_id);
      const v1::Unit& b = end2.at(new_id);
      EXPECT_EQ(a.figures().fit(), b.figures().fit()) << old_id;
      EXPECT_EQ(a.position().x(), b.position().x()) << old_id;
      EXPECT_EQ(a.position().y(), b.position().y()) << old_id;
      EXPECT_EQ(a.off_table(), b.off_table()) << old_id;
      const v1::EmpressUnit ea = own.count(old_id) ? own.at(old_id) : v1::EmpressUnit();
      const v1::EmpressUnit eb = own2.count(new_id) ? own2.at(new_id) : v1::EmpressUnit();
      EXPECT_EQ(ea.pinned(), eb.pinned()) << old_id;
      EXPECT_EQ(ea.retire_moves_left(), eb.retire_moves_left()) << old_id;
      EXPECT_EQ(ea.routing(), eb.routing()) << old_id;
      EXPECT_EQ(ea.tests_in_a_row(), eb.tests_in_a_row()) << old_id;
    }
    EXPECT_EQ(EventsOf(out, v1::CHARGED).size(), EventsOf(renamed, v1::CHARGED).size());
  }
  // The property is not empty: many melees, fights and losses.
  EXPECT_GT(melees, 150);
  EXPECT_GT(fights_seen, 1000);
  EXPECT_GT(losses_seen, 300);
}

}  // namespace
}  // namespace impi::service
