// engine/rulesets/ferree/british.h: the British turns of Ferree's
// Isandlwana.
//
// Overview: a drawn British unit (001_4c61f40cf0987cbf.txt, 6.): A. Check
// Unit's Resolve (a Retire / Retreat / Surrounded result moves it), then
// the British player's actions, each checked against what the unit has done
// this activation: B. its move (3 + 1D6" foot, 3 + 2D6" mounted), going
// prone or standing, limbering, fire (every figure's shot on the British
// Firing Table), sending a runner (British Ammunition Supply) and charging
// (melee.h). The runners' moves, the quartermaster's resupply at each
// wagon and the surgeon's attempts (Surgeon Rules) are here too.
//
// Usage (within a FerreeBattle):
//   BritishTurn british(context, choices, melee);
//   IMPI_RETURN_IF_ERROR(british.BritishFire(action, "british_actions[0]"));
//
// Thread safety: works on the Context's state; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_BRITISH_H_
#define IMPI_ENGINE_RULESETS_FERREE_BRITISH_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/rulesets/ferree/choices.h"
#include "engine/rulesets/ferree/context.h"
#include "engine/rulesets/ferree/melee.h"
#include "engine/rulesets/ferree/state.h"

namespace impi::ferree {

class BritishTurn {
 public:
  BritishTurn(Context& c, const Choices& choices, Melee& melee);

  absl::Status ActivateBritish(const SharedString& id);
  // The active company's turn after its resolve result: it ends if the unit
  // left the table, has nobody left or can do nothing else.
  absl::Status ContinueBritishActivation(const SharedString& id);
  // The company's resolve test alone: `*result` and its statuses (retiring,
  // routed); `*tested` false when no test is due (no Zulu tray within 6", not
  // sniped), logged only if `log_no_test`. `*event` the test's event.
  absl::Status BritishResolveTest(const SharedString& id, bool log_no_test, CompanyResolve* result,
                                  bool* tested, int* event);
  absl::Status EndBritishActivation(absl::string_view why);
  absl::Status ActivateWagon(const SharedString& id);

  // The British player's actions on the active unit; `path` is the field
  // path for errors ("british_actions[2]").
  absl::Status BritishMove(const Action& a, const std::string& path);
  absl::Status BritishStance(const Action& a, const std::string& path);
  absl::Status BritishFire(const Action& a, const std::string& path);
  absl::Status BritishSendRunner(const Action& a, const std::string& path);
  absl::Status BritishCharge(const Action& a, const std::string& path);
  absl::Status BritishLimber(const Action& a, const std::string& path);

 private:
  absl::Status BritishResolve(const SharedString& id);
  absl::Status MoveRunners(const SharedString& company_id);
  absl::Status MoveRunner(const SharedString& runner_id);
  // The wagon a runner goes to: his target, his unit's own, or the nearest.
  const Unit* RunnerWagon(const Unit& runner) const;
  // A runner carrying ammunition reaches his company: it is resupplied and
  // the runner rejoins it (the RUNNER unit is removed).
  void RunnerRejoins(const SharedString& runner_id);
  absl::Status SurgeonAid(int max_attempts);
  // Rolls the active unit's movement allowance.
  double BritishAllowance(const Unit& u, Explanation* why);

  Context& c_;
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  const Field& field_;
  const Choices& choices_;
  Melee& melee_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_BRITISH_H_
