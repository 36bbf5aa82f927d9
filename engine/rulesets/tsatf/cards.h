// engine/rulesets/tsatf/cards.h: the movement and fire decks, and the
// "HAND" of a force.
//
// Overview: "There are only 3 red cards and 3 black cards in the movement
// deck" (Changes to the rules: Move Card Deck, rules file
// 003_8a310c3200cb6fb0.txt); the fire deck is the same (designed). A red card
// awaits the British; on the last red movement card only a D6 of British
// units may move (Movement Limitation). "HAND": each impi and skirmishing
// regiment rolls at creation, 1,2,3 left handed, 4,5,6 right handed. What a
// black card brings is the section's own: movement.h and zulu_fire.h.
//
// Usage:
//   Cards cards(context);
//   cards.StartPhase(Phase::kMovement);
//   if (cards.Draw(/*movement=*/true) != CardColor::kRed) ... a Zulu card
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_CARDS_H_
#define IMPI_ENGINE_RULESETS_TSATF_CARDS_H_

#include <string>

#include "absl/status/status.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

// The HAND: why it is not rolled for `u` (not an impi or a skirmishing
// regiment on the table), or nullptr if it is. AssignHand (play, and Ask's
// hand) refuses such a unit: the one check for both.
const char* HandRefusal(const Unit& u);

class Cards : private Section {
 public:
  explicit Cards(Context& context) : Section(context) {}

  // A phase with its deck shuffled (3 red and 3 black), nobody acted.
  void StartPhase(Phase phase);
  // Draws the next card of the movement deck (`movement`) or of the fire
  // deck, and logs it; the last red movement card rolls the Movement
  // Limitation. Returns the card's colour.
  CardColor Draw(bool movement);
  // "HAND": rolls the hand of an impi or a skirmishing regiment.
  absl::Status AssignHand(const std::string& unit_id);
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_CARDS_H_
