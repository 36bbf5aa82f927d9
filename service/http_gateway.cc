// service/http_gateway.cc: JSON over HTTP with cpp-httplib. See http_gateway.h.
//
// cpp-httplib (Debian's 0.11.4) parses requests and writes responses; the
// connections are this file's own. The library hands each accepted socket
// to its task queue as an opaque task; AcceptQueue runs that task on the
// accept loop, where the overridden Server::process_and_close_socket gives
// the socket to ConnectionWatcher: one epoll thread that holds every
// connection waiting for a request (its first byte, or the next after a
// kept-alive answer), closes it at its deadline, and counts and caps the
// open connections. A connection with bytes to read goes to
// ConnectionPool, whose queue is bounded, and is read through Connection, a
// Stream with a deadline for the headers and one for the body and a cap on
// what a body may hold, whatever its framing; after each answer it goes back
// to the watcher. So a client that sends nothing holds no thread. Work is
// admitted by Admission (service/admission.h: max_threads running,
// max_queue waiting).
//
// HTTPS: with a certificate (HttpGatewayOptions::tls_cert_pem), Connection
// runs OpenSSL over the accepted socket, which it makes non-blocking: the
// handshake must end within the header timeout, and every read and write
// waits in poll() with the same deadlines as plaintext, so that a client
// that stalls inside a TLS record is closed like one that stalls inside its
// headers. A connection whose first byte is not a TLS handshake record is a
// plaintext request on the TLS port: it is answered 400 in plaintext
// ("this port speaks HTTPS") and closed.
#include "service/http_gateway.h"

#include <arpa/inet.h>
#include <google/protobuf/util/json_util.h>
#include <httplib.h>
#include <netinet/in.h>
#include <fcntl.h>
#include <malloc.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "service/admission.h"
#include "service/validate.h"
#include "service/web_static.h"

namespace impi::service {
namespace {

using Clock = std::chrono::steady_clock;

constexpr char kJson[] = "application/json";
constexpr char kAllowedMethods[] = "POST, OPTIONS";
constexpr char kTimeoutHeader[] = "Impi-Timeout-Ms";
// Request line and headers together.
constexpr size_t kMaxHeaderBytes = 64 * 1024;
// Kept-alive requests on one connection before it is closed.
constexpr size_t kMaxRequestsPerConnection = 1000;
// Threads that answer connections the pool has no room for.
constexpr int kSpareThreads = 2;
// Connections that may wait for the spare threads; more are closed at once.
constexpr size_t kMaxSpareWaiting = 256;
// How long a spare thread waits for a request's headers.
constexpr int kSpareHeaderTimeoutMs = 1000;
// After a request with a body this large, free memory goes back to the system.
constexpr size_t kTrimAfterBodyBytes = 64 * 1024;
// Peer-closed checks during engine work, at most this often.
constexpr auto kPeerCheckInterval = std::chrono::milliseconds(5);

// The canonical name of a code ("INVALID_ARGUMENT"); absl and gRPC share the
// numbering.
std::string CodeName(grpc::StatusCode code) {
  return absl::StatusCodeToString(static_cast<absl::StatusCode>(static_cast<int>(code)));
}

void SetError(httplib::Response& res, grpc::StatusCode code, const std::string& message,
              int http_status = 0) {
  res.status = http_status != 0 ? http_status : HttpStatusFor(code);
  res.set_content(ErrorJson(code, CapMessage(message)), kJson);
}

int MsUntil(Clock::time_point t) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t - Clock::now()).count();
  return static_cast<int>(std::clamp<int64_t>(ms, 0, 1 << 30));
}

// The address of either end of `sock` (`get`: getpeername or getsockname).
template <typename Get>
void SocketAddress(Get get, int sock, std::string& ip, int& port) {
  sockaddr_storage addr{};
  socklen_t len = sizeof(addr);
  ip.clear();
  port = 0;
  if (get(sock, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return;
  char text[INET6_ADDRSTRLEN] = {0};
  if (addr.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&addr);
    inet_ntop(AF_INET, &in->sin_addr, text, sizeof(text));
    port = ntohs(in->sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto* in = reinterpret_cast<const sockaddr_in6*>(&addr);
    inet_ntop(AF_INET6, &in->sin6_addr, text, sizeof(text));
    port = ntohs(in->sin6_port);
  }
  ip = text;
}

// One accepted connection, read with deadlines and a cap (see the file
// comment). Reads are buffered; what a request reads is counted as it is
// handed out, so that a pipelined next request is not counted against this
// one.
class Connection final : public httplib::Stream {
 public:
  struct Limits {
    int header_timeout_ms;
    int body_timeout_ms;
    int write_timeout_ms;
    size_t max_body_bytes;  // what a body may hold on the wire (framing too)
  };

  // `tls`: serve HTTPS with this context (nullptr: plaintext). `peer`: the
  // client's address, for the caps on connections (ConnectionWatcher).
  Connection(int sock, Limits limits, SSL_CTX* tls, std::string peer)
      : sock_(sock), limits_(limits), tls_(tls), peer_(std::move(peer)) {}
  ~Connection() override { EndTls(); }

  // Plaintext: true at once. TLS: the handshake, within the header timeout,
  // the first time; false if it failed or the client spoke plaintext
  // (answered 400 here).
  bool StartTls() {
    if (tls_ == nullptr || ssl_ != nullptr) return true;
    BeginRequest();  // the handshake's deadline
    const int flags = ::fcntl(sock_, F_GETFL, 0);
    if (flags < 0 || ::fcntl(sock_, F_SETFL, flags | O_NONBLOCK) != 0) return false;
    // A TLS connection opens with a handshake record (content type 22).
    unsigned char first = 0;
    if (Poll(POLLIN, MsUntil(header_deadline_)) <= 0 ||
        ::recv(sock_, &first, 1, MSG_PEEK) != 1) {
      return false;
    }
    if (first != 22) {
      RefusePlaintext();
      return false;
    }
    ssl_ = SSL_new(tls_);
    if (ssl_ == nullptr || SSL_set_fd(ssl_, sock_) != 1) return false;
    for (;;) {
      const int r = SSL_accept(ssl_);
      if (r == 1) return true;
      if (!AwaitTls(SSL_get_error(ssl_, r), MsUntil(header_deadline_))) {
        ERR_clear_error();
        Fail();
        return false;
      }
    }
  }

  // Sends TLS's close_notify (without waiting for the peer's) and frees the
  // session. Idempotent.
  void EndTls() {
    if (ssl_ == nullptr) return;
    // Not after a fatal error or a handshake that did not end (OpenSSL's rule).
    if (!failed_ && SSL_is_init_finished(ssl_)) SSL_shutdown(ssl_);
    SSL_free(ssl_);
    ssl_ = nullptr;
    ERR_clear_error();
  }

  bool is_readable() const override {
    return begin_ != end_ || (ssl_ != nullptr && SSL_pending(ssl_) > 0) ||
           Poll(POLLIN, MsUntil(ReadDeadline())) > 0;
  }
  bool is_writable() const override { return Poll(POLLOUT, limits_.write_timeout_ms) > 0; }

  ssize_t read(char* ptr, size_t size) override {
    if (failed_ || size == 0) return -1;
    if (begin_ == end_ && !Fill()) return -1;
    size_t n = std::min(size, end_ - begin_);
    if (!header_done_) {
      // Count the header up to its blank line; the rest of what is handed out
      // is body.
      size_t i = 0;
      for (; i < n && !header_done_; ++i) {
        const char c = buffer_[begin_ + i];
        blank_ = c == '\n' ? blank_ + 1 : (c == '\r' ? blank_ : 0);
        if (blank_ == 2) {
          header_done_ = true;
          body_deadline_ = Clock::now() + std::chrono::milliseconds(limits_.body_timeout_ms);
        }
      }
      header_bytes_ += i;
      body_bytes_ += n - i;
      if (header_bytes_ > kMaxHeaderBytes) return Fail();
    } else {
      body_bytes_ += n;
    }
    if (body_bytes_ > limits_.max_body_bytes) {
      over_limit_ = true;
      return Fail();
    }
    std::copy(buffer_ + begin_, buffer_ + begin_ + n, ptr);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (ssl_ != nullptr) {
      // Retried with the same arguments until it is all written (OpenSSL's
      // rule for a non-blocking write).
      const int n = static_cast<int>(std::min<size_t>(size, 1 << 30));
      for (;;) {
        const int r = SSL_write(ssl_, ptr, n);
        if (r > 0) return r;
        if (!AwaitTls(SSL_get_error(ssl_, r), limits_.write_timeout_ms)) return Fail();
      }
    }
    if (!is_writable()) return -1;
    return ::send(sock_, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    SocketAddress(::getpeername, sock_, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    SocketAddress(::getsockname, sock_, ip, port);
  }
  socket_t socket() const override { return sock_; }

  // Bytes of the next request already read (pipelined, or held by TLS).
  bool HasBuffered() const {
    return begin_ != end_ || (ssl_ != nullptr && SSL_pending(ssl_) > 0);
  }

  // A new request starts: its header must arrive within the header timeout.
  void BeginRequest() {
    header_done_ = false;
    blank_ = 0;
    header_bytes_ = 0;
    body_bytes_ = 0;
    header_deadline_ = Clock::now() + std::chrono::milliseconds(
                                          spare_ ? std::min(kSpareHeaderTimeoutMs,
                                                            limits_.header_timeout_ms)
                                                 : limits_.header_timeout_ms);
  }

  // True once the peer has closed its side (looked at most every few ms).
  // Safe from any thread (a search's threads may ask).
  bool PeerGone() {
    if (gone_) return true;
    const int64_t now = Clock::now().time_since_epoch().count();
    int64_t last = last_peer_check_;
    if (now - last < std::chrono::duration_cast<Clock::duration>(kPeerCheckInterval).count() ||
        !last_peer_check_.compare_exchange_strong(last, now)) {
      return false;
    }
    pollfd p{sock_, POLLRDHUP, 0};
    if (::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0) gone_ = true;
    return gone_;
  }

  bool over_limit() const { return over_limit_; }
  // The request did not arrive within its deadline (headers or body).
  bool timed_out() const { return timed_out_; }
  bool spare() const { return spare_; }
  // Served by a spare thread this time (ConnectionPool).
  void SetSpare(bool spare) { spare_ = spare; }
  const std::string& peer() const { return peer_; }
  // Requests this connection may still carry (kMaxRequestsPerConnection).
  size_t requests_left = kMaxRequestsPerConnection;
  // The response to this request is the last on the connection.
  void CloseAfter() { close_after_ = true; }
  bool close_after() const { return close_after_ || failed_; }

 private:
  Clock::time_point ReadDeadline() const {
    return header_done_ ? body_deadline_ : header_deadline_;
  }

  int Poll(short events, int timeout_ms) const {
    pollfd p{sock_, events, 0};
    int r;
    do {
      r = ::poll(&p, 1, timeout_ms);
    } while (r < 0 && errno == EINTR);
    return r;
  }

  bool Fill() {
    if (ssl_ != nullptr) return FillTls();
    const int ready = Poll(POLLIN, MsUntil(ReadDeadline()));
    if (ready <= 0) {
      timed_out_ = ready == 0;
      Fail();
      return false;
    }
    const ssize_t n = ::recv(sock_, buffer_, sizeof(buffer_), 0);
    if (n <= 0) {
      Fail();
      return false;
    }
    begin_ = 0;
    end_ = static_cast<size_t>(n);
    return true;
  }

  bool FillTls() {
    for (;;) {
      const int n = SSL_read(ssl_, buffer_, sizeof(buffer_));
      if (n > 0) {
        begin_ = 0;
        end_ = static_cast<size_t>(n);
        return true;
      }
      const int error = SSL_get_error(ssl_, n);
      if (!AwaitTls(error, MsUntil(ReadDeadline()))) {
        timed_out_ = error == SSL_ERROR_WANT_READ && MsUntil(ReadDeadline()) == 0;
        Fail();
        return false;
      }
    }
  }

  // After an OpenSSL call failed with `error`: waits up to `timeout_ms` for
  // the socket when OpenSSL wants to read or write; false if it did not come
  // or the error is not one to wait out.
  bool AwaitTls(int error, int timeout_ms) const {
    if (error == SSL_ERROR_WANT_READ) return Poll(POLLIN, timeout_ms) > 0;
    if (error == SSL_ERROR_WANT_WRITE) return Poll(POLLOUT, timeout_ms) > 0;
    return false;
  }

  // A plaintext request on the TLS port: reads what has come of it, answers
  // 400 in plaintext, and lets the client read the answer before the
  // connection closes (unread bytes would make the close a reset).
  void RefusePlaintext() {
    char scratch[4096];
    while (::recv(sock_, scratch, sizeof(scratch), 0) > 0) {
    }
    const std::string body = ErrorJson(
        grpc::StatusCode::INVALID_ARGUMENT,
        "this port speaks HTTPS: a plain HTTP request was sent to it (use https://)");
    const std::string answer =
        absl::StrCat("HTTP/1.1 400 Bad Request\r\nContent-Type: ", kJson,
                     "\r\nConnection: close\r\nContent-Length: ", body.size(), "\r\n\r\n", body);
    if (Poll(POLLOUT, limits_.write_timeout_ms) > 0) {
      ::send(sock_, answer.data(), answer.size(), MSG_NOSIGNAL);
    }
    ::shutdown(sock_, SHUT_WR);
    const Clock::time_point until = Clock::now() + std::chrono::milliseconds(1000);
    while (Poll(POLLIN, MsUntil(until)) > 0 && ::recv(sock_, scratch, sizeof(scratch), 0) > 0) {
    }
    failed_ = true;
  }

  ssize_t Fail() {
    failed_ = true;
    return -1;
  }

  const int sock_;
  const Limits limits_;
  bool spare_ = false;
  SSL_CTX* const tls_;
  const std::string peer_;
  SSL* ssl_ = nullptr;
  char buffer_[16 * 1024];
  size_t begin_ = 0;
  size_t end_ = 0;
  bool header_done_ = false;
  int blank_ = 0;  // line ends in a row (a '\r' neither counts nor resets)
  size_t header_bytes_ = 0;
  size_t body_bytes_ = 0;
  Clock::time_point header_deadline_;
  Clock::time_point body_deadline_;
  bool failed_ = false;
  bool over_limit_ = false;
  bool timed_out_ = false;
  bool close_after_ = false;
  std::atomic<bool> gone_{false};
  std::atomic<int64_t> last_peer_check_{0};
};

// The connection the calling thread is serving (set for the handlers).
thread_local Connection* t_connection = nullptr;
// True on a spare thread (ConnectionPool).
thread_local bool t_spare = false;
// True while a spare thread closes a connection unanswered (ConnectionPool).
thread_local bool t_shed = false;

// Runs connections on `threads` threads with at most `max_pending` waiting;
// one more goes to a few spare threads, which answer it 503 (but /healthz).
// Past kMaxSpareWaiting waiting for those, a connection is closed
// unanswered, ahead of the others, so that a flood of connections does not
// grow the spare threads' queue.
class ConnectionPool final : public httplib::TaskQueue {
 public:
  ConnectionPool(int threads, int max_pending) : max_pending_(static_cast<size_t>(max_pending)) {
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { Work(&pending_, false); });
    for (int i = 0; i < kSpareThreads; ++i) threads_.emplace_back([this] { Work(&spare_, true); });
  }

  void enqueue(std::function<void()> fn) override {
    bool spare = false;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (pending_.size() < max_pending_) {
        pending_.push_back(std::move(fn));
      } else if (spare_.size() < kMaxSpareWaiting) {
        spare_.push_back(std::move(fn));
        spare = true;
      } else {
        spare_.push_front([fn = std::move(fn)] {
          t_shed = true;
          fn();
          t_shed = false;
        });
        spare = true;
      }
    }
    // One thread of the kind the job is for (waking them all would have
    // every connection thread contend for the lock at every request).
    (spare ? spare_cv_ : pending_cv_).notify_one();
  }

  // Runs what is queued, then joins the threads. Idempotent.
  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      shutdown_ = true;
    }
    pending_cv_.notify_all();
    spare_cv_.notify_all();
    for (std::thread& t : threads_) {
      if (t.joinable()) t.join();
    }
  }

 private:
  void Work(std::deque<std::function<void()>>* jobs, bool spare) {
    t_spare = spare;
    // OpenSSL writes with write(2), which raises SIGPIPE on a connection the
    // peer closed; blocked here, the write fails with EPIPE instead.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> lock(mu_);
        std::condition_variable& cv = spare ? spare_cv_ : pending_cv_;
        cv.wait(lock, [&] { return !jobs->empty() || shutdown_; });
        if (jobs->empty()) return;  // shut down, nothing left
        fn = std::move(jobs->front());
        jobs->pop_front();
      }
      fn();
    }
  }

  const size_t max_pending_;
  std::mutex mu_;
  std::condition_variable pending_cv_;  // the connection threads wait here
  std::condition_variable spare_cv_;    // the spare threads
  std::deque<std::function<void()>> pending_;
  std::deque<std::function<void()>> spare_;
  bool shutdown_ = false;
  std::vector<std::thread> threads_;
};

// The client's address of an accepted socket ("127.0.0.1", "::1"; "" if
// unknown).
std::string PeerAddress(int sock) {
  std::string ip;
  int port = 0;
  SocketAddress(::getpeername, sock, ip, port);
  return ip;
}

// Holds the connections that are waiting for a request (a new one for its
// first byte, a kept-alive one for its next request) on one thread with
// epoll, so that no connection thread waits on a client that sends nothing:
// a connection goes to the pool (`dispatch`) only once it has bytes to read,
// and is closed if none come by its deadline (first_byte_ms for a new one,
// keep_alive_ms between requests). It also counts the open connections, in
// all and by client address: one past either cap is answered 503 at once
// and closed, unless the longest-idle kept-alive connection (of that
// address, for its cap) can be closed to make room.
class ConnectionWatcher {
 public:
  struct Caps {
    int first_byte_ms;
    int keep_alive_ms;
    int max_connections;
    int max_per_client;
  };
  using Dispatch = std::function<void(std::shared_ptr<Connection>)>;

  ConnectionWatcher(Caps caps, Connection::Limits limits, SSL_CTX* tls, Dispatch dispatch)
      : caps_(caps), limits_(limits), tls_(tls), dispatch_(std::move(dispatch)) {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    thread_ = std::thread([this] { Run(); });
  }
  ~ConnectionWatcher() {
    Stop();
    ::close(epoll_);
  }

  // A new connection (from the accept loop): counted and parked, or
  // refused.
  void Accept(int sock) {
    std::string peer = PeerAddress(sock);
    std::vector<std::shared_ptr<Connection>> reaped;
    const char* refusal = nullptr;
    {
      std::lock_guard<std::mutex> lock(mu_);
      int& mine = per_client_[peer];
      if (stopped_) {
        refusal = "";
      } else if (mine >= caps_.max_per_client && !ReapLocked(&peer, &reaped)) {
        refusal = "too many connections from this address (--http_max_connections_per_client)";
      } else if (total_ >= caps_.max_connections && !ReapLocked(nullptr, &reaped)) {
        refusal = "too many connections (--http_max_connections)";
      }
      if (refusal == nullptr) {
        ++mine;
        ++total_;
      } else if (mine == 0) {
        per_client_.erase(peer);
      }
    }
    for (std::shared_ptr<Connection>& c : reaped) Close(std::move(c));
    if (refusal != nullptr) {
      Refuse(sock, refusal);
      return;
    }
    auto connection = std::make_shared<Connection>(sock, limits_, tls_, std::move(peer));
    ParkFor(std::move(connection), caps_.first_byte_ms, /*fresh=*/true);
  }

  // A connection between requests: parked until its next request comes or
  // keep_alive_ms pass.
  void Park(std::shared_ptr<Connection> c) { ParkFor(std::move(c), caps_.keep_alive_ms, false); }

  // Closes the connection and counts it out.
  void Close(std::shared_ptr<Connection> c) {
    if (c == nullptr) return;
    c->EndTls();
    ::shutdown(c->socket(), SHUT_RDWR);
    ::close(c->socket());
    std::lock_guard<std::mutex> lock(mu_);
    --total_;
    auto it = per_client_.find(c->peer());
    if (it != per_client_.end() && --it->second <= 0) per_client_.erase(it);
  }

  // Closes every parked connection; later ones are closed as they come.
  // Idempotent.
  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_) return;
      stopped_ = true;
    }
    thread_.join();
    std::map<int, Parked> parked;
    {
      std::lock_guard<std::mutex> lock(mu_);
      parked.swap(parked_);
    }
    for (auto& [sock, p] : parked) Close(std::move(p.connection));
  }

  // Open connections now (parked or being served).
  int open() const {
    std::lock_guard<std::mutex> lock(mu_);
    return total_;
  }

 private:
  struct Parked {
    std::shared_ptr<Connection> connection;
    Clock::time_point until;
    bool fresh;       // waiting for its first request
    uint64_t order;   // parked after those with a lower one
  };

  void ParkFor(std::shared_ptr<Connection> c, int ms, bool fresh) {
    const int sock = c->socket();
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!stopped_) {
        parked_[sock] = Parked{std::move(c), Clock::now() + std::chrono::milliseconds(ms), fresh,
                               ++order_};
        epoll_event e{};
        e.events = EPOLLIN | EPOLLRDHUP | EPOLLONESHOT;
        e.data.fd = sock;
        if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, sock, &e) == 0) return;
        c = std::move(parked_[sock].connection);
        parked_.erase(sock);
      }
    }
    Close(std::move(c));
  }

  // Takes out the longest-idle kept-alive connection (of `peer`, if set) to
  // be closed; false if there is none.
  bool ReapLocked(const std::string* peer, std::vector<std::shared_ptr<Connection>>* reaped) {
    auto oldest = parked_.end();
    for (auto it = parked_.begin(); it != parked_.end(); ++it) {
      if (it->second.fresh || (peer != nullptr && it->second.connection->peer() != *peer)) continue;
      if (oldest == parked_.end() || it->second.order < oldest->second.order) oldest = it;
    }
    if (oldest == parked_.end()) return false;
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, oldest->first, nullptr);
    reaped->push_back(std::move(oldest->second.connection));
    parked_.erase(oldest);
    return true;
  }

  // Answers 503 without reading the request (none may have come yet) and
  // closes; never blocks the accept loop.
  static void Refuse(int sock, const char* why) {
    if (*why != '\0') {
      const std::string body = ErrorJson(grpc::StatusCode::UNAVAILABLE,
                                         absl::StrCat("the server is busy: ", why, ": retry shortly"));
      const std::string answer = absl::StrCat(
          "HTTP/1.1 503 Service Unavailable\r\nContent-Type: ", kJson,
          "\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: ", body.size(), "\r\n\r\n",
          body);
      ::send(sock, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      ::shutdown(sock, SHUT_WR);
      char scratch[4096];
      while (::recv(sock, scratch, sizeof(scratch), MSG_DONTWAIT) > 0) {
      }
    }
    ::close(sock);
  }

  void Run() {
    epoll_event events[256];
    Clock::time_point next_sweep = Clock::now();
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopped_) return;
      }
      const int n = ::epoll_wait(epoll_, events, 256, 50);
      std::vector<std::shared_ptr<Connection>> ready, expired;
      {
        std::lock_guard<std::mutex> lock(mu_);
        for (int i = 0; i < n; ++i) {
          auto it = parked_.find(events[i].data.fd);
          if (it == parked_.end()) continue;
          ::epoll_ctl(epoll_, EPOLL_CTL_DEL, it->first, nullptr);
          ready.push_back(std::move(it->second.connection));
          parked_.erase(it);
        }
        const Clock::time_point now = Clock::now();
        if (now >= next_sweep) {
          next_sweep = now + std::chrono::milliseconds(20);
          for (auto it = parked_.begin(); it != parked_.end();) {
            if (it->second.until > now) {
              ++it;
              continue;
            }
            ::epoll_ctl(epoll_, EPOLL_CTL_DEL, it->first, nullptr);
            expired.push_back(std::move(it->second.connection));
            it = parked_.erase(it);
          }
        }
      }
      for (std::shared_ptr<Connection>& c : expired) Close(std::move(c));
      for (std::shared_ptr<Connection>& c : ready) {
        // A client that closed without a request is closed here.
        char byte;
        const ssize_t peeked = ::recv(c->socket(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        if (peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) {
          Close(std::move(c));
        } else {
          dispatch_(std::move(c));
        }
      }
    }
  }

  const Caps caps_;
  const Connection::Limits limits_;
  SSL_CTX* const tls_;
  const Dispatch dispatch_;
  int epoll_ = -1;
  mutable std::mutex mu_;
  std::map<int, Parked> parked_;
  std::map<std::string, int> per_client_;
  int total_ = 0;
  uint64_t order_ = 0;
  bool stopped_ = false;
  std::thread thread_;
};

// The library's task queue: runs each accepted connection's task at once on
// the accept loop, where Impl::process_and_close_socket hands the socket to
// the ConnectionWatcher; `on_shutdown` stops the connections when the loop
// ends.
class AcceptQueue final : public httplib::TaskQueue {
 public:
  explicit AcceptQueue(std::function<void()> on_shutdown) : on_shutdown_(std::move(on_shutdown)) {}
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override { on_shutdown_(); }

 private:
  const std::function<void()> on_shutdown_;
};

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

void SetUnavailable(httplib::Response& res, const std::string& message) {
  SetError(res, grpc::StatusCode::UNAVAILABLE, message, 503);
  res.set_header("Retry-After", "1");
}

}  // namespace

// cpp-httplib's Server with the connections served here (see the file
// comment): accepted sockets go to the ConnectionWatcher, which hands a
// connection with bytes to read to the ConnectionPool; the engine's
// admission.
class HttpGateway::Impl final : public httplib::Server {
 public:
  explicit Impl(const HttpGatewayOptions& o)
      : limits_{o.header_timeout_ms, o.body_timeout_ms, 5000,
                o.max_message_bytes + std::max<size_t>(64 * 1024, o.max_message_bytes / 8)},
        caps_{o.first_byte_ms, o.keep_alive_ms, o.max_connections, o.max_connections_per_client},
        admission_(std::max(1, o.max_threads), std::max(0, o.max_queue)) {}

  ~Impl() override {
    StopConnections();
    SSL_CTX_free(tls_);
  }

  // The listening socket's backlog (the library listens with 5).
  bool SetBacklog(int backlog) { return ::listen(svr_sock_, backlog) == 0; }

  // Serve HTTPS with `tls` (owned from now on); before StartConnections.
  void SetTls(SSL_CTX* tls) {
    SSL_CTX_free(tls_);
    tls_ = tls;
  }

  // The connection threads and the watcher; before listening.
  void StartConnections(int threads) {
    pool_ = std::make_unique<ConnectionPool>(threads, threads);
    watcher_ = std::make_unique<ConnectionWatcher>(
        caps_, limits_, tls_, [this](std::shared_ptr<Connection> c) {
          pool_->enqueue([this, c = std::move(c)]() mutable { Serve(std::move(c)); });
        });
    new_task_queue = [this] { return new AcceptQueue([this] { StopConnections(); }); };
  }

  Admission& admission() { return admission_; }
  int open_connections() const { return watcher_ != nullptr ? watcher_->open() : 0; }

 private:
  // Closes the parked connections, lets the pool finish the ones it serves
  // (each is its last request), joins the threads. Idempotent.
  void StopConnections() {
    if (watcher_ != nullptr) watcher_->Stop();
    if (pool_ != nullptr) pool_->shutdown();
  }

  bool Stopping() const { return svr_sock_ == INVALID_SOCKET; }

  bool process_and_close_socket(socket_t sock) override {
    watcher_->Accept(sock);
    return true;
  }

  // On a pool thread: the connection's requests while they come without a
  // wait, then back to the watcher (or closed).
  void Serve(std::shared_ptr<Connection> c) {
    t_connection = c.get();
    c->SetSpare(t_spare);
    bool keep = !t_shed && c->StartTls();
    while (keep) {
      c->BeginRequest();
      bool closed = false;
      const bool last = --c->requests_left == 0 || c->spare() || Stopping();
      keep = process_request(*c, last, closed, nullptr) && !closed && !c->close_after() && !last;
      if (keep && !c->HasBuffered()) {
        t_connection = nullptr;
        watcher_->Park(std::move(c));
        return;
      }
    }
    t_connection = nullptr;
    watcher_->Close(std::move(c));
  }

  const Connection::Limits limits_;
  const ConnectionWatcher::Caps caps_;
  Admission admission_;
  SSL_CTX* tls_ = nullptr;
  std::unique_ptr<ConnectionPool> pool_;
  std::unique_ptr<ConnectionWatcher> watcher_;
};

namespace {

// OpenSSL's queued errors, as text, cleared.
std::string TlsErrors() {
  std::string out;
  while (const unsigned long e = ERR_get_error()) {
    char text[256];
    ERR_error_string_n(e, text, sizeof(text));
    absl::StrAppend(&out, out.empty() ? "" : "; ", text);
  }
  return out.empty() ? "no detail" : out;
}

// Every certificate of a PEM text, in order.
std::vector<X509*> ReadCertificates(const std::string& pem) {
  std::vector<X509*> out;
  BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  if (bio == nullptr) return out;
  while (X509* cert = PEM_read_bio_X509(bio, nullptr, nullptr, nullptr)) out.push_back(cert);
  BIO_free(bio);
  ERR_clear_error();  // the end of the text reads as an error
  return out;
}

// A TLS server context (TLS 1.2 or later) from the options' PEM texts;
// INVALID_ARGUMENT naming the option if one does not load.
absl::StatusOr<SSL_CTX*> MakeTlsContext(const HttpGatewayOptions& o) {
  ERR_clear_error();
  std::unique_ptr<SSL_CTX, decltype(&SSL_CTX_free)> ctx(SSL_CTX_new(TLS_server_method()),
                                                        &SSL_CTX_free);
  if (ctx == nullptr) return absl::InternalError("TLS: " + TlsErrors());
  SSL_CTX_set_min_proto_version(ctx.get(), TLS1_2_VERSION);
  std::vector<X509*> chain = ReadCertificates(o.tls_cert_pem);
  if (chain.empty()) {
    return absl::InvalidArgumentError("tls_cert_file: no PEM certificate in it");
  }
  bool used = SSL_CTX_use_certificate(ctx.get(), chain.front()) == 1;
  X509_free(chain.front());
  for (size_t i = 1; i < chain.size(); ++i) {
    // On success the context owns the certificate.
    if (!used || SSL_CTX_add_extra_chain_cert(ctx.get(), chain[i]) != 1) {
      used = false;
      X509_free(chain[i]);
    }
  }
  if (!used) return absl::InvalidArgumentError("tls_cert_file: " + TlsErrors());
  BIO* bio = BIO_new_mem_buf(o.tls_key_pem.data(), static_cast<int>(o.tls_key_pem.size()));
  EVP_PKEY* key = bio == nullptr ? nullptr : PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr);
  BIO_free(bio);
  if (key == nullptr) return absl::InvalidArgumentError("tls_key_file: no PEM private key in it");
  used = SSL_CTX_use_PrivateKey(ctx.get(), key) == 1;
  EVP_PKEY_free(key);
  if (!used || SSL_CTX_check_private_key(ctx.get()) != 1) {
    return absl::InvalidArgumentError("tls_key_file: not the certificate's key: " + TlsErrors());
  }
  if (!o.tls_client_ca_pem.empty()) {
    std::vector<X509*> cas = ReadCertificates(o.tls_client_ca_pem);
    if (cas.empty()) {
      return absl::InvalidArgumentError("tls_client_ca_file: no PEM certificate in it");
    }
    X509_STORE* store = SSL_CTX_get_cert_store(ctx.get());
    bool added = true;
    for (X509* ca : cas) {
      added = added && X509_STORE_add_cert(store, ca) == 1 &&
              SSL_CTX_add_client_CA(ctx.get(), ca) == 1;
      X509_free(ca);
    }
    if (!added) return absl::InvalidArgumentError("tls_client_ca_file: " + TlsErrors());
    SSL_CTX_set_verify(ctx.get(), SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nullptr);
  }
  return ctx.release();
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

std::string JsonShapeError(std::string_view json, int max_depth, int max_array) {
  // Per open bracket: the elements of an array so far (commas + 1), or -1
  // for an object.
  std::vector<int> open;
  // The quote that opened the string being read ('\0': none). The
  // library's parser also takes strings in single quotes, so a '"' inside
  // one must not open a string here (which would hide the brackets after it
  // from this scan).
  char quote = '\0';
  bool escaped = false;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (quote != '\0') {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == quote) {
        quote = '\0';
      }
      continue;
    }
    switch (c) {
      case '"':
      case '\'':
        quote = c;
        break;
      case '[':
      case '{':
        if (static_cast<int>(open.size()) >= max_depth) {
          return absl::StrCat("body: JSON nested deeper than ", max_depth, " levels (at byte ", i,
                              ")");
        }
        open.push_back(c == '[' ? 1 : -1);
        break;
      case ']':
      case '}':
        if (!open.empty()) open.pop_back();
        break;
      case ',':
        if (!open.empty() && open.back() > 0 && ++open.back() > max_array) {
          return absl::StrCat("body: a JSON array of more than ", max_array,
                              " elements (at byte ", i, ")");
        }
        break;
      default:
        break;
    }
  }
  return "";
}

grpc::Status ParseJsonBody(std::string_view body, const HttpGatewayOptions& options,
                           google::protobuf::Message* message) {
  const std::string shape = JsonShapeError(body, options.max_json_depth, options.max_json_array);
  if (!shape.empty()) return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, shape);
  if (body.empty()) return grpc::Status::OK;
  google::protobuf::util::JsonParseOptions parse;
  parse.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(body.data(), body.size()), message, parse);
  if (!status.ok()) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        absl::StrCat("body: ", std::string(status.message())));
  }
  return grpc::Status::OK;
}

bool HostAllowed(std::string_view host, const std::vector<std::string>& allowed_hosts) {
  if (host.empty()) return true;  // HTTP/1.0 without Host: not a browser
  // Without the port: "[::1]:8080" -> "::1", "a.example:80" -> "a.example".
  std::string name(host);
  if (name.front() == '[') {
    const size_t close = name.find(']');
    name = close == std::string::npos ? name.substr(1) : name.substr(1, close - 1);
  } else if (std::count(name.begin(), name.end(), ':') == 1) {
    name = name.substr(0, name.find(':'));
  }
  name = absl::AsciiStrToLower(name);
  if (!name.empty() && name.back() == '.') name.pop_back();
  // An IP address is not a name an attacker's DNS can rebind.
  in6_addr addr6;
  in_addr addr4;
  if (inet_pton(AF_INET, name.c_str(), &addr4) == 1 ||
      inet_pton(AF_INET6, name.c_str(), &addr6) == 1) {
    return true;
  }
  if (name == "localhost" || absl::EndsWith(name, ".localhost")) return true;
  for (const std::string& allowed : allowed_hosts) {
    const std::string lower = absl::AsciiStrToLower(allowed);
    if (allowed == "*" || lower == name || lower == absl::AsciiStrToLower(std::string(host))) {
      return true;
    }
  }
  return false;
}

HttpGateway::HttpGateway(const UmpireService* service, HttpGatewayOptions options)
    : service_(service), options_(std::move(options)), impl_(std::make_unique<Impl>(options_)) {}

HttpGateway::~HttpGateway() { Stop(); }

bool HttpGateway::OriginAllowed(const std::string& origin, const std::string& host) const {
  if (origin.empty()) return false;
  // The server's own pages (same origin).
  if (!host.empty() && (origin == "http://" + host || origin == "https://" + host)) return true;
  for (const std::string& allowed : options_.cors_origins) {
    if (allowed == "*" || allowed == origin) return true;
  }
  return false;
}

void HttpGateway::Admitted(
    const httplib::Request& req, httplib::Response& res,
    const std::function<grpc::Status(int64_t, const std::function<bool()>&)>& run) {
  // The deadline: the server's, or less if the request asks.
  int64_t asked = -1;
  if (req.has_header(kTimeoutHeader)) {
    const std::string value = req.get_header_value(kTimeoutHeader);
    if (!absl::SimpleAtoi(value, &asked) || asked <= 0) {
      SetError(res, grpc::StatusCode::INVALID_ARGUMENT,
               absl::StrCat(kTimeoutHeader, ": '", value.substr(0, kMaxEchoBytes),
                            "' is not a positive number of milliseconds"));
      return;
    }
  }
  const int64_t ms = service_->EffectiveMsLeft(asked);
  const Clock::time_point deadline =
      ms < 0 ? Clock::time_point::max() : Clock::now() + std::chrono::milliseconds(ms);
  Connection* connection = t_connection;
  const std::function<bool()> gone = [this, connection] {
    return cancel_all_ || (connection != nullptr && connection->PeerGone());
  };
  ++in_flight_;
  const Admission::Result admitted =
      impl_->admission().Enter(deadline, [&] { return !serving_ || gone(); });
  if (admitted != Admission::Result::kAdmitted) {
    --in_flight_;
    switch (admitted) {
      case Admission::Result::kQueueFull:
        SetUnavailable(res, "the server is busy (its queue is full): retry shortly");
        break;
      case Admission::Result::kTimedOut:
        SetError(res, grpc::StatusCode::DEADLINE_EXCEEDED,
                 "the request's deadline passed while it waited for the engine");
        break;
      default:
        SetUnavailable(res, "the request was dropped while it waited for the engine");
    }
    return;
  }
  ++engine_runs_;
  grpc::Status status;
  try {
    // What is left of the deadline after the wait (-1: none).
    const int64_t left =
        ms < 0 ? -1
               : std::max<int64_t>(0, std::chrono::duration_cast<std::chrono::milliseconds>(
                                          deadline - Clock::now())
                                          .count());
    status = run(left, gone);
  } catch (const std::exception& e) {
    status = grpc::Status(grpc::StatusCode::INTERNAL, absl::StrCat("server error: ", e.what()));
    SetError(res, status.error_code(), status.error_message());
  }
  impl_->admission().Leave();
  if (status.error_code() == grpc::StatusCode::CANCELLED) ++engine_cancelled_;
  --in_flight_;
  // A large request's parsed table and work are freed by now, but glibc
  // keeps the small blocks in the heap of the thread that served it, and
  // each connection thread has its own: handed back, they do not add up
  // over the threads (docs/reliability.md, "Bounds on every route").
  if (req.body.size() >= kTrimAfterBodyBytes) malloc_trim(0);
}

void HttpGateway::Route() {
  Impl& s = *impl_;
  const int threads = options_.connection_threads > 0 ? options_.connection_threads
                                                      : std::max(64, 4 * options_.max_threads);
  s.StartConnections(threads);
  s.set_payload_max_length(options_.max_message_bytes);
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
    if (!OriginAllowed(origin, req.get_header_value("Host")) ||
        res.has_header("Access-Control-Allow-Origin")) {
      return;
    }
    res.set_header("Access-Control-Allow-Origin", origin);
    res.set_header("Vary", "Origin");
    res.set_header("Access-Control-Allow-Methods", kAllowedMethods);
    res.set_header("Access-Control-Allow-Headers",
                   absl::StrCat("Content-Type, Authorization, ", kTimeoutHeader));
    res.set_header("Access-Control-Max-Age", "600");
  };

  // Before anything is read of the body: the Host, the Origin, a spare
  // thread's answer, draining. A request refused here leaves its body
  // unread, so its connection is closed after the answer.
  s.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    const auto refuse = [&](auto set) {
      set();
      if (t_connection != nullptr) t_connection->CloseAfter();
      return httplib::Server::HandlerResponse::Handled;
    };
    const std::string host = req.get_header_value("Host");
    if (!HostAllowed(host, options_.allowed_hosts)) {
      return refuse([&] {
        SetError(res, grpc::StatusCode::PERMISSION_DENIED,
                 absl::StrCat("Host: '", host.substr(0, 200),
                              "' is not served here (allow it with --http_allowed_hosts)"));
      });
    }
    const std::string origin = req.get_header_value("Origin");
    if (req.method != "OPTIONS" && !origin.empty() && !OriginAllowed(origin, host)) {
      return refuse([&] {
        SetError(res, grpc::StatusCode::PERMISSION_DENIED,
                 absl::StrCat("Origin: '", origin.substr(0, 200),
                              "' is not allowed (allow it with --cors_origins)"));
      });
    }
    if (req.path == "/healthz") return httplib::Server::HandlerResponse::Unhandled;
    if (req.method != "OPTIONS" &&
        !BearerMatches(req.get_header_value("Authorization"), service_->auth_token())) {
      return refuse([&] {
        SetError(res, grpc::StatusCode::UNAUTHENTICATED,
                 "Authorization: a bearer token is required (Authorization: Bearer <token>)");
        res.set_header("WWW-Authenticate", "Bearer");
      });
    }
    // A compressed body is never inflated: a few hundred KB of it could
    // inflate to gigabytes before the size limit saw it.
    if (req.has_header("Content-Encoding")) {
      const std::string encoding = req.get_header_value("Content-Encoding");
      if (!absl::EqualsIgnoreCase(absl::StripAsciiWhitespace(encoding), "identity")) {
        return refuse([&] {
          SetError(res, grpc::StatusCode::INVALID_ARGUMENT,
                   absl::StrCat("Content-Encoding: '", encoding.substr(0, kMaxEchoBytes),
                                "' is not served: send the body uncompressed"),
                   415);
          res.set_header("Accept-Encoding", "identity");
        });
      }
    }
    if (t_connection != nullptr && t_connection->spare()) {
      return refuse([&] { SetUnavailable(res, "the server is busy: retry shortly"); });
    }
    if (!serving_) {
      return refuse([&] {
        SetUnavailable(res, "the server is shutting down: try another replica or later");
      });
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });

  // One engine method: check the body's size and shape, parse, run as one
  // admitted request (Admitted), answer.
  auto method = [this, cors](auto run, auto request_type, auto response_type) {
    using Request = decltype(request_type);
    using Response = decltype(response_type);
    return [this, cors, run](const httplib::Request& req, httplib::Response& res) {
      Request request;
      if (req.body.size() > options_.max_message_bytes) {
        SetError(res, grpc::StatusCode::RESOURCE_EXHAUSTED,
                 "body: over the server's limit on message size", 413);
      } else if (const grpc::Status parsed = ParseJsonBody(req.body, options_, &request);
                 !parsed.ok()) {
        SetError(res, parsed.error_code(), parsed.error_message());
      } else {
        Admitted(req, res, [&](int64_t ms_left, const std::function<bool()>& gone) {
          Response response;
          const grpc::Status status = run(request, &response, ms_left, gone);
          WriteAnswer(status, response, res);
          return status;
        });
      }
      cors(req, res);
    };
  };

  const UmpireService* service = service_;
  s.Post("/v1/Advance",
         method(
             [service](const v1::AdvanceRequest& q, v1::AdvanceResponse* r, int64_t ms,
                       const std::function<bool()>& gone) {
               return service->DoAdvance(q, r, ms, gone);
             },
             v1::AdvanceRequest{}, v1::AdvanceResponse{}));
  s.Post("/v1/Ask", method(
                        [service](const v1::AskRequest& q, v1::AskResponse* r, int64_t ms,
                                  const std::function<bool()>& gone) {
                          return service->DoAsk(q, r, ms, gone);
                        },
                        v1::AskRequest{}, v1::AskResponse{}));
  s.Post("/v1/Describe", method(
                             [service](const v1::DescribeRequest& q, v1::DescribeResponse* r,
                                       int64_t, const std::function<bool()>&) {
                               return service->DoDescribe(q, r);
                             },
                             v1::DescribeRequest{}, v1::DescribeResponse{}));
  // The table's picture (service/web_static.h): the body's size and shape,
  // then one admitted request, whose deadline, client and the server's stop
  // end the drawing; the picture is held to max_render_bytes and the state
  // to kMaxUnits.
  s.Post("/v1/Render", [this, cors](const httplib::Request& req, httplib::Response& res) {
    const WebOptions::Renderer render = WebRenderer();
    std::string shape;
    if (!render) {
      SetError(res, grpc::StatusCode::UNIMPLEMENTED, "this server has no renderer");
    } else if (req.body.size() > options_.max_message_bytes) {
      SetError(res, grpc::StatusCode::RESOURCE_EXHAUSTED,
               "body: over the server's limit on message size", 413);
    } else if (shape = JsonShapeError(req.body, options_.max_json_depth, options_.max_json_array);
               !shape.empty()) {
      SetError(res, grpc::StatusCode::INVALID_ARGUMENT, shape);
    } else {
      const std::string reveal = req.get_param_value("reveal");
      Admitted(req, res, [&](int64_t ms_left, const std::function<bool()>& gone) {
        const Clock::time_point deadline =
            ms_left < 0 ? Clock::time_point::max()
                        : Clock::now() + std::chrono::milliseconds(ms_left);
        RenderLimits limits;
        limits.max_bytes = options_.max_render_bytes;
        limits.max_units = kMaxUnits;
        limits.stop = [&] { return gone() || Clock::now() >= deadline; };
        absl::StatusOr<std::string> svg =
            render(req.body, reveal == "1" || reveal == "true", limits);
        if (svg.ok()) {
          res.status = 200;
          res.set_content(*svg, "image/svg+xml");
          return grpc::Status::OK;
        }
        grpc::Status status = ToGrpcStatus(svg.status());
        if (svg.status().code() == absl::StatusCode::kCancelled && !gone()) {
          status = grpc::Status(grpc::StatusCode::DEADLINE_EXCEEDED,
                                "the request's deadline passed while the picture was drawn");
        } else if (svg.status().code() == absl::StatusCode::kInvalidArgument) {
          status =
              grpc::Status(status.error_code(), absl::StrCat("body: ", status.error_message()));
        }
        SetError(res, status.error_code(), status.error_message());
        return status;
      });
    }
    cors(req, res);
  });
  s.Get("/healthz", [this, cors](const httplib::Request& req, httplib::Response& res) {
    if (serving_) {
      res.status = 200;
      res.set_content(R"({"status":"SERVING"})", kJson);
    } else {
      res.status = 503;
      res.set_content(R"({"status":"NOT_SERVING"})", kJson);
    }
    cors(req, res);
  });

  // Known paths, wrong method.
  auto not_allowed = [cors](std::string allow) {
    return [cors, allow = std::move(allow)](const httplib::Request& req, httplib::Response& res) {
      SetError(res, grpc::StatusCode::UNIMPLEMENTED,
               absl::StrCat(req.method, " ", req.path, ": method not allowed (", allow, ")"), 405);
      res.set_header("Allow", allow);
      cors(req, res);
    };
  };
  const std::string methods = "/v1/(Advance|Ask|Describe|Render)";
  s.Get(methods, not_allowed(kAllowedMethods));
  s.Put(methods, not_allowed(kAllowedMethods));
  s.Patch(methods, not_allowed(kAllowedMethods));
  s.Delete(methods, not_allowed(kAllowedMethods));
  s.Post("/healthz", not_allowed("GET"));
  s.Put("/healthz", not_allowed("GET"));
  s.Patch("/healthz", not_allowed("GET"));
  s.Delete("/healthz", not_allowed("GET"));

  // The web page, scenarios and pictures (service/web_static.h), with the
  // CORS headers of every answer.
  AddWebRoutes(s, [cors](WebHandler handler) -> WebHandler {
    return [cors, handler = std::move(handler)](const httplib::Request& req,
                                                httplib::Response& res) {
      handler(req, res);
      cors(req, res);
    };
  });

  // CORS preflight.
  s.Options(".*", [this, cors](const httplib::Request& req, httplib::Response& res) {
    const std::string origin = req.get_header_value("Origin");
    if (!OriginAllowed(origin, req.get_header_value("Host"))) {
      SetError(res, grpc::StatusCode::PERMISSION_DENIED,
               origin.empty() ? std::string("CORS preflight without an Origin")
                              : absl::StrCat("origin ", origin.substr(0, 200), " is not allowed"),
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
        if (t_connection != nullptr && t_connection->over_limit()) res.status = 413;
        if (t_connection != nullptr && t_connection->timed_out()) res.status = 408;
        switch (res.status) {
          case 404:
            SetError(res, grpc::StatusCode::NOT_FOUND,
                     absl::StrCat(req.method, " ", req.path.substr(0, 200),
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
          case 408:
            SetError(res, grpc::StatusCode::DEADLINE_EXCEEDED,
                     "the request did not arrive in time (--http_header_timeout_ms, "
                     "--http_body_timeout_ms)",
                     408);
            break;
          default: {
            const int status = res.status;
            SetError(res, grpc::StatusCode::UNKNOWN, absl::StrCat("HTTP ", status), status);
          }
        }
        if (t_connection != nullptr && res.status == 413) t_connection->CloseAfter();
        cors(req, res);
        return httplib::Server::HandlerResponse::Handled;
      }));
}

absl::Status CheckTls(const HttpGatewayOptions& options) {
  absl::StatusOr<SSL_CTX*> tls = MakeTlsContext(options);
  if (!tls.ok()) return tls.status();
  SSL_CTX_free(*tls);
  return absl::OkStatus();
}

absl::Status HttpGateway::Start() {
  Impl& s = *impl_;
  if (!options_.tls_cert_pem.empty() || !options_.tls_key_pem.empty()) {
    absl::StatusOr<SSL_CTX*> tls = MakeTlsContext(options_);
    if (!tls.ok()) return tls.status();
    s.SetTls(*tls);
  }
  Route();
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
  if (!s.SetBacklog(std::max(1, options_.listen_backlog))) {
    return absl::UnavailableError("HTTP: cannot set the listen backlog");
  }
  port_ = port;
  thread_ = std::thread([this] {
    impl_->listen_after_bind();
    listen_returned_ = true;
  });
  // The socket already accepts connections into its backlog; wait for the
  // accept loop too, so that Stop() right after Start() is well defined.
  while (!impl_->is_running() && !listen_returned_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return absl::OkStatus();
}

void HttpGateway::Stop() {
  if (impl_ != nullptr) impl_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace impi::service
