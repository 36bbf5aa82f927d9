// engine/core/battle_state.cc: lookups and id allocation on the table.
#include "engine/core/battle_state.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "absl/strings/str_cat.h"

namespace impi {

const char* UnitKindName(UnitKind kind) {
  switch (kind) {
    case UnitKind::kUnspecified: return "UNIT_KIND_UNSPECIFIED";
    case UnitKind::kRegiment: return "REGIMENT";
    case UnitKind::kIsigaba: return "ISIGABA";
    case UnitKind::kTray: return "TRAY";
    case UnitKind::kImpi: return "IMPI";
    case UnitKind::kSkirmishers: return "SKIRMISHERS";
    case UnitKind::kRifleRegiment: return "RIFLE_REGIMENT";
    case UnitKind::kLoneZulu: return "LONE_ZULU";
    case UnitKind::kInduna: return "INDUNA";
    case UnitKind::kWitchDoctor: return "WITCH_DOCTOR";
    case UnitKind::kSniper: return "SNIPER";
    case UnitKind::kInfantry: return "INFANTRY";
    case UnitKind::kCavalry: return "CAVALRY";
    case UnitKind::kMountedInfantry: return "MOUNTED_INFANTRY";
    case UnitKind::kNativeFoot: return "NATIVE_FOOT";
    case UnitKind::kNativeHorse: return "NATIVE_HORSE";
    case UnitKind::kGun: return "GUN";
    case UnitKind::kGatling: return "GATLING";
    case UnitKind::kRockets: return "ROCKETS";
    case UnitKind::kWagon: return "WAGON";
    case UnitKind::kSurgeon: return "SURGEON";
    case UnitKind::kOfficer: return "OFFICER";
    case UnitKind::kRunner: return "RUNNER";
  }
  return "UNIT_KIND_UNSPECIFIED";
}

Unit* BattleState::FindUnit(const std::string& id) {
  const int i = UnitIndex(id);
  return i < 0 ? nullptr : &units[i];
}

const Unit* BattleState::FindUnit(const std::string& id) const {
  const int i = UnitIndex(id);
  return i < 0 ? nullptr : &units[i];
}

int BattleState::UnitIndex(const std::string& id) const { return unit_index.Find(units, id); }


UnitIdIndex::UnitIdIndex(const UnitIdIndex& other) { Adopt(other.Current()); }

UnitIdIndex& UnitIdIndex::operator=(const UnitIdIndex& other) {
  if (this != &other) Adopt(other.Current());
  return *this;
}

UnitIdIndex::UnitIdIndex(UnitIdIndex&& other) noexcept { Adopt(other.Current()); }

UnitIdIndex& UnitIdIndex::operator=(UnitIdIndex&& other) noexcept {
  if (this != &other) Adopt(other.Current());
  return *this;
}

std::shared_ptr<const UnitIdIndex::Table> UnitIdIndex::Current() const {
  std::lock_guard<std::mutex> lock(mu_);
  return tables_.empty() ? nullptr : tables_.back();
}

void UnitIdIndex::Adopt(std::shared_ptr<const Table> table) {
  // Assignment is not a const use: no lookup runs on this index meanwhile,
  // so the tables it kept may go.
  std::lock_guard<std::mutex> lock(mu_);
  tables_.clear();
  current_.store(table.get(), std::memory_order_release);
  if (table != nullptr) tables_.push_back(std::move(table));
}

size_t UnitIdIndex::Hash(const std::string& id) {
  // The length and the first and last 8 bytes: ids that share a prefix
  // ("r_udududu_t1", "r_udududu_t2") differ at the end. A collision costs
  // one more probe, never a wrong answer.
  // (The head of an id shorter than 8 bytes is read byte by byte, as a
  // memcpy of that many would read it, without a call of memcpy.)
  const size_t n = id.size();
  uint64_t head = 0;
  uint64_t tail = 0;
  if (n >= 8) {
    std::memcpy(&head, id.data(), 8);
  } else {
    for (size_t i = 0; i < n; ++i) {
      head |= static_cast<uint64_t>(static_cast<unsigned char>(id[i])) << (8 * i);
    }
  }
  if (n > 8) std::memcpy(&tail, id.data() + n - 8, 8);
  uint64_t h = (head * 0x9E3779B97F4A7C15ull) ^ (tail * 0xC2B2AE3D27D4EB4Full) ^ n;
  h ^= h >> 29;
  return static_cast<size_t>(h);
}

namespace {

// The slots of a table for `n` units: a power of two at least twice n.
size_t SlotsFor(size_t n) {
  size_t size = 16;
  while (size < 2 * n) size *= 2;
  return size;
}

}  // namespace

void UnitIdIndex::Rebuild(const std::vector<Unit>& units) const {
  auto table = std::make_shared<Table>();
  const size_t size = SlotsFor(units.size());
  table->slots.assign(size, 0);
  table->by_address.assign(size, 0);
  table->mask = size - 1;
  Fill(units, table.get());
  std::lock_guard<std::mutex> lock(mu_);
  current_.store(table.get(), std::memory_order_release);
  tables_.push_back(std::move(table));  // the one replaced stays: a lookup may still read it
}

void UnitIdIndex::Refresh(const std::vector<Unit>& units, bool own_table) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    // No lookup runs meanwhile: the tables kept for lookups under way may
    // go, all but the current one.
    if (tables_.size() > 1) tables_.erase(tables_.begin(), tables_.end() - 1);
    // Held here alone (no copy of the state shares it) and of the size a
    // table for these units has: refilled where it is.
    if (!tables_.empty() && tables_.back().use_count() == 1 &&
        tables_.back()->slots.size() == SlotsFor(units.size())) {
      // Made by Rebuild (make_shared<Table>): not an object defined const.
      Table* t = const_cast<Table*>(tables_.back().get());
      // One unit appended (a runner sent): filed alone. Were the units
      // before it changed too, the lookups would find out, as ever.
      if (t->count + 1 == units.size()) {
        Fill(units, t, t->count);
        return;
      }
      std::fill(t->slots.begin(), t->slots.end(), 0);
      std::fill(t->by_address.begin(), t->by_address.end(), 0);
      Fill(units, t);
      return;
    }
  }
  // Else a table of its own when asked for, or the lookups find this one
  // out of date and build one afresh when they first need it (a copy of a
  // state in a search seldom does).
  if (own_table) Rebuild(units);
}

void UnitIdIndex::Fill(const std::vector<Unit>& units, Table* table, size_t from) {
  table->count = units.size();
  for (size_t i = from; i < units.size(); ++i) {
    size_t slot = Hash(units[i].id) & table->mask;
    bool duplicate = false;
    for (; table->slots[slot] != 0; slot = (slot + 1) & table->mask) {
      if (units[table->slots[slot] - 1].id == units[i].id) {
        duplicate = true;  // the first of them stays indexed, as a scan finds it
        break;
      }
    }
    if (duplicate) continue;
    table->slots[slot] = static_cast<int>(i) + 1;
    // Only the first unit with a text is filed by address: a later one with
    // the same text (pooled, where the first holds its own) is not, so that
    // a lookup by address finds the first or nothing.
    const uintptr_t address = units[i].id.pooled_address();
    if (address == 0) continue;
    size_t at = AddressHash(address) & table->mask;
    while (table->by_address[at] != 0) at = (at + 1) & table->mask;
    table->by_address[at] = static_cast<int>(i) + 1;
  }
}

int UnitIdIndex::Find(const std::vector<Unit>& units, const std::string& id) const {
  return FindKey(units, id);
}

template <typename Key>
int UnitIdIndex::FindKey(const std::vector<Unit>& units, const Key& id) const {
  const Table* t = current_.load(std::memory_order_acquire);
  const bool indexed = t != nullptr;
  if constexpr (std::is_same_v<Key, SharedString>) {
    // A pooled id by its address: a unit filed under it has this very text.
    // Not filed there (never, or the units changed): by its text, below.
    const uintptr_t address = id.pooled_address();
    if (indexed && address != 0) {
      for (size_t slot = AddressHash(address) & t->mask; t->by_address[slot] != 0;
           slot = (slot + 1) & t->mask) {
        const size_t i = static_cast<size_t>(t->by_address[slot] - 1);
        if (i < units.size() && units[i].id.pooled_address() == address) {
          return static_cast<int>(i);
        }
      }
    }
  }
  if (indexed) {
    for (size_t slot = Hash(static_cast<const std::string&>(id)) & t->mask; t->slots[slot] != 0; slot = (slot + 1) & t->mask) {
      const size_t i = static_cast<size_t>(t->slots[slot] - 1);
      if (i < units.size() && units[i].id == id) return static_cast<int>(i);
    }
  }
  // Not indexed yet, not indexed under this id, or the units changed since:
  // the plain scan decides, and a unit found this way means the index is
  // out of date.
  for (size_t i = 0; i < units.size(); ++i) {
    if (units[i].id == id) {
      Rebuild(units);
      return static_cast<int>(i);
    }
  }
  if (!indexed) Rebuild(units);
  return -1;
}

// Find(SharedString), inline in the header, goes on here past the first slot.
template int UnitIdIndex::FindKey<SharedString>(const std::vector<Unit>&, const SharedString&) const;

Point* BattleState::FindPoint(PointKind kind, int number) {
  for (Point& p : points) {
    if (p.kind == kind && p.number == number) return &p;
  }
  return nullptr;
}

const Point* BattleState::FindPoint(PointKind kind, int number) const {
  for (const Point& p : points) {
    if (p.kind == kind && p.number == number) return &p;
  }
  return nullptr;
}

double BattleState::ParameterOr(const std::string& name, double fallback) const {
  for (const Parameter& p : parameters) {
    if (p.name == name) return p.value;
  }
  return fallback;
}

SharedString BattleState::NewUnitId(std::string_view prefix) {
  // next_unit_serial is the next serial to hand out; serials start at 1. The
  // id is composed in the thread's kept text and held pooled: an id handed
  // out before (in an earlier game, a search's earlier world) costs no
  // allocation.
  thread_local std::string id;
  int serial = std::max(1, next_unit_serial);
  for (;; ++serial) {
    id.assign(prefix.data(), prefix.size());
    absl::StrAppend(&id, serial);
    if (UnitIndex(id) < 0) break;
  }
  next_unit_serial = serial + 1;
  return SharedString(std::string_view(id));
}

}  // namespace impi
