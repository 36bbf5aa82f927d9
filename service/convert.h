// service/convert.h: the wire contract (impi.v1) <-> the engine's plain types.
//
// Overview: two layers.
//   - Checked entry points, AdvanceFromProto and AskFromProto, run the generic
//     checks of validate.h, convert, then ask the state's rule set to
//     Validate the converted state. Only these are used on a request.
//   - Plain converters (ToEngine / ToProto) copy field by field and assume
//     their input is valid. Enums have the same numeric values on both sides,
//     so they are cast; the rule set travels as the contract's enum name
//     ("TSATF_ZULU_CONTROL") and is never named here.
// Outgoing explanations get RuleRef.ruleset from the state's rule set.
//
// Usage:
//   absl::StatusOr<AdvanceInput> in = AdvanceFromProto(request);
//   if (!in.ok()) return in.status();
//   absl::StatusOr<StepResult> r = RunAdvance(in->state, in->british, in->policy, in->dice);
//   StepResultToProto(*r, &response);
//
// Thread safety: all functions are pure.
#ifndef IMPI_SERVICE_CONVERT_H_
#define IMPI_SERVICE_CONVERT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "engine/core/event.h"
#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"
#include "impi/v1/umpire.pb.h"

namespace impi::service {

// --- Checked requests ------------------------------------------------------

struct AdvanceInput {
  BattleState state;
  std::vector<Action> british;
  PolicySpec policy;
  DiceSpec dice;
  bool british_view = false;
};

struct AskInput {
  BattleState state;
  Question question;
  PolicySpec policy;
  DiceSpec dice;
};

// INVALID_ARGUMENT with the field path, or FAILED_PRECONDITION for a rule set
// not implemented yet; see validate.h. Then the rule set's own Validate.
absl::StatusOr<AdvanceInput> AdvanceFromProto(const v1::AdvanceRequest& request);
absl::StatusOr<AskInput> AskFromProto(const v1::AskRequest& request);
// A state alone, checked the same way (paths begin "state.").
absl::StatusOr<BattleState> StateFromProto(const v1::TableState& state);

// --- Plain converters (input assumed valid) ---------------------------------

BattleState ToEngine(const v1::TableState& state);
Action ToEngine(const v1::Action& action);
DiceSpec ToEngine(const v1::DiceSource& dice);
// DIE_KIND_UNSPECIFIED (and any unknown value) becomes kD.
DieKind ToEngine(v1::DieKind kind);
// A die roll read back (e.g. a client replaying a logged answer).
DieRoll ToEngine(const v1::DieRoll& roll);
// POLICY_KIND_UNSPECIFIED becomes RULES.
PolicySpec ToEngine(const v1::Policy& policy);
// The AskRequest.question oneof, read by the wire adapter of `ruleset` (the
// state's): INVALID_ARGUMENT if none is set or it is another rule set's.
// The rule set's Ask checks the rest against the state.
absl::StatusOr<Question> QuestionFromProto(const v1::AskRequest& request,
                                           std::string_view ruleset);

void ToProto(const BattleState& state, v1::TableState* out);
void ToProto(const Action& action, v1::Action* out);
v1::DieKind ToProto(DieKind kind);
void ToProto(const DiceSpec& dice, v1::DiceSource* out);
// Sets every field, `kind` included (D for a plain dN).
void ToProto(const DieRoll& roll, v1::DieRoll* out);
void ToProto(const Awaiting& awaiting, v1::Awaiting* out);
// `ruleset` fills RuleRef.ruleset (the engine's RuleRef has none).
void ToProto(const Explanation& why, v1::Ruleset ruleset, v1::Explanation* out);
void ToProto(const Event& event, v1::Ruleset ruleset, v1::Event* out);

// The contract's enum for a rule set's name; RULESET_UNSPECIFIED if unknown.
v1::Ruleset RulesetFromName(const std::string& name);

// Whole answers. The rule set for explanations is taken from result.state.
void StepResultToProto(const StepResult& result, v1::AdvanceResponse* out);
void StepResultToProto(const StepResult& result, v1::AskResponse* out);

// Describe: `version`, every rule set of the registry with its status and
// source, and the limits (validate.h) with `max_message_bytes`.
void FillDescribe(const std::string& version, int max_message_bytes, v1::DescribeResponse* out);

}  // namespace impi::service

#endif  // IMPI_SERVICE_CONVERT_H_
