// The names of Zulu Control's questions, as the contract spells them.
#include "engine/rulesets/tsatf/question.h"

#include "absl/strings/str_cat.h"

namespace impi::tsatf {

const char* QuestionKindName(QuestionKind kind) {
  switch (kind) {
    case QuestionKind::kStartOfTurn: return "start_of_turn";
    case QuestionKind::kOnField: return "on_field";
    case QuestionKind::kTableEdge: return "table_edge";
    case QuestionKind::kPerimeterPoint: return "perimeter_point";
    case QuestionKind::kImpiCreation: return "impi_creation";
    case QuestionKind::kHand: return "hand";
    case QuestionKind::kTarget: return "target";
    case QuestionKind::kTemptation: return "temptation";
    case QuestionKind::kMoveTest: return "move_test";
    case QuestionKind::kZuluMove: return "zulu_move";
    case QuestionKind::kFireCard: return "fire_card";
    case QuestionKind::kLoneZulu: return "lone_zulu";
    case QuestionKind::kTestToStand: return "test_to_stand";
    case QuestionKind::kCriticalMorale: return "critical_morale";
    default: return "kind";
  }
}

std::string Question::Path() const { return absl::StrCat(std::string(kField), ".", QuestionKindName(kind)); }
std::string Question::Path(std::string_view field) const {
  return absl::StrCat(Path(), ".", std::string(field));
}

}  // namespace impi::tsatf
