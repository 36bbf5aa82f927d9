// engine/rulesets/roarks_drift/fire.h: 6.0 Fire Combat and 6.3 Lines of
// Sight on a game's state (004_18930928e35a3412.txt).
//
// Overview:
//   - AimedFire (6.1.1, and 6.2.1 "Use the same procedure"): units of the
//     side whose fire segment it is, each with a line of sight to the target
//     hex, sum their fire factors over the hex's Fire Defense Factor; two
//     dice on the Fire Chart; the damage to the top unit (8.1.B). A unit
//     that aims may not aim the next turn (6.1.1.D); a Zulu rifle unit
//     reloads then and may not move (6.2.1.A-C). Only rifled Zulu units fire.
//   - Volley fire (6.1.2): a lieutenant lines up a volley line one turn
//     (LineUpVolley: its men may not fire that turn), and from the next turn
//     on the line fires every turn (VolleyFire): at least ten men, none the
//     lieutenant, within his hex, the adjacent hexes and theirs, divided
//     between their hexes as evenly as possible, the hexes one straight row
//     firing through the same one of the six hexsides, each hex at the unit
//     directly in its path; a British unit first in any hex's path blocks
//     the whole line.
//   - Oskarberg fire (6.2.2.1) on British units in the main perimeter, and
//     the British suppression (6.2.2.2) every other turn with 60 fire factors.
//   - Lines of sight (6.3) from hex centre to hex centre on the board's
//     hex map (walls, loopholes, buildings, bush, the ditch), blocked also by
//     an intermediate hex of four British units or one Zulu.
// The Fire Defense Factor of a target is the chart's (terrain_chart.h) for
// its hex and the wall its line crosses last; with several firers, the
// highest over their lines (reading, docs/conformance.md); a prone Zulu's is
// 3 instead of the hex's (4.0.F), a wall's still counting where higher.
//
// Usage:
//   absl::StatusOr<FireResult> r = AimedFire(s, dice, {u1, u2}, target);
//   IMPI_RETURN_IF_ERROR(LineUpVolley(s, chard, HexDirection::kNorth, men));
//   ... next turn ...
//   absl::StatusOr<std::vector<FireResult>> v = VolleyFire(s, dice, chard, men);
//
// Errors: FAILED_PRECONDITION when the fire does not apply now (another
// segment, a unit that fired or aimed last turn, no line of sight, a line
// blocked); INVALID_ARGUMENT naming "firers[i]" or "target" for a unit or hex
// that is not one. Nothing changes on an error (dice errors are the dice's,
// checked by the caller at the end of its step).
// Thread safety: free functions over the caller's state.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_FIRE_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_FIRE_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/dice.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

struct FireResult {
  HexCoord target;
  int fire_factors = 0;
  int fire_defense = 0;
  int ratio = 0;
  Damage damage = Damage::kMiss;
  int hit = kNoUnit;  // the top unit, which took the damage
};

// 6.3.B: the hexes whose units block a line of sight: four British units or
// one Zulu.
std::vector<HexCoord> BlockingHexes(const RoarksState& s);
// 6.3: a line of sight from `from` to `to`, given BlockingHexes: the hex
// map's (hex_map.h), except that a man at a barricade fires over it and is
// fired on over it (a barricade on the line's first or last hexside does
// not interrupt it).
bool LineOfSight(const RoarksState& s, HexCoord from, HexCoord to, const std::vector<HexCoord>& blocking);
// The FDF of the top unit of `target` fired on from `from` (4.0.F, the
// chart's hex and wall).
int FireDefenseFrom(const RoarksState& s, HexCoord from, HexCoord target);
// Whether `unit` may aim now: its side's fire segment, in play, with fire
// factors (a Zulu: a rifle unit), not fired this turn, not aimed last turn.
bool MayAim(const RoarksState& s, int unit);

absl::StatusOr<FireResult> AimedFire(RoarksState& s, Dice& dice, const std::vector<int>& firers,
                                     HexCoord target);

absl::Status LineUpVolley(RoarksState& s, int lieutenant, HexDirection facing, const std::vector<int>& units);
// The hexes a volley line's men stand in, fired through `facing`: OK, or
// why not (INVALID_ARGUMENT naming "firers").
absl::Status CheckVolleyLine(const RoarksState& s, int lieutenant, HexDirection facing,
                             const std::vector<int>& firers);
absl::StatusOr<std::vector<FireResult>> VolleyFire(RoarksState& s, Dice& dice, int lieutenant,
                                                   const std::vector<int>& firers);

// 6.2.2.1.A-C: whether the Oskarberg may fire now.
bool OskarbergMayFire(const RoarksState& s);
// The British units Oskarberg fire may wound (6.2.2.1.B): in the main
// perimeter (no unit stands on a roof on this board), in handle order.
std::vector<int> OskarbergTargets(const RoarksState& s);
// 6.2.2.1: in the Zulu fire segment, once a turn. The wounds go to the units
// of `targets` in order, then to the rest of OskarbergTargets in handle
// order (not in the source text: the text does not say who is hit; the
// Zulu player names them). INVALID_ARGUMENT naming "targets[i]" for a unit
// that is not a target.
absl::StatusOr<OskarbergResult> FireOskarberg(RoarksState& s, Dice& dice, const std::vector<int>& targets);
// 6.2.2.2: in the British fire segment, every other turn, units of at
// least 60 fire factors between them (none that fired this turn or aimed
// last turn) roll to suppress; they may not aim next turn. The level after.
absl::StatusOr<int> SuppressOskarbergFire(RoarksState& s, Dice& dice, const std::vector<int>& units);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_FIRE_H_
