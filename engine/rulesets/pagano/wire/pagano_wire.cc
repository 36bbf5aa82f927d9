#include "engine/rulesets/pagano/wire/pagano_wire.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/game/wire_enums.h"
#include "engine/rulesets/pagano/question.h"
#include "impi/v1/pagano.pb.h"

namespace impi::pagano {
namespace {

// The contract's enums are the engine's plus one (engine/game/wire_enums.h):
// 0 is each one's UNSPECIFIED.

static_assert(v1::PAGANO_ZULU_MOVEMENT == WireEnum(Phase::kZuluMovement));
static_assert(v1::PAGANO_BRIT_MISSILE_FIRE == WireEnum(Phase::kBritMissileFire));
static_assert(v1::PAGANO_ZULU_MORALE == WireEnum(Phase::kZuluMorale));
static_assert(v1::PAGANO_ZULU_MELEE == WireEnum(Phase::kZuluMelee));
static_assert(v1::PAGANO_BRIT_MOVEMENT == WireEnum(Phase::kBritMovement));
static_assert(v1::PAGANO_BRIT_MEDICAL == WireEnum(Phase::kBritMedical));
static_assert(v1::PAGANO_ZULU_MISSILE_FIRE == WireEnum(Phase::kZuluMissileFire));
static_assert(v1::PAGANO_BRIT_MELEE == WireEnum(Phase::kBritMelee));
static_assert(v1::PaganoPhase_MAX == kPhases);
static_assert(v1::PAGANO_RANKER == WireEnum(BritCategory::kRanker));
static_assert(v1::PAGANO_ARTILLERY_CREW == WireEnum(BritCategory::kArtilleryCrew));
static_assert(v1::PAGANO_NON_COMBATANT == WireEnum(BritCategory::kNonCombatant));
static_assert(v1::PAGANO_OFFICER == WireEnum(BritCategory::kOfficer));
static_assert(v1::PaganoBritCategory_MAX == WireEnum(BritCategory::kOfficer));
static_assert(v1::PAGANO_ZULU_THROWING_SPEARS == WireEnum(Weapon::kZuluThrowingSpears));
static_assert(v1::PAGANO_ZULU_RIFLES == WireEnum(Weapon::kZuluRifles));
static_assert(v1::PAGANO_MARTINI_HENRY == WireEnum(Weapon::kMartiniHenry));
static_assert(v1::PAGANO_CARBINE == WireEnum(Weapon::kCarbine));
static_assert(v1::PAGANO_PISTOL == WireEnum(Weapon::kPistol));
static_assert(v1::PAGANO_CANNON == WireEnum(Weapon::kCannon));
static_assert(v1::PAGANO_GATLING_GUN == WireEnum(Weapon::kGatlingGun));
static_assert(v1::PAGANO_ROCKETS == WireEnum(Weapon::kRockets));
static_assert(v1::PaganoWeapon_MAX == WireEnum(Weapon::kRockets));
static_assert(v1::PAGANO_OPEN == WireEnum(Feature::kOpen));
static_assert(v1::PAGANO_BRUSH == WireEnum(Feature::kBrush));
static_assert(v1::PAGANO_LOW_DIRT_MOUND == WireEnum(Feature::kLowDirtMound));
static_assert(v1::PAGANO_WAGON == WireEnum(Feature::kWagon));
static_assert(v1::PAGANO_ZULU_HUT == WireEnum(Feature::kZuluHut));
static_assert(v1::PAGANO_CATTLE == WireEnum(Feature::kCattle));
static_assert(v1::PAGANO_WALL == WireEnum(Feature::kWall));
static_assert(v1::PAGANO_BARRICADE == WireEnum(Feature::kBarricade));
static_assert(v1::PAGANO_BOULDERS == WireEnum(Feature::kBoulders));
static_assert(v1::PAGANO_PALISADE == WireEnum(Feature::kPalisade));
static_assert(v1::PAGANO_BUILDING == WireEnum(Feature::kBuilding));
static_assert(v1::PAGANO_HEAVY_STONE_FORTIFICATION == WireEnum(Feature::kHeavyStoneFortification));
static_assert(v1::PAGANO_BEHIND_DONGA_EDGE == WireEnum(Feature::kBehindDongaEdge));
static_assert(v1::PAGANO_DEEP_WATER_COURSE == WireEnum(Feature::kDeepWaterCourse));
static_assert(v1::PAGANO_TOP_OF_DONGA_EDGE == WireEnum(Feature::kTopOfDongaEdge));
static_assert(v1::PAGANO_TOP_OF_TERRACE == WireEnum(Feature::kTopOfTerrace));
static_assert(v1::PAGANO_RAISED_REDOUBT == WireEnum(Feature::kRaisedRedoubt));
static_assert(v1::PAGANO_BARRICADE_ON_EDGE == WireEnum(Feature::kBarricadeOnEdge));
static_assert(v1::PaganoFeature_MAX == WireEnum(Feature::kBarricadeOnEdge));

// Each unit id of the table and its handle (its place in state.units; the
// first with the id, as FindUnit finds it).
using Handles = std::unordered_map<std::string, int>;

// What the message alone shows of an entry: enums in range, the ids inside
// it naming units of the table, counts not negative, the riflemen the
// table's, the frontage finite and at most `most_frontage`. The bounds
// the other counts reach and the kinds the ids name are CheckOwnState's
// (state.h).
absl::Status CheckEntry(const std::string& path, const v1::PaganoUnitEntry& x, const Handles& handles,
                        double most_frontage) {
  if (!v1::PaganoBritCategory_IsValid(x.category())) {
    return FieldError(path + ".category", absl::StrCat(x.category(), " is not a valid PaganoBritCategory"));
  }
  if (!v1::PaganoWeapon_IsValid(x.weapon())) {
    return FieldError(path + ".weapon", absl::StrCat(x.weapon(), " is not a valid PaganoWeapon"));
  }
  for (const auto& [field, id] : {std::pair<const char*, const std::string*>{"directed_by", &x.directed_by()},
                                  {"crew_of", &x.crew_of()},
                                  {"carrying", &x.carrying()}}) {
    if (!id->empty() && !handles.count(*id)) {
      return FieldError(absl::StrCat(path, ".", field), absl::StrCat("no unit has id ", Quoted(*id)));
    }
  }
  for (const auto& [field, v] : {std::pair<const char*, int>{"riflemen", x.riflemen()},
                                 {"lost_since_morale", x.lost_since_morale()},
                                 {"cattle", x.cattle()},
                                 {"move_spent", x.move_spent()},
                                 {"casualties_this_turn", x.casualties_this_turn()}}) {
    IMPI_RETURN_IF_ERROR(NotNegativeField(absl::StrCat(path, ".", field), v));
  }
  // 000_75b60edb8bb33965.txt, MISSILE FIRE, "d10 Jan Feb Riflemen": 2, 1 or 0.
  IMPI_RETURN_IF_ERROR(CountField(path + ".riflemen", x.riflemen(), 2, "the riflemen table gives 0, 1 or 2"));
  if (!x.riflemen_rolled() && x.riflemen() != 0) {
    return FieldError(path + ".riflemen",
                      absl::StrCat(x.riflemen(), " riflemen not rolled: 0 until riflemen_rolled is set"));
  }
  if (!std::isfinite(x.frontage()) || x.frontage() < 0) {
    return FieldError(path + ".frontage", "must be a finite number of inches, at least 0");
  }
  if (x.frontage() > most_frontage) {
    return FieldError(path + ".frontage", absl::StrCat(x.frontage(), " is over ", most_frontage,
                                                       ": no frontage is longer than the table's diagonal"));
  }
  return absl::OkStatus();
}

// An entry to the engine's bookkeeping, one line a field; `handle` reads an
// id the entry holds (checked) as its unit's handle, "" as kNoUnit.
template <typename HandleOf>
PaganoUnit EntryFromProto(const v1::PaganoUnitEntry& x, const HandleOf& handle) {
  PaganoUnit e;
  e.riflemen_rolled = x.riflemen_rolled() ? x.riflemen() : -1;
  e.spears_thrown = x.spears_thrown();
  e.sharpshooters = x.sharpshooters();
  e.frontage = x.frontage();
  e.lost_since_morale = x.lost_since_morale();
  e.initiated_melee = x.initiated_melee();
  e.stayed = x.stayed();
  e.directed_by = handle(x.directed_by());
  e.cattle = x.cattle();
  e.fought_this_phase = x.fought_this_phase();
  e.category = x.category() == v1::PAGANO_BRIT_CATEGORY_UNSPECIFIED ? BritCategory::kRanker
                                                                     : EngineEnum<BritCategory>(x.category());
  e.invalid = x.invalid();
  if (x.weapon() != v1::PAGANO_WEAPON_UNSPECIFIED) e.weapon = EngineEnum<Weapon>(x.weapon());
  e.horse_holder = x.horse_holder();
  e.crew_of = handle(x.crew_of());
  e.carrying = handle(x.carrying());
  e.move_spent = x.move_spent();
  e.jammed = x.jammed();
  e.clearing = x.clearing();
  e.casualties_this_turn = x.casualties_this_turn();
  return e;
}

// The engine's bookkeeping of `unit` to its entry, one line a field; `id`
// names a handle's unit ("" for none or a unit gone).
template <typename IdOf>
void EntryToProto(const Unit& unit, const PaganoUnit& e, const IdOf& id, v1::PaganoUnitEntry* x) {
  x->set_unit_id(unit.id.str());
  x->set_riflemen_rolled(e.riflemen_rolled >= 0);
  x->set_riflemen(std::max(e.riflemen_rolled, 0));
  x->set_spears_thrown(e.spears_thrown);
  x->set_sharpshooters(e.sharpshooters);
  x->set_frontage(e.frontage);
  x->set_lost_since_morale(e.lost_since_morale);
  x->set_initiated_melee(e.initiated_melee);
  x->set_stayed(e.stayed);
  x->set_directed_by(id(e.directed_by));
  x->set_cattle(e.cattle);
  x->set_fought_this_phase(e.fought_this_phase);
  // A British figure's category is written out, a ranker's too; an isigaba's
  // (unused, the default) is not.
  if (IsBritishFigureKind(unit) || e.category != BritCategory::kRanker) {
    x->set_category(static_cast<v1::PaganoBritCategory>(WireEnum(e.category)));
  }
  x->set_invalid(e.invalid);
  if (e.weapon.has_value()) x->set_weapon(static_cast<v1::PaganoWeapon>(WireEnum(*e.weapon)));
  x->set_horse_holder(e.horse_holder);
  x->set_crew_of(id(e.crew_of));
  x->set_carrying(id(e.carrying));
  x->set_move_spent(e.move_spent);
  x->set_jammed(e.jammed);
  x->set_clearing(e.clearing);
  x->set_casualties_this_turn(e.casualties_this_turn);
}

}  // namespace

absl::Status PaganoWire::StateFromProto(const v1::TableState& in, BattleState* out) const {
  IMPI_RETURN_IF_ERROR(CheckStateMember(in, "pagano", kRulesetId));
  const v1::PaganoState& p = in.pagano();
  if (!v1::PaganoPhase_IsValid(p.phase())) {
    return FieldError("state.pagano.phase", absl::StrCat(p.phase(), " is not a valid PaganoPhase"));
  }
  IMPI_RETURN_IF_ERROR(
      CountField("state.pagano.month", p.month(), 12, "a month is 1 (January) to 12; 0 reads as January"));
  IMPI_RETURN_IF_ERROR(CountField("state.pagano.stage", p.stage(), kStages - 1,
                                  "0 the phase's start, 1 and 2 its rounds of decisions"));
  PaganoState own;
  own.phase = p.phase() == v1::PAGANO_PHASE_UNSPECIFIED ? Phase::kZuluMovement : EngineEnum<Phase>(p.phase());
  own.month = p.month();
  own.stage = static_cast<Stage>(p.stage());
  own.over = p.over();
  own.run_due = p.run_due();
  Handles handles;
  own.units.resize(static_cast<size_t>(in.units_size()));
  own.ids.reserve(static_cast<size_t>(in.units_size()));
  for (const v1::Unit& u : in.units()) {
    handles.emplace(u.id(), static_cast<int>(own.ids.size()));
    own.ids.emplace_back(u.id());
  }
  // Designed: "at least 4"" is all the text says of a frontage; the
  // longest a table holds bounds it.
  const double most_frontage = std::hypot(in.table().width(), in.table().height());
  auto handle = [&handles](const std::string& id) { return id.empty() ? kNoUnit : handles.at(id); };
  if (!p.asked().empty()) {
    if (handles.find(p.asked()) == handles.end()) {
      return FieldError("state.pagano.asked", absl::StrCat("no unit has id ", Quoted(p.asked())));
    }
    own.asked = handles.at(p.asked());
  }
  std::vector<bool> entered(own.units.size(), false);
  for (int i = 0; i < p.units_size(); ++i) {
    const std::string path = absl::StrCat("state.pagano.units[", i, "]");
    const v1::PaganoUnitEntry& x = p.units(i);
    if (x.unit_id().empty()) return FieldError(path + ".unit_id", "is required");
    const auto at = handles.find(x.unit_id());
    if (at == handles.end()) {
      return FieldError(path + ".unit_id", absl::StrCat("no unit has id ", Quoted(x.unit_id())));
    }
    const size_t h = static_cast<size_t>(at->second);
    if (entered[h]) {
      return FieldError(path + ".unit_id",
                        absl::StrCat(Quoted(x.unit_id()), " has an earlier entry; one entry a unit"));
    }
    IMPI_RETURN_IF_ERROR(CheckEntry(path, x, handles, most_frontage));
    entered[h] = true;
    own.units[h] = EntryFromProto(x, handle);
  }
  for (int i = 0; i < p.features_size(); ++i) {
    const std::string path = absl::StrCat("state.pagano.features[", i, "]");
    const v1::PaganoTerrainFeature& f = p.features(i);
    if (f.terrain_id().empty()) return FieldError(path + ".terrain_id", "is required");
    if (f.feature() == v1::PAGANO_FEATURE_UNSPECIFIED) {
      return FieldError(path + ".feature", "is required: the feature COVER names");
    }
    if (!v1::PaganoFeature_IsValid(f.feature())) {
      return FieldError(path + ".feature", absl::StrCat(f.feature(), " is not a valid PaganoFeature"));
    }
    IMPI_RETURN_IF_ERROR(NotNegativeField(path + ".openings", f.openings()));
    own.features.push_back(TerrainFeature{f.terrain_id(), EngineEnum<Feature>(f.feature()), f.openings()});
  }
  // The rest is the rule set's (the kinds the ids name, each count's bounds,
  // the terrain named): nothing is kept of a state it refuses.
  OwnStateHolder before = std::move(out->ruleset_state);
  out->ruleset_state = std::move(own);
  if (absl::Status st = CheckOwnState(*out); !st.ok()) {
    out->ruleset_state = std::move(before);
    return st;
  }
  return absl::OkStatus();
}

void PaganoWire::StateToProto(const BattleState& in, v1::TableState* out) const {
  const PaganoState* own = OwnState(in);
  if (own == nullptr) {
    out->clear_pagano();
    return;
  }
  v1::PaganoState* p = out->mutable_pagano();
  p->Clear();
  p->set_phase(static_cast<v1::PaganoPhase>(WireEnum(own->phase)));
  p->set_month(own->month);
  p->set_stage(static_cast<int32_t>(own->stage));
  p->set_over(own->over);
  p->set_run_due(own->run_due);
  if (const Unit* asked = UnitAt(in, own->asked)) p->set_asked(asked->id.str());
  // The entries by id, whatever order the units are in: each handle's unit
  // is the one its id names (UnitAt).
  std::vector<int> written;
  for (size_t k = 0; k < own->units.size() && k < own->ids.size(); ++k) {
    if (!own->units[k].Empty() && UnitAt(in, static_cast<int>(k)) != nullptr) written.push_back(static_cast<int>(k));
  }
  std::sort(written.begin(), written.end(), [own](int a, int b) {
    return own->ids[static_cast<size_t>(a)].str() < own->ids[static_cast<size_t>(b)].str();
  });
  auto id = [&in](int h) {
    const Unit* u = UnitAt(in, h);
    return u != nullptr ? u->id.str() : std::string();
  };
  for (const int k : written) EntryToProto(*UnitAt(in, k), own->units[static_cast<size_t>(k)], id, p->add_units());
  for (const TerrainFeature& f : own->features) {
    v1::PaganoTerrainFeature* pf = p->add_features();
    pf->set_terrain_id(f.terrain_id);
    pf->set_feature(static_cast<v1::PaganoFeature>(WireEnum(f.feature)));
    pf->set_openings(f.openings);
  }
}

absl::Status PaganoWire::QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const {
  IMPI_RETURN_IF_ERROR(CheckQuestionMember(in, Question::kField, kRulesetId));
  const v1::PaganoQuestion& p = in.pagano();
  Question q;
  switch (p.kind_case()) {
    case v1::PaganoQuestion::KIND_NOT_SET: {
      const auto* kind = v1::PaganoQuestion::descriptor()->FindOneofByName("kind");
      std::vector<std::string> members;
      for (int i = 0; i < kind->field_count(); ++i) members.push_back(kind->field(i)->name());
      return FieldError(std::string(Question::kField),
                        absl::StrCat("name the decision point: one of ", absl::StrJoin(members, ", ")));
    }
    case v1::PaganoQuestion::kMorale:
      q.kind = QuestionKind::kMorale;
      q.unit_id = p.morale().unit_id();
      break;
    case v1::PaganoQuestion::kMelee:
      q.kind = QuestionKind::kMelee;
      q.unit_id = p.melee().unit_id();
      break;
    case v1::PaganoQuestion::kFire:
      q.kind = QuestionKind::kFire;
      q.unit_id = p.fire().unit_id();
      q.other_unit_id = p.fire().target_id();
      break;
    case v1::PaganoQuestion::kRiflemen:
      q.kind = QuestionKind::kRiflemen;
      q.unit_id = p.riflemen().unit_id();
      break;
    case v1::PaganoQuestion::kMedical:
      q.kind = QuestionKind::kMedical;
      q.unit_id = p.medical().unit_id();
      break;
    case v1::PaganoQuestion::kDirection:
      q.kind = QuestionKind::kDirection;
      q.unit_id = p.direction().unit_id();
      break;
  }
  if (q.unit_id.empty()) return FieldError(q.Path("unit_id"), "is required");
  if (q.kind == QuestionKind::kFire) {
    // The target by the contract's name (target_id): for a firer of the
    // state sent with the question, a unit of that state, and required of a
    // British figure or piece (an isigaba's is its closest, "Zulu fire must
    // be directed at the closest target").
    const v1::Unit* firer = nullptr;
    bool target_found = false;
    for (const v1::Unit& u : in.state().units()) {
      if (u.id() == q.unit_id && firer == nullptr) firer = &u;
      target_found |= u.id() == q.other_unit_id;
    }
    if (firer != nullptr && !q.other_unit_id.empty() && !target_found) {
      return FieldError(q.Path("target_id"), absl::StrCat("no unit has id ", Quoted(q.other_unit_id)));
    }
    if (firer != nullptr && q.other_unit_id.empty() && firer->kind() != v1::ISIGABA &&
        firer->kind() != v1::NATIVE_FOOT) {
      return FieldError(q.Path("target_id"), "is required: a British figure's or piece's target");
    }
  }
  *out = std::move(q);
  return absl::OkStatus();
}

}  // namespace impi::pagano
