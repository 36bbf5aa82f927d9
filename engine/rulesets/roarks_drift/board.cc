// engine/rulesets/roarks_drift/board.cc: the station board. See board.h; every
// place and number here is designed, "not in the source text"
// (docs/scenarios/roarks_drift_board.md).
#include "engine/rulesets/roarks_drift/board.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

namespace impi::roarks {
namespace {

// The post, by columns and rows of the offset grid (inclusive).
constexpr int kPostWest = 6, kPostEast = 37;      // the main perimeter's columns
constexpr int kPostNorth = 10, kPostSouth = 18;   // its rows
constexpr int kDogLeg = 21;                       // the north wall's first column past the dog-leg
constexpr int kHospitalWest = 6, kHospitalEast = 12, kBuildingNorth = 17;  // rows 17-18
constexpr int kStoreWest = 25, kStoreEast = 33, kStoreroomWest = 32;
constexpr int kKraalWest = 38, kKraalEast = 42;
constexpr int kBiscuitBoxWest = 24;               // the line between columns 24 and 25
constexpr int kRedoubtWest = 28, kRedoubtNorth = 14;  // two by two hexes
constexpr int kLedgeNorth = 8;                    // rows 8-9 below the north wall
constexpr int kDitchRow = 28;

bool Within(int v, int lo, int hi) { return v >= lo && v <= hi; }

// Column and row of a hex of the offset grid (the inverse of Board::Hex).
std::pair<int, int> ColumnRow(HexCoord h) { return {h.q, h.r + (h.q - (h.q & 1)) / 2}; }

void SetBuilding(HexMap& map, int building, int room, int c0, int c1, int r0, int r1) {
  for (int c = c0; c <= c1; ++c) {
    for (int r = r0; r <= r1; ++r) {
      HexCell* cell = map.MutableCell(Board::Hex(c, r));
      cell->terrain = TerrainKind::kBuilding;
      cell->building = building;
      cell->room = room;
      cell->roofed = true;
    }
  }
}

void SetGround(HexMap& map, TerrainKind kind, bool blocks, int c0, int c1, int r0, int r1) {
  for (int c = c0; c <= c1; ++c) {
    for (int r = r0; r <= r1; ++r) {
      HexCell* cell = map.MutableCell(Board::Hex(c, r));
      if (cell == nullptr || cell->building != 0) continue;
      cell->terrain = kind;
      cell->blocks_sight = blocks;
    }
  }
}

// Every side between a hex `inside` says yes to and one it says no to, each
// once, in the map's cell order.
template <typename In>
std::vector<HexSide> Boundary(const HexMap& map, In inside) {
  std::vector<HexSide> out;
  for (size_t i = 0; i < map.cells.size(); ++i) {
    const HexCoord h = map.HexOfCell(static_cast<int>(i));
    if (!inside(h)) continue;
    for (HexDirection d : kAllHexDirections) {
      const HexCoord n = Neighbor(h, d);
      if (inside(n)) continue;
      out.push_back(SideOf(h, d));
    }
  }
  return out;
}

class Builder {
 public:
  Builder() { b_.map = HexMap::Rectangle(kBoardColumns, kBoardRows); }

  Board Build() {
    Ground();
    Buildings();
    Perimeter();
    Zones();
    return std::move(b_);
  }

 private:
  void Ground() {
    HexMap& m = b_.map;
    SetGround(m, TerrainKind::kFarm, false, 7, 19, 2, 6);     // the garden
    SetGround(m, TerrainKind::kScrub, true, 21, 36, 1, 6);    // bush
    SetGround(m, TerrainKind::kHill, false, kPostWest - 1, kKraalEast + 1, kLedgeNorth,
              kPostNorth - 1);                                // the ledge ("ridge")
    SetGround(m, TerrainKind::kDonga, true, 0, kBoardColumns - 1, kDitchRow, kDitchRow);  // the ditch
    SetGround(m, TerrainKind::kRoad, false, 44, 44, 0, kBoardRows - 1);  // the track to the drift
    SetGround(m, TerrainKind::kKraal, false, kKraalWest, kKraalEast, kPostNorth, kPostSouth);
  }

  void Buildings() {
    HexMap& m = b_.map;
    for (int k = 0; k < kHospitalRooms; ++k) {
      // Six rooms west to east; the easternmost two columns are one room.
      const int c0 = kHospitalWest + k;
      const int c1 = k == kHospitalRooms - 1 ? kHospitalEast : c0;
      SetBuilding(m, kHospital, k + 1, c0, c1, kBuildingNorth, kBuildingNorth + 1);
    }
    SetBuilding(m, kStorehouse, kStoreRoom, kStoreWest, kStoreroomWest - 1, kBuildingNorth,
                kBuildingNorth + 1);
    SetBuilding(m, kStorehouse, kStoreroom, kStoreroomWest, kStoreEast, kBuildingNorth,
                kBuildingNorth + 1);
    SetBuilding(m, kCookHouse, kCookHouseRoom, 15, 16, 22, 22);
    SetBuilding(m, kWaterCloset, kWaterClosetRoom, 4, 4, 21, 21);
    // Walls: between a building's hexes and the rest (loopholed for the
    // hospital, 11.0.A), and between two of its rooms.
    for (size_t i = 0; i < m.cells.size(); ++i) {
      const HexCell& cell = m.cells[i];
      if (cell.building == 0) continue;
      const HexCoord h = m.HexOfCell(static_cast<int>(i));
      for (HexDirection d : kAllHexDirections) {
        const HexCell* other = m.Cell(Neighbor(h, d));
        if (other != nullptr && other->room == cell.room) continue;
        const bool interior = other != nullptr && other->building == cell.building;
        const HexSide side = SideOf(h, d);
        if (Marked(side)) continue;
        const SideFeature f =
            !interior && cell.building == kHospital ? SideFeature::kLoophole : SideFeature::kWall;
        Mark(side, interior ? WallKind::kInteriorWall : WallKind::kBuildingWall, f);
      }
    }
    // Doors and windows (11.0.A, D: openings). The hospital's doors open on
    // the yard to the north from rooms 2, 4 and 6; rooms 1-2 and 5-6 share
    // an inner door. The storehouse has its doors to the yard (the store)
    // and to the redoubt's side (the storeroom), and windows to the south;
    // the store and the storeroom share a door. The cook house and the
    // water closet have a door each.
    Open(kHospitalWest + 1, kBuildingNorth, HexDirection::kNorth);
    Open(kHospitalWest + 3, kBuildingNorth, HexDirection::kNorth);
    Open(kHospitalWest + 5, kBuildingNorth, HexDirection::kNorth);
    OpenBetween(Board::Hex(kHospitalWest, kBuildingNorth), Board::Hex(kHospitalWest + 1, kBuildingNorth));
    OpenBetween(Board::Hex(kHospitalWest + 4, kBuildingNorth + 1),
                Board::Hex(kHospitalWest + 5, kBuildingNorth + 1));
    Open(kStoreWest + 2, kBuildingNorth, HexDirection::kNorth);
    Open(kStoreroomWest, kBuildingNorth, HexDirection::kNorth);
    Open(kStoreWest + 1, kBuildingNorth + 1, HexDirection::kSouth);
    Open(kStoreWest + 4, kBuildingNorth + 1, HexDirection::kSouth);
    OpenBetween(Board::Hex(kStoreroomWest - 1, kBuildingNorth), Board::Hex(kStoreroomWest, kBuildingNorth));
    Open(15, 22, HexDirection::kNorth);
    Open(4, 21, HexDirection::kNorth);
  }

  void Perimeter() {
    HexMap& m = b_.map;
    auto in_post = [&](HexCoord h) {
      const auto [c, r] = ColumnRow(h);
      const HexCell* cell = m.Cell(h);
      return cell != nullptr && cell->building == 0 && Within(c, kPostWest, kPostEast) &&
             Within(r, kPostNorth, kPostSouth);
    };
    for (size_t i = 0; i < m.cells.size(); ++i) {
      const HexCoord h = m.HexOfCell(static_cast<int>(i));
      if (in_post(h)) b_.main_perimeter.push_back(h);
      const auto [c, r] = ColumnRow(h);
      if (Within(c, kKraalWest, kKraalEast) && Within(r, kPostNorth, kPostSouth)) b_.kraal.push_back(h);
    }
    // The post's walls where no building stands: north (the dog-leg at
    // kDogLeg), south between the buildings, the west end, the kraal's side.
    for (const HexSide& side : Boundary(m, in_post)) {
      if (Marked(side)) continue;  // a building's wall
      const HexCoord a = side.hex, o = OtherHex(side);
      const HexCoord out = in_post(a) ? o : a;
      const auto [c, r] = ColumnRow(out);
      const int ci = ColumnRow(in_post(a) ? a : o).first;
      WallKind k;
      if (r < kPostNorth) {
        k = ci < kDogLeg ? WallKind::kNorthWall : WallKind::kNorthPastDogLeg;
      } else if (r > kPostSouth) {
        k = WallKind::kSouthWall;
      } else if (c < kPostWest) {
        k = WallKind::kWestEnd;
      } else {
        k = WallKind::kKraalWall;
      }
      Mark(side, k, SideFeature::kWall);
    }
    auto in_kraal = [&](HexCoord h) {
      const auto [c, r] = ColumnRow(h);
      return m.Contains(h) && Within(c, kKraalWest, kKraalEast) && Within(r, kPostNorth, kPostSouth);
    };
    for (const HexSide& side : Boundary(m, in_kraal)) {
      if (!Marked(side)) Mark(side, WallKind::kKraalWall, SideFeature::kWall);
    }
    // The biscuit-box line from the storehouse's north-west corner to the
    // north wall.
    for (const HexCoord& h : b_.main_perimeter) {
      const auto [c, r] = ColumnRow(h);
      if (c != kBiscuitBoxWest) continue;
      for (HexDirection d : {HexDirection::kNorthEast, HexDirection::kSouthEast}) {
        const HexCoord n = Neighbor(h, d);
        if (!in_post(n) || ColumnRow(n).first != kBiscuitBoxWest + 1) continue;
        const HexSide side = SideOf(h, d);
        if (!Marked(side)) Mark(side, WallKind::kBiscuitBoxes, SideFeature::kWall);
      }
    }
    // The redoubt: two by two hexes in front of the storehouse, its way in
    // on its west side (one side left open).
    auto in_redoubt = [&](HexCoord h) {
      const auto [c, r] = ColumnRow(h);
      return Within(c, kRedoubtWest, kRedoubtWest + 1) && Within(r, kRedoubtNorth, kRedoubtNorth + 1);
    };
    bool gate = false;
    for (const HexSide& side : Boundary(m, in_redoubt)) {
      if (Marked(side)) continue;
      const HexCoord inner = in_redoubt(side.hex) ? side.hex : OtherHex(side);
      const HexCoord outer = in_redoubt(side.hex) ? OtherHex(side) : side.hex;
      if (!gate && ColumnRow(inner) == std::make_pair(kRedoubtWest, kRedoubtNorth + 1) &&
          ColumnRow(outer).first == kRedoubtWest - 1) {
        gate = true;
        continue;
      }
      Mark(side, WallKind::kRedoubt, SideFeature::kWall);
    }
  }

  void Zones() {
    const int last_c = kBoardColumns - 1, last_r = kBoardRows - 1;
    // Each edge in thirds: the corner zones take the ends of two edges.
    const int c1 = kBoardColumns / 4, c2 = kBoardColumns - 1 - kBoardColumns / 4;
    const int r1 = kBoardRows / 4, r2 = kBoardRows - 1 - kBoardRows / 4;
    auto add = [&](int zone, int c0, int cc1, int r0, int rr1) {
      for (int c = c0; c <= cc1; ++c) {
        for (int r = r0; r <= rr1; ++r) b_.entry_zones[zone - 1].push_back(Board::Hex(c, r));
      }
    };
    add(1, 0, c1 - 1, 0, 0);
    add(1, 0, 0, 1, r1 - 1);
    add(2, c1, c2, 0, 0);
    add(3, c2 + 1, last_c, 0, 0);
    add(3, last_c, last_c, 1, r1 - 1);
    add(4, last_c, last_c, r1, r2);
    add(5, last_c, last_c, r2 + 1, last_r);
    add(5, c2 + 1, last_c - 1, last_r, last_r);
    add(6, c1, c2, last_r, last_r);
    add(7, 0, c1 - 1, last_r, last_r);
    add(7, 0, 0, r2 + 1, last_r - 1);
    add(8, 0, 0, r1, r2);
  }

  bool Marked(const HexSide& side) const { return marked_.count(Key(side)) > 0; }
  void Mark(const HexSide& side, WallKind kind, SideFeature f) {
    (void)b_.map.SetFeature(side, f);  // the sides marked here are all on the map
    marked_.insert(Key(side));
    auto run = std::find_if(b_.walls.begin(), b_.walls.end(), [&](const WallRun& w) { return w.kind == kind; });
    if (run == b_.walls.end()) run = b_.walls.insert(b_.walls.end(), WallRun{kind, {}});
    run->sides.push_back(SideOf(side.hex, side.direction));
    b_.wall_of[Key(side)] = static_cast<int>(run - b_.walls.begin());
  }
  void Open(int c, int r, HexDirection d) { (void)b_.map.SetFeature(SideOf(Board::Hex(c, r), d), SideFeature::kOpening); }
  void OpenBetween(HexCoord a, HexCoord b) {
    if (auto s = SideBetween(a, b)) (void)b_.map.SetFeature(*s, SideFeature::kOpening);
  }
  static std::tuple<int, int, int> Key(const HexSide& s) {
    const HexSide c = SideOf(s.hex, s.direction);
    return {c.hex.q, c.hex.r, static_cast<int>(c.direction)};
  }

  Board b_;
  std::set<std::tuple<int, int, int>> marked_;
};

}  // namespace

const char* WallKindName(WallKind k) {
  switch (k) {
    case WallKind::kNorthWall: return "north wall";
    case WallKind::kNorthPastDogLeg: return "north wall past the dog-leg";
    case WallKind::kSouthWall: return "south wall";
    case WallKind::kBiscuitBoxes: return "biscuit-box line";
    case WallKind::kWestEnd: return "west end";
    case WallKind::kKraalWall: return "kraal wall";
    case WallKind::kRedoubt: return "redoubt";
    case WallKind::kBuildingWall: return "building wall";
    case WallKind::kInteriorWall: return "interior wall";
  }
  return "wall";
}

int WallHeightFeet(WallKind k) {
  switch (k) {
    case WallKind::kNorthWall: return 6 + 2;
    case WallKind::kNorthPastDogLeg: return 4 + 2;
    case WallKind::kSouthWall: case WallKind::kBiscuitBoxes: case WallKind::kWestEnd:
    case WallKind::kKraalWall: return 4;
    case WallKind::kRedoubt: return 7;
    case WallKind::kBuildingWall: case WallKind::kInteriorWall: return 0;
  }
  return 0;
}

HexCoord Board::Hex(int column, int row) { return {column, row - (column - (column & 1)) / 2}; }

const WallRun* Board::WallOn(const HexSide& side) const {
  const HexSide c = SideOf(side.hex, side.direction);
  const auto it = wall_of.find({c.hex.q, c.hex.r, static_cast<int>(c.direction)});
  return it == wall_of.end() ? nullptr : &walls[static_cast<size_t>(it->second)];
}

int Board::ZoneOf(HexCoord h) const {
  for (size_t z = 0; z < entry_zones.size(); ++z) {
    if (std::find(entry_zones[z].begin(), entry_zones[z].end(), h) != entry_zones[z].end()) {
      return static_cast<int>(z) + 1;
    }
  }
  return 0;
}

bool Board::InMainPerimeter(HexCoord h) const {
  return std::find(main_perimeter.begin(), main_perimeter.end(), h) != main_perimeter.end();
}

const Board& StationBoard() {
  static const Board* const board = new Board(Builder().Build());
  return *board;
}

}  // namespace impi::roarks
