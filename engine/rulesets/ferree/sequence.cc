// engine/rulesets/ferree/sequence.cc: turns and the cup of movement counters
// (001_4c61f40cf0987cbf.txt, 5.-8.).
#include "engine/rulesets/ferree/sequence.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {

Sequence::Sequence(Context& c, const Choices& choices, PreBattle& pre_battle, ZuluTurn& zulu,
                   BritishTurn& british)
    : c_(c),
      s_(c.state()),
      dice_(c.dice()),
      log_(c.log()),
      choices_(choices),
      pre_battle_(pre_battle),
      zulu_(zulu),
      british_(british) {}

absl::Status Sequence::CheckGameOver(bool* over) {
  *over = false;
  Clock& c = s_.clock;
  if (c.phase == Phase::kGameOver) {
    *over = true;
    return absl::OkStatus();
  }
  if (c.phase != Phase::kActivation) return absl::OkStatus();
  const bool zulu_win = NoBritishLeft(s_);
  const bool british_win = !zulu_win && AllRegimentsBroken(s_);
  if (!zulu_win && !british_win) return absl::OkStatus();
  c.phase = Phase::kGameOver;
  Own(s_).segment = 0;
  Own(s_).chits_left.clear();
  if (c_.Suspended()) MutableOwnState(s_).pending = PendingChoice{};
  if (c_.Explain()) {
    c_.Log(EventKind::kPhaseStarted, zulu_win ? Side::kZulu : Side::kBritish, kSectionEnd, "", "",
           zulu_win ? "The game is over: every British figure has been killed or has left the table."
                    : "The game is over: every Zulu regiment has been broken.");
  }
  *over = true;
  return absl::OkStatus();
}

void Sequence::FillCup(std::vector<SharedString>* cup_list) const {
  std::vector<SharedString>& cup = *cup_list;
  cup.clear();
  const int turn = s_.clock.turn;
  // Whether each regiment has a tray alive on the table, and one off it with
  // figures, found in one pass over the trays (the regiments in unit order;
  // a tray's regiment matched by id, the last one found tried first).
  struct TrayState {
    const Unit* regiment;
    bool on = false, waiting = false;
  };
  absl::InlinedVector<TrayState, 32> regiments;
  for (const Unit& u : s_.units) {
    if (u.kind == UnitKind::kRegiment) regiments.push_back({&u});
  }
  {
    TrayState* last = nullptr;
    for (const Unit& t : s_.units) {
      if (t.kind != UnitKind::kTray) continue;
      if (last == nullptr || last->regiment->id != t.parent) {
        last = nullptr;
        for (TrayState& r : regiments) {
          if (r.regiment->id == t.parent) {
            last = &r;
            break;
          }
        }
        if (last == nullptr) continue;
      }
      last->on |= Alive(t);
      last->waiting |= t.off_table && t.figures.fit > 0;
    }
  }
  size_t next_regiment = 0;
  for (const Unit& u : s_.units) {
    switch (u.kind) {
      case UnitKind::kRegiment: {
        const TrayState& trays = regiments[next_regiment++];
        // "The regiments that make up the Loins can not enter on to the board
        // until turn 3".
        if (UnitOf(s_, u).division == kLoinsDivision && turn < kLoinsFirstTurn) break;
        const bool on = trays.on, waiting = trays.waiting;
        bool due = false;
        for (const SecretEntry& e : Own(s_).secret_entries) {
          if (e.unit_id == u.id && e.turn <= turn) due = true;
        }
        // Zulu Off-Board Movement: "On that turn the Zulu regiments counter
        // will be put into the cup."
        // Trays still to come on through their entry square (4.: "one at a
        // time through that square") keep the regiment's counter in the cup.
        const bool entering = UnitOf(s_, u).entry_point != 0;
        if (on || ((due || entering) && waiting && !u.status.broken)) cup.push_back(u.id);
        break;
      }
      case UnitKind::kInduna: {
        if (u.off_table || u.figures.fit + u.figures.wounded <= 0) break;
        const int division =
            u.parent.empty() ? UnitOf(s_, u).division : DivisionOf(s_, u.parent);
        if (division == kLoinsDivision && turn < kLoinsFirstTurn) break;
        cup.push_back(u.id);
        break;
      }
      case UnitKind::kWagon:
        if (!u.off_table) cup.push_back(u.id);
        break;
      default:
        if ((IsCompany(u) || u.kind == UnitKind::kSurgeon) && !u.off_table &&
            u.figures.fit + u.figures.wounded > 0) {
          cup.push_back(u.id);
        }
        break;
    }
  }
}

absl::Status Sequence::StartTurn() {
  Clock& c = s_.clock;
  c.turn = std::max(0, c.turn) + 1;
  if (c.turn == 1) {
    if (c.time_of_day == 0 && Own(s_).situation.discovery_time > 0) {
      c.time_of_day = Own(s_).situation.discovery_time;
    }
  } else {
    c.time_of_day += c.minutes_per_turn > 0 ? c.minutes_per_turn : kDefaultMinutesPerTurn;
  }
  for (Unit& u : s_.units) {
    u.status.acted = false;
    u.status.ordered = false;
    u.status.fired = false;
    u.status.in_close_combat = false;
  }
  // British Ammunition Resupply Table: "+1 for each turn the runner waits":
  // every runner still at a wagon without his ammunition when a turn begins
  // has waited one more turn.
  for (const Unit& r : s_.units) {
    if (r.kind != UnitKind::kRunner || !Alive(r) || UnitOf(s_, r).carrying) continue;
    for (const Unit& w : s_.units) {
      if (w.kind == UnitKind::kWagon && !w.off_table && InContact(r, w)) {
        ++MutableUnitOf(s_, r).turns_waited;
        break;
      }
    }
  }
  IMPI_RETURN_IF_ERROR(pre_battle_.ArriveReinforcements());
  Own(s_).segment = 0;
  FillCup(&Own(s_).chits_left);
  // The counters of regiments still off-board are the umpire's secret.
  if (c_.Explain()) {
    std::vector<std::string> entering, seen;
    for (const SharedString& id : Own(s_).chits_left) {
      bool secret = false;
      for (const SecretEntry& e : Own(s_).secret_entries) secret |= e.unit_id == id;
      (secret ? entering : seen).push_back(id);
    }
    Event& e = c_.Log(
        EventKind::kTurnStarted, Side::kUnspecified, kSectionMix, "", "",
        absl::StrCat("Turn ", c.turn, ": ", seen.size(), " movement counters go into the cup."));
    e.unit_ids = seen;
    for (const std::string& id : entering) {
      Event& x =
          c_.Log(EventKind::kMarkerPlaced, Side::kZulu, kSectionOffBoard, kTableTurnOfEntry, "",
                 absl::StrCat("Off-board regiment ", id, " is due: its counter goes into the cup."));
      x.umpire_only = true;
      x.announce.clear();
      x.unit_ids = {id};
    }
  }
  if (Own(s_).chits_left.empty()) {
    c.phase = Phase::kGameOver;
    c_.Log(EventKind::kPhaseStarted, Side::kUnspecified, kSectionEnd, "", "",
           "The game is over undecided: no unit on the table can act.");
  }
  return absl::OkStatus();
}

absl::Status Sequence::DrawCounter() {
  const int n = static_cast<int>(Own(s_).chits_left.size());
  const size_t mark = dice_.rolls().size();
  // "Draw a Movement Counter": one die with as many sides as counters.
  const int idx = n == 1 ? 0 : dice_.Roll(n, "counter drawn from the cup") - 1;
  const SharedString id = Own(s_).chits_left[idx];  // a copy: the cup changes under it
  return ActivateCounter(id, mark, nullptr);
}

absl::Status Sequence::ActivateCounter(const SharedString& id, size_t dice_mark, int* event) {
  auto it = std::find(Own(s_).chits_left.begin(), Own(s_).chits_left.end(), id);
  if (it != Own(s_).chits_left.end()) Own(s_).chits_left.erase(it);
  Unit* u = s_.FindUnit(id);
  if (u == nullptr) return absl::OkStatus();
  if (event != nullptr) *event = static_cast<int>(log_.size());
  if (c_.Explain()) {
    Event& e = c_.Log(EventKind::kCardDrawn, u->side, kSectionDraw, "", "",
                      absl::StrCat("Counter drawn: ", NameOf(*u), " (", choices_.PublicCupCount(),
                                   " left in the cup)."));
    e.why.dice = dice_.RollsSince(dice_mark);
    e.unit_ids = {id};
  }
  switch (u->kind) {
    case UnitKind::kRegiment:
      if (u->status.ordered || u->status.acted) {
        if (c_.Explain()) {
          c_.Log(EventKind::kNothing, Side::kZulu, kSectionMove, kTableInduna, "",
                 absl::StrCat(NameOf(*u),
                              " has already acted on an induna's order: its turn is skipped."));
        }
        return absl::OkStatus();
      }
      return zulu_.ActivateRegiment(id, "");
    case UnitKind::kInduna:
      return zulu_.ActivateInduna(id);
    case UnitKind::kWagon:
      return british_.ActivateWagon(id);
    default:
      return british_.ActivateBritish(id);
  }
}

}  // namespace impi::ferree
