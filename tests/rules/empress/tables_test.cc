// tests/rules/empress/tables_test.cc: every printed chart and modifier of
// "Damned Wobbly Gentlemen" (002_865f726e11d3de83.txt), driven by scripted
// dice.
//
// The expected rows, kill numbers, rates and modifier reasons below are
// copied from the rules text (line breaks and runs of spaces folded to one
// space), not from tables.h, so a slip in the engine's copy fails here. Each
// test names its source: 002, the heading, and the line it checks.
#include "engine/rulesets/empress/tables.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/table_test_util.h"

namespace impi::empress {
namespace {

using ::impi::testing::ExpectDiceConsumed;
using ::testing::HasSubstr;

constexpr char kFile[] = "002_865f726e11d3de83.txt";

// Headings as printed.
constexpr char kMovement[] = "MOVEMENT- BY UNIT";
constexpr char kArtillery[] = "ARTILLERY";
constexpr char kRocket[] = "ROCKET.";
constexpr char kSmallArms[] = "SMALL ARMS FIRE. (Simultaneous Firing)";
constexpr char kMorale[] = "MORALE";
constexpr char kMelee[] = "MELEE";

// Rows as printed.
constexpr char kLinear[] =
    "Linear obstacles such as walls, hedges, dried up river beds remove 1 D6 from the movement "
    "allocation.";
constexpr char kMartini[] = "Martini - Henry 3, 4,5,6 4,5,6 5,6 6";
constexpr char kGatlingRule[] =
    "For Gatling Gun roll each die one after the other. If a 1 is rolled forfeit the next 2 "
    "dice. If a 1 is rolled on the last die to be rolled that turn the gun is completely jammed "
    "for the entire next move.";
constexpr char kFieldGun[] = "Field Gun 2,3,4,5,6 4,5,6 5,6 6";
constexpr char kRocketRow[] = "Field Gun N/A 4,5,6 5,6 6";
constexpr char kOk[] = "Total 6 or over unit OK.";
constexpr char kZulusPinned[] =
    "= Zulus lie down or crouch for following move and are pinned down. If this result occurs "
    "2 moves in a row on the second move the unit retires 2 moves away from enemy. Unit cannot "
    "fire for the rest of the game.";
constexpr char kZulusCaught[] =
    "Zulus will retire in good order unless caught doing so by charging Colonial cavalry when "
    "they can rout.";
constexpr char kBritRegulars[] = "= Brit regulars, minus 1 from next move firing die rolls.";
constexpr char kRegularCavalry[] = "Regular Cavalry will retire in good order and never rout.";
constexpr char kIrregulars[] =
    "= Colonial Irregulars now counts as permanently SHAKEN. Retires one move away from enemy.";
constexpr char kIrregularsRout[] =
    "Irregular foot and cavalry who have 2 failed morale checks in a row rout.";
constexpr char kMeleeRow[] =
    "Melee is simply done by placing two fighting figures opposite against each other and "
    "rolling a D6. The highest score is the winner.";
constexpr char kMeleeMany[] =
    "If a figure has more than one opponent each fight is taken as a separate engagement up to "
    "a total of 4 fights in one move.";

void ExpectRule(const Explanation& why, const std::string& section, const std::string& row,
                bool designed = false) {
  EXPECT_EQ(why.rule.source, kFile);
  EXPECT_EQ(why.rule.section, section);
  EXPECT_EQ(why.rule.row, row);
  EXPECT_EQ(why.rule.designed, designed);
}

// Each range in `edges` lands in its band (-1: past the last).
void ExpectBands(int (*band_of)(double), const std::vector<std::pair<double, int>>& edges) {
  for (const auto& [range, band] : edges) EXPECT_EQ(band_of(range), band) << range << "\"";
}

std::vector<std::string> Reasons(const DieRoll& roll) {
  std::vector<std::string> out;
  for (const Modifier& m : roll.modifiers) out.push_back(m.reason);
  return out;
}

// ---------------------------------------------------------------------------
// MOVEMENT- BY UNIT

struct PrintedMove {
  MoverType mover;
  const char* row;
  int inches;
  std::vector<int> faces;
};

// 002, MOVEMENT- BY UNIT: "Regular Foot 6" + 1 x D6", "NNC Foot 6" + 1 x D6",
// "Zulus 6" + 2 x D6", "Cavalry 12" + 1 x D6", "Limbers 6" + 1x D6",
// "Wagons 3" + 1x D6".
TEST(Movement_002, EveryUnitTypeAtItsPrintedRate) {
  const PrintedMove rows[] = {
      {MoverType::kRegularFoot, "Regular Foot 6\" + 1 x D6", 6, {4}},
      {MoverType::kNncFoot, "NNC Foot 6\" + 1 x D6", 6, {2}},
      {MoverType::kZulus, "Zulus 6\" + 2 x D6", 6, {3, 5}},
      {MoverType::kCavalry, "Cavalry 12\" + 1 x D6", 12, {6}},
      {MoverType::kLimbers, "Limbers 6\" + 1x D6", 6, {1}},
      {MoverType::kWagons, "Wagons 3\" + 1x D6", 3, {5}},
  };
  for (const PrintedMove& row : rows) {
    SCOPED_TRACE(row.row);
    Dice dice = Dice::Scripted(row.faces);
    Explanation why;
    auto move = MovementAllowance(dice, {row.mover, 0}, &why);
    ASSERT_TRUE(move.ok()) << move.status();
    int sum = 0;
    for (int f : row.faces) sum += f;
    EXPECT_EQ(move->base_inches, row.inches);
    EXPECT_EQ(move->dice, static_cast<int>(row.faces.size()));
    EXPECT_EQ(move->inches, row.inches + sum);
    ExpectDiceConsumed(dice, why, 1);
    EXPECT_THAT(why.dice[0].faces, ::testing::ElementsAreArray(row.faces));
    EXPECT_EQ(why.dice[0].total, row.inches + sum);
    ExpectRule(why, kMovement, row.row);
  }
}

// 002, MOVEMENT- BY UNIT: "Linear obstacles such as walls, hedges, dried up
// river beds remove 1 D6 from the movement allocation."
TEST(Movement_002, ALinearObstacleRemovesOneD6) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  auto zulus = MovementAllowance(dice, {MoverType::kZulus, 1}, &why);
  ASSERT_TRUE(zulus.ok());
  EXPECT_EQ(zulus->dice, 1);
  EXPECT_EQ(zulus->inches, 10);
  ExpectDiceConsumed(dice, why, 1);
  ExpectRule(why, kMovement, kLinear);

  // A one-die unit over a wall moves its printed inches, no die.
  Dice none = Dice::Scripted({});
  auto foot = MovementAllowance(none, {MoverType::kRegularFoot, 1}, &why);
  ASSERT_TRUE(foot.ok());
  EXPECT_EQ(foot->dice, 0);
  EXPECT_EQ(foot->inches, 6);
  ExpectDiceConsumed(none, why, 0);
  ExpectRule(why, kMovement, kLinear);

  // Reading: one D6 an obstacle; two walls take both Zulu dice.
  auto two = MovementAllowance(none, {MoverType::kZulus, 2}, &why);
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(two->inches, 6);
  EXPECT_TRUE(none.status().ok());

  auto bad = MovementAllowance(none, {MoverType::kZulus, -1}, &why);
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(bad.status().message(), HasSubstr("linear_obstacles"));
}

// ---------------------------------------------------------------------------
// SMALL ARMS FIRE

// 002, SMALL ARMS FIRE, RANGE "0-10" 11- 20" 21 - 30" 31 - 40"", rows
// "Martini - Henry 3, 4,5,6 4,5,6 5,6 6", "Percussion rifle 4,5,6 5,6 6 N/A",
// "Musket/ Shot Gun 5,6 6 N/A N/A", "Carbine 4,5,6 5,6 N/A N/A", "Spear 6
// N/A N/A N/A", "Gatling Gun 3,4,5,6 4,5,6 5,6 6".
struct PrintedKillRow {
  Weapon weapon;
  int kill_on[4];
};
constexpr PrintedKillRow kSmallArmsChart[] = {
    {Weapon::kMartiniHenry, {3, 4, 5, 6}},  {Weapon::kPercussionRifle, {4, 5, 6, 0}},
    {Weapon::kMusketShotGun, {5, 6, 0, 0}}, {Weapon::kCarbine, {4, 5, 0, 0}},
    {Weapon::kSpear, {6, 0, 0, 0}},         {Weapon::kGatlingGun, {3, 4, 5, 6}},
};
constexpr double kBandRanges[] = {5, 15, 25, 35};

TEST(SmallArms_002, EveryWeaponAndBandKillsOnItsPrintedNumbers) {
  for (const PrintedKillRow& row : kSmallArmsChart) {
    for (int band = 0; band < 4; ++band) {
      SCOPED_TRACE(::testing::Message()
                   << "weapon " << static_cast<int>(row.weapon) << " band " << band);
      EXPECT_EQ(SmallArmsKillOn(row.weapon, band), row.kill_on[band]);
      if (row.weapon == Weapon::kGatlingGun) continue;  // GatlingFire below
      FireSituation s;
      s.weapon = row.weapon;
      s.range_inches = kBandRanges[band];
      s.figures_firing = 2;
      const int need = row.kill_on[band];
      Dice dice = Dice::Scripted({std::max(1, need - 1), std::max(1, need)});
      Explanation why;
      auto fire = SmallArmsFire(dice, s, &why);
      if (need == 0) {
        EXPECT_EQ(fire.status().code(), absl::StatusCode::kFailedPrecondition);
        EXPECT_THAT(fire.status().message(), HasSubstr("N/A"));
        EXPECT_TRUE(dice.rolls().empty());
        continue;
      }
      ASSERT_TRUE(fire.ok()) << fire.status();
      EXPECT_EQ(fire->kill_on, need);
      // One below the number misses, the number kills.
      EXPECT_EQ(fire->kills, 1);
      ExpectDiceConsumed(dice, why, 2);
      EXPECT_EQ(why.rule.section, kSmallArms);
    }
  }
}

// 002, SMALL ARMS FIRE: the range bands "0-10" 11- 20" 21 - 30" 31 - 40"".
TEST(SmallArms_002, RangeBandEdges) {
  // Reading: past 10" is 11-20"; past 40" no band.
  ExpectBands(
      SmallArmsBand,
      {{0, 0}, {10, 0}, {10.5, 1}, {20, 1}, {21, 2}, {30, 2}, {31, 3}, {40, 3}, {40.5, -1}});

  FireSituation s;
  s.range_inches = 41;
  s.figures_firing = 1;
  Dice dice = Dice::Scripted({6});
  auto fire = SmallArmsFire(dice, s, nullptr);
  EXPECT_EQ(fire.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(fire.status().message(), HasSubstr("past 40"));
}

// 002, SMALL ARMS FIRE: "Roll 1x D6 for each figure firing." Every die is in
// the explanation with its face, and the row is the weapon's printed line.
TEST(SmallArms_002, OneDieAFigureEachExplained) {
  FireSituation s;
  s.range_inches = 15;  // 11- 20": 4,5,6
  s.figures_firing = 4;
  Dice dice = Dice::Scripted({3, 4, 6, 1});
  Explanation why;
  auto fire = SmallArmsFire(dice, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->kills, 2);
  ExpectDiceConsumed(dice, why, 4);
  EXPECT_THAT(why.dice[2].faces, ::testing::ElementsAre(6));
  EXPECT_EQ(why.dice[2].total, 6);
  ExpectRule(why, kSmallArms, kMartini);
  EXPECT_THAT(why.text, HasSubstr("11- 20\""));
  EXPECT_THAT(why.text, HasSubstr("D6 rolled 4: kill"));
  EXPECT_THAT(why.text, HasSubstr("D6 rolled 3: no kill"));
  EXPECT_THAT(why.text, HasSubstr("2 kills"));
}

struct PrintedFireModifier {
  const char* line;  // as printed
  int value;
  void (*set)(FireSituation&);
  const char* reason;
};

// 002, SMALL ARMS FIRE: "Zulus firing - minus 1 from each die roll.",
// "Target behind cover - minus 1 from each die roll.", "Firer DISORDERED -
// minus 1 from each die roll.", "Firer SHAKEN- minus 2 from each die roll.",
// "Firer mounted - minus 1 from each die roll."; MORALE, Result: "= Brit
// regulars, minus 1 from next move firing die rolls."
TEST(SmallArms_002, EachPrintedModifierOnEachDie) {
  const PrintedFireModifier mods[] = {
      {"Zulus firing", -1, [](FireSituation& s) { s.zulus_firing = true; }, "-1: Zulus firing"},
      {"Target behind cover", -1, [](FireSituation& s) { s.target_in_cover = true; },
       "-1: Target behind cover"},
      {"Firer DISORDERED", -1, [](FireSituation& s) { s.firer = Condition::kDisordered; },
       "-1: Firer DISORDERED"},
      {"Firer SHAKEN", -2, [](FireSituation& s) { s.firer = Condition::kShaken; },
       "-2: Firer SHAKEN"},
      {"Firer mounted", -1, [](FireSituation& s) { s.firer_mounted = true; }, "-1: Firer mounted"},
      {"Brit regulars, minus 1", -1, [](FireSituation& s) { s.failed_morale_last_move = true; },
       "-1: Brit regulars, minus 1 from next move firing die rolls (failed morale last move)"},
  };
  for (const PrintedFireModifier& m : mods) {
    SCOPED_TRACE(m.line);
    FireSituation s;
    s.weapon = Weapon::kMartiniHenry;
    s.range_inches = 5;  // 0-10": 3,4,5,6
    s.figures_firing = 2;
    m.set(s);
    // A 3 kills unmodified; with the modifier it needs 3 - value.
    Dice dice = Dice::Scripted({3, 3 - m.value});
    Explanation why;
    auto fire = SmallArmsFire(dice, s, &why);
    ASSERT_TRUE(fire.ok());
    EXPECT_EQ(fire->modifier, m.value);
    EXPECT_EQ(fire->kills, 1);
    ExpectDiceConsumed(dice, why, 2);
    EXPECT_EQ(why.dice[0].total, 3 + m.value);
    EXPECT_EQ(why.dice[1].total, 3);
    EXPECT_EQ(Reasons(why.dice[0]), std::vector<std::string>{m.reason});
    EXPECT_EQ(Reasons(why.dice[1]), std::vector<std::string>{m.reason});
  }
}

// 002, SMALL ARMS FIRE: the modifiers add up, and a natural 6 at -1 is not a
// kill where the chart prints "6" (Martini - Henry, 31 - 40").
TEST(SmallArms_002, ModifiersAddUpAndCanPutTheNumberOutOfReach) {
  FireSituation s;
  s.weapon = Weapon::kMartiniHenry;
  s.range_inches = 35;
  s.figures_firing = 1;
  s.target_in_cover = true;
  Dice dice = Dice::Scripted({6});
  Explanation why;
  auto fire = SmallArmsFire(dice, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->kills, 0);
  EXPECT_EQ(why.dice[0].total, 5);

  s.range_inches = 5;
  s.zulus_firing = true;
  s.firer = Condition::kShaken;
  s.firer_mounted = true;
  s.failed_morale_last_move = true;
  Dice all = Dice::Scripted({6});
  fire = SmallArmsFire(all, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->modifier, -6);
  EXPECT_EQ(why.dice[0].total, 0);
  EXPECT_EQ(fire->kills, 0);
}

// Bad situations are errors naming the field.
TEST(SmallArms_002, BadSituationsAreInvalidArguments) {
  Dice dice = Dice::Scripted({6});
  FireSituation s;
  s.figures_firing = 1;
  s.range_inches = -1;
  EXPECT_THAT(SmallArmsFire(dice, s, nullptr).status().message(), HasSubstr("range_inches"));
  s.range_inches = std::nan("");
  EXPECT_EQ(SmallArmsFire(dice, s, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  s.range_inches = 5;
  s.figures_firing = -2;
  EXPECT_THAT(SmallArmsFire(dice, s, nullptr).status().message(), HasSubstr("figures_firing"));
  s.figures_firing = 2000000000;  // a die a figure: refused, not rolled for ever
  EXPECT_THAT(SmallArmsFire(dice, s, nullptr).status().message(),
              HasSubstr("figures_firing: 2000000000 is more than"));
  s.figures_firing = 1;
  s.weapon = Weapon::kGatlingGun;
  EXPECT_EQ(SmallArmsFire(dice, s, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(dice.rolls().empty());
}

// ---------------------------------------------------------------------------
// Gatling Gun

// 002, SMALL ARMS FIRE: "For Gatling Gun roll 8 Dx6", row "Gatling Gun
// 3,4,5,6 4,5,6 5,6 6".
TEST(Gatling_002, EightDiceOnTheGatlingRow) {
  GatlingSituation s;
  s.range_inches = 15;  // 4,5,6
  Dice dice = Dice::Scripted({2, 3, 4, 5, 6, 2, 3, 4});
  Explanation why;
  auto fire = GatlingFire(dice, s, &why);
  ASSERT_TRUE(fire.ok()) << fire.status();
  EXPECT_EQ(fire->dice_rolled, 8);
  EXPECT_EQ(fire->dice_forfeited, 0);
  EXPECT_EQ(fire->kills, 4);
  EXPECT_FALSE(fire->jams);
  ExpectDiceConsumed(dice, why, 8);
  ExpectRule(why, kSmallArms, kGatlingRule);

  // Every band of the Gatling row: 3, 4, 5, 6.
  const int need[] = {3, 4, 5, 6};
  for (int band = 0; band < 4; ++band) {
    s.range_inches = kBandRanges[band];
    Dice d = Dice::Scripted({need[band] - 1, need[band], 6, 6, 6, 6, 6, 6});
    auto f = GatlingFire(d, s, nullptr);
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(f->kills, 7) << "band " << band;
  }
}

// 002, SMALL ARMS FIRE: "If a 1 is rolled forfeit the next 2 dice."
TEST(Gatling_002, AOneForfeitsTheNextTwoDice) {
  GatlingSituation s;
  s.range_inches = 5;
  Dice dice = Dice::Scripted({1, 6, 6, 6, 6, 6});  // dice 2 and 3 forfeited
  Explanation why;
  auto fire = GatlingFire(dice, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->dice_rolled, 6);
  EXPECT_EQ(fire->dice_forfeited, 2);
  EXPECT_EQ(fire->kills, 5);
  EXPECT_FALSE(fire->jams);
  ExpectDiceConsumed(dice, why, 6);
  EXPECT_THAT(why.text, HasSubstr("forfeits the next 2 dice"));

  // A 1 on the sixth die forfeits the last two; a 1 on the seventh the last
  // one; neither is "the last die" (reading: the eighth), so no jam.
  Dice sixth = Dice::Scripted({6, 6, 6, 6, 6, 1});
  fire = GatlingFire(sixth, s, nullptr);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->dice_rolled, 6);
  EXPECT_EQ(fire->dice_forfeited, 2);
  EXPECT_FALSE(fire->jams);
  EXPECT_TRUE(sixth.status().ok());
  Dice seventh = Dice::Scripted({6, 6, 6, 6, 6, 6, 1});
  fire = GatlingFire(seventh, s, nullptr);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->dice_rolled, 7);
  EXPECT_EQ(fire->dice_forfeited, 1);
  EXPECT_FALSE(fire->jams);
  EXPECT_EQ(fire->kills, 6);
}

// 002, SMALL ARMS FIRE: "If a 1 is rolled on the last die to be rolled that
// turn the gun is completely jammed for the entire next move."
TEST(Gatling_002, AOneOnTheLastDieJamsTheGunForTheNextMove) {
  GatlingSituation s;
  s.range_inches = 5;
  Dice dice = Dice::Scripted({3, 3, 3, 3, 3, 3, 3, 1});
  Explanation why;
  auto fire = GatlingFire(dice, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_TRUE(fire->jams);
  EXPECT_EQ(fire->kills, 7);
  ExpectDiceConsumed(dice, why, 8);
  EXPECT_THAT(why.text, HasSubstr("completely jammed"));

  s.jammed = true;
  Dice next = Dice::Scripted({6});
  auto jammed = GatlingFire(next, s, nullptr);
  EXPECT_EQ(jammed.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(jammed.status().message(), HasSubstr("jammed"));
  EXPECT_TRUE(next.rolls().empty());
}

// 002, SMALL ARMS FIRE: the Gatling takes the printed modifiers ("Target
// behind cover - minus 1 from each die roll.", "Firer SHAKEN- minus 2").
TEST(Gatling_002, TheSmallArmsModifiersApplyToEveryDie) {
  GatlingSituation s;
  s.range_inches = 35;  // 6
  s.target_in_cover = true;
  Dice dice = Dice::Scripted({6, 6, 6, 6, 6, 6, 6, 6});
  Explanation why;
  auto fire = GatlingFire(dice, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->kills, 0);
  for (const DieRoll& d : why.dice) EXPECT_EQ(d.total, 5);

  s.range_inches = 5;  // 3,4,5,6
  s.target_in_cover = false;
  s.firer = Condition::kShaken;
  Dice shaken = Dice::Scripted({4, 5, 5, 5, 5, 5, 5, 5});
  fire = GatlingFire(shaken, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->kills, 7);  // the 4 is a 2
  EXPECT_EQ(Reasons(why.dice[0]), std::vector<std::string>{"-2: Firer SHAKEN"});

  s.range_inches = 45;
  EXPECT_EQ(GatlingFire(shaken, s, nullptr).status().code(), absl::StatusCode::kFailedPrecondition);
}

// 002, SMALL ARMS FIRE: "Colonial infantry that are hit by a Zulu unit in a
// move can fore before impact IF the attacking Zulu's begun their impact
// move 10 inches or more at the start of the move. If under 10 inches the
// Colonials do not get the option to fire before melee."
TEST(FireBeforeImpact_002, TenInchesOrMoreAtTheStartOfTheMove) {
  Explanation why;
  auto at10 = MayFireBeforeImpact(10, &why);
  ASSERT_TRUE(at10.ok());
  EXPECT_TRUE(*at10);
  EXPECT_THAT(why.rule.row, HasSubstr("10 inches or more at the start of the move"));
  auto under = MayFireBeforeImpact(9.5, &why);
  ASSERT_TRUE(under.ok());
  EXPECT_FALSE(*under);
  ExpectRule(why, kSmallArms,
             "If under 10 inches the Colonials do not get the option to fire before melee.");
  EXPECT_TRUE(*MayFireBeforeImpact(17, nullptr));
  EXPECT_EQ(MayFireBeforeImpact(-1, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

// ---------------------------------------------------------------------------
// ARTILLERY and ROCKET.

// 002, ARTILLERY, RANGE "0 - 10" 11 - 30" 31 -50" 51 - 70"", "Field Gun
// 2,3,4,5,6 4,5,6 5,6 6"; ROCKET., "Field Gun N/A 4,5,6 5,6 6".
TEST(Artillery_002, KillChartsByRangeBand) {
  const double ranges[] = {8, 20, 40, 60};
  const int field_gun[] = {2, 4, 5, 6};
  const int rocket[] = {0, 4, 5, 6};
  for (int band = 0; band < 4; ++band) {
    SCOPED_TRACE(::testing::Message() << "band " << band);
    EXPECT_EQ(ArtilleryBand(ranges[band]), band);
    EXPECT_EQ(ArtilleryKillOn(Ordnance::kFieldGun, band), field_gun[band]);
    EXPECT_EQ(ArtilleryKillOn(Ordnance::kRocket, band), rocket[band]);
    for (Ordnance o : {Ordnance::kFieldGun, Ordnance::kRocket}) {
      const int need = o == Ordnance::kFieldGun ? field_gun[band] : rocket[band];
      ArtillerySituation s;
      s.ordnance = o;
      s.range_inches = ranges[band];
      s.figures_under_marker = 3;
      Dice dice = Dice::Scripted({std::max(1, need - 1), std::max(1, need), 6});
      Explanation why;
      auto fire = ArtilleryFire(dice, s, &why);
      if (need == 0) {
        EXPECT_EQ(fire.status().code(), absl::StatusCode::kFailedPrecondition);
        EXPECT_TRUE(dice.rolls().empty());
        continue;
      }
      ASSERT_TRUE(fire.ok()) << fire.status();
      EXPECT_EQ(fire->kills, 2);
      ExpectDiceConsumed(dice, why, 3);
      ExpectRule(why, o == Ordnance::kFieldGun ? kArtillery : kRocket,
                 o == Ordnance::kFieldGun ? kFieldGun : kRocketRow);
    }
  }
  ExpectBands(ArtilleryBand, {{10, 0}, {10.5, 1}, {30, 1}, {50, 2}, {70, 3}, {71, -1}});
  ArtillerySituation far;
  far.range_inches = 75;
  far.figures_under_marker = 1;
  Dice dice = Dice::Scripted({6});
  EXPECT_EQ(ArtilleryFire(dice, far, nullptr).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

// 002, ARTILLERY and ROCKET.: "If unit firing is DISORDERED minus 1 from each
// die roll. If unit is SHAKEN minus 2 from each die roll"; "If there are
// figures within the marker roll a die for each figure."
TEST(Artillery_002, DisorderedAndShakenFirers) {
  ArtillerySituation s;
  s.range_inches = 8;  // 2,3,4,5,6
  s.figures_under_marker = 2;
  s.firer = Condition::kDisordered;
  Dice dice = Dice::Scripted({2, 3});
  Explanation why;
  auto fire = ArtilleryFire(dice, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->kills, 1);
  EXPECT_EQ(why.dice[0].total, 1);
  EXPECT_EQ(Reasons(why.dice[0]), std::vector<std::string>{"-1: unit firing is DISORDERED"});

  s.ordnance = Ordnance::kRocket;
  s.range_inches = 20;  // 4,5,6
  s.firer = Condition::kShaken;
  Dice rocket = Dice::Scripted({5, 6});
  fire = ArtilleryFire(rocket, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->kills, 1);
  EXPECT_EQ(fire->modifier, -2);
  EXPECT_EQ(Reasons(why.dice[1]), std::vector<std::string>{"-2: unit is SHAKEN"});

  // No figure within the marker: no die.
  s.figures_under_marker = 0;
  Dice none = Dice::Scripted({});
  fire = ArtilleryFire(none, s, &why);
  ASSERT_TRUE(fire.ok());
  EXPECT_EQ(fire->kills, 0);
  ExpectDiceConsumed(none, why, 0);
  s.figures_under_marker = -1;
  EXPECT_THAT(ArtilleryFire(none, s, nullptr).status().message(),
              HasSubstr("figures_under_marker"));
}

// 002, ROCKET.: "Roll an arrow die. Then roll 2 D6. The result is the number
// of inches that the rocket has deviated and the direction. Move the 4"
// marker to this position".
TEST(Rocket_002, ArrowDieThenTwoD6Inches) {
  Dice dice = Dice::ScriptedOfKind({{DieKind::kArrow, 3}, {DieKind::kD, 4}, {DieKind::kD, 5}});
  Explanation why;
  const RocketDeviation d = RollRocketDeviation(dice, &why);
  EXPECT_EQ(d.arrow, 3);
  EXPECT_EQ(d.bearing_degrees, 120);
  EXPECT_EQ(d.inches, 9);
  ExpectDiceConsumed(dice, why, 2);
  EXPECT_EQ(why.dice[0].kind, DieKind::kArrow);
  EXPECT_EQ(why.dice[1].kind, DieKind::kD);
  EXPECT_THAT(why.dice[1].faces, ::testing::ElementsAre(4, 5));
  EXPECT_EQ(why.rule.section, kRocket);
  EXPECT_THAT(why.rule.row, HasSubstr("Roll an arrow die. Then roll 2 D6."));
  EXPECT_EQ(kKillMarkerDiameterInches, 4.0);  // "4\" circular artillery kill marker"

  // The marker moves along the arrow from the aimed point, "ahead" being the
  // line of fire.
  const Vec2 firer(0, 0), aimed(0, 20);
  const Vec2 ahead = DeviatedCentre(firer, aimed, {1, 0, 9});
  EXPECT_NEAR(ahead.x(), 0, 1e-9);
  EXPECT_NEAR(ahead.y(), 29, 1e-9);
  const Vec2 back = DeviatedCentre(firer, aimed, {4, 180, 9});
  EXPECT_NEAR(back.y(), 11, 1e-9);
  const Vec2 two = DeviatedCentre(firer, aimed, {2, 60, 10});
  EXPECT_NEAR(two.x(), 10 * std::sqrt(3.0) / 2, 1e-9);  // clockwise: to the east
  EXPECT_NEAR(two.y(), 25, 1e-9);

  // A plain D6 where the arrow die is asked for is the script's error.
  Dice wrong = Dice::Scripted({3, 4, 5});
  RollRocketDeviation(wrong, nullptr);
  EXPECT_FALSE(wrong.status().ok());
}

// 002, ROCKET.: "Any native unit that the rocket flies over takes an
// immediate morale test with a minus 1. If the rocket hits a unit it takes a
// morale test with a minus 2."
TEST(Rocket_002, OverflightAndHitMoraleTests) {
  Explanation why;
  MoraleOccasion over;
  over.native = true;
  over.rocket = RocketEffect::kFlewOver;
  EXPECT_TRUE(MoraleTestDue(over, &why));
  ExpectRule(why, kRocket,
             "Any native unit that the rocket flies over takes an immediate morale test with a "
             "minus 1.");
  over.native = false;  // as printed, only native units
  EXPECT_FALSE(MoraleTestDue(over, &why));
  MoraleOccasion hit;
  hit.rocket = RocketEffect::kHit;
  EXPECT_TRUE(MoraleTestDue(hit, &why));
  ExpectRule(why, kRocket, "If the rocket hits a unit it takes a morale test with a minus 2.");

  MoraleSituation s;
  s.unit = MoraleClass::kMarriedImpi;  // 5
  s.rocket = RocketEffect::kFlewOver;
  Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 3}, {DieKind::kAverage, 3}});
  auto r = MoraleTest(dice, s, &why);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->total, 7);
  EXPECT_EQ(why.dice[0].modifiers.back().reason, "-1: the rocket flew over the unit (a minus 1)");
  s.rocket = RocketEffect::kHit;
  r = MoraleTest(dice, s, &why);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->total, 6);
  EXPECT_EQ(why.dice[0].modifiers.back().reason, "-2: the rocket hit the unit (a minus 2)");
}

// ---------------------------------------------------------------------------
// MORALE

// 002, MORALE: "British regular horse, foot , artillery : 6", "Irregular
// horse : 5", "NNC : 4", "Zulus : Married Impi = 5 Unmarried = 6"; "take the
// unit morale rate and add to it the roll of one average die."
TEST(Morale_002, RatePlusOneAverageDie) {
  const std::pair<MoraleClass, int> rates[] = {
      {MoraleClass::kBritishRegularFoot, 6},
      {MoraleClass::kBritishArtillery, 6},
      {MoraleClass::kBritishRegularHorse, 6},
      {MoraleClass::kIrregularHorse, 5},
      {MoraleClass::kNnc, 4},
      {MoraleClass::kMarriedImpi, 5},
      {MoraleClass::kUnmarriedImpi, 6},
  };
  for (const auto& [unit, rate] : rates) {
    SCOPED_TRACE(static_cast<int>(unit));
    EXPECT_EQ(MoraleRate(unit), rate);
    for (int face : {2, 3, 4, 5}) {  // the average die's faces
      Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, face}});
      Explanation why;
      MoraleSituation s;
      s.unit = unit;
      auto r = MoraleTest(dice, s, &why);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->total, rate + face);
      ExpectDiceConsumed(dice, why, 1);
      EXPECT_EQ(why.dice[0].kind, DieKind::kAverage);
      EXPECT_THAT(why.dice[0].faces, ::testing::ElementsAre(face));
      EXPECT_EQ(why.dice[0].modifiers.front().value, rate);
      EXPECT_EQ(r->outcome == MoraleOutcome::kOk, rate + face >= 6);
    }
  }
  // A plain D6 is not the average die.
  Dice d6 = Dice::Scripted({4});
  (void)MoraleTest(d6, MoraleSituation{}, nullptr);
  EXPECT_FALSE(d6.status().ok());
}

struct PrintedMoraleModifier {
  const char* line;
  int value;
  void (*set)(MoraleSituation&);
};

// 002, MORALE: "+ 1 Senior commander attached to unit", "+1 Brit infantry
// firing volley fire from prepared positions", "+2 if a witch doctor is in
// base contact with a unit", "-1 unit officer killed", "-1 Retiring or
// Routing unit passes within 10 inches", "-1 unit has taken 20% casualties
// ... DISORDERED", "- 2 Unit taken 50% casualties ... permanently SHAKEN",
// "- 2 second morale test in a row", "- 4 third morale test in a row".
TEST(Morale_002, EachPrintedModifier) {
  const PrintedMoraleModifier mods[] = {
      {"+ 1 Senior commander attached to unit", 1,
       [](MoraleSituation& s) { s.senior_commander_attached = true; }},
      {"+1 Brit infantry firing volley fire from prepared positions", 1,
       [](MoraleSituation& s) { s.volley_from_prepared_positions = true; }},
      {"+2 if a witch doctor is in base contact with a unit", 2,
       [](MoraleSituation& s) { s.witch_doctor_in_contact = true; }},
      {"-1 unit officer killed", -1, [](MoraleSituation& s) { s.officer_killed = true; }},
      {"-1 Retiring or Routing unit passes within 10 inches", -1,
       [](MoraleSituation& s) { s.retiring_unit_passed_within_10 = true; }},
      {"-1 unit has taken 20% casualties", -1,
       [](MoraleSituation& s) { s.condition = Condition::kDisordered; }},
      {"- 2 Unit taken 50% casualties", -2,
       [](MoraleSituation& s) { s.condition = Condition::kShaken; }},
      {"- 2 second morale test in a row", -2, [](MoraleSituation& s) { s.tests_in_a_row = 2; }},
      {"- 4 third morale test in a row", -4, [](MoraleSituation& s) { s.tests_in_a_row = 3; }},
  };
  for (const PrintedMoraleModifier& m : mods) {
    SCOPED_TRACE(m.line);
    MoraleSituation s;
    s.unit = MoraleClass::kMarriedImpi;
    m.set(s);
    Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 3}});
    Explanation why;
    auto r = MoraleTest(dice, s, &why);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->total, 5 + 3 + m.value);
    ASSERT_EQ(why.dice[0].modifiers.size(), 2u);
    EXPECT_EQ(why.dice[0].modifiers[1].value, m.value);
  }
}

// 002, MORALE: "- 2 second morale test in a row.", "- 4 third morale test in
// a row." Reading: not added up, and a fourth takes -4 as the third.
TEST(Morale_002, TestsInARowAreNotAddedUpAndTheFourthTakesMinusFour) {
  MoraleSituation s;
  s.unit = MoraleClass::kUnmarriedImpi;  // 6
  for (const auto& [in_a_row, total] :
       std::vector<std::pair<int, int>>{{1, 10}, {2, 8}, {3, 6}, {4, 6}, {7, 6}}) {
    s.tests_in_a_row = in_a_row;
    Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 4}});
    auto r = MoraleTest(dice, s, nullptr);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->total, total) << in_a_row << " in a row";
  }
  s.tests_in_a_row = 0;
  Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 4}});
  auto bad = MoraleTest(dice, s, nullptr);
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(bad.status().message(), HasSubstr("tests_in_a_row"));
  EXPECT_TRUE(dice.rolls().empty());
}

// 002, MORALE: "-1 unit has taken 20% casualties in the game and is
// classified as DISORDERED. (e.g 2 figures from a 10 man unit.)", "- 2 Unit
// taken 50% casualties in the game. And is classified as permanently SHAKEN."
TEST(Morale_002, TwentyPercentDisorderedFiftyPercentShaken) {
  EXPECT_EQ(ConditionFromLosses(10, 1), Condition::kSteady);
  EXPECT_EQ(ConditionFromLosses(10, 2), Condition::kDisordered);
  EXPECT_EQ(ConditionFromLosses(10, 4), Condition::kDisordered);
  EXPECT_EQ(ConditionFromLosses(10, 5), Condition::kShaken);
  EXPECT_EQ(ConditionFromLosses(5, 1), Condition::kDisordered);  // cavalry: 20%
  EXPECT_EQ(ConditionFromLosses(5, 2), Condition::kDisordered);
  EXPECT_EQ(ConditionFromLosses(5, 3), Condition::kShaken);
  EXPECT_EQ(ConditionFromLosses(4, 2), Condition::kShaken);  // a gun's crew
  EXPECT_EQ(ConditionFromLosses(10, 0), Condition::kSteady);
}

// 002, MORALE: "Total 6 or over unit OK." and "Total less than 6; = Zulus lie
// down or crouch for following move and are pinned down. If this result
// occurs 2 moves in a row on the second move the unit retires 2 moves away
// from enemy. Unit cannot fire for the rest of the game."
TEST(Morale_002, ZulusPinnedThenRetireTwoMovesAndNeverFireAgain) {
  MoraleSituation s;
  s.unit = MoraleClass::kMarriedImpi;
  Dice six = Dice::ScriptedOfKind({{DieKind::kAverage, 2}, {DieKind::kAverage, 2}});
  s.officer_killed = false;
  Explanation why;
  auto ok = MoraleTest(six, s, &why);  // 5 + 2 = 7
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->outcome, MoraleOutcome::kOk);
  ExpectRule(why, kMorale, kOk);
  s.officer_killed = true;  // 5 + 2 - 1 = 6: still OK
  ok = MoraleTest(six, s, &why);
  EXPECT_EQ(ok->total, 6);
  EXPECT_EQ(ok->outcome, MoraleOutcome::kOk);

  s.officer_killed = false;
  s.condition = Condition::kShaken;  // 5 + 2 - 2 = 5
  Dice five = Dice::ScriptedOfKind({{DieKind::kAverage, 2}, {DieKind::kAverage, 2}});
  auto pinned = MoraleTest(five, s, &why);
  ASSERT_TRUE(pinned.ok());
  EXPECT_EQ(pinned->total, 5);
  EXPECT_EQ(pinned->outcome, MoraleOutcome::kPinned);
  EXPECT_FALSE(pinned->may_not_fire_again);
  ExpectRule(why, kMorale, kZulusPinned);

  s.failed_last_move = true;
  auto retire = MoraleTest(five, s, &why);
  ASSERT_TRUE(retire.ok());
  EXPECT_EQ(retire->outcome, MoraleOutcome::kRetire);
  EXPECT_EQ(retire->moves_away, 2);
  EXPECT_TRUE(retire->may_not_fire_again);
  ExpectRule(why, kMorale, kZulusPinned);
}

// 002, MORALE: "Zulus will retire in good order unless caught doing so by
// charging Colonial cavalry when they can rout."
TEST(Morale_002, ZulusCaughtRetiringByCavalryRout) {
  MoraleSituation s;
  s.unit = MoraleClass::kUnmarriedImpi;
  s.caught_retiring_by_colonial_cavalry = true;
  s.tests_in_a_row = 2;  // 6 + 2 - 2 = 6: passes, no rout
  Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 2}, {DieKind::kAverage, 2}});
  Explanation why;
  auto ok = MoraleTest(dice, s, &why);
  EXPECT_EQ(ok->outcome, MoraleOutcome::kOk);
  s.tests_in_a_row = 3;  // 6 + 2 - 4 = 4
  auto rout = MoraleTest(dice, s, &why);
  ASSERT_TRUE(rout.ok());
  EXPECT_EQ(rout->outcome, MoraleOutcome::kRout);
  ExpectRule(why, kMorale, kZulusCaught);
}

// 002, MORALE: "= Brit regulars, minus 1 from next move firing die rolls.";
// "Regular British foot and artillery will never rout."
TEST(Morale_002, BritRegularsTakeMinusOneNextMoveAndNeverRout) {
  for (MoraleClass unit : {MoraleClass::kBritishRegularFoot, MoraleClass::kBritishArtillery}) {
    MoraleSituation s;
    s.unit = unit;
    s.tests_in_a_row = 3;
    s.failed_last_move = true;
    s.condition = Condition::kShaken;  // 6 + 2 - 4 - 2 = 2
    Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 2}});
    Explanation why;
    auto r = MoraleTest(dice, s, &why);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->total, 2);
    EXPECT_EQ(r->outcome, MoraleOutcome::kFirePenalty);
    EXPECT_EQ(r->next_move_fire_modifier, -1);
    ExpectRule(why, kMorale, kBritRegulars);
  }
}

// 002, MORALE: "Regular Cavalry will retire in good order and never rout."
// The distance of the retire is designed (one move).
TEST(Morale_002, RegularCavalryRetireInGoodOrder) {
  MoraleSituation s;
  s.unit = MoraleClass::kBritishRegularHorse;
  s.tests_in_a_row = 3;
  s.failed_last_move = true;  // 6 + 3 - 4 = 5
  Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 3}});
  Explanation why;
  auto r = MoraleTest(dice, s, &why);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->outcome, MoraleOutcome::kRetire);
  EXPECT_EQ(r->moves_away, 1);
  ExpectRule(why, kMorale, kRegularCavalry, /*designed=*/true);
}

// 002, MORALE: "= Colonial Irregulars now counts as permanently SHAKEN.
// Retires one move away from enemy."; "Irregular foot and cavalry who have 2
// failed morale checks in a row rout."
TEST(Morale_002, IrregularsShakenAndRetireThenRoutOnTheSecondFailure) {
  for (MoraleClass unit : {MoraleClass::kNnc, MoraleClass::kIrregularHorse}) {
    MoraleSituation s;
    s.unit = unit;
    Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 2}, {DieKind::kAverage, 2}});
    s.officer_killed = true;  // 4 or 5, + 2 - 1 - 1: less than 6
    s.retiring_unit_passed_within_10 = true;
    Explanation why;
    auto first = MoraleTest(dice, s, &why);
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(first->outcome, MoraleOutcome::kRetire);
    EXPECT_EQ(first->moves_away, 1);
    EXPECT_TRUE(first->permanently_shaken);
    ExpectRule(why, kMorale, kIrregulars);
    s.failed_last_move = true;
    auto second = MoraleTest(dice, s, &why);
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(second->outcome, MoraleOutcome::kRout);
    ExpectRule(why, kMorale, kIrregularsRout);
  }
}

// 002, MORALE: "Unit Morale is taken on the following circumstances - 1)
// Fired at by rifle, musket, Gatling or artillery in a move. 2) Unit is
// SHAKEN."
TEST(Morale_002, WhenATestIsTaken) {
  Explanation why;
  EXPECT_FALSE(MoraleTestDue(MoraleOccasion{}, &why));
  const std::vector<void (*)(MoraleOccasion&)> fired = {
      [](MoraleOccasion& o) { o.fired_at_by_rifle = true; },
      [](MoraleOccasion& o) { o.fired_at_by_musket = true; },
      [](MoraleOccasion& o) { o.fired_at_by_gatling = true; },
      [](MoraleOccasion& o) { o.fired_at_by_artillery = true; },
  };
  for (auto set : fired) {
    MoraleOccasion o;
    set(o);
    EXPECT_TRUE(MoraleTestDue(o, &why));
    ExpectRule(why, kMorale, "1) Fired at by rifle, musket, Gatling or artillery in a move.");
  }
  MoraleOccasion shaken;
  shaken.shaken = true;
  EXPECT_TRUE(MoraleTestDue(shaken, &why));
  ExpectRule(why, kMorale, "2) Unit is SHAKEN.");
}

// ---------------------------------------------------------------------------
// MELEE

// 002, MELEE: "placing two fighting figures opposite against each other and
// rolling a D6. The highest score is the winner."
TEST(Melee_002, TheHighestScoreWins) {
  Dice dice = Dice::Scripted({5, 3, 2, 6});
  Explanation why;
  MeleeResult r = MeleeFight(dice, {}, {}, &why);
  EXPECT_EQ(r.winner, 1);
  EXPECT_EQ(r.total_a, 5);
  EXPECT_EQ(r.total_b, 3);
  ExpectRule(why, kMelee, kMeleeRow);
  EXPECT_EQ(why.dice.size(), 2u);
  r = MeleeFight(dice, {}, {}, &why);
  EXPECT_EQ(r.winner, 2);
  EXPECT_THAT(why.text, HasSubstr("figure a is killed"));
  EXPECT_TRUE(dice.status().ok());
}

// 002, MELEE: a tie is not printed. Designed: neither falls, or (on the
// caller's choice) the pair rolls again.
TEST(Melee_002, ATieIsDesigned) {
  Dice dice = Dice::Scripted({4, 4});
  Explanation why;
  MeleeResult r = MeleeFight(dice, {}, {}, &why);
  EXPECT_EQ(r.winner, 0);
  ExpectRule(why, kMelee, kMeleeRow, /*designed=*/true);
  EXPECT_THAT(why.text, HasSubstr("not in the source text"));

  Dice again = Dice::Scripted({4, 4, 2, 5});
  r = MeleeFight(again, {}, {}, &why, MeleeTie::kRollAgain);
  EXPECT_EQ(r.winner, 2);
  ExpectDiceConsumed(again, why, 4);
  EXPECT_FALSE(why.rule.designed);
}

struct PrintedMeleeModifier {
  const char* line;
  int value;
  MeleeFigure figure;
  MeleeFigure opponent;
};

// 002, MELEE, "Additions & deductions.": "+ 1 figure behind organised
// defences.", "+ 1 figure on higher ground.", "+1 Regular cavalry attacking
// steady Zulus", "+1 Irregular cavalry attacking disordered Zulus", "+2
// Regular cavalry attacking disordered Zulus", "+2 Irregular cavalry
// attacking Shaken Zulus", "+3 Regular cavalry attacking Shaken Zulus".
TEST(Melee_002, EachAdditionAndDeduction) {
  MeleeFigure defended;
  defended.behind_organised_defences = true;
  MeleeFigure high;
  high.higher_ground = true;
  auto cavalry = [](Horse h) {
    MeleeFigure f;
    f.cavalry = h;
    f.attacking = true;
    return f;
  };
  auto zulu = [](Condition c) {
    MeleeFigure f;
    f.zulu = true;
    f.condition = c;
    return f;
  };
  const PrintedMeleeModifier mods[] = {
      {"+ 1 figure behind organised defences.", 1, defended, {}},
      {"+ 1 figure on higher ground.", 1, high, {}},
      {"+1 Regular cavalry attacking steady Zulus", 1, cavalry(Horse::kRegularCavalry),
       zulu(Condition::kSteady)},
      {"+1 Irregular cavalry attacking disordered Zulus", 1, cavalry(Horse::kIrregularCavalry),
       zulu(Condition::kDisordered)},
      {"+2 Regular cavalry attacking disordered Zulus", 2, cavalry(Horse::kRegularCavalry),
       zulu(Condition::kDisordered)},
      {"+2 Irregular cavalry attacking Shaken Zulus", 2, cavalry(Horse::kIrregularCavalry),
       zulu(Condition::kShaken)},
      {"+3 Regular cavalry attacking Shaken Zulus", 3, cavalry(Horse::kRegularCavalry),
       zulu(Condition::kShaken)},
      // Not printed: irregular cavalry against steady Zulus, cavalry that is
      // not attacking, cavalry against a figure that is not a Zulu.
      {"(nothing) Irregular cavalry attacking steady Zulus", 0, cavalry(Horse::kIrregularCavalry),
       zulu(Condition::kSteady)},
      {"(nothing) Regular cavalry not attacking", 0,
       [] {
         MeleeFigure f;
         f.cavalry = Horse::kRegularCavalry;
         return f;
       }(),
       zulu(Condition::kShaken)},
      {"(nothing) Regular cavalry against a non-Zulu", 0, cavalry(Horse::kRegularCavalry), {}},
  };
  for (const PrintedMeleeModifier& m : mods) {
    SCOPED_TRACE(m.line);
    Dice dice = Dice::Scripted({3, 3});
    Explanation why;
    MeleeResult r = MeleeFight(dice, m.figure, m.opponent, &why);
    EXPECT_EQ(r.total_a, 3 + m.value);
    EXPECT_EQ(r.total_b, 3);
    EXPECT_EQ(r.winner, m.value > 0 ? 1 : 0);
    EXPECT_EQ(why.dice[0].modifiers.size(), m.value > 0 ? 1u : 0u);
    // The modifier is the figure's, never its opponent's.
    EXPECT_TRUE(why.dice[1].modifiers.empty());
  }
  // Both +1s together.
  MeleeFigure both;
  both.behind_organised_defences = true;
  both.higher_ground = true;
  Dice dice = Dice::Scripted({1, 2});
  MeleeResult r = MeleeFight(dice, both, {}, nullptr);
  EXPECT_EQ(r.total_a, 3);
  EXPECT_EQ(r.winner, 1);
}

// 002, MELEE: "If a figure has more than one opponent each fight is taken as
// a separate engagement up to a total of 4 fights in one move."
TEST(Melee_002, SeparateFightsUpToFourAMove) {
  const std::vector<MeleeFigure> five(5);
  // Fight 1 won, fight 2 lost, fight 3 won, fight 4 a tie (stand off).
  Dice dice = Dice::Scripted({6, 1, 2, 5, 4, 3, 2, 2});
  Explanation why;
  ManyFightsResult r = MeleeAgainstMany(dice, {}, five, &why);
  ASSERT_EQ(r.fights.size(), 4u);
  EXPECT_EQ(r.fights[0].winner, 1);
  EXPECT_EQ(r.fights[1].winner, 2);
  EXPECT_EQ(r.fights[2].winner, 1);
  EXPECT_EQ(r.fights[3].winner, 0);
  EXPECT_TRUE(r.figure_killed);
  EXPECT_EQ(r.opponents_killed, 2);
  EXPECT_EQ(r.opponents_unfought, 1);
  ExpectDiceConsumed(dice, why, 8);
  ExpectRule(why, kMelee, kMeleeMany, /*designed=*/true);  // fight 4 was a tie
  EXPECT_THAT(why.text, HasSubstr("not fought"));

  Dice two = Dice::Scripted({6, 1, 6, 2});
  r = MeleeAgainstMany(two, {}, std::vector<MeleeFigure>(2), &why);
  EXPECT_EQ(r.fights.size(), 2u);
  EXPECT_FALSE(r.figure_killed);
  EXPECT_EQ(r.opponents_killed, 2);
  EXPECT_EQ(r.opponents_unfought, 0);
  ExpectRule(why, kMelee, kMeleeMany);
}

}  // namespace
}  // namespace impi::empress
