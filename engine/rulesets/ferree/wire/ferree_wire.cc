#include "engine/rulesets/ferree/wire/ferree_wire.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace impi::ferree {
namespace {

std::vector<std::string> Strings(const google::protobuf::RepeatedPtrField<std::string>& in) {
  return std::vector<std::string>(in.begin(), in.end());
}

void SetStrings(const std::vector<std::string>& in,
                google::protobuf::RepeatedPtrField<std::string>* out) {
  out->Clear();
  for (const std::string& s : in) *out->Add() = s;
}

}  // namespace

absl::Status FerreeWire::StateFromProto(const v1::TableState& in, BattleState* out) const {
  FerreeState own;
  if (in.ruleset_state_case() != v1::TableState::RULESET_STATE_NOT_SET &&
      in.ruleset_state_case() != v1::TableState::kFerree) {
    const auto* oneof = in.GetDescriptor()->FindOneofByName("ruleset_state");
    const auto* field = in.GetReflection()->GetOneofFieldDescriptor(in, oneof);
    return absl::InvalidArgumentError(
        absl::StrCat("state.", field->name(), ": is another rule set's state; a ",
                     kRulesetId, " state carries state.ferree"));
  }
  const v1::FerreeState& p = in.ferree();
  const v1::FerreePendingChoice& pc = p.pending();
  if (!v1::FerreePendingChoice::Choice_IsValid(pc.choice())) {
    return absl::InvalidArgumentError(
        absl::StrCat("state.ferree.pending.choice: ", pc.choice(), " is not a Zulu decision"));
  }
  if (p.surgeon_attempts() < 0) {
    return absl::InvalidArgumentError(absl::StrCat("state.ferree.surgeon_attempts: ",
                                                   p.surgeon_attempts(), " is negative"));
  }
  if (p.quiet_turns() < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("state.ferree.quiet_turns: ", p.quiet_turns(), " is negative"));
  }
  PendingChoice& pending = own.pending;
  pending.choice = static_cast<ZuluChoice>(pc.choice());
  pending.unit_id = pc.unit_id();
  pending.regiment_id = pc.regiment_id();
  pending.british_id = pc.british_id();
  pending.queue = Strings(pc.queue());
  pending.after_resolve = pc.after_resolve();
  pending.left_donga = Strings(pc.left_donga());
  own.arriving = Strings(p.arriving());
  own.quiet_turns = p.quiet_turns();
  own.surgeon_attempts = p.surgeon_attempts();
  out->ruleset_state = std::move(own);
  return absl::OkStatus();
}

void FerreeWire::StateToProto(const BattleState& in, v1::TableState* out) const {
  const FerreeState* own = OwnState(in);
  if (own == nullptr) {
    out->clear_ferree();
    return;
  }
  v1::FerreeState* p = out->mutable_ferree();
  p->Clear();
  const PendingChoice& pending = own->pending;
  if (pending.choice != ZuluChoice::kNone) {
    v1::FerreePendingChoice* pc = p->mutable_pending();
    pc->set_choice(static_cast<v1::FerreePendingChoice::Choice>(pending.choice));
    pc->set_unit_id(pending.unit_id);
    pc->set_regiment_id(pending.regiment_id);
    pc->set_british_id(pending.british_id);
    SetStrings(pending.queue, pc->mutable_queue());
    pc->set_after_resolve(pending.after_resolve);
    SetStrings(pending.left_donga, pc->mutable_left_donga());
  }
  SetStrings(own->arriving, p->mutable_arriving());
  p->set_quiet_turns(own->quiet_turns);
  p->set_surgeon_attempts(own->surgeon_attempts);
}

}  // namespace impi::ferree
