// FerreeRuleset: Chris Ferree's Isandlwana behind the engine seam, and the
// unit helpers the procedure and the policies share.
#include "engine/rulesets/ferree/ferree.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/game/unit_entries.h"
#include "engine/rulesets/ferree/tables.h"
#include "engine/rulesets/ferree/wording.h"

namespace impi::ferree {
namespace {

bool IsRegiment(const BattleState& s, const std::string& id) {
  const Unit* u = s.FindUnit(id);
  return u != nullptr && u->kind == UnitKind::kRegiment;
}

}  // namespace

// ---------------------------------------------------------------------------
// The rule set's own state.

const char* ZuluChoiceName(ZuluChoice c) {
  switch (c) {
    case ZuluChoice::kPlan: return "ZULU_PLAN";
    case ZuluChoice::kRegimentMove: return "REGIMENT_MOVE";
    case ZuluChoice::kSniperTarget: return "SNIPER_TARGET";
    case ZuluChoice::kIndunaMove: return "INDUNA_MOVE";
    case ZuluChoice::kIndunaOrder: return "INDUNA_ORDER";
    case ZuluChoice::kChargeRetiring: return "CHARGE_RETIRING";
    default: return "ZULU_CHOICE_UNSPECIFIED";
  }
}

FerreeState& EmplaceOwnState(BattleState& s) { return s.ruleset_state.emplace<FerreeState>(); }

bool AwaitsArrival(const BattleState& s, const SharedString& unit_id) {
  const FerreeState* own = OwnState(s);
  return own != nullptr &&
         std::find(own->arriving.begin(), own->arriving.end(), unit_id) != own->arriving.end();
}

bool FerreeUnit::Empty() const {
  return division == 0 && entry_point == 0 && fired_on_by_this_turn.empty() &&
         losses_this_turn == 0 && figures_fired_at == 0 && !under_artillery && wagon_id.empty() &&
         !carrying && turns_carried == 0 && turns_waited == 0 && surgeon_tried == 0;
}

bool FerreeState::KeyedTo(const BattleState& s) const {
  return ids.size() == s.units.size() && units.size() == ids.size() && IdsNameUnits(ids, s);
}

namespace {

const FerreeUnit& NoUnit() {
  static const FerreeUnit* const kNone = new FerreeUnit();
  return *kNone;
}

// Keys `own` to s.units: each entry moves to its unit's place (found by
// its id), entries of units gone are dropped, units without one get an
// empty one.
void Key(const BattleState& s, FerreeState& own) {
  const size_t n = s.units.size();
  std::vector<FerreeUnit> units(n);
  for (size_t k = 0; k < own.ids.size() && k < own.units.size(); ++k) {
    const int h = s.UnitIndex(own.ids[k]);
    if (h >= 0) units[static_cast<size_t>(h)] = std::move(own.units[k]);
  }
  own.units = std::move(units);
  own.ids.resize(n);
  for (size_t i = 0; i < n; ++i) own.ids[i] = s.units[i].id;
  // The units changed other than by AddedUnit or EraseUnit: the roster (if
  // one is kept) is made afresh for them.
  if (own.roster != nullptr) {
    if (own.roster.use_count() > 1) own.roster = std::make_shared<Roster>();
    own.roster->Make(s);
  }
}

[[noreturn]] void NoSuchUnit(const std::string& id) {
  std::fprintf(stderr, "ferree: no unit has id \"%s\"\n", id.c_str());
  std::abort();
}

}  // namespace

const FerreeUnit& UnitOfByScan(const BattleState& s, const Unit& u) {
  const FerreeState* own = OwnState(s);
  if (own == nullptr) return NoUnit();
  // Not keyed to these units (a caller reordered them): by id.
  if (const FerreeUnit* e = EntryById(own->ids, own->units, u.id)) return *e;
  return NoUnit();
}

FerreeUnit& MutableUnitOf(BattleState& s, const Unit& u) {
  FerreeState& own = MutableOwnState(s);
  // The usual case: the unit's handle holds its entry, in a state keyed to
  // these units.
  if (FerreeUnit* e = KeyedEntryAtHandle(own.ids, own.units, s, u)) return *e;
  const SharedString id = u.id;  // u may be another state's unit
  if (!own.KeyedTo(s)) Key(s, own);
  const int h = s.UnitIndex(id);
  if (h < 0) NoSuchUnit(id);
  return own.units[static_cast<size_t>(h)];
}

const FerreeUnit& UnitOf(const BattleState& s, const SharedString& unit_id) {
  const Unit* u = s.FindUnit(unit_id);
  return u == nullptr ? NoUnit() : UnitOf(s, *u);
}

FerreeUnit& MutableUnitOf(BattleState& s, const SharedString& unit_id) {
  const Unit* u = s.FindUnit(unit_id);
  if (u == nullptr) NoSuchUnit(unit_id);
  return MutableUnitOf(s, *u);
}

void Roster::Make(const BattleState& s) {
  const size_t n = s.units.size();
  count = n;
  first_id = n > 0 ? s.units.front().id.pooled_address() : 0;
  last_id = n > 0 ? s.units.back().id.pooled_address() : 0;
  // Room for the units the state has room for (the runners a battle sends),
  // so that making it again in place allocates nothing.
  for (std::vector<int>* list :
       {&british, &regiments, &zulu_figures, &trays, &indunas, &snipers, &runners, &wagons, &tray_of}) {
    list->clear();
  }
  Reserve(std::max(n, s.units.capacity()));
  first_tray.assign(n + 1, 0);
  // Each tray's parent (its position, -1 if no unit has that id): counted
  // by parent, then filed in unit order within each (a counting sort).
  // (A regiment's trays usually stand together: its position is looked
  // up once for each run of them.)
  thread_local std::vector<int> parent_of;
  parent_of.assign(n, -1);
  const SharedString* last_parent = nullptr;
  int last_p = -1;
  for (size_t i = 0; i < n; ++i) {
    const Unit& u = s.units[i];
    const int at = static_cast<int>(i);
    if (u.side == Side::kBritish) british.push_back(at);
    switch (u.kind) {
      case UnitKind::kRegiment: regiments.push_back(at); break;
      case UnitKind::kTray: {
        zulu_figures.push_back(at);
        trays.push_back(at);
        if (last_parent == nullptr || !(u.parent == *last_parent)) {
          last_parent = &u.parent;
          last_p = s.UnitIndex(u.parent);
        }
        parent_of[i] = last_p;
        if (last_p >= 0) ++first_tray[static_cast<size_t>(last_p) + 1];
        break;
      }
      case UnitKind::kInduna:
        zulu_figures.push_back(at);
        indunas.push_back(at);
        break;
      case UnitKind::kSniper:
        zulu_figures.push_back(at);
        snipers.push_back(at);
        break;
      case UnitKind::kRunner: runners.push_back(at); break;
      case UnitKind::kWagon: wagons.push_back(at); break;
      default: break;
    }
  }
  for (size_t h = 0; h < n; ++h) first_tray[h + 1] += first_tray[h];
  tray_of.resize(static_cast<size_t>(first_tray[n]));
  thread_local std::vector<int> next;
  next.assign(first_tray.begin(), first_tray.end() - 1);
  for (size_t i = 0; i < n; ++i) {
    const int p = parent_of[i];
    if (p >= 0) tray_of[static_cast<size_t>(next[static_cast<size_t>(p)]++)] = static_cast<int>(i);
  }
}

void Roster::Reserve(size_t n) {
  for (std::vector<int>* list :
       {&british, &regiments, &zulu_figures, &trays, &indunas, &snipers, &runners, &wagons,
        &tray_of, &first_tray}) {
    list->reserve(n + 1);
  }
}

namespace {

// The list that files a unit of this side and kind, besides `british`
// (nullptr if none).
std::vector<int>* KindList(Roster& r, UnitKind kind) {
  switch (kind) {
    case UnitKind::kRegiment: return &r.regiments;
    case UnitKind::kInduna:
    case UnitKind::kSniper: return &r.zulu_figures;
    case UnitKind::kRunner: return &r.runners;
    case UnitKind::kWagon: return &r.wagons;
    default: return nullptr;
  }
}

}  // namespace

bool Roster::Appended(const BattleState& s) {
  const size_t n = s.units.size();
  if (n != count + 1) return false;
  const Unit& u = s.units.back();
  // A tray is filed among its regiment's: made afresh.
  if (u.kind == UnitKind::kTray) return false;
  const int at = static_cast<int>(n - 1);
  if (u.side == Side::kBritish) british.push_back(at);
  if (std::vector<int>* list = KindList(*this, u.kind)) list->push_back(at);
  if (u.kind == UnitKind::kInduna) indunas.push_back(at);
  if (u.kind == UnitKind::kSniper) snipers.push_back(at);
  first_tray.push_back(first_tray.back());
  count = n;
  first_id = s.units.front().id.pooled_address();
  last_id = u.id.pooled_address();
  return true;
}

bool Roster::Erased(const BattleState& s, size_t h, UnitKind gone) {
  if (s.units.size() + 1 != count || h >= count) return false;
  // A tray, or a unit with trays of its own: made afresh.
  if (gone == UnitKind::kTray || first_tray[h] != first_tray[h + 1]) return false;
  const int at = static_cast<int>(h);
  auto drop = [at](std::vector<int>& list) {
    size_t w = 0;
    for (const int i : list) {
      if (i == at) continue;
      list[w++] = i > at ? i - 1 : i;
    }
    list.resize(w);
  };
  for (std::vector<int>* list :
       {&british, &regiments, &zulu_figures, &trays, &indunas, &snipers, &runners, &wagons, &tray_of}) {
    drop(*list);
  }
  first_tray.erase(first_tray.begin() + static_cast<ptrdiff_t>(h) + 1);
  count = s.units.size();
  first_id = count > 0 ? s.units.front().id.pooled_address() : 0;
  last_id = count > 0 ? s.units.back().id.pooled_address() : 0;
  return true;
}

const Unit* SniperOf(const BattleState& s, const SharedString& regiment) {
  const Unit* sniper = nullptr;
  AnyOf(s, kSnipers, [&](const Unit& u) {
    if (u.parent != regiment || !Alive(u)) return false;
    sniper = &u;
    return true;
  });
  return sniper;
}

void MakeRoster(BattleState& s) {
  if (OwnState(s) == nullptr) return;
  FerreeState& own = MutableOwnState(s);
  if (own.roster == nullptr || own.roster.use_count() > 1) own.roster = std::make_shared<Roster>();
  own.roster->Make(s);
}

namespace {

// After a unit was appended (`gone` nullptr) or one of kind *gone erased
// from h: the roster brought up to date, in place if no copy shares it,
// else a copy of its own (none if there was none).
void RemakeRoster(BattleState& s, FerreeState& own, size_t h = 0,
                  const UnitKind* gone = nullptr) {
  if (own.roster == nullptr) return;
  if (own.roster.use_count() > 1) own.roster = std::make_shared<Roster>(*own.roster);
  Roster& r = *own.roster;
  const bool updated = gone == nullptr ? r.Appended(s) : r.Erased(s, h, *gone);
  if (!updated) r.Make(s);
}

}  // namespace

void AddedUnit(BattleState& s) {
  s.ReindexUnits();
  FerreeState& own = MutableOwnState(s);
  RemakeRoster(s, own);
  if (!s.units.empty() && own.ids.size() + 1 == s.units.size() && own.units.size() == own.ids.size()) {
    own.units.emplace_back();
    own.ids.push_back(s.units.back().id);
    return;
  }
  Key(s, own);
}

void ReserveUnits(BattleState& s, size_t n) {
  FerreeState& own = MutableOwnState(s);
  own.units.reserve(n);
  own.ids.reserve(n);
  if (own.roster != nullptr && own.roster.use_count() == 1) own.roster->Reserve(n);
}

void EraseUnit(BattleState& s, size_t h) {
  FerreeState& own = MutableOwnState(s);
  const bool parallel = own.ids.size() == s.units.size() && own.units.size() == own.ids.size() &&
                        h < own.ids.size() && own.ids[h] == s.units[h].id;
  const UnitKind gone = s.units[h].kind;
  s.units.erase(s.units.begin() + static_cast<ptrdiff_t>(h));
  s.ReindexUnits();
  RemakeRoster(s, own, h, &gone);
  if (parallel) {
    own.units.erase(own.units.begin() + static_cast<ptrdiff_t>(h));
    own.ids.erase(own.ids.begin() + static_cast<ptrdiff_t>(h));
  } else {
    Key(s, own);
  }
}

void ForEachEntryById(const BattleState& s,
                      absl::FunctionRef<void(const Unit&, const FerreeUnit&)> fn) {
  const FerreeState* own = OwnState(s);
  if (own == nullptr) return;
  // (unit, entry) of each entry kept, sorted by id: a buffer the thread keeps.
  thread_local std::vector<std::pair<const Unit*, const FerreeUnit*>> kept;
  kept.clear();
  for (size_t k = 0; k < own->ids.size() && k < own->units.size(); ++k) {
    if (own->units[k].Empty()) continue;
    const Unit* u = k < s.units.size() && s.units[k].id == own->ids[k] ? &s.units[k] : s.FindUnit(own->ids[k]);
    if (u != nullptr) kept.emplace_back(u, &own->units[k]);
  }
  std::sort(kept.begin(), kept.end(),
            [](const auto& a, const auto& b) { return a.first->id.str() < b.first->id.str(); });
  for (const auto& [u, x] : kept) fn(*u, *x);
}

const FerreeState& NoOwnState() {
  static const FerreeState* const kNone = new FerreeState();
  return *kNone;
}



// ---------------------------------------------------------------------------
// Unit helpers.

bool IsZuluKind(UnitKind kind) {
  switch (kind) {
    case UnitKind::kRegiment:
    case UnitKind::kTray:
    case UnitKind::kInduna:
    case UnitKind::kSniper:
      return true;
    default:
      return false;
  }
}

bool IsBritishKind(UnitKind kind) {
  return IsCompanyKind(kind) || kind == UnitKind::kWagon || kind == UnitKind::kSurgeon ||
         kind == UnitKind::kRunner;
}


bool IsArtillery(const Unit& u) { return u.kind == UnitKind::kGun || u.kind == UnitKind::kRockets; }

bool IsMounted(const Unit& u) {
  return (u.kind == UnitKind::kCavalry || u.kind == UnitKind::kMountedInfantry ||
          u.kind == UnitKind::kNativeHorse) &&
         u.stance != Stance::kDismounted;
}

bool IsNative(const Unit& u) {
  return u.kind == UnitKind::kNativeFoot || u.kind == UnitKind::kNativeHorse;
}

Vec2 CampCentre(const BattleState& s) {
  for (TerrainKind kind : {TerrainKind::kCamp, TerrainKind::kTentLines}) {
    for (const Terrain& t : s.terrain) {
      if (t.kind != kind || t.outline.empty()) continue;
      return MeanOfPoints(t.outline);
    }
  }
  return Vec2(s.table.width / 2, s.table.height / 2);
}

TrayList TraysOf(const BattleState& s, const SharedString& regiment_id) {
  TrayList out;
  ForEachTrayOf(s, regiment_id, WhichTrays::kEvery, [&](const Unit& u) { out.push_back(&u); });
  return out;
}

TrayList FightingTraysOf(const BattleState& s, const std::string& regiment_id) {
  TrayList out;
  ForEachTrayOf(s, regiment_id, WhichTrays::kStillFighting,
                [&](const Unit& u) { out.push_back(&u); });
  return out;
}

int RegimentFigures(const BattleState& s, const SharedString& regiment_id) {
  int n = 0;
  ForEachTrayOf(s, regiment_id, WhichTrays::kEvery, [&](const Unit& u) { n += u.figures.fit; });
  return n;
}

int FiguresOf(absl::Span<const Unit* const> trays) {
  int n = 0;
  for (const Unit* t : trays) n += t->figures.fit;
  return n;
}

int DivisionOf(const BattleState& s, const SharedString& regiment_id) {
  const Unit* r = s.FindUnit(regiment_id);
  return r == nullptr ? 0 : UnitOf(s, *r).division;
}

bool UnseenRegiment(const BattleState& s, const Unit& regiment) {
  if (regiment.kind != UnitKind::kRegiment || regiment.side != Side::kZulu ||
      regiment.status.broken || UnitOf(s, regiment).entry_point != 0) {
    return false;
  }
  bool waiting = false, on = false;
  ForEachTrayOf(s, regiment.id, WhichTrays::kEvery, [&](const Unit& t) {
    on |= !t.off_table;
    waiting |= t.figures.Present() > 0;
  });
  return waiting && !on;
}

bool AllRegimentsBroken(const BattleState& s) {
  // The tray that settled the last answer on this thread, and its regiment
  // (their places in the units): while the tray still has figures and the
  // regiment is unbroken (in whichever state is asked), the answer is no
  // again, found without a pass. A step asks this two or three times, of
  // states alike.
  thread_local size_t witness_tray = SIZE_MAX, witness_regiment = SIZE_MAX;
  const size_t n = s.units.size();
  if (witness_tray < n && witness_regiment < n) {
    const Unit& t = s.units[witness_tray];
    const Unit& r = s.units[witness_regiment];
    if (t.kind == UnitKind::kTray && t.figures.fit > 0 && r.kind == UnitKind::kRegiment &&
        !r.status.broken && t.parent == r.id) {
      return false;
    }
  }
  // One pass in the usual case: a tray with figures whose regiment is not
  // broken settles it. Counts are never negative in play (the service
  // refuses them); should one be, the regiment-by-regiment sum decides.
  bool negative = false;
  // The units are read from the last: the British stand first in a
  // battle's list, the Zulus after them, so a tray comes soon. The trays of
  // a regiment stand together in the units: the parent last looked up (and
  // found broken, or no regiment) is not looked up again.
  const SharedString* settled = nullptr;
  const Unit* const first = s.units.data();
  for (const Unit* p = first + s.units.size(); p != first;) {
    const Unit& u = *--p;
    if (u.kind != UnitKind::kTray || u.figures.fit == 0) continue;
    if (u.figures.fit < 0) {
      negative = true;
      break;
    }
    if (settled != nullptr && *settled == u.parent) continue;
    const Unit* r = s.FindUnit(u.parent);
    if (r != nullptr && r->kind == UnitKind::kRegiment && !r->status.broken) {
      witness_tray = static_cast<size_t>(&u - first);
      witness_regiment = static_cast<size_t>(r - first);
      return false;
    }
    settled = &u.parent;
  }
  if (!negative) return true;
  for (const Unit& u : s.units) {
    if (u.kind != UnitKind::kRegiment) continue;
    if (!u.status.broken && RegimentFigures(s, u.id) > 0) return false;
  }
  return true;
}

bool NoBritishLeft(const BattleState& s) {
  for (const Unit& u : s.units) {
    if (u.side == Side::kBritish && !u.off_table && u.figures.Present() > 0) return false;
    // C.: Durnford's column still to arrive has not been killed nor escaped.
    if (u.side == Side::kBritish && u.off_table && u.figures.Present() > 0 &&
        AwaitsArrival(s, u.id)) {
      return false;
    }
  }
  return true;
}

Outcome OutcomeOf(const BattleState& s) {
  Outcome o;
  for (const Unit& u : s.units) {
    if (u.side != Side::kBritish || u.kind == UnitKind::kRunner) continue;
    o.british_figures += u.figures.Starting();
    if (u.off_table && u.figures.Present() > 0 && !AwaitsArrival(s, u.id)) {
      o.escaped += u.figures.Present();
    }
  }
  if (NoBritishLeft(s)) {
    const double share = o.british_figures > 0 ? double(o.escaped) / o.british_figures : 0.0;
    o.victory = share < 0.10   ? Victory::kZuluDecisive
                : share < 0.25 ? Victory::kZuluClear
                : share < 0.50 ? Victory::kZuluMarginal
                               : Victory::kZuluSlight;
  } else if (AllRegimentsBroken(s)) {
    o.victory = Victory::kBritish;
  }
  return o;
}

const char* VictoryName(Victory v) {
  switch (v) {
    case Victory::kBritish: return "British victory";
    case Victory::kZuluDecisive: return "decisive Zulu victory";
    case Victory::kZuluClear: return "clear Zulu victory";
    case Victory::kZuluMarginal: return "marginal Zulu victory";
    case Victory::kZuluSlight: return "slight Zulu victory";
    case Victory::kNone: break;
  }
  return "none";
}

double VictoryScore(Victory v) {
  switch (v) {
    case Victory::kBritish: return -1.0;
    case Victory::kZuluDecisive: return 1.0;
    case Victory::kZuluClear: return 0.75;
    case Victory::kZuluMarginal: return 0.5;
    case Victory::kZuluSlight: return 0.25;
    case Victory::kNone: break;
  }
  return 0.0;
}

// ---------------------------------------------------------------------------
// The seam.

std::string ZuluDeploymentBreach(const BattleState& s, std::string* tray_id) {
  // 001, 4. Zulu player deploys his troops.
  std::vector<std::string> regiments;
  std::vector<std::vector<const Unit*>> trays;
  for (const Unit& r : s.units) {
    if (r.kind != UnitKind::kRegiment) continue;
    std::vector<const Unit*> on;
    for (const Unit* t : TraysOf(s, r.id)) {
      if (Alive(*t)) on.push_back(t);
    }
    if (on.empty()) continue;
    regiments.push_back(r.id);
    trays.push_back(std::move(on));
  }
  auto name = [&](const Unit& u) { return u.name.empty() ? u.id.str() : u.name.str(); };
  // "All trays of a regiment must be adjacent to or behind another tray of
  // its regiment."
  for (size_t i = 0; i < regiments.size(); ++i) {
    if (trays[i].size() < 2) continue;
    for (const Unit* t : trays[i]) {
      double nearest = 1e18;
      for (const Unit* o : trays[i]) {
        if (o != t) nearest = std::min(nearest, Distance(t->position, o->position) - 2 * kTrayRadius);
      }
      if (nearest > kTrayAdjacent + 1e-9) {
        if (tray_id != nullptr) *tray_id = t->id;
        return absl::StrFormat(
            "tray '%s' is %.2f\" from the nearest tray of its regiment: \"All trays of a regiment "
            "must be adjacent to or behind another tray of its regiment.\" (adjacent: within "
            "%.2f\" edge to edge)",
            name(*t), nearest, kTrayAdjacent);
      }
    }
  }
  // "Regiments of a division do not have to be in contact with each other,
  // but there can not be a regiment from another division between them."
  std::vector<Vec2> centre;
  for (const auto& ts : trays) {
    Vec2 c = Vec2::Zero();
    for (const Unit* t : ts) c += t->position;
    centre.push_back(c / static_cast<double>(ts.size()));
  }
  auto segment_distance = [](const Vec2& p, const Vec2& a, const Vec2& b) {
    const Vec2 ab = b - a;
    const double l2 = ab.squaredNorm();
    const double f = l2 <= 0 ? 0.0 : std::clamp((p - a).dot(ab) / l2, 0.0, 1.0);
    return Distance(p, a + f * ab);
  };
  for (size_t a = 0; a < regiments.size(); ++a) {
    const int division = DivisionOf(s, regiments[a]);
    if (division == 0) continue;
    for (size_t b = a + 1; b < regiments.size(); ++b) {
      if (DivisionOf(s, regiments[b]) != division) continue;
      for (size_t k = 0; k < regiments.size(); ++k) {
        if (DivisionOf(s, regiments[k]) == division) continue;
        for (const Unit* t : trays[k]) {
          if (segment_distance(t->position, centre[a], centre[b]) > kTrayRadius) continue;
          if (tray_id != nullptr) *tray_id = t->id;
          const Unit* ra = s.FindUnit(regiments[a]);
          const Unit* rb = s.FindUnit(regiments[b]);
          return absl::StrFormat(
              "tray '%s' of division %d stands between '%s' and '%s' of division %d: "
              "\"there can not be a regiment from another division between them.\"",
              name(*t), DivisionOf(s, regiments[k]), name(*ra), name(*rb), division);
        }
      }
    }
  }
  return "";
}

absl::Status FerreeRuleset::Validate(const BattleState& s) const {
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    // The field path, built only for an error (this runs on every step).
    auto path = [i] { return absl::StrCat("state.units[", i, "]"); };
    if (!IsZuluKind(u.kind) && !IsBritishKind(u.kind)) {
      return Bad(path() + ".kind",
                 absl::StrCat(UnitKindName(u.kind),
                              " is not a unit of Ferree's Isandlwana (REGIMENT, TRAY, INDUNA, "
                              "SNIPER; INFANTRY, CAVALRY, MOUNTED_INFANTRY, NATIVE_FOOT, "
                              "NATIVE_HORSE, GUN, ROCKETS, WAGON, SURGEON, RUNNER)"));
    }
    if (IsZuluKind(u.kind) && u.side != Side::kZulu) {
      return Bad(path() + ".side", absl::StrCat("a ", UnitKindName(u.kind), " is on the ZULU side"));
    }
    if (IsBritishKind(u.kind) && u.side != Side::kBritish) {
      return Bad(path() + ".side",
                 absl::StrCat("a ", UnitKindName(u.kind), " is on the BRITISH side"));
    }
    const Figures& f = u.figures;
    if (f.fit < 0 || f.wounded < 0 || f.seriously_wounded < 0 || f.casualties < 0 ||
        f.starting < 0) {
      return Bad(path() + ".figures", "figures are never negative");
    }
    if (u.leaders < 0) return Bad(path() + ".leaders", "is never negative");
    switch (u.kind) {
      case UnitKind::kTray:
        if (!IsRegiment(s, u.parent)) {
          return Bad(path() + ".parent",
                     absl::StrCat("a TRAY belongs to a REGIMENT; '", u.parent.str(), "' is not one"));
        }
        break;
      case UnitKind::kSniper:
        if (!IsRegiment(s, u.parent)) {
          return Bad(path() + ".parent", absl::StrCat("a SNIPER is picked from a REGIMENT; '",
                                                    u.parent.str(), "' is not one"));
        }
        break;
      case UnitKind::kInduna:
        if (!u.parent.empty() && !IsRegiment(s, u.parent)) {
          return Bad(path() + ".parent",
                     absl::StrCat("an INDUNA commands a REGIMENT (or, with no parent, a division "
                                  "or the army); '",
                                  u.parent.str(), "' is not a regiment"));
        }
        break;
      case UnitKind::kRegiment:
        if (u.figures.starting <= 0) {
          return Bad(path() + ".figures.starting",
                     "a regiment's strength (25 figures a tray, a row of the resolve table) must "
                     "be more than 0");
        }
        break;
      case UnitKind::kRunner: {
        const Unit* p = s.FindUnit(u.parent);
        if (p == nullptr || !IsCompany(*p) || IsArtillery(*p)) {
          return Bad(path() + ".parent",
                     absl::StrCat("a RUNNER is sent by a company; '", u.parent.str(), "' is not one"));
        }
        break;
      }
      default:
        break;
    }
  }
  std::set<int> entry_numbers;
  for (size_t i = 0; i < s.points.size(); ++i) {
    const Point& p = s.points[i];
    auto path = [i] { return absl::StrCat("state.points[", i, "]"); };
    if (p.kind != PointKind::kEntry) {
      return Bad(path() + ".kind",
                 "Ferree's Isandlwana has ENTRY points only (1 and 2 of the TURN OF ENTRY table, "
                 "and any named place such as Fugitives' Drift)");
    }
    if (p.number < 0) return Bad(path() + ".number", "is never negative");
    if (!entry_numbers.insert(p.number).second) {
      return Bad(path() + ".number", absl::StrCat("entry point ", p.number, " appears twice"));
    }
  }
  std::set<std::string> secret;
  for (size_t i = 0; i < Own(s).secret_entries.size(); ++i) {
    const SecretEntry& e = Own(s).secret_entries[i];
    auto path = [i] { return absl::StrCat("state.ferree.secret_entries[", i, "]"); };
    if (!IsRegiment(s, e.unit_id)) {
      return Bad(path() + ".unit_id", absl::StrCat("'", e.unit_id.str(), "' is not a REGIMENT"));
    }
    if (!secret.insert(e.unit_id).second) {
      return Bad(path() + ".unit_id",
                 absl::StrCat("regiment '", e.unit_id.str(), "' has two secret entries"));
    }
    if (e.turn < 1) return Bad(path() + ".turn", absl::StrCat(e.turn, " is not a turn (1 or later)"));
    if (e.point != 1 && e.point != 2 && e.point != kDeployedPosition) {
      return Bad(path() + ".point",
                 absl::StrCat(e.point,
                              " is not an off-board entry point (1 or 2, or 0: a loins regiment "
                              "held off-table at its deployed position)"));
    }
    if (e.point == kDeployedPosition && DivisionOf(s, e.unit_id) != kLoinsDivision) {
      return Bad(path() + ".point", "only a loins regiment is held at its deployed position (0)");
    }
    if (e.point != kDeployedPosition && s.FindPoint(PointKind::kEntry, e.point) == nullptr) {
      return Bad(path() + ".point", absl::StrCat("the table has no ENTRY point ", e.point));
    }
  }
  const Clock& c = s.clock;
  switch (c.phase) {
    case Phase::kUnspecified:
    case Phase::kPreBattle:
      if (Own(s).segment < kPreBattlePlan || Own(s).segment > kPreBattleZuluDeploy) {
        return Bad("state.ferree.segment",
                   absl::StrCat(Own(s).segment,
                                " is not a pre-battle step (0 plan, 1 British "
                                "deployment, 2 Zulu deployment)"));
      }
      break;
    case Phase::kActivation:
      if (Own(s).segment < 0) return Bad("state.ferree.segment", "is never negative");
      if ((Own(s).segment & kSegActive) != 0) {
        const Unit* a = Own(s).chits_left.empty() ? nullptr : s.FindUnit(Own(s).chits_left[0]);
        if (a == nullptr || a->side != Side::kBritish ||
            (!IsCompany(*a) && a->kind != UnitKind::kSurgeon)) {
          return Bad("state.ferree.chits_left",
                     "while a British unit is active (state.ferree.segment), its counter is "
                     "chits_left[0]");
        }
      }
      break;
    case Phase::kGameOver:
      break;
    default:
      return Bad("state.clock.phase",
                 "not a phase of Ferree's Isandlwana (PRE_BATTLE, ACTIVATION, GAME_OVER)");
  }
  for (size_t i = 0; i < Own(s).chits_left.size(); ++i) {
    if (s.FindUnit(Own(s).chits_left[i]) == nullptr) {
      return Bad(absl::StrCat("state.ferree.chits_left[", i, "]"),
                 absl::StrCat("no unit '", Own(s).chits_left[i].str(), "' on the table state"));
    }
  }
  if (c.minutes_per_turn < 0) return Bad("state.clock.minutes_per_turn", "is never negative");
  if (!s.parameters.empty()) {
    return Bad("state.parameters[0].name",
               absl::StrCat("'", s.parameters[0].name,
                            "' is not a parameter of Ferree's Isandlwana (it takes none)"));
  }
  return ValidateOwnState(s);
}

absl::Status FerreeRuleset::ValidateOwnState(const BattleState& s) const {
  const FerreeState* own = OwnState(s);
  if (own == nullptr) return absl::OkStatus();
  auto unit_of = [&](const std::string& id, const std::string& path,
                     const Unit** out) -> absl::Status {
    *out = s.FindUnit(id);
    if (*out == nullptr) return Bad(path, absl::StrCat("no unit '", id, "' on the table state"));
    return absl::OkStatus();
  };
  // The wire's order: the entries kept, by unit id.
  size_t index = 0;
  absl::Status entries;
  ForEachEntryById(s, [&](const Unit& u, const FerreeUnit& x) {
    if (!entries.ok()) return;
    const std::string path = absl::StrCat("state.ferree.units[", index++, "]");
    if (x.division < 0 || x.division > kLoinsDivision) {
      entries = Bad(path + ".division",
                    absl::StrCat(x.division, " is not a division (1 right horn, 2 chest, 3 left "
                                             "horn, 4 loins, 0 none)"));
      return;
    }
    if (!x.wagon_id.empty()) {
      const Unit* w = s.FindUnit(x.wagon_id);
      if (u.kind != UnitKind::kRunner || w == nullptr || w->kind != UnitKind::kWagon) {
        entries = Bad(path + ".wagon_id",
                      absl::StrCat("a runner goes to a WAGON; '", x.wagon_id.str(), "' is not one"));
      }
    }
  });
  IMPI_RETURN_IF_ERROR(entries);
  for (size_t i = 0; i < own->arriving.size(); ++i) {
    const std::string path = absl::StrCat("state.ferree.arriving[", i, "]");
    const Unit* u = nullptr;
    IMPI_RETURN_IF_ERROR(unit_of(own->arriving[i], path, &u));
    if (u->side != Side::kBritish || !u->off_table) {
      return Bad(path, absl::StrCat(u->id.str(), " is not a British unit off the table"));
    }
  }
  if (own->surgeon_attempts > kSurgeonAttempts) {
    return Bad("state.ferree.surgeon_attempts",
               absl::StrCat(own->surgeon_attempts, " is more than the ", kSurgeonAttempts,
                            " attempts a surgeon makes in a turn"));
  }
  const PendingChoice& p = own->pending;
  if (p.choice == ZuluChoice::kNone) return absl::OkStatus();
  const std::string path = "state.ferree.pending";
  const Unit* u = nullptr;
  switch (p.choice) {
    case ZuluChoice::kPlan:
      if (s.clock.phase != Phase::kPreBattle || Own(s).segment != kPreBattlePlan) {
        return Bad(path + ".choice", "the Zulu plan is pending only before the battle (PRE_BATTLE, state.ferree.segment 0)");
      }
      return absl::OkStatus();
    case ZuluChoice::kRegimentMove:
    case ZuluChoice::kSniperTarget: {
      IMPI_RETURN_IF_ERROR(unit_of(p.regiment_id, path + ".regiment_id", &u));
      if (u->kind != UnitKind::kRegiment) return Bad(path + ".regiment_id", "is not a REGIMENT");
      IMPI_RETURN_IF_ERROR(unit_of(p.unit_id, path + ".unit_id", &u));
      const UnitKind want =
          p.choice == ZuluChoice::kRegimentMove ? UnitKind::kRegiment : UnitKind::kSniper;
      if (u->kind != want) {
        return Bad(path + ".unit_id", absl::StrCat("is not a ", UnitKindName(want)));
      }
      break;
    }
    case ZuluChoice::kIndunaMove:
    case ZuluChoice::kIndunaOrder:
      IMPI_RETURN_IF_ERROR(unit_of(p.unit_id, path + ".unit_id", &u));
      if (u->kind != UnitKind::kInduna) return Bad(path + ".unit_id", "is not an INDUNA");
      break;
    case ZuluChoice::kChargeRetiring: {
      IMPI_RETURN_IF_ERROR(unit_of(p.unit_id, path + ".unit_id", &u));
      if (u->kind != UnitKind::kTray) return Bad(path + ".unit_id", "is not a TRAY");
      IMPI_RETURN_IF_ERROR(unit_of(p.british_id, path + ".british_id", &u));
      if (u->side != Side::kBritish) return Bad(path + ".british_id", "is not a British unit");
      for (size_t i = 0; i < p.queue.size(); ++i) {
        IMPI_RETURN_IF_ERROR(unit_of(p.queue[i], absl::StrCat(path, ".queue[", i, "]"), &u));
      }
      break;
    }
    default:
      return Bad(path + ".choice", "is not a Zulu decision");
  }
  for (size_t i = 0; i < p.left_donga.size(); ++i) {
    IMPI_RETURN_IF_ERROR(unit_of(p.left_donga[i], absl::StrCat(path, ".left_donga[", i, "]"), &u));
  }
  if (s.clock.phase != Phase::kActivation) {
    return Bad(path + ".choice", absl::StrCat(ZuluChoiceName(p.choice),
                                              " is pending only in the battle (ACTIVATION)"));
  }
  return absl::OkStatus();
}

absl::Status FerreeRuleset::Apply(BattleState& state, Side side, const Action& action,
                                  Dice& dice, EventLog& log, const std::string& path,
                                  const std::string& why) const {
  FerreeBattle battle(state, dice, log);
  if (side == Side::kZulu) return battle.ApplyZulu(action, path, why);
  if (side != Side::kBritish) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": say which side acts"));
  }
  return battle.ApplyBritish(action, path);
}

absl::Status FerreeRuleset::ApplyLegal(BattleState& state, Side side,
                                       const std::vector<Action>& legal, size_t i, Dice& dice,
                                       EventLog& log, const std::string& path,
                                       const std::string& why) const {
  FerreeBattle battle(state, dice, log);
  // The list is LegalActions(state, side): the side is awaited.
  if (side == Side::kBritish) return battle.ApplyBritish(legal[i], path, /*listed=*/true);
  if (side != Side::kZulu) return absl::InvalidArgumentError(absl::StrCat(path, ": say which side acts"));
  return battle.ApplyZulu(legal[i], path, why, &legal);
}

absl::Status FerreeRuleset::Run(BattleState& state, Dice& dice, EventLog& log) const {
  FerreeBattle battle(state, dice, log);
  return battle.Run(nullptr);
}

absl::Status FerreeRuleset::Ask(BattleState& state, const impi::Question& question, Dice& dice,
                                EventLog& log, int* decision) const {
  IMPI_ASSIGN_OR_RETURN(const Question* mine, QuestionFor<Question>(question));
  FerreeBattle battle(state, dice, log);
  return battle.Ask(*mine, decision);
}

Awaiting FerreeRuleset::Awaits(const BattleState& state) const {
  const Field field(state);
  return Choices(state, field).Awaits();
}

Awaiting FerreeRuleset::AwaitsBrief(const BattleState& state) const {
  // Who acts reads the state alone: no ground or derived terrain is made.
  return Choices::AwaitsIn(state, nullptr, /*describe_options=*/false, /*prompt=*/false);
}

namespace {

// The legal actions of `side` in the battle, which awaits `a`.
std::vector<Action> OptionsAwaiting(const Choices& choices, Side side, const Awaiting& a) {
  if (a.kind == AwaitKind::kGameOver) return {};
  if (side == Side::kBritish) {
    return a.side == Side::kBritish ? choices.BritishOptions() : std::vector<Action>{};
  }
  return a.kind == AwaitKind::kZuluDecision ? choices.PendingOptions() : std::vector<Action>{};
}

}  // namespace

std::vector<Action> FerreeRuleset::LegalActions(const BattleState& state, Side side) const {
  const Field field(state);
  const Choices choices(state, field);
  return OptionsAwaiting(choices, side,
                         choices.Awaits(/*describe_options=*/false, /*prompt=*/false));
}

std::vector<Action> FerreeRuleset::LegalActionsAwaiting(const BattleState& state, Side side,
                                                        const Awaiting& brief) const {
  if (brief.kind == AwaitKind::kGameOver) return {};
  const Field field(state);
  return OptionsAwaiting(Choices(state, field), side, brief);
}

bool FerreeRuleset::IsOver(const BattleState& state) const {
  return Choices::AwaitsIn(state, nullptr, /*describe_options=*/false, /*prompt=*/false).kind ==
         AwaitKind::kGameOver;
}

double FerreeRuleset::Score(const BattleState& state, Side side) const {
  // 8.: "until all of the Zulu regiments have been broken or all of the
  // British are killed or escape".
  // Graded by the designed victory scale (OutcomeOf): escapes count.
  const double zulu = VictoryScore(OutcomeOf(state).victory);
  return side == Side::kBritish ? -zulu : zulu;
}

double FerreeRuleset::Evaluate(const BattleState& state, Side side) const {
  if (IsOver(state)) return Score(state, side);
  const Outcome o = OutcomeOf(state);
  int present = 0;
  int regiments = 0;
  int broken = 0;
  for (const Unit& u : state.units) {
    if (u.side == Side::kBritish && u.kind != UnitKind::kRunner && !u.off_table) {
      present += u.figures.Present();
    }
    if (u.kind == UnitKind::kRegiment) {
      ++regiments;
      broken += u.status.broken ? 1 : 0;
    }
  }
  double zulu = 0.0;
  if (o.british_figures > 0) {
    // Figures off the table and not escaped are still to come (Durnford).
    int arriving = 0;
    for (const Unit& u : state.units) {
      if (u.side == Side::kBritish && u.off_table && AwaitsArrival(state, u.id)) {
        arriving += u.figures.Present();
      }
    }
    const double lost = 1.0 - double(present + arriving + o.escaped) / o.british_figures;
    zulu += lost - double(o.escaped) / o.british_figures;
  }
  if (regiments > 0) zulu -= double(broken) / regiments;
  zulu = std::clamp(zulu, -1.0, 1.0);
  return side == Side::kBritish ? -zulu : zulu;
}

bool FerreeRuleset::Pivotal(const BattleState& state) const {
  const ZuluChoice c = Pending(state).choice;
  if (c != ZuluChoice::kNone) return c != ZuluChoice::kChargeRetiring && c != ZuluChoice::kSniperTarget;
  // The British: the deployment (001 D.), whether the troops are pulled in
  // or go into the laager, moves a battle by tens of points of win rate
  // (docs/strength.md); each unit's activation in the battle by a little.
  return BritishDeploying(state);
}

bool FerreeRuleset::EvaluationFeatures(const BattleState& state, std::vector<double>* values,
                                       std::vector<std::string>* names) const {
  // Each a share in [0, 1] (the turn: of 60), for the Zulu side.
  int british = 0, present = 0, arriving = 0, escaped = 0, wounded = 0, shaken = 0, short_of_ammo = 0;
  int regiments = 0, broken = 0;
  int trays_start = 0, trays_fit = 0, to_come = 0, pinned = 0, in_contact = 0;
  for (const Unit& u : state.units) {
    if (u.side == Side::kBritish) {
      if (u.kind == UnitKind::kRunner) continue;
      const int here = u.figures.Present();
      british += u.figures.Starting();
      if (!u.off_table) {
        present += here;
        wounded += u.figures.wounded + u.figures.seriously_wounded;
        if (u.status.retiring || u.status.routed) shaken += here;
        if (u.status.ammunition == Ammunition::kLow || u.status.ammunition == Ammunition::kOut) {
          short_of_ammo += here;
        }
      } else if (here > 0) {
        (AwaitsArrival(state, u.id) ? arriving : escaped) += here;
      }
    } else if (u.kind == UnitKind::kRegiment) {
      ++regiments;
      broken += u.status.broken ? 1 : 0;
    } else if (u.kind == UnitKind::kTray) {
      trays_start += u.figures.Starting();
      trays_fit += u.figures.fit;
      if (u.off_table) to_come += u.figures.fit;
      if (u.status.pinned) pinned += u.figures.fit;
      if (u.status.in_close_combat) in_contact += u.figures.fit;
    }
  }
  auto share = [](int a, int b) { return b > 0 ? double(a) / b : 0.0; };
  if (values != nullptr) {
    *values = {1.0 - share(present + arriving + escaped, british),
               share(escaped, british),
               share(wounded, british),
               share(shaken, british),
               share(short_of_ammo, british),
               share(broken, regiments),
               share(trays_fit, trays_start),
               share(to_come, trays_start),
               share(pinned, trays_start),
               share(in_contact, trays_start),
               std::min(1.0, state.clock.turn / 60.0)};
  }
  if (names != nullptr) {
    *names = {"british_lost", "british_escaped", "british_wounded", "british_retiring",
              "british_short_of_ammunition", "regiments_broken", "zulus_fit", "zulus_to_come",
              "zulus_pinned", "zulus_in_contact", "turn"};
  }
  return true;
}

BattleState FerreeRuleset::View(const BattleState& state, Side side) const {
  BattleState v = state;
  if (side != Side::kBritish) return v;
  v.next_unit_serial = 0;
  if (OwnState(v) == nullptr) return v;
  FerreeState& own = Own(v);
  own.secret_entries.clear();
  own.pending.listed = nullptr;  // listed from what the British do not see
  // What the British may know of each unit: Durnford's coming is no secret
  // (FerreeState.arriving stays, and where a unit of his came on); a
  // runner's ammunition is his own side's. A Zulu unit's division is the
  // scenario's order of battle, shown by where it deploys, and a regiment's
  // entry point once its trays come on there (docs/conformance.md). The
  // snipers' shots and the trays' losses are the umpire's, and so are when
  // and where a regiment off the table will come on (its SecretEntry).
  for (size_t k = 0; k < own.units.size() && k < own.ids.size(); ++k) {
    const FerreeUnit& x = own.units[k];
    const Unit* u = state.FindUnit(own.ids[k]);
    FerreeUnit y;
    if (u == nullptr) {
    } else if (u->side == Side::kBritish) {
      y.entry_point = x.entry_point;
      y.wagon_id = x.wagon_id;
      y.carrying = x.carrying;
      y.turns_carried = x.turns_carried;
      y.turns_waited = x.turns_waited;
      y.surgeon_tried = x.surgeon_tried;
    } else {
      y.division = x.division;
      y.entry_point = x.entry_point;
    }
    own.units[k] = std::move(y);
  }
  // The counters in the cup of regiments not yet seen: the umpire's. Their
  // trays stay (off the table, the order of battle is no secret); Resample
  // gives each such regiment a turn and point of entry.
  std::vector<SharedString> chits;
  for (const SharedString& id : own.chits_left) {
    const Unit* r = v.FindUnit(id);
    if (r == nullptr || !UnseenRegiment(v, *r)) chits.push_back(id);
  }
  own.chits_left = std::move(chits);
  return v;
}

void FerreeRuleset::Resample(BattleState& state, Side viewer, CounterRng& rng) const {
  if (viewer != Side::kBritish || OwnState(state) == nullptr) return;
  FerreeState& own = Own(state);
  own.pending.listed = nullptr;  // the cup may change
  int points[2];
  int n_points = 0;
  for (int p : {1, 2}) {
    if (state.FindPoint(PointKind::kEntry, p) != nullptr) points[n_points++] = p;
  }
  const int turn = std::max(1, state.clock.turn);
  const bool turn_running = state.clock.phase == Phase::kActivation && !own.chits_left.empty();
  // A turn of entry still to come as the British see it: after this turn,
  // or this turn with its counter still in the cup.
  auto still_to_come = [&](int t) { return t > turn || (t == turn && turn_running); };
  for (const Unit& r : state.units) {
    if (r.kind != UnitKind::kRegiment || r.side != Side::kZulu || !UnseenRegiment(state, r)) {
      continue;
    }
    auto& entries = own.secret_entries;
    auto e = std::find_if(entries.begin(), entries.end(),
                          [&](const SecretEntry& x) { return x.unit_id == r.id; });
    if (e != entries.end()) {
      // A held loins regiment (turn 3, where it was deployed) has nothing
      // to roll; nor has an entry whose turn has come and gone.
      if (e->point == kDeployedPosition || !still_to_come(e->turn)) continue;
    }
    // Designed (not in the source text): the British know neither which of
    // the plan's choices the Zulu player made nor the die; a regiment not
    // yet seen comes on at either entry point with equal chance, a loins
    // regiment also (equally) where it was deployed, on turn 3, while that
    // is still to come; the turn is rolled on the Turn of Entry table
    // (loins +3) until it is still to come (16 tries, else next turn).
    const bool loins = DivisionOf(state, r.id) == kLoinsDivision;
    const bool may_be_held = loins && still_to_come(kLoinsFirstTurn);
    const int choices = n_points + (may_be_held ? 1 : 0);
    int point = kDeployedPosition;
    int entry_turn = kLoinsFirstTurn;
    const int pick = choices > 0 ? static_cast<int>(rng.Uniform(choices)) : 0;
    if (pick < n_points) {
      point = points[pick];
      entry_turn = 0;
      for (int tries = 0; tries < 16; ++tries) {
        Dice dice = Dice::Seeded(rng.Next());
        entry_turn = TurnOfEntry(dice, loins, nullptr).ForPoint(point);
        if (still_to_come(entry_turn)) break;
      }
      if (!still_to_come(entry_turn)) entry_turn = turn + 1;
    }
    if (e == entries.end()) {
      entries.push_back({r.id.str(), entry_turn, point});
    } else {
      e->turn = entry_turn;
      e->point = point;
    }
    auto& cup = own.chits_left;
    auto it = std::find(cup.begin(), cup.end(), r.id);
    if (entry_turn == turn && turn_running && it == cup.end()) {
      cup.push_back(r.id);
    } else if (entry_turn != turn && it != cup.end()) {
      cup.erase(it);
    }
  }
}

void FerreeRuleset::HashOwnState(const BattleState& state, StateHasher* h) const {
  const FerreeState* own = OwnState(state);
  if (own == nullptr) return;
  const PendingChoice& p = own->pending;
  h->Add(static_cast<int>(p.choice));
  h->Add(p.unit_id);
  h->Add(p.regiment_id);
  h->Add(p.british_id);
  h->Add(p.queue);
  h->Add(p.after_resolve);
  h->Add(p.left_donga);
  h->Add(own->arriving);
  h->Add(own->quiet_turns);
  h->Add(own->surgeon_attempts);
  const Situation& pb = own->situation;
  h->Add(pb.rolled);
  h->Add(pb.camp_laagered);
  h->Add(pb.thornbush);
  h->Add(pb.reinforcement_arrival);
  h->Add(static_cast<int>(pb.deployment));
  h->Add(pb.scouting);
  h->Add(pb.discovery_time);
  h->Add(static_cast<uint64_t>(own->secret_entries.size()));
  for (const SecretEntry& e : own->secret_entries) {
    h->Add(e.unit_id);
    h->Add(e.turn);
    h->Add(e.point);
  }
  h->Add(own->chits_left);
  h->Add(own->segment);
  // As on the wire: the units on the table state with bookkeeping, by id.
  ForEachEntryById(state, [h](const Unit& u, const FerreeUnit& x) {
    h->Add(u.id.str());
    for (int v : {x.division, x.entry_point, x.losses_this_turn, x.figures_fired_at,
                  x.turns_carried, x.turns_waited, x.surgeon_tried}) {
      h->Add(v);
    }
    h->Add(x.fired_on_by_this_turn);
    h->Add(x.under_artillery);
    h->Add(x.wagon_id.str());
    h->Add(x.carrying);
  });
}

const char* RegimentRefusal(const Unit& regiment, absl::Span<const Unit* const> trays) {
  if (regiment.status.broken) return "is broken already: it routs";
  for (const Unit* t : trays) {
    if (Alive(*t)) return nullptr;
  }
  return "has no tray on the table";
}

const char* ResolveRefusal(const BattleState& s, const Unit& u) {
  if (u.kind == UnitKind::kRegiment) {
    if (u.status.broken) return RegimentRefusal(u, {});
    return RegimentRefusal(u, TraysOf(s, u.id));
  }
  if (!IsCompany(u)) return "is not a Zulu REGIMENT or a British company";
  return NobodyToAct(u) ? "is not on the table with anyone who can act" : nullptr;
}
const char* RallyRefusal(const Unit& t) {
  if (t.kind != UnitKind::kTray) return "is not a movement TRAY";
  if (!Alive(t)) return "is not on the table";
  if (!t.status.pinned) return "is not pinned";
  return nullptr;
}
const char* ChargeRetiringRefusal(const Unit* tray, const Unit& british, bool* at_british) {
  *at_british = true;
  if (!Alive(british) || british.figures.Present() <= 0) return "is not on the table";
  *at_british = false;
  if (tray == nullptr || !Alive(*tray)) return "is not on the table";
  if (tray->kind != UnitKind::kTray) return "is not a movement TRAY";
  return nullptr;
}

}  // namespace impi::ferree
