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

int BattleState::UnitIndex(const std::string& id) const {
  for (size_t i = 0; i < units.size(); ++i) {
    if (units[i].id == id) return static_cast<int>(i);
  }
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
