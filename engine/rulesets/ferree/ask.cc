// engine/rulesets/ferree/ask.cc: the decision points Ask settles, one question at a
// time, through the procedure's own steps.
#include "engine/rulesets/ferree/ask.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

// "ferree.<name>" and "ferree.<name>.<field>", the contract's paths.
std::string Path(const Question& q) { return q.Path(); }

std::string FieldPath(const Question& q, const char* field) { return q.Path(field); }

// The unit a question names: INVALID_ARGUMENT if it is missing or unknown.
absl::Status NeedUnit(const BattleState& s, const Question& q, const std::string& id,
                      const char* field, const Unit** out) {
  if (id.empty()) return Bad(FieldPath(q, field), "is required");
  *out = s.FindUnit(id);
  if (*out == nullptr) {
    return Bad(FieldPath(q, field), absl::StrCat("no unit '", id, "' on the table state"));
  }
  return absl::OkStatus();
}

absl::Status WrongKind(const Question& q, const Unit& u, const std::string& wanted) {
  return Precondition(FieldPath(q, "unit_id"),
                      absl::StrCat(u.id.str(), " is a ", UnitKindName(u.kind), ": ", wanted));
}

bool InCup(const BattleState& s, const std::string& id) {
  const auto& cup = Own(s).chits_left;
  return std::find(cup.begin(), cup.end(), id) != cup.end();
}

// A regiment with a tray on the table, and one with trays waiting off-board.
void RegimentWhere(const BattleState& s, const std::string& id, bool* on, bool* waiting) {
  *on = *waiting = false;
  for (const Unit* t : TraysOf(s, id)) {
    *on |= Alive(*t);
    *waiting |= t->off_table && t->figures.fit > 0;
  }
}

const SecretEntry* EntryOf(const BattleState& s, const std::string& id) {
  for (const SecretEntry& e : Own(s).secret_entries) {
    if (e.unit_id == id) return &e;
  }
  return nullptr;
}

const char* DeploymentText(Deployment d) {
  switch (d) {
    case Deployment::kHistorical:
      return "the troops deploy historically (at least 15\" from camp)";
    case Deployment::kPulledIn:
      return "the troops are pulled in (at least 7\" from camp)";
    case Deployment::kHalfFortified:
      return "up to half of the troops may be in the fortified position";
    case Deployment::kAllFortified:
      return "all of the troops may be in the fortified position";
    default:
      return "no deployment rule";
  }
}

}  // namespace

DecisionPoints::DecisionPoints(Context& c, const Choices& choices, PreBattle& pre_battle,
                               Sequence& sequence, ZuluTurn& zulu, BritishTurn& british,
                               Melee& melee)
    : c_(c),
      s_(c.state()),
      dice_(c.dice()),
      log_(c.log()),
      choices_(choices),
      pre_battle_(pre_battle),
      sequence_(sequence),
      zulu_(zulu),
      british_(british),
      melee_(melee) {}

absl::Status DecisionPoints::Ask(const Question& q, int* decision) {
  *decision = -1;
  absl::Status st;
  switch (q.kind) {
    case QuestionKind::kSituation:
      st = AskSituation(decision);
      break;
    case QuestionKind::kZuluPlan:
      st = AskZuluPlan(decision);
      break;
    case QuestionKind::kEntryTurn:
      st = AskEntryTurn(q, decision);
      break;
    case QuestionKind::kActivate:
      st = AskActivate(q, decision);
      break;
    case QuestionKind::kResolve:
      st = AskResolve(q, decision);
      break;
    case QuestionKind::kRally:
      st = AskRally(q, decision);
      break;
    case QuestionKind::kIndunaOrder:
      st = AskIndunaOrder(q, decision);
      break;
    case QuestionKind::kChargeRetiring:
      st = AskChargeRetiring(q, decision);
      break;
    default:
      return Bad("ferree",
                 "name the decision point: one of situation, zulu_plan, entry_turn, activate, "
                 "resolve, rally, induna_order, charge_retiring");
  }
  IMPI_RETURN_IF_ERROR(st);
  // The answer is a Zulu decision the driver settles next.
  if (*decision < 0 && c_.Suspended()) return absl::OkStatus();
  if (*decision < 0 || *decision >= static_cast<int>(log_.size())) {
    return absl::InternalError(
        absl::StrCat(Path(q), ": the engine logged no event that answers the question"));
  }
  log_.mutable_events()[*decision].decision = true;
  return absl::OkStatus();
}

absl::Status DecisionPoints::NeedBattle(const Question& q, bool no_active_british) const {
  if (choices_.Awaits(/*describe_options=*/false, /*prompt=*/false).kind == AwaitKind::kGameOver)
    return Precondition(Path(q), "the game is over");
  if (s_.clock.phase != Phase::kActivation) {
    return Precondition(Path(q),
                        "the battle has not started: the situation, the plan and deployment come "
                        "first (state.clock.phase is not ACTIVATION)");
  }
  if (no_active_british) {
    if (const Unit* b = choices_.ActiveBritish()) {
      return Precondition(Path(q), absl::StrCat(NameOf(*b),
                                                " is active: the British are awaited (Advance "
                                                "with its actions, then PASS)"));
    }
  }
  return absl::OkStatus();
}

absl::Status DecisionPoints::AskSituation(int* decision) {
  Clock& c = s_.clock;
  if (c.phase != Phase::kPreBattle && c.phase != Phase::kUnspecified) {
    return Precondition("ferree.situation",
                        "the situation is rolled before the battle (state.clock.phase is not "
                        "PRE_BATTLE)");
  }
  if (Own(s_).situation.rolled) {
    return Precondition("ferree.situation",
                        "the situation has been rolled already (state.ferree.situation.rolled)");
  }
  c.phase = Phase::kPreBattle;
  IMPI_RETURN_IF_ERROR(pre_battle_.SituationRolls());
  // 1. Determine the situation at the start of the battle: what the rolls
  // A-F decided, in one event.
  const Situation& pb = Own(s_).situation;
  const char* scouting = pb.scouting > 0   ? "scouting is well advanced (+1)"
                         : pb.scouting < 0 ? "scouting is slow and cautious (-1)"
                                           : "scouting is done historically";
  *decision = static_cast<int>(log_.size());
  c_.Log(EventKind::kTableRoll, Side::kUnspecified, kSectionSituation, "", "",
         absl::StrCat(
             "The situation: ",
             pb.camp_laagered ? "the wagons are laagered" : "the camp is set up historically", "; ",
             pb.thornbush ? "a thornbush barricade stands round the tents" : "no defences",
             "; Durnford arrives at ", ClockTime(pb.reinforcement_arrival), "; ",
             DeploymentText(pb.deployment), "; ", scouting, "; the Zulus are found at ",
             ClockTime(pb.discovery_time), "."));
  return absl::OkStatus();
}

absl::Status DecisionPoints::AskZuluPlan(int* decision) {
  Clock& c = s_.clock;
  if (c.phase != Phase::kPreBattle && c.phase != Phase::kUnspecified) {
    return Precondition("ferree.zulu_plan",
                        "the Zulu plan is made before the battle (state.clock.phase is not "
                        "PRE_BATTLE)");
  }
  if (Own(s_).segment != kPreBattlePlan) {
    return Precondition(
        "ferree.zulu_plan",
        absl::StrCat(
            "the Zulu plan has been made: state.ferree.segment is ", Own(s_).segment, " (",
            Own(s_).segment == kPreBattleBritishDeploy ? "the British deploy" : "the Zulus deploy",
            "), not 0"));
  }
  if (!Own(s_).situation.rolled) {
    return Precondition("ferree.zulu_plan",
                        "the situation comes first (1. before 2.): ask situation, "
                        "state.ferree.situation.rolled is false");
  }
  c.phase = Phase::kPreBattle;
  const size_t mark = log_.size();
  IMPI_RETURN_IF_ERROR(pre_battle_.PlanStep());
  if (c_.Suspended()) return absl::OkStatus();  // the plan is the Zulu side's to make
  for (size_t i = mark; i < log_.size(); ++i) {
    if (log_.events()[i].decision) {
      *decision = static_cast<int>(i);
      return absl::OkStatus();
    }
  }
  // No choice to make: no right-horn or loins regiment, or no entry point.
  *decision = static_cast<int>(log_.size());
  Event& e = c_.Log(EventKind::kNothing, Side::kZulu, kSectionPlan, "", "",
                    "The Zulu plan: no regiment can move off-board (none of the right horn or the "
                    "loins is on the table, or the table has no entry point 1 or 2).");
  e.umpire_only = true;
  e.announce.clear();
  return absl::OkStatus();
}

absl::Status DecisionPoints::AskEntryTurn(const Question& q, int* decision) {
  const Unit* r = nullptr;
  IMPI_RETURN_IF_ERROR(NeedUnit(s_, q, q.unit_id, "unit_id", &r));
  if (r->kind != UnitKind::kRegiment) {
    return WrongKind(q, *r, "TURN OF ENTRY is rolled for an off-board REGIMENT");
  }
  if (choices_.Awaits(/*describe_options=*/false, /*prompt=*/false).kind == AwaitKind::kGameOver)
    return Precondition(Path(q), "the game is over");
  const std::string id = r->id;
  bool on = false, waiting = false;
  RegimentWhere(s_, id, &on, &waiting);
  if (on || !waiting) {
    return Precondition(FieldPath(q, "unit_id"),
                        absl::StrCat(id, on ? " has trays on the table" : " has no tray waiting",
                                     ": it is not off-board"));
  }
  // "The entry point for each regiment moving off board must be noted at
  // this time": the secret entry's point, else the regiment's entry_point.
  const SecretEntry* entry = EntryOf(s_, id);
  const int point = entry != nullptr ? entry->point : UnitOf(s_, *r).entry_point;
  if (point != 1 && point != 2) {
    return Precondition(FieldPath(q, "unit_id"),
                        absl::StrCat(id,
                                     " has no noted entry point (a secret entry, or "
                                     "umpire.entry_point 1 or 2)"));
  }
  if (s_.FindPoint(PointKind::kEntry, point) == nullptr) {
    return Precondition(
        FieldPath(q, "unit_id"),
        absl::StrCat(id, " enters at point ", point, " but the table has no ENTRY point ", point));
  }
  IMPI_RETURN_IF_ERROR(pre_battle_.RollEntryTurn(id, point, " is off-board;", decision));
  // On its turn "the Zulu regiments counter will be put into the cup": a
  // turn under way gains (or loses) the counter as the new roll says.
  Clock& c = s_.clock;
  if (c.phase == Phase::kActivation && !Own(s_).chits_left.empty()) {
    const Unit* reg = s_.FindUnit(id);
    const int turn = EntryOf(s_, id)->turn;
    const bool due = turn <= c.turn && !reg->status.acted &&
                     !(UnitOf(s_, *reg).division == kLoinsDivision && c.turn < kLoinsFirstTurn);
    auto it = std::find(Own(s_).chits_left.begin(), Own(s_).chits_left.end(), id);
    Event& e = log_.mutable_events()[*decision];
    if (due && it == Own(s_).chits_left.end()) {
      Own(s_).chits_left.push_back(id);
      e.why.text += " Its counter goes into the cup now.";
    } else if (!due && it != Own(s_).chits_left.end()) {
      Own(s_).chits_left.erase(it);
      e.why.text += " Its counter comes out of the cup.";
    }
  }
  return absl::OkStatus();
}

absl::Status DecisionPoints::AskActivate(const Question& q, int* decision) {
  const Unit* u = nullptr;
  IMPI_RETURN_IF_ERROR(NeedUnit(s_, q, q.unit_id, "unit_id", &u));
  switch (u->kind) {
    case UnitKind::kTray:
    case UnitKind::kSniper:
      return WrongKind(
          q, *u,
          absl::StrCat("it has no movement counter; it acts with its regiment ", u->parent.str()));
    case UnitKind::kRunner:
      return WrongKind(q, *u,
                       absl::StrCat("he has no movement counter; he moves when his company ",
                                    u->parent.str(), " is active"));
    default:
      break;
  }
  IMPI_RETURN_IF_ERROR(NeedBattle(q, /*no_active_british=*/true));
  const std::string id = u->id;
  // 7.-8.: when no counter is left to draw (the cup is empty, or holds only
  // regiments that acted on an induna's order) the next turn starts first.
  Clock& c = s_.clock;
  bool any_left = false;
  for (const std::string& cid : Own(s_).chits_left) {
    const Unit* cu = s_.FindUnit(cid);
    any_left |= cu != nullptr && !cu->status.acted && !cu->status.ordered;
  }
  if (!any_left) {
    IMPI_RETURN_IF_ERROR(sequence_.StartTurn());
    if (c.phase == Phase::kGameOver) {
      return Precondition(Path(q), "the game is over: no unit on the table can act");
    }
  }
  u = s_.FindUnit(id);
  if (u->status.acted || u->status.ordered) {
    return Precondition(FieldPath(q, "unit_id"),
                        absl::StrCat(id, " has acted this turn",
                                     u->status.ordered ? " (on an induna's order)" : ""));
  }
  if (u->kind == UnitKind::kRegiment) {
    bool on = false, waiting = false;
    RegimentWhere(s_, id, &on, &waiting);
    const SecretEntry* e = EntryOf(s_, id);
    const bool due = e != nullptr && e->turn <= c.turn && waiting;
    if (!on && !due) {
      return Precondition(
          FieldPath(q, "unit_id"),
          absl::StrCat(
              id, " is not on the table",
              e != nullptr ? absl::StrCat(" (it is off-board until turn ", e->turn, ")") : ""));
    }
  } else if (u->off_table) {
    return Precondition(FieldPath(q, "unit_id"), absl::StrCat(id, " is not on the table"));
  } else if (u->kind != UnitKind::kWagon && u->figures.fit + u->figures.wounded <= 0) {
    return Precondition(FieldPath(q, "unit_id"), absl::StrCat(id, " has nobody left who can act"));
  }
  if (!InCup(s_, id)) {
    return Precondition(
        FieldPath(q, "unit_id"),
        absl::StrCat(
            id, "'s counter is not in the cup on turn ", c.turn,
            UnitOf(s_, *u).division == kLoinsDivision ? " (the loins enter from turn 3)" : ""));
  }
  // "Draw a Movement Counter. The indicated unit is active and takes its
  // turn": the counter named is the one drawn.
  return sequence_.ActivateCounter(id, dice_.rolls().size(), decision);
}

absl::Status DecisionPoints::AskResolve(const Question& q, int* decision) {
  const Unit* u = nullptr;
  IMPI_RETURN_IF_ERROR(NeedUnit(s_, q, q.unit_id, "unit_id", &u));
  if (u->kind != UnitKind::kRegiment && !IsCompany(*u)) {
    return WrongKind(q, *u, "resolve is tested by a Zulu REGIMENT or a British company");
  }
  IMPI_RETURN_IF_ERROR(NeedBattle(q, /*no_active_british=*/false));
  const std::string id = u->id;
  // The check a regiment's or a company's turn makes before the test.
  if (const char* no = ResolveRefusal(s_, *u)) {
    return Precondition(FieldPath(q, "unit_id"), absl::StrCat(id, " ", no));
  }
  if (u->kind == UnitKind::kRegiment)
    return zulu_.RegimentResolve(id, /*log_no_test=*/true, decision);
  CompanyResolve result = CompanyResolve::kCarryOn;
  bool tested = false;
  return british_.BritishResolveTest(id, /*log_no_test=*/true, &result, &tested, decision);
}

absl::Status DecisionPoints::AskRally(const Question& q, int* decision) {
  const Unit* u = nullptr;
  IMPI_RETURN_IF_ERROR(NeedUnit(s_, q, q.unit_id, "unit_id", &u));
  if (u->kind != UnitKind::kTray) {
    return WrongKind(q, *u, "the Zulu Rally Chart is rolled for a pinned movement TRAY");
  }
  IMPI_RETURN_IF_ERROR(NeedBattle(q, /*no_active_british=*/false));
  // The check a regiment's turn makes before it rolls the chart.
  if (const char* no = RallyRefusal(*u)) {
    return Precondition(FieldPath(q, "unit_id"), absl::StrCat(u->id.str(), " ", no));
  }
  return zulu_.RallyTray(u->id, decision);
}

absl::Status DecisionPoints::AskIndunaOrder(const Question& q, int* decision) {
  const Unit* u = nullptr;
  IMPI_RETURN_IF_ERROR(NeedUnit(s_, q, q.unit_id, "unit_id", &u));
  if (u->kind != UnitKind::kInduna) {
    return WrongKind(q, *u, "orders are given by an INDUNA");
  }
  IMPI_RETURN_IF_ERROR(NeedBattle(q, /*no_active_british=*/true));
  const std::string id = u->id;
  if (u->off_table || u->figures.fit + u->figures.wounded <= 0) {
    return Precondition(FieldPath(q, "unit_id"), absl::StrCat(id, " is not on the table"));
  }
  // Induna Rules: "If he ends his turn in contact with a unit that has not
  // acted, he may order it to move."
  if (choices_.OrderOptions(id).size() == 1) {
    bool contact = false;
    for (const Unit& r : s_.units) {
      if (r.kind != UnitKind::kRegiment) continue;
      for (const Unit* t : TraysOf(s_, r.id)) contact |= Alive(*t) && InContact(*u, *t);
    }
    return Precondition(FieldPath(q, "unit_id"),
                        contact ? absl::StrCat("every regiment in contact with ", id,
                                               " has acted this turn (or is broken)")
                                : absl::StrCat("no regiment is in contact with ", id));
  }
  const size_t mark = log_.size();
  IMPI_RETURN_IF_ERROR(zulu_.IndunaOrders(id));
  for (size_t i = mark; i < log_.size(); ++i) {
    if (log_.events()[i].decision) {
      *decision = static_cast<int>(i);
      break;
    }
  }
  return absl::OkStatus();
}

absl::Status DecisionPoints::AskChargeRetiring(const Question& q, int* decision) {
  const Unit* t = nullptr;
  const Unit* b = nullptr;
  IMPI_RETURN_IF_ERROR(NeedUnit(s_, q, q.unit_id, "unit_id", &t));
  IMPI_RETURN_IF_ERROR(NeedUnit(s_, q, q.other_unit_id, "british_unit_id", &b));
  if (t->kind != UnitKind::kTray) {
    return WrongKind(q, *t, "a Zulu movement TRAY tests to charge a retiring unit");
  }
  if (b->side != Side::kBritish || b->kind == UnitKind::kWagon) {
    return Precondition(FieldPath(q, "british_unit_id"),
                        absl::StrCat(b->id.str(), " is a ", UnitKindName(b->kind),
                                     ": the charge is at a British unit that moves away"));
  }
  IMPI_RETURN_IF_ERROR(NeedBattle(q, /*no_active_british=*/false));
  // The check play makes of each tray in the queue of testers.
  bool at_british = false;
  if (const char* no = ChargeRetiringRefusal(t, *b, &at_british)) {
    return Precondition(FieldPath(q, at_british ? "british_unit_id" : "unit_id"),
                        absl::StrCat((at_british ? b : t)->id.str(), " ", no));
  }
  // "any Zulu tray within 6" of the unit may test to see if it will charge".
  const double gap = Gap(*t, *b);
  if (gap > kWithin) {
    return Precondition(FieldPath(q, "unit_id"),
                        absl::StrFormat("%s is %.1f\" from %s: only a tray within 6\" may test",
                                        t->id.str(), gap, b->id.str()));
  }
  return melee_.ChargeRetiringTest(t->id, b->id, decision);
}

}  // namespace impi::ferree
