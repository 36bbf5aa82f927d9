// engine/rulesets/empress/empress_state.h: the state only Empress's "Damned
// Wobbly Gentlemen" keeps.
//
// Overview: held in BattleState::ruleset_state (engine/core never looks
// inside) and carried on the wire in TableState.empress
// (engine/rulesets/empress/wire/): where the move stands (ALL ACTION IS
// SIMULTANEOUS: the Zulus fix their orders, then the British fix theirs
// without seeing them, then the umpire resolves both together), and each
// unit's bookkeeping: its standing order (COMMAND), this move's order, the
// senior commander's or aide's attachment, a gun limbered, its morale
// (permanently SHAKEN, tests and failures in a row, pinned, retiring,
// routing, may never fire again), the Gatling's jam, the Brit regulars' -1
// after a failed test, and the melee fights it has fought this move. The
// shared UnitStatus mirrors the flags a table shows (pinned, retiring,
// routed, shaken, disordered, may_not_fire, ordered).
//
// Units by handle: the bookkeeping is a dense array indexed by the unit's
// place in BattleState::units (its handle); an order's target and an
// attachment name a unit by handle too. Empress never adds, removes or
// reorders units in play, so a handle holds for a whole battle; ids are
// read only at the contract's edge (validation, the wire, event text). The
// state is keyed to the units it was made for (each handle's id, and the
// ids' order): MutableOwnState keys it afresh, moving each entry to its
// unit's new place, when the units were changed since (a caller that
// reorders them), and a lookup of a const state checks the handle's id
// (an address compare) before it trusts it (engine/game/unit_entries.h).
// Only empress_state.cc reads BattleState::ruleset_state.
//
// Usage:
//   EmpressState& own = MutableOwnState(state);   // keyed to state.units
//   own.stage = Stage::kZuluOrders;
//   MutableUnitState(state, "z1").standing = Standing::kAttack;   // by id: tests, the edge
//   if (const EmpressUnit* u = UnitState(state, unit)) ... u->pinned ...
//
// Thread safety: plain values, copied with the BattleState.
#ifndef IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_STATE_H_
#define IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_STATE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"
#include "engine/core/shared_string.h"
#include "engine/core/state_hash.h"
#include "engine/game/ruleset.h"
#include "engine/game/unit_entries.h"

namespace impi::empress {

// A unit's handle: its place in BattleState::units; kNoUnit names none.
inline constexpr int kNoUnit = -1;

// Same values as impi.v1.EmpressStage.
enum class Stage : int { kUnspecified = 0, kZuluOrders = 1, kBritishOrders = 2, kResolve = 3, kOver = 4 };

// COMMAND: "simple orders detailing aims and objectives for the game"
// (impi.v1.EmpressStanding). Unspecified reads as kHold.
enum class Standing : int { kUnspecified = 0, kHold = 1, kAttack = 2 };

// One unit's order for the move (impi.v1.EmpressOrderKind).
enum class OrderKind : int {
  kUnspecified = 0,
  kHold = 1,      // stand and defend: fire at the nearest enemy in range
  kFire = 2,      // stand and fire at target_id
  kAdvance = 3,   // move towards `to`
  kCharge = 4,    // charge target_id
  kEvade = 5,     // Zulus: move away from the nearest enemy
  kAttach = 6,    // a commander or witch doctor joins target_id
  kStanding = 7,  // the senior commander or aide attached to target_id changes its standing order
  kLimber = 8,    // a gun, Gatling or rocket limbers up
  kUnlimber = 9,  // a limbered gun unlimbers
};

// COMMAND: "These orders can only be changed by the senior table commander
// or his aide, attaching himself to a unit for one move."
// (impi.v1.EmpressCommand)
enum class Command : int { kNone = 0, kSeniorCommander = 1, kAide = 2 };

struct Order {
  OrderKind kind = OrderKind::kUnspecified;
  int target = kNoUnit;  // the target's (or the unit joined's) handle
  Vec2 to = Vec2::Zero();
  Standing standing = Standing::kUnspecified;
  // FIRE by a gun or rocket: the range the firer announces, in inches
  // (ARTILLERY, ROCKET.); 0: none announced, the umpire estimates for the
  // firer when it fires (tables.h, EstimateRange: designed).
  double range_estimate = 0.0;

  bool operator==(const Order& o) const {
    return kind == o.kind && target == o.target && to == o.to && standing == o.standing &&
           range_estimate == o.range_estimate;
  }
};

// Empress's own field of an action (Action::extra, engine/game/
// action_extra.h): a FIRE order by a gun or rocket announces the range, in
// inches (ARTILLERY, ROCKET.: "estimates range in inches"). None announced:
// no extra at all, so such an action is keyed and worded as any other.
struct EmpressAim {
  double range_estimate = 0.0;

  void Hash(StateHasher* h) const { h->Add(range_estimate); }
  std::string Text() const;  // " at 24.0\""
  bool operator==(const EmpressAim& o) const { return range_estimate == o.range_estimate; }
};
// The range `a` announces (0: none).
inline double RangeEstimateOf(const Action& a) {
  const EmpressAim* aim = a.extra.get_if<EmpressAim>();
  return aim != nullptr ? aim->range_estimate : 0.0;
}
// Makes `a` announce `inches` (0: none, no extra).
inline void SetRangeEstimate(Action* a, double inches) {
  if (inches == 0) {
    a->extra.reset();
  } else {
    a->extra.emplace(EmpressAim{inches});
  }
}

struct EmpressUnit {
  Standing standing = Standing::kUnspecified;
  bool married = false;  // Zulus: a married impi, morale rate 5 (unmarried 6)
  bool ordered = false;  // this move's order is fixed
  Order order;           // cleared in the other side's view
  bool permanently_shaken = false;
  int tests_in_a_row = 0;     // consecutive moves with a morale test
  int failures_in_a_row = 0;  // consecutive moves with a failed test
  bool tested_this_move = false;
  bool pinned = false;         // lies down or crouches this move
  int retire_moves_left = 0;   // retiring away from the enemy
  bool never_fire = false;     // "Unit cannot fire for the rest of the game."
  bool routing = false;        // to the nearest table edge by the safest route
  bool gatling_jammed = false;  // jammed for this move
  bool fire_penalty = false;   // Brit regulars: -1 from this move's firing dice
  int fights_used = 0;         // melee fights fought this move
  bool officer_killed = false;  // -1 on its morale tests
  Command command = Command::kNone;  // as designated (CommandOf reads the default)
  int attached_to = kNoUnit;  // the senior commander or aide: the unit he is attached to this move (handle)
  bool limbered = false;    // a gun, Gatling or rocket limbered up: moves as Limbers, does not fire

  bool Retiring() const { return retire_moves_left > 0; }
  // Nothing kept: an entry with nothing in it has none on the wire.
  bool Empty() const;
  bool operator==(const EmpressUnit& o) const;
};

// Unit ids in the order of std::string's own comparison (byte by byte, as
// unsigned chars, then the shorter first), compared inline: ids are a few
// bytes. The order EmpressState::by_id keeps (read only when the state is
// keyed, never in a step).
struct IdLess {
  bool operator()(const std::string& a, const std::string& b) const {
    const size_t n = a.size() < b.size() ? a.size() : b.size();
    const auto* x = reinterpret_cast<const unsigned char*>(a.data());
    const auto* y = reinterpret_cast<const unsigned char*>(b.data());
    for (size_t i = 0; i < n; ++i) {
      if (x[i] != y[i]) return x[i] < y[i];
    }
    return a.size() < b.size();
  }
};

struct EmpressState {
  Stage stage = Stage::kUnspecified;
  int move = 0;
  // By handle: units[h] is the bookkeeping of BattleState::units[h], whose
  // id is ids[h] (keyed: as many as the units, each with its unit's id).
  std::vector<EmpressUnit> units;
  std::vector<SharedString> ids;
  // The handles in id order (IdLess), and each handle's place in it
  // (rank[by_id[i]] == i): whatever depends on order (the wire, the state's
  // hash, the first fault a check reports, a tie between units) reads these
  // rather than comparing ids.
  std::vector<int> by_id;
  std::vector<int> rank;

  // Keyed to `s`: one entry for each of its units, each with its id.
  bool KeyedTo(const BattleState& s) const;
};

// Empress's own state in BattleState::ruleset_state: nullptr if the state
// has none. The mutable one makes it if absent and keys it to s.units
// (EmpressState::KeyedTo; entries of units no longer on the table are
// dropped). A loop over the units fetches it once and reads the entries by
// handle; UnitState reads it for one unit at a time.
const EmpressState* OwnState(const BattleState& s);
EmpressState& MutableOwnState(BattleState& s);

// Orders own.ids: fills own.by_id and own.rank (once own.ids is set, as the
// wire sets it).
void OrderIds(EmpressState& own);

// The unit a handle kept in the bookkeeping names (an order's target, an
// attachment): nullptr for kNoUnit or a unit no longer in `s`.
const Unit* UnitAt(const BattleState& s, int handle);
// The id of the unit a handle names, "" for kNoUnit (the wire, the hash).
const std::string& IdAt(const EmpressState& own, int handle);

// A unit's bookkeeping: nullptr if the state has none of its own. `u` is a
// unit of `s` (another state's unit is found by its id).
const EmpressUnit* UnitState(const BattleState& s, const Unit& u);
EmpressUnit& MutableUnitState(BattleState& s, const Unit& u);
// The same by id, at the contract's edge (tests, the service's checks):
// the unit must be on the state (MutableUnitState aborts, naming the id,
// if it is not).
const EmpressUnit* UnitState(const BattleState& s, const std::string& unit_id);
EmpressUnit& MutableUnitState(BattleState& s, const std::string& unit_id);
// The stage (kUnspecified if the state has none of its own).
Stage StageOf(const BattleState& s);
// Whether `a` comes before `b` in id order (both units of `s`): by rank
// when the state is keyed, else by the ids themselves.
bool IdBefore(const BattleState& s, const Unit& a, const Unit& b);

}  // namespace impi::empress

#endif  // IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_STATE_H_
