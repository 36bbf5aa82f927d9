// The names of the battle's questions, as the contract spells them.
#include "engine/rulesets/pagano/question.h"

#include "absl/strings/str_cat.h"

namespace impi::pagano {

const char* QuestionKindName(QuestionKind kind) {
  switch (kind) {
    case QuestionKind::kMorale: return "morale";
    case QuestionKind::kMelee: return "melee";
    case QuestionKind::kFire: return "fire";
    case QuestionKind::kRiflemen: return "riflemen";
    case QuestionKind::kMedical: return "medical";
    case QuestionKind::kDirection: return "direction";
    default: return "kind";
  }
}

std::string Question::Path() const { return absl::StrCat(std::string(kField), ".", QuestionKindName(kind)); }
std::string Question::Path(std::string_view field) const {
  return absl::StrCat(Path(), ".", std::string(field));
}

}  // namespace impi::pagano
