// Whole skirmishes of Empress's "Damned Wobbly Gentlemen" at the drift
// (engine/scenarios/empress_drift.json): the RULES Zulu (ai/doctrine/empress/)
// against the scripted British (ai/british/empress_british.h), 200 seeded
// games with the rules' invariants checked at every step, and through
// `impi simulate --ruleset empress`.
#include <map>
#include <sstream>
#include <string>

#include "clients/cli/simulate.h"
#include "engine/core/dice.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"
#include "gtest/gtest.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::empress {
namespace {

// What must hold after every step of a skirmish.
void CheckInvariants(const Ruleset& rules, const BattleState& start, const BattleState& s) {
  ASSERT_TRUE(rules.Validate(s).ok()) << rules.Validate(s);
  ASSERT_EQ(s.units.size(), start.units.size());
  const EmpressState* own = OwnState(s);
  ASSERT_NE(own, nullptr);
  EXPECT_LE(own->move, 12);
  for (const Unit& u : s.units) {
    const Unit& u0 = *start.FindUnit(u.id.str());
    ASSERT_GE(u.figures.fit, 0) << u.id;
    // Figures are lost, never made: fit and casualties add up to the start.
    EXPECT_EQ(u.figures.fit + u.figures.casualties, u0.figures.fit + u0.figures.casualties) << u.id;
    EXPECT_GE(u.position.x(), 0.0);
    EXPECT_LE(u.position.x(), s.table.width);
    EXPECT_GE(u.position.y(), 0.0);
    EXPECT_LE(u.position.y(), s.table.height);
    const EmpressUnit* e = UnitState(s, u.id.str());
    if (e == nullptr) continue;
    EXPECT_GE(e->tests_in_a_row, e->failures_in_a_row) << u.id << ": more failures than tests in a row";
    EXPECT_LE(e->retire_moves_left, 2) << u.id;
    // Units that may not choose have no order of their own.
    if (e->pinned || e->Retiring() || e->routing) {
      EXPECT_FALSE(e->ordered) << u.id;
    }
    // Regular British foot and artillery never rout; Zulus retire unless caught.
    if (u.kind == UnitKind::kInfantry || u.kind == UnitKind::kGatling || u.kind == UnitKind::kGun) {
      EXPECT_FALSE(e->routing) << u.id;
      EXPECT_EQ(e->retire_moves_left, 0) << u.id;
    }
    if (u.kind == UnitKind::kRegiment && e->Retiring()) {
      EXPECT_TRUE(e->never_fire) << u.id;
    }
    EXPECT_EQ(u.status.pinned, e->pinned) << u.id;
  }
}

TEST(EmpressSkirmish, TwoHundredSeededSkirmishesKeepTheRulesAndEnd) {
  const Ruleset& rules = *FindRuleset(kRulesetId);
  const BattleState start = LoadScenario("empress");
  ASSERT_EQ(start.ruleset, kRulesetId);
  std::map<Outcome, int> outcomes;
  int fired_never_again = 0, standing_changed = 0, limbered = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    absl::StatusOr<Game> g = Game::Start(rules, start, seed);
    ASSERT_TRUE(g.ok()) << g.status();
    std::unique_ptr<Policy> zulu = MakePolicy(kRulesetId, Side::kZulu, PolicySpec{});
    std::unique_ptr<Policy> british = MakePolicy(kRulesetId, Side::kBritish, PolicySpec{});
    ASSERT_NE(zulu, nullptr);
    ASSERT_NE(british, nullptr);
    Dice none = Dice::Seeded(seed, 99);
    int steps = 0;
    while (!g->IsOver()) {
      ASSERT_LT(++steps, 2000) << "seed " << seed << " runs away";
      const std::vector<Action> legal = g->LegalActions();
      ASSERT_FALSE(legal.empty());
      Policy& p = g->ToAct() == Side::kZulu ? *zulu : *british;
      const int i = p.Choose(g->state(), legal, none, nullptr);
      ASSERT_GE(i, 0);
      ASSERT_LT(i, static_cast<int>(legal.size()));
      // COMMAND: only the senior commander or his aide changes a standing order.
      if (legal[i].kind == ActionKind::kOrder) {
        ++standing_changed;
        const Unit* c = g->state().FindUnit(legal[i].unit_id);
        ASSERT_NE(c, nullptr);
        EXPECT_NE(CommandOf(g->state(), *c), Command::kNone);
        EXPECT_EQ(UnitState(g->state(), c->id.str())->attached_to, legal[i].target_id);
      }
      limbered += legal[i].kind == ActionKind::kLimber;
      ASSERT_TRUE(g->ApplyLegal(legal, i).ok()) << g->status();
      CheckInvariants(rules, start, g->state());
      if (::testing::Test::HasFatalFailure()) return;
    }
    const Outcome o = OutcomeOf(g->state());
    EXPECT_NE(o, Outcome::kNone) << "seed " << seed;
    ++outcomes[o];
    for (const Unit& u : g->state().units) {
      const EmpressUnit* e = UnitState(g->state(), u.id.str());
      fired_never_again += e != nullptr && e->never_fire;
    }
  }
  std::cout << "EMPRESS_DWG at the drift, 200 skirmishes: Zulu decisive " << outcomes[Outcome::kZuluDecisive]
            << ", Zulu minor " << outcomes[Outcome::kZuluMinor] << ", draw " << outcomes[Outcome::kDraw]
            << ", British minor " << outcomes[Outcome::kBritishMinor] << ", British decisive "
            << outcomes[Outcome::kBritishDecisive] << "; units that may never fire again at the end "
            << fired_never_again << "; standing orders changed " << standing_changed << ", guns limbered "
            << limbered << "\n";
  // The British officer orders a wavering unit that was to attack to hold.
  EXPECT_GT(standing_changed, 0);
  EXPECT_EQ(limbered, 0);  // the scripted British keep the Gatling firing
  // Morale bites: some Zulu units retire for good in 200 skirmishes.
  EXPECT_GT(fired_never_again, 0);
  // Neither side wins every skirmish.
  EXPECT_LT(outcomes[Outcome::kZuluDecisive] + outcomes[Outcome::kZuluMinor], 200);
  EXPECT_LT(outcomes[Outcome::kBritishDecisive] + outcomes[Outcome::kBritishMinor], 200);
}

TEST(EmpressSkirmish, ImpiSimulatePlaysWholeSkirmishes) {
  cli::SimulateOptions o;
  o.ruleset = "empress";
  o.scenario = "drift";
  o.games = 6;
  o.seed = 3;
  std::ostringstream out, err;
  ASSERT_EQ(cli::SimulateCommand(o, out, err), 0) << err.str() << out.str();
  EXPECT_NE(out.str().find("EMPRESS_DWG"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace impi::empress
