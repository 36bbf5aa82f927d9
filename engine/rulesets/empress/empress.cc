// EmpressRuleset: the simultaneous move of "Damned Wobbly Gentlemen". See
// empress.h.
#include "engine/rulesets/empress/empress.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/core/state_hash.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/empress/board.h"

namespace impi::empress {
namespace {

constexpr double kContactSlack = 0.5;

// UnitState with Empress's own state fetched by the caller: a loop over the
// units reads ruleset_state once (OwnState), not once a unit.
const EmpressUnit* EntryOf(const EmpressState* own, const BattleState& s, const Unit& u) {
  if (own == nullptr) return nullptr;
  const ptrdiff_t h = &u - s.units.data();
  if (h >= 0 && static_cast<size_t>(h) < own->ids.size() && static_cast<size_t>(h) < own->units.size() &&
      own->ids[static_cast<size_t>(h)] == u.id) {
    return &own->units[static_cast<size_t>(h)];
  }
  return UnitState(s, u);  // another state's unit, or units reordered since the state was keyed
}

// ProfileOf and FireRefusal with the own state fetched by the caller.
Profile ProfileIn(const EmpressState* own, const BattleState& s, const Unit& u);
Refusal FireRefusalIn(const EmpressState* own, const BattleState& s, const Unit& u);
constexpr double kEdgeStep = 3.0;
constexpr double kEdgeSpan = 36.0;
constexpr int kMaxTargets = 3;

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

bool ZuluKind(UnitKind k) {
  return k == UnitKind::kRegiment || k == UnitKind::kInduna || k == UnitKind::kWitchDoctor ||
         k == UnitKind::kRunner;
}

// The British kinds Empress takes: the fighting kinds and the officers.
bool BritishKind(UnitKind k) { return IsBritishFightingKind(k) || k == UnitKind::kOfficer; }

std::optional<Vec2> Objective(const BattleState& s) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double x = ParameterOr<kObjectiveX>(s, nan), y = ParameterOr<kObjectiveY>(s, nan);
  if (std::isnan(x) || std::isnan(y)) return std::nullopt;
  return Vec2(x, y);
}

int MaxReach(MoverType m) {
  switch (m) {
    case MoverType::kZulus: return 18;
    case MoverType::kCavalry: return 18;
    case MoverType::kWagons: return 9;
    default: return 12;
  }
}

// The units of `side` (all units: kUnspecified) in id order, into `out`:
// by the state's id order when it is keyed to its units (no id compared),
// else by the ids themselves.
void SortedById(const BattleState& s, Side side, std::vector<const Unit*>* out) {
  out->clear();
  const EmpressState* own = OwnState(s);
  if (own != nullptr && own->KeyedTo(s)) {
    for (const int h : own->by_id) {
      const Unit& u = s.units[static_cast<size_t>(h)];
      if (side == Side::kUnspecified || u.side == side) out->push_back(&u);
    }
    return;
  }
  for (const Unit& u : s.units) {
    if (side == Side::kUnspecified || u.side == side) out->push_back(&u);
  }
  const IdLess less;
  std::stable_sort(out->begin(), out->end(), [&](const Unit* a, const Unit* b) { return less(a->id, b->id); });
}

// Enemies of `u` that it could target, nearest first (ties by id), into
// `out`.
void EnemiesByDistance(const BattleState& s, const Unit& u, std::vector<const Unit*>* out) {
  out->clear();
  for (const Unit& e : s.units) {
    if (e.side != u.side && Active(e)) out->push_back(&e);
  }
  std::sort(out->begin(), out->end(), [&](const Unit* a, const Unit* b) {
    const double da = Distance(a->position, u.position), db = Distance(b->position, u.position);
    if (da != db) return da < db;
    return IdBefore(s, *a, *b);
  });
}

bool MayFire(const BattleState& s, const Unit& u) { return FireRefusal(s, u) == Refusal::kNone; }

// Range and sight (FireAtRefusal without the firer's own state); `p` is
// the firer's profile.
Refusal RangeRefusal(const BattleState& s, const Profile& p, const Unit& firer, const Unit& target) {
  const double d = Distance(firer.position, target.position);
  if (p.ordnance == Ordnance::kRocket && ArtilleryBand(d) == 0) return Refusal::kOutOfRange;  // "N/A" at 0-10"
  if (d > p.range) return Refusal::kOutOfRange;
  return SightClear(s, firer.position, target.position) ? Refusal::kNone : Refusal::kNoSight;
}

bool InRange(const BattleState& s, const Profile& p, const Unit& firer, const Unit& target) {
  return RangeRefusal(s, p, firer, target) == Refusal::kNone;
}

Action Make(ActionKind kind, const Unit& u) {
  Action a;
  a.kind = kind;
  a.unit_id = u.id;
  return a;
}

// The order an action gives, its target by handle.
Order OrderOf(const BattleState& s, const Action& a) {
  const int target = a.target_id.empty() ? kNoUnit : s.UnitIndex(a.target_id);
  Order o;
  switch (a.kind) {
    case ActionKind::kPass: o.kind = OrderKind::kHold; break;
    case ActionKind::kFire:
      o.kind = OrderKind::kFire;
      o.target = target;
      o.range_estimate = RangeEstimateOf(a);
      break;
    case ActionKind::kCharge: o.kind = OrderKind::kCharge; o.target = target; break;
    case ActionKind::kOrder:
      o.kind = OrderKind::kStanding;
      o.target = target;
      o.standing = static_cast<Standing>(a.point);
      break;
    case ActionKind::kLimber: o.kind = OrderKind::kLimber; break;
    case ActionKind::kUnlimber: o.kind = OrderKind::kUnlimber; break;
    case ActionKind::kMove:
      if (!a.target_id.empty()) {
        o.kind = OrderKind::kAttach;
        o.target = target;
      } else {
        o.kind = a.point == 1 ? OrderKind::kEvade : OrderKind::kAdvance;
        o.to = a.to;
      }
      break;
    default: break;
  }
  return o;
}

// The range estimate is not compared: the options announce none, and an
// order may announce one (CheckEstimate).
bool SameAction(const Action& a, const Action& b) {
  return a.kind == b.kind && a.unit_id == b.unit_id && a.target_id == b.target_id &&
         a.point == b.point && Distance(a.to, b.to) < 1e-6;
}

// ARTILLERY, ROCKET.: "estimates range in inches": a range announced is a
// gun's or rocket's, in a FIRE order, within its kill chart (over 0" to
// 70"; the rocket over 10", its chart printing "N/A" at 0 - 10"). `path`
// names the field.
absl::Status CheckEstimate(const std::string& path, OrderKind kind, const std::optional<Ordnance>& ordnance,
                           double estimate) {
  if (estimate == 0) return absl::OkStatus();
  if (!std::isfinite(estimate)) return Bad(path, "is not a number of inches");
  if (kind != OrderKind::kFire || !ordnance) {
    return Bad(path, "only a gun's or rocket's FIRE order announces a range (ARTILLERY, ROCKET.)");
  }
  return CheckRangeEstimate(path, *ordnance, estimate);
}

}  // namespace

absl::Status CheckRangeEstimate(const std::string& path, Ordnance ordnance, double estimate) {
  if (!std::isfinite(estimate)) return Bad(path, "is not a number of inches");
  const bool rocket = ordnance == Ordnance::kRocket;
  const double low = rocket ? kRocketShortestEstimateInches : 0.0;
  if (estimate <= low || estimate > kLongestEstimateInches) {
    return Bad(path, absl::StrCat(estimate, "\" is off the ", rocket ? "rocket's" : "field gun's",
                                  " kill chart: over ", low, "\" and at most ", kLongestEstimateInches,
                                  "\"", rocket ? " (\"N/A\" at 0 - 10\")" : ""));
  }
  return absl::OkStatus();
}

namespace {

// COMMAND in a state: roles on the units that may hold them, one of each a
// side; an attachment only of the senior commander or aide, to a fighting
// unit of his side; a standing order given only to that unit.
absl::Status CheckCommand(const BattleState& s, const Unit& u, const EmpressUnit& e, const std::string& path,
                          std::set<std::pair<int, int>>& roles) {
  if (e.command != Command::kNone) {
    const bool commands = u.kind == UnitKind::kOfficer || u.kind == UnitKind::kInduna;
    if (!(commands || (e.command == Command::kAide && u.kind == UnitKind::kRunner))) {
      return Bad(path + ".command", "the senior commander is an OFFICER or the INDUNA; his aide an OFFICER, the "
                                    "INDUNA or a RUNNER");
    }
    if (!roles.insert({static_cast<int>(u.side), static_cast<int>(e.command)}).second) {
      return Bad(path + ".command", "a side has one senior commander and one aide (COMMAND: \"the senior "
                                    "table commander or his aide\")");
    }
  }
  if (e.attached_to != kNoUnit) {
    if (CommandOf(s, u) == Command::kNone) {
      return Bad(path + ".attached_to", "only the senior commander or his aide attaches himself to a unit (COMMAND)");
    }
    const std::string& id = IdAt(*OwnState(s), e.attached_to);
    const Unit* t = UnitAt(s, e.attached_to);
    if (t == nullptr) return Bad(path + ".attached_to", absl::StrCat("no unit has id \"", id, "\""));
    if (t->side != u.side || !Fights(*t)) {
      return Bad(path + ".attached_to", absl::StrCat("\"", id, "\" is not a fighting unit of his side"));
    }
  }
  if (e.order.kind == OrderKind::kStanding && e.order.target != e.attached_to) {
    return Bad(path + ".order.target_id", "a standing order is changed only in the unit he is attached to (COMMAND)");
  }
  return absl::OkStatus();
}

}  // namespace

// ---------------------------------------------------------------------------
// Profiles and geometry

namespace {

// The weapon and the longest range a unit fires at.
void Arm(Profile& p, Weapon w, double range) {
  p.weapon = w;
  p.range = range;
}

void Artillery(Profile& p, Ordnance o) {
  p.mover = MoverType::kLimbers;
  p.ordnance = o;
  p.range = 70;
  p.morale = MoraleClass::kBritishArtillery;
}

void Horseman(Profile& p, Horse horse, MoraleClass morale) {
  p.mover = MoverType::kCavalry;
  Arm(p, Weapon::kCarbine, 20);
  p.mounted = true;
  p.colonial_cavalry = true;
  p.horse = horse;
  p.morale = morale;
}

}  // namespace

Profile ProfileOf(const BattleState& s, const Unit& u) { return ProfileIn(OwnState(s), s, u); }

namespace {

Profile ProfileIn(const EmpressState* own, const BattleState& s, const Unit& u) {
  Profile p;
  if (ZuluKind(u.kind)) {
    p.mover = MoverType::kZulus;
    p.native = true;
    p.morale = MoraleClass::kUnmarriedImpi;
  }
  switch (u.kind) {
    case UnitKind::kRegiment:
      Arm(p, Weapon::kMusketShotGun, 20);
      if (const EmpressUnit* e = EntryOf(own, s, u); e != nullptr && e->married) {
        p.morale = MoraleClass::kMarriedImpi;
      }
      break;
    case UnitKind::kInduna:
    case UnitKind::kOfficer:
      p.commander = true;
      break;
    case UnitKind::kWitchDoctor:
      p.witch_doctor = true;
      break;
    case UnitKind::kInfantry:
      Arm(p, Weapon::kMartiniHenry, 40);
      break;
    case UnitKind::kNativeFoot:
      p.mover = MoverType::kNncFoot;
      Arm(p, Weapon::kMartiniHenry, 40);
      p.native = true;
      p.morale = MoraleClass::kNnc;
      break;
    case UnitKind::kCavalry:
      Horseman(p, Horse::kRegularCavalry, MoraleClass::kBritishRegularHorse);
      break;
    case UnitKind::kNativeHorse:
    case UnitKind::kMountedInfantry:
      Horseman(p, Horse::kIrregularCavalry, MoraleClass::kIrregularHorse);
      break;
    case UnitKind::kGatling:
      p.mover = MoverType::kLimbers;
      Arm(p, Weapon::kGatlingGun, 40);
      p.morale = MoraleClass::kBritishArtillery;
      break;
    case UnitKind::kGun:
      Artillery(p, Ordnance::kFieldGun);
      break;
    case UnitKind::kRockets:
      Artillery(p, Ordnance::kRocket);
      break;
    default:
      break;
  }
  return p;
}

}  // namespace

double UnitRadius(const Unit& u) {
  switch (u.kind) {
    case UnitKind::kInduna:
    case UnitKind::kWitchDoctor:
    case UnitKind::kOfficer:
    case UnitKind::kRunner:
      return 0.5;
    case UnitKind::kGun:
    case UnitKind::kGatling:
    case UnitKind::kRockets:
      return 1.5;
    default:
      return 2.0;
  }
}

namespace {

// The area two discs of radii r1 and r2, d apart, share.
double LensArea(double r1, double r2, double d) {
  constexpr double kPi = 3.14159265358979323846;
  if (d >= r1 + r2) return 0.0;
  if (d <= std::abs(r1 - r2)) return kPi * std::min(r1, r2) * std::min(r1, r2);
  const double a1 = std::acos(std::clamp((d * d + r1 * r1 - r2 * r2) / (2 * d * r1), -1.0, 1.0));
  const double a2 = std::acos(std::clamp((d * d + r2 * r2 - r1 * r1) / (2 * d * r2), -1.0, 1.0));
  const double k = (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2);
  return r1 * r1 * a1 + r2 * r2 * a2 - 0.5 * std::sqrt(std::max(0.0, k));
}

}  // namespace

int FiguresUnderMarker(const Unit& u, const Vec2& centre) {
  constexpr double kPi = 3.14159265358979323846;
  constexpr int kAtMost = 6;
  const double r = UnitRadius(u);
  const double share = LensArea(kKillMarkerDiameterInches / 2, r, Distance(u.position, centre)) / (kPi * r * r);
  return std::min(kAtMost, static_cast<int>(std::lround(u.figures.fit * share)));
}

bool InContact(const Unit& a, const Unit& b) {
  return Distance(a.position, b.position) <= UnitRadius(a) + UnitRadius(b) + kContactSlack;
}

bool Active(const Unit& u) { return u.OnTable() && u.figures.fit > 0; }

bool IsGun(const Unit& u) {
  return u.kind == UnitKind::kGun || u.kind == UnitKind::kGatling || u.kind == UnitKind::kRockets;
}

const char* RefusalText(Refusal r) {
  switch (r) {
    case Refusal::kNone: return "it may";
    case Refusal::kNotOnTable: return "is not on the table with figures";
    case Refusal::kNoMoraleOfItsOwn: return "is a commander, witch doctor or runner: it takes no morale test and makes no retirement of its own";
    case Refusal::kNoWeapon: return "has no weapon to fire";
    case Refusal::kNeverFires: return "may not fire (\"Unit cannot fire for the rest of the game.\")";
    case Refusal::kRouting: return "is routing (\"Routing or Retiring units move to the nearest table edge\")";
    case Refusal::kRetiring: return "is retiring (\"Routing or Retiring units move to the nearest table edge\")";
    case Refusal::kPinned: return "is pinned down (\"Zulus lie down or crouch for following move and are pinned down\")";
    case Refusal::kLimbered: return "is limbered: a gun fires unlimbered (\"Limbers 6\" + 1x D6\")";
    case Refusal::kJammed: return "is jammed (\"the gun is completely jammed for the entire next move\")";
    case Refusal::kOwnSide: return "is a unit of the firer's own side";
    case Refusal::kOutOfRange: return "is out of the weapon's range (past its chart, or the rocket's \"N/A\" at 0 - 10\")";
    case Refusal::kNoSight: return "is out of sight: terrain blocks the line of fire";
    case Refusal::kNotZulu: return "only Zulus evade (\"in the case of Zulus, try and evade if attacked\")";
    case Refusal::kNoEnemyNear: return "has no enemy within 24\" to evade";
    case Refusal::kNotRetiringZulu: return "is not a Zulu unit retiring: only those are caught (\"Zulus will retire in good order unless caught doing so by charging Colonial cavalry when they can rout\")";
    case Refusal::kNotNative: return "is not a native unit (\"Any native unit that the rocket flies over takes an immediate morale test\")";
    case Refusal::kNeitherRetiringNorRouting: return "is neither retiring nor routing (\"Routing or Retiring units move to the nearest table edge via the safest route\")";
  }
  return "may not";
}

Refusal FireRefusal(const BattleState& s, const Unit& u) { return FireRefusalIn(OwnState(s), s, u); }

namespace {

Refusal FireRefusalIn(const EmpressState* own, const BattleState& s, const Unit& u) {
  if (!Active(u)) return Refusal::kNotOnTable;
  if (ProfileIn(own, s, u).range <= 0.0) return Refusal::kNoWeapon;
  const EmpressUnit* e = EntryOf(own, s, u);
  if (e == nullptr) return Refusal::kNone;
  if (e->never_fire) return Refusal::kNeverFires;
  if (e->routing) return Refusal::kRouting;
  if (e->Retiring()) return Refusal::kRetiring;
  if (e->pinned) return Refusal::kPinned;
  if (e->limbered) return Refusal::kLimbered;
  if (u.kind == UnitKind::kGatling && e->gatling_jammed) return Refusal::kJammed;
  return Refusal::kNone;
}

}  // namespace

Refusal FireAtRefusal(const BattleState& s, const Unit& firer, const Unit& target) {
  if (const Refusal r = FireRefusal(s, firer); r != Refusal::kNone) return r;
  if (target.side == firer.side) return Refusal::kOwnSide;
  if (!Active(target)) return Refusal::kNotOnTable;
  return RangeRefusal(s, ProfileOf(s, firer), firer, target);
}

Refusal EvadeRefusal(const BattleState& s, const Unit& u) {
  if (!Active(u)) return Refusal::kNotOnTable;
  if (u.side != Side::kZulu) return Refusal::kNotZulu;
  if (const EmpressUnit* e = UnitState(s, u)) {
    if (e->routing) return Refusal::kRouting;
    if (e->Retiring()) return Refusal::kRetiring;
    if (e->pinned) return Refusal::kPinned;
  }
  const Unit* enemy = NearestEnemy(s, u);
  if (enemy == nullptr || Distance(enemy->position, u.position) > 24.0) return Refusal::kNoEnemyNear;
  return Refusal::kNone;
}

Refusal MoraleTestRefusal(const BattleState& s, const Unit& u, bool caught_by_cavalry, RocketEffect rocket) {
  if (!Active(u)) return Refusal::kNotOnTable;
  if (!Fights(u)) return Refusal::kNoMoraleOfItsOwn;
  const EmpressUnit* e = UnitState(s, u);
  if (e != nullptr && e->routing) return Refusal::kRouting;
  if (caught_by_cavalry && !(u.side == Side::kZulu && e != nullptr && e->Retiring())) {
    return Refusal::kNotRetiringZulu;
  }
  if (rocket == RocketEffect::kFlewOver && !ProfileOf(s, u).native) return Refusal::kNotNative;
  return Refusal::kNone;
}

Refusal RetireRouteRefusal(const BattleState& s, const Unit& u) {
  if (!Active(u)) return Refusal::kNotOnTable;
  if (!Fights(u)) return Refusal::kNoMoraleOfItsOwn;
  const EmpressUnit* e = UnitState(s, u);
  if (e == nullptr || !(e->routing || e->Retiring())) return Refusal::kNeitherRetiringNorRouting;
  return Refusal::kNone;
}

Command CommandOf(const BattleState& s, const Unit& u) {
  const bool commands = u.kind == UnitKind::kOfficer || u.kind == UnitKind::kInduna;
  if (!commands && u.kind != UnitKind::kRunner) return Command::kNone;
  const EmpressUnit* e = UnitState(s, u);
  if (e != nullptr && e->command != Command::kNone) return e->command;
  if (!commands) return Command::kNone;
  // Designed default: no senior commander named, the first officer or induna.
  const EmpressState* own = OwnState(s);
  const Unit* first = nullptr;
  for (const Unit& o : s.units) {
    if (o.side != u.side || !Active(o)) continue;
    const EmpressUnit* oe = EntryOf(own, s, o);
    if (oe != nullptr && oe->command == Command::kSeniorCommander) return Command::kNone;
    if ((o.kind == UnitKind::kOfficer || o.kind == UnitKind::kInduna) && oe != nullptr &&
        oe->command == Command::kAide) {
      continue;
    }
    if ((o.kind == UnitKind::kOfficer || o.kind == UnitKind::kInduna) &&
        (first == nullptr || IdBefore(s, o, *first))) {
      first = &o;
    }
  }
  return first == &u ? Command::kSeniorCommander : Command::kNone;
}

const Unit* AttachedTo(const BattleState& s, const Unit& u) {
  const EmpressUnit* e = UnitState(s, u);
  if (e == nullptr || e->attached_to == kNoUnit || CommandOf(s, u) == Command::kNone) return nullptr;
  const Unit* t = UnitAt(s, e->attached_to);
  return t != nullptr && Active(*t) && t->side == u.side ? t : nullptr;
}

namespace {

// NeedsOrder with the unit's bookkeeping already looked up (e: null if none).
bool NeedsOrderGiven(const Unit& u, const EmpressUnit* e) {
  if (!Active(u)) return false;
  if (e == nullptr) return true;
  return !e->ordered && !e->pinned && !e->Retiring() && !e->routing;
}

}  // namespace

bool NeedsOrder(const BattleState& s, const Unit& u) {
  if (!Active(u)) return false;
  return NeedsOrderGiven(u, UnitState(s, u));
}

bool AnyNeedsOrder(const BattleState& s, Side side) {
  const EmpressState* own = OwnState(s);
  for (const Unit& u : s.units) {
    if (u.side == side && NeedsOrderGiven(u, EntryOf(own, s, u))) return true;
  }
  return false;
}

std::vector<Action> UnitOptions(const BattleState& s, const Unit& u) {
  std::vector<Action> out;
  UnitOptionsInto(s, u, &out);
  return out;
}

void UnitOptionsInto(const BattleState& s, const Unit& u, std::vector<Action>* options) {
  std::vector<Action>& out = *options;
  out.clear();
  if (!Active(u)) return;
  const EmpressUnit* e = UnitState(s, u);
  if (!NeedsOrderGiven(u, e)) return;
  const Profile p = ProfileOf(s, u);
  const Standing standing = e != nullptr && e->standing == Standing::kAttack ? Standing::kAttack : Standing::kHold;
  out.push_back(Make(ActionKind::kPass, u));
  // Scratch kept by the thread: listing options allocates nothing once warm.
  thread_local std::vector<const Unit*> enemies;
  EnemiesByDistance(s, u, &enemies);
  if (!Fights(u)) {
    // COMMAND: attached to a unit this move, the senior commander or his
    // aide may change its standing order.
    if (const Unit* t = AttachedTo(s, u)) {
      const EmpressUnit* te = UnitState(s, *t);
      const bool attack = te != nullptr && te->standing == Standing::kAttack;
      Action a = Make(ActionKind::kOrder, u);
      a.target_id = t->id;
      a.point = static_cast<int>(attack ? Standing::kHold : Standing::kAttack);
      out.push_back(std::move(a));
    }
    // A commander, runner or witch doctor joins one of the nearest units of
    // his side (the senior commander or aide attaches himself to it).
    thread_local std::vector<const Unit*> friends;
    friends.clear();
    for (const Unit& f : s.units) {
      if (&f != &u && f.side == u.side && Active(f) && Fights(f)) friends.push_back(&f);
    }
    std::sort(friends.begin(), friends.end(), [&](const Unit* a, const Unit* b) {
      const double da = Distance(a->position, u.position), db = Distance(b->position, u.position);
      return da != db ? da < db : IdBefore(s, *a, *b);
    });
    for (size_t i = 0; i < friends.size() && i < 4; ++i) {
      Action a = Make(ActionKind::kMove, u);
      a.target_id = friends[i]->id;
      a.to = friends[i]->position;
      out.push_back(std::move(a));
    }
    return;
  }
  if (MayFire(s, u)) {
    int n = 0;
    for (const Unit* t : enemies) {
      if (n >= kMaxTargets) break;
      if (!InRange(s, p, u, *t)) continue;
      Action a = Make(ActionKind::kFire, u);
      a.target_id = t->id;
      out.push_back(std::move(a));
      ++n;
    }
  }
  // MOVEMENT- BY UNIT: "Limbers 6" + 1x D6": a gun moves limbered.
  const bool gun = IsGun(u);
  const bool limbered = e != nullptr && e->limbered;
  const bool moves = !gun || limbered;
  if (moves && standing == Standing::kAttack && !enemies.empty()) {
    // Advance towards the nearest enemy, or the objective.
    Action a = Make(ActionKind::kMove, u);
    a.to = ClampToTable(StepTowards(u.position, enemies.front()->position, MaxReach(p.mover)),
                        s.table.width, s.table.height);
    out.push_back(std::move(a));
    if (std::optional<Vec2> obj = Objective(s); obj && Distance(*obj, u.position) > 1.0) {
      Action b = Make(ActionKind::kMove, u);
      b.to = ClampToTable(StepTowards(u.position, *obj, std::min<double>(MaxReach(p.mover),
                                                                          Distance(*obj, u.position))),
                          s.table.width, s.table.height);
      out.push_back(std::move(b));
    }
    int n = gun ? kMaxTargets : 0;  // guns do not charge
    for (const Unit* t : enemies) {
      if (n >= kMaxTargets) break;
      if (Distance(t->position, u.position) - UnitRadius(*t) - UnitRadius(u) > MaxReach(p.mover)) break;
      Action c = Make(ActionKind::kCharge, u);
      c.target_id = t->id;
      out.push_back(std::move(c));
      ++n;
    }
  }
  if (moves && EvadeRefusal(s, u) == Refusal::kNone) {
    // "Units will naturally ... in the case of Zulus, try and evade if attacked."
    Action a = Make(ActionKind::kMove, u);
    a.point = 1;
    const Vec2 away = u.position + (u.position - NearestEnemy(s, u)->position);
    a.to = ClampToTable(StepTowards(u.position, away, MaxReach(p.mover)), s.table.width, s.table.height);
    out.push_back(std::move(a));
  }
  if (gun) out.push_back(Make(limbered ? ActionKind::kUnlimber : ActionKind::kLimber, u));
}

namespace {

// An enemy unit that may fire: where it stands and its range.
struct Firer {
  Vec2 at;
  double range;
};

// The units not of `side` that may fire, in the units' order, into `out`.
void FirersAgainst(const BattleState& s, Side side, std::vector<Firer>* out) {
  out->clear();
  const EmpressState* own = OwnState(s);
  for (const Unit& e : s.units) {
    if (e.side == side || FireRefusalIn(own, s, e) != Refusal::kNone) continue;
    out->push_back({e.position, ProfileIn(own, s, e).range});
  }
}

// RouteClearance of the path path[0..n) against firers found once
// (SafestEdgePoint weighs several paths against the same enemy).
double ClearanceFrom(const std::vector<Firer>& firers, const Vec2* path, size_t n) {
  double best = std::numeric_limits<double>::infinity();
  for (const Firer& f : firers) {
    for (size_t i = 0; i + 1 < n; ++i) {
      best = std::min(best, SegmentDistance(f.at, path[i], path[i + 1]) - f.range);
    }
    if (n == 1) best = std::min(best, Distance(f.at, path[0]) - f.range);
  }
  return best;
}

}  // namespace

double RouteClearance(const BattleState& s, Side side, const std::vector<Vec2>& path) {
  thread_local std::vector<Firer> firers;
  FirersAgainst(s, side, &firers);
  return ClearanceFrom(firers, path.data(), path.size());
}

Vec2 SafestEdgePoint(const BattleState& s, Side side, const Vec2& from, const Vec2* away_from) {
  const double w = s.table.width, h = s.table.height;
  // The nearest edge: 0 west, 1 east, 2 low y, 3 high y (ties in that order);
  // retiring "away from enemy", the nearest of the edges that lie away from
  // it (the edge's outward direction points away from the enemy).
  const double d[4] = {from.x(), w - from.x(), from.y(), h - from.y()};
  const Vec2 outward[4] = {Vec2(-1, 0), Vec2(1, 0), Vec2(0, -1), Vec2(0, 1)};
  const Vec2 away = away_from != nullptr ? Vec2(from - *away_from) : Vec2(Vec2::Zero());
  int edge = -1;
  for (int i = 0; i < 4; ++i) {
    if (away.squaredNorm() > 0 && outward[i].dot(away) <= 0) continue;
    if (edge < 0 || d[i] < d[edge]) edge = i;
  }
  // The points kEdgeStep apart within kEdgeSpan either way (25 at most).
  constexpr int kMostEnds = 2 * static_cast<int>(kEdgeSpan / kEdgeStep) + 1;
  Vec2 ends[kMostEnds + 1];
  int count = 0;
  for (double off = -kEdgeSpan; off <= kEdgeSpan + 1e-9 && count <= kMostEnds; off += kEdgeStep) {
    Vec2 p = edge == 0 ? Vec2(0, from.y() + off)
             : edge == 1 ? Vec2(w, from.y() + off)
             : edge == 2 ? Vec2(from.x() + off, 0)
                         : Vec2(from.x() + off, h);
    p = ClampToTable(p, w, h);
    bool dup = false;
    for (int i = 0; i < count; ++i) dup |= Distance(p, ends[i]) < 1e-9;
    if (!dup) ends[count++] = p;
  }
  Vec2 best = ends[0];
  double best_clear = -std::numeric_limits<double>::infinity(), best_len = 0;
  thread_local std::vector<Firer> firers;
  FirersAgainst(s, side, &firers);
  for (int i = 0; i < count; ++i) {
    const Vec2 path[2] = {from, ends[i]};
    const double clear = ClearanceFrom(firers, path, 2), len = Distance(from, ends[i]);
    const bool tie = clear == best_clear || std::abs(clear - best_clear) <= 1e-9;  // both infinite: a tie
    if ((!tie && clear > best_clear) || (tie && len < best_len - 1e-9)) {
      best = ends[i];
      best_clear = clear;
      best_len = len;
    }
  }
  return best;
}

std::vector<Vec2> SafestRoute(const BattleState& s, Side side, const Vec2& from, const Vec2* away_from) {
  return {from, SafestEdgePoint(s, side, from, away_from)};
}

const Unit* NearestEnemy(const BattleState& s, const Unit& u) {
  const Unit* best = nullptr;
  double d = std::numeric_limits<double>::infinity();
  for (const Unit& e : s.units) {
    if (e.side == u.side || !Active(e)) continue;
    const double de = Distance(e.position, u.position);
    // Ties by place (PlaceLess), never by id.
    if (de < d || (de == d && best != nullptr && PlaceLess(s, e, *best))) {
      d = de;
      best = &e;
    }
  }
  return best;
}

bool PlaceLess(const BattleState& s, const Unit& a, const Unit& b) {
  if (a.position.x() != b.position.x()) return a.position.x() < b.position.x();
  if (a.position.y() != b.position.y()) return a.position.y() < b.position.y();
  if (a.side != b.side) return a.side < b.side;
  if (a.kind != b.kind) return a.kind < b.kind;
  if (a.figures.fit != b.figures.fit) return a.figures.fit < b.figures.fit;
  return IdBefore(s, a, b);
}

void PlaceOrder(const BattleState& s, std::vector<int>* handles) {
  handles->resize(s.units.size());
  for (size_t i = 0; i < s.units.size(); ++i) (*handles)[i] = static_cast<int>(i);
  std::sort(handles->begin(), handles->end(), [&](int a, int b) {
    return PlaceLess(s, s.units[static_cast<size_t>(a)], s.units[static_cast<size_t>(b)]);
  });
}

Outcome OutcomeOf(const BattleState& s) {
  const EmpressState* own = OwnState(s);
  bool british = false, zulus = false;
  for (const Unit& u : s.units) {
    if (!Active(u) || !Fights(u)) continue;
    const EmpressUnit* e = EntryOf(own, s, u);
    const bool routing = e != nullptr && e->routing;
    const bool retiring = e != nullptr && e->Retiring();
    if (u.side == Side::kBritish && !routing) british = true;
    if (u.side == Side::kZulu && !routing && !retiring) zulus = true;
  }
  if (!british) return Outcome::kZuluDecisive;
  if (!zulus) return Outcome::kBritishDecisive;
  const int limit = static_cast<int>(ParameterOr<kMoveLimit>(s, 12));
  if (own == nullptr || own->move < limit || own->stage != Stage::kOver) return Outcome::kNone;
  std::optional<Vec2> obj = Objective(s);
  if (!obj) return Outcome::kDraw;
  const double r = ParameterOr<kObjectiveRadius>(s, 6);
  bool z = false, b = false;
  for (const Unit& u : s.units) {
    if (!Active(u) || !Fights(u) || Distance(u.position, *obj) > r + UnitRadius(u)) continue;
    const EmpressUnit* e = EntryOf(own, s, u);
    if (e != nullptr && (e->routing || e->Retiring())) continue;
    (u.side == Side::kZulu ? z : b) = true;
  }
  if (z && !b) return Outcome::kZuluMinor;
  if (b && !z) return Outcome::kBritishMinor;
  return Outcome::kDraw;
}

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kZuluDecisive: return "Zulu decisive victory";
    case Outcome::kZuluMinor: return "Zulu minor victory (the objective)";
    case Outcome::kDraw: return "draw";
    case Outcome::kBritishMinor: return "British minor victory (the objective)";
    case Outcome::kBritishDecisive: return "British decisive victory";
    case Outcome::kNone: break;
  }
  return "none";
}

// ---------------------------------------------------------------------------
// The interface

absl::Status EmpressRuleset::Validate(const BattleState& s) const {
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    const std::string path = absl::StrCat("state.units[", i, "]");
    if (!ZuluKind(u.kind) && !BritishKind(u.kind)) {
      return Bad(path + ".kind", absl::StrCat(UnitKindName(u.kind), " is not a unit of ", kRulesetId));
    }
    if (ZuluKind(u.kind) && u.side != Side::kZulu) {
      return Bad(path + ".side", absl::StrCat("a ", UnitKindName(u.kind), " is on the ZULU side"));
    }
    if (BritishKind(u.kind) && u.side != Side::kBritish) {
      return Bad(path + ".side", absl::StrCat("a ", UnitKindName(u.kind), " is on the BRITISH side"));
    }
  }
  for (size_t i = 0; i < s.parameters.size(); ++i) {
    const Parameter& p = s.parameters[i];
    const std::string path = absl::StrCat("state.parameters[", i, "]");
    if (p.name == kMoveLimit) {
      if (!(p.value >= 1 && p.value <= kMostMoves) || p.value != std::floor(p.value)) {
        return Bad(path + ".value", absl::StrCat(kMoveLimit, " is a whole number from 1 to ", kMostMoves));
      }
    } else if (absl::StartsWith(p.name, kLinearObstaclePrefix)) {
      const std::string id = p.name.substr(std::string(kLinearObstaclePrefix).size());
      const auto t = std::find_if(s.terrain.begin(), s.terrain.end(), [&](const Terrain& t) { return t.id == id; });
      if (t == s.terrain.end() || !t->open || t->outline.size() < 2) {
        return Bad(path + ".name", absl::StrCat("'", id, "' is no open (linear) terrain feature of the table"));
      }
      if (p.value != 0 && p.value != 1) {
        return Bad(path + ".value", "1: the players agree it is a linear obstacle, 0: it is not");
      }
    } else if (p.name == kEstimateError) {
      if (!std::isfinite(p.value) || p.value < 0 || p.value > 1) {
        return Bad(path + ".value", absl::StrCat(kEstimateError, " is a share of the range from 0 to 1"));
      }
    } else if (p.name == kObjectiveX || p.name == kObjectiveY || p.name == kObjectiveRadius) {
      if (!std::isfinite(p.value) || p.value < 0) return Bad(path + ".value", "is a distance in inches, 0 or more");
      // The objective is a point on the table, its radius at most the table's longer side.
      const double most = p.name == kObjectiveX ? s.table.width
                          : p.name == kObjectiveY ? s.table.height
                                                  : std::max(s.table.width, s.table.height);
      if (p.value > most) {
        return Bad(path + ".value", absl::StrCat(p.value, "\" is over ", most, "\": ", p.name,
                                                 p.name == kObjectiveRadius ? " is at most the table's longer side"
                                                                            : " is a point on the table"));
      }
    } else {
      return Bad(path + ".name", absl::StrCat("'", p.name, "' is not a parameter of ", kRulesetId,
                                              " (docs/empress-engine.md lists them)"));
    }
  }
  const EmpressState* own = OwnState(s);
  if (own == nullptr) return absl::OkStatus();
  if (own->move < 0) return Bad("state.empress.move", absl::StrCat(own->move, " is negative"));
  std::set<std::pair<int, int>> roles;  // (side, command) seen
  for (const int k : own->by_id) {
    if (static_cast<size_t>(k) >= own->units.size()) continue;
    const std::string& id = IdAt(*own, k);
    const EmpressUnit& e = own->units[static_cast<size_t>(k)];
    const Unit* u = UnitAt(s, k);
    if (u == nullptr) continue;
    const std::string path = absl::StrCat("state.empress.units[\"", id, "\"]");
    if (e.ordered && u->side == Side::kBritish && own->stage == Stage::kZuluOrders) {
      return Bad(path + ".ordered", "the British order after the Zulus: no British order in ZULU_ORDERS");
    }
    if (e.order.target != kNoUnit && UnitAt(s, e.order.target) == nullptr) {
      return Bad(path + ".order.target_id", absl::StrCat("no unit has id \"", IdAt(*own, e.order.target), "\""));
    }
    IMPI_RETURN_IF_ERROR(CheckEstimate(path + ".order.range_estimate", e.order.kind, ProfileOf(s, *u).ordnance,
                                       e.order.range_estimate));
    IMPI_RETURN_IF_ERROR(CheckCommand(s, *u, e, path, roles));
    if (e.limbered && !IsGun(*u)) return Bad(path + ".limbered", "only a gun, Gatling or rocket limbers");
    if (e.tests_in_a_row < 0 || e.failures_in_a_row < 0 || e.retire_moves_left < 0 || e.fights_used < 0) {
      return Bad(path, "counts are 0 or more");
    }
    // MORALE: a unit pinned down lies where it is; one retiring or routing
    // moves away (ApplyLastingMorale never leaves both).
    if (e.pinned && (e.Retiring() || e.routing)) {
      return Bad(path + ".pinned", absl::StrCat("a unit pinned down is not also ", e.routing ? "routing" : "retiring",
                                                " (\"lie down or crouch ... pinned down\"; retiring, it moves away)"));
    }
  }
  return absl::OkStatus();
}

namespace {

// Awaits, with the prompt and the units if `prompt`.
Awaiting AwaitsOf(const BattleState& s, bool prompt) {
  Awaiting a;
  const Stage stage = StageOf(s);
  if (stage == Stage::kOver) {
    a.kind = AwaitKind::kGameOver;
    if (prompt) a.prompt = "the skirmish is over";
    return a;
  }
  if (stage == Stage::kZuluOrders || stage == Stage::kBritishOrders) {
    const Side side = stage == Stage::kZuluOrders ? Side::kZulu : Side::kBritish;
    // Brief: who acts is all it says, settled by the first unit to order.
    bool any = false;
    const EmpressState* own = OwnState(s);
    for (const Unit& u : s.units) {
      if (u.side != side || !NeedsOrderGiven(u, EntryOf(own, s, u))) continue;
      any = true;
      if (!prompt) break;
      a.unit_ids.push_back(u.id);
    }
    if (any) {
      a.side = side;
      a.kind = side == Side::kZulu ? AwaitKind::kZuluDecision : AwaitKind::kBritishMove;
      a.units_may_move = static_cast<int>(a.unit_ids.size());
      if (prompt) {
        a.prompt = absl::StrCat("move ", OwnState(s)->move, ": ", side == Side::kZulu ? "Zulu" : "British",
                                " orders for ", a.unit_ids.size(),
                                " unit(s), fixed before either side's are seen");
      }
      return a;
    }
  }
  a.kind = AwaitKind::kUmpire;
  if (prompt) a.prompt = "the umpire resolves the move";
  return a;
}

}  // namespace

Awaiting EmpressRuleset::Awaits(const BattleState& s) const { return AwaitsOf(s, true); }

Awaiting EmpressRuleset::AwaitsBrief(const BattleState& s) const { return AwaitsOf(s, false); }

std::vector<Action> EmpressRuleset::LegalActions(const BattleState& s, Side side) const {
  std::vector<Action> out;
  const Stage stage = StageOf(s);
  if (!((stage == Stage::kZuluOrders && side == Side::kZulu) ||
        (stage == Stage::kBritishOrders && side == Side::kBritish))) {
    return out;
  }
  thread_local std::vector<const Unit*> units;
  thread_local std::vector<Action> mine;
  SortedById(s, side, &units);
  for (const Unit* u : units) {
    UnitOptionsInto(s, *u, &mine);
    if (out.empty()) out.reserve(mine.size() * 8);
    out.insert(out.end(), std::make_move_iterator(mine.begin()), std::make_move_iterator(mine.end()));
  }
  return out;
}

std::vector<Action> EmpressRuleset::PlayableActions(const BattleState& s, Side side,
                                                    const Awaiting& brief) const {
  (void)brief;
  const Stage stage = StageOf(s);
  if (!((stage == Stage::kZuluOrders && side == Side::kZulu) ||
        (stage == Stage::kBritishOrders && side == Side::kBritish))) {
    return {};
  }
  // The unit with the least id among those that take an order (UnitOptions
  // lists nothing for the others, and something for every one of these).
  const EmpressState* own = OwnState(s);
  const Unit* first = nullptr;
  for (const Unit& u : s.units) {
    if (u.side != side || (first != nullptr && !IdBefore(s, u, *first)) || !NeedsOrderGiven(u, EntryOf(own, s, u))) {
      continue;
    }
    first = &u;
  }
  if (first == nullptr) return {};
  return UnitOptions(s, *first);
}

absl::Status EmpressRuleset::Apply(BattleState& s, Side side, const Action& action, Dice& dice,
                                   EventLog& log, const std::string& path,
                                   const std::string& why) const {
  (void)dice;
  const Stage stage = StageOf(s);
  const Side awaited = stage == Stage::kZuluOrders ? Side::kZulu
                       : stage == Stage::kBritishOrders ? Side::kBritish
                                                        : Side::kUnspecified;
  if (awaited != side || !AnyNeedsOrder(s, side)) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": the ", side == Side::kZulu ? "Zulus" : "British",
                                                      " are not giving orders now"));
  }
  const Unit* u = s.FindUnit(action.unit_id);
  if (u == nullptr) return Bad(path + ".unit_id", absl::StrCat("no unit has id \"", action.unit_id.str(), "\""));
  if (u->side != side) return Bad(path + ".unit_id", absl::StrCat("\"", action.unit_id.str(), "\" is not a unit of this side"));
  if (!NeedsOrder(s, *u)) {
    return Bad(path + ".unit_id", absl::StrCat("\"", action.unit_id.str(), "\" takes no order this move"));
  }
  if (const double estimate = RangeEstimateOf(action); estimate != 0) {  // none: nothing to check
    IMPI_RETURN_IF_ERROR(CheckEstimate(path + ".range_estimate", OrderOf(s, action).kind, ProfileOf(s, *u).ordnance,
                                       estimate));
  }
  if (action.kind == ActionKind::kOrder) {
    // COMMAND: "These orders can only be changed by the senior table
    // commander or his aide, attaching himself to a unit for one move."
    if (CommandOf(s, *u) == Command::kNone) {
      return Bad(path + ".unit_id", absl::StrCat("\"", action.unit_id.str(), "\" is not his side's senior commander or "
                                                 "aide: only they change a unit's standing order (COMMAND)"));
    }
    const Unit* t = AttachedTo(s, *u);
    if (t == nullptr || !(t->id == action.target_id)) {
      return Bad(path + ".target_id", absl::StrCat("\"", action.unit_id.str(), "\" is not attached to \"", action.target_id.str(),
                                                   "\" this move: he attaches himself to a unit (MOVE with its "
                                                   "target_id) for one move before he changes its standing order "
                                                   "(COMMAND)"));
    }
    if (action.point != static_cast<int>(Standing::kHold) && action.point != static_cast<int>(Standing::kAttack)) {
      return Bad(path + ".point", absl::StrCat(action.point, " is not a standing order: 1 hold, 2 attack"));
    }
  }
  // Scratch kept by the thread: checking an order allocates nothing once warm.
  thread_local std::vector<Action> options;
  UnitOptionsInto(s, *u, &options);
  const Action* match = nullptr;
  for (const Action& o : options) {
    if (SameAction(o, action)) match = &o;
  }
  if (match == nullptr) {
    return Bad(path + ".kind", absl::StrCat("not one of the ", options.size(), " orders unit \"",
                                            action.unit_id.str(), "\" may take (LegalActions lists them)"));
  }
  FixOrder(s, side, *u, *match, RangeEstimateOf(action), log, why);
  return absl::OkStatus();
}

absl::Status EmpressRuleset::ApplyLegal(BattleState& s, Side side, const std::vector<Action>& legal,
                                        size_t i, Dice& dice, EventLog& log, const std::string& path,
                                        const std::string& why) const {
  // legal is LegalActions(s, side): each unit's options (UnitOptions) in
  // turn, so the side is giving orders, legal[i]'s unit needs one and takes
  // no range estimate (none is listed), and its match among its options (the
  // last one Apply's test calls the same) is found in the list itself. Only
  // the standing order, rare, is checked again as Apply checks it.
  if (i >= legal.size() || legal[i].kind == ActionKind::kOrder) {
    return Apply(s, side, i < legal.size() ? legal[i] : Action{}, dice, log, path, why);
  }
  const Action& action = legal[i];
  const Unit* u = s.FindUnit(action.unit_id);
  if (u == nullptr) return Apply(s, side, action, dice, log, path, why);
  const Action* match = nullptr;
  for (const Action& o : legal) {
    if (o.unit_id == action.unit_id && SameAction(o, action)) match = &o;
  }
  FixOrder(s, side, *u, *match, RangeEstimateOf(action), log, why);
  return absl::OkStatus();
}

void EmpressRuleset::FixOrder(BattleState& s, Side side, const Unit& u, const Action& match,
                              double range_estimate, EventLog& log, const std::string& why) const {
  const Action& action = match;
  Order order = OrderOf(s, match);
  order.range_estimate = range_estimate;
  EmpressUnit& e = MutableUnitState(s, u);
  e.ordered = true;
  e.order = order;
  if (log.wanted()) {
    Event& ev = log.Add(side == Side::kZulu ? EventKind::kTargetChosen : EventKind::kBritishAction, side);
    ev.unit_ids = {action.unit_id};
    ev.target_id = action.target_id;
    ev.decision = side == Side::kZulu;
    ev.umpire_only = true;  // the orders are not told until the move is resolved
    ev.why.rule = {kSource, "ALL ACTION IS SIMULTANEOUS", "COMMAND", "orders fixed before the move"};
    ev.why.text = why;
    ev.announce = absl::StrCat(u.name.str().empty() ? action.unit_id.str() : u.name.str(), " has its order");
  }
  // Whether the side has units still to order, and whether another of its
  // units was ordered before this one.
  bool all = true, earlier = false;
  const EmpressState* own = OwnState(s);
  for (const Unit& o : s.units) {
    if (o.side != side) continue;
    const EmpressUnit* oe = &o == &u ? &e : EntryOf(own, s, o);
    if (NeedsOrderGiven(o, oe)) all = false;
    if (&o != &u && oe != nullptr && oe->ordered) earlier = true;
    if (!all && earlier) break;
  }
  if (all) MutableOwnState(s).stage = side == Side::kZulu ? Stage::kBritishOrders : Stage::kResolve;
  // The shared status mirrors the bookkeeping (nothing in the rule set
  // reads it back). An order changes only its unit's; the side's first
  // order of the move brings every unit's up to date, so that a table sent
  // with stale mirrors before it leaves it with none.
  if (earlier) {
    SyncUnitStatus(s.units[static_cast<size_t>(&u - s.units.data())], &e);
  } else {
    SyncStatus(s);
  }
}

absl::Status EmpressRuleset::Run(BattleState& s, Dice& dice, EventLog& log) const {
  for (int guard = 0; guard < 1000; ++guard) {
    EmpressState& own = MutableOwnState(s);
    switch (own.stage) {
      case Stage::kOver:
        return absl::OkStatus();
      case Stage::kUnspecified:
        own.move = std::max(1, s.clock.turn);
        own.stage = Stage::kZuluOrders;
        s.clock.turn = own.move;
        s.clock.phase = Phase::kMovement;
        SyncStatus(s);
        if (log.wanted()) {
          Event& e = log.Add(EventKind::kTurnStarted, Side::kUnspecified);
          e.announce = absl::StrCat("move ", own.move, ": both sides give their orders");
        }
        break;
      case Stage::kZuluOrders:
      case Stage::kBritishOrders: {
        // A unit of the side still to order: it is awaited.
        if (AnyNeedsOrder(s, own.stage == Stage::kZuluOrders ? Side::kZulu : Side::kBritish)) {
          return absl::OkStatus();
        }
        own.stage = own.stage == Stage::kZuluOrders ? Stage::kBritishOrders : Stage::kResolve;
        break;
      }
      case Stage::kResolve:
        IMPI_RETURN_IF_ERROR(ResolveMove(s, dice, log));
        break;
    }
  }
  return absl::InternalError("EMPRESS_DWG: the umpire's procedure ran away");
}

bool EmpressRuleset::IsOver(const BattleState& s) const { return StageOf(s) == Stage::kOver; }

double EmpressRuleset::Score(const BattleState& s, Side side) const {
  double zulu = 0;
  switch (OutcomeOf(s)) {
    case Outcome::kZuluDecisive: zulu = 1; break;
    case Outcome::kZuluMinor: zulu = 0.5; break;
    case Outcome::kBritishMinor: zulu = -0.5; break;
    case Outcome::kBritishDecisive: zulu = -1; break;
    default: zulu = 0; break;
  }
  return side == Side::kZulu ? zulu : -zulu;
}

double EmpressRuleset::Evaluate(const BattleState& s, Side side) const {
  if (IsOver(s)) return Score(s, side);
  double lost[3] = {0, 0, 0}, start[3] = {0, 0, 0};
  const EmpressState* own = OwnState(s);
  for (const Unit& u : s.units) {
    if (!Fights(u)) continue;
    const int i = static_cast<int>(u.side);
    if (i < 1 || i > 2) continue;
    start[i] += u.figures.Starting();
    const EmpressUnit* e = EntryOf(own, s, u);
    lost[i] += (u.OnTable() && !(e != nullptr && e->routing)) ? u.figures.casualties : u.figures.Starting();
  }
  const double b = start[2] > 0 ? lost[2] / start[2] : 0, z = start[1] > 0 ? lost[1] / start[1] : 0;
  const double zulu = std::clamp(b - z, -1.0, 1.0);
  return side == Side::kZulu ? zulu : -zulu;
}

BattleState EmpressRuleset::View(const BattleState& state, Side side) const {
  BattleState v = state;
  if (OwnState(v) != nullptr) {
    EmpressState& own = MutableOwnState(v);
    for (size_t h = 0; h < own.units.size(); ++h) {
      const Unit& u = v.units[h];
      if (u.side != side && own.stage != Stage::kResolve) own.units[h].order = Order{};
    }
  }
  return v;
}

void EmpressRuleset::Resample(BattleState& state, Side viewer, CounterRng& rng) const {
  if (OwnState(state) == nullptr) return;
  EmpressState& own = MutableOwnState(state);
  if (own.stage == Stage::kResolve) return;
  // The other side's orders of this move are unknown: draw them from the
  // orders each such unit may take, in id order.
  thread_local std::vector<Action> options;
  for (const int h : own.by_id) {
    const Unit& u = state.units[static_cast<size_t>(h)];
    EmpressUnit& e = own.units[static_cast<size_t>(h)];
    if (u.side == viewer || !e.ordered) continue;
    e.ordered = false;
    UnitOptionsInto(state, u, &options);
    e.ordered = true;
    if (options.empty()) continue;
    e.order = OrderOf(state, options[rng.Uniform(options.size())]);
  }
}

void EmpressRuleset::HashOwnState(const BattleState& s, StateHasher* h) const {
  const EmpressState* own = OwnState(s);
  if (own == nullptr) {
    h->Add(0);
    return;
  }
  h->Add(static_cast<int>(own->stage));
  h->Add(own->move);
  for (const int k : own->by_id) {
    if (static_cast<size_t>(k) >= own->units.size()) continue;
    const EmpressUnit& e = own->units[static_cast<size_t>(k)];
    if (e.Empty() || UnitAt(s, k) == nullptr) continue;
    h->Add(IdAt(*own, k));
    h->Add(static_cast<int>(e.standing));
    h->Add(e.married);
    h->Add(e.ordered);
    h->Add(static_cast<int>(e.order.kind));
    h->Add(IdAt(*own, e.order.target));
    h->Add(e.order.to.x());
    h->Add(e.order.to.y());
    h->Add(static_cast<int>(e.order.standing));
    if (e.order.range_estimate != 0) h->Add(e.order.range_estimate);
    h->Add(e.permanently_shaken);
    h->Add(e.tests_in_a_row);
    h->Add(e.failures_in_a_row);
    h->Add(e.tested_this_move);
    h->Add(e.pinned);
    h->Add(e.retire_moves_left);
    h->Add(e.never_fire);
    h->Add(e.routing);
    h->Add(e.gatling_jammed);
    h->Add(e.fire_penalty);
    h->Add(e.fights_used);
    h->Add(e.officer_killed);
    // Added when set, so a state without them hashes as before they were.
    if (e.command != Command::kNone) h->Add(static_cast<int>(e.command) + 100);
    if (e.attached_to != kNoUnit) h->Add(IdAt(*own, e.attached_to));
    if (e.limbered) h->Add(std::string("limbered"));
  }
}

}  // namespace impi::empress
