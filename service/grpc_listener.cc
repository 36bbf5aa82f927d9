// service/grpc_listener.cc: see grpc_listener.h.
#include "service/grpc_listener.h"

#include <fcntl.h>
#include <linux/sockios.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace impi::service {
namespace {

ino_t InodeOf(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode)) return 0;
  return st.st_ino;
}

// Bytes sent on the socket that the other end has not acknowledged yet.
int Unacknowledged(int fd) {
  int n = 0;
  if (ioctl(fd, SIOCOUTQ, &n) != 0) return 0;
  return n;
}

// Whether the other end has closed its side too (or the socket is gone).
bool PeerClosed(int fd) {
  struct tcp_info info;
  socklen_t len = sizeof(info);
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0) return true;
  return info.tcpi_state != TCP_ESTABLISHED && info.tcpi_state != TCP_FIN_WAIT1 &&
         info.tcpi_state != TCP_FIN_WAIT2;
}

}  // namespace

absl::StatusOr<std::unique_ptr<GrpcListener>> GrpcListener::Listen(const std::string& address) {
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos || colon == 0) {
    return absl::InvalidArgumentError(absl::StrCat("gRPC: '", address, "' is not host:port"));
  }
  std::string host = address.substr(0, colon);
  const std::string port = address.substr(colon + 1);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  struct addrinfo hints;
  std::memset(&hints, 0, sizeof(hints));
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  struct addrinfo* found = nullptr;
  const int gai = getaddrinfo(host.c_str(), port.c_str(), &hints, &found);
  if (gai != 0) {
    return absl::UnavailableError(
        absl::StrCat("gRPC: cannot listen on ", address, ": ", gai_strerror(gai)));
  }
  // IPv4 first (a name such as localhost may resolve to both).
  std::vector<const struct addrinfo*> tries;
  for (const struct addrinfo* a = found; a != nullptr; a = a->ai_next) tries.push_back(a);
  std::stable_sort(tries.begin(), tries.end(), [](const struct addrinfo* a, const struct addrinfo* b) {
    return (a->ai_family == AF_INET) > (b->ai_family == AF_INET);
  });
  int error = 0;
  int fd = -1;
  for (const struct addrinfo* a : tries) {
    fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      error = errno;
      continue;
    }
    // A port left in TIME_WAIT by an earlier server may be taken again; a
    // port another socket listens on may not (no SO_REUSEPORT).
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, SOMAXCONN) == 0) break;
    error = errno;
    close(fd);
    fd = -1;
  }
  freeaddrinfo(found);
  if (fd < 0) {
    return absl::UnavailableError(
        absl::StrCat("gRPC: cannot listen on ", address, ": ", std::strerror(error)));
  }
  struct sockaddr_storage bound;
  socklen_t len = sizeof(bound);
  int bound_port = 0;
  if (getsockname(fd, reinterpret_cast<struct sockaddr*>(&bound), &len) == 0) {
    if (bound.ss_family == AF_INET) {
      bound_port = ntohs(reinterpret_cast<struct sockaddr_in*>(&bound)->sin_port);
    } else if (bound.ss_family == AF_INET6) {
      bound_port = ntohs(reinterpret_cast<struct sockaddr_in6*>(&bound)->sin6_port);
    }
  }
  if (bound_port == 0) {
    close(fd);
    return absl::UnavailableError(absl::StrCat("gRPC: cannot listen on ", address));
  }
  return std::unique_ptr<GrpcListener>(new GrpcListener(fd, bound_port));
}

GrpcListener::GrpcListener(int fd, int port) : fd_(fd), port_(port) {
  if (pipe2(wake_, O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
}

GrpcListener::~GrpcListener() {
  Close();
  Release(std::chrono::steady_clock::now());
  for (int& w : wake_) {
    if (w >= 0) close(w);
    w = -1;
  }
}

void GrpcListener::Start(std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor) {
  acceptor_ = std::move(acceptor);
  thread_ = std::thread([this] { Loop(); });
}

void GrpcListener::Loop() {
  while (!stop_.load()) {
    struct pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    const int ready = poll(fds, wake_[0] >= 0 ? 2 : 1, 1000);
    if (ready < 0 && errno != EINTR) break;
    if (wake_[0] >= 0 && (fds[1].revents & POLLIN) != 0) break;
    if (ready <= 0 || (fds[0].revents & POLLIN) == 0) continue;
    const int conn = accept4(fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (conn < 0) {
      // Out of descriptors: a moment before trying again, not a spin.
      if (errno == EMFILE || errno == ENFILE) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    const int one = 1;
    setsockopt(conn, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    {
      std::lock_guard<std::mutex> lock(mu_);
      handed_.push_back({conn, static_cast<uint64_t>(InodeOf(conn))});
      // The list keeps the connections still open: pruned as it doubles.
      if (handed_.size() >= 2 * pruned_at_) {
        handed_.erase(std::remove_if(handed_.begin(), handed_.end(),
                                     [](const HandedSocket& h) {
                                       return InodeOf(h.fd) != static_cast<ino_t>(h.inode);
                                     }),
                      handed_.end());
        pruned_at_ = std::max<size_t>(16, handed_.size());
      }
    }
    grpc::experimental::ExternalConnectionAcceptor::NewConnectionParameters params;
    params.listener_fd = fd_;
    params.fd = conn;
    acceptor_->HandleNewConnection(&params);
  }
}

void GrpcListener::Close() {
  if (thread_.joinable()) {
    stop_.store(true);
    if (wake_[1] >= 0) {
      const char c = 0;
      (void)!write(wake_[1], &c, 1);
    }
    thread_.join();
  }
  if (fd_ >= 0) {
    close(fd_);
    fd_ = -1;
  }
  // Each connection still open keeps its socket through a duplicate, so that
  // gRPC's close of it leaves what it sent on its way (Release).
  std::lock_guard<std::mutex> lock(mu_);
  for (const HandedSocket& h : handed_) {
    if (h.inode == 0 || InodeOf(h.fd) != static_cast<ino_t>(h.inode)) continue;
    const int dup = fcntl(h.fd, F_DUPFD_CLOEXEC, 0);
    if (dup < 0) continue;
    // (Still the same socket: not a descriptor gRPC closed and the process
    // reused meanwhile.)
    if (InodeOf(dup) != static_cast<ino_t>(h.inode)) {
      close(dup);
      continue;
    }
    kept_.push_back(dup);
  }
  handed_.clear();
}

void GrpcListener::Release(std::chrono::steady_clock::time_point until) {
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      const bool last = std::chrono::steady_clock::now() >= until;
      kept_.erase(std::remove_if(kept_.begin(), kept_.end(),
                                 [last](int fd) {
                                   if (!last && (Unacknowledged(fd) > 0 || !PeerClosed(fd))) {
                                     return false;
                                   }
                                   close(fd);
                                   return true;
                                 }),
                  kept_.end());
      if (kept_.empty()) return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace impi::service
