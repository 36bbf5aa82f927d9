// service/main.cc: impi-server, the umpire over gRPC and JSON/HTTP.
//
//   impi-server [--grpc_address=127.0.0.1:50051] [--http_address=127.0.0.1:8080]
//               [--no_http] [--cors_origins=https://a.example,https://b.example]
//               [--reflection] [--max_threads=16] [--max_message_bytes=4194304]
//               [--web_root=DIR]
//
// The JSON/HTTP listener also serves the players' web page (clients/web/, at
// /) with the built-in scenarios and the table's picture (POST /v1/Render,
// drawn by clients/cli/render.h): service/web_static.h.
//
// Both listeners default to loopback: gRPC 1.51 has known advisories, so put a
// maintained proxy in front before exposing the ports beyond this machine.
// SIGINT or SIGTERM shuts down cleanly (calls in flight get a few seconds).
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/numbers.h"
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

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "impi-server: the Zulu side and umpire for 1879 Anglo-Zulu War wargames, over gRPC "
      "(impi.v1.Umpire, impi.v1.Arena) and JSON/HTTP (POST /v1/Advance, /v1/Ask, /v1/Describe).");
  absl::ParseCommandLine(argc, argv);
  impi::RegisterEverything();

  // The players' page and the one renderer behind POST /v1/Render.
  impi::service::WebOptions web;
  web.root = absl::GetFlag(FLAGS_web_root);
  if (web.root.empty()) web.root = impi::service::DefaultWebRoot(IMPI_SOURCE_WEB_DIR);
  if (web.root == "none") web.root.clear();
  web.render = [](const std::string& json, bool reveal) -> absl::StatusOr<std::string> {
    impi::v1::TableState state;
    impi::cli::RenderOptions render;
    render.reveal = reveal;
    const absl::Status parsed = impi::cli::ParseRenderInput(json, &state, &render.events);
    if (!parsed.ok()) return parsed;
    return impi::cli::RenderTableSvg(state, render);
  };
  const std::string web_root = web.root;
  impi::service::SetWebOptions(std::move(web));

  impi::service::ServerOptions options;
  // impi.v1.Arena beside the Umpire (gRPC only).
  static impi::service::ArenaService arena;
  options.services.push_back(&arena);
  options.grpc_address = absl::GetFlag(FLAGS_grpc_address);
  options.enable_http = !absl::GetFlag(FLAGS_no_http);
  if (options.enable_http &&
      !SplitHostPort(absl::GetFlag(FLAGS_http_address), &options.http_host, &options.http_port)) {
    std::fprintf(stderr, "impi-server: --http_address=%s is not host:port\n",
                 absl::GetFlag(FLAGS_http_address).c_str());
    return 2;
  }
  for (absl::string_view origin :
       absl::StrSplit(absl::GetFlag(FLAGS_cors_origins), ',', absl::SkipWhitespace())) {
    options.cors_origins.emplace_back(absl::StripAsciiWhitespace(origin));
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
    return 1;
  }
  impi::service::ImpiServer* s = server->get();
  const std::string grpc_host = options.grpc_address.substr(0, options.grpc_address.rfind(':'));
  std::printf("impi-server: gRPC impi.v1.Umpire on %s:%d%s\n", grpc_host.c_str(), s->grpc_port(),
              options.reflection ? " (reflection on)" : "");
  if (options.enable_http) {
    std::printf("impi-server: JSON/HTTP on http://%s:%d\n", options.http_host.c_str(),
                s->http_port());
    if (!web_root.empty()) {
      std::printf("impi-server: the players' page on http://%s:%d/ (from %s)\n",
                  options.http_host.c_str(), s->http_port(), web_root.c_str());
    }
    std::printf("impi-server: try: curl -s -X POST http://%s:%d/v1/Describe -d '{}'\n",
                options.http_host.c_str(), s->http_port());
  }
  std::fflush(stdout);

  std::thread waiter([&signals, s] {
    int signal = 0;
    sigwait(&signals, &signal);
    std::fprintf(stderr, "impi-server: %s, shutting down\n",
                 signal == SIGINT ? "SIGINT" : "SIGTERM");
    s->Shutdown();
  });
  s->Wait();
  // Shut down by a signal: the waiter is done. (Nothing else shuts it down.)
  waiter.join();
  return 0;
}
