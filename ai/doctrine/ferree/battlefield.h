// ai/doctrine/ferree/battlefield.h: what a Ferree player reads off the table.
//
// Overview: small, pure queries over a BattleState kept the way
// docs/ferree-engine.md describes it (Zulu REGIMENT groups of TRAY units,
// their INDUNA and SNIPER by `parent`, British companies, guns and wagons),
// shared by the Zulu doctrine and the scripted British player: which units
// still fight, the trays of a regiment, gaps between units measured from a
// tray's edge, whether a British unit is firing or its fire has slackened,
// whether a company is threatened on two sides, and where the camp is.
// Distances are inches between the edges of footprints: a tray is a 2.75"
// square kept as a disc of radius 1.4" round its centre (docs/ferree-engine.md),
// a company 1.5", a gun, rocket battery or wagon 1", a single figure 1/4"
// (designed).
//
// Usage:
//   const Unit* nearest = NearestBritish(state, tray.position);
//   if (nearest && Gap(tray, *nearest) <= kCloseRange) ...
//
// Thread safety: all functions are pure.
#ifndef IMPI_AI_DOCTRINE_FERREE_BATTLEFIELD_H_
#define IMPI_AI_DOCTRINE_FERREE_BATTLEFIELD_H_

#include <algorithm>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/state.h"

namespace impi::ai::ferree {

// Ranges of the text (001_4c61f40cf0987cbf.txt, British Firing Table): rifle
// fire is best at 0-6", fair at 6-12" and poor beyond, to 24".
inline constexpr double kCloseRange = 6.0;
inline constexpr double kRifleRange = 12.0;
inline constexpr double kLongRange = 24.0;
// "Resolve ... at least one Zulu movement tray is within 6"" and "Charging a
// retiring unit: any Zulu tray within 6"".
inline constexpr double kThreatRange = 6.0;
// A company with Zulu trays within 3" on two sides is about to be cut off
// (the scripted British player's designed rule).
inline constexpr double kFlankRange = 3.0;
inline constexpr double kTrayRadius = 1.4;

// The ammunition table: turns of fire a full supply gives, by unit type.
int TurnsOfFire(UnitKind kind);

// The small tests below are inline: the doctrine and the script ask them of
// every unit of the table, many times a decision.
inline bool IsZuluTray(const Unit& u) {
  return u.side == Side::kZulu && u.kind == UnitKind::kTray;
}
inline bool IsZuluRegiment(const Unit& u) {
  return u.side == Side::kZulu && u.kind == UnitKind::kRegiment;
}
// A British unit that shoots or fights: companies, mounted units, guns,
// rockets. Not wagons, the surgeon, runners or officers.
inline bool IsBritishFighter(const Unit& u) {
  return u.side == Side::kBritish && IsBritishFightingKind(u.kind);
}
// On the table, with fit or wounded figures left, and not routed off.
using impi::ferree::StillFighting;
// A British unit the Zulus still have to reach: on the table with figures
// present (fit, wounded or seriously wounded: "Seriously wounded figures that
// are contacted by a Zulu figure are killed"), wagons apart. The game ends
// only when no British figure is left.
inline bool IsBritishTarget(const Unit& u) {
  return u.side == Side::kBritish && u.OnTable() && u.kind != UnitKind::kWagon &&
         u.figures.Present() > 0;
}
bool IsMounted(const Unit& u);
bool IsEuropean(const Unit& u);

// The regiment a Zulu unit belongs to: a regiment is its own; a tray, induna
// or sniper names it as parent. nullptr for division indunas and the
// commander.
const Unit* RegimentOf(const BattleState& s, const Unit& u);
// The regiment's trays on the table with figures left (the rule set's
// FightingTraysOf).
using impi::ferree::FightingTraysOf;
// Its division (umpire.division of the regiment, 0 if none).
int DivisionOf(const BattleState& s, const Unit& u);

// Footprints as docs/ferree-engine.md keeps them: a tray is a disc of 1.4"
// round its centre; companies 1.5", guns, rockets and wagons 1", a single
// figure 1/4" (designed, so that "within 6"" means the same to the doctrine
// as to the engine).
inline double Radius(const Unit& u) {
  switch (u.kind) {
    case UnitKind::kTray: return kTrayRadius;
    case UnitKind::kInfantry:
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeFoot:
    case UnitKind::kNativeHorse: return 1.5;
    case UnitKind::kGun:
    case UnitKind::kGatling:
    case UnitKind::kRockets:
    case UnitKind::kWagon: return 1.0;
    case UnitKind::kRegiment: return 0.0;
    default: return 0.25;
  }
}

// Centre-to-centre distance less both footprints' radii: the gap between the
// nearest edges (0 if they overlap).
inline double Gap(const Unit& a, const Unit& b) {
  return std::max(0.0, Distance(a.position, b.position) - Radius(a) - Radius(b));
}
// From a's edge to a point.
inline double GapTo(const Unit& a, const Vec2& p) {
  return std::max(0.0, Distance(a.position, p) - Radius(a));
}
// True only if Gap(a, b) > gap: the centres are further apart than the gap
// and both radii, with a margin far above rounding. A test of squares, for
// the loops that look for the nearest unit without a square root for each.
inline bool SurelyFurther(const Unit& a, const Unit& b, double gap) {
  const double r = gap + Radius(a) + Radius(b) + 1e-6;
  return (a.position - b.position).squaredNorm() > r * r;
}

// The British targets (IsBritishTarget) in the order of the units, into
// `out` (cleared first).
void BritishTargets(const BattleState& s, std::vector<const Unit*>* out);

// The Zulu trays still fighting (IsZuluTray, StillFighting) in the order of
// the units, into `out` (cleared first).
void FightingZuluTrays(const BattleState& s, std::vector<const Unit*>* out);

// The nearest British target to `p` (by GapTo), or nullptr.
const Unit* NearestBritish(const BattleState& s, const Vec2& p);
const Unit* NearestBritishTo(const BattleState& s, const Unit& u);
// NearestBritishTo with the British targets gathered beforehand (by
// BritishTargets: the same units in the same order, so the same answer).
const Unit* NearestOf(const std::vector<const Unit*>& targets, const Unit& u);
// The smallest gap from any of the regiment's trays to any British target;
// a large number if there is none.
double RegimentGapToBritish(const BattleState& s, const std::string& regiment_id,
                            const Unit** nearest_british = nullptr);
// The same from the regiment's trays (TraysOf) and the British targets
// (BritishTargets); `nearest_tray`, if given, is set to the first tray at
// that gap (nullptr if there is no target).
double TraysGapToBritish(absl::Span<const Unit* const> trays,
                         const std::vector<const Unit*>& targets,
                         const Unit** nearest_british = nullptr,
                         const Unit** nearest_tray = nullptr);

// A British unit whose fire is coming in: it has fired (this turn or since
// its last resupply, or it is named in a Zulu unit's fired-on lists), it may
// still fire and it has ammunition.
bool IsFiring(const BattleState& s, const Unit& british);
// The ids the Zulu units' fired-on lists name, into `out` (cleared first):
// what IsFiring looks for, gathered in one walk of the bookkeeping for a
// caller that asks it of many units of one state.
void NamedByZuluFiredOn(const BattleState& s, std::vector<SharedString>* out);
// IsFiring, with `named` gathered by NamedByZuluFiredOn from the same state.
bool IsFiring(const Unit& british, const std::vector<SharedString>& named);
// The fire has slackened (the historical moment to charge): low on or out of
// ammunition, retiring, retreating, or Zulu trays already within 6".
bool FireSlackened(const BattleState& s, const Unit& british);
// The same with the Zulu trays still fighting gathered beforehand (by
// FightingZuluTrays).
bool FireSlackened(const std::vector<const Unit*>& zulu_trays, const Unit& british);

// Zulu trays (on the table, with figures) within `range` of `british`;
// `unpinned_only` leaves out pinned trays.
std::vector<const Unit*> ZuluTraysNear(const BattleState& s, const Unit& british, double range,
                                       bool unpinned_only = false);
// Whether ZuluTraysNear(s, british, range) would list any, without the list.
bool AnyZuluTrayNear(const BattleState& s, const Unit& british, double range);
// True if trays within `range` stand on two sides of `british`: two of them
// more than 90 degrees apart as seen from it.
bool ThreatenedOnTwoSides(const BattleState& s, const Unit& british, double range);

// Where "towards the camp" goes: the rule set's own camp centre (the one
// the engine moves regiments towards).
using impi::ferree::CampCentre;
// The centre of the trays of a division on the table (umpire.division of
// their regiment); false if it has none on the table.
bool DivisionCentre(const BattleState& s, int division, Vec2* centre);

}  // namespace impi::ai::ferree

#endif  // IMPI_AI_DOCTRINE_FERREE_BATTLEFIELD_H_
