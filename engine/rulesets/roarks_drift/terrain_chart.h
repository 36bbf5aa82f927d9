// engine/rulesets/roarks_drift/terrain_chart.h: the Terrain Effects Chart of
// "The Battle of Roark's Drift" (004_18930928e35a3412.txt), designed.
//
// Overview: the text moves units "expending movement points (MPs) per the
// Terrain Effects Chart" (4.0.A) and divides fire "by the target hex's Fire
// Defense Factor" (6.1.1.B), but prints no chart (rules/README.md lists it
// among what the file leaves out). This chart is designed, "not in the
// source text", on the station board (board.h), and a caller may give its
// own (TerrainChart is a value; the built-in is DefaultTerrainChart()):
//   - entering a hex costs its ground's MPs (clear 1; the ledge, bush and the
//     ditch 2: slopes, scrub and a trench slow a man);
//   - crossing a hexside adds its wall's MPs (a four-foot wall 2, six feet or
//     more 3), or 1 through a door, window or opening; a building's wall, a
//     loophole and a room on fire cannot be crossed (10.2.D "No one can enter
//     a room or roof area on fire"; 11.0.B: a wall is opened by tunnelling
//     first);
//   - a hex's Fire Defense Factor: clear 2, so that the prone Zulu's 3 (4.0.F,
//     "instead of the FDF of their hex") is the cover it is meant to be;
//     garden 2, the ledge 3, bush 4, the ditch 5, a building's room 6; a
//     target behind a wall the line of fire crosses into its hex takes the
//     wall's FDF where that is higher (a four-foot wall 4, six feet or more
//     5, the redoubt 6).
// Fire's ratio then reads as the text's examples of scale suggest: ten
// rankers' volley (20 fire factors) at Zulus in the open is 10:1 (read on
// the chart's last column), one ranker's aimed shot at them 1:1; a Zulu
// rifle unit's 8 at a man behind the north wall 1:1.
//
// Usage:
//   const TerrainChart& t = DefaultTerrainChart();
//   int mp = t.EnterCost(board.map, from, to);      // -1: may not
//   int fdf = t.FireDefense(board, target, across);  // the hex and the wall
//
// Thread safety: values and pure functions.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TERRAIN_CHART_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TERRAIN_CHART_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>

#include "engine/rulesets/roarks_drift/board.h"

namespace impi::roarks {

struct GroundEffect {
  int move_cost = 1;     // MPs to enter
  int fire_defense = 2;  // FDF of a unit in the hex
};

// The ground kinds a chart lists, each with its effect: a table by kind,
// read in a few instructions (a listing of orders reads it for every step
// it tries).
class GroundTable {
 public:
  // The kind's entry, listed (with GroundEffect's defaults) if it was not.
  GroundEffect& operator[](TerrainKind k) {
    const size_t i = Index(k);
    listed_[i] = true;
    return effects_[i];
  }
  // The kind's entry, listed as `initial` if it was not.
  GroundEffect& Emplace(TerrainKind k, const GroundEffect& initial) {
    const size_t i = Index(k);
    if (!listed_[i]) effects_[i] = initial;
    listed_[i] = true;
    return effects_[i];
  }
  // The kind's effect; nullptr when it is not listed.
  const GroundEffect* Find(TerrainKind k) const {
    const size_t i = static_cast<size_t>(k);
    return i < kKinds && listed_[i] ? &effects_[i] : nullptr;
  }
  // fn(kind, effect) for each listed kind, in the kinds' order.
  template <typename Fn>
  void ForEach(Fn fn) const {
    for (size_t i = 0; i < kKinds; ++i) {
      if (listed_[i]) fn(static_cast<TerrainKind>(i), effects_[i]);
    }
  }

 private:
  // Room for every TerrainKind (battle_state.h) and more.
  static constexpr size_t kKinds = 32;
  static_assert(static_cast<size_t>(TerrainKind::kCamp) < kKinds);
  static size_t Index(TerrainKind k) { return std::min(static_cast<size_t>(k), kKinds - 1); }
  std::array<GroundEffect, kKinds> effects_{};
  std::array<bool, kKinds> listed_{};
};

struct TerrainChart {
  GroundTable ground;  // kinds not listed read as clear
  GroundEffect clear;
  int room_fire_defense = 6;                    // a building's room
  int opening_cost = 1;                         // a door, window or opening
  int low_wall_cost = 2, high_wall_cost = 3;    // four feet; six feet or more
  int low_wall_defense = 4, high_wall_defense = 5, redoubt_defense = 6;

  // The MPs to move from `from` into the adjacent `to`; -1 when the move is
  // not allowed (off the map, not adjacent, a building's wall or a
  // loophole). A room on fire is the caller's to refuse.
  int EnterCost(const Board& board, HexCoord from, HexCoord to) const;
  // EnterCost into the hex next to `from` across `d`.
  int EnterCostToward(const Board& board, HexCoord from, HexDirection d) const;
  // The MPs of a hex's ground alone (a building's room as clear): entering
  // it from off the map (9.2) crosses no hexside. -1 off the map.
  int GroundCost(const Board& board, HexCoord to) const;
  // The FDF of a unit in `target`, fired on across `crossing` (the last
  // hexside the line crosses into the target's hex; nullopt when none is
  // known): the hex's, or the wall's where higher.
  int FireDefense(const Board& board, HexCoord target, std::optional<HexSide> crossing) const;
};

const TerrainChart& DefaultTerrainChart();

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TERRAIN_CHART_H_
