// PAGANO_D10's own state and questions through the contract, by the wire
// adapter alone (engine/rulesets/pagano/wire/): a state with every field set
// round-trips both ways, whatever order the units are in; what is malformed
// is INVALID_ARGUMENT naming the field, with nothing kept; each question
// kind is read, and a question without its unit or of another rule set is
// refused.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/pagano/question.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/wire/pagano_wire.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "impi/v1/pagano.pb.h"
#include "tests/rules/pagano/pagano_test_util.h"

namespace impi::pagano {
namespace {

using google::protobuf::util::MessageDifferencer;
using testing::Brit;
using testing::EmptyTable;
using testing::Induna;
using testing::Isigaba;
using testing::kNorth;
using testing::kSouth;

const PaganoWire kWire{};

// The units and terrain of a small battle (no own state): two izigaba (one
// Zulu, one NNC), an induna, a Gattling Gun with its crew, rankers, a
// casualty carried, an officer, the medical corps; a building and a
// barricade.
BattleState Battle() {
  BattleState s = EmptyTable();
  Unit z1 = Isigaba("z1", 30, 40, kSouth, 15);
  z1.figures.casualties = 5;
  s.units.push_back(z1);
  s.units.push_back(Isigaba("z2", 50, 40, kSouth));
  s.units.push_back(Induna("i1", 35, 44));
  Unit nnc = Isigaba("b_nnc", 20, 10, kNorth);
  nnc.kind = UnitKind::kNativeFoot;
  nnc.side = Side::kBritish;
  s.units.push_back(nnc);
  s.units.push_back(Brit("g1", 30, 10, UnitKind::kGatling));
  s.units.push_back(Brit("b1", 31, 10));
  s.units.push_back(Brit("b2", 29, 10));
  s.units.push_back(Brit("b3", 33, 9));
  Unit casualty = Brit("b4", 33, 8);
  casualty.figures.fit = 0;
  casualty.figures.seriously_wounded = 1;
  s.units.push_back(casualty);
  s.units.push_back(Brit("o1", 30, 8, UnitKind::kOfficer));
  s.units.push_back(Brit("m1", 34, 8, UnitKind::kSurgeon));
  s.units.push_back(Brit("h1", 36, 8, UnitKind::kCavalry));
  Terrain building;
  building.id = "t_store";
  building.kind = TerrainKind::kBuilding;
  building.outline = {Vec2(25, 5), Vec2(35, 5), Vec2(35, 9), Vec2(25, 9)};
  s.terrain.push_back(building);
  Terrain bags;
  bags.id = "t_bags";
  bags.kind = TerrainKind::kMealieBags;
  bags.open = true;
  bags.outline = {Vec2(20, 12), Vec2(40, 12)};
  s.terrain.push_back(bags);
  return s;
}

// Battle() with every field of the own state set somewhere.
BattleState Kept() {
  BattleState s = Battle();
  PaganoState& own = MutableOwnState(s);
  own.phase = Phase::kZuluMorale;
  own.month = 1;  // "battles taking place in January"
  own.stage = Stage::kSecond;
  own.run_due = true;
  own.over = true;
  own.asked = s.UnitIndex("z1");
  PaganoUnit& z1 = MutableUnitState(s, *s.FindUnit("z1"));
  z1.riflemen_rolled = 2;
  z1.spears_thrown = true;
  z1.sharpshooters = true;
  z1.frontage = 6.5;
  z1.lost_since_morale = 3;
  z1.initiated_melee = true;
  z1.stayed = true;
  z1.directed_by = s.UnitIndex("i1");
  z1.cattle = 2;
  z1.fought_this_phase = true;
  MutableUnitState(s, *s.FindUnit("b_nnc")).riflemen_rolled = 0;
  PaganoUnit& b2 = MutableUnitState(s, *s.FindUnit("b2"));
  b2.category = BritCategory::kArtilleryCrew;
  b2.crew_of = s.UnitIndex("g1");
  b2.move_spent = 1;
  PaganoUnit& b3 = MutableUnitState(s, *s.FindUnit("b3"));
  b3.carrying = s.UnitIndex("b4");
  b3.move_spent = 2;
  PaganoUnit& b4 = MutableUnitState(s, *s.FindUnit("b4"));
  b4.category = BritCategory::kNonCombatant;
  b4.invalid = true;
  PaganoUnit& o1 = MutableUnitState(s, *s.FindUnit("o1"));
  o1.category = BritCategory::kOfficer;
  o1.weapon = Weapon::kPistol;
  PaganoUnit& h1 = MutableUnitState(s, *s.FindUnit("h1"));
  h1.horse_holder = true;
  h1.weapon = Weapon::kCarbine;
  PaganoUnit& g1 = MutableUnitState(s, *s.FindUnit("g1"));
  g1.jammed = true;
  g1.clearing = true;
  MutableUnitState(s, *s.FindUnit("m1")).casualties_this_turn = 2;
  own.features.push_back(TerrainFeature{"t_store", Feature::kBuilding, 6});
  own.features.push_back(TerrainFeature{"t_bags", Feature::kRaisedRedoubt, 0});
  EXPECT_TRUE(CheckOwnState(s).ok()) << CheckOwnState(s);
  return s;
}

// The table as a caller sends it, without its own state: the wire reads the
// units' and the terrain's ids of it.
v1::TableState Table(const BattleState& s) {
  v1::TableState p;
  p.set_ruleset(v1::PAGANO_D10);
  p.mutable_table()->set_width(s.table.width);
  p.mutable_table()->set_height(s.table.height);
  for (const Unit& u : s.units) {
    v1::Unit* pu = p.add_units();
    pu->set_id(u.id.str());
    pu->set_side(static_cast<v1::Side>(u.side));
    pu->set_kind(static_cast<v1::UnitKind>(u.kind));
  }
  for (const Terrain& t : s.terrain) p.add_terrain()->set_id(t.id);
  return p;
}

// The state as impi writes it.
v1::TableState Sent(const BattleState& s) {
  v1::TableState p = Table(s);
  kWire.StateToProto(s, &p);
  return p;
}

// `s` without its own state, as the service makes it before the adapter.
BattleState Bare(BattleState s) {
  s.ruleset_state.reset();
  return s;
}

// An entry with the handles inside it read as the ids of their units.
struct Resolved {
  PaganoUnit entry;  // its handles cleared
  std::string directed_by, crew_of, carrying;
  bool operator==(const Resolved& o) const {
    return entry == o.entry && directed_by == o.directed_by && crew_of == o.crew_of && carrying == o.carrying;
  }
};
Resolved Resolve(const BattleState& s, const PaganoUnit& e) {
  auto id = [&s](int h) {
    const Unit* u = UnitAt(s, h);
    return u != nullptr ? u->id.str() : h == kNoUnit ? std::string() : absl::StrCat("handle ", h);
  };
  Resolved r{e, id(e.directed_by), id(e.crew_of), id(e.carrying)};
  r.entry.directed_by = r.entry.crew_of = r.entry.carrying = kNoUnit;
  return r;
}

// The same own state, unit by unit (by id, whatever order the units are in).
void ExpectSameOwnState(const BattleState& a, const BattleState& b) {
  ASSERT_NE(OwnState(a), nullptr);
  ASSERT_NE(OwnState(b), nullptr);
  EXPECT_EQ(OwnState(a)->phase, OwnState(b)->phase);
  EXPECT_EQ(OwnState(a)->month, OwnState(b)->month);
  EXPECT_EQ(OwnState(a)->stage, OwnState(b)->stage);
  EXPECT_EQ(OwnState(a)->over, OwnState(b)->over);
  EXPECT_EQ(OwnState(a)->run_due, OwnState(b)->run_due);
  const Unit* asked_a = UnitAt(a, OwnState(a)->asked);
  const Unit* asked_b = UnitAt(b, OwnState(b)->asked);
  ASSERT_EQ(asked_a == nullptr, asked_b == nullptr);
  if (asked_a != nullptr) EXPECT_EQ(asked_a->id, asked_b->id);
  EXPECT_EQ(OwnState(a)->features, OwnState(b)->features);
  ASSERT_EQ(a.units.size(), b.units.size());
  for (const Unit& u : a.units) {
    const Unit* v = b.FindUnit(u.id);
    ASSERT_NE(v, nullptr) << u.id.str();
    const PaganoUnit* ea = UnitState(a, u);
    const PaganoUnit* eb = UnitState(b, *v);
    ASSERT_NE(ea, nullptr) << u.id.str();
    ASSERT_NE(eb, nullptr) << u.id.str();
    EXPECT_TRUE(Resolve(a, *ea) == Resolve(b, *eb)) << u.id.str();
  }
}

TEST(PaganoWire, EveryFieldTravelsFromTheEngineAndBack) {
  const BattleState kept = Kept();
  const v1::TableState sent = Sent(kept);
  ASSERT_EQ(sent.ruleset_state_case(), v1::TableState::kPagano);
  // Every field of an entry is set in some entry written: a field added to
  // the message and not to this state shows here.
  const auto* entry = v1::PaganoUnitEntry::descriptor();
  for (int f = 0; f < entry->field_count(); ++f) {
    bool set = false;
    for (const v1::PaganoUnitEntry& x : sent.pagano().units()) {
      set |= x.GetReflection()->HasField(x, entry->field(f));
    }
    EXPECT_TRUE(set) << entry->field(f)->name();
  }
  BattleState back = Bare(kept);
  const absl::Status st = kWire.StateFromProto(sent, &back);
  ASSERT_TRUE(st.ok()) << st;
  ExpectSameOwnState(kept, back);
  const PaganoUnit* b2 = UnitState(back, *back.FindUnit("b2"));
  ASSERT_NE(b2, nullptr);
  ASSERT_NE(UnitAt(back, b2->crew_of), nullptr);
  EXPECT_EQ(UnitAt(back, b2->crew_of)->id.str(), "g1");
  EXPECT_EQ(UnitState(back, *back.FindUnit("o1"))->weapon, Weapon::kPistol);
  EXPECT_FALSE(UnitState(back, *back.FindUnit("b3"))->weapon.has_value());
  EXPECT_EQ(UnitState(back, *back.FindUnit("z2")), &OwnState(back)->units[1]);  // no entry: the defaults
  EXPECT_TRUE(UnitState(back, *back.FindUnit("z2"))->Empty());
}

TEST(PaganoWire, EveryFieldTravelsFromTheContractAndBack) {
  const v1::TableState sent = Sent(Kept());
  BattleState back = Bare(Kept());
  ASSERT_TRUE(kWire.StateFromProto(sent, &back).ok());
  v1::TableState again = Table(back);
  kWire.StateToProto(back, &again);
  std::string diff;
  MessageDifferencer differ;
  differ.ReportDifferencesToString(&diff);
  EXPECT_TRUE(differ.Compare(sent, again)) << diff;
}

TEST(PaganoWire, TheEntriesGoOutByIdWithTheDefaultsLeftOut) {
  const v1::PaganoState p = Sent(Kept()).pagano();
  EXPECT_EQ(p.phase(), v1::PAGANO_ZULU_MORALE);
  EXPECT_EQ(p.month(), 1);
  std::vector<std::string> ids;
  for (const v1::PaganoUnitEntry& x : p.units()) ids.push_back(x.unit_id());
  // z2 and b1 keep nothing: no entry.
  EXPECT_EQ(ids, (std::vector<std::string>{"b2", "b3", "b4", "b_nnc", "g1", "h1", "m1", "o1", "z1"}));
  std::map<std::string, v1::PaganoUnitEntry> by_id;
  for (const v1::PaganoUnitEntry& x : p.units()) by_id[x.unit_id()] = x;
  EXPECT_EQ(by_id["b2"].crew_of(), "g1");
  EXPECT_EQ(by_id["b2"].category(), v1::PAGANO_ARTILLERY_CREW);
  EXPECT_EQ(by_id["h1"].category(), v1::PAGANO_RANKER);  // a British figure's category is written
  EXPECT_EQ(by_id["z1"].category(), v1::PAGANO_BRIT_CATEGORY_UNSPECIFIED);  // an isigaba has none
  EXPECT_EQ(by_id["z1"].directed_by(), "i1");
  EXPECT_TRUE(by_id["z1"].riflemen_rolled());
  EXPECT_EQ(by_id["z1"].riflemen(), 2);
  EXPECT_TRUE(by_id["b_nnc"].riflemen_rolled());  // rolled 0: kept apart from not rolled
  EXPECT_EQ(by_id["b_nnc"].riflemen(), 0);
  EXPECT_EQ(by_id["b3"].carrying(), "b4");
  EXPECT_EQ(by_id["b3"].weapon(), v1::PAGANO_WEAPON_UNSPECIFIED);  // its kind's
  EXPECT_EQ(by_id["o1"].weapon(), v1::PAGANO_PISTOL);
  ASSERT_EQ(p.features_size(), 2);
  EXPECT_EQ(p.features(0).terrain_id(), "t_store");
  EXPECT_EQ(p.features(0).feature(), v1::PAGANO_BUILDING);
  EXPECT_EQ(p.features(0).openings(), 6);
  EXPECT_EQ(p.features(1).feature(), v1::PAGANO_RAISED_REDOUBT);
}

// The units in another order than the one the entries were made in: the
// same message goes out, and a message read against units in another order
// keeps each entry, and the ids inside it, with its unit.
TEST(PaganoWire, UnitsReorderedReadAndWriteTheSame) {
  const BattleState kept = Kept();
  const v1::TableState sent = Sent(kept);
  BattleState reversed = kept;
  std::reverse(reversed.units.begin(), reversed.units.end());  // the own state not keyed afresh
  ASSERT_FALSE(OwnState(reversed)->KeyedTo(reversed));
  v1::TableState from_reversed = Table(reversed);
  kWire.StateToProto(reversed, &from_reversed);
  EXPECT_EQ(from_reversed.pagano().SerializeAsString(), sent.pagano().SerializeAsString());

  BattleState back = Bare(reversed);
  v1::TableState reversed_table = Table(reversed);
  *reversed_table.mutable_pagano() = sent.pagano();
  const absl::Status st = kWire.StateFromProto(reversed_table, &back);
  ASSERT_TRUE(st.ok()) << st;
  EXPECT_TRUE(OwnState(back)->KeyedTo(back));
  const PaganoUnit* z1 = UnitState(back, *back.FindUnit("z1"));
  ASSERT_NE(z1, nullptr);
  EXPECT_EQ(z1->cattle, 2);
  EXPECT_EQ(UnitAt(back, z1->directed_by)->id.str(), "i1");
  EXPECT_EQ(UnitAt(back, UnitState(back, *back.FindUnit("b3"))->carrying)->id.str(), "b4");
  ExpectSameOwnState(kept, back);
  v1::TableState again = Table(back);
  kWire.StateToProto(back, &again);
  EXPECT_EQ(again.pagano().SerializeAsString(), sent.pagano().SerializeAsString());
}

// A unit gone from the table takes its entry with it, and an id naming it is
// not written: what impi writes, impi reads.
TEST(PaganoWire, AUnitGoneTakesItsEntryAndTheIdsNamingIt) {
  BattleState s = Kept();
  s.units.erase(s.units.begin() + s.UnitIndex("i1"));
  s.units.erase(s.units.begin() + s.UnitIndex("g1"));
  const v1::TableState sent = Sent(s);
  for (const v1::PaganoUnitEntry& x : sent.pagano().units()) {
    EXPECT_NE(x.unit_id(), "g1");
    if (x.unit_id() == "z1") {
      EXPECT_EQ(x.directed_by(), "");
    }
    if (x.unit_id() == "b2") {
      EXPECT_EQ(x.crew_of(), "");
    }
  }
  BattleState back = Bare(s);
  const absl::Status st = kWire.StateFromProto(sent, &back);
  EXPECT_TRUE(st.ok()) << st;
}

TEST(PaganoWire, AStateWithoutTheMessageIsTheFirstZuluMovement) {
  const BattleState battle = Battle();
  v1::TableState p = Table(battle);
  EXPECT_FALSE(p.has_pagano());
  BattleState back = Bare(battle);
  ASSERT_TRUE(kWire.StateFromProto(p, &back).ok());
  ASSERT_NE(OwnState(back), nullptr);
  EXPECT_EQ(OwnState(back)->phase, Phase::kZuluMovement);
  for (const PaganoUnit& e : OwnState(back)->units) EXPECT_TRUE(e.Empty());
  // A state with no own state writes none.
  v1::TableState out = Table(battle);
  kWire.StateToProto(battle, &out);
  EXPECT_FALSE(out.has_pagano());
}

// --- Malformed fields: one case each ---------------------------------------

// The entry of `unit_id` in `p` and its index (the unit must have one).
std::pair<int, v1::PaganoUnitEntry*> EntryOf(v1::TableState& p, const std::string& unit_id) {
  for (int i = 0; i < p.pagano().units_size(); ++i) {
    if (p.pagano().units(i).unit_id() == unit_id) return {i, p.mutable_pagano()->mutable_units(i)};
  }
  ADD_FAILURE() << "no entry for " << unit_id;
  return {-1, p.mutable_pagano()->add_units()};
}

// Spoils one field of `p` and returns the path the error must name.
using Spoil = std::function<std::string(v1::TableState& p)>;

struct BadCase {
  const char* name;
  Spoil spoil;
};

// An entry's field, spoiled with `set`: the path by the entry's index.
template <typename Set>
Spoil EntryField(const char* unit_id, const char* field, Set set) {
  return [=](v1::TableState& p) {
    auto [i, x] = EntryOf(p, unit_id);
    set(x);
    return absl::StrCat("state.pagano.units[", i, "].", field);
  };
}

// As EntryField, refused by the rule set's own check (CheckOwnState), which
// names the entry by its unit's id.
template <typename Set>
Spoil EntryBound(const char* unit_id, const char* field, Set set) {
  return [=](v1::TableState& p) {
    set(EntryOf(p, unit_id).second);
    return absl::StrCat("state.pagano.units[", unit_id, "].", field);
  };
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

const BadCase kBadCases[] = {
    {"AnotherRuleSetsState", [](v1::TableState& p) { p.mutable_ferree(); return std::string("state.ferree"); }},
    {"PhaseOutOfRange",
     [](v1::TableState& p) {
       p.mutable_pagano()->set_phase(static_cast<v1::PaganoPhase>(9));
       return std::string("state.pagano.phase");
     }},
    {"MonthPastDecember",
     [](v1::TableState& p) { p.mutable_pagano()->set_month(13); return std::string("state.pagano.month"); }},
    {"MonthNegative",
     [](v1::TableState& p) { p.mutable_pagano()->set_month(-1); return std::string("state.pagano.month"); }},
    {"StagePastTheSecondRound",
     [](v1::TableState& p) { p.mutable_pagano()->set_stage(3); return std::string("state.pagano.stage"); }},
    {"StageNegative",
     [](v1::TableState& p) { p.mutable_pagano()->set_stage(-1); return std::string("state.pagano.stage"); }},
    {"AskedNamesNoUnit",
     [](v1::TableState& p) { p.mutable_pagano()->set_asked("z99"); return std::string("state.pagano.asked"); }},
    {"UnitIdMissing", EntryField("b3", "unit_id", [](v1::PaganoUnitEntry* x) { x->clear_unit_id(); })},
    {"UnitIdNamesNoUnit", EntryField("b3", "unit_id", [](v1::PaganoUnitEntry* x) { x->set_unit_id("b99"); })},
    {"UnitIdTwice",
     [](v1::TableState& p) {
       *p.mutable_pagano()->add_units() = p.pagano().units(0);
       return absl::StrCat("state.pagano.units[", p.pagano().units_size() - 1, "].unit_id");
     }},
    {"CategoryOutOfRange", EntryField("b2", "category", [](v1::PaganoUnitEntry* x) {
       x->set_category(static_cast<v1::PaganoBritCategory>(9));
     })},
    {"WeaponOutOfRange", EntryField("o1", "weapon", [](v1::PaganoUnitEntry* x) {
       x->set_weapon(static_cast<v1::PaganoWeapon>(42));
     })},
    {"DirectedByNamesNoUnit",
     EntryField("z1", "directed_by", [](v1::PaganoUnitEntry* x) { x->set_directed_by("i9"); })},
    {"DirectedByNotAnInduna",
     EntryBound("z1", "directed_by", [](v1::PaganoUnitEntry* x) { x->set_directed_by("b1"); })},
    {"CrewOfNamesNoUnit", EntryField("b2", "crew_of", [](v1::PaganoUnitEntry* x) { x->set_crew_of("g9"); })},
    {"CrewOfNotAPiece", EntryBound("b2", "crew_of", [](v1::PaganoUnitEntry* x) { x->set_crew_of("b1"); })},
    {"CarryingNamesNoUnit", EntryField("b3", "carrying", [](v1::PaganoUnitEntry* x) { x->set_carrying("b9"); })},
    {"CarryingNotABritishFigure",
     EntryBound("b3", "carrying", [](v1::PaganoUnitEntry* x) { x->set_carrying("z2"); })},
    {"RiflemenNegative", EntryField("z1", "riflemen", [](v1::PaganoUnitEntry* x) { x->set_riflemen(-1); })},
    {"RiflemenNotRolled", EntryField("z1", "riflemen", [](v1::PaganoUnitEntry* x) {
       x->set_riflemen_rolled(false);
       x->set_riflemen(1);
     })},
    {"RiflemenPastTheTable", EntryField("z1", "riflemen", [](v1::PaganoUnitEntry* x) { x->set_riflemen(3); })},
    {"LostSinceMoraleNegative",
     EntryField("z1", "lost_since_morale", [](v1::PaganoUnitEntry* x) { x->set_lost_since_morale(-1); })},
    {"LostSinceMoralePastTheLost",
     EntryBound("z1", "lost_since_morale", [](v1::PaganoUnitEntry* x) { x->set_lost_since_morale(6); })},
    {"CattleNegative", EntryField("z1", "cattle", [](v1::PaganoUnitEntry* x) { x->set_cattle(-1); })},
    {"CattlePastTwo", EntryBound("z1", "cattle", [](v1::PaganoUnitEntry* x) { x->set_cattle(3); })},
    {"MoveSpentNegative", EntryField("b3", "move_spent", [](v1::PaganoUnitEntry* x) { x->set_move_spent(-1); })},
    {"MoveSpentPastAll", EntryBound("b3", "move_spent", [](v1::PaganoUnitEntry* x) { x->set_move_spent(3); })},
    {"CasualtiesNegative",
     EntryField("m1", "casualties_this_turn", [](v1::PaganoUnitEntry* x) { x->set_casualties_this_turn(-1); })},
    {"CasualtiesPastThree",
     EntryBound("m1", "casualties_this_turn", [](v1::PaganoUnitEntry* x) { x->set_casualties_this_turn(4); })},
    {"CasualtiesNotTheMedicalCorps",
     EntryBound("b3", "casualties_this_turn", [](v1::PaganoUnitEntry* x) { x->set_casualties_this_turn(1); })},
    {"FrontageNaN", EntryField("z1", "frontage", [](v1::PaganoUnitEntry* x) { x->set_frontage(kNaN); })},
    {"FrontageInfinite", EntryField("z1", "frontage", [](v1::PaganoUnitEntry* x) { x->set_frontage(kInf); })},
    {"FrontagePastTheTable",  // the 72" x 48" table's diagonal is 86.5"
     EntryField("z1", "frontage", [](v1::PaganoUnitEntry* x) { x->set_frontage(87); })},
    {"FrontageNegative", EntryField("z1", "frontage", [](v1::PaganoUnitEntry* x) { x->set_frontage(-4); })},
    {"JammedNotAGatling", EntryBound("b3", "jammed", [](v1::PaganoUnitEntry* x) { x->set_jammed(true); })},
    {"ClearingNotJammed", EntryBound("g1", "clearing", [](v1::PaganoUnitEntry* x) { x->set_jammed(false); })},
    {"FeatureTerrainMissing",
     [](v1::TableState& p) {
       p.mutable_pagano()->mutable_features(1)->clear_terrain_id();
       return std::string("state.pagano.features[1].terrain_id");
     }},
    {"FeatureTerrainNamesNoTerrain",
     [](v1::TableState& p) {
       p.mutable_pagano()->mutable_features(1)->set_terrain_id("t_nowhere");
       return std::string("state.pagano.features[1].terrain_id");
     }},
    {"FeatureTerrainTwice",
     [](v1::TableState& p) {
       p.mutable_pagano()->mutable_features(1)->set_terrain_id("t_store");
       return std::string("state.pagano.features[1].terrain_id");
     }},
    {"FeatureUnspecified",
     [](v1::TableState& p) {
       p.mutable_pagano()->mutable_features(0)->set_feature(v1::PAGANO_FEATURE_UNSPECIFIED);
       return std::string("state.pagano.features[0].feature");
     }},
    {"FeatureOutOfRange",
     [](v1::TableState& p) {
       p.mutable_pagano()->mutable_features(0)->set_feature(static_cast<v1::PaganoFeature>(99));
       return std::string("state.pagano.features[0].feature");
     }},
    {"OpeningsNegative",
     [](v1::TableState& p) {
       p.mutable_pagano()->mutable_features(0)->set_openings(-1);
       return std::string("state.pagano.features[0].openings");
     }},
    {"OpeningsPastAThousand",
     [](v1::TableState& p) {
       p.mutable_pagano()->mutable_features(0)->set_openings(1001);
       return std::string("state.pagano.features[0].openings");
     }},
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

class PaganoWireBadState : public ::testing::TestWithParam<BadCase> {};

TEST_P(PaganoWireBadState, IsRefusedNamingTheFieldWithNothingKept) {
  v1::TableState p = Sent(Kept());
  const std::string path = GetParam().spoil(p);
  BattleState out = Bare(Kept());
  PaganoState before;
  before.month = 7;  // a mark: the adapter must leave what it found
  out.ruleset_state = before;
  const absl::Status st = kWire.StateFromProto(p, &out);
  ASSERT_FALSE(st.ok()) << path;
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
  EXPECT_EQ(st.message().substr(0, path.size() + 1), path + ":") << st;
  ASSERT_NE(OwnState(out), nullptr);
  EXPECT_EQ(OwnState(out)->month, 7);
  EXPECT_TRUE(OwnState(out)->units.empty());
}

INSTANTIATE_TEST_SUITE_P(EachField, PaganoWireBadState, ::testing::ValuesIn(kBadCases),
                         [](const ::testing::TestParamInfo<BadCase>& info) { return std::string(info.param.name); });

// --- Questions --------------------------------------------------------------

// Sets unit_id (and a fire's target_id) in the member `kind` of the
// PaganoQuestion of `r`.
void SetMember(v1::AskRequest* r, const google::protobuf::FieldDescriptor* kind, const std::string& unit_id) {
  google::protobuf::Message* q = r->mutable_pagano()->GetReflection()->MutableMessage(r->mutable_pagano(), kind);
  const auto* id = q->GetDescriptor()->FindFieldByName("unit_id");
  ASSERT_NE(id, nullptr) << kind->name();
  q->GetReflection()->SetString(q, id, unit_id);
}

TEST(PaganoWireQuestion, EachKindIsReadWithItsUnit) {
  const auto* kinds = v1::PaganoQuestion::descriptor()->FindOneofByName("kind");
  ASSERT_NE(kinds, nullptr);
  std::map<QuestionKind, std::string> seen;
  for (int i = 0; i < kinds->field_count(); ++i) {
    v1::AskRequest r;
    SetMember(&r, kinds->field(i), "z1");
    impi::Question asked;
    const absl::Status st = kWire.QuestionFromProto(r, &asked);
    ASSERT_TRUE(st.ok()) << st;
    EXPECT_EQ(asked.ruleset(), "PAGANO_D10");
    EXPECT_EQ(asked.field(), "pagano");
    const Question* q = asked.As<Question>();
    ASSERT_NE(q, nullptr);
    EXPECT_NE(q->kind, QuestionKind::kUnspecified);
    EXPECT_EQ(q->unit_id, "z1");
    EXPECT_EQ(q->Path(), "pagano." + kinds->field(i)->name());
    EXPECT_EQ(q->Path("unit_id"), "pagano." + kinds->field(i)->name() + ".unit_id");
    seen[q->kind] = kinds->field(i)->name();
  }
  EXPECT_EQ(seen.size(), static_cast<size_t>(kinds->field_count()));  // one kind a member
  EXPECT_EQ(seen[QuestionKind::kMorale], "morale");
  EXPECT_EQ(seen[QuestionKind::kMelee], "melee");
  EXPECT_EQ(seen[QuestionKind::kFire], "fire");
  EXPECT_EQ(seen[QuestionKind::kRiflemen], "riflemen");
  EXPECT_EQ(seen[QuestionKind::kMedical], "medical");
  EXPECT_EQ(seen[QuestionKind::kDirection], "direction");
}

TEST(PaganoWireQuestion, AFireCarriesItsTarget) {
  v1::AskRequest r;
  r.mutable_pagano()->mutable_fire()->set_unit_id("b1");
  r.mutable_pagano()->mutable_fire()->set_target_id("z1");
  impi::Question asked;
  ASSERT_TRUE(kWire.QuestionFromProto(r, &asked).ok());
  const Question* q = asked.As<Question>();
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->kind, QuestionKind::kFire);
  EXPECT_EQ(q->unit_id, "b1");
  EXPECT_EQ(q->other_unit_id, "z1");
  // The target is optional: the rules' or the policy's choice.
  r.mutable_pagano()->mutable_fire()->clear_target_id();
  ASSERT_TRUE(kWire.QuestionFromProto(r, &asked).ok());
  EXPECT_EQ(asked.As<Question>()->other_unit_id, "");
}

TEST(PaganoWireQuestion, AMissingUnitIsRefusedNamingItsPath) {
  const auto* kinds = v1::PaganoQuestion::descriptor()->FindOneofByName("kind");
  for (int i = 0; i < kinds->field_count(); ++i) {
    v1::AskRequest r;
    SetMember(&r, kinds->field(i), "");
    impi::Question asked;
    const absl::Status st = kWire.QuestionFromProto(r, &asked);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << kinds->field(i)->name();
    EXPECT_EQ(st.message(), "pagano." + kinds->field(i)->name() + ".unit_id: is required");
    EXPECT_TRUE(asked.empty());
  }
}

TEST(PaganoWireQuestion, NoDecisionPointIsRefusedListingThem) {
  v1::AskRequest r;
  r.mutable_pagano();
  impi::Question asked;
  const absl::Status st = kWire.QuestionFromProto(r, &asked);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(),
            "pagano: name the decision point: one of morale, melee, fire, riflemen, medical, direction");
}

TEST(PaganoWireQuestion, AnotherRuleSetsQuestionIsRefused) {
  v1::AskRequest r;
  r.mutable_ferree()->mutable_activate()->set_unit_id("z1");
  impi::Question asked;
  absl::Status st = kWire.QuestionFromProto(r, &asked);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message().substr(0, 7), "ferree:") << st;
  EXPECT_NE(st.message().find("{\"pagano\": {...}}"), std::string::npos) << st;
  r.Clear();
  st = kWire.QuestionFromProto(r, &asked);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message().substr(0, 21), "question: is required") << st;
}

// --- What a picture and an account show ------------------------------------

TEST(PaganoWireNotes, UnitsShowWhatTheyKeep) {
  const std::map<std::string, RulesetWire::UnitNote> notes = kWire.UnitNotes(Sent(Kept()));
  ASSERT_TRUE(notes.count("z1"));
  EXPECT_EQ(notes.at("z1").label,
            " [stayed, riflemen 2, sharpshooters, spears thrown, 3 lost since morale, 2 cattle, directed by i1]");
  EXPECT_EQ(notes.at("b2").label, " [crew of g1]");
  EXPECT_EQ(notes.at("b3").label, " [carrying b4]");
  EXPECT_EQ(notes.at("g1").label, " [jammed, clearing]");
  EXPECT_EQ(notes.at("m1").label, " [2 casualties this turn]");
  EXPECT_EQ(notes.count("o1"), 0u);  // an officer with his pistol: nothing to say
  EXPECT_EQ(notes.count("z2"), 0u);
}

TEST(PaganoWireNotes, TheTableShowsThePhaseAndTheMonth) {
  v1::TableState p = Sent(Kept());
  EXPECT_EQ(kWire.TableNote(p), "phase 3 of 8, Zulu Morale; January");
  p.mutable_pagano()->set_phase(v1::PAGANO_BRIT_MELEE);
  p.mutable_pagano()->set_month(3);
  EXPECT_EQ(kWire.TableNote(p), "phase 8 of 8, Brit Melee; March");
  p.mutable_pagano()->clear_phase();
  p.mutable_pagano()->clear_month();
  EXPECT_EQ(kWire.TableNote(p), "phase 1 of 8, Zulu Movement; January (no month given)");
  p.mutable_pagano()->set_phase(static_cast<v1::PaganoPhase>(40));  // not checked yet: shown, not read
  EXPECT_EQ(kWire.TableNote(p), "phase 40 (no phase); January (no month given)");
  p.clear_pagano();
  EXPECT_EQ(kWire.TableNote(p), "");
}

}  // namespace
}  // namespace impi::pagano
