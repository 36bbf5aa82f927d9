// service/grpc_listener.h: the gRPC listener the server owns, so that a
// drain can stop taking connections without losing an answer on its way out.
//
// Overview: gRPC closes a connection as soon as the last call on it is done
// once the server shuts down, with the answer handed to the kernel but not
// yet delivered; a frame from the client arriving before that close turns
// it into a reset, which drops what the client has not yet received (a
// large answer cut short: docs/protocol.md, "Stopping"). GrpcListener
// listens on the server's gRPC address itself and hands each connection it
// accepts to gRPC (grpc's external connection acceptor), noting each
// socket. When it closes (a drain), it keeps a duplicate of each connection
// still open: gRPC's close then closes only its own descriptor, and the
// socket stays open until every byte sent on it has been acknowledged and
// the client has closed it too (Release), or a deadline. While it listens
// it keeps no duplicate, so nothing outlives gRPC's close then.
//
// Usage:
//   absl::StatusOr<std::unique_ptr<GrpcListener>> l = GrpcListener::Listen("127.0.0.1:0");
//   builder... acceptor = builder.experimental().AddExternalConnectionAcceptor(...);
//   server = builder.BuildAndStart();
//   (*l)->Start(std::move(acceptor));   // accepts on its own thread
//   ...
//   (*l)->Close();                      // refuses new connections
//   server->Shutdown(deadline);
//   (*l)->Release(deadline);            // lets the sockets go once delivered
//
// Thread safety: Start, Close and Release are called from one thread at a
// time; the accepting thread is the listener's own.
#ifndef IMPI_SERVICE_GRPC_LISTENER_H_
#define IMPI_SERVICE_GRPC_LISTENER_H_

#include <grpcpp/server_builder.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"

namespace impi::service {

class GrpcListener {
 public:
  // Listens on `address` (host:port; port 0: any free port). A port in use
  // is an error, not a port to share. UNAVAILABLE naming the address if it
  // cannot listen.
  static absl::StatusOr<std::unique_ptr<GrpcListener>> Listen(const std::string& address);
  ~GrpcListener();
  GrpcListener(const GrpcListener&) = delete;
  GrpcListener& operator=(const GrpcListener&) = delete;

  int port() const { return port_; }
  // Accepts connections on a thread of its own, handing each to `acceptor`,
  // until Close.
  void Start(std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor);
  // Stops listening: a new connection is refused. Those made stay open.
  void Close();
  // Lets go of every socket kept, each once what was sent on it has been
  // acknowledged or gRPC and the client have both closed it, or at `until`
  // at the latest. After Close and gRPC's shutdown.
  void Release(std::chrono::steady_clock::time_point until);

 private:
  GrpcListener(int fd, int port);
  void Loop();

  // A connection's socket as handed to gRPC: its descriptor, and the
  // socket's inode, which tells whether the descriptor still names it.
  struct HandedSocket {
    int fd;
    uint64_t inode;
  };

  std::atomic<bool> stop_{false};  // Close asks the loop to end
  int fd_ = -1;      // the listening socket (-1 once closed)
  int wake_[2] = {-1, -1};  // a pipe that wakes the loop to stop
  int port_ = 0;
  std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor_;
  std::thread thread_;
  std::mutex mu_;
  // The connections handed to gRPC (those closed since are pruned as the
  // list doubles), and the duplicates Close keeps of those still open.
  std::vector<HandedSocket> handed_;
  size_t pruned_at_ = 16;
  std::vector<int> kept_;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_GRPC_LISTENER_H_
