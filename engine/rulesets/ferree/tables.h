// engine/rulesets/ferree/tables.h: the tables of Chris Ferree's Isandlwana
// rules.
//
// Overview: every table of the rules file 001_4c61f40cf0987cbf.txt as a
// function that rolls its dice (all six-sided: the rules ask for "2 six-sided
// dice") through `dice` and fills `why` with the rule (section, table, the row
// it landed on as printed), every die with its purpose and modifiers, and a
// readable account. The printed rows live as data in tables.cc; these
// functions only read them. When a unit acts, what it does with the answer is
// the procedure's business, not the table's.
//
// Where a row depends on two things (a regiment's size and its losses, a
// company's type and its total), why->rule.row is the printed line (the
// regiment's line, the result's line) and why->text names the column.
//
// Times of day are minutes after midnight (600 = 10:00am), as
// Situation::reinforcement_arrival and Situation::discovery_time.
//
// Usage:
//   Explanation why;
//   CompanyResolve r = BritishCompanyResolve(dice, input, &why);
//   // why.rule.row == "Retire 16 - 22 14 - 18 12 - 16", why.dice[0].modifiers
//   // lists every modifier that applied.
//
// Every `why` may be null; when given it is overwritten, not appended to.
// Thread safety: pure functions of their arguments and the dice.
#ifndef IMPI_ENGINE_RULESETS_FERREE_TABLES_H_
#define IMPI_ENGINE_RULESETS_FERREE_TABLES_H_

#include <string>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"

namespace impi::ferree {

// D. Deployment (the situation rolls; kept in FerreeState::situation).
enum class Deployment : int {
  kUnspecified = 0, kHistorical = 1, kPulledIn = 2, kHalfFortified = 3, kAllFortified = 4,
};

inline constexpr char kSource[] = "001_4c61f40cf0987cbf.txt";

// ---------------------------------------------------------------------------
// Sections and tables as headed in the source text (trailing dashes dropped).

inline constexpr char kSectionSituation[] =
    "1. Determine the situation at the start of the battle.";
inline constexpr char kTableBritishCamp[] = "A. British Camp";
inline constexpr char kTableFurtherDefense[] = "B. Further Defense";
inline constexpr char kTableDurnford[] = "C. Durnford's Arrival";
inline constexpr char kTableDeployment[] = "D. Deployment Of British Troops";
inline constexpr char kTableScouts[] = "E. Scouts";
inline constexpr char kTableDiscovery[] = "F. Zulu Discovery Roll";

inline constexpr char kSectionOffBoard[] = "Zulu Off-Board Movement";
inline constexpr char kTableTurnOfEntry[] = "Turn OF Entry For Off-Board Movement";

inline constexpr char kSectionResolve[] = "A. Check Unit's Resolve.";
inline constexpr char kTableZuluResolve[] = "Zulu Regiment's Resolve Test";
inline constexpr char kTableCompanyResolve[] = "British Company's Resolve Test";
inline constexpr char kTableResults[] = "Description Of Results";

inline constexpr char kSectionMove[] = "B. Move the active unit.";
inline constexpr char kTableSpecialZuluMoves[] = "Special Zulu Moves";
inline constexpr char kTableInduna[] = "Induna Rules";
inline constexpr char kSectionSpecialBritishMoves[] = "Special British Moves";
inline constexpr char kTableArtilleryMovement[] = "Artillery Movement";

inline constexpr char kSectionPinned[] = "Pinned Zulus";
inline constexpr char kTableRally[] = "Zulu Rally Chart";
inline constexpr char kSectionChargeRetiring[] = "Charging A Retiring Unit";
inline constexpr char kTableChargeRetiring[] = "Zulus Charging A Retiring Unit";

inline constexpr char kSectionShooting[] = "C. Shooting";
inline constexpr char kTableSniper[] = "Zulu Sniper Fire Table";
inline constexpr char kSectionBritishShooting[] = "British Shooting";
inline constexpr char kTableBritishFiring[] = "British Firing Table";
inline constexpr char kSectionAmmunition[] = "Ammunition";
inline constexpr char kTableAmmunition[] = "British Ammunition Table";
inline constexpr char kTableResupply[] = "British Ammunition Resupply Table";
inline constexpr char kSectionRunningOut[] = "Running Out Of Ammo";
inline constexpr char kTableOutOfAmmo[] = "Out Of Ammunition Table";

inline constexpr char kSectionCloseCombat[] = "D. Close Combat";
inline constexpr char kTableCloseCombat[] = "Close Combat Modifiers";
inline constexpr char kSectionHits[] = "Effects Of Hits";
inline constexpr char kTableHits[] = "Effects Of Hits Table";
inline constexpr char kSectionSurgeon[] = "Patching Up Wounded Figures";
inline constexpr char kTableSurgeon[] = "Surgeon's Aid Table";

// ---------------------------------------------------------------------------
// Rows as printed (line breaks folded to one space, typos kept).

inline constexpr char kRowCampHistorical[] = "1-5 The camp is set up historically (See map)";
inline constexpr char kRowCampLaager[] =
    "6 Chelmsford follows hi own advice and laagers the wagons. Form a square with the wagons (3 "
    "to a side) on the wagon park.";
inline constexpr char kRowNoDefenses[] = "1-5 No Defenses (historical set-up)";
inline constexpr char kRowThornbush[] =
    "6 Thorn bush barricades formed around tents. A wall of thornbush is constructed around the "
    "perimeter of the camp (2 \" out from the tents).";
inline constexpr char kRowDurnfordOnTime[] = "1-5 Arrives at 10:00am (Historical)";
inline constexpr char kRowDurnfordLate[] = "6 Durnford is late - Roll 1D6";
inline constexpr char kRowDurnford11[] = "1,2 = Arrives at 11:00 am (1 hour late)";
inline constexpr char kRowDurnfordHalfHours[] =
    "3,4= 1D6/2 hours late (arrives between 10:30am and 1:00pm)";
inline constexpr char kRowDurnfordHours[] =
    "5,6= 1D6 hours late (arrives between 11:00am and 4:00pm)";
inline constexpr char kRowDeployHistorical[] = "1-5 Deploy historically (at least 15\" from camp).";
inline constexpr char kRowDeployHistoricalPulledIn[] =
    "6 Troops pulled in , deploy at least 7\" from camp.";
inline constexpr char kRowDeployDefensivePulledIn[] =
    "1-4 Troops pulled in , deploy at least 7\" from camp.";
inline constexpr char kRowDeployHalfFortified[] =
    "5 Up to ½ of the available troops may be put into a fortified position. (The laager or the "
    "thornbush redoubt, which ever is present)";
inline constexpr char kRowDeployAllFortified[] =
    "6 All of the available troops may be put into a fortified position.";
inline constexpr char kRowScoutsHistorical[] = "1-4 Scouting done historically";
inline constexpr char kRowScoutsAdvanced[] = "5 Scouting well advanced +1 to Zulu discovery roll.";
inline constexpr char kRowScoutsSlow[] = "6 Scouting slow and cautious, -1 to Zulu discovery roll";
inline constexpr char kRowDiscovery1[] = "1 or less Zulus found 1D6/2 hours past 12:00pm.";
inline constexpr char kRowDiscovery2[] = "2 Zulus found 1D6/2 hours past 11:00am.";
inline constexpr char kRowDiscovery3[] = "3 Zulus found 1D6/2 hours past 10:30am.";
inline constexpr char kRowDiscovery4[] = "4 Zulus found 1D6/2 hours past 10:00am.";
inline constexpr char kRowDiscovery5[] = "5 Zulus found 1D6/2 hours past 9:00am.";
inline constexpr char kRowDiscovery6[] = "6 or more Zulus found 1D6/2 hours past 8:00am.";
inline constexpr char kRowBreakDownBegins[] =
    "If the Zulus are not found before 11:30am the camp will begin to break down to move on. The "
    "time needed to break down the camp depends on whether or not it is laagered.";
inline constexpr char kRowBreakDownNotLaagered[] =
    "Camp is not laagered- It takes 3 hours to pack up the camp. 4 wagons can be put on the road "
    "each hour. If a thornbush redoubt was built, it will be destroyed by 12:30pm.";
inline constexpr char kRowRoadColumn[] =
    "If the Zulus are not found until 2:30pm or later then the British will be in road column.";
inline constexpr char kRowBreakDownLaagered[] =
    "Camp Is laagered- It takes 6 hours to pack up the camp. 2 wagons are put on the road each "
    "hour. If a thornbush redoubt was built, it will be destroyed by 12:30pm.";

inline constexpr char kRowEntry1[] = "1 4 6";
inline constexpr char kRowEntry2[] = "2 5 7";
inline constexpr char kRowEntry3[] = "3 5 7";
inline constexpr char kRowEntry4[] = "4 6 8";
inline constexpr char kRowEntry5[] = "5 7 9";
inline constexpr char kRowEntry6[] = "6 8 10";

// Zulu Regiment's Resolve Test: one line per printed regiment size.
inline constexpr char kRowRegiment50[] = "50 2 stands 5 - 7 8 - 9 10 - 12 13- 14 15 - 49";
inline constexpr char kRowRegiment75[] = "75 3 stands 8 - 11 12 - 14 15 - 18 19 - 22 23 - 74";
inline constexpr char kRowRegiment125[] = "125 5 Stands 13 - 18 19 - 24 25 - 30 31 - 37 38 - 124";
inline constexpr char kRowRegiment150[] = "150 6 Stands 15 - 22 23 - 29 30 - 37 38 - 44 45 - 149";
inline constexpr char kRowRegiment175[] = "175 7 Stands 18 - 25 26 - 34 35 - 43 44 - 52 53 - 174";
inline constexpr char kRowRegiment200[] = "200 8 Stands 20 - 29 30 - 39 40 - 49 50 - 59 60 - 199";
inline constexpr char kRowRegiment275[] = "275 11 Stands 28 - 40 41 - 54 55 - 68 69 - 82 83 - 274";
inline constexpr char kRowRegiment450[] =
    "450 18 Stands 45 - 67 68 - 89 90 - 112 113 - 134 135 - 449";
// A regiment size the table does not print: the columns' percentages.
inline constexpr char kRowPercentageBand[] = "percentage band, not a printed row";
// Under 10% lost: the sentence that says no test is due.
inline constexpr char kRowZuluNoTest[] =
    "If the active Zulu regiment has lost 10% or more of its figures it must check its resolve.";
// The five "Percent Of Figures Lost" columns and their "Die Roll To Stay".
inline constexpr int kZuluResolveColumns = 5;
inline constexpr const char* kZuluResolveColumn[kZuluResolveColumns] = {"10%", "15%", "20%", "25%",
                                                                        "30% or More"};
inline constexpr const char* kDieRollToStay[kZuluResolveColumns] = {"1-5", "1-4", "1-3", "1-2",
                                                                    "1"};

inline constexpr char kRowCarryOn[] = "Carry On! 1 - 15 1 - 13 1 - 11";
inline constexpr char kRowRetire[] = "Retire 16 - 22 14 - 18 12 - 16";
inline constexpr char kRowRout[] = "Rout 23 or more 19 or more 17 or more";
inline constexpr char kColumnEuropeans[] = "Europeans";
inline constexpr char kColumnNativeHorse[] = "Native Horse";
inline constexpr char kColumnNativeFoot[] = "Native Foot";

inline constexpr char kRowRetireNative[] =
    "Retire-Native Units- The unit moves toward the camp at normal movement rate.";
inline constexpr char kRowRetireEuropean[] =
    "European Units- The unit moves 1D3+3 inches on foot or artillery, 1D6+3 inches if mounted "
    "toward the camp. Retiring artillery or mounted cavalry can not fire. Men on foot fire with a "
    "-1 modifier.";
inline constexpr char kRowRetreatNative[] =
    "Retreat-Native Units- The unit moves toward the camp or Fugitives Drift at 1D6+6 inches if on "
    "foot, 2D6+6 inches mounted, movement rate. A routing figure can not shoot.";
inline constexpr char kRowRetreatEuropean[] =
    "European Units- The unit moves 1D6+3 inches on foot or artillery, 2D6+3 inches if mounted "
    "toward the camp. Retiring artillery or mounted cavalry can not fire. Men on foot can fire "
    "counting only a \"6\" as a hit.";
inline constexpr char kRowSurroundedNative[] =
    "Surrounded Units- Native Units- The unit will huddle in a mass. It may not move or fire. It "
    "will use the Retreating Close Combat Modifier (-3).";
inline constexpr char kRowSurroundedEuropean[] =
    "European Units- The unit will form a square. It may move 1D3 inches. Fire and Close Combat "
    "are conducted at its current Resolve Level.";

inline constexpr char kRowZuluMove[] = "The Zulu's movement rate is 2D6 inches.";
inline constexpr char kRowBritishMove[] =
    "The British Movement Rate is 3 + 1D6 inches for foot troops and 3 + 2D6 inches for mounted "
    "troops.";
inline constexpr char kRowFirstTurn[] =
    "First Turn Movement - On the first turn, Zulu regiments get only 1D6 for movement..";
inline constexpr char kRowInduna[] = "A Zulu Induna may move 3D6 inches during his turn.";
inline constexpr char kRowCannon[] = "Cannon- Limbered- 2D6 inches Prolong- 1D6 inches.";
inline constexpr char kRowRockets[] = "Rockets Limbered 3+1D6 Prolong 1D6 inches.";
inline constexpr char kRowRunner[] = "Runners move 2D6+3 inches.";

inline constexpr char kRowRallyNotShotAt[] = "Stand was not shot at 1-4 rallied; 5,6 remain pinned";
inline constexpr char kRowRallySmallArms[] =
    "Shot by smallarms but no casualties 1,2 rallied; 3-6 remain pinned";
inline constexpr char kRowRallyArtillery[] =
    "Under artillery fire or the stand takes casualties 1 rallied; 2-6 remained pinned";

inline constexpr char kRowCharge[] = "1-3 Charge";
inline constexpr char kRowStayPut[] = "4-6 Stay put";

inline constexpr char kRowSniperEnlisted[] = "Enlisted Roll 1D6: 1-5= miss 6= hit";
inline constexpr char kRowSniperOfficer[] = "Officer Roll 2D6: 2-11Miss 12= Hit";

inline constexpr char kRowFireInduna[] = "Induna Roll 2D6: 2-11= Miss 12= Hit";
inline constexpr char kRowFireSniper[] = "Sniper Roll 1D6: 1-5= Miss 6= Hit";
inline constexpr char kRowFireShort[] =
    "Rifle 0 to 6\" Artillery 0 -12\" Roll 1D6: 1-3= Miss 4-6= Hit";
inline constexpr char kRowFireMedium[] =
    "+6 to 12\" Artillery +12\" - 24\" Roll 1D6: 1-4= Miss 5-6= Hit";
inline constexpr char kRowFireLong[] =
    "+12\" to 24\" Artillery +24\" - 48\" Roll 1D6: 1-5= Miss 6= Hit";
inline constexpr char kRowFireRetreatingFoot[] =
    "Retreating european foot Figures (at any range) Roll 1D6: 1-5= Miss 6= Hit";
inline constexpr char kRowFirePistol[] = "Officers pistol 0 to 3\" Roll 1D6: 1-5= Miss 6= Hit";
inline constexpr char kRowFireMounted[] = "Mounted figures Roll 1D6: 1-5=Miss 6=Hit";
inline constexpr char kRowNoFireMounted[] =
    "Retiring or retreating mounted figures No fire allowed";
inline constexpr char kRowNoFireNative[] =
    "Retiring or retreating N.N.C. or Sikali Horse No Fire allowed";
// Artillery's no-fire rule is printed in the Description Of Results.
inline constexpr char kRowNoFireArtillery[] = "Retiring artillery or mounted cavalry can not fire.";
// No range band is printed past 24" (rifle), 48" (artillery), 3" (pistol).
inline constexpr char kRowOutOfRange[] = "beyond the last printed range: no shot";

inline constexpr char kRowAmmoInfantry[] = "British Infantry 5 2";
inline constexpr char kRowAmmoMounted[] = "All Mounted Troops 3 1";
inline constexpr char kRowAmmoNative[] = "Native Infantry 2 1";

inline constexpr char kRowOwnWagonNoAmmo[] = "1-3 No Ammo this turn";
inline constexpr char kRowOwnWagonAmmo[] = "4-6 1D6 turns of Ammo";
inline constexpr char kRowOtherWagonFind[] = "1-3 Find your own wagon";
inline constexpr char kRowOtherWagonNoAmmo[] = "4 No Ammo this turn";
inline constexpr char kRowOtherWagonBack[] = "5 To the back of the line";
inline constexpr char kRowOtherWagonAmmo[] = "6 1D6 turns of Ammo";

inline constexpr char kRowHalfFire[] =
    "1-3 May fire with ½ of unit's figures (Low on ammo for Resolve test)";
inline constexpr char kRowCompletelyOut[] = "4-6 Completely out. No fire until resupplied";

inline constexpr char kRowCloseCombat[] = "The high score is the winner. Europeans win all ties.";

inline constexpr char kRowScratch[] = "1 Scratch, no effect";
inline constexpr char kRowWounded[] = "2-3 Wounded";
inline constexpr char kRowSeriouslyWounded[] = "4-5 Seriously Wounded";
inline constexpr char kRowKilled[] = "6 Killed";

inline constexpr char kRowSurgeon[] = "Wounded 1-5= No Effect 6= Wound repaired, good as new.";

// ---------------------------------------------------------------------------
// Clock.

inline constexpr int kDurnfordOnTime = 10 * 60;             // 10:00am
inline constexpr int kCampBreaksDownAt = 11 * 60 + 30;      // 11:30am
inline constexpr int kThornbushDestroyedBy = 12 * 60 + 30;  // 12:30pm
inline constexpr int kRoadColumnFrom = 14 * 60 + 30;        // 2:30pm

// "10:30am", "12:00pm", "4:00pm" for minutes after midnight.
std::string ClockTime(int minutes_after_midnight);

// ---------------------------------------------------------------------------
// 1. Determine the situation at the start of the battle.

// A. British Camp: 1-5 historical; 6 the wagons are laagered.
enum class CampSetUp { kHistorical, kLaagered };
CampSetUp RollBritishCamp(Dice& dice, Explanation* why);

// B. Further Defense: 1-5 none; 6 a thornbush barricade round the tents.
enum class FurtherDefenses { kNone, kThornbush };
FurtherDefenses RollFurtherDefense(Dice& dice, Explanation* why);

// C. Durnford's Arrival: 1-5 at 10:00am; 6 late, a second D6: 1,2 = 11:00am;
// 3,4 = 1D6/2 hours late (a third D6 x 30 minutes: 10:30am to 1:00pm);
// 5,6 = 1D6 hours late (a third D6 x 60 minutes: 11:00am to 4:00pm).
struct DurnfordArrival {
  bool late = false;
  int minutes = kDurnfordOnTime;  // after midnight
};
DurnfordArrival RollDurnfordArrival(Dice& dice, Explanation* why);

// D. Deployment Of British Troops. A historical camp (both A and B
// historical): 1-5 historically, 6 pulled in. A defensive camp (A or B not
// historical): 1-4 pulled in, 5 up to half in the fortified position, 6 all
// may be.
Deployment RollDeployment(Dice& dice, CampSetUp camp, FurtherDefenses defenses, Explanation* why);
// The least distance from camp the row sets: 15" historical, 7" pulled in,
// 0 for the fortified rows (they name no distance).
int MinimumDeploymentInches(Deployment deployment);

// E. Scouts: 1-4 historical; 5 well advanced (+1 to the discovery roll);
// 6 slow and cautious (-1). The enum's value is that modifier, as
// Situation::scouting.
enum class Scouting { kSlow = -1, kHistorical = 0, kWellAdvanced = 1 };
Scouting RollScouts(Dice& dice, Explanation* why);

// F. Zulu Discovery Roll: D6 + the scouting modifier picks a base time
// (1 or less 12:00pm, 2 11:00am, 3 10:30am, 4 10:00am, 5 9:00am, 6 or more
// 8:00am); then "1D6/2 hours past" it, read as a second D6 x 30 minutes.
struct ZuluDiscovery {
  int base_minutes = 0;
  int minutes = 0;  // when the Zulus are found
};
ZuluDiscovery RollZuluDiscovery(Dice& dice, Scouting scouting, Explanation* why);

// The camp break-down timetable (F): not found before 11:30am, the camp
// begins to break down then. Not laagered: 3 hours, 4 wagons an hour;
// laagered: 6 hours, 2 wagons an hour (12 wagons either way). A thornbush
// redoubt is gone by 12:30pm. Not laagered and found at 2:30pm or later: the
// British are in road column.
struct CampBreakDown {
  bool breaking_down = false;  // found at 11:30am or later
  int hours_to_pack = 0;       // 3 or 6
  int wagons_per_hour = 0;     // 4 or 2
  int wagons_on_road = 0;      // when the Zulus are found
  bool thornbush_standing = false;
  bool road_column = false;
};
CampBreakDown CampBreakDownAt(CampSetUp camp, FurtherDefenses defenses, int found_minutes,
                              Explanation* why);
// Wagons on the road at `minutes`: one more each quarter hour (not laagered)
// or each half hour (laagered) from 11:30am, up to 12.
int WagonsOnRoad(CampSetUp camp, int minutes);

// ---------------------------------------------------------------------------
// Zulu Off-Board Movement: TURN OF ENTRY. D6: 1 = 4/6, 2 = 5/7, 3 = 5/7,
// 4 = 6/8, 5 = 7/9, 6 = 8/10 for Point 1 / Point 2; the loins add three turns.

struct EntryTurns {
  int point1 = 0;
  int point2 = 0;
  int ForPoint(int point) const { return point == 2 ? point2 : point1; }
};
EntryTurns TurnOfEntry(Dice& dice, bool loins, Explanation* why);

// ---------------------------------------------------------------------------
// A. Check Unit's Resolve.

// Zulu Regiment's Resolve Test. The printed sizes (50, 75, 125, 150, 175,
// 200, 275, 450 figures) read their printed ranges; any other size reads the
// columns' percentages of lost * 100 / size: [10,15), [15,20), [20,25),
// [25,30), 30 or more (why->rule.row is kRowPercentageBand). Under 10%: no
// test, no die. Losses past the last printed range read as "30% or More".
enum class ZuluResolveResult { kNoTest, kStays, kBroken };
struct ZuluResolve {
  ZuluResolveResult result = ZuluResolveResult::kNoTest;
  int column = -1;           // 0..4 into kZuluResolveColumn, -1 no test
  bool printed_row = false;  // the size is one of the printed rows
};
ZuluResolve ZuluRegimentResolve(Dice& dice, int figures_in_regiment, int figures_lost,
                                Explanation* why);
// The column alone (-1 under 10%), with *printed_row set if non-null.
int ZuluResolveColumnOf(int figures_in_regiment, int figures_lost, bool* printed_row);

// British Company's Resolve Test: D6 + modifiers, read in the company's
// column. "Rout" is the table's word; the Description Of Results and the
// firing table call the same state "Retreat" / "retreating".
enum class CompanyType { kEuropean, kNativeHorse, kNativeFoot };
enum class CompanyResolve { kCarryOn, kRetire, kRout };
struct CompanyResolveInput {
  CompanyType type = CompanyType::kEuropean;
  Ammunition ammunition = Ammunition::kPlenty;  // kLow +1, kOut +3
  int casualties = 0;                           // seriously wounded or killed, +1 each
  // Zulu trays within 6", +2 each: Europeans and native horse count the
  // unpinned ones, native foot count all of them.
  int unpinned_zulu_trays_within_6 = 0;
  int zulu_trays_within_6 = 0;
  // Friendly companies within 6" to the front or sides: retiring +2 each,
  // retreating or destroyed +4 each. "European units do not count native foot
  // units": native foot companies are counted apart.
  int retiring_within_6 = 0;  // not native foot
  int native_foot_retiring_within_6 = 0;
  int retreating_or_destroyed_within_6 = 0;  // not native foot
  int native_foot_retreating_or_destroyed_within_6 = 0;
};
CompanyResolve BritishCompanyResolve(Dice& dice, const CompanyResolveInput& in, Explanation* why);

// Description Of Results: how far a unit moves toward the camp.
//   Retire: native units at their normal movement rate (3 + 1D6 on foot,
//   3 + 2D6 mounted); Europeans 1D3+3 on foot or artillery, 1D6+3 mounted.
//   Retreat: native 1D6+6 on foot, 2D6+6 mounted; Europeans 1D6+3 on foot or
//   artillery, 2D6+3 mounted.
//   Surrounded: native units huddle (0, no die); a European square moves 1D3.
// 1D3 is a D6 halved, rounded up (1,2 = 1; 3,4 = 2; 5,6 = 3): the halving is
// a modifier on the die, so why->dice.back().total is the distance.
enum class Mobility { kFoot, kMounted, kArtillery };
int RetireDistance(Dice& dice, bool european, Mobility mobility, Explanation* why);
int RetreatDistance(Dice& dice, bool european, Mobility mobility, Explanation* why);
int SurroundedMove(Dice& dice, bool european, Explanation* why);

// ---------------------------------------------------------------------------
// B. Move the active unit: movement rates in inches.
//   Zulu regiment 2D6 (1D6 on the first turn); British foot 3 + 1D6,
//   mounted 3 + 2D6; Induna 3D6; cannon limbered 2D6, prolonge 1D6; rockets
//   limbered 3 + 1D6, prolonge 1D6; runners 2D6 + 3.
enum class Mover {
  kZuluRegiment,
  kZuluRegimentFirstTurn,
  kBritishFoot,
  kBritishMounted,
  kInduna,
  kCannonLimbered,
  kCannonProlonge,
  kRocketsLimbered,
  kRocketsProlonge,
  kRunner,
};
int MovementRate(Dice& dice, Mover mover, Explanation* why);

// ---------------------------------------------------------------------------
// Pinned Zulus: the Zulu Rally Chart. D6 + the British figures that fired at
// the tray since its last turn, -1 if an Induna is with the stand, read on
// the stand's situation (totals under 1 read as 1, over 6 as 6).
enum class RallySituation { kNotShotAt, kSmallArmsNoCasualties, kArtilleryOrCasualties };
struct RallyInput {
  RallySituation situation = RallySituation::kNotShotAt;
  int british_figures_fired = 0;
  bool induna_with_stand = false;
};
bool ZuluRally(Dice& dice, const RallyInput& in, Explanation* why);  // true: rallied
// Whether the stand "needs a '1' to rally": its row rallies on 1 only.
bool NeedsOneToRally(RallySituation situation);

// Zulus Charging A Retiring Unit: D6, -1 pinned, -1 Induna with the stand,
// +1 if the stand needs a "1" to rally; 1-3 Charge, 4-6 Stay put.
struct ChargeRetiringInput {
  bool pinned = false;
  bool induna_with_stand = false;
  bool needs_one_to_rally = false;
};
bool ZuluChargeRetiring(Dice& dice, const ChargeRetiringInput& in, Explanation* why);  // charge

// ---------------------------------------------------------------------------
// C. Shooting.

// Zulu Sniper Fire Table: enlisted 1D6, 6 hits; officer 2D6, 12 hits.
enum class SniperTarget { kEnlisted, kOfficer };
bool ZuluSniperFire(Dice& dice, SniperTarget target, Explanation* why);  // true: hit

// British Firing Table, one shot of one figure.
//   Special targets: Induna 2D6, 12 hits; Sniper 1D6, 6 hits.
//   Other Zulu targets by range: rifle 0-6" (artillery 0-12") 4-6; over 6 to
//   12" (12-24") 5-6; over 12 to 24" (24-48") 6; officer's pistol 0-3" 6;
//   beyond: no shot. Modifiers: firer wounded -1, target in cover -1, fixed
//   bayonet -1 (a natural 6 always hits), retiring European foot -1.
//   Retreating European foot and mounted figures hit on a 6 only (the die
//   alone: the row replaces the range table and its modifiers).
//   Retiring or retreating mounted figures, N.N.C., Sikali (native) Horse and
//   artillery may not fire.
// Range limits apply to every target: a weapon does not reach past its last
// printed band.
inline constexpr double kRifleRange = 24.0;      // the last printed rifle band
inline constexpr double kArtilleryRange = 48.0;  // the last printed artillery band
inline constexpr double kPistolRange = 3.0;      // officer's pistol 0-3"
enum class Weapon { kRifle, kArtillery, kPistol };
enum class FireTarget { kZulu, kInduna, kSniper };
enum class Firer { kEuropeanFoot, kEuropeanMounted, kArtilleryCrew, kNativeFoot, kNativeHorse };
enum class FireResult { kHit, kMiss, kMayNotFire, kOutOfRange };
struct FireInput {
  Firer firer = Firer::kEuropeanFoot;
  CompanyResolve resolve = CompanyResolve::kCarryOn;  // kRout: retreating
  Weapon weapon = Weapon::kRifle;
  FireTarget target = FireTarget::kZulu;
  double range_inches = 0.0;
  bool firer_wounded = false;
  bool fixed_bayonet = false;
  bool target_in_cover = false;
};
FireResult BritishFire(Dice& dice, const FireInput& in, Explanation* why);
// "Each artillery crewman is counted as 2 figures when firing": shots per
// figure, 2 for artillery crew, else 1.
int ShotsPerFigure(Firer firer);

// British Ammunition Table (no die): turns of fire, and turns used before a
// runner may be sent. Infantry 5 / 2; all mounted 3 / 1; native infantry 2 / 1.
enum class AmmunitionUnit { kBritishInfantry, kMounted, kNativeInfantry };
struct AmmunitionAllowance {
  int turns_of_fire = 0;
  int turns_before_resupply = 0;
};
AmmunitionAllowance AmmunitionFor(AmmunitionUnit unit, Explanation* why);
// The ammunition table's row of a company's kind; false for artillery
// (guns and rockets are not on the table).
bool AmmunitionUnitOf(const Unit& u, AmmunitionUnit* out);

// British Ammunition Resupply Table. At his unit's wagon: D6 + 1 for each turn
// the runner has waited; 1-3 no ammo this turn, 4-6 1D6 turns of ammo. Not at
// his unit's wagon (no waiting modifier: it is printed in the other column):
// 1-3 find your own wagon, 4 no ammo this turn, 5 to the back of the line,
// 6 1D6 turns of ammo. The turns are a second D6.
enum class ResupplyResult { kNoAmmoThisTurn, kTurnsOfAmmo, kFindOwnWagon, kBackOfLine };
struct Resupply {
  ResupplyResult result = ResupplyResult::kNoAmmoThisTurn;
  int turns = 0;
};
Resupply AmmunitionResupply(Dice& dice, bool at_own_wagon, int turns_waited, Explanation* why);

// Out Of Ammunition Table: 1-3 may fire with half the unit's figures (low on
// ammo for the resolve test); 4-6 completely out.
Ammunition OutOfAmmunition(Dice& dice, Explanation* why);  // kLow or kOut

// ---------------------------------------------------------------------------
// D. Close Combat: each side D6 + modifiers, the high score wins, Europeans
// win all ties. The text gives ties to nobody else, so a tie between a Zulu
// and a native ally goes to the Zulu (our reading; no re-roll).
//   British: regular without bayonet (not officers, not native levy) -1,
//   wounded -1, inside a tent -1, coming out of a donga -1, civilian -1,
//   retiring -1, retreating Europeans -2, retreating (or huddled surrounded)
//   native allies -3, Europeans in square +1.
//   Zulu: over laager -1, on laager -1, coming out of a donga -1.
// The British die is rolled first.
enum class Fighter {
  kRegular,            // British regular soldier (the bayonet rule)
  kOfficer,            // European, exempt from the bayonet rule
  kEuropeanIrregular,  // mounted volunteers, police: European, not "Regular"
  kCivilian,           // European, -1
  kNativeLevy,         // N.N.C.: spears, no bayonet penalty; native ally
  kNativeHorse,        // native ally
};
struct BritishCombatant {
  Fighter fighter = Fighter::kRegular;
  CompanyResolve resolve = CompanyResolve::kCarryOn;  // kRout: retreating
  bool bayonet_fixed = false;
  bool wounded = false;
  bool inside_tent = false;
  bool out_of_donga = false;
  bool in_square = false;  // Europeans only
  bool huddled = false;    // a surrounded native unit: the retreating -3
};
struct ZuluCombatant {
  bool over_laager = false;
  bool on_laager = false;
  bool out_of_donga = false;
};
bool IsEuropean(Fighter fighter);
enum class CombatWinner { kBritish, kZulu };
struct CloseCombatResult {
  CombatWinner winner = CombatWinner::kZulu;
  int british_total = 0;
  int zulu_total = 0;
};
CloseCombatResult CloseCombat(Dice& dice, const BritishCombatant& british,
                              const ZuluCombatant& zulu, Explanation* why);

// Effects Of Hits Table: 1 scratch, 2-3 wounded, 4-5 seriously wounded,
// 6 killed.
enum class HitEffect { kScratch, kWounded, kSeriouslyWounded, kKilled };
HitEffect EffectOfHit(Dice& dice, Explanation* why);
// A figure's state after a hit: a scratch changes nothing; a wounded figure
// that takes a second wound (or a serious wound) is seriously wounded; killed
// is killed. A seriously wounded figure stays so unless killed (the text kills
// it when a Zulu contacts it; that is the procedure's business).
enum class FigureCondition { kUnhurt, kWounded, kSeriouslyWounded, kKilled };
FigureCondition ApplyHitEffect(FigureCondition condition, HitEffect effect);

// Surgeon's Aid Table (wounded figures): 1-5 no effect, 6 repaired.
bool SurgeonsAid(Dice& dice, Explanation* why);  // true: repaired

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_TABLES_H_
