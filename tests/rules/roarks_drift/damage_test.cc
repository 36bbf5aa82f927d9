// tests/rules/roarks_drift/damage_test.cc: 8.0 Damage and 8.3 healing of
// 004_18930928e35a3412.txt on a game's state: wounds add up, and Surgeon
// Major Reynolds heals in the interphase. Each test names its section.
#include "engine/rulesets/roarks_drift/damage.h"

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

// 8.2.A-C on the state: two lights a serious; a light on light-and-serious
// mortal; the dead off the map, among the British dead.
TEST(RoarksDamage_004, WoundsAddUpToDeath_8_2) {
  RoarksState s = BlankBoard();
  const int a = Put(s, "b2_24_001", H(20, 12));
  const int b = Put(s, "b2_24_002", H(20, 12));
  EXPECT_FALSE(ApplyDamage(s, a, Damage::kLight));
  EXPECT_FALSE(ApplyDamage(s, a, Damage::kLight));
  EXPECT_EQ(s.counters[a].wound, WoundState::kSerious);
  EXPECT_FALSE(ApplyDamage(s, b, Damage::kSerious));
  EXPECT_FALSE(ApplyDamage(s, b, Damage::kLight));
  EXPECT_EQ(s.counters[b].wound, WoundState::kLightAndSerious);
  EXPECT_TRUE(ApplyDamage(s, b, Damage::kLight));
  EXPECT_TRUE(s.counters[b].killed);
  EXPECT_FALSE(InPlay(s, b));
  EXPECT_EQ(BritishDead(s), 1);
  EXPECT_TRUE(ApplyDamage(s, a, Damage::kSerious));
  EXPECT_EQ(BritishDead(s), 2);
  EXPECT_EQ(StackAt(s, H(20, 12)).size(), 0u);
}

// To the end of the turn, then the phase ended by the Zulu side (9.3.A).
void EndThePhase(RoarksState& s, Dice& dice) {
  GoTo(s, Segment::kEnd);
  const absl::Status st = EndPhase(s, dice);
  ASSERT_TRUE(st.ok()) << st;
}

// 8.3.A-B: Reynolds, well, in the storeroom: light wounds in his care cured
// at the next phase; serious ones rolled: 3-12 the turn of the next phase
// they are back, 2 dies; a man out of his care keeps his wound.
TEST(RoarksHealing_004, ReynoldsHealsThoseInHisCare_8_3_AB) {
  RoarksState s = BlankBoard();
  Put(s, "reynolds", H(32, 17));
  const int light = Put(s, "b2_24_001", H(33, 17));    // the storeroom
  const int back = Put(s, "b2_24_002", H(31, 17));     // the store, next to him
  const int far = Put(s, "b2_24_003", H(20, 12));      // out of his care
  const int dies = Put(s, "b2_24_004", H(33, 18));     // the storeroom
  s.counters[light].wound = WoundState::kLight;
  s.counters[back].wound = WoundState::kSerious;
  s.counters[far].wound = WoundState::kSerious;
  s.counters[dies].wound = WoundState::kLightAndSerious;
  EXPECT_TRUE(InReynoldsCare(s, back));
  EXPECT_FALSE(InReynoldsCare(s, far));
  Dice dice = Dice::Scripted(Rolls({5, 2}));
  EndThePhase(s, dice);
  EXPECT_TRUE(dice.status().ok());
  EXPECT_EQ(s.phase, 2);
  EXPECT_EQ(s.counters[light].wound, WoundState::kNone);
  EXPECT_EQ(s.counters[back].wound, WoundState::kNone);
  EXPECT_EQ(s.counters[back].returns_on_turn, 5);
  EXPECT_EQ(s.counters[far].wound, WoundState::kSerious);
  EXPECT_TRUE(s.counters[dies].killed);
  // He is not set up with the rest, and comes back on turn 5, in the
  // storeroom.
  std::vector<Placement> p = DefaultBritishPlacement(s);
  for (const Placement& x : p) EXPECT_NE(x.unit, back);
  p.push_back({back, H(20, 12)});
  EXPECT_THAT(PlaceBritish(s, p).message(), HasSubstr("not in play this turn"));
  p.pop_back();
  ASSERT_TRUE(PlaceBritish(s, p).ok());
  ASSERT_TRUE(ChooseEntryZones(s, Regiment::kUdloko, {1, 2}).ok());
  ASSERT_TRUE(ChooseEntryZones(s, Regiment::kUthulu, {2, 3}).ok());
  ASSERT_TRUE(ChooseEntryZones(s, Regiment::kYengwe, {3, 4}).ok());
  Dice none = Dice::Scripted({});
  while (s.turn < 4) {
    GoTo(s, Segment::kEnd);
    ASSERT_TRUE(EndSegment(s, none).ok());
  }
  EXPECT_FALSE(InPlay(s, back));
  GoTo(s, Segment::kEnd);
  ASSERT_TRUE(EndSegment(s, none).ok());
  EXPECT_EQ(s.turn, 5);
  EXPECT_TRUE(InPlay(s, back));
  EXPECT_EQ(s.Map().map.Cell(s.counters[back].hex)->room, kStoreroom);
}

// 8.3.C "If Major Reynolds receives light wounds the those units with
// serious wounds in the interphase die on a 2-4. Otherwise they return to
// play on a 5-12 (that number of turns)."
TEST(RoarksHealing_004, AReynoldsLightlyWounded_8_3_C) {
  RoarksState s = BlankBoard();
  const int reynolds = Put(s, "reynolds", H(32, 17));
  s.counters[reynolds].wound = WoundState::kLight;
  const int a = Put(s, "b2_24_001", H(33, 17));
  const int b = Put(s, "b2_24_002", H(33, 17));
  s.counters[a].wound = s.counters[b].wound = WoundState::kSerious;
  Dice dice = Dice::Scripted(Rolls({4, 6}));
  EndThePhase(s, dice);
  EXPECT_TRUE(s.counters[a].killed);
  EXPECT_EQ(s.counters[b].returns_on_turn, 6);
  EXPECT_EQ(s.counters[reynolds].wound, WoundState::kNone);  // his own light wound, in his care
}

// 8.3.D "If Major Reynolds is seriously wounded, he cannot heal anyone and
// those units with serious wounds in the interphase die in interphases on a
// roll of 2-7. Those with light wounds die on a roll of a 2."
TEST(RoarksHealing_004, AReynoldsSeriouslyWoundedHealsNoOne_8_3_D) {
  RoarksState s = BlankBoard();
  const int reynolds = Put(s, "reynolds", H(32, 17));
  s.counters[reynolds].wound = WoundState::kSerious;
  const int a = Put(s, "b2_24_001", H(33, 17));
  const int b = Put(s, "b2_24_002", H(20, 12));
  const int c = Put(s, "b2_24_003", H(20, 12));
  const int d = Put(s, "b2_24_004", H(20, 12));
  s.counters[a].wound = s.counters[b].wound = WoundState::kSerious;
  s.counters[c].wound = s.counters[d].wound = WoundState::kLight;
  // Reynolds himself rolls first (handle order): 8, lives.
  Dice dice = Dice::Scripted(Rolls({8, 7, 8, 2, 3}));
  EndThePhase(s, dice);
  EXPECT_TRUE(dice.status().ok());
  EXPECT_EQ(s.counters[reynolds].wound, WoundState::kSerious);
  EXPECT_TRUE(s.counters[a].killed);
  EXPECT_EQ(s.counters[b].wound, WoundState::kSerious);
  EXPECT_TRUE(s.counters[c].killed);
  EXPECT_EQ(s.counters[d].wound, WoundState::kLight);
}

}  // namespace
}  // namespace impi::roarks
