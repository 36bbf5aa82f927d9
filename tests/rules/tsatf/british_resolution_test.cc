// The engine resolving the British side of a Zulu Control game
// (engine/rulesets/tsatf/british_resolution.h). None of these tables is in
// the source text (003_8a310c3200cb6fb0.txt has only the Zulu Control
// variant, not the TSATF core rules): each test names the designed row it
// checks, and every explanation must say "designed: not in the source text".
#include <cmath>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/tables.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "engine/game/umpire.h"
#include "gmock/gmock.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/rules/tsatf/test_actions.h"
#include "tests/rules/tsatf/worked_example_state.h"

namespace impi::tsatf {
namespace {

using ::testing::HasSubstr;
using testing::Of;
using testing::Script;

void ExpectDesigned(const Explanation& why, const char* table) {
  EXPECT_TRUE(why.rule.designed);
  EXPECT_EQ(why.rule.table, table);
  EXPECT_EQ(why.rule.section, kSectionDesigned);
  EXPECT_THAT(why.text, HasSubstr("designed: not in the source text"));
}

std::vector<int> Faces(std::vector<std::pair<int, int>> runs) {
  std::vector<int> out;
  for (auto [face, n] : runs) out.insert(out.end(), n, face);
  return out;
}

// A state that resolves the British side: the worked example's table in the
// fire phase, a red card turned, b1 at (20, 10).
BattleState Resolving() {
  BattleState s = testing::WorkedExampleState();
  s.parameters.push_back({kResolveBritishParam, 1});
  s.clock.phase = Phase::kFire;
  tsatf::MutableDeck(s).current_card = CardColor::kRed;
  tsatf::MutableDeck(s).red_left = 2;
  tsatf::MutableDeck(s).black_left = 3;
  return s;
}

Unit* Find(BattleState& s, const std::string& id) { return s.FindUnit(id); }

// --- Designed: British fire -------------------------------------------------

// Designed row: "one D6 a die: N or more = a hit (a 6 always hits)".
TEST(DesignedBritishFire, CountsDiceAtOrOverTheScoreNeeded) {
  Dice dice = Dice::Scripted({5, 4, 6, 1, 5});
  FireInput in;
  in.dice = 5;
  in.needed = 5;
  in.max_hits = 20;
  in.purpose = "test";
  Explanation why;
  EXPECT_EQ(FireHits(dice, in, kTableBritishFire, &why), 3);
  ExpectDesigned(why, kTableBritishFire);
  EXPECT_EQ(why.rule.row, "one D6 a die: 5 or more = a hit (a 6 always hits)");
  ASSERT_EQ(why.dice.size(), 1u);
  EXPECT_EQ(why.dice[0].count, 5);
}

// Designed: "a 6 always hits", and no more hits than the target has figures.
TEST(DesignedBritishFire, SixAlwaysHitsAndHitsAreCappedByTheTarget) {
  Dice dice = Dice::Scripted({6, 6, 6, 5});
  FireInput in;
  in.dice = 4;
  in.needed = 7;  // mounted at long range into cover
  in.max_hits = 2;
  Explanation why;
  EXPECT_EQ(FireHits(dice, in, kTableBritishFire, &why), 2);
  EXPECT_EQ(why.rule.row, "one D6 a die: 6 or more = a hit (a 6 always hits)");
}

// Designed: one die a figure; 5+ within 12", 6 within 24", nothing beyond;
// native foot a die per 2 figures; mounted +1; a gun 6 dice to 48"; cover +1.
TEST(DesignedBritishFire, DiceAndScoreByUnitRangeAndCover) {
  BattleState s = testing::WorkedExampleState();
  Unit target = s.units.back();
  for (const Unit& u : s.units) {
    if (u.id == "z1r1") target = u;
  }
  const Unit inf = testing::British("b", UnitKind::kInfantry, 0, 0, true, 20);
  auto at = [&](Unit t, double x, double y) {
    t.position = Vec2(x, y);
    return t;
  };
  FireInput in;
  std::string reason;
  ASSERT_TRUE(BritishFireInput(s, inf, at(target, 10, 0), &in, &reason));
  EXPECT_EQ(in.dice, 20);
  EXPECT_EQ(in.needed, 5);
  ASSERT_TRUE(BritishFireInput(s, inf, at(target, 18, 0), &in, &reason));
  EXPECT_EQ(in.needed, 6);
  EXPECT_FALSE(BritishFireInput(s, inf, at(target, 30, 0), &in, &reason));
  EXPECT_THAT(reason, HasSubstr("beyond the range"));

  const Unit nnc = testing::British("n", UnitKind::kNativeFoot, 0, 0, false, 19);
  ASSERT_TRUE(BritishFireInput(s, nnc, at(target, 10, 0), &in, &reason));
  EXPECT_EQ(in.dice, 10);

  Unit cav = testing::British("c", UnitKind::kCavalry, 0, 0, false, 12);
  cav.stance = Stance::kMounted;
  ASSERT_TRUE(BritishFireInput(s, cav, at(target, 10, 0), &in, &reason));
  EXPECT_EQ(in.dice, 12);
  EXPECT_EQ(in.needed, 6);

  const Unit gun = testing::British("g", UnitKind::kGun, 0, 0, false, 4);
  ASSERT_TRUE(BritishFireInput(s, gun, at(target, 40, 0), &in, &reason));
  EXPECT_EQ(in.dice, 6);
  EXPECT_EQ(in.needed, 6);

  const Unit officer = testing::British("o", UnitKind::kOfficer, 0, 0, true, 1);
  EXPECT_FALSE(BritishFireInput(s, officer, at(target, 5, 0), &in, &reason));

  Terrain scrub;
  scrub.kind = TerrainKind::kScrub;
  scrub.cover_class = 2;
  scrub.outline = {Vec2(8, -2), Vec2(12, -2), Vec2(12, 2), Vec2(8, 2)};
  s.terrain.push_back(scrub);
  ASSERT_TRUE(BritishFireInput(s, inf, at(target, 10, 0), &in, &reason));
  EXPECT_EQ(in.needed, 6);
}

// The designed numbers are parameters of the table state.
TEST(DesignedBritishFire, ParametersOverrideTheDefaults) {
  BattleState s = testing::WorkedExampleState();
  s.parameters.push_back({kFireHitCloseParam, 3});
  s.parameters.push_back({kFireRangeParam, 40});
  const Unit inf = testing::British("b", UnitKind::kInfantry, 0, 0, true, 20);
  Unit target = testing::British("t", UnitKind::kInfantry, 10, 0, false, 20);
  FireInput in;
  std::string reason;
  ASSERT_TRUE(BritishFireInput(s, inf, target, &in, &reason));
  EXPECT_EQ(in.needed, 3);
  target.position = Vec2(35, 0);
  EXPECT_TRUE(BritishFireInput(s, inf, target, &in, &reason));
}

// --- Designed: Zulu fire ----------------------------------------------------

// Designed: a die per 2 figures; rifles hit on 6, thrown spears on 5.
TEST(DesignedZuluFire, RiflesAndSpears) {
  BattleState s = testing::WorkedExampleState();
  Unit rifles = testing::British("r", UnitKind::kRifleRegiment, 0, 0, false, 19);
  rifles.side = Side::kZulu;
  Unit spears = rifles;
  spears.kind = UnitKind::kSkirmishers;
  const Unit b = testing::British("b", UnitKind::kInfantry, 10, 0, true, 20);
  FireInput in = ZuluFireInput(s, rifles, b);
  EXPECT_EQ(in.dice, 10);
  EXPECT_EQ(in.needed, 6);
  in = ZuluFireInput(s, spears, b);
  EXPECT_EQ(in.needed, 5);
  Dice dice = Dice::Scripted(Faces({{5, 4}, {4, 6}}));
  Explanation why;
  EXPECT_EQ(FireHits(dice, in, kTableZuluFire, &why), 4);
  ExpectDesigned(why, kTableZuluFire);
}

// --- Designed: British test to stand and critical morale --------------------

// Designed rows: "3 or more = stands", "less than 3 = wavers"; +1 red coats,
// -1 native troops, -1 below half.
TEST(DesignedBritishTestToStand, TargetAndModifiers) {
  BattleState s = testing::WorkedExampleState();
  const Unit red = testing::British("b", UnitKind::kInfantry, 0, 0, true, 20);
  Unit nnc = testing::British("n", UnitKind::kNativeFoot, 0, 0, false, 20);
  for (int face = 1; face <= 6; ++face) {
    Dice d1 = Dice::Scripted({face});
    Explanation why;
    EXPECT_EQ(BritishTestToStand(d1, s, red, &why), face + 1 >= 3) << face;
    ExpectDesigned(why, kTableBritishStand);
    Dice d2 = Dice::Scripted({face});
    EXPECT_EQ(BritishTestToStand(d2, s, nnc, &why), face - 1 >= 3) << face;
  }
  nnc.status.below_half = true;
  Dice d3 = Dice::Scripted({4});
  Explanation why;
  EXPECT_FALSE(BritishTestToStand(d3, s, nnc, &why));  // 4 - 1 - 1 = 2
  EXPECT_EQ(why.rule.row, "less than 3 = wavers");
  s.parameters.push_back({kBritishStandTargetParam, 2});
  Dice d4 = Dice::Scripted({4});
  EXPECT_TRUE(BritishTestToStand(d4, s, nnc, &why));
}

// Designed rows: "4 or more = passes critical morale", "less than 4 =
// routs"; +1 red coats, -1 native troops.
TEST(DesignedBritishCriticalMorale, TargetAndModifiers) {
  BattleState s = testing::WorkedExampleState();
  const Unit red = testing::British("b", UnitKind::kInfantry, 0, 0, true, 20);
  const Unit nnc = testing::British("n", UnitKind::kNativeFoot, 0, 0, false, 20);
  const Unit cav = testing::British("c", UnitKind::kCavalry, 0, 0, false, 12);
  for (int face = 1; face <= 6; ++face) {
    Explanation why;
    Dice a = Dice::Scripted({face});
    EXPECT_EQ(BritishCriticalMorale(a, s, red, &why), face + 1 >= 4) << face;
    ExpectDesigned(why, kTableBritishMorale);
    Dice b = Dice::Scripted({face});
    EXPECT_EQ(BritishCriticalMorale(b, s, nnc, &why), face - 1 >= 4) << face;
    Dice c = Dice::Scripted({face});
    EXPECT_EQ(BritishCriticalMorale(c, s, cav, &why), face >= 4) << face;
  }
}

// --- Designed: close combat -------------------------------------------------

// Designed row: "each fight: a D6 a side with its modifiers; the lower loses
// a figure, a tie nobody"; fights = the fewer figures.
TEST(DesignedCloseCombat, PairsTheDiceWithTheirModifiers) {
  FightInput in;
  in.british_figures = 4;
  in.zulu_figures = 10;
  in.british_modifier = 1;
  in.zulu_modifier = 2;
  in.british_id = "b1";
  // British 6,3,2,5 (+1) against Zulu 1,2,1,4 (+2): 7-3, 4-4, 3-3, 6-6.
  Dice dice = Dice::Scripted({6, 3, 2, 5, 1, 2, 1, 4});
  Explanation why;
  FightResult r = CloseCombat(dice, in, &why);
  EXPECT_EQ(r.fights, 4);
  EXPECT_EQ(r.zulu_lost, 1);
  EXPECT_EQ(r.british_lost, 0);
  ExpectDesigned(why, kTableCloseCombat);
  ASSERT_EQ(why.dice.size(), 2u);
  // Zulu 6s against British 1s: the British lose every fight.
  Dice again = Dice::Scripted({1, 1, 1, 1, 6, 6, 6, 6});
  r = CloseCombat(again, in, &why);
  EXPECT_EQ(r.british_lost, 4);
  EXPECT_EQ(r.zulu_lost, 0);
}

// Designed modifiers: Zulu +1, +1 more with more figures in the fight; red
// coats +1; a wavering unit -1.
TEST(DesignedCloseCombat, Modifiers) {
  BattleState s = testing::WorkedExampleState();
  Unit red = testing::British("b", UnitKind::kInfantry, 0, 0, true, 20);
  FightInput in = CloseCombatInput(s, red, 40);
  EXPECT_EQ(in.british_modifier, 1);
  EXPECT_EQ(in.zulu_modifier, 2);
  in = CloseCombatInput(s, red, 20);
  EXPECT_EQ(in.zulu_modifier, 1);
  red.status.shaken = true;
  in = CloseCombatInput(s, red, 20);
  EXPECT_EQ(in.british_modifier, 0);
  s.parameters.push_back({kMeleeZuluBonusParam, 3});
  in = CloseCombatInput(s, red, 40);
  EXPECT_EQ(in.zulu_modifier, 4);
}

// --- The engine applying it ---------------------------------------------------

// With tsatf.resolve_british = 1 a FIRE carries no hits: the engine rolls
// 20 dice for b1's 20 figures at 10" (5 or more hits) and the regiment loses
// what they hit.
TEST(ResolvedBritishFire, TheEngineRollsTheHits) {
  BattleState s = Resolving();
  Find(s, "z1r1")->position = Vec2(20, 20);
  absl::StatusOr<StepResult> r = RunAdvance(s, {testing::Fire("b1", "z1r1", 0)}, PolicySpec{},
                                            Script(Faces({{5, 3}, {6, 3}, {2, 14}})));
  ASSERT_TRUE(r.ok()) << r.status();
  const Unit* z = r->state.FindUnit("z1r1");
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(z->figures.fit, 14);
  EXPECT_EQ(z->figures.casualties, 6);
  auto fired = Of(*r, EventKind::kFired);
  ASSERT_EQ(fired.size(), 1u);
  ExpectDesigned(fired[0]->why, kTableBritishFire);
  EXPECT_EQ(fired[0]->why.dice[0].count, 20);
  EXPECT_EQ(r->awaiting.kind, AwaitKind::kBritishFire);
  EXPECT_THAT(r->awaiting.prompt, HasSubstr("the engine rolls the hits"));
}

TEST(ResolvedBritishFire, TypedInHitsAndTargetsOutOfRangeAreRefused) {
  BattleState s = Resolving();
  Find(s, "z1r1")->position = Vec2(20, 20);
  absl::StatusOr<StepResult> r =
      RunAdvance(s, {testing::Fire("b1", "z1r1", 3)}, PolicySpec{}, Script({}));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("british_actions[0].hits"));
  r = RunAdvance(s, {testing::Fire("b1", "z2r1", 0)}, PolicySpec{}, Script({}));  // 30" and more
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("beyond the range"));
}

// Typed-in results stay the default: without the parameter a FIRE's hits
// are taken as given and no die is rolled.
TEST(ResolvedBritishFire, WithoutTheParameterHitsAreTypedIn) {
  BattleState s = testing::WorkedExampleState();
  s.clock = Resolving().clock;
  tsatf::MutableDeck(s) = tsatf::DeckOf(Resolving());
  Find(s, "z1r1")->position = Vec2(20, 20);
  absl::StatusOr<StepResult> r =
      RunAdvance(s, {testing::Fire("b1", "z1r1", 3)}, PolicySpec{}, Script({}));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->state.FindUnit("z1r1")->figures.fit, 17);
  EXPECT_TRUE(r->dice.empty());
}

// LegalActions offers FIRE without hits at the Zulus in range and sight.
TEST(ResolvedBritishFire, LegalActionsOfferEngineResolvedFire) {
  BattleState s = Resolving();
  Find(s, "z1r1")->position = Vec2(20, 20);
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  int fire = 0;
  for (const Action& a : rules.LegalActions(s, Side::kBritish)) {
    if (a.kind != ActionKind::kFire) continue;
    ++fire;
    EXPECT_EQ(a.hits, 0);
    const Unit* u = s.FindUnit(a.unit_id);
    const Unit* t = s.FindUnit(a.target_id);
    EXPECT_LE(Distance(u->position, t->position), 24.0) << a.unit_id << " " << a.target_id;
  }
  EXPECT_GT(fire, 0);
}

// The close combat phase with b1 and z1r1 in close combat.
BattleState InCloseCombat() {
  BattleState s = Resolving();
  s.clock.phase = Phase::kCloseCombat;
  tsatf::MutableDeck(s).current_card = CardColor::kUnspecified;
  Find(s, "z1r1")->position = Vec2(20, 13);
  Find(s, "z1r1")->status.in_close_combat = true;
  Find(s, "b1")->status.in_close_combat = true;
  return s;
}

// A close combat the British fight with CLOSE_COMBAT_RESULT: b1 (red coats,
// +1) against z1r1 (Zulu +1): 11 British 1s and 9 6s against 11 Zulu 6s and
// 9 1s: b1 loses 11 of 20, below half: critical morale, a 2 (+1 = 3) routs it.
TEST(ResolvedCloseCombat, FightsAndABritishUnitBelowHalfRouts) {
  BattleState s = InCloseCombat();
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  bool offered = false;
  for (const Action& a : rules.LegalActions(s, Side::kBritish)) {
    offered |= a.kind == ActionKind::kCloseCombatResult && a.unit_id == "b1";
  }
  EXPECT_TRUE(offered);
  Action fight;
  fight.kind = ActionKind::kCloseCombatResult;
  fight.unit_id = "b1";
  std::vector<int> faces = Faces({{1, 11}, {6, 9}, {6, 11}, {1, 9}, {2, 1}});
  absl::StatusOr<StepResult> r = RunAdvance(s, {fight}, PolicySpec{}, Script(faces));
  ASSERT_TRUE(r.ok()) << r.status();
  const Unit* b1 = r->state.FindUnit("b1");
  EXPECT_EQ(b1->figures.fit, 9);
  EXPECT_TRUE(b1->off_table);
  EXPECT_TRUE(b1->status.routed);
  EXPECT_EQ(r->state.FindUnit("z1r1")->figures.fit, 11);
  auto morale = Of(*r, EventKind::kMoraleTest);
  ASSERT_EQ(morale.size(), 1u);
  ExpectDesigned(morale[0]->why, kTableBritishMorale);
  EXPECT_EQ(morale[0]->side, Side::kBritish);
  EXPECT_FALSE(r->state.FindUnit("z1r1")->status.in_close_combat);  // its fight is over
}

// PASS in the close combat phase fights whatever is left: no fight goes
// unresolved.
TEST(ResolvedCloseCombat, PassFightsTheRest) {
  BattleState s = InCloseCombat();
  // 20 fights of 3 against 3 (+1 each): all ties, nobody lost; then the
  // engine plays on into the next turn and needs more dice than given.
  std::vector<int> faces = Faces({{3, 40}});
  Dice dice = Dice::Scripted(faces);
  EventLog log;
  BattleState t = s;
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  ASSERT_TRUE(rules.Apply(t, Side::kBritish, testing::Pass(), dice, log, "british_actions[0]", "").ok());
  EXPECT_EQ(t.clock.phase, Phase::kEndOfTurn);
  EXPECT_FALSE(t.FindUnit("b1")->status.in_close_combat);
  EXPECT_EQ(t.FindUnit("b1")->figures.fit, 20);
  EXPECT_EQ(dice.faces_used(), 40u);
}

// The close combat prompt says who fights whom.
TEST(ResolvedCloseCombat, ThePromptSaysWhoFightsWhom) {
  BattleState s = InCloseCombat();
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  const Awaiting a = rules.Awaits(s);
  EXPECT_EQ(a.kind, AwaitKind::kBritishCloseCombat);
  EXPECT_THAT(a.prompt, HasSubstr("close combat: b1 against z1r1."));
}

// Designed (the TSATF core rules are not in the text): a British unit in
// close combat does not walk away from it. On a red movement card it is not
// among the units that may move, LegalActions offers it no MOVE or CHARGE,
// and a MOVE or CHARGE of it is FAILED_PRECONDITION naming its foe.
TEST(ResolvedCloseCombat, AUnitInCloseCombatCannotMoveAway) {
  BattleState s = InCloseCombat();
  s.clock.phase = Phase::kMovement;
  tsatf::MutableDeck(s).current_card = CardColor::kRed;
  tsatf::MutableDeck(s).red_left = 2;
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  const Awaiting a = rules.Awaits(s);
  ASSERT_EQ(a.kind, AwaitKind::kBritishMove);
  EXPECT_THAT(a.unit_ids, ::testing::Not(::testing::Contains("b1")));
  EXPECT_THAT(a.unit_ids, ::testing::Contains("b2"));
  bool others_move = false;
  for (const Action& x : rules.LegalActions(s, Side::kBritish)) {
    EXPECT_NE(x.unit_id, "b1") << ActionKindName(x.kind);
    others_move |= x.kind == ActionKind::kMove;
  }
  EXPECT_TRUE(others_move);
  Action charge = testing::Charge("b1", "z1r2");
  for (const Action& x : {testing::Move("b1", 20, 4), charge}) {
    absl::StatusOr<StepResult> r = RunAdvance(s, {x}, PolicySpec{}, Script({}));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_THAT(r.status().message(), HasSubstr("british_actions[0].unit_id: b1 is in close combat with z1r1"));
  }
}

// The last red card: with every British unit moved (or none allowed by the
// movement limitation) nothing is left to move: the prompt says so and
// LegalActions offers PASS alone.
TEST(MovementLimitation, NoUnitLeftToMoveOffersOnlyPass) {
  for (int moves_left : {3, 0}) {
    BattleState s = Resolving();
    s.clock.phase = Phase::kMovement;
    tsatf::MutableDeck(s).red_left = 0;
    tsatf::MutableDeck(s).british_moves_left = moves_left;
    for (Unit& u : s.units) u.status.acted = u.side == Side::kBritish && moves_left > 0;
    const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
    const Awaiting a = rules.Awaits(s);
    ASSERT_EQ(a.kind, AwaitKind::kBritishMove);
    EXPECT_TRUE(a.unit_ids.empty());
    EXPECT_THAT(a.prompt, HasSubstr(moves_left > 0 ? "No British unit is left to move: PASS."
                                                   : "no more British units may move on this last "
                                                     "British card: PASS."));
    EXPECT_THAT(a.prompt, ::testing::Not(HasSubstr("Move British units")));
    const std::vector<Action> legal = rules.LegalActions(s, Side::kBritish);
    ASSERT_EQ(legal.size(), 1u);
    EXPECT_EQ(legal[0].kind, ActionKind::kPass);
  }
}

// An impi's charge that reaches a British unit makes it test to stand; one
// that fails wavers (-1 in the close combat).
TEST(ResolvedTestToStand, AChargedBritishUnitTests) {
  BattleState s = testing::WorkedExampleState();
  s.parameters.push_back({kResolveBritishParam, 1});
  // z1's three regiments 8" from b1, its target.
  for (Unit& u : s.units) {
    if (u.parent == "z1") u.position += Vec2(0, -22);
  }
  s.FindUnit("z1")->position = Vec2(20, 18);
  int tested = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Question q;
    q.kind = QuestionKind::kZuluMove;
    q.unit_id = "z1";
    DiceSpec d;
    d.seed = seed;
    absl::StatusOr<StepResult> r = RunAsk(s, q, PolicySpec{}, d);
    ASSERT_TRUE(r.ok()) << r.status();
    auto charged = Of(*r, EventKind::kCharged);
    auto stand = Of(*r, EventKind::kStandTest);
    EXPECT_EQ(charged.size(), stand.size()) << seed;
    for (const Event* e : stand) {
      ++tested;
      ExpectDesigned(e->why, kTableBritishStand);
      const Unit* b = r->state.FindUnit(e->unit_ids[0]);
      EXPECT_EQ(b->status.shaken, e->why.rule.row == "less than 3 = wavers");
    }
  }
  EXPECT_GT(tested, 0);
}

// --- Designed: British units on free ground (footprint.h) ---------------------

// A British movement state the engine resolves: the worked example's table,
// a red card turned.
BattleState BritishToMove() {
  BattleState s = Resolving();
  s.clock.phase = Phase::kMovement;
  return s;
}

// Designed (the manual says nothing of British units meeting friends): a
// move the engine offers onto another British unit stops short on its way,
// on free ground beside it; one past a friend to free ground goes there.
TEST(BritishFootprints, AMoveOntoAFriendEndsOnFreeGroundBesideIt) {
  const BattleState s = BritishToMove();
  const Unit& b1 = *s.FindUnit("b1");  // infantry at (20, 10), b2 at (26, 10): 1.5" radii
  const Vec2 end = BritishMoveEnd(s, b1, Vec2(26, 10));
  EXPECT_TRUE(ClearOfFriends(s, b1, end));
  EXPECT_NEAR(end.y(), 10.0, 1e-9);  // on its way
  EXPECT_GE(Distance(end, Vec2(26, 10)), 3.0 - 1e-6);
  EXPECT_LT(Distance(end, Vec2(26, 10)), 3.1 + 1e-6);  // beside b2: stopped within one 0.1" try
  std::string near;
  EXPECT_FALSE(ClearOfFriends(s, b1, Vec2(26, 10), &near));
  EXPECT_EQ(near, "b2");
  // Past b2 to free ground: only where it ends is checked.
  EXPECT_EQ(BritishMoveEnd(s, b1, Vec2(29, 14)), Vec2(29, 14));
}

// The moves LegalActions offers: a friend standing where a move would end
// shortens that move, on its way, to free ground beside the friend.
TEST(BritishFootprints, OfferedMovesEndOnNoFriend) {
  BattleState s = BritishToMove();
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  Vec2 first;
  bool found = false;
  for (const Action& a : rules.LegalActions(s, Side::kBritish)) {
    if (a.kind == ActionKind::kMove && a.unit_id == "b1") {
      first = a.to;
      found = true;
      break;
    }
  }
  ASSERT_TRUE(found);
  const Vec2 from = s.FindUnit("b1")->position;
  s.FindUnit("c1")->position = first;  // a friend where b1's first move ended
  bool shortened = false;
  for (const Action& a : rules.LegalActions(s, Side::kBritish)) {
    if (a.kind != ActionKind::kMove) continue;
    const Unit& u = *s.FindUnit(a.unit_id);
    std::string near;
    EXPECT_TRUE(ClearOfFriends(s, u, a.to, &near)) << a.unit_id << " onto " << near;
    EXPECT_TRUE(ClearOfZulus(s, u, a.to)) << a.unit_id;
    if (a.unit_id == "b1" && Distance(a.to, from) < Distance(first, from) - 1.0) {
      const Vec2 way = (first - from).normalized(), went = (a.to - from).normalized();
      const double off_the_way = std::abs(way.x() * went.y() - way.y() * went.x());
      shortened |= off_the_way < 1e-6 && Distance(a.to, first) < 1.5 + 2.0 + 0.1 + 1e-6;
    }
  }
  EXPECT_TRUE(shortened) << "b1's move stops beside c1 (radii 1.5\" and 2\")";
}

// Designed: a charge ends in contact (3" centre to centre) on the side the
// charger comes from; a friend already there puts it in contact beside him.
TEST(BritishFootprints, AChargeEndsInContactBesideAFriendAlreadyThere) {
  BattleState s = BritishToMove();
  Find(s, "z1r1")->position = Vec2(26, 16);
  Find(s, "b2")->position = Vec2(26, 4);   // charges up: straight contact at (26, 13)
  Find(s, "b1")->position = Vec2(26, 10.5);  // 2.5" from that spot
  absl::StatusOr<StepResult> r =
      RunAdvance(s, {testing::Charge("b2", "z1r1")}, PolicySpec{}, Script({}));
  ASSERT_TRUE(r.ok()) << r.status();
  const Unit* b2 = r->state.FindUnit("b2");
  const Unit* b1 = r->state.FindUnit("b1");
  const Unit* z = r->state.FindUnit("z1r1");
  EXPECT_TRUE(b2->status.in_close_combat);
  EXPECT_NEAR(Distance(b2->position, z->position), 3.0, 1e-6);
  EXPECT_GE(Distance(b2->position, b1->position), 3.0 - 1e-6);
  EXPECT_LT(Distance(b2->position, b1->position), 3.2);  // the nearest such spot
  // With nobody in the way, straight on.
  s.FindUnit("b1")->position = Vec2(20, 10);
  EXPECT_EQ(ChargeContact(s, *s.FindUnit("b2"), Vec2(26, 16), kContact), Vec2(26, 13));
}

// A MOVE typed by a player is applied as typed, on a friend too: where the
// British stand at a real table is the players' doing.
TEST(BritishFootprints, ATypedMoveOntoAFriendIsTakenAsMade) {
  BattleState s = BritishToMove();
  absl::StatusOr<StepResult> r = RunAdvance(s, {testing::Move("b1", 25, 10)}, PolicySpec{}, Script({}));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->state.FindUnit("b1")->position, Vec2(25, 10));
}

// --- Parameters ----------------------------------------------------------------

TEST(ZuluControlParameters, ValidateChecksNamesAndRanges) {
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  BattleState s = testing::WorkedExampleState();
  for (const ParameterSpec& p : ZuluControlParameters()) {
    s.parameters = {{p.name, p.fallback}};
    EXPECT_TRUE(rules.Validate(s).ok()) << p.name << ": " << rules.Validate(s);
    s.parameters = {{p.name, p.high + 1}};
    absl::Status st = rules.Validate(s);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << p.name;
    EXPECT_THAT(std::string(st.message()), HasSubstr("state.parameters[0].value")) << p.name;
  }
  s.parameters = {{"tsatf.no_such_thing", 1}};
  EXPECT_THAT(std::string(rules.Validate(s).message()), HasSubstr("state.parameters[0].name"));
  s.parameters = {{kResolveBritishParam, 0.5}};
  EXPECT_FALSE(rules.Validate(s).ok());
}

// A regiment's parent must be an impi: the error names the field.
TEST(ZuluControlValidation, ARegimentOutsideAnImpiNamesItsParent) {
  const Ruleset& rules = *FindRuleset("TSATF_ZULU_CONTROL");
  BattleState s = testing::WorkedExampleState();
  Unit r;
  r.id = "r_lost";
  r.side = Side::kZulu;
  r.kind = UnitKind::kRegiment;
  r.figures.fit = 20;
  r.position = Vec2(10, 10);
  r.parent = "nobody";
  s.units.push_back(r);
  const absl::Status st = rules.Validate(s);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(st.message()),
              HasSubstr(absl::StrCat("state.units[", s.units.size() - 1,
                                     "].parent: a REGIMENT belongs to an IMPI unit; 'nobody'")));
}

}  // namespace
}  // namespace impi::tsatf
