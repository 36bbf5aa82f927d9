// service/umpire_service.h: impi.v1.Umpire, the one code path for both ways in.
//
// Overview: UmpireService implements the generated gRPC service with the sync
// API. Each RPC is a thin wrapper around a plain method (DoAdvance, DoAsk,
// DoDescribe) that the JSON/HTTP gateway calls too, so a request answers the
// same whichever way it came. A request is checked and converted
// (convert.h), run all-or-nothing by the engine (RunAdvance / RunAsk in
// engine/rulesets/umpire.h), optionally reduced to the British view, and
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

#include <functional>
#include <grpcpp/grpcpp.h>

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "engine/rulesets/ruleset.h"
#include "impi/v1/umpire.grpc.pb.h"

namespace impi::service {

// absl::Status -> grpc::Status: the same code (the numbering is shared) and
// the same message.
grpc::Status ToGrpcStatus(const absl::Status& status);

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

class UmpireService final : public v1::Umpire::Service {
 public:
  explicit UmpireService(size_t max_message_bytes) : max_message_bytes_(max_message_bytes) {}
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
  // time left before the caller's deadline (< 0: none); see ClampToDeadline.
  // `cancelled`, if set, says when the caller has gone: a search stops.
  grpc::Status DoAdvance(const v1::AdvanceRequest& request, v1::AdvanceResponse* response,
                         int64_t ms_left = -1, std::function<bool()> cancelled = nullptr) const;
  grpc::Status DoAsk(const v1::AskRequest& request, v1::AskResponse* response,
                     int64_t ms_left = -1, std::function<bool()> cancelled = nullptr) const;
  grpc::Status DoDescribe(const v1::DescribeRequest& request, v1::DescribeResponse* response) const;

 private:
  const size_t max_message_bytes_;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_UMPIRE_SERVICE_H_
