// engine/rulesets/ferree/ground.cc: footprints in the spatial index.
#include "engine/rulesets/ferree/ground.h"

#include <algorithm>
#include <cmath>

#include "engine/rulesets/ferree/ferree.h"

namespace impi::ferree {
namespace {

// Buckets of this size (inches): a little more than a move's reach.
constexpr double kCellSize = 8.0;

bool Finite(const Vec2& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }

IndexedDisc DiscOf(const Unit& u) {
  return IndexedDisc{Finite(u.position) ? u.position : Vec2::Zero(), Radius(u)};
}

}  // namespace

bool HasFootprint(const Unit& u) {
  return u.kind != UnitKind::kRegiment && Alive(u) && Finite(u.position);
}

bool Overlap(const Unit& a, const Unit& b) {
  return Distance(a.position, b.position) < Radius(a) + Radius(b) - kOverlapSlack;
}

void Ground::Sync(const BattleState& s) {
  const size_t n = s.units.size();
  if (!index_.has_value() || discs_.size() != n) {
    double w = std::max(1.0, s.table.width), h = std::max(1.0, s.table.height);
    index_.emplace(*SpatialIndex::Create({0, 0}, {w, h}, kCellSize));
    discs_.assign(n, IndexedDisc{});
    present_.assign(n, 1);
    for (size_t i = 0; i < n; ++i) discs_[i] = DiscOf(s.units[i]);
    // Positions are finite on a validated table; SetDiscs cannot fail then.
    (void)index_->SetDiscs(discs_);
    for (size_t i = 0; i < n; ++i) {
      if (!HasFootprint(s.units[i])) {
        present_[i] = 0;
        (void)index_->RemoveDisc(static_cast<int>(i));
      }
    }
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    const Unit& u = s.units[i];
    const bool here = HasFootprint(u);
    const int k = static_cast<int>(i);
    if (!here) {
      if (present_[i]) {
        present_[i] = 0;
        (void)index_->RemoveDisc(k);
      }
      continue;
    }
    const IndexedDisc d = DiscOf(u);
    if (present_[i] && d.center == discs_[i].center && d.radius == discs_[i].radius) continue;
    discs_[i] = d;
    present_[i] = 1;
    (void)index_->UpdateDisc(k, d);
  }
}

void Ground::Near(const Vec2& p, double reach, std::vector<int>* out) const {
  out->clear();
  if (index_.has_value()) index_->DiscsWithin(p, reach, out);
}

}  // namespace impi::ferree
