// tests/engine/dice_test.cc: seeded and scripted dice, and the roll log.
#include "engine/core/dice.h"

#include <array>
#include <utility>
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


// --- Dice of a kind: the average die and the arrow die ----------------------

// Chi-square of `counts` (indexed by face) against `probability` of each face.
double ChiSquare(const std::vector<int>& counts,
                 const std::vector<std::pair<int, double>>& outcomes, int rolls) {
  double chi2 = 0.0;
  for (const auto& [face, p] : outcomes) {
    const double expected = rolls * p;
    const double d = counts[face] - expected;
    chi2 += d * d / expected;
  }
  return chi2;
}

TEST(DieKindTest, FaceOutcomesOfEachKindSumToOne) {
  using Outcomes = std::vector<std::pair<int, double>>;
  const Outcomes average = FaceOutcomes(DieSpec::Average());
  ASSERT_EQ(average.size(), 4u);
  EXPECT_EQ(average[0], (std::pair<int, double>{2, 1.0 / 6}));
  EXPECT_EQ(average[1], (std::pair<int, double>{3, 2.0 / 6}));
  EXPECT_EQ(average[2], (std::pair<int, double>{4, 2.0 / 6}));
  EXPECT_EQ(average[3], (std::pair<int, double>{5, 1.0 / 6}));
  const Outcomes arrow = FaceOutcomes(DieSpec::Arrow());
  ASSERT_EQ(arrow.size(), static_cast<size_t>(kArrowDirections));
  for (int k = 0; k < kArrowDirections; ++k) {
    EXPECT_EQ(arrow[k].first, k + 1);
    EXPECT_DOUBLE_EQ(arrow[k].second, 1.0 / 6);
  }
  const Outcomes d10 = FaceOutcomes(DieSpec::D(10));
  ASSERT_EQ(d10.size(), 10u);
  EXPECT_EQ(d10.front().first, 1);
  EXPECT_EQ(d10.back().first, 10);
  for (const DieSpec& die : {DieSpec::Average(), DieSpec::Arrow(), DieSpec::D(6), DieSpec::D(10),
                             DieSpec::D(3)}) {
    double sum = 0.0;
    for (const auto& [face, p] : FaceOutcomes(die)) {
      EXPECT_TRUE(IsFaceOf(die, face)) << DieName(die) << " " << face;
      EXPECT_GT(p, 0.0);
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12) << DieName(die);
  }
  EXPECT_TRUE(FaceOutcomes(DieSpec::D(0)).empty());
}

TEST(DieKindTest, FacesOfEachKind) {
  EXPECT_FALSE(IsFaceOf(DieSpec::Average(), 1));
  EXPECT_TRUE(IsFaceOf(DieSpec::Average(), 2));
  EXPECT_TRUE(IsFaceOf(DieSpec::Average(), 5));
  EXPECT_FALSE(IsFaceOf(DieSpec::Average(), 6));
  EXPECT_FALSE(IsFaceOf(DieSpec::Arrow(), 0));
  EXPECT_TRUE(IsFaceOf(DieSpec::Arrow(), 6));
  EXPECT_FALSE(IsFaceOf(DieSpec::Arrow(), 7));
  EXPECT_TRUE(IsFaceOf(DieSpec::D(10), 10));
  EXPECT_FALSE(IsFaceOf(DieSpec::D(10), 11));
  EXPECT_EQ(DieName(DieSpec::D(10)), "d10");
  EXPECT_EQ(DieName(DieSpec::Average()), "average die");
  EXPECT_EQ(CountOfDice(2, DieSpec::Average()), "2 average dice");
  EXPECT_EQ(CountOfDice(1, DieSpec::Arrow()), "1 arrow die");
  EXPECT_EQ(CountOfDice(3, DieSpec::D(6)), "3 d6");
  // Clockwise like a clock face, 60 degrees apart; face 4 points straight back.
  EXPECT_EQ(ArrowBearingDegrees(1), 0);
  EXPECT_EQ(ArrowBearingDegrees(2), 60);
  EXPECT_EQ(ArrowBearingDegrees(4), 180);
  EXPECT_EQ(ArrowBearingDegrees(6), 300);
  EXPECT_EQ(ArrowBearingDegrees(0), -1);
  EXPECT_EQ(ArrowBearingDegrees(7), -1);
}

TEST(DieKindTest, SeededAverageDieFollowsItsFacesByChiSquare) {
  Dice dice = Dice::Seeded(20240601);
  constexpr int kRolls = 60000;
  std::vector<int> counts(7, 0);
  for (int i = 0; i < kRolls; ++i) {
    const int f = dice.RollAverage("chi-square");
    ASSERT_TRUE(IsFaceOf(DieSpec::Average(), f)) << f;
    ++counts[f];
  }
  // Each face's share is near its chance: 3 and 4 about twice 2 and 5.
  EXPECT_GT(counts[3], 1.8 * counts[2]);
  EXPECT_GT(counts[4], 1.8 * counts[5]);
  // 3 degrees of freedom, p = 0.001: 16.27. The seed is fixed, so the
  // statistic is one fixed number; the bound is far above what a fair die
  // gives and far below what a uniform 2..5 would (about 5,000).
  EXPECT_LT(ChiSquare(counts, FaceOutcomes(DieSpec::Average()), kRolls), 16.27);
  EXPECT_EQ(dice.rolls().size(), static_cast<size_t>(kRolls));
  EXPECT_EQ(dice.rolls().back().kind, DieKind::kAverage);
  EXPECT_EQ(dice.rolls().back().sides, 6);
}

TEST(DieKindTest, SeededArrowDieIsUniformOverItsDirectionsByChiSquare) {
  Dice dice = Dice::Seeded(20240601, 7);
  constexpr int kRolls = 60000;
  std::vector<int> counts(kArrowDirections + 1, 0);
  for (int i = 0; i < kRolls; ++i) {
    const int f = dice.RollArrow("chi-square");
    ASSERT_TRUE(IsFaceOf(DieSpec::Arrow(), f)) << f;
    ++counts[f];
  }
  // 5 degrees of freedom, p = 0.001.
  EXPECT_LT(ChiSquare(counts, FaceOutcomes(DieSpec::Arrow()), kRolls), 20.52);
  EXPECT_EQ(dice.rolls().back().kind, DieKind::kArrow);
}

TEST(DieKindTest, EveryKindTakesOneDrawSoTheStreamStaysInStep) {
  // The n-th die of a stream is drawn from the stream's n-th value whatever
  // kinds came before: every third die here is a d6, and it is the d6 that
  // the same position of an all-d6 stream gives.
  Dice mixed = Dice::Seeded(77);
  Dice plain = Dice::Seeded(77);
  for (int i = 0; i < 200; ++i) {
    const int d6 = plain.Roll(6, "x");
    if (i % 3 == 0) {
      mixed.RollAverage("a");
    } else if (i % 3 == 1) {
      mixed.RollArrow("b");
    } else {
      ASSERT_EQ(mixed.Roll(6, "c"), d6) << i;
    }
  }
  // The same seed gives the same faces of every kind.
  Dice a = Dice::Seeded(5, 2);
  Dice b = Dice::Seeded(5, 2);
  for (int i = 0; i < 100; ++i) {
    ASSERT_EQ(a.RollAverage("m"), b.RollAverage("m"));
    ASSERT_EQ(a.RollArrow("r"), b.RollArrow("r"));
  }
}

TEST(DieKindTest, SeededD6SequenceIsUnchanged) {
  // The first d6 faces of seed 1, stream 0, as rolled before dice had kinds.
  // Seeded games replay exactly only while this holds.
  Dice dice = Dice::Seeded(1);
  std::vector<int> faces;
  for (int i = 0; i < 12; ++i) faces.push_back(dice.Roll(6, "x"));
  EXPECT_THAT(faces, ElementsAre(6, 3, 3, 5, 1, 4, 3, 4, 3, 2, 1, 1));
}

TEST(DieKindTest, ScriptedDiceOfKindAreUsedInOrder) {
  Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 4},
                                    {DieKind::kArrow, 2},
                                    {DieKind::kD, 3},
                                    {DieKind::kD, 5},
                                    {DieKind::kAverage, 2}});
  EXPECT_TRUE(dice.scripted());
  EXPECT_EQ(dice.RollAverage("morale test"), 4);
  EXPECT_EQ(dice.RollArrow("rocket deviation: direction"), 2);
  const DieRoll inches = dice.RollPool(2, 6, "rocket deviation: inches");
  EXPECT_THAT(inches.faces, ElementsAre(3, 5));
  EXPECT_EQ(inches.result, 8);
  const DieRoll average = dice.RollPool(1, DieSpec::Average(), "second morale test");
  EXPECT_EQ(average.result, 2);
  EXPECT_TRUE(dice.status().ok()) << dice.status();
  ASSERT_EQ(dice.rolls().size(), 4u);
  EXPECT_EQ(dice.rolls()[0].kind, DieKind::kAverage);
  EXPECT_EQ(dice.rolls()[1].kind, DieKind::kArrow);
  EXPECT_EQ(dice.rolls()[2].kind, DieKind::kD);
  EXPECT_EQ(dice.rolls()[2].index, 2);
  EXPECT_EQ(dice.rolls()[3].index, 4);
  EXPECT_FALSE(dice.first_need().has_value());
}

TEST(DieKindTest, ScriptedFaceNotOnTheAverageDieNamesTheField) {
  Dice dice = Dice::ScriptedOfKind({{DieKind::kD, 6}, {DieKind::kAverage, 3},
                                    {DieKind::kAverage, 6}});
  dice.Roll(6, "move");
  EXPECT_EQ(dice.RollAverage("first test"), 3);
  EXPECT_EQ(dice.RollAverage("morale test"), 2);  // the placeholder: the lowest face
  const absl::Status s = dice.status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "dice.scripted.dice_of_kind[2].face: 6 is not a face of the average die (2-5) "
            "(needed for 'morale test')");
}

TEST(DieKindTest, ScriptedFaceNotOnTheArrowDieOrTheDN) {
  Dice arrow = Dice::ScriptedOfKind({{DieKind::kArrow, 7}});
  arrow.RollArrow("rocket deviation");
  EXPECT_EQ(arrow.status().message(),
            "dice.scripted.dice_of_kind[0].face: 7 is not a face of the arrow die (1-6) "
            "(needed for 'rocket deviation')");
  Dice d6 = Dice::ScriptedOfKind({{DieKind::kD, 7}});
  d6.Roll(6, "HAND");
  EXPECT_EQ(d6.status().message(),
            "dice.scripted.dice_of_kind[0].face: 7 is not a face of a d6 (needed for 'HAND')");
}

TEST(DieKindTest, ScriptedDieOfTheWrongKindNamesTheField) {
  Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 4}, {DieKind::kD, 4}});
  EXPECT_EQ(dice.RollArrow("rocket deviation"), 1);
  EXPECT_EQ(dice.status().message(),
            "dice.scripted.dice_of_kind[0].kind: an average die was scripted, but the engine "
            "needs an arrow die here (for 'rocket deviation')");
  Dice d = Dice::ScriptedOfKind({{DieKind::kD, 4}});
  d.RollAverage("morale test");
  EXPECT_EQ(d.status().message(),
            "dice.scripted.dice_of_kind[0].kind: a dN was scripted, but the engine needs an "
            "average die here (for 'morale test')");
  Dice avg = Dice::ScriptedOfKind({{DieKind::kAverage, 4}});
  avg.Roll(6, "move");
  EXPECT_EQ(avg.status().message(),
            "dice.scripted.dice_of_kind[0].kind: an average die was scripted, but the engine "
            "needs a d6 here (for 'move')");
}

TEST(DieKindTest, PlainFacesAreDNOnly) {
  Dice dice = Dice::Scripted({4, 3});
  EXPECT_EQ(dice.Roll(6, "move"), 4);
  EXPECT_EQ(dice.RollAverage("morale test"), 2);
  EXPECT_EQ(dice.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(dice.status().message(),
            "dice.scripted.dice[1]: the engine needs an average die here (for 'morale test'), "
            "and this list holds dN faces only: script dice of every kind, in order, in "
            "dice.scripted.dice_of_kind");
  // Past the end of the list it is the same error, not a die to add.
  Dice empty = Dice::Scripted({});
  empty.RollArrow("rocket deviation");
  EXPECT_THAT(std::string(empty.status().message()),
              StartsWith("dice.scripted.dice: the engine needs an arrow die here"));
  EXPECT_FALSE(empty.first_need().has_value());
}

TEST(DieKindTest, RunningOutSaysWhichKindsAreNeeded) {
  Dice one = Dice::ScriptedOfKind({{DieKind::kD, 5}});
  one.Roll(6, "move");
  EXPECT_EQ(one.RollAverage("morale test"), 2);
  EXPECT_EQ(one.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(one.status().message(),
            "dice.scripted.dice_of_kind: ran out after 1 die; at least 1 more needed (1 "
            "average die), the first for 'morale test'");
  ASSERT_TRUE(one.first_need().has_value());
  EXPECT_FALSE(one.first_need()->card);
  EXPECT_EQ(one.first_need()->kind, DieKind::kAverage);
  EXPECT_EQ(one.first_need()->sides, 6);
  EXPECT_EQ(one.first_need()->purpose, "morale test");

  Dice many = Dice::ScriptedOfKind({});
  many.RollArrow("rocket deviation: direction");
  many.RollPool(2, 6, "rocket deviation: inches");
  many.RollAverage("overflight morale test");
  many.RollAverage("hit morale test");
  many.Roll(10, "d10");
  EXPECT_EQ(many.status().message(),
            "dice.scripted.dice_of_kind: ran out after 0 dice; at least 6 more needed (2 d6, "
            "1 d10, 2 average dice, 1 arrow die), the first for 'rocket deviation: direction'");
  EXPECT_EQ(many.first_need()->kind, DieKind::kArrow);
}

TEST(DieKindTest, ErrorOutranksRunningOut) {
  Dice dice = Dice::ScriptedOfKind({{DieKind::kArrow, 3}});
  dice.RollAverage("morale test");
  dice.RollAverage("more");
  EXPECT_THAT(std::string(dice.status().message()),
              StartsWith("dice.scripted.dice_of_kind[0].kind: an arrow die was scripted"));
}

// Dice that keep no rolls roll the same faces, number the rolls the same
// way, and record nothing (nor copy the purpose).
TEST(DiceTest, NotKeepingRollsRollsTheSame) {
  Dice kept = Dice::Seeded(41, 3);
  Dice quiet = Dice::Seeded(41, 3);
  quiet.set_keep_rolls(false);
  EXPECT_TRUE(kept.keeps_rolls());
  EXPECT_FALSE(quiet.keeps_rolls());
  for (int i = 0; i < 40; ++i) {
    const DieRoll a = kept.RollPool(1 + i % 3, 6, "a volley");
    const DieRoll b = quiet.RollPool(1 + i % 3, 6, "a volley");
    ASSERT_EQ(a.faces, b.faces) << i;
    ASSERT_EQ(a.index, b.index) << i;
    ASSERT_EQ(a.result, b.result) << i;
    EXPECT_EQ(b.purpose, "");
    ASSERT_EQ(kept.RollAverage("avg"), quiet.RollAverage("avg")) << i;
  }
  EXPECT_EQ(kept.rolls().size(), 80u);
  EXPECT_TRUE(quiet.rolls().empty());
  EXPECT_TRUE(quiet.RollsSince(0).empty());
}

}  // namespace
}  // namespace impi
