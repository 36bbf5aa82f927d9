// tests/rules/ferree/ferree_main.cc: main() of ferree_rules_tests, which links
// Ferree's rule set alone (the tests register their own policies): registers
// it, then runs the tests.
#include <cstdio>
#include <memory>

#include "absl/status/status.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ruleset.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

int main(int argc, char** argv) {
  const absl::Status registered =
      impi::RegisterRuleset(std::make_unique<impi::ferree::FerreeRuleset>());
  if (!registered.ok()) {
    std::fprintf(stderr, "%s\n", registered.ToString().c_str());
    return 1;
  }
  testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
