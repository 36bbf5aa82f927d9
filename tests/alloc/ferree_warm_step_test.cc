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

// A battle step allocates nothing (from 19.8 blocks a step, then 0.34, then
// 0.02: docs/performance.md, "Ferree's warm steps allocate less" and "Ferree
// allocates nothing in a battle step"). The steps before the battle (the
// deployments, the plan, the camp breaking down) happen once a game and are
// counted apart; there the battle's room is made:
//   - the units, their bookkeeping and the id index hold the runners the
//     companies send (BattleState::ReindexUnits refills the index where it
//     is; a state's own table, shared by no copy);
//   - the cup holds a chit for every unit and runner;
// and elsewhere:
//   - the terrain as it stands once the camp broke down is the ground of
//     every game of the scenario: derived once a thread, found again by
//     what it holds (Field::TerrainDerivedAnew), with its path samples;
//   - a British unit's sight lines are remembered in a fixed table
//     (Field::Sight), judged with no viewer made;
//   - ids and names of new units are pooled texts, composed in kept buffers;
//   - the trays a decision keeps waiting, out of a donga, or fired on by
//     snipers are held inline (IdList), and a Zulu decision's options in
//     lists the thread keeps, each with room for the longest.
constexpr int64_t kMostWarmBlocksApply = 0;
constexpr int64_t kMostWarmBlocksApplyLegal = 0;

TEST(FerreeWarmStep, BattleStepsAllocateNothing) {
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
