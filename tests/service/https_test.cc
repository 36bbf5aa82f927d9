// tests/service/https_test.cc: the JSON/HTTP front over TLS, against a real
// ImpiServer on 127.0.0.1 (ephemeral ports) with the test certificates of
// tests/service/testdata: HTTPS served and its certificate checked by the
// client, plain HTTP to the TLS port refused with a plaintext 400, a stalled
// handshake closed, client certificates required on both fronts when a CA is
// given, the bearer token over HTTPS.
#include "service/server.h"

// clang-format off
// Before httplib.h: it includes <resolv.h>, whose `_res` macro breaks Eigen.
#include "engine/game/ruleset.h"
// clang-format on

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "impi/v1/umpire.grpc.pb.h"
#include "tests/service/raw_socket.h"

namespace impi::service {
namespace {

using testing::RawSocket;

const std::string kDir = IMPI_TESTDATA_DIR;

// A server with TLS on both fronts, its ports chosen by the system.
std::unique_ptr<ImpiServer> StartTls(ServerOptions o) {
  o.grpc_address = "127.0.0.1:0";
  o.http_port = 0;
  o.tls_cert_file = kDir + "/test_cert.pem";
  o.tls_key_file = kDir + "/test_key.pem";
  auto server = ImpiServer::Start(o);
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? *std::move(server) : nullptr;
}

// An HTTPS client that checks the server's certificate against the test
// certificate, presenting `client` (a name in testdata: "client",
// "other_client"; empty: no certificate).
std::unique_ptr<httplib::SSLClient> Https(const ImpiServer& server, const std::string& client = "") {
  auto c = client.empty() ? std::make_unique<httplib::SSLClient>("127.0.0.1", server.http_port())
                          : std::make_unique<httplib::SSLClient>(
                                "127.0.0.1", server.http_port(), kDir + "/" + client + "_cert.pem",
                                kDir + "/" + client + "_key.pem");
  c->set_ca_cert_path((kDir + "/test_cert.pem").c_str());
  c->enable_server_certificate_verification(true);
  c->set_read_timeout(60, 0);
  return c;
}

std::string Status(const httplib::Result& res) {
  if (!res) return "no answer";
  return nlohmann::json::parse(res->body, nullptr, false).value("status", std::string("?"));
}

TEST(ServerTlsTest, HttpsIsServedAndPlainHttpToItsPortIsRefused) {
  auto server = StartTls({});
  ASSERT_NE(server, nullptr);

  auto res = Https(*server)->Post("/v1/Describe", "{}", "application/json");
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 200);
  EXPECT_GT(nlohmann::json::parse(res->body).value("max_units", 0), 0);
  // Several requests on one kept-alive TLS connection.
  auto kept = Https(*server);
  for (int i = 0; i < 3; ++i) {
    res = kept->Get("/healthz");
    ASSERT_TRUE(res) << i;
    EXPECT_EQ(Status(res), "SERVING");
  }

  // Plain HTTP: a plaintext 400 that says why, then the connection closes.
  httplib::Client plain("127.0.0.1", server->http_port());
  res = plain.Post("/v1/Describe", "{}", "application/json");
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(Status(res), "INVALID_ARGUMENT");
  EXPECT_NE(res->body.find("speaks HTTPS"), std::string::npos) << res->body;

  // HTTPS still served after it.
  res = Https(*server)->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  server->Shutdown();
}

TEST(ServerTlsTest, AStalledTlsHandshakeIsClosed) {
  ServerOptions o;
  o.http_header_timeout_ms = 200;
  auto server = StartTls(o);
  ASSERT_NE(server, nullptr);
  // Nothing sent; then a TLS record header with nothing after it. Each is
  // closed by the server (ReadAll returns), with nothing answered.
  for (const std::string& sent : {std::string(), std::string("\x16\x03\x01", 3)}) {
    RawSocket raw(server->http_port());
    ASSERT_TRUE(raw.connected());
    ASSERT_TRUE(raw.Send(sent));
    EXPECT_EQ(raw.ReadAll(), "");
  }
  auto res = Https(*server)->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  server->Shutdown();
}

std::string Read(const std::string& name) {
  std::ifstream in(kDir + "/" + name);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Both fronts: only a client with a certificate the CA signed is served.
TEST(ServerTlsTest, HttpsAndGrpcRequireAClientCertificateSignedByTheGivenCa) {
  ServerOptions o;
  o.tls_client_ca_file = kDir + "/client_ca_cert.pem";
  auto server = StartTls(o);
  ASSERT_NE(server, nullptr);
  for (const char* name : {"client", "other_client", ""}) {
    const std::string client = name;
    SCOPED_TRACE(client.empty() ? "no client certificate" : client);
    auto res = Https(*server, client)->Post("/v1/Describe", "{}", "application/json");
    grpc::SslCredentialsOptions tls;
    tls.pem_root_certs = Read("test_cert.pem");
    if (!client.empty()) {
      tls.pem_cert_chain = Read(client + "_cert.pem");
      tls.pem_private_key = Read(client + "_key.pem");
    }
    auto stub = v1::Umpire::NewStub(grpc::CreateChannel(
        "localhost:" + std::to_string(server->grpc_port()), grpc::SslCredentials(tls)));
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    v1::DescribeResponse out;
    const grpc::Status status = stub->Describe(&ctx, v1::DescribeRequest(), &out);
    if (client == "client") {
      ASSERT_TRUE(res) << httplib::to_string(res.error());
      EXPECT_EQ(res->status, 200);
      EXPECT_TRUE(status.ok()) << status.error_message();
    } else {
      EXPECT_FALSE(res) << res->status;
      EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE) << status.error_message();
    }
  }
  server->Shutdown();
}

TEST(ServerTlsTest, ACertificateThatDoesNotLoadStopsTheStart) {
  ServerOptions o;
  o.grpc_address = "127.0.0.1:0";
  o.http_port = 0;
  o.tls_cert_file = kDir + "/test_cert.pem";
  o.tls_key_file = kDir + "/client_key.pem";  // another certificate's key
  auto server = ImpiServer::Start(o);
  ASSERT_FALSE(server.ok());
  EXPECT_NE(std::string(server.status().message()).find("tls_key_file"), std::string::npos)
      << server.status();
}

TEST(ServerAuthTest, ABearerTokenIsRequiredOverHttps) {
  ServerOptions o;
  o.auth_token = "s3cret";
  auto server = StartTls(o);
  ASSERT_NE(server, nullptr);
  for (const char* sent : {"", "Bearer wrong", "Bearer s3cret"}) {
    SCOPED_TRACE(sent);
    httplib::Headers headers;
    if (*sent != '\0') headers.emplace("Authorization", sent);
    auto res = Https(*server)->Post("/v1/Describe", headers, "{}", "application/json");
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    if (std::string(sent) == "Bearer s3cret") {
      EXPECT_EQ(res->status, 200);
    } else {
      EXPECT_EQ(res->status, 401);
      EXPECT_EQ(Status(res), "UNAUTHENTICATED");
    }
  }
  // /healthz needs no token.
  auto res = Https(*server)->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  server->Shutdown();
}

}  // namespace
}  // namespace impi::service
