#include "engine/rulesets/tsatf/cards.h"

#include "absl/strings/str_cat.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

const char* HandRefusal(const Unit& u) {
  if (!IsForce(u)) return "is not an impi or a skirmishing regiment: the HAND is rolled for them only";
  if (!u.OnTable()) return "is not on the table";
  return nullptr;
}

absl::Status Cards::AssignHand(const std::string& unit_id) {
  Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  if (const char* no = HandRefusal(*u)) return absl::FailedPreconditionError(absl::StrCat(unit_id, " ", no));
  Explanation why;
  Hand hand = RollHand(dice_, unit_id, &why);
  u = s_.FindUnit(unit_id);
  c_.U(*u).hand = hand;
  Event& e = c_.Decision(EventKind::kHandAssigned, why);
  e.unit_ids = {unit_id};
  e.umpire_only = true;
  return absl::OkStatus();
}

void Cards::StartPhase(Phase phase) {
  Clock& c = s_.clock;
  c.phase = phase;
  c_.deck().red_left = kCardsPerColour;
  c_.deck().black_left = kCardsPerColour;
  c_.deck().zulu_cards_drawn = 0;
  c_.deck().current_card = CardColor::kUnspecified;
  c_.deck().british_moves_left = -1;
  for (Unit& u : s_.units) {
    if (phase == Phase::kMovement) u.status.acted = false;
    if (phase == Phase::kFire) u.status.fired = false;
  }
  Event& e = log_.Add(EventKind::kPhaseStarted, Side::kUnspecified);
  if (!log_.wanted()) return;  // a quiet log is told nothing (event.h)
  const char* name = phase == Phase::kMovement ? "Movement"
                     : phase == Phase::kFire   ? "Fire"
                                               : "Close combat";
  e.announce = absl::StrCat("Turn ", c.turn, ": ", name, " phase.");
  if (phase != Phase::kCloseCombat) {
    absl::StrAppend(&e.announce, " The deck is shuffled: 3 red and 3 black cards.");
  }
}

CardColor Cards::Draw(bool movement) {
  CardColor card = dice_.DrawCard(c_.deck().red_left, c_.deck().black_left,
                                  movement ? "movement deck" : "fire deck");
  Event& e = log_.Add(EventKind::kCardDrawn, Side::kUnspecified);
  Deck& deck = c_.deck();
  const char* what = movement ? "move" : "fire";
  if (card == CardColor::kRed) {
    --deck.red_left;
    deck.current_card = CardColor::kRed;
    if (movement) deck.british_moves_left = -1;
    e.side = Side::kBritish;
    if (log_.wanted()) {
      e.announce = absl::StrCat("Red card (British ", what, "), ", kCardsPerColour - deck.red_left, " of ",
                                kCardsPerColour, ".");
    }
    if (movement && deck.red_left == 0) {
      // Glossary: "Movement Limitation - On the last British move card, only a
      // D6 of units may move."
      int d = dice_.Roll(6, "Movement limitation (last British card)");
      deck.british_moves_left = d;
      if (!log_.wanted()) {
        log_.Add(EventKind::kTableRoll, Side::kBritish);
        return card;
      }
      Explanation why = Rule("Movement Limitation",
                             absl::StrCat("D6 rolled ", d, ": only ", d,
                                          " British unit(s) may move on the last British card."),
                             "Movement Limitation", "a D6 of units may move");
      if (!dice_.rolls().empty()) why.dice.push_back(dice_.rolls().back());
      Event& m = log_.Add(EventKind::kTableRoll, Side::kBritish);
      m.why = why;
      m.announce = why.text;
    }
    return card;
  }
  --deck.black_left;
  ++deck.zulu_cards_drawn;
  deck.current_card = CardColor::kUnspecified;
  e.side = Side::kZulu;
  if (log_.wanted()) {
    e.announce =
        absl::StrCat("Black card (Zulu ", what, "), ", deck.zulu_cards_drawn, " of ", kCardsPerColour, ".");
  }
  return card;
}

}  // namespace impi::tsatf
