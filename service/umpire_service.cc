// service/umpire_service.cc: impi.v1.Umpire over the engine. See umpire_service.h.
#include "service/umpire_service.h"

#include <exception>
#include <limits>
#include <string>
#include <utility>

#include "engine/rulesets/umpire.h"
#include "service/convert.h"

#ifndef IMPI_VERSION
#define IMPI_VERSION "0.0.0"
#endif

namespace impi::service {

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  // absl::StatusCode and grpc::StatusCode share the canonical numbering 0..16.
  return grpc::Status(static_cast<grpc::StatusCode>(static_cast<int>(status.code())),
                      std::string(status.message()));
}

const char* ServerVersion() { return IMPI_VERSION; }

grpc::Status UmpireService::Advance(grpc::ServerContext* /*context*/,
                                    const v1::AdvanceRequest* request,
                                    v1::AdvanceResponse* response) {
  return DoAdvance(*request, response);
}

grpc::Status UmpireService::Ask(grpc::ServerContext* /*context*/, const v1::AskRequest* request,
                                v1::AskResponse* response) {
  return DoAsk(*request, response);
}

grpc::Status UmpireService::Describe(grpc::ServerContext* /*context*/,
                                     const v1::DescribeRequest* request,
                                     v1::DescribeResponse* response) {
  return DoDescribe(*request, response);
}

grpc::Status UmpireService::DoAdvance(const v1::AdvanceRequest& request,
                                      v1::AdvanceResponse* response) const {
  response->Clear();
  absl::StatusOr<AdvanceInput> in = AdvanceFromProto(request);
  if (!in.ok()) return ToGrpcStatus(in.status());
  absl::StatusOr<StepResult> result = absl::InternalError("not run");
  try {
    result = RunAdvance(in->state, in->british, in->policy, in->dice);
  } catch (const std::exception& e) {
    return grpc::Status(grpc::StatusCode::INTERNAL, std::string("engine error: ") + e.what());
  }
  if (!result.ok()) return ToGrpcStatus(result.status());
  if (in->british_view) ApplyBritishView(*result);
  StepResultToProto(*result, response);
  return grpc::Status::OK;
}

grpc::Status UmpireService::DoAsk(const v1::AskRequest& request, v1::AskResponse* response) const {
  response->Clear();
  absl::StatusOr<AskInput> in = AskFromProto(request);
  if (!in.ok()) return ToGrpcStatus(in.status());
  absl::StatusOr<StepResult> result = absl::InternalError("not run");
  try {
    result = RunAsk(in->state, in->question, in->policy, in->dice);
  } catch (const std::exception& e) {
    return grpc::Status(grpc::StatusCode::INTERNAL, std::string("engine error: ") + e.what());
  }
  if (!result.ok()) return ToGrpcStatus(result.status());
  StepResultToProto(*result, response);
  return grpc::Status::OK;
}

grpc::Status UmpireService::DoDescribe(const v1::DescribeRequest& /*request*/,
                                       v1::DescribeResponse* response) const {
  const size_t max_int = static_cast<size_t>(std::numeric_limits<int>::max());
  FillDescribe(ServerVersion(),
               static_cast<int>(max_message_bytes_ < max_int ? max_message_bytes_ : max_int),
               response);
  return grpc::Status::OK;
}

}  // namespace impi::service
