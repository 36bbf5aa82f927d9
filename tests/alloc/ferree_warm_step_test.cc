// What a warm step of Ferree's Isandlwana allocates (alloc_count.h: every
// block counted, by operator new or by malloc). Three games at isandlwana
// are played once to warm them, then again, counted, RULES on both sides.
#include <cstdio>

#include "engine/rulesets/ferree/ferree.h"
#include "gtest/gtest.h"
#include "tests/alloc/alloc_count.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::ferree {
namespace {

// The goal is none. Not there yet: the steps still allocate for the table
// reads (TableReader keeps each die's account even when nobody reads it),
// the paths round the units (PathTowards), the spatial queries, the option
// lists a decision keeps and the events' vectors. The count may not grow:
// each way's total over these games is held at what it was when measured
// (docs/performance.md, "Ferree finds its units by handle").
constexpr int64_t kMostWarmBlocksApply = 86840;
constexpr int64_t kMostWarmBlocksApplyLegal = 85643;

TEST(FerreeWarmStep, WarmStepsAllocateNoMoreThanMeasured) {
  const BattleState start = LoadScenario("isandlwana");
  ASSERT_EQ(start.ruleset, kRulesetId);
  for (const bool legal_path : {false, true}) {
    SCOPED_TRACE(legal_path ? "ApplyLegal" : "Apply");
    const alloc_count::WarmSteps c = alloc_count::CountWarmSteps(kRulesetId, start, 3, legal_path, 5000);
    EXPECT_GT(c.cold, 0);  // the count is live
    EXPECT_GE(c.steps, 200);
    EXPECT_LE(c.warm, legal_path ? kMostWarmBlocksApplyLegal : kMostWarmBlocksApply)
        << c.warm << " allocations in " << c.steps << " warm steps (" << c.cold << " cold)";
    RecordProperty(legal_path ? "warm_allocations_apply_legal" : "warm_allocations_apply", static_cast<int>(c.warm));
    std::printf("Ferree %s: %lld blocks in %d warm steps (%.2f a step)\n", legal_path ? "ApplyLegal" : "Apply",
                static_cast<long long>(c.warm), c.steps, c.PerStep());
  }
}

}  // namespace
}  // namespace impi::ferree
