// engine/rulesets/ferree/ground.cc: footprints in the spatial index.
#include "engine/rulesets/ferree/ground.h"

#include <algorithm>
#include <cmath>

#include "engine/rulesets/ferree/ferree.h"

namespace impi::ferree {
namespace {

// Buckets of this size (inches): a little more than a move's reach.
constexpr double kCellSize = 8.0;
// At most this many buckets: a table far larger than any played on (its
// size is not bounded by the contract) gets coarser buckets instead of an
// index the size of the table. The answers do not depend on the buckets.
constexpr double kMaxBuckets = 65536.0;

// kCellSize, or the smallest doubling of it that keeps a w x h table within
// kMaxBuckets buckets.
double CellSizeFor(double w, double h) {
  double cell = kCellSize;
  while (std::ceil(w / cell) * std::ceil(h / cell) > kMaxBuckets) cell *= 2.0;
  return cell;
}

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
  kinds_[i] = u.kind;
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
  // (A validated table is finite; anything else is indexed as a small one.)
  const double w = std::isfinite(s.table.width) ? std::max(1.0, s.table.width) : 1.0;
  const double h = std::isfinite(s.table.height) ? std::max(1.0, s.table.height) : 1.0;
  if (index_.has_value() && discs_.size() > n && w == width_ && h == height_) {
    // Fewer units than last time (a runner gone, or the state a search
    // starts again from): the slots past them are dropped, the rest checked
    // below like any other, instead of the index built again.
    (void)index_->TruncateDiscs(static_cast<int>(n));
    discs_.resize(n);
    present_.resize(n);
    kinds_.resize(n);
  }
  if (!index_.has_value() || discs_.size() > n || w != width_ || h != height_) {
    // Finite sizes of at least 1 (validated tables) within kMaxBuckets: Create
    // cannot fail then. The same table keeps its index (SetDiscs below refills
    // it, its buckets keeping their storage).
    if (!index_.has_value() || w != width_ || h != height_) {
      index_.emplace(*SpatialIndex::Create({0, 0}, {w, h}, CellSizeFor(w, h)));
    }
    width_ = w;
    height_ = h;
    discs_.assign(n, IndexedDisc{});
    present_.assign(n, 1);
    kinds_.assign(n, UnitKind::kUnspecified);
    for (size_t i = 0; i < n; ++i) {
      discs_[i] = DiscOf(s.units[i]);
      kinds_[i] = s.units[i].kind;
    }
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
  // Units added since (a runner sent): slots of their own at the end (the
  // slots before them are checked below like any other).
  const Unit* units = s.units.data();
  const size_t kept = discs_.size();
  for (size_t i = kept; i < n; ++i) {
    discs_.push_back(DiscOf(units[i]));
    kinds_.push_back(units[i].kind);
    present_.push_back(1);
    // A finite position on a validated table: AddDisc cannot fail then.
    (void)index_->AddDisc(discs_[i]);
    if (!Footprinted(units[i])) {
      present_[i] = 0;
      (void)index_->RemoveDisc(static_cast<int>(i));
    }
  }
  // Most units have not moved since the last Sync: the test that says so
  // reads the unit once and compares its kind (the radius follows from it)
  // and position with what the slot holds; Refresh is for the others.
  // A unit with a disc that stands where its disc is (so at a finite
  // position) and is of the same kind (not a REGIMENT, which has none)
  // keeps its disc exactly when it is still alive.
  for (size_t i = 0; i < kept; ++i) {
    const Unit& u = units[i];
    if (present_[i] != 0) {
      const IndexedDisc& d = discs_[i];
      if (u.position.x() == d.center.x() && u.position.y() == d.center.y() &&
          u.kind == kinds_[i] && Alive(u)) {
        continue;
      }
      Refresh(static_cast<int>(i), u);
    } else if (Footprinted(u)) {
      Refresh(static_cast<int>(i), u);
    }
  }
}

void Ground::Near(const Vec2& p, double reach, std::vector<int>* out) const {
  out->clear();
  if (index_.has_value()) index_->DiscsWithin(p, reach, out);
}

void Ground::NearAnyOrder(const Vec2& p, double reach, std::vector<int>* out) const {
  out->clear();
  if (index_.has_value()) index_->DiscsWithinAnyOrder(p, reach, out);
}

}  // namespace impi::ferree
