// engine/rulesets/tsatf/conversion.h: conversions, when the British fire at
// or charge a lone Zulu, a skirmishing or a rifle-armed regiment.
//
// Overview (rules file 003_8a310c3200cb6fb0.txt): CONVERSION OF LONE ZULU
// (fired at and missed, fired at and hit, attacked in close combat: the
// figure vanishes, remains, moves, or converts to skirmishers or an impi
// "at current location or 3D6 from British if within 6""); SKIRMISHING ZULU
// REGIMENTS and RIFLE ARMED ZULU REGIMENT, "Conversion: If charged by the
// British, it will test "to stand"": standing, it converts to a Special
// Impi; failing, skirmishers fall back pinned and rifles melt away.
//
// Usage:
//   Conversion conversion(context, cards, creation);
//   IMPI_RETURN_IF_ERROR(conversion.LoneZulu("z4", LoneZuluEvent::kFiredAtHit, "b2"));
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_CONVERSION_H_
#define IMPI_ENGINE_RULESETS_TSATF_CONVERSION_H_

#include <string>

#include "absl/status/status.h"
#include "engine/rulesets/tsatf/cards.h"
#include "engine/rulesets/tsatf/creation.h"
#include "engine/rulesets/tsatf/question.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

class Conversion : private Section {
 public:
  Conversion(Context& context, Cards& cards, Creation& creation)
      : Section(context), cards_(cards), creation_(creation) {}

  // CONVERSION OF LONE ZULU after `event`, by the British unit `british_id`.
  absl::Status LoneZulu(const std::string& unit_id, LoneZuluEvent event,
                        const std::string& british_id);
  // The test "to stand" of a skirmishing or rifle-armed regiment charged by
  // `charger_id`.
  absl::Status TestToStand(const std::string& unit_id, const std::string& charger_id);

 private:
  Vec2 ConversionPlace(const Unit& lone, const std::string& british_id);
  std::string ConvertLoneToImpi(const std::string& lone_id, const std::string& british_id);

  Cards& cards_;
  Creation& creation_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_CONVERSION_H_
