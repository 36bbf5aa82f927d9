// engine/rulesets/roarks_drift/question.h: the decision points of "The
// Battle of Roark's Drift" (004_18930928e35a3412.txt) that a caller may ask
// about one at a time (AskRequest.roarks_drift, RoarksQuestion in
// impi/v1/roarks_drift.proto), and how each is settled.
//
// Overview: each question is a roll of the rules settled on the state sent,
// through the same procedure as in play, when it applies now:
//   - aimed_fire (6.1.1 / 6.2.1): the men of a hex who may aim, at a target
//     hex: the British in their fire segment, a Zulu rifle unit in the
//     Zulus'; the order offered in play (LegalActions), applied;
//   - volley (6.1.2): a lieutenant's lined-up line fires;
//   - melee (7.0): the Zulu attacks of their melee segment, spread or
//     massed; or a British attack on a Zulu hex, rolled with those declared
//     before it (the British melee applied: 7.0.H);
//   - oskarberg (6.2.2.1) and suppression (6.2.2.2);
//   - healing (8.3): Surgeon Major Reynolds' roll for one wounded man in his
//     care, as the interphase rolls it;
//   - fire_spread (10.2.B-C): a burning room's spread roll (2-7: to the
//     rooms next to it), as the end segment rolls it.
// The first five are orders and are applied; healing and fire_spread are
// rolled by the umpire's own procedure at the interphase and the end
// segment, so the answer is a reading on the request's dice and the state
// comes back unchanged (the procedure rolls again when it comes).
// The answer is one event (Ask's `decision`) whose explanation names the
// section, the table and its row (RuleRef) and every die rolled, the
// chart's row read again from the same dice (tables.h) so that the account
// is the table's own. A question that does not apply now (not the segment,
// no such order offered, no fire in the room) is FAILED_PRECONDITION; an
// id, hex or room that names nothing is INVALID_ARGUMENT naming the field
// ("roarks_drift.healing.unit_id").
//
// Usage:
//   roarks::Question q{roarks::QuestionKind::kOskarberg};
//   IMPI_RETURN_IF_ERROR(roarks::AskQuestion(rules, state, q, dice, log, &decision));
//
// Thread safety: free functions over the caller's state.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_QUESTION_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_QUESTION_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "engine/core/hex_map.h"
#include "engine/game/ruleset.h"

namespace impi::roarks {

// One per member of RoarksQuestion's `kind` oneof.
enum class QuestionKind : int {
  kUnspecified = 0,
  kAimedFire,   // from, target
  kVolley,      // unit_id: the lieutenant
  kMelee,       // target (British) or none (Zulu), massed
  kOskarberg,
  kSuppression,
  kHealing,     // unit_id: the wounded man
  kFireSpread,  // room
};
// The oneof member's name ("aimed_fire"), as in error paths.
const char* QuestionKindName(QuestionKind kind);

struct Question {
  static constexpr std::string_view kRuleset = "ROARKS_DRIFT";
  static constexpr std::string_view kField = "roarks_drift";

  QuestionKind kind = QuestionKind::kUnspecified;
  std::string unit_id;
  HexCoord from;
  HexCoord target;
  bool has_target = false;
  bool massed = false;
  int room = 0;

  // "roarks_drift.<kind>" and "roarks_drift.<kind>.<field>": the contract's
  // field paths.
  std::string Path() const;
  std::string Path(std::string_view field) const;
};

// Settles `question` on `state` (RoarksRuleset::Ask). `*decision` is the
// index in `log` of the answer's event.
absl::Status AskQuestion(const Ruleset& rules, BattleState& state, const impi::Question& question, Dice& dice,
                         EventLog& log, int* decision);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_QUESTION_H_
