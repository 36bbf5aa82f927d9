// tests/engine/battle_state_test.cc: lookups, parameters, ids, events.
#include "engine/core/battle_state.h"

#include <cstdint>
#include <string>
#include <utility>

#include "engine/core/event.h"
#include "gtest/gtest.h"

namespace impi {
namespace {

BattleState TwoUnits() {
  BattleState s;
  Unit& z = s.units.emplace_back();
  z.id = "z1";
  z.side = Side::kZulu;
  z.kind = UnitKind::kRegiment;
  Unit& b = s.units.emplace_back();
  b.id = "b1";
  b.side = Side::kBritish;
  b.kind = UnitKind::kInfantry;
  return s;
}

TEST(BattleStateTest, FindUnit) {
  BattleState s = TwoUnits();
  Unit* b = s.FindUnit("b1");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->side, Side::kBritish);
  b->figures.fit = 10;
  const BattleState& cs = s;
  const Unit* cb = cs.FindUnit("b1");
  ASSERT_NE(cb, nullptr);
  EXPECT_EQ(cb->figures.fit, 10);
  EXPECT_EQ(s.FindUnit("z9"), nullptr);
  EXPECT_EQ(cs.FindUnit(""), nullptr);
  EXPECT_EQ(s.UnitIndex("z1"), 0);
  EXPECT_EQ(s.UnitIndex("b1"), 1);
  EXPECT_EQ(s.UnitIndex("nobody"), -1);
}

// The first unit with `id` by a plain scan, or -1: what a lookup must say.
int ScanFor(const BattleState& s, const std::string& id) {
  for (size_t i = 0; i < s.units.size(); ++i) {
    if (s.units[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

// Lookups by a std::string and by a SharedString (a pooled id, found by its
// address) against a scan, while units are added, removed, renamed and
// swapped between lookups (the index rebuilds itself). Ids stay unique, as
// in every valid state. With `refresh`, the editor tells the index after
// each edit (ReindexUnits, as a rule set does after adding or erasing a
// unit: a unit appended is filed alone), sometimes asking for a table of
// its own, and a copy of the state now and then shares the table.
void CheckLookupsThroughEdits(bool refresh) {
  BattleState s;
  BattleState copy;
  uint64_t x = 12345;
  auto next = [&x](int n) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((x >> 33) % static_cast<uint64_t>(n));
  };
  constexpr int kNames = 60;
  auto name = [](int k) { return "unit_with_a_long_name_" + std::to_string(k); };
  // A name no unit has, or "" when every one is taken.
  auto unused = [&] {
    for (int tries = 0; tries < 8; ++tries) {
      const std::string n = name(next(kNames));
      if (ScanFor(s, n) < 0) return n;
    }
    return std::string();
  };
  for (int k = 0; k < 20; ++k) s.units.emplace_back().id = name(k);
  int checked = 0, found = 0;
  for (int step = 0; step < 400; ++step) {
    switch (next(refresh ? 6 : 4)) {
      case 4:  // appends and erases are the edits a rule set tells of
      case 0:
        if (const std::string n = unused(); !n.empty()) s.units.emplace_back().id = n;
        break;
      case 5:
      case 1:
        if (!s.units.empty()) s.units.erase(s.units.begin() + next(static_cast<int>(s.units.size())));
        break;
      case 2:
        if (const std::string n = unused(); !n.empty() && !s.units.empty()) {
          s.units[next(static_cast<int>(s.units.size()))].id = n;
        }
        break;
      default:
        if (s.units.size() > 1) {
          std::swap(s.units[next(static_cast<int>(s.units.size()))],
                    s.units[next(static_cast<int>(s.units.size()))]);
        }
        break;
    }
    if (refresh) {
      if (next(10) == 0) copy = s;  // shares the current table
      s.ReindexUnits(/*own_table=*/next(4) == 0);
    }
    for (int k = 0; k < kNames; ++k) {
      const std::string text = name(k);
      const SharedString pooled(text);
      const int want = ScanFor(s, text);
      ASSERT_EQ(s.UnitIndex(text), want) << "step " << step << ", " << text;
      ASSERT_EQ(s.UnitIndex(pooled), want) << "step " << step << ", " << text;
      const BattleState& cs = s;
      ASSERT_EQ(cs.FindUnit(pooled), want < 0 ? nullptr : &s.units[want]);
      ++checked;
      found += want >= 0 ? 1 : 0;
    }
  }
  EXPECT_EQ(checked, 400 * kNames);
  EXPECT_GT(found, checked / 5);  // both answers are tried often
  EXPECT_LT(found, checked - checked / 5);
}

TEST(BattleStateTest, LookupsByTextAndByPooledIdMatchAScanThroughEdits) {
  CheckLookupsThroughEdits(/*refresh=*/false);
}

TEST(BattleStateTest, LookupsMatchAScanWhenEachEditIsFiledByReindexUnits) {
  CheckLookupsThroughEdits(/*refresh=*/true);
}

TEST(BattleStateTest, FindPointMatchesKindAndNumber) {
  BattleState s;
  Point& p = s.points.emplace_back();
  p.kind = PointKind::kPerimeter;
  p.number = 3;
  Point& a = s.points.emplace_back();
  a.kind = PointKind::kAppearance;
  a.number = 3;
  a.name = "donga";
  Point* found = s.FindPoint(PointKind::kAppearance, 3);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->name, "donga");
  EXPECT_EQ(s.FindPoint(PointKind::kPerimeter, 3), &s.points[0]);
  EXPECT_EQ(s.FindPoint(PointKind::kEntry, 3), nullptr);
  const BattleState& cs = s;
  EXPECT_EQ(cs.FindPoint(PointKind::kPerimeter, 4), nullptr);
  EXPECT_EQ(cs.FindPoint(PointKind::kAppearance, 3), &s.points[1]);
}

TEST(BattleStateTest, ParameterOr) {
  BattleState s;
  s.parameters.push_back({"zulu_move_inches", 9.0});
  EXPECT_DOUBLE_EQ(s.ParameterOr("zulu_move_inches", 6.0), 9.0);
  EXPECT_DOUBLE_EQ(s.ParameterOr("other", 6.0), 6.0);
}

TEST(BattleStateTest, NewUnitIdSkipsUsedIds) {
  BattleState s = TwoUnits();  // "z1" is taken
  EXPECT_EQ(s.NewUnitId("z"), "z2");
  EXPECT_EQ(s.next_unit_serial, 3);
  EXPECT_EQ(s.NewUnitId("z"), "z3");
  s.units.emplace_back().id = "z4";
  EXPECT_EQ(s.NewUnitId("z"), "z5");
  // A serial is shared across prefixes; an unused one is taken as is.
  EXPECT_EQ(s.NewUnitId("b"), "b6");
  BattleState fresh;
  EXPECT_EQ(fresh.NewUnitId("z"), "z1");
  EXPECT_EQ(fresh.NewUnitId("z"), "z2");
}

TEST(BattleStateTest, UnitKindNameMatchesTheContract) {
  EXPECT_STREQ(UnitKindName(UnitKind::kRegiment), "REGIMENT");
  EXPECT_STREQ(UnitKindName(UnitKind::kRifleRegiment), "RIFLE_REGIMENT");
  EXPECT_STREQ(UnitKindName(UnitKind::kLoneZulu), "LONE_ZULU");
  EXPECT_STREQ(UnitKindName(UnitKind::kInfantry), "INFANTRY");
  EXPECT_STREQ(UnitKindName(UnitKind::kMountedInfantry), "MOUNTED_INFANTRY");
  EXPECT_STREQ(UnitKindName(UnitKind::kRunner), "RUNNER");
  EXPECT_STREQ(UnitKindName(UnitKind::kUnspecified), "UNIT_KIND_UNSPECIFIED");
}

TEST(BattleStateTest, FiguresAndPoints) {
  Figures f;
  f.fit = 10;
  f.wounded = 3;
  f.seriously_wounded = 2;
  f.casualties = 5;
  EXPECT_EQ(f.Present(), 15);
  EXPECT_EQ(f.Starting(), 20);
  f.starting = 24;
  EXPECT_EQ(f.Starting(), 24);
  Point p;
  p.state = PointState::kTested;
  EXPECT_FALSE(p.Exhausted());
  p.state = PointState::kSpent;
  EXPECT_TRUE(p.Exhausted());
}

TEST(EventLogTest, AddNumbersEventsInOrder) {
  EventLog log;
  Event& first = log.Add(EventKind::kTurnStarted, Side::kUnspecified);
  EXPECT_EQ(first.seq, 0);
  EXPECT_EQ(first.kind, EventKind::kTurnStarted);
  EXPECT_EQ(first.side, Side::kUnspecified);
  Event& second = log.Add(EventKind::kTableRoll);
  EXPECT_EQ(second.seq, 1);
  EXPECT_EQ(second.side, Side::kZulu);
  second.why.rule = {"003_8a310c3200cb6fb0.txt", "HAND", "HAND", "4,5,6 = Right handed"};
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log.events()[1].why.rule.section, "HAND");
  log.mutable_events()[0].announce = "Turn 1";
  EXPECT_EQ(log.events()[0].announce, "Turn 1");
}

}  // namespace
}  // namespace impi
