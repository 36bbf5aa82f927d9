// engine/core/spatial_index.cc: the bucket grid and its exact queries.
//
// Why the answers are exact: a query's exact test is the brute-force test,
// so the index only has to offer every item that could pass it. A disc that
// passes lies within r + radius (within R) or radius (segment) of the query,
// and the query visits every bucket within that reach plus kMargin. An
// obstacle that a segment touches has a point within 1e-9 of it (geometry.h's
// contact tolerance); that point lies in a bucket the obstacle is filed in
// (its bounding box, or its edges' sweep, widened by kMargin) and in a bucket
// the segment's sweep (widened by kMargin) visits. A polygon also counts as
// hit when the segment starts inside it: the start lies in its bounding box.
#include "engine/core/spatial_index.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace impi {
namespace {

bool Finite(const Vec2& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }

absl::Status Invalid(const std::string& field, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat("spatial_index.", field, ": ", what));
}

absl::Status CheckObstacle(const Obstacle& o, int index) {
  const std::string field = absl::StrCat("obstacles[", index, "]");
  if (o.shape == Obstacle::Shape::kDisc) {
    if (!Finite(o.center)) return Invalid(field + ".center", "not finite");
    if (!std::isfinite(o.radius)) return Invalid(field + ".radius", "not finite");
    return absl::OkStatus();
  }
  for (size_t j = 0; j < o.vertices.size(); ++j) {
    if (!Finite(o.vertices[j])) {
      return Invalid(absl::StrCat(field, ".vertices[", j, "]"), "not finite");
    }
  }
  return absl::OkStatus();
}

void SortUnique(std::vector<int>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

void EraseValue(std::vector<int>* bucket, int value) {
  auto it = std::find(bucket->begin(), bucket->end(), value);
  if (it == bucket->end()) return;
  *it = bucket->back();
  bucket->pop_back();
}

}  // namespace

absl::StatusOr<SpatialIndex> SpatialIndex::Create(const Vec2& min, const Vec2& max,
                                                  double cell_size) {
  if (!Finite(min)) return Invalid("min", "not finite");
  if (!Finite(max)) return Invalid("max", "not finite");
  if (max.x() < min.x() || max.y() < min.y()) return Invalid("max", "below or left of min");
  if (!std::isfinite(cell_size) || !(cell_size > 0.0)) {
    return Invalid("cell_size", absl::StrCat(cell_size, " is not a positive number"));
  }
  const double cols = std::max(1.0, std::ceil((max.x() - min.x()) / cell_size));
  const double rows = std::max(1.0, std::ceil((max.y() - min.y()) / cell_size));
  if (cols * rows > kMaxCells) {
    return Invalid("cell_size", absl::StrCat(cell_size, " gives ", cols, " x ", rows,
                                             " buckets (at most ", kMaxCells, ")"));
  }
  SpatialIndex index;
  index.min_ = min;
  index.cell_size_ = cell_size;
  index.columns_ = static_cast<int>(cols);
  index.rows_ = static_cast<int>(rows);
  index.disc_buckets_.resize(static_cast<size_t>(index.columns_) * index.rows_);
  index.obstacle_buckets_.resize(index.disc_buckets_.size());
  return index;
}

int SpatialIndex::Column(double x) const {
  const double f = std::floor((x - min_.x()) / cell_size_);
  if (!(f >= 0.0)) return 0;  // also NaN
  if (f >= columns_ - 1) return columns_ - 1;
  return static_cast<int>(f);
}

int SpatialIndex::Row(double y) const {
  const double f = std::floor((y - min_.y()) / cell_size_);
  if (!(f >= 0.0)) return 0;
  if (f >= rows_ - 1) return rows_ - 1;
  return static_cast<int>(f);
}

template <typename Fn>
void SpatialIndex::ForEachCellNear(const Vec2& a, const Vec2& b, double widen, Fn fn) const {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const int c0 = Column(std::min(a.x(), b.x()) - widen);
  const int c1 = Column(std::max(a.x(), b.x()) + widen);
  const double dx = b.x() - a.x();
  const double dy = b.y() - a.y();
  for (int c = c0; c <= c1; ++c) {
    // The column's x-range, widened; the edge columns reach to infinity.
    const double u0 = c == 0 ? -kInf : min_.x() + c * cell_size_ - widen;
    const double u1 = c == columns_ - 1 ? kInf : min_.x() + (c + 1) * cell_size_ + widen;
    double t0 = 0.0, t1 = 1.0;
    if (dx != 0.0) {
      const double ta = (u0 - a.x()) / dx;
      const double tb = (u1 - a.x()) / dx;
      t0 = std::max(0.0, std::min(ta, tb));
      t1 = std::min(1.0, std::max(ta, tb));
    }
    const double ya = a.y() + t0 * dy;
    const double yb = a.y() + t1 * dy;
    const int r0 = Row(std::min(ya, yb) - widen);
    const int r1 = Row(std::max(ya, yb) + widen);
    for (int r = r0; r <= r1; ++r) fn(r * columns_ + c);
  }
}

std::vector<int> SpatialIndex::CellsOf(const Obstacle& o) const {
  std::vector<int> cells;
  auto add_box = [&](double x0, double y0, double x1, double y1) {
    if (x1 < x0 || y1 < y0) return;
    for (int r = Row(y0 - kMargin); r <= Row(y1 + kMargin); ++r) {
      for (int c = Column(x0 - kMargin); c <= Column(x1 + kMargin); ++c) {
        cells.push_back(r * columns_ + c);
      }
    }
  };
  switch (o.shape) {
    case Obstacle::Shape::kDisc:
      add_box(o.center.x() - o.radius, o.center.y() - o.radius, o.center.x() + o.radius,
              o.center.y() + o.radius);
      break;
    case Obstacle::Shape::kPolygon: {
      if (o.vertices.empty()) break;
      double x0 = o.vertices[0].x(), x1 = x0, y0 = o.vertices[0].y(), y1 = y0;
      for (const Vec2& v : o.vertices) {
        x0 = std::min(x0, v.x());
        x1 = std::max(x1, v.x());
        y0 = std::min(y0, v.y());
        y1 = std::max(y1, v.y());
      }
      add_box(x0, y0, x1, y1);
      break;
    }
    case Obstacle::Shape::kPolyline: {
      const size_t n = o.vertices.size();
      if (n == 1) ForEachCellNear(o.vertices[0], o.vertices[0], kMargin,
                                  [&](int cell) { cells.push_back(cell); });
      for (size_t i = 0; i + 1 < n; ++i) {
        ForEachCellNear(o.vertices[i], o.vertices[i + 1], kMargin,
                        [&](int cell) { cells.push_back(cell); });
      }
      break;
    }
  }
  SortUnique(&cells);
  return cells;
}

// --- Discs ---------------------------------------------------------------------

absl::Status SpatialIndex::CheckDisc(const IndexedDisc& disc, int index) const {
  // The field path is built only for an error: this runs for every disc.
  if (!Finite(disc.center)) {
    return Invalid(absl::StrCat("discs[", index, "].center"), "not finite");
  }
  if (!std::isfinite(disc.radius) || disc.radius < 0.0) {
    return Invalid(absl::StrCat("discs[", index, "].radius"),
                   absl::StrCat(disc.radius, " is not a radius"));
  }
  return absl::OkStatus();
}

void SpatialIndex::FileDisc(int index) {
  const int cell = CellOf(discs_[index].center);
  std::vector<Slot>& bucket = disc_buckets_[cell];
  disc_cell_[index] = cell;
  disc_slot_[index] = static_cast<int>(bucket.size());
  bucket.push_back(Slot{discs_[index], index});
  max_radius_ = std::max(max_radius_, discs_[index].radius);
}

void SpatialIndex::UnfileDisc(int index) {
  const int cell = disc_cell_[index];
  if (cell < 0) return;
  std::vector<Slot>& bucket = disc_buckets_[cell];
  const int slot = disc_slot_[index];
  if (static_cast<size_t>(slot) + 1 != bucket.size()) {
    bucket[slot] = bucket.back();
    disc_slot_[bucket[slot].index] = slot;
  }
  bucket.pop_back();
  disc_cell_[index] = -1;
  disc_slot_[index] = -1;
}

absl::Status SpatialIndex::SetDiscs(std::vector<IndexedDisc> discs) {
  for (size_t i = 0; i < discs.size(); ++i) {
    if (absl::Status s = CheckDisc(discs[i], static_cast<int>(i)); !s.ok()) return s;
  }
  for (std::vector<Slot>& bucket : disc_buckets_) bucket.clear();
  discs_ = std::move(discs);
  disc_cell_.assign(discs_.size(), -1);
  disc_slot_.assign(discs_.size(), -1);
  max_radius_ = 0.0;
  for (int i = 0; i < disc_count(); ++i) FileDisc(i);
  return absl::OkStatus();
}

absl::StatusOr<int> SpatialIndex::AddDisc(const IndexedDisc& disc) {
  if (absl::Status s = CheckDisc(disc, disc_count()); !s.ok()) return s;
  discs_.push_back(disc);
  disc_cell_.push_back(-1);
  disc_slot_.push_back(-1);
  FileDisc(disc_count() - 1);
  return disc_count() - 1;
}

absl::Status SpatialIndex::MoveDisc(int index, const Vec2& center) {
  if (index < 0 || index >= disc_count()) {
    return Invalid(absl::StrCat("discs[", index, "]"), "no such disc");
  }
  return UpdateDisc(index, {center, discs_[index].radius});
}

absl::Status SpatialIndex::UpdateDisc(int index, const IndexedDisc& disc) {
  if (index < 0 || index >= disc_count()) {
    return Invalid(absl::StrCat("discs[", index, "]"), "no such disc");
  }
  if (absl::Status s = CheckDisc(disc, index); !s.ok()) return s;
  const int cell = disc_cell_[index];
  discs_[index] = disc;
  if (cell >= 0 && CellOf(disc.center) == cell) {
    // Still in its bucket: rewritten where it is.
    disc_buckets_[cell][disc_slot_[index]].disc = disc;
    max_radius_ = std::max(max_radius_, disc.radius);
    return absl::OkStatus();
  }
  UnfileDisc(index);
  FileDisc(index);
  return absl::OkStatus();
}

absl::Status SpatialIndex::RemoveDisc(int index) {
  if (index < 0 || index >= disc_count()) {
    return Invalid(absl::StrCat("discs[", index, "]"), "no such disc");
  }
  UnfileDisc(index);
  return absl::OkStatus();
}

absl::Status SpatialIndex::TruncateDiscs(int count) {
  if (count < 0 || count > disc_count()) {
    return Invalid("count", absl::StrCat(count, " is not 0 to the ", disc_count(), " discs"));
  }
  for (int i = count; i < disc_count(); ++i) UnfileDisc(i);
  discs_.resize(static_cast<size_t>(count));
  disc_cell_.resize(static_cast<size_t>(count));
  disc_slot_.resize(static_cast<size_t>(count));
  return absl::OkStatus();
}

// --- Obstacles -------------------------------------------------------------------

void SpatialIndex::FileObstacle(int index) {
  obstacle_cells_[index] = CellsOf(obstacles_[index]);
  for (const int cell : obstacle_cells_[index]) obstacle_buckets_[cell].push_back(index);
}

void SpatialIndex::UnfileObstacle(int index) {
  for (const int cell : obstacle_cells_[index]) EraseValue(&obstacle_buckets_[cell], index);
  obstacle_cells_[index].clear();
}

absl::Status SpatialIndex::SetObstacles(std::vector<Obstacle> obstacles) {
  for (size_t i = 0; i < obstacles.size(); ++i) {
    if (absl::Status s = CheckObstacle(obstacles[i], static_cast<int>(i)); !s.ok()) return s;
  }
  for (std::vector<int>& bucket : obstacle_buckets_) bucket.clear();
  obstacles_ = std::move(obstacles);
  obstacle_cells_.assign(obstacles_.size(), {});
  for (int i = 0; i < obstacle_count(); ++i) FileObstacle(i);
  return absl::OkStatus();
}

absl::Status SpatialIndex::UpdateObstacle(int index, Obstacle obstacle) {
  if (index < 0 || index >= obstacle_count()) {
    return Invalid(absl::StrCat("obstacles[", index, "]"), "no such obstacle");
  }
  if (absl::Status s = CheckObstacle(obstacle, index); !s.ok()) return s;
  UnfileObstacle(index);
  obstacles_[index] = std::move(obstacle);
  FileObstacle(index);
  return absl::OkStatus();
}

// --- Queries -----------------------------------------------------------------------

void SpatialIndex::DiscsWithin(const Vec2& p, double r, std::vector<int>* out) const {
  DiscsWithinAnyOrder(p, r, out);
  std::sort(out->begin(), out->end());
}

void SpatialIndex::DiscsWithinAnyOrder(const Vec2& p, double r, std::vector<int>* out) const {
  out->clear();
  if (!Finite(p)) return;
  const double reach = r + max_radius_ + kMargin;
  const int c0 = Column(p.x() - reach), c1 = Column(p.x() + reach);
  const int r0 = Row(p.y() - reach), r1 = Row(p.y() + reach);
  // Room for every disc of the buckets, each written and the count moved on
  // only past the ones within reach: no branch to guess disc by disc.
  size_t most = 0;
  for (int row = r0; row <= r1; ++row) {
    for (int c = c0; c <= c1; ++c) most += disc_buckets_[row * columns_ + c].size();
  }
  if (most == 0) return;
  out->resize(most);
  int* const first = out->data();
  int* w = first;
  for (int row = r0; row <= r1; ++row) {
    for (int c = c0; c <= c1; ++c) {
      for (const Slot& s : disc_buckets_[row * columns_ + c]) {
        *w = s.index;
        w += Distance(p, s.disc.center) <= r + s.disc.radius ? 1 : 0;
      }
    }
  }
  out->resize(static_cast<size_t>(w - first));
}

std::vector<int> SpatialIndex::DiscsWithin(const Vec2& p, double r) const {
  std::vector<int> out;
  DiscsWithin(p, r, &out);
  return out;
}

std::vector<int> SpatialIndex::DiscsHit(const Vec2& a, const Vec2& b) const {
  std::vector<int> out;
  if (!Finite(a) || !Finite(b)) return out;
  ForEachCellNear(a, b, max_radius_ + kMargin, [&](int cell) {
    for (const Slot& s : disc_buckets_[cell]) {
      if (SegmentHits(a, b, Obstacle::Disc(s.disc.center, s.disc.radius))) out.push_back(s.index);
    }
  });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> SpatialIndex::ObstacleCandidates(const Vec2& a, const Vec2& b) const {
  std::vector<int> out;
  if (!Finite(a) || !Finite(b)) return out;
  ForEachCellNear(a, b, kMargin, [&](int cell) {
    const std::vector<int>& bucket = obstacle_buckets_[cell];
    out.insert(out.end(), bucket.begin(), bucket.end());
  });
  SortUnique(&out);
  return out;
}

std::vector<int> SpatialIndex::ObstaclesHit(const Vec2& a, const Vec2& b) const {
  std::vector<int> out = ObstacleCandidates(a, b);
  out.erase(std::remove_if(out.begin(), out.end(),
                           [&](int i) { return !SegmentHits(a, b, obstacles_[i]); }),
            out.end());
  return out;
}

bool SpatialIndex::LineOfSight(const Vec2& a, const Vec2& b) const {
  if (!Finite(a) || !Finite(b)) return false;
  for (const int i : ObstacleCandidates(a, b)) {
    if (SegmentHits(a, b, obstacles_[i])) return false;
  }
  return true;
}

}  // namespace impi
