// service/convert.cc: impi.v1 <-> engine conversion. See convert.h.
#include "service/convert.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/game/wire.h"
#include "service/validate.h"

namespace impi::service {
namespace {

// Enums: same numeric values on both sides (checked by validate.cc on the way
// in; the engine only produces values it knows on the way out).
template <typename To, typename From>
To Cast(From value) {
  return static_cast<To>(static_cast<int>(value));
}

Vec2 FromProto(const v1::Vec2& v) { return Vec2(v.x(), v.y()); }

void SetVec(const Vec2& v, v1::Vec2* out) {
  out->set_x(v.x());
  out->set_y(v.y());
}

bool IsZero(const Vec2& v) { return v.x() == 0.0 && v.y() == 0.0; }

HexCoord FromProto(const v1::Hex& h) { return HexCoord{h.q(), h.r()}; }

void SetHex(const HexCoord& h, v1::Hex* out) {
  out->set_q(h.q);
  out->set_r(h.r);
}

// Sub-messages that end up empty are cleared so that the JSON stays readable
// (proto3 reads an absent message as all zeros).
template <typename Message>
void ClearIfEmpty(Message* parent, bool (Message::*has)() const, void (Message::*clear)(),
                  size_t size) {
  if ((parent->*has)() && size == 0) (parent->*clear)();
}

// `in`: std::strings or SharedStrings (both read as const std::string&).
template <typename Text>
void SetStrings(const std::vector<Text>& in, google::protobuf::RepeatedPtrField<std::string>* out) {
  out->Clear();
  for (const Text& s : in) out->Add()->assign(static_cast<const std::string&>(s));
}

Unit UnitToEngine(const v1::Unit& p) {
  Unit u;
  u.id = p.id();
  u.side = Cast<Side>(p.side());
  u.kind = Cast<UnitKind>(p.kind());
  u.name = p.name();
  const v1::Figures& f = p.figures();
  u.figures.fit = f.fit();
  u.figures.wounded = f.wounded();
  u.figures.seriously_wounded = f.seriously_wounded();
  u.figures.casualties = f.casualties();
  u.figures.riflemen = f.riflemen();
  u.figures.starting = f.starting();
  u.leaders = p.leaders();
  u.position = FromProto(p.position());
  u.hex = FromProto(p.hex());
  u.off_table = p.off_table();
  u.facing = p.facing();
  u.formation = Cast<Formation>(p.formation());
  u.stance = Cast<Stance>(p.stance());
  const v1::UnitStatus& s = p.status();
  u.status.pinned = s.pinned();
  u.status.retiring = s.retiring();
  u.status.routed = s.routed();
  u.status.shaken = s.shaken();
  u.status.disordered = s.disordered();
  u.status.broken = s.broken();
  u.status.acted = s.acted();
  u.status.fired = s.fired();
  u.status.in_close_combat = s.in_close_combat();
  u.status.bayonets_fixed = s.bayonets_fixed();
  u.status.limbered = s.limbered();
  u.status.ammunition = Cast<Ammunition>(s.ammunition());
  u.status.may_not_fire = s.may_not_fire();
  u.status.below_half = s.below_half();
  u.status.surrounded = s.surrounded();
  u.status.turns_fired = s.turns_fired();
  u.status.runner_out = s.runner_out();
  u.status.ordered = s.ordered();
  u.parent = p.parent();
  u.red_coat = p.red_coat();
  return u;
}

void UnitToProto(const Unit& u, v1::Unit* p) {
  p->set_id(u.id);
  p->set_side(Cast<v1::Side>(u.side));
  p->set_kind(Cast<v1::UnitKind>(u.kind));
  p->set_name(u.name.str());
  v1::Figures* f = p->mutable_figures();
  f->set_fit(u.figures.fit);
  f->set_wounded(u.figures.wounded);
  f->set_seriously_wounded(u.figures.seriously_wounded);
  f->set_casualties(u.figures.casualties);
  f->set_riflemen(u.figures.riflemen);
  f->set_starting(u.figures.starting);
  ClearIfEmpty(p, &v1::Unit::has_figures, &v1::Unit::clear_figures, f->ByteSizeLong());
  p->set_leaders(u.leaders);
  SetVec(u.position, p->mutable_position());  // always: a unit at the origin says so
  if (u.hex.q != 0 || u.hex.r != 0) SetHex(u.hex, p->mutable_hex());
  p->set_off_table(u.off_table);
  p->set_facing(u.facing);
  p->set_formation(Cast<v1::Formation>(u.formation));
  p->set_stance(Cast<v1::Stance>(u.stance));
  v1::UnitStatus* s = p->mutable_status();
  s->set_pinned(u.status.pinned);
  s->set_retiring(u.status.retiring);
  s->set_routed(u.status.routed);
  s->set_shaken(u.status.shaken);
  s->set_disordered(u.status.disordered);
  s->set_broken(u.status.broken);
  s->set_acted(u.status.acted);
  s->set_fired(u.status.fired);
  s->set_in_close_combat(u.status.in_close_combat);
  s->set_bayonets_fixed(u.status.bayonets_fixed);
  s->set_limbered(u.status.limbered);
  s->set_ammunition(Cast<v1::Ammunition>(u.status.ammunition));
  s->set_may_not_fire(u.status.may_not_fire);
  s->set_below_half(u.status.below_half);
  s->set_surrounded(u.status.surrounded);
  s->set_turns_fired(u.status.turns_fired);
  s->set_runner_out(u.status.runner_out);
  s->set_ordered(u.status.ordered);
  ClearIfEmpty(p, &v1::Unit::has_status, &v1::Unit::clear_status, s->ByteSizeLong());
  p->set_parent(u.parent);
  p->set_red_coat(u.red_coat);
}

Terrain TerrainToEngine(const v1::Terrain& p) {
  Terrain t;
  t.id = p.id();
  t.kind = Cast<TerrainKind>(p.kind());
  t.name = p.name();
  t.outline.reserve(p.outline_size());
  for (const v1::Vec2& v : p.outline()) t.outline.push_back(FromProto(v));
  t.open = p.open();
  t.cover_class = p.cover_class();
  t.blocks_los = p.blocks_los();
  t.impassable = p.impassable();
  t.move_factor = p.move_factor();
  t.hexes.reserve(p.hexes_size());
  for (const v1::Hex& h : p.hexes()) t.hexes.push_back(FromProto(h));
  return t;
}

void TerrainToProto(const Terrain& t, v1::Terrain* p) {
  p->set_id(t.id);
  p->set_kind(Cast<v1::TerrainKind>(t.kind));
  p->set_name(t.name);
  for (const Vec2& v : t.outline) SetVec(v, p->add_outline());
  p->set_open(t.open);
  p->set_cover_class(t.cover_class);
  p->set_blocks_los(t.blocks_los);
  p->set_impassable(t.impassable);
  p->set_move_factor(t.move_factor);
  for (const HexCoord& h : t.hexes) SetHex(h, p->add_hexes());
}

Point PointToEngine(const v1::Point& p) {
  Point pt;
  pt.kind = Cast<PointKind>(p.kind());
  pt.number = p.number();
  pt.position = FromProto(p.position());
  pt.hex = FromProto(p.hex());
  pt.terrain_class = p.terrain_class();
  pt.hidden = p.hidden();
  pt.state = Cast<PointState>(p.state());
  pt.marker = Cast<Marker>(p.marker());
  pt.marked_force = Cast<ForceKind>(p.marked_force());
  pt.british_entry = p.british_entry();
  pt.name = p.name();
  return pt;
}

void PointToProto(const Point& pt, v1::Point* p) {
  p->set_kind(Cast<v1::PointKind>(pt.kind));
  p->set_number(pt.number);
  SetVec(pt.position, p->mutable_position());
  if (pt.hex.q != 0 || pt.hex.r != 0) SetHex(pt.hex, p->mutable_hex());
  p->set_terrain_class(pt.terrain_class);
  p->set_hidden(pt.hidden);
  p->set_state(Cast<v1::PointState>(pt.state));
  p->set_marker(Cast<v1::Marker>(pt.marker));
  p->set_marked_force(Cast<v1::ForceKind>(pt.marked_force));
  p->set_british_entry(pt.british_entry);
  p->set_name(pt.name);
}

}  // namespace

v1::Ruleset RulesetFromName(const std::string& name) {
  v1::Ruleset r = v1::RULESET_UNSPECIFIED;
  if (!v1::Ruleset_Parse(name, &r)) return v1::RULESET_UNSPECIFIED;
  return r;
}

std::string RulesetIdOf(const v1::TableState& state) {
  return state.ruleset() == v1::RULESET_UNSPECIFIED ? state.ruleset_id()
                                                    : v1::Ruleset_Name(state.ruleset());
}

BattleState ToEngine(const v1::TableState& p) {
  BattleState s;
  s.ruleset = RulesetIdOf(p);
  s.scenario = p.scenario();
  s.scale = Cast<Scale>(p.scale());
  s.table.width = p.table().width();
  s.table.height = p.table().height();
  s.table.hex_columns = p.table().hex_columns();
  s.table.hex_rows = p.table().hex_rows();
  const v1::Clock& c = p.clock();
  s.clock.turn = c.turn();
  s.clock.phase = Cast<Phase>(c.phase());
  s.clock.time_of_day = c.time_of_day();
  s.clock.minutes_per_turn = c.minutes_per_turn();
  s.units.reserve(p.units_size());
  for (const v1::Unit& u : p.units()) s.units.push_back(UnitToEngine(u));
  s.terrain.reserve(p.terrain_size());
  for (const v1::Terrain& t : p.terrain()) s.terrain.push_back(TerrainToEngine(t));
  s.points.reserve(p.points_size());
  for (const v1::Point& pt : p.points()) s.points.push_back(PointToEngine(pt));
  s.next_unit_serial = p.next_unit_serial();
  for (const v1::Parameter& param : p.parameters()) {
    s.parameters.push_back(Parameter{param.name(), param.value()});
  }
  // The rule set's own state (input assumed valid: CheckedRulesetState
  // reports a bad one on a request).
  if (const RulesetWire* w = FindWire(s.ruleset)) w->StateFromProto(p, &s).IgnoreError();
  return s;
}

void ToProto(const BattleState& s, v1::TableState* p) {
  p->Clear();
  p->set_ruleset(RulesetFromName(s.ruleset));
  // A registered rule set the contract's enum does not name: by its id.
  if (p->ruleset() == v1::RULESET_UNSPECIFIED) p->set_ruleset_id(s.ruleset);
  p->set_scenario(s.scenario);
  p->set_scale(Cast<v1::Scale>(s.scale));
  v1::TableGeometry* t = p->mutable_table();
  t->set_width(s.table.width);
  t->set_height(s.table.height);
  t->set_hex_columns(s.table.hex_columns);
  t->set_hex_rows(s.table.hex_rows);
  v1::Clock* c = p->mutable_clock();
  c->set_turn(s.clock.turn);
  c->set_phase(Cast<v1::Phase>(s.clock.phase));
  c->set_time_of_day(s.clock.time_of_day);
  c->set_minutes_per_turn(s.clock.minutes_per_turn);
  for (const Unit& u : s.units) UnitToProto(u, p->add_units());
  for (const Terrain& tr : s.terrain) TerrainToProto(tr, p->add_terrain());
  for (const Point& pt : s.points) PointToProto(pt, p->add_points());
  p->set_next_unit_serial(s.next_unit_serial);
  for (const Parameter& param : s.parameters) {
    v1::Parameter* pp = p->add_parameters();
    pp->set_name(param.name);
    pp->set_value(param.value);
  }
  if (const RulesetWire* w = FindWire(s.ruleset)) w->StateToProto(s, p);
}

Action ToEngine(const v1::Action& p) {
  Action a;
  a.kind = Cast<ActionKind>(p.kind());
  a.unit_id = p.unit_id();
  a.to = FromProto(p.to());
  a.path.reserve(p.path_size());
  for (const v1::Vec2& v : p.path()) a.path.push_back(FromProto(v));
  a.target_id = p.target_id();
  a.hits = p.hits();
  a.casualties = p.casualties();
  a.stance = Cast<Stance>(p.stance());
  a.off_table = p.off_table();
  a.point = p.point();
  ActionExtraFromWire(p, &a);  // a rule set's own fields (Empress's range_estimate)
  if (p.has_to_hex()) a.to_hex = HexCoord{p.to_hex().q(), p.to_hex().r()};
  return a;
}

void ToProto(const Action& a, v1::Action* p) {
  p->Clear();
  p->set_kind(Cast<v1::ActionKind>(a.kind));
  p->set_unit_id(a.unit_id);
  if (a.kind == ActionKind::kMove || a.kind == ActionKind::kDeploy || !IsZero(a.to)) {
    SetVec(a.to, p->mutable_to());
  }
  for (const Vec2& v : a.path) SetVec(v, p->add_path());
  p->set_target_id(a.target_id);
  p->set_hits(a.hits);
  p->set_casualties(a.casualties);
  p->set_stance(Cast<v1::Stance>(a.stance));
  p->set_off_table(a.off_table);
  p->set_point(a.point);
  ActionExtraToWire(a, p);
  if (a.to_hex.has_value()) {
    p->mutable_to_hex()->set_q(a.to_hex->q);
    p->mutable_to_hex()->set_r(a.to_hex->r);
  }
}

DieKind ToEngine(v1::DieKind kind) {
  switch (kind) {
    case v1::AVERAGE: return DieKind::kAverage;
    case v1::ARROW: return DieKind::kArrow;
    default: return DieKind::kD;  // D, and UNSPECIFIED read as D
  }
}

v1::DieKind ToProto(DieKind kind) {
  switch (kind) {
    case DieKind::kAverage: return v1::AVERAGE;
    case DieKind::kArrow: return v1::ARROW;
    case DieKind::kD: break;
  }
  return v1::D;
}

DiceSpec ToEngine(const v1::DiceSource& p) {
  DiceSpec d;
  if (p.source_case() == v1::DiceSource::kScripted) {
    d.scripted = true;
    d.faces.assign(p.scripted().dice().begin(), p.scripted().dice().end());
    d.of_kind.reserve(p.scripted().dice_of_kind_size());
    for (const v1::ScriptedDie& die : p.scripted().dice_of_kind()) {
      d.of_kind.push_back(Dice::ScriptedDie{ToEngine(die.kind()), die.face()});
    }
    d.cards.reserve(p.scripted().cards_size());
    for (int c : p.scripted().cards()) d.cards.push_back(Cast<CardColor>(c));
  } else {
    d.seed = p.seed();
  }
  return d;
}

// The contract's PolicyKind and the engine's share their numbers.
static_assert(static_cast<int>(PolicyKind::kRules) == v1::RULES);
static_assert(static_cast<int>(PolicyKind::kMcts) == v1::MCTS);
static_assert(static_cast<int>(PolicyKind::kRandom) == v1::RANDOM);

PolicySpec ToEngine(const v1::Policy& p) {
  PolicySpec s;
  s.kind =
      p.kind() == v1::POLICY_KIND_UNSPECIFIED ? PolicyKind::kRules : Cast<PolicyKind>(p.kind());
  s.iterations = p.iterations();
  s.milliseconds = p.milliseconds();
  s.threads = p.threads();
  return s;
}

absl::StatusOr<Question> QuestionFromProto(const v1::AskRequest& request,
                                           std::string_view ruleset) {
  IMPI_RETURN_IF_ERROR(ValidateQuestionSet(request));
  // The decision awaited now: any rule set's, no adapter's.
  if (request.question_case() == v1::AskRequest::kNextDecision) return Question(NextDecision{});
  const RulesetWire* w = FindWire(ruleset);
  if (w == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("question: ", std::string(ruleset), " has no decision points to ask about"));
  }
  Question q;
  IMPI_RETURN_IF_ERROR(w->QuestionFromProto(request, &q));
  return q;
}

void ToProto(const DiceSpec& d, v1::DiceSource* p) {
  p->Clear();
  if (!d.scripted) {
    p->set_seed(d.seed);
    return;
  }
  v1::ScriptedDice* s = p->mutable_scripted();
  for (int f : d.faces) s->add_dice(f);
  for (const Dice::ScriptedDie& die : d.of_kind) {
    v1::ScriptedDie* out = s->add_dice_of_kind();
    out->set_kind(ToProto(die.kind));
    out->set_face(die.face);
  }
  for (CardColor c : d.cards) s->add_cards(Cast<v1::CardColor>(c));
}

DieRoll ToEngine(const v1::DieRoll& p) {
  DieRoll d;
  d.index = p.index();
  d.purpose = p.purpose();
  d.kind = ToEngine(p.kind());
  d.sides = p.sides();
  d.count = p.count();
  d.faces.assign(p.faces().begin(), p.faces().end());
  d.result = p.result();
  for (const v1::Modifier& m : p.modifiers()) d.modifiers.push_back(Modifier{m.reason(), m.value()});
  d.total = p.total();
  return d;
}

void ToProto(const DieRoll& d, v1::DieRoll* p) {
  p->set_index(d.index);
  p->set_purpose(d.purpose);
  p->set_kind(ToProto(d.kind));
  p->set_sides(d.sides);
  p->set_count(d.count);
  for (int f : d.faces) p->add_faces(f);
  p->set_result(d.result);
  for (const Modifier& m : d.modifiers) {
    v1::Modifier* pm = p->add_modifiers();
    pm->set_reason(m.reason);
    pm->set_value(m.value);
  }
  p->set_total(d.total);
}

void ToProto(const Awaiting& a, v1::Awaiting* p) {
  p->set_side(Cast<v1::Side>(a.side));
  p->set_kind(Cast<v1::AwaitKind>(a.kind));
  p->set_prompt(a.prompt);
  p->set_units_may_move(a.units_may_move);
  SetStrings(a.unit_ids, p->mutable_unit_ids());
}

void ToProto(const Explanation& why, v1::Ruleset ruleset, v1::Explanation* p) {
  v1::RuleRef* r = p->mutable_rule();
  r->set_ruleset(ruleset);
  r->set_source(why.rule.source);
  r->set_section(why.rule.section);
  r->set_table(why.rule.table);
  r->set_row(why.rule.row);
  r->set_designed(why.rule.designed);
  for (const DieRoll& d : why.dice) ToProto(d, p->add_dice());
  p->set_text(why.text);
  const SearchStats& st = why.search;
  if (st.iterations != 0 || st.milliseconds != 0 || st.value != 0.0 || st.threads != 0) {
    v1::SearchStats* ps = p->mutable_search();
    ps->set_iterations(st.iterations);
    ps->set_milliseconds(st.milliseconds);
    ps->set_value(st.value);
    ps->set_threads(st.threads);
  }
}

void ToProto(const Event& e, v1::Ruleset ruleset, v1::Event* p) {
  p->set_seq(e.seq);
  p->set_kind(Cast<v1::EventKind>(e.kind));
  p->set_side(Cast<v1::Side>(e.side));
  SetStrings(e.unit_ids, p->mutable_unit_ids());
  p->set_point(e.point);
  p->set_point_kind(Cast<v1::PointKind>(e.point_kind));
  p->set_target_id(e.target_id);
  for (const Vec2& v : e.path) SetVec(v, p->add_path());
  const Explanation& why = e.why;
  const bool has_why = !why.rule.source.empty() || !why.rule.section.empty() ||
                       !why.rule.table.empty() || !why.rule.row.empty() || why.rule.designed ||
                       !why.dice.empty() || !why.text.empty() || why.search.iterations != 0 ||
                       why.search.milliseconds != 0;
  if (has_why) ToProto(why, ruleset, p->mutable_why());
  p->set_announce(e.announce);
  p->set_umpire_only(e.umpire_only);
  for (const Alternative& a : e.alternatives) {
    v1::Alternative* pa = p->add_alternatives();
    pa->set_description(a.description);
    pa->set_why_not(a.why_not);
  }
  p->set_decision(e.decision);
}

void StepResultToProto(const StepResult& r, v1::AdvanceResponse* out) {
  out->Clear();
  const v1::Ruleset ruleset = RulesetFromName(r.state.ruleset);
  for (const Event& e : r.events) ToProto(e, ruleset, out->add_events());
  ToProto(r.state, out->mutable_state());
  ToProto(r.awaiting, out->mutable_awaiting());
  for (const DieRoll& d : r.dice) ToProto(d, out->add_dice());
}

void StepResultToProto(const StepResult& r, v1::AskResponse* out) {
  out->Clear();
  const v1::Ruleset ruleset = RulesetFromName(r.state.ruleset);
  if (r.decision >= 0 && r.decision < static_cast<int>(r.events.size())) {
    ToProto(r.events[r.decision], ruleset, out->mutable_decision());
  }
  for (const Event& e : r.events) ToProto(e, ruleset, out->add_events());
  ToProto(r.state, out->mutable_state());
  for (const DieRoll& d : r.dice) ToProto(d, out->add_dice());
}

void FillDescribe(const std::string& version, int max_message_bytes, v1::DescribeResponse* out) {
  out->Clear();
  out->set_version(version);
  // Every rule set of the contract: the engine's status where it has one,
  // "planned" where it has none yet; then every registered rule set the
  // contract's enum does not name, by its id.
  const google::protobuf::EnumDescriptor* rulesets = v1::Ruleset_descriptor();
  for (int i = 0; i < rulesets->value_count(); ++i) {
    const google::protobuf::EnumValueDescriptor* value = rulesets->value(i);
    if (value->number() == v1::RULESET_UNSPECIFIED) continue;
    v1::RulesetInfo* info = out->add_rulesets();
    info->set_ruleset(static_cast<v1::Ruleset>(value->number()));
    info->set_ruleset_id(value->name());
    const Ruleset* rules = FindRuleset(value->name());
    info->set_status(rules != nullptr ? std::string(rules->status()) : "planned");
    if (rules != nullptr) {
      info->set_source(std::string(rules->source()));
      info->set_title(std::string(rules->title()));
    }
  }
  for (const Ruleset* rules : AllRulesets()) {
    if (RulesetFromName(std::string(rules->id())) != v1::RULESET_UNSPECIFIED) continue;
    v1::RulesetInfo* info = out->add_rulesets();
    info->set_ruleset_id(std::string(rules->id()));
    info->set_status(std::string(rules->status()));
    info->set_source(std::string(rules->source()));
    info->set_title(std::string(rules->title()));
  }
  out->set_max_units(kMaxUnits);
  out->set_max_terrain_vertices(kMaxTerrainVertices);
  out->set_max_message_bytes(max_message_bytes);
}

namespace {

// The rule set's own checks, after the generic ones passed.
absl::StatusOr<BattleState> ConvertCheckedState(const v1::TableState& state) {
  IMPI_ASSIGN_OR_RETURN(const Ruleset* rules, RulesetFor(state));
  BattleState s = ToEngine(state);
  // The rule set's own state: its adapter checks it, and a rule set with
  // none takes no ruleset_state member.
  if (const RulesetWire* w = FindWire(s.ruleset)) {
    IMPI_RETURN_IF_ERROR(w->StateFromProto(state, &s));
  } else if (state.ruleset_state_case() != v1::TableState::RULESET_STATE_NOT_SET) {
    const auto* oneof = state.GetDescriptor()->FindOneofByName("ruleset_state");
    const auto* field = state.GetReflection()->GetOneofFieldDescriptor(state, oneof);
    return absl::InvalidArgumentError(absl::StrCat("state.", field->name(), ": is not part of a ",
                                                   s.ruleset, " state"));
  }
  IMPI_RETURN_IF_ERROR(rules->Validate(s));
  return s;
}

}  // namespace

absl::StatusOr<BattleState> StateFromProto(const v1::TableState& state) {
  IMPI_RETURN_IF_ERROR(ValidateTableState(state));
  return ConvertCheckedState(state);
}

// Order of checks: the state (generic, then the rule set's), then the rest of
// the request, so that the first error reported is the most basic one.
absl::StatusOr<AdvanceInput> AdvanceFromProto(const v1::AdvanceRequest& request) {
  AdvanceInput in;
  IMPI_ASSIGN_OR_RETURN(in.state, StateFromProto(request.state()));
  IMPI_RETURN_IF_ERROR(ValidateBritishActions(request.british_actions(), request.state()));
  IMPI_RETURN_IF_ERROR(ValidateDice(request.dice()));
  IMPI_RETURN_IF_ERROR(ValidatePolicy(request.zulu_policy(), "zulu_policy"));
  in.british.reserve(request.british_actions_size());
  for (const v1::Action& a : request.british_actions()) in.british.push_back(ToEngine(a));
  in.policy = ToEngine(request.zulu_policy());
  in.dice = ToEngine(request.dice());
  in.british_view = request.british_view();
  return in;
}

absl::StatusOr<AskInput> AskFromProto(const v1::AskRequest& request) {
  AskInput in;
  IMPI_ASSIGN_OR_RETURN(in.state, StateFromProto(request.state()));
  IMPI_ASSIGN_OR_RETURN(in.question, QuestionFromProto(request, in.state.ruleset));
  IMPI_RETURN_IF_ERROR(ValidateDice(request.dice()));
  IMPI_RETURN_IF_ERROR(ValidatePolicy(request.policy(), "policy"));
  in.policy = ToEngine(request.policy());
  in.dice = ToEngine(request.dice());
  return in;
}

}  // namespace impi::service
