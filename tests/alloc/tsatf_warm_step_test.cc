// What a warm step of Zulu Control allocates (alloc_count.h: every block
// counted, by operator new or by malloc). Three patrol games are played once
// to warm them, then again, counted, RULES on both sides.
#include <cstdio>

#include "engine/rulesets/tsatf/tsatf_ruleset.h"
#include "gtest/gtest.h"
#include "tests/alloc/alloc_count.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::tsatf {
namespace {

// The figure this build reaches, each way. Not yet zero (docs/performance.md,
// "Zulu Control's battles, the last cut"): the events a quiet log still
// keeps (their vector grows in each step's log), the lists of ids a step
// passes and returns (what the engine awaits, the sections' forces), and the
// obstacles and paths of the impis' moves still allocate. Kept as a bound
// that a change must not pass.
constexpr double kMostBlocksPerStep = 21.5;  // measured: 13,309 in 621 warm steps, each way

TEST(TsatfWarmStep, WarmStepsStayUnderTheirBound) {
  const BattleState start = LoadScenario("tsatf");
  ASSERT_EQ(start.ruleset, kRulesetId);
  for (const bool legal_path : {false, true}) {
    SCOPED_TRACE(legal_path ? "ApplyLegal" : "Apply");
    const alloc_count::WarmSteps c = alloc_count::CountWarmSteps(kRulesetId, start, 3, legal_path, 2000);
    EXPECT_GT(c.cold, 0);  // the count is live
    ASSERT_GE(c.steps, 20);
    EXPECT_LE(c.PerStep(), kMostBlocksPerStep) << c.warm << " blocks in " << c.steps << " warm steps";
    RecordProperty(legal_path ? "warm_blocks_apply_legal" : "warm_blocks_apply", static_cast<int>(c.warm));
    std::printf("Zulu Control %s: %lld blocks in %d warm steps (%.2f a step; %lld cold)\n",
                legal_path ? "ApplyLegal" : "Apply", static_cast<long long>(c.warm), c.steps, c.PerStep(),
                static_cast<long long>(c.cold));
  }
}

}  // namespace
}  // namespace impi::tsatf
