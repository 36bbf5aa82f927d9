// tests/rules/roarks_drift/counters_test.cc: the counter mix (counters.h).
// What 004_18930928e35a3412.txt prints is checked against the text; the
// rest is the design, "not in the source text". Each test names its line.
#include "engine/rulesets/roarks_drift/counters.h"

#include <map>
#include <set>
#include <string>

#include "gtest/gtest.h"

namespace impi::roarks {
namespace {

const CounterSpec* Find(const std::vector<CounterSpec>& v, const std::string& id) {
  for (const CounterSpec& c : v) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

// 2.2 "PVT HOOK, Unit ID 2/24, with Fire Factors 3, Melee Factors 5 and
// Movement Points 4"; "Units without names are men who were not awarded the
// Victoria Cross".
TEST(RoarksCounters, SampleBritish_2_2_PvtHookAsPrinted) {
  const std::vector<CounterSpec> g = Garrison();
  const CounterSpec* hook = Find(g, "hook");
  ASSERT_NE(hook, nullptr);
  EXPECT_EQ(hook->name, "PVT HOOK");
  EXPECT_EQ(hook->unit, "2/24");
  EXPECT_EQ(hook->role, CounterRole::kVictoriaCross);
  EXPECT_EQ(hook->fire, 3);
  EXPECT_EQ(hook->melee, 5);
  EXPECT_EQ(hook->movement, 4);
  for (const CounterSpec& c : g) {
    if (c.name.empty()) {
      EXPECT_EQ(c.role, CounterRole::kRanker) << c.id;
    }
  }
}

// 13.0 the nine Victoria Cross winners the text names, each a named counter;
// Milne's higher melee and Dunbar's higher fire.
TEST(RoarksCounters, DesignersNotes_13_0_TheNineVcWinnersMilneAndDunbar) {
  const std::vector<CounterSpec> g = Garrison();
  for (const char* id : {"bromhead", "chard", "allan", "reynolds", "hitch", "hook", "r_jones", "w_jones",
                         "fielding"}) {
    const CounterSpec* c = Find(g, id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_FALSE(c->name.empty()) << id;
  }
  const CounterSpec* ranker = Find(g, "b2_24_001");
  ASSERT_NE(ranker, nullptr);
  const CounterSpec* milne = Find(g, "milne");
  const CounterSpec* dunbar = Find(g, "dunbar");
  ASSERT_NE(milne, nullptr);
  ASSERT_NE(dunbar, nullptr);
  EXPECT_GT(milne->melee, Find(g, "hook")->melee) << "higher melee value";
  EXPECT_GT(dunbar->fire, Find(g, "hook")->fire) << "higher Fire Factor";
  EXPECT_GT(dunbar->fire, ranker->fire);
}

// 7.0's example: "three British units ... (from 9 melee factors to 18)":
// three unnamed men are 9 melee factors.
TEST(RoarksCounters, Melee_7_0_ThreeRankersAreNineMeleeFactors) {
  const std::vector<CounterSpec> g = Garrison();
  int three = 0;
  for (const char* id : {"b2_24_001", "b2_24_002", "b2_24_003"}) three += Find(g, id)->melee;
  EXPECT_EQ(three, 9);
}

// 9.1.B "These units must be placed in the hospital for historical
// accuracy: Hitch, Hook, Fielding, both Joneses, a 1/24 3-4-4, the four
// Royal Art., and the three NMP." 9.1.C "Major Reynolds must be placed in
// the storehouse." 9.1.D "All other units may be placed anywhere."
TEST(RoarksCounters, Placement_9_1_TheHospitalsMenAndReynolds) {
  const std::vector<CounterSpec> g = Garrison();
  std::set<std::string> hospital;
  std::map<std::string, int> units;
  for (const CounterSpec& c : g) {
    if (c.placed_in == kHospital) {
      hospital.insert(c.id);
      ++units[c.unit];
    }
  }
  for (const char* id : {"hitch", "hook", "fielding", "r_jones", "w_jones"}) EXPECT_EQ(hospital.count(id), 1u) << id;
  EXPECT_EQ(units["RA"], 4);
  EXPECT_EQ(units["NMP"], 3);
  EXPECT_EQ(units["1/24"], 1);
  EXPECT_EQ(hospital.size(), 5u + 1 + 4 + 3);
  const CounterSpec* one_24 = Find(g, "h1_24");
  ASSERT_NE(one_24, nullptr);
  EXPECT_EQ(one_24->fire, 3);
  EXPECT_EQ(one_24->melee, 4);
  EXPECT_EQ(one_24->movement, 4);
  EXPECT_EQ(Find(g, "reynolds")->placed_in, kStorehouse);
  int anywhere = 0;
  for (const CounterSpec& c : g) anywhere += c.placed_in == 0;
  EXPECT_EQ(anywhere, static_cast<int>(g.size()) - 14);
}

// 1.0 "Each counter represents one British soldier": the garrison (designed,
// 139 men) with unique ids, every man of movement 4 (4.0.B).
TEST(RoarksCounters, Scale_1_0_TheGarrisonAManACounter) {
  const std::vector<CounterSpec> g = Garrison();
  EXPECT_EQ(g.size(), 139u);
  std::set<std::string> ids;
  for (const CounterSpec& c : g) {
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
    EXPECT_EQ(c.side, Side::kBritish);
    EXPECT_EQ(c.movement, 4) << c.id;
  }
}

// 2.3 "YENGWE, with Fire Factors 8, Melee Factors 8 and Movement Points 5";
// "Zulu units with only two numbers have melee factors but no fire
// factors"; 6.2.1.A "Each Zulu regiment has two units which may fire";
// 7.0's Zulu unit of melee 10; 13.0's strengths in proportion.
TEST(RoarksCounters, Zulus_2_3_6_2_1_TheRegimentsAndTheirRifles) {
  int total = 0;
  std::set<std::string> ids;
  for (Regiment r : {Regiment::kUthulu, Regiment::kYengwe, Regiment::kUdloko}) {
    const std::vector<CounterSpec> v = RegimentCounters(r);
    EXPECT_EQ(static_cast<int>(v.size()), RegimentWave(r));
    int rifles = 0;
    for (const CounterSpec& c : v) {
      EXPECT_TRUE(ids.insert(c.id).second) << c.id;
      EXPECT_EQ(c.side, Side::kZulu);
      EXPECT_EQ(c.movement, 5);
      EXPECT_EQ(c.regiment, r);
      if (c.role == CounterRole::kZuluRifles) {
        ++rifles;
        EXPECT_EQ(c.fire, 8);
        EXPECT_EQ(c.melee, 8);
      } else {
        EXPECT_EQ(c.fire, 0) << "two numbers: no fire factor";
        EXPECT_EQ(c.melee, 10);
      }
    }
    EXPECT_EQ(rifles, kRifleUnitsPerRegiment);
    total += static_cast<int>(v.size());
  }
  const CounterSpec& yengwe = RegimentCounters(Regiment::kYengwe).front();
  EXPECT_EQ(yengwe.name, "YENGWE");
  // "about seven hundred", "Some 1,400", "2.100": waves in proportion.
  EXPECT_EQ(RegimentWave(Regiment::kUthulu), 2 * RegimentWave(Regiment::kYengwe));
  EXPECT_EQ(RegimentWave(Regiment::kUdloko), 3 * RegimentWave(Regiment::kYengwe));
  // 9.3.B the game ends at 100 killed: more than a wave's third, less than
  // four waves' thirds (each phase a regiment retires at a third lost).
  EXPECT_GT(100, total / 3);
  EXPECT_LE(100, 4 * (total / 3));
}

}  // namespace
}  // namespace impi::roarks
