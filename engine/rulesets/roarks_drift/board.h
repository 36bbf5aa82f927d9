// engine/rulesets/roarks_drift/board.h: the mission station at Rorke's Drift
// as a hex map, for "The Battle of Roark's Drift" (004_18930928e35a3412.txt).
//
// Overview: the text prints no map (rules/README.md lists it among what the
// file leaves out). This board is designed, "not in the source text", from
// the text's scale and its designers' notes and from the history
// (docs/scenarios/roarks_drift_board.md gives the sources and every choice):
//   - "10 feet per hex" (1.0): the map is 48 hexes west to east and 32 north
//     to south, flat-topped, odd-q offset (engine/core/hex_map.h), north at
//     the top, the Oskarberg off the map to the south;
//   - the buildings on hexes of the shared map, with their rooms and roofs:
//     the hospital (six rooms, walls loopholed from the start, 11.0.A), the
//     storehouse (the store and the storeroom where Surgeon Major Reynolds
//     operates, 8.3 and 9.1.C; windows and doors, 11.0.A), the cook house
//     and the water closet, which "block the LOS as other buildings do"
//     (6.3.D);
//   - the walls on hexsides of the shared map (SideFeature::kWall), each run
//     of them named with its height from the designers' notes (WallRun):
//     "The north wall was six feet high, plus two feet of ridge. Past the
//     dog-leg, the wall was four feet high, plus two feet of ridge. The south
//     wall was four feet high as were the inner and kraal walls. The redoubt
//     was seven feet high"; the biscuit-box line; doors and windows as
//     openings (11.0.D);
//   - the ground by hex (HexCell::terrain): the ledge below the north wall
//     (TerrainKind::kHill, "ridge" as 7.0's example has it), the garden,
//     bush (sight-blocking, 6.3.B), the ditch ("trenches", 6.3.B), the road;
//   - "eight off-board zones, one in each corner and four more, one in
//     between each of the corner zones" (9.2.A): each a run of edge hexes,
//     numbered clockwise from the north-west corner, so that ZonesAdjacent
//     (tables.h) is the board's own adjacency;
//   - the main perimeter ("between the hospital and the storage area",
//     6.2.2.1.B), where Oskarberg fire falls.
// A caller may send its own map instead (the rule set reads the table's);
// this is the one the built-in game starts from.
//
// Usage:
//   const Board& b = StationBoard();
//   bool seen = b.map.HasLineOfSight(Board::Hex(20, 12), Board::Hex(20, 3));
//   const WallRun* w = b.WallOn(*SideBetween(Board::Hex(8, 10), Board::Hex(8, 9)));
//
// Thread safety: StationBoard() is built once and immutable; a Board is a
// value.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_BOARD_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_BOARD_H_

#include <array>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "engine/core/hex_map.h"

namespace impi::roarks {

// The walls of the post by their heights in the designers' notes.
enum class WallKind : int {
  kNorthWall = 0,     // "six feet high, plus two feet of ridge"
  kNorthPastDogLeg,   // "four feet high, plus two feet of ridge"
  kSouthWall,         // "four feet high"
  kBiscuitBoxes,      // the inner line of biscuit boxes across the post (6.3.B;
                      // read as the notes' "inner" wall: four feet)
  kWestEnd,           // the barricade from the hospital to the north wall (designed: four feet)
  kKraalWall,         // "and kraal walls"
  kRedoubt,           // "The redoubt was seven feet high"
  kBuildingWall,      // a building's wall (loopholed, or with its windows and doors)
  kInteriorWall,      // between two rooms of a building (11.0.B: may be tunnelled)
};
const char* WallKindName(WallKind k);
// Height in feet as the notes give it (a ridge's two feet included); 0 for
// building walls, which are walls of a room, not a barricade.
int WallHeightFeet(WallKind k);

struct WallRun {
  WallKind kind = WallKind::kNorthWall;
  std::vector<HexSide> sides;  // canonical, each also marked on the map
};

// The buildings and rooms by their ids on the map (HexCell::building, room).
enum BuildingId : int {
  kHospital = 1,
  kStorehouse = 2,
  kCookHouse = 3,
  kWaterCloset = 4,
};
inline constexpr int kHospitalRooms = 6;          // rooms 1..6, west to east
inline constexpr int kStoreRoom = 7;              // the storehouse's store
inline constexpr int kStoreroom = 8;              // where Reynolds operates
inline constexpr int kCookHouseRoom = 9;
inline constexpr int kWaterClosetRoom = 10;

inline constexpr int kBoardColumns = 48;
inline constexpr int kBoardRows = 32;
inline constexpr double kFeetPerHex = 10.0;  // 1.0

struct Board {
  HexMap map;
  std::vector<WallRun> walls;
  // Zone z (1..8) is entry_zones[z - 1]: its edge hexes.
  std::array<std::vector<HexCoord>, 8> entry_zones;
  // The main perimeter: the hexes inside the walls between the hospital and
  // the storehouse (6.2.2.1.B).
  std::vector<HexCoord> main_perimeter;
  // The kraal's inside.
  std::vector<HexCoord> kraal;
  // Each wall side's run (its index in `walls`), by the canonical side's
  // q, r and direction: WallOn's lookup.
  std::map<std::tuple<int, int, int>, int> wall_of;

  // The hex of a column and row of the offset grid (column 0 the west edge,
  // row 0 the north edge).
  static HexCoord Hex(int column, int row);
  // The wall run a side belongs to; nullptr when none.
  const WallRun* WallOn(const HexSide& side) const;
  // The zone (1..8) an edge hex belongs to; 0 when none.
  int ZoneOf(HexCoord h) const;
  bool InMainPerimeter(HexCoord h) const;
};

// The built-in board, built once.
const Board& StationBoard();

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_BOARD_H_
