// Empress's decision points. See question.h.
#include "engine/rulesets/empress/question.h"

#include "absl/strings/str_cat.h"

namespace impi::empress {

const char* QuestionKindName(QuestionKind kind) {
  switch (kind) {
    case QuestionKind::kMoraleTest: return "morale_test";
    case QuestionKind::kRetireRoute: return "retire_route";
    case QuestionKind::kEvasion: return "evasion";
    case QuestionKind::kRocketDeviation: return "rocket_deviation";
    case QuestionKind::kGatlingBurst: return "gatling_burst";
    default: return "kind";
  }
}

std::string Question::Path() const { return absl::StrCat(std::string(kField), ".", QuestionKindName(kind)); }

std::string Question::Path(std::string_view field) const {
  return absl::StrCat(Path(), ".", std::string(field));
}

}  // namespace impi::empress
