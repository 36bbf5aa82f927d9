// engine/rulesets/pagano/movement.h: an isigaba's move in the Zulu
// Movement phase (000_75b60edb8bb33965.txt, MOVEMENT and "Movement &
// Melee"), in the battle state.
//
// Overview: an isigaba moves straight towards a point (designed: the text
// has no paths), turning to face the way it goes. Its move is "Foot 6"" and
// half a d10, rounded down, unless it begins or ends prone, halved once if
// the way crosses any of what MOVEMENT lists (a wall or barricade defended
// by the enemy, deep water, up a steep slope, a donga edge or terrace, a
// building: GroundCrossed). It stops short of another isigaba ("Zulu
// isigaba may not interpenetrate each other during movement or to engage in
// melee"), at contact with a British figure (it goes no further), and at a
// wall or barricade with a British figure behind it unless it has half its
// move left there ("In order to engage in melee with an enemy that has
// cover, one must have enough movement to traverse the cover": a half move
// an obstacle, a full move for two in combination, MayMeleeAcrossCover).
// Upright and in contact with a British figure at the end, it has come into
// contact to initiate melee (PaganoUnit::initiated_melee).
//
// Errors: FAILED_PRECONDITION naming why an isigaba may not move; nothing is
// changed then. Thread safety: functions of the state given.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_MOVEMENT_H_
#define IMPI_ENGINE_RULESETS_PAGANO_MOVEMENT_H_

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

// What a move from `from` to `to` by `mover` crosses, as MOVEMENT's halving
// conditions read it; `obstacles` counts the walls and barricades with a
// British figure behind them (the cover a melee must traverse) and
// `first_obstacle` is how far along the way the first of them is met.
// Readings (designed where the text names no terrain): a wall, barricade,
// palisade or the redoubt is "defended by the enemy" with an enemy (a
// British figure against Zulus, an isigaba against the British) within 1"
// of it; deep water is a river (a deep water course) crossed or
// entered; a HILL entered is "up a steep slope"; a DONGA's edge or a
// terrace crossed is "up or down a donga edge or terrace"; a building
// entered or crossed "involves a building"; a marsh is swampy and scrub or
// woods rough ground, rocks entered a rocky slope; a move from a road to a
// road (both ends within 1" of it) is "via a good dirt track".
struct GroundCrossed {
  bool defended_wall = false;
  bool deep_water = false;
  bool steep_slope = false;
  bool donga_edge_or_terrace = false;
  bool building = false;
  bool rough_or_swampy = false;
  bool rocky_slope = false;
  bool via_dirt_track = false;
  int obstacles = 0;
  double first_obstacle = 0.0;
};
GroundCrossed GroundOnTheWay(const BattleState& s, const Unit& mover, const Vec2& from,
                             const Vec2& to);

// Walks the isigaba at handle `isigaba` straight towards `to`, at most
// `most` inches, turning to face the way: it stops short of another
// isigaba and at contact with a British figure (`*contact`); one already in
// contact does not move. Going `away` (a rout, a retreat), British figures
// neither stop nor hold it. The inches walked.
double WalkIsigaba(BattleState& s, int isigaba, const Vec2& to, double most, bool* contact,
                   bool away = false);

// Moves the isigaba at handle `isigaba` towards `to`, ending prone if
// `end_prone`; rolls its die through `dice` and logs a kMoved event.
// FAILED_PRECONDITION for a unit that is not an isigaba in the battle, a
// routed one (routers move off the table by the rules alone), a point off
// the table.
// Going `away` (a Stayed isigaba's retreat), the British do not hold it.
absl::Status MoveIsigaba(BattleState& s, int isigaba, const Vec2& to, bool end_prone, Dice& dice,
                         EventLog& log, bool away = false);

// A British figure's move in the Brit Movement phase, straight towards
// `to`: "Foot 6" Mounted 12"" (a figure MOUNTED), a piece or wagon
// "Limbered 8" By Hand 3"" (the rockets as foot, or mounted: "Rockets may
// be considered either mounted or foot"), halved as the way says (a wall
// or barricade defended by an isigaba, deep water, a steep slope, a donga
// edge or terrace, "assisting casualties": the casualty it carries), the
// mounted halved over rough or swampy ground and cut to a third up or down
// a donga edge, rocky slope or terrace; a piece or wagon crosses that ground
// only "via a good dirt track". It stops at contact with an isigaba or an
// induna and short of the British around it (designed: bases do not
// overlap); the casualty it carries comes with it ("carried along by
// another figure moving at half speed"). The medical corps moving more than
// half its move loses the casualties beside it ("Casualties are eliminated
// permanently if a medical corp figure uses more than half of its
// movement"). FAILED_PRECONDITION for a figure that may not move: a
// casualty ("Casualties awaiting medical care may not move on their
// own"), a jammed Gatling, a point off the table, ground a piece may not
// cross.
absl::Status MoveFigure(BattleState& s, int figure, const Vec2& to, Dice& dice, EventLog& log);

// An induna's move in the Zulu Movement phase: "Induna may be mounted or
// on foot": "Foot 6" Mounted 12"" (the isigaba's half a d10 is the
// isigaba's alone), halved (or, mounted, cut to a third) as the way says,
// straight towards `to`; he passes the izigaba (a figure among them,
// designed) and stops at contact with a British figure.
// FAILED_PRECONDITION for a unit that is not an induna in the battle or a
// point off the table.
absl::Status MoveInduna(BattleState& s, int induna, const Vec2& to, Dice& dice, EventLog& log);

// Whether `u` is of a kind that rides: mounted rankers, cavalry, mounted
// allies, and the rockets ("Rockets may be considered either mounted or
// foot").
bool MountedKind(const Unit& u);

// A new Brit movement phase: every figure has its move again.
void NewMovementPhase(BattleState& s);

// Mounting and dismounting a party of British figures ("A half move is
// required to mount or dismount"): every figure of `figures` (handles)
// mounted (or, to mount, dismounted) and with half its move left. "When
// dismounting outside of a fortified position one figure must be used as a
// horse holder for every four mounted figures (round down)": the last of
// them in unit order hold the horses (designed: a fortified position is a
// building, or within 1" of a wall, barricade or the redoubt). Mounting,
// the horse holders mount with the rest. Each spends half its move.
absl::Status Dismount(BattleState& s, const std::vector<int>& figures, EventLog& log);
absl::Status Mount(BattleState& s, const std::vector<int>& figures, EventLog& log);
// A gun's, Gatling's or the rockets' limbering or unlimbering: "A fall
// movement phase is required for cannons and gattling guns to limber or
// unlimber"; rockets: "Half a move is needed to 'limber' or 'unlimber'".
absl::Status Limber(BattleState& s, int piece, bool limber, EventLog& log);
// Clearing a jammed Gatling: "One Brit movement and fire phase must be
// spent clearing it (with no movement during the movement phase)": it
// spends this movement phase and stays jammed through the next Brit fire
// phase (EndBritishFire clears it then).
absl::Status ClearJam(BattleState& s, int gatling, EventLog& log);
// The end of a Brit missile fire phase: a Gatling spent clearing through it
// is clear.
void EndBritishFire(BattleState& s);

// The most a Zulu move can reach: "Foot 6"" and half a d10's best.
inline constexpr double kLongestZuluMove = 11.0;

// The nearest cover an isigaba may move to (the Stayed result: "move to the
// nearest cover. It may move sideways to cover but may not move towards the
// enemy"), within `most` inches, or nullopt. Designed: cover is an area that
// shelters (brush, a Zulu hut, boulders; COVER's soft and regular areas),
// the place its nearest point inside the area by 1/2" (or where it stands,
// already in one); "towards the enemy" is a way nearer the nearest British
// figure at its end than at its start.
std::optional<Vec2> NearestCover(const BattleState& s, const Unit& isigaba, double most);

// The places an isigaba's move may make for, its decision's candidates
// (designed: the text has no paths): where it stands (no move), towards
// each of the `nearest` British figures nearest it (the walk stops at
// contact), and straight away from the enemy (AwayFromTheEnemy). In that
// order, the British by their gap (unit order on a tie), none twice.
std::vector<Vec2> IsigabaMoveCandidates(const BattleState& s, const Unit& isigaba, int nearest = 3);

// The point a move "directly away from the enemy" makes for: from the
// isigaba's centre straight away from the nearest British figure (or, with
// none, towards the nearest table edge), held on the table.
Vec2 AwayFromTheEnemy(const BattleState& s, const Unit& isigaba);

// A routed isigaba's move: "Routing isagaba must move at their full rate
// off the map edge. They may not fire or move towards the enemy. They may
// not interpenetrate other isigaba." Its full rate (6" and half a d10)
// straight away from the nearest British figure; one that reaches the
// table's edge leaves it (off_table). (Designed: it stops short of an
// isigaba in its way rather than moving it aside.)
absl::Status MoveRouted(BattleState& s, int isigaba, Dice& dice, EventLog& log);

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_MOVEMENT_H_
