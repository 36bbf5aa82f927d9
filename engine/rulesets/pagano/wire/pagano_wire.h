// engine/rulesets/pagano/wire/pagano_wire.h: PaganoState <->
// impi.v1.PaganoState.
//
// Overview: the adapter engine/game/wire.h describes, for C. Pagano's d10
// rules: the phase, the month and each unit's bookkeeping (state.h) travel
// in TableState.pagano, the handles inside an entry (the piece a figure
// crews, the casualty it carries, the induna directing an isigaba) as unit
// ids. StateFromProto checks what the message alone can say, naming the
// field ("state.pagano.units[2].unit_id: no unit has id \"b9\""): enums in
// range, each entry naming a unit of the table once, the ids inside entries
// naming units, counts not negative, the frontage finite; then the rule
// set's CheckOwnState the rest (the kinds the ids must name, the bounds
// each count reaches). StateToProto writes the entries in id order; an
// entry with nothing in it, or of a unit no longer on the table, is not
// written. A state without the message is a battle at its first Zulu
// Movement with nothing kept. The contract's enums are the engine's plus
// one (0 is each one's UNSPECIFIED).
//
// Usage:
//   RegisterWire(std::make_unique<pagano::PaganoWire>());  // root/register.cc
//
// Thread safety: immutable.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_WIRE_PAGANO_WIRE_H_
#define IMPI_ENGINE_RULESETS_PAGANO_WIRE_PAGANO_WIRE_H_

#include <map>
#include <string>

#include "engine/game/wire.h"
#include "engine/rulesets/pagano/state.h"

namespace impi::pagano {

class PaganoWire final : public RulesetWire {
 public:
  std::string_view ruleset() const override { return kRulesetId; }
  absl::Status StateFromProto(const v1::TableState& in, BattleState* out) const override;
  void StateToProto(const BattleState& in, v1::TableState* out) const override;
  // AskRequest.pagano to a pagano::Question (question.h): the member's
  // unit_id is required; a fire's target_id is its other_unit_id, which for
  // a firer of the request's state names a unit of it and is required of a
  // British figure or piece ("pagano.fire.target_id: is required").
  absl::Status QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const override;
  // An isigaba's Stayed result, riflemen, spears thrown, the induna
  // directing it; a British figure's piece, casualty carried, a jam.
  std::map<std::string, UnitNote> UnitNotes(const v1::TableState& state) const override;
  // The phase of SEQUENCE of PLAY and the month.
  std::string TableNote(const v1::TableState& state) const override;
};

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_WIRE_PAGANO_WIRE_H_
