// service/http_gateway.h: the Umpire methods as JSON over HTTP.
//
// Overview: HttpGateway serves the same code path as the gRPC service
// (UmpireService::DoAdvance ...), for clients that cannot speak gRPC (a
// browser, a virtual tabletop plugin, curl):
//
//   POST /v1/Advance, /v1/Ask, /v1/Describe   proto3 JSON in and out
//   POST /v1/Render[?reveal=1]                the table as SVG (web_static.h)
//   GET  /healthz                             {"status":"SERVING"} (503 NOT_SERVING when draining)
//   OPTIONS <any>                             CORS preflight
//
// Bodies are parsed with unknown fields rejected; answers keep the proto
// field names (snake_case) and omit fields at their defaults. Errors are JSON,
//   {"code": 3, "status": "INVALID_ARGUMENT", "message": "state.units[0].id: ..."}
// with the matching HTTP status (HttpStatusFor).
//
// What it holds against (docs/protocol.md, "The HTTP front"):
//   - size: a body over max_message_bytes is 413 however it is framed
//     (Content-Length or chunked); headers over 64 KiB end the connection;
//     a Content-Encoding other than identity is 415 (nothing is inflated);
//   - shape: before a body is parsed, a scan refuses JSON nested deeper than
//     max_json_depth or with an array longer than max_json_array (400);
//   - slow clients: a request's headers must arrive within header_timeout_ms
//     of its first byte, its body within body_timeout_ms of the headers, or
//     the connection is closed; an idle kept-alive connection is closed after
//     keep_alive_ms;
//   - silent clients: a connection waiting for a request (its first byte
//     within first_byte_ms, the next within keep_alive_ms) holds no thread:
//     one epoll watcher holds them all; at most max_connections are open,
//     max_connections_per_client from one address: one more closes an idle
//     kept-alive one, or is 503 at once naming the flag;
//   - load: connections with bytes to read are served by a pool of
//     connection_threads (a listen backlog of listen_backlog); a connection that finds the pool and its
//     queue full is answered on a spare thread, 503 with Retry-After but for
//     /healthz (past 256 waiting for the spare threads, it is closed
//     unanswered). At most max_threads requests (Advance, Ask, Describe,
//     Render) run at once and at most max_queue wait for a place; one more
//     is 503 with Retry-After; a picture is held to max_render_bytes;
//   - TLS: with a certificate (tls_cert_pem), HTTPS only: the handshake
//     must end within header_timeout_ms; a plaintext request on the port is
//     answered 400 in plaintext and closed; with tls_client_ca_pem, a client
//     without a certificate signed by one of its CAs fails the handshake;
//   - time: a request runs at most the server's max_request_ms
//     (UmpireService), or less if it asks with the header
//     `Impi-Timeout-Ms: <n>`; past it, 504 DEADLINE_EXCEEDED. A client that
//     closes its connection cancels its request;
//   - other sites: a request whose Origin is neither allowed (cors_origins,
//     "*" for any) nor the server's own origin is 403 before anything else
//     is done, whatever its method or content type; a Host that is not an
//     IP address, a loopback name (localhost, *.localhost) or one of
//     allowed_hosts is 403 (against DNS rebinding).
//
// Usage:
//   HttpGateway gateway(&service, options);
//   absl::Status s = gateway.Start();   // listening when it returns
//   int port = gateway.port();
//   gateway.SetServing(false);          // draining: /healthz NOT_SERVING, POSTs 503
//   gateway.Stop();
//
// Thread safety: Start and Stop from one thread; SetServing, CancelAll and
// the counters from any.
#ifndef IMPI_SERVICE_HTTP_GATEWAY_H_
#define IMPI_SERVICE_HTTP_GATEWAY_H_

#include <grpcpp/support/status.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "service/umpire_service.h"

namespace google::protobuf {
class Message;
}  // namespace google::protobuf

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace impi::service {

struct HttpGatewayOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  std::vector<std::string> cors_origins;
  // Host header values allowed besides IP addresses and loopback names
  // (with or without a port); "*" allows any.
  std::vector<std::string> allowed_hosts;
  size_t max_message_bytes = 4 * 1024 * 1024;
  int max_threads = 16;        // requests running the engine at once
  int max_queue = 64;          // requests waiting for one of those
  int connection_threads = 0;  // 0: max(64, 4 * max_threads)
  int listen_backlog = 1024;
  int header_timeout_ms = 5000;
  int body_timeout_ms = 30000;
  int keep_alive_ms = 5000;
  // A new connection's first byte must come within this, or it is closed;
  // until then (and between kept-alive requests) it holds no thread.
  int first_byte_ms = 2000;
  // Open connections, in all and from one client address; one more is
  // answered 503 and closed, unless a kept-alive idle one can be closed
  // to make room.
  int max_connections = 512;
  int max_connections_per_client = 64;
  int max_json_depth = 32;
  // The most bytes a picture (POST /v1/Render) may have; past it 429
  // RESOURCE_EXHAUSTED naming --max_render_bytes.
  size_t max_render_bytes = 2 * 1024 * 1024;
  // Above every count limit (validate.h), so that a count just past one is
  // answered with its field path, as over gRPC.
  int max_json_array = 20000;
  // HTTPS: a PEM certificate chain and its PEM private key (the texts, not
  // file names); both empty: plaintext. With tls_client_ca_pem (PEM CA
  // certificates), a client must present a certificate signed by one of
  // them, or the handshake fails.
  std::string tls_cert_pem;
  std::string tls_key_pem;
  std::string tls_client_ca_pem;
};

// The HTTP status for a gRPC status code (INVALID_ARGUMENT 400, NOT_FOUND 404,
// RESOURCE_EXHAUSTED 429, UNIMPLEMENTED 501 ...).
int HttpStatusFor(grpc::StatusCode code);

// {"code": <n>, "status": "<NAME>", "message": "<message>"}
std::string ErrorJson(grpc::StatusCode code, const std::string& message);

// A cheap scan of a JSON text before it is parsed: "" if no array or object
// is nested deeper than `max_depth` and no array has more than `max_array`
// elements, else why not ("body: JSON nested deeper than 32 levels (at byte
// 4096)"). Does not check that the text is JSON.
std::string JsonShapeError(std::string_view json, int max_depth, int max_array);

// A request body as the gateway reads it: the shape scan (JsonShapeError
// with the options' limits), then proto3 JSON with unknown fields refused;
// an empty body reads as {}. INVALID_ARGUMENT with a message starting
// "body: " otherwise. The size limit is the caller's to check first.
grpc::Status ParseJsonBody(std::string_view body, const HttpGatewayOptions& options,
                           google::protobuf::Message* message);

// OK if the options' TLS texts (tls_cert_pem, tls_key_pem,
// tls_client_ca_pem) make a TLS server context, as Start would make it;
// else INVALID_ARGUMENT naming the option ("tls_key_file: not the
// certificate's key: ...").
absl::Status CheckTls(const HttpGatewayOptions& options);

// True if a request with this Host header value may be served (see above).
bool HostAllowed(std::string_view host, const std::vector<std::string>& allowed_hosts);

class HttpGateway {
 public:
  // `service` must outlive the gateway.
  HttpGateway(const UmpireService* service, HttpGatewayOptions options);
  ~HttpGateway();  // Stops.
  HttpGateway(const HttpGateway&) = delete;
  HttpGateway& operator=(const HttpGateway&) = delete;

  // Binds and starts serving. UNAVAILABLE if the address cannot be bound;
  // INVALID_ARGUMENT naming the option if a TLS certificate, key or CA does
  // not load.
  absl::Status Start();
  // The bound port (0 before Start).
  int port() const { return port_; }
  // Stops accepting, closes idle connections, finishes requests in flight,
  // joins the threads. Idempotent.
  void Stop();

  // Serving (the default) or draining: /healthz says NOT_SERVING (503) and
  // every request but /healthz is 503 UNAVAILABLE.
  void SetServing(bool serving) { serving_ = serving; }
  // Requests running the engine or waiting for it now.
  int InFlight() const { return in_flight_; }
  // Requests that reached the engine since Start.
  int64_t EngineRuns() const { return engine_runs_; }
  // Of those, the ones the engine stopped as CANCELLED (the client went, or
  // the server stopped).
  int64_t EngineCancelled() const { return engine_cancelled_; }
  // Stops every request in flight, and any later one, with CANCELLED (the
  // engine's through UmpireService::CancelAll; a picture here).
  void CancelAll() { cancel_all_ = true; }

  class Impl;

 private:
  bool OriginAllowed(const std::string& origin, const std::string& host) const;
  void Route();
  // One request as the engine's: its deadline (max_request_ms,
  // Impi-Timeout-Ms), a place in the admission queue (503 past it), then
  // `run` with the ms left (-1: none) and whether to stop (the client went,
  // CancelAll); `run` writes its answer, errors included.
  void Admitted(const httplib::Request& req, httplib::Response& res,
                const std::function<grpc::Status(int64_t, const std::function<bool()>&)>& run);

  const UmpireService* service_;
  HttpGatewayOptions options_;
  std::unique_ptr<Impl> impl_;
  std::thread thread_;
  std::atomic<bool> listen_returned_{false};
  std::atomic<bool> serving_{true};
  std::atomic<bool> cancel_all_{false};
  std::atomic<int> in_flight_{0};
  std::atomic<int64_t> engine_runs_{0};
  std::atomic<int64_t> engine_cancelled_{0};
  int port_ = 0;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_HTTP_GATEWAY_H_
