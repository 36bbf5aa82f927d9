#include "ai/register.h"

#include <memory>

#include "ai/british/scripted_british.h"
#include "ai/doctrine/ferree/ferree_doctrine.h"
#include "engine/rulesets/policy.h"

namespace impi::ai {

void RegisterAllPolicies() {
  RegisterPolicy("FERREE_ISANDLWANA", Side::kZulu, PolicyKind::kRules,
                 [](const PolicySpec&) { return std::make_unique<FerreeDoctrine>(); });
  RegisterPolicy("FERREE_ISANDLWANA", Side::kBritish, PolicyKind::kRules,
                 [](const PolicySpec&) { return std::make_unique<ScriptedBritish>(); });
}

}  // namespace impi::ai
