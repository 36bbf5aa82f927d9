// A warm step of Empress's "Damned Wobbly Gentlemen" allocates nothing
// (alloc_count.h: every block counted, by operator new or by malloc). Three
// games of the drift are played once to warm them, then again, counted,
// RULES on both sides.
#include "engine/rulesets/empress/empress.h"
#include "gtest/gtest.h"
#include "tests/alloc/alloc_count.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::empress {
namespace {

TEST(EmpressWarmStep, TwoHundredWarmStepsAllocateNothing) {
  const BattleState start = LoadScenario("empress");
  ASSERT_EQ(start.ruleset, kRulesetId);
  for (const bool legal_path : {false, true}) {
    SCOPED_TRACE(legal_path ? "ApplyLegal" : "Apply");
    const alloc_count::WarmSteps c = alloc_count::CountWarmSteps(kRulesetId, start, 3, legal_path, 2000);
    // The first cold games allocate (the thread's buffers grow; the second
    // way finds them grown): the count is live.
    if (!legal_path) EXPECT_GT(c.cold, 0);
    EXPECT_GE(c.steps, 200);
    EXPECT_EQ(c.warm, 0) << c.warm << " allocations in " << c.steps << " warm steps (" << c.cold << " cold)";
    RecordProperty(legal_path ? "warm_allocations_apply_legal" : "warm_allocations_apply", static_cast<int>(c.warm));
  }
}

}  // namespace
}  // namespace impi::empress
