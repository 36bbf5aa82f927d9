#include "service/arena_service.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "absl/strings/str_cat.h"
#include "ai/arena/arena.h"
#include "service/scenarios.h"
#include "service/umpire_service.h"

namespace impi::service {
namespace {

// Time kept back from the call's deadline to send the answer.
constexpr auto kDeadlineMargin = std::chrono::milliseconds(200);

void ToProto(const arena::FaultCounts& f, v1::ArenaFaults* out) {
  out->set_errors(f.errors);
  out->set_illegal(f.illegal);
  out->set_timeouts(f.timeouts);
}

void ToProto(const arena::SideReport& s, v1::ArenaSideReport* out) {
  out->set_policy(s.policy);
  out->set_wins(s.wins);
  out->set_win_rate(s.win_rate);
  out->set_win_low(s.win_interval.low);
  out->set_win_high(s.win_interval.high);
  out->set_mean_score(s.mean_score);
  out->set_score_share(s.score_share);
  out->set_elo(s.elo);
  out->set_elo_low(s.elo_low);
  out->set_elo_high(s.elo_high);
  ToProto(s.faults, out->mutable_faults());
}

void ToProto(const arena::ArenaReport& r, v1::ArenaReport* out) {
  out->set_ruleset(r.ruleset);
  out->set_scenario(r.scenario);
  out->set_turn_cap(r.turn_cap);
  out->set_games(r.games);
  out->set_played(r.played);
  out->set_first_seed(r.first_seed);
  out->set_last_seed(r.last_seed);
  ToProto(r.zulu, out->mutable_zulu());
  ToProto(r.british, out->mutable_british());
  out->set_draws(r.draws);
  out->set_undecided(r.undecided);
  out->set_capped(r.capped);
  out->set_engine_errors(r.engine_errors);
  for (const auto& [result, k] : r.results) {
    v1::ArenaResultCount* c = out->add_results();
    c->set_result(result);
    c->set_games(k);
  }
  out->set_mean_turns(r.mean_turns);
  out->set_mean_british_lost(r.mean_british_lost);
  out->set_mean_zulu_lost(r.mean_zulu_lost);
  out->set_text(r.text);
}

void ToProto(const arena::Progress& p, v1::ArenaProgress* out) {
  out->set_games_done(p.done);
  out->set_games_total(p.total);
  v1::ArenaTally* t = out->mutable_tally();
  t->set_zulu_wins(p.zulu_wins);
  t->set_british_wins(p.british_wins);
  t->set_draws(p.draws);
  t->set_undecided(p.undecided);
  t->set_engine_errors(p.engine_errors);
}

grpc::Status Invalid(const std::string& message) {
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, message);
}

}  // namespace

absl::Status CheckArenaLimits(const ArenaLimits& limits) {
  struct Range {
    const char* name;
    int64_t value, low, high;
  };
  const Range ranges[] = {
      {"arena_max_calls", limits.max_calls, 1, 256},
      {"arena_max_queue", limits.max_queue, 0, 1024},
      {"arena_max_threads", limits.max_threads, 1, kMaxArenaThreads},
      {"arena_max_games", limits.max_games, 1, kMaxArenaGames},
      {"arena_max_ms", limits.max_ms, 1, int64_t{24} * 3600 * 1000},
  };
  for (const Range& r : ranges) {
    if (r.value < r.low || r.value > r.high) {
      return absl::InvalidArgumentError(
          absl::StrCat(r.name, ": ", r.value, " is out of range ", r.low, "..", r.high));
    }
  }
  return absl::OkStatus();
}

grpc::Status ArenaService::Run(grpc::ServerContext* context, const v1::ArenaRequest* request,
                               grpc::ServerWriter<v1::ArenaProgress>* writer) {
  if (grpc::Status allowed = CheckToken(*context); !allowed.ok()) return allowed;
  ++in_flight_;
  const grpc::Status status = Play(context, request, writer);
  --in_flight_;
  return status;
}

grpc::Status ArenaService::Play(grpc::ServerContext* context, const v1::ArenaRequest* request,
                                grpc::ServerWriter<v1::ArenaProgress>* writer) {
  if (request->ruleset() == v1::RULESET_UNSPECIFIED || !v1::Ruleset_IsValid(request->ruleset())) {
    return Invalid(absl::StrCat("ruleset: ", request->ruleset(), " is not a rule set"));
  }
  if (request->scenario().empty()) return Invalid("scenario: required");
  if (request->games() < 1 || request->games() > limits_.max_games) {
    return Invalid(absl::StrCat("games: ", request->games(), " is not 1..", limits_.max_games,
                                " (the server's --arena_max_games)"));
  }
  if (request->threads() < 0 || request->threads() > kMaxArenaThreads) {
    return Invalid(absl::StrCat("threads: ", request->threads(), " is not 0..", kMaxArenaThreads));
  }
  if (request->turn_cap() < 0 || request->turn_cap() > kMaxArenaTurnCap) {
    return Invalid(absl::StrCat("turn_cap: ", request->turn_cap(), " is not 0..", kMaxArenaTurnCap));
  }
  arena::ArenaOptions o;
  o.ruleset = v1::Ruleset_Name(request->ruleset());
  o.scenario = request->scenario();
  o.load_start = ScenarioStart;
  o.zulu = request->zulu().empty() ? "rules" : request->zulu();
  o.british = request->british().empty() ? "rules" : request->british();
  o.games = request->games();
  o.seed = request->seed();
  // Within the server's cap: the games' results do not depend on it.
  o.threads = std::min(request->threads() == 0 ? 1 : request->threads(), limits_.max_threads);
  o.turn_cap = request->turn_cap() == 0 ? 60 : request->turn_cap();
  // The call's deadline, or the server's (--arena_max_ms) if sooner.
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(limits_.max_ms);
  if (context->deadline() != std::chrono::system_clock::time_point::max()) {
    const auto left = context->deadline() - std::chrono::system_clock::now();
    deadline = std::min(
        deadline, Clock::now() + std::chrono::duration_cast<Clock::duration>(left) - kDeadlineMargin);
  }
  o.deadline = deadline;
  o.cancelled = [this, context] { return cancel_all_ || context->IsCancelled(); };

  // A place among the calls that play (--arena_max_calls), waited for in the
  // queue (--arena_max_queue) until the deadline.
  switch (admission_.Enter(deadline, o.cancelled)) {
    case Admission::Result::kAdmitted:
      break;
    case Admission::Result::kQueueFull:
      return grpc::Status(grpc::StatusCode::UNAVAILABLE,
                          absl::StrCat("the server is busy: ", limits_.max_calls,
                                       " Arena calls are playing and ", limits_.max_queue,
                                       " wait (--arena_max_calls, --arena_max_queue): retry later"));
    case Admission::Result::kTimedOut:
      return grpc::Status(grpc::StatusCode::DEADLINE_EXCEEDED,
                          "the call's deadline passed while it waited to play");
    default:
      return grpc::Status(grpc::StatusCode::CANCELLED,
                          "the call was cancelled while it waited to play");
  }
  struct Leave {
    Admission& admission;
    ~Leave() { admission.Leave(); }
  } leave{admission_};

  int last_percent = -1;
  bool writing = true;
  auto progress = [&](const arena::Progress& p, const arena::ArenaGame&) {
    const int percent = static_cast<int>(100LL * p.done / p.total);
    if (!writing || percent == last_percent || p.done == p.total) return;
    last_percent = percent;
    v1::ArenaProgress message;
    ToProto(p, &message);
    writing = writer->Write(message);
  };
  absl::StatusOr<std::vector<arena::ArenaGame>> games = arena::RunArena(o, nullptr, progress);
  if (!games.ok()) {
    // The arena names the command line's flags: name the request's fields.
    std::string message(games.status().message());
    if (message.rfind("--", 0) == 0) {
      message = message.substr(2);
      const size_t colon = message.find(':');
      for (size_t i = 0; i < colon && i < message.size(); ++i) {
        if (message[i] == '-') message[i] = '_';
      }
    }
    return ToGrpcStatus(absl::Status(games.status().code(), message));
  }
  absl::StatusOr<arena::ArenaReport> report = arena::Summarise(*games);
  if (!report.ok()) return ToGrpcStatus(report.status());
  v1::ArenaProgress last;
  arena::Progress tally;
  tally.total = static_cast<int>(games->size());
  tally.done = tally.total;
  tally.zulu_wins = report->zulu.wins;
  tally.british_wins = report->british.wins;
  tally.draws = report->draws;
  tally.undecided = report->undecided;
  tally.engine_errors = report->engine_errors;
  ToProto(tally, &last);
  ToProto(*report, last.mutable_report());
  writer->Write(last);
  return grpc::Status::OK;
}

}  // namespace impi::service
