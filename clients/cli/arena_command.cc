#include "clients/cli/arena_command.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "ai/arena/match.h"
#include "ai/arena/shard_file.h"
#include "clients/cli/commands.h"
#include "clients/cli/explain.h"
#include "engine/game/umpire.h"
#include "service/convert.h"
#include "service/scenarios.h"

namespace impi::arena {
namespace {

const char* SideName(Side side) {
  return side == Side::kZulu ? "ZULU" : side == Side::kBritish ? "BRITISH" : "NONE";
}

}  // namespace

namespace {

// Opens the shard file `path` of `study` for the games still to play:
// with `resume` and a file of the same study and shard, its whole lines are
// kept (a torn last line cut off) and `kept` gets their games; otherwise a
// new file starts with the shard record. An error (to `err`) otherwise.
bool OpenShardFile(const std::string& path, const Study& study, int shard, bool resume,
                   std::ofstream& file, std::vector<ArenaGame>& kept, bool& complete,
                   std::ostream& err) {
  std::ifstream existing;
  if (resume) existing.open(path);
  if (existing) {
    absl::StatusOr<ShardFile> old = ReadShardFile(existing, path);
    existing.close();
    if (!old.ok()) {
      err << "error: --resume: " << old.status().message() << "\n";
      return false;
    }
    if (old->study.has_value() &&
        (old->study->Key() != study.Key() || old->shard != shard)) {
      err << "error: --resume: " << path << " holds shard " << old->shard << "/"
          << old->study->shards << " of study " << old->study->Key() << " ("
          << old->study->Describe() << "), not shard " << shard << "/" << study.shards
          << " of study " << study.Key() << " (" << study.Describe()
          << "): not resumed (give another --out, or remove the file)\n";
      return false;
    }
    if (old->study.has_value()) {
      std::error_code ec;
      std::filesystem::resize_file(path, static_cast<uintmax_t>(old->kept_bytes), ec);
      file.open(path, std::ios::out | std::ios::app);
      if (ec || !file) {
        err << "error: --out: cannot write " << path << "\n";
        return false;
      }
      if (!old->games.empty() || old->torn) {
        err << "note: --resume: " << path << ": " << old->games.size() << " game(s) of "
            << study.DescribeShard(shard) << " kept"
            << (old->torn ? ", a torn last line dropped" : "")
            << (old->complete ? ", the shard is complete" : "") << "\n";
      }
      kept = std::move(old->games);
      complete = old->complete;
      return true;
    }
    // No whole line: the shard starts again.
  }
  file.open(path, std::ios::out | std::ios::trunc);
  if (!file) {
    err << "error: --out: cannot write " << path << "\n";
    return false;
  }
  file << ShardRecordLine(study, shard) << "\n" << std::flush;
  return true;
}

}  // namespace

int ArenaCommand(const ArenaOptions& o, const std::string& out_path, std::ostream& out,
                 std::ostream& err, bool err_is_tty, bool resume, bool play_on_agent_faults,
                 int agent_wait_ms) {
  if (resume && out_path.empty()) {
    err << "error: --resume: carries on the shard file of --out; give --out\n";
    return cli::kExitUsage;
  }
  ArenaOptions run = o;
  if (!run.load_start) run.load_start = service::ScenarioStart;
  absl::StatusOr<Study> study = StudyOf(run);
  if (!study.ok()) {
    err << "error: " << study.status().message() << "\n";
    return study.status().code() == absl::StatusCode::kInvalidArgument ? cli::kExitUsage
                                                                       : cli::kExitError;
  }
  if (!cli::AwaitAgents(run.zulu, run.british, play_on_agent_faults, agent_wait_ms, err)) {
    return cli::kExitError;
  }
  std::ofstream file;
  std::vector<ArenaGame> games;  // the shard's games, those kept first
  bool complete = false;
  if (!out_path.empty() &&
      !OpenShardFile(out_path, *study, run.shard.index, resume, file, games, complete, err)) {
    return cli::kExitError;
  }
  ProgressFn bar;
  if (err_is_tty) {
    bar = [&err](const Progress& p, const ArenaGame&) {
      constexpr int kWidth = 40;
      const int filled = p.total > 0 ? kWidth * p.done / p.total : kWidth;
      err << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, ' ') << "] "
          << p.done << "/" << p.total << " games  Zulu " << p.zulu_wins << "  British "
          << p.british_wins << (p.done == p.total ? "\n" : "") << std::flush;
    };
  }
  if (!complete) {
    run.already_played = static_cast<int>(games.size());
    absl::StatusOr<std::vector<ArenaGame>> played =
        RunArena(run, out_path.empty() ? nullptr : &file, bar);
    if (!played.ok()) {
      err << "error: " << played.status().message() << "\n";
      return played.status().code() == absl::StatusCode::kInvalidArgument ? cli::kExitUsage
                                                                          : cli::kExitError;
    }
    for (ArenaGame& g : *played) games.push_back(std::move(g));
    if (!out_path.empty()) file << EndRecordLine(*study, run.shard.index, static_cast<int>(games.size())) << "\n";
  }
  if (!out_path.empty()) {
    file.close();
    if (!file) {
      err << "error: --out: writing " << out_path << " failed\n";
      return cli::kExitError;
    }
  }
  absl::StatusOr<ArenaReport> report = Summarise(games);
  if (!report.ok()) {
    err << "error: " << report.status().message() << "\n";
    return cli::kExitError;
  }
  constexpr int kErrorsShown = 5;
  int shown = 0;
  for (const ArenaGame& g : games) {
    if (!g.error.empty() && shown++ < kErrorsShown) {
      err << "error: game " << g.game << ": " << g.error << "\n";
    }
  }
  out << report->text;
  const bool faulted = cli::ReportAgents(run.zulu, run.british, play_on_agent_faults, out, err);
  return report->engine_errors > 0 || faulted ? cli::kExitError : cli::kExitOk;
}

namespace {

// The games of one file of JSON lines; an error (to `err`) if it cannot be
// read or parsed.
std::optional<std::vector<ArenaGame>> ReadGameFile(const std::string& path, std::ostream& err) {
  std::ifstream in(path);
  if (!in) {
    err << "error: cannot read " << path << "\n";
    return std::nullopt;
  }
  absl::StatusOr<std::vector<ArenaGame>> games = ReadJsonLines(in, path);
  if (!games.ok()) {
    err << "error: " << games.status().message() << "\n";
    return std::nullopt;
  }
  return std::move(*games);
}

}  // namespace

int MergeCommand(const std::vector<std::string>& files, std::ostream& out, std::ostream& err,
                 bool partial) {
  std::vector<ShardFile> shards;
  bool unreadable = false;
  for (const std::string& path : files) {
    std::ifstream in(path);
    if (!in) {
      err << "error: cannot read " << path << "\n";
      unreadable = true;
      continue;
    }
    absl::StatusOr<ShardFile> f = ReadShardFile(in, path);
    if (!f.ok()) {
      err << "error: " << f.status().message() << "\n";
      unreadable = true;
      continue;
    }
    shards.push_back(*std::move(f));
  }
  if (unreadable) {
    err << "error: merge refused: a file above cannot be read as a shard file\n";
    return cli::kExitError;
  }
  absl::StatusOr<StudyCheck> check = CheckStudy(shards);
  if (!check.ok()) {
    err << "error: " << check.status().message() << "\nerror: merge refused\n";
    return cli::kExitError;
  }
  for (const std::string& name : check->empty) {
    err << "note: " << name << " is empty (a shard killed before its first line)\n";
  }
  const Study& study = check->study;
  std::string gaps;
  for (const std::string& m : check->missing) absl::StrAppend(&gaps, "  missing: ", m, "\n");
  for (const std::string& i : check->incomplete) absl::StrAppend(&gaps, "  incomplete: ", i, "\n");
  if (!check->complete() && !partial) {
    err << "error: study " << study.Key() << " (" << study.Describe() << ") is not complete: "
        << check->games.size() << " of " << study.games << " games\n"
        << gaps
        << "error: merge refused: play those shards (impi arena ... --shard I/N --resume), or "
           "merge with --partial for a report of the games there are\n";
    return cli::kExitError;
  }
  absl::StatusOr<ArenaReport> report = Summarise(check->games);
  if (!report.ok()) {
    err << "error: " << report.status().message() << "\n";
    return cli::kExitError;
  }
  if (!check->complete()) {
    out << "partial study " << study.Key() << ": " << check->games.size() << " of "
        << study.games << " games (" << study.Describe()
        << "); the report below is of these games alone\n"
        << gaps;
  }
  out << report->text;
  return cli::kExitOk;
}

int ReplayCommand(const std::string& file, int game, std::ostream& out, std::ostream& err) {
  std::optional<std::vector<ArenaGame>> games = ReadGameFile(file, err);
  if (!games.has_value()) return cli::kExitError;
  const ArenaGame* recorded = nullptr;
  for (const ArenaGame& g : *games) {
    if (g.game == game) recorded = &g;
  }
  if (recorded == nullptr) {
    err << "error: --game: " << file << " has no game " << game << "\n";
    return cli::kExitError;
  }
  if (!recorded->error.empty()) {
    err << "note: game " << game << " ended with an engine error: " << recorded->error << "\n";
  }
  absl::StatusOr<PolicySpec> zulu = ParsePolicy(recorded->zulu, "zulu");
  absl::StatusOr<PolicySpec> british = ParsePolicy(recorded->british, "british");
  if (!zulu.ok() || !british.ok()) {
    err << "error: " << (zulu.ok() ? british.status() : zulu.status()).message() << "\n";
    return cli::kExitError;
  }
  const Ruleset* rules = FindRuleset(recorded->ruleset);
  if (rules == nullptr) {
    err << "error: " << recorded->ruleset << " is not implemented\n";
    return cli::kExitError;
  }
  std::string scenario = recorded->scenario;
  absl::StatusOr<BattleState> start = service::ScenarioStart(*rules, &scenario);
  if (!start.ok()) {
    err << "error: " << start.status().message() << "\n";
    return cli::kExitError;
  }
  rules->ForMachinePlay(*start);

  out << "impi replay: game " << recorded->game << " of " << file << ": " << recorded->ruleset
      << ", scenario " << recorded->scenario << ", seed " << recorded->seed << ", Zulu "
      << recorded->zulu << " vs British " << recorded->british << "\n";
  MatchOptions so;
  so.turn_cap = recorded->turn_cap;
  so.zulu = *zulu;
  so.british = *british;
  so.british_script = &recorded->british_choices;
  int step = 0;
  absl::Status account = absl::OkStatus();
  so.on_step = [&](const BattleState& s, const std::vector<Action>& actions, const DiceSpec& dice) {
    out << "\n== step " << ++step << ", turn " << s.clock.turn;
    for (const Action& a : actions) {
      out << ", British " << ActionKindName(a.kind) << " " << a.unit_id
          << (a.target_id.empty() ? "" : " ") << a.target_id;
    }
    out << "\n";
    if (!account.ok()) return;
    // The same step again with a full log, for its account.
    absl::StatusOr<StepResult> r = RunAdvance(s, actions, *zulu, dice);
    if (!r.ok()) {
      account = r.status();
      return;
    }
    v1::AdvanceResponse response;
    service::StepResultToProto(*r, &response);
    out << cli::ExplainAdvance(response);
  };
  absl::StatusOr<MatchRecord> r = PlayMatch(*rules, *start, recorded->seed, so);
  if (!r.ok()) {
    if (recorded->error == r.status().message()) {
      out << "\nThe game ends with the engine error recorded: " << recorded->error << "\n";
      return cli::kExitOk;
    }
    err << "error: the replay failed: " << r.status().message() << "\n";
    return cli::kExitError;
  }
  if (!account.ok()) {
    err << "error: the account of step " << step << " failed: " << account.message() << "\n";
    return cli::kExitError;
  }
  std::vector<std::string> differ;
  const std::string& result = r->result;
  if (r->winner != recorded->winner) {
    differ.push_back(absl::StrCat("winner ", SideName(r->winner), ", recorded ",
                                  SideName(recorded->winner)));
  }
  if (result != recorded->result) {
    differ.push_back(absl::StrCat("result '", result, "', recorded '", recorded->result, "'"));
  }
  if (r->score != recorded->score) {
    differ.push_back(absl::StrCat("score ", r->score, ", recorded ", recorded->score));
  }
  if (r->turns != recorded->turns || r->steps != recorded->steps) {
    differ.push_back(absl::StrCat(r->turns, " turns and ", r->steps, " steps, recorded ",
                                  recorded->turns, " and ", recorded->steps));
  }
  const int british_lost = r->report.british.lost;
  const int zulu_lost = r->report.zulu.lost;
  if (british_lost != recorded->british_lost || zulu_lost != recorded->zulu_lost) {
    differ.push_back(absl::StrCat("figures lost British ", british_lost, " Zulu ", zulu_lost,
                                  ", recorded ", recorded->british_lost, " and ",
                                  recorded->zulu_lost));
  }
  if (r->british_choices.size() != recorded->british_choices.size()) {
    differ.push_back(absl::StrCat(r->british_choices.size(), " British choices, recorded ",
                                  recorded->british_choices.size()));
  }
  if (!differ.empty()) {
    err << "error: game " << recorded->game << " does not replay as recorded: "
        << absl::StrJoin(differ, "; ") << "\n";
    return cli::kExitError;
  }
  out << "\nResult: " << result << " (winner " << SideName(r->winner) << ", score "
      << absl::StrFormat("%+.3f", r->score) << ", " << r->turns << " turns, " << r->steps
      << " steps): as recorded\n";
  return cli::kExitOk;
}

}  // namespace impi::arena
