// Zulu Control's own state (BattleState::ruleset_state). See tsatf_state.h.
#include "engine/rulesets/tsatf/tsatf_state.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "engine/game/unit_entries.h"

namespace impi::tsatf {

bool TsatfUnit::Empty() const {
  return hand == Hand::kUnspecified && target_id.empty() && !has_last_known_target &&
         fired_on_by_this_turn.empty() &&
         fired_on_by_last_turn.empty() && losses_this_turn == 0 && created_turn == 0 &&
         entry_point == 0;
}

bool TsatfState::KeyedTo(const BattleState& s) const {
  const size_t n = s.units.size();
  if (units.size() != ids.size() || !IdsNameUnits(ids, s)) return false;
  for (size_t i = n; i < ids.size(); ++i) {
    if (s.UnitIndex(ids[i]) >= 0) return false;  // a pending entry's unit has come
  }
  return true;
}

void TsatfState::ByIdOrder(std::vector<int>* out) const {
  const size_t n = std::min(ids.size(), units.size());
  out->resize(n);
  for (size_t i = 0; i < n; ++i) (*out)[i] = static_cast<int>(i);
  std::sort(out->begin(), out->end(), [&](int a, int b) { return ids[a].str() < ids[b].str(); });
}

namespace {

// The only cast of BattleState::ruleset_state.
const TsatfState* Held(const OwnStateHolder& held) { return held.get_if<TsatfState>(); }

// Keys `own` to s.units. Units appended since it was keyed (Zulu Control
// creating units) get empty entries at the end; otherwise each entry moves
// to its unit's place. An entry of a unit not on the state (one made by id
// before its unit was added) is kept after the units' until its unit comes.
void Key(const BattleState& s, TsatfState& own) {
  const size_t n = s.units.size();
  own.units.resize(std::min(own.units.size(), own.ids.size()));
  own.ids.resize(own.units.size());
  size_t same = 0;
  while (same < own.ids.size() && same < n && own.ids[same] == s.units[same].id) ++same;
  if (same == own.ids.size()) {
    own.units.resize(n);
    own.ids.resize(n);
    for (size_t i = same; i < n; ++i) own.ids[i] = s.units[i].id;
    return;
  }
  std::vector<TsatfUnit> units(n);
  std::vector<SharedString> ids(n);
  for (size_t i = 0; i < n; ++i) ids[i] = s.units[i].id;
  for (size_t k = 0; k < own.ids.size(); ++k) {
    const int to = s.UnitIndex(own.ids[k]);
    if (to >= 0) {
      units[static_cast<size_t>(to)] = std::move(own.units[k]);
    } else {
      units.push_back(std::move(own.units[k]));
      ids.push_back(own.ids[k]);
    }
  }
  own.units = std::move(units);
  own.ids = std::move(ids);
}

// The entry of the unit with `id` in a state not keyed to its units.
const TsatfUnit* FindEntry(const TsatfState& own, const SharedString& id) {
  return EntryById(own.ids, own.units, id);
}

[[noreturn]] void NoUnit(const std::string& id) {
  std::fprintf(stderr, "tsatf: no unit has id \"%s\"\n", id.c_str());
  std::abort();
}

}  // namespace

const TsatfState* OwnState(const BattleState& s) { return Held(s.ruleset_state); }

TsatfState& MutableBook(BattleState& s) { return s.ruleset_state.get_or_emplace<TsatfState>(); }

TsatfState& MutableOwnState(BattleState& s) {
  TsatfState& own = MutableBook(s);
  if (!own.KeyedTo(s)) Key(s, own);
  return own;
}

const TsatfUnit* UnitState(const BattleState& s, const Unit& u) {
  const TsatfState* own = OwnState(s);
  if (own == nullptr) return nullptr;
  if (const TsatfUnit* e = EntryAtHandle(own->ids, own->units, s, u)) return e;
  return FindEntry(*own, u.id);
}

TsatfUnit& MutableUnitState(BattleState& s, const Unit& u) {
  // The usual case: the unit's handle holds its entry (its id there), in a
  // state keyed to these units.
  if (TsatfState* own = s.ruleset_state.get_if<TsatfState>()) {
    if (TsatfUnit* e = KeyedEntryAtHandle(own->ids, own->units, s, u)) return *e;
  }
  const ptrdiff_t at = &u - s.units.data();
  TsatfState& own = MutableOwnState(s);
  int h = at >= 0 && static_cast<size_t>(at) < s.units.size() ? static_cast<int>(at) : s.UnitIndex(u.id);
  if (h < 0) NoUnit(u.id);
  return own.units[static_cast<size_t>(h)];
}

const TsatfUnit* UnitState(const BattleState& s, const std::string& unit_id) {
  const Unit* u = s.FindUnit(unit_id);
  return u == nullptr ? nullptr : UnitState(s, *u);
}

TsatfUnit& MutableUnitState(BattleState& s, const std::string& unit_id) {
  if (Unit* u = s.FindUnit(unit_id)) return MutableUnitState(s, *u);
  // A unit not on the state (yet): its entry waits after the units' (Key).
  TsatfState& own = MutableBook(s);
  own.units.resize(std::min(own.units.size(), own.ids.size()));
  own.ids.resize(own.units.size());
  const SharedString id = unit_id;
  for (size_t k = 0; k < own.ids.size(); ++k) {
    if (own.ids[k] == id) return own.units[k];
  }
  own.ids.push_back(id);
  own.units.emplace_back();
  return own.units.back();
}

const Deck& DeckOf(const BattleState& s) {
  static const Deck* const kNone = new Deck();
  const TsatfState* own = OwnState(s);
  return own != nullptr ? own->deck : *kNone;
}

Deck& MutableDeck(BattleState& s) { return MutableBook(s).deck; }

}  // namespace impi::tsatf
