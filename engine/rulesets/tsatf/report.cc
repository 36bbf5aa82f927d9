// Zulu Control reported (Ruleset::Report): the patrol task's end (victory.h)
// and the figures committed and lost; the engine resolves the British side
// in a game with nobody at the table (ForMachinePlay).
#include <algorithm>
#include <utility>

#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/rulesets/tsatf/victory.h"
#include "engine/rulesets/tsatf/zulu_control.h"

namespace impi::tsatf {
namespace {

constexpr char kPatrol[] = "Patrol (Zulu Control, designed task)";
constexpr char kLost[] = "How the British lose (the Zulu wins; fire and close combat not told apart)";
bool CountsFigures(const Unit& u) {
  return u.kind != UnitKind::kWagon && u.kind != UnitKind::kRegiment;
}

}  // namespace

GameReport TsatfRuleset::Report(const BattleState& start, const BattleState& end) const {
  GameReport r;
  r.british = CountFigures(start, end, Side::kBritish, CountsFigures);
  // Zulu Control commits regiments of 20 during the game and takes the
  // destroyed and the fallen back off the table: the Zulu figures are those
  // committed, the lost those no longer on the table.
  const TsatfState* own = OwnState(end);
  r.zulu.start = (own != nullptr ? own->committed : 0) * kRegimentFigures;
  r.zulu.start_word = "committed";
  int present = 0;
  for (const Unit& u : end.units) {
    if (u.side == Side::kZulu && u.OnTable() && u.kind != UnitKind::kImpi &&
        u.kind != UnitKind::kInduna && u.kind != UnitKind::kLoneZulu) {
      present += u.figures.Present();
    }
  }
  r.zulu.lost = std::max(0, r.zulu.start - present);
  if (!HasPatrolTask(end)) return r;
  const PatrolResult patrol = JudgePatrol(end, /*at_end=*/true);
  r.draw = patrol.outcome == PatrolOutcome::kDraw;
  r.outcome = PatrolReasonText(patrol.reason);
  r.lines.push_back(ReportLine::Count(kPatrol, r.outcome));
  ReportLine objective = ReportLine::Count(kPatrol, "objective reached", 1);
  objective.value = patrol.objective_reached ? 1.0 : 0.0;
  r.lines.push_back(objective);
  ReportLine holding = ReportLine::Mean(kPatrol, "figures holding the objective at the end",
                                        patrol.holding_figures);
  holding.order = 2;  // after the ends and the objective
  r.lines.push_back(std::move(holding));
  if (Score(end, Side::kZulu) > 0) {
    r.lines.push_back(ReportLine::Mean(kLost, "British figures lost", r.british.lost, Side::kZulu));
    r.lines.push_back(ReportLine::Count(kLost, r.outcome, 1, Side::kZulu));
  }
  return r;
}

void TsatfRuleset::ForMachinePlay(BattleState& state) const {
  if (state.ParameterOr(kResolveBritishParam, -1.0) < 0.0) {
    // Nobody types in the British results: the engine resolves them
    // (designed tables, british_resolution.h).
    state.parameters.push_back({kResolveBritishParam, 1.0});
  }
}

}  // namespace impi::tsatf
