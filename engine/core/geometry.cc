// engine/core/geometry.cc: distances, obstacles, line of sight and paths.
//
// PathTowards works in two stages:
//   1. A greedy walk that respects the hand. While the straight line to the
//      goal is blocked by an obstacle, the mover heads for the point of that
//      obstacle's clearance outline that is furthest round on the hand side, as
//      seen from where it stands (the tangent point), provided it can see it.
//      If the tangent point is hidden behind a second obstacle, the two are
//      treated as one and the walk goes round both on the same side.
//   2. If the walk goes in circles or cannot continue, a shortest path over
//      the visibility graph of the clearance outlines (A*), ignoring the hand.
//      If even that finds no way, the mover is enclosed: the path is blocked.
// The route is then cut to the length budget and to stop_short of the goal.
// Clearance outlines are sampled: 16 points round a disc, 8 round each vertex
// of a polygon or polyline, on circles just large enough that the chords
// between samples keep the clearance.
#include "engine/core/geometry.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <functional>
#include <utility>
#include <vector>

namespace impi {
// PathSamples' keeper (geometry.h): what PathTowards reads and fills.
struct PathSamplesAccess {
  // Empties `kept` unless it was filled for this list and clearance.
  static void Prepare(PathSamples& kept, const std::vector<Obstacle>& obstacles, double clearance) {
    if (kept.obstacles_ == &obstacles && kept.size_ == obstacles.size() &&
        kept.clearance_ == clearance) {
      return;
    }
    kept.obstacles_ = &obstacles;
    kept.size_ = obstacles.size();
    kept.clearance_ = clearance;
    kept.samples_.assign(obstacles.size(), {});
    kept.sampled_.assign(obstacles.size(), 0);
  }
  // Obstacle i's candidates, worked out by `field` on first use.
  template <typename F>
  static const std::vector<Vec2>& Get(PathSamples& kept, const F& field, size_t i) {
    if (!kept.sampled_[i]) {
      kept.sampled_[i] = 1;
      field.Sample(i, &kept.samples_[i]);
    }
    return kept.samples_[i];
  }
};

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kEps = 1e-9;
// Extra distance between a waypoint and the clearance outline it goes round,
// so that a leg along the outline does not count as touching it.
constexpr double kMargin = 0.02;
constexpr int kDiscSamples = 16;
constexpr int kVertexSamples = 8;
constexpr int kMaxGreedyLegs = 64;

// Boxes further apart than this, on either axis, hold no two points within
// kEps of each other, rounding included: the engine's coordinates are inches
// on a table, where a double rounds by far less than this. The box tests
// below skip exact tests whose answer this settles, so the answers are those
// of the exact tests alone.
constexpr double kBoxSlack = 1e-6;
// The same for a path search's boxes (Field), which stand in for distances
// worked out with square roots and quadratics: far more than their rounding.
constexpr double kFieldBoxSlack = 1e-3;

double Cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// True if point p lies more than kBoxSlack outside the box of segment a-b.
bool OutsideSegmentBox(const Vec2& p, const Vec2& a, const Vec2& b) {
  return p.x() < std::min(a.x(), b.x()) - kBoxSlack || p.x() > std::max(a.x(), b.x()) + kBoxSlack ||
         p.y() < std::min(a.y(), b.y()) - kBoxSlack || p.y() > std::max(a.y(), b.y()) + kBoxSlack;
}

// True if p is more than kBoxSlack outside obstacle o's box (o.boxed): no
// point of o is then within kEps of p.
bool OutsideObstacleBox(const Vec2& p, const Obstacle& o) {
  return o.boxed && (p.x() < o.box_lo.x() - kBoxSlack || p.x() > o.box_hi.x() + kBoxSlack ||
                     p.y() < o.box_lo.y() - kBoxSlack || p.y() > o.box_hi.y() + kBoxSlack);
}

// True if the boxes of segments a-b and c-d are more than kBoxSlack apart.
bool SegmentBoxesApart(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  return std::max(a.x(), b.x()) + kBoxSlack < std::min(c.x(), d.x()) ||
         std::max(c.x(), d.x()) + kBoxSlack < std::min(a.x(), b.x()) ||
         std::max(a.y(), b.y()) + kBoxSlack < std::min(c.y(), d.y()) ||
         std::max(c.y(), d.y()) + kBoxSlack < std::min(a.y(), b.y());
}

double PointSegmentDistance(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  if (len2 <= 0.0) return (p - a).norm();
  const double t = std::clamp((p - a).dot(ab) / len2, 0.0, 1.0);
  return (p - (a + t * ab)).norm();
}

// True if segments a-b and c-d cross properly (each one's ends strictly on
// either side of the other's line).
bool SegmentsCross(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  const double d1 = Cross(b - a, c - a);
  const double d2 = Cross(b - a, d - a);
  const double d3 = Cross(d - c, a - c);
  const double d4 = Cross(d - c, b - c);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
         ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

// True if segments a-b and c-d intersect or touch.
bool SegmentsIntersect(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  if (SegmentsCross(a, b, c, d)) return true;
  // Touching or collinear cases.
  auto on_segment = [](const Vec2& p, const Vec2& q, const Vec2& r) {
    return PointSegmentDistance(r, p, q) <= kEps;
  };
  return on_segment(a, b, c) || on_segment(a, b, d) || on_segment(c, d, a) ||
         on_segment(c, d, b);
}

double SegmentSegmentDistance(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  if (SegmentsIntersect(a, b, c, d)) return 0.0;
  return std::min({PointSegmentDistance(a, c, d), PointSegmentDistance(b, c, d),
                   PointSegmentDistance(c, a, b), PointSegmentDistance(d, a, b)});
}

// SegmentSegmentDistance(a, b, c, d) <= kEps, with each end's distance to
// the other segment worked out once: the segments cross, or an end lies
// within kEps of the other segment (SegmentsIntersect's touching cases and
// the distance's four terms are the same four distances).
bool SegmentsTouch(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  if (SegmentsCross(a, b, c, d)) return true;
  return PointSegmentDistance(c, a, b) <= kEps || PointSegmentDistance(d, a, b) <= kEps ||
         PointSegmentDistance(a, c, d) <= kEps || PointSegmentDistance(b, c, d) <= kEps;
}

// The edges of an obstacle's outline (polygon: closed; polyline: open).
// (A single vertex is one edge from itself to itself.) Whether pred(p, q)
// holds for an edge, asked in order until one does.
template <typename Pred>
bool AnyEdge(const Obstacle& o, Pred pred) {
  const size_t n = o.vertices.size();
  if (n == 0) return false;
  if (n == 1) return pred(o.vertices[0], o.vertices[0]);
  const size_t edges = o.shape == Obstacle::Shape::kPolygon ? n : n - 1;
  for (size_t i = 0; i < edges; ++i) {
    if (pred(o.vertices[i], o.vertices[i + 1 == n ? 0 : i + 1])) return true;
  }
  return false;
}
// fn(p, q) for every edge.
template <typename Fn>
void ForEachEdge(const Obstacle& o, Fn fn) {
  AnyEdge(o, [&](const Vec2& p, const Vec2& q) {
    fn(p, q);
    return false;
  });
}

// Distance from p to the obstacle (0 inside a polygon or disc).
double DistanceTo(const Vec2& p, const Obstacle& o) {
  if (o.shape == Obstacle::Shape::kDisc) {
    return std::max(0.0, (p - o.center).norm() - o.radius);
  }
  if (o.vertices.empty()) return std::numeric_limits<double>::infinity();
  if (o.vertices.size() >= 3 && InsidePolygon(p, o)) return 0.0;
  double best = std::numeric_limits<double>::infinity();
  ForEachEdge(o, [&](const Vec2& a, const Vec2& b) {
    best = std::min(best, PointSegmentDistance(p, a, b));
  });
  return best;
}

// Distance between two obstacles (0 if they touch or overlap).
double ObstacleGap(const Obstacle& a, const Obstacle& b) {
  using Shape = Obstacle::Shape;
  if (a.shape == Shape::kDisc && b.shape == Shape::kDisc) {
    return std::max(0.0, (a.center - b.center).norm() - a.radius - b.radius);
  }
  if (a.shape == Shape::kDisc) return std::max(0.0, DistanceTo(a.center, b) - a.radius);
  if (b.shape == Shape::kDisc) return std::max(0.0, DistanceTo(b.center, a) - b.radius);
  if (a.vertices.empty() || b.vertices.empty()) return std::numeric_limits<double>::infinity();
  if (a.shape == Shape::kPolygon && a.vertices.size() >= 3 &&
      PointInPolygon(b.vertices[0], a.vertices)) {
    return 0.0;
  }
  if (b.shape == Shape::kPolygon && b.vertices.size() >= 3 &&
      PointInPolygon(a.vertices[0], b.vertices)) {
    return 0.0;
  }
  double best = std::numeric_limits<double>::infinity();
  ForEachEdge(a, [&](const Vec2& p, const Vec2& q) {
    ForEachEdge(b, [&](const Vec2& r, const Vec2& s) {
      best = std::min(best, SegmentSegmentDistance(p, q, r, s));
    });
  });
  return best;
}

// Smallest t in [0, 1] at which a + t (b - a) is within distance r of the
// centre c, or +inf.
double FirstCircleContact(const Vec2& a, const Vec2& b, const Vec2& c, double r) {
  const Vec2 d = b - a;
  const Vec2 f = a - c;
  const double cc = f.squaredNorm() - r * r;
  if (cc <= 0.0) return 0.0;
  const double aa = d.squaredNorm();
  if (aa <= 0.0) return std::numeric_limits<double>::infinity();
  const double bb = 2.0 * f.dot(d);
  const double disc = bb * bb - 4.0 * aa * cc;
  if (disc < 0.0) return std::numeric_limits<double>::infinity();
  const double t = (-bb - std::sqrt(disc)) / (2.0 * aa);
  if (t >= 0.0 && t <= 1.0) return t;
  return std::numeric_limits<double>::infinity();
}

// Smallest t in [0, 1] at which a + t (b - a) meets segment p-q, or +inf.
double FirstSegmentContact(const Vec2& a, const Vec2& b, const Vec2& p, const Vec2& q) {
  const Vec2 d = b - a;
  const Vec2 e = q - p;
  const double denom = Cross(d, e);
  if (std::abs(denom) <= kEps * std::max(1.0, d.norm() * e.norm())) {
    return std::numeric_limits<double>::infinity();  // parallel: caps decide
  }
  const double t = Cross(p - a, e) / denom;
  const double u = Cross(p - a, d) / denom;
  if (t >= 0.0 && t <= 1.0 && u >= 0.0 && u <= 1.0) return t;
  return std::numeric_limits<double>::infinity();
}

// Smallest t in [0, 1] at which a + t (b - a) comes within r of the capsule
// axis p-q, or +inf.
double FirstCapsuleContact(const Vec2& a, const Vec2& b, const Vec2& p, const Vec2& q,
                           double r) {
  if (PointSegmentDistance(a, p, q) <= r) return 0.0;
  double t = std::min(FirstCircleContact(a, b, p, r), FirstCircleContact(a, b, q, r));
  const Vec2 e = q - p;
  const double len = e.norm();
  if (len > 0.0) {
    const Vec2 n = Vec2(-e.y(), e.x()) / len * r;
    t = std::min(t, FirstSegmentContact(a, b, p + n, q + n));
    t = std::min(t, FirstSegmentContact(a, b, p - n, q - n));
  }
  return t;
}

// Smallest t in [0, 1] at which the segment comes within r of the obstacle.
double FirstContact(const Vec2& a, const Vec2& b, const Obstacle& o, double r) {
  if (o.shape == Obstacle::Shape::kDisc) {
    return FirstCircleContact(a, b, o.center, o.radius + r);
  }
  if (o.vertices.size() >= 3 && InsidePolygon(a, o)) return 0.0;
  double t = std::numeric_limits<double>::infinity();
  // An edge whose box is further from the segment's box on an axis than r
  // (and the slack) is further than r from every point of the segment: its
  // capsule is not met, and is not measured.
  const double reach = r + kFieldBoxSlack;
  const double lo_x = std::min(a.x(), b.x()) - reach, hi_x = std::max(a.x(), b.x()) + reach;
  const double lo_y = std::min(a.y(), b.y()) - reach, hi_y = std::max(a.y(), b.y()) + reach;
  ForEachEdge(o, [&](const Vec2& p, const Vec2& q) {
    if (std::max(p.x(), q.x()) < lo_x || std::min(p.x(), q.x()) > hi_x ||
        std::max(p.y(), q.y()) < lo_y || std::min(p.y(), q.y()) > hi_y) {
      return;
    }
    t = std::min(t, FirstCapsuleContact(a, b, p, q, r));
  });
  return t;
}

void AddCircleSamples(const Vec2& c, double r, int n, std::vector<Vec2>* out) {
  // A regular n-gon circumscribing the circle of radius r.
  const double rr = r / std::cos(kPi / n);
  for (int k = 0; k < n; ++k) {
    const double a = 2.0 * kPi * k / n;
    out->push_back(c + rr * Vec2(std::cos(a), std::sin(a)));
  }
}

// The obstacles as one path search sees them: the clearance each keeps (less
// than asked where the mover starts closer than that) and which are ignored
// (the mover starts inside or touching them).
struct Field {
  const std::vector<Obstacle>* obstacles;
  std::vector<double> keep;
  std::vector<bool> ignored;
  // Each obstacle's bounding box (a disc's, or its vertices'): a segment or
  // point further than a distance from it on one axis, by more than
  // kFieldBoxSlack, is further than that distance from the obstacle, so the
  // exact tests below are skipped only where their answer is settled.
  std::vector<Vec2> box_lo;
  std::vector<Vec2> box_hi;

  // True if the box of segment a-b (a point when a == b) is more than `reach`
  // (plus the slack) from obstacle i's box on either axis.
  bool BoxesApart(size_t i, const Vec2& a, const Vec2& b, double reach) const {
    const double d = reach + kFieldBoxSlack;
    return std::max(a.x(), b.x()) < box_lo[i].x() - d || std::min(a.x(), b.x()) > box_hi[i].x() + d ||
           std::max(a.y(), b.y()) < box_lo[i].y() - d || std::min(a.y(), b.y()) > box_hi[i].y() + d;
  }
  // Waypoint candidates per obstacle, sampled on first use: in `shared`
  // when every obstacle keeps the asked clearance and none is ignored for
  // where the mover stands (then they depend on the obstacles and the
  // clearance alone), else here.
  mutable std::vector<std::vector<Vec2>> samples;
  mutable std::vector<bool> sampled;
  bool pristine = true;
  PathSamples* shared = nullptr;

  // Hit radius: touching the clearance outline exactly is not a hit.
  double HitRadius(size_t i) const { return std::max(0.0, keep[i] - 1e-9); }

  // First obstacle the segment a-b comes within clearance of, with its t.
  std::pair<int, double> FirstBlocker(const Vec2& a, const Vec2& b) const {
    int best = -1;
    double best_t = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < obstacles->size(); ++i) {
      if (ignored[i] || BoxesApart(i, a, b, HitRadius(i))) continue;
      const double t = FirstContact(a, b, (*obstacles)[i], HitRadius(i));
      if (t < best_t) {
        best_t = t;
        best = static_cast<int>(i);
      }
    }
    return {best, best_t};
  }

  // No obstacle comes within clearance of a-b: FirstBlocker's answer -1,
  // ended at the first obstacle met (which one is first does not matter).
  // The obstacle the last blocked segment met is tried first: the segments
  // a path search tests are neighbours, and often meet the same one.
  bool Free(const Vec2& a, const Vec2& b) const {
    auto meets = [&](size_t i) {
      return !ignored[i] && !BoxesApart(i, a, b, HitRadius(i)) &&
             FirstContact(a, b, (*obstacles)[i], HitRadius(i)) < std::numeric_limits<double>::infinity();
    };
    if (last_met >= 0 && meets(static_cast<size_t>(last_met))) return false;
    for (size_t i = 0; i < obstacles->size(); ++i) {
      if (static_cast<int>(i) != last_met && meets(i)) {
        last_met = static_cast<int>(i);
        return false;
      }
    }
    return true;
  }
  mutable int last_met = -1;  // Free's memory (a Field serves one search)

  // The waypoint candidates round obstacle i: its clearance outline, less
  // the points that lie within the clearance of something else.
  const std::vector<Vec2>& Samples(size_t i) const {
    if (shared != nullptr) return PathSamplesAccess::Get(*shared, *this, i);
    if (!sampled[i]) {
      sampled[i] = true;
      Sample(i, &samples[i]);
    }
    return samples[i];
  }
  void Sample(size_t i, std::vector<Vec2>* out) const {
    if (ignored[i]) return;
    const Obstacle& o = (*obstacles)[i];
    thread_local std::vector<Vec2> raw;  // kept between calls on a thread
    raw.clear();
    if (o.shape == Obstacle::Shape::kDisc) {
      AddCircleSamples(o.center, o.radius + keep[i] + kMargin, kDiscSamples, &raw);
    } else {
      for (const Vec2& v : o.vertices) {
        AddCircleSamples(v, keep[i] + kMargin, kVertexSamples, &raw);
      }
    }
    if (raw.empty()) return;
    // A sample is kept when it is at least the clearance (plus half the
    // margin) from every obstacle not ignored. Only the obstacles whose box
    // comes within that reach of the samples' box are measured: one further
    // on an axis is further from every sample.
    Vec2 lo = raw[0], hi = raw[0];
    for (const Vec2& p : raw) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    thread_local std::vector<size_t> near;
    near.clear();
    for (size_t j = 0; j < obstacles->size(); ++j) {
      if (!ignored[j] && !BoxesApart(j, lo, hi, keep[j] + 0.5 * kMargin)) near.push_back(j);
    }
    for (const Vec2& p : raw) {
      bool clear = true;
      for (const size_t j : near) {
        if (BoxesApart(j, p, p, keep[j] + 0.5 * kMargin)) continue;
        if (DistanceTo(p, (*obstacles)[j]) < keep[j] + 0.5 * kMargin) {
          clear = false;
          break;
        }
      }
      if (clear) out->push_back(p);
    }
  }

  // True if the mover cannot pass between obstacles i and j keeping its
  // clearance from both: the two are then gone round as one.
  bool Joined(size_t i, size_t j) const {
    const double reach = keep[i] + keep[j] + 2.0 * kMargin;
    // Boxes apart on an axis by more than the reach (and the slack) hold
    // obstacles at least that far apart: the exact gap is not needed.
    const double d = reach + kFieldBoxSlack;
    if (box_lo[j].x() - box_hi[i].x() > d || box_lo[i].x() - box_hi[j].x() > d ||
        box_lo[j].y() - box_hi[i].y() > d || box_lo[i].y() - box_hi[j].y() > d) {
      return false;
    }
    return ObstacleGap((*obstacles)[i], (*obstacles)[j]) < reach;
  }

  // Adds obstacle i and everything joined to it (directly or through others)
  // to the group.
  void AddCluster(size_t i, std::vector<bool>* group) const {
    // Kept between calls on a thread (AddCluster does not nest).
    thread_local std::vector<size_t> todo;
    todo.assign(1, i);
    (*group)[i] = true;
    while (!todo.empty()) {
      const size_t u = todo.back();
      todo.pop_back();
      for (size_t v = 0; v < obstacles->size(); ++v) {
        if ((*group)[v] || ignored[v] || !Joined(u, v)) continue;
        (*group)[v] = true;
        todo.push_back(v);
      }
    }
  }

  // Index of a (non-ignored) obstacle whose clearance region holds p, or -1.
  int Holding(const Vec2& p) const {
    for (size_t i = 0; i < obstacles->size(); ++i) {
      if (ignored[i] || BoxesApart(i, p, p, HitRadius(i))) continue;
      if (DistanceTo(p, (*obstacles)[i]) < HitRadius(i)) return static_cast<int>(i);
    }
    return -1;
  }
};

// Fills `*out` (a Field kept between searches on a thread: its lists keep
// their storage) for a search from `from`.
void MakeField(const Vec2& from, const std::vector<Obstacle>& obstacles, double clearance, Field* out) {
  Field& field = *out;
  field.obstacles = &obstacles;
  field.pristine = true;
  field.shared = nullptr;
  field.last_met = -1;
  const size_t n = obstacles.size();
  field.keep.assign(n, std::max(0.0, clearance));
  field.ignored.assign(n, false);
  if (field.samples.size() < n) field.samples.resize(n);
  for (size_t i = 0; i < n; ++i) field.samples[i].clear();
  field.sampled.assign(n, false);
  field.box_lo.assign(n, Vec2::Zero());
  field.box_hi.assign(n, Vec2::Zero());
  for (size_t i = 0; i < n; ++i) {
    const Obstacle& o = obstacles[i];
    if (o.boxed && o.shape != Obstacle::Shape::kDisc) {
      field.box_lo[i] = o.box_lo;
      field.box_hi[i] = o.box_hi;
    } else if (o.shape == Obstacle::Shape::kDisc) {
      field.box_lo[i] = o.center - Vec2(o.radius, o.radius);
      field.box_hi[i] = o.center + Vec2(o.radius, o.radius);
    } else if (!o.vertices.empty()) {
      field.box_lo[i] = field.box_hi[i] = o.vertices[0];
      for (const Vec2& v : o.vertices) {
        field.box_lo[i] = field.box_lo[i].cwiseMin(v);
        field.box_hi[i] = field.box_hi[i].cwiseMax(v);
      }
    }
    if (o.shape != Obstacle::Shape::kDisc && o.vertices.empty()) {
      field.ignored[i] = true;
      continue;
    }
    // Further from the box than the clearance and margin: the mover keeps
    // its full clearance from this one (d0 below would exceed both tests).
    if (field.BoxesApart(i, from, from, field.keep[i] + kMargin)) continue;
    const double d0 = DistanceTo(from, o);
    if (d0 <= kEps) {
      field.pristine = false;
      field.ignored[i] = true;  // the mover already stands on it
      continue;
    }
    if (d0 < field.keep[i] + kMargin) {
      field.keep[i] = 0.5 * d0;
      field.pristine = false;
    }
  }
}

// A number that orders directions as their signed angle from d does
// (positive counter-clockwise, in [-2, 2] for [-pi, pi]), without the arc
// tangent: for (x, y) = (d.v, d x v), 1 - x / (|x| + |y|), signed as y is
// (its sign bit, as atan2 reads it: atan2(-0, x < 0) is -pi).
double SignedTurn(const Vec2& d, const Vec2& v) {
  const double x = d.dot(v), y = Cross(d, v);
  const double l1 = std::abs(x) + std::abs(y);
  if (!(l1 > 0.0)) return 0.0;
  const double t = 1.0 - x / l1;
  return std::signbit(y) ? -t : t;
}

// The greedy choice of the next waypoint from cur while the way to goal is
// blocked by obstacle `first`: the candidate furthest round on the hand side
// that cur can see; obstacles hiding better candidates join the group.
bool ChooseWaypoint(const Field& field, const Vec2& cur, const Vec2& goal, int first,
                    Turn hand, Vec2* out) {
  const double s = hand == Turn::kLeft ? 1.0 : -1.0;
  const Vec2 d = goal - cur;
  thread_local std::vector<bool> in_group;  // kept between calls on a thread
  in_group.assign(field.obstacles->size(), false);
  field.AddCluster(first, &in_group);
  struct Candidate {
    double angle;
    size_t order;
    Vec2 p;
  };
  // Kept between calls on a thread (no allocation a waypoint).
  thread_local std::vector<Candidate> cands;
  for (size_t round = 0; round <= field.obstacles->size(); ++round) {
    cands.clear();
    for (size_t i = 0; i < in_group.size(); ++i) {
      if (!in_group[i]) continue;
      for (const Vec2& p : field.Samples(i)) {
        if ((p - cur).norm() <= 1e-7) continue;
        cands.push_back({s * SignedTurn(d, p - cur), cands.size(), p});
      }
    }
    // Tried furthest round first (the same angle: in the order listed), as
    // a sort would hand them out. One of the first few usually serves: each
    // is picked from those left when it is needed, the rest never sorted.
    auto first_of = [](const Candidate& a, const Candidate& b) {
      if (a.angle != b.angle) return a.angle > b.angle;
      return a.order < b.order;
    };
    bool grew = false;
    for (size_t left = cands.size(); left > 0; --left) {
      size_t best = 0;
      for (size_t k = 1; k < left; ++k) {
        if (first_of(cands[k], cands[best])) best = k;
      }
      std::swap(cands[best], cands[left - 1]);
      const Candidate& c = cands[left - 1];
      const int blocker = field.FirstBlocker(cur, c.p).first;
      if (blocker < 0) {
        *out = c.p;
        return true;
      }
      if (!in_group[blocker]) {
        field.AddCluster(blocker, &in_group);
        grew = true;
        break;
      }
    }
    if (!grew) return false;
  }
  return false;
}

enum class RouteResult { kFound, kStuck };

// Stage 1: the greedy walk. route starts with `from`.
RouteResult GreedyRoute(const Field& field, const Vec2& from, const Vec2& goal,
                        double stop_short, Turn hand, std::vector<Vec2>* route) {
  route->assign(1, from);
  Vec2 cur = from;
  for (int leg = 0; leg < kMaxGreedyLegs; ++leg) {
    if ((goal - cur).norm() <= stop_short + kEps) return RouteResult::kFound;
    const auto [blocker, t] = field.FirstBlocker(cur, goal);
    if (blocker < 0) {
      route->push_back(goal);
      return RouteResult::kFound;
    }
    const Obstacle& o = (*field.obstacles)[blocker];
    // The goal lies inside this obstacle's clearance: go straight up to it.
    if (DistanceTo(goal, o) < field.HitRadius(blocker)) {
      const double len = (goal - cur).norm();
      const double stop_t = std::max(0.0, t - 1e-6 / std::max(len, 1e-12));
      route->push_back(cur + stop_t * (goal - cur));
      return RouteResult::kFound;
    }
    Vec2 next;
    if (!ChooseWaypoint(field, cur, goal, blocker, hand, &next)) return RouteResult::kStuck;
    for (const Vec2& seen : *route) {
      if ((seen - next).norm() <= 1e-7) return RouteResult::kStuck;  // circling
    }
    route->push_back(next);
    cur = next;
  }
  return RouteResult::kStuck;
}

// Stage 2: A* over the visibility graph of the clearance samples. Returns
// false if the goal (or, when the goal lies in an obstacle, any point that
// can approach it) cannot be reached.
bool GraphRoute(const Field& field, const Vec2& from, const Vec2& goal, double stop_short,
                std::vector<Vec2>* route) {
  // The search's lists are kept between searches on a thread.
  thread_local std::vector<Vec2> nodes;
  nodes.assign(1, from);
  for (size_t i = 0; i < field.obstacles->size(); ++i) {
    const std::vector<Vec2>& s = field.Samples(i);
    nodes.insert(nodes.end(), s.begin(), s.end());
  }
  const int goal_blocker = field.Holding(goal);
  const bool goal_free = goal_blocker < 0;
  const int goal_node = static_cast<int>(nodes.size());
  if (goal_free) nodes.push_back(goal);
  const size_t n = nodes.size();
  thread_local std::vector<double> g;
  thread_local std::vector<int> parent;
  thread_local std::vector<bool> closed;
  g.assign(n, std::numeric_limits<double>::infinity());
  parent.assign(n, -1);
  closed.assign(n, false);
  using Item = std::pair<double, int>;
  // A priority queue (least first) on a kept list: std::priority_queue's
  // own heap operations, so the order is the same.
  thread_local std::vector<Item> open;
  open.clear();
  const std::greater<Item> later;
  auto push = [&](const Item& item) {
    open.push_back(item);
    std::push_heap(open.begin(), open.end(), later);
  };
  g[0] = 0.0;
  push({(goal - from).norm(), 0});
  int reached = -1;
  while (!open.empty()) {
    const int u = open.front().second;
    std::pop_heap(open.begin(), open.end(), later);
    open.pop_back();
    if (closed[u]) continue;
    closed[u] = true;
    if ((goal_free && u == goal_node) || (nodes[u] - goal).norm() <= stop_short + kEps) {
      reached = u;
      break;
    }
    for (size_t v = 0; v < n; ++v) {
      if (closed[v]) continue;
      const double w = (nodes[v] - nodes[u]).norm();
      if (g[u] + w >= g[v]) continue;
      if (!field.Free(nodes[u], nodes[v])) continue;
      g[v] = g[u] + w;
      parent[v] = u;
      push({g[v] + (goal - nodes[v]).norm(), static_cast<int>(v)});
    }
  }
  if (reached < 0 && !goal_free) {
    // Approach the obstacle holding the goal from the reachable node nearest
    // the goal.
    double best = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < n; ++i) {
      if (!closed[i]) continue;
      const double dist = (nodes[i] - goal).norm();
      if (dist < best) {
        best = dist;
        reached = static_cast<int>(i);
      }
    }
  }
  if (reached < 0) return false;
  route->clear();
  for (int u = reached; u >= 0; u = parent[u]) route->push_back(nodes[u]);
  std::reverse(route->begin(), route->end());
  if (!goal_free) {
    const Vec2 cur = route->back();
    const auto [blocker, t] = field.FirstBlocker(cur, goal);
    const double len = (goal - cur).norm();
    if (blocker >= 0 && len > 0.0) {
      const double stop_t = std::max(0.0, t - 1e-6 / len);
      route->push_back(cur + stop_t * (goal - cur));
    }
  }
  return true;
}

// Smallest t in [0, 1] at which a + t (b - a) is within r of goal, or +inf.
double FirstWithin(const Vec2& a, const Vec2& b, const Vec2& goal, double r) {
  if ((a - goal).norm() <= r + kEps) return 0.0;
  if ((b - goal).norm() <= r + kEps) {
    const double t = FirstCircleContact(a, b, goal, r);
    return std::isfinite(t) ? t : 1.0;
  }
  return FirstCircleContact(a, b, goal, r);
}

}  // namespace


namespace {

void BoxVertices(Obstacle* o) {
  if (o->vertices.empty()) return;
  o->box_lo = o->box_hi = o->vertices[0];
  for (const Vec2& v : o->vertices) {
    o->box_lo = o->box_lo.cwiseMin(v);
    o->box_hi = o->box_hi.cwiseMax(v);
  }
  o->boxed = true;
}

}  // namespace

Obstacle Obstacle::Polygon(std::vector<Vec2> v) {
  Obstacle o;
  o.shape = Shape::kPolygon;
  o.vertices = std::move(v);
  BoxVertices(&o);
  return o;
}

Obstacle Obstacle::Polyline(std::vector<Vec2> v) {
  Obstacle o;
  o.shape = Shape::kPolyline;
  o.vertices = std::move(v);
  BoxVertices(&o);
  return o;
}

Obstacle Obstacle::Disc(const Vec2& c, double r) {
  Obstacle o;
  o.shape = Shape::kDisc;
  o.center = c;
  o.radius = r;
  const Vec2 rr(std::abs(r), std::abs(r));
  o.box_lo = c - rr;
  o.box_hi = c + rr;
  o.boxed = std::isfinite(r);
  return o;
}

bool InsidePolygon(const Vec2& p, const Obstacle& o) {
  return o.shape == Obstacle::Shape::kPolygon && !OutsideObstacleBox(p, o) &&
         PointInPolygon(p, o.vertices);
}

namespace {

// SegmentHits for a polygon or polyline with vertices. Kept out of line, so
// that the disc's test (the most asked, by far) stays a few instructions.
[[gnu::noinline]] bool SegmentHitsOutline(const Vec2& a, const Vec2& b, const Obstacle& o);

}  // namespace

bool SegmentHitsDisc(const Vec2& a, const Vec2& b, const Vec2& c, double r) {
  return PointSegmentDistance(c, a, b) <= r;
}

bool SegmentHits(const Vec2& a, const Vec2& b, const Obstacle& o) {
  if (o.shape == Obstacle::Shape::kDisc) {
    return PointSegmentDistance(o.center, a, b) <= o.radius;
  }
  if (o.vertices.empty()) return false;
  return SegmentHitsOutline(a, b, o);
}

namespace {

// Whether segment a-b touches an edge of o's outline.
bool SegmentTouchesEdge(const Vec2& a, const Vec2& b, const Obstacle& o) {
  return AnyEdge(o, [&](const Vec2& p, const Vec2& q) {
    return !SegmentBoxesApart(a, b, p, q) && SegmentsTouch(a, b, p, q);
  });
}

bool SegmentHitsOutline(const Vec2& a, const Vec2& b, const Obstacle& o) {
  if (o.vertices.size() >= 3 && InsidePolygon(a, o)) return true;
  return SegmentTouchesEdge(a, b, o);
}

}  // namespace

Vec2 MeanOfPoints(const std::vector<Vec2>& points) {
  Vec2 c = Vec2::Zero();
  for (const Vec2& p : points) c += p;
  return points.empty() ? c : Vec2(c / static_cast<double>(points.size()));
}

bool PointInPolygon(const Vec2& p, const std::vector<Vec2>& polygon) {
  const size_t n = polygon.size();
  if (n == 0) return false;
  // One pass over the edges: a point on one (within kEps) is inside; else
  // the crossings of a ray from p towards +x decide (their parity does not
  // depend on the order the edges are taken in).
  bool inside = false;
  for (size_t i = 0; i < n; ++i) {
    const Vec2& a = polygon[i];
    const Vec2& b = polygon[i + 1 == n ? 0 : i + 1];
    if (!OutsideSegmentBox(p, a, b) && PointSegmentDistance(p, a, b) <= kEps) return true;
    // The crossing of the edge from b to a.
    if ((b.y() > p.y()) != (a.y() > p.y())) {
      const double x = b.x() + (p.y() - b.y()) * (a.x() - b.x()) / (a.y() - b.y());
      if (p.x() < x) inside = !inside;
    }
  }
  return n >= 3 && inside;
}

bool LineOfSight(const Vec2& a, const Vec2& b, const std::vector<Obstacle>& blockers) {
  for (const Obstacle& o : blockers) {
    if (SegmentHits(a, b, o)) return false;
  }
  return true;
}

BlockerSet::BlockerSet(std::vector<Obstacle> obstacles) {
  for (Obstacle& o : obstacles) Add(std::move(o));
}

void BlockerSet::Add(Obstacle o) {
  Box box;
  if (o.shape == Obstacle::Shape::kDisc) {
    const Vec2 r(o.radius, o.radius);
    box = {o.center - r, o.center + r};
  } else if (o.vertices.empty()) {
    // Hits nothing (SegmentHits): a box no segment reaches.
    const double inf = std::numeric_limits<double>::infinity();
    box = {Vec2(inf, inf), Vec2(-inf, -inf)};
  } else {
    box = {o.vertices[0], o.vertices[0]};
    for (const Vec2& v : o.vertices) {
      box.lo = box.lo.cwiseMin(v);
      box.hi = box.hi.cwiseMax(v);
    }
  }
  // Widened once here so that the test in Clear is a plain comparison.
  const Vec2 slack(kBoxSlack, kBoxSlack);
  box.lo -= slack;
  box.hi += slack;
  boxes_.push_back(box);
  obstacles_.push_back(std::move(o));
}

namespace {

// True if segment a-b passes through the box [lo, hi] (Liang-Barsky
// clipping). The boxes tested are widened by kBoxSlack, far more than the
// rounding of the clipping, so a segment said to miss one misses the
// obstacle inside by more than kEps.
bool SegmentMeetsBox(const Vec2& a, const Vec2& b, const Vec2& lo, const Vec2& hi) {
  // The segment lies in its own box: one apart from the box on an axis
  // misses it (most do), without the divisions below.
  if (std::max(a.x(), b.x()) < lo.x() || std::min(a.x(), b.x()) > hi.x() ||
      std::max(a.y(), b.y()) < lo.y() || std::min(a.y(), b.y()) > hi.y()) {
    return false;
  }
  double t0 = 0.0;
  double t1 = 1.0;
  for (int axis = 0; axis < 2; ++axis) {
    const double d = b[axis] - a[axis];
    if (d == 0.0) {
      if (a[axis] < lo[axis] || a[axis] > hi[axis]) return false;
      continue;
    }
    double enter = (lo[axis] - a[axis]) / d;
    double leave = (hi[axis] - a[axis]) / d;
    if (enter > leave) std::swap(enter, leave);
    t0 = std::max(t0, enter);
    t1 = std::min(t1, leave);
    if (t0 > t1) return false;
  }
  return true;
}

}  // namespace

bool BlockerSet::Clear(const Vec2& a, const Vec2& b) const {
  for (size_t i = 0; i < obstacles_.size(); ++i) {
    // A segment that misses the obstacle's (widened) box is more than
    // kBoxSlack from every point of it: SegmentHits would say no.
    if (!SegmentMeetsBox(a, b, boxes_[i].lo, boxes_[i].hi)) continue;
    if (SegmentHits(a, b, obstacles_[i])) return false;
  }
  return true;
}

bool BlockerSet::Clear(const Vec2& a, const Vec2& b, absl::Span<signed char> inside) const {
  if (inside.size() < obstacles_.size()) return Clear(a, b);
  for (size_t i = 0; i < obstacles_.size(); ++i) {
    if (!SegmentMeetsBox(a, b, boxes_[i].lo, boxes_[i].hi)) continue;
    const Obstacle& o = obstacles_[i];
    if (o.shape == Obstacle::Shape::kDisc || o.vertices.empty()) {
      if (SegmentHits(a, b, o)) return false;
      continue;
    }
    // SegmentHitsOutline, with whether a is inside known from before.
    if (o.vertices.size() >= 3) {
      if (inside[i] < 0) inside[i] = InsidePolygon(a, o) ? 1 : 0;
      if (inside[i] == 1) return false;
    }
    if (SegmentTouchesEdge(a, b, o)) return false;
  }
  return true;
}

BlockerSet::From::From(const BlockerSet& set, const Vec2& a)
    : set_(set), a_(a), arcs_(set.obstacles_.size()) {
  for (size_t i = 0; i < arcs_.size(); ++i) {
    const Box& box = set.boxes_[i];
    const double dx = std::max({box.lo.x() - a.x(), 0.0, a.x() - box.hi.x()});
    const double dy = std::max({box.lo.y() - a.y(), 0.0, a.y() - box.hi.y()});
    arcs_[i].box_reach2 = (dx * dx + dy * dy) * (1 - 1e-9) - 1e-9;
  }
}

void BlockerSet::From::Know(size_t i) const {
  Arc& arc = arcs_[i];
  arc.known = true;
  const Obstacle& o = set_.obstacles_[i];
  if (o.shape == Obstacle::Shape::kDisc || o.vertices.empty()) return;  // exact
  if (o.vertices.size() >= 3 && InsidePolygon(a_, o)) {
    arc.inside = true;  // SegmentHits: every line from inside hits it
    return;
  }
  // The nearest the obstacle comes to a.
  double near = (o.vertices[0] - a_).norm();
  ForEachEdge(o, [&](const Vec2& p, const Vec2& q) {
    near = std::min(near, PointSegmentDistance(a_, p, q));
  });
  if (!(near > 1e-6)) return;  // a is (almost) on it: exact
  // A line shorter than `near` (less a margin a thousand times the exact
  // test's tolerance, kEps) stops short of it.
  arc.near = near - 1e-6;
  // Every point of the obstacle lies within the arc of its vertices'
  // directions from a (the smallest arc holding them all, when it is less
  // than a half turn: each edge then spans the shorter way between its ends,
  // inside the arc). A line from a in a direction delta outside that arc
  // passes every point of the obstacle at near * sin(delta) or more: the
  // arc is widened until that is 1e-6".
  std::vector<double> angles;
  angles.reserve(o.vertices.size());
  for (const Vec2& v : o.vertices) {
    const Vec2 d = v - a_;
    angles.push_back(std::atan2(d.y(), d.x()));
  }
  std::sort(angles.begin(), angles.end());
  size_t first = 0;  // the vertex after the widest gap between directions
  double gap = angles.front() + 2 * M_PI - angles.back();
  for (size_t k = 1; k < angles.size(); ++k) {
    if (angles[k] - angles[k - 1] > gap) {
      gap = angles[k] - angles[k - 1];
      first = k;
    }
  }
  const double widen = std::asin(std::min(1.0, 1e-6 / near)) + 1e-9;
  const double span = 2 * M_PI - gap;
  if (!(span + 2 * widen < M_PI - 1e-3)) return;  // a wide arc: exact
  const double lo = angles[first] - widen;
  const double hi = angles[first] + span + widen;
  arc.exact = false;
  arc.lo = Vec2(std::cos(lo), std::sin(lo));
  arc.hi = Vec2(std::cos(hi), std::sin(hi));
}

bool BlockerSet::From::Clear(const Vec2& b) const {
  const Vec2 d = b - a_;
  const double d2 = d.squaredNorm();
  for (size_t i = 0; i < set_.obstacles_.size(); ++i) {
    const Arc& arc = arcs_[i];
    if (d2 < arc.box_reach2) continue;  // stops short of the box
    if (!SegmentMeetsBox(a_, b, set_.boxes_[i].lo, set_.boxes_[i].hi)) continue;
    if (!arc.known) Know(i);
    if (arc.inside) return false;
    if (arc.near > 0 && d2 < arc.near * arc.near) continue;
    if (!arc.exact && (Cross(arc.lo, d) < 0 || Cross(d, arc.hi) < 0)) continue;
    const Obstacle& o = set_.obstacles_[i];
    const size_t n = o.vertices.size();
    if (arc.exact || n < 2) {
      if (SegmentHits(a_, b, o)) return false;
      continue;
    }
    // As SegmentHits, knowing a is outside: the first edge the line meets.
    const size_t edges = o.shape == Obstacle::Shape::kPolygon ? n : n - 1;
    for (size_t j = 0; j < edges; ++j) {
      size_t k = arc.last_edge + j;
      if (k >= edges) k -= edges;
      const Vec2& p = o.vertices[k];
      const Vec2& q = o.vertices[(k + 1) % n];
      if (!SegmentBoxesApart(a_, b, p, q) && SegmentsTouch(a_, b, p, q)) {
        arcs_[i].last_edge = k;
        return false;
      }
    }
  }
  return true;
}

bool GetsInTheWay(const Vec2& from, const Vec2& to, const Vec2& other, double radius) {
  const Vec2 d = to - from;
  const double len2 = d.squaredNorm();
  if (len2 <= 0.0) return false;
  const double t = (other - from).dot(d) / len2;
  if (t <= 0.0) return false;  // behind the mover
  if (Distance(from, other) >= std::sqrt(len2)) return false;
  return PointSegmentDistance(other, from, to) <= radius;
}

Path PathTowards(const Vec2& from, const Vec2& goal, double max_length,
                 const std::vector<Obstacle>& obstacles, Turn hand, double stop_short,
                 double clearance, PathSamples* reuse) {
  Path path;
  PathTowards(from, goal, max_length, obstacles, hand, stop_short, clearance, reuse, &path);
  return path;
}

void PathTowards(const Vec2& from, const Vec2& goal, double max_length,
                 const std::vector<Obstacle>& obstacles, Turn hand, double stop_short,
                 double clearance, PathSamples* reuse, Path* out) {
  Path& path = *out;
  path.points.clear();
  path.length = 0.0;
  path.reached = false;
  path.blocked = false;
  path.detoured = false;
  path.points.reserve(4);  // the usual path (a start, a waypoint or two, an end): one allocation
  path.points.push_back(from);
  stop_short = std::max(0.0, stop_short);
  if ((goal - from).norm() <= stop_short + kEps) {
    path.reached = true;
    return;
  }
  if (!(max_length > 0.0)) return;

  // Most moves pass no obstacle: when the box of the straight way is
  // further from every obstacle's box than the clearance (and then some),
  // the search below would find the straight way; it is taken at once.
  // The search's route (the straight way needs none), kept between
  // searches on a thread.
  thread_local std::vector<Vec2> route;
  const Vec2 straight[2] = {from, goal};
  const double reach = std::max(0.0, clearance) + kMargin + kFieldBoxSlack;
  const bool open_way = std::all_of(obstacles.begin(), obstacles.end(), [&](const Obstacle& o) {
    return o.boxed &&
           (std::max(from.x(), goal.x()) < o.box_lo.x() - reach ||
            std::min(from.x(), goal.x()) > o.box_hi.x() + reach ||
            std::max(from.y(), goal.y()) < o.box_lo.y() - reach ||
            std::min(from.y(), goal.y()) > o.box_hi.y() + reach);
  });
  if (!open_way) {
    thread_local Field field;  // kept between searches on a thread
    MakeField(from, obstacles, clearance, &field);
    if (reuse != nullptr && field.pristine) {
      PathSamplesAccess::Prepare(*reuse, obstacles, clearance);
      field.shared = reuse;
    }
    if (GreedyRoute(field, from, goal, stop_short, hand, &route) == RouteResult::kStuck) {
      if (!GraphRoute(field, from, goal, stop_short, &route)) {
        path.blocked = true;
        return;
      }
    }
  }
  const Vec2* const way = open_way ? straight : route.data();
  const size_t way_size = open_way ? 2 : route.size();
  // An intermediate waypoint means the route goes round something.
  path.detoured = way_size > 2 || (way_size == 2 && (way[1] - goal).norm() > kEps &&
                                   std::abs(Cross(way[1] - from, goal - from)) >
                                       1e-6 * (goal - from).norm());

  // Walk the route within the length budget, stopping short of the goal.
  double remaining = max_length;
  for (size_t i = 1; i < way_size; ++i) {
    const Vec2 a = path.points.back();
    const Vec2 b = way[i];
    const double len = (b - a).norm();
    if (len <= 1e-12) continue;
    const double t_stop = FirstWithin(a, b, goal, stop_short);
    const double t_budget = remaining / len;
    const double t_end = std::min({1.0, t_stop, t_budget});
    if (t_end > 0.0) {
      path.points.push_back(t_end >= 1.0 ? b : Vec2(a + t_end * (b - a)));
      path.length += t_end * len;
      remaining = std::max(0.0, max_length - path.length);
    }
    if (t_end < 1.0 || t_stop <= 1.0) break;
  }
  path.length = std::min(path.length, max_length);
  path.reached = (path.points.back() - goal).norm() <= stop_short + 1e-6;
  if (path.points.size() == 1) path.blocked = !path.reached;
}

Vec2 StepTowards(const Vec2& from, const Vec2& towards, double distance) {
  const Vec2 d = towards - from;
  const double len = d.norm();
  if (len <= 0.0) return from;
  return from + d * (distance / len);
}

Vec2 ClampToTable(const Vec2& p, double width, double height) {
  return Vec2(std::clamp(p.x(), 0.0, std::max(0.0, width)),
              std::clamp(p.y(), 0.0, std::max(0.0, height)));
}

}  // namespace impi
