// The wire adapters of the rule sets that keep state of their own.
#include <memory>
#include <vector>

#include "engine/rulesets/ferree/wire/ferree_wire.h"
#include "engine/rulesets/wire.h"

namespace impi {

const RulesetWire* FindWire(std::string_view ruleset) {
  static const auto* adapters = new std::vector<const RulesetWire*>{
      new ferree::FerreeWire(),
  };
  for (const RulesetWire* w : *adapters) {
    if (w->ruleset() == ruleset) return w;
  }
  return nullptr;
}

}  // namespace impi
