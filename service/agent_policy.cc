#include "service/agent_policy.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <utility>

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/message_differencer.h"
#include "grpcpp/grpcpp.h"
#include "impi/v1/agent.grpc.pb.h"
#include "service/convert.h"

namespace impi::service {
namespace {

// One channel per address for the whole process: the driver makes a policy
// object a step, and a channel's connection outlives them all.
std::shared_ptr<grpc::Channel> ChannelTo(const std::string& address) {
  static auto* mu = new std::mutex;
  static auto* channels = new std::map<std::string, std::shared_ptr<grpc::Channel>>;
  std::lock_guard<std::mutex> lock(*mu);
  std::shared_ptr<grpc::Channel>& channel = (*channels)[address];
  if (channel == nullptr) {
    grpc::ChannelArguments args;
    // An agent that crashed or was restarted is tried again soon, not after
    // gRPC's default back-off of up to two minutes.
    args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
    args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 1000);
    args.SetMaxReceiveMessageSize(64 * 1024 * 1024);
    args.SetMaxSendMessageSize(64 * 1024 * 1024);
    channel = grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
  }
  return channel;
}

}  // namespace

std::string AgentCounts::ToString() const {
  return absl::StrCat(calls, calls == 1 ? " call, " : " calls, ", errors,
                      errors == 1 ? " error, " : " errors, ", timeouts,
                      timeouts == 1 ? " time-out, " : " time-outs, ", illegal, " illegal");
}

AgentCounts AgentStats::Counts() const {
  AgentCounts c;
  c.calls = calls_.load();
  c.errors = errors_.load();
  c.timeouts = timeouts_.load();
  c.illegal = illegal_.load();
  return c;
}

AgentStats* AgentStatsFor(const std::string& address) {
  static auto* mu = new std::mutex;
  static auto* stats = new std::map<std::string, std::unique_ptr<AgentStats>>;
  std::lock_guard<std::mutex> lock(*mu);
  std::unique_ptr<AgentStats>& s = (*stats)[address];
  if (s == nullptr) s = std::make_unique<AgentStats>();
  return s.get();
}

struct AgentPolicy::Link {
  std::unique_ptr<v1::Agent::Stub> stub;
};

AgentPolicy::AgentPolicy(PolicySpec spec)
    : spec_(std::move(spec)),
      stats_(AgentStatsFor(spec_.agent_address)),
      link_(std::make_unique<Link>()) {
  if (!spec_.agent_address.empty()) link_->stub = v1::Agent::NewStub(ChannelTo(spec_.agent_address));
}

AgentPolicy::~AgentPolicy() = default;

int AgentPolicy::Fallback(const BattleState& state, Side side, const std::vector<Action>& options,
                          Dice& dice, std::string* why, const std::string& fault) {
  const int k = static_cast<int>(side);
  if (k >= 0 && k < 3 && rules_[k] == nullptr) {
    PolicySpec rules;
    rules.kind = PolicyKind::kRules;
    rules_[k] = MakePolicy(state.ruleset, side, rules);
  }
  Policy* rules = k >= 0 && k < 3 ? rules_[k].get() : nullptr;
  std::string rules_why;
  int i = 0;
  if (rules != nullptr) i = rules->Choose(state, options, dice, why != nullptr ? &rules_why : nullptr);
  if (i < 0 || i >= static_cast<int>(options.size())) i = 0;
  if (why != nullptr) {
    *why = absl::StrCat("the agent at ", spec_.agent_address, " ", fault, "; ",
                        rules != nullptr ? absl::StrCat("RULES: ", rules_why)
                                         : std::string("no RULES policy: the first legal action"));
  }
  return i;
}

int AgentPolicy::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                        std::string* why) {
  if (options.size() == 1) {
    // No choice to make: no call (the driver does not ask either).
    if (why != nullptr) *why = "the only legal action";
    return 0;
  }
  const Ruleset* rules = FindRuleset(state.ruleset);
  const Side side = rules != nullptr ? rules->AwaitsBrief(state).side : Side::kUnspecified;
  const int64_t call = stats_->calls_++;
  if (rules == nullptr || link_->stub == nullptr) {
    ++stats_->errors_;
    if (spec_.faults != nullptr) ++spec_.faults->errors;  // the arena's count of this game
    return Fallback(state, side, options, dice, why,
                    rules == nullptr ? "has no rule set to play" : "has no address");
  }

  v1::ActRequest request;
  request.set_ruleset(RulesetFromName(state.ruleset));
  request.set_side(static_cast<v1::Side>(side));
  ToProto(rules->View(state, side), request.mutable_view());
  ToProto(rules->Awaits(state), request.mutable_awaiting());
  for (const Action& a : options) ToProto(a, request.add_legal_actions());
  request.set_call(call);

  const auto now = std::chrono::system_clock::now();
  auto budget = std::chrono::milliseconds(spec_.milliseconds > 0 ? spec_.milliseconds
                                                                  : kDefaultAgentMilliseconds);
  if (spec_.deadline.has_value()) {
    // The caller's hard stop comes first.
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        *spec_.deadline - std::chrono::steady_clock::now());
    budget = std::min(budget, left);
  }
  if (budget.count() <= 0) {
    ++stats_->timeouts_;
    if (spec_.faults != nullptr) ++spec_.faults->timeouts;  // the arena's count of this game
    return Fallback(state, side, options, dice, why, "had no time left");
  }
  request.set_time_left_ms(static_cast<int>(budget.count()));

  grpc::ClientContext context;
  context.set_deadline(now + budget);
  v1::ActResponse response;
  const grpc::Status status = link_->stub->Act(&context, request, &response);
  if (status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED) {
    ++stats_->timeouts_;
    if (spec_.faults != nullptr) ++spec_.faults->timeouts;  // the arena's count of this game
    return Fallback(state, side, options, dice, why,
                    absl::StrCat("did not answer within ", budget.count(), " ms"));
  }
  if (!status.ok()) {
    ++stats_->errors_;
    if (spec_.faults != nullptr) ++spec_.faults->errors;  // the arena's count of this game
    return Fallback(state, side, options, dice, why,
                    absl::StrCat("failed (", status.error_code(), ": ", status.error_message(), ")"));
  }

  int chosen = -1;
  std::string bad;
  switch (response.choice_case()) {
    case v1::ActResponse::kIndex:
      chosen = response.index();
      if (chosen < 0 || chosen >= static_cast<int>(options.size())) {
        bad = absl::StrCat("chose index ", chosen, " of ", options.size());
        chosen = -1;
      }
      break;
    case v1::ActResponse::kAction:
      for (int i = 0; i < request.legal_actions_size(); ++i) {
        if (google::protobuf::util::MessageDifferencer::Equals(request.legal_actions(i),
                                                               response.action())) {
          chosen = i;
          break;
        }
      }
      if (chosen < 0) bad = "chose an action that is not among the legal ones";
      break;
    default:
      bad = "chose nothing (neither index nor action set)";
      break;
  }
  if (chosen < 0) {
    ++stats_->illegal_;
    if (spec_.faults != nullptr) ++spec_.faults->illegal;  // the arena's count of this game
    return Fallback(state, side, options, dice, why, bad);
  }
  if (why != nullptr) {
    *why = response.why().empty() ? absl::StrCat("the agent at ", spec_.agent_address)
                                   : absl::StrCat("the agent: ", response.why());
  }
  return chosen;
}

void RegisterAgentPolicies() {
  for (const Ruleset* rules : AllRulesets()) {
    for (Side side : {Side::kZulu, Side::kBritish}) {
      RegisterPolicy(std::string(rules->id()), side, PolicyKind::kAgent,
                     [](const PolicySpec& spec) { return std::make_unique<AgentPolicy>(spec); });
    }
  }
}

}  // namespace impi::service
