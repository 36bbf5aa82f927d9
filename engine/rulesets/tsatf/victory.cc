// engine/rulesets/tsatf/victory.cc: the patrol task and the outcome
// (designed: not in the source text; see victory.h).
#include "engine/rulesets/tsatf/victory.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/zulu_control.h"

namespace impi::tsatf {

const char* PatrolOutcomeName(PatrolOutcome o) {
  switch (o) {
    case PatrolOutcome::kBritishVictory: return "British victory";
    case PatrolOutcome::kZuluVictory: return "Zulu victory";
    case PatrolOutcome::kDraw: return "draw";
    default: return "undecided";
  }
}

const char* PatrolReasonText(PatrolReason r) {
  switch (r) {
    case PatrolReason::kCutUp: return "the patrol lost more than half its strength";
    case PatrolReason::kTaskDone: return "the patrol seized its objective and held it";
    case PatrolReason::kObjectiveMissed: return "the patrol did not reach its objective";
    case PatrolReason::kNotHeld: return "the patrol reached its objective but too few held it";
    default: return "";
  }
}

int TurnLimit(const BattleState& s) { return static_cast<int>(Param(s, kTurnLimitParam)); }
int ObjectivePoint(const BattleState& s) { return static_cast<int>(Param(s, kObjectiveParam)); }
bool HasPatrolTask(const BattleState& s) {
  const int objective = ObjectivePoint(s);
  return objective > 0 && s.FindPoint(PointKind::kAppearance, objective) != nullptr;
}

int EntryEdge(const BattleState& s) {
  for (const Point& p : s.points) {
    if (p.kind != PointKind::kPerimeter || !p.british_entry) continue;
    const double d[4] = {p.position.y(), s.table.width - p.position.x(),
                         s.table.height - p.position.y(), p.position.x()};
    return static_cast<int>(std::min_element(d, d + 4) - d);
  }
  return 0;
}

double ToEntryEdge(const BattleState& s, const Vec2& p) {
  switch (EntryEdge(s)) {
    case 1: return s.table.width - p.x();
    case 2: return s.table.height - p.y();
    case 3: return p.x();
    default: return p.y();
  }
}

Vec2 EntryEdgePoint(const BattleState& s, const Vec2& p, double inset) {
  switch (EntryEdge(s)) {
    case 1: return Vec2(s.table.width - inset, p.y());
    case 2: return Vec2(p.x(), s.table.height - inset);
    case 3: return Vec2(inset, p.y());
    default: return Vec2(p.x(), inset);
  }
}

bool Holds(const BattleState& s, const Unit& u) {
  const Point* p = s.FindPoint(PointKind::kAppearance, ObjectivePoint(s));
  return p != nullptr && u.side == Side::kBritish && u.OnTable() && u.figures.Present() > 0 &&
         Distance(u.position, p->position) <= Param(s, kHoldRadiusParam);
}

bool ObjectiveReached(const BattleState& s) {
  const Point* p = s.FindPoint(PointKind::kAppearance, ObjectivePoint(s));
  return p != nullptr && p->state == PointState::kOccupied;
}

bool SpentObjectiveReached(const BattleState& s, const Vec2& at) {
  if (!HasPatrolTask(s)) return false;
  const Point* p = s.FindPoint(PointKind::kAppearance, ObjectivePoint(s));
  return p->state == PointState::kSpent && Distance(at, p->position) <= kOccupyRadius;
}

PatrolResult JudgePatrol(const BattleState& s, bool at_end) {
  PatrolResult r;
  r.objective_reached = ObjectiveReached(s);
  for (const Unit& u : s.units) {
    if (u.side != Side::kBritish) continue;
    r.start_figures += u.figures.Starting();
    if (u.OnTable()) r.on_table_figures += u.figures.Present();
    if (Holds(s, u)) r.holding_figures += u.figures.Present();
  }
  r.lost_figures = r.start_figures - r.on_table_figures;
  const double share = Param(s, kHoldShareParam);
  const std::string tally = absl::StrCat(
      r.on_table_figures, " of the patrol's ", r.start_figures, " figures are on the table, ",
      r.holding_figures, " of them within ", Param(s, kHoldRadiusParam), "\" of the objective (appearance point ",
      ObjectivePoint(s), "), which was ", r.objective_reached ? "" : "not ", "reached.");
  if (2 * r.on_table_figures < r.start_figures) {
    r.outcome = PatrolOutcome::kZuluVictory;
    r.reason = PatrolReason::kCutUp;
  } else if (at_end && r.objective_reached && r.holding_figures > 0 &&
             r.holding_figures >= share * r.start_figures) {
    r.outcome = PatrolOutcome::kBritishVictory;
    r.reason = PatrolReason::kTaskDone;
  } else if (at_end) {
    r.outcome = PatrolOutcome::kDraw;
    r.reason = r.objective_reached ? PatrolReason::kNotHeld : PatrolReason::kObjectiveMissed;
  }
  if (r.outcome != PatrolOutcome::kUndecided) {
    r.text = absl::StrCat(PatrolOutcomeName(r.outcome), ": ", PatrolReasonText(r.reason), ". ",
                          tally, " (designed: not in the source text)");
  } else {
    r.text = tally;
  }
  return r;
}

bool PatrolDecided(const BattleState& s) {
  // Before the end only a Zulu victory is decided (JudgePatrol's first
  // test), counted here without building the account.
  int start = 0, on_table = 0;
  for (const Unit& u : s.units) {
    if (u.side != Side::kBritish) continue;
    start += u.figures.Starting();
    if (u.OnTable()) on_table += u.figures.Present();
  }
  return PatrolCutUp(s, start, on_table);
}

bool PatrolCutUp(const BattleState& s, int start_figures, int on_table_figures) {
  return 2 * on_table_figures < start_figures && HasPatrolTask(s);
}

}  // namespace impi::tsatf
