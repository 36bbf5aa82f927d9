// ZULU MORALE, the induna's direction, the NNC's morale and the BRITISH
// MEDICAL CORPS in the battle state (engine/rulesets/pagano/morale.h), each
// test naming the line of 000_75b60edb8bb33965.txt it checks.
#include "engine/rulesets/pagano/morale.h"

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/pagano/pagano_test_util.h"

namespace impi::pagano {
namespace {

using ::impi::pagano::testing::Brit;
using ::impi::pagano::testing::kSouth;
using ::testing::HasSubstr;

using ::impi::pagano::testing::Induna;

// Two izigaba of twenty 20" north of a ranker; an induna 10" behind them.
BattleState Table() {
  BattleState s = testing::EmptyTable();
  s.units.push_back(testing::Isigaba("uMbonambi 1", 20, 30, kSouth));
  s.units.push_back(testing::Isigaba("uMbonambi 2", 40, 30, kSouth));
  s.units.push_back(Induna("Ntshingwayo", 30, 40));
  s.units.push_back(Brit("Pte Hitch", 30, 10));
  MutableOwnState(s);
  return s;
}

void Lose(BattleState& s, int h, int n) {
  s.units[h].figures.fit -= n;
  s.units[h].figures.casualties += n;
  MutableUnitState(s, s.units[h]).lost_since_morale += n;
}

absl::Status Roll(BattleState& s, std::vector<int> faces, EventLog* log = nullptr,
                  bool nnc = false) {
  Dice dice = Dice::Scripted(faces);
  EventLog own;
  const absl::Status st = nnc ? ResolveNncMorale(s, dice, log ? *log : own)
                              : ResolveZuluMorale(s, dice, log ? *log : own);
  EXPECT_EQ(dice.faces_used(), faces.size());
  return st;
}

TEST(PaganoMorale_000, OnlyAnIsigabaWithACasualtySinceTheLastMoralePhaseRolls) {
  BattleState s = Table();
  Lose(s, 0, 3);  // 17 left, 3 lost
  EventLog log;
  // "Roll a d10, add to it the number of figures remaining in the isigaba
  // and subtract the number of figures that were lost": 7 + 17 - 3 = 21.
  ASSERT_TRUE(Roll(s, {7}, &log).ok());
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_THAT(log.events()[0].announce, HasSubstr("21, Firm"));
  // "Remove the markers at the end of the Zulu morale phase."
  EXPECT_EQ(UnitState(s, s.units[0])->lost_since_morale, 0);
  // Nobody has lost a figure since: nobody rolls.
  ASSERT_TRUE(Roll(s, {}).ok());
}

TEST(PaganoMorale_000, StayedAwaitsItsChoiceRoutedIsOutOfTheBattle) {
  BattleState s = Table();
  Lose(s, 0, 6);  // 14 left, 6 lost: 1 + 14 - 6 = 9 Routed
  Lose(s, 1, 4);  // 16 left, 4 lost: 5 + 16 - 4 = 17 Stayed
  ASSERT_TRUE(Roll(s, {1, 5}).ok());
  // "11 or less : Routed; eliminated from battle"
  EXPECT_TRUE(s.units[0].status.routed);
  // "12-20 : Stayed; retreat 1 move, go prone, or move to nearest cover"
  EXPECT_FALSE(s.units[1].status.routed);
  EXPECT_TRUE(UnitState(s, s.units[1])->stayed);
}

TEST(PaganoMorale_000, AnIndunaDirectsOneIsigabaWithinReachForPlusOne) {
  BattleState s = Table();
  Lose(s, 0, 6);  // 14 left, 6 lost
  // "each induna may direct one isigaba in order to urge it forward or call
  // it back"; "within 36" of the induna and within line of sight".
  ASSERT_TRUE(Direct(s, 2, 0).ok());
  const absl::Status again = Direct(s, 2, 1);
  EXPECT_EQ(again.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(again.message()), HasSubstr("each induna may direct one isigaba"));
  EventLog log;
  // 3 + 14 - 6 + 1 = 12: Stayed (without the induna, 11: Routed).
  ASSERT_TRUE(Roll(s, {3}, &log).ok());
  EXPECT_THAT(log.events()[0].announce, HasSubstr("12, Stayed"));
  EXPECT_EQ(UnitState(s, s.units[0])->directed_by, kNoUnit);  // spent with the phase
}

TEST(PaganoMorale_000, TheIndunasReachIsShorterWithoutLineOfSightAndTactical) {
  BattleState s = Table();
  s.units[2].position = Vec2(20, 58);  // 26.875" behind uMbonambi 1, edge to edge
  EXPECT_TRUE(CheckDirect(s, 2, 0).ok());
  Terrain hill;
  hill.id = "kopje";
  hill.kind = TerrainKind::kHill;
  hill.blocks_los = true;
  hill.outline = {{10, 45}, {30, 45}, {30, 50}, {10, 50}};
  s.terrain.push_back(hill);
  // "or 18" without line of sight"
  EXPECT_EQ(CheckDirect(s, 2, 0).code(), absl::StatusCode::kFailedPrecondition);
  s.terrain.clear();
  s.scale = impi::Scale::kTactical;  // "Use 24" and 12" for tactical battles."
  EXPECT_EQ(CheckDirect(s, 2, 0).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(PaganoMorale_000, WithEveryIndunaGoneTheModifiersAreLost) {
  BattleState s = Table();
  s.units[2].figures.fit = 0;
  s.units[2].figures.casualties = 1;
  EXPECT_TRUE(AllIndunaLost(s));
  Lose(s, 0, 6);
  MutableUnitState(s, s.units[0]).initiated_melee = true;
  EventLog log;
  // 3 + 14 - 6 = 11, the +1 for initiating melee lost: Routed.
  ASSERT_TRUE(Roll(s, {3}, &log).ok());
  EXPECT_THAT(log.events()[0].announce, HasSubstr("11, Routed"));
}

TEST(PaganoMorale_000, TheNncRollAtMinusTwoAfterTheZuluMissileFirePhase) {
  BattleState s = Table();
  Unit nnc = testing::Isigaba("NNC 1", 30, 5, 0.0);
  nnc.kind = UnitKind::kNativeFoot;
  nnc.side = Side::kBritish;
  s.units.push_back(nnc);
  Lose(s, 4, 2);  // 18 left, 2 lost
  Lose(s, 0, 2);
  EventLog log;
  // The Zulu morale phase does not roll for the NNC ...
  ASSERT_TRUE(Roll(s, {9}, &log).ok());
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_EQ(UnitState(s, s.units[4])->lost_since_morale, 2);
  // ... their own does, "made at -2": 5 + 18 - 2 - 2 = 19, Stayed.
  EventLog nnc_log;
  ASSERT_TRUE(Roll(s, {5}, &nnc_log, /*nnc=*/true).ok());
  ASSERT_EQ(nnc_log.events().size(), 1u);
  EXPECT_THAT(nnc_log.events()[0].announce, HasSubstr("19, Stayed"));
}

TEST(PaganoMorale_000, AStayedIsigabaMayNotGoProneWithinThreeInches) {
  BattleState s = Table();
  StayedChoices far = StayedChoicesFor(s, s.units[0]);
  EXPECT_TRUE(far.retreat);
  EXPECT_TRUE(far.go_prone);
  EXPECT_FALSE(far.hold_firm);
  // "the option to go prone may not be used if within 3" of the enemy"
  s.units[3].position = Vec2(20, 27);  // 1.875" from its front
  StayedChoices close = StayedChoicesFor(s, s.units[0]);
  EXPECT_TRUE(close.retreat);
  EXPECT_FALSE(close.go_prone);
  // "If already prone and in cover the isigaba may either hold firm or retreat"
  Terrain bush;
  bush.id = "bush";
  bush.kind = TerrainKind::kScrub;
  bush.outline = {{10, 25}, {30, 25}, {30, 35}, {10, 35}};
  s.terrain.push_back(bush);
  s.units[0].stance = Stance::kProne;
  StayedChoices prone = StayedChoicesFor(s, s.units[0]);
  EXPECT_TRUE(prone.hold_firm);
  EXPECT_TRUE(prone.retreat);
}

TEST(PaganoMorale_000, AStayedIsigabaRetreatsAFullMoveGoesProneOrHoldsAsTheRulesLeaveIt) {
  BattleState s = Table();
  s.units[0].position = Vec2(20, 14);  // its front 2.875" from the ranker's base
  s.units[3].position = Vec2(20, 10);
  MutableUnitState(s, s.units[0]).stayed = true;
  EventLog log;
  Dice none = Dice::Scripted({});
  // "the option to go prone may not be used if within 3" of the enemy"
  const absl::Status prone = ApplyStayed(s, 0, StayedChoice::kGoProne, none, log);
  EXPECT_EQ(prone.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(prone.message()), HasSubstr("within 3\""));
  EXPECT_EQ(ApplyStayed(s, 0, StayedChoice::kHoldFirm, none, log).code(),
            absl::StatusCode::kFailedPrecondition);
  // "retreat directly away from the enemy one full move": 6 + 3.
  Dice dice = Dice::Scripted({6});
  ASSERT_TRUE(ApplyStayed(s, 0, StayedChoice::kRetreat, dice, log).ok());
  EXPECT_NEAR(s.units[0].position.y(), 23.0, 1e-9);
  EXPECT_FALSE(UnitState(s, s.units[0])->stayed);
  EXPECT_EQ(s.units[0].stance, Stance::kUpright);
  // Not Stayed: no choice to make.
  EXPECT_EQ(ApplyStayed(s, 0, StayedChoice::kRetreat, none, log).code(),
            absl::StatusCode::kFailedPrecondition);
  // Further off it may go prone.
  MutableUnitState(s, s.units[0]).stayed = true;
  ASSERT_TRUE(ApplyStayed(s, 0, StayedChoice::kGoProne, none, log).ok());
  EXPECT_EQ(s.units[0].stance, Stance::kProne);
}

TEST(PaganoMorale_000, AStayedIsigabaMovesSidewaysToTheNearestCoverIfItReachesIt) {
  BattleState s = Table();
  MutableUnitState(s, s.units[0]).stayed = true;  // uMbonambi 1 at (20, 30), the British at (30, 10)
  Terrain bush;
  bush.id = "bush";
  bush.kind = TerrainKind::kScrub;
  bush.outline = {{4, 26}, {12, 26}, {12, 34}, {4, 34}};  // 8" to its side
  s.terrain.push_back(bush);
  Terrain ahead = bush;
  ahead.id = "towards the enemy";
  ahead.outline = {{18, 20}, {22, 20}, {22, 24}, {18, 24}};
  s.terrain.push_back(ahead);
  // "It may move sideways to cover but may not move towards the enemy":
  // the bush to the side, not the one ahead.
  EXPECT_TRUE(StayedChoicesFor(s, s.units[0]).move_to_cover);
  EventLog log;
  BattleState reach = s;
  Dice six = Dice::Scripted({6});  // 6 + 3 = 9": far enough
  ASSERT_TRUE(ApplyStayed(reach, 0, StayedChoice::kMoveToCover, six, log).ok());
  EXPECT_TRUE(PointInPolygon(reach.units[0].position, bush.outline));
  // "If it doesn't have enough movement to reach the cover it must retreat
  // directly away from the enemy": 6 + 0 = 6" is short of 8.5".
  Dice one = Dice::Scripted({1});
  ASSERT_TRUE(ApplyStayed(s, 0, StayedChoice::kMoveToCover, one, log).ok());
  EXPECT_FALSE(PointInPolygon(s.units[0].position, bush.outline));
  EXPECT_GT(Distance(s.units[0].position, s.units[3].position), Distance(Vec2(20, 30), s.units[3].position));
  EXPECT_EQ(one.faces_used(), 1u);
}

TEST(PaganoMedical_000, ACasualtyRollsOneToSixEliminatedEightToTenWounded) {
  BattleState s = Table();
  s.units.push_back(Brit("Surgeon Reynolds", 50, 10, UnitKind::kSurgeon));
  for (const char* id : {"Pte A", "Pte B", "Pte C"}) {
    s.units.push_back(Brit(id, 50.5, 10));
    s.units.back().figures.fit = 0;
    s.units.back().figures.seriously_wounded = 1;
  }
  Dice dice = Dice::Scripted({6, 8, 7});
  EventLog log;
  ASSERT_TRUE(ResolveMedical(s, dice, log).ok());
  EXPECT_EQ(s.FindUnit("Pte A")->figures.casualties, 1);
  // "it is 'wounded' and is no longer considered a casualty figure"
  EXPECT_EQ(s.FindUnit("Pte B")->figures.wounded, 1);
  EXPECT_EQ(s.FindUnit("Pte B")->figures.seriously_wounded, 0);
  // Designed: a 7 leaves it a casualty.
  EXPECT_EQ(s.FindUnit("Pte C")->figures.seriously_wounded, 1);
  EXPECT_EQ(log.events().size(), 3u);
}

TEST(PaganoMedical_000, ACasualtyNotAlongsideTheMedicalCorpsAfterMovingIsLost) {
  BattleState s = Table();
  s.units.push_back(Brit("Surgeon Reynolds", 50, 10, UnitKind::kSurgeon));
  s.units.push_back(Brit("Pte Near", 50.5, 10));
  s.units.push_back(Brit("Pte Far", 60, 10));
  for (const char* id : {"Pte Near", "Pte Far"}) {
    s.FindUnit(id)->figures.fit = 0;
    s.FindUnit(id)->figures.seriously_wounded = 1;
  }
  EventLog log;
  CasualtiesLeftBehind(s, log);
  EXPECT_EQ(s.FindUnit("Pte Near")->figures.seriously_wounded, 1);
  EXPECT_EQ(s.FindUnit("Pte Far")->figures.casualties, 1);
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_THAT(log.events()[0].why.rule.row, HasSubstr("alongside a medical corps figure"));
}

}  // namespace
}  // namespace impi::pagano
