// The built-in TSATF Zulu Control patrol (engine/scenarios/tsatf_patrol.json)
// against the umpire's set-up in 003_8a310c3200cb6fb0.txt ("Before the game
// starts, the umpire must do the following").
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "clients/cli/request_io.h"
#include "engine/scenarios/embedded.h"
#include "gtest/gtest.h"

namespace impi::cli {
namespace {

bool Inside(const v1::Vec2& p, const v1::Terrain& t) {
  bool in = false;
  const int n = t.outline_size();
  for (int i = 0, j = n - 1; i < n; j = i++) {
    const v1::Vec2& a = t.outline(i);
    const v1::Vec2& b = t.outline(j);
    if ((a.y() > p.y()) != (b.y() > p.y()) &&
        p.x() < (b.x() - a.x()) * (p.y() - a.y()) / (b.y() - a.y()) + a.x()) {
      in = !in;
    }
  }
  return in;
}

double DistanceToSegment(const v1::Vec2& p, const v1::Vec2& a, const v1::Vec2& b) {
  const double dx = b.x() - a.x(), dy = b.y() - a.y();
  const double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / len2 : 0;
  t = std::fmax(0.0, std::fmin(1.0, t));
  return std::hypot(p.x() - a.x() - t * dx, p.y() - a.y() - t * dy);
}

double DistanceToOutline(const v1::Vec2& p, const v1::Terrain& t) {
  double best = 1e9;
  const int n = t.outline_size();
  const int segments = t.open() ? n - 1 : n;
  for (int i = 0; i < segments; ++i) {
    best = std::fmin(best, DistanceToSegment(p, t.outline(i), t.outline((i + 1) % n)));
  }
  return best;
}

bool OnTable(const v1::Vec2& p, const v1::TableState& s) {
  return p.x() >= 0 && p.y() >= 0 && p.x() <= s.table().width() && p.y() <= s.table().height();
}

class TsatfPatrolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<v1::TableState> loaded = LoadScenario("tsatf");
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    state_ = *loaded;
  }
  std::vector<v1::Point> Points(v1::PointKind kind) const {
    std::vector<v1::Point> out;
    for (const v1::Point& p : state_.points()) {
      if (p.kind() == kind) out.push_back(p);
    }
    return out;
  }
  v1::TableState state_;
};

TEST(EmbeddedScenarioTest, FoundByShortNameAndStem) {
  ASSERT_NE(scenarios::FindScenario("tsatf"), nullptr);
  EXPECT_EQ(scenarios::FindScenario("tsatf"), scenarios::FindScenario("tsatf_patrol"));
  EXPECT_EQ(scenarios::FindScenario("isandlwana_by_moonlight"), nullptr);
  EXPECT_EQ(scenarios::FindScenario("tsatf")->json.front(), '{');
  EXPECT_FALSE(LoadScenario("nope").ok());
}

TEST_F(TsatfPatrolTest, Header) {
  EXPECT_EQ(state_.ruleset(), v1::TSATF_ZULU_CONTROL);
  EXPECT_EQ(state_.scenario(), "tsatf_patrol");
  EXPECT_EQ(state_.scale(), v1::TACTICAL);
  EXPECT_EQ(state_.table().width(), 72);
  EXPECT_EQ(state_.table().height(), 48);
  EXPECT_EQ(state_.clock().turn(), 1);
  EXPECT_EQ(state_.clock().phase(), v1::START_OF_TURN);
}

TEST_F(TsatfPatrolTest, NineBritishUnitsNearTheirEntryEdge) {
  ASSERT_EQ(state_.units_size(), 9);
  std::set<std::string> ids;
  int guns = 0, native_foot = 0, cavalry = 0;
  for (const v1::Unit& u : state_.units()) {
    ids.insert(u.id());
    EXPECT_EQ(u.side(), v1::BRITISH) << u.id();
    EXPECT_FALSE(u.name().empty()) << u.id();
    EXPECT_FALSE(u.off_table()) << u.id();
    EXPECT_GE(u.leaders(), 1) << u.id();
    EXPECT_GE(u.position().y(), 2) << u.id();
    EXPECT_LE(u.position().y(), 8) << u.id();
    EXPECT_TRUE(OnTable(u.position(), state_)) << u.id();
    switch (u.kind()) {
      case v1::INFANTRY:
        EXPECT_TRUE(u.red_coat()) << u.id();
        EXPECT_EQ(u.figures().fit(), 20) << u.id();
        break;
      case v1::CAVALRY:
        ++cavalry;
        EXPECT_EQ(u.figures().fit(), 12) << u.id();
        break;
      case v1::NATIVE_FOOT:
        ++native_foot;
        EXPECT_FALSE(u.red_coat()) << u.id();
        break;
      case v1::GUN:
        ++guns;
        EXPECT_EQ(u.figures().fit(), 4) << u.id();  // "Gun - ... starting with a 4-man crew"
        break;
      default: ADD_FAILURE() << u.id() << " has kind " << v1::UnitKind_Name(u.kind());
    }
    for (const v1::Terrain& t : state_.terrain()) {
      if (!t.open()) {
        EXPECT_FALSE(Inside(u.position(), t)) << u.id() << " in " << t.id();
      }
    }
  }
  EXPECT_EQ(ids, (std::set<std::string>{"b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"}));
  EXPECT_EQ(guns, 1);
  EXPECT_EQ(native_foot, 1);
  EXPECT_GE(cavalry, 1);
}

// "Designate 10 points around the edges of the table top, numbered 1 through
// 10 ... One point should be where the British forces will enter the game."
TEST_F(TsatfPatrolTest, TenPerimeterPointsOnTheEdgesOneBritishEntry) {
  const std::vector<v1::Point> perimeter = Points(v1::PERIMETER);
  ASSERT_EQ(perimeter.size(), 10u);
  std::set<int> numbers;
  std::set<std::string> edges;
  int entries = 0;
  for (const v1::Point& p : perimeter) {
    numbers.insert(p.number());
    EXPECT_EQ(p.state(), v1::UNTESTED) << p.number();
    const double x = p.position().x(), y = p.position().y();
    const bool left = x == 0, right = x == state_.table().width();
    const bool bottom = y == 0, top = y == state_.table().height();
    EXPECT_TRUE(left || right || bottom || top) << "perimeter point " << p.number();
    EXPECT_TRUE(OnTable(p.position(), state_)) << p.number();
    if (left) edges.insert("left");
    if (right) edges.insert("right");
    if (bottom) edges.insert("bottom");
    if (top) edges.insert("top");
    if (p.british_entry()) {
      ++entries;
      EXPECT_EQ(p.number(), 1);
      EXPECT_TRUE(bottom);
    }
  }
  EXPECT_EQ(numbers, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_EQ(edges.size(), 4u);
  EXPECT_EQ(entries, 1);
  for (const v1::Point& p : Points(v1::APPEARANCE)) EXPECT_FALSE(p.british_entry());
}

// "Designate 10 or more points on the table top ... These should be hills,
// small patches of scrub or woods." A rifle-armed regiment needs class 3 or 4
// terrain (RANDOM CHANCE ON-FIELD, row 3).
TEST_F(TsatfPatrolTest, TenAppearancePointsInOrByTheirTerrain) {
  const std::vector<v1::Point> appearance = Points(v1::APPEARANCE);
  ASSERT_EQ(appearance.size(), 10u);
  std::set<int> numbers;
  std::set<int> classes;
  int class_3_or_4 = 0, hidden = 0;
  for (const v1::Point& p : appearance) {
    numbers.insert(p.number());
    EXPECT_FALSE(p.name().empty()) << p.number();
    EXPECT_GE(p.terrain_class(), 1) << p.number();
    EXPECT_LE(p.terrain_class(), 4) << p.number();
    EXPECT_EQ(p.state(), v1::UNTESTED) << p.number();
    EXPECT_TRUE(OnTable(p.position(), state_)) << p.number();
    classes.insert(p.terrain_class());
    if (p.terrain_class() >= 3) ++class_3_or_4;
    if (p.hidden()) ++hidden;
    double nearest = 1e9;
    for (const v1::Terrain& t : state_.terrain()) {
      if (!t.open() && Inside(p.position(), t)) nearest = 0;
      nearest = std::fmin(nearest, DistanceToOutline(p.position(), t));
    }
    EXPECT_LE(nearest, 2.0) << "appearance point " << p.number() << " (" << p.name()
                            << ") is in no terrain";
  }
  EXPECT_EQ(numbers, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_GE(class_3_or_4, 3);
  EXPECT_GE(classes.size(), 3u);
  EXPECT_GE(hidden, 1);
  EXPECT_LT(hidden, 10);
}

TEST_F(TsatfPatrolTest, NoPointInImpassableTerrain) {
  int impassable = 0;
  for (const v1::Terrain& t : state_.terrain()) {
    if (!t.impassable()) continue;
    ++impassable;
    for (const v1::Point& p : state_.points()) {
      EXPECT_FALSE(Inside(p.position(), t))
          << v1::PointKind_Name(p.kind()) << " " << p.number() << " inside " << t.id();
    }
  }
  EXPECT_GE(impassable, 1);
}

TEST_F(TsatfPatrolTest, TerrainIsOnTheTableWithTheNamedFeatures) {
  std::set<std::string> ids;
  std::set<v1::TerrainKind> kinds;
  for (const v1::Terrain& t : state_.terrain()) {
    EXPECT_TRUE(ids.insert(t.id()).second) << "duplicate terrain id " << t.id();
    kinds.insert(t.kind());
    EXPECT_GE(t.outline_size(), t.open() ? 2 : 3) << t.id();
    for (const v1::Vec2& v : t.outline()) EXPECT_TRUE(OnTable(v, state_)) << t.id();
    if (t.kind() == v1::RIVER) {
      EXPECT_TRUE(t.open());
      EXPECT_FALSE(t.impassable());
    }
    if (t.kind() == v1::ROCKS) {
      EXPECT_TRUE(t.impassable());
      EXPECT_EQ(t.cover_class(), 4);
    }
    if (t.kind() == v1::KRAAL) {
      EXPECT_EQ(t.cover_class(), 2);
    }
    if (t.id() == "kopje") {
      EXPECT_EQ(t.kind(), v1::HILL);
      EXPECT_TRUE(t.blocks_los());
      EXPECT_EQ(t.cover_class(), 3);
    }
  }
  for (v1::TerrainKind k : {v1::RIVER, v1::HILL, v1::ROCKS, v1::KRAAL, v1::DONGA}) {
    EXPECT_EQ(kinds.count(k), 1u) << v1::TerrainKind_Name(k);
  }
}

// "Example: The scenario calls for 24 Zulu units vs. 9 British units."
TEST_F(TsatfPatrolTest, ForcePoolOfTheTextsExample) {
  EXPECT_EQ(state_.tsatf().force_pool(), 24);
  EXPECT_EQ(state_.tsatf().committed(), 0);
  EXPECT_EQ(state_.tsatf().scenario_total(), 24);
  EXPECT_EQ(state_.tsatf().impis_created(), 0);
}

}  // namespace
}  // namespace impi::cli
