// ai/register.h: puts impi's policies into the engine's policy registry.
//
// Overview: the engine asks engine/rulesets/policy.h for a policy by rule
// set, side and kind; the policies live here in ai/ and are registered
// explicitly (no static initialisers, which a static library would drop).
// Registered:
//   FERREE_ISANDLWANA, ZULU,    RULES: FerreeDoctrine (ai/doctrine/ferree/)
//   FERREE_ISANDLWANA, BRITISH, RULES: ScriptedBritish (ai/british/)
//
// Usage (once, at start-up, before serving or simulating):
//   impi::ai::RegisterAllPolicies();
//   auto zulu = impi::MakePolicy("FERREE_ISANDLWANA", impi::Side::kZulu, impi::PolicySpec{});
//
// Thread safety: call before other threads use the registry; calling it
// again replaces the same factories.
#ifndef IMPI_AI_REGISTER_H_
#define IMPI_AI_REGISTER_H_

namespace impi::ai {

void RegisterAllPolicies();

}  // namespace impi::ai

#endif  // IMPI_AI_REGISTER_H_
