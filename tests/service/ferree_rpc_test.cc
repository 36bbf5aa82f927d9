// Ferree's Isandlwana through a real ImpiServer on 127.0.0.1, over gRPC and
// over JSON: Ask for the situation and the Zulu plan on the built-in
// "isandlwana" scenario; Advance from the scenario to a British unit's turn
// and play it (MOVE, FIRE, PASS) with the fire's dice explained; and the
// Ferree questions refused with the exact code and field path.
#include "tests/service/rpc_server_fixture.h"

#include <google/protobuf/util/message_differencer.h>
#include <httplib.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "impi/v1/umpire.grpc.pb.h"
#include "engine/rulesets/ferree/ferree.h"
#include "tests/rules/ferree/ferree_test_util.h"

namespace impi::service {
namespace {

using google::protobuf::util::MessageDifferencer;

template <typename M>
M FromJson(const std::string& json) {
  M m;
  const auto s = google::protobuf::util::JsonStringToMessage(json, &m);
  EXPECT_TRUE(s.ok()) << s.message() << "\n" << json.substr(0, 400);
  return m;
}

// The built-in scenario, as a client loads it.
v1::TableState Isandlwana() {
  const scenarios::EmbeddedScenario* sc = scenarios::FindScenario("isandlwana");
  EXPECT_NE(sc, nullptr);
  if (sc == nullptr) return {};
  return FromJson<v1::TableState>(std::string(sc->json));
}

// The id of the first unit of `kind`.
std::string FirstOf(const v1::TableState& s, v1::UnitKind kind) {
  for (const v1::Unit& u : s.units()) {
    if (u.kind() == kind) return u.id();
  }
  ADD_FAILURE() << "no unit of kind " << v1::UnitKind_Name(kind);
  return "";
}

class FerreeRpc : public RpcServerTest {
 protected:
  // The same request over JSON: 200 and the same answer as over gRPC.
  template <typename Response>
  void ExpectJsonAgrees(const std::string& path, const google::protobuf::Message& request,
                        const Response& by_grpc) const {
    auto res = Post(path, ToJson(request));
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    ASSERT_EQ(res->status, 200) << res->body.substr(0, 400);
    EXPECT_TRUE(MessageDifferencer::Equals(by_grpc, FromJson<Response>(res->body)));
  }

};

v1::AskRequest AskOn(const v1::TableState& state, int seed) {
  v1::AskRequest r;
  *r.mutable_state() = state;
  r.mutable_dice()->set_seed(seed);
  return r;
}

// --- situation and zulu_plan on the built-in scenario ------------------------------

TEST_F(FerreeRpc, AskTheSituationOnTheScenario) {
  const v1::TableState scenario = Isandlwana();
  ASSERT_EQ(scenario.ruleset(), v1::FERREE_ISANDLWANA);
  ASSERT_FALSE(scenario.ferree().situation().rolled());
  v1::AskRequest req = AskOn(scenario, 7);
  req.mutable_ferree()->mutable_situation();
  v1::AskResponse out;
  const grpc::Status st = GrpcAsk(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
  EXPECT_TRUE(out.state().ferree().situation().rolled());
  EXPECT_NE(out.state().ferree().situation().deployment(), v1::DEPLOYMENT_UNSPECIFIED);
  EXPECT_GT(out.state().ferree().situation().discovery_time(), 0);
  EXPECT_EQ(out.state().clock().phase(), v1::PRE_BATTLE);
  // Six tables A-F and the camp's timetable, each with its die explained.
  int rolls = 0;
  for (const v1::Event& e : out.events()) {
    if (e.kind() != v1::TABLE_ROLL || e.decision()) continue;
    ++rolls;
    EXPECT_EQ(e.why().rule().ruleset(), v1::FERREE_ISANDLWANA);
    EXPECT_FALSE(e.why().rule().table().empty());
  }
  EXPECT_GE(rolls, 7);
  EXPECT_GE(out.dice_size(), 6);
  // One decision: the situation as a whole.
  EXPECT_TRUE(out.decision().decision());
  EXPECT_EQ(out.decision().kind(), v1::TABLE_ROLL);
  EXPECT_EQ(out.decision().why().text().rfind("The situation: ", 0), 0u)
      << out.decision().why().text();
  ExpectJsonAgrees("/v1/Ask", req, out);
}

TEST_F(FerreeRpc, AskTheZuluPlanAfterTheSituation) {
  v1::AskRequest situation = AskOn(Isandlwana(), 7);
  situation.mutable_ferree()->mutable_situation();
  v1::AskResponse rolled;
  ASSERT_TRUE(GrpcAsk(situation, &rolled).ok());

  v1::AskRequest req = AskOn(rolled.state(), 11);
  req.mutable_ferree()->mutable_zulu_plan();
  v1::AskResponse out;
  const grpc::Status st = GrpcAsk(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
  // The plan is the umpire's secret; then the British deploy (segment 1).
  EXPECT_TRUE(out.decision().decision());
  EXPECT_TRUE(out.decision().umpire_only());
  EXPECT_EQ(out.decision().why().rule().section(),
            "2. Zulu player determines which Regiments will move off-board.");
  EXPECT_EQ(out.state().ferree().segment(), 1);
  // Each regiment sent off-board (the doctrine sends some round the hill)
  // has its trays off the table and a secret TURN OF ENTRY of turn 4 or later.
  EXPECT_GT(out.state().ferree().secret_entries_size(), 0);
  for (const v1::SecretEntry& e : out.state().ferree().secret_entries()) {
    EXPECT_GE(e.turn(), 4) << e.unit_id();
    EXPECT_TRUE(e.point() == 1 || e.point() == 2) << e.unit_id();
    for (const v1::Unit& u : out.state().units()) {
      if (u.kind() == v1::TRAY && u.parent() == e.unit_id()) {
        EXPECT_TRUE(u.off_table()) << u.id();
      }
    }
  }
  ExpectJsonAgrees("/v1/Ask", req, out);

  // The plan is made once.
  v1::AskRequest again = AskOn(out.state(), 12);
  again.mutable_ferree()->mutable_zulu_plan();
  v1::AskResponse no;
  const grpc::Status refused = GrpcAsk(again, &no);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(refused.error_message().rfind("ferree.zulu_plan: the Zulu plan has been made", 0), 0u)
      << refused.error_message();
}

// --- Advance to a British unit's turn, and play it -----------------------------------

v1::Action Act(v1::ActionKind kind, const std::string& unit) {
  v1::Action a;
  a.set_kind(kind);
  a.set_unit_id(unit);
  return a;
}

TEST_F(FerreeRpc, AdvanceFromTheScenarioThenMoveFireAndPass) {
  const Ruleset* rules = FindRuleset("FERREE_ISANDLWANA");
  ASSERT_NE(rules, nullptr);
  // Situation, plan: the British deploy. They keep the scenario's positions.
  v1::AdvanceRequest req;
  *req.mutable_state() = Isandlwana();
  req.mutable_dice()->set_seed(21);
  v1::AdvanceResponse out;
  grpc::Status st = GrpcAdvance(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
  ASSERT_EQ(out.awaiting().side(), v1::BRITISH);
  ASSERT_NE(out.awaiting().prompt().find("Deployment"), std::string::npos);
  *req.mutable_state() = out.state();
  *req.add_british_actions() = Act(v1::END_DEPLOYMENT, "");

  // Counters are drawn until a British unit is active; it passes until one
  // is active with a Zulu tray in range (the engine's own options say so).
  std::string unit;
  Action move, fire;
  req.set_list_options(true);  // Awaiting.options: the engine's own options
  for (int step = 0; step < 200 && unit.empty(); ++step) {
    req.mutable_dice()->set_seed(100 + step);
    out.Clear();
    st = GrpcAdvance(req, &out);
    ASSERT_TRUE(st.ok()) << step << ": " << st.error_code() << ": " << st.error_message();
    ASSERT_EQ(out.awaiting().side(), v1::BRITISH) << out.awaiting().prompt();
    ASSERT_EQ(out.awaiting().unit_ids_size(), 1);
    const BattleState state = ToEngine(out.state());
    const std::vector<Action> legal = rules->LegalActions(state, Side::kBritish);
    const Unit* active = state.FindUnit(out.awaiting().unit_ids(0));
    ASSERT_NE(active, nullptr);
    ASSERT_EQ(out.awaiting().options_size(), static_cast<int>(legal.size()));
    for (size_t i = 0; i < legal.size(); ++i) {
      v1::Action offered;
      ToProto(legal[i], &offered);
      EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(
          out.awaiting().options(static_cast<int>(i)), offered))
          << i;
      EXPECT_EQ(out.awaiting().options(static_cast<int>(i)).unit_id(), active->id.str());
    }
    // The tray nearest to the active unit among its FIRE options, and the
    // MOVE that ends nearest to it (a step towards it: still in range).
    const Unit* nearest = nullptr;
    for (const Action& a : legal) {
      const Unit* target = state.FindUnit(a.target_id);
      if (a.kind != ActionKind::kFire || target == nullptr || target->kind != UnitKind::kTray) {
        continue;
      }
      if (nearest == nullptr || Distance(active->position, target->position) <
                                    Distance(active->position, nearest->position)) {
        nearest = target;
        fire = a;
      }
    }
    bool can_move = false;
    for (const Action& a : legal) {
      if (a.kind != ActionKind::kMove || nearest == nullptr) continue;
      if (!can_move || Distance(a.to, nearest->position) < Distance(move.to, nearest->position)) {
        move = a;
        can_move = true;
      }
    }
    const bool can_fire = nearest != nullptr;
    *req.mutable_state() = out.state();
    req.clear_british_actions();
    if (can_move && can_fire) {
      unit = out.awaiting().unit_ids(0);
    } else {
      *req.add_british_actions() = Act(v1::PASS, out.awaiting().unit_ids(0));
    }
  }
  ASSERT_FALSE(unit.empty()) << "no British unit had a Zulu tray in range";

  // MOVE (a step towards the nearest tray), FIRE at a tray, PASS.
  v1::Action mv = Act(v1::MOVE, unit);
  mv.mutable_to()->set_x(move.to.x());
  mv.mutable_to()->set_y(move.to.y());
  v1::Action shoot = Act(v1::FIRE, unit);
  shoot.set_target_id(fire.target_id);
  *req.add_british_actions() = mv;
  *req.add_british_actions() = shoot;
  *req.add_british_actions() = Act(v1::PASS, unit);
  req.mutable_dice()->set_seed(999);
  out.Clear();
  st = GrpcAdvance(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();

  // The move: the engine rolled the allowance and says so.
  ASSERT_GE(out.events_size(), 3);
  const v1::Event& moved = out.events(0);
  EXPECT_EQ(moved.kind(), v1::BRITISH_ACTION);
  EXPECT_EQ(moved.unit_ids(0), unit);
  EXPECT_GE(moved.why().dice_size(), 1);
  EXPECT_NE(moved.why().text().find(" moves "), std::string::npos) << moved.why().text();
  // The fire: every figure's shot on the British Firing Table, each die with
  // its purpose and face.
  const v1::Event* fired = nullptr;
  for (const v1::Event& e : out.events()) {
    if (e.kind() == v1::FIRED && e.side() == v1::BRITISH) {
      fired = &e;
      break;
    }
  }
  ASSERT_NE(fired, nullptr);
  EXPECT_EQ(fired->unit_ids(0), unit);
  EXPECT_EQ(fired->target_id(), fire.target_id);
  EXPECT_EQ(fired->why().rule().ruleset(), v1::FERREE_ISANDLWANA);
  EXPECT_EQ(fired->why().rule().source(), "001_4c61f40cf0987cbf.txt");
  EXPECT_FALSE(fired->why().rule().table().empty());
  EXPECT_FALSE(fired->why().rule().row().empty());
  ASSERT_GE(fired->why().dice_size(), 1);
  for (const v1::DieRoll& d : fired->why().dice()) {
    EXPECT_FALSE(d.purpose().empty());
    EXPECT_EQ(d.faces_size(), d.count());
    EXPECT_GE(d.result(), d.count());
  }
  EXPECT_NE(fired->why().text().find(" fires at " + fire.target_id.str()), std::string::npos)
      << fired->why().text();
  EXPECT_NE(fired->why().text().find(" hit(s)."), std::string::npos) << fired->why().text();
  // The fire's dice are among the response's dice, in order.
  EXPECT_GE(out.dice_size(), fired->why().dice_size() + moved.why().dice_size());
  // PASS ended its turn: the engine went on to the next British unit.
  bool passed = false;
  for (const v1::Event& e : out.events()) {
    passed |= e.kind() == v1::BRITISH_ACTION && e.why().text() == unit + " passes.";
  }
  EXPECT_TRUE(passed);
  ExpectJsonAgrees("/v1/Advance", req, out);
}

// --- Low on ammunition ---------------------------------------------------------------

// Out Of Ammunition Table (001, Running Out Of Ammo): "1-3 May fire with 1/2
// of unit's figures". An 8-figure company (2 officers, 6 riflemen) low on
// ammunition fires at a tray 8" away, beyond its officers' pistols: half of
// the unit's 8 figures, 4 of its 6 riflemen, fire (not half of the 6 that
// can reach).
TEST_F(FerreeRpc, LowOnAmmunitionFiresHalfOfTheUnitsFigures) {
  BattleState s = ferree::test_util::SmallBattle();
  s.units.erase(s.units.begin() + s.UnitIndex("i1"));
  s.units.erase(s.units.begin() + s.UnitIndex("w1"));
  Unit* b1 = s.FindUnit("b1");
  b1->leaders = 2;
  b1->figures.fit = 8;
  b1->status.ammunition = Ammunition::kLow;
  b1->status.acted = true;
  s.FindUnit("t2")->position =
      Vec2(30, 14 + 8.0 + ferree::kTrayRadius + ferree::kCompanyRadius);
  s.FindUnit("t1")->position = Vec2(5, 40);
  s.FindUnit("t3")->position = Vec2(55, 40);
  s.clock.turn = 2;
  ferree::Own(s).chits_left = {"b1", "r1"};
  ferree::Own(s).segment = ferree::kSegActive;

  v1::AdvanceRequest req;
  ToProto(s, req.mutable_state());
  v1::Action shoot = Act(v1::FIRE, "b1");
  shoot.set_target_id("t2");
  *req.add_british_actions() = shoot;
  for (int i = 0; i < 8; ++i) req.mutable_dice()->mutable_scripted()->add_dice(1);
  v1::AdvanceResponse out;
  const grpc::Status st = GrpcAdvance(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
  const v1::Event* fired = nullptr;
  for (const v1::Event& e : out.events()) {
    if (e.kind() == v1::FIRED && e.side() == v1::BRITISH) fired = &e;
  }
  ASSERT_NE(fired, nullptr);
  EXPECT_NE(fired->why().text().find("4 figure(s), 4 shot(s)"), std::string::npos)
      << fired->why().text();
  EXPECT_EQ(fired->why().dice_size(), 4);
  EXPECT_EQ(out.dice_size(), 4);
}

// --- The Ferree questions refused ----------------------------------------------------

struct Refusal {
  std::string name;
  std::function<void(v1::AskRequest*)> ask;
  grpc::StatusCode code;
  std::string prefix;  // the message starts with this
};

std::vector<Refusal> Refusals(const v1::TableState& s) {
  const std::string tray = FirstOf(s, v1::TRAY);
  const std::string regiment = FirstOf(s, v1::REGIMENT);
  const std::string wagon = FirstOf(s, v1::WAGON);
  const std::string company = FirstOf(s, v1::INFANTRY);
  const auto invalid = grpc::StatusCode::INVALID_ARGUMENT;
  const auto precondition = grpc::StatusCode::FAILED_PRECONDITION;
  using Q = v1::AskRequest;
  return {
      {"entry_turn without a unit", [](Q* r) { r->mutable_ferree()->mutable_entry_turn(); }, invalid,
       "ferree.entry_turn.unit_id: is required"},
      {"entry_turn of an unknown unit", [](Q* r) { r->mutable_ferree()->mutable_entry_turn()->set_unit_id("zz"); },
       invalid, "ferree.entry_turn.unit_id: no unit 'zz' on the table state"},
      {"entry_turn of a tray", [=](Q* r) { r->mutable_ferree()->mutable_entry_turn()->set_unit_id(tray); },
       precondition, "ferree.entry_turn.unit_id: " + tray + " is a TRAY"},
      {"entry_turn of a regiment on the table",
       [=](Q* r) { r->mutable_ferree()->mutable_entry_turn()->set_unit_id(regiment); }, precondition,
       "ferree.entry_turn.unit_id: " + regiment + " has trays on the table"},
      {"activate without a unit", [](Q* r) { r->mutable_ferree()->mutable_activate(); }, invalid,
       "ferree.activate.unit_id: is required"},
      {"activate an unknown unit", [](Q* r) { r->mutable_ferree()->mutable_activate()->set_unit_id("zz"); }, invalid,
       "ferree.activate.unit_id: no unit 'zz' on the table state"},
      {"activate a tray", [=](Q* r) { r->mutable_ferree()->mutable_activate()->set_unit_id(tray); }, precondition,
       "ferree.activate.unit_id: " + tray + " is a TRAY"},
      {"activate before the battle", [=](Q* r) { r->mutable_ferree()->mutable_activate()->set_unit_id(company); },
       precondition, "ferree.activate: the battle has not started"},
      {"resolve without a unit", [](Q* r) { r->mutable_ferree()->mutable_resolve(); }, invalid,
       "ferree.resolve.unit_id: is required"},
      {"resolve of an unknown unit", [](Q* r) { r->mutable_ferree()->mutable_resolve()->set_unit_id("zz"); }, invalid,
       "ferree.resolve.unit_id: no unit 'zz' on the table state"},
      {"resolve of a wagon", [=](Q* r) { r->mutable_ferree()->mutable_resolve()->set_unit_id(wagon); }, precondition,
       "ferree.resolve.unit_id: " + wagon + " is a WAGON"},
      {"rally without a unit", [](Q* r) { r->mutable_ferree()->mutable_rally(); }, invalid,
       "ferree.rally.unit_id: is required"},
      {"rally of an unknown unit", [](Q* r) { r->mutable_ferree()->mutable_rally()->set_unit_id("zz"); }, invalid,
       "ferree.rally.unit_id: no unit 'zz' on the table state"},
      {"rally of a regiment", [=](Q* r) { r->mutable_ferree()->mutable_rally()->set_unit_id(regiment); },
       precondition, "ferree.rally.unit_id: " + regiment + " is a REGIMENT"},
      {"induna_order without a unit", [](Q* r) { r->mutable_ferree()->mutable_induna_order(); }, invalid,
       "ferree.induna_order.unit_id: is required"},
      {"induna_order of an unknown unit",
       [](Q* r) { r->mutable_ferree()->mutable_induna_order()->set_unit_id("zz"); }, invalid,
       "ferree.induna_order.unit_id: no unit 'zz' on the table state"},
      {"induna_order of a tray", [=](Q* r) { r->mutable_ferree()->mutable_induna_order()->set_unit_id(tray); },
       precondition, "ferree.induna_order.unit_id: " + tray + " is a TRAY"},
      {"charge_retiring without a tray",
       [=](Q* r) { r->mutable_ferree()->mutable_charge_retiring()->set_british_unit_id(company); }, invalid,
       "ferree.charge_retiring.unit_id: is required"},
      {"charge_retiring without a British unit",
       [=](Q* r) { r->mutable_ferree()->mutable_charge_retiring()->set_unit_id(tray); }, invalid,
       "ferree.charge_retiring.british_unit_id: is required"},
      {"charge_retiring at an unknown unit",
       [=](Q* r) {
         r->mutable_ferree()->mutable_charge_retiring()->set_unit_id(tray);
         r->mutable_ferree()->mutable_charge_retiring()->set_british_unit_id("zz");
       },
       invalid, "ferree.charge_retiring.british_unit_id: no unit 'zz' on the table state"},
      {"charge_retiring by a regiment",
       [=](Q* r) {
         r->mutable_ferree()->mutable_charge_retiring()->set_unit_id(regiment);
         r->mutable_ferree()->mutable_charge_retiring()->set_british_unit_id(company);
       },
       precondition, "ferree.charge_retiring.unit_id: " + regiment + " is a REGIMENT"},
      {"charge_retiring at a Zulu",
       [=](Q* r) {
         r->mutable_ferree()->mutable_charge_retiring()->set_unit_id(tray);
         r->mutable_ferree()->mutable_charge_retiring()->set_british_unit_id(tray);
       },
       precondition, "ferree.charge_retiring.british_unit_id: " + tray + " is a TRAY"},
      {"zulu_plan before the situation", [](Q* r) { r->mutable_ferree()->mutable_zulu_plan(); }, precondition,
       "ferree.zulu_plan: the situation comes first"},
      {"situation twice",
       [](Q* r) {
         r->mutable_state()->mutable_ferree()->mutable_situation()->set_rolled(true);
         r->mutable_ferree()->mutable_situation();
       },
       precondition, "ferree.situation: the situation has been rolled already"},
  };
}

// Durnford's column (his native horse, the rocket battery and its escort)
// stands off the table when the battle starts. The battle is played step
// after step through the server to its end: each answer's state, with the
// column still to come in state.ferree.arriving, is sent back with the
// scripted British player's next action and accepted.
TEST_F(FerreeRpc, DurnfordsColumnOffTheTablePlaysToTheEndThroughTheServer) {
  v1::TableState state = Isandlwana();
  std::vector<std::string> column;
  for (v1::Unit& u : *state.mutable_units()) {
    if (u.kind() == v1::NATIVE_HORSE || u.id() == "rockets" || u.id() == "nnc_nourse") {
      u.set_off_table(true);
      column.push_back(u.id());
    }
  }
  ASSERT_EQ(column.size(), 7u);
  // The situation rolls first (1.), then Durnford comes an hour after the
  // Zulus are found (C. as the caller sets it), so that the column is still
  // to come when the battle starts.
  {
    v1::AskRequest ask = AskOn(state, 100);
    ask.mutable_ferree()->mutable_situation();
    v1::AskResponse answer;
    const grpc::Status st = GrpcAsk(ask, &answer);
    ASSERT_TRUE(st.ok()) << st.error_message();
    state = answer.state();
    ASSERT_TRUE(state.ferree().situation().rolled());
    state.mutable_ferree()->mutable_situation()->set_reinforcement_arrival(state.ferree().situation().discovery_time() + 60);
  }
  std::unique_ptr<Policy> british = MakePolicy("FERREE_ISANDLWANA", Side::kBritish, PolicySpec{});
  ASSERT_NE(british, nullptr);
  const Ruleset* rules = FindRuleset("FERREE_ISANDLWANA");
  Dice choice_dice = Dice::Seeded(5);
  bool saw_arriving = false, saw_arrived = false, ended = false;
  std::vector<Action> next;
  int requests = 0;
  for (; requests < 4000 && !ended; ++requests) {
    v1::AdvanceRequest req;
    *req.mutable_state() = state;
    for (const Action& a : next) ToProto(a, req.add_british_actions());
    req.mutable_dice()->set_seed(100 + requests);
    v1::AdvanceResponse resp;
    const grpc::Status st = GrpcAdvance(req, &resp);
    ASSERT_TRUE(st.ok()) << "request " << requests << ": " << st.error_message();
    state = resp.state();
    if (state.has_ferree() && state.ferree().arriving_size() > 0) {
      saw_arriving = true;
      EXPECT_EQ(state.ferree().arriving_size(), static_cast<int>(column.size()));
    }
    if (saw_arriving && state.ferree().arriving_size() == 0) {
      for (const v1::Unit& u : state.units()) {
        if (std::find(column.begin(), column.end(), u.id()) != column.end() && !u.off_table()) {
          saw_arrived = true;
        }
      }
    }
    for (const v1::FerreeUnit& u : state.ferree().units()) {
      EXPECT_GE(u.entry_point(), 0) << u.unit_id();
    }
    if (resp.awaiting().kind() == v1::GAME_ENDED) {
      ended = true;
      break;
    }
    ASSERT_EQ(resp.awaiting().side(), v1::BRITISH) << resp.awaiting().prompt();
    const BattleState engine = ToEngine(state);
    const std::vector<Action> legal = rules->LegalActions(engine, Side::kBritish);
    ASSERT_FALSE(legal.empty()) << resp.awaiting().prompt();
    next = {legal[british->Choose(engine, legal, choice_dice, nullptr)]};
  }
  EXPECT_TRUE(ended) << "still going after " << requests << " requests";
  EXPECT_TRUE(saw_arriving);
  EXPECT_TRUE(saw_arrived || state.clock().time_of_day() < state.ferree().situation().reinforcement_arrival())
      << "the column never came on: time " << state.clock().time_of_day() << ", arrival "
      << state.ferree().situation().reinforcement_arrival() << ", still arriving "
      << state.ferree().arriving_size() << ", turn " << state.clock().turn();
}

TEST_F(FerreeRpc, FerreeQuestionsRefusedWithTheFieldPath) {
  const v1::TableState scenario = Isandlwana();
  for (const Refusal& c : Refusals(scenario)) {
    SCOPED_TRACE(c.name);
    v1::AskRequest r = AskOn(scenario, 5);
    c.ask(&r);
    v1::AskResponse out;
    const grpc::Status st = GrpcAsk(r, &out);
    EXPECT_EQ(st.error_code(), c.code) << st.error_message();
    EXPECT_EQ(st.error_message().substr(0, c.prefix.size()), c.prefix) << st.error_message();
    EXPECT_EQ(out.events_size(), 0);

    auto res = Post("/v1/Ask", ToJson(r));
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_EQ(res->status, 400) << res->body;
    const nlohmann::json j = nlohmann::json::parse(res->body);
    EXPECT_EQ(j["code"], static_cast<int>(c.code)) << res->body;
    EXPECT_EQ(j["message"].get<std::string>().substr(0, c.prefix.size()), c.prefix) << res->body;
  }
}

// Policy MCTS over gRPC: a search budget far beyond the call's 500 ms
// deadline (room for a machine busy with other work) still answers within
// it (every search stops at the deadline, less the margin, and the decisions
// after it are made as RULES makes them), and the explanations say so.
TEST_F(FerreeRpc, AnMctsCallAnswersWithinItsDeadline) {
  v1::AdvanceRequest req;
  *req.mutable_state() = Isandlwana();
  req.mutable_dice()->set_seed(21);
  // The plan and deployment by RULES, then the Zulus' first activations.
  v1::AdvanceResponse deployed;
  ASSERT_TRUE(GrpcAdvance(req, &deployed).ok());
  *req.mutable_state() = deployed.state();
  req.mutable_zulu_policy()->set_kind(v1::MCTS);
  req.mutable_zulu_policy()->set_iterations(1000000);
  *req.add_british_actions() = Act(v1::END_DEPLOYMENT, "");
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
  v1::AdvanceResponse out;
  const grpc::Status st = stub_->Advance(&ctx, req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
  bool fell_back = false;
  for (const v1::Event& e : out.events()) {
    fell_back |= e.why().text().find("MCTS: the call's time is up") != std::string::npos;
  }
  EXPECT_TRUE(fell_back) << "no Zulu decision was made after the deadline";
}

}  // namespace
}  // namespace impi::service
