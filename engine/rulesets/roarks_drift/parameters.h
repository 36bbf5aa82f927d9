// engine/rulesets/roarks_drift/parameters.h: the caller's overrides of
// Roark's Drift's designed charts (TableState.parameters).
//
// Overview: the text prints no Fire Chart, Melee Chart or Terrain Effects
// Chart and no victory row for 36-38 British dead (rules/README.md); the
// rule set's are designed, "not in the source text" (tables.h,
// terrain_chart.h), and each number of them may be given instead by a
// parameter of the table, read over the defaults:
//   roarks.fire_chart.<N>.<result>    N 1..6 (the N:1 column), result light,
//                                     serious or mortal: the lowest 2d6 total
//                                     of that result (2..13; 13 never)
//   roarks.melee_chart.<C>.<result>   C 1..9, the columns 1:4, 1:3, 1:2, 1:1,
//                                     2:1 .. 6:1 in order; as the Fire Chart
//   roarks.terrain.<ground>.move      MPs to enter (1..9), and
//   roarks.terrain.<ground>.fire_defense   FDF (1..20), of a ground: clear,
//                                     farm (the garden), road, kraal, hill
//                                     (the ledge), scrub (bush), donga (the
//                                     ditch)
//   roarks.terrain.room_fire_defense, .low_wall_defense,
//     .high_wall_defense, .redoubt_defense     FDFs (1..20)
//   roarks.terrain.opening_cost, .low_wall_cost, .high_wall_cost   MPs (1..9)
//   roarks.victory_gap                the level of 36-38 British dead, by its
//                                     place in 12.0's list (0 British
//                                     Smashing .. 10 Zulu Smashing; default
//                                     4, British Marginal)
// A chart column's three totals must not fall (light <= serious <= mortal)
// once every override is read. docs/conformance.md lists the names and their
// tests.
//
// Usage:
//   RoarksOptions options;
//   IMPI_RETURN_IF_ERROR(ReadParameters(state.parameters, &options));
//
// Thread safety: pure functions.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_PARAMETERS_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_PARAMETERS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

inline constexpr char kParameterPrefix[] = "roarks.";

// Sets the designed charts of *options (the defaults first) and then the
// parameters' values over them. INVALID_ARGUMENT naming
// "state.parameters[i].name" for a name these rules do not take or one
// given twice, "state.parameters[i].value" for a value out of its range or
// not a whole number, and "state.parameters" for a chart column whose
// totals fall; *options is then unchanged.
absl::Status ReadParameters(const std::vector<Parameter>& parameters, RoarksOptions* options);

// Every parameter name these rules take, in the order above.
std::vector<std::string> ParameterNames();

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_PARAMETERS_H_
