// engine/rulesets/tsatf/turn.h: the Zulu Control turn: AT START OF TURN, the
// movement and fire phases card by card, close combat, the end of the turn,
// and what the engine awaits.
//
// Overview (rules file 003_8a310c3200cb6fb0.txt): at the start of a turn the
// "next turn" markers become "this turn" markers and, after the second
// turn, fewer than 4 impis on or marked to come on roll the table-edge table
// (creation.h); pinned units recover and rejoin their impi or become a small
// impi by themselves (ZULU MORALE; designed: at the next start of turn). The
// movement deck (cards.h) then runs until the British are awaited (a red
// card) or the deck is done, the fire deck the same, close combat if any
// unit is in it, and the end of the turn, with the patrol task's turn limit
// (victory.h, designed).
//
// Usage:
//   TurnSequence turn(context, cards, targets, creation, movement, fire);
//   Awaiting awaiting;
//   IMPI_RETURN_IF_ERROR(turn.RunZulu(&awaiting));
//   Awaiting now = AwaitsOf(state, /*prompt=*/true);
//
// Thread safety: works on the Context's state; one per thread. AwaitsOf is
// a pure function of the state.
#ifndef IMPI_ENGINE_RULESETS_TSATF_TURN_H_
#define IMPI_ENGINE_RULESETS_TSATF_TURN_H_

#include "absl/status/status.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/cards.h"
#include "engine/rulesets/tsatf/creation.h"
#include "engine/rulesets/tsatf/movement.h"
#include "engine/rulesets/tsatf/targets.h"
#include "engine/rulesets/tsatf/context.h"
#include "engine/rulesets/tsatf/zulu_fire.h"

namespace impi::tsatf {

// What the engine awaits in `s`: who acts, the kind, the units and the
// moves left; with `prompt`, the prompt too (and the game's end said).
Awaiting AwaitsOf(const BattleState& s, bool prompt);

class TurnSequence : private Section {
 public:
  TurnSequence(Context& context, Cards& cards, Targets& targets, Creation& creation,
               Movement& movement, ZuluFire& fire)
      : Section(context), cards_(cards), targets_(targets), creation_(creation),
        movement_(movement), fire_(fire) {}

  // Plays until the British are awaited; fills `awaiting` (as AwaitsOf
  // without the prompt, with the prompt when the game is over).
  absl::Status RunZulu(Awaiting* awaiting);
  // AT START OF TURN.
  absl::Status StartOfTurn();

 private:
  absl::Status EndOfTurn();

  Cards& cards_;
  Targets& targets_;
  Creation& creation_;
  Movement& movement_;
  ZuluFire& fire_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_TURN_H_
