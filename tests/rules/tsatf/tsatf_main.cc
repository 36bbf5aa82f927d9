// main() of tsatf_rules_tests, which links TSATF's rule set alone.
#include <memory>

#include "engine/rulesets/tsatf/zulu_control.h"
#include "tests/rules/ruleset_test_main.h"

int main(int argc, char** argv) {
  return impi::testing::RulesetTestMain(std::make_unique<impi::tsatf::TsatfRuleset>(), argc,
                                        argv);
}
