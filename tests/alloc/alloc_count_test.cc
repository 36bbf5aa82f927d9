// The one counter of tests/alloc (alloc_count.h): operator new and delete
// replaced, malloc and its kin wrapped at link time, and the game loop every
// rule set's warm-step test counts with.
#include "tests/alloc/alloc_count.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "engine/core/dice.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "gtest/gtest.h"

namespace {

std::atomic<bool> counting{false};
std::atomic<int64_t> blocks{0};

inline void Count() {
  if (counting.load(std::memory_order_relaxed)) blocks.fetch_add(1, std::memory_order_relaxed);
}

void* Allocate(std::size_t n, bool nothrow) {
  void* p = std::malloc(n == 0 ? 1 : n);  // counted by the malloc wrapper
  if (p == nullptr && !nothrow) throw std::bad_alloc();
  return p;
}

void* AllocateAligned(std::size_t n, std::align_val_t align, bool nothrow) {
  void* p = nullptr;
  const std::size_t a = static_cast<std::size_t>(align) < sizeof(void*) ? sizeof(void*) : static_cast<std::size_t>(align);
  if (posix_memalign(&p, a, n == 0 ? 1 : n) != 0) p = nullptr;
  if (p == nullptr && !nothrow) throw std::bad_alloc();
  return p;
}

}  // namespace

extern "C" {
void* __real_malloc(std::size_t n);
void* __real_calloc(std::size_t count, std::size_t n);
void* __real_realloc(void* p, std::size_t n);
int __real_posix_memalign(void** p, std::size_t align, std::size_t n);

void* __wrap_malloc(std::size_t n) {
  Count();
  return __real_malloc(n);
}
void* __wrap_calloc(std::size_t count, std::size_t n) {
  Count();
  return __real_calloc(count, n);
}
void* __wrap_realloc(void* p, std::size_t n) {
  Count();
  return __real_realloc(p, n);
}
int __wrap_posix_memalign(void** p, std::size_t align, std::size_t n) {
  Count();
  return __real_posix_memalign(p, align, n);
}
}  // extern "C"

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

namespace impi::alloc_count {

void Start() { counting.store(true); }
void Stop() { counting.store(false); }
int64_t Blocks() { return blocks.load(); }

namespace {

// Game `seed` of `start` to its end, RULES against RULES; the blocks its
// battle steps asked for and how many they were, and the same of its steps
// begun before the battle (`setup`, `setup_steps`).
int64_t PlayCounted(std::string_view ruleset, const BattleState& start, uint64_t seed, bool legal_path,
                    int max_steps, int* steps, int64_t* setup, int* setup_steps) {
  int64_t counted = 0;
  const Ruleset* rules = FindRuleset(ruleset);
  EXPECT_NE(rules, nullptr) << ruleset;
  if (rules == nullptr) return 0;
  absl::StatusOr<Game> g = Game::Start(*rules, start, seed);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return 0;
  std::unique_ptr<Policy> zulu = MakePolicy(std::string(ruleset), Side::kZulu, PolicySpec{});
  std::unique_ptr<Policy> british = MakePolicy(std::string(ruleset), Side::kBritish, PolicySpec{});
  Dice none = Dice::Seeded(seed, 99);
  int played = 0;
  for (int taken = 0; !g->IsOver() && taken < max_steps; ++taken) {
    const std::vector<Action> legal = g->LegalActions();
    Policy& p = g->ToAct() == Side::kZulu ? *zulu : *british;
    const size_t i = static_cast<size_t>(p.Choose(g->state(), legal, none, nullptr));
    const bool before_battle = g->state().clock.phase == Phase::kPreBattle;
    const int64_t before = Blocks();
    Start();
    const absl::Status st = legal_path ? g->ApplyLegal(legal, i) : g->Apply(legal[i]);
    Stop();
    EXPECT_TRUE(st.ok()) << st;
    if (before_battle) {
      *setup += Blocks() - before;
      ++*setup_steps;
      continue;
    }
    counted += Blocks() - before;
    ++played;
  }
  EXPECT_TRUE(g->IsOver());
  *steps += played;
  return counted;
}

}  // namespace

WarmSteps CountWarmSteps(std::string_view ruleset, const BattleState& start, int games,
                         bool legal_path, int max_steps) {
  WarmSteps out;
  int cold_steps = 0;
  int64_t cold_setup = 0;
  int cold_setup_steps = 0;
  for (int seed = 1; seed <= games; ++seed) {
    out.cold += PlayCounted(ruleset, start, static_cast<uint64_t>(seed), legal_path, max_steps, &cold_steps,
                            &cold_setup, &cold_setup_steps);
  }
  out.cold += cold_setup;
  for (int seed = 1; seed <= games; ++seed) {
    out.warm += PlayCounted(ruleset, start, static_cast<uint64_t>(seed), legal_path, max_steps, &out.steps,
                            &out.setup, &out.setup_steps);
  }
  return out;
}

namespace {

TEST(AllocCount, SeesOperatorNewAndMalloc) {
  int64_t before = Blocks();
  Start();
  void* block = ::operator new(64);  // a call, which the compiler may not leave out
  Stop();
  ::operator delete(block);
  EXPECT_EQ(Blocks() - before, 1);
  before = Blocks();
  Start();
  void* volatile raw = std::malloc(32);  // volatile: the call is not left out
  Stop();
  std::free(raw);
  EXPECT_EQ(Blocks() - before, 1);
}

TEST(AllocCount, CountsNothingWhenOff) {
  const int64_t before = Blocks();
  std::unique_ptr<std::vector<int>> v(new std::vector<int>(100, 1));
  EXPECT_EQ(v->size(), 100u);
  EXPECT_EQ(Blocks(), before);
}

}  // namespace
}  // namespace impi::alloc_count
