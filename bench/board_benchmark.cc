// bench/board_benchmark.cc: the open-table spatial index against brute force.
//
// On a 72" x 48" table with N = 50, 200 and 800 items (fixed seed):
//   BM_WithinIndex / BM_WithinBrute  the units within 6" of a point (discs of
//                                    radius 0.5"-1.5"; 3" and 6" buckets)
//   BM_SightIndex  / BM_SightBrute   line of sight over N terrain pieces
//                                    (small polygons and wall polylines; 4"
//                                    buckets) along segments up to 24" long
//   BM_MoveDisc                      moving one unit in the index
// The index and brute force give the same answers (tests/engine/
// spatial_index_test.cc); here only the time differs. Counters: found is the
// mean number of results per query (identical for index and brute force).
//
//   ./build/bench/board_benchmark [--benchmark_filter=Sight]
#include <cmath>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/core/geometry.h"
#include "engine/core/spatial_index.h"

namespace impi {
namespace {

constexpr double kWidth = 72.0;
constexpr double kHeight = 48.0;
constexpr double kRadius = 6.0;
constexpr int kQueries = 1024;

struct Scene {
  std::vector<IndexedDisc> discs;
  std::vector<Obstacle> obstacles;
  std::vector<Vec2> points;
  std::vector<std::pair<Vec2, Vec2>> segments;
};

Scene MakeScene(int n) {
  std::mt19937 rng(12345 + n);
  std::uniform_real_distribution<double> x(0.0, kWidth), y(0.0, kHeight), unit(0.0, 1.0);
  Scene s;
  for (int i = 0; i < n; ++i) s.discs.push_back({{x(rng), y(rng)}, 0.5 + unit(rng)});
  for (int i = 0; i < n; ++i) {
    const Vec2 c(x(rng), y(rng));
    if (i % 3 == 2) {  // a wall or hedge of two or three legs
      std::vector<Vec2> v = {c};
      for (int k = 0; k < 2; ++k) v.push_back(v.back() + Vec2(unit(rng) * 8 - 4, unit(rng) * 8 - 4));
      s.obstacles.push_back(Obstacle::Polyline(v));
    } else {  // a copse or building: a small polygon
      const double w = 0.5 + 2.0 * unit(rng), h = 0.5 + 2.0 * unit(rng);
      s.obstacles.push_back(Obstacle::Polygon(
          {c, c + Vec2(w, 0), c + Vec2(w, h), c + Vec2(0.3 * w, 1.2 * h)}));
    }
  }
  for (int i = 0; i < kQueries; ++i) {
    const Vec2 a(x(rng), y(rng));
    const double angle = 6.283185307179586 * unit(rng);
    const Vec2 b = ClampToTable(a + 24.0 * unit(rng) * Vec2(std::cos(angle), std::sin(angle)),
                                kWidth, kHeight);
    s.points.push_back(a);
    s.segments.push_back({a, b});
  }
  return s;
}

SpatialIndex MakeIndex(const Scene& s, double cell) {
  SpatialIndex index = *SpatialIndex::Create({0, 0}, {kWidth, kHeight}, cell);
  (void)index.SetDiscs(s.discs);
  (void)index.SetObstacles(s.obstacles);
  return index;
}

void BM_WithinIndex(benchmark::State& state) {
  const Scene s = MakeScene(static_cast<int>(state.range(0)));
  const SpatialIndex index = MakeIndex(s, static_cast<double>(state.range(1)));
  std::vector<int> out;
  size_t q = 0, found = 0;
  for (auto _ : state) {
    index.DiscsWithin(s.points[q++ % kQueries], kRadius, &out);
    found += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["found"] = static_cast<double>(found) / state.iterations();
}

void BM_WithinBrute(benchmark::State& state) {
  const Scene s = MakeScene(static_cast<int>(state.range(0)));
  std::vector<int> out;
  size_t q = 0, found = 0;
  for (auto _ : state) {
    const Vec2& p = s.points[q++ % kQueries];
    out.clear();
    for (size_t i = 0; i < s.discs.size(); ++i) {
      if (Distance(p, s.discs[i].center) <= kRadius + s.discs[i].radius) {
        out.push_back(static_cast<int>(i));
      }
    }
    found += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["found"] = static_cast<double>(found) / state.iterations();
}

void BM_SightIndex(benchmark::State& state) {
  const Scene s = MakeScene(static_cast<int>(state.range(0)));
  const SpatialIndex index = MakeIndex(s, 4.0);
  size_t q = 0, clear = 0;
  for (auto _ : state) {
    const auto& [a, b] = s.segments[q++ % kQueries];
    clear += index.LineOfSight(a, b);
  }
  state.counters["clear"] = static_cast<double>(clear) / state.iterations();
}

void BM_SightBrute(benchmark::State& state) {
  const Scene s = MakeScene(static_cast<int>(state.range(0)));
  size_t q = 0, clear = 0;
  for (auto _ : state) {
    const auto& [a, b] = s.segments[q++ % kQueries];
    clear += LineOfSight(a, b, s.obstacles);
  }
  state.counters["clear"] = static_cast<double>(clear) / state.iterations();
}

void BM_MoveDisc(benchmark::State& state) {
  const Scene s = MakeScene(static_cast<int>(state.range(0)));
  SpatialIndex index = MakeIndex(s, 6.0);
  const int n = static_cast<int>(s.discs.size());
  size_t q = 0;
  for (auto _ : state) {
    const int i = static_cast<int>(q % n);
    benchmark::DoNotOptimize(index.MoveDisc(i, s.points[q++ % kQueries]));
  }
}

BENCHMARK(BM_WithinIndex)->ArgsProduct({{50, 200, 800}, {3, 6}})->ArgNames({"n", "bucket"});
BENCHMARK(BM_WithinBrute)->Arg(50)->Arg(200)->Arg(800);
BENCHMARK(BM_SightIndex)->Arg(50)->Arg(200)->Arg(800);
BENCHMARK(BM_SightBrute)->Arg(50)->Arg(200)->Arg(800);
BENCHMARK(BM_MoveDisc)->Arg(50)->Arg(200)->Arg(800);

}  // namespace
}  // namespace impi
