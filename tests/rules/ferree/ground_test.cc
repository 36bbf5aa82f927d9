// Ferree's footprints in the spatial index (engine/rulesets/ferree/ground.h):
// after every Sync, Near answers what a scan of every unit answers, as units
// move, fall, leave the table, join the list at its end, or leave it.
#include "engine/rulesets/ferree/ground.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/field.h"
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

// A settling move ends in the same spot whichever way the units that could
// bar it are found: the footprint index held up to date (HoldGround), the
// units read off in one pass (ground not held), or the units gathered once
// for many movers (CandidateScope).
TEST(FerreeGround, SettlingEndsAlikeOverTheIndexAndOverGatheredUnits) {
  BattleState s;
  s.table.width = 48;
  s.table.height = 36;
  // A crowd of trays round two companies and a wagon, placed by a fixed
  // sequence, so that many moves end where there is no room.
  uint64_t x = 12345;
  auto next = [&x](double lo, double hi) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * static_cast<double>(x >> 11) / 9007199254740992.0;
  };
  s.units.push_back(Make("c1", UnitKind::kInfantry, Side::kBritish, 24, 18));
  s.units.push_back(Make("c2", UnitKind::kInfantry, Side::kBritish, 28, 15));
  s.units.push_back(Make("w1", UnitKind::kWagon, Side::kBritish, 21, 20));
  s.units.push_back(Make("r1", UnitKind::kRegiment, Side::kZulu, 5, 5));
  for (int i = 0; i < 40; ++i) {
    Unit t = Make("t" + std::to_string(i), UnitKind::kTray, Side::kZulu, next(12, 36), next(8, 28));
    t.parent = "r1";
    s.units.push_back(t);
  }
  int crowded = 0;
  for (int k = 0; k < 400; ++k) {
    const size_t i = 4 + static_cast<size_t>(next(0, 40));
    const Unit& u = s.units[std::min(i, s.units.size() - 1)];
    const double reach = next(1, 12);
    const Vec2 start = u.position;
    const double angle = next(0, 6.283185307179586);
    const double along = next(0, reach);
    const Vec2 end = ClampToTable(start + along * Vec2(std::cos(angle), std::sin(angle)),
                                  s.table.width, s.table.height);
    const std::vector<Vec2> walked = {start, end};
    const bool may_contact = k % 2 == 0;
    Vec2 held, alone, gathered;
    {
      const Field f(s);
      const Field::HoldGround hold(f);
      held = f.Settle(u, walked, reach, may_contact);
    }
    {
      const Field f(s);
      alone = f.Settle(u, walked, reach, may_contact);
    }
    {
      const Field f(s);
      const std::vector<Vec2> starts = {Vec2(0.5, 0.5), start};
      const Field::CandidateScope scope(f, starts, reach);
      gathered = f.Settle(u, walked, reach, may_contact);
    }
    crowded += held != end ? 1 : 0;
    ASSERT_EQ(held, alone) << "move " << k;
    ASSERT_EQ(held, gathered) << "move " << k;
  }
  // Many of the moves had to find room elsewhere.
  EXPECT_GT(crowded, 50);
}

}  // namespace
}  // namespace impi::ferree
