// service/umpire_service.h: impi.v1.Umpire, the one code path for both ways in.
//
// Overview: UmpireService implements the generated gRPC service with the sync
// API. Each RPC is a thin wrapper around a plain method (DoAdvance, DoAsk,
// DoDescribe) that the JSON/HTTP gateway calls too, so a request answers the
// same whichever way it came. A request is checked and converted
// (convert.h), run all-or-nothing by the engine (RunAdvance / RunAsk in
// engine/game/umpire.h), optionally reduced to the British view, and
// converted back. absl::Status codes map one-to-one onto grpc::Status codes,
// with the same message.
//
// Usage:
//   UmpireService service(/*max_message_bytes=*/4 << 20);
//   builder.RegisterService(&service);            // gRPC
//   grpc::Status s = service.DoAdvance(req, &resp);  // HTTP gateway
//
// Thread safety: all methods may be called from any number of threads at once.
#ifndef IMPI_SERVICE_UMPIRE_SERVICE_H_
#define IMPI_SERVICE_UMPIRE_SERVICE_H_

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <cstdint>
#include <utility>

#include "absl/status/status.h"
#include "engine/core/budget.h"
#include "service/admission.h"
#include "engine/game/ruleset.h"
#include "impi/v1/umpire.grpc.pb.h"

namespace impi::service {

// The longest error message sent back; the field path comes first, so a
// longer one keeps it (CapMessage).
inline constexpr size_t kMaxMessageBytes = 1024;

// absl::Status -> grpc::Status: the same code (the numbering is shared) and
// the same message, capped (CapMessage).
grpc::Status ToGrpcStatus(const absl::Status& status);

// `message`, or its first kMaxMessageBytes and how much was cut.
std::string CapMessage(std::string_view message);

// True if `authorization` (an Authorization header or gRPC metadata value)
// is "Bearer <token>", compared in constant time (for a given length). An
// empty `token` accepts anything.
bool BearerMatches(std::string_view authorization, std::string_view token);

// A gRPC service that requires the server's bearer token: every call must
// carry the metadata "authorization: Bearer <token>" (none set: any call is
// let through). ImpiServer sets the token on the Umpire and on every service
// of ServerOptions::services, and refuses to start with a token and a
// service that is not a TokenGuarded.
class TokenGuarded {
 public:
  virtual ~TokenGuarded() = default;
  // Set before serving.
  void SetAuthToken(std::string token) { token_ = std::move(token); }
  const std::string& auth_token() const { return token_; }

 protected:
  // OK, or UNAUTHENTICATED ("authorization: a bearer token is required ...")
  // if the call lacks the token.
  grpc::Status CheckToken(const grpc::ServerContext& context) const;

 private:
  std::string token_;
};

// A gRPC service beside the Umpire that the server holds to its limits
// (impi.v1.Arena, arena_service.h): ImpiServer gives gRPC threads enough
// for the calls it may hold at once, counts its calls in a drain, and
// cancels them at the drain's end (ServerOptions::services).
class BoundedService {
 public:
  virtual ~BoundedService() = default;
  // The most calls that hold a gRPC thread at once, running or waiting.
  virtual int MaxHeldCalls() const = 0;
  // Calls in flight now.
  virtual int InFlight() const = 0;
  // Stops every call in flight, and any later one, with CANCELLED.
  virtual void CancelAll() = 0;
};

// The server's version, from the project's version at build time.
const char* ServerVersion();

// A search's time budget within the call's deadline: a policy that asks for
// `milliseconds` > 0 gets at most the time left less a margin for the answer
// to travel back (at least 1 ms). A budget of iterations is left as it is,
// so that the answer stays reproducible when the deadline does not bite;
// every search of the call stops at the deadline less the margin (the spec's
// `deadline`), and the decisions after it are made as RULES makes them.
// `ms_left` < 0: no deadline.
PolicySpec ClampToDeadline(PolicySpec policy, int64_t ms_left);

// The work one request may do (engine/core/budget.h), whichever way it came.
struct RequestLimits {
  // The server's own deadline for a request, in ms; a caller's shorter
  // deadline wins. 0: none but the caller's.
  int64_t max_request_ms = 0;
  // The most dice, cards and decisions one request may take; 0: no limit.
  int64_t max_work = 0;
};

class UmpireService final : public v1::Umpire::Service, public TokenGuarded {
 public:
  explicit UmpireService(size_t max_message_bytes, RequestLimits limits = {})
      : max_message_bytes_(max_message_bytes), limits_(limits) {}
  UmpireService(const UmpireService&) = delete;
  UmpireService& operator=(const UmpireService&) = delete;

  // gRPC entry points.
  grpc::Status Advance(grpc::ServerContext* context, const v1::AdvanceRequest* request,
                       v1::AdvanceResponse* response) override;
  grpc::Status Ask(grpc::ServerContext* context, const v1::AskRequest* request,
                   v1::AskResponse* response) override;
  grpc::Status Describe(grpc::ServerContext* context, const v1::DescribeRequest* request,
                        v1::DescribeResponse* response) override;

  // The shared code path. On error `response` is left empty. `ms_left` is the
  // time left before the caller's deadline (< 0: none); the server's
  // max_request_ms caps it. The step stops there (DEADLINE_EXCEEDED), past
  // max_work (RESOURCE_EXHAUSTED), or once `cancelled` says the caller has
  // gone or CancelAll was called (CANCELLED); a search stops too (see
  // ClampToDeadline).
  grpc::Status DoAdvance(const v1::AdvanceRequest& request, v1::AdvanceResponse* response,
                         int64_t ms_left = -1, std::function<bool()> cancelled = nullptr) const;
  grpc::Status DoAsk(const v1::AskRequest& request, v1::AskResponse* response,
                     int64_t ms_left = -1, std::function<bool()> cancelled = nullptr) const;
  grpc::Status DoDescribe(const v1::DescribeRequest& request, v1::DescribeResponse* response) const;

  // At most `running` Advance and Ask calls over gRPC run the engine at
  // once and at most `queue` more wait for it (each until its deadline);
  // one more is UNAVAILABLE at once ("the server is busy"). Set before
  // serving; unset, every call runs at once.
  void SetConcurrency(int running, int queue) {
    admission_ = std::make_unique<Admission>(running, queue);
  }
  // Stops every step in flight, and any later one, with CANCELLED.
  void CancelAll() { cancel_all_ = true; }
  // Advance and Ask calls in flight over gRPC.
  int InFlight() const { return in_flight_; }

  // The milliseconds a request may run: the caller's `ms_left` (< 0: none)
  // capped by max_request_ms; < 0: no limit.
  int64_t EffectiveMsLeft(int64_t ms_left) const;

 private:
  // The step's budget for `ms_left` (already capped) and `cancelled`.
  WorkBudget::Limits BudgetFor(int64_t ms_left, std::function<bool()> cancelled) const;
  // Counts a gRPC call in flight. `engine`: the
  // call waits for a place (SetConcurrency) and `run` is given the
  // milliseconds left of its deadline after the wait (-1: none).
  template <typename Run>
  grpc::Status Serve(grpc::ServerContext* context, bool engine, Run run);

  const size_t max_message_bytes_;
  const RequestLimits limits_;
  std::atomic<bool> cancel_all_{false};
  std::atomic<int> in_flight_{0};
  std::unique_ptr<Admission> admission_;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_UMPIRE_SERVICE_H_
