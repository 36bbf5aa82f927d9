// engine/rulesets/ferree/sequence.h: Ferree's turn: the cup of movement
// counters and the end of the game.
//
// Overview: 5. Mix up the Movement Counters (a turn starts: the cup is
// filled, Durnford's column may arrive), 6. Draw a Movement Counter (the
// drawn unit acts: a regiment, an induna, a British unit or a wagon), 8.
// the game ends when every regiment is broken or no British figure is left.
//
// Usage (within a FerreeBattle):
//   Sequence sequence(context, choices, pre_battle, zulu, british);
//   IMPI_RETURN_IF_ERROR(sequence.DrawCounter());
//
// Thread safety: works on the Context's state; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_SEQUENCE_H_
#define IMPI_ENGINE_RULESETS_FERREE_SEQUENCE_H_

#include <vector>

#include "absl/status/status.h"
#include "engine/rulesets/ferree/british.h"
#include "engine/rulesets/ferree/choices.h"
#include "engine/rulesets/ferree/context.h"
#include "engine/rulesets/ferree/pre_battle.h"
#include "engine/rulesets/ferree/state.h"
#include "engine/rulesets/ferree/zulu.h"

namespace impi::ferree {

class Sequence {
 public:
  Sequence(Context& c, const Choices& choices, PreBattle& pre_battle, ZuluTurn& zulu,
           BritishTurn& british);

  // Turns and counters.
  absl::Status StartTurn();
  absl::Status DrawCounter();
  // The counter `id` is out of the cup: its unit acts. `dice_mark` is where
  // the draw's dice start; `*event`, if non-null, the "counter drawn" event.
  absl::Status ActivateCounter(const SharedString& id, size_t dice_mark, int* event);
  absl::Status CheckGameOver(bool* over);

 private:
  // Fills `*cup` (emptied first, its storage kept) with this turn's counters.
  void FillCup(std::vector<SharedString>* cup_list) const;

  Context& c_;
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  const Choices& choices_;
  PreBattle& pre_battle_;
  ZuluTurn& zulu_;
  BritishTurn& british_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_SEQUENCE_H_
