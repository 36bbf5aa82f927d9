// engine/rulesets/roarks_drift/turn.cc: the turn sequence, the phases and
// victory. See turn.h.
#include "engine/rulesets/roarks_drift/turn.h"

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <utility>

#include "absl/strings/str_format.h"
#include "engine/rulesets/roarks_drift/buildings.h"
#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/melee.h"
#include "engine/rulesets/roarks_drift/movement.h"

namespace impi::roarks {
namespace {

void FreshMovement(RoarksState& s) {
  for (CounterState& c : s.counters) {
    c.mp_spent = 0;
    c.done_moving = false;
  }
  s.moving = kNoUnit;
}

bool OnEdge(const Board& b, HexCoord h) {
  for (HexCoord n : Neighbors(h)) {
    if (!b.map.Contains(n)) return true;
  }
  return false;
}

// 8.3.A: the healed who return this turn, "cured and ready for combat", in
// the storeroom (designed: its hexes with room first, then the nearest).
void ReturnHealed(RoarksState& s) {
  const bool any = std::any_of(s.counters.begin(), s.counters.end(), [&](const CounterState& c) {
    return !c.killed && c.returns_on_turn != 0 && c.returns_on_turn <= s.turn;
  });
  if (!any) return;
  const Board& b = s.Map();
  const std::vector<int> to_storeroom = StoreroomDistances(b);
  std::vector<HexCoord> hexes;
  for (size_t k = 0; k < b.map.cells.size(); ++k) hexes.push_back(b.map.HexOfCell(static_cast<int>(k)));
  std::stable_sort(hexes.begin(), hexes.end(), [&](HexCoord a, HexCoord c) {
    return to_storeroom[static_cast<size_t>(b.map.CellIndex(a))] < to_storeroom[static_cast<size_t>(b.map.CellIndex(c))];
  });
  for (int u = 0; u < s.size(); ++u) {
    CounterState& c = s.counters[static_cast<size_t>(u)];
    if (c.killed || c.returns_on_turn == 0 || c.returns_on_turn > s.turn) continue;
    for (HexCoord h : hexes) {
      const HexCell* cell = b.map.Cell(h);
      const std::optional<Side> held = Holder(s, h);
      if ((held && *held != Side::kBritish) || (cell->room != 0 && RoomBurning(s, cell->room)) ||
          static_cast<int>(StackAt(s, h).size()) >= StackingLimit(Side::kBritish)) {
        continue;
      }
      PutOnTop(s, u, h);
      break;
    }
    c.returns_on_turn = 0;
  }
}

void NextTurn(RoarksState& s) {
  ++s.turn;
  s.segment = Segment::kZuluMovement;
  s.melees.clear();
  s.zulu_melee_done = false;
  s.melee_applied = false;
  FreshMovement(s);
  ReturnHealed(s);
  RetireUnits(s);
}

absl::Status EndTurn(RoarksState& s, Dice& dice) {
  // 10.2.E, then 10.2.B-C.
  BurnUnits(s);
  if (absl::Status st = SpreadFires(s, dice); !st.ok()) return st;
  if (s.stage == Stage::kOver) return absl::OkStatus();
  // 6.2.2.2.E: kept up on alternating turns, or lost.
  if (s.suppression > 0 && s.turn >= s.suppression_turn + 2) s.suppression = 0;
  // 3.7.A-B.
  for (int r = 0; r < kRegiments; ++r) {
    if (s.retired[static_cast<size_t>(r)] ||
        !RegimentRetires(s.wave[static_cast<size_t>(r)], s.killed_this_phase[static_cast<size_t>(r)])) {
      continue;
    }
    s.retired[static_cast<size_t>(r)] = true;
    for (int u = 0; u < s.size(); ++u) {
      if (RegimentIndex(s.specs[static_cast<size_t>(u)].regiment) == r) s.counters[static_cast<size_t>(u)].retiring = true;
    }
  }
  // 3.7.C "When all three regiments have retired, the phase ends."
  if (s.zulu_ends_phase || std::all_of(s.retired.begin(), s.retired.end(), [](bool b) { return b; })) {
    return EndPhase(s, dice);
  }
  NextTurn(s);
  return absl::OkStatus();
}

}  // namespace

absl::Status EndSegment(RoarksState& s, Dice& dice) {
  if (s.stage != Stage::kPlaying) {
    return absl::FailedPreconditionError("segment: the game is not in play (set-up, or over)");
  }
  s.segment_done = false;
  s.british_attacks.clear();
  s.zulu_advances_done = false;
  switch (s.segment) {
    case Segment::kZuluMovement:
      ApplyStackingLimit(s, Side::kZulu);  // 5.0.C
      FreshMovement(s);
      s.segment = Segment::kBritishMovement;
      break;
    case Segment::kBritishMovement:
      ApplyStackingLimit(s, Side::kBritish);  // 5.0.D
      FreshMovement(s);
      s.segment = Segment::kBritishFire;
      break;
    case Segment::kBritishFire:
      s.segment = Segment::kZuluFire;
      break;
    case Segment::kZuluFire:
      s.segment = Segment::kZuluMelee;
      s.melees.clear();
      s.zulu_melee_done = false;
      s.melee_applied = false;
      break;
    case Segment::kZuluMelee:
      if (!s.zulu_melee_done) {
        for (int u = 0; u < s.size(); ++u) {
          if (MustAttack(s, u)) {
            return absl::FailedPreconditionError(absl::StrFormat(
                "segment: 7.0.A %s is adjacent to British units and must attack", s.specs[static_cast<size_t>(u)].id));
          }
        }
        s.zulu_melee_done = true;
      }
      s.segment = Segment::kBritishMelee;
      break;
    case Segment::kBritishMelee:
      if (!s.melee_applied) {
        if (absl::Status st = BritishMelee(s, dice, {}); !st.ok()) return st;
      }
      ApplyStackingLimit(s, Side::kZulu);  // 5.0.E
      ApplyStackingLimit(s, Side::kBritish);
      if (s.stage == Stage::kOver) return absl::OkStatus();
      s.segment = Segment::kEnd;
      break;
    case Segment::kEnd:
      return EndTurn(s, dice);
  }
  return dice.status();
}

absl::Status EndPhase(RoarksState& s, Dice& dice) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kEnd) {
    return absl::FailedPreconditionError("phase: 9.3.A the Zulu side ends a phase at the end of a turn");
  }
  if (s.phase >= kPhases) {
    s.stage = Stage::kOver;  // 12.0 "at the end of the fourth phase"
    return absl::OkStatus();
  }
  if (absl::Status st = HealInInterphase(s, dice); !st.ok()) return st;
  if (s.stage == Stage::kOver) return absl::OkStatus();
  // 9.3.B-C: the regiments at full strength, less their rifled units lost.
  for (int r = 0; r < kRegiments; ++r) s.wave[static_cast<size_t>(r)] = 0;
  for (int u = 0; u < s.size(); ++u) {
    const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
    CounterState& c = s.counters[static_cast<size_t>(u)];
    if (spec.side == Side::kZulu) {
      if (c.killed && spec.role == CounterRole::kZuluRifles) continue;
      if (c.on_map) TakeOffMap(s, u);
      c = CounterState{};
      ++s.wave[static_cast<size_t>(RegimentIndex(spec.regiment))];
    } else if (!c.killed) {
      // The turn counts start again: the flips and fire marks with them.
      c.aimed_on_turn = c.fired_on_turn = c.moved_on_turn = 0;
      c.mp_spent = 0;
      c.done_moving = false;
    }
  }
  for (std::vector<int>& z : s.entry_zones) z.clear();
  s.retired = {false, false, false};
  s.killed_this_phase = {0, 0, 0};
  s.attacked_from_south = false;
  s.volley_lines.clear();
  s.suppression = 0;
  s.suppression_turn = 0;
  s.oskarberg_fired_turn = 0;
  for (RoomFire& f : s.fires) f.kindled_on_turn = 0;
  s.melees.clear();
  s.zulu_melee_done = s.melee_applied = false;
  s.british_attacks.clear();
  s.zulu_advances_done = s.segment_done = s.zulu_ends_phase = false;
  s.moving = kNoUnit;
  s.turns_before += s.turn;
  ++s.phase;
  s.turn = 1;
  s.segment = Segment::kZuluMovement;
  s.stage = Stage::kBritishSetUp;
  return absl::OkStatus();
}

void RetireUnits(RoarksState& s) {
  const Board& b = s.Map();
  for (int u = 0; u < s.size(); ++u) {
    CounterState& c = s.counters[static_cast<size_t>(u)];
    if (!c.retiring || c.killed) continue;
    if (!c.on_map) continue;  // never entered: it does not come on
    // Cheapest way to an edge hex (Dijkstra on the chart's MPs), through
    // no enemy hex and no burning room.
    std::map<HexCoord, int> cost;
    std::map<HexCoord, HexCoord> came_from;
    std::priority_queue<std::pair<int, std::pair<int, int>>, std::vector<std::pair<int, std::pair<int, int>>>,
                        std::greater<>>
        open;
    cost[c.hex] = 0;
    open.push({0, {c.hex.q, c.hex.r}});
    std::optional<HexCoord> exit;
    while (!open.empty()) {
      const auto [k, qr] = open.top();
      open.pop();
      const HexCoord h{qr.first, qr.second};
      if (k > cost[h]) continue;
      if (OnEdge(b, h)) {
        exit = h;
        break;
      }
      for (HexCoord n : Neighbors(h)) {
        const int step = s.options.terrain.EnterCost(b, h, n);
        if (step < 0) continue;
        const HexCell* cell = b.map.Cell(n);
        const std::optional<Side> held = Holder(s, n);
        if ((held && *held == Side::kBritish) || RoomBurning(s, cell->room)) continue;
        const auto it = cost.find(n);
        if (it != cost.end() && it->second <= k + step) continue;
        cost[n] = k + step;
        came_from[n] = h;
        open.push({k + step, {n.q, n.r}});
      }
    }
    if (!exit) continue;  // hemmed in: it stays
    std::vector<HexCoord> path;
    for (HexCoord h = *exit; h != c.hex; h = came_from[h]) path.push_back(h);
    std::reverse(path.begin(), path.end());
    const int ma = MovementAllowance(Side::kZulu, c.wound, nullptr);
    std::optional<HexCoord> stop;
    for (HexCoord h : path) {
      if (cost[h] > ma) break;
      if (StackAt(s, h).empty()) stop = h;  // no Zulu left over the limit (5.0.C)
    }
    if (path.empty() || cost[path.back()] <= ma) {
      TakeOffMap(s, u);  // reached the edge: it leaves the field
    } else if (stop) {
      PutOnTop(s, u, *stop);
    }
  }
}

bool GameOver(const RoarksState& s) { return s.stage == Stage::kOver; }

absl::StatusOr<Victory> VictoryNow(const RoarksState& s) {
  return VictoryLevel(BritishDead(s), nullptr, s.options.victory_gap);
}

}  // namespace impi::roarks
