// tests/rules/tsatf/tsatf_main.cc: main() of tsatf_rules_tests, which links
// TSATF's rule set alone: registers it, then runs the tests.
#include <cstdio>
#include <memory>

#include "absl/status/status.h"
#include "engine/rulesets/ruleset.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

int main(int argc, char** argv) {
  const absl::Status registered =
      impi::RegisterRuleset(std::make_unique<impi::tsatf::TsatfRuleset>());
  if (!registered.ok()) {
    std::fprintf(stderr, "%s\n", registered.ToString().c_str());
    return 1;
  }
  testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
