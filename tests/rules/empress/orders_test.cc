// EmpressRuleset (EMPRESS_DWG): the orders the text gives the players
// beyond moving, firing and charging: the range estimate of guns and
// rockets (ARTILLERY, ROCKET.), the senior commander and his aide
// (COMMAND), limbered guns (MOVEMENT- BY UNIT: "Limbers") and the Zulu
// runners (UNIT SIZE). Each test names its line of
// 002_865f726e11d3de83.txt and drives scripted dice.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/dice.h"
#include "engine/rulesets/empress/board.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/game/ruleset.h"
#include "gtest/gtest.h"
#include "tests/rules/empress/fixture.h"

namespace impi::empress {
namespace {

using Script = std::vector<Dice::ScriptedDie>;

Action Order(ActionKind kind, const std::string& unit, const std::string& target = "") {
  Action a;
  a.kind = kind;
  a.unit_id = unit;
  a.target_id = target;
  return a;
}

// Starts the move, gives `orders` (every other unit awaited holds), and
// resolves it with `script`: the script must be used up exactly.
void PlayMoveWith(BattleState& s, const std::vector<Action>& orders, const Script& script) {
  Dice none = Dice::Scripted({});
  EventLog log(EventLog::kQuiet);
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  while (Rules().Awaits(s).kind != AwaitKind::kUmpire) {
    const Awaiting a = Rules().Awaits(s);
    ASSERT_FALSE(a.unit_ids.empty());
    for (const std::string& id : a.unit_ids) {
      Action act = Order(ActionKind::kPass, id);
      for (const Action& o : orders) {
        if (o.unit_id == id) act = o;
      }
      const absl::Status st = Rules().Apply(s, a.side, act, none, log, "action", "");
      ASSERT_TRUE(st.ok()) << id << ": " << st;
    }
  }
  Dice dice = Dice::ScriptedOfKind(script);
  ASSERT_TRUE(Rules().Run(s, dice, log).ok()) << dice.status();
  ASSERT_TRUE(dice.status().ok()) << dice.status();
  EXPECT_EQ(dice.faces_used(), script.size()) << "dice left over";
}

Script D6s(std::vector<int> faces) {
  Script out;
  for (int f : faces) out.push_back({DieKind::kD, f});
  return out;
}

Script operator+(Script a, const Script& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// A gun (or rocket) at (36, 2) facing two Zulu units on one line: z2 24"
// away, z1 38" away; both out of their muskets' 20" and holding.
BattleState GunLine(UnitKind gun) {
  BattleState s = Table();
  AddUnit(s, "b1", Side::kBritish, gun, {36, 2}, gun == UnitKind::kRockets ? 2 : 4);
  AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 40}, 10);
  AddUnit(s, "z2", Side::kZulu, UnitKind::kRegiment, {36, 26}, 10);
  return s;
}

// ---------------------------------------------------------------------------
// ARTILLERY (002 line 75): "Player controlling artillery estimates range in
// inches. Places 4' circular marker with the centre on the exact
// measurement that player has announced." Line 77: "If there are figures
// within the marker roll a die for each figure."

TEST(EmpressEstimate_002, Line75_TheMarkerLandsOnTheRangeAnnouncedNotOnTheTarget) {
  // Aimed at z1 (38"), announced 24": the marker's centre falls on z2, the
  // nearer unit on the line; z2's figures under it (6 of its 10: at most 6
  // of a unit, designed) take the 11 - 30" column, 4,5,6.
  BattleState s = GunLine(UnitKind::kGun);
  Action fire = Order(ActionKind::kFire, "b1", "z1");
  SetRangeEstimate(&fire, 24);
  // Six D6 under the marker (6, 5, 4 kill), then z2's morale test (fired at
  // by artillery): an average die of 5 (6 + 5 = 11, OK).
  PlayMoveWith(s, {fire}, D6s({6, 5, 4, 3, 2, 1}) + Script{{DieKind::kAverage, 5}});
  EXPECT_EQ(s.FindUnit("z2")->figures.casualties, 3);
  EXPECT_EQ(s.FindUnit("z1")->figures.casualties, 0);

  // Announced 38": on z1, the 31 -50" column (5,6): two kill.
  BattleState t = GunLine(UnitKind::kGun);
  SetRangeEstimate(&fire, 38);
  PlayMoveWith(t, {fire}, D6s({6, 5, 4, 3, 2, 1}) + Script{{DieKind::kAverage, 5}});
  EXPECT_EQ(t.FindUnit("z1")->figures.casualties, 2);
  EXPECT_EQ(t.FindUnit("z2")->figures.casualties, 0);

  // Announced 31": between them, on neither footprint: no die at all.
  BattleState u = GunLine(UnitKind::kGun);
  SetRangeEstimate(&fire, 31);
  PlayMoveWith(u, {fire}, {});
  EXPECT_EQ(u.FindUnit("z1")->figures.casualties + u.FindUnit("z2")->figures.casualties, 0);
}

TEST(EmpressEstimate_002, Line77_FiguresUnderThePartOfTheMarkerOnTheUnit) {
  // Designed: the figures stand evenly over the footprint.
  Unit u;
  u.kind = UnitKind::kRegiment;
  u.position = {10, 10};
  u.figures.fit = 10;
  EXPECT_EQ(FiguresUnderMarker(u, {10, 10}), 6);   // all of it: 10, at most 6
  EXPECT_EQ(FiguresUnderMarker(u, {10, 12}), 4);   // 2" off: 39% of it
  EXPECT_EQ(FiguresUnderMarker(u, {10, 13.9}), 0); // a sliver: no figure
  EXPECT_EQ(FiguresUnderMarker(u, {10, 14.5}), 0); // clear of it
  u.figures.fit = 3;
  EXPECT_EQ(FiguresUnderMarker(u, {10, 10}), 3);
  Unit gun;
  gun.kind = UnitKind::kGun;
  gun.position = {0, 0};
  gun.figures.fit = 4;
  EXPECT_EQ(FiguresUnderMarker(gun, {0, 0}), 4);
}

// Designed (not in the source text): a gun whose order announces no range
// has the umpire estimate for it: the range when the orders were given, off
// by (D6 - D6) x empress.estimate_error (5%) of it, in whole inches.
TEST(EmpressEstimate_002, Line75_WithoutAnEstimateTheUmpireEstimatesWithADesignedError) {
  BattleState s = GunLine(UnitKind::kGun);
  // Over 4, short 3: +1 point, 38" x 1.05 = 39.9, announced 40": the marker
  // 2" beyond z1 covers 39% of it, 4 figures; the 31 -50" column (5,6).
  PlayMoveWith(s, {Order(ActionKind::kFire, "b1", "z1")},
               D6s({4, 3}) + D6s({6, 5, 2, 1}) + Script{{DieKind::kAverage, 5}});
  EXPECT_EQ(s.FindUnit("z1")->figures.casualties, 2);

  // Over 6, short 1: +5 points, 38" x 1.25 = 47.5, announced 48": the
  // marker falls 10" beyond z1, on nobody.
  BattleState t = GunLine(UnitKind::kGun);
  PlayMoveWith(t, {Order(ActionKind::kFire, "b1", "z1")}, D6s({6, 1}));
  EXPECT_EQ(t.FindUnit("z1")->figures.casualties, 0);

  // empress.estimate_error 0: the umpire's estimate is exact, and rolls
  // no die for it.
  BattleState u = GunLine(UnitKind::kGun);
  u.parameters = {{kEstimateError, 0}};
  PlayMoveWith(u, {Order(ActionKind::kFire, "b1", "z1")}, D6s({6, 5, 4, 3, 2, 1}) + Script{{DieKind::kAverage, 5}});
  EXPECT_EQ(u.FindUnit("z1")->figures.casualties, 2);

  // The explanation says what was estimated, marked designed.
  Dice dice = Dice::Scripted({4, 3});
  Explanation why;
  absl::StatusOr<RangeEstimate> e = EstimateRange(dice, Ordnance::kFieldGun, 38, 0.05, &why);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->announced, 40);
  EXPECT_EQ(e->error_points, 1);
  EXPECT_TRUE(why.rule.designed);
  EXPECT_EQ(why.dice.size(), 2u);
  // The rocket's estimate stays over 10" (its chart prints N/A at 0 - 10").
  Dice low = Dice::Scripted({1, 6});
  e = EstimateRange(low, Ordnance::kRocket, 12, 0.1, nullptr);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->announced, 11);
  EXPECT_EQ(EstimateRange(low, Ordnance::kFieldGun, -1, 0.05, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(EmpressEstimate_002, Line75_AnEstimateOffTheChartIsRefusedNamingTheField) {
  BattleState s = GunLine(UnitKind::kGun);
  AddUnit(s, "b2", Side::kBritish, UnitKind::kRockets, {20, 2}, 2);
  AddUnit(s, "b3", Side::kBritish, UnitKind::kInfantry, {50, 20}, 10);
  Dice none = Dice::Scripted({});
  EventLog log(EventLog::kQuiet);
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  for (const char* z : {"z1", "z2"}) {
    ASSERT_TRUE(Rules().Apply(s, Side::kZulu, Order(ActionKind::kPass, z), none, log, "a", "").ok());
  }
  struct Case {
    std::string unit;
    double estimate;
    std::string why;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const Case& c : std::vector<Case>{{"b1", 71, "past the chart's 70\""},
                                          {"b1", -5, "negative"},
                                          {"b1", nan, "not a number"},
                                          {"b2", 10, "the rocket's N/A at 0 - 10\""},
                                          {"b3", 20, "a rifle announces no range"}}) {
    SCOPED_TRACE(c.why);
    Action fire = Order(ActionKind::kFire, c.unit, "z2");
    SetRangeEstimate(&fire, c.estimate);
    const absl::Status st = Rules().Apply(s, Side::kBritish, fire, none, log, "british_actions[0]", "");
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
    EXPECT_NE(st.message().find("british_actions[0].range_estimate"), std::string::npos) << st;
  }
  // A hold announces none either.
  Action hold = Order(ActionKind::kPass, "b1");
  SetRangeEstimate(&hold, 20);
  EXPECT_EQ(Rules().Apply(s, Side::kBritish, hold, none, log, "a", "").code(), absl::StatusCode::kInvalidArgument);
  // In range: taken, kept with the order, and hidden from the Zulus.
  Action fire = Order(ActionKind::kFire, "b1", "z2");
  SetRangeEstimate(&fire, 25.5);
  ASSERT_TRUE(Rules().Apply(s, Side::kBritish, fire, none, log, "a", "").ok());
  EXPECT_EQ(UnitState(s, "b1")->order.range_estimate, 25.5);
  EXPECT_EQ(UnitState(Rules().View(s, Side::kZulu), "b1")->order.range_estimate, 0);
  // A state with an order announcing a range off the chart is refused.
  MutableUnitState(s, "b1").order.range_estimate = 80;
  const absl::Status st = Rules().Validate(s);
  EXPECT_NE(st.message().find("state.empress.units[\"b1\"].order.range_estimate"), std::string::npos) << st;
}

// ROCKET. (002 lines 90-92): "Player controlling the rocket estimates range
// in inches. Places 4' circular marker with the centre on the exact
// measurement that player has announced. Roll an arrow die. Then roll 2 D6.
// ... Move the 4" marker to this position": the deviation moves the marker
// from where the estimate placed it; the chart's column stays the range
// announced (reading).
TEST(EmpressEstimate_002, Line90_TheRocketDeviatesFromTheMarkerAtItsEstimate) {
  BattleState s = GunLine(UnitKind::kRockets);
  Action fire = Order(ActionKind::kFire, "b1", "z1");
  SetRangeEstimate(&fire, 22);
  // Placed at 22" (4" short of z2); the arrow's face 1 (on ahead), 2D6 = 1 +
  // 1: the marker moves to 24", on z2: 6 figures, the 11 - 30" column
  // (4,5,6) of the announced 22". Then z2, hit, tests at -2.
  PlayMoveWith(s, {fire},
               Script{{DieKind::kArrow, 1}} + D6s({1, 1}) + D6s({6, 5, 4, 3, 2, 1}) +
                   Script{{DieKind::kAverage, 5}});
  EXPECT_EQ(s.FindUnit("z2")->figures.casualties, 3);
  EXPECT_EQ(s.FindUnit("z1")->figures.casualties, 0);
  EXPECT_EQ(UnitState(s, "z2")->tests_in_a_row, 1);

  // Face 4 (back towards the rocket), 2D6 = 6: 6" short of the marker at
  // 22", at 16": on nobody, and the rocket flew over no one.
  BattleState t = GunLine(UnitKind::kRockets);
  PlayMoveWith(t, {fire}, Script{{DieKind::kArrow, 4}} + D6s({3, 3}));
  EXPECT_EQ(UnitState(t, "z2")->tests_in_a_row, 0);

  // Announced 45" at z1 (38"), face 1, 2D6 = 2: the marker lands 9" beyond
  // z1: the rocket flew over both Zulu units, which test at -1 (two average
  // dice, z1 then z2 in unit id order).
  BattleState u = GunLine(UnitKind::kRockets);
  SetRangeEstimate(&fire, 45);
  PlayMoveWith(u, {fire},
               Script{{DieKind::kArrow, 1}} + D6s({1, 1}) + Script{{DieKind::kAverage, 5}, {DieKind::kAverage, 5}});
  EXPECT_EQ(UnitState(u, "z1")->tests_in_a_row, 1);
  EXPECT_EQ(UnitState(u, "z2")->tests_in_a_row, 1);
  EXPECT_EQ(u.FindUnit("z1")->figures.casualties, 0);
}

// ---------------------------------------------------------------------------
// COMMAND (002 line 53): "These orders can only be changed by the senior
// table commander or his aide, attaching himself to a unit for one move."

// A Zulu regiment holding at (36, 40), the British far off (out of every
// range), and `commander` (an induna or runner) 10" from the regiment.
BattleState CommandTable(UnitKind commander, Command role) {
  BattleState s = Table();
  AddUnit(s, "b1", Side::kBritish, UnitKind::kInfantry, {70, 2}, 10);
  AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 40}, 10);
  AddUnit(s, "zc", Side::kZulu, commander, {36, 30}, 1);
  if (role != Command::kNone) MutableUnitState(s, "zc").command = role;
  return s;
}

bool HasOption(const BattleState& s, const std::string& unit, ActionKind kind) {
  for (const Action& a : UnitOptions(s, *s.FindUnit(unit))) {
    if (a.kind == kind) return true;
  }
  return false;
}

// The unit's advance towards the nearest enemy (its first MOVE to a point),
// or an action of no kind.
Action Advance(const BattleState& s, const std::string& unit) {
  for (const Action& a : UnitOptions(s, *s.FindUnit(unit))) {
    if (a.kind == ActionKind::kMove && a.point == 0 && a.target_id.empty()) return a;
  }
  return Action{};
}

// The commander joins z1 (one move), is attached to it the next move and
// orders it to attack; the move after, z1 may advance and he is free again.
void AttachThenOrderTheAttack(BattleState& s) {
  EventLog log(EventLog::kQuiet);
  Dice none = Dice::Scripted({});
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  EXPECT_FALSE(HasOption(s, "zc", ActionKind::kOrder));  // not attached yet
  EXPECT_FALSE(HasOption(s, "z1", ActionKind::kMove));   // standing order: hold
  Action order = Order(ActionKind::kOrder, "zc", "z1");
  order.point = static_cast<int>(Standing::kAttack);
  absl::Status st = Rules().Apply(s, Side::kZulu, order, none, log, "zulu[0]", "");
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("zulu[0].target_id"), std::string::npos) << st;
  Action self = Order(ActionKind::kOrder, "z1", "z1");
  self.point = static_cast<int>(Standing::kAttack);
  st = Rules().Apply(s, Side::kZulu, self, none, log, "zulu[0]", "");
  EXPECT_NE(st.message().find("zulu[0].unit_id"), std::string::npos) << st;

  // Move 1: he joins z1 (Zulus 6" + 2 x D6: 1 + 1, 8" for a 7.5" gap).
  Action join = Order(ActionKind::kMove, "zc", "z1");
  join.to = s.FindUnit("z1")->position;
  PlayMoveWith(s, {join}, D6s({1, 1}));
  EXPECT_TRUE(InContact(*s.FindUnit("zc"), *s.FindUnit("z1")));
  EXPECT_EQ(IdAt(*OwnState(s), UnitState(s, "zc")->attached_to), "z1");
  EXPECT_EQ(UnitState(s, "z1")->standing, Standing::kUnspecified);

  // Move 2: attached for the move, he changes z1's standing order.
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  ASSERT_TRUE(HasOption(s, "zc", ActionKind::kOrder));
  order.point = 3;
  st = Rules().Apply(s, Side::kZulu, order, none, log, "zulu[0]", "");
  EXPECT_NE(st.message().find("zulu[0].point"), std::string::npos) << st;
  order.point = static_cast<int>(Standing::kAttack);
  PlayMoveWith(s, {order}, {});
  EXPECT_EQ(UnitState(s, "z1")->standing, Standing::kAttack);
  EXPECT_EQ(IdAt(*OwnState(s), UnitState(s, "zc")->attached_to), "");  // for one move

  // Move 3: z1 may advance; he is no longer attached.
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  EXPECT_TRUE(HasOption(s, "z1", ActionKind::kMove));
  EXPECT_FALSE(HasOption(s, "zc", ActionKind::kOrder));
}

TEST(EmpressCommand_002, Line53_TheSeniorCommanderAttachesForAMoveThenChangesTheStandingOrder) {
  // The induna, named senior commander by the designed default (none named).
  BattleState s = CommandTable(UnitKind::kInduna, Command::kNone);
  EXPECT_EQ(CommandOf(s, *s.FindUnit("zc")), Command::kSeniorCommander);
  AttachThenOrderTheAttack(s);
}

// UNIT SIZE (002 line 29): "Regimental command 1 Induna, 1 witch doctor, 2
// runners." Reading: the runners carry the induna's orders: a runner
// designated his aide changes standing orders as the aide does.
TEST(EmpressCommand_002, Line29_ARunnerIsAZuluFigureOfTheCommandAndMayBeTheAide) {
  BattleState s = CommandTable(UnitKind::kRunner, Command::kAide);
  AddUnit(s, "zi", Side::kZulu, UnitKind::kInduna, {10, 46}, 1);
  ASSERT_TRUE(Rules().Validate(s).ok()) << Rules().Validate(s);
  EXPECT_FALSE(Fights(*s.FindUnit("zc")));
  EXPECT_EQ(ProfileOf(s, *s.FindUnit("zc")).mover, MoverType::kZulus);
  EXPECT_EQ(CommandOf(s, *s.FindUnit("zc")), Command::kAide);
  EXPECT_EQ(CommandOf(s, *s.FindUnit("zi")), Command::kSeniorCommander);
  AttachThenOrderTheAttack(s);

  // A runner not designated is no aide: he joins units, changes nothing.
  BattleState t = CommandTable(UnitKind::kRunner, Command::kNone);
  EXPECT_EQ(CommandOf(t, *t.FindUnit("zc")), Command::kNone);
  MutableUnitState(t, "zc").attached_to = t.UnitIndex("z1");
  const absl::Status st = Rules().Validate(t);
  EXPECT_NE(st.message().find("state.empress.units[\"zc\"].attached_to"), std::string::npos) << st;
}

// ALL ACTION IS SIMULTANEOUS: the induna's standing order is a Zulu order
// of the move like any other: the British view does not show it, and
// Resample draws it again from what he may order.
TEST(EmpressCommand_002, Line53_TheBritishDoNotSeeTheIndunasStandingOrder) {
  BattleState s = CommandTable(UnitKind::kInduna, Command::kSeniorCommander);
  MutableUnitState(s, "zc").attached_to = s.UnitIndex("z1");
  s.FindUnit("zc")->position = {36, 37.5};
  EventLog log(EventLog::kQuiet);
  Dice none = Dice::Scripted({});
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  Action order = Order(ActionKind::kOrder, "zc", "z1");
  order.point = static_cast<int>(Standing::kAttack);
  ASSERT_TRUE(Rules().Apply(s, Side::kZulu, order, none, log, "a", "").ok());
  ASSERT_TRUE(Rules().Apply(s, Side::kZulu, Order(ActionKind::kPass, "z1"), none, log, "a", "").ok());
  ASSERT_EQ(Rules().Awaits(s).side, Side::kBritish);
  const BattleState view = Rules().View(s, Side::kBritish);
  EXPECT_TRUE(UnitState(view, "zc")->ordered);
  EXPECT_TRUE(UnitState(view, "zc")->order == empress::Order{});
  EXPECT_EQ(IdAt(*OwnState(view), UnitState(view, "zc")->attached_to), "z1");  // he stands with z1 for all to see
  bool drew_the_order = false, drew_another = false;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    BattleState world = s;
    CounterRng rng(seed, 0);
    Rules().Resample(world, Side::kBritish, rng);
    ASSERT_TRUE(Rules().Validate(world).ok()) << Rules().Validate(world);
    const BattleState again = Rules().View(world, Side::kBritish);
    EXPECT_TRUE(UnitState(again, "zc")->order == UnitState(view, "zc")->order);
    const empress::Order& drawn = UnitState(world, "zc")->order;
    (drawn.kind == OrderKind::kStanding ? drew_the_order : drew_another) = true;
    if (drawn.kind == OrderKind::kStanding) EXPECT_EQ(IdAt(*OwnState(world), drawn.target), "z1");
  }
  EXPECT_TRUE(drew_the_order);
  EXPECT_TRUE(drew_another);
}

TEST(EmpressCommand_002, Line53_TheAttachedCommanderMovesWithHisUnit) {
  BattleState s = CommandTable(UnitKind::kInduna, Command::kSeniorCommander);
  MutableUnitState(s, "z1").standing = Standing::kAttack;
  s.table = {120, 48, 0, 0};
  s.FindUnit("b1")->position = {118, 2};  // still out of range after the advance
  s.FindUnit("zc")->position = {36, 37.5};
  MutableUnitState(s, "zc").attached_to = s.UnitIndex("z1");
  EventLog log(EventLog::kQuiet);
  Dice none = Dice::Scripted({});
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  const Action advance = Advance(s, "z1");
  ASSERT_EQ(advance.kind, ActionKind::kMove);
  const Vec2 offset = s.FindUnit("zc")->position - s.FindUnit("z1")->position;
  const Vec2 start = s.FindUnit("z1")->position;
  // z1 advances 6" + 3 + 4; the induna stays with it (he holds).
  PlayMoveWith(s, {advance}, D6s({3, 4}));
  EXPECT_NEAR(Distance(start, s.FindUnit("z1")->position), 13.0, 1e-9);
  const Vec2 now = s.FindUnit("zc")->position - s.FindUnit("z1")->position;
  EXPECT_NEAR(Distance(now, offset), 0.0, 1e-9);
  EXPECT_EQ(IdAt(*OwnState(s), UnitState(s, "zc")->attached_to), "");
}

// MORALE (002 line 168): "+ 1 Senior commander attached to unit, ie in base
// to base contact": the senior commander's, not his aide's.
TEST(EmpressCommand_002, Line168_OnlyTheSeniorCommanderInContactAddsOne) {
  BattleState s = CommandTable(UnitKind::kInduna, Command::kAide);
  s.FindUnit("zc")->position = {36, 37.5};
  AddUnit(s, "zi", Side::kZulu, UnitKind::kInduna, {10, 46}, 1);
  EXPECT_FALSE(MoraleSituationOf(s, *s.FindUnit("z1")).senior_commander_attached);
  s.FindUnit("zi")->position = {38.5, 40};
  EXPECT_TRUE(MoraleSituationOf(s, *s.FindUnit("z1")).senior_commander_attached);
}

TEST(EmpressCommand_002, Line53_RolesAndAttachmentsInAStateAreChecked) {
  struct Case {
    std::string why;
    void (*edit)(BattleState&);
    std::string path;
  };
  const std::vector<Case> cases = {
      {"two senior commanders",
       [](BattleState& s) {
         AddUnit(s, "zi", Side::kZulu, UnitKind::kInduna, {10, 46}, 1);
         MutableUnitState(s, "zc").command = Command::kSeniorCommander;
         MutableUnitState(s, "zi").command = Command::kSeniorCommander;
       },
       "state.empress.units[\"zi\"].command"},
      {"a witch doctor as aide",
       [](BattleState& s) {
         AddUnit(s, "zw", Side::kZulu, UnitKind::kWitchDoctor, {10, 46}, 1);
         MutableUnitState(s, "zw").command = Command::kAide;
       },
       "state.empress.units[\"zw\"].command"},
      {"a runner as senior commander",
       [](BattleState& s) {
         AddUnit(s, "zr", Side::kZulu, UnitKind::kRunner, {10, 46}, 1);
         MutableUnitState(s, "zr").command = Command::kSeniorCommander;
       },
       "state.empress.units[\"zr\"].command"},
      {"attached to the enemy",
       [](BattleState& s) { MutableUnitState(s, "zc").attached_to = s.UnitIndex("b1"); },
       "state.empress.units[\"zc\"].attached_to"},
      {"a regiment attached",
       [](BattleState& s) { MutableUnitState(s, "z1").attached_to = s.UnitIndex("z1"); },
       "state.empress.units[\"z1\"].attached_to"},
      {"a standing order for a unit he is not attached to",
       [](BattleState& s) {
         EmpressUnit& c = MutableUnitState(s, "zc");
         c.ordered = true;
         c.order.kind = OrderKind::kStanding;
         c.order.target = s.UnitIndex("z1");
         c.order.standing = Standing::kAttack;
       },
       "state.empress.units[\"zc\"].order.target_id"},
      {"a limbered regiment",
       [](BattleState& s) { MutableUnitState(s, "z1").limbered = true; },
       "state.empress.units[\"z1\"].limbered"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.why);
    BattleState s = CommandTable(UnitKind::kInduna, Command::kNone);
    MutableOwnState(s).stage = Stage::kZuluOrders;
    MutableOwnState(s).move = 1;
    c.edit(s);
    const absl::Status st = Rules().Validate(s);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
    EXPECT_NE(st.message().find(c.path), std::string::npos) << st;
  }
}

// ---------------------------------------------------------------------------
// MOVEMENT- BY UNIT (002 line 67): "Limbers 6" + 1x D6". Reading: a gun, a
// Gatling or a rocket moves only limbered, at the Limbers' rate, and fires
// only unlimbered; limbering and unlimbering each spend a move (designed:
// the text gives no time).

TEST(EmpressLimbers_002, Line67_AGunLimbersMovesAsLimbersAndUnlimbersToFire) {
  BattleState s = Table();
  AddUnit(s, "b1", Side::kBritish, UnitKind::kGun, {36, 10}, 4);
  AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 44}, 10);
  MutableUnitState(s, "b1").standing = Standing::kAttack;
  EventLog log(EventLog::kQuiet);
  Dice none = Dice::Scripted({});
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  // Unlimbered: it fires or limbers; it does not move.
  EXPECT_TRUE(HasOption(s, "b1", ActionKind::kFire));
  EXPECT_TRUE(HasOption(s, "b1", ActionKind::kLimber));
  EXPECT_FALSE(HasOption(s, "b1", ActionKind::kMove));
  // Move 1: it limbers up (no die: it neither moves nor fires).
  PlayMoveWith(s, {Order(ActionKind::kLimber, "b1")}, {});
  EXPECT_TRUE(UnitState(s, "b1")->limbered);
  EXPECT_TRUE(s.FindUnit("b1")->status.limbered);
  EXPECT_EQ(s.FindUnit("z1")->figures.casualties, 0);
  // Move 2: limbered, it moves (6" + 1 x D6: 3) and may not fire.
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  EXPECT_FALSE(HasOption(s, "b1", ActionKind::kFire));
  EXPECT_FALSE(HasOption(s, "b1", ActionKind::kCharge));
  EXPECT_TRUE(HasOption(s, "b1", ActionKind::kUnlimber));
  const Action move = Advance(s, "b1");
  ASSERT_EQ(move.kind, ActionKind::kMove);
  PlayMoveWith(s, {move}, D6s({3}));
  EXPECT_NEAR(s.FindUnit("b1")->position.y(), 19.0, 1e-9);
  // Move 3: it unlimbers (no fire yet); move 4 it may fire again.
  PlayMoveWith(s, {Order(ActionKind::kUnlimber, "b1")}, {});
  EXPECT_FALSE(UnitState(s, "b1")->limbered);
  ASSERT_TRUE(Rules().Run(s, none, log).ok());
  EXPECT_TRUE(HasOption(s, "b1", ActionKind::kFire));
  // Holding (no standing order to attack), a limbered gun does not move.
  MutableUnitState(s, "b1").standing = Standing::kHold;
  MutableUnitState(s, "b1").limbered = true;
  EXPECT_FALSE(HasOption(s, "b1", ActionKind::kMove));
  EXPECT_TRUE(HasOption(s, "b1", ActionKind::kUnlimber));
}

// MOVEMENT- BY UNIT (002 line 71): "Linear obstacles such as walls, hedges,
// dried up river beds remove 1 D6 from the movement allocation. Player
// agree on this before or during the game." The players' word is the
// parameter empress.linear_obstacle.<terrain id>: 0 the feature removes no
// die, 1 (or not named) it removes one; it may change between moves.
TEST(EmpressMovement_002, Line71_ThePlayersAgreeWhichFeaturesAreLinearObstacles) {
  for (double agreed : {-1.0, 1.0, 0.0}) {
    SCOPED_TRACE(agreed);
    BattleState s = Table();
    AddUnit(s, "b1", Side::kBritish, UnitKind::kInfantry, {36, 2}, 10);
    AddUnit(s, "z1", Side::kZulu, UnitKind::kRegiment, {36, 40}, 10);
    MutableUnitState(s, "z1").standing = Standing::kAttack;
    Terrain& t = s.terrain.emplace_back();
    t.id = "donga";
    t.kind = TerrainKind::kDonga;
    t.outline = {{0, 36}, {72, 36}};
    t.open = true;
    if (agreed >= 0) s.parameters = {{absl::StrCat(kLinearObstaclePrefix, "donga"), agreed}};
    EventLog log(EventLog::kQuiet);
    Dice none = Dice::Scripted({});
    ASSERT_TRUE(Rules().Run(s, none, log).ok());
    const Action advance = Advance(s, "z1");
    ASSERT_EQ(advance.kind, ActionKind::kMove);
    // The Zulus' D6s, 3 then 4 (13"), or the 3 alone over the donga (9"); the
    // company's ten 1s miss, and the Zulus, fired at, test: average die 4.
    const Script moves = agreed == 0 ? D6s({3, 4}) : D6s({3});
    PlayMoveWith(s, {advance}, moves + D6s({1, 1, 1, 1, 1, 1, 1, 1, 1, 1}) + Script{{DieKind::kAverage, 4}});
    EXPECT_NEAR(s.FindUnit("z1")->position.y(), agreed == 0 ? 27 : 31, 1e-9);
  }
  // Named for a feature that is not on the table, or not 0 or 1: refused.
  BattleState s = Table();
  s.parameters = {{absl::StrCat(kLinearObstaclePrefix, "wall"), 0}};
  absl::Status st = Rules().Validate(s);
  EXPECT_NE(st.message().find("state.parameters[0].name"), std::string::npos) << st;
  Terrain& t = s.terrain.emplace_back();
  t.id = "wall";
  t.kind = TerrainKind::kWall;
  t.outline = {{0, 36}, {72, 36}};
  t.open = true;
  EXPECT_TRUE(Rules().Validate(s).ok());
  s.parameters[0].value = 0.5;
  st = Rules().Validate(s);
  EXPECT_NE(st.message().find("state.parameters[0].value"), std::string::npos) << st;
}

// ---------------------------------------------------------------------------
// ALL ACTION IS SIMULTANEOUS (002 line 47), with the new orders: the same
// orders (ranges announced and not, commanders attaching and commanding,
// guns limbering) and dice give the same moves whatever the order of the
// units in the state and of the orders given.

BattleState Mixed() {
  BattleState s = GunLine(UnitKind::kGun);
  AddUnit(s, "b2", Side::kBritish, UnitKind::kRockets, {20, 4}, 2);
  AddUnit(s, "b3", Side::kBritish, UnitKind::kInfantry, {50, 6}, 10);
  AddUnit(s, "b4", Side::kBritish, UnitKind::kOfficer, {50, 9}, 1);
  AddUnit(s, "b5", Side::kBritish, UnitKind::kGatling, {60, 4}, 4);
  AddUnit(s, "z3", Side::kZulu, UnitKind::kRegiment, {50, 34}, 10);
  AddUnit(s, "z4", Side::kZulu, UnitKind::kInduna, {50, 37}, 1);
  AddUnit(s, "z5", Side::kZulu, UnitKind::kRunner, {30, 44}, 1);
  MutableUnitState(s, "z5").command = Command::kAide;
  MutableUnitState(s, "z4").attached_to = s.UnitIndex("z3");
  MutableUnitState(s, "b4").attached_to = s.UnitIndex("b3");
  MutableUnitState(s, "b5").standing = Standing::kAttack;
  for (const char* z : {"z1", "z2"}) MutableUnitState(s, z).standing = Standing::kAttack;
  return s;
}

// The last option of each unit, a standing order where one may be given; a gun's or rocket's FIRE announces the
// range to its target and 3" more, rounded, on even moves.
void OrderEveryUnit(BattleState& s, const std::vector<std::string>& ids) {
  Dice none = Dice::Scripted({});
  EventLog log(EventLog::kQuiet);
  for (const std::string& id : ids) {
    const Unit* u = s.FindUnit(id);
    if (!NeedsOrder(s, *u) || Rules().Awaits(s).side != u->side) continue;
    std::vector<Action> options = UnitOptions(s, *u);
    Action a = options.back();
    for (const Action& o : options) {
      if (o.kind == ActionKind::kOrder) a = o;  // attached: he commands
      if (o.kind == ActionKind::kFire && ProfileOf(s, *u).ordnance) a = o;  // guns and rockets fire
    }
    if (a.kind == ActionKind::kFire && ProfileOf(s, *u).ordnance && OwnState(s)->move % 2 == 0) {
      SetRangeEstimate(&a, std::min(70.0, std::round(Distance(u->position, s.FindUnit(a.target_id)->position)) + 3));
    }
    ASSERT_TRUE(Rules().Apply(s, u->side, a, none, log, "action", "").ok()) << id;
  }
}

TEST(EmpressMove_002, Line47_NewOrdersInAnyUnitOrderGiveTheSameMove) {
  BattleState a = Mixed();
  BattleState b = Mixed();
  std::reverse(b.units.begin(), b.units.end());
  Dice da = Dice::Seeded(23), db = Dice::Seeded(23);
  EventLog log(EventLog::kQuiet);
  const std::vector<std::string> zulus = {"z1", "z2", "z3", "z4", "z5"};
  const std::vector<std::string> british = {"b1", "b2", "b3", "b4", "b5"};
  int kinds = 0, announced = 0, estimated = 0;
  for (int move = 0; move < 5 && !Rules().IsOver(a); ++move) {
    ASSERT_TRUE(Rules().Run(a, da, log).ok());
    ASSERT_TRUE(Rules().Run(b, db, log).ok());
    OrderEveryUnit(a, zulus);
    OrderEveryUnit(b, {zulus.rbegin(), zulus.rend()});
    OrderEveryUnit(a, british);
    OrderEveryUnit(b, {british.rbegin(), british.rend()});
    const EmpressState& own = *OwnState(a);
    for (size_t h = 0; h < own.units.size(); ++h) {
      const EmpressUnit& e = own.units[h];
      const std::string& id = IdAt(own, static_cast<int>(h));
      kinds |= 1 << static_cast<int>(e.order.kind);
      if (e.order.kind == OrderKind::kFire && (id == "b1" || id == "b2")) {
        ++(e.order.range_estimate > 0 ? announced : estimated);
      }
    }
    ASSERT_TRUE(Rules().Run(a, da, log).ok());
    ASSERT_TRUE(Rules().Run(b, db, log).ok());
    for (const Unit& u : a.units) {
      const Unit& v = *b.FindUnit(u.id.str());
      EXPECT_EQ(u.position, v.position) << u.id << " move " << move;
      EXPECT_EQ(u.figures.fit, v.figures.fit) << u.id << " move " << move;
      // The bookkeeping alike, its handles naming the same units.
      EmpressUnit ea = *UnitState(a, u.id.str()), eb = *UnitState(b, u.id.str());
      EXPECT_EQ(IdAt(*OwnState(a), ea.order.target), IdAt(*OwnState(b), eb.order.target)) << u.id;
      EXPECT_EQ(IdAt(*OwnState(a), ea.attached_to), IdAt(*OwnState(b), eb.attached_to)) << u.id;
      ea.order.target = ea.attached_to = eb.order.target = eb.attached_to = kNoUnit;
      EXPECT_TRUE(ea == eb) << u.id << " move " << move;
    }
    EXPECT_EQ(da.rolls().size(), db.rolls().size());
  }
  // The moves had the new orders in them: fire, a standing order, limbering,
  // and the guns' ranges announced and estimated by the umpire.
  EXPECT_GT(estimated, 0);
  EXPECT_GT(announced, 0);
  EXPECT_NE(kinds & (1 << static_cast<int>(OrderKind::kFire)), 0);
  EXPECT_NE(kinds & (1 << static_cast<int>(OrderKind::kStanding)), 0);
  EXPECT_NE(kinds & (1 << static_cast<int>(OrderKind::kLimber)), 0);
}

}  // namespace
}  // namespace impi::empress

namespace impi::empress {
namespace {

// What SyncStatus would set, for comparing a state's mirrors with it.
std::string Mirrors(const Unit& u) {
  const UnitStatus& t = u.status;
  return absl::StrCat(u.id.str(), ":", t.pinned, t.retiring, t.routed, t.shaken, t.disordered, t.may_not_fire,
                      t.ordered, t.limbered, static_cast<int>(u.stance));
}

// The shared status (what a table shows) mirrors the bookkeeping after every
// order and every move, though an order brings only its own unit's up to
// date once the side has begun ordering; a table sent with a stale mirror
// leaves the side's first order with none.
TEST(EmpressMove_002, TheSharedStatusMirrorsTheBookkeepingAfterEveryOrder) {
  BattleState s = Mixed();
  Dice dice = Dice::Seeded(31);
  EventLog log(EventLog::kQuiet);
  ASSERT_TRUE(Rules().Run(s, dice, log).ok());
  // Stale: z1 shown pinned and b3 routed, which their bookkeeping is not.
  s.FindUnit("z1")->status.pinned = true;
  s.FindUnit("b3")->status.routed = true;
  CounterRng pick(31, 1);
  int orders = 0, later_orders = 0;
  for (int step = 0; step < 200 && !Rules().IsOver(s); ++step) {
    const Awaiting a = Rules().Awaits(s);
    if (a.kind == AwaitKind::kUmpire) {
      ASSERT_TRUE(Rules().Run(s, dice, log).ok());
    } else {
      const std::vector<Action> legal = Rules().LegalActions(s, a.side);
      ASSERT_FALSE(legal.empty());
      bool first = true;
      for (const Unit& u : s.units) {
        const EmpressUnit* e = UnitState(s, u.id.str());
        if (u.side == a.side && e != nullptr && e->ordered) first = false;
      }
      ASSERT_TRUE(Rules().Apply(s, a.side, legal[pick.Uniform(legal.size())], dice, log, "action", "").ok());
      ++orders;
      if (!first) ++later_orders;
    }
    BattleState synced = s;
    SyncStatus(synced);
    for (size_t k = 0; k < s.units.size(); ++k) {
      EXPECT_EQ(Mirrors(s.units[k]), Mirrors(synced.units[k])) << "step " << step;
    }
  }
  EXPECT_GT(orders, 20);
  EXPECT_GT(later_orders, 10);
}

}  // namespace
}  // namespace impi::empress
