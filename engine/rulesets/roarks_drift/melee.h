// engine/rulesets/roarks_drift/melee.h: 7.0 Melee on a game's state
// (004_18930928e35a3412.txt).
//
// Overview: in the Zulu melee segment the Zulus attack (ZuluMelee): every
// Zulu unit adjacent to a British unit attacks (7.0.A), every adjacent
// British hex is attacked (7.0.B), units may combine on one hex (7.0.C).
// Each attack sums its melee factors over the defenders' summed factors
// (7.0.D), the terrain applied to either side (7.0.E, as the worked example
// prints it: a wall doubles its defenders, a unit on a ridge below its enemy
// is halved; a prone Zulu has no attack and half its defence, 4.0.F), and
// rolls on the Melee Chart; the result is held (7.0.F). Then the British
// attack as they please (BritishMelee, 7.0.G), and all damage is applied at
// once (7.0.H) to every unit of each defending hex (8.1.A). Attackers whose
// defenders were eliminated may advance into the hex (Advance, 7.0.I), the
// stacking limits applying (5.0.E).
//
// Units are adjacent for melee when their hexes are adjacent and the
// hexside between them is open or a barricade (a wall of mealie bags,
// biscuit boxes, the kraal or the redoubt); a building's wall and a
// loophole are crossed only where opened (11.0.C: "Once an opening is made,
// both sides may ... melee through it").
//
// Usage:
//   IMPI_RETURN_IF_ERROR(ZuluMelee(s, dice, {{{z1, z2}, british_hex}}));
//   IMPI_RETURN_IF_ERROR(BritishMelee(s, dice, {}));   // applies everything
//   IMPI_RETURN_IF_ERROR(Advance(s, Side::kZulu, british_hex, {z1}));
//
// Errors: FAILED_PRECONDITION out of the segment or where 7.0.A-B are not
// met; INVALID_ARGUMENT naming "attacks[i]..." for a unit or hex that is
// not one. Nothing changes on an error.
// Thread safety: free functions over the caller's state.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_MELEE_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_MELEE_H_

#include <vector>

#include "absl/status/status.h"
#include "engine/core/dice.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

// Whether units in `a` and `b` may melee each other.
bool MeleeContact(const RoarksState& s, HexCoord a, HexCoord b);
// A Zulu unit that must attack now (7.0.A): in play, standing, not
// retiring, in contact with a British unit.
bool MustAttack(const RoarksState& s, int unit);
// The British hexes in contact with a Zulu unit that must attack (7.0.B).
std::vector<HexCoord> HexesToAttack(const RoarksState& s);
// The melee factors of an attack on `target` by `attackers`, and of the
// defenders, after terrain (7.0.D-E).
struct MeleeFactors {
  int attack = 0;
  int defence = 0;
};
MeleeFactors MeleeStrengths(const RoarksState& s, const std::vector<int>& attackers, HexCoord target);

absl::Status ZuluMelee(RoarksState& s, Dice& dice, const std::vector<MeleeAttack>& attacks);
absl::Status BritishMelee(RoarksState& s, Dice& dice, const std::vector<MeleeAttack>& attacks);
// 7.0.I: units of `side` that attacked `target` (now vacated) move into it.
absl::Status Advance(RoarksState& s, Side side, HexCoord target, const std::vector<int>& units);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_MELEE_H_
