// FerreeBattle: a British unit's turn (001_4c61f40cf0987cbf.txt, "A. Check
// Unit's Resolve" for British companies, "B. Move the active unit",
// "Special British Moves", "British Shooting", "Ammunition", "Running Out Of
// Ammo", "Patching Up Wounded Figures"), the quartermasters' resupply, and
// the British actions of Advance.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

constexpr double kRifleRange = 24.0;      // the last printed rifle band
constexpr double kArtilleryRange = 48.0;  // the last printed artillery band
constexpr double kPistolRange = 3.0;
constexpr double kEscapeReach = 0.5;  // designed: reaching a drift to leave the table

std::string NameOf(const Unit& u) {
  return u.name.empty() ? u.id.str() : absl::StrCat(u.name.str(), " (", u.id.str(), ")");
}

std::string Inches(double d) { return absl::StrFormat("%.1f\"", d); }

absl::Status Precondition(const std::string& path, const std::string& why) {
  return absl::FailedPreconditionError(absl::StrCat(path, ": ", why));
}

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

CompanyResolve ResolveOf(const Unit& u) {
  if (u.status.routed) return CompanyResolve::kRout;
  if (u.status.retiring) return CompanyResolve::kRetire;
  return CompanyResolve::kCarryOn;
}

Firer FirerOf(const Unit& u) {
  switch (u.kind) {
    case UnitKind::kGun:
    case UnitKind::kRockets:
      return Firer::kArtilleryCrew;
    case UnitKind::kNativeFoot:
      return Firer::kNativeFoot;
    case UnitKind::kNativeHorse:
      // Dismounted, native horse fire as figures on foot (the table's
      // "Mounted figures" row is for men shooting from the saddle).
      return IsMounted(u) ? Firer::kNativeHorse : Firer::kNativeFoot;
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
      return IsMounted(u) ? Firer::kEuropeanMounted : Firer::kEuropeanFoot;
    default:
      return Firer::kEuropeanFoot;
  }
}

// The ammunition table's row of a company (artillery: none).
bool AmmunitionUnitOf(const Unit& u, AmmunitionUnit* out) {
  switch (u.kind) {
    case UnitKind::kInfantry:
      *out = AmmunitionUnit::kBritishInfantry;
      return true;
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeHorse:
      *out = AmmunitionUnit::kMounted;
      return true;
    case UnitKind::kNativeFoot:
      *out = AmmunitionUnit::kNativeInfantry;
      return true;
    default:
      return false;
  }
}

bool FugitivesDrift(const BattleState& s, Vec2* at) {
  for (const Point& p : s.points) {
    std::string n = p.name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    if (p.kind == PointKind::kEntry && n.find("fugitive") != std::string::npos) {
      *at = p.position;
      return true;
    }
  }
  return false;
}

// A runner by its id, or nullptr. Runners join the units at the end
// (BritishSendRunner), so the search runs back from there, past a few units,
// and leaves the id index alone: looking up a unit added since the index was
// built would have it built afresh.
Unit* FindRunner(BattleState& s, const std::string& id) {
  for (auto it = s.units.rbegin(); it != s.units.rend(); ++it) {
    if (it->kind == UnitKind::kRunner && it->id == id) return &*it;
  }
  return nullptr;
}

// The unit a runner's FerreeUnit.wagon_id names, or nullptr. An empty id
// (no wagon recorded) names no unit: it is not looked up, which would read
// every unit's id.
const Unit* WagonNamed(const BattleState& s, const std::string& wagon_id) {
  return wagon_id.empty() ? nullptr : s.FindUnit(wagon_id);
}

bool AtTableEdge(const Vec2& p, const TableGeometry& t) {
  return p.x() <= 1e-6 || p.y() <= 1e-6 || p.x() >= t.width - 1e-6 || p.y() >= t.height - 1e-6;
}

// A bar to what a unit would do: sets *why to `text` (when asked) and
// answers false.
bool Barred(std::string* why, absl::string_view text) {
  if (why != nullptr) why->assign(text.data(), text.size());
  return false;
}

// Whether `u` may move now, the British segment being `seg`; if not, and
// `why` is given, why not (FerreeBattle::MayNotMove).
bool MayMove(const Unit& u, int seg, std::string* why) {
  if (u.off_table) return Barred(why, "it has left the table");
  if (!IsCompany(u) && u.kind != UnitKind::kSurgeon) {
    if (why != nullptr) *why = absl::StrCat("a ", UnitKindName(u.kind), " does not move");
    return false;
  }
  if (u.figures.fit + u.figures.wounded <= 0) return Barred(why, "nobody is left who can move");
  if (seg & kSegMoved) return Barred(why, "it has already moved this turn");
  if (seg & kSegFired) {
    return Barred(why, "it has fired: a unit moves before it shoots (B before C)");
  }
  if (seg & kSegFought) return Barred(why, "it has fought in close combat");
  // Artillery Movement: "Artillery may ... move 1D6 inches and unlimber, but
  // not fire in one turn": a gun that has unlimbered this turn may still
  // make its 1D6 (prolonge) move; one that has limbered may not move.
  if ((seg & kSegLimber) && !(IsArtillery(u) && !u.status.limbered)) {
    return Barred(why, "it has limbered this turn");
  }
  if (u.status.surrounded && IsNative(u)) {
    return Barred(why, "it is surrounded and huddles: it may not move");
  }
  return true;
}

// Whether `u` may fire now, the British segment being `seg`; if not, and
// `why` is given, why not (FerreeBattle::MayNotFire).
bool MayFire(const Unit& u, int seg, std::string* why) {
  if (u.off_table) return Barred(why, "it has left the table");
  if (!IsCompany(u)) {
    if (why != nullptr) *why = absl::StrCat("a ", UnitKindName(u.kind), " does not fire");
    return false;
  }
  if (u.figures.fit + u.figures.wounded <= 0) return Barred(why, "nobody is left who can fire");
  if (seg & kSegFired) return Barred(why, "it has already fired this turn");
  if (seg & kSegFought) return Barred(why, "it has fought in close combat");
  if (u.status.surrounded && IsNative(u)) {
    return Barred(why, "it is surrounded and huddles: it may not fire");
  }
  if (IsArtillery(u)) {
    if (u.status.may_not_fire) return Barred(why, "its guns were left behind when it retreated");
    if (u.status.limbered) return Barred(why, "limbered artillery can not fire");
    if ((seg & kSegMoved) && (seg & kSegLimber)) {
      return Barred(why, "artillery that moves and unlimbers may not fire");
    }
  } else if (u.status.ammunition == Ammunition::kOut) {
    return Barred(why, "it is out of ammunition: no fire until resupplied");
  }
  if ((u.status.retiring || u.status.routed) && (IsMounted(u) || IsNative(u) || IsArtillery(u))) {
    return Barred(why, "retiring or retreating mounted, native and artillery units may not fire");
  }
  return true;
}

// Whether `u` may send a runner now, the British segment being `seg`, given
// whether a runner of its own is out and whether a supply wagon is on the
// table; if not, and `why` is given, why not
// (FerreeBattle::MayNotSendRunner).
bool MaySendRunner(const Unit& u, int seg, bool runner_out, bool wagon, std::string* why) {
  if (u.off_table) return Barred(why, "it has left the table");
  AmmunitionUnit kind;
  if (!IsCompany(u) || !AmmunitionUnitOf(u, &kind)) {
    return Barred(why, "only companies with firearms send runners");
  }
  if (seg & kSegRunner) return Barred(why, "it has sent a runner this turn");
  if (runner_out) return Barred(why, "its runner is still out");
  const AmmunitionAllowance a = AmmunitionFor(kind, nullptr);
  if (u.status.turns_fired < a.turns_before_resupply) {
    if (why != nullptr) {
      *why = absl::StrCat("it has fired ", u.status.turns_fired,
                          " turn(s); a runner may go after ", a.turns_before_resupply);
    }
    return false;
  }
  if (!wagon) return Barred(why, "there is no supply wagon on the table");
  if (u.figures.fit - std::min(u.leaders, u.figures.fit) < 1) {
    return Barred(why, "it has no unwounded man to send");
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------
// The active British unit's turn.

absl::Status FerreeBattle::EndBritishActivation(const std::string& why) {
  FerreeState& own = Own(s_);
  std::string id;
  if (!own.chits_left.empty() && (own.segment & kSegActive) != 0) {
    id = own.chits_left.front();
    own.chits_left.erase(own.chits_left.begin());
  }
  own.segment = 0;
  own.surgeon_attempts = 0;
  if (!Explain()) return absl::OkStatus();
  Event& e =
      Log(EventKind::kNothing, Side::kBritish, kSectionDraw, "", "",
          absl::StrCat(id, " ends its turn", why.empty() ? "." : absl::StrCat(": ", why, ".")));
  if (!id.empty()) e.unit_ids = {id};
  return absl::OkStatus();
}

absl::Status FerreeBattle::ActivateBritish(const SharedString& id) {
  Unit* u = s_.FindUnit(id);
  u->status.acted = true;
  if (NobodyToAct(*u)) {
    if (Explain()) {
      Log(EventKind::kNothing, Side::kBritish, kSectionDraw, "", "",
          absl::StrCat(NameOf(*u), " has nobody left who can act."));
    }
    return absl::OkStatus();
  }
  // The active unit's counter is kept at the front of the cup while the
  // British player acts with it.
  FerreeState& own = Own(s_);
  own.chits_left.insert(own.chits_left.begin(), id);
  own.segment = kSegActive;
  own.surgeon_attempts = 0;
  if (IsCompany(*u)) {
    IMPI_RETURN_IF_ERROR(MoveRunners(id));
    IMPI_RETURN_IF_ERROR(BritishResolve(id));
    // A retirement that Zulu trays may charge waits on their decisions; the
    // activation goes on in ContinueBritishActivation.
    if (Suspended()) return absl::OkStatus();
  } else if (u->kind == UnitKind::kSurgeon) {
    IMPI_RETURN_IF_ERROR(SurgeonAid(kSurgeonAttempts));
  }
  return ContinueBritishActivation(id);
}

absl::Status FerreeBattle::ContinueBritishActivation(const SharedString& id) {
  const Unit* u = s_.FindUnit(id);
  if (u->off_table) return EndBritishActivation("it has left the table");
  if (u->figures.fit + u->figures.wounded <= 0) {
    return EndBritishActivation("nobody is left who can act");
  }
  const std::vector<Action> options = BritishOptions(/*first_only=*/true);
  if (options.size() == 1 && options[0].kind == ActionKind::kPass) {
    return EndBritishActivation("it can do nothing else");
  }
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishResolve(const SharedString& id) {
  CompanyResolve r = CompanyResolve::kCarryOn;
  bool tested = false;
  IMPI_RETURN_IF_ERROR(BritishResolveTest(id, /*log_no_test=*/false, &r, &tested, nullptr));
  if (!tested || r == CompanyResolve::kCarryOn) return absl::OkStatus();
  Unit* u = s_.FindUnit(id);
  // Description Of Results: toward the camp; retreating native units toward
  // Fugitives' Drift when the table has it (designed).
  Vec2 dest = CampCentre(s_);
  bool to_drift = false;
  Vec2 drift;
  if (r == CompanyResolve::kRout && IsNative(*u) && FugitivesDrift(s_, &drift)) {
    dest = drift;
    to_drift = true;
  }
  // Designed: a unit whose way back is barred by a Zulu tray within 6" is
  // Surrounded.
  // A tray whose centre is further than 6" and both radii (with a margin far
  // above rounding) is further: not measured.
  const double tray_reach = kWithin + Radius(*u) + kTrayRadius + 1e-6;
  for (const Unit& t : s_.units) {
    if (t.kind != UnitKind::kTray || !Alive(t)) continue;
    if ((t.position - u->position).squaredNorm() > tray_reach * tray_reach) continue;
    if (Gap(*u, t) > kWithin) continue;
    if (GetsInTheWay(u->position, dest, t.position, kTrayRadius + Radius(*u))) {
      u->status.surrounded = true;
    }
  }
  const bool european = !IsNative(*u);
  const Mobility mobility = IsArtillery(*u)
                                ? Mobility::kArtillery
                                : (IsMounted(*u) ? Mobility::kMounted : Mobility::kFoot);
  Explanation mv;
  double dist = 0;
  if (u->status.surrounded) {
    dist = SurroundedMove(dice_, european, WhyFor(mv));
  } else if (r == CompanyResolve::kRetire) {
    dist = RetireDistance(dice_, european, mobility, WhyFor(mv));
  } else {
    dist = RetreatDistance(dice_, european, mobility, WhyFor(mv));
  }
  // "Artillery units that rout will leave their guns."
  if (r == CompanyResolve::kRout && IsArtillery(*u) && !u->status.surrounded) {
    u->status.may_not_fire = true;
    u->status.limbered = false;
  }
  const Vec2 before = u->position;
  std::vector<Vec2> path = MoveUnit(*u, dest, dist, 0.0, kContactGap / 2, /*stop_at_laager=*/false);
  u = s_.FindUnit(id);
  if (to_drift && Distance(u->position, dest) <= kEscapeReach) {
    u->off_table = true;
    Own(s_).losses.routed_off += u->figures.Present();
  }
  Own(s_).segment |= kSegMoved;
  if (Explain()) {
    mv.text = absl::StrCat(
        mv.text, " ", NameOf(*u),
        u->status.surrounded ? (european ? " is surrounded and forms square"
                                         : " is surrounded and huddles in a mass")
                             : (r == CompanyResolve::kRetire ? " retires" : " retreats"),
        dist > 0 ? absl::StrCat(", moving ", Inches(Distance(before, u->position)),
                                to_drift ? " towards Fugitives' Drift" : " towards the camp")
                 : "",
        u->off_table ? " and escapes off the table." : ".");
    Event& m = LogWhy(EventKind::kMoved, Side::kBritish, mv);
    m.unit_ids = {id};
    m.path = path;
  }
  if (!u->off_table && Distance(before, u->position) > 1e-9) {
    return ChargeRetiring(id, before, /*after_resolve=*/true);
  }
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishResolveTest(const SharedString& id, bool log_no_test,
                                              CompanyResolve* result, bool* tested, int* event) {
  *result = CompanyResolve::kCarryOn;
  *tested = false;
  if (event != nullptr) *event = -1;
  Unit* u = s_.FindUnit(id);
  bool sniped = false;
  for (const std::string& f : UnitOf(s_, u->id).fired_on_by_this_turn) {
    const Unit* z = s_.FindUnit(f);
    sniped |= z != nullptr && z->kind == UnitKind::kSniper;
  }
  MutableUnitOf(s_, u->id).fired_on_by_this_turn.clear();
  // "An active British company must check its resolve if at least one Zulu
  // movement tray is within 6" or it was shot at by snipers."
  CompanyResolveInput in;
  // A tray whose centre is further than 6" and both radii (with a margin far
  // above rounding) is further: not measured.
  const double tray_reach = kWithin + Radius(*u) + kTrayRadius + 1e-6;
  for (const Unit& t : s_.units) {
    if (t.kind != UnitKind::kTray || !Alive(t)) continue;
    if ((t.position - u->position).squaredNorm() > tray_reach * tray_reach) continue;
    if (Gap(*u, t) > kWithin) continue;
    ++in.zulu_trays_within_6;
    if (!t.status.pinned) ++in.unpinned_zulu_trays_within_6;
  }
  if (in.zulu_trays_within_6 == 0 && !sniped) {
    u->status.retiring = u->status.routed = u->status.surrounded = false;
    *tested = false;
    if (log_no_test) {
      if (event != nullptr) *event = static_cast<int>(log_.size());
      Event& e = Log(EventKind::kMoraleTest, Side::kBritish, kSectionResolve, kTableCompanyResolve,
                     "",
                     absl::StrCat("No Zulu movement tray is within 6\" of ", NameOf(*u),
                                  " and no sniper shot at it: no resolve test (no die). It "
                                  "carries on."));
      e.unit_ids = {id};
    }
    return absl::OkStatus();
  }
  in.type = u->kind == UnitKind::kNativeFoot    ? CompanyType::kNativeFoot
            : u->kind == UnitKind::kNativeHorse ? CompanyType::kNativeHorse
                                                : CompanyType::kEuropean;
  in.ammunition =
      u->status.ammunition == Ammunition::kUnspecified ? Ammunition::kPlenty : u->status.ammunition;
  in.casualties = u->figures.seriously_wounded + u->figures.casualties;
  // Designed: "to the front or sides" is read as any friendly company within
  // 6" (the table keeps no facing for companies).
  for (const Unit& c : s_.units) {
    if (&c == u || !IsCompany(c) || c.off_table || Gap(*u, c) > kWithin) continue;
    const bool native_foot = c.kind == UnitKind::kNativeFoot;
    const bool destroyed = c.figures.fit + c.figures.wounded <= 0;
    if (c.status.routed || destroyed) {
      ++(native_foot ? in.native_foot_retreating_or_destroyed_within_6
                     : in.retreating_or_destroyed_within_6);
    } else if (c.status.retiring) {
      ++(native_foot ? in.native_foot_retiring_within_6 : in.retiring_within_6);
    }
  }
  Explanation why;
  const CompanyResolve r = BritishCompanyResolve(dice_, in, WhyFor(why));
  if (event != nullptr) *event = static_cast<int>(log_.size());
  if (Explain()) {
    Event& e = LogWhy(EventKind::kMoraleTest, Side::kBritish, why);
    e.unit_ids = {id};
  }
  u->status.retiring = r == CompanyResolve::kRetire;
  u->status.routed = r == CompanyResolve::kRout;
  if (r == CompanyResolve::kRout) ++Own(s_).losses.routs;
  if (r == CompanyResolve::kRetire) ++Own(s_).losses.retreats;
  u->status.surrounded = false;
  *result = r;
  *tested = true;
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Runners and quartermasters.

void FerreeBattle::RunnerRejoins(const SharedString& runner_id) {
  Unit* r = FindRunner(s_, runner_id);
  Unit* c = s_.FindUnit(r->parent);
  // "Once the runner makes base contact with his unit, it is resupplied."
  AmmunitionUnit kind;
  const int turns = UnitOf(s_, r->id).turns_carried;
  int credited = turns;  // turns of fire the company has after this
  std::string cap;
  if (AmmunitionUnitOf(*c, &kind)) {
    // British Ammunition Table: a unit carries at most its "Turns Of Fire".
    const AmmunitionAllowance allowance = AmmunitionFor(kind, nullptr);
    credited = std::min(turns, allowance.turns_of_fire);
    c->status.turns_fired = allowance.turns_of_fire - credited;
    if (credited < turns) {
      cap = absl::StrCat(" (", credited, " credited: it carries at most ",
                         allowance.turns_of_fire, ")");
    }
  }
  c->status.ammunition = Ammunition::kPlenty;
  c->status.runner_out = false;
  c->figures.fit += r->figures.fit;
  c->figures.wounded += r->figures.wounded;
  c->figures.seriously_wounded += r->figures.seriously_wounded;
  c->figures.casualties += r->figures.casualties;
  Event& e = Log(EventKind::kRejoined, Side::kBritish, kSectionAmmunition, kTableResupply, "",
                 absl::StrCat("The runner ", runner_id.str(), " reaches ", NameOf(*c), " with ", turns,
                              " turns of ammunition", cap, ": it is resupplied with ", credited,
                              " turns of fire."));
  e.unit_ids = {runner_id, c->id};
  s_.units.erase(s_.units.begin() + (r - s_.units.data()));
  MutableOwnState(s_).units.erase(runner_id);
}

const Unit* FerreeBattle::RunnerWagon(const Unit& runner) const {
  if (const Unit* w = WagonNamed(s_, UnitOf(s_, runner.id).wagon_id)) {
    if (w->kind == UnitKind::kWagon && !w->off_table) return w;
  }
  if (const Unit* w = OwnWagon(runner)) return w;
  const Unit* best = nullptr;
  for (const Unit& w : s_.units) {
    if (w.kind != UnitKind::kWagon || w.off_table) continue;
    if (best == nullptr ||
        Distance(w.position, runner.position) < Distance(best->position, runner.position)) {
      best = &w;
    }
  }
  return best;
}

absl::Status FerreeBattle::MoveRunner(const SharedString& runner_id) {
  Unit* r = FindRunner(s_, runner_id);
  if (r == nullptr || !Alive(*r)) return absl::OkStatus();
  const Unit* c = s_.FindUnit(r->parent);
  const bool carrying = UnitOf(s_, r->id).carrying;
  const Unit* goal = carrying ? c : RunnerWagon(*r);
  if (goal == nullptr || (carrying && !Alive(*goal))) return absl::OkStatus();
  if (InContact(*r, *goal)) {
    if (carrying) RunnerRejoins(runner_id);
    return absl::OkStatus();  // waiting at the wagon
  }
  // "Runners move 2D6+3 inches."
  Explanation why;
  double allowance = MovementRate(dice_, Mover::kRunner, WhyFor(why));
  if (r->figures.fit == 0) allowance /= 2;  // wounded figures move at 1/2 speed
  const std::string goal_id = goal->id;
  const Vec2 at = goal->position;
  std::vector<Vec2> path = MoveUnit(*r, at, allowance, Radius(*r) + Radius(*goal) + kContactGap / 2,
                                    kContactGap / 2, false);
  r = FindRunner(s_, runner_id);
  goal = s_.FindUnit(goal_id);
  const bool arrived = InContact(*r, *goal);
  if (Explain()) {
    why.text = absl::StrCat(why.text, " The runner ", runner_id.str(),
                            carrying ? " heads back to " : " heads for ", NameOf(*goal),
                            arrived ? " and reaches it." : ".");
    Event& e = LogWhy(EventKind::kMoved, Side::kBritish, why);
    e.unit_ids = {runner_id};
    e.target_id = goal_id;
    e.path = path;
  }
  if (carrying && arrived) RunnerRejoins(runner_id);
  return absl::OkStatus();
}

absl::Status FerreeBattle::MoveRunners(const SharedString& company_id) {
  // "The runner is moved when the parent unit is active. He will stop when
  // he comes into contact with a supply wagon."
  std::vector<std::string> runners;
  for (const Unit& r : s_.units) {
    if (r.kind == UnitKind::kRunner && r.parent == company_id && Alive(r)) runners.push_back(r.id);
  }
  for (const std::string& rid : runners) IMPI_RETURN_IF_ERROR(MoveRunner(rid));
  return absl::OkStatus();
}

absl::Status FerreeBattle::ActivateWagon(const SharedString& id) {
  Unit* w = s_.FindUnit(id);
  w->status.acted = true;
  std::vector<std::string> queue;
  for (const Unit& r : s_.units) {
    if (r.kind == UnitKind::kRunner && Alive(r) && InContact(r, *w) &&
        !UnitOf(s_, r.id).carrying) {
      queue.push_back(r.id);
    }
  }
  if (queue.empty()) return absl::OkStatus();
  // "when the Quartermaster for that wagon is active, the player may make his
  // resupply die roll ... Runners at a particular wagon can be rolled for
  // until a No Ammo result occurs."
  std::set<std::string> sent_back;
  while (!queue.empty()) {
    const std::string rid = queue.front();
    queue.erase(queue.begin());
    Unit* r = FindRunner(s_, rid);
    const Unit* own = OwnWagon(*r);
    const bool at_own = own != nullptr && own->id == id;
    Explanation why;
    const Resupply res =
        AmmunitionResupply(dice_, at_own, UnitOf(s_, r->id).turns_waited, WhyFor(why));
    if (Explain()) {
      Event& e = LogWhy(EventKind::kTableRoll, Side::kBritish, why);
      e.unit_ids = {rid};
      e.target_id = id;
    }
    bool stop = false;
    switch (res.result) {
      case ResupplyResult::kNoAmmoThisTurn:
        // "Runners at a particular wagon can be rolled for until a No Ammo
        // result occurs": the rest wait ("+1 for each turn the runner
        // waits" is counted as each turn begins).
        stop = true;
        break;
      case ResupplyResult::kTurnsOfAmmo: {
        FerreeUnit& book = MutableUnitOf(s_, rid);
        book.carrying = true;
        book.turns_carried = res.turns;
        book.turns_waited = 0;
        // "Those figures that receive a supply of ammunition may move toward
        // their unit at this time."
        IMPI_RETURN_IF_ERROR(MoveRunner(rid));
        break;
      }
      case ResupplyResult::kFindOwnWagon:
        if (own != nullptr) MutableUnitOf(s_, rid).wagon_id = own->id;
        break;
      case ResupplyResult::kBackOfLine:
        // Designed: once a quartermaster's turn; a second time he waits.
        if (sent_back.insert(rid).second) queue.push_back(rid);
        break;
    }
    if (stop) break;
  }
  return absl::OkStatus();
}

absl::Status FerreeBattle::SurgeonAid(int max_attempts) {
  const Unit* active = ActiveBritish();
  if (active == nullptr || active->kind != UnitKind::kSurgeon) return absl::OkStatus();
  const std::string sid = active->id;
  int done = MutableOwnState(s_).surgeon_attempts;
  int made = 0;
  // "the surgeon and the patient must be in base contact when the surgeon is
  // active ... Only one attempt can be made for a single figure. Three
  // attempts by the surgeon may be made per turn." Figures are counted, not
  // named: a unit's wounded figures the surgeon has failed are counted in
  // FerreeUnit.surgeon_tried (at most its wounded: a tried figure wounded
  // again is taken to be one of them).
  for (Unit& b : s_.units) {
    if (b.side != Side::kBritish || b.id == sid || b.off_table || b.figures.wounded <= 0) continue;
    if (!InContact(*s_.FindUnit(sid), b)) continue;
    int tried = std::min(UnitOf(s_, b.id).surgeon_tried, b.figures.wounded);
    const int patients = b.figures.wounded - tried;
    for (int k = 0; k < patients && done < kSurgeonAttempts && made < max_attempts; ++k) {
      Explanation why;
      const bool repaired = SurgeonsAid(dice_, WhyFor(why));
      if (repaired) {
        --b.figures.wounded;
        ++b.figures.fit;
      } else {
        MutableUnitOf(s_, b.id).surgeon_tried = ++tried;
      }
      ++done;
      ++made;
      if (!Explain()) continue;
      why.text += absl::StrCat(" The surgeon treats a wounded figure of ", NameOf(b), ".");
      Event& e = LogWhy(EventKind::kTableRoll, Side::kBritish, why);
      e.unit_ids = {sid};
      e.target_id = b.id;
    }
  }
  MutableOwnState(s_).surgeon_attempts = done;
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// What the active unit may do.

std::string FerreeBattle::MayNotMove(const Unit& u) const {
  std::string why;
  MayMove(u, Own(s_).segment, &why);
  return why;
}

std::string FerreeBattle::MayNotFire(const Unit& u) const {
  std::string why;
  MayFire(u, Own(s_).segment, &why);
  return why;
}

std::string FerreeBattle::MayNotSendRunner(const Unit& u) const {
  bool runner_out = false, wagon = false;
  for (const Unit& o : s_.units) {
    runner_out |= o.kind == UnitKind::kRunner && o.parent == u.id && Alive(o);
    wagon |= o.kind == UnitKind::kWagon && !o.off_table;
  }
  std::string why;
  MaySendRunner(u, Own(s_).segment, runner_out, wagon, &why);
  return why;
}

double FerreeBattle::BritishAllowance(const Unit& u, Explanation* why) {
  double d = 0;
  if (u.status.surrounded && !IsNative(u)) {
    d = SurroundedMove(dice_, true, why);  // "It may move 1D3 inches."
  } else if (u.kind == UnitKind::kGun) {
    d = MovementRate(dice_, u.status.limbered ? Mover::kCannonLimbered : Mover::kCannonProlonge,
                     why);
  } else if (u.kind == UnitKind::kRockets) {
    d = MovementRate(dice_, u.status.limbered ? Mover::kRocketsLimbered : Mover::kRocketsProlonge,
                     why);
  } else {
    d = MovementRate(dice_, IsMounted(u) ? Mover::kBritishMounted : Mover::kBritishFoot, why);
  }
  // Moving Wounded Figures: "Wounded figures move at 1/2 speed."
  if (u.figures.fit == 0) d /= 2;
  if (u.kind == UnitKind::kSurgeon) {
    const FerreeState* own = OwnState(s_);
    d -= kSurgeonAttemptCost * (own != nullptr ? own->surgeon_attempts : 0);
  }
  return std::max(0.0, d);
}

std::vector<Action> FerreeBattle::BritishOptions(bool first_only) const {
  std::vector<Action> out;
  if (BritishDeploying(s_)) {
    out = DeploymentOptions();
    Action end;
    end.kind = ActionKind::kEndDeployment;
    out.push_back(end);
    return out;
  }
  const Unit* u = ActiveBritish();
  if (u == nullptr) return out;
  const SharedString& id = u->id;
  if (u->off_table || u->figures.fit + u->figures.wounded <= 0) {
    Action pass;
    pass.kind = ActionKind::kPass;
    pass.unit_id = id;
    return {pass};
  }
  auto make = [&](ActionKind kind) {
    Action a;
    a.kind = kind;
    a.unit_id = id;
    return a;
  };
  // Room for the usual list (a move or two, a dozen or so targets in sight,
  // the rest) without growing it a few times over.
  if (!first_only) out.reserve(32);
  const int seg = Own(s_).segment;
  const bool may_move = MayMove(*u, seg, nullptr);
  if (may_move) {
    const Vec2 camp = CampCentre(s_);
    if (Distance(u->position, camp) > 1.0) {
      Action m = make(ActionKind::kMove);
      m.to = camp;
      out.push_back(std::move(m));
      if (first_only) return out;
    }
  }
  if (may_move && u->kind == UnitKind::kSurgeon) {
    const Unit* best = nullptr;
    for (const Unit& b : s_.units) {
      if (b.side != Side::kBritish || b.id == id || b.off_table || b.figures.wounded <= 0 ||
          InContact(*u, b)) {
        continue;
      }
      if (best == nullptr ||
          Distance(b.position, u->position) < Distance(best->position, u->position)) {
        best = &b;
      }
    }
    if (best != nullptr) {
      Action m = make(ActionKind::kMove);
      m.to = StepTowards(best->position, u->position, Radius(*best) + Radius(*u) + kContactGap / 2);
      out.push_back(std::move(m));
      if (first_only) return out;
    }
  }
  // What the rest of the options read of the other units, gathered in one
  // pass over them (in their order): the nearest tray, for a move towards
  // it; the Zulu in range, for fire (sight is judged below); those near
  // enough to engage, for a charge (engagement is judged below); and the
  // unit's runner and the wagons, for sending a runner.
  const bool seek_tray = may_move && u->kind != UnitKind::kSurgeon;
  const bool may_fire = MayFire(*u, seg, nullptr);
  const bool may_charge =
      IsCompany(*u) && !(seg & kSegFought) && !u->status.retiring && !u->status.routed;
  // Nothing but the other units can bar the runner.
  const bool runner_possible =
      MaySendRunner(*u, seg, /*runner_out=*/false, /*wagon=*/true, nullptr);
  const Unit* near = nullptr;
  double near_gap = 0.0;  // Gap(*u, *near)
  const double ru = Radius(*u);
  // A tray whose centre is further than the nearest gap so far and both
  // radii (with a margin far above rounding) is further: not measured.
  const double radii = ru + kTrayRadius + 1e-6;
  const double max_range = IsArtillery(*u) ? kArtilleryRange : kRifleRange;
  // A unit whose centre is further than the range and both radii (with a
  // margin far above rounding) is out of range: not measured.
  const double reach = max_range + ru + 1e-6;
  absl::InlinedVector<const Unit*, 32> in_range;
  absl::InlinedVector<const Unit*, 8> engageable;
  bool runner_out = false, wagon = false;
  if (seek_tray || may_fire || may_charge || runner_possible) {
    // The squared reaches for fire and for engaging a unit of radius
    // reach_rt (the Zulu of one kind stand together in the units: worked
    // out again as the radius changes).
    double reach_rt = -1.0, fire_sq = 0.0, engage_sq = 0.0;
    for (const Unit& t : s_.units) {
      if (t.kind != UnitKind::kTray && t.kind != UnitKind::kInduna &&
          t.kind != UnitKind::kSniper) {
        if (t.kind == UnitKind::kRunner) {
          runner_out |= t.parent == u->id && Alive(t);
        } else if (t.kind == UnitKind::kWagon) {
          wagon |= !t.off_table;
        }
        continue;
      }
      if (!Alive(t)) continue;
      const double rt = Radius(t);
      const double d2 = (t.position - u->position).squaredNorm();
      // Gap(*u, t), worked out from d2 when first needed.
      double gap = -1.0;
      auto gap_to_t = [&] {
        if (gap < 0) gap = std::max(0.0, std::sqrt(d2) - ru - rt);
        return gap;
      };
      if (seek_tray && t.kind == UnitKind::kTray) {
        const double r = near_gap + radii;
        if (near == nullptr || !(d2 > r * r)) {
          if (near == nullptr || gap_to_t() < near_gap) {
            near = &t;
            near_gap = gap_to_t();
          }
        }
      }
      if (t.side != Side::kZulu) continue;  // CloseCombatTarget, and fire's
      if (rt != reach_rt) {
        reach_rt = rt;
        const double fire = reach + rt;
        fire_sq = fire * fire;
        // NearEnoughToEngage(t, *u)'s reach.
        const double engage = rt + ru + kLaagerReach + kContactGap + 0.2 + 1e-6;
        engage_sq = engage * engage;
      }
      if (may_fire && !(d2 > fire_sq) && !(gap_to_t() > max_range)) in_range.push_back(&t);
      if (may_charge && d2 <= engage_sq) engageable.push_back(&t);
    }
  }
  if (near != nullptr && near_gap > 1.0) {
    Action m = make(ActionKind::kMove);
    m.to = StepTowards(u->position, near->position, std::min(6.0, near_gap - 0.5));
    out.push_back(std::move(m));
    if (first_only) return out;
  }
  if (!in_range.empty()) {
    const BlockerSet::From sight = SightBlockers("").Viewer(u->position);
    for (const Unit* t : in_range) {
      if (!sight.Clear(t->position)) continue;
      Action f = make(ActionKind::kFire);
      f.target_id = t->id;
      out.push_back(std::move(f));
      if (first_only) return out;
    }
  }
  if (u->kind == UnitKind::kInfantry && !u->status.bayonets_fixed && !(seg & kSegFought)) {
    out.push_back(make(ActionKind::kFixBayonets));
    if (first_only) return out;
  }
  if (IsArtillery(*u) && !(seg & kSegLimber) && !(seg & kSegFought) && !u->status.may_not_fire &&
      !(seg & kSegMoved)) {
    out.push_back(make(u->status.limbered ? ActionKind::kUnlimber : ActionKind::kLimber));
    if (first_only) return out;
  }
  if (runner_possible && MaySendRunner(*u, seg, runner_out, wagon, nullptr)) {
    out.push_back(make(ActionKind::kSendRunner));
    if (first_only) return out;
  }
  for (const Unit* t : engageable) {
    if (!Engaged(*t, *u)) continue;
    Action ch = make(ActionKind::kCharge);
    ch.target_id = t->id;
    out.push_back(std::move(ch));
    if (first_only) return out;
  }
  out.push_back(make(ActionKind::kPass));
  return out;
}

// ---------------------------------------------------------------------------
// British actions.

absl::Status FerreeBattle::ApplyBritish(const Action& a, const std::string& path, bool listed) {
  if (!listed) {
    const Awaiting aw = Awaits(/*describe_options=*/false, /*prompt=*/false);
    if (aw.kind == AwaitKind::kGameOver) return Precondition(path, "the game is over");
    if (aw.side != Side::kBritish) {
      return Precondition(path, absl::StrCat("the British are not awaited now (",
                                             Awaits(/*describe_options=*/false).prompt, ")"));
    }
  }
  const Clock& c = s_.clock;
  if (c.phase == Phase::kPreBattle || c.phase == Phase::kUnspecified) return BritishDeploy(a, path);
  const Unit* active = ActiveBritish();
  if (a.kind == ActionKind::kUnspecified) {
    return Bad(path + ".kind", "say what the active unit does");
  }
  if (a.unit_id.empty()) {
    return Bad(path + ".unit_id",
               absl::StrCat("is required (the active unit is ", active->id.str(), ")"));
  }
  if (s_.FindUnit(a.unit_id) == nullptr) {
    return Bad(path + ".unit_id", absl::StrCat("no unit '", a.unit_id.str(), "' on the table state"));
  }
  if (a.unit_id != active->id) {
    return Precondition(
        path + ".unit_id",
        absl::StrCat("'", a.unit_id.str(), "' is not the active unit; '", active->id.str(), "' is"));
  }
  switch (a.kind) {
    case ActionKind::kMove:
      return BritishMove(a, path);
    case ActionKind::kStance:
      return BritishStance(a, path);
    case ActionKind::kFire:
      return BritishFire(a, path);
    case ActionKind::kSendRunner:
      return BritishSendRunner(a, path);
    case ActionKind::kCharge:
      return BritishCharge(a, path);
    case ActionKind::kLimber:
    case ActionKind::kUnlimber:
      return BritishLimber(a, path);
    case ActionKind::kFixBayonets: {
      Unit* u = s_.FindUnit(a.unit_id);
      // Fixing Bayonets: "British Regular figures start the game with out
      // their bayonets fixed. A unit may be ordered to fix bayonets when it
      // is active."
      if (u->kind != UnitKind::kInfantry) {
        return Precondition(path + ".kind", "only British regular infantry fix bayonets");
      }
      if (u->status.bayonets_fixed) {
        return Precondition(path + ".kind", "its bayonets are already fixed");
      }
      if (Own(s_).segment & kSegFought) {
        return Precondition(path + ".kind", "it has fought in close combat");
      }
      if (u->off_table || u->figures.fit + u->figures.wounded <= 0) {
        return Precondition(path, absl::StrCat(u->id.str(), " has nobody left to fix bayonets"));
      }
      u->status.bayonets_fixed = true;
      Own(s_).segment |= kSegBayonets;
      Event& e = Log(EventKind::kBritishAction, Side::kBritish, kSectionSpecialBritishMoves,
                     "Fixing Bayonets", "", absl::StrCat(NameOf(*u), " fixes bayonets."));
      e.unit_ids = {u->id};
      return absl::OkStatus();
    }
    case ActionKind::kPass: {
      if (Explain()) {
        Event& e = Log(EventKind::kBritishAction, Side::kBritish, kSectionDraw, "", "",
                       absl::StrCat(a.unit_id.str(), " passes."));
        e.unit_ids = {a.unit_id};
      }
      return EndBritishActivation("");
    }
    default:
      return Bad(path + ".kind",
                 absl::StrCat(ActionKindName(a.kind),
                              " is not a British action of Ferree's Isandlwana (MOVE, STANCE, "
                              "FIX_BAYONETS, LIMBER, UNLIMBER, FIRE, SEND_RUNNER, CHARGE, PASS)"));
  }
}

namespace {

// The camp deployment distances are measured from: the CAMP, else the tents.
const Terrain* CampArea(const BattleState& s) {
  for (TerrainKind k : {TerrainKind::kCamp, TerrainKind::kTentLines}) {
    for (const Terrain& t : s.terrain) {
      if (t.kind == k && !t.open && t.outline.size() > 2) return &t;
    }
  }
  return nullptr;
}

// Distance from `p` to the edge of `area` (0 inside).
double FromArea(const Vec2& p, const Terrain& area) {
  if (PointInPolygon(p, area.outline)) return 0;
  double from = 1e300;
  const auto& o = area.outline;
  for (size_t i = 0; i < o.size(); ++i) {
    const Vec2 a = o[i], b = o[(i + 1) % o.size()];
    const Vec2 ab = b - a;
    const double t = std::clamp((p - a).dot(ab) / std::max(ab.squaredNorm(), 1e-12), 0.0, 1.0);
    from = std::min(from, Distance(p, a + t * ab));
  }
  return from;
}

// The laager, else the thornbush redoubt ("which ever is present").
const Terrain* FortifiedArea(const BattleState& s) {
  for (TerrainKind k : {TerrainKind::kLaager, TerrainKind::kBarricade}) {
    for (const Terrain& t : s.terrain) {
      if (t.kind == k && !t.open && t.outline.size() > 2) return &t;
    }
  }
  return nullptr;
}

bool IsFortification(const Terrain& t) {
  return (t.kind == TerrainKind::kLaager || t.kind == TerrainKind::kBarricade) && !t.open &&
         t.outline.size() > 2;
}

bool InFortified(const BattleState& s, const Vec2& p) {
  for (const Terrain& t : s.terrain) {
    if (IsFortification(t) && PointInPolygon(p, t.outline)) return true;
  }
  return false;
}

// An outline with its box, for PointInPolygon on many points: a point more
// than a margin (far above rounding) outside the box is outside the
// outline, as PointInPolygon finds it (no edge within its reach; a ray from
// it crosses the outline an even number of times, or never), and is not
// tested edge by edge.
class BoxedOutline {
 public:
  explicit BoxedOutline(const std::vector<Vec2>& outline) : outline_(&outline) {
    lo_ = hi_ = outline.empty() ? Vec2::Zero() : outline.front();
    for (const Vec2& v : outline) {
      lo_ = lo_.cwiseMin(v);
      hi_ = hi_.cwiseMax(v);
    }
    lo_ -= Vec2(kMargin, kMargin);
    hi_ += Vec2(kMargin, kMargin);
  }
  // PointInPolygon(p, outline).
  bool Contains(const Vec2& p) const {
    if (p.x() < lo_.x() || p.y() < lo_.y() || p.x() > hi_.x() || p.y() > hi_.y()) return false;
    return PointInPolygon(p, *outline_);
  }

 private:
  static constexpr double kMargin = 1e-6;
  const std::vector<Vec2>* outline_;
  Vec2 lo_, hi_;
};

// The outlines InFortified reads, found once for many points.
class Fortifications {
 public:
  explicit Fortifications(const BattleState& s) {
    for (const Terrain& t : s.terrain) {
      if (IsFortification(t)) outlines_.emplace_back(t.outline);
    }
  }
  // InFortified(s, p).
  bool Contain(const Vec2& p) const {
    for (const BoxedOutline& o : outlines_) {
      if (o.Contains(p)) return true;
    }
    return false;
  }

 private:
  absl::InlinedVector<BoxedOutline, 2> outlines_;
};

// Designed: a deployment candidate stands this far inside the allowed band.
constexpr double kBandSlack = 0.25;

}  // namespace

std::vector<Action> FerreeBattle::DeploymentOptions() const {
  std::vector<Action> out;
  const Deployment d = Own(s_).situation.deployment;
  const TableGeometry& tg = s_.table;
  auto on_table = [&](const Vec2& p) {
    return p.x() >= 0 && p.y() >= 0 && (tg.width <= 0 || p.x() <= tg.width) &&
           (tg.height <= 0 || p.y() <= tg.height);
  };
  const Terrain* camp = CampArea(s_);
  const int least = MinimumDeploymentInches(d);
  const Fortifications forts(s_);
  // The companies in all, and those on the table inside the fortified
  // position (as BreachOf counts them for "Up to 1/2 of the available
  // troops").
  const bool half = d == Deployment::kHalfFortified;
  const bool fortifying = half || d == Deployment::kAllFortified;
  int troops = 0, inside = 0;
  if (fortifying) {
    for (const Unit& c : s_.units) {
      if (c.side != Side::kBritish || !IsCompany(c)) continue;
      ++troops;
      if (!c.off_table && forts.Contain(c.position)) ++inside;
    }
  }
  // `u` (a company on the table) to `want`, as BreachOf judges a spot.
  auto deploy = [&](const Unit& u, const Vec2& want, bool fortified, double most) {
    // The others inside, as BreachOf counts them for `u`.
    const int others_inside = half ? inside - (forts.Contain(u.position) ? 1 : 0) : 0;
    // Designed: the free spot nearest the place (docs/ferree-engine.md,
    // "Footprints") that keeps the situation's rule (and stays inside the
    // fortified position); none if there is no room.
    auto keeps = [&](const Vec2& p) {
      if (!on_table(p)) return false;
      // The distance from the camp, measured once (for the situation's least
      // and for `most`) and only when asked.
      const bool near_camp_rule = least > 0 && camp != nullptr;
      const double from = near_camp_rule ? FromArea(p, *camp) : 0.0;
      if (near_camp_rule && from < least) return false;  // kTooNearCamp
      if (half || fortified) {
        const bool in = forts.Contain(p);
        if (half && in && 2 * (others_inside + 1) > troops) return false;  // kOverHalfFortified
        if (fortified && !in) return false;
      }
      if (camp == nullptr) return true;
      return (near_camp_rule ? from : FromArea(p, *camp)) < most;
    };
    Vec2 to;
    if (!FreeSpot(u, want, 0.0, want, /*may_contact=*/false, {}, &to, keeps)) return;
    Action a;
    a.kind = ActionKind::kDeploy;
    a.unit_id = u.id;
    a.to = to;
    out.push_back(std::move(a));
  };
  // D. Deployment Of British Troops, 1. and 2.: "at least 15" from camp" /
  // "Troops pulled in, deploy at least 7" from camp". Designed: pulled in,
  // the band is from 7" out to the historical 15"; a company beyond it (or
  // closer than 7") is offered the place 7" out.
  if (least > 0 && camp != nullptr) {
    const double most =
        d == Deployment::kPulledIn ? MinimumDeploymentInches(Deployment::kHistorical) : 1e300;
    const Vec2 centre = CampCentre(s_);
    for (const Unit& u : s_.units) {
      if (u.side != Side::kBritish || !IsCompany(u) || u.off_table) continue;
      const double from = FromArea(u.position, *camp);
      if (from >= least && from < most) continue;
      // On the line from the camp's centre through the company, at the
      // allowed distance from the camp's edge (bisection: the distance grows
      // along the ray).
      Vec2 dir = u.position - centre;
      if (dir.norm() < 1e-9) dir = Vec2(0, -1);
      dir.normalize();
      const double want = least + kBandSlack;
      double lo = 0, hi = 1;
      while (FromArea(centre + hi * dir, *camp) < want && hi < 1e4) hi *= 2;
      for (int k = 0; k < 60; ++k) {
        const double mid = (lo + hi) / 2;
        (FromArea(centre + mid * dir, *camp) < want ? lo : hi) = mid;
      }
      deploy(u, centre + hi * dir, /*fortified=*/false, most);
    }
  }
  // 2., 5 and 6: "Up to 1/2 of the available troops" / "All of the available
  // troops may be put into a fortified position. (The laager or the
  // thornbush redoubt, which ever is present)".
  if (fortifying) {
    const Terrain* fort = FortifiedArea(s_);
    if (fort != nullptr) {
      const int room = d == Deployment::kAllFortified ? troops : troops / 2;
      if (inside < room) {
        const Vec2 c = MeanOfPoints(fort->outline);
        const BoxedOutline outline(fort->outline);
        for (const Unit& u : s_.units) {
          if (u.side != Side::kBritish || !IsCompany(u) || u.off_table ||
              forts.Contain(u.position)) {
            continue;
          }
          // Designed: on the line from the position's centre towards the
          // company, a company's width inside its edge (else its centre).
          Vec2 dir = u.position - c;
          if (dir.norm() < 1e-9) dir = Vec2(0, -1);
          dir.normalize();
          double lo = 0, hi = 1;
          while (outline.Contains(c + hi * dir) && hi < 1e4) hi *= 2;
          for (int k = 0; k < 60; ++k) {
            const double mid = (lo + hi) / 2;
            (outline.Contains(c + mid * dir) ? lo : hi) = mid;
          }
          deploy(u, c + std::max(lo - kCompanyRadius, lo / 2) * dir, /*fortified=*/true, 1e300);
        }
      }
    }
  }
  return out;
}

FerreeBattle::DeploymentBreach FerreeBattle::BreachOf(const Unit& u, const Vec2& to) const {
  DeploymentBreach b;
  if (!IsCompany(u)) return b;  // the restrictions are on troops
  const Deployment d = Own(s_).situation.deployment;
  // D. Deployment Of British Troops: "at least 15" from camp" / "at least
  // 7" from camp", measured from the camp's edge (the CAMP, else the tents).
  const int least = MinimumDeploymentInches(d);
  const Terrain* camp = CampArea(s_);
  if (least > 0 && camp != nullptr) {
    const double from = FromArea(to, *camp);
    if (from < least) {
      b.kind = DeploymentBreach::Kind::kTooNearCamp;
      b.from_camp = from;
      b.least = least;
      return b;
    }
  }
  // "Up to 1/2 of the available troops may be put into a fortified position."
  if (d == Deployment::kHalfFortified) {
    auto fortified = [&](const Vec2& p) { return InFortified(s_, p); };
    if (fortified(to)) {
      int troops = 0, inside = 1;
      for (const Unit& c : s_.units) {
        if (c.side != Side::kBritish || !IsCompany(c)) continue;
        ++troops;
        if (c.id != u.id && !c.off_table && fortified(c.position)) ++inside;
      }
      if (2 * inside > troops) {
        b.kind = DeploymentBreach::Kind::kOverHalfFortified;
        b.troops = troops;
        return b;
      }
    }
  }
  return b;
}

absl::Status FerreeBattle::CheckDeployment(const Unit& u, const Vec2& to,
                                           const std::string& path) const {
  const DeploymentBreach b = BreachOf(u, to);
  switch (b.kind) {
    case DeploymentBreach::Kind::kTooNearCamp:
      return Precondition(path + ".to",
                          absl::StrFormat("%.1f\" from the camp: the situation (D. Deployment Of "
                                          "British Troops) puts the troops at least %d\" from camp",
                                          b.from_camp, b.least));
    case DeploymentBreach::Kind::kOverHalfFortified:
      return Precondition(path + ".to",
                          absl::StrCat("only half of the ", b.troops,
                                       " companies may be in the fortified position"));
    case DeploymentBreach::Kind::kNone:
      break;
  }
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishDeploy(const Action& a, const std::string& path) {
  switch (a.kind) {
    case ActionKind::kEndDeployment:
    case ActionKind::kPass: {
      Own(s_).segment = kPreBattleZuluDeploy;
      Log(EventKind::kBritishAction, Side::kBritish, kSectionBritishDeploy, "", "",
          "The British end their deployment; the Zulu player deploys.");
      return absl::OkStatus();
    }
    case ActionKind::kDeploy: {
      Unit* u = s_.FindUnit(a.unit_id);
      if (a.unit_id.empty()) return Bad(path + ".unit_id", "is required");
      if (u == nullptr) {
        return Bad(path + ".unit_id", absl::StrCat("no unit '", a.unit_id.str(), "' on the table state"));
      }
      if (u->side != Side::kBritish) {
        return Precondition(path + ".unit_id",
                            absl::StrCat("'", a.unit_id.str(), "' is not a British unit"));
      }
      const TableGeometry& t = s_.table;
      if (!std::isfinite(a.to.x()) || !std::isfinite(a.to.y()) || a.to.x() < 0 || a.to.y() < 0 ||
          (t.width > 0 && a.to.x() > t.width) || (t.height > 0 && a.to.y() > t.height)) {
        return Bad(path + ".to", "is not on the table");
      }
      IMPI_RETURN_IF_ERROR(CheckDeployment(*u, a.to, path));
      // Footprints do not overlap (docs/ferree-engine.md, "Footprints").
      for (const Unit& o : s_.units) {
        if (&o == u || !HasFootprint(o)) continue;
        if (Distance(a.to, o.position) < Radius(*u) + Radius(o) - kOverlapSlack) {
          return Precondition(path + ".to", absl::StrCat("no room: ", NameOf(*u),
                                                         " would stand on ", NameOf(o)));
        }
      }
      u->position = a.to;
      u->off_table = false;
      Event& e =
          Log(EventKind::kBritishAction, Side::kBritish, kSectionBritishDeploy, "", "",
              absl::StrFormat("%s deploys at (%.1f, %.1f).", NameOf(*u), a.to.x(), a.to.y()));
      e.unit_ids = {u->id};
      return absl::OkStatus();
    }
    default:
      return Precondition(path + ".kind",
                          absl::StrCat(ActionKindName(a.kind),
                                       " is not a deployment action (DEPLOY, END_DEPLOYMENT)"));
  }
}

absl::Status FerreeBattle::BritishMove(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const std::string no = MayNotMove(*u);
  if (!no.empty()) return Precondition(path, absl::StrCat(u->id.str(), " may not move: ", no));
  if (!std::isfinite(a.to.x()) || !std::isfinite(a.to.y())) {
    return Bad(path + ".to", "is not a point");
  }
  const TableGeometry& t = s_.table;
  const bool outside = a.to.x() < 0 || a.to.y() < 0 || (t.width > 0 && a.to.x() > t.width) ||
                       (t.height > 0 && a.to.y() > t.height);
  Vec2 goal = a.to;
  if (t.width > 0 && t.height > 0) goal = ClampToTable(goal, t.width, t.height);
  // "The British Movement Rate is 3 + 1D6 inches for foot troops and 3 + 2D6
  // inches for mounted troops" (artillery: Artillery Movement). The engine
  // rolls the allowance and clips the move to it.
  Explanation why;
  const double allowance = BritishAllowance(*u, WhyFor(why));
  const Vec2 before = u->position;
  std::vector<Vec2> walked =
      MoveUnit(*u, goal, allowance, 0.0, kContactGap / 2, /*stop_at_laager=*/false);
  u = s_.FindUnit(a.unit_id);
  double moved = 0;
  for (size_t k = 1; k < walked.size(); ++k) moved += Distance(walked[k - 1], walked[k]);
  // "escape": a unit that reaches the table edge it was sent over leaves.
  const bool escapes =
      (outside || a.off_table) && AtTableEdge(u->position, t) && Distance(u->position, goal) < 1e-6;
  if (escapes) u->off_table = true;
  Own(s_).segment |= kSegMoved;
  if (Explain()) {
    why.text = absl::StrCat(why.text, " ", NameOf(*u), " moves ", Inches(moved), " of ",
                            Inches(allowance), escapes ? " and leaves the table." : ".");
    Event& e = LogWhy(EventKind::kBritishAction, Side::kBritish, why);
    e.unit_ids = {u->id};
    e.path = walked;
  }
  if (u->kind == UnitKind::kSurgeon) {
    const int left = static_cast<int>(std::floor((allowance - moved) / kSurgeonAttemptCost + 1e-9));
    if (left > 0) IMPI_RETURN_IF_ERROR(SurgeonAid(left));
  }
  if (!escapes) IMPI_RETURN_IF_ERROR(ChargeRetiring(a.unit_id, before, /*after_resolve=*/false));
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishStance(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const bool mounted_kind = u->kind == UnitKind::kCavalry ||
                            u->kind == UnitKind::kMountedInfantry ||
                            u->kind == UnitKind::kNativeHorse;
  if (!mounted_kind || (a.stance != Stance::kMounted && a.stance != Stance::kDismounted)) {
    return Precondition(path + ".stance",
                        "British stances in Ferree are MOUNTED and DISMOUNTED, for mounted troops "
                        "(the square is a resolve result)");
  }
  const std::string no = MayNotMove(*u);
  if (!no.empty()) {
    return Precondition(path, absl::StrCat(u->id.str(), " may not mount or dismount: ", no));
  }
  const bool now_mounted = u->stance != Stance::kDismounted;
  if ((a.stance == Stance::kMounted) == now_mounted) {
    return Precondition(path + ".stance", absl::StrCat(u->id.str(), " is already ",
                                                       now_mounted ? "mounted" : "dismounted"));
  }
  // Designed: mounting or dismounting takes the unit's move.
  u->stance = a.stance;
  Own(s_).segment |= kSegMoved;
  Event& e =
      Log(EventKind::kBritishAction, Side::kBritish, kSectionMove, "", "",
          absl::StrCat(NameOf(*u), a.stance == Stance::kMounted ? " mounts." : " dismounts."));
  e.why.rule.designed = true;
  e.unit_ids = {u->id};
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishLimber(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (!IsArtillery(*u)) {
    return Precondition(path + ".kind", "only guns and rockets limber and unlimber");
  }
  const int seg = Own(s_).segment;
  if (seg & kSegLimber) {
    return Precondition(path + ".kind", "it has already limbered or unlimbered this turn");
  }
  if (seg & kSegFought) return Precondition(path + ".kind", "it has fought in close combat");
  if (u->status.may_not_fire) return Precondition(path + ".kind", "its guns were left behind");
  const bool limber = a.kind == ActionKind::kLimber;
  if (limber == u->status.limbered) {
    return Precondition(path + ".kind",
                        absl::StrCat(u->id.str(), " is already ", limber ? "limbered" : "unlimbered"));
  }
  // Artillery Movement: "Unlimbered artillery may ... fire and limber, but
  // not move in one turn."
  if (limber && (seg & kSegMoved)) {
    return Precondition(path + ".kind", "artillery that has moved may not limber");
  }
  // "... or move 1D6 inches and unlimber, but not fire": a limbered move is
  // 2D6, so a gun that moved limbered stays limbered this turn. To move 1D6
  // and unlimber, it unlimbers first, then moves at the prolonge rate.
  if (!limber && (seg & kSegMoved)) {
    return Precondition(path + ".kind",
                        "a gun that has moved limbered (2D6) may not unlimber this turn: to move "
                        "1D6 and unlimber, UNLIMBER first, then MOVE");
  }
  u->status.limbered = limber;
  Own(s_).segment |= kSegLimber;
  Event& e = Log(EventKind::kBritishAction, Side::kBritish, kSectionSpecialBritishMoves,
                 kTableArtilleryMovement, "",
                 absl::StrCat(NameOf(*u), limber ? " limbers." : " unlimbers."));
  e.unit_ids = {u->id};
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishFire(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const std::string no = MayNotFire(*u);
  if (!no.empty()) return Precondition(path, absl::StrCat(u->id.str(), " may not fire: ", no));
  if (a.target_id.empty()) return Bad(path + ".target_id", "is required");
  Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr) {
    return Bad(path + ".target_id", absl::StrCat("no unit '", a.target_id.str(), "' on the table state"));
  }
  if (t->side != Side::kZulu ||
      (t->kind != UnitKind::kTray && t->kind != UnitKind::kInduna &&
       t->kind != UnitKind::kSniper) ||
      !Alive(*t)) {
    return Precondition(
        path + ".target_id",
        absl::StrCat("'", a.target_id.str(), "' is not a Zulu tray, induna or sniper on the table"));
  }
  const double range = Gap(*u, *t);
  const bool artillery = IsArtillery(*u);
  if (range > (artillery ? kArtilleryRange : kRifleRange)) {
    return Precondition(path + ".target_id",
                        absl::StrCat(a.target_id.str(), " is ", Inches(range), " away: out of range (",
                                     artillery ? "48\" for artillery" : "24\" for rifles", ")"));
  }
  if (!SightBlockers("").Clear(u->position, t->position)) {
    return Precondition(path + ".target_id", absl::StrCat(a.target_id.str(), " is out of sight"));
  }
  // British Shooting: "Each figure of the active unit that can shoot may do
  // so ... Figures on foot may fire in two ranks, all other troop types fire
  // only the first rank." Designed: a foot company fires every figure, a
  // mounted one half of them; officers fire pistols.
  struct Shooter {
    bool wounded = false;
    Weapon weapon = Weapon::kRifle;
  };
  std::vector<Shooter> shooters;
  const int officers = artillery ? 0 : std::min(u->leaders, u->figures.fit);
  std::vector<Shooter> rifles;
  for (int i = officers; i < u->figures.fit; ++i) {
    rifles.push_back({false, artillery ? Weapon::kArtillery : Weapon::kRifle});
  }
  for (int i = 0; i < u->figures.wounded; ++i) {
    rifles.push_back({true, artillery ? Weapon::kArtillery : Weapon::kRifle});
  }
  // Native foot carry few firearms (designed, from the history: about one
  // man in ten of the NNC had a rifle): with `figures.riflemen` set, only
  // that many of its men fire (unwounded first); 0: every man has one.
  if (u->kind == UnitKind::kNativeFoot && u->figures.riflemen > 0 &&
      static_cast<size_t>(u->figures.riflemen) < rifles.size()) {
    rifles.resize(u->figures.riflemen);
  }
  if (IsMounted(*u)) rifles.resize((rifles.size() + 1) / 2);
  // Officers' pistols reach 3" ("Officers pistol 0 to 3""): beyond it they
  // are not among the figures that would fire.
  if (range <= kPistolRange) {
    for (int i = 0; i < officers; ++i) shooters.push_back({false, Weapon::kPistol});
  }
  shooters.insert(shooters.end(), rifles.begin(), rifles.end());
  // Out Of Ammunition Table (001, Running Out Of Ammo): "1-3 May fire with
  // 1/2 of unit's figures": half of the unit's figures (fit and wounded,
  // officers included), rounded up so that a unit of one figure still fires,
  // may fire; those of them that can (in range of their weapon) do, officers
  // first, wounded riflemen last (docs/conformance.md).
  if (!artillery && u->status.ammunition == Ammunition::kLow) {
    const size_t half = (static_cast<size_t>(u->figures.fit + u->figures.wounded) + 1) / 2;
    if (shooters.size() > half) shooters.resize(half);
  }
  const Firer firer = FirerOf(*u);
  const FireTarget target = t->kind == UnitKind::kInduna   ? FireTarget::kInduna
                            : t->kind == UnitKind::kSniper ? FireTarget::kSniper
                                                           : FireTarget::kZulu;
  const bool cover = t->kind == UnitKind::kTray && InCover(*t, *u);
  Explanation all;
  const bool explain = Explain();
  int hits = 0, shots = 0, figures_fired = 0;
  for (const Shooter& sh : shooters) {
    ++figures_fired;
    for (int k = 0; k < ShotsPerFigure(firer); ++k) {
      FireInput in;
      in.firer = firer;
      in.resolve = ResolveOf(*u);
      in.weapon = sh.weapon;
      in.target = target;
      in.range_inches = range;
      in.firer_wounded = sh.wounded;
      in.fixed_bayonet = u->status.bayonets_fixed && sh.weapon == Weapon::kRifle;
      in.target_in_cover = cover;
      Explanation one;
      const FireResult r = ::impi::ferree::BritishFire(dice_, in, explain ? &one : nullptr);
      if (explain) {
        if (all.rule.source.empty() || (shots == 0 && r != FireResult::kOutOfRange)) {
          all.rule = one.rule;
        }
        all.dice.insert(all.dice.end(), one.dice.begin(), one.dice.end());
      }
      if (r == FireResult::kHit) ++hits;
      if (r == FireResult::kHit || r == FireResult::kMiss) ++shots;
    }
  }
  all.rule.source = kSource;
  if (all.rule.section.empty()) {
    all.rule.section = kSectionBritishShooting;
    all.rule.table = kTableBritishFiring;
  }
  // Record what the rally chart reads: "the number of British figures that
  // have fired at the tray since its last turn" (a crewman counts as 2).
  MutableUnitOf(s_, t->id).figures_fired_at += figures_fired * ShotsPerFigure(firer);
  if (artillery) MutableUnitOf(s_, t->id).under_artillery = true;
  std::string effect;
  const std::string tid = t->id;
  if (t->kind == UnitKind::kInduna) {
    Explanation eff;
    if (hits > 0) {
      EffectsOfHits(*t, hits, "British fire", &eff);
      all.dice.insert(all.dice.end(), eff.dice.begin(), eff.dice.end());
      if (explain) effect = " " + eff.text;
    }
  } else {
    const int removed = std::min(hits, t->figures.fit);
    RemoveZuluFigures(*t, hits);
    if (explain) effect = absl::StrCat(" ", removed, " Zulu figure(s) removed from ", tid, ".");
  }
  u = s_.FindUnit(a.unit_id);
  u->status.fired = true;
  Own(s_).segment |= kSegFired;
  if (explain) {
    all.text = absl::StrCat(NameOf(*u), " fires at ", tid, " at ", Inches(range),
                            cover ? " (in cover)" : "", ": ", figures_fired, " figure(s), ",
                            shots, " shot(s), ", hits, " hit(s).", effect);
    Event& e = LogWhy(EventKind::kFired, Side::kBritish, all);
    e.unit_ids = {u->id};
    e.target_id = tid;
  }
  // Ammunition: turns of fire, and "Running Out Of Ammo": "After a unit has
  // fired the listed number of turns (and every turn thereafter that it is
  // allowed to fire) the player rolls 1D6".
  AmmunitionUnit kind;
  if (!artillery && AmmunitionUnitOf(*u, &kind)) {
    ++u->status.turns_fired;
    const AmmunitionAllowance allowance = AmmunitionFor(kind, nullptr);
    if (u->status.turns_fired >= allowance.turns_of_fire) {
      Explanation why;
      u->status.ammunition = OutOfAmmunition(dice_, WhyFor(why));
      if (!explain) return absl::OkStatus();
      why.text += absl::StrCat(" ", NameOf(*u),
                               u->status.ammunition == Ammunition::kOut ? " is out of ammunition."
                                                                        : " is low on ammunition.");
      Event& o = LogWhy(EventKind::kTableRoll, Side::kBritish, why);
      o.unit_ids = {u->id};
    }
  }
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishSendRunner(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const std::string no = MayNotSendRunner(*u);
  if (!no.empty()) return Precondition(path, absl::StrCat(u->id.str(), " may not send a runner: ", no));
  Unit runner;
  runner.id = s_.NewUnitId(absl::StrCat(u->id.str(), "-runner"));
  runner.side = Side::kBritish;
  runner.kind = UnitKind::kRunner;
  runner.name = absl::StrCat("runner of ", u->name.empty() ? u->id.str() : u->name.str());
  runner.parent = u->id;
  runner.figures.fit = 1;
  runner.position = u->position;
  if (const Unit* w = RunnerWagon(runner)) MutableUnitOf(s_, runner.id).wagon_id = w->id;
  u->figures.fit -= 1;
  u->status.runner_out = true;
  const std::string rid = runner.id;
  const std::string uid = u->id;
  s_.units.push_back(std::move(runner));
  {
    // Designed: he sets off from beside his company, on free ground on the
    // side nearest his wagon.
    Unit& rn = s_.units.back();
    const Unit* c = s_.FindUnit(uid);
    const Unit* w = WagonNamed(s_, UnitOf(s_, rid).wagon_id);
    Vec2 spot;
    if (c != nullptr &&
        FreeSpot(rn, c->position, Radius(*c) + Radius(rn) + kContactGap / 2,
                 w != nullptr ? w->position : CampCentre(s_), /*may_contact=*/false, {}, &spot)) {
      rn.position = spot;
    }
  }
  Own(s_).segment |= kSegRunner;
  Event& e = Log(EventKind::kBritishAction, Side::kBritish, kSectionAmmunition, kTableAmmunition,
                 "", absl::StrCat(uid, " sends ", rid, " back for ammunition."));
  e.unit_ids = {uid, rid};
  // "If the unit did not move in the turn, the runner may be moved after the
  // unit shoots, otherwise, the runner must wait until the next turn."
  if (!(Own(s_).segment & kSegMoved)) IMPI_RETURN_IF_ERROR(MoveRunner(rid));
  return absl::OkStatus();
}

absl::Status FerreeBattle::BritishCharge(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (!IsCompany(*u)) return Precondition(path + ".kind", "only companies charge");
  if (u->off_table) return Precondition(path, absl::StrCat(u->id.str(), " has left the table"));
  if (Own(s_).segment & kSegFought) {
    return Precondition(path, absl::StrCat(u->id.str(), " has already fought"));
  }
  if (u->status.retiring || u->status.routed) {
    return Precondition(path,
                        absl::StrCat(u->id.str(), " is retiring or retreating: it does not charge"));
  }
  if (a.target_id.empty()) return Bad(path + ".target_id", "is required");
  Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr) {
    return Bad(path + ".target_id", absl::StrCat("no unit '", a.target_id.str(), "' on the table state"));
  }
  if (!CloseCombatTarget(*t)) {
    return Precondition(
        path + ".target_id",
        absl::StrCat("'", a.target_id.str(), "' is not a Zulu tray, induna or sniper on the table"));
  }
  auto engaged = [&](const Unit& b, const Unit& z) { return Engaged(z, b); };
  bool out_of_donga = false;
  if (!engaged(*u, *t)) {
    const std::string no = MayNotMove(*u);
    if (!no.empty()) {
      return Precondition(
          path, absl::StrCat(u->id.str(), " is not in contact with ", t->id.str(), " and may not move: ", no));
    }
    Explanation why;
    const double allowance = BritishAllowance(*u, WhyFor(why));
    const Vec2 before = u->position;
    std::vector<Vec2> walked =
        MoveUnit(*u, t->position, allowance, Radius(*u) + Radius(*t) + kContactGap / 2,
                 kContactGap / 2, false);
    u = s_.FindUnit(a.unit_id);
    t = s_.FindUnit(a.target_id);
    Own(s_).segment |= kSegMoved;
    const bool reached = engaged(*u, *t);
    out_of_donga = InDonga(before) && !InDonga(u->position);
    if (Explain()) {
      why.text = absl::StrCat(why.text, " ", NameOf(*u), " charges ", t->id.str(),
                              reached ? " and makes contact." : " but falls short.");
      Event& e = LogWhy(EventKind::kBritishAction, Side::kBritish, why);
      e.unit_ids = {u->id};
      e.target_id = t->id;
      e.path = walked;
    }
    if (!reached) {
      Own(s_).segment |= kSegFought;
      return absl::OkStatus();
    }
  }
  Own(s_).segment |= kSegFought;
  // D. Close Combat: "An active British figure has the option not to engage
  // in close combat"; here it does.
  return CloseCombatFight(a.target_id, a.unit_id, false, out_of_donga, "the British charge");
}

}  // namespace impi::ferree
