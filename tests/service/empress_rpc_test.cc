// Empress's "Damned Wobbly Gentlemen" through a real ImpiServer on
// 127.0.0.1: the skirmish at the drift played to its end with Advance, each
// request carrying the British orders of a move and the state the last
// answer returned; the same request over JSON gives the same answer; a
// morale test asked on its own; bad orders, states and questions refused
// with the code and the field path.
#include "tests/service/rpc_server_fixture.h"

#include "engine/rulesets/empress/empress.h"
#include "tests/rules/empress/fixture.h"

#include <google/protobuf/util/message_differencer.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace impi::service {
namespace {

using google::protobuf::util::MessageDifferencer;

v1::TableState Drift() {
  const scenarios::EmbeddedScenario* sc = scenarios::FindScenario("empress");
  EXPECT_NE(sc, nullptr);
  v1::TableState s;
  if (sc == nullptr) return s;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(std::string(sc->json), &s).ok());
  return s;
}

class EmpressRpc : public RpcServerTest {};

// The scripted British orders for every unit awaiting one in `state`.
std::vector<Action> BritishOrders(const v1::TableState& state, Policy& british, Dice& dice) {
  const Ruleset& rules = *FindRuleset(empress::kRulesetId);
  BattleState engine = ToEngine(state);
  std::vector<Action> out;
  EventLog quiet(EventLog::kQuiet);
  while (rules.Awaits(engine).side == Side::kBritish) {
    const std::vector<Action> legal = rules.LegalActions(engine, Side::kBritish);
    if (legal.empty()) break;
    const Action& a = legal[british.Choose(engine, legal, dice, nullptr)];
    out.push_back(a);
    EXPECT_TRUE(rules.Apply(engine, Side::kBritish, a, dice, quiet, "local", "").ok());
  }
  return out;
}

TEST_F(EmpressRpc, TheSkirmishAtTheDriftPlaysToTheEndThroughTheServer) {
  v1::TableState state = Drift();
  std::unique_ptr<Policy> british = MakePolicy(empress::kRulesetId, Side::kBritish, PolicySpec{});
  ASSERT_NE(british, nullptr);
  Dice choice = Dice::Seeded(9);
  std::vector<Action> orders;
  bool ended = false, json_checked = false;
  int moves_seen = 0;
  for (int request = 0; request < 40 && !ended; ++request) {
    v1::AdvanceRequest req;
    *req.mutable_state() = state;
    for (const Action& a : orders) ToProto(a, req.add_british_actions());
    req.mutable_dice()->set_seed(300 + request);
    v1::AdvanceResponse resp;
    const grpc::Status st = GrpcAdvance(req, &resp);
    ASSERT_TRUE(st.ok()) << "request " << request << ": " << st.error_message();
    if (!json_checked && request == 1) {
      auto res = Post("/v1/Advance", ToJson(req));
      ASSERT_TRUE(res) << httplib::to_string(res.error());
      ASSERT_EQ(res->status, 200) << res->body.substr(0, 400);
      v1::AdvanceResponse by_json;
      ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(res->body, &by_json).ok());
      EXPECT_TRUE(MessageDifferencer::Equals(resp, by_json));
      json_checked = true;
    }
    state = resp.state();
    ASSERT_EQ(state.ruleset_state_case(), v1::TableState::kEmpress);
    moves_seen = std::max(moves_seen, state.empress().move());
    if (resp.awaiting().kind() == v1::GAME_ENDED) {
      ended = true;
      EXPECT_EQ(state.empress().stage(), v1::EMPRESS_OVER);
      break;
    }
    // The Zulus have ordered (by their doctrine), the British are awaited.
    ASSERT_EQ(resp.awaiting().side(), v1::BRITISH) << resp.awaiting().prompt();
    EXPECT_EQ(state.empress().stage(), v1::EMPRESS_BRITISH_ORDERS);
    orders = BritishOrders(state, *british, choice);
    ASSERT_FALSE(orders.empty());
  }
  EXPECT_TRUE(ended);
  EXPECT_TRUE(json_checked);
  EXPECT_GE(moves_seen, 2);
}

TEST_F(EmpressRpc, BadOrdersAndStatesAreRefusedWithTheFieldPath) {
  // To the British orders of move 1.
  v1::AdvanceRequest first;
  *first.mutable_state() = Drift();
  first.mutable_dice()->set_seed(1);
  v1::AdvanceResponse at;
  ASSERT_TRUE(GrpcAdvance(first, &at).ok());
  ASSERT_EQ(at.awaiting().side(), v1::BRITISH);

  struct Case {
    std::string name;
    std::function<void(v1::AdvanceRequest*)> edit;
    std::string prefix;
  };
  const std::vector<Case> cases = {
      {"an order to a unit that is not there",
       [](v1::AdvanceRequest* r) {
         v1::Action* a = r->add_british_actions();
         a->set_kind(v1::PASS);
         a->set_unit_id("b_ghost");
       },
       "british_actions[0].unit_id"},
      {"a charge the Gatling may not make",
       [](v1::AdvanceRequest* r) {
         v1::Action* a = r->add_british_actions();
         a->set_kind(v1::CHARGE);
         a->set_unit_id("b_gatling");
         a->set_target_id("z1");
       },
       "british_actions[0].kind"},
      {"a second order to the same unit",
       [](v1::AdvanceRequest* r) {
         for (int i = 0; i < 2; ++i) {
           v1::Action* a = r->add_british_actions();
           a->set_kind(v1::PASS);
           a->set_unit_id("b_coy");
         }
       },
       "british_actions[1].unit_id"},
      {"a range estimate from a rifle company",
       [](v1::AdvanceRequest* r) {
         v1::Action* a = r->add_british_actions();
         a->set_kind(v1::FIRE);
         a->set_unit_id("b_coy");
         a->set_target_id("z4");
         a->set_range_estimate(20);
       },
       "british_actions[0].range_estimate"},
      {"a negative range estimate",
       [](v1::AdvanceRequest* r) {
         v1::Action* a = r->add_british_actions();
         a->set_kind(v1::FIRE);
         a->set_unit_id("b_gatling");
         a->set_target_id("z4");
         a->set_range_estimate(-2);
       },
       "british_actions[0].range_estimate"},
      {"a standing order from a company, not the senior commander",
       [](v1::AdvanceRequest* r) {
         v1::Action* a = r->add_british_actions();
         a->set_kind(v1::ORDER);
         a->set_unit_id("b_coy");
         a->set_target_id("b_coy");
         a->set_point(2);
       },
       "british_actions[0].unit_id"},
      {"a standing order from the officer to a unit he is not attached to",
       [](v1::AdvanceRequest* r) {
         v1::Action* a = r->add_british_actions();
         a->set_kind(v1::ORDER);
         a->set_unit_id("b_officer");
         a->set_target_id("b_coy");
         a->set_point(2);
       },
       "british_actions[0].target_id"},
      {"an entry for no unit",
       [](v1::AdvanceRequest* r) { r->mutable_state()->mutable_empress()->mutable_units(0)->set_unit_id("nobody"); },
       "state.empress.units[0].unit_id"},
      {"a negative count",
       [](v1::AdvanceRequest* r) {
         r->mutable_state()->mutable_empress()->mutable_units(0)->set_tests_in_a_row(-3);
       },
       "state.empress.units[0].tests_in_a_row"},
      {"a parameter of another rule set",
       [](v1::AdvanceRequest* r) {
         v1::Parameter* p = r->mutable_state()->add_parameters();
         p->set_name("tsatf.turn_limit");
         p->set_value(3);
       },
       "state.parameters["},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    v1::AdvanceRequest r;
    *r.mutable_state() = at.state();
    r.mutable_dice()->set_seed(2);
    c.edit(&r);
    v1::AdvanceResponse out;
    const grpc::Status st = GrpcAdvance(r, &out);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << st.error_message();
    EXPECT_EQ(st.error_message().substr(0, c.prefix.size()), c.prefix) << st.error_message();
    auto res = Post("/v1/Advance", ToJson(r));
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_EQ(res->status, 400) << res->body.substr(0, 300);
  }
}

// ARTILLERY (002 line 75): "Player controlling artillery estimates range in
// inches. Places 4' circular marker with the centre on the exact
// measurement that player has announced." Through the server: the British
// gun's FIRE at z1 (38" off) announces 24", and the marker falls on z2, the
// nearer unit on the line; the physical dice typed in are used exactly.
TEST_F(EmpressRpc, AGunsRangeEstimateIsPlayedThroughTheServer) {
  BattleState s = empress::Table();
  empress::AddUnit(s, "b1", Side::kBritish, UnitKind::kGun, {36, 2}, 4);
  empress::AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 40}, 10);
  empress::AddUnit(s, "z2", Side::kZulu, UnitKind::kRegiment, {36, 26}, 10);
  v1::AdvanceRequest first;
  ToProto(s, first.mutable_state());
  first.mutable_dice()->set_seed(1);
  v1::AdvanceResponse orders;
  grpc::Status st = GrpcAdvance(first, &orders);
  ASSERT_TRUE(st.ok()) << st.error_message();
  ASSERT_EQ(orders.awaiting().side(), v1::BRITISH);

  v1::AdvanceRequest fire;
  *fire.mutable_state() = orders.state();
  v1::Action* a = fire.add_british_actions();
  a->set_kind(v1::FIRE);
  a->set_unit_id("b1");
  a->set_target_id("z1");
  a->set_range_estimate(24);
  // Six dice under the marker (11 - 30": 4,5,6 kill), then z2's morale test.
  v1::ScriptedDice* dice = fire.mutable_dice()->mutable_scripted();
  for (int face : {6, 5, 4, 3, 2, 1}) {
    v1::ScriptedDie* d = dice->add_dice_of_kind();
    d->set_kind(v1::D);
    d->set_face(face);
  }
  v1::ScriptedDie* avg = dice->add_dice_of_kind();
  avg->set_kind(v1::AVERAGE);
  avg->set_face(5);
  v1::AdvanceResponse resolved;
  st = GrpcAdvance(fire, &resolved);
  ASSERT_TRUE(st.ok()) << st.error_message();
  EXPECT_EQ(resolved.dice_size(), 7);
  std::map<std::string, int> fit;
  for (const v1::Unit& u : resolved.state().units()) fit[u.id()] = u.figures().fit();
  EXPECT_EQ(fit["z2"], 7);
  EXPECT_EQ(fit["z1"], 10);
  auto res = Post("/v1/Advance", ToJson(fire));
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  ASSERT_EQ(res->status, 200) << res->body.substr(0, 400);
  v1::AdvanceResponse by_json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(res->body, &by_json).ok());
  EXPECT_TRUE(MessageDifferencer::Equals(resolved, by_json));
}

// COMMAND (002 line 53) through the server: the captain, attached to the
// horse since last move, orders it to hold; the answer's state has the new
// standing order and the attachment over.
TEST_F(EmpressRpc, TheSeniorCommanderChangesAStandingOrderThroughTheServer) {
  v1::AdvanceRequest first;
  *first.mutable_state() = Drift();
  for (v1::Unit& u : *first.mutable_state()->mutable_units()) {
    if (u.id() == "b_officer") {
      u.mutable_position()->set_x(44);
      u.mutable_position()->set_y(11.5);  // in contact with the horse at (44, 14)
    }
  }
  for (v1::EmpressUnit& u : *first.mutable_state()->mutable_empress()->mutable_units()) {
    if (u.unit_id() == "b_officer") u.set_attached_to("b_horse");
  }
  first.mutable_dice()->set_seed(5);
  v1::AdvanceResponse orders;
  grpc::Status st = GrpcAdvance(first, &orders);
  ASSERT_TRUE(st.ok()) << st.error_message();
  ASSERT_EQ(orders.awaiting().side(), v1::BRITISH);

  v1::AdvanceRequest command;
  *command.mutable_state() = orders.state();
  for (const std::string& id : orders.awaiting().unit_ids()) {
    v1::Action* a = command.add_british_actions();
    a->set_unit_id(id);
    a->set_kind(v1::PASS);
    if (id == "b_officer") {
      a->set_kind(v1::ORDER);
      a->set_target_id("b_horse");
      a->set_point(1);  // hold
    }
  }
  command.mutable_dice()->set_seed(6);
  v1::AdvanceResponse resolved;
  st = GrpcAdvance(command, &resolved);
  ASSERT_TRUE(st.ok()) << st.error_message();
  std::map<std::string, v1::EmpressUnit> by_id;
  for (const v1::EmpressUnit& u : resolved.state().empress().units()) by_id[u.unit_id()] = u;
  EXPECT_EQ(by_id["b_horse"].standing(), v1::EMPRESS_HOLD);
  EXPECT_EQ(by_id["b_officer"].attached_to(), "");
  EXPECT_EQ(resolved.state().empress().move(), 2);
}

TEST_F(EmpressRpc, ListOptionsOffersTheOrdersTheEngineAccepts) {
  v1::AdvanceRequest first;
  *first.mutable_state() = Drift();
  first.mutable_dice()->set_seed(11);
  v1::AdvanceResponse plain;
  grpc::Status st = GrpcAdvance(first, &plain);
  ASSERT_TRUE(st.ok()) << st.error_message();
  EXPECT_EQ(plain.awaiting().options_size(), 0);  // not asked for

  first.set_list_options(true);
  v1::AdvanceResponse listed;
  st = GrpcAdvance(first, &listed);
  ASSERT_TRUE(st.ok()) << st.error_message();
  ASSERT_EQ(listed.awaiting().side(), v1::BRITISH);
  // Every unit awaited has its orders listed, holding (PASS) among them,
  // and the commander's joins carry where the unit joined stands.
  std::map<std::string, int> per_unit;
  bool joins = false;
  for (const v1::Action& a : listed.awaiting().options()) {
    ++per_unit[a.unit_id()];
    if (a.unit_id() == "b_officer" && a.kind() == v1::MOVE) {
      joins = true;
      EXPECT_FALSE(a.target_id().empty());
      EXPECT_TRUE(a.has_to());
    }
  }
  for (const std::string& id : listed.awaiting().unit_ids()) {
    EXPECT_GE(per_unit[id], 2) << id;
  }
  EXPECT_TRUE(joins);
  // The same over JSON.
  auto res = Post("/v1/Advance", ToJson(first));
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  ASSERT_EQ(res->status, 200) << res->body.substr(0, 400);
  v1::AdvanceResponse by_json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(res->body, &by_json).ok());
  EXPECT_TRUE(MessageDifferencer::Equals(listed, by_json));

  // Sent back as they came (the last option of each unit), they are
  // accepted: the move resolves.
  v1::AdvanceRequest next;
  *next.mutable_state() = listed.state();
  std::map<std::string, v1::Action> last;
  for (const v1::Action& a : listed.awaiting().options()) last[a.unit_id()] = a;
  for (const auto& [id, a] : last) *next.add_british_actions() = a;
  next.mutable_dice()->set_seed(12);
  next.set_list_options(true);
  v1::AdvanceResponse resolved;
  st = GrpcAdvance(next, &resolved);
  ASSERT_TRUE(st.ok()) << st.error_message();
  EXPECT_EQ(resolved.state().empress().move(), 2);
  if (resolved.awaiting().side() == v1::BRITISH) EXPECT_GT(resolved.awaiting().options_size(), 0);
}

TEST_F(EmpressRpc, AskAMoraleTestOverGrpcAndJson) {
  v1::AskRequest ask;
  *ask.mutable_state() = Drift();
  ask.mutable_dice()->set_seed(4);
  v1::EmpressMoraleTestQuestion* m = ask.mutable_empress()->mutable_morale_test();
  m->set_unit_id("z3");
  m->set_rocket(v1::EMPRESS_ROCKET_HIT);
  v1::AskResponse answer;
  const grpc::Status st = GrpcAsk(ask, &answer);
  ASSERT_TRUE(st.ok()) << st.error_message();
  ASSERT_TRUE(answer.has_decision());
  const v1::Event& e = answer.decision();
  EXPECT_EQ(e.kind(), v1::MORALE_TEST);
  EXPECT_EQ(e.why().rule().section(), "MORALE");
  ASSERT_EQ(e.why().dice_size(), 1);
  EXPECT_EQ(e.why().dice(0).kind(), v1::AVERAGE);
  // The test is recorded on the unit: its first in a row.
  bool found = false;
  for (const v1::EmpressUnit& u : answer.state().empress().units()) {
    if (u.unit_id() != "z3") continue;
    found = true;
    EXPECT_EQ(u.tests_in_a_row(), 1);
  }
  EXPECT_TRUE(found);
  auto res = Post("/v1/Ask", ToJson(ask));
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  ASSERT_EQ(res->status, 200) << res->body.substr(0, 400);
  v1::AskResponse by_json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(res->body, &by_json).ok());
  EXPECT_TRUE(MessageDifferencer::Equals(answer, by_json));
}

TEST_F(EmpressRpc, BadQuestionsAreRefusedWithTheFieldPath) {
  struct Case {
    std::string name;
    std::function<void(v1::AskRequest*)> edit;
    grpc::StatusCode code;
    std::string prefix;
  };
  const std::vector<Case> cases = {
      {"another rule set's question", [](v1::AskRequest* r) { r->mutable_tsatf()->mutable_hand()->set_unit_id("z1"); },
       grpc::StatusCode::INVALID_ARGUMENT, "tsatf:"},
      {"no decision point", [](v1::AskRequest* r) { r->mutable_empress(); }, grpc::StatusCode::INVALID_ARGUMENT,
       "empress:"},
      {"no unit", [](v1::AskRequest* r) { r->mutable_empress()->mutable_evasion(); },
       grpc::StatusCode::INVALID_ARGUMENT, "empress.evasion.unit_id"},
      {"a unit not there",
       [](v1::AskRequest* r) { r->mutable_empress()->mutable_retire_route()->set_unit_id("z99"); },
       grpc::StatusCode::INVALID_ARGUMENT, "empress.retire_route.unit_id"},
      {"a rocket with no aim",
       [](v1::AskRequest* r) { r->mutable_empress()->mutable_rocket_deviation()->set_unit_id("b_gatling"); },
       grpc::StatusCode::INVALID_ARGUMENT, "empress.rocket_deviation.aim"},
      {"a rocket effect out of range",
       [](v1::AskRequest* r) {
         v1::EmpressMoraleTestQuestion* m = r->mutable_empress()->mutable_morale_test();
         m->set_unit_id("z1");
         m->set_rocket(static_cast<v1::EmpressRocketEffect>(7));
       },
       grpc::StatusCode::INVALID_ARGUMENT, "empress.morale_test.rocket"},
      {"the British do not evade",
       [](v1::AskRequest* r) { r->mutable_empress()->mutable_evasion()->set_unit_id("b_coy"); },
       grpc::StatusCode::FAILED_PRECONDITION, "empress.evasion.unit_id"},
      {"a Gatling burst at its own side",
       [](v1::AskRequest* r) {
         v1::EmpressGatlingBurstQuestion* g = r->mutable_empress()->mutable_gatling_burst();
         g->set_unit_id("b_gatling");
         g->set_target_id("b_coy");
       },
       grpc::StatusCode::FAILED_PRECONDITION, "empress.gatling_burst.target_id"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    v1::AskRequest r;
    *r.mutable_state() = Drift();
    r.mutable_dice()->set_seed(5);
    c.edit(&r);
    v1::AskResponse out;
    const grpc::Status st = GrpcAsk(r, &out);
    EXPECT_EQ(st.error_code(), c.code) << st.error_message();
    EXPECT_EQ(st.error_message().substr(0, c.prefix.size()), c.prefix) << st.error_message();
    auto res = Post("/v1/Ask", ToJson(r));
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_GE(res->status, 400) << res->body.substr(0, 300);
  }
}

}  // namespace
}  // namespace impi::service
