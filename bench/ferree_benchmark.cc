// bench/ferree_benchmark.cc: what Ferree's Isandlwana costs to play, from one
// activation to a whole battle.
//
// All on the built-in scenario "isandlwana" (engine/scenarios/isandlwana.json,
// Ferree's rules 001_4c61f40cf0987cbf.txt), in process, no server:
//   BM_CopyStateOnly/T           copy the BattleState at turn T (the baseline)
//   BM_CloneAndOneActivation/T   copy it, then play one British activation:
//                                the scripted British player's actions for
//                                the active unit (one Ruleset::Advance each,
//                                the last one its PASS), and with the last
//                                one the engine draws counters and plays
//                                every Zulu regiment, induna and quartermaster
//                                drawn until the next British unit is active
//   BM_ScaledActivation/T/K      as BM_CloneAndOneActivation/T on the state of
//                                turn T with K copies of every unit, each copy
//                                shifted east to fresh open ground on a table
//                                widened to hold them (K = 1, 2, 4): what one
//                                activation costs as the battle grows
//   BM_ScaledCloneAndStep/K      a copy of the game (engine/game/game.h) at
//                                the state of turn 8 with K copies, and one
//                                step by a legal action
//   BM_ScaledSearch/K            one search (ai/mcts/mcts.h) of 256 iterations
//                                there, one thread: `iterations/s` as the
//                                battle grows, against the copy and step
//   BM_FullRandomPlayout         one whole battle from the scenario (situation
//                                rolls to the end or turn 60): RunAdvance with
//                                a British action drawn uniformly from the
//                                legal ones; the Zulus by their RULES doctrine
//   BM_FullRulesPlayout          one whole battle as `impi simulate` plays it
//                                (arena::PlayMatch): RULES Zulu vs the scripted
//                                British, RunAdvance with the game's seed
// T = 1 is the state just after set-up (the situation rolls, the Zulu plan,
// both deployments done, the first British unit of turn 1 awaited); T = 8 is
// the first British activation of turn 8 of the same game (seed 1), when the
// Zulus are among the British. Each iteration of the activation benchmark uses
// the dice seed 1 + (iteration mod 64), each playout the seed 1 + iteration,
// so that a run averages over many different activations and games.
//
// Counters: per-iteration means of what was played (counters drawn from the
// cup, Advance calls, turns, events) and the throughput of one thread.
// docs/performance.md has the figures and the ratios to the baseline.
//
//   ./build/bench/ferree_benchmark [--benchmark_filter=Activation]
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "ai/british/scripted_british.h"
#include "ai/mcts/mcts.h"
#include "benchmark/benchmark.h"
#include "ai/arena/match.h"
#include "clients/cli/simulate.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/status_macros.h"
#include "engine/game/driver.h"
#include "engine/game/game.h"
#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"
#include "engine/scenarios/embedded.h"
#include "google/protobuf/util/json_util.h"
#include "impi/v1/table.pb.h"
#include "service/convert.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi {
namespace {

constexpr char kRuleset[] = "FERREE_ISANDLWANA";
constexpr uint64_t kSetUpSeed = 1;
constexpr int kActivationSeeds = 64;
// As `impi simulate`: a game still going after turn 60 is undecided.
constexpr int kTurnCap = 60;
constexpr int kStepsPerTurn = 2000;
// Counter streams of a seed, as clients/cli/simulate.cc uses them.
constexpr uint64_t kStepStream = 1;
constexpr uint64_t kBritishStream = 2;

// The scenario through the service's checked conversion, as simulate loads it.
absl::StatusOr<BattleState> Isandlwana() {
  const scenarios::EmbeddedScenario* scenario = scenarios::FindScenario("isandlwana");
  if (scenario == nullptr) return absl::NotFoundError("no built-in scenario 'isandlwana'");
  v1::TableState table;
  const auto parsed =
      google::protobuf::util::JsonStringToMessage(std::string(scenario->json), &table);
  if (!parsed.ok()) return absl::InvalidArgumentError(std::string(parsed.message()));
  return service::StateFromProto(table);
}

// One step: the British action (if any) on `s`, then the engine until the
// British are awaited. Ruleset::Advance on the state itself: no validation,
// no copy (RunAdvance does both).
absl::Status Step(const Ruleset& rules, BattleState& s, const std::vector<Action>& british,
                  uint64_t seed, Awaiting* awaiting, int* counters, int* events) {
  Dice dice = Dice::Seeded(seed);
  EventLog log;
  absl::Status status = Advance(rules, s, british, PolicySpec{}, dice, log, awaiting);
  for (const Event& e : log.events()) {
    if (e.kind == EventKind::kCardDrawn) ++*counters;
  }
  *events += static_cast<int>(log.size());
  return status;
}

// The British unit awaited now ("" if none).
std::string ActiveUnit(const Awaiting& a) {
  return a.side == Side::kBritish && !a.unit_ids.empty() ? a.unit_ids[0].str() : std::string();
}

// The battle of seed kSetUpSeed played by RULES Zulu and the scripted British
// up to the first British activation of `turn`.
absl::StatusOr<BattleState> StateAtTurn(int turn) {
  absl::StatusOr<BattleState> start = Isandlwana();
  if (!start.ok()) return start.status();
  const Ruleset* rules = FindRuleset(kRuleset);
  if (rules == nullptr) return absl::FailedPreconditionError("FERREE_ISANDLWANA is not built");
  BattleState s = *start;
  ai::ScriptedBritish british;
  Dice british_dice = Dice::Seeded(kSetUpSeed, kBritishStream);
  CounterRng seeds(kSetUpSeed, kStepStream);
  Awaiting awaiting = rules->Awaits(s);
  int counters = 0, events = 0;
  for (int step = 0; step < (turn + 1) * kStepsPerTurn; ++step) {
    if (awaiting.kind == AwaitKind::kGameOver) break;
    if (s.clock.phase == Phase::kActivation && s.clock.turn >= turn &&
        awaiting.side == Side::kBritish) {
      return s;
    }
    std::vector<Action> actions;
    if (awaiting.side == Side::kBritish) {
      const std::vector<Action> legal = rules->LegalActions(s, Side::kBritish);
      if (legal.empty()) return absl::InternalError("the British are awaited with no option");
      actions.push_back(legal[british.Choose(s, legal, british_dice, nullptr)]);
    }
    const absl::Status st = Step(*rules, s, actions, seeds.Next(), &awaiting, &counters, &events);
    if (!st.ok()) return st;
  }
  return absl::OutOfRangeError("the battle of seed 1 ended before that turn");
}

// One British activation on a copy of `s0`: the active unit's actions (the
// scripted British player's), one Advance each, until another unit (or
// nobody) is awaited. Not inlined, so that callgrind can count it alone
// (--toggle-collect='*PlayOneActivation*').
[[gnu::noinline]] absl::Status PlayOneActivation(const Ruleset& rules, const BattleState& s0,
                                                 const Awaiting& first, uint64_t seed,
                                                 ai::ScriptedBritish& british, int* advances,
                                                 int* counters, int* events) {
  const std::string unit = ActiveUnit(first);
  BattleState s = s0;
  CounterRng seeds(seed, kStepStream);
  Dice british_dice = Dice::Seeded(seed, kBritishStream);
  Awaiting awaiting = first;
  for (int k = 0; k < kStepsPerTurn && ActiveUnit(awaiting) == unit; ++k) {
    const std::vector<Action> legal = rules.LegalActions(s, Side::kBritish);
    if (legal.empty()) break;
    const std::vector<Action> actions = {legal[british.Choose(s, legal, british_dice, nullptr)]};
    IMPI_RETURN_IF_ERROR(Step(rules, s, actions, seeds.Next(), &awaiting, counters, events));
    ++*advances;
  }
  benchmark::DoNotOptimize(s);
  return absl::OkStatus();
}

void SetRate(benchmark::State& state, const char* name) {
  state.counters[name] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void Mean(benchmark::State& state, const char* name, double total) {
  state.counters[name] = benchmark::Counter(total, benchmark::Counter::kAvgIterations);
}

// --- The baseline ---------------------------------------------------------------

void BM_CopyStateOnly(benchmark::State& state) {
  absl::StatusOr<BattleState> s0 = StateAtTurn(static_cast<int>(state.range(0)));
  if (!s0.ok()) {
    state.SkipWithError(std::string(s0.status().message()).c_str());
    return;
  }
  for (auto _ : state) {
    BattleState copy = *s0;
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
  state.SetLabel("copy of the BattleState");
  state.counters["units"] = static_cast<double>(s0->units.size());
  SetRate(state, "copies/s");
}
BENCHMARK(BM_CopyStateOnly)->Arg(1)->Arg(8);

// --- One activation -------------------------------------------------------------

void BM_CloneAndOneActivation(benchmark::State& state) {
  absl::StatusOr<BattleState> s0 = StateAtTurn(static_cast<int>(state.range(0)));
  if (!s0.ok()) {
    state.SkipWithError(std::string(s0.status().message()).c_str());
    return;
  }
  const Ruleset* rules = FindRuleset(kRuleset);
  const Awaiting first = rules->Awaits(*s0);
  ai::ScriptedBritish british;
  int64_t i = 0;
  int counters = 0, events = 0, advances = 0;
  for (auto _ : state) {
    const uint64_t seed = 1 + static_cast<uint64_t>(i++ % kActivationSeeds);
    const absl::Status st =
        PlayOneActivation(*rules, *s0, first, seed, british, &advances, &counters, &events);
    if (!st.ok()) {
      state.SkipWithError(std::string(st.message()).c_str());
      return;
    }
  }
  state.SetLabel("copy + one British activation and the Zulu counters up to the next");
  SetRate(state, "activations/s");
  Mean(state, "counters", counters);
  Mean(state, "advances", advances);
  Mean(state, "events", events);
}
BENCHMARK(BM_CloneAndOneActivation)->Arg(1)->Arg(8);

// --- One activation as the battle grows -----------------------------------------

// Ground between two copies of the battle, in inches: more than a move and a
// rifle's range, so that a copy's units meet only their own copy's enemies.
constexpr double kCopyGap = 48.0;

// `s` with `copies` copies of every unit. Copy c (c >= 1) of a unit has the
// id "<id>_c<c>", its references (parent, target, snipers that fired on it,
// secret entry, counter in the cup) renamed alike, and stands c table widths
// (plus kCopyGap) further east, on open ground: the terrain is not copied.
// The counters of the copies go into the cup after the original ones; the
// active British unit stays the original's.
BattleState Scaled(const BattleState& s, int copies) {
  BattleState out = s;
  if (copies <= 1) return out;
  const double shift = s.table.width + kCopyGap;
  out.table.width = copies * shift - kCopyGap;
  auto rename = [](const std::string& id, int c) {
    return id.empty() ? id : absl::StrCat(id, "_c", c);
  };
  for (int c = 1; c < copies; ++c) {
    for (const Unit& u : s.units) {
      Unit v = u;
      v.id = rename(u.id, c);
      v.parent = rename(u.parent, c);
      impi::ferree::FerreeUnit x = impi::ferree::UnitOf(s, u);
      x.wagon_id = rename(x.wagon_id, c);
      for (SharedString& f : x.fired_on_by_this_turn) f = rename(f, c);
      v.position.x() += c * shift;
      out.units.push_back(std::move(v));
      if (!x.Empty()) impi::ferree::MutableUnitOf(out, out.units.back()) = std::move(x);
    }
    for (const impi::ferree::SecretEntry& e : impi::ferree::Own(s).secret_entries) {
      impi::ferree::SecretEntry f = e;
      f.unit_id = rename(e.unit_id, c);
      impi::ferree::Own(out).secret_entries.push_back(f);
    }
    for (size_t k = 1; k < impi::ferree::Own(s).chits_left.size(); ++k) {
      impi::ferree::Own(out).chits_left.push_back(rename(impi::ferree::Own(s).chits_left[k], c));
    }
  }
  return out;
}

void BM_ScaledActivation(benchmark::State& state) {
  absl::StatusOr<BattleState> at_turn = StateAtTurn(static_cast<int>(state.range(0)));
  if (!at_turn.ok()) {
    state.SkipWithError(std::string(at_turn.status().message()).c_str());
    return;
  }
  const BattleState s0 = Scaled(*at_turn, static_cast<int>(state.range(1)));
  const Ruleset* rules = FindRuleset(kRuleset);
  const absl::Status valid = rules->Validate(s0);
  if (!valid.ok()) {
    state.SkipWithError(std::string(valid.message()).c_str());
    return;
  }
  const Awaiting first = rules->Awaits(s0);
  ai::ScriptedBritish british;
  int64_t i = 0;
  int counters = 0, events = 0, advances = 0;
  for (auto _ : state) {
    const uint64_t seed = 1 + static_cast<uint64_t>(i++ % kActivationSeeds);
    const absl::Status st =
        PlayOneActivation(*rules, s0, first, seed, british, &advances, &counters, &events);
    if (!st.ok()) {
      state.SkipWithError(std::string(st.message()).c_str());
      return;
    }
  }
  state.SetLabel("copy + one British activation, units copied K times");
  state.counters["units"] = static_cast<double>(s0.units.size());
  SetRate(state, "activations/s");
  Mean(state, "counters", counters);
  Mean(state, "advances", advances);
  Mean(state, "events", events);
}
BENCHMARK(BM_ScaledActivation)
    ->ArgNames({"turn", "copies"})
    ->Args({8, 1})
    ->Args({8, 2})
    ->Args({8, 4});
// The same, exactly 64 activations (the 64 seeds once each), for an
// instruction count: valgrind --tool=callgrind
// --toggle-collect='*PlayOneActivation*' ... --benchmark_filter=Counted/.../copies:K
void BM_ScaledActivationCounted(benchmark::State& state) { BM_ScaledActivation(state); }
BENCHMARK(BM_ScaledActivationCounted)
    ->ArgNames({"turn", "copies"})
    ->Args({8, 1})
    ->Args({8, 2})
    ->Args({8, 4})
    ->Iterations(kActivationSeeds);

// --- The search as the battle grows ---------------------------------------------

// The state of turn 8 with K copies of every unit, as a game (the first
// British activation of the turn is awaited).
absl::StatusOr<Game> ScaledGame(int copies) {
  absl::StatusOr<BattleState> at_turn = StateAtTurn(8);
  if (!at_turn.ok()) return at_turn.status();
  return Game::Start(*FindRuleset(kRuleset), Scaled(*at_turn, copies), kSetUpSeed);
}

// One copy of the game and one step by a legal action: what an iteration of
// the search is measured against.
void BM_ScaledCloneAndStep(benchmark::State& state) {
  absl::StatusOr<Game> g = ScaledGame(static_cast<int>(state.range(0)));
  if (!g.ok()) {
    state.SkipWithError(std::string(g.status().message()).c_str());
    return;
  }
  const std::vector<Action> legal = g->LegalActions();
  if (legal.empty()) {
    state.SkipWithError("no decision to take");
    return;
  }
  size_t i = 0;
  for (auto _ : state) {
    Game copy = *g;
    benchmark::DoNotOptimize(copy.Apply(legal[i++ % legal.size()]));
  }
  state.SetLabel("copy of the game + one step, units copied K times");
  state.counters["units"] = static_cast<double>(g->state().units.size());
}
// The scaled states' sizes: 1, 2 and 4 copies of every unit.
void EveryCopies(benchmark::internal::Benchmark* b) {
  b->ArgNames({"copies"});
  for (int copies : {1, 2, 4}) b->Arg(copies);
}

BENCHMARK(BM_ScaledCloneAndStep)->Apply(EveryCopies)->Unit(benchmark::kMicrosecond);

// One search of 256 iterations (the MCTS policy's defaults: RULES rollouts
// cut off after 40 decisions), one thread, at the same states.
void BM_ScaledSearch(benchmark::State& state) {
  absl::StatusOr<Game> g = ScaledGame(static_cast<int>(state.range(0)));
  if (!g.ok()) {
    state.SkipWithError(std::string(g.status().message()).c_str());
    return;
  }
  mcts::Options o;
  o.iterations = 256;
  int64_t iterations = 0;
  for (auto _ : state) {
    o.seed = static_cast<uint64_t>(iterations + 1);
    absl::StatusOr<mcts::Result> r = mcts::Search(*FindRuleset(kRuleset), g->state(), o);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    iterations += r->iterations;
  }
  state.SetLabel("one search of 256 iterations, units copied K times");
  state.counters["iterations/s"] =
      benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
  state.counters["units"] = static_cast<double>(g->state().units.size());
}
BENCHMARK(BM_ScaledSearch)
    ->Apply(EveryCopies)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// --- Whole battles --------------------------------------------------------------

void BM_FullRandomPlayout(benchmark::State& state) {
  absl::StatusOr<BattleState> start = Isandlwana();
  if (!start.ok()) {
    state.SkipWithError(std::string(start.status().message()).c_str());
    return;
  }
  const Ruleset* rules = FindRuleset(kRuleset);
  int64_t i = 0;
  double turns = 0, advances = 0, zulu_wins = 0, capped = 0;
  for (auto _ : state) {
    const uint64_t seed = 1 + static_cast<uint64_t>(i++);
    BattleState s = *start;
    CounterRng seeds(seed, kStepStream);
    CounterRng choices(seed, kBritishStream);
    bool over = false;
    for (int step = 0; step < (kTurnCap + 1) * kStepsPerTurn; ++step) {
      const Awaiting awaiting = rules->Awaits(s);
      if (awaiting.kind == AwaitKind::kGameOver) {
        over = true;
        break;
      }
      if (s.clock.phase == Phase::kActivation && s.clock.turn > kTurnCap) break;
      std::vector<Action> actions;
      if (awaiting.side == Side::kBritish) {
        const std::vector<Action> legal = rules->LegalActions(s, Side::kBritish);
        if (legal.empty()) break;
        actions.push_back(legal[choices.Uniform(legal.size())]);
      }
      DiceSpec dice;
      dice.seed = seeds.Next();
      absl::StatusOr<StepResult> r = RunAdvance(s, actions, PolicySpec{}, dice);
      if (!r.ok()) {
        state.SkipWithError(std::string(r.status().message()).c_str());
        return;
      }
      s = std::move(r->state);
      ++advances;
    }
    turns += s.clock.turn;
    zulu_wins += rules->Score(s, Side::kZulu) > 0 ? 1 : 0;
    capped += over ? 0 : 1;
    benchmark::DoNotOptimize(s);
  }
  state.SetLabel("whole battle, random British, RULES Zulu, RunAdvance");
  SetRate(state, "games/s");
  Mean(state, "turns", turns);
  Mean(state, "advances", advances);
  Mean(state, "zulu_win", zulu_wins);
  Mean(state, "capped", capped);
}
BENCHMARK(BM_FullRandomPlayout)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_FullRulesPlayout(benchmark::State& state) {
  absl::StatusOr<BattleState> start = Isandlwana();
  if (!start.ok()) {
    state.SkipWithError(std::string(start.status().message()).c_str());
    return;
  }
  const Ruleset* rules = FindRuleset(kRuleset);
  const arena::MatchOptions options;  // RULES vs RULES, turn cap 60
  int64_t i = 0;
  double turns = 0, advances = 0, zulu_wins = 0, capped = 0;
  for (auto _ : state) {
    absl::StatusOr<arena::MatchRecord> g =
        arena::PlayMatch(*rules, *start, 1 + static_cast<uint64_t>(i++), options);
    if (!g.ok()) {
      state.SkipWithError(std::string(g.status().message()).c_str());
      return;
    }
    turns += g->turns;
    advances += g->steps;
    zulu_wins += g->winner == Side::kZulu ? 1 : 0;
    capped += g->capped ? 1 : 0;
  }
  state.SetLabel("whole battle as impi simulate: RULES Zulu vs scripted British");
  SetRate(state, "games/s");
  Mean(state, "turns", turns);
  Mean(state, "advances", advances);
  Mean(state, "zulu_win", zulu_wins);
  Mean(state, "capped", capped);
}
BENCHMARK(BM_FullRulesPlayout)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace
}  // namespace impi
