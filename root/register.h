// root/register.h: the composition root, the one place that names every rule
// set, wire adapter and policy.
//
// Overview: the engine's registries (FindRuleset in engine/game/ruleset.h,
// FindWire in engine/game/wire.h, MakePolicy in engine/game/policy.h)
// name nothing; the service, the CLI and the arena reach rule sets only
// through them. The binaries (impi-server, the impi CLI, the benchmarks) and
// the tests link this library and call RegisterEverything once before use.
// Registration is explicit: a static initialiser in a static library would
// be dropped by the linker.
//
// A rule set joins with one line in register.cc, a RulesetModule: the rule
// set (engine/rulesets/<name>/), its wire adapter (<name>/wire/, if it has
// its own state on the wire) and the factories of its sides' RULES policies
// (ai/; none for a side whose every choice the rule set prescribes). The
// search and the uniform random player are registered for both sides of
// every rule set. `impi describe` and Describe list what is registered.
// CMake: one line in root/CMakeLists.txt (impi_link_ruleset).
//
// Usage (at the top of main):
//   impi::RegisterEverything();
//   const impi::Ruleset* rules = impi::FindRuleset("FERREE_ISANDLWANA");
//
// Thread safety: thread-safe; the first call registers, later calls do
// nothing. RegisterRulesetModule: before serving, on one thread.
#ifndef IMPI_ROOT_REGISTER_H_
#define IMPI_ROOT_REGISTER_H_

#include <memory>

#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "engine/game/wire.h"

namespace impi {

struct RulesetModule {
  std::unique_ptr<const Ruleset> rules;
  std::unique_ptr<const RulesetWire> wire;  // null: no own state on the wire
  PolicyFactory zulu_rules;                 // empty: none registered
  PolicyFactory british_rules;
};

// The factory of a policy with no styles: made for PolicySpec::style ""
// only.
template <typename P>
PolicyFactory Unstyled() {
  return [](const PolicySpec& spec) -> std::unique_ptr<Policy> {
    if (!spec.style.empty()) return nullptr;
    return std::make_unique<P>();
  };
}

// Registers a rule set with its wire adapter, its RULES policies, and the
// search and the random player for both its sides. Aborts on a rule set
// registered twice (a programming error).
void RegisterRulesetModule(RulesetModule module);

// Every rule set impi serves (register.cc), once.
void RegisterEverything();

}  // namespace impi

#endif  // IMPI_ROOT_REGISTER_H_
