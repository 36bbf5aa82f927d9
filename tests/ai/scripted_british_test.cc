// The scripted British player for Ferree's Isandlwana: the most dangerous
// target, bayonets at 6", runners when low, falling back when cut off.
#include "ai/british/scripted_british.h"

#include <string>
#include <vector>

#include "engine/core/event.h"
#include "engine/game/driver.h"
#include "engine/rulesets/ferree/ferree.h"
#include "gtest/gtest.h"
#include "tests/ai/ferree_table.h"

namespace impi::ai {
namespace {

using testing::FerreeTable;
using testing::kTrayToCompany;

int Pick(const BattleState& s, const std::vector<Action>& options, std::string* why = nullptr) {
  ScriptedBritish british;
  Dice dice = Dice::Scripted({});
  return british.Choose(s, options, dice, why);
}

Action Fire(const std::string& unit, const std::string& target) {
  return FerreeTable::Make(ActionKind::kFire, unit, target);
}
Action Pass(const std::string& unit) { return FerreeTable::Make(ActionKind::kPass, unit); }

TEST(ScriptedBritishTest, FiresAtTheNearestTrayWithinSixBeforeAFartherOne) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("far", 2, {Vec2(50, 30 + 10 + kTrayToCompany)});
  t.Regiment("near", 2, {Vec2(50, 30 - 4 - kTrayToCompany)});
  std::string why;
  EXPECT_EQ(Pick(t.s, {Fire("a_coy", "far_t1"), Fire("a_coy", "near_t1"), Pass("a_coy")}, &why), 1);
  EXPECT_NE(why.find("within 6"), std::string::npos) << why;
  // Beyond 6" the nearer of two is still first.
  t.s.FindUnit("near_t1")->position = Vec2(50, 30 - 8 - kTrayToCompany);
  EXPECT_EQ(Pick(t.s, {Fire("a_coy", "far_t1"), Fire("a_coy", "near_t1"), Pass("a_coy")}), 1);
}

TEST(ScriptedBritishTest, PrefersAnUnpinnedTrayWithinSixToAPinnedOne) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("pinned", 2, {Vec2(50, 30 + 2 + kTrayToCompany)});
  t.s.FindUnit("pinned_t1")->status.pinned = true;
  t.Regiment("coming", 2, {Vec2(50, 30 - 5 - kTrayToCompany)});
  EXPECT_EQ(Pick(t.s, {Fire("a_coy", "pinned_t1"), Fire("a_coy", "coming_t1")}), 1);
}

TEST(ScriptedBritishTest, FixesBayonetsWhenATrayIsWithinSix) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 4 + kTrayToCompany)});
  const std::vector<Action> options = {
      Fire("a_coy", "r_x_t1"), FerreeTable::Make(ActionKind::kFixBayonets, "a_coy"), Pass("a_coy")};
  EXPECT_EQ(Pick(t.s, options), 1);
  // At 8" the company fires instead: bayonets cost -1 to shooting.
  t.s.FindUnit("r_x_t1")->position = Vec2(50, 30 + 8 + kTrayToCompany);
  EXPECT_EQ(Pick(t.s, options), 0);
  // With bayonets fixed it does not fix them again.
  t.s.FindUnit("r_x_t1")->position = Vec2(50, 30 + 4 + kTrayToCompany);
  t.s.FindUnit("a_coy")->status.bayonets_fixed = true;
  EXPECT_EQ(Pick(t.s, options), 0);
}

// British Firing Table: mounted figures hit only on a 6 and fire one rank;
// mounted troops with Zulu trays within 12" dismount, then fire on foot.
TEST(ScriptedBritishTest, MountedTroopsDismountToFire) {
  FerreeTable t;
  t.Company("nnh", Vec2(50, 30));
  Unit* nnh = t.s.FindUnit("nnh");
  nnh->kind = UnitKind::kNativeHorse;
  nnh->stance = Stance::kMounted;
  t.Regiment("r_x", 2, {Vec2(50, 30 + 10 + kTrayToCompany)});
  Action dismount = FerreeTable::Make(ActionKind::kStance, "nnh");
  dismount.stance = Stance::kDismounted;
  std::string why;
  EXPECT_EQ(Pick(t.s, {Fire("nnh", "r_x_t1"), dismount, Pass("nnh")}, &why), 1);
  EXPECT_NE(why.find("dismount"), std::string::npos) << why;
  // Beyond 12" they stay mounted.
  t.s.FindUnit("r_x_t1")->position = Vec2(50, 30 + 16 + kTrayToCompany);
  EXPECT_EQ(Pick(t.s, {dismount, Pass("nnh")}), 1);
}

TEST(ScriptedBritishTest, GunsFireAtTheLargestTray) {
  FerreeTable t;
  t.Company("gun", Vec2(50, 30), UnitKind::kGun, 4);
  t.Regiment("small", 2, {Vec2(50, 40)});
  t.s.FindUnit("small_t1")->figures.fit = 10;
  t.Regiment("large", 2, {Vec2(50, 60)});
  EXPECT_EQ(Pick(t.s, {Fire("gun", "small_t1"), Fire("gun", "large_t1"), Pass("gun")}), 1);
}

TEST(ScriptedBritishTest, FallsBackTowardsTheCampWhenTraysCloseOnTwoSides) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 2 + kTrayToCompany)});
  t.Regiment("r_y", 3, {Vec2(50, 30 - 2 - kTrayToCompany)});
  const std::vector<Action> options = {Fire("a_coy", "r_x_t1"),
                                       FerreeTable::MoveTo("a_coy", Vec2(60, 30)),
                                       FerreeTable::MoveTo("a_coy", Vec2(29, 30)), Pass("a_coy")};
  EXPECT_EQ(Pick(t.s, options), 2);
  // Trays on one side only: hold the line and fire.
  t.s.FindUnit("r_y_t1")->position = Vec2(50, 30 + 2 + kTrayToCompany + 3);
  EXPECT_EQ(Pick(t.s, options), 0);
}

TEST(ScriptedBritishTest, MakesTheRetireMoveTowardsTheCamp) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30)).status.retiring = true;
  EXPECT_EQ(Pick(t.s, {FerreeTable::MoveTo("a_coy", Vec2(60, 30)),
                       FerreeTable::MoveTo("a_coy", Vec2(45, 30)), Pass("a_coy")}),
            1);
}

TEST(ScriptedBritishTest, SendsARunnerWhenLow) {
  FerreeTable t;
  Unit& coy = t.Company("a_coy", Vec2(50, 30));
  const std::vector<Action> options = {FerreeTable::Make(ActionKind::kSendRunner, "a_coy"),
                                       Pass("a_coy")};
  EXPECT_EQ(Pick(t.s, options), 1) << "plenty of ammunition: no runner";
  coy.status.turns_fired = 4;  // one of the five turns of fire left
  EXPECT_EQ(Pick(t.s, options), 0);
  coy.status.turns_fired = 0;
  coy.status.ammunition = Ammunition::kLow;
  EXPECT_EQ(Pick(t.s, options), 0);
}

TEST(ScriptedBritishTest, KeepsTheScenarioDeployment) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  Action deploy = FerreeTable::MoveTo("a_coy", Vec2(40, 30));
  deploy.kind = ActionKind::kDeploy;
  EXPECT_EQ(Pick(t.s, {deploy, FerreeTable::Make(ActionKind::kEndDeployment, "")}), 1);
}

// Plays the British deployment with the script through the engine's
// candidates (LegalActions) until it ends the deployment; returns the
// DEPLOY actions it took.
std::vector<Action> DeployWithTheScript(BattleState& s) {
  ferree::FerreeRuleset rules;
  s.clock.phase = Phase::kPreBattle;
  impi::ferree::Own(s).segment = ferree::kPreBattleBritishDeploy;
  impi::ferree::Own(s).situation.rolled = true;
  std::vector<Action> taken;
  for (int guard = 0; guard < 20; ++guard) {
    const std::vector<Action> options = rules.LegalActions(s, Side::kBritish);
    const Action a = options[Pick(s, options)];
    if (a.kind != ActionKind::kDeploy) {
      EXPECT_EQ(a.kind, ActionKind::kEndDeployment);
      break;
    }
    taken.push_back(a);
    Dice dice = Dice::Scripted({});
    EventLog log;
    Awaiting next;
    EXPECT_TRUE(Advance(rules, s, {a}, PolicySpec{}, dice, log, &next).ok());
  }
  return taken;
}

TEST(ScriptedBritishTest, PullsTheTroopsInWhenTheSituationSaysSo) {
  FerreeTable t;  // the camp's edge at x = 33
  t.Company("far", Vec2(50, 30));   // 17" out: beyond the historical 15"
  t.Company("near", Vec2(44, 30));  // 11" out: already pulled in
  impi::ferree::Own(t.s).situation.deployment = impi::ferree::Deployment::kPulledIn;
  std::vector<Action> taken = DeployWithTheScript(t.s);
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken[0].unit_id, "far");
  EXPECT_NEAR(t.s.FindUnit("far")->position.x(), 40.25, 1e-6) << "7\" from the camp";
  EXPECT_EQ(t.s.FindUnit("near")->position, Vec2(44, 30));
  // Historically the scenario's positions are kept.
  FerreeTable h;
  h.Company("close", Vec2(36, 30));  // 3" out: a DEPLOY to 15" is offered
  impi::ferree::Own(h.s).situation.deployment = impi::ferree::Deployment::kHistorical;
  EXPECT_TRUE(DeployWithTheScript(h.s).empty());
  EXPECT_EQ(h.s.FindUnit("close")->position, Vec2(36, 30));
}

TEST(ScriptedBritishTest, PutsTheNearestCompaniesIntoTheFortifiedPosition) {
  FerreeTable t;
  Terrain& laager = t.s.terrain.emplace_back();
  laager.id = "laager";
  laager.kind = TerrainKind::kLaager;
  laager.outline = {Vec2(25, 22), Vec2(33, 22), Vec2(33, 38), Vec2(25, 38)};
  t.Company("a", Vec2(40, 30));
  t.Company("b", Vec2(60, 30));
  t.Company("c", Vec2(29, 44));
  t.Company("d", Vec2(10, 30));
  impi::ferree::Own(t.s).situation.deployment = impi::ferree::Deployment::kHalfFortified;
  std::vector<Action> taken = DeployWithTheScript(t.s);
  ASSERT_EQ(taken.size(), 2u) << "up to half of the four companies";
  EXPECT_EQ(taken[0].unit_id, "c") << "the nearest first";
  EXPECT_EQ(taken[1].unit_id, "a");
  for (const char* id : {"a", "c"}) {
    EXPECT_TRUE(PointInPolygon(t.s.FindUnit(id)->position, laager.outline)) << id;
  }
  EXPECT_EQ(t.s.FindUnit("b")->position, Vec2(60, 30));
}

TEST(ScriptedBritishTest, UnlimbersToFireAndHoldsTheLine) {
  FerreeTable t;
  Unit& rockets = t.Company("rockets", Vec2(50, 30), UnitKind::kRockets, 3);
  rockets.status.limbered = true;
  t.Regiment("r_x", 2, {Vec2(50, 60)});
  EXPECT_EQ(Pick(t.s, {FerreeTable::MoveTo("rockets", Vec2(55, 35)),
                       FerreeTable::Make(ActionKind::kUnlimber, "rockets"), Pass("rockets")}),
            1);
  // Nothing in range and nothing threatening: no move, no charge.
  FerreeTable quiet;
  quiet.Company("a_coy", Vec2(50, 30));
  quiet.Regiment("r_x", 2, {Vec2(50, 30 + 3 + kTrayToCompany)});
  EXPECT_EQ(
      Pick(quiet.s, {FerreeTable::MoveTo("a_coy", Vec2(55, 35)),
                     FerreeTable::Make(ActionKind::kCharge, "a_coy", "r_x_t1"), Pass("a_coy")}),
      2);
}

}  // namespace
}  // namespace impi::ai
