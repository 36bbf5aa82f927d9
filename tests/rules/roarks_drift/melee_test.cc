// tests/rules/roarks_drift/melee_test.cc: 7.0 Melee and 8.1.A of
// 004_18930928e35a3412.txt through a game's state on the station board, with
// 7.0's worked example as a test. Each test names its section.
#include "engine/rulesets/roarks_drift/melee.h"

#include <string>
#include <vector>

#include "engine/rulesets/roarks_drift/state.h"
#include "engine/rulesets/roarks_drift/turn.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/roarks_drift/roarks_test_util.h"

namespace impi::roarks {
namespace {

using ::impi::roarks::testing::BlankBoard;
using ::impi::roarks::testing::GoTo;
using ::impi::roarks::testing::H;
using ::impi::roarks::testing::Put;
using ::impi::roarks::testing::Rolls;
using ::impi::roarks::testing::U;
using ::testing::HasSubstr;

// 7.0's example: "One Zulu unit is attacking from a ridge hex against a wall
// hex defended by three British units. The Zulu unit is halved (its melee
// factor is reduced from 10 to 5); the British units defending a wall are
// doubled (from 9 melee factors to 18). The odds are 5:18 or 1:4 ... If the
// dice roll gives L (Light wound) all three British units are lightly
// wounded. Then the British attack. They have 9 MF vs 10 MF for the Zulu
// unit which are halved for defending on a ridge (downslope from the
// enemy), so 9:5, which becomes 1:1 odds."
TEST(RoarksMelee_004, WorkedExample_7_0_AZuluFromTheRidgeAgainstThreeBehindTheNorthWall) {
  RoarksState s = BlankBoard();
  const HexCoord ridge = H(15, 9), wall = H(15, 10);
  ASSERT_EQ(s.Map().map.Cell(ridge)->terrain, TerrainKind::kHill);
  const int zulu = Put(s, "udloko_01", ridge);
  std::vector<int> british;
  for (const std::string id : {"b2_24_001", "b2_24_002", "b2_24_003"}) british.push_back(Put(s, id, wall));
  GoTo(s, Segment::kZuluMelee);
  const MeleeFactors z = MeleeStrengths(s, {zulu}, wall);
  EXPECT_EQ(z.attack, 5);
  EXPECT_EQ(z.defence, 18);
  const MeleeFactors b = MeleeStrengths(s, british, ridge);
  EXPECT_EQ(b.attack, 9);
  EXPECT_EQ(b.defence, 5);
  // The Melee Chart (designed): 1:4 is light on 10-11; 1:1 misses on 2.
  Dice dice = Dice::Scripted(Rolls({10, 2}));
  ASSERT_TRUE(ZuluMelee(s, dice, {{{zulu}, wall}}).ok());
  ASSERT_EQ(s.melees.size(), 1u);
  EXPECT_EQ(std::string(MeleeColumnName(s.melees[0].column)), "1:4");
  EXPECT_EQ(s.melees[0].damage, Damage::kLight);
  // 7.0.F "do not apply it until after British melee results".
  for (int u : british) EXPECT_EQ(s.counters[u].wound, WoundState::kNone);
  GoTo(s, Segment::kBritishMelee);
  ASSERT_TRUE(BritishMelee(s, dice, {{british, ridge}}).ok());
  ASSERT_EQ(s.melees.size(), 2u);
  EXPECT_EQ(std::string(MeleeColumnName(s.melees[1].column)), "1:1");
  // 7.0.H, 8.1.A: all three lightly wounded.
  for (int u : british) EXPECT_EQ(s.counters[u].wound, WoundState::kLight);
  EXPECT_EQ(s.counters[zulu].wound, WoundState::kNone);
  EXPECT_TRUE(dice.status().ok());
}

// 7.0.A "Zulu units adjacent to British units the Zulus must attack", and
// the segment does not close until they have.
TEST(RoarksMelee_004, AdjacentZulusMustAttack_7_0_A) {
  RoarksState s = BlankBoard();
  const int a = Put(s, "udloko_01", H(15, 4));
  const int b = Put(s, "udloko_02", H(14, 5));
  Put(s, "b2_24_001", H(15, 5));
  GoTo(s, Segment::kZuluMelee);
  Dice dice = Dice::Scripted(Rolls({7}));
  absl::Status st = ZuluMelee(s, dice, {{{a}, H(15, 5)}});
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(st.message(), HasSubstr("7.0.A udloko_02"));
  EXPECT_THAT(EndSegment(s, dice).message(), HasSubstr("7.0.A"));
  // 7.0.C combined.
  ASSERT_TRUE(ZuluMelee(s, dice, {{{a, b}, H(15, 5)}}).ok());
  EXPECT_EQ(s.melees[0].attack, 20);
  EXPECT_EQ(s.melees[0].defence, 3);
  EXPECT_EQ(std::string(MeleeColumnName(s.melees[0].column)), "6:1");
}

// 7.0.B "Each adjacent British unit must be attacked": of two Zulus, one
// beside two British hexes and one beside one of them, both may not attack
// the same one.
TEST(RoarksMelee_004, EachAdjacentBritishHexAttacked_7_0_BC) {
  RoarksState s = BlankBoard();
  const int a = Put(s, "udloko_01", H(15, 4));  // beside (15,5) and (16,5)
  const int b = Put(s, "udloko_02", H(16, 4));  // beside (16,5)
  Put(s, "b2_24_001", H(15, 5));
  Put(s, "b2_24_002", H(16, 5));
  GoTo(s, Segment::kZuluMelee);
  Dice dice = Dice::Scripted(Rolls({7, 7}));
  const absl::Status st = ZuluMelee(s, dice, {{{a, b}, H(16, 5)}});
  EXPECT_THAT(st.message(), HasSubstr("7.0.B"));
  EXPECT_TRUE(s.melees.empty());
  // Two attacks on one hex are one combined attack (7.0.C).
  EXPECT_THAT(ZuluMelee(s, dice, {{{a}, H(16, 5)}, {{b}, H(16, 5)}}).message(), HasSubstr("7.0.C"));
  ASSERT_TRUE(ZuluMelee(s, dice, {{{a}, H(15, 5)}, {{b}, H(16, 5)}}).ok());
  EXPECT_EQ(s.melees.size(), 2u);
}

// 4.0.F a prone Zulu has no melee attack and half its defence; it need not
// attack.
TEST(RoarksMelee_004, AProneZuluNeitherAttacksNorMustAndDefendsAtHalf_4_0_F_7_0) {
  RoarksState s = BlankBoard();
  const int z = Put(s, "udloko_01", H(15, 4));
  s.counters[z].prone = true;
  const int man = Put(s, "b2_24_001", H(15, 5));
  GoTo(s, Segment::kZuluMelee);
  EXPECT_FALSE(MustAttack(s, z));
  Dice dice = Dice::Scripted(Rolls({2}));
  EXPECT_THAT(ZuluMelee(s, dice, {{{z}, H(15, 5)}}).message(), HasSubstr("prone"));
  ASSERT_TRUE(EndSegment(s, dice).ok());
  EXPECT_EQ(MeleeStrengths(s, {man}, H(15, 4)).defence, 5);
}

// 11.0.C a building's wall is fought across only where opened: no melee
// through the hospital's loopholed wall.
TEST(RoarksMelee_004, NoMeleeThroughABuildingsWall_11_0_C) {
  RoarksState s = BlankBoard();
  Put(s, "hook", H(8, 18));     // the hospital's south row
  Put(s, "udloko_01", H(8, 19));  // outside, below it
  EXPECT_FALSE(MeleeContact(s, H(8, 19), H(8, 18)));
  GoTo(s, Segment::kZuluMelee);
  EXPECT_FALSE(MustAttack(s, U(s, "udloko_01")));
}

// 7.0.G-I: the British attack as they please; a hex whose defenders are all
// eliminated may be entered by its attackers, within the stacking limits
// (5.0.E); 8.1.A the result on every unit of the hex.
TEST(RoarksMelee_004, DamageToEveryDefenderAndTheAdvance_7_0_GHI_8_1_A_5_0_E) {
  RoarksState s = BlankBoard();
  const int z = Put(s, "udloko_01", H(15, 4));
  std::vector<int> men;
  for (int i = 1; i <= 5; ++i) men.push_back(Put(s, "b2_24_00" + std::to_string(i), H(15, 5)));
  const int sixth = Put(s, "b2_24_006", H(15, 6));
  s.counters[z].wound = WoundState::kLightAndSerious;  // one light more kills
  GoTo(s, Segment::kZuluMelee);
  // The Zulu: 10 vs 15, 1:2: a light wound on 8.
  Dice dice = Dice::Scripted(Rolls({8, 10}));
  ASSERT_TRUE(ZuluMelee(s, dice, {{{z}, H(15, 5)}}).ok());
  GoTo(s, Segment::kBritishMelee);
  // Four of them attack (12 vs 10, 1:1): a serious wound on 10, the
  // Zulu's second: killed.
  ASSERT_TRUE(BritishMelee(s, dice, {{{men[0], men[1], men[2], men[3]}, H(15, 4)}}).ok());
  for (int u : men) EXPECT_EQ(s.counters[u].wound, WoundState::kLight);  // every defender
  EXPECT_TRUE(s.counters[z].killed);
  ASSERT_TRUE(s.melees[1].vacated);
  // 7.0.I only its attackers advance, "some, none, or all": two of them.
  EXPECT_EQ(Advance(s, Side::kBritish, H(15, 4), {sixth}).code(), absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(Advance(s, Side::kBritish, H(15, 4), {men[0], men[1]}).ok());
  EXPECT_EQ(StackAt(s, H(15, 4)).size(), 2u);
  EXPECT_EQ(Advance(s, Side::kZulu, H(15, 5), {}).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.zulu_killed, 1);
}

}  // namespace
}  // namespace impi::roarks
