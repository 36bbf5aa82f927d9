// engine/core/hex_map.cc: hex coordinates, lines, and the map's queries.
//
// TraceHexLine works in axial coordinates scaled by 3, where hex centres and
// corners are all integer points (corner k of hex h is 3h + step[k] +
// step[k+1]), so whether a corner lies left of, right of or exactly on the
// line is an exact integer cross product. The axial-to-pixel map has a
// positive determinant, so these signs are the pixel-frame signs. A corner
// exactly on the line is given the sign it would have if the line were
// nudged north (or south): that resolves every tie, and the walk from hex to
// hex leaves each hex by the one side whose corners go from the right of the
// line to its left (corners run counter-clockwise in the (q, r) frame).
#include "engine/core/hex_map.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace impi {
namespace {

constexpr const std::array<HexCoord, kHexDirectionCount>& kSteps = kHexSteps;

constexpr double kSqrt3 = 1.7320508075688772;
constexpr int kMaxCells = 1 << 24;

int DirIndex(HexDirection d) { return static_cast<int>(d); }
HexDirection DirOf(int k) { return static_cast<HexDirection>(((k % 6) + 6) % 6); }

std::string HexText(HexCoord h) { return absl::StrFormat("(%d,%d)", h.q, h.r); }

absl::Status Invalid(const std::string& field, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat("hex_map.", field, ": ", what));
}

// One route of the line a -> b. `tie_sign` is the side (+1 left, -1 right, in
// the scaled axial frame) given to a corner lying exactly on the line.
// Into `route` (its lists cleared, their room kept).
void TraceRouteInto(HexCoord a, HexCoord b, int tie_sign, HexRoute& route) {
  route.hexes.clear();
  route.sides.clear();
  // At most 2 distance + 1 hexes (below): room for them at once.
  const size_t most = 2 * static_cast<size_t>(HexDistance(a, b)) + 1;
  route.hexes.reserve(most);
  route.sides.reserve(most - 1);
  route.hexes.push_back(a);
  if (a == b) return;
  const int64_t aq = 3 * static_cast<int64_t>(a.q);
  const int64_t ar = 3 * static_cast<int64_t>(a.r);
  const int64_t dq = 3 * (static_cast<int64_t>(b.q) - a.q);
  const int64_t dr = 3 * (static_cast<int64_t>(b.r) - a.r);
  // A route visits each hex once and at most 2 distance + 1 of them; the
  // bound only guards against a bug turning into an endless loop.
  const int max_steps = 4 * HexDistance(a, b) + 4;
  HexCoord h = a;
  for (int step = 0; h != b && step < max_steps; ++step) {
    std::array<int, kHexDirectionCount> sign;
    for (int k = 0; k < kHexDirectionCount; ++k) {
      const HexCoord c = kSteps[k] + kSteps[(k + 1) % kHexDirectionCount];
      const int64_t cq = 3 * static_cast<int64_t>(h.q) + c.q - aq;
      const int64_t cr = 3 * static_cast<int64_t>(h.r) + c.r - ar;
      const int64_t cross = dq * cr - dr * cq;
      sign[k] = cross > 0 ? 1 : cross < 0 ? -1 : tie_sign;
    }
    int exit = -1;
    for (int k = 0; k < kHexDirectionCount; ++k) {
      // Side k runs from corner k-1 to corner k.
      if (sign[(k + 5) % kHexDirectionCount] < 0 && sign[k] > 0) {
        exit = k;
        break;
      }
    }
    if (exit < 0) break;  // cannot happen for a line through h
    route.sides.push_back(SideOf(h, DirOf(exit)));
    h = h + kSteps[exit];
    route.hexes.push_back(h);
  }
}

HexRoute TraceRoute(HexCoord a, HexCoord b, int tie_sign) {
  HexRoute route;
  TraceRouteInto(a, b, tie_sign, route);
  return route;
}

// A corner on the line is south of the line nudged north. Heading east
// (dq > 0) south is the left (+) side in the scaled axial frame; heading
// west it is the right. Lines with dq == 0 pass no corner.
int TieSign(HexCoord a, HexCoord b, bool north) {
  const int south_sign = b.q >= a.q ? 1 : -1;
  return north ? south_sign : -south_sign;
}

}  // namespace

// --- Coordinates -----------------------------------------------------------

const char* HexDirectionName(HexDirection d) {
  switch (d) {
    case HexDirection::kNorth: return "north";
    case HexDirection::kNorthEast: return "north-east";
    case HexDirection::kSouthEast: return "south-east";
    case HexDirection::kSouth: return "south";
    case HexDirection::kSouthWest: return "south-west";
    case HexDirection::kNorthWest: return "north-west";
  }
  return "?";
}


std::array<HexCoord, kHexDirectionCount> Neighbors(HexCoord h) {
  std::array<HexCoord, kHexDirectionCount> out;
  for (int k = 0; k < kHexDirectionCount; ++k) out[k] = h + kSteps[k];
  return out;
}

std::optional<HexDirection> DirectionTo(HexCoord from, HexCoord to) {
  const HexCoord d = to - from;
  for (int k = 0; k < kHexDirectionCount; ++k) {
    if (kSteps[k] == d) return DirOf(k);
  }
  return std::nullopt;
}

std::vector<HexCoord> HexRing(HexCoord center, int radius) {
  std::vector<HexCoord> out;
  if (radius < 0) return out;
  if (radius == 0) return {center};
  out.reserve(6 * static_cast<size_t>(radius));
  HexCoord h = {center.q, center.r - radius};  // radius steps north
  // From the north corner of the ring walk south-east, south, south-west,
  // north-west, north, north-east.
  for (int side = 0; side < kHexDirectionCount; ++side) {
    const HexCoord step = kSteps[(side + 2) % kHexDirectionCount];
    for (int i = 0; i < radius; ++i) {
      out.push_back(h);
      h = h + step;
    }
  }
  return out;
}

std::vector<HexCoord> HexRange(HexCoord center, int radius) {
  std::vector<HexCoord> out;
  for (int k = 0; k <= radius; ++k) {
    const std::vector<HexCoord> ring = HexRing(center, k);
    out.insert(out.end(), ring.begin(), ring.end());
  }
  return out;
}

// --- Pixel centres -----------------------------------------------------------

Vec2 HexCenter(HexCoord h, const HexLayout& layout) {
  return layout.origin + layout.size * Vec2(1.5 * h.q, kSqrt3 * (h.r + 0.5 * h.q));
}

HexCoord HexAt(const Vec2& p, const HexLayout& layout) {
  const Vec2 d = (p - layout.origin) / layout.size;
  const double fq = d.x() * (2.0 / 3.0);
  const double fr = -d.x() / 3.0 + d.y() / kSqrt3;
  const double fs = -fq - fr;
  double q = std::round(fq);
  double r = std::round(fr);
  const double s = std::round(fs);
  const double dq = std::abs(q - fq);
  const double dr = std::abs(r - fr);
  const double ds = std::abs(s - fs);
  if (dq > dr && dq > ds) {
    q = -r - s;
  } else if (dr > ds) {
    r = -q - s;
  }
  return {static_cast<int>(q), static_cast<int>(r)};
}

std::array<Vec2, kHexDirectionCount> HexCorners(HexCoord h, const HexLayout& layout) {
  std::array<Vec2, kHexDirectionCount> out;
  const Vec2 c = HexCenter(h, layout);
  // Corner k of a flat-topped hex, clockwise from the north-east-top one
  // (between the north and north-east sides) at -60 degrees in y-down pixels.
  for (int k = 0; k < kHexDirectionCount; ++k) {
    const double angle = (-60.0 + 60.0 * k) * 3.14159265358979323846 / 180.0;
    out[k] = c + layout.size * Vec2(std::cos(angle), std::sin(angle));
  }
  return out;
}

// --- Hexsides ---------------------------------------------------------------


std::optional<HexSide> SideBetween(HexCoord a, HexCoord b) {
  const std::optional<HexDirection> d = DirectionTo(a, b);
  if (!d.has_value()) return std::nullopt;
  return SideOf(a, *d);
}

// --- Lines --------------------------------------------------------------------

HexRoute TraceHexRoute(HexCoord a, HexCoord b, bool north) { return TraceRoute(a, b, TieSign(a, b, north)); }

const HexRoute& TraceHexRouteKept(HexCoord a, HexCoord b, bool north) {
  struct Slot {
    HexCoord a, b;
    bool north = false;
    bool used = false;
    HexRoute route;
  };
  // Direct-mapped: a slot holds the last route whose ends hash to it.
  constexpr size_t kSlots = 4096;
  thread_local std::vector<Slot> slots(kSlots);
  uint64_t key = (static_cast<uint64_t>(static_cast<uint32_t>(a.q)) * 0x9E3779B97F4A7C15ull) ^
                 (static_cast<uint64_t>(static_cast<uint32_t>(a.r)) * 0xC2B2AE3D27D4EB4Full) ^
                 (static_cast<uint64_t>(static_cast<uint32_t>(b.q)) * 0x165667B19E3779F9ull) ^
                 (static_cast<uint64_t>(static_cast<uint32_t>(b.r)) * 0xD6E8FEB86659FD93ull) ^
                 (north ? 0x9FB21C651E98DF25ull : 0);
  key ^= key >> 29;
  Slot& slot = slots[static_cast<size_t>(key % kSlots)];
  if (!slot.used || slot.north != north || slot.a != a || slot.b != b) {
    TraceRouteInto(a, b, TieSign(a, b, north), slot.route);
    slot.a = a;
    slot.b = b;
    slot.north = north;
    slot.used = true;
  }
  return slot.route;
}

HexLineTrace TraceHexLine(HexCoord a, HexCoord b) {
  HexLineTrace trace;
  trace.north = TraceHexRoute(a, b, true);
  trace.south = TraceHexRoute(a, b, false);
  return trace;
}

std::vector<HexCoord> HexLine(HexCoord a, HexCoord b) { return TraceHexRoute(a, b, true).hexes; }

// --- The map ------------------------------------------------------------------

const char* SideFeatureName(SideFeature f) {
  switch (f) {
    case SideFeature::kNone: return "none";
    case SideFeature::kWall: return "wall";
    case SideFeature::kLoophole: return "loophole";
    case SideFeature::kOpening: return "opening";
  }
  return "?";
}

HexMap HexMap::Rectangle(int columns, int rows, HexLayout layout) {
  HexMap map;
  map.layout = layout;
  map.columns = std::max(0, columns);
  map.rows = std::max(0, rows);
  const int64_t n = static_cast<int64_t>(map.columns) * map.rows;
  map.cells.resize(static_cast<size_t>(std::min<int64_t>(n, kMaxCells)));
  return map;
}

HexCoord HexMap::HexOfCell(int index) const {
  if (rows <= 0) return {};
  const int column = index / rows;
  const int row = index % rows;
  return {column, row - (column - (column & 1)) / 2};
}

std::vector<HexCoord> HexMap::RingOnMap(HexCoord center, int radius) const {
  std::vector<HexCoord> out = HexRing(center, radius);
  out.erase(std::remove_if(out.begin(), out.end(), [&](HexCoord h) { return !Contains(h); }),
            out.end());
  return out;
}

std::vector<HexCoord> HexMap::RangeOnMap(HexCoord center, int radius) const {
  std::vector<HexCoord> out = HexRange(center, radius);
  out.erase(std::remove_if(out.begin(), out.end(), [&](HexCoord h) { return !Contains(h); }),
            out.end());
  return out;
}

SideFeature HexMap::Feature(const HexSide& side) const {
  const HexSide s = SideOf(side.hex, side.direction);
  const HexCell* cell = Cell(s.hex);
  if (cell == nullptr) return SideFeature::kNone;
  return cell->sides[DirIndex(s.direction)];
}

absl::Status HexMap::SetFeature(const HexSide& side, SideFeature feature) {
  const HexSide s = SideOf(side.hex, side.direction);
  HexCell* cell = MutableCell(s.hex);
  if (cell == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("hexside ", HexText(side.hex), " ", HexDirectionName(side.direction),
                     ": its owning hex ", HexText(s.hex), " is off the map"));
  }
  cell->sides[DirIndex(s.direction)] = feature;
  return absl::OkStatus();
}

std::vector<HexSide> HexMap::FeatureSides() const {
  std::vector<HexSide> out;
  for (size_t i = 0; i < cells.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      if (cells[i].sides[k] != SideFeature::kNone) {
        out.push_back({HexOfCell(static_cast<int>(i)), DirOf(k)});
      }
    }
  }
  return out;
}

std::vector<HexCoord> HexMap::BuildingHexes(int building) const {
  std::vector<HexCoord> out;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (building != 0 && cells[i].building == building) {
      out.push_back(HexOfCell(static_cast<int>(i)));
    }
  }
  return out;
}

std::vector<HexCoord> HexMap::RoomHexes(int room) const {
  std::vector<HexCoord> out;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (room != 0 && cells[i].room == room) out.push_back(HexOfCell(static_cast<int>(i)));
  }
  return out;
}

std::vector<int> HexMap::AdjacentRooms(int room) const {
  std::vector<int> out;
  for (const HexCoord h : RoomHexes(room)) {
    for (const HexCoord n : Neighbors(h)) {
      const HexCell* cell = Cell(n);
      if (cell != nullptr && cell->room != 0 && cell->room != room) out.push_back(cell->room);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<int> HexMap::StackAt(HexCoord h) const {
  std::vector<int> out;
  for (auto it = stacking.rbegin(); it != stacking.rend(); ++it) {
    if (it->hex == h) out.push_back(it->unit);
  }
  return out;
}

int HexMap::StackSize(HexCoord h) const {
  return static_cast<int>(std::count_if(stacking.begin(), stacking.end(),
                                        [&](const StackEntry& e) { return e.hex == h; }));
}

std::optional<HexCoord> HexMap::HexOfUnit(int unit) const {
  for (const StackEntry& e : stacking) {
    if (e.unit == unit) return e.hex;
  }
  return std::nullopt;
}

absl::Status HexMap::AddToStack(HexCoord h, int unit) {
  if (!Contains(h)) {
    return absl::InvalidArgumentError(
        absl::StrCat("stack ", HexText(h), ": off the map"));
  }
  if (unit < 0) {
    return absl::InvalidArgumentError(absl::StrCat("stack unit ", unit, ": negative"));
  }
  if (const std::optional<HexCoord> at = HexOfUnit(unit); at.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("stack unit ", unit, ": already stacked in ", HexText(*at)));
  }
  if (stack_limit > 0 && StackSize(h) >= stack_limit) {
    return absl::FailedPreconditionError(absl::StrCat(
        "stack ", HexText(h), ": already holds ", stack_limit, " units (the stack limit)"));
  }
  stacking.push_back({h, unit});
  return absl::OkStatus();
}

absl::Status HexMap::RemoveFromStack(int unit) {
  for (auto it = stacking.begin(); it != stacking.end(); ++it) {
    if (it->unit == unit) {
      stacking.erase(it);
      return absl::OkStatus();
    }
  }
  return absl::NotFoundError(absl::StrCat("stack unit ", unit, ": not stacked"));
}

absl::Status HexMap::MoveToTop(int unit) {
  for (auto it = stacking.begin(); it != stacking.end(); ++it) {
    if (it->unit == unit) {
      const StackEntry entry = *it;
      stacking.erase(it);
      stacking.push_back(entry);
      return absl::OkStatus();
    }
  }
  return absl::NotFoundError(absl::StrCat("stack unit ", unit, ": not stacked"));
}

bool HexMap::RouteBlocked(const HexRoute& route,
                          const std::vector<HexCoord>& also_blocking) const {
  if (route.hexes.empty()) return true;
  const size_t crossings = route.sides.size();
  for (size_t i = 0; i < crossings; ++i) {
    switch (Feature(route.sides[i])) {
      case SideFeature::kWall:
        return true;
      case SideFeature::kLoophole:
        // Only the first and last sides adjoin an end of the line.
        if (i != 0 && i + 1 != crossings) return true;
        break;
      case SideFeature::kNone:
      case SideFeature::kOpening:
        break;
    }
  }
  const HexCell* from = Cell(route.hexes.front());
  const HexCell* to = Cell(route.hexes.back());
  for (size_t i = 1; i + 1 < route.hexes.size(); ++i) {
    const HexCoord h = route.hexes[i];
    if (std::find(also_blocking.begin(), also_blocking.end(), h) != also_blocking.end()) {
      return true;
    }
    const HexCell* cell = Cell(h);
    if (cell == nullptr) continue;  // off the map: open ground
    if (cell->blocks_sight) return true;
    if (cell->building != 0) {
      const bool inside = from != nullptr && to != nullptr && from->building == cell->building &&
                          to->building == cell->building;
      if (!inside) return true;
    }
  }
  return false;
}

bool HexMap::HasLineOfSight(HexCoord a, HexCoord b,
                            const std::vector<HexCoord>& also_blocking) const {
  if (!Contains(a) || !Contains(b)) return false;
  if (a == b) return true;
  const HexLineTrace trace = TraceHexLine(a, b);
  if (!RouteBlocked(trace.north, also_blocking)) return true;
  if (!trace.Tied()) return false;
  return !RouteBlocked(trace.south, also_blocking);
}

absl::Status HexMap::Validate() const {
  if (!std::isfinite(layout.size) || !(layout.size > 0.0)) {
    return Invalid("layout.size", absl::StrCat(layout.size, " is not a positive number"));
  }
  if (!std::isfinite(layout.origin.x()) || !std::isfinite(layout.origin.y())) {
    return Invalid("layout.origin", "not finite");
  }
  if (columns < 0) return Invalid("columns", absl::StrCat(columns, " is negative"));
  if (rows < 0) return Invalid("rows", absl::StrCat(rows, " is negative"));
  const int64_t want = static_cast<int64_t>(columns) * rows;
  if (want > kMaxCells) {
    return Invalid("columns", absl::StrCat(columns, " x ", rows, " hexes is more than ",
                                           kMaxCells));
  }
  if (static_cast<int64_t>(cells.size()) != want) {
    return Invalid("cells", absl::StrCat(cells.size(), " cells for ", columns, " columns x ",
                                         rows, " rows (want ", want, ")"));
  }
  std::map<int, std::pair<int, size_t>> room_building;  // room -> (building, first cell)
  for (size_t i = 0; i < cells.size(); ++i) {
    const HexCell& c = cells[i];
    const std::string field = absl::StrCat("cells[", i, "]");
    const std::string where = absl::StrCat(" (hex ", HexText(HexOfCell(static_cast<int>(i))), ")");
    const int terrain = static_cast<int>(c.terrain);
    if (terrain < 0 || terrain > static_cast<int>(TerrainKind::kCamp)) {
      return Invalid(field + ".terrain", absl::StrCat(terrain, " is not a terrain kind", where));
    }
    if (c.building < 0) {
      return Invalid(field + ".building", absl::StrCat(c.building, " is negative", where));
    }
    if (c.room < 0) return Invalid(field + ".room", absl::StrCat(c.room, " is negative", where));
    if (c.room != 0 && c.building == 0) {
      return Invalid(field + ".room", absl::StrCat("room ", c.room, " is in no building", where));
    }
    if (c.roofed && c.building == 0) {
      return Invalid(field + ".roofed", absl::StrCat("a roof outside any building", where));
    }
    if (c.room != 0) {
      const auto [it, inserted] = room_building.emplace(c.room, std::make_pair(c.building, i));
      if (!inserted && it->second.first != c.building) {
        return Invalid(field + ".room",
                       absl::StrCat("room ", c.room, " is in building ", c.building, where,
                                    " but also in building ", it->second.first, " (cells[",
                                    it->second.second, "])"));
      }
    }
    for (int k = 0; k < 3; ++k) {
      const int f = static_cast<int>(c.sides[k]);
      if (f < 0 || f > static_cast<int>(SideFeature::kOpening)) {
        return Invalid(absl::StrCat(field, ".sides[", k, "]"),
                       absl::StrCat(f, " is not a side feature", where));
      }
    }
  }
  if (stack_limit < 0) return Invalid("stack_limit", absl::StrCat(stack_limit, " is negative"));
  std::map<int, size_t> seen;   // unit -> entry
  std::map<int, int> per_cell;  // cell -> units
  for (size_t i = 0; i < stacking.size(); ++i) {
    const StackEntry& e = stacking[i];
    const std::string field = absl::StrCat("stacking[", i, "]");
    const int cell = CellIndex(e.hex);
    if (cell < 0) return Invalid(field + ".hex", absl::StrCat(HexText(e.hex), " is off the map"));
    if (e.unit < 0) return Invalid(field + ".unit", absl::StrCat(e.unit, " is negative"));
    const auto [it, inserted] = seen.emplace(e.unit, i);
    if (!inserted) {
      return Invalid(field + ".unit",
                     absl::StrCat("unit ", e.unit, " is already stacked (stacking[", it->second,
                                  "])"));
    }
    const int count = ++per_cell[cell];
    if (stack_limit > 0 && count > stack_limit) {
      return Invalid(field, absl::StrCat("hex ", HexText(e.hex), " holds more than ",
                                         stack_limit, " units (stack_limit)"));
    }
  }
  return absl::OkStatus();
}

}  // namespace impi
