// tests/fuzz/request_fuzzer.cc: a libFuzzer target over the service's two
// ways in, run in process (no sockets). Built by `./dev fuzz` with clang-14
// (-fsanitize=fuzzer,address,undefined) in its own build directory
// (CMake option IMPI_FUZZ; docs/reliability.md, "The fuzzer").
//
// An input is one byte that picks the way in, then a request:
//   bit 0        0: the rest is a JSON body, read by the HTTP gateway's own
//                   ParseJsonBody (shape scan, proto3 JSON, unknown fields
//                   refused); 1: the rest is a serialized protobuf message,
//                   as gRPC hands it to the service
//   bit 1        0: an AdvanceRequest, 1: an AskRequest
//   bits 2-4     0 (and 6-7): the request's own rule set; 1, 2, 3, 4, 5: the
//                   state's rule set replaced by TSATF_ZULU_CONTROL,
//                   FERREE_ISANDLWANA, EMPRESS_DWG, PAGANO_D10, ROARKS_DRIFT
//                   (a state or question of one rule set sent under another)
// The request then goes through UmpireService::DoAdvance or DoAsk: the
// service's validation and conversion, then the engine's step with the
// registered rule sets and policies, under a small work budget
// (kMaxRequestMs, kMaxRequestWork) so that no input can run long.
//
// What counts as a finding, besides what the sanitizers report: a status of
// INTERNAL or UNKNOWN (an engine error or an exception: bad input must be
// INVALID_ARGUMENT, a spent budget DEADLINE_EXCEEDED or RESOURCE_EXHAUSTED),
// an error without a message, and an answer that cannot be printed as JSON
// (the HTTP gateway would fail to send it).
//
// The seed corpus is tests/fuzz/corpus/ (tests/fuzz/make_corpus.py).
// IMPI_FUZZ_VERBOSE=1 prints each input's status (to check a corpus:
// `IMPI_FUZZ_VERBOSE=1 build-fuzz/request_fuzzer -runs=0 tests/fuzz/corpus`).
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/json_util.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "impi/v1/umpire.pb.h"
#include "root/register.h"
#include "service/http_gateway.h"
#include "service/umpire_service.h"

namespace {

using impi::service::UmpireService;

constexpr int64_t kMaxRequestMs = 500;
constexpr int64_t kMaxRequestWork = 100000;
constexpr size_t kMaxMessageBytes = 4 * 1024 * 1024;

constexpr impi::v1::Ruleset kRulesets[] = {impi::v1::TSATF_ZULU_CONTROL, impi::v1::FERREE_ISANDLWANA,
                                           impi::v1::EMPRESS_DWG, impi::v1::PAGANO_D10,
                                           impi::v1::ROARKS_DRIFT};
constexpr int kSwaps = static_cast<int>(sizeof(kRulesets) / sizeof(kRulesets[0]));

const UmpireService& Service() {
  static const UmpireService* service = new UmpireService(
      kMaxMessageBytes, impi::service::RequestLimits{kMaxRequestMs, kMaxRequestWork});
  return *service;
}

[[noreturn]] void Finding(const char* what, const std::string& detail) {
  std::fprintf(stderr, "request_fuzzer: %s: %s\n", what, detail.substr(0, 2000).c_str());
  std::abort();
}

void Check(const grpc::Status& status, const google::protobuf::Message& answer) {
  const grpc::StatusCode code = status.error_code();
  static const bool verbose = std::getenv("IMPI_FUZZ_VERBOSE") != nullptr;
  if (verbose) {
    std::fprintf(stderr, "request_fuzzer: status %d %s\n", static_cast<int>(code),
                 status.error_message().substr(0, 300).c_str());
  }
  if (code == grpc::StatusCode::INTERNAL || code == grpc::StatusCode::UNKNOWN) {
    Finding("INTERNAL or UNKNOWN status", status.error_message());
  }
  if (!status.ok() && status.error_message().empty()) {
    Finding("an error without a message", std::to_string(static_cast<int>(code)));
  }
  if (status.ok()) {
    google::protobuf::util::JsonPrintOptions options;
    options.preserve_proto_field_names = true;
    std::string json;
    const auto printed = google::protobuf::util::MessageToJsonString(answer, &json, options);
    if (!printed.ok()) Finding("an answer JSON cannot print", std::string(printed.message()));
  }
}

template <typename Request>
bool Read(bool json, std::string_view bytes, Request* request) {
  if (json) {
    static const impi::service::HttpGatewayOptions options;
    return impi::service::ParseJsonBody(bytes, options, request).ok();
  }
  return request->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  // protobuf logs every string field with invalid UTF-8 it refuses to parse:
  // millions of lines over a run.
  google::protobuf::SetLogHandler(nullptr);
  impi::RegisterEverything();
  Service();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size - 1 > kMaxMessageBytes) return 0;
  const uint8_t how = data[0];
  const bool json = (how & 1) == 0;
  const bool ask = (how & 2) != 0;
  const int picked = (how >> 2) & 7;
  const int ruleset = picked <= kSwaps ? picked : 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  if (ask) {
    impi::v1::AskRequest request;
    if (!Read(json, bytes, &request)) return 0;
    if (ruleset > 0) request.mutable_state()->set_ruleset(kRulesets[ruleset - 1]);
    impi::v1::AskResponse response;
    Check(Service().DoAsk(request, &response), response);
  } else {
    impi::v1::AdvanceRequest request;
    if (!Read(json, bytes, &request)) return 0;
    if (ruleset > 0) request.mutable_state()->set_ruleset(kRulesets[ruleset - 1]);
    impi::v1::AdvanceResponse response;
    Check(Service().DoAdvance(request, &response), response);
  }
  return 0;
}
