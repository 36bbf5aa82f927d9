// tests/service/umpire_service_test.cc: the shared code path, called directly.
#include "service/umpire_service.h"

#include <gtest/gtest.h>

#include <chrono>

#include "service/validate.h"
#include "tests/service/tsatf_state.h"

namespace impi::service {
namespace {

TEST(ClampToDeadlineTest, OnlyATimeBudgetIsClamped) {
  PolicySpec p;
  p.kind = PolicyKind::kMcts;
  p.milliseconds = 5000;
  EXPECT_EQ(ClampToDeadline(p, -1).milliseconds, 5000);     // no deadline
  EXPECT_EQ(ClampToDeadline(p, 60000).milliseconds, 5000);  // plenty of time
  EXPECT_EQ(ClampToDeadline(p, 1050).milliseconds, 1000);   // less the margin
  EXPECT_EQ(ClampToDeadline(p, 10).milliseconds, 1);        // never 0 (= no budget)
  p.milliseconds = 0;
  p.iterations = 800;
  EXPECT_EQ(ClampToDeadline(p, 10).milliseconds, 0);  // iterations only: reproducible
  EXPECT_EQ(ClampToDeadline(p, 10).iterations, 800);
  // ... but every search of the call stops at the deadline, less the margin.
  const auto before = std::chrono::steady_clock::now();
  const PolicySpec clamped = ClampToDeadline(p, 1050);
  ASSERT_TRUE(clamped.deadline.has_value());
  EXPECT_GE(*clamped.deadline, before + std::chrono::milliseconds(1000));
  EXPECT_LE(*clamped.deadline, std::chrono::steady_clock::now() + std::chrono::milliseconds(1000));
  EXPECT_FALSE(ClampToDeadline(p, -1).deadline.has_value());
}

TEST(UmpireServiceTest, ErrorsLeaveTheResponseEmpty) {
  const UmpireService service(1 << 20);
  v1::AdvanceRequest r = testing::TsatfAdvanceRequest(1);
  v1::AdvanceResponse out;
  ASSERT_TRUE(service.DoAdvance(r, &out).ok());
  EXPECT_GT(out.events_size(), 0);
  r.mutable_state()->mutable_units(0)->mutable_figures()->set_wounded(-1);
  const grpc::Status s = service.DoAdvance(r, &out);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(), "state.units[0].figures.wounded: -1 is negative");
  EXPECT_EQ(out.ByteSizeLong(), 0u);
}

TEST(UmpireServiceTest, DescribeReportsTheBuildsVersion) {
  const UmpireService service(1234);
  v1::DescribeResponse d;
  ASSERT_TRUE(service.DoDescribe(v1::DescribeRequest(), &d).ok());
  EXPECT_EQ(d.version(), ServerVersion());
  EXPECT_NE(d.version(), "0.0.0");  // the project's version was compiled in
  EXPECT_EQ(d.max_message_bytes(), 1234);
}

}  // namespace
}  // namespace impi::service
