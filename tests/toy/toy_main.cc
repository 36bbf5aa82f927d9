// The toy tests' main: every rule set impi serves, and the toy beside them,
// registered the way the composition root registers a rule set: one line.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "root/register.h"
#include "tests/toy/toy_ruleset.h"

int main(int argc, char** argv) {
  impi::RegisterEverything();
  impi::RegisterRulesetModule({std::make_unique<impi::toy::ToyRuleset>(), nullptr, impi::Unstyled<impi::toy::ToyZuluRules>(), impi::Unstyled<impi::toy::ToyBritishRules>()});
  testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
