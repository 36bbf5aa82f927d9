// service/arena_service.h: impi.v1.Arena over gRPC, the arena
// (clients/arena/arena.h) served beside the Umpire.
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
// Thread safety: any number of calls at once; each runs up to its
// request's threads (at most kMaxArenaThreads) games at once.
#ifndef IMPI_SERVICE_ARENA_SERVICE_H_
#define IMPI_SERVICE_ARENA_SERVICE_H_

#include <grpcpp/grpcpp.h>

#include "impi/v1/arena.grpc.pb.h"
#include "service/umpire_service.h"

namespace impi::service {

inline constexpr int kMaxArenaGames = 10000;
inline constexpr int kMaxArenaThreads = 16;
inline constexpr int kMaxArenaTurnCap = 1000;

class ArenaService final : public v1::Arena::Service, public TokenGuarded {
 public:
  ArenaService() = default;
  ArenaService(const ArenaService&) = delete;
  ArenaService& operator=(const ArenaService&) = delete;

  grpc::Status Run(grpc::ServerContext* context, const v1::ArenaRequest* request,
                   grpc::ServerWriter<v1::ArenaProgress>* writer) override;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_ARENA_SERVICE_H_
