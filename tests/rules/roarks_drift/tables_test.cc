// tests/rules/roarks_drift/tables_test.cc: every printed number, roll and
// schedule of "The Battle of Roark's Drift" (004_18930928e35a3412.txt),
// driven by scripted dice.
//
// The expected rows and numbers are copied from the rules text, not from
// tables.h. Each test names its source: 004 and the numbered section; the
// text's worked examples (7.0's melee, 9.2's entry zones) are tests of their
// own (...WorkedExample...).
#include "engine/rulesets/roarks_drift/tables.h"

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/table_test_util.h"

namespace impi::roarks {
namespace {

using ::impi::testing::ExpectDiceConsumed;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kFile[] = "004_18930928e35a3412.txt";

// Two d6 faces that total `total` (2..12).
std::vector<int> TwoDice(int total) {
  const int first = total > 7 ? 6 : total - 1;
  return {first, total - first};
}

void ExpectRule(const Explanation& why, const std::string& section, const std::string& row,
                bool designed = false) {
  EXPECT_EQ(why.rule.source, kFile);
  EXPECT_EQ(why.rule.section, section);
  EXPECT_EQ(why.rule.row, row);
  EXPECT_EQ(why.rule.designed, designed);
}

// ---------------------------------------------------------------------------
// 3.0 Turn Sequence

TEST(RoarksSequence_004, SevenSegmentsAndFourPhases) {
  const std::vector<std::string> printed = {
      "3.1 Zulu Movement Segment", "3.2 British Movement Segment", "3.3 British Fire Segment",
      "3.4 Zulu Fire Segment",     "3.5 Zulu Melee Segment",       "3.6 British Melee Segment",
      "3.7 End Segment"};
  for (int i = 0; i < kSegments; ++i) {
    EXPECT_EQ(SegmentName(static_cast<Segment>(i)), printed[i]);
  }
  // "A. The game is played in four phases." "renewed at full strength three
  // times, thus four phases."
  EXPECT_EQ(kPhases, 4);
  EXPECT_EQ(kRenewals + 1, kPhases);
}

// ---------------------------------------------------------------------------
// 4.0 Movement, 5.0 Stacking

TEST(RoarksMovement_004, FiveMpsForZulusFourForBritishLessTheWounds) {
  Explanation why;
  EXPECT_EQ(MovementAllowance(Side::kZulu, WoundState::kNone, &why), 5);
  ExpectRule(why, "4.0 Movement",
             "B. The movement allowance (MA) for Zulu units is 5 MPs per turn and 4 MPs per turn "
             "for British units.");
  EXPECT_EQ(MovementAllowance(Side::kBritish, WoundState::kNone, nullptr), 4);
  EXPECT_EQ(MovementAllowance(Side::kBritish, WoundState::kLight, &why), 3);
  ExpectRule(why, "4.0 Movement",
             "G. Light wounds reduce a unit's MA by 1 MP per turn, and heavy wounds by 2 MPs per "
             "turn.");
  EXPECT_EQ(MovementAllowance(Side::kBritish, WoundState::kSerious, nullptr), 2);
  EXPECT_EQ(MovementAllowance(Side::kZulu, WoundState::kLightAndSerious, nullptr), 3);
  EXPECT_EQ(MovementAllowance(Side::kZulu, WoundState::kDead, nullptr), 0);
  // "F. ... by expending 1 MP in their hex ... and 3 Fire Defense Factors"
  EXPECT_EQ(kProneCostMp, 1);
  EXPECT_EQ(kProneFireDefense, 3);
}

TEST(RoarksStacking_004, OneZuluOrFiveBritishAHexAndTheExcessRemoved) {
  EXPECT_EQ(StackingLimit(Side::kZulu), 1);
  EXPECT_EQ(StackingLimit(Side::kBritish), 5);
  Explanation why;
  EXPECT_EQ(*StackingExcess(Side::kBritish, 7, &why), 2);
  ExpectRule(why, "5.0 Stacking",
             "F. If there are units in excess of the stacking limit, the owning side must remove "
             "(eliminate) the excess.");
  EXPECT_EQ(*StackingExcess(Side::kBritish, 5, nullptr), 0);
  EXPECT_EQ(*StackingExcess(Side::kZulu, 2, nullptr), 1);
  EXPECT_EQ(StackingExcess(Side::kZulu, -1, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// ---------------------------------------------------------------------------
// 6.0 Fire Combat

TEST(RoarksFire_004, FireFactorsOverTheHexsFdfDroppingFractions) {
  Explanation why;
  EXPECT_EQ(*FireOdds(11, 3, &why), 3);
  ExpectRule(why, "6.1.1 Aimed Fire",
             "B. Sum the Fire Factors aimed at the target hex. Divide by the target hex's Fire "
             "Defense Factor to yield a ratio, dropping fractions.");
  EXPECT_EQ(*FireOdds(2, 3, nullptr), 0);
  EXPECT_EQ(FireOdds(5, 0, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(RoarksFire_004, TheDesignedFireChartIsReadOnTheRatiosColumn) {
  // 4:1 by default: 2-6 miss, 7-8 light, 9-10 serious, 11-12 mortal.
  for (const auto& [total, damage] : std::vector<std::pair<int, Damage>>{
           {6, Damage::kMiss}, {7, Damage::kLight}, {9, Damage::kSerious}, {11, Damage::kMortal}}) {
    Dice dice = Dice::Scripted(TwoDice(total));
    Explanation why;
    absl::StatusOr<Damage> d = FireChartRoll(dice, 4, &why);
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(*d, damage) << total;
    EXPECT_EQ(why.rule.row, "4:1");
    EXPECT_TRUE(why.rule.designed) << "the Fire Chart is not in the source text";
    ExpectDiceConsumed(dice, why, 1);
  }
  // Past 6:1 reads 6:1; under 1:1 is a miss with no roll.
  Dice big = Dice::Scripted({5, 5});
  Explanation why;
  ASSERT_TRUE(FireChartRoll(big, 9, &why).ok());
  EXPECT_EQ(why.rule.row, "6:1");
  Dice none = Dice::Scripted({});
  EXPECT_EQ(*FireChartRoll(none, 0, &why), Damage::kMiss);
  ExpectDiceConsumed(none, why, 0);
  // A caller's own chart.
  FireChart all_mortal{};
  for (ChartColumn& c : all_mortal) c = ChartColumn{2, 2, 2};
  Dice one = Dice::Scripted({1, 1});
  EXPECT_EQ(*FireChartRoll(one, 1, nullptr, all_mortal), Damage::kMortal);
}

TEST(RoarksFire_004, DesignedChartsWorsenWithTheOdds) {
  auto at_least = [](const ChartColumn& a, const ChartColumn& b) {
    return a.light_from <= b.light_from && a.serious_from <= b.serious_from &&
           a.mortal_from <= b.mortal_from;
  };
  for (int i = 1; i < kFireColumns; ++i) {
    EXPECT_TRUE(at_least(DefaultFireChart()[i], DefaultFireChart()[i - 1])) << i;
  }
  for (int i = 1; i < kMeleeColumns; ++i) {
    EXPECT_TRUE(at_least(DefaultMeleeChart()[i], DefaultMeleeChart()[i - 1])) << i;
  }
}

TEST(RoarksVolley_004, WithinTwoHexesOfALieutenantAndAtLeastTenMen) {
  // "the hex the Lieutenant is on, the adjacent hex, and the hex adjacent to
  // the adjacent hex"
  EXPECT_TRUE(InVolleyReach(0));
  EXPECT_TRUE(InVolleyReach(1));
  EXPECT_TRUE(InVolleyReach(2));
  EXPECT_FALSE(InVolleyReach(3));
  Explanation why;
  EXPECT_FALSE(VolleyAllowed(9, &why));
  ExpectRule(why, "6.1.2 Volley Fire",
             "D. Volley fire may not occur unless there are at least ten men firing volley fire "
             "under the same officer.");
  EXPECT_TRUE(VolleyAllowed(10, nullptr));
}

TEST(RoarksOskarberg_004, NineToTwelveHitsThenADieOfUnitsEachOnTheFourToOneColumn) {
  // 2d6 = 9: a hit; d6 3: two units; unit 1: a miss (2+3) rolled again, then
  // 4+3 = 7 light; unit 2: 6+5 = 11 mortal.
  Dice dice = Dice::Scripted({4, 5, 3, 2, 3, 4, 3, 6, 5});
  Explanation why;
  absl::StatusOr<OskarbergResult> r = OskarbergFire(dice, OskarbergSituation{}, &why);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->hit);
  EXPECT_THAT(r->wounded, ElementsAre(Damage::kLight, Damage::kMortal));
  ExpectDiceConsumed(dice, why, 5);
  ExpectRule(why, "6.2.2.1 Zulu Attacks",
             "F. For each wounded unit, find the 4:1 column on the Fire Chart and roll two dice "
             "to determine the damage. If a miss is rolled roll again until a hit is rolled.",
             /*designed=*/true);
  Dice miss = Dice::Scripted({4, 4});
  absl::StatusOr<OskarbergResult> m = OskarbergFire(miss, OskarbergSituation{}, &why);
  ASSERT_TRUE(m.ok());
  EXPECT_FALSE(m->hit);
  ExpectRule(why, "6.2.2.1 Zulu Attacks",
             "D. Roll two dice for this fire. On a 9-12, a hit is scored.");
}

TEST(RoarksOskarberg_004, OneTwoOrThreeUnitsByTheDie) {
  for (const auto& [face, units] :
       std::vector<std::pair<int, size_t>>{{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {6, 3}}) {
    std::vector<int> script = {6, 6, face};
    for (size_t i = 0; i < units; ++i) script.insert(script.end(), {6, 6});
    Dice dice = Dice::Scripted(script);
    absl::StatusOr<OskarbergResult> r = OskarbergFire(dice, OskarbergSituation{}, nullptr);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->wounded.size(), units) << "d6 " << face;
  }
}

TEST(RoarksOskarberg_004, NotAfterASouthernAttackNorWithAZuluInThePerimeter) {
  Dice dice = Dice::Scripted({6, 6});
  OskarbergSituation s;
  s.zulu_attack_from_south_edge = true;
  EXPECT_EQ(OskarbergFire(dice, s, nullptr).status().code(),
            absl::StatusCode::kFailedPrecondition);
  s = OskarbergSituation{};
  s.zulu_in_main_perimeter = true;
  absl::StatusOr<OskarbergResult> r = OskarbergFire(dice, s, nullptr);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(r.status().message(), HasSubstr("main perimeter"));
}

TEST(RoarksOskarberg_004, SuppressionOnNineToTwelveRaisesTheZulusRollToHit) {
  // "The first successful suppression attempt reduces the Zulu roll to hit
  // from 9-12 to 10-12 ... to 11-12, 12, then fully suppressed."
  EXPECT_EQ(OskarbergToHit(0), 9);
  EXPECT_EQ(OskarbergToHit(1), 10);
  EXPECT_EQ(OskarbergToHit(2), 11);
  EXPECT_EQ(OskarbergToHit(3), 12);
  EXPECT_EQ(kSuppressionFireFactors, 60);
  Explanation why;
  Dice fail = Dice::Scripted({4, 4});
  EXPECT_EQ(*SuppressOskarberg(fail, 0, &why), 0);
  ExpectRule(why, "6.2.2.2 British Suppression of Oskarberg Fire",
             "C. Suppression succeeds on a 9-12.");
  int level = 0;
  for (int i = 0; i < kFullySuppressed; ++i) {
    Dice ok = Dice::Scripted({4, 5});
    level = *SuppressOskarberg(ok, level, nullptr);
    EXPECT_EQ(level, i + 1);
  }
  Dice any = Dice::Scripted({6, 6});
  EXPECT_EQ(SuppressOskarberg(any, level, nullptr).status().code(),
            absl::StatusCode::kFailedPrecondition);
  OskarbergSituation s;
  s.suppression = 2;
  Dice ten = Dice::Scripted({5, 5});
  EXPECT_FALSE(OskarbergFire(ten, s, nullptr)->hit) << "10 does not hit at 11-12";
  s.suppression = kFullySuppressed;
  EXPECT_EQ(OskarbergFire(ten, s, nullptr).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

// ---------------------------------------------------------------------------
// 7.0 Melee

TEST(RoarksMelee_004, WorkedExampleAZuluFromARidgeAgainstAWallOfThree) {
  // "The Zulu unit is halved (its melee factor is reduced from 10 to 5); the
  // British units defending a wall are doubled (from 9 melee factors to 18).
  // The odds are 5:18 or 1:4 (the nearest numbers on the chart)."
  MeleeTerrain zulu_attacking;
  zulu_attacking.attacking = true;
  zulu_attacking.downslope_on_ridge = true;
  MeleeTerrain british_at_wall;
  british_at_wall.defending_wall = true;
  const int zulu = *MeleeFactor(10, zulu_attacking, nullptr);
  const int british = *MeleeFactor(9, british_at_wall, nullptr);
  EXPECT_EQ(zulu, 5);
  EXPECT_EQ(british, 18);
  Explanation why;
  absl::StatusOr<MeleeOddsResult> odds = MeleeOdds(zulu, british, &why);
  ASSERT_TRUE(odds.ok());
  EXPECT_EQ(MeleeColumnName(odds->column), std::string("1:4"));
  EXPECT_EQ(odds->attack, 1);
  EXPECT_EQ(odds->defend, 4);
  ExpectRule(why, "7.0 Melee", "The odds are 5:18 or 1:4 (the nearest numbers on the chart).");
  // "Then the British attack. They have 9 MF vs 10 MF for the Zulu unit which
  // are halved for defending on a ridge (downslope from the enemy), so 9:5,
  // which becomes 1:1 odds."
  MeleeTerrain british_attacking;
  british_attacking.attacking = true;
  british_attacking.defending_wall = true;  // a wall doubles defenders only
  MeleeTerrain zulu_defending;
  zulu_defending.downslope_on_ridge = true;
  absl::StatusOr<MeleeOddsResult> back = MeleeOdds(*MeleeFactor(9, british_attacking, nullptr),
                                                   *MeleeFactor(10, zulu_defending, nullptr),
                                                   nullptr);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(MeleeColumnName(back->column), std::string("1:1"));
  // "If the dice roll gives L (Light wound) all three British units are
  // lightly wounded": the chart's result goes to every defender.
  Dice dice = Dice::Scripted({6, 6});
  absl::StatusOr<Damage> d = MeleeChartRoll(dice, odds->column, &why);
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE(why.rule.designed) << "the Melee Chart is not in the source text";
  EXPECT_EQ(why.rule.row, "1:4");
}

TEST(RoarksMelee_004, OddsDropFractionsAndStopAtTheChartsEnds) {
  struct Case {
    int a, d;
    const char* column;
  };
  for (const Case& c : {Case{10, 10, "1:1"}, Case{19, 10, "1:1"}, Case{20, 10, "2:1"},
                        Case{59, 10, "5:1"}, Case{90, 10, "6:1"}, Case{5, 10, "1:2"},
                        Case{4, 10, "1:3"}, Case{3, 10, "1:4"}, Case{1, 10, "1:4"}}) {
    absl::StatusOr<MeleeOddsResult> o = MeleeOdds(c.a, c.d, nullptr);
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(MeleeColumnName(o->column), std::string(c.column)) << c.a << ":" << c.d;
  }
  EXPECT_EQ(MeleeOdds(0, 10, nullptr).status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(MeleeOdds(5, 0, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  Dice none = Dice::Scripted({});
  EXPECT_EQ(MeleeChartRoll(none, 9, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(RoarksMelee_004, AProneZuluHasNoAttackAndHalfItsDefence) {
  MeleeTerrain prone;
  prone.prone = true;
  EXPECT_EQ(*MeleeFactor(8, prone, nullptr), 4);
  prone.attacking = true;
  Explanation why;
  EXPECT_EQ(*MeleeFactor(8, prone, &why), 0);
  EXPECT_EQ(why.rule.section, "4.0 Movement");
}

// ---------------------------------------------------------------------------
// 8.0 Damage

TEST(RoarksDamage_004, SubsequentWoundsAsPrinted) {
  const WoundState N = WoundState::kNone, L = WoundState::kLight, S = WoundState::kSerious,
                   LS = WoundState::kLightAndSerious, D = WoundState::kDead;
  Explanation why;
  // "A. A unit with a light wound that receives a second light wound becomes
  // serious wounded."
  EXPECT_EQ(Wound(L, Damage::kLight, &why), S);
  ExpectRule(why, "8.2 Effect of Subsequent Damage",
             "A. A unit with a light wound that receives a second light wound becomes serious "
             "wounded.");
  // "B. A unit with two serious wounds becomes mortally wounded"
  EXPECT_EQ(Wound(S, Damage::kSerious, &why), D);
  ExpectRule(why, "8.2 Effect of Subsequent Damage",
             "B. A unit with two serious wounds becomes mortally wounded (killed, eliminated).");
  // "C. A unit with a light and serious wound is treated as seriously
  // wounded, but a second light wound makes the unit mortally wounded."
  EXPECT_EQ(Wound(S, Damage::kLight, nullptr), LS);
  EXPECT_EQ(Wound(L, Damage::kSerious, nullptr), LS);
  EXPECT_EQ(Wound(LS, Damage::kLight, &why), D);
  ExpectRule(why, "8.2 Effect of Subsequent Damage",
             "C. A unit with a light and serious wound is treated as seriously wounded, but a "
             "second light wound makes the unit mortally wounded.");
  EXPECT_EQ(Wound(LS, Damage::kSerious, nullptr), D);
  EXPECT_EQ(Wound(N, Damage::kLight, nullptr), L);
  EXPECT_EQ(Wound(N, Damage::kSerious, nullptr), S);
  EXPECT_EQ(Wound(N, Damage::kMortal, nullptr), D);
  EXPECT_EQ(Wound(L, Damage::kMiss, nullptr), L);
}

TEST(RoarksHealing_004, ReynoldsHealsSeriousWoundsOnThreeToTwelve) {
  Dice two = Dice::Scripted({1, 1});
  Explanation why;
  Healing h = HealSerious(two, Surgeon::kWell, &why);
  EXPECT_TRUE(h.dies);
  ExpectRule(why, "8.3 Healing Wounds (British)", "b. On a 2, the man dies.");
  Dice seven = Dice::Scripted({3, 4});
  h = HealSerious(seven, Surgeon::kWell, &why);
  EXPECT_FALSE(h.dies);
  EXPECT_TRUE(h.cured);
  EXPECT_EQ(h.cured_on_turn, 7) << "the turn of the next phase when they are cured";
  // Light wounds: "cured at the beginning of the next phase", no roll.
  Dice none = Dice::Scripted({});
  EXPECT_TRUE(InterphaseLight(none, Surgeon::kWell, &why).cured);
  ExpectDiceConsumed(none, why, 0);
}

TEST(RoarksHealing_004, AWoundedReynolds) {
  // Lightly wounded: "die on a 2-4. Otherwise they return to play on a 5-12
  // (that number of turns)."
  Dice four = Dice::Scripted({2, 2});
  EXPECT_TRUE(HealSerious(four, Surgeon::kLightlyWounded, nullptr).dies);
  Dice five = Dice::Scripted({2, 3});
  Healing h = HealSerious(five, Surgeon::kLightlyWounded, nullptr);
  EXPECT_FALSE(h.dies);
  EXPECT_EQ(h.cured_on_turn, 5);
  // Seriously wounded: "he cannot heal anyone and those units with serious
  // wounds in the interphase die in interphases on a roll of 2-7. Those with
  // light wounds die on a roll of a 2."
  Dice seven = Dice::Scripted({3, 4});
  EXPECT_TRUE(HealSerious(seven, Surgeon::kSeriouslyWounded, nullptr).dies);
  Dice eight = Dice::Scripted({4, 4});
  h = HealSerious(eight, Surgeon::kSeriouslyWounded, nullptr);
  EXPECT_FALSE(h.dies);
  EXPECT_FALSE(h.cured);
  Dice two = Dice::Scripted({1, 1});
  EXPECT_TRUE(InterphaseLight(two, Surgeon::kSeriouslyWounded, nullptr).dies);
  Dice three = Dice::Scripted({1, 2});
  h = InterphaseLight(three, Surgeon::kSeriouslyWounded, nullptr);
  EXPECT_FALSE(h.dies);
  EXPECT_FALSE(h.cured);
}

// ---------------------------------------------------------------------------
// 9.0 Off Board Zones/Placement/Phasing

TEST(RoarksPlacement_004, WorkedExampleUdlokoUthuluAndYengwe) {
  // "The Udloko Regiment may enter from Zones 1 and 2. The Uthulu Regiment may
  // then enter the map from Zones 2 and 3, or Zones 8 and 1, but not from
  // Zones 1 and 2. The Yengwe Regiment may then enter from Zones 3 and 4 or 7
  // and 8."
  const std::vector<int> udloko = {1, 2};
  EXPECT_TRUE(*EntryAllowed(udloko, {}, nullptr));
  EXPECT_TRUE(*EntryAllowed({2, 3}, {udloko}, nullptr));
  EXPECT_TRUE(*EntryAllowed({8, 1}, {udloko}, nullptr));
  Explanation why;
  EXPECT_FALSE(*EntryAllowed({1, 2}, {udloko}, &why));
  ExpectRule(why, "9.2 Zulu Placement",
             "D. One regiment may not completely enter the map from the same zone as another "
             "regiment, but parts of regiments may.");
  EXPECT_TRUE(*EntryAllowed({3, 4}, {udloko, {2, 3}}, nullptr));
  EXPECT_TRUE(*EntryAllowed({7, 8}, {udloko, {8, 1}}, nullptr));
  // "if entering from two zones, the zones must be adjacent to each other"
  EXPECT_FALSE(*EntryAllowed({1, 3}, {}, &why));
  ExpectRule(why, "9.2 Zulu Placement",
             "C. Each regiment may enter the board from one or two zones, but if entering from "
             "two zones, the zones must be adjacent to each other.");
  EXPECT_FALSE(*EntryAllowed({1}, {udloko}, nullptr)) << "wholly from Udloko's zone";
  EXPECT_EQ(EntryAllowed({9}, {}, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(ZonesAdjacent(8, 1));
  EXPECT_FALSE(ZonesAdjacent(1, 1));
}

TEST(RoarksPhasing_004, ARegimentRetiresAtAThirdKilledAndTheGameEndsAtAHundred) {
  EXPECT_FALSE(RegimentRetires(30, 9));
  EXPECT_TRUE(RegimentRetires(30, 10));
  EXPECT_TRUE(RegimentRetires(31, 11));
  EXPECT_FALSE(RegimentRetires(31, 10));
  EXPECT_FALSE(GameEndsOnZuluKills(99));
  EXPECT_TRUE(GameEndsOnZuluKills(100));
}

// ---------------------------------------------------------------------------
// 10.0 Fires

TEST(RoarksFires_004, RiflesThroughTheRoofByTheirWounds) {
  struct Case {
    WoundState w;
    int up_to;
  };
  for (const Case& c : {Case{WoundState::kNone, 7}, Case{WoundState::kLight, 6},
                        Case{WoundState::kSerious, 4}}) {
    Dice at = Dice::Scripted(TwoDice(c.up_to));
    Explanation why;
    EXPECT_TRUE(RoofFireFromRifles(at, c.w, &why)) << c.up_to;
    ExpectRule(why, "10.1 Starting a Fire",
               "B. Rifle units can fire down through the roof setting fire on a 2-7 (if not "
               "damaged), 2-6 (if lightly wounded), and 2-4 (if severely wounded).");
    Dice over = Dice::Scripted(TwoDice(c.up_to + 1));
    EXPECT_FALSE(RoofFireFromRifles(over, c.w, nullptr)) << c.up_to + 1;
  }
}

TEST(RoarksFires_004, AZuluRoofOnTwelveTorchesByWoundsSpreadOnTwoToSeven) {
  Dice twelve = Dice::Scripted({6, 6});
  EXPECT_TRUE(ZuluRoofFire(twelve, nullptr));
  Dice eleven = Dice::Scripted({6, 5});
  EXPECT_FALSE(ZuluRoofFire(eleven, nullptr));
  struct Case {
    WoundState w;
    int up_to;
    const char* row;
  };
  for (const Case& c : {Case{WoundState::kNone, 6, "2-6 | Not wounded"},
                        Case{WoundState::kLight, 5, "2-5 | Lightly wounded"},
                        Case{WoundState::kSerious, 3, "2-3 | Severely wounded"}}) {
    Dice at = Dice::Scripted(TwoDice(c.up_to));
    Explanation why;
    EXPECT_TRUE(TorchFire(at, c.w, &why));
    ExpectRule(why, "10.1 Starting a Fire", c.row);
    Dice over = Dice::Scripted(TwoDice(c.up_to + 1));
    EXPECT_FALSE(TorchFire(over, c.w, nullptr));
  }
  Dice seven = Dice::Scripted({3, 4});
  EXPECT_TRUE(FireSpreads(seven, nullptr));
  Dice eight = Dice::Scripted({4, 4});
  EXPECT_FALSE(FireSpreads(eight, nullptr));
}

TEST(RoarksFires_004, TheScheduleOfAUnitCaughtInARoomOnFire) {
  Explanation why;
  EXPECT_TRUE(FireDamage(1, &why).empty());
  ExpectRule(why, "10.2 Fire Effects", "1 | None");
  EXPECT_THAT(FireDamage(2, nullptr), ElementsAre(Damage::kLight));
  EXPECT_THAT(FireDamage(3, nullptr), ElementsAre(Damage::kSerious));
  EXPECT_THAT(FireDamage(4, &why), ElementsAre(Damage::kSerious, Damage::kLight));
  ExpectRule(why, "10.2 Fire Effects", "4 | Severe + Light");
  EXPECT_THAT(FireDamage(5, nullptr), ElementsAre(Damage::kMortal));
  // Applied turn by turn, a unit that stays is dead by turn 4.
  WoundState w = WoundState::kNone;
  for (int turn = 1; turn <= 4; ++turn) {
    for (Damage d : FireDamage(turn, nullptr)) w = Wound(w, d, nullptr);
  }
  EXPECT_EQ(w, WoundState::kDead);
}

// ---------------------------------------------------------------------------
// 12.0 Victory Conditions

TEST(RoarksVictory_004, EveryPrintedRowAndTheMissingThirtySixToThirtyEight) {
  struct Case {
    int dead;
    Victory v;
    const char* row;
  };
  for (const Case& c : {Case{0, Victory::kBritishSmashing, "0-20 | British Smashing"},
                        Case{20, Victory::kBritishSmashing, "0-20 | British Smashing"},
                        Case{21, Victory::kBritishGreat, "21-25 | British Great"},
                        Case{26, Victory::kBritishSpiritual, "26-30 | British Spiritual"},
                        Case{35, Victory::kBritishTactical, "31-35 | British Tactical"},
                        Case{39, Victory::kBritishMarginal, "39-40 | British Marginal"},
                        Case{41, Victory::kDraw, "41-49 | Draw"},
                        Case{49, Victory::kDraw, "41-49 | Draw"},
                        Case{50, Victory::kZuluMarginal, "50-54 | Zulu Marginal"},
                        Case{55, Victory::kZuluTactical, "55-59 | Zulu Tactical"},
                        Case{60, Victory::kZuluSpiritual, "60-74 | Zulu Spiritual"},
                        Case{75, Victory::kZuluGreat, "75-99 | Zulu Great"},
                        Case{100, Victory::kZuluSmashing, "100+ | Zulu Smashing"},
                        Case{140, Victory::kZuluSmashing, "100+ | Zulu Smashing"}}) {
    Explanation why;
    EXPECT_EQ(*VictoryLevel(c.dead, &why), c.v) << c.dead;
    ExpectRule(why, "12.0 Victory Conditions", c.row);
  }
  for (int dead : {36, 37, 38}) {
    Explanation why;
    EXPECT_EQ(*VictoryLevel(dead, &why), Victory::kBritishMarginal);
    EXPECT_TRUE(why.rule.designed) << "no printed row for " << dead;
    EXPECT_EQ(*VictoryLevel(dead, nullptr, Victory::kBritishTactical), Victory::kBritishTactical);
  }
  EXPECT_EQ(VictoryLevel(-1, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

// Bad input is refused by name, never overflowed.
TEST(RoarksTables_004, ExtremeInputsAreRefusedNotOverflowed) {
  constexpr int kHuge = std::numeric_limits<int>::max();
  EXPECT_TRUE(RegimentRetires(kHuge, kHuge)) << "no overflow at the limit";
  EXPECT_FALSE(RegimentRetires(kHuge, kHuge / 4));
  absl::StatusOr<MeleeOddsResult> a = MeleeOdds(kHuge, 1, nullptr);
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(a.status().message(), HasSubstr("attack_factors"));
  absl::StatusOr<MeleeOddsResult> d = MeleeOdds(1, kHuge, nullptr);
  EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(d.status().message(), HasSubstr("defense_factors"));
  EXPECT_EQ(MeleeFactor(kHuge, MeleeTerrain{}, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(FireOdds(kHuge, 1, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(StackingExcess(Side::kBritish, kHuge, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(VictoryLevel(kHuge, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(*VictoryLevel(100000, nullptr), Victory::kZuluSmashing);
}

}  // namespace
}  // namespace impi::roarks
