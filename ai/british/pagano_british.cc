// The scripted British of Pagano's d10 rules. See pagano_british.h.
#include "ai/british/pagano_british.h"

#include <limits>

#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/state.h"

namespace impi::ai {

int PaganoBritish::Choose(const BattleState& s, const std::vector<Action>& options, Dice& dice,
                          std::string* why) {
  (void)dice;
  // A fire at the nearest target a figure may fire at: the first figure's
  // in unit order (the options list each figure's in that order).
  int best = -1;
  double best_gap = std::numeric_limits<double>::infinity();
  const SharedString* firer = nullptr;
  for (size_t i = 0; i < options.size(); ++i) {
    const Action& a = options[i];
    if (a.kind != ActionKind::kFire) continue;
    if (firer != nullptr && !(a.unit_id == *firer)) break;
    const Unit* u = s.FindUnit(a.unit_id);
    const Unit* t = s.FindUnit(a.target_id);
    if (u == nullptr || t == nullptr) continue;
    firer = &a.unit_id;
    const double gap = pagano::Gap(s, *u, *t) + (a.point == 1 ? 0.5 : 0.0);  // rifles before spears
    if (gap < best_gap) {
      best = static_cast<int>(i);
      best_gap = gap;
    }
  }
  if (best >= 0) {
    if (why != nullptr) *why = "fires at the nearest target";
    return best;
  }
  // The movement phase: what a figure must see to, else everybody stands.
  for (size_t i = 0; i < options.size(); ++i) {
    const Action& a = options[i];
    const bool carry = a.kind == ActionKind::kMove && !a.target_id.empty();
    if (a.kind == ActionKind::kOrder || a.kind == ActionKind::kUnlimber || carry) {
      if (why != nullptr) {
        *why = a.kind == ActionKind::kOrder      ? "clears the jammed Gatling"
               : a.kind == ActionKind::kUnlimber ? "unlimbers to fire"
                                                 : "carries the casualty to the medical corps";
      }
      return static_cast<int>(i);
    }
  }
  for (size_t i = 0; i < options.size(); ++i) {
    if (options[i].kind == ActionKind::kPass && options[i].unit_id.empty()) {
      if (why != nullptr) *why = "the rest stand";
      return static_cast<int>(i);
    }
  }
  for (size_t i = 0; i < options.size(); ++i) {
    if (options[i].kind == ActionKind::kPass) {
      if (why != nullptr) *why = "stands";
      return static_cast<int>(i);
    }
  }
  return 0;
}

}  // namespace impi::ai
