// tests/rules/ruleset_test_main.h: the main() of a rule set's own test
// binary, which links that rule set alone (not the composition root):
// registers it, then runs the tests.
//
// Usage (tests/rules/<ruleset>/<ruleset>_main.cc):
//   int main(int argc, char** argv) {
//     return impi::testing::RulesetTestMain(std::make_unique<MyRuleset>(), argc, argv);
//   }
#ifndef IMPI_TESTS_RULES_RULESET_TEST_MAIN_H_
#define IMPI_TESTS_RULES_RULESET_TEST_MAIN_H_

#include <cstdio>
#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "engine/game/ruleset.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::testing {

inline int RulesetTestMain(std::unique_ptr<const Ruleset> ruleset, int argc, char** argv) {
  const absl::Status registered = RegisterRuleset(std::move(ruleset));
  if (!registered.ok()) {
    std::fprintf(stderr, "%s\n", registered.ToString().c_str());
    return 1;
  }
  ::testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}

}  // namespace impi::testing

#endif  // IMPI_TESTS_RULES_RULESET_TEST_MAIN_H_
