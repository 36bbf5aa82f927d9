// tests/service/work_budget_test.cc: a request's work is bounded: the
// caller's deadline, the server's maximum and its work budget stop the
// engine part-way with nothing applied (engine/core/budget.h).
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "impi/v1/umpire.grpc.pb.h"
#include "service/server.h"
#include "service/umpire_service.h"
#include "tests/service/big_table.h"
#include "tests/service/tsatf_state.h"

namespace impi::service {
namespace {

using Clock = std::chrono::steady_clock;
using testing::BigTableRequest;
using testing::TsatfAdvanceRequest;

int64_t MsSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

TEST(WorkBudgetTest, TheEngineStopsAtTheDeadlineWithNothingApplied) {
  UmpireService service(4 << 20);
  v1::AdvanceResponse response;
  const Clock::time_point start = Clock::now();
  const grpc::Status status = service.DoAdvance(BigTableRequest(testing::kBigTableImpis), &response, /*ms_left=*/100);
  EXPECT_LT(MsSince(start), 300);  // the bound: the worker is free again
  EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << status.error_message();
  EXPECT_NE(status.error_message().find("nothing was applied"), std::string::npos);
  EXPECT_FALSE(response.has_state());
}

TEST(WorkBudgetTest, TheServersMaximumAndWorkBudgetBindWithoutACallerDeadline) {
  UmpireService capped(4 << 20, RequestLimits{/*max_request_ms=*/200, /*max_work=*/0});
  v1::AdvanceResponse response;
  grpc::Status status = capped.DoAdvance(BigTableRequest(testing::kBigTableImpis), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << status.error_message();

  UmpireService budgeted(4 << 20, RequestLimits{/*max_request_ms=*/0, /*max_work=*/50});
  status = budgeted.DoAdvance(BigTableRequest(testing::kBigTableImpis), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
  EXPECT_NE(status.error_message().find("budget of 50"), std::string::npos);

  // A small step fits.
  status = budgeted.DoAdvance(TsatfAdvanceRequest(7), &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
}

TEST(WorkBudgetTest, CancelAllStopsTheEngine) {
  UmpireService service(4 << 20);
  service.CancelAll();
  v1::AdvanceResponse response;
  const grpc::Status status = service.DoAdvance(BigTableRequest(testing::kBigTableImpis), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::CANCELLED) << status.error_message();
}

TEST(WorkBudgetTest, GrpcDeadlineOf100MsAnswersWithin300Ms) {
  ServerOptions o;
  o.grpc_address = "127.0.0.1:0";
  o.enable_http = false;
  o.max_request_ms = 1000;
  auto server = ImpiServer::Start(o);
  ASSERT_TRUE(server.ok()) << server.status();
  auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string((*server)->grpc_port()),
                                     grpc::InsecureChannelCredentials());
  auto stub = v1::Umpire::NewStub(channel);
  ASSERT_TRUE(channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(10)));
  const v1::AdvanceRequest big = BigTableRequest(testing::kBigTableImpis);
  {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(100));
    v1::AdvanceResponse out;
    const Clock::time_point start = Clock::now();
    const grpc::Status status = stub->Advance(&ctx, big, &out);
    EXPECT_LT(MsSince(start), 300);  // the bound
    EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  }
  {
    // No deadline of the caller's: the server's maximum stops it, and says so.
    grpc::ClientContext ctx;
    v1::AdvanceResponse out;
    const grpc::Status status = stub->Advance(&ctx, big, &out);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
    EXPECT_NE(status.error_message().find("server's maximum"), std::string::npos)
        << status.error_message();
  }
  (*server)->Shutdown();
}

// gRPC calls past the running ones wait for the engine (ServerOptions::
// grpc_max_queue), each until its deadline; past the queue, UNAVAILABLE.
class GrpcQueueTest : public ::testing::Test {
 protected:
  void Start(int max_threads, int queue) {
    ServerOptions o;
    o.grpc_address = "127.0.0.1:0";
    o.enable_http = false;
    o.max_threads = max_threads;
    o.grpc_max_queue = queue;
    auto server = ImpiServer::Start(o);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = std::move(*server);
    channel_ = grpc::CreateChannel("127.0.0.1:" + std::to_string(server_->grpc_port()),
                                   grpc::InsecureChannelCredentials());
    ASSERT_TRUE(
        channel_->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(10)));
  }
  void TearDown() override {
    if (server_ != nullptr) server_->Shutdown();
  }
  // An Advance with a deadline `ms` from now, on its own thread.
  std::future<grpc::Status> AdvanceAsync(v1::AdvanceRequest request, int ms) {
    return std::async(std::launch::async, [this, request = std::move(request), ms] {
      auto stub = v1::Umpire::NewStub(channel_);
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(ms));
      v1::AdvanceResponse out;
      return stub->Advance(&ctx, request, &out);
    });
  }

  std::unique_ptr<ImpiServer> server_;
  std::shared_ptr<grpc::Channel> channel_;
};

TEST_F(GrpcQueueTest, ABurstPastTheThreadsWaitsAndIsAnswered) {
  // Many more calls at once than request threads: each waits its turn.
  Start(/*max_threads=*/1, /*queue=*/64);
  std::vector<std::future<grpc::Status>> calls;
  for (int i = 0; i < 40; ++i) calls.push_back(AdvanceAsync(TsatfAdvanceRequest(i + 1), 60000));
  for (std::future<grpc::Status>& call : calls) {
    const grpc::Status status = call.get();
    EXPECT_TRUE(status.ok()) << status.error_code() << " " << status.error_message();
  }
}

TEST_F(GrpcQueueTest, AFullQueueIsUnavailableAndAWaitEndsAtTheDeadline) {
  Start(/*max_threads=*/1, /*queue=*/2);
  // The one request thread is busy for 3 s (the long table stops at its
  // deadline).
  std::future<grpc::Status> busy = AdvanceAsync(BigTableRequest(testing::kBigTableImpis), 3000);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  // Two wait: one with time enough, one whose deadline passes first.
  std::future<grpc::Status> patient = AdvanceAsync(TsatfAdvanceRequest(7), 60000);
  std::future<grpc::Status> hasty = AdvanceAsync(TsatfAdvanceRequest(8), 1000);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  // The queue is full: refused at once, with a reason to retry.
  const Clock::time_point sent = Clock::now();
  const grpc::Status refused = AdvanceAsync(TsatfAdvanceRequest(9), 60000).get();
  EXPECT_LT(MsSince(sent), 1000);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::UNAVAILABLE) << refused.error_message();
  EXPECT_NE(refused.error_message().find("busy"), std::string::npos) << refused.error_message();

  // The hasty call ends at its deadline, and leaves the queue: a call sent
  // after it finds a place to wait while the thread is still busy.
  const grpc::Status late = hasty.get();
  EXPECT_EQ(late.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << late.error_message();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::future<grpc::Status> again = AdvanceAsync(TsatfAdvanceRequest(10), 60000);
  // The long table ends at its deadline, or with its answer on a machine
  // that finishes it within the 3 s (the deadline itself is pinned with a
  // tighter bound elsewhere: WorkBudget and HttpFront tests).
  const grpc::StatusCode busy_code = busy.get().error_code();
  EXPECT_TRUE(busy_code == grpc::StatusCode::DEADLINE_EXCEEDED || busy_code == grpc::StatusCode::OK)
      << busy_code;
  const grpc::Status served = patient.get();
  EXPECT_TRUE(served.ok()) << served.error_message();
  const grpc::Status served_again = again.get();
  EXPECT_TRUE(served_again.ok()) << served_again.error_message();
}

}  // namespace
}  // namespace impi::service
