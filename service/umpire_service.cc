// service/umpire_service.cc: impi.v1.Umpire over the engine. See umpire_service.h.
#include "service/umpire_service.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"
#include "service/convert.h"

#ifndef IMPI_VERSION
#define IMPI_VERSION "0.0.0"
#endif

namespace impi::service {

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  // absl::StatusCode and grpc::StatusCode share the canonical numbering 0..16.
  return grpc::Status(static_cast<grpc::StatusCode>(static_cast<int>(status.code())),
                      CapMessage(std::string(status.message())));
}

std::string CapMessage(std::string_view message) {
  if (message.size() <= kMaxMessageBytes) return std::string(message);
  size_t keep = kMaxMessageBytes;
  // Not in the middle of a UTF-8 sequence.
  while (keep > 0 && (static_cast<unsigned char>(message[keep]) & 0xC0) == 0x80) --keep;
  return absl::StrCat(std::string(message.substr(0, keep)), "... (", message.size() - keep,
                      " more bytes)");
}

const char* ServerVersion() { return IMPI_VERSION; }

namespace {

// Time kept back from the deadline for converting and sending the answer.
constexpr int64_t kDeadlineMarginMs = 50;
// The engine's hard stop comes this much before the deadline (the search's
// budget ends kDeadlineMarginMs before it).
constexpr int64_t kHardStopMarginMs = 10;

// Milliseconds before the call's deadline; -1 if it has none.
int64_t MillisecondsLeft(const grpc::ServerContext* context) {
  const auto deadline = context->deadline();
  if (deadline == std::chrono::system_clock::time_point::max()) return -1;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::system_clock::now());
  return std::max<int64_t>(0, left.count());
}

}  // namespace

PolicySpec ClampToDeadline(PolicySpec policy, int64_t ms_left) {
  if (ms_left < 0) return policy;
  const int64_t budget = std::max<int64_t>(1, ms_left - kDeadlineMarginMs);
  // Every search of the call stops there, whatever its budget.
  policy.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(budget);
  if (policy.milliseconds <= 0) return policy;
  if (budget < policy.milliseconds) policy.milliseconds = static_cast<int>(budget);
  return policy;
}

int64_t UmpireService::EffectiveMsLeft(int64_t ms_left) const {
  if (limits_.max_request_ms <= 0) return ms_left;
  return ms_left < 0 ? limits_.max_request_ms : std::min(ms_left, limits_.max_request_ms);
}

WorkBudget::Limits UmpireService::BudgetFor(int64_t ms_left,
                                            std::function<bool()> cancelled) const {
  WorkBudget::Limits limits;
  if (ms_left >= 0) {
    // A little before the deadline, so that the answer is on its way by then.
    const int64_t ms = std::max<int64_t>(1, ms_left - kHardStopMarginMs);
    limits.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  }
  limits.cancelled = [this, cancelled = std::move(cancelled)] {
    return cancel_all_.load(std::memory_order_relaxed) || (cancelled && cancelled());
  };
  limits.max_work = limits_.max_work;
  return limits;
}

bool BearerMatches(std::string_view authorization, std::string_view token) {
  if (token.empty()) return true;
  constexpr std::string_view kBearer = "Bearer ";
  if (authorization.size() != kBearer.size() + token.size() ||
      authorization.substr(0, kBearer.size()) != kBearer) {
    return false;
  }
  // Every byte is looked at whatever the first difference.
  unsigned char diff = 0;
  for (size_t i = 0; i < token.size(); ++i) {
    diff |= static_cast<unsigned char>(authorization[kBearer.size() + i]) ^
            static_cast<unsigned char>(token[i]);
  }
  return diff == 0;
}

grpc::Status TokenGuarded::CheckToken(const grpc::ServerContext& context) const {
  if (token_.empty()) return grpc::Status::OK;
  const auto& metadata = context.client_metadata();
  const auto found = metadata.find("authorization");
  const std::string_view value =
      found == metadata.end() ? std::string_view()
                              : std::string_view(found->second.data(), found->second.size());
  if (BearerMatches(value, token_)) return grpc::Status::OK;
  return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                      "authorization: a bearer token is required (authorization: Bearer <token>)");
}

template <typename Run>
grpc::Status UmpireService::Serve(grpc::ServerContext* context, bool engine, Run run) {
  if (grpc::Status allowed = CheckToken(*context); !allowed.ok()) return allowed;
  if (!engine) return run(int64_t{-1});
  using Clock = Admission::Clock;
  // The server's maximum counts from the call's arrival, the wait included.
  const int64_t ms = EffectiveMsLeft(MillisecondsLeft(context));
  const Clock::time_point deadline =
      ms < 0 ? Clock::time_point::max() : Clock::now() + std::chrono::milliseconds(ms);
  ++in_flight_;
  if (admission_ != nullptr) {
    // A call gives up waiting a margin before its deadline, so that its
    // answer reaches the caller before the caller's own deadline does.
    const Clock::time_point wait_until =
        ms < 0 ? deadline : deadline - std::chrono::milliseconds(kDeadlineMarginMs);
    const Admission::Result admitted = admission_->Enter(wait_until, [this, context] {
      return cancel_all_.load(std::memory_order_relaxed) || context->IsCancelled();
    });
    if (admitted != Admission::Result::kAdmitted) {
      --in_flight_;
      switch (admitted) {
        case Admission::Result::kQueueFull:
          return grpc::Status(grpc::StatusCode::UNAVAILABLE,
                              "the server is busy (its queue is full): retry shortly");
        case Admission::Result::kTimedOut:
          return grpc::Status(grpc::StatusCode::DEADLINE_EXCEEDED,
                              "the request's deadline passed while it waited for the engine");
        default:
          if (context->IsCancelled()) {
            return grpc::Status(grpc::StatusCode::CANCELLED,
                                "the call was cancelled while it waited for the engine");
          }
          return grpc::Status(grpc::StatusCode::UNAVAILABLE,
                              "the server is shutting down: try another replica or later");
      }
    }
  }
  // What is left of the deadline after the wait (-1: none).
  const int64_t left =
      ms < 0 ? -1
             : std::max<int64_t>(0, std::chrono::duration_cast<std::chrono::milliseconds>(
                                        deadline - Clock::now())
                                        .count());
  grpc::Status status = run(left);
  if (admission_ != nullptr) admission_->Leave();
  --in_flight_;
  return status;
}

grpc::Status UmpireService::Advance(grpc::ServerContext* context, const v1::AdvanceRequest* request,
                                    v1::AdvanceResponse* response) {
  return Serve(context, /*engine=*/true, [&](int64_t ms_left) {
    return DoAdvance(*request, response, ms_left, [context] { return context->IsCancelled(); });
  });
}

grpc::Status UmpireService::Ask(grpc::ServerContext* context, const v1::AskRequest* request,
                                v1::AskResponse* response) {
  return Serve(context, /*engine=*/true, [&](int64_t ms_left) {
    return DoAsk(*request, response, ms_left, [context] { return context->IsCancelled(); });
  });
}

grpc::Status UmpireService::Describe(grpc::ServerContext* context,
                                     const v1::DescribeRequest* request,
                                     v1::DescribeResponse* response) {
  return Serve(context, /*engine=*/false,
               [&](int64_t /*ms_left*/) { return DoDescribe(*request, response); });
}

grpc::Status UmpireService::DoAdvance(const v1::AdvanceRequest& request,
                                      v1::AdvanceResponse* response, int64_t ms_left,
                                      std::function<bool()> cancelled) const {
  response->Clear();
  absl::StatusOr<AdvanceInput> in = AdvanceFromProto(request);
  if (!in.ok()) return ToGrpcStatus(in.status());
  absl::StatusOr<StepResult> result = absl::InternalError("not run");
  try {
    ms_left = EffectiveMsLeft(ms_left);
    PolicySpec policy = ClampToDeadline(in->policy, ms_left);
    const WorkBudget::Limits limits = BudgetFor(ms_left, std::move(cancelled));
    policy.cancelled = limits.cancelled;
    result = RunAdvance(in->state, in->british, policy, in->dice, limits);
  } catch (const std::exception& e) {
    return grpc::Status(grpc::StatusCode::INTERNAL, std::string("engine error: ") + e.what());
  }
  if (!result.ok()) return ToGrpcStatus(result.status());
  // The options come from the whole state (before the British view is
  // applied): British actions, which name only what the British may see.
  std::vector<Action> options;
  if (request.list_options() && result->awaiting.side == Side::kBritish) {
    if (const Ruleset* rules = FindRuleset(result->state.ruleset); rules != nullptr) {
      options = rules->LegalActions(result->state, Side::kBritish);
    }
  }
  if (in->british_view) ApplyBritishView(*result);
  StepResultToProto(*result, response);
  for (const Action& a : options) ToProto(a, response->mutable_awaiting()->add_options());
  return grpc::Status::OK;
}

grpc::Status UmpireService::DoAsk(const v1::AskRequest& request, v1::AskResponse* response,
                                  int64_t ms_left, std::function<bool()> cancelled) const {
  response->Clear();
  absl::StatusOr<AskInput> in = AskFromProto(request);
  if (!in.ok()) return ToGrpcStatus(in.status());
  absl::StatusOr<StepResult> result = absl::InternalError("not run");
  try {
    ms_left = EffectiveMsLeft(ms_left);
    PolicySpec policy = ClampToDeadline(in->policy, ms_left);
    const WorkBudget::Limits limits = BudgetFor(ms_left, std::move(cancelled));
    policy.cancelled = limits.cancelled;
    result = RunAsk(in->state, in->question, policy, in->dice, limits);
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
