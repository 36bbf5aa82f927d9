// engine/rulesets/ferree/british.cc: the British units' turns: resolve, moves, fire,
// runners and resupply, the surgeon (001_4c61f40cf0987cbf.txt).
#include "engine/rulesets/ferree/british.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

constexpr double kEscapeReach = 0.5;  // designed: reaching a drift to leave the table

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

// Whether `name` holds "fugitive", in any case.
bool NamesFugitives(absl::string_view name) {
  constexpr absl::string_view kWord = "fugitive";
  for (size_t i = 0; i + kWord.size() <= name.size(); ++i) {
    if (absl::ascii_tolower(name[i]) != 'f') continue;  // the usual case, cheaply
    if (absl::EqualsIgnoreCase(name.substr(i, kWord.size()), kWord)) return true;
  }
  return false;
}

bool FugitivesDrift(const BattleState& s, Vec2* at) {
  for (const Point& p : s.points) {
    if (p.kind == PointKind::kEntry && NamesFugitives(p.name)) {
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
Unit* FindRunner(BattleState& s, const SharedString& id) {
  for (auto it = s.units.rbegin(); it != s.units.rend(); ++it) {
    if (it->kind == UnitKind::kRunner && it->id == id) return &*it;
  }
  return nullptr;
}

// The unit a runner's FerreeUnit.wagon_id names, or nullptr. An empty id
// (no wagon recorded) names no unit: it is not looked up, which would read
// every unit's id.
const Unit* WagonNamed(const BattleState& s, const SharedString& wagon_id) {
  return wagon_id.empty() ? nullptr : s.FindUnit(wagon_id);
}

bool AtTableEdge(const Vec2& p, const TableGeometry& t) {
  return p.x() <= 1e-6 || p.y() <= 1e-6 || p.x() >= t.width - 1e-6 || p.y() >= t.height - 1e-6;
}

}  // namespace

BritishTurn::BritishTurn(Context& c, const Choices& choices, Melee& melee)
    : c_(c),
      s_(c.state()),
      dice_(c.dice()),
      log_(c.log()),
      field_(c.field()),
      choices_(choices),
      melee_(melee) {}

absl::Status BritishTurn::EndBritishActivation(absl::string_view why) {
  FerreeState& own = Own(s_);
  SharedString id;
  if (!own.chits_left.empty() && (own.segment & kSegActive) != 0) {
    id = own.chits_left.front();
    own.chits_left.erase(own.chits_left.begin());
  }
  own.segment = 0;
  own.surgeon_attempts = 0;
  if (!c_.Explain()) return absl::OkStatus();
  Event& e =
      c_.Log(EventKind::kNothing, Side::kBritish, kSectionDraw, "", "",
             absl::StrCat(id.str(), " ends its turn", why.empty() ? "." : absl::StrCat(": ", why, ".")));
  if (!id.empty()) e.unit_ids = {id};
  return absl::OkStatus();
}

absl::Status BritishTurn::ActivateBritish(const SharedString& id) {
  Unit* u = s_.FindUnit(id);
  u->status.acted = true;
  if (NobodyToAct(*u)) {
    if (c_.Explain()) {
      c_.Log(EventKind::kNothing, Side::kBritish, kSectionDraw, "", "",
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
    if (c_.Suspended()) return absl::OkStatus();
  } else if (u->kind == UnitKind::kSurgeon) {
    IMPI_RETURN_IF_ERROR(SurgeonAid(kSurgeonAttempts));
  }
  return ContinueBritishActivation(id);
}

absl::Status BritishTurn::ContinueBritishActivation(const SharedString& id) {
  const Unit* u = s_.FindUnit(id);
  if (u->off_table) return EndBritishActivation("it has left the table");
  if (u->figures.fit + u->figures.wounded <= 0) {
    return EndBritishActivation("nobody is left who can act");
  }
  thread_local std::vector<Action> options;  // kept between calls on a thread
  choices_.BritishOptions(/*first_only=*/true, &options);
  if (options.size() == 1 && options[0].kind == ActionKind::kPass) {
    return EndBritishActivation("it can do nothing else");
  }
  return absl::OkStatus();
}

absl::Status BritishTurn::BritishResolve(const SharedString& id) {
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
  ForEachTray(s_, [&](const Unit& t) {
    if ((t.position - u->position).squaredNorm() > tray_reach * tray_reach) return;
    if (!Alive(t)) return;
    if (Gap(*u, t) > kWithin) return;
    if (GetsInTheWay(u->position, dest, t.position, kTrayRadius + Radius(*u))) {
      u->status.surrounded = true;
    }
  });
  const bool european = !IsNative(*u);
  const Mobility mobility = IsArtillery(*u)
                                ? Mobility::kArtillery
                                : (IsMounted(*u) ? Mobility::kMounted : Mobility::kFoot);
  Explanation mv;
  double dist = 0;
  if (u->status.surrounded) {
    dist = SurroundedMove(dice_, european, c_.WhyFor(mv));
  } else if (r == CompanyResolve::kRetire) {
    dist = RetireDistance(dice_, european, mobility, c_.WhyFor(mv));
  } else {
    dist = RetreatDistance(dice_, european, mobility, c_.WhyFor(mv));
  }
  // "Artillery units that rout will leave their guns."
  if (r == CompanyResolve::kRout && IsArtillery(*u) && !u->status.surrounded) {
    u->status.may_not_fire = true;
    u->status.limbered = false;
  }
  const Vec2 before = u->position;
  const std::vector<Vec2>& path =
      c_.MoveUnit(*u, dest, dist, 0.0, kContactGap / 2, /*stop_at_laager=*/false);
  u = s_.FindUnit(id);
  if (to_drift && Distance(u->position, dest) <= kEscapeReach) {
    u->off_table = true;
    Own(s_).losses.routed_off += u->figures.Present();
  }
  Own(s_).segment |= kSegMoved;
  if (c_.Explain()) {
    mv.text = absl::StrCat(
        mv.text, " ", NameOf(*u),
        u->status.surrounded ? (european ? " is surrounded and forms square"
                                         : " is surrounded and huddles in a mass")
                             : (r == CompanyResolve::kRetire ? " retires" : " retreats"),
        dist > 0 ? absl::StrCat(", moving ", Inches(Distance(before, u->position)),
                                to_drift ? " towards Fugitives' Drift" : " towards the camp")
                 : "",
        u->off_table ? " and escapes off the table." : ".");
    Event& m = c_.LogWhy(EventKind::kMoved, Side::kBritish, mv);
    m.unit_ids = {id};
    m.path = path;
  }
  if (!u->off_table && Distance(before, u->position) > 1e-9) {
    return melee_.ChargeRetiring(id, before, /*after_resolve=*/true);
  }
  return absl::OkStatus();
}

absl::Status BritishTurn::BritishResolveTest(const SharedString& id, bool log_no_test,
                                             CompanyResolve* result, bool* tested, int* event) {
  *result = CompanyResolve::kCarryOn;
  *tested = false;
  if (event != nullptr) *event = -1;
  Unit* u = s_.FindUnit(id);
  bool sniped = false;
  for (const SharedString& f : UnitOf(s_, *u).fired_on_by_this_turn) {
    const Unit* z = s_.FindUnit(f);
    sniped |= z != nullptr && z->kind == UnitKind::kSniper;
  }
  if (!UnitOf(s_, *u).fired_on_by_this_turn.empty()) MutableUnitOf(s_, *u).fired_on_by_this_turn.clear();
  // "An active British company must check its resolve if at least one Zulu
  // movement tray is within 6" or it was shot at by snipers."
  CompanyResolveInput in;
  // A tray whose centre is further than 6" and both radii (with a margin far
  // above rounding) is further: not measured.
  const double tray_reach = kWithin + Radius(*u) + kTrayRadius + 1e-6;
  ForEachTray(s_, [&](const Unit& t) {
    if ((t.position - u->position).squaredNorm() > tray_reach * tray_reach) return;
    if (!Alive(t)) return;
    if (Gap(*u, t) > kWithin) return;
    ++in.zulu_trays_within_6;
    if (!t.status.pinned) ++in.unpinned_zulu_trays_within_6;
  });
  if (in.zulu_trays_within_6 == 0 && !sniped) {
    u->status.retiring = u->status.routed = u->status.surrounded = false;
    *tested = false;
    if (log_no_test) {
      if (event != nullptr) *event = static_cast<int>(log_.size());
      Event& e =
          c_.Log(EventKind::kMoraleTest, Side::kBritish, kSectionResolve, kTableCompanyResolve, "",
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
  // (A company is British: Validate refuses a company of the other side.)
  ForEachBritish(s_, [&](const Unit& c) {
    if (&c == u || !IsCompany(c) || c.off_table || Gap(*u, c) > kWithin) return;
    const bool native_foot = c.kind == UnitKind::kNativeFoot;
    const bool destroyed = c.figures.fit + c.figures.wounded <= 0;
    if (c.status.routed || destroyed) {
      ++(native_foot ? in.native_foot_retreating_or_destroyed_within_6
                     : in.retreating_or_destroyed_within_6);
    } else if (c.status.retiring) {
      ++(native_foot ? in.native_foot_retiring_within_6 : in.retiring_within_6);
    }
  });
  Explanation why;
  const CompanyResolve r = BritishCompanyResolve(dice_, in, c_.WhyFor(why));
  if (event != nullptr) *event = static_cast<int>(log_.size());
  if (c_.Explain()) {
    Event& e = c_.LogWhy(EventKind::kMoraleTest, Side::kBritish, why);
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

void BritishTurn::RunnerRejoins(const SharedString& runner_id) {
  Unit* r = FindRunner(s_, runner_id);
  Unit* c = s_.FindUnit(r->parent);
  // "Once the runner makes base contact with his unit, it is resupplied."
  AmmunitionUnit kind;
  const int turns = UnitOf(s_, *r).turns_carried;
  int credited = turns;  // turns of fire the company has after this
  std::string cap;
  if (AmmunitionUnitOf(*c, &kind)) {
    // British Ammunition Table: a unit carries at most its "Turns Of Fire".
    const AmmunitionAllowance allowance = AmmunitionFor(kind, nullptr);
    credited = std::min(turns, allowance.turns_of_fire);
    c->status.turns_fired = allowance.turns_of_fire - credited;
    if (credited < turns && c_.Explain()) {
      cap = absl::StrCat(" (", credited, " credited: it carries at most ", allowance.turns_of_fire,
                         ")");
    }
  }
  c->status.ammunition = Ammunition::kPlenty;
  c->status.runner_out = false;
  c->figures.fit += r->figures.fit;
  c->figures.wounded += r->figures.wounded;
  c->figures.seriously_wounded += r->figures.seriously_wounded;
  c->figures.casualties += r->figures.casualties;
  if (c_.Explain()) {
    Event& e = c_.Log(EventKind::kRejoined, Side::kBritish, kSectionAmmunition, kTableResupply, "",
                      absl::StrCat("The runner ", runner_id.str(), " reaches ", NameOf(*c), " with ",
                                   turns, " turns of ammunition", cap, ": it is resupplied with ",
                                   credited, " turns of fire."));
    e.unit_ids = {runner_id, c->id};
  }
  EraseUnit(s_, static_cast<size_t>(r - s_.units.data()));
}

const Unit* BritishTurn::RunnerWagon(const Unit& runner) const {
  if (const Unit* w = WagonNamed(s_, UnitOf(s_, runner).wagon_id)) {
    if (w->kind == UnitKind::kWagon && !w->off_table) return w;
  }
  if (const Unit* w = field_.OwnWagon(runner)) return w;
  const Unit* best = nullptr;
  ForEachWagon(s_, [&](const Unit& w) {
    if (w.off_table) return;
    if (best == nullptr ||
        Distance(w.position, runner.position) < Distance(best->position, runner.position)) {
      best = &w;
    }
  });
  return best;
}

absl::Status BritishTurn::MoveRunner(const SharedString& runner_id) {
  Unit* r = FindRunner(s_, runner_id);
  if (r == nullptr || !Alive(*r)) return absl::OkStatus();
  const Unit* c = s_.FindUnit(r->parent);
  const bool carrying = UnitOf(s_, *r).carrying;
  const Unit* goal = carrying ? c : RunnerWagon(*r);
  if (goal == nullptr || (carrying && !Alive(*goal))) return absl::OkStatus();
  if (InContact(*r, *goal)) {
    if (carrying) RunnerRejoins(runner_id);
    return absl::OkStatus();  // waiting at the wagon
  }
  // "Runners move 2D6+3 inches."
  Explanation why;
  double allowance = MovementRate(dice_, Mover::kRunner, c_.WhyFor(why));
  if (r->figures.fit == 0) allowance /= 2;  // wounded figures move at 1/2 speed
  const SharedString goal_id = goal->id;
  const Vec2 at = goal->position;
  const std::vector<Vec2>& path = c_.MoveUnit(
      *r, at, allowance, Radius(*r) + Radius(*goal) + kContactGap / 2, kContactGap / 2, false);
  r = FindRunner(s_, runner_id);
  goal = s_.FindUnit(goal_id);
  const bool arrived = InContact(*r, *goal);
  if (c_.Explain()) {
    why.text = absl::StrCat(why.text, " The runner ", runner_id.str(),
                            carrying ? " heads back to " : " heads for ", NameOf(*goal),
                            arrived ? " and reaches it." : ".");
    Event& e = c_.LogWhy(EventKind::kMoved, Side::kBritish, why);
    e.unit_ids = {runner_id};
    e.target_id = goal_id;
    e.path = path;
  }
  if (carrying && arrived) RunnerRejoins(runner_id);
  return absl::OkStatus();
}

absl::Status BritishTurn::MoveRunners(const SharedString& company_id) {
  // "The runner is moved when the parent unit is active. He will stop when
  // he comes into contact with a supply wagon."
  absl::InlinedVector<SharedString, 4> runners;
  ForEachRunner(s_, [&](const Unit& r) {
    if (r.parent == company_id && Alive(r)) runners.push_back(r.id);
  });
  for (const SharedString& rid : runners) IMPI_RETURN_IF_ERROR(MoveRunner(rid));
  return absl::OkStatus();
}

absl::Status BritishTurn::ActivateWagon(const SharedString& id) {
  Unit* w = s_.FindUnit(id);
  w->status.acted = true;
  absl::InlinedVector<SharedString, 8> queue;
  ForEachRunner(s_, [&](const Unit& r) {
    if (Alive(r) && InContact(r, *w) && !UnitOf(s_, r).carrying) queue.push_back(r.id);
  });
  if (queue.empty()) return absl::OkStatus();
  // "when the Quartermaster for that wagon is active, the player may make his
  // resupply die roll ... Runners at a particular wagon can be rolled for
  // until a No Ammo result occurs."
  absl::InlinedVector<SharedString, 8> sent_back;
  while (!queue.empty()) {
    const SharedString rid = queue.front();
    queue.erase(queue.begin());
    Unit* r = FindRunner(s_, rid);
    const Unit* own = field_.OwnWagon(*r);
    const bool at_own = own != nullptr && own->id == id;
    Explanation why;
    const Resupply res =
        AmmunitionResupply(dice_, at_own, UnitOf(s_, *r).turns_waited, c_.WhyFor(why));
    if (c_.Explain()) {
      Event& e = c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
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
        FerreeUnit& book = MutableUnitOf(s_, *r);
        book.carrying = true;
        book.turns_carried = res.turns;
        book.turns_waited = 0;
        // "Those figures that receive a supply of ammunition may move toward
        // their unit at this time."
        IMPI_RETURN_IF_ERROR(MoveRunner(rid));
        break;
      }
      case ResupplyResult::kFindOwnWagon:
        if (own != nullptr) MutableUnitOf(s_, *r).wagon_id = own->id;
        break;
      case ResupplyResult::kBackOfLine:
        // Designed: once a quartermaster's turn; a second time he waits.
        if (std::find(sent_back.begin(), sent_back.end(), rid) == sent_back.end()) {
          sent_back.push_back(rid);
          queue.push_back(rid);
        }
        break;
    }
    if (stop) break;
  }
  return absl::OkStatus();
}

absl::Status BritishTurn::SurgeonAid(int max_attempts) {
  const Unit* active = choices_.ActiveBritish();
  if (active == nullptr || active->kind != UnitKind::kSurgeon) return absl::OkStatus();
  const SharedString sid = active->id;
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
    int tried = std::min(UnitOf(s_, b).surgeon_tried, b.figures.wounded);
    const int patients = b.figures.wounded - tried;
    for (int k = 0; k < patients && done < kSurgeonAttempts && made < max_attempts; ++k) {
      Explanation why;
      const bool repaired = SurgeonsAid(dice_, c_.WhyFor(why));
      if (repaired) {
        --b.figures.wounded;
        ++b.figures.fit;
      } else {
        MutableUnitOf(s_, b).surgeon_tried = ++tried;
      }
      ++done;
      ++made;
      if (!c_.Explain()) continue;
      why.text += absl::StrCat(" The surgeon treats a wounded figure of ", NameOf(b), ".");
      Event& e = c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
      e.unit_ids = {sid};
      e.target_id = b.id;
    }
  }
  MutableOwnState(s_).surgeon_attempts = done;
  return absl::OkStatus();
}

double BritishTurn::BritishAllowance(const Unit& u, Explanation* why) {
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

absl::Status BritishTurn::BritishMove(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const std::string no = choices_.MayNotMove(*u);
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
  const double allowance = BritishAllowance(*u, c_.WhyFor(why));
  const Vec2 before = u->position;
  const std::vector<Vec2>& walked =
      c_.MoveUnit(*u, goal, allowance, 0.0, kContactGap / 2, /*stop_at_laager=*/false);
  u = s_.FindUnit(a.unit_id);
  double moved = 0;
  for (size_t k = 1; k < walked.size(); ++k) moved += Distance(walked[k - 1], walked[k]);
  // "escape": a unit that reaches the table edge it was sent over leaves.
  const bool escapes =
      (outside || a.off_table) && AtTableEdge(u->position, t) && Distance(u->position, goal) < 1e-6;
  if (escapes) u->off_table = true;
  Own(s_).segment |= kSegMoved;
  if (c_.Explain()) {
    why.text = absl::StrCat(why.text, " ", NameOf(*u), " moves ", Inches(moved), " of ",
                            Inches(allowance), escapes ? " and leaves the table." : ".");
    Event& e = c_.LogWhy(EventKind::kBritishAction, Side::kBritish, why);
    e.unit_ids = {u->id};
    e.path = walked;
  }
  if (u->kind == UnitKind::kSurgeon) {
    const int left = static_cast<int>(std::floor((allowance - moved) / kSurgeonAttemptCost + 1e-9));
    if (left > 0) IMPI_RETURN_IF_ERROR(SurgeonAid(left));
  }
  if (!escapes)
    IMPI_RETURN_IF_ERROR(melee_.ChargeRetiring(a.unit_id, before, /*after_resolve=*/false));
  return absl::OkStatus();
}

absl::Status BritishTurn::BritishStance(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const bool mounted_kind = u->kind == UnitKind::kCavalry ||
                            u->kind == UnitKind::kMountedInfantry ||
                            u->kind == UnitKind::kNativeHorse;
  if (!mounted_kind || (a.stance != Stance::kMounted && a.stance != Stance::kDismounted)) {
    return Precondition(path + ".stance",
                        "British stances in Ferree are MOUNTED and DISMOUNTED, for mounted troops "
                        "(the square is a resolve result)");
  }
  const std::string no = choices_.MayNotMove(*u);
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
      c_.Log(EventKind::kBritishAction, Side::kBritish, kSectionMove, "", "",
             absl::StrCat(NameOf(*u), a.stance == Stance::kMounted ? " mounts." : " dismounts."));
  e.why.rule.designed = true;
  e.unit_ids = {u->id};
  return absl::OkStatus();
}

absl::Status BritishTurn::BritishLimber(const Action& a, const std::string& path) {
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
    return Precondition(path + ".kind", absl::StrCat(u->id.str(), " is already ",
                                                     limber ? "limbered" : "unlimbered"));
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
  if (c_.Explain()) {
    Event& e = c_.Log(EventKind::kBritishAction, Side::kBritish, kSectionSpecialBritishMoves,
                      kTableArtilleryMovement, "",
                      absl::StrCat(NameOf(*u), limber ? " limbers." : " unlimbers."));
    e.unit_ids = {u->id};
  }
  return absl::OkStatus();
}

absl::Status BritishTurn::BritishFire(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const std::string no = choices_.MayNotFire(*u);
  if (!no.empty()) return Precondition(path, absl::StrCat(u->id.str(), " may not fire: ", no));
  if (a.target_id.empty()) return Bad(path + ".target_id", "is required");
  Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr) {
    return Bad(path + ".target_id",
               absl::StrCat("no unit '", a.target_id.str(), "' on the table state"));
  }
  if (t->side != Side::kZulu ||
      (t->kind != UnitKind::kTray && t->kind != UnitKind::kInduna &&
       t->kind != UnitKind::kSniper) ||
      !Alive(*t)) {
    return Precondition(path + ".target_id",
                        absl::StrCat("'", a.target_id.str(),
                                     "' is not a Zulu tray, induna or sniper on the table"));
  }
  const double range = Gap(*u, *t);
  const bool artillery = IsArtillery(*u);
  if (range > (artillery ? kArtilleryRange : kRifleRange)) {
    return Precondition(
        path + ".target_id",
        absl::StrCat(a.target_id.str(), " is ", Inches(range), " away: out of range (",
                     artillery ? "48\" for artillery" : "24\" for rifles", ")"));
  }
  if (!Field::Sight(field_, u->position).Clear(t->position)) {
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
  // Buffers the thread keeps (a fire step allocates nothing once warm).
  thread_local std::vector<Shooter> shooters, rifles;
  shooters.clear();
  rifles.clear();
  const int officers = artillery ? 0 : std::min(u->leaders, u->figures.fit);
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
  const bool cover = t->kind == UnitKind::kTray && field_.InCover(*t, *u);
  Explanation all;
  const bool explain = c_.Explain();
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
  if (explain) {
    all.rule.source = kSource;
    if (all.rule.section.empty()) {
      all.rule.section = kSectionBritishShooting;
      all.rule.table = kTableBritishFiring;
    }
  }
  // Record what the rally chart reads: "the number of British figures that
  // have fired at the tray since its last turn" (a crewman counts as 2).
  MutableUnitOf(s_, *t).figures_fired_at += figures_fired * ShotsPerFigure(firer);
  if (artillery) MutableUnitOf(s_, *t).under_artillery = true;
  std::string effect;
  const SharedString tid = t->id;
  if (t->kind == UnitKind::kInduna) {
    Explanation eff;
    if (hits > 0) {
      c_.EffectsOfHits(*t, hits, "British fire", &eff);
      all.dice.insert(all.dice.end(), eff.dice.begin(), eff.dice.end());
      if (explain) effect = " " + eff.text;
    }
  } else {
    const int removed = std::min(hits, t->figures.fit);
    c_.RemoveZuluFigures(*t, hits);
    if (explain) effect = absl::StrCat(" ", removed, " Zulu figure(s) removed from ", tid.str(), ".");
  }
  u = s_.FindUnit(a.unit_id);
  u->status.fired = true;
  Own(s_).segment |= kSegFired;
  if (explain) {
    all.text = absl::StrCat(NameOf(*u), " fires at ", tid.str(), " at ", Inches(range),
                            cover ? " (in cover)" : "", ": ", figures_fired, " figure(s), ", shots,
                            " shot(s), ", hits, " hit(s).", effect);
    Event& e = c_.LogWhy(EventKind::kFired, Side::kBritish, all);
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
      u->status.ammunition = OutOfAmmunition(dice_, c_.WhyFor(why));
      if (!explain) return absl::OkStatus();
      why.text += absl::StrCat(" ", NameOf(*u),
                               u->status.ammunition == Ammunition::kOut ? " is out of ammunition."
                                                                        : " is low on ammunition.");
      Event& o = c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
      o.unit_ids = {u->id};
    }
  }
  return absl::OkStatus();
}

absl::Status BritishTurn::BritishSendRunner(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  const std::string no = choices_.MayNotSendRunner(*u);
  if (!no.empty())
    return Precondition(path, absl::StrCat(u->id.str(), " may not send a runner: ", no));
  Unit runner;
  // The texts composed in the thread's kept one and held pooled: a runner
  // sent before (in an earlier game or world) costs no allocation.
  thread_local std::string text;
  text.assign(u->id.str());
  text += "-runner";
  runner.id = s_.NewUnitId(text);
  text.assign("runner of ");
  text += u->name.empty() ? u->id.str() : u->name.str();
  runner.name = SharedString(std::string_view(text));
  runner.side = Side::kBritish;
  runner.kind = UnitKind::kRunner;
  runner.parent = u->id;
  runner.figures.fit = 1;
  runner.position = u->position;
  SharedString wagon;
  if (const Unit* w = RunnerWagon(runner)) wagon = w->id;
  u->figures.fit -= 1;
  u->status.runner_out = true;
  const SharedString rid = runner.id;
  const SharedString uid = u->id;
  s_.units.push_back(std::move(runner));
  AddedUnit(s_);
  MutableUnitOf(s_, s_.units.back()).wagon_id = wagon;
  {
    // Designed: he sets off from beside his company, on free ground on the
    // side nearest his wagon.
    Unit& rn = s_.units.back();
    const Unit* c = s_.FindUnit(uid);
    const Unit* w = WagonNamed(s_, UnitOf(s_, rn).wagon_id);
    Vec2 spot;
    if (c != nullptr) {
      // FreeSpot tries at most eight rings a footprint apart out from the
      // first: the units that could bar them are gathered in one pass over
      // the units (a CandidateScope reaching that far from the company),
      // instead of bringing the footprint index up to date.
      const double first = Radius(*c) + Radius(rn) + kContactGap / 2;
      const double outermost = first + 8 * (2 * Radius(rn) + 0.1);
      const Vec2 at[] = {c->position};
      const Field::CandidateScope scope(field_, at, outermost);
      if (field_.FreeSpot(rn, c->position, first, w != nullptr ? w->position : CampCentre(s_),
                          /*may_contact=*/false, {}, &spot)) {
        rn.position = spot;
      }
    }
  }
  Own(s_).segment |= kSegRunner;
  if (c_.Explain()) {
    Event& e =
        c_.Log(EventKind::kBritishAction, Side::kBritish, kSectionAmmunition, kTableAmmunition, "",
               absl::StrCat(uid.str(), " sends ", rid.str(), " back for ammunition."));
    e.unit_ids = {uid, rid};
  }
  // "If the unit did not move in the turn, the runner may be moved after the
  // unit shoots, otherwise, the runner must wait until the next turn."
  if (!(Own(s_).segment & kSegMoved)) IMPI_RETURN_IF_ERROR(MoveRunner(rid));
  return absl::OkStatus();
}

absl::Status BritishTurn::BritishCharge(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (!IsCompany(*u)) return Precondition(path + ".kind", "only companies charge");
  if (u->off_table) return Precondition(path, absl::StrCat(u->id.str(), " has left the table"));
  if (Own(s_).segment & kSegFought) {
    return Precondition(path, absl::StrCat(u->id.str(), " has already fought"));
  }
  if (u->status.retiring || u->status.routed) {
    return Precondition(
        path, absl::StrCat(u->id.str(), " is retiring or retreating: it does not charge"));
  }
  if (a.target_id.empty()) return Bad(path + ".target_id", "is required");
  Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr) {
    return Bad(path + ".target_id",
               absl::StrCat("no unit '", a.target_id.str(), "' on the table state"));
  }
  if (!CloseCombatTarget(*t)) {
    return Precondition(path + ".target_id",
                        absl::StrCat("'", a.target_id.str(),
                                     "' is not a Zulu tray, induna or sniper on the table"));
  }
  auto engaged = [&](const Unit& b, const Unit& z) { return field_.Engaged(z, b); };
  bool out_of_donga = false;
  if (!engaged(*u, *t)) {
    const std::string no = choices_.MayNotMove(*u);
    if (!no.empty()) {
      return Precondition(path, absl::StrCat(u->id.str(), " is not in contact with ", t->id.str(),
                                             " and may not move: ", no));
    }
    Explanation why;
    const double allowance = BritishAllowance(*u, c_.WhyFor(why));
    const Vec2 before = u->position;
    const std::vector<Vec2>& walked =
        c_.MoveUnit(*u, t->position, allowance, Radius(*u) + Radius(*t) + kContactGap / 2,
                    kContactGap / 2, false);
    u = s_.FindUnit(a.unit_id);
    t = s_.FindUnit(a.target_id);
    Own(s_).segment |= kSegMoved;
    const bool reached = engaged(*u, *t);
    out_of_donga = field_.InDonga(before) && !field_.InDonga(u->position);
    if (c_.Explain()) {
      why.text = absl::StrCat(why.text, " ", NameOf(*u), " charges ", t->id.str(),
                              reached ? " and makes contact." : " but falls short.");
      Event& e = c_.LogWhy(EventKind::kBritishAction, Side::kBritish, why);
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
  return melee_.CloseCombatFight(a.target_id, a.unit_id, false, out_of_donga, "the British charge");
}

}  // namespace impi::ferree
