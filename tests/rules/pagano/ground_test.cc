// Pagano's ground (engine/rulesets/pagano/ground.h): footprints and gaps
// edge to edge, and COVER read off the terrain against missile fire
// (000_75b60edb8bb33965.txt, COVER and its notes).
#include "engine/rulesets/pagano/ground.h"

#include <cmath>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/event.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/pagano/pagano_test_util.h"

namespace impi::pagano {
namespace {

using ::testing::HasSubstr;

Unit Figure(const std::string& id, double x, double y) { return testing::Brit(id, x, y); }

Unit Isigaba(const std::string& id, double x, double y, double facing = 0.0) {
  return testing::Isigaba(id, x, y, facing);
}

Terrain Piece(const std::string& id, TerrainKind kind, std::vector<Vec2> outline, bool open) {
  Terrain t;
  t.id = id;
  t.kind = kind;
  t.outline = std::move(outline);
  t.open = open;
  return t;
}

BattleState Table() { return testing::EmptyTable(); }

TEST(PaganoGround, AnIsigabaStandsInRanksOfPennyBasesAtLeastFourInchesWide) {
  BattleState s = Table();
  s.units.push_back(Isigaba("z", 20, 20));  // facing +y
  // Designed: twenty figures, two ranks of ten 3/4" bases.
  EXPECT_DOUBLE_EQ(FrontageOf(s, s.units[0]), 7.5);
  EXPECT_DOUBLE_EQ(DepthOf(20, 7.5), 1.5);
  // "At the end of movement each isigaba must occupy a frontage of at least 4"".
  s.units[0].figures.fit = 3;
  EXPECT_DOUBLE_EQ(FrontageOf(s, s.units[0]), kMinFrontage);
  MutableUnitState(s, s.units[0]).frontage = 5.0;  // five bases a rank
  s.units[0].figures.fit = 12;
  EXPECT_DOUBLE_EQ(FrontageOf(s, s.units[0]), 5.0);
  EXPECT_DOUBLE_EQ(DepthOf(12, 5.0), 2 * kBaseWidth);  // six bases a rank: two ranks
}

TEST(PaganoGround, GapsAreEdgeToEdge) {
  BattleState s = Table();
  s.units.push_back(Isigaba("z", 20, 20));            // 7.5" wide across x, 1.5" deep along y
  s.units.push_back(Figure("front", 20, 24));         // 4" ahead of its centre
  s.units.push_back(Figure("side", 30, 20));          // 10" to the side
  s.units.push_back(Isigaba("z2", 20, 23.5));         // 3.5" behind, centre to centre
  s.units.push_back(Figure("near", 20.5, 24));
  EXPECT_NEAR(Gap(s, s.units[0], s.units[1]), 4 - 0.75 - kBaseRadius, 1e-12);
  EXPECT_NEAR(Gap(s, s.units[1], s.units[0]), 4 - 0.75 - kBaseRadius, 1e-12);
  EXPECT_NEAR(Gap(s, s.units[0], s.units[2]), 10 - 3.75 - kBaseRadius, 1e-12);
  EXPECT_NEAR(Gap(s, s.units[0], s.units[3]), 3.5 - 1.5, 1e-12);
  EXPECT_EQ(Gap(s, s.units[1], s.units[4]), 0.0);  // overlapping bases: no gap
  // Turned a quarter, the isigaba is 7.5" along y: the figure ahead is now
  // beside its long side.
  s.units[0].facing = 90;  // east
  EXPECT_EQ(Gap(s, s.units[0], s.units[1]), 0.0);  // 0.25" from its end, a base's radius 0.375"
  s.units[1].position = Vec2(20, 25);
  EXPECT_NEAR(Gap(s, s.units[0], s.units[1]), 1.25 - kBaseRadius, 1e-12);
}

TEST(PaganoGround, Cover_000_BrushIsSoftABarricadeRegularABuildingHeavy) {
  BattleState s = Table();
  s.units.push_back(Figure("firer", 10, 5));
  s.units.push_back(Isigaba("in brush", 10, 20));
  s.units.push_back(Isigaba("behind the barricade", 30, 20, 180.0));
  s.units.push_back(Figure("in the storehouse", 50, 20));
  s.terrain.push_back(Piece("bush", TerrainKind::kScrub, {{4, 16}, {16, 16}, {16, 24}, {4, 24}}, false));
  s.terrain.push_back(Piece("bags", TerrainKind::kMealieBags, {{24, 18.5}, {36, 18.5}}, true));
  s.terrain.push_back(Piece("store", TerrainKind::kBuilding, {{46, 16}, {54, 16}, {54, 24}, {46, 24}}, false));
  Explanation why;
  EXPECT_EQ(MissileCover(s, s.units[1], s.units[0], &why), CoverClass::kSoft);
  EXPECT_THAT(why.text, HasSubstr("Soft Cover"));
  // "Soft Cover = Brush, low dirt mound, wagons, Zulu hut, cattle Regular
  // Cover = Wall, barricade, boulders, palisade Heavy Cover = Building".
  Unit firer2 = Figure("firer2", 30, 5);
  s.units.push_back(firer2);
  EXPECT_EQ(MissileCover(s, s.units[2], s.units.back(), &why), CoverClass::kRegular);
  EXPECT_THAT(why.text, HasSubstr("Regular Cover"));
  Unit firer3 = Figure("firer3", 50, 5);
  s.units.push_back(firer3);
  EXPECT_EQ(MissileCover(s, s.units[3], s.units.back(), &why), CoverClass::kHeavy);
}

TEST(PaganoGround, Cover_000_ABarricadeShieldsOnlyFromFireAcrossIt) {
  BattleState s = Table();
  s.terrain.push_back(Piece("bags", TerrainKind::kMealieBags, {{24, 18.5}, {36, 18.5}}, true));
  s.units.push_back(Isigaba("behind", 30, 20, 180.0));
  s.units.push_back(Figure("across", 30, 5));    // fires across the bags
  s.units.push_back(Figure("same side", 30, 40));  // fires from behind the Zulus
  s.units.push_back(Isigaba("far", 30, 30, 180.0));  // 10" back from the bags
  EXPECT_EQ(MissileCover(s, s.units[0], s.units[1], nullptr), CoverClass::kRegular);
  EXPECT_EQ(MissileCover(s, s.units[0], s.units[2], nullptr), CoverClass::kNone);
  EXPECT_EQ(MissileCover(s, s.units[3], s.units[1], nullptr), CoverClass::kNone);
}

TEST(PaganoGround, Cover_000_SoftIsIgnoredWhereRegularAlsoAppliesAndMountedHaveNone) {
  BattleState s = Table();
  s.terrain.push_back(Piece("bush", TerrainKind::kScrub, {{20, 16}, {40, 16}, {40, 24}, {20, 24}}, false));
  s.terrain.push_back(Piece("wall", TerrainKind::kWall, {{24, 18.5}, {36, 18.5}}, true));
  s.units.push_back(Isigaba("in brush behind a wall", 30, 20, 180.0));
  s.units.push_back(Figure("firer", 30, 5));
  // "The soft cover modifier is ignored if Regular or Heavy cover also applies."
  EXPECT_EQ(MissileCover(s, s.units[0], s.units[1], nullptr), CoverClass::kRegular);
  // "Cover does not apply to mounted troops."
  s.units.push_back(Figure("trooper", 30, 19.6));
  s.units.back().kind = UnitKind::kMountedInfantry;
  s.units.back().stance = Stance::kMounted;
  Explanation why;
  EXPECT_EQ(MissileCover(s, s.units.back(), s.units[1], &why), CoverClass::kNone);
  EXPECT_THAT(why.text, HasSubstr("mounted"));
}

TEST(PaganoGround, Cover_000_TheDongaEdgeShieldsThoseInsideFromFireOutside) {
  BattleState s = Table();
  s.terrain.push_back(Piece("donga", TerrainKind::kDonga, {{10, 20}, {60, 20}, {60, 26}, {10, 26}}, false));
  s.units.push_back(Figure("against the edge", 30, 20.5));
  s.units.push_back(Figure("middle of the donga", 30, 23));
  s.units.push_back(Isigaba("outside", 30, 5));
  s.units.push_back(Isigaba("in the donga too", 50, 23));
  // "donga edge provides cover versus missile fire to troops in the donga
  // pressed against the edge when fired upon by troops outside that edge."
  EXPECT_EQ(MissileCover(s, s.units[0], s.units[2], nullptr), CoverClass::kRegular);
  EXPECT_EQ(MissileCover(s, s.units[1], s.units[2], nullptr), CoverClass::kNone);
  EXPECT_EQ(MissileCover(s, s.units[0], s.units[3], nullptr), CoverClass::kNone);
  // "Regular Cover = behind donga edge" is missile fire only; a terrace
  // given its feature is melee cover only.
  s.terrain.push_back(Piece("terrace", TerrainKind::kHill, {{10, 30}, {60, 30}}, true));
  MutableOwnState(s).features.push_back({"terrace", Feature::kTopOfTerrace});
  EXPECT_EQ(FeatureOf(s, s.terrain.back()), Feature::kTopOfTerrace);
  s.units.push_back(Figure("on the terrace", 30, 30.5));
  EXPECT_EQ(MissileCover(s, s.units.back(), s.units[2], nullptr), CoverClass::kNone);
}

TEST(PaganoGround, Cover_000_AWagonIsSoftCoverForThoseCloseBehindIt) {
  BattleState s = Table();
  Unit wagon = Figure("wagon", 30, 18);
  wagon.kind = UnitKind::kWagon;
  wagon.figures.fit = 0;
  s.units.push_back(wagon);
  s.units.push_back(Figure("behind the wagon", 30, 19.8));
  s.units.push_back(Isigaba("firing", 30, 5));
  s.units.push_back(Isigaba("firing from the side", 50, 19.8, 270.0));
  EXPECT_EQ(MissileCover(s, s.units[1], s.units[2], nullptr), CoverClass::kSoft);
  EXPECT_EQ(MissileCover(s, s.units[1], s.units[3], nullptr), CoverClass::kNone);
}

TEST(PaganoGround, TheOwnStateNamesATerrainsFeatureElseItsKindDoes) {
  BattleState s = Table();
  s.terrain.push_back(Piece("boxes", TerrainKind::kBarricade, {{0, 0}, {1, 0}}, true));
  s.terrain.push_back(Piece("kopje", TerrainKind::kRocks, {{0, 0}, {1, 0}, {1, 1}}, false));
  EXPECT_EQ(FeatureOf(s, s.terrain[0]), Feature::kBarricade);
  EXPECT_EQ(FeatureOf(s, s.terrain[1]), Feature::kBoulders);
  MutableOwnState(s).features.push_back({"boxes", Feature::kRaisedRedoubt});
  EXPECT_EQ(FeatureOf(s, s.terrain[0]), Feature::kRaisedRedoubt);
  EXPECT_TRUE(CheckOwnState(s).ok());
  MutableOwnState(s).features.push_back({"boxes", Feature::kPalisade});
  EXPECT_THAT(std::string(CheckOwnState(s).message()), HasSubstr("state.pagano.features[1].terrain_id"));
  MutableOwnState(s).features.back() = {"nowhere", Feature::kPalisade};
  EXPECT_THAT(std::string(CheckOwnState(s).message()), HasSubstr("names no terrain"));
}

}  // namespace
}  // namespace impi::pagano
