// MELEE in the battle state (engine/rulesets/pagano/melee.h), each test
// naming the line of 000_75b60edb8bb33965.txt it checks. The effect tables
// are the designed ones (Table 2: a Zulu die of 1-2 retreats one of its own,
// 7-8 a Brit, 9-10 eliminates one; a Brit die of 5-6 retreats a Zulu, 7-10
// eliminates one).
#include "engine/rulesets/pagano/melee.h"

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/movement.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/pagano/pagano_test_util.h"

namespace impi::pagano {
namespace {

using ::impi::pagano::testing::Brit;
using ::impi::pagano::testing::kSouth;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// An isigaba of twenty facing south at (30, 30), its front at y 29.25; a
// ranker in contact below it at (30, 28.875).
BattleState Table() {
  BattleState s = testing::EmptyTable();
  s.units.push_back(testing::Isigaba("iNdluyengwe 1", 30, 30, kSouth));
  s.units.push_back(Brit("Pte Hook", 30, 28.875));
  MutableOwnState(s);
  MutableUnitState(s, s.units[0]).initiated_melee = true;
  return s;
}

absl::Status Fight(BattleState& s, Side initiator, std::vector<int> faces, EventLog* log = nullptr) {
  const std::vector<MeleeParties> melees = Melees(s, initiator);
  EXPECT_EQ(melees.size(), 1u);
  if (melees.empty()) return absl::InternalError("no melee");
  Dice dice = Dice::Scripted(faces);
  EventLog own;
  const absl::Status st = ResolveMelee(s, melees[0], initiator, dice, log ? *log : own);
  EXPECT_EQ(dice.faces_used(), faces.size());
  return st;
}

TEST(PaganoMeleeState_000, BritsWithinTwoInchesFightTheIsigabaWithFewerOpponents) {
  BattleState s = Table();
  s.units.push_back(Brit("Pte Jones", 33, 27.5));    // 1.375" from the isigaba
  s.units.push_back(Brit("Pte Far", 30, 25));        // 3.875": not engaged
  s.units.push_back(testing::Isigaba("iNdluyengwe 2", 39, 30, kSouth));
  MutableUnitState(s, s.units[4]).initiated_melee = true;
  s.units.push_back(Brit("Pte Williams", 39, 28.875));  // in contact with the second
  // "Typically Brits within 2" of a Zulu isigaba that has come into contact
  // will also be engaged"; "If a figure may be in melee with more than one
  // izagaba then put it against the one that would otherwise have lesser
  // opponents."
  s.units.push_back(Brit("Pte Shared", 34.5, 28.5));  // within 2" of both
  const std::vector<MeleeParties> m = Melees(s, Side::kZulu);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].isigaba, 0);
  EXPECT_THAT(m[0].brits, ElementsAre(1, 2));
  EXPECT_EQ(m[1].isigaba, 4);
  EXPECT_THAT(m[1].brits, ElementsAre(5, 6));
  // "The carrying figure may not engage in melee."
  s.units.push_back(Brit("Pte Casualty", 20, 20));
  s.units.back().figures.fit = 0;
  s.units.back().figures.seriously_wounded = 1;
  MutableUnitState(s, s.units[2]).carrying = static_cast<int>(s.units.size()) - 1;
  EXPECT_THAT(Melees(s, Side::kZulu)[0].brits, ElementsAre(1, 6));  // the shared one too, on a tie
  MutableUnitState(s, s.units[2]).carrying = kNoUnit;
  // A prone isigaba initiates nothing: "Melee may not be initiated while in
  // square or prone".
  s.units[0].stance = Stance::kProne;
  EXPECT_EQ(Melees(s, Side::kZulu).size(), 1u);
}

TEST(PaganoMeleeState_000, TheBritsInitiateTheirMeleeButNotFromSquare) {
  BattleState s = Table();
  MutableUnitState(s, s.units[0]).initiated_melee = false;
  // In the Brit Melee phase an isigaba in contact with a British figure
  // fights; "Melee may not be initiated while in square".
  EXPECT_EQ(Melees(s, Side::kBritish).size(), 1u);
  EXPECT_TRUE(Melees(s, Side::kZulu).empty());
  s.units[1].stance = Stance::kSquare;
  EXPECT_TRUE(Melees(s, Side::kBritish).empty());
}

TEST(PaganoMeleeState_000, SpearsFirstThenRoundsUntilOneSideHasNoneTheWinnersAdvance) {
  BattleState s = Table();
  EventLog log;
  // 1) spears at the ranker: 1, a miss. Table 1, +1 "Brits w/ Martini-Henry
  // rifle & bayonet": Table 2. One die a side ("equal to the number of
  // figures on the smaller side"): the Zulu 9 eliminates him, his 1 does
  // nothing.
  ASSERT_TRUE(Fight(s, Side::kZulu, {1, 9, 1}, &log).ok());
  EXPECT_EQ(s.units[1].figures.casualties, 1);  // no medical corps: eliminated
  EXPECT_EQ(s.units[0].figures.fit, 20);
  EXPECT_TRUE(UnitState(s, s.units[0])->spears_thrown);
  // 5) "If the attacking side wins they may take the position vacated by the
  // losers by moving forward up to 2"": to where he stood, 1.125" on.
  EXPECT_NEAR(s.units[0].position.y(), 28.875, 1e-9);
  EXPECT_TRUE(UnitState(s, s.units[0])->fought_this_phase);
  ASSERT_FALSE(log.events().empty());
  EXPECT_THAT(log.events().back().announce, HasSubstr("the Zulus win after 1 round"));
  // "neither side may be engaged in a second melee this phase"
  EXPECT_TRUE(Melees(s, Side::kZulu).empty());
}

TEST(PaganoMeleeState_000, EliminationsFallOnRankersBeforeOfficers) {
  BattleState s = Table();
  s.units.push_back(Brit("Lt Chard", 31.5, 28.875, UnitKind::kOfficer));
  MutableUnitState(s, s.units[0]).spears_thrown = true;
  // Two dice a side. Round 1: Zulu 9 (an elimination) and 3; Brit 7 (a Zulu
  // eliminated) and 2. "Apply elimination effects to Brits in the following
  // order: rankers, artillery crews, noncombatants, and finally officers."
  // Round 2, 19 against Lt Chard: Zulu 10, Brit 1.
  ASSERT_TRUE(Fight(s, Side::kZulu, {9, 3, 7, 2, 10, 1}).ok());
  EXPECT_EQ(s.FindUnit("Pte Hook")->figures.casualties, 1);
  EXPECT_EQ(s.FindUnit("Lt Chard")->figures.casualties, 1);
  EXPECT_EQ(s.units[0].figures.fit, 19);
  EXPECT_EQ(UnitState(s, s.units[0])->lost_since_morale, 1);
}

TEST(PaganoMeleeState_000, WhenTheBritsWinTheIsigabaFallsBackAMove) {
  BattleState s = Table();
  MutableUnitState(s, s.units[0]).spears_thrown = true;
  s.units[0].figures.fit = 2;  // one rank: its front at y 29.625
  s.units[1].position.y() = 29.25;
  // Round 1 (1 die a side): Zulu 3 nothing, Brit 7 eliminates. Round 2: Zulu
  // 3, Brit 5: the last Zulu retreats: the Brits win.
  ASSERT_TRUE(Fight(s, Side::kZulu, {3, 7, 3, 5}).ok());
  EXPECT_EQ(s.units[0].figures.fit, 1);
  EXPECT_NEAR(s.units[0].position.y(), 36.0, 1e-9);  // a move straight away from him
  EXPECT_EQ(s.units[1].figures.fit, 1);
}

TEST(PaganoMeleeState_000, AnIndunaFightsBesideHisIsigabaAndTakesEffectsLast) {
  BattleState s = Table();
  MutableUnitState(s, s.units[0]).spears_thrown = true;
  s.units[0].figures.fit = 1;  // one rank of one: its front at y 29.625
  s.units[1].position.y() = 29.25;
  s.units.push_back(testing::Induna("Dabulamanzi", 32, 29.3));  // at its flank, 1.25" from the ranker
  // "Induna may not fire, but may engage in melee": two Zulu figures, one
  // die a side (the smaller side: one Brit). Round 1: the Zulu 3 does
  // nothing, the Brit 7 eliminates a Zulu: "apply melee effects to an
  // isigaba before an induna": the warrior. Round 2: Zulu 9 eliminates the
  // ranker, Brit 1 nothing.
  EventLog log;
  ASSERT_TRUE(Fight(s, Side::kZulu, {3, 7, 9, 1}, &log).ok());
  EXPECT_EQ(s.units[0].figures.fit, 0);
  EXPECT_EQ(s.FindUnit("Dabulamanzi")->figures.fit, 1);
  EXPECT_EQ(s.units[1].figures.casualties, 1);
  EXPECT_THAT(log.events().back().unit_ids, ::testing::Contains("Dabulamanzi"));
  EXPECT_TRUE(UnitState(s, *s.FindUnit("Dabulamanzi"))->fought_this_phase);
}

TEST(PaganoMeleeState_000, TheNncFightOnTableZeroRollingAsBrits) {
  BattleState s = testing::EmptyTable();
  s.units.push_back(testing::Isigaba("iNdluyengwe 1", 30, 40, kSouth));
  Unit nnc = testing::Isigaba("NNC 1", 30, 30, 0.0, 1);
  nnc.kind = UnitKind::kNativeFoot;
  nnc.side = Side::kBritish;
  s.units.push_back(nnc);
  Dice move = Dice::Scripted({10});
  EventLog log;
  // "The NNC are treated as Zulus": a Zulu move stops at them, in contact.
  ASSERT_TRUE(MoveIsigaba(s, 0, Vec2(30, 10), false, move, log).ok());
  EXPECT_NEAR(Gap(s, s.units[0], s.units[1]), 0.0, 1e-9);
  ASSERT_TRUE(UnitState(s, s.units[0])->initiated_melee);
  const std::vector<NncMelee> m = NncMelees(s, Side::kZulu);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_TRUE(NncMelees(s, Side::kBritish).empty());
  // "In melee use Table 0 with the NNC rolling as Brits and ignoring all
  // modifiers": one die a side; the Zulu 8 eliminates (8-10), the NNC's 5
  // does nothing.
  Dice dice = Dice::Scripted({8, 5});
  ASSERT_TRUE(ResolveNncMelee(s, m[0], Side::kZulu, dice, log).ok());
  EXPECT_EQ(dice.faces_used(), 2u);
  EXPECT_EQ(s.units[1].figures.fit, 0);
  EXPECT_EQ(s.units[0].figures.fit, 20);
  EXPECT_THAT(log.events().back().announce, HasSubstr("(Table 0): the Zulus win"));
  EXPECT_TRUE(NncMelees(s, Side::kZulu).empty());
}

TEST(PaganoMeleeState_000, CasualtiesAndInvalidsAreLostWhenTheBritsLose) {
  BattleState s = Table();
  MutableUnitState(s, s.units[0]).spears_thrown = true;
  s.units.push_back(Brit("Pte Invalid", 29, 27.5));
  MutableUnitState(s, s.units[2]).category = BritCategory::kNonCombatant;
  MutableUnitState(s, s.units[2]).invalid = true;
  s.units.push_back(Brit("Pte Casualty", 31, 27.5));
  s.units[3].figures.fit = 0;
  s.units[3].figures.seriously_wounded = 1;
  // "Do not include casualties or invalids, they are eliminated permanently
  // if the Brits lose the melee": one die a side, the ranker alone counts.
  ASSERT_TRUE(Fight(s, Side::kZulu, {9, 1}).ok());
  EXPECT_EQ(s.FindUnit("Pte Invalid")->figures.casualties, 1);
  EXPECT_EQ(s.FindUnit("Pte Casualty")->figures.casualties, 1);
}

TEST(PaganoMeleeState_000, AMeleeAgainstBritsInABuildingEndsDrawnAtHalfTheZulusOut) {
  BattleState s = Table();
  MutableUnitState(s, s.units[0]).spears_thrown = true;
  s.units[0].figures.fit = 2;  // one rank: its front at y 29.625
  s.units[1].position.y() = 29.25;
  Terrain hospital;
  hospital.id = "hospital";
  hospital.kind = TerrainKind::kBuilding;
  hospital.outline = {{25, 20}, {35, 20}, {35, 29.5}, {25, 29.5}};
  s.terrain.push_back(hospital);
  // Heavy cover (+2) and the rifle and bayonet (+1): Table 4 (a Zulu die of
  // 4-7 does nothing, a Brit 6-10 eliminates). Round 1: Zulu 4, Brit 7: one
  // Zulu eliminated: half are out and the Brit stands: "the melees ends in a
  // draw when at least half of the Zulus have been eliminated or retreated
  // and the Brits have at least one figure remaining".
  ASSERT_TRUE(Fight(s, Side::kZulu, {4, 7}).ok());
  EXPECT_EQ(s.units[0].figures.fit, 1);
  EXPECT_EQ(s.units[1].figures.fit, 1);
  // "the Zulu isigaba remains in the position where they initiated the melee"
  EXPECT_NEAR(s.units[0].position.y(), 30.0, 1e-9);
}

}  // namespace
}  // namespace impi::pagano
