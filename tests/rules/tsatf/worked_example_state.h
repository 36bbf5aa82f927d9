// tests/rules/tsatf/worked_example_state.h: the table of the manual's worked
// examples (003_8a310c3200cb6fb0.txt, EXAMPLE OF MOVEMENT PROCEDURE and
// EXAMPLE OF FIRE PROCEDURE), and a plain patrol for other tests.
//
// "There are 6 British units on the field, (two cavalry and four infantry)
// along with two Zulu Impis and one "This turn" marker at perimeter point #3."
// The text gives no coordinates; these are chosen so that every distance the
// example depends on holds: both impis and the marker are over 24" from the
// British (3D6 moves), the ford and the rocky depression are appearance points
// the cavalry can reach, and the infantry's move comes near no point.
//
// The two impis were placed by the scenario, so the new impi on the fifth card
// is the first one *created* in the game (-1), and the pool holds 10 (+1):
// the D6 of 5 reads as printed, "an Impi of 5 regiments". After the fire
// example's regiment returns to the pool, the pool holds 6: the D6 of 4 reads
// "an Impi of 4 Zulu regiments".
#ifndef IMPI_TESTS_RULES_TSATF_WORKED_EXAMPLE_STATE_H_
#define IMPI_TESTS_RULES_TSATF_WORKED_EXAMPLE_STATE_H_

#include <string>

#include "engine/core/battle_state.h"
#include "tests/rules/tsatf/own_state.h"

namespace impi::tsatf::testing {

inline Unit British(const std::string& id, UnitKind kind, double x, double y, bool red, int fit) {
  Unit u;
  u.id = id;
  u.side = Side::kBritish;
  u.kind = kind;
  u.position = Vec2(x, y);
  u.red_coat = red;
  u.figures.fit = fit;
  u.leaders = 1;
  return u;
}

inline void AddImpi(BattleState& s, const std::string& id, int regiments, double x, double y,
                    const std::string& target, Hand hand) {
  Unit g;
  g.id = id;
  g.side = Side::kZulu;
  g.kind = UnitKind::kImpi;
  g.position = Vec2(x, y);
  s.units.push_back(g);
  Own(s, id).hand = hand;  // the bookkeeping of a unit on the state
  Own(s, id).target_id = target;
  for (int i = 0; i < regiments; ++i) {
    Unit r;
    r.id = id + "r" + std::to_string(i + 1);
    r.side = Side::kZulu;
    r.kind = UnitKind::kRegiment;
    r.parent = id;
    r.figures.fit = 20;
    r.leaders = 1;
    r.position = Vec2(x + (i - (regiments - 1) / 2.0) * 3.5, y);
    s.units.push_back(r);
  }
}

// Ten perimeter points round a 72 x 48 table (1 is the British entry) and the
// appearance points given.
inline void AddPerimeter(BattleState& s) {
  const double xy[10][2] = {{36, 0}, {72, 12}, {72, 36}, {60, 48}, {36, 48},
                            {12, 48}, {0, 36}, {0, 12}, {12, 0},  {60, 0}};
  for (int i = 0; i < 10; ++i) {
    Point p;
    p.kind = PointKind::kPerimeter;
    p.number = i + 1;
    p.position = Vec2(xy[i][0], xy[i][1]);
    p.state = PointState::kUntested;
    p.british_entry = i == 0;
    s.points.push_back(p);
  }
}

inline Point Appearance(int number, double x, double y, int terrain_class, const std::string& name) {
  Point p;
  p.kind = PointKind::kAppearance;
  p.number = number;
  p.position = Vec2(x, y);
  p.terrain_class = terrain_class;
  p.state = PointState::kUntested;
  p.name = name;
  return p;
}

inline BattleState WorkedExampleState() {
  BattleState s;
  s.ruleset = "TSATF_ZULU_CONTROL";
  s.scenario = "worked example";
  s.scale = Scale::kTactical;
  s.table.width = 72;
  s.table.height = 48;
  s.clock.turn = 3;
  s.clock.phase = Phase::kMovement;  // the movement phase, deck shuffled
  DeckIn(s).red_left = 3;
  DeckIn(s).black_left = 3;
  DeckIn(s).british_moves_left = -1;
  for (int i = 0; i < 4; ++i) {
    s.units.push_back(British("b" + std::to_string(i + 1), UnitKind::kInfantry, 20 + 6 * i, 10, true, 20));
  }
  s.units.push_back(British("c1", UnitKind::kCavalry, 50, 8, false, 12));
  s.units.push_back(British("c2", UnitKind::kCavalry, 56, 8, false, 12));
  AddImpi(s, "z1", 3, 20, 40, "b1", Hand::kLeft);
  AddImpi(s, "z2", 4, 60, 42, "c2", Hand::kRight);
  AddPerimeter(s);
  s.points[2].marker = Marker::kThisTurn;  // perimeter point #3
  s.points.push_back(Appearance(1, 40, 24, 1, "the ford through the shallow river"));
  s.points.push_back(Appearance(2, 66, 20, 3, "a rocky depression"));
  s.points.push_back(Appearance(3, 8, 26, 2, "a patch of scrub"));
  s.points.push_back(Appearance(4, 30, 44, 4, "a wooded kopje"));
  Book(s).scenario_total = 24;
  Book(s).committed = 7;
  Book(s).force_pool = 10;
  Book(s).impis_created = 0;
  s.next_unit_serial = 100;
  return s;
}

// A Zulu Control patrol at the start of the game: 9 British units near the
// British entry, the pool and total of the text's example (24 units).
inline BattleState PatrolState() {
  BattleState s;
  s.ruleset = "TSATF_ZULU_CONTROL";
  s.scenario = "patrol";
  s.scale = Scale::kTactical;
  s.table.width = 72;
  s.table.height = 48;
  for (int i = 0; i < 5; ++i) {
    s.units.push_back(British("b" + std::to_string(i + 1), UnitKind::kInfantry, 24 + 5 * i, 6, true, 20));
  }
  s.units.push_back(British("b6", UnitKind::kNativeFoot, 18, 4, false, 20));
  s.units.push_back(British("b7", UnitKind::kCavalry, 50, 5, false, 12));
  s.units.push_back(British("b8", UnitKind::kCavalry, 55, 5, false, 12));
  s.units.push_back(British("b9", UnitKind::kGun, 36, 2, false, 4));
  AddPerimeter(s);
  const double ap[10][2] = {{40, 24}, {66, 20}, {8, 26}, {30, 40}, {52, 34},
                            {20, 16}, {62, 40}, {12, 40}, {46, 14}, {28, 28}};
  for (int i = 0; i < 10; ++i) {
    s.points.push_back(Appearance(i + 1, ap[i][0], ap[i][1], 1 + i % 4, "point " + std::to_string(i + 1)));
  }
  Terrain rocks;
  rocks.id = "rocks";
  rocks.kind = TerrainKind::kRocks;
  rocks.outline = {Vec2(33, 30), Vec2(38, 30), Vec2(38, 34), Vec2(33, 34)};
  rocks.impassable = true;
  rocks.cover_class = 4;
  s.terrain.push_back(rocks);
  Terrain kopje;
  kopje.id = "kopje";
  kopje.kind = TerrainKind::kHill;
  kopje.outline = {Vec2(48, 26), Vec2(56, 26), Vec2(56, 31), Vec2(48, 31)};
  kopje.blocks_los = true;
  kopje.cover_class = 3;
  s.terrain.push_back(kopje);
  Book(s).scenario_total = 24;
  Book(s).force_pool = 16;
  return s;
}

}  // namespace impi::tsatf::testing

#endif  // IMPI_TESTS_RULES_TSATF_WORKED_EXAMPLE_STATE_H_
