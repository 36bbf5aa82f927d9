// engine/game/unit_entries.h: a rule set's per-unit bookkeeping by handle,
// the shapes every rule set's own state shares.
//
// Overview: a rule set keeps each unit's bookkeeping in a dense array
// `entries` indexed by the unit's handle (its place in BattleState::units),
// with each handle's id beside it in `ids` (pooled, SharedString, compared
// by address). The arrays are keyed to a state's units when ids[i] names
// s.units[i] for every unit; a rule set keys them afresh (its own Key) when a
// caller's state has the units in another order. These read them.
//
// Usage:
//   bool FerreeState::KeyedTo(const BattleState& s) const {
//     return ids.size() == s.units.size() && units.size() == ids.size() && IdsNameUnits(ids, s);
//   }
//   if (const FerreeUnit* e = EntryAtHandle(own.ids, own.units, s, u)) ...
//
// Thread safety: pure functions.
#ifndef IMPI_ENGINE_GAME_UNIT_ENTRIES_H_
#define IMPI_ENGINE_GAME_UNIT_ENTRIES_H_

#include <cstddef>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/shared_string.h"

namespace impi {

// The handle of `u`: its place in s.units, or for a unit of another state
// (a copy) the place of the unit with its id (-1 if none).
inline int HandleOf(const BattleState& s, const Unit& u) {
  const ptrdiff_t h = &u - s.units.data();
  return h >= 0 && static_cast<size_t>(h) < s.units.size() ? static_cast<int>(h) : s.UnitIndex(u.id);
}

// Whether ids[i] names s.units[i] for every unit of `s` (ids at least as
// long as the units; entries past them are the caller's to judge).
inline bool IdsNameUnits(const std::vector<SharedString>& ids, const BattleState& s) {
  if (ids.size() < s.units.size()) return false;
  for (size_t i = 0; i < s.units.size(); ++i) {
    if (!(ids[i] == s.units[i].id)) return false;
  }
  return true;
}

// The entry kept at u's handle in `s` if it is u's (its id there), else
// nullptr: one address compare.
template <typename Entry>
const Entry* EntryAtHandle(const std::vector<SharedString>& ids, const std::vector<Entry>& entries,
                           const BattleState& s, const Unit& u) {
  const ptrdiff_t h = &u - s.units.data();
  if (h >= 0 && static_cast<size_t>(h) < ids.size() && static_cast<size_t>(h) < entries.size() &&
      ids[static_cast<size_t>(h)] == u.id) {
    return &entries[static_cast<size_t>(h)];
  }
  return nullptr;
}

// The entry at u's handle as EntryAtHandle finds it, writable, but only in
// arrays as long as the units (keyed or about to be): a rule set's fast way
// to a unit's entry before it keys the state afresh. nullptr otherwise.
template <typename Entry>
Entry* KeyedEntryAtHandle(const std::vector<SharedString>& ids, std::vector<Entry>& entries,
                          const BattleState& s, const Unit& u) {
  if (ids.size() != s.units.size() || entries.size() != s.units.size()) return nullptr;
  return const_cast<Entry*>(EntryAtHandle(ids, static_cast<const std::vector<Entry>&>(entries), s, u));
}

// The entry of the unit with `id`, by a scan (a state not keyed to its
// units), or nullptr.
template <typename Entry>
const Entry* EntryById(const std::vector<SharedString>& ids, const std::vector<Entry>& entries,
                       const SharedString& id) {
  for (size_t k = 0; k < ids.size() && k < entries.size(); ++k) {
    if (ids[k] == id) return &entries[k];
  }
  return nullptr;
}

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_UNIT_ENTRIES_H_
