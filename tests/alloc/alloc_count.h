// tests/alloc: what a warm step of a rule set allocates.
//
// The binary alloc_tests alone replaces the global operator new and delete
// (handing every block to malloc) and is linked with malloc, calloc,
// realloc and posix_memalign wrapped (tests/CMakeLists.txt: --wrap), so
// every block the program asks for, by operator new or by malloc itself,
// passes through one counter (alloc_count_test.cc), which counts while
// counting is on and hands the call to the allocator the binary links
// (jemalloc, or the C library's).
//
// A step is Game's: the action applied and the umpire's procedure run to
// the next decision, with a quiet log, as a search and the arena play it.
// CountWarmSteps plays games of a scenario once to warm them (a rule set
// keeps its working in buffers each thread keeps, grown to the table's
// size), then again, counted, RULES on both sides: through Game::Apply (as
// an outside caller's action goes) or Game::ApplyLegal (as a search applies
// one of the actions it listed).
//
// A step begun before the battle (the clock in Phase::kPreBattle: the
// deployments, the plan, the camp set up) happens once a game, never in a
// search of the battle: its blocks are counted apart (`setup`), not as warm.
#ifndef IMPI_TESTS_ALLOC_ALLOC_COUNT_H_
#define IMPI_TESTS_ALLOC_ALLOC_COUNT_H_

#include <cstdint>
#include <string_view>

#include "engine/core/battle_state.h"

namespace impi::alloc_count {

// Counting on and off; the blocks counted since the program began.
void Start();
void Stop();
int64_t Blocks();

struct WarmSteps {
  int steps = 0;      // warm steps counted
  int64_t cold = 0;   // blocks in the warming games' steps
  int64_t warm = 0;   // blocks in the counted games' battle steps
  int setup_steps = 0;   // the counted games' steps begun before the battle
  int64_t setup = 0;     // their blocks
  double PerStep() const { return steps > 0 ? static_cast<double>(warm) / steps : 0.0; }
};

// Games 1..`games` of `start` (of rule set `ruleset`), each to its end or
// `max_steps`, played once to warm and once counted, each step through
// Game::Apply or, with `legal_path`, Game::ApplyLegal. Test failures (a
// step refused, a game not over) are reported where they happen.
WarmSteps CountWarmSteps(std::string_view ruleset, const BattleState& start, int games,
                         bool legal_path, int max_steps);

}  // namespace impi::alloc_count

#endif  // IMPI_TESTS_ALLOC_ALLOC_COUNT_H_
