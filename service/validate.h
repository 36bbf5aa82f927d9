// service/validate.h: strict, generic checks of requests, with field paths.
//
// Overview: before anything reaches the engine, every request is checked for
// what no rule set needs to know about: required fields, enum values in range,
// unit ids that are unique and that every reference names, counts that are not
// negative, coordinates that are finite and on the table, point numbers unique
// per kind, policy budgets in range, a dice source that is set, and the size
// limits below. Errors are absl::InvalidArgumentError with the path of the bad
// field first, in the request's own field names:
//
//   state.units[3].figures.fit: -2 is negative
//   state.units[4].id: duplicate of state.units[1]
//   british_actions[0].unit_id: no unit has id "b9"
//   zulu_policy.iterations: 2000000 is out of range 0..1000000
//   dice: set seed or scripted
//
// A rule set the registry does not know, or does not implement fully yet, is
// FAILED_PRECONDITION ("state.ruleset: PAGANO_D10 is not implemented yet").
// What only a rule set can judge (the unit kinds it takes, bookkeeping that
// contradicts itself, an empty force pool) is its own Validate's business;
// convert.h calls it after these checks.
//
// Usage:
//   absl::Status s = ValidateAdvanceRequest(request);
//   if (!s.ok()) return s;  // nothing of the request reached the engine
//
// Thread safety: all functions are pure.
#ifndef IMPI_SERVICE_VALIDATE_H_
#define IMPI_SERVICE_VALIDATE_H_

#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/game/ruleset.h"
#include "engine/game/wire.h"
#include "impi/v1/umpire.pb.h"

namespace impi::service {

// Documented limits (docs/protocol.md). Messages larger than
// ServerOptions::max_message_bytes are refused before they are parsed.
inline constexpr int kMaxUnits = 2000;
inline constexpr int kMaxTerrainVertices = 10000;  // outline vertices + hexes, all terrain
inline constexpr int kMaxPoints = 1000;
inline constexpr int kMaxScriptedDice = 10000;  // also the limit on scripted cards
inline constexpr int kMaxBritishActions = 500;
inline constexpr int kMaxActionPathPoints = 1000;  // per action
inline constexpr int kMaxParameters = 1000;
inline constexpr int kMaxPolicyIterations = 1000000;
inline constexpr int kMaxPolicyMilliseconds = 60000;
inline constexpr int kMaxPolicyThreads = 16;
// Figures of each kind in a unit (fit, wounded, casualties ...) and leaders.
inline constexpr int kMaxFigures = 100000;
// A unit id, in bytes.
inline constexpr int kMaxIdBytes = 256;
// At most this much of a caller's text is quoted back in an error message
// (impi::Quoted, engine/game/wire.h, which the rule sets' adapters use too).
using ::impi::kMaxEchoBytes;
using ::impi::Quoted;

// The rule set a state names: INVALID_ARGUMENT if unset or not a Ruleset value,
// FAILED_PRECONDITION if the registry does not have it or its status is not
// "full". `path` is the state's path ("state").
absl::StatusOr<const Ruleset*> RulesetFor(const v1::TableState& state,
                                          std::string_view path = "state");

// The generic checks of a TableState, including RulesetFor. Paths start with
// `path` ("state").
absl::Status ValidateTableState(const v1::TableState& state, std::string_view path = "state");

// British actions, against the (already validated) state they apply to.
// Paths start with "british_actions[i]".
absl::Status ValidateBritishActions(const google::protobuf::RepeatedPtrField<v1::Action>& actions,
                                    const v1::TableState& state);

// The AskRequest.question oneof is set. Its member is the state's rule set's
// to read and check (RulesetWire::QuestionFromProto, then the rule set's Ask).
absl::Status ValidateQuestionSet(const v1::AskRequest& request);

// A dice source; paths start with "dice".
absl::Status ValidateDice(const v1::DiceSource& dice);

// A policy; paths start with `path` ("zulu_policy" or "policy").
absl::Status ValidatePolicy(const v1::Policy& policy, std::string_view path);

// Whole requests: state, then the rest, first error wins.
absl::Status ValidateAdvanceRequest(const v1::AdvanceRequest& request);
absl::Status ValidateAskRequest(const v1::AskRequest& request);

}  // namespace impi::service

#endif  // IMPI_SERVICE_VALIDATE_H_
