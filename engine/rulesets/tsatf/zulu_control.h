// engine/rulesets/tsatf/zulu_control.h: the TSATF "Zulu Control" umpire.
//
// Overview: ZuluControl runs the umpire's procedure of the manual (rules file
// 003_8a310c3200cb6fb0.txt) on one BattleState. It is the manual's sections,
// one class each over a shared Context (context.h: the state, the dice, the
// log and the umpire's book), composed here:
//   turn()          AT START OF TURN (markers, RANDOM CHANCE FROM TABLE EDGE
//                   after turn 2, rejoining), the movement and fire decks
//                   card by card, close combat, the end of the turn (turn.h)
//   creation()      appearance points tested when the British move within
//                   6", the D10 perimeter point, IMPI CREATION and SPECIAL
//                   IMPI CREATION against the force pool and the scenario
//                   total (creation.h)
//   cards()         the 3 red and 3 black cards of each deck, the HAND
//                   (cards.h)
//   targets()       target selection (nearest, red coats first, dice for
//                   ties, in the way, the 24" rule, last known position) and
//                   TEMPTATION (targets.h)
//   movement()      the Zulu move cards (1-3 later / 4-6 now, 3D6 towards the
//                   target or 4D6 and charge within 24", everything unmoved
//                   on the last Zulu card, "this turn" markers entering),
//                   skirmishers (movement.h)
//   fire()          the Zulu fire card: which capable unit fires (zulu_fire.h)
//   melee()         losses, critical morale below 50%, recycling, and the
//                   engine's resolution of close combat (melee.h)
//   conversion()    the three lone-Zulu conversion tables, skirmishing and
//                   rifle-armed regiments charged (conversion.h)
//   british()       the British actions applied (british_actions.h)
// The deck, the book and each unit's hand and target are Zulu Control's own
// state (tsatf_state.h); the rule set behind the engine seam is
// TsatfRuleset (tsatf_ruleset.h).
//
// Where the text is silent impi decides, and says so (docs/conformance.md):
// test to stand and critical morale (TSATF core rules, not in the text) are
// designed tables; each unit's footprint and the free ground a unit is
// placed on (footprint.h), contact distance, "occupying" a
// point (within 2"), ties within 0.5", one marker per perimeter point, the
// fire deck of 3 red and 3 black cards, pinned units recovering at the next
// start of turn. On request (tsatf.resolve_british) the engine resolves the
// British side too (british_resolution.h), and a table may give the patrol a
// task and a turn limit (victory.h).
//
// Usage:
//   ZuluControl z(state, dice, log);
//   IMPI_RETURN_IF_ERROR(z.ApplyBritish(action, "british_actions[0]"));
//   Awaiting awaiting;
//   IMPI_RETURN_IF_ERROR(z.RunZulu(&awaiting));
//   IMPI_RETURN_IF_ERROR(z.cards().AssignHand("z1"));   // one decision point
//
// Thread safety: a ZuluControl works on the state it is given; use one per
// thread. Not copyable: its sections refer to each other.
#ifndef IMPI_ENGINE_RULESETS_TSATF_ZULU_CONTROL_H_
#define IMPI_ENGINE_RULESETS_TSATF_ZULU_CONTROL_H_

#include <string>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/british_actions.h"
#include "engine/rulesets/tsatf/cards.h"
#include "engine/rulesets/tsatf/melee.h"
#include "engine/rulesets/tsatf/conversion.h"
#include "engine/rulesets/tsatf/creation.h"
#include "engine/rulesets/tsatf/movement.h"
#include "engine/rulesets/tsatf/targets.h"
#include "engine/rulesets/tsatf/tsatf_ruleset.h"
#include "engine/rulesets/tsatf/turn.h"
#include "engine/rulesets/tsatf/context.h"
#include "engine/rulesets/tsatf/zulu_fire.h"

namespace impi::tsatf {

class ZuluControl {
 public:
  ZuluControl(BattleState& state, Dice& dice, EventLog& log)
      : context_(state, dice, log),
        targets_(context_),
        cards_(context_),
        creation_(context_, cards_, targets_),
        melee_(context_),
        conversion_(context_, cards_, creation_),
        fire_(context_, melee_),
        movement_(context_, cards_, targets_, creation_, melee_),
        british_(context_, creation_, conversion_, melee_, movement_),
        turn_(context_, cards_, targets_, creation_, movement_, fire_) {}
  ZuluControl(const ZuluControl&) = delete;
  ZuluControl& operator=(const ZuluControl&) = delete;

  // --- Advance: the turn sequence --------------------------------------
  // Applies one British action (validated against what the engine awaits).
  // `path` is the field path for errors ("british_actions[2]").
  absl::Status ApplyBritish(const Action& action, const std::string& path) {
    return british_.ApplyBritish(action, path);
  }
  // Plays until the British are awaited; fills `awaiting`.
  absl::Status RunZulu(Awaiting* awaiting) { return turn_.RunZulu(awaiting); }

  // --- The sections, each with its decision points (Ask) -------------------
  Context& context() { return context_; }
  TurnSequence& turn() { return turn_; }
  Creation& creation() { return creation_; }
  Cards& cards() { return cards_; }
  Targets& targets() { return targets_; }
  Movement& movement() { return movement_; }
  ZuluFire& fire() { return fire_; }
  Melee& melee() { return melee_; }
  Conversion& conversion() { return conversion_; }
  BritishActions& british() { return british_; }

 private:
  // In the order each is built: a section refers only to those before it.
  Context context_;
  Targets targets_;
  Cards cards_;
  Creation creation_;
  Melee melee_;
  Conversion conversion_;
  ZuluFire fire_;
  Movement movement_;
  BritishActions british_;
  TurnSequence turn_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_ZULU_CONTROL_H_
