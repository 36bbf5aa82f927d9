#include "clients/cli/simulate.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "clients/cli/commands.h"
#include "clients/cli/request_io.h"
#include "engine/core/dice.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/scenarios/embedded.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/rulesets/tsatf/victory.h"
#include "engine/game/policy.h"
#include "engine/game/umpire.h"
#include "service/agent_policy.h"
#include "service/convert.h"

namespace impi::cli {
namespace {

// Counter streams of a game's seed: the engine's steps, the British policy's
// dice, and the scripted situation rolls of --laager.
constexpr uint64_t kStepStream = 1;
constexpr uint64_t kBritishStream = 2;
constexpr uint64_t kLaagerStream = 3;
// Ferree, 1.A British Camp: "6 Chelmsford follows hi own advice and laagers
// the wagons".
constexpr int kLaagerFace = 6;
// Faces scripted for the situation step under --laager: far more than the
// rolls A-F, the camp's break-down and the TURN OF ENTRY of the off-board
// regiments need.
constexpr int kLaagerFaces = 256;
// A guard on a game that stops moving on: Advance calls per turn of the cap.
constexpr int kStepsPerTurn = 2000;

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

int FiguresLost(const Unit& u) { return u.figures.seriously_wounded + u.figures.casualties; }

// Figures that fight or can be killed: every unit but the wagons and the
// regiments, save Empress's (its regiment units fight; Ferree's regiment
// groups have their figures in their trays; Zulu Control's committed
// regiments are counted apart, below).
bool CountsFigures(const BattleState& s, const Unit& u) {
  if (u.kind == UnitKind::kRegiment) return s.ruleset == empress::kRulesetId;
  return u.kind != UnitKind::kWagon;
}

std::string Percent(int k, int n) {
  return n > 0 ? absl::StrFormat("%5.1f%%", 100.0 * k / n) : std::string("    -");
}

std::string TimeOfDay(int minutes) {
  const int h = minutes / 60;
  const int m = minutes % 60;
  return absl::StrFormat("%d:%02d%s", h > 12 ? h - 12 : h, m, h >= 12 ? "pm" : "am");
}

const char* DeploymentName(impi::ferree::Deployment d) {
  switch (d) {
    case impi::ferree::Deployment::kHistorical: return "historical (15\" out)";
    case impi::ferree::Deployment::kPulledIn: return "pulled in (7\" out)";
    case impi::ferree::Deployment::kHalfFortified: return "half fortified";
    case impi::ferree::Deployment::kAllFortified: return "all fortified";
    default: return "not rolled";
  }
}

const char* ScoutingName(int s) {
  return s > 0 ? "well advanced (+1)" : s < 0 ? "slow and cautious (-1)" : "historical";
}

}  // namespace

const char* LossCauseName(LossCause c) {
  switch (c) {
    case LossCause::kCloseCombat: return "close combat";
    case LossCause::kAmmunition: return "close combat, short of ammunition";
    case LossCause::kFire: return "Zulu fire";
    case LossCause::kResolve: return "resolve (routed off the table)";
    case LossCause::kEscaped: return "escaped off the table by a move";
    case LossCause::kNone: break;
  }
  return "none";
}

absl::StatusOr<std::string> RulesetName(const std::string& name) {
  static const std::map<std::string, std::string> kShort = {
      {"ferree", "FERREE_ISANDLWANA"}, {"tsatf", "TSATF_ZULU_CONTROL"}, {"empress", "EMPRESS_DWG"},
      {"pagano", "PAGANO_D10"},        {"roarks", "ROARKS_DRIFT"},
  };
  const std::string lower = absl::AsciiStrToLower(name);
  if (auto it = kShort.find(lower); it != kShort.end()) return it->second;
  const std::string upper = absl::AsciiStrToUpper(name);
  for (const auto& [s, full] : kShort) {
    if (upper == full) return full;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "--ruleset: '", name, "' is not a rule set (ferree, tsatf, empress, pagano, roarks)"));
}

Interval WilsonInterval(int wins, int n, double z) {
  if (n <= 0) return {0.0, 1.0};
  const double p = static_cast<double>(wins) / n;
  const double z2 = z * z;
  const double denom = 1.0 + z2 / n;
  const double centre = (p + z2 / (2.0 * n)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

absl::StatusOr<GameRecord> PlayGame(const Ruleset& rules, const BattleState& start, uint64_t seed,
                                    const SimulateOptions& options) {
  PolicySpec zulu_spec;
  PolicySpec british_spec;
  if (options.zulu_spec.has_value() && options.british_spec.has_value()) {
    zulu_spec = *options.zulu_spec;
    british_spec = *options.british_spec;
  } else {
    absl::StatusOr<PolicyKind> zulu_kind = PolicyKindOf(options.zulu, "--zulu");
    if (!zulu_kind.ok()) return zulu_kind.status();
    absl::StatusOr<PolicyKind> british_kind = PolicyKindOf(options.british, "--british");
    if (!british_kind.ok()) return british_kind.status();
    zulu_spec.kind = *zulu_kind;
    zulu_spec.agent_address = AgentAddressOf(options.zulu);
    zulu_spec.iterations = options.iterations;
    british_spec.kind = *british_kind;
    british_spec.agent_address = AgentAddressOf(options.british);
    british_spec.iterations = options.iterations;
  }
  // A search counts a world past the turn cap as this game will: undecided.
  zulu_spec.turn_cap = options.turn_cap;
  british_spec.turn_cap = options.turn_cap;
  // A British search is seeded from the game's seed (PolicySpec::seed); a
  // Zulu one from each step's dice seed (PlayAdvance).
  british_spec.seed = seed;
  std::unique_ptr<Policy> british = options.british_script != nullptr
                                        ? nullptr
                                        : MakePolicy(start.ruleset, Side::kBritish, british_spec);
  if (british == nullptr && options.british_script == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--british: no ", options.british, " policy for the British side of ", start.ruleset));
  }

  GameRecord record;
  record.seed = seed;
  for (const Unit& u : start.units) {
    if (!CountsFigures(start, u)) continue;
    (u.side == Side::kBritish ? record.british_start : record.zulu_start) += u.figures.Starting();
  }

  BattleState s = start;
  CounterRng step_seeds(seed, kStepStream);
  Dice british_dice = Dice::Seeded(seed, kBritishStream);
  const bool force_laager = options.laager && !impi::ferree::Own(s).situation.rolled;
  const int max_steps = std::max(1, options.turn_cap + 1) * kStepsPerTurn;
  while (true) {
    // Who acts is all the loop needs (the full prompt only for an error).
    const Awaiting awaiting = rules.AwaitsBrief(s);
    if (awaiting.kind == AwaitKind::kGameOver) break;
    if (s.clock.phase == Phase::kActivation && s.clock.turn > options.turn_cap) {
      record.capped = true;
      break;
    }
    if (record.steps >= max_steps) {
      return absl::InternalError(absl::StrCat("game with seed ", seed, ": ", record.steps,
                                              " steps without reaching turn ", options.turn_cap + 1,
                                              " or the end"));
    }
    std::vector<Action> actions;
    if (awaiting.side == Side::kBritish) {
      const std::vector<Action> legal = rules.LegalActionsAwaiting(s, Side::kBritish, awaiting);
      if (legal.empty()) {
        return absl::InternalError(absl::StrCat("game with seed ", seed, ", turn ", s.clock.turn,
                                                ": the British are awaited but have no legal "
                                                "action (",
                                                rules.Awaits(s).prompt, ")"));
      }
      int i = 0;
      if (options.british_script != nullptr) {
        const size_t k = record.british_choices.size();
        if (k >= options.british_script->size()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "game with seed ", seed, ": the record has ", k, " British choices, more are needed"));
        }
        i = (*options.british_script)[k];
      } else {
        i = british->Choose(s, legal, british_dice, nullptr);
      }
      record.british_choices.push_back(i);
      if (i < 0 || i >= static_cast<int>(legal.size())) {
        return absl::InternalError(
            absl::StrCat("the British policy chose option ", i, " of ", legal.size()));
      }
      actions.push_back(legal[i]);
    }
    DiceSpec dice;
    const bool laager_step = force_laager && record.steps == 0;
    if (laager_step) {
      CounterRng faces(seed, kLaagerStream);
      dice.scripted = true;
      dice.faces.push_back(kLaagerFace);
      for (int k = 1; k < kLaagerFaces; ++k) {
        dice.faces.push_back(static_cast<int>(faces.Uniform(6)) + 1);
      }
    } else {
      dice.seed = step_seeds.Next();
    }
    // The report reads only the states: play in place, with no events. The
    // state is validated before the first step (RunAdvance validates every
    // step; the later states are the engine's own).
    const int turn = s.clock.turn;
    if (options.on_step) options.on_step(s, actions, dice);
    absl::Status st = record.steps == 0 ? rules.Validate(s) : absl::OkStatus();
    if (st.ok()) st = PlayAdvance(rules, s, actions, zulu_spec, dice);
    if (!st.ok()) {
      return absl::Status(
          st.code(),
          absl::StrCat("game with seed ", seed, ", turn ", turn,
                       actions.empty()
                           ? std::string()
                           : absl::StrCat(", British ", ActionKindName(actions[0].kind), " ",
                                          actions[0].unit_id.str(), " ", actions[0].target_id.str()),
                       ": ", st.message()));
    }
    ++record.steps;
    if (laager_step && !impi::ferree::Own(s).situation.camp_laagered) {
      return absl::InternalError(
          absl::StrCat("game with seed ", seed,
                       ": --laager: the first die of the situation rolls was a 6 but "
                       "the camp was not laagered"));
    }
  }

  const double score = rules.Score(s, Side::kZulu);
  record.score = score;
  record.winner = score > 0 ? Side::kZulu : score < 0 ? Side::kBritish : Side::kUnspecified;
  if (s.ruleset == "TSATF_ZULU_CONTROL" && tsatf::HasPatrolTask(s)) {
    const tsatf::PatrolResult patrol = tsatf::JudgePatrol(s, /*at_end=*/true);
    record.draw = patrol.outcome == tsatf::PatrolOutcome::kDraw;
    record.ending = tsatf::PatrolReasonText(patrol.reason);
    record.objective = patrol.objective_reached;
    record.british_holding = patrol.holding_figures;
  }
  if (s.ruleset == empress::kRulesetId) {
    const empress::Outcome outcome = empress::OutcomeOf(s);
    record.draw = outcome == empress::Outcome::kDraw;
    record.ending = empress::OutcomeName(outcome);
  }
  if (s.ruleset == "TSATF_ZULU_CONTROL") {
    // Zulu Control commits regiments of 20 during the game and takes the
    // destroyed and the fallen back off the table: the Zulu figures are
    // those committed, the lost those no longer on the table.
    const tsatf::TsatfState* own = tsatf::OwnState(s);
    record.zulu_start = (own != nullptr ? own->committed : 0) * 20;
    int present = 0;
    for (const Unit& u : s.units) {
      if (u.side == Side::kZulu && u.OnTable() && u.kind != UnitKind::kImpi &&
          u.kind != UnitKind::kInduna && u.kind != UnitKind::kLoneZulu) {
        present += u.figures.Present();
      }
    }
    record.zulu_lost = std::max(0, record.zulu_start - present);
  }
  record.turns = s.clock.turn;
  if (record.winner == Side::kUnspecified && s.clock.turn > options.turn_cap) {
    // The engine may run on past the cap within one step when no British
    // unit is left to act: still undecided at the cap.
    record.capped = true;
    record.turns = options.turn_cap;
  }
  record.situation = impi::ferree::Own(s).situation;
  if (s.ruleset == impi::ferree::kRulesetId) {
    const impi::ferree::Outcome outcome = impi::ferree::OutcomeOf(s);
    record.victory = outcome.victory;
    record.british_escaped = outcome.escaped;
    for (const Unit& u : s.units) {
      if (u.side == Side::kBritish && (u.status.ammunition == Ammunition::kLow ||
                                       u.status.ammunition == Ammunition::kOut)) {
        ++record.british_out_of_ammunition;
      }
      if (u.side == Side::kBritish && u.status.ammunition == Ammunition::kOut) {
        ++record.british_out_of_ammunition_out;
      }
    }
    const impi::ferree::BritishLosses& l = impi::ferree::Own(s).losses;
    record.british_lost_to_fire = l.to_fire;
    record.british_lost_in_close_combat = l.in_close_combat;
    record.british_lost_in_close_combat_short = l.close_combat_short;
    record.british_routs = l.routs;
    record.british_retires = l.retreats;
    record.british_routed_off = l.routed_off;
    if (record.winner == Side::kZulu) {
      const std::pair<int, LossCause> fates[] = {
          {l.in_close_combat - l.close_combat_short, LossCause::kCloseCombat},
          {l.close_combat_short, LossCause::kAmmunition},
          {l.to_fire, LossCause::kFire},
          {l.routed_off, LossCause::kResolve},
          {record.british_escaped - l.routed_off, LossCause::kEscaped},
      };
      int most = -1;
      for (const auto& [k, cause] : fates) {
        if (k > most) {
          most = k;
          record.loss_cause = cause;
        }
      }
    }
  }
  for (const Unit& u : s.units) {
    if (!CountsFigures(start, u)) continue;
    (u.side == Side::kBritish ? record.british_lost : record.zulu_lost) += FiguresLost(u);
  }
  return record;
}

std::string FormatReport(const SimulateOptions& o, const std::string& ruleset,
                         const std::vector<GameRecord>& games, int failed) {
  const int n = static_cast<int>(games.size());
  int zulu = 0, british = 0, capped = 0, other = 0, draws = 0;
  int objective = 0;
  double holding = 0;
  std::map<std::string, int> endings;
  double turns = 0, british_lost = 0, zulu_lost = 0;
  int british_start = 0, zulu_start = 0;
  int laager = 0, thornbush = 0, late = 0;
  std::map<impi::ferree::Deployment, int> deployment;
  std::map<int, int> scouting;
  std::map<int, int> found_hour;
  std::map<impi::ferree::Victory, int> victories;
  double escaped = 0, short_of_ammunition = 0;
  for (const GameRecord& g : games) {
    ++victories[g.victory];
    escaped += g.british_escaped;
    short_of_ammunition += g.british_out_of_ammunition;
    if (g.winner == Side::kZulu) {
      ++zulu;
    } else if (g.winner == Side::kBritish) {
      ++british;
    } else if (g.draw) {
      ++draws;
    } else if (g.capped) {
      ++capped;
    } else {
      ++other;
    }
    if (!g.ending.empty()) ++endings[g.ending];
    objective += g.objective ? 1 : 0;
    holding += g.british_holding;
    turns += g.turns;
    british_lost += g.british_lost;
    zulu_lost += g.zulu_lost;
    british_start = g.british_start;
    zulu_start = g.zulu_start;
    laager += g.situation.camp_laagered ? 1 : 0;
    thornbush += g.situation.thornbush ? 1 : 0;
    // Ferree 1.C: "1-5 Arrives at 10:00am (Historical)".
    late += g.situation.reinforcement_arrival > 600 ? 1 : 0;
    ++deployment[g.situation.deployment];
    ++scouting[g.situation.scouting];
    ++found_hour[g.situation.discovery_time / 60];
  }

  std::string out;
  absl::StrAppend(&out, "impi simulate: ", ruleset, ", scenario ", o.scenario, ", ", n,
                  n == 1 ? " game" : " games");
  if (n > 0) absl::StrAppend(&out, " (seeds ", o.seed, "..", o.seed + o.games - 1, ")");
  absl::StrAppend(&out, ", Zulu ", absl::AsciiStrToUpper(o.zulu), " vs British ",
                  absl::AsciiStrToUpper(o.british), ", turn cap ", o.turn_cap,
                  o.laager ? ", laager forced" : "", "\n");
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
  const Interval ci = WilsonInterval(zulu, n);
  absl::StrAppend(&out, absl::StrFormat("Zulu win rate %.3f of %d games (95%% Wilson interval "
                                        "%.3f-%.3f)\n",
                                        static_cast<double>(zulu) / n, n, ci.low, ci.high));
  absl::StrAppend(&out, absl::StrFormat("Mean turns %.1f\n", turns / n));
  if (ruleset == "TSATF_ZULU_CONTROL") {
    double committed = 0;
    for (const GameRecord& g : games) committed += g.zulu_start;
    absl::StrAppend(&out, absl::StrFormat("Mean figures lost: British %.1f of %d, Zulu %.1f of %.1f "
                                          "committed\n",
                                          british_lost / n, british_start, zulu_lost / n,
                                          committed / n));
  } else {
    absl::StrAppend(&out,
                    absl::StrFormat("Mean figures lost: British %.1f of %d, Zulu %.1f of %d\n",
                                    british_lost / n, british_start, zulu_lost / n, zulu_start));
  }

  auto row = [&](const std::string& label, int k, const std::string& note = "") {
    absl::StrAppend(&out, absl::StrFormat("  %-36s %5d  %s%s\n", label, k, Percent(k, n), note));
  };
  if (ruleset == empress::kRulesetId) {
    absl::StrAppend(&out, "\nVictory scale (designed, docs/empress-engine.md)\n");
    for (const auto& [ending, k] : endings) row(ending, k);
    return out;
  }
  if (ruleset == "TSATF_ZULU_CONTROL") {
    absl::StrAppend(&out, "\nPatrol (Zulu Control, designed task)\n");
    auto wide = [&](const std::string& label, int k) {
      absl::StrAppend(&out, absl::StrFormat("  %-54s %5d  %s\n", label, k, Percent(k, n)));
    };
    for (const auto& [ending, k] : endings) wide(ending, k);
    wide("objective reached", objective);
    absl::StrAppend(&out, absl::StrFormat("  Mean figures holding the objective at the end %.1f of %d\n",
                                          holding / n, british_start));
    // The British losses of the games the Zulus won (Zulu Control's engine
    // keeps no count of fire against close combat, nor ammunition).
    absl::StrAppend(&out, "\nHow the British lose (the Zulu wins)\n");
    std::map<std::string, int> lost_endings;
    double lost_figures = 0;
    for (const GameRecord& g : games) {
      if (g.winner != Side::kZulu) continue;
      lost_figures += g.british_lost;
      ++lost_endings[g.ending];
    }
    absl::StrAppend(&out, absl::StrFormat("  Zulu wins %d; mean British figures lost in them %.1f of %d "
                                          "(fire and close combat not told apart)\n",
                                          zulu, zulu > 0 ? lost_figures / zulu : 0.0,
                                          british_start));
    for (const auto& [ending, k] : lost_endings) {
      absl::StrAppend(&out, absl::StrFormat("  %-54s %5d  %s of the Zulu wins\n", ending, k,
                                            Percent(k, zulu)));
    }
    return out;
  }
  absl::StrAppend(&out, "\nVictory scale (designed, docs/ferree-engine.md)\n");
  for (const auto& [v, k] : victories) row(impi::ferree::VictoryName(v), k);
  absl::StrAppend(&out, absl::StrFormat("  Mean British figures escaped %.1f; companies low or out "
                                        "of ammunition at the end %.1f\n",
                                        escaped / n, short_of_ammunition / n));
  {
    // How the British lose (ferree::BritishLosses; the main cause: LossCause).
    double fire = 0, close = 0, close_short = 0, routs = 0, retires = 0, routed_off = 0, out_of = 0;
    std::map<LossCause, int> causes;
    for (const GameRecord& g : games) {
      fire += g.british_lost_to_fire;
      close += g.british_lost_in_close_combat;
      close_short += g.british_lost_in_close_combat_short;
      routs += g.british_routs;
      retires += g.british_retires;
      routed_off += g.british_routed_off;
      out_of += g.british_out_of_ammunition_out;
      if (g.winner == Side::kZulu) ++causes[g.loss_cause];
    }
    absl::StrAppend(&out, "\nHow the British lose (means a game; designed attribution, "
                          "docs/simulation.md)\n");
    absl::StrAppend(&out, absl::StrFormat("  British figures lost to Zulu fire %.1f, in close combat "
                                          "%.1f (%.1f of them by units low or out of ammunition)\n",
                                          fire / n, close / n, close_short / n));
    absl::StrAppend(&out, absl::StrFormat("  company resolve tests failed: ROUT %.1f, RETIRE %.1f; "
                                          "figures routed off the table %.1f, escaped in all %.1f\n",
                                          routs / n, retires / n, routed_off / n, escaped / n));
    absl::StrAppend(&out, absl::StrFormat("  companies out of ammunition at the end %.1f (low or out "
                                          "%.1f)\n",
                                          out_of / n, short_of_ammunition / n));
    absl::StrAppend(&out, absl::StrFormat("  main cause of each British defeat (%d Zulu wins):\n", zulu));
    for (const auto& [cause, k] : causes) {
      absl::StrAppend(&out, absl::StrFormat("    %-34s %5d  %s of the Zulu wins\n",
                                            LossCauseName(cause), k, Percent(k, zulu)));
    }
  }
  absl::StrAppend(&out, "\nSituation (Ferree 1. A-F)\n");
  row("A camp laagered", laager);
  row("B thornbush", thornbush);
  row("C Durnford late", late, "  (after 10:00am)");
  for (const auto& [d, k] : deployment) row(absl::StrCat("D deployment ", DeploymentName(d)), k);
  for (const auto& [sc, k] : scouting) row(absl::StrCat("E scouting ", ScoutingName(sc)), k);
  for (const auto& [h, k] : found_hour) {
    row(absl::StrCat("F Zulus found ", TimeOfDay(h * 60), "-", TimeOfDay(h * 60 + 59)), k);
  }
  return out;
}

absl::StatusOr<std::string> DefaultScenario(const std::string& ruleset) {
  for (const scenarios::EmbeddedScenario& sc : scenarios::AllScenarios()) {
    absl::StatusOr<v1::TableState> table = LoadScenario(sc.name);
    if (!table.ok()) continue;
    absl::StatusOr<BattleState> state = service::StateFromProto(*table);
    if (!state.ok() || state->ruleset != ruleset) continue;
    // "tsatf_patrol" -> "patrol": the stem without its rule set's short name.
    const std::string stem(sc.stem);
    for (const char* short_name : {"ferree", "tsatf", "empress", "pagano", "roarks"}) {
      absl::StatusOr<std::string> full = RulesetName(short_name);
      const std::string prefix = absl::StrCat(short_name, "_");
      if (full.ok() && *full == ruleset && absl::StartsWith(stem, prefix)) {
        return stem.substr(prefix.size());
      }
    }
    return stem;
  }
  return absl::NotFoundError(absl::StrCat("no built-in scenario plays ", ruleset));
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
  absl::StatusOr<std::string> ruleset = RulesetName(o.ruleset);
  if (!ruleset.ok()) {
    err << "error: " << ruleset.status().message() << "\n";
    return kExitUsage;
  }
  for (const auto& [value, flag] : {std::pair{o.zulu, "--zulu"}, {o.british, "--british"}}) {
    if (absl::StatusOr<PolicyKind> k = PolicyKindOf(value, flag); !k.ok()) {
      err << "error: " << k.status().message() << "\n";
      return kExitUsage;
    }
  }
  if (o.scenario.empty()) {
    absl::StatusOr<std::string> fallback = DefaultScenario(*ruleset);
    if (!fallback.ok()) {
      err << "error: --scenario: " << fallback.status().message() << "\n";
      return kExitUsage;
    }
    o.scenario = *fallback;
  }
  absl::StatusOr<v1::TableState> table = LoadScenario(o.scenario);
  if (!table.ok()) {
    // "--ruleset tsatf --scenario patrol": the built-in tsatf_patrol.
    absl::StatusOr<v1::TableState> prefixed =
        LoadScenario(absl::StrCat(absl::AsciiStrToLower(o.ruleset), "_", o.scenario));
    if (prefixed.ok()) table = std::move(prefixed);
  }
  if (!table.ok()) {
    err << "error: " << table.status().message() << "\n";
    return kExitError;
  }
  absl::StatusOr<BattleState> start = service::StateFromProto(*table);
  if (!start.ok()) {
    err << "error: scenario " << o.scenario << ": " << start.status().message() << "\n";
    return kExitError;
  }
  if (start->ruleset != *ruleset) {
    err << "error: scenario " << o.scenario << " is for " << start->ruleset << ", not " << *ruleset
        << "\n";
    return kExitError;
  }
  if (start->ruleset == "TSATF_ZULU_CONTROL" &&
      start->ParameterOr(tsatf::kResolveBritishParam, -1.0) < 0.0) {
    // A simulated game has nobody to type in the British results: the
    // engine resolves them (designed tables, british_resolution.h).
    start->parameters.push_back({tsatf::kResolveBritishParam, 1.0});
  }
  const Ruleset* rules = FindRuleset(*ruleset);
  if (rules == nullptr) {
    err << "error: " << *ruleset << " is not implemented yet\n";
    return kExitError;
  }

  std::vector<std::optional<absl::StatusOr<GameRecord>>> results(o.games);
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < o.games; i = next++) {
      results[i] = PlayGame(*rules, *start, o.seed + static_cast<uint64_t>(i), o);
    }
  };
  const int threads = std::min(o.threads, o.games);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();

  std::vector<GameRecord> games;
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
  out << FormatReport(o, *ruleset, games, failed);
  // An outside agent's faults: moves its side's RULES policy played instead.
  for (const auto& [value, side] : {std::pair{o.zulu, "zulu"}, {o.british, "british"}}) {
    const std::string address = AgentAddressOf(value);
    if (address.empty()) continue;
    out << "agent (" << side << ", " << address
        << "): " << service::AgentStatsFor(address)->Counts().ToString() << "\n";
  }
  return failed > 0 ? kExitError : kExitOk;
}

}  // namespace impi::cli
