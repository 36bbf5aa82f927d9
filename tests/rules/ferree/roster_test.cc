// Ferree's roster (engine/rulesets/ferree/state.h, Roster): a state's units
// by side, kind and regiment, kept with the state from a step's start, shared
// by its copies, brought up to date as a runner is sent (AddedUnit) or
// rejoins (EraseUnit), and refused for units changed any other way, where
// the questions pass over every unit instead. (Every step of 200 seeded
// games is checked against a pass over the units in
// tests/conformance/ferree_games_test.cc.)
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/rulesets/ferree/ferree.h"
#include "gtest/gtest.h"

namespace impi::ferree {
namespace {

Unit Make(const std::string& id, UnitKind kind, Side side, const std::string& parent = "") {
  Unit u;
  u.id = id;
  u.kind = kind;
  u.side = side;
  u.parent = parent;
  u.figures.fit = 5;
  return u;
}

// A small table: a company, a wagon, a regiment with two trays (the second
// listed after the regiment's induna), a second regiment's tray, and the
// second regiment's sniper.
BattleState Table() {
  BattleState s;
  s.units.push_back(Make("c1", UnitKind::kInfantry, Side::kBritish));
  s.units.push_back(Make("w1", UnitKind::kWagon, Side::kBritish));
  s.units.push_back(Make("r1", UnitKind::kRegiment, Side::kZulu));
  s.units.push_back(Make("t1", UnitKind::kTray, Side::kZulu, "r1"));
  s.units.push_back(Make("i1", UnitKind::kInduna, Side::kZulu, "r1"));
  s.units.push_back(Make("r2", UnitKind::kRegiment, Side::kZulu));
  s.units.push_back(Make("t2", UnitKind::kTray, Side::kZulu, "r2"));
  s.units.push_back(Make("t3", UnitKind::kTray, Side::kZulu, "r1"));
  s.units.push_back(Make("s2", UnitKind::kSniper, Side::kZulu, "r2"));
  MutableOwnState(s);
  return s;
}

std::vector<std::string> Ids(const BattleState& s, const std::vector<int>& at) {
  std::vector<std::string> out;
  for (const int i : at) out.push_back(s.units[static_cast<size_t>(i)].id.str());
  return out;
}

std::vector<std::string> TraysOfIds(const BattleState& s, const std::string& regiment) {
  std::vector<std::string> out;
  for (const Unit* t : TraysOf(s, SharedString(regiment))) out.push_back(t->id.str());
  return out;
}

std::vector<std::string> BritishIds(const BattleState& s) {
  std::vector<std::string> out;
  ForEachBritish(s, [&](const Unit& u) { out.push_back(u.id.str()); });
  return out;
}

TEST(FerreeRoster, ListsTheUnitsBySideKindAndRegimentInUnitOrder) {
  BattleState s = Table();
  EXPECT_EQ(RosterOf(s), nullptr);  // none until a step's start keeps one
  KeepRoster(s);
  const Roster* r = RosterOf(s);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(Ids(s, r->british), (std::vector<std::string>{"c1", "w1"}));
  EXPECT_EQ(Ids(s, r->regiments), (std::vector<std::string>{"r1", "r2"}));
  EXPECT_EQ(Ids(s, r->zulu_figures), (std::vector<std::string>{"t1", "i1", "t2", "t3", "s2"}));
  EXPECT_EQ(Ids(s, r->trays), (std::vector<std::string>{"t1", "t2", "t3"}));
  EXPECT_EQ(Ids(s, r->indunas), (std::vector<std::string>{"i1"}));
  EXPECT_EQ(Ids(s, r->snipers), (std::vector<std::string>{"s2"}));
  EXPECT_EQ(Ids(s, r->wagons), (std::vector<std::string>{"w1"}));
  EXPECT_TRUE(r->runners.empty());
  // A regiment's trays in unit order, though another's stand between them.
  EXPECT_EQ(TraysOfIds(s, "r1"), (std::vector<std::string>{"t1", "t3"}));
  EXPECT_EQ(TraysOfIds(s, "r2"), (std::vector<std::string>{"t2"}));
  EXPECT_TRUE(TraysOfIds(s, "c1").empty());
  // A regiment's sniper, off the roster.
  ASSERT_NE(SniperOf(s, SharedString("r2")), nullptr);
  EXPECT_EQ(SniperOf(s, SharedString("r2"))->id.str(), "s2");
  EXPECT_EQ(SniperOf(s, SharedString("r1")), nullptr);
}

TEST(FerreeRoster, ARunnerSentAndRejoiningIsFiledAndUnfiled) {
  BattleState s = Table();
  KeepRoster(s);
  s.units.push_back(Make("run1", UnitKind::kRunner, Side::kBritish, "c1"));
  AddedUnit(s);
  const Roster* r = RosterOf(s);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(Ids(s, r->british), (std::vector<std::string>{"c1", "w1", "run1"}));
  EXPECT_EQ(Ids(s, r->runners), (std::vector<std::string>{"run1"}));
  s.units.push_back(Make("run2", UnitKind::kRunner, Side::kBritish, "c1"));
  AddedUnit(s);
  // The first rejoins: the units after him move up, and so do their places.
  EraseUnit(s, static_cast<size_t>(s.UnitIndex("run1")));
  r = RosterOf(s);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(Ids(s, r->british), (std::vector<std::string>{"c1", "w1", "run2"}));
  EXPECT_EQ(Ids(s, r->runners), (std::vector<std::string>{"run2"}));
  EXPECT_EQ(TraysOfIds(s, "r1"), (std::vector<std::string>{"t1", "t3"}));
}

TEST(FerreeRoster, ACopySharesItUntilItsUnitsChange) {
  BattleState s = Table();
  KeepRoster(s);
  BattleState copy = s;
  EXPECT_EQ(RosterOf(copy), RosterOf(s));  // shared, not made again
  copy.units.push_back(Make("run1", UnitKind::kRunner, Side::kBritish, "c1"));
  AddedUnit(copy);
  ASSERT_NE(RosterOf(copy), nullptr);
  EXPECT_NE(RosterOf(copy), RosterOf(s));
  EXPECT_EQ(Ids(copy, RosterOf(copy)->runners), (std::vector<std::string>{"run1"}));
  // The original's is as it was.
  ASSERT_NE(RosterOf(s), nullptr);
  EXPECT_TRUE(RosterOf(s)->runners.empty());
  EXPECT_EQ(BritishIds(s), (std::vector<std::string>{"c1", "w1"}));
}

TEST(FerreeRoster, UnitsChangedByHandAreReadByAPassUntilTheNextStep) {
  BattleState s = Table();
  KeepRoster(s);
  // Added without AddedUnit: the roster is not used, the pass finds him.
  s.units.push_back(Make("c2", UnitKind::kInfantry, Side::kBritish));
  EXPECT_EQ(RosterOf(s), nullptr);
  EXPECT_EQ(BritishIds(s), (std::vector<std::string>{"c1", "w1", "c2"}));
  KeepRoster(s);
  ASSERT_NE(RosterOf(s), nullptr);
  EXPECT_EQ(BritishIds(s), (std::vector<std::string>{"c1", "w1", "c2"}));
  // Reordered: the same number of units, another at each end.
  std::swap(s.units.front(), s.units.back());
  s.ReindexUnits();
  EXPECT_EQ(RosterOf(s), nullptr);
  EXPECT_EQ(BritishIds(s), (std::vector<std::string>{"c2", "w1", "c1"}));
  EXPECT_EQ(TraysOfIds(s, "r1"), (std::vector<std::string>{"t1", "t3"}));
}

}  // namespace
}  // namespace impi::ferree
