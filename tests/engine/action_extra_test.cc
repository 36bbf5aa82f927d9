// Action::extra (engine/game/action_extra.h): a rule set's own fields of an
// action, held inline, found by type, folded into the search's key.
#include "engine/game/action_extra.h"

#include <string>
#include <type_traits>

#include <gtest/gtest.h>

#include "engine/core/state_hash.h"
#include "engine/game/ruleset.h"

namespace impi {
namespace {

// Two rule sets' own fields, as each would define them in its folder.
struct Aim {
  double inches = 0;
  void Hash(StateHasher* h) const { h->Add(inches); }
  std::string Text() const { return " aimed " + std::to_string(static_cast<int>(inches)); }
  bool operator==(const Aim& o) const { return inches == o.inches; }
};
struct Hexes {
  int steps = 0;
  int facing = 0;
  void Hash(StateHasher* h) const {
    h->Add(steps);
    h->Add(facing);
  }
  std::string Text() const { return " " + std::to_string(steps) + " hexes"; }
  bool operator==(const Hexes& o) const { return steps == o.steps && facing == o.facing; }
};

uint64_t KeyOf(const ActionExtra& e) {
  StateHasher h;
  e.Hash(&h);
  return h.value();
}

TEST(ActionExtra, HoldsOneTypeFoundByItsType) {
  ActionExtra e;
  EXPECT_FALSE(e.has_value());
  EXPECT_EQ(e.get_if<Aim>(), nullptr);
  e.emplace(Aim{24});
  ASSERT_NE(e.get_if<Aim>(), nullptr);
  EXPECT_EQ(e.get_if<Aim>()->inches, 24);
  EXPECT_EQ(e.get_if<Hexes>(), nullptr);  // another rule set's type is not read as this one
  e.emplace(Hexes{3, 2});
  EXPECT_EQ(e.get_if<Aim>(), nullptr);
  ASSERT_NE(e.get_if<Hexes>(), nullptr);
  EXPECT_EQ(e.get_if<Hexes>()->steps, 3);
  e.reset();
  EXPECT_FALSE(e.has_value());
  EXPECT_EQ(e.get_if<Hexes>(), nullptr);
}

TEST(ActionExtra, CopiesAreEqualAndIndependent) {
  Action a;
  a.extra.emplace(Aim{12});
  Action b = a;
  EXPECT_TRUE(a.extra == b.extra);
  b.extra.emplace(Aim{13});
  EXPECT_EQ(a.extra.get_if<Aim>()->inches, 12);
  EXPECT_FALSE(a.extra == b.extra);
  Action none;
  EXPECT_FALSE(a.extra == none.extra);
  EXPECT_TRUE(none.extra == Action{}.extra);
  // The same bytes of another type are another value.
  ActionExtra h;
  h.emplace(Hexes{0, 0});
  ActionExtra z;
  z.emplace(Aim{0});
  EXPECT_FALSE(h == z);
  static_assert(std::is_trivially_copyable_v<ActionExtra>);
}

TEST(ActionExtra, KeysAndWordsComeFromTheHeldType) {
  ActionExtra none;
  EXPECT_EQ(KeyOf(none), StateHasher().value());  // nothing held: nothing folded in
  EXPECT_EQ(none.Text(), "");
  ActionExtra a;
  a.emplace(Aim{24});
  ActionExtra b;
  b.emplace(Aim{25});
  EXPECT_NE(KeyOf(a), KeyOf(b));
  StateHasher direct;
  direct.Add(24.0);
  EXPECT_EQ(KeyOf(a), direct.value());  // exactly what the type folds in
  EXPECT_EQ(a.Text(), " aimed 24");
  ActionExtra h;
  h.emplace(Hexes{3, 1});
  EXPECT_EQ(h.Text(), " 3 hexes");
}

}  // namespace
}  // namespace impi
