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

// The goal is none; a warm step now asks for 0.34 blocks on average (from
// 19.8; docs/performance.md, "Ferree's warm steps allocate less"). What is
// left is state that grows, and steps that happen once a game:
//   - a runner joins the units (BritishSendRunner): a new unit's id and
//     name are new texts, and the footprint index takes one more disc;
//   - a pending decision's state: the trays still to decide whether to
//     charge a retiring unit (PendingChoice::queue), the trays out of a
//     donga (left_donga), the snipers that fired at a unit this turn;
//   - the battle's first steps, once a game: the Zulu deployment's check,
//     the camp breaking down (the terrain list edited, its derived terrain
//     worked out afresh), the plan's secret entries.
// (A British unit's sight lines allocate nothing: the thread remembers them
// in a fixed table, Field::Sight, and judges a new one with no viewer made.)
// The count may not grow: each way's total over these games is held at what
// it was when measured.
constexpr int64_t kMostWarmBlocksApply = 1512;
constexpr int64_t kMostWarmBlocksApplyLegal = 1511;

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
