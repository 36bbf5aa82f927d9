// engine/rulesets/tsatf/zulu_fire.h: DURING THE FIRE PHASE, the Zulu fire
// card.
//
// Overview (rules file 003_8a310c3200cb6fb0.txt): "When a Zulu fire card is
// turned, dice to see which Zulu unit fires (if there is more than 1 unit on
// table capable of firing). Only the "rifle armed" Zulu regiment or a
// "skirmishing" Zulu regiment may fire. All Zulu units that are part of an
// Impi will never fire." The unit fires at the nearest British unit in range
// (designed ranges: rifles 24", thrown spears 4"); the hits are the table's,
// or the engine's when it resolves the British side (british_resolution.h).
//
// Usage:
//   ZuluFire fire(context, melee);
//   IMPI_RETURN_IF_ERROR(fire.FireCard());
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_ZULU_FIRE_H_
#define IMPI_ENGINE_RULESETS_TSATF_ZULU_FIRE_H_

#include <string>

#include "absl/status/status.h"
#include "engine/rulesets/tsatf/melee.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

class ZuluFire : private Section {
 public:
  ZuluFire(Context& context, Melee& melee)
      : Section(context), melee_(melee) {}

  // A Zulu fire card: which unit fires, and at whom.
  absl::Status FireCard();

 private:
  // The hits of a Zulu unit's fire, rolled by the engine (designed).
  absl::Status ResolveZuluFire(const std::string& zulu_id, const std::string& british_id);

  Melee& melee_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_ZULU_FIRE_H_
