// "The Battle of Roark's Drift" (engine/rulesets/roarks_drift/) driven
// directly, its whole cost and the cost of one decision:
//   BM_RoarksLegalActions/<segment>  the legal orders at the first decision
//                                    of the segment (0 Zulu movement, 1
//                                    British movement, 2 British fire, 3
//                                    Zulu fire) of turn 3 of a RULES game
//   BM_RoarksApply/<segment>         Apply of the RULES choice there, on a
//                                    copy of the state (the copy included)
//   BM_RoarksStateCopy               one copy of that state
//   BM_RoarksRulesGame               one whole game, the RULES Zulu against
//                                    the scripted British, seed 1 +
//                                    iteration
//   BM_RoarksPivotal                 the same games, counting each side's
//                                    decisions with a choice and those
//                                    RoarksRuleset::Pivotal calls worth a
//                                    search (the means of the games played)
// Figures only: nothing is asserted.
#include <benchmark/benchmark.h>

#include <type_traits>
#include <vector>

#include "ai/british/roarks_british.h"
#include "ai/doctrine/roarks_drift/roarks_doctrine.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"

namespace impi::roarks {
namespace {

constexpr Segment kSegments[] = {Segment::kZuluMovement, Segment::kBritishMovement, Segment::kBritishFire,
                                 Segment::kZuluFire};

// Plays a RULES game from seed until `stop` says so (or the end); the
// number of decisions taken. `seen` (if given) is told of each decision
// before it is taken, with its side and orders.
template <typename Stop, typename Seen = void (*)(const BattleState&, impi::Side, const std::vector<Action>&)>
int Play(BattleState& b, uint64_t seed, Stop stop, Seen seen = nullptr) {
  const RoarksRuleset rules;
  ai::RoarksDoctrine zulu;
  ai::RoarksBritish british;
  Dice dice = Dice::Seeded(seed);
  EventLog log(EventLog::kQuiet);
  int decisions = 0;
  while (!rules.IsOver(b) && !stop(b)) {
    const Awaiting w = rules.Awaits(b);
    if (w.kind == AwaitKind::kUmpire) {
      if (!rules.Run(b, dice, log).ok()) break;
      continue;
    }
    const std::vector<Action> legal = rules.LegalActions(b, w.side);
    if (legal.empty()) break;
    if constexpr (!std::is_pointer_v<Seen>) {
      seen(b, w.side, legal);
    } else if (seen != nullptr) {
      seen(b, w.side, legal);
    }
    Policy& p = w.side == impi::Side::kZulu ? static_cast<Policy&>(zulu) : static_cast<Policy&>(british);
    const int i = p.Choose(b, legal, dice, nullptr);
    if (!rules.Apply(b, w.side, legal[static_cast<size_t>(i)], dice, log, "a", "").ok()) break;
    ++decisions;
  }
  return decisions;
}

BattleState At(Segment segment) {
  BattleState b = RoarksRuleset::NewBattle();
  Play(b, 1, [&](const BattleState& s) {
    const RoarksState& r = *OwnState(s);
    return r.stage == Stage::kPlaying && r.turn == 3 && r.segment == segment && !r.segment_done;
  });
  return b;
}

void BM_RoarksLegalActions(benchmark::State& state) {
  const BattleState b = At(kSegments[state.range(0)]);
  const RoarksRuleset rules;
  const impi::Side side = rules.Awaits(b).side;
  size_t n = 0;
  for (auto _ : state) {
    const std::vector<Action> legal = rules.LegalActions(b, side);
    n = legal.size();
    benchmark::DoNotOptimize(legal.data());
  }
  state.counters["orders"] = static_cast<double>(n);
}
BENCHMARK(BM_RoarksLegalActions)->DenseRange(0, 3);

void BM_RoarksApply(benchmark::State& state) {
  const BattleState b = At(kSegments[state.range(0)]);
  const RoarksRuleset rules;
  const impi::Side side = rules.Awaits(b).side;
  const std::vector<Action> legal = rules.LegalActions(b, side);
  ai::RoarksDoctrine zulu;
  ai::RoarksBritish british;
  Dice pick = Dice::Seeded(1);
  Policy& p = side == impi::Side::kZulu ? static_cast<Policy&>(zulu) : static_cast<Policy&>(british);
  const Action chosen = legal[static_cast<size_t>(p.Choose(b, legal, pick, nullptr))];
  EventLog log(EventLog::kQuiet);
  for (auto _ : state) {
    BattleState copy = b;
    Dice dice = Dice::Seeded(2);
    benchmark::DoNotOptimize(rules.Apply(copy, side, chosen, dice, log, "a", "").ok());
  }
}
BENCHMARK(BM_RoarksApply)->DenseRange(0, 3);

void BM_RoarksStateCopy(benchmark::State& state) {
  const BattleState b = At(Segment::kZuluMovement);
  for (auto _ : state) {
    BattleState copy = b;
    benchmark::DoNotOptimize(&copy);
  }
}
BENCHMARK(BM_RoarksStateCopy);

void BM_RoarksRulesGame(benchmark::State& state) {
  uint64_t seed = 1;
  int decisions = 0;
  for (auto _ : state) {
    BattleState b = RoarksRuleset::NewBattle();
    decisions = Play(b, seed++, [](const BattleState&) { return false; });
  }
  state.counters["decisions"] = decisions;
}
BENCHMARK(BM_RoarksRulesGame)->Unit(benchmark::kMillisecond);

void BM_RoarksPivotal(benchmark::State& state) {
  const RoarksRuleset rules;
  uint64_t seed = 1;
  double choices[2] = {0, 0}, pivotal[2] = {0, 0};  // Zulu, British
  for (auto _ : state) {
    BattleState b = RoarksRuleset::NewBattle();
    Play(
        b, seed++, [](const BattleState&) { return false; },
        [&](const BattleState& s, impi::Side side, const std::vector<Action>& legal) {
          if (legal.size() < 2) return;
          const int k = side == impi::Side::kZulu ? 0 : 1;
          ++choices[k];
          if (rules.Pivotal(s)) ++pivotal[k];
        });
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["zulu_choices"] = choices[0] / n;
  state.counters["zulu_pivotal"] = pivotal[0] / n;
  state.counters["british_choices"] = choices[1] / n;
  state.counters["british_pivotal"] = pivotal[1] / n;
}
BENCHMARK(BM_RoarksPivotal)->Unit(benchmark::kMillisecond)->Iterations(10);

}  // namespace
}  // namespace impi::roarks
