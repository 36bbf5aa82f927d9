// Pagano's built-in battles (engine/rulesets/pagano/scenarios.h): each
// builds a whole state the rule set's own checks accept, with every unit on
// the table on its own ground, the izigaba of twenty, the crews' pieces, the
// buildings' openings, and the orders of battle of
// docs/scenarios/pagano_rorkes_drift.md and pagano_isandlwana.md.
#include "engine/rulesets/pagano/scenarios.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::pagano {
namespace {

using ::testing::HasSubstr;

BattleState Build(std::string_view name) {
  absl::StatusOr<BattleState> s = BuildScenario(name);
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? *std::move(s) : BattleState{};
}

// The figures of each kind and category, as the scenario pages count them.
struct Counts {
  int rankers = 0;         // foot rankers (INFANTRY, category ranker)
  int mounted = 0;         // CAVALRY, MOUNTED_INFANTRY, NATIVE_HORSE figures
  int horse_holders = 0;
  int crews = 0;           // artillery crew
  int officers = 0;
  int non_combatants = 0;  // not counting the invalids
  int invalids = 0;
  int medical_corps = 0;   // SURGEON
  int pieces = 0;          // GUN, GATLING, ROCKETS
  int limbered = 0;
  int wagons = 0;
  int nnc = 0;             // NNC "izigaba"
  int izigaba = 0;         // Zulu izigaba
  int zulu_figures = 0;
  int sharpshooters = 0;
  int cattle = 0;
  int indunas = 0;
  int mounted_indunas = 0;
};

Counts Count(const BattleState& s) {
  Counts c;
  for (const Unit& u : s.units) {
    const PaganoUnit* e = UnitState(s, u);
    EXPECT_NE(e, nullptr) << u.id.str();
    if (e == nullptr) continue;
    if (u.side == Side::kZulu) {
      if (u.kind == UnitKind::kIsigaba) {
        ++c.izigaba;
        c.zulu_figures += u.figures.fit;
        c.sharpshooters += e->sharpshooters;
        c.cattle += e->cattle;
      } else if (u.kind == UnitKind::kInduna) {
        ++c.indunas;
        c.mounted_indunas += u.stance == Stance::kMounted;
      }
      continue;
    }
    if (IsPiece(u)) {
      ++c.pieces;
      c.limbered += u.status.limbered;
      continue;
    }
    switch (u.kind) {
      case UnitKind::kWagon:
        ++c.wagons;
        continue;
      case UnitKind::kNativeFoot:
        ++c.nnc;
        continue;
      case UnitKind::kSurgeon:
        ++c.medical_corps;
        continue;
      case UnitKind::kCavalry:
      case UnitKind::kMountedInfantry:
      case UnitKind::kNativeHorse:
        ++c.mounted;
        c.horse_holders += e->horse_holder;
        continue;
      default:
        break;
    }
    if (e->invalid) {
      ++c.invalids;
      continue;
    }
    switch (e->category) {
      case BritCategory::kRanker:
        ++c.rankers;
        break;
      case BritCategory::kArtilleryCrew:
        ++c.crews;
        break;
      case BritCategory::kOfficer:
        ++c.officers;
        break;
      case BritCategory::kNonCombatant:
        ++c.non_combatants;
        break;
    }
  }
  return c;
}

bool Inside(const Footprint& f, const BattleState& s) {
  std::vector<Vec2> points;
  if (f.rectangle) {
    points.assign(f.corners.begin(), f.corners.end());
  } else {
    points = {f.centre + Vec2(f.radius, 0), f.centre - Vec2(f.radius, 0), f.centre + Vec2(0, f.radius),
              f.centre - Vec2(0, f.radius)};
  }
  for (const Vec2& p : points) {
    if (p.x() < 0 || p.y() < 0 || p.x() > s.table.width || p.y() > s.table.height) return false;
  }
  return true;
}

TEST(PaganoScenarios, NamesAndAnUnknownName) {
  EXPECT_THAT(ScenarioNames(), ::testing::ElementsAre("rorkes_drift", "isandlwana_tactical"));
  const absl::StatusOr<BattleState> none = BuildScenario("khambula");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(none.status().message(), HasSubstr("rorkes_drift, isandlwana_tactical"));
}

TEST(PaganoScenarios, EveryScenarioIsAWholeStartOfPaganosBattle) {
  for (const std::string& name : ScenarioNames()) {
    SCOPED_TRACE(name);
    const BattleState s = Build(name);
    EXPECT_EQ(s.ruleset, kRulesetId);
    EXPECT_EQ(s.scenario, name);
    EXPECT_EQ(s.clock.turn, 1);
    EXPECT_GT(s.table.width, 0);
    EXPECT_GT(s.table.height, 0);
    EXPECT_TRUE(CheckOwnState(s).ok()) << CheckOwnState(s);
    const PaganoState* own = OwnState(s);
    ASSERT_NE(own, nullptr);
    EXPECT_TRUE(own->KeyedTo(s));
    EXPECT_EQ(own->phase, Phase::kZuluMovement);  // "1) Zulu Movement"
    EXPECT_EQ(own->month, 1);                     // January: the riflemen table's left column
    EXPECT_GT(s.ParameterOr(kLastTurnParameter, 0), 0);
    // Unit ids are unique, and every unit has a name.
    for (size_t i = 0; i < s.units.size(); ++i) {
      EXPECT_EQ(s.UnitIndex(s.units[i].id), static_cast<int>(i)) << s.units[i].id.str();
      EXPECT_FALSE(s.units[i].name.str().empty()) << s.units[i].id.str();
    }
    // "keep the unit count playable"
    EXPECT_LT(s.units.size(), 200u);
    // The same name builds the same battle.
    const BattleState again = Build(name);
    ASSERT_EQ(again.units.size(), s.units.size());
    for (size_t i = 0; i < s.units.size(); ++i) {
      EXPECT_EQ(again.units[i].id, s.units[i].id);
      EXPECT_TRUE(again.units[i].position == s.units[i].position);
    }
  }
  EXPECT_EQ(Build("rorkes_drift").scale, impi::Scale::kSkirmish);
  EXPECT_EQ(Build("isandlwana_tactical").scale, impi::Scale::kTactical);
}

TEST(PaganoScenarios, EveryIsigabaHasTwentyFiguresAndItsRiflemenUnrolled) {
  for (const std::string& name : ScenarioNames()) {
    SCOPED_TRACE(name);
    const BattleState s = Build(name);
    for (const Unit& u : s.units) {
      if (!IsIsigaba(u)) continue;
      SCOPED_TRACE(u.id.str());
      // "The Zulu force must be divided up into "izigaba" of twenty figures each."
      EXPECT_EQ(u.figures.fit, kIsigabaFigures);
      const PaganoUnit* e = UnitState(s, u);
      ASSERT_NE(e, nullptr);
      EXPECT_EQ(e->riflemen_rolled, -1);  // "roll a d10 the first time it fires"
      EXPECT_GE(FrontageOf(s, u), kMinFrontage);
      // "NNC "izigaba" always have 1 rifleman."
      if (u.kind == UnitKind::kNativeFoot) {
        EXPECT_EQ(u.figures.riflemen, 1);
      }
    }
  }
}

TEST(PaganoScenarios, EveryUnitStandsOnTheTableOnItsOwnGround) {
  for (const std::string& name : ScenarioNames()) {
    SCOPED_TRACE(name);
    const BattleState s = Build(name);
    int impassable = 0;
    for (const Terrain& t : s.terrain) impassable += t.impassable;
    EXPECT_GE(impassable, 1);  // each has a piece to keep off
    for (size_t i = 0; i < s.units.size(); ++i) {
      const Unit& a = s.units[i];
      SCOPED_TRACE(a.id.str());
      EXPECT_TRUE(a.OnTable());
      const Footprint fa = FootprintOf(s, a);
      EXPECT_TRUE(Inside(fa, s));
      for (size_t j = i + 1; j < s.units.size(); ++j) {
        EXPECT_GT(Gap(s, a, s.units[j]), 0.0) << a.id.str() << " touches " << s.units[j].id.str();
      }
      for (const Terrain& t : s.terrain) {
        if (!t.impassable) continue;
        EXPECT_FALSE(PointInPolygon(a.position, t.outline)) << t.id;
        EXPECT_GT(GapToOutline(fa, t), 0.0) << t.id;
      }
    }
  }
}

// No base stands across a wall, a barricade, the ledge or a room's wall:
// each is wholly on one side (behind it, inside the room, or out).
TEST(PaganoScenarios, NoBaseStandsAcrossAWallABarricadeOrARoomsWall) {
  for (const std::string& name : ScenarioNames()) {
    SCOPED_TRACE(name);
    const BattleState s = Build(name);
    int lines = 0;
    for (const Terrain& t : s.terrain) {
      const Feature f = FeatureOf(s, t);
      const bool line = f == Feature::kWall || f == Feature::kBarricade ||
                        f == Feature::kBarricadeOnEdge || f == Feature::kRaisedRedoubt ||
                        f == Feature::kTopOfTerrace || f == Feature::kBuilding;
      if (!line) continue;
      ++lines;
      for (const Unit& u : s.units) {
        EXPECT_GT(GapToOutline(FootprintOf(s, u), t), 0.0) << u.id.str() << " on " << t.id;
      }
    }
    if (name == "rorkes_drift") {
      EXPECT_EQ(lines, 14);  // 7 rooms, 3 walls, the biscuit boxes, the redoubt, the kraal, the ledge
    }
  }
}

TEST(PaganoScenarios, EveryCrewFigureMansAPieceAndEveryPieceHasTwoOrThreeCrew) {
  for (const std::string& name : ScenarioNames()) {
    SCOPED_TRACE(name);
    const BattleState s = Build(name);
    std::vector<int> crew(s.units.size(), 0);
    for (const Unit& u : s.units) {
      const PaganoUnit* e = UnitState(s, u);
      ASSERT_NE(e, nullptr);
      if (e->category != BritCategory::kArtilleryCrew || IsPiece(u)) continue;
      const Unit* piece = UnitAt(s, e->crew_of);
      ASSERT_NE(piece, nullptr) << u.id.str();
      EXPECT_TRUE(IsPiece(*piece)) << u.id.str();
      ++crew[static_cast<size_t>(s.UnitIndex(piece->id))];
    }
    for (size_t h = 0; h < s.units.size(); ++h) {
      if (!IsPiece(s.units[h])) continue;
      // "plus 2-3 figures used for the crews"
      EXPECT_GE(crew[h], 2) << s.units[h].id.str();
      EXPECT_LE(crew[h], 3) << s.units[h].id.str();
    }
  }
}

TEST(PaganoScenarios, RorkesDriftRoomsHaveOpeningsAndHoldTheirFiguresWhole) {
  const BattleState s = Build("rorkes_drift");
  int rooms = 0, hospital_openings = 0, store_openings = 0;
  for (const Terrain& t : s.terrain) {
    if (FeatureOf(s, t) != Feature::kBuilding) continue;
    ++rooms;
    // "only one Brit figure may fire through each window, door, breech, or loophole"
    EXPECT_GT(OpeningsOf(s, t), 0) << t.id;
    EXPECT_EQ(t.cover_class, static_cast<int>(CoverClass::kHeavy)) << t.id;
    (t.id.rfind("hospital", 0) == 0 ? hospital_openings : store_openings) += OpeningsOf(s, t);
  }
  EXPECT_EQ(rooms, 7);  // five rooms of the hospital, two of the storehouse
  EXPECT_EQ(hospital_openings, 17);
  EXPECT_EQ(store_openings, 7);
  int in_hospital = 0, in_store = 0;
  for (const Unit& u : s.units) {
    const Terrain* room = BuildingOf(s, u);
    if (room == nullptr) continue;
    SCOPED_TRACE(u.id.str());
    EXPECT_EQ(u.side, Side::kBritish);
    EXPECT_GT(GapToOutline(FootprintOf(s, u), *room), 0.0);  // wholly inside its room
    (room->id.rfind("hospital", 0) == 0 ? in_hospital : in_store) += 1;
  }
  EXPECT_EQ(in_hospital, 40);  // 35 patients and six of B Company
  EXPECT_EQ(in_store, 11);     // ten of B Company and Dunne
  // Every invalid is in the hospital.
  for (const Unit& u : s.units) {
    const PaganoUnit* e = UnitState(s, u);
    if (e == nullptr || !e->invalid) continue;
    const Terrain* room = BuildingOf(s, u);
    ASSERT_NE(room, nullptr) << u.id.str();
    EXPECT_EQ(room->id.rfind("hospital", 0), 0u) << u.id.str();
  }
}

TEST(PaganoScenarios, RorkesDriftOrderOfBattleAsDocumented) {
  const BattleState s = Build("rorkes_drift");
  const Counts c = Count(s);
  EXPECT_EQ(c.rankers, 107);  // 80 of B Coy, 15 of other corps, 11 patients, Byrne
  EXPECT_EQ(c.officers, 3);   // Chard, Bromhead, Dalton
  EXPECT_EQ(c.non_combatants, 5);  // Dunne, the chaplain, three orderlies
  EXPECT_EQ(c.invalids, 24);
  EXPECT_EQ(c.medical_corps, 1);   // Surgeon Reynolds
  EXPECT_EQ(c.rankers + c.officers + c.non_combatants + c.invalids + c.medical_corps, 140);
  EXPECT_EQ(c.crews + c.pieces + c.mounted + c.nnc, 0);
  EXPECT_EQ(c.wagons, 2);
  EXPECT_EQ(c.izigaba, 12);
  EXPECT_EQ(c.zulu_figures, 240);  // 3,600 men at 15 a figure
  EXPECT_EQ(c.sharpshooters, 1);
  EXPECT_EQ(c.cattle, 0);
  EXPECT_EQ(c.indunas, 3);
  EXPECT_EQ(c.mounted_indunas, 1);  // Dabulamanzi
  int b_coy = 0;
  for (const Unit& u : s.units) {
    b_coy += u.name.str().find("B Coy 2/24th") != std::string::npos && u.kind == UnitKind::kInfantry;
  }
  EXPECT_EQ(b_coy, 80);
  EXPECT_EQ(s.ParameterOr(kLastTurnParameter, 0), 20);
  // Dalton fights with a rifle; the other officers with pistols.
  EXPECT_EQ(UnitState(s, *s.FindUnit("dalton"))->weapon, Weapon::kMartiniHenry);
  EXPECT_FALSE(UnitState(s, *s.FindUnit("chard"))->weapon.has_value());
}

TEST(PaganoScenarios, RorkesDriftCoverIsReadOffTheWallsTheLedgeAndTheBuildings) {
  const BattleState s = Build("rorkes_drift");
  const Unit& bourne = *s.FindUnit("bourne");            // at the front wall
  const Unit& invalid = *s.FindUnit("invalid_1");        // in the hospital
  const Unit& allen = *s.FindUnit("allen");              // at the back wall
  const Unit& from_west = *s.FindUnit("udloko_2");       // north-west, below the ledge
  const Unit& from_south = *s.FindUnit("indluyengwe_2");  // on the Oskarberg
  EXPECT_EQ(MissileCover(s, bourne, from_west, nullptr), CoverClass::kRegular);
  // "Heavy Cover = Barricades ... placed in combination with a donga edge or terrace"
  EXPECT_EQ(MeleeCoverOf(s, bourne, from_west, nullptr), CoverClass::kHeavy);
  EXPECT_EQ(MissileCover(s, invalid, from_west, nullptr), CoverClass::kHeavy);
  EXPECT_EQ(MissileCover(s, allen, from_south, nullptr), CoverClass::kRegular);
  EXPECT_EQ(MeleeCoverOf(s, allen, from_south, nullptr), CoverClass::kRegular);
  // The ledge is a terrace, the redoubt raised, the kraal's walls walls.
  const auto feature = [&](const char* id) {
    for (const Terrain& t : s.terrain) {
      if (t.id == id) return FeatureOf(s, t);
    }
    return Feature::kOpen;
  };
  EXPECT_EQ(feature("ledge"), Feature::kTopOfTerrace);
  EXPECT_EQ(feature("front_wall"), Feature::kBarricadeOnEdge);
  EXPECT_EQ(feature("redoubt"), Feature::kRaisedRedoubt);
  EXPECT_EQ(feature("kraal"), Feature::kWall);
  EXPECT_EQ(feature("biscuit_box_line"), Feature::kBarricade);
  EXPECT_EQ(feature("bush"), Feature::kBrush);
}

// Every figure at a wall stands behind it: Regular cover against fire from
// straight out beyond it ("Regular Cover = Wall, barricade").
TEST(PaganoScenarios, RorkesDriftTheMenOnTheWallsAreBehindThem) {
  const BattleState s = Build("rorkes_drift");
  const struct {
    const char* wall;
    Vec2 out;  // the way out, beyond the wall
    int manned;
  } walls[] = {
      {"front_wall", Vec2(0, 8), 48},
      {"back_wall_west", Vec2(0, -8), 8},
      {"back_wall_east", Vec2(0, -8), 6},
      {"kraal", Vec2(8, 0), 7},  // six on its east wall, the front wall's last man at its corner
  };
  for (const auto& w : walls) {
    SCOPED_TRACE(w.wall);
    const Terrain* wall = nullptr;
    for (const Terrain& t : s.terrain) {
      if (t.id == w.wall) wall = &t;
    }
    ASSERT_NE(wall, nullptr);
    int manned = 0;
    for (const Unit& u : s.units) {
      if (!IsBritishFigure(u) || GapToOutline(FootprintOf(s, u), *wall) > kBehind) continue;
      if (BuildingOf(s, u) != nullptr) continue;  // in a room by the wall's end
      Unit zulu = s.units[static_cast<size_t>(s.UnitIndex("uthulwana_1"))];
      zulu.position = u.position + w.out;
      EXPECT_EQ(MissileCover(s, u, zulu, nullptr), CoverClass::kRegular) << u.id.str();
      ++manned;
    }
    EXPECT_EQ(manned, w.manned);
  }
}

TEST(PaganoScenarios, IsandlwanaOrderOfBattleAsDocumented) {
  const BattleState s = Build("isandlwana_tactical");
  const Counts c = Count(s);
  EXPECT_EQ(c.rankers, 19);        // five companies of the 1/24th (3 each), G Coy 2/24th (4)
  EXPECT_EQ(c.mounted, 16);        // 12 Natal Native Horse, 4 volunteers and police
  EXPECT_EQ(c.horse_holders, 4);   // "one ... for every four mounted figures"
  EXPECT_EQ(c.crews, 8);           // three a gun, two the rockets
  EXPECT_EQ(c.pieces, 3);
  EXPECT_EQ(c.limbered, 1);        // the rockets
  EXPECT_EQ(c.officers, 3);        // Pulleine, Durnford, Stuart Smith
  EXPECT_EQ(c.non_combatants + c.invalids, 0);
  EXPECT_EQ(c.medical_corps, 1);   // Surgeon-Major Shepherd
  EXPECT_EQ(c.wagons, 6);
  EXPECT_EQ(c.nnc, 2);
  EXPECT_EQ(c.izigaba, 31);
  EXPECT_EQ(c.zulu_figures, 620);  // 15,500 men at 25 a figure
  EXPECT_EQ(c.sharpshooters, 0);
  EXPECT_EQ(c.cattle, 8);          // two before each of four izigaba
  EXPECT_EQ(c.indunas, 5);
  EXPECT_EQ(c.mounted_indunas, 0);
  EXPECT_EQ(s.ParameterOr(kLastTurnParameter, 0), 15);
  int with_cattle = 0;
  for (const Unit& u : s.units) {
    const PaganoUnit* e = UnitState(s, u);
    if (e != nullptr && e->cattle > 0) {
      ++with_cattle;
      EXPECT_EQ(e->cattle, kMostCattle) << u.id.str();
      EXPECT_EQ(u.kind, UnitKind::kIsigaba) << u.id.str();
    }
  }
  EXPECT_EQ(with_cattle, 4);
}

TEST(PaganoScenarios, IsandlwanaDurnfordsMenAreInTheDongaAgainstItsEdge) {
  const BattleState s = Build("isandlwana_tactical");
  const Unit& horse = *s.FindUnit("nnh_1");
  const Unit& horn = *s.FindUnit("ingobamakhosi_1");
  // "donga edge provides cover versus missile fire to troops in the donga
  // pressed against the edge when fired upon by troops outside that edge"
  // (dismounted: "Cover does not apply to mounted troops").
  EXPECT_EQ(horse.stance, Stance::kDismounted);
  Explanation why;
  EXPECT_EQ(MissileCover(s, horse, horn, &why), CoverClass::kRegular);
  // The guns stand unlimbered in the line, each with its crew.
  EXPECT_FALSE(s.FindUnit("gun_1")->status.limbered);
  EXPECT_TRUE(s.FindUnit("rockets")->status.limbered);
  EXPECT_EQ(UnitAt(s, UnitState(s, *s.FindUnit("gun_2_crew_3"))->crew_of)->id.str(), "gun_2");
}

}  // namespace
}  // namespace impi::pagano
