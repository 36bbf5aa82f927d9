// EmpressRuleset::Ask: one decision point on its own. See question.h.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/empress/board.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/empress/question.h"

namespace impi::empress {
namespace {

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

absl::Status NotHere(const std::string& path, const std::string& why) {
  return absl::FailedPreconditionError(absl::StrCat(path, ": ", why));
}

// The unit a question names: present, on the table, with figures.
absl::StatusOr<const Unit*> Named(const BattleState& s, const Question& q, const std::string& id,
                                  const char* field) {
  if (id.empty()) return Bad(q.Path(field), "is required");
  const Unit* u = s.FindUnit(id);
  if (u == nullptr) return Bad(q.Path(field), absl::StrCat("no unit has id \"", id, "\""));
  if (!Active(*u)) return NotHere(q.Path(field), absl::StrCat("\"", id, "\" is not on the table with figures"));
  return u;
}

// The answer's event: `*decision` is its index (-1 in a quiet log).
void Answer(EventLog& log, EventKind kind, const Unit& u, const std::string& target, Explanation why,
            std::vector<Vec2> path, const std::string& text, int* decision) {
  *decision = -1;
  if (!log.wanted()) return;
  Event& e = log.Add(kind, u.side);
  e.unit_ids = {u.id.str()};
  e.target_id = target;
  e.why = std::move(why);
  if (e.why.rule.source.empty()) e.why.rule.source = kSource;
  if (e.why.text.empty()) e.why.text = text;
  e.announce = text;
  e.path = std::move(path);
  *decision = static_cast<int>(log.size()) - 1;
}

// FAILED_PRECONDITION at `field` of the question for a move play would
// refuse (the same check play makes: empress.h, Refusal).
absl::Status Refused(const Question& q, const char* field, const std::string& name, Refusal r) {
  if (r == Refusal::kNone) return absl::OkStatus();
  return NotHere(q.Path(field), absl::StrCat(name, " ", RefusalText(r)));
}

}  // namespace

absl::Status EmpressRuleset::Ask(BattleState& s, const impi::Question& question, Dice& dice, EventLog& log,
                                 int* decision) const {
  int ignored = -1;
  if (decision == nullptr) decision = &ignored;
  *decision = -1;
  IMPI_ASSIGN_OR_RETURN(const Question* q, QuestionFor<Question>(question));
  if (q->kind == QuestionKind::kUnspecified) {
    return Bad("empress", "set one of morale_test, retire_route, evasion, rocket_deviation, gatling_burst");
  }
  IMPI_ASSIGN_OR_RETURN(const Unit* u, Named(s, *q, q->unit_id, "unit_id"));
  const std::string name = u->name.str().empty() ? u->id.str() : u->name.str();
  Explanation why;
  switch (q->kind) {
    case QuestionKind::kMoraleTest: {
      const Refusal no = MoraleTestRefusal(s, *u, q->caught_by_cavalry, q->rocket);
      IMPI_RETURN_IF_ERROR(Refused(*q,
                                   no == Refusal::kNotRetiringZulu ? "caught_by_cavalry"
                                   : no == Refusal::kNotNative     ? "rocket"
                                                                   : "unit_id",
                                   name, no));
      MoraleSituation ms = MoraleSituationOf(s, *u);
      ms.rocket = q->rocket;
      ms.caught_retiring_by_colonial_cavalry = q->caught_by_cavalry;
      IMPI_ASSIGN_OR_RETURN(const MoraleResult r, MoraleTest(dice, ms, &why));
      EmpressUnit& e = MutableUnitState(s, *u);
      e.tests_in_a_row = ms.tests_in_a_row;
      e.failures_in_a_row = r.outcome == MoraleOutcome::kOk ? 0 : e.failures_in_a_row + 1;
      // As play applies it (never pinned and retiring both).
      if (ApplyLastingMorale(r, e)) e.pinned = true;
      e.fire_penalty |= r.outcome == MoraleOutcome::kFirePenalty;
      e.ordered = e.ordered && !e.pinned && !e.Retiring() && !e.routing;
      if (!e.ordered) e.order = Order{};
      Answer(log, EventKind::kMoraleTest, *u, "", std::move(why), {},
             absl::StrCat(name, " tests morale: ", r.total, r.outcome == MoraleOutcome::kOk ? ", OK" : ", fails"),
             decision);
      break;
    }
    case QuestionKind::kRetireRoute: {
      IMPI_RETURN_IF_ERROR(Refused(*q, "unit_id", name, RetireRouteRefusal(s, *u)));
      // As in play: retiring, away from the nearest enemy; routing, to the nearest edge.
      const EmpressUnit* e = UnitState(s, *u);
      const Unit* enemy = e->Retiring() ? NearestEnemy(s, *u) : nullptr;
      const std::vector<Vec2> route =
          SafestRoute(s, u->side, u->position, enemy != nullptr ? &enemy->position : nullptr);
      why.rule = {kSource, kSectionMorale, "Routing or Retiring units", "the safest route (designed reading)", true};
      Answer(log, EventKind::kMoved, *u, "", std::move(why), route,
             absl::StrCat(name, " would retire to the table edge at (", route.back().x(), ", ", route.back().y(),
                          "), keeping ", RouteClearance(s, u->side, route), "\" clear of the enemy's fire at the closest"),
             decision);
      break;
    }
    case QuestionKind::kEvasion: {
      IMPI_RETURN_IF_ERROR(Refused(*q, "unit_id", name, EvadeRefusal(s, *u)));
      const Unit* enemy = NearestEnemy(s, *u);
      const Vec2 away = u->position + (u->position - enemy->position);
      MovementSituation ms;
      ms.mover = ProfileOf(s, *u).mover;
      ms.linear_obstacles = LinearObstacles(s, u->position, StepTowards(u->position, away, 18.0));
      IMPI_ASSIGN_OR_RETURN(const MoveAllowance a, MovementAllowance(dice, ms, &why));
      const Vec2 from = u->position;
      Unit& mover = *s.FindUnit(u->id.str());
      mover.position = ClampToTable(StepTowards(from, away, a.inches), s.table.width, s.table.height);
      Answer(log, EventKind::kMoved, mover, enemy->id.str(), std::move(why), {from, mover.position},
             absl::StrCat(name, " evades ", a.inches, "\" away from ", enemy->name.str()), decision);
      break;
    }
    case QuestionKind::kRocketDeviation: {
      if (u->kind != UnitKind::kRockets) return NotHere(q->Path("unit_id"), absl::StrCat(name, " is not a rocket"));
      if (!std::isfinite(q->aim.x()) || !std::isfinite(q->aim.y())) return Bad(q->Path("aim"), "is not finite");
      // ROCKET.: "estimates range in inches": the aim is a range on the
      // rocket's kill chart (over 10", at most 70"), as a FIRE order's.
      IMPI_RETURN_IF_ERROR(CheckRangeEstimate(q->Path("aim"), Ordnance::kRocket, Distance(u->position, q->aim)));
      IMPI_RETURN_IF_ERROR(Refused(*q, "unit_id", name, FireRefusal(s, *u)));
      const RocketDeviation d = RollRocketDeviation(dice, &why);
      const Vec2 centre = DeviatedCentre(u->position, q->aim, d);
      Answer(log, EventKind::kTableRoll, *u, "", std::move(why), {u->position, q->aim, centre},
             absl::StrCat(name, ": the rocket deviates ", d.inches, "\" at ", d.bearing_degrees,
                          " degrees and lands at (", centre.x(), ", ", centre.y(), ")"),
             decision);
      break;
    }
    case QuestionKind::kGatlingBurst: {
      if (u->kind != UnitKind::kGatling) return NotHere(q->Path("unit_id"), absl::StrCat(name, " is not a Gatling"));
      IMPI_ASSIGN_OR_RETURN(const Unit* t, Named(s, *q, q->target_id, "target_id"));
      IMPI_RETURN_IF_ERROR(Refused(*q, "unit_id", name, FireRefusal(s, *u)));
      IMPI_RETURN_IF_ERROR(Refused(*q, "target_id", t->name.str().empty() ? t->id.str() : t->name.str(),
                                   FireAtRefusal(s, *u, *t)));
      const EmpressUnit* e = UnitState(s, *u);
      GatlingSituation g;
      g.range_inches = Distance(u->position, t->position);
      g.target_in_cover = TargetInCover(s, u->position, *t);
      g.firer = ConditionNow(s, *u);
      g.failed_morale_last_move = e != nullptr && e->fire_penalty;
      g.jammed = e != nullptr && e->gatling_jammed;
      absl::StatusOr<GatlingResult> r = GatlingFire(dice, g, &why);
      if (!r.ok()) return NotHere(q->Path("unit_id"), std::string(r.status().message()));
      const std::string target = t->id.str(), target_name = t->name.str();
      ApplyLosses(s, HandleOf(s, *t), r->kills);
      MutableUnitState(s, *u).gatling_jammed = r->jams;
      Answer(log, EventKind::kFired, *s.FindUnit(u->id.str()), target, std::move(why), {},
             absl::StrCat(name, " fires ", r->dice_rolled, " dice at ", target_name, ": ", r->kills, " killed",
                          r->jams ? "; jammed for the next move" : ""),
             decision);
      break;
    }
    case QuestionKind::kUnspecified:
      break;
  }
  SyncStatus(s);
  return absl::OkStatus();
}

}  // namespace impi::empress
