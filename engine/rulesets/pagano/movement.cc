// An isigaba's move in the Zulu Movement phase. See movement.h.
#include "engine/rulesets/pagano/movement.h"

#include <algorithm>
#include <cmath>
#include <vector>
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
// An enemy of `mover` within kBehind of the terrain line: a British figure
// against a Zulu, an isigaba in the battle against a British figure.
bool Defended(const BattleState& s, const Terrain& t, const Unit& mover) {
  for (const Unit& b : s.units) {
    const bool enemy = mover.side == Side::kZulu
                           ? IsBritishFigure(b)
                           : b.side == Side::kZulu && IsIsigaba(b) && !b.off_table && b.figures.fit > 0;
    if (enemy && GapToOutline(FootprintOf(s, b), t) <= kBehind) return true;
  }
  return false;
}

// The isigaba `z` (a copy) stands at p facing `facing`: does its footprint
// overlap another isigaba's, or touch a British figure's?
struct Place {
  bool blocked = false;  // overlaps a unit it may not pass
  bool contact = false;  // touches or overlaps an enemy it fights
  // At most the least gap to a unit that bars or meets it (a lower bound:
  // a move this long closes no gap).
  double clearance = INFINITY;
};
// Whether `o` is a standing British figure or piece a British mover may not
// walk through (a casualty lies beside the medical corps: no bar).
bool BritishBody(const Unit& o) {
  if (o.off_table || o.side != Side::kBritish) return false;
  if (IsPiece(o) || o.kind == UnitKind::kWagon) {
    return true;
  }
  return IsBritishFigure(o) && o.figures.seriously_wounded == 0;
}
// The mover `z` (a copy at the place to judge): an isigaba is barred by the
// izigaba of its side and meets the British figures; a British figure is
// barred by the British around it (designed: bases do not overlap) and
// meets the Zulu izigaba and indunas. `carried` is the casualty a British
// figure carries (no bar).
Place Judge(const BattleState& s, const Unit& z, int self, int carried) {
  Place out;
  const Footprint f = FootprintOf(s, z);
  const bool zulu_isigaba = IsIsigaba(z) && z.side == Side::kZulu;
  for (size_t h = 0; h < s.units.size(); ++h) {
    if (static_cast<int>(h) == self || static_cast<int>(h) == carried) continue;
    const Unit& o = s.units[h];
    if (o.off_table) continue;
    bool bar = false, meet = false;
    const bool enemy_isigaba = IsIsigaba(o) && o.figures.fit > 0 && o.side != z.side && !o.status.routed;
    if (z.kind == UnitKind::kInduna) {
      // A figure among his izigaba: nothing of his side bars him.
      meet = (IsBritishFigure(o) && o.figures.seriously_wounded == 0) || enemy_isigaba;
    } else if (zulu_isigaba) {
      bar = IsIsigaba(o) && o.figures.fit > 0 && o.side == z.side;
      // The British figures, and the NNC ("treated as Zulus": an isigaba).
      meet = (IsBritishFigure(o) && o.figures.seriously_wounded == 0) || enemy_isigaba;
    } else {
      // A British figure, or an NNC isigaba, which may not interpenetrate
      // another NNC isigaba either.
      bar = BritishBody(o) || (IsIsigaba(z) && IsIsigaba(o) && o.figures.fit > 0 && o.side == z.side);
      meet = o.side == Side::kZulu && !o.status.routed && o.figures.fit + o.figures.wounded > 0 &&
             (IsIsigaba(o) || o.kind == UnitKind::kInduna);
    }
    if (!bar && !meet) continue;
    // Far apart (their bounding circles): the gap is at least the space
    // between the circles, and no exact gap is needed.
    const Footprint g = FootprintOf(s, o);
    const double apart = Distance(f.centre, g.centre) - BoundingRadius(f) - BoundingRadius(g);
    if (apart > 0) {
      out.clearance = std::min(out.clearance, apart);
      continue;
    }
    // (The walk stops where the gap would close: units end a hair apart.)
    const double gap = Gap(f, g);
    out.clearance = std::min(out.clearance, gap);
    if (gap == 0) {
      out.blocked |= bar;
      out.contact |= meet;
    }
  }
  return out;
}

// Walks the unit at `handle` towards `to` (WalkIsigaba's walk, for any
// mover), `carried` going with it.
double Walk(BattleState& s, int handle, const Vec2& to, double most, bool* contact, bool away,
            int carried) {
  Unit& z = s.units[static_cast<size_t>(handle)];
  const Vec2 from = z.position;
  const double length = Distance(from, to);
  const double reach = std::max(0.0, std::min(most, length));
  const Vec2 dir = length > 0 ? Vec2((to - from) / length) : FacingDirection(z.facing);
  if (length > 0 && reach > 0) z.facing = FacingDegrees(dir);
  double done = 0;
  *contact = false;
  Unit probe = z;
  auto judge = [&](double d) {
    probe.position = from + d * dir;
    Place p = Judge(s, probe, handle, carried);
    if (away) p.contact = false;  // leaving: the enemy it passes do not hold it
    return p;
  };
  // A unit already in contact with the enemy stays engaged (designed): it
  // does not move.
  const Place at_start = judge(0);
  if (at_start.contact) {
    *contact = true;
    return 0;
  }
  // Each step at most the clearance before it (no gap closes within it),
  // and at least kStep.
  double step = std::max(kStep, at_start.clearance);
  for (double d = std::min(step, reach); done < reach; d = std::min(d + step, reach)) {
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
    step = std::max(kStep, p.clearance);
  }
  z.position = from + done * dir;
  if (carried >= 0) s.units[static_cast<size_t>(carried)].position = z.position;
  return done;
}

// MOVEMENT's situation for `mover` on the ground a way crosses.
MoveSituation SituationOn(const GroundCrossed& g, Mover mover) {
  MoveSituation m;
  m.mover = mover;
  m.crosses_defended_wall = g.defended_wall;
  m.crosses_deep_water = g.deep_water;
  m.up_steep_slope = g.steep_slope;
  m.donga_edge_or_terrace = g.donga_edge_or_terrace;
  m.involves_building = g.building;
  m.rough_or_swampy = g.rough_or_swampy;
  m.rocky_slope = g.rocky_slope;
  m.via_dirt_track = g.via_dirt_track;
  return m;
}

}  // namespace

double WalkIsigaba(BattleState& s, int isigaba, const Vec2& to, double most, bool* contact,
                   bool away) {
  return Walk(s, isigaba, to, most, contact, away, kNoUnit);
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
    if (LineFeature(feature) && crosses && Defended(s, t, mover)) {
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
    // Designed: a marsh is swampy, scrub and woods rough ground; rocks
    // entered are a rocky slope.
    if ((t.kind == TerrainKind::kMarsh || t.kind == TerrainKind::kScrub || t.kind == TerrainKind::kWoods) &&
        (crosses || ends_in)) {
      g.rough_or_swampy = true;
    }
    if (t.kind == TerrainKind::kRocks && (crosses || ends_in)) g.rocky_slope = true;
    // Designed: a move from one point of a road to another within 1" of it
    // is "via a good dirt track".
    if (t.kind == TerrainKind::kRoad) {
      Footprint a, b;
      a.centre = from;
      b.centre = to;
      if (GapToOutline(a, t) <= 1.0 && GapToOutline(b, t) <= 1.0) g.via_dirt_track = true;
    }
  }
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
  MoveSituation m = SituationOn(g, Mover::kZulu);
  m.begins_prone = z0.stance == Stance::kProne;
  m.ends_prone = end_prone;
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

absl::Status MoveFigure(BattleState& s, int figure, const Vec2& to, Dice& dice, EventLog& log) {
  KeyOwnState(s);  // the handles inside entries read against these units
  if (figure < 0 || static_cast<size_t>(figure) >= s.units.size()) {
    return absl::FailedPreconditionError("the move names no unit of the state");
  }
  const Unit& u0 = s.units[static_cast<size_t>(figure)];
  const bool piece = IsPiece(u0) || u0.kind == UnitKind::kWagon;
  if (IsBritishFigureKind(u0) && !u0.off_table && u0.figures.seriously_wounded > 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(u0.id.str(), ": \"Casualties awaiting medical care may not move on their own\""));
  }
  if (u0.side != Side::kBritish || u0.off_table || (!piece && !IsBritishFigure(u0))) {
    return absl::FailedPreconditionError(absl::StrCat(u0.id.str(), " is not a British figure in the battle"));
  }
  const PaganoUnit* e0 = UnitState(s, u0);
  if (e0 != nullptr && e0->jammed) {
    return absl::FailedPreconditionError(absl::StrCat(
        u0.id.str(), " is jammed: \"One Brit movement and fire phase must be spent clearing it (with no "
                     "movement during the movement phase)\""));
  }
  if (!std::isfinite(to.x()) || !std::isfinite(to.y()) ||
      (s.table.width > 0 && (to.x() < 0 || to.x() > s.table.width || to.y() < 0 || to.y() > s.table.height))) {
    return absl::FailedPreconditionError(absl::StrCat(u0.id.str(), " may not move off the table"));
  }
  if (e0 != nullptr && e0->move_spent >= 2) {
    return absl::FailedPreconditionError(absl::StrCat(u0.id.str(), " has spent its move this phase"));
  }
  const int carried = e0 != nullptr ? e0->carrying : kNoUnit;
  const bool half_left = e0 != nullptr && e0->move_spent == 1;
  const GroundCrossed g = GroundOnTheWay(s, u0, u0.position, to);
  const bool mounted = u0.stance == Stance::kMounted;
  Mover mover = mounted ? Mover::kMounted : Mover::kFoot;
  if (piece && u0.kind != UnitKind::kRockets) {
    mover = u0.status.limbered ? Mover::kLimbered : Mover::kByHand;
  }
  MoveSituation m = SituationOn(g, mover);
  m.assisting_casualties = carried != kNoUnit;
  Explanation why;
  IMPI_ASSIGN_OR_RETURN(const MoveAllowance a, MovementAllowance(dice, m, log.wanted() ? &why : nullptr));
  MutableOwnState(s);
  const Vec2 from = u0.position;
  // The medical corps' casualties: those beside it where it starts.
  std::vector<int> beside;
  if (u0.kind == UnitKind::kSurgeon) {
    for (size_t h = 0; h < s.units.size(); ++h) {
      const Unit& c = s.units[h];
      if (static_cast<int>(h) != figure && c.side == Side::kBritish && !c.off_table &&
          c.figures.seriously_wounded > 0 && Gap(s, c, u0) <= 1.0 && static_cast<int>(h) != carried) {
        beside.push_back(static_cast<int>(h));
      }
    }
  }
  bool contact = false;
  const double allowance = half_left ? a.inches / 2 : a.inches;
  const double done = Walk(s, figure, to, allowance, &contact, /*away=*/false, carried);
  MutableUnitState(s, s.units[static_cast<size_t>(figure)]).move_spent = 2;
  if (u0.kind == UnitKind::kSurgeon && done > a.inches / 2 + 1e-9) {
    for (const int h : beside) {
      Unit& c = s.units[static_cast<size_t>(h)];
      c.figures.seriously_wounded = 0;
      c.figures.casualties = 1;
    }
  }
  if (log.wanted()) {
    const Unit& u = s.units[static_cast<size_t>(figure)];
    Event& ev = log.Add(EventKind::kMoved, Side::kBritish);
    ev.unit_ids = {u.id.str()};
    ev.path = {from, u.position};
    ev.why = std::move(why);
    ev.announce = absl::StrFormat("%s moves %.2f\" of its %.2f\"%s.", u.id.str(), done, allowance,
                                  contact ? ", into contact" : "");
  }
  return absl::OkStatus();
}

bool MountedKind(const Unit& u) {
  return u.kind == UnitKind::kMountedInfantry || u.kind == UnitKind::kCavalry ||
         u.kind == UnitKind::kNativeHorse || u.kind == UnitKind::kRockets;
}

namespace {

// Designed: a fortified position is a building, or within 1" of a wall, a
// barricade or the redoubt.
bool Fortified(const BattleState& s, const Unit& u) {
  if (BuildingOf(s, u) != nullptr) return true;
  const Footprint f = FootprintOf(s, u);
  for (const Terrain& t : s.terrain) {
    if (LineFeature(FeatureOf(s, t)) && GapToOutline(f, t) <= kBehind) return true;
  }
  return false;
}

void Tell(BattleState& s, EventLog& log, const std::vector<int>& who, const char* section,
          const std::string& row, const std::string& text) {
  if (!log.wanted()) return;
  Event& ev = log.Add(EventKind::kBritishAction, Side::kBritish);
  for (const int h : who) ev.unit_ids.push_back(s.units[static_cast<size_t>(h)].id.str());
  ev.why.rule.source = kSource;
  ev.why.rule.section = section;
  ev.why.rule.row = row;
  ev.announce = text;
}

// Checks a party to (dis)mount: British figures of a mounted kind in the
// battle, each `mounted` or not as asked, with half a move left.
absl::Status CheckParty(const BattleState& s, const std::vector<int>& figures, bool mounted) {
  if (figures.empty()) return absl::FailedPreconditionError("no figures named");
  for (const int h : figures) {
    if (h < 0 || static_cast<size_t>(h) >= s.units.size()) {
      return absl::FailedPreconditionError("a figure named is no unit of the state");
    }
    const Unit& u = s.units[static_cast<size_t>(h)];
    if (!IsBritishFigure(u) || !MountedKind(u) || u.figures.seriously_wounded > 0) {
      return absl::FailedPreconditionError(absl::StrCat(u.id.str(), " is not a mounted British figure in the battle"));
    }
    if ((u.stance == Stance::kMounted) != mounted) {
      return absl::FailedPreconditionError(absl::StrCat(u.id.str(), mounted ? " is not mounted" : " is mounted already"));
    }
    const PaganoUnit* e = UnitState(s, u);
    if (e != nullptr && e->move_spent > 0) {
      return absl::FailedPreconditionError(
          absl::StrCat(u.id.str(), ": \"A half move is required to mount or dismount\" and it has not half a move left"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status MoveInduna(BattleState& s, int induna, const Vec2& to, Dice& dice, EventLog& log) {
  if (induna < 0 || static_cast<size_t>(induna) >= s.units.size()) {
    return absl::FailedPreconditionError("the move names no unit of the state");
  }
  const Unit& i0 = s.units[static_cast<size_t>(induna)];
  if (i0.kind != UnitKind::kInduna || i0.side != Side::kZulu || i0.off_table ||
      i0.figures.fit + i0.figures.wounded <= 0) {
    return absl::FailedPreconditionError(absl::StrCat(i0.id.str(), " is not an induna in the battle"));
  }
  if (!std::isfinite(to.x()) || !std::isfinite(to.y()) ||
      (s.table.width > 0 && (to.x() < 0 || to.x() > s.table.width || to.y() < 0 || to.y() > s.table.height))) {
    return absl::FailedPreconditionError(absl::StrCat(i0.id.str(), " may not move off the table"));
  }
  KeyOwnState(s);
  const GroundCrossed g = GroundOnTheWay(s, i0, i0.position, to);
  MoveSituation m = SituationOn(g, i0.stance == Stance::kMounted ? Mover::kMounted : Mover::kFoot);
  Explanation why;
  IMPI_ASSIGN_OR_RETURN(const MoveAllowance a, MovementAllowance(dice, m, log.wanted() ? &why : nullptr));
  const Vec2 from = i0.position;
  bool contact = false;
  const double done = Walk(s, induna, to, a.inches, &contact, /*away=*/false, kNoUnit);
  if (log.wanted()) {
    const Unit& u = s.units[static_cast<size_t>(induna)];
    Event& ev = log.Add(EventKind::kMoved, Side::kZulu);
    ev.unit_ids = {u.id.str()};
    ev.path = {from, u.position};
    ev.why = std::move(why);
    ev.announce = absl::StrFormat("%s moves %.2f\" of his %.2f\"%s.", u.id.str(), done, a.inches,
                                  contact ? ", into contact" : "");
  }
  return absl::OkStatus();
}

void NewMovementPhase(BattleState& s) {
  if (s.ruleset_state.get_if<PaganoState>() == nullptr) return;
  for (PaganoUnit& e : MutableOwnState(s).units) e.move_spent = 0;
}

absl::Status Dismount(BattleState& s, const std::vector<int>& figures, EventLog& log) {
  KeyOwnState(s);  // the handles inside entries read against these units
  IMPI_RETURN_IF_ERROR(CheckParty(s, figures, /*mounted=*/true));
  std::vector<int> party = figures;
  std::sort(party.begin(), party.end());
  party.erase(std::unique(party.begin(), party.end()), party.end());
  bool fortified = true;
  for (const int h : party) fortified &= Fortified(s, s.units[static_cast<size_t>(h)]);
  Explanation why;
  IMPI_ASSIGN_OR_RETURN(const Dismounted d, pagano::Dismount(static_cast<int>(party.size()), fortified,
                                                             log.wanted() ? &why : nullptr));
  MutableOwnState(s);
  for (size_t i = 0; i < party.size(); ++i) {
    Unit& u = s.units[static_cast<size_t>(party[i])];
    PaganoUnit& e = MutableUnitState(s, u);
    u.stance = Stance::kDismounted;
    e.horse_holder = static_cast<int>(i) >= d.foot;
    e.move_spent = 1;
  }
  Tell(s, log, party, kSectionMovement, why.rule.row,
       absl::StrFormat("%d dismount: %d on foot, %d holding the horses.", static_cast<int>(party.size()),
                       d.foot, d.horse_holders));
  return absl::OkStatus();
}

absl::Status Mount(BattleState& s, const std::vector<int>& figures, EventLog& log) {
  KeyOwnState(s);  // the handles inside entries read against these units
  IMPI_RETURN_IF_ERROR(CheckParty(s, figures, /*mounted=*/false));
  MutableOwnState(s);
  for (const int h : figures) {
    Unit& u = s.units[static_cast<size_t>(h)];
    PaganoUnit& e = MutableUnitState(s, u);
    u.stance = Stance::kMounted;
    e.horse_holder = false;
    e.move_spent = 1;
  }
  Tell(s, log, figures, kSectionMovement, "A half move is required to mount or dismount.",
       absl::StrFormat("%d mount.", static_cast<int>(figures.size())));
  return absl::OkStatus();
}

absl::Status Limber(BattleState& s, int piece, bool limber, EventLog& log) {
  KeyOwnState(s);  // the handles inside entries read against these units
  if (piece < 0 || static_cast<size_t>(piece) >= s.units.size()) {
    return absl::FailedPreconditionError("names no unit of the state");
  }
  Unit& u = s.units[static_cast<size_t>(piece)];
  const bool gun = u.kind == UnitKind::kGun || u.kind == UnitKind::kGatling;
  if (u.side != Side::kBritish || u.off_table || !(gun || u.kind == UnitKind::kRockets)) {
    return absl::FailedPreconditionError(absl::StrCat(u.id.str(), " is not a gun, Gatling or rockets"));
  }
  if (u.status.limbered == limber) {
    return absl::FailedPreconditionError(absl::StrCat(u.id.str(), limber ? " is limbered already" : " is not limbered"));
  }
  const PaganoUnit* e = UnitState(s, u);
  const int spent = e != nullptr ? e->move_spent : 0;
  if ((gun && spent > 0) || spent > 1) {
    return absl::FailedPreconditionError(absl::StrCat(
        u.id.str(), gun ? ": \"A fall movement phase is required for cannons and gattling guns to limber or unlimber\""
                        : ": \"Half a move is needed to 'limber' or 'unlimber'\""));
  }
  u.status.limbered = limber;
  MutableUnitState(s, s.units[static_cast<size_t>(piece)]).move_spent = gun ? 2 : spent + 1;
  Tell(s, log, {piece}, kSectionMovement,
       gun ? "A fall movement phase is required for cannons and gattling guns to limber or unlimber."
           : "Half a move is needed to 'limber' or 'unlimber'",
       absl::StrCat(u.id.str(), limber ? " limbers." : " unlimbers."));
  return absl::OkStatus();
}

absl::Status ClearJam(BattleState& s, int gatling, EventLog& log) {
  KeyOwnState(s);  // the handles inside entries read against these units
  if (gatling < 0 || static_cast<size_t>(gatling) >= s.units.size()) {
    return absl::FailedPreconditionError("names no unit of the state");
  }
  Unit& u = s.units[static_cast<size_t>(gatling)];
  const PaganoUnit* e = UnitState(s, u);
  if (u.kind != UnitKind::kGatling || e == nullptr || !e->jammed) {
    return absl::FailedPreconditionError(absl::StrCat(u.id.str(), " is not a jammed Gattling Gun"));
  }
  if (e->move_spent > 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(u.id.str(), " has moved: the clearing takes the phase \"with no movement\""));
  }
  if (e->clearing) {
    return absl::FailedPreconditionError(absl::StrCat(u.id.str(), " is being cleared already"));
  }
  PaganoUnit& me = MutableUnitState(s, u);
  me.clearing = true;  // jammed still, through the next Brit fire phase
  me.move_spent = 2;
  Tell(s, log, {gatling}, kSectionMissile,
       "One Brit movement and fire phase must be spent clearing it (with no movement during the movement phase).",
       absl::StrCat(u.id.str(), " is cleared."));
  return absl::OkStatus();
}

void EndBritishFire(BattleState& s) {
  if (s.ruleset_state.get_if<PaganoState>() == nullptr) return;
  for (PaganoUnit& e : MutableOwnState(s).units) {
    if (e.clearing) e.jammed = e.clearing = false;
  }
}

std::optional<Vec2> NearestCover(const BattleState& s, const Unit& isigaba, double most) {
  const Vec2 from = isigaba.position;
  const Unit* enemy = NearestEnemy(s, isigaba, nullptr);
  std::optional<Vec2> best;
  double best_d = 0;
  for (const Terrain& t : s.terrain) {
    const Feature f = FeatureOf(s, t);
    if (!IsArea(t) || !(f == Feature::kBrush || f == Feature::kZuluHut || f == Feature::kBoulders)) continue;
    Vec2 spot = from;
    if (!PointInPolygon(from, t.outline)) {
      // The nearest point of its outline, then 1/2" on into the area.
      double d = INFINITY;
      const size_t n = t.outline.size();
      for (size_t i = 0; i < n; ++i) {
        const Vec2& a = t.outline[i];
        const Vec2& b = t.outline[(i + 1) % n];
        const Vec2 ab = b - a;
        const double len2 = ab.squaredNorm();
        const double k = len2 > 0 ? std::clamp((from - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
        const Vec2 q = a + k * ab;
        if (Distance(from, q) < d) {
          d = Distance(from, q);
          spot = q;
        }
      }
      const Vec2 in = spot - from;
      if (in.norm() > 1e-9) spot += 0.5 * in.normalized();
      if (!PointInPolygon(spot, t.outline)) continue;
    }
    const double d = Distance(from, spot);
    if (d > most) continue;
    if (enemy != nullptr && Distance(spot, enemy->position) < Distance(from, enemy->position) - 1e-9) {
      continue;  // "may not move towards the enemy"
    }
    if (!best.has_value() || d < best_d) {
      best = spot;
      best_d = d;
    }
  }
  return best;
}

std::vector<Vec2> IsigabaMoveCandidates(const BattleState& s, const Unit& isigaba, int nearest) {
  std::vector<Vec2> out = {isigaba.position};
  std::vector<std::pair<double, const Unit*>> british;  // the enemy (an NNC isigaba's: the Zulus)
  for (const Unit& b : s.units) {
    if (IsEnemyOf(isigaba, b)) british.push_back({Gap(s, isigaba, b), &b});
  }
  std::stable_sort(british.begin(), british.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  auto add = [&](const Vec2& p) {
    for (const Vec2& q : out) {
      if (q == p) return;
    }
    out.push_back(p);
  };
  for (size_t i = 0; i < british.size() && static_cast<int>(i) < nearest; ++i) {
    add(british[i].second->position);
  }
  if (!british.empty()) add(AwayFromTheEnemy(s, isigaba));
  return out;
}

Vec2 AwayFromTheEnemy(const BattleState& s, const Unit& isigaba) {
  const Unit* nearest = NearestEnemy(s, isigaba, nullptr);
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
  // Held on the table exactly (the edge, not a rounding past it).
  Vec2 edge = p + t * away;
  if (w > 0 && h > 0) {
    edge.x() = std::clamp(edge.x(), 0.0, w);
    edge.y() = std::clamp(edge.y(), 0.0, h);
  }
  return edge;
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
