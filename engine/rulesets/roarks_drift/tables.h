// engine/rulesets/roarks_drift/tables.h: the printed tables and procedures of
// "The Battle of Roark's Drift" hex board game.
//
// Overview: every printed number, roll and schedule of the rules file
// 004_18930928e35a3412.txt as a function that takes the situation and the
// Dice, rolls through `dice` and fills `why` with the rule (the numbered
// section, the table, the row as printed), every die, and an account:
//   - 3.0 the turn's segments (Segment, SegmentName), the four phases;
//   - 4.0 movement allowances, prone, wounds; 5.0 stacking limits;
//   - 6.0 fire: FireOdds (fire factors over the hex's FDF, fractions
//     dropped), FireChartRoll; volley fire's reach and its ten men;
//     OskarbergFire and SuppressOskarberg (6.2.2);
//   - 7.0 melee: MeleeFactor (the worked example's wall and ridge), MeleeOdds
//     ("the nearest numbers on the chart"), MeleeChartRoll;
//   - 8.0 damage: Wound (8.2's accumulation), HealSerious and
//     InterphaseLight (8.3, Surgeon Major Reynolds);
//   - 9.0 entry zones (EntryAllowed, 9.2 and its example), regiments that
//     retire at a third lost, the game's end at 100 Zulu units killed;
//   - 10.0 fires: RoofFireFromRifles, ZuluRoofFire, TorchFire, FireSpreads,
//     FireDamage;
//   - 12.0 VictoryLevel.
// The rule set itself (the battle on the hex map in the shared engine) is
// not built yet: these are its tables, tested row by row, and its board
// (board.h, designed).
//
// The text leaves out the Fire Chart, the Melee Chart and the Terrain
// Effects Chart (and the map and counter mix): the charts here are designed,
// marked "not in the source text" (RuleRef::designed) and open to the
// caller's override (FireChart, MeleeChart); the terrain's part in melee is
// what the worked example of 7.0 prints (a wall doubles its defenders, a
// ridge below the enemy halves). The victory table prints no row for 36-38
// British dead: a designed default, overridable. Readings are beside the
// functions and in docs/conformance.md ("ROARKS_DRIFT (004)").
//
// Usage:
//   MeleeOddsResult odds = *MeleeOdds(5, 18);   // 1:4, as 7.0's example
//   Dice dice = Dice::Scripted({3, 4});
//   Explanation why;
//   Damage d = *MeleeChartRoll(dice, odds.column, &why);
//
// Errors: a negative count or factor is INVALID_ARGUMENT naming the field; a
// roll the rules do not allow now (Oskarberg fire while a Zulu holds the
// main perimeter or after a southern attack, fire fully suppressed) is
// FAILED_PRECONDITION. The dice's own errors are in dice.status(). Every
// `why` may be null; when given it is overwritten.
// Thread safety: pure functions of their arguments and the dice.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TABLES_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TABLES_H_

#include <array>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"

namespace impi::roarks {

inline constexpr char kSource[] = "004_18930928e35a3412.txt";

// ---------------------------------------------------------------------------
// 3.0 Turn Sequence

enum class Segment : int {
  kZuluMovement = 0,  // 3.1
  kBritishMovement,   // 3.2
  kBritishFire,       // 3.3
  kZuluFire,          // 3.4
  kZuluMelee,         // 3.5
  kBritishMelee,      // 3.6
  kEnd,               // 3.7
};
inline constexpr int kSegments = 7;
// "3.1 Zulu Movement Segment" ... "3.7 End Segment".
const char* SegmentName(Segment s);
// "A. The game is played in four phases." "D. Each regiment may be renewed at
// full strength three times, thus four phases."
inline constexpr int kPhases = 4;
inline constexpr int kRenewals = 3;

// ---------------------------------------------------------------------------
// 4.0 Movement, 5.0 Stacking

enum class Side : int { kZulu = 0, kBritish = 1 };

// Wounds as 8.2 counts them. Reading: 4.0.G's "heavy", 8.2's "serious" and
// 10.1's "severely" wounded are the same wound; a light and a serious wound
// together are "treated as seriously wounded" (8.2.C).
enum class WoundState : int {
  kNone = 0,
  kLight,
  kSerious,
  kLightAndSerious,
  kDead,  // mortally wounded: killed, eliminated
};

// "B. The movement allowance (MA) for Zulu units is 5 MPs per turn and 4 MPs
// per turn for British units." "G. Light wounds reduce a unit's MA by 1 MP
// per turn, and heavy wounds by 2 MPs per turn." Never below 0; a dead unit
// has none.
int MovementAllowance(Side side, WoundState wound, Explanation* why);

// "F. Zulu units may fall prone at the end of their movement segment by
// expending 1 MP in their hex. They have no melee attack strength, ½ melee
// defense, and 3 Fire Defense Factors (instead of the FDF of their hex)."
inline constexpr int kProneCostMp = 1;
inline constexpr int kProneFireDefense = 3;

// "C. At the end of the Zulu Movement Segment, only one Zulu unit may be in a
// hex. D. At the end of the British Movement Segment, five British units may
// be stacked in one hex."
int StackingLimit(Side side);
// "F. If there are units in excess of the stacking limit, the owning side
// must remove (eliminate) the excess." The units removed from a hex of
// `units`. INVALID_ARGUMENT for a negative count.
absl::StatusOr<int> StackingExcess(Side side, int units, Explanation* why);

// ---------------------------------------------------------------------------
// Damage, as the charts give it.

enum class Damage : int { kMiss = 0, kLight = 1, kSerious = 2, kMortal = 3 };
const char* DamageName(Damage d);

// ---------------------------------------------------------------------------
// 6.0 Fire Combat

// "Sum the Fire Factors aimed at the target hex. Divide by the target hex's
// Fire Defense Factor to yield a ratio, dropping fractions." The N of N:1.
// INVALID_ARGUMENT for negative factors or an FDF below 1.
absl::StatusOr<int> FireOdds(int fire_factors, int fire_defense, Explanation* why);

// Designed (not in the source text): the Fire Chart. Columns 1:1 to 6:1 (a
// ratio over 6 reads 6:1; 0, under 1:1, is a miss with no roll); each column
// the 2d6 totals of a miss, a light, a serious and a mortal wound, as the
// lowest total of each (a result never reached is 13).
struct ChartColumn {
  int light_from;
  int serious_from;
  int mortal_from;
};
inline constexpr int kFireColumns = 6;
using FireChart = std::array<ChartColumn, kFireColumns>;
const FireChart& DefaultFireChart();

// Two dice on the column of `ratio` (N of N:1), the result applied by the
// caller ("apply it immediately the defending units": fire damage "applies
// only to the top unit in a hex", 8.1.B). INVALID_ARGUMENT for a negative
// ratio.
absl::StatusOr<Damage> FireChartRoll(Dice& dice, int ratio, Explanation* why,
                                     const FireChart& chart = DefaultFireChart());

// 6.1.2 Volley Fire: "B. Units within three hexes of a Lieutenant, inclusive
// (i.e., the hex the Lieutenant is on, the adjacent hex, and the hex adjacent
// to the adjacent hex)": a hex distance of 0, 1 or 2. "D. Volley fire may not
// occur unless there are at least ten men firing volley fire under the same
// officer."
bool InVolleyReach(int hex_distance_from_lieutenant);
inline constexpr int kVolleyMinimumMen = 10;
bool VolleyAllowed(int men_firing, Explanation* why);

// 6.2.2 Oskarberg Fire. `suppression` counts the British successes so far
// (6.2.2.2): 0 hits on 9-12, 1 on 10-12, 2 on 11-12, 3 on 12, 4 fully
// suppressed.
inline constexpr int kFullySuppressed = 4;
inline constexpr int kSuppressionFireFactors = 60;
// The lowest 2d6 that hits at a level of suppression (13: never).
int OskarbergToHit(int suppression);

struct OskarbergSituation {
  // "If the Zulus make no attack from the south edge of the map"
  bool zulu_attack_from_south_edge = false;
  // "may not be used when a Zulu occupies the main perimeter"
  bool zulu_in_main_perimeter = false;
  int suppression = 0;
};
struct OskarbergResult {
  bool hit = false;
  std::vector<Damage> wounded;  // one a British unit wounded, each a hit
};
// "D. Roll two dice for this fire. On a 9-12, a hit is scored. E. If a hit is
// scored, roll one die to determine the number of units wounded: A 1-2 wounds
// one British unit. A 3-4 wounds two British units. A 5-6 wounds three British
// units. F. For each wounded unit, find the 4:1 column on the Fire Chart and
// roll two dice to determine the damage. If a miss is rolled roll again until
// a hit is rolled." The caller lays the wounds on defenders on roofs or in the
// main area of the perimeter (B). FAILED_PRECONDITION when the fire may not be
// used or is fully suppressed; INVALID_ARGUMENT for a level outside 0..4.
absl::StatusOr<OskarbergResult> OskarbergFire(Dice& dice, const OskarbergSituation& s,
                                              Explanation* why,
                                              const FireChart& chart = DefaultFireChart());

// "Roll two dice are rolled for the 60 Fire Factors applied to the
// Oskarberg. C. Suppression succeeds on a 9-12." The level after the attempt.
// FAILED_PRECONDITION when already fully suppressed.
absl::StatusOr<int> SuppressOskarberg(Dice& dice, int suppression, Explanation* why);

// ---------------------------------------------------------------------------
// 7.0 Melee

struct MeleeTerrain {
  // From 7.0's example: "the British units defending a wall are doubled".
  bool defending_wall = false;
  // "halved for defending on a ridge (downslope from the enemy)", and the
  // Zulu "attacking from a ridge hex" against the wall "is halved". Reading:
  // a unit on a ridge hex below its enemy is halved, attacking or defending.
  bool downslope_on_ridge = false;
  // 4.0.F: a prone Zulu has "no melee attack strength, ½ melee defense".
  bool prone = false;
  bool attacking = false;
};
// A hex's melee factors after the terrain: the product of the factors,
// fractions dropped at the end. INVALID_ARGUMENT for negative factors.
absl::StatusOr<int> MeleeFactor(int melee_factors, const MeleeTerrain& t, Explanation* why);

// The Melee Chart's columns (designed: not in the source text), 1:4 to 6:1.
// 7.0's example reads 1:4 and 1:1 on it.
inline constexpr int kMeleeColumns = 9;
// "1:4", "1:3", "1:2", "1:1", "2:1" ... "6:1".
const char* MeleeColumnName(int column);

struct MeleeOddsResult {
  int attack = 0;   // the odds as reached, e.g. 1 and 4 for 1:4
  int defend = 0;
  int column = 0;   // 0 (1:4) .. 8 (6:1)
};
// "D. Sum the attacking melee factors. Divide by the defender's Melee Factors
// (sum all defenders in a hex) to yield a ratio, dropping fractions." With
// the example: "The odds are 5:18 or 1:4 (the nearest numbers on the chart)",
// "9:5, which becomes 1:1". Reading: at 1:1 or better the ratio is the
// attack over the defence, fractions dropped (9:5 is 1:1); below it the ratio
// is 1 to the defence over the attack rounded up, fractions dropped in the
// defender's favour (5:18 is 1:3.6, 1:4); past the chart's ends the end
// column. An attack of 0 is no attack: FAILED_PRECONDITION; INVALID_ARGUMENT
// for a negative factor or a defence below 1.
absl::StatusOr<MeleeOddsResult> MeleeOdds(int attack_factors, int defense_factors,
                                          Explanation* why);

using MeleeChart = std::array<ChartColumn, kMeleeColumns>;
// Designed (not in the source text): the Melee Chart, as the Fire Chart.
const MeleeChart& DefaultMeleeChart();

// Two dice on a Melee Chart column; the result, "not apply it until after
// British melee results" (7.0.F), goes to every unit in the defending hex
// (8.1.A). INVALID_ARGUMENT for a column outside 0..8.
absl::StatusOr<Damage> MeleeChartRoll(Dice& dice, int column, Explanation* why,
                                      const MeleeChart& chart = DefaultMeleeChart());

// ---------------------------------------------------------------------------
// 8.0 Damage

// "8.2 A. A unit with a light wound that receives a second light wound
// becomes serious wounded. B. A unit with two serious wounds becomes mortally
// wounded (killed, eliminated). C. A unit with a light and serious wound is
// treated as seriously wounded, but a second light wound makes the unit
// mortally wounded." Readings: a light wound on a seriously wounded unit
// makes it light and serious; a serious wound on a lightly wounded one, light
// and serious; a serious wound on a light and serious unit is its second
// serious wound; a mortal result kills.
WoundState Wound(WoundState now, Damage d, Explanation* why);

// Surgeon Major Reynolds' state (8.3).
enum class Surgeon : int { kWell = 0, kLightlyWounded = 1, kSeriouslyWounded = 2 };

struct Healing {
  bool dies = false;
  bool cured = false;
  int cured_on_turn = 0;  // the turn of the next phase it returns, when cured
};
// A seriously wounded British unit healed in the storeroom, rolled in the
// interphase: "roll two dice. a. A roll of a 3-12 represents the turn of the
// next phase when they are cured and ready for combat. b. On a 2, the man
// dies." With Reynolds lightly wounded: "die on a 2-4. Otherwise they return
// to play on a 5-12 (that number of turns)"; seriously wounded, "he cannot
// heal anyone and those units with serious wounds in the interphase die in
// interphases on a roll of 2-7" (reading: otherwise they stay seriously
// wounded).
Healing HealSerious(Dice& dice, Surgeon reynolds, Explanation* why);

// A lightly wounded British unit at the interphase: "Those with light wounds
// are cured at the beginning of the next phase" (no roll); with Reynolds
// seriously wounded, "Those with light wounds die on a roll of a 2" (reading:
// otherwise they stay lightly wounded).
Healing InterphaseLight(Dice& dice, Surgeon reynolds, Explanation* why);

// ---------------------------------------------------------------------------
// 9.0 Off Board Zones/Placement/Phasing

// "A. There are eight off-board zones, one in each corner and four more, one
// in between each of the corner zones": numbered 1 to 8 around the map, so 8
// is next to 1.
inline constexpr int kEntryZones = 8;
bool ZonesAdjacent(int a, int b);

// Whether a regiment may enter from `zones` given the zones of the regiments
// placed before it. "C. Each regiment may enter the board from one or two
// zones, but if entering from two zones, the zones must be adjacent to each
// other. D. One regiment may not completely enter the map from the same zone
// as another regiment, but parts of regiments may." Reading: a regiment's
// zones may not all be zones of one other regiment (sharing one of two is
// "parts"). INVALID_ARGUMENT for a zone outside 1..8.
absl::StatusOr<bool> EntryAllowed(const std::vector<int>& zones,
                                  const std::vector<std::vector<int>>& placed, Explanation* why);

// "B. Regiments losing at least one-third of its units retire from the
// field" (3.7); "Loss requirements are in units killed not wounded" (9.3.A).
bool RegimentRetires(int units_at_phase_start, int units_killed);
// "when the total Zulu units killed equals 100 or higher the game ends".
inline constexpr int kZuluKillsEndTheGame = 100;
bool GameEndsOnZuluKills(int zulu_units_killed);

// ---------------------------------------------------------------------------
// 10.0 Fires

// "B. Rifle units can fire down through the roof setting fire on a 2-7 (if
// not damaged), 2-6 (if lightly wounded), and 2-4 (if severely wounded)."
bool RoofFireFromRifles(Dice& dice, WoundState firer, Explanation* why);
// "C. A Zulu unit can start a roof on fire on a roll of 12 if not moving or
// firing that turn."
bool ZuluRoofFire(Dice& dice, Explanation* why);
// "D. ... When trying to start a fire with a torch, roll two dice": 2-6 not
// wounded, 2-5 lightly wounded, 2-3 severely wounded.
bool TorchFire(Dice& dice, WoundState zulu, Explanation* why);
// "B. On a roll of a 2-7, the fire will spread to all adjacent rooms (and
// their roofs) the following turn. C. Each following turn it will spread out
// to the next adjacent rooms/roofs on a roll of 2-7."
bool FireSpreads(Dice& dice, Explanation* why);

// "E. If a British unit is caught in a room on fire, it suffers per the
// following schedule": turn 1 None, 2 Light, 3 Severe, 4 Severe + Light, 5
// Mortal ("Number of turns after unit remains in a room on fire"). The
// wounds of `turn`; past 5, Mortal. Reading: each row is the damage of that
// turn, applied by Wound (so turn 3's Severe on turn 2's Light is light and
// serious, turn 4's Severe + Light kills).
std::vector<Damage> FireDamage(int turn, Explanation* why);

// ---------------------------------------------------------------------------
// 12.0 Victory Conditions

enum class Victory : int {
  kBritishSmashing = 0,
  kBritishGreat,
  kBritishSpiritual,
  kBritishTactical,
  kBritishMarginal,
  kDraw,
  kZuluMarginal,
  kZuluTactical,
  kZuluSpiritual,
  kZuluGreat,
  kZuluSmashing,
};
const char* VictoryName(Victory v);

// The level by the number of British dead. The printed table has no row for
// 36-38: designed (not in the source text), by default they read British
// Marginal (the row the gap runs up to); a caller may name another level.
// INVALID_ARGUMENT for a negative count.
absl::StatusOr<Victory> VictoryLevel(int british_dead, Explanation* why,
                                     Victory gap = Victory::kBritishMarginal);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TABLES_H_
