// Pagano's battle as a game (pagano.h): the eight phases in order, who
// decides what, the end, and whole battles played by random choices with
// the invariants held at every step.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/pagano.h"
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
