// "The Battle of Roark's Drift" (ROARKS_DRIFT) through a real ImpiServer on
// 127.0.0.1, over gRPC and over JSON: the built-in scenario described and
// served; Advance through the opening turns (9.1 set-up, 9.2 zones, the
// turns' segments), the British playing the orders the server lists
// (list_options), every state returned accepted back to the same bytes;
// each Ask (aimed fire, the Oskarberg, its suppression, healing, fire
// spread, and the questions that do not apply now); a bad action among good
// ones refused whole; and the same request and seed giving the same bytes
// from servers of one thread and of two.
#include "tests/service/rpc_server_fixture.h"

#include <google/protobuf/util/message_differencer.h>
#include <httplib.h>

#include <cstdlib>
#include <functional>
#include <set>
#include <thread>
#include <utility>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/rulesets/roarks_drift/roarks_drift.h"
#include "service/http_gateway.h"

namespace impi::service {
namespace {

using google::protobuf::util::MessageDifferencer;

v1::TableState Scenario() {
  const Ruleset* rules = FindRuleset(roarks::kRulesetId);
  EXPECT_NE(rules, nullptr);
  v1::TableState s;
  if (rules == nullptr) return s;
  absl::StatusOr<BattleState> state = rules->Scenario("roarks_drift");
  EXPECT_TRUE(state.ok()) << state.status();
  if (state.ok()) ToProto(*state, &s);
  return s;
}

// The state back through the service's checked conversion, to the same bytes.
void ExpectAcceptedBack(const v1::TableState& state, const std::string& where) {
  const absl::StatusOr<BattleState> back = StateFromProto(state);
  ASSERT_TRUE(back.ok()) << where << ": " << back.status();
  v1::TableState again;
  ToProto(*back, &again);
  EXPECT_EQ(again.SerializeAsString(), state.SerializeAsString()) << where;
}

// The order of a listed option.
v1::RoarksOrderKind OrderOf(const v1::Action& a) { return a.roarks_drift().order(); }

class RoarksRpc : public RpcServerTest {
 protected:
  v1::AdvanceResponse Advanced(const v1::AdvanceRequest& r) const {
    v1::AdvanceResponse out;
    const grpc::Status st = GrpcAdvance(r, &out);
    EXPECT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
    return out;
  }
  v1::AskResponse Asked(const v1::AskRequest& r) const {
    v1::AskResponse out;
    const grpc::Status st = GrpcAsk(r, &out);
    EXPECT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
    return out;
  }
  // Advances from `state` with the British playing `pick` among the listed
  // options until `done` holds of an answer (at most `most` requests).
  v1::AdvanceResponse PlayUntil(v1::TableState state, int most,
                                const std::function<const v1::Action*(const v1::AdvanceResponse&)>& pick,
                                const std::function<bool(const v1::AdvanceResponse&)>& done, int* requests) const {
    v1::AdvanceRequest req;
    *req.mutable_state() = state;
    req.set_list_options(true);
    req.mutable_dice()->set_seed(7);
    req.mutable_zulu_policy()->set_kind(v1::RANDOM);
    v1::AdvanceResponse at = Advanced(req);
    for (*requests = 1; *requests < most && !done(at) && at.awaiting().kind() != v1::GAME_ENDED; ++*requests) {
      ExpectAcceptedBack(at.state(), "request " + std::to_string(*requests));
      if (::testing::Test::HasFailure()) break;
      v1::AdvanceRequest next;
      *next.mutable_state() = at.state();
      next.set_list_options(true);
      next.mutable_dice()->set_seed(7 + *requests);
      next.mutable_zulu_policy()->set_kind(v1::RANDOM);
      const v1::Action* a = pick(at);
      if (a == nullptr) break;
      *next.add_british_actions() = *a;
      at = Advanced(next);
    }
    return at;
  }
};

// The British pass every segment after placing the garrison.
const v1::Action* PlaceThenPass(const v1::AdvanceResponse& at) {
  const v1::Action* pass = nullptr;
  for (const v1::Action& a : at.awaiting().options()) {
    if (OrderOf(a) == v1::ROARKS_PLACE) return &a;
    if (OrderOf(a) == v1::ROARKS_PASS) pass = &a;
  }
  return pass;
}

TEST_F(RoarksRpc, TheRulesetAndItsScenarioAreServed) {
  v1::DescribeResponse d;
  grpc::ClientContext ctx;
  ASSERT_TRUE(stub_->Describe(&ctx, v1::DescribeRequest(), &d).ok());
  bool found = false;
  for (const v1::RulesetInfo& r : d.rulesets()) {
    if (r.ruleset() != v1::ROARKS_DRIFT) continue;
    found = true;
    EXPECT_EQ(r.status(), "full");
    EXPECT_EQ(r.source(), "004_18930928e35a3412.txt");
    EXPECT_EQ(r.title(), "The Battle of Roark's Drift");
  }
  EXPECT_TRUE(found);
  const Ruleset* rules = FindRuleset("ROARKS_DRIFT");
  ASSERT_NE(rules, nullptr);
  EXPECT_EQ(rules->ScenarioNames(), std::vector<std::string>{"roarks_drift"});
  const v1::TableState s = Scenario();
  EXPECT_EQ(s.ruleset(), v1::ROARKS_DRIFT);
  EXPECT_EQ(s.scenario(), "roarks_drift");
  EXPECT_EQ(s.table().hex_columns(), 48);
  EXPECT_EQ(s.table().hex_rows(), 32);
  ASSERT_EQ(s.ruleset_state_case(), v1::TableState::kRoarksDrift);
  EXPECT_EQ(s.units_size(), s.roarks_drift().counters_size());
  int british = 0;
  for (const v1::Unit& u : s.units()) british += u.side() == v1::BRITISH ? 1 : 0;
  EXPECT_EQ(british, 139);  // counters.h: the garrison, a man a counter
  EXPECT_EQ(s.roarks_drift().stage(), v1::ROARKS_BRITISH_SET_UP);
  ExpectAcceptedBack(s, "the scenario");
}

// 9.1, 9.2 and the opening turns: the British place the garrison and pass;
// the Zulus (a uniform random player) choose their zones and come on. The
// turns of three phases or of one, as the Zulus end phases (9.3.A).
TEST_F(RoarksRpc, AdvancePlaysTheOpeningTurns) {
  int requests = 0;
  bool json_checked = false;
  std::set<std::pair<int, int>> turns;  // (phase, turn) played
  const v1::AdvanceResponse at = PlayUntil(
      Scenario(), 60, PlaceThenPass,
      [&](const v1::AdvanceResponse& r) {
        const v1::RoarksState& book = r.state().roarks_drift();
        if (book.stage() == v1::ROARKS_PLAYING) turns.insert({book.phase(), book.turn()});
        if (!json_checked && book.stage() == v1::ROARKS_PLAYING) {
          // The same request over JSON: the same answer.
          v1::AdvanceRequest req;
          *req.mutable_state() = r.state();
          req.mutable_dice()->set_seed(3);
          req.mutable_zulu_policy()->set_kind(v1::RANDOM);
          *req.add_british_actions() = *PlaceThenPass(r);
          const v1::AdvanceResponse by_grpc = Advanced(req);
          auto res = Post("/v1/Advance", ToJson(req));
          EXPECT_TRUE(res && res->status == 200);
          v1::AdvanceResponse by_json;
          EXPECT_TRUE(res && google::protobuf::util::JsonStringToMessage(res->body, &by_json).ok());
          EXPECT_TRUE(MessageDifferencer::Equals(by_grpc, by_json));
          json_checked = true;
        }
        return turns.size() >= 3;
      },
      &requests);
  EXPECT_TRUE(json_checked);
  EXPECT_GE(turns.size(), 3u) << "after " << requests << " requests";
  const v1::RoarksState& book = at.state().roarks_drift();
  if (book.stage() != v1::ROARKS_OVER) EXPECT_EQ(at.awaiting().side(), v1::BRITISH);
  // Every regiment has had its zones (9.2), Zulus came on, and some were
  // killed or the British hold the map.
  bool zones = false;
  for (const v1::RoarksRegimentBook& r : book.regiments()) zones |= !r.entry_zones().empty() || r.killed_in_game() > 0;
  EXPECT_TRUE(zones);
  int zulus_seen = 0, british_on = 0;
  for (int i = 0; i < at.state().units_size(); ++i) {
    const v1::Unit& u = at.state().units(i);
    const v1::RoarksCounter& c = book.counters(i);
    if (u.side() == v1::ZULU && (!u.off_table() || c.killed() || c.moved_on_turn() > 0)) ++zulus_seen;
    if (u.side() == v1::BRITISH && !u.off_table()) ++british_on;
  }
  EXPECT_GT(zulus_seen, 0);
  EXPECT_GT(british_on, 100);
  ExpectAcceptedBack(at.state(), "the last answer");
}

// Each question where it applies, answered with its section, table row and
// dice; and the state it returns accepted back.
TEST_F(RoarksRpc, EachQuestionIsAnsweredWithItsRuleAndDice) {
  int requests = 0;
  // To a British fire segment (turn 2 on: the Zulus on the map).
  const v1::AdvanceResponse fire = PlayUntil(
      Scenario(), 80, PlaceThenPass,
      [](const v1::AdvanceResponse& r) {
        return r.state().roarks_drift().segment() == v1::ROARKS_BRITISH_FIRE && r.state().roarks_drift().turn() >= 2;
      },
      &requests);
  ASSERT_EQ(fire.state().roarks_drift().segment(), v1::ROARKS_BRITISH_FIRE);
  const v1::TableState& state = fire.state();

  // 6.2.2.2 suppression: two dice, 9-12 a success.
  v1::AskRequest ask;
  *ask.mutable_state() = state;
  ask.mutable_roarks_drift()->mutable_suppression();
  ask.mutable_dice()->mutable_scripted()->add_dice(5);
  ask.mutable_dice()->mutable_scripted()->add_dice(6);
  v1::AskResponse answer = Asked(ask);
  EXPECT_EQ(answer.decision().why().rule().source(), "004_18930928e35a3412.txt");
  EXPECT_EQ(answer.decision().why().rule().section().substr(0, 7), "6.2.2.2") << answer.decision().why().rule().section();
  EXPECT_EQ(answer.decision().why().dice_size(), answer.dice_size());
  ASSERT_GE(answer.dice_size(), 1);
  EXPECT_EQ(answer.state().roarks_drift().suppression(), 1) << answer.decision().why().text();
  ExpectAcceptedBack(answer.state(), "after suppression");

  // 6.1.1 aimed fire, where an option offers it.
  const v1::Action* aimed = nullptr;
  for (const v1::Action& a : fire.awaiting().options()) {
    if (OrderOf(a) == v1::ROARKS_AIMED_FIRE && aimed == nullptr) aimed = &a;
  }
  if (aimed != nullptr) {
    v1::AskRequest shot;
    *shot.mutable_state() = state;
    *shot.mutable_roarks_drift()->mutable_aimed_fire()->mutable_from() = aimed->roarks_drift().from();
    shot.mutable_roarks_drift()->mutable_aimed_fire()->mutable_target()->set_q(aimed->to_hex().q());
    shot.mutable_roarks_drift()->mutable_aimed_fire()->mutable_target()->set_r(aimed->to_hex().r());
    shot.mutable_dice()->set_seed(4);
    const v1::AskResponse hit = Asked(shot);
    EXPECT_EQ(hit.decision().why().rule().section().substr(0, 5), "6.1.1") << hit.decision().why().rule().section();
    EXPECT_FALSE(hit.decision().why().rule().row().empty());
    EXPECT_EQ(hit.decision().why().dice_size(), hit.dice_size());
    ExpectAcceptedBack(hit.state(), "after aimed fire");
  }

  // The questions that do not apply now.
  v1::AskRequest osk;
  *osk.mutable_state() = state;
  osk.mutable_roarks_drift()->mutable_oskarberg();
  osk.mutable_dice()->set_seed(1);
  ExpectAskRefused(osk, grpc::StatusCode::FAILED_PRECONDITION, "roarks_drift.oskarberg: the Oskarberg may not fire");
  v1::AskRequest volley = osk;
  volley.mutable_roarks_drift()->mutable_volley()->set_lieutenant_id("chard");
  ExpectAskRefused(volley, grpc::StatusCode::FAILED_PRECONDITION, "roarks_drift.volley: no volley of chard's line");
  v1::AskRequest melee = osk;
  melee.mutable_roarks_drift()->mutable_melee();
  ExpectAskRefused(melee, grpc::StatusCode::FAILED_PRECONDITION, "roarks_drift.melee: no Zulu melee is offered");

  // 6.2.2.1 the Oskarberg, in the Zulu fire segment: the British pass their
  // fire, the umpire opens the Zulus' (the state awaits a Zulu decision).
  {
    const Ruleset& rules = *FindRuleset(roarks::kRulesetId);
    BattleState b = ToEngine(state);
    Dice dice = Dice::Seeded(2);
    EventLog quiet(EventLog::kQuiet);
    const std::vector<Action> legal = rules.LegalActions(b, Side::kBritish);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(rules.Apply(b, Side::kBritish, legal.back(), dice, quiet, "pass", "").ok());
    ASSERT_TRUE(rules.Run(b, dice, quiet).ok());
    ASSERT_EQ(rules.Awaits(b).kind, AwaitKind::kZuluDecision);
    v1::AskRequest z;
    ToProto(b, z.mutable_state());
    z.mutable_roarks_drift()->mutable_oskarberg();
    z.mutable_policy()->set_kind(v1::RANDOM);  // the rest of the Zulu fire segment
    z.mutable_dice()->set_seed(12);
    v1::AskResponse o;
    const grpc::Status st = GrpcAsk(z, &o);
    if (st.ok()) {
      EXPECT_EQ(o.decision().why().rule().section().substr(0, 5), "6.2.2") << o.decision().why().rule().section();
      EXPECT_GE(o.decision().why().dice_size(), 2);
      EXPECT_EQ(o.state().roarks_drift().oskarberg_fired_turn(), o.state().roarks_drift().turn());
      ExpectAcceptedBack(o.state(), "after the Oskarberg");
    } else {
      // A Zulu holds the main perimeter, or one came from the south edge.
      EXPECT_EQ(st.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << st.error_message();
      EXPECT_TRUE(b.ruleset_state.get_if<roarks::RoarksState>()->attacked_from_south) << st.error_message();
    }
  }

  // 8.3 healing: a seriously wounded man beside Surgeon Major Reynolds;
  // 3-12 the turn he returns (a reading: the state comes back unchanged).
  {
    v1::TableState hurt = state;
    const v1::Unit* reynolds = nullptr;
    for (const v1::Unit& u : hurt.units()) {
      if (u.kind() == v1::SURGEON) reynolds = &u;
    }
    ASSERT_NE(reynolds, nullptr);
    // An unnamed man of the 2/24, carried to Reynolds' hex, seriously wounded.
    std::string patient;
    const v1::Hex at = reynolds->hex();
    for (int i = 0; i < hurt.units_size() && patient.empty(); ++i) {
      v1::Unit* u = hurt.mutable_units(i);
      if (u->side() != v1::BRITISH || u->off_table() || u->name() != "2/24") continue;
      patient = u->id();
      *u->mutable_hex() = at;
      v1::RoarksCounter* c = hurt.mutable_roarks_drift()->mutable_counters(i);
      ASSERT_EQ(c->unit_id(), patient);
      c->clear_offset();
      c->set_stack_pos(9);
      c->set_wound(v1::ROARKS_SERIOUS);
    }
    ASSERT_FALSE(patient.empty());
    ASSERT_TRUE(StateFromProto(hurt).ok()) << StateFromProto(hurt).status();
    v1::AskRequest heal;
    *heal.mutable_state() = hurt;
    heal.mutable_roarks_drift()->mutable_healing()->set_unit_id(patient);
    heal.mutable_dice()->mutable_scripted()->add_dice(3);
    heal.mutable_dice()->mutable_scripted()->add_dice(4);
    const v1::AskResponse h = Asked(heal);
    EXPECT_EQ(h.decision().why().rule().section().substr(0, 3), "8.3") << h.decision().why().rule().section();
    EXPECT_GE(h.decision().why().dice_size(), 1);
    EXPECT_NE(h.decision().announce().find("back on turn 7"), std::string::npos) << h.decision().announce();
    // The state comes back as sent (ToProto writes the offset again).
    const absl::StatusOr<BattleState> sent = StateFromProto(hurt);
    ASSERT_TRUE(sent.ok());
    v1::TableState as_sent;
    ToProto(*sent, &as_sent);
    EXPECT_TRUE(MessageDifferencer::Equals(h.state(), as_sent));
    // A man with no wound rolls nothing.
    v1::AskRequest well = heal;
    *well.mutable_state() = state;
    ExpectAskRefused(well, grpc::StatusCode::FAILED_PRECONDITION, "roarks_drift.healing.unit_id: " + patient);
  }

  // 10.2.B-C fire spread: a room burning since an earlier turn; 2-7 spreads.
  {
    v1::TableState burning = state;
    v1::RoarksFire* f = burning.mutable_roarks_drift()->add_fires();
    f->set_room(1);
    f->set_kindled_on_turn(1);
    v1::AskRequest spread;
    *spread.mutable_state() = burning;
    spread.mutable_roarks_drift()->mutable_fire_spread()->set_room(1);
    spread.mutable_dice()->mutable_scripted()->add_dice(1);
    spread.mutable_dice()->mutable_scripted()->add_dice(2);
    const v1::AskResponse s = Asked(spread);
    EXPECT_EQ(s.decision().why().rule().section().substr(0, 4), "10.2") << s.decision().why().rule().section();
    EXPECT_GE(s.decision().why().dice_size(), 1);
    EXPECT_NE(s.decision().announce().find("would spread"), std::string::npos) << s.decision().announce();
    v1::AskRequest none = spread;
    none.mutable_roarks_drift()->mutable_fire_spread()->set_room(2);
    ExpectAskRefused(none, grpc::StatusCode::FAILED_PRECONDITION, "roarks_drift.fire_spread.room: room 2 is not burning");
  }
}

// One bad action among good ones: refused whole, and the good request is
// answered afterwards as before.
TEST_F(RoarksRpc, ABadActionIsRefusedAndNothingIsHalfApplied) {
  v1::AdvanceRequest first;
  *first.mutable_state() = Scenario();
  first.set_list_options(true);
  first.mutable_dice()->set_seed(5);
  first.mutable_zulu_policy()->set_kind(v1::RANDOM);
  ASSERT_EQ(first.state().roarks_drift().stage(), v1::ROARKS_BRITISH_SET_UP);
  // The scenario awaits the British set-up: the options list it.
  const v1::AdvanceResponse listed = Advanced(first);
  ASSERT_EQ(listed.awaiting().options_size(), 1);
  const v1::Action place = listed.awaiting().options(0);
  EXPECT_EQ(OrderOf(place), v1::ROARKS_PLACE);

  v1::AdvanceRequest ok = first;
  *ok.add_british_actions() = place;
  const v1::AdvanceResponse before = Advanced(ok);
  ASSERT_EQ(before.state().roarks_drift().stage(), v1::ROARKS_PLAYING);

  struct Case {
    std::string name;
    std::function<void(v1::Action*)> bad;
    grpc::StatusCode code;
    std::string prefix;
  };
  const auto invalid = grpc::StatusCode::INVALID_ARGUMENT;
  const std::vector<Case> cases = {
      {"no order", [](v1::Action* a) { a->clear_roarks_drift(); }, invalid, "british_actions[0]: a Roark's Drift order"},
      {"an order out of range", [](v1::Action* a) { a->mutable_roarks_drift()->set_order(static_cast<v1::RoarksOrderKind>(18)); },
       invalid, "british_actions[0].roarks_drift.order: 18 is not a valid RoarksOrderKind"},
      {"an unnamed order", [](v1::Action* a) { a->mutable_roarks_drift()->set_order(v1::ROARKS_ORDER_UNSPECIFIED); },
       invalid, "british_actions[0].roarks_drift.order: is required"},
      {"a direction of 6", [](v1::Action* a) { a->mutable_roarks_drift()->set_direction(6); }, invalid,
       "british_actions[0].roarks_drift.direction: 6 is over 5"},
      {"a number past 16 bits", [](v1::Action* a) { a->mutable_roarks_drift()->set_number(40000); }, invalid,
       "british_actions[0].roarks_drift.number: 40000 is outside"},
      {"a hex past 16 bits", [](v1::Action* a) { a->mutable_roarks_drift()->mutable_from()->set_q(-40000); }, invalid,
       "british_actions[0].roarks_drift.from.q: -40000 is outside"},
      {"a unit naming no counter", [](v1::Action* a) { a->set_unit_id("nobody"); }, invalid,
       "british_actions[0].unit_id: no unit has id \"nobody\""},
      {"an order not offered now", [](v1::Action* a) { a->mutable_roarks_drift()->set_order(v1::ROARKS_SUPPRESS); },
       invalid, "british_actions[0]: suppress"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    v1::AdvanceRequest r = first;
    v1::Action* a = r.add_british_actions();
    *a = place;
    c.bad(a);
    *r.add_british_actions() = place;
    ExpectAdvanceRefused(r, c.code, c.prefix);
  }
  // A good action then a bad one: the whole request refused.
  v1::AdvanceRequest two = ok;
  v1::Action* bad = two.add_british_actions();
  *bad = place;
  bad->mutable_roarks_drift()->set_direction(-1);
  ExpectAdvanceRefused(two, invalid, "british_actions[1].roarks_drift.direction: -1 is negative");
  // The good request, answered as before.
  const v1::AdvanceResponse after = Advanced(ok);
  EXPECT_EQ(after.SerializeAsString(), before.SerializeAsString());
}

// The same request and seed give the same bytes from a server of one
// thread and one of two (two requests at once on it): the British set-up,
// the Zulus' zones and their first movement by a random Zulu player; and a
// later turn's request. (A search's answer on any number of server threads
// is the search's own test, tests/ai/mcts_test.cc.)
TEST_F(RoarksRpc, TheSameRequestGivesTheSameBytesWithAnyThreadCount) {
  v1::AdvanceRequest r;
  *r.mutable_state() = Scenario();
  r.mutable_dice()->set_seed(17);
  v1::Action place;
  place.set_kind(v1::DEPLOY);
  place.mutable_roarks_drift()->set_order(v1::ROARKS_PLACE);
  *r.add_british_actions() = place;
  r.mutable_zulu_policy()->set_kind(v1::RANDOM);
  // A later request: the British pass their movement.
  const v1::AdvanceResponse first = Advanced(r);
  v1::AdvanceRequest later;
  *later.mutable_state() = first.state();
  later.mutable_dice()->set_seed(18);
  later.mutable_zulu_policy()->set_kind(v1::RANDOM);
  v1::Action* pass = later.add_british_actions();
  pass->set_kind(v1::PASS);
  pass->mutable_roarks_drift()->set_order(v1::ROARKS_PASS);
  std::vector<std::string> answers[2];
  for (int threads : {1, 2}) {
    ServerOptions o;
    o.max_threads = threads;
    o.grpc_address = "127.0.0.1:0";
    o.http_host = "127.0.0.1";
    o.http_port = 0;
    absl::StatusOr<std::unique_ptr<ImpiServer>> server = ImpiServer::Start(o);
    ASSERT_TRUE(server.ok()) << server.status();
    auto stub = v1::Umpire::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string((*server)->grpc_port()),
                                                        grpc::InsecureChannelCredentials()));
    for (const v1::AdvanceRequest* req : {&r, &later}) {
      // Two at once.
      v1::AdvanceResponse a, b;
      grpc::Status sa, sb;
      std::thread other([&] { sb = CallAdvance(*stub, *req, &b); });
      sa = CallAdvance(*stub, *req, &a);
      other.join();
      ASSERT_TRUE(sa.ok()) << sa.error_message();
      ASSERT_TRUE(sb.ok()) << sb.error_message();
      EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString()) << threads << " threads";
      EXPECT_EQ(a.state().roarks_drift().stage(), v1::ROARKS_PLAYING);
      answers[threads - 1].push_back(a.SerializeAsString());
    }
    (*server)->Shutdown();
  }
  EXPECT_EQ(answers[0], answers[1]);
  ASSERT_EQ(answers[0].size(), 2u);
  EXPECT_EQ(answers[0][0], first.SerializeAsString());  // and the suite's server's
}

}  // namespace
}  // namespace impi::service
