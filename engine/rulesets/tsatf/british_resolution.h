// engine/rulesets/tsatf/british_resolution.h: the engine resolving the
// British side of a Zulu Control game (designed: not in the source text).
//
// Overview: the Zulu Control manual (rules file 003_8a310c3200cb6fb0.txt) is
// an umpire's variant of The Sword and the Flame; the TSATF core rules for
// fire, close combat, "test to stand" and "critical morale" are not in the
// text. At a real table the players resolve them and type in the results
// (FIRE with its `hits`, CASUALTIES, CLOSE_COMBAT_RESULT): that stays the
// default. When the table sets the parameter tsatf.resolve_british to 1, the
// engine resolves them itself with the designed TSATF-style tables below,
// every die drawn from the request's Dice and logged with its explanation:
//   - British fire: one D6 per firing figure (native foot: per 2 figures;
//     a gun, Gatling or rocket trough: tsatf.fire.gun_dice dice at twice the
//     range); a die of tsatf.fire.hit_close (5) or more hits within
//     tsatf.fire.close_range (12"), of tsatf.fire.hit_long (6) within
//     tsatf.fire.range (24"); mounted +1 to the score needed, a target in
//     cover of class 2 or more +1; a 6 always hits. Each hit is a Zulu down.
//   - Zulu fire (a rifle-armed or skirmishing regiment on a Zulu fire card):
//     one D6 per 2 figures, hits on tsatf.zulu_fire.rifle_hit (6) with
//     rifles, tsatf.zulu_fire.spear_hit (5) with thrown spears; cover +1.
//   - Test to stand of a British unit charged by an impi: D6, +1 red coats,
//     -1 native troops, -1 below half; stands on tsatf.british_stand_target
//     (3) or more; a unit that fails wavers: -tsatf.melee.wavering_penalty
//     (1) on its close combat dice this turn.
//   - Critical morale of a British unit first reduced below half: D6, +1
//     red coats, -1 native troops; passes on tsatf.british_morale_target (4)
//     or more; a unit that fails routs off the table.
//   - Close combat, once a turn for each British unit in it: fights =
//     the fewer of its figures and the Zulu figures in contact; each fight a
//     D6 a side, Zulu +tsatf.melee.zulu_bonus (1), +tsatf.melee.
//     outnumber_bonus (1) if they have more figures in the fight, British
//     red coats +tsatf.melee.regular_bonus (1), a wavering unit -1; the lower
//     loses a figure, a tie nobody.
// The Zulu side's own test to stand and critical morale are tables.h's
// DesignedTestToStand and DesignedCriticalMorale.
//
// Usage:
//   Explanation why;
//   FireInput in;  in.dice = 20;  in.needed = 5;
//   int hits = FireHits(dice, in, &why);   // why.rule.designed is true
//
// Thread safety: pure functions of their arguments and the dice.
#ifndef IMPI_ENGINE_RULESETS_TSATF_BRITISH_RESOLUTION_H_
#define IMPI_ENGINE_RULESETS_TSATF_BRITISH_RESOLUTION_H_

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/ruleset.h"

namespace impi::tsatf {

// Parameters (TableState.parameters) of the designed resolution.
inline constexpr char kResolveBritishParam[] = "tsatf.resolve_british";  // 0 typed in, 1 engine
inline constexpr char kFireRangeParam[] = "tsatf.fire.range";
inline constexpr char kFireCloseRangeParam[] = "tsatf.fire.close_range";
inline constexpr char kFireHitCloseParam[] = "tsatf.fire.hit_close";
inline constexpr char kFireHitLongParam[] = "tsatf.fire.hit_long";
inline constexpr char kFireGunDiceParam[] = "tsatf.fire.gun_dice";
inline constexpr char kZuluRifleHitParam[] = "tsatf.zulu_fire.rifle_hit";
inline constexpr char kZuluSpearHitParam[] = "tsatf.zulu_fire.spear_hit";
inline constexpr char kMeleeZuluBonusParam[] = "tsatf.melee.zulu_bonus";
inline constexpr char kMeleeOutnumberBonusParam[] = "tsatf.melee.outnumber_bonus";
inline constexpr char kMeleeRegularBonusParam[] = "tsatf.melee.regular_bonus";
inline constexpr char kMeleeWaveringParam[] = "tsatf.melee.wavering_penalty";
inline constexpr char kBritishStandTargetParam[] = "tsatf.british_stand_target";
inline constexpr char kBritishMoraleTargetParam[] = "tsatf.british_morale_target";

inline constexpr char kTableBritishFire[] = "British fire (designed)";
inline constexpr char kTableZuluFire[] = "Zulu fire (designed)";
inline constexpr char kTableBritishStand[] = "British test to stand (designed)";
inline constexpr char kTableBritishMorale[] = "British critical morale (designed)";
inline constexpr char kTableCloseCombat[] = "Close combat (designed)";

// One parameter Zulu Control takes: its name, default and allowed range.
struct ParameterSpec {
  const char* name;
  double fallback;
  double low;
  double high;
  bool whole;
};
// Every parameter of Zulu Control (the designed tables, the resolution, the
// patrol task of victory.h), in a fixed order.
const std::vector<ParameterSpec>& ZuluControlParameters();
// The spec of `name`, or nullptr.
const ParameterSpec* FindParameter(const std::string& name);
// The state's value of a parameter (its override or the default).
double Param(const BattleState& state, const char* name);

// Whether the engine resolves the British side (tsatf.resolve_british = 1).
bool ResolvesBritish(const BattleState& state);

// Red coats are regulars; NATIVE_FOOT and NATIVE_HORSE are native troops.
bool IsNativeTroops(const Unit& u);
bool IsArtillery(const Unit& u);  // GUN, GATLING, ROCKETS

// A fire table's input: `dice` D6s, a die of `needed` or more hits (a 6
// always hits), capped at `max_hits` (the target's figures).
struct FireInput {
  int dice = 0;
  int needed = 6;
  int max_hits = 0;
  std::string purpose;
  std::vector<Modifier> needed_because;  // why `needed` is what it is
};
// Rolls the dice (one pool) and counts the hits. `table` is kTableBritishFire
// or kTableZuluFire.
int FireHits(Dice& dice, const FireInput& in, const char* table, Explanation* why);

// British fire from `shooter` at `target`: how many dice and what score
// hits. False (and why, in *reason) when the unit cannot fire at it: out of
// range, out of sight, or a unit that does not fire. With `told` false the
// input's purpose and the reasons of its score are not written (nobody reads
// them: a quiet log, dice that keep no purposes); its numbers are the same.
bool BritishFireInput(const BattleState& state, const Unit& shooter, const Unit& target,
                      FireInput* in, std::string* reason, bool told = true);
// Whether BritishFireInput would be true (no dice worked out, no reason
// written): for the candidates of LegalActions.
bool BritishMayFire(const BattleState& state, const Unit& shooter, const Unit& target);
// Zulu fire from a rifle-armed or skirmishing regiment.
FireInput ZuluFireInput(const BattleState& state, const Unit& shooter, const Unit& target);

// Whether `p` is inside a terrain feature of cover class 2 or more.
bool InCover(const BattleState& state, const Vec2& p);
// Line of sight between two points over the terrain that blocks it (a
// feature either end stands in does not block).
bool ClearSight(const BattleState& state, const Vec2& a, const Vec2& b);

// British test to stand / critical morale: D6 + modifiers >= target.
bool BritishTestToStand(Dice& dice, const BattleState& state, const Unit& unit, Explanation* why);
bool BritishCriticalMorale(Dice& dice, const BattleState& state, const Unit& unit,
                           Explanation* why);

// One round of close combat.
struct FightInput {
  int british_figures = 0;
  int zulu_figures = 0;
  int british_modifier = 0;
  int zulu_modifier = 0;
  std::vector<Modifier> british_because;
  std::vector<Modifier> zulu_because;
  std::string british_id;
};
struct FightResult {
  int fights = 0;
  int british_lost = 0;
  int zulu_lost = 0;
};
FightResult CloseCombat(Dice& dice, const FightInput& in, Explanation* why);
// The modifiers of a British unit and the Zulus fighting it.
FightInput CloseCombatInput(const BattleState& state, const Unit& british, int zulu_figures);
// The Zulu units in close combat with the British unit `british`: those in
// close combat within reach of it (contact plus a regiment's spacing).
std::vector<const Unit*> CloseCombatFoes(const BattleState& state, const Unit& british);

// How far a British unit moves in one move (designed: 6" on foot, 12"
// mounted; guns limbered 6"). For the candidate moves of LegalActions.
double MoveAllowance(const Unit& u);

// A MOVE LegalActions offers `b` towards `want` (clamped to the table):
// false when `want` is within 1" of a Zulu unit (closing with one is a
// CHARGE); else *move goes where BritishMoveEnd stops it (on no friend:
// footprint.h, designed), which may be where the unit stands (false when
// that is within 1" of a Zulu unit).
bool OfferedMove(const BattleState& state, const Unit& b, const Vec2& want, Action* move);

// The British candidates LegalActions offers when the engine resolves the
// British side or the table has a patrol task (victory.h): PASS; moves
// (forward, back towards the entry edge, towards the nearest Zulu; with a
// patrol task towards the objective: the unit nearest it onto it until it is
// reached, the others to 5" short of it); CHARGE of the nearest Zulu unit
// within a move; FIRE at
// each Zulu unit in range and sight (hits rolled by the engine);
// CLOSE_COMBAT_RESULT for each British unit still to fight. `awaiting` is
// Awaits(state).
std::vector<Action> BritishCandidates(const BattleState& state, const Awaiting& awaiting);

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_BRITISH_RESOLUTION_H_
