// The scripted British patrol for Zulu Control (ai/british/tsatf_patrol.h):
// each choice of the script on a small table.
#include "ai/british/tsatf_patrol.h"

#include <string>
#include <vector>

#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/victory.h"
#include "gtest/gtest.h"
#include "tests/rules/tsatf/worked_example_state.h"

namespace impi::ai {
namespace {

const Ruleset& Rules() { return *FindRuleset("TSATF_ZULU_CONTROL"); }

// The worked example's table, the ford (appearance point 1 at (40, 24)) the
// objective, the engine resolving the British side; z1 and z2 far off.
BattleState Table() {
  BattleState s = tsatf::testing::WorkedExampleState();
  s.parameters.push_back({tsatf::kObjectiveParam, 1});
  s.parameters.push_back({tsatf::kResolveBritishParam, 1});
  tsatf::MutableDeck(s).current_card = CardColor::kRed;
  tsatf::MutableDeck(s).red_left = 2;
  return s;
}

Action Pick(const BattleState& s, std::string* why = nullptr) {
  ScriptedPatrol p;
  Dice dice = Dice::Scripted({});
  const std::vector<Action> options = Rules().LegalActions(s, Side::kBritish);
  EXPECT_FALSE(options.empty());
  return options[p.Choose(s, options, dice, why)];
}

TEST(ScriptedPatrol, AdvancesOnTheObjective) {
  BattleState s = Table();
  std::string why;
  const Action a = Pick(s, &why);
  ASSERT_EQ(a.kind, ActionKind::kMove);
  const Unit* u = s.FindUnit(a.unit_id);
  const Vec2 ford(40, 24);
  EXPECT_LT(Distance(a.to, ford), Distance(u->position, ford) - 0.5);
  EXPECT_NE(why.find("advances on the objective"), std::string::npos) << why;
}

TEST(ScriptedPatrol, HoldsWithZulusClose) {
  BattleState s = Table();
  // Every unit has a Zulu regiment 5" away: nobody advances, the card passes.
  int n = 0;
  for (const Unit b : s.units) {
    if (b.side != Side::kBritish) continue;
    Unit r = b;
    r.id = "zz" + std::to_string(++n);
    r.side = Side::kZulu;
    r.kind = UnitKind::kSkirmishers;
    r.red_coat = false;
    r.position = b.position + Vec2(0, 5);
    s.units.push_back(r);
  }
  EXPECT_EQ(Pick(s).kind, ActionKind::kPass);
}

// Once the objective is reached, a unit at the screen 5" from it stays: the
// card passes; nobody walks off the table.
TEST(ScriptedPatrol, HoldsTheObjectiveOnceThere) {
  BattleState s = Table();
  s.FindPoint(PointKind::kAppearance, 1)->state = PointState::kOccupied;
  for (Unit& u : s.units) {
    if (u.side == Side::kBritish && u.id != "c1") u.status.acted = true;
  }
  s.FindUnit("c1")->position = Vec2(40, 19);
  EXPECT_EQ(Pick(s).kind, ActionKind::kPass);
  Action off;
  off.kind = ActionKind::kMove;
  off.unit_id = "c1";
  off.off_table = true;
  Action pass;
  pass.kind = ActionKind::kPass;
  std::string why;
  EXPECT_LT(ScorePatrolOption(s, off, &why), ScorePatrolOption(s, pass, &why));
  // Farther out it closes in.
  s.FindUnit("c1")->position = Vec2(40, 8);
  const Action a = Pick(s);
  ASSERT_EQ(a.kind, ActionKind::kMove);
  EXPECT_LT(Distance(a.to, Vec2(40, 24)), 16.0 - 0.5);
}

TEST(ScriptedPatrol, FiresAtRegimentsBeforeLoneZulusAndNeverCharges) {
  BattleState s = Table();
  s.clock.phase = Phase::kFire;
  s.FindUnit("z1r1")->position = Vec2(20, 21);  // 11" from b1
  Unit lone;
  lone.id = "lz";
  lone.side = Side::kZulu;
  lone.kind = UnitKind::kLoneZulu;
  lone.figures.fit = 1;
  lone.position = Vec2(21, 14);  // 4" from b1
  s.units.push_back(lone);
  ScriptedPatrol p;
  Dice dice = Dice::Scripted({});
  std::vector<Action> options = Rules().LegalActions(s, Side::kBritish);
  bool lone_offered = false;
  for (const Action& o : options) lone_offered |= o.kind == ActionKind::kFire && o.target_id == "lz";
  EXPECT_TRUE(lone_offered);
  const Action a = options[p.Choose(s, options, dice, nullptr)];
  EXPECT_EQ(a.kind, ActionKind::kFire);
  EXPECT_EQ(a.target_id, "z1r1");
  std::string why;
  Action charge;
  charge.kind = ActionKind::kCharge;
  charge.unit_id = "b1";
  charge.target_id = "lz";
  Action pass;
  pass.kind = ActionKind::kPass;
  EXPECT_LT(ScorePatrolOption(s, charge, &why), ScorePatrolOption(s, pass, &why));
}

}  // namespace
}  // namespace impi::ai
