// engine/rulesets/tsatf/tsatf_state.h: Zulu Control's own state.
//
// Overview: what only Zulu Control keeps, held in BattleState::ruleset_state
// (engine/core never looks inside) and carried on the wire in
// TableState.tsatf (engine/rulesets/tsatf/wire/): the movement or fire deck,
// the umpire's book (the force pool against the scenario total, impis
// created) and each unit's umpire-only bookkeeping (hand, target, who fired
// on it).
//
// Units by handle: the bookkeeping is a dense array indexed by the unit's
// place in BattleState::units (its handle), kept parallel to the units as
// Zulu Control changes them: a unit created is appended to both, a unit
// removed (Context::RemoveUnit) is erased from both at its place. The
// units a step compares (a target, who fired on a unit) are pooled ids
// (SharedString: two compare by address). The state is keyed to the units
// it was made for (each handle's id): MutableOwnState keys it afresh by id,
// moving each entry to its unit's new place, when a caller changed the
// units since (reordered them, or a state decoded from the wire, whose
// entries come in the wire's order), and a lookup checks the handle's id
// (an address compare) before it trusts it. Ids are read as text only at
// the edge (the wire, the hash's order, validation, the events' text).
//
// Usage:
//   TsatfState& own = MutableOwnState(state);   // keyed to state.units
//   MutableBook(state).force_pool = 3;           // the book and deck: no keying
//   MutableUnitState(state, unit).hand = Hand::kLeft;   // by handle
//   MutableUnitState(state, "z1").hand = Hand::kLeft;   // by id: tests, the edge
//   if (const TsatfUnit* u = UnitState(state, unit)) ... u->target_id ...
//
// Thread safety: plain values, copied with the BattleState.
#ifndef IMPI_ENGINE_RULESETS_TSATF_TSATF_STATE_H_
#define IMPI_ENGINE_RULESETS_TSATF_TSATF_STATE_H_

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"
#include "engine/core/shared_string.h"

namespace impi::tsatf {

enum class Hand : int { kUnspecified = 0, kLeft = 1, kRight = 2 };

// The deck of the phase being played: 3 red (British) and 3 black (Zulu).
struct Deck {
  int red_left = 0;
  int black_left = 0;
  CardColor current_card = CardColor::kUnspecified;
  int zulu_cards_drawn = 0;
  int british_moves_left = 0;  // movement limitation on the last red card (-1: none)
};

// The umpire's bookkeeping of one unit (umpire-only).
struct TsatfUnit {
  Hand hand = Hand::kUnspecified;  // impis and skirmishers
  SharedString target_id;          // the British unit it is going for
  Vec2 last_known_target = Vec2::Zero();  // read only when has_last_known_target
  bool has_last_known_target = false;
  std::vector<SharedString> fired_on_by_this_turn;  // British units that fired on it
  std::vector<SharedString> fired_on_by_last_turn;  // ... last turn (temptation)
  int losses_this_turn = 0;
  int created_turn = 0;
  int entry_point = 0;  // perimeter or appearance point it came from

  // Nothing kept: a unit with such an entry has none on the wire.
  bool Empty() const;
};

struct TsatfState {
  Deck deck;
  int force_pool = 0;      // regiments available to create now (recycled ones included)
  int committed = 0;       // regiments committed so far (never over scenario_total)
  int scenario_total = 0;  // total Zulu regiments the scenario allows
  int impis_created = 0;   // "first impi" modifier
  // By handle: units[h] is the bookkeeping of BattleState::units[h], whose
  // id is ids[h] (keyed: as many as the units, each with its unit's id).
  // Unkeyed (decoded from the wire, or the units changed by a caller), an
  // entry is its id's.
  std::vector<TsatfUnit> units;
  std::vector<SharedString> ids;

  // Keyed to `s`: one entry for each of its units, each with its id.
  bool KeyedTo(const BattleState& s) const;
  // Fills `out` with the handles of the entries in id order (std::string's):
  // the wire's and the hash's order.
  void ByIdOrder(std::vector<int>* out) const;
};

// The rule set's state of `s` (nullptr if it has none yet). The mutable one
// is created empty if absent and keyed to s.units (TsatfState::KeyedTo;
// entries of units no longer on the table are dropped); MutableBook is the
// same state unkeyed, for the deck and the book alone.
const TsatfState* OwnState(const BattleState& s);
TsatfState& MutableOwnState(BattleState& s);
TsatfState& MutableBook(BattleState& s);
// A unit's bookkeeping: nullptr if it has none; the mutable one (an empty
// one if it had none). `u` is a unit of `s`.
const TsatfUnit* UnitState(const BattleState& s, const Unit& u);
TsatfUnit& MutableUnitState(BattleState& s, const Unit& u);
// The same by id, at the contract's edge (tests, the wire's checks). An
// entry made by id for a unit not on the state waits after the units' until
// its unit is added (the wire and the hash skip it till then).
const TsatfUnit* UnitState(const BattleState& s, const std::string& unit_id);
TsatfUnit& MutableUnitState(BattleState& s, const std::string& unit_id);
// The deck, read (a default deck if none) and mutable.
const Deck& DeckOf(const BattleState& s);
Deck& MutableDeck(BattleState& s);

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_TSATF_STATE_H_
