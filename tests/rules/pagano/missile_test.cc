// MISSILE FIRE and CASULTIES in the battle state
// (engine/rulesets/pagano/missile.h), each test naming the line of
// 000_75b60edb8bb33965.txt it checks, driven by scripted d10s.
#include "engine/rulesets/pagano/missile.h"

#include <cmath>
#include <string>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/ground.h"
#include "tests/rules/pagano/pagano_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::pagano {
namespace {

using ::testing::HasSubstr;

using ::impi::pagano::testing::Brit;
using ::impi::pagano::testing::kNorth;
using ::impi::pagano::testing::kSouth;

Unit Isigaba(const std::string& id, double x, double y) {
  return testing::Isigaba(id, x, y, kSouth);
}

// A ranker facing north at (30, 10) and an isigaba of twenty at (30, 30)
// facing him: 18.875" apart, edge to edge.
BattleState Table() {
  BattleState s = testing::EmptyTable();
  s.units.push_back(Brit("Pte Hitch", 30, 10));
  s.units.push_back(Isigaba("uThulwana 1", 30, 30));
  MutableOwnState(s).month = 1;
  return s;
}

absl::Status Fire(BattleState& s, const std::string& firer, const std::string& target,
                  std::initializer_list<int> faces, EventLog* log = nullptr, bool spears = false) {
  Dice dice = Dice::Scripted(std::vector<int>(faces));
  EventLog own;
  EventLog& l = log != nullptr ? *log : own;
  const absl::Status st =
      ResolveFire(s, s.UnitIndex(firer), s.UnitIndex(target), spears, dice, l);
  EXPECT_TRUE(dice.status().ok()) << dice.status();
  EXPECT_EQ(dice.faces_used(), faces.size()) << "every scripted die is rolled, no more";
  return st;
}

TEST(PaganoFire_000, BritsRollOneD10ForEveryFigureTheMartiniHenryEliminatesOnFour) {
  BattleState s = Table();
  EventLog log;
  // "Brits roll one d10 each turn for every figure"; "Brit Martini-Henry
  // rifles 45 30 4+".
  ASSERT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {4}, &log).ok());
  const Unit& z = *s.FindUnit("uThulwana 1");
  EXPECT_EQ(z.figures.fit, 19);
  EXPECT_EQ(z.figures.casualties, 1);
  // "It remains as a marker against its isigaba until the conclusion of the
  // next Zulu morale phase."
  EXPECT_EQ(UnitState(s, z)->lost_since_morale, 1);
  ASSERT_EQ(log.events().size(), 1u);
  EXPECT_EQ(log.events()[0].kind, EventKind::kFired);
  EXPECT_EQ(log.events()[0].why.rule.source, kSource);
  EXPECT_THAT(log.events()[0].announce, HasSubstr("1 elimination"));
  ASSERT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {3}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 19);  // a 3 misses
}

TEST(PaganoFire_000, BritRiflesUnderThreeInchesAddOne) {
  BattleState s = Table();
  s.units[1].position = Vec2(30, 13);  // 2" - 0.375" - 0.75": under 3"
  ASSERT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {3}).ok());  // 3 + 1
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 19);
}

TEST(PaganoFire_000, OtherBritsHaveA180DegreeArcTheMountedFireAnyWay) {
  BattleState s = Table();
  s.units[0].facing = kSouth;  // his back to the Zulus
  const absl::Status st = Fire(s, "Pte Hitch", "uThulwana 1", {});
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), HasSubstr("arc"));
  // "Zulus and mounted troops may for in any direction."
  Unit trooper = Brit("Tpr Jones", 32, 10, UnitKind::kMountedInfantry);
  trooper.facing = kSouth;
  trooper.stance = Stance::kMounted;
  s.units.push_back(trooper);
  // A carbine ("Brit Carbines & other Brit rifles 36 24 5+") fired mounted
  // (-2): a 7 does it, a 6 does not.
  ASSERT_TRUE(Fire(s, "Tpr Jones", "uThulwana 1", {6}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 20);
  ASSERT_TRUE(Fire(s, "Tpr Jones", "uThulwana 1", {7}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 19);
}

TEST(PaganoFire_000, ZuluFireMustBeDirectedAtTheClosestTarget) {
  BattleState s = Table();
  s.units.push_back(Brit("Pte Front", 30, 20));
  const absl::Status st = Fire(s, "uThulwana 1", "Pte Hitch", {});
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), HasSubstr("closest target (Pte Front)"));
}

TEST(PaganoFire_000, RiflemenAreRolledTheFirstTimeAnIsigabaFiresJanuaryColumn) {
  BattleState s = Table();
  s.units[1].position = Vec2(30, 20);
  // "d10 Jan Feb Riflemen 9-10 6-10 2": a 9 in January, two riflemen, who
  // roll 8 and 2 ("Zulu Rifles, Muskets, etc 36 24 8+"): one elimination.
  ASSERT_TRUE(Fire(s, "uThulwana 1", "Pte Hitch", {9, 8, 2}).ok());
  const Unit& z = *s.FindUnit("uThulwana 1");
  EXPECT_EQ(UnitState(s, z)->riflemen_rolled, 2);
  EXPECT_EQ(z.figures.riflemen, 2);
  // No medical corps: "the figure is eliminated permanently".
  EXPECT_EQ(s.FindUnit("Pte Hitch")->figures.casualties, 1);
  // The next fire rolls no riflemen.
  s.units.push_back(Brit("Pte Williams", 30, 12));
  ASSERT_TRUE(Fire(s, "uThulwana 1", "Pte Williams", {1, 1}).ok());
  // "Regular izigaba are reduced to a maximum of 1 rifleman when they have
  // 14 or fewer figures remaining"
  s.units[1].figures.fit = 14;
  absl::StatusOr<MissileSituation> m = FireSituation(s, s.units[1], *s.FindUnit("Pte Williams"), false);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->dice, 1);
}

TEST(PaganoFire_000, SharpshootersRollADieForEveryFourFigures) {
  BattleState s = Table();
  s.units[1].position = Vec2(30, 20);
  MutableUnitState(s, s.units[1]).sharpshooters = true;
  s.units[1].figures.fit = 19;
  absl::StatusOr<MissileSituation> m = FireSituation(s, s.units[1], s.units[0], false);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->dice, 4);  // "one d 10 each turn for every 4 figures in that isigaba (round down)"
}

TEST(PaganoFire_000, AnEliminatedBritGoesToTheMedicalCorpsAsACasualty) {
  BattleState s = Table();
  s.units[1].position = Vec2(30, 20);
  s.units.push_back(Brit("Surgeon Reynolds", 30, 2, UnitKind::kSurgeon));
  MutableUnitState(s, s.units[1]).riflemen_rolled = 1;
  // "When an unwounded Brit receives an elimination result it is placed
  // alongside the medical corps figure as a casualty."
  ASSERT_TRUE(Fire(s, "uThulwana 1", "Pte Hitch", {8}).ok());
  const Unit& hitch = *s.FindUnit("Pte Hitch");
  EXPECT_EQ(hitch.figures.fit, 0);
  EXPECT_EQ(hitch.figures.seriously_wounded, 1);
  EXPECT_EQ(hitch.figures.casualties, 0);
  EXPECT_EQ(hitch.position, s.FindUnit("Surgeon Reynolds")->position);
  EXPECT_EQ(UnitState(s, *s.FindUnit("Surgeon Reynolds"))->casualties_this_turn, 1);
  // "Each turn up to 3": with three taken, the next is eliminated.
  MutableUnitState(s, *s.FindUnit("Surgeon Reynolds")).casualties_this_turn = 3;
  s.units.push_back(Brit("Pte Jones", 30, 12));
  ASSERT_TRUE(Fire(s, "uThulwana 1", "Pte Jones", {8}).ok());
  EXPECT_EQ(s.FindUnit("Pte Jones")->figures.casualties, 1);
  // "When any Zulu (except for the induna) or wounded Brit receives an
  // elimination result it is eliminated permanently."
  s.units.push_back(Brit("Cpl Allen", 30, 12));
  s.units.back().figures.fit = 0;
  s.units.back().figures.wounded = 1;
  MutableUnitState(s, *s.FindUnit("Surgeon Reynolds")).casualties_this_turn = 0;
  ASSERT_TRUE(Fire(s, "uThulwana 1", "Cpl Allen", {8}).ok());
  EXPECT_EQ(s.FindUnit("Cpl Allen")->figures.casualties, 1);
}

TEST(PaganoFire_000, TheMedicalCorpsIsWoundedByItsFirstEliminationAndFiresNot) {
  BattleState s = Table();
  s.units.push_back(Brit("Surgeon Reynolds", 30, 12, UnitKind::kSurgeon));
  s.units[1].position = Vec2(30, 20);
  MutableUnitState(s, s.units[1]).riflemen_rolled = 1;
  // "they are automatically converted to wounded unpon their first elimination result"
  ASSERT_TRUE(Fire(s, "uThulwana 1", "Surgeon Reynolds", {8}).ok());
  EXPECT_EQ(s.FindUnit("Surgeon Reynolds")->figures.wounded, 1);
  // "Brits roll one d10 each turn for every figure (excluding non-combatants and medical corps)."
  const absl::Status st = Fire(s, "Surgeon Reynolds", "uThulwana 1", {});
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  MutableUnitState(s, s.units[0]).category = BritCategory::kNonCombatant;
  EXPECT_EQ(Fire(s, "Pte Hitch", "uThulwana 1", {}).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(PaganoFire_000, TheCattleTakeAnIsigabasFirstTwoCasualties) {
  BattleState s = Table();
  MutableUnitState(s, s.units[1]).cattle = 2;
  s.units.push_back(Brit("Pte Two", 31, 10));
  s.units.push_back(Brit("Pte Three", 29, 10));
  for (const char* firer : {"Pte Hitch", "Pte Two", "Pte Three"}) {
    ASSERT_TRUE(Fire(s, firer, "uThulwana 1", {9}).ok());
  }
  // "remove a cattle figure for the first two casualties suffered by that
  // isigaba. These casualties ... do not count against Zulu morale"
  const Unit& z = *s.FindUnit("uThulwana 1");
  EXPECT_EQ(z.figures.fit, 19);
  EXPECT_EQ(UnitState(s, z)->cattle, 0);
  EXPECT_EQ(UnitState(s, z)->lost_since_morale, 1);
}

TEST(PaganoFire_000, AnIndunaIsHardToHitAndMayBeOnlyWounded) {
  BattleState s = Table();
  s.units.push_back(testing::Induna("Dabulamanzi", 30, 20));
  s.units.push_back(Brit("Surgeon Reynolds", 30, 2, UnitKind::kSurgeon));
  // "Firing at Induna -2": a 5 misses, a 6 hits; with a medical corps in the
  // order of battle "roll a d10 and on a 8-10 it is wounded instead".
  ASSERT_TRUE(Fire(s, "Pte Hitch", "Dabulamanzi", {5}).ok());
  EXPECT_EQ(s.FindUnit("Dabulamanzi")->figures.fit, 1);
  ASSERT_TRUE(Fire(s, "Pte Hitch", "Dabulamanzi", {6, 8}).ok());
  EXPECT_EQ(s.FindUnit("Dabulamanzi")->figures.wounded, 1);
  // "a second elimination results in a permanent elimination"
  ASSERT_TRUE(Fire(s, "Pte Hitch", "Dabulamanzi", {6}).ok());
  EXPECT_EQ(s.FindUnit("Dabulamanzi")->figures.casualties, 1);
}

// A Gatling at (34, 10) facing north and two crew figures manning it.
void AddGatlingAndCrew(BattleState& s) {
  Unit gun = Brit("Gatling", 34, 10, UnitKind::kGatling);
  gun.figures.fit = 0;
  s.units.push_back(gun);
  s.units.push_back(Brit("Gunner A", 35, 9));
  s.units.push_back(Brit("Gunner B", 33, 9));
  const int g = s.UnitIndex("Gatling");
  MutableUnitState(s, *s.FindUnit("Gunner A")).crew_of = g;
  MutableUnitState(s, *s.FindUnit("Gunner B")).crew_of = g;
  MutableUnitState(s, *s.FindUnit("Gunner A")).category = BritCategory::kArtilleryCrew;
  MutableUnitState(s, *s.FindUnit("Gunner B")).category = BritCategory::kArtilleryCrew;
}

TEST(PaganoFire_000, AGatlingFiresADieForEachCrewFigureAndJamsOnAOne) {
  BattleState s = Table();
  AddGatlingAndCrew(s);
  // "roll one d 10 for each figure manning the weapon"; "Gattling Gun 54 36
  // 4+"; "a roll of a one on the dIO before modifiers indicates that the gun
  // has jammed."
  ASSERT_TRUE(Fire(s, "Gatling", "uThulwana 1", {4, 1}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 19);
  EXPECT_TRUE(UnitState(s, *s.FindUnit("Gatling"))->jammed);
  const absl::Status st = Fire(s, "Gatling", "uThulwana 1", {});
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), HasSubstr("jammed"));
  // Its crew fire it, not their rifles.
  EXPECT_EQ(Fire(s, "Gunner A", "uThulwana 1", {}).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(PaganoFire_000, ACrewStillMansItsPieceWhenTheCallerReordersTheUnits) {
  BattleState s = Table();
  AddGatlingAndCrew(s);
  std::swap(s.units[2], s.units[4]);  // the Gatling moves to another place
  std::swap(s.units[0], s.units[3]);
  absl::StatusOr<MissileSituation> m =
      FireSituation(s, *s.FindUnit("Gatling"), *s.FindUnit("uThulwana 1"), false);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->dice, 2);
  ASSERT_TRUE(Fire(s, "Gatling", "uThulwana 1", {4, 5}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 18);
}

TEST(PaganoFire_000, ThrowingSpearsOnceABattleNotFromProneThreeInches) {
  BattleState s = Table();
  s.units[1].position = Vec2(30, 13.5);  // 2.375" edge to edge
  // "Zulu Throwing Spears 3 2 6+"
  ASSERT_TRUE(Fire(s, "uThulwana 1", "Pte Hitch", {6}, nullptr, /*spears=*/true).ok());
  EXPECT_EQ(s.FindUnit("Pte Hitch")->figures.casualties, 1);
  EXPECT_TRUE(UnitState(s, s.units[1])->spears_thrown);
  s.units.push_back(Brit("Pte Two", 30, 10));
  // "Each Zulu isigaba may roll one d 10 once during the battle for throwing spears."
  EXPECT_EQ(Fire(s, "uThulwana 1", "Pte Two", {}, nullptr, true).code(),
            absl::StatusCode::kFailedPrecondition);
  // "Prone Zulus may not use throwing spears."
  s.units.push_back(Isigaba("uThulwana 2", 34, 13.5));
  s.units.back().stance = Stance::kProne;
  EXPECT_EQ(Fire(s, "uThulwana 2", "Pte Two", {}, nullptr, true).code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(PaganoFire_000, CoverAndProneAreReadOffTheTable) {
  BattleState s = Table();
  Terrain bags;
  bags.id = "bags";
  bags.kind = TerrainKind::kMealieBags;
  bags.outline = {{20, 28.5}, {40, 28.5}};
  bags.open = true;
  s.terrain.push_back(bags);
  // "Target in Regular or Heavy Cover -2": a 5 misses behind the bags.
  ASSERT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {5}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 20);
  ASSERT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {6}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 19);
  // "Target is prone (no other cover) -1"; "The prone modifier is ignored if
  // any other cover also applies."
  s.terrain.clear();
  s.units[1].stance = Stance::kProne;
  absl::StatusOr<MissileSituation> m = FireSituation(s, s.units[0], s.units[1], false);
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->target_prone);
  EXPECT_EQ(m->target_cover, CoverClass::kNone);
  ASSERT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {4}).ok());
  EXPECT_EQ(s.FindUnit("uThulwana 1")->figures.fit, 19);
}

TEST(PaganoFire_000, PastTheWeaponsRangeNoFire) {
  BattleState s = Table();
  s.units[0].kind = UnitKind::kOfficer;  // "Brit Pistol 9 6 5+"
  const absl::Status st = Fire(s, "Pte Hitch", "uThulwana 1", {});
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), HasSubstr("past its range of 9\""));
  s.scale = impi::Scale::kTactical;  // "Use the skirmish ranges whenever 1inch ... 10 yards or less"
  s.units[0].kind = UnitKind::kInfantry;
  s.units[1].position = Vec2(30, 42);  // 30.875": past the tactical 30"
  EXPECT_EQ(Fire(s, "Pte Hitch", "uThulwana 1", {}).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(PaganoFire_000, NoFireOutOfSightNorZuluThroughZulu) {
  BattleState s = Table();
  Terrain kopje;
  kopje.id = "kopje";
  kopje.kind = TerrainKind::kHill;
  kopje.blocks_los = true;
  kopje.outline = {{25, 18}, {35, 18}, {35, 22}, {25, 22}};
  s.terrain.push_back(kopje);
  const absl::Status hidden = Fire(s, "Pte Hitch", "uThulwana 1", {});
  EXPECT_EQ(hidden.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(hidden.message()), HasSubstr("line of sight"));
  s.terrain.clear();
  // "Zulus may not fire through each other unless there is an elevation diference."
  s.units.push_back(Isigaba("uThulwana 2", 30, 20));
  MutableUnitState(s, s.units[1]).riflemen_rolled = 1;
  const absl::Status through = Fire(s, "uThulwana 1", "Pte Hitch", {});
  EXPECT_EQ(through.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(through.message()), HasSubstr("fire through each other"));
  // On a hill the other is not on, it fires over them (the hill blocks no sight).
  kopje.blocks_los = false;
  kopje.outline = {{20, 26}, {40, 26}, {40, 36}, {20, 36}};
  s.terrain.push_back(kopje);
  EXPECT_TRUE(Fire(s, "uThulwana 1", "Pte Hitch", {1}).ok());
}

TEST(PaganoFire_000, BritishFormationsFireTwoRanksDeep) {
  BattleState s = Table();
  s.units.push_back(Brit("Front rank", 30, 12));
  s.units.push_back(Brit("Rear rank", 30, 8));
  // "British formations may fire two ranks deep": Pte Hitch, second rank,
  // fires over the front rank; the third rank does not.
  EXPECT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {1}).ok());
  const absl::Status third = Fire(s, "Rear rank", "uThulwana 1", {});
  EXPECT_EQ(third.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(third.message()), HasSubstr("two ranks deep"));
}

TEST(PaganoFire_000, OneBritFigureFiresThroughEachWindowDoorOrLoophole) {
  BattleState s = Table();
  Terrain store;
  store.id = "storehouse";
  store.kind = TerrainKind::kBuilding;
  store.outline = {{20, 5}, {40, 5}, {40, 12}, {20, 12}};
  s.terrain.push_back(store);
  MutableOwnState(s).features.push_back({"storehouse", Feature::kBuilding, 2});
  s.units.push_back(Brit("Pte Two", 31, 10));
  s.units.push_back(Brit("Pte Three", 29, 10));
  ASSERT_TRUE(Fire(s, "Pte Hitch", "uThulwana 1", {1}).ok());
  ASSERT_TRUE(Fire(s, "Pte Two", "uThulwana 1", {1}).ok());
  const absl::Status third = Fire(s, "Pte Three", "uThulwana 1", {});
  EXPECT_EQ(third.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(third.message()), HasSubstr("loophole of storehouse"));
}

}  // namespace
}  // namespace impi::pagano
