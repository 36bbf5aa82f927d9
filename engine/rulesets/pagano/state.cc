// Pagano's own state (BattleState::ruleset_state). See state.h.
#include "engine/rulesets/pagano/state.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/game/unit_entries.h"

namespace impi::pagano {

bool PaganoUnit::Empty() const { return *this == PaganoUnit{}; }

bool PaganoUnit::operator==(const PaganoUnit& o) const {
  return riflemen_rolled == o.riflemen_rolled && spears_thrown == o.spears_thrown &&
         sharpshooters == o.sharpshooters && frontage == o.frontage &&
         lost_since_morale == o.lost_since_morale && initiated_melee == o.initiated_melee &&
         stayed == o.stayed &&
         directed_by == o.directed_by && cattle == o.cattle &&
         fought_this_phase == o.fought_this_phase && category == o.category &&
         invalid == o.invalid && weapon == o.weapon && horse_holder == o.horse_holder &&
         crew_of == o.crew_of && carrying == o.carrying && move_spent == o.move_spent &&
         jammed == o.jammed && clearing == o.clearing &&
         casualties_this_turn == o.casualties_this_turn;
}

bool PaganoState::KeyedTo(const BattleState& s) const {
  return ids.size() == s.units.size() && units.size() == ids.size() && IdsNameUnits(ids, s);
}

namespace {

// Keys `own` to s.units: each entry moves to its unit's place, the handles
// inside entries follow, entries of units gone are dropped.
void Key(const BattleState& s, PaganoState& own) {
  const size_t n = s.units.size();
  std::vector<int> moved(own.ids.size(), kNoUnit);  // old handle -> new
  for (size_t k = 0; k < own.ids.size(); ++k) moved[k] = s.UnitIndex(own.ids[k]);
  auto remap = [&](int h) {
    return h >= 0 && static_cast<size_t>(h) < moved.size() ? moved[static_cast<size_t>(h)] : kNoUnit;
  };
  std::vector<PaganoUnit> units(n);
  for (size_t k = 0; k < own.units.size() && k < moved.size(); ++k) {
    if (moved[k] < 0) continue;
    PaganoUnit e = own.units[k];
    e.directed_by = remap(e.directed_by);
    e.crew_of = remap(e.crew_of);
    e.carrying = remap(e.carrying);
    units[static_cast<size_t>(moved[k])] = e;
  }
  own.asked = remap(own.asked);
  own.units = std::move(units);
  own.ids.resize(n);
  for (size_t i = 0; i < n; ++i) own.ids[i] = s.units[i].id;
}


}  // namespace

bool InTheBattle(const Unit& u) { return !u.off_table && u.figures.fit + u.figures.wounded > 0; }

bool IsBritishFigure(const Unit& u) { return IsBritishFigureKind(u) && InTheBattle(u); }

bool IsPiece(const Unit& u) {
  return u.kind == UnitKind::kGun || u.kind == UnitKind::kGatling || u.kind == UnitKind::kRockets;
}

void AppendExplanation(Explanation* all, const Explanation& one, const char* separator) {
  if (all == nullptr) return;
  if (all->rule.source.empty()) all->rule = one.rule;
  all->dice.insert(all->dice.end(), one.dice.begin(), one.dice.end());
  if (one.text.empty()) return;
  all->text = all->text.empty() ? one.text : absl::StrCat(all->text, separator, one.text);
}

bool IsIsigaba(const Unit& u) {
  return (u.kind == UnitKind::kIsigaba && u.side == Side::kZulu) ||
         (u.kind == UnitKind::kNativeFoot && u.side == Side::kBritish);
}

bool IsBritishFigureKind(const Unit& u) {
  if (u.side != Side::kBritish) return false;
  switch (u.kind) {
    case UnitKind::kInfantry:
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeHorse:
    case UnitKind::kOfficer:
    case UnitKind::kSurgeon:
      return true;
    default:
      return false;
  }
}

namespace {

absl::Status Invalid(const Unit& u, const char* field, const std::string& why) {
  return absl::InvalidArgumentError(
      absl::StrCat("state.pagano.units[", u.id.str(), "].", field, ": ", why));
}

// The handle `h` names a unit of `s` that `fits`; `what` says what it must be.
template <typename Fits>
absl::Status CheckHandle(const BattleState& s, const Unit& u, const char* field, int h,
                         const char* what, Fits fits) {
  if (h == kNoUnit) return absl::OkStatus();
  if (h < 0 || static_cast<size_t>(h) >= s.units.size()) {
    return Invalid(u, field, absl::StrCat("names no unit of the state (handle ", h, ")"));
  }
  const Unit& named = s.units[static_cast<size_t>(h)];
  if (&named == &u || !fits(named)) {
    return Invalid(u, field, absl::StrCat(named.id.str(), " is not ", what));
  }
  return absl::OkStatus();
}

absl::Status CheckEntry(const BattleState& s, const Unit& u, const PaganoUnit& e) {
  if (e.riflemen_rolled < -1 || e.riflemen_rolled > 2) {
    return Invalid(u, "riflemen_rolled",
                   absl::StrCat(e.riflemen_rolled, " is not a riflemen roll (0, 1 or 2; -1 not rolled)"));
  }
  if (!std::isfinite(e.frontage) || e.frontage < 0) {
    return Invalid(u, "frontage", "must be a finite number of inches, at least 0");
  }
  if (e.lost_since_morale < 0 || e.lost_since_morale > u.figures.casualties) {
    return Invalid(u, "lost_since_morale",
                   absl::StrCat(e.lost_since_morale, " markers, but ", u.figures.casualties,
                                " figures lost in all"));
  }
  if (e.move_spent < 0 || e.move_spent > 2) {
    return Invalid(u, "move_spent", absl::StrCat(e.move_spent, " is not 0 (none), 1 (half) or 2 (all)"));
  }
  if (e.cattle < 0 || e.cattle > kMostCattle) {
    return Invalid(u, "cattle", absl::StrCat(e.cattle, " is not 0 to ", kMostCattle));
  }
  if (e.casualties_this_turn < 0 || e.casualties_this_turn > kMaxCasualtiesATurn) {
    return Invalid(u, "casualties_this_turn",
                   absl::StrCat(e.casualties_this_turn, " is not 0 to ", kMaxCasualtiesATurn));
  }
  if (e.casualties_this_turn > 0 && u.kind != UnitKind::kSurgeon) {
    return Invalid(u, "casualties_this_turn", "only the medical corps (SURGEON) takes casualties");
  }
  if (e.clearing && !e.jammed) {
    return Invalid(u, "clearing", "only a jammed Gattling Gun is being cleared");
  }
  if (e.jammed && u.kind != UnitKind::kGatling) {
    return Invalid(u, "jammed", "only a Gattling Gun (GATLING) jams");
  }
  IMPI_RETURN_IF_ERROR(CheckHandle(s, u, "directed_by", e.directed_by, "an INDUNA",
                                          [](const Unit& x) { return x.kind == UnitKind::kInduna; }));
  IMPI_RETURN_IF_ERROR(CheckHandle(s, u, "crew_of", e.crew_of, "a GUN, GATLING or ROCKETS of its side",
                                          [&](const Unit& x) { return IsPiece(x) && x.side == u.side; }));
  IMPI_RETURN_IF_ERROR(CheckHandle(s, u, "carrying", e.carrying, "a British figure",
                                          [](const Unit& x) { return IsBritishFigureKind(x); }));
  return absl::OkStatus();
}

}  // namespace

const PaganoState* OwnState(const BattleState& s) { return s.ruleset_state.get_if<PaganoState>(); }

PaganoState& MutableOwnState(BattleState& s) {
  PaganoState& own = s.ruleset_state.get_or_emplace<PaganoState>();
  if (!own.KeyedTo(s)) Key(s, own);
  return own;
}

void KeyOwnState(BattleState& s) {
  if (s.ruleset_state.get_if<PaganoState>() != nullptr) MutableOwnState(s);
}

const PaganoUnit* UnitState(const BattleState& s, const Unit& u) {
  const PaganoState* own = OwnState(s);
  if (own == nullptr) return nullptr;
  if (const PaganoUnit* e = EntryAtHandle(own->ids, own->units, s, u)) return e;
  return EntryById(own->ids, own->units, u.id);
}

PaganoUnit& MutableUnitState(BattleState& s, const Unit& u) {
  if (PaganoState* own = s.ruleset_state.get_if<PaganoState>()) {
    if (PaganoUnit* e = KeyedEntryAtHandle(own->ids, own->units, s, u)) return *e;
  }
  PaganoState& own = MutableOwnState(s);
  const int h = HandleOf(s, u);
  if (h < 0) {
    std::fprintf(stderr, "pagano: no unit has id \"%s\"\n", u.id.c_str());
    std::abort();
  }
  return own.units[static_cast<size_t>(h)];
}

const Unit* UnitAt(const BattleState& s, int handle) {
  if (handle < 0) return nullptr;
  const PaganoState* own = OwnState(s);
  if (own == nullptr || static_cast<size_t>(handle) >= own->ids.size()) return nullptr;
  const SharedString& id = own->ids[static_cast<size_t>(handle)];
  if (static_cast<size_t>(handle) < s.units.size() && s.units[static_cast<size_t>(handle)].id == id) {
    return &s.units[static_cast<size_t>(handle)];
  }
  return s.FindUnit(id);
}

Phase PhaseOf(const BattleState& s) {
  const PaganoState* own = OwnState(s);
  return own == nullptr ? Phase::kZuluMovement : own->phase;
}

absl::Status CheckOwnState(const BattleState& s) {
  const PaganoState* own = OwnState(s);
  if (own == nullptr) return absl::OkStatus();
  const int phase = static_cast<int>(own->phase);
  if (phase < 0 || phase >= kPhases) {
    return absl::InvalidArgumentError(
        absl::StrCat("state.pagano.phase: ", phase, " is not one of the eight phases"));
  }
  const int stage = static_cast<int>(own->stage);
  if (stage < 0 || stage >= kStages) {
    return absl::InvalidArgumentError(
        absl::StrCat("state.pagano.stage: ", stage, " is not 0 (the phase's start), 1 or 2 (its decisions)"));
  }
  if (own->asked != kNoUnit && (own->asked < 0 || static_cast<size_t>(own->asked) >= own->ids.size())) {
    return absl::InvalidArgumentError("state.pagano.asked: names no unit of the state");
  }
  if (own->month < 0 || own->month > 12) {
    return absl::InvalidArgumentError(
        absl::StrCat("state.pagano.month: ", own->month, " is not 1 to 12 (0: January)"));
  }
  for (size_t i = 0; i < own->features.size(); ++i) {
    const TerrainFeature& f = own->features[i];
    const std::string path = absl::StrCat("state.pagano.features[", i, "]");
    const int feature = static_cast<int>(f.feature);
    if (feature < 0 || feature > static_cast<int>(Feature::kBarricadeOnEdge)) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ".feature: ", feature, " is not a feature COVER names"));
    }
    if (f.openings < 0 || f.openings > 1000) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ".openings: ", f.openings, " is not 0 to 1000"));
    }
    bool found = false;
    for (const Terrain& t : s.terrain) found |= t.id == f.terrain_id;
    if (!found) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ".terrain_id: \"", f.terrain_id, "\" names no terrain of the state"));
    }
    for (size_t j = 0; j < i; ++j) {
      if (own->features[j].terrain_id == f.terrain_id) {
        return absl::InvalidArgumentError(absl::StrCat(
            path, ".terrain_id: \"", f.terrain_id, "\" is given a feature twice"));
      }
    }
  }
  if (own->units.size() != own->ids.size()) {
    return absl::InvalidArgumentError("state.pagano.units: entries and ids differ in number");
  }
  // Entries keyed to the state's units, or each naming a unit of it: a copy
  // keyed afresh reads the handles inside the entries against these units.
  BattleState keyed;
  const BattleState* at = &s;
  if (!own->KeyedTo(s)) {
    for (const SharedString& id : own->ids) {
      if (s.FindUnit(id) == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("state.pagano.units[", id.str(), "]: names no unit of the state"));
      }
    }
    keyed = s;
    MutableOwnState(keyed);
    at = &keyed;
  }
  const PaganoState& k = *OwnState(*at);
  for (size_t h = 0; h < at->units.size(); ++h) {
    const absl::Status st = CheckEntry(*at, at->units[h], k.units[h]);
    if (!st.ok()) return st;
  }
  return absl::OkStatus();
}

}  // namespace impi::pagano
