// service/server.cc: ImpiServer, gRPC and the JSON/HTTP gateway in one
// process. See server.h.
#include "service/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/impl/server_builder_option.h>
#include <grpcpp/impl/server_builder_plugin.h>
#include <grpcpp/resource_quota.h>
#include <grpcpp/support/server_interceptor.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "service/grpc_listener.h"
#include "service/http_gateway.h"
#include "service/umpire_service.h"

namespace impi::service {
namespace {

constexpr char kReflectionPluginName[] = "proto_server_reflection";
// gRPC threads beyond the Umpire's running and waiting calls: the sync
// server's pollers, health checks, Describe and the other services.
constexpr int kSpareGrpcThreads = 16;

// Reflection on or off for this builder only. Linking grpc++_reflection
// registers its plugin for every ServerBuilder in the process (a static
// initializer calls InitProtoReflectionServerBuilderPlugin), so the plugin is
// removed here when reflection is off, and added when on and absent.
class ReflectionOption final : public grpc::ServerBuilderOption {
 public:
  explicit ReflectionOption(bool enable) : enable_(enable) {}
  void UpdateArguments(grpc::ChannelArguments* /*args*/) override {}
  void UpdatePlugins(std::vector<std::unique_ptr<grpc::ServerBuilderPlugin>>* plugins) override {
    auto is_reflection = [](const std::unique_ptr<grpc::ServerBuilderPlugin>& p) {
      return p != nullptr && p->name() == kReflectionPluginName;
    };
    if (!enable_) {
      plugins->erase(std::remove_if(plugins->begin(), plugins->end(), is_reflection),
                     plugins->end());
    } else if (std::none_of(plugins->begin(), plugins->end(), is_reflection)) {
      plugins->push_back(std::make_unique<grpc::reflection::ProtoServerReflectionPlugin>());
    }
  }

 private:
  const bool enable_;
};

// A request whose bytes do not parse as the method's request message: gRPC
// answers it INTERNAL with an empty message before any handler runs. This
// interceptor sees that the call received no message (POST_RECV_MESSAGE
// with none) and answers INVALID_ARGUMENT saying why instead.
class UnparsedRequestInterceptor final : public grpc::experimental::Interceptor {
 public:
  explicit UnparsedRequestInterceptor(const char* method) : method_(method) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using Hook = grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(Hook::POST_RECV_MESSAGE) &&
        methods->GetRecvMessage() == nullptr) {
      unparsed_ = true;
    }
    if (unparsed_ && methods->QueryInterceptionHookPoint(Hook::PRE_SEND_STATUS) &&
        methods->GetSendStatus().error_code() == grpc::StatusCode::INTERNAL) {
      methods->ModifySendStatus(grpc::Status(
          grpc::StatusCode::INVALID_ARGUMENT,
          absl::StrCat("request: the bytes are not a valid protobuf of ",
                       method_ == nullptr ? "the method" : method_,
                       "'s request message (truncated or not protobuf)")));
    }
    methods->Proceed();
  }

 private:
  const char* const method_;
  bool unparsed_ = false;
};

class UnparsedRequestInterceptorFactory final
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override {
    return new UnparsedRequestInterceptor(info->method());
  }
};

// The whole of a file; INVALID_ARGUMENT naming `flag` if it cannot be read
// or is empty.
absl::StatusOr<std::string> ReadFile(const std::string& path, const char* flag) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(flag, ": cannot read '", path.substr(0, 200), "'"));
  }
  return text;
}

// The PEM texts of the options' TLS files; all empty for plaintext.
struct TlsTexts {
  std::string cert;
  std::string key;
  std::string client_ca;
};

absl::StatusOr<TlsTexts> ReadTls(const ServerOptions& o) {
  TlsTexts tls;
  if (o.tls_cert_file.empty() && o.tls_key_file.empty()) return tls;
  if (o.tls_cert_file.empty() || o.tls_key_file.empty()) {
    return absl::InvalidArgumentError("tls_cert_file, tls_key_file: give both or neither");
  }
  absl::StatusOr<std::string> cert = ReadFile(o.tls_cert_file, "tls_cert_file");
  if (!cert.ok()) return cert.status();
  absl::StatusOr<std::string> key = ReadFile(o.tls_key_file, "tls_key_file");
  if (!key.ok()) return key.status();
  tls.cert = *std::move(cert);
  tls.key = *std::move(key);
  if (!o.tls_client_ca_file.empty()) {
    absl::StatusOr<std::string> ca = ReadFile(o.tls_client_ca_file, "tls_client_ca_file");
    if (!ca.ok()) return ca.status();
    tls.client_ca = *std::move(ca);
  }
  // Checked here for both fronts, so that a key that is not the
  // certificate's is named before gRPC tries it.
  HttpGatewayOptions check;
  check.tls_cert_pem = tls.cert;
  check.tls_key_pem = tls.key;
  check.tls_client_ca_pem = tls.client_ca;
  if (absl::Status loaded = CheckTls(check); !loaded.ok()) return loaded;
  return tls;
}

// gRPC's credentials: plaintext, or TLS with `tls`.
std::shared_ptr<grpc::ServerCredentials> Credentials(const TlsTexts& tls) {
  if (tls.cert.empty()) return grpc::InsecureServerCredentials();
  grpc::SslServerCredentialsOptions ssl(GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
  if (!tls.client_ca.empty()) {
    ssl.pem_root_certs = tls.client_ca;
    ssl.client_certificate_request = GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY;
  }
  ssl.pem_key_cert_pairs.push_back({tls.key, tls.cert});
  return grpc::SslServerCredentials(ssl);
}

class Server final : public ImpiServer {
 public:
  explicit Server(const ServerOptions& options)
      : options_(options),
        service_(options.max_message_bytes,
                 RequestLimits{options.max_request_ms, options.max_request_work}) {}
  ~Server() override { Shutdown(); }

  absl::Status Start();

  int grpc_port() const override { return grpc_port_; }
  int http_port() const override { return http_ != nullptr ? http_->port() : 0; }

  void Shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (shut_down_) return;
      shut_down_ = true;
    }
    if (grpc_ != nullptr) {
      // Calls in flight get a moment to finish, then are cancelled (Drain
      // gives them a grace period first).
      service_.CancelAll();
      for (BoundedService* b : bounded_) b->CancelAll();
      if (listener_ != nullptr) listener_->Close();
      grpc_->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
      if (grpc_stopper_.joinable()) grpc_stopper_.join();
      if (listener_ != nullptr) listener_->Release(std::chrono::steady_clock::now());
    }
    if (http_ != nullptr) {
      http_->CancelAll();
      http_->Stop();
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopped_ = true;
    }
    stopped_cv_.notify_all();
  }

  bool Drain(std::chrono::milliseconds grace) override {
    const auto start = std::chrono::steady_clock::now();
    const auto until = start + grace;
    grpc::HealthCheckServiceInterface* health =
        grpc_ != nullptr ? grpc_->GetHealthCheckService() : nullptr;
    if (health != nullptr) health->SetServingStatus(false);
    if (http_ != nullptr) http_->SetServing(false);
    // gRPC: health fails first, for the notice (within the grace), while
    // calls are still taken, so that what routes by health (a readiness
    // probe) stops sending them; then the listener closes and new streams
    // on open connections are refused (GOAWAY): refusals a balancer or a
    // client can send to another replica, as it cannot a call answered
    // UNAVAILABLE. The calls in flight go on.
    std::this_thread::sleep_until(
        std::min(until, start + std::chrono::milliseconds(options_.drain_notice_ms)));
    if (grpc_ != nullptr) {
      // No new connection is taken; those open stay open, each until what
      // was sent on it is delivered (Release, below).
      if (listener_ != nullptr) listener_->Close();
      const auto grpc_deadline =
          std::chrono::system_clock::now() +
          std::chrono::duration_cast<std::chrono::system_clock::duration>(
              until - std::chrono::steady_clock::now()) +
          std::chrono::milliseconds(500);
      grpc_stopper_ = std::thread([this, grpc_deadline] { grpc_->Shutdown(grpc_deadline); });
    }
    const auto in_flight = [this] {
      int n = service_.InFlight() + (http_ != nullptr ? http_->InFlight() : 0);
      for (const BoundedService* b : bounded_) n += b->InFlight();
      return n;
    };
    while (in_flight() > 0 && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const bool clean = in_flight() == 0;
    // The engine stops at its next die or decision, a picture at its next
    // element, the arena at its next game or search step.
    if (!clean) {
      service_.CancelAll();
      for (BoundedService* b : bounded_) b->CancelAll();
      if (http_ != nullptr) http_->CancelAll();
    }
    // Every gRPC call ends before Shutdown cancels what is left: one taken
    // just before the listener closed (not yet counted above) is answered.
    if (grpc_stopper_.joinable()) grpc_stopper_.join();
    // gRPC has closed its connections; each socket is let go once what was
    // sent on it is acknowledged and the client has closed it too, within
    // the grace period and at most a second.
    if (listener_ != nullptr) {
      listener_->Release(std::min(until, std::chrono::steady_clock::now() + std::chrono::seconds(1)));
    }
    Shutdown();
    return clean;
  }

  void Wait() override {
    std::unique_lock<std::mutex> lock(mu_);
    stopped_cv_.wait(lock, [this] { return stopped_; });
  }

 private:
  const ServerOptions options_;
  UmpireService service_;
  std::unique_ptr<grpc::Server> grpc_;
  std::unique_ptr<GrpcListener> listener_;  // gRPC's connections (grpc_listener.h)
  std::unique_ptr<HttpGateway> http_;
  std::vector<BoundedService*> bounded_;  // of options_.services
  int grpc_port_ = 0;
  std::thread grpc_stopper_;  // a drain's gRPC shutdown, joined by Shutdown

  std::mutex mu_;
  std::condition_variable stopped_cv_;
  bool shut_down_ = false;
  bool stopped_ = false;
};

absl::Status Server::Start() {
  service_.SetAuthToken(options_.auth_token);
  grpc::EnableDefaultHealthCheckService(true);  // before the builder is made

  grpc::ServerBuilder builder;
  builder.SetOption(std::make_unique<ReflectionOption>(options_.reflection));
  // A port in use is an error, not a port to share (gRPC's default on Linux).
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  absl::StatusOr<TlsTexts> tls = ReadTls(options_);
  if (!tls.ok()) return tls.status();
  // The listener is the server's own (grpc_listener.h): a drain stops it
  // taking connections and keeps each open one until its answers are
  // delivered.
  absl::StatusOr<std::unique_ptr<GrpcListener>> listener = GrpcListener::Listen(options_.grpc_address);
  if (!listener.ok()) return listener.status();
  listener_ = std::move(*listener);
  grpc_port_ = listener_->port();
  std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor =
      builder.experimental().AddExternalConnectionAcceptor(
          grpc::ServerBuilder::experimental_type::ExternalConnectionType::FROM_FD,
          Credentials(*tls));
  builder.SetMaxReceiveMessageSize(static_cast<int>(options_.max_message_bytes));
  // At most max_threads calls run the engine and grpc_max_queue wait for it
  // (umpire_service.h); the sync server's threads, unbounded unless a quota
  // says otherwise, are enough for them all and for gRPC's own pollers,
  // health, Describe and the other services (kSpareGrpcThreads), so that a
  // burst is queued rather than refused by gRPC.
  // A BoundedService's calls (the Arena's) get threads of their own on top.
  service_.SetConcurrency(options_.max_threads, options_.grpc_max_queue);
  int threads = options_.max_threads + options_.grpc_max_queue + kSpareGrpcThreads;
  for (grpc::Service* more : options_.services) {
    if (auto* bounded = dynamic_cast<BoundedService*>(more); bounded != nullptr) {
      bounded_.push_back(bounded);
      threads += bounded->MaxHeldCalls();
    }
  }
  grpc::ResourceQuota quota("impi");
  quota.SetMaxThreads(threads);
  builder.SetResourceQuota(quota);
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> interceptors;
  interceptors.push_back(std::make_unique<UnparsedRequestInterceptorFactory>());
  builder.experimental().SetInterceptorCreators(std::move(interceptors));
  builder.RegisterService(&service_);
  for (grpc::Service* more : options_.services) {
    // The token guards every service but gRPC's health (docs/security.md).
    if (auto* guarded = dynamic_cast<TokenGuarded*>(more); guarded != nullptr) {
      guarded->SetAuthToken(options_.auth_token);
    } else if (!options_.auth_token.empty()) {
      return absl::InvalidArgumentError(
          "services: a service that does not check the bearer token (not a TokenGuarded) "
          "cannot be served with auth_token");
    }
    builder.RegisterService(more);
  }
  grpc_ = builder.BuildAndStart();
  if (grpc_ == nullptr || grpc_port_ == 0) {
    if (grpc_ != nullptr) grpc_->Shutdown();
    grpc_.reset();
    listener_.reset();
    return absl::UnavailableError(absl::StrCat("gRPC: cannot listen on ", options_.grpc_address));
  }
  listener_->Start(std::move(acceptor));

  if (options_.enable_http) {
    HttpGatewayOptions http;
    http.host = options_.http_host;
    http.port = options_.http_port;
    http.cors_origins = options_.cors_origins;
    http.allowed_hosts = options_.http_allowed_hosts;
    http.max_message_bytes = options_.max_message_bytes;
    http.max_threads = options_.max_threads;
    http.max_queue = options_.http_max_queue;
    http.connection_threads = options_.http_connection_threads;
    http.listen_backlog = options_.http_listen_backlog;
    http.header_timeout_ms = options_.http_header_timeout_ms;
    http.body_timeout_ms = options_.http_body_timeout_ms;
    http.keep_alive_ms = options_.http_keep_alive_ms;
    http.first_byte_ms = options_.http_first_byte_ms;
    http.max_connections = options_.http_max_connections;
    http.max_connections_per_client = options_.http_max_connections_per_client;
    http.max_render_bytes = options_.max_render_bytes;
    http.tls_cert_pem = tls->cert;
    http.tls_key_pem = tls->key;
    http.tls_client_ca_pem = tls->client_ca;
    http_ = std::make_unique<HttpGateway>(&service_, std::move(http));
    absl::Status started = http_->Start();
    if (!started.ok()) {
      http_.reset();
      grpc_->Shutdown(std::chrono::system_clock::now());
      grpc_.reset();
      return started;
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<ImpiServer>> ImpiServer::Start(const ServerOptions& options) {
  if (options.max_threads < 1 || options.max_threads > kMaxThreads) {
    return absl::InvalidArgumentError(absl::StrCat("max_threads: ", options.max_threads,
                                                   " is out of range 1..", kMaxThreads));
  }
  {
    // gRPC would take a port past 65535 modulo 65536 and listen elsewhere.
    const size_t colon = options.grpc_address.rfind(':');
    int port = -1;
    if (colon == std::string::npos || colon == 0 ||
        !absl::SimpleAtoi(options.grpc_address.substr(colon + 1), &port) || port < 0 ||
        port > 65535) {
      return absl::InvalidArgumentError(absl::StrCat(
          "grpc_address: '", options.grpc_address.substr(0, 300),
          "' is not host:port with a port in 0..65535"));
    }
  }
  if (options.max_message_bytes == 0 ||
      options.max_message_bytes > static_cast<size_t>(std::numeric_limits<int>::max())) {
    return absl::InvalidArgumentError(
        absl::StrCat("max_message_bytes: ", options.max_message_bytes, " is out of range"));
  }
  struct Range {
    const char* name;
    int64_t value, low, high;
  };
  const Range ranges[] = {
      {"max_request_ms", options.max_request_ms, 0, int64_t{24} * 3600 * 1000},
      {"max_request_work", options.max_request_work, 0, int64_t{1} << 40},
      {"http_max_queue", options.http_max_queue, 0, 100000},
      // Each waiting gRPC call holds one of the sync server's threads.
      {"grpc_max_queue", options.grpc_max_queue, 0, 4 * kMaxThreads},
      {"http_connection_threads", options.http_connection_threads, 0, 4 * kMaxThreads},
      {"http_listen_backlog", options.http_listen_backlog, 1, 65535},
      {"http_header_timeout_ms", options.http_header_timeout_ms, 1, 3600 * 1000},
      {"http_body_timeout_ms", options.http_body_timeout_ms, 1, 3600 * 1000},
      {"http_keep_alive_ms", options.http_keep_alive_ms, 1, 3600 * 1000},
      {"http_first_byte_ms", options.http_first_byte_ms, 1, 3600 * 1000},
      {"http_max_connections", options.http_max_connections, 1, 100000},
      {"http_max_connections_per_client", options.http_max_connections_per_client, 1, 100000},
      {"max_render_bytes", static_cast<int64_t>(options.max_render_bytes), 1024,
       int64_t{1} << 30},
  };
  for (const Range& r : ranges) {
    if (r.value < r.low || r.value > r.high) {
      return absl::InvalidArgumentError(absl::StrCat(r.name, ": ", r.value, " is out of range ",
                                                     r.low, "..", r.high));
    }
  }
  if (options.enable_http && (options.http_port < 0 || options.http_port > 65535)) {
    return absl::InvalidArgumentError(
        absl::StrCat("http_port: ", options.http_port, " is out of range 0..65535"));
  }
  auto server = std::make_unique<Server>(options);
  absl::Status started = server->Start();
  if (!started.ok()) return started;
  return std::unique_ptr<ImpiServer>(std::move(server));
}

}  // namespace impi::service
