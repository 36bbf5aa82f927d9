// service/main.cc: impi-server, the umpire over gRPC and JSON/HTTP.
//
//   impi-server [--grpc_address=127.0.0.1:50051] [--http_address=127.0.0.1:8080]
//               [--no_http] [--cors_origins=https://a.example,https://b.example]
//               [--reflection] [--max_threads=16] [--max_message_bytes=4194304]
//               [--web_root=DIR] [--max_request_ms=120000] [--grace_period_ms=10000] ...
//   impi-server --help     every flag
//
// The JSON/HTTP listener also serves the players' web page (clients/web/, at
// /) with the built-in scenarios and the table's picture (POST /v1/Render,
// drawn by clients/cli/render.h): service/web_static.h.
//
// Both listeners default to loopback: gRPC 1.51 has known advisories, so put a
// maintained proxy in front before exposing the ports beyond this machine.
//
// Stopping: the first SIGINT or SIGTERM drains (health NOT_SERVING and new
// HTTP requests refused (503) at once; gRPC calls still taken for
// --drain_notice_ms, then the gRPC listener closes and new streams are
// refused at the transport, which a balancer retries elsewhere; those
// running get --grace_period_ms, then are cancelled); a second one exits at
// once. Exit codes: 0 stopped with nothing
// cancelled, 1 could not start, 2 bad flags, 3 stopped after cancelling
// requests at the end of the grace period, 4 exited at once on a second
// signal.
#include <malloc.h>
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <future>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "clients/cli/render.h"
#include "root/register.h"
#include "service/arena_service.h"
#include "service/server.h"
#include "service/web_static.h"

ABSL_FLAG(std::string, grpc_address, "127.0.0.1:50051",
          "gRPC listen address (host:port; port 0: any)");
ABSL_FLAG(std::string, http_address, "127.0.0.1:8080",
          "JSON/HTTP listen address (host:port; port 0: any)");
ABSL_FLAG(bool, no_http, false, "serve gRPC only");
ABSL_FLAG(std::string, cors_origins, "",
          "comma-separated Origin values allowed by CORS; * allows any");
ABSL_FLAG(bool, reflection, false, "serve gRPC reflection (v1alpha)");
ABSL_FLAG(int, max_threads, 16, "at most this many request threads per listener (1 to 1024)");
ABSL_FLAG(int, max_message_bytes, 4 * 1024 * 1024, "largest request accepted, in bytes");
ABSL_FLAG(std::string, web_root, "",
          "the web page's folder (clients/web); empty: <binary dir>/web, "
          "<binary dir>/../share/impi/web, then the source tree's clients/web; none: no page");
ABSL_FLAG(int64_t, max_request_ms, 120000,
          "the longest an Advance or Ask may run, in ms (a caller's shorter deadline wins; "
          "DEADLINE_EXCEEDED past it; 0: no limit)");
ABSL_FLAG(int64_t, max_request_work, 10000000,
          "the most steps of work one request may take: dice, cards, Zulu decisions, units "
          "placed (RESOURCE_EXHAUSTED past it; 0: no limit)");
ABSL_FLAG(std::string, auth_token_file, "",
          "a file holding a bearer token: every gRPC call (Umpire, Arena; not health) and HTTP "
          "request (but /healthz) must then carry Authorization: Bearer <token>");
ABSL_FLAG(std::string, tls_cert_file, "",
          "TLS on both fronts (gRPC over TLS and HTTPS): a PEM certificate chain file (with "
          "--tls_key_file)");
ABSL_FLAG(std::string, tls_key_file, "", "TLS: the certificate's PEM private key file");
ABSL_FLAG(std::string, tls_client_ca_file, "",
          "TLS: clients of both fronts must present a certificate signed by a CA in this PEM "
          "file");
ABSL_FLAG(int, grace_period_ms, 10000,
          "on SIGTERM or SIGINT, how long requests in flight may finish before they are "
          "cancelled");
ABSL_FLAG(int, drain_notice_ms, 1000,
          "on SIGTERM or SIGINT, how long gRPC calls are still taken once health says NOT_SERVING, "
          "before the gRPC listener closes (within the grace period)");
ABSL_FLAG(std::string, http_allowed_hosts, "",
          "comma-separated Host header values served besides IP addresses and loopback names "
          "(against DNS rebinding); * allows any");
ABSL_FLAG(int, http_max_queue, 64,
          "HTTP requests that may wait for a request thread; one more is answered 503");
ABSL_FLAG(int, grpc_max_queue, 64,
          "gRPC Advance and Ask calls that may wait for a request thread (each until its "
          "deadline); one more is answered UNAVAILABLE");
ABSL_FLAG(int, http_connection_threads, 0,
          "threads reading and writing HTTP connections (0: max(64, 4 * max_threads))");
ABSL_FLAG(int, http_listen_backlog, 1024, "HTTP connections the kernel may hold unaccepted");
ABSL_FLAG(int, http_header_timeout_ms, 5000,
          "an HTTP request's headers must arrive within this, from its first byte");
ABSL_FLAG(int, http_body_timeout_ms, 30000,
          "an HTTP request's body must arrive within this, from the end of its headers");
ABSL_FLAG(int, http_keep_alive_ms, 5000, "an idle kept-alive HTTP connection is closed after this");
ABSL_FLAG(int, http_first_byte_ms, 2000,
          "a new HTTP connection that sends nothing for this long is closed (until its first "
          "byte, and between kept-alive requests, a connection holds no thread)");
ABSL_FLAG(int, http_max_connections, 512,
          "open HTTP connections in all; one more is answered 503 and closed (an idle "
          "kept-alive one is closed first if there is one)");
ABSL_FLAG(int, http_max_connections_per_client, 64,
          "open HTTP connections from one client address; one more is answered 503 and closed "
          "(that address's idle kept-alive one is closed first if there is one)");
ABSL_FLAG(int, max_render_bytes, 2 * 1024 * 1024,
          "the largest picture POST /v1/Render draws, in bytes; past it 429 RESOURCE_EXHAUSTED");
ABSL_FLAG(int, arena_max_calls, 2, "impi.v1.Arena calls playing at once (1 to 256)");
ABSL_FLAG(int, arena_max_queue, 8,
          "Arena calls that may wait to play (each until its deadline); one more is answered "
          "UNAVAILABLE (0 to 1024)");
ABSL_FLAG(int, arena_max_threads, 4,
          "threads one Arena call plays on (a request asking for more gets this many; 1 to 16)");
ABSL_FLAG(int, arena_max_games, 10000, "games one Arena call may ask for (1 to 10000)");
ABSL_FLAG(int64_t, arena_max_ms, 600000,
          "the longest an Arena call may run, in ms, waiting included (a caller's shorter "
          "deadline wins; DEADLINE_EXCEEDED past it)");

namespace {

// "host:port" -> host, port. The port is after the last colon; a bracketed
// IPv6 host loses its brackets.
bool SplitHostPort(const std::string& address, std::string* host, int* port) {
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos || colon == 0) return false;
  std::string h = address.substr(0, colon);
  if (h.size() >= 2 && h.front() == '[' && h.back() == ']') h = h.substr(1, h.size() - 2);
  int p = 0;
  if (!absl::SimpleAtoi(address.substr(colon + 1), &p) || p < 0 || p > 65535) return false;
  *host = h;
  *port = p;
  return true;
}

// "a, b,,c" -> {"a", "b", "c"}.
std::vector<std::string> List(const std::string& flag) {
  std::vector<std::string> out;
  for (absl::string_view item : absl::StrSplit(flag, ',', absl::SkipWhitespace())) {
    out.emplace_back(absl::StripAsciiWhitespace(item));
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  // --help lists this file's flags (absl matches flag files to the program's
  // name by default, which "impi-server" and "main.cc" do not share).
  absl::FlagsUsageConfig usage;
  usage.contains_help_flags = [](absl::string_view path) {
    return absl::EndsWith(path, "service/main.cc");
  };
  usage.contains_helpshort_flags = usage.contains_help_flags;
  absl::SetFlagsUsageConfig(usage);
  absl::SetProgramUsageMessage(
      "the Zulu side and umpire for 1879 Anglo-Zulu War wargames, over gRPC "
      "(impi.v1.Umpire, impi.v1.Arena) and JSON/HTTP (POST /v1/Advance, /v1/Ask, /v1/Describe).");
  absl::ParseCommandLine(argc, argv);
  // Blocks of 128 KiB or more (bodies, parsed tables, pictures) are mapped
  // and go back to the system when freed: glibc otherwise raises this
  // threshold as such blocks are freed and keeps them in each thread's
  // heap, so that the memory of a few large requests on different threads
  // adds up (docs/reliability.md, "Bounds on every route").
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  impi::RegisterEverything();

  // The players' page and the one renderer behind POST /v1/Render.
  impi::service::WebOptions web;
  web.root = absl::GetFlag(FLAGS_web_root);
  if (web.root.empty()) web.root = impi::service::DefaultWebRoot(IMPI_SOURCE_WEB_DIR);
  if (web.root == "none") web.root.clear();
  web.render = [](const std::string& json, bool reveal,
                  const impi::service::RenderLimits& limits) -> absl::StatusOr<std::string> {
    impi::v1::TableState state;
    impi::cli::RenderOptions render;
    render.reveal = reveal;
    const absl::Status parsed = impi::cli::ParseRenderInput(json, &state, &render.events);
    if (!parsed.ok()) return parsed;
    if (state.units_size() > limits.max_units) {
      return absl::InvalidArgumentError(absl::StrCat("state.units: ", state.units_size(),
                                                     " units is over the limit of ",
                                                     limits.max_units));
    }
    render.max_bytes = limits.max_bytes;
    render.stop = limits.stop;
    return impi::cli::RenderTableSvgWithin(state, render);
  };
  const std::string web_root = web.root;
  impi::service::SetWebOptions(std::move(web));

  impi::service::ServerOptions options;
  // impi.v1.Arena beside the Umpire (gRPC only), within its limits.
  impi::service::ArenaLimits arena_limits;
  arena_limits.max_calls = absl::GetFlag(FLAGS_arena_max_calls);
  arena_limits.max_queue = absl::GetFlag(FLAGS_arena_max_queue);
  arena_limits.max_threads = absl::GetFlag(FLAGS_arena_max_threads);
  arena_limits.max_games = absl::GetFlag(FLAGS_arena_max_games);
  arena_limits.max_ms = absl::GetFlag(FLAGS_arena_max_ms);
  if (const absl::Status checked = impi::service::CheckArenaLimits(arena_limits); !checked.ok()) {
    std::fprintf(stderr, "impi-server: --%s\n", std::string(checked.message()).c_str());
    return 2;
  }
  static impi::service::ArenaService arena(arena_limits);
  options.services.push_back(&arena);
  options.grpc_address = absl::GetFlag(FLAGS_grpc_address);
  options.enable_http = !absl::GetFlag(FLAGS_no_http);
  if (options.enable_http &&
      !SplitHostPort(absl::GetFlag(FLAGS_http_address), &options.http_host, &options.http_port)) {
    std::fprintf(stderr, "impi-server: --http_address=%s is not host:port\n",
                 absl::GetFlag(FLAGS_http_address).c_str());
    return 2;
  }
  options.cors_origins = List(absl::GetFlag(FLAGS_cors_origins));
  options.http_allowed_hosts = List(absl::GetFlag(FLAGS_http_allowed_hosts));
  options.max_request_ms = absl::GetFlag(FLAGS_max_request_ms);
  options.max_request_work = absl::GetFlag(FLAGS_max_request_work);
  options.http_max_queue = absl::GetFlag(FLAGS_http_max_queue);
  options.grpc_max_queue = absl::GetFlag(FLAGS_grpc_max_queue);
  options.http_connection_threads = absl::GetFlag(FLAGS_http_connection_threads);
  options.http_listen_backlog = absl::GetFlag(FLAGS_http_listen_backlog);
  options.http_header_timeout_ms = absl::GetFlag(FLAGS_http_header_timeout_ms);
  options.http_body_timeout_ms = absl::GetFlag(FLAGS_http_body_timeout_ms);
  options.http_keep_alive_ms = absl::GetFlag(FLAGS_http_keep_alive_ms);
  options.http_first_byte_ms = absl::GetFlag(FLAGS_http_first_byte_ms);
  options.http_max_connections = absl::GetFlag(FLAGS_http_max_connections);
  options.http_max_connections_per_client = absl::GetFlag(FLAGS_http_max_connections_per_client);
  if (absl::GetFlag(FLAGS_max_render_bytes) <= 0) {
    std::fprintf(stderr, "impi-server: --max_render_bytes must be > 0\n");
    return 2;
  }
  options.max_render_bytes = static_cast<size_t>(absl::GetFlag(FLAGS_max_render_bytes));
  if (const std::string path = absl::GetFlag(FLAGS_auth_token_file); !path.empty()) {
    std::ifstream in(path);
    std::string token((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    options.auth_token = std::string(absl::StripAsciiWhitespace(token));
    if (!in.good() && !in.eof()) options.auth_token.clear();
    if (options.auth_token.empty()) {
      std::fprintf(stderr, "impi-server: --auth_token_file=%s: no token read\n", path.c_str());
      return 2;
    }
  }
  options.tls_cert_file = absl::GetFlag(FLAGS_tls_cert_file);
  options.tls_key_file = absl::GetFlag(FLAGS_tls_key_file);
  options.tls_client_ca_file = absl::GetFlag(FLAGS_tls_client_ca_file);
  const int grace_ms = absl::GetFlag(FLAGS_grace_period_ms);
  if (grace_ms < 0) {
    std::fprintf(stderr, "impi-server: --grace_period_ms must be >= 0\n");
    return 2;
  }
  options.drain_notice_ms = absl::GetFlag(FLAGS_drain_notice_ms);
  if (options.drain_notice_ms < 0) {
    std::fprintf(stderr, "impi-server: --drain_notice_ms must be >= 0\n");
    return 2;
  }
  options.reflection = absl::GetFlag(FLAGS_reflection);
  options.max_threads = absl::GetFlag(FLAGS_max_threads);
  const int max_bytes = absl::GetFlag(FLAGS_max_message_bytes);
  if (max_bytes <= 0) {
    std::fprintf(stderr, "impi-server: --max_message_bytes must be > 0\n");
    return 2;
  }
  options.max_message_bytes = static_cast<size_t>(max_bytes);

  // Signals are taken by one thread with sigwait; block them before any other
  // thread exists so that every thread inherits the mask. A shell starts a
  // background job with SIGINT ignored, and an ignored signal never reaches
  // sigwait: restore the default first (blocked, it is never acted on).
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  auto server = impi::service::ImpiServer::Start(options);
  if (!server.ok()) {
    std::fprintf(stderr, "impi-server: %s\n", server.status().ToString().c_str());
    return server.status().code() == absl::StatusCode::kInvalidArgument ? 2 : 1;
  }
  impi::service::ImpiServer* s = server->get();
  const std::string grpc_host = options.grpc_address.substr(0, options.grpc_address.rfind(':'));
  std::printf("impi-server: gRPC impi.v1.Umpire on %s:%d%s%s\n", grpc_host.c_str(), s->grpc_port(),
              options.tls_cert_file.empty() ? "" : " (TLS)",
              options.reflection ? " (reflection on)" : "");
  if (options.enable_http) {
    const char* scheme = options.tls_cert_file.empty() ? "http" : "https";
    std::printf("impi-server: JSON/HTTP on %s://%s:%d\n", scheme, options.http_host.c_str(),
                s->http_port());
    if (!web_root.empty()) {
      std::printf("impi-server: the players' page on %s://%s:%d/ (from %s)\n", scheme,
                  options.http_host.c_str(), s->http_port(), web_root.c_str());
    }
    std::printf("impi-server: try: curl -s -X POST %s://%s:%d/v1/Describe -d '{}'\n", scheme,
                options.http_host.c_str(), s->http_port());
  }
  std::fflush(stdout);

  // The first signal drains (on its own thread, so that this one can take a
  // second signal meanwhile); the second exits at once.
  std::promise<int> code;
  std::thread waiter([&signals, &code, s, grace_ms] {
    int signal = 0;
    sigwait(&signals, &signal);
    std::fprintf(stderr, "impi-server: %s, draining (grace period %d ms; a second signal exits at once)\n",
                 signal == SIGINT ? "SIGINT" : "SIGTERM", grace_ms);
    std::thread([&code, s, grace_ms] {
      const bool clean = s->Drain(std::chrono::milliseconds(grace_ms));
      if (!clean) {
        std::fprintf(stderr, "impi-server: the grace period ran out; requests were cancelled\n");
      }
      code.set_value(clean ? 0 : 3);
    }).detach();
    sigwait(&signals, &signal);
    std::fprintf(stderr, "impi-server: second signal, exiting at once\n");
    std::fflush(stderr);
    std::_Exit(4);
  });
  waiter.detach();
  // Nothing but a signal stops the server: wait for the drain's verdict.
  const int exit_code = code.get_future().get();
  std::fprintf(stderr, "impi-server: stopped\n");
  return exit_code;
}
