// engine/game/hex_picture.h: what a picture of a hex board shows, as plain
// values, so that the one renderer can draw any hex rule set's board
// without naming it.
//
// Overview: a hex rule set's wire adapter (RulesetWire::BoardPicture,
// wire.h) describes its board for a state: the grid (columns x rows of
// flat-topped hexes in "odd-q" offset layout, axial coordinates as
// engine/core/hex_map.h names them), each hex's ground and building, the
// hexsides that carry something (a wall, a loophole, a door or window, a
// hole dug through a wall), the named areas a player needs to see (entry
// zones, a perimeter) and the units stacked in each hex, bottom first, with
// the marks their counters carry (wounds, prone, a torch). Words, not
// enums, name the kinds, so that another hex rule set uses the same struct:
// the renderer styles the words it knows (the lists below) and draws any
// other one plainly, and a page may style them by class. It carries only
// what both sides may see of the board; what the rules keep from one side
// stays in the rule set's notes (RulesetWire::UnitNotes).
//
// Usage:
//   HexPicture p;
//   p.columns = 48;  p.rows = 32;
//   p.cells.push_back({HexCoord{3, 4}, "hill"});
//   p.sides.push_back({HexCoord{3, 4}, 0, "wall", "north wall (8 ft)"});
//   p.areas.push_back({"entry-zone", "1", {HexCoord{0, 0}}});
//   p.stacks.push_back({HexCoord{3, 4}, {{"b1", {}}, {"b2", {{"prone", "P"}}}}});
//
// Thread safety: a value.
#ifndef IMPI_ENGINE_GAME_HEX_PICTURE_H_
#define IMPI_ENGINE_GAME_HEX_PICTURE_H_

#include <string>
#include <vector>

#include "engine/core/geometry.h"

namespace impi {

struct HexPicture {
  // The grid: `columns` x `rows` hexes, flat-topped, odd-q offset (odd
  // columns sit half a hex lower), column 0 the west edge, row 0 the north
  // edge; hex (q, r) is column q, row r + (q - (q & 1)) / 2.
  int columns = 0;
  int rows = 0;
  // What one hex is across, flat side to flat side, in the rule set's own
  // words for a title ("10 feet"); "" none.
  std::string scale;

  // One hex. Hexes not listed are clear ground.
  struct Cell {
    HexCoord hex;
    // The ground's class: the contract's TerrainKind name in lower case
    // ("hill", "scrub", "donga", "road", "farm", "kraal", "building"), or
    // "clear".
    std::string terrain = "clear";
    int building = 0;      // 0: none; else the building's number
    int room = 0;          // 0: none; else the room's number, unique on the board
    bool roofed = false;
    bool burning = false;  // its room is on fire
    bool blocks_sight = false;
    std::string label;     // a name shown on the hex ("store"), "" none
  };
  std::vector<Cell> cells;

  // A hexside that carries something, named by a hex and a direction (0
  // north, clockwise to 5 north-west); each side once.
  struct Side {
    HexCoord hex;
    int direction = 0;
    // "wall", "loophole" (a wall with firing ports), "opening" (a door or
    // window), "dug" (a wall dug through, now an opening).
    std::string feature;
    std::string label;  // its kind and height, "north wall (8 ft)"; "" none
  };
  std::vector<Side> sides;

  // Named hexes a player needs to see: "entry-zone" (numbered by `label`),
  // "perimeter".
  struct Area {
    std::string kind;
    std::string label;
    std::vector<HexCoord> hexes;
  };
  std::vector<Area> areas;

  // A mark on a counter: a word for its class ("wounded-light",
  // "wounded-serious", "prone", "torch", "retiring") and the one or two
  // characters drawn on the counter ("L", "S", "P", "T", "R").
  struct Mark {
    std::string word;
    std::string symbol;
  };
  struct Counter {
    std::string unit_id;  // a unit of the state (TableState.units)
    std::vector<Mark> marks;
  };
  // The units in one hex, bottom first. A unit on the board that no stack
  // lists is drawn on top of its hex's stack.
  struct Stack {
    HexCoord hex;
    std::vector<Counter> counters;
  };
  std::vector<Stack> stacks;
};

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_HEX_PICTURE_H_
