// engine/rulesets/ferree/zulu.h: the Zulu turns of Ferree's Isandlwana.
//
// Overview: a drawn regiment (001_4c61f40cf0987cbf.txt, 6.): A. Check Unit's
// Resolve (a broken regiment routs), Pinned Zulus (the Zulu Rally Chart), its
// entry through an ENTRY point, B. its move (2D6, 1D6 on the first turn;
// prone or standing), Zulu Snipers (the sniper's move and shot) and C./D.
// its trays' close combat (melee.h); an induna's turn (Induna Rules:
// his 3D6 move and his order to a regiment in contact that has not acted).
// Each Zulu choice is a decision node: the turn stops there (Context::
// Suspend) and goes on from the ...With method the chosen option calls.
//
// Usage (within a FerreeBattle):
//   ZuluTurn zulu(context, choices, melee);
//   IMPI_RETURN_IF_ERROR(zulu.ActivateRegiment(id, /*ordered_by=*/""));
//
// Thread safety: works on the Context's state; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_ZULU_H_
#define IMPI_ENGINE_RULESETS_FERREE_ZULU_H_

#include <string>

#include "absl/status/status.h"
#include "engine/rulesets/ferree/choices.h"
#include "engine/rulesets/ferree/context.h"
#include "engine/rulesets/ferree/melee.h"
#include "engine/rulesets/ferree/state.h"

namespace impi::ferree {

class ZuluTurn {
 public:
  ZuluTurn(Context& c, const Choices& choices, Melee& melee);

  // A regiment's turn, drawn or ordered by the induna `ordered_by` (""
  // if drawn): A., rally, entry, then its move decision.
  absl::Status ActivateRegiment(const SharedString& id, const std::string& ordered_by);
  // A. the regiment's resolve test; under 10% lost no test and, unless
  // `log_no_test`, no event. `*event` the test's event (-1 none).
  // `trays`, if given: the regiment's (TraysOf's), listed by the caller.
  absl::Status RegimentResolve(const SharedString& id, bool log_no_test, int* event,
                               const TrayList* trays = nullptr);
  // The Zulu Rally Chart for one pinned tray; `*event` its event if non-null.
  absl::Status RallyTray(const SharedString& tray_id, int* event);
  // B.-D. of a regiment's turn after its move decision: the move, the
  // sniper's decision and shot, close combat.
  absl::Status RegimentMoveWith(const SharedString& id, const Action& choice);
  absl::Status AfterRegimentMove(const SharedString& id);
  absl::Status SniperWith(const Action& choice);
  absl::Status FinishRegiment(const SharedString& id);
  // An induna's turn (Induna Rules): his move decision, then his order.
  absl::Status ActivateInduna(const SharedString& id);
  absl::Status IndunaMoveWith(const SharedString& id, const Action& choice);
  // The induna's order (Induna Rules): the policy picks among OrderOptions;
  // an ordered regiment acts at once. Nothing if nobody can be ordered.
  absl::Status IndunaOrders(const SharedString& id);

 private:
  absl::Status EnterRegiment(Unit& regiment);
  // 4.: the square at a regiment's entry point (FerreeUnit.entry_point),
  // just inside the table; false if it has none.
  bool EntrySquare(const SharedString& regiment_id, Vec2* square) const;
  // The next of the regiment's trays still off the table comes on to its
  // entry square if the square is free; its id, or "" if none came on.
  SharedString EnterThroughSquare(const SharedString& regiment_id);
  absl::Status RoutRegiment(const SharedString& id);
  // `trays`: the regiment's (TraysOf's).
  absl::Status RallyTrays(const TrayList& trays);
  absl::Status MoveSniper(const SharedString& regiment_id, const Action& choice, double allowance);

  Context& c_;
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  const Field& field_;
  const Choices& choices_;
  Melee& melee_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_ZULU_H_
