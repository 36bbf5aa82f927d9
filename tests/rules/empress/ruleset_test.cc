// EmpressRuleset (EMPRESS_DWG): the simultaneous move, movement, morale in a
// row, the safest route and the victory scale, through the game interface.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/rulesets/empress/empress_state.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/empress/question.h"
#include "engine/game/ruleset.h"
#include "gtest/gtest.h"
#include "tests/rules/empress/fixture.h"

namespace impi::empress {
namespace {

// A small skirmish: a company, a Gatling and irregular horse against three
// Zulu units with an induna and a witch doctor.
BattleState Skirmish() {
  BattleState s = Table();
  AddUnit(s, "b1", Side::kBritish, UnitKind::kInfantry, {30, 10}, 10);
  AddUnit(s, "b2", Side::kBritish, UnitKind::kGatling, {36, 10}, 4);
  AddUnit(s, "b3", Side::kBritish, UnitKind::kNativeHorse, {44, 12}, 5);
  AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {26, 30}, 10).figures.riflemen = 4;
  AddUnit(s, "z2", Side::kZulu, UnitKind::kRegiment, {36, 32}, 10).figures.riflemen = 4;
  AddUnit(s, "z3", Side::kZulu, UnitKind::kRegiment, {46, 30}, 10).figures.riflemen = 4;
  AddUnit(s, "z4", Side::kZulu, UnitKind::kInduna, {36, 35}, 1);
  AddUnit(s, "z5", Side::kZulu, UnitKind::kWitchDoctor, {37, 35}, 1);
  for (const char* z : {"z1", "z2", "z3"}) MutableUnitState(s, z).standing = Standing::kAttack;
  MutableUnitState(s, "b3").standing = Standing::kAttack;
  return s;
}

// Gives every awaited unit of the awaited side the option `pick` chooses
// among its own, in the unit sequence `ids` (all units needing orders).
void OrderAll(BattleState& s, const std::vector<std::string>& ids,
              size_t (*pick)(const std::vector<Action>&)) {
  Dice none = Dice::Scripted({});
  EventLog log(EventLog::kQuiet);
  for (const std::string& id : ids) {
    const Unit* u = s.FindUnit(id);
    ASSERT_NE(u, nullptr);
    if (!NeedsOrder(s, *u) || Rules().Awaits(s).side != u->side) continue;
    std::vector<Action> options = UnitOptions(s, *u);
    ASSERT_FALSE(options.empty()) << id;
    ASSERT_TRUE(Rules().Apply(s, u->side, options[pick(options)], none, log, "action", "").ok()) << id;
  }
}

// Plays one move: every unit awaiting an order holds, but `unit` takes
// `order` if given; then the umpire resolves the move.
void PlayMove(BattleState& s, Dice& dice, const Action* order = nullptr) {
  EventLog log(EventLog::kQuiet);
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  const int move = OwnState(s)->move;
  while (!Rules().IsOver(s) && OwnState(s)->move == move) {
    const Awaiting a = Rules().Awaits(s);
    for (const std::string& id : a.unit_ids) {
      Action hold;
      hold.kind = ActionKind::kPass;
      hold.unit_id = id;
      const Action& act = order != nullptr && order->unit_id == id ? *order : hold;
      ASSERT_TRUE(Rules().Apply(s, a.side, act, dice, log, "action", "").ok()) << id;
    }
    ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  }
}

size_t Last(const std::vector<Action>& o) { return o.size() - 1; }
size_t Second(const std::vector<Action>& o) { return std::min<size_t>(1, o.size() - 1); }

struct UnitSummary {
  std::string id;
  double x, y;
  int fit, casualties;
  bool off;
  EmpressUnit own;
  bool operator==(const UnitSummary& o) const {
    return id == o.id && x == o.x && y == o.y && fit == o.fit && casualties == o.casualties &&
           off == o.off && own == o.own;
  }
};

std::vector<UnitSummary> Summary(const BattleState& s) {
  std::vector<UnitSummary> out;
  for (const Unit& u : s.units) {
    const EmpressUnit* e = UnitState(s, u.id.str());
    out.push_back({u.id.str(), u.position.x(), u.position.y(), u.figures.fit, u.figures.casualties,
                   u.off_table, e != nullptr ? *e : EmpressUnit{}});
  }
  std::sort(out.begin(), out.end(), [](const UnitSummary& a, const UnitSummary& b) { return a.id < b.id; });
  return out;
}

// The bookkeeping's key order (IdLess, eight bytes at a time) is
// std::string's own, so the map iterates, and the wire and the hash read,
// in the same order as before: every pair of a set of ids with shared
// prefixes, lengths either side of 8 and 16, and bytes of 0x80 and above.
TEST(EmpressState, IdLessOrdersIdsAsStdString) {
  const std::vector<std::string> ids = {
      "", "a", "b", "z1", "z10", "z2", "z_regiment", "z_regiment_1", "z_regiment_10",
      "z_regiment_2", "z_regimenta", "z_regimenz", "abcdefgh", "abcdefgg", "abcdefghi",
      "abcdefghabcdefgh", "abcdefghabcdefgi", "abcdefghabcdefgh1", std::string("z\x80", 2),
      std::string("z\xff" "1", 3), std::string("abcdefg\x90", 8), std::string("abcdefg\x10", 8),
      std::string("\x00" "a", 2), std::string("\x00", 1)};
  const IdLess less;
  for (const std::string& a : ids) {
    for (const std::string& b : ids) {
      EXPECT_EQ(less(a, b), a < b) << "\"" << a << "\" < \"" << b << "\"";
    }
  }
}

TEST(EmpressMove_002, BothSidesOrderBeforeAnythingIsResolved) {
  BattleState s = Skirmish();
  Dice dice = Dice::Seeded(3);
  EventLog log(EventLog::kQuiet);
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  Awaiting a = Rules().Awaits(s);
  EXPECT_EQ(a.side, Side::kZulu);
  EXPECT_EQ(a.kind, AwaitKind::kZuluDecision);
  EXPECT_EQ(a.unit_ids.size(), 5u);
  EXPECT_TRUE(Rules().LegalActions(s, Side::kBritish).empty());
  const BattleState before = s;
  OrderAll(s, {"z1", "z2", "z3", "z4", "z5"}, Second);
  // Nothing moved yet: the Zulu orders wait for the British.
  for (size_t i = 0; i < s.units.size(); ++i) EXPECT_EQ(s.units[i].position, before.units[i].position);
  a = Rules().Awaits(s);
  EXPECT_EQ(a.side, Side::kBritish);
  EXPECT_EQ(a.kind, AwaitKind::kBritishMove);
  // The British view does not show the Zulu orders, only that they are fixed.
  BattleState view = Rules().View(s, Side::kBritish);
  EXPECT_TRUE(UnitState(view, "z1")->ordered);
  EXPECT_EQ(UnitState(view, "z1")->order.kind, OrderKind::kUnspecified);
  EXPECT_NE(UnitState(s, "z1")->order.kind, OrderKind::kUnspecified);
  // Orders are given once: a second order for z1 is refused, naming the field.
  Dice none = Dice::Scripted({});
  Action again;
  again.kind = ActionKind::kPass;
  again.unit_id = "z1";
  absl::Status refused = Rules().Apply(s, Side::kZulu, again, none, log, "action", "");
  EXPECT_EQ(refused.code(), absl::StatusCode::kFailedPrecondition) << refused;
  Action unknown;
  unknown.kind = ActionKind::kPass;
  unknown.unit_id = "b9";
  absl::Status bad = Rules().Apply(s, Side::kBritish, unknown, none, log, "british_actions[0]", "");
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find("british_actions[0].unit_id"), std::string::npos) << bad;
  OrderAll(s, {"b1", "b2", "b3"}, Second);
  EXPECT_EQ(Rules().Awaits(s).kind, AwaitKind::kUmpire);
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  EXPECT_EQ(OwnState(s)->move, 2);
  EXPECT_EQ(Rules().Awaits(s).side, Side::kZulu);
}

// ALL ACTION IS SIMULTANEOUS: the same orders and dice give the same move
// whatever the order of the units in the state and of the orders given.
TEST(EmpressMove_002, SameOrdersInAnyUnitOrderGiveTheSameMove) {
  for (size_t (*pick)(const std::vector<Action>&) : {Last, Second}) {
    BattleState a = Skirmish();
    BattleState b = Skirmish();
    std::reverse(b.units.begin(), b.units.end());
    Dice da = Dice::Seeded(17), db = Dice::Seeded(17);
    EventLog log(EventLog::kQuiet);
    for (int move = 0; move < 4 && !Rules().IsOver(a); ++move) {
      ASSERT_TRUE(Rules().Run(a, da, log).ok());
      ASSERT_TRUE(Rules().Run(b, db, log).ok());
      OrderAll(a, {"z1", "z2", "z3", "z4", "z5"}, pick);
      OrderAll(b, {"z5", "z4", "z3", "z2", "z1"}, pick);
      OrderAll(a, {"b1", "b2", "b3"}, pick);
      OrderAll(b, {"b3", "b1", "b2"}, pick);
      ASSERT_TRUE(Rules().Run(a, da, log).ok());
      ASSERT_TRUE(Rules().Run(b, db, log).ok());
      EXPECT_EQ(Summary(a), Summary(b)) << "move " << move;
      EXPECT_EQ(da.rolls().size(), db.rolls().size());
    }
    // The skirmish moved on: somebody moved or lost figures.
    bool changed = false;
    const BattleState start = Skirmish();
    for (const Unit& u : a.units) {
      const Unit* u0 = start.FindUnit(u.id.str());
      changed |= u.position != u0->position || u.figures.fit != u0->figures.fit;
    }
    EXPECT_TRUE(changed);
  }
}

TEST(EmpressMovement_002, ZulusMoveSixInchesAndTwoD6AndALinearObstacleRemovesOne) {
  for (bool wall : {false, true}) {
    BattleState s = Table();
    AddUnit(s, "b1", Side::kBritish, UnitKind::kInfantry, {36, 2}, 10);
    AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 40}, 10);
    MutableUnitState(s, "z1").standing = Standing::kAttack;
    if (wall) {
      Terrain& t = s.terrain.emplace_back();
      t.id = "wall";
      t.kind = TerrainKind::kWall;
      t.outline = {{0, 36}, {72, 36}};
      t.open = true;
    }
    Dice dice = Dice::Seeded(1);
    EventLog log(EventLog::kQuiet);
    ASSERT_TRUE(Rules().Run(s, dice, log).ok());
    std::vector<Action> z = UnitOptions(s, *s.FindUnit("z1"));
    auto advance = std::find_if(z.begin(), z.end(), [](const Action& a) { return a.kind == ActionKind::kMove && a.point == 0; });
    ASSERT_NE(advance, z.end());
    Dice none = Dice::Scripted({});
    ASSERT_TRUE(Rules().Apply(s, Side::kZulu, *advance, none, log, "a", "").ok());
    Action hold;
    hold.kind = ActionKind::kPass;
    hold.unit_id = "b1";
    ASSERT_TRUE(Rules().Apply(s, Side::kBritish, hold, none, log, "a", "").ok());
    // The Zulus' D6s: 3 and 4 (13"), or 3 alone over the wall (9"); then
    // the company fires ten 1s (no kill), and the Zulus, fired at, test
    // morale: their average die 4.
    std::vector<Dice::ScriptedDie> script = {{DieKind::kD, 3}};
    if (!wall) script.push_back({DieKind::kD, 4});
    for (int i = 0; i < 10; ++i) script.push_back({DieKind::kD, 1});
    script.push_back({DieKind::kAverage, 4});
    Dice scripted = Dice::ScriptedOfKind(script);
    ASSERT_TRUE(Rules().Run(s, scripted, log).ok());
    ASSERT_TRUE(scripted.status().ok()) << scripted.status();
    EXPECT_NEAR(s.FindUnit("z1")->position.y(), wall ? 40 - 9 : 40 - 13, 1e-9);
  }
}

// A Zulu unit that failed its test last move (pinned now) and fails again
// retires two moves away from the enemy and never fires again; one that
// passes is steady again. Over many seeds both happen, and never a second pin.
TEST(EmpressMorale_002, SecondFailureInARowRetiresTwoMovesAndNeverFiresAgain) {
  int retired = 0, passed = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    BattleState s = Table();
    AddUnit(s, "b1", Side::kBritish, UnitKind::kInfantry, {36, 10}, 10);
    AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 25}, 10);
    AddUnit(s, "z2", Side::kZulu, UnitKind::kRegiment, {70, 46}, 10);  // out of the fight
    EmpressUnit& z = MutableUnitState(s, "z1");
    z.married = true;
    z.pinned = true;
    z.tests_in_a_row = 1;
    z.failures_in_a_row = 1;
    Dice dice = Dice::Seeded(seed);
    EventLog log(EventLog::kQuiet);
    ASSERT_TRUE(Rules().Run(s, dice, log).ok());
    EXPECT_FALSE(NeedsOrder(s, *s.FindUnit("z1")));  // pinned: lies down, no order
    EXPECT_EQ(s.FindUnit("z1")->stance, Stance::kProne);
    PlayMove(s, dice);
    const EmpressUnit& after = *UnitState(s, "z1");
    if (!Active(*s.FindUnit("z1"))) continue;
    EXPECT_EQ(after.tests_in_a_row, 2);
    EXPECT_FALSE(after.pinned) << "seed " << seed;
    if (after.failures_in_a_row == 2) {
      ++retired;
      EXPECT_EQ(after.retire_moves_left, 2);
      EXPECT_TRUE(after.never_fire);
      EXPECT_TRUE(s.FindUnit("z1")->status.retiring);
      // Retiring: no orders, and it moves away from the company.
      EXPECT_FALSE(NeedsOrder(s, *s.FindUnit("z1")));
      const double before = Distance(s.FindUnit("z1")->position, s.FindUnit("b1")->position);
      PlayMove(s, dice);
      if (Active(*s.FindUnit("z1"))) {
        EXPECT_GT(Distance(s.FindUnit("z1")->position, s.FindUnit("b1")->position), before);
        // One move of the two gone, unless it failed a third test while
        // still under fire (which sends it two moves away again).
        const EmpressUnit& third = *UnitState(s, "z1");
        EXPECT_EQ(third.retire_moves_left, third.failures_in_a_row == 3 ? 2 : 1);
        EXPECT_TRUE(third.never_fire);
      }
    } else {
      ++passed;
      EXPECT_EQ(after.failures_in_a_row, 0);
      EXPECT_EQ(after.retire_moves_left, 0);
      EXPECT_FALSE(after.never_fire);
    }
  }
  EXPECT_GT(retired, 0);
  EXPECT_GT(passed, 0);
}

// A first failure pins Zulus: they lie down the following move.
TEST(EmpressMorale_002, FirstFailurePinsZulusForTheFollowingMove) {
  int pinned = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    BattleState s = Table();
    AddUnit(s, "b1", Side::kBritish, UnitKind::kInfantry, {36, 10}, 10);
    AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 22}, 10);
    MutableUnitState(s, "z1").married = true;
    Dice dice = Dice::Seeded(seed);
    PlayMove(s, dice);
    const EmpressUnit& z = *UnitState(s, "z1");
    if (!Active(*s.FindUnit("z1")) || z.failures_in_a_row == 0) continue;
    ++pinned;
    EXPECT_TRUE(z.pinned);
    EXPECT_EQ(z.retire_moves_left, 0);
    EXPECT_FALSE(NeedsOrder(s, *s.FindUnit("z1")));
  }
  EXPECT_GT(pinned, 0);
}

// Zulus caught retiring by charging Colonial cavalry: a failed test routs them.
TEST(EmpressMorale_002, ZulusCaughtRetiringByCavalryRoutOnAFailedTest) {
  int routed = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    BattleState s = Table();
    AddUnit(s, "b1", Side::kBritish, UnitKind::kNativeHorse, {36, 24}, 5);
    AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 30}, 10);
    MutableUnitState(s, "b1").standing = Standing::kAttack;
    EmpressUnit& z = MutableUnitState(s, "z1");
    z.retire_moves_left = 2;
    z.never_fire = true;
    z.tests_in_a_row = 2;
    z.failures_in_a_row = 2;
    Dice dice = Dice::Seeded(seed);
    Action charge;
    charge.kind = ActionKind::kCharge;
    charge.unit_id = "b1";
    charge.target_id = "z1";
    PlayMove(s, dice, &charge);
    const EmpressUnit& after = *UnitState(s, "z1");
    if (!Active(*s.FindUnit("z1"))) continue;
    if (after.failures_in_a_row == 3) {
      ++routed;
      EXPECT_TRUE(after.routing) << seed;
    } else {
      EXPECT_FALSE(after.routing) << seed;
    }
  }
  EXPECT_GT(routed, 0);
}

// The safest route to the nearest edge keeps farther from British fire than
// the straight line when that line passes a British unit it can avoid.
TEST(EmpressRoute_002, SafestRouteStaysFartherFromBritishFireThanTheStraightLine) {
  BattleState s = Table();
  s.table = {120, 48, 0, 0};
  AddUnit(s, "b1", Side::kBritish, UnitKind::kNativeHorse, {60, 4}, 5);  // carbines, 20"
  const Vec2 from(60, 14);
  const std::vector<Vec2> route = SafestRoute(s, Side::kZulu, from);
  ASSERT_EQ(route.size(), 2u);
  EXPECT_EQ(route.front(), from);
  EXPECT_NEAR(route.back().y(), 0.0, 1e-9);  // the nearest edge, y = 0
  const std::vector<Vec2> straight = {from, Vec2(60, 0)};
  EXPECT_GT(RouteClearance(s, Side::kZulu, route), RouteClearance(s, Side::kZulu, straight));
  // Farther from the horsemen at its closest than the straight line (which
  // runs through them).
  const Vec2 b = s.FindUnit("b1")->position;
  auto closest = [&](const std::vector<Vec2>& p) {
    double best = 1e9;
    for (double t = 0; t <= 1.0; t += 0.01) best = std::min(best, Distance(b, p[0] + t * (p[1] - p[0])));
    return best;
  };
  EXPECT_GT(closest(route), closest(straight) + 5.0);
  // With no enemy able to fire, the straight line is the shortest, and taken.
  s.units.clear();
  const std::vector<Vec2> free = SafestRoute(s, Side::kZulu, from);
  EXPECT_NEAR(free.back().x(), 60.0, 1e-9);
}

TEST(EmpressVictory_002, DecisiveWhenOneSideHasNoUnitLeftFighting) {
  BattleState s = Skirmish();
  EXPECT_EQ(OutcomeOf(s), Outcome::kNone);
  for (Unit& u : s.units) {
    if (u.side == Side::kBritish) {
      u.figures.casualties += u.figures.fit;
      u.figures.fit = 0;
    }
  }
  EXPECT_EQ(OutcomeOf(s), Outcome::kZuluDecisive);
  BattleState t = Skirmish();
  for (const char* z : {"z1", "z2", "z3"}) MutableUnitState(t, z).retire_moves_left = 2;
  MutableUnitState(t, "z3").routing = true;
  EXPECT_EQ(OutcomeOf(t), Outcome::kBritishDecisive);
}

TEST(EmpressVictory_002, TheObjectiveDecidesAtTheMoveLimit) {
  BattleState s = Skirmish();
  s.parameters = {{kMoveLimit, 1}, {kObjectiveX, 26}, {kObjectiveY, 30}, {kObjectiveRadius, 6}};
  Dice dice = Dice::Seeded(5);
  EventLog log(EventLog::kQuiet);
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  OrderAll(s, {"z1", "z2", "z3", "z4", "z5"}, [](const std::vector<Action>&) -> size_t { return 0; });
  OrderAll(s, {"b1", "b2", "b3"}, [](const std::vector<Action>&) -> size_t { return 0; });
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  ASSERT_TRUE(Rules().IsOver(s));
  EXPECT_EQ(Rules().Awaits(s).kind, AwaitKind::kGameOver);
  // z1 stood on the objective and no British unit came near it.
  if (Active(*s.FindUnit("z1")) && !UnitState(s, "z1")->Retiring()) {
    EXPECT_EQ(OutcomeOf(s), Outcome::kZuluMinor);
    EXPECT_EQ(Rules().Score(s, Side::kZulu), 0.5);
    EXPECT_EQ(Rules().Score(s, Side::kBritish), -0.5);
  }
}

TEST(EmpressValidate_002, RefusesUnitsAndParametersOfOtherRuleSets) {
  BattleState s = Skirmish();
  s.units[0].kind = UnitKind::kTray;
  absl::Status st = Rules().Validate(s);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("state.units[0].kind"), std::string::npos) << st;
  BattleState p = Skirmish();
  p.parameters = {{"tsatf.turn_limit", 3}};
  st = Rules().Validate(p);
  EXPECT_NE(st.message().find("state.parameters[0].name"), std::string::npos) << st;
  BattleState m = Skirmish();
  m.parameters = {{kMoveLimit, 0.5}};
  st = Rules().Validate(m);
  EXPECT_NE(st.message().find("state.parameters[0].value"), std::string::npos) << st;
}

}  // namespace
}  // namespace impi::empress

namespace impi::empress {
namespace {

absl::Status AskOf(BattleState& s, const Question& q, Dice& dice, EventLog& log, int* decision) {
  return Rules().Ask(s, q, dice, log, decision);
}

TEST(EmpressAsk_002, MoraleTestAppliesItsResultForTheNextMove) {
  int retired = 0, passed = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    BattleState s = Skirmish();
    EmpressUnit& z = MutableUnitState(s, "z2");
    z.tests_in_a_row = 1;
    z.failures_in_a_row = 1;
    Dice dice = Dice::Seeded(seed);
    EventLog log;
    int decision = -2;
    Question q{QuestionKind::kMoraleTest, "z2"};
    q.rocket = RocketEffect::kHit;
    ASSERT_TRUE(AskOf(s, q, dice, log, &decision).ok());
    ASSERT_GE(decision, 0);
    EXPECT_EQ(log.events()[decision].kind, EventKind::kMoraleTest);
    const EmpressUnit& after = *UnitState(s, "z2");
    EXPECT_EQ(after.tests_in_a_row, 2);
    if (after.failures_in_a_row == 2) {
      ++retired;
      EXPECT_EQ(after.retire_moves_left, 2);
      EXPECT_TRUE(after.never_fire);
    } else {
      ++passed;
      EXPECT_EQ(after.failures_in_a_row, 0);
    }
  }
  EXPECT_GT(retired, 0);
  EXPECT_GT(passed, 0);
}

TEST(EmpressAsk_002, EvasionMovesAZuluUnitAwayFromTheNearestEnemy) {
  BattleState s = Skirmish();
  const Vec2 before = s.FindUnit("z2")->position;
  const Vec2 enemy = s.FindUnit("b3")->position;  // the horse, 21.5" away: the nearest to z2
  Dice dice = Dice::ScriptedOfKind({{DieKind::kD, 2}, {DieKind::kD, 5}});
  EventLog log;
  int decision = -1;
  ASSERT_TRUE(AskOf(s, Question{QuestionKind::kEvasion, "z2"}, dice, log, &decision).ok());
  const Vec2 after = s.FindUnit("z2")->position;
  EXPECT_NEAR(Distance(before, after), 13.0, 1e-9);  // 6" + 2 + 5
  EXPECT_GT(Distance(after, enemy), Distance(before, enemy) + 12.9);
  absl::Status british = AskOf(s, Question{QuestionKind::kEvasion, "b1"}, dice, log, &decision);
  EXPECT_EQ(british.code(), absl::StatusCode::kFailedPrecondition) << british;
  absl::Status none = AskOf(s, Question{QuestionKind::kEvasion, ""}, dice, log, &decision);
  EXPECT_EQ(none.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(none.message().find("empress.evasion.unit_id"), std::string::npos) << none;
}

TEST(EmpressAsk_002, RocketDeviationAndRetireRouteAnswerWithoutChangingTheState) {
  BattleState s = Skirmish();
  AddUnit(s, "b4", Side::kBritish, UnitKind::kRockets, {20, 8}, 2);
  const BattleState before = s;
  Dice dice = Dice::ScriptedOfKind({{DieKind::kArrow, 4}, {DieKind::kD, 3}, {DieKind::kD, 4}});
  EventLog log;
  int decision = -1;
  Question q{QuestionKind::kRocketDeviation, "b4"};
  q.aim = Vec2(20, 28);
  ASSERT_TRUE(AskOf(s, q, dice, log, &decision).ok());
  const Event& e = log.events()[decision];
  ASSERT_EQ(e.path.size(), 3u);
  // Face 4: straight back along the line of fire, 7" short of the aim.
  EXPECT_NEAR(e.path[2].x(), 20.0, 1e-9);
  EXPECT_NEAR(Distance(e.path[2], q.aim), 7.0, 1e-9);
  EXPECT_LT(Distance(e.path[2], s.FindUnit("b4")->position), Distance(q.aim, s.FindUnit("b4")->position));
  // The route is asked of a unit retiring (or routing), as in play.
  EXPECT_EQ(AskOf(s, Question{QuestionKind::kRetireRoute, "z1"}, dice, log, &decision).code(),
            absl::StatusCode::kFailedPrecondition);
  MutableUnitState(s, "z1").retire_moves_left = 1;
  const BattleState retiring = s;
  ASSERT_TRUE(AskOf(s, Question{QuestionKind::kRetireRoute, "z1"}, dice, log, &decision).ok());
  EXPECT_TRUE(log.events()[decision].path.size() == 2u);
  EXPECT_EQ(Summary(s), Summary(retiring));
  MutableUnitState(s, "z1").retire_moves_left = 0;
  EXPECT_EQ(Summary(s), Summary(before));
  absl::Status not_rocket = AskOf(s, Question{QuestionKind::kRocketDeviation, "b1"}, dice, log, &decision);
  EXPECT_EQ(not_rocket.code(), absl::StatusCode::kFailedPrecondition);
}

TEST(EmpressAsk_002, GatlingBurstKillsAndJamsOnAOneOnTheLastDie) {
  BattleState s = Skirmish();
  // 8 dice at z2 (22" away, 21-30": kills on 5,6): 6 5 1 (forfeits two) 4 6 1.
  Dice dice = Dice::Scripted({6, 5, 1, 4, 6, 1});
  EventLog log;
  int decision = -1;
  Question q{QuestionKind::kGatlingBurst, "b2"};
  q.target_id = "z2";
  ASSERT_TRUE(AskOf(s, q, dice, log, &decision).ok()) << dice.status();
  ASSERT_TRUE(dice.status().ok()) << dice.status();
  EXPECT_EQ(s.FindUnit("z2")->figures.fit, 7);  // 6, 5 and 6 kill
  EXPECT_EQ(s.FindUnit("z2")->figures.casualties, 3);
  EXPECT_TRUE(UnitState(s, "b2")->gatling_jammed);
  // Jammed: no burst until the next move.
  absl::Status jammed = AskOf(s, q, dice, log, &decision);
  EXPECT_EQ(jammed.code(), absl::StatusCode::kFailedPrecondition) << jammed;
  q.target_id = "b1";
  s = Skirmish();
  absl::Status own = AskOf(s, q, dice, log, &decision);
  EXPECT_EQ(own.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(own.message().find("empress.gatling_burst.target_id"), std::string::npos) << own;
}

}  // namespace
}  // namespace impi::empress
