#include "root/register.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>

#include "absl/status/status.h"
#include "ai/british/empress_british.h"
#include "ai/british/scripted_british.h"
#include "ai/british/tsatf_patrol.h"
#include "ai/mcts/mcts_policy.h"
#include "ai/random/random_policy.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/empress/wire/empress_wire.h"
#include "ai/doctrine/empress/empress_doctrine.h"
#include "ai/doctrine/ferree/ferree_doctrine.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/wire/ferree_wire.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/wire/tsatf_wire.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "engine/game/wire.h"

namespace impi {
namespace {

// A registration that fails is a programming error (the same id twice).
void Check(const absl::Status& status) {
  if (status.ok()) return;
  std::fprintf(stderr, "impi: %s\n", status.ToString().c_str());
  std::abort();
}

// The factory of a policy with no styles: made for PolicySpec::style "" only.
template <typename Make>
PolicyFactory Unstyled(Make make) {
  return [make](const PolicySpec& spec) -> std::unique_ptr<Policy> {
    if (!spec.style.empty()) return nullptr;
    return make();
  };
}

void RegisterRulesets() {
  Check(RegisterRuleset(std::make_unique<tsatf::TsatfRuleset>()));
  Check(RegisterRuleset(std::make_unique<ferree::FerreeRuleset>()));
  Check(RegisterRuleset(std::make_unique<empress::EmpressRuleset>()));
}

void RegisterWires() {
  Check(RegisterWire(std::make_unique<ferree::FerreeWire>()));
  Check(RegisterWire(std::make_unique<tsatf::TsatfWire>()));
  Check(RegisterWire(std::make_unique<empress::EmpressWire>()));
}

void RegisterPolicies() {
  // A RULES policy with no styles of its own is made only for the doctrine
  // as it is (PolicySpec::style empty).
  RegisterPolicy(ferree::kRulesetId, Side::kZulu, PolicyKind::kRules,
                 [](const PolicySpec& spec) -> std::unique_ptr<Policy> {
                   const std::optional<ai::FerreeStyle> style = ai::FerreeStyleNamed(spec.style);
                   if (!style) return nullptr;
                   return std::make_unique<ai::FerreeDoctrine>(*style);
                 });
  RegisterPolicy(ferree::kRulesetId, Side::kBritish, PolicyKind::kRules,
                 Unstyled([] { return std::make_unique<ai::ScriptedBritish>(); }));
  RegisterPolicy(empress::kRulesetId, Side::kZulu, PolicyKind::kRules,
                 Unstyled([] { return std::make_unique<ai::EmpressDoctrine>(); }));
  RegisterPolicy(empress::kRulesetId, Side::kBritish, PolicyKind::kRules,
                 Unstyled([] { return std::make_unique<ai::EmpressBritish>(); }));
  RegisterPolicy("TSATF_ZULU_CONTROL", Side::kBritish, PolicyKind::kRules,
                 Unstyled([] { return std::make_unique<ai::ScriptedPatrol>(); }));
  // The search and the random player play either side of every rule set.
  for (const Ruleset* rules : AllRulesets()) {
    for (Side side : {Side::kZulu, Side::kBritish}) {
      // A search in a style its side's RULES policy knows (PolicySpec::style).
      const std::string id(rules->id());
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
      RegisterPolicy(std::string(rules->id()), side, PolicyKind::kRandom,
                     Unstyled([] { return std::make_unique<ai::RandomPolicy>(); }));
    }
  }
}

}  // namespace

void RegisterEverything() {
  static std::once_flag once;
  std::call_once(once, [] {
    RegisterRulesets();
    RegisterWires();
    RegisterPolicies();
  });
}

}  // namespace impi
