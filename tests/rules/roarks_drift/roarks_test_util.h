// tests/rules/roarks_drift/roarks_test_util.h: games of "The Battle of
// Roark's Drift" set up for the rule tests: a whole game state through its
// own set-up, and a blank board to lay a worked example on.
#ifndef IMPI_TESTS_RULES_ROARKS_DRIFT_ROARKS_TEST_UTIL_H_
#define IMPI_TESTS_RULES_ROARKS_DRIFT_ROARKS_TEST_UTIL_H_

#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/rulesets/roarks_drift/state.h"
#include "engine/rulesets/roarks_drift/turn.h"
#include "gtest/gtest.h"

namespace impi::roarks::testing {

inline HexCoord H(int column, int row) { return Board::Hex(column, row); }

// A game through its set-up: the default British placement (9.1), then
// 9.2's example's zones (Udloko 1 and 2, Uthulu 2 and 3, Yengwe 3 and 4):
// phase 1, turn 1, the Zulu movement segment.
inline RoarksState SetUpGame() {
  RoarksState s = NewGame();
  EXPECT_TRUE(PlaceBritish(s, DefaultBritishPlacement(s)).ok());
  EXPECT_TRUE(ChooseEntryZones(s, Regiment::kUdloko, {1, 2}).ok());
  EXPECT_TRUE(ChooseEntryZones(s, Regiment::kUthulu, {2, 3}).ok());
  EXPECT_TRUE(ChooseEntryZones(s, Regiment::kYengwe, {3, 4}).ok());
  EXPECT_EQ(s.stage, Stage::kPlaying);
  return s;
}

// The same game with every counter taken off the map: a blank board on
// which a test sets up its situation.
inline RoarksState BlankBoard() {
  RoarksState s = SetUpGame();
  for (int u = 0; u < s.size(); ++u) TakeOffMap(s, u);
  return s;
}

inline int U(const RoarksState& s, const std::string& id) {
  const int u = UnitById(s, id);
  EXPECT_NE(u, kNoUnit) << id;
  return u;
}

// Puts the counter `id` on top of a hex's stack; its handle.
inline int Put(RoarksState& s, const std::string& id, HexCoord h) {
  const int u = U(s, id);
  PutOnTop(s, u, h);
  return u;
}

// Ends segments (no dice needed) until the game is in `segment`.
inline void GoTo(RoarksState& s, Segment segment) {
  Dice none = Dice::Scripted({});
  for (int i = 0; i < kSegments && s.segment != segment; ++i) {
    const absl::Status st = EndSegment(s, none);
    ASSERT_TRUE(st.ok()) << st;
  }
  ASSERT_EQ(s.segment, segment);
}

// Ends the turn (with `dice` for the end segment's rolls, none if null) and
// goes on to `segment` of the next.
inline void NextTurn(RoarksState& s, Segment segment, Dice* dice = nullptr) {
  GoTo(s, Segment::kEnd);
  Dice none = Dice::Scripted({});
  const absl::Status st = EndSegment(s, dice != nullptr ? *dice : none);
  ASSERT_TRUE(st.ok()) << st;
  GoTo(s, segment);
}

// Two d6 faces that total `total` (2..12).
inline std::vector<int> Two(int total) {
  const int first = total > 7 ? 6 : total - 1;
  return {first, total - first};
}
// Faces of several 2d6 rolls in order.
inline std::vector<int> Rolls(std::initializer_list<int> totals) {
  std::vector<int> out;
  for (int t : totals) {
    const std::vector<int> two = Two(t);
    out.insert(out.end(), two.begin(), two.end());
  }
  return out;
}

}  // namespace impi::roarks::testing

#endif  // IMPI_TESTS_RULES_ROARKS_DRIFT_ROARKS_TEST_UTIL_H_
