// engine/scenarios/embedded.h: the built-in scenarios, compiled into the binary.
//
// Overview: each scenario in engine/scenarios/ is a TableState in the proto3
// JSON mapping (field names as in proto/impi/v1/table.proto, enums by name).
// The build embeds the files' bytes (engine/scenarios/CMakeLists.txt), so a
// client can print or load a scenario from any working directory. This library
// holds only the text: parsing it is the caller's business (the engine knows
// no protobuf).
//
// Scenarios:
//   "tsatf" (tsatf_patrol.json): a TSATF Zulu Control patrol, 9 British units
//     on a 72" x 48" table, 10 perimeter and 10 appearance points, 24 Zulu
//     units in the force pool (the example of 003_8a310c3200cb6fb0.txt,
//     "General Principles: SCENARIO DESIGN": "24 Zulu units vs. 9 British
//     units"). Its task (designed, engine/rulesets/tsatf/victory.h): seize
//     the ford (appearance point 1) and hold it to the end of turn 12
//     (parameters tsatf.patrol.objective and tsatf.turn_limit).
//   "isandlwana" (isandlwana.json): Ferree's Isandlwana (001_4c61f40cf0987cbf.txt),
//     22 January 1879 on a 96" x 72" table at 1" = 50 m: the 1/24th, G Coy
//     2/24th, N/5 RA, the NNC, Durnford's column, the wagons and a surgeon
//     against 13 Zulu regiments in four divisions (81 trays, 2,025 figures);
//     before the situation rolls (clock PRE_BATTLE). The order of battle is
//     designed from the history: docs/scenarios/isandlwana.md.
//   "isandlwana_even" (isandlwana_even.json): the same battle without four
//     of the Zulu regiments (iMbube, iNdlondlo, iNdluyengwe, uDloko: 13
//     trays of 81, 325 of 2,025 figures). Designed, not historical: an even
//     battle (the RULES Zulu won 54% of 300 against the scripted British),
//     where the strength of a search can show (docs/strength.md).
//   "isandlwana_ridge" (isandlwana_ridge.json): the left of the firing line
//     alone, the same table: E, F and C Coys 1/24th, Barry's NNC company,
//     Roberts's and Raw's NNH troops, the wagons and the surgeon against the
//     chest (uKhandempemvu, uMxapho, uMbonambi: 23 trays, 575 figures, with
//     the chest's induna and Ntshingwayo). Designed, not historical: a short
//     battle (about 23 turns) that either side wins (the RULES Zulu won 63%
//     of 400), in which one decision weighs enough for a search to tell
//     (docs/strength.md).
//
// Usage:
//   const impi::scenarios::EmbeddedScenario* s = impi::scenarios::FindScenario("tsatf");
//   if (s != nullptr) google::protobuf::util::JsonStringToMessage(std::string(s->json), &state);
//
// Thread safety: immutable data; safe from any thread.
#ifndef IMPI_ENGINE_SCENARIOS_EMBEDDED_H_
#define IMPI_ENGINE_SCENARIOS_EMBEDDED_H_

#include <string_view>
#include <vector>

namespace impi::scenarios {

struct EmbeddedScenario {
  const char* name;       // short name, e.g. "tsatf"
  const char* stem;       // file stem, e.g. "tsatf_patrol"
  std::string_view json;  // the file's bytes, not NUL-terminated in the view
};

// Every built-in scenario, in a fixed order.
const std::vector<EmbeddedScenario>& AllScenarios();

// The scenario whose short name or file stem is `name`, or nullptr.
const EmbeddedScenario* FindScenario(std::string_view name);

}  // namespace impi::scenarios

#endif  // IMPI_ENGINE_SCENARIOS_EMBEDDED_H_
