#include "engine/rulesets/tsatf/context.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

// ---------------------------------------------------------------------------
// Read-only questions of the table.

bool CountsInPool(const Unit& u) {
  return u.side == Side::kZulu &&
         (u.kind == UnitKind::kRegiment || u.kind == UnitKind::kSkirmishers ||
          u.kind == UnitKind::kRifleRegiment);
}

bool IsForce(const Unit& u) {
  return u.side == Side::kZulu && (u.kind == UnitKind::kImpi || u.kind == UnitKind::kSkirmishers);
}

bool IsCavalry(const Unit& u) {
  return u.kind == UnitKind::kCavalry || u.kind == UnitKind::kMountedInfantry ||
         u.kind == UnitKind::kNativeHorse;
}

namespace {

// The Zulu forces of `kind` (IMPI or SKIRMISHERS) on the table, and the
// perimeter markers that bring one (a marker that does not say what it
// brings counts as an impi).
int OnOrMarked(const BattleState& s, UnitKind kind) {
  const bool skirmishers = kind == UnitKind::kSkirmishers;
  int n = 0;
  for (const Unit& u : s.units) {
    if (u.side == Side::kZulu && u.kind == kind && u.OnTable()) ++n;
  }
  for (const Point& p : s.points) {
    if (p.kind == PointKind::kPerimeter && p.marker != Marker::kNone &&
        (p.marked_force == ForceKind::kSkirmishers) == skirmishers) {
      ++n;
    }
  }
  return n;
}

}  // namespace

int ImpisOnOrMarked(const BattleState& s) { return OnOrMarked(s, UnitKind::kImpi); }

int SkirmishersOnTable(const BattleState& s) { return OnOrMarked(s, UnitKind::kSkirmishers); }

bool RifleOnTable(const BattleState& s) {
  for (const Unit& u : s.units) {
    if (u.side == Side::kZulu && u.kind == UnitKind::kRifleRegiment && u.OnTable()) return true;
  }
  return false;
}

bool HasFreeRegiment(const BattleState& s, const Unit& force) {
  if (force.kind != UnitKind::kImpi) return true;
  for (const Unit& u : s.units) {
    if (u.parent == force.id && u.kind == UnitKind::kRegiment && u.OnTable() && !u.status.pinned &&
        !u.status.in_close_combat) {
      return true;
    }
  }
  return false;
}

std::vector<const Unit*> VisibleBritish(const BattleState& s, const Vec2& from) {
  std::vector<const Unit*> out;
  out.reserve(s.units.size());  // one block a call
  for (const Unit& u : s.units) {
    if (!IsBritishOnTable(u)) continue;
    if (ClearSight(s, from, u.position)) out.push_back(&u);  // british_resolution.h
  }
  return out;
}

std::vector<Obstacle> ObstaclesFor(const BattleState& s, const Unit& mover,
                                   const SharedString& target_id) {
  std::vector<Obstacle> out;
  Vec2 start = mover.position;
  for (const Terrain& t : s.terrain) {
    if (!t.impassable || t.outline.size() < 2) continue;
    if (!t.open && t.outline.size() >= 3 && PointInPolygon(start, t.outline)) continue;
    out.push_back(t.open ? Obstacle::Polyline(t.outline) : Obstacle::Polygon(t.outline));
  }
  for (const Unit& u : s.units) {
    if (!u.OnTable() || u.id == mover.id || u.id == target_id || u.parent == mover.id) continue;
    if (u.kind == UnitKind::kImpi) continue;  // groups are their regiments
    if (u.side == Side::kBritish && u.figures.Present() <= 0) continue;
    if (Distance(u.position, start) < kRegimentRadius * 2) continue;  // already beside it
    out.push_back(Obstacle::Disc(u.position, kRegimentRadius));
  }
  return out;
}

namespace {

bool SameObstacle(const Obstacle& a, const Obstacle& b) {
  return a.shape == b.shape && a.vertices == b.vertices && a.center == b.center && a.radius == b.radius &&
         a.boxed == b.boxed && a.box_lo == b.box_lo && a.box_hi == b.box_hi;
}

}  // namespace

Path ZuluPath(const Vec2& from, const Vec2& goal, double max_length, std::vector<Obstacle> obstacles,
              Turn hand, double stop_short) {
  struct Asked {
    bool valid = false;
    Vec2 from, goal;
    double max_length = 0.0, stop_short = 0.0;
    Turn hand = Turn::kLeft;
    std::vector<Obstacle> obstacles;
    Path path;
  };
  thread_local Asked last;
  if (last.valid && last.from == from && last.goal == goal && last.max_length == max_length &&
      last.stop_short == stop_short && last.hand == hand && last.obstacles.size() == obstacles.size() &&
      std::equal(obstacles.begin(), obstacles.end(), last.obstacles.begin(), SameObstacle)) {
    return last.path;
  }
  last.path = PathTowards(from, goal, max_length, obstacles, hand, stop_short);
  last.valid = true;
  last.from = from;
  last.goal = goal;
  last.max_length = max_length;
  last.stop_short = stop_short;
  last.hand = hand;
  last.obstacles = std::move(obstacles);
  return last.path;
}

double DistanceToSegment(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return Distance(p, a + t * ab);
}

// ---------------------------------------------------------------------------
// Explanations and texts.

Explanation Rule(const std::string& section, const std::string& text, const std::string& table,
                 const std::string& row) {
  Explanation e;
  e.rule.source = kSource;
  e.rule.section = section;
  e.rule.table = table;
  e.rule.row = row;
  e.text = text;
  return e;
}

Explanation Designed(const char* table, const std::string& row, const std::string& text) {
  Explanation e = Rule(kSectionDesigned, text, table, row);
  e.rule.designed = true;
  return e;
}

std::string Inches(double d) { return absl::StrFormat("%.1f\"", d); }

std::string Count(int n, const std::string& noun) {
  return absl::StrCat(n, " ", noun, n == 1 ? "" : "s");
}

std::string At(const Vec2& p) { return absl::StrFormat("(%.1f, %.1f)", p.x(), p.y()); }

void AddUnique(std::vector<std::string>& v, const std::string& id) {
  if (std::find(v.begin(), v.end(), id) == v.end()) v.push_back(id);
}

void AddUnique(std::vector<SharedString>& v, const SharedString& id) {
  if (std::find(v.begin(), v.end(), id) == v.end()) v.push_back(id);
}

// ---------------------------------------------------------------------------
// The umpire's book.

Event& Context::Decision(EventKind kind, const Explanation& why) {
  Event& e = log_.Add(kind, Side::kZulu);
  e.decision = true;
  if (log_.wanted()) {
    e.why = why;
  } else {
    // A quiet log is told nothing (event.h) but the rule's section, which
    // the procedure reads back (a TEMPTATION rolled in a move).
    e.why.rule.section = why.rule.section;
  }
  return e;
}

int Context::Available() {
  return std::max(0, std::min(own().force_pool,
                              own().scenario_total - own().committed));
}

void Context::Commit(int regiments) {
  own().force_pool -= regiments;
  own().committed += regiments;
}

bool Context::Resolving() const { return ResolvesBritish(s_); }

int Context::StandTarget() const {
  return static_cast<int>(s_.ParameterOr(kStandTargetParam, kDefaultStandTarget));
}

int Context::CriticalTarget() const {
  return static_cast<int>(s_.ParameterOr(kCriticalMoraleTargetParam, kDefaultCriticalMoraleTarget));
}

void Context::RecenterImpi(const std::string& impi_id) {
  Unit* impi = s_.FindUnit(impi_id);
  if (impi == nullptr) return;
  Vec2 sum = Vec2::Zero();
  int n = 0;
  for (const Unit& u : s_.units) {
    // ZULU MORALE: a pinned regiment is apart from its impi until it recovers
    // and "will move to rejoin its Impi".
    if (u.parent == impi_id && u.kind == UnitKind::kRegiment && u.OnTable() && !u.status.pinned) {
      sum += u.position;
      ++n;
    }
  }
  if (n > 0) impi->position = sum / n;
}

void Context::RemoveUnit(const std::string& id, const std::string& why, bool recycle) {
  int idx = s_.UnitIndex(id);
  if (idx < 0) return;
  // The bookkeeping stays parallel to the units: erased at the same place.
  TsatfState& book = MutableOwnState(s_);
  Unit gone = std::move(s_.units[idx]);  // erased next
  s_.units.erase(s_.units.begin() + idx);
  book.units.erase(book.units.begin() + idx);
  book.ids.erase(book.ids.begin() + idx);
  Event& e = log_.Add(EventKind::kUnitRemoved, gone.side);
  if (log_.wanted()) {  // a quiet log is told nothing (event.h)
    e.unit_ids = {id};
    e.why = Rule("ZULU MORALE", absl::StrCat(id, " is removed from the table: ", why));
    e.announce = absl::StrCat("The ", gone.name.empty() ? UnitKindName(gone.kind) : gone.name.str(), " ",
                              id, " is removed from the table.");
  }
  if (recycle && CountsInPool(gone)) {
    ++own().force_pool;
    Event& r = log_.Add(EventKind::kRecycled, Side::kZulu);
    r.umpire_only = true;
    if (log_.wanted()) {
      r.unit_ids = {id};
      r.why = Rule("SCENARIO DESIGN", absl::StrCat(id, " returns to the force pool (now ",
                                                   own().force_pool, ")."));
    }
  }
  if (gone.kind == UnitKind::kImpi) {
    // The impi's own regiments and induna go with it.
    std::vector<std::string> members;
    for (const Unit& u : s_.units) {
      if (u.parent == id) members.push_back(u.id);
    }
    for (const std::string& m : members) RemoveUnit(m, "its impi is gone", recycle);
    return;
  }
  if (gone.kind == UnitKind::kRegiment && !gone.parent.empty()) {
    bool any = false;
    for (const Unit& u : s_.units) {
      any |= (u.parent == gone.parent && u.kind == UnitKind::kRegiment);
    }
    if (!any) {
      RemoveUnit(gone.parent, "it has no regiments left", recycle);
    } else {
      RecenterImpi(gone.parent);
    }
  }
}

}  // namespace impi::tsatf
