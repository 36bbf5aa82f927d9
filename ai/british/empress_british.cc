// The scripted British of EMPRESS_DWG. See empress_british.h.
#include "ai/british/empress_british.h"

#include "ai/doctrine/empress/empress_doctrine.h"
#include "engine/rulesets/empress/board.h"
#include "engine/rulesets/empress/empress.h"

namespace impi::ai {

empress::Standing EmpressBritish::WantedStanding(const BattleState& s, const Unit& unit) const {
  const empress::Standing now = StandingOf(s, unit);
  if (now == empress::Standing::kAttack && empress::ConditionNow(s, unit) != empress::Condition::kSteady) {
    return empress::Standing::kHold;
  }
  return now;
}

int EmpressBritish::Order(const BattleState& s, const std::vector<Action>& options, const Decision& d,
                          std::string* why) {
  const std::vector<int>& mine = d.mine;
  const Unit* u = d.unit;
  if (empress::ProfileOf(s, *u).colonial_cavalry) {
    for (int i : mine) {
      if (options[i].kind != ActionKind::kCharge) continue;
      const Unit* t = s.FindUnit(options[i].target_id);
      const empress::EmpressUnit* te = t != nullptr ? empress::UnitState(s, *t) : nullptr;
      const bool retiring = te != nullptr && te->Retiring();
      if (t != nullptr && (retiring || empress::ConditionNow(s, *t) != empress::Condition::kSteady)) {
        if (why != nullptr) *why = "the horse charge a wavering Zulu unit";
        return i;
      }
    }
  }
  for (int i : mine) {
    if (options[i].kind == ActionKind::kFire) {
      if (why != nullptr) *why = "fires at the nearest enemy in range";
      return i;
    }
  }
  if (why != nullptr) *why = "holds";
  return mine.front();
}

}  // namespace impi::ai
