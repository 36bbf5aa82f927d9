#include "clients/cli/simulate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "ai/arena/arena.h"
#include "clients/cli/commands.h"
#include "engine/game/report.h"
#include "grpcpp/grpcpp.h"
#include "service/agent_policy.h"
#include "service/convert.h"
#include "service/scenarios.h"

namespace impi::cli {
namespace {

absl::StatusOr<PolicyKind> PolicyKindOf(const std::string& name, const char* flag) {
  const std::string n = absl::AsciiStrToLower(name);
  if (n == "rules") return PolicyKind::kRules;
  if (n == "mcts") return PolicyKind::kMcts;
  if (absl::StartsWith(n, "grpc:") && n.size() > 5) return PolicyKind::kAgent;
  return absl::InvalidArgumentError(
      absl::StrCat(flag, ": '", name, "' is not a policy (rules, mcts or grpc:HOST:PORT)"));
}

// "grpc:HOST:PORT" -> "HOST:PORT", the outside agent's address (else "").
std::string AgentAddressOf(const std::string& name) {
  return absl::StartsWith(absl::AsciiStrToLower(name), "grpc:") ? name.substr(5) : std::string();
}

// The outside agents of a run: {flag, address} for --zulu and --british
// where they name one.
std::vector<std::pair<std::string, std::string>> AgentsOf(const std::string& zulu,
                                                          const std::string& british) {
  std::vector<std::pair<std::string, std::string>> agents;
  for (const auto& [flag, value] : {std::pair{"--zulu", zulu}, {"--british", british}}) {
    const std::string address = AgentAddressOf(value);
    if (!address.empty()) agents.emplace_back(flag, address);
  }
  return agents;
}

// Whether the agent at `address` accepts a connection within `wait_ms`.
bool AgentAnswers(const std::string& address, int wait_ms) {
  std::shared_ptr<grpc::Channel> channel =
      grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
  return channel->WaitForConnected(std::chrono::system_clock::now() +
                                   std::chrono::milliseconds(std::max(wait_ms, 0)));
}

std::string Percent(int k, int n) {
  return n > 0 ? absl::StrFormat("%5.1f%%", 100.0 * k / n) : std::string("    -");
}

// The rule set a run plays: --ruleset, else --scenario's, else the first
// registered.
absl::StatusOr<const Ruleset*> RulesetOf(const SimulateOptions& o) {
  if (!o.ruleset.empty()) return RulesetNamed(o.ruleset, "--ruleset");
  if (!o.scenario.empty()) {
    absl::StatusOr<v1::TableState> table = service::LoadScenarioTable(o.scenario);
    if (!table.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--scenario: ", table.status().message(), " (name --ruleset for a rule set's own)"));
    }
    absl::StatusOr<BattleState> state = service::StateFromProto(*table);
    if (!state.ok()) return state.status();
    if (const Ruleset* rules = FindRuleset(state->ruleset)) return rules;
    return absl::InvalidArgumentError(
        absl::StrCat("--scenario: ", o.scenario, " is for ", state->ruleset, ", not implemented yet"));
  }
  const std::vector<const Ruleset*> all = AllRulesets();
  if (all.empty()) return absl::FailedPreconditionError("no rule set is registered");
  return all.front();
}

// Mean figures: "80.5 of 300", or "15.2 of 40.0 committed" where the start
// varies from game to game.
std::string FiguresLost(const std::vector<arena::MatchRecord>& games, bool british) {
  double lost = 0, start = 0;
  bool varies = false;
  std::string word;
  const int first = games.empty() ? 0
                                  : (british ? games[0].report.british.start
                                             : games[0].report.zulu.start);
  for (const arena::MatchRecord& g : games) {
    const SideFigures& f = british ? g.report.british : g.report.zulu;
    lost += f.lost;
    start += f.start;
    varies = varies || f.start != first;
    word = f.start_word;
  }
  const double n = std::max<size_t>(games.size(), 1);
  std::string text = varies || !word.empty() ? absl::StrFormat("%.1f of %.1f", lost / n, start / n)
                                             : absl::StrFormat("%.1f of %d", lost / n, first);
  if (!word.empty()) absl::StrAppend(&text, " ", word);
  return text;
}

}  // namespace

absl::StatusOr<arena::MatchOptions> MatchOptionsOf(const SimulateOptions& options) {
  absl::StatusOr<PolicyKind> zulu_kind = PolicyKindOf(options.zulu, "--zulu");
  if (!zulu_kind.ok()) return zulu_kind.status();
  absl::StatusOr<PolicyKind> british_kind = PolicyKindOf(options.british, "--british");
  if (!british_kind.ok()) return british_kind.status();
  arena::MatchOptions m;
  m.turn_cap = options.turn_cap;
  m.zulu.kind = *zulu_kind;
  m.zulu.agent_address = AgentAddressOf(options.zulu);
  m.zulu.iterations = options.iterations;
  m.british.kind = *british_kind;
  m.british.agent_address = AgentAddressOf(options.british);
  m.british.iterations = options.iterations;
  m.opening_faces = options.opening_faces;
  return m;
}

std::string FormatReport(const SimulateOptions& o, const std::string& ruleset,
                         const std::vector<arena::MatchRecord>& games, int failed) {
  const int n = static_cast<int>(games.size());
  int zulu = 0, british = 0, capped = 0, other = 0, draws = 0;
  double turns = 0;
  std::vector<const GameReport*> reports;
  std::vector<Side> winners;
  for (const arena::MatchRecord& g : games) {
    if (g.winner == Side::kZulu) {
      ++zulu;
    } else if (g.winner == Side::kBritish) {
      ++british;
    } else if (g.draw()) {
      ++draws;
    } else if (g.capped) {
      ++capped;
    } else {
      ++other;
    }
    turns += g.turns;
    reports.push_back(&g.report);
    winners.push_back(g.winner);
  }

  std::string out;
  absl::StrAppend(&out, "impi simulate: ", ruleset, ", scenario ", o.scenario, ", ", n,
                  n == 1 ? " game" : " games");
  if (n > 0) absl::StrAppend(&out, " (seeds ", o.seed, "..", o.seed + o.games - 1, ")");
  absl::StrAppend(&out, ", Zulu ", absl::AsciiStrToUpper(o.zulu), " vs British ",
                  absl::AsciiStrToUpper(o.british), ", turn cap ", o.turn_cap);
  if (!o.opening_faces.empty()) {
    absl::StrAppend(&out, ", opening faces ", absl::StrJoin(o.opening_faces, ","));
  }
  absl::StrAppend(&out, "\n");
  if (failed > 0) absl::StrAppend(&out, "  ", failed, " game(s) failed (see the errors above)\n");
  if (n == 0) return out;

  absl::StrAppend(&out, "\nOutcome\n");
  absl::StrAppend(&out, absl::StrFormat("  Zulu win      %5d  %s\n", zulu, Percent(zulu, n)));
  absl::StrAppend(&out, absl::StrFormat("  British win   %5d  %s\n", british, Percent(british, n)));
  if (draws > 0) absl::StrAppend(&out, absl::StrFormat("  draw          %5d  %s\n", draws, Percent(draws, n)));
  absl::StrAppend(
      &out, absl::StrFormat("  undecided     %5d  %s  (turn cap %d: %d; no unit "
                            "left to act: %d)\n",
                            capped + other, Percent(capped + other, n), o.turn_cap, capped, other));
  const arena::Interval ci = arena::Wilson(static_cast<double>(zulu) / n, n);
  absl::StrAppend(&out, absl::StrFormat("Zulu win rate %.3f of %d games (95%% Wilson interval "
                                        "%.3f-%.3f)\n",
                                        static_cast<double>(zulu) / n, n, ci.low, ci.high));
  absl::StrAppend(&out, absl::StrFormat("Mean turns %.1f\n", turns / n));
  absl::StrAppend(&out, "Mean figures lost: British ", FiguresLost(games, true), ", Zulu ",
                  FiguresLost(games, false), "\n");
  absl::StrAppend(&out, FormatReportLines(reports, winners));
  return out;
}

bool AwaitAgents(const std::string& zulu, const std::string& british, bool play_on,
                 int wait_ms, std::ostream& err) {
  for (const auto& [flag, address] : AgentsOf(zulu, british)) {
    if (AgentAnswers(address, wait_ms)) continue;
    if (play_on) {
      err << "warning: " << flag << ": no agent answers at " << address << " (waited "
          << wait_ms << " ms); the RULES policy plays its moves\n";
      continue;
    }
    err << "error: " << flag << ": no agent answers at " << address << " (waited " << wait_ms
        << " ms); start it first, or pass --play-on-agent-faults to let "
        << "the RULES policy play its moves\n";
    return false;
  }
  return true;
}

bool ReportAgents(const std::string& zulu, const std::string& british, bool play_on,
                  std::ostream& out, std::ostream& err) {
  // An outside agent's faults: moves its side's RULES policy played instead.
  bool faulted = false;
  for (const auto& [flag, address] : AgentsOf(zulu, british)) {
    const service::AgentCounts counts = service::AgentStatsFor(address)->Counts();
    const std::string line =
        absl::StrCat("agent (", flag.substr(2), ", ", address, "): ", counts.ToString());
    out << line << "\n";
    if (counts.faults() > 0 && !play_on) {
      err << "error: " << line << ": the RULES policy played " << counts.faults()
          << " of its moves (--play-on-agent-faults accepts that)\n";
      faulted = true;
    }
  }
  return faulted;
}

int SimulateCommand(const SimulateOptions& options, std::ostream& out, std::ostream& err) {
  SimulateOptions o = options;
  if (o.games < 1) {
    err << "error: --games: must be at least 1\n";
    return kExitUsage;
  }
  if (o.threads < 1) {
    err << "error: --threads: must be at least 1\n";
    return kExitUsage;
  }
  absl::StatusOr<const Ruleset*> named = RulesetOf(o);
  if (!named.ok()) {
    err << "error: " << named.status().message() << "\n";
    return named.status().code() == absl::StatusCode::kInvalidArgument ? kExitUsage : kExitError;
  }
  const Ruleset& rules = **named;
  absl::StatusOr<arena::MatchOptions> match = MatchOptionsOf(o);
  if (!match.ok()) {
    err << "error: " << match.status().message() << "\n";
    return kExitUsage;
  }
  absl::StatusOr<BattleState> start = service::ScenarioStart(rules, &o.scenario);
  if (!start.ok()) {
    err << "error: " << start.status().message() << "\n";
    return kExitError;
  }
  // A simulated game has nobody at the table to type in what a player would.
  rules.ForMachinePlay(*start);
  if (!AwaitAgents(o.zulu, o.british, o.play_on_agent_faults, o.agent_wait_ms, err)) {
    return kExitError;
  }

  std::vector<std::optional<absl::StatusOr<arena::MatchRecord>>> results(o.games);
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < o.games; i = next++) {
      results[i] = arena::PlayMatch(rules, *start, o.seed + static_cast<uint64_t>(i), *match);
    }
  };
  const int threads = std::min(o.threads, o.games);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();

  std::vector<arena::MatchRecord> games;
  int failed = 0;
  constexpr int kErrorsShown = 5;
  for (const auto& r : results) {
    if (r->ok()) {
      games.push_back(**r);
    } else if (++failed <= kErrorsShown) {
      err << "error: " << r->status().message() << "\n";
    }
  }
  if (failed > kErrorsShown) err << "error: ... and " << failed - kErrorsShown << " more\n";
  out << FormatReport(o, std::string(rules.id()), games, failed);
  const bool faulted = ReportAgents(o.zulu, o.british, o.play_on_agent_faults, out, err);
  return failed > 0 || faulted ? kExitError : kExitOk;
}

}  // namespace impi::cli
