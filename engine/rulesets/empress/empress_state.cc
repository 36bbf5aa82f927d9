// Empress's own state (BattleState::ruleset_state). See empress_state.h.
#include "engine/rulesets/empress/empress_state.h"

#include <algorithm>
#include <any>

namespace impi::empress {

bool EmpressUnit::Empty() const { return *this == EmpressUnit{}; }

bool EmpressUnit::operator==(const EmpressUnit& o) const {
  return standing == o.standing && married == o.married && ordered == o.ordered &&
         order == o.order && permanently_shaken == o.permanently_shaken &&
         tests_in_a_row == o.tests_in_a_row && failures_in_a_row == o.failures_in_a_row &&
         tested_this_move == o.tested_this_move && pinned == o.pinned &&
         retire_moves_left == o.retire_moves_left && never_fire == o.never_fire &&
         routing == o.routing && gatling_jammed == o.gatling_jammed &&
         fire_penalty == o.fire_penalty && fights_used == o.fights_used &&
         officer_killed == o.officer_killed && command == o.command && attached_to == o.attached_to &&
         limbered == o.limbered;
}

const EmpressState* OwnState(const BattleState& s) {
  return std::any_cast<EmpressState>(&s.ruleset_state);
}

EmpressState& MutableOwnState(BattleState& s) {
  if (EmpressState* own = std::any_cast<EmpressState>(&s.ruleset_state)) return *own;
  return s.ruleset_state.emplace<EmpressState>();
}

const EmpressUnit* UnitState(const BattleState& s, const std::string& unit_id) {
  const EmpressState* own = OwnState(s);
  if (own == nullptr) return nullptr;
  auto it = own->units.find(unit_id);
  return it == own->units.end() ? nullptr : &it->second;
}

EmpressUnit& MutableUnitState(BattleState& s, const std::string& unit_id) {
  return MutableOwnState(s).units[unit_id];
}

std::vector<std::pair<const std::string*, const EmpressUnit*>> SortedUnits(const EmpressState& own) {
  std::vector<std::pair<const std::string*, const EmpressUnit*>> out;
  out.reserve(own.units.size());
  for (const auto& [id, e] : own.units) out.push_back({&id, &e});
  const IdLess less;
  std::sort(out.begin(), out.end(), [&](const auto& a, const auto& b) { return less(*a.first, *b.first); });
  return out;
}

Stage StageOf(const BattleState& s) {
  const EmpressState* own = OwnState(s);
  return own == nullptr ? Stage::kUnspecified : own->stage;
}

}  // namespace impi::empress
