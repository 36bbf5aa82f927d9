// engine/rulesets/roarks_drift/damage.h: 8.0 Damage and 8.3 healing, on a
// game's state (004_18930928e35a3412.txt).
//
// Overview: every wound a chart, Oskarberg fire or a fire deals goes through
// ApplyDamage, which adds it to the unit's wounds as 8.2 says (tables.h,
// Wound) and kills the unit at a mortal wound: a Zulu unit killed counts for
// its regiment and for the game's hundred (9.3.B), a rifled one is lost for
// good (9.3.C); the game ends at once at 100 Zulu units killed (12.0).
// Healing is the interphase's (8.3): Surgeon Major Reynolds heals those
// stacked with him or adjacent, or in the storeroom where he operates.
//
// Usage:
//   bool dead = ApplyDamage(s, unit, Damage::kLight);
//   IMPI_RETURN_IF_ERROR(HealInInterphase(s, dice));
//
// Thread safety: free functions over the caller's state.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_DAMAGE_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_DAMAGE_H_

#include <vector>

#include "absl/status/status.h"
#include "engine/core/dice.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

// 8.2: adds `d` to the unit's wounds; true if it is now dead (and so
// removed, 9.3.B's counts kept).
bool ApplyDamage(RoarksState& s, int unit, Damage d);
// Kills a unit (a mortal wound, or 5.0.F's excess removed): off the map,
// counted.
void Kill(RoarksState& s, int unit);
// The British units killed (12.0's "# of British dead").
int BritishDead(const RoarksState& s);

// Reynolds' state as 8.3 reads it: dead or off the map reads as seriously
// wounded (he "cannot heal anyone").
Surgeon ReynoldsState(const RoarksState& s);
// Whether a wounded British unit is in Reynolds' care: in his hex or
// adjacent (8.3.B), or in the storeroom where he is operating (8.3.A).
bool InReynoldsCare(const RoarksState& s, int unit);

// 8.3 in the interphase (after a phase, before the next set-up): with
// Reynolds well or lightly wounded, the light wounds in his care cured and
// the serious rolled for (HealSerious: dies, or returns on that turn of the
// next phase); with him seriously wounded, every wounded man rolls (serious
// die 2-7, light die 2) and nobody is cured. Wounded men out of his care
// otherwise keep their wounds. Dice errors are the dice's.
absl::Status HealInInterphase(RoarksState& s, Dice& dice);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_DAMAGE_H_
