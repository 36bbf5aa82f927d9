// tests/rules/roarks_drift/board_test.cc: the station board (board.h), a
// design "not in the source text" from the text's scale, its designers'
// notes and the history (docs/scenarios/roarks_drift_board.md). Each test
// names the line of 004_18930928e35a3412.txt it serves.
#include "engine/rulesets/roarks_drift/board.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <vector>

#include "engine/rulesets/roarks_drift/tables.h"
#include "gtest/gtest.h"

namespace impi::roarks {
namespace {

const Board& B() { return StationBoard(); }
HexCoord H(int c, int r) { return Board::Hex(c, r); }

const HexCell& CellAt(int c, int r) {
  const HexCell* cell = B().map.Cell(H(c, r));
  EXPECT_NE(cell, nullptr) << c << "," << r;
  static const HexCell none;
  return cell != nullptr ? *cell : none;
}

// 1.0 "10 feet per hex": the map is valid and every hex of the grid is on it.
TEST(RoarksBoard, Scale_1_0_TheGridIsValidAtTenFeetAHex) {
  EXPECT_TRUE(B().map.Validate().ok()) << B().map.Validate();
  EXPECT_EQ(B().map.columns, kBoardColumns);
  EXPECT_EQ(B().map.rows, kBoardRows);
  for (int c = 0; c < kBoardColumns; ++c) {
    for (int r = 0; r < kBoardRows; ++r) EXPECT_TRUE(B().map.Contains(H(c, r))) << c << "," << r;
  }
  EXPECT_EQ(kFeetPerHex, 10.0);
}

// 13.0 "The whole perimeter was something under three hundred yards": the
// post (the main perimeter, its two buildings and the kraal) measured round
// its extent, at 10 feet a hex across the flats (a column of flat-topped
// hexes is 1.5 corners-to-centre, 8.66 feet, east of the last), is 250-300
// yards round.
TEST(RoarksBoard, DesignersNotes_13_0_ThePerimeterIsSomethingUnderThreeHundredYards) {
  std::vector<HexCoord> post = B().main_perimeter;
  post.insert(post.end(), B().kraal.begin(), B().kraal.end());
  for (int b : {kHospital, kStorehouse}) {
    for (const HexCoord& h : B().map.BuildingHexes(b)) post.push_back(h);
  }
  int c0 = 1 << 20, c1 = -1, r0 = 1 << 20, r1 = -1;
  for (const HexCoord& h : post) {
    const int c = h.q, r = h.r + (h.q - (h.q & 1)) / 2;
    c0 = std::min(c0, c);
    c1 = std::max(c1, c);
    r0 = std::min(r0, r);
    r1 = std::max(r1, r);
  }
  const double column_feet = 1.5 * kFeetPerHex / std::sqrt(3.0);
  const double feet = 2 * ((c1 - c0 + 1) * column_feet + (r1 - r0 + 1) * kFeetPerHex);
  EXPECT_GT(feet / 3.0, 250.0);
  EXPECT_LT(feet / 3.0, 300.0);
  // Historically the post ran about a hundred yards west to east.
  EXPECT_NEAR((c1 - c0 + 1) * column_feet / 3.0, 100.0, 15.0);
}

// 13.0's wall heights: every run the notes name is on the map, on walls of
// the shared map, with its height.
TEST(RoarksBoard, DesignersNotes_13_0_EveryWallRunWithItsHeight) {
  std::set<WallKind> kinds;
  for (const WallRun& w : B().walls) {
    kinds.insert(w.kind);
    EXPECT_FALSE(w.sides.empty()) << WallKindName(w.kind);
    for (const HexSide& s : w.sides) {
      EXPECT_NE(B().map.Feature(s), SideFeature::kNone) << WallKindName(w.kind);
      EXPECT_EQ(B().WallOn(s), &w);
    }
  }
  for (WallKind k : {WallKind::kNorthWall, WallKind::kNorthPastDogLeg, WallKind::kSouthWall,
                     WallKind::kBiscuitBoxes, WallKind::kWestEnd, WallKind::kKraalWall,
                     WallKind::kRedoubt, WallKind::kBuildingWall, WallKind::kInteriorWall}) {
    EXPECT_EQ(kinds.count(k), 1u) << WallKindName(k);
  }
  // "The north wall was six feet high, plus two feet of ridge. Past the
  // dog-leg, the wall was four feet high, plus two feet of ridge. The south
  // wall was four feet high as were the inner and kraal walls. The redoubt
  // was seven feet high."
  EXPECT_EQ(WallHeightFeet(WallKind::kNorthWall), 8);
  EXPECT_EQ(WallHeightFeet(WallKind::kNorthPastDogLeg), 6);
  EXPECT_EQ(WallHeightFeet(WallKind::kSouthWall), 4);
  EXPECT_EQ(WallHeightFeet(WallKind::kBiscuitBoxes), 4);
  EXPECT_EQ(WallHeightFeet(WallKind::kKraalWall), 4);
  EXPECT_EQ(WallHeightFeet(WallKind::kRedoubt), 7);
  // The north wall stands on the ledge: below it, outside, the ridge.
  const WallRun* north = B().WallOn(*SideBetween(H(10, 10), H(10, 9)));
  ASSERT_NE(north, nullptr);
  EXPECT_EQ(north->kind, WallKind::kNorthWall);
  EXPECT_EQ(CellAt(10, 9).terrain, TerrainKind::kHill);
  const WallRun* past = B().WallOn(*SideBetween(H(30, 10), H(30, 9)));
  ASSERT_NE(past, nullptr);
  EXPECT_EQ(past->kind, WallKind::kNorthPastDogLeg);
}

// 6.3.B "Interrupting terrain includes ... stone walls, mealy bag walls,
// biscuit boxes, buildings": from the yard nothing beyond the north wall is
// seen, and across the biscuit-box line nothing either; 6.3.D "The Water
// Closet (WC) and Cook House (CH) block the LOS as other buildings do".
TEST(RoarksBoard, Los_6_3_WallsAndBuildingsInterrupt) {
  const HexMap& m = B().map;
  EXPECT_FALSE(m.HasLineOfSight(H(12, 12), H(12, 4))) << "the north wall";
  EXPECT_FALSE(m.HasLineOfSight(H(20, 12), H(28, 12))) << "the biscuit-box line";
  EXPECT_TRUE(m.HasLineOfSight(H(12, 12), H(20, 12))) << "the open yard";
  EXPECT_TRUE(m.HasLineOfSight(H(12, 12), H(12, 16)));
  EXPECT_EQ(CellAt(15, 22).building, kCookHouse);
  EXPECT_EQ(CellAt(4, 21).building, kWaterCloset);
  EXPECT_FALSE(m.HasLineOfSight(H(15, 20), H(15, 25))) << "the cook house between";
  EXPECT_FALSE(m.HasLineOfSight(H(4, 19), H(4, 24))) << "the water closet between";
  EXPECT_TRUE(m.HasLineOfSight(H(15, 24), H(15, 25)));
  // Line of sight is the same both ways (6.3.A: centre to centre).
  for (const auto& [a, b] : std::vector<std::pair<HexCoord, HexCoord>>{
           {H(12, 12), H(30, 3)}, {H(20, 20), H(28, 11)}, {H(9, 16), H(9, 19)}}) {
    EXPECT_EQ(m.HasLineOfSight(a, b), m.HasLineOfSight(b, a));
  }
}

// 11.0.A "British can shoot through the hospital walls (loop holes) from the
// start, and through windows and doors in the storehouse"; 11.0.B the walls
// between the hospital's rooms; 9.1.C "Major Reynolds must be placed in the
// storehouse" and 8.3.A the Storeroom.
TEST(RoarksBoard, Buildings_11_0_HospitalLoopholesStorehouseWindowsRooms) {
  const HexMap& m = B().map;
  ASSERT_EQ(m.BuildingHexes(kHospital).size(), 14u);
  std::set<int> rooms;
  for (const HexCoord& h : m.BuildingHexes(kHospital)) {
    rooms.insert(m.Cell(h)->room);
    EXPECT_TRUE(m.Cell(h)->roofed);
  }
  EXPECT_EQ(rooms.size(), static_cast<size_t>(kHospitalRooms));
  // A loophole on the hospital's outer walls: a man at it sees out; one
  // further in does not.
  const HexCoord at_wall = H(8, 18), outside = H(8, 21), further_in = H(8, 17);
  EXPECT_EQ(m.Feature(*SideBetween(at_wall, H(8, 19))), SideFeature::kLoophole);
  EXPECT_TRUE(m.HasLineOfSight(at_wall, outside));
  EXPECT_FALSE(m.HasLineOfSight(further_in, outside));
  // Rooms are walled from each other (11.0.B: tunnelled to pass).
  EXPECT_EQ(m.Feature(*SideBetween(H(8, 17), H(9, 17))), SideFeature::kWall);
  EXPECT_EQ(B().WallOn(*SideBetween(H(8, 17), H(9, 17)))->kind, WallKind::kInteriorWall);
  EXPECT_FALSE(m.AdjacentRooms(3).empty());
  // The storehouse: the store and the storeroom; its doors and windows are
  // openings, the rest plain wall.
  EXPECT_EQ(CellAt(26, 17).room, kStoreRoom);
  EXPECT_EQ(CellAt(33, 18).room, kStoreroom);
  int openings = 0, loopholes = 0;
  for (const HexCoord& h : m.BuildingHexes(kStorehouse)) {
    for (HexDirection d : kAllHexDirections) {
      const SideFeature f = m.Feature(SideOf(h, d));
      openings += f == SideFeature::kOpening;
      loopholes += f == SideFeature::kLoophole;
    }
  }
  EXPECT_GE(openings, 5);
  EXPECT_EQ(loopholes, 0);
}

// 6.2.2.1.B "the main area of the perimeter (between the hospital and the
// storage area)": the yard inside the walls, neither a building nor the
// kraal.
TEST(RoarksBoard, Oskarberg_6_2_2_1_TheMainPerimeter) {
  EXPECT_TRUE(B().InMainPerimeter(H(18, 14)));
  EXPECT_FALSE(B().InMainPerimeter(H(8, 17))) << "the hospital";
  EXPECT_FALSE(B().InMainPerimeter(H(40, 14))) << "the kraal";
  EXPECT_FALSE(B().InMainPerimeter(H(18, 5))) << "outside";
  EXPECT_GT(B().main_perimeter.size(), 150u);
}

// 9.2.A "There are eight off-board zones, one in each corner and four more,
// one in between each of the corner zones": every edge hex in exactly one
// zone, each zone a run of the edge, and the zones' neighbours on the map
// are the neighbours ZonesAdjacent names (9.2's example: 8 and 1).
TEST(RoarksBoard, Zones_9_2_EightZonesRoundTheEdge) {
  std::set<std::pair<int, int>> seen;
  for (int z = 1; z <= kEntryZones; ++z) {
    EXPECT_FALSE(B().entry_zones[z - 1].empty()) << z;
    for (const HexCoord& h : B().entry_zones[z - 1]) {
      EXPECT_TRUE(seen.insert({h.q, h.r}).second) << "in two zones";
      EXPECT_EQ(B().ZoneOf(h), z);
    }
  }
  int edge = 0;
  for (int c = 0; c < kBoardColumns; ++c) {
    for (int r = 0; r < kBoardRows; ++r) {
      const bool on_edge = c == 0 || r == 0 || c == kBoardColumns - 1 || r == kBoardRows - 1;
      edge += on_edge;
      if (on_edge) {
        EXPECT_NE(B().ZoneOf(H(c, r)), 0) << c << "," << r;
      }
    }
  }
  EXPECT_EQ(static_cast<int>(seen.size()), edge);
  // Two zones touch on the map exactly when ZonesAdjacent says so.
  for (int a = 1; a <= kEntryZones; ++a) {
    for (int b = a + 1; b <= kEntryZones; ++b) {
      bool touch = false;
      for (const HexCoord& h : B().entry_zones[a - 1]) {
        for (const HexCoord& n : Neighbors(h)) touch |= B().ZoneOf(n) == b;
      }
      EXPECT_EQ(touch, ZonesAdjacent(a, b)) << a << " and " << b;
    }
  }
  // The corners: zone 1 at the north-west, zone 5 at the south-east.
  EXPECT_EQ(B().ZoneOf(H(0, 0)), 1);
  EXPECT_EQ(B().ZoneOf(H(kBoardColumns - 1, kBoardRows - 1)), 5);
}

// 6.3.B "bush ... trenches" interrupt the line of sight.
TEST(RoarksBoard, Los_6_3_B_BushAndTheDitchBlock) {
  EXPECT_TRUE(CellAt(25, 4).blocks_sight);
  EXPECT_EQ(CellAt(25, 4).terrain, TerrainKind::kScrub);
  EXPECT_TRUE(CellAt(20, kBoardRows - 4).blocks_sight);
  EXPECT_EQ(CellAt(20, kBoardRows - 4).terrain, TerrainKind::kDonga);
  EXPECT_FALSE(B().map.HasLineOfSight(H(25, 7), H(25, 0)));
}

}  // namespace
}  // namespace impi::roarks
