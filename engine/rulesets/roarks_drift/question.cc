// The decision points of Roark's Drift a caller may ask about. See
// question.h.
#include "engine/rulesets/roarks_drift/question.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/status_macros.h"
#include "absl/strings/str_join.h"
#include "engine/rulesets/roarks_drift/buildings.h"
#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"

namespace impi::roarks {
namespace {

// The faces of the dice rolled since `mark`, in order: the same dice again
// for a chart read a second time with its explanation.
Dice Replay(const Dice& dice, size_t mark) {
  std::vector<int> faces;
  for (const DieRoll& d : dice.RollsSince(mark)) faces.insert(faces.end(), d.faces.begin(), d.faces.end());
  return Dice::Scripted(std::move(faces));
}

std::string HexText(HexCoord h) { return absl::StrFormat("(%d,%d)", h.q, h.r); }

// The side whose decision the state awaits; FAILED_PRECONDITION when none.
absl::StatusOr<impi::Side> Awaited(const Ruleset& rules, const BattleState& state, const Question& q) {
  const Awaiting w = rules.Awaits(state);
  if (w.side != impi::Side::kZulu && w.side != impi::Side::kBritish) {
    return absl::FailedPreconditionError(absl::StrCat(
        q.Path(), ": the state awaits no side's decision (", w.kind == AwaitKind::kGameOver ? "the game is over" : w.prompt,
        ")"));
  }
  return w.side;
}

// The order the question names among those offered now; nullopt if none.
std::optional<Action> Offered(const Ruleset& rules, const BattleState& state, impi::Side side, const Question& q) {
  for (const Action& a : rules.LegalActions(state, side)) {
    const RoarksOrder* o = a.extra.get_if<RoarksOrder>();
    if (o == nullptr) continue;
    const bool match = [&] {
      switch (q.kind) {
        case QuestionKind::kAimedFire:
          return o->order == Order::kAimedFire && o->q == q.from.q && o->r == q.from.r && a.to_hex == q.target;
        case QuestionKind::kVolley:
          return o->order == Order::kVolley && a.unit_id.str() == q.unit_id;
        case QuestionKind::kMelee:
          if (o->order != Order::kAttack) return false;
          return side == impi::Side::kZulu ? !q.has_target && o->number == (q.massed ? 1 : 0)
                                           : q.has_target && a.to_hex == q.target;
        case QuestionKind::kOskarberg:
          return o->order == Order::kOskarberg;
        case QuestionKind::kSuppression:
          return o->order == Order::kSuppress;
        default:
          return false;
      }
    }();
    if (match) return a;
  }
  return std::nullopt;
}

// What the question's order needs and does not find now, for its
// FAILED_PRECONDITION.
std::string NotOffered(const BattleState& state, impi::Side side, const Question& q) {
  const RoarksState& s = *OwnState(state);
  const std::string now =
      s.stage == Stage::kPlaying
          ? absl::StrFormat("phase %d, turn %d: %s, the %s to act", s.phase, s.turn, SegmentName(s.segment),
                            side == impi::Side::kZulu ? "Zulus" : "British")
          : "the set-up";
  switch (q.kind) {
    case QuestionKind::kAimedFire:
      return absl::StrCat("no aimed fire from ", HexText(q.from), " at ", HexText(q.target),
                          " is offered now (6.1.1 / 6.2.1: men of the side in its fire segment who may aim, an "
                          "enemy hex in sight; ", now, ")");
    case QuestionKind::kVolley:
      return absl::StrCat("no volley of ", q.unit_id, "'s line is offered now (6.1.2: a line lined up on an earlier "
                          "turn, ten men, the British fire segment; ", now, ")");
    case QuestionKind::kMelee:
      return q.has_target ? absl::StrCat("no British attack on ", HexText(q.target),
                                         " is offered now (7.0: a Zulu hex in contact, the British melee "
                                         "segment; ", now, ")")
                          : absl::StrCat("no Zulu melee is offered now (7.0: Zulus in contact, the Zulu melee "
                                         "segment; ", now, ")");
    case QuestionKind::kOskarberg:
      return absl::StrCat("the Oskarberg may not fire now (6.2.2.1: once a turn in the Zulu fire segment, not "
                          "after an attack from the south edge, not while a Zulu holds the main perimeter, not "
                          "fully suppressed; ", now, ")");
    case QuestionKind::kSuppression:
      return absl::StrCat("no suppression of the Oskarberg is offered now (6.2.2.2: every other turn, 60 fire "
                          "factors free to fire, the British fire segment; ", now, ")");
    default:
      return now;
  }
}

// Settles an order-based question: the order applied as in play, its event
// explained from the chart's own reading of the same dice.
absl::Status AskOrder(const Ruleset& rules, BattleState& state, const Question& q, Dice& dice, EventLog& log,
                      int* decision) {
  IMPI_ASSIGN_OR_RETURN(const impi::Side side, Awaited(rules, state, q));
  const std::optional<Action> order = Offered(rules, state, side, q);
  if (!order) return absl::FailedPreconditionError(absl::StrCat(q.Path(), ": ", NotOffered(state, side, q)));
  const RoarksState before = *OwnState(state);
  // What the chart is read with, from the state before the order.
  int ratio = 0;
  Explanation odds;
  if (q.kind == QuestionKind::kAimedFire) {
    int factors = 0;
    for (int u : StackAt(before, q.from)) {
      if (MayAim(before, u)) factors += before.specs[static_cast<size_t>(u)].fire;
    }
    ratio = FireOdds(factors, FireDefenseFrom(before, q.from, q.target), &odds).value_or(0);
  }
  const size_t mark = dice.rolls().size();
  const size_t first = log.size();
  IMPI_RETURN_IF_ERROR(rules.Apply(state, side, *order, dice, log, q.Path(), ""));
  // A British attack is rolled with those declared before it when the
  // British are done declaring (7.0.H): the pass that rolls them.
  if (q.kind == QuestionKind::kMelee && side == impi::Side::kBritish) {
    Action pass;
    for (const Action& a : rules.LegalActions(state, side)) {
      if (a.extra.get_if<RoarksOrder>() != nullptr && a.extra.get_if<RoarksOrder>()->order == Order::kPass) pass = a;
    }
    IMPI_RETURN_IF_ERROR(rules.Apply(state, side, pass, dice, log, q.Path(), ""));
  }
  if (!log.wanted() || log.size() == first) return dice.status();
  Event& e = log.mutable_events()[log.size() - 1];
  *decision = static_cast<int>(log.size() - 1);
  e.decision = true;
  const RoarksState& after = *OwnState(state);
  Dice again = Replay(dice, mark);
  Explanation chart;
  switch (q.kind) {
    case QuestionKind::kAimedFire:
      // 6.1.1.B-C / 6.2.1: the ratio, then two dice on its column.
      if (ratio >= 1) FireChartRoll(again, ratio, &chart, after.options.fire_chart).IgnoreError();
      if (side == impi::Side::kZulu) chart.rule.section = "6.2.1 Zulu Fire";
      chart.text = absl::StrCat(odds.text, chart.text.empty() ? "" : "; ", chart.text);
      if (ratio < 1) chart.rule.row = "under 1:1: a miss, no roll";
      break;
    case QuestionKind::kVolley:
      chart.rule.section = "6.1.2 Volley Fire";
      chart.rule.table = "Fire Chart";
      chart.rule.designed = true;
      chart.rule.row = "each target's column, in the text";
      break;
    case QuestionKind::kMelee: {
      // 7.0.D-E: each melee's odds and two dice on its column, in the order rolled.
      std::vector<std::string> rows;
      for (size_t i = before.melees.size(); i < after.melees.size(); ++i) {
        const MeleeOutcome& m = after.melees[i];
        Explanation one;
        MeleeChartRoll(again, m.column, &one, after.options.melee_chart).IgnoreError();
        if (chart.rule.table.empty()) chart.rule = one.rule;
        rows.push_back(MeleeColumnName(m.column));
      }
      chart.rule.section = "7.0 Melee";
      chart.rule.table = "Melee Chart";
      chart.rule.designed = true;
      chart.rule.row = absl::StrJoin(rows, ", ");
      break;
    }
    case QuestionKind::kOskarberg: {
      OskarbergSituation sit;
      sit.zulu_attack_from_south_edge = before.attacked_from_south;
      sit.suppression = before.suppression;
      OskarbergFire(again, sit, &chart, after.options.fire_chart).IgnoreError();
      break;
    }
    case QuestionKind::kSuppression:
      SuppressOskarberg(again, before.suppression, &chart).IgnoreError();
      break;
    default:
      break;
  }
  chart.rule.source = kSource;
  chart.dice = dice.RollsSince(mark);
  if (!e.why.text.empty()) chart.text = absl::StrCat(e.why.text, chart.text.empty() ? "" : ". ", chart.text);
  e.why = std::move(chart);
  return dice.status();
}

// The caller's text in a message, at most 200 bytes of it.
std::string Quote(const std::string& s) {
  return s.size() <= 200 ? absl::StrCat("\"", s, "\"") : absl::StrCat("\"", s.substr(0, 200), "\"... (", s.size(), " bytes)");
}

// 8.3: Reynolds' roll for one wounded man in his care, as the interphase
// rolls it (HealInInterphase): a reading, the state unchanged (the
// interphase rolls for him when it comes).
absl::Status AskHealing(const BattleState& state, const Question& q, Dice& dice, EventLog& log, int* decision) {
  const RoarksState& s = *OwnState(state);
  const int u = UnitById(s, q.unit_id);
  if (u == kNoUnit) {
    return absl::InvalidArgumentError(absl::StrCat(q.Path("unit_id"), ": no counter has id ", Quote(q.unit_id)));
  }
  const CounterState& c = s.counters[static_cast<size_t>(u)];
  if (SideOf(s, u) != Side::kBritish || !InPlay(s, u) || c.wound == WoundState::kNone ||
      c.wound == WoundState::kDead) {
    return absl::FailedPreconditionError(
        absl::StrCat(q.Path("unit_id"), ": ", q.unit_id, " is no wounded British man in play (8.3)"));
  }
  const Surgeon reynolds = ReynoldsState(s);
  if (reynolds != Surgeon::kSeriouslyWounded && !InReynoldsCare(s, u)) {
    return absl::FailedPreconditionError(absl::StrCat(
        q.Path("unit_id"), ": ", q.unit_id,
        " is not in Surgeon Major Reynolds' care (8.3: in the storeroom or next to him) and rolls nothing"));
  }
  const size_t mark = dice.rolls().size();
  Explanation why;
  const bool serious = c.wound == WoundState::kSerious || c.wound == WoundState::kLightAndSerious;
  const Healing h = serious ? HealSerious(dice, reynolds, &why) : InterphaseLight(dice, reynolds, &why);
  IMPI_RETURN_IF_ERROR(dice.status());
  if (!log.wanted()) return absl::OkStatus();
  Event& e = log.Add(EventKind::kNothing, impi::Side::kBritish);
  e.unit_ids.push_back(q.unit_id);
  e.decision = true;
  why.rule.source = kSource;
  why.dice = dice.RollsSince(mark);
  e.why = std::move(why);
  e.announce = absl::StrCat(q.unit_id, h.dies ? " would die of his wounds" : h.cured ? " would be healed" : " would not be healed",
                            h.cured && h.cured_on_turn > 1 ? absl::StrCat(", back on turn ", h.cured_on_turn, " of the next phase") : "",
                            " (8.3, the interphase's roll)");
  *decision = static_cast<int>(log.size() - 1);
  return absl::OkStatus();
}

// 10.2.B-C: a burning room's spread roll, as the end segment rolls it
// (SpreadFires): a reading, the state unchanged.
absl::Status AskFireSpread(const BattleState& state, const Question& q, Dice& dice, EventLog& log, int* decision) {
  const RoarksState& s = *OwnState(state);
  bool exists = false;
  for (const HexCell& cell : s.Map().map.cells) exists |= q.room > 0 && cell.room == q.room;
  if (!exists) return absl::InvalidArgumentError(absl::StrCat(q.Path("room"), ": ", q.room, " is no room of the board"));
  const RoomFire* fire = nullptr;
  for (const RoomFire& f : s.fires) {
    if (f.room == q.room) fire = &f;
  }
  if (fire == nullptr || !RoomBurning(s, q.room)) {
    return absl::FailedPreconditionError(
        absl::StrCat(q.Path("room"), ": room ", q.room, " is not burning (10.2.A: a fire burns from the turn after it starts)"));
  }
  if (fire->spread) {
    return absl::FailedPreconditionError(
        absl::StrCat(q.Path("room"), ": room ", q.room, "'s fire has spread already (10.2.B-C)"));
  }
  const size_t mark = dice.rolls().size();
  Explanation why;
  const bool spreads = FireSpreads(dice, &why);
  IMPI_RETURN_IF_ERROR(dice.status());
  std::vector<std::string> reached;
  if (spreads) {
    for (int room : s.Map().map.AdjacentRooms(q.room)) {
      if (!RoomHasFire(s, room)) reached.push_back(absl::StrCat(room));
    }
  }
  if (!log.wanted()) return absl::OkStatus();
  Event& e = log.Add(EventKind::kNothing, impi::Side::kUnspecified);
  e.decision = true;
  why.rule.source = kSource;
  why.dice = dice.RollsSince(mark);
  e.why = std::move(why);
  e.announce = spreads ? absl::StrCat("the fire in room ", q.room, " would spread",
                                      reached.empty() ? "" : absl::StrCat(" to rooms ", absl::StrJoin(reached, ", ")),
                                      " the following turn (10.2.B-C)")
                       : absl::StrCat("the fire in room ", q.room, " would not spread (10.2.B-C)");
  *decision = static_cast<int>(log.size() - 1);
  return absl::OkStatus();
}

}  // namespace

const char* QuestionKindName(QuestionKind kind) {
  switch (kind) {
    case QuestionKind::kAimedFire: return "aimed_fire";
    case QuestionKind::kVolley: return "volley";
    case QuestionKind::kMelee: return "melee";
    case QuestionKind::kOskarberg: return "oskarberg";
    case QuestionKind::kSuppression: return "suppression";
    case QuestionKind::kHealing: return "healing";
    case QuestionKind::kFireSpread: return "fire_spread";
    default: return "kind";
  }
}

std::string Question::Path() const { return absl::StrCat(std::string(kField), ".", QuestionKindName(kind)); }
std::string Question::Path(std::string_view field) const {
  return absl::StrCat(Path(), ".", std::string(field));
}

absl::Status AskQuestion(const Ruleset& rules, BattleState& state, const impi::Question& question, Dice& dice,
                         EventLog& log, int* decision) {
  IMPI_ASSIGN_OR_RETURN(const Question* q, QuestionFor<Question>(question));
  if (OwnState(state) == nullptr) return rules.Validate(state);
  *decision = -1;
  switch (q->kind) {
    case QuestionKind::kHealing:
      return AskHealing(state, *q, dice, log, decision);
    case QuestionKind::kFireSpread:
      return AskFireSpread(state, *q, dice, log, decision);
    case QuestionKind::kUnspecified:
      return absl::InvalidArgumentError(absl::StrCat(std::string(Question::kField), ": name the decision point"));
    default:
      return AskOrder(rules, state, *q, dice, log, decision);
  }
}

}  // namespace impi::roarks
