// engine/rulesets/tsatf/british_actions.h: the British actions the umpire
// applies (moves, fire, charges, losses, units leaving the table).
//
// Overview (rules file 003_8a310c3200cb6fb0.txt): on a red card the British
// move any unit that has not moved (on the last one only a D6 of them:
// Movement Limitation) or fire; a British unit moving within 6" of an
// appearance point tests it (creation.h); fire at a lone Zulu and a charge
// of a lone Zulu, skirmishing or rifle-armed regiment convert it
// (conversion.h); losses may call for critical morale (melee.h). Each
// action is checked against what the engine awaits (turn.h): a wrong one is
// FAILED_PRECONDITION naming `path`.kind, a bad field INVALID_ARGUMENT.
//
// Usage:
//   BritishActions british(context, creation, conversion, melee, movement);
//   IMPI_RETURN_IF_ERROR(british.Apply(action, "british_actions[0]"));
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_BRITISH_ACTIONS_H_
#define IMPI_ENGINE_RULESETS_TSATF_BRITISH_ACTIONS_H_

#include <string>

#include "absl/status/status.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/melee.h"
#include "engine/rulesets/tsatf/conversion.h"
#include "engine/rulesets/tsatf/creation.h"
#include "engine/rulesets/tsatf/movement.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

class BritishActions : private Section {
 public:
  BritishActions(Context& context, Creation& creation, Conversion& conversion,
                 Melee& melee, Movement& movement)
      : Section(context), creation_(creation), conversion_(conversion), melee_(melee),
        movement_(movement) {}

  // Applies one British action (validated against what the engine awaits).
  // `path` is the field path for errors ("british_actions[2]").
  absl::Status ApplyBritish(const Action& action, const std::string& path);

 private:
  absl::Status ApplyBritishAction(const Action& a, const std::string& path);
  absl::Status BritishMove(const Action& a, const std::string& path);
  absl::Status BritishFire(const Action& a, const std::string& path);
  absl::Status BritishCharge(const Action& a, const std::string& path);
  // The hits of a British unit's fire, rolled by the engine (designed).
  absl::Status RollBritishFire(const Action& a, const std::string& path, int* hits);

  Creation& creation_;
  Conversion& conversion_;
  Melee& melee_;
  Movement& movement_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_BRITISH_ACTIONS_H_
