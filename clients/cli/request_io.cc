#include "clients/cli/request_io.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "service/scenarios.h"
#include "google/protobuf/util/json_util.h"

namespace impi::cli {

absl::StatusOr<std::string> ReadInput(const std::string& path) {
  if (path == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot open"));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return absl::DataLossError(absl::StrCat(path, ": read failed"));
  return buffer.str();
}

absl::Status WriteOutput(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return absl::InternalError(absl::StrCat(path, ": cannot open for writing"));
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) return absl::InternalError(absl::StrCat(path, ": write failed"));
  return absl::OkStatus();
}

absl::Status ParseJson(std::string_view text, google::protobuf::Message* message) {
  message->Clear();
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(text.data(), text.size()), message, options);
  if (!status.ok()) {
    message->Clear();
    return absl::InvalidArgumentError(std::string(status.message()));
  }
  return absl::OkStatus();
}

std::string ToJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  std::string out;
  const auto status = google::protobuf::util::MessageToJsonString(message, &out, options);
  if (!status.ok()) return absl::StrCat("{\"error\": \"", std::string(status.message()), "\"}\n");
  if (out.empty() || out.back() != '\n') out.push_back('\n');
  return out;
}

v1::AdvanceRequest WrapState(const v1::TableState& state, uint64_t seed) {
  v1::AdvanceRequest request;
  *request.mutable_state() = state;
  request.mutable_dice()->set_seed(seed);
  return request;
}

absl::StatusOr<v1::AdvanceRequest> ParseAdvanceInput(std::string_view text, uint64_t seed,
                                                     bool* wrapped) {
  v1::AdvanceRequest request;
  const absl::Status as_request = ParseJson(text, &request);
  if (as_request.ok()) {
    if (wrapped != nullptr) *wrapped = false;
    return request;
  }
  v1::TableState state;
  const absl::Status as_state = ParseJson(text, &state);
  if (as_state.ok()) {
    if (wrapped != nullptr) *wrapped = true;
    return WrapState(state, seed);
  }
  // The page's saved game: {state, awaiting, events}, an answer's fields.
  v1::AdvanceResponse saved;
  const absl::Status as_saved = ParseJson(text, &saved);
  if (as_saved.ok() && saved.has_state()) {
    if (wrapped != nullptr) *wrapped = true;
    return WrapState(saved.state(), seed);
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "neither an AdvanceRequest (", as_request.message(), ") nor a TableState (",
      as_state.message(), ") nor a saved game {state, awaiting, events} (",
      as_saved.ok() ? "no state" : as_saved.message(), ")"));
}

absl::Status AppendBritishActions(std::string_view text, v1::AdvanceRequest* request) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) {
    return absl::InvalidArgumentError("actions: empty; expected a JSON array of Actions");
  }
  v1::AdvanceRequest parsed;
  if (text[first] == '[') {
    const std::string wrapped = absl::StrCat("{\"british_actions\": ", std::string(text), "}");
    const absl::Status status = ParseJson(wrapped, &parsed);
    if (!status.ok())
      return absl::InvalidArgumentError(absl::StrCat("actions: ", status.message()));
  } else {
    const absl::Status status = ParseJson(text, &parsed);
    if (!status.ok())
      return absl::InvalidArgumentError(absl::StrCat("actions: ", status.message()));
    if (parsed.has_state() || parsed.has_dice() || parsed.has_zulu_policy() ||
        parsed.british_view()) {
      return absl::InvalidArgumentError(
          "actions: an actions file holds a JSON array of Actions or {\"british_actions\": "
          "[...]} and nothing else");
    }
  }
  for (const v1::Action& action : parsed.british_actions()) {
    *request->add_british_actions() = action;
  }
  return absl::OkStatus();
}

v1::DiceSource MakeDice(uint64_t seed, const std::vector<int>& faces,
                        const std::vector<v1::CardColor>& cards) {
  v1::DiceSource dice;
  if (!faces.empty() || !cards.empty()) {
    v1::ScriptedDice* scripted = dice.mutable_scripted();
    for (int f : faces) scripted->add_dice(f);
    for (v1::CardColor c : cards) scripted->add_cards(c);
  } else {
    dice.set_seed(seed);
  }
  return dice;
}

absl::StatusOr<v1::TableState> LoadScenario(std::string_view name) {
  return service::LoadScenarioTable(name);
}

}  // namespace impi::cli
