// engine/rulesets/tsatf/targets.h: the target of an impi, and TEMPTATION.
//
// Overview: IMPI CREATION (rules file 003_8a310c3200cb6fb0.txt): "The
// target unit is always the nearest British unit. The target will never
// change unless: the target unit is destroyed or moves off the table top;
// another British unit gets in the way; another Impi gets in the way; the
// Zulu unit is "tempted" to change its target". Ties within kTieInches are
// diced for, red coats first; an impi that sees no British unit goes for
// the last known position of its target (NOTES ON ZULU MOVEMENT). TEMPTATION
// is rolled when the target is beyond 24" and another unit is within it, or
// when the impi cannot reach its target going round something in the
// direction of its hand and could reach another.
//
// Usage:
//   Targets targets(context);
//   IMPI_RETURN_IF_ERROR(targets.UpdateTarget("z1", /*move_distance=*/0.0));
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_TARGETS_H_
#define IMPI_ENGINE_RULESETS_TSATF_TARGETS_H_

#include <string>

#include "absl/status/status.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

// Why `u` chooses no target (not an impi on the table), or nullptr if it
// does. UpdateTarget and Tempt (play, and Ask's target and temptation)
// refuse such a unit: the one check for all.
const char* TargetRefusal(const Unit& u);
// Why `tempting` tempts no impi (not a British unit on the table with
// figures), or nullptr if it may. Tempt (play, and Ask's temptation)
// refuses such a unit.
const char* TemptingRefusal(const Unit& tempting);

class Targets : private Section {
 public:
  explicit Targets(Context& context) : Section(context) {}

  // Target selection now; `move_distance` > 0 also applies the "cannot
  // reach the target but could reach another" temptation.
  absl::Status UpdateTarget(const std::string& unit_id, double move_distance);
  // TEMPTATION of the impi `unit_id` by the British unit `tempting_id`.
  absl::Status Tempt(const std::string& unit_id, const std::string& tempting_id);
  // The nearest British unit to `from` (in sight only, if `visible_only`),
  // red coats first, ties diced for; "" when there is none.
  SharedString NearestBritish(const Vec2& from, bool visible_only, Explanation* why);
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_TARGETS_H_
