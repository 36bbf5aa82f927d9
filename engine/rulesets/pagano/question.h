// engine/rulesets/pagano/question.h: the decision points of Pagano's d10
// rules that a caller may ask about one at a time (AskRequest.pagano,
// PaganoQuestion in impi/v1/pagano.proto).
//
// Usage:
//   pagano::Question q{pagano::QuestionKind::kMorale, "z_isigaba_1"};
//   absl::StatusOr<StepResult> r = RunAsk(state, q, PolicySpec{}, dice);
//
// Error paths name the contract's fields: "pagano.morale.unit_id".
#ifndef IMPI_ENGINE_RULESETS_PAGANO_QUESTION_H_
#define IMPI_ENGINE_RULESETS_PAGANO_QUESTION_H_

#include <string>
#include <string_view>

namespace impi::pagano {

// One per member of PaganoQuestion's `kind` oneof.
enum class QuestionKind : int {
  kUnspecified = 0,
  kMorale,     // unit_id (an isigaba): its ZULU MORALE roll, and its choice on a Stayed result
  kMelee,      // unit_id: the MELEE the unit is in
  kFire,       // unit_id (the firer), other_unit_id (its target, optional): its MISSILE FIRE
  kRiflemen,   // unit_id (an isigaba): its riflemen roll
  kMedical,    // unit_id (a casualty): its BRITISH MEDICAL CORPS roll
  kDirection,  // unit_id (an induna): the isigaba it directs (ZULU INDUNA)
};
// The oneof member's name ("morale"), as in error paths.
const char* QuestionKindName(QuestionKind kind);

struct Question {
  static constexpr std::string_view kRuleset = "PAGANO_D10";
  static constexpr std::string_view kField = "pagano";

  QuestionKind kind = QuestionKind::kUnspecified;
  std::string unit_id;
  std::string other_unit_id;

  // "pagano.<kind>" and "pagano.<kind>.<field>": the contract's field paths.
  std::string Path() const;
  std::string Path(std::string_view field) const;
};

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_QUESTION_H_
