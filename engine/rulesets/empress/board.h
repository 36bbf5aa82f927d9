// engine/rulesets/empress/board.h: what Empress reads off the table: who is
// in the fight, cover, organised defences, linear obstacles, a unit's
// condition, and the shared status mirrored from the rule set's own state.
//
// Thread safety: pure functions (SyncStatus writes only the state given).
#ifndef IMPI_ENGINE_RULESETS_EMPRESS_BOARD_H_
#define IMPI_ENGINE_RULESETS_EMPRESS_BOARD_H_

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/empress/empress_state.h"
#include "engine/rulesets/empress/tables.h"

namespace impi::empress {

// A unit that fights (not an induna, witch doctor, runner or officer alone).
bool Fights(const Unit& u);
// The distance from p to the segment a-b.
double SegmentDistance(const Vec2& p, const Vec2& a, const Vec2& b);
// p inside a polygon of terrain of `kind`.
bool InsideTerrain(const BattleState& s, const Vec2& p, TerrainKind kind);
// "behind organised defences" (designed reading): inside a barricade, mealie
// bags, wall or laager, or within 1" of the footprint of a linear one.
bool BehindDefences(const BattleState& s, const Unit& u);
// "Target behind cover" (designed reading): inside terrain with a cover
// class, or a linear obstacle with one across the line of fire within 2" of
// the target's footprint.
bool TargetInCover(const BattleState& s, const Vec2& from, const Unit& target);
// Linear obstacles ("walls, hedges, dried up river beds": open, polyline
// terrain) the straight move a-b crosses; "Player agree on this before or
// during the game": a feature the players say is none
// (empress.linear_obstacle.<terrain id> 0) is not counted.
int LinearObstacles(const BattleState& s, const Vec2& a, const Vec2& b);
// No terrain that blocks sight across a-b (a unit inside such terrain sees
// out of it).
bool SightClear(const BattleState& s, const Vec2& a, const Vec2& b);
// DISORDERED or SHAKEN by its losses, or permanently SHAKEN.
Condition ConditionNow(const BattleState& s, const Unit& u);
// On the table's edge.
bool OnEdge(const BattleState& s, const Vec2& p);
// The point `inches` along the polyline `path` (its end if shorter).
Vec2 AlongPath(const std::vector<Vec2>& path, double inches);
// The MORALE situation of `u` as it stands: its class, a senior commander
// or witch doctor of its side in contact, its officer killed, its condition,
// this test's place in a row of tests and last move's failure. The caller
// adds what the move brought (a rocket, cavalry catching it retiring, a
// volley from prepared positions, a retiring unit passing within 10").
MoraleSituation MoraleSituationOf(const BattleState& s, const Unit& u);
// The lasting effects of a failed test on `e`: retiring (and never firing
// again, permanently SHAKEN) or routing, which end its being pinned.
// Returns whether the unit lies down pinned for the following move: a
// Zulu failure that neither retires nor routs it, unless it is retiring or
// routing already (then it goes on: a unit is never both pinned and
// retiring). Being pinned and the Brit regulars' -1 last the next move: the
// caller places them. Play and Ask both apply a test's result with this.
bool ApplyLastingMorale(const MoraleResult& r, EmpressUnit& e);

// Takes `killed` figures off the unit with handle `h`, at most its fit
// figures; the leader falls when a unit is down to half its figures
// (designed: "-1 unit officer killed"), checked even when none is killed.
void ApplyLosses(BattleState& s, int h, int killed);

// The caller's override of the designed parameter `kName` (empress.h), or
// `fallback`: BattleState::ParameterOr by a name made a std::string once,
// not once a call.
template <const char* kName>
double ParameterOr(const BattleState& s, double fallback) {
  static const std::string* const name = new std::string(kName);
  return s.ParameterOr(*name, fallback);
}

// Mirrors the rule set's own state into each unit's shared status and stance.
void SyncStatus(BattleState& s);
// The same for one unit, whose bookkeeping is `e` (null if none).
void SyncUnitStatus(Unit& u, const EmpressUnit* e);

}  // namespace impi::empress

#endif  // IMPI_ENGINE_RULESETS_EMPRESS_BOARD_H_
