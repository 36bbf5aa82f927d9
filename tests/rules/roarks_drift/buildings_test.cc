// tests/rules/roarks_drift/buildings_test.cc: 10.0 Fires and 11.0 Buildings
// of 004_18930928e35a3412.txt on a game's state on the station board. Each
// test names its section.
#include "engine/rulesets/roarks_drift/buildings.h"

#include <string>
#include <vector>

#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/melee.h"
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

int RoomAt(const RoarksState& s, HexCoord h) { return s.Map().map.Cell(h)->room; }

// 10.1.B "Rifle units can fire down through the roof setting fire on a 2-7
// (if not damaged), 2-6 (if lightly wounded) ... They cannot move the turn
// they attempt to set fire." 10.2.A "a fire will start the following turn".
TEST(RoarksFires_004, RiflesThroughTheRoofStartAFireTheFollowingTurn_10_1_B_10_2_A) {
  RoarksState s = BlankBoard();
  const HexCoord roof = H(8, 18);  // the hospital's south row, room 3
  const int rifle = Put(s, "udloko_r1", H(8, 19));
  const int hurt = Put(s, "uthulu_r1", H(9, 19));
  s.counters[hurt].wound = WoundState::kLight;
  const int mover = Put(s, "yengwe_r1", H(10, 20));
  ASSERT_TRUE(MoveUnit(s, mover, H(10, 19)).ok());
  GoTo(s, Segment::kZuluFire);
  Dice dice = Dice::Scripted(Rolls({7, 7, 2}));
  EXPECT_THAT(FireThroughRoof(s, dice, mover, H(10, 18)).status().message(), HasSubstr("10.1.B"));
  EXPECT_FALSE(FireThroughRoof(s, dice, hurt, H(9, 18)).value());  // 7 is not 2-6
  EXPECT_TRUE(FireThroughRoof(s, dice, rifle, roof).value());
  EXPECT_FALSE(RoomBurning(s, RoomAt(s, roof)));
  EXPECT_EQ(FireThroughRoof(s, dice, rifle, roof).status().code(), absl::StatusCode::kFailedPrecondition);
  Dice none = Dice::Scripted(Rolls({12}));  // the end segment: not burning yet, no spread roll
  NextTurn(s, Segment::kZuluMovement, &none);
  EXPECT_TRUE(RoomBurning(s, RoomAt(s, roof)));
  // 10.2.D "No one can enter a room or roof area on fire."
  GoTo(s, Segment::kBritishMovement);
  const int man = Put(s, "b2_24_001", H(7, 18));  // the room next door
  const int tunnelled = Put(s, "b2_24_002", H(8, 17));  // the same room's north row
  EXPECT_EQ(MoveCost(s, man, roof), -1);
  std::string why;
  EXPECT_EQ(MoveCost(s, tunnelled, roof, &why), -1);
  EXPECT_THAT(why, HasSubstr("10.2.D"));
}

// 10.1.C "A Zulu unit can start a roof on fire on a roll of 12 if not moving
// or firing that turn." 10.1.D torches from an existing fire: 2-6 unwounded.
TEST(RoarksFires_004, AZulusTwelveAndTorchesFromAFire_10_1_CD) {
  RoarksState s = BlankBoard();
  const int z = Put(s, "udloko_01", H(8, 19));
  GoTo(s, Segment::kZuluFire);
  Dice dice = Dice::Scripted(Rolls({11, 12}));
  EXPECT_FALSE(SetRoofAlight(s, dice, z, H(8, 18)).value());
  EXPECT_EQ(SetRoofAlight(s, dice, z, H(8, 18)).status().code(), absl::StatusCode::kFailedPrecondition);
  const int y = Put(s, "udloko_02", H(9, 19));
  EXPECT_TRUE(SetRoofAlight(s, dice, y, H(9, 18)).value());
  Dice spread = Dice::Scripted(Rolls({12}));
  NextTurn(s, Segment::kZuluMovement, &spread);
  // A unit passing the burning room takes a torch to the storehouse.
  const int t = Put(s, "udloko_03", H(10, 21));
  EXPECT_THAT(CarryTorch(s, dice, t, H(10, 18)).status().message(), HasSubstr("fire segment"));
  ASSERT_TRUE(MoveUnit(s, t, H(10, 20)).ok());  // not next to the burning room
  EXPECT_FALSE(s.counters[t].torch);
  ASSERT_TRUE(MoveUnit(s, t, H(10, 19)).ok());  // next to its hex (9,18)
  EXPECT_TRUE(s.counters[t].torch);
  GoTo(s, Segment::kZuluFire);
  Dice torch = Dice::Scripted(Rolls({6}));
  EXPECT_TRUE(CarryTorch(s, torch, t, H(10, 18)).value());
  EXPECT_FALSE(s.counters[t].torch);
}

// 10.2.B-C spread on 2-7 to the rooms next to it, the following turn;
// 10.2.E the schedule of a British unit that stays in a burning room.
TEST(RoarksFires_004, SpreadAndTheScheduleOfAUnitCaught_10_2_BCE) {
  RoarksState s = BlankBoard();
  const HexCoord room3 = H(8, 18);
  const int caught = Put(s, "hook", room3);
  const int z = Put(s, "udloko_01", H(8, 19));
  GoTo(s, Segment::kZuluFire);
  Dice set = Dice::Scripted(Rolls({12}));
  ASSERT_TRUE(SetRoofAlight(s, set, z, room3).value());
  TakeOffMap(s, z);
  const int room = RoomAt(s, room3);
  // End of turn 1: set, not burning: no roll.
  Dice none = Dice::Scripted({});
  NextTurn(s, Segment::kEnd, &none);
  // End of turn 2: burning; Hook's first turn (none); it spreads on 7.
  Dice seven = Dice::Scripted(Rolls({7}));
  ASSERT_TRUE(EndSegment(s, seven).ok());
  EXPECT_EQ(s.counters[caught].wound, WoundState::kNone);
  ASSERT_FALSE(s.Map().map.AdjacentRooms(room).empty());
  for (int next : s.Map().map.AdjacentRooms(room)) {
    EXPECT_TRUE(RoomHasFire(s, next)) << next;
    EXPECT_TRUE(RoomBurning(s, next)) << next;  // "the following turn": turn 3, now
  }
  EXPECT_EQ(s.turn, 3);
  // Turn 3: light; the new rooms roll (8s: no further spread).
  auto eights = [] { return Dice::Scripted(Rolls({8, 8, 8, 8, 8, 8})); };
  GoTo(s, Segment::kEnd);
  Dice d3 = eights();
  ASSERT_TRUE(EndSegment(s, d3).ok());
  EXPECT_EQ(s.counters[caught].wound, WoundState::kLight);
  // Turn 4: severe (light and serious); turn 5: severe + light: dead.
  GoTo(s, Segment::kEnd);
  Dice d4 = eights();
  ASSERT_TRUE(EndSegment(s, d4).ok());
  EXPECT_EQ(s.counters[caught].wound, WoundState::kLightAndSerious);
  GoTo(s, Segment::kEnd);
  Dice d5 = eights();
  ASSERT_TRUE(EndSegment(s, d5).ok());
  EXPECT_TRUE(s.counters[caught].killed);
}

// 11.0.A the hospital's loopholes from the start; the storehouse's windows
// and doors, not its walls; 11.0.D windows as openings.
TEST(RoarksBuildings_004, LoopholesAndWindows_11_0_AD) {
  RoarksState s = BlankBoard();
  EXPECT_TRUE(LineOfSight(s, H(8, 18), H(8, 22), {}));   // out through the loophole
  EXPECT_FALSE(LineOfSight(s, H(8, 17), H(8, 22), {}));  // a room further back: not
  EXPECT_TRUE(LineOfSight(s, H(26, 18), H(26, 22), {}));   // a window
  EXPECT_FALSE(LineOfSight(s, H(27, 18), H(27, 22), {}));  // the storehouse's wall
}

// 11.0.B-C: a wall is tunnelled, even between the hospital's rooms; then
// both sides move, shoot and melee through it.
TEST(RoarksBuildings_004, TunnelledOpenings_11_0_BC) {
  RoarksState s = BlankBoard();
  const int z = Put(s, "udloko_01", H(8, 19));
  Put(s, "hook", H(8, 18));
  EXPECT_FALSE(MeleeContact(s, H(8, 19), H(8, 18)));
  EXPECT_EQ(Tunnel(s, z, HexDirection::kSouth).code(), absl::StatusCode::kInvalidArgument);  // no wall there
  ASSERT_TRUE(Tunnel(s, z, HexDirection::kNorth).ok());
  EXPECT_EQ(s.Map().map.Feature(impi::SideOf(H(8, 19), HexDirection::kNorth)), SideFeature::kOpening);
  EXPECT_NE(StationBoard().map.Feature(impi::SideOf(H(8, 19), HexDirection::kNorth)), SideFeature::kOpening);
  EXPECT_EQ(MpsLeft(s, z), 0);  // its whole move (not in the source text)
  EXPECT_TRUE(MeleeContact(s, H(8, 19), H(8, 18)));
  TakeOffMap(s, U(s, "hook"));
  // Between two of the hospital's rooms, by the British.
  GoTo(s, Segment::kBritishMovement);
  const int hook = Put(s, "hitch", H(9, 18));
  const std::optional<HexDirection> west = DirectionTo(H(9, 18), H(8, 18));
  ASSERT_TRUE(west.has_value());
  EXPECT_EQ(MoveCost(s, hook, H(8, 18)), -1);
  EXPECT_FALSE(LineOfSight(s, H(9, 18), H(8, 18), {}));
  ASSERT_TRUE(Tunnel(s, hook, *west).ok());
  EXPECT_TRUE(LineOfSight(s, H(9, 18), H(8, 18), {}));
  EXPECT_TRUE(MeleeContact(s, H(9, 18), H(8, 18)));
  GoTo(s, Segment::kEnd);
  Dice none = Dice::Scripted({});
  ASSERT_TRUE(EndSegment(s, none).ok());
  GoTo(s, Segment::kBritishMovement);
  EXPECT_GT(MoveCost(s, hook, H(8, 18)), 0);
}

}  // namespace
}  // namespace impi::roarks
