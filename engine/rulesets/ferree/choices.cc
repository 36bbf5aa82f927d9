// engine/rulesets/ferree/choices.cc: the legal options of every decision, and what
// the engine awaits.
#include "engine/rulesets/ferree/choices.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <limits>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"
#include "engine/rulesets/ferree/wording.h"

namespace impi::ferree {
namespace {

// Sorts `v` by `first`, ties kept in their order (std::stable_sort's
// order), without the buffer stable_sort asks for: the lists here are a few
// entries.
template <typename List>
void StableSortByFirst(List& v) {
  for (size_t i = 1; i < v.size(); ++i) {
    const auto x = v[i];
    size_t j = i;
    for (; j > 0 && x.first < v[j - 1].first; --j) v[j] = v[j - 1];
    v[j] = x;
  }
}

// The regiments an induna may go to or order: those whose counter is in the
// cup and that have not acted, not been ordered and are not broken, in unit
// order.
absl::InlinedVector<const Unit*, 16> WaitingRegiments(const BattleState& s) {
  const auto& cup = Own(s).chits_left;
  absl::InlinedVector<const Unit*, 16> out;
  ForEachRegiment(s, [&](const Unit& r) {
    if (r.status.acted || r.status.ordered || r.status.broken) return;
    if (std::find(cup.begin(), cup.end(), r.id) == cup.end()) return;
    out.push_back(&r);
  });
  return out;
}

// fn(k, tray) for each tray of waiting[k] (TraysOf's, in unit order), in
// one pass over the units. A tray's regiment is found among the few waiting
// by its id (ids are unique, and pooled ids compare by address); a
// regiment's trays usually stand together in the units, so it is looked for
// once for each run of them.
template <typename Fn>
void ForWaitingTrays(const BattleState& s, absl::Span<const Unit* const> waiting, Fn fn) {
  if (waiting.empty()) return;
  // Each regiment's own trays, in unit order (fn reads each regiment's
  // apart from the others').
  if (const Roster* ro = RosterOf(s)) {
    for (size_t k = 0; k < waiting.size(); ++k) {
      const size_t h = static_cast<size_t>(waiting[k] - s.units.data());
      for (int j = ro->first_tray[h]; j < ro->first_tray[h + 1]; ++j) {
        fn(k, s.units[static_cast<size_t>(ro->tray_of[static_cast<size_t>(j)])]);
      }
    }
    return;
  }
  const SharedString* last_parent = nullptr;
  int last = -1;
  for (const Unit& t : s.units) {
    if (t.kind != UnitKind::kTray) continue;
    if (last_parent == nullptr || t.parent != *last_parent) {
      last_parent = &t.parent;
      last = -1;
      for (size_t k = 0; k < waiting.size(); ++k) {
        if (waiting[k]->id == t.parent) last = static_cast<int>(k);
      }
    }
    if (last >= 0) fn(static_cast<size_t>(last), t);
  }
}

// A bar to what a unit would do: sets *why to `text` (when asked) and
// answers false.
bool Barred(std::string* why, absl::string_view text) {
  if (why != nullptr) why->assign(text.data(), text.size());
  return false;
}

// Whether `u` may move now, the British segment being `seg`; if not, and
// `why` is given, why not (Choices::MayNotMove).
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
// `why` is given, why not (Choices::MayNotFire).
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
// (Choices::MayNotSendRunner).
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
      *why = absl::StrCat("it has fired ", u.status.turns_fired, " turn(s); a runner may go after ",
                          a.turns_before_resupply);
    }
    return false;
  }
  if (!wagon) return Barred(why, "there is no supply wagon on the table");
  if (u.figures.fit - std::min(u.leaders, u.figures.fit) < 1) {
    return Barred(why, "it has no unwounded man to send");
  }
  return true;
}

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
  // The furthest a vertex lies from p: no point inside is further (the
  // distance from p is greatest over the outline's hull at a vertex).
  double Reach(const Vec2& p) const {
    double most = 0;
    for (const Vec2& v : *outline_) most = std::max(most, Distance(p, v));
    return most;
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
  // No point further than this from p is contained (BoxedOutline::Reach).
  double Reach(const Vec2& p) const {
    double most = 0;
    for (const BoxedOutline& o : outlines_) most = std::max(most, o.Reach(p));
    return most;
  }

 private:
  absl::InlinedVector<BoxedOutline, 2> outlines_;
};

// Designed: a deployment candidate stands this far inside the allowed band.
constexpr double kBandSlack = 0.25;

}  // namespace

Choices::Choices(const BattleState& state, const Field& field) : s_(state), field_(field) {}

ChoiceInfo InfoOf(ZuluChoice c) {
  switch (c) {
    case ZuluChoice::kPlan:
      return {kSectionPlan, "The Zulu plan", EventKind::kNothing, true};
    case ZuluChoice::kRegimentMove:
      return {kSectionMove, "Where the regiment goes", EventKind::kTargetChosen, false};
    case ZuluChoice::kSniperTarget:
      return {kSectionSnipers, "The sniper's target", EventKind::kTargetChosen, false};
    case ZuluChoice::kIndunaMove:
      return {kSectionMove, "Where the induna goes", EventKind::kTargetChosen, false};
    case ZuluChoice::kIndunaOrder:
      return {kSectionMove, "The induna's order", EventKind::kTargetChosen, false};
    case ZuluChoice::kChargeRetiring:
      return {kSectionChargeRetiring, "Charging a retiring unit", EventKind::kNothing, false};
    default:
      return {"", "", EventKind::kNothing, true};
  }
}

std::string Choices::Describe(const Action& a) const {
  auto name = [&](const std::string& id) {
    const Unit* u = s_.FindUnit(id);
    return u == nullptr ? id : NameOf(*u);
  };
  switch (a.kind) {
    case ActionKind::kOffBoard:
      return absl::StrCat(name(a.unit_id), " goes off-board to enter at point ", a.point);
    case ActionKind::kEndDeployment:
      return "end the plan or deployment";
    case ActionKind::kMove:
      if (!a.target_id.empty()) {
        return absl::StrCat(name(a.unit_id), " moves towards ", name(a.target_id),
                            a.stance == Stance::kProne ? ", ending prone" : "");
      }
      return absl::StrFormat("%s moves towards (%.1f, %.1f)%s", name(a.unit_id), a.to.x(), a.to.y(),
                             a.stance == Stance::kProne ? ", ending prone" : "");
    case ActionKind::kStance:
      return absl::StrCat(name(a.unit_id),
                          a.stance == Stance::kProne ? " goes prone" : " stands up");
    case ActionKind::kOrder:
      return absl::StrCat(name(a.unit_id), " orders ", name(a.target_id), " to act now");
    case ActionKind::kFire:
      return absl::StrCat(name(a.unit_id), " fires at ", name(a.target_id));
    case ActionKind::kCharge:
      return absl::StrCat(name(a.unit_id), " tests to charge ", name(a.target_id));
    case ActionKind::kPass:
      return absl::StrCat(a.unit_id.empty() ? "nothing" : name(a.unit_id),
                          a.unit_id.empty() ? "" : " holds");
    default:
      return ActionKindName(a.kind);
  }
}

std::shared_ptr<std::vector<Action>> KeptOptions() {
  constexpr size_t kKept = 8;
  thread_local std::vector<std::shared_ptr<std::vector<Action>>> kept;
  thread_local size_t next = 0;
  for (size_t k = 0; k < kept.size(); ++k) {
    const size_t i = (next + k) % kept.size();
    // Held by this list alone: no state holds it, nor can one come to (only
    // this thread hands it out). The fence orders the last holder's reads
    // before the list is filled again.
    if (kept[i].use_count() == 1) {
      std::atomic_thread_fence(std::memory_order_acquire);
      next = i + 1;
      kept[i]->clear();
      return kept[i];
    }
  }
  auto list = std::make_shared<std::vector<Action>>();
  // Room for the longest list a Zulu decision offers (a sniper's targets,
  // a regiment's moves), whichever decision the list comes to serve.
  constexpr size_t kRoom = 64;
  list->reserve(kRoom);
  if (kept.size() < kKept) {
    if (kept.capacity() < kKept) kept.reserve(kKept);
    kept.push_back(list);
  }
  return list;
}

void Choices::ChargeRetiringOptions(const SharedString& tray_id, const SharedString& british_id,
                                    std::vector<Action>* list) {
  list->clear();
  Action test;
  test.kind = ActionKind::kCharge;
  test.unit_id = tray_id;
  test.target_id = british_id;
  list->push_back(test);
  Action stay;
  stay.kind = ActionKind::kPass;
  stay.unit_id = tray_id;
  list->push_back(stay);
}

std::vector<Action> Choices::PendingOptions() const {
  const PendingChoice& p = Pending(s_);
  if (p.listed != nullptr) return *p.listed;
  switch (p.choice) {
    case ZuluChoice::kPlan:
      return PlanOptions();
    case ZuluChoice::kRegimentMove:
      return RegimentMoveOptions(p.unit_id);
    case ZuluChoice::kSniperTarget:
      return SniperOptions(p.unit_id);
    case ZuluChoice::kIndunaMove:
      return IndunaMoveOptions(p.unit_id);
    case ZuluChoice::kIndunaOrder:
      return OrderOptions(p.unit_id);
    case ZuluChoice::kChargeRetiring: {
      std::vector<Action> out;
      ChargeRetiringOptions(p.unit_id, p.british_id, &out);
      return out;
    }
    default:
      return {};
  }
}

const Unit* Choices::ActiveBritishIn(const BattleState& s) {
  const Clock& c = s.clock;
  if (c.phase != Phase::kActivation || (Own(s).segment & kSegActive) == 0 ||
      Own(s).chits_left.empty()) {
    return nullptr;
  }
  return s.FindUnit(Own(s).chits_left[0]);
}

const Unit* Choices::ActiveBritish() const { return ActiveBritishIn(s_); }

Awaiting Choices::Awaits(bool describe_options, bool prompt) const {
  return AwaitsIn(s_, this, describe_options, prompt);
}

Awaiting Choices::AwaitsIn(const BattleState& s, const Choices* choices, bool describe_options,
                           bool prompt) {
  Awaiting a;
  const Clock& c = s.clock;
  const bool fighting = c.phase == Phase::kActivation;
  if (c.phase == Phase::kGameOver || (fighting && (NoBritishLeft(s) || AllRegimentsBroken(s)))) {
    a.kind = AwaitKind::kGameOver;
    if (!prompt) return a;
    if (NoBritishLeft(s)) {
      a.prompt = "The game is over: no British figure is left on the table. The Zulus win.";
    } else if (AllRegimentsBroken(s)) {
      a.prompt = "The game is over: every Zulu regiment is broken. The British win.";
    } else {
      a.prompt = "The game is over.";
    }
    return a;
  }
  if (const PendingChoice& p = Pending(s); p.choice != ZuluChoice::kNone) {
    a.side = Side::kZulu;
    a.kind = AwaitKind::kZuluDecision;
    if (!prompt) return a;
    if (!p.unit_id.empty()) a.unit_ids = {p.unit_id};
    const Unit* u = s.FindUnit(p.unit_id);
    a.prompt =
        absl::StrCat(InfoOf(p.choice).what, u != nullptr ? absl::StrCat(" (", NameOf(*u), ")") : "",
                     ": the Zulu side chooses one of its legal actions.");
    return a;
  }
  if (BritishDeploying(s)) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishMove;
    if (!prompt) return a;
    for (const Unit& u : s.units) {
      if (u.side == Side::kBritish && !u.off_table) a.unit_ids.push_back(u.id);
    }
    std::string rule;
    switch (Own(s).situation.deployment) {
      case Deployment::kHistorical:
        rule = " Deploy historically (at least 15\" from camp).";
        break;
      case Deployment::kPulledIn:
        rule = " Troops pulled in, deploy at least 7\" from camp.";
        break;
      case Deployment::kHalfFortified:
        rule = " Up to half of the troops may be in the fortified position.";
        break;
      case Deployment::kAllFortified:
        rule = " All troops may be in the fortified position.";
        break;
      default:
        break;
    }
    a.prompt = absl::StrCat(
        "Deployment: the British deploy their troops (DEPLOY unit_id to), then "
        "END_DEPLOYMENT.",
        rule);
    return a;
  }
  if (const Unit* u = ActiveBritishIn(s)) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishMove;
    if (!prompt) return a;
    a.unit_ids = {u->id};
    std::vector<std::string> can;
    if (describe_options && choices != nullptr) {
      for (const Action& o : choices->BritishOptions()) {
        std::string k = ActionKindName(o.kind);
        if (std::find(can.begin(), can.end(), k) == can.end()) can.push_back(k);
      }
    }
    std::string state;
    if (u->status.surrounded) {
      state =
          IsNative(*u) ? " It is surrounded: it huddles." : " It is surrounded: it forms square.";
    } else if (u->status.routed) {
      state = " It is retreating.";
    } else if (u->status.retiring) {
      state = " It is retiring.";
    }
    a.prompt = absl::StrCat("Turn ", c.turn, ": ", NameOf(*u), " is active.", state,
                            can.empty() ? "" : " Its options: ", absl::StrJoin(can, ", "),
                            " (the engine rolls movement and every shot); PASS ends its turn.");
    return a;
  }
  a.side = Side::kZulu;
  a.kind = AwaitKind::kUmpire;
  if (prompt) a.prompt = "The umpire plays the Zulu side next.";
  return a;
}

void Choices::PlanOptions(std::vector<Action>* list) const {
  std::vector<Action>& out = *list;
  out.clear();
  absl::InlinedVector<int, 2> points;
  for (int p : {1, 2}) {
    if (s_.FindPoint(PointKind::kEntry, p) != nullptr) points.push_back(p);
  }
  int right_horn_off = 0;
  for (const SecretEntry& e : Own(s_).secret_entries) {
    if (DivisionOf(s_, e.unit_id) == kRightHornDivision) ++right_horn_off;
  }
  // Whether a regiment already has a secret entry (it is off-board).
  auto off = [&](const Unit& u) {
    for (const SecretEntry& e : Own(s_).secret_entries) {
      if (e.unit_id == u.id) return true;
    }
    return false;
  };
  for (const Unit& u : s_.units) {
    if (u.kind != UnitKind::kRegiment || off(u) || u.status.broken) continue;
    const int d = UnitOf(s_, u).division;
    // "up to two regiments from the right horn and all of the regiments of
    // the loins".
    if (d == kLoinsDivision ||
        (d == kRightHornDivision && right_horn_off < kMaxRightHornOffBoard)) {
      bool on = false;
      for (const Unit* t : TraysOf(s_, u.id)) on |= !t->off_table && t->figures.fit > 0;
      if (!on) continue;
      for (int p : points) {
        Action a;
        a.kind = ActionKind::kOffBoard;
        a.unit_id = u.id;
        a.point = p;
        a.off_table = true;
        out.push_back(a);
      }
    }
  }
  Action end;
  end.kind = ActionKind::kEndDeployment;
  out.push_back(end);
}

std::vector<Action> Choices::PlanOptions() const {
  std::vector<Action> out;
  PlanOptions(&out);
  return out;
}

int Choices::PublicCupCount() const {
  int n = 0;
  for (const SharedString& id : Own(s_).chits_left) {
    bool secret = false;
    for (const SecretEntry& e : Own(s_).secret_entries) secret |= e.unit_id == id;
    n += secret ? 0 : 1;
  }
  return n;
}

void Choices::RegimentMoveOptions(const SharedString& regiment_id, std::vector<Action>* list) const {
  RegimentMoveOptions(regiment_id, TraysOf(s_, regiment_id), list);
}

void Choices::RegimentMoveOptions(const SharedString& regiment_id, const TrayList& trays,
                                  std::vector<Action>* list) const {
  std::vector<Action>& out = *list;
  out.clear();
  out.reserve(6);  // the most there can be: one allocation
  Action hold;
  hold.kind = ActionKind::kPass;
  hold.unit_id = regiment_id;
  Vec2 centre = Vec2::Zero();
  int n = 0;
  bool upright = false, prone = false;
  const auto british = BritishNearTrays(s_, trays);
  for (const Unit* t : trays) {
    if (!Alive(*t) || t->status.pinned) continue;
    if (InContactWithAny(s_, *t, british)) continue;
    centre += t->position;
    ++n;
    (t->stance == Stance::kProne ? prone : upright) = true;
  }
  if (n == 0) {
    out.assign(1, hold);
    return;
  }
  centre /= n;
  if (const Unit* b = field_.NearestBritish(centre)) {
    Action m;
    m.kind = ActionKind::kMove;
    m.unit_id = regiment_id;
    m.target_id = b->id;
    m.to = b->position;
    m.stance = Stance::kUpright;
    out.push_back(m);
    m.stance = Stance::kProne;
    out.push_back(m);
  }
  const Vec2 camp = CampCentre(s_);
  if (Distance(centre, camp) > 3.0) {
    Action m;
    m.kind = ActionKind::kMove;
    m.unit_id = regiment_id;
    m.to = camp;
    m.stance = Stance::kUpright;
    out.push_back(m);
  }
  if (upright) {
    Action st;
    st.kind = ActionKind::kStance;
    st.unit_id = regiment_id;
    st.stance = Stance::kProne;
    out.push_back(st);
  }
  if (prone) {
    Action st;
    st.kind = ActionKind::kStance;
    st.unit_id = regiment_id;
    st.stance = Stance::kUpright;
    out.push_back(st);
  }
  out.push_back(hold);
}

std::vector<Action> Choices::RegimentMoveOptions(const SharedString& regiment_id) const {
  std::vector<Action> out;
  RegimentMoveOptions(regiment_id, &out);
  return out;
}

void Choices::SniperOptions(const SharedString& sniper_id, std::vector<Action>* list) const {
  std::vector<Action>& out = *list;
  out.clear();
  const Unit* sn = s_.FindUnit(sniper_id);
  if (sn == nullptr || !Alive(*sn)) return;
  // "He must be able to trace a line from the firing figure to the target
  // figure without crossing a Zulu unit or intervening terrain."
  // Only a tray near enough to the sniper to touch a line to a target in
  // range can block one (with an inch to spare): the others are left out.
  // The trays are gathered only when a target in range has a line clear of
  // the terrain: most snipers have none.
  const double reach = kSniperRange + Radius(*sn) + kCompanyRadius + kTrayRadius + 1.0;
  // The trays' centres (each a disc of kTrayRadius: a line is clear of
  // them as BlockerSet::Clear would say), kept between calls on a thread.
  thread_local std::vector<Vec2> trays;
  trays.clear();
  bool trays_gathered = false;
  auto gather_trays = [&] {
    trays_gathered = true;
    ForEachTray(s_, [&](const Unit& z) {
      if (Alive(z) && Gap(z, *sn) > kContactGap && Distance(z.position, sn->position) <= reach) {
        trays.push_back(z.position);
      }
    });
  };
  auto clear_of_trays = [&](const Vec2& to) {
    // A disc further from the box round the line, on an axis, than its
    // radius (with a margin far above rounding) is clear of it.
    const double m = kTrayRadius + 1e-6;
    const Vec2 lo = sn->position.cwiseMin(to) - Vec2(m, m);
    const Vec2 hi = sn->position.cwiseMax(to) + Vec2(m, m);
    for (const Vec2& c : trays) {
      if (c.x() < lo.x() || c.x() > hi.x() || c.y() < lo.y() || c.y() > hi.y()) continue;
      if (SegmentHitsDisc(sn->position, to, c, kTrayRadius)) return false;
    }
    return true;
  };
  thread_local std::vector<std::pair<double, const Unit*>> targets;
  targets.clear();
  const Field::Sight terrain_from(field_, sn->position);
  ForEachBritish(s_, [&](const Unit& b) {
    if (!Alive(b) || b.figures.fit + b.figures.wounded <= 0) return;
    const double d = Gap(*sn, b);
    if (d > kSniperRange) return;
    if (!terrain_from.Clear(b.position)) return;
    if (!trays_gathered) gather_trays();
    if (!clear_of_trays(b.position)) return;
    targets.push_back({d, &b});
  });
  StableSortByFirst(targets);
  for (const auto& [d, b] : targets) {
    Action f;
    f.kind = ActionKind::kFire;
    f.unit_id = sniper_id;
    f.target_id = b->id;
    out.push_back(f);
  }
  Action pass;
  pass.kind = ActionKind::kPass;
  pass.unit_id = sniper_id;
  out.push_back(pass);
}

std::vector<Action> Choices::SniperOptions(const SharedString& sniper_id) const {
  std::vector<Action> out;
  SniperOptions(sniper_id, &out);
  return out;
}

void Choices::IndunaMoveOptions(const SharedString& induna_id, std::vector<Action>* list) const {
  std::vector<Action>& out = *list;
  out.clear();
  const Unit* ind = s_.FindUnit(induna_id);
  Action hold;
  hold.kind = ActionKind::kPass;
  hold.unit_id = induna_id;
  if (ind == nullptr || !Alive(*ind) || ind->figures.fit + ind->figures.wounded <= 0) {
    out.assign(1, hold);
    return;
  }
  // Each waiting regiment's nearest tray, and how far it is (his own
  // regiment first); the actions are made for the three kept.
  const absl::InlinedVector<const Unit*, 16> waiting = WaitingRegiments(s_);
  // Each one's nearest living tray (the first of those as near) and its
  // distance from him.
  absl::InlinedVector<std::pair<const Unit*, double>, 16> nearest(waiting.size(), {nullptr, 0.0});
  ForWaitingTrays(s_, waiting, [&](size_t k, const Unit& t) {
    if (!Alive(t)) return;
    const double d = Distance(t.position, ind->position);
    if (nearest[k].first == nullptr || d < nearest[k].second) nearest[k] = {&t, d};
  });
  absl::InlinedVector<std::pair<double, const Unit*>, 16> cands;
  for (size_t k = 0; k < waiting.size(); ++k) {
    const Unit* t = nearest[k].first;
    if (t == nullptr || InContact(*ind, *t)) continue;
    double d = Distance(ind->position, t->position);
    if (waiting[k]->id == ind->parent) d = -1;  // his own regiment first
    cands.push_back({d, t});
  }
  StableSortByFirst(cands);
  for (size_t i = 0; i < cands.size() && i < 3; ++i) {
    Action m;
    m.kind = ActionKind::kMove;
    m.unit_id = induna_id;
    m.target_id = cands[i].second->id;
    m.to = cands[i].second->position;
    out.push_back(std::move(m));
  }
  out.push_back(hold);
}

std::vector<Action> Choices::IndunaMoveOptions(const SharedString& induna_id) const {
  std::vector<Action> out;
  IndunaMoveOptions(induna_id, &out);
  return out;
}

void Choices::OrderOptions(const SharedString& induna_id, std::vector<Action>* list) const {
  std::vector<Action>& out = *list;
  out.clear();
  const Unit* ind = s_.FindUnit(induna_id);
  if (ind != nullptr && Alive(*ind) && ind->figures.fit + ind->figures.wounded > 0) {
    // Induna Rules: "If he ends his turn in contact with a unit that has
    // not acted, he may order it to move."
    // Most indunas touch no tray: the waiting regiments are listed only if
    // one does. A tray whose centre is further from his on an axis than both
    // radii and the contact gap (with a margin far above rounding) is not in
    // contact.
    const double reach = Radius(*ind) + kTrayRadius + kContactGap + 1e-6;
    bool touches = false;
    ForEachTray(s_, [&](const Unit& t) {
      if (touches || std::abs(t.position.x() - ind->position.x()) > reach ||
          std::abs(t.position.y() - ind->position.y()) > reach) {
        return;
      }
      touches = Alive(t) && InContact(*ind, t);
    });
    if (touches) {
      const absl::InlinedVector<const Unit*, 16> waiting = WaitingRegiments(s_);
      absl::InlinedVector<bool, 16> contact(waiting.size(), false);
      ForWaitingTrays(s_, waiting, [&](size_t k, const Unit& t) {
        if (!contact[k]) contact[k] = Alive(t) && InContact(*ind, t);
      });
      for (size_t k = 0; k < waiting.size(); ++k) {
        if (!contact[k]) continue;
        Action o;
        o.kind = ActionKind::kOrder;
        o.unit_id = induna_id;
        o.target_id = waiting[k]->id;
        out.push_back(o);
      }
    }
  }
  Action pass;
  pass.kind = ActionKind::kPass;
  pass.unit_id = induna_id;
  out.push_back(pass);
}

std::vector<Action> Choices::OrderOptions(const SharedString& induna_id) const {
  std::vector<Action> out;
  OrderOptions(induna_id, &out);
  return out;
}

std::string Choices::MayNotMove(const Unit& u) const {
  std::string why;
  MayMove(u, Own(s_).segment, &why);
  return why;
}

std::string Choices::MayNotFire(const Unit& u) const {
  std::string why;
  MayFire(u, Own(s_).segment, &why);
  return why;
}

std::string Choices::MayNotSendRunner(const Unit& u) const {
  bool runner_out = false, wagon = false;
  for (const Unit& o : s_.units) {
    runner_out |= o.kind == UnitKind::kRunner && o.parent == u.id && Alive(o);
    wagon |= o.kind == UnitKind::kWagon && !o.off_table;
  }
  std::string why;
  MaySendRunner(u, Own(s_).segment, runner_out, wagon, &why);
  return why;
}

void Choices::BritishOptions(bool first_only, std::vector<Action>* list) const {
  std::vector<Action>& out = *list;
  out.clear();
  if (BritishDeploying(s_)) {
    out = DeploymentOptions();
    Action end;
    end.kind = ActionKind::kEndDeployment;
    out.push_back(end);
    return;
  }
  const Unit* u = ActiveBritish();
  if (u == nullptr) return;
  const SharedString& id = u->id;
  if (u->off_table || u->figures.fit + u->figures.wounded <= 0) {
    Action pass;
    pass.kind = ActionKind::kPass;
    pass.unit_id = id;
    out.assign(1, pass);
    return;
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
      if (first_only) return;
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
      if (first_only) return;
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
  // On the stack for every tray a battle holds (a few score in range at
  // once): a warm step allocates none.
  absl::InlinedVector<const Unit*, 128> in_range;
  absl::InlinedVector<const Unit*, 16> engageable;
  bool runner_out = false, wagon = false;
  if (seek_tray || may_fire || may_charge || runner_possible) {
    // The squared reaches for fire and for engaging a unit of radius
    // reach_rt (the Zulu of one kind stand together in the units: worked
    // out again as the radius changes).
    double reach_rt = -1.0, fire_sq = 0.0, engage_sq = 0.0;
    // Neither fire nor a charge reaches a unit further than both reaches
    // for the largest Zulu footprint (a tray's: the reaches grow with the
    // radius): such a unit matters only as the nearest tray.
    const double fire_far = reach + kTrayRadius;
    const double engage_far = kTrayRadius + ru + kLaagerReach + kContactGap + 0.2 + 1e-6;
    const double far_sq = std::max(may_fire ? fire_far * fire_far : 0.0,
                                   may_charge ? engage_far * engage_far : 0.0);
    const Vec2 at = u->position;
    // The roster's Zulu figures (its runners and wagons apart), or those
    // of every unit, listed first.
    const Unit* const units = s_.units.data();
    absl::Span<const int> figures;
    absl::InlinedVector<int, 256> kept;
    auto runner = [&](const Unit& t) { runner_out |= t.parent == u->id && Alive(t); };
    if (const Roster* ro = RosterOf(s_)) {
      // (Whether any is: the first found ends each pass.)
      for (const int i : ro->runners) {
        runner(units[i]);
        if (runner_out) break;
      }
      for (const int i : ro->wagons) {
        if (!units[i].off_table) {
          wagon = true;
          break;
        }
      }
      figures = ro->zulu_figures;
    } else {
      for (size_t i = 0; i < s_.units.size(); ++i) {
        const Unit& t = units[i];
        const UnitKind kind = t.kind;
        if (kind == UnitKind::kTray || kind == UnitKind::kInduna || kind == UnitKind::kSniper) {
          kept.push_back(static_cast<int>(i));
        } else if (kind == UnitKind::kRunner) {
          runner(t);
        } else if (kind == UnitKind::kWagon) {
          wagon |= !t.off_table;
        }
      }
      figures = kept;
    }
    // A unit beyond both reaches matters only as a tray nearer than the
    // nearest so far: one further than that is passed over before its kind
    // and figures are read. `skip_sq` is that distance squared (beyond
    // far_sq, and beyond the nearest tray's reach once there is one):
    // d2 > skip_sq is far_sq < d2 and, seeking a tray, r * r < d2 for the
    // nearest so far.
    const double kNoTray = std::numeric_limits<double>::infinity();
    auto skip_beyond = [&] {
      if (!seek_tray) return far_sq;
      const double r = near_gap + radii;
      return std::max(far_sq, near != nullptr ? r * r : kNoTray);
    };
    double skip_sq = skip_beyond();
    for (const int i : figures) {
      const Unit& t = units[i];
      const double d2 = (t.position - at).squaredNorm();
      if (d2 > skip_sq) continue;
      const bool far = d2 > far_sq;
      const bool tray = t.kind == UnitKind::kTray;
      // Alive(t) of a tray is whether it is on the table with fit figures.
      if (tray ? (t.off_table || t.figures.fit <= 0) : !Alive(t)) continue;
      if (far && !tray) continue;
      // Radius(t): a tray's, or an induna's or a sniper's single figure.
      const double rt = tray ? kTrayRadius : kFigureRadius;
      // Gap(*u, t), worked out from d2 when first needed.
      double gap = -1.0;
      auto gap_to_t = [&] {
        if (gap < 0) gap = std::max(0.0, std::sqrt(d2) - ru - rt);
        return gap;
      };
      if (seek_tray && tray) {
        const double r = near_gap + radii;
        if (near == nullptr || !(d2 > r * r)) {
          if (near == nullptr || gap_to_t() < near_gap) {
            near = &t;
            near_gap = gap_to_t();
            skip_sq = skip_beyond();
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
    if (first_only) return;
  }
  if (!in_range.empty()) {
    const Field::Sight sight(field_, u->position);
    for (const Unit* t : in_range) {
      if (!sight.Clear(t->position)) continue;
      Action f = make(ActionKind::kFire);
      f.target_id = t->id;
      out.push_back(std::move(f));
      if (first_only) return;
    }
  }
  if (u->kind == UnitKind::kInfantry && !u->status.bayonets_fixed && !(seg & kSegFought)) {
    out.push_back(make(ActionKind::kFixBayonets));
    if (first_only) return;
  }
  if (IsArtillery(*u) && !(seg & kSegLimber) && !(seg & kSegFought) && !u->status.may_not_fire &&
      !(seg & kSegMoved)) {
    out.push_back(make(u->status.limbered ? ActionKind::kUnlimber : ActionKind::kLimber));
    if (first_only) return;
  }
  if (runner_possible && MaySendRunner(*u, seg, runner_out, wagon, nullptr)) {
    out.push_back(make(ActionKind::kSendRunner));
    if (first_only) return;
  }
  for (const Unit* t : engageable) {
    if (!field_.Engaged(*t, *u)) continue;
    Action ch = make(ActionKind::kCharge);
    ch.target_id = t->id;
    out.push_back(std::move(ch));
    if (first_only) return;
  }
  out.push_back(make(ActionKind::kPass));
}

std::vector<Action> Choices::BritishOptions(bool first_only) const {
  std::vector<Action> out;
  BritishOptions(first_only, &out);
  return out;
}

std::vector<Action> Choices::DeploymentOptions() const {
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
    // A spot that must be inside the fortified position is no further from
    // `want` than its furthest corner (with a margin far above rounding):
    // the rings beyond are not tried (`keeps` refuses every spot on them).
    const double reach = fortified ? forts.Reach(want) + 1e-3
                                   : std::numeric_limits<double>::infinity();
    Vec2 to;
    if (!field_.FreeSpot(u, want, 0.0, want, /*may_contact=*/false, {}, &to, keeps, reach)) return;
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

Choices::DeploymentBreach Choices::BreachOf(const Unit& u, const Vec2& to) const {
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

absl::Status Choices::CheckDeployment(const Unit& u, const Vec2& to,
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

}  // namespace impi::ferree
