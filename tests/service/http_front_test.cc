// tests/service/http_front_test.cc: the JSON/HTTP front under hostile input
// and load, against a real gateway on 127.0.0.1 (service/http_gateway.h):
// body limits however framed, JSON shape caps, many connections, slow
// clients, a full queue, other sites' requests, deadlines.
#include "service/http_gateway.h"

// clang-format off
// Before httplib.h: it includes <resolv.h>, whose `_res` macro breaks Eigen.
#include "engine/game/ruleset.h"
// clang-format on

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "service/umpire_service.h"
#include "tests/service/big_table.h"
#include "tests/service/proto_json.h"
#include "tests/service/raw_socket.h"
#include "tests/service/tsatf_state.h"

namespace impi::service {
namespace {

using Clock = std::chrono::steady_clock;
using testing::BigTableRequest;
using testing::ProtoJson;
using testing::RawSocket;
using testing::TsatfAdvanceRequest;

constexpr size_t kMaxBytes = 1024 * 1024;
constexpr char kAllowedOrigin[] = "https://vtt.example";

int64_t MsSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

class HttpFrontTest : public ::testing::Test {
 protected:
  // A gateway running the engine on `max_threads` threads with `max_queue`
  // waiting.
  void StartWith(int max_threads, int max_queue) {
    HttpGatewayOptions o;
    o.max_threads = max_threads;
    o.max_queue = max_queue;
    Start(o);
  }
  void Start(HttpGatewayOptions o, RequestLimits limits = {}, std::string token = "") {
    service_ = std::make_unique<UmpireService>(kMaxBytes, limits);
    service_->SetAuthToken(std::move(token));
    o.host = "127.0.0.1";
    o.port = 0;
    o.max_message_bytes = kMaxBytes;
    o.cors_origins = {kAllowedOrigin};
    gateway_ = std::make_unique<HttpGateway>(service_.get(), o);
    ASSERT_TRUE(gateway_->Start().ok());
  }
  void TearDown() override {
    if (gateway_ != nullptr) {
      service_->CancelAll();
      gateway_->Stop();
    }
  }

  std::unique_ptr<httplib::Client> Client() const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", gateway_->port());
    c->set_read_timeout(60, 0);
    return c;
  }
  httplib::Result Post(const std::string& path, const std::string& body,
                       const httplib::Headers& headers = {},
                       const char* type = "application/json") const {
    return Client()->Post(path.c_str(), headers, body, type);
  }

  std::unique_ptr<UmpireService> service_;
  std::unique_ptr<HttpGateway> gateway_;
};

std::string StatusName(const httplib::Result& res) {
  if (!res) return "no answer";
  return nlohmann::json::parse(res->body, nullptr, false).value("status", std::string("?"));
}

// --- Pure checks -----------------------------------------------------------------

TEST(JsonShapeTest, NestingAndArrayLengthAreCapped) {
  EXPECT_EQ(JsonShapeError(R"({"a": [1, 2, {"b": [[3]]}]})", 5, 3), "");
  EXPECT_NE(JsonShapeError(R"({"a": [1, 2, {"b": [[3]]}]})", 4, 3).find("nested deeper than 4"),
            std::string::npos);
  EXPECT_NE(JsonShapeError("[1,2,3,4]", 4, 3).find("more than 3 elements"), std::string::npos);
  // Objects are not arrays; brackets and commas in strings do not count.
  EXPECT_EQ(JsonShapeError(R"({"a":1,"b":2,"c":3,"d":4})", 4, 3), "");
  EXPECT_EQ(JsonShapeError(R"(["[[[[,,,,", "\"[[[["])", 2, 3), "");
  EXPECT_EQ(JsonShapeError(std::string(10000, '['), 32, 10).substr(0, 33),
            "body: JSON nested deeper than 32 ");
  // The parser also reads single-quoted strings: a double quote in one
  // opens no string, and brackets in one do not count.
  EXPECT_NE(JsonShapeError(R"(['"', [[[1]]], '"'])", 3, 10).find("nested deeper than 3"),
            std::string::npos);
  EXPECT_NE(JsonShapeError(R"(['\'"', [[[1]]]])", 3, 10).find("nested deeper than 3"),
            std::string::npos);
  EXPECT_EQ(JsonShapeError(R"(['[[[[', "'[[[["])", 2, 3), "");
}

TEST(HostAllowedTest, LoopbackNamesAddressesAndConfiguredHosts) {
  const std::vector<std::string> none;
  for (const char* host : {"127.0.0.1", "127.0.0.1:8080", "localhost", "localhost:8080",
                           "LOCALHOST.", "app.localhost:3000", "[::1]:8080", "10.1.2.3", ""}) {
    EXPECT_TRUE(HostAllowed(host, none)) << host;
  }
  for (const char* host : {"evil.example", "evil.example:8080", "localhost.evil.example"}) {
    EXPECT_FALSE(HostAllowed(host, none)) << host;
  }
  EXPECT_TRUE(HostAllowed("impi.example:8080", {"impi.example"}));
  EXPECT_TRUE(HostAllowed("anything.example", {"*"}));
}

// --- Bodies ------------------------------------------------------------------------

TEST_F(HttpFrontTest, ChunkedBodyOverTheLimitIs413) {
  Start({});
  RawSocket s(gateway_->port());
  ASSERT_TRUE(s.connected());
  std::string request =
      "POST /v1/Advance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\n\r\n";
  const std::string chunk(64 * 1024, 'x');
  char size[32];
  snprintf(size, sizeof(size), "%zx\r\n", chunk.size());
  // 3 MiB in 64 KiB chunks, three times the limit; the server may close
  // before it has all of it.
  for (int i = 0; i < 48; ++i) request += size + chunk + "\r\n";
  request += "0\r\n\r\n";
  s.Send(request);
  const std::string answer = s.ReadAll();
  EXPECT_EQ(answer.substr(0, 12), "HTTP/1.1 413") << answer.substr(0, 200);
  EXPECT_NE(answer.find("RESOURCE_EXHAUSTED"), std::string::npos) << answer.substr(0, 400);
  EXPECT_EQ(gateway_->EngineRuns(), 0);

  // Under the limit, chunked is served.
  const std::string body = ProtoJson(TsatfAdvanceRequest(3));
  RawSocket ok(gateway_->port());
  snprintf(size, sizeof(size), "%zx\r\n", body.size());
  ok.Send(std::string("POST /v1/Advance HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                      "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n") +
          size + body + "\r\n0\r\n\r\n");
  EXPECT_EQ(ok.ReadAll().substr(0, 12), "HTTP/1.1 200");
}

TEST_F(HttpFrontTest, NestedArraysAndLongArraysPastTheCapAreRefusedUnparsed) {
  Start({});
  const std::string nested =
      "{\"state\": {\"parameters\": " + std::string(100000, '[') + std::string(100000, ']') + "}}";
  auto res = Post("/v1/Advance", nested);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(StatusName(res), "INVALID_ARGUMENT");
  EXPECT_NE(res->body.find("body: JSON nested deeper than 32 levels"), std::string::npos)
      << res->body;

  std::string many = "{\"british_actions\": [";
  for (int i = 0; i < 30000; ++i) many += i == 0 ? "{}" : ",{}";
  many += "]}";
  res = Post("/v1/Advance", many);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_NE(res->body.find("body: a JSON array of more than 20000 elements"), std::string::npos)
      << res->body;
  EXPECT_EQ(gateway_->EngineRuns(), 0);
}

// --- Load --------------------------------------------------------------------------

TEST_F(HttpFrontTest, SixtyFourConcurrentConnectionsAreAllAnswered) {
  StartWith(/*max_threads=*/4, /*max_queue=*/64);
  const std::string body = ProtoJson(TsatfAdvanceRequest(5));
  std::vector<std::string> answers(64);
  std::vector<std::thread> clients;
  for (int i = 0; i < 64; ++i) {
    clients.emplace_back([&, i] {
      auto res = Post("/v1/Advance", body);
      answers[i] = res ? std::to_string(res->status) + " " + res->body.substr(0, 200)
                       : "error " + httplib::to_string(res.error());
    });
  }
  for (std::thread& t : clients) t.join();
  for (const std::string& a : answers) EXPECT_EQ(a.substr(0, 3), "200") << a;
}

TEST_F(HttpFrontTest, PastTheSpareThreadsQueueAConnectionIsClosedUnanswered) {
  HttpGatewayOptions o;
  o.connection_threads = 1;  // one serving, one waiting
  o.header_timeout_ms = 20000;
  o.max_connections = 1000;
  o.max_connections_per_client = 1000;
  Start(o);
  // The pool's thread and its one waiting place, and the two spare threads
  // (each waits up to 1 s for a request), taken by connections that sent a
  // first byte (one that sends nothing waits for it without a thread).
  std::vector<std::unique_ptr<RawSocket>> silent;
  for (int i = 0; i < 4; ++i) {
    silent.push_back(std::make_unique<RawSocket>(gateway_->port()));
    ASSERT_TRUE(silent.back()->connected());
    ASSERT_TRUE(silent.back()->Send("P"));
    // Each taken before the next comes.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  // 256 wait for the spare threads; the 4 after them are closed unanswered.
  const std::string request =
      "POST /v1/Describe HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
      "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
  std::vector<std::unique_ptr<RawSocket>> queued;
  for (int i = 0; i < 256 + 4; ++i) {
    queued.push_back(std::make_unique<RawSocket>(gateway_->port()));
    ASSERT_TRUE(queued.back()->connected());
    queued.back()->Send(request);
  }
  for (size_t i = 0; i < queued.size(); ++i) {
    const std::string answer = queued[i]->ReadAll();
    if (i < 256) {
      EXPECT_EQ(answer.substr(0, 12), "HTTP/1.1 503") << i << ": " << answer;
    } else {
      EXPECT_EQ(answer, "") << i;
    }
  }
}

TEST_F(HttpFrontTest, SlowHeaderClientsDoNotBlockHealthzAndAreCutOff) {
  HttpGatewayOptions o;
  o.header_timeout_ms = 1500;
  Start(o);
  std::vector<std::unique_ptr<RawSocket>> slow;
  for (int i = 0; i < 32; ++i) {
    slow.push_back(std::make_unique<RawSocket>(gateway_->port()));
    ASSERT_TRUE(slow.back()->connected());
    // A request line and one header, then nothing more.
    ASSERT_TRUE(slow.back()->Send("POST /v1/Advance HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const Clock::time_point start = Clock::now();
  auto res = Client()->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_LT(MsSince(start), 1000);  // the issue's bound
  // Past the header deadline the server answers each slow connection 408
  // and closes it.
  for (auto& s : slow) {
    const std::string answer = s->ReadAll();
    EXPECT_EQ(answer.substr(0, 12), "HTTP/1.1 408") << answer;
    EXPECT_NE(answer.find("DEADLINE_EXCEEDED"), std::string::npos) << answer;
  }
}

TEST_F(HttpFrontTest, AFullQueueIs503WithRetryAfterWhileHealthzAnswers) {
  StartWith(/*max_threads=*/1, /*max_queue=*/1);
  // Two long requests: one runs, one waits.
  const std::string big = ProtoJson(BigTableRequest(testing::kBigTableImpis));
  std::vector<std::thread> long_ones;
  std::vector<int> long_status(2, 0);
  for (int i = 0; i < 2; ++i) {
    long_ones.emplace_back([&, i] {
      auto res = Post("/v1/Advance", big, {{"Impi-Timeout-Ms", "4000"}});
      long_status[i] = res ? res->status : -1;
    });
    while (gateway_->InFlight() < i + 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // A third finds the queue full.
  auto third = Post("/v1/Advance", ProtoJson(TsatfAdvanceRequest(1)));
  ASSERT_TRUE(third);
  const int third_status = third->status;
  const std::string third_body = third->body;
  const std::string retry_after = third->get_header_value("Retry-After");
  EXPECT_EQ(third_status, 503) << third_body;
  EXPECT_NE(third_body.find("UNAVAILABLE"), std::string::npos) << third_body;
  EXPECT_EQ(retry_after, "1");
  auto health = Client()->Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
  for (std::thread& t : long_ones) t.join();
  // Each long one was served, not refused: it ends at its own deadline
  // (504), or, on a machine fast enough to finish the table in 4 s, with
  // its answer (ARequestStopsAtItsDeadlineOrTheServersMaximum pins the
  // deadline itself with a bound no machine meets).
  for (int status : long_status) {
    EXPECT_TRUE(status == 504 || status == 200) << status;
  }
}

// --- Other sites -------------------------------------------------------------------

TEST_F(HttpFrontTest, ADisallowedOriginsSimplePostIsRefusedBeforeAnyWork) {
  Start({});
  const std::string big = ProtoJson(BigTableRequest(testing::kBigTableImpis));
  // A "simple" request a page on another site may send without a preflight.
  auto res = Post("/v1/Advance", big, {{"Origin", "https://evil.example"}}, "text/plain");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 403);
  EXPECT_EQ(StatusName(res), "PERMISSION_DENIED");
  EXPECT_FALSE(res->has_header("Access-Control-Allow-Origin"));
  EXPECT_EQ(gateway_->EngineRuns(), 0);

  // A rebound DNS name: the Host is not one served here.
  res = Post("/v1/Advance", big, {{"Host", "evil.example:8080"}}, "text/plain");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 403);
  EXPECT_NE(res->body.find("Host: 'evil.example:8080'"), std::string::npos) << res->body;
  EXPECT_EQ(gateway_->EngineRuns(), 0);

  // An allowed origin, and the server's own, are served.
  const std::string small = ProtoJson(TsatfAdvanceRequest(1));
  res = Post("/v1/Advance", small, {{"Origin", kAllowedOrigin}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Access-Control-Allow-Origin"), kAllowedOrigin);
  const std::string own = "http://127.0.0.1:" + std::to_string(gateway_->port());
  res = Post("/v1/Advance", small, {{"Origin", own}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(gateway_->EngineRuns(), 2);
}

TEST_F(HttpFrontTest, ABearerTokenIsRequiredWhenSet) {
  Start({}, {}, "s3cret");
  const std::string small = ProtoJson(TsatfAdvanceRequest(1));
  auto res = Post("/v1/Advance", small);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 401);
  EXPECT_EQ(StatusName(res), "UNAUTHENTICATED");
  EXPECT_EQ(res->get_header_value("WWW-Authenticate"), "Bearer");
  res = Post("/v1/Advance", small, {{"Authorization", "Bearer wrong"}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 401);
  EXPECT_EQ(gateway_->EngineRuns(), 0);
  res = Post("/v1/Advance", small, {{"Authorization", "Bearer s3cret"}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(gateway_->EngineRuns(), 1);
  // Health needs no token (a load balancer's probe).
  res = Client()->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
}

// --- Deadlines ---------------------------------------------------------------------

TEST_F(HttpFrontTest, ARequestStopsAtItsDeadlineOrTheServersMaximum) {
  Start({}, RequestLimits{/*max_request_ms=*/800, /*max_work=*/0});
  const std::string big = ProtoJson(BigTableRequest(testing::kBigTableImpis));
  auto res = Post("/v1/Advance", big, {{"Impi-Timeout-Ms", "100"}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 504);
  EXPECT_EQ(StatusName(res), "DEADLINE_EXCEEDED");
  // Without the header, the server's maximum.
  res = Post("/v1/Advance", big);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 504);
  EXPECT_NE(res->body.find("deadline"), std::string::npos) << res->body;

  res = Post("/v1/Advance", big, {{"Impi-Timeout-Ms", "soon"}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_NE(res->body.find("Impi-Timeout-Ms: 'soon'"), std::string::npos) << res->body;
}

TEST_F(HttpFrontTest, AClientThatClosesItsConnectionCancelsItsRequest) {
  Start({});  // no deadline at all: only the closed connection can stop it
  const std::string big = ProtoJson(BigTableRequest(testing::kBigTableImpis));
  {
    RawSocket s(gateway_->port());
    ASSERT_TRUE(s.connected());
    ASSERT_TRUE(s.Send("POST /v1/Advance HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       "Content-Type: application/json\r\nContent-Length: " +
                       std::to_string(big.size()) + "\r\n\r\n" + big));
    while (gateway_->EngineRuns() < 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }  // closed while the engine runs
  while (gateway_->InFlight() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(gateway_->EngineCancelled(), 1);
}

TEST_F(HttpFrontTest, DrainingSaysNotServingAndRefusesWork) {
  Start({});
  gateway_->SetServing(false);
  auto res = Client()->Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 503);
  EXPECT_EQ(StatusName(res), "NOT_SERVING");
  res = Post("/v1/Advance", ProtoJson(TsatfAdvanceRequest(1)));
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 503);
  EXPECT_EQ(res->get_header_value("Retry-After"), "1");
  EXPECT_EQ(gateway_->EngineRuns(), 0);
}

}  // namespace
}  // namespace impi::service
