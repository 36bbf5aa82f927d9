// engine/rulesets/tsatf/movement.h: DURING MOVEMENT and NOTES ON ZULU
// MOVEMENT: what a Zulu move card moves, and how.
//
// Overview (rules file 003_8a310c3200cb6fb0.txt): "When a Zulu movement card
// is drawn, test each Impi to see if it moves: 1,2,3 = move later; 4,5,6 =
// move now. Impis within 24" of a British unit will roll 4 D6 and attempt to
// charge. Other units will move 3 D6 straight towards their previous target
// unit or if no previous target unit, the nearest British unit." Units
// unmoved move on the last Zulu card; "this turn" markers are tested the same
// way and bring their force on. An impi goes round an obstacle in the
// direction of its hand; skirmishers keep 1" from their target and circle it
// (SKIRMISHING ZULU REGIMENTS). After any move a Zulu unit stands on free
// ground (footprint.h, designed).
//
// Usage:
//   Movement movement(context, cards, targets, creation, melee);
//   IMPI_RETURN_IF_ERROR(movement.ZuluMoveCard(/*last_card=*/false));
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_MOVEMENT_H_
#define IMPI_ENGINE_RULESETS_TSATF_MOVEMENT_H_

#include <string>

#include "absl/status/status.h"
#include "engine/rulesets/tsatf/cards.h"
#include "engine/rulesets/tsatf/melee.h"
#include "engine/rulesets/tsatf/creation.h"
#include "engine/rulesets/tsatf/targets.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

// DURING MOVEMENT: why `u` is not a force a Zulu move card tests and moves
// (not an impi or skirmishing regiment on the table, moved this turn,
// pinned, in close combat, no regiment free to move), or nullptr if it is
// one. Play passes such a force over; Ask (move_test, zulu_move) refuses it:
// the one check for both.
const char* ZuluCardRefusal(const BattleState& s, const Unit& u);

class Movement : private Section {
 public:
  Movement(Context& context, Cards& cards, Targets& targets, Creation& creation,
           Melee& melee)
      : Section(context), cards_(cards), targets_(targets), creation_(creation), melee_(melee) {}

  // A Zulu move card: every force and "this turn" marker tested, or moved
  // on the `last_card`.
  absl::Status ZuluMoveCard(bool last_card);
  // Zulu move card test for a unit or a "this turn" marker; *now is the result.
  absl::Status MoveTest(const std::string& unit_id, int perimeter_point, bool* now);
  // Moves an impi or a skirmishing regiment.
  absl::Status MoveForce(const std::string& unit_id);
  // The force of a "this turn" marker comes on (and moves).
  absl::Status EnterMarker(int perimeter_point);
  // Designed (footprint.h): every Zulu unit left on another unit, over the
  // table edge, or within 1" of a British unit it is not fighting steps to
  // the nearest free ground.
  void SettleZulus();

 private:
  void TranslateForce(Unit& force, const Vec2& wanted);

  Cards& cards_;
  Targets& targets_;
  Creation& creation_;
  Melee& melee_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_MOVEMENT_H_
