#include "engine/rulesets/tsatf/turn.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/victory.h"

namespace impi::tsatf {

Awaiting AwaitsOf(const BattleState& s, bool prompt) {
  Awaiting a;
  const Clock& c = s.clock;
  // The British left, and their figures as PatrolDecided counts them: one
  // pass over the units.
  bool british_left = false;
  int start_figures = 0, on_table_figures = 0;
  for (const Unit& u : s.units) {
    if (u.side != Side::kBritish) continue;
    start_figures += u.figures.Starting();
    if (!u.OnTable()) continue;
    const int present = u.figures.Present();
    on_table_figures += present;
    british_left |= present > 0;
  }
  if (c.phase == Phase::kGameOver || (!british_left && c.turn > 0) ||
      (c.turn > 0 && PatrolCutUp(s, start_figures, on_table_figures))) {
    a.kind = AwaitKind::kGameOver;
    if (!prompt) return a;
    // Designed (not in the source text): the patrol task (victory.h).
    if (HasPatrolTask(s)) {
      a.prompt = absl::StrCat("The game is over. ", JudgePatrol(s, true).text);
    } else if (british_left) {
      a.prompt = absl::StrCat("The game is over: turn ", c.turn, " was the last (the turn limit).");
    } else {
      a.prompt = "The game is over: no British unit is left on the table.";
    }
    return a;
  }
  auto british_ids = [&](bool need_unacted, bool need_unfired) {
    std::vector<SharedString> ids;
    ids.reserve(s.units.size());
    for (const Unit& u : s.units) {
      if (!IsBritishOnTable(u)) continue;
      if (need_unacted && u.status.acted) continue;
      if (need_unfired && u.status.fired) continue;
      // A unit in close combat does not walk away from it (designed: the
      // TSATF core rules are not in the text): it fights it out.
      if (need_unacted && u.status.in_close_combat) continue;
      ids.push_back(u.id);
    }
    return ids;
  };
  const Deck& deck = DeckOf(s);
  if (c.phase == Phase::kMovement && deck.current_card == CardColor::kRed) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishMove;
    a.units_may_move = deck.british_moves_left;
    a.unit_ids = british_ids(true, false);
    if (a.unit_ids.empty() || a.units_may_move == 0) a.unit_ids.clear();
    if (!prompt) return a;
    int card = kCardsPerColour - deck.red_left;
    a.prompt = absl::StrCat("Turn ", c.turn, ", movement: red card ", card, " of ", kCardsPerColour, ".");
    if (a.unit_ids.empty() || a.units_may_move == 0) {
      absl::StrAppend(&a.prompt, a.units_may_move == 0
                                     ? " Movement limitation: no more British units may move on this last British card"
                                     : " No British unit is left to move",
                      ": PASS.");
      return a;
    }
    absl::StrAppend(&a.prompt, " Move British units that have not moved (MOVE or CHARGE), then PASS.");
    if (a.units_may_move > 0) {
      absl::StrAppend(&a.prompt, " Movement limitation: only ", Count(a.units_may_move, "more unit"),
                      " may move on this last British card.");
    }
    return a;
  }
  if (c.phase == Phase::kFire && deck.current_card == CardColor::kRed) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishFire;
    a.unit_ids = british_ids(false, true);
    if (!prompt) return a;
    a.prompt = absl::StrCat("Turn ", c.turn, ", fire: red card ", kCardsPerColour - deck.red_left,
                            " of ", kCardsPerColour,
                            ResolvesBritish(s) ? ". British units fire (FIRE at a target: the engine rolls the hits), then PASS."
                                        : ". British units fire (FIRE with the hits scored), then PASS.");
    return a;
  }
  if (c.phase == Phase::kCloseCombat) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishCloseCombat;
    std::vector<std::string> fights;
    for (const Unit& u : s.units) {
      if (u.status.in_close_combat && u.OnTable()) a.unit_ids.push_back(u.id);
      if (!prompt || !u.status.in_close_combat || !IsBritishOnTable(u)) continue;
      std::vector<std::string> foes;
      for (const Unit* z : CloseCombatFoes(s, u)) foes.push_back(z->id);
      fights.push_back(foes.empty() ? absl::StrCat(u.id.str(), " (no Zulu unit in reach)")
                                    : absl::StrCat(u.id.str(), " against ", absl::StrJoin(foes, ", ")));
    }
    if (!prompt) return a;
    a.prompt = absl::StrCat("Turn ", c.turn, ", close combat: ", absl::StrJoin(fights, "; "), ". ");
    absl::StrAppend(&a.prompt,
                    ResolvesBritish(s)
                        ? "Each British unit in it fights (CLOSE_COMBAT_RESULT with its unit_id: the "
                          "engine rolls); PASS fights the rest and ends the phase."
                        : "Resolve the fights at the table, report each with CLOSE_COMBAT_RESULT (or "
                          "CHARGE), then PASS.");
    return a;
  }
  a.side = Side::kZulu;
  a.kind = AwaitKind::kUmpire;
  if (prompt) a.prompt = "The umpire plays the Zulu side next.";
  return a;
}

absl::Status TurnSequence::RunZulu(Awaiting* awaiting) {
  for (int guard = 0; guard < 10000; ++guard) {
    Awaiting a = AwaitsOf(s_, false);
    if (a.kind != AwaitKind::kUmpire) {
      if (a.kind == AwaitKind::kGameOver) a = AwaitsOf(s_, true);  // its prompt is announced
      movement_.SettleZulus();
      if (a.kind == AwaitKind::kGameOver && s_.clock.phase != Phase::kGameOver) {
        s_.clock.phase = Phase::kGameOver;
        log_.Add(EventKind::kAwaiting, Side::kUnspecified).announce = a.prompt;
      }
      *awaiting = a;
      return absl::OkStatus();
    }
    Clock& c = s_.clock;
    movement_.SettleZulus();
    switch (c.phase) {
      case Phase::kUnspecified:
      case Phase::kStartOfTurn:
        IMPI_RETURN_IF_ERROR(StartOfTurn());
        break;
      case Phase::kMovement: {
        if (c_.deck().red_left + c_.deck().black_left == 0) {
          IMPI_RETURN_IF_ERROR(creation_.TestPointsWhereTheBritishRemain());
          cards_.StartPhase(Phase::kFire);
          break;
        }
        // A black card: "When a Zulu movement card is drawn, test each Impi".
        if (cards_.Draw(/*movement=*/true) != CardColor::kRed) {
          IMPI_RETURN_IF_ERROR(movement_.ZuluMoveCard(c_.deck().black_left == 0));
        }
        break;
      }
      case Phase::kFire: {
        if (c_.deck().red_left + c_.deck().black_left == 0) {
          bool fighting = false;
          for (const Unit& u : s_.units) fighting |= (u.status.in_close_combat && u.OnTable());
          if (fighting) {
            cards_.StartPhase(Phase::kCloseCombat);
          } else {
            c.phase = Phase::kEndOfTurn;
          }
          break;
        }
        if (cards_.Draw(/*movement=*/false) != CardColor::kRed) IMPI_RETURN_IF_ERROR(fire_.FireCard());
        break;
      }
      case Phase::kEndOfTurn:
        IMPI_RETURN_IF_ERROR(EndOfTurn());
        break;
      default:
        return absl::FailedPreconditionError(
            "state.clock.phase: this phase is not part of the Zulu Control turn");
    }
    if (!dice_.status().ok()) return dice_.status();
  }
  return absl::InternalError("the turn sequence did not reach a British decision");
}

absl::Status TurnSequence::EndOfTurn() {
  for (Unit& u : s_.units) u.status.in_close_combat = false;
  // Designed (not in the source text): the scenario's turn limit (victory.h).
  const int limit = TurnLimit(s_);
  if (limit > 0 && s_.clock.turn >= limit) {
    s_.clock.phase = Phase::kGameOver;
    Event& e = log_.Add(EventKind::kAwaiting, Side::kUnspecified);
    e.why = Rule(kSectionVictory, absl::StrCat("Turn ", s_.clock.turn, " was the last (",
                                               kTurnLimitParam, ")."));
    e.why.rule.designed = true;
    e.announce = AwaitsOf(s_, true).prompt;
    return absl::OkStatus();
  }
  s_.clock.turn = std::max(1, s_.clock.turn) + 1;
  s_.clock.phase = Phase::kStartOfTurn;
  return absl::OkStatus();
}

// AT START OF TURN.
absl::Status TurnSequence::StartOfTurn() {
  Clock& c = s_.clock;
  if (c.turn < 1) c.turn = 1;
  Event& t = log_.Add(EventKind::kTurnStarted, Side::kUnspecified);
  t.announce = absl::StrCat("Turn ", c.turn, " begins.");
  for (TsatfUnit& x : MutableOwnState(s_).units) {
    // This turn's shots become last turn's; the lists keep their room.
    std::swap(x.fired_on_by_last_turn, x.fired_on_by_this_turn);
    x.fired_on_by_this_turn.clear();
    x.losses_this_turn = 0;
  }
  for (Unit& u : s_.units) {
    u.status.acted = false;
    u.status.fired = false;
  }
  // Designed (not in the source text): a pinned unit recovers at the start
  // of the next turn; ZULU MORALE: "it will move to rejoin its Impi. If its
  // Impi has been destroyed the unit will become a small Impi by itself."
  std::vector<std::string> recovered;
  for (Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.status.pinned && u.OnTable()) recovered.push_back(u.id);
  }
  for (const std::string& id : recovered) {
    Unit* u = s_.FindUnit(id);
    u->status.pinned = false;
    Explanation why = Rule("ZULU MORALE",
                           absl::StrCat(id, " recovers (designed: a pinned unit recovers at the "
                                            "start of the next turn)."));
    why.rule.designed = true;
    if (u->kind == UnitKind::kRegiment) {
      Unit* impi = s_.FindUnit(u->parent);
      if (impi != nullptr && impi->OnTable()) {
        u->position = FreeGround(s_, impi->position + Vec2(kRegimentSpacing, 0.0),
                                 {{Vec2::Zero(), FootprintOf(u->kind).Radius()}}, "", {id});
        c_.RecenterImpi(impi->id);
        why.text += absl::StrCat(" It rejoins its impi ", impi->id.str(), ".");
        Event& e = c_.Decision(EventKind::kRejoined, why);
        e.unit_ids = {id, impi->id};
      } else {
        // A small impi by itself, with the nearest British unit as target.
        std::string impi_id = s_.NewUnitId("z");
        Unit g;
        g.id = impi_id;
        g.side = Side::kZulu;
        g.kind = UnitKind::kImpi;
        g.name = absl::StrCat("small impi of ", id);
        g.position = u->position;
        u->parent = impi_id;
        s_.units.push_back(g);
        c_.U(s_.units.back()).created_turn = c.turn;  // appended with its unit
        why.text += absl::StrCat(" Its impi is gone: it becomes the small impi ", impi_id, ".");
        Event& e = c_.Decision(EventKind::kUnitConverted, why);
        e.unit_ids = {id, impi_id};
        IMPI_RETURN_IF_ERROR(cards_.AssignHand(impi_id));
        IMPI_RETURN_IF_ERROR(targets_.UpdateTarget(impi_id, 0.0));
      }
    } else {
      Event& e = c_.Decision(EventKind::kRejoined, why);
      e.unit_ids = {id};
    }
  }
  // "Remove all "Next turn" markers at Perimeter points and replace them with
  // "this turn" markers."
  for (Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.marker == Marker::kNextTurn) {
      p.marker = Marker::kThisTurn;
      Event& e = log_.Add(EventKind::kMarkerAdvanced, Side::kZulu);
      e.point = p.number;
      e.point_kind = PointKind::kPerimeter;
      e.why = Rule("AT START OF TURN",
                   absl::StrCat("The \"next turn\" marker at perimeter point ", p.number,
                                " becomes a \"this turn\" marker."));
      e.announce = absl::StrCat("A Zulu force will enter at perimeter point ", p.number,
                                " during movement this turn.");
    }
  }
  // "At the start of each turn after the second turn ... If there are less
  // than 4 Impis on or already marked to come on, roll on ... Random chance
  // table-edge."
  if (c.turn > 2) {
    int impis = ImpisOnOrMarked(s_);
    if (impis < 4) {
      IMPI_RETURN_IF_ERROR(creation_.TableEdge());
    } else {
      Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
      e.umpire_only = true;
      e.why = Rule("AT START OF TURN",
                   absl::StrCat(impis, " impis on or marked to come on: no table-edge roll."));
    }
  }
  cards_.StartPhase(Phase::kMovement);
  return absl::OkStatus();
}

}  // namespace impi::tsatf
