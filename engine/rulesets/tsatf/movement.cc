#include "engine/rulesets/tsatf/movement.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

namespace {

constexpr double kSkirmishStandoff = 4.0;  // "remain at 1" from its target" (centre to centre)
// SKIRMISHING ZULU REGIMENTS, Notes, as printed: the skirmishers' own rows.
constexpr char kRowSkirmishersTowards[] =
    "will always move 3 dice towards the nearest British unit";
constexpr char kRowSkirmishersRound[] =
    "It will remain at 1\" from its target unit but will move during the turn on a Zulu move card "
    "3 D6 in the direction of it's hand";

}  // namespace

const char* ZuluCardRefusal(const BattleState& s, const Unit& u) {
  if (!IsForce(u)) return "is not an impi or a skirmishing regiment: only they test and move on Zulu move cards";
  if (!u.OnTable()) return "is not on the table";
  if (u.status.acted) return "has moved this turn";
  if (u.status.pinned) return "is pinned";
  if (u.status.in_close_combat) return "is locked in close combat";
  if (!HasFreeRegiment(s, u)) return "has no regiment free to move: every one is pinned or locked in close combat";
  return nullptr;
}

// DURING MOVEMENT: "When a Zulu movement card is drawn, test each Impi to see
// if it moves ... Any Zulu units or Impis that did not move during the first
// two cards will move during the last Zulu card."
absl::Status Movement::ZuluMoveCard(bool last_card) {
  std::vector<std::string> forces;
  for (const Unit& u : s_.units) {
    if (ZuluCardRefusal(s_, u) == nullptr) forces.push_back(u.id);
  }
  for (const std::string& id : forces) {
    const Unit* u = s_.FindUnit(id);
    if (u == nullptr || u->status.acted) continue;
    bool now = last_card;
    if (!last_card) IMPI_RETURN_IF_ERROR(MoveTest(id, 0, &now));
    if (now) IMPI_RETURN_IF_ERROR(MoveForce(id));
  }
  std::vector<int> markers;
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.marker == Marker::kThisTurn) markers.push_back(p.number);
  }
  for (int number : markers) {
    bool now = last_card;
    if (!last_card) IMPI_RETURN_IF_ERROR(MoveTest("", number, &now));
    if (now) IMPI_RETURN_IF_ERROR(EnterMarker(number));
  }
  return absl::OkStatus();
}

absl::Status Movement::MoveTest(const std::string& unit_id, int perimeter_point, bool* now) {
  // A quiet log is told nothing (event.h); a die's purpose is read by a log
  // of rolls or a script that runs out.
  const bool told = log_.wanted();
  std::string what;
  if (told || dice_.keeps_rolls() || dice_.scripted()) {
    what = unit_id.empty() ? absl::StrCat("the \"this turn\" marker at perimeter point ", perimeter_point)
                           : unit_id;
  }
  Explanation why;
  *now = MoveNow(dice_, what, told ? &why : nullptr);
  Event& e = c_.Decision(EventKind::kMoveTest, why);
  e.umpire_only = true;
  if (told && !unit_id.empty()) e.unit_ids = {unit_id};
  if (perimeter_point > 0) {
    e.point = perimeter_point;
    e.point_kind = PointKind::kPerimeter;
  }
  return absl::OkStatus();
}

void Movement::TranslateForce(Unit& force, const Vec2& wanted) {
  std::string id = force.id;
  // A pinned regiment stays where it is (ZULU MORALE: it rejoins its impi
  // when it recovers), and so does one "locked" in a close combat (Facing
  // Direction).
  auto moves = [&](const Unit& u) {
    return u.parent == id && u.OnTable() && !u.status.pinned && !u.status.in_close_combat;
  };
  // The formation keeps its shape: the move stops where its first unit
  // would leave the table (designed), rather than squashing it on the edge.
  double lo_x = -1e300, hi_x = 1e300, lo_y = -1e300, hi_y = 1e300;
  for (const Unit& u : s_.units) {
    if (!moves(u)) continue;
    const double r = FootprintOf(u.kind).Radius();
    lo_x = std::max(lo_x, std::min(0.0, r - u.position.x()));
    hi_x = std::min(hi_x, std::max(0.0, s_.table.width - r - u.position.x()));
    lo_y = std::max(lo_y, std::min(0.0, r - u.position.y()));
    hi_y = std::min(hi_y, std::max(0.0, s_.table.height - r - u.position.y()));
  }
  const Vec2 delta(std::clamp(wanted.x(), std::min(lo_x, hi_x), std::max(lo_x, hi_x)),
                   std::clamp(wanted.y(), std::min(lo_y, hi_y), std::max(lo_y, hi_y)));
  force.position += delta;
  for (Unit& u : s_.units) {
    if (moves(u)) u.position += delta;
  }
  Unit* f = s_.FindUnit(id);
  f->position = ClampToTable(f->position, s_.table.width, s_.table.height);
}

absl::Status Movement::MoveForce(const std::string& unit_id) {
  Unit* f = s_.FindUnit(unit_id);
  if (f == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  const bool skirmishers = f->kind == UnitKind::kSkirmishers;
  Turn hand = c_.U(*f).hand == Hand::kRight ? Turn::kRight : Turn::kLeft;

  if (skirmishers) {
    // SKIRMISHING ZULU REGIMENTS: "always move 3 dice towards the nearest
    // British unit ... It will remain at 1" from its target unit but will move
    // ... 3 D6 in the direction of it's hand. If blocked ... stationary."
    Explanation tw;
    const SharedString target_id = targets_.NearestBritish(f->position, true, &tw);
    f = s_.FindUnit(unit_id);
    c_.U(*f).target_id = target_id;
    Explanation why;
    int d = MoveDistance(dice_, false, unit_id, &why);
    why.rule.section = "SKIRMISHING ZULU REGIMENTS";
    why.rule.table = "SKIRMISHING ZULU REGIMENTS";
    why.rule.row = kRowSkirmishersTowards;
    why.dice.insert(why.dice.begin(), tw.dice.begin(), tw.dice.end());
    f = s_.FindUnit(unit_id);
    f->status.acted = true;
    Vec2 start = f->position;
    if (target_id.empty()) {
      why.text = absl::StrCat(unit_id, " sees no British unit: it stays where it is.");
      Event& e = c_.Decision(EventKind::kNothing, why);
      e.unit_ids = {unit_id};
      return absl::OkStatus();
    }
    const Unit* t = s_.FindUnit(target_id);
    Vec2 tpos = t->position;
    c_.U(*f).last_known_target = tpos;
    c_.U(*f).has_last_known_target = true;
    std::vector<Vec2> path{start};
    if (Distance(start, tpos) <= kSkirmishStandoff + 0.5) {
      // Already at 1": it moves round its target in the direction of its hand.
      double r = std::max(Distance(start, tpos), kSkirmishStandoff);
      double angle = d / r * (hand == Turn::kLeft ? -1.0 : 1.0);
      Vec2 rel = start - tpos;
      double c = std::cos(angle), s = std::sin(angle);
      Vec2 end = tpos + Vec2(c * rel.x() - s * rel.y(), s * rel.x() + c * rel.y()).normalized() * r;
      end = ClampToTable(end, s_.table.width, s_.table.height);
      path.push_back(end);
      why.rule.row = kRowSkirmishersRound;
      why.text = absl::StrCat(unit_id, " (", c_.U(*f).hand == Hand::kRight ? "right" : "left",
                              " handed) keeps 1\" from ", target_id.str(), " and moves ", d,
                              "\" round it: ", why.text);
    } else {
      Path p = PathTowards(start, tpos, d, ObstaclesFor(s_, *f, target_id), hand, kSkirmishStandoff);
      path = p.points;
      why.text = absl::StrCat(unit_id, " moves ", Inches(p.length), " towards the nearest British unit ",
                              target_id.str(), " (", why.text, ")", p.blocked ? ": blocked, it stays." : ".");
    }
    f = s_.FindUnit(unit_id);
    f->position = ClampToTable(path.back(), s_.table.width, s_.table.height);
    Event& e = c_.Decision(EventKind::kMoved, why);
    e.unit_ids = {unit_id};
    e.target_id = target_id;
    e.path = path;
    e.announce = absl::StrCat("Zulu skirmishers ", unit_id, " move to ", At(f->position), ".");
    return absl::OkStatus();
  }

  // An impi. One whose regiments are all locked in close combat or pinned
  // has nothing to move.
  if (!HasFreeRegiment(s_, *f)) {
    Explanation why = Rule("Facing Direction",
                           absl::StrCat("Every regiment of ", unit_id,
                                        " is locked in close combat or pinned: it does not move."));
    Event& e = c_.Decision(EventKind::kNothing, why);
    e.unit_ids = {unit_id};
    f->status.acted = true;
    return absl::OkStatus();
  }
  // Target first (destroyed, out of sight, in the way, the 24" rule).
  const size_t mark = log_.size();
  IMPI_RETURN_IF_ERROR(targets_.UpdateTarget(unit_id, 0.0));
  bool tempted = false;
  for (size_t i = mark; i < log_.size(); ++i) {
    tempted |= log_.events()[i].why.rule.section == kSectionTemptation;
  }
  f = s_.FindUnit(unit_id);
  // "Impis within 24" of a British unit will roll 4 D6 and attempt to charge.
  // Other units will move 3 D6 straight towards their previous target unit or
  // if no previous target unit, the nearest British unit." A charge is at a
  // British unit the impi can see (line of sight).
  bool charge = false;
  for (const Unit* u : VisibleBritish(s_, f->position)) {
    if (Distance(u->position, f->position) <= kChargeRange) charge = true;
  }
  Explanation why;
  int d = MoveDistance(dice_, charge, unit_id, log_.wanted() ? &why : nullptr);
  // TEMPTATION: the impi is tempted once when it moves. With the move distance
  // known, only the "cannot reach the target ... could reach another" test is
  // left, for a target in sight that the 24" rule did not already test (a
  // second full target update would roll the 24" temptation again).
  bool target_in_sight = false;
  if (const Unit* t = s_.FindUnit(c_.U(*f).target_id);
      t != nullptr && IsBritishOnTable(*t)) {
    for (const Unit* u : VisibleBritish(s_, s_.FindUnit(unit_id)->position)) {
      target_in_sight |= u->id == t->id;
    }
  }
  if (!tempted && target_in_sight) IMPI_RETURN_IF_ERROR(targets_.UpdateTarget(unit_id, d));
  f = s_.FindUnit(unit_id);
  f->status.acted = true;
  const SharedString target_id = c_.U(*f).target_id;
  const Unit* target = s_.FindUnit(target_id);
  bool target_here = target != nullptr && IsBritishOnTable(*target);
  bool target_seen = false;
  if (target_here) {
    for (const Unit* u : VisibleBritish(s_, f->position)) target_seen |= (u->id == target_id);
  }
  Vec2 goal;
  if (target_here && target_seen) {
    goal = target->position;
  } else if (c_.U(*f).has_last_known_target) {
    goal = c_.U(*f).last_known_target;  // NOTES ON ZULU MOVEMENT: last known position
  } else {
    why.rule.section = "NOTES ON ZULU MOVEMENT";
    why.text = absl::StrCat(unit_id, " has no target: it remains stationary.");
    Event& e = c_.Decision(EventKind::kNothing, why);
    e.unit_ids = {unit_id};
    return absl::OkStatus();
  }
  Vec2 start = f->position;
  Path p = ZuluPath(start, goal, d, ObstaclesFor(s_, *f, target_id), hand,
                       target_here && target_seen ? kContact : 0.0);
  Vec2 end = ClampToTable(p.points.back(), s_.table.width, s_.table.height);
  TranslateForce(*f, end - start);
  f = s_.FindUnit(unit_id);
  const bool charged = charge && p.reached && target_here;
  if (!log_.wanted()) {  // a quiet log is told nothing (event.h)
    why.rule.section = "DURING MOVEMENT";
    c_.Decision(charge && p.reached ? EventKind::kCharged : EventKind::kMoved, why);
    if (charged) {
      melee_.LockInCloseCombat(unit_id, target_id);
      if (c_.Resolving()) return melee_.StandAgainstCharge(target_id, unit_id);
    }
    return absl::OkStatus();
  }
  why.rule.section = "DURING MOVEMENT";
  why.text = absl::StrCat(unit_id, " (", c_.U(*f).hand == Hand::kRight ? "right" : "left",
                          " handed) ", charge ? "charges" : "moves", " ", Inches(p.length),
                          " of its ", d, "\" towards ",
                          target_here && target_seen
                              ? target_id.str()
                              : absl::StrCat("the last known position of ", target_id.empty() ? "its target" : target_id.str(),
                                             " ", At(goal)),
                          p.detoured ? ", going round an obstacle in the direction of its hand" : "",
                          p.blocked ? " but is blocked" : "", " (", why.text, ").");
  Event& e = c_.Decision(charge && p.reached ? EventKind::kCharged : EventKind::kMoved, why);
  e.unit_ids = {unit_id};
  e.target_id = target_id;
  e.path = p.points;
  e.announce = absl::StrCat("The impi ", unit_id, charge ? " charges" : " moves", " to ", At(f->position),
                            ".");
  if (charged) {
    e.announce += absl::StrCat(" It is in close combat with ", target_id.str(), ".");
    melee_.LockInCloseCombat(unit_id, target_id);
    if (c_.Resolving()) return melee_.StandAgainstCharge(target_id, unit_id);
  }
  return absl::OkStatus();
}

namespace {

// What SettleZulus reads of a unit: its id (the pooled text's address), its
// place, and what decides whether and how it takes ground.
struct GroundMark {
  uintptr_t id = 0;
  Vec2 at = Vec2::Zero();
  UnitKind kind = UnitKind::kUnspecified;
  Side side = Side::kUnspecified;
  bool takes = false;
  bool present = false;  // on the table with figures
  bool in_close_combat = false;

  static GroundMark Of(const Unit& u) {
    return {u.id.pooled_address(), u.position, u.kind, u.side, TakesGround(u),
            u.OnTable() && u.figures.Present() > 0, u.status.in_close_combat};
  }
  bool operator==(const GroundMark& o) const {
    return id == o.id && at == o.at && kind == o.kind && side == o.side && takes == o.takes &&
           present == o.present && in_close_combat == o.in_close_combat;
  }
};

// The ground of the table SettleZulus last found every Zulu unit on free
// ground on (on this thread, whatever the state: it is compared by value).
// Whether a Zulu unit stands on free ground depends only on the units
// within a footprint and a margin of it (and, for one in close combat, on
// the British units in it): a unit unchanged since, with no changed unit
// within that reach, still stands on free ground, and is not looked at
// again. The answers are those of looking at every unit.
struct SettledGround {
  bool valid = false;
  double width = 0.0, height = 0.0;
  std::vector<GroundMark> marks;
};

// The most a footprint reaches (footprint.h: none is wider than 3"), with
// the British margin: two units further apart than this never meet.
constexpr double kGroundReach = 2 * 1.5 + kClearOfBritish + 1e-3;

}  // namespace

// Designed (footprint.h): a Zulu unit stands on free ground. One that a
// move, a conversion or a fall back left on another unit, over the table
// edge, or within 1" of a British unit it is not fighting, steps to the
// nearest free ground; one in close combat stays in contact with its foe.
void Movement::SettleZulus() {
  thread_local SettledGround last;
  thread_local std::vector<unsigned char> changed;   // by unit: not as `last` has it
  thread_local std::vector<Vec2> changed_at;         // where the changed units stand now
  thread_local std::vector<Ground> ground;
  const size_t n = s_.units.size();
  // The units changed since `last` (all of them when `last` is of other
  // units or another table).
  bool all = !last.valid || last.marks.size() != n || last.width != s_.table.width ||
             last.height != s_.table.height;
  changed.assign(n, 0);
  changed_at.clear();
  bool british_changed = false;
  for (size_t i = 0; i < n && !all; ++i) {
    const GroundMark now = GroundMark::Of(s_.units[i]);
    if (now.id == 0 || now.id != last.marks[i].id) {
      all = true;
    } else if (!(now == last.marks[i])) {
      changed[i] = 1;
      changed_at.push_back(now.at);
      british_changed |= now.side == Side::kBritish || last.marks[i].side == Side::kBritish;
    }
  }
  if (!all && changed_at.empty()) return;  // the ground every Zulu stood free on
  // Whether the Zulu unit `i` may stand elsewhere than free ground now.
  auto to_check = [&](size_t i) {
    if (all || changed[i]) return true;
    const Unit& u = s_.units[i];
    if (u.status.in_close_combat && british_changed) return true;  // its foe may be another
    for (const Vec2& c : changed_at) {
      if (std::abs(c.x() - u.position.x()) < kGroundReach && std::abs(c.y() - u.position.y()) < kGroundReach) {
        return true;
      }
    }
    return false;
  };
  // The units settled: the Zulus taking ground now, in table order (settling
  // moves units but adds or removes none).
  std::vector<std::string> impis;
  std::vector<Member> me = {{Vec2::Zero(), 0.0}};
  const std::string no_foe;
  bool ground_made = false;
  bool moved = false;
  for (size_t i = 0; i < n; ++i) {
    const Unit* u = &s_.units[i];
    if (u->side != Side::kZulu || !TakesGround(*u) || !to_check(i)) continue;
    if (!ground_made) {
      GroundOf(s_, &ground);  // settling moves units only
      ground_made = true;
    }
    const std::string& id = u->id;
    const std::string* foe = &no_foe;
    if (u->status.in_close_combat) {
      const Unit* f = nullptr;
      for (const Unit& b : s_.units) {
        if (!IsBritishOnTable(b) || !b.status.in_close_combat) continue;
        if (f == nullptr || Distance(b.position, u->position) < Distance(f->position, u->position)) f = &b;
      }
      if (f != nullptr) foe = &f->id.str();
    }
    me[0].radius = FootprintOf(u->kind).Radius();
    if (OnFreeGround(s_, ground, u->position, me[0].radius, *foe, id)) continue;
    const Vec2 from = u->position;
    const Vec2 to = FreeGround(s_, from, me, *foe, {id});
    Unit* m = &s_.units[i];
    m->position = to;
    moved = true;
    changed[i] = 1;
    changed_at.push_back(to);
    if (!m->parent.empty()) AddUnique(impis, m->parent);
    Event& e = log_.Add(EventKind::kMoved, Side::kZulu);
    if (!log_.wanted()) continue;  // a quiet log is told nothing (event.h)
    e.unit_ids = {id};
    e.path = {from, to};
    e.why = Rule("ZULU CREATION",
                 absl::StrCat(id, " steps ", Inches(Distance(from, to)),
                              " to free ground (designed: a unit stands on no other unit, inside the "
                              "table, 1\" clear of British units it is not fighting)."));
    e.why.rule.designed = true;
  }
  for (const std::string& impi : impis) c_.RecenterImpi(impi);
  if (moved) return;  // `last` still holds ground every Zulu stood free on
  // Every Zulu unit stands on free ground: the table's ground as it is now.
  last.valid = true;
  last.width = s_.table.width;
  last.height = s_.table.height;
  last.marks.resize(n);
  for (size_t i = 0; i < n; ++i) last.marks[i] = GroundMark::Of(s_.units[i]);
}

absl::Status Movement::EnterMarker(int perimeter_point) {
  Point* p = s_.FindPoint(PointKind::kPerimeter, perimeter_point);
  if (p == nullptr || p->marker != Marker::kThisTurn) {
    return absl::FailedPreconditionError(absl::StrCat(
        "perimeter point ", perimeter_point, " has no \"this turn\" marker"));
  }
  ForceKind force = p->marked_force;
  Vec2 at = p->position;
  p->marker = Marker::kNone;
  p->marked_force = ForceKind::kUnspecified;
  std::string how = absl::StrCat("entering at perimeter point ", perimeter_point);
  if (force == ForceKind::kUnspecified) {
    // A marker that does not say what it brings: the umpire rolls the
    // table-edge table as it comes on (EXAMPLE OF MOVEMENT PROCEDURE).
    Explanation why;
    TableEdgeResult r = RandomChanceTableEdge(dice_, ImpisOnOrMarked(s_), SkirmishersOnTable(s_), &why);
    Event& e = c_.Decision(EventKind::kTableRoll, why);
    e.point = perimeter_point;
    e.point_kind = PointKind::kPerimeter;
    e.umpire_only = true;
    if (r == TableEdgeResult::kStatusQuo) {
      Event& n = log_.Add(EventKind::kNothing, Side::kZulu);
      n.point = perimeter_point;
      n.announce = absl::StrCat("Nothing comes on at perimeter point ", perimeter_point, ".");
      return absl::OkStatus();
    }
    force = r == TableEdgeResult::kImpi ? ForceKind::kImpi : ForceKind::kSkirmishers;
  }
  std::string id;
  if (force == ForceKind::kImpi) {
    // "If so, roll for strength on Impi creation table and assign a "hand"."
    id = creation_.CreateImpi(at, false, perimeter_point, PointKind::kPerimeter, how);
  } else if (c_.Available() >= 1) {
    id = creation_.PlaceSingle(UnitKind::kSkirmishers, at, perimeter_point, PointKind::kPerimeter, how);
    IMPI_RETURN_IF_ERROR(cards_.AssignHand(id));
  }
  if (id.empty()) return absl::OkStatus();
  const Unit* u = s_.FindUnit(id);
  if (u != nullptr && IsForce(*u)) return MoveForce(id);
  return absl::OkStatus();
}

}  // namespace impi::tsatf
