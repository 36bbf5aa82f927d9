// Units of Pagano's battle for the tests: a British figure and an isigaba
// of twenty, placed and faced.
#ifndef IMPI_TESTS_RULES_PAGANO_PAGANO_TEST_UTIL_H_
#define IMPI_TESTS_RULES_PAGANO_PAGANO_TEST_UTIL_H_

#include <cmath>
#include <string>

#include "engine/core/battle_state.h"
#include "engine/rulesets/pagano/state.h"

namespace impi::pagano::testing {

// Facings as the contract keeps them (Unit.facing: degrees, 0 = +y,
// clockwise): +y is north.
inline constexpr double kNorth = 0.0;
inline constexpr double kSouth = 180.0;

// One British figure (fit), facing north.
inline Unit Brit(const std::string& id, double x, double y, UnitKind kind = UnitKind::kInfantry) {
  Unit u;
  u.id = id;
  u.kind = kind;
  u.side = Side::kBritish;
  u.figures.fit = 1;
  u.position = Vec2(x, y);
  u.facing = kNorth;
  return u;
}

// A Zulu isigaba of `figures` (twenty by default) facing `facing`.
inline Unit Isigaba(const std::string& id, double x, double y, double facing,
                    int figures = kIsigabaFigures) {
  Unit u;
  u.id = id;
  u.kind = UnitKind::kIsigaba;
  u.side = Side::kZulu;
  u.figures.fit = figures;
  u.position = Vec2(x, y);
  u.facing = facing;
  return u;
}

// An induna on foot.
inline Unit Induna(const std::string& id, double x, double y) {
  Unit u;
  u.id = id;
  u.kind = UnitKind::kInduna;
  u.side = Side::kZulu;
  u.figures.fit = 1;
  u.position = Vec2(x, y);
  return u;
}

// An empty skirmish table of Pagano's battle, 72" by 48".
inline BattleState EmptyTable() {
  BattleState s;
  s.ruleset = "PAGANO_D10";
  s.scale = impi::Scale::kSkirmish;
  s.table.width = 72;
  s.table.height = 48;
  return s;
}

}  // namespace impi::pagano::testing

#endif  // IMPI_TESTS_RULES_PAGANO_PAGANO_TEST_UTIL_H_
