// The battles of Pagano's d10 rules as whole states. See scenarios.h; the
// history, the figure scales and every designed choice are in
// docs/scenarios/pagano_rorkes_drift.md and pagano_isandlwana.md.
//
// The text prints no order of battle, map, ground scale or length of
// battle ("there is no set number of men represented by each figure";
// "there is no particular ground scale or a particular length of time
// represented by each turn"): everything below that is not quoted from it
// is designed (not in the source text), from the history.
#include "engine/rulesets/pagano/scenarios.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {
namespace {

// Facings as the contract keeps them (degrees, 0 = +y, clockwise).
constexpr double kEast = kFacingEast;
constexpr double kNorth = kFacingNorth;
constexpr double kWest = kFacingWest;
constexpr double kSouth = kFacingSouth;
constexpr double kNorthEast = 45.0;

// Designed: an isigaba of twenty stands in two ranks of ten penny bases
// (7.5" by 1.5"), the frontage ground.h takes when none is set.
constexpr double kIsigabaFrontage = 7.5;

// `n` points spread evenly along the polyline `line`, from `from` to `to`
// inches of its length, each `offset` inches to the right of the way
// (negative: to the left).
std::vector<Vec2> Along(const std::vector<Vec2>& line, int n, double from, double to,
                        double offset) {
  std::vector<Vec2> points;
  for (int i = 0; i < n; ++i) {
    const double at = n == 1 ? (from + to) / 2 : from + (to - from) * i / (n - 1);
    double walked = 0;
    for (size_t k = 0; k + 1 < line.size(); ++k) {
      const Vec2 way = line[k + 1] - line[k];
      const double length = way.norm();
      if (walked + length >= at || k + 2 == line.size()) {
        const Vec2 dir = way / length;
        const Vec2 right(dir.y(), -dir.x());
        points.push_back(line[k] + (at - walked) * dir + offset * right);
        break;
      }
      walked += length;
    }
  }
  return points;
}

// `n` points in rows `pitch` apart inside the box (x0, y0)-(x1, y1), kept
// 0.4" from its sides (a base's radius and a little), row by row from its
// south-west corner; fewer if the box holds fewer.
std::vector<Vec2> Grid(double x0, double y0, double x1, double y1, int n, double pitch) {
  constexpr double kMargin = 0.4;
  std::vector<Vec2> points;
  for (double y = y0 + kMargin; y <= y1 - kMargin + 1e-9; y += pitch) {
    for (double x = x0 + kMargin; x <= x1 - kMargin + 1e-9; x += pitch) {
      if (static_cast<int>(points.size()) == n) return points;
      points.emplace_back(x, y);
    }
  }
  return points;
}

std::vector<Vec2> Octagon(const Vec2& centre, double radius) {
  std::vector<Vec2> points;
  for (int i = 0; i < 8; ++i) {
    const double a = M_PI / 8 + i * M_PI / 4;
    points.push_back(centre + radius * Vec2(std::cos(a), std::sin(a)));
  }
  return points;
}

// Puts a scenario together: terrain, units, and the own state's entries,
// keyed once every unit is in.
class Builder {
 public:
  Builder(BattleState& s, int month) : s_(s), month_(month) {}

  Terrain& Piece(const std::string& id, TerrainKind kind, const std::string& name,
                 std::vector<Vec2> outline, bool open) {
    Terrain& t = s_.terrain.emplace_back();
    t.id = id;
    t.kind = kind;
    t.name = name;
    t.outline = std::move(outline);
    t.open = open;
    return t;
  }

  // A terrain piece whose feature its kind alone does not say (ground.h,
  // FeatureOf), or a building's openings ("only one Brit figure may fire
  // through each window, door, breech, or loophole").
  void Give(const std::string& terrain_id, Feature feature, int openings = 0) {
    TerrainFeature& f = features_.emplace_back();
    f.terrain_id = terrain_id;
    f.feature = feature;
    f.openings = openings;
  }

  Unit& Add(const std::string& id, const std::string& name, Side side, UnitKind kind,
            const Vec2& at, double facing, Stance stance, int figures) {
    Unit& u = s_.units.emplace_back();
    u.id = id;
    u.name = name;
    u.side = side;
    u.kind = kind;
    u.position = at;
    u.facing = facing;
    u.stance = stance;
    u.figures.fit = figures;
    return u;
  }

  // One British figure: "Brits fall into the following categories:
  // rankers, artillery crews, officers, non-combatants, and medical corps."
  PaganoUnit& Figure(const std::string& id, const std::string& name, UnitKind kind,
                     const Vec2& at, double facing, BritCategory category,
                     Stance stance = Stance::kUpright) {
    Add(id, name, Side::kBritish, kind, at, facing, stance, 1);
    PaganoUnit& e = Entry(id);
    e.category = category;
    return e;
  }

  // "Invalids are a separate category of noncombatants": a patient not
  // well enough to fight.
  void Invalid(const std::string& id, const std::string& name, const Vec2& at, double facing) {
    PaganoUnit& e = Figure(id, name, UnitKind::kInfantry, at, facing, BritCategory::kNonCombatant);
    e.invalid = true;
    e.weapon = std::nullopt;
  }

  // A piece with its crew figures ("a single figure representing 1-2
  // cannon ... plus 2-3 figures used for the crews").
  void Gun(const std::string& id, const std::string& name, UnitKind kind, const Vec2& at,
             double facing, bool limbered, const std::vector<Vec2>& crew) {
    Unit& u = Add(id, name, Side::kBritish, kind, at, facing, Stance::kUpright, 0);
    u.status.limbered = limbered;
    for (size_t i = 0; i < crew.size(); ++i) {
      const std::string crew_id = absl::StrCat(id, "_crew_", i + 1);
      Figure(crew_id, absl::StrCat(name, ", crew ", i + 1), UnitKind::kInfantry, crew[i], facing,
             BritCategory::kArtilleryCrew);
      crews_.emplace_back(crew_id, id);
    }
  }

  // An isigaba of twenty ("The Zulu force must be divided up into
  // "izigaba" of twenty figures each"), or an NNC "isigaba" on the British
  // side (NATIVE_FOOT: "NNC "izigaba" always have 1 rifleman").
  PaganoUnit& Isigaba(const std::string& id, const std::string& name, Side side,
                      const Vec2& at, double facing) {
    const UnitKind kind = side == Side::kZulu ? UnitKind::kIsigaba : UnitKind::kNativeFoot;
    Unit& u = Add(id, name, side, kind, at, facing, Stance::kUpright, kIsigabaFigures);
    if (side == Side::kBritish) u.figures.riflemen = 1;
    PaganoUnit& e = Entry(id);
    e.frontage = kIsigabaFrontage;
    return e;  // riflemen_rolled stays -1: rolled at its first fire
  }

  // "Indunas, the Zulu commanders, are represented by individual figures
  // that operate independently of the izigaba."
  void Induna(const std::string& id, const std::string& name, const Vec2& at, double facing,
              bool mounted) {
    Add(id, name, Side::kZulu, UnitKind::kInduna, at, facing,
        mounted ? Stance::kMounted : Stance::kUpright, 1);
  }

  void Wagon(const std::string& id, const std::string& name, const Vec2& at, double facing) {
    Add(id, name, Side::kBritish, UnitKind::kWagon, at, facing, Stance::kUnspecified, 0);
  }

  // The own state: the month, the features, every entry by its unit's
  // handle, the crews' pieces.
  void Finish(int last_turn) {
    PaganoState& own = MutableOwnState(s_);
    own.phase = Phase::kZuluMovement;
    own.month = month_;
    own.features = features_;
    for (auto& [id, e] : entries_) own.units[static_cast<size_t>(s_.UnitIndex(id))] = e;
    for (const auto& [crew, piece] : crews_) {
      own.units[static_cast<size_t>(s_.UnitIndex(crew))].crew_of = s_.UnitIndex(piece);
    }
    Parameter& p = s_.parameters.emplace_back();
    p.name = kLastTurnParameter;
    p.value = last_turn;
    // Terrain::cover_class as the rule set reads the piece (ground.h,
    // FeatureOf): the better of its classes against missile fire and in
    // melee (0 none, 1 soft, 2 regular, 3 heavy).
    for (Terrain& t : s_.terrain.mutable_vector()) {
      const Feature f = FeatureOf(s_, t);
      t.cover_class = std::max(static_cast<int>(CoverOf(f, Attack::kMissile, false, true, nullptr)),
                               static_cast<int>(CoverOf(f, Attack::kMelee, false, true, nullptr)));
    }
  }

 private:
  PaganoUnit& Entry(const std::string& id) { return entries_.emplace_back(id, PaganoUnit{}).second; }

  BattleState& s_;
  int month_;
  std::vector<TerrainFeature> features_;
  std::vector<std::pair<std::string, PaganoUnit>> entries_;
  std::vector<std::pair<std::string, std::string>> crews_;  // crew figure, piece
};

BattleState Start(const char* name, impi::Scale scale, double width, double height) {
  BattleState s;
  s.ruleset = kRulesetId;
  s.scenario = name;
  s.scale = scale;
  s.table.width = width;
  s.table.height = height;
  s.clock.turn = 1;
  // The shared clock says a turn is under way at its movement; the rule
  // set's own phase (PaganoState::phase) says which of the eight: "1) Zulu
  // Movement".
  s.clock.phase = impi::Phase::kMovement;
  return s;
}

// ---------------------------------------------------------------------------
// Rorke's Drift, 22-23 January 1879 (designed, after Chard's plan of the
// post: docs/scenarios/pagano_rorkes_drift.md). SKIRMISH scale, 1" = 2
// yards (the text: skirmish ranges "whenever 1inch of the table top
// represents 10 yards or less"); x east, y north, the Oskarberg to the
// south, the ledge and the road to the drift to the north.

BattleState RorkesDrift() {
  BattleState s = Start(kRorkesDrift, impi::Scale::kSkirmish, 96, 72);
  Builder b(s, /*month=*/1);  // "battles taking place in January (e.g., ... Rorke's Drift ...)"

  // --- The ground (designed: the shapes and places after the plan).
  Terrain& hill = b.Piece("oskarberg", TerrainKind::kHill, "the Oskarberg (Shiyane), its lower slope",
                          {{0, 0}, {96, 0}, {96, 19}, {60, 21}, {30, 21.5}, {0, 20}}, false);
  hill.blocks_los = true;  // a hill entered is "a steep slope" (movement.h)
  b.Piece("oskarberg_terraces", TerrainKind::kRocks,
          "the rocky terraces and caves of the Oskarberg, where the Zulu marksmen lay",
          {{52, 5}, {68, 5}, {68, 11}, {52, 11}}, false);
  Terrain& krantz = b.Piece("oskarberg_krantz", TerrainKind::kRocks, "the Oskarberg's rock face",
                            {{76, 3}, {84, 3}, {84, 9}, {76, 9}}, false);
  krantz.impassable = true;
  krantz.blocks_los = true;

  // The rocky ledge along the front of the post, three or four feet high:
  // a terrace ("terrace provides a dead zone"; "top of terrace" cover in
  // melee). The mealie-bag wall stands on its top: "Barricades ... placed in
  // combination with a donga edge or terrace" (Heavy in melee).
  b.Piece("ledge", TerrainKind::kHill, "the rocky ledge (terrace) below the front wall",
          {{12, 38.0}, {22.5, 38.2}, {36, 40.2}, {56, 43.4}, {70.5, 43.4}, {82, 43.2}}, true);
  b.Give("ledge", Feature::kTopOfTerrace);
  const std::vector<Vec2> front = {{22, 34.5}, {22.5, 37.3}, {36, 39.3}, {56, 42.5}, {70.5, 42.5}};
  b.Piece("front_wall", TerrainKind::kMealieBags,
          "the mealie-bag wall on the ledge, from the hospital to the kraal", front, true);
  b.Give("front_wall", Feature::kBarricadeOnEdge);
  const std::vector<Vec2> back_west = {{35, 30.5}, {44.2, 30.5}};
  const std::vector<Vec2> back_east = {{48.5, 30.5}, {56, 30.5}};
  b.Piece("back_wall_west", TerrainKind::kMealieBags,
          "the back wall of mealie bags, from the hospital to the wagons", back_west, true);
  b.Piece("back_wall_east", TerrainKind::kMealieBags,
          "the back wall of mealie bags, from the wagons to the storehouse", back_east, true);
  b.Piece("biscuit_box_line", TerrainKind::kBarricade,
          "the biscuit-box line across the yard, from the storehouse to the front wall",
          {{56, 34.5}, {56, 42.5}}, true);
  // Designed: the redoubt stands from the start (it was raised of the
  // mealie-bag heaps during the evening). "Barricades forming a raised
  // redoubt": Heavy in melee.
  b.Piece("redoubt", TerrainKind::kMealieBags, "the mealie-bag redoubt before the storehouse",
          Octagon(Vec2(64, 38.5), 1.4), false);
  b.Give("redoubt", Feature::kRaisedRedoubt);
  // The stone cattle kraal: its walls are walls (designed: "Wall" rather
  // than the kind's "Zulu hut").
  b.Piece("kraal", TerrainKind::kKraal, "the stone cattle kraal east of the storehouse",
          {{70.5, 29}, {80, 29}, {80, 42.5}, {70.5, 42.5}}, false);
  b.Give("kraal", Feature::kWall);

  // The buildings, each room its own piece with its openings (designed:
  // doors, windows and the loopholes knocked through the walls).
  struct Room {
    const char* id;
    const char* name;
    double x0, x1;
    int openings;
  };
  constexpr double kHospitalSouth = 30, kHospitalNorth = 34.5;
  const Room hospital[] = {
      {"hospital_1", "the hospital, the west end room", 22.0, 24.6, 4},
      {"hospital_2", "the hospital, the second room", 24.6, 27.2, 3},
      {"hospital_3", "the hospital, the middle room", 27.2, 29.8, 3},
      {"hospital_4", "the hospital, the fourth room", 29.8, 32.4, 3},
      {"hospital_5", "the hospital, the east end room", 32.4, 35.0, 4},
  };
  const Room store[] = {
      {"storehouse_west", "the storehouse, the west room", 56.0, 59.4, 2},
      {"storehouse_main", "the storehouse, the main store", 59.4, 70.0, 5},
  };
  for (const Room& r : hospital) {
    Terrain& t = b.Piece(r.id, TerrainKind::kBuilding, r.name,
                         {{r.x0, kHospitalSouth}, {r.x1, kHospitalSouth}, {r.x1, kHospitalNorth},
                          {r.x0, kHospitalNorth}},
                         false);
    t.blocks_los = true;
    b.Give(r.id, Feature::kBuilding, r.openings);
  }
  for (const Room& r : store) {
    Terrain& t = b.Piece(r.id, TerrainKind::kBuilding, r.name,
                         {{r.x0, 30}, {r.x1, 30}, {r.x1, 34.5}, {r.x0, 34.5}}, false);
    t.blocks_los = true;
    b.Give(r.id, Feature::kBuilding, r.openings);
  }
  b.Piece("garden", TerrainKind::kWoods, "the garden and orchard below the ledge",
          {{10, 41}, {30, 41}, {30, 52}, {10, 52}}, false);
  b.Piece("bush", TerrainKind::kScrub, "the bush along the front below the ledge",
          {{31, 44.5}, {62, 45}, {62, 52}, {31, 52}}, false);
  b.Piece("road", TerrainKind::kRoad, "the track down to the drift", {{44, 42.2}, {46, 72}}, true);

  // --- The garrison, figure for figure (designed counts within the
  // sources' 139-155; docs/scenarios/pagano_rorkes_drift.md).
  int b_coy = 0, other = 0;
  auto b_coy_man = [&](const Vec2& at, double facing) {
    ++b_coy;
    b.Figure(absl::StrCat("b_coy_", b_coy), absl::StrCat("B Coy 2/24th, ranker ", b_coy),
             UnitKind::kInfantry, at, facing, BritCategory::kRanker);
  };
  auto other_man = [&](const Vec2& at, double facing) {
    ++other;
    b.Figure(absl::StrCat("other_", other),
             absl::StrCat("ranker of another corps (1/24th, RA, RE, NMP, volunteers) ", other),
             UnitKind::kInfantry, at, facing, BritCategory::kRanker);
  };
  auto named = [&](const std::string& id, const std::string& name, UnitKind kind, const Vec2& at,
                   double facing, BritCategory category) -> PaganoUnit& {
    return b.Figure(id, name, kind, at, facing, category);
  };

  // The hospital: 35 patients (24 invalids, 11 able to fight) and six of B
  // Company, eight figures a room (designed).
  {
    std::vector<Vec2> places;
    for (const Room& r : hospital) {
      const std::vector<Vec2> in = Grid(r.x0, kHospitalSouth, r.x1, kHospitalNorth, 8, 0.8);
      places.insert(places.end(), in.begin(), in.end());
    }
    size_t k = 0;
    named("hook", "Pte Henry Hook, B Coy 2/24th", UnitKind::kInfantry, places[k++], kNorth,
          BritCategory::kRanker);
    named("john_williams", "Pte John Williams, B Coy 2/24th", UnitKind::kInfantry, places[k++],
          kWest, BritCategory::kRanker);
    named("william_jones", "Pte William Jones, B Coy 2/24th", UnitKind::kInfantry, places[k++],
          kNorth, BritCategory::kRanker);
    named("robert_jones", "Pte Robert Jones, B Coy 2/24th", UnitKind::kInfantry, places[k++],
          kNorth, BritCategory::kRanker);
    for (int i = 0; i < 2; ++i) b_coy_man(places[k++], kNorth);
    for (int i = 1; i <= 10; ++i) {
      named(absl::StrCat("patient_", i), absl::StrCat("patient fit to fight ", i), UnitKind::kInfantry,
            places[k++], i % 2 ? kNorth : kSouth, BritCategory::kRanker);
    }
    for (int i = 1; i <= 24; ++i) {
      b.Invalid(absl::StrCat("invalid_", i), absl::StrCat("invalid (hospital patient) ", i),
                places[k++], kNorth);
    }
  }
  // The storehouse: ten of B Company at its loopholes and Dunne.
  {
    const std::vector<Vec2> west = Grid(56.0, 30, 59.4, 34.5, 2, 0.8);
    for (const Vec2& at : west) b_coy_man(at, kSouth);
    const std::vector<Vec2> main = Grid(59.4, 30, 70.0, 34.5, 9, 2.4);
    for (size_t i = 0; i + 1 < main.size(); ++i) b_coy_man(main[i], i < 5 ? kSouth : kNorth);
    named("dunne", "Assistant Commissary Walter Dunne", UnitKind::kInfantry, main.back(), kNorth,
          BritCategory::kNonCombatant);
  }
  // The front wall: 48 figures along it, 0.55" behind (inside) the bags,
  // 34 west of the biscuit-box line and 14 east of it.
  {
    std::vector<Vec2> line = Along(front, 34, 3.6, 35.9, 0.55);
    const std::vector<Vec2> east = Along(front, 14, 37.6, 50.4, 0.55);
    line.insert(line.end(), east.begin(), east.end());
    named("bourne", "Colour-Sergeant Frank Bourne, B Coy 2/24th", UnitKind::kInfantry, line[0],
          kNorth, BritCategory::kRanker);
    named("schiess", "Cpl Christian Schiess, 2/3rd NNC (a patient)", UnitKind::kInfantry, line[1],
          kNorth, BritCategory::kRanker);
    for (size_t i = 2; i < line.size(); ++i) {
      if (i % 6 == 3) {
        other_man(line[i], kNorth);  // seven of the other corps along the wall
      } else {
        b_coy_man(line[i], kNorth);
      }
    }
  }
  // The back wall, facing the Oskarberg: fourteen figures.
  {
    std::vector<Vec2> line = Along(back_west, 8, 0.8, 8.0, -0.55);
    const std::vector<Vec2> east = Along(back_east, 6, 1.1, 6.8, -0.55);
    line.insert(line.end(), east.begin(), east.end());
    named("allen", "Cpl William Allen, B Coy 2/24th", UnitKind::kInfantry, line[0], kSouth,
          BritCategory::kRanker);
    named("hitch", "Pte Frederick Hitch, B Coy 2/24th", UnitKind::kInfantry, line[1], kSouth,
          BritCategory::kRanker);
    for (size_t i = 2; i < line.size(); ++i) {
      if (i % 2 == 0) {
        other_man(line[i], kSouth);
      } else {
        b_coy_man(line[i], kSouth);
      }
    }
  }
  b.Wagon("wagon_1", "a wagon built into the back wall", Vec2(45.3, 30.5), kEast);
  b.Wagon("wagon_2", "a wagon built into the back wall", Vec2(47.4, 30.5), kEast);
  // The kraal's east wall: six of B Company.
  for (const Vec2& at : Along({{80, 29.6}, {80, 41.9}}, 6, 0.4, 11.9, -0.6)) b_coy_man(at, kEast);
  // The yard: the officers, the reserve, the chaplain, the orderlies and
  // the surgeon (designed: the reserve that manned the walls where pressed).
  {
    const std::vector<Vec2> yard = Grid(37.5, 31.8, 54.5, 37.4, 21, 1.1);
    size_t k = 0;
    named("chard", "Lt John Chard RE, commanding", UnitKind::kOfficer, yard[k++], kNorth,
          BritCategory::kOfficer);
    named("bromhead", "Lt Gonville Bromhead, B Coy 2/24th", UnitKind::kOfficer, yard[k++], kNorth,
          BritCategory::kOfficer);
    // Dalton, an officer of the Commissariat, fought with a rifle (designed:
    // an officer armed with a Martini-Henry).
    named("dalton", "Acting Assistant Commissary James Dalton", UnitKind::kOfficer, yard[k++],
          kNorth, BritCategory::kOfficer)
        .weapon = Weapon::kMartiniHenry;
    // Byrne, the storekeeper, fought with a rifle too (designed: a ranker).
    named("byrne", "Acting Storekeeper Louis Byrne", UnitKind::kInfantry, yard[k++], kNorth,
          BritCategory::kRanker);
    named("smith", "the Rev. George Smith, chaplain", UnitKind::kInfantry, yard[k++], kNorth,
          BritCategory::kNonCombatant);
    for (int i = 1; i <= 3; ++i) {
      named(absl::StrCat("orderly_", i), absl::StrCat("Army Hospital Corps orderly ", i),
            UnitKind::kInfantry, yard[k++], kNorth, BritCategory::kNonCombatant);
    }
    // "No more than one [medical corps] may be included": Surgeon Reynolds.
    b.Figure("reynolds", "Surgeon James Reynolds, Army Medical Department", UnitKind::kSurgeon,
             yard[k++], kNorth, BritCategory::kNonCombatant);
    other_man(yard[k++], kNorth);
    while (k < yard.size()) b_coy_man(yard[k++], kNorth);
  }

  // --- The Zulus: the Undi corps under Prince Dabulamanzi kaMpande, about
  // 3,600 men in twelve izigaba of twenty (15 men a figure, designed). The
  // iNdluyengwe round the Oskarberg from the south-west, the rest from the
  // west past the hospital; one isigaba of marksmen on the terraces.
  const struct {
    const char* id;
    const char* name;
    Vec2 at;
    double facing;
    bool sharpshooters;
  } izigaba[] = {
      {"indluyengwe_1", "iNdluyengwe, isigaba 1", {22, 15}, kNorth, false},
      {"indluyengwe_2", "iNdluyengwe, isigaba 2", {32, 15}, kNorth, false},
      {"indluyengwe_3", "iNdluyengwe, isigaba 3", {42, 15}, kNorth, false},
      {"uthulwana_1", "uThulwana, isigaba 1", {4, 30}, kEast, false},
      {"uthulwana_2", "uThulwana, isigaba 2", {4, 39}, kEast, false},
      {"uthulwana_3", "uThulwana, isigaba 3", {4, 48}, kEast, false},
      {"uthulwana_4", "uThulwana, isigaba 4", {4, 57}, kEast, false},
      {"indlondlo_1", "iNdlondlo, isigaba 1", {9, 34.5}, kEast, false},
      {"indlondlo_2", "iNdlondlo, isigaba 2", {9, 43.5}, kEast, false},
      {"udloko_1", "uDloko, isigaba 1", {9, 52.5}, kEast, false},
      {"udloko_2", "uDloko, isigaba 2", {9, 61.5}, kEast, false},
      // "One or more Zulu isigaba may be designated as sharpshooters."
      {"udloko_marksmen", "uDloko, marksmen on the Oskarberg terraces", {60, 8}, kNorth, true},
  };
  for (const auto& z : izigaba) {
    b.Isigaba(z.id, z.name, Side::kZulu, z.at, z.facing).sharpshooters = z.sharpshooters;
  }
  b.Induna("dabulamanzi", "Prince Dabulamanzi kaMpande (mounted)", Vec2(2, 44), kEast,
           /*mounted=*/true);
  b.Induna("induna_uthulwana", "the induna of the uThulwana", Vec2(6.5, 48), kEast, false);
  b.Induna("induna_indluyengwe", "the induna of the iNdluyengwe", Vec2(32, 12.5), kNorth, false);

  // Designed: a battle of 20 turns (the text gives no length; the attack
  // went on from late afternoon into the night).
  b.Finish(/*last_turn=*/20);
  return s;
}

// ---------------------------------------------------------------------------
// Isandlwana, 22 January 1879, about 12:15 (designed, after the history:
// docs/scenarios/pagano_isandlwana.md). TACTICAL scale, 1" = 25 yards; 25
// men a figure; x east, y north: the mountain and the camp to the west,
// the iNyoni heights to the north, the plain and the conical kopje to the
// east and south-east.

BattleState IsandlwanaTactical() {
  BattleState s = Start(kIsandlwanaTactical, impi::Scale::kTactical, 96, 72);
  Builder b(s, /*month=*/1);  // "battles taking place in January (e.g., Isandhlwana ...)"

  // --- The ground (designed).
  Terrain& mountain = b.Piece("isandlwana", TerrainKind::kHill, "iSandlwana hill",
                              {{0, 30}, {8, 28}, {11, 36}, {10, 48}, {4, 52}, {0, 50}}, false);
  mountain.blocks_los = true;
  Terrain& crag = b.Piece("isandlwana_crag", TerrainKind::kRocks, "the crag of iSandlwana",
                          {{3, 37}, {7, 37}, {7, 43}, {3, 43}}, false);
  crag.impassable = true;
  crag.blocks_los = true;
  Terrain& stony = b.Piece("stony_hill", TerrainKind::kHill, "Mahlabamkhosi (Stony Hill)",
                           {{0, 10}, {9, 10}, {10, 22}, {0, 24}}, false);
  stony.blocks_los = true;
  b.Piece("camp", TerrainKind::kCamp, "the camp of No. 3 Column",
          {{11, 28}, {22, 28}, {22, 52}, {11, 52}}, false);
  Terrain& ridge = b.Piece("nyoni_ridge", TerrainKind::kHill, "the iNyoni heights",
                           {{0, 60}, {96, 62}, {96, 72}, {0, 72}}, false);
  ridge.blocks_los = true;
  b.Piece("tahelane", TerrainKind::kHill, "the Tahelane spur",
          {{18, 50}, {28, 50}, {30, 60}, {20, 60}}, false);
  Terrain& kopje = b.Piece("amatutshane", TerrainKind::kHill, "Amatutshane, the conical kopje",
                           Octagon(Vec2(72, 14), 4), false);
  kopje.blocks_los = true;
  // The Nyogane donga, where Durnford's horse made its stand: in it
  // against the edge is "behind donga edge" against fire from outside.
  b.Piece("nyogane_donga", TerrainKind::kDonga, "the Nyogane donga",
          {{63, 60}, {64.5, 60}, {62.5, 5}, {61, 5}}, false);
  b.Piece("road", TerrainKind::kRoad, "the road to Rorke's Drift over the nek",
          {{0, 26}, {12, 27}, {40, 24}, {96, 18}}, true);

  // --- The British (25 men a figure, designed).
  auto company = [&](const char* id, const char* name, const Vec2& first, const Vec2& step,
                     int figures, double facing) {
    for (int i = 0; i < figures; ++i) {
      b.Figure(absl::StrCat(id, "_", i + 1), absl::StrCat(name, ", figure ", i + 1),
               UnitKind::kInfantry, first + i * step, facing, BritCategory::kRanker);
    }
  };
  company("e_coy_1_24", "E Coy 1/24th (Lt Cavaye)", {23, 52.5}, {1.0, 0}, 3, kNorth);
  company("f_coy_1_24", "F Coy 1/24th (Capt Mostyn)", {27, 52.5}, {1.0, 0}, 3, kNorth);
  company("c_coy_1_24", "C Coy 1/24th (Capt Younghusband)", {32, 49}, {1.0, 0}, 3, kNorth);
  company("a_coy_1_24", "A Coy 1/24th (Lt Porteous)", {37, 46.5}, {1.0, -0.5}, 3, kNorthEast);
  company("h_coy_1_24", "H Coy 1/24th (Capt Wardell)", {47, 40}, {1.0, -0.5}, 3, kNorthEast);
  company("g_coy_2_24", "G Coy 2/24th (Lt Pope)", {52, 37}, {1.0, -0.5}, 4, kEast);
  // N/5 Battery RA: two 7-pounders in action between A and H Coys, three
  // crew figures each behind the piece.
  b.Gun("gun_1", "7-pounder, N/5 Battery RA", UnitKind::kGun, Vec2(42, 44.5), kNorthEast,
          /*limbered=*/false, {{41, 43.3}, {42, 43.3}, {43, 43.3}});
  b.Gun("gun_2", "7-pounder, N/5 Battery RA", UnitKind::kGun, Vec2(44.5, 43), kNorthEast,
          /*limbered=*/false, {{44.2, 41.8}, {45.2, 41.8}, {46.2, 41.8}});
  b.Figure("stuart_smith", "Bt Maj Stuart Smith RA", UnitKind::kOfficer, Vec2(43.5, 40.5), kNorthEast,
           BritCategory::kOfficer);
  // The rocket battery (Bt Maj Russell), out on the plain by the conical
  // kopje, limbered; two crew.
  b.Gun("rockets", "rocket battery, 11/7 Battery RA (Bt Maj Russell)", UnitKind::kRockets,
          Vec2(66, 22), kEast, /*limbered=*/true, {{65, 20.8}, {67, 20.8}});
  // The NNC: "treated as Zulus in all respects", an "isigaba" of twenty on
  // the British side.
  b.Isigaba("nnc_3rd", "3rd NNC, the companies in the line", Side::kBritish, Vec2(57, 31), kEast);
  b.Isigaba("nnc_1st", "1/1st NNC, Durnford's companies (the rockets' escort)", Side::kBritish,
            Vec2(68, 26), kEast);
  // Durnford's mounted men dismounted in the donga, a horse holder for
  // every four ("When dismounting outside of a fortified position one
  // figure must be used as a horse holder for every four mounted figures").
  // "Any mounted troops allied with the Brits are treated as regular Brits".
  {
    const std::vector<Vec2> donga = Along({{62.9, 28}, {63.4, 46}}, 17, 0, 18, 0);
    size_t k = 0;
    b.Figure("durnford", "Col Anthony Durnford RE", UnitKind::kOfficer, donga[k++], kEast,
             BritCategory::kOfficer, Stance::kDismounted);
    for (int i = 1; i <= 12; ++i) {
      PaganoUnit& e = b.Figure(absl::StrCat("nnh_", i), absl::StrCat("Natal Native Horse, figure ", i),
                               UnitKind::kNativeHorse, donga[k++], kEast, BritCategory::kRanker,
                               Stance::kDismounted);
      e.horse_holder = i % 4 == 0;  // three of the twelve
    }
    const char* volunteers[] = {"Natal Carbineers", "Natal Carbineers", "Natal Mounted Police",
                                "Natal Mounted Police"};
    for (int i = 0; i < 4; ++i) {
      PaganoUnit& e = b.Figure(absl::StrCat("volunteers_", i + 1),
                               absl::StrCat(volunteers[i], ", figure ", i % 2 + 1),
                               UnitKind::kMountedInfantry, donga[k++], kEast,
                               BritCategory::kRanker, Stance::kDismounted);
      e.horse_holder = i == 3;  // the fourth of sixteen
    }
  }
  b.Figure("pulleine", "Lt Col Henry Pulleine, commanding the camp", UnitKind::kOfficer,
           Vec2(36, 44), kNorthEast, BritCategory::kOfficer);
  b.Figure("shepherd", "Surgeon-Major Peter Shepherd", UnitKind::kSurgeon, Vec2(18, 40), kEast,
           BritCategory::kNonCombatant);
  for (int i = 0; i < 6; ++i) {
    b.Wagon(absl::StrCat("wagon_", i + 1), "a supply wagon in the camp", Vec2(14, 32 + 3 * i), kNorth);
  }

  // --- The Zulus: the chest and horns, about 15,500 men in 31 izigaba of
  // twenty (25 men a figure, designed); the Undi corps of the loins went
  // on to Rorke's Drift and is not here.
  struct Place {
    const char* regiment;
    Vec2 at;
    double facing;
    int cattle;
  };
  const Place army[] = {
      // The right horn, coming off the heights to the north-west.
      {"uNokhenke", {4.5, 64.5}, kSouth, 0},
      {"uNokhenke", {13.5, 64.5}, kSouth, 0},
      {"uNokhenke", {4.5, 67.5}, kSouth, 0},
      {"uNokhenke", {13.5, 67.5}, kSouth, 0},
      {"uDududu", {22.5, 64.5}, kSouth, 0},
      {"uDududu", {22.5, 67.5}, kSouth, 0},
      {"uDududu", {22.5, 70.5}, kSouth, 0},
      {"iSangqu", {4.5, 70.5}, kSouth, 0},
      {"iMbube", {13.5, 70.5}, kSouth, 0},
      // The chest, over the crest of the iNyoni heights.
      {"uKhandempemvu", {33, 64.5}, kSouth, 0},
      {"uKhandempemvu", {42, 64.5}, kSouth, 0},
      {"uKhandempemvu", {51, 64.5}, kSouth, 0},
      {"uKhandempemvu", {33, 67.5}, kSouth, 0},
      {"uKhandempemvu", {42, 67.5}, kSouth, 0},
      {"uMxapho", {51, 67.5}, kSouth, 0},
      {"uMxapho", {60, 67.5}, kSouth, 0},
      {"uMxapho", {69, 67.5}, kSouth, 0},
      // Designed: cattle driven before two izigaba of the uMbonambi and
      // two of the iNgobamakhosi ("place two cattle figures is front of
      // each of a few Zulu isigaba").
      {"uMbonambi", {60, 64.5}, kSouth, kMostCattle},
      {"uMbonambi", {69, 64.5}, kSouth, kMostCattle},
      {"uMbonambi", {78, 64.5}, kSouth, 0},
      // The left horn, across the plain to the east.
      {"iNgobamakhosi", {80, 28}, kWest, kMostCattle},
      {"iNgobamakhosi", {80, 37}, kWest, kMostCattle},
      {"iNgobamakhosi", {80, 46}, kWest, 0},
      {"iNgobamakhosi", {85, 19}, kWest, 0},
      {"iNgobamakhosi", {85, 28}, kWest, 0},
      {"iNgobamakhosi", {85, 37}, kWest, 0},
      {"iNgobamakhosi", {85, 46}, kWest, 0},
      {"iNgobamakhosi", {90, 19}, kWest, 0},
      {"iNgobamakhosi", {90, 28}, kWest, 0},
      {"uVe", {85, 10}, kWest, 0},
      {"uVe", {90, 10}, kWest, 0},
  };
  std::vector<std::pair<std::string, int>> seen;
  for (const Place& z : army) {
    int n = 1;
    for (auto& [regiment, count] : seen) {
      if (regiment == z.regiment) n = ++count;
    }
    if (n == 1) seen.emplace_back(z.regiment, 1);
    std::string id = absl::StrCat(z.regiment, "_", n);
    std::transform(id.begin(), id.end(), id.begin(), [](unsigned char c) { return std::tolower(c); });
    b.Isigaba(id, absl::StrCat(z.regiment, ", isigaba ", n), Side::kZulu, z.at, z.facing).cattle =
        z.cattle;
  }
  // "in this game 1-5 induna figures are used to represent the senior
  // commanders of the entire Zulu impi": five, on foot (designed).
  b.Induna("ntshingwayo", "Ntshingwayo kaMahole, commanding", Vec2(50, 71), kSouth, false);
  b.Induna("mavumengwana", "Mavumengwana kaNdlela", Vec2(45, 71), kSouth, false);
  b.Induna("vumandaba", "Vumandaba kaNthathi, uKhandempemvu", Vec2(37.5, 62.5), kSouth, false);
  b.Induna("mkhosana", "Mkhosana kaMvundlana, uKhandempemvu", Vec2(46.5, 62.5), kSouth, false);
  b.Induna("sigcwelegcwele", "Sigcwelegcwele kaMhlekehleke, iNgobamakhosi", Vec2(87.5, 33), kWest,
           false);

  // Designed: 15 turns (the text gives no length).
  b.Finish(/*last_turn=*/15);
  return s;
}

}  // namespace

std::vector<std::string> ScenarioNames() { return {kRorkesDrift, kIsandlwanaTactical}; }

absl::StatusOr<BattleState> BuildScenario(std::string_view name) {
  if (name == kRorkesDrift) return RorkesDrift();
  if (name == kIsandlwanaTactical) return IsandlwanaTactical();
  return absl::NotFoundError(absl::StrCat("no Pagano scenario \"", std::string(name),
                                          "\"; known: ", absl::StrJoin(ScenarioNames(), ", ")));
}

}  // namespace impi::pagano
