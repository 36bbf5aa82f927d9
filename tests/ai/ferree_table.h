// tests/ai/ferree_table.h: small hand-made Ferree tables for the policy
// tests.
//
// Usage:
//   FerreeTable t;
//   Unit& coy = t.Company("a_coy", {50, 30});
//   t.Regiment("r_x", /*division=*/2, {{50, 44}});   // REGIMENT r_x, TRAY r_x_t1
//   Action stance = t.Stance("r_x", Stance::kProne);
#ifndef IMPI_TESTS_AI_FERREE_TABLE_H_
#define IMPI_TESTS_AI_FERREE_TABLE_H_

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/battle_state.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ai::testing {

// Footprint radii of docs/ferree-engine.md: a gap G between a tray and a
// company is a centre distance of G + 1.4 + 1.5.
inline constexpr double kTrayToCompany = 1.4 + 1.5;

struct FerreeTable {
  BattleState s;

  FerreeTable() {
    s.ruleset = "FERREE_ISANDLWANA";
    s.scenario = "test";
    s.scale = Scale::kTactical;
    s.table.width = 96;
    s.table.height = 72;
    s.clock.phase = Phase::kActivation;
    s.clock.turn = 4;
    Terrain& camp = s.terrain.emplace_back();
    camp.id = "camp";
    camp.kind = TerrainKind::kCamp;
    camp.outline = {Vec2(25, 22), Vec2(33, 22), Vec2(33, 38), Vec2(25, 38)};
  }

  Unit& Company(const std::string& id, Vec2 at, UnitKind kind = UnitKind::kInfantry, int fit = 8) {
    Unit& u = s.units.emplace_back();
    u.id = id;
    u.name = id;
    u.side = Side::kBritish;
    u.kind = kind;
    u.figures.fit = fit;
    u.leaders = 2;
    u.position = at;
    u.status.ammunition = Ammunition::kPlenty;
    u.red_coat = kind == UnitKind::kInfantry;
    return u;
  }

  // A company that has been firing this turn.
  Unit& FiringCompany(const std::string& id, Vec2 at) {
    Unit& u = Company(id, at);
    u.status.fired = true;
    u.status.turns_fired = 1;
    return u;
  }

  // A REGIMENT `id` (division set, 25 figures a tray) with a TRAY "<id>_t<k>"
  // at each position.
  Unit& Regiment(const std::string& id, int division, const std::vector<Vec2>& trays,
                 Stance stance = Stance::kUpright) {
    {
      Unit& r = s.units.emplace_back();
      r.id = id;
      r.name = id;
      r.side = Side::kZulu;
      r.kind = UnitKind::kRegiment;
      r.figures.starting = 25 * static_cast<int>(trays.size());
      impi::ferree::MutableUnitOf(s, r.id).division = division;
      r.position = trays.empty() ? Vec2::Zero() : trays[0];
    }
    for (size_t k = 0; k < trays.size(); ++k) {
      Unit& t = s.units.emplace_back();
      t.id = absl::StrCat(id, "_t", k + 1);
      t.name = t.id;
      t.side = Side::kZulu;
      t.kind = UnitKind::kTray;
      t.parent = id;
      t.figures.fit = 25;
      t.position = trays[k];
      t.stance = stance;
    }
    return *s.FindUnit(id);
  }

  Unit& Figure(const std::string& id, UnitKind kind, Vec2 at, const std::string& parent = "") {
    Unit& u = s.units.emplace_back();
    u.id = id;
    u.name = id;
    u.side = kind == UnitKind::kSurgeon ? Side::kBritish : Side::kZulu;
    u.kind = kind;
    u.figures.fit = 1;
    u.position = at;
    u.parent = parent;
    return u;
  }

  static Action Make(ActionKind kind, const std::string& unit, const std::string& target = "") {
    Action a;
    a.kind = kind;
    a.unit_id = unit;
    a.target_id = target;
    return a;
  }
  // The engine's regiment MOVE: towards a British unit (to = its position),
  // upright or ending prone.
  Action MoveTowards(const std::string& regiment, const std::string& british,
                     Stance stance = Stance::kUpright) const {
    Action a = Make(ActionKind::kMove, regiment, british);
    a.to = s.FindUnit(british)->position;
    a.stance = stance;
    return a;
  }
  static Action MoveTo(const std::string& unit, Vec2 to) {
    Action a = Make(ActionKind::kMove, unit);
    a.to = to;
    a.stance = Stance::kUpright;
    return a;
  }
  static Action StanceTo(const std::string& unit, Stance stance) {
    Action a = Make(ActionKind::kStance, unit);
    a.stance = stance;
    return a;
  }
};

}  // namespace impi::ai::testing

#endif  // IMPI_TESTS_AI_FERREE_TABLE_H_
