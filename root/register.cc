#include "root/register.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "engine/game/table_book.h"
#include "ai/british/empress_british.h"
#include "ai/british/pagano_british.h"
#include "ai/british/roarks_british.h"
#include "ai/british/scripted_british.h"
#include "ai/british/tsatf_patrol.h"
#include "ai/doctrine/empress/empress_doctrine.h"
#include "ai/doctrine/ferree/ferree_doctrine.h"
#include "ai/doctrine/pagano/pagano_doctrine.h"
#include "ai/doctrine/roarks_drift/roarks_doctrine.h"
#include "ai/mcts/mcts_policy.h"
#include "ai/random/random_policy.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/empress/wire/empress_wire.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/wire/ferree_wire.h"
#include "engine/rulesets/pagano/pagano.h"
#include "engine/rulesets/pagano/table_book.h"
#include "engine/rulesets/pagano/wire/pagano_wire.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"
#include "engine/rulesets/roarks_drift/table_book.h"
#include "engine/rulesets/roarks_drift/wire/roarks_wire.h"
#include "engine/rulesets/tsatf/wire/tsatf_wire.h"
#include "engine/rulesets/tsatf/zulu_control.h"

namespace impi {
namespace {

// A registration that fails is a programming error (the same id twice).
void Check(const absl::Status& status) {
  if (status.ok()) return;
  std::fprintf(stderr, "impi: %s\n", status.ToString().c_str());
  std::abort();
}

// Ferree's Zulu doctrine, as documented or in a style it knows.
std::unique_ptr<Policy> FerreeDoctrine(const PolicySpec& spec) {
  const std::optional<ai::FerreeStyle> style = ai::FerreeStyleNamed(spec.style);
  if (!style) return nullptr;
  return std::make_unique<ai::FerreeDoctrine>(*style);
}

}  // namespace

void RegisterRulesetModule(RulesetModule module) {
  const std::string id(module.rules->id());
  Check(RegisterRuleset(std::move(module.rules)));
  if (module.wire != nullptr) Check(RegisterWire(std::move(module.wire)));
  if (module.zulu_rules) RegisterPolicy(id, Side::kZulu, PolicyKind::kRules, module.zulu_rules);
  if (module.british_rules) {
    RegisterPolicy(id, Side::kBritish, PolicyKind::kRules, module.british_rules);
  }
  // The search and the random player play either side of every rule set.
  for (Side side : {Side::kZulu, Side::kBritish}) {
    // A search in a style its side's RULES policy knows (PolicySpec::style).
    RegisterPolicy(id, side, PolicyKind::kMcts,
                   [id, side](const PolicySpec& spec) -> std::unique_ptr<Policy> {
                     if (!spec.style.empty()) {
                       PolicySpec rules_spec;
                       rules_spec.kind = PolicyKind::kRules;
                       rules_spec.style = spec.style;
                       if (MakePolicy(id, side, rules_spec) == nullptr) return nullptr;
                     }
                     return std::make_unique<mcts::MctsPolicy>(spec);
                   });
    // The uniform random player, the arena's floor.
    RegisterPolicy(id, side, PolicyKind::kRandom, Unstyled<ai::RandomPolicy>());
  }
}

void RegisterEverything() {
  static std::once_flag once;
  std::call_once(once, [] {
    // One line a rule set: the rule set, its wire adapter, its Zulu and
    // British RULES policies.
    RegisterRulesetModule({std::make_unique<tsatf::TsatfRuleset>(), std::make_unique<tsatf::TsatfWire>(), nullptr, Unstyled<ai::ScriptedPatrol>()});
    RegisterRulesetModule({std::make_unique<ferree::FerreeRuleset>(), std::make_unique<ferree::FerreeWire>(), FerreeDoctrine, Unstyled<ai::ScriptedBritish>()});
    RegisterRulesetModule({std::make_unique<empress::EmpressRuleset>(), std::make_unique<empress::EmpressWire>(), Unstyled<ai::EmpressDoctrine>(), Unstyled<ai::EmpressBritish>()});
    RegisterRulesetModule({std::make_unique<pagano::PaganoRuleset>(), std::make_unique<pagano::PaganoWire>(), Unstyled<ai::PaganoDoctrine>(), Unstyled<ai::PaganoBritish>()});
    RegisterRulesetModule({std::make_unique<roarks::RoarksRuleset>(), std::make_unique<roarks::RoarksWire>(), Unstyled<ai::RoarksDoctrine>(), Unstyled<ai::RoarksBritish>()});
    // The printed tables a player reads one at a time (`impi table`).
    Check(RegisterTableBook(pagano::PaganoTableBook()));
    Check(RegisterTableBook(roarks::RoarksTableBook()));
  });
}

}  // namespace impi
