// tests/rules/empress/fixture.h: a table and units for the EMPRESS_DWG
// rule tests.
#ifndef IMPI_TESTS_RULES_EMPRESS_FIXTURE_H_
#define IMPI_TESTS_RULES_EMPRESS_FIXTURE_H_

#include <string>

#include "engine/rulesets/empress/empress.h"
#include "engine/game/ruleset.h"

namespace impi::empress {

inline const Ruleset& Rules() { return *FindRuleset(kRulesetId); }

inline Unit& AddUnit(BattleState& s, const std::string& id, Side side, UnitKind kind, Vec2 at, int fit) {
  Unit& u = s.units.emplace_back();
  u.id = id;
  u.name = id;
  u.side = side;
  u.kind = kind;
  u.position = at;
  u.figures.fit = fit;
  if (kind == UnitKind::kInfantry || kind == UnitKind::kRegiment || kind == UnitKind::kNativeFoot) u.leaders = 1;
  return u;
}

// An empty 72" x 48" skirmish table at move 1.
inline BattleState Table() {
  BattleState s;
  s.ruleset = kRulesetId;
  s.scale = Scale::kSkirmish;
  s.table = {72, 48, 0, 0};
  s.clock.turn = 1;
  return s;
}

}  // namespace impi::empress

#endif  // IMPI_TESTS_RULES_EMPRESS_FIXTURE_H_
