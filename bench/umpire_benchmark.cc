// bench/umpire_benchmark.cc: what one umpire decision costs, and where.
//
// The same TSATF Zulu Control question, on the built-in patrol
// (engine/scenarios/tsatf_patrol.json) with one impi of four regiments added,
// measured three ways:
//   BM_DecisionInProcess     RunAsk on the converted engine state (the rules only)
//   BM_DecisionConvertAndRun + the service's checks and proto <-> engine conversion
//   BM_DecisionChecksOnly    the checks and conversion in, without the engine
//   BM_DecisionOverGrpc      + serialisation and a gRPC round trip on loopback
// and BM_EmptyRpcOverGrpc (Describe) on the same server, so that
// DecisionOverGrpc - EmptyRpcOverGrpc is the decision's share of an RPC.
// BM_Advance* do the same for one Advance (turn 3: the start of turn with
// RANDOM CHANCE FROM TABLE EDGE, then the move deck until a red card).
//
// Counters: decisions/s (or advances/s, rpcs/s) is the throughput of one
// thread; events and dice are what one answer holds; request_bytes and
// response_bytes are the wire sizes.
//
//   ./build/bench/umpire_benchmark [--benchmark_filter=Decision]
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"
#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"
#include "engine/scenarios/embedded.h"
#include "google/protobuf/util/json_util.h"
#include "grpcpp/grpcpp.h"
#include "impi/v1/umpire.grpc.pb.h"
#include "service/convert.h"
#include "service/server.h"

namespace impi {
namespace {

constexpr uint64_t kSeed = 1;

// The patrol as the wire sees it; empty if the embedded JSON does not parse
// (the service then rejects it and the benchmark is skipped with its message).
v1::TableState Patrol() {
  const scenarios::EmbeddedScenario* scenario = scenarios::FindScenario("tsatf");
  v1::TableState state;
  if (scenario == nullptr ||
      !google::protobuf::util::JsonStringToMessage(std::string(scenario->json), &state).ok()) {
    state.Clear();
  }
  return state;
}

v1::Unit* AddZulu(v1::TableState* s, const std::string& id, v1::UnitKind kind, double x, double y,
                  const std::string& parent) {
  v1::Unit* u = s->add_units();
  u->set_id(id);
  u->set_side(v1::ZULU);
  u->set_kind(kind);
  u->mutable_position()->set_x(x);
  u->mutable_position()->set_y(y);
  u->set_parent(parent);
  return u;
}

// The patrol with one impi (z1: four regiments and an induna) come on at
// perimeter point 6, its hand not yet rolled: a HandQuestion for z1 applies.
v1::TableState PatrolWithImpi() {
  v1::TableState s = Patrol();
  v1::Unit* impi = AddZulu(&s, "z1", v1::IMPI, 36, 42, "");
  impi->set_name("uKhandempemvu impi");
  v1::TsatfUnit* own = s.mutable_tsatf()->add_units();
  own->set_unit_id("z1");
  own->set_created_turn(2);
  own->set_entry_point(6);
  const double xs[] = {30.75, 34.25, 37.75, 41.25};
  for (int i = 0; i < 4; ++i) {
    v1::Unit* r = AddZulu(&s, "z" + std::to_string(i + 2), v1::REGIMENT, xs[i], 42, "z1");
    r->mutable_figures()->set_fit(20);
    r->set_leaders(1);
    v1::TsatfUnit* r_own = s.mutable_tsatf()->add_units();
    r_own->set_unit_id(r->id());
    r_own->set_created_turn(2);
  }
  v1::Unit* induna = AddZulu(&s, "z6", v1::INDUNA, 36, 44, "z1");
  induna->mutable_figures()->set_fit(1);
  induna->set_leaders(1);
  s.mutable_clock()->set_turn(3);
  v1::TsatfState* book = s.mutable_tsatf();
  book->set_force_pool(20);
  book->set_committed(4);
  book->set_impis_created(1);
  s.set_next_unit_serial(7);
  return s;
}

v1::AskRequest HandRequest() {
  v1::AskRequest request;
  *request.mutable_state() = PatrolWithImpi();
  request.mutable_tsatf()->mutable_hand()->set_unit_id("z1");
  request.mutable_dice()->set_seed(kSeed);
  return request;
}

// Turn 3 of the patrol, nothing on the table yet: the umpire rolls RANDOM
// CHANCE FROM TABLE EDGE, then the move deck runs to the first red card.
v1::AdvanceRequest TurnThreeRequest() {
  v1::AdvanceRequest request;
  *request.mutable_state() = Patrol();
  request.mutable_state()->mutable_clock()->set_turn(3);
  request.mutable_dice()->set_seed(kSeed);
  return request;
}

void SetRate(benchmark::State& state, const char* name) {
  state.counters[name] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// --- In process ---------------------------------------------------------------

void BM_DecisionInProcess(benchmark::State& state) {
  absl::StatusOr<service::AskInput> in = service::AskFromProto(HandRequest());
  if (!in.ok()) {
    state.SkipWithError(std::string(in.status().message()).c_str());
    return;
  }
  size_t events = 0, dice = 0;
  for (auto _ : state) {
    absl::StatusOr<StepResult> r = RunAsk(in->state, in->question, in->policy, in->dice);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    events = r->events.size();
    dice = r->dice.size();
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel("Ask HAND, engine only");
  SetRate(state, "decisions/s");
  state.counters["events"] = static_cast<double>(events);
  state.counters["dice"] = static_cast<double>(dice);
}
BENCHMARK(BM_DecisionInProcess);

void BM_DecisionConvertAndRun(benchmark::State& state) {
  const v1::AskRequest request = HandRequest();
  size_t response_bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<service::AskInput> in = service::AskFromProto(request);
    if (!in.ok()) {
      state.SkipWithError(std::string(in.status().message()).c_str());
      return;
    }
    absl::StatusOr<StepResult> r = RunAsk(in->state, in->question, in->policy, in->dice);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    v1::AskResponse response;
    service::StepResultToProto(*r, &response);
    response_bytes = response.ByteSizeLong();
    benchmark::DoNotOptimize(response);
  }
  state.SetLabel("Ask HAND, checks + conversion + engine");
  SetRate(state, "decisions/s");
  state.counters["request_bytes"] = static_cast<double>(request.ByteSizeLong());
  state.counters["response_bytes"] = static_cast<double>(response_bytes);
}
BENCHMARK(BM_DecisionConvertAndRun);

void BM_DecisionChecksOnly(benchmark::State& state) {
  const v1::AskRequest request = HandRequest();
  for (auto _ : state) {
    absl::StatusOr<service::AskInput> in = service::AskFromProto(request);
    if (!in.ok()) {
      state.SkipWithError(std::string(in.status().message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(in);
  }
  state.SetLabel("Ask HAND, checks + conversion to the engine only (no engine)");
  SetRate(state, "requests/s");
}
BENCHMARK(BM_DecisionChecksOnly);

void BM_AdvanceInProcess(benchmark::State& state) {
  absl::StatusOr<service::AdvanceInput> in = service::AdvanceFromProto(TurnThreeRequest());
  if (!in.ok()) {
    state.SkipWithError(std::string(in.status().message()).c_str());
    return;
  }
  size_t events = 0, dice = 0;
  for (auto _ : state) {
    absl::StatusOr<StepResult> r = RunAdvance(in->state, in->british, in->policy, in->dice);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    events = r->events.size();
    dice = r->dice.size();
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel("Advance from turn 3 start, engine only");
  SetRate(state, "advances/s");
  state.counters["events"] = static_cast<double>(events);
  state.counters["dice"] = static_cast<double>(dice);
}
BENCHMARK(BM_AdvanceInProcess);

// --- Over gRPC ------------------------------------------------------------------

// A real ImpiServer on 127.0.0.1 (a free port, no HTTP) and a connected stub,
// for the length of one benchmark run.
class GrpcFixture : public benchmark::Fixture {
 public:
  void SetUp(const benchmark::State& state) override {
    (void)state;
    service::ServerOptions options;
    options.grpc_address = "127.0.0.1:0";
    options.enable_http = false;
    absl::StatusOr<std::unique_ptr<service::ImpiServer>> server =
        service::ImpiServer::Start(options);
    if (!server.ok()) {
      error_ = std::string(server.status().message());
      return;
    }
    server_ = std::move(*server);
    auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(server_->grpc_port()),
                                       grpc::InsecureChannelCredentials());
    if (!channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(5))) {
      error_ = "could not connect to the server";
      return;
    }
    stub_ = v1::Umpire::NewStub(channel);
  }
  void TearDown(const benchmark::State& state) override {
    (void)state;
    stub_.reset();
    if (server_ != nullptr) server_->Shutdown();
    server_.reset();
    error_.clear();
  }

 protected:
  // False (and the run skipped) if the server did not start.
  bool Ready(benchmark::State& state) {
    if (error_.empty()) return true;
    state.SkipWithError(error_.c_str());
    return false;
  }

  std::unique_ptr<service::ImpiServer> server_;
  std::unique_ptr<v1::Umpire::Stub> stub_;
  std::string error_;
};

BENCHMARK_DEFINE_F(GrpcFixture, BM_DecisionOverGrpc)(benchmark::State& state) {
  if (!Ready(state)) return;
  const v1::AskRequest request = HandRequest();
  size_t response_bytes = 0;
  for (auto _ : state) {
    grpc::ClientContext context;
    v1::AskResponse response;
    const grpc::Status status = stub_->Ask(&context, request, &response);
    if (!status.ok()) {
      state.SkipWithError(status.error_message().c_str());
      return;
    }
    response_bytes = response.ByteSizeLong();
  }
  state.SetLabel("Ask HAND over gRPC, loopback");
  SetRate(state, "decisions/s");
  state.counters["request_bytes"] = static_cast<double>(request.ByteSizeLong());
  state.counters["response_bytes"] = static_cast<double>(response_bytes);
}
BENCHMARK_REGISTER_F(GrpcFixture, BM_DecisionOverGrpc)->UseRealTime();

BENCHMARK_DEFINE_F(GrpcFixture, BM_AdvanceOverGrpc)(benchmark::State& state) {
  if (!Ready(state)) return;
  const v1::AdvanceRequest request = TurnThreeRequest();
  size_t response_bytes = 0;
  for (auto _ : state) {
    grpc::ClientContext context;
    v1::AdvanceResponse response;
    const grpc::Status status = stub_->Advance(&context, request, &response);
    if (!status.ok()) {
      state.SkipWithError(status.error_message().c_str());
      return;
    }
    response_bytes = response.ByteSizeLong();
  }
  state.SetLabel("Advance from turn 3 start over gRPC, loopback");
  SetRate(state, "advances/s");
  state.counters["request_bytes"] = static_cast<double>(request.ByteSizeLong());
  state.counters["response_bytes"] = static_cast<double>(response_bytes);
}
BENCHMARK_REGISTER_F(GrpcFixture, BM_AdvanceOverGrpc)->UseRealTime();

BENCHMARK_DEFINE_F(GrpcFixture, BM_EmptyRpcOverGrpc)(benchmark::State& state) {
  if (!Ready(state)) return;
  for (auto _ : state) {
    grpc::ClientContext context;
    v1::DescribeResponse response;
    const grpc::Status status = stub_->Describe(&context, v1::DescribeRequest(), &response);
    if (!status.ok()) {
      state.SkipWithError(status.error_message().c_str());
      return;
    }
  }
  state.SetLabel("Describe over gRPC, loopback: the RPC's own cost");
  SetRate(state, "rpcs/s");
}
BENCHMARK_REGISTER_F(GrpcFixture, BM_EmptyRpcOverGrpc)->UseRealTime();

}  // namespace
}  // namespace impi
