// tests/engine/hex_map_test.cc: hex coordinates, lines, hexsides, buildings,
// stacks, line of sight and validation.
#include "engine/core/hex_map.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr double kSqrt3 = 1.7320508075688772;

std::vector<HexCoord> Reversed(std::vector<HexCoord> v) {
  std::reverse(v.begin(), v.end());
  return v;
}

// --- Coordinates -------------------------------------------------------------

TEST(HexDirectionTest, StepsPointTheNamedWayOnTheMap) {
  const HexLayout layout;
  const Vec2 c = HexCenter({0, 0}, layout);
  // y grows south; the six neighbours' centres are sqrt(3) away, at the
  // compass bearings of flat-topped hexes.
  const struct {
    HexDirection d;
    double dx, dy;
  } kWant[] = {
      {HexDirection::kNorth, 0.0, -kSqrt3},      {HexDirection::kNorthEast, 1.5, -kSqrt3 / 2},
      {HexDirection::kSouthEast, 1.5, kSqrt3 / 2}, {HexDirection::kSouth, 0.0, kSqrt3},
      {HexDirection::kSouthWest, -1.5, kSqrt3 / 2}, {HexDirection::kNorthWest, -1.5, -kSqrt3 / 2},
  };
  for (const auto& w : kWant) {
    const Vec2 n = HexCenter(Neighbor({0, 0}, w.d), layout);
    EXPECT_NEAR(n.x() - c.x(), w.dx, 1e-12) << HexDirectionName(w.d);
    EXPECT_NEAR(n.y() - c.y(), w.dy, 1e-12) << HexDirectionName(w.d);
    EXPECT_EQ(HexDistance({0, 0}, Neighbor({0, 0}, w.d)), 1);
    EXPECT_EQ(Neighbor(Neighbor({3, -2}, w.d), Opposite(w.d)), (HexCoord{3, -2}));
    EXPECT_EQ(DirectionTo({3, -2}, Neighbor({3, -2}, w.d)), w.d);
  }
  EXPECT_EQ(DirectionTo({0, 0}, {2, -1}), std::nullopt);
  EXPECT_EQ(DirectionTo({0, 0}, {0, 0}), std::nullopt);
  EXPECT_EQ(Opposite(HexDirection::kNorthEast), HexDirection::kSouthWest);
  EXPECT_THAT(Neighbors({1, 1}), ElementsAre(HexCoord{1, 0}, HexCoord{2, 0}, HexCoord{2, 1},
                                             HexCoord{1, 2}, HexCoord{0, 2}, HexCoord{0, 1}));
}

TEST(HexRingTest, RingsAreClockwiseFromNorthAndRangesNearestFirst) {
  EXPECT_THAT(HexRing({2, 2}, 0), ElementsAre(HexCoord{2, 2}));
  EXPECT_THAT(HexRing({2, 2}, -1), IsEmpty());
  EXPECT_THAT(HexRing({0, 0}, 1), ElementsAre(HexCoord{0, -1}, HexCoord{1, -1}, HexCoord{1, 0},
                                              HexCoord{0, 1}, HexCoord{-1, 1}, HexCoord{-1, 0}));
  for (int radius = 1; radius <= 6; ++radius) {
    const std::vector<HexCoord> ring = HexRing({3, -1}, radius);
    ASSERT_EQ(ring.size(), 6u * radius);
    EXPECT_EQ(ring.front(), (HexCoord{3, -1 - radius}));
    std::set<std::pair<int, int>> unique;
    for (size_t i = 0; i < ring.size(); ++i) {
      EXPECT_EQ(HexDistance({3, -1}, ring[i]), radius);
      EXPECT_EQ(HexDistance(ring[i], ring[(i + 1) % ring.size()]), 1);
      unique.insert({ring[i].q, ring[i].r});
    }
    EXPECT_EQ(unique.size(), ring.size());

    const std::vector<HexCoord> range = HexRange({3, -1}, radius);
    EXPECT_EQ(range.size(), static_cast<size_t>(1 + 3 * radius * (radius + 1)));
    int last = 0;
    std::set<std::pair<int, int>> in_range;
    for (const HexCoord h : range) {
      const int d = HexDistance({3, -1}, h);
      EXPECT_LE(d, radius);
      EXPECT_GE(d, last);
      last = d;
      in_range.insert({h.q, h.r});
    }
    EXPECT_EQ(in_range.size(), range.size());
  }
}

TEST(HexPixelTest, CentresRoundTripAndPointsGoToTheNearestCentre) {
  const HexLayout layout{2.5, Vec2(10.0, -4.0)};
  for (const HexCoord h : HexRange({1, 1}, 7)) {
    EXPECT_EQ(HexAt(HexCenter(h, layout), layout), h);
    for (const Vec2& corner : HexCorners(h, layout)) {
      EXPECT_NEAR((corner - HexCenter(h, layout)).norm(), 2.5, 1e-12);
    }
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-30.0, 30.0);
  for (int i = 0; i < 5000; ++i) {
    const Vec2 p(coord(rng), coord(rng));
    const HexCoord h = HexAt(p, layout);
    // The nearest centre (the hexes form the Voronoi cells of their centres).
    double best = 1e18, second = 1e18;
    HexCoord nearest;
    for (const HexCoord c : HexRange(h, 2)) {
      const double d = (HexCenter(c, layout) - p).norm();
      if (d < best) {
        second = best;
        best = d;
        nearest = c;
      } else if (d < second) {
        second = d;
      }
    }
    if (second - best < 1e-9) continue;  // on a hexside
    EXPECT_EQ(h, nearest) << p.transpose();
  }
}

TEST(HexSideTest, EachSideHasOneCanonicalNameOwnedByOneOfItsHexes) {
  for (const HexCoord h : HexRange({0, 0}, 3)) {
    for (const HexDirection d : kAllHexDirections) {
      const HexSide s = SideOf(h, d);
      EXPECT_LE(static_cast<int>(s.direction), 2);
      EXPECT_EQ(s, SideOf(Neighbor(h, d), Opposite(d)));
      EXPECT_EQ(SideBetween(h, Neighbor(h, d)), s);
      // The owner and the hex across are the side's two hexes.
      const std::set<std::pair<int, int>> pair = {{s.hex.q, s.hex.r},
                                                  {OtherHex(s).q, OtherHex(s).r}};
      const HexCoord n = Neighbor(h, d);
      EXPECT_EQ(pair, (std::set<std::pair<int, int>>{{h.q, h.r}, {n.q, n.r}}));
    }
  }
  EXPECT_EQ(SideOf({2, 2}, HexDirection::kSouth),
            (HexSide{{2, 3}, HexDirection::kNorth}));
  EXPECT_EQ(SideOf({2, 2}, HexDirection::kNorthWest),
            (HexSide{{1, 2}, HexDirection::kSouthEast}));
  EXPECT_EQ(SideBetween({0, 0}, {0, 2}), std::nullopt);
}

// --- Lines --------------------------------------------------------------------

TEST(HexLineTest, StraightLinesAlongAColumnAndAlongNeighbourDirections) {
  EXPECT_THAT(HexLine({2, 2}, {2, 2}), ElementsAre(HexCoord{2, 2}));
  EXPECT_THAT(HexLine({4, 4}, {4, 1}),
              ElementsAre(HexCoord{4, 4}, HexCoord{4, 3}, HexCoord{4, 2}, HexCoord{4, 1}));
  EXPECT_THAT(HexLine({0, 0}, {3, 0}),
              ElementsAre(HexCoord{0, 0}, HexCoord{1, 0}, HexCoord{2, 0}, HexCoord{3, 0}));
  const HexLineTrace t = TraceHexLine({0, 0}, {0, 3});
  EXPECT_FALSE(t.Tied());
  EXPECT_THAT(t.north.sides,
              ElementsAre(HexSide{{0, 1}, HexDirection::kNorth},
                          HexSide{{0, 2}, HexDirection::kNorth},
                          HexSide{{0, 3}, HexDirection::kNorth}));
}

TEST(HexLineTest, ALineAlongAHexsideTiesAndHexLineTakesTheNorthHex) {
  // Due east from (0,0) to (2,-1) runs along the side between (1,-1) (north
  // of the line) and (1,0) (south of it).
  const HexLineTrace t = TraceHexLine({0, 0}, {2, -1});
  EXPECT_TRUE(t.Tied());
  EXPECT_THAT(t.north.hexes, ElementsAre(HexCoord{0, 0}, HexCoord{1, -1}, HexCoord{2, -1}));
  EXPECT_THAT(t.south.hexes, ElementsAre(HexCoord{0, 0}, HexCoord{1, 0}, HexCoord{2, -1}));
  EXPECT_THAT(HexLine({0, 0}, {2, -1}), ElementsAre(HexCoord{0, 0}, HexCoord{1, -1},
                                                    HexCoord{2, -1}));
  // The same line drawn west takes the same hexes.
  EXPECT_THAT(HexLine({2, -1}, {0, 0}), ElementsAre(HexCoord{2, -1}, HexCoord{1, -1},
                                                    HexCoord{0, 0}));
  // The side between the two tied hexes lies along the line: crossed by neither.
  const HexSide along = *SideBetween({1, -1}, {1, 0});
  for (const HexSide& s : t.north.sides) EXPECT_NE(s, along);
  for (const HexSide& s : t.south.sides) EXPECT_NE(s, along);
}

TEST(HexLineTest, ALineThroughACornerTies) {
  // (0,0) to (5,-1) passes exactly through hex corners (a third and two
  // thirds of the way) without running along a side.
  const HexLineTrace t = TraceHexLine({0, 0}, {5, -1});
  EXPECT_TRUE(t.Tied());
  EXPECT_EQ(t.north.hexes.front(), (HexCoord{0, 0}));
  EXPECT_EQ(t.south.hexes.back(), (HexCoord{5, -1}));
  EXPECT_THAT(HexLine({0, 0}, {5, -1}), ::testing::ContainerEq(t.north.hexes));
}

// The hexes a segment passes through, in order, found by clipping it against
// every hexagon nearby (Cyrus-Beck): an oracle independent of TraceHexLine.
std::vector<HexCoord> ClippedHexes(const Vec2& p0, const Vec2& p1, HexCoord near, int radius,
                                   const HexLayout& layout) {
  std::vector<std::pair<double, HexCoord>> hits;
  const Vec2 d = p1 - p0;
  for (const HexCoord h : HexRange(near, radius)) {
    const auto corners = HexCorners(h, layout);
    const Vec2 c = HexCenter(h, layout);
    double t0 = 0.0, t1 = 1.0;
    for (int k = 0; k < 6; ++k) {
      const Vec2 a = corners[k];
      const Vec2 b = corners[(k + 1) % 6];
      Vec2 n(b.y() - a.y(), a.x() - b.x());  // a normal to the edge
      if (n.dot(c - a) > 0) n = -n;          // pointing out of the hex
      const double num = n.dot(a - p0);      // inside: n.(p - a) <= 0
      const double den = n.dot(d);
      if (den == 0.0) {
        if (num < 0.0) t1 = -1.0;
        continue;
      }
      const double t = num / den;
      if (den < 0.0) t0 = std::max(t0, t); else t1 = std::min(t1, t);
    }
    if (t1 - t0 > 1e-12) hits.push_back({t0, h});
  }
  std::sort(hits.begin(), hits.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<HexCoord> out;
  for (const auto& [t, h] : hits) out.push_back(h);
  return out;
}

TEST(HexLineTest, RoutesAreTheHexesOfTheLineNudgedNorthAndSouth) {
  const HexLayout layout;
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<int> coord(-5, 5);
  constexpr double kNudge = 1e-7;
  int ties = 0;
  for (int i = 0; i < 3000; ++i) {
    const HexCoord a{coord(rng), coord(rng)};
    const HexCoord b{coord(rng), coord(rng)};
    const HexLineTrace t = TraceHexLine(a, b);
    const int radius = HexDistance(a, b) + 1;
    const Vec2 pa = HexCenter(a, layout);
    const Vec2 pb = HexCenter(b, layout);
    const Vec2 up(0.0, -kNudge);
    EXPECT_EQ(t.north.hexes, ClippedHexes(pa + up, pb + up, a, radius, layout))
        << a.q << "," << a.r << " -> " << b.q << "," << b.r;
    EXPECT_EQ(t.south.hexes, ClippedHexes(pa - up, pb - up, a, radius, layout))
        << a.q << "," << a.r << " -> " << b.q << "," << b.r;
    // The sides join consecutive hexes; the line is the same both ways.
    for (const HexRoute* r : {&t.north, &t.south}) {
      ASSERT_EQ(r->sides.size() + 1, r->hexes.size());
      for (size_t k = 0; k < r->sides.size(); ++k) {
        EXPECT_EQ(SideBetween(r->hexes[k], r->hexes[k + 1]), r->sides[k]);
      }
    }
    EXPECT_EQ(HexLine(b, a), Reversed(HexLine(a, b)));
    EXPECT_EQ(TraceHexLine(b, a).south.hexes, Reversed(t.south.hexes));
    // Each route alone, as TraceHexRoute gives it.
    EXPECT_EQ(TraceHexRoute(a, b, true).hexes, t.north.hexes);
    EXPECT_EQ(TraceHexRoute(a, b, true).sides, t.north.sides);
    EXPECT_EQ(TraceHexRoute(a, b, false).hexes, t.south.hexes);
    EXPECT_EQ(TraceHexRoute(a, b, false).sides, t.south.sides);
    if (t.Tied()) ++ties;
    if (a.q == b.q) {
      EXPECT_FALSE(t.Tied());
    }
  }
  EXPECT_GT(ties, 50);  // the random lines did exercise the tie rule
}

// The routes a thread keeps are the routes traced: asked in one order and
// again in another, with more pairs than the table has slots (so that
// pairs share a slot and replace each other).
TEST(HexLineTest, KeptRoutesAreTheRoutesTraced) {
  std::vector<std::pair<HexCoord, HexCoord>> pairs;
  for (int q = -6; q <= 6; ++q) {
    for (int r = -6; r <= 6; ++r) {
      for (int k = 0; k < 30; ++k) pairs.push_back({{q, r}, {(q * 7 + k * 3) % 13 - 6, (r * 5 + k) % 13 - 6}});
    }
  }
  ASSERT_GT(pairs.size(), 4096u);
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < pairs.size(); ++i) {
      const auto& [a, b] = pass == 0 ? pairs[i] : pairs[pairs.size() - 1 - i];
      for (const bool north : {true, false}) {
        const HexRoute traced = TraceHexRoute(a, b, north);
        const HexRoute& kept = TraceHexRouteKept(a, b, north);
        ASSERT_EQ(kept.hexes, traced.hexes) << a.q << "," << a.r << " -> " << b.q << "," << b.r;
        ASSERT_EQ(kept.sides, traced.sides) << a.q << "," << a.r << " -> " << b.q << "," << b.r;
      }
    }
  }
}

// --- The map ------------------------------------------------------------------

TEST(HexMapTest, CellsAreColumnByColumnInOddQLayout) {
  const HexMap map = HexMap::Rectangle(4, 3);
  ASSERT_EQ(map.cells.size(), 12u);
  EXPECT_EQ(map.CellIndex({0, 0}), 0);
  EXPECT_EQ(map.CellIndex({0, 2}), 2);
  EXPECT_EQ(map.CellIndex({1, 0}), 3);
  EXPECT_EQ(map.CellIndex({2, -1}), 6);  // column 2 row 0
  EXPECT_EQ(map.CellIndex({3, -1}), 9);  // column 3 row 0
  EXPECT_EQ(map.CellIndex({0, 3}), -1);
  EXPECT_EQ(map.CellIndex({2, 0 + 2}), -1);  // column 2 row 3
  EXPECT_EQ(map.CellIndex({-1, 0}), -1);
  EXPECT_EQ(map.CellIndex({4, 0}), -1);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(map.CellIndex(map.HexOfCell(i)), i);
  // Odd columns sit half a hex lower: row 0 of column 1 is south of row 0 of
  // columns 0 and 2.
  EXPECT_GT(HexCenter(map.HexOfCell(3), map.layout).y(),
            HexCenter(map.HexOfCell(0), map.layout).y());
  EXPECT_DOUBLE_EQ(HexCenter(map.HexOfCell(6), map.layout).y(),
                   HexCenter(map.HexOfCell(0), map.layout).y());
  // The north-west corner hex has two neighbours on the map: column 1 row 0
  // (south-east of it) and the hex south of it.
  EXPECT_THAT(map.RingOnMap({0, 0}, 1), ElementsAre(HexCoord{1, 0}, HexCoord{0, 1}));
  EXPECT_THAT(map.RangeOnMap({0, 0}, 1), ElementsAre(HexCoord{0, 0}, HexCoord{1, 0},
                                                     HexCoord{0, 1}));
}

TEST(HexMapTest, FeaturesLiveOnCanonicalSides) {
  HexMap map = HexMap::Rectangle(5, 5);
  ASSERT_TRUE(map.SetFeature(SideOf({2, 1}, HexDirection::kSouth), SideFeature::kWall).ok());
  EXPECT_EQ(map.Feature({{2, 2}, HexDirection::kNorth}), SideFeature::kWall);
  EXPECT_EQ(map.Feature({{2, 1}, HexDirection::kSouth}), SideFeature::kWall);
  EXPECT_EQ(map.Cell({2, 2})->sides[0], SideFeature::kWall);
  ASSERT_TRUE(map.SetFeature({{2, 2}, HexDirection::kSouthWest}, SideFeature::kLoophole).ok());
  EXPECT_EQ(map.Feature(SideOf({1, 3}, HexDirection::kNorthEast)), SideFeature::kLoophole);
  EXPECT_THAT(map.FeatureSides(), ElementsAre(HexSide{{1, 3}, HexDirection::kNorthEast},
                                              HexSide{{2, 2}, HexDirection::kNorth}));
  ASSERT_TRUE(map.SetFeature({{2, 2}, HexDirection::kNorth}, SideFeature::kNone).ok());
  EXPECT_EQ(map.FeatureSides().size(), 1u);
  // The south side of a hex on the south edge belongs to a hex off the map.
  const absl::Status s = map.SetFeature({{0, 4}, HexDirection::kSouth}, SideFeature::kWall);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(), HasSubstr("off the map"));
  EXPECT_EQ(map.Feature({{0, 4}, HexDirection::kSouth}), SideFeature::kNone);
  // Its north side is its own.
  EXPECT_TRUE(map.SetFeature({{0, 4}, HexDirection::kNorth}, SideFeature::kWall).ok());
}

TEST(HexMapTest, BuildingsRoomsAndRoofs) {
  HexMap map = HexMap::Rectangle(6, 6);
  // Building 1: rooms 10 (two hexes) and 11 (one hex); building 2: room 20.
  for (const auto& [h, room] : std::vector<std::pair<HexCoord, int>>{
           {{1, 1}, 10}, {{1, 2}, 10}, {{2, 1}, 11}}) {
    HexCell* c = map.MutableCell(h);
    c->building = 1;
    c->room = room;
    c->roofed = true;
    c->terrain = TerrainKind::kBuilding;
  }
  map.MutableCell({4, 0})->building = 2;
  map.MutableCell({4, 0})->room = 20;
  EXPECT_THAT(map.BuildingHexes(1), ElementsAre(HexCoord{1, 1}, HexCoord{1, 2}, HexCoord{2, 1}));
  EXPECT_THAT(map.RoomHexes(10), ElementsAre(HexCoord{1, 1}, HexCoord{1, 2}));
  EXPECT_THAT(map.AdjacentRooms(10), ElementsAre(11));
  EXPECT_THAT(map.AdjacentRooms(11), ElementsAre(10));
  EXPECT_THAT(map.AdjacentRooms(20), IsEmpty());
  EXPECT_THAT(map.BuildingHexes(0), IsEmpty());
  EXPECT_TRUE(map.Cell({1, 2})->roofed);
  EXPECT_FALSE(map.Cell({4, 0})->roofed);
  EXPECT_TRUE(map.Validate().ok()) << map.Validate();
}

TEST(HexMapTest, StacksKeepTheirOrderAndTheCallersLimit) {
  HexMap map = HexMap::Rectangle(3, 3);
  map.stack_limit = 3;
  ASSERT_TRUE(map.AddToStack({1, 1}, 7).ok());
  ASSERT_TRUE(map.AddToStack({1, 1}, 2).ok());
  ASSERT_TRUE(map.AddToStack({0, 0}, 5).ok());
  ASSERT_TRUE(map.AddToStack({1, 1}, 9).ok());
  EXPECT_THAT(map.StackAt({1, 1}), ElementsAre(9, 2, 7));  // top first
  EXPECT_EQ(map.StackSize({1, 1}), 3);
  EXPECT_EQ(map.HexOfUnit(5), (HexCoord{0, 0}));
  EXPECT_EQ(map.HexOfUnit(4), std::nullopt);

  absl::Status full = map.AddToStack({1, 1}, 4);
  EXPECT_EQ(full.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(full.message(), HasSubstr("3 units"));
  EXPECT_EQ(map.AddToStack({0, 0}, 2).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(map.AddToStack({9, 9}, 4).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(map.AddToStack({0, 0}, -1).code(), absl::StatusCode::kInvalidArgument);

  ASSERT_TRUE(map.MoveToTop(7).ok());
  EXPECT_THAT(map.StackAt({1, 1}), ElementsAre(7, 9, 2));
  ASSERT_TRUE(map.RemoveFromStack(9).ok());
  EXPECT_THAT(map.StackAt({1, 1}), ElementsAre(7, 2));
  EXPECT_EQ(map.RemoveFromStack(9).code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(map.MoveToTop(9).code(), absl::StatusCode::kNotFound);
  ASSERT_TRUE(map.AddToStack({1, 1}, 4).ok());
  EXPECT_THAT(map.StackAt({1, 1}), ElementsAre(4, 7, 2));
  map.stack_limit = 0;  // no limit
  for (int u = 10; u < 20; ++u) ASSERT_TRUE(map.AddToStack({2, 0}, u).ok());
  EXPECT_EQ(map.StackSize({2, 0}), 10);
  EXPECT_TRUE(map.Validate().ok());
  // A copy is independent.
  HexMap copy = map;
  ASSERT_TRUE(copy.RemoveFromStack(4).ok());
  EXPECT_EQ(map.StackSize({1, 1}), 3);
}

// --- Line of sight --------------------------------------------------------------

TEST(HexSightTest, WallsBlockOpeningsDoNot) {
  HexMap map = HexMap::Rectangle(8, 8);
  EXPECT_TRUE(map.HasLineOfSight({4, 5}, {4, 0}));
  ASSERT_TRUE(map.SetFeature(SideOf({4, 3}, HexDirection::kNorth), SideFeature::kWall).ok());
  EXPECT_FALSE(map.HasLineOfSight({4, 5}, {4, 0}));
  EXPECT_FALSE(map.HasLineOfSight({4, 0}, {4, 5}));
  EXPECT_TRUE(map.HasLineOfSight({4, 3}, {4, 5}));  // the wall is not crossed
  EXPECT_FALSE(map.HasLineOfSight({4, 3}, {4, 2}));  // adjacent across the wall
  ASSERT_TRUE(map.SetFeature(SideOf({4, 3}, HexDirection::kNorth), SideFeature::kOpening).ok());
  EXPECT_TRUE(map.HasLineOfSight({4, 5}, {4, 0}));
  EXPECT_TRUE(map.HasLineOfSight({4, 3}, {4, 3}));
  EXPECT_FALSE(map.HasLineOfSight({4, 3}, {40, 3}));  // off the map
}

TEST(HexSightTest, ALoopholeServesOnlyTheHexesAdjoiningIt) {
  HexMap map = HexMap::Rectangle(8, 8);
  // Loophole between (4,3) and (4,2).
  ASSERT_TRUE(map.SetFeature(SideOf({4, 3}, HexDirection::kNorth), SideFeature::kLoophole).ok());
  EXPECT_TRUE(map.HasLineOfSight({4, 3}, {4, 0}));   // from the loophole out
  EXPECT_TRUE(map.HasLineOfSight({4, 0}, {4, 3}));   // and back in
  EXPECT_TRUE(map.HasLineOfSight({4, 2}, {4, 5}));   // from outside at the loophole
  EXPECT_TRUE(map.HasLineOfSight({4, 3}, {4, 2}));   // across it
  EXPECT_FALSE(map.HasLineOfSight({4, 4}, {4, 0}));  // from further back
  EXPECT_FALSE(map.HasLineOfSight({4, 1}, {4, 5}));  // both ends away from it
}

TEST(HexSightTest, BlockingHexesAndBuildingsHideWhatIsBeyond) {
  HexMap map = HexMap::Rectangle(8, 8);
  map.MutableCell({4, 2})->blocks_sight = true;  // woods
  EXPECT_FALSE(map.HasLineOfSight({4, 4}, {4, 0}));
  EXPECT_TRUE(map.HasLineOfSight({4, 4}, {4, 2}));  // into the woods
  EXPECT_TRUE(map.HasLineOfSight({4, 2}, {4, 0}));  // out of them
  EXPECT_FALSE(map.HasLineOfSight({4, 5}, {4, 3}, {{4, 4}}));  // a caller's blocker
  EXPECT_TRUE(map.HasLineOfSight({4, 5}, {4, 3}, {{4, 5}, {4, 3}}));  // ends never block

  // A building in column 1, hexes (1,2), (1,3) (room 1) and (1,4) (room 2).
  for (const HexCoord h : {HexCoord{1, 2}, HexCoord{1, 3}, HexCoord{1, 4}}) {
    map.MutableCell(h)->building = 3;
    map.MutableCell(h)->room = h.r == 4 ? 2 : 1;
  }
  EXPECT_FALSE(map.HasLineOfSight({1, 5}, {1, 1}));  // through it from outside
  EXPECT_TRUE(map.HasLineOfSight({1, 5}, {1, 4}));   // up to its wall
  EXPECT_TRUE(map.HasLineOfSight({1, 4}, {1, 2}));   // inside it
  EXPECT_FALSE(map.HasLineOfSight({1, 4}, {1, 0}));  // from inside out past a hex of it
  ASSERT_TRUE(map.SetFeature(SideOf({1, 3}, HexDirection::kSouth), SideFeature::kWall).ok());
  EXPECT_FALSE(map.HasLineOfSight({1, 4}, {1, 2}));  // the wall between the rooms
}

TEST(HexSightTest, AlongAHexsideBlockedOnlyIfBothSidesBlock) {
  HexMap map = HexMap::Rectangle(6, 6);
  // (1,1) -> (3,0) runs due east along the side between (2,0) and (2,1).
  ASSERT_TRUE(TraceHexLine({1, 1}, {3, 0}).Tied());
  map.MutableCell({2, 0})->blocks_sight = true;
  EXPECT_TRUE(map.HasLineOfSight({1, 1}, {3, 0}));
  EXPECT_TRUE(map.HasLineOfSight({3, 0}, {1, 1}));
  map.MutableCell({2, 1})->blocks_sight = true;
  EXPECT_FALSE(map.HasLineOfSight({1, 1}, {3, 0}));
  EXPECT_FALSE(map.HasLineOfSight({3, 0}, {1, 1}));
  map.MutableCell({2, 0})->blocks_sight = false;
  EXPECT_TRUE(map.HasLineOfSight({1, 1}, {3, 0}));
  // A wall on the side the line runs along is crossed by neither route.
  ASSERT_TRUE(map.SetFeature(*SideBetween({2, 0}, {2, 1}), SideFeature::kWall).ok());
  EXPECT_TRUE(map.HasLineOfSight({1, 1}, {3, 0}));
  // Walls on the way into both tied hexes block.
  ASSERT_TRUE(map.SetFeature(*SideBetween({1, 1}, {2, 0}), SideFeature::kWall).ok());
  EXPECT_FALSE(map.HasLineOfSight({1, 1}, {3, 0}));
}

TEST(HexSightTest, ATiedLineIsBlockedOnlyIfBothRoutesAre) {
  HexMap map = HexMap::Rectangle(12, 10);
  const HexCoord a{2, 4}, b{7, 3};  // through corners, like (0,0) -> (5,-1)
  const HexLineTrace t = TraceHexLine(a, b);
  ASSERT_TRUE(t.Tied());
  // A hex only the north route enters, and a side only the south one crosses.
  HexCoord north_only{-1, -1};
  for (const HexCoord h : t.north.hexes) {
    if (std::find(t.south.hexes.begin(), t.south.hexes.end(), h) == t.south.hexes.end()) {
      north_only = h;
    }
  }
  HexSide south_only{{-1, -1}, HexDirection::kNorth};
  for (const HexSide& s : t.south.sides) {
    if (std::find(t.north.sides.begin(), t.north.sides.end(), s) == t.north.sides.end()) {
      south_only = s;
    }
  }
  ASSERT_TRUE(map.Contains(north_only));
  map.MutableCell(north_only)->blocks_sight = true;
  EXPECT_TRUE(map.HasLineOfSight(a, b));
  ASSERT_TRUE(map.SetFeature(south_only, SideFeature::kWall).ok());
  EXPECT_FALSE(map.HasLineOfSight(a, b));
  EXPECT_FALSE(map.HasLineOfSight(b, a));
  map.MutableCell(north_only)->blocks_sight = false;
  EXPECT_TRUE(map.HasLineOfSight(a, b));
}

// Line of sight against an independent oracle: walls as polylines and
// blocking hexes as polygons in pixel space, the line nudged north and south
// (geometry.h's LineOfSight). Also checks symmetry.
TEST(HexSightTest, MatchesWallsAndBlockersDrawnOnTheTable) {
  const HexLayout layout;
  std::mt19937 rng(99);
  constexpr double kNudge = 1e-6;
  int seen = 0, hidden = 0;
  for (int trial = 0; trial < 40; ++trial) {
    HexMap map = HexMap::Rectangle(9, 9, layout);
    std::bernoulli_distribution wall(0.08), blocker(0.06);
    std::vector<Obstacle> walls;
    for (size_t i = 0; i < map.cells.size(); ++i) {
      const HexCoord h = map.HexOfCell(static_cast<int>(i));
      const auto corners = HexCorners(h, layout);
      for (int k = 0; k < 3; ++k) {
        if (!wall(rng)) continue;
        map.cells[i].sides[k] = SideFeature::kWall;
        // Side k runs from corner k-1 to corner k.
        walls.push_back(Obstacle::Polyline({corners[(k + 5) % 6], corners[k]}));
      }
      map.cells[i].blocks_sight = blocker(rng);
    }
    std::uniform_int_distribution<int> cell(0, static_cast<int>(map.cells.size()) - 1);
    for (int i = 0; i < 100; ++i) {
      const HexCoord a = map.HexOfCell(cell(rng));
      const HexCoord b = map.HexOfCell(cell(rng));
      std::vector<Obstacle> blockers = walls;
      for (size_t j = 0; j < map.cells.size(); ++j) {
        const HexCoord h = map.HexOfCell(static_cast<int>(j));
        if (!map.cells[j].blocks_sight || h == a || h == b) continue;
        const auto c = HexCorners(h, layout);
        blockers.push_back(Obstacle::Polygon(std::vector<Vec2>(c.begin(), c.end())));
      }
      const Vec2 up(0.0, -kNudge);
      const Vec2 pa = HexCenter(a, layout), pb = HexCenter(b, layout);
      const bool want = a == b || LineOfSight(pa + up, pb + up, blockers) ||
                        LineOfSight(pa - up, pb - up, blockers);
      const bool got = map.HasLineOfSight(a, b);
      EXPECT_EQ(got, want) << a.q << "," << a.r << " -> " << b.q << "," << b.r;
      EXPECT_EQ(map.HasLineOfSight(b, a), got);
      (got ? seen : hidden)++;
    }
  }
  EXPECT_GT(seen, 400);
  EXPECT_GT(hidden, 400);
}

// --- Validation -------------------------------------------------------------------

TEST(HexMapValidateTest, NamesTheBadField) {
  auto message = [](const HexMap& m) { return std::string(m.Validate().message()); };
  HexMap good = HexMap::Rectangle(4, 4);
  EXPECT_TRUE(good.Validate().ok());

  HexMap m = good;
  m.cells.pop_back();
  EXPECT_EQ(m.Validate().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(message(m), HasSubstr("hex_map.cells: 15 cells for 4 columns x 4 rows"));

  m = good;
  m.layout.size = 0.0;
  EXPECT_THAT(message(m), HasSubstr("hex_map.layout.size:"));
  m = good;
  m.layout.origin.x() = std::nan("");
  EXPECT_THAT(message(m), HasSubstr("hex_map.layout.origin:"));
  m = good;
  m.rows = -1;
  EXPECT_THAT(message(m), HasSubstr("hex_map.rows:"));

  m = good;
  m.cells[5].room = 3;
  EXPECT_THAT(message(m), HasSubstr("hex_map.cells[5].room: room 3 is in no building"));
  m.cells[5].building = 1;
  m.cells[6].room = 3;
  m.cells[6].building = 2;
  EXPECT_THAT(message(m), HasSubstr("hex_map.cells[6].room: room 3 is in building 2"));
  m = good;
  m.cells[2].roofed = true;
  EXPECT_THAT(message(m), HasSubstr("hex_map.cells[2].roofed:"));
  m = good;
  m.cells[1].building = -4;
  EXPECT_THAT(message(m), HasSubstr("hex_map.cells[1].building:"));
  m = good;
  m.cells[3].terrain = static_cast<TerrainKind>(99);
  EXPECT_THAT(message(m), HasSubstr("hex_map.cells[3].terrain:"));
  m = good;
  m.cells[7].sides[2] = static_cast<SideFeature>(9);
  EXPECT_THAT(message(m), HasSubstr("hex_map.cells[7].sides[2]:"));

  m = good;
  m.stacking = {{{0, 0}, 1}, {{1, 0}, 2}, {{2, 0}, 3}, {{40, 2}, 4}};
  EXPECT_THAT(message(m), HasSubstr("hex_map.stacking[3].hex: (40,2) is off the map"));
  m.stacking[3] = {{0, 0}, 2};
  EXPECT_THAT(message(m), HasSubstr("hex_map.stacking[3].unit: unit 2 is already stacked"));
  m.stacking[3] = {{0, 0}, -5};
  EXPECT_THAT(message(m), HasSubstr("hex_map.stacking[3].unit:"));
  m.stacking[3] = {{0, 0}, 5};
  EXPECT_TRUE(m.Validate().ok());
  m.stack_limit = 1;
  EXPECT_THAT(message(m), HasSubstr("hex_map.stacking[3]: hex (0,0) holds more than 1"));
  m.stack_limit = -1;
  EXPECT_THAT(message(m), HasSubstr("hex_map.stack_limit:"));
}

}  // namespace
}  // namespace impi
