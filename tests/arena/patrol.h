// tests/arena/patrol.h: the arena tests' run: the Zulu Control patrol with
// the umpire's procedure against a random British side: fast, and the games
// end in every way.
#ifndef IMPI_TESTS_ARENA_PATROL_H_
#define IMPI_TESTS_ARENA_PATROL_H_

#include <cstdint>

#include "ai/arena/arena.h"
#include "service/scenarios.h"

namespace impi::arena {

inline ArenaOptions Patrol(int games, uint64_t seed = 100) {
  ArenaOptions o;
  o.ruleset = "tsatf";
  o.scenario = "patrol";
  o.load_start = service::ScenarioStart;
  o.zulu = "rules";
  o.british = "random";
  o.games = games;
  o.seed = seed;
  return o;
}

}  // namespace impi::arena

#endif  // IMPI_TESTS_ARENA_PATROL_H_
