// engine/rulesets/roarks_drift/state.cc: the game's state and its set-up. See
// state.h.
#include "engine/rulesets/roarks_drift/state.h"

#include <algorithm>
#include <map>
#include <utility>

#include "absl/strings/str_format.h"

namespace impi::roarks {
namespace {

constexpr std::array<Regiment, kRegiments> kAllRegiments = {Regiment::kUthulu, Regiment::kYengwe,
                                                             Regiment::kUdloko};

bool Wounded(WoundState w) { return w != WoundState::kNone && w != WoundState::kDead; }

// Whether a British man may be set up in `h`: on the map, in no room on fire.
bool PlaceableHex(const RoarksState& s, HexCoord h) {
  const HexCell* cell = s.Map().map.Cell(h);
  if (cell == nullptr) return false;
  return cell->room == 0 || !RoomBurning(s, cell->room);
}

bool AnyPlaceable(const RoarksState& s, const std::vector<HexCoord>& hexes) {
  return std::any_of(hexes.begin(), hexes.end(), [&](HexCoord h) { return PlaceableHex(s, h); });
}

}  // namespace

int RegimentIndex(Regiment r) { return r == Regiment::kNone ? -1 : static_cast<int>(r) - 1; }

RoarksState NewGame(RoarksOptions options, std::shared_ptr<const Board> board) {
  RoarksState s;
  s.board = board ? std::move(board) : std::shared_ptr<const Board>(&StationBoard(), [](const Board*) {});
  s.options = std::move(options);
  std::vector<CounterSpec> specs = Garrison();
  for (Regiment r : kAllRegiments) {
    std::vector<CounterSpec> wave = RegimentCounters(r);
    s.wave[static_cast<size_t>(RegimentIndex(r))] = static_cast<int>(wave.size());
    for (CounterSpec& c : wave) specs.push_back(std::move(c));
  }
  s.specs = CounterSpecs(std::move(specs));
  s.counters.assign(s.specs.size(), CounterState{});
  ReindexStacks(s);
  return s;
}

std::vector<int> StackAt(const RoarksState& s, HexCoord h) {
  std::vector<int> out;
  if (!s.top_at.empty()) {
    const int cell = s.Map().map.CellIndex(h);
    if (cell < 0) return out;
    for (int u = s.top_at[static_cast<size_t>(cell)]; u != kNoUnit; u = s.below[static_cast<size_t>(u)]) {
      if (!s.counters[static_cast<size_t>(u)].killed) out.push_back(u);
    }
    return out;
  }
  std::vector<std::pair<int, int>> here;  // (place, unit)
  for (int u = 0; u < s.size(); ++u) {
    const CounterState& c = s.counters[static_cast<size_t>(u)];
    if (c.on_map && !c.killed && c.hex == h) here.push_back({c.stack_pos, u});
  }
  std::sort(here.begin(), here.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  out.reserve(here.size());
  for (const auto& [pos, u] : here) out.push_back(u);
  return out;
}

int TopUnit(const RoarksState& s, HexCoord h) {
  if (!s.top_at.empty()) {
    const int cell = s.Map().map.CellIndex(h);
    if (cell < 0) return kNoUnit;
    for (int u = s.top_at[static_cast<size_t>(cell)]; u != kNoUnit; u = s.below[static_cast<size_t>(u)]) {
      if (!s.counters[static_cast<size_t>(u)].killed) return u;
    }
    return kNoUnit;
  }
  int top = kNoUnit, best = -1;
  for (int u = 0; u < s.size(); ++u) {
    const CounterState& c = s.counters[static_cast<size_t>(u)];
    if (c.on_map && !c.killed && c.hex == h && c.stack_pos > best) {
      best = c.stack_pos;
      top = u;
    }
  }
  return top;
}

std::optional<Side> Holder(const RoarksState& s, HexCoord h) {
  const int top = TopUnit(s, h);
  if (top == kNoUnit) return std::nullopt;
  return SideOf(s, top);
}

int UnitById(const RoarksState& s, const std::string& id) {
  const int h = s.specs.Find(id);
  return h < 0 ? kNoUnit : h;
}

bool RoomBurning(const RoarksState& s, int room) {
  if (room == 0) return false;
  return std::any_of(s.fires.begin(), s.fires.end(),
                     [&](const RoomFire& f) { return f.room == room && f.kindled_on_turn < s.turn; });
}

int DistanceToStoreroom(const Board& b, HexCoord h) {
  int best = 1 << 20;
  for (HexCoord r : b.map.RoomHexes(kStoreroom)) best = std::min(best, HexDistance(h, r));
  return best;
}

std::vector<int> StoreroomDistances(const Board& b) {
  const std::vector<HexCoord> storeroom = b.map.RoomHexes(kStoreroom);
  std::vector<int> out(b.map.cells.size(), 1 << 20);
  for (size_t k = 0; k < out.size(); ++k) {
    const HexCoord h = b.map.HexOfCell(static_cast<int>(k));
    for (HexCoord r : storeroom) out[k] = std::min(out[k], HexDistance(h, r));
  }
  return out;
}

bool Barricade(const RoarksState& s, const HexSide& side) {
  if (s.Map().map.Feature(side) != SideFeature::kWall) return false;
  const WallRun* w = s.Map().WallOn(side);
  return w != nullptr && w->kind != WallKind::kBuildingWall && w->kind != WallKind::kInteriorWall;
}

bool InBuilding(const Board& b, HexCoord h, int building) {
  const HexCell* cell = b.map.Cell(h);
  return cell != nullptr && cell->building == building;
}

namespace {

// Takes `unit`, on the map, out of its hex's list in the index.
void Unlink(RoarksState& s, int unit) {
  const int cell = s.Map().map.CellIndex(s.counters[static_cast<size_t>(unit)].hex);
  if (cell < 0) return;
  int16_t* link = &s.top_at[static_cast<size_t>(cell)];
  while (*link != kNoUnit && *link != unit) link = &s.below[static_cast<size_t>(*link)];
  if (*link == unit) *link = s.below[static_cast<size_t>(unit)];
  s.below[static_cast<size_t>(unit)] = kNoUnit;
}

}  // namespace

void PutOnTop(RoarksState& s, int unit, HexCoord h) {
  CounterState& c = s.counters[static_cast<size_t>(unit)];
  if (!s.top_at.empty()) {
    if (c.on_map) Unlink(s, unit);
    const int cell = s.Map().map.CellIndex(h);
    const int under = cell < 0 ? kNoUnit : s.top_at[static_cast<size_t>(cell)];
    c.on_map = true;
    c.hex = h;
    c.stack_pos = under == kNoUnit ? 0 : s.counters[static_cast<size_t>(under)].stack_pos + 1;
    if (cell >= 0) {
      s.below[static_cast<size_t>(unit)] = static_cast<int16_t>(under);
      s.top_at[static_cast<size_t>(cell)] = static_cast<int16_t>(unit);
    }
    return;
  }
  int top = -1;
  for (int u = 0; u < s.size(); ++u) {
    const CounterState& o = s.counters[static_cast<size_t>(u)];
    if (u != unit && o.on_map && !o.killed && o.hex == h) top = std::max(top, o.stack_pos);
  }
  c.on_map = true;
  c.hex = h;
  c.stack_pos = top + 1;
}

void TakeOffMap(RoarksState& s, int unit) {
  CounterState& c = s.counters[static_cast<size_t>(unit)];
  if (!s.top_at.empty() && c.on_map) Unlink(s, unit);
  c.on_map = false;
  c.stack_pos = 0;
  c.prone = false;
}

void ReindexStacks(RoarksState& s) {
  s.top_at.assign(s.Map().map.cells.size(), kNoUnit);
  s.below.assign(s.counters.size(), kNoUnit);
  std::vector<std::pair<int, int>> placed;  // (stack place, unit), bottom first
  for (int u = 0; u < s.size(); ++u) {
    const CounterState& c = s.counters[static_cast<size_t>(u)];
    if (c.on_map && !c.killed && s.Map().map.CellIndex(c.hex) >= 0) placed.push_back({c.stack_pos, u});
  }
  std::sort(placed.begin(), placed.end());
  for (const auto& [pos, u] : placed) {
    const size_t cell = static_cast<size_t>(s.Map().map.CellIndex(s.counters[static_cast<size_t>(u)].hex));
    s.below[static_cast<size_t>(u)] = s.top_at[cell];
    s.top_at[cell] = static_cast<int16_t>(u);
  }
}

absl::Status PlaceBritish(RoarksState& s, const std::vector<Placement>& placement) {
  if (s.stage != Stage::kBritishSetUp) {
    return absl::FailedPreconditionError("placement: 9.1 the British set up at the beginning of a phase only");
  }
  const Board& b = s.Map();
  std::vector<int> seen(s.specs.size(), -1);
  std::map<HexCoord, int> count;
  for (size_t i = 0; i < placement.size(); ++i) {
    const Placement& p = placement[i];
    const std::string at = absl::StrFormat("placement[%d]", i);
    if (p.unit < 0 || p.unit >= s.size()) {
      return absl::InvalidArgumentError(absl::StrFormat("%s.unit: %d is no counter of the game", at, p.unit));
    }
    const CounterSpec& spec = s.specs[static_cast<size_t>(p.unit)];
    const CounterState& c = s.counters[static_cast<size_t>(p.unit)];
    if (spec.side != Side::kBritish) {
      return absl::InvalidArgumentError(absl::StrFormat("%s.unit: %s is not British", at, spec.id));
    }
    if (c.killed || c.returns_on_turn > 0) {
      return absl::InvalidArgumentError(absl::StrFormat("%s.unit: %s is not in play this turn", at, spec.id));
    }
    if (seen[static_cast<size_t>(p.unit)] >= 0) {
      return absl::InvalidArgumentError(absl::StrFormat("%s.unit: %s is placed twice", at, spec.id));
    }
    seen[static_cast<size_t>(p.unit)] = static_cast<int>(i);
    if (!PlaceableHex(s, p.hex)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s.hex: (%d,%d) is off the map or in a room on fire", at, p.hex.q, p.hex.r));
    }
    // 9.1.B in the first phase; 9.1.C always, while a hex of the storehouse
    // may be entered (designed: with all of it on fire, anywhere).
    if (spec.placed_in != 0 && (s.phase == 1 || spec.role == CounterRole::kSurgeon) &&
        !InBuilding(b, p.hex, spec.placed_in) &&
        (spec.role != CounterRole::kSurgeon || AnyPlaceable(s, b.map.BuildingHexes(spec.placed_in)))) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s.hex: 9.1 %s must be placed in the %s", at, spec.id,
          spec.placed_in == kHospital ? "hospital" : "storehouse"));
    }
    // 5.0.D
    if (++count[p.hex] > StackingLimit(Side::kBritish)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s.hex: 5.0.D more than five British units in (%d,%d)", at, p.hex.q, p.hex.r));
    }
  }
  for (int u = 0; u < s.size(); ++u) {
    const CounterState& c = s.counters[static_cast<size_t>(u)];
    if (SideOf(s, u) == Side::kBritish && !c.killed && c.returns_on_turn == 0 &&
        seen[static_cast<size_t>(u)] < 0) {
      return absl::InvalidArgumentError(
          absl::StrFormat("placement: 9.1.A every British unit is set up; %s is missing", s.specs[u].id));
    }
  }
  // 9.1.A later phases: the wounded as close to the storeroom as possible.
  if (s.phase > 1) {
    const std::vector<int> to_storeroom = StoreroomDistances(b);
    std::map<HexCoord, bool> holds_fit;  // a hex holding an unwounded man (Reynolds apart)
    for (const Placement& p : placement) {
      const CounterSpec& spec = s.specs[static_cast<size_t>(p.unit)];
      if (!Wounded(s.counters[static_cast<size_t>(p.unit)].wound) && spec.role != CounterRole::kSurgeon) {
        holds_fit[p.hex] = true;
      }
    }
    for (size_t i = 0; i < placement.size(); ++i) {
      const Placement& p = placement[i];
      if (!Wounded(s.counters[static_cast<size_t>(p.unit)].wound)) continue;
      const int d = to_storeroom[static_cast<size_t>(b.map.CellIndex(p.hex))];
      for (size_t k = 0; k < b.map.cells.size(); ++k) {
        const HexCoord h = b.map.HexOfCell(static_cast<int>(k));
        if (to_storeroom[k] >= d || !PlaceableHex(s, h)) continue;
        const auto n = count.find(h);
        if (n == count.end() || n->second < StackingLimit(Side::kBritish) || holds_fit[h]) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "placement[%d].hex: 9.1.A a wounded man is deployed as close to the storeroom as "
              "possible: (%d,%d) is nearer",
              i, h.q, h.r));
        }
      }
    }
  }
  for (int u = 0; u < s.size(); ++u) {
    if (SideOf(s, u) == Side::kBritish) TakeOffMap(s, u);
  }
  for (const Placement& p : placement) PutOnTop(s, p.unit, p.hex);
  s.stage = Stage::kZuluSetUp;
  return absl::OkStatus();
}

std::vector<Placement> DefaultBritishPlacement(const RoarksState& s) {
  const Board& b = s.Map();
  std::vector<Placement> out;
  std::map<HexCoord, int> count;
  auto place = [&](int u, const std::vector<HexCoord>& hexes, int per_hex) {
    for (int limit = per_hex; limit <= StackingLimit(Side::kBritish); ++limit) {
      for (HexCoord h : hexes) {
        if (!PlaceableHex(s, h) || count[h] >= limit) continue;
        ++count[h];
        out.push_back({u, h});
        return;
      }
    }
  };
  const std::vector<int> to_storeroom = StoreroomDistances(b);
  auto distance = [&](HexCoord h) { return to_storeroom[static_cast<size_t>(b.map.CellIndex(h))]; };
  std::vector<HexCoord> by_storeroom;
  for (size_t k = 0; k < b.map.cells.size(); ++k) by_storeroom.push_back(b.map.HexOfCell(static_cast<int>(k)));
  std::stable_sort(by_storeroom.begin(), by_storeroom.end(),
                   [&](HexCoord a, HexCoord c) { return distance(a) < distance(c); });
  // The wall hexes of the main perimeter: those with a wall on a side.
  std::vector<HexCoord> at_walls;
  for (HexCoord h : b.main_perimeter) {
    for (HexDirection d : kAllHexDirections) {
      if (b.map.Feature(impi::SideOf(h, d)) == SideFeature::kWall) {
        at_walls.push_back(h);
        break;
      }
    }
  }
  const std::vector<HexCoord> hospital = b.map.BuildingHexes(kHospital);
  const std::vector<HexCoord> storeroom = b.map.RoomHexes(kStoreroom);
  auto fit_for_set_up = [&](int u) {
    const CounterState& c = s.counters[static_cast<size_t>(u)];
    return SideOf(s, u) == Side::kBritish && !c.killed && c.returns_on_turn == 0;
  };
  auto nearest_first = [&](int u) {
    return s.phase > 1 && Wounded(s.counters[static_cast<size_t>(u)].wound) &&
           s.specs[static_cast<size_t>(u)].role != CounterRole::kSurgeon;
  };
  // Reynolds, then the wounded nearest the storeroom (9.1.A), then the rest
  // no nearer than the farthest wounded man.
  for (int u = 0; u < s.size(); ++u) {
    if (fit_for_set_up(u) && s.specs[static_cast<size_t>(u)].role == CounterRole::kSurgeon) {
      // The storeroom; a room of the storehouse not on fire; with all of it
      // on fire (designed), the nearest hex to the storeroom he may enter.
      for (const std::vector<HexCoord>& where :
           {storeroom, b.map.BuildingHexes(s.specs[static_cast<size_t>(u)].placed_in), by_storeroom}) {
        if (!out.empty() && out.back().unit == u) break;
        place(u, where, StackingLimit(Side::kBritish));
      }
    }
  }
  int farthest = 0;
  for (int u = 0; u < s.size(); ++u) {
    if (!fit_for_set_up(u) || !nearest_first(u)) continue;
    place(u, by_storeroom, StackingLimit(Side::kBritish));
    farthest = std::max(farthest, distance(out.back().hex));
  }
  std::vector<HexCoord> walls_beyond;
  for (HexCoord h : at_walls) {
    if (distance(h) >= farthest) walls_beyond.push_back(h);
  }
  // Where the walls beyond the wounded are full: any hex no nearer the
  // storeroom than the farthest wounded man (9.1.D "anywhere").
  std::vector<HexCoord> beyond;
  for (HexCoord h : by_storeroom) {
    if (DistanceToStoreroom(b, h) >= farthest) beyond.push_back(h);
  }
  for (int u = 0; u < s.size(); ++u) {
    const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
    if (!fit_for_set_up(u) || nearest_first(u) || spec.role == CounterRole::kSurgeon) continue;
    if (spec.placed_in == kHospital && s.phase == 1) {
      place(u, hospital, 1);
    } else {
      place(u, walls_beyond, 3);
      if (out.empty() || out.back().unit != u) place(u, beyond, StackingLimit(Side::kBritish));
    }
  }
  return out;
}

absl::Status ChooseEntryZones(RoarksState& s, Regiment regiment, const std::vector<int>& zones) {
  if (s.stage != Stage::kZuluSetUp) {
    return absl::FailedPreconditionError("zones: 9.2.B the Zulus choose their zones after the British set-up");
  }
  const int r = RegimentIndex(regiment);
  if (r < 0) return absl::InvalidArgumentError("regiment: is required");
  if (!s.entry_zones[static_cast<size_t>(r)].empty()) {
    return absl::FailedPreconditionError(
        absl::StrFormat("regiment: %s has chosen its zones this phase", RegimentName(regiment)));
  }
  std::vector<std::vector<int>> placed;
  for (const std::vector<int>& z : s.entry_zones) {
    if (!z.empty()) placed.push_back(z);
  }
  absl::StatusOr<bool> ok = EntryAllowed(zones, placed, nullptr);
  if (!ok.ok()) return ok.status();
  if (!*ok) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "zones: 9.2.C-D %s may enter from one zone or two adjacent zones, not wholly from another "
        "regiment's",
        RegimentName(regiment)));
  }
  s.entry_zones[static_cast<size_t>(r)] = zones;
  for (int z : zones) {
    if (std::find(kSouthZones.begin(), kSouthZones.end(), z) != kSouthZones.end()) {
      s.attacked_from_south = true;  // 6.2.2.1.A (reading: a regiment sent from the south edge)
    }
  }
  if (std::all_of(s.entry_zones.begin(), s.entry_zones.end(), [](const auto& z) { return !z.empty(); })) {
    s.stage = Stage::kPlaying;
    s.segment = Segment::kZuluMovement;
  }
  return absl::OkStatus();
}

}  // namespace impi::roarks
