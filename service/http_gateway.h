// service/http_gateway.h: the Umpire methods as JSON over HTTP.
//
// Overview: HttpGateway serves, on its own thread, the same code path as the
// gRPC service (UmpireService::DoAdvance ...), for clients that cannot speak
// gRPC (a browser, a virtual tabletop plugin, curl):
//
//   POST /v1/Advance, /v1/Ask, /v1/Describe   proto3 JSON in and out
//   GET  /healthz                             {"status":"SERVING"}
//   OPTIONS <any>                             CORS preflight
//
// Bodies are parsed with unknown fields rejected; answers keep the proto
// field names (snake_case) and omit fields at their defaults. Errors are JSON,
//   {"code": 3, "status": "INVALID_ARGUMENT", "message": "state.units[0].id: ..."}
// with the matching HTTP status (HttpStatusFor). A body over the limit is 413,
// an unknown path 404, a known path with the wrong method 405. CORS: an Origin
// in the allow-list (or any, if the list holds "*") gets
// Access-Control-Allow-Origin echoed back, with Vary: Origin and the allowed
// methods and headers; a preflight from any other origin is 403.
//
// Usage:
//   HttpGateway gateway(&service, options);
//   absl::Status s = gateway.Start();   // listening when it returns
//   int port = gateway.port();
//   gateway.Stop();
//
// Thread safety: Start and Stop from one thread; requests are served on a
// pool of at most `max_threads` threads.
#ifndef IMPI_SERVICE_HTTP_GATEWAY_H_
#define IMPI_SERVICE_HTTP_GATEWAY_H_

#include <grpcpp/support/status.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "service/umpire_service.h"

namespace httplib {
class Server;
}  // namespace httplib

namespace impi::service {

struct HttpGatewayOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  std::vector<std::string> cors_origins;
  size_t max_message_bytes = 4 * 1024 * 1024;
  int max_threads = 16;
};

// The HTTP status for a gRPC status code (INVALID_ARGUMENT 400, NOT_FOUND 404,
// RESOURCE_EXHAUSTED 429, UNIMPLEMENTED 501 ...).
int HttpStatusFor(grpc::StatusCode code);

// {"code": <n>, "status": "<NAME>", "message": "<message>"}
std::string ErrorJson(grpc::StatusCode code, const std::string& message);

class HttpGateway {
 public:
  // `service` must outlive the gateway.
  HttpGateway(const UmpireService* service, HttpGatewayOptions options);
  ~HttpGateway();  // Stops.
  HttpGateway(const HttpGateway&) = delete;
  HttpGateway& operator=(const HttpGateway&) = delete;

  // Binds and starts serving. UNAVAILABLE if the address cannot be bound.
  absl::Status Start();
  // The bound port (0 before Start).
  int port() const { return port_; }
  // Stops accepting, finishes requests in flight, joins the thread. Idempotent.
  void Stop();

 private:
  bool OriginAllowed(const std::string& origin) const;
  void Route();

  const UmpireService* service_;
  HttpGatewayOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  std::atomic<bool> listen_returned_{false};
  int port_ = 0;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_HTTP_GATEWAY_H_
