// engine/rulesets/empress/empress_state.h: the state only Empress's "Damned
// Wobbly Gentlemen" keeps.
//
// Overview: held in BattleState::ruleset_state (engine/core never looks
// inside) and carried on the wire in TableState.empress
// (engine/rulesets/empress/wire/): where the move stands (ALL ACTION IS
// SIMULTANEOUS: the Zulus fix their orders, then the British fix theirs
// without seeing them, then the umpire resolves both together), and each
// unit's bookkeeping keyed by unit id: its standing order (COMMAND), this
// move's order, the senior commander's or aide's attachment, a gun
// limbered, its morale (permanently SHAKEN, tests and failures in a row,
// pinned, retiring, routing, may never fire again), the Gatling's jam, the
// Brit regulars' -1 after a failed test, and the melee fights it has fought
// this move. The shared UnitStatus mirrors the flags a table shows (pinned,
// retiring, routed, shaken, disordered, may_not_fire, ordered).
//
// Usage:
//   EmpressState& own = MutableOwnState(state);
//   own.stage = Stage::kZuluOrders;
//   MutableUnitState(state, "z1").standing = Standing::kAttack;
//   if (const EmpressUnit* u = UnitState(state, "z1")) ... u->pinned ...
//
// Thread safety: plain values, copied with the BattleState.
#ifndef IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_STATE_H_
#define IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_STATE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/node_hash_map.h"
#include "absl/strings/string_view.h"

#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"

namespace impi::empress {

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
  std::string target_id;
  Vec2 to = Vec2::Zero();
  Standing standing = Standing::kUnspecified;
  // FIRE by a gun or rocket: the range the firer announces, in inches
  // (ARTILLERY, ROCKET.); 0: none announced, the umpire estimates for the
  // firer when it fires (tables.h, EstimateRange: designed).
  double range_estimate = 0.0;

  bool operator==(const Order& o) const {
    return kind == o.kind && target_id == o.target_id && to == o.to && standing == o.standing &&
           range_estimate == o.range_estimate;
  }
};

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
  std::string attached_to;  // the senior commander or aide: the unit he is attached to this move
  bool limbered = false;    // a gun, Gatling or rocket limbered up: moves as Limbers, does not fire

  bool Retiring() const { return retire_moves_left > 0; }
  // Nothing kept: an entry with nothing in it has none on the wire.
  bool Empty() const;
  bool operator==(const EmpressUnit& o) const;
};

// Unit ids in the order of std::string's own comparison (byte by byte, as
// unsigned chars, then the shorter first), compared inline: ids are a few
// bytes (a call of memcmp per comparison cost more than the comparison).
// The order SortedUnits gives.
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

// A unit id's hash for the bookkeeping's map: FNV-1a over its few bytes,
// then mixed so that every bit of the result depends on every byte (the map
// reads both the low and the high bits). Cheaper for ids of a few bytes
// than the general string hash.
struct IdHash {
  using is_transparent = void;
  size_t operator()(absl::string_view id) const {
    uint64_t h = 14695981039346656037ull;
    for (const char c : id) {
      h ^= static_cast<unsigned char>(c);
      h *= 1099511628211ull;
    }
    h ^= h >> 32;
    h *= 0x9e3779b97f4a7c15ull;
    return static_cast<size_t>(h ^ (h >> 29));
  }
};

// Equal ids, compared inline (a call of memcmp for a few bytes cost more
// than the comparison).
struct IdEq {
  using is_transparent = void;
  bool operator()(absl::string_view a, absl::string_view b) const {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
};

struct EmpressState {
  Stage stage = Stage::kUnspecified;
  int move = 0;
  // By unit id. An entry of a unit no longer on the table state is ignored
  // (the wire and the hash skip it). A hash map, looked up a few thousand
  // times a search iteration; one node an entry, so a reference to one
  // stays good while others are added. Its own order is the hash's, which
  // differs from run to run: whatever depends on order (the wire, the
  // state's hash, the first fault a check reports) walks SortedUnits.
  absl::node_hash_map<std::string, EmpressUnit, IdHash, IdEq> units;
};

// The entries of own.units in id order (IdLess).
std::vector<std::pair<const std::string*, const EmpressUnit*>> SortedUnits(const EmpressState& own);

const EmpressState* OwnState(const BattleState& s);
EmpressState& MutableOwnState(BattleState& s);
// A unit's bookkeeping: nullptr if none; an empty one, created if absent.
const EmpressUnit* UnitState(const BattleState& s, const std::string& unit_id);
EmpressUnit& MutableUnitState(BattleState& s, const std::string& unit_id);
// The stage (kUnspecified if the state has none of its own).
Stage StageOf(const BattleState& s);

}  // namespace impi::empress

#endif  // IMPI_ENGINE_RULESETS_EMPRESS_EMPRESS_STATE_H_
