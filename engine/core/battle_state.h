// engine/core/battle_state.h: the table as the engine sees it.
//
// Overview: BattleState is the table every rule set shares (units, terrain,
// points, clock, parameters) in plain C++ types, and the rule set's own state
// (its deck, its umpire's book, each unit's bookkeeping) in ruleset_state,
// which only the rule set reads. It mirrors the wire contract
// (proto/impi/v1/table.proto) field for field, and every enum here has the
// same numeric values as its protobuf twin, so service/ converts with a range
// check and a cast. The engine knows no protobuf; no rule set is named here.
//
// Usage:
//   BattleState s;
//   s.ruleset = "TSATF_ZULU_CONTROL";
//   Unit& u = s.units.emplace_back();
//   u.id = "b1"; u.side = Side::kBritish; u.kind = UnitKind::kInfantry;
//   const Unit* found = s.FindUnit("b1");
//
// Thread safety: a BattleState is a value; copies are independent (they
// share the terrain until one changes it: engine/core/cow_vector.h).
#ifndef IMPI_ENGINE_CORE_BATTLE_STATE_H_
#define IMPI_ENGINE_CORE_BATTLE_STATE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/core/cow_vector.h"
#include "engine/core/geometry.h"
#include "engine/core/own_state.h"
#include "engine/core/shared_string.h"

namespace impi {

enum class Side : int { kUnspecified = 0, kZulu = 1, kBritish = 2 };
enum class Scale : int { kUnspecified = 0, kSkirmish = 1, kTactical = 2 };

enum class UnitKind : int {
  kUnspecified = 0,
  kRegiment = 1,
  kIsigaba = 2,
  kTray = 3,
  kImpi = 4,
  kSkirmishers = 5,
  kRifleRegiment = 6,
  kLoneZulu = 7,
  kInduna = 8,
  kWitchDoctor = 9,
  kSniper = 10,
  kInfantry = 20,
  kCavalry = 21,
  kMountedInfantry = 22,
  kNativeFoot = 23,
  kNativeHorse = 24,
  kGun = 25,
  kGatling = 26,
  kRockets = 27,
  kWagon = 28,
  kSurgeon = 29,
  kOfficer = 30,
  kRunner = 31,
};
const char* UnitKindName(UnitKind kind);  // "REGIMENT", as in the contract
// The British kinds that fight as a body of men or guns: foot (INFANTRY,
// NATIVE_FOOT), mounted (CAVALRY, MOUNTED_INFANTRY, NATIVE_HORSE) and guns
// (GUN, GATLING, ROCKETS); not wagons, the surgeon, officers or runners.
// Inline: rule sets and policies ask it of every unit in their loops.
inline bool IsBritishFightingKind(UnitKind kind) {
  switch (kind) {
    case UnitKind::kInfantry:
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeFoot:
    case UnitKind::kNativeHorse:
    case UnitKind::kGun:
    case UnitKind::kGatling:
    case UnitKind::kRockets:
      return true;
    default:
      return false;
  }
}

enum class Stance : int { kUnspecified = 0, kUpright, kProne, kSquare, kMounted, kDismounted };
enum class Formation : int { kUnspecified = 0, kLine, kColumn, kOpenOrder, kCloseOrder, kMass };
enum class Ammunition : int { kUnspecified = 0, kPlenty, kLow, kOut };

struct Figures {
  int fit = 0;
  int wounded = 0;
  int seriously_wounded = 0;
  int casualties = 0;
  int riflemen = 0;
  int starting = 0;  // 0: derived as the sum of the four states

  int Present() const { return fit + wounded + seriously_wounded; }
  int Starting() const {
    return starting > 0 ? starting : fit + wounded + seriously_wounded + casualties;
  }
};

struct UnitStatus {
  bool pinned = false;
  bool retiring = false;
  bool routed = false;
  bool shaken = false;
  bool disordered = false;
  bool broken = false;
  bool acted = false;
  bool fired = false;
  bool in_close_combat = false;
  bool bayonets_fixed = false;
  bool limbered = false;
  Ammunition ammunition = Ammunition::kUnspecified;
  bool may_not_fire = false;
  bool below_half = false;
  bool surrounded = false;
  int turns_fired = 0;
  bool runner_out = false;
  bool ordered = false;
};

struct Unit {
  // Set when the unit is made and seldom after: copies of the unit share it
  // (shared_string.h), as they share parent and name.
  SharedString id;
  Side side = Side::kUnspecified;
  UnitKind kind = UnitKind::kUnspecified;
  // Display text, never changed in play: copies of the unit share it.
  SharedString name;
  Figures figures;
  int leaders = 0;
  Vec2 position = Vec2::Zero();
  HexCoord hex;
  bool off_table = false;
  double facing = 0.0;
  Formation formation = Formation::kUnspecified;
  Stance stance = Stance::kUnspecified;
  UnitStatus status;
  SharedString parent;
  bool red_coat = false;

  bool OnTable() const { return !off_table; }
};

enum class TerrainKind : int {
  kUnspecified = 0, kHill, kWoods, kScrub, kRocks, kDonga, kRiver, kDrift, kWall,
  kBarricade, kMealieBags, kBuilding, kLaager, kTentLines, kKraal, kFarm, kMarsh,
  kRoad, kMealieField, kCamp,
};

struct Terrain {
  std::string id;
  TerrainKind kind = TerrainKind::kUnspecified;
  std::string name;
  std::vector<Vec2> outline;
  bool open = false;  // polyline instead of polygon
  int cover_class = 0;
  bool blocks_los = false;
  bool impassable = false;
  double move_factor = 0.0;
  std::vector<HexCoord> hexes;
};

enum class PointKind : int { kUnspecified = 0, kPerimeter = 1, kAppearance = 2, kEntry = 3 };
enum class PointState : int { kUnspecified = 0, kUntested, kTested, kSpent, kOccupied };
enum class Marker : int { kNone = 0, kNextTurn = 1, kThisTurn = 2 };
enum class ForceKind : int { kUnspecified = 0, kImpi = 1, kSkirmishers = 2 };

struct Point {
  PointKind kind = PointKind::kUnspecified;
  int number = 0;
  Vec2 position = Vec2::Zero();
  HexCoord hex;
  int terrain_class = 0;
  bool hidden = false;
  PointState state = PointState::kUnspecified;
  Marker marker = Marker::kNone;
  ForceKind marked_force = ForceKind::kUnspecified;
  bool british_entry = false;
  std::string name;

  // SPENT and OCCUPIED points never generate anything again.
  bool Exhausted() const {
    return state == PointState::kSpent || state == PointState::kOccupied;
  }
};

enum class Phase : int {
  kUnspecified = 0, kStartOfTurn, kMovement, kFire, kCloseCombat, kEndOfTurn,
  kActivation, kPreBattle, kGameOver,
};
enum class CardColor : int { kUnspecified = 0, kRed = 1, kBlack = 2 };

struct Clock {
  int turn = 0;
  Phase phase = Phase::kUnspecified;
  int time_of_day = 0;
  int minutes_per_turn = 0;
};

struct Parameter {
  std::string name;
  double value = 0.0;
};

struct TableGeometry {
  double width = 0.0;
  double height = 0.0;
  int hex_columns = 0;
  int hex_rows = 0;
};

// Unit id -> position in BattleState::units, for FindUnit and UnitIndex.
//
// Overview: the index is built from the units on first use. A lookup checks
// that the unit it points to still has the id, and otherwise scans the units
// as a plain lookup would and, if the unit is there, indexes them afresh:
// units added, removed or reordered since can never give a wrong answer.
// Unit ids are unique (the service refuses duplicates; NewUnitId keeps
// them so); with duplicates at the time of building, the first one is
// indexed, as the scan finds it. A copy of the state shares the index built
// so far (its units are the same); the copy's own changes make it build its
// own.
//
// The index is an open-addressing table of positions (no strings): a probe
// compares the id asked for with the id of the unit at each position it
// meets, which both finds the unit and checks that it is still there. A
// second table files the same positions by the address of a pooled id
// (shared_string.h: the pool holds each text once), for a lookup by a
// SharedString that reads no text; a miss there goes on to the first.
//
// Thread safety: const lookups may run concurrently on one state. A lookup
// reads the current table through an atomic pointer, without a lock; a
// table once published is never changed, and one replaced by a rebuild is
// kept (not freed) until the index is assigned over or destroyed, so that a
// lookup still reading it on another thread stays valid. A mutex guards the
// tables kept (rebuilds and copies only).
class UnitIdIndex {
 public:
  UnitIdIndex() = default;
  UnitIdIndex(const UnitIdIndex& other);
  UnitIdIndex& operator=(const UnitIdIndex& other);
  UnitIdIndex(UnitIdIndex&& other) noexcept;
  UnitIdIndex& operator=(UnitIdIndex&& other) noexcept;

  // The position of the first unit with `id`, or -1.
  int Find(const std::vector<Unit>& units, const std::string& id) const;
  // The same for a unit's own id or parent, as most lookups are: two pooled
  // texts compare by address (SharedString), without reading them.
  int Find(const std::vector<Unit>& units, const SharedString& id) const {
    // The usual case inline: a pooled id filed in its address's own slot.
    const Table* t = current_.load(std::memory_order_acquire);
    const uintptr_t address = id.pooled_address();
    if (t != nullptr && address != 0) {
      const int at = t->by_address[AddressHash(address) & t->mask];
      if (at != 0 && static_cast<size_t>(at - 1) < units.size() &&
          units[static_cast<size_t>(at - 1)].id.pooled_address() == address) {
        return at - 1;
      }
    }
    return FindKey(units, id);  // the rest of the probe, by text, the scan
  }

  // After the caller added or removed units: a table no copy shares, of the
  // size a table for `units` has, is refilled where it is (a unit appended
  // since it was filled is filed alone), so that a step that sends a runner
  // allocates nothing; any other is left for the lookups to find out of
  // date, or (`own_table`) replaced by a table of this index's own. Not a
  // const use (no lookup may run on this index meanwhile).
  void Refresh(const std::vector<Unit>& units, bool own_table = false);

 private:
  struct Table {
    std::vector<int> slots;  // a unit's position + 1, 0 for an empty slot
    size_t mask = 0;         // slots.size() - 1, a power of two less one
    // The same units (each the first with its text) by their pooled id's
    // address, those whose id is pooled: a lookup by a pooled id reads no
    // text.
    std::vector<int> by_address;
    size_t count = 0;  // how many units were filed (the units' size then)
  };
  static size_t Hash(const std::string& id);
  static size_t AddressHash(uintptr_t address) {
    // Texts are at least 8-byte aligned: the low bits say nothing.
    const uint64_t h = (static_cast<uint64_t>(address) >> 3) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h ^ (h >> 29));
  }
  template <typename Key>
  int FindKey(const std::vector<Unit>& units, const Key& id) const;
  // The table lookups read now (nullptr if none), and its owner.
  std::shared_ptr<const Table> Current() const;
  void Adopt(std::shared_ptr<const Table> table);
  void Rebuild(const std::vector<Unit>& units) const;
  // Files units [from, units.size()) into `table` (sized for them all,
  // holding those before `from`).
  static void Fill(const std::vector<Unit>& units, Table* table, size_t from = 0);

  mutable std::mutex mu_;
  // Every table this index has published, the current one last: immutable
  // once built; the current one is shared by copies.
  mutable std::vector<std::shared_ptr<const Table>> tables_;
  mutable std::atomic<const Table*> current_{nullptr};
};

struct BattleState {
  std::string ruleset;  // the contract's enum name, e.g. "FERREE_ISANDLWANA"
  std::string scenario;
  Scale scale = Scale::kUnspecified;
  TableGeometry table;
  Clock clock;
  std::vector<Unit> units;
  // The terrain never changes in play but for a laager or a thornbush added
  // or removed whole: copies of the state share it (CowVector: reads like a
  // const vector; a change gives the changed copy its own).
  CowVector<Terrain> terrain;
  std::vector<Point> points;
  std::vector<Parameter> parameters;
  int next_unit_serial = 0;  // for NewUnitId
  // The rule set's own state (its type is the rule set's; engine/core never
  // looks inside): e.g. the decision a half-done activation waits on. Copied
  // with the state, so a copy is an independent game.
  OwnStateHolder ruleset_state;

  // Lookups return nullptr when absent. Pointers are invalidated when units
  // are added or removed.
  Unit* FindUnit(const std::string& id);
  const Unit* FindUnit(const std::string& id) const;
  int UnitIndex(const std::string& id) const;  // -1 if absent
  // The same by a unit's id or parent (the faster way: see UnitIdIndex).
  Unit* FindUnit(const SharedString& id) {
    const int i = UnitIndex(id);
    return i < 0 ? nullptr : &units[static_cast<size_t>(i)];
  }
  const Unit* FindUnit(const SharedString& id) const {
    const int i = UnitIndex(id);
    return i < 0 ? nullptr : &units[static_cast<size_t>(i)];
  }
  int UnitIndex(const SharedString& id) const { return unit_index.Find(units, id); }
  // After units were added or removed: the id index made to match them
  // where it stands (UnitIdIndex::Refresh). Lookups stay right without it
  // (they find the index out of date and build it afresh); this spares the
  // allocation. `own_table`: a table this state alone holds, made now if
  // it has none, so that later changes refill it where it is.
  void ReindexUnits(bool own_table = false) { unit_index.Refresh(units, own_table); }
  // A literal ("b1") is looked up as a std::string.
  Unit* FindUnit(const char* id) { return FindUnit(std::string(id)); }
  const Unit* FindUnit(const char* id) const { return FindUnit(std::string(id)); }
  int UnitIndex(const char* id) const { return UnitIndex(std::string(id)); }
  Point* FindPoint(PointKind kind, int number);
  const Point* FindPoint(PointKind kind, int number) const;
  // The caller's override of a designed parameter, or `fallback`.
  double ParameterOr(const std::string& name, double fallback) const;
  // A fresh unit id ("z1", "z2", ...) not used by any unit.
  SharedString NewUnitId(std::string_view prefix);

  // FindUnit's index of `units` (no part of the table: copies share it).
  UnitIdIndex unit_index;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_BATTLE_STATE_H_
