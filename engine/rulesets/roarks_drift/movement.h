// engine/rulesets/roarks_drift/movement.h: 4.0 Movement and 5.0 Stacking on
// a game's state (004_18930928e35a3412.txt).
//
// Overview: a unit moves a hex at a time (MoveUnit), paying the Terrain
// Effects Chart's MPs (terrain_chart.h, RoarksOptions::terrain) out of its
// allowance, less its wounds (4.0.B, G); units move one at a time, and one
// that starts moving ends the last one's move (4.0.C); it may not enter a
// hex it lacks the MPs for (4.0.D), a room on fire (10.2.D), or a hex the
// enemy holds (reading: the text moves units only to melee them). A Zulu
// unit enters from its regiment's zones (9.2), paying the first hex's
// ground. A Zulu unit may fall prone at the end of its move for 1 MP (4.0.F);
// a rifle unit reloading may not move (6.2.1.A). At the end of each
// movement segment, and after advances, the stacking limits apply and the
// excess is removed (5.0).
//
// Usage:
//   IMPI_RETURN_IF_ERROR(MoveUnit(s, u, Board::Hex(20, 9)));
//   IMPI_RETURN_IF_ERROR(FallProne(s, u));
//   std::vector<int> removed = ApplyStackingLimit(s, Side::kZulu);
//
// Errors: FAILED_PRECONDITION when the unit may not move now (another
// side's segment, its move over, reloading); INVALID_ARGUMENT naming "to"
// for a hex it may not enter. Nothing changes on an error.
// Thread safety: free functions over the caller's state.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_MOVEMENT_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_MOVEMENT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

// The MPs a unit has left this segment (4.0.B, G).
int MpsLeft(const RoarksState& s, int unit);
// The MPs to move `unit` into `to` now; -1 when it may not (the reason in
// `*why_not` when given).
int MoveCost(const RoarksState& s, int unit, HexCoord to, std::string* why_not = nullptr);
// MoveCost of a unit on the map into the hex next to it across `d`, its
// MPs left (MpsLeft) known: the same answer, for a caller that lists a
// unit's six steps.
int StepCost(const RoarksState& s, int unit, HexDirection d, int mps_left);
// Moves `unit` one hex into `to` (adjacent, or an entry hex of its
// regiment's zones when it is off the map).
absl::Status MoveUnit(RoarksState& s, int unit, HexCoord to);
// 4.0.F: a Zulu unit falls prone in its hex, spending 1 MP; its move ends.
absl::Status FallProne(RoarksState& s, int unit);
// 5.0.F "the owning side must remove (eliminate) the excess": in every hex
// past the limit, the units of `side` are removed from the top of the
// stack down, those the owner names in `keep` last. The removed units are
// killed (they count as Zulu losses, 9.3.B); returned in the order removed.
std::vector<int> ApplyStackingLimit(RoarksState& s, Side side, const std::vector<int>& keep = {});
// The segment whose movement `side` makes (3.1, 3.2).
Segment MovementSegmentOf(Side side);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_MOVEMENT_H_
