#include "clients/arena/arena.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <optional>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "ai/mcts/levels.h"
#include "clients/cli/commands.h"
#include "clients/cli/explain.h"
#include "clients/cli/request_io.h"
#include "clients/cli/simulate.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/game/policy.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/game/umpire.h"
#include "service/convert.h"

namespace impi::arena {
namespace {

using Json = nlohmann::ordered_json;

constexpr int kMaxIterations = 1000000;
constexpr int kMaxRolloutDepth = 100000;  // decisions a rollout plays (depth=)
constexpr int kMaxPairedWidth = 64;        // actions a paired round plays (width=)
// The dice streams of a game's seed, as clients/cli/simulate.cc draws them:
// the engine's steps (one seed a step, drawn in turn) and the British policy.
constexpr int kStepStream = 1;
constexpr int kBritishStream = 2;

const char* SideName(Side side) {
  return side == Side::kZulu ? "ZULU" : side == Side::kBritish ? "BRITISH" : "NONE";
}

// The start of every game: the built-in scenario through the service's
// checked conversion, as `impi simulate` loads it.
// A scenario not found by its name is looked up as <ruleset>_<name>, the
// rule set by its short name ("patrol" -> "tsatf_patrol").
absl::StatusOr<BattleState> LoadStart(const std::string& ruleset, const std::string& scenario) {
  absl::StatusOr<v1::TableState> table = cli::LoadScenario(scenario);
  for (const char* short_name : {"ferree", "tsatf", "empress", "pagano", "roarks"}) {
    if (table.ok()) break;
    absl::StatusOr<std::string> full = cli::RulesetName(short_name);
    if (!full.ok() || *full != ruleset) continue;
    absl::StatusOr<v1::TableState> prefixed =
        cli::LoadScenario(absl::StrCat(short_name, "_", scenario));
    if (prefixed.ok()) table = std::move(prefixed);
  }
  if (!table.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("--scenario: ", table.status().message()));
  }
  absl::StatusOr<BattleState> start = service::StateFromProto(*table);
  if (!start.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("scenario ", scenario, ": ", start.status().message()));
  }
  if (start->ruleset != ruleset) {
    return absl::FailedPreconditionError(
        absl::StrCat("scenario ", scenario, " is for ", start->ruleset, ", not ", ruleset));
  }
  if (start->ruleset == "TSATF_ZULU_CONTROL" &&
      start->ParameterOr(tsatf::kResolveBritishParam, -1.0) < 0.0) {
    // Nobody types in the British results: the engine resolves them.
    start->parameters.push_back({tsatf::kResolveBritishParam, 1.0});
  }
  return start;
}

// The end of a game on the rule set's own scale.
std::string ResultOf(const cli::GameRecord& g, const std::string& ruleset) {
  if (ruleset == ferree::kRulesetId) {
    if (g.victory != ferree::Victory::kNone) return ferree::VictoryName(g.victory);
  } else if (!g.ending.empty()) {
    return g.ending;
  }
  if (g.winner == Side::kZulu) return "Zulu victory";
  if (g.winner == Side::kBritish) return "British victory";
  if (g.draw) return "draw";
  return g.capped ? "undecided at the turn cap" : "undecided";
}

FaultCounts Read(const PolicyFaults* f) {
  FaultCounts c;
  if (f == nullptr) return c;
  c.errors = f->errors.load();
  c.illegal = f->illegal.load();
  c.timeouts = f->timeouts.load();
  return c;
}

Json FaultsJson(const FaultCounts& f) {
  return Json{{"errors", f.errors}, {"illegal", f.illegal}, {"timeouts", f.timeouts}};
}

FaultCounts FaultsFrom(const Json& j) {
  FaultCounts f;
  f.errors = j.value("errors", 0);
  f.illegal = j.value("illegal", 0);
  f.timeouts = j.value("timeouts", 0);
  return f;
}

void Add(FaultCounts& to, const FaultCounts& f) {
  to.errors += f.errors;
  to.illegal += f.illegal;
  to.timeouts += f.timeouts;
}

// An Elo figure: "+191", "-35", "+inf".
std::string Signed(double x) {
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  return absl::StrFormat("%+.0f", x);
}

std::string Percent(int k, int n) {
  return n > 0 ? absl::StrFormat("%5.1f%%", 100.0 * k / n) : std::string("    -");
}

std::string FormatReport(const ArenaReport& r) {
  std::string out;
  absl::StrAppend(&out, "impi arena: ", r.ruleset, ", scenario ", r.scenario, ", ", r.games,
                  r.games == 1 ? " game" : " games", " (seeds ", r.first_seed, "..", r.last_seed,
                  "), Zulu ", r.zulu.policy, " vs British ", r.british.policy, ", turn cap ",
                  r.turn_cap, "\n");
  if (r.engine_errors > 0) {
    absl::StrAppend(&out, "  ", r.engine_errors,
                    " game(s) the engine could not finish (left out below; their errors are in "
                    "their lines)\n");
  }
  if (r.played == 0) return out;
  absl::StrAppend(&out, "\n",
                  absl::StrFormat("%-8s %-14s %5s  %-23s %10s %6s  %s\n", "Side", "policy", "wins",
                                  "win rate (95% Wilson)", "mean score", "share",
                                  "Elo vs other (95%)"));
  auto side = [&out](const char* name, const SideReport& s) {
    absl::StrAppend(
        &out, absl::StrFormat("%-8s %-14s %5d  %.3f (%.3f-%.3f)     %+10.3f %6.3f  %s (%s..%s)\n",
                              name, s.policy, s.wins, s.win_rate, s.win_interval.low,
                              s.win_interval.high, s.mean_score, s.score_share,
                              Signed(s.elo), Signed(s.elo_low), Signed(s.elo_high)));
  };
  side("Zulu", r.zulu);
  side("British", r.british);
  absl::StrAppend(&out,
                  absl::StrFormat("Draws %d, undecided %d (at the turn cap %d), of %d games played\n",
                                  r.draws, r.undecided, r.capped, r.played));
  absl::StrAppend(&out, "\nResults (the rule set's own scale)\n");
  for (const auto& [result, k] : r.results) {
    absl::StrAppend(&out, absl::StrFormat("  %-54s %5d  %s\n", result, k, Percent(k, r.played)));
  }
  absl::StrAppend(&out, absl::StrFormat("Mean turns %.1f; mean figures lost: British %.1f, Zulu %.1f\n",
                                        r.mean_turns, r.mean_british_lost, r.mean_zulu_lost));
  absl::StrAppend(&out, "\nFaults              Zulu  British\n");
  absl::StrAppend(&out, absl::StrFormat("  policy errors   %6d %8d\n", r.zulu.faults.errors,
                                        r.british.faults.errors));
  absl::StrAppend(&out, absl::StrFormat("  illegal actions %6d %8d\n", r.zulu.faults.illegal,
                                        r.british.faults.illegal));
  absl::StrAppend(&out, absl::StrFormat("  time-outs       %6d %8d\n", r.zulu.faults.timeouts,
                                        r.british.faults.timeouts));
  absl::StrAppend(&out, absl::StrFormat("  engine errors   %d game(s)\n", r.engine_errors));
  return out;
}

SideReport SideOf(const std::string& policy, int wins, double score_sum, int even, int played,
                  const FaultCounts& faults) {
  SideReport s;
  s.policy = policy;
  s.wins = wins;
  s.faults = faults;
  if (played == 0) return s;
  s.win_rate = static_cast<double>(wins) / played;
  s.win_interval = Wilson(s.win_rate, played);
  s.mean_score = score_sum / played;
  s.score_share = (wins + 0.5 * even) / played;
  const Interval share = Wilson(s.score_share, played);
  s.elo = EloFromShare(s.score_share);
  s.elo_low = EloFromShare(share.low);
  s.elo_high = EloFromShare(share.high);
  return s;
}

}  // namespace

namespace {

// "style=<name>": a named variant of the side's RULES policy
// (PolicySpec::style), letters, digits, '-' and '_', at most 32 of them.
// Whether the rule set's policy knows it is asked when the policies are made.
bool ParseStyle(const std::string& part, PolicySpec* spec) {
  if (!absl::StartsWith(part, "style=")) return false;
  const std::string name = part.substr(6);
  if (name.empty() || name.size() > 32) return false;
  for (char c : name) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  }
  spec->style = name;
  return true;
}

}  // namespace

absl::StatusOr<PolicySpec> ParsePolicy(const std::string& text, const std::string& flag) {
  const std::string t = absl::AsciiStrToLower(text);
  const std::string known = absl::StrCat(
      "rules[:style=<name>], random, mcts:<iterations>[:depth=<n>][:pivotal][:win][:plain][:style=<name>], "
      "mcts-paired:<iterations>[...][:width=<n>], "
      "a level (", mcts::LevelNames(),
      ") or grpc:<host:port>");
  PolicySpec spec;
  if (t == "rules") {
    spec.kind = PolicyKind::kRules;
    return spec;
  }
  if (absl::StartsWith(t, "rules:")) {
    spec.kind = PolicyKind::kRules;
    if (!ParseStyle(t.substr(6), &spec)) {
      return absl::InvalidArgumentError(absl::StrCat(
          flag, ": '", text, "': after rules:, style=<name> (a variant of the RULES policy)"));
    }
    return spec;
  }
  if (t == "random") {
    spec.kind = PolicyKind::kRandom;
    return spec;
  }
  if (t == "mcts") {
    spec.kind = PolicyKind::kMcts;
    return spec;
  }
  if (absl::StartsWith(t, "mcts:") || absl::StartsWith(t, "mcts-paired:")) {
    // mcts-paired: the root's actions compared on common worlds. After the
    // iterations: depth=<decisions> (the rollouts' cut-off) and pivotal
    // (search only the decisions Ruleset::Pivotal names) and win (value a
    // world played to the end by who won, not by how much) and plain (answer
    // the most visited action); mcts-paired: also width=<actions a round>.
    spec.paired_root = absl::StartsWith(t, "mcts-paired:");
    const std::vector<std::string> parts = absl::StrSplit(t.substr(t.find(':') + 1), ':');
    int n = 0;
    if (!absl::SimpleAtoi(parts[0], &n) || n < 1 || n > kMaxIterations) {
      return absl::InvalidArgumentError(absl::StrCat(flag, ": '", text,
                                                     "': the iterations must be 1..",
                                                     kMaxIterations));
    }
    for (size_t i = 1; i < parts.size(); ++i) {
      int depth = 0;
      int width = 0;
      if (parts[i] == "pivotal") {
        spec.pivotal_only = true;
      } else if (parts[i] == "win") {
        spec.value_by_winner = true;
      } else if (parts[i] == "plain") {
        spec.plain = true;
      } else if (ParseStyle(parts[i], &spec)) {
      } else if (absl::StartsWith(parts[i], "depth=") &&
                 absl::SimpleAtoi(parts[i].substr(6), &depth) && depth >= 1 &&
                 depth <= kMaxRolloutDepth) {
        spec.rollout_depth = depth;
      } else if (spec.paired_root && absl::StartsWith(parts[i], "width=") &&
                 absl::SimpleAtoi(parts[i].substr(6), &width) && width >= 2 &&
                 width <= kMaxPairedWidth) {
        spec.paired_width = width;
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat(flag, ": '", text, "': after the iterations, depth=1..",
                         kMaxRolloutDepth, ", pivotal, win, plain, style=<name> or (mcts-paired: only) width=2..",
                         kMaxPairedWidth, ", not '", parts[i], "'"));
      }
    }
    if (spec.plain && spec.paired_root) {
      return absl::InvalidArgumentError(absl::StrCat(
          flag, ": '", text, "': plain (the most visited action) is for mcts:, not mcts-paired: "
          "(which weighs the RULES choice against the others on common worlds)"));
    }
    spec.kind = PolicyKind::kMcts;
    spec.iterations = n;
    return spec;
  }
  if (absl::StartsWith(t, "grpc:")) {
    const std::string address = text.substr(5);
    const size_t colon = address.rfind(':');
    int port = 0;
    if (colon == std::string::npos || colon == 0 ||
        !absl::SimpleAtoi(address.substr(colon + 1), &port) || port < 1 || port > 65535) {
      return absl::InvalidArgumentError(
          absl::StrCat(flag, ": '", text, "': an agent's address is grpc:<host:port>"));
    }
    spec.kind = PolicyKind::kAgent;
    spec.agent_address = address;
    return spec;
  }
  const bool level_prefix = absl::StartsWith(t, "level:");
  const std::string level = level_prefix ? t.substr(6) : t;
  if (std::optional<mcts::Level> l = mcts::FindLevel(level)) {
    spec.kind = PolicyKind::kMcts;
    spec.iterations = l->iterations;
    spec.plain = l->plain;
    return spec;
  }
  if (level_prefix) {
    return absl::InvalidArgumentError(absl::StrCat(flag, ": '", text, "': unknown level (",
                                                   mcts::LevelNames(), ")"));
  }
  return absl::InvalidArgumentError(
      absl::StrCat(flag, ": '", text, "' is not a policy (", known, ")"));
}

absl::StatusOr<Shard> ParseShard(const std::string& text) {
  const std::vector<std::string> parts = absl::StrSplit(text, '/');
  Shard s;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &s.index) ||
      !absl::SimpleAtoi(parts[1], &s.count) || s.count < 1 || s.index < 0 ||
      s.index >= s.count) {
    return absl::InvalidArgumentError(
        absl::StrCat("--shard: '", text, "' is not i/n with 0 <= i < n (e.g. 0/4)"));
  }
  return s;
}

std::pair<int, int> ShardRange(const Shard& shard, int games) {
  const auto bound = [&](int i) {
    return static_cast<int>(static_cast<int64_t>(games) * i / shard.count);
  };
  return {bound(shard.index), bound(shard.index + 1)};
}

Interval Wilson(double p, int n, double z) {
  if (n <= 0) return {0.0, 1.0};
  const double z2 = z * z;
  const double denom = 1.0 + z2 / n;
  const double centre = (p + z2 / (2.0 * n)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double EloFromShare(double p) {
  if (p <= 0.0) return -std::numeric_limits<double>::infinity();
  if (p >= 1.0) return std::numeric_limits<double>::infinity();
  return 400.0 * std::log10(p / (1.0 - p));
}

std::string ToJsonLine(const ArenaGame& g) {
  Json j;
  j["game"] = g.game;
  j["seed"] = g.seed;
  j["ruleset"] = g.ruleset;
  j["scenario"] = g.scenario;
  j["zulu"] = g.zulu;
  j["british"] = g.british;
  j["turn_cap"] = g.turn_cap;
  j["winner"] = SideName(g.winner);
  j["draw"] = g.draw;
  j["capped"] = g.capped;
  j["score"] = g.score;
  j["result"] = g.result;
  j["turns"] = g.turns;
  j["steps"] = g.steps;
  j["british_lost"] = g.british_lost;
  j["zulu_lost"] = g.zulu_lost;
  j["faults"] = Json{{"zulu", FaultsJson(g.zulu_faults)}, {"british", FaultsJson(g.british_faults)}};
  if (!g.error.empty()) j["error"] = g.error;
  // The chance log: every die of the game comes from counter streams of the
  // seed (the engine's steps, one seed a step; the British policy's own
  // dice), so the seed and the British choices replay it exactly.
  j["dice"] = Json{{"source", "seeded"},
                   {"seed", g.seed},
                   {"step_stream", kStepStream},
                   {"british_stream", kBritishStream}};
  j["british_choices"] = g.british_choices;
  return j.dump();
}

absl::StatusOr<ArenaGame> FromJsonLine(const std::string& line) {
  Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return absl::InvalidArgumentError("not a JSON object");
  }
  try {
    ArenaGame g;
    g.game = j.at("game").get<int>();
    g.seed = j.at("seed").get<uint64_t>();
    g.ruleset = j.at("ruleset").get<std::string>();
    g.scenario = j.at("scenario").get<std::string>();
    g.zulu = j.at("zulu").get<std::string>();
    g.british = j.at("british").get<std::string>();
    g.turn_cap = j.at("turn_cap").get<int>();
    const std::string winner = j.at("winner").get<std::string>();
    g.winner = winner == "ZULU" ? Side::kZulu : winner == "BRITISH" ? Side::kBritish
                                                                     : Side::kUnspecified;
    g.draw = j.at("draw").get<bool>();
    g.capped = j.at("capped").get<bool>();
    g.score = j.at("score").get<double>();
    g.result = j.at("result").get<std::string>();
    g.turns = j.at("turns").get<int>();
    g.steps = j.at("steps").get<int>();
    g.british_lost = j.at("british_lost").get<int>();
    g.zulu_lost = j.at("zulu_lost").get<int>();
    g.zulu_faults = FaultsFrom(j.at("faults").at("zulu"));
    g.british_faults = FaultsFrom(j.at("faults").at("british"));
    g.error = j.value("error", std::string());
    g.british_choices = j.at("british_choices").get<std::vector<int>>();
    return g;
  } catch (const Json::exception& e) {
    return absl::InvalidArgumentError(e.what());
  }
}

absl::StatusOr<std::vector<ArenaGame>> ReadJsonLines(std::istream& in, const std::string& name) {
  std::vector<ArenaGame> games;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (absl::StripAsciiWhitespace(line).empty()) continue;
    absl::StatusOr<ArenaGame> g = FromJsonLine(line);
    if (!g.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(name, ":", n, ": ", g.status().message()));
    }
    games.push_back(*std::move(g));
  }
  return games;
}

absl::StatusOr<ArenaReport> Summarise(const std::vector<ArenaGame>& unsorted) {
  std::vector<const ArenaGame*> games;
  for (const ArenaGame& g : unsorted) games.push_back(&g);
  std::stable_sort(games.begin(), games.end(),
                   [](const ArenaGame* a, const ArenaGame* b) { return a->seed < b->seed; });
  ArenaReport r;
  if (games.empty()) return absl::FailedPreconditionError("no games");
  const ArenaGame& first = *games.front();
  r.ruleset = first.ruleset;
  r.scenario = first.scenario;
  r.turn_cap = first.turn_cap;
  r.games = static_cast<int>(games.size());
  r.first_seed = first.seed;
  r.last_seed = games.back()->seed;
  int zulu_wins = 0, british_wins = 0;
  double score = 0, turns = 0, british_lost = 0, zulu_lost = 0;
  FaultCounts zulu_faults, british_faults;
  for (size_t i = 0; i < games.size(); ++i) {
    const ArenaGame& g = *games[i];
    if (g.ruleset != first.ruleset || g.scenario != first.scenario || g.zulu != first.zulu ||
        g.british != first.british || g.turn_cap != first.turn_cap ||
        g.seed - static_cast<uint64_t>(g.game) != first.seed - static_cast<uint64_t>(first.game)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "game ", g.game, " (seed ", g.seed, ") is not of the same run as game ", first.game,
          " (rule set, scenario, policies, turn cap and first seed must agree)"));
    }
    if (i > 0 && games[i - 1]->seed == g.seed) {
      return absl::FailedPreconditionError(
          absl::StrCat("game ", g.game, " (seed ", g.seed, ") appears twice"));
    }
    Add(zulu_faults, g.zulu_faults);
    Add(british_faults, g.british_faults);
    if (!g.error.empty()) {
      ++r.engine_errors;
      continue;
    }
    ++r.played;
    if (g.winner == Side::kZulu) {
      ++zulu_wins;
    } else if (g.winner == Side::kBritish) {
      ++british_wins;
    } else if (g.draw) {
      ++r.draws;
    } else {
      ++r.undecided;
      if (g.capped) ++r.capped;
    }
    ++r.results[g.result];
    score += g.score;
    turns += g.turns;
    british_lost += g.british_lost;
    zulu_lost += g.zulu_lost;
  }
  const int even = r.draws + r.undecided;
  r.zulu = SideOf(first.zulu, zulu_wins, score, even, r.played, zulu_faults);
  r.british = SideOf(first.british, british_wins, -score, even, r.played, british_faults);
  if (r.played > 0) {
    r.mean_turns = turns / r.played;
    r.mean_british_lost = british_lost / r.played;
    r.mean_zulu_lost = zulu_lost / r.played;
  }
  r.text = FormatReport(r);
  return r;
}

absl::StatusOr<std::vector<ArenaGame>> RunArena(const ArenaOptions& options, std::ostream* lines,
                                               const ProgressFn& progress) {
  ArenaOptions o = options;
  if (o.games < 1 || o.games > kMaxGames) {
    return absl::InvalidArgumentError(absl::StrCat("--games: ", o.games, " is not 1..", kMaxGames));
  }
  if (o.threads < 1 || o.threads > kMaxThreads) {
    return absl::InvalidArgumentError(
        absl::StrCat("--threads: ", o.threads, " is not 1..", kMaxThreads));
  }
  if (o.turn_cap < 1) {
    return absl::InvalidArgumentError(absl::StrCat("--turn-cap: ", o.turn_cap, " is not >= 1"));
  }
  if (o.shard.count < 1 || o.shard.index < 0 || o.shard.index >= o.shard.count) {
    return absl::InvalidArgumentError(absl::StrCat("--shard: ", o.shard.index, "/", o.shard.count,
                                                   " is not i/n with 0 <= i < n"));
  }
  if (o.shard.count > o.games) {
    return absl::InvalidArgumentError(absl::StrCat("--shard: ", o.shard.count,
                                                   " shards for ", o.games,
                                                   " games (at most one shard a game)"));
  }
  absl::StatusOr<std::string> ruleset = cli::RulesetName(o.ruleset);
  if (!ruleset.ok()) return ruleset.status();
  absl::StatusOr<PolicySpec> zulu = ParsePolicy(o.zulu, "--zulu");
  if (!zulu.ok()) return zulu.status();
  absl::StatusOr<PolicySpec> british = ParsePolicy(o.british, "--british");
  if (!british.ok()) return british.status();
  const Ruleset* rules = FindRuleset(*ruleset);
  if (rules == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(*ruleset, " is not implemented yet"));
  }
  struct SideCheck {
    Side side;
    const PolicySpec& spec;
    const char* flag;
  };
  for (const SideCheck& c :
       {SideCheck{Side::kZulu, *zulu, "--zulu"}, SideCheck{Side::kBritish, *british, "--british"}}) {
    const Side side = c.side;
    const PolicySpec& spec = c.spec;
    const char* flag = c.flag;
    // A rule set that prescribes every Zulu choice needs no Zulu RULES
    // policy; every other policy must be registered.
    if (side == Side::kZulu && spec.kind == PolicyKind::kRules && spec.style.empty()) continue;
    if (MakePolicy(*ruleset, side, spec) == nullptr) {
      return absl::FailedPreconditionError(absl::StrCat(
          flag, ": no ", spec.kind == PolicyKind::kAgent ? "outside-agent (grpc:)" : "such",
          " policy is registered for the ", side == Side::kZulu ? "Zulu" : "British",
          " side of ", *ruleset,
          spec.style.empty() ? "" : absl::StrCat(" in the style '", spec.style, "'"),
          spec.kind == PolicyKind::kAgent ? " in this build" : ""));
    }
  }
  if (o.scenario.empty()) {
    absl::StatusOr<std::string> fallback = cli::DefaultScenario(*ruleset);
    if (!fallback.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat("--scenario: ", fallback.status().message()));
    }
    o.scenario = *fallback;
  }
  absl::StatusOr<BattleState> start = LoadStart(*ruleset, o.scenario);
  if (!start.ok()) return start.status();

  const std::pair<int, int> range = ShardRange(o.shard, o.games);
  const int first = range.first;
  const int count = range.second - range.first;
  cli::SimulateOptions base;
  base.ruleset = *ruleset;
  base.scenario = o.scenario;
  base.turn_cap = o.turn_cap;
  base.zulu_spec = *zulu;
  base.british_spec = *british;
  for (PolicySpec* spec : {&*base.zulu_spec, &*base.british_spec}) {
    spec->deadline = o.deadline;
    spec->cancelled = o.cancelled;
  }

  std::vector<std::optional<ArenaGame>> results(count);
  std::mutex mu;
  int emitted = 0;  // games before this one have been written and reported
  Progress tally;
  tally.total = count;
  std::atomic<int> next{0};
  std::atomic<bool> stop{false};
  auto stopped = [&] {
    if (stop.load()) return true;
    if ((o.cancelled && o.cancelled()) ||
        (o.deadline.has_value() && std::chrono::steady_clock::now() >= *o.deadline)) {
      stop = true;
    }
    return stop.load();
  };
  auto worker = [&] {
    for (int k = next++; k < count && !stopped(); k = next++) {
      const int i = first + k;
      cli::SimulateOptions so = base;
      auto zulu_faults = std::make_shared<PolicyFaults>();
      auto british_faults = std::make_shared<PolicyFaults>();
      so.zulu_spec->faults = zulu_faults;
      so.british_spec->faults = british_faults;
      ArenaGame g;
      g.game = i;
      g.seed = o.seed + static_cast<uint64_t>(i);
      g.ruleset = *ruleset;
      g.scenario = o.scenario;
      g.zulu = absl::AsciiStrToLower(o.zulu);
      g.british = absl::AsciiStrToLower(o.british);
      g.turn_cap = o.turn_cap;
      absl::StatusOr<cli::GameRecord> r = cli::PlayGame(*rules, *start, g.seed, so);
      if (r.ok()) {
        g.winner = r->winner;
        g.draw = r->draw;
        g.capped = r->capped;
        g.score = r->score;
        g.result = ResultOf(*r, *ruleset);
        g.turns = r->turns;
        g.steps = r->steps;
        g.british_lost = r->british_lost;
        g.zulu_lost = r->zulu_lost;
        g.british_choices = r->british_choices;
      } else {
        g.error = std::string(r.status().message());
        g.result = "engine error";
      }
      g.zulu_faults = Read(zulu_faults.get());
      g.british_faults = Read(british_faults.get());

      std::lock_guard<std::mutex> lock(mu);
      results[k] = std::move(g);
      while (emitted < count && results[emitted].has_value()) {
        const ArenaGame& done = *results[emitted];
        if (lines != nullptr) *lines << ToJsonLine(done) << "\n";
        ++tally.done;
        if (!done.error.empty()) {
          ++tally.engine_errors;
        } else if (done.winner == Side::kZulu) {
          ++tally.zulu_wins;
        } else if (done.winner == Side::kBritish) {
          ++tally.british_wins;
        } else if (done.draw) {
          ++tally.draws;
        } else {
          ++tally.undecided;
        }
        if (progress) progress(tally, done);
        ++emitted;
      }
    }
  };
  const int threads = std::min(o.threads, count);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (lines != nullptr) lines->flush();

  if (emitted < count) {
    if (o.cancelled && o.cancelled()) {
      return absl::CancelledError(absl::StrCat("cancelled after ", emitted, " of ", count, " games"));
    }
    return absl::DeadlineExceededError(
        absl::StrCat("the deadline passed after ", emitted, " of ", count, " games"));
  }
  std::vector<ArenaGame> games;
  games.reserve(count);
  for (std::optional<ArenaGame>& g : results) games.push_back(*std::move(g));
  return games;
}

int ArenaCommand(const ArenaOptions& o, const std::string& out_path, std::ostream& out,
                 std::ostream& err, bool err_is_tty) {
  std::ofstream file;
  if (!out_path.empty()) {
    file.open(out_path, std::ios::out | std::ios::trunc);
    if (!file) {
      err << "error: --out: cannot write " << out_path << "\n";
      return cli::kExitError;
    }
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
  absl::StatusOr<std::vector<ArenaGame>> games =
      RunArena(o, out_path.empty() ? nullptr : &file, bar);
  if (!games.ok()) {
    err << "error: " << games.status().message() << "\n";
    return games.status().code() == absl::StatusCode::kInvalidArgument ? cli::kExitUsage
                                                                       : cli::kExitError;
  }
  if (!out_path.empty()) {
    file.close();
    if (!file) {
      err << "error: --out: writing " << out_path << " failed\n";
      return cli::kExitError;
    }
  }
  absl::StatusOr<ArenaReport> report = Summarise(*games);
  if (!report.ok()) {
    err << "error: " << report.status().message() << "\n";
    return cli::kExitError;
  }
  constexpr int kErrorsShown = 5;
  int shown = 0;
  for (const ArenaGame& g : *games) {
    if (!g.error.empty() && shown++ < kErrorsShown) {
      err << "error: game " << g.game << ": " << g.error << "\n";
    }
  }
  out << report->text;
  return report->engine_errors > 0 ? cli::kExitError : cli::kExitOk;
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

int MergeCommand(const std::vector<std::string>& files, std::ostream& out, std::ostream& err) {
  std::vector<ArenaGame> games;
  for (const std::string& path : files) {
    std::optional<std::vector<ArenaGame>> some = ReadGameFile(path, err);
    if (!some.has_value()) return cli::kExitError;
    for (ArenaGame& g : *some) games.push_back(std::move(g));
  }
  absl::StatusOr<ArenaReport> report = Summarise(games);
  if (!report.ok()) {
    err << "error: " << report.status().message() << "\n";
    return cli::kExitError;
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
  absl::StatusOr<BattleState> start = LoadStart(recorded->ruleset, recorded->scenario);
  if (!start.ok()) {
    err << "error: " << start.status().message() << "\n";
    return cli::kExitError;
  }
  const Ruleset* rules = FindRuleset(recorded->ruleset);
  if (rules == nullptr) {
    err << "error: " << recorded->ruleset << " is not implemented\n";
    return cli::kExitError;
  }

  out << "impi replay: game " << recorded->game << " of " << file << ": " << recorded->ruleset
      << ", scenario " << recorded->scenario << ", seed " << recorded->seed << ", Zulu "
      << recorded->zulu << " vs British " << recorded->british << "\n";
  cli::SimulateOptions so;
  so.ruleset = recorded->ruleset;
  so.scenario = recorded->scenario;
  so.turn_cap = recorded->turn_cap;
  so.zulu_spec = *zulu;
  so.british_spec = *british;
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
  absl::StatusOr<cli::GameRecord> r = cli::PlayGame(*rules, *start, recorded->seed, so);
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
  const std::string result = ResultOf(*r, recorded->ruleset);
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
  if (r->british_lost != recorded->british_lost || r->zulu_lost != recorded->zulu_lost) {
    differ.push_back(absl::StrCat("figures lost British ", r->british_lost, " Zulu ", r->zulu_lost,
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
