// Rules of Ferree's Isandlwana (001_4c61f40cf0987cbf.txt) that were on
// docs/ferree-engine.md's "What is not modelled yet" list, through the engine
// (engine/rulesets/ferree/ferree.h): the loins held off-table until turn 3
// (4.), Durnford's arrival (C.), and the British deployment candidates of the
// situation (D.). States are built by hand; the dice are scripted and the
// Zulu test policy takes the first option.
#include <memory>
#include <string>
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

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

using test_util::Add;
using test_util::RegisterTestPolicy;

class FerreeGaps : public ::testing::Test {
 protected:
  void SetUp() override { RegisterTestPolicy(); }
  const FerreeRuleset rules_{};
};

// A 60" x 48" table, the camp an 8" square centred at (30, 6), company b1
// at (30, 30), and a chest regiment r1 of one tray far off at (5, 46).
// Zulu deployment is next (the plan and the British deployment are done).
BattleState ZuluDeploymentNext() {
  BattleState s;
  s.ruleset = kRulesetId;
  s.table = {60, 48, 0, 0};
  s.clock.phase = Phase::kPreBattle;
  impi::ferree::Own(s).segment = kPreBattleZuluDeploy;
  s.clock.minutes_per_turn = 10;
  impi::ferree::Own(s).situation.rolled = true;
  impi::ferree::Own(s).situation.deployment = impi::ferree::Deployment::kHistorical;
  impi::ferree::Own(s).situation.discovery_time = 600;
  impi::ferree::Own(s).situation.reinforcement_arrival = 600;
  Terrain& camp = s.terrain.emplace_back();
  camp.id = "camp";
  camp.kind = TerrainKind::kCamp;
  camp.outline = {{26, 2}, {34, 2}, {34, 10}, {26, 10}};
  Unit& r = Add(s, "r1", Side::kZulu, UnitKind::kRegiment, {5, 46}, 0);
  r.figures.starting = 25;
  impi::ferree::MutableUnitOf(s, r.id).division = 2;
  Add(s, "t1", Side::kZulu, UnitKind::kTray, {5, 46}, 25, "r1");
  Add(s, "b1", Side::kBritish, UnitKind::kInfantry, {30, 30}, 20).red_coat = true;
  return s;
}

Action Pass(const std::string& id) {
  Action a;
  a.kind = ActionKind::kPass;
  a.unit_id = id;
  return a;
}

// Plays until `turn` has started (or the game ends), the British passing
// with every unit; every die shows 1. Each state after a step goes to
// `check`.
template <typename Check>
void PlayTo(const FerreeRuleset& rules, BattleState& s, int turn, EventLog& all, Check check) {
  for (int guard = 0; guard < 200; ++guard) {
    std::vector<Action> british;
    const Awaiting aw = rules.Awaits(s);
    if (aw.kind == AwaitKind::kGameOver) return;
    if (aw.side == Side::kBritish && !aw.unit_ids.empty()) british.push_back(Pass(aw.unit_ids[0]));
    if (s.clock.phase == Phase::kActivation && s.clock.turn >= turn) return;
    Dice dice = Dice::Scripted(std::vector<int>(400, 1));
    EventLog log;
    Awaiting next;
    ASSERT_TRUE(Advance(rules, s, british, PolicySpec{}, dice, log, &next).ok());
    ASSERT_TRUE(dice.status().ok()) << dice.status();
    for (const Event& e : log.events()) all.Add(e.kind, e.side) = e;
    check(s);
  }
}

// --- 1. The loins are held off-table until turn 3 ----------------------------

TEST_F(FerreeGaps, TheLoinsAreHeldOffTableAndComeOnWhereTheyWereDeployedOnTurnThree) {
  BattleState s = ZuluDeploymentNext();
  Unit& loins = Add(s, "r3", Side::kZulu, UnitKind::kRegiment, {50, 45}, 0);
  loins.figures.starting = 50;
  impi::ferree::MutableUnitOf(s, loins.id).division = kLoinsDivision;
  Add(s, "l1", Side::kZulu, UnitKind::kTray, {48, 45}, 25, "r3");
  Add(s, "l2", Side::kZulu, UnitKind::kTray, {52, 45}, 25, "r3");
  Add(s, "ls", Side::kZulu, UnitKind::kSniper, {50, 47}, 1, "r3");
  ASSERT_TRUE(rules_.Validate(s).ok()) << rules_.Validate(s);

  EventLog all;
  bool checked_early = false;
  PlayTo(rules_, s, 3, all, [&](const BattleState& st) {
    if (st.clock.phase != Phase::kActivation || st.clock.turn >= 3) return;
    checked_early = true;
    for (const char* id : {"l1", "l2", "ls"}) {
      const Unit* u = st.FindUnit(id);
      EXPECT_TRUE(u->off_table) << id << " on turn " << st.clock.turn;
    }
    // The deployed positions are kept while off the table.
    EXPECT_EQ(st.FindUnit("l1")->position, Vec2(48, 45));
    EXPECT_EQ(st.FindUnit("l2")->position, Vec2(52, 45));
    EXPECT_THAT(impi::ferree::Own(st).chits_left, Not(Contains("r3")));
    ASSERT_EQ(impi::ferree::Own(st).secret_entries.size(), 1u);
    EXPECT_EQ(impi::ferree::Own(st).secret_entries[0].unit_id, "r3");
    EXPECT_EQ(impi::ferree::Own(st).secret_entries[0].turn, kLoinsFirstTurn);
    EXPECT_EQ(impi::ferree::Own(st).secret_entries[0].point, kDeployedPosition);
    EXPECT_TRUE(rules_.Validate(st).ok()) << rules_.Validate(st);
    // The British see the trays off the table (the order of battle), but
    // not the counter nor when and where the regiment comes on.
    const BattleState v = rules_.View(st, Side::kBritish);
    ASSERT_NE(v.FindUnit("l1"), nullptr);
    EXPECT_TRUE(v.FindUnit("l1")->off_table);
    EXPECT_TRUE(impi::ferree::Own(v).secret_entries.empty());
    EXPECT_THAT(impi::ferree::Own(v).chits_left, Not(Contains("r3")));
  });
  EXPECT_TRUE(checked_early);
  const Event* held = nullptr;
  for (const Event& e : all.events()) {
    if (e.kind == EventKind::kMarkerPlaced &&
        e.why.text.find("held off-table") != std::string::npos) {
      held = &e;
    }
  }
  ASSERT_NE(held, nullptr);
  EXPECT_TRUE(held->umpire_only);

  // Turn 3: its counter is in the cup. b1 (drawn first) passes; r3 is the
  // last counter: it comes on where it stood.
  ASSERT_EQ(s.clock.turn, 3);
  ASSERT_THAT(impi::ferree::Own(s).chits_left, Contains("r3"));
  const Awaiting aw = rules_.Awaits(s);
  ASSERT_EQ(aw.side, Side::kBritish);
  Dice dice = Dice::Scripted(std::vector<int>(100, 1));
  EventLog log;
  Awaiting next;
  ASSERT_TRUE(Advance(rules_, s, {Pass(aw.unit_ids[0])}, PolicySpec{}, dice, log, &next).ok());
  const Event* arrived = nullptr;
  for (const Event& e : log.events()) {
    if (e.kind == EventKind::kMoved &&
        e.why.text.find("where it was deployed") != std::string::npos) {
      arrived = &e;
    }
  }
  ASSERT_NE(arrived, nullptr);
  EXPECT_FALSE(s.FindUnit("l1")->off_table);
  EXPECT_FALSE(s.FindUnit("l2")->off_table);
  EXPECT_FALSE(s.FindUnit("ls")->off_table);
  EXPECT_TRUE(impi::ferree::Own(s).secret_entries.empty());
  // Its first move starts from the deployed position.
  bool moved_from_deployed = false;
  for (const Event& e : log.events()) {
    if (e.kind == EventKind::kMoved && !e.path.empty() && !e.unit_ids.empty() &&
        e.unit_ids[0] == "l1") {
      moved_from_deployed = Distance(e.path[0], Vec2(48, 45)) < 1e-9;
      break;
    }
  }
  EXPECT_TRUE(moved_from_deployed);
}

TEST_F(FerreeGaps, ALoinsRegimentSentOffBoardKeepsItsTurnOfEntry) {
  BattleState s = ZuluDeploymentNext();
  Point& p = s.points.emplace_back();
  p.kind = PointKind::kEntry;
  p.number = 1;
  p.position = Vec2(0, 24);
  Unit& loins = Add(s, "r3", Side::kZulu, UnitKind::kRegiment, {0, 0}, 0);
  loins.figures.starting = 25;
  impi::ferree::MutableUnitOf(s, loins.id).division = kLoinsDivision;
  Add(s, "l1", Side::kZulu, UnitKind::kTray, {0, 0}, 25, "r3").off_table = true;
  impi::ferree::Own(s).secret_entries.push_back({"r3", 7, 1});
  EventLog all;
  PlayTo(rules_, s, 1, all, [](const BattleState&) {});
  ASSERT_EQ(impi::ferree::Own(s).secret_entries.size(), 1u);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].turn, 7);
  EXPECT_EQ(impi::ferree::Own(s).secret_entries[0].point, 1);
}

TEST_F(FerreeGaps, OnlyTheLoinsAreHeldAtTheirDeployedPosition) {
  BattleState s = ZuluDeploymentNext();
  impi::ferree::Own(s).secret_entries.push_back({"r1", 3, kDeployedPosition});
  absl::Status st = rules_.Validate(s);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(st.message()), HasSubstr("state.ferree.secret_entries[0].point"));
}

// --- 2. Durnford's arrival ----------------------------------------------------

// Durnford's column (native horse and rockets) off the table; an ENTRY point
// on the road from Rorke's Drift at (60, 20). Discovered at 10:00am, a turn
// of 10 minutes, Durnford at 10:20am: he arrives at the start of turn 3.
BattleState WithDurnford() {
  BattleState s = ZuluDeploymentNext();
  impi::ferree::Own(s).situation.reinforcement_arrival = 620;
  Point& p = s.points.emplace_back();
  p.kind = PointKind::kEntry;
  p.number = 5;
  p.name = "the road from Rorke's Drift";
  p.position = Vec2(60, 20);
  Unit& nh = Add(s, "nh", Side::kBritish, UnitKind::kNativeHorse, {70, 20}, 10);
  nh.name = "Durnford's Sikali Horse";
  nh.off_table = true;
  Unit& rk = Add(s, "rk", Side::kBritish, UnitKind::kRockets, {70, 20}, 3);
  rk.off_table = true;
  rk.status.limbered = true;
  return s;
}

TEST_F(FerreeGaps, DurnfordArrivesWhenTheClockReachesHisTimeAtTheRoad) {
  BattleState s = WithDurnford();
  ASSERT_TRUE(rules_.Validate(s).ok()) << rules_.Validate(s);
  EventLog all;
  bool checked_early = false;
  PlayTo(rules_, s, 3, all, [&](const BattleState& st) {
    if (st.clock.phase != Phase::kActivation || st.clock.turn >= 3) return;
    checked_early = true;
    EXPECT_TRUE(st.FindUnit("nh")->off_table) << "turn " << st.clock.turn;
    EXPECT_TRUE(st.FindUnit("rk")->off_table);
    EXPECT_TRUE(AwaitsArrival(st, "nh"));
    EXPECT_LT(st.clock.time_of_day, 620);
    EXPECT_THAT(impi::ferree::Own(st).chits_left, Not(Contains("nh")));
  });
  EXPECT_TRUE(checked_early);
  ASSERT_EQ(s.clock.turn, 3);
  EXPECT_EQ(s.clock.time_of_day, 620);
  for (const char* id : {"nh", "rk"}) {
    const Unit* u = s.FindUnit(id);
    EXPECT_FALSE(u->off_table) << id;
    EXPECT_LE(Distance(u->position, Vec2(60, 20)), 3 * kCompanyRadius) << id;
    EXPECT_LE(u->position.x(), 60.0);
    EXPECT_EQ(impi::ferree::UnitOf(s, u->id).entry_point, 5);
  }
  // They get counters from that turn.
  const Event* turn3 = nullptr;
  const Event* arrival = nullptr;
  for (const Event& e : all.events()) {
    if (e.kind == EventKind::kTurnStarted && e.why.text.find("Turn 3") == 0) turn3 = &e;
    if (e.kind == EventKind::kMoved && e.side == Side::kBritish &&
        e.why.rule.table == "C. Durnford's Arrival") {
      arrival = &e;
    }
  }
  ASSERT_NE(arrival, nullptr);
  EXPECT_EQ(arrival->point, 5);
  EXPECT_THAT(arrival->why.text, HasSubstr("Rorke's Drift"));
  ASSERT_NE(turn3, nullptr);
  EXPECT_THAT(turn3->unit_ids, Contains("nh"));
  EXPECT_THAT(turn3->unit_ids, Contains("rk"));
}

TEST_F(FerreeGaps, AUnitThatLeavesTheTableDoesNotComeBackWithDurnford) {
  BattleState s = WithDurnford();
  impi::ferree::Own(s).situation.reinforcement_arrival = 700;
  EventLog all;
  PlayTo(rules_, s, 2, all, [](const BattleState&) {});
  ASSERT_EQ(s.clock.turn, 2);
  // b1 escapes off the table on turn 2; the clock passes Durnford's time.
  s.FindUnit("b1")->off_table = true;
  s.FindUnit("nh")->off_table = true;
  s.clock.time_of_day = 700;
  impi::ferree::Own(s).chits_left = {"r1"};
  impi::ferree::Own(s).segment = 0;
  PlayTo(rules_, s, 3, all, [](const BattleState&) {});
  ASSERT_EQ(s.clock.turn, 3);
  EXPECT_TRUE(s.FindUnit("b1")->off_table) << "an escaped company stays away";
  EXPECT_FALSE(s.FindUnit("nh")->off_table);
}

TEST_F(FerreeGaps, WithoutARoadDurnfordComesOnWhereHeStandsOffTheTable) {
  BattleState s = WithDurnford();
  s.points.clear();
  s.FindUnit("nh")->position = Vec2(70, 30);
  impi::ferree::Own(s).situation.reinforcement_arrival = 600;  // on turn 1
  EventLog all;
  PlayTo(rules_, s, 1, all, [](const BattleState&) {});
  ASSERT_EQ(s.clock.turn, 1);
  const Unit* nh = s.FindUnit("nh");
  EXPECT_FALSE(nh->off_table);
  EXPECT_NEAR(nh->position.x(), 60 - Radius(*nh), 1e-9);
  EXPECT_NEAR(nh->position.y(), 30, 1e-9);
}

// --- 3. British deployment candidates -----------------------------------------

BattleState BritishDeploymentNext(Deployment d) {
  BattleState s = ZuluDeploymentNext();
  impi::ferree::Own(s).segment = kPreBattleBritishDeploy;
  impi::ferree::Own(s).situation.deployment = d;
  return s;
}

std::vector<Action> Deploys(const std::vector<Action>& options) {
  std::vector<Action> out;
  for (const Action& a : options) {
    if (a.kind == ActionKind::kDeploy) out.push_back(a);
  }
  return out;
}

TEST_F(FerreeGaps, PulledInOffersEachCompanyBeyondTheBandAPlaceSevenInchesFromCamp) {
  BattleState s = BritishDeploymentNext(impi::ferree::Deployment::kPulledIn);
  // b1 at (30, 30) is 20" from the camp's edge (y = 10): beyond the 15" of a
  // historical deployment. b2 at (30, 22) is 12" out: within 7"-15".
  Add(s, "b2", Side::kBritish, UnitKind::kInfantry, {42, 10}, 20);  // 8" right of the camp
  Add(s, "w1", Side::kBritish, UnitKind::kWagon, {30, 40}, 0);  // not troops
  std::vector<Action> options = rules_.LegalActions(s, Side::kBritish);
  ASSERT_FALSE(options.empty());
  EXPECT_EQ(options.back().kind, ActionKind::kEndDeployment);
  std::vector<Action> deploys = Deploys(options);
  ASSERT_EQ(deploys.size(), 1u);
  EXPECT_EQ(deploys[0].unit_id, "b1");
  // On the line to the camp's centre (30, 6), 7" (and a little) from its edge.
  EXPECT_NEAR(deploys[0].to.x(), 30, 1e-6);
  EXPECT_NEAR(deploys[0].to.y(), 17.25, 1e-6);
  // Each candidate is accepted.
  EventLog log;
  Dice dice = Dice::Scripted({});
  Awaiting next;
  ASSERT_TRUE(Advance(rules_, s, {deploys[0]}, PolicySpec{}, dice, log, &next).ok());
  EXPECT_TRUE(Deploys(rules_.LegalActions(s, Side::kBritish)).empty());
}

TEST_F(FerreeGaps, HistoricalOffersACompanyTooCloseAPlaceFifteenInchesOut) {
  BattleState s = BritishDeploymentNext(impi::ferree::Deployment::kHistorical);
  s.FindUnit("b1")->position = Vec2(30, 14);  // 4" from the camp
  std::vector<Action> deploys = Deploys(rules_.LegalActions(s, Side::kBritish));
  ASSERT_EQ(deploys.size(), 1u);
  EXPECT_NEAR(deploys[0].to.y(), 25.25, 1e-6);
  s.FindUnit("b1")->position = Vec2(30, 40);  // far out: fine historically
  EXPECT_TRUE(Deploys(rules_.LegalActions(s, Side::kBritish)).empty());
}

BattleState Fortified(Deployment d) {
  BattleState s = BritishDeploymentNext(d);
  Terrain& laager = s.terrain.emplace_back();
  laager.id = "laager";
  laager.kind = TerrainKind::kLaager;
  laager.outline = {{26, 2}, {34, 2}, {34, 10}, {26, 10}};
  for (int i = 2; i <= 4; ++i) {
    Add(s, "b" + std::to_string(i), Side::kBritish, UnitKind::kInfantry, {10.0 * i + 5, 30}, 20);
  }
  return s;
}

TEST_F(FerreeGaps, HalfFortifiedOffersTheLaagerToHalfOfTheCompanies) {
  BattleState s = Fortified(impi::ferree::Deployment::kHalfFortified);  // four companies
  std::vector<Action> deploys = Deploys(rules_.LegalActions(s, Side::kBritish));
  ASSERT_EQ(deploys.size(), 4u);
  const Terrain& laager = s.terrain.back();
  for (const Action& a : deploys) EXPECT_TRUE(PointInPolygon(a.to, laager.outline)) << a.unit_id;
  int inside = 0;
  for (int guard = 0; guard < 10; ++guard) {
    deploys = Deploys(rules_.LegalActions(s, Side::kBritish));
    if (deploys.empty()) break;
    EventLog log;
    Dice dice = Dice::Scripted({});
    Awaiting next;
    ASSERT_TRUE(Advance(rules_, s, {deploys[0]}, PolicySpec{}, dice, log, &next).ok());
    ++inside;
  }
  EXPECT_EQ(inside, 2) << "up to half of the four companies";
}

TEST_F(FerreeGaps, AllFortifiedOffersTheLaagerToEveryCompany) {
  BattleState s = Fortified(impi::ferree::Deployment::kAllFortified);
  int inside = 0;
  for (int guard = 0; guard < 10; ++guard) {
    std::vector<Action> deploys = Deploys(rules_.LegalActions(s, Side::kBritish));
    if (deploys.empty()) break;
    EventLog log;
    Dice dice = Dice::Scripted({});
    Awaiting next;
    ASSERT_TRUE(Advance(rules_, s, {deploys.back()}, PolicySpec{}, dice, log, &next).ok());
    ++inside;
  }
  EXPECT_EQ(inside, 4);
  const Terrain& laager = s.terrain.back();
  for (const Unit& u : s.units) {
    if (u.side == Side::kBritish) {
      EXPECT_TRUE(PointInPolygon(u.position, laager.outline)) << u.id;
    }
  }
}

}  // namespace
}  // namespace impi::ferree
