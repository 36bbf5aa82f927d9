// engine/rulesets/roarks_drift/movement.cc: 4.0 movement and 5.0 stacking.
// See movement.h.
#include "engine/rulesets/roarks_drift/movement.h"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>

#include "absl/strings/str_format.h"
#include "engine/rulesets/roarks_drift/damage.h"

namespace impi::roarks {
namespace {

// Whether an off-map Zulu unit may come on at `to`: a hex of one of its
// regiment's zones this phase.
bool EntryHex(const RoarksState& s, int unit, HexCoord to) {
  const int r = RegimentIndex(s.specs[static_cast<size_t>(unit)].regiment);
  if (r < 0) return false;
  const int zone = s.Map().ZoneOf(to);
  const std::vector<int>& zones = s.entry_zones[static_cast<size_t>(r)];
  return zone != 0 && std::find(zones.begin(), zones.end(), zone) != zones.end();
}

void Refuse(std::string* why_not, std::string_view text) {
  if (why_not != nullptr) *why_not = std::string(text);
}

}  // namespace

Segment MovementSegmentOf(Side side) {
  return side == Side::kZulu ? Segment::kZuluMovement : Segment::kBritishMovement;
}

int MpsLeft(const RoarksState& s, int unit) {
  const CounterState& c = s.counters[static_cast<size_t>(unit)];
  return std::max(0, MovementAllowance(SideOf(s, unit), c.wound, nullptr) - c.mp_spent);
}

namespace {

// The rest of MoveCost once the hex's own cost is known: a room on fire, a
// hex the enemy holds, and the MPs left.
int Admit(const RoarksState& s, Side side, HexCoord to, int cost, int mps_left, std::string* why_not) {
  const HexCell* cell = s.Map().map.Cell(to);
  if (cell != nullptr && RoomBurning(s, cell->room)) {
    Refuse(why_not, "10.2.D No one can enter a room or roof area on fire");
    return -1;
  }
  if (const std::optional<Side> held = Holder(s, to); held && *held != side) {
    Refuse(why_not, "4.0 a unit may not enter a hex the enemy holds (it melees it, 7.0)");
    return -1;
  }
  if (cost > mps_left) {
    if (why_not != nullptr) {
      Refuse(why_not, absl::StrFormat("4.0.D A unit may not enter a hex if it lacks sufficient MPs (%d needed, "
                                      "%d left)",
                                      cost, mps_left));
    }
    return -1;
  }
  return cost;
}

constexpr const char* kNotAdjacent =
    "4.0.A not an adjacent hex it may enter (the Terrain Effects Chart: a building's "
    "wall or a loophole is crossed only where opened, 11.0.B)";

}  // namespace

int StepCost(const RoarksState& s, int unit, HexDirection d, int mps_left) {
  const CounterState& c = s.counters[static_cast<size_t>(unit)];
  const int cost = s.options.terrain.EnterCostToward(s.Map(), c.hex, d);
  if (cost < 0) return -1;
  return Admit(s, SideOf(s, unit), Neighbor(c.hex, d), cost, mps_left, nullptr);
}

int MoveCost(const RoarksState& s, int unit, HexCoord to, std::string* why_not) {
  const CounterState& c = s.counters[static_cast<size_t>(unit)];
  const Board& b = s.Map();
  const Side side = SideOf(s, unit);
  int cost = -1;
  if (c.on_map) {
    cost = s.options.terrain.EnterCost(b, c.hex, to);
    if (cost < 0) {
      Refuse(why_not, kNotAdjacent);
      return -1;
    }
  } else {
    if (side != Side::kZulu || !EntryHex(s, unit, to)) {
      Refuse(why_not, "9.2 an off-board Zulu unit enters by a hex of its regiment's zones");
      return -1;
    }
    cost = s.options.terrain.GroundCost(b, to);
  }
  return Admit(s, side, to, cost, MpsLeft(s, unit), why_not);
}

absl::Status MoveUnit(RoarksState& s, int unit, HexCoord to) {
  if (unit < 0 || unit >= s.size()) return absl::InvalidArgumentError("unit: no such counter");
  const CounterState& c = s.counters[static_cast<size_t>(unit)];
  const CounterSpec& spec = s.specs[static_cast<size_t>(unit)];
  if (s.stage != Stage::kPlaying || s.segment != MovementSegmentOf(spec.side)) {
    return absl::FailedPreconditionError(
        absl::StrFormat("unit: %s moves in its side's movement segment (3.1, 3.2)", spec.id));
  }
  if (c.killed || (!c.on_map && spec.side == Side::kBritish)) {
    return absl::FailedPreconditionError(absl::StrFormat("unit: %s is not in play", spec.id));
  }
  if (c.done_moving) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "unit: 4.0.C When a second unit begins moving, the first unit's movement ceases: %s has moved",
        spec.id));
  }
  if (c.retiring) {
    return absl::FailedPreconditionError(
        absl::StrFormat("unit: %s retires (3.7.B): it leaves by the procedure", spec.id));
  }
  if (spec.role == CounterRole::kZuluRifles && c.aimed_on_turn != 0 && c.aimed_on_turn == s.turn - 1) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "unit: 6.2.1.A %s reloads this turn, during which time it may not move", spec.id));
  }
  std::string why_not;
  const int cost = MoveCost(s, unit, to, &why_not);
  if (cost < 0) {
    return absl::InvalidArgumentError(absl::StrFormat("to: (%d,%d): %s", to.q, to.r, why_not));
  }
  if (s.moving != kNoUnit && s.moving != unit) s.counters[static_cast<size_t>(s.moving)].done_moving = true;
  s.moving = unit;
  CounterState& m = s.counters[static_cast<size_t>(unit)];
  m.mp_spent += cost;
  m.moved_on_turn = s.turn;
  PutOnTop(s, unit, to);
  m.prone = false;
  if (spec.side == Side::kZulu) {
    // 10.1.D: a unit passing a burning room may take a torch from it.
    for (HexCoord n : Neighbors(to)) {
      const HexCell* cell = s.Map().map.Cell(n);
      if (cell != nullptr && RoomBurning(s, cell->room)) m.torch = true;
    }
  }
  return absl::OkStatus();
}

absl::Status FallProne(RoarksState& s, int unit) {
  if (unit < 0 || unit >= s.size()) return absl::InvalidArgumentError("unit: no such counter");
  const CounterSpec& spec = s.specs[static_cast<size_t>(unit)];
  const CounterState& c = s.counters[static_cast<size_t>(unit)];
  if (spec.side != Side::kZulu) {
    return absl::InvalidArgumentError(absl::StrFormat("unit: 4.0.F only Zulu units fall prone; %s is British", spec.id));
  }
  if (s.stage != Stage::kPlaying || s.segment != Segment::kZuluMovement) {
    return absl::FailedPreconditionError("unit: 4.0.F units fall prone at the end of their movement segment");
  }
  if (!InPlay(s, unit) || c.done_moving || c.prone || c.retiring) {
    return absl::FailedPreconditionError(absl::StrFormat("unit: %s may not fall prone now", spec.id));
  }
  if (MpsLeft(s, unit) < kProneCostMp) {
    return absl::FailedPreconditionError(
        absl::StrFormat("unit: 4.0.F falling prone expends 1 MP; %s has none left", spec.id));
  }
  if (s.moving != kNoUnit && s.moving != unit) s.counters[static_cast<size_t>(s.moving)].done_moving = true;
  CounterState& m = s.counters[static_cast<size_t>(unit)];
  m.mp_spent += kProneCostMp;
  m.prone = true;
  m.done_moving = true;  // "at the end of their movement"
  s.moving = kNoUnit;
  return absl::OkStatus();
}

std::vector<int> ApplyStackingLimit(RoarksState& s, Side side, const std::vector<int>& keep) {
  std::map<HexCoord, int> count;
  for (int u = 0; u < s.size(); ++u) {
    if (SideOf(s, u) == side && InPlay(s, u)) ++count[s.counters[static_cast<size_t>(u)].hex];
  }
  std::vector<int> removed;
  const int limit = StackingLimit(side);
  for (const auto& [hex, n] : count) {
    if (n <= limit) continue;
    std::vector<int> stack;
    for (int u : StackAt(s, hex)) {
      if (SideOf(s, u) == side) stack.push_back(u);
    }
    // Those not kept first, top down; then the kept, top down.
    std::stable_partition(stack.begin(), stack.end(),
                          [&](int u) { return std::find(keep.begin(), keep.end(), u) == keep.end(); });
    for (int i = 0; i < n - limit; ++i) {
      Kill(s, stack[static_cast<size_t>(i)]);
      removed.push_back(stack[static_cast<size_t>(i)]);
    }
  }
  return removed;
}

}  // namespace impi::roarks
