// Empress's own state (BattleState::ruleset_state). See empress_state.h.
#include "engine/rulesets/empress/empress_state.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "engine/game/unit_entries.h"

namespace impi::empress {

std::string EmpressAim::Text() const {
  char text[40];
  std::snprintf(text, sizeof(text), " at %.1f\"", range_estimate);
  return text;
}

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

bool EmpressState::KeyedTo(const BattleState& s) const {
  return ids.size() == s.units.size() && units.size() == ids.size() && IdsNameUnits(ids, s);
}

namespace {

// Keys `own` to s.units: each entry moves to its unit's place, handles
// within entries follow, entries of units gone are dropped; the id order
// is worked out afresh.
void Key(const BattleState& s, EmpressState& own) {
  const size_t n = s.units.size();
  std::vector<int> moved(own.ids.size(), kNoUnit);  // old handle -> new
  for (size_t k = 0; k < own.ids.size(); ++k) moved[k] = s.UnitIndex(own.ids[k]);
  auto remap = [&](int h) { return h >= 0 && static_cast<size_t>(h) < moved.size() ? moved[h] : kNoUnit; };
  std::vector<EmpressUnit> units(n);
  for (size_t k = 0; k < own.units.size() && k < moved.size(); ++k) {
    if (moved[k] < 0) continue;
    EmpressUnit e = own.units[k];
    e.order.target = remap(e.order.target);
    e.attached_to = remap(e.attached_to);
    units[static_cast<size_t>(moved[k])] = e;
  }
  own.units = std::move(units);
  own.ids.resize(n);
  for (size_t i = 0; i < n; ++i) own.ids[i] = s.units[i].id;
  OrderIds(own);
}

// The entry of the unit with `id` in a state not keyed to its units.
const EmpressUnit* FindEntry(const EmpressState& own, const SharedString& id) {
  return EntryById(own.ids, own.units, id);
}

}  // namespace

void OrderIds(EmpressState& own) {
  const size_t n = own.ids.size();
  own.by_id.resize(n);
  for (size_t i = 0; i < n; ++i) own.by_id[i] = static_cast<int>(i);
  const IdLess less;
  std::stable_sort(own.by_id.begin(), own.by_id.end(),
                   [&](int a, int b) { return less(own.ids[a].str(), own.ids[b].str()); });
  own.rank.resize(n);
  for (size_t i = 0; i < n; ++i) own.rank[static_cast<size_t>(own.by_id[i])] = static_cast<int>(i);
}

const EmpressState* OwnState(const BattleState& s) { return s.ruleset_state.get_if<EmpressState>(); }

EmpressState& MutableOwnState(BattleState& s) {
  EmpressState* own = s.ruleset_state.get_if<EmpressState>();
  if (own == nullptr) own = &s.ruleset_state.emplace<EmpressState>();
  if (!own->KeyedTo(s)) Key(s, *own);
  return *own;
}

const Unit* UnitAt(const BattleState& s, int handle) {
  if (handle < 0) return nullptr;
  const EmpressState* own = OwnState(s);
  if (own == nullptr || static_cast<size_t>(handle) >= own->ids.size()) return nullptr;
  const SharedString& id = own->ids[static_cast<size_t>(handle)];
  if (static_cast<size_t>(handle) < s.units.size() && s.units[static_cast<size_t>(handle)].id == id) {
    return &s.units[static_cast<size_t>(handle)];
  }
  return s.FindUnit(id);
}

const std::string& IdAt(const EmpressState& own, int handle) {
  static const std::string* const kNone = new std::string();
  if (handle < 0 || static_cast<size_t>(handle) >= own.ids.size()) return *kNone;
  return own.ids[static_cast<size_t>(handle)].str();
}

const EmpressUnit* UnitState(const BattleState& s, const Unit& u) {
  const EmpressState* own = OwnState(s);
  if (own == nullptr) return nullptr;
  if (const EmpressUnit* e = EntryAtHandle(own->ids, own->units, s, u)) return e;
  return FindEntry(*own, u.id);
}

EmpressUnit& MutableUnitState(BattleState& s, const Unit& u) {
  // The usual case: the unit's handle holds its entry (its id there), in a
  // state keyed to these units; no other entry need be looked at.
  if (EmpressState* own = s.ruleset_state.get_if<EmpressState>()) {
    if (EmpressUnit* e = KeyedEntryAtHandle(own->ids, own->units, s, u)) return *e;
  }
  EmpressState& own = MutableOwnState(s);
  const int h = HandleOf(s, u);
  if (h < 0) {
    std::fprintf(stderr, "empress: no unit has id \"%s\"\n", u.id.c_str());
    std::abort();
  }
  return own.units[static_cast<size_t>(h)];
}

const EmpressUnit* UnitState(const BattleState& s, const std::string& unit_id) {
  const Unit* u = s.FindUnit(unit_id);
  return u == nullptr ? nullptr : UnitState(s, *u);
}

EmpressUnit& MutableUnitState(BattleState& s, const std::string& unit_id) {
  const Unit* u = s.FindUnit(unit_id);
  if (u == nullptr) {
    std::fprintf(stderr, "empress: no unit has id \"%s\"\n", unit_id.c_str());
    std::abort();
  }
  return MutableUnitState(s, *u);
}

Stage StageOf(const BattleState& s) {
  const EmpressState* own = OwnState(s);
  return own == nullptr ? Stage::kUnspecified : own->stage;
}

bool IdBefore(const BattleState& s, const Unit& a, const Unit& b) {
  const EmpressState* own = OwnState(s);
  if (own != nullptr && own->rank.size() == s.units.size()) {
    const ptrdiff_t ha = &a - s.units.data(), hb = &b - s.units.data();
    const size_t n = own->rank.size();
    if (ha >= 0 && hb >= 0 && static_cast<size_t>(ha) < n && static_cast<size_t>(hb) < n &&
        own->ids[static_cast<size_t>(ha)] == a.id && own->ids[static_cast<size_t>(hb)] == b.id) {
      return own->rank[static_cast<size_t>(ha)] < own->rank[static_cast<size_t>(hb)];
    }
  }
  return IdLess()(a.id.str(), b.id.str());
}

}  // namespace impi::empress
