// tests/rules/roarks_drift/terrain_chart_test.cc: the Terrain Effects Chart
// (terrain_chart.h), designed, "not in the source text", on the station
// board. Each test names the line of 004_18930928e35a3412.txt it serves.
#include "engine/rulesets/roarks_drift/terrain_chart.h"

#include "engine/rulesets/roarks_drift/counters.h"
#include "engine/rulesets/roarks_drift/tables.h"
#include "gtest/gtest.h"

namespace impi::roarks {
namespace {

const Board& B() { return StationBoard(); }
const TerrainChart& T() { return DefaultTerrainChart(); }
HexCoord H(int c, int r) { return Board::Hex(c, r); }

// 4.0.A "Units move a hex to an adjacent hex, expending movement points
// (MPs) per the Terrain Effects Chart"; D "A unit may not enter a hex if it
// lacks sufficient MPs": the costs a move pays.
TEST(RoarksTerrainChart, Movement_4_0_CostsByGroundAndHexside) {
  EXPECT_EQ(T().EnterCost(B(), H(12, 12), H(12, 13)), 1) << "the open yard";
  EXPECT_EQ(T().EnterCost(B(), H(25, 7), H(25, 6)), 2) << "into bush";
  EXPECT_EQ(T().EnterCost(B(), H(12, 7), H(12, 8)), 2) << "onto the ledge";
  // Over the north wall from the ledge: the yard's 1 and a high wall's 3; a
  // Zulu's 5 MPs (4.0.B) take him over, a seriously wounded one's 3 do not.
  const int over_north = T().EnterCost(B(), H(12, 9), H(12, 10));
  EXPECT_EQ(over_north, 4);
  EXPECT_LE(over_north, MovementAllowance(Side::kZulu, WoundState::kNone, nullptr));
  EXPECT_GT(over_north, MovementAllowance(Side::kZulu, WoundState::kSerious, nullptr));
  EXPECT_EQ(T().EnterCost(B(), H(18, 19), H(18, 18)), 3) << "over the four-foot south wall";
  // Buildings: through a door; never through a wall or a loophole (11.0.B:
  // tunnel first); not to a hex that is not adjacent.
  EXPECT_EQ(T().EnterCost(B(), H(7, 16), H(7, 17)), 2) << "the hospital's door to room 2";
  EXPECT_EQ(T().EnterCost(B(), H(8, 19), H(8, 18)), -1) << "a loophole";
  EXPECT_EQ(T().EnterCost(B(), H(8, 17), H(9, 17)), -1) << "between two rooms";
  EXPECT_EQ(T().EnterCost(B(), H(12, 12), H(12, 14)), -1) << "not adjacent";
  EXPECT_EQ(T().EnterCost(B(), H(0, 0), H(-1, 0)), -1) << "off the map";
}

// 6.1.1.B "Divide by the target hex's Fire Defense Factor"; 4.0.F a prone
// Zulu has "3 Fire Defense Factors (instead of the FDF of their hex)": in
// the open going prone is cover; behind a wall or in a room a man is
// harder to hit than in the open.
TEST(RoarksTerrainChart, Fire_6_1_FireDefenseByHexAndWall) {
  const int open = T().FireDefense(B(), H(12, 5), std::nullopt);
  EXPECT_LT(open, kProneFireDefense);
  EXPECT_EQ(T().FireDefense(B(), H(25, 4), std::nullopt), 4) << "bush";
  EXPECT_EQ(T().FireDefense(B(), H(20, 28), std::nullopt), 5) << "the ditch";
  EXPECT_EQ(T().FireDefense(B(), H(8, 17), std::nullopt), 6) << "a room of the hospital";
  EXPECT_EQ(T().FireDefense(B(), H(12, 10), SideBetween(H(12, 9), H(12, 10))), 5) << "behind the north wall";
  EXPECT_EQ(T().FireDefense(B(), H(18, 18), SideBetween(H(18, 19), H(18, 18))), 4) << "behind the south wall";
  EXPECT_EQ(T().FireDefense(B(), H(12, 10), std::nullopt), open) << "the same man fired on from inside the post";
  // The redoubt: seven feet.
  const WallRun* redoubt = nullptr;
  for (const WallRun& w : B().walls) {
    if (w.kind == WallKind::kRedoubt) redoubt = &w;
  }
  ASSERT_NE(redoubt, nullptr);
  const HexSide s = redoubt->sides.front();
  EXPECT_EQ(T().FireDefense(B(), s.hex, s), 6);
}

// 6.1.2.D "at least ten men firing volley fire" and 6.1.1.B "dropping
// fractions": the chart's scale read through FireOdds: ten rankers at
// Zulus in the open, one ranker's aimed shot, a Zulu rifle unit at a man
// behind the north wall.
TEST(RoarksTerrainChart, Fire_6_1_TheRatiosTheChartGives) {
  const CounterSpec ranker = Garrison().back();
  const CounterSpec rifles = RegimentCounters(Regiment::kYengwe).front();
  const int open = T().FireDefense(B(), H(12, 5), std::nullopt);
  EXPECT_EQ(*FireOdds(10 * ranker.fire, open, nullptr), 10);
  EXPECT_EQ(*FireOdds(ranker.fire, open, nullptr), 1);
  EXPECT_EQ(*FireOdds(ranker.fire, kProneFireDefense, nullptr), 0) << "a prone Zulu: under 1:1";
  const int wall = T().FireDefense(B(), H(12, 10), SideBetween(H(12, 9), H(12, 10)));
  EXPECT_EQ(*FireOdds(rifles.fire, wall, nullptr), 1);
}

// A caller's own chart is read as given.
TEST(RoarksTerrainChart, ACallersChartIsRead) {
  TerrainChart mine = T();
  mine.ground[TerrainKind::kScrub] = {3, 7};
  mine.high_wall_cost = 4;
  EXPECT_EQ(mine.EnterCost(B(), H(25, 7), H(25, 6)), 3);
  EXPECT_EQ(mine.FireDefense(B(), H(25, 4), std::nullopt), 7);
  EXPECT_EQ(mine.EnterCost(B(), H(12, 9), H(12, 10)), 5);
}

}  // namespace
}  // namespace impi::roarks
