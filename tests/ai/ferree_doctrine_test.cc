// The Zulu RULES doctrine for Ferree's Isandlwana picks the option the rules'
// spirit and the history ask for, in small hand-made tables.
#include "ai/doctrine/ferree/ferree_doctrine.h"

#include <map>
#include <string>
#include <vector>

#include "ai/doctrine/ferree/battlefield.h"
#include "gtest/gtest.h"
#include "tests/ai/ferree_table.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ai {
namespace {

using testing::FerreeTable;
using testing::kTrayToCompany;

int Pick(const BattleState& s, const std::vector<Action>& options, std::string* why = nullptr) {
  FerreeDoctrine doctrine;
  Dice dice = Dice::Scripted({});
  return doctrine.Choose(s, options, dice, why);
}

// The options the engine lists for a regiment's move (FerreeBattle::
// RegimentMoveOptions): towards the nearest British unit upright or ending
// prone, towards the camp, a stance change, hold.
std::vector<Action> RegimentOptions(const FerreeTable& t, const std::string& regiment,
                                    const std::string& british, Stance stance_change) {
  return {t.MoveTowards(regiment, british), t.MoveTowards(regiment, british, Stance::kProne),
          FerreeTable::MoveTo(regiment, Vec2(29, 30)),
          FerreeTable::StanceTo(regiment, stance_change),
          FerreeTable::Make(ActionKind::kPass, regiment)};
}

constexpr int kMoveUpright = 0;
constexpr int kMoveProne = 1;
constexpr int kMoveCamp = 2;
constexpr int kStance = 3;
constexpr int kHold = 4;

TEST(FerreeDoctrineTest, GoesProneUnderFireAtTenInches) {
  FerreeTable t;
  t.FiringCompany("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 10 + kTrayToCompany)});
  const Unit* concern = nullptr;
  EXPECT_EQ(PostureOf(t.s, "r_x", &concern), ZuluPosture::kGoToGround);
  ASSERT_NE(concern, nullptr);
  EXPECT_EQ(concern->id, "a_coy");
  std::string why;
  EXPECT_EQ(Pick(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kProne), &why), kStance);
  EXPECT_NE(why.find("prone"), std::string::npos) << why;
}

TEST(FerreeDoctrineTest, TheBoldStyleChargesAFiringCompanyAtTenInches) {
  // The same table as above: the doctrine goes to ground, the bold style
  // (not in the source text) rises and charges the company still firing.
  FerreeTable t;
  t.FiringCompany("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 10 + kTrayToCompany)});
  const Unit* concern = nullptr;
  EXPECT_EQ(PostureOf(t.s, "r_x", &concern, FerreeStyle::kBold), ZuluPosture::kAttack);
  ASSERT_NE(concern, nullptr);
  EXPECT_EQ(concern->id, "a_coy");
  FerreeDoctrine bold(FerreeStyle::kBold);
  Dice dice = Dice::Scripted({});
  std::string why;
  EXPECT_EQ(bold.Choose(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kProne), dice, &why),
            kMoveUpright);
  EXPECT_NE(why.find("bold"), std::string::npos) << why;
  EXPECT_NE(why.find("charge"), std::string::npos) << why;
  // Beyond rifle range both advance alike: the style changes the one rule.
  FerreeTable far;
  far.FiringCompany("a_coy", Vec2(50, 30));
  far.Regiment("r_x", 2, {Vec2(50, 30 + 16 + kTrayToCompany)});
  EXPECT_EQ(PostureOf(far.s, "r_x", nullptr, FerreeStyle::kBold), ZuluPosture::kAdvance);
  EXPECT_EQ(bold.Choose(far.s, RegimentOptions(far, "r_x", "a_coy", Stance::kProne), dice, nullptr),
            kMoveProne);
}

TEST(FerreeDoctrineTest, StylesAreNamed) {
  EXPECT_EQ(FerreeStyleNamed(""), FerreeStyle::kDoctrine);
  EXPECT_EQ(FerreeStyleNamed("bold"), FerreeStyle::kBold);
  EXPECT_EQ(FerreeStyleNamed("timid"), std::nullopt);
}

TEST(FerreeDoctrineTest, LiesStillWhenAlreadyProneUnderFire) {
  FerreeTable t;
  t.FiringCompany("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 10 + kTrayToCompany)}, Stance::kProne);
  EXPECT_EQ(Pick(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kUpright)), kHold);
}

TEST(FerreeDoctrineTest, AdvancesUprightWhenTheCompanyHasNotFired) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 10 + kTrayToCompany)});
  EXPECT_EQ(PostureOf(t.s, "r_x"), ZuluPosture::kAdvance);
  EXPECT_EQ(Pick(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kProne)), kMoveUpright);
}

TEST(FerreeDoctrineTest, ARushEndingInTheFireZoneEndsProne) {
  // 16" from a firing company: an average 2D6 rush (7") ends 9" from it.
  FerreeTable t;
  t.FiringCompany("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 16 + kTrayToCompany)});
  EXPECT_EQ(PostureOf(t.s, "r_x"), ZuluPosture::kAdvance);
  EXPECT_EQ(Pick(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kProne)), kMoveProne);
  // Far out, the regiment runs on upright.
  FerreeTable far;
  far.FiringCompany("a_coy", Vec2(50, 30));
  far.Regiment("r_x", 2, {Vec2(50, 30 + 30 + kTrayToCompany)});
  EXPECT_EQ(Pick(far.s, RegimentOptions(far, "r_x", "a_coy", Stance::kProne)), kMoveUpright);
}

TEST(FerreeDoctrineTest, RisesAndChargesACompanyOutOfAmmunition) {
  FerreeTable t;
  Unit& coy = t.FiringCompany("a_coy", Vec2(50, 30));
  coy.status.ammunition = Ammunition::kOut;
  t.Regiment("r_x", 2, {Vec2(50, 30 + 10 + kTrayToCompany)}, Stance::kProne);
  EXPECT_EQ(PostureOf(t.s, "r_x"), ZuluPosture::kAttack);
  std::string why;
  EXPECT_EQ(Pick(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kUpright), &why), kStance);
  EXPECT_NE(why.find("rise and charge"), std::string::npos) << why;
  // Standing, it charges the company: upright, not to ground, not the camp.
  t.s.FindUnit("r_x_t1")->stance = Stance::kUpright;
  EXPECT_EQ(Pick(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kProne)), kMoveUpright);
}

TEST(FerreeDoctrineTest, ChargesTheCompanyThatSlackenedRatherThanTheOneStillFiring) {
  FerreeTable t;
  t.FiringCompany("firing", Vec2(50, 30));
  Unit& low = t.FiringCompany("low", Vec2(62, 30));
  low.status.ammunition = Ammunition::kLow;
  // 8" from the firing company, 10" from the one low on ammunition.
  const double y = 30 + 8 + kTrayToCompany;
  t.Regiment("r_x", 2, {Vec2(50, y)});
  t.s.FindUnit("low")->position =
      Vec2(50 + std::sqrt(std::pow(10 + kTrayToCompany, 2) - std::pow(y - 30, 2)), 30);
  const Unit* concern = nullptr;
  ASSERT_EQ(PostureOf(t.s, "r_x", &concern), ZuluPosture::kAttack);
  EXPECT_EQ(concern->id, "low");
  EXPECT_EQ(Pick(t.s, {t.MoveTowards("r_x", "firing"), t.MoveTowards("r_x", "low")}), 1);
}

TEST(FerreeDoctrineTest, TraysWithinSixInchesChargeHome) {
  FerreeTable t;
  t.FiringCompany("a_coy", Vec2(50, 30));
  t.Regiment("r_x", 2, {Vec2(50, 30 + 5 + kTrayToCompany)});
  EXPECT_EQ(PostureOf(t.s, "r_x"), ZuluPosture::kAttack);
  EXPECT_EQ(Pick(t.s, RegimentOptions(t, "r_x", "a_coy", Stance::kProne)), kMoveUpright);
}

TEST(FerreeDoctrineTest, TheHornsKeepWideAndTheChestGoesStraightIn) {
  // A company out in front of the camp's north-east corner. The right horn,
  // out to the west of the chest, aims 8" wide of it, outwards: that is
  // nearer the camp than the company, so it makes for the camp. The chest
  // goes straight for the company.
  FerreeTable t;
  t.Company("a_coy", Vec2(40, 36));
  t.Regiment("chest", 2, {Vec2(60, 60)});
  t.Regiment("horn", 1, {Vec2(20, 60)});
  EXPECT_EQ(Pick(t.s, {t.MoveTowards("horn", "a_coy"), FerreeTable::MoveTo("horn", Vec2(29, 30))}),
            1);
  EXPECT_EQ(
      Pick(t.s, {FerreeTable::MoveTo("chest", Vec2(29, 30)), t.MoveTowards("chest", "a_coy")}), 1);
  // Within rifle range the horn turns in on the company.
  t.s.FindUnit("horn_t1")->position = Vec2(40, 36 + 10 + kTrayToCompany);
  t.s.FindUnit("a_coy")->status.ammunition = Ammunition::kOut;
  EXPECT_EQ(Pick(t.s, {t.MoveTowards("horn", "a_coy"), FerreeTable::MoveTo("horn", Vec2(29, 30))}),
            0);
}

TEST(FerreeDoctrineTest, OrdersTheUnactedRegimentNearestTheEnemy) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("far", 2, {Vec2(50, 30 + 20 + kTrayToCompany)});
  t.Regiment("near_acted", 2, {Vec2(45, 30 + 5 + kTrayToCompany)}).status.acted = true;
  t.Regiment("mid", 2, {Vec2(55, 30 + 10 + kTrayToCompany)});
  t.Figure("induna", UnitKind::kInduna, Vec2(50, 45));
  const std::vector<Action> orders = {FerreeTable::Make(ActionKind::kOrder, "induna", "far"),
                                      FerreeTable::Make(ActionKind::kOrder, "induna", "near_acted"),
                                      FerreeTable::Make(ActionKind::kOrder, "induna", "mid"),
                                      FerreeTable::Make(ActionKind::kPass, "induna")};
  EXPECT_EQ(Pick(t.s, orders), 2);
  // The induna walks to that regiment's nearest tray to give the order.
  Action to_far = FerreeTable::Make(ActionKind::kMove, "induna", "far_t1");
  to_far.to = t.s.FindUnit("far_t1")->position;
  Action to_mid = FerreeTable::Make(ActionKind::kMove, "induna", "mid_t1");
  to_mid.to = t.s.FindUnit("mid_t1")->position;
  EXPECT_EQ(Pick(t.s, {to_far, to_mid, FerreeTable::Make(ActionKind::kPass, "induna")}), 1);
}

// Designed (docs/scenarios/isandlwana.md): an induna keeps to his division:
// he goes to the regiments of his own regiment's division, not to a nearer
// one of another.
TEST(FerreeDoctrineTest, AnIndunaKeepsToHisDivision) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("own", 1, {Vec2(20, 60)}).status.acted = true;
  t.Regiment("chest", 2, {Vec2(55, 30 + 8 + kTrayToCompany)});
  t.Regiment("horn", 1, {Vec2(35, 30 + 16 + kTrayToCompany)});
  t.Figure("induna", UnitKind::kInduna, Vec2(45, 50), "own");
  Action to_chest = FerreeTable::Make(ActionKind::kMove, "induna", "chest_t1");
  to_chest.to = t.s.FindUnit("chest_t1")->position;
  Action to_horn = FerreeTable::Make(ActionKind::kMove, "induna", "horn_t1");
  to_horn.to = t.s.FindUnit("horn_t1")->position;
  const std::vector<Action> moves = {to_chest, to_horn,
                                     FerreeTable::Make(ActionKind::kPass, "induna")};
  EXPECT_EQ(Pick(t.s, moves), 1);
  // A division induna (no parent, a division of his own) likewise.
  t.s.FindUnit("induna")->parent = SharedString();
  impi::ferree::MutableUnitOf(t.s, "induna").division = 1;
  EXPECT_EQ(Pick(t.s, moves), 1);
  // The army's commander (neither) goes to the nearer, of any division.
  impi::ferree::MutableUnitOf(t.s, "induna").division = 0;
  EXPECT_EQ(Pick(t.s, moves), 0);
}

TEST(FerreeDoctrineTest, OrdersNobodyWhoHasActed) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("acted", 2, {Vec2(50, 40)}).status.acted = true;
  t.Figure("induna", UnitKind::kInduna, Vec2(50, 45));
  EXPECT_EQ(Pick(t.s, {FerreeTable::Make(ActionKind::kOrder, "induna", "acted"),
                       FerreeTable::Make(ActionKind::kPass, "induna")}),
            1);
}

// Plays the Zulu plan as the engine offers it (FerreeBattle::PlanOptions):
// every regiment that may still go off-board (all of the loins, the right
// horn while fewer than two have gone) to each entry point, and
// END_DEPLOYMENT. Returns regiment -> entry point.
std::map<std::string, int> PlayPlan(BattleState s) {
  std::map<std::string, int> sent;
  for (int guard = 0; guard < 100; ++guard) {
    int right_horn_off = 0;
    for (const auto& [id, point] : sent) {
      if (impi::ferree::UnitOf(s, id).division == 1) ++right_horn_off;
    }
    std::vector<Action> options;
    for (const Unit& u : s.units) {
      if (u.kind != UnitKind::kRegiment || sent.count(u.id)) continue;
      const int d = impi::ferree::UnitOf(s, u.id).division;
      if (d == 4 || (d == 1 && right_horn_off < 2)) {
        for (int p : {1, 2}) {
          Action a = FerreeTable::Make(ActionKind::kOffBoard, u.id);
          a.point = p;
          a.off_table = true;
          options.push_back(a);
        }
      }
    }
    options.push_back(FerreeTable::Make(ActionKind::kEndDeployment, ""));
    const Action a = options[Pick(s, options)];
    if (a.kind == ActionKind::kEndDeployment) break;
    sent[a.unit_id] = a.point;
    impi::ferree::Own(s).secret_entries.push_back({a.unit_id, 5, a.point});
    for (Unit& u : s.units) {
      if (u.parent == a.unit_id) u.off_table = true;
    }
  }
  return sent;
}

TEST(FerreeDoctrineTest, PlanSendsTheLoinsAndTwoRightHornRegimentsOffBoard) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30));
  t.Regiment("chest", 2, {Vec2(45, 66), Vec2(48, 66)});
  t.Regiment("rh_tip", 1, {Vec2(6, 66)});
  t.Regiment("rh_outer", 1, {Vec2(12, 66)});
  t.Regiment("rh_inner", 1, {Vec2(20, 66)});
  t.Regiment("rh_next_to_chest", 1, {Vec2(30, 66)});
  t.Regiment("loins_a", 4, {Vec2(40, 70)});
  t.Regiment("loins_b", 4, {Vec2(56, 70)});
  t.Regiment("left_horn", 3, {Vec2(90, 60)});
  EXPECT_EQ(RightHornFlankers(t.s), (std::vector<std::string>{"rh_tip", "rh_outer"}));
  const std::map<std::string, int> sent = PlayPlan(t.s);
  const std::map<std::string, int> expected = {
      {"loins_a", 2}, {"loins_b", 2}, {"rh_tip", 1}, {"rh_outer", 1}};
  EXPECT_EQ(sent, expected);
}

TEST(FerreeDoctrineTest, KeepsTheScenarioDeployment) {
  FerreeTable t;
  t.Regiment("r_x", 2, {Vec2(50, 60)});
  Action deploy = FerreeTable::MoveTo("r_x", Vec2(50, 50));
  deploy.kind = ActionKind::kDeploy;
  EXPECT_EQ(Pick(t.s, {deploy, FerreeTable::Make(ActionKind::kEndDeployment, "")}), 1);
}

TEST(FerreeDoctrineTest, SniperShootsAnOfficerInSightElseTheNearestFigure) {
  FerreeTable t;
  t.Company("near", Vec2(50, 36));
  Unit& officers = t.Company("officers_only", Vec2(50, 20));
  officers.figures.fit = 2;  // both leaders: only officers left
  t.Regiment("r_x", 2, {Vec2(50, 60)});
  t.Figure("sniper", UnitKind::kSniper, Vec2(50, 44), "r_x");
  const std::vector<Action> fire = {FerreeTable::Make(ActionKind::kFire, "sniper", "near"),
                                    FerreeTable::Make(ActionKind::kFire, "sniper", "officers_only"),
                                    FerreeTable::Make(ActionKind::kPass, "sniper")};
  EXPECT_EQ(Pick(t.s, fire), 1);
  t.s.FindUnit("officers_only")->figures.fit = 8;
  EXPECT_EQ(Pick(t.s, fire), 0) << "no officer to pick out: the nearest figure";
}

TEST(FerreeDoctrineTest, AlwaysTestsToChargeARetiringUnit) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30)).status.retiring = true;
  t.Regiment("r_x", 2, {Vec2(50, 30 + 5 + kTrayToCompany)}, Stance::kProne);
  t.s.FindUnit("r_x_t1")->status.pinned = true;
  EXPECT_EQ(Pick(t.s, {FerreeTable::Make(ActionKind::kPass, "r_x_t1"),
                       FerreeTable::Make(ActionKind::kCharge, "r_x_t1", "a_coy")}),
            1);
}

TEST(FerreeDoctrineTest, ZuluValueWeighsBritishLossesAgainstBrokenRegiments) {
  FerreeTable t;
  t.Company("a_coy", Vec2(50, 30), UnitKind::kInfantry, 10);
  t.Regiment("r_a", 2, {Vec2(50, 60)});
  t.Regiment("r_b", 2, {Vec2(60, 60)});
  EXPECT_DOUBLE_EQ(ZuluValue(t.s), 0.0);
  Unit& coy = *t.s.FindUnit("a_coy");
  coy.figures.fit = 5;
  coy.figures.casualties = 3;
  coy.figures.seriously_wounded = 2;
  EXPECT_DOUBLE_EQ(ZuluValue(t.s), 0.5);
  t.s.FindUnit("r_b")->status.broken = true;
  EXPECT_DOUBLE_EQ(ZuluValue(t.s), 0.0);
  t.s.FindUnit("r_a_t1")->figures.fit = 0;
  EXPECT_DOUBLE_EQ(ZuluValue(t.s), -0.5);
}

// TraysGapToBritish leaves out the targets surely beyond a gap some tray has
// (battlefield.cc): its answer is the nearest pair of a plain pass, each tray
// taking the first of its nearest targets and the first tray at the least
// gap winning, on tables laid out on a coarse grid so that ties are common.
TEST(FerreeBattlefieldTest, TraysGapToBritishIsThePlainPassesNearestPair) {
  CounterRng rng(7, 0);
  const UnitKind kinds[] = {UnitKind::kInfantry, UnitKind::kGun, UnitKind::kWagon,
                            UnitKind::kRunner};
  for (int table = 0; table < 2000; ++table) {
    std::vector<Unit> units(2 + rng.Uniform(14) + 1 + rng.Uniform(30));
    const size_t n_trays = 1 + rng.Uniform(std::min<uint64_t>(units.size() - 1, 12));
    std::vector<const Unit*> trays, targets;
    for (size_t i = 0; i < units.size(); ++i) {
      Unit& u = units[i];
      const bool tray = i < n_trays;
      u.kind = tray ? UnitKind::kTray : kinds[rng.Uniform(4)];
      u.side = tray ? Side::kZulu : Side::kBritish;
      // Half a table on a grid of 2" (ties), half anywhere.
      u.position = table % 2 == 0
                       ? Vec2(2.0 * static_cast<double>(rng.Uniform(20)),
                              2.0 * static_cast<double>(rng.Uniform(15)))
                       : Vec2(40.0 * rng.UniformDouble(), 30.0 * rng.UniformDouble());
      (tray ? trays : targets).push_back(&u);
    }
    if (table % 7 == 0) targets.clear();
    double want = 1e300;
    const Unit* want_british = nullptr;
    const Unit* want_tray = nullptr;
    for (const Unit* t : trays) {
      const Unit* nearest = nullptr;
      double nearest_d = 1e300;
      for (const Unit* b : targets) {
        const double d = std::max(0.0, Distance(t->position, b->position) -
                                           ferree::Radius(*t) - ferree::Radius(*b));
        if (d < nearest_d) {
          nearest_d = d;
          nearest = b;
        }
      }
      if (nearest != nullptr && nearest_d < want) {
        want = nearest_d;
        want_british = nearest;
        want_tray = t;
      }
    }
    const Unit* got_british = nullptr;
    const Unit* got_tray = nullptr;
    const double got = ferree::TraysGapToBritish(trays, targets, &got_british, &got_tray);
    ASSERT_EQ(got_british, want_british) << "table " << table;
    ASSERT_EQ(got_tray, want_tray) << "table " << table;
    if (want_british != nullptr) {
      ASSERT_EQ(got, want) << "table " << table;
    } else {
      ASSERT_GE(got, 1e6) << "table " << table;
    }
  }
}

}  // namespace
}  // namespace impi::ai
