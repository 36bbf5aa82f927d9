// tests/rules/tsatf/own_state.h: short reads and writes of Zulu Control's own
// state (engine/rulesets/tsatf/tsatf_state.h) for the tests.
//
//   Book(s).force_pool = 16;           // the umpire's book
//   DeckIn(s).black_left = 1;          // the deck
//   Own(s, "z1").target_id = "b1";     // a unit's bookkeeping
//   EXPECT_EQ(Own(r.state, "z1").hand, Hand::kLeft);
//
// The const forms read an empty book, deck or unit when there is none.
#ifndef IMPI_TESTS_RULES_TSATF_OWN_STATE_H_
#define IMPI_TESTS_RULES_TSATF_OWN_STATE_H_

#include <string>

#include "engine/core/battle_state.h"
#include "engine/rulesets/tsatf/tsatf_state.h"

namespace impi::tsatf {

inline TsatfState& Book(BattleState& s) { return MutableOwnState(s); }
inline const TsatfState& Book(const BattleState& s) {
  static const TsatfState* const kNone = new TsatfState();
  const TsatfState* own = OwnState(s);
  return own != nullptr ? *own : *kNone;
}

inline Deck& DeckIn(BattleState& s) { return MutableDeck(s); }
inline const Deck& DeckIn(const BattleState& s) { return DeckOf(s); }

inline TsatfUnit& Own(BattleState& s, const std::string& unit_id) {
  return MutableUnitState(s, unit_id);
}
inline const TsatfUnit& Own(const BattleState& s, const std::string& unit_id) {
  static const TsatfUnit* const kNone = new TsatfUnit();
  const TsatfUnit* u = UnitState(s, unit_id);
  return u != nullptr ? *u : *kNone;
}

}  // namespace impi::tsatf

#endif  // IMPI_TESTS_RULES_TSATF_OWN_STATE_H_
