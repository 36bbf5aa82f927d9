// engine/rulesets/roarks_drift/fire.cc: 6.0 fire combat and 6.3 lines of
// sight. See fire.h.
#include "engine/rulesets/roarks_drift/fire.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "absl/strings/str_format.h"
#include "engine/rulesets/roarks_drift/damage.h"

namespace impi::roarks {
namespace {

Segment FireSegmentOf(Side side) { return side == Side::kZulu ? Segment::kZuluFire : Segment::kBritishFire; }

// Checks a list of distinct units of the game; `field` names the list.
absl::Status CheckHandles(const RoarksState& s, const std::vector<int>& units, const char* field) {
  std::set<int> seen;
  for (size_t i = 0; i < units.size(); ++i) {
    if (units[i] < 0 || units[i] >= s.size()) {
      return absl::InvalidArgumentError(absl::StrFormat("%s[%d]: %d is no counter of the game", field, i, units[i]));
    }
    if (!seen.insert(units[i]).second) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s[%d]: %s is named twice", field, i, s.specs[static_cast<size_t>(units[i])].id));
    }
  }
  return absl::OkStatus();
}

bool AimedLastTurn(const RoarksState& s, int unit) {
  const int t = s.counters[static_cast<size_t>(unit)].aimed_on_turn;
  return t != 0 && t == s.turn - 1;
}

const CounterState& C(const RoarksState& s, int u) { return s.counters[static_cast<size_t>(u)]; }

// Rolls one fire on `target` and lays its damage on the top unit.
absl::StatusOr<FireResult> Resolve(RoarksState& s, Dice& dice, HexCoord target, int factors, int fdf) {
  FireResult r;
  r.target = target;
  r.fire_factors = factors;
  r.fire_defense = fdf;
  absl::StatusOr<int> ratio = FireOdds(factors, fdf, nullptr);
  if (!ratio.ok()) return ratio.status();
  r.ratio = *ratio;
  absl::StatusOr<Damage> d = FireChartRoll(dice, r.ratio, nullptr, s.options.fire_chart);
  if (!d.ok()) return d.status();
  r.damage = *d;
  r.hit = TopUnit(s, target);  // 8.1.B
  if (r.hit != kNoUnit) ApplyDamage(s, r.hit, r.damage);
  return r;
}

}  // namespace

std::vector<HexCoord> BlockingHexes(const RoarksState& s) {
  if (!s.top_at.empty()) {  // by the stacks' index
    std::vector<HexCoord> out;
    for (size_t k = 0; k < s.top_at.size(); ++k) {
      int brit = 0, zulu = 0;
      for (int u = s.top_at[k]; u != kNoUnit; u = s.below[static_cast<size_t>(u)]) {
        if (!C(s, u).killed) ++(SideOf(s, u) == Side::kBritish ? brit : zulu);
      }
      if (brit >= 4 || zulu >= 1) out.push_back(s.Map().map.HexOfCell(static_cast<int>(k)));  // 6.3.B
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  std::map<HexCoord, std::pair<int, int>> n;  // British, Zulu
  for (int u = 0; u < s.size(); ++u) {
    if (!InPlay(s, u)) continue;
    auto& [brit, zulu] = n[C(s, u).hex];
    (SideOf(s, u) == Side::kBritish ? brit : zulu) += 1;
  }
  std::vector<HexCoord> out;
  for (const auto& [h, count] : n) {
    if (count.first >= 4 || count.second >= 1) out.push_back(h);  // 6.3.B
  }
  return out;
}

namespace {

// One route of a line, as HexMap::RouteBlocked reads it, except that a man
// at a barricade fires over it and is fired on over it (reading: 6.3.B's
// walls interrupt a line they lie across between the ends, as the
// designers' notes have the defenders behind the mealie bags firing out):
// a barricade on the first or last side crossed is left out, the hex beyond
// it still blocking as an intermediate.
bool RouteClear(const RoarksState& s, const HexRoute& route, const std::vector<HexCoord>& blocking) {
  const HexMap& map = s.Map().map;
  auto blocks = [&](HexCoord h) {
    const HexCell* cell = map.Cell(h);
    return (cell != nullptr && cell->blocks_sight) ||
           std::find(blocking.begin(), blocking.end(), h) != blocking.end();
  };
  const bool first = route.sides.size() >= 2 && Barricade(s, route.sides.front());
  const bool last = route.sides.size() >= 2 && Barricade(s, route.sides.back());
  if (!first && !last) {
    if (route.sides.size() == 1 && Barricade(s, route.sides.front())) return true;
    return !map.RouteBlocked(route, blocking);
  }
  // A barricade at an end: the route without it (a copy on the thread).
  thread_local HexRoute r;
  r.hexes.assign(route.hexes.begin(), route.hexes.end());
  r.sides.assign(route.sides.begin(), route.sides.end());
  if (r.sides.size() >= 2 && Barricade(s, r.sides.front())) {
    if (blocks(r.hexes[1])) return false;
    r.hexes.erase(r.hexes.begin());
    r.sides.erase(r.sides.begin());
  }
  if (r.sides.size() >= 2 && Barricade(s, r.sides.back())) {
    if (blocks(r.hexes[r.hexes.size() - 2])) return false;
    r.hexes.pop_back();
    r.sides.pop_back();
  }
  if (r.sides.size() == 1 && Barricade(s, r.sides.front())) return true;  // across the wall, face to face
  return !map.RouteBlocked(r, blocking);
}

}  // namespace

bool LineOfSight(const RoarksState& s, HexCoord from, HexCoord to, const std::vector<HexCoord>& blocking) {
  if (!s.Map().map.Contains(from) || !s.Map().map.Contains(to)) return false;
  if (from == to) return true;
  // The north route, and the south one only where the north is blocked.
  // (Each route is read before the next is traced: TraceHexRouteKept's
  // reference lasts until the thread's next call.)
  return RouteClear(s, TraceHexRouteKept(from, to, true), blocking) ||
         RouteClear(s, TraceHexRouteKept(from, to, false), blocking);
}

int FireDefenseFrom(const RoarksState& s, HexCoord from, HexCoord target) {
  const Board& b = s.Map();
  const HexRoute& north = TraceHexRouteKept(from, target, true);
  std::optional<HexSide> crossing;
  if (!north.sides.empty()) crossing = north.sides.back();
  const int hex_only = s.options.terrain.FireDefense(b, target, std::nullopt);
  const int with_wall = s.options.terrain.FireDefense(b, target, crossing);
  const int top = TopUnit(s, target);
  if (top != kNoUnit && C(s, top).prone) {
    // 4.0.F "3 Fire Defense Factors (instead of the FDF of their hex)".
    return std::max(kProneFireDefense, with_wall > hex_only ? with_wall : 0);
  }
  return with_wall;
}

bool MayAim(const RoarksState& s, int unit) {
  if (!InPlay(s, unit) || s.stage != Stage::kPlaying) return false;
  const CounterSpec& spec = s.specs[static_cast<size_t>(unit)];
  if (s.segment != FireSegmentOf(spec.side) || spec.fire <= 0) return false;
  if (spec.side == Side::kZulu && spec.role != CounterRole::kZuluRifles) return false;
  const CounterState& c = C(s, unit);
  return c.fired_on_turn != s.turn && !AimedLastTurn(s, unit) && !c.retiring;
}

absl::StatusOr<FireResult> AimedFire(RoarksState& s, Dice& dice, const std::vector<int>& firers,
                                     HexCoord target) {
  if (firers.empty()) return absl::InvalidArgumentError("firers: at least one unit fires");
  if (absl::Status st = CheckHandles(s, firers, "firers"); !st.ok()) return st;
  const Side side = SideOf(s, firers[0]);
  for (size_t i = 0; i < firers.size(); ++i) {
    const int u = firers[i];
    const std::string& id = s.specs[static_cast<size_t>(u)].id;
    if (SideOf(s, u) != side) {
      return absl::InvalidArgumentError(absl::StrFormat("firers[%d]: %s is of the other side", i, id));
    }
    if (!MayAim(s, u)) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "firers[%d]: %s may not aim now (6.1.1.A once every other turn, in its side's fire segment; "
          "6.2.1.A only rifled Zulu units fire)",
          i, id));
    }
  }
  const std::optional<Side> held = Holder(s, target);
  if (!held || *held == side) {
    return absl::InvalidArgumentError(
        absl::StrFormat("target: (%d,%d) holds no enemy unit", target.q, target.r));
  }
  const std::vector<HexCoord> blocking = BlockingHexes(s);
  int factors = 0, fdf = 0;
  for (size_t i = 0; i < firers.size(); ++i) {
    const HexCoord from = C(s, firers[i]).hex;
    if (!LineOfSight(s, from, target, blocking)) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "firers[%d]: 6.3 %s has no line of sight to (%d,%d)", i, s.specs[firers[i]].id, target.q, target.r));
    }
    factors += s.specs[static_cast<size_t>(firers[i])].fire;
    fdf = std::max(fdf, FireDefenseFrom(s, from, target));
  }
  absl::StatusOr<FireResult> r = Resolve(s, dice, target, factors, fdf);
  if (!r.ok()) return r.status();
  for (int u : firers) {
    s.counters[static_cast<size_t>(u)].fired_on_turn = s.turn;
    s.counters[static_cast<size_t>(u)].aimed_on_turn = s.turn;  // 6.1.1.D, 6.2.1.B: flipped
  }
  return r;
}

absl::Status CheckVolleyLine(const RoarksState& s, int lieutenant, HexDirection facing,
                             const std::vector<int>& firers) {
  if (absl::Status st = CheckHandles(s, firers, "firers"); !st.ok()) return st;
  if (!VolleyAllowed(static_cast<int>(firers.size()), nullptr)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "firers: 6.1.2.D Volley fire may not occur unless there are at least ten men firing (%d)",
        firers.size()));
  }
  const HexCoord at = C(s, lieutenant).hex;
  std::map<HexCoord, int> per_hex;
  for (size_t i = 0; i < firers.size(); ++i) {
    const int u = firers[i];
    const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
    if (u == lieutenant) {
      return absl::InvalidArgumentError(
          absl::StrFormat("firers[%d]: 6.1.2.D The officer himself does not fire", i));
    }
    if (spec.side != Side::kBritish || !InPlay(s, u) || spec.fire <= 0) {
      return absl::InvalidArgumentError(absl::StrFormat("firers[%d]: %s is no British rifle in play", i, spec.id));
    }
    if (!InVolleyReach(HexDistance(C(s, u).hex, at))) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "firers[%d]: 6.1.2.B %s is not within three hexes of the Lieutenant, inclusive", i, spec.id));
    }
    ++per_hex[C(s, u).hex];
  }
  int most = 0, least = 1 << 20;
  for (const auto& [h, n] : per_hex) {
    most = std::max(most, n);
    least = std::min(least, n);
  }
  if (most - least > 1) {
    return absl::InvalidArgumentError(
        "firers: 6.1.2.C The units using Volley Fire must be divided between the hexes as evenly as possible");
  }
  // 6.1.2.E: one straight row of hexes, fired through the same hexside; the
  // row along another axis than the fire's.
  if (per_hex.size() > 1) {
    bool row = false;
    for (int axis = 0; axis < 3 && !row; ++axis) {
      if (axis == static_cast<int>(facing) % 3) continue;
      const HexDirection d = static_cast<HexDirection>(axis);
      const HexCoord start = per_hex.begin()->first;
      size_t found = 1;
      for (HexDirection way : {d, Opposite(d)}) {
        for (HexCoord h = Neighbor(start, way); per_hex.count(h) > 0; h = Neighbor(h, way)) ++found;
      }
      row = found == per_hex.size();
    }
    if (!row) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "firers: 6.1.2.E the volleying hexes make one straight line, their fire issuing %s from each",
          HexDirectionName(facing)));
    }
  }
  return absl::OkStatus();
}

absl::Status LineUpVolley(RoarksState& s, int lieutenant, HexDirection facing, const std::vector<int>& units) {
  if (lieutenant < 0 || lieutenant >= s.size() ||
      s.specs[static_cast<size_t>(lieutenant)].role != CounterRole::kLieutenant || !InPlay(s, lieutenant)) {
    return absl::InvalidArgumentError("lieutenant: 6.1.2.A one of the two Lieutenants, Chard or Bromhead, in play");
  }
  if (s.stage != Stage::kPlaying || s.segment != Segment::kBritishFire) {
    return absl::FailedPreconditionError("lieutenant: a volley line is lined up in the British fire segment");
  }
  if (absl::Status st = CheckVolleyLine(s, lieutenant, facing, units); !st.ok()) return st;
  for (size_t i = 0; i < units.size(); ++i) {
    if (C(s, units[i]).fired_on_turn == s.turn) {
      return absl::FailedPreconditionError(
          absl::StrFormat("firers[%d]: %s has fired this turn", i, s.specs[units[i]].id));
    }
  }
  s.volley_lines.erase(std::remove_if(s.volley_lines.begin(), s.volley_lines.end(),
                                      [&](const VolleyLine& v) { return v.lieutenant == lieutenant; }),
                       s.volley_lines.end());
  s.volley_lines.push_back({lieutenant, facing, s.turn, C(s, lieutenant).hex, units});
  // 6.1.2.A "The units cannot fire during the turn they are lining up."
  for (int u : units) s.counters[static_cast<size_t>(u)].fired_on_turn = s.turn;
  s.counters[static_cast<size_t>(lieutenant)].fired_on_turn = s.turn;
  return absl::OkStatus();
}

absl::StatusOr<std::vector<FireResult>> VolleyFire(RoarksState& s, Dice& dice, int lieutenant,
                                                   const std::vector<int>& firers) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kBritishFire) {
    return absl::FailedPreconditionError("lieutenant: volley fire is in the British fire segment");
  }
  const auto line = std::find_if(s.volley_lines.begin(), s.volley_lines.end(),
                                 [&](const VolleyLine& v) { return v.lieutenant == lieutenant; });
  if (line == s.volley_lines.end() || line->lined_up_on_turn >= s.turn || !InPlay(s, lieutenant) ||
      C(s, lieutenant).hex != line->lieutenant_hex) {
    return absl::FailedPreconditionError(
        "lieutenant: 6.1.2.A An officer must take one turn to line up the volley line (none lined up "
        "before this turn where he stands)");
  }
  const VolleyLine v = *line;
  if (absl::Status st = CheckVolleyLine(s, lieutenant, v.facing, firers); !st.ok()) return st;
  for (size_t i = 0; i < firers.size(); ++i) {
    if (std::find(v.units.begin(), v.units.end(), firers[i]) == v.units.end()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("firers[%d]: %s was not lined up in this volley line", i, s.specs[firers[i]].id));
    }
    if (C(s, firers[i]).fired_on_turn == s.turn) {
      return absl::FailedPreconditionError(
          absl::StrFormat("firers[%d]: %s has fired this turn", i, s.specs[firers[i]].id));
    }
  }
  // Each hex fires at the unit directly in its path.
  std::map<HexCoord, int> factors_from;
  for (int u : firers) factors_from[C(s, u).hex] += s.specs[static_cast<size_t>(u)].fire;
  std::map<HexCoord, std::pair<int, int>> on_target;  // factors, FDF
  std::vector<HexCoord> order;
  for (const auto& [from, factors] : factors_from) {
    for (HexCoord h = Neighbor(from, v.facing); s.Map().map.Contains(h); h = Neighbor(h, v.facing)) {
      if (!LineOfSight(s, from, h, {})) break;  // a wall or building: this hex's fire is stopped
      const std::optional<Side> held = Holder(s, h);
      if (!held) continue;
      if (*held == Side::kBritish) {
        return absl::FailedPreconditionError(absl::StrFormat(
            "firers: 6.3.C One British unit in front of a volley line blocks the LOS for the entire "
            "line: (%d,%d)",
            h.q, h.r));
      }
      auto [it, fresh] = on_target.insert({h, {0, 0}});
      if (fresh) order.push_back(h);
      it->second.first += factors;
      it->second.second = std::max(it->second.second, FireDefenseFrom(s, from, h));
      break;
    }
  }
  std::vector<FireResult> out;
  for (HexCoord t : order) {
    absl::StatusOr<FireResult> r = Resolve(s, dice, t, on_target[t].first, on_target[t].second);
    if (!r.ok()) return r.status();
    out.push_back(*r);
  }
  for (int u : firers) s.counters[static_cast<size_t>(u)].fired_on_turn = s.turn;
  return out;
}

bool OskarbergMayFire(const RoarksState& s) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kZuluFire || s.oskarberg_fired_turn == s.turn) {
    return false;
  }
  if (s.attacked_from_south || s.suppression >= kFullySuppressed) return false;
  for (int u = 0; u < s.size(); ++u) {
    if (SideOf(s, u) == Side::kZulu && InPlay(s, u) && s.Map().InMainPerimeter(C(s, u).hex)) return false;
  }
  return true;
}

std::vector<int> OskarbergTargets(const RoarksState& s) {
  std::vector<int> out;
  for (int u = 0; u < s.size(); ++u) {
    if (SideOf(s, u) == Side::kBritish && InPlay(s, u) && s.Map().InMainPerimeter(C(s, u).hex)) out.push_back(u);
  }
  return out;
}

absl::StatusOr<OskarbergResult> FireOskarberg(RoarksState& s, Dice& dice, const std::vector<int>& targets) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kZuluFire) {
    return absl::FailedPreconditionError("oskarberg: 3.4.B the Zulu side uses Oskarberg fire in its fire segment");
  }
  if (s.oskarberg_fired_turn == s.turn) {
    return absl::FailedPreconditionError("oskarberg: it has fired this turn");
  }
  if (absl::Status st = CheckHandles(s, targets, "targets"); !st.ok()) return st;
  const std::vector<int> eligible = OskarbergTargets(s);
  for (size_t i = 0; i < targets.size(); ++i) {
    if (std::find(eligible.begin(), eligible.end(), targets[i]) == eligible.end()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "targets[%d]: 6.2.2.1.B %s is not a defender on a roof or in the main area of the perimeter", i,
          s.specs[targets[i]].id));
    }
  }
  OskarbergSituation sit;
  sit.zulu_attack_from_south_edge = s.attacked_from_south;
  sit.zulu_in_main_perimeter = false;
  for (int u = 0; u < s.size(); ++u) {
    if (SideOf(s, u) == Side::kZulu && InPlay(s, u) && s.Map().InMainPerimeter(C(s, u).hex)) {
      sit.zulu_in_main_perimeter = true;
    }
  }
  sit.suppression = s.suppression;
  absl::StatusOr<OskarbergResult> r = OskarbergFire(dice, sit, nullptr, s.options.fire_chart);
  if (!r.ok()) return r.status();
  std::vector<int> order = targets;
  for (int u : eligible) {
    if (std::find(order.begin(), order.end(), u) == order.end()) order.push_back(u);
  }
  for (size_t i = 0; i < r->wounded.size() && i < order.size(); ++i) ApplyDamage(s, order[i], r->wounded[i]);
  s.oskarberg_fired_turn = s.turn;
  return r;
}

absl::StatusOr<int> SuppressOskarbergFire(RoarksState& s, Dice& dice, const std::vector<int>& units) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kBritishFire) {
    return absl::FailedPreconditionError("units: 6.2.2.2 the British suppress in their fire segment");
  }
  if (s.suppression_turn != 0 && s.turn < s.suppression_turn + 2) {
    return absl::FailedPreconditionError("units: 6.2.2.2.A Every other turn the British may apply 60 Fire Factors");
  }
  if (absl::Status st = CheckHandles(s, units, "units"); !st.ok()) return st;
  int factors = 0;
  for (size_t i = 0; i < units.size(); ++i) {
    const int u = units[i];
    const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
    if (spec.side != Side::kBritish || !InPlay(s, u) || spec.fire <= 0) {
      return absl::InvalidArgumentError(absl::StrFormat("units[%d]: %s is no British rifle in play", i, spec.id));
    }
    if (C(s, u).fired_on_turn == s.turn || AimedLastTurn(s, u)) {
      return absl::FailedPreconditionError(
          absl::StrFormat("units[%d]: %s fired this turn or aimed last turn", i, spec.id));
    }
    factors += spec.fire;
  }
  if (factors < kSuppressionFireFactors) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "units: 6.2.2.2.A the British apply 60 Fire Factors against the Oskarberg (%d given)", factors));
  }
  absl::StatusOr<int> level = SuppressOskarberg(dice, s.suppression, nullptr);
  if (!level.ok()) return level.status();
  s.suppression = *level;
  s.suppression_turn = s.turn;
  for (int u : units) {
    // 6.2.2.2.B "nor may those units aim fire at anyone the following turn".
    s.counters[static_cast<size_t>(u)].fired_on_turn = s.turn;
    s.counters[static_cast<size_t>(u)].aimed_on_turn = s.turn;
  }
  return level;
}

}  // namespace impi::roarks
