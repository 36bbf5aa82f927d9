// tests/rules/roarks_drift/fire_test.cc: 6.0 Fire Combat and 6.3 Lines of
// Sight of 004_18930928e35a3412.txt, and 8.1.B, through a game's state on the
// station board. Each test names its section.
#include "engine/rulesets/roarks_drift/fire.h"

#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "engine/rulesets/roarks_drift/movement.h"
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
using ::impi::roarks::testing::NextTurn;
using ::impi::roarks::testing::Put;
using ::impi::roarks::testing::Rolls;
using ::impi::roarks::testing::U;
using ::testing::HasSubstr;

// 6.1.1.A-C: two rankers at the north wall (2 fire factors each) on a Zulu
// in the open beyond the ledge (FDF 2): 4 / 2 = 2:1; the Fire Chart
// (designed) gives a light wound on 9; D: they may not aim the next turn,
// and may the turn after.
TEST(RoarksFire_004, AimedFireEveryOtherTurn_6_1_1) {
  RoarksState s = BlankBoard();
  const int a = Put(s, "b2_24_001", H(20, 10));
  const int b = Put(s, "b2_24_002", H(20, 10));
  const int z = Put(s, "udloko_01", H(20, 7));
  GoTo(s, Segment::kBritishFire);
  Dice dice = Dice::Scripted(Rolls({9, 9, 9}));
  absl::StatusOr<FireResult> r = AimedFire(s, dice, {a, b}, H(20, 7));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->fire_factors, 4);
  EXPECT_EQ(r->fire_defense, 2);
  EXPECT_EQ(r->ratio, 2);
  EXPECT_EQ(r->damage, Damage::kLight);
  EXPECT_EQ(r->hit, z);
  EXPECT_EQ(s.counters[z].wound, WoundState::kLight);
  // Once a turn.
  EXPECT_EQ(AimedFire(s, dice, {a}, H(20, 7)).status().code(), absl::StatusCode::kFailedPrecondition);
  // E: "Being flipped upside down does not limit the normal functioning of
  // the unit in any way except to show that it may not fire."
  NextTurn(s, Segment::kBritishMovement);
  ASSERT_TRUE(MoveUnit(s, a, H(20, 11)).ok());
  ASSERT_TRUE(MoveUnit(s, a, H(20, 10)).ok());
  GoTo(s, Segment::kBritishFire);
  absl::Status st = AimedFire(s, dice, {a, b}, H(20, 7)).status();
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(st.message(), HasSubstr("6.1.1.A once every other turn"));
  NextTurn(s, Segment::kBritishFire);
  ASSERT_TRUE(AimedFire(s, dice, {a, b}, H(20, 7)).ok());
  EXPECT_EQ(s.counters[z].wound, WoundState::kSerious);  // 8.2.A two lights
  // Not in the other side's segment, and not at a friend.
  GoTo(s, Segment::kZuluFire);
  EXPECT_EQ(AimedFire(s, dice, {a}, H(20, 7)).status().code(), absl::StatusCode::kFailedPrecondition);
}

// 8.1.B "Fire damage applies only to the top unit in a hex"; 6.2.1 Zulu
// aimed fire by the rifle units alone, the same procedure, then reloading:
// "during which time they may not move"; a wall's FDF for the man behind it.
TEST(RoarksFire_004, ZuluRiflesFireAtTheTopUnitThenReload_6_2_1_8_1_B) {
  RoarksState s = BlankBoard();
  const int rifle = Put(s, "udloko_r1", H(20, 8));
  const int spear = Put(s, "udloko_01", H(22, 8));
  const int under = Put(s, "b2_24_001", H(20, 10));
  const int top = Put(s, "b2_24_002", H(20, 10));
  GoTo(s, Segment::kZuluFire);
  Dice dice = Dice::Scripted(Rolls({12}));
  EXPECT_THAT(AimedFire(s, dice, {spear}, H(20, 10)).status().message(), HasSubstr("6.2.1.A only rifled"));
  absl::StatusOr<FireResult> r = AimedFire(s, dice, {rifle}, H(20, 10));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->fire_defense, 5);  // behind the north wall (six feet and more)
  EXPECT_EQ(r->ratio, 1);          // 8 / 5
  EXPECT_EQ(r->hit, top);
  EXPECT_EQ(s.counters[top].wound, WoundState::kSerious);  // 1:1 serious on 12 (designed chart)
  EXPECT_EQ(s.counters[under].wound, WoundState::kNone);
  // The next turn it reloads: no move, no fire.
  NextTurn(s, Segment::kZuluMovement);
  EXPECT_THAT(MoveUnit(s, rifle, H(20, 7)).message(), HasSubstr("6.2.1.A"));
  GoTo(s, Segment::kZuluFire);
  EXPECT_FALSE(MayAim(s, rifle));
  NextTurn(s, Segment::kZuluMovement);
  EXPECT_TRUE(MoveUnit(s, rifle, H(20, 7)).ok());
}

// 6.3.A-B, E: lines of sight from hex centre to hex centre, interrupted by
// one Zulu or four British units, not three; by the hospital (a building)
// and bush; not by the barricade the firer stands at.
TEST(RoarksFire_004, LinesOfSightAndTheUnitsThatBlockThem_6_3) {
  RoarksState s = BlankBoard();
  const HexCoord from = H(20, 10), to = H(20, 5);
  EXPECT_TRUE(LineOfSight(s, from, to, BlockingHexes(s)));
  for (int i = 1; i <= 3; ++i) Put(s, "b2_24_00" + std::to_string(i), H(20, 8));
  EXPECT_TRUE(LineOfSight(s, from, to, BlockingHexes(s)));
  Put(s, "b2_24_004", H(20, 8));
  EXPECT_FALSE(LineOfSight(s, from, to, BlockingHexes(s)));
  RoarksState z = BlankBoard();
  Put(z, "udloko_01", H(20, 7));
  EXPECT_FALSE(LineOfSight(z, from, to, BlockingHexes(z)));
  // Behind the wall, one hex back from it: the wall interrupts.
  EXPECT_FALSE(LineOfSight(z, H(20, 11), H(20, 8), {}));
  // The hospital between: blocked; bush between: blocked.
  EXPECT_FALSE(LineOfSight(z, H(5, 17), H(13, 17), {}));
  EXPECT_FALSE(LineOfSight(z, H(25, 0), H(25, 7), {}));
  // 6.3.D "The Water Closet (WC) and Cook House (CH) block the LOS as other
  // buildings do."
  EXPECT_TRUE(LineOfSight(z, H(13, 21), H(13, 23), {}));
  EXPECT_FALSE(LineOfSight(z, H(15, 21), H(15, 23), {}));  // across the cook house
  EXPECT_FALSE(LineOfSight(z, H(4, 20), H(4, 22), {}));    // across the water closet
  // 6.1.1: no fire without it.
  RoarksState f = BlankBoard();
  const int man = Put(f, "b2_24_001", H(20, 10));
  Put(f, "udloko_01", H(20, 7));
  Put(f, "udloko_02", H(20, 5));
  GoTo(f, Segment::kBritishFire);
  Dice dice = Dice::Scripted(Rolls({7}));
  EXPECT_THAT(AimedFire(f, dice, {man}, H(20, 5)).status().message(), HasSubstr("6.3"));
}

// 4.0.F a prone Zulu has "3 Fire Defense Factors (instead of the FDF of
// their hex)".
TEST(RoarksFire_004, AProneZulusFireDefenseIsThree_4_0_F) {
  RoarksState s = BlankBoard();
  Put(s, "b2_24_001", H(20, 10));
  const int z = Put(s, "udloko_01", H(20, 7));
  EXPECT_EQ(FireDefenseFrom(s, H(20, 10), H(20, 7)), 2);
  s.counters[z].prone = true;
  EXPECT_EQ(FireDefenseFrom(s, H(20, 10), H(20, 7)), 3);
  // In bush (FDF 4) prone is 3 "instead".
  PutOnTop(s, z, H(24, 5));
  EXPECT_EQ(FireDefenseFrom(s, H(24, 10), H(24, 5)), 3);
}

// The hexes of a volley line: a row along `way` from `start`, `n` hexes.
std::vector<HexCoord> Row(HexCoord start, HexDirection way, int n) {
  std::vector<HexCoord> out = {start};
  for (int i = 1; i < n; ++i) out.push_back(Neighbor(out.back(), way));
  return out;
}

// Puts `counts[i]` rankers from b2_24_<first> on in row[i]; their handles.
std::vector<int> Men(RoarksState& s, const std::vector<HexCoord>& row, const std::vector<int>& counts,
                     int first = 1) {
  std::vector<int> out;
  int k = first;
  for (size_t i = 0; i < row.size(); ++i) {
    for (int j = 0; j < counts[i]; ++j) {
      out.push_back(Put(s, absl::StrFormat("b2_24_%03d", k++), row[i]));
    }
  }
  return out;
}

// 6.1.2.A-E: Chard lines up ten men in a row of three hexes one turn (they
// may not fire), and they volley the next turn and every turn after, each
// hex at the unit directly in its path through the north hexsides.
TEST(RoarksVolley_004, LinedUpOneTurnThenEveryTurn_6_1_2) {
  RoarksState s = BlankBoard();
  const std::vector<HexCoord> row = Row(H(18, 13), HexDirection::kNorthEast, 3);
  const int chard = Put(s, "chard", row[1]);
  const std::vector<int> men = Men(s, row, {4, 3, 3});
  const HexCoord ahead = Neighbor(Neighbor(row[0], HexDirection::kNorth), HexDirection::kNorth);
  const int z = Put(s, "udloko_01", ahead);
  GoTo(s, Segment::kBritishFire);
  Dice dice = Dice::Scripted(Rolls({11, 2, 12}));
  ASSERT_TRUE(LineUpVolley(s, chard, HexDirection::kNorth, men).ok());
  EXPECT_THAT(VolleyFire(s, dice, chard, men).status().message(), HasSubstr("6.1.2.A"));
  EXPECT_FALSE(MayAim(s, men[0]));  // "The units cannot fire during the turn they are lining up."
  NextTurn(s, Segment::kBritishFire);
  absl::StatusOr<std::vector<FireResult>> v = VolleyFire(s, dice, chard, men);
  ASSERT_TRUE(v.ok()) << v.status();
  ASSERT_EQ(v->size(), 1u);  // the other two hexes' paths meet the north wall
  EXPECT_EQ((*v)[0].target, ahead);
  EXPECT_EQ((*v)[0].fire_factors, 8);  // the four men of row[0]
  EXPECT_EQ((*v)[0].ratio, 4);
  EXPECT_EQ((*v)[0].damage, Damage::kMortal);  // 4:1 mortal on 11 (designed chart)
  EXPECT_TRUE(s.counters[z].killed);
  EXPECT_FALSE(MayAim(s, men[0]));  // fired this turn
  // Every turn, not every other.
  Put(s, "udloko_02", ahead);
  NextTurn(s, Segment::kBritishFire);
  v = VolleyFire(s, dice, chard, men);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ((*v)[0].damage, Damage::kMiss);
  EXPECT_TRUE(dice.status().ok());
}

TEST(RoarksVolley_004, TenMenWithinReachEvenlyInAStraightRow_6_1_2_BCDE) {
  RoarksState s = BlankBoard();
  const std::vector<HexCoord> row = Row(H(18, 13), HexDirection::kNorthEast, 3);
  const int chard = Put(s, "chard", row[1]);
  GoTo(s, Segment::kBritishFire);
  // D: nine men.
  std::vector<int> nine = Men(s, row, {3, 3, 3});
  EXPECT_THAT(LineUpVolley(s, chard, HexDirection::kNorth, nine).message(), HasSubstr("6.1.2.D"));
  // D: the officer himself does not fire.
  std::vector<int> with_chard = nine;
  with_chard.push_back(chard);
  EXPECT_THAT(LineUpVolley(s, chard, HexDirection::kNorth, with_chard).message(), HasSubstr("officer"));
  // C: 5, 4, 1 is not as even as possible.
  RoarksState c = BlankBoard();
  Put(c, "chard", row[1]);
  GoTo(c, Segment::kBritishFire);
  EXPECT_THAT(CheckVolleyLine(c, U(c, "chard"), HexDirection::kNorth, Men(c, row, {5, 4, 1})).message(),
              HasSubstr("6.1.2.C"));
  // B: a hex three away from the lieutenant.
  RoarksState b = BlankBoard();
  const std::vector<HexCoord> long_row = Row(H(18, 13), HexDirection::kNorthEast, 4);
  Put(b, "chard", long_row[0]);
  GoTo(b, Segment::kBritishFire);
  EXPECT_THAT(CheckVolleyLine(b, U(b, "chard"), HexDirection::kNorth, Men(b, long_row, {3, 3, 2, 2})).message(),
              HasSubstr("6.1.2.B"));
  // E: a bent row, and a row along the line of fire.
  RoarksState e = BlankBoard();
  const std::vector<HexCoord> bent = {row[0], row[1], Neighbor(row[1], HexDirection::kSouthEast)};
  Put(e, "chard", row[1]);
  GoTo(e, Segment::kBritishFire);
  EXPECT_THAT(CheckVolleyLine(e, U(e, "chard"), HexDirection::kNorth, Men(e, bent, {4, 3, 3})).message(),
              HasSubstr("6.1.2.E"));
  EXPECT_THAT(CheckVolleyLine(e, U(e, "chard"), HexDirection::kNorthEast, Men(e, row, {4, 3, 3}, 20)).message(),
              HasSubstr("6.1.2.E"));
  EXPECT_TRUE(CheckVolleyLine(e, U(e, "chard"), HexDirection::kSouth, Men(e, row, {4, 3, 3}, 40)).ok());
}

// 6.3.C "One British unit in front of a volley line blocks the LOS for the
// entire line."
TEST(RoarksVolley_004, ABritishUnitInFrontBlocksTheWholeLine_6_3_C) {
  RoarksState s = BlankBoard();
  const std::vector<HexCoord> row = Row(H(18, 13), HexDirection::kNorthEast, 3);
  const int chard = Put(s, "chard", row[1]);
  const std::vector<int> men = Men(s, row, {4, 3, 3});
  Put(s, "udloko_01", Neighbor(Neighbor(row[0], HexDirection::kNorth), HexDirection::kNorth));
  Put(s, "b2_24_100", Neighbor(row[2], HexDirection::kNorth));
  GoTo(s, Segment::kBritishFire);
  ASSERT_TRUE(LineUpVolley(s, chard, HexDirection::kNorth, men).ok());
  NextTurn(s, Segment::kBritishFire);
  Dice dice = Dice::Scripted(Rolls({12}));
  const absl::Status st = VolleyFire(s, dice, chard, men).status();
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(st.message(), HasSubstr("6.3.C"));
  EXPECT_TRUE(MayAim(s, men[0]));  // nothing spent
}

// 6.2.2.1: the Oskarberg fires on the main perimeter: 9-12 hits, a die of
// units wounded, each on the 4:1 column, a miss rolled again.
TEST(RoarksOskarberg_004, FireOnTheMainPerimeter_6_2_2_1) {
  RoarksState s = BlankBoard();
  const int a = Put(s, "b2_24_001", H(20, 12));
  const int b = Put(s, "b2_24_002", H(22, 12));
  const int out = Put(s, "b2_24_003", H(20, 5));  // outside the perimeter
  EXPECT_THAT(OskarbergTargets(s), ::testing::ElementsAre(a, b));
  GoTo(s, Segment::kZuluFire);
  ASSERT_TRUE(OskarbergMayFire(s));
  std::vector<int> faces = Rolls({9});
  faces.push_back(3);  // two units
  for (int f : Rolls({7, 2, 9})) faces.push_back(f);
  Dice dice = Dice::Scripted(faces);
  EXPECT_THAT(FireOskarberg(s, dice, {out}).status().message(), HasSubstr("6.2.2.1.B"));
  absl::StatusOr<OskarbergResult> r = FireOskarberg(s, dice, {b});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->hit);
  EXPECT_EQ(s.counters[b].wound, WoundState::kLight);    // named first: 7 on 4:1
  EXPECT_EQ(s.counters[a].wound, WoundState::kSerious);  // 2 missed, again: 9
  EXPECT_TRUE(dice.status().ok());
  EXPECT_FALSE(OskarbergMayFire(s));  // once a turn
}

// 6.2.2.1.A, C: not after an attack from the south edge; not while a Zulu
// occupies the main perimeter, and again once it is vacant.
TEST(RoarksOskarberg_004, NotFromTheSouthNorWithAZuluInThePerimeter_6_2_2_1_AC) {
  RoarksState s = BlankBoard();
  Put(s, "b2_24_001", H(20, 12));
  const int z = Put(s, "udloko_01", H(22, 13));
  GoTo(s, Segment::kZuluFire);
  EXPECT_FALSE(OskarbergMayFire(s));
  Dice dice = Dice::Scripted(Rolls({12}));
  EXPECT_EQ(FireOskarberg(s, dice, {}).status().code(), absl::StatusCode::kFailedPrecondition);
  TakeOffMap(s, z);
  EXPECT_TRUE(OskarbergMayFire(s));
  // A regiment sent from zone 6, on the south edge.
  RoarksState south = NewGame();
  ASSERT_TRUE(PlaceBritish(south, DefaultBritishPlacement(south)).ok());
  ASSERT_TRUE(ChooseEntryZones(south, Regiment::kUdloko, {1, 2}).ok());
  ASSERT_TRUE(ChooseEntryZones(south, Regiment::kUthulu, {6}).ok());
  ASSERT_TRUE(ChooseEntryZones(south, Regiment::kYengwe, {3, 4}).ok());
  GoTo(south, Segment::kZuluFire);
  EXPECT_FALSE(OskarbergMayFire(south));
}

// 6.2.2.2: 60 fire factors every other turn; success on 9-12 raises the
// Zulus' roll to hit to 10-12; the units may not aim the next turn; kept up
// on alternating turns, or it lapses.
TEST(RoarksOskarberg_004, SuppressionEveryOtherTurn_6_2_2_2) {
  RoarksState s = BlankBoard();
  std::vector<int> thirty;
  for (int i = 1; i <= 30; ++i) {
    thirty.push_back(Put(s, absl::StrFormat("b2_24_%03d", i), H(10 + i % 10, 11 + i / 10)));
  }
  GoTo(s, Segment::kBritishFire);
  Dice dice = Dice::Scripted(Rolls({9, 9, 9}));
  std::vector<int> short_of(thirty.begin(), thirty.end() - 1);
  EXPECT_THAT(SuppressOskarbergFire(s, dice, short_of).status().message(), HasSubstr("60 Fire Factors"));
  ASSERT_EQ(SuppressOskarbergFire(s, dice, thirty).value(), 1);
  EXPECT_EQ(OskarbergToHit(s.suppression), 10);
  GoTo(s, Segment::kZuluFire);
  // The Oskarberg misses on 9 now.
  absl::StatusOr<OskarbergResult> r = FireOskarberg(s, dice, {});
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->hit);
  NextTurn(s, Segment::kBritishFire);
  EXPECT_THAT(SuppressOskarbergFire(s, dice, thirty).status().message(), HasSubstr("Every other turn"));
  EXPECT_FALSE(MayAim(s, thirty[0]));  // "nor may those units aim fire at anyone the following turn"
  NextTurn(s, Segment::kBritishFire);
  ASSERT_EQ(SuppressOskarbergFire(s, dice, thirty).value(), 2);  // kept up: further
  // Not kept up on turn 5: lapsed at its end.
  NextTurn(s, Segment::kBritishFire);
  NextTurn(s, Segment::kEnd);
  Dice none = Dice::Scripted({});
  ASSERT_TRUE(EndSegment(s, none).ok());
  EXPECT_EQ(s.suppression, 0);
}

}  // namespace
}  // namespace impi::roarks
