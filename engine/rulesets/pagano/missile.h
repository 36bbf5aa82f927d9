// engine/rulesets/pagano/missile.h: MISSILE FIRE and CASULTIES in the
// battle state (000_75b60edb8bb33965.txt): who may fire at whom, with what
// and how many dice, and what an elimination does to the unit it falls on.
//
// Overview: a fire is one firer at one target: a British figure (its own
// d10, its arm: WeaponOf), a piece (a d10 for each crew figure manning it,
// the piece's weapon; "Fire by multiple figures manning a single cannon or
// rocket battery figure must be directed at a single isigaba"), or an
// isigaba (its riflemen, rolled at its first fire by the month's column;
// sharpshooters a d10 for every 4 figures; an NNC isigaba 1 rifleman; or
// its throwing spears, once a battle). FireSituation reads the table for a
// fire (range edge to edge, the target's cover, prone, the induna, firing
// mounted) or says why it may not be: out of range, out of the firer's
// arc ("Other Brits have a 180' arc of fire"), a Zulu not firing at "the
// closest target", spears from prone or thrown before, a jammed Gatling, a
// figure that does not fire (non-combatants, the medical corps, invalids,
// casualties; crews fire their piece). ResolveFire rolls the fire
// (tables.h, MissileFire) and applies its eliminations (Eliminate).
// Eliminate is CASULTIES: a Zulu figure is lost for good (the isigaba's
// cattle take its first two casualties; the markers count the rest), an
// induna may be only wounded (InDunaElimination), an unwounded British
// figure goes alongside the medical corps as a casualty when it can take
// one (a medical corps on the table, within its reach by scale, fewer
// than three taken this turn), else it is eliminated.
//
// Usage:
//   absl::StatusOr<MissileSituation> f = FireSituation(s, firer, target, false);
//   absl::Status st = ResolveFire(s, firer_handle, target_handle, false, dice, log);
//
// Errors: FAILED_PRECONDITION naming why a fire may not be made; nothing
// is changed then. Thread safety: functions of the state given.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_MISSILE_H_
#define IMPI_ENGINE_RULESETS_PAGANO_MISSILE_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

// The scale of a state (SKIRMISH unless it says TACTICAL).
pagano::Scale ScaleOf(const BattleState& s);

// What the unit fires with: a piece its own weapon; a British figure its
// entry's arm, else its kind's (a Martini-Henry on foot, a carbine mounted,
// a pistol an officer: designed); an isigaba its rifles (or spears).
Weapon WeaponOf(const BattleState& s, const Unit& u);


// An isigaba's closest target ("Zulu fire must be directed at the closest
// target"; the NNC fire as Zulus): the enemy body (ground.h, IsEnemyOf) in
// its sight nearest it, edge to edge (the first in unit order on a tie);
// nullptr if none.
const Unit* ClosestTarget(const BattleState& s, const Unit& firer);

// The situation for MissileFire of `firer` at `target` (dice counted, the
// riflemen of an isigaba not yet rolled counted as its best case, 2 capped
// by its figures: ResolveFire rolls them), or FAILED_PRECONDITION saying why
// it may not fire.
absl::StatusOr<MissileSituation> FireSituation(const BattleState& s, const Unit& firer,
                                               const Unit& target, bool spears);

// Rolls a fire of the unit at handle `firer` at the one at `target` and
// applies it; an isigaba's first fire rolls its riflemen first. Logs one
// event (kFired) with the rule and every die.
absl::Status ResolveFire(BattleState& s, int firer, int target, bool spears, Dice& dice,
                         EventLog& log);

// "A gattling gun may split its fire between two adjacent izigaba."
// Readings (designed): adjacent is within kAdjacentIzigaba of the first,
// edge to edge, a Zulu isigaba the gun may fire at too; the partner is the
// adjacent one nearest the first (the first in unit order on a tie); the
// first takes the odd die.
inline constexpr double kAdjacentIzigaba = 1.0;
// The isigaba a Gatling's fire at `first` may be split with, or nullptr.
const Unit* SplitPartner(const BattleState& s, const Unit& gatling, const Unit& first);
// Rolls the Gatling at handle `gatling`'s fire split between `first` and
// its SplitPartner, and applies it (one event, every die).
// FAILED_PRECONDITION for a piece that is not a Gatling or a target with
// no partner.
absl::Status ResolveSplitFire(BattleState& s, int gatling, int first, Dice& dice, EventLog& log);

// Applies `n` elimination results to `u` (CASULTIES), with what each did in
// `why` (may be null).
void Eliminate(BattleState& s, Unit& u, int n, Dice& dice, Explanation* why);

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_MISSILE_H_
