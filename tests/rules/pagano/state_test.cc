// Pagano's own state (engine/rulesets/pagano/state.h): each unit's entry by
// its handle, kept with its unit when a caller reorders the units (the
// handles inside entries following), and checked against the units with the
// field's path named.
#include "engine/rulesets/pagano/state.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::pagano {
namespace {

using ::testing::HasSubstr;

Unit Make(const std::string& id, UnitKind kind, Side side, int fit) {
  Unit u;
  u.id = id;
  u.kind = kind;
  u.side = side;
  u.figures.fit = fit;
  return u;
}

// An isigaba, an induna, a Gatling with one crew figure, a ranker and the
// medical corps.
BattleState Table() {
  BattleState s;
  s.ruleset = "PAGANO_D10";
  s.table.width = 72;
  s.table.height = 48;
  s.units.push_back(Make("iNgobamakhosi 1", UnitKind::kIsigaba, Side::kZulu, kIsigabaFigures));
  s.units.push_back(Make("Ntshingwayo", UnitKind::kInduna, Side::kZulu, 1));
  s.units.push_back(Make("gatling", UnitKind::kGatling, Side::kBritish, 0));
  s.units.push_back(Make("crew 1", UnitKind::kInfantry, Side::kBritish, 1));
  s.units.push_back(Make("Pte Hook", UnitKind::kInfantry, Side::kBritish, 1));
  s.units.push_back(Make("Surgeon Reynolds", UnitKind::kSurgeon, Side::kBritish, 1));
  return s;
}

TEST(PaganoState, EntriesFollowTheirUnitsAndTheHandlesInsideThem) {
  BattleState s = Table();
  {
    PaganoState& own = MutableOwnState(s);
    EXPECT_TRUE(own.KeyedTo(s));
    own.phase = Phase::kZuluMorale;
    own.month = 1;
  }
  PaganoUnit& isigaba = MutableUnitState(s, s.units[0]);
  isigaba.spears_thrown = true;
  isigaba.directed_by = 1;  // Ntshingwayo
  isigaba.cattle = 2;
  PaganoUnit& crew = MutableUnitState(s, s.units[3]);
  crew.category = BritCategory::kArtilleryCrew;
  crew.crew_of = 2;  // the Gatling
  MutableUnitState(s, s.units[2]).jammed = true;
  ASSERT_TRUE(CheckOwnState(s).ok()) << CheckOwnState(s);

  // A caller sends the units in another order: each entry goes with its
  // unit, and the handles inside entries name the same units.
  std::swap(s.units[0], s.units[4]);
  std::swap(s.units[1], s.units[2]);
  EXPECT_TRUE(CheckOwnState(s).ok()) << CheckOwnState(s);
  const Unit* zulus = s.FindUnit("iNgobamakhosi 1");
  const PaganoUnit* e = UnitState(s, *zulus);  // found by id before keying
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->spears_thrown);
  PaganoState& own = MutableOwnState(s);
  EXPECT_TRUE(own.KeyedTo(s));
  EXPECT_EQ(own.phase, Phase::kZuluMorale);
  const PaganoUnit& moved = MutableUnitState(s, *s.FindUnit("iNgobamakhosi 1"));
  EXPECT_EQ(moved.cattle, 2);
  ASSERT_NE(UnitAt(s, moved.directed_by), nullptr);
  EXPECT_EQ(UnitAt(s, moved.directed_by)->id.str(), "Ntshingwayo");
  const PaganoUnit* gunner = UnitState(s, *s.FindUnit("crew 1"));
  ASSERT_NE(gunner, nullptr);
  EXPECT_EQ(UnitAt(s, gunner->crew_of)->id.str(), "gatling");
  EXPECT_TRUE(UnitState(s, *s.FindUnit("gatling"))->jammed);
  EXPECT_TRUE(UnitState(s, *s.FindUnit("Pte Hook"))->Empty());
}

TEST(PaganoState, AUnitRemovedTakesItsEntryAndItsHandlesWithIt) {
  BattleState s = Table();
  MutableUnitState(s, s.units[3]).crew_of = 2;
  s.units.erase(s.units.begin() + 2);  // the Gatling leaves the state
  PaganoState& own = MutableOwnState(s);
  ASSERT_EQ(own.units.size(), s.units.size());
  EXPECT_EQ(MutableUnitState(s, *s.FindUnit("crew 1")).crew_of, kNoUnit);
}

TEST(PaganoState, ANewStateReadsAsZuluMovementInJanuary) {
  const BattleState s = Table();
  EXPECT_EQ(OwnState(s), nullptr);
  EXPECT_EQ(PhaseOf(s), Phase::kZuluMovement);
  EXPECT_EQ(UnitState(s, s.units[0]), nullptr);
  EXPECT_TRUE(CheckOwnState(s).ok());
  EXPECT_EQ(PaganoUnit{}.riflemen_rolled, -1);  // not rolled until it first fires
}

// Each check names its field's path and why.
TEST(PaganoState, EveryCheckNamesItsField) {
  struct Case {
    const char* name;
    void (*spoil)(BattleState&);
    const char* path;
  };
  const Case cases[] = {
      {"month", [](BattleState& s) { MutableOwnState(s).month = 13; }, "state.pagano.month"},
      {"phase", [](BattleState& s) { MutableOwnState(s).phase = static_cast<Phase>(8); },
       "state.pagano.phase"},
      {"riflemen", [](BattleState& s) { MutableUnitState(s, s.units[0]).riflemen_rolled = 3; },
       "state.pagano.units[iNgobamakhosi 1].riflemen_rolled"},
      {"frontage", [](BattleState& s) { MutableUnitState(s, s.units[0]).frontage = -1; },
       "state.pagano.units[iNgobamakhosi 1].frontage"},
      {"markers",
       [](BattleState& s) {
         s.units[0].figures.casualties = 2;
         MutableUnitState(s, s.units[0]).lost_since_morale = 3;
       },
       "state.pagano.units[iNgobamakhosi 1].lost_since_morale"},
      {"cattle", [](BattleState& s) { MutableUnitState(s, s.units[0]).cattle = 3; },
       "state.pagano.units[iNgobamakhosi 1].cattle"},
      {"induna", [](BattleState& s) { MutableUnitState(s, s.units[0]).directed_by = 4; },
       "state.pagano.units[iNgobamakhosi 1].directed_by"},
      {"crew", [](BattleState& s) { MutableUnitState(s, s.units[3]).crew_of = 4; },
       "state.pagano.units[crew 1].crew_of"},
      {"carrying", [](BattleState& s) { MutableUnitState(s, s.units[4]).carrying = 0; },
       "state.pagano.units[Pte Hook].carrying"},
      {"casualties", [](BattleState& s) { MutableUnitState(s, s.units[5]).casualties_this_turn = 4; },
       "state.pagano.units[Surgeon Reynolds].casualties_this_turn"},
      {"casualties elsewhere",
       [](BattleState& s) { MutableUnitState(s, s.units[4]).casualties_this_turn = 1; },
       "state.pagano.units[Pte Hook].casualties_this_turn"},
      {"jam", [](BattleState& s) { MutableUnitState(s, s.units[4]).jammed = true; },
       "state.pagano.units[Pte Hook].jammed"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    BattleState s = Table();
    c.spoil(s);
    const absl::Status st = CheckOwnState(s);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(st.message()), HasSubstr(std::string(c.path) + ":"));
  }
}

// Every field of an entry counts in its comparison: an entry with any one
// field set is not empty (the wire will leave out only empty entries). A
// new field of PaganoUnit joins this list and operator==.
TEST(PaganoState, EveryFieldOfAnEntryCounts) {
  const std::vector<void (*)(PaganoUnit&)> set = {
      [](PaganoUnit& e) { e.riflemen_rolled = 1; },
      [](PaganoUnit& e) { e.spears_thrown = true; },
      [](PaganoUnit& e) { e.sharpshooters = true; },
      [](PaganoUnit& e) { e.frontage = 5; },
      [](PaganoUnit& e) { e.lost_since_morale = 1; },
      [](PaganoUnit& e) { e.initiated_melee = true; },
      [](PaganoUnit& e) { e.stayed = true; },
      [](PaganoUnit& e) { e.directed_by = 2; },
      [](PaganoUnit& e) { e.cattle = 1; },
      [](PaganoUnit& e) { e.fought_this_phase = true; },
      [](PaganoUnit& e) { e.category = BritCategory::kOfficer; },
      [](PaganoUnit& e) { e.invalid = true; },
      [](PaganoUnit& e) { e.weapon = Weapon::kPistol; },
      [](PaganoUnit& e) { e.horse_holder = true; },
      [](PaganoUnit& e) { e.crew_of = 3; },
      [](PaganoUnit& e) { e.carrying = 4; },
      [](PaganoUnit& e) { e.move_spent = 1; },
      [](PaganoUnit& e) { e.jammed = true; },
      [](PaganoUnit& e) { e.clearing = true; },
      [](PaganoUnit& e) { e.casualties_this_turn = 1; },
  };
  EXPECT_TRUE(PaganoUnit{}.Empty());
  for (size_t i = 0; i < set.size(); ++i) {
    PaganoUnit e;
    set[i](e);
    EXPECT_FALSE(e.Empty()) << "field " << i;
  }
}

TEST(PaganoState, AnEntryForAUnitNotInTheStateIsRefused) {
  BattleState s = Table();
  MutableOwnState(s);
  s.units.pop_back();  // the medical corps gone, its entry still kept
  const absl::Status st = CheckOwnState(s);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(st.message()), HasSubstr("state.pagano.units[Surgeon Reynolds]"));
}

}  // namespace
}  // namespace impi::pagano
