// engine/rulesets/ferree/pre_battle.h: Ferree's Isandlwana before the
// battle, and the British column that arrives during it.
//
// Overview: steps 1.-4. of the sequence of play (001_4c61f40cf0987cbf.txt):
// the situation rolls A-F, the Zulu plan (regiments sent off-board and their
// secret TURN OF ENTRY), the British deployment (3., D. Deployment Of British
// Troops) and the Zulu deployment (4., the loins held off-table); C.
// Durnford's arrival; F. the camp's break-down timetable as the battle
// starts.
//
// Usage (within a FerreeBattle):
//   PreBattle pre_battle(context, choices);
//   IMPI_RETURN_IF_ERROR(pre_battle.SituationRolls());
//
// Thread safety: works on the Context's state; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_PRE_BATTLE_H_
#define IMPI_ENGINE_RULESETS_FERREE_PRE_BATTLE_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/rulesets/ferree/choices.h"
#include "engine/rulesets/ferree/context.h"
#include "engine/rulesets/ferree/state.h"

namespace impi::ferree {

class PreBattle {
 public:
  PreBattle(Context& c, const Choices& choices);

  // Pre-battle.
  absl::Status SituationRolls();
  // 2.: the Zulu plan, then the British deploy (FerreeState.segment).
  absl::Status PlanStep();
  absl::Status ZuluPlan();
  absl::Status PlanWith(const Action& choice);
  absl::Status FinishPlan();
  absl::Status SendOffBoard(const Action& a);
  // TURN OF ENTRY for a regiment entering at `point`: records (or replaces)
  // its secret entry; one umpire-only event, its index in `*event` if
  // non-null. `what` follows the regiment's name in the text.
  absl::Status RollEntryTurn(const SharedString& regiment_id, int point, const std::string& what,
                             int* event);
  // British actions.
  absl::Status BritishDeploy(const Action& a, const std::string& path);
  absl::Status ZuluDeployment();
  // 4.: every loins regiment still on the board goes off-table until turn 3
  // (SecretEntry{turn 3, point kDeployedPosition}).
  absl::Status HoldLoins();
  // C. Durnford's arrival: marks the British units off the table as the
  // battle starts (FerreeState.arriving) ...
  void MarkReinforcements();
  // ... and brings them on at the start of a turn whose time of day has
  // reached situation.reinforcement_arrival, at ReinforcementPoint (else
  // where each unit stands off the table, clamped to the table).
  absl::Status ArriveReinforcements();
  // F. the camp break-down timetable, applied as the battle starts (the
  // Zulus are found at situation.discovery_time): the wagons already on the
  // road leave the table at ReinforcementPoint, a thornbush barricade
  // destroyed by then is removed, and in road column the British stand in a
  // column along the road (docs/ferree-engine.md).
  absl::Status CampBreaksDown();

 private:
  // The ENTRY point named like "road" or "Rorke's Drift", else one marked
  // british_entry, else nullptr.
  const Point* ReinforcementPoint() const;
  // The road out of the camp towards `to`: the camp's centre, then the ROAD
  // terrain ending nearest `to` (if one ends within 2" of it), then `to`.
  std::vector<Vec2> RoadFromCamp(const Vec2& to) const;

  Context& c_;
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  const Choices& choices_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_PRE_BATTLE_H_
