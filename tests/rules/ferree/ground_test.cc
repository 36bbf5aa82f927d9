// Ferree's footprints in the spatial index (engine/rulesets/ferree/ground.h):
// after every Sync, Near answers what a scan of every unit answers, as units
// move, fall, leave the table, join the list at its end, or leave it.
#include "engine/rulesets/ferree/ground.h"

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/rulesets/ferree/ferree.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::ferree {
namespace {

Unit Make(const std::string& id, UnitKind kind, Side side, double x, double y) {
  Unit u;
  u.id = id;
  u.kind = kind;
  u.side = side;
  u.position = Vec2(x, y);
  u.figures.fit = 5;
  return u;
}

// Near by brute force: every unit with a footprint whose edge comes within
// `reach` of p.
std::vector<int> Scan(const BattleState& s, const Vec2& p, double reach) {
  std::vector<int> out;
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    if (HasFootprint(u) && Distance(p, u.position) <= reach + Radius(u)) {
      out.push_back(static_cast<int>(i));
    }
  }
  return out;
}

// Near at a grid of points over the table equals the scan.
void ExpectNearIsTheScan(const Ground& g, const BattleState& s) {
  for (double x = 0; x <= s.table.width; x += 3.0) {
    for (double y = 0; y <= s.table.height; y += 3.0) {
      for (const double reach : {0.5, 2.4, 7.0}) {
        std::vector<int> near;
        g.Near(Vec2(x, y), reach, &near);
        ASSERT_EQ(near, Scan(s, Vec2(x, y), reach)) << "at " << x << "," << y << " within " << reach;
      }
    }
  }
}

TEST(FerreeGround, NearAfterEverySyncIsAScanOfTheUnits) {
  BattleState s;
  s.table.width = 48;
  s.table.height = 36;
  s.units.push_back(Make("t1", UnitKind::kTray, Side::kZulu, 10, 10));
  s.units.push_back(Make("t2", UnitKind::kTray, Side::kZulu, 12.5, 10));
  s.units.push_back(Make("c1", UnitKind::kInfantry, Side::kBritish, 30, 20));
  s.units.push_back(Make("w1", UnitKind::kWagon, Side::kBritish, 31, 24));
  s.units.push_back(Make("r1", UnitKind::kRegiment, Side::kZulu, 5, 5));
  Ground g;
  g.Sync(s);
  ExpectNearIsTheScan(g, s);

  // Moves, a fall and a departure from the table.
  s.units[0].position = Vec2(29, 21);
  s.units[1].figures.fit = 0;
  s.units[3].off_table = true;
  g.Sync(s);
  ExpectNearIsTheScan(g, s);

  // Units joining the list at its end (a runner sent; one off the table),
  // with a change before them in the same Sync.
  s.units[1].figures.fit = 3;
  s.units.push_back(Make("n1", UnitKind::kRunner, Side::kBritish, 31.5, 19));
  Unit away = Make("n2", UnitKind::kRunner, Side::kBritish, 40, 30);
  away.off_table = true;
  s.units.push_back(away);
  g.Sync(s);
  ExpectNearIsTheScan(g, s);

  // One more joining, then one leaving the list (the rest move up a slot).
  s.units.push_back(Make("n3", UnitKind::kInfantry, Side::kBritish, 44, 33));
  g.Sync(s);
  ExpectNearIsTheScan(g, s);
  s.units.erase(s.units.begin() + 2);
  g.Sync(s);
  ExpectNearIsTheScan(g, s);
  s.units[s.units.size() - 2].off_table = false;
  g.Sync(s);
  ExpectNearIsTheScan(g, s);
}

}  // namespace
}  // namespace impi::ferree
