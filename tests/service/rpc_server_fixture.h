// tests/service/rpc_server_fixture.h: a real ImpiServer on 127.0.0.1 (gRPC
// and JSON over HTTP, ports chosen by the system) for a suite of RPC tests,
// with a stub and helpers to call it.
//
// Usage:
//   class MyRpc : public impi::service::RpcServerTest {};
//   TEST_F(MyRpc, Works) { v1::AdvanceResponse out; ASSERT_TRUE(GrpcAdvance(req, &out).ok()); }
#ifndef IMPI_TESTS_SERVICE_RPC_SERVER_FIXTURE_H_
#define IMPI_TESTS_SERVICE_RPC_SERVER_FIXTURE_H_

#include "service/server.h"

// clang-format off
// Before httplib.h: it includes <resolv.h>, whose `_res` macro breaks Eigen.
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "service/convert.h"
// clang-format on

#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "impi/v1/umpire.grpc.pb.h"
#include "service/http_gateway.h"

namespace impi::service {

// A message as JSON with the proto field names.
inline std::string ToJson(const google::protobuf::Message& m) {
  google::protobuf::util::JsonPrintOptions o;
  o.preserve_proto_field_names = true;
  std::string json;
  EXPECT_TRUE(google::protobuf::util::MessageToJsonString(m, &json, o).ok());
  return json;
}

// Advance and Ask on `stub`, with a 60 s deadline.
inline grpc::Status CallAdvance(v1::Umpire::Stub& stub, const v1::AdvanceRequest& r,
                                v1::AdvanceResponse* out) {
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  return stub.Advance(&ctx, r, out);
}
inline grpc::Status CallAsk(v1::Umpire::Stub& stub, const v1::AskRequest& r, v1::AskResponse* out) {
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  return stub.Ask(&ctx, r, out);
}

class RpcServerTest : public ::testing::Test {
 protected:
  // The server on loopback with `o`'s limits (its addresses are set here).
  static void StartServer(ServerOptions o) {
    o.grpc_address = "127.0.0.1:0";
    o.http_host = "127.0.0.1";
    o.http_port = 0;
    auto server = ImpiServer::Start(o);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = server->release();
    ASSERT_GT(server_->grpc_port(), 0);
    ASSERT_GT(server_->http_port(), 0);
  }
  static void SetUpTestSuite() {
    ServerOptions o;
    o.max_threads = 4;
    StartServer(o);
  }
  static void TearDownTestSuite() {
    if (server_ != nullptr) server_->Shutdown();
    delete server_;
    server_ = nullptr;
  }

  void SetUp() override {
    ASSERT_NE(server_, nullptr);
    stub_ = v1::Umpire::NewStub(grpc::CreateChannel(
        "127.0.0.1:" + std::to_string(server_->grpc_port()), grpc::InsecureChannelCredentials()));
  }

  grpc::Status GrpcAsk(const v1::AskRequest& r, v1::AskResponse* out) const {
    return CallAsk(*stub_, r, out);
  }
  grpc::Status GrpcAdvance(const v1::AdvanceRequest& r, v1::AdvanceResponse* out) const {
    return CallAdvance(*stub_, r, out);
  }

  httplib::Result Post(const std::string& path, const std::string& body) const {
    httplib::Client c("127.0.0.1", server_->http_port());
    c.set_read_timeout(60, 0);
    return c.Post(path.c_str(), body, "application/json");
  }

  // Refused on both fronts (gRPC, and JSON at `route`) with `code`, the
  // message starting with `prefix`; the JSON answer is the error alone (no
  // state or events come back with it).
  template <typename Request, typename Response>
  void ExpectRefused(const std::string& route, const Request& r, grpc::StatusCode code, const std::string& prefix,
                     grpc::Status (RpcServerTest::*call)(const Request&, Response*) const) const {
    Response out;
    const grpc::Status st = (this->*call)(r, &out);
    EXPECT_EQ(st.error_code(), code) << st.error_message();
    EXPECT_EQ(st.error_message().substr(0, prefix.size()), prefix) << st.error_message();
    auto res = Post(route, ToJson(r));
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_EQ(res->status, HttpStatusFor(code)) << res->body.substr(0, 300);
    const nlohmann::json j = nlohmann::json::parse(res->body, nullptr, false);
    ASSERT_TRUE(j.is_object()) << res->body.substr(0, 300);
    EXPECT_EQ(j.value("code", -1), static_cast<int>(code)) << res->body.substr(0, 300);
    EXPECT_EQ(j.value("message", std::string()).substr(0, prefix.size()), prefix) << res->body.substr(0, 300);
    EXPECT_FALSE(j.contains("state")) << "an error answer carries a state";
    EXPECT_FALSE(j.contains("events")) << "an error answer carries events";
  }
  void ExpectAdvanceRefused(const v1::AdvanceRequest& r, grpc::StatusCode code, const std::string& prefix) const {
    ExpectRefused<v1::AdvanceRequest, v1::AdvanceResponse>("/v1/Advance", r, code, prefix,
                                                           &RpcServerTest::GrpcAdvance);
  }
  void ExpectAskRefused(const v1::AskRequest& r, grpc::StatusCode code, const std::string& prefix) const {
    ExpectRefused<v1::AskRequest, v1::AskResponse>("/v1/Ask", r, code, prefix, &RpcServerTest::GrpcAsk);
  }

  static inline ImpiServer* server_ = nullptr;
  std::unique_ptr<v1::Umpire::Stub> stub_;
};

}  // namespace impi::service

#endif  // IMPI_TESTS_SERVICE_RPC_SERVER_FIXTURE_H_
