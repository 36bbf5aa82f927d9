// Shared helpers for the Ferree's Isandlwana rules tests
// (tests/rules/ferree/*_test.cc): a Zulu test policy that takes the first
// option unless a test picks another, a unit builder, and the small battle
// several tests start from.
//
// Usage:
//   void SetUp() override { test_util::RegisterTestPolicy(); }
//   BattleState s = test_util::SmallBattle();
//   test_util::Add(s, "t4", Side::kZulu, UnitKind::kTray, {30, 40}, 25, "r1");
#ifndef IMPI_TESTS_RULES_FERREE_FERREE_TEST_UTIL_H_
#define IMPI_TESTS_RULES_FERREE_FERREE_TEST_UTIL_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/game/policy.h"

namespace impi::ferree::test_util {

// --- The test policy --------------------------------------------------------

// Every option list offered to the test policy, in order, for the checks.
inline std::vector<std::vector<Action>>& Offered() {
  static auto* v = new std::vector<std::vector<Action>>;
  return *v;
}

// The index the test policy picks (default, when empty: the first option).
inline std::function<int(const std::vector<Action>&)>& Picker() {
  static auto* f = new std::function<int(const std::vector<Action>&)>;
  return *f;
}

// A Zulu policy that records what it is offered and picks with Picker().
class TestPolicy : public Policy {
 public:
  int Choose(const BattleState&, const std::vector<Action>& options, Dice&,
             std::string* why) override {
    Offered().push_back(options);
    if (why != nullptr) *why = "test policy";
    return Picker() ? Picker()(options) : 0;
  }
};

// Registers TestPolicy as the Zulu rules policy of Ferree's Isandlwana and
// resets it: nothing offered yet, the first option picked.
inline void RegisterTestPolicy() {
  RegisterPolicy(kRulesetId, Side::kZulu, PolicyKind::kRules,
                 [](const PolicySpec&) { return std::make_unique<TestPolicy>(); });
  Offered().clear();
  Picker() = nullptr;
}

// --- States -----------------------------------------------------------------

// Appends a unit to `s` and returns it for further fields.
inline Unit& Add(BattleState& s, const std::string& id, Side side, UnitKind kind, Vec2 at,
                 int fit, const std::string& parent = "") {
  Unit& u = s.units.emplace_back();
  u.id = id;
  u.side = side;
  u.kind = kind;
  u.position = at;
  u.figures.fit = fit;
  u.parent = parent;
  return u;
}

// A company b1 (20 men of the 24th) at (30, 14) by the camp, a regiment r1
// of three trays 16" away, its induna i1 behind them, and the 1/24th's
// wagon; the battle on, turn 0, the cup empty.
inline BattleState SmallBattle() {
  BattleState s;
  s.ruleset = kRulesetId;
  s.table = {60, 48, 0, 0};
  s.clock.phase = Phase::kActivation;
  s.clock.turn = 0;
  Terrain& camp = s.terrain.emplace_back();
  camp.id = "camp";
  camp.kind = TerrainKind::kCamp;
  camp.outline = {{26, 2}, {34, 2}, {34, 10}, {26, 10}};  // centre (30, 6)
  Unit& r = Add(s, "r1", Side::kZulu, UnitKind::kRegiment, {30, 30}, 0);
  r.figures.starting = 75;
  impi::ferree::MutableUnitOf(s, r.id).division = 2;
  Add(s, "t1", Side::kZulu, UnitKind::kTray, {26, 30}, 25, "r1");
  Add(s, "t2", Side::kZulu, UnitKind::kTray, {30, 30}, 25, "r1");
  Add(s, "t3", Side::kZulu, UnitKind::kTray, {34, 30}, 25, "r1");
  Add(s, "i1", Side::kZulu, UnitKind::kInduna, {30, 34}, 1, "r1");
  Unit& b = Add(s, "b1", Side::kBritish, UnitKind::kInfantry, {30, 14}, 20);
  b.name = "A Coy 1/24th";
  b.red_coat = true;
  Unit& w = Add(s, "w1", Side::kBritish, UnitKind::kWagon, {30, 4}, 0);
  w.name = "1/24th";
  return s;
}

}  // namespace impi::ferree::test_util

#endif  // IMPI_TESTS_RULES_FERREE_FERREE_TEST_UTIL_H_
