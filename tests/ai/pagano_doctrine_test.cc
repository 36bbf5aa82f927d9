// The RULES Zulu of Pagano's d10 rules (ai/doctrine/pagano/) and the
// scripted British (ai/british/pagano_british.h): each designed choice, and
// whole battles of the two ending with every state valid.
#include <string>
#include <vector>

#include "ai/british/pagano_british.h"
#include "ai/doctrine/pagano/pagano_doctrine.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/pagano.h"
#include "engine/rulesets/pagano/state.h"
#include "gtest/gtest.h"
#include "tests/rules/pagano/pagano_test_util.h"

namespace impi::pagano {
namespace {

using testing::Brit;
using testing::EmptyTable;
using testing::Induna;
using testing::Isigaba;
using testing::kSouth;

const PaganoRuleset& Rules() {
  static const PaganoRuleset rules;
  return rules;
}

BattleState Post() {
  BattleState s = EmptyTable();
  for (int i = 0; i < 6; ++i) s.units.push_back(Brit("r" + std::to_string(i), 22 + 3 * i, 11));
  s.units.push_back(Brit("surgeon", 30, 4, UnitKind::kSurgeon));
  s.units.push_back(Isigaba("z1", 20, 40, kSouth));
  s.units.push_back(Isigaba("z2", 34, 30, kSouth));
  s.units.push_back(Induna("induna", 30, 46));
  MutableOwnState(s).month = 1;
  return s;
}

// The isigaba advances on the British figure nearest it.
TEST(PaganoDoctrine, AnIsigabaAdvancesOnTheNearestFigure) {
  BattleState s = Post();
  Dice dice = Dice::Seeded(1);
  EventLog log;
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  const std::vector<Action> legal = Rules().LegalActions(s, Side::kZulu);
  ai::PaganoDoctrine doctrine;
  std::string why;
  const Action& a = legal[doctrine.Choose(s, legal, dice, &why)];
  EXPECT_EQ(a.kind, ActionKind::kMove);
  EXPECT_EQ(a.to, Vec2(22, 11));  // r0, the nearest to z1 at (20, 40)
  EXPECT_NE(why.find("advances on r0"), std::string::npos) << why;
}

// A spent isigaba (8 figures or fewer) goes prone where it is.
TEST(PaganoDoctrine, ASpentIsigabaGoesProne) {
  BattleState s = Post();
  s.units[7].figures.fit = 8;
  s.units[7].figures.casualties = 12;
  Dice dice = Dice::Seeded(1);
  EventLog log;
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  const std::vector<Action> legal = Rules().LegalActions(s, Side::kZulu);
  ai::PaganoDoctrine doctrine;
  const Action& a = legal[doctrine.Choose(s, legal, dice, nullptr)];
  EXPECT_EQ(a.kind, ActionKind::kStance);
  EXPECT_EQ(a.stance, Stance::kProne);
}

// Whole battles, RULES against the scripted British: each ends, every
// state valid, within the last turn.
TEST(PaganoDoctrine, BattlesOfTheDoctrineAndTheScriptedBritishEnd) {
  ai::PaganoDoctrine zulu;
  ai::PaganoBritish british;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    BattleState s = Post();
    Dice dice = Dice::Seeded(seed);
    EventLog log(EventLog::kQuiet);
    ASSERT_TRUE(Rules().Run(s, dice, log).ok());
    int step = 0;
    for (; step < 5000 && !Rules().IsOver(s); ++step) {
      const Awaiting a = Rules().AwaitsBrief(s);
      const std::vector<Action> legal = Rules().LegalActions(s, a.side);
      ASSERT_FALSE(legal.empty());
      Policy& p = a.side == Side::kZulu ? static_cast<Policy&>(zulu) : static_cast<Policy&>(british);
      const int i = p.Choose(s, legal, dice, nullptr);
      const absl::Status st = Rules().Apply(s, a.side, legal[i], dice, log, "a", "");
      ASSERT_TRUE(st.ok()) << "seed " << seed << " step " << step << ": " << st;
      ASSERT_TRUE(Rules().Run(s, dice, log).ok());
      ASSERT_TRUE(Rules().Validate(s).ok()) << Rules().Validate(s);
    }
    EXPECT_TRUE(Rules().IsOver(s)) << "seed " << seed;
    EXPECT_NE(OutcomeOf(s), Outcome::kNone);
  }
}

}  // namespace
}  // namespace impi::pagano
