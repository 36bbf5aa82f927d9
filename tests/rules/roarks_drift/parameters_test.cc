// tests/rules/roarks_drift/parameters_test.cc: the caller's overrides of
// the designed charts of "The Battle of Roark's Drift"
// (004_18930928e35a3412.txt prints no Fire Chart, Melee Chart or Terrain
// Effects Chart and no 12.0 row for 36-38 British dead; rules/README.md),
// read from the table's parameters (parameters.h) and used by the game.
#include "engine/rulesets/roarks_drift/parameters.h"

#include <set>
#include <string>
#include <vector>

#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/turn.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/roarks_drift/roarks_test_util.h"

namespace impi::roarks {
namespace {

using testing::BlankBoard;
using testing::GoTo;
using testing::H;
using testing::Put;
using testing::Rolls;
using testing::SetUpGame;
using ::testing::HasSubstr;

bool SameChart(const ChartColumn* a, const ChartColumn* b, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i].light_from != b[i].light_from || a[i].serious_from != b[i].serious_from ||
        a[i].mortal_from != b[i].mortal_from) {
      return false;
    }
  }
  return true;
}

TEST(RoarksParameters_004, NoneGivenReadsTheDesignedCharts) {
  RoarksOptions o;
  o.victory_gap = Victory::kDraw;
  o.fire_chart[0].light_from = 2;
  ASSERT_TRUE(ReadParameters({}, &o).ok());
  EXPECT_TRUE(SameChart(o.fire_chart.data(), DefaultFireChart().data(), kFireColumns));
  EXPECT_TRUE(SameChart(o.melee_chart.data(), DefaultMeleeChart().data(), kMeleeColumns));
  EXPECT_EQ(o.victory_gap, Victory::kBritishMarginal);
  EXPECT_EQ(o.terrain.room_fire_defense, DefaultTerrainChart().room_fire_defense);
}

// Every name listed is taken at a value in its range, and each lands in a
// number of its own: no two names share a field.
TEST(RoarksParameters_004, EveryNameIsTakenAndSetsItsOwnNumber) {
  const std::vector<std::string> names = ParameterNames();
  EXPECT_EQ(names.size(), 3u * kFireColumns + 3u * kMeleeColumns + 2u * 7 + 4 + 3 + 1);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  RoarksOptions defaults;
  ASSERT_TRUE(ReadParameters({}, &defaults).ok());
  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    // A chart's light wound from 2, its serious from where its light was,
    // its mortal from 13: each column's totals still do not fall. The
    // terrain's and the level's ranges take 9.
    double value = 9;
    const bool fire = name.rfind("roarks.fire_chart.", 0) == 0;
    if (fire || name.rfind("roarks.melee_chart.", 0) == 0) {
      const size_t dot = name.find('.', std::string(fire ? "roarks.fire_chart." : "roarks.melee_chart.").size());
      const int column = std::stoi(name.substr(fire ? 18 : 19, dot)) - 1;
      const ChartColumn& c = fire ? defaults.fire_chart[static_cast<size_t>(column)]
                                  : defaults.melee_chart[static_cast<size_t>(column)];
      const std::string result = name.substr(dot + 1);
      value = result == "light" ? 2 : result == "serious" ? c.light_from : 13;
    }
    RoarksOptions o;
    absl::Status st = ReadParameters({{name, value}}, &o);
    ASSERT_TRUE(st.ok()) << st;
    const bool same = SameChart(o.fire_chart.data(), defaults.fire_chart.data(), kFireColumns) &&
                      SameChart(o.melee_chart.data(), defaults.melee_chart.data(), kMeleeColumns) &&
                      o.victory_gap == defaults.victory_gap &&
                      o.terrain.room_fire_defense == defaults.terrain.room_fire_defense &&
                      o.terrain.low_wall_defense == defaults.terrain.low_wall_defense &&
                      o.terrain.high_wall_defense == defaults.terrain.high_wall_defense &&
                      o.terrain.redoubt_defense == defaults.terrain.redoubt_defense &&
                      o.terrain.opening_cost == defaults.terrain.opening_cost &&
                      o.terrain.low_wall_cost == defaults.terrain.low_wall_cost &&
                      o.terrain.high_wall_cost == defaults.terrain.high_wall_cost &&
                      o.terrain.clear.move_cost == defaults.terrain.clear.move_cost &&
                      o.terrain.clear.fire_defense == defaults.terrain.clear.fire_defense &&
                      [&] {
                        bool same_ground = true;
                        defaults.terrain.ground.ForEach([&](TerrainKind kind, const GroundEffect& g) {
                          const GroundEffect* x = o.terrain.ground.Find(kind);
                          if (x == nullptr || x->move_cost != g.move_cost || x->fire_defense != g.fire_defense) {
                            same_ground = false;
                          }
                        });
                        return same_ground;
                      }();
    // A mortal wound's lowest total of 13 changes nothing where it already
    // is 13 (the Fire Chart's 1:1, the Melee Chart's first three columns).
    const bool already = (name == "roarks.fire_chart.1.mortal" || name == "roarks.melee_chart.1.mortal" ||
                          name == "roarks.melee_chart.2.mortal" || name == "roarks.melee_chart.3.mortal");
    EXPECT_EQ(same, already);
  }
}

TEST(RoarksParameters_004, BadNamesAndValuesAreRefusedWithTheirPathAndChangeNothing) {
  RoarksOptions o;
  ASSERT_TRUE(ReadParameters({{"roarks.victory_gap", 6}}, &o).ok());
  const struct {
    std::vector<Parameter> given;
    std::string prefix;
  } cases[] = {
      {{{"roarks.fire_chart.7.light", 9}}, "state.parameters[0].name:"},
      {{{"roarks.victory_gap", 5}, {"pagano.last_turn", 9}}, "state.parameters[1].name:"},
      {{{"roarks.victory_gap", 5}, {"roarks.victory_gap", 5}}, "state.parameters[1].name:"},
      {{{"roarks.victory_gap", 11}}, "state.parameters[0].value:"},
      {{{"roarks.terrain.clear.move", 0}}, "state.parameters[0].value:"},
      {{{"roarks.terrain.room_fire_defense", 6.5}}, "state.parameters[0].value:"},
      {{{"roarks.fire_chart.2.serious", 1.0 / 0.0}}, "state.parameters[0].value:"},
      {{{"roarks.fire_chart.2.serious", 8}}, "state.parameters:"},  // 9 light, 8 serious
  };
  for (const auto& c : cases) {
    const absl::Status st = ReadParameters(c.given, &o);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << c.prefix;
    EXPECT_EQ(std::string(st.message()).substr(0, c.prefix.size()), c.prefix) << st;
    EXPECT_EQ(o.victory_gap, Victory::kZuluMarginal);  // unchanged (6)
  }
}

// 6.1.1 aimed fire reads the caller's Fire Chart and Terrain Effects Chart:
// two rankers (4 factors) at a Zulu in the open, FDF 2, are 2:1; a light
// wound on 9 by the designed chart, a mortal one on 9 by the caller's.
TEST(RoarksParameters_004, AimedFireReadsTheCallersCharts_6_1_1) {
  for (const bool overridden : {false, true}) {
    RoarksState s = BlankBoard();
    if (overridden) {
      ASSERT_TRUE(ReadParameters({{"roarks.fire_chart.4.light", 5},
                                  {"roarks.fire_chart.4.serious", 7},
                                  {"roarks.fire_chart.4.mortal", 9},
                                  {"roarks.terrain.clear.fire_defense", 1}},
                                 &s.options)
                      .ok());
    }
    const int a = Put(s, "b2_24_001", H(20, 10));
    const int b = Put(s, "b2_24_002", H(20, 10));
    const int z = Put(s, "udloko_01", H(20, 7));
    GoTo(s, Segment::kBritishFire);
    Dice dice = Dice::Scripted(Rolls({9}));
    absl::StatusOr<FireResult> r = AimedFire(s, dice, {a, b}, H(20, 7));
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->fire_defense, overridden ? 1 : 2);
    EXPECT_EQ(r->ratio, overridden ? 4 : 2);
    EXPECT_EQ(r->damage, overridden ? Damage::kMortal : Damage::kLight);
    EXPECT_EQ(s.counters[static_cast<size_t>(z)].killed, overridden);
  }
}

// 12.0's missing row: 37 British dead read as the caller's level.
TEST(RoarksParameters_004, TheVictoryGapIsTheCallersLevel_12_0) {
  RoarksState s = SetUpGame();
  ASSERT_TRUE(ReadParameters({{"roarks.victory_gap", static_cast<double>(Victory::kDraw)}}, &s.options).ok());
  int n = 37;
  for (int u = 0; u < s.size() && n > 0; ++u) {
    if (SideOf(s, u) == Side::kBritish) {
      Kill(s, u);
      --n;
    }
  }
  ASSERT_EQ(BritishDead(s), 37);
  EXPECT_EQ(VictoryNow(s).value(), Victory::kDraw);
}

}  // namespace
}  // namespace impi::roarks
