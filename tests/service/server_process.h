// tests/service/server_process.h: the impi-server binary as a child process
// on loopback ports the OS chooses, for the tests that signal it, read its
// /proc status or pass it flags (graceful stops, the bounds on every route).
//
// Usage:
//   ServerProcess server(/*grace_ms=*/1000, {"--max_render_bytes=65536"});
//   ASSERT_TRUE(server.started());
//   server.Http().Get("/healthz");  server.Signal(SIGTERM);  server.WaitExit(2000);
#ifndef IMPI_TESTS_SERVICE_SERVER_PROCESS_H_
#define IMPI_TESTS_SERVICE_SERVER_PROCESS_H_

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <future>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#ifndef IMPI_SERVER_BINARY
#error "IMPI_SERVER_BINARY: the path of impi-server"
#endif

namespace impi::service::testing {

using Clock = std::chrono::steady_clock;

inline int64_t MsSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// impi-server as a child process on ports the OS chooses.
class ServerProcess {
 public:
  // With --grace_period_ms=`grace_ms` and the flags `more`.
  explicit ServerProcess(int grace_ms, std::vector<std::string> more = {}) {
    int out[2];
    if (pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      std::vector<std::string> args = {IMPI_SERVER_BINARY, "--grpc_address=127.0.0.1:0",
                                       "--http_address=127.0.0.1:0",
                                       "--grace_period_ms=" + std::to_string(grace_ms)};
      args.insert(args.end(), more.begin(), more.end());
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(IMPI_SERVER_BINARY, argv.data());
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
  pid_t pid() const { return pid_; }
  int grpc_port() const { return grpc_port_; }
  int http_port() const { return http_port_; }
  // A field of the process's /proc status in kB or as a count ("VmRSS",
  // "VmHWM", "Threads"); -1 if it cannot be read.
  int64_t Status(const std::string& field) const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind(field + ":", 0) == 0) return std::stoll(line.substr(field.size() + 1));
    }
    return -1;
  }
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
  // A unary gRPC call of `method` with the raw bytes `body`, on a new
  // channel; the answer's bytes in `*answer` when it is OK.
  grpc::Status GrpcCall(const std::string& method, const std::string& body, std::string* answer,
                        int deadline_s = 5) const {
    auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(grpc_port_),
                                       grpc::InsecureChannelCredentials());
    grpc::GenericStub generic(channel);
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(deadline_s));
    grpc::Slice slice(body);
    const grpc::ByteBuffer request(&slice, 1);
    grpc::ByteBuffer response;
    std::promise<grpc::Status> done;
    generic.UnaryCall(&ctx, method, grpc::StubOptions(), &request, &response,
                      [&done](grpc::Status s) { done.set_value(s); });
    const grpc::Status status = done.get_future().get();
    std::vector<grpc::Slice> slices;
    if (status.ok() && answer != nullptr && response.Dump(&slices).ok()) {
      answer->clear();
      for (const grpc::Slice& s : slices) answer->append(reinterpret_cast<const char*>(s.begin()), s.size());
    }
    return status;
  }
  // grpc.health.v1.Health/Check for the whole server: the raw answer
  // ("\x08\x01" SERVING, "\x08\x02" NOT_SERVING) or the error.
  std::string GrpcHealth() const {
    std::string out;
    const grpc::Status status = GrpcCall("/grpc.health.v1.Health/Check", "", &out);
    if (!status.ok()) return "error " + std::to_string(status.error_code());
    return out;
  }

 private:
  pid_t pid_ = -1;
  FILE* banner_ = nullptr;
  int grpc_port_ = 0;
  int http_port_ = 0;
  bool exited_ = false;
};

}  // namespace impi::service::testing

#endif  // IMPI_TESTS_SERVICE_SERVER_PROCESS_H_
