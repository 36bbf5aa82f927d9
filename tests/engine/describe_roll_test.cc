// tests/engine/describe_roll_test.cc: the readable account of a die roll
// (engine/game/table_reader.h), for each kind of die.
#include <string>

#include "engine/core/dice.h"
#include "engine/game/table_reader.h"
#include "gtest/gtest.h"

namespace impi {
namespace {

TEST(DescribeRollTest, PlainDiceReadAsBefore) {
  Dice dice = Dice::Scripted({4, 2, 6, 3});
  EXPECT_EQ(DescribeRoll(dice.RollPool(3, 6, "move")), "3D6 rolled 4+2+6 = 12");
  DieRoll d10 = dice.RollPool(1, 10, "perimeter point");
  d10.Modify("+1: only 2 impis", 1);
  EXPECT_EQ(DescribeRoll(d10), "D10 rolled 3, +1 (only 2 impis) = 4");
}

TEST(DescribeRollTest, AverageAndArrowDiceAreNamed) {
  Dice dice = Dice::ScriptedOfKind(
      {{DieKind::kAverage, 4}, {DieKind::kArrow, 2}, {DieKind::kAverage, 3}, {DieKind::kAverage, 5}});
  DieRoll morale = dice.RollPool(1, DieSpec::Average(), "morale test");
  morale.Modify("-2: second morale test in a row", -2);
  EXPECT_EQ(DescribeRoll(morale), "1 average die rolled 4, -2 (second morale test in a row) = 2");
  EXPECT_EQ(DescribeRoll(dice.RollPool(1, DieSpec::Arrow(), "rocket")), "1 arrow die rolled 2");
  EXPECT_EQ(DescribeRoll(dice.RollPool(2, DieSpec::Average(), "two")),
            "2 average dice rolled 3+5 = 8");
  EXPECT_TRUE(dice.status().ok()) << dice.status();
}

}  // namespace
}  // namespace impi
