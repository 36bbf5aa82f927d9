#include "clients/cli/commands.h"

#include <chrono>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "clients/cli/explain.h"
#include "clients/cli/request_io.h"
#include "engine/game/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "grpcpp/grpcpp.h"
#include "impi/v1/umpire.grpc.pb.h"

namespace impi::cli {
namespace {

const char* CodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    default: return "UNKNOWN";
  }
}

// Local failures (files, parsing): "error: <message>".
int Fail(const absl::Status& status, std::ostream& err) {
  err << "error: " << status.message() << "\n";
  return kExitError;
}

// Server failures: "error: CODE: <message>".
int Fail(const grpc::Status& status, std::ostream& err) {
  err << "error: " << CodeName(status.error_code()) << ": " << status.error_message() << "\n";
  return kExitError;
}

// Puts the command line's dice into `request` if given, or if it has none.
template <typename Request>
void ApplyDice(const DiceOptions& dice, Request* request) {
  if (dice.given || !request->has_dice()) {
    *request->mutable_dice() = MakeDice(dice.seed, dice.faces, dice.cards);
  }
}

// Prints the answer, then writes the state if asked to.
template <typename Response>
int Finish(const Response& response, const std::string& text, const CallOptions& call,
           std::ostream& out, std::ostream& err) {
  out << text;
  if (!call.state_out.empty()) {
    const absl::Status written = WriteOutput(call.state_out, ToJson(response.state()));
    if (!written.ok()) return Fail(written, err);
  }
  return kExitOk;
}

}  // namespace

std::unique_ptr<v1::Umpire::Stub> MakeStub(const CallOptions& call) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 * 1024 * 1024);
  return v1::Umpire::NewStub(
      grpc::CreateCustomChannel(call.target, grpc::InsecureChannelCredentials(), args));
}

void SetDeadline(const CallOptions& call, grpc::ClientContext* context) {
  context->set_deadline(std::chrono::system_clock::now() +
                        std::chrono::milliseconds(call.deadline_ms));
}

int AdvanceCommand(const std::string& path, const AdvanceOptions& options, const DiceOptions& dice,
                   const CallOptions& call, std::ostream& out, std::ostream& err) {
  absl::StatusOr<std::string> text = ReadInput(path);
  if (!text.ok()) return Fail(text.status(), err);
  absl::StatusOr<v1::AdvanceRequest> request = ParseAdvanceInput(*text, dice.seed, nullptr);
  if (!request.ok()) {
    return Fail(absl::InvalidArgumentError(absl::StrCat(path, ": ", request.status().message())),
                err);
  }
  ApplyDice(dice, &*request);
  if (!options.actions_path.empty()) {
    absl::StatusOr<std::string> actions = ReadInput(options.actions_path);
    if (!actions.ok()) return Fail(actions.status(), err);
    const absl::Status appended = AppendBritishActions(*actions, &*request);
    if (!appended.ok()) {
      return Fail(
          absl::InvalidArgumentError(absl::StrCat(options.actions_path, ": ", appended.message())),
          err);
    }
  }
  if (options.british_view) request->set_british_view(true);

  auto stub = MakeStub(call);
  grpc::ClientContext context;
  SetDeadline(call, &context);
  v1::AdvanceResponse response;
  const grpc::Status status = stub->Advance(&context, *request, &response);
  if (!status.ok()) return Fail(status, err);
  return Finish(response, call.explain ? ExplainAdvance(response) : ToJson(response), call, out,
                err);
}

int AskCommand(const std::string& path, const DiceOptions& dice, const CallOptions& call,
               std::ostream& out, std::ostream& err) {
  absl::StatusOr<std::string> text = ReadInput(path);
  if (!text.ok()) return Fail(text.status(), err);
  v1::AskRequest request;
  const absl::Status parsed = ParseJson(*text, &request);
  if (!parsed.ok()) {
    return Fail(
        absl::InvalidArgumentError(absl::StrCat(path, ": not an AskRequest: ", parsed.message())),
        err);
  }
  ApplyDice(dice, &request);

  auto stub = MakeStub(call);
  grpc::ClientContext context;
  SetDeadline(call, &context);
  v1::AskResponse response;
  const grpc::Status status = stub->Ask(&context, request, &response);
  if (!status.ok()) return Fail(status, err);
  return Finish(response, call.explain ? ExplainAsk(response) : ToJson(response), call, out, err);
}

int DescribeCommand(const CallOptions& call, std::ostream& out, std::ostream& err) {
  auto stub = MakeStub(call);
  grpc::ClientContext context;
  SetDeadline(call, &context);
  v1::DescribeResponse response;
  const grpc::Status status = stub->Describe(&context, v1::DescribeRequest(), &response);
  if (!status.ok()) return Fail(status, err);
  out << (call.explain ? ExplainDescribe(response) : ToJson(response));
  return kExitOk;
}

int ExampleCommand(const std::string& name, bool as_request, bool validate, uint64_t seed,
                   std::ostream& out, std::ostream& err) {
  if (name.empty()) {
    for (const scenarios::EmbeddedScenario& s : scenarios::AllScenarios()) {
      out << s.name << "\t" << s.stem << ".json\n";
    }
    // Then those the registered rule sets build themselves.
    for (const Ruleset* rules : AllRulesets()) {
      for (const std::string& own : rules->ScenarioNames()) {
        if (scenarios::FindScenario(own) == nullptr) out << own << "\tbuilt by " << rules->id() << "\n";
      }
    }
    return kExitOk;
  }
  absl::StatusOr<v1::TableState> state = LoadScenario(name);
  if (!state.ok()) return Fail(state.status(), err);
  if (validate) {
    out << state->scenario() << ": parses as a TableState: " << state->units_size() << " units, "
        << state->terrain_size() << " terrain features, " << state->points_size() << " points\n";
    return kExitOk;
  }
  if (as_request) {
    out << ToJson(WrapState(*state, seed));
  } else if (const scenarios::EmbeddedScenario* packed = scenarios::FindScenario(name)) {
    out << packed->json;  // as packed, comments and layout kept
  } else {
    out << ToJson(*state);  // a scenario its rule set builds: the table loaded
  }
  return kExitOk;
}

}  // namespace impi::cli
