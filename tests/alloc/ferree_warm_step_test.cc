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

// The goal is none; a battle step now asks for 0.02 blocks on average (82
// in 4,334; from 19.8, then 0.34: docs/performance.md, "Ferree's warm steps
// allocate less"). The steps before the battle (the deployments, the plan,
// the camp breaking down) happen once a game and are counted apart. What is
// left in the battle happens a few times a game:
//   - a runner joins the units (BritishSendRunner): the unit index is built
//     afresh for the longer list (UnitIdIndex keeps the one replaced for a
//     reader still on it) and his own-state entry is added;
//   - the terrain as it stands once the camp broke down is derived afresh
//     on the battle's first move (Field::TerrainDerivedAnew), and the
//     waypoint candidates round its obstacles are sampled as paths first
//     need them (PathSamples).
// (A British unit's sight lines allocate nothing: the thread remembers them
// in a fixed table, Field::Sight, and judges a new one with no viewer made;
// ids and names of new units are pooled texts, composed in kept buffers; the
// trays a decision keeps waiting, out of a donga, or fired on by snipers are
// held inline, IdList.)
// The count may not grow: each way's total over these games is held at what
// it was when measured.
constexpr int64_t kMostWarmBlocksApply = 82;
constexpr int64_t kMostWarmBlocksApplyLegal = 81;

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
    std::printf("Ferree %s: %lld blocks in %d warm steps (%.2f a step); %lld in %d steps before the battle\n",
                legal_path ? "ApplyLegal" : "Apply", static_cast<long long>(c.warm), c.steps, c.PerStep(),
                static_cast<long long>(c.setup), c.setup_steps);
  }
}

}  // namespace
}  // namespace impi::ferree
