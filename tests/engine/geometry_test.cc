// tests/engine/geometry_test.cc: distances, obstacles, line of sight, paths.
#include "engine/core/geometry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"

namespace impi {
namespace {

double Cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

double SegmentDistance(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  if (len2 == 0.0) return (p - a).norm();
  const double t = std::clamp((p - a).dot(ab) / len2, 0.0, 1.0);
  return (p - (a + t * ab)).norm();
}

// Smallest distance between a path's legs and a disc's centre, sampled
// finely along each leg.
double MinDistanceAlong(const Path& p, const Vec2& c) {
  double best = std::numeric_limits<double>::infinity();
  for (size_t i = 1; i < p.points.size(); ++i) {
    best = std::min(best, SegmentDistance(c, p.points[i - 1], p.points[i]));
  }
  return best;
}

double Polylength(const std::vector<Vec2>& pts) {
  double len = 0.0;
  for (size_t i = 1; i < pts.size(); ++i) len += (pts[i] - pts[i - 1]).norm();
  return len;
}

// True if no leg of the path touches the obstacle.
bool PathClear(const Path& p, const Obstacle& o) {
  for (size_t i = 1; i < p.points.size(); ++i) {
    if (SegmentHits(p.points[i - 1], p.points[i], o)) return false;
  }
  return true;
}

std::vector<Vec2> Square(double x0, double y0, double x1, double y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

TEST(HexTest, HexDistance) {
  EXPECT_EQ(HexDistance({0, 0}, {0, 0}), 0);
  EXPECT_EQ(HexDistance({0, 0}, {1, 0}), 1);
  EXPECT_EQ(HexDistance({0, 0}, {1, -1}), 1);
  EXPECT_EQ(HexDistance({0, 0}, {2, 1}), 3);
  EXPECT_EQ(HexDistance({0, 0}, {2, -1}), 2);
  EXPECT_EQ(HexDistance({3, -2}, {-1, 4}), 6);
  EXPECT_EQ(HexDistance({-1, 4}, {3, -2}), 6);
}

TEST(GeometryTest, DistanceStepAndClamp) {
  EXPECT_DOUBLE_EQ(Distance({0, 0}, {3, 4}), 5.0);
  const Vec2 s = StepTowards({1, 1}, {4, 5}, 2.5);
  EXPECT_NEAR(s.x(), 2.5, 1e-12);
  EXPECT_NEAR(s.y(), 3.0, 1e-12);
  EXPECT_EQ(StepTowards({2, 2}, {2, 2}, 3.0), Vec2(2, 2));
  // Beyond the target is allowed: it is a direction, not a destination.
  EXPECT_NEAR(StepTowards({0, 0}, {1, 0}, 3.0).x(), 3.0, 1e-12);
  EXPECT_EQ(ClampToTable({-1, 50}, 72, 48), Vec2(0, 48));
  EXPECT_EQ(ClampToTable({80, -3}, 72, 48), Vec2(72, 0));
  EXPECT_EQ(ClampToTable({10, 20}, 72, 48), Vec2(10, 20));
}

TEST(GeometryTest, MeanOfPoints) {
  EXPECT_EQ(MeanOfPoints({}), Vec2(0, 0));
  EXPECT_EQ(MeanOfPoints({{3, -2}}), Vec2(3, -2));
  const Vec2 sq = MeanOfPoints(Square(0, 0, 4, 4));
  EXPECT_DOUBLE_EQ(sq.x(), 2.0);
  EXPECT_DOUBLE_EQ(sq.y(), 2.0);
  // The mean of the vertices, not the area centroid: an extra vertex on one
  // side pulls it towards that side (the square's centroid stays at 2, 2).
  const Vec2 pulled = MeanOfPoints({{0, 0}, {4, 0}, {4, 2}, {4, 4}, {0, 4}});
  EXPECT_DOUBLE_EQ(pulled.x(), 12.0 / 5.0);  // (0 + 4 + 4 + 4 + 0) / 5, not 2
  EXPECT_DOUBLE_EQ(pulled.y(), 2.0);
}

TEST(GeometryTest, PointInPolygon) {
  const std::vector<Vec2> sq = Square(0, 0, 4, 4);
  EXPECT_TRUE(PointInPolygon({2, 2}, sq));
  EXPECT_FALSE(PointInPolygon({5, 2}, sq));
  EXPECT_FALSE(PointInPolygon({-0.1, 2}, sq));
  EXPECT_TRUE(PointInPolygon({4, 2}, sq));  // boundary counts as inside
  EXPECT_TRUE(PointInPolygon({0, 0}, sq));  // so does a vertex
  // A concave "L": the notch is outside.
  const std::vector<Vec2> ell = {{0, 0}, {4, 0}, {4, 1}, {1, 1}, {1, 4}, {0, 4}};
  EXPECT_TRUE(PointInPolygon({0.5, 3}, ell));
  EXPECT_TRUE(PointInPolygon({3, 0.5}, ell));
  EXPECT_FALSE(PointInPolygon({3, 3}, ell));
  // Orientation does not matter.
  std::vector<Vec2> cw(sq.rbegin(), sq.rend());
  EXPECT_TRUE(PointInPolygon({2, 2}, cw));
  EXPECT_FALSE(PointInPolygon({2, 5}, cw));
}

TEST(GeometryTest, SegmentHitsDisc) {
  const Obstacle d = Obstacle::Disc({5, 0}, 1.0);
  EXPECT_TRUE(SegmentHits({0, 0}, {10, 0}, d));
  EXPECT_TRUE(SegmentHits({0, 0.9}, {10, 0.9}, d));
  EXPECT_TRUE(SegmentHits({0, 1.0}, {10, 1.0}, d));  // touching
  EXPECT_FALSE(SegmentHits({0, 1.1}, {10, 1.1}, d));
  EXPECT_FALSE(SegmentHits({0, 0}, {3.9, 0}, d));  // stops short
  EXPECT_TRUE(SegmentHits({5, 0.5}, {5, 0.6}, d));  // wholly inside
}

TEST(GeometryTest, SegmentHitsPolygon) {
  const Obstacle p = Obstacle::Polygon(Square(10, 10, 14, 14));
  EXPECT_TRUE(SegmentHits({0, 12}, {30, 12}, p));
  EXPECT_FALSE(SegmentHits({0, 15}, {30, 15}, p));
  EXPECT_TRUE(SegmentHits({0, 14}, {30, 14}, p));    // along an edge
  EXPECT_TRUE(SegmentHits({11, 11}, {13, 13}, p));   // inside
  EXPECT_FALSE(SegmentHits({0, 0}, {9, 9.9}, p));    // stops short
  EXPECT_TRUE(SegmentHits({9, 12}, {10, 12}, p));    // ends on the boundary
}

TEST(GeometryTest, SegmentHitsPolyline) {
  const Obstacle wall = Obstacle::Polyline({{10, -5}, {10, 5}, {15, 5}});
  EXPECT_TRUE(SegmentHits({0, 0}, {20, 0}, wall));
  EXPECT_FALSE(SegmentHits({0, 6}, {20, 6}, wall));
  EXPECT_TRUE(SegmentHits({12, 0}, {12, 10}, wall));  // second leg
  // A polyline is open: a segment between its arms does not hit it.
  EXPECT_FALSE(SegmentHits({11, 0}, {14, 4}, wall));
  EXPECT_FALSE(SegmentHits({16, -5}, {16, 10}, wall));
}

TEST(GeometryTest, LineOfSight) {
  const std::vector<Obstacle> blockers = {Obstacle::Polygon(Square(10, 10, 14, 14)),
                                          Obstacle::Disc({30, 0}, 1.0)};
  EXPECT_FALSE(LineOfSight({0, 12}, {20, 12}, blockers));   // through the wood
  EXPECT_TRUE(LineOfSight({0, 16}, {20, 16}, blockers));    // beside it
  EXPECT_FALSE(LineOfSight({25, 0}, {35, 0}, blockers));    // through the disc
  EXPECT_TRUE(LineOfSight({25, 2}, {35, 2}, blockers));     // beside the disc
  EXPECT_TRUE(LineOfSight({0, 12}, {20, 12}, {}));
}

TEST(GeometryTest, GetsInTheWay) {
  // Across the line, nearer than the target.
  EXPECT_TRUE(GetsInTheWay({0, 0}, {20, 0}, {10, 0.5}, 1.0));
  EXPECT_TRUE(GetsInTheWay({0, 0}, {20, 0}, {10, -1.0}, 1.0));
  // Beside the line.
  EXPECT_FALSE(GetsInTheWay({0, 0}, {20, 0}, {10, 2.0}, 1.0));
  // Beyond the target, or behind the mover.
  EXPECT_FALSE(GetsInTheWay({0, 0}, {20, 0}, {25, 0}, 1.0));
  EXPECT_FALSE(GetsInTheWay({0, 0}, {20, 0}, {-3, 0}, 1.0));
  // Degenerate line.
  EXPECT_FALSE(GetsInTheWay({0, 0}, {0, 0}, {0, 0}, 1.0));
}

TEST(PathTest, StraightWhenClear) {
  const Path p = PathTowards({0, 0}, {30, 0}, 12.0, {}, Turn::kLeft);
  ASSERT_EQ(p.points.size(), 2u);
  EXPECT_NEAR(p.points[1].x(), 12.0, 1e-9);
  EXPECT_NEAR(p.points[1].y(), 0.0, 1e-9);
  EXPECT_NEAR(p.length, 12.0, 1e-9);
  EXPECT_FALSE(p.reached);
  EXPECT_FALSE(p.blocked);
  EXPECT_FALSE(p.detoured);
}

TEST(PathTest, ReachesANearGoal) {
  const std::vector<Obstacle> far = {Obstacle::Disc({0, 30}, 2.0)};
  const Path p = PathTowards({0, 0}, {6, 8}, 12.0, far, Turn::kRight);
  ASSERT_EQ(p.points.size(), 2u);
  EXPECT_EQ(p.points.back(), Vec2(6, 8));
  EXPECT_NEAR(p.length, 10.0, 1e-9);
  EXPECT_TRUE(p.reached);
  EXPECT_FALSE(p.detoured);
}

TEST(PathTest, StopShortOfTheGoal) {
  const Path p = PathTowards({0, 0}, {10, 0}, 20.0, {}, Turn::kLeft, /*stop_short=*/2.0);
  EXPECT_TRUE(p.reached);
  EXPECT_NEAR(p.points.back().x(), 8.0, 1e-9);
  EXPECT_NEAR(p.length, 8.0, 1e-9);
  // Already within stop_short: no move, reached, not blocked.
  const Path q = PathTowards({9, 0}, {10, 0}, 20.0, {}, Turn::kLeft, 2.0);
  EXPECT_EQ(q.points.size(), 1u);
  EXPECT_TRUE(q.reached);
  EXPECT_FALSE(q.blocked);
  EXPECT_EQ(q.length, 0.0);
}

TEST(PathTest, GoesRoundASquareOnTheHandSide) {
  const Vec2 from(0, 12);
  const Vec2 goal(30, 12);
  const Obstacle sq = Obstacle::Polygon(Square(10, 10, 14, 14));
  for (Turn hand : {Turn::kLeft, Turn::kRight}) {
    SCOPED_TRACE(hand == Turn::kLeft ? "left" : "right");
    const Path p = PathTowards(from, goal, 100.0, {sq}, hand);
    const double sign = hand == Turn::kLeft ? 1.0 : -1.0;
    ASSERT_GE(p.points.size(), 3u);
    EXPECT_TRUE(p.reached);
    EXPECT_TRUE(p.detoured);
    EXPECT_FALSE(p.blocked);
    EXPECT_EQ(p.points.front(), from);
    EXPECT_EQ(p.points.back(), goal);
    double furthest = 0.0;
    for (const Vec2& w : p.points) {
      const double side = sign * Cross(goal - from, w - from);
      EXPECT_GE(side, -1e-9) << w.transpose();
      furthest = std::max(furthest, side / (goal - from).norm());
    }
    // Passed beyond the square's edge plus the clearance.
    EXPECT_GT(furthest, 2.4);
    EXPECT_TRUE(PathClear(p, sq));
    EXPECT_NEAR(p.length, Polylength(p.points), 1e-9);
    // Not absurdly long: the detour is a few inches at most.
    EXPECT_LT(p.length, 36.0);
  }
}

TEST(PathTest, KeepsClearanceFromADisc) {
  const Vec2 c(10, 0);
  const std::vector<Obstacle> obs = {Obstacle::Disc(c, 1.5)};
  const Path left = PathTowards({0, 0}, {20, 0}, 40.0, obs, Turn::kLeft, 0.0, 0.5);
  const Path right = PathTowards({0, 0}, {20, 0}, 40.0, obs, Turn::kRight, 0.0, 0.5);
  EXPECT_TRUE(left.reached);
  EXPECT_TRUE(right.reached);
  EXPECT_GE(MinDistanceAlong(left, c), 2.0 - 1e-6);
  EXPECT_GE(MinDistanceAlong(right, c), 2.0 - 1e-6);
  double max_y = -100, min_y = 100;
  for (const Vec2& w : left.points) max_y = std::max(max_y, w.y());
  for (const Vec2& w : right.points) min_y = std::min(min_y, w.y());
  EXPECT_GT(max_y, 1.9);   // left of +x is +y
  EXPECT_LT(min_y, -1.9);
}

TEST(PathTest, GoesRoundAWallOnTheHandSide) {
  const std::vector<Obstacle> obs = {Obstacle::Polyline({{10, -5}, {10, 5}})};
  const Path left = PathTowards({0, 0}, {20, 0}, 60.0, obs, Turn::kLeft);
  const Path right = PathTowards({0, 0}, {20, 0}, 60.0, obs, Turn::kRight);
  ASSERT_TRUE(left.reached);
  ASSERT_TRUE(right.reached);
  for (const Vec2& w : left.points) EXPECT_GE(w.y(), -1e-9);
  for (const Vec2& w : right.points) EXPECT_LE(w.y(), 1e-9);
  EXPECT_TRUE(PathClear(left, obs[0]));
  EXPECT_TRUE(PathClear(right, obs[0]));
}

TEST(PathTest, GoesRoundTouchingDiscsAsOne) {
  // Two units shoulder to shoulder; the left one's tangent is hidden behind
  // the other, so going left means round both.
  const std::vector<Obstacle> obs = {Obstacle::Disc({10, 0}, 1.0),
                                     Obstacle::Disc({10, 2}, 1.0)};
  const Path p = PathTowards({0, 0}, {20, 0}, 60.0, obs, Turn::kLeft);
  ASSERT_TRUE(p.reached);
  for (const Obstacle& o : obs) EXPECT_TRUE(PathClear(p, o));
  double max_y = -100;
  for (const Vec2& w : p.points) max_y = std::max(max_y, w.y());
  EXPECT_GT(max_y, 3.0);
  for (const Vec2& w : p.points) EXPECT_GE(w.y(), -1e-9);
}

TEST(PathTest, LengthNeverExceedsTheBudget) {
  const std::vector<Obstacle> obs = {Obstacle::Polygon(Square(10, 10, 14, 14)),
                                     Obstacle::Disc({20, 13}, 1.0),
                                     Obstacle::Polyline({{24, 6}, {24, 18}})};
  for (double budget : {0.5, 3.0, 7.0, 9.7, 11.0, 12.0, 15.0, 22.5, 30.0, 60.0}) {
    for (Turn hand : {Turn::kLeft, Turn::kRight}) {
      const Path p = PathTowards({0, 12}, {34, 12}, budget, obs, hand);
      EXPECT_LE(p.length, budget) << budget;
      EXPECT_LE(Polylength(p.points), budget + 1e-9) << budget;
      EXPECT_NEAR(p.length, Polylength(p.points), 1e-9);
      EXPECT_FALSE(p.blocked);
      for (const Obstacle& o : obs) EXPECT_TRUE(PathClear(p, o)) << budget;
    }
  }
}

TEST(PathTest, KeptSamplesChangeNoPath) {
  // One PathSamples kept across searches over one list (and moved to a
  // second list and clearance, and back) gives the very paths a search
  // without it gives: from far starts (whose samples it keeps) and from
  // starts close to or touching an obstacle (whose samples it must not use).
  const std::vector<Obstacle> obs = {Obstacle::Polygon(Square(10, 10, 14, 14)),
                                     Obstacle::Disc({20, 13}, 1.0),
                                     Obstacle::Polyline({{24, 6}, {24, 18}})};
  const std::vector<Obstacle> other = {Obstacle::Polygon(Square(12, 8, 16, 12))};
  const std::vector<Vec2> starts = {{0, 12}, {0, 11}, {9.8, 12}, {14, 12}, {20, 11.6},
                                    {23.7, 12}, {5, 2}, {12, 20}};
  PathSamples kept;
  int detours = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto* list : {&obs, &other, &obs}) {
      for (double clearance : {0.5, 0.5, 1.0}) {
        for (const Vec2& from : starts) {
          for (Turn hand : {Turn::kLeft, Turn::kRight}) {
            const Path fresh = PathTowards(from, {34, 12}, 40.0, *list, hand, 0.0, clearance);
            const Path reused =
                PathTowards(from, {34, 12}, 40.0, *list, hand, 0.0, clearance, &kept);
            EXPECT_EQ(fresh.points, reused.points) << from.transpose() << " " << clearance;
            EXPECT_EQ(fresh.length, reused.length);
            EXPECT_EQ(fresh.reached, reused.reached);
            EXPECT_EQ(fresh.blocked, reused.blocked);
            EXPECT_EQ(fresh.detoured, reused.detoured);
            detours += fresh.detoured ? 1 : 0;
          }
        }
      }
    }
  }
  EXPECT_GT(detours, 20);  // the searches above went round things
}

TEST(PathTest, CutMidDetourNeverEndsInAnObstacle) {
  const Obstacle sq = Obstacle::Polygon(Square(10, 10, 14, 14));
  for (double budget = 9.0; budget < 20.0; budget += 0.25) {
    const Path p = PathTowards({0, 12}, {30, 12}, budget, {sq}, Turn::kLeft);
    EXPECT_FALSE(PointInPolygon(p.points.back(), sq.vertices)) << budget;
    EXPECT_TRUE(PathClear(p, sq)) << budget;
  }
}

TEST(PathTest, FullyEnclosedIsBlocked) {
  // A closed ring of wall round the mover.
  const std::vector<Obstacle> ring = {
      Obstacle::Polyline({{5, 5}, {15, 5}, {15, 15}, {5, 15}, {5, 5}})};
  const Path p = PathTowards({10, 10}, {30, 10}, 12.0, ring, Turn::kLeft);
  EXPECT_TRUE(p.blocked);
  EXPECT_FALSE(p.reached);
  ASSERT_EQ(p.points.size(), 1u);
  EXPECT_EQ(p.points[0], Vec2(10, 10));
  EXPECT_EQ(p.length, 0.0);

  // A ring of touching discs.
  std::vector<Obstacle> discs;
  for (int k = 0; k < 12; ++k) {
    const double a = 2.0 * 3.14159265358979 * k / 12;
    discs.push_back(Obstacle::Disc(Vec2(10, 10) + 4.0 * Vec2(std::cos(a), std::sin(a)), 1.2));
  }
  const Path q = PathTowards({10, 10}, {30, 10}, 12.0, discs, Turn::kRight);
  EXPECT_TRUE(q.blocked);
  EXPECT_EQ(q.points.size(), 1u);
}

TEST(PathTest, LeavesAnOpenRing) {
  // The same ring with a gap on the far side: the way out is found.
  const std::vector<Obstacle> horseshoe = {
      Obstacle::Polyline({{15, 8}, {15, 5}, {5, 5}, {5, 15}, {15, 15}, {15, 12}})};
  const Path p = PathTowards({10, 10}, {30, 10}, 40.0, horseshoe, Turn::kLeft);
  EXPECT_TRUE(p.reached);
  EXPECT_FALSE(p.blocked);
  EXPECT_TRUE(PathClear(p, horseshoe[0]));
  // And from outside the closed back, round it.
  const Path q = PathTowards({0, 10}, {30, 10}, 80.0, horseshoe, Turn::kLeft);
  EXPECT_TRUE(q.reached);
  EXPECT_TRUE(PathClear(q, horseshoe[0]));
}

TEST(PathTest, GoalInsideAnObstacleStopsAtItsEdge) {
  const Obstacle target = Obstacle::Disc({20, 0}, 2.0);
  const Path p = PathTowards({0, 0}, {20, 0}, 40.0, {target}, Turn::kLeft, 0.0, 0.5);
  EXPECT_FALSE(p.reached);
  EXPECT_FALSE(p.blocked);
  EXPECT_FALSE(p.detoured);
  EXPECT_NEAR(p.points.back().x(), 17.5, 1e-3);
  EXPECT_NEAR(p.points.back().y(), 0.0, 1e-9);
  // With stop_short reaching past the edge it counts as reached.
  const Path q = PathTowards({0, 0}, {20, 0}, 40.0, {target}, Turn::kLeft, 3.0, 0.5);
  EXPECT_TRUE(q.reached);
  EXPECT_NEAR(q.points.back().x(), 17.0, 1e-9);
}

TEST(PathTest, StopShortAfterADetour) {
  const Obstacle sq = Obstacle::Polygon(Square(10, 10, 14, 14));
  const Path p = PathTowards({0, 12}, {20, 12}, 100.0, {sq}, Turn::kRight, 3.0);
  EXPECT_TRUE(p.reached);
  EXPECT_NEAR((p.points.back() - Vec2(20, 12)).norm(), 3.0, 1e-6);
  EXPECT_TRUE(p.detoured);
}

TEST(PathTest, StartingCloseToAnObstacleCanMoveAway) {
  const Obstacle d = Obstacle::Disc({0, 0}, 1.0);
  // 0.2 inches from the disc, less than the clearance.
  const Path p = PathTowards({1.2, 0}, {10, 0}, 5.0, {d}, Turn::kLeft, 0.0, 0.5);
  EXPECT_FALSE(p.blocked);
  EXPECT_NEAR(p.length, 5.0, 1e-9);
}

TEST(PathTest, Deterministic) {
  const std::vector<Obstacle> obs = {Obstacle::Polygon(Square(10, 10, 14, 14)),
                                     Obstacle::Disc({20, 13}, 1.0)};
  const Path a = PathTowards({0, 12}, {34, 12}, 25.0, obs, Turn::kLeft);
  const Path b = PathTowards({0, 12}, {34, 12}, 25.0, obs, Turn::kLeft);
  ASSERT_EQ(a.points.size(), b.points.size());
  for (size_t i = 0; i < a.points.size(); ++i) EXPECT_EQ(a.points[i], b.points[i]);
  EXPECT_EQ(a.length, b.length);
}

// The bounding boxes the factories give obstacles (Obstacle::boxed) only
// let tests skip geometry whose answer they settle: the same obstacles
// without their boxes give the same answers, bit for bit, for paths
// (straight, round and blocked), points inside and line of sight.
TEST(ObstacleBoxTest, BoxesChangeNoAnswer) {
  const std::vector<Obstacle> boxed = {
      Obstacle::Polygon({{10, 10}, {18, 9}, {20, 16}, {13, 19}, {9, 15}}),
      Obstacle::Polygon(Square(30, 2, 34, 30)),
      Obstacle::Polyline({{40, 20}, {44, 26}, {50, 27}}),
      Obstacle::Disc({24, 30}, 2.5),
  };
  std::vector<Obstacle> plain = boxed;
  for (Obstacle& o : plain) {
    ASSERT_TRUE(o.boxed);
    o.boxed = false;
  }
  // A fixed scatter of points over and round the obstacles (a small LCG:
  // the same points every run).
  uint64_t x = 12345;
  auto next = [&x](double lo, double hi) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * static_cast<double>(x >> 11) / static_cast<double>(1ull << 53);
  };
  int detoured = 0, straight = 0, inside = 0;
  for (int i = 0; i < 400; ++i) {
    const Vec2 a(next(-5, 60), next(-5, 40));
    const Vec2 b(next(-5, 60), next(-5, 40));
    for (size_t k = 0; k < boxed.size(); ++k) {
      ASSERT_EQ(InsidePolygon(a, boxed[k]), InsidePolygon(a, plain[k])) << i << " " << k;
      inside += InsidePolygon(a, boxed[k]) ? 1 : 0;
      ASSERT_EQ(SegmentHits(a, b, boxed[k]), SegmentHits(a, b, plain[k])) << i << " " << k;
    }
    ASSERT_EQ(LineOfSight(a, b, boxed), LineOfSight(a, b, plain)) << i;
    for (const double clearance : {0.0, 0.5, 2.0}) {
      const double budget = next(1, 60);
      const Path t = PathTowards(a, b, budget, boxed, Turn::kLeft, 0.0, clearance);
      const Path r = PathTowards(a, b, budget, plain, Turn::kLeft, 0.0, clearance);
      ASSERT_EQ(t.points, r.points) << i << " clearance " << clearance;
      ASSERT_EQ(t.blocked, r.blocked);
      ASSERT_EQ(t.detoured, r.detoured);
      ASSERT_EQ(t.reached, r.reached);
      ASSERT_EQ(t.length, r.length);
      (t.detoured ? detoured : straight) += 1;
    }
  }
  // The scatter exercised both kinds of way and points inside.
  EXPECT_GT(detoured, 20);
  EXPECT_GT(straight, 20);
  EXPECT_GT(inside, 5);
}

// BlockerSet::From (sight lines from one point to many), and Clear with
// what it learns of the viewer remembered, answer as BlockerSet::Clear, bit
// for bit: viewers outside every obstacle (narrow
// arcs), close beside one (wide arcs), inside a polygon, exactly on an edge
// and on a vertex; targets beyond, short of, on and inside the obstacles.
TEST(BlockerSetTest, SightFromOnePointAnswersAsClear) {
  BlockerSet set;
  set.Add(Obstacle::Polygon({{10, 10}, {18, 9}, {20, 16}, {13, 19}, {9, 15}}));
  set.Add(Obstacle::Polygon(Square(30, 2, 34, 30)));
  // A U-shaped hill: a viewer in its pocket sees it all round.
  set.Add(Obstacle::Polygon({{40, 30}, {52, 30}, {52, 40}, {49, 40}, {49, 33}, {43, 33},
                             {43, 40}, {40, 40}}));
  set.Add(Obstacle::Polyline({{40, 20}, {44, 26}, {50, 27}}));
  set.Add(Obstacle::Polyline({{5, 35}}));  // a single point
  set.Add(Obstacle::Disc({24, 30}, 2.5));
  uint64_t x = 777;
  auto next = [&x](double lo, double hi) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * static_cast<double>(x >> 11) / static_cast<double>(1ull << 53);
  };
  std::vector<Vec2> viewers = {{18, 9},  {14, 9.5}, {30, 10}, {29.999999, 10}, {46, 36},
                               {46, 31}, {44, 26},  {5, 35},  {24, 27.5},      {15, 15}};
  for (int i = 0; i < 60; ++i) viewers.push_back(Vec2(next(-5, 60), next(-5, 45)));
  int blocked = 0, clear = 0;
  for (const Vec2& a : viewers) {
    const BlockerSet::From sight = set.Viewer(a);
    // Clear's other form: whether a stands inside each obstacle, remembered
    // from the viewer's first lines for the rest.
    std::vector<signed char> inside(set.obstacles().size(), -1);
    std::vector<Vec2> targets = {a, {20, 16}, {32, 16}, {46, 35}, {42, 23}, {5, 35}};
    for (int k = 0; k < 150; ++k) targets.push_back(Vec2(next(-5, 60), next(-5, 45)));
    for (const Vec2& b : targets) {
      const bool want = set.Clear(a, b);
      ASSERT_EQ(sight.Clear(b), want) << "from (" << a.x() << ", " << a.y() << ") to ("
                                      << b.x() << ", " << b.y() << ")";
      ASSERT_EQ(set.Clear(a, b, absl::MakeSpan(inside)), want)
          << "remembering, from (" << a.x() << ", " << a.y() << ") to (" << b.x() << ", "
          << b.y() << ")";
      (want ? clear : blocked) += 1;
    }
  }
  // Both answers were exercised, many times.
  EXPECT_GT(blocked, 1000);
  EXPECT_GT(clear, 1000);
}

}  // namespace
}  // namespace impi
