// main() of empress_rules_tests, which links Empress's rule set alone.
#include <memory>

#include "engine/rulesets/empress/empress.h"
#include "tests/rules/ruleset_test_main.h"

int main(int argc, char** argv) {
  return impi::testing::RulesetTestMain(std::make_unique<impi::empress::EmpressRuleset>(), argc,
                                        argv);
}
