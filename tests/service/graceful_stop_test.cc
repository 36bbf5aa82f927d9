// tests/service/graceful_stop_test.cc: the impi-server binary stops
// gracefully and within bounds: on SIGTERM its health says NOT_SERVING at
// once and new work is refused; requests in flight get --grace_period_ms and
// are then cancelled; a second SIGTERM exits at once; the exit code says
// which (service/main.cc). Also: --help lists every flag.
// clang-format off
// Before httplib.h: it includes <resolv.h>, whose `_res` macro breaks Eigen.
#include "engine/rulesets/ruleset.h"
// clang-format on

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <regex>
#include <string>
#include <thread>

#include "tests/service/big_table.h"
#include "tests/service/proto_json.h"

#ifndef IMPI_SERVER_BINARY
#error "IMPI_SERVER_BINARY: the path of impi-server"
#endif

namespace impi::service {
namespace {

using Clock = std::chrono::steady_clock;

int64_t MsSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// impi-server as a child process on ports the OS chooses.
class ServerProcess {
 public:
  explicit ServerProcess(int grace_ms) {
    int out[2];
    if (pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      const std::string grace = "--grace_period_ms=" + std::to_string(grace_ms);
      execl(IMPI_SERVER_BINARY, IMPI_SERVER_BINARY, "--grpc_address=127.0.0.1:0",
            "--http_address=127.0.0.1:0", grace.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    // The banner names both ports.
    FILE* banner = fdopen(out[0], "r");
    char line[512];
    const std::regex grpc_line(R"(gRPC .* on 127\.0\.0\.1:(\d+))");
    const std::regex http_line(R"(JSON/HTTP on http://127\.0\.0\.1:(\d+))");
    while ((grpc_port_ == 0 || http_port_ == 0) && fgets(line, sizeof(line), banner) != nullptr) {
      std::cmatch m;
      if (std::regex_search(line, m, grpc_line)) grpc_port_ = std::stoi(m[1]);
      if (std::regex_search(line, m, http_line)) http_port_ = std::stoi(m[1]);
    }
    banner_ = banner;
  }
  ~ServerProcess() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (banner_ != nullptr) fclose(banner_);
  }

  bool started() const { return pid_ > 0 && grpc_port_ > 0 && http_port_ > 0; }
  void Signal(int sig) const { kill(pid_, sig); }
  // The exit code, or -1 if it did not exit within `timeout_ms`.
  int WaitExit(int timeout_ms) {
    const Clock::time_point until = Clock::now() + std::chrono::milliseconds(timeout_ms);
    while (Clock::now() < until) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return -1;
  }

  httplib::Client Http() const {
    httplib::Client c("127.0.0.1", http_port_);
    c.set_read_timeout(60, 0);
    return c;
  }
  // grpc.health.v1.Health/Check for the whole server: the raw answer
  // ("\x08\x01" SERVING, "\x08\x02" NOT_SERVING) or the error.
  std::string GrpcHealth() const {
    auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(grpc_port_),
                                       grpc::InsecureChannelCredentials());
    grpc::GenericStub generic(channel);
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    grpc::Slice empty("");
    const grpc::ByteBuffer request(&empty, 1);
    grpc::ByteBuffer response;
    std::promise<grpc::Status> done;
    generic.UnaryCall(&ctx, "/grpc.health.v1.Health/Check", grpc::StubOptions(), &request,
                      &response, [&done](grpc::Status s) { done.set_value(s); });
    const grpc::Status status = done.get_future().get();
    if (!status.ok()) return "error " + std::to_string(status.error_code());
    std::vector<grpc::Slice> slices;
    (void)response.Dump(&slices);
    std::string out;
    for (const grpc::Slice& s : slices) out.append(reinterpret_cast<const char*>(s.begin()), s.size());
    return out;
  }

 private:
  pid_t pid_ = -1;
  FILE* banner_ = nullptr;
  int grpc_port_ = 0;
  int http_port_ = 0;
  bool exited_ = false;
};

std::string BigTableJson() {
  return testing::ProtoJson(testing::BigTableRequest(testing::kBigTableImpis));
}

// Starts the big table over HTTP (seconds of work) and waits until it runs.
std::future<int> StartLongRequest(ServerProcess& server) {
  auto answer = std::async(std::launch::async, [&server, body = BigTableJson()] {
    auto res = server.Http().Post("/v1/Advance", body, "application/json");
    return res ? res->status : -1;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  return answer;
}

TEST(GracefulStopTest, SigtermDrainsThenCancelsAfterTheGracePeriod) {
  constexpr int kGraceMs = 1500;
  ServerProcess server(kGraceMs);
  ASSERT_TRUE(server.started());
  EXPECT_EQ(server.GrpcHealth(), std::string("\x08\x01", 2));
  std::future<int> running = StartLongRequest(server);

  const Clock::time_point sent = Clock::now();
  server.Signal(SIGTERM);
  // NOT_SERVING at once, on both fronts; new work refused.
  std::string health;
  for (int i = 0; i < 100 && health != std::string("\x08\x02", 2); ++i) {
    health = server.GrpcHealth();
    if (health != std::string("\x08\x02", 2)) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(health, std::string("\x08\x02", 2));
  auto res = server.Http().Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 503);
  EXPECT_NE(res->body.find("NOT_SERVING"), std::string::npos);
  res = server.Http().Post("/v1/Describe", "{}", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 503);

  // The long request outlives the grace period: it is cancelled, and the
  // server exits within the grace period plus 1 s, saying so (3).
  EXPECT_EQ(server.WaitExit(kGraceMs + 1000), 3);
  EXPECT_LE(MsSince(sent), kGraceMs + 1000);
  EXPECT_EQ(running.get(), 499);  // CANCELLED
}

TEST(GracefulStopTest, ASecondSigtermExitsAtOnce) {
  ServerProcess server(/*grace_ms=*/60000);
  ASSERT_TRUE(server.started());
  std::future<int> running = StartLongRequest(server);
  server.Signal(SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const Clock::time_point sent = Clock::now();
  server.Signal(SIGTERM);
  EXPECT_EQ(server.WaitExit(1000), 4);  // at once, whatever the grace period
  EXPECT_LE(MsSince(sent), 1000);
  EXPECT_EQ(running.get(), -1);  // the connection went with the process
}

TEST(GracefulStopTest, SigtermWithNothingRunningExitsCleanly) {
  ServerProcess server(/*grace_ms=*/60000);
  ASSERT_TRUE(server.started());
  server.Signal(SIGTERM);
  EXPECT_EQ(server.WaitExit(5000), 0);
}

TEST(ServerBinaryTest, HelpListsEveryFlag) {
  FILE* help = popen(IMPI_SERVER_BINARY " --help 2>&1", "r");
  ASSERT_NE(help, nullptr);
  std::string text;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), help)) > 0) text.append(buffer, n);
  pclose(help);
  for (const char* flag :
       {"grpc_address", "http_address", "no_http", "cors_origins", "reflection", "max_threads",
        "max_message_bytes", "auth_token_file", "tls_cert_file", "tls_key_file",
        "tls_client_ca_file", "max_request_ms", "max_request_work", "grace_period_ms",
        "http_allowed_hosts", "http_max_queue", "grpc_max_queue", "http_connection_threads", "http_listen_backlog",
        "http_header_timeout_ms", "http_body_timeout_ms", "http_keep_alive_ms"}) {
    EXPECT_NE(text.find(std::string("--") + flag), std::string::npos) << flag << "\n" << text;
  }
}

TEST(ServerBinaryTest, BadFlagsExitWith2BeforeListening) {
  const std::string command = std::string(IMPI_SERVER_BINARY) +
                              " --grpc_address=127.0.0.1:0 --http_address=127.0.0.1:0"
                              " --http_listen_backlog=0 > /dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
}

}  // namespace
}  // namespace impi::service
