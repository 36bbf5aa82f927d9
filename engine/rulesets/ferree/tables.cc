// engine/rulesets/ferree/tables.cc: the tables of Chris Ferree's Isandlwana
// rules (001_4c61f40cf0987cbf.txt), each read as printed.
//
// The printed rows are constant arrays below. One TableReader
// (engine/game/table_reader.h) per call rolls the dice (all D6), applies
// the modifiers, lands on a row and writes the Explanation; the functions
// only add what a row cannot say by itself (second dice, columns, the loins'
// three turns, the bayonet's natural 6).
#include "engine/rulesets/ferree/tables.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/game/quiet_reader.h"
#include "engine/game/table_reader.h"

namespace impi::ferree {
namespace {

template <typename E>
constexpr int V(E e) {
  return static_cast<int>(e);
}

// ---------------------------------------------------------------------------
// 001, 1. Determine the situation at the start of the battle.

constexpr PrintedRow kCampRows[] = {
    {1, 5, kRowCampHistorical, "the camp is set up historically", V(CampSetUp::kHistorical)},
    {6, 6, kRowCampLaager, "the wagons are laagered", V(CampSetUp::kLaagered)},
};
constexpr PrintedTable kCampTable{kSectionSituation, kTableBritishCamp, kCampRows};

constexpr PrintedRow kDefenseRows[] = {
    {1, 5, kRowNoDefenses, "no defenses", V(FurtherDefenses::kNone)},
    {6, 6, kRowThornbush, "thornbush barricades round the tents", V(FurtherDefenses::kThornbush)},
};
constexpr PrintedTable kDefenseTable{kSectionSituation, kTableFurtherDefense, kDefenseRows};

// value: 0 on time / late; then minutes per pip of the third die (0: fixed).
constexpr PrintedRow kDurnfordRows[] = {
    {1, 5, kRowDurnfordOnTime, "Durnford arrives at 10:00am", 0},
    {6, 6, kRowDurnfordLate, "Durnford is late", 1},
};
constexpr PrintedTable kDurnfordTable{kSectionSituation, kTableDurnford, kDurnfordRows};
constexpr PrintedRow kDurnfordLateRows[] = {
    {1, 2, kRowDurnford11, "arrives at 11:00am", 0},
    // "1D6/2 hours": a D6 of half hours, 30 minutes a pip, so 10:30am to
    // 1:00pm as the row itself says.
    {3, 4, kRowDurnfordHalfHours, "1D6/2 hours late", 30},
    {5, 6, kRowDurnfordHours, "1D6 hours late", 60},
};
constexpr PrintedTable kDurnfordLateTable{kSectionSituation, kTableDurnford, kDurnfordLateRows};

constexpr PrintedRow kDeployHistoricalRows[] = {
    {1, 5, kRowDeployHistorical, "deploy historically, at least 15\" from camp",
     V(Deployment::kHistorical)},
    {6, 6, kRowDeployHistoricalPulledIn, "troops pulled in, at least 7\" from camp",
     V(Deployment::kPulledIn)},
};
constexpr PrintedTable kDeployHistoricalTable{kSectionSituation, kTableDeployment,
                                              kDeployHistoricalRows};
constexpr PrintedRow kDeployDefensiveRows[] = {
    {1, 4, kRowDeployDefensivePulledIn, "troops pulled in, at least 7\" from camp",
     V(Deployment::kPulledIn)},
    {5, 5, kRowDeployHalfFortified, "up to half may be in the fortified position",
     V(Deployment::kHalfFortified)},
    {6, 6, kRowDeployAllFortified, "all may be in the fortified position",
     V(Deployment::kAllFortified)},
};
constexpr PrintedTable kDeployDefensiveTable{kSectionSituation, kTableDeployment,
                                             kDeployDefensiveRows};

constexpr PrintedRow kScoutsRows[] = {
    {1, 4, kRowScoutsHistorical, "scouting done historically", V(Scouting::kHistorical)},
    {5, 5, kRowScoutsAdvanced, "scouting well advanced", V(Scouting::kWellAdvanced)},
    {6, 6, kRowScoutsSlow, "scouting slow and cautious", V(Scouting::kSlow)},
};
constexpr PrintedTable kScoutsTable{kSectionSituation, kTableScouts, kScoutsRows};

// value: the base time, minutes after midnight.
constexpr PrintedRow kDiscoveryRows[] = {
    {1, 1, kRowDiscovery1, "past 12:00pm", 12 * 60},
    {2, 2, kRowDiscovery2, "past 11:00am", 11 * 60},
    {3, 3, kRowDiscovery3, "past 10:30am", 10 * 60 + 30},
    {4, 4, kRowDiscovery4, "past 10:00am", 10 * 60},
    {5, 5, kRowDiscovery5, "past 9:00am", 9 * 60},
    {6, 6, kRowDiscovery6, "past 8:00am", 8 * 60},
};
constexpr PrintedTable kDiscoveryTable{kSectionSituation, kTableDiscovery, kDiscoveryRows};

// Camp break-down (F): hours to pack and wagons an hour.
constexpr int kPackHoursOpen = 3;
constexpr int kWagonsPerHourOpen = 4;
constexpr int kPackHoursLaager = 6;
constexpr int kWagonsPerHourLaager = 2;

// ---------------------------------------------------------------------------
// 001, Zulu Off-Board Movement: TURN OF ENTRY (value: index into kEntry).

constexpr EntryTurns kEntry[] = {{4, 6}, {5, 7}, {5, 7}, {6, 8}, {7, 9}, {8, 10}};
constexpr PrintedRow kEntryRows[] = {
    {1, 1, kRowEntry1, "Point 1 turn 4, Point 2 turn 6", 0},
    {2, 2, kRowEntry2, "Point 1 turn 5, Point 2 turn 7", 1},
    {3, 3, kRowEntry3, "Point 1 turn 5, Point 2 turn 7", 2},
    {4, 4, kRowEntry4, "Point 1 turn 6, Point 2 turn 8", 3},
    {5, 5, kRowEntry5, "Point 1 turn 7, Point 2 turn 9", 4},
    {6, 6, kRowEntry6, "Point 1 turn 8, Point 2 turn 10", 5},
};
constexpr PrintedTable kEntryTable{kSectionOffBoard, kTableTurnOfEntry, kEntryRows};
constexpr int kLoinsExtraTurns = 3;

// ---------------------------------------------------------------------------
// 001, A. Check Unit's Resolve: Zulu Regiment's Resolve Test, as printed.

struct PrintedRegiment {
  int figures;
  const char* row;
  int low[kZuluResolveColumns];
  int high[kZuluResolveColumns];
};
constexpr PrintedRegiment kRegiments[] = {
    {50, kRowRegiment50, {5, 8, 10, 13, 15}, {7, 9, 12, 14, 49}},
    {75, kRowRegiment75, {8, 12, 15, 19, 23}, {11, 14, 18, 22, 74}},
    {125, kRowRegiment125, {13, 19, 25, 31, 38}, {18, 24, 30, 37, 124}},
    {150, kRowRegiment150, {15, 23, 30, 38, 45}, {22, 29, 37, 44, 149}},
    {175, kRowRegiment175, {18, 26, 35, 44, 53}, {25, 34, 43, 52, 174}},
    {200, kRowRegiment200, {20, 30, 40, 50, 60}, {29, 39, 49, 59, 199}},
    {275, kRowRegiment275, {28, 41, 55, 69, 83}, {40, 54, 68, 82, 274}},
    {450, kRowRegiment450, {45, 68, 90, 113, 135}, {67, 89, 112, 134, 449}},
};
// "Die Roll To Stay": 1 up to this face.
constexpr int kStayUpTo[kZuluResolveColumns] = {5, 4, 3, 2, 1};
// The columns' lower percentages, for sizes the table does not print.
constexpr int kColumnPercent[kZuluResolveColumns] = {10, 15, 20, 25, 30};

const PrintedRegiment* FindRegiment(int figures) {
  for (const PrintedRegiment& r : kRegiments) {
    if (r.figures == figures) return &r;
  }
  return nullptr;
}

// 001, British Company's Resolve Test: one table per column.
constexpr PrintedRow kEuropeanRows[] = {
    {1, 15, kRowCarryOn, "Carry On!", V(CompanyResolve::kCarryOn)},
    {16, 22, kRowRetire, "Retire", V(CompanyResolve::kRetire)},
    {23, 23, kRowRout, "Rout", V(CompanyResolve::kRout)},
};
constexpr PrintedRow kNativeHorseRows[] = {
    {1, 13, kRowCarryOn, "Carry On!", V(CompanyResolve::kCarryOn)},
    {14, 18, kRowRetire, "Retire", V(CompanyResolve::kRetire)},
    {19, 19, kRowRout, "Rout", V(CompanyResolve::kRout)},
};
constexpr PrintedRow kNativeFootRows[] = {
    {1, 11, kRowCarryOn, "Carry On!", V(CompanyResolve::kCarryOn)},
    {12, 16, kRowRetire, "Retire", V(CompanyResolve::kRetire)},
    {17, 17, kRowRout, "Rout", V(CompanyResolve::kRout)},
};
constexpr PrintedTable kCompanyTables[] = {
    {kSectionResolve, kTableCompanyResolve, kEuropeanRows},
    {kSectionResolve, kTableCompanyResolve, kNativeHorseRows},
    {kSectionResolve, kTableCompanyResolve, kNativeFootRows},
};
constexpr const char* kCompanyColumns[] = {kColumnEuropeans, kColumnNativeHorse, kColumnNativeFoot};

// 001, Description Of Results: distances, indexed [european][mobility].
struct DistanceRule {
  const char* row;
  DieExpression formula;
};
// Retire: native units "at normal movement rate" (3 + 1D6 foot, 3 + 2D6
// mounted); Europeans 1D3+3 on foot or artillery, 1D6+3 mounted.
constexpr DistanceRule kRetire[2][3] = {
    {{kRowRetireNative, {1, 3}}, {kRowRetireNative, {2, 3}}, {kRowRetireNative, {1, 3}}},
    {{kRowRetireEuropean, {1, 3, true}},
     {kRowRetireEuropean, {1, 3}},
     {kRowRetireEuropean, {1, 3, true}}},
};
constexpr DistanceRule kRetreat[2][3] = {
    {{kRowRetreatNative, {1, 6}}, {kRowRetreatNative, {2, 6}}, {kRowRetreatNative, {1, 6}}},
    {{kRowRetreatEuropean, {1, 3}}, {kRowRetreatEuropean, {2, 3}}, {kRowRetreatEuropean, {1, 3}}},
};

// ---------------------------------------------------------------------------
// 001, B. Move the active unit, in the order of enum Mover.

struct MoveRule {
  const char* section;
  const char* table;
  const char* row;
  DieExpression formula;
  const char* what;
};
constexpr MoveRule kMoves[] = {
    {kSectionMove, kSectionMove, kRowZuluMove, {2, 0}, "Zulu regiment move"},
    {kSectionMove, kTableSpecialZuluMoves, kRowFirstTurn, {1, 0}, "Zulu regiment first turn move"},
    {kSectionMove, kSectionMove, kRowBritishMove, {1, 3}, "British foot move"},
    {kSectionMove, kSectionMove, kRowBritishMove, {2, 3}, "British mounted move"},
    {kSectionMove, kTableInduna, kRowInduna, {3, 0}, "Induna move"},
    {kSectionSpecialBritishMoves,
     kTableArtilleryMovement,
     kRowCannon,
     {2, 0},
     "cannon limbered move"},
    {kSectionSpecialBritishMoves,
     kTableArtilleryMovement,
     kRowCannon,
     {1, 0},
     "cannon prolonge move"},
    {kSectionSpecialBritishMoves,
     kTableArtilleryMovement,
     kRowRockets,
     {1, 3},
     "rockets limbered move"},
    {kSectionSpecialBritishMoves,
     kTableArtilleryMovement,
     kRowRockets,
     {1, 0},
     "rockets prolonge move"},
    {kSectionAmmunition, kSectionAmmunition, kRowRunner, {2, 3}, "runner move"},
};

// ---------------------------------------------------------------------------
// 001, Pinned Zulus: Zulu Rally Chart, one table per situation.

constexpr PrintedRow kRallyNotShotRows[] = {
    {1, 4, kRowRallyNotShotAt, "rallied", 1},
    {5, 6, kRowRallyNotShotAt, "remains pinned", 0},
};
constexpr PrintedRow kRallySmallArmsRows[] = {
    {1, 2, kRowRallySmallArms, "rallied", 1},
    {3, 6, kRowRallySmallArms, "remains pinned", 0},
};
constexpr PrintedRow kRallyArtilleryRows[] = {
    {1, 1, kRowRallyArtillery, "rallied", 1},
    {2, 6, kRowRallyArtillery, "remains pinned", 0},
};
constexpr PrintedTable kRallyTables[] = {
    {kSectionPinned, kTableRally, kRallyNotShotRows},
    {kSectionPinned, kTableRally, kRallySmallArmsRows},
    {kSectionPinned, kTableRally, kRallyArtilleryRows},
};

constexpr PrintedRow kChargeRows[] = {
    {1, 3, kRowCharge, "Charge", 1},
    {4, 6, kRowStayPut, "Stay put", 0},
};
constexpr PrintedTable kChargeTable{kSectionChargeRetiring, kTableChargeRetiring, kChargeRows};

// ---------------------------------------------------------------------------
// 001, C. Shooting.

constexpr PrintedRow kSniperEnlistedRows[] = {
    {1, 5, kRowSniperEnlisted, "miss", 0},
    {6, 6, kRowSniperEnlisted, "hit", 1},
};
constexpr PrintedRow kSniperOfficerRows[] = {
    {2, 11, kRowSniperOfficer, "miss", 0},
    {12, 12, kRowSniperOfficer, "hit", 1},
};
constexpr PrintedTable kSniperTables[] = {
    {kSectionShooting, kTableSniper, kSniperEnlistedRows},
    {kSectionShooting, kTableSniper, kSniperOfficerRows},
};

// British Firing Table: a row that hits from `need` up, as a two-row table.
struct FireRow {
  const char* row;
  int dice;
  int need;
};
constexpr FireRow kFireInduna{kRowFireInduna, 2, 12};
constexpr FireRow kFireSniper{kRowFireSniper, 1, 6};
constexpr FireRow kFireShort{kRowFireShort, 1, 4};
constexpr FireRow kFireMedium{kRowFireMedium, 1, 5};
constexpr FireRow kFireLong{kRowFireLong, 1, 6};
constexpr FireRow kFireRetreatingFoot{kRowFireRetreatingFoot, 1, 6};
constexpr FireRow kFirePistol{kRowFirePistol, 1, 6};
constexpr FireRow kFireMounted{kRowFireMounted, 1, 6};
// Range bands: the longest range of each band, rifle and artillery.
constexpr double kRifleBands[] = {6.0, 12.0, 24.0};
constexpr double kArtilleryBands[] = {12.0, 24.0, 48.0};
constexpr const FireRow* kBandRows[] = {&kFireShort, &kFireMedium, &kFireLong};

// British Ammunition Table, in the order of enum AmmunitionUnit.
struct AmmunitionRow {
  const char* row;
  AmmunitionAllowance allowance;
};
constexpr AmmunitionRow kAmmunitionRows[] = {
    {kRowAmmoInfantry, {5, 2}},
    {kRowAmmoMounted, {3, 1}},
    {kRowAmmoNative, {2, 1}},
};

constexpr PrintedRow kOwnWagonRows[] = {
    {1, 3, kRowOwnWagonNoAmmo, "no ammo this turn", V(ResupplyResult::kNoAmmoThisTurn)},
    {4, 6, kRowOwnWagonAmmo, "1D6 turns of ammo", V(ResupplyResult::kTurnsOfAmmo)},
};
constexpr PrintedRow kOtherWagonRows[] = {
    {1, 3, kRowOtherWagonFind, "find your own wagon", V(ResupplyResult::kFindOwnWagon)},
    {4, 4, kRowOtherWagonNoAmmo, "no ammo this turn", V(ResupplyResult::kNoAmmoThisTurn)},
    {5, 5, kRowOtherWagonBack, "to the back of the line", V(ResupplyResult::kBackOfLine)},
    {6, 6, kRowOtherWagonAmmo, "1D6 turns of ammo", V(ResupplyResult::kTurnsOfAmmo)},
};
constexpr PrintedTable kOwnWagonTable{kSectionAmmunition, kTableResupply, kOwnWagonRows};
constexpr PrintedTable kOtherWagonTable{kSectionAmmunition, kTableResupply, kOtherWagonRows};

constexpr PrintedRow kOutOfAmmoRows[] = {
    {1, 3, kRowHalfFire, "may fire with half of the unit's figures (low on ammo)",
     V(Ammunition::kLow)},
    {4, 6, kRowCompletelyOut, "completely out, no fire until resupplied", V(Ammunition::kOut)},
};
constexpr PrintedTable kOutOfAmmoTable{kSectionRunningOut, kTableOutOfAmmo, kOutOfAmmoRows};

// ---------------------------------------------------------------------------
// 001, Effects Of Hits and Patching Up Wounded Figures.

constexpr PrintedRow kHitRows[] = {
    {1, 1, kRowScratch, "scratch, no effect", V(HitEffect::kScratch)},
    {2, 3, kRowWounded, "wounded", V(HitEffect::kWounded)},
    {4, 5, kRowSeriouslyWounded, "seriously wounded", V(HitEffect::kSeriouslyWounded)},
    {6, 6, kRowKilled, "killed", V(HitEffect::kKilled)},
};
constexpr PrintedTable kHitTable{kSectionHits, kTableHits, kHitRows};

constexpr PrintedRow kSurgeonRows[] = {
    {1, 5, kRowSurgeon, "no effect", 0},
    {6, 6, kRowSurgeon, "wound repaired, good as new", 1},
};
constexpr PrintedTable kSurgeonTable{kSectionSurgeon, kTableSurgeon, kSurgeonRows};

// Whether a die's purpose is read: told in the account, kept with the
// rolls, or named in a scripted list's error. (Else it is not spelt out.)
template <typename Reader>
bool Named(const Reader& r, const Dice& dice) {
  return !r.quiet() || dice.keeps_rolls() || dice.scripted();
}

// Description Of Results: rolls how far a retiring or retreating unit moves
// toward the camp.
int MoveTowardCamp(Dice& dice, const DistanceRule& rule, const char* verb, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    const int inches = r.Quantity(kSectionResolve, kTableResults, rule.row, rule.formula,
                                  Named(r, dice) ? absl::StrCat(verb, " toward the camp") : std::string());
    if (!r.quiet()) r.Say(absl::StrFormat(": %ss %d inches", verb, inches));
    return inches;
  });
}

// Rolls a two-row "hit from `need` up" table for one shot.
template <typename Reader>
bool ShootOn(Reader& r, const FireRow& fire, const char* section, const char* table,
             absl::string_view purpose, const std::vector<Modifier>& mods) {
  const int lowest = fire.dice;
  const PrintedRow rows[] = {
      {lowest, fire.need - 1, fire.row, "miss", 0},
      {fire.need, 6 * fire.dice, fire.row, "hit", 1},
  };
  return r.Read(PrintedTable{section, table, rows}, fire.dice, 6, purpose, mods).value == 1;
}

}  // namespace

std::string ClockTime(int minutes_after_midnight) {
  const int m = ((minutes_after_midnight % (24 * 60)) + 24 * 60) % (24 * 60);
  const int hour = m / 60;
  const int twelve = hour % 12 == 0 ? 12 : hour % 12;
  return absl::StrFormat("%d:%02d%s", twelve, m % 60, hour < 12 ? "am" : "pm");
}

// ---------------------------------------------------------------------------
// 1. Determine the situation at the start of the battle.

CampSetUp RollBritishCamp(Dice& dice, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    return static_cast<CampSetUp>(r.Read(kCampTable, 1, 6, kTableBritishCamp).value);
  });
}

FurtherDefenses RollFurtherDefense(Dice& dice, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    return static_cast<FurtherDefenses>(r.Read(kDefenseTable, 1, 6, kTableFurtherDefense).value);
  });
}

DurnfordArrival RollDurnfordArrival(Dice& dice, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    // 001, C. Durnford's Arrival: "1-5 Arrives at 10:00am"; "6 ... Roll 1D6".
    if (r.Read(kDurnfordTable, 1, 6, kTableDurnford).value == 0)
      return DurnfordArrival{false, kDurnfordOnTime};
    const PrintedRow& late =
        r.Read(kDurnfordLateTable, 1, 6, "C. Durnford's Arrival: Durnford is late");
    if (late.value == 0) return DurnfordArrival{true, 11 * 60};
    // "1D6/2 hours" is a D6 of half hours (30 minutes a pip); "1D6 hours" a
    // D6 of hours.
    const int pips = r.Quantity(kSectionSituation, kTableDurnford, late.text, {1, 0},
                                "C. Durnford's Arrival: how late");
    const int minutes = kDurnfordOnTime + pips * late.value;
    if (!r.quiet()) {
      r.Say(absl::StrFormat(": %d x %d minutes late, arrives at %s", pips, late.value,
                            ClockTime(minutes)));
    }
    return DurnfordArrival{true, minutes};
  });
}

Deployment RollDeployment(Dice& dice, CampSetUp camp, FurtherDefenses defenses, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    // 001, D.: "Historical Camp (both A. and B. Are historical)"; "Defensive
    // Camp (either A. or B. is not historical)".
    const bool historical = camp == CampSetUp::kHistorical && defenses == FurtherDefenses::kNone;
    const PrintedRow& row =
        r.Read(historical ? kDeployHistoricalTable : kDeployDefensiveTable, 1, 6,
               historical ? "D. Deployment (historical camp)" : "D. Deployment (defensive camp)");
    r.Say(historical ? " (historical camp)" : " (defensive camp)");
    return static_cast<Deployment>(row.value);
  });
}

int MinimumDeploymentInches(Deployment deployment) {
  switch (deployment) {
    case Deployment::kHistorical:
      return 15;
    case Deployment::kPulledIn:
      return 7;
    default:
      return 0;
  }
}

Scouting RollScouts(Dice& dice, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    return static_cast<Scouting>(r.Read(kScoutsTable, 1, 6, kTableScouts).value);
  });
}

ZuluDiscovery RollZuluDiscovery(Dice& dice, Scouting scouting, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    AddIf(mods, r.quiet(), scouting == Scouting::kWellAdvanced, +1, "scouting well advanced");
    AddIf(mods, r.quiet(), scouting == Scouting::kSlow, -1, "scouting slow and cautious");
    const PrintedRow& row = r.Read(kDiscoveryTable, 1, 6, kTableDiscovery, mods);
    // "1D6/2 hours past": a D6 of half hours, 30 minutes a pip.
    const int pips =
        r.Quantity(kSectionSituation, kTableDiscovery, row.text, {1, 0}, "F. 1D6/2 hours past");
    ZuluDiscovery out{row.value, row.value + pips * 30};
    if (!r.quiet()) {
      r.Say(absl::StrFormat(": %d x 30 minutes past %s, the Zulus are found at %s", pips,
                            ClockTime(out.base_minutes), ClockTime(out.minutes)));
    }
    return out;
  });
}

int WagonsOnRoad(CampSetUp camp, int minutes) {
  const bool laager = camp == CampSetUp::kLaagered;
  const int per_hour = laager ? kWagonsPerHourLaager : kWagonsPerHourOpen;
  const int hours = laager ? kPackHoursLaager : kPackHoursOpen;
  const int elapsed = std::max(0, minutes - kCampBreaksDownAt);
  return std::min(elapsed * per_hour / 60, per_hour * hours);
}

CampBreakDown CampBreakDownAt(CampSetUp camp, FurtherDefenses defenses, int found_minutes,
                              Explanation* why_in) {
  FreshExplanation why(why_in);
  const bool laager = camp == CampSetUp::kLaagered;
  const bool thornbush = defenses == FurtherDefenses::kThornbush;
  CampBreakDown out;
  out.hours_to_pack = laager ? kPackHoursLaager : kPackHoursOpen;
  out.wagons_per_hour = laager ? kWagonsPerHourLaager : kWagonsPerHourOpen;
  out.breaking_down = found_minutes >= kCampBreaksDownAt;
  out.wagons_on_road = WagonsOnRoad(camp, found_minutes);
  out.thornbush_standing = thornbush && found_minutes < kThornbushDestroyedBy;
  out.road_column = !laager && found_minutes >= kRoadColumnFrom;
  const char* row = !out.breaking_down ? kRowBreakDownBegins
                    : out.road_column  ? kRowRoadColumn
                    : laager           ? kRowBreakDownLaagered
                                       : kRowBreakDownNotLaagered;
  why->rule = RuleRef{kSource, kSectionSituation, kTableDiscovery, row, false};
  why->text = absl::StrFormat("found at %s, camp %s: ", ClockTime(found_minutes),
                              laager ? "laagered" : "not laagered");
  if (!out.breaking_down) {
    absl::StrAppend(&why->text, "before 11:30am, the camp has not begun to break down");
  } else {
    absl::StrAppendFormat(&why->text, "breaking down since 11:30am, %d wagons on the road",
                          out.wagons_on_road);
    if (out.road_column) absl::StrAppend(&why->text, ", the British are in road column");
  }
  if (thornbush) {
    absl::StrAppend(&why->text, out.thornbush_standing ? "; the thornbush redoubt stands"
                                                       : "; the thornbush redoubt is destroyed");
  }
  return out;
}

// ---------------------------------------------------------------------------
// Zulu Off-Board Movement.

EntryTurns TurnOfEntry(Dice& dice, bool loins, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    EntryTurns turns = kEntry[r.Read(kEntryTable, 1, 6, kTableTurnOfEntry).value];
    if (loins) {
      // "Note: Units from the Loins add three turns to their result."
      turns.point1 += kLoinsExtraTurns;
      turns.point2 += kLoinsExtraTurns;
      if (!r.quiet()) {
        r.Say(absl::StrFormat("; the loins add three turns: Point 1 turn %d, Point 2 turn %d",
                              turns.point1, turns.point2));
      }
    }
    return turns;
  });
}

// ---------------------------------------------------------------------------
// A. Check Unit's Resolve.

int ZuluResolveColumnOf(int figures_in_regiment, int figures_lost, bool* printed_row) {
  const PrintedRegiment* printed = FindRegiment(figures_in_regiment);
  if (printed_row != nullptr) *printed_row = printed != nullptr;
  int column = -1;
  if (printed != nullptr) {
    // The printed ranges, which for 125, 175 and 275 figures start a column
    // a figure earlier than the exact percentage would.
    for (int c = 0; c < kZuluResolveColumns; ++c) {
      if (figures_lost >= printed->low[c]) column = c;
    }
    return column;
  }
  if (figures_in_regiment <= 0) return -1;
  const int percent = figures_lost * 100 / figures_in_regiment;
  for (int c = 0; c < kZuluResolveColumns; ++c) {
    if (percent >= kColumnPercent[c]) column = c;
  }
  return column;
}

ZuluResolve ZuluRegimentResolve(Dice& dice, int figures_in_regiment, int figures_lost,
                                Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    ZuluResolve out;
    const int column = ZuluResolveColumnOf(figures_in_regiment, figures_lost, &out.printed_row);
    const PrintedRegiment* printed = FindRegiment(figures_in_regiment);
    if (column < 0) {
      r.Cite(kSectionResolve, kTableZuluResolve, kRowZuluNoTest);
      if (!r.quiet()) {
        r.Say(absl::StrFormat("%d figures, %d lost: under 10%%, no test (no die)", figures_in_regiment,
                              figures_lost));
      }
      return out;
    }
    out.column = column;
    if (r.quiet()) {
    } else if (printed != nullptr) {
      r.Say(absl::StrFormat("%d figures, %d lost: %s column (%d - %d)", figures_in_regiment,
                            figures_lost, kZuluResolveColumn[column], printed->low[column],
                            printed->high[column]));
    } else {
      r.Say(absl::StrFormat("%d figures (not a printed row), %d lost = %d%%: %s column",
                            figures_in_regiment, figures_lost,
                            figures_lost * 100 / figures_in_regiment, kZuluResolveColumn[column]));
    }
    if (!r.quiet()) r.Say(absl::StrCat(", Die Roll To Stay ", kDieRollToStay[column]));
    const int stay = kStayUpTo[column];
    const PrintedRow rows[] = {
        {1, stay, kDieRollToStay[column], "stays", V(ZuluResolveResult::kStays)},
        {stay + 1, 6, kDieRollToStay[column], "broken, routs", V(ZuluResolveResult::kBroken)},
    };
    const PrintedRow& row =
        r.Read(PrintedTable{kSectionResolve, kTableZuluResolve, rows}, 1, 6, kTableZuluResolve);
    // The row is the regiment's printed line (the die-to-stay is its column's
    // footer), or the percentage band.
    r.Cite(kSectionResolve, kTableZuluResolve,
           printed != nullptr ? printed->row : kRowPercentageBand);
    out.result = static_cast<ZuluResolveResult>(row.value);
    return out;
  });
}

CompanyResolve BritishCompanyResolve(Dice& dice, const CompanyResolveInput& in, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    const bool european = in.type == CompanyType::kEuropean;
    const bool native_foot = in.type == CompanyType::kNativeFoot;
    // 001, British Company's Resolve Test Mofifiers.
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    AddIf(mods, r.quiet(), in.ammunition == Ammunition::kLow, +1, "low on ammo");
    AddEach(mods, r.quiet(), in.casualties, +1, "casualties (seriously wounded or killed)");
    if (native_foot) {
      // "(native foot count all trays including those pinned)"
      AddEach(mods, r.quiet(), in.zulu_trays_within_6, +2,
                      "Zulu trays within 6\" (native foot count all)");
    } else {
      AddEach(mods, r.quiet(), in.unpinned_zulu_trays_within_6, +2, "Zulu trays within 6\" not pinned");
    }
    // "(European units do not count native foot units)"
    const int retiring = in.retiring_within_6 + (european ? 0 : in.native_foot_retiring_within_6);
    const int retreating = in.retreating_or_destroyed_within_6 +
                           (european ? 0 : in.native_foot_retreating_or_destroyed_within_6);
    AddEach(mods, r.quiet(), retiring, +2, "friendly companies retiring within 6\"");
    AddIf(mods, r.quiet(), in.ammunition == Ammunition::kOut, +3, "out of ammo");
    AddEach(mods, r.quiet(), retreating, +4, "friendly companies retreating or destroyed within 6\"");
    const int column = V(in.type);
    const PrintedRow& row =
        r.Read(kCompanyTables[column], 1, 6,
               Named(r, dice) ? absl::StrCat(kTableCompanyResolve, " (", kCompanyColumns[column], ")")
                              : std::string(),
               mods);
    if (!r.quiet()) r.Say(absl::StrCat(" (", kCompanyColumns[column], " column)"));
    return static_cast<CompanyResolve>(row.value);
  });
}

int RetireDistance(Dice& dice, bool european, Mobility mobility, Explanation* why) {
  return MoveTowardCamp(dice, kRetire[european ? 1 : 0][V(mobility)], "retire", why);
}

int RetreatDistance(Dice& dice, bool european, Mobility mobility, Explanation* why) {
  return MoveTowardCamp(dice, kRetreat[european ? 1 : 0][V(mobility)], "retreat", why);
}

int SurroundedMove(Dice& dice, bool european, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    if (!european) {
      r.Cite(kSectionResolve, kTableResults, kRowSurroundedNative);
      r.Say("a surrounded native unit huddles in a mass: no move (no die)");
      return 0;
    }
    const int inches = r.Quantity(kSectionResolve, kTableResults, kRowSurroundedEuropean,
                                  {1, 0, true}, "surrounded square moves");
    if (!r.quiet()) r.Say(absl::StrFormat(": the square may move %d inches", inches));
    return inches;
  });
}

int MovementRate(Dice& dice, Mover mover, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    const MoveRule& rule = kMoves[V(mover)];
    const int inches = r.Quantity(rule.section, rule.table, rule.row, rule.formula, rule.what);
    if (!r.quiet()) r.Say(absl::StrFormat(": %d inches", inches));
    return inches;
  });
}

// ---------------------------------------------------------------------------
// Pinned Zulus and Charging A Retiring Unit.

bool NeedsOneToRally(RallySituation situation) {
  return situation == RallySituation::kArtilleryOrCasualties;
}

bool ZuluRally(Dice& dice, const RallyInput& in, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    AddEach(mods, r.quiet(), in.british_figures_fired, +1,
                    "British figures fired at the tray since its last turn");
    AddIf(mods, r.quiet(), in.induna_with_stand, -1, "an Induna is with the stand");
    return r.Read(kRallyTables[V(in.situation)], 1, 6, kTableRally, mods).value == 1;
  });
}

bool ZuluChargeRetiring(Dice& dice, const ChargeRetiringInput& in, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    AddIf(mods, r.quiet(), in.pinned, -1, "the tray is pinned");
    AddIf(mods, r.quiet(), in.induna_with_stand, -1, "an Induna is with the stand");
    AddIf(mods, r.quiet(), in.needs_one_to_rally, +1, "the stand needs a \"1\" to rally");
    return r.Read(kChargeTable, 1, 6, kTableChargeRetiring, mods).value == 1;
  });
}

// ---------------------------------------------------------------------------
// C. Shooting.

bool ZuluSniperFire(Dice& dice, SniperTarget target, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    const bool officer = target == SniperTarget::kOfficer;
    return r.Read(kSniperTables[officer ? 1 : 0], officer ? 2 : 1, 6,
                  officer ? "sniper fire at an officer" : "sniper fire at an enlisted man")
               .value == 1;
  });
}

int ShotsPerFigure(Firer firer) { return firer == Firer::kArtilleryCrew ? 2 : 1; }

FireResult BritishFire(Dice& dice, const FireInput& in, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    const bool moving_back = in.resolve != CompanyResolve::kCarryOn;
    const bool mounted = in.firer == Firer::kEuropeanMounted || in.firer == Firer::kNativeHorse;
    if (moving_back) {
      const char* row = nullptr;
      const char* section = kSectionBritishShooting;
      const char* table = kTableBritishFiring;
      if (in.firer == Firer::kNativeFoot || in.firer == Firer::kNativeHorse) {
        row = kRowNoFireNative;
      } else if (in.firer == Firer::kEuropeanMounted) {
        row = kRowNoFireMounted;
      } else if (in.firer == Firer::kArtilleryCrew) {
        // Description Of Results: "Retiring artillery or mounted cavalry can
        // not fire" (retiring and retreating alike).
        row = kRowNoFireArtillery;
        section = kSectionResolve;
        table = kTableResults;
      }
      if (row != nullptr) {
        r.Cite(section, table, row);
        r.Say(in.resolve == CompanyResolve::kRetire ? "retiring: may not fire"
                                                    : "retreating: may not fire");
        return FireResult::kMayNotFire;
      }
    }
    // Range band 0..2, or 3 beyond the last; a pistol has one band.
    const double range = std::max(0.0, in.range_inches);
    int band = 0;
    if (in.weapon == Weapon::kPistol) {
      band = range <= kPistolRange ? 0 : 3;
    } else {
      const double* limits = in.weapon == Weapon::kArtillery ? kArtilleryBands : kRifleBands;
      while (band < 3 && range > limits[band]) ++band;
    }
    if (band == 3) {
      r.Cite(kSectionBritishShooting, kTableBritishFiring, kRowOutOfRange);
      if (!r.quiet()) {
        r.Say(absl::StrFormat("%.1f\" is beyond the weapon's last printed range: no shot", range));
      }
      return FireResult::kOutOfRange;
    }
    const std::string purpose =
        Named(r, dice) ? absl::StrFormat("British fire at %.1f\"", range) : std::string();
    // Shooting At Special Zulu Targets: no modifiers.
    if (in.target != FireTarget::kZulu) {
      const FireRow& fire = in.target == FireTarget::kInduna ? kFireInduna : kFireSniper;
      return ShootOn(r, fire, kSectionBritishShooting, kTableBritishFiring, purpose, {})
                 ? FireResult::kHit
                 : FireResult::kMiss;
    }
    // "Mounted figures" and "Retreating european foot Figures (at any range)":
    // "Roll 1D6: 1-5=Miss 6=Hit", the die alone.
    const bool retreating_foot =
        in.firer == Firer::kEuropeanFoot && in.resolve == CompanyResolve::kRout;
    if (mounted || retreating_foot) {
      return ShootOn(r, mounted ? kFireMounted : kFireRetreatingFoot, kSectionBritishShooting,
                     kTableBritishFiring, purpose, {})
                 ? FireResult::kHit
                 : FireResult::kMiss;
    }
    // Modifiers to Shooting To Other Zulu Targets.
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    AddIf(mods, r.quiet(), in.firer_wounded, -1, "firing figure is wounded");
    AddIf(mods, r.quiet(), in.target_in_cover, -1, "target is in cover");
    AddIf(mods, r.quiet(), in.fixed_bayonet, -1, "firing figure has fixed bayonet");
    AddIf(mods, r.quiet(), in.firer == Firer::kEuropeanFoot && in.resolve == CompanyResolve::kRetire, -1,
                  "retiring European foot figure");
    const FireRow& fire = in.weapon == Weapon::kPistol ? kFirePistol : *kBandRows[band];
    if (ShootOn(r, fire, kSectionBritishShooting, kTableBritishFiring, purpose, mods)) {
      return FireResult::kHit;
    }
    // Special British Moves, Fixing Bayonets: "a natural "6" will always hit".
    if (in.fixed_bayonet && r.face() == 6) {
      r.Say(", but a natural 6 always hits with a fixed bayonet: hit");
      return FireResult::kHit;
    }
    return FireResult::kMiss;
  });
}

AmmunitionAllowance AmmunitionFor(AmmunitionUnit unit, Explanation* why_in) {
  const AmmunitionRow& row = kAmmunitionRows[V(unit)];
  if (why_in == nullptr) return row.allowance;  // no die: nothing else to do
  FreshExplanation why(why_in);
  why->rule = RuleRef{kSource, kSectionAmmunition, kTableAmmunition, row.row, false};
  why->text = absl::StrFormat("%d turns of fire, %d turns used before resupply (no die)",
                              row.allowance.turns_of_fire, row.allowance.turns_before_resupply);
  return row.allowance;
}

Resupply AmmunitionResupply(Dice& dice, bool at_own_wagon, int turns_waited, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    // "+1 for each turn the runner waits", printed under "Runner At His Unit's
    // Wagon" only.
    if (at_own_wagon) AddEach(mods, r.quiet(), turns_waited, +1, "turns the runner has waited");
    const PrintedRow& row = r.Read(at_own_wagon ? kOwnWagonTable : kOtherWagonTable, 1, 6,
                                   at_own_wagon ? "resupply, runner at his unit's wagon"
                                                : "resupply, runner not at his unit's wagon",
                                   mods);
    Resupply out{static_cast<ResupplyResult>(row.value), 0};
    if (out.result != ResupplyResult::kTurnsOfAmmo) return out;
    out.turns = r.Quantity(kSectionAmmunition, kTableResupply, row.text, {1, 0}, "turns of ammo");
    if (!r.quiet()) r.Say(absl::StrFormat(": %d turns of ammunition", out.turns));
    return out;
  });
}

Ammunition OutOfAmmunition(Dice& dice, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    return static_cast<Ammunition>(r.Read(kOutOfAmmoTable, 1, 6, kTableOutOfAmmo).value);
  });
}

// ---------------------------------------------------------------------------
// D. Close Combat.

bool IsEuropean(Fighter fighter) {
  return fighter != Fighter::kNativeLevy && fighter != Fighter::kNativeHorse;
}

CloseCombatResult CloseCombat(Dice& dice, const BritishCombatant& british,
                              const ZuluCombatant& zulu, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    const bool european = IsEuropean(british.fighter);
    const bool retreating = british.resolve == CompanyResolve::kRout;
    // 001, Close Combat Modifiers, British. Fixing Bayonets: "British Regular
    // (except officers) ... British Native Levy do not suffer the close combat
    // penalty".
    std::vector<Modifier> own_b;
    std::vector<Modifier>& b = ModifierList(r.quiet(), own_b, 0);
    AddIf(b, r.quiet(), british.fighter == Fighter::kRegular && !british.bayonet_fixed, -1,
                  "regular without bayonet");
    AddIf(b, r.quiet(), british.wounded, -1, "wounded");
    AddIf(b, r.quiet(), british.inside_tent, -1, "inside of a tent");
    AddIf(b, r.quiet(), british.out_of_donga, -1, "coming out of donga");
    AddIf(b, r.quiet(), british.fighter == Fighter::kCivilian, -1, "civilian");
    AddIf(b, r.quiet(), british.resolve == CompanyResolve::kRetire, -1, "retiring");
    AddIf(b, r.quiet(), retreating && european, -2, "retreating Europeans");
    AddIf(b, r.quiet(), retreating && !european, -3, "retreating native allies");
    // Surrounded native units "will use the Retreating Close Combat Modifier".
    AddIf(b, r.quiet(), british.huddled && !retreating && !european, -3,
                  "surrounded native unit huddled (the retreating modifier)");
    AddIf(b, r.quiet(), british.in_square && european, +1, "Europeans in square");
    std::vector<Modifier> own_z;
    std::vector<Modifier>& z = ModifierList(r.quiet(), own_z, 1);
    AddIf(z, r.quiet(), zulu.over_laager, -1, "over laager");
    AddIf(z, r.quiet(), zulu.on_laager, -1, "on laager");
    AddIf(z, r.quiet(), zulu.out_of_donga, -1, "coming out of donga");

    CloseCombatResult out;
    out.british_total = r.Roll(1, 6, "close combat, British figure", b).total;
    r.TellLast("British ");
    out.zulu_total = r.Roll(1, 6, "close combat, Zulu figure", z).total;
    r.TellLast("Zulu ");
    r.Cite(kSectionCloseCombat, kTableCloseCombat, kRowCloseCombat);
    if (out.british_total != out.zulu_total) {
      out.winner = out.british_total > out.zulu_total ? CombatWinner::kBritish : CombatWinner::kZulu;
      r.Say(out.winner == CombatWinner::kBritish ? ": the British figure wins" : ": the Zulu wins");
    } else if (european) {
      out.winner = CombatWinner::kBritish;
      r.Say(": a tie, Europeans win all ties");
    } else {
      // Only Europeans are given the ties; a native ally's tie goes to the Zulu.
      out.winner = CombatWinner::kZulu;
      r.Say(": a tie, and only Europeans win ties: the Zulu wins");
    }
    return out;
  });
}

HitEffect EffectOfHit(Dice& dice, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    return static_cast<HitEffect>(r.Read(kHitTable, 1, 6, kTableHits).value);
  });
}

FigureCondition ApplyHitEffect(FigureCondition condition, HitEffect effect) {
  if (condition == FigureCondition::kKilled || effect == HitEffect::kKilled) {
    return FigureCondition::kKilled;
  }
  if (effect == HitEffect::kScratch) return condition;
  // "Wounded figures that receive a second wound (or serious wound) are
  // seriously wounded."
  if (condition == FigureCondition::kUnhurt && effect == HitEffect::kWounded) {
    return FigureCondition::kWounded;
  }
  return FigureCondition::kSeriouslyWounded;
}

bool SurgeonsAid(Dice& dice, Explanation* why) {
  return WithReader(kSource, dice, why, [&](auto& r) {
    return r.Read(kSurgeonTable, 1, 6, kTableSurgeon).value == 1;
  });
}

bool AmmunitionUnitOf(const Unit& u, AmmunitionUnit* out) {
  switch (u.kind) {
    case UnitKind::kInfantry:
      *out = AmmunitionUnit::kBritishInfantry;
      return true;
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeHorse:
      *out = AmmunitionUnit::kMounted;
      return true;
    case UnitKind::kNativeFoot:
      *out = AmmunitionUnit::kNativeInfantry;
      return true;
    default:
      return false;
  }
}

}  // namespace impi::ferree
