// One conformance suite run over every rule set with a full engine, from each
// built-in scenario of that rule set (in the spirit of OpenSpiel's
// basic_tests): random play through the game interface with explicit chance
// nodes whose outcomes sum to one, clone independence, no negative figures,
// and a serialisation round trip through the protobuf table state at every
// step.
#include <string>
#include <vector>

#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "engine/core/dice.h"
#include "engine/game/game_state.h"
#include "engine/game/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "service/convert.h"
#include "tests/conformance/scenario_cases.h"

namespace impi {
namespace {

class Conformance : public ::testing::TestWithParam<Case> {
 protected:
  BattleState Load() { return LoadScenario(GetParam().scenario); }

  // engine -> proto -> engine -> proto gives the same proto.
  static void RoundTrip(const BattleState& s) {
    v1::TableState a, b;
    service::ToProto(s, &a);
    BattleState back = service::ToEngine(a);
    service::ToProto(back, &b);
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(a, b));
  }

  static void NoNegativeFigures(const BattleState& s) {
    for (const Unit& u : s.units) {
      ASSERT_GE(u.figures.fit, 0) << u.id;
      ASSERT_GE(u.figures.wounded, 0) << u.id;
      ASSERT_GE(u.figures.seriously_wounded, 0) << u.id;
      ASSERT_GE(u.figures.casualties, 0) << u.id;
    }
  }

  // Random play of at most `moves` decisions; returns how many were made.
  static int Play(GameState& g, uint64_t seed, int moves) {
    CounterRng rng(seed, 3);
    int made = 0;
    for (; made < moves && !g.IsTerminal(); ++made) {
      if (g.CurrentActor() == GameState::Actor::kChance) {
        std::vector<std::pair<int, double>> outcomes = g.ChanceOutcomes();
        EXPECT_FALSE(outcomes.empty());
        double sum = 0.0;
        for (const auto& o : outcomes) {
          EXPECT_GT(o.second, 0.0);
          sum += o.second;
        }
        EXPECT_NEAR(sum, 1.0, 1e-12);
        absl::Status st = g.ApplyChance(outcomes[rng.Uniform(outcomes.size())].first);
        EXPECT_TRUE(st.ok()) << st;
        if (!st.ok()) break;
      } else {
        std::vector<Action> legal = g.LegalActions();
        EXPECT_FALSE(legal.empty()) << "a side to act with no legal action";
        if (legal.empty()) break;
        absl::Status st = g.ApplyAction(legal[rng.Uniform(legal.size())]);
        EXPECT_TRUE(st.ok()) << st;
        if (!st.ok()) break;
        RoundTrip(g.battle());
        NoNegativeFigures(g.battle());
      }
    }
    return made;
  }
};

TEST_P(Conformance, ScenarioRoundTripsThroughTheContract) { RoundTrip(Load()); }

TEST_P(Conformance, RandomPlayKeepsTheRules) {
  const Ruleset* rules = FindRuleset(GetParam().ruleset);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    GameState g(rules, Load());
    ASSERT_TRUE(g.status().ok()) << g.status();
    int made = Play(g, seed, 1500);
    EXPECT_GT(made, 10);
    EXPECT_TRUE(g.status().ok()) << g.status();
    if (g.IsTerminal()) {
      EXPECT_TRUE(rules->IsOver(g.battle()));
      double z = g.Returns(Side::kZulu), b = g.Returns(Side::kBritish);
      EXPECT_GE(z, -1.0);
      EXPECT_LE(z, 1.0);
      EXPECT_DOUBLE_EQ(z, -b);
    }
  }
}

TEST_P(Conformance, ClonesAreIndependent) {
  GameState g(FindRuleset(GetParam().ruleset), Load());
  ASSERT_TRUE(g.status().ok()) << g.status();
  Play(g, 7, 100);
  std::unique_ptr<GameState> c = g.Clone();
  v1::TableState before, after;
  service::ToProto(g.battle(), &before);
  Play(*c, 8, 300);
  service::ToProto(g.battle(), &after);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(before, after));
}

TEST_P(Conformance, TheSameChoicesGiveTheSameGame) {
  GameState a(FindRuleset(GetParam().ruleset), Load());
  GameState b(FindRuleset(GetParam().ruleset), Load());
  Play(a, 21, 400);
  Play(b, 21, 400);
  v1::TableState pa, pb;
  service::ToProto(a.battle(), &pa);
  service::ToProto(b.battle(), &pb);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(pa, pb));
}

INSTANTIATE_TEST_SUITE_P(EveryFullRuleset, Conformance, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.scenario; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Conformance);

TEST(ConformanceCoverage, EveryFullRulesetHasAScenario) {
  std::vector<Case> cases = Cases();
  for (const Ruleset* r : AllRulesets()) {
    if (r->status() != "full") continue;
    bool found = false;
    for (const Case& c : cases) found |= c.ruleset == r->id();
    EXPECT_TRUE(found) << r->id() << " has no built-in scenario for the conformance suite";
  }
}

}  // namespace
}  // namespace impi
