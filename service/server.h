// service/server.h: the impi server, gRPC and JSON over HTTP in one process.
//
// Overview: ImpiServer serves impi.v1.Umpire over gRPC (with the standard
// health service, and reflection only when asked) and the same methods as
// JSON over HTTP (`POST /v1/<Method>`, proto3 JSON mapping, unknown fields
// rejected, a body limit, CORS with an origin allow-list). The service layer
// validates and converts; it knows no rule set by name. It serves the rule
// sets, wire adapters and policies the engine's registries hold: the binary
// registers them first (impi::RegisterEverything, root/register.h).
//
// Usage:
//   impi::RegisterEverything();                  // once, in main
//   ServerOptions o; o.grpc_address = "127.0.0.1:0"; o.http_port = 0;
//   auto server = ImpiServer::Start(o);         // ports chosen by the OS
//   int port = (*server)->grpc_port();
//   (*server)->Shutdown();                     // or Drain(grace): see below
//
// Thread safety: Start/Shutdown from one thread; requests are served on a
// bounded pool of threads.
#ifndef IMPI_SERVICE_SERVER_H_
#define IMPI_SERVICE_SERVER_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace grpc {
class Service;
}  // namespace grpc

namespace impi::service {

// The most request threads a listener may have (ServerOptions::max_threads).
inline constexpr int kMaxThreads = 1024;

struct ServerOptions {
  std::string grpc_address = "127.0.0.1:50051";  // port 0: any free port
  bool enable_http = true;
  std::string http_host = "127.0.0.1";
  int http_port = 8080;                          // 0: any free port
  std::vector<std::string> cors_origins;         // allowed Origin values; "*" allows any
  // Host header values the HTTP front serves besides IP addresses and
  // loopback names; "*": any (service/http_gateway.h).
  std::vector<std::string> http_allowed_hosts;
  int http_max_queue = 64;            // HTTP requests waiting for the engine; then 503
  int grpc_max_queue = 64;            // gRPC calls waiting for the engine; then UNAVAILABLE
  int http_connection_threads = 0;    // 0: max(64, 4 * max_threads)
  int http_listen_backlog = 1024;
  int http_header_timeout_ms = 5000;  // a request's headers, from its first byte
  int http_body_timeout_ms = 30000;   // its body, from the end of its headers
  int http_keep_alive_ms = 5000;      // an idle kept-alive connection
  int http_first_byte_ms = 2000;      // a new connection's first byte
  // Open HTTP connections in all and from one client address; one more is
  // 503 at once (a kept-alive idle one is closed first if there is one).
  int http_max_connections = 512;
  int http_max_connections_per_client = 64;
  // The most bytes a picture of POST /v1/Render may have (429 past it).
  size_t max_render_bytes = 2 * 1024 * 1024;
  bool reflection = false;
  // When set, every gRPC call of the Umpire and of `services` (metadata
  // "authorization") and every HTTP request but /healthz and preflights
  // (header Authorization) must carry "Bearer <auth_token>":
  // UNAUTHENTICATED (HTTP 401) otherwise. gRPC health stays open, for load
  // balancers (docs/security.md).
  std::string auth_token;
  // TLS on both fronts (gRPC over TLS, HTTPS): a PEM certificate chain and
  // its private key (files); both or neither. With tls_client_ca_file,
  // clients of either front must present a certificate signed by one of its
  // CAs (docs/security.md).
  std::string tls_cert_file;
  std::string tls_key_file;
  std::string tls_client_ca_file;
  int max_threads = 16;                          // 1..kMaxThreads
  size_t max_message_bytes = 4 * 1024 * 1024;
  // The server's own deadline for an Advance or Ask, in ms (a caller's
  // shorter deadline wins; DEADLINE_EXCEEDED past it); 0: none.
  int64_t max_request_ms = 120000;
  // Drain: how long gRPC calls are still taken once health says
  // NOT_SERVING, before the gRPC listener closes (bounded by the grace).
  int drain_notice_ms = 1000;
  // The most dice, cards and decisions one request may take
  // (RESOURCE_EXHAUSTED past it); 0: no limit.
  int64_t max_request_work = 10000000;
  // More gRPC services served beside the Umpire (impi-server adds
  // impi.v1.Arena, service/arena_service.h); not owned, they must outlive
  // the server. gRPC only: the JSON/HTTP gateway serves the Umpire. With
  // auth_token set, each must be a TokenGuarded (umpire_service.h), which
  // the server gives the token; Start is INVALID_ARGUMENT otherwise. A
  // BoundedService (umpire_service.h) gets gRPC threads for the calls it
  // may hold, over the Umpire's, and is drained and cancelled with it.
  std::vector<grpc::Service*> services;
};

class ImpiServer {
 public:
  virtual ~ImpiServer() = default;
  // Starts serving; returns once both listeners accept connections.
  static absl::StatusOr<std::unique_ptr<ImpiServer>> Start(const ServerOptions& options);
  virtual int grpc_port() const = 0;
  virtual int http_port() const = 0;  // 0 if HTTP is off
  // Stops at once: steps in flight are cancelled (CANCELLED). Idempotent.
  virtual void Shutdown() = 0;
  virtual void Wait() = 0;            // blocks until Shutdown
  // A graceful stop, bounded: health turns NOT_SERVING (gRPC health and
  // /healthz) and new HTTP requests are refused (503) at once; gRPC calls
  // are still taken for ServerOptions::drain_notice_ms (within `grace`),
  // then the gRPC listener closes and new streams are refused at the
  // transport (GOAWAY; a balancer sends them to another replica). The calls
  // in flight (Advance, Ask, Render, those of a BoundedService such as the
  // Arena's; those still waiting for the engine or a place included) get
  // `grace` from the signal to finish, then are cancelled (CANCELLED);
  // then Shutdown. True if nothing had to be cancelled.
  virtual bool Drain(std::chrono::milliseconds grace) = 0;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_SERVER_H_
