// engine/rulesets/pagano/ground.h: where Pagano's units stand, how far apart
// they are, and what shelters them (docs/pagano-engine.md, "Ground").
//
// Overview: "These rules are intended for 15-28mm figures based individually
// on penny-sized bases." A figure (a British figure, an induna, a piece) is
// a disc of kBaseRadius at its position; a wagon a disc of kWagonRadius; an
// isigaba a rectangle of its frontage (at least 4") and the depth its
// figures take in ranks of penny bases behind it, centred on its position
// and facing `facing` (radians: the direction its front faces). Distances
// between units are edge to edge (Gap). COVER is read off the terrain: a
// piece's feature is the one the own state gives it (state.h,
// TerrainFeature), else its kind's (FeatureOf); a unit inside an area
// (brush, a building, a hut, boulders) is in that area's cover, one behind a
// line (a wall, a barricade, a palisade, mealie bags) within kBehind of it
// with the line of fire crossing it is in the line's, one in a donga
// against its edge fired on from outside it is behind the donga edge; a
// wagon the line of fire passes is soft cover for a unit within kBehind
// of it. The best of these counts (MissileCover).
//
// Usage:
//   const double gap = Gap(s, brit, isigaba);   // inches, edge to edge
//   const CoverClass c = MissileCover(s, isigaba, brit, &why);
//
// Thread safety: pure functions of the state.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_GROUND_H_
#define IMPI_ENGINE_RULESETS_PAGANO_GROUND_H_

#include <array>

#include "engine/core/battle_state.h"
#include "engine/core/event.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

// Designed (not in the source text): a penny-sized base is 3/4" across (a
// UK penny is 20.3 mm).
inline constexpr double kBaseWidth = 0.75;
inline constexpr double kBaseRadius = kBaseWidth / 2;
// Designed: a wagon stands on a disc of 1" radius.
inline constexpr double kWagonRadius = 1.0;
// Designed: a unit is behind a wall, a barricade or a wagon when it stands
// within 1" of it, edge to edge.
inline constexpr double kBehind = 1.0;

// A unit's footprint: a disc, or an isigaba's rectangle (corners
// counterclockwise).
struct Footprint {
  bool rectangle = false;
  Vec2 centre = Vec2::Zero();
  double radius = 0.0;
  std::array<Vec2, 4> corners{};
};

// Whether a terrain piece is an area (a closed outline of three or more
// points) rather than a line.
bool IsArea(const Terrain& t);
// The first share of segment a-b (0 to 1) at which it crosses the terrain's
// outline (closed unless the piece is open), or -1 if it does not.
double FirstCrossing(const Vec2& a, const Vec2& b, const Terrain& t);

// An isigaba's frontage: its entry's when set, else (designed) two ranks of
// penny bases, at least 4": "At the end of movement each isigaba must
// occupy a frontage of at least 4"."
double FrontageOf(const BattleState& s, const Unit& isigaba);
// The depth `figures` take behind a frontage, in ranks of penny bases (at
// least one rank).
double DepthOf(int figures, double frontage);
Footprint FootprintOf(const BattleState& s, const Unit& u);
// A unit's facing as the contract keeps it (Unit.facing: degrees, 0 = +y,
// clockwise) as a direction on the table, and a direction as a facing.
Vec2 FacingDirection(double facing_degrees);
double FacingDegrees(const Vec2& direction);
// The four quarters as facings: +y north, +x east.
inline constexpr double kFacingNorth = 0.0;
inline constexpr double kFacingEast = 90.0;
inline constexpr double kFacingSouth = 180.0;
inline constexpr double kFacingWest = 270.0;
// The radius of the least circle about the footprint's centre holding it.
double BoundingRadius(const Footprint& f);
// The gap between two footprints, edge to edge; 0 when they touch or
// overlap.
double Gap(const Footprint& a, const Footprint& b);
double Gap(const BattleState& s, const Unit& a, const Unit& b);
// The British figure standing nearest `u` (edge to edge; the first in unit
// order on a tie), with the gap in `*gap` (may be null); nullptr if none.
const Unit* NearestBritishFigure(const BattleState& s, const Unit& u, double* gap);
// Whether `o` is an enemy body of `u` that a move, a fire or a melee of an
// isigaba reads ("the enemy"): for a Zulu, a British figure in the battle
// (not a casualty) or an NNC isigaba not routed; for an NNC isigaba, a Zulu
// isigaba not routed or an induna in the battle.
bool IsEnemyOf(const Unit& u, const Unit& o);
// The enemy body (IsEnemyOf) standing nearest `u`, as NearestBritishFigure.
const Unit* NearestEnemy(const BattleState& s, const Unit& u, double* gap);

// Whether segment a-b meets the footprint.
bool LineMeets(const Footprint& f, const Vec2& a, const Vec2& b);
// The gap between a footprint and a terrain piece's outline (0 where they
// meet).
double GapToOutline(const Footprint& f, const Terrain& t);

// A terrain piece's feature: the own state's when it gives one, else its
// kind's: SCRUB and WOODS brush, ROCKS boulders, WALL a wall, BARRICADE and
// MEALIE_BAGS a barricade, BUILDING and FARM a building, KRAAL a Zulu hut,
// RIVER a deep water course, the rest open (a DONGA is read by its own
// rule, MissileCover).
Feature FeatureOf(const BattleState& s, const Terrain& t);

// The cover `target` has against missile fire from `firer`, the best that
// applies ("The soft cover modifier is ignored if Regular or Heavy cover
// also applies"), with the rule in `why` (may be null). Mounted troops have
// none: "Cover does not apply to mounted troops."
CoverClass MissileCover(const BattleState& s, const Unit& target, const Unit& firer,
                        Explanation* why);

// The building (a terrain piece whose feature is a building) `u` stands in,
// or nullptr.
const Terrain* BuildingOf(const BattleState& s, const Unit& u);
// The openings the own state gives a building (-1: none given, no limit).
int OpeningsOf(const BattleState& s, const Terrain& building);

// Line of sight from a to b: not across terrain that blocks it, the pieces
// a or b stand in aside (one sees out of, and into, the building or wood
// one is in: designed).
bool SightClear(const BattleState& s, const Vec2& a, const Vec2& b);

// The cover `defender` has in melee against `attacker` ("For melee, cover is
// applied only to the defender"): in an area, close behind a line between
// them (a wall, barricade, palisade, mound: Regular; the raised redoubt and
// a barricade on an edge: Heavy; a deep water course, the top of a donga
// edge or terrace: Regular, melee only), at a donga's edge outside it
// against an attacker from within, close behind a wagon; none mounted.
CoverClass MeleeCoverOf(const BattleState& s, const Unit& defender, const Unit& attacker,
                        Explanation* why);

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_GROUND_H_
