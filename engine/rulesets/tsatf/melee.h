// engine/rulesets/tsatf/melee.h: close combat, losses and morale.
//
// Overview (rules file 003_8a310c3200cb6fb0.txt): Zulu regiments that move
// into close combat are "locked" facing the British units they fight
// (Facing Direction); "all wounded Zulus are hors de combat and are treated
// as dead"; a unit reduced below 50% tests critical morale and, failing,
// falls back and is returned to the force pool (ZULU MORALE, EXAMPLE OF FIRE
// PROCEDURE; a rifle-armed regiment "melts away"). The TSATF core rules are
// not in the text: the tests are designed tables (tables.h), and the engine
// fights the British side too when tsatf.resolve_british is 1
// (british_resolution.h).
//
// Usage:
//   Melee melee(context);
//   IMPI_RETURN_IF_ERROR(melee.Casualties("z3", 4, "british_actions[0]", false));
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_MELEE_H_
#define IMPI_ENGINE_RULESETS_TSATF_MELEE_H_

#include <string>

#include "absl/status/status.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

// Designed (the TSATF core rules are not in the text): a British unit in
// close combat stays in it until it is fought out (or it routs): OK, or
// FAILED_PRECONDITION at `path`.unit_id.
absl::Status NotLockedInCloseCombat(const BattleState& s, const Unit& u, const std::string& path);

class Melee : private Section {
 public:
  explicit Melee(Context& context) : Section(context) {}

  // Losses of a unit (`path` names the action for errors); below half it
  // tests morale.
  absl::Status Casualties(const std::string& target_id, int casualties, const std::string& path,
                          bool close_combat);
  // Critical morale of a Zulu regiment reduced below 50%.
  absl::Status CriticalMorale(const std::string& unit_id);
  // The British unit and the impi's regiments that reach it are in close
  // combat.
  void LockInCloseCombat(const std::string& impi_id, const std::string& british_id);

  // The engine resolving the British side (designed, british_resolution.h).
  absl::Status StandAgainstCharge(const std::string& british_id, const std::string& impi_id);
  absl::Status BritishMorale(const std::string& british_id);
  absl::Status FightCloseCombat(const std::string& british_id, const std::string& path);
  absl::Status FightRemaining(const std::string& path);
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_MELEE_H_
