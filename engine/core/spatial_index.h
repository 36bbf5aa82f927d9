// engine/core/spatial_index.h: a uniform grid over the open table, so that
// "what is within R of here" and "can A see B" need not scan everything.
//
// Overview: the table (in inches) is cut into square buckets of a size the
// caller chooses (about the typical query radius is a good start). Two kinds
// of item are indexed, each numbered by the caller's own index (0..n-1):
//   - discs: units, a centre and a footprint radius; each sits in the bucket
//     of its centre and can be moved, resized or removed one at a time;
//   - obstacles: geometry.h Obstacles (terrain polygons, walls and hedges as
//     polylines, discs); each sits in every bucket its bounding box covers
//     (a polyline: every bucket each of its edges passes), widened by a small
//     margin; each can be replaced one at a time.
// Buckets outside the table are folded onto its edge, so items and queries
// off the table are still answered exactly. A query collects candidates from
// the buckets it touches and then applies the same exact test brute force
// would (geometry.h's Distance and SegmentHits), so every answer is exactly
// the brute-force answer; results come in ascending item index.
//
//   DiscsWithin(p, r): discs with Distance(p, centre) <= r + radius.
//   DiscsHit(a, b):    discs the segment a-b touches (SegmentHits on
//                      Obstacle::Disc(centre, radius)).
//   ObstacleCandidates(a, b): obstacles in the buckets a-b passes (a
//                      superset of those it hits).
//   ObstaclesHit(a, b): obstacles with SegmentHits(a, b, obstacle).
//   LineOfSight(a, b): no obstacle hit; equals geometry.h's
//                      LineOfSight(a, b, obstacles).
// Coordinates must be finite: adding or moving an item to a non-finite place
// is an error, and a query with a non-finite point finds nothing (and
// LineOfSight answers false).
//
// Usage:
//   IMPI_ASSIGN_OR_RETURN(SpatialIndex index,
//                         SpatialIndex::Create({0, 0}, {72, 48}, /*cell_size=*/6.0));
//   IMPI_RETURN_IF_ERROR(index.SetDiscs(unit_discs));   // unit i -> disc i
//   std::vector<int> near = index.DiscsWithin(unit_discs[3].center, 12.0);
//
// Thread safety: const methods may run concurrently; anything that changes
// the index needs exclusive access. Copies are independent.
#ifndef IMPI_ENGINE_CORE_SPATIAL_INDEX_H_
#define IMPI_ENGINE_CORE_SPATIAL_INDEX_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/core/geometry.h"

namespace impi {

struct IndexedDisc {
  Vec2 center = Vec2::Zero();
  double radius = 0.0;  // >= 0
};

class SpatialIndex {
 public:
  // At most this many buckets.
  static constexpr int kMaxCells = 1 << 22;
  // Obstacles are widened by this many inches when bucketed, and queries by
  // the same, so that touching (geometry.h counts contact within 1e-9) is
  // never lost to rounding.
  static constexpr double kMargin = 1e-6;

  // A grid over [min, max] (the table) in buckets of `cell_size` inches.
  // InvalidArgument for non-finite bounds, max < min, a non-positive cell
  // size, or more than kMaxCells buckets.
  static absl::StatusOr<SpatialIndex> Create(const Vec2& min, const Vec2& max, double cell_size);

  // --- Discs (units) ---
  // Replaces every disc (disc i keeps index i). Errors name the disc:
  // "spatial_index.discs[4].center: not finite".
  absl::Status SetDiscs(std::vector<IndexedDisc> discs);
  // Appends a disc and returns its index.
  absl::StatusOr<int> AddDisc(const IndexedDisc& disc);
  // Moves one disc (a removed disc comes back).
  absl::Status MoveDisc(int index, const Vec2& center);
  // Changes one disc's centre and radius.
  absl::Status UpdateDisc(int index, const IndexedDisc& disc);
  // Takes a disc out of all answers; its index stays reserved.
  absl::Status RemoveDisc(int index);
  // Drops the discs from `count` on (their indices are free again: the next
  // AddDisc returns `count`). InvalidArgument for a count outside
  // [0, disc_count()].
  absl::Status TruncateDiscs(int count);
  int disc_count() const { return static_cast<int>(discs_.size()); }
  const IndexedDisc& disc(int index) const { return discs_[index]; }
  bool disc_present(int index) const { return disc_cell_[index] >= 0; }

  // --- Obstacles (terrain) ---
  // Replaces every obstacle (obstacle i keeps index i).
  absl::Status SetObstacles(std::vector<Obstacle> obstacles);
  // Replaces one obstacle (e.g. a moved wagon, a wall knocked down).
  absl::Status UpdateObstacle(int index, Obstacle obstacle);
  int obstacle_count() const { return static_cast<int>(obstacles_.size()); }
  const Obstacle& obstacle(int index) const { return obstacles_[index]; }
  const std::vector<Obstacle>& obstacles() const { return obstacles_; }

  // --- Queries (ascending indices) ---
  std::vector<int> DiscsWithin(const Vec2& p, double r) const;
  // As above into *out (cleared first), to reuse its storage.
  void DiscsWithin(const Vec2& p, double r, std::vector<int>* out) const;
  // The same discs in no particular order (the order of the cells and
  // their buckets), for a caller whose answer does not depend on it.
  void DiscsWithinAnyOrder(const Vec2& p, double r, std::vector<int>* out) const;
  std::vector<int> DiscsHit(const Vec2& a, const Vec2& b) const;
  std::vector<int> ObstacleCandidates(const Vec2& a, const Vec2& b) const;
  std::vector<int> ObstaclesHit(const Vec2& a, const Vec2& b) const;
  bool LineOfSight(const Vec2& a, const Vec2& b) const;

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  double cell_size() const { return cell_size_; }

 private:
  SpatialIndex() = default;

  int Column(double x) const;
  int Row(double y) const;
  int CellOf(const Vec2& p) const { return Row(p.y()) * columns_ + Column(p.x()); }
  // Calls fn(cell) for every bucket holding a point within `widen` of the
  // segment a-b (a conservative sweep, column by column).
  template <typename Fn>
  void ForEachCellNear(const Vec2& a, const Vec2& b, double widen, Fn fn) const;
  // The buckets an obstacle is filed in, ascending.
  std::vector<int> CellsOf(const Obstacle& o) const;
  void FileObstacle(int index);
  void UnfileObstacle(int index);
  void FileDisc(int index);
  void UnfileDisc(int index);
  absl::Status CheckDisc(const IndexedDisc& disc, int index) const;

  Vec2 min_ = Vec2::Zero();
  double cell_size_ = 1.0;
  int columns_ = 1;
  int rows_ = 1;
  // Discs by bucket, each bucket one array of its discs' circles and
  // indices, so that a query reads the discs of a bucket one after another
  // (no list to follow from one to the next). A disc moved within its bucket
  // is rewritten in place; one moved to another leaves its slot to the
  // bucket's last disc. Filing and moving allocate only when a bucket
  // outgrows every size it had before.
  struct Slot {
    IndexedDisc disc;
    int index = -1;
  };
  std::vector<std::vector<Slot>> disc_buckets_;
  std::vector<IndexedDisc> discs_;
  // Each disc's bucket (-1: removed) and its place in the bucket.
  std::vector<int> disc_cell_;
  std::vector<int> disc_slot_;
  // The largest radius since the discs were last set (never shrinks between
  // rebuilds; a larger bound only adds candidates).
  double max_radius_ = 0.0;
  // Obstacles by bucket, and each obstacle's buckets.
  std::vector<std::vector<int>> obstacle_buckets_;
  std::vector<Obstacle> obstacles_;
  std::vector<std::vector<int>> obstacle_cells_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_SPATIAL_INDEX_H_
