// engine/rulesets/roarks_drift/terrain_chart.cc: the designed Terrain
// Effects Chart. See terrain_chart.h.
#include "engine/rulesets/roarks_drift/terrain_chart.h"

#include <algorithm>

namespace impi::roarks {
namespace {

const GroundEffect& GroundOf(const TerrainChart& t, const HexCell& cell) {
  const GroundEffect* g = t.ground.Find(cell.terrain);
  return g != nullptr ? *g : t.clear;
}

// GroundCost of a cell on the map.
int GroundCostOf(const TerrainChart& t, const HexCell& cell) {
  return cell.building != 0 ? t.clear.move_cost : GroundOf(t, cell).move_cost;
}

}  // namespace

int TerrainChart::EnterCost(const Board& board, HexCoord from, HexCoord to) const {
  const std::optional<HexDirection> d = DirectionTo(from, to);
  return d ? EnterCostToward(board, from, *d) : -1;
}

int TerrainChart::EnterCostToward(const Board& board, HexCoord from, HexDirection d) const {
  const HexCoord to = Neighbor(from, d);
  const HexCell* into = board.map.Cell(to);
  if (into == nullptr || board.map.Cell(from) == nullptr) return -1;
  const HexSide side = SideOf(from, d);
  const int ground_cost = GroundCostOf(*this, *into);
  switch (board.map.Feature(side)) {
    case SideFeature::kNone: return ground_cost;
    case SideFeature::kOpening: return ground_cost + opening_cost;
    case SideFeature::kLoophole: return -1;
    case SideFeature::kWall: break;
  }
  const WallRun* w = board.WallOn(side);
  if (w == nullptr || w->kind == WallKind::kBuildingWall || w->kind == WallKind::kInteriorWall) return -1;
  return ground_cost + (WallHeightFeet(w->kind) >= 6 ? high_wall_cost : low_wall_cost);
}

int TerrainChart::GroundCost(const Board& board, HexCoord to) const {
  const HexCell* into = board.map.Cell(to);
  if (into == nullptr) return -1;
  return GroundCostOf(*this, *into);
}

int TerrainChart::FireDefense(const Board& board, HexCoord target, std::optional<HexSide> crossing) const {
  const HexCell* cell = board.map.Cell(target);
  if (cell == nullptr) return clear.fire_defense;
  int fdf = cell->building != 0 ? room_fire_defense : GroundOf(*this, *cell).fire_defense;
  if (crossing) {
    if (const WallRun* w = board.WallOn(*crossing)) {
      int wall = 0;
      if (w->kind == WallKind::kRedoubt) {
        wall = redoubt_defense;
      } else if (w->kind != WallKind::kBuildingWall && w->kind != WallKind::kInteriorWall) {
        wall = WallHeightFeet(w->kind) >= 6 ? high_wall_defense : low_wall_defense;
      }
      fdf = std::max(fdf, wall);
    }
  }
  return fdf;
}

const TerrainChart& DefaultTerrainChart() {
  static const TerrainChart* const chart = [] {
    auto* t = new TerrainChart();
    t->ground[TerrainKind::kFarm] = {1, 2};
    t->ground[TerrainKind::kRoad] = {1, 2};
    t->ground[TerrainKind::kKraal] = {1, 2};
    t->ground[TerrainKind::kHill] = {2, 3};
    t->ground[TerrainKind::kScrub] = {2, 4};
    t->ground[TerrainKind::kDonga] = {2, 5};
    return t;
  }();
  return *chart;
}

}  // namespace impi::roarks
