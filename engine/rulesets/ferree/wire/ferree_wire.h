// engine/rulesets/ferree/wire/ferree_wire.h: FerreeState <-> impi.v1.FerreeState.
//
// Overview: the adapter engine/game/wire.h describes, for Ferree's
// Isandlwana: the pending Zulu decision, Durnford's column still to come and
// the quiet-turn count travel in TableState.ferree. A state without the
// message is a battle with nothing pending and nobody arriving.
//
// Thread safety: immutable.
#ifndef IMPI_ENGINE_RULESETS_FERREE_WIRE_FERREE_WIRE_H_
#define IMPI_ENGINE_RULESETS_FERREE_WIRE_FERREE_WIRE_H_

#include "engine/rulesets/ferree/ferree.h"
#include "engine/game/wire.h"

namespace impi::ferree {

class FerreeWire final : public RulesetWire {
 public:
  std::string_view ruleset() const override { return kRulesetId; }
  absl::Status StateFromProto(const v1::TableState& in, BattleState* out) const override;
  void StateToProto(const BattleState& in, v1::TableState* out) const override;
  absl::Status QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const override;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_WIRE_FERREE_WIRE_H_
