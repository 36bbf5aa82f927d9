// engine/rulesets/empress/empress.h: Empress's "Damned Wobbly Gentlemen"
// (EMPRESS_DWG, rules file 002_865f726e11d3de83.txt) behind the engine seam.
//
// Overview: ALL ACTION IS SIMULTANEOUS. Each move has three stages (the
// rule set's own state, empress_state.h):
//   1. the Zulus fix an order for each of their units that may choose
//      (Awaits: ZULU_DECISION, the units still to order; LegalActions: every
//      such unit's orders, in any sequence);
//   2. the British fix theirs (BRITISH_MOVE), without seeing the Zulus':
//      View hides the other side's orders (they stay `ordered`), so neither
//      side's orders can depend on the other's; what the interface calls a
//      sequence is a joint move;
//   3. the umpire (Run) resolves both together: movement (MOVEMENT- BY UNIT,
//      a linear obstacle removes a D6), fire (small arms, Gatling, field gun
//      and rocket, fire before impact), morale (pinned, then retiring, then
//      routing), retiring units away from the enemy and routing units to
//      the nearest table edge by the safest route (SafestRoute), and melee
//      by pairs (two units that
//      charge each other meet on the move and fight one melee). Every effect
//      reads the move's snapshot and dice are rolled in the units' place
//      order on the table (PlaceOrder), so the same orders and dice give the
//      same move whatever the order of the units in the state, of the orders
//      given, or the units' ids (tests/rules/empress/ruleset_test.cc,
//      tests/service/empress_umpire_test.cc).
// Units that may not choose (pinned, retiring, routing, off the table) act
// by the rules alone.
//
// Orders (Action encoding): HOLD = PASS (stand and defend: fire at the
// nearest enemy in range); FIRE target_id, for a gun or rocket with the
// range announced in range_estimate (ARTILLERY: "Player controlling
// artillery estimates range in inches"; 0: the umpire estimates for it); ADVANCE = MOVE to (standing
// order ATTACK only); EVADE = MOVE to with point 1 (Zulus); CHARGE
// target_id (ATTACK only); ATTACH = MOVE target_id (an induna, officer,
// runner or witch doctor joins a unit); STANDING = ORDER target_id point (1
// hold, 2 attack): COMMAND, "These orders can only be changed by the senior
// table commander or his aide, attaching himself to a unit for one move":
// the senior commander or his aide who joined a unit last move is attached
// to it for this move (EmpressUnit::attached_to), moves with it, and may
// change its standing order, which governs its orders from the next move;
// LIMBER and UNLIMBER (a gun, Gatling or rocket: it moves limbered, as
// "Limbers 6" + 1x D6", and fires unlimbered; limbering or unlimbering
// spends the move, designed).
//
// Designed (not in the source text), each marked so in docs/conformance.md:
// footprints (UnitRadius), contact (within 0.5" of the footprints), figures
// under the 4" marker (at most 6 of a unit), a unit that moves does not
// fire, the leader falls when a unit is down to half its figures, the end of
// the skirmish and its victory scale (Outcome), and the safest route.
//
// Parameters (state.parameters, all designed): empress.move_limit (12),
// empress.objective_x / objective_y (the point the skirmish is about, e.g.
// a drift; none when absent), empress.objective_radius (6),
// empress.linear_obstacle.<terrain id> (1: the players agree the open
// feature is a linear obstacle, 0: not; every one is when not named),
// empress.estimate_error (0.05: how far off the range estimates are that the
// umpire makes for a gun or rocket whose order announces none, a share of
// the range a point of D6 - D6; 0 estimates exactly; tables.h,
// EstimateRange).
//
// Thread safety: immutable; every function is pure over its arguments.
#ifndef IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_H_
#define IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/rulesets/empress/empress_state.h"
#include "engine/rulesets/empress/tables.h"
#include "engine/game/ruleset.h"

namespace impi::empress {

inline constexpr char kRulesetId[] = "EMPRESS_DWG";

inline constexpr char kMoveLimit[] = "empress.move_limit";
// The bounds of the bookkeeping: empress.move_limit is at most 100 moves;
// the longest retirement a test gives is "2 moves away from enemy".
inline constexpr int kMostMoves = 100;
inline constexpr int kMostRetireMoves = 2;
inline constexpr char kObjectiveX[] = "empress.objective_x";
inline constexpr char kObjectiveY[] = "empress.objective_y";
inline constexpr char kObjectiveRadius[] = "empress.objective_radius";
inline constexpr char kEstimateError[] = "empress.estimate_error";
// "Player agree on this before or during the game": empress.linear_obstacle.
// <terrain id> 0 says an open terrain feature does not remove a D6, 1 that it
// does (every open feature does when not named).
inline constexpr char kLinearObstaclePrefix[] = "empress.linear_obstacle.";

// What a unit is under these rules: how it moves, fires and tests morale.
struct Profile {
  MoverType mover = MoverType::kRegularFoot;
  std::optional<Weapon> weapon;        // small arms (the Gatling included)
  std::optional<Ordnance> ordnance;    // field gun or rocket
  MoraleClass morale = MoraleClass::kBritishRegularFoot;
  bool native = false;    // Zulu or NNC
  bool mounted = false;
  bool commander = false;     // induna or British officer: +1 "Senior commander attached"
  bool witch_doctor = false;  // +2 "witch doctor is in base contact"
  bool colonial_cavalry = false;  // "caught ... by charging Colonial cavalry"
  Horse horse = Horse::kNone;     // for the melee modifiers
  double range = 0.0;             // the longest range it fires at (0: none)
};
Profile ProfileOf(const BattleState& s, const Unit& u);
// Designed footprints: a unit of ten or of five mounted 2", a gun or a
// Gatling or a rocket 1.5", a single figure (induna, witch doctor, officer) 0.5".
double UnitRadius(const Unit& u);
// The figures of `u` under the 4" kill marker centred on `centre`
// (designed, not in the source text: the figures stand evenly over the
// footprint; those under the marker are the fit figures times the share of
// the footprint it covers, rounded to the nearest, at most 6 of a unit).
int FiguresUnderMarker(const Unit& u, const Vec2& centre);
// Base contact: the footprints within 0.5".
bool InContact(const Unit& a, const Unit& b);
// A unit still in the fight: on the table with figures.
bool Active(const Unit& u);

// COMMAND: "These orders can only be changed by the senior table commander
// or his aide, attaching himself to a unit for one move." The role of `u`:
// as designated (state.empress.units[].command: the senior commander an
// OFFICER or the INDUNA, the aide an OFFICER, the INDUNA or a RUNNER), or,
// on a side that designates no senior commander, its officer or induna on
// the table with the lowest id (designed default). kNone for any other.
Command CommandOf(const BattleState& s, const Unit& u);
// The unit the senior commander or aide `u` is attached to this move (he
// joined it last move and is in contact); nullptr if none or gone.
const Unit* AttachedTo(const BattleState& s, const Unit& u);
// A field gun, Gatling or rocket: it moves only limbered ("Limbers 6" + 1x
// D6") and fires only unlimbered.
bool IsGun(const Unit& u);

// The orders `u` may take this move (empty for a unit that may not choose).
std::vector<Action> UnitOptions(const BattleState& s, const Unit& u);
// The same into `options` (cleared first), reusing its room: a caller that
// keeps the vector lists them without allocating.
void UnitOptionsInto(const BattleState& s, const Unit& u, std::vector<Action>* options);
// True if `u` must be given an order this move.
bool NeedsOrder(const BattleState& s, const Unit& u);
// True if a unit of `side` still needs an order (NeedsOrder): the side's
// orders are still being given.
bool AnyNeedsOrder(const BattleState& s, Side side);

// ARTILLERY, ROCKET.: "estimates range in inches": a range on the gun's
// or rocket's kill chart (over 0", or over 10" for the rocket, whose chart
// prints "N/A" at 0 - 10"; at most 70"), for a FIRE order's estimate and
// Ask's rocket aim. INVALID_ARGUMENT naming `path` otherwise.
absl::Status CheckRangeEstimate(const std::string& path, Ordnance ordnance, double estimate);

// Why a unit may not make a move in play, and so may not be asked about it
// (Ask): one check for each move, read by both. kNone: it may.
enum class Refusal : int {
  kNone = 0,
  kNotOnTable,         // not on the table with figures
  kNoMoraleOfItsOwn,   // a commander, witch doctor or runner
  kNoWeapon,           // fires nothing
  kNeverFires,         // "Unit cannot fire for the rest of the game."
  kRouting,
  kRetiring,
  kPinned,             // "lie down or crouch for following move and are pinned down"
  kLimbered,           // a gun fires unlimbered
  kJammed,             // the Gatling "completely jammed for the entire next move"
  kOwnSide,            // a target of its own side
  kOutOfRange,         // past its weapon's range, or the rocket's "N/A" at 0 - 10"
  kNoSight,            // terrain blocks the line of sight
  kNotZulu,            // "in the case of Zulus, try and evade if attacked"
  kNoEnemyNear,        // no enemy within 24" to evade
  kNotRetiringZulu,    // "Zulus will retire in good order unless caught doing so by charging Colonial cavalry"
  kNotNative,          // "Any native unit that the rocket flies over"
  kNeitherRetiringNorRouting,
};
// The reason in words, quoting the rule.
const char* RefusalText(Refusal r);
// May `u` fire this move at all (small arms, Gatling, gun or rocket)?
Refusal FireRefusal(const BattleState& s, const Unit& u);
// May `firer` fire at `target` (FireRefusal, then side, range and sight)?
Refusal FireAtRefusal(const BattleState& s, const Unit& firer, const Unit& target);
// May `u` evade (the Zulus' EVADE order)?
Refusal EvadeRefusal(const BattleState& s, const Unit& u);
// May `u` take a morale test, with cavalry catching it retiring and the
// rocket flying over or hitting it as given?
Refusal MoraleTestRefusal(const BattleState& s, const Unit& u, bool caught_by_cavalry, RocketEffect rocket);
// May `u` take its retire (or rout) route to the table edge?
Refusal RetireRouteRefusal(const BattleState& s, const Unit& u);

// "Routing or Retiring units move to the nearest table edge via the safest
// route." Designed reading: among straight paths from `from` to points 3"
// apart along the nearest table edge (within 36" either way of the point
// straight across), the one whose least clearance from the fire of `side`'s
// enemies (distance from each enemy that may fire, less its range) is
// greatest; on a tie, the shorter. Returns [from, edge point].
// A retiring unit "retires 2 moves away from enemy" ("Retires one move away
// from enemy"): given `away_from` (where the nearest enemy stands), the
// edge is the nearest of those that lie away from it (the edge's outward
// direction points away from the enemy), never one towards it. A routing
// unit goes to the nearest edge (nullptr), as printed.
std::vector<Vec2> SafestRoute(const BattleState& s, Side side, const Vec2& from,
                              const Vec2* away_from = nullptr);
// The edge point of SafestRoute (its second point), without a path made.
Vec2 SafestEdgePoint(const BattleState& s, Side side, const Vec2& from, const Vec2* away_from = nullptr);
// The nearest enemy of `u` on the table (ties by PlaceLess);
// nullptr if none.
const Unit* NearestEnemy(const BattleState& s, const Unit& u);
// ALL ACTION IS SIMULTANEOUS: the order the umpire rolls a move's dice in,
// by the units' place on the table (west to east, then south to north;
// then side, kind and figures; the id only between units alike in all of
// these on the same spot), so that a move depends on neither the order of
// the units in the state nor their ids. `a` and `b` are units of `s`.
bool PlaceLess(const BattleState& s, const Unit& a, const Unit& b);
// The handles of every unit of the state in that order, into `handles`.
void PlaceOrder(const BattleState& s, std::vector<int>* handles);
// The least clearance of the path from the fire of `side`'s enemies.
double RouteClearance(const BattleState& s, Side side, const std::vector<Vec2>& path);

// The victory scale (designed, not in the source text). Zulu decisive:
// no British unit left fighting (every one destroyed, routing or off the
// table); British decisive: no Zulu regiment left fighting (destroyed,
// retiring, routing or gone); at the move limit, the objective: held by the
// Zulus alone (a Zulu regiment fighting within its radius, no British unit
// there) a Zulu minor victory, by the British alone a British minor victory,
// else (contested, or no objective) a draw. Score: decisive 1, minor 0.5,
// draw 0, for the winner; the loser the negative.
enum class Outcome : int { kNone = 0, kZuluDecisive, kZuluMinor, kDraw, kBritishMinor, kBritishDecisive };
Outcome OutcomeOf(const BattleState& s);
// "Zulu decisive victory", ..., "none".
const char* OutcomeName(Outcome o);

class EmpressRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return kRulesetId; }
  std::string_view source() const override { return kSource; }
  std::string_view status() const override { return "full"; }
  std::string_view short_name() const override { return "empress"; }
  std::string_view title() const override { return "Empress's Damned Wobbly Gentlemen"; }
  // report.cc: the outcome and tallies of a game on this rule set's scale.
  GameReport Report(const BattleState& start, const BattleState& end) const override;
  absl::Status Validate(const BattleState& state) const override;
  absl::Status Apply(BattleState& state, Side side, const Action& action, Dice& dice,
                     EventLog& log, const std::string& path,
                     const std::string& why) const override;
  // Apply of legal[i], without listing the unit's options again.
  absl::Status ApplyLegal(BattleState& state, Side side, const std::vector<Action>& legal,
                          size_t i, Dice& dice, EventLog& log, const std::string& path,
                          const std::string& why) const override;
  absl::Status Run(BattleState& state, Dice& dice, EventLog& log) const override;
  // One decision point (question.h): a morale test, a retire route, an
  // evasion, a rocket's deviation, a Gatling burst. INVALID_ARGUMENT naming
  // "empress.<kind>.<field>" for a question that is wrong in itself;
  // FAILED_PRECONDITION where it does not apply to the unit named.
  absl::Status Ask(BattleState& state, const impi::Question& question, Dice& dice, EventLog& log,
                   int* decision) const override;
  Awaiting Awaits(const BattleState& state) const override;
  // Who acts (side and kind) as Awaits says, without the prompt or the units.
  Awaiting AwaitsBrief(const BattleState& state) const override;
  std::vector<Action> LegalActions(const BattleState& state, Side side) const override;
  // The options of the first unit, in id order, still to be ordered: a
  // rollout orders the units in id order (as the RULES policies do).
  std::vector<Action> PlayableActions(const BattleState& state, Side side,
                                      const Awaiting& brief) const override;
  bool IsOver(const BattleState& state) const override;
  double Score(const BattleState& state, Side side) const override;
  // Mid-skirmish: the share of the British figures lost less the share of
  // the Zulu figures lost (for the Zulus).
  double Evaluate(const BattleState& state, Side side) const override;
  BattleState View(const BattleState& state, Side side) const override;
  void Resample(BattleState& state, Side viewer, CounterRng& rng) const override;
  void HashOwnState(const BattleState& state, StateHasher* h) const override;

  // Resolves the move whose orders are fixed (stage kResolve): movement,
  // fire, morale, melee, the end of the move. For tests; Run calls it.
  absl::Status ResolveMove(BattleState& state, Dice& dice, EventLog& log) const;

 private:
  // Fixes `match` (one of u's options) as u's order this move, with the
  // range the caller announced: the event, whether the side has now given
  // every order (then the next stage), the statuses.
  void FixOrder(BattleState& s, Side side, const Unit& u, const Action& match, double range_estimate,
                EventLog& log, const std::string& why) const;
};

}  // namespace impi::empress

#endif  // IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_H_
