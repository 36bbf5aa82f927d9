#include "engine/rulesets/ferree/wire/ferree_wire.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "engine/core/status_macros.h"

namespace impi::ferree {
namespace {

std::vector<SharedString> Pooled(const google::protobuf::RepeatedPtrField<std::string>& in) {
  return std::vector<SharedString>(in.begin(), in.end());
}
// The same into a list held inline.
template <typename List>
void PoolInto(const google::protobuf::RepeatedPtrField<std::string>& in, List* out) {
  out->assign(in.begin(), in.end());
}

void SetStrings(absl::Span<const SharedString> in,
                google::protobuf::RepeatedPtrField<std::string>* out) {
  out->Clear();
  for (const SharedString& s : in) *out->Add() = s.str();
}

}  // namespace

absl::Status FerreeWire::StateFromProto(const v1::TableState& in, BattleState* out) const {
  FerreeState own;
  IMPI_RETURN_IF_ERROR(CheckStateMember(in, "ferree", kRulesetId));
  const v1::FerreeState& p = in.ferree();
  const v1::FerreePendingChoice& pc = p.pending();
  if (!v1::FerreePendingChoice::Choice_IsValid(pc.choice())) {
    return absl::InvalidArgumentError(
        absl::StrCat("state.ferree.pending.choice: ", pc.choice(), " is not a Zulu decision"));
  }
  if (p.surgeon_attempts() < 0) {
    return absl::InvalidArgumentError(absl::StrCat("state.ferree.surgeon_attempts: ",
                                                   p.surgeon_attempts(), " is negative"));
  }
  // Bounds: times of day within the day (minutes after midnight); turns
  // at most a day of one-minute turns; counts of figures at most the
  // service's limit of figures on a table.
  constexpr int kDayMinutes = 24 * 60;
  constexpr int kMostTurns = kDayMinutes;
  constexpr int kMostFigures = 100000;
  int most_point = 0;  // an ENTRY point is one of the table's
  for (const v1::Point& pt : in.points()) most_point = std::max(most_point, pt.number());
  IMPI_RETURN_IF_ERROR(CountField("state.ferree.quiet_turns", p.quiet_turns(), kMostTurns,
                                  "at most a day of one-minute turns"));
  auto negative = [](const std::string& path, int v) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", v, " is negative"));
  };
  std::unordered_set<std::string> units;
  for (const v1::Unit& u : in.units()) units.insert(u.id());
  auto unit_ref = [&](const std::string& path, const std::string& id) -> absl::Status {
    if (id.empty()) return absl::InvalidArgumentError(path + ": is required");
    if (!units.count(id)) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": no unit has id ", Quoted(id)));
    }
    return absl::OkStatus();
  };
  const v1::FerreeSituation& sit = p.situation();
  IMPI_RETURN_IF_ERROR(CountField("state.ferree.situation.reinforcement_arrival", sit.reinforcement_arrival(),
                                  kDayMinutes, "a time of the day, in minutes after midnight"));
  if (sit.scouting() < -1 || sit.scouting() > 1) {
    return absl::InvalidArgumentError(absl::StrCat("state.ferree.situation.scouting: ", sit.scouting(),
                                                   " is not -1 (slow), 0 (historical) or +1 (well advanced)"));
  }
  if (!v1::Deployment_IsValid(sit.deployment())) {
    return absl::InvalidArgumentError(absl::StrCat("state.ferree.situation.deployment: ",
                                                   sit.deployment(), " is not a valid Deployment"));
  }
  IMPI_RETURN_IF_ERROR(CountField("state.ferree.situation.discovery_time", sit.discovery_time(), kDayMinutes,
                                  "a time of the day, in minutes after midnight"));
  for (int i = 0; i < p.secret_entries_size(); ++i) {
    const std::string path = absl::StrCat("state.ferree.secret_entries[", i, "]");
    const v1::SecretEntry& e = p.secret_entries(i);
    if (absl::Status st = unit_ref(path + ".unit_id", e.unit_id()); !st.ok()) return st;
    IMPI_RETURN_IF_ERROR(CountField(path + ".turn", e.turn(), kMostTurns, "at most a day of one-minute turns"));
    IMPI_RETURN_IF_ERROR(CountField(path + ".point", e.point(), most_point,
                                    "no point of the table (state.points) has a number so high (0: its deployed "
                                    "position)"));
  }
  for (int i = 0; i < p.chits_left_size(); ++i) {
    if (absl::Status st = unit_ref(absl::StrCat("state.ferree.chits_left[", i, "]"), p.chits_left(i));
        !st.ok()) {
      return st;
    }
  }
  IMPI_RETURN_IF_ERROR(CountField("state.ferree.segment", p.segment(), 127,
                                  "a pre-battle step (0 to 2) or the flags of an activation (at most 127)"));
  // The bookkeeping by handle: each unit's place in state.units (the first
  // with its id, as FindUnit finds it).
  std::unordered_map<std::string, int> handles;
  own.units.resize(static_cast<size_t>(in.units_size()));
  own.ids.reserve(static_cast<size_t>(in.units_size()));
  for (const v1::Unit& u : in.units()) {
    handles.emplace(u.id(), static_cast<int>(own.ids.size()));
    own.ids.emplace_back(u.id());
  }
  std::vector<bool> seen(own.units.size(), false);
  for (int i = 0; i < p.units_size(); ++i) {
    const std::string path = absl::StrCat("state.ferree.units[", i, "]");
    const v1::FerreeUnit& x = p.units(i);
    if (absl::Status st = unit_ref(path + ".unit_id", x.unit_id()); !st.ok()) return st;
    const int h = handles.at(x.unit_id());
    if (seen[static_cast<size_t>(h)]) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ".unit_id: \"", x.unit_id(), "\" has an earlier entry; one entry a unit"));
    }
    for (int k = 0; k < x.fired_on_by_this_turn_size(); ++k) {
      if (absl::Status st = unit_ref(absl::StrCat(path, ".fired_on_by_this_turn[", k, "]"),
                                     x.fired_on_by_this_turn(k));
          !st.ok()) {
        return st;
      }
    }
    if (!x.wagon_id().empty()) {
      if (absl::Status st = unit_ref(path + ".wagon_id", x.wagon_id()); !st.ok()) return st;
    }
    for (const auto& [field, v] : {std::pair<const char*, int>{"division", x.division()},
                                   {"entry_point", x.entry_point()},
                                   {"losses_this_turn", x.losses_this_turn()},
                                   {"figures_fired_at", x.figures_fired_at()},
                                   {"turns_carried", x.turns_carried()},
                                   {"turns_waited", x.turns_waited()},
                                   {"surgeon_tried", x.surgeon_tried()}}) {
      if (v < 0) return negative(absl::StrCat(path, ".", field), v);
    }
    IMPI_RETURN_IF_ERROR(CountField(path + ".entry_point", x.entry_point(), most_point,
                                    "no point of the table (state.points) has a number so high (0: none)"));
    for (const auto& [field, v, most, why] :
         {std::tuple<const char*, int, int, const char*>{"losses_this_turn", x.losses_this_turn(), kMostFigures,
                                                         "more figures than a table holds"},
          {"figures_fired_at", x.figures_fired_at(), kMostFigures, "more figures than a table holds"},
          {"surgeon_tried", x.surgeon_tried(), kMostFigures, "more figures than a table holds"},
          {"turns_carried", x.turns_carried(), kMostTurns, "at most a day of one-minute turns"},
          {"turns_waited", x.turns_waited(), kMostTurns, "at most a day of one-minute turns"}}) {
      IMPI_RETURN_IF_ERROR(CountField(absl::StrCat(path, ".", field), v, most, why));
    }
    seen[static_cast<size_t>(h)] = true;
    FerreeUnit& u = own.units[static_cast<size_t>(h)];
    u.division = x.division();
    u.entry_point = x.entry_point();
    PoolInto(x.fired_on_by_this_turn(), &u.fired_on_by_this_turn);
    u.losses_this_turn = x.losses_this_turn();
    u.figures_fired_at = x.figures_fired_at();
    u.under_artillery = x.under_artillery();
    u.wagon_id = x.wagon_id();
    u.carrying = x.carrying();
    u.turns_carried = x.turns_carried();
    u.turns_waited = x.turns_waited();
    u.surgeon_tried = x.surgeon_tried();
  }
  PendingChoice& pending = own.pending;
  pending.choice = static_cast<ZuluChoice>(pc.choice());
  pending.unit_id = pc.unit_id();
  pending.regiment_id = pc.regiment_id();
  pending.british_id = pc.british_id();
  PoolInto(pc.queue(), &pending.queue);
  pending.after_resolve = pc.after_resolve();
  PoolInto(pc.left_donga(), &pending.left_donga);
  own.arriving = Pooled(p.arriving());
  own.quiet_turns = p.quiet_turns();
  own.surgeon_attempts = p.surgeon_attempts();
  Situation& s = own.situation;
  s.rolled = sit.rolled();
  s.camp_laagered = sit.camp_laagered();
  s.thornbush = sit.thornbush();
  s.reinforcement_arrival = sit.reinforcement_arrival();
  s.deployment = static_cast<Deployment>(sit.deployment());
  s.scouting = sit.scouting();
  s.discovery_time = sit.discovery_time();
  for (const v1::SecretEntry& e : p.secret_entries()) {
    own.secret_entries.push_back(SecretEntry{SharedString(e.unit_id()), e.turn(), e.point()});
  }
  own.chits_left = Pooled(p.chits_left());
  own.segment = p.segment();
  out->ruleset_state = std::move(own);
  return absl::OkStatus();
}

void FerreeWire::StateToProto(const BattleState& in, v1::TableState* out) const {
  const FerreeState* own = OwnState(in);
  if (own == nullptr) {
    out->clear_ferree();
    return;
  }
  v1::FerreeState* p = out->mutable_ferree();
  p->Clear();
  const PendingChoice& pending = own->pending;
  if (pending.choice != ZuluChoice::kNone) {
    v1::FerreePendingChoice* pc = p->mutable_pending();
    pc->set_choice(static_cast<v1::FerreePendingChoice::Choice>(pending.choice));
    pc->set_unit_id(pending.unit_id);
    pc->set_regiment_id(pending.regiment_id);
    pc->set_british_id(pending.british_id);
    SetStrings(pending.queue, pc->mutable_queue());
    pc->set_after_resolve(pending.after_resolve);
    SetStrings(pending.left_donga, pc->mutable_left_donga());
  }
  SetStrings(own->arriving, p->mutable_arriving());
  p->set_quiet_turns(own->quiet_turns);
  p->set_surgeon_attempts(own->surgeon_attempts);
  const Situation& s = own->situation;
  v1::FerreeSituation* sit = p->mutable_situation();
  sit->set_rolled(s.rolled);
  sit->set_camp_laagered(s.camp_laagered);
  sit->set_thornbush(s.thornbush);
  sit->set_reinforcement_arrival(s.reinforcement_arrival);
  sit->set_deployment(static_cast<v1::Deployment>(s.deployment));
  sit->set_scouting(s.scouting);
  sit->set_discovery_time(s.discovery_time);
  if (sit->ByteSizeLong() == 0) p->clear_situation();
  for (const SecretEntry& e : own->secret_entries) {
    v1::SecretEntry* pe = p->add_secret_entries();
    pe->set_unit_id(e.unit_id.str());
    pe->set_turn(e.turn);
    pe->set_point(e.point);
  }
  SetStrings(own->chits_left, p->mutable_chits_left());
  p->set_segment(own->segment);
  ForEachEntryById(in, [p](const Unit& unit, const FerreeUnit& u) {
    v1::FerreeUnit* x = p->add_units();
    x->set_unit_id(unit.id.str());
    x->set_division(u.division);
    x->set_entry_point(u.entry_point);
    SetStrings(u.fired_on_by_this_turn, x->mutable_fired_on_by_this_turn());
    x->set_losses_this_turn(u.losses_this_turn);
    x->set_figures_fired_at(u.figures_fired_at);
    x->set_under_artillery(u.under_artillery);
    x->set_wagon_id(u.wagon_id.str());
    x->set_carrying(u.carrying);
    x->set_turns_carried(u.turns_carried);
    x->set_turns_waited(u.turns_waited);
    x->set_surgeon_tried(u.surgeon_tried);
  });
}

absl::Status FerreeWire::QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const {
  IMPI_RETURN_IF_ERROR(CheckQuestionMember(in, Question::kField, kRulesetId));
  const v1::FerreeQuestion& p = in.ferree();
  Question q;
  switch (p.kind_case()) {
    case v1::FerreeQuestion::KIND_NOT_SET:
      break;  // the rule set names the decision points it has
    case v1::FerreeQuestion::kSituation:
      q.kind = QuestionKind::kSituation;
      break;
    case v1::FerreeQuestion::kZuluPlan:
      q.kind = QuestionKind::kZuluPlan;
      break;
    case v1::FerreeQuestion::kEntryTurn:
      q.kind = QuestionKind::kEntryTurn;
      q.unit_id = p.entry_turn().unit_id();
      break;
    case v1::FerreeQuestion::kActivate:
      q.kind = QuestionKind::kActivate;
      q.unit_id = p.activate().unit_id();
      break;
    case v1::FerreeQuestion::kResolve:
      q.kind = QuestionKind::kResolve;
      q.unit_id = p.resolve().unit_id();
      break;
    case v1::FerreeQuestion::kRally:
      q.kind = QuestionKind::kRally;
      q.unit_id = p.rally().unit_id();
      break;
    case v1::FerreeQuestion::kIndunaOrder:
      q.kind = QuestionKind::kIndunaOrder;
      q.unit_id = p.induna_order().unit_id();
      break;
    case v1::FerreeQuestion::kChargeRetiring:
      q.kind = QuestionKind::kChargeRetiring;
      q.unit_id = p.charge_retiring().unit_id();
      q.other_unit_id = p.charge_retiring().british_unit_id();
      break;
  }
  *out = std::move(q);
  return absl::OkStatus();
}

}  // namespace impi::ferree
