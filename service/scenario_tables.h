// service/scenario_tables.h: the built-in scenarios as serialized TableState
// bytes, packed at build time from their JSON (service/scenario_pack.cc), so
// that a game's start parses binary protobuf instead of JSON (about a
// hundredth of the instructions: docs/performance.md).
//
// Usage:
//   v1::TableState t;
//   const std::string_view bytes = PackedScenarioTable("isandlwana");
//   t.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
//
// Thread safety: immutable data; safe from any thread.
#ifndef IMPI_SERVICE_SCENARIO_TABLES_H_
#define IMPI_SERVICE_SCENARIO_TABLES_H_

#include <string_view>

namespace impi::service {

// The scenario whose file stem (engine/scenarios/<stem>.json) is `stem`, as a
// serialized v1::TableState; empty if there is none.
std::string_view PackedScenarioTable(std::string_view stem);

}  // namespace impi::service

#endif  // IMPI_SERVICE_SCENARIO_TABLES_H_
