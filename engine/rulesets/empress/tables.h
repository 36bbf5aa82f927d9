// engine/rulesets/empress/tables.h: the printed tables of Empress
// Miniatures' "Damned Wobbly Gentlemen" (Zuluwar 'Lite').
//
// Overview: every chart and modifier of the rules file
// 002_865f726e11d3de83.txt as a function that takes the situation (a small
// struct of what the modifiers read) and the Dice, rolls through `dice` and
// fills `why` with the rule (section, table, the row it landed on as
// printed), every die with its face, purpose, modifiers and total, and a
// readable account:
//   - MovementAllowance: "MOVEMENT- BY UNIT" and the linear-obstacle rule;
//   - SmallArmsFire and GatlingFire: "SMALL ARMS FIRE." by weapon and range,
//     every printed modifier, and the Gatling's dice one after another;
//   - ArtilleryFire and RocketDeviation: the "ARTILLERY" and "ROCKET." kill
//     charts under the 4" marker, the arrow die and the 2D6 deviation;
//   - MayFireBeforeImpact: the 10" rule for fire before a Zulu impact;
//   - MoraleTestDue and MoraleTest: "MORALE", the rate plus one average die
//     with every printed modifier, and the results by kind of unit;
//   - MeleeFight and MeleeAgainstMany: "MELEE", pairs of figures with the
//     printed "Additions & deductions".
// Where the text is silent a default is designed, marked "not in the source
// text" (RuleRef::designed) and open to the caller's override; where it is
// ambiguous the reading taken is written beside the function and in
// docs/conformance.md ("Empress (002)").
//
// EmpressRuleset (empress.h) reads them to play the game.
//
// Usage:
//   Dice dice = Dice::ScriptedOfKind({{DieKind::kAverage, 3}});
//   MoraleSituation s;
//   s.unit = MoraleClass::kMarriedImpi;
//   Explanation why;
//   absl::StatusOr<MoraleResult> r = MoraleTest(dice, s, &why);
//   // r->total == 8 (5 + 3), r->outcome == MoraleOutcome::kOk,
//   // why.rule.row == "Total 6 or over unit OK."
//
// Errors: a situation that is not a number or is negative (a range, a count
// of figures) is INVALID_ARGUMENT naming the field; a roll the chart marks
// "N/A" or a range past its last column is FAILED_PRECONDITION. The dice's
// own errors (a scripted die missing) are in dice.status(), as everywhere.
// Every `why` may be null; when given it is overwritten, not appended to.
// Thread safety: pure functions of their arguments and the dice.
#ifndef IMPI_ENGINE_RULESETS_EMPRESS_TABLES_H_
#define IMPI_ENGINE_RULESETS_EMPRESS_TABLES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/geometry.h"

namespace impi::empress {

inline constexpr char kSource[] = "002_865f726e11d3de83.txt";

// Sections as headed in the source text.
inline constexpr char kSectionMovement[] = "MOVEMENT- BY UNIT";
inline constexpr char kSectionArtillery[] = "ARTILLERY";
inline constexpr char kSectionRocket[] = "ROCKET.";
inline constexpr char kSectionSmallArms[] = "SMALL ARMS FIRE. (Simultaneous Firing)";
inline constexpr char kSectionMorale[] = "MORALE";
inline constexpr char kSectionMelee[] = "MELEE";

// Tables (the text heads its charts "RANGE"; these names say which chart).
inline constexpr char kTableMovement[] = "MOVEMENT- BY UNIT";
inline constexpr char kTableArtilleryKill[] = "RANGE (artillery kill chart)";
inline constexpr char kTableRocketKill[] = "RANGE (rocket kill chart)";
inline constexpr char kTableRocketDeviation[] = "Rocket deviation (arrow die, 2 D6)";
inline constexpr char kTableRangeEstimate[] = "Range estimate (designed: how far off the estimate is)";
inline constexpr char kTableSmallArms[] = "RANGE (small arms)";
inline constexpr char kTableGatling[] = "Gatling Gun";
inline constexpr char kTableFireBeforeImpact[] = "Fire before impact";
inline constexpr char kTableMoraleDue[] = "Unit Morale is taken";
inline constexpr char kTableMoraleRate[] = "MORALE RATE";
inline constexpr char kTableMoraleResult[] = "Result;";
inline constexpr char kTableMelee[] = "Additions & deductions.";

// The artillery kill marker's diameter. The procedures print "4' circular
// marker"; REQUIREMENTS and ROCKET print "4\" circular artillery kill
// marker": read as 4 inches.
inline constexpr double kKillMarkerDiameterInches = 4.0;

// The state of a unit as the text names it: DISORDERED at 20% casualties,
// permanently SHAKEN at 50% (or, for Colonial irregulars, after a failed
// morale test). The two are not added up: SHAKEN replaces DISORDERED.
enum class Condition : int { kSteady = 0, kDisordered = 1, kShaken = 2 };

// MORALE: "20% casualties in the game and is classified as DISORDERED (e.g 2
// figures from a 10 man unit.)", "50% casualties in the game. And is
// classified as permanently SHAKEN". `strength` is the unit's figures at the
// start of the game (> 0), `lost` its casualties so far.
Condition ConditionFromLosses(int strength, int lost);

// ---------------------------------------------------------------------------
// MOVEMENT- BY UNIT

enum class MoverType : int {
  kRegularFoot = 0,  // Regular Foot 6" + 1 x D6
  kNncFoot,          // NNC Foot 6" + 1 x D6
  kZulus,            // Zulus 6" + 2 x D6
  kCavalry,          // Cavalry 12" + 1 x D6
  kLimbers,          // Limbers 6" + 1x D6
  kWagons,           // Wagons 3" + 1x D6
};

struct MovementSituation {
  MoverType mover = MoverType::kZulus;
  // Linear obstacles (walls, hedges, dried up river beds) the move crosses.
  // Reading: each removes 1 D6; the move never rolls fewer than no dice.
  int linear_obstacles = 0;
};

struct MoveAllowance {
  int base_inches = 0;  // the printed inches
  int dice = 0;         // D6 rolled, after the obstacles
  int inches = 0;       // base_inches + the dice
};

// A unit's move this turn: its printed inches plus its D6s, less one D6 a
// linear obstacle. INVALID_ARGUMENT for a negative count of obstacles.
absl::StatusOr<MoveAllowance> MovementAllowance(Dice& dice, const MovementSituation& s,
                                                Explanation* why);

// ---------------------------------------------------------------------------
// SMALL ARMS FIRE. (Simultaneous Firing)

enum class Weapon : int {
  kMartiniHenry = 0,
  kPercussionRifle,
  kMusketShotGun,
  kCarbine,
  kSpear,
  kGatlingGun,
};

// The small arms range bands, 0-10", 11-20", 21-30", 31-40". Reading: a band
// runs to its printed last inch, so 10.5" is in 11-20"; past 40" is no band.
// -1 for past the last band; a negative or NaN range is the caller's error.
int SmallArmsBand(double range_inches);

// The lowest modified die that kills for `weapon` in `band` (0..3): 3..6, or
// 0 where the chart prints "N/A".
int SmallArmsKillOn(Weapon weapon, int band);

struct FireSituation {
  Weapon weapon = Weapon::kMartiniHenry;
  double range_inches = 0.0;
  int figures_firing = 0;                // one D6 each ("Roll 1x D6 for each figure firing")
  bool zulus_firing = false;             // -1 "Zulus firing"
  bool target_in_cover = false;          // -1 "Target behind cover"
  Condition firer = Condition::kSteady;  // -1 DISORDERED, -2 SHAKEN
  bool firer_mounted = false;            // -1 "Firer mounted"
  // MORALE, Result: "Brit regulars, minus 1 from next move firing die rolls":
  // the firers failed their morale test last move.
  bool failed_morale_last_move = false;
};

struct FireResult {
  int kills = 0;
  int kill_on = 0;   // the lowest modified die that kills
  int modifier = 0;  // the sum of the modifiers on every die
};

// One D6 a figure firing, each with every modifier, a kill when the modified
// die reaches the chart's lowest number (a natural 6 at -1 is a 5: not a kill
// where the chart prints "6"). Every die is its own entry of why->dice.
// The Gatling Gun is GatlingFire. INVALID_ARGUMENT for a negative or NaN
// range or a negative count of figures, or for kGatlingGun; FAILED_PRECONDITION
// where the chart prints "N/A" or past 40".
absl::StatusOr<FireResult> SmallArmsFire(Dice& dice, const FireSituation& s, Explanation* why);

// "For Gatling Gun roll 8 Dx6".
inline constexpr int kGatlingDice = 8;

struct GatlingSituation {
  double range_inches = 0.0;
  bool target_in_cover = false;
  Condition firer = Condition::kSteady;
  bool failed_morale_last_move = false;
  // Jammed by a 1 on its last die last move: it may not fire this move.
  bool jammed = false;
};

struct GatlingResult {
  int kills = 0;
  int dice_rolled = 0;
  int dice_forfeited = 0;
  bool jams = false;  // "completely jammed for the entire next move"
};

// "For Gatling Gun roll each die one after the other. If a 1 is rolled
// forfeit the next 2 dice. If a 1 is rolled on the last die to be rolled that
// turn the gun is completely jammed for the entire next move."
// Readings: a 1 is the die's own face (before modifiers); the forfeit does
// not carry into the next move; "the last die to be rolled that turn" is the
// eighth die, so the gun jams only when the eighth die is rolled (not
// forfeited) and shows a 1. Kills read the Gatling Gun row of the chart with
// the small arms modifiers. FAILED_PRECONDITION when `jammed` or past 40".
absl::StatusOr<GatlingResult> GatlingFire(Dice& dice, const GatlingSituation& s, Explanation* why);

// "Colonial infantry that are hit by a Zulu unit in a move can fore before
// impact IF the attacking Zulu's begun their impact move 10 inches or more
// at the start of the move. If under 10 inches the Colonials do not get the
// option to fire before melee. This includes artillery and Gatling guns."
// True when the Zulus began the move `start_distance_inches` away and that
// is 10" or more. No die. INVALID_ARGUMENT for a negative or NaN distance.
absl::StatusOr<bool> MayFireBeforeImpact(double start_distance_inches, Explanation* why);

// ---------------------------------------------------------------------------
// ARTILLERY and ROCKET.

enum class Ordnance : int { kFieldGun = 0, kRocket = 1 };

// The artillery bands, 0-10", 11-30", 31-50", 51-70" (the same reading of
// the edges as SmallArmsBand). -1 past 70".
int ArtilleryBand(double range_inches);

// The lowest modified die that kills under the marker (0: "N/A").
int ArtilleryKillOn(Ordnance ordnance, int band);

struct ArtillerySituation {
  Ordnance ordnance = Ordnance::kFieldGun;
  // The range announced ("estimates range in inches"): the marker's centre
  // is placed on it, and the kill chart's column is read from it, for the
  // rocket too (reading: its deviation moves the marker, not the column).
  double range_inches = 0.0;
  int figures_under_marker = 0;          // "roll a die for each figure"
  Condition firer = Condition::kSteady;  // -1 DISORDERED, -2 SHAKEN
  // MORALE, Result: "= Brit regulars, minus 1 from next move firing die
  // rolls": the gun or rocket failed its morale test last move.
  bool failed_morale_last_move = false;
};

// One D6 a figure within the marker, with the firer's modifiers; a kill on
// the chart's numbers. INVALID_ARGUMENT for a negative or NaN range or
// figures; FAILED_PRECONDITION for the rocket at 0-10" ("N/A") or past 70".
absl::StatusOr<FireResult> ArtilleryFire(Dice& dice, const ArtillerySituation& s, Explanation* why);

// "Player controlling artillery estimates range in inches. Places 4'
// circular marker with the centre on the exact measurement that player has
// announced." (ARTILLERY; ROCKET. the same.) The farthest estimate the kill
// charts read: their last column, 51 - 70".
inline constexpr double kLongestEstimateInches = 70.0;
// The shortest estimate a rocket may announce: its chart prints "N/A" at
// 0 - 10", so over 10".
inline constexpr double kRocketShortestEstimateInches = 10.0;

// The centre of the marker placed `estimate` inches from `firer` on the
// line to `target` (with `firer` on `target`, "ahead" is +y, as for
// DeviatedCentre).
Vec2 MarkerAtEstimate(const Vec2& firer, const Vec2& target, double estimate);

// Designed (not in the source text): the estimate of a side the engine
// plays (the scripted British, the RULES doctrine, random play, and a
// caller's order that announces none). The text has a player estimate; it
// does not say how well. The engine's player estimates the true range
// `true_range` off by (D6 - D6) x `error_per_point` of it and announces
// the whole inches ("estimates range in inches"), within the chart (1" to
// 70"; over 10" for the rocket). `error_per_point` 0 estimates exactly (and
// rolls no die); the default is 5% a point (at 30", up to 7.5" either way).
// INVALID_ARGUMENT for a NaN or negative range or error.
inline constexpr double kDefaultEstimateError = 0.05;
struct RangeEstimate {
  double true_range = 0.0;
  double announced = 0.0;
  int error_points = 0;  // the first D6 less the second
};
absl::StatusOr<RangeEstimate> EstimateRange(Dice& dice, Ordnance ordnance, double true_range,
                                            double error_per_point, Explanation* why);

struct RocketDeviation {
  int arrow = 0;            // the arrow die's face, 1..6 (dice.h: clock faces)
  int bearing_degrees = 0;  // clockwise from "ahead", ArrowBearingDegrees(arrow)
  int inches = 0;           // the 2 D6
};

// "Roll an arrow die. Then roll 2 D6. The result is the number of inches
// that the rocket has deviated and the direction." The arrow die always
// gives a direction (docs/conformance.md, EMPRESS_DWG, Dice).
RocketDeviation RollRocketDeviation(Dice& dice, Explanation* why);

// "Move the 4" marker to this position": the centre moved `d.inches` from
// `aimed` along the arrow, "ahead" being the line of fire from `firer` to
// `aimed` and the bearing turning clockwise seen from above (x east, y
// north). With `firer` on `aimed`, "ahead" is +y.
Vec2 DeviatedCentre(const Vec2& firer, const Vec2& aimed, const RocketDeviation& d);

// ---------------------------------------------------------------------------
// MORALE

enum class MoraleClass : int {
  kBritishRegularFoot = 0,  // "British regular horse, foot , artillery : 6"
  kBritishArtillery,
  kBritishRegularHorse,
  kIrregularHorse,  // "Irregular horse : 5"
  kNnc,             // "NNC : 4"
  kMarriedImpi,     // "Married Impi = 5"
  kUnmarriedImpi,   // "Unmarried = 6"
};

// The MORALE RATE of a class, as printed.
int MoraleRate(MoraleClass unit);

// What brought the test about.
enum class RocketEffect : int { kNone = 0, kFlewOver = 1, kHit = 2 };

struct MoraleOccasion {
  bool native = false;              // a Zulu or native (NNC) unit
  bool fired_at_by_rifle = false;   // rifle (Martini-Henry, percussion rifle, carbine)
  bool fired_at_by_musket = false;  // musket / shot gun
  bool fired_at_by_gatling = false;
  bool fired_at_by_artillery = false;  // a field gun or a rocket's marker
  bool shaken = false;
  RocketEffect rocket = RocketEffect::kNone;
};

// "Unit Morale is taken on the following circumstances - 1) Fired at by
// rifle, musket, Gatling or artillery in a move. 2) Unit is SHAKEN.", and
// ROCKET: "Any native unit that the rocket flies over takes an immediate
// morale test ... If the rocket hits a unit it takes a morale test".
// Readings: a carbine is a rifle; thrown spears bring no test; the rocket's
// overflight tests native units only, as printed. No die.
bool MoraleTestDue(const MoraleOccasion& o, Explanation* why);

struct MoraleSituation {
  MoraleClass unit = MoraleClass::kMarriedImpi;
  bool senior_commander_attached = false;       // +1, "in base to base contact"
  bool volley_from_prepared_positions = false;  // +1, Brit infantry
  bool witch_doctor_in_contact = false;         // +2
  bool officer_killed = false;                  // -1
  bool retiring_unit_passed_within_10 = false;  // -1, "Retiring or Routing unit"
  Condition condition = Condition::kSteady;     // -1 DISORDERED, -2 SHAKEN
  // This test's place in a row of tests in consecutive moves: 1 for the
  // first, 2 for the second (-2), 3 for the third (-4). Reading: a fourth
  // or later also takes -4 (the text stops at the third), and the two are
  // not added up.
  int tests_in_a_row = 1;
  RocketEffect rocket = RocketEffect::kNone;  // -1 flew over, -2 hit
  // The unit failed its morale test last move too ("2 moves in a row", "2
  // failed morale checks in a row").
  bool failed_last_move = false;
  // Zulus caught retiring by charging Colonial cavalry ("when they can
  // rout").
  bool caught_retiring_by_colonial_cavalry = false;
};

enum class MoraleOutcome : int {
  kOk = 0,       // "Total 6 or over unit OK."
  kPinned,       // Zulus lie down or crouch for the following move
  kRetire,       // retires (moves_away moves) away from the enemy
  kRout,         // to the nearest table edge via the safest route
  kFirePenalty,  // Brit regulars: -1 from next move's firing dice
};

struct MoraleResult {
  int total = 0;
  MoraleOutcome outcome = MoraleOutcome::kOk;
  int moves_away = 0;               // kRetire: how many moves from the enemy
  bool may_not_fire_again = false;  // "Unit cannot fire for the rest of the game."
  bool permanently_shaken = false;  // "now counts as permanently SHAKEN"
  int next_move_fire_modifier = 0;  // -1 for Brit regulars who fail
};

// "take the unit morale rate and add to it the roll of one average die.
// From this total figure add or subtract the following", then "Result;":
// 6 or over OK; less than 6 by kind of unit:
//   - Zulus: pinned; the second failure in a row retires them 2 moves away,
//     and they may not fire for the rest of the game; caught retiring by
//     charging Colonial cavalry, a failure routs them (reading of "can
//     rout");
//   - Brit regulars (foot, artillery): -1 from next move's firing dice;
//     "never rout";
//   - Regular Cavalry: "will retire in good order and never rout": reading,
//     a failure retires them one move away in good order (the distance is
//     designed: not in the source text);
//   - Colonial irregulars (NNC, irregular horse): permanently SHAKEN and
//     retire one move away; "2 failed morale checks in a row rout".
// INVALID_ARGUMENT for tests_in_a_row below 1.
absl::StatusOr<MoraleResult> MoraleTest(Dice& dice, const MoraleSituation& s, Explanation* why);

// ---------------------------------------------------------------------------
// MELEE

enum class Horse : int { kNone = 0, kRegularCavalry = 1, kIrregularCavalry = 2 };

// One figure in a fight.
struct MeleeFigure {
  bool behind_organised_defences = false;  // +1
  bool higher_ground = false;              // +1
  Horse cavalry = Horse::kNone;
  bool attacking = false;                    // the cavalry modifiers are for "attacking"
  bool zulu = false;                         // the cavalry modifiers are against Zulus
  Condition condition = Condition::kSteady;  // a Zulu's, for the cavalry modifiers
};

// A tie is not printed ("The highest score is the winner"). Designed (not
// in the source text): by default neither figure falls; a caller may ask for
// the pair to roll again instead.
enum class MeleeTie : int { kStandOff = 0, kRollAgain = 1 };

// The winner of a fight: 1 figure `a`, 2 figure `b`, 0 neither (a tie
// under kStandOff). Reading: the loser is killed.
struct MeleeResult {
  int winner = 0;
  int total_a = 0;
  int total_b = 0;
};

// "placing two fighting figures opposite against each other and rolling a
// D6. The highest score is the winner." Each figure's D6 with its own
// "Additions & deductions".
MeleeResult MeleeFight(Dice& dice, const MeleeFigure& a, const MeleeFigure& b, Explanation* why,
                       MeleeTie tie = MeleeTie::kStandOff);

// "If a figure has more than one opponent each fight is taken as a separate
// engagement up to a total of 4 fights in one move."
inline constexpr int kMaxFightsAMove = 4;

struct ManyFightsResult {
  std::vector<MeleeResult> fights;  // one a fight, `figure` as a, opponent as b
  bool figure_killed = false;       // it lost at least one fight
  int opponents_killed = 0;
  int opponents_unfought = 0;  // past the fourth
};

// `figure` against each of `opponents` in turn, at most 4 fights. Reading:
// all action is simultaneous, so every one of the (up to 4) fights is fought
// even after the figure has lost one; it falls if it lost any. Every fight's
// two dice are in why->dice, in order, each die's purpose naming the fight
// ("melee, fight 2, figure a"; with `who`, "melee, <who>, fight 2, figure
// a": the figure is a, each opponent b).
ManyFightsResult MeleeAgainstMany(Dice& dice, const MeleeFigure& figure,
                                  const std::vector<MeleeFigure>& opponents, Explanation* why,
                                  MeleeTie tie = MeleeTie::kStandOff, const std::string& who = "");
// The same against `count` opponents alike, without the list of fights
// (ManyFightsResult::fights stays empty: the search's melee makes none).
ManyFightsResult MeleeAgainstMany(Dice& dice, const MeleeFigure& figure, const MeleeFigure& opponent, int count,
                                  Explanation* why, MeleeTie tie = MeleeTie::kStandOff,
                                  const std::string& who = "");

}  // namespace impi::empress

#endif  // IMPI_ENGINE_RULESETS_EMPRESS_TABLES_H_
