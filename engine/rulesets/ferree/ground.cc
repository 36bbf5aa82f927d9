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

inline bool Footprinted(const Unit& u) {
  return u.kind != UnitKind::kRegiment && Alive(u) && Finite(u.position);
}

}  // namespace

bool HasFootprint(const Unit& u) { return Footprinted(u); }

bool Overlap(const Unit& a, const Unit& b) {
  return Distance(a.position, b.position) < Radius(a) + Radius(b) - kOverlapSlack;
}

void Ground::Refresh(int i, const Unit& u) {
  if (!Footprinted(u)) {
    if (present_[i]) {
      present_[i] = 0;
      (void)index_->RemoveDisc(i);
    }
    return;
  }
  const double r = Radius(u);
  IndexedDisc& d = discs_[i];
  if (present_[i] && u.position.x() == d.center.x() && u.position.y() == d.center.y() &&
      r == d.radius) {
    return;
  }
  d = IndexedDisc{u.position, r};
  present_[i] = 1;
  (void)index_->UpdateDisc(i, d);
}

void Ground::Touch(int i, const Unit& u) {
  if (!index_.has_value() || i < 0 || static_cast<size_t>(i) >= discs_.size()) return;
  Refresh(i, u);
}

void Ground::Sync(const BattleState& s) {
  const size_t n = s.units.size();
  const double w = std::max(1.0, s.table.width), h = std::max(1.0, s.table.height);
  if (!index_.has_value() || discs_.size() != n || w != width_ || h != height_) {
    width_ = w;
    height_ = h;
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
  // Most units have not moved since the last Sync: the test that says so
  // is inline, Refresh is for the others.
  for (size_t i = 0; i < n; ++i) {
    const Unit& u = s.units[i];
    const IndexedDisc& d = discs_[i];
    if (present_[i] != 0 && u.position.x() == d.center.x() && u.position.y() == d.center.y() &&
        Footprinted(u) && Radius(u) == d.radius) {
      continue;
    }
    if (present_[i] == 0 && !Footprinted(u)) continue;
    Refresh(static_cast<int>(i), u);
  }
}

void Ground::Near(const Vec2& p, double reach, std::vector<int>* out) const {
  out->clear();
  if (index_.has_value()) index_->DiscsWithin(p, reach, out);
}

}  // namespace impi::ferree
