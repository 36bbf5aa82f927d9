#include "ai/random/random_policy.h"

#include "absl/strings/str_cat.h"

namespace impi::ai {

int RandomPolicy::Choose(const BattleState& /*state*/, const std::vector<Action>& options,
                         Dice& dice, std::string* why) {
  const int n = static_cast<int>(options.size());
  if (n <= 1) {
    if (why != nullptr) *why = "random policy: the only option";
    return 0;
  }
  const int face = dice.Roll(n, "random policy");
  if (why != nullptr) *why = absl::StrCat("random policy: option ", face, " of ", n);
  return face - 1;
}

}  // namespace impi::ai
