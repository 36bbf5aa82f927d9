// service/validate.cc: the generic request checks. See validate.h.
#include "service/validate.h"

#include <cmath>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "engine/core/dice.h"
#include "engine/core/status_macros.h"
#include "engine/game/wire.h"

namespace impi::service {
namespace {

using google::protobuf::RepeatedPtrField;

absl::Status Invalid(absl::string_view path, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", what));
}

std::string Index(absl::string_view path, int i) { return absl::StrCat(path, "[", i, "]"); }

std::string Field(absl::string_view path, absl::string_view name) {
  return absl::StrCat(path, ".", name);
}

absl::Status NotNegative(absl::string_view path, int64_t value) {
  if (value < 0) return Invalid(path, absl::StrCat(value, " is negative"));
  return absl::OkStatus();
}

absl::Status InRange(absl::string_view path, int64_t value, int64_t lo, int64_t hi) {
  if (value < lo || value > hi) {
    return Invalid(path, absl::StrCat(value, " is out of range ", lo, "..", hi));
  }
  return absl::OkStatus();
}

absl::Status Finite(absl::string_view path, double value) {
  if (!std::isfinite(value)) return Invalid(path, absl::StrCat(value, " is not finite"));
  return absl::OkStatus();
}

absl::Status FiniteVec(absl::string_view path, const v1::Vec2& v) {
  IMPI_RETURN_IF_ERROR(Finite(Field(path, "x"), v.x()));
  IMPI_RETURN_IF_ERROR(Finite(Field(path, "y"), v.y()));
  return absl::OkStatus();
}

absl::Status FiniteVecs(absl::string_view path, const RepeatedPtrField<v1::Vec2>& vs) {
  for (int i = 0; i < vs.size(); ++i) IMPI_RETURN_IF_ERROR(FiniteVec(Index(path, i), vs[i]));
  return absl::OkStatus();
}

// An enum field: `is_valid` is the generated <Enum>_IsValid.
absl::Status ValidEnum(absl::string_view path, int value, bool (*is_valid)(int),
                       absl::string_view type) {
  if (!is_valid(value)) return Invalid(path, absl::StrCat(value, " is not a valid ", type));
  return absl::OkStatus();
}

absl::Status AtMost(absl::string_view path, int64_t count, int64_t limit, absl::string_view what) {
  if (count > limit) {
    return Invalid(path, absl::StrCat(count, " ", what, ", at most ", limit));
  }
  return absl::OkStatus();
}

// The geometry every position check needs.
struct Table {
  bool open = true;  // an open table in inches (not a hex map)
  double width = 0.0;
  double height = 0.0;

  bool Contains(const v1::Vec2& p) const {
    return p.x() >= 0.0 && p.x() <= width && p.y() >= 0.0 && p.y() <= height;
  }
  std::string OffTable(const v1::Vec2& p) const {
    return absl::StrCat("(", p.x(), ", ", p.y(), ") is off the ", width, " x ", height, " table");
  }
};

Table TableOf(const v1::TableState& state) {
  Table t;
  t.open = state.table().hex_columns() == 0;
  t.width = state.table().width();
  t.height = state.table().height();
  return t;
}

// Unit id -> index in state.units. Built once the ids are known to be unique.
using UnitIndex = std::unordered_map<std::string, int>;

UnitIndex IndexUnits(const v1::TableState& state) {
  UnitIndex index;
  index.reserve(state.units_size());
  for (int i = 0; i < state.units_size(); ++i) index.emplace(state.units(i).id(), i);
  return index;
}

// A reference to a unit: empty is allowed unless `required`.
absl::Status UnitRef(absl::string_view path, const std::string& id, const UnitIndex& units,
                     bool required = false) {
  if (id.empty()) {
    if (required) return Invalid(path, "is required");
    return absl::OkStatus();
  }
  if (units.find(id) == units.end()) {
    return Invalid(path, absl::StrCat("no unit has id ", Quoted(id)));
  }
  return absl::OkStatus();
}

absl::Status ValidateTableGeometry(absl::string_view path, const v1::TableGeometry& table) {
  IMPI_RETURN_IF_ERROR(Finite(Field(path, "width"), table.width()));
  IMPI_RETURN_IF_ERROR(Finite(Field(path, "height"), table.height()));
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "hex_columns"), table.hex_columns()));
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "hex_rows"), table.hex_rows()));
  if (table.hex_columns() == 0) {
    // An open table in inches.
    if (table.width() <= 0.0) {
      return Invalid(Field(path, "width"), absl::StrCat(table.width(), " must be > 0"));
    }
    if (table.height() <= 0.0) {
      return Invalid(Field(path, "height"), absl::StrCat(table.height(), " must be > 0"));
    }
  } else if (table.hex_rows() <= 0) {
    return Invalid(Field(path, "hex_rows"),
                   absl::StrCat(table.hex_rows(), " must be > 0 on a hex map"));
  }
  return absl::OkStatus();
}

absl::Status ValidateClock(absl::string_view path, const v1::Clock& clock, const UnitIndex& /*units*/) {
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "turn"), clock.turn()));
  IMPI_RETURN_IF_ERROR(ValidEnum(Field(path, "phase"), clock.phase(), v1::Phase_IsValid, "Phase"));
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "time_of_day"), clock.time_of_day()));
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "minutes_per_turn"), clock.minutes_per_turn()));
  return absl::OkStatus();
}

// A count of figures or leaders: 0..kMaxFigures.
absl::Status FigureCount(absl::string_view path, int64_t value) {
  IMPI_RETURN_IF_ERROR(NotNegative(path, value));
  if (value > kMaxFigures) {
    return Invalid(path, absl::StrCat(value, " is over the limit of ", kMaxFigures));
  }
  return absl::OkStatus();
}

absl::Status ValidateFigures(absl::string_view path, const v1::Figures& f) {
  IMPI_RETURN_IF_ERROR(FigureCount(Field(path, "fit"), f.fit()));
  IMPI_RETURN_IF_ERROR(FigureCount(Field(path, "wounded"), f.wounded()));
  IMPI_RETURN_IF_ERROR(FigureCount(Field(path, "seriously_wounded"), f.seriously_wounded()));
  IMPI_RETURN_IF_ERROR(FigureCount(Field(path, "casualties"), f.casualties()));
  IMPI_RETURN_IF_ERROR(FigureCount(Field(path, "riflemen"), f.riflemen()));
  IMPI_RETURN_IF_ERROR(FigureCount(Field(path, "starting"), f.starting()));
  return absl::OkStatus();
}

absl::Status ValidateUnit(absl::string_view path, const v1::Unit& unit, const UnitIndex& units,
                          const Table& table) {
  IMPI_RETURN_IF_ERROR(ValidEnum(Field(path, "side"), unit.side(), v1::Side_IsValid, "Side"));
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "kind"), unit.kind(), v1::UnitKind_IsValid, "UnitKind"));
  IMPI_RETURN_IF_ERROR(ValidateFigures(Field(path, "figures"), unit.figures()));
  IMPI_RETURN_IF_ERROR(FigureCount(Field(path, "leaders"), unit.leaders()));
  IMPI_RETURN_IF_ERROR(FiniteVec(Field(path, "position"), unit.position()));
  IMPI_RETURN_IF_ERROR(Finite(Field(path, "facing"), unit.facing()));
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "formation"), unit.formation(), v1::Formation_IsValid, "Formation"));
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "stance"), unit.stance(), v1::Stance_IsValid, "Stance"));
  IMPI_RETURN_IF_ERROR(ValidEnum(Field(path, "status.ammunition"), unit.status().ammunition(),
                                 v1::Ammunition_IsValid, "Ammunition"));
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "status.turns_fired"), unit.status().turns_fired()));
  IMPI_RETURN_IF_ERROR(UnitRef(Field(path, "parent"), unit.parent(), units));
  if (table.open && !unit.off_table() && !table.Contains(unit.position())) {
    return Invalid(Field(path, "position"), absl::StrCat(table.OffTable(unit.position()),
                                                         " (set off_table for a unit not on it)"));
  }
  return absl::OkStatus();
}

absl::Status ValidateTerrain(absl::string_view path, const v1::Terrain& terrain) {
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "kind"), terrain.kind(), v1::TerrainKind_IsValid, "TerrainKind"));
  IMPI_RETURN_IF_ERROR(FiniteVecs(Field(path, "outline"), terrain.outline()));
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "cover_class"), terrain.cover_class()));
  IMPI_RETURN_IF_ERROR(Finite(Field(path, "move_factor"), terrain.move_factor()));
  if (terrain.move_factor() < 0.0) {
    return Invalid(Field(path, "move_factor"), absl::StrCat(terrain.move_factor(), " is negative"));
  }
  return absl::OkStatus();
}

absl::Status ValidatePoint(absl::string_view path, const v1::Point& point) {
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "kind"), point.kind(), v1::PointKind_IsValid, "PointKind"));
  if (point.kind() == v1::POINT_KIND_UNSPECIFIED)
    return Invalid(Field(path, "kind"), "is required");
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "number"), point.number()));
  IMPI_RETURN_IF_ERROR(FiniteVec(Field(path, "position"), point.position()));
  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "terrain_class"), point.terrain_class()));
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "state"), point.state(), v1::PointState_IsValid, "PointState"));
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "marker"), point.marker(), v1::Marker_IsValid, "Marker"));
  IMPI_RETURN_IF_ERROR(ValidEnum(Field(path, "marked_force"), point.marked_force(),
                                 v1::ForceKind_IsValid, "ForceKind"));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<const Ruleset*> RulesetFor(const v1::TableState& state, std::string_view path_in) {
  const absl::string_view path(path_in.data(), path_in.size());
  const std::string field = Field(path, "ruleset");
  if (state.ruleset() == v1::RULESET_UNSPECIFIED) {
    // A registered rule set the contract's enum does not name, by its id.
    const std::string id_field = Field(path, "ruleset_id");
    if (state.ruleset_id().empty()) return Invalid(field, "is required (or ruleset_id)");
    const Ruleset* rules = FindRuleset(state.ruleset_id());
    if (rules == nullptr) {
      return Invalid(id_field, absl::StrCat(Quoted(state.ruleset_id()),
                                            " is not a rule set of this build (Describe lists them)"));
    }
    if (v1::Ruleset named; v1::Ruleset_Parse(state.ruleset_id(), &named)) {
      return Invalid(id_field, absl::StrCat(Quoted(state.ruleset_id()), " is named by the enum: set ruleset"));
    }
    if (rules->status() != "full") {
      return absl::FailedPreconditionError(
          absl::StrCat(id_field, ": ", state.ruleset_id(), " is not implemented yet"));
    }
    return rules;
  }
  if (!state.ruleset_id().empty()) {
    return Invalid(Field(path, "ruleset_id"), "is for a rule set the enum does not name: leave it empty");
  }
  IMPI_RETURN_IF_ERROR(ValidEnum(field, state.ruleset(), v1::Ruleset_IsValid, "Ruleset"));
  const std::string& name = v1::Ruleset_Name(state.ruleset());
  const Ruleset* rules = FindRuleset(name);
  if (rules == nullptr || rules->status() != "full") {
    return absl::FailedPreconditionError(absl::StrCat(
        field, ": ", name, " is not implemented yet",
        rules == nullptr ? "" : absl::StrCat(" (status \"", std::string(rules->status()), "\")")));
  }
  return rules;
}

absl::Status ValidateTableState(const v1::TableState& state, std::string_view path_in) {
  const absl::string_view path(path_in.data(), path_in.size());
  IMPI_RETURN_IF_ERROR(RulesetFor(state, std::string_view(path.data(), path.size())).status());
  IMPI_RETURN_IF_ERROR(ValidEnum(Field(path, "scale"), state.scale(), v1::Scale_IsValid, "Scale"));

  // Limits first, so that nothing below runs over a huge list.
  IMPI_RETURN_IF_ERROR(AtMost(Field(path, "units"), state.units_size(), kMaxUnits, "units"));
  IMPI_RETURN_IF_ERROR(AtMost(Field(path, "points"), state.points_size(), kMaxPoints, "points"));
  IMPI_RETURN_IF_ERROR(
      AtMost(Field(path, "parameters"), state.parameters_size(), kMaxParameters, "parameters"));
  int64_t vertices = 0;
  for (const v1::Terrain& t : state.terrain()) vertices += t.outline_size() + t.hexes_size();
  IMPI_RETURN_IF_ERROR(
      AtMost(Field(path, "terrain"), vertices, kMaxTerrainVertices, "vertices and hexes in all"));

  IMPI_RETURN_IF_ERROR(ValidateTableGeometry(Field(path, "table"), state.table()));
  const Table table = TableOf(state);

  // Unit ids: present and unique.
  const std::string units_path = Field(path, "units");
  std::unordered_map<std::string, int> first_with_id;
  first_with_id.reserve(state.units_size());
  for (int i = 0; i < state.units_size(); ++i) {
    const std::string& id = state.units(i).id();
    const std::string id_path = Field(Index(units_path, i), "id");
    if (id.empty()) return Invalid(id_path, "is required");
    IMPI_RETURN_IF_ERROR(AtMost(id_path, static_cast<int64_t>(id.size()), kMaxIdBytes, "bytes"));
    auto [it, inserted] = first_with_id.emplace(id, i);
    if (!inserted) {
      return Invalid(id_path, absl::StrCat("duplicate of ", Index(units_path, it->second)));
    }
  }
  const UnitIndex units = IndexUnits(state);

  IMPI_RETURN_IF_ERROR(ValidateClock(Field(path, "clock"), state.clock(), units));
  for (int i = 0; i < state.units_size(); ++i) {
    IMPI_RETURN_IF_ERROR(ValidateUnit(Index(units_path, i), state.units(i), units, table));
  }
  for (int i = 0; i < state.terrain_size(); ++i) {
    IMPI_RETURN_IF_ERROR(ValidateTerrain(Index(Field(path, "terrain"), i), state.terrain(i)));
  }

  // Points: valid, and numbers unique per kind.
  const std::string points_path = Field(path, "points");
  std::unordered_map<int64_t, int> first_point;  // (kind << 32 | number) -> index
  for (int i = 0; i < state.points_size(); ++i) {
    const v1::Point& p = state.points(i);
    IMPI_RETURN_IF_ERROR(ValidatePoint(Index(points_path, i), p));
    const int64_t key = (static_cast<int64_t>(p.kind()) << 32) | static_cast<uint32_t>(p.number());
    auto [it, inserted] = first_point.emplace(key, i);
    if (!inserted) {
      return Invalid(Field(Index(points_path, i), "number"),
                     absl::StrCat("duplicate of ", Index(points_path, it->second), " (",
                                  v1::PointKind_Name(p.kind()), " ", p.number(), ")"));
    }
  }

  IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "next_unit_serial"), state.next_unit_serial()));

  const std::string params_path = Field(path, "parameters");
  std::unordered_map<std::string, int> first_param;
  for (int i = 0; i < state.parameters_size(); ++i) {
    const v1::Parameter& p = state.parameters(i);
    const std::string param = Index(params_path, i);
    if (p.name().empty()) return Invalid(Field(param, "name"), "is required");
    auto [it, inserted] = first_param.emplace(p.name(), i);
    if (!inserted) {
      return Invalid(Field(param, "name"),
                     absl::StrCat("duplicate of ", Index(params_path, it->second)));
    }
    IMPI_RETURN_IF_ERROR(Finite(Field(param, "value"), p.value()));
  }
  return absl::OkStatus();
}

absl::Status ValidateBritishActions(const RepeatedPtrField<v1::Action>& actions,
                                    const v1::TableState& state) {
  IMPI_RETURN_IF_ERROR(AtMost("british_actions", actions.size(), kMaxBritishActions, "actions"));
  const UnitIndex units = IndexUnits(state);
  const Table table = TableOf(state);
  // The rule set's own fields of an action (RulesetWire::CheckActionExtra).
  const RulesetWire* wire = FindWire(state.ruleset() == v1::RULESET_UNSPECIFIED
                                         ? state.ruleset_id()
                                         : v1::Ruleset_Name(state.ruleset()));
  for (int i = 0; i < actions.size(); ++i) {
    const v1::Action& a = actions[i];
    const std::string path = Index("british_actions", i);
    IMPI_RETURN_IF_ERROR(
        ValidEnum(Field(path, "kind"), a.kind(), v1::ActionKind_IsValid, "ActionKind"));
    if (a.kind() == v1::ACTION_KIND_UNSPECIFIED) return Invalid(Field(path, "kind"), "is required");
    const ActionKind kind = static_cast<ActionKind>(a.kind());
    // Who acts, and on whom, by kind (see decision.proto). On a hex board
    // an action is one of the rule set's orders, which name the units and
    // hexes they need (its Apply checks them): a unit or target given is
    // still checked.
    bool needs_unit = false;
    bool needs_target = false;
    if (table.open) {
      switch (kind) {
        case ActionKind::kFire:
        case ActionKind::kCharge:
        case ActionKind::kOrder:
          needs_unit = needs_target = true;
          break;
        case ActionKind::kMove:
        case ActionKind::kStance:
        case ActionKind::kFixBayonets:
        case ActionKind::kSendRunner:
        case ActionKind::kDeploy:
        case ActionKind::kOffBoard:
        case ActionKind::kLimber:
        case ActionKind::kUnlimber:
          needs_unit = true;
          break;
        case ActionKind::kCasualties:
        case ActionKind::kRemove:
          needs_target = true;
          break;
        case ActionKind::kCloseCombatResult:
          // Who lost figures (target_id), or, for a fight the rule set
          // resolves, the unit that fights (unit_id).
          needs_target = a.unit_id().empty();
          break;
        default:  // PASS, END_DEPLOYMENT
          break;
      }
    }
    IMPI_RETURN_IF_ERROR(UnitRef(Field(path, "unit_id"), a.unit_id(), units, needs_unit));
    IMPI_RETURN_IF_ERROR(UnitRef(Field(path, "target_id"), a.target_id(), units, needs_target));
    IMPI_RETURN_IF_ERROR(FiniteVec(Field(path, "to"), a.to()));
    IMPI_RETURN_IF_ERROR(
        AtMost(Field(path, "path"), a.path_size(), kMaxActionPathPoints, "path points"));
    IMPI_RETURN_IF_ERROR(FiniteVecs(Field(path, "path"), a.path()));
    IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "hits"), a.hits()));
    IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "casualties"), a.casualties()));
    IMPI_RETURN_IF_ERROR(
        ValidEnum(Field(path, "stance"), a.stance(), v1::Stance_IsValid, "Stance"));
    IMPI_RETURN_IF_ERROR(NotNegative(Field(path, "point"), a.point()));
    IMPI_RETURN_IF_ERROR(Finite(Field(path, "range_estimate"), a.range_estimate()));
    if (wire != nullptr) IMPI_RETURN_IF_ERROR(wire->CheckActionExtra(a, path));
    if (a.range_estimate() < 0) {
      return Invalid(Field(path, "range_estimate"), absl::StrCat(a.range_estimate(), " is negative"));
    }
    if (kind == ActionKind::kDeploy && table.open && !table.Contains(a.to())) {
      return Invalid(Field(path, "to"), table.OffTable(a.to()));
    }
    if (kind == ActionKind::kMove && table.open && !a.off_table()) {
      if (!table.Contains(a.to())) {
        return Invalid(Field(path, "to"),
                       absl::StrCat(table.OffTable(a.to()), " (set off_table to leave it)"));
      }
      for (int j = 0; j < a.path_size(); ++j) {
        if (!table.Contains(a.path(j))) {
          return Invalid(Index(Field(path, "path"), j), table.OffTable(a.path(j)));
        }
      }
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateDice(const v1::DiceSource& dice) {
  switch (dice.source_case()) {
    case v1::DiceSource::SOURCE_NOT_SET:
      return Invalid("dice", "set seed or scripted");
    case v1::DiceSource::kSeed:
      return absl::OkStatus();
    case v1::DiceSource::kScripted: {
      const v1::ScriptedDice& s = dice.scripted();
      IMPI_RETURN_IF_ERROR(AtMost("dice.scripted.dice", s.dice_size(), kMaxScriptedDice, "dice"));
      IMPI_RETURN_IF_ERROR(
          AtMost("dice.scripted.cards", s.cards_size(), kMaxScriptedDice, "cards"));
      IMPI_RETURN_IF_ERROR(AtMost("dice.scripted.dice_of_kind", s.dice_of_kind_size(),
                                  kMaxScriptedDice, "dice"));
      if (s.dice_size() > 0 && s.dice_of_kind_size() > 0) {
        return Invalid("dice.scripted.dice_of_kind",
                       "set either dice (dN faces) or dice_of_kind (dice of every kind), not both");
      }
      for (int i = 0; i < s.dice_size(); ++i) {
        if (s.dice(i) < 1) {
          return Invalid(Index("dice.scripted.dice", i),
                         absl::StrCat(s.dice(i), " is not a die face"));
        }
      }
      for (int i = 0; i < s.dice_of_kind_size(); ++i) {
        const v1::ScriptedDie& die = s.dice_of_kind(i);
        const std::string path = Index("dice.scripted.dice_of_kind", i);
        IMPI_RETURN_IF_ERROR(
            ValidEnum(Field(path, "kind"), die.kind(), v1::DieKind_IsValid, "DieKind"));
        if (die.kind() != v1::AVERAGE && die.kind() != v1::ARROW) {
          // The sides are the engine's to know: it checks the face when it rolls.
          if (die.face() < 1) {
            return Invalid(Field(path, "face"), absl::StrCat(die.face(), " is not a die face"));
          }
          continue;
        }
        const DieSpec spec = die.kind() == v1::AVERAGE ? DieSpec::Average() : DieSpec::Arrow();
        if (!IsFaceOf(spec, die.face())) {
          return Invalid(Field(path, "face"),
                         absl::StrCat(die.face(), " is not a face of the ", DieName(spec), " (",
                                      LowestFace(spec), "-", HighestFace(spec), ")"));
        }
      }
      for (int i = 0; i < s.cards_size(); ++i) {
        const std::string path = Index("dice.scripted.cards", i);
        IMPI_RETURN_IF_ERROR(ValidEnum(path, s.cards(i), v1::CardColor_IsValid, "CardColor"));
        if (s.cards(i) == v1::CARD_COLOR_UNSPECIFIED) return Invalid(path, "must be RED or BLACK");
      }
      return absl::OkStatus();
    }
  }
  return Invalid("dice", "set seed or scripted");
}

absl::Status ValidatePolicy(const v1::Policy& policy, std::string_view path_in) {
  const absl::string_view path(path_in.data(), path_in.size());
  IMPI_RETURN_IF_ERROR(
      ValidEnum(Field(path, "kind"), policy.kind(), v1::PolicyKind_IsValid, "PolicyKind"));
  IMPI_RETURN_IF_ERROR(
      InRange(Field(path, "iterations"), policy.iterations(), 0, kMaxPolicyIterations));
  IMPI_RETURN_IF_ERROR(
      InRange(Field(path, "milliseconds"), policy.milliseconds(), 0, kMaxPolicyMilliseconds));
  IMPI_RETURN_IF_ERROR(InRange(Field(path, "threads"), policy.threads(), 0, kMaxPolicyThreads));
  return absl::OkStatus();
}

absl::Status ValidateAdvanceRequest(const v1::AdvanceRequest& request) {
  IMPI_RETURN_IF_ERROR(ValidateTableState(request.state()));
  IMPI_RETURN_IF_ERROR(ValidateBritishActions(request.british_actions(), request.state()));
  IMPI_RETURN_IF_ERROR(ValidateDice(request.dice()));
  IMPI_RETURN_IF_ERROR(ValidatePolicy(request.zulu_policy(), "zulu_policy"));
  return absl::OkStatus();
}

absl::Status ValidateQuestionSet(const v1::AskRequest& request) {
  const auto* oneof = request.GetDescriptor()->FindOneofByName("question");
  if (request.GetReflection()->GetOneofFieldDescriptor(request, oneof) != nullptr) {
    return absl::OkStatus();
  }
  std::vector<std::string> members;
  for (int i = 0; i < oneof->field_count(); ++i) members.push_back(oneof->field(i)->name());
  return Invalid("question", absl::StrCat("is required: the question of the state's rule set (one of ",
                                          absl::StrJoin(members, ", "), ")"));
}

absl::Status ValidateAskRequest(const v1::AskRequest& request) {
  IMPI_RETURN_IF_ERROR(ValidateTableState(request.state()));
  IMPI_RETURN_IF_ERROR(ValidateQuestionSet(request));
  IMPI_RETURN_IF_ERROR(ValidateDice(request.dice()));
  IMPI_RETURN_IF_ERROR(ValidatePolicy(request.policy(), "policy"));
  return absl::OkStatus();
}

}  // namespace impi::service
