// service/http_gateway.cc: JSON over HTTP with cpp-httplib. See http_gateway.h.
#include "service/http_gateway.h"

#include <google/protobuf/util/json_util.h>
#include <httplib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "service/web_static.h"

namespace impi::service {
namespace {

constexpr char kJson[] = "application/json";
constexpr char kAllowedMethods[] = "POST, OPTIONS";

// The canonical name of a code ("INVALID_ARGUMENT"); absl and gRPC share the
// numbering.
std::string CodeName(grpc::StatusCode code) {
  return absl::StatusCodeToString(static_cast<absl::StatusCode>(static_cast<int>(code)));
}

void SetError(httplib::Response& res, grpc::StatusCode code, const std::string& message,
              int http_status = 0) {
  res.status = http_status != 0 ? http_status : HttpStatusFor(code);
  res.set_content(ErrorJson(code, message), kJson);
}

// Parses a proto3 JSON body; unknown fields are an error. An empty body reads
// as {}.
template <typename Request>
bool ParseBody(const httplib::Request& req, httplib::Response& res, Request* message) {
  if (req.body.empty()) return true;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(req.body, message, options);
  if (!status.ok()) {
    SetError(res, grpc::StatusCode::INVALID_ARGUMENT,
             absl::StrCat("body: ", std::string(status.message())));
    return false;
  }
  return true;
}

template <typename Response>
void WriteAnswer(const grpc::Status& status, const Response& answer, httplib::Response& res) {
  if (!status.ok()) {
    SetError(res, status.error_code(), status.error_message());
    return;
  }
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = false;
  options.preserve_proto_field_names = true;
  std::string json;
  const auto printed = google::protobuf::util::MessageToJsonString(answer, &json, options);
  if (!printed.ok()) {
    SetError(res, grpc::StatusCode::INTERNAL,
             absl::StrCat("answer: ", std::string(printed.message())));
    return;
  }
  res.status = 200;
  res.set_content(json, kJson);
}

// One method: parse, call the shared code path, answer.
template <typename Request, typename Response>
httplib::Server::Handler Method(std::function<grpc::Status(const Request&, Response*)> call) {
  return [call = std::move(call)](const httplib::Request& req, httplib::Response& res) {
    Request request;
    if (!ParseBody(req, res, &request)) return;
    Response response;
    grpc::Status status;
    try {
      status = call(request, &response);
    } catch (const std::exception& e) {
      status = grpc::Status(grpc::StatusCode::INTERNAL, absl::StrCat("server error: ", e.what()));
    }
    WriteAnswer(status, response, res);
  };
}

}  // namespace

int HttpStatusFor(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return 200;
    case grpc::StatusCode::CANCELLED:
      return 499;
    case grpc::StatusCode::UNKNOWN:
      return 500;
    case grpc::StatusCode::INVALID_ARGUMENT:
      return 400;
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return 504;
    case grpc::StatusCode::NOT_FOUND:
      return 404;
    case grpc::StatusCode::ALREADY_EXISTS:
      return 409;
    case grpc::StatusCode::PERMISSION_DENIED:
      return 403;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return 429;
    case grpc::StatusCode::FAILED_PRECONDITION:
      return 400;
    case grpc::StatusCode::ABORTED:
      return 409;
    case grpc::StatusCode::OUT_OF_RANGE:
      return 400;
    case grpc::StatusCode::UNIMPLEMENTED:
      return 501;
    case grpc::StatusCode::INTERNAL:
      return 500;
    case grpc::StatusCode::UNAVAILABLE:
      return 503;
    case grpc::StatusCode::DATA_LOSS:
      return 500;
    case grpc::StatusCode::UNAUTHENTICATED:
      return 401;
    default:
      return 500;
  }
}

std::string ErrorJson(grpc::StatusCode code, const std::string& message) {
  nlohmann::ordered_json j;  // keys in this order
  j["code"] = static_cast<int>(code);
  j["status"] = CodeName(code);
  j["message"] = message;
  // Replace invalid UTF-8 (a message may quote the caller's bytes).
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

HttpGateway::HttpGateway(const UmpireService* service, HttpGatewayOptions options)
    : service_(service),
      options_(std::move(options)),
      server_(std::make_unique<httplib::Server>()) {}

HttpGateway::~HttpGateway() { Stop(); }

bool HttpGateway::OriginAllowed(const std::string& origin) const {
  if (origin.empty()) return false;
  for (const std::string& allowed : options_.cors_origins) {
    if (allowed == "*" || allowed == origin) return true;
  }
  return false;
}

void HttpGateway::Route() {
  httplib::Server& s = *server_;
  const int threads = std::max(1, options_.max_threads);
  s.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  s.set_payload_max_length(options_.max_message_bytes);
  s.set_keep_alive_timeout(2);
  // SO_REUSEADDR only: the library's default, SO_REUSEPORT, would let a second
  // server bind a port already in use and share its traffic. TCP_NODELAY
  // (inherited by the connections accepted): an answer goes out when it is
  // written, not held back by Nagle's algorithm waiting on the client's
  // delayed acknowledgement, which cost a kept-alive connection about 40 ms
  // a request.
  s.set_tcp_nodelay(true);
  s.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof(yes));
  });

  auto cors = [this](const httplib::Request& req, httplib::Response& res) {
    const std::string origin = req.get_header_value("Origin");
    if (!OriginAllowed(origin) || res.has_header("Access-Control-Allow-Origin")) return;
    res.set_header("Access-Control-Allow-Origin", origin);
    res.set_header("Vary", "Origin");
    res.set_header("Access-Control-Allow-Methods", kAllowedMethods);
    res.set_header("Access-Control-Allow-Headers", "Content-Type");
    res.set_header("Access-Control-Max-Age", "600");
  };

  const UmpireService* service = service_;
  auto with_cors = [cors](httplib::Server::Handler handler) {
    return
        [cors, handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
          handler(req, res);
          cors(req, res);
        };
  };
  s.Post("/v1/Advance", with_cors(Method<v1::AdvanceRequest, v1::AdvanceResponse>(
                            [service](const v1::AdvanceRequest& q, v1::AdvanceResponse* r) {
                              return service->DoAdvance(q, r);
                            })));
  s.Post("/v1/Ask", with_cors(Method<v1::AskRequest, v1::AskResponse>(
                        [service](const v1::AskRequest& q, v1::AskResponse* r) {
                          return service->DoAsk(q, r);
                        })));
  s.Post("/v1/Describe", with_cors(Method<v1::DescribeRequest, v1::DescribeResponse>(
                             [service](const v1::DescribeRequest& q, v1::DescribeResponse* r) {
                               return service->DoDescribe(q, r);
                             })));
  s.Get("/healthz", with_cors([](const httplib::Request&, httplib::Response& res) {
          res.status = 200;
          res.set_content(R"({"status":"SERVING"})", kJson);
        }));

  // Known paths, wrong method.
  auto not_allowed = [](std::string allow) {
    return [allow = std::move(allow)](const httplib::Request& req, httplib::Response& res) {
      SetError(res, grpc::StatusCode::UNIMPLEMENTED,
               absl::StrCat(req.method, " ", req.path, ": method not allowed (", allow, ")"), 405);
      res.set_header("Allow", allow);
    };
  };
  const std::string methods = "/v1/(Advance|Ask|Describe)";
  s.Get(methods, with_cors(not_allowed(kAllowedMethods)));
  s.Put(methods, with_cors(not_allowed(kAllowedMethods)));
  s.Patch(methods, with_cors(not_allowed(kAllowedMethods)));
  s.Delete(methods, with_cors(not_allowed(kAllowedMethods)));
  s.Post("/healthz", with_cors(not_allowed("GET")));
  s.Put("/healthz", with_cors(not_allowed("GET")));
  s.Patch("/healthz", with_cors(not_allowed("GET")));
  s.Delete("/healthz", with_cors(not_allowed("GET")));

  AddWebRoutes(s, with_cors);  // the web page, scenarios and pictures (service/web_static.h)

  // CORS preflight.
  s.Options(".*", [this, cors](const httplib::Request& req, httplib::Response& res) {
    const std::string origin = req.get_header_value("Origin");
    if (!OriginAllowed(origin)) {
      SetError(res, grpc::StatusCode::PERMISSION_DENIED,
               origin.empty() ? std::string("CORS preflight without an Origin")
                              : absl::StrCat("origin ", origin, " is not allowed"),
               403);
      return;
    }
    res.status = 204;
    cors(req, res);
  });

  // Everything else the library answers by itself (no route: 404; body over
  // the limit: 413; unreadable request: 400) gets a JSON body here.
  s.set_error_handler(httplib::Server::HandlerWithResponse(
      [cors](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        switch (res.status) {
          case 404:
            SetError(res, grpc::StatusCode::NOT_FOUND,
                     absl::StrCat(req.method, " ", req.path,
                                  ": not found (try POST /v1/Advance, "
                                  "/v1/Ask, /v1/Describe)"),
                     404);
            break;
          case 413:
            SetError(res, grpc::StatusCode::RESOURCE_EXHAUSTED,
                     "body: over the server's limit on message size", 413);
            break;
          case 400:
            SetError(res, grpc::StatusCode::INVALID_ARGUMENT, "malformed HTTP request", 400);
            break;
          default: {
            const int status = res.status;
            SetError(res, grpc::StatusCode::UNKNOWN, absl::StrCat("HTTP ", status), status);
          }
        }
        cors(req, res);
        return httplib::Server::HandlerResponse::Handled;
      }));
}

absl::Status HttpGateway::Start() {
  Route();
  httplib::Server& s = *server_;
  int port = options_.port;
  if (port == 0) {
    port = s.bind_to_any_port(options_.host);
  } else if (!s.bind_to_port(options_.host, port)) {
    port = -1;
  }
  if (port <= 0) {
    return absl::UnavailableError(
        absl::StrCat("HTTP: cannot listen on ", options_.host, ":", options_.port));
  }
  port_ = port;
  thread_ = std::thread([this] {
    server_->listen_after_bind();
    listen_returned_ = true;
  });
  // The socket already accepts connections into its backlog; wait for the
  // accept loop too, so that Stop() right after Start() is well defined.
  while (!server_->is_running() && !listen_returned_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return absl::OkStatus();
}

void HttpGateway::Stop() {
  if (server_ != nullptr) server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace impi::service
