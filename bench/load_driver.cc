// bench/load_driver.cc: a bounded mixed load (gRPC and JSON over HTTP) on a
// running impi-server, with the server's resources and the latencies over
// time. Run by `./dev soak` (docs/reliability.md, "Load and soak").
//
//   load_driver --grpc=127.0.0.1:P --http=127.0.0.1:Q --pid=<server pid>
//               [--minutes=30] [--capacity_seconds=20] [--load_fraction=0.7]
//               [--clients=8] [--report_seconds=30] REQUEST.json ...
//
// Each REQUEST.json is an AdvanceRequest (`impi example NAME --request`);
// the driver sends them in turn, every other one over gRPC and over JSON on
// a kept-alive HTTP connection, each with its own dice seed.
//
// 1. Capacity: `clients` closed-loop clients (half gRPC, half HTTP) send as
//    fast as they are answered for capacity_seconds: the requests answered
//    a second is the capacity.
// 2. Load: requests are started at load_fraction of that rate, on a fixed
//    schedule (open loop), for `minutes`; a request's latency counts from
//    when the schedule said to send it, so a server that falls behind shows
//    it. Every report_seconds a line: requests answered and failed, the
//    latency percentiles of the interval, and the server's RSS, threads and
//    open file descriptors (/proc/<pid>/status, /proc/<pid>/fd).
//
// Exit code 0 if every request of the load phase was answered OK, 1 if any
// failed, 2 on bad arguments. It asserts nothing else: the figures are for
// reading (a growth of RSS, threads or descriptors over a long run is a leak).
#include <dirent.h>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "impi/v1/umpire.grpc.pb.h"

ABSL_FLAG(std::string, grpc, "127.0.0.1:50051", "the server's gRPC address");
ABSL_FLAG(std::string, http, "127.0.0.1:8080", "the server's JSON/HTTP address (host:port)");
ABSL_FLAG(int, pid, 0, "the server's process id, for its RSS, threads and descriptors");
ABSL_FLAG(double, minutes, 30, "how long the load runs");
ABSL_FLAG(double, capacity_seconds, 20, "how long the capacity is measured");
ABSL_FLAG(double, load_fraction, 0.7, "the load, as a fraction of the capacity");
ABSL_FLAG(int, clients, 8, "closed-loop clients while measuring the capacity");
ABSL_FLAG(double, report_seconds, 30, "a line of figures this often");

namespace {

using Clock = std::chrono::steady_clock;

struct Request {
  impi::v1::AdvanceRequest proto;
};

// What one client holds: a gRPC stub (the channel is shared) and its own
// kept-alive HTTP connection.
class Client {
 public:
  Client(std::shared_ptr<grpc::Channel> channel, const std::string& host, int port)
      : stub_(impi::v1::Umpire::NewStub(channel)), http_(host, port) {
    http_.set_keep_alive(true);
    http_.set_tcp_nodelay(true);
    http_.set_read_timeout(60, 0);
  }

  // Sends `request` with dice seed `seed` over gRPC or HTTP; "" if answered
  // OK, else what went wrong ("grpc RESOURCE_EXHAUSTED", "http 503").
  std::string Send(const Request& request, int64_t seed, bool over_grpc) {
    impi::v1::AdvanceRequest r = request.proto;
    r.mutable_dice()->set_seed(static_cast<uint64_t>(seed));
    if (over_grpc) {
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
      impi::v1::AdvanceResponse out;
      const grpc::Status s = stub_->Advance(&ctx, r, &out);
      return s.ok() ? ""
                    : absl::StrCat("grpc ", absl::StatusCodeToString(static_cast<absl::StatusCode>(
                                                static_cast<int>(s.error_code()))));
    }
    google::protobuf::util::JsonPrintOptions o;
    o.preserve_proto_field_names = true;
    std::string body;
    if (!google::protobuf::util::MessageToJsonString(r, &body, o).ok()) return "json print";
    auto res = http_.Post("/v1/Advance", body, "application/json");
    if (!res) return absl::StrCat("http ", httplib::to_string(res.error()));
    return res->status == 200 ? "" : absl::StrCat("http ", res->status);
  }

 private:
  std::unique_ptr<impi::v1::Umpire::Stub> stub_;
  httplib::Client http_;
};

// Latencies and failures, collected by many threads, taken per interval.
class Tally {
 public:
  void Add(double ms, const std::string& error) {
    std::lock_guard<std::mutex> lock(mu_);
    if (error.empty()) {
      ms_.push_back(ms);
      all_ms_.push_back(ms);
    } else {
      ++errors_[error];
      ++failed_;
    }
  }
  // The interval's latencies (and clears them) and failures so far.
  std::vector<double> Take(int64_t* failed) {
    std::lock_guard<std::mutex> lock(mu_);
    *failed = failed_;
    std::vector<double> out;
    out.swap(ms_);
    return out;
  }
  std::vector<double> All() {
    std::lock_guard<std::mutex> lock(mu_);
    return all_ms_;
  }
  std::map<std::string, int64_t> Errors() {
    std::lock_guard<std::mutex> lock(mu_);
    return errors_;
  }

 private:
  std::mutex mu_;
  std::vector<double> ms_;
  std::vector<double> all_ms_;
  std::map<std::string, int64_t> errors_;
  int64_t failed_ = 0;
};

double Percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

// The server's resources: VmRSS in MB, threads, open descriptors.
struct Resources {
  double rss_mb = 0;
  int threads = 0;
  int fds = 0;
};

Resources Measure(int pid) {
  Resources r;
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  std::string line;
  while (std::getline(status, line)) {
    int64_t value = 0;
    const auto field = [&](const char* name) {
      const std::string prefix = absl::StrCat(name, ":");
      if (line.rfind(prefix, 0) != 0) return false;
      std::string rest = line.substr(prefix.size());
      rest.erase(std::remove_if(rest.begin(), rest.end(), [](char c) { return !isdigit(c); }),
                 rest.end());
      return absl::SimpleAtoi(rest, &value);
    };
    if (field("VmRSS")) r.rss_mb = static_cast<double>(value) / 1024.0;
    if (field("Threads")) r.threads = static_cast<int>(value);
  }
  if (DIR* dir = opendir(absl::StrCat("/proc/", pid, "/fd").c_str())) {
    while (dirent* e = readdir(dir)) {
      if (e->d_name[0] != '.') ++r.fds;
    }
    closedir(dir);
  }
  return r;
}

double Seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

void Line(const char* phase, double t, int64_t done, int64_t failed, std::vector<double> ms,
          double seconds, int pid) {
  const Resources r = Measure(pid);
  std::printf(
      "%-8s t=%6.0fs  answered %7lld (%6.1f/s)  failed %4lld  latency ms p50 %7.1f  p90 %7.1f  "
      "p99 %7.1f  max %7.1f  |  server RSS %6.1f MB  threads %3d  fds %3d\n",
      phase, t, static_cast<long long>(done), seconds > 0 ? static_cast<double>(ms.size()) / seconds : 0,
      static_cast<long long>(failed), Percentile(ms, 0.5), Percentile(ms, 0.9), Percentile(ms, 0.99),
      ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()), r.rss_mb, r.threads, r.fds);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> files = absl::ParseCommandLine(argc, argv);
  files.erase(files.begin());
  if (files.empty()) {
    std::fprintf(stderr, "load_driver: give one or more AdvanceRequest JSON files\n");
    return 2;
  }
  std::vector<Request> requests;
  for (const char* path : files) {
    std::ifstream in(path);
    const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Request r;
    if (!google::protobuf::util::JsonStringToMessage(json, &r.proto).ok()) {
      std::fprintf(stderr, "load_driver: %s is not an AdvanceRequest\n", path);
      return 2;
    }
    requests.push_back(std::move(r));
  }
  const std::string http = absl::GetFlag(FLAGS_http);
  const size_t colon = http.rfind(':');
  int http_port = 0;
  if (colon == std::string::npos || !absl::SimpleAtoi(http.substr(colon + 1), &http_port)) {
    std::fprintf(stderr, "load_driver: --http=%s is not host:port\n", http.c_str());
    return 2;
  }
  const std::string http_host = http.substr(0, colon);
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 * 1024 * 1024);
  auto channel = grpc::CreateCustomChannel(absl::GetFlag(FLAGS_grpc),
                                           grpc::InsecureChannelCredentials(), args);
  const int pid = absl::GetFlag(FLAGS_pid);
  const int clients = std::max(2, absl::GetFlag(FLAGS_clients));
  const double report_s = std::max(1.0, absl::GetFlag(FLAGS_report_seconds));
  std::atomic<int64_t> next{0};

  // 1. Capacity: closed loop.
  {
    const Clock::time_point start = Clock::now();
    const Clock::time_point end =
        start + std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(absl::GetFlag(FLAGS_capacity_seconds)));
    Tally tally;
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
      threads.emplace_back([&, c] {
        Client client(channel, http_host, http_port);
        while (Clock::now() < end) {
          const int64_t k = next++;
          const Clock::time_point t = Clock::now();
          const std::string error =
              client.Send(requests[static_cast<size_t>(k) % requests.size()], k, c % 2 == 0);
          tally.Add(Seconds(Clock::now() - t) * 1000, error);
        }
      });
    }
    for (std::thread& t : threads) t.join();
    int64_t failed = 0;
    std::vector<double> ms = tally.Take(&failed);
    const double seconds = Seconds(Clock::now() - start);
    Line("capacity", seconds, static_cast<int64_t>(ms.size()), failed, ms, seconds, pid);
    const double capacity = static_cast<double>(ms.size()) / seconds;
    const double rate = capacity * absl::GetFlag(FLAGS_load_fraction);
    std::printf("capacity %.1f requests/s with %d closed-loop clients; load at %.1f/s (%.0f%%) "
                "for %.1f minutes\n",
                capacity, clients, rate, 100 * absl::GetFlag(FLAGS_load_fraction),
                absl::GetFlag(FLAGS_minutes));
    std::fflush(stdout);
    if (rate <= 0) return 1;

    // 2. Load: open loop at `rate`, on enough workers that a slow answer
    // does not hold the schedule back (up to 4 per closed-loop client).
    const Resources before = Measure(pid);
    const Clock::time_point load_start = Clock::now();
    const Clock::time_point load_end =
        load_start + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(absl::GetFlag(FLAGS_minutes) * 60));
    const auto interval = std::chrono::duration<double>(1.0 / rate);
    std::atomic<int64_t> ticket{0};
    std::atomic<int64_t> answered{0};
    Tally load;
    std::vector<std::thread> workers;
    for (int w = 0; w < 4 * clients; ++w) {
      workers.emplace_back([&] {
        Client client(channel, http_host, http_port);
        for (;;) {
          const int64_t k = ticket++;
          const Clock::time_point due =
              load_start + std::chrono::duration_cast<Clock::duration>(interval * k);
          if (due >= load_end) return;
          std::this_thread::sleep_until(due);
          const std::string error =
              client.Send(requests[static_cast<size_t>(k) % requests.size()], k, k % 2 == 0);
          load.Add(Seconds(Clock::now() - due) * 1000, error);
          ++answered;
        }
      });
    }
    Clock::time_point last = load_start;
    while (Clock::now() < load_end) {
      const Clock::time_point wake =
          std::min(load_end, last + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(report_s)));
      std::this_thread::sleep_until(wake);
      int64_t failed_so_far = 0;
      std::vector<double> ms_now = load.Take(&failed_so_far);
      Line("load", Seconds(Clock::now() - load_start), answered, failed_so_far, ms_now,
           Seconds(Clock::now() - last), pid);
      last = Clock::now();
    }
    for (std::thread& t : workers) t.join();
    int64_t failed_total = 0;
    load.Take(&failed_total);
    std::vector<double> all = load.All();
    const Resources after = Measure(pid);
    std::printf(
        "load total: %lld answered, %lld failed in %.1f s; latency ms p50 %.1f p90 %.1f p99 %.1f "
        "p99.9 %.1f max %.1f; server RSS %.1f -> %.1f MB, threads %d -> %d, fds %d -> %d\n",
        static_cast<long long>(all.size()), static_cast<long long>(failed_total),
        Seconds(Clock::now() - load_start), Percentile(all, 0.5), Percentile(all, 0.9),
        Percentile(all, 0.99), Percentile(all, 0.999),
        all.empty() ? 0 : *std::max_element(all.begin(), all.end()), before.rss_mb, after.rss_mb,
        before.threads, after.threads, before.fds, after.fds);
    for (const auto& [error, k] : load.Errors()) {
      std::printf("  failed: %s x %lld\n", error.c_str(), static_cast<long long>(k));
    }
    return failed_total == 0 ? 0 : 1;
  }
}
