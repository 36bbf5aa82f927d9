// tests/rules/pagano/tables_test.cc: every printed table and modifier of C.
// Pagano's d10 rules (000_75b60edb8bb33965.txt), driven by scripted dice.
//
// The expected rows, ranges, numbers and modifier reasons below are copied
// from the rules text (one paragraph; runs of spaces folded to one), not
// from tables.h, so a slip in the engine's copy fails here. Each test names
// its source: 000, the heading, and the words it checks; the worked examples
// of the text are tests of their own (...WorkedExample...).
#include "engine/rulesets/pagano/tables.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/table_test_util.h"

namespace impi::pagano {
namespace {

using ::impi::testing::ExpectDiceConsumed;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kFile[] = "000_75b60edb8bb33965.txt";

void ExpectRule(const Explanation& why, const std::string& section, const std::string& row,
                bool designed = false) {
  EXPECT_EQ(why.rule.source, kFile);
  EXPECT_EQ(why.rule.section, section);
  EXPECT_EQ(why.rule.row, row);
  EXPECT_EQ(why.rule.designed, designed);
}

std::vector<std::string> Reasons(const DieRoll& roll) {
  std::vector<std::string> out;
  for (const Modifier& m : roll.modifiers) out.push_back(m.reason);
  return out;
}

// ---------------------------------------------------------------------------
// SEQUENCE of PLAY: "1) Zulu Movement 2) Brit Missile Fire 3) Zulu Morale 4)
// Zulu Melee 5) Brit Movement 6) Brit Medical 7) Zulu Missile Fire 8) Brit
// Melee"

TEST(PaganoSequence_000, EightPhasesInThePrintedOrder) {
  const std::vector<std::string> printed = {
      "Zulu Movement", "Brit Missile Fire", "Zulu Morale",       "Zulu Melee",
      "Brit Movement", "Brit Medical",      "Zulu Missile Fire", "Brit Melee"};
  Phase p = Phase::kZuluMovement;
  for (int i = 0; i < kPhases; ++i) {
    EXPECT_EQ(PhaseName(p), printed[i]) << "phase " << i + 1;
    p = NextPhase(p);
  }
  EXPECT_EQ(p, Phase::kZuluMovement) << "after 8) Brit Melee, the next turn's Zulu Movement";
}

// ---------------------------------------------------------------------------
// MOVEMENT

constexpr char kZuluDie[] =
    "Unless beginning or ending movement prone, each Zulu isigaba rolls a d 10 and adds half to "
    "its movement. Round fractions down.";
constexpr char kHalved[] = "Movement is halved if it:";

TEST(PaganoMovement_000, ZuluIsigabaMovesSixAndHalfAD10RoundedDown) {
  for (const auto& [face, inches] : std::vector<std::pair<int, double>>{
           {1, 6}, {2, 7}, {7, 9}, {9, 10}, {10, 11}}) {
    Dice dice = Dice::Scripted({face});
    Explanation why;
    MoveSituation s;
    s.mover = Mover::kZulu;
    absl::StatusOr<MoveAllowance> m = MovementAllowance(dice, s, &why);
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_EQ(m->base_inches, 6);
    EXPECT_EQ(m->d10, face);
    EXPECT_DOUBLE_EQ(m->inches, inches) << "d10 " << face;
    ExpectDiceConsumed(dice, why, 1);
    EXPECT_EQ(why.dice[0].sides, 10);
    ExpectRule(why, "MOVEMENT", kZuluDie);
  }
}

TEST(PaganoMovement_000, APronZuluRollsNoDieAndOneProneAtBothEndsIsHalved) {
  for (const bool begins : {true, false}) {
    Dice dice = Dice::Scripted({});
    Explanation why;
    MoveSituation s;
    s.begins_prone = begins;
    s.ends_prone = !begins;
    absl::StatusOr<MoveAllowance> m = MovementAllowance(dice, s, &why);
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_EQ(m->d10, 0);
    EXPECT_DOUBLE_EQ(m->inches, 6);
    ExpectDiceConsumed(dice, why, 0);
  }
  Dice dice = Dice::Scripted({});
  Explanation why;
  MoveSituation s;
  s.begins_prone = s.ends_prone = true;  // "Begins and ends prone"
  absl::StatusOr<MoveAllowance> m = MovementAllowance(dice, s, &why);
  ASSERT_TRUE(m.ok());
  EXPECT_DOUBLE_EQ(m->inches, 3);
  ExpectRule(why, "MOVEMENT", kHalved);
}

TEST(PaganoMovement_000, EveryHalvingConditionHalvesOnceAndTheyDoNotCompound) {
  using Flag = bool MoveSituation::*;
  for (Flag f : {&MoveSituation::crosses_defended_wall, &MoveSituation::crosses_deep_water,
                 &MoveSituation::up_steep_slope, &MoveSituation::donga_edge_or_terrace,
                 &MoveSituation::assisting_casualties}) {
    Dice dice = Dice::Scripted({});
    Explanation why;
    MoveSituation s;
    s.mover = Mover::kFoot;  // "Foot 6""
    s.*f = true;
    absl::StatusOr<MoveAllowance> m = MovementAllowance(dice, s, &why);
    ASSERT_TRUE(m.ok());
    EXPECT_DOUBLE_EQ(m->inches, 3);
    ExpectRule(why, "MOVEMENT", kHalved);
  }
  Dice dice = Dice::Scripted({});
  MoveSituation s;
  s.mover = Mover::kFoot;
  s.crosses_deep_water = s.up_steep_slope = s.assisting_casualties = true;
  EXPECT_DOUBLE_EQ(MovementAllowance(dice, s, nullptr)->inches, 3);
}

TEST(PaganoMovement_000, ZuluMovementIsHalvedByABuilding) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  MoveSituation s;
  s.involves_building = true;
  absl::StatusOr<MoveAllowance> m = MovementAllowance(dice, s, &why);
  ASSERT_TRUE(m.ok());
  EXPECT_DOUBLE_EQ(m->inches, 4);  // (6 + 2) / 2
  ExpectRule(why, "MOVEMENT",
             "Zulu movement is halved if it involves a building (even if unoccupied).");
  // A British foot figure is not.
  Dice brit = Dice::Scripted({});
  s.mover = Mover::kFoot;
  EXPECT_DOUBLE_EQ(MovementAllowance(brit, s, nullptr)->inches, 6);
}

TEST(PaganoMovement_000, MountedTwelveHalvedOverRoughAndAThirdUpADongaEdge) {
  constexpr char kMounted[] =
      "Mounted Movement is halved over rough or swampy ground and is reduced to one third for "
      "moving up or down a donga edge, rocky slope, or terrace.";
  struct Case {
    bool rough, rocky, donga;
    double inches;
  };
  for (const Case& c : {Case{false, false, false, 12}, Case{true, false, false, 6},
                        Case{false, true, false, 4}, Case{false, false, true, 4},
                        Case{true, true, false, 4}}) {
    Dice dice = Dice::Scripted({});
    Explanation why;
    MoveSituation s;
    s.mover = Mover::kMounted;
    s.rough_or_swampy = c.rough;
    s.rocky_slope = c.rocky;
    s.donga_edge_or_terrace = c.donga;
    absl::StatusOr<MoveAllowance> m = MovementAllowance(dice, s, &why);
    ASSERT_TRUE(m.ok());
    EXPECT_DOUBLE_EQ(m->inches, c.inches);
    if (c.inches < 12) ExpectRule(why, "MOVEMENT", kMounted);
  }
}

TEST(PaganoMovement_000, GunsAndWagonsKeepToADirtTrack) {
  MoveSituation s;
  s.mover = Mover::kLimbered;
  Dice d0 = Dice::Scripted({});
  EXPECT_DOUBLE_EQ(MovementAllowance(d0, s, nullptr)->inches, 8);  // "Limbered 8""
  s.mover = Mover::kByHand;
  EXPECT_DOUBLE_EQ(MovementAllowance(d0, s, nullptr)->inches, 3);  // "By Hand 3""
  s.mover = Mover::kLimbered;
  s.crosses_deep_water = true;
  absl::StatusOr<MoveAllowance> refused = MovementAllowance(d0, s, nullptr);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.status().message(), HasSubstr("good dirt track"));
  s.via_dirt_track = true;
  Explanation why;
  absl::StatusOr<MoveAllowance> m = MovementAllowance(d0, s, &why);
  ASSERT_TRUE(m.ok());
  EXPECT_DOUBLE_EQ(m->inches, 4);
  ExpectRule(why, "MOVEMENT",
             "Movement is halved for cannons, gattling guns, & wagons while crossing a donga or "
             "water coarse via a good dirt track.");
}

TEST(PaganoMovement_000, WorkedExampleTenMountedBecomeEightFootAndTwoHorseHolders) {
  Explanation why;
  absl::StatusOr<Dismounted> d = Dismount(10, /*inside_fortified_position=*/false, &why);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->foot, 8);
  EXPECT_EQ(d->horse_holders, 2);
  ExpectRule(why, "MOVEMENT",
             "When dismounting outside of a fortified position one figure must be used as a "
             "horse holder for every four mounted figures (round down; e.g., 10 figures would "
             "become 8 foot and 2 horse holders).");
  EXPECT_EQ(Dismount(3, false, nullptr)->horse_holders, 0);
  EXPECT_EQ(Dismount(8, false, nullptr)->horse_holders, 2);
  EXPECT_EQ(Dismount(10, true, nullptr)->foot, 10);
  EXPECT_EQ(Dismount(-1, false, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(PaganoMovement_000, WorkedExampleHalfAMoveLeftAtTheBarricadeToMeleeAcrossIt) {
  constexpr char kRow[] =
      "In order to engage in melee with an enemy that has cover, one must have enough movement "
      "to traverse the cover.";
  // "The Zulus may immediately engage in melee this turn if they have at east
  // half of their movement remaining when they reach the barricade."
  Explanation why;
  EXPECT_TRUE(*MayMeleeAcrossCover(5.0, 10.0, 1, &why));
  ExpectRule(why, "Movement & Melee", kRow);
  EXPECT_FALSE(*MayMeleeAcrossCover(4.5, 10.0, 1, nullptr));
  // "if the barricade was at the top of a terrace then the Zulus must first
  // move to contact the cover, and then wait until the next turn to use their
  // full movement": two obstacles, a full move.
  EXPECT_FALSE(*MayMeleeAcrossCover(9.0, 10.0, 2, nullptr));
  EXPECT_TRUE(*MayMeleeAcrossCover(10.0, 10.0, 2, nullptr));
  EXPECT_TRUE(*MayMeleeAcrossCover(0.0, 10.0, 0, nullptr));
  EXPECT_EQ(MayMeleeAcrossCover(std::nan(""), 10.0, 1, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(MayMeleeAcrossCover(1.0, 10.0, -1, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// ---------------------------------------------------------------------------
// COVER

TEST(PaganoCover_000, EveryFeatureHasItsPrintedClassForMissileFireAndMelee) {
  struct Case {
    Feature f;
    CoverClass missile, melee;
    const char* row;
  };
  constexpr char kSoft[] = "Soft Cover = Brush, low dirt mound, wagons, Zulu hut, cattle";
  constexpr char kRegular[] = "Regular Cover = Wall, barricade, boulders, palisade";
  constexpr char kHeavy[] = "Heavy Cover = Building, heavy stone fortifications";
  const CoverClass N = CoverClass::kNone, S = CoverClass::kSoft, R = CoverClass::kRegular,
                   H = CoverClass::kHeavy;
  const std::vector<Case> cases = {
      {Feature::kOpen, N, N, nullptr},
      {Feature::kBrush, S, S, kSoft},
      {Feature::kLowDirtMound, S, S, kSoft},
      {Feature::kWagon, S, S, kSoft},
      {Feature::kZuluHut, S, S, kSoft},
      {Feature::kCattle, S, S, kSoft},
      {Feature::kWall, R, R, kRegular},
      {Feature::kBarricade, R, R, kRegular},
      {Feature::kBoulders, R, R, kRegular},
      {Feature::kPalisade, R, R, kRegular},
      {Feature::kBuilding, H, H, kHeavy},
      {Feature::kHeavyStoneFortification, H, H, kHeavy},
      {Feature::kBehindDongaEdge, R, N, "Missile Fire only Regular Cover = behind donga edge"},
      {Feature::kDeepWaterCourse, N, R,
       "Melee Regular Cover = Deep water course, top of donga edge, or top of terrace"},
      {Feature::kTopOfDongaEdge, N, R,
       "Melee Regular Cover = Deep water course, top of donga edge, or top of terrace"},
      {Feature::kTopOfTerrace, N, R,
       "Melee Regular Cover = Deep water course, top of donga edge, or top of terrace"},
      {Feature::kRaisedRedoubt, R, H,
       "Heavy Cover = Barricades forming a raised redoubt or placed in combination with a donga "
       "edge or terrace"},
      {Feature::kBarricadeOnEdge, R, H,
       "Heavy Cover = Barricades forming a raised redoubt or placed in combination with a donga "
       "edge or terrace"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(static_cast<int>(c.f));
    EXPECT_EQ(CoverOf(c.f, Attack::kMissile, false, false, nullptr), c.missile);
    Explanation why;
    EXPECT_EQ(CoverOf(c.f, Attack::kMelee, false, /*melee_defender=*/true, &why), c.melee);
    if (c.row != nullptr) ExpectRule(why, "COVER", c.row);
  }
}

TEST(PaganoCover_000, MeleeCoverIsTheDefendersAndMountedTroopsHaveNone) {
  Explanation why;
  EXPECT_EQ(CoverOf(Feature::kBarricade, Attack::kMelee, false, /*melee_defender=*/false, &why),
            CoverClass::kNone);
  ExpectRule(why, "COVER",
             "For melee, cover is applied only to the defender (the side that did not initiate "
             "the melee).");
  EXPECT_EQ(CoverOf(Feature::kBuilding, Attack::kMissile, /*mounted=*/true, false, &why),
            CoverClass::kNone);
  ExpectRule(why, "COVER", "Cover does not apply to mounted troops.");
}

// ---------------------------------------------------------------------------
// MISSILE FIRE: riflemen, "d10 Jan Feb Riflemen 9-10 6-10 2 3-8 1-5 1 1-2 - 0"

TEST(PaganoRiflemen_000, JanuaryAndFebruaryColumnsAsPrinted) {
  struct Case {
    int month, face, riflemen;
    const char* row;
  };
  for (const Case& c : {Case{1, 1, 0, "1-2 - 0"}, Case{1, 2, 0, "1-2 - 0"},
                        Case{1, 3, 1, "3-8 1-5 1"}, Case{1, 8, 1, "3-8 1-5 1"},
                        Case{1, 9, 2, "9-10 6-10 2"}, Case{1, 10, 2, "9-10 6-10 2"},
                        Case{2, 1, 1, "3-8 1-5 1"}, Case{2, 5, 1, "3-8 1-5 1"},
                        Case{2, 6, 2, "9-10 6-10 2"}, Case{3, 10, 2, "9-10 6-10 2"}}) {
    Dice dice = Dice::Scripted({c.face});
    Explanation why;
    absl::StatusOr<int> n = RollRiflemen(dice, c.month, &why);
    ASSERT_TRUE(n.ok());
    EXPECT_EQ(*n, c.riflemen) << "month " << c.month << " d10 " << c.face;
    ExpectRule(why, "MISSILE FIRE", c.row);
    ExpectDiceConsumed(dice, why, 1);
  }
  Dice dice = Dice::Scripted({5});
  EXPECT_EQ(RollRiflemen(dice, 13, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(PaganoRiflemen_000, AtFourteenFiguresOneRiflemanAtEightNone) {
  // "reduced to a maximum of 1 rifleman when they have 14 or fewer figures
  // remaining and have no riflemen when they have 8 or fewer"
  EXPECT_EQ(RiflemenWithFigures(2, 20), 2);
  EXPECT_EQ(RiflemenWithFigures(2, 15), 2);
  EXPECT_EQ(RiflemenWithFigures(2, 14), 1);
  EXPECT_EQ(RiflemenWithFigures(0, 14), 0);
  EXPECT_EQ(RiflemenWithFigures(2, 9), 1);
  EXPECT_EQ(RiflemenWithFigures(2, 8), 0);
}

TEST(PaganoFireDice_000, DiceByFirer) {
  EXPECT_EQ(*FireDice(Firer::kBritishFigure, 6, 0), 6);   // "one d10 each turn for every figure"
  EXPECT_EQ(*FireDice(Firer::kGunCrew, 3, 0), 3);         // "for each figure manning the weapon"
  EXPECT_EQ(*FireDice(Firer::kGunCrew, 0, 0), 0);
  EXPECT_EQ(*FireDice(Firer::kSharpshooters, 20, 0), 5);  // "every 4 figures ... (round down)"
  EXPECT_EQ(*FireDice(Firer::kSharpshooters, 19, 0), 4);
  EXPECT_EQ(*FireDice(Firer::kRegularIsigaba, 20, 2), 2);  // "every rifleman"
  EXPECT_EQ(*FireDice(Firer::kRegularIsigaba, 12, 2), 1);
  EXPECT_EQ(*FireDice(Firer::kNncIsigaba, 20, 0), 1);  // "NNC "izigaba" always have 1 rifleman"
  EXPECT_EQ(*FireDice(Firer::kThrowingSpears, 20, 0), 1);
  EXPECT_EQ(FireDice(Firer::kSharpshooters, -4, 0).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(PaganoMissile_000, EveryWeaponRowAsPrinted) {
  struct Row {
    Weapon w;
    int skirmish, tactical, d10;
  };
  // "Zulu Throwing Spears 3 2 6+ Zulu Rifles, Muskets, etc 36 24 8+ Brit
  // Martini-Henry rifles 45 30 4+ Brit Carbines & other Brit rifles 36 24 5+
  // Brit Pistol 9 6 5+ Cannon 96 64 6+ Gattling Gun 54 36 4+ Rockets 63 42 9+"
  for (const Row& r : {Row{Weapon::kZuluThrowingSpears, 3, 2, 6},
                       Row{Weapon::kZuluRifles, 36, 24, 8},
                       Row{Weapon::kMartiniHenry, 45, 30, 4}, Row{Weapon::kCarbine, 36, 24, 5},
                       Row{Weapon::kPistol, 9, 6, 5}, Row{Weapon::kCannon, 96, 64, 6},
                       Row{Weapon::kGatlingGun, 54, 36, 4}, Row{Weapon::kRockets, 63, 42, 9}}) {
    EXPECT_EQ(MaxRange(r.w, Scale::kSkirmish), r.skirmish);
    EXPECT_EQ(MaxRange(r.w, Scale::kTactical), r.tactical);
    EXPECT_EQ(KillOn(r.w), r.d10);
  }
}

TEST(PaganoMissile_000, EachDieEliminatesOnThePrintedNumber) {
  Dice dice = Dice::Scripted({4, 3, 10});
  Explanation why;
  MissileSituation s;
  s.weapon = Weapon::kMartiniHenry;
  s.range_inches = 45;  // the skirmish maximum, inclusive
  s.dice = 3;
  absl::StatusOr<MissileResult> r = MissileFire(dice, s, &why);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->eliminations, 2);
  EXPECT_EQ(r->kill_on, 4);
  ExpectRule(why, "MISSILE FIRE", "Brit Martini-Henry rifles 45 30 4+");
  ExpectDiceConsumed(dice, why, 3);
  s.range_inches = 45.5;
  absl::StatusOr<MissileResult> past = MissileFire(dice, s, nullptr);
  EXPECT_EQ(past.status().code(), absl::StatusCode::kFailedPrecondition);
  s.scale = Scale::kTactical;
  s.range_inches = 31;
  EXPECT_EQ(MissileFire(dice, s, nullptr).status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(PaganoMissile_000, EveryModifierAsPrinted) {
  struct Case {
    MissileSituation s;
    int modifier;
    std::vector<std::string> reasons;
  };
  MissileSituation base;
  base.weapon = Weapon::kCarbine;
  base.range_inches = 10;
  base.dice = 1;
  std::vector<Case> cases;
  {
    MissileSituation s = base;
    s.range_inches = 2.5;
    cases.push_back({s, 1, {"+1: Brit rifles or carbines under 3"}});
  }
  {
    MissileSituation s = base;
    s.weapon = Weapon::kPistol;
    s.range_inches = 2.5;
    cases.push_back({s, 0, {}});  // a pistol is neither
  }
  {
    MissileSituation s = base;
    s.target_prone = true;
    cases.push_back({s, -1, {"-1: Target is prone (no other cover)"}});
  }
  {
    MissileSituation s = base;
    s.target_prone = true;  // "The prone modifier is ignored if any other cover also applies."
    s.target_cover = CoverClass::kSoft;
    cases.push_back({s, -1, {"-1: Target in Soft cover"}});
  }
  for (CoverClass c : {CoverClass::kRegular, CoverClass::kHeavy}) {
    MissileSituation s = base;
    s.target_cover = c;
    cases.push_back({s, -2, {"-2: Target in Regular or Heavy Cover"}});
  }
  {
    MissileSituation s = base;
    s.firer_mounted = true;
    cases.push_back({s, -2, {"-2: Firing while mounted"}});
  }
  {
    MissileSituation s = base;
    s.target_is_induna = true;
    cases.push_back({s, -2, {"-2: Firing at Induna"}});
  }
  for (const Case& c : cases) {
    Dice dice = Dice::Scripted({7});
    Explanation why;
    absl::StatusOr<MissileResult> r = MissileFire(dice, c.s, &why);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->modifier, c.modifier);
    ASSERT_EQ(why.dice.size(), 1u);
    EXPECT_EQ(why.dice[0].total, 7 + c.modifier);
    EXPECT_EQ(Reasons(why.dice[0]), c.reasons);
    EXPECT_EQ(r->eliminations, 7 + c.modifier >= KillOn(c.s.weapon) ? 1 : 0);
  }
}

TEST(PaganoMissile_000, SpearsOnceABattleAndNeverFromProne) {
  MissileSituation s;
  s.weapon = Weapon::kZuluThrowingSpears;
  s.range_inches = 3;
  s.dice = 1;
  Dice dice = Dice::Scripted({6});
  absl::StatusOr<MissileResult> r = MissileFire(dice, s, nullptr);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->eliminations, 1);  // "6+"
  s.spears_thrown_before = true;
  absl::StatusOr<MissileResult> twice = MissileFire(dice, s, nullptr);
  EXPECT_EQ(twice.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(twice.status().message(), HasSubstr("once during the battle"));
  s.spears_thrown_before = false;
  s.firer_prone = true;
  absl::StatusOr<MissileResult> prone = MissileFire(dice, s, nullptr);
  EXPECT_EQ(prone.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(prone.status().message(), HasSubstr("Prone Zulus may not use throwing spears."));
}

TEST(PaganoMissile_000, AGattlingGunJamsOnAOneBeforeModifiers) {
  MissileSituation s;
  s.weapon = Weapon::kGatlingGun;
  s.range_inches = 20;
  s.dice = 3;
  Dice dice = Dice::Scripted({5, 1, 9});
  Explanation why;
  absl::StatusOr<MissileResult> r = MissileFire(dice, s, &why);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->gun_jammed);
  EXPECT_EQ(r->eliminations, 2) << "the phase's other dice still count";
  ExpectRule(why, "MISSILE FIRE",
             "For gattling guns, a roll of a one on the dIO before modifiers indicates that the "
             "gun has jammed.");
  Dice clean = Dice::Scripted({5, 2, 9});
  EXPECT_FALSE(MissileFire(clean, s, nullptr)->gun_jammed);
  // A 1 on a rifle is only a miss.
  s.weapon = Weapon::kMartiniHenry;
  Dice rifle = Dice::Scripted({1, 1, 1});
  EXPECT_FALSE(MissileFire(rifle, s, nullptr)->gun_jammed);
}

// ---------------------------------------------------------------------------
// ZULU MORALE

constexpr char kFirm[] = "21 + : Firm; no effect";
constexpr char kStayed[] = "12-20 : Stayed; retreat 1 move, go prone, or move to nearest cover";
constexpr char kRouted[] = "11 or less : Routed; eliminated from battle";

TEST(PaganoMorale_000, D10PlusRemainingLessLostOnTheResultRows) {
  struct Case {
    int face, remaining, lost;
    MoraleOutcome outcome;
    const char* row;
  };
  for (const Case& c : {Case{7, 17, 3, MoraleOutcome::kFirm, kFirm},
                        Case{6, 17, 3, MoraleOutcome::kStayed, kStayed},
                        Case{10, 10, 8, MoraleOutcome::kStayed, kStayed},
                        Case{9, 10, 8, MoraleOutcome::kRouted, kRouted},
                        Case{1, 20, 1, MoraleOutcome::kStayed, kStayed}}) {
    Dice dice = Dice::Scripted({c.face});
    Explanation why;
    MoraleSituation s;
    s.remaining = c.remaining;
    s.lost = c.lost;
    absl::StatusOr<MoraleResult> r = ZuluMorale(dice, s, &why);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->total, c.face + c.remaining - c.lost);
    EXPECT_EQ(r->outcome, c.outcome);
    EXPECT_THAT(why.text, HasSubstr(absl::StrCat("= ", r->total, ": ")));
    ExpectRule(why, "ZULU MORALE", c.row);
    ExpectDiceConsumed(dice, why, 1);
  }
}

TEST(PaganoMorale_000, InitiatingMeleeAndAnInduna) {
  Dice dice = Dice::Scripted({5});
  Explanation why;
  MoraleSituation s;
  s.remaining = 16;
  s.lost = 2;
  s.initiating_melee = s.directed_by_induna = true;
  absl::StatusOr<MoraleResult> r = ZuluMorale(dice, s, &why);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->total, 21);  // 5 + 16 - 2 + 1 + 1
  EXPECT_EQ(r->outcome, MoraleOutcome::kFirm);
  EXPECT_THAT(Reasons(why.dice[0]),
              ElementsAre("+16: number of figures remaining in isigaba",
                          "-2: number of figures lost since last Zulu morale phase",
                          "+1: if initiating melee", "+1: if directed by an Induna"));
  // "If all induna figures are permanently eliminated ... all morale
  // modifiers are lost for the remainder of the battle."
  s.all_induna_lost = true;
  Dice again = Dice::Scripted({5});
  EXPECT_EQ(ZuluMorale(again, s, nullptr)->total, 19);
}

TEST(PaganoMorale_000, NncRollAtMinusTwoAndIgnoreTheModifiers) {
  Dice dice = Dice::Scripted({9});
  Explanation why;
  MoraleSituation s;
  s.remaining = 15;
  s.lost = 1;
  s.nnc = true;
  s.initiating_melee = s.directed_by_induna = true;
  absl::StatusOr<MoraleResult> r = ZuluMorale(dice, s, &why);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->total, 21);  // 9 + 15 - 1 - 2
  EXPECT_EQ(why.rule.section, "NATAL NATIVE CONTINGENT");
  EXPECT_EQ(why.rule.row, kFirm);
}

TEST(PaganoMorale_000, DueAfterACasualtyAndTheCattleTakeTheFirstTwo) {
  EXPECT_FALSE(MoraleDue(0));
  EXPECT_TRUE(MoraleDue(1));
  Explanation why;
  absl::StatusOr<Screened> s = CattleScreen(2, 3, &why);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->cattle_removed, 2);
  EXPECT_EQ(s->figures_lost, 1);
  ExpectRule(why, "DESIGNER NOTES: Cattle",
             "Do not treat the cattle as cover but instead remove a cattle figure for the first "
             "two casualties suffered by that isigaba.");
  EXPECT_EQ(CattleScreen(1, 1, nullptr)->figures_lost, 0);
  EXPECT_EQ(CattleScreen(0, 2, nullptr)->figures_lost, 2);
  EXPECT_FALSE(MoraleDue(CattleScreen(2, 2, nullptr)->figures_lost));
  EXPECT_EQ(CattleScreen(2, -1, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(PaganoMorale_000, WhatAStayedIsigabaMayDo) {
  struct Case {
    StayedSituation s;
    bool prone, cover, firm;
  };
  StayedSituation open;
  open.cover_within_a_move = true;
  StayedSituation close = open;
  close.within_3_of_enemy = true;  // "the option to go prone may not be used if within 3""
  StayedSituation far_cover;        // "If it doesn't have enough movement to reach the cover"
  StayedSituation in_cover;
  in_cover.in_cover = true;         // "If already in cover the isigaba must retreat or go prone."
  StayedSituation prone_in_cover = in_cover;
  prone_in_cover.prone = true;      // "may either hold firm or retreat and end uptight"
  for (const Case& c : {Case{open, true, true, false}, Case{close, false, true, false},
                        Case{far_cover, true, false, false}, Case{in_cover, true, false, false},
                        Case{prone_in_cover, false, false, true}}) {
    Explanation why;
    StayedChoices o = StayedOptions(c.s, &why);
    EXPECT_TRUE(o.retreat);
    EXPECT_EQ(o.go_prone, c.prone);
    EXPECT_EQ(o.move_to_cover, c.cover);
    EXPECT_EQ(o.hold_firm, c.firm);
    EXPECT_EQ(why.rule.section, "ZULU MORALE");
  }
}

// ---------------------------------------------------------------------------
// ZULU INDUNA

TEST(PaganoInduna_000, DirectingRangesBySkirmishAndTactical) {
  constexpr char kRow[] =
      "For skirmishes the isagaba must be within 36\" of the induna and within line of sight, "
      "or 18\" without line of sight. Use 24\" and 12\" for tactical battles.";
  Explanation why;
  EXPECT_TRUE(*InDirectingRange(Scale::kSkirmish, 36, true, &why));
  ExpectRule(why, "ZULU INDUNA", kRow);
  EXPECT_FALSE(*InDirectingRange(Scale::kSkirmish, 36.5, true, nullptr));
  EXPECT_TRUE(*InDirectingRange(Scale::kSkirmish, 18, false, nullptr));
  EXPECT_FALSE(*InDirectingRange(Scale::kSkirmish, 19, false, nullptr));
  EXPECT_TRUE(*InDirectingRange(Scale::kTactical, 24, true, nullptr));
  EXPECT_FALSE(*InDirectingRange(Scale::kTactical, 25, true, nullptr));
  EXPECT_TRUE(*InDirectingRange(Scale::kTactical, 12, false, nullptr));
  EXPECT_FALSE(*InDirectingRange(Scale::kTactical, 13, false, nullptr));
  EXPECT_EQ(InDirectingRange(Scale::kTactical, -1, false, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(PaganoInduna_000, WoundedOnAnEightToTenWhenTheBritsHaveAMedicalCorps) {
  for (const auto& [face, hit] : std::vector<std::pair<int, InDunaHit>>{
           {1, InDunaHit::kEliminated}, {7, InDunaHit::kEliminated},
           {8, InDunaHit::kWounded}, {10, InDunaHit::kWounded}}) {
    Dice dice = Dice::Scripted({face});
    Explanation why;
    EXPECT_EQ(InDunaElimination(dice, true, false, &why), hit) << face;
    ExpectRule(why, "ZULU INDUNA", "on a 8-10 it is wounded instead");
    ExpectDiceConsumed(dice, why, 1);
  }
  Dice none = Dice::Scripted({});
  Explanation why;
  EXPECT_EQ(InDunaElimination(none, false, false, &why), InDunaHit::kEliminated);
  EXPECT_EQ(InDunaElimination(none, true, /*already_wounded=*/true, &why), InDunaHit::kEliminated);
  ExpectRule(why, "ZULU INDUNA",
             "Awoundedinduna may function normally, but a second elimination results in a "
             "permanent elimination.");
  ExpectDiceConsumed(none, why, 0);
}

// ---------------------------------------------------------------------------
// CASULTIES and the BRITISH MEDICAL CORPS

TEST(PaganoCasualties_000, AnUnwoundedBritBecomesACasualtyWhereTheMedicalCorpsCanTakeIt) {
  Explanation why;
  EXPECT_EQ(BritishElimination(false, false, true, &why), BritHit::kCasualty);
  ExpectRule(why, "CASULTIES",
             "When an unwounded Brit receives an elimination result it is placed alongside the "
             "medical corps figure as a casualty.");
  EXPECT_EQ(BritishElimination(false, false, false, &why), BritHit::kEliminated);
  ExpectRule(why, "CASULTIES",
             "If the medical corps is full, inaccessible, out of range, or not included in the "
             "order of battle the figure is eliminated permanently.");
  EXPECT_EQ(BritishElimination(true, false, true, &why), BritHit::kEliminated);
  EXPECT_EQ(BritishElimination(false, true, true, &why), BritHit::kMedicWounded);
  EXPECT_EQ(BritishElimination(true, true, true, &why), BritHit::kEliminated);
  EXPECT_EQ(kMaxCasualtiesATurn, 3);
  EXPECT_EQ(MedicalReachInches(Scale::kSkirmish), 18);
  EXPECT_EQ(MedicalReachInches(Scale::kTactical), 12);
}

TEST(PaganoMedical_000, OneToSixEliminatedEightToTenWoundedAndSevenDesigned) {
  constexpr char kRow[] =
      "During the Brit medical phase a d 10 is rolled for each casualty and on a 1-6 the patient "
      "is eliminated permanently and on a 8- 10 it is 'wounded'";
  for (const auto& [face, outcome] : std::vector<std::pair<int, MedicalOutcome>>{
           {1, MedicalOutcome::kEliminated}, {6, MedicalOutcome::kEliminated},
           {8, MedicalOutcome::kWounded}, {10, MedicalOutcome::kWounded}}) {
    Dice dice = Dice::Scripted({face});
    Explanation why;
    EXPECT_EQ(MedicalRoll(dice, &why), outcome) << face;
    ExpectRule(why, "BRITISH MEDICAL CORPS", kRow);
    ExpectDiceConsumed(dice, why, 1);
  }
  Dice seven = Dice::Scripted({7, 7});
  Explanation why;
  EXPECT_EQ(MedicalRoll(seven, &why), MedicalOutcome::kStillCasualty);
  EXPECT_TRUE(why.rule.designed);
  EXPECT_EQ(MedicalRoll(seven, &why, MedicalOutcome::kWounded), MedicalOutcome::kWounded);
  EXPECT_TRUE(why.rule.designed);
}

// ---------------------------------------------------------------------------
// MELEE

TEST(PaganoMelee_000, WorkedExampleEighteenZulusAgainstSixBritsRollSixDiceEach) {
  EXPECT_EQ(MeleeDice(18, 6), 6);
  EXPECT_EQ(MeleeDice(4, 9), 4);
  Dice dice = Dice::Scripted(std::vector<int>(12, 5));
  Explanation why;
  absl::StatusOr<MeleeRoundResult> r = MeleeRound(dice, 1, 18, 6, &why);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->dice, 6);
  ExpectDiceConsumed(dice, why, 12);
  EXPECT_TRUE(why.rule.designed) << "the melee effect tables are not in the source text";
  EXPECT_EQ(why.rule.row, "Table 1");
}

TEST(PaganoMelee_000, TableShiftsAsPrintedWhenHalfASideQualifies) {
  struct Case {
    MeleeSides s;
    int table;
  };
  MeleeSides open;  // Brits with rifles and bayonets, attacked in the open
  open.brits = 6;
  open.brits_with_rifle_and_bayonet = 6;
  open.brits_defending = true;
  open.zulus = 18;
  MeleeSides few = open;
  few.brits_with_rifle_and_bayonet = 2;  // 2 of 6: under half
  MeleeSides half = open;
  half.brits_with_rifle_and_bayonet = 3;  // "at least half"
  MeleeSides regular = open;
  regular.brits_in_regular_cover = 4;
  MeleeSides heavy = open;
  heavy.brits_in_heavy_cover = 3;
  MeleeSides square = open;
  square.brits_in_square = 6;
  MeleeSides square_in_cover = square;
  square_in_cover.brits_in_heavy_cover = 6;  // "do not gain additional benefit from cover"
  MeleeSides mounted = open;
  mounted.brits_mounted = 6;
  mounted.brits_in_heavy_cover = 6;  // "Mounted troops do not gain additional benefit"
  MeleeSides attacking = regular;
  attacking.brits_defending = false;  // cover is the defender's
  MeleeSides zulus_in_cover = open;
  zulus_in_cover.brits_defending = false;
  zulus_in_cover.zulus_defending = true;
  zulus_in_cover.zulus_in_cover = 10;
  MeleeSides nnc = mounted;
  nnc.nnc = true;
  for (const Case& c : {Case{open, 2}, Case{few, 1}, Case{half, 2}, Case{regular, 3},
                        Case{heavy, 4}, Case{square, 3}, Case{square_in_cover, 3},
                        Case{mounted, 4}, Case{attacking, 2}, Case{zulus_in_cover, 1},
                        Case{nnc, 0}}) {
    Explanation why;
    absl::StatusOr<int> t = MeleeTableIndex(c.s, &why);
    ASSERT_TRUE(t.ok()) << t.status();
    EXPECT_EQ(*t, c.table);
  }
  Explanation why;
  ASSERT_TRUE(MeleeTableIndex(heavy, &why).ok());
  ExpectRule(why, "MELEE", "Brits defending Heavy cover :+2 Tables");
  EXPECT_THAT(why.text, HasSubstr("Brits w/ Martini-Henry rifle & bayonet : +1 Table"));
  ASSERT_TRUE(MeleeTableIndex(zulus_in_cover, &why).ok());
  ExpectRule(why, "MELEE", "Zulus defending any cover :-1 Table");
  ASSERT_TRUE(MeleeTableIndex(mounted, &why).ok());
  ExpectRule(why, "MELEE", "Mounted Brits :+2 Tables");
  ASSERT_TRUE(MeleeTableIndex(square, &why).ok());
  ExpectRule(why, "MELEE", "Brits defending Regular cover or in square : +1 Table");
  ASSERT_TRUE(MeleeTableIndex(nnc, &why).ok());
  ExpectRule(why, "NATAL NATIVE CONTINGENT",
             "In melee use Table 0 with the NNC rolling as Brits and ignoring all modifiers.");
  MeleeSides bad = open;
  bad.brits_mounted = 7;
  absl::StatusOr<int> refused = MeleeTableIndex(bad, nullptr);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(), HasSubstr("brits_mounted"));
}

TEST(PaganoMelee_000, DesignedTablesFavourTheBritsMoreAtEachTableUp) {
  const MeleeTables& t = DefaultMeleeTables();
  // Table 0 is even: the NNC "rolling as Brits" against Zulus.
  EXPECT_EQ(t[0].zulu.own_retreat_up_to, t[0].brit.own_retreat_up_to);
  EXPECT_EQ(t[0].zulu.enemy_retreats_from, t[0].brit.enemy_retreats_from);
  EXPECT_EQ(t[0].zulu.enemy_eliminated_from, t[0].brit.enemy_eliminated_from);
  // The chance a die removes an enemy figure, and that it retreats one's own.
  auto removes = [](const MeleeHalf& h) { return 11 - std::min(h.enemy_retreats_from, 11); };
  auto own = [](const MeleeHalf& h) { return std::max(0, h.own_retreat_up_to); };
  for (int i = 1; i <= kHighestMeleeTable; ++i) {
    EXPECT_LE(removes(t[i].zulu), removes(t[i - 1].zulu)) << "Table " << i;
    EXPECT_GE(own(t[i].zulu), own(t[i - 1].zulu)) << "Table " << i;
    EXPECT_GE(removes(t[i].brit), removes(t[i - 1].brit)) << "Table " << i;
    EXPECT_LE(own(t[i].brit), own(t[i - 1].brit)) << "Table " << i;
    EXPECT_GT(removes(t[i].brit) - own(t[i].brit) - removes(t[i].zulu) + own(t[i].zulu),
              removes(t[i - 1].brit) - own(t[i - 1].brit) - removes(t[i - 1].zulu) +
                  own(t[i - 1].zulu))
        << "each Table up is better for the Brits, Table " << i;
  }
}

TEST(PaganoMelee_000, EveryDieFallsOnOneFigureAndACallerMayGiveItsOwnTables) {
  MeleeTables mine{};
  for (MeleeTable& t : mine) {
    t.zulu = MeleeHalf{2, 5, 9};  // 1-2 own retreats, 5-8 retreats one, 9-10 eliminates
    t.brit = MeleeHalf{1, 6, 8};
  }
  // Zulu dice 1, 5, 9; Brit dice 1, 7, 8.
  Dice dice = Dice::Scripted({1, 5, 9, 1, 7, 8});
  Explanation why;
  absl::StatusOr<MeleeRoundResult> r = MeleeRound(dice, 2, 3, 5, &why, mine);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->dice, 3);
  EXPECT_EQ(r->brits_eliminated, 1);      // the Zulu 9
  EXPECT_EQ(r->brits_retreated, 1 + 1);   // the Zulu 5, and the Brit 1 its own
  EXPECT_EQ(r->zulus_eliminated, 1);      // the Brit 8
  EXPECT_EQ(r->zulus_retreated, 1 + 1);   // the Brit 7, and the Zulu 1 its own
  EXPECT_EQ(MeleeRound(dice, 5, 3, 5, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(PaganoMelee_000, WorkedExampleTwoEliminationsThenFourOfFiveRetreats) {
  // "If, for example, 6 Brit figures receive 2 eliminations and 5 retreats,
  // then first eliminate 2 figures and then retreat 4 figures."
  const std::vector<BritFigure> six = {
      {BritCategory::kOfficer, false},      {BritCategory::kRanker, false},
      {BritCategory::kNonCombatant, false}, {BritCategory::kRanker, true},
      {BritCategory::kArtilleryCrew, false}, {BritCategory::kRanker, false}};
  absl::StatusOr<Allocation> a = AllocateBritishEffects(six, 2, 5);
  ASSERT_TRUE(a.ok());
  // "rankers, artillery crews, noncombatants, and finally officers", the
  // wounded first within each.
  EXPECT_THAT(a->eliminated, ElementsAre(3, 1));
  // "noncombatants, artillery crews, rankers, and finally officers"
  EXPECT_THAT(a->retreated, ElementsAre(2, 4, 5, 0));
  EXPECT_EQ(AllocateBritishEffects(six, -1, 0).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(PaganoMelee_000, AnInDunaTakesMeleeEffectsLast) {
  // 3 warriors, then 1 induna (index 3).
  absl::StatusOr<Allocation> a = AllocateZuluEffects(3, 1, 2, 1);
  ASSERT_TRUE(a.ok());
  EXPECT_THAT(a->eliminated, ElementsAre(0, 1));
  EXPECT_THAT(a->retreated, ElementsAre(2));
  a = AllocateZuluEffects(3, 1, 3, 1);
  EXPECT_THAT(a->retreated, ElementsAre(3)) << "the induna after the isigaba";
}

TEST(PaganoMelee_000, ABuildingMeleeIsDrawnAtHalfTheZulusOut) {
  constexpr char kRow[] =
      "When Zulus are attacking Brits in a building the melees ends in a draw when at least half "
      "of the Zulus have been eliminated or retreated and the Brits have at least one figure "
      "remaining.";
  Explanation why;
  EXPECT_TRUE(BuildingMeleeDrawn(10, 5, 1, &why));
  ExpectRule(why, "MELEE", kRow);
  EXPECT_FALSE(BuildingMeleeDrawn(10, 4, 3, nullptr));
  EXPECT_FALSE(BuildingMeleeDrawn(10, 7, 0, nullptr));
  EXPECT_TRUE(BuildingMeleeDrawn(9, 5, 2, nullptr));
}

// Bad input is refused by name, never overflowed or looped on: counts past
// kMaxTableCount (a die a figure would roll for ever), distances that are
// not finite.
TEST(PaganoTables_000, ExtremeInputsAreRefusedNotOverflowed) {
  constexpr int kHuge = std::numeric_limits<int>::max();
  const double inf = std::numeric_limits<double>::infinity();
  Dice dice = Dice::Seeded(1);
  MissileSituation fire;
  fire.range_inches = 10;
  fire.dice = kHuge;
  absl::StatusOr<MissileResult> f = MissileFire(dice, fire, nullptr);
  EXPECT_EQ(f.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(f.status().message(), HasSubstr("dice: "));
  fire.dice = 1;
  fire.range_inches = inf;
  EXPECT_EQ(MissileFire(dice, fire, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  MoraleSituation morale;
  morale.remaining = kHuge;
  absl::StatusOr<MoraleResult> m = ZuluMorale(dice, morale, nullptr);
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(m.status().message(), HasSubstr("remaining"));
  EXPECT_EQ(MeleeRound(dice, 1, kHuge, kHuge, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  MeleeSides sides;
  sides.brits = kHuge;
  EXPECT_EQ(MeleeTableIndex(sides, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(AllocateZuluEffects(kHuge, 1, 0, 0).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(BuildingMeleeDrawn(kHuge, kHuge, 1, nullptr)) << "no overflow at the limit";
  EXPECT_FALSE(BuildingMeleeDrawn(kHuge, kHuge / 2, 1, nullptr));
  EXPECT_EQ(MayMeleeAcrossCover(inf, 10, 1, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(InDirectingRange(Scale::kSkirmish, std::nan(""), true, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CattleScreen(kHuge, 1, nullptr).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(FireDice(Firer::kBritishFigure, kHuge, 0).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(dice.status().ok());
  EXPECT_TRUE(dice.rolls().empty()) << "nothing rolled for a refused situation";
}

TEST(PaganoMelee_000, AWholeMeleeRepeatsRoundsUntilOneSideHasNoFiguresLeft) {
  // Table 1 (designed): a Zulu 8+ eliminates, 6-7 retreats a Brit, 1-2 retreats
  // its own; a Brit 7+ eliminates, 5-6 retreats a Zulu, 1 retreats its own.
  // 3 Zulus against 2 Brits: Zulu 8, 8 eliminate both Brits; Brit 7 eliminates
  // a Zulu and the Brit 1 has no Brit left to retreat ("Eliminations take
  // precedence over retreats").
  Dice one = Dice::Scripted({8, 8, 7, 1});
  Explanation why;
  absl::StatusOr<MeleeFightResult> r = MeleeFight(one, 1, 3, 2, false, &why);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->rounds, 1);
  EXPECT_EQ(r->winner, MeleeWinner::kZulus);
  EXPECT_EQ(r->brits_eliminated, 2);
  EXPECT_EQ(r->brits_retreated, 0);
  EXPECT_EQ(r->zulus_eliminated, 1);
  ExpectDiceConsumed(one, why, 4);
  EXPECT_EQ(why.rule.row,
            "For other melees repeat steps 3 & 4 until one side has no figures remaining in the "
            "melee.");
  // 2 Zulus against 1 Brit: round 1 the Zulu 4 does nothing and the Brit 7
  // eliminates a Zulu; round 2 (1 against 1) the Zulu 6 retreats the Brit.
  Dice two = Dice::Scripted({4, 7, 6, 3});
  r = MeleeFight(two, 1, 2, 1, false, &why);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->rounds, 2);
  EXPECT_EQ(r->winner, MeleeWinner::kZulus);
  EXPECT_EQ(r->brits_retreated, 1);
  EXPECT_EQ(r->zulus_eliminated, 1);
  EXPECT_THAT(why.text, HasSubstr("round 2: "));
}

TEST(PaganoMelee_000, AMeleeInABuildingEndsDrawnAtHalfTheZulusOut) {
  // Table 3: Zulu dice 5, 5, 5 do nothing; Brit 6, 6 eliminate and 4 retreats:
  // 3 of 4 Zulus out, 3 Brits left: a draw.
  Dice dice = Dice::Scripted({5, 5, 5, 6, 6, 4});
  Explanation why;
  absl::StatusOr<MeleeFightResult> r = MeleeFight(dice, 3, 4, 3, true, &why);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->winner, MeleeWinner::kDraw);
  EXPECT_EQ(r->rounds, 1);
  EXPECT_EQ(why.rule.row,
            "When Zulus are attacking Brits in a building the melees ends in a draw when at least "
            "half of the Zulus have been eliminated or retreated and the Brits have at least one "
            "figure remaining.");
  // Not in a building, the same round fights on.
  Dice more = Dice::Scripted({5, 5, 5, 6, 6, 4, 9, 9});
  r = MeleeFight(more, 3, 4, 3, false, nullptr);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GE(r->rounds, 2);
}

TEST(PaganoMelee_000, AMeleeThatCannotEndOrRunsOutOfDiceGivesNoAnswer) {
  MeleeTables idle{};
  for (MeleeTable& t : idle) t = MeleeTable{{0, 11, 11}, {0, 11, 11}};
  Dice seeded = Dice::Seeded(3);
  absl::StatusOr<MeleeFightResult> r = MeleeFight(seeded, 1, 3, 3, false, nullptr, idle);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  Dice short_script = Dice::Scripted({4});
  r = MeleeFight(short_script, 1, 1, 1, false, nullptr);
  EXPECT_FALSE(r.ok()) << "typed dice ran out: no answer";
}

}  // namespace
}  // namespace impi::pagano
