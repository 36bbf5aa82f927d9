// engine/rulesets/tsatf/tsatf_state.h: Zulu Control's own state.
//
// Overview: what only Zulu Control keeps, held in BattleState::ruleset_state
// (engine/core never looks inside) and carried on the wire in
// TableState.tsatf (engine/rulesets/tsatf/wire/): the movement or fire deck,
// the umpire's book (the force pool against the scenario total, impis
// created) and each unit's umpire-only bookkeeping (hand, target, who fired
// on it), keyed by unit id.
//
// Usage:
//   TsatfState& own = MutableOwnState(state);
//   own.deck.red_left = kCardsPerColour;
//   MutableUnitState(state, "z1").hand = Hand::kLeft;
//   if (const TsatfUnit* u = UnitState(state, "z1")) ... u->target_id ...
//
// Thread safety: plain values, copied with the BattleState.
#ifndef IMPI_ENGINE_RULESETS_TSATF_TSATF_STATE_H_
#define IMPI_ENGINE_RULESETS_TSATF_TSATF_STATE_H_

#include <map>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"

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
  std::string target_id;           // the British unit it is going for
  Vec2 last_known_target = Vec2::Zero();  // read only when has_last_known_target
  bool has_last_known_target = false;
  std::vector<std::string> fired_on_by_this_turn;  // British units that fired on it
  std::vector<std::string> fired_on_by_last_turn;  // ... last turn (temptation)
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
  // By unit id. An entry of a unit no longer on the table state is ignored
  // (the wire and the hash skip it).
  std::map<std::string, TsatfUnit> units;
};

// The rule set's state of `s` (nullptr if it has none yet), and a mutable
// one, created empty if absent.
const TsatfState* OwnState(const BattleState& s);
TsatfState& MutableOwnState(BattleState& s);
// A unit's bookkeeping: nullptr if it has none; an empty one, created if absent.
const TsatfUnit* UnitState(const BattleState& s, const std::string& unit_id);
TsatfUnit& MutableUnitState(BattleState& s, const std::string& unit_id);
// The deck, read (a default deck if none) and mutable.
const Deck& DeckOf(const BattleState& s);
Deck& MutableDeck(BattleState& s);

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_TSATF_STATE_H_
