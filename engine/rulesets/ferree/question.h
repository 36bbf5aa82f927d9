// engine/rulesets/ferree/question.h: the decision points of Ferree's
// Isandlwana that a caller may ask about one at a time (AskRequest.ferree,
// FerreeQuestion in impi/v1/ferree.proto).
//
// Usage:
//   ferree::Question q{ferree::QuestionKind::kActivate, "uThulwana"};
//   absl::StatusOr<StepResult> r = RunAsk(state, q, PolicySpec{}, dice);
//
// Error paths name the contract's fields: "ferree.activate.unit_id".
#ifndef IMPI_ENGINE_RULESETS_FERREE_QUESTION_H_
#define IMPI_ENGINE_RULESETS_FERREE_QUESTION_H_

#include <string>
#include <string_view>

namespace impi::ferree {

// One per member of FerreeQuestion's `kind` oneof.
enum class QuestionKind : int {
  kUnspecified = 0,
  kSituation,       // pre-battle situation rolls
  kZuluPlan,        // off-board regiments and entry points
  kEntryTurn,       // unit_id (a regiment)
  kActivate,        // unit_id: a drawn counter
  kResolve,         // unit_id
  kRally,           // unit_id (a tray)
  kIndunaOrder,     // unit_id (an induna)
  kChargeRetiring,  // unit_id (a tray), other_unit_id (the retiring British unit)
};
// The oneof member's name ("activate"), as in error paths.
const char* QuestionKindName(QuestionKind kind);

struct Question {
  static constexpr std::string_view kRuleset = "FERREE_ISANDLWANA";
  static constexpr std::string_view kField = "ferree";

  QuestionKind kind = QuestionKind::kUnspecified;
  std::string unit_id;
  std::string other_unit_id;

  // "ferree.<kind>" and "ferree.<kind>.<field>": the contract's field paths.
  std::string Path() const;
  std::string Path(std::string_view field) const;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_QUESTION_H_
