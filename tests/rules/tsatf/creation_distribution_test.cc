// IMPI CREATION TABLE (003_8a310c3200cb6fb0.txt): over 20,000 seeded
// creations per modifier case, asked through the engine's Ask with seeds
// 1..20000, the impi sizes follow the table's exact probabilities
// (chi-square, p > 0.001).
#include <array>
#include <map>
#include <string>

#include "gtest/gtest.h"
#include "engine/rulesets/tsatf/question.h"
#include "engine/game/umpire.h"
#include "tests/rules/tsatf/worked_example_state.h"
#include "tests/rules/tsatf/own_state.h"

namespace impi::tsatf {
namespace {

constexpr int kCreations = 20000;

struct Case {
  const char* name;
  int pool;
  bool first;
  std::array<double, 4> expected;  // P(3), P(4), P(5), P(6) regiments
  double critical;                 // chi-square at p = 0.001 for the non-zero cells
};

// D6 faces 1..6 read through the modifiers:
//   none:      3 <- 1, 4 <- 2,3,4, 5 <- 5, 6 <- 6
//   +1 (8+):   4 <- 1,2,3, 5 <- 4, 6 <- 5,6
//   -1 (first): 3 <- 1,2, 4 <- 3,4,5, 5 <- 6
//   +1 -1:     as none
const Case kCases[] = {
    {"no_modifier", 7, false, {1 / 6.0, 3 / 6.0, 1 / 6.0, 1 / 6.0}, 16.27},
    {"plus1_eight_in_pool", 8, false, {0.0, 3 / 6.0, 1 / 6.0, 2 / 6.0}, 13.82},
    {"minus1_first_impi", 7, true, {2 / 6.0, 3 / 6.0, 1 / 6.0, 0.0}, 13.82},
    {"both_modifiers", 12, true, {1 / 6.0, 3 / 6.0, 1 / 6.0, 1 / 6.0}, 16.27},
};

class ImpiCreationDistribution : public ::testing::TestWithParam<Case> {};

TEST_P(ImpiCreationDistribution, FollowsTheTable) {
  const Case& c = GetParam();
  BattleState s = testing::PatrolState();
  Book(s).force_pool = c.pool;
  Book(s).scenario_total = 100;
  Book(s).impis_created = c.first ? 0 : 1;
  Question q;
  q.kind = QuestionKind::kImpiCreation;
  q.point = 5;
  std::array<int, 4> counts{};
  for (int seed = 1; seed <= kCreations; ++seed) {
    DiceSpec dice;
    dice.seed = seed;
    absl::StatusOr<StepResult> r = RunAsk(s, q, PolicySpec{}, dice);
    ASSERT_TRUE(r.ok()) << r.status();
    int regiments = 0;
    for (const Unit& u : r->state.units) regiments += u.kind == UnitKind::kRegiment;
    ASSERT_GE(regiments, 3) << "seed " << seed;
    ASSERT_LE(regiments, 6) << "seed " << seed;
    ++counts[regiments - 3];
  }
  double chi2 = 0.0;
  for (int i = 0; i < 4; ++i) {
    double e = c.expected[i] * kCreations;
    if (e == 0.0) {
      EXPECT_EQ(counts[i], 0) << (i + 3) << " regiments cannot happen in case " << c.name;
      continue;
    }
    chi2 += (counts[i] - e) * (counts[i] - e) / e;
  }
  EXPECT_LT(chi2, c.critical) << c.name << ": counts 3/4/5/6 = " << counts[0] << "/" << counts[1]
                              << "/" << counts[2] << "/" << counts[3];
}

INSTANTIATE_TEST_SUITE_P(IMPI_CREATION_TABLE_003, ImpiCreationDistribution, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// The pool rules of the same table: "if not more than 2 units, create Lone
// Zulu instead. If size of Impi created exceeds force pool, use what is in
// pool."
TEST(ImpiCreationPool_003, NotMoreThanTwoGivesALoneZulu) {
  BattleState s = testing::PatrolState();
  Book(s).force_pool = 2;
  Question q;
  q.kind = QuestionKind::kImpiCreation;
  q.point = 5;
  DiceSpec dice;
  dice.seed = 9;
  absl::StatusOr<StepResult> r = RunAsk(s, q, PolicySpec{}, dice);
  ASSERT_TRUE(r.ok()) << r.status();
  int lone = 0, regiments = 0;
  for (const Unit& u : r->state.units) {
    lone += u.kind == UnitKind::kLoneZulu;
    regiments += u.kind == UnitKind::kRegiment;
  }
  EXPECT_EQ(lone, 1);
  EXPECT_EQ(regiments, 0);
  EXPECT_EQ(Book(r->state).force_pool, 2);
  // An appearance point that produced a Lone Zulu is not spent.
  EXPECT_NE(r->state.FindPoint(PointKind::kAppearance, 5)->state, PointState::kSpent);
}

TEST(ImpiCreationPool_003, TheScenarioTotalCapsThePool) {
  BattleState s = testing::PatrolState();
  Book(s).force_pool = 16;
  Book(s).scenario_total = 24;
  Book(s).committed = 20;  // only 4 more may be committed
  Book(s).impis_created = 1;
  Question q;
  q.kind = QuestionKind::kImpiCreation;
  q.point = 5;
  DiceSpec dice;
  dice.scripted = true;
  dice.faces = {6, 1, 1};  // 6: 6 regiments, capped at 4; hand 1; a tie for the target 1
  absl::StatusOr<StepResult> r = RunAsk(s, q, PolicySpec{}, dice);
  ASSERT_TRUE(r.ok()) << r.status();
  int regiments = 0;
  for (const Unit& u : r->state.units) regiments += u.kind == UnitKind::kRegiment;
  EXPECT_EQ(regiments, 4);
  // "+1 if 8 or more regiments in force pool" is judged on the pool (16),
  // though the scenario total allows only 4 more.
  bool plus_one = false;
  for (const Event& e : r->events) {
    for (const DieRoll& d : e.why.dice) {
      for (const Modifier& m : d.modifiers) {
        plus_one |= m.value == 1 && m.reason.find("8 or more regiments") != std::string::npos;
      }
    }
  }
  EXPECT_TRUE(plus_one);
  EXPECT_EQ(Book(r->state).committed, 24);
  EXPECT_EQ(Book(r->state).force_pool, 12);
  EXPECT_EQ(r->state.FindPoint(PointKind::kAppearance, 5)->state, PointState::kSpent);
}

}  // namespace
}  // namespace impi::tsatf
