// tests/engine/spatial_index_test.cc: the bucket grid answers exactly as a
// brute-force scan with geometry.h does, under random and adversarial input.
#include "engine/core/spatial_index.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr double kWidth = 72.0;
constexpr double kHeight = 48.0;

// --- Brute force -----------------------------------------------------------------

std::vector<int> BruteWithin(const std::vector<IndexedDisc>& discs,
                             const std::vector<bool>& present, const Vec2& p, double r) {
  std::vector<int> out;
  for (size_t i = 0; i < discs.size(); ++i) {
    if (present[i] && Distance(p, discs[i].center) <= r + discs[i].radius) {
      out.push_back(static_cast<int>(i));
    }
  }
  return out;
}

std::vector<int> BruteDiscsHit(const std::vector<IndexedDisc>& discs,
                               const std::vector<bool>& present, const Vec2& a, const Vec2& b) {
  std::vector<int> out;
  for (size_t i = 0; i < discs.size(); ++i) {
    if (present[i] && SegmentHits(a, b, Obstacle::Disc(discs[i].center, discs[i].radius))) {
      out.push_back(static_cast<int>(i));
    }
  }
  return out;
}

std::vector<int> BruteHits(const std::vector<Obstacle>& obstacles, const Vec2& a, const Vec2& b) {
  std::vector<int> out;
  for (size_t i = 0; i < obstacles.size(); ++i) {
    if (SegmentHits(a, b, obstacles[i])) out.push_back(static_cast<int>(i));
  }
  return out;
}

// --- Random input --------------------------------------------------------------------

// Points, often on whole inches (so that exact contacts and bucket edges
// occur), sometimes off the table.
class Gen {
 public:
  explicit Gen(uint32_t seed) : rng_(seed) {}
  double Uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool Chance(double p) { return std::bernoulli_distribution(p)(rng_); }
  double Coord(double extent) {
    const double x = Uniform(-8.0, extent + 8.0);
    return Chance(0.4) ? std::round(x) : x;
  }
  Vec2 Point() { return Vec2(Coord(kWidth), Coord(kHeight)); }
  Vec2 Near(const Vec2& p, double spread) {
    Vec2 q = p + Vec2(Uniform(-spread, spread), Uniform(-spread, spread));
    if (Chance(0.4)) q = Vec2(std::round(q.x()), std::round(q.y()));
    return q;
  }
  IndexedDisc Disc() {
    const double radius = Chance(0.2) ? 0.0 : Chance(0.4) ? Int(1, 2) : Uniform(0.1, 2.5);
    return {Point(), radius};
  }
  Obstacle AnObstacle() {
    const Vec2 c = Point();
    switch (Int(0, 2)) {
      case 0: {  // a polygon round c (convex or not), small or large
        const int n = Int(3, 7);
        const double size = Chance(0.2) ? Uniform(5.0, 20.0) : Uniform(0.5, 4.0);
        std::vector<double> angles;
        for (int i = 0; i < n; ++i) angles.push_back(Uniform(0.0, 6.283185307179586));
        std::sort(angles.begin(), angles.end());
        std::vector<Vec2> v;
        for (double a : angles) {
          const double rad = size * Uniform(0.3, 1.0);
          v.push_back(Near(c + rad * Vec2(std::cos(a), std::sin(a)), 0.0));
        }
        return Obstacle::Polygon(v);
      }
      case 1: {  // a wall or hedge: a polyline, sometimes right across the table
        const int n = Int(1, 5);
        std::vector<Vec2> v = {c};
        const double step = Chance(0.15) ? 60.0 : 6.0;
        for (int i = 1; i < n; ++i) v.push_back(Near(v.back(), step));
        return Obstacle::Polyline(v);
      }
      default:
        return Obstacle::Disc(c, Chance(0.5) ? Int(0, 3) : Uniform(0.0, 3.0));
    }
  }
  // A segment: random, short, axis-aligned, zero-length or long.
  std::pair<Vec2, Vec2> Segment() {
    const Vec2 a = Point();
    switch (Int(0, 4)) {
      case 0: return {a, Point()};
      case 1: return {a, Near(a, 6.0)};
      case 2: return {a, Vec2(a.x(), Coord(kHeight))};  // vertical
      case 3: return {a, Vec2(Coord(kWidth), a.y())};   // horizontal
      default: return {a, Chance(0.5) ? a : Near(a, 1.0)};
    }
  }

 private:
  std::mt19937 rng_;
};

constexpr double kCellSizes[] = {0.75, 3.0, 6.0, 13.5, 100.0};

// --- Property tests ---------------------------------------------------------------------

TEST(SpatialIndexPropertyTest, WithinRMatchesBruteForce) {
  Gen gen(1);
  int queries = 0, found = 0;
  for (const double cell : kCellSizes) {
    for (const int n : {0, 1, 7, 60, 400}) {
      auto index = SpatialIndex::Create({0, 0}, {kWidth, kHeight}, cell);
      ASSERT_TRUE(index.ok()) << index.status();
      std::vector<IndexedDisc> discs;
      for (int i = 0; i < n; ++i) discs.push_back(gen.Disc());
      ASSERT_TRUE(index->SetDiscs(discs).ok());
      const std::vector<bool> present(discs.size(), true);
      for (int q = 0; q < 120; ++q) {
        // Centres on other discs (exact-distance ties) or anywhere.
        const Vec2 p = !discs.empty() && gen.Chance(0.3)
                           ? discs[gen.Int(0, n - 1)].center
                           : gen.Point();
        const double r = gen.Chance(0.1) ? 0.0 : gen.Chance(0.5) ? gen.Int(1, 12)
                                                                  : gen.Uniform(0.0, 30.0);
        const std::vector<int> want = BruteWithin(discs, present, p, r);
        EXPECT_EQ(index->DiscsWithin(p, r), want) << "cell " << cell << " n " << n;
        ++queries;
        found += static_cast<int>(want.size());
      }
      // Everything is within an infinite radius.
      EXPECT_EQ(index->DiscsWithin({1, 1}, std::numeric_limits<double>::infinity()).size(),
                discs.size());
    }
  }
  EXPECT_GE(queries, 3000);
  EXPECT_GT(found, 1000);
}

TEST(SpatialIndexPropertyTest, MovesUpdatesAndRemovalsMatchBruteForce) {
  Gen gen(2);
  int queries = 0;
  for (const double cell : kCellSizes) {
    auto index = SpatialIndex::Create({0, 0}, {kWidth, kHeight}, cell);
    ASSERT_TRUE(index.ok());
    std::vector<IndexedDisc> discs;
    for (int i = 0; i < 80; ++i) discs.push_back(gen.Disc());
    ASSERT_TRUE(index->SetDiscs(discs).ok());
    std::vector<bool> present(discs.size(), true);
    for (int step = 0; step < 800; ++step) {
      const int i = gen.Int(0, static_cast<int>(discs.size()) - 1);
      switch (gen.Int(0, 4)) {
        case 0:  // a short move, as a unit moves in a turn
          discs[i].center = gen.Near(discs[i].center, 6.0);
          ASSERT_TRUE(index->MoveDisc(i, discs[i].center).ok());
          present[i] = true;
          break;
        case 1:
          discs[i] = gen.Disc();
          ASSERT_TRUE(index->UpdateDisc(i, discs[i]).ok());
          present[i] = true;
          break;
        case 2:
          ASSERT_TRUE(index->RemoveDisc(i).ok());
          present[i] = false;
          break;
        case 3: {
          discs.push_back(gen.Disc());
          present.push_back(true);
          auto added = index->AddDisc(discs.back());
          ASSERT_TRUE(added.ok());
          EXPECT_EQ(*added, static_cast<int>(discs.size()) - 1);
          break;
        }
        default: {
          // The discs past a count dropped (fewer units than before).
          if (discs.size() <= 60) break;
          const int count = gen.Int(50, static_cast<int>(discs.size()));
          ASSERT_TRUE(index->TruncateDiscs(count).ok());
          discs.resize(static_cast<size_t>(count));
          present.resize(static_cast<size_t>(count));
          ASSERT_EQ(index->disc_count(), count);
          break;
        }
      }
      for (int k = 0; k < 4; ++k) {
        const Vec2 p = gen.Point();
        const double r = gen.Uniform(0.0, 15.0);
        ASSERT_EQ(index->DiscsWithin(p, r), BruteWithin(discs, present, p, r));
        std::vector<int> any;
        index->DiscsWithinAnyOrder(p, r, &any);
        std::sort(any.begin(), any.end());
        ASSERT_EQ(any, BruteWithin(discs, present, p, r));
        const auto [a, b] = gen.Segment();
        ASSERT_EQ(index->DiscsHit(a, b), BruteDiscsHit(discs, present, a, b));
        queries += 2;
      }
    }
    for (size_t i = 0; i < discs.size(); ++i) {
      EXPECT_EQ(index->disc_present(static_cast<int>(i)), present[i]);
    }
    // A rebuild from the same discs answers the same.
    auto rebuilt = SpatialIndex::Create({0, 0}, {kWidth, kHeight}, cell);
    ASSERT_TRUE(rebuilt->SetDiscs(discs).ok());
    for (size_t i = 0; i < discs.size(); ++i) {
      if (!present[i]) {
        ASSERT_TRUE(rebuilt->RemoveDisc(static_cast<int>(i)).ok());
      }
    }
    for (int k = 0; k < 50; ++k) {
      const Vec2 p = gen.Point();
      EXPECT_EQ(rebuilt->DiscsWithin(p, 10.0), index->DiscsWithin(p, 10.0));
    }
  }
  EXPECT_GE(queries, 20000);
}

TEST(SpatialIndexTest, TruncatedDiscsFreeTheirIndicesAndOnlyThose) {
  auto index = SpatialIndex::Create({0, 0}, {kWidth, kHeight}, 6.0);
  ASSERT_TRUE(index.ok());
  ASSERT_TRUE(index->SetDiscs({{{10, 10}, 1}, {{11, 10}, 1}, {{12, 10}, 1}}).ok());
  ASSERT_TRUE(index->TruncateDiscs(1).ok());
  EXPECT_THAT(index->DiscsWithin({11, 10}, 3.0), ElementsAre(0));
  auto added = index->AddDisc({{40, 40}, 1});
  ASSERT_TRUE(added.ok());
  EXPECT_EQ(*added, 1);
  EXPECT_THAT(index->DiscsWithin({40, 40}, 1.0), ElementsAre(1));
  EXPECT_THAT(std::string(index->TruncateDiscs(3).message()), HasSubstr("count"));
  EXPECT_FALSE(index->TruncateDiscs(-1).ok());
}

TEST(SpatialIndexPropertyTest, SegmentQueriesMatchBruteForce) {
  Gen gen(3);
  int queries = 0, blocked = 0, pruned = 0;
  for (const double cell : kCellSizes) {
    for (const int n : {0, 1, 10, 80, 300}) {
      auto index = SpatialIndex::Create({0, 0}, {kWidth, kHeight}, cell);
      ASSERT_TRUE(index.ok());
      std::vector<Obstacle> obstacles;
      for (int i = 0; i < n; ++i) obstacles.push_back(gen.AnObstacle());
      ASSERT_TRUE(index->SetObstacles(obstacles).ok());
      std::vector<IndexedDisc> discs;
      for (int i = 0; i < n; ++i) discs.push_back(gen.Disc());
      ASSERT_TRUE(index->SetDiscs(discs).ok());
      const std::vector<bool> present(discs.size(), true);
      for (int q = 0; q < 150; ++q) {
        auto [a, b] = gen.Segment();
        if (!obstacles.empty() && gen.Chance(0.2)) {
          // Start or end exactly on an obstacle's vertex or centre.
          const Obstacle& o = obstacles[gen.Int(0, n - 1)];
          const Vec2 v = o.shape == Obstacle::Shape::kDisc ? o.center : o.vertices[0];
          (gen.Chance(0.5) ? a : b) = v;
        }
        const std::vector<int> want = BruteHits(obstacles, a, b);
        const std::vector<int> candidates = index->ObstacleCandidates(a, b);
        EXPECT_TRUE(std::is_sorted(candidates.begin(), candidates.end()));
        EXPECT_TRUE(std::includes(candidates.begin(), candidates.end(), want.begin(), want.end()));
        EXPECT_EQ(index->ObstaclesHit(a, b), want);
        const bool sight = LineOfSight(a, b, obstacles);
        EXPECT_EQ(index->LineOfSight(a, b), sight);
        EXPECT_EQ(index->DiscsHit(a, b), BruteDiscsHit(discs, present, a, b));
        ++queries;
        if (!sight) ++blocked;
        if (candidates.size() < obstacles.size()) ++pruned;
      }
    }
  }
  EXPECT_GE(queries, 3000);
  EXPECT_GT(blocked, 500);
  EXPECT_GT(pruned, 1500);  // the index does skip obstacles
}

TEST(SpatialIndexPropertyTest, ObstacleUpdatesMatchBruteForce) {
  Gen gen(4);
  auto index = SpatialIndex::Create({0, 0}, {kWidth, kHeight}, 4.0);
  ASSERT_TRUE(index.ok());
  std::vector<Obstacle> obstacles;
  for (int i = 0; i < 120; ++i) obstacles.push_back(gen.AnObstacle());
  ASSERT_TRUE(index->SetObstacles(obstacles).ok());
  for (int step = 0; step < 1000; ++step) {
    const int i = gen.Int(0, 119);
    obstacles[i] = gen.AnObstacle();
    ASSERT_TRUE(index->UpdateObstacle(i, obstacles[i]).ok());
    const auto [a, b] = gen.Segment();
    ASSERT_EQ(index->ObstaclesHit(a, b), BruteHits(obstacles, a, b));
    ASSERT_EQ(index->LineOfSight(a, b), LineOfSight(a, b, obstacles));
  }
}

// --- Cases ------------------------------------------------------------------------------------

TEST(SpatialIndexTest, ExactBoundariesAndOrder) {
  auto index = SpatialIndex::Create({0, 0}, {24, 24}, 6.0);
  ASSERT_TRUE(index.ok());
  EXPECT_EQ(index->columns(), 4);
  EXPECT_EQ(index->rows(), 4);
  // Discs on bucket edges, one off the table.
  ASSERT_TRUE(index->SetDiscs({{{12, 12}, 0.0}, {{6, 12}, 1.0}, {{18, 6}, 0.0},
                               {{-30, 12}, 0.0}, {{12, 18}, 0.5}})
                  .ok());
  EXPECT_THAT(index->DiscsWithin({12, 12}, 5.0), ElementsAre(0, 1));   // 6 <= 5 + 1
  EXPECT_THAT(index->DiscsWithin({12, 12}, 4.99), ElementsAre(0));
  EXPECT_THAT(index->DiscsWithin({12, 12}, 6.0), ElementsAre(0, 1, 4));
  EXPECT_THAT(index->DiscsWithin({-30, 12}, 0.0), ElementsAre(3));
  EXPECT_THAT(index->DiscsWithin({-29, 12}, 0.5), IsEmpty());
  EXPECT_THAT(index->DiscsWithin({std::nan(""), 0}, 100.0), IsEmpty());
  // A segment touching disc 2 exactly at its centre, and passing disc 1 at 1".
  EXPECT_THAT(index->DiscsHit({18, 0}, {18, 6}), ElementsAre(2));
  EXPECT_THAT(index->DiscsHit({7, 0}, {7, 24}), ElementsAre(1));
  EXPECT_THAT(index->DiscsHit({7.01, 0}, {7.01, 24}), IsEmpty());
}

TEST(SpatialIndexTest, ASegmentOnlyLooksAtTheBucketsItPasses) {
  auto index = SpatialIndex::Create({0, 0}, {72, 48}, 6.0);
  ASSERT_TRUE(index.ok());
  ASSERT_TRUE(index->SetObstacles({
      Obstacle::Polygon({{2, 2}, {4, 2}, {4, 4}, {2, 4}}),      // 0: south-west corner
      Obstacle::Polygon({{60, 40}, {64, 40}, {64, 44}}),        // 1: far corner
      Obstacle::Polyline({{30, 0}, {30, 48}}),                  // 2: a wall across
      Obstacle::Disc({40, 10}, 2.0),                            // 3
      Obstacle::Polygon({}),                                    // 4: empty, never hit
  }).ok());
  EXPECT_THAT(index->ObstacleCandidates({1, 1}, {5, 1}), ElementsAre(0));
  EXPECT_THAT(index->ObstaclesHit({1, 1}, {5, 1}), IsEmpty());
  EXPECT_TRUE(index->LineOfSight({1, 1}, {5, 1}));
  EXPECT_THAT(index->ObstaclesHit({1, 3}, {5, 3}), ElementsAre(0));
  EXPECT_THAT(index->ObstaclesHit({3, 3}, {3, 3.5}), ElementsAre(0));  // inside the polygon
  EXPECT_THAT(index->ObstaclesHit({10, 10}, {70, 46}), ElementsAre(1, 2));
  EXPECT_THAT(index->ObstaclesHit({10, 10}, {70, 20}), ElementsAre(2));
  EXPECT_THAT(index->ObstaclesHit({20, 10}, {50, 10}), ElementsAre(2, 3));
  EXPECT_FALSE(index->LineOfSight({20, 10}, {50, 10}));
  EXPECT_THAT(index->ObstacleCandidates({31, 20}, {35, 20}), ElementsAre(2));  // its bucket
  EXPECT_THAT(index->ObstaclesHit({31, 20}, {35, 20}), IsEmpty());
  EXPECT_THAT(index->ObstacleCandidates({37, 20}, {41, 20}), IsEmpty());
  EXPECT_FALSE(index->LineOfSight({std::nan(""), 0}, {1, 1}));
  // Knocking the wall down opens the way.
  ASSERT_TRUE(index->UpdateObstacle(2, Obstacle::Polyline({})).ok());
  EXPECT_THAT(index->ObstaclesHit({20, 10}, {50, 10}), ElementsAre(3));
  // A copy is independent.
  SpatialIndex copy = *index;
  ASSERT_TRUE(copy.UpdateObstacle(3, Obstacle::Disc({0, 0}, 0.0)).ok());
  EXPECT_THAT(index->ObstaclesHit({20, 10}, {50, 10}), ElementsAre(3));
  EXPECT_THAT(copy.ObstaclesHit({20, 10}, {50, 10}), IsEmpty());
}

TEST(SpatialIndexTest, BadInputNamesTheField) {
  EXPECT_THAT(SpatialIndex::Create({0, 0}, {10, 10}, 0.0).status().message(),
              HasSubstr("spatial_index.cell_size:"));
  EXPECT_THAT(SpatialIndex::Create({0, 0}, {10, 10}, std::nan("")).status().message(),
              HasSubstr("spatial_index.cell_size:"));
  EXPECT_THAT(SpatialIndex::Create({0, 0}, {1e6, 1e6}, 0.01).status().message(),
              HasSubstr("spatial_index.cell_size: 0.01 gives"));
  EXPECT_THAT(SpatialIndex::Create({0, std::nan("")}, {10, 10}, 1.0).status().message(),
              HasSubstr("spatial_index.min:"));
  EXPECT_THAT(SpatialIndex::Create({5, 5}, {1, 10}, 1.0).status().message(),
              HasSubstr("spatial_index.max:"));
  auto index = SpatialIndex::Create({0, 0}, {10, 10}, 1.0);
  ASSERT_TRUE(index.ok());
  ASSERT_TRUE(index->SetDiscs({{{1, 1}, 0.5}}).ok());

  absl::Status s = index->SetDiscs({{{1, 1}, 0.5}, {{2, 2}, 0.5}, {{std::nan(""), 2}, 0.5}});
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "spatial_index.discs[2].center: not finite");
  EXPECT_EQ(index->disc_count(), 1);  // unchanged
  EXPECT_THAT(index->SetDiscs({{{1, 1}, -1.0}}).message(),
              HasSubstr("spatial_index.discs[0].radius:"));
  EXPECT_THAT(index->MoveDisc(3, {1, 1}).message(), HasSubstr("spatial_index.discs[3]: no such"));
  EXPECT_THAT(index->MoveDisc(0, {INFINITY, 1}).message(),
              HasSubstr("spatial_index.discs[0].center: not finite"));
  EXPECT_THAT(index->RemoveDisc(-1).message(), HasSubstr("spatial_index.discs[-1]"));
  EXPECT_THAT(index->AddDisc({{1, 1}, INFINITY}).status().message(),
              HasSubstr("spatial_index.discs[1].radius:"));
  EXPECT_THAT(index->SetObstacles({Obstacle::Polygon({{0, 0}, {1, std::nan("")}})}).message(),
              HasSubstr("spatial_index.obstacles[0].vertices[1]: not finite"));
  EXPECT_THAT(index->UpdateObstacle(0, Obstacle::Disc({0, 0}, 1)).message(),
              HasSubstr("spatial_index.obstacles[0]: no such obstacle"));
  EXPECT_EQ(index->DiscsWithin({1, 1}, 0.0), (std::vector<int>{0}));
}

}  // namespace
}  // namespace impi
