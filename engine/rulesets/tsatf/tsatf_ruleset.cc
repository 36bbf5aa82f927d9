// TsatfRuleset: the Zulu Control procedure behind the engine seam.
#include "engine/rulesets/tsatf/tsatf_ruleset.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/tables.h"
#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/rulesets/tsatf/victory.h"
#include "engine/rulesets/tsatf/zulu_control.h"

namespace impi::tsatf {
namespace {

bool ZuluKind(UnitKind k) {
  switch (k) {
    case UnitKind::kImpi:
    case UnitKind::kRegiment:
    case UnitKind::kSkirmishers:
    case UnitKind::kRifleRegiment:
    case UnitKind::kLoneZulu:
    case UnitKind::kInduna:
      return true;
    default:
      return false;
  }
}

// The British kinds Zulu Control takes: the fighting kinds, the wagons and
// the officers.
bool BritishKind(UnitKind k) {
  return IsBritishFightingKind(k) || k == UnitKind::kWagon || k == UnitKind::kOfficer;
}

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

// A question's field, for error paths ("tsatf.hand.unit_id").
std::string Q(const Question& q, const char* field) { return q.Path(field); }

absl::Status NeedUnit(const BattleState& s, const Question& q, const std::string& id,
                      const char* field) {
  if (id.empty()) return Bad(Q(q, field), "is required");
  if (s.FindUnit(id) == nullptr) return Bad(Q(q, field), absl::StrCat("no unit '", id, "' on the table state"));
  return absl::OkStatus();
}

// A refusal of the procedure itself (the check play makes), named at the
// question's `field`.
absl::Status AtField(const Question& q, const char* field, absl::Status st) {
  if (!absl::IsFailedPrecondition(st)) return st;
  return absl::FailedPreconditionError(absl::StrCat(Q(q, field), ": ", st.message()));
}

// A unit the question may name: nothing, or a unit on the state.
absl::Status MayNameUnit(const BattleState& s, const Question& q, const std::string& id,
                         const char* field) {
  return id.empty() ? absl::OkStatus() : NeedUnit(s, q, id, field);
}

// What the question itself must say, before anything is rolled: the fields
// its kind takes, present, in range and naming what is on the state.
absl::Status CheckQuestion(const BattleState& s, const Question& q) {
  switch (q.kind) {
    case QuestionKind::kOnField:
      if (q.point == 0) return Bad(Q(q, "point"), "is required");
      return absl::OkStatus();
    case QuestionKind::kImpiCreation: {
      if (q.point < 0) return Bad(Q(q, "appearance_point"), absl::StrCat(q.point, " is negative"));
      if (q.perimeter_point < 0) {
        return Bad(Q(q, "perimeter_point"), absl::StrCat(q.perimeter_point, " is negative"));
      }
      if (q.has_at && !(std::isfinite(q.at.x()) && std::isfinite(q.at.y()))) {
        return Bad(Q(q, "at"), "is not finite");
      }
      const int places = (q.point != 0) + (q.perimeter_point != 0) + q.has_at;
      if (places != 1) {
        return Bad(q.Path(), absl::StrCat(places == 0 ? "set one" : "set only one",
                                          " of appearance_point, perimeter_point or at"));
      }
      const TableGeometry& t = s.table;
      if (q.has_at && t.hex_columns == 0 &&
          (q.at.x() < 0 || q.at.y() < 0 || q.at.x() > t.width || q.at.y() > t.height)) {
        return Bad(Q(q, "at"), absl::StrCat("(", q.at.x(), ", ", q.at.y(), ") is off the ", t.width,
                                            " x ", t.height, " table"));
      }
      return absl::OkStatus();
    }
    case QuestionKind::kTemptation:
      IMPI_RETURN_IF_ERROR(NeedUnit(s, q, q.unit_id, "unit_id"));
      return NeedUnit(s, q, q.other_unit_id, "tempting_unit_id");
    case QuestionKind::kMoveTest:
      if (q.unit_id.empty() == (q.perimeter_point == 0)) {
        return Bad(q.Path(), "set exactly one of unit_id or perimeter_point");
      }
      if (q.perimeter_point < 0) {
        return Bad(Q(q, "perimeter_point"), absl::StrCat(q.perimeter_point, " is negative"));
      }
      return MayNameUnit(s, q, q.unit_id, "unit_id");
    case QuestionKind::kLoneZulu:
      IMPI_RETURN_IF_ERROR(NeedUnit(s, q, q.unit_id, "unit_id"));
      if (q.lone_zulu_event == LoneZuluEvent::kUnspecified) {
        return Bad(Q(q, "event"),
                   "is required: was the lone Zulu fired at and missed, hit, or attacked?");
      }
      return MayNameUnit(s, q, q.other_unit_id, "british_unit_id");
    case QuestionKind::kTestToStand:
      IMPI_RETURN_IF_ERROR(NeedUnit(s, q, q.unit_id, "unit_id"));
      return MayNameUnit(s, q, q.other_unit_id, "charger_id");
    case QuestionKind::kHand:
    case QuestionKind::kTarget:
    case QuestionKind::kZuluMove:
    case QuestionKind::kCriticalMorale:
      return NeedUnit(s, q, q.unit_id, "unit_id");
    default:
      return absl::OkStatus();
  }
}

}  // namespace

absl::Status TsatfRuleset::Validate(const BattleState& s) const {
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    std::string path = absl::StrCat("state.units[", i, "]");
    if (!ZuluKind(u.kind) && !BritishKind(u.kind)) {
      return Bad(path + ".kind", absl::StrCat(UnitKindName(u.kind), " is not a unit of Zulu Control"));
    }
    if (ZuluKind(u.kind) && u.side != Side::kZulu) {
      return Bad(path + ".side", absl::StrCat("a ", UnitKindName(u.kind), " is on the ZULU side"));
    }
    // "Wounded natives: For simplicity all wounded Zulus are hors de combat
    // and are treated as dead."
    if (ZuluKind(u.kind) && (u.figures.wounded > 0 || u.figures.seriously_wounded > 0)) {
      return Bad(path + (u.figures.wounded > 0 ? ".figures.wounded" : ".figures.seriously_wounded"),
                 "wounded Zulus are hors de combat and treated as dead in Zulu Control: count them "
                 "as casualties");
    }
    if (BritishKind(u.kind) && u.side != Side::kBritish) {
      return Bad(path + ".side", absl::StrCat("a ", UnitKindName(u.kind), " is on the BRITISH side"));
    }
    if (u.kind == UnitKind::kRegiment || u.kind == UnitKind::kInduna) {
      const Unit* p = s.FindUnit(u.parent);
      if (p == nullptr || p->kind != UnitKind::kImpi) {
        return Bad(path + ".parent", absl::StrCat("a ", UnitKindName(u.kind),
                                                  " belongs to an IMPI unit; '", u.parent.str(), "' is not one"));
      }
    }
  }
  std::set<int> perimeter;
  int entries = 0;
  for (size_t i = 0; i < s.points.size(); ++i) {
    const Point& p = s.points[i];
    std::string path = absl::StrCat("state.points[", i, "]");
    if (p.kind == PointKind::kPerimeter) {
      if (p.number < 1 || p.number > 10) {
        return Bad(path + ".number", absl::StrCat(p.number, " is not a perimeter point 1 to 10 (a D10)"));
      }
      perimeter.insert(p.number);
      entries += p.british_entry ? 1 : 0;
    } else if (p.kind == PointKind::kAppearance) {
      if (p.terrain_class < 0 || p.terrain_class > 4) {
        return Bad(path + ".terrain_class", absl::StrCat(p.terrain_class, " is not a terrain class 0 to 4"));
      }
      if (p.marker != Marker::kNone) return Bad(path + ".marker", "appearance points carry no markers");
    } else {
      return Bad(path + ".kind", "Zulu Control has PERIMETER and APPEARANCE points");
    }
  }
  for (int n = 1; n <= 10; ++n) {
    if (!perimeter.count(n)) {
      return Bad("state.points", absl::StrCat("Zulu Control needs the 10 perimeter points numbered 1 to "
                                              "10; perimeter point ", n, " is missing"));
    }
  }
  if (entries > 1) return Bad("state.points", "only one perimeter point can be the British entry point");
  for (size_t i = 0; i < s.parameters.size(); ++i) {
    const Parameter& p = s.parameters[i];
    std::string path = absl::StrCat("state.parameters[", i, "]");
    const ParameterSpec* spec = FindParameter(p.name);
    if (spec == nullptr) {
      return Bad(path + ".name", absl::StrCat("'", p.name, "' is not a parameter of Zulu Control "
                                              "(docs/conformance.md lists them)"));
    }
    if (!(p.value >= spec->low && p.value <= spec->high) ||
        (spec->whole && p.value != static_cast<int>(p.value))) {
      return Bad(path + ".value", absl::StrCat(p.name, " is a ", spec->whole ? "whole number" : "number",
                                               " from ", spec->low, " to ", spec->high));
    }
  }
  const Clock& c = s.clock;
  switch (c.phase) {
    case Phase::kUnspecified:
    case Phase::kStartOfTurn:
    case Phase::kMovement:
    case Phase::kFire:
    case Phase::kCloseCombat:
    case Phase::kEndOfTurn:
    case Phase::kGameOver:
      break;
    default:
      return Bad("state.clock.phase", "not a phase of the Zulu Control turn");
  }
  return ValidateOwnState(s);
}

absl::Status TsatfRuleset::ValidateOwnState(const BattleState& s) const {
  static const TsatfState* const kNone = new TsatfState();
  const TsatfState* own = OwnState(s);
  const TsatfState& b = own != nullptr ? *own : *kNone;
  if (b.scenario_total <= 0) {
    return Bad("state.tsatf.scenario_total",
               "a Zulu Control scenario needs its total Zulu units (2.5 to 3 Zulus a British figure)");
  }
  if (b.committed > b.scenario_total) {
    return Bad("state.tsatf.committed", absl::StrCat(b.committed, " is over the scenario total ",
                                                     b.scenario_total));
  }
  const Deck& d = b.deck;
  if (d.red_left > kCardsPerColour || d.black_left > kCardsPerColour) {
    return Bad(d.red_left > kCardsPerColour ? "state.tsatf.deck.red_left" : "state.tsatf.deck.black_left",
               "the deck holds 3 red and 3 black cards");
  }
  if (d.current_card == CardColor::kRed && s.clock.phase != Phase::kMovement &&
      s.clock.phase != Phase::kFire) {
    return Bad("state.tsatf.deck.current_card", "a red card is played only in movement or fire");
  }
  // The wire's order: the entries with bookkeeping, by unit id.
  size_t i = 0;
  std::vector<int> order;
  b.ByIdOrder(&order);
  for (int h : order) {
    const TsatfUnit& u = b.units[static_cast<size_t>(h)];
    const std::string& id = b.ids[static_cast<size_t>(h)].str();
    if (u.Empty()) continue;
    const std::string path = absl::StrCat("state.tsatf.units[", i++, "]");
    if (s.FindUnit(id) == nullptr) {
      return Bad(path + ".unit_id", absl::StrCat("no unit '", id, "' on the table state"));
    }
    if (!u.target_id.empty()) {
      const Unit* t = s.FindUnit(u.target_id);
      if (t == nullptr || t->side != Side::kBritish) {
        return Bad(path + ".target_id", absl::StrCat("'", u.target_id.str(), "' is not a British unit"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status TsatfRuleset::Apply(BattleState& state, Side side, const Action& action, Dice& dice,
                                 EventLog& log, const std::string& path,
                                 const std::string& why) const {
  (void)why;
  if (side != Side::kBritish) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": Zulu Control prescribes every Zulu decision; the umpire's procedure makes them"));
  }
  ZuluControl z(state, dice, log);
  return z.ApplyBritish(action, path);
}

absl::Status TsatfRuleset::Run(BattleState& state, Dice& dice, EventLog& log) const {
  ZuluControl z(state, dice, log);
  Awaiting awaiting;
  return z.RunZulu(&awaiting);
}

absl::Status TsatfRuleset::Ask(BattleState& s, const impi::Question& question, Dice& dice,
                               EventLog& log, int* decision) const {
  IMPI_ASSIGN_OR_RETURN(const Question* mine, QuestionFor<Question>(question));
  const Question& q = *mine;
  // Every field the question names is checked here, once (CheckQuestion).
  IMPI_RETURN_IF_ERROR(CheckQuestion(s, q));
  ZuluControl z(s, dice, log);
  size_t mark = log.size();
  absl::Status st;
  switch (q.kind) {
    case QuestionKind::kStartOfTurn:
      if (s.clock.phase != Phase::kUnspecified && s.clock.phase != Phase::kStartOfTurn) {
        return absl::FailedPreconditionError(
            "tsatf.start_of_turn: the turn has already started (state.clock.phase is past START_OF_TURN)");
      }
      st = z.turn().StartOfTurn();
      break;
    case QuestionKind::kOnField: {
      const Point* p = s.FindPoint(PointKind::kAppearance, q.point);
      if (p == nullptr) return Bad(Q(q, "point"), absl::StrCat("no appearance point ", q.point));
      st = z.creation().TestAppearancePoint(q.point, "");
      break;
    }
    case QuestionKind::kTableEdge:
      st = z.creation().TableEdge();
      break;
    case QuestionKind::kPerimeterPoint: {
      int n = z.creation().RollEntryPoint();
      if (n == 0) {
        return absl::FailedPreconditionError("tsatf.perimeter_point: every Zulu perimeter point already has a marker");
      }
      break;
    }
    case QuestionKind::kImpiCreation: {
      Vec2 at;
      int point = 0;
      PointKind kind = PointKind::kUnspecified;
      if (q.point > 0) {
        const Point* p = s.FindPoint(PointKind::kAppearance, q.point);
        if (p == nullptr) return Bad(Q(q, "appearance_point"), absl::StrCat("no appearance point ", q.point));
        // The check play's TestAppearancePoint makes (AppearanceRefusal).
        if (const char* no = AppearanceRefusal(*p)) {
          return absl::FailedPreconditionError(
              absl::StrCat("tsatf.impi_creation.appearance_point: appearance point ", q.point, ": ", no));
        }
        at = p->position;
        point = q.point;
        kind = PointKind::kAppearance;
      } else if (q.perimeter_point > 0) {
        const Point* p = s.FindPoint(PointKind::kPerimeter, q.perimeter_point);
        if (p == nullptr) {
          return Bad(Q(q, "perimeter_point"), absl::StrCat("no perimeter point ", q.perimeter_point));
        }
        if (p->british_entry) {
          return absl::FailedPreconditionError(absl::StrCat(
              "tsatf.impi_creation.perimeter_point: perimeter point ", q.perimeter_point,
              " is the British entry point: never a Zulu entry"));
        }
        at = p->position;
        point = q.perimeter_point;
        kind = PointKind::kPerimeter;
      } else if (q.has_at) {
        at = q.at;
      } else {
        return Bad(q.Path(),
                   "say where: appearance_point, perimeter_point or at");
      }
      std::string id = z.creation().CreateImpi(at, q.special, point, kind, "asked by the umpire");
      if (kind == PointKind::kAppearance && !id.empty() &&
          s.FindUnit(id)->kind == UnitKind::kImpi) {
        s.FindPoint(PointKind::kAppearance, point)->state = PointState::kSpent;
      }
      break;
    }
    case QuestionKind::kHand: {
      // The check play's AssignHand makes (HandRefusal), at the field.
      st = AtField(q, "unit_id", z.cards().AssignHand(q.unit_id));
      break;
    }
    case QuestionKind::kTarget:
    case QuestionKind::kZuluMove:
    case QuestionKind::kTemptation: {
      const Unit* u = s.FindUnit(q.unit_id);
      // The check play makes: the forces a Zulu move card moves
      // (ZuluCardRefusal); the impis that choose a target (TargetRefusal,
      // made by UpdateTarget and Tempt too).
      if (const char* no = q.kind == QuestionKind::kZuluMove ? ZuluCardRefusal(s, *u) : TargetRefusal(*u)) {
        return absl::FailedPreconditionError(absl::StrCat(Q(q, "unit_id"), ": ", q.unit_id, " ", no));
      }
      if (q.kind == QuestionKind::kTarget) {
        st = AtField(q, "unit_id", z.targets().UpdateTarget(q.unit_id, 0.0));
        if (st.ok() && log.size() == mark) {
          Event& e = log.Add(EventKind::kTargetKept, Side::kZulu);
          e.decision = true;
          e.umpire_only = true;
          e.unit_ids = {q.unit_id};
          const TsatfUnit* own = UnitState(s, q.unit_id);
          const std::string target = own != nullptr ? own->target_id.str() : std::string();
          e.target_id = target;
          e.why.rule = {kSource, "IMPI CREATION", "", "", false};
          e.why.text = absl::StrCat(q.unit_id, " keeps its target ", target,
                                    ": it is in sight, nothing is in the way and no other unit tempts it.");
        }
      } else if (q.kind == QuestionKind::kZuluMove) {
        st = z.movement().MoveForce(q.unit_id);
      } else {
        // The check play's Tempt makes of the tempting unit (TemptingRefusal).
        st = AtField(q, "tempting_unit_id", z.targets().Tempt(q.unit_id, q.other_unit_id));
      }
      break;
    }
    case QuestionKind::kMoveTest: {
      bool now = false;
      if (!q.unit_id.empty()) {
        const Unit* u = s.FindUnit(q.unit_id);
        if (u->kind != UnitKind::kImpi && u->kind != UnitKind::kSkirmishers) {
          return absl::FailedPreconditionError(absl::StrCat(
              "tsatf.move_test.unit_id: ", q.unit_id, " is a ", UnitKindName(u->kind),
              ": only impis and skirmishing regiments test on Zulu move cards"));
        }
        // The forces a Zulu move card tests: the check play makes.
        if (const char* no = ZuluCardRefusal(s, *u)) {
          return absl::FailedPreconditionError(absl::StrCat(Q(q, "unit_id"), ": ", q.unit_id, " ", no));
        }
      } else {
        const Point* p = s.FindPoint(PointKind::kPerimeter, q.perimeter_point);
        if (p == nullptr) return Bad("tsatf.move_test.perimeter_point", absl::StrCat("no perimeter point ", q.perimeter_point));
        if (p->marker != Marker::kThisTurn) {
          return absl::FailedPreconditionError(absl::StrCat(
              "tsatf.move_test.perimeter_point: perimeter point ", q.perimeter_point, " has no \"this turn\" marker"));
        }
      }
      st = z.movement().MoveTest(q.unit_id, q.perimeter_point, &now);
      break;
    }
    case QuestionKind::kFireCard:
      st = z.fire().FireCard();
      break;
    case QuestionKind::kLoneZulu:
      st = AtField(q, "unit_id", z.conversion().LoneZulu(q.unit_id, q.lone_zulu_event, q.other_unit_id));
      break;
    case QuestionKind::kTestToStand:
      if (!q.other_unit_id.empty()) {
        // Play tests a regiment charged by a British unit on the table.
        const Unit* c = s.FindUnit(q.other_unit_id);
        if (c->side != Side::kBritish || !c->OnTable()) {
          return absl::FailedPreconditionError(absl::StrCat(Q(q, "charger_id"), ": ", q.other_unit_id,
                                                            " is not a British unit on the table: only they charge it"));
        }
      }
      st = AtField(q, "unit_id", z.conversion().TestToStand(q.unit_id, q.other_unit_id));
      break;
    case QuestionKind::kCriticalMorale:
      st = AtField(q, "unit_id", z.melee().CriticalMorale(q.unit_id));
      break;
    default:
      return Bad("tsatf", "name the decision point: one of start_of_turn, on_field, table_edge, "
                          "perimeter_point, impi_creation, hand, target, temptation, move_test, "
                          "zulu_move, fire_card, lone_zulu, test_to_stand, critical_morale");
  }
  IMPI_RETURN_IF_ERROR(st);
  *decision = -1;
  const auto& ev = log.events();
  for (size_t i = mark; i < ev.size(); ++i) {
    if (ev[i].decision) {
      *decision = static_cast<int>(i);
      break;
    }
  }
  if (*decision < 0 && ev.size() > mark) *decision = static_cast<int>(ev.size() - 1);
  return absl::OkStatus();
}

Awaiting TsatfRuleset::Awaits(const BattleState& state) const { return AwaitsOf(state, true); }

Awaiting TsatfRuleset::AwaitsBrief(const BattleState& state) const {
  return AwaitsOf(state, false);
}

std::vector<Action> TsatfRuleset::LegalActions(const BattleState& state, Side side) const {
  std::vector<Action> out;
  Awaiting a = AwaitsBrief(state);
  if (side != Side::kBritish || a.side != Side::kBritish) return out;  // the Zulus follow the procedure
  // Designed (not in the source text): the engine resolving the British side,
  // and the patrol task's moves (british_resolution.h, victory.h).
  if (ResolvesBritish(state) || HasPatrolTask(state)) return BritishCandidates(state, a);
  Action pass;
  pass.kind = ActionKind::kPass;
  out.push_back(pass);
  auto nearest_zulu = [&](const Unit& b) -> const Unit* {
    const Unit* best = nullptr;
    for (const Unit& z : state.units) {
      if (z.side != Side::kZulu || z.off_table || z.kind == UnitKind::kImpi || z.kind == UnitKind::kInduna) continue;
      if (best == nullptr || Distance(z.position, b.position) < Distance(best->position, b.position)) best = &z;
    }
    return best;
  };
  for (const SharedString& id : a.unit_ids) {
    const Unit* b = state.FindUnit(id);
    if (b == nullptr) continue;
    const Unit* z = nearest_zulu(*b);
    if (a.kind == AwaitKind::kBritishMove && a.units_may_move != 0) {
      // A few meaningful candidates: forward, towards the nearest Zulu, back.
      Action m;
      for (double dy : {6.0, -6.0}) {
        if (OfferedMove(state, *b, b->position + Vec2(0, dy), &m)) out.push_back(m);
      }
      if (z != nullptr &&
          OfferedMove(state, *b,
                      StepTowards(b->position, z->position,
                                  std::min(6.0, Distance(b->position, z->position) - kContact - kClearOfBritish)),
                      &m)) {
        out.push_back(m);
      }
    } else if (a.kind == AwaitKind::kBritishFire && z != nullptr) {
      for (int hits : {0, 2}) {
        Action f;
        f.kind = ActionKind::kFire;
        f.unit_id = id;
        f.target_id = z->id;
        f.hits = std::min(hits, z->figures.Present());
        out.push_back(f);
      }
    }
  }
  return out;
}

bool TsatfRuleset::IsOver(const BattleState& state) const {
  return AwaitsBrief(state).kind == AwaitKind::kGameOver;
}

// Zulu Control scenarios set their own victory conditions (SCENARIO DESIGN);
// the score here is designed: the share of British figures still fighting,
// mapped to [-1, 1] (+1 all standing for the British).
double TsatfRuleset::Score(const BattleState& state, Side side) const {
  // Designed (not in the source text): a game with a patrol task ends with
  // its outcome (victory.h): +1 a British victory, 0 a draw, -1 a Zulu one.
  if (HasPatrolTask(state) && IsOver(state)) {
    const PatrolOutcome o = JudgePatrol(state, true).outcome;
    const double british = o == PatrolOutcome::kBritishVictory ? 1.0
                           : o == PatrolOutcome::kZuluVictory  ? -1.0
                                                               : 0.0;
    return side == Side::kBritish ? british : -british;
  }
  int start = 0, present = 0;
  for (const Unit& u : state.units) {
    if (u.side != Side::kBritish) continue;
    start += u.figures.Starting();
    if (!u.off_table) present += u.figures.Present();
  }
  double british = start > 0 ? 2.0 * present / start - 1.0 : -1.0;
  return side == Side::kBritish ? british : -british;
}

namespace {

// An appearance point the British do not know of: hidden and not yet tested
// ("Appearance points may be hidden or visible to the British at the
// Context's choice").
bool HiddenFromBritish(const Point& p) {
  return p.kind == PointKind::kAppearance && p.hidden &&
         (p.state == PointState::kUnspecified || p.state == PointState::kUntested);
}

// Terrain an appearance point may stand in or by: "hills, small patches of
// scrub or woods", and the like (rocks, dongas, kraals, farms, fields,
// marsh); not water, roads, walls, buildings or the British camp. (A force
// created at a point in impassable rocks stands on the free ground nearest.)
bool MayHoldAppearancePoint(const Terrain& t) {
  if (t.open || t.outline.size() < 3) return false;
  switch (t.kind) {
    case TerrainKind::kHill:
    case TerrainKind::kWoods:
    case TerrainKind::kScrub:
    case TerrainKind::kRocks:
    case TerrainKind::kDonga:
    case TerrainKind::kKraal:
    case TerrainKind::kFarm:
    case TerrainKind::kMealieField:
    case TerrainKind::kMarsh:
      return true;
    default:
      return false;
  }
}

// The centre of a feature's outline (its area centroid; the mean of its
// corners when the outline has no area).
Vec2 OutlineCentre(const std::vector<Vec2>& outline) {
  double area2 = 0.0, cx = 0.0, cy = 0.0;
  for (size_t i = 0; i < outline.size(); ++i) {
    const Vec2& a = outline[i];
    const Vec2& b = outline[(i + 1) % outline.size()];
    const double cross = a.x() * b.y() - b.x() * a.y();
    area2 += cross;
    cx += (a.x() + b.x()) * cross;
    cy += (a.y() + b.y()) * cross;
  }
  // No area (a line): the mean of its points.
  if (std::abs(area2) < 1e-9) return MeanOfPoints(outline);
  return Vec2(cx / (3.0 * area2), cy / (3.0 * area2));
}

// "Designate 10 or more points on the table top ... These are called
// appearance points. Number these points."
constexpr int kLeastAppearancePoints = 10;
// A point stands "in or by" a feature: inside its outline, or this close to
// its edge.
constexpr double kPointByFeatureInches = 3.0;

// Whether `p` is inside the closed outline or within `d` of its edge.
bool InOrBy(const Vec2& p, const std::vector<Vec2>& outline, double d) {
  if (PointInPolygon(p, outline)) return true;
  for (size_t i = 0; i < outline.size(); ++i) {
    if (DistanceToSegment(p, outline[i], outline[(i + 1) % outline.size()]) <= d) return true;
  }
  return false;
}

// Designed (not in the source text): where the British believe the
// appearance points they cannot see are. The British see the numbers of the
// visible points and of those tested. Every number missing up to 10 (the
// text's "10 or more") is a hidden point; so is every number missing below
// the highest seen, while a feature that may hold one and holds no point is
// left (a gap past 10 is evidence only where there is ground for it, and the
// walk stays short whatever the numbers). Each is placed at the centre of
// such a feature, drawn uniformly without replacement (for the first 10,
// with replacement once none is left); its terrain class is the feature's
// cover class. With no feature that may hold a point, none is placed.
void SampleHiddenPoints(BattleState& state, CounterRng& rng) {
  std::vector<const Terrain*> free, all;
  for (const Terrain& t : state.terrain) {
    if (!MayHoldAppearancePoint(t)) continue;
    all.push_back(&t);
    const bool holds = std::any_of(state.points.begin(), state.points.end(), [&](const Point& p) {
      return p.kind == PointKind::kAppearance &&
             InOrBy(p.position, t.outline, kPointByFeatureInches);
    });
    if (!holds) free.push_back(&t);
  }
  if (all.empty()) return;
  std::vector<int> known;
  for (const Point& p : state.points) {
    if (p.kind == PointKind::kAppearance) known.push_back(p.number);
  }
  std::sort(known.begin(), known.end());
  const int highest = known.empty() ? 0 : known.back();
  for (int number = 1; number <= kLeastAppearancePoints ||
                       (number <= highest && !free.empty());
       ++number) {
    if (std::binary_search(known.begin(), known.end(), number)) continue;
    const Terrain* t = nullptr;
    if (!free.empty()) {
      const size_t i = rng.Uniform(free.size());
      t = free[i];
      free.erase(free.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      t = all[rng.Uniform(all.size())];
    }
    Point p;
    p.kind = PointKind::kAppearance;
    p.number = number;
    p.position = OutlineCentre(t->outline);
    p.terrain_class = std::clamp(t->cover_class, 1, 4);
    p.hidden = true;
    p.state = PointState::kUntested;
    p.name = "believed";  // a search's world only: never shown
    state.points.push_back(std::move(p));
  }
}

}  // namespace

BattleState TsatfRuleset::View(const BattleState& state, Side side) const {
  BattleState v = state;
  if (side == Side::kZulu) return v;
  v.next_unit_serial = 0;
  if (const TsatfState* own = OwnState(state)) {
    // The deck is on the table; the book and every unit's hand and target
    // are the umpire's.
    TsatfState shown;
    shown.deck = own->deck;
    v.ruleset_state = std::move(shown);
  }
  std::vector<Point> points;
  for (Point& p : v.points) {
    p.marked_force = ForceKind::kUnspecified;
    // Hidden appearance points stay hidden until they are tested.
    if (HiddenFromBritish(p)) continue;
    points.push_back(p);
  }
  v.points = std::move(points);
  return v;
}

void TsatfRuleset::Resample(BattleState& state, Side viewer, CounterRng& rng) const {
  if (viewer != Side::kBritish) return;
  // What the British cannot know: where the hidden appearance points are (the
  // true ones leave the world first; SampleHiddenPoints puts believed ones in
  // last), what each marker brings, each force's hand, and how much of the
  // scenario total is left in the pool.
  state.points.erase(std::remove_if(state.points.begin(), state.points.end(), HiddenFromBritish),
                     state.points.end());
  // The believed points draw from a stream of their own, so that a world
  // drawn from the true state and one drawn from the British view hold the
  // same ones.
  CounterRng point_rng(rng.Next(), 1);
  for (Point& p : state.points) {
    if (p.marker != Marker::kNone) {
      p.marked_force = rng.Uniform(6) == 0 ? ForceKind::kSkirmishers : ForceKind::kImpi;
    }
  }
  for (Unit& u : state.units) {
    if (u.kind == UnitKind::kImpi || u.kind == UnitKind::kSkirmishers) {
      MutableUnitState(state, u).hand = rng.Uniform(2) == 0 ? Hand::kLeft : Hand::kRight;
    }
  }
  TsatfState& own = MutableOwnState(state);
  // The umpire's book is not in the British view (View leaves only the
  // deck). "Only the umpire knows the strength of the Zulu forces. He should
  // structure the scenario ... so that the Zulu have a strength of about 2.5
  // to 3 Zulus for each British figure" (SCENARIO DESIGN): the British draw
  // the scenario total from that guide, uniform in it, in regiments of
  // kRegimentFigures, and count as committed the regiments they see on the
  // table (designed: not in the source text). A world's Zulus so keep coming
  // as the umpire's would, where an empty book would bring none.
  int british = 0, seen = 0;
  for (const Unit& u : state.units) {
    if (u.side == Side::kBritish) british += std::max(u.figures.starting, u.figures.Present());
    if (CountsInPool(u)) ++seen;
  }
  if (own.scenario_total == 0 && own.committed == 0) {
    const double per_british = 2.5 + 0.5 * rng.UniformDouble();
    own.committed = seen;
    own.scenario_total = std::max(
        seen, static_cast<int>(std::lround(per_british * british / kRegimentFigures)));
    own.impis_created = seen > 0 ? 1 : 0;
  }
  // The pool: what is left of the total (regiments recycled into it beyond
  // that the British cannot count, and the total caps what it may bring).
  own.force_pool = std::max(0, own.scenario_total - own.committed);
  SampleHiddenPoints(state, point_rng);
}

void TsatfRuleset::HashOwnState(const BattleState& state, StateHasher* h) const {
  const TsatfState* own = OwnState(state);
  if (own == nullptr) return;
  const Deck& d = own->deck;
  for (int v : {d.red_left, d.black_left, static_cast<int>(d.current_card), d.zulu_cards_drawn,
                d.british_moves_left, own->force_pool, own->committed, own->scenario_total,
                own->impis_created}) {
    h->Add(v);
  }
  // As on the wire: the units on the table state with bookkeeping, by id.
  thread_local std::vector<int> order;
  own->ByIdOrder(&order);
  for (int k : order) {
    const TsatfUnit& u = own->units[static_cast<size_t>(k)];
    const SharedString& id = own->ids[static_cast<size_t>(k)];
    if (u.Empty() || state.FindUnit(id) == nullptr) continue;
    h->Add(id.str());
    h->Add(static_cast<int>(u.hand));
    h->Add(u.target_id.str());
    h->Add(u.has_last_known_target);
    if (u.has_last_known_target) {
      h->Add(u.last_known_target.x());
      h->Add(u.last_known_target.y());
    }
    h->Add(u.fired_on_by_this_turn);
    h->Add(u.fired_on_by_last_turn);
    for (int v : {u.losses_this_turn, u.created_turn, u.entry_point}) h->Add(v);
  }
}

}  // namespace impi::tsatf
