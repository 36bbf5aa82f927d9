// Empress's skirmish reported (Ruleset::Report): the designed victory scale
// (docs/empress-engine.md). Every unit but the wagons has figures: its
// regiments fight as units.
#include "engine/rulesets/empress/empress.h"

namespace impi::empress {

GameReport EmpressRuleset::Report(const BattleState& start, const BattleState& end) const {
  GameReport r = Ruleset::Report(start, end);
  const Outcome outcome = OutcomeOf(end);
  r.draw = outcome == Outcome::kDraw;
  r.outcome = OutcomeName(outcome);
  r.lines.push_back(ReportLine::Count("Victory scale (designed, docs/empress-engine.md)", r.outcome));
  return r;
}

}  // namespace impi::empress
