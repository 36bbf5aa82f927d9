#include "engine/rulesets/tsatf/creation.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

namespace {

Vec2 Perp(const Vec2& v) { return Vec2(-v.y(), v.x()); }  // 90 degrees anticlockwise

double DistanceToPolyline(const Vec2& p, const std::vector<Vec2>& line) {
  if (line.size() == 1) return Distance(p, line[0]);
  double best = 1e300;
  for (size_t i = 0; i + 1 < line.size(); ++i) best = std::min(best, DistanceToSegment(p, line[i], line[i + 1]));
  return best;
}

// The appearance points that may still generate (not SPENT or OCCUPIED).
// Held in place for the usual table (no allocation a call).
absl::InlinedVector<int, 16> OpenAppearancePoints(const BattleState& s) {
  absl::InlinedVector<int, 16> numbers;
  for (const Point& p : s.points) {
    if (p.kind == PointKind::kAppearance && !p.Exhausted()) numbers.push_back(p.number);
  }
  return numbers;
}

}  // namespace

const char* AppearanceRefusal(const Point& p) {
  return p.Exhausted() ? "it will never generate anything else" : nullptr;
}

int Creation::RollEntryPoint() {
  int entry = 0;
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.british_entry) entry = p.number;
  }
  Explanation why;
  for (int tries = 0; tries < 100; ++tries) {
    Explanation roll;
    int n = RollPerimeterPoint(dice_, entry, &roll);
    why.rule = roll.rule;
    why.dice.insert(why.dice.end(), roll.dice.begin(), roll.dice.end());
    const Point* p = s_.FindPoint(PointKind::kPerimeter, n);
    if (p != nullptr && p->marker == Marker::kNone) {
      why.text = absl::StrCat(roll.text, " Perimeter point ", n, ".");
      Event& e = c_.Decision(EventKind::kTableRoll, why);
      e.point = n;
      e.point_kind = PointKind::kPerimeter;
      e.umpire_only = true;
      return n;
    }
    // Designed: one marker a point; a point already marked is re-rolled.
    if (!dice_.status().ok()) break;
  }
  return 0;
}

// RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT).
absl::Status Creation::TableEdge() {
  Explanation why;
  TableEdgeResult r = RandomChanceTableEdge(dice_, ImpisOnOrMarked(s_), SkirmishersOnTable(s_), &why);
  Event& e = c_.Decision(EventKind::kTableRoll, why);
  e.umpire_only = true;
  if (r == TableEdgeResult::kStatusQuo) return absl::OkStatus();
  if (c_.Available() < 1) {
    Event& n = log_.Add(EventKind::kNothing, Side::kZulu);
    n.umpire_only = true;
    n.why = Rule("SCENARIO DESIGN",
                 "The force pool (or the scenario total) allows no more Zulu units: no force "
                 "is marked.");
    return absl::OkStatus();
  }
  int point = RollEntryPoint();
  if (point == 0) return absl::OkStatus();
  Point* p = s_.FindPoint(PointKind::kPerimeter, point);
  p->marker = Marker::kNextTurn;
  p->marked_force = r == TableEdgeResult::kImpi ? ForceKind::kImpi : ForceKind::kSkirmishers;
  Event& m = log_.Add(EventKind::kMarkerPlaced, Side::kZulu);
  m.point = point;
  m.point_kind = PointKind::kPerimeter;
  m.why = Rule("AT START OF TURN",
               absl::StrCat(r == TableEdgeResult::kImpi ? "An Impi" : "A skirmishing regiment",
                            " will enter at perimeter point ", point, " next turn."));
  m.announce = absl::StrCat("A Zulu force will enter at perimeter point ", point, " next turn.");
  return absl::OkStatus();
}

std::string Creation::PlaceSingle(UnitKind kind, const Vec2& at, int point,
                                     PointKind point_kind, const std::string& how) {
  Unit u;
  u.id = s_.NewUnitId("z");
  u.side = Side::kZulu;
  u.kind = kind;
  // Placed on free ground nearest `at` (designed, footprint.h).
  u.position = FreeGround(s_, at, {{Vec2::Zero(), FootprintOf(kind).Radius()}}, "", {});
  int figures = kind == UnitKind::kLoneZulu ? 1 : kRegimentFigures;
  u.figures.fit = figures;
  u.figures.starting = figures;
  if (kind == UnitKind::kRifleRegiment) u.figures.riflemen = figures;
  u.leaders = kind == UnitKind::kLoneZulu ? 0 : 1;
  u.name = kind == UnitKind::kLoneZulu        ? "lone Zulu"
           : kind == UnitKind::kSkirmishers   ? "skirmishing regiment"
           : kind == UnitKind::kRifleRegiment ? "rifle-armed regiment"
                                              : "regiment";
  if (CountsInPool(u)) c_.Commit(1);
  std::string id = u.id;
  s_.units.push_back(std::move(u));
  TsatfUnit& book = c_.U(s_.units.back());  // appended with its unit
  book.created_turn = std::max(1, s_.clock.turn);
  book.entry_point = point;
  Event& e = log_.Add(EventKind::kForceCreated, Side::kZulu);
  e.unit_ids = {id};
  e.point = point;
  e.point_kind = point_kind;
  e.why = Rule("ZULU CREATION", absl::StrCat("A ", s_.FindUnit(id)->name.str(), " (", id, ") is placed at ",
                                             At(at), ": ", how, "."));
  e.announce = absl::StrCat("A ", s_.FindUnit(id)->name.str(), " appears at ", At(s_.FindUnit(id)->position), ".");
  return id;
}

std::string Creation::PlaceImpi(const Vec2& at, int regiments, int point,
                                   const std::string& charger) {
  // The regiments stand in a line across the way into the table (or across
  // the charge of `charger`, facing it), the induna behind, on the free
  // ground nearest `at` (designed: the text leaves the placing to the
  // umpire; footprint.h).
  Vec2 centre(s_.table.width / 2, s_.table.height / 2);
  const Unit* b = charger.empty() ? nullptr : s_.FindUnit(charger);
  Vec2 towards = b != nullptr ? b->position : centre;
  Vec2 in = (towards - at).norm() > 1e-9 ? Vec2((towards - at).normalized()) : Vec2(0, -1);
  Vec2 across = Perp(in);
  std::vector<Member> members;
  for (int i = 0; i < regiments; ++i) {
    members.push_back({across * ((i - (regiments - 1) / 2.0) * kRegimentSpacing),
                       FootprintOf(UnitKind::kRegiment).Radius()});
  }
  members.push_back({-in * kIndunaBehind, FootprintOf(UnitKind::kInduna).Radius()});
  // Against a charger in contact with the regiment it charged (as a CHARGE
  // leaves it) the line stands in contact with it (designed,
  // docs/conformance.md): its centre as far from the charger as puts the
  // regiments nearest the middle of the line kContact from it, centre to
  // centre (two regiments both touch it; one stands where it was charged).
  // A charger elsewhere (an Ask's, not moved in): the line stands at `at`.
  Vec2 want = at;
  if (b != nullptr && Distance(b->position, at) <= kContact + 1e-6) {
    const double inner = regiments % 2 == 1 ? 0.0 : kRegimentSpacing / 2;
    want = b->position - in * std::sqrt(std::max(0.0, kContact * kContact - inner * inner));
  }
  Vec2 where = FreeGround(s_, want, members, charger, {}, in);
  Unit g;
  g.id = s_.NewUnitId("z");
  g.side = Side::kZulu;
  g.kind = UnitKind::kImpi;
  g.name = absl::StrCat("impi of ", Count(regiments, "regiment"));
  g.position = where;
  std::string impi_id = g.id;
  s_.units.push_back(g);
  const int created_turn = std::max(1, s_.clock.turn);
  {
    TsatfUnit& book = c_.U(s_.units.back());  // appended with its unit
    book.created_turn = created_turn;
    book.entry_point = point;
  }
  // One of the impi's own units: a regiment or its induna.
  auto member = [&](UnitKind kind, const char* name, int figures, const Vec2& offset) {
    Unit m;
    m.id = s_.NewUnitId("z");
    m.side = Side::kZulu;
    m.kind = kind;
    m.name = name;
    m.parent = impi_id;
    m.figures.fit = figures;
    m.figures.starting = figures;
    m.leaders = 1;
    m.position = where + offset;
    return m;
  };
  for (int i = 0; i < regiments; ++i) {
    Unit r = member(UnitKind::kRegiment, "regiment", kRegimentFigures, members[i].offset);
    s_.units.push_back(std::move(r));
    c_.U(s_.units.back()).created_turn = created_turn;
  }
  s_.units.push_back(member(UnitKind::kInduna, "induna", 1, members.back().offset));
  c_.Commit(regiments);
  ++c_.own().impis_created;
  c_.RecenterImpi(impi_id);
  return impi_id;
}

// IMPI CREATION / SPECIAL IMPI CREATION: "After the units are placed on the
// field, before they move, determine the "hand" of the Impi and its target."
std::string Creation::CreateImpi(const Vec2& at, bool special, int point, PointKind point_kind,
                                    const std::string& how, const std::string& charger) {
  Explanation why;
  int regiments = 0;
  bool lone = false;
  if (special) {
    regiments = SpecialImpiCreation(dice_, c_.Available(), &why);
  } else {
    ImpiSize size = ImpiCreation(dice_, std::max(0, c_.own().force_pool), c_.own().impis_created == 0,
                                 &why, std::max(0, c_.own().scenario_total - c_.own().committed));
    lone = size.lone_zulu;
    regiments = size.regiments;
  }
  Event& roll = c_.Decision(EventKind::kTableRoll, why);
  roll.point = point;
  roll.point_kind = point_kind;
  roll.umpire_only = true;
  if (lone) {
    return PlaceSingle(UnitKind::kLoneZulu, at, point, point_kind,
                       "the force pool holds not more than 2 units: a Lone Zulu instead");
  }
  if (regiments <= 0) {
    Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
    e.umpire_only = true;
    e.why = Rule(why.rule.section, "The force pool does not allow the creation: nothing is created.");
    return "";
  }
  std::string id = PlaceImpi(at, regiments, point, charger);
  Event& e = c_.Decision(EventKind::kForceCreated, why);
  std::vector<std::string> ids{id};
  for (const Unit& u : s_.units) {
    if (u.parent == id) ids.push_back(u.id);
  }
  e.unit_ids = ids;
  e.point = point;
  e.point_kind = point_kind;
  e.why.text = absl::StrCat(special ? "A Special Impi" : "An Impi", " of ", Count(regiments, "regiment"),
                            " (", id, ") is placed at ", At(s_.FindUnit(id)->position), ": ",
                            how, ". ", why.text);
  e.announce = absl::StrCat("An impi of ", Count(regiments, "regiment"), " appears at ",
                            At(s_.FindUnit(id)->position), ".");
  (void)cards_.AssignHand(id);
  (void)targets_.UpdateTarget(id, 0.0);
  return id;
}

// RANDOM CHANCE ON-FIELD (APPEARANCE POINT) and NOTES ON APPEARANCE POINTS.
absl::Status Creation::TestAppearancePoint(int number, const std::string& trigger_unit) {
  Point* p = s_.FindPoint(PointKind::kAppearance, number);
  if (p == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("point: no appearance point ", number));
  }
  if (const char* no = AppearanceRefusal(*p)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "appearance point ", number, " is ", p->state == PointState::kSpent ? "SPENT" : "OCCUPIED", ": ", no));
  }
  Vec2 at = p->position;
  bool occupied_now = false;
  for (const Unit& u : s_.units) {
    if (IsBritishOnTable(u) && Distance(u.position, at) <= kOccupyRadius) occupied_now = true;
  }
  OnFieldInput in;
  in.impis_on_or_marked = ImpisOnOrMarked(s_);
  // A terrain feature the British are standing in is not suitable for a
  // rifle-armed regiment.
  in.terrain_class = p->terrain_class;
  in.occupied = occupied_now;
  in.rifle_on_table = RifleOnTable(s_);
  Explanation why;
  OnFieldResult r = RandomChanceOnField(dice_, in, &why);
  Event& e = c_.Decision(EventKind::kTableRoll, why);
  e.point = number;
  e.point_kind = PointKind::kAppearance;
  if (!trigger_unit.empty()) e.unit_ids = {trigger_unit};
  p = s_.FindPoint(PointKind::kAppearance, number);
  if (p->state != PointState::kTested) p->state = PointState::kTested;
  std::string how = absl::StrCat("appearance point ", number);
  switch (r) {
    case OnFieldResult::kLoneZulu: {
      bool already = false;
      for (const Unit& u : s_.units) {
        already |= (u.kind == UnitKind::kLoneZulu && u.OnTable() && Distance(u.position, at) < 1.0);
      }
      if (already) {
        e.why.text += " A lone Zulu already stands there (designed: no second figure).";
      } else {
        PlaceSingle(UnitKind::kLoneZulu, at, number, PointKind::kAppearance, how);
      }
      break;
    }
    case OnFieldResult::kRifleRegiment:
      if (c_.Available() >= 1) {
        PlaceSingle(UnitKind::kRifleRegiment, at, number, PointKind::kAppearance, how);
      } else {
        e.why.text += " The force pool allows no more units: nothing is created.";
      }
      break;
    case OnFieldResult::kStatusQuo:
      e.announce = absl::StrCat("Appearance point ", number, ": nothing.");
      break;
    case OnFieldResult::kImpi: {
      std::string id = CreateImpi(at, false, number, PointKind::kAppearance, how);
      const Unit* u = s_.FindUnit(id);
      if (u != nullptr && u->kind == UnitKind::kImpi) {
        // "Once an appearance point has generated an Impi, it will never
        // generate anything else."
        p = s_.FindPoint(PointKind::kAppearance, number);
        p->state = PointState::kSpent;
        Event& sp = log_.Add(EventKind::kPointSpent, Side::kZulu);
        sp.point = number;
        sp.point_kind = PointKind::kAppearance;
        sp.why = Rule("NOTES ON APPEARANCE POINTS",
                      absl::StrCat("Appearance point ", number,
                                   " has generated an Impi: it will never generate anything else."));
      }
      break;
    }
  }
  return absl::OkStatus();
}

// DURING MOVEMENT: "If the British players at any time move to within 6" of
// an appearance point ..., roll on the Random chance on-field table." A point
// the British did not occupy "will be tested each time the British move
// within 6" or remain within 6" of it" (EXAMPLE OF MOVEMENT PROCEDURE).
void Creation::CheckAppearancePoints(const Unit& mover, const std::vector<Vec2>& path) {
  std::string mover_id = mover.id;
  Vec2 end = path.back();
  for (int n : OpenAppearancePoints(s_)) {
    const Point* p = s_.FindPoint(PointKind::kAppearance, n);
    if (p == nullptr || p->Exhausted()) continue;
    if (DistanceToPolyline(p->position, path) > kAppearanceRange) continue;
    (void)TestAppearancePoint(n, mover_id);
    Point* q = s_.FindPoint(PointKind::kAppearance, n);
    if (q->state != PointState::kSpent && Distance(end, q->position) <= kOccupyRadius) {
      // "Once the British have occupied an appearance point it will never
      // generate anything else."
      q->state = PointState::kOccupied;
      Event& e = log_.Add(EventKind::kPointOccupied, Side::kBritish);
      e.point = n;
      e.point_kind = PointKind::kAppearance;
      e.unit_ids = {mover_id};
      e.why = Rule("NOTES ON APPEARANCE POINTS",
                   absl::StrCat(mover_id, " occupies appearance point ", n,
                                ": it will never generate anything else."));
    }
  }
}

// EXAMPLE OF MOVEMENT PROCEDURE: a point the British did not occupy "will be
// tested each time the British move within 6" or remain within 6" of it".
// Moving is tested as the unit moves (CheckAppearancePoints); remaining is
// tested once a turn, when the movement deck is done, for a British unit
// that did not move this turn and is within 6" of the point (designed: the
// text does not say when a unit "remains"; the nearest such unit is named).
absl::Status Creation::TestPointsWhereTheBritishRemain() {
  for (int n : OpenAppearancePoints(s_)) {
    const Point* p = s_.FindPoint(PointKind::kAppearance, n);
    if (p == nullptr || p->Exhausted()) continue;
    const Unit* stayer = nullptr;
    for (const Unit& u : s_.units) {
      if (!IsBritishOnTable(u) || u.status.acted) continue;
      const double d = Distance(u.position, p->position);
      if (d <= kAppearanceRange && (stayer == nullptr || d < Distance(stayer->position, p->position))) {
        stayer = &u;
      }
    }
    if (stayer == nullptr) continue;
    const std::string id = stayer->id;
    if (!log_.wanted()) {  // a quiet log is told nothing (event.h)
      IMPI_RETURN_IF_ERROR(TestAppearancePoint(n, id));
      continue;
    }
    const std::string said = absl::StrCat(id, " remains within ", Inches(kAppearanceRange),
                                          " of appearance point ", n, " (", Inches(Distance(stayer->position, p->position)),
                                          "), which the British did not occupy: it is tested again. ");
    const size_t mark = log_.size();
    IMPI_RETURN_IF_ERROR(TestAppearancePoint(n, id));
    if (log_.size() > mark) {
      Event& roll = log_.mutable_events()[mark];
      roll.why.text = said + roll.why.text;
    }
  }
  return absl::OkStatus();
}

}  // namespace impi::tsatf
