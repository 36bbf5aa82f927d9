// tests/service/work_budget_test.cc: a request's work is bounded: the
// caller's deadline, the server's maximum and its work budget stop the
// engine part-way with nothing applied (engine/core/budget.h).
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

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
  const grpc::Status status = service.DoAdvance(BigTableRequest(60), &response, /*ms_left=*/100);
  EXPECT_LT(MsSince(start), 300);  // the bound: the worker is free again
  EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << status.error_message();
  EXPECT_NE(status.error_message().find("nothing was applied"), std::string::npos);
  EXPECT_FALSE(response.has_state());
}

TEST(WorkBudgetTest, TheServersMaximumAndWorkBudgetBindWithoutACallerDeadline) {
  UmpireService capped(4 << 20, RequestLimits{/*max_request_ms=*/200, /*max_work=*/0});
  v1::AdvanceResponse response;
  grpc::Status status = capped.DoAdvance(BigTableRequest(60), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << status.error_message();

  UmpireService budgeted(4 << 20, RequestLimits{/*max_request_ms=*/0, /*max_work=*/50});
  status = budgeted.DoAdvance(BigTableRequest(60), &response);
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
  const grpc::Status status = service.DoAdvance(BigTableRequest(60), &response);
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
  const v1::AdvanceRequest big = BigTableRequest(60);
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

}  // namespace
}  // namespace impi::service
