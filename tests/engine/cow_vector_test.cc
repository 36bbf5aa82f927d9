// tests/engine/cow_vector_test.cc: copies of a CowVector share their elements
// and never see one another's changes; a BattleState's terrain is one.
#include "engine/core/cow_vector.h"

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "gtest/gtest.h"

namespace impi {
namespace {

TEST(CowVectorTest, ReadsLikeAVector) {
  CowVector<int> v;
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.begin(), v.end());
  v.push_back(1);
  v.emplace_back(2);
  v.push_back(3);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[1], 2);
  EXPECT_EQ(v.front(), 1);
  EXPECT_EQ(v.back(), 3);
  EXPECT_EQ(v.vector(), (std::vector<int>{1, 2, 3}));
  int sum = 0;
  for (int x : v) sum += x;
  EXPECT_EQ(sum, 6);
  EXPECT_EQ(CowVector<int>({4, 5}).vector(), (std::vector<int>{4, 5}));
}

TEST(CowVectorTest, ACopySharesUntilOneChanges) {
  CowVector<std::string> a;
  a.push_back("hill");
  a.push_back("donga");
  CowVector<std::string> b = a;
  EXPECT_EQ(a.data(), b.data());  // shared: nothing copied
  EXPECT_EQ(a, b);
  b.push_back("laager");
  EXPECT_NE(a.data(), b.data());
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(b.size(), 3u);
  CowVector<std::string> c = b;
  c.mutable_vector()[0] = "kopje";
  EXPECT_EQ(b[0], "hill");
  EXPECT_EQ(c[0], "kopje");
  c.erase(c.begin() + 1, c.begin() + 2);
  EXPECT_EQ(c.vector(), (std::vector<std::string>{"kopje", "laager"}));
  EXPECT_EQ(b.vector(), (std::vector<std::string>{"hill", "donga", "laager"}));
  c.erase(c.begin());
  EXPECT_EQ(c.vector(), (std::vector<std::string>{"laager"}));
  b.clear();
  EXPECT_TRUE(b.empty());
  EXPECT_EQ(a.size(), 2u);
}

TEST(CowVectorTest, AnUnsharedVectorChangesInPlace) {
  CowVector<int> a;
  a.push_back(1);
  const int* before = a.data();
  a.mutable_vector()[0] = 7;
  EXPECT_EQ(a.data(), before);
  EXPECT_EQ(a[0], 7);
}

TEST(CowVectorTest, CopiesOfAStateShareTheTerrain) {
  BattleState s;
  Terrain& hill = s.terrain.emplace_back();
  hill.id = "hill";
  hill.outline = {Vec2(0, 0), Vec2(1, 0), Vec2(1, 1)};
  BattleState copy = s;
  EXPECT_EQ(copy.terrain.data(), s.terrain.data());
  Terrain& laager = copy.terrain.emplace_back();
  laager.id = "laager";
  ASSERT_EQ(s.terrain.size(), 1u);
  ASSERT_EQ(copy.terrain.size(), 2u);
  EXPECT_EQ(copy.terrain[0].id, "hill");
  EXPECT_EQ(copy.terrain[1].id, "laager");
}

}  // namespace
}  // namespace impi
