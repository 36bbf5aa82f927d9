// tests/engine/flat_map_test.cc: a FlatMap reads like a std::map, copies
// share entries until one changes, and a hinted find answers as find does.
#include "engine/core/flat_map.h"

#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace impi {
namespace {

TEST(FlatMapTest, IteratesInKeyOrderAsAMap) {
  FlatMap<std::string, int> m;
  std::map<std::string, int> want;
  for (const char* k : {"t9", "b1", "t10", "a", "b1", "z2"}) {
    m[k] += 1;
    want[k] += 1;
  }
  using Entries = std::vector<std::pair<std::string, int>>;
  const Entries got(m.begin(), m.end());
  EXPECT_EQ(got, Entries(want.begin(), want.end()));
  EXPECT_EQ(m.count("b1"), 1u);
  EXPECT_EQ(m.at("b1"), 2);
  EXPECT_EQ(m.find("nope"), m.end());
  EXPECT_EQ(m.erase("a"), 1u);
  EXPECT_EQ(m.erase("a"), 0u);
  EXPECT_EQ(m.size(), 4u);
}

TEST(FlatMapTest, CopiesShareUntilOneChanges) {
  FlatMap<std::string, int> a;
  a["x"] = 1;
  FlatMap<std::string, int> b = a;
  EXPECT_EQ(&a.at("x"), &b.at("x"));  // one set of entries
  b["x"] = 2;
  EXPECT_EQ(a.at("x"), 1);
  EXPECT_EQ(b.at("x"), 2);
  EXPECT_NE(a, b);
}

TEST(FlatMapTest, AHintedFindOrInsertIsOperatorBracketWhateverTheHint) {
  FlatMap<std::string, int> m;
  std::map<std::string, int> want;
  size_t hint = 0;
  // Keys new and old, in no order, with the hint each call leaves (good for
  // a repeat, stale after an insertion before it) and with hints far off.
  const std::vector<std::string> keys = {"u5", "u1", "u5", "u9", "u1", "u3", "u3", "u0", "u9"};
  for (size_t i = 0; i < keys.size(); ++i) {
    size_t h = i % 3 == 0 ? hint : (i % 3 == 1 ? 1000 : 0);
    m.FindOrInsert(keys[i], &h) += static_cast<int>(i) + 1;
    want[keys[i]] += static_cast<int>(i) + 1;
    ASSERT_LT(h, m.size());
    EXPECT_EQ((m.begin() + h)->first, keys[i]) << i;
    hint = h;
  }
  using Entries = std::vector<std::pair<std::string, int>>;
  EXPECT_EQ(Entries(m.begin(), m.end()), Entries(want.begin(), want.end()));
  // A copy is not changed through the other's hinted insert.
  FlatMap<std::string, int> copy = m;
  size_t h = 0;
  copy.FindOrInsert("u1", &h) = -1;
  EXPECT_EQ(m.at("u1"), want["u1"]);
  EXPECT_EQ(copy.at("u1"), -1);
}

TEST(FlatMapTest, AHintedFindAnswersAsFindWhateverTheHint) {
  FlatMap<std::string, int> m;
  for (int i = 0; i < 20; ++i) m["u" + std::to_string(i)] = i;
  size_t hint = 0;
  // A good hint, a stale one (another key's place), one past the end.
  for (const size_t start : {size_t{0}, size_t{7}, size_t{19}, size_t{1000}}) {
    for (int i = -1; i < 21; ++i) {
      const std::string key = "u" + std::to_string(i);
      hint = start;
      const auto it = m.find(key, &hint);
      EXPECT_EQ(it, m.find(key)) << key;
      if (it != m.end()) {
        EXPECT_EQ(it->first, key);
        EXPECT_EQ(static_cast<size_t>(it - m.begin()), hint);
      } else {
        EXPECT_EQ(hint, start);  // a missing key leaves the hint as it was
      }
    }
  }
  // An insertion moves the entries after it: the kept hint is stale, and
  // the answer is still the key's.
  hint = 0;
  ASSERT_EQ(m.find("u5", &hint)->second, 5);
  const size_t before = hint;
  m["u0a"] = 99;  // sorts before "u5"
  EXPECT_EQ(m.find("u5", &hint)->second, 5);
  EXPECT_EQ(hint, before + 1);
}

}  // namespace
}  // namespace impi
