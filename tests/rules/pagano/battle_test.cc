// Pagano's battle as a game (pagano.h): the eight phases in order, who
// decides what, the end, and whole battles played by random choices with
// the invariants held at every step.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/missile.h"
#include "engine/rulesets/pagano/pagano.h"
#include "engine/rulesets/pagano/question.h"
#include "engine/rulesets/pagano/state.h"
#include "tests/rules/pagano/pagano_test_util.h"

namespace impi::pagano {
namespace {

using testing::Brit;
using testing::EmptyTable;
using testing::Induna;
using testing::Isigaba;
using testing::kNorth;
using testing::kSouth;

// A small post: six rankers and an officer behind a barricade, a medical
// corps behind them, three izigaba and an induna to the north.
BattleState SmallBattle() {
  BattleState s = EmptyTable();
  Terrain wall;
  wall.id = "mealie_bags";
  wall.kind = TerrainKind::kBarricade;
  wall.open = true;
  wall.outline = {Vec2(20, 12), Vec2(40, 12)};
  s.terrain.push_back(wall);
  for (int i = 0; i < 6; ++i) s.units.push_back(Brit("r" + std::to_string(i), 22 + 3 * i, 11));
  s.units.push_back(Brit("officer", 30, 8, UnitKind::kOfficer));
  s.units.push_back(Brit("surgeon", 30, 4, UnitKind::kSurgeon));
  s.units.push_back(Isigaba("z1", 20, 40, kSouth));
  s.units.push_back(Isigaba("z2", 30, 42, kSouth));
  s.units.push_back(Isigaba("z3", 40, 40, kSouth));
  s.units.push_back(Induna("induna", 30, 46));
  MutableOwnState(s).month = 1;
  return s;
}

const PaganoRuleset& Rules() {
  static const PaganoRuleset rules;
  return rules;
}

TEST(PaganoBattle, SmallBattleIsValid) { EXPECT_TRUE(Rules().Validate(SmallBattle()).ok()); }

// SEQUENCE of PLAY: "1) Zulu Movement 2) Brit Missile Fire ...": the
// first decision is the first isigaba's move, the Zulus' one at a time.
TEST(PaganoBattle, Sequence_000_TheFirstDecisionIsTheZuluMovement) {
  BattleState s = SmallBattle();
  Dice dice = Dice::Seeded(1);
  EventLog log;
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  EXPECT_EQ(PhaseOf(s), Phase::kZuluMovement);
  const Awaiting a = Rules().Awaits(s);
  EXPECT_EQ(a.kind, AwaitKind::kZuluDecision);
  ASSERT_EQ(a.unit_ids.size(), 1u);
  EXPECT_EQ(a.unit_ids[0].str(), "z1");
  const std::vector<Action> legal = Rules().LegalActions(s, Side::kZulu);
  ASSERT_FALSE(legal.empty());
  for (const Action& x : legal) EXPECT_EQ(x.unit_id.str(), "z1");
  EXPECT_TRUE(Rules().LegalActions(s, Side::kBritish).empty());
  // A kind of action these rules do not have is malformed.
  Action charge = legal[0];
  charge.kind = ActionKind::kCharge;
  const absl::Status bad = Rules().Apply(s, Side::kZulu, charge, dice, log, "a", "");
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StartsWith(bad.message(), "a.kind: ")) << bad;
  // Another isigaba's action is not taken out of turn, and nothing changes.
  Action other = legal[0];
  other.unit_id = "z2";
  EXPECT_EQ(Rules().Apply(s, Side::kZulu, other, dice, log, "a", "").code(), absl::StatusCode::kFailedPrecondition);
}

// After every Zulu unit has moved, the British fire: each figure with a
// target in range decides; a PASS naming no unit ends the phase.
TEST(PaganoBattle, Sequence_000_TheBritishFireAfterTheZulusMove) {
  BattleState s = SmallBattle();
  // The izigaba within the Martini-Henry's 45".
  Dice dice = Dice::Seeded(2);
  EventLog log;
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  for (int i = 0; i < 4; ++i) {  // three izigaba and the induna hold
    const std::vector<Action> legal = Rules().LegalActions(s, Side::kZulu);
    ASSERT_FALSE(legal.empty());
    ASSERT_EQ(legal[0].kind, ActionKind::kPass);
    ASSERT_TRUE(Rules().Apply(s, Side::kZulu, legal[0], dice, log, "a", "").ok());
    ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  }
  EXPECT_EQ(PhaseOf(s), Phase::kBritMissileFire);
  const Awaiting a = Rules().Awaits(s);
  EXPECT_EQ(a.side, Side::kBritish);
  EXPECT_EQ(a.kind, AwaitKind::kBritishFire);
  // LegalActions lists the first figure's options and the PASS that ends
  // the phase; each awaited figure's own are its UnitOptions.
  const std::vector<Action> legal = Rules().LegalActions(s, Side::kBritish);
  ASSERT_FALSE(legal.empty());
  EXPECT_EQ(legal.back().kind, ActionKind::kPass);
  EXPECT_TRUE(legal.back().unit_id.empty());
  std::set<std::string> firers;
  std::vector<Action> mine;
  for (const SharedString& id : a.unit_ids) {
    UnitOptions(s, s.UnitIndex(id), &mine);
    for (const Action& x : mine) {
      if (x.kind == ActionKind::kFire) firers.insert(x.unit_id.str());
    }
  }
  // The six rankers and the officer's pistol (9": out of range) and no fire
  // by the medical corps ("excluding non-combatants and medical corps").
  EXPECT_EQ(firers, (std::set<std::string>{"r0", "r1", "r2", "r3", "r4", "r5"}));
  Action end;
  end.kind = ActionKind::kPass;
  ASSERT_TRUE(Rules().Apply(s, Side::kBritish, end, dice, log, "british_actions[0]", "").ok());
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  // No isigaba lost a figure: the morale phase has nothing to roll, the
  // induna nobody to direct; the Zulu melee none; the British move next.
  EXPECT_EQ(PhaseOf(s), Phase::kBritMovement);
  EXPECT_EQ(Rules().Awaits(s).kind, AwaitKind::kBritishMove);
}

// Plays PASS (the phase-ending one for the British) until `phase` is
// reached with a decision awaited in it, or the battle ends.
void PassUntil(BattleState& s, Phase phase, Dice& dice, EventLog& log) {
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  for (int i = 0; i < 500 && !Rules().IsOver(s) && PhaseOf(s) != phase; ++i) {
    const Awaiting a = Rules().AwaitsBrief(s);
    const std::vector<Action> legal = Rules().LegalActions(s, a.side);
    ASSERT_FALSE(legal.empty());
    size_t pick = 0;
    for (size_t k = 0; k < legal.size(); ++k) {
      if (legal[k].kind == ActionKind::kPass) pick = k;  // the last PASS: the phase-ending one
    }
    ASSERT_TRUE(Rules().Apply(s, a.side, legal[pick], dice, log, "a", "").ok());
    ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  }
}

// "NNC move and fire as Zulus but during the Brit phases": the NNC isigaba
// takes no part in the Zulu Movement; in the Brit Missile Fire phase it
// fires at its closest target (its rifleman, its spears in range).
TEST(PaganoBattle, Nnc_000_MoveAndFireAsZulusButDuringTheBritPhases) {
  BattleState s = SmallBattle();
  Unit nnc = Isigaba("nnc", 30, 20, kNorth);
  nnc.kind = UnitKind::kNativeFoot;
  nnc.side = Side::kBritish;
  s.units.push_back(nnc);
  Dice dice = Dice::Seeded(3);
  EventLog log;
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  ASSERT_EQ(PhaseOf(s), Phase::kZuluMovement);
  for (const SharedString& id : Rules().Awaits(s).unit_ids) EXPECT_NE(id.str(), "nnc");
  PassUntil(s, Phase::kBritMissileFire, dice, log);
  std::vector<Action> mine;
  UnitOptions(s, s.UnitIndex(std::string("nnc")), &mine);
  ASSERT_EQ(mine.size(), 2u);  // PASS, and its rifle at the closest target
  EXPECT_EQ(mine[1].kind, ActionKind::kFire);
  const Unit& me = *s.FindUnit(std::string("nnc"));
  ASSERT_NE(ClosestTarget(s, me), nullptr);
  EXPECT_EQ(mine[1].target_id, ClosestTarget(s, me)->id);
  EXPECT_EQ(ClosestTarget(s, me)->side, Side::kZulu);
  // Its spears within their 3" ("Zulu Throwing Spears 3 2 6+"): offered
  // once its closest target is that near, and "once during the battle":
  // thrown, not offered again.
  const auto spears_offered = [&] {
    UnitOptions(s, s.UnitIndex(std::string("nnc")), &mine);
    for (const Action& a : mine) {
      if (a.kind == ActionKind::kFire && a.point == 1) return true;
    }
    return false;
  };
  EXPECT_FALSE(spears_offered()) << "out of the spears' range";
  Unit& near = *s.FindUnit(ClosestTarget(s, me)->id.str());
  const Vec2 was = near.position;
  for (double dy = 12; dy >= 1 && Gap(s, me, near) > 2.5; dy -= 0.5) near.position = me.position + Vec2(0, dy);
  ASSERT_LE(Gap(s, me, near), 3.0);
  ASSERT_EQ(ClosestTarget(s, me), &near);
  EXPECT_TRUE(spears_offered()) << "within 3\" and not yet thrown";
  MutableUnitState(s, me).spears_thrown = true;
  EXPECT_FALSE(spears_offered()) << "spears offered twice";
  near.position = was;
  PassUntil(s, Phase::kBritMovement, dice, log);
  UnitOptions(s, s.UnitIndex(std::string("nnc")), &mine);
  bool moves = false;
  for (const Action& a : mine) moves |= a.kind == ActionKind::kMove;
  EXPECT_TRUE(moves) << "the NNC move in the Brit movement phase";
}

// 7) Zulu Missile Fire: "Regular izigaba roll one d 10 each turn for every
// rifleman", rolled "the first time it fires" (designed: an isigaba fires
// whenever its closest target is in range).
TEST(PaganoBattle, ZuluMissileFire_000_EveryIsigabaInRangeFiresItsRiflemen) {
  BattleState s = SmallBattle();
  Dice dice = Dice::Seeded(4);
  EventLog log;
  PassUntil(s, Phase::kBritMovement, dice, log);
  PassUntil(s, Phase::kZuluMovement, dice, log);  // through phases 6-8 to turn 2
  ASSERT_FALSE(Rules().IsOver(s)) << OutcomeName(OutcomeOf(s)) << " turn " << s.clock.turn;
  EXPECT_EQ(s.clock.turn, 2);
  int fired = 0;
  for (const Event& e : log.events()) {
    if (e.kind == EventKind::kFired && e.side == Side::kZulu) ++fired;
  }
  // All three izigaba are within the rifles' 36" of a ranker.
  EXPECT_EQ(fired, 3);
  for (const char* id : {"z1", "z2", "z3"}) {
    const Unit& z = *s.FindUnit(std::string(id));
    EXPECT_GE(UnitState(s, z)->riflemen_rolled, 0) << id;
  }
}

// 3) Zulu Morale: an isigaba that lost a figure rolls; the induna within
// reach may direct it first ("each induna may direct one isigaba").
TEST(PaganoBattle, ZuluMorale_000_TheIndunaDirectsAnIsigabaDueItsRoll) {
  BattleState s = SmallBattle();
  s.units[s.UnitIndex(std::string("z2"))].figures.fit = 17;
  s.units[s.UnitIndex(std::string("z2"))].figures.casualties = 3;
  MutableUnitState(s, *s.FindUnit(std::string("z2"))).lost_since_morale = 3;
  Dice dice = Dice::Seeded(5);
  EventLog log;
  PassUntil(s, Phase::kZuluMorale, dice, log);
  ASSERT_EQ(PhaseOf(s), Phase::kZuluMorale);
  const Awaiting a = Rules().Awaits(s);
  ASSERT_EQ(a.kind, AwaitKind::kZuluDecision);
  EXPECT_EQ(a.unit_ids.at(0).str(), "induna");
  const std::vector<Action> legal = Rules().LegalActions(s, Side::kZulu);
  ASSERT_EQ(legal.size(), 2u);  // PASS, or direct z2 (the only one due)
  EXPECT_EQ(legal[1].kind, ActionKind::kOrder);
  EXPECT_EQ(legal[1].target_id.str(), "z2");
  const size_t before = log.size();
  ASSERT_TRUE(Rules().Apply(s, Side::kZulu, legal[1], dice, log, "a", "the doctrine's reason").ok());
  EXPECT_TRUE(log.events()[before].decision);
  EXPECT_EQ(log.events()[before].why.text, "the doctrine's reason");
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  bool rolled = false;
  for (size_t i = before; i < log.size(); ++i) rolled |= log.events()[i].kind == EventKind::kMoraleTest;
  EXPECT_TRUE(rolled);
  EXPECT_EQ(UnitState(s, *s.FindUnit(std::string("z2")))->lost_since_morale, 0) << "the markers removed";
}

// The battle's length (designed: the parameter pagano.last_turn): after
// its last turn the British have held.
TEST(PaganoBattle, Victory_Designed_AfterTheLastTurnTheBritishHaveHeld) {
  BattleState s = SmallBattle();
  s.parameters.push_back(Parameter{kLastTurnParameter, 1});
  ASSERT_TRUE(Rules().Validate(s).ok());
  Dice dice = Dice::Seeded(6);
  EventLog log;
  PassUntil(s, Phase::kZuluMovement, dice, log);  // through turn 1 to its end
  for (int i = 0; i < 100 && !Rules().IsOver(s); ++i) PassUntil(s, Phase::kBritMelee, dice, log), PassUntil(s, Phase::kZuluMovement, dice, log);
  ASSERT_TRUE(Rules().IsOver(s));
  EXPECT_EQ(s.clock.turn, 1);
  EXPECT_EQ(OutcomeOf(s), Outcome::kBritishHeld);
  EXPECT_EQ(Rules().Score(s, Side::kBritish), 0.5);
  EXPECT_EQ(Rules().Awaits(s).kind, AwaitKind::kGameOver);
  EXPECT_TRUE(Rules().LegalActions(s, Side::kZulu).empty());
  Action pass;
  pass.kind = ActionKind::kPass;
  EXPECT_EQ(Rules().Apply(s, Side::kBritish, pass, dice, log, "a", "").code(), absl::StatusCode::kFailedPrecondition);
}

// No British figure standing: the Zulus have won (designed).
TEST(PaganoBattle, Victory_Designed_NoBritishFigureStandingIsAZuluVictory) {
  BattleState s = SmallBattle();
  for (Unit& u : s.units) {
    if (u.side == Side::kBritish) {
      u.figures.fit = 0;
      u.figures.casualties = 1;
    }
  }
  s.units[0].figures.fit = 1;
  s.units[0].figures.casualties = 0;
  ASSERT_EQ(OutcomeOf(s), Outcome::kNone);
  s.units[0].figures.fit = 0;
  s.units[0].figures.casualties = 1;
  EXPECT_EQ(OutcomeOf(s), Outcome::kZuluVictory);
  Dice dice = Dice::Seeded(7);
  EventLog log;
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  EXPECT_TRUE(Rules().IsOver(s));
  EXPECT_EQ(Rules().Score(s, Side::kZulu), 1.0);
}

// Ask: ZULU MORALE of one isigaba, in the Zulu Morale phase; the answer is
// its roll; the markers go.
TEST(PaganoBattle, Ask_000_AnIsigabasMoraleRollInTheMoralePhase) {
  BattleState s = SmallBattle();
  Unit& z2 = s.units[s.UnitIndex(std::string("z2"))];
  z2.figures.fit = 12;
  z2.figures.casualties = 8;
  MutableUnitState(s, z2).lost_since_morale = 8;
  Dice dice = Dice::Seeded(8);
  EventLog log;
  int decision = 0;
  // Not in the morale phase: the question does not apply.
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  EXPECT_EQ(Rules().Ask(s, Question{QuestionKind::kMorale, "z2"}, dice, log, &decision).code(),
            absl::StatusCode::kFailedPrecondition);
  PassUntil(s, Phase::kZuluMorale, dice, log);
  ASSERT_EQ(PhaseOf(s), Phase::kZuluMorale);
  const absl::Status bad = Rules().Ask(s, Question{QuestionKind::kMorale, ""}, dice, log, &decision);
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find("pagano.morale.unit_id"), absl::string_view::npos) << bad;
  const absl::Status not_due = Rules().Ask(s, Question{QuestionKind::kMorale, "z1"}, dice, log, &decision);
  EXPECT_EQ(not_due.code(), absl::StatusCode::kFailedPrecondition) << "z1 lost nobody: it does not roll";
  EXPECT_TRUE(absl::StartsWith(not_due.message(), "pagano.morale.unit_id: ")) << not_due;
  ASSERT_TRUE(Rules().Ask(s, Question{QuestionKind::kMorale, "z2"}, dice, log, &decision).ok());
  ASSERT_GE(decision, 0);
  EXPECT_EQ(log.events()[decision].kind, EventKind::kMoraleTest);
  EXPECT_EQ(UnitState(s, *s.FindUnit(std::string("z2")))->lost_since_morale, 0);
  if (UnitState(s, *s.FindUnit(std::string("z2")))->stayed) {
    const Awaiting a = Rules().Awaits(s);
    EXPECT_EQ(a.kind, AwaitKind::kZuluDecision);
    EXPECT_EQ(a.unit_ids.at(0).str(), "z2") << "its Stayed choice is settled next";
  }
}

// Ask: the riflemen roll, "the first time it fires", once.
TEST(PaganoBattle, Ask_000_AnIsigabasRiflemenRolledOnce) {
  BattleState s = SmallBattle();
  Dice dice = Dice::Scripted({9});  // January: 9-10, 2 riflemen
  EventLog log;
  int decision = -1;
  ASSERT_TRUE(Rules().Ask(s, Question{QuestionKind::kRiflemen, "z1"}, dice, log, &decision).ok());
  ASSERT_GE(decision, 0);
  EXPECT_EQ(s.FindUnit(std::string("z1"))->figures.riflemen, 2);
  EXPECT_EQ(UnitState(s, *s.FindUnit(std::string("z1")))->riflemen_rolled, 2);
  EXPECT_EQ(Rules().Ask(s, Question{QuestionKind::kRiflemen, "z1"}, dice, log, &decision).code(),
            absl::StatusCode::kFailedPrecondition);
}

// Ask: a casualty's medical roll in the Brit Medical phase: "on a 8- 10 it
// is 'wounded'".
TEST(PaganoBattle, Ask_000_ACasualtysMedicalRoll) {
  BattleState s = SmallBattle();
  Unit& r0 = s.units[0];
  r0.figures.fit = 0;
  r0.figures.seriously_wounded = 1;
  r0.position = s.FindUnit(std::string("surgeon"))->position;
  MutableOwnState(s).phase = Phase::kBritMedical;
  ASSERT_TRUE(Rules().Validate(s).ok());
  Dice dice = Dice::Scripted({9});
  EventLog log;
  int decision = -1;
  EXPECT_EQ(Rules().Ask(s, Question{QuestionKind::kMedical, "r1"}, dice, log, &decision).code(),
            absl::StatusCode::kFailedPrecondition) << "r1 is no casualty";
  ASSERT_TRUE(Rules().Ask(s, Question{QuestionKind::kMedical, "r0"}, dice, log, &decision).ok());
  ASSERT_GE(decision, 0);
  EXPECT_EQ(s.units[0].figures.wounded, 1);
  EXPECT_EQ(s.units[0].figures.seriously_wounded, 0);
}

// Ask: which isigaba an induna directs is the Zulu side's decision, awaited
// next; one decision is settled at a time (the umpire runs between).
TEST(PaganoBattle, Ask_000_WhichIsigabaAnIndunaDirects) {
  BattleState s = SmallBattle();
  s.units.push_back(Induna("induna2", 20, 46));
  MutableUnitState(s, *s.FindUnit(std::string("z3"))).lost_since_morale = 1;
  s.units[s.UnitIndex(std::string("z3"))].figures.fit = 19;
  s.units[s.UnitIndex(std::string("z3"))].figures.casualties = 1;
  Dice dice = Dice::Seeded(9);
  EventLog log;
  PassUntil(s, Phase::kZuluMorale, dice, log);
  ASSERT_EQ(Rules().Awaits(s).unit_ids.at(0).str(), "induna");
  int decision = 0;
  ASSERT_TRUE(Rules().Ask(s, Question{QuestionKind::kDirection, "induna2"}, dice, log, &decision).ok());
  EXPECT_EQ(decision, -1) << "the answer is the decision the Zulu side makes next";
  EXPECT_EQ(Rules().Awaits(s).unit_ids.at(0).str(), "induna2");
  const std::vector<Action> legal = Rules().LegalActions(s, Side::kZulu);
  ASSERT_TRUE(Rules().Apply(s, Side::kZulu, legal.back(), dice, log, "a", "").ok());
  EXPECT_EQ(Rules().Awaits(s).kind, AwaitKind::kUmpire);
  EXPECT_TRUE(Rules().LegalActions(s, Side::kZulu).empty());
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  EXPECT_EQ(Rules().Awaits(s).unit_ids.at(0).str(), "induna");
}

// "A gattling gun may split its fire between two adjacent izigaba": a
// FIRE with `point` 2, the odd die at the first.
TEST(PaganoBattle, GatlingSplit_000_AGatlingMaySplitItsFireBetweenTwoAdjacentIzigaba) {
  BattleState s = EmptyTable();
  s.units.push_back(Brit("gatling", 30, 10, UnitKind::kGatling));
  for (int i = 0; i < 3; ++i) s.units.push_back(Brit("crew" + std::to_string(i), 27 + 3 * i, 8));
  s.units.push_back(Isigaba("z1", 25, 30, kSouth));
  s.units.push_back(Isigaba("z2", 40, 30, kSouth));  // moved beside z1 below
  s.units.push_back(Isigaba("z3", 60, 40, kSouth));
  PaganoState& own = MutableOwnState(s);
  own.phase = Phase::kBritMissileFire;
  own.stage = Stage::kDecide;
  for (int i = 1; i <= 3; ++i) {
    PaganoUnit& e = MutableUnitState(s, s.units[i]);
    e.category = BritCategory::kArtilleryCrew;
    e.crew_of = 0;
  }
  // z2 within 1" of z1, edge to edge.
  s.units[5].position.x() = s.units[4].position.x() + FrontageOf(s, s.units[4]) + 0.5;
  ASSERT_LE(Gap(s, s.units[4], s.units[5]), kAdjacentIzigaba);
  ASSERT_TRUE(Rules().Validate(s).ok()) << Rules().Validate(s);
  std::vector<Action> mine;
  UnitOptions(s, 0, &mine);
  const Action* split = nullptr;
  for (const Action& a : mine) {
    if (a.kind == ActionKind::kFire && a.point == 2) {
      EXPECT_NE(a.target_id.str(), "z3") << "z3 has no isigaba beside it";
      if (a.target_id.str() == "z1") split = &a;
    }
  }
  ASSERT_NE(split, nullptr);
  Dice dice = Dice::Scripted({5, 6, 7});  // the Gattling Gun's 4+: three eliminations
  EventLog log;
  ASSERT_TRUE(Rules().Apply(s, Side::kBritish, *split, dice, log, "british_actions[0]", "").ok());
  EXPECT_EQ(s.units[4].figures.fit, 18) << "two dice at z1";
  EXPECT_EQ(s.units[5].figures.fit, 19) << "one at z2";
  EXPECT_EQ(s.units[6].figures.fit, 20);
  EXPECT_TRUE(s.units[0].status.fired);
}

// Invariants of every step (the battle's own): figures never negative, an
// isigaba never above twenty, one figure to a British unit, and the state
// valid.
void CheckInvariants(const BattleState& s, int step) {
  ASSERT_TRUE(Rules().Validate(s).ok()) << "step " << step << ": " << Rules().Validate(s);
  for (const Unit& u : s.units) {
    ASSERT_GE(u.figures.fit, 0) << u.id.str();
    ASSERT_GE(u.figures.casualties, 0) << u.id.str();
    if (IsIsigaba(u)) {
      ASSERT_LE(u.figures.fit + u.figures.casualties, kIsigabaFigures);
    }
  }
  // Zulu izigaba do not interpenetrate ("Zulu isigaba may not
  // interpenetrate each other during movement").
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& a = s.units[i];
    if (a.kind != UnitKind::kIsigaba || !InTheBattle(a)) continue;
    for (size_t j = i + 1; j < s.units.size(); ++j) {
      const Unit& b = s.units[j];
      if (b.kind != UnitKind::kIsigaba || !InTheBattle(b)) continue;
      ASSERT_GE(Gap(s, a, b), -1e-6) << "step " << step << ": " << a.id.str() << " and " << b.id.str();
    }
  }
}

// Random play from the small battle ends, every state valid, in each seed.
TEST(PaganoBattle, RandomBattlesEnd) {
  int zulu_wins = 0, british = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    BattleState s = SmallBattle();
    Dice dice = Dice::Seeded(seed);
    CounterRng rng(seed, 7);
    EventLog log(EventLog::kQuiet);
    ASSERT_TRUE(Rules().Run(s, dice, log).ok());
    int step = 0;
    for (; step < 20000 && !Rules().IsOver(s); ++step) {
      const Awaiting a = Rules().AwaitsBrief(s);
      ASSERT_TRUE(a.side == Side::kZulu || a.side == Side::kBritish) << "step " << step;
      const std::vector<Action> legal = Rules().LegalActions(s, a.side);
      ASSERT_FALSE(legal.empty()) << "step " << step;
      const Action& x = legal[rng.Uniform(legal.size())];
      const absl::Status st = Rules().Apply(s, a.side, x, dice, log, "a", "");
      ASSERT_TRUE(st.ok()) << "seed " << seed << " step " << step << ": " << st;
      ASSERT_TRUE(Rules().Run(s, dice, log).ok());
      CheckInvariants(s, step);
    }
    ASSERT_TRUE(Rules().IsOver(s)) << "seed " << seed;
    EXPECT_LE(s.clock.turn, LastTurn(s));
    const Outcome o = OutcomeOf(s);
    EXPECT_NE(o, Outcome::kNone);
    zulu_wins += o == Outcome::kZuluVictory;
    british += o != Outcome::kZuluVictory;
  }
  EXPECT_EQ(zulu_wins + british, 60);
}

}  // namespace
}  // namespace impi::pagano
