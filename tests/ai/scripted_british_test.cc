// The scripted British player for Ferree's Isandlwana: the most dangerous
// target, bayonets at 6", runners when low, falling back when cut off.
#include "ai/british/scripted_british.h"

#include <string>
#include <vector>

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
