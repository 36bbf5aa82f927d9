// engine/rulesets/ferree/melee.h: close combat in Ferree's
// Isandlwana.
//
// Overview: 001_4c61f40cf0987cbf.txt, "C./D. Close Combat": a Zulu tray and
// a British unit in base contact (or across the laager or thornbush within
// its reach) fight on the Zulu and British Close Combat Tables, with the
// Effects Of Hits on the British; the loser is pushed back. "Zulus Charging
// A Retiring Unit": each tray within 6" of a British unit that retires tests
// to charge it (a Zulu decision per tray), and on a charge moves 2D6" and
// fights.
//
// Usage (within a FerreeBattle):
//   Melee melee(context, british);
//   IMPI_RETURN_IF_ERROR(melee.ZuluCloseCombat(TraysOf(state, regiment_id)));
//
// Thread safety: works on the Context's state; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_MELEE_H_
#define IMPI_ENGINE_RULESETS_FERREE_MELEE_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/context.h"
#include "engine/rulesets/ferree/state.h"

namespace impi::ferree {

class BritishTurn;

class Melee {
 public:
  // `british` carries on a British unit's activation once every tray has
  // decided whether to charge it.
  Melee(Context& c, BritishTurn& british);

  // The trays of a regiment in contact with the British fight (D.).
  // Close combat of the active regiment, whose trays (TraysOf's) the
  // caller lists.
  absl::Status ZuluCloseCombat(const TrayList& listed);
  // Close combat between a tray and a British unit. `zulu_out_of_donga` and
  // `british_out_of_donga` come from the mover.
  absl::Status CloseCombatFight(const SharedString& tray_id, const SharedString& british_id,
                                bool zulu_out_of_donga, bool british_out_of_donga,
                                absl::string_view how);
  // Zulu trays within 6" of `british_id` whose distance grew test to charge
  // (CHARGING A RETIRING UNIT); `before` is where the British unit started.
  // `after_resolve`: the move was the unit's resolve result (its activation
  // goes on once every tray has decided).
  absl::Status ChargeRetiring(const SharedString& british_id, const Vec2& before,
                              bool after_resolve);
  // The next of `testers` still able to charge becomes the pending decision.
  // `kept`, if given, holds `testers` and may be used up: its storage
  // becomes the pending decision's queue.
  absl::Status ChargeRetiringNext(const SharedString& british_id, absl::Span<const SharedString> testers,
                                  bool after_resolve, IdList* kept = nullptr);
  // One tray's test to charge `british_id`, and on a charge its 2D6 bonus
  // move and the close combat, or its return to where it started. `*event`
  // the test's event if non-null.
  absl::Status ChargeRetiringTest(const SharedString& tray_id, const SharedString& british_id,
                                  int* event);

 private:
  Context& c_;
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  const Field& field_;
  BritishTurn& british_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_MELEE_H_
