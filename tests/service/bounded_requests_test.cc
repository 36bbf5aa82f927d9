// tests/service/bounded_requests_test.cc: every request's work is bounded,
// on every route, against real servers on loopback (docs/reliability.md,
// "Bounds on every route"): connections that send nothing hold no thread and
// are closed at the first-byte deadline while /healthz and the engine answer;
// the caps on connections refuse clearly and reap idle kept-alive ones;
// compressed bodies are refused uninflated; POST /v1/Render is held to the
// unit limit, its output cap and its deadline; the Arena stays within its
// calls, threads and queue while the Umpire answers; a drain cancels Arena
// calls and pictures and says so (exit code 3). The server's memory is read
// from /proc.
// clang-format off
// Before httplib.h: it includes <resolv.h>, whose `_res` macro breaks Eigen.
#include "engine/game/ruleset.h"
// clang-format on

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <chrono>
#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "impi/v1/arena.grpc.pb.h"
#include "impi/v1/umpire.grpc.pb.h"
#include "service/server.h"
#include "tests/service/proto_json.h"
#include "tests/service/raw_socket.h"
#include "tests/service/server_process.h"
#include "tests/service/tsatf_state.h"

namespace impi::service {
namespace {

using Clock = std::chrono::steady_clock;
using testing::MsSince;
using testing::ProtoJson;
using testing::RawSocket;
using testing::ServerProcess;
using testing::TsatfAdvanceRequest;

constexpr char kJson[] = "application/json";
// The body limit of the servers here (the default).
constexpr int64_t kBodyLimitKb = 4 * 1024;
// The servers whose memory is read serve on one connection thread: a thread
// keeps some of what it parsed (glibc's and the JSON parser's per-thread
// memory, about 2 MB after a 4,000-unit table, not handed back by
// malloc_trim), so that the same requests spread over many threads would
// add that up per thread, which is not what a request costs
// (docs/reliability.md, "Bounds on every route").
const std::vector<std::string> kOneConnectionThread = {"--http_connection_threads=1"};

std::unique_ptr<ImpiServer> StartServer(ServerOptions o) {
  o.grpc_address = "127.0.0.1:0";
  o.http_host = "127.0.0.1";
  o.http_port = 0;
  o.max_threads = 4;
  auto server = ImpiServer::Start(o);
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? std::move(*server) : nullptr;
}

// A fresh connection each call (httplib's client does not keep it alive).
httplib::Client Http(int port) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(60, 0);
  return c;
}

// --- Connections -------------------------------------------------------------------

TEST(BoundedConnectionsTest, SilentConnectionsHoldNoThreadAndCloseAtTheFirstByteDeadline) {
  constexpr int kFirstByteMs = 1000;
  ServerOptions o;
  o.http_first_byte_ms = kFirstByteMs;
  o.http_max_connections_per_client = 512;  // all 300 are let in, to be held
  std::unique_ptr<ImpiServer> server = StartServer(o);
  ASSERT_NE(server, nullptr);
  const int port = server->http_port();

  // 300 connections from another client address that send nothing: more
  // than the connection threads (64) and their queue together.
  std::vector<std::unique_ptr<RawSocket>> silent;
  for (int i = 0; i < 300; ++i) {
    silent.push_back(std::make_unique<RawSocket>(port, "127.0.0.2"));
    ASSERT_TRUE(silent.back()->connected()) << i;
  }
  const Clock::time_point opened = Clock::now();
  // The accept loop takes the burst of 300 first (a few ms, tens on a loaded
  // machine), then they are only held.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));

  // /healthz answers within 100 ms throughout, each on a new connection.
  int64_t worst_ms = 0;
  int checks = 0;
  while (MsSince(opened) < kFirstByteMs - 200) {
    const Clock::time_point sent = Clock::now();
    auto health = Http(port).Get("/healthz");
    worst_ms = std::max(worst_ms, MsSince(sent));
    ASSERT_TRUE(health);
    EXPECT_EQ(health->status, 200);
    ++checks;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_GE(checks, 5);
  EXPECT_LT(worst_ms, 100) << "the slowest of " << checks << " /healthz";
  std::printf("300 silent connections: the slowest of %d /healthz took %lld ms\n", checks,
              static_cast<long long>(worst_ms));
  // A normal Advance from another client completes.
  auto advance = Http(port).Post("/v1/Advance", ProtoJson(TsatfAdvanceRequest(5)), kJson);
  ASSERT_TRUE(advance);
  EXPECT_EQ(advance->status, 200) << advance->body.substr(0, 300);

  // Each silent connection is closed by the first-byte deadline (the
  // watcher looks every 20 ms; a second of slack for a loaded machine).
  for (auto& s : silent) {
    const int64_t left = kFirstByteMs + 1000 - MsSince(opened);
    s->SetReadTimeoutMs(static_cast<int>(std::max<int64_t>(1, left)));
    EXPECT_TRUE(s->ReadsClosed());
  }
  EXPECT_LE(MsSince(opened), kFirstByteMs + 1000);
  std::printf("300 silent connections: all closed %lld ms after they opened\n",
              static_cast<long long>(MsSince(opened)));
  server->Shutdown();
}

TEST(BoundedConnectionsTest, PastTheCapsAConnectionIsRefusedAtOnceAndIdleKeptAliveOnesReaped) {
  ServerOptions o;
  o.http_max_connections_per_client = 4;
  o.http_max_connections = 6;
  o.http_first_byte_ms = 20000;
  o.http_keep_alive_ms = 20000;
  std::unique_ptr<ImpiServer> server = StartServer(o);
  ASSERT_NE(server, nullptr);
  const int port = server->http_port();

  // Four silent connections from one address; a fifth is refused at once,
  // by name, before it sends anything.
  std::vector<std::unique_ptr<RawSocket>> held;
  for (int i = 0; i < 4; ++i) held.push_back(std::make_unique<RawSocket>(port, "127.0.0.2"));
  RawSocket fifth(port, "127.0.0.2");
  ASSERT_TRUE(fifth.connected());
  fifth.SetReadTimeoutMs(5000);
  std::string answer = fifth.ReadAll();
  EXPECT_EQ(answer.substr(0, 12), "HTTP/1.1 503") << answer;
  EXPECT_NE(answer.find("--http_max_connections_per_client"), std::string::npos) << answer;
  EXPECT_NE(answer.find("Retry-After: 1"), std::string::npos) << answer;

  // Another address still gets in; the total (6) is then reached by two
  // more, and a seventh is refused naming the total's flag.
  auto health = Http(port).Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
  // (The server closes that connection just after its answer.)
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  held.push_back(std::make_unique<RawSocket>(port, "127.0.0.3"));
  held.push_back(std::make_unique<RawSocket>(port, "127.0.0.3"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  RawSocket seventh(port, "127.0.0.4");
  seventh.SetReadTimeoutMs(5000);
  answer = seventh.ReadAll();
  EXPECT_EQ(answer.substr(0, 12), "HTTP/1.1 503") << answer;
  EXPECT_NE(answer.find("--http_max_connections)"), std::string::npos) << answer;

  // An idle kept-alive connection is closed to make room: free one silent
  // place, keep a served connection alive in it, then a new client comes.
  held.pop_back();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  RawSocket kept(port, "127.0.0.3");
  ASSERT_TRUE(kept.Send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  kept.SetReadTimeoutMs(200);
  kept.ReadsClosed();  // reads the answer; the connection stays open
  RawSocket newcomer(port, "127.0.0.4");
  ASSERT_TRUE(newcomer.Send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
  newcomer.SetReadTimeoutMs(5000);
  answer = newcomer.ReadAll();
  EXPECT_EQ(answer.substr(0, 15), "HTTP/1.1 200 OK") << answer;
  kept.SetReadTimeoutMs(5000);
  EXPECT_TRUE(kept.ReadsClosed());
  server->Shutdown();
}

// --- Bodies ------------------------------------------------------------------------

// `n` bytes of `c`, gzip-compressed (the library's own compressor).
std::string Gzip(size_t n, char c) {
  httplib::detail::gzip_compressor gzip;
  std::string out;
  const std::string chunk(1 << 20, c);
  for (size_t done = 0; done < n; done += chunk.size()) {
    const size_t len = std::min(chunk.size(), n - done);
    EXPECT_TRUE(gzip.compress(chunk.data(), len, done + len >= n, [&](const char* data, size_t k) {
      out.append(data, k);
      return true;
    }));
  }
  return out;
}

TEST(BoundedBodiesTest, ACompressedBodyIsRefusedUninflatedWith415) {
  ServerProcess server(/*grace_ms=*/1000, kOneConnectionThread);
  ASSERT_TRUE(server.started());
  // 64 MB of JSON whitespace in about 64 KB: past the body limit 16 times
  // over once inflated.
  const std::string bomb = Gzip(size_t{64} << 20, ' ');
  ASSERT_LT(bomb.size(), size_t{1} << 20);
  const int64_t rss_before = server.Status("VmRSS");
  for (const char* encoding : {"gzip", "deflate", "br", "GZIP, identity"}) {
    SCOPED_TRACE(encoding);
    for (const char* path : {"/v1/Advance", "/v1/Render", "/v1/Describe"}) {
      auto res = server.Http().Post(path, {{"Content-Encoding", encoding}}, bomb, kJson);
      ASSERT_TRUE(res);
      EXPECT_EQ(res->status, 415) << res->body;
      const nlohmann::json j = nlohmann::json::parse(res->body);
      EXPECT_EQ(j["status"], "INVALID_ARGUMENT");
      EXPECT_NE(j["message"].get<std::string>().find("Content-Encoding"), std::string::npos);
    }
  }
  // Identity is the plain body.
  auto plain = server.Http().Post("/v1/Describe", {{"Content-Encoding", "identity"}}, "{}", kJson);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->status, 200);
  const int64_t peak = server.Status("VmHWM");
  ASSERT_GT(rss_before, 0);
  EXPECT_LT(peak - rss_before, 2 * kBodyLimitKb) << "kB: before " << rss_before << ", peak " << peak;
  std::printf("gzip bombs: the server's peak RSS grew %lld kB\n",
              static_cast<long long>(peak - rss_before));
}

// --- Render ------------------------------------------------------------------------

// A table whose `british` and `zulus` units all stand at one spot, in close
// combat: every British unit fights every Zulu (a line each in the picture).
std::string MeleeJson(int british, int zulus) {
  v1::TableState state = testing::TsatfState();
  state.clear_units();
  for (int i = 0; i < british + zulus; ++i) {
    v1::Unit* u = state.add_units();
    const bool zulu = i >= british;
    u->set_id((zulu ? "z" : "b") + std::to_string(i));
    u->set_side(zulu ? v1::ZULU : v1::BRITISH);
    u->set_kind(zulu ? v1::REGIMENT : v1::INFANTRY);
    u->mutable_position()->set_x(30 + (i % 3) * 0.5);
    u->mutable_position()->set_y(20);
    u->mutable_figures()->set_fit(10);
    u->mutable_status()->set_in_close_combat(true);
  }
  return ProtoJson(state);
}

TEST(BoundedRenderTest, AHugeMeleeIsRefusedByNameWithinTheServersMemory) {
  ServerProcess server(/*grace_ms=*/1000, kOneConnectionThread);
  ASSERT_TRUE(server.started());
  // A small picture first: the JSON parser's type tables are built once, at
  // the first request that needs them.
  auto warm = server.Http().Post("/v1/Render", MeleeJson(2, 2), kJson);
  ASSERT_TRUE(warm);
  ASSERT_EQ(warm->status, 200);
  const int64_t rss_before = server.Status("VmRSS");
  const Clock::time_point start = Clock::now();

  // 2,000 + 2,000: past the unit limit, refused before anything is drawn.
  const std::string four_thousand = MeleeJson(2000, 2000);
  ASSERT_LT(four_thousand.size(), size_t{kBodyLimitKb} * 1024);
  auto res = server.Http().Post("/v1/Render", four_thousand, kJson);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400) << res->body.substr(0, 300);
  EXPECT_NE(res->body.find("state.units: 4000 units is over the limit of 2000"), std::string::npos)
      << res->body.substr(0, 300);

  // 1,000 + 1,000 in reach of each other: a million close-combat lines, far
  // past the picture's cap; refused by the flag's name.
  const std::string two_thousand = MeleeJson(1000, 1000);
  res = server.Http().Post("/v1/Render", two_thousand, kJson);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 429) << res->body.substr(0, 300);
  EXPECT_NE(res->body.find("--max_render_bytes"), std::string::npos) << res->body.substr(0, 300);

  // With a 1 ms deadline: past it (504) or refused as above; never drawn in full.
  for (const std::string* body : {&four_thousand, &two_thousand}) {
    res = server.Http().Post("/v1/Render", {{"Impi-Timeout-Ms", "1"}}, *body, kJson);
    ASSERT_TRUE(res);
    EXPECT_TRUE(res->status == 504 || res->status == 429 || res->status == 400)
        << res->status << " " << res->body.substr(0, 300);
  }
  // A picture within the limits is still drawn.
  res = server.Http().Post("/v1/Render", MeleeJson(20, 20), kJson);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_NE(res->body.find("class=\"fight\""), std::string::npos);

  EXPECT_LT(MsSince(start), 20000);
  const int64_t peak = server.Status("VmHWM");
  EXPECT_LT(peak - rss_before, 2 * kBodyLimitKb) << "kB: before " << rss_before << ", peak " << peak;
  std::printf("melee pictures: the server's peak RSS grew %lld kB in %lld ms\n",
              static_cast<long long>(peak - rss_before), static_cast<long long>(MsSince(start)));
}

// --- The Arena ---------------------------------------------------------------------

v1::ArenaRequest LongArena() {
  v1::ArenaRequest r;
  r.set_ruleset(v1::TSATF_ZULU_CONTROL);
  r.set_scenario("patrol");
  r.set_games(10000);
  r.set_threads(16);  // lowered to --arena_max_threads
  r.set_seed(1);
  return r;
}

// Arena streams on one channel, each read to its end on a thread of its own.
class ArenaStreams {
 public:
  ArenaStreams(int port, int n)
      : stub_(v1::Arena::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                                     grpc::InsecureChannelCredentials()))) {
    for (int i = 0; i < n; ++i) {
      contexts_.push_back(std::make_unique<grpc::ClientContext>());
      contexts_.back()->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
      calls_.push_back(std::async(std::launch::async, [this, ctx = contexts_.back().get()] {
        auto reader = stub_->Run(ctx, LongArena());
        v1::ArenaProgress m;
        while (reader->Read(&m)) ++messages_;
        return reader->Finish().error_code();
      }));
    }
  }
  ~ArenaStreams() {
    for (auto& c : contexts_) c->TryCancel();
    for (auto& f : calls_) {
      if (f.valid()) f.wait();
    }
  }
  // The calls' codes, once each has ended.
  std::vector<grpc::StatusCode> Codes() {
    std::vector<grpc::StatusCode> codes;
    for (auto& f : calls_) codes.push_back(f.get());
    return codes;
  }
  int messages() const { return messages_; }

 private:
  std::unique_ptr<v1::Arena::Stub> stub_;
  std::vector<std::unique_ptr<grpc::ClientContext>> contexts_;
  std::vector<std::future<grpc::StatusCode>> calls_;
  std::atomic<int> messages_{0};
};

TEST(BoundedArenaTest, AHundredArenaStreamsQueueWhileTheUmpireAnswersAndADrainCancelsThem) {
  constexpr int kGraceMs = 500;
  constexpr int kCalls = 2, kQueue = 100, kThreads = 2;
  ServerProcess server(kGraceMs, {"--arena_max_calls=" + std::to_string(kCalls),
                                  "--arena_max_queue=" + std::to_string(kQueue),
                                  "--arena_max_threads=" + std::to_string(kThreads),
                                  "--max_threads=4", "--grpc_max_queue=8"});
  ASSERT_TRUE(server.started());
  const int64_t idle_threads = server.Status("Threads");
  ArenaStreams arena(server.grpc_port(), 100);
  // Let the calls arrive, two play and the rest wait.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));

  auto umpire = v1::Umpire::NewStub(grpc::CreateChannel(
      "127.0.0.1:" + std::to_string(server.grpc_port()), grpc::InsecureChannelCredentials()));
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext describe_ctx;
    describe_ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    v1::DescribeResponse described;
    const grpc::Status d = umpire->Describe(&describe_ctx, v1::DescribeRequest(), &described);
    EXPECT_TRUE(d.ok()) << d.error_code() << " " << d.error_message();
    grpc::ClientContext advance_ctx;
    advance_ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    v1::AdvanceResponse advanced;
    const grpc::Status a = umpire->Advance(&advance_ctx, TsatfAdvanceRequest(5), &advanced);
    EXPECT_TRUE(a.ok()) << a.error_code() << " " << a.error_message();
  }
  // The HTTP front answers too.
  auto health = server.Http().Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);

  // Threads: the gRPC threads the server reserves (max_threads 4 + queue 8 +
  // 16 spare + the Arena's calls and queue) and the Arena's game threads
  // (calls * threads), over those of the idle server (which already has its
  // gRPC pollers and HTTP threads).
  const int64_t cap = 4 + 8 + 16 + kCalls + kQueue + kCalls * kThreads;
  const int64_t busy_threads = server.Status("Threads");
  EXPECT_LE(busy_threads - idle_threads, cap) << idle_threads << " idle, " << busy_threads;
  // More than the playing calls hold threads: the rest wait in the queue.
  EXPECT_GT(busy_threads - idle_threads, kCalls * kThreads);
  std::printf("100 Arena streams: %lld threads (%lld idle; at most %lld more allowed)\n",
              static_cast<long long>(busy_threads), static_cast<long long>(idle_threads),
              static_cast<long long>(cap));

  // SIGTERM: the streams are cancelled at the end of the grace period and
  // the exit code says so.
  const Clock::time_point sent = Clock::now();
  server.Signal(SIGTERM);
  EXPECT_EQ(server.WaitExit(kGraceMs + 1000), 3);
  EXPECT_LE(MsSince(sent), kGraceMs + 1000);
  std::printf("100 Arena streams: exit code 3 %lld ms after SIGTERM (grace %d ms)\n",
              static_cast<long long>(MsSince(sent)), kGraceMs);
  int resource_exhausted = 0;
  for (grpc::StatusCode code : arena.Codes()) {
    EXPECT_NE(code, grpc::StatusCode::OK);
    if (code == grpc::StatusCode::RESOURCE_EXHAUSTED) ++resource_exhausted;
  }
  EXPECT_EQ(resource_exhausted, 0);
  EXPECT_GT(arena.messages(), 0);  // the playing ones streamed progress
}

TEST(BoundedArenaTest, SigtermDuringARenderCancelsItWithExitCode3) {
  constexpr int kGraceMs = 50;
  // A cap high enough for a million close-combat lines (about 150 MB of
  // picture, some hundreds of ms to draw alone); four at once on this
  // machine's two cores take a few times that.
  ServerProcess server(kGraceMs, {"--max_render_bytes=1073741824"});
  ASSERT_TRUE(server.started());
  const std::string body = MeleeJson(1000, 1000);
  std::vector<std::future<int>> pictures;
  for (int i = 0; i < 4; ++i) {
    pictures.push_back(std::async(std::launch::async, [&server, &body] {
      auto res = server.Http().Post("/v1/Render", body, kJson);
      return res ? res->status : -1;
    }));
  }
  // The requests are admitted within a few ms; the drawing is under way.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const Clock::time_point sent = Clock::now();
  server.Signal(SIGTERM);
  EXPECT_EQ(server.WaitExit(kGraceMs + 1000), 3);
  EXPECT_LE(MsSince(sent), kGraceMs + 1000);
  for (auto& picture : pictures) EXPECT_EQ(picture.get(), 499);  // CANCELLED
}

}  // namespace
}  // namespace impi::service
