// engine/rulesets/empress/wire/empress_wire.h: EmpressState <->
// impi.v1.EmpressState.
//
// Overview: the adapter engine/game/wire.h describes, for Empress's
// "Damned Wobbly Gentlemen": the stage of the move and each unit's
// bookkeeping travel in TableState.empress. StateFromProto checks what the
// message alone can say, naming the field ("state.empress.units[2].unit_id:
// no unit has id \"b9\""): enums in range, counts not negative, each entry
// naming a unit of the table once, an order's target naming a unit, its
// point finite. The rule set's Validate checks the rest. An entry with
// nothing in it, or of a unit no longer on the table, is not written back.
//
// Thread safety: immutable.
#ifndef IMPI_ENGINE_RULESETS_EMPRESS_WIRE_EMPRESS_WIRE_H_
#define IMPI_ENGINE_RULESETS_EMPRESS_WIRE_EMPRESS_WIRE_H_

#include "engine/rulesets/empress/empress.h"
#include "engine/game/wire.h"

namespace impi::empress {

class EmpressWire final : public RulesetWire {
 public:
  std::string_view ruleset() const override { return kRulesetId; }
  absl::Status StateFromProto(const v1::TableState& in, BattleState* out) const override;
  void StateToProto(const BattleState& in, v1::TableState* out) const override;
  // AskRequest.empress to an empress::Question (question.h).
  absl::Status QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const override;
  // Action.range_estimate (a gun's or rocket's announced range) <-> EmpressAim.
  bool ActionExtraFromProto(const v1::Action& in, Action* out) const override;
  bool ActionExtraToProto(const Action& in, v1::Action* out) const override;
};

}  // namespace impi::empress

#endif  // IMPI_ENGINE_RULESETS_EMPRESS_WIRE_EMPRESS_WIRE_H_
