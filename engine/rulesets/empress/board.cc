// What Empress reads off the table. See board.h.
#include "engine/rulesets/empress/board.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/empress/empress_state.h"

namespace impi::empress {
namespace {

bool Organised(TerrainKind k) {
  return k == TerrainKind::kBarricade || k == TerrainKind::kMealieBags || k == TerrainKind::kWall ||
         k == TerrainKind::kLaager;
}

bool Polygon(const Terrain& t) { return !t.open && t.outline.size() >= 3; }

}  // namespace

bool Fights(const Unit& u) {
  return u.kind != UnitKind::kInduna && u.kind != UnitKind::kWitchDoctor && u.kind != UnitKind::kOfficer &&
         u.kind != UnitKind::kRunner;
}

double SegmentDistance(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  if (len2 == 0.0) return Distance(p, a);
  const double t = std::clamp((p - a).dot(ab) / len2, 0.0, 1.0);
  return Distance(p, a + t * ab);
}

bool InsideTerrain(const BattleState& s, const Vec2& p, TerrainKind kind) {
  for (const Terrain& t : s.terrain) {
    if (t.kind == kind && Polygon(t) && PointInPolygon(p, t.outline)) return true;
  }
  return false;
}

bool BehindDefences(const BattleState& s, const Unit& u) {
  for (const Terrain& t : s.terrain) {
    if (!Organised(t.kind) || t.outline.empty()) continue;
    if (Polygon(t) && PointInPolygon(u.position, t.outline)) return true;
    for (size_t i = 0; i + 1 < t.outline.size(); ++i) {
      if (SegmentDistance(u.position, t.outline[i], t.outline[i + 1]) <= UnitRadius(u) + 1.0) return true;
    }
  }
  return false;
}

namespace {

// The obstacle of a terrain outline (a polyline if `open`, else a polygon),
// made once a thread and kept while an outline alike is asked for: the
// terrain never changes in play, so a step makes none.
const Obstacle& ObstacleOf(const std::vector<Vec2>& outline, bool open) {
  thread_local std::vector<Obstacle> kept;
  const Obstacle::Shape shape = open ? Obstacle::Shape::kPolyline : Obstacle::Shape::kPolygon;
  for (const Obstacle& o : kept) {
    if (o.shape == shape && o.vertices == outline) return o;
  }
  if (kept.size() >= 256) kept.clear();  // another table's: start afresh
  kept.push_back(open ? Obstacle::Polyline(outline) : Obstacle::Polygon(outline));
  return kept.back();
}

}  // namespace

bool TargetInCover(const BattleState& s, const Vec2& from, const Unit& target) {
  for (const Terrain& t : s.terrain) {
    if (t.cover_class <= 0 || t.outline.size() < 2) continue;
    if (Polygon(t) && PointInPolygon(target.position, t.outline)) return true;
    if (t.open) {
      const double d = std::min(2.0 + UnitRadius(target), Distance(from, target.position));
      if (SegmentHits(StepTowards(target.position, from, d), target.position, ObstacleOf(t.outline, true))) {
        return true;
      }
    }
  }
  return false;
}

namespace {

// Whether the line a-b's box is clear of the outline's box by more than
// the edge tests' slack (1e-6 in geometry.cc; 1e-3 here): then the line
// meets none of its edges and starts inside none of it (SegmentHits is
// false), and the obstacle need not be built.
bool BoxesClear(const std::vector<Vec2>& outline, const Vec2& a, const Vec2& b) {
  Vec2 lo = outline.front(), hi = lo;
  for (const Vec2& v : outline) {
    lo = lo.cwiseMin(v);
    hi = hi.cwiseMax(v);
  }
  constexpr double kSlack = 1e-3;
  return std::max(a.x(), b.x()) + kSlack < lo.x() || hi.x() + kSlack < std::min(a.x(), b.x()) ||
         std::max(a.y(), b.y()) + kSlack < lo.y() || hi.y() + kSlack < std::min(a.y(), b.y());
}

// empress.linear_obstacle.<terrain id> (ParameterOr's first match), 1 when
// not named: the name compared in place, none made.
double LinearObstacleAgreed(const BattleState& s, const std::string& terrain_id) {
  const absl::string_view prefix = kLinearObstaclePrefix;
  for (const Parameter& p : s.parameters) {
    const absl::string_view name = p.name;
    if (name.size() == prefix.size() + terrain_id.size() && absl::StartsWith(name, prefix) &&
        name.substr(prefix.size()) == terrain_id) {
      return p.value;
    }
  }
  return 1.0;
}

}  // namespace

int LinearObstacles(const BattleState& s, const Vec2& a, const Vec2& b) {
  int n = 0;
  for (const Terrain& t : s.terrain) {
    if (!t.open || t.outline.size() < 2 || BoxesClear(t.outline, a, b)) continue;
    // "Player agree on this before or during the game."
    if (LinearObstacleAgreed(s, t.id) == 0.0) continue;
    if (SegmentHits(a, b, ObstacleOf(t.outline, true))) ++n;
  }
  return n;
}

bool SightClear(const BattleState& s, const Vec2& a, const Vec2& b) {
  for (const Terrain& t : s.terrain) {
    if (!t.blocks_los || t.outline.size() < 2 || BoxesClear(t.outline, a, b)) continue;
    const Obstacle& o = ObstacleOf(t.outline, t.open);
    if (!SegmentHits(a, b, o)) continue;
    if (Polygon(t) && (PointInPolygon(a, t.outline) || PointInPolygon(b, t.outline))) continue;
    return false;
  }
  return true;
}

Condition ConditionNow(const BattleState& s, const Unit& u) {
  const EmpressUnit* e = UnitState(s, u);
  if (e != nullptr && e->permanently_shaken) return Condition::kShaken;
  const int start = u.figures.Starting();
  return start > 0 ? ConditionFromLosses(start, u.figures.casualties) : Condition::kSteady;
}

bool OnEdge(const BattleState& s, const Vec2& p) {
  const double eps = 1e-6;
  return p.x() <= eps || p.y() <= eps || p.x() >= s.table.width - eps || p.y() >= s.table.height - eps;
}

Vec2 AlongPath(const std::vector<Vec2>& path, double inches) {
  Vec2 at = path.front();
  for (size_t i = 1; i < path.size(); ++i) {
    const double leg = Distance(at, path[i]);
    if (leg >= inches) return StepTowards(at, path[i], inches);
    inches -= leg;
    at = path[i];
  }
  return at;
}

MoraleSituation MoraleSituationOf(const BattleState& s, const Unit& u) {
  MoraleSituation ms;
  ms.unit = ProfileOf(s, u).morale;
  for (const Unit& o : s.units) {
    if (o.side != u.side || !Active(o) || &o == &u || !InContact(o, u)) continue;
    const Profile op = ProfileOf(s, o);
    // "+ 1 Senior commander attached to unit, ie in base to base contact."
    ms.senior_commander_attached |= CommandOf(s, o) == Command::kSeniorCommander;
    ms.witch_doctor_in_contact |= op.witch_doctor;
  }
  const EmpressUnit* e = UnitState(s, u);
  ms.officer_killed = e != nullptr && e->officer_killed;
  ms.condition = ConditionNow(s, u);
  ms.tests_in_a_row = (e != nullptr ? e->tests_in_a_row : 0) + 1;
  ms.failed_last_move = e != nullptr && e->failures_in_a_row > 0;
  return ms;
}

bool ApplyLastingMorale(const MoraleResult& r, EmpressUnit& e) {
  if (r.outcome == MoraleOutcome::kRetire) {
    e.retire_moves_left = std::max(e.retire_moves_left, r.moves_away);
    e.never_fire |= r.may_not_fire_again;
    e.permanently_shaken |= r.permanently_shaken;
    e.pinned = false;
  } else if (r.outcome == MoraleOutcome::kRout) {
    e.routing = true;
    e.retire_moves_left = 0;
    e.pinned = false;
  }
  return r.outcome == MoraleOutcome::kPinned && !e.Retiring() && !e.routing;
}

void ApplyLosses(BattleState& s, int h, int killed) {
  if (h < 0 || static_cast<size_t>(h) >= s.units.size()) return;
  Unit& u = s.units[static_cast<size_t>(h)];
  const int lost = std::min(killed, u.figures.fit);
  u.figures.fit -= lost;
  u.figures.casualties += lost;
  // Designed (not in the source text): the leader falls when the unit is
  // down to half its figures.
  if (u.leaders > 0 && u.figures.fit * 2 <= u.figures.Starting()) {
    MutableUnitState(s, u).officer_killed = true;
  }
}

void SyncStatus(BattleState& s) {
  if (OwnState(s) == nullptr) {
    for (Unit& u : s.units) SyncUnitStatus(u, nullptr);
    return;
  }
  const EmpressState& own = MutableOwnState(s);
  for (size_t h = 0; h < s.units.size(); ++h) SyncUnitStatus(s.units[h], &own.units[h]);
}

void SyncUnitStatus(Unit& u, const EmpressUnit* e) {
  const int start = u.figures.Starting();
  const Condition c = start > 0 ? ConditionFromLosses(start, u.figures.casualties) : Condition::kSteady;
  u.status.disordered = c == Condition::kDisordered;
  u.status.shaken = c == Condition::kShaken || (e != nullptr && e->permanently_shaken);
  u.status.pinned = e != nullptr && e->pinned;
  u.status.retiring = e != nullptr && e->Retiring();
  u.status.routed = e != nullptr && e->routing;
  u.status.may_not_fire = e != nullptr && e->never_fire;
  u.status.ordered = e != nullptr && e->ordered;
  u.status.limbered = e != nullptr && e->limbered;
  const bool mounted = u.kind == UnitKind::kCavalry || u.kind == UnitKind::kNativeHorse ||
                       u.kind == UnitKind::kMountedInfantry;
  u.stance = u.status.pinned ? Stance::kProne : mounted ? Stance::kMounted : Stance::kUpright;
}

}  // namespace impi::empress
