// An isigaba's move in the Zulu Movement phase. See movement.h.
#include "engine/rulesets/pagano/movement.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/missile.h"

namespace impi::pagano {
namespace {

// Designed: a move is walked in steps this long, each place a footprint
// could stand checked; a stop found between two is placed exactly (to a
// millionth of an inch) by halving.
constexpr double kStep = 0.05;

bool LineFeature(Feature f) {
  return f == Feature::kWall || f == Feature::kBarricade || f == Feature::kPalisade ||
         f == Feature::kRaisedRedoubt || f == Feature::kBarricadeOnEdge;
}

// A British figure within kBehind of the terrain line, edge to edge.
bool Defended(const BattleState& s, const Terrain& t) {
  for (const Unit& b : s.units) {
    if (IsBritishFigure(b) && GapToOutline(FootprintOf(s, b), t) <= kBehind) return true;
  }
  return false;
}

// The isigaba `z` (a copy) stands at p facing `facing`: does its footprint
// overlap another isigaba's, or touch a British figure's?
struct Place {
  bool blocked = false;  // overlaps another isigaba
  bool contact = false;  // touches or overlaps a British figure
};
Place Judge(const BattleState& s, const Unit& z, int self) {
  Place out;
  const Footprint f = FootprintOf(s, z);
  for (size_t h = 0; h < s.units.size(); ++h) {
    if (static_cast<int>(h) == self) continue;
    const Unit& o = s.units[h];
    if (o.off_table) continue;
    if (IsIsigaba(o) && o.figures.fit > 0 && o.side == z.side) {
      // (The walk stops where the gap would close: izigaba end a hair apart.)
      if (Gap(f, FootprintOf(s, o)) == 0) out.blocked = true;
    } else if (IsBritishFigure(o) && o.figures.seriously_wounded == 0 && Gap(f, FootprintOf(s, o)) == 0) {
      out.contact = true;
    }
  }
  return out;
}

}  // namespace

double WalkIsigaba(BattleState& s, int isigaba, const Vec2& to, double most, bool* contact,
                   bool away) {
  Unit& z = s.units[static_cast<size_t>(isigaba)];
  const Vec2 from = z.position;
  const double length = Distance(from, to);
  const double reach = std::max(0.0, std::min(most, length));
  const Vec2 dir = length > 0 ? Vec2((to - from) / length) : Vec2(std::cos(z.facing), std::sin(z.facing));
  if (length > 0 && reach > 0) z.facing = std::atan2(dir.y(), dir.x());
  double done = 0;
  *contact = false;
  Unit probe = z;
  auto judge = [&](double d) {
    probe.position = from + d * dir;
    Place p = Judge(s, probe, isigaba);
    if (away) p.contact = false;  // leaving: the British it passes do not hold it
    return p;
  };
  // An isigaba already in contact with a British figure stays engaged
  // (designed): it does not move.
  if (judge(0).contact) {
    *contact = true;
    return 0;
  }
  for (double d = std::min(kStep, reach); done < reach; d = std::min(d + kStep, reach)) {
    const Place p = judge(d);
    if (p.blocked || p.contact) {
      // Between `done` (free) and d: the first place it meets them.
      double lo = done, hi = d;
      for (int i = 0; i < 40; ++i) {
        const double mid = (lo + hi) / 2;
        const Place q = judge(mid);
        (q.blocked || q.contact ? hi : lo) = mid;
      }
      const Place at = judge(hi);
      *contact = at.contact && !at.blocked;
      done = *contact ? hi : lo;
      break;
    }
    done = d;
  }
  z.position = from + done * dir;
  return done;
}

GroundCrossed GroundOnTheWay(const BattleState& s, const Unit& mover, const Vec2& from,
                             const Vec2& to) {
  GroundCrossed g;
  const double length = Distance(from, to);
  g.first_obstacle = length;
  for (const Terrain& t : s.terrain) {
    if (t.outline.size() < 2) continue;
    const Feature feature = FeatureOf(s, t);
    const double at = FirstCrossing(from, to, t);
    const bool crosses = at >= 0;
    const bool ends_in = IsArea(t) && PointInPolygon(to, t.outline);
    if (LineFeature(feature) && crosses && Defended(s, t)) {
      // "Crosses a normal wall or barricade that is defended by the enemy"
      g.defended_wall = true;
      ++g.obstacles;
      g.first_obstacle = std::min(g.first_obstacle, at * length);
      if (feature == Feature::kRaisedRedoubt || feature == Feature::kBarricadeOnEdge) {
        ++g.obstacles;  // "set in combination": two obstacles, a full move
      }
    }
    if (t.kind == TerrainKind::kRiver && feature == Feature::kDeepWaterCourse && (crosses || ends_in)) {
      g.deep_water = true;
    }
    if (t.kind == TerrainKind::kHill && feature == Feature::kOpen && IsArea(t) &&
        !PointInPolygon(from, t.outline) && (crosses || ends_in)) {
      g.steep_slope = true;  // designed: a hill entered is a steep slope
    }
    if ((t.kind == TerrainKind::kDonga && feature == Feature::kOpen && crosses) ||
        ((feature == Feature::kTopOfTerrace || feature == Feature::kTopOfDongaEdge) && crosses)) {
      g.donga_edge_or_terrace = true;
    }
    if (feature == Feature::kBuilding && (crosses || ends_in || (IsArea(t) && PointInPolygon(from, t.outline)))) {
      g.building = true;  // "Zulu movement is halved if it involves a building"
    }
  }
  (void)mover;
  return g;
}

absl::Status MoveIsigaba(BattleState& s, int isigaba, const Vec2& to, bool end_prone, Dice& dice,
                         EventLog& log, bool away) {
  if (isigaba < 0 || static_cast<size_t>(isigaba) >= s.units.size()) {
    return absl::FailedPreconditionError("the move names no unit of the state");
  }
  const Unit& z0 = s.units[static_cast<size_t>(isigaba)];
  if (!IsIsigaba(z0) || z0.off_table || z0.figures.fit <= 0) {
    return absl::FailedPreconditionError(absl::StrCat(z0.id.str(), " is not an isigaba in the battle"));
  }
  if (z0.status.routed) {
    return absl::FailedPreconditionError(
        absl::StrCat(z0.id.str(), " is routed: it \"must move at their full rate off the map edge\""));
  }
  if (!std::isfinite(to.x()) || !std::isfinite(to.y()) ||
      (s.table.width > 0 && (to.x() < 0 || to.x() > s.table.width || to.y() < 0 || to.y() > s.table.height))) {
    return absl::FailedPreconditionError(absl::StrCat(z0.id.str(), " may not move off the table"));
  }
  const Vec2 from = z0.position;
  const GroundCrossed g = GroundOnTheWay(s, z0, from, to);
  MoveSituation m;
  m.mover = Mover::kZulu;
  m.begins_prone = z0.stance == Stance::kProne;
  m.ends_prone = end_prone;
  m.crosses_defended_wall = g.defended_wall;
  m.crosses_deep_water = g.deep_water;
  m.up_steep_slope = g.steep_slope;
  m.donga_edge_or_terrace = g.donga_edge_or_terrace;
  m.involves_building = g.building;
  Explanation why;
  IMPI_ASSIGN_OR_RETURN(const MoveAllowance a, MovementAllowance(dice, m, log.wanted() ? &why : nullptr));
  MutableOwnState(s);
  Unit& z = s.units[static_cast<size_t>(isigaba)];
  const double length = Distance(from, to);
  double reach = std::min(a.inches, length);
  // A wall or barricade with a British figure behind it: the isigaba goes
  // over only with the move to traverse it ("at least half of their
  // movement remaining when they reach the barricade"); else it stops at it.
  bool stopped_at_cover = false;
  if (g.obstacles > 0 && g.first_obstacle <= reach) {
    const double full = a.inches;
    IMPI_ASSIGN_OR_RETURN(const bool over,
                          MayMeleeAcrossCover(a.inches - g.first_obstacle, full, g.obstacles, nullptr));
    if (!over) {
      reach = std::max(0.0, g.first_obstacle - DepthOf(z.figures.fit, FrontageOf(s, z)) / 2 - 1e-6);
      stopped_at_cover = true;
    }
  }
  bool contact = false;
  const double done = WalkIsigaba(s, isigaba, to, reach, &contact, away);
  z.stance = end_prone ? Stance::kProne : Stance::kUpright;
  PaganoUnit& e = MutableUnitState(s, z);
  // "Melee may not be initiated while in square or prone".
  e.initiated_melee = contact && !end_prone && !away;
  if (log.wanted()) {
    Event& ev = log.Add(EventKind::kMoved, Side::kZulu);
    ev.unit_ids = {z.id.str()};
    ev.path = {from, z.position};
    ev.announce = absl::StrFormat("%s moves %.2f\" of its %.2f\"%s%s.", z.id.str(), done, a.inches,
                                  contact ? ", into contact" : "",
                                  stopped_at_cover ? ", stopping at the cover" : "");
    ev.why = std::move(why);
  }
  return absl::OkStatus();
}

Vec2 AwayFromTheEnemy(const BattleState& s, const Unit& isigaba) {
  const Unit* nearest = nullptr;
  double best = 0;
  for (const Unit& b : s.units) {
    if (!IsBritishFigure(b)) continue;
    const double g = Gap(s, isigaba, b);
    if (nearest == nullptr || g < best) {
      nearest = &b;
      best = g;
    }
  }
  const double w = s.table.width, h = s.table.height;
  Vec2 away;
  if (nearest != nullptr && Distance(nearest->position, isigaba.position) > 1e-9) {
    away = (isigaba.position - nearest->position).normalized();
  } else {
    // The nearest edge.
    const Vec2& p = isigaba.position;
    const double d[4] = {p.x(), w - p.x(), p.y(), h - p.y()};
    const int i = static_cast<int>(std::min_element(d, d + 4) - d);
    away = i == 0 ? Vec2(-1, 0) : i == 1 ? Vec2(1, 0) : i == 2 ? Vec2(0, -1) : Vec2(0, 1);
  }
  // Out to the table's edge along that line.
  double t = std::numeric_limits<double>::infinity();
  const Vec2& p = isigaba.position;
  if (away.x() > 1e-12) t = std::min(t, (w - p.x()) / away.x());
  if (away.x() < -1e-12) t = std::min(t, -p.x() / away.x());
  if (away.y() > 1e-12) t = std::min(t, (h - p.y()) / away.y());
  if (away.y() < -1e-12) t = std::min(t, -p.y() / away.y());
  if (!std::isfinite(t)) t = 0;
  return p + t * away;
}

absl::Status MoveRouted(BattleState& s, int isigaba, Dice& dice, EventLog& log) {
  if (isigaba < 0 || static_cast<size_t>(isigaba) >= s.units.size() ||
      !IsIsigaba(s.units[static_cast<size_t>(isigaba)]) || !s.units[static_cast<size_t>(isigaba)].status.routed ||
      s.units[static_cast<size_t>(isigaba)].off_table) {
    return absl::FailedPreconditionError("not a routed isigaba on the table");
  }
  Unit& z = s.units[static_cast<size_t>(isigaba)];
  const Vec2 from = z.position;
  const Vec2 edge = AwayFromTheEnemy(s, z);
  MoveSituation m;
  m.mover = Mover::kZulu;
  m.begins_prone = z.stance == Stance::kProne;
  Explanation why;
  IMPI_ASSIGN_OR_RETURN(const MoveAllowance a, MovementAllowance(dice, m, log.wanted() ? &why : nullptr));
  z.stance = Stance::kUpright;
  bool contact = false;
  const double done = WalkIsigaba(s, isigaba, edge, a.inches, &contact, /*away=*/true);
  Unit& moved = s.units[static_cast<size_t>(isigaba)];
  const bool left = Distance(moved.position, edge) <= 1e-9;
  if (left) moved.off_table = true;
  if (log.wanted()) {
    Event& ev = log.Add(EventKind::kMoved, Side::kZulu);
    ev.unit_ids = {moved.id.str()};
    ev.path = {from, moved.position};
    ev.why = std::move(why);
    ev.announce = absl::StrFormat("%s routs %.2f\"%s.", moved.id.str(), done,
                                  left ? " and leaves the table" : "");
  }
  return absl::OkStatus();
}

}  // namespace impi::pagano
