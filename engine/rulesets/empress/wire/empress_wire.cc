#include "engine/rulesets/empress/wire/empress_wire.h"

#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/empress/question.h"
#include "impi/v1/empress.pb.h"

namespace impi::empress {
namespace {

// The table and each unit's figures at the start, for the bounds.
struct Bounds {
  double width = 0.0;
  double height = 0.0;
  std::unordered_map<std::string, int64_t> starting;  // unit id -> its figures at the start
};

// `units`: each unit id and its handle (its place in state.units).
absl::Status UnitFromProto(const std::string& path, const v1::EmpressUnit& p,
                           const std::unordered_map<std::string, int>& units, const Bounds& bounds, EmpressUnit* u) {
  if (!v1::EmpressStanding_IsValid(p.standing())) {
    return FieldError(path + ".standing", absl::StrCat(p.standing(), " is not a valid EmpressStanding"));
  }
  const v1::EmpressOrder& o = p.order();
  if (!v1::EmpressOrderKind_IsValid(o.kind())) {
    return FieldError(path + ".order.kind", absl::StrCat(o.kind(), " is not a valid EmpressOrderKind"));
  }
  if (!v1::EmpressStanding_IsValid(o.standing())) {
    return FieldError(path + ".order.standing", absl::StrCat(o.standing(), " is not a valid EmpressStanding"));
  }
  if (!o.target_id().empty() && !units.count(o.target_id())) {
    return FieldError(path + ".order.target_id", absl::StrCat("no unit has id ", Quoted(o.target_id())));
  }
  if (o.has_to()) {
    // An ADVANCE or EVADE goes to a point on the table (the orders offered are).
    IMPI_RETURN_IF_ERROR(OnTableField(path + ".order.to", o.to().x(), o.to().y(), bounds.width, bounds.height));
  }
  if (!std::isfinite(o.range_estimate())) return FieldError(path + ".order.range_estimate", "is not finite");
  if (!v1::EmpressCommand_IsValid(p.command())) {
    return FieldError(path + ".command", absl::StrCat(p.command(), " is not a valid EmpressCommand"));
  }
  if (!p.attached_to().empty() && !units.count(p.attached_to())) {
    return FieldError(path + ".attached_to", absl::StrCat("no unit has id ", Quoted(p.attached_to())));
  }
  // Bounds: a unit tests at most once a move, in a skirmish of at most
  // kMostMoves moves; the longest retirement is "2 moves away from enemy";
  // a figure fights "up to a total of 4 fights in one move".
  IMPI_RETURN_IF_ERROR(CountField(path + ".tests_in_a_row", p.tests_in_a_row(), kMostMoves,
                                  "a unit tests at most once a move, in a skirmish of at most 100 moves"));
  IMPI_RETURN_IF_ERROR(CountField(path + ".failures_in_a_row", p.failures_in_a_row(), kMostMoves,
                                  "a unit fails at most one test a move, in a skirmish of at most 100 moves"));
  IMPI_RETURN_IF_ERROR(CountField(path + ".retire_moves_left", p.retire_moves_left(), kMostRetireMoves,
                                  "the longest retirement is \"2 moves away from enemy\""));
  const auto start = bounds.starting.find(p.unit_id());
  IMPI_RETURN_IF_ERROR(CountField(path + ".fights_used", p.fights_used(),
                                  kMaxFightsAMove * (start != bounds.starting.end() ? start->second : 0),
                                  "each figure fights \"up to a total of 4 fights in one move\""));
  u->standing = static_cast<Standing>(p.standing());
  u->married = p.married();
  u->ordered = p.ordered();
  u->order.kind = static_cast<OrderKind>(o.kind());
  u->order.target = o.target_id().empty() ? kNoUnit : units.at(o.target_id());
  u->order.to = Vec2(o.to().x(), o.to().y());
  u->order.standing = static_cast<Standing>(o.standing());
  u->order.range_estimate = o.range_estimate();
  u->permanently_shaken = p.permanently_shaken();
  u->tests_in_a_row = p.tests_in_a_row();
  u->failures_in_a_row = p.failures_in_a_row();
  u->tested_this_move = p.tested_this_move();
  u->pinned = p.pinned();
  u->retire_moves_left = p.retire_moves_left();
  u->never_fire = p.never_fire();
  u->routing = p.routing();
  u->gatling_jammed = p.gatling_jammed();
  u->fire_penalty = p.fire_penalty();
  u->fights_used = p.fights_used();
  u->officer_killed = p.officer_killed();
  u->command = static_cast<Command>(p.command());
  u->attached_to = p.attached_to().empty() ? kNoUnit : units.at(p.attached_to());
  u->limbered = p.limbered();
  return absl::OkStatus();
}

}  // namespace

absl::Status EmpressWire::StateFromProto(const v1::TableState& in, BattleState* out) const {
  IMPI_RETURN_IF_ERROR(CheckStateMember(in, "empress", kRulesetId));
  const v1::EmpressState& p = in.empress();
  if (!v1::EmpressStage_IsValid(p.stage())) {
    return FieldError("state.empress.stage", absl::StrCat(p.stage(), " is not a valid EmpressStage"));
  }
  IMPI_RETURN_IF_ERROR(CountField("state.empress.move", p.move(), kMostMoves,
                                  "a skirmish lasts at most 100 moves (empress.move_limit)"));
  EmpressState own;
  own.stage = static_cast<Stage>(p.stage());
  own.move = p.move();
  // Units by handle: each id's place in state.units (the first, as
  // FindUnit finds it).
  std::unordered_map<std::string, int> units;
  Bounds bounds;
  bounds.width = in.table().width();
  bounds.height = in.table().height();
  own.units.resize(static_cast<size_t>(in.units_size()));
  own.ids.reserve(static_cast<size_t>(in.units_size()));
  for (const v1::Unit& u : in.units()) {
    units.emplace(u.id(), static_cast<int>(own.ids.size()));
    own.ids.emplace_back(u.id());
    const v1::Figures& f = u.figures();
    bounds.starting[u.id()] = f.starting() > 0 ? int64_t{f.starting()}
                                               : int64_t{f.fit()} + f.wounded() + f.seriously_wounded() + f.casualties();
  }
  std::unordered_set<int> entered;  // handles with an entry
  for (int i = 0; i < p.units_size(); ++i) {
    const std::string path = absl::StrCat("state.empress.units[", i, "]");
    const v1::EmpressUnit& pu = p.units(i);
    if (pu.unit_id().empty()) return FieldError(path + ".unit_id", "is required");
    if (!units.count(pu.unit_id())) return FieldError(path + ".unit_id", absl::StrCat("no unit has id ", Quoted(pu.unit_id())));
    const int h = units.at(pu.unit_id());
    if (entered.count(h)) {
      return FieldError(path + ".unit_id", absl::StrCat(Quoted(pu.unit_id()), " has an earlier entry; one entry a unit"));
    }
    entered.insert(h);
    IMPI_RETURN_IF_ERROR(UnitFromProto(path, pu, units, bounds, &own.units[static_cast<size_t>(h)]));
  }
  OrderIds(own);
  out->ruleset_state = std::move(own);
  return absl::OkStatus();
}

void EmpressWire::StateToProto(const BattleState& in, v1::TableState* out) const {
  const EmpressState* own = OwnState(in);
  if (own == nullptr) {
    out->clear_empress();
    return;
  }
  v1::EmpressState* p = out->mutable_empress();
  p->Clear();
  p->set_stage(static_cast<v1::EmpressStage>(own->stage));
  p->set_move(own->move);
  for (const int k : own->by_id) {
    if (static_cast<size_t>(k) >= own->units.size()) continue;
    const std::string& id = IdAt(*own, k);
    const EmpressUnit& u = own->units[static_cast<size_t>(k)];
    if (u.Empty() || UnitAt(in, k) == nullptr) continue;
    v1::EmpressUnit* pu = p->add_units();
    pu->set_unit_id(id);
    pu->set_standing(static_cast<v1::EmpressStanding>(u.standing));
    pu->set_married(u.married);
    pu->set_ordered(u.ordered);
    if (!(u.order == Order{})) {
      v1::EmpressOrder* o = pu->mutable_order();
      o->set_kind(static_cast<v1::EmpressOrderKind>(u.order.kind));
      o->set_target_id(IdAt(*own, u.order.target));
      if (u.order.to != Vec2::Zero()) {
        o->mutable_to()->set_x(u.order.to.x());
        o->mutable_to()->set_y(u.order.to.y());
      }
      o->set_standing(static_cast<v1::EmpressStanding>(u.order.standing));
      o->set_range_estimate(u.order.range_estimate);
    }
    pu->set_permanently_shaken(u.permanently_shaken);
    pu->set_tests_in_a_row(u.tests_in_a_row);
    pu->set_failures_in_a_row(u.failures_in_a_row);
    pu->set_tested_this_move(u.tested_this_move);
    pu->set_pinned(u.pinned);
    pu->set_retire_moves_left(u.retire_moves_left);
    pu->set_never_fire(u.never_fire);
    pu->set_routing(u.routing);
    pu->set_gatling_jammed(u.gatling_jammed);
    pu->set_fire_penalty(u.fire_penalty);
    pu->set_fights_used(u.fights_used);
    pu->set_officer_killed(u.officer_killed);
    pu->set_command(static_cast<v1::EmpressCommand>(u.command));
    pu->set_attached_to(IdAt(*own, u.attached_to));
    pu->set_limbered(u.limbered);
  }
}

absl::Status EmpressWire::QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const {
  IMPI_RETURN_IF_ERROR(CheckQuestionMember(in, Question::kField, kRulesetId));
  const v1::EmpressQuestion& p = in.empress();
  Question q;
  switch (p.kind_case()) {
    case v1::EmpressQuestion::KIND_NOT_SET:
      break;  // the rule set names the decision points it has
    case v1::EmpressQuestion::kMoraleTest: {
      const v1::EmpressMoraleTestQuestion& m = p.morale_test();
      if (!v1::EmpressRocketEffect_IsValid(m.rocket())) {
        return FieldError("empress.morale_test.rocket", absl::StrCat(m.rocket(), " is not a valid EmpressRocketEffect"));
      }
      q.kind = QuestionKind::kMoraleTest;
      q.unit_id = m.unit_id();
      q.rocket = static_cast<RocketEffect>(m.rocket());
      q.caught_by_cavalry = m.caught_by_cavalry();
      break;
    }
    case v1::EmpressQuestion::kRetireRoute:
      q.kind = QuestionKind::kRetireRoute;
      q.unit_id = p.retire_route().unit_id();
      break;
    case v1::EmpressQuestion::kEvasion:
      q.kind = QuestionKind::kEvasion;
      q.unit_id = p.evasion().unit_id();
      break;
    case v1::EmpressQuestion::kRocketDeviation:
      q.kind = QuestionKind::kRocketDeviation;
      q.unit_id = p.rocket_deviation().unit_id();
      if (!p.rocket_deviation().has_aim()) return FieldError("empress.rocket_deviation.aim", "is required");
      q.aim = Vec2(p.rocket_deviation().aim().x(), p.rocket_deviation().aim().y());
      break;
    case v1::EmpressQuestion::kGatlingBurst:
      q.kind = QuestionKind::kGatlingBurst;
      q.unit_id = p.gatling_burst().unit_id();
      q.target_id = p.gatling_burst().target_id();
      break;
  }
  *out = std::move(q);
  return absl::OkStatus();
}

bool EmpressWire::ActionExtraFromProto(const v1::Action& in, Action* out) const {
  if (in.range_estimate() == 0) return false;
  SetRangeEstimate(out, in.range_estimate());
  return true;
}

bool EmpressWire::ActionExtraToProto(const Action& in, v1::Action* out) const {
  const EmpressAim* aim = in.extra.get_if<EmpressAim>();
  if (aim == nullptr) return false;
  out->set_range_estimate(aim->range_estimate);
  return true;
}

}  // namespace impi::empress
