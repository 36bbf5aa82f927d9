// tests/engine/dice_test.cc: seeded and scripted dice, and the roll log.
#include "engine/core/dice.h"

#include <array>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(CounterRngTest, SameSeedAndStreamGiveTheSameSequence) {
  CounterRng a(42, 3);
  CounterRng b(42, 3);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.Next(), b.Next()) << i;
  EXPECT_EQ(a.counter(), 1000u);
}

TEST(CounterRngTest, DifferentStreamsAndSeedsDiffer) {
  CounterRng a(42, 0);
  CounterRng b(42, 1);
  CounterRng c(43, 0);
  int same_ab = 0;
  int same_ac = 0;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t x = a.Next();
    if (x == b.Next()) ++same_ab;
    if (x == c.Next()) ++same_ac;
  }
  EXPECT_EQ(same_ab, 0);
  EXPECT_EQ(same_ac, 0);
}

TEST(CounterRngTest, NthValueDependsOnlyOnSeedStreamAndCounter) {
  CounterRng a(7, 2);
  std::vector<uint64_t> first;
  for (int i = 0; i < 10; ++i) first.push_back(a.Next());
  CounterRng b(7, 2);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(b.Next(), first[i]);
  // No trivially repeating values.
  EXPECT_EQ(std::set<uint64_t>(first.begin(), first.end()).size(), 10u);
}

TEST(CounterRngTest, UniformStaysInRange) {
  CounterRng rng(1, 0);
  for (uint64_t n : {1ull, 2ull, 3ull, 6ull, 7ull, 10ull, 1000003ull}) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.Uniform(n), n);
  }
  for (int i = 0; i < 2000; ++i) {
    const double d = rng.UniformDouble();
    ASSERT_GE(d, 0.0);
    ASSERT_LT(d, 1.0);
  }
}

TEST(CounterRngTest, D6IsRoughlyUniformByChiSquare) {
  Dice dice = Dice::Seeded(20240601);
  std::array<int, 7> counts{};
  constexpr int kRolls = 60000;
  for (int i = 0; i < kRolls; ++i) {
    const int f = dice.Roll(6, "chi-square");
    ASSERT_GE(f, 1);
    ASSERT_LE(f, 6);
    ++counts[f];
  }
  const double expected = kRolls / 6.0;
  double chi2 = 0.0;
  for (int f = 1; f <= 6; ++f) {
    const double d = counts[f] - expected;
    chi2 += d * d / expected;
  }
  // 5 degrees of freedom, p = 0.001.
  EXPECT_LT(chi2, 20.52);
}

TEST(DiceTest, SeededIsReproducibleAndLogsEachRoll) {
  Dice a = Dice::Seeded(99, 1);
  Dice b = Dice::Seeded(99, 1);
  for (int i = 0; i < 50; ++i) {
    ASSERT_EQ(a.Roll(6, "x"), b.Roll(6, "x"));
  }
  ASSERT_EQ(a.rolls().size(), 50u);
  for (int i = 0; i < 50; ++i) {
    const DieRoll& r = a.rolls()[i];
    EXPECT_EQ(r.index, i);
    EXPECT_EQ(r.purpose, "x");
    EXPECT_EQ(r.sides, 6);
    EXPECT_EQ(r.count, 1);
    ASSERT_EQ(r.faces.size(), 1u);
    EXPECT_EQ(r.result, r.faces[0]);
    EXPECT_EQ(r.total, r.faces[0]);
  }
  EXPECT_TRUE(a.status().ok());
  EXPECT_FALSE(a.scripted());
}

TEST(DiceTest, DifferentStreamsGiveDifferentRolls) {
  Dice a = Dice::Seeded(5, 0);
  Dice b = Dice::Seeded(5, 1);
  int same = 0;
  for (int i = 0; i < 200; ++i) {
    if (a.Roll(6, "x") == b.Roll(6, "x")) ++same;
  }
  // Independent d6 agree about 1 time in 6; identical streams would agree 200.
  EXPECT_LT(same, 80);
}

TEST(DiceTest, ScriptedFacesAreConsumedInOrder) {
  Dice dice = Dice::Scripted({4, 2, 6, 1, 3, 5});
  EXPECT_TRUE(dice.scripted());
  EXPECT_EQ(dice.Roll(6, "HAND"), 4);
  DieRoll pool = dice.RollPool(3, 6, "Zulu move 3D6");
  EXPECT_THAT(pool.faces, ElementsAre(2, 6, 1));
  EXPECT_EQ(pool.result, 9);
  EXPECT_EQ(pool.total, 9);
  EXPECT_EQ(pool.count, 3);
  EXPECT_EQ(pool.index, 1);
  EXPECT_EQ(dice.Roll(10, "d10"), 3);
  EXPECT_EQ(dice.rolls().back().index, 4);
  EXPECT_EQ(dice.rolls().back().sides, 10);
  EXPECT_EQ(dice.Roll(6, "last"), 5);
  EXPECT_TRUE(dice.status().ok()) << dice.status();
  ASSERT_EQ(dice.rolls().size(), 4u);
  EXPECT_EQ(dice.rolls()[1].purpose, "Zulu move 3D6");
}

TEST(DiceTest, RollsSinceReturnsTheTail) {
  Dice dice = Dice::Scripted({1, 2, 3, 4});
  dice.Roll(6, "a");
  const size_t mark = dice.rolls().size();
  dice.Roll(6, "b");
  dice.RollPool(2, 6, "c");
  std::vector<DieRoll> since = dice.RollsSince(mark);
  ASSERT_EQ(since.size(), 2u);
  EXPECT_EQ(since[0].purpose, "b");
  EXPECT_EQ(since[1].purpose, "c");
  EXPECT_THAT(since[1].faces, ElementsAre(3, 4));
  EXPECT_TRUE(dice.RollsSince(dice.rolls().size()).empty());
  EXPECT_TRUE(dice.RollsSince(100).empty());
}

TEST(DiceTest, InvalidFaceNamesTheIndexAndRollsOne) {
  Dice dice = Dice::Scripted({3, 7, 2});
  EXPECT_EQ(dice.Roll(6, "first"), 3);
  EXPECT_EQ(dice.Roll(6, "HAND of impi z3"), 1);
  EXPECT_EQ(dice.Roll(6, "third"), 2);
  const absl::Status s = dice.status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "dice.scripted.dice[1]: 7 is not a face of a d6 (needed for 'HAND of "
            "impi z3')");
}

TEST(DiceTest, ZeroIsNotAFace) {
  Dice dice = Dice::Scripted({0});
  EXPECT_EQ(dice.Roll(6, "p"), 1);
  EXPECT_THAT(std::string(dice.status().message()),
              StartsWith("dice.scripted.dice[0]: 0 is not a face of a d6"));
}

TEST(DiceTest, RunningOutCountsTheMissingDiceByKind) {
  Dice dice = Dice::Scripted({1, 2, 3, 4, 5});
  dice.RollPool(5, 6, "opening");
  EXPECT_TRUE(dice.status().ok());
  EXPECT_EQ(dice.Roll(6, "IMPI CREATION"), 1);
  EXPECT_EQ(dice.Roll(10, "perimeter point"), 1);
  DieRoll pool = dice.RollPool(1, 6, "move");
  EXPECT_THAT(pool.faces, ElementsAre(1));
  const absl::Status s = dice.status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "dice.scripted.dice: ran out after 5 dice; at least 3 more needed (2 "
            "d6, 1 d10), the first for 'IMPI CREATION'");
}

TEST(DiceTest, InvalidFaceIsReportedBeforeRunningOut) {
  Dice dice = Dice::Scripted({9});
  dice.Roll(6, "bad");
  dice.Roll(6, "missing");
  EXPECT_THAT(std::string(dice.status().message()),
              StartsWith("dice.scripted.dice[0]: 9 is not a face"));
}

TEST(DiceTest, ScriptedCards) {
  Dice dice = Dice::Scripted({}, {CardColor::kBlack, CardColor::kRed});
  EXPECT_EQ(dice.DrawCard(3, 3, "turn"), CardColor::kBlack);
  EXPECT_EQ(dice.DrawCard(3, 2, "turn"), CardColor::kRed);
  EXPECT_TRUE(dice.status().ok());
  // Card draws are not die rolls.
  EXPECT_TRUE(dice.rolls().empty());
}

TEST(DiceTest, ScriptedCardOfAColourNoneLeftIsAnError) {
  Dice dice = Dice::Scripted({}, {CardColor::kRed, CardColor::kRed});
  EXPECT_EQ(dice.DrawCard(1, 2, "first"), CardColor::kRed);
  // No red left: falls back to black and reports the index.
  EXPECT_EQ(dice.DrawCard(0, 2, "second"), CardColor::kBlack);
  const absl::Status s = dice.status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(s.message()), StartsWith("dice.scripted.cards[1]"));
  EXPECT_THAT(std::string(s.message()), HasSubstr("second"));
}

TEST(DiceTest, RunningOutOfCards) {
  Dice dice = Dice::Scripted({}, {CardColor::kRed, CardColor::kBlack});
  dice.DrawCard(2, 2, "a");
  dice.DrawCard(1, 2, "b");
  EXPECT_EQ(dice.DrawCard(1, 1, "c"), CardColor::kRed);   // fallback: red left
  EXPECT_EQ(dice.status().message(),
            "dice.scripted.cards: ran out after 2 cards; at least 1 more card needed");
  EXPECT_EQ(dice.DrawCard(0, 1, "d"), CardColor::kBlack);  // fallback: only black
  EXPECT_EQ(dice.status().message(),
            "dice.scripted.cards: ran out after 2 cards; at least 2 more cards needed");
}

TEST(DiceTest, SeededCardsFollowTheDeck) {
  Dice dice = Dice::Seeded(11);
  // Only one colour left: always that colour.
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(dice.DrawCard(0, 5, "black only"), CardColor::kBlack);
    EXPECT_EQ(dice.DrawCard(4, 0, "red only"), CardColor::kRed);
  }
  int red = 0;
  for (int i = 0; i < 6000; ++i) {
    if (dice.DrawCard(1, 2, "one in three") == CardColor::kRed) ++red;
  }
  EXPECT_GT(red, 1700);
  EXPECT_LT(red, 2300);
  EXPECT_TRUE(dice.rolls().empty());
  EXPECT_TRUE(dice.status().ok());
}

TEST(DiceTest, SeededCardDrawsShareTheStream) {
  Dice a = Dice::Seeded(3);
  Dice b = Dice::Seeded(3);
  a.DrawCard(5, 5, "card");
  // b did not draw, so its next dice differ in position from a's.
  std::vector<int> fa, fb;
  for (int i = 0; i < 30; ++i) {
    fa.push_back(a.Roll(6, "x"));
    fb.push_back(b.Roll(6, "x"));
  }
  EXPECT_NE(fa, fb);
}

TEST(DieRollTest, ModifyAddsToTotal) {
  Dice dice = Dice::Scripted({4});
  DieRoll r = dice.RollPool(1, 6, "morale");
  r.Modify("below half", -1);
  r.Modify("induna present", 2);
  EXPECT_EQ(r.result, 4);
  EXPECT_EQ(r.total, 5);
  ASSERT_EQ(r.modifiers.size(), 2u);
  EXPECT_EQ(r.modifiers[0].reason, "below half");
  EXPECT_EQ(r.modifiers[0].value, -1);
}

}  // namespace
}  // namespace impi
