// Whole battles of C. Pagano's d10 rules: 200 seeded battles of each
// built-in scenario (engine/rulesets/pagano/scenarios.h), the RULES Zulu
// (ai/doctrine/pagano/) against the scripted British
// (ai/british/pagano_british.h), with the rules' invariants checked at
// every step, and through `impi simulate --ruleset pagano`.
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "clients/cli/simulate.h"
#include "engine/core/dice.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/morale.h"
#include "engine/rulesets/pagano/pagano.h"
#include "engine/rulesets/pagano/state.h"
#include "gtest/gtest.h"

namespace impi::pagano {
namespace {

constexpr double kSlack = 1e-6;

// Whether `u` stands on the table as a body another may not enter: not a
// casualty lying beside the medical corps, not an induna (who passes among
// his izigaba), not a wagon (the scenarios build them into walls).
bool Body(const Unit& u) {
  return InTheBattle(u) && u.figures.seriously_wounded == 0 && u.kind != UnitKind::kInduna &&
         u.kind != UnitKind::kWagon;
}

// What must hold after every step of a battle.
void CheckInvariants(const Ruleset& rules, const BattleState& start, const BattleState& s, int step) {
  ASSERT_TRUE(rules.Validate(s).ok()) << "step " << step << ": " << rules.Validate(s);
  ASSERT_EQ(s.units.size(), start.units.size());
  const PaganoState* own = OwnState(s);
  ASSERT_NE(own, nullptr);
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    const Unit& u0 = start.units[i];
    // Figures never negative; figures are lost, never made.
    ASSERT_GE(u.figures.fit, 0) << u.id.str();
    ASSERT_GE(u.figures.wounded, 0) << u.id.str();
    ASSERT_GE(u.figures.casualties, 0) << u.id.str();
    EXPECT_EQ(u.figures.fit + u.figures.wounded + u.figures.seriously_wounded + u.figures.casualties,
              u0.figures.fit + u0.figures.wounded + u0.figures.seriously_wounded + u0.figures.casualties)
        << u.id.str();
    if (!u.off_table) {
      EXPECT_GE(u.position.x(), -kSlack) << u.id.str();
      EXPECT_LE(u.position.x(), s.table.width + kSlack) << u.id.str();
      EXPECT_GE(u.position.y(), -kSlack) << u.id.str();
      EXPECT_LE(u.position.y(), s.table.height + kSlack) << u.id.str();
    }
    // "At the end of movement each isigaba must occupy a frontage of at
    // least 4"."
    if (IsIsigaba(u) && InTheBattle(u)) {
      EXPECT_GE(FrontageOf(s, u), kMinFrontage - kSlack) << u.id.str();
    }
    // Casualties only where the medical corps can take them: beside him
    // ("placed alongside the medical corps figure"), at most three a turn;
    // one left behind in the Brit movement phase is eliminated at its end.
    if (u.side == Side::kBritish && !u.off_table && u.figures.seriously_wounded > 0 &&
        PhaseOf(s) != Phase::kBritMovement) {
      bool beside = false;
      for (const Unit& m : s.units) {
        beside |= m.kind == UnitKind::kSurgeon && InTheBattle(m) && Gap(s, m, u) <= kAlongside + kSlack;
      }
      EXPECT_TRUE(beside) << "step " << step << ": casualty " << u.id.str() << " is not beside the medical corps";
    }
    const PaganoUnit* e = UnitState(s, u);
    if (e != nullptr) {
      EXPECT_LE(e->casualties_this_turn, 3) << u.id.str();
      EXPECT_GE(e->lost_since_morale, 0) << u.id.str();
    }
  }
  // No interpenetration: "Zulu isigaba may not interpenetrate each other";
  // nobody stands inside another's footprint (contact, a gap of 0, only).
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& a = s.units[i];
    if (!Body(a)) continue;
    for (size_t j = i + 1; j < s.units.size(); ++j) {
      const Unit& b = s.units[j];
      if (!Body(b)) continue;
      // The British among themselves may stand base to base (they are
      // placed, and fall back, as figures).
      if (!IsIsigaba(a) && !IsIsigaba(b)) continue;
      const Footprint fa = FootprintOf(s, a), fb = FootprintOf(s, b);
      if (Distance(fa.centre, fb.centre) > BoundingRadius(fa) + BoundingRadius(fb)) continue;  // far apart
      ASSERT_GE(Gap(fa, fb), -kSlack) << "step " << step << ": " << a.id.str() << " overlaps " << b.id.str();
    }
  }
}

void PlayBattles(const std::string& scenario, int games) {
  const Ruleset& rules = *FindRuleset(kRulesetId);
  absl::StatusOr<BattleState> built = rules.Scenario(scenario);
  ASSERT_TRUE(built.ok()) << built.status();
  const BattleState start = *built;
  std::map<Outcome, int> outcomes;
  double british_lost = 0, zulu_lost = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games); ++seed) {
    absl::StatusOr<Game> g = Game::Start(rules, start, seed);
    ASSERT_TRUE(g.ok()) << g.status();
    std::unique_ptr<Policy> zulu = MakePolicy(kRulesetId, Side::kZulu, PolicySpec{});
    std::unique_ptr<Policy> british = MakePolicy(kRulesetId, Side::kBritish, PolicySpec{});
    ASSERT_NE(zulu, nullptr);
    ASSERT_NE(british, nullptr);
    Dice none = Dice::Seeded(seed, 99);
    int steps = 0;
    while (!g->IsOver()) {
      ASSERT_LT(++steps, 20000) << "seed " << seed << " runs away";
      const std::vector<Action> legal = g->LegalActions();
      ASSERT_FALSE(legal.empty());
      Policy& p = g->ToAct() == Side::kZulu ? *zulu : *british;
      const int i = p.Choose(g->state(), legal, none, nullptr);
      ASSERT_GE(i, 0);
      ASSERT_LT(i, static_cast<int>(legal.size()));
      ASSERT_TRUE(g->ApplyLegal(legal, i).ok()) << g->status();
      CheckInvariants(rules, start, g->state(), steps);
      if (::testing::Test::HasFatalFailure() || ::testing::Test::HasNonfatalFailure()) {
        ADD_FAILURE() << scenario << " seed " << seed;
        return;
      }
    }
    const Outcome o = OutcomeOf(g->state());
    EXPECT_NE(o, Outcome::kNone) << "seed " << seed;
    ++outcomes[o];
    const GameReport r = rules.Report(start, g->state());
    british_lost += r.british.lost;
    zulu_lost += r.zulu.lost;
  }
  std::cout << "PAGANO_D10 " << scenario << ", " << games << " battles: Zulu victory "
            << outcomes[Outcome::kZuluVictory] << ", British held " << outcomes[Outcome::kBritishHeld]
            << ", British decisive " << outcomes[Outcome::kBritishVictory] << "; figures lost a battle: British "
            << british_lost / games << ", Zulu " << zulu_lost / games << "\n";
}

TEST(PaganoBattles, TwoHundredSeededBattlesAtRorkesDriftKeepTheRulesAndEnd) { PlayBattles("rorkes_drift", 200); }

TEST(PaganoBattles, TwoHundredSeededBattlesAtIsandlwanaKeepTheRulesAndEnd) {
  PlayBattles("isandlwana_tactical", 200);
}

TEST(PaganoBattles, ImpiSimulatePlaysWholeBattles) {
  cli::SimulateOptions o;
  o.ruleset = "pagano";
  o.scenario = "rorkes_drift";
  o.games = 4;
  o.seed = 3;
  std::ostringstream out, err;
  ASSERT_EQ(cli::SimulateCommand(o, out, err), 0) << err.str() << out.str();
  EXPECT_NE(out.str().find("PAGANO_D10"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace impi::pagano
