// tests/rules/roarks_drift/state_test.cc: a game's state and its set-up
// (9.0 of 004_18930928e35a3412.txt): the British placement (9.1), the Zulu
// zones with 9.2's worked example, and what the state holds for every
// counter. Each test names its section.
#include "engine/rulesets/roarks_drift/state.h"

#include <set>
#include <string>
#include <vector>

#include "engine/rulesets/roarks_drift/movement.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/roarks_drift/roarks_test_util.h"

namespace impi::roarks {
namespace {

using ::impi::roarks::testing::H;
using ::impi::roarks::testing::SetUpGame;
using ::impi::roarks::testing::U;
using ::testing::HasSubstr;

// 1.0 / 2.0: the counters of a game, each with a dense entry by handle.
TEST(RoarksState_004, ANewGameHoldsTheGarrisonAndTheThreeRegimentsOffTheMap) {
  const RoarksState s = NewGame();
  ASSERT_EQ(s.specs.size(), s.counters.size());
  EXPECT_EQ(s.stage, Stage::kBritishSetUp);
  EXPECT_EQ(s.phase, 1);
  EXPECT_EQ(s.turn, 1);
  EXPECT_EQ(s.segment, Segment::kZuluMovement);
  int british = 0, zulu = 0;
  for (int u = 0; u < s.size(); ++u) {
    EXPECT_FALSE(s.counters[u].on_map);
    (SideOf(s, u) == Side::kBritish ? british : zulu) += 1;
  }
  EXPECT_EQ(british, 139);
  EXPECT_EQ(zulu, 30 + 15 + 45);
  EXPECT_EQ(s.wave[RegimentIndex(Regiment::kUthulu)], 30);
  EXPECT_EQ(s.zulu_killed, 0);
  EXPECT_EQ(s.suppression, 0);
}

// 9.1.A-D through the default placement: every British unit on the map, the
// hospital's men in it, Reynolds in the storehouse, at most five a hex.
TEST(RoarksPlacement_004, BritishSetUpFirst_9_1_HospitalMenAndReynolds) {
  RoarksState s = NewGame();
  // 9.2.B "After British setup": no zones before.
  EXPECT_EQ(ChooseEntryZones(s, Regiment::kUdloko, {1}).code(), absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(PlaceBritish(s, DefaultBritishPlacement(s)).ok());
  EXPECT_EQ(s.stage, Stage::kZuluSetUp);
  std::map<HexCoord, int> per_hex;
  for (int u = 0; u < s.size(); ++u) {
    if (SideOf(s, u) != Side::kBritish) continue;
    ASSERT_TRUE(InPlay(s, u)) << s.specs[u].id;
    ++per_hex[s.counters[u].hex];
  }
  for (const auto& [h, n] : per_hex) EXPECT_LE(n, 5);
  // 9.1.B "Hitch, Hook, Fielding, both Joneses, a 1/24 3-4-4, the four Royal
  // Art., and the three NMP".
  for (const std::string id : {"hitch", "hook", "fielding", "r_jones", "w_jones", "h1_24", "ra_1", "ra_4",
                               "nmp_1", "nmp_3"}) {
    EXPECT_TRUE(InBuilding(s.Map(), s.counters[U(s, id)].hex, kHospital)) << id;
  }
  // 9.1.C "Major Reynolds must be placed in the storehouse."
  EXPECT_TRUE(InBuilding(s.Map(), s.counters[U(s, "reynolds")].hex, kStorehouse));
  // A second placement is no set-up.
  EXPECT_EQ(PlaceBritish(s, DefaultBritishPlacement(s)).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(RoarksPlacement_004, BritishSetUpRefused_9_1_OutsideTheHospitalOrStorehouseOrSixAHex) {
  RoarksState s = NewGame();
  const std::vector<Placement> good = DefaultBritishPlacement(s);
  auto with = [&](const std::string& id, HexCoord h) {
    std::vector<Placement> p = good;
    for (Placement& x : p) {
      if (x.unit == U(s, id)) x.hex = h;
    }
    return p;
  };
  // 9.1.B
  absl::Status st = PlaceBritish(s, with("hook", H(20, 12)));
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(st.message(), HasSubstr("hook must be placed in the hospital"));
  // 9.1.C
  st = PlaceBritish(s, with("reynolds", H(20, 12)));
  EXPECT_THAT(st.message(), HasSubstr("reynolds must be placed in the storehouse"));
  // 5.0.D five a hex: six men in one hex.
  std::vector<Placement> six = good;
  for (int i = 0; i < 6; ++i) six[20 + i].hex = H(20, 12);
  st = PlaceBritish(s, six);
  EXPECT_THAT(st.message(), HasSubstr("5.0.D"));
  // 9.1.A every unit set up.
  std::vector<Placement> short_one(good.begin(), good.end() - 1);
  st = PlaceBritish(s, short_one);
  EXPECT_THAT(st.message(), HasSubstr("is missing"));
  // Off the map.
  st = PlaceBritish(s, with("b2_24_001", HexCoord{-5, -5}));
  EXPECT_THAT(st.message(), HasSubstr(".hex: (-5,-5) is off the map"));
  // Nothing applied by any of them.
  EXPECT_EQ(s.stage, Stage::kBritishSetUp);
  EXPECT_FALSE(s.counters[U(s, "hook")].on_map);
}

// 9.1.A "In later phases, wounded soldiers must be deployed as close to the
// storeroom as possible."
TEST(RoarksPlacement_004, LaterPhasesTheWoundedNearestTheStoreroom_9_1_A) {
  RoarksState s = NewGame();
  s.phase = 2;
  const int hurt = U(s, "b2_24_050");
  s.counters[hurt].wound = WoundState::kLight;
  std::vector<Placement> p = DefaultBritishPlacement(s);
  for (const Placement& x : p) {
    if (x.unit == hurt) {
      EXPECT_EQ(DistanceToStoreroom(s.Map(), x.hex), 0);
    }
  }
  // Elsewhere, with room nearer: refused.
  std::vector<Placement> far = p;
  for (Placement& x : far) {
    if (x.unit == hurt) x.hex = H(20, 12);
  }
  const absl::Status st = PlaceBritish(s, far);
  EXPECT_THAT(st.message(), HasSubstr("9.1.A a wounded man is deployed as close to the storeroom"));
  // 9.1.B binds the first phase's set-up only: Hook outside the hospital now.
  for (Placement& x : p) {
    if (x.unit == U(s, "hook")) x.hex = H(20, 11);
  }
  EXPECT_TRUE(PlaceBritish(s, p).ok());
}

// 9.1.C "Major Reynolds must be placed in the storehouse": with the
// storeroom on fire (10.2.D: no one enters it), another room of the
// storehouse; with all of it on fire (designed, the text silent), the
// nearest hex he may enter, and the set-up is still made.
TEST(RoarksPlacement_004, ReynoldsWithTheStorehouseOnFire_9_1_C) {
  RoarksState s = NewGame();
  s.phase = 2;
  const int reynolds = U(s, "reynolds");
  s.fires.push_back({kStoreroom, 0, false});
  std::vector<Placement> p = DefaultBritishPlacement(s);
  RoarksState first = s;
  ASSERT_TRUE(PlaceBritish(first, p).ok());
  EXPECT_TRUE(InBuilding(first.Map(), first.counters[reynolds].hex, kStorehouse));
  EXPECT_NE(first.Map().map.Cell(first.counters[reynolds].hex)->room, kStoreroom);
  for (HexCoord h : s.Map().map.BuildingHexes(kStorehouse)) s.fires.push_back({s.Map().map.Cell(h)->room, 0, false});
  p = DefaultBritishPlacement(s);
  const absl::Status st = PlaceBritish(s, p);
  ASSERT_TRUE(st.ok()) << st;
  EXPECT_TRUE(s.counters[reynolds].on_map);
  EXPECT_FALSE(InBuilding(s.Map(), s.counters[reynolds].hex, kStorehouse));
}

// The default placement meets 9.1.A with many wounded: they fill the hexes
// nearest the storeroom, the fit men stand no nearer.
TEST(RoarksPlacement_004, TheDefaultPlacementKeepsFortyWoundedNearest_9_1_A) {
  RoarksState s = NewGame();
  s.phase = 3;
  int wounded = 0;
  for (int u = 0; u < s.size() && wounded < 40; ++u) {
    if (s.specs[u].side == Side::kBritish && s.specs[u].role == CounterRole::kRanker) {
      s.counters[u].wound = wounded % 2 == 0 ? WoundState::kLight : WoundState::kSerious;
      ++wounded;
    }
  }
  const absl::Status st = PlaceBritish(s, DefaultBritishPlacement(s));
  ASSERT_TRUE(st.ok()) << st;
  int at_storeroom = 0;
  for (int u = 0; u < s.size(); ++u) {
    if (s.counters[u].wound != WoundState::kNone && DistanceToStoreroom(s.Map(), s.counters[u].hex) == 0) {
      ++at_storeroom;
    }
  }
  EXPECT_EQ(at_storeroom, 19);  // the storeroom's four hexes, five a hex, Reynolds among them
}

// 9.2 worked example: "The Udloko Regiment may enter from Zones 1 and 2. The
// Uthulu Regiment may then enter the map from Zones 2 and 3, or Zones 8 and
// 1, but not from Zones 1 and 2. The Yengwe Regiment may then enter from
// Zones 3 and 4 or 7 and 8."
TEST(RoarksPlacement_004, WorkedExample_9_2_UdlokoUthuluYengweOnTheBoard) {
  for (const std::vector<int>& uthulu : {std::vector<int>{2, 3}, std::vector<int>{8, 1}}) {
    for (const std::vector<int>& yengwe : {std::vector<int>{3, 4}, std::vector<int>{7, 8}}) {
      RoarksState s = NewGame();
      ASSERT_TRUE(PlaceBritish(s, DefaultBritishPlacement(s)).ok());
      ASSERT_TRUE(ChooseEntryZones(s, Regiment::kUdloko, {1, 2}).ok());
      EXPECT_EQ(ChooseEntryZones(s, Regiment::kUthulu, {1, 2}).code(), absl::StatusCode::kInvalidArgument);
      ASSERT_TRUE(ChooseEntryZones(s, Regiment::kUthulu, uthulu).ok());
      EXPECT_EQ(s.stage, Stage::kZuluSetUp);
      ASSERT_TRUE(ChooseEntryZones(s, Regiment::kYengwe, yengwe).ok());
      EXPECT_EQ(s.stage, Stage::kPlaying);  // the first turn begins
      EXPECT_EQ(ChooseEntryZones(s, Regiment::kYengwe, {5}).code(), absl::StatusCode::kFailedPrecondition);
    }
  }
  // 9.2.C two zones must be adjacent.
  RoarksState s = NewGame();
  ASSERT_TRUE(PlaceBritish(s, DefaultBritishPlacement(s)).ok());
  const absl::Status st = ChooseEntryZones(s, Regiment::kUdloko, {1, 3});
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(st.message(), HasSubstr("9.2.C-D"));
  EXPECT_EQ(ChooseEntryZones(s, Regiment::kUdloko, {9}).code(), absl::StatusCode::kInvalidArgument);
}

// 9.2.B: a regiment comes onto the map from its zones, and no other.
TEST(RoarksPlacement_004, ARegimentEntersByItsZones_9_2_B) {
  RoarksState s = SetUpGame();  // Udloko 1 and 2
  const int z = U(s, "udloko_01");
  const HexCoord zone5 = s.Map().entry_zones[4].front();
  absl::Status st = MoveUnit(s, z, zone5);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(st.message(), HasSubstr("9.2"));
  const HexCoord zone2 = s.Map().entry_zones[1][3];
  ASSERT_TRUE(MoveUnit(s, z, zone2).ok());
  EXPECT_TRUE(InPlay(s, z));
  EXPECT_EQ(s.counters[z].hex, zone2);
  EXPECT_EQ(MpsLeft(s, z), 5 - s.options.terrain.GroundCost(s.Map(), zone2));
}

// The stacks: each counter's place in its hex, top first; fire's target is
// the top (8.1.B).
TEST(RoarksState_004, EachCountersHexAndPlaceInTheStack) {
  RoarksState s = NewGame();
  const HexCoord h = H(20, 12);
  PutOnTop(s, 5, h);
  PutOnTop(s, 7, h);
  PutOnTop(s, 6, h);
  EXPECT_THAT(StackAt(s, h), ::testing::ElementsAre(6, 7, 5));
  EXPECT_EQ(TopUnit(s, h), 6);
  EXPECT_EQ(Holder(s, h), Side::kBritish);
  TakeOffMap(s, 6);
  EXPECT_EQ(TopUnit(s, h), 7);
  EXPECT_EQ(TopUnit(s, H(21, 12)), kNoUnit);
  EXPECT_FALSE(Holder(s, H(21, 12)).has_value());
}

}  // namespace
}  // namespace impi::roarks
