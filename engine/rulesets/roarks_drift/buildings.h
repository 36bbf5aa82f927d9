// engine/rulesets/roarks_drift/buildings.h: 10.0 Fires and 11.0 Buildings on
// a game's state (004_18930928e35a3412.txt).
//
// Overview:
//   - Setting a fire, in the Zulu fire segment, on a roofed hex next to the
//     unit: a rifle unit fires down through the roof (10.1.B, by its wounds:
//     2-7, 2-6, 2-4; it may not have moved this turn, and it is its fire:
//     it reloads the next turn); any Zulu unit on a 12 if not moving or
//     firing that turn (10.1.C); a Zulu unit carrying a torch from a burning
//     room (10.1.D: 2-6, 2-5, 2-3 by its wounds; the torch is taken by moving
//     next to a burning room, and spent on the attempt).
//   - 10.2: a fire set starts the following turn in the room (10.2.A); each
//     turn a burning room that has not spread rolls, and on 2-7 its
//     neighbouring rooms catch the following turn (B-C); no one enters a
//     room on fire (D, movement.h); a British unit that stays in a burning
//     room takes the schedule's damage turn by turn (E).
//   - 11.0: the hospital's loopholes and the storehouse's windows and doors
//     are on the board (board.h); Tunnel opens a wall (11.0.B), through which
//     both sides then move, shoot and melee (11.0.C-D). How long digging
//     takes is not in the source text: designed, a unit that has not moved
//     this segment spends its whole movement on it.
//
// Usage:
//   absl::StatusOr<bool> lit = FireThroughRoof(s, dice, rifle, roof_hex);
//   SpreadFires(s, dice);   // the end segment, after BurnUnits(s)
//   IMPI_RETURN_IF_ERROR(Tunnel(s, unit, HexDirection::kNorth));
//
// Errors: FAILED_PRECONDITION out of the segment or for a unit that may not
// (moved, fired, no torch); INVALID_ARGUMENT naming "hex" or "direction" for
// a place that is not one. Nothing changes on an error.
// Thread safety: free functions over the caller's state.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_BUILDINGS_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_BUILDINGS_H_

#include "absl/status/statusor.h"
#include "engine/core/dice.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

// 10.1.B; true if the fire is set (it burns from the next turn).
absl::StatusOr<bool> FireThroughRoof(RoarksState& s, Dice& dice, int unit, HexCoord hex);
// 10.1.C.
absl::StatusOr<bool> SetRoofAlight(RoarksState& s, Dice& dice, int unit, HexCoord hex);
// 10.1.D.
absl::StatusOr<bool> CarryTorch(RoarksState& s, Dice& dice, int unit, HexCoord hex);
// Whether a room has a fire, burning or set to burn next turn.
bool RoomHasFire(const RoarksState& s, int room);
// 10.2.E, once a turn in the end segment: the British in burning rooms.
void BurnUnits(RoarksState& s);
// 10.2.B-C, once a turn in the end segment.
absl::Status SpreadFires(RoarksState& s, Dice& dice);
// 11.0.B: `unit` digs through the wall on its hex's side `direction`.
absl::Status Tunnel(RoarksState& s, int unit, HexDirection direction);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_BUILDINGS_H_
