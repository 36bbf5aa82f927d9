// Ferree's Isandlwana (001_4c61f40cf0987cbf.txt): 1.F, the camp break-down
// timetable applied as the battle starts, and 4., the Zulu deployment
// constraints, through the engine (engine/rulesets/ferree/ferree.h). The
// situation rolls A-F are scripted; the Zulu test policy takes the first
// option.
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/driver.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/game/policy.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/ferree/ferree_test_util.h"

namespace impi::ferree {
namespace {

using test_util::Add;
using test_util::RegisterTestPolicy;

class FerreeCamp : public ::testing::Test {
 protected:
  void SetUp() override { RegisterTestPolicy(); }
  const FerreeRuleset rules_{};
};

// A 60" x 48" table before the situation rolls: the camp an 8" square
// centred at (30, 24), the road to Rorke's Drift leaving the table at (0, 24)
// (ENTRY point 3), twelve wagons in the camp, three companies north of it
// and a chest regiment far off.
BattleState BeforeTheSituation() {
  BattleState s;
  s.ruleset = kRulesetId;
  s.table = {60, 48, 0, 0};
  s.clock.phase = Phase::kPreBattle;
  impi::ferree::Own(s).segment = kPreBattlePlan;
  s.clock.minutes_per_turn = 10;
  Terrain& camp = s.terrain.emplace_back();
  camp.id = "camp";
  camp.kind = TerrainKind::kCamp;
  camp.outline = {{26, 20}, {34, 20}, {34, 28}, {26, 28}};
  Point& road = s.points.emplace_back();
  road.kind = PointKind::kEntry;
  road.number = 3;
  road.name = "the road to Rorke's Drift";
  road.position = Vec2(0, 24);
  Unit& r = Add(s, "r1", Side::kZulu, UnitKind::kRegiment, {55, 46}, 0);
  r.figures.starting = 25;
  impi::ferree::MutableUnitOf(s, r.id).division = 2;
  Add(s, "t1", Side::kZulu, UnitKind::kTray, {55, 46}, 25, "r1");
  Add(s, "b1", Side::kBritish, UnitKind::kInfantry, {30, 35}, 20).red_coat = true;
  Add(s, "b2", Side::kBritish, UnitKind::kInfantry, {36, 35}, 20).red_coat = true;
  Add(s, "b3", Side::kBritish, UnitKind::kInfantry, {24, 35}, 20).red_coat = true;
  // The wagons of the Isandlwana scenario: the units they supply.
  const char* supplies[] = {"1/24th", "1/24th",  "1/24th",  "2/24th", "2/24th", "Battery RA",
                            "3rd NNC", "3rd NNC", "1st NNC", "NNH",    "NMP",    "NV"};
  for (int i = 1; i <= 12; ++i) {
    Add(s, "w" + std::to_string(i), Side::kBritish, UnitKind::kWagon,
        Vec2(27 + (i - 1) % 4 * 2, 21 + (i - 1) / 4 * 2.5), 0)
        .name = supplies[i - 1];
  }
  return s;
}

// The situation rolls in order: A camp (6 laager), B defense (6 thornbush),
// C Durnford (1 on time), D deployment, E scouts (1 historical), F discovery
// and its D6 of half hours. Returns the state once the battle has started;
// every event goes to `all`.
BattleState Start(const FerreeRuleset& rules, int camp, int defense, int discovery, int pips,
                  EventLog& all) {
  BattleState s = BeforeTheSituation();
  EXPECT_TRUE(rules.Validate(s).ok()) << rules.Validate(s);
  std::vector<int> script = {camp, defense, 1, 1, 1, discovery, pips};
  script.resize(400, 1);
  Dice dice = Dice::Scripted(script);
  std::vector<Action> british;
  for (int guard = 0; guard < 5 && s.clock.phase != Phase::kActivation; ++guard) {
    if (s.clock.phase == Phase::kPreBattle && impi::ferree::Own(s).segment == kPreBattleBritishDeploy) {
      Action end;
      end.kind = ActionKind::kEndDeployment;
      british = {end};
    }
    EventLog log;
    Awaiting next;
    const absl::Status st = Advance(rules, s, british, PolicySpec{}, dice, log, &next);
    EXPECT_TRUE(st.ok()) << st;
    EXPECT_TRUE(dice.status().ok()) << dice.status();
    british.clear();
    for (const Event& e : log.events()) all.Add(e.kind, e.side) = e;
  }
  EXPECT_EQ(s.clock.phase, Phase::kActivation);
  EXPECT_TRUE(rules.Validate(s).ok()) << rules.Validate(s);
  return s;
}

int WagonsOffTable(const BattleState& s) {
  int n = 0;
  for (const Unit& u : s.units) n += u.kind == UnitKind::kWagon && u.off_table;
  return n;
}

bool HasBarricade(const BattleState& s) {
  for (const Terrain& t : s.terrain) {
    if (t.kind == TerrainKind::kBarricade) return true;
  }
  return false;
}

// The event that moved units by the table's `row` (not the situation roll).
const Event* Find(const EventLog& log, const char* row) {
  for (const Event& e : log.events()) {
    if (e.kind == EventKind::kMoved && e.why.rule.row == row) return &e;
  }
  return nullptr;
}

TEST_F(FerreeCamp, FoundBefore1130NothingBreaksDown) {
  EventLog all;
  // F 6: 1D6/2 hours past 8:00am, 1 pip: found at 8:30am.
  BattleState s = Start(rules_, 1, 6, 6, 1, all);
  EXPECT_EQ(impi::ferree::Own(s).situation.discovery_time, 8 * 60 + 30);
  EXPECT_EQ(WagonsOffTable(s), 0);
  EXPECT_TRUE(HasBarricade(s));
  EXPECT_EQ(s.FindUnit("b1")->position, Vec2(30, 35));
  EXPECT_EQ(Find(all, kRowRoadColumn), nullptr);
  for (const Event& e : all.events()) EXPECT_NE(e.why.rule.row, kRowBreakDownNotLaagered);
}

TEST_F(FerreeCamp, FoundAt1230UnlaageredFourWagonsAreOnTheRoadAndTheThornbushIsGone) {
  EventLog all;
  // B 6: thornbush. F 1: 1D6/2 hours past 12:00pm, 1 pip: 12:30pm.
  BattleState s = Start(rules_, 1, 6, 1, 1, all);
  EXPECT_EQ(impi::ferree::Own(s).situation.discovery_time, 12 * 60 + 30);
  // One hour of breaking down, 4 wagons an hour. Designed order: a wagon of
  // the unit with the most wagons still in camp (the first such in unit
  // order), its last: w3 (1/24th, 3), w2 (1/24th, 2), w5 (2/24th, 2), w8
  // (3rd NNC, 2). Every unit keeps a wagon.
  EXPECT_EQ(WagonsOffTable(s), 4);
  for (const char* id : {"w3", "w2", "w5", "w8"}) {
    EXPECT_TRUE(s.FindUnit(id)->off_table) << id;
    EXPECT_EQ(s.FindUnit(id)->position, Vec2(0, 24)) << id;
  }
  for (const char* id : {"w1", "w4", "w6", "w7"}) EXPECT_FALSE(s.FindUnit(id)->off_table) << id;
  EXPECT_THAT(impi::ferree::Own(s).chits_left, ::testing::Not(::testing::Contains("w3")));
  // The thornbush was built (B) and destroyed by 12:30pm.
  EXPECT_FALSE(HasBarricade(s));
  int thornbush_events = 0, wagon_events = 0;
  for (const Event& e : all.events()) {
    if (e.why.rule.row != kRowBreakDownNotLaagered) continue;
    EXPECT_EQ(e.why.rule.table, kTableDiscovery);
    if (e.kind == EventKind::kMoved) {
      ++wagon_events;
      EXPECT_THAT(e.unit_ids, ::testing::ElementsAre("w3", "w2", "w5", "w8"));
      EXPECT_EQ(e.point, 3);
    }
    if (e.why.text.find("thornbush") != std::string::npos &&
        e.why.text.find("removed") != std::string::npos) {
      ++thornbush_events;
    }
  }
  EXPECT_EQ(wagon_events, 1);
  EXPECT_EQ(thornbush_events, 1);
  // Not yet in road column.
  EXPECT_EQ(Find(all, kRowRoadColumn), nullptr);
  EXPECT_EQ(s.FindUnit("b1")->position, Vec2(30, 35));
}

TEST_F(FerreeCamp, FoundAt1430TheBritishAreInRoadColumn) {
  EventLog all;
  // F 1 with 5 pips: 2:30pm.
  BattleState s = Start(rules_, 1, 1, 1, 5, all);
  EXPECT_EQ(impi::ferree::Own(s).situation.discovery_time, 14 * 60 + 30);
  EXPECT_EQ(WagonsOffTable(s), 12);  // 3 hours at 4 an hour: all of them
  const Event* column = Find(all, kRowRoadColumn);
  ASSERT_NE(column, nullptr);
  EXPECT_THAT(column->unit_ids, ::testing::ElementsAre("b1", "b2", "b3"));
  // On the road from the camp's centre (30, 24) towards (0, 24), the head
  // first, each company 3" behind the last.
  const Vec2 b1 = s.FindUnit("b1")->position, b2 = s.FindUnit("b2")->position,
             b3 = s.FindUnit("b3")->position;
  for (const Vec2& p : {b1, b2, b3}) EXPECT_NEAR(p.y(), 24, 1e-9);
  EXPECT_NEAR(b1.x(), 24, 1e-9);
  EXPECT_NEAR(b2.x(), 27, 1e-9);
  EXPECT_NEAR(b3.x(), 30, 1e-9);
}

TEST_F(FerreeCamp, LaageredCampPutsTwoWagonsAnHourOnTheRoadAndNoRoadColumn) {
  EventLog all;
  // A 6: laagered. F 1, 1 pip: 12:30pm, one hour: 2 wagons.
  BattleState s = Start(rules_, 6, 1, 1, 1, all);
  EXPECT_EQ(WagonsOffTable(s), 2);
  EXPECT_TRUE(s.FindUnit("w3")->off_table);
  EXPECT_TRUE(s.FindUnit("w2")->off_table);
  EXPECT_FALSE(s.FindUnit("w1")->off_table);
  const Event* wagons = Find(all, kRowBreakDownLaagered);
  ASSERT_NE(wagons, nullptr);
  EXPECT_THAT(wagons->unit_ids, ::testing::ElementsAre("w3", "w2"));

  // Found at 3:00pm laagered: 3 1/2 hours at 2 an hour, 7 wagons; still no
  // road column (that is for an unlaagered camp).
  EventLog late;
  BattleState t = Start(rules_, 6, 1, 1, 6, late);
  EXPECT_EQ(impi::ferree::Own(t).situation.discovery_time, 15 * 60);
  EXPECT_EQ(WagonsOffTable(t), 7);
  // Once every unit is down to one wagon, they go in unit order: w1, w4, w6.
  for (const char* id : {"w3", "w2", "w5", "w8", "w1", "w4", "w6"}) {
    EXPECT_TRUE(t.FindUnit(id)->off_table) << id;
  }
  EXPECT_EQ(Find(late, kRowRoadColumn), nullptr);
  EXPECT_EQ(t.FindUnit("b1")->position, Vec2(30, 35));
}

// --- 4. Zulu player deploys his troops ---------------------------------------

// Two regiments of the right horn (division 1) along y = 40, a chest
// regiment (division 2) well off the line between them: legal.
BattleState Deployed() {
  BattleState s;
  s.ruleset = kRulesetId;
  s.table = {60, 48, 0, 0};
  s.clock.phase = Phase::kPreBattle;
  impi::ferree::Own(s).segment = kPreBattleZuluDeploy;
  for (const auto& [id, division, x] :
       std::vector<std::tuple<std::string, int, double>>{{"ra", 1, 10}, {"rb", 1, 30},
                                                          {"rc", 2, 20}}) {
    Unit& r = Add(s, id, Side::kZulu, UnitKind::kRegiment, {x, 40}, 0);
    impi::ferree::MutableUnitOf(s, r.id).division = division;
    r.figures.starting = 50;
  }
  // ra: side by side (0.2" apart), rb: one tray behind the other, 2.7"
  // between them edge to edge.
  Add(s, "ra1", Side::kZulu, UnitKind::kTray, {10, 40}, 25, "ra");
  Add(s, "ra2", Side::kZulu, UnitKind::kTray, {13, 40}, 25, "ra");
  Add(s, "rb1", Side::kZulu, UnitKind::kTray, {30, 40}, 25, "rb");
  Add(s, "rb2", Side::kZulu, UnitKind::kTray, {30, 45.5}, 25, "rb");
  Add(s, "rc1", Side::kZulu, UnitKind::kTray, {20, 30}, 25, "rc");
  Add(s, "rc2", Side::kZulu, UnitKind::kTray, {23, 30}, 25, "rc");
  Add(s, "b1", Side::kBritish, UnitKind::kInfantry, {30, 5}, 20);
  return s;
}

TEST(ZuluDeployment, TraysAdjacentOrBehindAndNoOtherDivisionBetweenIsLegal) {
  const BattleState s = Deployed();
  std::string tray = "unset";
  EXPECT_EQ(ZuluDeploymentBreach(s, &tray), "");
  EXPECT_EQ(tray, "unset");
}

TEST(ZuluDeployment, ATrayTooFarFromTheRestOfItsRegimentBreaksTheFirstRule) {
  BattleState s = Deployed();
  // 6.0" centre to centre: 3.2" edge to edge, more than a tray's 2.75".
  s.FindUnit("rb2")->position = Vec2(30, 46);
  std::string tray;
  const std::string why = ZuluDeploymentBreach(s, &tray);
  EXPECT_EQ(tray, "rb1");  // the first tray found alone: both are
  EXPECT_THAT(why, ::testing::HasSubstr("adjacent to or behind another tray"));
  // A tray off the table (sent off-board) is not checked.
  s.FindUnit("rb2")->off_table = true;
  EXPECT_EQ(ZuluDeploymentBreach(s, &tray), "");
}

TEST(ZuluDeployment, ARegimentOfAnotherDivisionBetweenTwoOfOneDivisionBreaksTheSecondRule) {
  BattleState s = Deployed();
  // rc's trays on the line between ra's centre (11.5, 40) and rb's (30, 42.75).
  s.FindUnit("rc1")->position = Vec2(20, 41.5);
  s.FindUnit("rc2")->position = Vec2(23, 41.5);
  std::string tray;
  const std::string why = ZuluDeploymentBreach(s, &tray);
  EXPECT_EQ(tray, "rc1");
  EXPECT_THAT(why, ::testing::HasSubstr("there can not be a regiment from another division"));
  // The same regiment in the right horn's own division is not "between".
  impi::ferree::MutableUnitOf(s, "rc").division = 1;
  EXPECT_EQ(ZuluDeploymentBreach(s, &tray), "");
}

TEST_F(FerreeCamp, TheEngineRefusesADeploymentThatBreaksTheRules) {
  BattleState s = Deployed();
  impi::ferree::Own(s).situation.rolled = true;
  impi::ferree::Own(s).situation.discovery_time = 600;
  impi::ferree::Own(s).situation.reinforcement_arrival = 600;
  s.clock.minutes_per_turn = 10;
  s.FindUnit("rc1")->position = Vec2(20, 41.5);
  s.FindUnit("rc2")->position = Vec2(23, 41.5);
  Dice dice = Dice::Scripted(std::vector<int>(400, 1));
  EventLog log;
  Awaiting next;
  const absl::Status st = Advance(rules_, s, {}, PolicySpec{}, dice, log, &next);
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), ::testing::HasSubstr("breaks a rule"));
  EXPECT_THAT(std::string(st.message()), ::testing::HasSubstr("rc1"));

  // The legal deployment reports nothing.
  BattleState t = Deployed();
  impi::ferree::Own(t).situation = impi::ferree::Own(s).situation;
  t.clock.minutes_per_turn = 10;
  Dice dice2 = Dice::Scripted(std::vector<int>(400, 1));
  EventLog log2;
  ASSERT_TRUE(Advance(rules_, t, {}, PolicySpec{}, dice2, log2, &next).ok());
  for (const Event& e : log2.events()) {
    EXPECT_EQ(e.why.text.find("breaks a rule"), std::string::npos) << e.why.text;
  }
}

}  // namespace
}  // namespace impi::ferree
