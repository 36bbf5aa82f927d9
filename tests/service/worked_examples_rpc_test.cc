// The manual's worked examples (003_8a310c3200cb6fb0.txt, EXAMPLE OF
// MOVEMENT PROCEDURE and EXAMPLE OF FIRE PROCEDURE) replayed through the
// Advance RPC of a real server on 127.0.0.1, over gRPC and over JSON, with the
// dice and cards the text gives, reaching the outcomes the text describes.
// The engine-level replay with finer checks is tests/rules/tsatf/
// worked_examples_test.cc.
#include <memory>
#include <cmath>
#include <string>
#include <vector>

#include <grpcpp/grpcpp.h>

#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "impi/v1/umpire.grpc.pb.h"
#include "service/convert.h"
#include "service/server.h"
#include "tests/rules/tsatf/worked_example_state.h"
// After Eigen: <resolv.h>, which httplib includes, defines `_res`.
#include <httplib.h>

namespace impi::service {
namespace {

v1::Action Move(const std::string& id, double x, double y) {
  v1::Action a;
  a.set_kind(v1::MOVE);
  a.set_unit_id(id);
  a.mutable_to()->set_x(x);
  a.mutable_to()->set_y(y);
  return a;
}
v1::Action Pass() {
  v1::Action a;
  a.set_kind(v1::PASS);
  return a;
}
v1::Action Fire(const std::string& id, const std::string& target, int hits) {
  v1::Action a;
  a.set_kind(v1::FIRE);
  a.set_unit_id(id);
  a.set_target_id(target);
  a.set_hits(hits);
  return a;
}

struct Step {
  std::vector<v1::Action> british;
  std::vector<int> dice;
  std::vector<v1::CardColor> cards;
};

constexpr v1::CardColor R = v1::RED;
constexpr v1::CardColor B = v1::BLACK;

// The six movement cards, then the fire phase (see the engine-level test for
// the text behind each die).
std::vector<Step> Script() {
  return {
      {{}, {}, {R}},
      {{Pass()}, {1, 4, 3, 4, 5, 2, 4, 2, 3, 4, 1}, {B, B, R}},
      {{Move("b1", 20, 14), Move("b2", 26, 14), Move("b3", 32, 14), Move("b4", 38, 14), Pass()},
       {4, 5, 3, 6, 5, 4, 3},
       {B, R}},
      {{Move("c1", 43, 19), Move("c2", 67.5, 21), Pass()}, {1, 3}, {B, R}},
  };
}

class WorkedExamplesRpc : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerOptions o;
    o.grpc_address = "127.0.0.1:0";
    o.http_port = 0;
    auto server = ImpiServer::Start(o);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = std::move(*server);
    channel_ = grpc::CreateChannel("127.0.0.1:" + std::to_string(server_->grpc_port()),
                                   grpc::InsecureChannelCredentials());
    stub_ = v1::Umpire::NewStub(channel_);
  }
  void TearDown() override {
    if (server_) server_->Shutdown();
  }

  v1::AdvanceRequest Request(const v1::TableState& state, const Step& step) {
    v1::AdvanceRequest req;
    *req.mutable_state() = state;
    for (const v1::Action& a : step.british) *req.add_british_actions() = a;
    for (int d : step.dice) req.mutable_dice()->mutable_scripted()->add_dice(d);
    for (v1::CardColor c : step.cards) req.mutable_dice()->mutable_scripted()->add_cards(c);
    return req;
  }

  v1::AdvanceResponse Grpc(const v1::AdvanceRequest& req) {
    grpc::ClientContext ctx;
    v1::AdvanceResponse resp;
    grpc::Status st = stub_->Advance(&ctx, req, &resp);
    EXPECT_TRUE(st.ok()) << st.error_message();
    return resp;
  }

  v1::AdvanceResponse Json(const v1::AdvanceRequest& req) {
    std::string body;
    EXPECT_TRUE(google::protobuf::util::MessageToJsonString(req, &body).ok());
    httplib::Client cli("127.0.0.1", server_->http_port());
    auto res = cli.Post("/v1/Advance", body, "application/json");
    v1::AdvanceResponse resp;
    EXPECT_TRUE(res);
    if (!res) return resp;
    EXPECT_EQ(res->status, 200) << res->body;
    EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(res->body, &resp).ok()) << res->body;
    return resp;
  }

  // Plays the script through `call`; returns every response.
  template <typename Call>
  std::vector<v1::AdvanceResponse> Play(Call call) {
    v1::TableState state;
    ToProto(tsatf::testing::WorkedExampleState(), &state);
    std::vector<v1::AdvanceResponse> out;
    for (const Step& step : Script()) {
      out.push_back(call(Request(state, step)));
      state = out.back().state();
    }
    // EXAMPLE OF FIRE PROCEDURE: the infantry's fire takes a regiment of the
    // closest impi below 50%, it fails critical morale ("2") and goes back to
    // the pool; the second cavalry hits the lone Zulu ("5": Convert to Impi),
    // IMPI CREATION "4": an impi of 4 regiments where the lone Zulu was.
    std::string lone;
    for (const v1::Unit& u : state.units()) {
      if (u.kind() == v1::LONE_ZULU) lone = u.id();
    }
    EXPECT_FALSE(lone.empty());
    out.push_back(call(Request(state, {{Fire("b1", "z2r1", 11), Fire("c2", lone, 1)}, {2, 5, 4, 1}, {}})));
    return out;
  }

  static void CheckOutcomes(const std::vector<v1::AdvanceResponse>& r) {
    ASSERT_EQ(r.size(), 5u);
    EXPECT_EQ(r[0].awaiting().kind(), v1::BRITISH_MOVE);
    // Cards 2 and 3: both impis moved; the marker stayed.
    int moved = 0;
    for (const v1::Event& e : r[1].events()) moved += e.kind() == v1::MOVED;
    EXPECT_EQ(moved, 2);
    // Card 5: an impi of 5 regiments, left handed; card 6: three may move.
    std::string impi;
    for (const v1::Event& e : r[2].events()) {
      if (e.kind() == v1::FORCE_CREATED) impi = e.unit_ids(0);
    }
    ASSERT_FALSE(impi.empty());
    int regiments = 0;
    for (const v1::Unit& u : r[2].state().units()) {
      if (u.parent() == impi && u.kind() == v1::REGIMENT) ++regiments;
    }
    int hands = 0;
    for (const v1::TsatfUnit& u : r[2].state().tsatf().units()) {
      if (u.unit_id() == impi) {
        EXPECT_EQ(u.hand(), v1::LEFT);
        ++hands;
      }
    }
    EXPECT_EQ(hands, 1);
    EXPECT_EQ(regiments, 5);
    EXPECT_EQ(r[2].awaiting().units_may_move(), 3);
    // The ford: a lone Zulu; the rocky depression: nothing, and occupied.
    int lone = 0;
    for (const v1::Unit& u : r[3].state().units()) lone += u.kind() == v1::LONE_ZULU;
    EXPECT_EQ(lone, 1);
    for (const v1::Point& p : r[3].state().points()) {
      if (p.kind() == v1::APPEARANCE && p.number() == 2) {
        EXPECT_EQ(p.state(), v1::OCCUPIED);
      }
    }
    EXPECT_EQ(r[3].awaiting().kind(), v1::BRITISH_FIRE);
    // The fire example.
    int new_regiments = 0;
    std::string converted;
    for (const v1::Event& e : r[4].events()) {
      if (e.kind() == v1::FORCE_CREATED) converted = e.unit_ids(0);
    }
    ASSERT_FALSE(converted.empty());
    bool z2r1 = false;
    for (const v1::Unit& u : r[4].state().units()) {
      if (u.parent() == converted && u.kind() == v1::REGIMENT) ++new_regiments;
      if (u.id() == "z2r1") z2r1 = true;
      if (u.id() == converted) {  // on the free ground nearest the ford
        EXPECT_LE(std::hypot(u.position().x() - 40.0, u.position().y() - 24.0), 1.0 + 1e-6);
      }
    }
    EXPECT_EQ(new_regiments, 4);
    EXPECT_FALSE(z2r1);
    EXPECT_EQ(r[4].state().tsatf().force_pool(), 2);
    EXPECT_EQ(r[4].state().tsatf().committed(), 16);
  }

  std::unique_ptr<ImpiServer> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Umpire::Stub> stub_;
};

TEST_F(WorkedExamplesRpc, MovementAndFireProcedureOverGrpc) {
  CheckOutcomes(Play([&](const v1::AdvanceRequest& q) { return Grpc(q); }));
}

TEST_F(WorkedExamplesRpc, MovementAndFireProcedureOverJson) {
  CheckOutcomes(Play([&](const v1::AdvanceRequest& q) { return Json(q); }));
}

TEST_F(WorkedExamplesRpc, GrpcAndJsonGiveTheSameAnswers) {
  std::vector<v1::AdvanceResponse> g = Play([&](const v1::AdvanceRequest& q) { return Grpc(q); });
  std::vector<v1::AdvanceResponse> j = Play([&](const v1::AdvanceRequest& q) { return Json(q); });
  ASSERT_EQ(g.size(), j.size());
  for (size_t i = 0; i < g.size(); ++i) {
    std::string a, b;
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(g[i], &a).ok());
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(j[i], &b).ok());
    EXPECT_EQ(a, b) << "step " << i;
  }
}

}  // namespace
}  // namespace impi::service
