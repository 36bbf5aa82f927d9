// service/arena_service.h: impi.v1.Arena over gRPC, the arena
// (ai/arena/arena.h) served beside the Umpire.
//
// Overview: Run checks the request (INVALID_ARGUMENT naming the field),
// plays its games on the server with the arena's runner, streams an
// ArenaProgress after the first game and each further percent of the games (games done and running
// tallies, in seed order) and ends with the report, the same figures and
// text `impi arena` prints for the same options. The call's deadline and
// cancellation stop the run: no game starts after them, a search in a game
// stops at once, and the call ends DEADLINE_EXCEEDED or CANCELLED. The
// service names no rule set: the arena reaches them through the registries.
// With the server's bearer token set (TokenGuarded), a call without it is
// UNAUTHENTICATED before anything is checked or played.
// It is a library of its own (impi_arena_service), so that impi_service
// links no rule set; impi-server adds it to the server
// (ServerOptions::services).
//
// Usage:
//   ArenaService arena;
//   ServerOptions o;  o.services.push_back(&arena);
//   auto server = ImpiServer::Start(o);
//
// Limits (ArenaLimits, the server's --arena_* flags): at most max_calls
// calls play at once and max_queue more wait for a place (each until its
// deadline; one more is UNAVAILABLE at once); a call plays on at most
// max_threads threads (a request asking for more gets max_threads: the
// results do not depend on it) and at most max_games games (more is
// INVALID_ARGUMENT); it runs at most max_ms (DEADLINE_EXCEEDED past it). So
// the arena's game threads are at most max_calls * max_threads, and the
// calls hold at most max_calls + max_queue of gRPC's threads, which the
// server reserves for them (BoundedService), so that the Umpire's calls are
// never refused for want of one. A drain (the server's transport refusing
// new calls) lets those in flight run and cancels those still running at
// its end.
//
// Thread safety: any number of calls at once.
#ifndef IMPI_SERVICE_ARENA_SERVICE_H_
#define IMPI_SERVICE_ARENA_SERVICE_H_

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <cstdint>

#include "absl/status/status.h"
#include "impi/v1/arena.grpc.pb.h"
#include "service/admission.h"
#include "service/umpire_service.h"

namespace impi::service {

inline constexpr int kMaxArenaGames = 10000;
inline constexpr int kMaxArenaThreads = 16;
inline constexpr int kMaxArenaTurnCap = 1000;

struct ArenaLimits {
  int max_calls = 2;                // calls playing at once
  int max_queue = 8;                // calls waiting for a place
  int max_threads = 4;              // threads of one call, 1..kMaxArenaThreads
  int max_games = kMaxArenaGames;   // games of one call, 1..kMaxArenaGames
  int64_t max_ms = 600000;          // one call's deadline, from its arrival
};

// OK, or INVALID_ARGUMENT naming the limit's flag (arena_max_calls ...)
// if it is out of range.
absl::Status CheckArenaLimits(const ArenaLimits& limits);

class ArenaService final : public v1::Arena::Service,
                           public TokenGuarded,
                           public BoundedService {
 public:
  explicit ArenaService(ArenaLimits limits = {})
      : limits_(limits), admission_(limits.max_calls, limits.max_queue) {}
  ArenaService(const ArenaService&) = delete;
  ArenaService& operator=(const ArenaService&) = delete;

  grpc::Status Run(grpc::ServerContext* context, const v1::ArenaRequest* request,
                   grpc::ServerWriter<v1::ArenaProgress>* writer) override;

  int MaxHeldCalls() const override { return limits_.max_calls + limits_.max_queue; }
  int InFlight() const override { return in_flight_; }
  void CancelAll() override { cancel_all_ = true; }

 private:
  grpc::Status Play(grpc::ServerContext* context, const v1::ArenaRequest* request,
                    grpc::ServerWriter<v1::ArenaProgress>* writer);

  const ArenaLimits limits_;
  Admission admission_;
  std::atomic<bool> cancel_all_{false};
  std::atomic<int> in_flight_{0};
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_ARENA_SERVICE_H_
