// clients/cli/request_io.h: reading and writing impi requests as JSON files.
//
// Overview: the CLI takes requests in the proto3 JSON mapping (field names as
// in the .proto files, enums by name, unknown fields rejected) and prints
// answers the same way. An `impi advance` file may be a whole AdvanceRequest or
// a bare TableState (a saved table, or a scenario), which is wrapped in an
// AdvanceRequest with seeded dice. British actions may come from a separate
// file so that a player can chain turns: save the returned state, write the
// moves, advance again.
//
// Usage:
//   absl::StatusOr<std::string> text = ReadInput("turn2.json");      // "-": stdin
//   bool wrapped = false;
//   absl::StatusOr<v1::AdvanceRequest> req = ParseAdvanceInput(*text, /*seed=*/1, &wrapped);
//   IMPI_RETURN_IF_ERROR(AppendBritishActions(R"([{"kind": "PASS"}])", &*req));
//   std::cout << ToJson(*req);
//
// Thread safety: pure functions, apart from the file system.
#ifndef IMPI_CLIENTS_CLI_REQUEST_IO_H_
#define IMPI_CLIENTS_CLI_REQUEST_IO_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "google/protobuf/message.h"
#include "impi/v1/table.pb.h"
#include "impi/v1/umpire.pb.h"

namespace impi::cli {

// The whole file at `path`; "-" reads standard input. NOT_FOUND if it cannot
// be opened.
absl::StatusOr<std::string> ReadInput(const std::string& path);

// Writes `text` to `path`, replacing it. INTERNAL if that fails.
absl::Status WriteOutput(const std::string& path, std::string_view text);

// Proto3 JSON into `message` (cleared first), unknown fields rejected.
// INVALID_ARGUMENT with the parser's message.
absl::Status ParseJson(std::string_view text, google::protobuf::Message* message);

// Pretty-printed proto3 JSON with the .proto field names, ending in '\n'.
std::string ToJson(const google::protobuf::Message& message);

// `state` in an AdvanceRequest with dice.seed = `seed`.
v1::AdvanceRequest WrapState(const v1::TableState& state, uint64_t seed);

// An AdvanceRequest, or a bare TableState or a saved game ({state,
// awaiting, events}) whose table is wrapped by WrapState(seed); sets
// `*wrapped` (if not null) to say which. INVALID_ARGUMENT with every
// parser's message if it is none of them.
absl::StatusOr<v1::AdvanceRequest> ParseAdvanceInput(std::string_view text, uint64_t seed,
                                                     bool* wrapped);

// British actions appended to `request`: a JSON array of Actions, or an
// object {"british_actions": [...]}. INVALID_ARGUMENT if it is neither.
absl::Status AppendBritishActions(std::string_view text, v1::AdvanceRequest* request);

// Dice for a request: scripted faces if `faces` is not empty, else `seed`.
v1::DiceSource MakeDice(uint64_t seed, const std::vector<int>& faces,
                        const std::vector<v1::CardColor>& cards = {});

// A built-in scenario (engine/scenarios/embedded.h) parsed into a TableState.
// NOT_FOUND for an unknown name (the message lists the known ones),
// INVALID_ARGUMENT if the embedded text does not parse.
absl::StatusOr<v1::TableState> LoadScenario(std::string_view name);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_REQUEST_IO_H_
