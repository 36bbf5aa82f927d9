// The station board as a picture shows it (RulesetWire::BoardPicture,
// engine/game/hex_picture.h): the designed map (board.h) with the state's
// fires (10.0) and walls dug through (11.0.B), and each hex's stack in its
// order (5.0; the top unit takes fire, 8.1.B) with the marks of its
// counters: wounds (8.2), prone (4.0.F), a torch (10.1.D), retiring
// (3.7.B). The rules hide nothing from either side (roarks_drift.h), so the
// picture is the same for both.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/rulesets/roarks_drift/board.h"
#include "engine/rulesets/roarks_drift/wire/roarks_wire.h"
#include "impi/v1/roarks_drift.pb.h"

namespace impi::roarks {
namespace {

using SideKey = std::tuple<int, int, int>;

SideKey KeyOf(const HexSide& side) {
  const HexSide c = impi::SideOf(side.hex, side.direction);
  return {c.hex.q, c.hex.r, static_cast<int>(c.direction)};
}

// The room's name on its first hex: the numbers docs/protocol.md gives them.
std::string RoomLabel(int room) {
  switch (room) {
    case kStoreRoom: return absl::StrCat(room, " store");
    case kStoreroom: return absl::StrCat(room, " storeroom");
    case kCookHouseRoom: return absl::StrCat(room, " cook house");
    case kWaterClosetRoom: return absl::StrCat(room, " WC");
    default: return absl::StrCat(room);  // the hospital's rooms, 1 to 6 west to east
  }
}

// The ground's class word: the contract's TerrainKind name (the engine's
// TerrainKind has the contract's numbers), "clear" for none.
std::string TerrainWord(TerrainKind kind) {
  if (kind == TerrainKind::kUnspecified) return "clear";
  return absl::AsciiStrToLower(v1::TerrainKind_Name(static_cast<v1::TerrainKind>(kind)));
}

// The marks of a counter's entry, in the order a reader looks for them.
std::vector<HexPicture::Mark> Marks(const v1::RoarksCounter& x) {
  std::vector<HexPicture::Mark> marks;
  const v1::RoarksWound w = x.wound();
  if (w == v1::ROARKS_LIGHT || w == v1::ROARKS_LIGHT_AND_SERIOUS) marks.push_back({"wounded-light", "L"});
  if (w == v1::ROARKS_SERIOUS || w == v1::ROARKS_LIGHT_AND_SERIOUS) marks.push_back({"wounded-serious", "S"});
  if (x.prone()) marks.push_back({"prone", "P"});
  if (x.torch()) marks.push_back({"torch", "T"});
  if (x.retiring()) marks.push_back({"retiring", "R"});
  return marks;
}

// The walls dug through that the state lists (11.0.B): sides of the board
// with a wall or loophole, by canonical side. Others are left out.
std::set<SideKey> DugSides(const v1::RoarksState& book, const HexMap& map) {
  std::set<SideKey> dug;
  for (const v1::RoarksOpening& o : book.openings()) {
    const HexCoord h{o.hex().q(), o.hex().r()};
    if (!map.Contains(h) || o.direction() < 0 || o.direction() >= kHexDirectionCount) continue;
    const HexSide side = impi::SideOf(h, static_cast<HexDirection>(o.direction()));
    const SideFeature f = map.Feature(side);
    if (f == SideFeature::kWall || f == SideFeature::kLoophole) dug.insert(KeyOf(side));
  }
  return dug;
}

void AddCells(const Board& board, const v1::RoarksState& book, HexPicture* p) {
  std::set<int> burning;
  for (const v1::RoarksFire& f : book.fires()) burning.insert(f.room());
  std::set<int> named;
  const HexMap& map = board.map;
  for (size_t i = 0; i < map.cells.size(); ++i) {
    const HexCell& cell = map.cells[i];
    if (cell.terrain == TerrainKind::kUnspecified && cell.building == 0) continue;
    HexPicture::Cell c;
    c.hex = map.HexOfCell(static_cast<int>(i));
    c.terrain = TerrainWord(cell.terrain);
    c.building = cell.building;
    c.room = cell.room;
    c.roofed = cell.roofed;
    c.burning = cell.room != 0 && burning.count(cell.room) > 0;  // 10.0: a fire burns a room
    c.blocks_sight = cell.blocks_sight;
    if (cell.room != 0 && named.insert(cell.room).second) c.label = RoomLabel(cell.room);
    p->cells.push_back(std::move(c));
  }
}

void AddSides(const Board& board, const v1::RoarksState& book, HexPicture* p) {
  const HexMap& map = board.map;
  const std::set<SideKey> dug = DugSides(book, map);
  for (const HexSide& side : map.FeatureSides()) {
    HexPicture::Side s;
    s.hex = side.hex;
    s.direction = static_cast<int>(side.direction);
    s.feature = dug.count(KeyOf(side)) > 0 ? "dug" : SideFeatureName(map.Feature(side));
    if (const WallRun* run = board.WallOn(side)) {
      const int feet = WallHeightFeet(run->kind);
      s.label = feet > 0 ? absl::StrCat(WallKindName(run->kind), " (", feet, " ft)") : WallKindName(run->kind);
    } else {
      s.label = "door or window";  // 11.0.A, D
    }
    p->sides.push_back(std::move(s));
  }
}

void AddAreas(const Board& board, HexPicture* p) {
  // 9.2.A: the eight off-board zones, numbered clockwise from the north-west
  // corner; 6.2.2.1.B: the main perimeter, where the Oskarberg's fire falls.
  for (size_t z = 0; z < board.entry_zones.size(); ++z) {
    p->areas.push_back({"entry-zone", absl::StrCat(z + 1), board.entry_zones[z]});
  }
  p->areas.push_back({"perimeter", "main perimeter", board.main_perimeter});
}

// Each hex's units bottom first: by their entries' stack_pos, then in the
// units' order.
void AddStacks(const v1::TableState& state, const HexMap& map, HexPicture* p) {
  std::map<std::string, const v1::RoarksCounter*> entries;
  for (const v1::RoarksCounter& x : state.roarks_drift().counters()) entries.emplace(x.unit_id(), &x);
  struct Placed {
    int stack_pos;
    int index;
  };
  std::map<HexCoord, std::vector<Placed>> at;
  for (int i = 0; i < state.units_size(); ++i) {
    const v1::Unit& u = state.units(i);
    const HexCoord h{u.hex().q(), u.hex().r()};
    if (u.off_table() || !map.Contains(h)) continue;
    const auto e = entries.find(u.id());
    at[h].push_back({e == entries.end() ? 0 : e->second->stack_pos(), i});
  }
  for (auto& [hex, placed] : at) {
    std::stable_sort(placed.begin(), placed.end(),
                     [](const Placed& a, const Placed& b) { return a.stack_pos < b.stack_pos; });
    HexPicture::Stack stack;
    stack.hex = hex;
    for (const Placed& x : placed) {
      const std::string& id = state.units(x.index).id();
      const auto e = entries.find(id);
      stack.counters.push_back({id, e == entries.end() ? std::vector<HexPicture::Mark>{} : Marks(*e->second)});
    }
    p->stacks.push_back(std::move(stack));
  }
}

}  // namespace

std::optional<HexPicture> RoarksWire::BoardPicture(const v1::TableState& state) const {
  const Board& board = StationBoard();
  HexPicture p;
  p.columns = kBoardColumns;
  p.rows = kBoardRows;
  p.scale = "10 feet";  // 1.0
  AddCells(board, state.roarks_drift(), &p);
  AddSides(board, state.roarks_drift(), &p);
  AddAreas(board, &p);
  AddStacks(state, board.map, &p);
  return p;
}

}  // namespace impi::roarks
