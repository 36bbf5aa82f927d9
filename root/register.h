// root/register.h: the composition root, the one place that names every rule
// set, wire adapter and policy.
//
// Overview: the engine's registries (FindRuleset in engine/game/ruleset.h,
// FindWire in engine/game/wire.h, MakePolicy in engine/game/policy.h)
// name nothing; the service reaches rule sets only through them. The binaries
// (impi-server, the impi CLI, the benchmarks) and the tests link this library
// and call RegisterEverything once before use. Registration is explicit: a
// static initialiser in a static library would be dropped by the linker.
// Registered:
//   rule sets:  TSATF_ZULU_CONTROL (engine/rulesets/tsatf/),
//               FERREE_ISANDLWANA (engine/rulesets/ferree/),
//               EMPRESS_DWG (engine/rulesets/empress/)
//   adapters:   FERREE_ISANDLWANA (engine/rulesets/ferree/wire/), TSATF_ZULU_CONTROL,
//               EMPRESS_DWG (engine/rulesets/empress/wire/)
//   policies:   FERREE_ISANDLWANA, ZULU,    RULES: FerreeDoctrine (ai/doctrine/ferree/)
//               FERREE_ISANDLWANA, BRITISH, RULES: ScriptedBritish (ai/british/)
//
// Usage (at the top of main):
//   impi::RegisterEverything();
//   const impi::Ruleset* rules = impi::FindRuleset("FERREE_ISANDLWANA");
//
// Thread safety: thread-safe; the first call registers, later calls do
// nothing.
#ifndef IMPI_ROOT_REGISTER_H_
#define IMPI_ROOT_REGISTER_H_

namespace impi {

void RegisterEverything();

}  // namespace impi

#endif  // IMPI_ROOT_REGISTER_H_
