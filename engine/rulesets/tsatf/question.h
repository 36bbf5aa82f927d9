// engine/rulesets/tsatf/question.h: the decision points of Zulu Control that
// a caller may ask about one at a time (AskRequest.tsatf, TsatfQuestion in
// impi/v1/tsatf.proto).
//
// Usage:
//   tsatf::Question q{tsatf::QuestionKind::kHand, "z1"};
//   absl::StatusOr<StepResult> r = RunAsk(state, q, PolicySpec{}, dice);
//
// Error paths name the contract's fields: "tsatf.hand.unit_id".
#ifndef IMPI_ENGINE_RULESETS_TSATF_QUESTION_H_
#define IMPI_ENGINE_RULESETS_TSATF_QUESTION_H_

#include <string>
#include <string_view>

#include "engine/core/geometry.h"

namespace impi::tsatf {

// One per member of TsatfQuestion's `kind` oneof.
enum class QuestionKind : int {
  kUnspecified = 0,
  kStartOfTurn,
  kOnField,         // point
  kTableEdge,
  kPerimeterPoint,
  kImpiCreation,    // special, point (appearance) / perimeter_point / at
  kHand,            // unit_id
  kTarget,          // unit_id
  kTemptation,      // unit_id, other_unit_id (the tempting British unit)
  kMoveTest,        // unit_id or perimeter_point
  kZuluMove,        // unit_id
  kFireCard,
  kLoneZulu,        // unit_id, lone_zulu_event, other_unit_id (the British unit)
  kTestToStand,     // unit_id, other_unit_id (the charger)
  kCriticalMorale,  // unit_id
};
// The oneof member's name ("hand"), as in error paths.
const char* QuestionKindName(QuestionKind kind);

enum class LoneZuluEvent : int { kUnspecified = 0, kFiredAtMissed, kFiredAtHit, kAttackedInCloseCombat };

struct Question {
  static constexpr std::string_view kRuleset = "TSATF_ZULU_CONTROL";
  static constexpr std::string_view kField = "tsatf";

  QuestionKind kind = QuestionKind::kUnspecified;
  std::string unit_id;
  std::string other_unit_id;
  int point = 0;            // appearance point
  int perimeter_point = 0;
  Vec2 at = Vec2::Zero();
  bool has_at = false;
  bool special = false;
  LoneZuluEvent lone_zulu_event = LoneZuluEvent::kUnspecified;

  // "tsatf.<kind>" and "tsatf.<kind>.<field>": the contract's field paths.
  std::string Path() const;
  std::string Path(std::string_view field) const;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_QUESTION_H_
