#include "engine/rulesets/tsatf/wire/tsatf_wire.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/zulu_control.h"

namespace impi::tsatf {
namespace {

absl::Status UnitRef(const std::string& path, const std::string& id,
                     const std::unordered_set<std::string>& units) {
  if (id.empty()) return FieldError(path, "is required");
  if (!units.count(id)) return FieldError(path, absl::StrCat("no unit has id ", Quoted(id)));
  return absl::OkStatus();
}

std::vector<SharedString> Strings(const google::protobuf::RepeatedPtrField<std::string>& in) {
  return std::vector<SharedString>(in.begin(), in.end());
}

void SetStrings(const std::vector<SharedString>& in,
                google::protobuf::RepeatedPtrField<std::string>* out) {
  out->Clear();
  for (const SharedString& s : in) *out->Add() = s.str();
}

// The bound of the force pool's and tally's counts of units and of a
// unit's losses: the service's limit of figures on a table.
constexpr int kMostPoolUnits = 100000;

absl::Status UnitFromProto(const std::string& path, const v1::TsatfUnit& p,
                           const std::unordered_set<std::string>& units,
                           const std::unordered_set<std::string>& british, double width, double height,
                           int turn, int most_point, TsatfUnit* u) {
  if (!v1::Hand_IsValid(p.hand())) {
    return FieldError(path + ".hand", absl::StrCat(p.hand(), " is not a valid Hand"));
  }
  if (!p.target_id().empty()) {
    IMPI_RETURN_IF_ERROR(UnitRef(path + ".target_id", p.target_id(), units));
    if (!british.count(p.target_id())) {
      return FieldError(path + ".target_id", absl::StrCat("'", p.target_id(), "' is not a British unit"));
    }
  }
  for (int i = 0; i < p.fired_on_by_this_turn_size(); ++i) {
    IMPI_RETURN_IF_ERROR(UnitRef(absl::StrCat(path, ".fired_on_by_this_turn[", i, "]"),
                                 p.fired_on_by_this_turn(i), units));
  }
  for (int i = 0; i < p.fired_on_by_last_turn_size(); ++i) {
    IMPI_RETURN_IF_ERROR(UnitRef(absl::StrCat(path, ".fired_on_by_last_turn[", i, "]"),
                                 p.fired_on_by_last_turn(i), units));
  }
  if (p.has_last_known_target()) {
    IMPI_RETURN_IF_ERROR(OnTableField(path + ".last_known_target", p.last_known_target().x(),
                                      p.last_known_target().y(), width, height));
  }
  IMPI_RETURN_IF_ERROR(CountField(path + ".losses_this_turn", p.losses_this_turn(), kMostPoolUnits,
                                  "more figures than a table holds"));
  IMPI_RETURN_IF_ERROR(CountField(path + ".created_turn", p.created_turn(), turn,
                                  "a unit is created on a turn already begun (state.clock.turn)"));
  // The perimeter or appearance point it came from: a point of the table, or 0.
  IMPI_RETURN_IF_ERROR(CountField(path + ".entry_point", p.entry_point(), most_point,
                                  "no point of the table (state.points) has a number so high (0: none)"));
  u->hand = static_cast<Hand>(p.hand());
  u->target_id = p.target_id();
  // The presence of last_known_target is the engine's has_last_known_target.
  u->has_last_known_target = p.has_last_known_target();
  u->last_known_target = Vec2(p.last_known_target().x(), p.last_known_target().y());
  u->fired_on_by_this_turn = Strings(p.fired_on_by_this_turn());
  u->fired_on_by_last_turn = Strings(p.fired_on_by_last_turn());
  u->losses_this_turn = p.losses_this_turn();
  u->created_turn = p.created_turn();
  u->entry_point = p.entry_point();
  return absl::OkStatus();
}

}  // namespace

absl::Status TsatfWire::StateFromProto(const v1::TableState& in, BattleState* out) const {
  IMPI_RETURN_IF_ERROR(CheckStateMember(in, "tsatf", kRulesetId));
  const v1::TsatfState& p = in.tsatf();
  TsatfState own;
  const v1::TsatfDeck& d = p.deck();
  // Bounds: "3 red cards and 3 black cards"; the last British card's
  // limitation is "a D6 of units"; the pools count units, at most the
  // table's limit of figures.
  IMPI_RETURN_IF_ERROR(CountField("state.tsatf.deck.red_left", d.red_left(), kCardsPerColour,
                                  "the deck has \"3 red cards and 3 black cards\""));
  IMPI_RETURN_IF_ERROR(CountField("state.tsatf.deck.black_left", d.black_left(), kCardsPerColour,
                                  "the deck has \"3 red cards and 3 black cards\""));
  if (!v1::CardColor_IsValid(d.current_card())) {
    return FieldError("state.tsatf.deck.current_card",
               absl::StrCat(d.current_card(), " is not a valid CardColor"));
  }
  IMPI_RETURN_IF_ERROR(CountField("state.tsatf.deck.zulu_cards_drawn", d.zulu_cards_drawn(), kCardsPerColour,
                                  "the deck has \"3 black cards\""));
  // -1 means "no limit" on the last British card.
  if (d.british_moves_left() < -1) {
    return FieldError("state.tsatf.deck.british_moves_left",
               absl::StrCat(d.british_moves_left(), " is below -1 (no limit)"));
  }
  if (d.british_moves_left() > 6) {
    return FieldError("state.tsatf.deck.british_moves_left",
                      absl::StrCat(d.british_moves_left(), " is over 6: \"only a D6 of units may move\""));
  }
  for (const auto& [field, value] : {std::pair<const char*, int>{"force_pool", p.force_pool()},
                                     {"committed", p.committed()},
                                     {"scenario_total", p.scenario_total()},
                                     {"impis_created", p.impis_created()}}) {
    IMPI_RETURN_IF_ERROR(CountField(absl::StrCat("state.tsatf.", field), value, kMostPoolUnits,
                                    "more units than a table holds figures"));
  }
  own.deck.red_left = d.red_left();
  own.deck.black_left = d.black_left();
  own.deck.current_card = static_cast<CardColor>(d.current_card());
  own.deck.zulu_cards_drawn = d.zulu_cards_drawn();
  own.deck.british_moves_left = d.british_moves_left();
  own.force_pool = p.force_pool();
  own.committed = p.committed();
  own.scenario_total = p.scenario_total();
  own.impis_created = p.impis_created();
  std::unordered_set<std::string> units, british, entries;
  for (const v1::Unit& u : in.units()) {
    units.insert(u.id());
    if (u.side() == v1::BRITISH) british.insert(u.id());
  }
  int most_point = 0;
  for (const v1::Point& pt : in.points()) most_point = std::max(most_point, pt.number());
  for (int i = 0; i < p.units_size(); ++i) {
    const std::string path = absl::StrCat("state.tsatf.units[", i, "]");
    const v1::TsatfUnit& pu = p.units(i);
    IMPI_RETURN_IF_ERROR(UnitRef(path + ".unit_id", pu.unit_id(), units));
    if (!entries.insert(pu.unit_id()).second) {
      return FieldError(path + ".unit_id",
                 absl::StrCat(Quoted(pu.unit_id()), " has an earlier entry; one entry a unit"));
    }
    // In the wire's order, by id: the engine keys the entries to its units'
    // places (MutableOwnState) when it first changes the state.
    TsatfUnit u;
    IMPI_RETURN_IF_ERROR(UnitFromProto(path, pu, units, british, in.table().width(), in.table().height(),
                                       std::max(1, in.clock().turn()), most_point, &u));
    own.units.push_back(std::move(u));
    own.ids.emplace_back(pu.unit_id());
  }
  out->ruleset_state = std::move(own);
  return absl::OkStatus();
}

void TsatfWire::StateToProto(const BattleState& in, v1::TableState* out) const {
  const TsatfState* own = OwnState(in);
  if (own == nullptr) {
    out->clear_tsatf();
    return;
  }
  v1::TsatfState* p = out->mutable_tsatf();
  p->Clear();
  const Deck& d = own->deck;
  v1::TsatfDeck* pd = p->mutable_deck();
  pd->set_red_left(d.red_left);
  pd->set_black_left(d.black_left);
  pd->set_current_card(static_cast<v1::CardColor>(d.current_card));
  pd->set_zulu_cards_drawn(d.zulu_cards_drawn);
  pd->set_british_moves_left(d.british_moves_left);
  if (pd->ByteSizeLong() == 0) p->clear_deck();
  p->set_force_pool(own->force_pool);
  p->set_committed(own->committed);
  p->set_scenario_total(own->scenario_total);
  p->set_impis_created(own->impis_created);
  std::vector<int> order;
  own->ByIdOrder(&order);
  for (int h : order) {
    const TsatfUnit& u = own->units[static_cast<size_t>(h)];
    const SharedString& id = own->ids[static_cast<size_t>(h)];
    if (u.Empty() || in.FindUnit(id) == nullptr) continue;
    v1::TsatfUnit* pu = p->add_units();
    pu->set_unit_id(id.str());
    pu->set_hand(static_cast<v1::Hand>(u.hand));
    pu->set_target_id(u.target_id.str());
    if (u.has_last_known_target) {
      pu->mutable_last_known_target()->set_x(u.last_known_target.x());
      pu->mutable_last_known_target()->set_y(u.last_known_target.y());
    }
    SetStrings(u.fired_on_by_this_turn, pu->mutable_fired_on_by_this_turn());
    SetStrings(u.fired_on_by_last_turn, pu->mutable_fired_on_by_last_turn());
    pu->set_losses_this_turn(u.losses_this_turn);
    pu->set_created_turn(u.created_turn);
    pu->set_entry_point(u.entry_point);
  }
}

absl::Status TsatfWire::QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const {
  IMPI_RETURN_IF_ERROR(CheckQuestionMember(in, Question::kField, kRulesetId));
  const v1::TsatfQuestion& p = in.tsatf();
  Question q;
  switch (p.kind_case()) {
    case v1::TsatfQuestion::KIND_NOT_SET:
      break;  // the rule set names the decision points it has
    case v1::TsatfQuestion::kStartOfTurn:
      q.kind = QuestionKind::kStartOfTurn;
      break;
    case v1::TsatfQuestion::kOnField:
      q.kind = QuestionKind::kOnField;
      q.point = p.on_field().point();
      break;
    case v1::TsatfQuestion::kTableEdge:
      q.kind = QuestionKind::kTableEdge;
      break;
    case v1::TsatfQuestion::kPerimeterPoint:
      q.kind = QuestionKind::kPerimeterPoint;
      break;
    case v1::TsatfQuestion::kImpiCreation: {
      const v1::ImpiCreationQuestion& c = p.impi_creation();
      q.kind = QuestionKind::kImpiCreation;
      q.special = c.special();
      q.point = c.appearance_point();
      q.perimeter_point = c.perimeter_point();
      q.has_at = c.has_at();
      q.at = Vec2(c.at().x(), c.at().y());
      break;
    }
    case v1::TsatfQuestion::kHand:
      q.kind = QuestionKind::kHand;
      q.unit_id = p.hand().unit_id();
      break;
    case v1::TsatfQuestion::kTarget:
      q.kind = QuestionKind::kTarget;
      q.unit_id = p.target().unit_id();
      break;
    case v1::TsatfQuestion::kTemptation:
      q.kind = QuestionKind::kTemptation;
      q.unit_id = p.temptation().unit_id();
      q.other_unit_id = p.temptation().tempting_unit_id();
      break;
    case v1::TsatfQuestion::kMoveTest:
      q.kind = QuestionKind::kMoveTest;
      q.unit_id = p.move_test().unit_id();
      q.perimeter_point = p.move_test().perimeter_point();
      break;
    case v1::TsatfQuestion::kZuluMove:
      q.kind = QuestionKind::kZuluMove;
      q.unit_id = p.zulu_move().unit_id();
      break;
    case v1::TsatfQuestion::kFireCard:
      q.kind = QuestionKind::kFireCard;
      break;
    case v1::TsatfQuestion::kLoneZulu: {
      const v1::LoneZuluQuestion& l = p.lone_zulu();
      if (!v1::LoneZuluEvent_IsValid(l.event())) {
        return absl::InvalidArgumentError(
            absl::StrCat("tsatf.lone_zulu.event: ", l.event(), " is not a valid LoneZuluEvent"));
      }
      q.kind = QuestionKind::kLoneZulu;
      q.unit_id = l.unit_id();
      q.lone_zulu_event = static_cast<LoneZuluEvent>(l.event());
      q.other_unit_id = l.british_unit_id();
      break;
    }
    case v1::TsatfQuestion::kTestToStand:
      q.kind = QuestionKind::kTestToStand;
      q.unit_id = p.test_to_stand().unit_id();
      q.other_unit_id = p.test_to_stand().charger_id();
      break;
    case v1::TsatfQuestion::kCriticalMorale:
      q.kind = QuestionKind::kCriticalMorale;
      q.unit_id = p.critical_morale().unit_id();
      break;
  }
  *out = std::move(q);
  return absl::OkStatus();
}

}  // namespace impi::tsatf
