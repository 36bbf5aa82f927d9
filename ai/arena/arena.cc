#include "ai/arena/arena.h"

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
#include "ai/arena/match.h"
#include "ai/mcts/levels.h"
#include "engine/game/policy.h"

namespace impi::arena {
namespace {

using Json = nlohmann::ordered_json;

constexpr int kMaxIterations = 1000000;
constexpr int kMaxRolloutDepth = 100000;  // decisions a rollout plays (depth=)
constexpr int kMaxPairedWidth = 64;        // actions a paired round plays (width=)

const char* SideName(Side side) {
  return side == Side::kZulu ? "ZULU" : side == Side::kBritish ? "BRITISH" : "NONE";
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

std::string Study::Key() const {
  const std::string text =
      Json::array({ruleset, scenario, zulu, british, turn_cap, seed, games, shards}).dump();
  uint64_t h = 14695981039346656037ull;  // FNV-1a, 64 bits
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return absl::StrFormat("%016x", h);
}

std::string Study::Describe() const {
  return absl::StrCat(ruleset, ", scenario ", scenario, ", Zulu ", zulu, " vs British ", british,
                      ", turn cap ", turn_cap, ", ", games, games == 1 ? " game" : " games",
                      " from seed ", seed, " in ", shards, shards == 1 ? " shard" : " shards");
}

std::string Study::DescribeShard(int index) const {
  const auto [first, last] = ShardRange(Shard{index, shards}, games);
  return absl::StrCat("shard ", index, "/", shards, " (games ", first, "..", last - 1, ", seeds ",
                      seed + static_cast<uint64_t>(first), "..",
                      seed + static_cast<uint64_t>(last - 1), ")");
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
    // A shard file's own records (ai/arena/shard_file.h) hold no game.
    if (absl::StartsWith(line, "{\"record\":")) continue;
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

namespace {

// A run's options checked and resolved: everything RunArena needs before
// its first game.
struct PreparedRun {
  ArenaOptions options;  // the rule set's id and the scenario's name filled in
  const Ruleset* rules = nullptr;
  PolicySpec zulu;
  PolicySpec british;
  BattleState start;
};

absl::StatusOr<PreparedRun> PrepareRun(const ArenaOptions& options) {
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
  if (o.ruleset.empty()) {
    // The first registered rule set.
    const std::vector<const Ruleset*> all = AllRulesets();
    if (all.empty()) return absl::FailedPreconditionError("no rule set is registered");
    o.ruleset = std::string(all.front()->id());
  }
  absl::StatusOr<const Ruleset*> named = RulesetNamed(o.ruleset, "--ruleset");
  if (!named.ok()) return named.status();
  const Ruleset* rules = *named;
  const std::string ruleset_id(rules->id());
  const std::string* ruleset = &ruleset_id;
  absl::StatusOr<PolicySpec> zulu = ParsePolicy(o.zulu, "--zulu");
  if (!zulu.ok()) return zulu.status();
  absl::StatusOr<PolicySpec> british = ParsePolicy(o.british, "--british");
  if (!british.ok()) return british.status();
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
  if (!o.load_start) {
    return absl::FailedPreconditionError("the arena has no way to load a scenario");
  }
  absl::StatusOr<BattleState> start = o.load_start(*rules, &o.scenario);
  if (!start.ok()) return start.status();
  rules->ForMachinePlay(*start);
  const std::pair<int, int> range = ShardRange(o.shard, o.games);
  if (o.already_played < 0 || o.already_played > range.second - range.first) {
    return absl::InvalidArgumentError(
        absl::StrCat("already_played: ", o.already_played, " is not 0..",
                     range.second - range.first, " (the games of shard ", o.shard.index, "/",
                     o.shard.count, ")"));
  }
  o.ruleset = ruleset_id;
  return PreparedRun{std::move(o), rules, *std::move(zulu), *std::move(british),
                     *std::move(start)};
}

}  // namespace

absl::StatusOr<Study> StudyOf(const ArenaOptions& options) {
  absl::StatusOr<PreparedRun> run = PrepareRun(options);
  if (!run.ok()) return run.status();
  const ArenaOptions& o = run->options;
  Study s;
  s.ruleset = o.ruleset;
  s.scenario = o.scenario;
  s.zulu = absl::AsciiStrToLower(o.zulu);
  s.british = absl::AsciiStrToLower(o.british);
  s.turn_cap = o.turn_cap;
  s.seed = o.seed;
  s.games = o.games;
  s.shards = o.shard.count;
  return s;
}

absl::StatusOr<std::vector<ArenaGame>> RunArena(const ArenaOptions& options, std::ostream* lines,
                                               const ProgressFn& progress) {
  absl::StatusOr<PreparedRun> prepared = PrepareRun(options);
  if (!prepared.ok()) return prepared.status();
  const ArenaOptions& o = prepared->options;
  const Ruleset* rules = prepared->rules;
  const std::string* ruleset = &o.ruleset;
  const BattleState* start = &prepared->start;
  const std::pair<int, int> range = ShardRange(o.shard, o.games);
  const int first = range.first + o.already_played;
  const int count = range.second - first;
  MatchOptions base;
  base.turn_cap = o.turn_cap;
  base.zulu = prepared->zulu;
  base.british = prepared->british;
  for (PolicySpec* spec : {&base.zulu, &base.british}) {
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
      MatchOptions so = base;
      auto zulu_faults = std::make_shared<PolicyFaults>();
      auto british_faults = std::make_shared<PolicyFaults>();
      so.zulu.faults = zulu_faults;
      so.british.faults = british_faults;
      ArenaGame g;
      g.game = i;
      g.seed = o.seed + static_cast<uint64_t>(i);
      g.ruleset = *ruleset;
      g.scenario = o.scenario;
      g.zulu = absl::AsciiStrToLower(o.zulu);
      g.british = absl::AsciiStrToLower(o.british);
      g.turn_cap = o.turn_cap;
      absl::StatusOr<MatchRecord> r = PlayMatch(*rules, *start, g.seed, so);
      if (r.ok()) {
        g.winner = r->winner;
        g.draw = r->draw();
        g.capped = r->capped;
        g.score = r->score;
        g.result = r->result;
        g.turns = r->turns;
        g.steps = r->steps;
        g.british_lost = r->report.british.lost;
        g.zulu_lost = r->report.zulu.lost;
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
        // A line a game, flushed: a shard killed part way keeps every game
        // it finished (--resume plays the rest).
        if (lines != nullptr) *lines << ToJsonLine(done) << "\n" << std::flush;
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

}  // namespace impi::arena
