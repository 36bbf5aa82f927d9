// tests/rules/roarks_drift/movement_test.cc: 4.0 Movement and 5.0 Stacking
// of 004_18930928e35a3412.txt, through a game's state on the station board
// and the Terrain Effects Chart (designed). Each test names its section.
#include "engine/rulesets/roarks_drift/movement.h"

#include <string>

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
using ::impi::roarks::testing::SetUpGame;
using ::impi::roarks::testing::U;
using ::testing::HasSubstr;

// 4.0.A-B, D: a British unit moves hex by hex, 4 MPs a turn on clear ground;
// the fifth hex is refused.
TEST(RoarksMovement_004, HexByHexWithinTheAllowance_4_0_ABD) {
  RoarksState s = BlankBoard();
  const int man = Put(s, "b2_24_001", H(20, 11));
  // 3.2: not in the Zulu movement segment.
  EXPECT_EQ(MoveUnit(s, man, H(20, 12)).code(), absl::StatusCode::kFailedPrecondition);
  GoTo(s, Segment::kBritishMovement);
  for (int r = 12; r <= 15; ++r) ASSERT_TRUE(MoveUnit(s, man, H(20, r)).ok()) << r;
  EXPECT_EQ(MpsLeft(s, man), 0);
  const absl::Status st = MoveUnit(s, man, H(20, 16));
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(st.message(), HasSubstr("4.0.D"));
  EXPECT_EQ(s.counters[man].hex, H(20, 15));
  // Not adjacent.
  EXPECT_THAT(MoveCost(s, man, H(20, 17)), -1);
}

// 4.0.B Zulu 5 MPs; the chart's ledge (2) and the north wall (+3): a Zulu
// that has climbed the ledge lacks the MPs to cross the wall (4.0.D).
TEST(RoarksMovement_004, TheTerrainEffectsChartsCosts_4_0_AD) {
  RoarksState s = BlankBoard();
  const int z = Put(s, "udloko_01", H(15, 7));
  ASSERT_TRUE(MoveUnit(s, z, H(15, 8)).ok());
  ASSERT_TRUE(MoveUnit(s, z, H(15, 9)).ok());
  EXPECT_EQ(MpsLeft(s, z), 1);
  EXPECT_EQ(MoveCost(s, z, H(15, 10)), -1);
  EXPECT_THAT(MoveUnit(s, z, H(15, 10)).message(), HasSubstr("lacks sufficient MPs (4 needed, 1 left)"));
  // A fresh Zulu on the ledge crosses it for 1 + 3.
  const int y = Put(s, "udloko_02", H(16, 9));
  ASSERT_TRUE(MoveUnit(s, y, H(16, 10)).ok());
  EXPECT_EQ(MpsLeft(s, y), 1);
}

// StepCost (a counter's step across a direction, as the listing of orders
// asks it) is MoveCost into the hex across it, for every counter on the
// map of a game in its Zulu and British movement segments, the walls, the
// ledge, the stacks and the enemy's hexes among them.
TEST(RoarksMovement_004, AStepCostsWhatAMoveIntoTheNextHexCosts_4_0) {
  RoarksState s = SetUpGame();
  // Some Zulus on the map, next to the garrison's posts.
  for (int u = 0, put = 0; u < s.size() && put < 40; ++u) {
    if (s.specs[static_cast<size_t>(u)].side != Side::kZulu) continue;
    PutOnTop(s, u, H(10 + put % 20, 6 + put / 20 * 12));
    ++put;
  }
  int compared = 0, allowed = 0;
  for (const Segment segment : {Segment::kZuluMovement, Segment::kBritishMovement}) {
    GoTo(s, segment);
    for (int u = 0; u < s.size(); ++u) {
      if (!s.counters[static_cast<size_t>(u)].on_map) continue;
      const int mps = MpsLeft(s, u);
      for (HexDirection d : kAllHexDirections) {
        const int step = StepCost(s, u, d, mps);
        EXPECT_EQ(step, MoveCost(s, u, Neighbor(s.counters[static_cast<size_t>(u)].hex, d)))
            << s.specs[static_cast<size_t>(u)].id << " " << HexDirectionName(d);
        ++compared;
        allowed += step >= 0 ? 1 : 0;
      }
    }
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(allowed, 100);
  EXPECT_LT(allowed, compared);
}

// 4.0.G "Light wounds reduce a unit's MA by 1 MP per turn, and heavy wounds
// by 2 MPs per turn."
TEST(RoarksMovement_004, WoundsReduceTheAllowance_4_0_G) {
  RoarksState s = BlankBoard();
  const int a = Put(s, "udloko_01", H(15, 3));
  const int b = Put(s, "udloko_02", H(17, 3));
  s.counters[a].wound = WoundState::kLight;
  s.counters[b].wound = WoundState::kSerious;
  EXPECT_EQ(MpsLeft(s, a), 4);
  EXPECT_EQ(MpsLeft(s, b), 3);
  GoTo(s, Segment::kBritishMovement);
  const int man = Put(s, "b2_24_002", H(20, 12));
  s.counters[man].wound = WoundState::kLightAndSerious;
  EXPECT_EQ(MpsLeft(s, man), 2);
}

// 4.0.C "Units move one at a time. When a second unit begins moving, the
// first unit's movement ceases, even if it has MPs remaining." 4.0.E MPs are
// not shared.
TEST(RoarksMovement_004, OneAtATime_4_0_CE) {
  RoarksState s = BlankBoard();
  GoTo(s, Segment::kBritishMovement);
  const int a = Put(s, "b2_24_001", H(20, 11));
  const int b = Put(s, "b2_24_002", H(22, 11));
  ASSERT_TRUE(MoveUnit(s, a, H(20, 12)).ok());
  ASSERT_TRUE(MoveUnit(s, b, H(22, 12)).ok());
  const absl::Status st = MoveUnit(s, a, H(20, 13));
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(st.message(), HasSubstr("4.0.C"));
  EXPECT_EQ(MpsLeft(s, b), 3);  // its own, not a's left over
}

// 4.0.F "Zulu units may fall prone at the end of their movement segment by
// expending 1 MP in their hex."
TEST(RoarksMovement_004, AZuluFallsProneForOneMp_4_0_F) {
  RoarksState s = BlankBoard();
  const int z = Put(s, "udloko_01", H(15, 3));
  ASSERT_TRUE(MoveUnit(s, z, H(15, 4)).ok());
  ASSERT_TRUE(FallProne(s, z).ok());
  EXPECT_TRUE(s.counters[z].prone);
  EXPECT_EQ(MpsLeft(s, z), 3);
  EXPECT_EQ(MoveUnit(s, z, H(15, 5)).code(), absl::StatusCode::kFailedPrecondition);  // its move is over
  // None left: no prone.
  const int y = Put(s, "udloko_02", H(17, 3));
  s.counters[y].mp_spent = 5;
  EXPECT_THAT(FallProne(s, y).message(), HasSubstr("4.0.F falling prone expends 1 MP"));
  // British do not.
  GoTo(s, Segment::kBritishMovement);
  const int man = Put(s, "b2_24_001", H(20, 12));
  EXPECT_EQ(FallProne(s, man).code(), absl::StatusCode::kInvalidArgument);
  // Standing up is moving on, next turn.
}

// A unit may not move into a hex the enemy holds (it melees it instead).
TEST(RoarksMovement_004, NoHexTheEnemyHolds_4_0) {
  RoarksState s = BlankBoard();
  Put(s, "b2_24_001", H(15, 5));
  const int z = Put(s, "udloko_01", H(15, 4));
  EXPECT_THAT(MoveUnit(s, z, H(15, 5)).message(), HasSubstr("the enemy holds"));
}

// 5.0.B-C, F: Zulus move through each other's hexes, but at the end of the
// Zulu Movement Segment only one may be in a hex: the excess is removed
// (eliminated, counted as killed).
TEST(RoarksStacking_004, OneZuluAHexAtTheEndOfItsMovementSegment_5_0_BCF) {
  RoarksState s = BlankBoard();
  const int a = Put(s, "udloko_01", H(15, 4));
  const int b = Put(s, "udloko_02", H(15, 3));
  const int c = Put(s, "udloko_03", H(16, 4));
  // b passes through a's hex and on.
  ASSERT_TRUE(MoveUnit(s, b, H(15, 4)).ok());
  ASSERT_TRUE(MoveUnit(s, b, H(15, 5)).ok());
  // c ends in a's hex.
  ASSERT_TRUE(MoveUnit(s, c, H(15, 4)).ok());
  EXPECT_EQ(StackAt(s, H(15, 4)).size(), 2u);
  GoTo(s, Segment::kBritishMovement);
  EXPECT_TRUE(InPlay(s, a));
  EXPECT_TRUE(InPlay(s, b));
  EXPECT_FALSE(InPlay(s, c));  // the top one
  EXPECT_TRUE(s.counters[c].killed);
  EXPECT_EQ(s.zulu_killed, 1);
  EXPECT_EQ(s.killed_this_phase[RegimentIndex(Regiment::kUdloko)], 1);
}

// 5.0.D, F: five British a hex at the end of the British Movement Segment;
// the owner names whom it keeps.
TEST(RoarksStacking_004, FiveBritishAHexTheExcessRemoved_5_0_DF) {
  RoarksState s = BlankBoard();
  GoTo(s, Segment::kBritishMovement);
  for (int i = 1; i <= 6; ++i) Put(s, "b2_24_00" + std::to_string(i), H(20, 12));
  const int kept = U(s, "b2_24_006");  // the top
  const std::vector<int> removed = ApplyStackingLimit(s, Side::kBritish, {kept});
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(removed[0], U(s, "b2_24_005"));
  EXPECT_TRUE(InPlay(s, kept));
  EXPECT_EQ(StackAt(s, H(20, 12)).size(), 5u);
  // And by the segment's end, unasked: five stay.
  Put(s, "b2_24_007", H(20, 12));
  GoTo(s, Segment::kBritishFire);
  EXPECT_EQ(StackAt(s, H(20, 12)).size(), 5u);
  EXPECT_FALSE(InPlay(s, U(s, "b2_24_007")));
}

}  // namespace
}  // namespace impi::roarks
