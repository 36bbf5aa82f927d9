// Zulu Control's own state (BattleState::ruleset_state). See tsatf_state.h.
#include "engine/rulesets/tsatf/tsatf_state.h"


namespace impi::tsatf {

bool TsatfUnit::Empty() const {
  return hand == Hand::kUnspecified && target_id.empty() && !has_last_known_target &&
         fired_on_by_this_turn.empty() &&
         fired_on_by_last_turn.empty() && losses_this_turn == 0 && created_turn == 0 &&
         entry_point == 0;
}

const TsatfState* OwnState(const BattleState& s) {
  return s.ruleset_state.get_if<TsatfState>();
}

TsatfState& MutableOwnState(BattleState& s) {
  return s.ruleset_state.get_or_emplace<TsatfState>();
}

const TsatfUnit* UnitState(const BattleState& s, const std::string& unit_id) {
  const TsatfState* own = OwnState(s);
  if (own == nullptr) return nullptr;
  auto it = own->units.find(unit_id);
  return it == own->units.end() ? nullptr : &it->second;
}

TsatfUnit& MutableUnitState(BattleState& s, const std::string& unit_id) {
  return MutableOwnState(s).units[unit_id];
}

const Deck& DeckOf(const BattleState& s) {
  static const Deck* const kNone = new Deck();
  const TsatfState* own = OwnState(s);
  return own != nullptr ? own->deck : *kNone;
}

Deck& MutableDeck(BattleState& s) { return MutableOwnState(s).deck; }

}  // namespace impi::tsatf
