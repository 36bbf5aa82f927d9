// The Zulu Control rule set through the game interface (engine/rulesets/
// game_state.h): random play with explicit chance nodes, chance outcomes that
// sum to one, clone independence, and replay determinism.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "engine/core/dice.h"
#include "engine/game/game_state.h"
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

// The British cannot see a hidden appearance point until it is tested, but
// they see the numbers of the others and the text's "10 or more" points: a
// world the British search plays puts each missing number at a feature that
// may hold a point and holds none they know of (designed: not in the source
// text). The true hidden points never reach the world.
Terrain Rectangle(const std::string& id, TerrainKind kind, double x0, double y0, double x1,
                  double y1, int cover_class) {
  Terrain t;
  t.id = id;
  t.kind = kind;
  t.outline = {Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)};
  t.cover_class = cover_class;
  return t;
}

TEST(TsatfGameState, ABritishWorldPlacesTheHiddenPointsItCannotSeeByTheirNumbers) {
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  BattleState s = testing::PatrolState();
  // Features no visible point stands in or by: the rocks (33-38, 30-34), a
  // scrub patch and a wood; the kopje holds point 5 (3" from its edge); a
  // road holds no point.
  s.terrain.push_back(Rectangle("scrub", TerrainKind::kScrub, 58, 2, 64, 8, 2));
  s.terrain.push_back(Rectangle("wood", TerrainKind::kWoods, 2, 42, 8, 47, 3));
  s.terrain.push_back(Rectangle("road", TerrainKind::kRoad, 0, 46, 72, 48, 0));
  for (Point& p : s.points) {
    if (p.kind == PointKind::kAppearance && (p.number == 2 || p.number == 7)) p.hidden = true;
  }
  ASSERT_TRUE(rules.Validate(s).ok()) << rules.Validate(s);
  const BattleState view = rules.View(s, Side::kBritish);
  ASSERT_EQ(std::count_if(view.points.begin(), view.points.end(),
                          [](const Point& p) { return p.kind == PointKind::kAppearance; }),
            8);
  const std::vector<std::pair<Vec2, int>> free = {
      {Vec2(35.5, 32), 4}, {Vec2(61, 5), 2}, {Vec2(5, 44.5), 3}};
  std::vector<int> used(free.size(), 0);
  CounterRng rng(11, 0);
  for (int i = 0; i < 60; ++i) {
    BattleState w = view;
    rules.Resample(w, Side::kBritish, rng);
    std::vector<int> at;
    for (const Point& p : w.points) {
      if (p.kind != PointKind::kAppearance || (p.number != 2 && p.number != 7)) continue;
      EXPECT_TRUE(p.hidden);
      EXPECT_EQ(p.state, PointState::kUntested);
      int which = -1;
      for (size_t f = 0; f < free.size(); ++f) {
        if ((p.position - free[f].first).norm() < 1e-9) which = static_cast<int>(f);
      }
      ASSERT_GE(which, 0) << "point " << p.number << " at (" << p.position.x() << ", "
                          << p.position.y() << "): not the centre of a free feature";
      EXPECT_EQ(p.terrain_class, free[which].second);
      at.push_back(which);
      ++used[which];
    }
    ASSERT_EQ(at.size(), 2u) << "points 2 and 7 in every world";
    EXPECT_NE(at[0], at[1]) << "two features, one point each";
    EXPECT_TRUE(rules.Validate(w).ok()) << rules.Validate(w);
    EXPECT_EQ(rules.InformationSetKey(w, Side::kBritish),
              rules.InformationSetKey(s, Side::kBritish));
  }
  for (size_t f = 0; f < free.size(); ++f) EXPECT_GT(used[f], 0) << "feature " << f;

  // The true state resamples to the same world as the view: the true hidden
  // points (here moved anywhere) never reach it.
  BattleState moved = s;
  for (Point& p : moved.points) {
    if (p.hidden) p.position = Vec2(1, 1);
  }
  for (uint64_t seed : {1u, 2u, 3u}) {
    BattleState from_view = view, from_truth = s, from_moved = moved;
    CounterRng a(seed, 0), b(seed, 0), c(seed, 0);
    rules.Resample(from_view, Side::kBritish, a);
    rules.Resample(from_truth, Side::kBritish, b);
    rules.Resample(from_moved, Side::kBritish, c);
    ASSERT_EQ(from_view.points.size(), from_truth.points.size());
    ASSERT_EQ(from_view.points.size(), from_moved.points.size());
    for (size_t i = 0; i < from_view.points.size(); ++i) {
      EXPECT_EQ(from_view.points[i].number, from_truth.points[i].number);
      EXPECT_EQ(from_view.points[i].position, from_truth.points[i].position);
      EXPECT_EQ(from_view.points[i].position, from_moved.points[i].position);
    }
  }

  // A number far past 10 adds believed points below it only while a free
  // feature is left: three here (the rocks, the scrub, the wood), with points
  // 2 and 7 hidden, so one more than the two below 10, and no walk to it.
  BattleState far = s;
  far.points.push_back(testing::Appearance(1000000000, 70, 46, 1, "far"));
  BattleState far_view = rules.View(far, Side::kBritish);
  const size_t before = far_view.points.size();
  CounterRng far_rng(7, 0);
  rules.Resample(far_view, Side::kBritish, far_rng);
  EXPECT_EQ(far_view.points.size(), before + 3);

  // With every point in sight, a world adds none.
  BattleState all_seen = testing::PatrolState();
  BattleState w = rules.View(all_seen, Side::kBritish);
  CounterRng r(5, 0);
  rules.Resample(w, Side::kBritish, r);
  EXPECT_EQ(w.points.size(), all_seen.points.size());
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
