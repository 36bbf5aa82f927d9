// The Zulu Control rule set through the game interface (engine/rulesets/
// game_state.h): random play with explicit chance nodes, chance outcomes that
// sum to one, clone independence, and replay determinism.
#include <algorithm>
#include <cmath>

#include "gtest/gtest.h"
#include "engine/core/dice.h"
#include "engine/rulesets/game_state.h"
#include "tests/rules/tsatf/worked_example_state.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "tests/rules/tsatf/own_state.h"

namespace impi::tsatf {
namespace {

// Plays `moves` random decisions (actions and chance outcomes); returns the
// final state.
GameState RandomPlay(uint64_t seed, int moves) {
  CounterRng rng(seed, 1);
  GameState g(FindRuleset("TSATF_ZULU_CONTROL"), testing::PatrolState());
  EXPECT_TRUE(g.status().ok()) << g.status();
  for (int i = 0; i < moves && !g.IsTerminal(); ++i) {
    if (g.CurrentActor() == GameState::Actor::kChance) {
      auto outcomes = g.ChanceOutcomes();
      EXPECT_FALSE(outcomes.empty());
      double sum = 0.0;
      for (const auto& o : outcomes) sum += o.second;
      EXPECT_NEAR(sum, 1.0, 1e-12);
      double u = rng.UniformDouble(), acc = 0.0;
      int pick = outcomes.back().first;
      for (const auto& o : outcomes) {
        acc += o.second;
        if (u < acc) {
          pick = o.first;
          break;
        }
      }
      EXPECT_TRUE(g.ApplyChance(pick).ok());
    } else {
      std::vector<Action> legal = g.LegalActions();
      EXPECT_FALSE(legal.empty());
      if (legal.empty()) break;
      absl::Status st = g.ApplyAction(legal[rng.Uniform(legal.size())]);
      EXPECT_TRUE(st.ok()) << st;
    }
  }
  return g;
}

TEST(TsatfGameState, RandomPlayHasChanceNodesThatSumToOne) {
  GameState g = RandomPlay(3, 3000);
  EXPECT_GE(g.battle().clock.turn, 3);
  EXPECT_GT(Book(g.battle()).committed, 0) << "three turns and more of a patrol bring Zulus on";
  EXPECT_LE(Book(g.battle()).committed, Book(g.battle()).scenario_total);
}

// A world the British search plays is drawn from their view, which holds no
// umpire's book: the scenario total comes from SCENARIO DESIGN's guide (2.5
// to 3 Zulus a British figure, in regiments of 20), the regiments on the
// table counted as committed, so more Zulus still come on in it.
TEST(TsatfGameState, ABritishWorldDrawsTheScenarioTotalFromTheDesignGuide) {
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  GameState g = RandomPlay(3, 3000);
  const BattleState& s = g.battle();
  int british = 0, on_table = 0;
  for (const Unit& u : s.units) {
    if (u.side == Side::kBritish) british += std::max(u.figures.starting, u.figures.Present());
    if (CountsInPool(u)) ++on_table;
  }
  ASSERT_GT(british, 0);
  const BattleState view = rules.View(s, Side::kBritish);
  EXPECT_EQ(Book(view).scenario_total, 0) << "the book is the umpire's";
  CounterRng rng(9, 0);
  int lowest = 1 << 30, highest = 0;
  for (int i = 0; i < 100; ++i) {
    BattleState w = view;
    rules.Resample(w, Side::kBritish, rng);
    const TsatfState& book = Book(w);
    EXPECT_EQ(book.committed, on_table);
    EXPECT_GE(book.scenario_total, std::lround(2.5 * british / 20));
    EXPECT_LE(book.scenario_total, std::max<long>(on_table, std::lround(3.0 * british / 20)));
    EXPECT_EQ(book.force_pool, book.scenario_total - book.committed);
    EXPECT_TRUE(rules.Validate(w).ok()) << rules.Validate(w);
    lowest = std::min(lowest, book.scenario_total);
    highest = std::max(highest, book.scenario_total);
  }
  EXPECT_LT(lowest, highest) << "the total is drawn, not fixed";
  EXPECT_GT(highest, on_table) << "Zulus still to come";
}

TEST(TsatfGameState, TheFirstNodeIsTheMovementDeck) {
  GameState g(FindRuleset("TSATF_ZULU_CONTROL"), testing::PatrolState());
  ASSERT_EQ(g.CurrentActor(), GameState::Actor::kChance);
  auto outcomes = g.ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 2u);  // red or black, 3 of 6 each
  EXPECT_DOUBLE_EQ(outcomes[0].second, 0.5);
  ASSERT_TRUE(g.ApplyChance(static_cast<int>(CardColor::kRed)).ok());
  EXPECT_EQ(g.CurrentActor(), GameState::Actor::kBritish);
  EXPECT_EQ(g.awaiting().kind, AwaitKind::kBritishMove);
}

TEST(TsatfGameState, ClonesAreIndependent) {
  GameState g = RandomPlay(5, 200);
  ASSERT_FALSE(g.IsTerminal());
  std::unique_ptr<GameState> c = g.Clone();
  int turn = g.battle().clock.turn;
  size_t units = g.battle().units.size();
  for (int i = 0; i < 300 && !c->IsTerminal(); ++i) {
    if (c->CurrentActor() == GameState::Actor::kChance) {
      ASSERT_TRUE(c->ApplyChance(c->ChanceOutcomes().back().first).ok());
    } else {
      ASSERT_TRUE(c->ApplyAction(c->LegalActions()[0]).ok());
    }
  }
  EXPECT_NE(c->battle().clock.turn, turn);
  EXPECT_EQ(g.battle().clock.turn, turn);
  EXPECT_EQ(g.battle().units.size(), units);
}

TEST(TsatfGameState, TheSameChoicesGiveTheSameGame) {
  GameState a = RandomPlay(11, 1500);
  GameState b = RandomPlay(11, 1500);
  ASSERT_EQ(a.battle().units.size(), b.battle().units.size());
  for (size_t i = 0; i < a.battle().units.size(); ++i) {
    EXPECT_EQ(a.battle().units[i].id, b.battle().units[i].id);
    EXPECT_EQ(a.battle().units[i].position, b.battle().units[i].position);
  }
  EXPECT_EQ(Book(a.battle()).committed, Book(b.battle()).committed);
}

TEST(TsatfGameState, AWrongActionLeavesTheStateAsItWas) {
  GameState g(FindRuleset("TSATF_ZULU_CONTROL"), testing::PatrolState());
  ASSERT_TRUE(g.ApplyChance(static_cast<int>(CardColor::kRed)).ok());
  Action fire;
  fire.kind = ActionKind::kFire;  // not in movement
  fire.unit_id = "b1";
  absl::Status st = g.ApplyAction(fire);
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(g.CurrentActor(), GameState::Actor::kBritish);
  Action pass;
  pass.kind = ActionKind::kPass;
  EXPECT_TRUE(g.ApplyAction(pass).ok());
}

}  // namespace
}  // namespace impi::tsatf
