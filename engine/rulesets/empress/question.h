// engine/rulesets/empress/question.h: the decision points of Empress's
// "Damned Wobbly Gentlemen" that a caller may ask about one at a time
// (AskRequest.empress, EmpressQuestion in impi/v1/empress.proto).
//
// Usage:
//   empress::Question q{empress::QuestionKind::kMoraleTest, "z1"};
//   absl::StatusOr<StepResult> r = RunAsk(state, q, PolicySpec{}, dice);
//
// Error paths name the contract's fields: "empress.morale_test.unit_id".
#ifndef IMPI_ENGINE_RULESETS_EMPRESS_QUESTION_H_
#define IMPI_ENGINE_RULESETS_EMPRESS_QUESTION_H_

#include <string>
#include <string_view>

#include "engine/core/geometry.h"
#include "engine/rulesets/empress/tables.h"

namespace impi::empress {

// One per member of EmpressQuestion's `kind` oneof.
enum class QuestionKind : int {
  kUnspecified = 0,
  kMoraleTest,       // unit_id, rocket, caught_by_cavalry
  kRetireRoute,      // unit_id
  kEvasion,          // unit_id
  kRocketDeviation,  // unit_id, aim
  kGatlingBurst,     // unit_id, target_id
};

// The oneof member's name ("morale_test"), as in error paths.
const char* QuestionKindName(QuestionKind kind);

struct Question {
  static constexpr std::string_view kRuleset = "EMPRESS_DWG";
  static constexpr std::string_view kField = "empress";

  QuestionKind kind = QuestionKind::kUnspecified;
  std::string unit_id;
  std::string target_id;
  Vec2 aim = Vec2::Zero();
  RocketEffect rocket = RocketEffect::kNone;
  bool caught_by_cavalry = false;

  // "empress.<kind>" and "empress.<kind>.<field>": the contract's field paths.
  std::string Path() const;
  std::string Path(std::string_view field) const;
};

}  // namespace impi::empress

#endif  // IMPI_ENGINE_RULESETS_EMPRESS_QUESTION_H_
