// engine/game/wire.h: a rule set's own state to and from the contract.
//
// Overview: the engine knows no protobuf. Each rule set that keeps state of
// its own (BattleState::ruleset_state) has a small adapter beside it
// (engine/rulesets/<ruleset>/wire/), the only part of the rule set that
// knows the contract: it copies TableState's `ruleset_state` oneof member of
// that rule set to the engine's type and back, and its member of the
// AskRequest.question oneof to the rule set's question type. The service reaches the
// adapters through FindWire and so never names a rule set; the composition
// root (root/register.cc) registers each adapter with RegisterWire.
//
// Usage:
//   RegisterWire(std::make_unique<MyRulesetWire>());   // in the composition root
//   if (const RulesetWire* w = FindWire(state.ruleset)) {
//     IMPI_RETURN_IF_ERROR(w->StateFromProto(proto, &state));
//     IMPI_RETURN_IF_ERROR(w->QuestionFromProto(ask_request, &question));
//   }
//
// Thread safety: adapters are immutable and shared by all threads; the
// registry functions are thread-safe (register before serving).
#ifndef IMPI_ENGINE_GAME_WIRE_H_
#define IMPI_ENGINE_GAME_WIRE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/game/hex_picture.h"
#include "engine/game/ruleset.h"
#include "impi/v1/table.pb.h"
#include "impi/v1/umpire.pb.h"

namespace impi {

class RulesetWire {
 public:
  virtual ~RulesetWire() = default;
  // The contract's enum name of the rule set, e.g. "FERREE_ISANDLWANA".
  virtual std::string_view ruleset() const = 0;
  // Sets out->ruleset_state from in's oneof member (an empty state of the
  // rule set if none is set). INVALID_ARGUMENT naming "state.<field>" for
  // another rule set's member or a value out of range.
  virtual absl::Status StateFromProto(const v1::TableState& in, BattleState* out) const = 0;
  // Sets out's oneof member from in.ruleset_state.
  virtual void StateToProto(const BattleState& in, v1::TableState* out) const = 0;
  // Sets *out to the rule set's own question from in's `question` oneof
  // member of this rule set. INVALID_ARGUMENT naming the field for another
  // rule set's member ("ferree: the state's rule set is ..."), no member, or
  // a value the message alone shows is wrong (an enum out of range); what
  // needs the state is the rule set's Ask's to check.
  virtual absl::Status QuestionFromProto(const v1::AskRequest& in, Question* out) const = 0;

  // A rule set's own fields of an action (Action::extra, action_extra.h)
  // from the contract's Action and back. The service asks every adapter in
  // turn (ActionExtraFromWire, ActionExtraToWire): the one whose fields `in`
  // sets, or whose type `in.extra` holds, does the copy and returns true.
  // What the fields' values may be is the rule set's to check (its Apply).
  // Default: the rule set has none.
  virtual bool ActionExtraFromProto(const v1::Action& in, Action* out) const {
    (void)in;
    (void)out;
    return false;
  }
  virtual bool ActionExtraToProto(const Action& in, v1::Action* out) const {
    (void)in;
    (void)out;
    return false;
  }
  // What the message alone shows is wrong in the rule set's own fields of a
  // British action of its state (an enum or a number out of range):
  // INVALID_ARGUMENT naming the field under `path` ("british_actions[2]").
  // Whether the action is one the rules allow now is its Apply's to say.
  // Default: nothing to check.
  virtual absl::Status CheckActionExtra(const v1::Action& in, const std::string& path) const {
    (void)in;
    (void)path;
    return absl::OkStatus();
  }

  // What a picture or an account of the table shows of the rule set's own
  // state (the renderer, `impi advance --explain`), so that they name no
  // rule set. A unit's umpire-only note: words appended to its label
  // (" [right horn]", ", left-handed") and the unit it heads for.
  struct UnitNote {
    std::string label;
    std::string target_id;
  };
  // The notes of the units of `state` that have any, by unit id. Default:
  // none.
  virtual std::map<std::string, UnitNote> UnitNotes(const v1::TableState& state) const {
    (void)state;
    return {};
  }
  // A clause on the table's own bookkeeping for a one-line account ("force
  // pool 3, committed 2 of 6"), "" for none. Default: none.
  virtual std::string TableNote(const v1::TableState& state) const {
    (void)state;
    return "";
  }
  // The board of a hex rule set as a picture shows it (hex_picture.h): its
  // hexes, walls, areas and the stacks of `state`'s units, with their
  // counters' marks. Read from a state not checked yet: what it cannot place
  // (a hex off the board, a room that is none) it leaves out. Default: none
  // (the table is drawn in inches).
  virtual std::optional<HexPicture> BoardPicture(const v1::TableState& state) const {
    (void)state;
    return std::nullopt;
  }
};

// Sets out->extra from `in` through the first registered adapter whose
// fields `in` sets (none: out->extra is left empty).
void ActionExtraFromWire(const v1::Action& in, Action* out);
// Sets the fields of `out` that in.extra holds, through its rule set's
// adapter (none held: nothing).
void ActionExtraToWire(const Action& in, v1::Action* out);

// Checks that `in` asks a question of the rule set whose AskRequest.question
// member is `field` ("tsatf"), for QuestionFromProto: INVALID_ARGUMENT
// "question: is required" if none is set, or naming the member that is set
// if it is another rule set's.
absl::Status CheckQuestionMember(const v1::AskRequest& in, std::string_view field,
                                 std::string_view ruleset);

// Checks that `in` carries no other rule set's state than the one whose
// TableState.ruleset_state member is `field` ("ferree"), for
// StateFromProto: none set is fine (an empty state of the rule set);
// another member is INVALID_ARGUMENT naming it ("state.tsatf: is another
// rule set's state; a FERREE_ISANDLWANA state carries state.ferree").
absl::Status CheckStateMember(const v1::TableState& in, std::string_view field, std::string_view ruleset);

// INVALID_ARGUMENT "<path>: <why>": an adapter's error naming the field.
absl::Status FieldError(const std::string& path, const std::string& why);
// At most this much of a caller's text is quoted back in an error message.
inline constexpr size_t kMaxEchoBytes = 200;
// The caller's text in a message, quoted, at most kMaxEchoBytes of it
// ("xx..."... (N bytes)): an id of a megabyte is never echoed whole.
std::string Quoted(std::string_view s);
// FieldError(path, "<value> is negative") for a negative value, else OK.
absl::Status NotNegativeField(const std::string& path, int value);
// FieldError(path, "<value> is negative") or FieldError(path, "<value> is
// over <most>: <why>"), else OK: a bookkeeping number's bounds.
absl::Status CountField(const std::string& path, int64_t value, int64_t most, const std::string& why);
// FieldError(path, "(x, y) is off the <width> x <height> table") for a
// point that is not finite or not on the table, else OK.
absl::Status OnTableField(const std::string& path, double x, double y, double width, double height);

// Adds `wire` (not null) to the registry, which owns it for the life of the
// process. ALREADY_EXISTS if an adapter for the same rule set is registered:
// the first one stays.
absl::Status RegisterWire(std::unique_ptr<const RulesetWire> wire);
// The adapter of a rule set, or nullptr if it keeps no state of its own.
const RulesetWire* FindWire(std::string_view ruleset);

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_WIRE_H_
