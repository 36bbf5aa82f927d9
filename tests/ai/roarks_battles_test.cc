// Whole games of "The Battle of Roark's Drift" (004_18930928e35a3412.txt):
// 200 seeded games, the RULES Zulu (ai/doctrine/roarks_drift/) against the
// scripted British (ai/british/roarks_british.h), on RoarksRuleset driven
// directly, with the rules' invariants checked at every step: the stacking
// limits once each movement segment has closed (5.0), nobody entering a
// room on fire (10.2.D), lines of sight the same both ways (6.3), no wound
// healed but by Reynolds in an interphase (8.3), no counter lost or made
// across a phase's renewal (9.3.B-C); every game ends, and the same seed
// plays the same game. The search (ai/mcts) answers a legal action for a
// decision of either side.
#include <algorithm>
#include <iostream>
#include <utility>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "ai/british/roarks_british.h"
#include "ai/doctrine/roarks_drift/roarks_doctrine.h"
#include "ai/mcts/mcts.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/state_hash.h"
#include "engine/rulesets/roarks_drift/buildings.h"
#include "engine/rulesets/roarks_drift/counters.h"
#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"
#include "engine/rulesets/roarks_drift/state.h"
#include "engine/rulesets/roarks_drift/turn.h"
#include "gtest/gtest.h"

namespace impi::roarks {
namespace {

constexpr int kStepCap = 200000;

// How bad a wound is, for "never healed": none < light < serious < both.
int Severity(WoundState w) { return static_cast<int>(w); }

// Whether the segment's stacking limit of `side` has been applied this
// turn (5.0.A, C-D): its movement segment is over.
bool LimitApplies(const RoarksState& s, Side side) {
  if (s.stage != Stage::kPlaying) return false;
  const int seg = static_cast<int>(s.segment);
  return side == Side::kZulu ? seg > static_cast<int>(Segment::kZuluMovement)
                             : seg > static_cast<int>(Segment::kBritishMovement);
}

// What CheckStep compares of the state before a step.
struct Before {
  int phase = 0;
  int zulu_killed = 0;
  std::vector<CounterState> counters;
  std::vector<bool> in_care;  // a British unit in Reynolds' care (8.3)
  Surgeon reynolds = Surgeon::kWell;
};

Before Snapshot(const RoarksState& s) {
  Before b;
  b.phase = s.phase;
  b.zulu_killed = s.zulu_killed;
  b.counters = s.counters;
  b.reynolds = ReynoldsState(s);
  if (s.stage == Stage::kPlaying && s.segment == Segment::kEnd) {  // a phase ends only here
    b.in_care.resize(s.counters.size());
    for (int u = 0; u < s.size(); ++u) b.in_care[u] = SideOf(s, u) == Side::kBritish && InReynoldsCare(s, u);
  }
  return b;
}

// What must hold after every step, given the state before it.
void CheckStep(const Before& before, const RoarksState& s, int step, CounterRng& pick) {
  ASSERT_EQ(s.counters.size(), before.counters.size()) << "step " << step << ": counters made or lost";
  // Stacking (5.0.C-D), where the limit has been applied.
  std::map<HexCoord, std::pair<int, int>> count;  // British, Zulu
  for (int u = 0; u < s.size(); ++u) {
    if (!InPlay(s, u)) continue;
    auto& [brit, zulu] = count[s.counters[u].hex];
    ++(SideOf(s, u) == Side::kBritish ? brit : zulu);
  }
  for (const auto& [h, n] : count) {
    if (LimitApplies(s, Side::kZulu)) {
      ASSERT_LE(n.second, StackingLimit(Side::kZulu)) << "step " << step << ": Zulus stacked at " << h.q << "," << h.r;
    }
    if (LimitApplies(s, Side::kBritish)) {
      ASSERT_LE(n.first, StackingLimit(Side::kBritish)) << "step " << step << ": British stacked at " << h.q << "," << h.r;
    }
    ASSERT_FALSE(n.first > 0 && n.second > 0) << "step " << step << ": both sides in " << h.q << "," << h.r;
  }
  for (int u = 0; u < s.size(); ++u) {
    const CounterState& c = s.counters[u];
    const CounterState& was = before.counters[u];
    // 10.2.D: no one enters a room or roof on fire.
    if (InPlay(s, u) && (!was.on_map || was.hex != c.hex)) {
      const HexCell* cell = s.Map().map.Cell(c.hex);
      ASSERT_NE(cell, nullptr);
      ASSERT_FALSE(RoomBurning(s, cell->room)) << "step " << step << ": " << s.specs[u].id << " entered a room on fire";
    }
    if (SideOf(s, u) != Side::kBritish) continue;
    // The dead stay dead.
    if (was.killed) {
      ASSERT_TRUE(c.killed) << s.specs[u].id;
    }
    // 8.3: a wound heals only in an interphase, in Reynolds' care, he able.
    if (!c.killed && Severity(c.wound) < Severity(was.wound)) {
      ASSERT_NE(before.phase, s.phase) << "step " << step << ": " << s.specs[u].id << " healed within a phase";
      ASSERT_FALSE(before.in_care.empty()) << "step " << step << ": " << s.specs[u].id << " healed outside an interphase";
      ASSERT_TRUE(before.in_care[u]) << "step " << step << ": " << s.specs[u].id << " healed away from Reynolds";
      ASSERT_NE(before.reynolds, Surgeon::kSeriouslyWounded) << s.specs[u].id;
    }
  }
  // 9.3.B-C: the Zulu losses only grow; a renewal brings back every Zulu
  // counter but the rifled lost, each once, off the map.
  ASSERT_GE(s.zulu_killed, before.zulu_killed);
  if (s.phase != before.phase) {
    int fresh = 0;
    std::set<std::string> ids;
    for (int u = 0; u < s.size(); ++u) {
      ASSERT_TRUE(ids.insert(s.specs[u].id).second) << "a counter twice: " << s.specs[u].id;
      if (SideOf(s, u) != Side::kZulu) continue;
      const CounterState& c = s.counters[u];
      if (c.killed) {
        ASSERT_EQ(s.specs[u].role, CounterRole::kZuluRifles) << s.specs[u].id << " not renewed";
        continue;
      }
      ASSERT_FALSE(c.on_map) << s.specs[u].id;
      ASSERT_EQ(c.wound, WoundState::kNone) << s.specs[u].id;
      ++fresh;
    }
    ASSERT_EQ(fresh, s.wave[0] + s.wave[1] + s.wave[2]);
    ASSERT_EQ(s.zulu_killed, before.zulu_killed);
  }
  // 6.3: a line of sight is the same both ways (a few pairs every 64th
  // step).
  if (s.stage == Stage::kPlaying && step % 64 == 0) {
    const std::vector<HexCoord> blocking = BlockingHexes(s);
    for (int k = 0; k < 4; ++k) {
      const HexCoord a = s.Map().map.HexOfCell(static_cast<int>(pick.Uniform(s.Map().map.cells.size())));
      const HexCoord b = s.Map().map.HexOfCell(static_cast<int>(pick.Uniform(s.Map().map.cells.size())));
      ASSERT_EQ(LineOfSight(s, a, b, blocking), LineOfSight(s, b, a, blocking))
          << "step " << step << ": (" << a.q << "," << a.r << ") and (" << b.q << "," << b.r << ")";
    }
  }
}

struct Played {
  uint64_t hash = 0;
  int steps = 0;
  int british_dead = 0;
  int zulu_killed = 0;
  int phases = 0;
  Victory victory = Victory::kDraw;
  bool over = false;
};

Played PlayGame(uint64_t seed, bool check) {
  const RoarksRuleset rules;
  BattleState b = RoarksRuleset::NewBattle();
  ai::RoarksDoctrine zulu;
  ai::RoarksBritish british;
  Dice dice = Dice::Seeded(seed);
  CounterRng pick(seed, 7);
  EventLog log(EventLog::kQuiet);
  Played out;
  Before before;
  while (!rules.IsOver(b) && out.steps < kStepCap) {
    ++out.steps;
    if (check) before = Snapshot(*OwnState(b));
    const Awaiting w = rules.Awaits(b);
    if (w.kind == AwaitKind::kUmpire) {
      const absl::Status st = rules.Run(b, dice, log);
      EXPECT_TRUE(st.ok()) << "seed " << seed << ": " << st;
      if (!st.ok()) break;
    } else {
      const std::vector<Action> legal = rules.LegalActions(b, w.side);
      EXPECT_FALSE(legal.empty()) << "seed " << seed << ": " << w.prompt;
      if (legal.empty()) break;
      Policy& p = w.side == impi::Side::kZulu ? static_cast<Policy&>(zulu) : static_cast<Policy&>(british);
      const int i = p.Choose(b, legal, dice, nullptr);
      EXPECT_GE(i, 0);
      EXPECT_LT(i, static_cast<int>(legal.size()));
      const absl::Status st = rules.Apply(b, w.side, legal[static_cast<size_t>(i)], dice, log, "action", "");
      EXPECT_TRUE(st.ok()) << "seed " << seed << " step " << out.steps << ": " << st;
      if (!st.ok()) break;
    }
    if (check) {
      CheckStep(before, *OwnState(b), out.steps, pick);
      if (::testing::Test::HasFailure()) {
        ADD_FAILURE() << "seed " << seed;
        break;
      }
    }
  }
  const RoarksState& s = *OwnState(b);
  StateHasher h;
  rules.HashOwnState(b, &h);
  out.hash = h.value();
  out.over = rules.IsOver(b);
  out.british_dead = BritishDead(s);
  out.zulu_killed = s.zulu_killed;
  out.phases = s.phase;
  out.victory = VictoryNow(s).value_or(Victory::kDraw);
  return out;
}

// 200 seeded games, each step checked; every one ends: four shards of 50
// seeds (each its own test, so that each runs in its own time), the games
// of a shard shared between two threads (each game its own policies and
// dice; the rule set is immutable), the figures summed in seed order.
void PlayShard(int first_seed, int games) {
  std::vector<Played> played(static_cast<size_t>(games));
  std::vector<std::thread> workers;
  for (int w = 0; w < 2; ++w) {
    workers.emplace_back([&, w] {
      for (int g = w; g < games; g += 2) {
        played[static_cast<size_t>(g)] = PlayGame(static_cast<uint64_t>(first_seed + g), true);
      }
    });
  }
  for (std::thread& t : workers) t.join();
  std::map<Victory, int> levels;
  double british = 0, zulus = 0, steps = 0;
  for (int g = 0; g < games; ++g) {
    const Played& p = played[static_cast<size_t>(g)];
    EXPECT_TRUE(p.over) << "seed " << first_seed + g << " did not end in " << p.steps << " steps";
    ++levels[p.victory];
    british += p.british_dead;
    zulus += p.zulu_killed;
    steps += p.steps;
  }
  std::cout << "ROARKS_DRIFT seeds " << first_seed << "-" << first_seed + games - 1
            << ", RULES Zulu v scripted British: British dead a game " << british / games << ", Zulu units killed "
            << zulus / games << ", steps " << steps / games << "\n";
  for (const auto& [v, n] : levels) std::cout << "  " << VictoryName(v) << ": " << n << "\n";
  // Both sides do harm: the British shoot Zulus down, the Zulus kill men.
  EXPECT_GT(zulus / games, 10.0);
  EXPECT_GT(british / games, 0.5);
}

TEST(RoarksBattles, TwoHundredSeededGamesKeepTheRulesAndEnd_Seeds1To50) { PlayShard(1, 50); }
TEST(RoarksBattles, TwoHundredSeededGamesKeepTheRulesAndEnd_Seeds51To100) { PlayShard(51, 50); }
TEST(RoarksBattles, TwoHundredSeededGamesKeepTheRulesAndEnd_Seeds101To150) { PlayShard(101, 50); }
TEST(RoarksBattles, TwoHundredSeededGamesKeepTheRulesAndEnd_Seeds151To200) { PlayShard(151, 50); }

// The same seed, the same game; another seed, another.
TEST(RoarksBattles, TheSameSeedPlaysTheSameGame) {
  const Played a = PlayGame(42, false);
  EXPECT_EQ(PlayGame(42, false).hash, a.hash);
  EXPECT_EQ(PlayGame(42, false).steps, a.steps);
  EXPECT_NE(PlayGame(43, false).hash, a.hash);
}

// The search (ai/mcts) over the game: a short search answers one of the
// legal actions, at a Zulu movement and a British fire decision of a RULES
// game.
TEST(RoarksBattles, AShortSearchAnswersALegalActionForEitherSide) {
  const RoarksRuleset rules;
  for (const auto& [side, segment] : {std::pair{impi::Side::kZulu, Segment::kZuluMovement},
                                      std::pair{impi::Side::kBritish, Segment::kBritishFire}}) {
    BattleState b = RoarksRuleset::NewBattle();
    ai::RoarksDoctrine zulu;
    ai::RoarksBritish british;
    Dice dice = Dice::Seeded(5);
    EventLog log(EventLog::kQuiet);
    for (int step = 0; step < kStepCap && !rules.IsOver(b); ++step) {
      const RoarksState& s = *OwnState(b);
      if (s.stage == Stage::kPlaying && s.turn == 3 && s.segment == segment && !s.segment_done) break;
      const Awaiting w = rules.Awaits(b);
      if (w.kind == AwaitKind::kUmpire) {
        ASSERT_TRUE(rules.Run(b, dice, log).ok());
        continue;
      }
      const std::vector<Action> legal = rules.LegalActions(b, w.side);
      Policy& p = w.side == impi::Side::kZulu ? static_cast<Policy&>(zulu) : static_cast<Policy&>(british);
      ASSERT_TRUE(rules.Apply(b, w.side, legal[static_cast<size_t>(p.Choose(b, legal, dice, nullptr))], dice, log,
                              "a", "")
                      .ok());
    }
    ASSERT_EQ(rules.Awaits(b).side, side);
    mcts::Options o;
    o.iterations = 24;
    o.rollout_depth = 40;
    o.seed = 3;
    const absl::StatusOr<mcts::Result> r = mcts::Search(rules, b, o);
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_GE(r->best, 0);
    const Action& answer = r->candidates[static_cast<size_t>(r->best)].action;
    const std::vector<Action> legal = rules.LegalActions(b, side);
    EXPECT_TRUE(std::any_of(legal.begin(), legal.end(),
                            [&](const Action& a) { return mcts::ActionHash(a) == mcts::ActionHash(answer); }));
    BattleState after = b;
    EXPECT_TRUE(rules.Apply(after, side, answer, dice, log, "search", "").ok());
  }
}

// What the clients read of a game (Report) and what a search is told
// (Pivotal, Evaluate), over a whole RULES game: the zones are pivotal and
// a Zulu step never is, some decisions of each side are and most are not;
// the report's level, losses and lines are the state's own.
TEST(RoarksBattles, TheReportAndThePivotalDecisionsReadTheGame) {
  const RoarksRuleset rules;
  BattleState b = RoarksRuleset::NewBattle();
  const BattleState start = b;
  EXPECT_DOUBLE_EQ(rules.Evaluate(b, impi::Side::kZulu), rules.Score(b, impi::Side::kZulu));
  ai::RoarksDoctrine zulu;
  ai::RoarksBritish british;
  Dice dice = Dice::Seeded(11);
  EventLog log(EventLog::kQuiet);
  std::map<impi::Side, int> choices, pivotal;
  int zones = 0;
  for (int step = 0; step < kStepCap && !rules.IsOver(b); ++step) {
    const Awaiting w = rules.Awaits(b);
    if (w.kind == AwaitKind::kUmpire) {
      ASSERT_TRUE(rules.Run(b, dice, log).ok());
      continue;
    }
    const RoarksState& s = *OwnState(b);
    const bool is_pivotal = rules.Pivotal(b);
    if (s.stage == Stage::kZuluSetUp) {
      EXPECT_TRUE(is_pivotal);
      ++zones;
    }
    if (s.stage == Stage::kPlaying && s.segment == Segment::kZuluMovement) EXPECT_FALSE(is_pivotal);
    const std::vector<Action> legal = rules.LegalActions(b, w.side);
    if (legal.size() > 1) {
      ++choices[w.side];
      pivotal[w.side] += is_pivotal ? 1 : 0;
    }
    const double e = rules.Evaluate(b, impi::Side::kZulu);
    EXPECT_DOUBLE_EQ(e, -rules.Evaluate(b, impi::Side::kBritish));
    EXPECT_GE(e, -1.0);
    EXPECT_LE(e, 1.0);
    Policy& p = w.side == impi::Side::kZulu ? static_cast<Policy&>(zulu) : static_cast<Policy&>(british);
    ASSERT_TRUE(
        rules.Apply(b, w.side, legal[static_cast<size_t>(p.Choose(b, legal, dice, nullptr))], dice, log, "a", "").ok());
  }
  ASSERT_TRUE(rules.IsOver(b));
  EXPECT_GE(zones, kRegiments);
  for (impi::Side side : {impi::Side::kZulu, impi::Side::kBritish}) {
    EXPECT_GT(pivotal[side], 0) << static_cast<int>(side);
    EXPECT_LT(pivotal[side] * 4, choices[side]) << static_cast<int>(side);
  }
  const RoarksState& s = *OwnState(b);
  const Victory level = VictoryNow(s).value();
  const GameReport r = rules.Report(start, b);
  EXPECT_EQ(r.draw, level == Victory::kDraw);
  EXPECT_NE(r.outcome.find(VictoryName(level)), std::string::npos) << r.outcome;
  EXPECT_EQ(r.british.lost, BritishDead(s));
  EXPECT_EQ(r.british.start, static_cast<int>(Garrison().size()));
  EXPECT_EQ(r.zulu.lost, s.zulu_killed);
  // The turns of every phase played, each from turn 1.
  EXPECT_EQ(r.turns, s.turns_before + s.turn);
  EXPECT_GE(r.turns, s.phase);
  if (s.phase > 1) EXPECT_GT(s.turns_before, 0);
  bool level_line = false, dead_line = false;
  for (const ReportLine& line : r.lines) {
    level_line = level_line || (line.kind == ReportLine::Kind::kCount && line.label.find(r.outcome) == 0 &&
                                line.order == static_cast<int>(level));
    dead_line = dead_line || (line.label == "British dead" && line.value == BritishDead(s));
  }
  EXPECT_TRUE(level_line);
  EXPECT_TRUE(dead_line);
}

// What the fitting tool reads of a game (EvaluationFeatures:
// bench/fit_evaluation, docs/strength.md): the British killed and seriously
// wounded, the Zulu units killed, the wave still to fight and the phases to
// come, each a share; a British man killed is worth more to the Zulus in
// the search's value (Evaluate), and a Zulu unit killed nothing (12.0
// counts British dead alone).
TEST(RoarksBattles, TheFittingToolReadsTheFeaturesOfAGame) {
  const RoarksRuleset rules;
  BattleState b = RoarksRuleset::NewBattle();
  const double start = rules.Evaluate(b, impi::Side::kZulu);
  RoarksState& s = *b.ruleset_state.get_if<RoarksState>();
  int british = kNoUnit;
  for (int u = 0; u < s.size() && british == kNoUnit; ++u) {
    if (s.specs[static_cast<size_t>(u)].side == Side::kBritish) british = u;
  }
  ASSERT_NE(british, kNoUnit);
  s.counters[static_cast<size_t>(british)].killed = true;
  s.zulu_killed = 10;
  EXPECT_GT(rules.Evaluate(b, impi::Side::kZulu), start);
  EXPECT_DOUBLE_EQ(rules.Evaluate(b, impi::Side::kBritish), -rules.Evaluate(b, impi::Side::kZulu));
  std::vector<double> values;
  std::vector<std::string> names;
  ASSERT_TRUE(rules.EvaluationFeatures(b, &values, &names));
  ASSERT_EQ(values.size(), 6u);
  ASSERT_EQ(names.size(), values.size());
  EXPECT_EQ(names[0], "british_killed");
  EXPECT_DOUBLE_EQ(values[0], 0.01);  // one British man killed, of 100
  EXPECT_DOUBLE_EQ(values[1], 0.0);   // none seriously wounded
  EXPECT_DOUBLE_EQ(values[2], 0.01);  // ... times the phases to come (all three)
  EXPECT_DOUBLE_EQ(values[3], 0.10);  // ten Zulu units killed, of 100
  EXPECT_DOUBLE_EQ(values[5], 1.0);   // the first phase: three to come
  s.phase = 4;
  ASSERT_TRUE(rules.EvaluationFeatures(b, &values, nullptr));
  EXPECT_DOUBLE_EQ(values[2], 0.0);
  EXPECT_DOUBLE_EQ(values[5], 0.0);
}

}  // namespace
}  // namespace impi::roarks
