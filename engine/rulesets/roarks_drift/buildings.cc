// engine/rulesets/roarks_drift/buildings.cc: 10.0 fires and 11.0 buildings.
// See buildings.h.
#include "engine/rulesets/roarks_drift/buildings.h"

#include <algorithm>
#include <memory>
#include <string>

#include "absl/strings/str_format.h"
#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/movement.h"

namespace impi::roarks {
namespace {

const CounterState& C(const RoarksState& s, int u) { return s.counters[static_cast<size_t>(u)]; }

// The room of the roofed hex `hex` next to a Zulu unit that may set it on
// fire in this segment; an error naming why not.
absl::StatusOr<int> RoofToFire(const RoarksState& s, int unit, HexCoord hex) {
  if (unit < 0 || unit >= s.size()) return absl::InvalidArgumentError("unit: no such counter");
  const CounterSpec& spec = s.specs[static_cast<size_t>(unit)];
  if (spec.side != Side::kZulu || !InPlay(s, unit)) {
    return absl::InvalidArgumentError(absl::StrFormat("unit: %s is no Zulu unit in play", spec.id));
  }
  if (s.stage != Stage::kPlaying || s.segment != Segment::kZuluFire) {
    return absl::FailedPreconditionError("unit: the Zulus set fires in their fire segment");
  }
  if (C(s, unit).fired_on_turn == s.turn) {
    return absl::FailedPreconditionError(absl::StrFormat("unit: %s has fired this turn", spec.id));
  }
  const HexCell* cell = s.Map().map.Cell(hex);
  if (cell == nullptr || !cell->roofed || cell->room == 0 || HexDistance(hex, C(s, unit).hex) != 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("hex: (%d,%d) is no roofed room next to %s", hex.q, hex.r, spec.id));
  }
  if (RoomHasFire(s, cell->room)) {
    return absl::FailedPreconditionError(absl::StrFormat("hex: room %d is on fire already", cell->room));
  }
  return cell->room;
}

void Kindle(RoarksState& s, int room) { s.fires.push_back({room, s.turn, false}); }

}  // namespace

bool RoomHasFire(const RoarksState& s, int room) {
  return std::any_of(s.fires.begin(), s.fires.end(), [&](const RoomFire& f) { return f.room == room; });
}

absl::StatusOr<bool> FireThroughRoof(RoarksState& s, Dice& dice, int unit, HexCoord hex) {
  absl::StatusOr<int> room = RoofToFire(s, unit, hex);
  if (!room.ok()) return room.status();
  const CounterSpec& spec = s.specs[static_cast<size_t>(unit)];
  const CounterState& c = C(s, unit);
  if (spec.role != CounterRole::kZuluRifles) {
    return absl::InvalidArgumentError(absl::StrFormat("unit: 10.1.B %s is no rifle unit", spec.id));
  }
  if (c.moved_on_turn == s.turn || (c.aimed_on_turn != 0 && c.aimed_on_turn == s.turn - 1)) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "unit: 10.1.B %s moved this turn or reloads: they cannot move the turn they attempt to set fire",
        spec.id));
  }
  const bool lit = RoofFireFromRifles(dice, c.wound, nullptr);
  CounterState& m = s.counters[static_cast<size_t>(unit)];
  m.fired_on_turn = s.turn;
  m.aimed_on_turn = s.turn;  // its fire: it reloads the next turn (6.2.1)
  if (lit) Kindle(s, *room);   // 10.2.A "a fire will start the following turn"
  return lit;
}

absl::StatusOr<bool> SetRoofAlight(RoarksState& s, Dice& dice, int unit, HexCoord hex) {
  absl::StatusOr<int> room = RoofToFire(s, unit, hex);
  if (!room.ok()) return room.status();
  if (C(s, unit).moved_on_turn == s.turn) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "unit: 10.1.C %s moved this turn: only a unit not moving or firing that turn",
        s.specs[static_cast<size_t>(unit)].id));
  }
  const bool lit = ZuluRoofFire(dice, nullptr);
  s.counters[static_cast<size_t>(unit)].fired_on_turn = s.turn;
  if (lit) Kindle(s, *room);
  return lit;
}

absl::StatusOr<bool> CarryTorch(RoarksState& s, Dice& dice, int unit, HexCoord hex) {
  absl::StatusOr<int> room = RoofToFire(s, unit, hex);
  if (!room.ok()) return room.status();
  if (!C(s, unit).torch) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "unit: 10.1.D %s brings no fire counter from an existing fire", s.specs[static_cast<size_t>(unit)].id));
  }
  const bool lit = TorchFire(dice, C(s, unit).wound, nullptr);
  CounterState& m = s.counters[static_cast<size_t>(unit)];
  m.torch = false;
  m.fired_on_turn = s.turn;
  if (lit) Kindle(s, *room);
  return lit;
}

void BurnUnits(RoarksState& s) {
  for (int u = 0; u < s.size(); ++u) {
    CounterState& c = s.counters[static_cast<size_t>(u)];
    if (SideOf(s, u) != Side::kBritish || !InPlay(s, u)) continue;
    const HexCell* cell = s.Map().map.Cell(c.hex);
    if (cell == nullptr || !RoomBurning(s, cell->room)) {
      c.turns_in_fire = 0;
      continue;
    }
    ++c.turns_in_fire;
    for (Damage d : FireDamage(c.turns_in_fire, nullptr)) {
      if (ApplyDamage(s, u, d)) break;
    }
  }
}

absl::Status SpreadFires(RoarksState& s, Dice& dice) {
  const size_t burning = s.fires.size();
  for (size_t i = 0; i < burning; ++i) {
    if (s.fires[i].spread || !RoomBurning(s, s.fires[i].room) || s.fires[i].kindled_on_turn >= s.turn) continue;
    if (!FireSpreads(dice, nullptr)) continue;
    s.fires[i].spread = true;
    for (int room : s.Map().map.AdjacentRooms(s.fires[i].room)) {
      if (!RoomHasFire(s, room)) Kindle(s, room);
    }
  }
  return dice.status();
}

absl::Status Tunnel(RoarksState& s, int unit, HexDirection direction) {
  if (unit < 0 || unit >= s.size() || !InPlay(s, unit)) return absl::InvalidArgumentError("unit: no counter in play");
  const CounterSpec& spec = s.specs[static_cast<size_t>(unit)];
  const CounterState& c = C(s, unit);
  if (s.stage != Stage::kPlaying || s.segment != MovementSegmentOf(spec.side)) {
    return absl::FailedPreconditionError("unit: a unit digs in its side's movement segment");
  }
  if (c.mp_spent > 0 || c.done_moving || c.retiring) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "unit: %s has moved: digging through a wall takes a unit's whole movement (not in the source text)",
        spec.id));
  }
  const HexSide side = impi::SideOf(c.hex, direction);
  const SideFeature f = s.Map().map.Feature(side);
  if (f != SideFeature::kWall && f != SideFeature::kLoophole) {
    return absl::InvalidArgumentError(
        absl::StrFormat("direction: 11.0.B no wall %s of (%d,%d) to dig through", HexDirectionName(direction),
                        c.hex.q, c.hex.r));
  }
  auto board = std::make_shared<Board>(s.Map());
  if (absl::Status st = board->map.SetFeature(side, SideFeature::kOpening); !st.ok()) return st;
  s.board = std::move(board);
  if (s.moving != kNoUnit && s.moving != unit) s.counters[static_cast<size_t>(s.moving)].done_moving = true;
  s.moving = kNoUnit;
  CounterState& m = s.counters[static_cast<size_t>(unit)];
  m.mp_spent = MovementAllowance(spec.side, m.wound, nullptr);
  m.done_moving = true;
  m.moved_on_turn = s.turn;
  return absl::OkStatus();
}

}  // namespace impi::roarks
