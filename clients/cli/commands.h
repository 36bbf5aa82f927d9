// clients/cli/commands.h: what each `impi` subcommand does, apart from parsing
// the command line.
//
// Overview: each command reads its input, calls impi.v1.Umpire over gRPC (or
// reads a built-in scenario), writes the answer to `out` as proto3 JSON (or as
// readable text with `explain`) and any error to `err`, and returns the exit
// code: 0 done, 2 an input that cannot be read or parsed, a file that cannot
// be written, or an error from the server, printed as
//   error: INVALID_ARGUMENT: state.units[2].figures.fit: -2 is negative
//
// Usage:
//   CallOptions call;  call.target = "127.0.0.1:50051";  call.explain = true;
//   DiceOptions dice;  // seed 1 unless the request has dice
//   int code = AdvanceCommand("turn1.json", AdvanceOptions{}, dice, call, std::cout, std::cerr);
//
// Thread safety: each call is independent.
#ifndef IMPI_CLIENTS_CLI_COMMANDS_H_
#define IMPI_CLIENTS_CLI_COMMANDS_H_

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "grpcpp/grpcpp.h"
#include "impi/v1/decision.pb.h"
#include "impi/v1/umpire.grpc.pb.h"

namespace impi::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 1;
inline constexpr int kExitError = 2;

struct CallOptions {
  std::string target = "127.0.0.1:50051";
  int deadline_ms = 10000;
  bool explain = false;   // readable text instead of JSON
  std::string state_out;  // if set, the returned TableState is written there
};

// The dice put into a request: `faces` (scripted) if not empty, else `seed`.
// They replace the request's own dice if `given` (the user asked for them on
// the command line) or if the request has none.
struct DiceOptions {
  uint64_t seed = 1;
  std::vector<int> faces;
  std::vector<v1::CardColor> cards;  // --cards red,black,...
  bool given = false;
};

struct AdvanceOptions {
  std::string actions_path;  // British actions to append (request_io.h)
  bool british_view = false;
};

// A stub of impi.v1.Umpire at `call.target`, and a context's deadline from
// `call.deadline_ms`: what every command that calls the server uses.
std::unique_ptr<v1::Umpire::Stub> MakeStub(const CallOptions& call);
void SetDeadline(const CallOptions& call, grpc::ClientContext* context);

// `impi advance PATH`: PATH holds an AdvanceRequest, a bare TableState or
// the page's saved game ({state, awaiting, events}): ParseAdvanceInput.
int AdvanceCommand(const std::string& path, const AdvanceOptions& options, const DiceOptions& dice,
                   const CallOptions& call, std::ostream& out, std::ostream& err);

// `impi ask PATH`: PATH holds an AskRequest.
int AskCommand(const std::string& path, const DiceOptions& dice, const CallOptions& call,
               std::ostream& out, std::ostream& err);

// `impi describe`.
int DescribeCommand(const CallOptions& call, std::ostream& out, std::ostream& err);

// `impi example [NAME]`: no name lists the scenarios (the packed ones with
// their files, then those the rule sets build); `validate` only parses
// the table and prints a summary; `as_request` wraps it in an AdvanceRequest
// with dice.seed = `seed`; otherwise the embedded JSON is printed as it is,
// or, for a scenario its rule set builds (no JSON packed), the table loaded
// printed as JSON.
int ExampleCommand(const std::string& name, bool as_request, bool validate, uint64_t seed,
                   std::ostream& out, std::ostream& err);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_COMMANDS_H_
