// An isigaba's move in the battle state (engine/rulesets/pagano/movement.h),
// each test naming the line of 000_75b60edb8bb33965.txt it checks.
#include "engine/rulesets/pagano/movement.h"

#include <cmath>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/ground.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/pagano/pagano_test_util.h"

namespace impi::pagano {
namespace {

using ::impi::pagano::testing::Brit;
using ::impi::pagano::testing::kSouth;
using ::testing::HasSubstr;

// An isigaba of twenty at (30, 40) facing south, the way to the British.
BattleState Table() {
  BattleState s = testing::EmptyTable();
  s.units.push_back(testing::Isigaba("uKhandempemvu 1", 30, 40, kSouth));
  return s;
}

absl::Status Move(BattleState& s, const Vec2& to, std::vector<int> faces, bool end_prone = false,
                  EventLog* log = nullptr) {
  Dice dice = Dice::Scripted(faces);
  EventLog own;
  const absl::Status st = MoveIsigaba(s, 0, to, end_prone, dice, log ? *log : own);
  EXPECT_EQ(dice.faces_used(), faces.size());
  return st;
}

TEST(PaganoMove_000, AnIsigabaMovesSixInchesAndHalfAD10RoundedDown) {
  BattleState s = Table();
  EventLog log;
  // "Unless beginning or ending movement prone, each Zulu isigaba rolls a d
  // 10 and adds half to its movement. Round fractions down.": 6 + 3.
  ASSERT_TRUE(Move(s, Vec2(30, 10), {7}, false, &log).ok());
  EXPECT_NEAR(s.units[0].position.y(), 31.0, 1e-9);
  EXPECT_NEAR(s.units[0].facing, kSouth, 1e-12);
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_EQ(log.events()[0].kind, EventKind::kMoved);
  EXPECT_THAT(log.events()[0].announce, HasSubstr("moves 9.00\" of its 9.00\""));
  // A point nearer than its move: it stops there.
  ASSERT_TRUE(Move(s, Vec2(30, 29), {10}).ok());
  EXPECT_NEAR(s.units[0].position.y(), 29.0, 1e-9);
}

TEST(PaganoMove_000, BeginningOrEndingProneNoDieBothHalved) {
  BattleState s = Table();
  ASSERT_TRUE(Move(s, Vec2(30, 10), {}, /*end_prone=*/true).ok());  // 6", no die
  EXPECT_NEAR(s.units[0].position.y(), 34.0, 1e-9);
  EXPECT_EQ(s.units[0].stance, Stance::kProne);
  // "Movement is halved if it: ... Begins and ends prone": 3".
  ASSERT_TRUE(Move(s, Vec2(30, 10), {}, true).ok());
  EXPECT_NEAR(s.units[0].position.y(), 31.0, 1e-9);
  ASSERT_TRUE(Move(s, Vec2(30, 10), {}, false).ok());  // begins prone, stands: 6"
  EXPECT_NEAR(s.units[0].position.y(), 25.0, 1e-9);
  EXPECT_EQ(s.units[0].stance, Stance::kUpright);
}

TEST(PaganoMove_000, DeepWaterAndADongaEdgeHalveTheMoveOnce) {
  BattleState s = Table();
  Terrain river;
  river.id = "Buffalo";
  river.kind = TerrainKind::kRiver;
  river.outline = {{0, 36}, {72, 36}, {72, 34}, {0, 34}};
  s.terrain.push_back(river);
  Terrain donga;
  donga.id = "donga";
  donga.kind = TerrainKind::kDonga;
  donga.outline = {{0, 33}, {72, 33}, {72, 32}, {0, 32}};
  s.terrain.push_back(donga);
  // "Crosses deep water", "Goes up or down a donga edge": halved once, (6 + 4) / 2.
  ASSERT_TRUE(Move(s, Vec2(30, 10), {8}).ok());
  EXPECT_NEAR(s.units[0].position.y(), 35.0, 1e-9);
}

TEST(PaganoMove_000, IzigabaMayNotInterpenetrateEachOther) {
  BattleState s = Table();
  s.units.push_back(testing::Isigaba("uKhandempemvu 2", 30, 34, kSouth));
  // Its front (0.75" ahead of its centre) meets the other's back (0.75"
  // behind 34") at 35.5": it stops where the gap would close.
  ASSERT_TRUE(Move(s, Vec2(30, 10), {10}).ok());
  const double gap = Gap(s, s.units[0], s.units[1]);
  EXPECT_GT(gap, 0.0);
  EXPECT_LT(gap, 1e-6);
  EXPECT_NEAR(s.units[0].position.y(), 34 + 1.5, 1e-6);
  EXPECT_FALSE(UnitState(s, s.units[0])->initiated_melee);
}

TEST(PaganoMove_000, AMoveEndsInContactWithTheBritishToInitiateMelee) {
  BattleState s = Table();
  s.units.push_back(Brit("Pte Hook", 30, 33));
  ASSERT_TRUE(Move(s, Vec2(30, 10), {9}).ok());
  EXPECT_NEAR(Gap(s, s.units[0], s.units[1]), 0.0, 1e-9);
  EXPECT_NEAR(s.units[0].position.y(), 33 + 0.375 + 0.75, 1e-6);
  EXPECT_TRUE(UnitState(s, s.units[0])->initiated_melee);
  // "Melee may not be initiated while in square or prone (the troops must
  // end their movement upright if they wish to initiate melee)."
  BattleState p = Table();
  p.units.push_back(Brit("Pte Hook", 30, 36));
  ASSERT_TRUE(Move(p, Vec2(30, 10), {}, /*end_prone=*/true).ok());
  EXPECT_FALSE(UnitState(p, p.units[0])->initiated_melee);
}

// "For example, Zulus move to contact Brits that are behind a barricade. The
// Zulus may immediately engage in melee this turn if they have at east half
// of their movement remaining when they reach the barricade. If the Zulus
// have less than half of their movement remaiming then they will have to
// stop at the barricade this turn".
TEST(PaganoMove_000, WorkedExampleHalfAMoveLeftAtADefendedBarricadeToCrossIt) {
  auto table = [](double barricade_y) {
    BattleState s = Table();
    Terrain bags;
    bags.id = "mealie bags";
    bags.kind = TerrainKind::kMealieBags;
    bags.outline = {{20, barricade_y}, {40, barricade_y}};
    bags.open = true;
    s.terrain.push_back(bags);
    s.units.push_back(Brit("Pte Hook", 30, barricade_y - 0.6));
    return s;
  };
  // The barricade 2" ahead: the move, halved for crossing it defended, is
  // (6 + 5) / 2 = 5.5"; 3.5" are left at the barricade, half or more.
  BattleState near = table(38.0);
  ASSERT_TRUE(Move(near, Vec2(30, 10), {10}).ok());
  EXPECT_TRUE(UnitState(near, near.units[0])->initiated_melee);
  EXPECT_NEAR(Gap(near, near.units[0], near.units[1]), 0.0, 1e-9);
  // The barricade 4" ahead: 1.5" left of 5.5", under half: it stops at the
  // barricade, out of contact.
  BattleState far = table(36.0);
  EventLog log;
  ASSERT_TRUE(Move(far, Vec2(30, 10), {10}, false, &log).ok());
  EXPECT_FALSE(UnitState(far, far.units[0])->initiated_melee);
  EXPECT_GT(Gap(far, far.units[0], far.units[1]), 0.0);
  EXPECT_GT(far.units[0].position.y(), 36.0);
  EXPECT_THAT(log.events()[0].announce, HasSubstr("stopping at the cover"));
}

TEST(PaganoMove_000, ARoutedIsigabaOrAPointOffTheTableIsRefused) {
  BattleState s = Table();
  EXPECT_EQ(Move(s, Vec2(30, 60), {}).code(), absl::StatusCode::kFailedPrecondition);
  s.units[0].status.routed = true;
  const absl::Status st = Move(s, Vec2(30, 10), {});
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), HasSubstr("off the map edge"));
  EXPECT_EQ(s.units[0].position, Vec2(30, 40));
}

TEST(PaganoMove_000, AnIndunaMovesOnFootSixMountedTwelveThroughHisIzigaba) {
  BattleState s = Table();  // an isigaba at (30, 40)
  s.units.push_back(testing::Induna("Ntshingwayo", 30, 44));
  Dice none = Dice::Scripted({});  // no die: the half d10 is the isigaba's
  EventLog log;
  // "Induna may be mounted or on foot": on foot 6", through his isigaba.
  ASSERT_TRUE(MoveInduna(s, 1, Vec2(30, 10), none, log).ok());
  EXPECT_NEAR(s.units[1].position.y(), 38.0, 1e-9);
  s.units[1].stance = Stance::kMounted;
  ASSERT_TRUE(MoveInduna(s, 1, Vec2(30, 10), none, log).ok());
  EXPECT_NEAR(s.units[1].position.y(), 26.0, 1e-9);
  // He stops at a British figure.
  s.units.push_back(Brit("Pte Hook", 30, 20));
  ASSERT_TRUE(MoveInduna(s, 1, Vec2(30, 10), none, log).ok());
  EXPECT_NEAR(s.units[1].position.y(), 20.75, 1e-6);
  EXPECT_EQ(MoveInduna(s, 0, Vec2(30, 10), none, log).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(PaganoMove, AnIsigabasCandidatesHoldCloseOnTheNearestBritishOrGoAway) {
  BattleState s = Table();  // an isigaba at (30, 40)
  EXPECT_EQ(IsigabaMoveCandidates(s, s.units[0]), std::vector<Vec2>{Vec2(30, 40)});  // nobody to close on
  s.units.push_back(Brit("far", 60, 5));
  s.units.push_back(Brit("near", 30, 20));
  s.units.push_back(Brit("middle", 20, 15));
  s.units.push_back(Brit("farthest", 70, 2));
  const std::vector<Vec2> c = IsigabaMoveCandidates(s, s.units[0]);
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c[0], Vec2(30, 40));  // hold
  EXPECT_EQ(c[1], Vec2(30, 20));  // the nearest three, nearest first
  EXPECT_EQ(c[2], Vec2(20, 15));
  EXPECT_EQ(c[3], Vec2(60, 5));
  EXPECT_EQ(c[4], Vec2(30, 48));  // straight away from the nearest, to the edge
}

TEST(PaganoMove_000, RoutersMoveTheirFullRateOffTheMapEdge) {
  BattleState s = Table();
  s.units.push_back(Brit("Pte Hook", 30, 10));
  s.units[0].status.routed = true;
  Dice dice = Dice::Scripted({4});
  EventLog log;
  // "Routing isagaba must move at their full rate off the map edge. They
  // may not ... move towards the enemy": 6 + 2, straight away from him.
  ASSERT_TRUE(MoveRouted(s, 0, dice, log).ok());
  EXPECT_NEAR(s.units[0].position.y(), 48.0, 1e-9);  // 8" of 8": the edge
  EXPECT_TRUE(s.units[0].off_table);
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_THAT(log.events()[0].announce, HasSubstr("leaves the table"));
  // "They may not interpenetrate other isigaba": one in the way stops it.
  BattleState b = Table();
  b.units.push_back(Brit("Pte Hook", 30, 10));
  b.units.push_back(testing::Isigaba("in the way", 30, 44, kSouth));
  b.units[0].status.routed = true;
  Dice more = Dice::Scripted({10});
  ASSERT_TRUE(MoveRouted(b, 0, more, log).ok());
  EXPECT_FALSE(b.units[0].off_table);
  EXPECT_NEAR(b.units[0].position.y(), 42.5, 1e-6);
  // A routed isigaba in contact still goes.
  BattleState c = Table();
  c.units.push_back(Brit("Pte Hook", 30, 38.875));
  c.units[0].status.routed = true;
  Dice third = Dice::Scripted({2});
  ASSERT_TRUE(MoveRouted(c, 0, third, log).ok());
  EXPECT_NEAR(c.units[0].position.y(), 47.0, 1e-9);
  // Only a routed isigaba routs.
  BattleState steady = Table();
  EXPECT_EQ(MoveRouted(steady, 0, third, log).code(), absl::StatusCode::kFailedPrecondition);
}

// Moves the figure `id` in a Brit movement phase of its own.
absl::Status MoveBrit(BattleState& s, const std::string& id, const Vec2& to) {
  Dice dice = Dice::Scripted({});  // the British roll no die to move
  EventLog log;
  NewMovementPhase(s);
  return MoveFigure(s, s.UnitIndex(id), to, dice, log);
}

TEST(PaganoMove_000, BritsMoveFootSixMountedTwelveAndStopAtTheZulus) {
  BattleState s = testing::EmptyTable();
  s.units.push_back(Brit("Pte Hook", 30, 10));
  s.units.push_back(Brit("Tpr Jones", 40, 10, UnitKind::kMountedInfantry));
  s.units[1].stance = Stance::kMounted;
  // "Foot 6" Mounted 12"".
  ASSERT_TRUE(MoveBrit(s, "Pte Hook", Vec2(30, 40)).ok());
  EXPECT_NEAR(s.units[0].position.y(), 16.0, 1e-9);
  ASSERT_TRUE(MoveBrit(s, "Tpr Jones", Vec2(40, 40)).ok());
  EXPECT_NEAR(s.units[1].position.y(), 22.0, 1e-9);
  // Into contact with an isigaba, no further; not through a comrade.
  s.units.push_back(testing::Isigaba("uThulwana 1", 30, 20, kSouth));  // its front at 19.25
  ASSERT_TRUE(MoveBrit(s, "Pte Hook", Vec2(30, 40)).ok());
  EXPECT_NEAR(Gap(s, s.units[0], s.units[2]), 0.0, 1e-9);
  s.units.push_back(Brit("Pte Williams", 40, 24));
  ASSERT_TRUE(MoveBrit(s, "Tpr Jones", Vec2(40, 40)).ok());
  EXPECT_NEAR(s.units[1].position.y(), 24 - 2 * 0.375, 1e-6);
}

TEST(PaganoMove_000, CarryingACasualtyHalvesTheMoveAndBringsItAlong) {
  BattleState s = testing::EmptyTable();
  s.units.push_back(Brit("Pte Hook", 30, 10));
  s.units.push_back(Brit("Pte Connolly", 30.5, 10));
  s.units[1].figures.fit = 0;
  s.units[1].figures.seriously_wounded = 1;
  MutableUnitState(s, s.units[0]).carrying = 1;
  // "Each casualty figure may be carried along by another figure moving at
  // half speed"; "Movement is halved if it: ... Involves assisting casualties".
  ASSERT_TRUE(MoveBrit(s, "Pte Hook", Vec2(30, 40)).ok());
  EXPECT_NEAR(s.units[0].position.y(), 13.0, 1e-9);
  EXPECT_EQ(s.units[1].position, s.units[0].position);
  // "Casualties awaiting medical care may not move on their own."
  const absl::Status st = MoveBrit(s, "Pte Connolly", Vec2(30, 40));
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), HasSubstr("may not move on their own"));
}

TEST(PaganoMove_000, MountedAreCutToAThirdUpADongaEdgeGunsKeepToTheTrack) {
  BattleState s = testing::EmptyTable();
  Terrain donga;
  donga.id = "donga";
  donga.kind = TerrainKind::kDonga;
  donga.outline = {{0, 12}, {72, 12}, {72, 14}, {0, 14}};
  s.terrain.push_back(donga);
  s.units.push_back(Brit("Tpr Jones", 40, 10, UnitKind::kMountedInfantry));
  s.units[0].stance = Stance::kMounted;
  // "reduced to one third for moving up or down a donga edge": 12 / 3.
  ASSERT_TRUE(MoveBrit(s, "Tpr Jones", Vec2(40, 40)).ok());
  EXPECT_NEAR(s.units[0].position.y(), 14.0, 1e-9);
  // "cannons, gattling guns, & wagons may not traverse any of the terrain
  // listed above ... Unless via a good dirt track".
  Unit gun = Brit("9-pounder", 20, 10, UnitKind::kGun);
  gun.figures.fit = 0;
  gun.status.limbered = true;
  s.units.push_back(gun);
  EXPECT_EQ(MoveBrit(s, "9-pounder", Vec2(20, 40)).code(), absl::StatusCode::kFailedPrecondition);
  // Along the track it goes, halved "while crossing a donga ... via a good dirt track": 8 / 2.
  Terrain road;
  road.id = "road";
  road.kind = TerrainKind::kRoad;
  road.outline = {{20, 0}, {20, 48}};
  road.open = true;
  s.terrain.push_back(road);
  ASSERT_TRUE(MoveBrit(s, "9-pounder", Vec2(20, 40)).ok());
  EXPECT_NEAR(s.units[1].position.y(), 14.0, 1e-9);
  // "By Hand 3"" unlimbered, past the donga.
  s.units[1].status.limbered = false;
  s.units[1].position = Vec2(20, 16);
  ASSERT_TRUE(MoveBrit(s, "9-pounder", Vec2(20, 40)).ok());
  EXPECT_NEAR(s.units[1].position.y(), 19.0, 1e-9);
}

TEST(PaganoMove_000, TheMedicalCorpsMovingMoreThanHalfLosesItsCasualties) {
  auto table = []() {
    BattleState s = testing::EmptyTable();
    s.units.push_back(Brit("Surgeon Reynolds", 30, 10, UnitKind::kSurgeon));
    s.units.push_back(Brit("Pte Connolly", 30.5, 9.5));
    s.units[1].figures.fit = 0;
    s.units[1].figures.seriously_wounded = 1;
    return s;
  };
  BattleState half = table();
  ASSERT_TRUE(MoveBrit(half, "Surgeon Reynolds", Vec2(30, 13)).ok());  // 3" of 6"
  EXPECT_EQ(half.units[1].figures.seriously_wounded, 1);
  // "Casualties are eliminated permanently if a medical corp figure uses
  // more than half of its movement".
  BattleState more = table();
  ASSERT_TRUE(MoveBrit(more, "Surgeon Reynolds", Vec2(30, 14)).ok());
  EXPECT_EQ(more.units[1].figures.casualties, 1);
}

TEST(PaganoMove_000, OneMoveAPhaseHalfOfItToMountOrDismountWithHorseHolders) {
  BattleState s = testing::EmptyTable();
  for (int i = 0; i < 10; ++i) {
    s.units.push_back(Brit("NMP " + std::to_string(i), 10 + i, 10, UnitKind::kMountedInfantry));
    s.units.back().stance = Stance::kMounted;
  }
  std::vector<int> troop(10);
  for (int i = 0; i < 10; ++i) troop[i] = i;
  EventLog log;
  // "When dismounting outside of a fortified position one figure must be
  // used as a horse holder for every four mounted figures (round down;
  // e.g., 10 figures would become 8 foot and 2 horse holders)."
  ASSERT_TRUE(Dismount(s, troop, log).ok());
  int holders = 0;
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(s.units[i].stance, Stance::kDismounted);
    holders += UnitState(s, s.units[i])->horse_holder ? 1 : 0;
  }
  EXPECT_EQ(holders, 2);
  EXPECT_TRUE(UnitState(s, s.units[9])->horse_holder);
  // "A half move is required to mount or dismount": half a foot move left.
  Dice dice = Dice::Scripted({});
  ASSERT_TRUE(MoveFigure(s, 0, Vec2(10, 40), dice, log).ok());
  EXPECT_NEAR(s.units[0].position.y(), 13.0, 1e-9);
  // One move a phase.
  EXPECT_EQ(MoveFigure(s, 0, Vec2(10, 40), dice, log).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(Mount(s, {1}, log).code(), absl::StatusCode::kFailedPrecondition);  // half spent
  NewMovementPhase(s);
  ASSERT_TRUE(Mount(s, troop, log).ok());
  EXPECT_EQ(s.units[9].stance, Stance::kMounted);
  EXPECT_FALSE(UnitState(s, s.units[9])->horse_holder);
}

TEST(PaganoMove_000, GunsTakeAPhaseToLimberAGatlingAPhaseToClear) {
  BattleState s = testing::EmptyTable();
  Unit gun = Brit("Gatling", 20, 10, UnitKind::kGatling);
  gun.figures.fit = 0;
  s.units.push_back(gun);
  EventLog log;
  Dice dice = Dice::Scripted({});
  // "A fall movement phase is required for cannons and gattling guns to
  // limber or unlimber."
  ASSERT_TRUE(Limber(s, 0, true, log).ok());
  EXPECT_TRUE(s.units[0].status.limbered);
  EXPECT_EQ(MoveFigure(s, 0, Vec2(20, 40), dice, log).code(), absl::StatusCode::kFailedPrecondition);
  NewMovementPhase(s);
  ASSERT_TRUE(MoveFigure(s, 0, Vec2(20, 40), dice, log).ok());  // "Limbered 8""
  EXPECT_NEAR(s.units[0].position.y(), 18.0, 1e-9);
  EXPECT_EQ(Limber(s, 0, false, log).code(), absl::StatusCode::kFailedPrecondition);
  // "One Brit movement and fire phase must be spent clearing it (with no
  // movement during the movement phase)."
  NewMovementPhase(s);
  MutableUnitState(s, s.units[0]).jammed = true;
  EXPECT_EQ(MoveFigure(s, 0, Vec2(20, 40), dice, log).code(), absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(ClearJam(s, 0, log).ok());
  EXPECT_EQ(MoveFigure(s, 0, Vec2(20, 40), dice, log).code(), absl::StatusCode::kFailedPrecondition);
  // Jammed still through the next Brit fire phase, clear after it.
  EXPECT_TRUE(UnitState(s, s.units[0])->jammed);
  EndBritishFire(s);
  EXPECT_FALSE(UnitState(s, s.units[0])->jammed);
  // The rockets: "Half a move is needed to 'limber' or 'unlimber'".
  Unit rockets = Brit("Rockets", 40, 10, UnitKind::kRockets);
  rockets.figures.fit = 0;
  s.units.push_back(rockets);
  ASSERT_TRUE(Limber(s, 1, true, log).ok());
  ASSERT_TRUE(Limber(s, 1, false, log).ok());
  EXPECT_EQ(Limber(s, 1, true, log).code(), absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace impi::pagano
