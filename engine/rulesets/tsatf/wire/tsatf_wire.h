// engine/rulesets/tsatf/wire/tsatf_wire.h: TsatfState <-> impi.v1.TsatfState.
//
// Overview: the adapter engine/game/wire.h describes, for Zulu Control:
// the deck, the umpire's book and each unit's bookkeeping travel in
// TableState.tsatf. StateFromProto checks what the message alone can say,
// naming the field ("state.tsatf.units[2].target_id: no unit has id \"b9\""):
// counts not negative, enums in range, each entry of `units` naming a unit of
// the table once, targets and "fired on by" naming units, positions finite.
// The rule set's ValidateOwnState checks the rest (the book within the
// scenario total, the deck within its cards, targets British). An entry with
// nothing in it, or of a unit no longer on the table, is not written back.
//
// Thread safety: immutable.
#ifndef IMPI_ENGINE_RULESETS_TSATF_WIRE_TSATF_WIRE_H_
#define IMPI_ENGINE_RULESETS_TSATF_WIRE_TSATF_WIRE_H_

#include "engine/rulesets/tsatf/zulu_control.h"
#include "engine/game/wire.h"

namespace impi::tsatf {

class TsatfWire final : public RulesetWire {
 public:
  std::string_view ruleset() const override { return kRulesetId; }
  absl::Status StateFromProto(const v1::TableState& in, BattleState* out) const override;
  void StateToProto(const BattleState& in, v1::TableState* out) const override;
  absl::Status QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const override;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_WIRE_TSATF_WIRE_H_
