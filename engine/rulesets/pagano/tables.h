// engine/rulesets/pagano/tables.h: the printed tables of C. Pagano's d10
// rules, "We are the boys from Isandhlwana".
//
// Overview: every table and modifier of the rules file
// 000_75b60edb8bb33965.txt as a function that takes the situation (a small
// struct of what the modifiers read) and the Dice, rolls its d10s through
// `dice` and fills `why` with the rule (section, table, the row as printed),
// every die with its face, purpose, modifiers and total, and an account:
//   - the SEQUENCE of PLAY's eight phases (Phase, PhaseName);
//   - MovementAllowance: MOVEMENT, the Zulu's 6" and half a d10 and every
//     halving rule; Dismount (the horse holders); MayMeleeAcrossCover
//     ("Movement & Melee");
//   - CoverOf: COVER's three classes, for missile fire and for melee;
//   - RollRiflemen and RiflemenWithFigures: the riflemen of a regular
//     isigaba by month, and the caps as it loses figures; FireDice;
//   - MissileFire: the missile table by weapon and scale, every printed
//     modifier, the Gatling's jam;
//   - MoraleDue, ZuluMorale and StayedOptions: ZULU MORALE and its "Stayed"
//     result;
//     CattleScreen (the designer's notes on the cattle at Isandhlwana);
//   - InDirectingRange and InDunaElimination: ZULU INDUNA;
//   - BritishElimination, MedicalReachInches and MedicalRoll: CASULTIES (so
//     headed) and the BRITISH MEDICAL CORPS;
//   - MeleeTableIndex, MeleeDice, MeleeRound, AllocateBritishEffects,
//     AllocateZuluEffects, BuildingMeleeDrawn and MeleeFight (a whole
//     melee, round after round): MELEE.
// The rule set itself (the battle in the shared engine) is not built yet:
// these are its tables, tested row by row.
//
// Where the text is silent a default is designed, marked "not in the source
// text" (RuleRef::designed) and open to the caller's override: the melee
// effect tables ("Table 0", "Table 1", ... are named but not printed), and a
// medical roll of 7 (the text prints 1-6 and 8-10). Where it is ambiguous
// the reading taken is written beside the function and in
// docs/conformance.md ("PAGANO_D10 (000)").
//
// Usage:
//   Dice dice = Dice::Scripted({7});
//   MoraleSituation s;
//   s.remaining = 17;
//   s.lost = 3;
//   Explanation why;
//   absl::StatusOr<MoraleResult> r = ZuluMorale(dice, s, &why);
//   // r->total == 21 (7 + 17 - 3), r->outcome == MoraleOutcome::kFirm,
//   // why.rule.row == "21 + : Firm; no effect"
//
// Errors: a count that is negative, or a distance that is negative or not a
// number, is INVALID_ARGUMENT naming the field; a situation the rules forbid
// (a weapon past its range, spears thrown twice or from prone, guns over
// ground they may not cross) is FAILED_PRECONDITION. The dice's own errors
// are in dice.status(), as everywhere. Every `why` may be null; when given
// it is overwritten, not appended to.
// Thread safety: pure functions of their arguments and the dice.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_TABLES_H_
#define IMPI_ENGINE_RULESETS_PAGANO_TABLES_H_

#include <array>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"

namespace impi::pagano {

inline constexpr char kSource[] = "000_75b60edb8bb33965.txt";

// Sections as headed in the source text ("CASULTIES" as printed).
inline constexpr char kSectionSequence[] = "SEQUENCE of PLAY";
inline constexpr char kSectionMovement[] = "MOVEMENT";
inline constexpr char kSectionMovementMelee[] = "Movement & Melee";
inline constexpr char kSectionCover[] = "COVER";
inline constexpr char kSectionMissile[] = "MISSILE FIRE";
inline constexpr char kSectionCasualties[] = "CASULTIES";
inline constexpr char kSectionMorale[] = "ZULU MORALE";
inline constexpr char kSectionMedical[] = "BRITISH MEDICAL CORPS";
inline constexpr char kSectionMelee[] = "MELEE";
inline constexpr char kSectionInduna[] = "ZULU INDUNA";
inline constexpr char kSectionNnc[] = "NATAL NATIVE CONTINGENT";
inline constexpr char kSectionCattle[] = "DESIGNER NOTES: Cattle";

// Tables (named for what they are; the text heads few of them).
inline constexpr char kTableMovement[] = "Movement rates";
inline constexpr char kTableRiflemen[] = "d10 Jan Feb Riflemen";
inline constexpr char kTableMissile[] = "Weapon Skirmish Range Tactical Range d10";
inline constexpr char kTableMorale[] = "Result";
inline constexpr char kTableMedical[] = "Medical phase roll";
inline constexpr char kTableMeleeShift[] = "Modifiers, begin with Table 1";
inline constexpr char kTableMeleeEffect[] =
    "Melee Effect (designed: the tables are not in the source text)";
inline constexpr char kTableInduna[] = "Induna first elimination";

// Which ranges apply: "Use the skirmish ranges whenever 1inch of the table top
// represents 10 yards or less, and use the tactical ranges otherwise." The
// medical corps' reach and the induna's ranges follow the same choice.
enum class Scale : int { kSkirmish = 0, kTactical = 1 };

// ---------------------------------------------------------------------------
// SEQUENCE of PLAY

enum class Phase : int {
  kZuluMovement = 0,   // 1) Zulu Movement
  kBritMissileFire,    // 2) Brit Missile Fire
  kZuluMorale,         // 3) Zulu Morale
  kZuluMelee,          // 4) Zulu Melee
  kBritMovement,       // 5) Brit Movement
  kBritMedical,        // 6) Brit Medical
  kZuluMissileFire,    // 7) Zulu Missile Fire
  kBritMelee,          // 8) Brit Melee
};
inline constexpr int kPhases = 8;

// The phase as printed ("Zulu Movement"), numbered from 1 in the text.
const char* PhaseName(Phase phase);
// The phase after `phase`; after Brit Melee the next turn's Zulu Movement.
Phase NextPhase(Phase phase);

// ---------------------------------------------------------------------------
// MOVEMENT

enum class Mover : int {
  kFoot = 0,      // Foot 6" (the British on foot; the Zulu isigaba is kZulu)
  kMounted,       // Mounted 12"
  kLimbered,      // Cannon, Gattling Guns & Wagons: Limbered 8"
  kByHand,        // Cannon, Gattling Guns & Wagons: By Hand 3"
  kZulu,          // a Zulu (or NNC) isigaba: Foot 6" and half a d10
};

struct MoveSituation {
  Mover mover = Mover::kZulu;
  bool begins_prone = false;
  bool ends_prone = false;
  // "Movement is halved if it:"
  // "Crosses a normal wall or barricade that is defended by the enemy"
  bool crosses_defended_wall = false;
  bool crosses_deep_water = false;     // "Crosses deep water"
  bool up_steep_slope = false;         // "Goes up a steep slope"
  bool donga_edge_or_terrace = false;  // "Goes up or down a donga edge or terrace"
  bool assisting_casualties = false;   // "Involves assisting casualties or invalids"
  bool involves_building = false;      // Zulus only: "halved if it involves a building"
  // Mounted: "halved over rough or swampy ground and is reduced to one third
  // for moving up or down a donga edge, rocky slope, or terrace".
  bool rough_or_swampy = false;
  bool rocky_slope = false;
  // Cannon, Gattling Guns & Wagons: they "may not traverse any of the terrain
  // listed above for foot or mounted" unless via a good dirt track, and are
  // halved "while crossing a donga or water coarse via a good dirt track".
  bool via_dirt_track = false;
};

struct MoveAllowance {
  int base_inches = 0;    // the printed rate
  int d10 = 0;            // the Zulu's die (0: none rolled)
  int bonus_inches = 0;   // half the die, rounded down
  double inches = 0.0;    // after the halving or the third
  double divisor = 1.0;   // 1, 2 or 3
};

// A mover's move this phase. Readings: several halving conditions halve the
// move once, not once each (the obstacles in combination are
// MayMeleeAcrossCover's); for the mounted the third and the half are not
// multiplied either: the smaller allowance is taken. A Zulu that begins or
// ends prone rolls no die; one that begins and ends prone is also halved.
// FAILED_PRECONDITION for a gun or wagon over ground it may not traverse.
absl::StatusOr<MoveAllowance> MovementAllowance(Dice& dice, const MoveSituation& s,
                                                Explanation* why);

// "When dismounting outside of a fortified position one figure must be used
// as a horse holder for every four mounted figures (round down; e.g., 10
// figures would become 8 foot and 2 horse holders)." Inside a fortified
// position none. INVALID_ARGUMENT for a negative count.
struct Dismounted {
  int foot = 0;
  int horse_holders = 0;
};
absl::StatusOr<Dismounted> Dismount(int mounted_figures, bool inside_fortified_position,
                                    Explanation* why);

// "In order to engage in melee with an enemy that has cover, one must have
// enough movement to traverse the cover": half a move for each obstacle (a
// barricade on a terrace is two, a full move). True when `remaining_inches`
// of a full move of `full_move_inches` reach the far side of `obstacles`.
// INVALID_ARGUMENT for a negative or NaN distance or count.
absl::StatusOr<bool> MayMeleeAcrossCover(double remaining_inches, double full_move_inches,
                                         int obstacles, Explanation* why);

// ---------------------------------------------------------------------------
// COVER

enum class CoverClass : int { kNone = 0, kSoft = 1, kRegular = 2, kHeavy = 3 };

enum class Feature : int {
  kOpen = 0,
  kBrush,            // Soft, missile and melee
  kLowDirtMound,
  kWagon,
  kZuluHut,
  kCattle,
  kWall,             // Regular, missile and melee
  kBarricade,
  kBoulders,
  kPalisade,
  kBuilding,         // Heavy, missile and melee
  kHeavyStoneFortification,
  kBehindDongaEdge,  // Regular, missile only (in the donga against its edge)
  kDeepWaterCourse,  // Regular, melee only
  kTopOfDongaEdge,
  kTopOfTerrace,
  kRaisedRedoubt,    // Heavy, melee only: barricades forming a raised redoubt,
  kBarricadeOnEdge,  // or placed in combination with a donga edge or terrace
};

enum class Attack : int { kMissile = 0, kMelee = 1 };

// The cover a feature gives against `attack`. "For melee, cover is applied
// only to the defender (the side that did not initiate the melee). Cover
// does not apply to mounted troops."
CoverClass CoverOf(Feature feature, Attack attack, bool mounted, bool melee_defender,
                   Explanation* why);

// ---------------------------------------------------------------------------
// MISSILE FIRE

// Which month the battle is fought in, 1 (January) to 12. "Use the left d10
// column for battles taking place in January (e.g., Isandhlwana, Rorke's
// Drift, Nyezane)." Reading: the right column ("Feb") for every later month.
// INVALID_ARGUMENT outside 1..12.
absl::StatusOr<int> RollRiflemen(Dice& dice, int month, Explanation* why);

// "Regular izigaba are reduced to a maximum of 1 rifleman when they have 14
// or fewer figures remaining and have no riflemen when they have 8 or fewer
// figures remaining."
int RiflemenWithFigures(int riflemen, int figures);

enum class Firer : int {
  kBritishFigure = 0,    // "one d10 each turn for every figure"
  kGunCrew,              // "one d 10 for each figure manning the weapon"
  kSharpshooters,        // "one d 10 each turn for every 4 figures ... (round down)"
  kRegularIsigaba,       // "one d 10 each turn for every rifleman"
  kNncIsigaba,           // "NNC "izigaba" always have 1 rifleman"
  kThrowingSpears,       // "one d 10 once during the battle"
};

// The d10s a firer rolls this phase: `figures` the figures of the unit (or
// crew), `riflemen` a regular isigaba's riflemen (already capped by
// RiflemenWithFigures). A gun with no crew left fires no dice.
// INVALID_ARGUMENT for a negative count.
absl::StatusOr<int> FireDice(Firer firer, int figures, int riflemen);

enum class Weapon : int {
  kZuluThrowingSpears = 0,
  kZuluRifles,          // "Zulu Rifles, Muskets, etc"
  kMartiniHenry,        // "Brit Martini-Henry rifles"
  kCarbine,             // "Brit Carbines & other Brit rifles"
  kPistol,              // "Brit Pistol"
  kCannon,
  kGatlingGun,          // "Gattling Gun"
  kRockets,
};

// The printed maximum range in inches at a scale, and the d10 needed.
int MaxRange(Weapon weapon, Scale scale);
int KillOn(Weapon weapon);

struct MissileSituation {
  Weapon weapon = Weapon::kMartiniHenry;
  Scale scale = Scale::kSkirmish;
  double range_inches = 0.0;
  int dice = 0;                              // FireDice
  bool target_prone = false;                 // -1, ignored with any other cover
  CoverClass target_cover = CoverClass::kNone;  // -1 Soft, -2 Regular or Heavy
  bool firer_mounted = false;                // -2
  bool target_is_induna = false;             // -2
  bool firer_prone = false;                  // "Prone Zulus may not use throwing spears."
  bool spears_thrown_before = false;         // "once during the battle"
};

struct MissileResult {
  int eliminations = 0;
  int kill_on = 0;
  int modifier = 0;
  bool gun_jammed = false;  // a Gattling Gun die showed a 1 before modifiers
};

// One d10 a die of fire, each with every modifier; an elimination when the
// modified die reaches the printed number. Readings: "under 3" is under 3";
// the range is the printed maximum, inclusive; a Gattling Gun jams when any
// of its dice shows a 1 (no 1 eliminates: the gun needs 4+ and its best
// modifier is +0), and the phase's other dice still count. FAILED_PRECONDITION
// past the weapon's range and for spears thrown a second time or from prone.
absl::StatusOr<MissileResult> MissileFire(Dice& dice, const MissileSituation& s,
                                          Explanation* why);

// ---------------------------------------------------------------------------
// ZULU MORALE

enum class MoraleOutcome : int { kFirm = 0, kStayed = 1, kRouted = 2 };

struct MoraleSituation {
  int remaining = 0;               // figures remaining in the isigaba
  int lost = 0;                    // figures lost since the last Zulu morale phase
  bool initiating_melee = false;   // +1
  bool directed_by_induna = false; // +1
  // "If all induna figures are permanently eliminated ... all morale
  // modifiers are lost for the remainder of the battle." Reading: the two +1s
  // are lost; the remaining and lost figures are the roll's own arithmetic
  // and stay.
  bool all_induna_lost = false;
  // NNC: "All of their morale rolls are made at -2, and ignore the modifiers
  // for initiating melee and directed by an Induna."
  bool nnc = false;
};

struct MoraleResult {
  int total = 0;
  MoraleOutcome outcome = MoraleOutcome::kFirm;
};

// "Each isigaba that received at least one casualty since the last Zulu
// morale phase must roll morale." (The cattle's casualties do not count:
// CattleScreen.)
bool MoraleDue(int casualties_since_last_morale_phase);

// "Roll a d10, add to it the number of figures remaining in the isigaba and
// subtract the number of figures that were lost since the last Zulu morale
// phase", the modifiers, and the Result: 21+ Firm, 12-20 Stayed, 11 or less
// Routed. INVALID_ARGUMENT for a negative count.
absl::StatusOr<MoraleResult> ZuluMorale(Dice& dice, const MoraleSituation& s, Explanation* why);

// What a Stayed isigaba may do. "With a 'stayed' result the isigaba must go
// prone, retreat directly away from the enemy one full move, or move to the
// nearest cover. ... If it doesn't have enough movement to reach the cover it
// must retreat ... the option to go prone may not be used if within 3" of the
// enemy. If already in cover the isigaba must retreat or go prone. If
// already prone and in cover the isigaba may either hold firm or retreat and
// end upright."
struct StayedSituation {
  bool within_3_of_enemy = false;
  bool in_cover = false;
  bool prone = false;
  bool cover_within_a_move = false;  // the nearest cover, not towards the enemy
};
struct StayedChoices {
  bool retreat = false;         // always
  bool go_prone = false;
  bool move_to_cover = false;
  bool hold_firm = false;       // only already prone and in cover
};
StayedChoices StayedOptions(const StayedSituation& s, Explanation* why);

// The cattle driven before an isigaba (DESIGNER NOTES, Cattle): "remove a
// cattle figure for the first two casualties suffered by that isigaba. These
// casualties ... do not count against Zulu morale". Reading: those casualties
// fall on the cattle, not the isigaba's figures. `cattle` is the cattle still
// before it (two at the start); a count that is negative is
// INVALID_ARGUMENT.
struct Screened {
  int cattle_removed = 0;
  int figures_lost = 0;  // the casualties that fall on the isigaba
};
absl::StatusOr<Screened> CattleScreen(int cattle, int casualties, Explanation* why);

// ---------------------------------------------------------------------------
// ZULU INDUNA

// "For skirmishes the isagaba must be within 36" of the induna and within
// line of sight, or 18" without line of sight. Use 24" and 12" for tactical
// battles." INVALID_ARGUMENT for a negative or NaN distance.
absl::StatusOr<bool> InDirectingRange(Scale scale, double distance_inches, bool line_of_sight,
                                      Explanation* why);

enum class InDunaHit : int { kEliminated = 0, kWounded = 1 };
// "If the Brits have a medical corps figure in their order of battle then
// when an induna receives its first elimination result roll a d10 and on a
// 8-10 it is wounded instead. A wounded induna ... a second elimination
// results in a permanent elimination." Rolls only for a first elimination
// with a medical corps in the order of battle.
InDunaHit InDunaElimination(Dice& dice, bool british_have_medical_corps, bool already_wounded,
                            Explanation* why);

// ---------------------------------------------------------------------------
// CASULTIES and the BRITISH MEDICAL CORPS

enum class BritHit : int {
  kCasualty = 0,      // placed alongside the medical corps
  kEliminated = 1,    // permanently
  kMedicWounded = 2,  // the medical corps' own first elimination
};
// "When an unwounded Brit receives an elimination result it is placed
// alongside the medical corps figure as a casualty. If the medical corps is
// full, inaccessible, out of range, or not included in the order of battle
// the figure is eliminated permanently." A wounded Brit is eliminated
// permanently; the medical corps "are automatically converted to wounded
// upon their first elimination result".
BritHit BritishElimination(bool wounded, bool is_medical_corps, bool medical_corps_can_take,
                           Explanation* why);

// "Each turn up to 3 'eliminated' Brits ... may be placed alongside the
// medical corp figure as 'casualties.'"
inline constexpr int kMaxCasualtiesATurn = 3;
// "The 'eliminated Brits must be within 18" of the medical corps figure for
// skirmish games, 12" for tactical battles."
int MedicalReachInches(Scale scale);

enum class MedicalOutcome : int { kEliminated = 0, kStillCasualty = 1, kWounded = 2 };
// "a d 10 is rolled for each casualty and on a 1-6 the patient is
// eliminated permanently and on a 8- 10 it is 'wounded'". A 7 is not printed.
// Designed (not in the source text): by default a 7 leaves the figure a
// casualty, rolled for again in the next Brit medical phase; a caller may
// read 7 as either printed result instead.
MedicalOutcome MedicalRoll(Dice& dice, Explanation* why,
                           MedicalOutcome on_seven = MedicalOutcome::kStillCasualty);

// ---------------------------------------------------------------------------
// MELEE

// "Both sides roll a number of d10s equal to the number of figures on the
// smaller side. (For example, if 18 Zulus attack 6 Brits, then both sides
// roll 6 dice.)"
int MeleeDice(int zulu_figures, int brit_figures);

// The Brit figures in a melee, by what the modifiers read ("Modifiers are
// used if they apply to at least half of the figures on a given side").
struct MeleeSides {
  int brits = 0;
  int brits_with_rifle_and_bayonet = 0;  // "Brits w/ Martini-Henry rifle & bayonet : +1 Table"
  int brits_mounted = 0;                 // "Mounted Brits :+2 Tables"
  int brits_in_square = 0;               // "... or in square : +1 Table"
  bool brits_defending = false;          // the Zulus initiated the melee
  int brits_in_regular_cover = 0;        // "Brits defending Regular cover ... : +1 Table"
  int brits_in_heavy_cover = 0;          // "Brits defending Heavy cover :+2 Tables"
  int zulus = 0;
  bool zulus_defending = false;          // the Brits initiated the melee
  int zulus_in_cover = 0;                // "Zulus defending any cover :-1 Table"
  // "In melee use Table 0 with the NNC rolling as Brits and ignoring all
  // modifiers."
  bool nnc = false;
};

// The table to read: "begin with Table 1 below, and move up or down". Notes:
// "Mounted troops do not gain additional benefit from cover or square.
// Troops in square do not gain additional benefit from cover." Readings:
// cover counts for the side that did not initiate the melee; the square's +1
// replaces the cover's (it is not added to it); the mounted +2 replaces both.
// INVALID_ARGUMENT for a negative count or a part larger than its side.
absl::StatusOr<int> MeleeTableIndex(const MeleeSides& s, Explanation* why);

// The lowest and highest table the modifiers reach (1 - 1 to 1 + 1 + 2).
inline constexpr int kLowestMeleeTable = 0;
inline constexpr int kHighestMeleeTable = 4;

// What one d10 of one side does on a table's half: a figure of the enemy
// eliminated or retreated, or one of its own retreated ("each die roll can
// cause a figure from one's own side to retreat"), or nothing.
enum class MeleeEffect : int { kNone = 0, kEnemyEliminated, kEnemyRetreats, kOwnRetreats };

// One half of one table: a die of `own_retreat_up_to` or less retreats one of
// the roller's own figures, `enemy_retreats_from` or more an enemy's, and
// `enemy_eliminated_from` or more eliminates one.
struct MeleeHalf {
  int own_retreat_up_to;
  int enemy_retreats_from;
  int enemy_eliminated_from;
};
struct MeleeTable {
  MeleeHalf zulu;  // "top half of table for d 10s rolled by Zulus"
  MeleeHalf brit;  // "bottom half for d10s rolled by Brits"
};
using MeleeTables = std::array<MeleeTable, kHighestMeleeTable + 1>;

// Designed (not in the source text): Tables 0 to 4. Table 0 is even (the NNC
// against Zulus); each table up moves a Zulu die's results a step worse and
// a Brit die's a step better.
const MeleeTables& DefaultMeleeTables();

MeleeEffect ReadMeleeDie(const MeleeHalf& half, int face);

struct MeleeRoundResult {
  int table = 0;
  int dice = 0;  // a side
  // What the Zulu dice did to the Brits and the Brit dice to the Zulus, and
  // each side's own retreats.
  int brits_eliminated = 0;
  int brits_retreated = 0;
  int zulus_eliminated = 0;
  int zulus_retreated = 0;
};

// One round: MeleeDice d10s for the Zulus, then as many for the Brits (the
// NNC's as Brits), every die's effect applied "simultaneously ... to a single
// figure". The counts are the dice's; AllocateBritishEffects and
// AllocateZuluEffects lay them on figures (eliminations first).
// INVALID_ARGUMENT for a table outside 0..4 or a negative count.
absl::StatusOr<MeleeRoundResult> MeleeRound(Dice& dice, int table, int zulu_figures,
                                            int brit_figures, Explanation* why,
                                            const MeleeTables& tables = DefaultMeleeTables());

enum class BritCategory : int {
  kRanker = 0, kArtilleryCrew = 1, kNonCombatant = 2, kOfficer = 3,
};
struct BritFigure {
  BritCategory category = BritCategory::kRanker;
  bool wounded = false;
};
struct Allocation {
  std::vector<int> eliminated;  // indices into the figures, in the order hit
  std::vector<int> retreated;
};

// "Eliminations take precedence over retreats and are applied first. If, for
// example, 6 Brit figures receive 2 eliminations and 5 retreats, then first
// eliminate 2 figures and then retreat 4 figures. Apply elimination effects
// to Brits in the following order: rankers, artillery crews, noncombatants,
// and finally officers. Apply retreat effects to Brits in the following
// order: noncombatants, artillery crews, rankers, and finally officers.
// Apply melee effects to wounded first within each category."
// INVALID_ARGUMENT for a negative count.
absl::StatusOr<Allocation> AllocateBritishEffects(const std::vector<BritFigure>& figures,
                                                  int eliminations, int retreats);

// "For Zulus, apply melee effects to an Induna last. Apply melee effects to
// an isigaba before an induna." The figures are `warriors` then `indunas`:
// indices 0..warriors-1 the isigaba's, then the induna's.
absl::StatusOr<Allocation> AllocateZuluEffects(int warriors, int indunas, int eliminations,
                                               int retreats);

// "When Zulus are attacking Brits in a building the melees ends in a draw
// when at least half of the Zulus have been eliminated or retreated and the
// Brits have at least one figure remaining."
bool BuildingMeleeDrawn(int zulus_at_start, int zulus_out, int brits_remaining,
                        Explanation* why);

enum class MeleeWinner : int { kZulus = 0, kBrits = 1, kDraw = 2 };
// "the Zulus win", "the Brits win", "a draw".
const char* MeleeWinnerName(MeleeWinner w);

struct MeleeFightResult {
  int rounds = 0;
  MeleeWinner winner = MeleeWinner::kDraw;
  int zulus_eliminated = 0;
  int zulus_retreated = 0;
  int brits_eliminated = 0;
  int brits_retreated = 0;
};

// A whole melee of one isigaba: "repeat steps 3 & 4 until one side has no
// figures remaining in the melee", each round MeleeRound on the figures still
// in it, eliminations laid before retreats and neither past the figures in;
// against Brits in a building it ends in a draw as BuildingMeleeDrawn says.
// Readings: a round that leaves neither side a figure is a draw; the winner is
// the side with figures left. FAILED_PRECONDITION when 1,000 rounds decide
// nothing (a caller's tables where no die ever takes a figure out);
// INVALID_ARGUMENT as MeleeRound.
inline constexpr int kMaxMeleeRounds = 1000;
absl::StatusOr<MeleeFightResult> MeleeFight(Dice& dice, int table, int zulu_figures,
                                            int brit_figures, bool brits_in_building,
                                            Explanation* why,
                                            const MeleeTables& tables = DefaultMeleeTables());

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_TABLES_H_
