// engine/rulesets/ferree/ground.h: the ground each unit of Ferree's
// Isandlwana stands on, and where there is room for one more.
//
// Overview: every unit on the table has a footprint, a disc of Radius(u)
// (ferree.h) at its position: a 2 3/4" movement tray is a disc of 1.4", a
// company 1.5", a gun, the rockets or a wagon 1", a single figure on its
// 1/2" base 0.25" (docs/ferree-engine.md, "Footprints"). Two footprints
// overlap when their centres are closer than the sum of their radii less
// kOverlapSlack. Ground keeps the footprints of a BattleState in the
// engine's spatial index (engine/core/spatial_index.h), index i standing for
// s.units[i], so that "who stands near here" need not scan every unit; Sync
// brings it up to date after units moved, came or went (one pass over the
// units, no allocation unless their number grew or the table changed). Sync
// checks every unit, so a Ground synced to one state may be synced to any
// other (FerreeBattle reuses one Ground a thread); its answers never depend
// on what it held before.
//
// Usage:
//   Ground ground;
//   ground.Sync(state);
//   std::vector<int> near;
//   ground.Near(p, 3.0, &near);  // units whose footprint comes within 3" of p
//
// Thread safety: a Ground belongs to one FerreeBattle; const methods may
// run concurrently.
#ifndef IMPI_ENGINE_RULESETS_FERREE_GROUND_H_
#define IMPI_ENGINE_RULESETS_FERREE_GROUND_H_

#include <optional>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/spatial_index.h"

namespace impi::ferree {

// Footprints closer than this (inches) beyond touching overlap.
inline constexpr double kOverlapSlack = 1e-6;
// Designed: a unit set on the table (a tray through its entry square) has
// no room within this far, edge to edge, of a unit of the other side.
inline constexpr double kStandOff = 1.0;

// A unit that stands on the table: not a REGIMENT (a group), on the table,
// with figures (a wagon always).
bool HasFootprint(const Unit& u);
// The footprints of a and b overlap.
bool Overlap(const Unit& a, const Unit& b);

class Ground {
 public:
  // Brings the index up to date with s.units (index i = s.units[i]).
  void Sync(const BattleState& s);
  // Brings unit i alone up to date (u is s.units[i]), for a caller that
  // knows only it changed since the last Sync. Nothing before a first Sync.
  void Touch(int i, const Unit& u);
  // Indices of units whose footprint comes within `reach` of p (edge to
  // point), ascending. Only valid right after Sync.
  void Near(const Vec2& p, double reach, std::vector<int>* out) const;
  // The same units in no particular order, for a question whose answer
  // does not depend on it (whether there is room).
  void NearAnyOrder(const Vec2& p, double reach, std::vector<int>* out) const;

 private:
  // Touch without the checks.
  void Refresh(int i, const Unit& u);

  std::optional<SpatialIndex> index_;
  // The table the index was built for.
  double width_ = 0.0;
  double height_ = 0.0;
  std::vector<IndexedDisc> discs_;
  std::vector<char> present_;
  // The kind of the unit each disc was made for: its radius (Radius) follows
  // from the kind alone.
  std::vector<UnitKind> kinds_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_GROUND_H_
