// impi.v1.Arena through a real impi server on 127.0.0.1 (an ephemeral
// port): the progress streams, the last message carries the report, the
// same as `impi arena` prints; bad requests and a passed deadline.
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <future>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "ai/arena/arena.h"
#include "clients/cli/arena_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "impi/v1/arena.grpc.pb.h"
#include "impi/v1/umpire.grpc.pb.h"
#include "service/arena_service.h"
#include "service/server.h"

namespace impi::service {
namespace {

using ::testing::HasSubstr;

class ArenaRpcTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    arena_ = new ArenaService();
    ServerOptions o;
    o.grpc_address = "127.0.0.1:0";
    o.enable_http = false;
    o.max_threads = 4;
    o.services.push_back(arena_);
    auto server = ImpiServer::Start(o);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = server->release();
    ASSERT_GT(server_->grpc_port(), 0);
  }
  static void TearDownTestSuite() {
    if (server_ != nullptr) server_->Shutdown();
    delete server_;
    server_ = nullptr;
    delete arena_;
    arena_ = nullptr;
  }

  void SetUp() override {
    ASSERT_NE(server_, nullptr);
    stub_ = v1::Arena::NewStub(grpc::CreateChannel(
        "127.0.0.1:" + std::to_string(server_->grpc_port()), grpc::InsecureChannelCredentials()));
  }

  // Every message of a call, and its status.
  grpc::Status Run(const v1::ArenaRequest& request, std::vector<v1::ArenaProgress>* messages,
                   std::chrono::milliseconds deadline = std::chrono::seconds(300)) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + deadline);
    std::unique_ptr<grpc::ClientReader<v1::ArenaProgress>> reader = stub_->Run(&ctx, request);
    v1::ArenaProgress m;
    while (reader->Read(&m)) messages->push_back(m);
    return reader->Finish();
  }

  static v1::ArenaRequest Patrol(int games) {
    v1::ArenaRequest r;
    r.set_ruleset(v1::TSATF_ZULU_CONTROL);
    r.set_scenario("patrol");
    r.set_zulu("rules");
    r.set_british("random");
    r.set_games(games);
    r.set_seed(100);
    r.set_threads(2);
    return r;
  }

  static ArenaService* arena_;
  static ImpiServer* server_;
  std::unique_ptr<v1::Arena::Stub> stub_;
};

ArenaService* ArenaRpcTest::arena_ = nullptr;
ImpiServer* ArenaRpcTest::server_ = nullptr;

TEST_F(ArenaRpcTest, StreamsProgressThenTheReportTheCommandLinePrints) {
  std::vector<v1::ArenaProgress> messages;
  const grpc::Status status = Run(Patrol(6), &messages);
  ASSERT_TRUE(status.ok()) << status.error_message();
  // One message a game (each is a new percent of six), the last with the report.
  ASSERT_EQ(messages.size(), 6u);
  for (size_t i = 0; i + 1 < messages.size(); ++i) {
    EXPECT_EQ(messages[i].games_done(), static_cast<int>(i) + 1);
    EXPECT_EQ(messages[i].games_total(), 6);
    EXPECT_FALSE(messages[i].has_report());
    const v1::ArenaTally& t = messages[i].tally();
    EXPECT_EQ(t.zulu_wins() + t.british_wins() + t.draws() + t.undecided() + t.engine_errors(),
              messages[i].games_done());
  }
  const v1::ArenaProgress& last = messages.back();
  EXPECT_EQ(last.games_done(), 6);
  ASSERT_TRUE(last.has_report());
  const v1::ArenaReport& report = last.report();

  // The command line, in-process, with the same options on one thread.
  arena::ArenaOptions o;
  o.ruleset = "tsatf";
  o.scenario = "patrol";
  o.zulu = "rules";
  o.british = "random";
  o.games = 6;
  o.seed = 100;
  std::ostringstream out, err;
  ASSERT_EQ(arena::ArenaCommand(o, "", out, err), 0) << err.str();
  // The report's text names the rule set by its enum name either way.
  EXPECT_EQ(report.text(), out.str());
  EXPECT_EQ(report.games(), 6);
  EXPECT_EQ(report.played(), 6);
  EXPECT_EQ(report.first_seed(), 100u);
  EXPECT_EQ(report.last_seed(), 105u);
  EXPECT_EQ(report.ruleset(), "TSATF_ZULU_CONTROL");
  EXPECT_EQ(report.zulu().policy(), "rules");
  EXPECT_EQ(report.british().policy(), "random");
  EXPECT_EQ(report.zulu().wins() + report.british().wins() + report.draws() + report.undecided(),
            6);
  EXPECT_EQ(last.tally().zulu_wins(), report.zulu().wins());
  int counted = 0;
  for (const v1::ArenaResultCount& c : report.results()) counted += c.games();
  EXPECT_EQ(counted, 6);
  EXPECT_NEAR(report.zulu().score_share() + report.british().score_share(), 1.0, 1e-12);
  EXPECT_LE(report.zulu().win_low(), report.zulu().win_rate());
  EXPECT_GE(report.zulu().win_high(), report.zulu().win_rate());
}

TEST_F(ArenaRpcTest, BadRequestsAreInvalidArgumentNamingTheField) {
  std::vector<v1::ArenaProgress> messages;
  v1::ArenaRequest r = Patrol(0);
  grpc::Status s = Run(r, &messages);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(s.error_message(), HasSubstr("games: 0 is not 1..10000"));

  r = Patrol(2);
  r.set_zulu("clever");
  s = Run(r, &messages);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(s.error_message(), HasSubstr("zulu: 'clever' is not a policy"));

  r = Patrol(2);
  r.set_british("level:insane");
  s = Run(r, &messages);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(s.error_message(), HasSubstr("unknown level"));

  r = Patrol(2);
  r.clear_ruleset();
  s = Run(r, &messages);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(s.error_message(), HasSubstr("ruleset"));

  r = Patrol(2);
  r.set_threads(17);
  EXPECT_EQ(Run(r, &messages).error_code(), grpc::StatusCode::INVALID_ARGUMENT);

  r = Patrol(2);
  r.set_scenario("waterloo");
  EXPECT_EQ(Run(r, &messages).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_TRUE(messages.empty());
}

// Ten thousand games cannot be played before a deadline of a quarter of a
// second: the call ends DEADLINE_EXCEEDED whichever side notices first, and
// the server stops starting games.
TEST_F(ArenaRpcTest, ADeadlineBoundsTheRun) {
  std::vector<v1::ArenaProgress> messages;
  const grpc::Status s = Run(Patrol(10000), &messages, std::chrono::milliseconds(250));
  EXPECT_EQ(s.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  for (const v1::ArenaProgress& m : messages) EXPECT_FALSE(m.has_report());
}

// A cancelled call ends CANCELLED after the progress so far, with no report.
TEST_F(ArenaRpcTest, ACancelledCallEnds) {
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(300));
  std::unique_ptr<grpc::ClientReader<v1::ArenaProgress>> reader = stub_->Run(&ctx, Patrol(10000));
  v1::ArenaProgress m;
  ASSERT_TRUE(reader->Read(&m));
  EXPECT_EQ(m.games_done(), 1);  // the first game done
  EXPECT_FALSE(m.has_report());
  ctx.TryCancel();
  while (reader->Read(&m)) EXPECT_FALSE(m.has_report());
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::CANCELLED);
}

// With a bearer token, the Arena is guarded like the Umpire, and gRPC's
// health service stays open (a load balancer's probe carries no token).
// gRPC only, on an ephemeral port, with the token "s3cret" and `service`
// beside the Umpire.
absl::StatusOr<std::unique_ptr<ImpiServer>> StartWithToken(grpc::Service* service) {
  ServerOptions o;
  o.grpc_address = "127.0.0.1:0";
  o.enable_http = false;
  o.auth_token = "s3cret";
  o.services.push_back(service);
  return ImpiServer::Start(o);
}

TEST(ServerAuthTest, HealthStaysOpenWhileUmpireAndArenaNeedTheToken) {
  ArenaService arena;
  auto server = StartWithToken(&arena);
  ASSERT_TRUE(server.ok()) << server.status();
  auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string((*server)->grpc_port()),
                                     grpc::InsecureChannelCredentials());
  auto umpire = v1::Umpire::NewStub(channel);
  auto arena_stub = v1::Arena::NewStub(channel);
  const auto deadline = [](grpc::ClientContext* ctx) {
    ctx->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  };

  for (const char* sent : {"", "Bearer wrong", "Bearer s3cret"}) {
    SCOPED_TRACE(sent);
    const bool right = std::string(sent) == "Bearer s3cret";
    {
      grpc::ClientContext ctx;
      deadline(&ctx);
      if (*sent != '\0') ctx.AddMetadata("authorization", sent);
      v1::DescribeResponse out;
      const grpc::Status s = umpire->Describe(&ctx, v1::DescribeRequest(), &out);
      EXPECT_EQ(s.error_code(), right ? grpc::StatusCode::OK : grpc::StatusCode::UNAUTHENTICATED);
    }
    {
      // A request the arena refuses once it is let in: no game is played.
      grpc::ClientContext ctx;
      deadline(&ctx);
      if (*sent != '\0') ctx.AddMetadata("authorization", sent);
      std::unique_ptr<grpc::ClientReader<v1::ArenaProgress>> reader =
          arena_stub->Run(&ctx, v1::ArenaRequest());
      v1::ArenaProgress m;
      while (reader->Read(&m)) {
      }
      const grpc::Status s = reader->Finish();
      EXPECT_EQ(s.error_code(),
                right ? grpc::StatusCode::INVALID_ARGUMENT : grpc::StatusCode::UNAUTHENTICATED);
      if (!right) {
        EXPECT_THAT(s.error_message(), HasSubstr("authorization:"));
      }
    }
  }

  // grpc.health.v1.Health/Check without a token: SERVING.
  grpc::GenericStub generic(channel);
  grpc::ClientContext ctx;
  deadline(&ctx);
  grpc::Slice empty("");
  const grpc::ByteBuffer request(&empty, 1);  // HealthCheckRequest{service: ""}
  grpc::ByteBuffer response;
  std::promise<grpc::Status> done;
  generic.UnaryCall(&ctx, "/grpc.health.v1.Health/Check", grpc::StubOptions(), &request,
                    &response, [&done](grpc::Status s) { done.set_value(s); });
  const grpc::Status status = done.get_future().get();
  ASSERT_TRUE(status.ok()) << status.error_message();
  std::vector<grpc::Slice> slices;
  ASSERT_TRUE(response.Dump(&slices).ok());
  std::string bytes;
  for (const grpc::Slice& slice : slices) {
    bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  }
  EXPECT_EQ(bytes, std::string("\x08\x01", 2));  // status: SERVING
  (*server)->Shutdown();
}

// A service that cannot check the token is not served with one.
TEST(ServerAuthTest, AServiceThatCannotCheckTheTokenIsRefused) {
  class Unguarded final : public v1::Arena::Service {};
  Unguarded unguarded;
  auto server = StartWithToken(&unguarded);
  ASSERT_FALSE(server.ok());
  EXPECT_EQ(server.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(server.status().message()), HasSubstr("services:"));
}

}  // namespace
}  // namespace impi::service
