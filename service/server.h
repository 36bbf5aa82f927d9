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
//   (*server)->Shutdown();
//
// Thread safety: Start/Shutdown from one thread; requests are served on a
// bounded pool of threads.
#ifndef IMPI_SERVICE_SERVER_H_
#define IMPI_SERVICE_SERVER_H_

#include <cstddef>
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
  bool reflection = false;
  int max_threads = 16;                          // 1..kMaxThreads
  size_t max_message_bytes = 4 * 1024 * 1024;
  // More gRPC services served beside the Umpire (impi-server adds
  // impi.v1.Arena, service/arena_service.h); not owned, they must outlive
  // the server. gRPC only: the JSON/HTTP gateway serves the Umpire.
  std::vector<grpc::Service*> services;
};

class ImpiServer {
 public:
  virtual ~ImpiServer() = default;
  // Starts serving; returns once both listeners accept connections.
  static absl::StatusOr<std::unique_ptr<ImpiServer>> Start(const ServerOptions& options);
  virtual int grpc_port() const = 0;
  virtual int http_port() const = 0;  // 0 if HTTP is off
  virtual void Shutdown() = 0;        // idempotent
  virtual void Wait() = 0;            // blocks until Shutdown
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_SERVER_H_
