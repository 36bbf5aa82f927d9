// Ferree's remembered sight lines (Field::Sight, engine/rulesets/ferree/
// field.h): every answer, first asked or remembered, is the terrain's own
// (BlockerSet::Clear), and a line remembered over one terrain is not the
// answer over another.
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/field.h"
#include "gtest/gtest.h"

namespace impi::ferree {
namespace {

Terrain Hill(const std::vector<Vec2>& outline) {
  Terrain t;
  t.id = "hill";
  t.kind = TerrainKind::kHill;
  t.outline = outline;
  t.blocks_los = true;
  return t;
}

BattleState Table() {
  BattleState s;
  s.table.width = 48;
  s.table.height = 36;
  return s;
}

// The lines from a few viewers to a grid of targets, each asked twice.
void ExpectEveryLineIsTheTerrains(const BattleState& s) {
  const Field field(s);
  const BlockerSet& terrain = field.SightBlockers("");
  for (const Vec2& viewer : {Vec2(4, 4), Vec2(24, 2), Vec2(44, 30), Vec2(20, 18)}) {
    for (int pass = 0; pass < 2; ++pass) {
      const Field::Sight sight(field, viewer);
      for (double x = 0; x <= s.table.width; x += 2.5) {
        for (double y = 0; y <= s.table.height; y += 2.5) {
          ASSERT_EQ(sight.Clear(Vec2(x, y)), terrain.Clear(viewer, Vec2(x, y)))
              << "from " << viewer.transpose() << " to " << x << "," << y << " pass " << pass;
        }
      }
    }
  }
}

TEST(FerreeSight, RememberedLinesAnswerAsTheTerrain) {
  BattleState s = Table();
  s.terrain.push_back(Hill({{18, 10}, {26, 10}, {26, 16}, {18, 16}}));
  ExpectEveryLineIsTheTerrains(s);
}

TEST(FerreeSight, ALineRememberedOverOneTerrainIsJudgedAgainOverAnother) {
  BattleState open = Table();
  open.terrain.push_back(Hill({{40, 1}, {41, 1}, {41, 2}}));  // out of the way
  BattleState walled = Table();
  walled.terrain.push_back(Hill({{10, 0}, {11, 0}, {11, 36}, {10, 36}}));
  const Vec2 a(2, 18), b(30, 18);
  {
    const Field field(open);
    EXPECT_TRUE(Field::Sight(field, a).Clear(b));
  }
  {
    const Field field(walled);
    EXPECT_FALSE(Field::Sight(field, a).Clear(b));  // the wall, not the open table's answer
  }
  {
    const Field field(open);
    EXPECT_TRUE(Field::Sight(field, a).Clear(b));
  }
  ExpectEveryLineIsTheTerrains(open);
  ExpectEveryLineIsTheTerrains(walled);
}

}  // namespace
}  // namespace impi::ferree
