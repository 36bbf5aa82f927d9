// engine/core/battle_state.cc: lookups and id allocation on the table.
#include "engine/core/battle_state.h"

#include <algorithm>
#include <string>

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

UnitIdIndex::UnitIdIndex(const UnitIdIndex& other) : map_(other.Current()) {}

UnitIdIndex& UnitIdIndex::operator=(const UnitIdIndex& other) {
  if (this != &other) {
    std::shared_ptr<const Map> map = other.Current();
    std::lock_guard<std::mutex> lock(mu_);
    map_ = std::move(map);
  }
  return *this;
}

UnitIdIndex::UnitIdIndex(UnitIdIndex&& other) noexcept {
  std::lock_guard<std::mutex> lock(other.mu_);
  map_ = std::move(other.map_);
}

UnitIdIndex& UnitIdIndex::operator=(UnitIdIndex&& other) noexcept {
  if (this != &other) {
    std::scoped_lock lock(mu_, other.mu_);
    map_ = std::move(other.map_);
  }
  return *this;
}

std::shared_ptr<const UnitIdIndex::Map> UnitIdIndex::Current() const {
  std::lock_guard<std::mutex> lock(mu_);
  return map_;
}

void UnitIdIndex::Rebuild(const std::vector<Unit>& units) const {
  auto map = std::make_shared<Map>();
  map->reserve(units.size());
  for (size_t i = 0; i < units.size(); ++i) map->emplace(units[i].id, static_cast<int>(i));
  std::lock_guard<std::mutex> lock(mu_);
  map_ = std::move(map);
}

int UnitIdIndex::Find(const std::vector<Unit>& units, const std::string& id) const {
  bool indexed = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (map_ != nullptr) {
      indexed = true;
      const auto it = map_->find(id);
      if (it != map_->end()) {
        const size_t i = static_cast<size_t>(it->second);
        if (i < units.size() && units[i].id == id) return static_cast<int>(i);
      }
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

std::string BattleState::NewUnitId(const std::string& prefix) {
  // umpire.next_unit_serial is the next serial to hand out; serials start at 1.
  int serial = std::max(1, umpire.next_unit_serial);
  std::string id = prefix + std::to_string(serial);
  while (UnitIndex(id) >= 0) {
    ++serial;
    id = prefix + std::to_string(serial);
  }
  umpire.next_unit_serial = serial + 1;
  return id;
}

}  // namespace impi
