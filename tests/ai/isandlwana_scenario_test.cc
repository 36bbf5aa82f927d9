// The built-in Isandlwana scenario (engine/scenarios/isandlwana.json): it
// parses, its order of battle keeps Ferree's organisation (regiments of
// trays of 25 sized by the resolve table's rows, an induna and a sniper per
// regiment, four divisions), and the armies stand where the history put
// them.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ai/doctrine/ferree/ferree_doctrine.h"
#include "clients/cli/request_io.h"
#include "clients/cli/simulate.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/ferree.h"
#include "gtest/gtest.h"
#include "service/convert.h"

namespace impi::ai {
namespace {

BattleState Isandlwana() {
  absl::StatusOr<v1::TableState> table = cli::LoadScenario("isandlwana");
  EXPECT_TRUE(table.ok()) << table.status();
  return table.ok() ? service::ToEngine(*table) : BattleState{};
}

std::vector<const Unit*> OfKind(const BattleState& s, UnitKind kind) {
  std::vector<const Unit*> out;
  for (const Unit& u : s.units) {
    if (u.kind == kind) out.push_back(&u);
  }
  return out;
}

const Terrain* TerrainById(const BattleState& s, const std::string& id) {
  for (const Terrain& t : s.terrain) {
    if (t.id == id) return &t;
  }
  return nullptr;
}

double DistanceToPolygon(const Vec2& p, const std::vector<Vec2>& poly) {
  if (PointInPolygon(p, poly)) return 0.0;
  double best = 1e9;
  for (size_t i = 0; i < poly.size(); ++i) {
    const Vec2& a = poly[i];
    const Vec2& b = poly[(i + 1) % poly.size()];
    const Vec2 ab = b - a;
    const double t = std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
    best = std::min(best, Distance(p, a + t * ab));
  }
  return best;
}

// RULES against the scripted British, seeds 1-12: each side wins at least
// one battle.
void ExpectEitherSideWins(const BattleState& start) {
  const absl::StatusOr<arena::MatchOptions> o = cli::MatchOptionsOf(cli::SimulateOptions{});
  ASSERT_TRUE(o.ok()) << o.status();
  int zulu = 0, british = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    absl::StatusOr<arena::MatchRecord> g = arena::PlayMatch(*FindRuleset(start.ruleset), start, seed, *o);
    ASSERT_TRUE(g.ok()) << g.status();
    zulu += g->winner == Side::kZulu ? 1 : 0;
    british += g->winner == Side::kBritish ? 1 : 0;
  }
  EXPECT_GT(zulu, 0) << start.scenario;
  EXPECT_GT(british, 0) << start.scenario;
}

// 001, 4. Zulu player deploys his troops: trays adjacent to or behind their
// regiment's, no regiment of another division between a division's regiments.
TEST(IsandlwanaScenarioTest, TheZuluDeploymentKeepsTheRules) {
  absl::StatusOr<v1::TableState> table = cli::LoadScenario("isandlwana");
  ASSERT_TRUE(table.ok()) << table.status();
  absl::StatusOr<BattleState> state = service::StateFromProto(*table);
  ASSERT_TRUE(state.ok()) << state.status();
  std::string tray;
  EXPECT_EQ(ferree::ZuluDeploymentBreach(*state, &tray), "") << tray;
}

// isandlwana_even (designed, docs/scenarios/isandlwana.md, "The even
// battle"): the same table and British, the Zulus less the iMbube, iNdlondlo,
// iNdluyengwe and uDloko (their trays, indunas and snipers); it passes the
// checks, deploys by 001 4., and RULES against the scripted British plays it
// to an end that either side can win.
TEST(IsandlwanaScenarioTest, TheEvenBattleIsIsandlwanaLessFourRegiments) {
  absl::StatusOr<v1::TableState> table = cli::LoadScenario("isandlwana_even");
  ASSERT_TRUE(table.ok()) << table.status();
  absl::StatusOr<BattleState> even = service::StateFromProto(*table);
  ASSERT_TRUE(even.ok()) << even.status();
  std::string tray;
  EXPECT_EQ(ferree::ZuluDeploymentBreach(*even, &tray), "") << tray;
  const BattleState full = Isandlwana();
  const std::set<std::string> dropped = {"imbube", "indlondlo", "indluyengwe", "udloko"};
  auto regiment_of = [](const Unit& u) -> std::string {
    const std::string& p = u.kind == UnitKind::kRegiment ? u.id : u.parent;
    return p.rfind("r_", 0) == 0 ? p.substr(2) : std::string();
  };
  std::set<std::string> kept_ids;
  for (const Unit& u : even->units) kept_ids.insert(u.id);
  for (const Unit& u : full.units) {
    const bool gone = dropped.count(regiment_of(u)) > 0;
    EXPECT_EQ(kept_ids.count(u.id), gone ? 0u : 1u) << u.id;
    if (gone) continue;
    const Unit* same = even->FindUnit(u.id);
    ASSERT_NE(same, nullptr) << u.id;
    EXPECT_EQ(same->position, u.position) << u.id;
    EXPECT_EQ(same->figures.fit, u.figures.fit) << u.id;
  }
  EXPECT_EQ(even->units.size(), kept_ids.size());
  EXPECT_EQ(OfKind(*even, UnitKind::kRegiment).size(), 9u);
  EXPECT_EQ(OfKind(*even, UnitKind::kTray).size(), 68u);

  ExpectEitherSideWins(*even);
}

// isandlwana_ridge (designed, docs/scenarios/isandlwana.md, "The ridge"):
// the left of the firing line and the chest from the full battle, each unit
// as it stands there (the same table, terrain and points); it passes the
// checks, deploys by 001 4., and RULES against the scripted British plays it
// to an end that either side can win.
TEST(IsandlwanaScenarioTest, TheRidgeIsTheLeftOfTheLineAgainstTheChest) {
  absl::StatusOr<v1::TableState> table = cli::LoadScenario("isandlwana_ridge");
  ASSERT_TRUE(table.ok()) << table.status();
  absl::StatusOr<BattleState> ridge = service::StateFromProto(*table);
  ASSERT_TRUE(ridge.ok()) << ridge.status();
  EXPECT_EQ(ridge->scenario, "isandlwana_ridge");
  std::string tray;
  EXPECT_EQ(ferree::ZuluDeploymentBreach(*ridge, &tray), "") << tray;
  const BattleState full = Isandlwana();
  EXPECT_EQ(ridge->terrain.size(), full.terrain.size());
  EXPECT_EQ(ridge->points.size(), full.points.size());
  const std::set<std::string> british = {"e_coy_1_24", "f_coy_1_24", "c_coy_1_24",
                                         "nnc_barry",  "nnh_roberts", "nnh_raw", "surgeon"};
  const std::set<std::string> chest = {"r_ukhandempemvu", "r_umxapho", "r_umbonambi"};
  int wagons = 0;
  for (const Unit& u : ridge->units) {
    const Unit* same = full.FindUnit(u.id);
    ASSERT_NE(same, nullptr) << u.id;
    EXPECT_EQ(same->position, u.position) << u.id;
    EXPECT_EQ(same->figures.fit, u.figures.fit) << u.id;
    if (u.side == Side::kBritish) {
      if (u.kind == UnitKind::kWagon) {
        ++wagons;
      } else {
        EXPECT_EQ(british.count(u.id), 1u) << u.id;
      }
    } else if (u.kind == UnitKind::kRegiment) {
      EXPECT_EQ(chest.count(u.id), 1u) << u.id;
      EXPECT_EQ(ferree::UnitOf(*ridge, u.id).division, ferree::UnitOf(full, u.id).division);
    } else if (!u.parent.empty()) {
      EXPECT_EQ(chest.count(u.parent.str()), 1u) << u.id;
    }
  }
  EXPECT_EQ(wagons, 12);
  EXPECT_EQ(OfKind(*ridge, UnitKind::kRegiment).size(), 3u);
  EXPECT_EQ(OfKind(*ridge, UnitKind::kTray).size(), 23u);

  ExpectEitherSideWins(*ridge);
}

TEST(IsandlwanaScenarioTest, PassesTheServiceAndRuleSetChecks) {
  absl::StatusOr<v1::TableState> table = cli::LoadScenario("isandlwana");
  ASSERT_TRUE(table.ok()) << table.status();
  absl::StatusOr<BattleState> state = service::StateFromProto(*table);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(state->ruleset, "FERREE_ISANDLWANA");
}

TEST(IsandlwanaScenarioTest, Header) {
  const BattleState s = Isandlwana();
  EXPECT_EQ(s.ruleset, "FERREE_ISANDLWANA");
  EXPECT_EQ(s.scenario, "isandlwana");
  EXPECT_EQ(s.scale, Scale::kTactical);
  EXPECT_EQ(s.table.width, 96);
  EXPECT_EQ(s.table.height, 72);
  EXPECT_EQ(s.clock.phase, Phase::kPreBattle);
  EXPECT_EQ(s.clock.turn, 1);
  EXPECT_EQ(s.clock.time_of_day, 8 * 60);
  EXPECT_EQ(s.clock.minutes_per_turn, 10);
  EXPECT_FALSE(impi::ferree::Own(s).situation.rolled);
}

TEST(IsandlwanaScenarioTest, EveryRegimentIsARowOfTheResolveTable) {
  // 001 Zulu Regiment's Resolve Test: the "Figures in Reg." column.
  const std::set<int> rows = {50, 75, 125, 150, 175, 200, 275, 450};
  const BattleState s = Isandlwana();
  const std::vector<const Unit*> regiments = OfKind(s, UnitKind::kRegiment);
  ASSERT_EQ(regiments.size(), 13u);
  int figures = 0;
  for (const Unit* r : regiments) {
    EXPECT_TRUE(rows.count(r->figures.starting)) << r->name << " " << r->figures.starting;
    int trays = 0;
    for (const Unit* t : OfKind(s, UnitKind::kTray)) trays += t->parent == r->id ? 1 : 0;
    EXPECT_EQ(r->figures.starting, 25 * trays) << r->name;
    EXPECT_EQ(r->figures.fit, 0) << "a regiment's figures are its trays'";
    figures += r->figures.starting;
  }
  // "about 20,000 men" at 1 figure = 10 men.
  EXPECT_GE(figures, 1800);
  EXPECT_LE(figures, 2500);
}

TEST(IsandlwanaScenarioTest, EveryTrayBelongsToARegimentAndHoldsTwentyFive) {
  const BattleState s = Isandlwana();
  const std::vector<const Unit*> trays = OfKind(s, UnitKind::kTray);
  ASSERT_FALSE(trays.empty());
  for (const Unit* t : trays) {
    const Unit* r = s.FindUnit(t->parent);
    ASSERT_NE(r, nullptr) << t->id;
    EXPECT_EQ(r->kind, UnitKind::kRegiment) << t->id;
    EXPECT_EQ(t->side, Side::kZulu);
    EXPECT_EQ(t->figures.fit, 25) << t->id;
  }
}

TEST(IsandlwanaScenarioTest, OneSniperAndOneIndunaPerRegimentAndTheCommanders) {
  const BattleState s = Isandlwana();
  std::map<std::string, int> snipers, indunas;
  std::set<int> division_indunas;
  int commanders = 0;
  for (const Unit* u : OfKind(s, UnitKind::kSniper)) {
    ++snipers[u->parent];
    EXPECT_EQ(u->figures.fit, 1);
  }
  for (const Unit* u : OfKind(s, UnitKind::kInduna)) {
    if (!u->parent.empty()) {
      ++indunas[u->parent];
    } else if (impi::ferree::UnitOf(s, u->id).division != 0) {
      EXPECT_TRUE(division_indunas.insert(impi::ferree::UnitOf(s, u->id).division).second) << u->name;
    } else {
      ++commanders;
    }
  }
  for (const Unit* r : OfKind(s, UnitKind::kRegiment)) {
    EXPECT_EQ(snipers[r->id], 1) << r->name;
    EXPECT_EQ(indunas[r->id], 1) << r->name;
  }
  EXPECT_EQ(snipers.size(), 13u) << "every sniper's parent is a regiment";
  EXPECT_EQ(indunas.size(), 13u);
  EXPECT_EQ(division_indunas, (std::set<int>{1, 2, 3, 4}));
  EXPECT_EQ(commanders, 1);
}

TEST(IsandlwanaScenarioTest, TheDivisionsOfTheHistory) {
  const BattleState s = Isandlwana();
  std::map<int, std::set<std::string>> divisions;
  for (const Unit* r : OfKind(s, UnitKind::kRegiment))
    divisions[impi::ferree::UnitOf(s, r->id).division].insert(r->name);
  EXPECT_EQ(divisions[1], (std::set<std::string>{"uDududu", "iSangqu", "iMbube", "uNokhenke"}));
  EXPECT_EQ(divisions[2], (std::set<std::string>{"uKhandempemvu", "uMxapho", "uMbonambi"}));
  EXPECT_EQ(divisions[3], (std::set<std::string>{"iNgobamakhosi", "uVe"}));
  EXPECT_EQ(divisions[4],
            (std::set<std::string>{"uThulwana", "iNdlondlo", "iNdluyengwe", "uDloko"}));
  EXPECT_EQ(divisions.size(), 4u);
}

TEST(IsandlwanaScenarioTest, TheBritishOrderOfBattle) {
  const BattleState s = Isandlwana();
  std::set<std::string> redcoats;
  for (const Unit* u : OfKind(s, UnitKind::kInfantry)) {
    EXPECT_TRUE(u->red_coat) << u->name;
    EXPECT_GE(u->figures.fit, 7);
    EXPECT_LE(u->figures.fit, 10);
    redcoats.insert(u->name.substr(0, u->name.find(" (")));
  }
  EXPECT_EQ(redcoats, (std::set<std::string>{"A Coy 1/24th", "C Coy 1/24th", "E Coy 1/24th",
                                             "F Coy 1/24th", "H Coy 1/24th", "G Coy 2/24th"}));
  const std::vector<const Unit*> guns = OfKind(s, UnitKind::kGun);
  ASSERT_EQ(guns.size(), 2u);
  for (const Unit* g : guns) {
    EXPECT_EQ(g->figures.fit, 4);
    EXPECT_FALSE(g->status.limbered);
  }
  EXPECT_EQ(OfKind(s, UnitKind::kRockets).size(), 1u);
  EXPECT_GE(OfKind(s, UnitKind::kNativeFoot).size(), 4u);
  EXPECT_GE(OfKind(s, UnitKind::kNativeHorse).size(), 4u);
  EXPECT_GE(OfKind(s, UnitKind::kMountedInfantry).size(), 2u);
  EXPECT_EQ(OfKind(s, UnitKind::kSurgeon).size(), 1u);
  // Every company finds its own wagon: a wagon's name is part of the names
  // of the units it supplies.
  const std::vector<const Unit*> wagons = OfKind(s, UnitKind::kWagon);
  EXPECT_EQ(wagons.size(), 12u) << "3 to a side for a laager";
  for (const Unit& u : s.units) {
    if (u.side != Side::kBritish || u.kind == UnitKind::kWagon || u.kind == UnitKind::kSurgeon) {
      continue;
    }
    const bool supplied = std::any_of(wagons.begin(), wagons.end(), [&](const Unit* w) {
      return u.name.find(w->name) != std::string::npos;
    });
    EXPECT_TRUE(supplied) << u.name << " has no wagon of its own";
  }
}

TEST(IsandlwanaScenarioTest, TheFiringLineStandsAtLeastFifteenInchesFromTheCamp) {
  // 001 1.D: "1-5 Deploy historically (at least 15" from camp)."
  const BattleState s = Isandlwana();
  const Terrain* camp = TerrainById(s, "camp");
  ASSERT_NE(camp, nullptr);
  EXPECT_EQ(camp->kind, TerrainKind::kCamp);
  int troops = 0;
  for (const Unit& u : s.units) {
    if (u.side != Side::kBritish || u.kind == UnitKind::kWagon || u.kind == UnitKind::kSurgeon ||
        u.off_table) {
      continue;
    }
    ++troops;
    EXPECT_GE(DistanceToPolygon(u.position, camp->outline), 15.0) << u.name;
  }
  EXPECT_GE(troops, 20);
  for (const Unit* w : OfKind(s, UnitKind::kWagon)) {
    EXPECT_TRUE(PointInPolygon(w->position, TerrainById(s, "wagon_park")->outline)) << w->id;
  }
}

TEST(IsandlwanaScenarioTest, TheZulusStandNorthAndNorthEastInTheirDivisions) {
  const BattleState s = Isandlwana();
  const std::vector<const Unit*> trays = OfKind(s, UnitKind::kTray);
  std::vector<Obstacle> impassable;
  for (const Terrain& t : s.terrain) {
    if (t.impassable) impassable.push_back(Obstacle::Polygon(t.outline));
  }
  std::map<int, double> mean_x;
  std::map<int, int> count;
  for (const Unit* t : trays) {
    const int division = impi::ferree::UnitOf(s, t->parent).division;
    EXPECT_GE(t->position.y(), 44.0) << t->id << ": north or north-east of the plain";
    EXPECT_LE(t->position.x() + 1.4, s.table.width) << t->id;
    EXPECT_LE(t->position.y() + 1.4, s.table.height) << t->id;
    for (const Obstacle& o : impassable) {
      EXPECT_FALSE(PointInPolygon(t->position, o.vertices)) << t->id;
    }
    for (const Unit* other : trays) {
      if (other != t) {
        EXPECT_GE(Distance(t->position, other->position), 2.75) << t->id;
      }
    }
    mean_x[division] += t->position.x();
    ++count[division];
  }
  for (auto& [d, x] : mean_x) x /= count[d];
  // The right horn on the west, the chest in the centre, the left horn east.
  EXPECT_LT(mean_x[1], mean_x[2]);
  EXPECT_LT(mean_x[2], mean_x[3]);
  // The trays of a regiment stand side by side or behind one another.
  for (const Unit* r : OfKind(s, UnitKind::kRegiment)) {
    std::vector<const Unit*> own;
    for (const Unit* t : trays) {
      if (t->parent == r->id) own.push_back(t);
    }
    for (const Unit* t : own) {
      double nearest = 1e9;
      for (const Unit* o : own) {
        if (o != t) nearest = std::min(nearest, Distance(t->position, o->position));
      }
      if (own.size() > 1) {
        EXPECT_LE(nearest, 3.01) << t->id;
      }
    }
  }
}

TEST(IsandlwanaScenarioTest, EntryPointsBehindTheCampAndTheWayToFugitivesDrift) {
  const BattleState s = Isandlwana();
  for (int n : {1, 2}) {
    const Point* p = s.FindPoint(PointKind::kEntry, n);
    ASSERT_NE(p, nullptr) << n;
    EXPECT_EQ(p->position.x(), 0.0) << "entry " << n << " on the west edge, behind iSandlwana";
    EXPECT_FALSE(p->british_entry);
  }
  EXPECT_TRUE(std::any_of(s.points.begin(), s.points.end(), [](const Point& p) {
    return p.name.find("Fugitives' Drift") != std::string::npos;
  }));
  const Terrain* hill = TerrainById(s, "isandlwana");
  ASSERT_NE(hill, nullptr);
  EXPECT_EQ(hill->kind, TerrainKind::kHill);
  EXPECT_TRUE(hill->blocks_los);
  const Terrain* donga = TerrainById(s, "nyogane_donga");
  ASSERT_NE(donga, nullptr);
  EXPECT_EQ(donga->kind, TerrainKind::kDonga);
  EXPECT_GE(OfKind(s, UnitKind::kTray).size(), 80u);
  int tents = 0;
  for (const Terrain& t : s.terrain) tents += t.kind == TerrainKind::kTentLines ? 1 : 0;
  EXPECT_GE(tents, 5);
}

TEST(IsandlwanaScenarioTest, ThePlanSendsTheLoinsAndTheTipOfTheRightHorn) {
  const BattleState s = Isandlwana();
  std::vector<std::string> flankers;
  for (const std::string& id : RightHornFlankers(s)) flankers.push_back(s.FindUnit(id)->name);
  EXPECT_EQ(flankers, (std::vector<std::string>{"uDududu", "iSangqu"}));
  // The loins, offered an entry point, take point 2; the right horn's tip
  // point 1; the chest is never sent.
  for (const Unit* r : OfKind(s, UnitKind::kRegiment)) {
    Action to1, to2;
    to1.kind = to2.kind = ActionKind::kOffBoard;
    to1.unit_id = to2.unit_id = r->id;
    to1.point = 1;
    to2.point = 2;
    const double v1 = ScoreZuluOption(s, to1).value;
    const double v2 = ScoreZuluOption(s, to2).value;
    Action end;
    end.kind = ActionKind::kEndDeployment;
    const double stay = ScoreZuluOption(s, end).value;
    const int division = impi::ferree::UnitOf(s, r->id).division;
    if (division == 4) {
      EXPECT_GT(v2, v1) << r->name;
      EXPECT_GT(v2, stay) << r->name;
    } else if (r->name == "uDududu" || r->name == "iSangqu") {
      EXPECT_GT(v1, v2) << r->name;
      EXPECT_GT(v1, stay) << r->name;
    } else {
      EXPECT_LT(std::max(v1, v2), stay) << r->name;
    }
  }
}

}  // namespace
}  // namespace impi::ai
