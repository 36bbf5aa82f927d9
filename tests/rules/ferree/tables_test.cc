// tests/rules/ferree/tables_test.cc: every printed row of every table of
// Chris Ferree's Isandlwana rules (001_4c61f40cf0987cbf.txt), driven by
// scripted dice.
//
// The expected sections, tables and rows below are copied from the rules text
// (line breaks folded to one space), not from tables.h, so a typo in the
// engine's copy fails here. The Zulu resolve test's ranges are parsed from the
// printed lines themselves.
#include "engine/rulesets/ferree/tables.h"

#include <cctype>
#include <iterator>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ferree {
namespace {

using ::testing::HasSubstr;

constexpr char kFile[] = "001_4c61f40cf0987cbf.txt";

// Sections and tables as headed in the text.
constexpr char kSituation[] = "1. Determine the situation at the start of the battle.";
constexpr char kCamp[] = "A. British Camp";
constexpr char kDefense[] = "B. Further Defense";
constexpr char kDurnford[] = "C. Durnford's Arrival";
constexpr char kDeploy[] = "D. Deployment Of British Troops";
constexpr char kScouts[] = "E. Scouts";
constexpr char kDiscovery[] = "F. Zulu Discovery Roll";
constexpr char kOffBoard[] = "Zulu Off-Board Movement";
constexpr char kEntry[] = "Turn OF Entry For Off-Board Movement";
constexpr char kResolve[] = "A. Check Unit's Resolve.";
constexpr char kZuluResolve[] = "Zulu Regiment's Resolve Test";
constexpr char kCompanyResolve[] = "British Company's Resolve Test";
constexpr char kResults[] = "Description Of Results";
constexpr char kMove[] = "B. Move the active unit.";
constexpr char kSpecialZuluMoves[] = "Special Zulu Moves";
constexpr char kInduna[] = "Induna Rules";
constexpr char kBritishMoves[] = "Special British Moves";
constexpr char kArtilleryMovement[] = "Artillery Movement";
constexpr char kPinned[] = "Pinned Zulus";
constexpr char kRally[] = "Zulu Rally Chart";
constexpr char kChargeSection[] = "Charging A Retiring Unit";
constexpr char kCharge[] = "Zulus Charging A Retiring Unit";
constexpr char kShooting[] = "C. Shooting";
constexpr char kSniper[] = "Zulu Sniper Fire Table";
constexpr char kBritishShooting[] = "British Shooting";
constexpr char kFiring[] = "British Firing Table";
constexpr char kAmmunition[] = "Ammunition";
constexpr char kAmmoTable[] = "British Ammunition Table";
constexpr char kResupply[] = "British Ammunition Resupply Table";
constexpr char kRunningOut[] = "Running Out Of Ammo";
constexpr char kOutOfAmmo[] = "Out Of Ammunition Table";
constexpr char kCloseCombatSection[] = "D. Close Combat";
constexpr char kCloseCombatTable[] = "Close Combat Modifiers";
constexpr char kHitsSection[] = "Effects Of Hits";
constexpr char kHits[] = "Effects Of Hits Table";
constexpr char kSurgeonSection[] = "Patching Up Wounded Figures";
constexpr char kSurgeon[] = "Surgeon's Aid Table";

// Rows as printed.
constexpr char kCamp15[] = "1-5 The camp is set up historically (See map)";
constexpr char kCamp6[] =
    "6 Chelmsford follows hi own advice and laagers the wagons. Form a square with the wagons (3 "
    "to a side) on the wagon park.";
constexpr char kDefense15[] = "1-5 No Defenses (historical set-up)";
constexpr char kDefense6[] =
    "6 Thorn bush barricades formed around tents. A wall of thornbush is constructed around the "
    "perimeter of the camp (2 \" out from the tents).";
constexpr char kDurnford15[] = "1-5 Arrives at 10:00am (Historical)";
constexpr char kDurnford6[] = "6 Durnford is late - Roll 1D6";
constexpr char kDurnfordLate12[] = "1,2 = Arrives at 11:00 am (1 hour late)";
constexpr char kDurnfordLate34[] = "3,4= 1D6/2 hours late (arrives between 10:30am and 1:00pm)";
constexpr char kDurnfordLate56[] = "5,6= 1D6 hours late (arrives between 11:00am and 4:00pm)";
constexpr char kDeployHist15[] = "1-5 Deploy historically (at least 15\" from camp).";
constexpr char kDeployHist6[] = "6 Troops pulled in , deploy at least 7\" from camp.";
constexpr char kDeployDef14[] = "1-4 Troops pulled in , deploy at least 7\" from camp.";
constexpr char kDeployDef5[] =
    "5 Up to ½ of the available troops may be put into a fortified position. (The laager or the "
    "thornbush redoubt, which ever is present)";
constexpr char kDeployDef6[] =
    "6 All of the available troops may be put into a fortified position.";
constexpr char kScouts14[] = "1-4 Scouting done historically";
constexpr char kScouts5[] = "5 Scouting well advanced +1 to Zulu discovery roll.";
constexpr char kScouts6[] = "6 Scouting slow and cautious, -1 to Zulu discovery roll";
constexpr const char* kDiscoveryRows[] = {
    "1 or less Zulus found 1D6/2 hours past 12:00pm.",
    "2 Zulus found 1D6/2 hours past 11:00am.",
    "3 Zulus found 1D6/2 hours past 10:30am.",
    "4 Zulus found 1D6/2 hours past 10:00am.",
    "5 Zulus found 1D6/2 hours past 9:00am.",
    "6 or more Zulus found 1D6/2 hours past 8:00am.",
};
constexpr char kBreakDownBegins[] =
    "If the Zulus are not found before 11:30am the camp will begin to break down to move on. The "
    "time needed to break down the camp depends on whether or not it is laagered.";
constexpr char kNotLaagered[] =
    "Camp is not laagered- It takes 3 hours to pack up the camp. 4 wagons can be put on the road "
    "each hour. If a thornbush redoubt was built, it will be destroyed by 12:30pm.";
constexpr char kRoadColumn[] =
    "If the Zulus are not found until 2:30pm or later then the British will be in road column.";
constexpr char kLaagered[] =
    "Camp Is laagered- It takes 6 hours to pack up the camp. 2 wagons are put on the road each "
    "hour. If a thornbush redoubt was built, it will be destroyed by 12:30pm.";
constexpr const char* kEntryRows[] = {"1 4 6", "2 5 7", "3 5 7", "4 6 8", "5 7 9", "6 8 10"};
constexpr const char* kRegimentRows[] = {
    "50 2 stands 5 - 7 8 - 9 10 - 12 13- 14 15 - 49",
    "75 3 stands 8 - 11 12 - 14 15 - 18 19 - 22 23 - 74",
    "125 5 Stands 13 - 18 19 - 24 25 - 30 31 - 37 38 - 124",
    "150 6 Stands 15 - 22 23 - 29 30 - 37 38 - 44 45 - 149",
    "175 7 Stands 18 - 25 26 - 34 35 - 43 44 - 52 53 - 174",
    "200 8 Stands 20 - 29 30 - 39 40 - 49 50 - 59 60 - 199",
    "275 11 Stands 28 - 40 41 - 54 55 - 68 69 - 82 83 - 274",
    "450 18 Stands 45 - 67 68 - 89 90 - 112 113 - 134 135 - 449",
};
constexpr int kPrintedStayUpTo[] = {5, 4, 3, 2, 1};  // Die Roll To Stay 1-5 ... 1
constexpr char kNoTest[] =
    "If the active Zulu regiment has lost 10% or more of its figures it must check its resolve.";
constexpr char kCarryOn[] = "Carry On! 1 - 15 1 - 13 1 - 11";
constexpr char kRetireRow[] = "Retire 16 - 22 14 - 18 12 - 16";
constexpr char kRoutRow[] = "Rout 23 or more 19 or more 17 or more";
constexpr char kRetireNative[] =
    "Retire-Native Units- The unit moves toward the camp at normal movement rate.";
constexpr char kRetireEuropean[] =
    "European Units- The unit moves 1D3+3 inches on foot or artillery, 1D6+3 inches if mounted "
    "toward the camp. Retiring artillery or mounted cavalry can not fire. Men on foot fire with a "
    "-1 modifier.";
constexpr char kRetreatNative[] =
    "Retreat-Native Units- The unit moves toward the camp or Fugitives Drift at 1D6+6 inches if on "
    "foot, 2D6+6 inches mounted, movement rate. A routing figure can not shoot.";
constexpr char kRetreatEuropean[] =
    "European Units- The unit moves 1D6+3 inches on foot or artillery, 2D6+3 inches if mounted "
    "toward the camp. Retiring artillery or mounted cavalry can not fire. Men on foot can fire "
    "counting only a \"6\" as a hit.";
constexpr char kSurroundedNative[] =
    "Surrounded Units- Native Units- The unit will huddle in a mass. It may not move or fire. It "
    "will use the Retreating Close Combat Modifier (-3).";
constexpr char kSurroundedEuropean[] =
    "European Units- The unit will form a square. It may move 1D3 inches. Fire and Close Combat "
    "are conducted at its current Resolve Level.";
constexpr char kZuluMoveRow[] = "The Zulu's movement rate is 2D6 inches.";
constexpr char kBritishMoveRow[] =
    "The British Movement Rate is 3 + 1D6 inches for foot troops and 3 + 2D6 inches for mounted "
    "troops.";
constexpr char kFirstTurnRow[] =
    "First Turn Movement - On the first turn, Zulu regiments get only 1D6 for movement..";
constexpr char kIndunaRow[] = "A Zulu Induna may move 3D6 inches during his turn.";
constexpr char kCannonRow[] = "Cannon- Limbered- 2D6 inches Prolong- 1D6 inches.";
constexpr char kRocketsRow[] = "Rockets Limbered 3+1D6 Prolong 1D6 inches.";
constexpr char kRunnerRow[] = "Runners move 2D6+3 inches.";
constexpr char kRallyNotShot[] = "Stand was not shot at 1-4 rallied; 5,6 remain pinned";
constexpr char kRallySmallArms[] =
    "Shot by smallarms but no casualties 1,2 rallied; 3-6 remain pinned";
constexpr char kRallyArtillery[] =
    "Under artillery fire or the stand takes casualties 1 rallied; 2-6 remained pinned";
constexpr char kCharge13[] = "1-3 Charge";
constexpr char kStayPut46[] = "4-6 Stay put";
constexpr char kSniperEnlisted[] = "Enlisted Roll 1D6: 1-5= miss 6= hit";
constexpr char kSniperOfficer[] = "Officer Roll 2D6: 2-11Miss 12= Hit";
constexpr char kFireInduna[] = "Induna Roll 2D6: 2-11= Miss 12= Hit";
constexpr char kFireSniper[] = "Sniper Roll 1D6: 1-5= Miss 6= Hit";
constexpr char kFireShort[] = "Rifle 0 to 6\" Artillery 0 -12\" Roll 1D6: 1-3= Miss 4-6= Hit";
constexpr char kFireMedium[] = "+6 to 12\" Artillery +12\" - 24\" Roll 1D6: 1-4= Miss 5-6= Hit";
constexpr char kFireLong[] = "+12\" to 24\" Artillery +24\" - 48\" Roll 1D6: 1-5= Miss 6= Hit";
constexpr char kFireRetreatingFoot[] =
    "Retreating european foot Figures (at any range) Roll 1D6: 1-5= Miss 6= Hit";
constexpr char kFirePistol[] = "Officers pistol 0 to 3\" Roll 1D6: 1-5= Miss 6= Hit";
constexpr char kFireMounted[] = "Mounted figures Roll 1D6: 1-5=Miss 6=Hit";
constexpr char kNoFireMounted[] = "Retiring or retreating mounted figures No fire allowed";
constexpr char kNoFireNative[] = "Retiring or retreating N.N.C. or Sikali Horse No Fire allowed";
constexpr char kNoFireArtillery[] = "Retiring artillery or mounted cavalry can not fire.";
constexpr char kAmmoInfantry[] = "British Infantry 5 2";
constexpr char kAmmoMounted[] = "All Mounted Troops 3 1";
constexpr char kAmmoNative[] = "Native Infantry 2 1";
constexpr char kOwn13[] = "1-3 No Ammo this turn";
constexpr char kOwn46[] = "4-6 1D6 turns of Ammo";
constexpr char kOther13[] = "1-3 Find your own wagon";
constexpr char kOther4[] = "4 No Ammo this turn";
constexpr char kOther5[] = "5 To the back of the line";
constexpr char kOther6[] = "6 1D6 turns of Ammo";
constexpr char kHalfFire[] = "1-3 May fire with ½ of unit's figures (Low on ammo for Resolve test)";
constexpr char kCompletelyOut[] = "4-6 Completely out. No fire until resupplied";
constexpr char kCloseCombatRow[] = "The high score is the winner. Europeans win all ties.";
constexpr char kHit1[] = "1 Scratch, no effect";
constexpr char kHit23[] = "2-3 Wounded";
constexpr char kHit45[] = "4-5 Seriously Wounded";
constexpr char kHit6[] = "6 Killed";
constexpr char kSurgeonRow[] = "Wounded 1-5= No Effect 6= Wound repaired, good as new.";

// ---------------------------------------------------------------------------
// Helpers.

void ExpectRule(const Explanation& why, const std::string& section, const std::string& table,
                const std::string& row) {
  EXPECT_EQ(why.rule.source, kFile);
  EXPECT_EQ(why.rule.section, section);
  EXPECT_EQ(why.rule.table, table);
  EXPECT_EQ(why.rule.row, row);
  EXPECT_FALSE(why.rule.designed);
}

// The script was valid and used up exactly; why.dice mirrors the dice log.
void ExpectConsumed(const Dice& dice, const Explanation& why, const std::vector<int>& faces) {
  EXPECT_TRUE(dice.status().ok()) << dice.status();
  ASSERT_EQ(why.dice.size(), dice.rolls().size());
  std::vector<int> used;
  for (size_t i = 0; i < why.dice.size(); ++i) {
    EXPECT_EQ(why.dice[i].faces, dice.rolls()[i].faces);
    EXPECT_EQ(why.dice[i].purpose, dice.rolls()[i].purpose);
    EXPECT_EQ(why.dice[i].sides, 6);
    used.insert(used.end(), why.dice[i].faces.begin(), why.dice[i].faces.end());
  }
  EXPECT_EQ(used, faces);
}

// Die `i` of `why`: its total and its modifiers (reason text and value).
void ExpectDie(const Explanation& why, size_t i, int total,
               const std::vector<std::string>& reasons = {}) {
  ASSERT_LT(i, why.dice.size());
  const DieRoll& d = why.dice[i];
  EXPECT_EQ(d.total, total);
  std::vector<std::string> got;
  int sum = d.result;
  for (const Modifier& m : d.modifiers) {
    got.push_back(m.reason);
    sum += m.value;
  }
  EXPECT_EQ(got, reasons);
  EXPECT_EQ(sum, d.total);
}

// Runs `call` on scripted `faces` and checks that they were all used.
template <typename Fn>
auto Scripted(const std::vector<int>& faces, Explanation& why, Fn call) {
  Dice dice = Dice::Scripted(faces);
  auto result = call(dice, &why);
  ExpectConsumed(dice, why, faces);
  return result;
}

// ---------------------------------------------------------------------------
// 1. Determine the situation at the start of the battle.

// 001_4c61f40cf0987cbf.txt, A. British Camp: "1-5 The camp is set up
// historically", "6 Chelmsford ... laagers the wagons."
TEST(BritishCamp_001, Faces1To5_Historical_6_Laager) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const CampSetUp camp = Scripted({face}, why, RollBritishCamp);
    EXPECT_EQ(camp, face <= 5 ? CampSetUp::kHistorical : CampSetUp::kLaagered);
    ExpectRule(why, kSituation, kCamp, face <= 5 ? kCamp15 : kCamp6);
    ExpectDie(why, 0, face);
  }
}

// 001_4c61f40cf0987cbf.txt, B. Further Defense.
TEST(FurtherDefense_001, Faces1To5_None_6_Thornbush) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const FurtherDefenses d = Scripted({face}, why, RollFurtherDefense);
    EXPECT_EQ(d, face <= 5 ? FurtherDefenses::kNone : FurtherDefenses::kThornbush);
    ExpectRule(why, kSituation, kDefense, face <= 5 ? kDefense15 : kDefense6);
  }
}

// 001_4c61f40cf0987cbf.txt, C. Durnford's Arrival: "1-5 Arrives at 10:00am".
TEST(DurnfordArrival_001, Faces1To5_TenAm) {
  for (int face = 1; face <= 5; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const DurnfordArrival a = Scripted({face}, why, RollDurnfordArrival);
    EXPECT_FALSE(a.late);
    EXPECT_EQ(a.minutes, 10 * 60);
    ExpectRule(why, kSituation, kDurnford, kDurnford15);
  }
}

// "6 Durnford is late - Roll 1D6", "1,2 = Arrives at 11:00 am (1 hour late)".
TEST(DurnfordArrival_001, Late_Second1And2_ElevenAm) {
  for (int second : {1, 2}) {
    Explanation why;
    const DurnfordArrival a = Scripted({6, second}, why, RollDurnfordArrival);
    EXPECT_TRUE(a.late);
    EXPECT_EQ(a.minutes, 11 * 60);
    ExpectRule(why, kSituation, kDurnford, kDurnfordLate12);
  }
}

// "3,4= 1D6/2 hours late (arrives between 10:30am and 1:00pm)": a third D6
// of half hours.
TEST(DurnfordArrival_001, Late_Second3And4_HalfHoursFrom1030To1300) {
  for (int second : {3, 4}) {
    for (int third = 1; third <= 6; ++third) {
      SCOPED_TRACE(third);
      Explanation why;
      const DurnfordArrival a = Scripted({6, second, third}, why, RollDurnfordArrival);
      EXPECT_TRUE(a.late);
      EXPECT_EQ(a.minutes, 10 * 60 + 30 * third);
      ExpectRule(why, kSituation, kDurnford, kDurnfordLate34);
    }
  }
  Explanation why;
  EXPECT_EQ(Scripted({6, 3, 6}, why, RollDurnfordArrival).minutes, 13 * 60);
  EXPECT_EQ(why.text,
            "D6 rolled 6: Durnford is late; D6 rolled 3: 1D6/2 hours late; D6 rolled 6: 6 x 30 "
            "minutes late, arrives at 1:00pm");
}

// "5,6= 1D6 hours late (arrives between 11:00am and 4:00pm)".
TEST(DurnfordArrival_001, Late_Second5And6_HoursFrom1100To1600) {
  for (int second : {5, 6}) {
    for (int third = 1; third <= 6; ++third) {
      SCOPED_TRACE(third);
      Explanation why;
      const DurnfordArrival a = Scripted({6, second, third}, why, RollDurnfordArrival);
      EXPECT_EQ(a.minutes, 10 * 60 + 60 * third);
      ExpectRule(why, kSituation, kDurnford, kDurnfordLate56);
    }
  }
  Explanation why;
  EXPECT_EQ(Scripted({6, 5, 6}, why, RollDurnfordArrival).minutes, 16 * 60);
  EXPECT_EQ(ClockTime(16 * 60), "4:00pm");
}

// D. Deployment Of British Troops, "1. Historical Camp (both A. and B. Are
// historical)".
TEST(Deployment_001, HistoricalCamp_1To5_Historical_6_PulledIn) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const Deployment d = Scripted({face}, why, [](Dice& dice, Explanation* w) {
      return RollDeployment(dice, CampSetUp::kHistorical, FurtherDefenses::kNone, w);
    });
    EXPECT_EQ(d, face <= 5 ? impi::ferree::Deployment::kHistorical : impi::ferree::Deployment::kPulledIn);
    ExpectRule(why, kSituation, kDeploy, face <= 5 ? kDeployHist15 : kDeployHist6);
  }
}

// "2. Defensive Camp (either A. or B. is not historical)": 1-4 pulled in,
// 5 up to half fortified, 6 all fortified; laager, thornbush or both.
TEST(Deployment_001, DefensiveCamp_1To4_PulledIn_5_Half_6_All) {
  const std::pair<CampSetUp, FurtherDefenses> camps[] = {
      {CampSetUp::kLaagered, FurtherDefenses::kNone},
      {CampSetUp::kHistorical, FurtherDefenses::kThornbush},
      {CampSetUp::kLaagered, FurtherDefenses::kThornbush},
  };
  for (const auto& camp_defenses : camps) {
    // Named, not a structured binding: a lambda captures it (C++17).
    const CampSetUp camp = camp_defenses.first;
    const FurtherDefenses defenses = camp_defenses.second;
    for (int face = 1; face <= 6; ++face) {
      SCOPED_TRACE(face);
      Explanation why;
      const Deployment d = Scripted({face}, why, [&](Dice& dice, Explanation* w) {
        return RollDeployment(dice, camp, defenses, w);
      });
      EXPECT_EQ(d, face <= 4   ? impi::ferree::Deployment::kPulledIn
                   : face == 5 ? impi::ferree::Deployment::kHalfFortified
                               : impi::ferree::Deployment::kAllFortified);
      ExpectRule(why, kSituation, kDeploy,
                 face <= 4   ? kDeployDef14
                 : face == 5 ? kDeployDef5
                             : kDeployDef6);
      EXPECT_THAT(why.text, HasSubstr("(defensive camp)"));
    }
  }
}

TEST(Deployment_001, MinimumDistances_15_7_AndNoneForFortifiedRows) {
  EXPECT_EQ(MinimumDeploymentInches(impi::ferree::Deployment::kHistorical), 15);
  EXPECT_EQ(MinimumDeploymentInches(impi::ferree::Deployment::kPulledIn), 7);
  EXPECT_EQ(MinimumDeploymentInches(impi::ferree::Deployment::kHalfFortified), 0);
  EXPECT_EQ(MinimumDeploymentInches(impi::ferree::Deployment::kAllFortified), 0);
}

// E. Scouts.
TEST(Scouts_001, Faces1To4_Historical_5_WellAdvanced_6_Slow) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const Scouting s = Scripted({face}, why, RollScouts);
    EXPECT_EQ(s, face <= 4   ? Scouting::kHistorical
                 : face == 5 ? Scouting::kWellAdvanced
                             : Scouting::kSlow);
    ExpectRule(why, kSituation, kScouts, face <= 4 ? kScouts14 : face == 5 ? kScouts5 : kScouts6);
  }
  // The enum's value is the discovery modifier, as impi::ferree::Situation::scouting.
  EXPECT_EQ(static_cast<int>(Scouting::kWellAdvanced), 1);
  EXPECT_EQ(static_cast<int>(Scouting::kSlow), -1);
}

// F. Zulu Discovery Roll: each row, with historical scouting, and every face
// of the "1D6/2 hours past" die.
TEST(ZuluDiscovery_001, EveryRowAndEveryHalfHour) {
  const int base[] = {12 * 60, 11 * 60, 10 * 60 + 30, 10 * 60, 9 * 60, 8 * 60};
  for (int face = 1; face <= 6; ++face) {
    for (int half = 1; half <= 6; ++half) {
      SCOPED_TRACE(testing::Message() << face << "," << half);
      Explanation why;
      const ZuluDiscovery d = Scripted({face, half}, why, [](Dice& dice, Explanation* w) {
        return RollZuluDiscovery(dice, Scouting::kHistorical, w);
      });
      EXPECT_EQ(d.base_minutes, base[face - 1]);
      EXPECT_EQ(d.minutes, base[face - 1] + 30 * half);
      ExpectRule(why, kSituation, kDiscovery, kDiscoveryRows[face - 1]);
      ExpectDie(why, 0, face);
      ExpectDie(why, 1, half);
    }
  }
  Explanation why;
  Scripted({3, 2}, why, [](Dice& dice, Explanation* w) {
    return RollZuluDiscovery(dice, Scouting::kHistorical, w);
  });
  EXPECT_EQ(why.text,
            "D6 rolled 3: past 10:30am; D6 rolled 2: 2 x 30 minutes past 10:30am, the Zulus are "
            "found at 11:30am");
}

// "5 Scouting well advanced +1 to Zulu discovery roll": 5 + 1 reads "6 or
// more", 6 + 1 too.
TEST(ZuluDiscovery_001, WellAdvancedScoutsPlusOne_SixOrMore) {
  for (int face : {5, 6}) {
    Explanation why;
    const ZuluDiscovery d = Scripted({face, 1}, why, [](Dice& dice, Explanation* w) {
      return RollZuluDiscovery(dice, Scouting::kWellAdvanced, w);
    });
    EXPECT_EQ(d.base_minutes, 8 * 60);
    EXPECT_EQ(d.minutes, 8 * 60 + 30);
    ExpectRule(why, kSituation, kDiscovery, kDiscoveryRows[5]);
    ExpectDie(why, 0, face + 1, {"+1: scouting well advanced"});
  }
}

// "6 Scouting slow and cautious, -1": 1 - 1 = 0 reads "1 or less", 2 - 1 too.
TEST(ZuluDiscovery_001, SlowScoutsMinusOne_OneOrLess) {
  for (int face : {1, 2}) {
    Explanation why;
    const ZuluDiscovery d = Scripted({face, 6}, why, [](Dice& dice, Explanation* w) {
      return RollZuluDiscovery(dice, Scouting::kSlow, w);
    });
    EXPECT_EQ(d.base_minutes, 12 * 60);
    EXPECT_EQ(d.minutes, 15 * 60);
    ExpectRule(why, kSituation, kDiscovery, kDiscoveryRows[0]);
    ExpectDie(why, 0, face - 1, {"-1: scouting slow and cautious"});
  }
}

TEST(ClockTime_001, TwelveHourClock) {
  EXPECT_EQ(ClockTime(8 * 60), "8:00am");
  EXPECT_EQ(ClockTime(10 * 60 + 30), "10:30am");
  EXPECT_EQ(ClockTime(12 * 60), "12:00pm");
  EXPECT_EQ(ClockTime(13 * 60), "1:00pm");
  EXPECT_EQ(ClockTime(0), "12:00am");
}

// F., camp break-down: "If the Zulus are not found before 11:30am the camp
// will begin to break down".
TEST(CampBreakDown_001, FoundBefore1130_NoBreakDown) {
  Explanation why;
  const CampBreakDown c =
      CampBreakDownAt(CampSetUp::kHistorical, FurtherDefenses::kThornbush, 11 * 60 + 29, &why);
  EXPECT_FALSE(c.breaking_down);
  EXPECT_EQ(c.wagons_on_road, 0);
  EXPECT_TRUE(c.thornbush_standing);
  EXPECT_FALSE(c.road_column);
  ExpectRule(why, kSituation, kDiscovery, kBreakDownBegins);
  EXPECT_TRUE(why.dice.empty());
}

// "Camp is not laagered- It takes 3 hours ... 4 wagons can be put on the road
// each hour. If a thornbush redoubt was built, it will be destroyed by
// 12:30pm."
TEST(CampBreakDown_001, NotLaagered_FourWagonsAnHour_ThornbushGoneBy1230) {
  Explanation why;
  CampBreakDown c =
      CampBreakDownAt(CampSetUp::kHistorical, FurtherDefenses::kThornbush, 11 * 60 + 30, &why);
  EXPECT_TRUE(c.breaking_down);
  EXPECT_EQ(c.hours_to_pack, 3);
  EXPECT_EQ(c.wagons_per_hour, 4);
  EXPECT_EQ(c.wagons_on_road, 0);
  EXPECT_TRUE(c.thornbush_standing);
  ExpectRule(why, kSituation, kDiscovery, kNotLaagered);

  c = CampBreakDownAt(CampSetUp::kHistorical, FurtherDefenses::kThornbush, 12 * 60 + 29, &why);
  EXPECT_TRUE(c.thornbush_standing);
  EXPECT_EQ(c.wagons_on_road, 3);
  c = CampBreakDownAt(CampSetUp::kHistorical, FurtherDefenses::kThornbush, 12 * 60 + 30, &why);
  EXPECT_FALSE(c.thornbush_standing);
  EXPECT_EQ(c.wagons_on_road, 4);
  EXPECT_EQ(why.text,
            "found at 12:30pm, camp not laagered: breaking down since 11:30am, 4 wagons on the "
            "road; the thornbush redoubt is destroyed");
  // No redoubt was built: nothing stands.
  c = CampBreakDownAt(CampSetUp::kHistorical, FurtherDefenses::kNone, 10 * 60, &why);
  EXPECT_FALSE(c.thornbush_standing);
}

// "If the Zulus are not found until 2:30pm or later then the British will be
// in road column."
TEST(CampBreakDown_001, NotLaagered_RoadColumnFrom1430) {
  Explanation why;
  CampBreakDown c =
      CampBreakDownAt(CampSetUp::kHistorical, FurtherDefenses::kNone, 14 * 60 + 29, &why);
  EXPECT_FALSE(c.road_column);
  EXPECT_EQ(c.wagons_on_road, 11);
  ExpectRule(why, kSituation, kDiscovery, kNotLaagered);
  c = CampBreakDownAt(CampSetUp::kHistorical, FurtherDefenses::kNone, 14 * 60 + 30, &why);
  EXPECT_TRUE(c.road_column);
  EXPECT_EQ(c.wagons_on_road, 12);
  ExpectRule(why, kSituation, kDiscovery, kRoadColumn);
}

// "Camp Is laagered- It takes 6 hours ... 2 wagons are put on the road each
// hour." No road column is printed for a laagered camp.
TEST(CampBreakDown_001, Laagered_TwoWagonsAnHourOverSixHours) {
  Explanation why;
  CampBreakDown c =
      CampBreakDownAt(CampSetUp::kLaagered, FurtherDefenses::kThornbush, 14 * 60 + 30, &why);
  EXPECT_TRUE(c.breaking_down);
  EXPECT_EQ(c.hours_to_pack, 6);
  EXPECT_EQ(c.wagons_per_hour, 2);
  EXPECT_EQ(c.wagons_on_road, 6);
  EXPECT_FALSE(c.road_column);
  EXPECT_FALSE(c.thornbush_standing);
  ExpectRule(why, kSituation, kDiscovery, kLaagered);
}

TEST(CampBreakDown_001, WagonsOnRoad_QuarterHoursOpen_HalfHoursLaagered_Capped) {
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kHistorical, 11 * 60), 0);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kHistorical, 11 * 60 + 44), 0);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kHistorical, 11 * 60 + 45), 1);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kHistorical, 12 * 60 + 30), 4);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kHistorical, 18 * 60), 12);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kLaagered, 11 * 60 + 59), 0);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kLaagered, 12 * 60), 1);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kLaagered, 17 * 60 + 30), 12);
  EXPECT_EQ(WagonsOnRoad(CampSetUp::kLaagered, 20 * 60), 12);
}

// ---------------------------------------------------------------------------
// Zulu Off-Board Movement.

// 001_4c61f40cf0987cbf.txt, TURN OF ENTRY: every row, Point 1 and Point 2.
TEST(TurnOfEntry_001, EveryRow) {
  const int point1[] = {4, 5, 5, 6, 7, 8};
  const int point2[] = {6, 7, 7, 8, 9, 10};
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const EntryTurns t = Scripted(
        {face}, why, [](Dice& dice, Explanation* w) { return TurnOfEntry(dice, false, w); });
    EXPECT_EQ(t.point1, point1[face - 1]);
    EXPECT_EQ(t.point2, point2[face - 1]);
    EXPECT_EQ(t.ForPoint(1), point1[face - 1]);
    EXPECT_EQ(t.ForPoint(2), point2[face - 1]);
    ExpectRule(why, kOffBoard, kEntry, kEntryRows[face - 1]);
  }
}

// "Note: Units from the Loins add three turns to their result."
TEST(TurnOfEntry_001, LoinsAddThreeTurns) {
  Explanation why;
  const EntryTurns t =
      Scripted({6}, why, [](Dice& dice, Explanation* w) { return TurnOfEntry(dice, true, w); });
  EXPECT_EQ(t.point1, 11);
  EXPECT_EQ(t.point2, 13);
  ExpectRule(why, kOffBoard, kEntry, "6 8 10");
  EXPECT_THAT(why.text, HasSubstr("the loins add three turns"));
}

// ---------------------------------------------------------------------------
// Zulu Regiment's Resolve Test.

// The numbers of a printed line: figures, stands, then a low and a high for
// each of the five columns.
std::vector<int> Numbers(const std::string& line) {
  std::vector<int> out;
  int n = -1;
  for (char ch : line + " ") {
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      n = (n < 0 ? 0 : n * 10) + (ch - '0');
    } else if (n >= 0) {
      out.push_back(n);
      n = -1;
    }
  }
  return out;
}

struct CellCase {
  const char* row;
  int figures;
  int column;
  int lost;
  bool low;  // the lowest count of the cell, else the highest
};

std::vector<CellCase> AllCells() {
  std::vector<CellCase> cases;
  for (const char* row : kRegimentRows) {
    const std::vector<int> n = Numbers(row);
    for (int c = 0; c < 5; ++c) {
      cases.push_back({row, n[0], c, n[2 + 2 * c], true});
      cases.push_back({row, n[0], c, n[3 + 2 * c], false});
    }
  }
  return cases;
}

void PrintTo(const CellCase& c, std::ostream* os) {
  *os << c.figures << " figures, " << c.lost << " lost, column " << c.column;
}

std::string CellName(const ::testing::TestParamInfo<CellCase>& info) {
  static const char* const kColumns[] = {"10pct", "15pct", "20pct", "25pct", "30pctOrMore"};
  const CellCase& c = info.param;
  return "Regiment" + std::to_string(c.figures) + "_Lost" + kColumns[c.column] + "_Boundary" +
         (c.low ? "Low" : "High");
}

class ZuluResolveCell_001 : public ::testing::TestWithParam<CellCase> {};

// Every printed cell's lowest and highest figure count reads that column and
// that regiment's printed line; the highest staying face stays and the next
// face breaks.
TEST_P(ZuluResolveCell_001, ReadsPrintedColumn) {
  const CellCase& c = GetParam();
  bool printed = false;
  EXPECT_EQ(ZuluResolveColumnOf(c.figures, c.lost, &printed), c.column);
  EXPECT_TRUE(printed);
  const int stay = kPrintedStayUpTo[c.column];
  for (int face : {stay, stay + 1}) {
    SCOPED_TRACE(face);
    Explanation why;
    const ZuluResolve r = Scripted({face}, why, [&](Dice& dice, Explanation* w) {
      return ZuluRegimentResolve(dice, c.figures, c.lost, w);
    });
    EXPECT_EQ(r.column, c.column);
    EXPECT_TRUE(r.printed_row);
    EXPECT_EQ(r.result, face <= stay ? ZuluResolveResult::kStays : ZuluResolveResult::kBroken);
    ExpectRule(why, kResolve, kZuluResolve, c.row);
    ExpectDie(why, 0, face);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryPrintedCell, ZuluResolveCell_001, ::testing::ValuesIn(AllCells()),
                         CellName);

// Under the 10% column's lowest count: no test and no die.
TEST(ZuluResolve_001, EveryPrintedRow_BelowTenPercent_NoTestNoDie) {
  for (const char* row : kRegimentRows) {
    SCOPED_TRACE(row);
    const std::vector<int> n = Numbers(row);
    Explanation why;
    const ZuluResolve r = Scripted({}, why, [&](Dice& dice, Explanation* w) {
      return ZuluRegimentResolve(dice, n[0], n[2] - 1, w);
    });
    EXPECT_EQ(r.result, ZuluResolveResult::kNoTest);
    EXPECT_EQ(r.column, -1);
    ExpectRule(why, kResolve, kZuluResolve, kNoTest);
    EXPECT_TRUE(why.dice.empty());
  }
}

// Die Roll To Stay 1-5 / 1-4 / 1-3 / 1-2 / 1: every face of every column.
TEST(ZuluResolve_001, Regiment200_EveryColumnEveryFace) {
  const int lost[] = {20, 30, 40, 50, 60};
  for (int c = 0; c < 5; ++c) {
    for (int face = 1; face <= 6; ++face) {
      SCOPED_TRACE(testing::Message() << "column " << c << " face " << face);
      Explanation why;
      const ZuluResolve r = Scripted({face}, why, [&](Dice& dice, Explanation* w) {
        return ZuluRegimentResolve(dice, 200, lost[c], w);
      });
      EXPECT_EQ(r.result, face <= kPrintedStayUpTo[c] ? ZuluResolveResult::kStays
                                                      : ZuluResolveResult::kBroken);
    }
  }
  Explanation why;
  Scripted({4}, why,
           [](Dice& dice, Explanation* w) { return ZuluRegimentResolve(dice, 75, 13, w); });
  EXPECT_EQ(why.text,
            "75 figures, 13 lost: 15% column (12 - 14), Die Roll To Stay 1-4; D6 rolled 4: stays");
}

// The printed ranges win over exact percentages: 31 of 125 is 24.8%, 26 of
// 175 is 14.9%, 41 of 275 is 14.9%, yet each is printed one column up.
TEST(ZuluResolve_001, PrintedRangesWinOverPercentages) {
  EXPECT_EQ(ZuluResolveColumnOf(125, 31, nullptr), 3);
  EXPECT_EQ(ZuluResolveColumnOf(125, 30, nullptr), 2);
  EXPECT_EQ(ZuluResolveColumnOf(175, 26, nullptr), 1);
  EXPECT_EQ(ZuluResolveColumnOf(175, 25, nullptr), 0);
  EXPECT_EQ(ZuluResolveColumnOf(275, 41, nullptr), 1);
  EXPECT_EQ(ZuluResolveColumnOf(275, 40, nullptr), 0);
}

// "30% or More": a regiment that has lost every figure still reads the last
// column.
TEST(ZuluResolve_001, LossesPastTheLastPrintedRangeReadThirtyOrMore) {
  EXPECT_EQ(ZuluResolveColumnOf(50, 50, nullptr), 4);
  EXPECT_EQ(ZuluResolveColumnOf(450, 500, nullptr), 4);
}

// A size not printed (100 figures): the columns' percentages, and the row
// says so.
TEST(ZuluResolve_001, UnprintedSize_PercentageBands) {
  const int lost[] = {9, 10, 14, 15, 19, 20, 24, 25, 29, 30, 99};
  const int column[] = {-1, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4};
  for (size_t i = 0; i < std::size(lost); ++i) {
    SCOPED_TRACE(lost[i]);
    bool printed = true;
    EXPECT_EQ(ZuluResolveColumnOf(100, lost[i], &printed), column[i]);
    EXPECT_FALSE(printed);
  }
  // 13 of 130 is exactly 10%; 12 is 9.2%.
  EXPECT_EQ(ZuluResolveColumnOf(130, 12, nullptr), -1);
  EXPECT_EQ(ZuluResolveColumnOf(130, 13, nullptr), 0);
  Explanation why;
  const ZuluResolve r = Scripted(
      {3}, why, [](Dice& dice, Explanation* w) { return ZuluRegimentResolve(dice, 100, 20, w); });
  EXPECT_EQ(r.result, ZuluResolveResult::kStays);
  EXPECT_EQ(r.column, 2);
  EXPECT_FALSE(r.printed_row);
  ExpectRule(why, kResolve, kZuluResolve, "percentage band, not a printed row");
  EXPECT_THAT(why.text, HasSubstr("100 figures (not a printed row), 20 lost = 20%"));
}

// ---------------------------------------------------------------------------
// British Company's Resolve Test.

// A company whose die total is `face` + `casualties`.
CompanyResolveInput Company(CompanyType type, int casualties = 0) {
  CompanyResolveInput in;
  in.type = type;
  in.casualties = casualties;
  return in;
}

struct ColumnCase {
  CompanyType type;
  int last_carry_on;
  int last_retire;
};

// Every row boundary of every column: the first and last total of Carry On!
// and Retire, and the first of Rout (reached with casualties, +1 each).
TEST(CompanyResolve_001, EveryColumnEveryRowBoundary) {
  const ColumnCase columns[] = {
      {CompanyType::kEuropean, 15, 22},
      {CompanyType::kNativeHorse, 13, 18},
      {CompanyType::kNativeFoot, 11, 16},
  };
  for (const ColumnCase& col : columns) {
    const std::pair<int, const char*> totals[] = {
        {1, kCarryOn},
        {col.last_carry_on, kCarryOn},
        {col.last_carry_on + 1, kRetireRow},
        {col.last_retire, kRetireRow},
        {col.last_retire + 1, kRoutRow},
        {col.last_retire + 10, kRoutRow},
    };
    for (const auto& total_row : totals) {
      // Named, not a structured binding: a lambda captures it (C++17).
      const int total = total_row.first;
      const char* const row = total_row.second;
      SCOPED_TRACE(testing::Message() << static_cast<int>(col.type) << " total " << total);
      const int face = total == 1 ? 1 : 6;
      Explanation why;
      const CompanyResolve r = Scripted({face}, why, [&](Dice& dice, Explanation* w) {
        return BritishCompanyResolve(dice, Company(col.type, total - face), w);
      });
      EXPECT_EQ(r, row == kCarryOn     ? CompanyResolve::kCarryOn
                   : row == kRetireRow ? CompanyResolve::kRetire
                                       : CompanyResolve::kRout);
      ExpectRule(why, kResolve, kCompanyResolve, row);
      EXPECT_EQ(why.dice[0].total, total);
    }
  }
}

// "+1 Low on ammo", "+3 Out of ammo".
TEST(CompanyResolve_001, Modifiers_LowOnAmmoPlus1_OutOfAmmoPlus3) {
  CompanyResolveInput in = Company(CompanyType::kEuropean);
  in.ammunition = Ammunition::kLow;
  Explanation why;
  Scripted({4}, why,
           [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
  ExpectDie(why, 0, 5, {"+1: low on ammo"});
  in.ammunition = Ammunition::kOut;
  Scripted({4}, why,
           [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
  ExpectDie(why, 0, 7, {"+3: out of ammo"});
  EXPECT_EQ(why.text, "D6 rolled 4, +3 (out of ammo) = 7: Carry On! (Europeans column)");
}

// "+1 Each casualty (seriously wounded or killed) the company has taken."
TEST(CompanyResolve_001, Modifiers_CasualtiesPlus1Each) {
  Explanation why;
  Scripted({2}, why, [](Dice& dice, Explanation* w) {
    return BritishCompanyResolve(dice, Company(CompanyType::kNativeHorse, 3), w);
  });
  ExpectDie(why, 0, 5, {"+3: 3 casualties (seriously wounded or killed), +1 each"});
}

// "+2 For each Zulu tray with in 6" that is not pinned (native foot count all
// trays including those pinned)".
TEST(CompanyResolve_001, Modifiers_ZuluTraysPlus2Each_NativeFootCountPinnedToo) {
  CompanyResolveInput in;
  in.unpinned_zulu_trays_within_6 = 2;
  in.zulu_trays_within_6 = 5;
  for (CompanyType type : {CompanyType::kEuropean, CompanyType::kNativeHorse}) {
    in.type = type;
    Explanation why;
    Scripted({1}, why,
             [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
    ExpectDie(why, 0, 5, {"+4: 2 Zulu trays within 6\" not pinned, +2 each"});
  }
  in.type = CompanyType::kNativeFoot;
  Explanation why;
  const CompanyResolve r = Scripted(
      {1}, why, [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
  ExpectDie(why, 0, 11, {"+10: 5 Zulu trays within 6\" (native foot count all), +2 each"});
  EXPECT_EQ(r, CompanyResolve::kCarryOn);
}

// "+2 Each friendly company retiring within 6" ... (European units do not
// count native foot units)".
TEST(CompanyResolve_001, Modifiers_RetiringPlus2Each_EuropeansIgnoreNativeFoot) {
  CompanyResolveInput in;
  in.retiring_within_6 = 1;
  in.native_foot_retiring_within_6 = 2;
  in.type = CompanyType::kEuropean;
  Explanation why;
  Scripted({3}, why,
           [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
  ExpectDie(why, 0, 5, {"+2: 1 friendly companies retiring within 6\", +2 each"});
  for (CompanyType type : {CompanyType::kNativeHorse, CompanyType::kNativeFoot}) {
    in.type = type;
    Scripted({3}, why,
             [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
    ExpectDie(why, 0, 9, {"+6: 3 friendly companies retiring within 6\", +2 each"});
  }
}

// "+4 Each friendly company retreating or destroyed within 6" ... (European
// units do not count native foot units)".
TEST(CompanyResolve_001, Modifiers_RetreatingOrDestroyedPlus4Each_EuropeansIgnoreNativeFoot) {
  CompanyResolveInput in;
  in.retreating_or_destroyed_within_6 = 2;
  in.native_foot_retreating_or_destroyed_within_6 = 1;
  in.type = CompanyType::kEuropean;
  Explanation why;
  CompanyResolve r = Scripted(
      {6}, why, [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
  ExpectDie(why, 0, 14, {"+8: 2 friendly companies retreating or destroyed within 6\", +4 each"});
  EXPECT_EQ(r, CompanyResolve::kCarryOn);
  in.type = CompanyType::kNativeFoot;
  r = Scripted({6}, why,
               [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
  ExpectDie(why, 0, 18, {"+12: 3 friendly companies retreating or destroyed within 6\", +4 each"});
  EXPECT_EQ(r, CompanyResolve::kRout);
  ExpectRule(why, kResolve, kCompanyResolve, kRoutRow);
}

// Every modifier at once, in the printed order.
TEST(CompanyResolve_001, AllModifiersTogether) {
  CompanyResolveInput in;
  in.type = CompanyType::kEuropean;
  in.ammunition = Ammunition::kLow;
  in.casualties = 1;
  in.unpinned_zulu_trays_within_6 = 1;
  in.retiring_within_6 = 1;
  in.retreating_or_destroyed_within_6 = 1;
  Explanation why;
  const CompanyResolve r = Scripted(
      {1}, why, [&](Dice& dice, Explanation* w) { return BritishCompanyResolve(dice, in, w); });
  ExpectDie(why, 0, 11,
            {"+1: low on ammo", "+1: 1 casualties (seriously wounded or killed), +1 each",
             "+2: 1 Zulu trays within 6\" not pinned, +2 each",
             "+2: 1 friendly companies retiring within 6\", +2 each",
             "+4: 1 friendly companies retreating or destroyed within 6\", +4 each"});
  EXPECT_EQ(r, CompanyResolve::kCarryOn);
}

// ---------------------------------------------------------------------------
// Description Of Results: distances.

struct DistanceCase {
  bool european;
  Mobility mobility;
  std::vector<int> faces;
  int inches;
  const char* row;
};

void ExpectDistances(int (*fn)(Dice&, bool, Mobility, Explanation*),
                     const std::vector<DistanceCase>& cases) {
  for (const DistanceCase& c : cases) {
    SCOPED_TRACE(testing::Message()
                 << c.european << " " << static_cast<int>(c.mobility) << " " << c.faces.front());
    Explanation why;
    const int inches = Scripted(c.faces, why, [&](Dice& dice, Explanation* w) {
      return fn(dice, c.european, c.mobility, w);
    });
    EXPECT_EQ(inches, c.inches);
    ExpectRule(why, kResolve, kResults, c.row);
    EXPECT_EQ(why.dice.back().total, c.inches);
  }
}

// "Retire-Native Units- ... at normal movement rate" (3 + 1D6 foot, 3 + 2D6
// mounted); "European Units- ... 1D3+3 inches on foot or artillery, 1D6+3
// inches if mounted". 1D3 is the D6 halved, rounded up.
TEST(RetireDistance_001, NativeNormalRate_European1D3Plus3Or1D6Plus3) {
  ExpectDistances(RetireDistance, {
                                      {false, Mobility::kFoot, {1}, 4, kRetireNative},
                                      {false, Mobility::kFoot, {6}, 9, kRetireNative},
                                      {false, Mobility::kMounted, {1, 1}, 5, kRetireNative},
                                      {false, Mobility::kMounted, {6, 6}, 15, kRetireNative},
                                      {true, Mobility::kFoot, {1}, 4, kRetireEuropean},
                                      {true, Mobility::kFoot, {2}, 4, kRetireEuropean},
                                      {true, Mobility::kFoot, {3}, 5, kRetireEuropean},
                                      {true, Mobility::kFoot, {4}, 5, kRetireEuropean},
                                      {true, Mobility::kFoot, {5}, 6, kRetireEuropean},
                                      {true, Mobility::kFoot, {6}, 6, kRetireEuropean},
                                      {true, Mobility::kArtillery, {1}, 4, kRetireEuropean},
                                      {true, Mobility::kArtillery, {6}, 6, kRetireEuropean},
                                      {true, Mobility::kMounted, {1}, 4, kRetireEuropean},
                                      {true, Mobility::kMounted, {6}, 9, kRetireEuropean},
                                  });
  Explanation why;
  Scripted({5}, why, [](Dice& dice, Explanation* w) {
    return RetireDistance(dice, true, Mobility::kFoot, w);
  });
  ExpectDie(why, 0, 6, {"-2: 1D3 is the D6 halved, rounded up", "+3: the +3 of 1D3+3"});
  EXPECT_EQ(why.text,
            "D6 rolled 5, -2 (1D3 is the D6 halved, rounded up), +3 (the +3 of 1D3+3) = 6: "
            "retires 6 inches");
}

// "Retreat-Native Units- ... 1D6+6 inches if on foot, 2D6+6 inches mounted";
// "European Units- ... 1D6+3 inches on foot or artillery, 2D6+3 inches if
// mounted".
TEST(RetreatDistance_001, Native1D6Plus6Or2D6Plus6_European1D6Plus3Or2D6Plus3) {
  ExpectDistances(RetreatDistance, {
                                       {false, Mobility::kFoot, {1}, 7, kRetreatNative},
                                       {false, Mobility::kFoot, {6}, 12, kRetreatNative},
                                       {false, Mobility::kMounted, {1, 1}, 8, kRetreatNative},
                                       {false, Mobility::kMounted, {6, 6}, 18, kRetreatNative},
                                       {true, Mobility::kFoot, {1}, 4, kRetreatEuropean},
                                       {true, Mobility::kFoot, {6}, 9, kRetreatEuropean},
                                       {true, Mobility::kArtillery, {1}, 4, kRetreatEuropean},
                                       {true, Mobility::kArtillery, {6}, 9, kRetreatEuropean},
                                       {true, Mobility::kMounted, {1, 1}, 5, kRetreatEuropean},
                                       {true, Mobility::kMounted, {6, 6}, 15, kRetreatEuropean},
                                   });
}

// "Surrounded Units- Native Units- The unit will huddle in a mass. It may not
// move"; "European Units- The unit will form a square. It may move 1D3
// inches."
TEST(SurroundedMove_001, NativeHuddleNoDie_EuropeanSquare1D3) {
  Explanation why;
  EXPECT_EQ(
      Scripted({}, why, [](Dice& dice, Explanation* w) { return SurroundedMove(dice, false, w); }),
      0);
  ExpectRule(why, kResolve, kResults, kSurroundedNative);
  const int d3[] = {1, 1, 2, 2, 3, 3};
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    EXPECT_EQ(Scripted({face}, why,
                       [](Dice& dice, Explanation* w) { return SurroundedMove(dice, true, w); }),
              d3[face - 1]);
    ExpectRule(why, kResolve, kResults, kSurroundedEuropean);
  }
}

// ---------------------------------------------------------------------------
// B. Move the active unit.

struct MoveCase {
  Mover mover;
  std::vector<int> faces;
  int inches;
  const char* section;
  const char* table;
  const char* row;
};

// Zulu 2D6 (1D6 on the first turn); British 3 + 1D6 foot, 3 + 2D6 mounted;
// Induna 3D6; cannon limbered 2D6, prolonge 1D6; rockets limbered 3+1D6,
// prolonge 1D6; runners 2D6+3. Lowest and highest of each.
TEST(MovementRate_001, EveryMoverLowestAndHighest) {
  const MoveCase cases[] = {
      {Mover::kZuluRegiment, {1, 1}, 2, kMove, kMove, kZuluMoveRow},
      {Mover::kZuluRegiment, {6, 6}, 12, kMove, kMove, kZuluMoveRow},
      {Mover::kZuluRegimentFirstTurn, {1}, 1, kMove, kSpecialZuluMoves, kFirstTurnRow},
      {Mover::kZuluRegimentFirstTurn, {6}, 6, kMove, kSpecialZuluMoves, kFirstTurnRow},
      {Mover::kBritishFoot, {1}, 4, kMove, kMove, kBritishMoveRow},
      {Mover::kBritishFoot, {6}, 9, kMove, kMove, kBritishMoveRow},
      {Mover::kBritishMounted, {1, 1}, 5, kMove, kMove, kBritishMoveRow},
      {Mover::kBritishMounted, {6, 6}, 15, kMove, kMove, kBritishMoveRow},
      {Mover::kInduna, {1, 1, 1}, 3, kMove, kInduna, kIndunaRow},
      {Mover::kInduna, {6, 6, 6}, 18, kMove, kInduna, kIndunaRow},
      {Mover::kCannonLimbered, {1, 1}, 2, kBritishMoves, kArtilleryMovement, kCannonRow},
      {Mover::kCannonLimbered, {6, 6}, 12, kBritishMoves, kArtilleryMovement, kCannonRow},
      {Mover::kCannonProlonge, {1}, 1, kBritishMoves, kArtilleryMovement, kCannonRow},
      {Mover::kCannonProlonge, {6}, 6, kBritishMoves, kArtilleryMovement, kCannonRow},
      {Mover::kRocketsLimbered, {1}, 4, kBritishMoves, kArtilleryMovement, kRocketsRow},
      {Mover::kRocketsLimbered, {6}, 9, kBritishMoves, kArtilleryMovement, kRocketsRow},
      {Mover::kRocketsProlonge, {1}, 1, kBritishMoves, kArtilleryMovement, kRocketsRow},
      {Mover::kRocketsProlonge, {6}, 6, kBritishMoves, kArtilleryMovement, kRocketsRow},
      {Mover::kRunner, {1, 1}, 5, kAmmunition, kAmmunition, kRunnerRow},
      {Mover::kRunner, {6, 6}, 15, kAmmunition, kAmmunition, kRunnerRow},
  };
  for (const MoveCase& c : cases) {
    SCOPED_TRACE(testing::Message() << static_cast<int>(c.mover) << " " << c.faces.front());
    Explanation why;
    EXPECT_EQ(Scripted(c.faces, why,
                       [&](Dice& dice, Explanation* w) { return MovementRate(dice, c.mover, w); }),
              c.inches);
    ExpectRule(why, c.section, c.table, c.row);
    ASSERT_EQ(why.dice.size(), 1u);
    EXPECT_EQ(why.dice[0].count, static_cast<int>(c.faces.size()));
  }
  Explanation why;
  Scripted({2, 5}, why, [](Dice& dice, Explanation* w) {
    return MovementRate(dice, Mover::kBritishMounted, w);
  });
  ExpectDie(why, 0, 10, {"+3: the +3 of 2D6+3"});
  EXPECT_EQ(why.text, "2D6 rolled 2+5 = 7, +3 (the +3 of 2D6+3) = 10: 10 inches");
}

// ---------------------------------------------------------------------------
// Pinned Zulus: Zulu Rally Chart.

// Every face of every situation, no modifiers.
TEST(ZuluRally_001, EverySituationEveryFace) {
  const std::pair<RallySituation, int> rows[] = {
      {RallySituation::kNotShotAt, 4},
      {RallySituation::kSmallArmsNoCasualties, 2},
      {RallySituation::kArtilleryOrCasualties, 1},
  };
  const char* const texts[] = {kRallyNotShot, kRallySmallArms, kRallyArtillery};
  for (int s = 0; s < 3; ++s) {
    for (int face = 1; face <= 6; ++face) {
      SCOPED_TRACE(testing::Message() << s << " face " << face);
      RallyInput in;
      in.situation = rows[s].first;
      Explanation why;
      const bool rallied =
          Scripted({face}, why, [&](Dice& dice, Explanation* w) { return ZuluRally(dice, in, w); });
      EXPECT_EQ(rallied, face <= rows[s].second);
      ExpectRule(why, kPinned, kRally, texts[s]);
    }
  }
}

// "add the number of British figures that have fired at the tray since its
// last turn"; totals over 6 read the 6 row.
TEST(ZuluRally_001, FiguresFiredAddOneEach) {
  RallyInput in;
  in.situation = RallySituation::kSmallArmsNoCasualties;
  in.british_figures_fired = 1;
  Explanation why;
  EXPECT_FALSE(
      Scripted({2}, why, [&](Dice& dice, Explanation* w) { return ZuluRally(dice, in, w); }));
  ExpectDie(why, 0, 3, {"+1: 1 British figures fired at the tray since its last turn, +1 each"});
  in.british_figures_fired = 10;
  EXPECT_FALSE(
      Scripted({1}, why, [&](Dice& dice, Explanation* w) { return ZuluRally(dice, in, w); }));
  ExpectDie(why, 0, 11, {"+10: 10 British figures fired at the tray since its last turn, +1 each"});
  ExpectRule(why, kPinned, kRally, kRallySmallArms);
}

// "-1 if Induna is with stand"; a total under 1 reads the 1 row.
TEST(ZuluRally_001, IndunaMinusOne) {
  RallyInput in;
  in.situation = RallySituation::kArtilleryOrCasualties;
  in.induna_with_stand = true;
  Explanation why;
  EXPECT_TRUE(
      Scripted({2}, why, [&](Dice& dice, Explanation* w) { return ZuluRally(dice, in, w); }));
  ExpectDie(why, 0, 1, {"-1: an Induna is with the stand"});
  EXPECT_TRUE(
      Scripted({1}, why, [&](Dice& dice, Explanation* w) { return ZuluRally(dice, in, w); }));
  ExpectDie(why, 0, 0, {"-1: an Induna is with the stand"});
  in.situation = RallySituation::kNotShotAt;
  EXPECT_TRUE(
      Scripted({5}, why, [&](Dice& dice, Explanation* w) { return ZuluRally(dice, in, w); }));
  EXPECT_FALSE(
      Scripted({6}, why, [&](Dice& dice, Explanation* w) { return ZuluRally(dice, in, w); }));
}

TEST(ZuluRally_001, NeedsOneToRally_OnlyUnderArtilleryOrCasualties) {
  EXPECT_FALSE(NeedsOneToRally(RallySituation::kNotShotAt));
  EXPECT_FALSE(NeedsOneToRally(RallySituation::kSmallArmsNoCasualties));
  EXPECT_TRUE(NeedsOneToRally(RallySituation::kArtilleryOrCasualties));
}

// Zulus Charging A Retiring Unit: "1-3 Charge", "4-6 Stay put".
TEST(ZuluChargeRetiring_001, EveryFace) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const bool charge = Scripted({face}, why, [](Dice& dice, Explanation* w) {
      return ZuluChargeRetiring(dice, ChargeRetiringInput{}, w);
    });
    EXPECT_EQ(charge, face <= 3);
    ExpectRule(why, kChargeSection, kCharge, face <= 3 ? kCharge13 : kStayPut46);
  }
}

// "Subtract 1 from the die roll if the tray is pinned", "-1 if Induna is with
// stand", "+1 if stand needs a "1" to rally".
TEST(ZuluChargeRetiring_001, Modifiers) {
  ChargeRetiringInput in;
  in.pinned = true;
  Explanation why;
  auto charge = [&](Dice& dice, Explanation* w) { return ZuluChargeRetiring(dice, in, w); };
  EXPECT_TRUE(Scripted({4}, why, charge));
  ExpectDie(why, 0, 3, {"-1: the tray is pinned"});
  in.pinned = false;
  in.induna_with_stand = true;
  EXPECT_TRUE(Scripted({4}, why, charge));
  ExpectDie(why, 0, 3, {"-1: an Induna is with the stand"});
  in.induna_with_stand = false;
  in.needs_one_to_rally = true;
  EXPECT_FALSE(Scripted({3}, why, charge));
  ExpectDie(why, 0, 4, {"+1: the stand needs a \"1\" to rally"});
  ExpectRule(why, kChargeSection, kCharge, kStayPut46);
  in.pinned = in.induna_with_stand = true;
  EXPECT_TRUE(Scripted({4}, why, charge));  // 4 - 1 - 1 + 1 = 3: charge
  ExpectDie(why, 0, 3,
            {"-1: the tray is pinned", "-1: an Induna is with the stand",
             "+1: the stand needs a \"1\" to rally"});
  EXPECT_FALSE(Scripted({5}, why, charge));  // 5 - 1 - 1 + 1 = 4: stay put
}

// ---------------------------------------------------------------------------
// C. Shooting.

// Zulu Sniper Fire Table: "Enlisted Roll 1D6: 1-5= miss 6= hit".
TEST(ZuluSniperFire_001, Enlisted_EveryFace) {
  for (int face = 1; face <= 6; ++face) {
    Explanation why;
    EXPECT_EQ(Scripted({face}, why,
                       [](Dice& dice, Explanation* w) {
                         return ZuluSniperFire(dice, SniperTarget::kEnlisted, w);
                       }),
              face == 6);
    ExpectRule(why, kShooting, kSniper, kSniperEnlisted);
  }
}

// "Officer Roll 2D6: 2-11Miss 12= Hit".
TEST(ZuluSniperFire_001, Officer_2D6_Only12Hits) {
  const std::pair<std::vector<int>, bool> cases[] = {
      {{1, 1}, false}, {{5, 6}, false}, {{6, 5}, false}, {{6, 6}, true}};
  for (const auto& [faces, hit] : cases) {
    Explanation why;
    EXPECT_EQ(Scripted(faces, why,
                       [](Dice& dice, Explanation* w) {
                         return ZuluSniperFire(dice, SniperTarget::kOfficer, w);
                       }),
              hit);
    ExpectRule(why, kShooting, kSniper, kSniperOfficer);
    EXPECT_EQ(why.dice[0].count, 2);
  }
}

FireInput Rifle(double range) {
  FireInput in;
  in.range_inches = range;
  return in;
}

FireResult Fire(const FireInput& in, const std::vector<int>& faces, Explanation& why) {
  return Scripted(faces, why, [&](Dice& dice, Explanation* w) { return BritishFire(dice, in, w); });
}

struct RangeCase {
  Weapon weapon;
  double range;
  int need;  // 0: out of range
  const char* row;
};

// "Rifle 0 to 6" Artillery 0 -12" ... 4-6= Hit", "+6 to 12" Artillery +12" -
// 24" ... 5-6= Hit", "+12" to 24" Artillery +24" - 48" ... 6= Hit", "Officers
// pistol 0 to 3" ... 6= Hit"; past the last band, no shot. Each band's edges
// with its highest missing and lowest hitting face.
TEST(BritishFire_001, RangeBandsEdgesAndFaces) {
  const RangeCase cases[] = {
      {Weapon::kRifle, 0.0, 4, kFireShort},       {Weapon::kRifle, 6.0, 4, kFireShort},
      {Weapon::kRifle, 6.1, 5, kFireMedium},      {Weapon::kRifle, 12.0, 5, kFireMedium},
      {Weapon::kRifle, 12.1, 6, kFireLong},       {Weapon::kRifle, 24.0, 6, kFireLong},
      {Weapon::kRifle, 24.1, 0, nullptr},         {Weapon::kArtillery, 12.0, 4, kFireShort},
      {Weapon::kArtillery, 12.1, 5, kFireMedium}, {Weapon::kArtillery, 24.0, 5, kFireMedium},
      {Weapon::kArtillery, 24.1, 6, kFireLong},   {Weapon::kArtillery, 48.0, 6, kFireLong},
      {Weapon::kArtillery, 48.1, 0, nullptr},     {Weapon::kPistol, 3.0, 6, kFirePistol},
      {Weapon::kPistol, 3.1, 0, nullptr},
  };
  for (const RangeCase& c : cases) {
    SCOPED_TRACE(testing::Message() << static_cast<int>(c.weapon) << " at " << c.range);
    FireInput in = Rifle(c.range);
    in.weapon = c.weapon;
    if (c.weapon == Weapon::kArtillery) in.firer = Firer::kArtilleryCrew;
    Explanation why;
    if (c.need == 0) {
      EXPECT_EQ(Fire(in, {}, why), FireResult::kOutOfRange);
      ExpectRule(why, kBritishShooting, kFiring, "beyond the last printed range: no shot");
      continue;
    }
    EXPECT_EQ(Fire(in, {c.need - 1}, why), FireResult::kMiss);
    ExpectRule(why, kBritishShooting, kFiring, c.row);
    EXPECT_EQ(Fire(in, {c.need}, why), FireResult::kHit);
    ExpectRule(why, kBritishShooting, kFiring, c.row);
    EXPECT_EQ(Fire(in, {6}, why), FireResult::kHit);
  }
}

// "Firing Figure is wounded -1", "Target is in cover -1", "Firing figure has
// fixed bayonet -1", "Retiring European foot Figures -1".
TEST(BritishFire_001, EachMinusOneModifier) {
  FireInput wounded = Rifle(3);
  wounded.firer_wounded = true;
  FireInput cover = Rifle(3);
  cover.target_in_cover = true;
  FireInput bayonet = Rifle(3);
  bayonet.fixed_bayonet = true;
  FireInput retiring = Rifle(3);
  retiring.resolve = CompanyResolve::kRetire;
  const std::pair<FireInput, const char*> cases[] = {
      {wounded, "-1: firing figure is wounded"},
      {cover, "-1: target is in cover"},
      {bayonet, "-1: firing figure has fixed bayonet"},
      {retiring, "-1: retiring European foot figure"},
  };
  for (const auto& [in, reason] : cases) {
    SCOPED_TRACE(reason);
    Explanation why;
    EXPECT_EQ(Fire(in, {4}, why), FireResult::kMiss);
    ExpectDie(why, 0, 3, {reason});
    ExpectRule(why, kBritishShooting, kFiring, kFireShort);
    EXPECT_EQ(Fire(in, {5}, why), FireResult::kHit);
  }
  FireInput all = Rifle(3);
  all.firer_wounded = all.target_in_cover = all.fixed_bayonet = true;
  all.resolve = CompanyResolve::kRetire;
  Explanation why;
  EXPECT_EQ(Fire(all, {5}, why), FireResult::kMiss);
  ExpectDie(why, 0, 1,
            {"-1: firing figure is wounded", "-1: target is in cover",
             "-1: firing figure has fixed bayonet", "-1: retiring European foot figure"});
}

// Fixing Bayonets: "a natural "6" will always hit"; without a bayonet a
// modified 6 at long range misses.
TEST(BritishFire_001, FixedBayonetNaturalSixAlwaysHits) {
  FireInput in = Rifle(20);
  in.fixed_bayonet = true;
  in.firer_wounded = true;
  Explanation why;
  EXPECT_EQ(Fire(in, {6}, why), FireResult::kHit);
  ExpectDie(why, 0, 4, {"-1: firing figure is wounded", "-1: firing figure has fixed bayonet"});
  EXPECT_THAT(why.text, HasSubstr("a natural 6 always hits with a fixed bayonet"));
  ExpectRule(why, kBritishShooting, kFiring, kFireLong);
  in.fixed_bayonet = false;
  EXPECT_EQ(Fire(in, {6}, why), FireResult::kMiss);
}

// "Retreating european foot Figures (at any range) Roll 1D6: 1-5= Miss 6=
// Hit": the die alone, even wounded and at short range.
TEST(BritishFire_001, RetreatingEuropeanFoot_SixOnlyAtAnyRange) {
  for (double range : {1.0, 20.0}) {
    FireInput in = Rifle(range);
    in.resolve = CompanyResolve::kRout;
    in.firer_wounded = true;
    Explanation why;
    EXPECT_EQ(Fire(in, {5}, why), FireResult::kMiss);
    ExpectRule(why, kBritishShooting, kFiring, kFireRetreatingFoot);
    EXPECT_EQ(Fire(in, {6}, why), FireResult::kHit);
    ExpectDie(why, 0, 6);
  }
}

// "Mounted figures Roll 1D6: 1-5=Miss 6=Hit", European or native horse.
TEST(BritishFire_001, MountedFigures_SixOnly) {
  for (Firer firer : {Firer::kEuropeanMounted, Firer::kNativeHorse}) {
    FireInput in = Rifle(2);
    in.firer = firer;
    Explanation why;
    EXPECT_EQ(Fire(in, {5}, why), FireResult::kMiss);
    ExpectRule(why, kBritishShooting, kFiring, kFireMounted);
    EXPECT_EQ(Fire(in, {6}, why), FireResult::kHit);
  }
}

// "Retiring or retreating mounted figures No fire allowed", "Retiring or
// retreating N.N.C. or Sikali Horse No Fire allowed", and (Description Of
// Results) "Retiring artillery ... can not fire". No die is rolled.
TEST(BritishFire_001, MayNotFire_NoDie) {
  const std::tuple<Firer, const char*, const char*, const char*> cases[] = {
      {Firer::kEuropeanMounted, kBritishShooting, kFiring, kNoFireMounted},
      {Firer::kNativeFoot, kBritishShooting, kFiring, kNoFireNative},
      {Firer::kNativeHorse, kBritishShooting, kFiring, kNoFireNative},
      {Firer::kArtilleryCrew, kResolve, kResults, kNoFireArtillery},
  };
  for (const auto& [firer, section, table, row] : cases) {
    for (CompanyResolve resolve : {CompanyResolve::kRetire, CompanyResolve::kRout}) {
      SCOPED_TRACE(row);
      FireInput in = Rifle(2);
      in.firer = firer;
      in.resolve = resolve;
      if (firer == Firer::kArtilleryCrew) in.weapon = Weapon::kArtillery;
      Explanation why;
      EXPECT_EQ(Fire(in, {}, why), FireResult::kMayNotFire);
      ExpectRule(why, section, table, row);
    }
  }
}

// Native foot and artillery that carry on use the range table.
TEST(BritishFire_001, NativeFootAndArtilleryCarryingOnUseTheRangeTable) {
  FireInput in = Rifle(8);
  in.firer = Firer::kNativeFoot;
  Explanation why;
  EXPECT_EQ(Fire(in, {5}, why), FireResult::kHit);
  ExpectRule(why, kBritishShooting, kFiring, kFireMedium);
  in.firer = Firer::kArtilleryCrew;
  in.weapon = Weapon::kArtillery;
  in.range_inches = 30;
  EXPECT_EQ(Fire(in, {5}, why), FireResult::kMiss);
  ExpectRule(why, kBritishShooting, kFiring, kFireLong);
}

// Shooting At Special Zulu Targets: "Induna Roll 2D6: 2-11= Miss 12= Hit",
// "Sniper Roll 1D6: 1-5= Miss 6= Hit"; the other targets' modifiers do not
// apply; range still does.
TEST(BritishFire_001, SpecialTargets_Induna2D6Twelve_SniperSix) {
  FireInput in = Rifle(10);
  in.target = FireTarget::kInduna;
  in.firer_wounded = true;
  Explanation why;
  EXPECT_EQ(Fire(in, {6, 5}, why), FireResult::kMiss);
  ExpectRule(why, kBritishShooting, kFiring, kFireInduna);
  EXPECT_EQ(Fire(in, {6, 6}, why), FireResult::kHit);
  ExpectDie(why, 0, 12);
  in.target = FireTarget::kSniper;
  EXPECT_EQ(Fire(in, {5}, why), FireResult::kMiss);
  ExpectRule(why, kBritishShooting, kFiring, kFireSniper);
  EXPECT_EQ(Fire(in, {6}, why), FireResult::kHit);
  ExpectDie(why, 0, 6);
  in.range_inches = 25;
  EXPECT_EQ(Fire(in, {}, why), FireResult::kOutOfRange);
}

// "Each artillery crewman is counted as 2 figures when firing."
TEST(BritishFire_001, ArtilleryCrewmanCountsAsTwoFigures) {
  EXPECT_EQ(ShotsPerFigure(Firer::kArtilleryCrew), 2);
  EXPECT_EQ(ShotsPerFigure(Firer::kEuropeanFoot), 1);
  EXPECT_EQ(ShotsPerFigure(Firer::kEuropeanMounted), 1);
  EXPECT_EQ(ShotsPerFigure(Firer::kNativeFoot), 1);
  EXPECT_EQ(ShotsPerFigure(Firer::kNativeHorse), 1);
}

// British Ammunition Table: every row, no die.
TEST(AmmunitionTable_001, EveryRow) {
  const std::tuple<AmmunitionUnit, int, int, const char*> rows[] = {
      {AmmunitionUnit::kBritishInfantry, 5, 2, kAmmoInfantry},
      {AmmunitionUnit::kMounted, 3, 1, kAmmoMounted},
      {AmmunitionUnit::kNativeInfantry, 2, 1, kAmmoNative},
  };
  for (const auto& [unit, fire, before, row] : rows) {
    Explanation why;
    const AmmunitionAllowance a = AmmunitionFor(unit, &why);
    EXPECT_EQ(a.turns_of_fire, fire);
    EXPECT_EQ(a.turns_before_resupply, before);
    ExpectRule(why, kAmmunition, kAmmoTable, row);
    EXPECT_TRUE(why.dice.empty());
  }
  EXPECT_EQ(AmmunitionFor(AmmunitionUnit::kMounted, nullptr).turns_of_fire, 3);
}

// British Ammunition Resupply Table, "Runner At His Unit's Wagon": "1-3 No
// Ammo this turn", "4-6 1D6 turns of Ammo" (a second D6).
TEST(AmmunitionResupply_001, AtOwnWagon_EveryFace) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const std::vector<int> faces = face <= 3 ? std::vector<int>{face} : std::vector<int>{face, 5};
    const Resupply r = Scripted(faces, why, [](Dice& dice, Explanation* w) {
      return AmmunitionResupply(dice, true, 0, w);
    });
    EXPECT_EQ(r.result, face <= 3 ? ResupplyResult::kNoAmmoThisTurn : ResupplyResult::kTurnsOfAmmo);
    EXPECT_EQ(r.turns, face <= 3 ? 0 : 5);
    ExpectRule(why, kAmmunition, kResupply, face <= 3 ? kOwn13 : kOwn46);
  }
}

// "+1 for each turn the runner waits" (his unit's wagon only).
TEST(AmmunitionResupply_001, WaitingPlusOneEachTurn_OwnWagonOnly) {
  Explanation why;
  Resupply r = Scripted(
      {3, 2}, why, [](Dice& dice, Explanation* w) { return AmmunitionResupply(dice, true, 1, w); });
  EXPECT_EQ(r.result, ResupplyResult::kTurnsOfAmmo);
  EXPECT_EQ(r.turns, 2);
  ExpectDie(why, 0, 4, {"+1: 1 turns the runner has waited, +1 each"});
  ExpectDie(why, 1, 2);
  r = Scripted({3}, why,
               [](Dice& dice, Explanation* w) { return AmmunitionResupply(dice, false, 3, w); });
  EXPECT_EQ(r.result, ResupplyResult::kFindOwnWagon);
  ExpectDie(why, 0, 3);
}

// "Runner NOT At His Unit's Wagon": 1-3 Find your own wagon, 4 No Ammo this
// turn, 5 To the back of the line, 6 1D6 turns of Ammo.
TEST(AmmunitionResupply_001, NotAtOwnWagon_EveryFace) {
  const std::pair<ResupplyResult, const char*> rows[] = {
      {ResupplyResult::kFindOwnWagon, kOther13}, {ResupplyResult::kFindOwnWagon, kOther13},
      {ResupplyResult::kFindOwnWagon, kOther13}, {ResupplyResult::kNoAmmoThisTurn, kOther4},
      {ResupplyResult::kBackOfLine, kOther5},    {ResupplyResult::kTurnsOfAmmo, kOther6},
  };
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    const std::vector<int> faces = face < 6 ? std::vector<int>{face} : std::vector<int>{6, 1};
    const Resupply r = Scripted(faces, why, [](Dice& dice, Explanation* w) {
      return AmmunitionResupply(dice, false, 0, w);
    });
    EXPECT_EQ(r.result, rows[face - 1].first);
    EXPECT_EQ(r.turns, face == 6 ? 1 : 0);
    ExpectRule(why, kAmmunition, kResupply, rows[face - 1].second);
  }
}

// Out Of Ammunition Table.
TEST(OutOfAmmunition_001, Faces1To3_HalfFire_4To6_CompletelyOut) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    EXPECT_EQ(Scripted({face}, why, OutOfAmmunition),
              face <= 3 ? Ammunition::kLow : Ammunition::kOut);
    ExpectRule(why, kRunningOut, kOutOfAmmo, face <= 3 ? kHalfFire : kCompletelyOut);
  }
}

// ---------------------------------------------------------------------------
// D. Close Combat.

CloseCombatResult Fight(const BritishCombatant& b, const ZuluCombatant& z, int british_face,
                        int zulu_face, Explanation& why) {
  return Scripted({british_face, zulu_face}, why,
                  [&](Dice& dice, Explanation* w) { return CloseCombat(dice, b, z, w); });
}

BritishCombatant Armed(Fighter fighter) {
  BritishCombatant b;
  b.fighter = fighter;
  b.bayonet_fixed = true;
  return b;
}

// "The high score is the winner. Europeans win all ties." Both dice in why,
// British first.
TEST(CloseCombat_001, HighScoreWins_EuropeansWinTies) {
  Explanation why;
  CloseCombatResult r = Fight(Armed(Fighter::kRegular), {}, 3, 4, why);
  EXPECT_EQ(r.winner, CombatWinner::kZulu);
  EXPECT_EQ(r.british_total, 3);
  EXPECT_EQ(r.zulu_total, 4);
  ExpectRule(why, kCloseCombatSection, kCloseCombatTable, kCloseCombatRow);
  EXPECT_THAT(why.dice[0].purpose, HasSubstr("British"));
  EXPECT_THAT(why.dice[1].purpose, HasSubstr("Zulu"));
  r = Fight(Armed(Fighter::kRegular), {}, 5, 4, why);
  EXPECT_EQ(r.winner, CombatWinner::kBritish);
  for (Fighter f :
       {Fighter::kRegular, Fighter::kOfficer, Fighter::kEuropeanIrregular, Fighter::kCivilian}) {
    BritishCombatant b = Armed(f);
    r = Fight(b, {}, f == Fighter::kCivilian ? 5 : 4, 4, why);
    EXPECT_EQ(r.winner, CombatWinner::kBritish);
    EXPECT_THAT(why.text, HasSubstr("Europeans win all ties"));
  }
  EXPECT_EQ(why.text,
            "British D6 rolled 5, -1 (civilian) = 4; Zulu D6 rolled 4: a tie, Europeans win all "
            "ties");
}

// Only Europeans are given the ties: a native ally's tie goes to the Zulu.
TEST(CloseCombat_001, NativeAllyTieGoesToTheZulu) {
  for (Fighter f : {Fighter::kNativeLevy, Fighter::kNativeHorse}) {
    Explanation why;
    const CloseCombatResult r = Fight(Armed(f), {}, 4, 4, why);
    EXPECT_EQ(r.winner, CombatWinner::kZulu);
    EXPECT_FALSE(IsEuropean(f));
  }
  EXPECT_TRUE(IsEuropean(Fighter::kRegular));
}

// "Regular without bayonet (except officers) -1"; "British Native Levy do not
// suffer the close combat penalty because they have spears."
TEST(CloseCombat_001, RegularWithoutBayonetMinusOne_OfficersAndLevyExempt) {
  Explanation why;
  BritishCombatant b = Armed(Fighter::kRegular);
  b.bayonet_fixed = false;
  Fight(b, {}, 4, 1, why);
  ExpectDie(why, 0, 3, {"-1: regular without bayonet"});
  for (Fighter f : {Fighter::kOfficer, Fighter::kNativeLevy, Fighter::kEuropeanIrregular}) {
    BritishCombatant other;
    other.fighter = f;
    Fight(other, {}, 4, 1, why);
    ExpectDie(why, 0, 4);
  }
}

// Wounded -1, Inside of a tent -1, Coming out of donga -1, Civilian -1,
// Retiring -1, Retreating Europeans -2, Retreating native allies -3,
// Europeans in square +1.
TEST(CloseCombat_001, EachBritishModifier) {
  struct Case {
    BritishCombatant b;
    int total;  // from a face of 4
    const char* reason;
  };
  std::vector<Case> cases;
  BritishCombatant b = Armed(Fighter::kRegular);
  b.wounded = true;
  cases.push_back({b, 3, "-1: wounded"});
  b = Armed(Fighter::kRegular);
  b.inside_tent = true;
  cases.push_back({b, 3, "-1: inside of a tent"});
  b = Armed(Fighter::kRegular);
  b.out_of_donga = true;
  cases.push_back({b, 3, "-1: coming out of donga"});
  cases.push_back({Armed(Fighter::kCivilian), 3, "-1: civilian"});
  b = Armed(Fighter::kNativeLevy);
  b.resolve = CompanyResolve::kRetire;
  cases.push_back({b, 3, "-1: retiring"});
  b = Armed(Fighter::kRegular);
  b.resolve = CompanyResolve::kRout;
  cases.push_back({b, 2, "-2: retreating Europeans"});
  b = Armed(Fighter::kNativeHorse);
  b.resolve = CompanyResolve::kRout;
  cases.push_back({b, 1, "-3: retreating native allies"});
  b = Armed(Fighter::kNativeLevy);
  b.huddled = true;
  cases.push_back({b, 1, "-3: surrounded native unit huddled (the retreating modifier)"});
  b = Armed(Fighter::kRegular);
  b.in_square = true;
  cases.push_back({b, 5, "+1: Europeans in square"});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.reason);
    Explanation why;
    const CloseCombatResult r = Fight(c.b, {}, 4, 1, why);
    ExpectDie(why, 0, c.total, {c.reason});
    EXPECT_EQ(r.british_total, c.total);
  }
}

// The square is for Europeans; a huddled native unit that is also retreating
// takes the -3 once.
TEST(CloseCombat_001, SquareOnlyForEuropeans_HuddleNotCumulative) {
  Explanation why;
  BritishCombatant b = Armed(Fighter::kNativeLevy);
  b.in_square = true;
  Fight(b, {}, 4, 1, why);
  ExpectDie(why, 0, 4);
  b.in_square = false;
  b.huddled = true;
  b.resolve = CompanyResolve::kRout;
  Fight(b, {}, 4, 1, why);
  ExpectDie(why, 0, 1, {"-3: retreating native allies"});
}

// Zulu Modifiers: Over laager -1, On laager -1, Coming out of donga -1.
TEST(CloseCombat_001, EachZuluModifier) {
  ZuluCombatant over;
  over.over_laager = true;
  ZuluCombatant on;
  on.on_laager = true;
  ZuluCombatant donga;
  donga.out_of_donga = true;
  const std::pair<ZuluCombatant, const char*> cases[] = {
      {over, "-1: over laager"}, {on, "-1: on laager"}, {donga, "-1: coming out of donga"}};
  for (const auto& [z, reason] : cases) {
    SCOPED_TRACE(reason);
    Explanation why;
    // 4 against 5 - 1: a tie, the European wins.
    const CloseCombatResult r = Fight(Armed(Fighter::kRegular), z, 4, 5, why);
    ExpectDie(why, 0, 4);
    ExpectDie(why, 1, 4, {reason});
    EXPECT_EQ(r.winner, CombatWinner::kBritish);
  }
}

// ---------------------------------------------------------------------------
// Effects Of Hits and Surgeon's Aid.

TEST(EffectsOfHits_001, EveryFace) {
  const std::pair<HitEffect, const char*> rows[] = {
      {HitEffect::kScratch, kHit1},           {HitEffect::kWounded, kHit23},
      {HitEffect::kWounded, kHit23},          {HitEffect::kSeriouslyWounded, kHit45},
      {HitEffect::kSeriouslyWounded, kHit45}, {HitEffect::kKilled, kHit6},
  };
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    EXPECT_EQ(Scripted({face}, why, EffectOfHit), rows[face - 1].first);
    ExpectRule(why, kHitsSection, kHits, rows[face - 1].second);
  }
}

// "Wounded figures that receive a second wound (or serious wound) are
// seriously wounded."
TEST(EffectsOfHits_001, ApplyHitEffectToFigure) {
  using C = FigureCondition;
  using H = HitEffect;
  EXPECT_EQ(ApplyHitEffect(C::kUnhurt, H::kScratch), C::kUnhurt);
  EXPECT_EQ(ApplyHitEffect(C::kUnhurt, H::kWounded), C::kWounded);
  EXPECT_EQ(ApplyHitEffect(C::kUnhurt, H::kSeriouslyWounded), C::kSeriouslyWounded);
  EXPECT_EQ(ApplyHitEffect(C::kUnhurt, H::kKilled), C::kKilled);
  EXPECT_EQ(ApplyHitEffect(C::kWounded, H::kScratch), C::kWounded);
  EXPECT_EQ(ApplyHitEffect(C::kWounded, H::kWounded), C::kSeriouslyWounded);
  EXPECT_EQ(ApplyHitEffect(C::kWounded, H::kSeriouslyWounded), C::kSeriouslyWounded);
  EXPECT_EQ(ApplyHitEffect(C::kWounded, H::kKilled), C::kKilled);
  EXPECT_EQ(ApplyHitEffect(C::kSeriouslyWounded, H::kWounded), C::kSeriouslyWounded);
  EXPECT_EQ(ApplyHitEffect(C::kSeriouslyWounded, H::kKilled), C::kKilled);
  EXPECT_EQ(ApplyHitEffect(C::kKilled, H::kScratch), C::kKilled);
}

// Surgeon's Aid Table: "Wounded 1-5= No Effect 6= Wound repaired".
TEST(SurgeonsAid_001, Faces1To5_NoEffect_6_Repaired) {
  for (int face = 1; face <= 6; ++face) {
    SCOPED_TRACE(face);
    Explanation why;
    EXPECT_EQ(Scripted({face}, why, SurgeonsAid), face == 6);
    ExpectRule(why, kSurgeonSection, kSurgeon, kSurgeonRow);
  }
}

// A null `why` is allowed, and a given one is overwritten, not appended to.
TEST(Explanation_001, NullWhyAllowed_GivenWhyOverwritten) {
  Dice dice = Dice::Scripted({6, 2});
  EXPECT_EQ(EffectOfHit(dice, nullptr), HitEffect::kKilled);
  Explanation why;
  why.text = "stale";
  why.dice.resize(3);
  EXPECT_EQ(EffectOfHit(dice, &why), HitEffect::kWounded);
  EXPECT_EQ(why.dice.size(), 1u);
  EXPECT_EQ(why.text, "D6 rolled 2: wounded");
  EXPECT_TRUE(dice.status().ok());
}

}  // namespace
}  // namespace impi::ferree
