// The names of the battle's questions, as the contract spells them.
#include "engine/rulesets/ferree/question.h"

#include "absl/strings/str_cat.h"

namespace impi::ferree {

const char* QuestionKindName(QuestionKind kind) {
  switch (kind) {
    case QuestionKind::kSituation: return "situation";
    case QuestionKind::kZuluPlan: return "zulu_plan";
    case QuestionKind::kEntryTurn: return "entry_turn";
    case QuestionKind::kActivate: return "activate";
    case QuestionKind::kResolve: return "resolve";
    case QuestionKind::kRally: return "rally";
    case QuestionKind::kIndunaOrder: return "induna_order";
    case QuestionKind::kChargeRetiring: return "charge_retiring";
    default: return "kind";
  }
}

std::string Question::Path() const { return absl::StrCat(std::string(kField), ".", QuestionKindName(kind)); }
std::string Question::Path(std::string_view field) const {
  return absl::StrCat(Path(), ".", std::string(field));
}

}  // namespace impi::ferree
