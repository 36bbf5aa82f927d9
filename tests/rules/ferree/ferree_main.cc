// main() of ferree_rules_tests, which links Ferree's rule set alone (the
// tests register their own policies).
#include <memory>

#include "engine/rulesets/ferree/ferree.h"
#include "tests/rules/ruleset_test_main.h"

int main(int argc, char** argv) {
  return impi::testing::RulesetTestMain(std::make_unique<impi::ferree::FerreeRuleset>(), argc,
                                        argv);
}
