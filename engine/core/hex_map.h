// engine/core/hex_map.h: a hex board: coordinates, hexsides, buildings,
// stacks and line of sight.
//
// Overview: hexes are flat-topped and addressed by axial coordinates
// (HexCoord{q, r} from geometry.h): q counts columns west to east, r runs
// north to south along a column, and the six directions go clockwise from
// north (north, north-east, south-east, south, south-west, north-west).
// Pixel (map) coordinates have x growing east and y growing south; HexLayout
// gives the hex size (centre to corner) and where hex (0, 0) is centred.
//
// A HexMap is a rectangle of `columns` x `rows` hexes in "odd-q" offset
// layout (odd columns sit half a hex lower), holding per hex its terrain, its
// building, room and roof, whether it blocks sight, and the features of the
// three hexsides it owns (north, north-east and south-east; the other three
// belong to the neighbours). A hexside feature is a wall, a loophole (a wall
// with firing ports) or an opening (a door, a window, a hole dug through a
// wall). The map also keeps the order of the units stacked in each hex, up to
// a caller-set limit.
//
// Hex lines. A straight line between two hex centres either crosses hexsides
// in their interiors only (then the hexes it passes are unambiguous) or runs
// exactly along a hexside or through a corner. TraceHexLine resolves every
// such tie both ways at once: the "north" route is the line nudged an
// infinitesimal distance north (towards smaller y), the "south" route nudged
// south. A line within one column (due north-south) never ties. HexLine
// returns the north route: HexLine(b, a) is HexLine(a, b) reversed.
//
// Line of sight (HasLineOfSight) runs from centre to centre and is symmetric.
// A route is blocked by:
//   - a wall on a hexside it crosses;
//   - a loophole on a hexside it crosses, unless one end of the line is in a
//     hex adjoining that hexside (a unit at the loophole fires out and is
//     fired at through it; a unit further back sees nothing through it);
//   - an intermediate hex (neither end) that blocks sight, or that the caller
//     lists in `also_blocking` (e.g. a hex holding enough units to block);
//   - an intermediate hex of a building, unless both ends are in that same
//     building (a building hides what is behind it from units outside; inside
//     it, the walls between rooms decide).
// An opening never blocks. Where the line ties, it is blocked only if both
// the north and the south route are blocked: a line exactly along a hexside
// passes if either side of it is clear, and a line that grazes a corner
// passes if either way round the corner is clear. A wall lying along the line
// is crossed by neither route, so it does not block.
//
// Usage:
//   HexMap map = HexMap::Rectangle(/*columns=*/20, /*rows=*/15);
//   IMPI_RETURN_IF_ERROR(map.SetFeature(SideOf({4, 3}, HexDirection::kNorth),
//                                       SideFeature::kWall));
//   bool seen = map.HasLineOfSight({4, 4}, {4, 0});  // false: the wall
//
// Thread safety: HexMap is a value (vectors of plain structs, no pointers);
// copies are independent. Const methods may run concurrently.
#ifndef IMPI_ENGINE_CORE_HEX_MAP_H_
#define IMPI_ENGINE_CORE_HEX_MAP_H_

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"

namespace impi {

// --- Coordinates -----------------------------------------------------------

inline HexCoord operator+(HexCoord a, HexCoord b) { return {a.q + b.q, a.r + b.r}; }
inline HexCoord operator-(HexCoord a, HexCoord b) { return {a.q - b.q, a.r - b.r}; }
inline bool operator!=(HexCoord a, HexCoord b) { return !(a == b); }
// Orders by q, then r (for sorted containers and deterministic output).
inline bool operator<(HexCoord a, HexCoord b) {
  return a.q != b.q ? a.q < b.q : a.r < b.r;
}

// The six directions, clockwise from north (flat-topped hexes).
enum class HexDirection : int {
  kNorth = 0,
  kNorthEast = 1,
  kSouthEast = 2,
  kSouth = 3,
  kSouthWest = 4,
  kNorthWest = 5,
};
inline constexpr int kHexDirectionCount = 6;
inline constexpr std::array<HexDirection, kHexDirectionCount> kAllHexDirections = {
    HexDirection::kNorth, HexDirection::kNorthEast, HexDirection::kSouthEast,
    HexDirection::kSouth, HexDirection::kSouthWest, HexDirection::kNorthWest};

const char* HexDirectionName(HexDirection d);  // "north", "north-east", ...
// (Inline, with the neighbour and the side below: a hex game's listings
// ask them millions of times.)
inline HexDirection Opposite(HexDirection d) {
  return static_cast<HexDirection>((static_cast<int>(d) + 3) % kHexDirectionCount);
}
// The axial step of a direction: north (0,-1), north-east (1,-1),
// south-east (1,0), south (0,1), south-west (-1,1), north-west (-1,0).
inline constexpr std::array<HexCoord, kHexDirectionCount> kHexSteps = {
    HexCoord{0, -1}, HexCoord{1, -1}, HexCoord{1, 0}, HexCoord{0, 1}, HexCoord{-1, 1}, HexCoord{-1, 0}};
inline HexCoord DirectionStep(HexDirection d) {
  return kHexSteps[static_cast<size_t>(static_cast<int>(d) % kHexDirectionCount)];
}
inline HexCoord Neighbor(HexCoord h, HexDirection d) { return h + DirectionStep(d); }
// The six neighbours, in direction order (north first, clockwise).
std::array<HexCoord, kHexDirectionCount> Neighbors(HexCoord h);
// The direction from `from` to an adjacent `to`; nullopt if not adjacent.
std::optional<HexDirection> DirectionTo(HexCoord from, HexCoord to);

// The hexes exactly `radius` steps from `center`: the first is `radius` steps
// north, then clockwise round the ring. Radius 0 gives the centre alone;
// negative radius gives nothing.
std::vector<HexCoord> HexRing(HexCoord center, int radius);
// The hexes within `radius` steps of `center`, nearest first: the centre,
// then each ring as HexRing orders it.
std::vector<HexCoord> HexRange(HexCoord center, int radius);

// --- Pixel centres -----------------------------------------------------------

struct HexLayout {
  double size = 1.0;            // centre to corner; a hex is 2*size wide
  Vec2 origin = Vec2::Zero();   // the centre of hex (0, 0)
};

// The centre of a hex: x = 1.5 size q, y = sqrt(3) size (r + q/2).
Vec2 HexCenter(HexCoord h, const HexLayout& layout);
// The hex holding point p. A point exactly on a hexside or corner goes to one
// of the hexes meeting there, always the same one.
HexCoord HexAt(const Vec2& p, const HexLayout& layout);
// The six corners, clockwise from the one between the north and north-east
// sides; corner k is shared by the sides in directions k and k+1.
std::array<Vec2, kHexDirectionCount> HexCorners(HexCoord h, const HexLayout& layout);

// --- Hexsides ---------------------------------------------------------------

// A hexside, named canonically by the hex that owns it and one of the three
// owned directions (north, north-east, south-east). Build one with SideOf.
struct HexSide {
  HexCoord hex;
  HexDirection direction = HexDirection::kNorth;
  bool operator==(const HexSide& o) const { return hex == o.hex && direction == o.direction; }
  bool operator!=(const HexSide& o) const { return !(*this == o); }
};
// The side of `h` in direction `d`, in canonical form.
inline HexSide SideOf(HexCoord h, HexDirection d) {
  if (static_cast<int>(d) <= 2) return {h, d};
  return {Neighbor(h, d), Opposite(d)};
}
// The side shared by two adjacent hexes; nullopt if they are not adjacent.
std::optional<HexSide> SideBetween(HexCoord a, HexCoord b);
// The hex across a canonical side from its owner.
inline HexCoord OtherHex(const HexSide& s) { return Neighbor(s.hex, s.direction); }

// --- Lines --------------------------------------------------------------------

// One way a line runs: hexes[0] is the start, hexes.back() the end, and
// sides[i] is the hexside crossed between hexes[i] and hexes[i+1].
struct HexRoute {
  std::vector<HexCoord> hexes;
  std::vector<HexSide> sides;
};

// The line from the centre of a to the centre of b, with its ties resolved
// both ways (see the file comment). north == south when the line never runs
// along a hexside or through a corner.
struct HexLineTrace {
  HexRoute north;
  HexRoute south;
  bool Tied() const { return north.hexes != south.hexes; }
};
HexLineTrace TraceHexLine(HexCoord a, HexCoord b);
// One of the two: TraceHexLine(a, b).north, or with `north` false .south
// (for a reader that needs the second only when the first will not do).
HexRoute TraceHexRoute(HexCoord a, HexCoord b, bool north);
// The same route, remembered on the calling thread: a fixed table of the
// routes traced last (the lines of sight of a game ask the same pairs of
// hexes again and again), so that a route traced before is neither traced
// nor allocated again. The reference is valid until the thread's next call.
const HexRoute& TraceHexRouteKept(HexCoord a, HexCoord b, bool north);

// The hexes the line from a's centre to b's centre passes, in order; where it
// runs along a hexside or through a corner, the hexes north of it.
std::vector<HexCoord> HexLine(HexCoord a, HexCoord b);

// --- The map ------------------------------------------------------------------

enum class SideFeature : int {
  kNone = 0,
  kWall = 1,      // blocks sight and movement
  kLoophole = 2,  // a wall a unit in an adjoining hex may fire through
  kOpening = 3,   // a door, window or hole: blocks nothing
};
const char* SideFeatureName(SideFeature f);

struct HexCell {
  TerrainKind terrain = TerrainKind::kUnspecified;
  bool blocks_sight = false;  // hides what is beyond it (woods, a small building)
  int building = 0;           // 0: none; otherwise the building's id
  int room = 0;               // 0: none; otherwise a room id, unique on the map
  bool roofed = false;
  // Features of the three owned sides, indexed by direction (north,
  // north-east, south-east).
  std::array<SideFeature, 3> sides = {SideFeature::kNone, SideFeature::kNone,
                                      SideFeature::kNone};
};

// One unit in a stack. Within a hex, later entries lie above earlier ones.
struct StackEntry {
  HexCoord hex;
  int unit = 0;  // the caller's unit index or id number, >= 0
};

struct HexMap {
  HexLayout layout;
  int columns = 0;
  int rows = 0;
  // columns * rows cells, column by column: cell (column c, row w) is
  // cells[c * rows + w], and holds hex q = c, r = w - (c - (c & 1)) / 2.
  std::vector<HexCell> cells;
  // The most units a hex may hold, set by the caller (a rule set's stacking
  // limit, which may change between segments); 0: no limit.
  int stack_limit = 0;
  // Every stacked unit, bottom to top within each hex.
  std::vector<StackEntry> stacking;

  // A map of clear hexes.
  static HexMap Rectangle(int columns, int rows, HexLayout layout = HexLayout());

  // -1 when h is off the map.
  int CellIndex(HexCoord h) const {  // inline: asked for every hex a rule looks at
    const int column = h.q;
    if (column < 0 || column >= columns) return -1;
    const int row = h.r + (column - (column & 1)) / 2;
    if (row < 0 || row >= rows) return -1;
    const int64_t index = static_cast<int64_t>(column) * rows + row;
    if (index >= static_cast<int64_t>(cells.size())) return -1;
    return static_cast<int>(index);
  }
  HexCoord HexOfCell(int index) const;
  bool Contains(HexCoord h) const { return CellIndex(h) >= 0; }
  // nullptr when h is off the map; invalidated if `cells` is resized.
  const HexCell* Cell(HexCoord h) const {
    const int i = CellIndex(h);
    return i < 0 ? nullptr : &cells[static_cast<size_t>(i)];
  }
  HexCell* MutableCell(HexCoord h) {
    const int i = CellIndex(h);
    return i < 0 ? nullptr : &cells[static_cast<size_t>(i)];
  }
  // On-map hexes only, in the order of the free functions.
  std::vector<HexCoord> RingOnMap(HexCoord center, int radius) const;
  std::vector<HexCoord> RangeOnMap(HexCoord center, int radius) const;

  // The feature on a side; kNone when its owner is off the map. A side given
  // by a non-owned direction is read as its canonical form.
  SideFeature Feature(const HexSide& side) const;
  // Sets a feature (kNone clears it); the side is canonicalised first.
  // InvalidArgument if the owning hex is off the map: the outer sides of the
  // map's edge hexes that belong to hexes beyond it hold no feature.
  absl::Status SetFeature(const HexSide& side, SideFeature feature);
  // Every side holding a feature, in cell order then direction.
  std::vector<HexSide> FeatureSides() const;

  // Hexes of a building or room, in cell order.
  std::vector<HexCoord> BuildingHexes(int building) const;
  std::vector<HexCoord> RoomHexes(int room) const;
  // The other rooms sharing a hexside with `room` (whatever the feature on
  // it), ascending.
  std::vector<int> AdjacentRooms(int room) const;

  // The units in a hex, top first.
  std::vector<int> StackAt(HexCoord h) const;
  int StackSize(HexCoord h) const;
  // Where a unit is stacked; nullopt if it is in no stack.
  std::optional<HexCoord> HexOfUnit(int unit) const;
  // Puts a unit on top of a hex's stack. Errors: hex off the map, negative
  // unit, unit already stacked, stack already at stack_limit.
  absl::Status AddToStack(HexCoord h, int unit);
  absl::Status RemoveFromStack(int unit);
  // Moves a stacked unit to the top of its stack.
  absl::Status MoveToTop(int unit);

  // Whether one route of a line is blocked (see the file comment); its ends
  // are route.hexes.front() and route.hexes.back().
  bool RouteBlocked(const HexRoute& route, const std::vector<HexCoord>& also_blocking) const;
  // Line of sight from a's centre to b's centre. False if either end is off
  // the map. `also_blocking` lists extra hexes that block as intermediates.
  bool HasLineOfSight(HexCoord a, HexCoord b,
                      const std::vector<HexCoord>& also_blocking = {}) const;

  // OK, or InvalidArgument naming the first bad field, e.g.
  // "hex_map.stacking[3].hex: (40,2) is off the map".
  absl::Status Validate() const;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_HEX_MAP_H_
