// tests/rules/table_test_util.h: checks shared by the rule sets' table tests.
//
// Usage (tests/rules/<ruleset>/tables_test.cc):
//   Dice dice = Dice::Scripted({3, 5});
//   Explanation why;
//   ... a table function of the rule set, with &why ...
//   impi::testing::ExpectDiceConsumed(dice, why, 1);
#ifndef IMPI_TESTS_RULES_TABLE_TEST_UTIL_H_
#define IMPI_TESTS_RULES_TABLE_TEST_UTIL_H_

#include <cstddef>

#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "gtest/gtest.h"

namespace impi::testing {

// The script was valid and used up exactly in `n` rolls, and each roll is in
// why.dice as the dice made it: faces, kind, sides, purpose and its index in
// the dice stream.
inline void ExpectDiceConsumed(const Dice& dice, const Explanation& why, size_t n) {
  EXPECT_TRUE(dice.status().ok()) << dice.status();
  ASSERT_EQ(dice.rolls().size(), n);
  ASSERT_EQ(why.dice.size(), n);
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(why.dice[i].faces, dice.rolls()[i].faces);
    EXPECT_EQ(why.dice[i].kind, dice.rolls()[i].kind);
    EXPECT_EQ(why.dice[i].sides, dice.rolls()[i].sides);
    EXPECT_EQ(why.dice[i].purpose, dice.rolls()[i].purpose);
    EXPECT_EQ(why.dice[i].index, dice.rolls()[i].index);
  }
}

}  // namespace impi::testing

#endif  // IMPI_TESTS_RULES_TABLE_TEST_UTIL_H_
