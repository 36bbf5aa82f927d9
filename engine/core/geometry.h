// engine/core/geometry.h: table geometry in inches, with Eigen.
//
// Overview: distances, nearest units, "gets in the way" tests, line of sight
// blocked by terrain, and a path towards a point that goes round obstacles on
// the side given by a hand (left or right, as seen by the mover facing its
// goal). Obstacles are polygons (impassable terrain) and discs (other units).
// Hex helpers for axial coordinates. No rule-set knowledge here.
//
// Usage:
//   std::vector<Obstacle> obstacles = {Obstacle::Polygon({{10,10},{14,10},{14,14},{10,14}})};
//   Path p = PathTowards({0,12}, {30,12}, /*max_length=*/12.0, obstacles, Turn::kLeft);
//   // p.points runs from {0,12}; p.length <= 12; p.blocked if it could not advance.
//
// Thread safety: all functions are pure.
#ifndef IMPI_ENGINE_CORE_GEOMETRY_H_
#define IMPI_ENGINE_CORE_GEOMETRY_H_

#include <cstdlib>
#include <vector>

#include <Eigen/Core>

#include "absl/types/span.h"

namespace impi {

using Vec2 = Eigen::Vector2d;

struct HexCoord {
  int q = 0;
  int r = 0;
  bool operator==(const HexCoord& o) const { return q == o.q && r == o.r; }
};
inline int HexDistance(HexCoord a, HexCoord b) {
  const int dq = a.q - b.q;
  const int dr = a.r - b.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

// Inline: the engine and the policies call it millions of times a battle.
inline double Distance(const Vec2& a, const Vec2& b) { return (a - b).norm(); }

// Which way to go round an obstacle, as seen by a mover facing its goal.
enum class Turn { kLeft, kRight };

// An obstacle: a closed polygon (impassable terrain), an open polyline (a wall
// or river line), or a disc (another unit, radius in inches).
struct Obstacle {
  enum class Shape { kPolygon, kPolyline, kDisc } shape = Shape::kPolygon;
  std::vector<Vec2> vertices;  // polygon / polyline
  Vec2 center = Vec2::Zero();  // disc
  double radius = 0.0;         // disc
  // The bounding box, when `boxed` (the factories below set it): tests that
  // a point or segment far outside it cannot meet the obstacle skip the
  // exact geometry. An obstacle built otherwise is tested exactly.
  bool boxed = false;
  Vec2 box_lo = Vec2::Zero();
  Vec2 box_hi = Vec2::Zero();

  static Obstacle Polygon(std::vector<Vec2> v);
  static Obstacle Polyline(std::vector<Vec2> v);
  static Obstacle Disc(const Vec2& c, double r);
};

// True if the segment a-b crosses or touches the obstacle (a disc: passes
// within its radius; a polygon: intersects its boundary or lies inside).
bool SegmentHits(const Vec2& a, const Vec2& b, const Obstacle& o);
// SegmentHits(a, b, Obstacle::Disc(c, r)), with no obstacle made.
bool SegmentHitsDisc(const Vec2& a, const Vec2& b, const Vec2& c, double r);

// The mean of `points` (0, 0 if there are none): for a polygon the mean of
// its vertices, which is not its area centroid (a side with many vertices
// pulls it). Summed in order, then divided once.
Vec2 MeanOfPoints(const std::vector<Vec2>& points);

// True if point p is inside a closed polygon (boundary counts as inside).
bool PointInPolygon(const Vec2& p, const std::vector<Vec2>& polygon);
// True if o is a polygon and p is inside it (boundary counts): as
// PointInPolygon, skipping the polygon's edges when p is outside its box.
bool InsidePolygon(const Vec2& p, const Obstacle& o);

// Line of sight from a to b: false if the segment crosses any blocker.
bool LineOfSight(const Vec2& a, const Vec2& b, const std::vector<Obstacle>& blockers);

// Obstacles prepared for many line-of-sight tests: each keeps its bounding
// box, so that a sight line whose box misses it skips its edges. Clear(a, b)
// answers exactly as LineOfSight(a, b, obstacles()).
//
//   BlockerSet blockers({Obstacle::Polygon(hill)});
//   blockers.Add(Obstacle::Disc(tray, 1.4));
//   if (blockers.Clear(firer, target)) ...
class BlockerSet {
 public:
  BlockerSet() = default;
  explicit BlockerSet(std::vector<Obstacle> obstacles);

  void Add(Obstacle o);
  // Line of sight from a to b: false if the segment crosses any obstacle.
  bool Clear(const Vec2& a, const Vec2& b) const;
  // The same answer, for many lines from one a: inside[i] remembers whether
  // a stands inside obstacle i (-1 until asked; 0 or 1), kept by the caller
  // between calls from that a (one entry an obstacle; fewer: not used).
  bool Clear(const Vec2& a, const Vec2& b, absl::Span<signed char> inside) const;
  const std::vector<Obstacle>& obstacles() const { return obstacles_; }

  // Sight lines from one point to many: Clear(b) answers exactly as
  // BlockerSet::Clear(a, b), with what depends on `a` alone worked out once
  // an obstacle (whether a stands inside it, how near it comes, and the arc
  // of directions from a in which it lies, widened far beyond rounding: a
  // sight line shorter than its nearest approach or outside its arc is not
  // tested against its edges). Holds a reference to the set, which must
  // outlive it. Not for concurrent use: Clear fills in what it learns.
  //
  //   const BlockerSet::From sight = blockers.Viewer(firer);
  //   for (...) if (sight.Clear(target)) ...
  class From {
   public:
    From(const BlockerSet& set, const Vec2& a);
    bool Clear(const Vec2& b) const;

   private:
    // What is known of one obstacle as seen from a, worked out the first
    // time a sight line meets its box.
    struct Arc {
      bool known = false;
      bool exact = true;  // no arc: every line is tested exactly
      bool inside = false;  // a is inside (or on) it: every line hits it
      double near = 0.0;  // the nearest it comes to a, less a margin
      Vec2 lo = Vec2::Zero();  // the arc's ends, counterclockwise lo to hi
      Vec2 hi = Vec2::Zero();
      // The edge a line last met: lines to neighbouring targets tend to meet
      // the same one, so it is tested first (the answer is the same in any
      // order).
      size_t last_edge = 0;
      // The squared distance from a to the obstacle's box, less a margin far
      // above rounding: a shorter sight line cannot meet the box (worked out
      // for every obstacle when the viewer is made).
      double box_reach2 = 0.0;
    };
    void Know(size_t i) const;

    const BlockerSet& set_;
    Vec2 a_;
    mutable std::vector<Arc> arcs_;
  };
  From Viewer(const Vec2& a) const { return From(*this, a); }

 private:
  struct Box {
    Vec2 lo;
    Vec2 hi;
  };
  std::vector<Obstacle> obstacles_;
  std::vector<Box> boxes_;  // one per obstacle, widened by a rounding slack
};

// "Gets in the way": true if `other` (a disc of `radius`) lies across the
// straight line from `from` to `to`, closer to `from` than `to` is.
bool GetsInTheWay(const Vec2& from, const Vec2& to, const Vec2& other, double radius);

struct Path {
  std::vector<Vec2> points;  // from the start to where the mover ends
  double length = 0.0;       // along the path, <= max_length
  bool reached = false;      // ended at the goal (or within stop_short of it)
  bool blocked = false;      // could not advance at all
  bool detoured = false;     // went round something
};

// The waypoint candidates PathTowards works out round each obstacle, kept
// for the next searches over the same obstacle list with the same
// clearance. They depend on the list and the clearance alone when the mover
// starts clear of every obstacle (the usual move), and only those are kept;
// a search that starts close to something works out its own. The owner
// keeps one beside an obstacle list that does not change (a rule set's
// fixed terrain) and passes both together; a different list or clearance
// empties it. Not thread-safe: one a thread.
class PathSamples {
 public:
  PathSamples() = default;

 private:
  friend struct PathSamplesAccess;
  const std::vector<Obstacle>* obstacles_ = nullptr;
  size_t size_ = 0;
  double clearance_ = 0.0;
  std::vector<std::vector<Vec2>> samples_;
  std::vector<char> sampled_;
};

// A path from `from` towards `goal`, at most `max_length` long, stopping
// `stop_short` inches before the goal. Where the straight line hits an
// obstacle, the path goes round it on the side `hand` (left or right as the
// mover faces the goal), keeping `clearance` inches from it. Deterministic;
// `reuse` (which may be null) changes only the cost, never the path.
Path PathTowards(const Vec2& from, const Vec2& goal, double max_length,
                 const std::vector<Obstacle>& obstacles, Turn hand,
                 double stop_short = 0.0, double clearance = 0.5,
                 PathSamples* reuse = nullptr);
// As above, into `*path` (all of it set afresh): a caller that passes the
// same Path to each move keeps its points' storage, and the search keeps
// its working lists per thread, so a warm move allocates nothing.
void PathTowards(const Vec2& from, const Vec2& goal, double max_length,
                 const std::vector<Obstacle>& obstacles, Turn hand, double stop_short,
                 double clearance, PathSamples* reuse, Path* path);

// A point `distance` inches from `from` in the direction of `towards` (or
// `from` itself if the two coincide).
Vec2 StepTowards(const Vec2& from, const Vec2& towards, double distance);

// Clamp a point onto the table [0,width] x [0,height].
Vec2 ClampToTable(const Vec2& p, double width, double height);

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_GEOMETRY_H_
