// engine/rulesets/empress/tables.cc: the printed tables of "Damned Wobbly
// Gentlemen" (002_865f726e11d3de83.txt), each read as printed.
//
// The rows are data (PrintedRow, quoted from the text with its line breaks
// and runs of spaces folded to one space) read by a TableReader
// (engine/game/table_reader.h). The kill charts are rows by weapon and
// columns by range: the printed line is RuleRef::row and the account names
// the column. The functions add what a row cannot say by itself (the
// Gatling's forfeits, the morale results by kind of unit, the melee pairs).
#include "engine/rulesets/empress/tables.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/game/quiet_reader.h"
#include "engine/game/table_reader.h"

namespace impi::empress {
namespace {

// ---------------------------------------------------------------------------
// Rows as printed.

// MOVEMENT- BY UNIT, indexed by MoverType.
struct MoveRow {
  const char* text;
  const char* name;
  int inches;
  int dice;
};
constexpr MoveRow kMoveRows[] = {
    {"Regular Foot 6\" + 1 x D6", "Regular Foot", 6, 1},
    {"NNC Foot 6\" + 1 x D6", "NNC Foot", 6, 1},
    {"Zulus 6\" + 2 x D6", "Zulus", 6, 2},
    {"Cavalry 12\" + 1 x D6", "Cavalry", 12, 1},
    {"Limbers 6\" + 1x D6", "Limbers", 6, 1},
    {"Wagons 3\" + 1x D6", "Wagons", 3, 1},
};
constexpr char kRowLinearObstacles[] =
    "Linear obstacles such as walls, hedges, dried up river beds remove 1 D6 from the movement "
    "allocation.";

// A kill chart's row: the lowest die that kills in each band, 0 for "N/A".
struct KillRow {
  const char* text;
  const char* name;
  int kill_on[4];
};

// SMALL ARMS FIRE, RANGE, indexed by Weapon.
constexpr KillRow kSmallArmsRows[] = {
    {"Martini - Henry 3, 4,5,6 4,5,6 5,6 6", "Martini-Henry", {3, 4, 5, 6}},
    {"Percussion rifle 4,5,6 5,6 6 N/A", "Percussion rifle", {4, 5, 6, 0}},
    {"Musket/ Shot Gun 5,6 6 N/A N/A", "Musket/Shot Gun", {5, 6, 0, 0}},
    {"Carbine 4,5,6 5,6 N/A N/A", "Carbine", {4, 5, 0, 0}},
    {"Spear 6 N/A N/A N/A", "Spear", {6, 0, 0, 0}},
    {"Gatling Gun 3,4,5,6 4,5,6 5,6 6", "Gatling Gun", {3, 4, 5, 6}},
};
constexpr const char* kSmallArmsColumns[] = {"0-10\"", "11- 20\"", "21 - 30\"", "31 - 40\""};
constexpr double kSmallArmsBandEnds[] = {10, 20, 30, 40};

// ARTILLERY and ROCKET., RANGE, indexed by Ordnance. The rocket's row is
// printed "Field Gun" too.
constexpr KillRow kArtilleryRows[] = {
    {"Field Gun 2,3,4,5,6 4,5,6 5,6 6", "Field Gun", {2, 4, 5, 6}},
    {"Field Gun N/A 4,5,6 5,6 6", "Rocket", {0, 4, 5, 6}},
};
constexpr const char* kArtilleryColumns[] = {"0 - 10\"", "11 - 30\"", "31 -50\"", "51 - 70\""};
constexpr double kArtilleryBandEnds[] = {10, 30, 50, 70};

constexpr char kRowGatlingDice[] = "For Gatling Gun roll 8 Dx6";
constexpr char kRowGatlingProcedure[] =
    "For Gatling Gun roll each die one after the other. If a 1 is rolled forfeit the next 2 "
    "dice. If a 1 is rolled on the last die to be rolled that turn the gun is completely jammed "
    "for the entire next move.";
constexpr char kRowFireBeforeImpact[] =
    "Colonial infantry that are hit by a Zulu unit in a move can fore before impact IF the "
    "attacking Zulu's begun their impact move 10 inches or more at the start of the move.";
constexpr char kRowNoFireBeforeImpact[] =
    "If under 10 inches the Colonials do not get the option to fire before melee.";
constexpr char kRowEstimateArtillery[] =
    "Player controlling artillery estimates range in inches. Places 4' circular marker with the "
    "centre on the exact measurement that player has announced.";
constexpr char kRowEstimateRocket[] =
    "Player controlling the rocket estimates range in inches. Places 4' circular marker with "
    "the centre on the exact measurement that player has announced.";
constexpr char kRowRocketDeviation[] =
    "Roll an arrow die. Then roll 2 D6. The result is the number of inches that the rocket has "
    "deviated and the direction. Move the 4\" marker to this position";

// MORALE.
constexpr char kRowDueFiredAt[] = "1) Fired at by rifle, musket, Gatling or artillery in a move.";
constexpr char kRowDueShaken[] = "2) Unit is SHAKEN.";
constexpr char kRowDueRocketOver[] =
    "Any native unit that the rocket flies over takes an immediate morale test with a minus 1.";
constexpr char kRowDueRocketHit[] =
    "If the rocket hits a unit it takes a morale test with a minus 2.";
constexpr char kRowNotDue[] = "Unit Morale is taken on the following circumstances -";

struct RateRow {
  const char* text;
  const char* name;
  int rate;
};
// MORALE RATE, indexed by MoraleClass.
constexpr char kRateBritish[] = "British regular horse, foot , artillery : 6";
constexpr char kRateZulus[] = "Zulus : Married Impi = 5 Unmarried = 6";
constexpr RateRow kRateRows[] = {
    {kRateBritish, "British regular foot", 6},
    {kRateBritish, "British artillery", 6},
    {kRateBritish, "British regular horse", 6},
    {"Irregular horse : 5", "Irregular horse", 5},
    {"NNC : 4", "NNC", 4},
    {kRateZulus, "Married Impi", 5},
    {kRateZulus, "Unmarried Impi", 6},
};

constexpr char kRowMoraleOk[] = "Total 6 or over unit OK.";
constexpr char kRowMoraleFailed[] = "Total less than 6;";
constexpr char kRowZulusPinned[] =
    "= Zulus lie down or crouch for following move and are pinned down. If this result occurs "
    "2 moves in a row on the second move the unit retires 2 moves away from enemy. Unit cannot "
    "fire for the rest of the game.";
constexpr char kRowZulusCaught[] =
    "Zulus will retire in good order unless caught doing so by charging Colonial cavalry when "
    "they can rout.";
constexpr char kRowBritRegulars[] = "= Brit regulars, minus 1 from next move firing die rolls.";
constexpr char kRowRegularCavalry[] = "Regular Cavalry will retire in good order and never rout.";
constexpr char kRowIrregulars[] =
    "= Colonial Irregulars now counts as permanently SHAKEN. Retires one move away from enemy.";
constexpr char kRowIrregularsRout[] =
    "Irregular foot and cavalry who have 2 failed morale checks in a row rout.";

constexpr PrintedRow kMoraleRows[] = {
    {-100, 5, kRowMoraleFailed, "less than 6", 0},
    {6, 100, kRowMoraleOk, "unit OK", 1},
};
constexpr PrintedTable kMoraleTable{kSectionMorale, kTableMoraleResult, kMoraleRows};

constexpr char kRowMelee[] =
    "Melee is simply done by placing two fighting figures opposite against each other and "
    "rolling a D6. The highest score is the winner.";
constexpr char kRowMeleeMany[] =
    "If a figure has more than one opponent each fight is taken as a separate engagement up to "
    "a total of 4 fights in one move.";

// Melee "Additions & deductions." as printed.
constexpr char kModDefences[] = "figure behind organised defences";
constexpr char kModHigherGround[] = "figure on higher ground";
constexpr char kModRegularSteady[] = "Regular cavalry attacking steady Zulus";
constexpr char kModIrregularDisordered[] = "Irregular cavalry attacking disordered Zulus";
constexpr char kModRegularDisordered[] = "Regular cavalry attacking disordered Zulus";
constexpr char kModIrregularShaken[] = "Irregular cavalry attacking Shaken Zulus";
constexpr char kModRegularShaken[] = "Regular cavalry attacking Shaken Zulus";

// The band a range falls in, by the bands' printed last inches; -1 past the
// last.
int BandOf(double range_inches, const double (&ends)[4]) {
  for (int band = 0; band < 4; ++band) {
    if (range_inches <= ends[band]) return band;
  }
  return -1;
}

// Runs `body` with the reader for `why` (quiet_reader.h's WithReader, citing
// this rules file).
template <typename Body>
auto WithReader(Dice& dice, Explanation* why, const Body& body) {
  return ::impi::WithReader(kSource, dice, why, body);
}

// The firer's state as a die modifier, in the words of the chart's section.
void AddFirerCondition(std::vector<Modifier>& mods, bool quiet, Condition firer, const char* disordered,
                       const char* shaken) {
  AddIf(mods, quiet, firer == Condition::kDisordered, -1, disordered);
  AddIf(mods, quiet, firer == Condition::kShaken, -2, shaken);
}

// The small arms modifiers every figure's die takes (the Gatling's too),
// into `mods`.
void SmallArmsModifiers(std::vector<Modifier>& mods, bool quiet, bool zulus_firing, bool cover, Condition firer,
                        bool mounted, bool failed_morale_last_move) {
  AddIf(mods, quiet, zulus_firing, -1, "Zulus firing");
  AddIf(mods, quiet, cover, -1, "Target behind cover");
  AddFirerCondition(mods, quiet, firer, "Firer DISORDERED", "Firer SHAKEN");
  AddIf(mods, quiet, mounted, -1, "Firer mounted");
  AddIf(mods, quiet, failed_morale_last_move, -1,
        "Brit regulars, minus 1 from next move firing die rolls (failed morale last move)");
}

int SumOf(const std::vector<Modifier>& mods) {
  int sum = 0;
  for (const Modifier& m : mods) sum += m.value;
  return sum;
}

// The two rows of a kill chart's cell: below `kill_on` no kill, from it a
// kill, each citing the printed line.
struct KillCell {
  explicit KillCell(const KillRow& printed, int kill_on)
      : rows{{1, kill_on - 1, printed.text, "no kill", 0}, {kill_on, 6, printed.text, "kill", 1}} {}
  PrintedRow rows[2];
};

// Says which cell of a kill chart is read ("Martini-Henry at 15", column
// 11- 20": kills on 4 or more after modifiers").
template <typename Reader>
void SayCell(Reader& r, const KillRow& printed, double range_inches, const char* column,
             int kill_on) {
  if (r.quiet()) return;
  r.Say(absl::StrFormat("%s at %g\", column %s: kills on %d or more after modifiers", printed.name,
                        range_inches, column, kill_on));
}

// One D6 a figure, each with `mods`, landed on the cell: the kills.
template <typename Reader>
int RollKills(Reader& r, const char* section, const char* table, const KillRow& printed,
              int kill_on, int figures, const std::vector<Modifier>& mods,
              const std::string& purpose) {
  const KillCell cell(printed, kill_on);
  const PrintedTable chart{section, table, cell.rows};
  int kills = 0;
  for (int i = 0; i < figures; ++i) {
    r.Roll(1, 6, r.quiet() ? purpose : absl::StrFormat("%s, die %d of %d", purpose, i + 1, figures),
           mods);
    kills += r.Land(chart).value;
  }
  return kills;
}

// A die of a kind that TableReader does not roll (the average die, the
// arrow die), kept in why->dice like the reader's own.
DieRoll& RollOfKind(TableReader& r, Dice& dice, const DieSpec& die, const std::string& purpose,
                    const std::vector<Modifier>& mods = {}) {
  DieRoll roll = dice.RollPool(1, die, purpose);
  for (const Modifier& m : mods) {
    if (r.quiet()) {
      roll.total += m.value;
    } else {
      roll.Modify(m.reason, m.value);
    }
  }
  r.why().dice.push_back(std::move(roll));
  return r.why().dice.back();
}

DieRoll& RollOfKind(QuietReader& r, Dice& dice, const DieSpec& die, const std::string& purpose,
                    const std::vector<Modifier>& mods = {}) {
  (void)dice;
  return r.RollOf(die, purpose, mods);
}

// The printed melee "Additions & deductions." for `f` against `opponent`.
// (Into a list ModifierList gives: quiet, the thread's.)
const std::vector<Modifier>& MeleeModifiers(const MeleeFigure& f, const MeleeFigure& opponent, bool quiet) {
  // Told: the thread's own list, returned by reference (kept until the next
  // call); quiet: ModifierList's.
  thread_local std::vector<Modifier> told;
  std::vector<Modifier>& mods = ModifierList(quiet, told, 2);
  AddIf(mods, quiet, f.behind_organised_defences, 1, kModDefences);
  AddIf(mods, quiet, f.higher_ground, 1, kModHigherGround);
  if (f.attacking && opponent.zulu && f.cavalry != Horse::kNone) {
    const bool regular = f.cavalry == Horse::kRegularCavalry;
    switch (opponent.condition) {
      case Condition::kSteady:
        // Irregular cavalry attacking steady Zulus: nothing printed.
        AddIf(mods, quiet, regular, 1, kModRegularSteady);
        break;
      case Condition::kDisordered:
        AddIf(mods, quiet, true, regular ? 2 : 1, regular ? kModRegularDisordered : kModIrregularDisordered);
        break;
      case Condition::kShaken:
        AddIf(mods, quiet, true, regular ? 3 : 2, regular ? kModRegularShaken : kModIrregularShaken);
        break;
    }
  }
  return mods;
}

// One fight, told in `r`: the two dice, then the winner.
template <typename Reader>
MeleeResult Fight(Reader& r, const MeleeFigure& a, const MeleeFigure& b, MeleeTie tie,
                  const std::string& what) {
  MeleeResult result;
  // Quiet (nobody reads the account), the dice keep the plain purpose.
  const bool quiet = r.quiet();
  for (int rolls = 0;; rolls += 2) {
    result.total_a =
        r.Roll(1, 6, quiet ? what : absl::StrCat(what, ", figure a"), MeleeModifiers(a, b, quiet)).total;
    if (!quiet) r.TellLast(absl::StrCat(what, ", figure a: "));
    result.total_b =
        r.Roll(1, 6, quiet ? what : absl::StrCat(what, ", figure b"), MeleeModifiers(b, a, quiet)).total;
    if (!quiet) r.TellLast(absl::StrCat(what, ", figure b: "));
    if (result.total_a != result.total_b) break;
    if (tie == MeleeTie::kStandOff || !r.MayRollAgain(rolls + 2)) {
      r.Say(": a tie, neither falls (designed: not in the source text)");
      result.winner = 0;
      return result;
    }
    r.Say(": a tie, rolled again (designed: not in the source text)");
  }
  result.winner = result.total_a > result.total_b ? 1 : 2;
  r.Say(result.winner == 1 ? ": figure a wins, figure b is killed"
                           : ": figure b wins, figure a is killed");
  return result;
}

}  // namespace

Condition ConditionFromLosses(int strength, int lost) {
  // 20% and 50% of the figures the unit began the game with, in whole
  // figures ("e.g 2 figures from a 10 man unit"): lost * 100 >= strength * p.
  if (strength <= 0 || lost <= 0) return Condition::kSteady;
  if (lost * 2 >= strength) return Condition::kShaken;
  if (lost * 5 >= strength) return Condition::kDisordered;
  return Condition::kSteady;
}

absl::StatusOr<MoveAllowance> MovementAllowance(Dice& dice, const MovementSituation& s,
                                                Explanation* why) {
  if (absl::Status st = CheckCount(s.linear_obstacles, "linear_obstacles"); !st.ok()) return st;
  const MoveRow& printed = kMoveRows[static_cast<int>(s.mover)];
  return WithReader(dice, why, [&](auto& r) -> absl::StatusOr<MoveAllowance> {
    MoveAllowance move;
    move.base_inches = printed.inches;
    move.dice = std::max(0, printed.dice - s.linear_obstacles);
    const char* row = s.linear_obstacles > 0 ? kRowLinearObstacles : printed.text;
    if (!r.quiet()) {
      r.Say(absl::StrFormat("%s: %d\" + %d x D6", printed.name, printed.inches, printed.dice));
      if (s.linear_obstacles > 0) {
        r.Say(absl::StrFormat(", %d linear obstacle%s remove%s %d D6", s.linear_obstacles,
                              s.linear_obstacles == 1 ? "" : "s", s.linear_obstacles == 1 ? "s" : "",
                              printed.dice - move.dice));
      }
    }
    if (move.dice == 0) {
      r.Cite(kSectionMovement, kTableMovement, row);
      if (!r.quiet()) r.Say(absl::StrFormat("; no dice left: %d\"", printed.inches));
      move.inches = printed.inches;
      return move;
    }
    move.inches =
        r.Quantity(kSectionMovement, kTableMovement, row, DieExpression{move.dice, printed.inches},
                   r.quiet() ? std::string(printed.name) : absl::StrCat(printed.name, " move"));
    return move;
  });
}

int SmallArmsBand(double range_inches) { return BandOf(range_inches, kSmallArmsBandEnds); }

int SmallArmsKillOn(Weapon weapon, int band) {
  if (band < 0 || band > 3) return 0;
  return kSmallArmsRows[static_cast<int>(weapon)].kill_on[band];
}

absl::StatusOr<FireResult> SmallArmsFire(Dice& dice, const FireSituation& s, Explanation* why) {
  if (absl::Status st = CheckDistance(s.range_inches, "range_inches"); !st.ok()) return st;
  if (absl::Status st = CheckCount(s.figures_firing, "figures_firing"); !st.ok()) return st;
  if (s.weapon == Weapon::kGatlingGun) {
    return absl::InvalidArgumentError("weapon: the Gatling Gun fires by GatlingFire");
  }
  const KillRow& printed = kSmallArmsRows[static_cast<int>(s.weapon)];
  const int band = SmallArmsBand(s.range_inches);
  const int kill_on = SmallArmsKillOn(s.weapon, band);
  if (kill_on == 0) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "range_inches: %s at %g\" is %s on the small arms chart (\"%s\")", printed.name,
        s.range_inches, band < 0 ? "past 40\"" : "N/A", printed.text));
  }
  return WithReader(dice, why, [&](auto& r) -> absl::StatusOr<FireResult> {
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    SmallArmsModifiers(mods, r.quiet(), s.zulus_firing, s.target_in_cover, s.firer, s.firer_mounted,
                       s.failed_morale_last_move);
    SayCell(r, printed, s.range_inches, kSmallArmsColumns[band], kill_on);
    FireResult result;
    result.kill_on = kill_on;
    result.modifier = SumOf(mods);
    result.kills = RollKills(r, kSectionSmallArms, kTableSmallArms, printed, kill_on,
                             s.figures_firing, mods,
                             r.quiet() ? std::string(printed.name) : absl::StrCat(printed.name, " fire"));
    r.Cite(kSectionSmallArms, kTableSmallArms, printed.text);
    if (!r.quiet()) r.Say(absl::StrFormat("; %d kill%s", result.kills, result.kills == 1 ? "" : "s"));
    return result;
  });
}

absl::StatusOr<GatlingResult> GatlingFire(Dice& dice, const GatlingSituation& s, Explanation* why) {
  if (absl::Status st = CheckDistance(s.range_inches, "range_inches"); !st.ok()) return st;
  if (s.jammed) {
    return absl::FailedPreconditionError(
        "jammed: the Gatling Gun is completely jammed for the entire move after a 1 on its "
        "last die");
  }
  const KillRow& printed = kSmallArmsRows[static_cast<int>(Weapon::kGatlingGun)];
  const int band = SmallArmsBand(s.range_inches);
  if (band < 0) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "range_inches: the Gatling Gun at %g\" is past 40\" on the small arms chart",
        s.range_inches));
  }
  const int kill_on = printed.kill_on[band];
  return WithReader(dice, why, [&](auto& r) -> absl::StatusOr<GatlingResult> {
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    SmallArmsModifiers(mods, r.quiet(), /*zulus_firing=*/false, s.target_in_cover, s.firer, /*mounted=*/false,
                       s.failed_morale_last_move);
    SayCell(r, printed, s.range_inches, kSmallArmsColumns[band], kill_on);
    const KillCell cell(printed, kill_on);
    const PrintedTable chart{kSectionSmallArms, kTableGatling, cell.rows};
    GatlingResult result;
    for (int die = 1; die <= kGatlingDice; ++die) {
      r.Roll(
          1, 6,
          r.quiet() ? "Gatling Gun" : absl::StrFormat("Gatling Gun, die %d of %d", die, kGatlingDice),
          mods);
      ++result.dice_rolled;
      result.kills += r.Land(chart).value;
      if (r.face() != 1) continue;
      // A 1 forfeits the next 2 dice; on the last die it jams the gun.
      if (die == kGatlingDice) {
        result.jams = true;
        r.Say(": a 1 on the last die, the gun is completely jammed for the entire next move");
        break;
      }
      const int forfeited = std::min(2, kGatlingDice - die);
      result.dice_forfeited += forfeited;
      if (!r.quiet()) {
        r.Say(absl::StrFormat(": a 1, forfeits the next %d di%s", forfeited,
                              forfeited == 1 ? "e" : "ce"));
      }
      die += forfeited;
    }
    r.Cite(kSectionSmallArms, kTableGatling, kRowGatlingProcedure);
    if (!r.quiet()) {
      r.Say(absl::StrFormat("; %d kill%s (%s: %d rolled, %d forfeited)", result.kills,
                            result.kills == 1 ? "" : "s", kRowGatlingDice, result.dice_rolled,
                            result.dice_forfeited));
    }
    return result;
  });
}

absl::StatusOr<bool> MayFireBeforeImpact(double start_distance_inches, Explanation* why) {
  if (absl::Status st = CheckDistance(start_distance_inches, "start_distance_inches"); !st.ok()) {
    return st;
  }
  FreshExplanation out(why);
  const bool may = start_distance_inches >= 10.0;
  if (!out.quiet()) {
    out->rule = RuleRef{kSource, kSectionSmallArms, kTableFireBeforeImpact,
                        may ? kRowFireBeforeImpact : kRowNoFireBeforeImpact};
    out->text = absl::StrFormat(
        "the Zulus began their impact move %g\" away: %s", start_distance_inches,
        may ? "10 inches or more, the Colonials (artillery and Gatling guns included) may fire "
              "before impact"
            : "under 10 inches, no fire before melee");
  }
  return may;
}

int ArtilleryBand(double range_inches) { return BandOf(range_inches, kArtilleryBandEnds); }

int ArtilleryKillOn(Ordnance ordnance, int band) {
  if (band < 0 || band > 3) return 0;
  return kArtilleryRows[static_cast<int>(ordnance)].kill_on[band];
}

absl::StatusOr<FireResult> ArtilleryFire(Dice& dice, const ArtillerySituation& s,
                                         Explanation* why) {
  if (absl::Status st = CheckDistance(s.range_inches, "range_inches"); !st.ok()) return st;
  if (absl::Status st = CheckCount(s.figures_under_marker, "figures_under_marker"); !st.ok()) {
    return st;
  }
  const bool rocket = s.ordnance == Ordnance::kRocket;
  const KillRow& printed = kArtilleryRows[static_cast<int>(s.ordnance)];
  const int band = ArtilleryBand(s.range_inches);
  const int kill_on = ArtilleryKillOn(s.ordnance, band);
  if (kill_on == 0) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "range_inches: the %s at %g\" is %s on its kill chart (\"%s\")", printed.name,
        s.range_inches, band < 0 ? "past 70\"" : "N/A", printed.text));
  }
  const char* section = rocket ? kSectionRocket : kSectionArtillery;
  const char* table = rocket ? kTableRocketKill : kTableArtilleryKill;
  return WithReader(dice, why, [&](auto& r) -> absl::StatusOr<FireResult> {
    std::vector<Modifier> own;
    std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
    AddFirerCondition(mods, r.quiet(), s.firer, "unit firing is DISORDERED", "unit is SHAKEN");
    // MORALE, Result: "= Brit regulars, minus 1 from next move firing die
    // rolls": the artillery is a Brit regular ("British regular horse, foot ,
    // artillery : 6"), and its dice under the marker are its firing dice.
    AddIf(mods, r.quiet(), s.failed_morale_last_move, -1,
          "Brit regulars, minus 1 from next move firing die rolls (failed morale last move)");
    SayCell(r, printed, s.range_inches, kArtilleryColumns[band], kill_on);
    FireResult result;
    result.kill_on = kill_on;
    result.modifier = SumOf(mods);
    result.kills = RollKills(r, section, table, printed, kill_on, s.figures_under_marker, mods,
                             r.quiet() ? std::string(printed.name)
                                       : absl::StrCat(printed.name, ", a figure within the marker"));
    r.Cite(section, table, printed.text);
    if (!r.quiet()) r.Say(absl::StrFormat("; %d kill%s", result.kills, result.kills == 1 ? "" : "s"));
    return result;
  });
}

Vec2 MarkerAtEstimate(const Vec2& firer, const Vec2& target, double estimate) {
  Vec2 ahead = target - firer;
  ahead = ahead.norm() > 0 ? Vec2(ahead / ahead.norm()) : Vec2(0, 1);
  return firer + ahead * estimate;
}

absl::StatusOr<RangeEstimate> EstimateRange(Dice& dice, Ordnance ordnance, double true_range,
                                            double error_per_point, Explanation* why) {
  if (absl::Status st = CheckDistance(true_range, "true_range"); !st.ok()) return st;
  if (std::isnan(error_per_point) || std::isinf(error_per_point) || error_per_point < 0) {
    return absl::InvalidArgumentError("error_per_point: a share of the range, 0 or more");
  }
  const bool rocket = ordnance == Ordnance::kRocket;
  return WithReader(dice, why, [&](auto& r) -> absl::StatusOr<RangeEstimate> {
    RangeEstimate e;
    e.true_range = true_range;
    if (error_per_point > 0) {
      const int a = r.Roll(1, 6, "range estimate: over").total;
      r.TellLast();
      const int b = r.Roll(1, 6, "range estimate: short").total;
      r.TellLast();
      e.error_points = a - b;
    }
    const double low = rocket ? kRocketShortestEstimateInches + 1 : 1.0;
    e.announced = std::clamp(std::round(true_range * (1.0 + e.error_points * error_per_point)), low,
                             kLongestEstimateInches);
    r.Cite(rocket ? kSectionRocket : kSectionArtillery, kTableRangeEstimate,
           rocket ? kRowEstimateRocket : kRowEstimateArtillery, /*designed=*/true);
    if (!r.quiet()) {
      r.Say(absl::StrFormat("%sthe range is %.1f\"; off by %+d x %g of it, the %s announces %g\" "
                            "(designed: not in the source text)",
                            error_per_point > 0 ? ": " : "", true_range, e.error_points,
                            error_per_point, rocket ? "rocket" : "gun", e.announced));
    }
    return e;
  });
}

RocketDeviation RollRocketDeviation(Dice& dice, Explanation* why) {
  return WithReader(dice, why, [&](auto& r) -> RocketDeviation {
    RocketDeviation d;
    d.arrow = RollOfKind(r, dice, DieSpec::Arrow(), "rocket deviation: direction").total;
    d.bearing_degrees = ArrowBearingDegrees(d.arrow);
    r.TellLast();
    d.inches = r.Roll(2, 6, "rocket deviation: inches").total;
    r.TellLast();
    r.Cite(kSectionRocket, kTableRocketDeviation, kRowRocketDeviation);
    if (!r.quiet()) {
      r.Say(absl::StrFormat(": the marker moves %d\" at %d degrees clockwise from the line of fire",
                            d.inches, d.bearing_degrees));
    }
    return d;
  });
}

Vec2 DeviatedCentre(const Vec2& firer, const Vec2& aimed, const RocketDeviation& d) {
  Vec2 ahead = aimed - firer;
  ahead = ahead.norm() > 0 ? Vec2(ahead / ahead.norm()) : Vec2(0, 1);
  constexpr double kPi = 3.14159265358979323846;
  const double a = d.bearing_degrees * kPi / 180.0;
  // Clockwise seen from above (x east, y north).
  const Vec2 along(ahead.x() * std::cos(a) + ahead.y() * std::sin(a),
                   -ahead.x() * std::sin(a) + ahead.y() * std::cos(a));
  return aimed + along * d.inches;
}

int MoraleRate(MoraleClass unit) { return kRateRows[static_cast<int>(unit)].rate; }

bool MoraleTestDue(const MoraleOccasion& o, Explanation* why) {
  FreshExplanation out(why);
  const char* row = nullptr;
  if (o.fired_at_by_rifle || o.fired_at_by_musket || o.fired_at_by_gatling ||
      o.fired_at_by_artillery) {
    row = kRowDueFiredAt;
  } else if (o.shaken) {
    row = kRowDueShaken;
  } else if (o.rocket == RocketEffect::kHit) {
    row = kRowDueRocketHit;
  } else if (o.rocket == RocketEffect::kFlewOver && o.native) {
    row = kRowDueRocketOver;
  }
  if (!out.quiet()) {
    const bool rocket = row == kRowDueRocketHit || row == kRowDueRocketOver;
    out->rule = RuleRef{kSource, rocket ? kSectionRocket : kSectionMorale, kTableMoraleDue,
                        row != nullptr ? row : kRowNotDue};
    out->text = row != nullptr ? "a morale test is due"
                               : "no morale test: not fired at by rifle, musket, Gatling or "
                                 "artillery, not SHAKEN, no rocket over (a native unit) or on it";
  }
  return row != nullptr;
}

absl::StatusOr<MoraleResult> MoraleTest(Dice& dice, const MoraleSituation& s, Explanation* why) {
  if (s.tests_in_a_row < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("tests_in_a_row: %d is below 1 (this test counts)", s.tests_in_a_row));
  }
  const RateRow& rate = kRateRows[static_cast<int>(s.unit)];
  // Nobody reads the account (why is null): no reasons or purposes are
  // spelt out beyond the plain ones.
  const bool quiet = why == nullptr;
  std::vector<Modifier> own;
  std::vector<Modifier>& mods = ModifierList(quiet, own, 1);
  if (quiet) {
    mods.push_back(Modifier{std::string(), rate.rate});
  } else {
    mods.push_back(MakeModifier(rate.rate, absl::StrCat("MORALE RATE, ", rate.name)));
  }
  AddIf(mods, quiet, s.senior_commander_attached, 1, "Senior commander attached to unit");
  AddIf(mods, quiet, s.volley_from_prepared_positions, 1, "Brit infantry firing volley fire from prepared positions");
  AddIf(mods, quiet, s.witch_doctor_in_contact, 2, "witch doctor is in base contact with the unit");
  AddIf(mods, quiet, s.officer_killed, -1, "unit officer killed");
  AddIf(mods, quiet, s.retiring_unit_passed_within_10, -1, "Retiring or Routing unit passes within 10 inches");
  AddIf(mods, quiet, s.condition == Condition::kDisordered, -1,
        "unit has taken 20% casualties in the game and is classified as DISORDERED");
  AddIf(mods, quiet, s.condition == Condition::kShaken, -2,
        "Unit taken 50% casualties in the game. And is classified as permanently SHAKEN");
  AddIf(mods, quiet, s.tests_in_a_row == 2, -2, "second morale test in a row");
  AddIf(mods, quiet, s.tests_in_a_row >= 3, -4,
        s.tests_in_a_row == 3 ? "third morale test in a row" : "third morale test in a row (and later: read as -4)");
  AddIf(mods, quiet, s.rocket == RocketEffect::kFlewOver, -1, "the rocket flew over the unit (a minus 1)");
  AddIf(mods, quiet, s.rocket == RocketEffect::kHit, -2, "the rocket hit the unit (a minus 2)");

  return WithReader(dice, why, [&](auto& r) -> absl::StatusOr<MoraleResult> {
    const DieRoll& roll =
        RollOfKind(r, dice, DieSpec::Average(),
                   quiet ? std::string("morale test") : absl::StrCat("morale test, ", rate.name), mods);
    MoraleResult result;
    result.total = roll.total;
    if (r.Land(kMoraleTable).value == 1) return result;

    // "Total less than 6", by kind of unit.
    switch (s.unit) {
      case MoraleClass::kBritishRegularFoot:
      case MoraleClass::kBritishArtillery:
        result.outcome = MoraleOutcome::kFirePenalty;
        result.next_move_fire_modifier = -1;
        r.Cite(kSectionMorale, kTableMoraleResult, kRowBritRegulars);
        r.Say(": minus 1 from next move's firing dice; never routs");
        break;
      case MoraleClass::kBritishRegularHorse:
        result.outcome = MoraleOutcome::kRetire;
        result.moves_away = 1;
        r.Cite(kSectionMorale, kTableMoraleResult, kRowRegularCavalry, /*designed=*/true);
        r.Say(
            ": retires one move away in good order, never routs (the distance is designed: not "
            "in the source text)");
        break;
      case MoraleClass::kIrregularHorse:
      case MoraleClass::kNnc:
        result.permanently_shaken = true;
        if (s.failed_last_move) {
          result.outcome = MoraleOutcome::kRout;
          r.Cite(kSectionMorale, kTableMoraleResult, kRowIrregularsRout);
          r.Say(": the second failed check in a row, routs");
        } else {
          result.outcome = MoraleOutcome::kRetire;
          result.moves_away = 1;
          r.Cite(kSectionMorale, kTableMoraleResult, kRowIrregulars);
          r.Say(": permanently SHAKEN, retires one move away from the enemy");
        }
        break;
      case MoraleClass::kMarriedImpi:
      case MoraleClass::kUnmarriedImpi:
        if (s.caught_retiring_by_colonial_cavalry) {
          result.outcome = MoraleOutcome::kRout;
          r.Cite(kSectionMorale, kTableMoraleResult, kRowZulusCaught);
          r.Say(": caught retiring by charging Colonial cavalry, routs");
        } else if (s.failed_last_move) {
          result.outcome = MoraleOutcome::kRetire;
          result.moves_away = 2;
          result.may_not_fire_again = true;
          r.Cite(kSectionMorale, kTableMoraleResult, kRowZulusPinned);
          r.Say(
              ": the second move in a row, retires 2 moves away from the enemy and cannot fire "
              "for the rest of the game");
        } else {
          result.outcome = MoraleOutcome::kPinned;
          r.Cite(kSectionMorale, kTableMoraleResult, kRowZulusPinned);
          r.Say(": lie down or crouch, pinned down for the following move");
        }
        break;
    }
    return result;
  });
}

MeleeResult MeleeFight(Dice& dice, const MeleeFigure& a, const MeleeFigure& b, Explanation* why,
                       MeleeTie tie) {
  TableReader r(kSource, dice, why);
  const MeleeResult result = Fight(r, a, b, tie, "melee");
  r.Cite(kSectionMelee, kTableMelee, kRowMelee, /*designed=*/result.winner == 0);
  return result;
}

namespace {

// MeleeAgainstMany against `count` opponents, opponent(i) the i-th; the
// fights listed if `list`.
template <typename OpponentAt>
ManyFightsResult AgainstMany(Dice& dice, const MeleeFigure& figure, int count, const OpponentAt& opponent,
                             bool list, Explanation* why, MeleeTie tie, const std::string& who) {
  return WithReader(dice, why, [&](auto& r) -> ManyFightsResult {
    ManyFightsResult result;
    const int fights = std::min<int>(kMaxFightsAMove, count);
    result.opponents_unfought = count - fights;
    bool tied = false;
    for (int i = 0; i < fights; ++i) {
      const MeleeResult fight =
          Fight(r, figure, opponent(i), tie,
                r.quiet()     ? std::string("melee")
                : who.empty() ? absl::StrFormat("melee, fight %d", i + 1)
                              : absl::StrFormat("melee, %s, fight %d", who, i + 1));
      if (list) result.fights.push_back(fight);
      if (fight.winner == 2) result.figure_killed = true;
      if (fight.winner == 1) ++result.opponents_killed;
      tied |= fight.winner == 0;
    }
    r.Cite(kSectionMelee, kTableMelee, kRowMeleeMany, /*designed=*/tied);
    if (!r.quiet() && result.opponents_unfought > 0) {
      r.Say(absl::StrFormat("; %d more opponent%s: past 4 fights in one move, not fought",
                            result.opponents_unfought, result.opponents_unfought == 1 ? "" : "s"));
    }
    return result;
  });
}

}  // namespace

ManyFightsResult MeleeAgainstMany(Dice& dice, const MeleeFigure& figure,
                                  const std::vector<MeleeFigure>& opponents, Explanation* why,
                                  MeleeTie tie, const std::string& who) {
  return AgainstMany(
      dice, figure, static_cast<int>(opponents.size()), [&](int i) -> const MeleeFigure& { return opponents[i]; },
      /*list=*/true, why, tie, who);
}

ManyFightsResult MeleeAgainstMany(Dice& dice, const MeleeFigure& figure, const MeleeFigure& opponent, int count,
                                  Explanation* why, MeleeTie tie, const std::string& who) {
  return AgainstMany(
      dice, figure, count, [&](int) -> const MeleeFigure& { return opponent; }, /*list=*/false, why, tie, who);
}

}  // namespace impi::empress
