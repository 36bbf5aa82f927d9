// engine/rulesets/roarks_drift/turn.h: the turn sequence (3.0 - 3.7), the
// phases (9.3) and victory (12.0) of a game's state
// (004_18930928e35a3412.txt).
//
// Overview: a turn is the seven segments of 3.0 in order; EndSegment closes
// the segment the game is in and opens the next:
//   - 3.1 / 3.2 movement: at its end the side's stacking limit (5.0.A, C-D)
//     and a fresh allowance for the next;
//   - 3.3 / 3.4 fire (fire.h, buildings.h);
//   - 3.5 Zulu melee: may not close while a Zulu unit that must attack has
//     not (7.0.A); 3.6 British melee: closing it applies the melees held if
//     the British made none (7.0.H), and the stacking limits after advances
//     (5.0.E);
//   - 3.7 end: British units in burning rooms take their damage and the
//     fires spread (10.2); an Oskarberg suppression not kept up lapses
//     (6.2.2.2.E); every regiment that has lost a third of its units killed
//     retires (3.7.A-B); when all three have, the phase ends (3.7.C); then
//     the next turn: the healed who return that turn come back in the
//     storeroom, and the retiring Zulus leave at their movement rate.
// A phase ends also when the Zulu side ends it (EndPhase, 9.3.A); then the
// interphase (8.3 healing), the renewal of the regiments at full strength
// less their rifled units lost (3.7.D, 9.3.B-C), and the next phase's set-up
// (9.1, 9.2). The game ends at once at 100 Zulu units killed (9.3.B, 12.0),
// or at the end of the fourth phase; its victory level is read on the
// British dead (12.0; 36-38, which the table leaves out, is
// RoarksOptions::victory_gap: not in the source text).
//
// Usage:
//   while (!GameOver(s)) { ... the side's decisions ...; IMPI_RETURN_IF_ERROR(EndSegment(s, dice)); }
//   absl::StatusOr<Victory> v = VictoryNow(s);
//
// Errors: FAILED_PRECONDITION when the game is not being played (set-up,
// over) or the segment may not close yet; the dice's own errors.
// Thread safety: free functions over the caller's state.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TURN_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TURN_H_

#include "absl/status/statusor.h"
#include "engine/core/dice.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

absl::Status EndSegment(RoarksState& s, Dice& dice);
// 9.3.A "at any time the Zulu side desires": read as at the end of a turn,
// in the end segment (after its own work), or when all regiments retired.
absl::Status EndPhase(RoarksState& s, Dice& dice);
// 3.7.B: the retiring units move off by their cheapest way to the map's
// edge, as far as their allowance takes them, leaving from an edge hex
// (the way is not in the source text: designed).
void RetireUnits(RoarksState& s);
bool GameOver(const RoarksState& s);
// 12.0, on the British dead now.
absl::StatusOr<Victory> VictoryNow(const RoarksState& s);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TURN_H_
