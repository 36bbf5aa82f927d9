// A warm step of Empress's "Damned Wobbly Gentlemen" allocates nothing.
//
// This binary (alloc_tests) alone replaces the global operator new and
// delete with counting ones that hand the block to malloc (jemalloc where
// the binaries link it: it stands in for malloc, so a block from here is
// freed by the same allocator). A step is Game's: the action applied and
// the umpire's procedure run to the next decision, with a quiet log, as a
// search and the arena play it. A game of the drift is played once to warm
// it (the rule set keeps its working in buffers that grow to the table's
// size), then again, counted, RULES on both sides.
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "engine/core/dice.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"
#include "gtest/gtest.h"
#include "tests/conformance/scenario_cases.h"

namespace {

std::atomic<bool> counting{false};
std::atomic<int64_t> allocations{0};

void* Allocate(std::size_t n, bool nothrow) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr && !nothrow) throw std::bad_alloc();
  return p;
}

void* AllocateAligned(std::size_t n, std::align_val_t align, bool nothrow) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  void* p = nullptr;
  const std::size_t a = static_cast<std::size_t>(align) < sizeof(void*) ? sizeof(void*) : static_cast<std::size_t>(align);
  if (posix_memalign(&p, a, n == 0 ? 1 : n) != 0) p = nullptr;
  if (p == nullptr && !nothrow) throw std::bad_alloc();
  return p;
}

}  // namespace

void* operator new(std::size_t n) { return Allocate(n, false); }
void* operator new[](std::size_t n) { return Allocate(n, false); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return Allocate(n, true); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return Allocate(n, true); }
void* operator new(std::size_t n, std::align_val_t a) { return AllocateAligned(n, a, false); }
void* operator new[](std::size_t n, std::align_val_t a) { return AllocateAligned(n, a, false); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept { return AllocateAligned(n, a, true); }
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return AllocateAligned(n, a, true);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace impi::empress {
namespace {

struct Counted {
  int steps = 0;
  int64_t allocations = 0;
};

// Plays game `seed` of `start` to the end, RULES against RULES, and counts
// what its steps allocate: each step through Game::Apply (the checked way,
// as an outside caller's action goes) or, with `legal_path`, through
// Game::ApplyLegal (as a search applies one of the actions it listed).
Counted Play(const BattleState& start, uint64_t seed, bool legal_path) {
  Counted out;
  absl::StatusOr<Game> g = Game::Start(*FindRuleset(kRulesetId), start, seed);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return out;
  std::unique_ptr<Policy> zulu = MakePolicy(kRulesetId, Side::kZulu, PolicySpec{});
  std::unique_ptr<Policy> british = MakePolicy(kRulesetId, Side::kBritish, PolicySpec{});
  Dice none = Dice::Seeded(seed, 99);
  while (!g->IsOver() && out.steps < 2000) {
    const std::vector<Action> legal = g->LegalActions();
    Policy& p = g->ToAct() == Side::kZulu ? *zulu : *british;
    const int i = p.Choose(g->state(), legal, none, nullptr);
    const int64_t before = allocations.load();
    counting.store(true);
    const absl::Status st = legal_path ? g->ApplyLegal(legal, static_cast<size_t>(i)) : g->Apply(legal[static_cast<size_t>(i)]);
    counting.store(false);
    out.allocations += allocations.load() - before;
    EXPECT_TRUE(st.ok()) << st;
    ++out.steps;
  }
  EXPECT_TRUE(g->IsOver());
  return out;
}

TEST(EmpressWarmStep, TheCounterSeesAnAllocation) {
  const int64_t before = allocations.load();
  counting.store(true);
  void* block = ::operator new(64);  // a call, which the compiler may not leave out
  counting.store(false);
  ::operator delete(block);
  EXPECT_EQ(allocations.load() - before, 1);
}

TEST(EmpressWarmStep, TwoHundredWarmStepsAllocateNothing) {
  const BattleState start = LoadScenario("empress");
  ASSERT_EQ(start.ruleset, kRulesetId);
  for (const bool legal_path : {false, true}) {
    SCOPED_TRACE(legal_path ? "ApplyLegal" : "Apply");
    int steps = 0;
    int64_t cold = 0, warm = 0;
    for (uint64_t seed = 1; seed <= 3; ++seed) cold += Play(start, seed, legal_path).allocations;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      const Counted c = Play(start, seed, legal_path);
      steps += c.steps;
      warm += c.allocations;
    }
    // The first cold games allocate (the thread's buffers grow; the second
    // way finds them grown): the count is live.
    if (!legal_path) EXPECT_GT(cold, 0);
    EXPECT_GE(steps, 200);
    EXPECT_EQ(warm, 0) << warm << " allocations in " << steps << " warm steps (" << cold << " cold)";
    RecordProperty(legal_path ? "warm_allocations_apply_legal" : "warm_allocations_apply", static_cast<int>(warm));
  }
}

}  // namespace
}  // namespace impi::empress
