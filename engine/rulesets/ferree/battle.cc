// FerreeBattle: the sequence of play (001_4c61f40cf0987cbf.txt, "Sequence Of
// Play" 1-8): the situation, the Zulu plan, deployment, the cup of movement
// counters, and the Zulu regiments' and indunas' turns.
#include <algorithm>
#include <cmath>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

constexpr int kMaxSteps = 200000;      // counters drawn in one call, a guard against a bug
constexpr int kMaxTurnsPerCall = 500;  // designed: turns with nothing for the British to do

std::string Inches(double d) { return absl::StrFormat("%.1f\"", d); }

std::string NameOf(const Unit& u) {
  return u.name.empty() ? u.id.str() : absl::StrCat(u.name.str(), " (", u.id.str(), ")");
}

// The regiments an induna may go to or order: those whose counter is in the
// cup and that have not acted, not been ordered and are not broken, in unit
// order.
absl::InlinedVector<const Unit*, 16> WaitingRegiments(const BattleState& s) {
  const auto& cup = Own(s).chits_left;
  absl::InlinedVector<const Unit*, 16> out;
  for (const Unit& r : s.units) {
    if (r.kind != UnitKind::kRegiment || r.status.acted || r.status.ordered || r.status.broken) {
      continue;
    }
    if (std::find(cup.begin(), cup.end(), r.id) == cup.end()) continue;
    out.push_back(&r);
  }
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

// The indices of the British units, in unit order: a Zulu tray's tests
// against "any British unit" read these few instead of every unit. Indices,
// not pointers: a fight between the tests may give the units new storage.
// (A side never changes; runners come and go only in the British turn.)
absl::InlinedVector<int, 48> BritishIndices(const BattleState& s) {
  absl::InlinedVector<int, 48> out;
  const Unit* const units = s.units.data();
  const size_t n = s.units.size();
  for (size_t i = 0; i < n; ++i) {
    if (units[i].side == Side::kBritish) out.push_back(static_cast<int>(i));
  }
  return out;
}

// Of `british` (BritishIndices), those that could be in contact or engaged
// with one of `trays`: a British unit further from the box round the trays'
// centres, on an axis, than both radii and the laager's reach (with a
// margin far above rounding) fails NearEnoughToEngage with every tray.
absl::InlinedVector<int, 48> BritishNearTrays(const BattleState& s, absl::Span<const int> british,
                                              absl::Span<const Unit* const> trays) {
  absl::InlinedVector<int, 48> out;
  if (trays.empty()) return out;
  Vec2 lo = trays[0]->position, hi = lo;
  double widest = 0;
  for (const Unit* t : trays) {
    lo = lo.cwiseMin(t->position);
    hi = hi.cwiseMax(t->position);
    widest = std::max(widest, Radius(*t));
  }
  for (const int j : british) {
    const Unit& b = s.units[j];
    const double reach = widest + Radius(b) + kLaagerReach + kContactGap + 0.2 + 1e-3;
    if (b.position.x() < lo.x() - reach || b.position.x() > hi.x() + reach ||
        b.position.y() < lo.y() - reach || b.position.y() > hi.y() + reach) {
      continue;
    }
    out.push_back(j);
  }
  return out;
}

void AppendDice(Explanation& to, const Explanation& from) {
  to.dice.insert(to.dice.end(), from.dice.begin(), from.dice.end());
}

// One Ground a thread for the battles that run on it, one after another (a
// battle nested in another makes its own).
thread_local std::unique_ptr<Ground> spare_ground;

}  // namespace

FerreeBattle::FerreeBattle(BattleState& state, Dice& dice, EventLog& log)
    : s_(state), dice_(dice), log_(log), ground_(std::move(spare_ground)) {
  if (ground_ == nullptr) ground_ = std::make_unique<Ground>();
}

FerreeBattle::~FerreeBattle() {
  if (spare_ground == nullptr) spare_ground = std::move(ground_);
}

Event& FerreeBattle::Scratch() {
  scratch_ = Event{};
  return scratch_;
}

Event& FerreeBattle::Log(EventKind kind, Side side, const std::string& section,
                         const std::string& table, const std::string& row,
                         const std::string& text) {
  if (!Explain()) return Scratch();
  Event& e = log_.Add(kind, side);
  e.why.rule = {kSource, section, table, row, false};
  e.why.text = text;
  e.announce = text;
  return e;
}

Event& FerreeBattle::LogWhy(EventKind kind, Side side, const Explanation& why) {
  if (!Explain()) return Scratch();
  Event& e = log_.Add(kind, side);
  e.why = why;
  e.announce = why.text;
  return e;
}

std::string FerreeBattle::Describe(const Action& a) const {
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

// ---------------------------------------------------------------------------
// Zulu decision nodes.

namespace {

// How each Zulu decision is logged: the section applied, what is decided,
// the event kind, and whether it is the umpire's secret.
struct ChoiceInfo {
  const char* section;
  const char* what;
  EventKind kind;
  bool umpire_only;
};

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

bool SameAction(const Action& a, const Action& b) {
  return a.kind == b.kind && a.unit_id == b.unit_id && a.target_id == b.target_id &&
         a.point == b.point && a.stance == b.stance && (a.to - b.to).norm() < 1e-6;
}

}  // namespace

bool FerreeBattle::Suspended() const { return Pending(s_).choice != ZuluChoice::kNone; }

void FerreeBattle::Suspend(PendingChoice pending) {
  MutableOwnState(s_).pending = std::move(pending);
}

void FerreeBattle::LogDecision(const std::vector<Action>& options, int idx, ZuluChoice c,
                               const std::string& why) {
  if (!Explain()) return;
  const ChoiceInfo info = InfoOf(c);
  const Action& a = options[idx];
  Event& e = log_.Add(info.kind, Side::kZulu);
  e.decision = true;
  e.umpire_only = info.umpire_only;
  if (!a.unit_id.empty()) e.unit_ids = {a.unit_id};
  e.target_id = a.target_id;
  e.why.rule = {kSource, info.section, "", "", false};
  e.why.text =
      absl::StrCat(info.what, ": ", Describe(a), options.size() == 1 ? " (the only choice)" : "",
                   why.empty() ? "" : absl::StrCat(" (", why, ")"), ".");
  if (!info.umpire_only) e.announce = e.why.text;
  for (size_t i = 0; i < options.size(); ++i) {
    if (static_cast<int>(i) != idx) e.alternatives.push_back({Describe(options[i]), "not chosen"});
  }
}

std::vector<Action> FerreeBattle::PendingOptions() const {
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
      Action test;
      test.kind = ActionKind::kCharge;
      test.unit_id = p.unit_id;
      test.target_id = p.british_id;
      Action stay;
      stay.kind = ActionKind::kPass;
      stay.unit_id = p.unit_id;
      return {test, stay};
    }
    default:
      return {};
  }
}

absl::Status FerreeBattle::ApplyZulu(const Action& a, const std::string& path,
                                     const std::string& why,
                                     const std::vector<Action>* pending_options) {
  if (!Suspended()) {
    const Awaiting aw = Awaits(/*describe_options=*/false);
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": no Zulu decision is awaited now (", aw.prompt, ")"));
  }
  std::vector<Action> listed;
  if (pending_options == nullptr) listed = PendingOptions();
  const std::vector<Action>& options = pending_options != nullptr ? *pending_options : listed;
  int idx = -1;
  for (size_t i = 0; i < options.size(); ++i) {
    if (SameAction(options[i], a)) idx = static_cast<int>(i);
  }
  if (idx < 0) {
    std::vector<std::string> legal;
    for (const Action& o : options) legal.push_back(Describe(o));
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": not one of the legal Zulu actions now (",
                     absl::StrJoin(legal, "; "), ")"));
  }
  PendingChoice p = Pending(s_);
  MutableOwnState(s_).pending = PendingChoice{};
  LogDecision(options, idx, p.choice, why);
  const Action choice = options[idx];
  switch (p.choice) {
    case ZuluChoice::kPlan:
      return PlanWith(choice);
    case ZuluChoice::kRegimentMove:
      IMPI_RETURN_IF_ERROR(RegimentMoveWith(p.unit_id, choice));
      return AfterRegimentMove(p.unit_id);
    case ZuluChoice::kSniperTarget:
      left_donga_ = p.left_donga;
      IMPI_RETURN_IF_ERROR(SniperWith(choice));
      return FinishRegiment(p.regiment_id);
    case ZuluChoice::kIndunaMove:
      IMPI_RETURN_IF_ERROR(IndunaMoveWith(p.unit_id, choice));
      return IndunaOrders(p.unit_id);
    case ZuluChoice::kIndunaOrder:
      if (choice.kind != ActionKind::kOrder) return absl::OkStatus();
      // "The unit will then take its turn before the next counter is drawn.
      // When the unit's counter comes up, skip its turn".
      return ActivateRegiment(choice.target_id, p.unit_id);
    case ZuluChoice::kChargeRetiring:
      if (choice.kind == ActionKind::kCharge) {
        IMPI_RETURN_IF_ERROR(ChargeRetiringTest(p.unit_id, p.british_id, nullptr));
      }
      return ChargeRetiringNext(p.british_id, std::move(p.queue), p.after_resolve);
    default:
      return absl::InternalError("unknown Zulu decision");
  }
}

// ---------------------------------------------------------------------------
// What is awaited, and the main loop.

const Unit* FerreeBattle::ActiveBritishIn(const BattleState& s) {
  const Clock& c = s.clock;
  if (c.phase != Phase::kActivation || (Own(s).segment & kSegActive) == 0 || Own(s).chits_left.empty()) {
    return nullptr;
  }
  return s.FindUnit(Own(s).chits_left[0]);
}

const Unit* FerreeBattle::ActiveBritish() const { return ActiveBritishIn(s_); }

Awaiting FerreeBattle::Awaits(bool describe_options, bool prompt) const {
  return AwaitsIn(s_, this, describe_options, prompt);
}

Awaiting FerreeBattle::AwaitsIn(const BattleState& s, const FerreeBattle* battle,
                                bool describe_options, bool prompt) {
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
    a.unit_ids = {p.unit_id.empty() ? p.regiment_id : p.unit_id};
    if (p.unit_id.empty()) a.unit_ids.clear();
    if (!prompt) return a;
    const Unit* u = s.FindUnit(p.unit_id);
    a.prompt = absl::StrCat(InfoOf(p.choice).what, u != nullptr ? absl::StrCat(" (", NameOf(*u), ")") : "",
                            ": the Zulu side chooses one of its legal actions.");
    return a;
  }
  if (BritishDeploying(s)) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishMove;
    for (const Unit& u : s.units) {
      if (u.side == Side::kBritish && !u.off_table) a.unit_ids.push_back(u.id);
    }
    if (!prompt) return a;
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
    a.unit_ids = {u->id};
    if (!prompt) return a;
    std::vector<std::string> can;
    if (describe_options && battle != nullptr) {
      for (const Action& o : battle->BritishOptions()) {
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

absl::Status FerreeBattle::CheckGameOver(bool* over) {
  *over = false;
  Clock& c = s_.clock;
  if (c.phase == Phase::kGameOver) {
    *over = true;
    return absl::OkStatus();
  }
  if (c.phase != Phase::kActivation) return absl::OkStatus();
  const bool zulu_win = NoBritishLeft(s_);
  const bool british_win = !zulu_win && AllRegimentsBroken(s_);
  if (!zulu_win && !british_win) return absl::OkStatus();
  c.phase = Phase::kGameOver;
  Own(s_).segment = 0;
  Own(s_).chits_left.clear();
  if (Suspended()) MutableOwnState(s_).pending = PendingChoice{};
  Log(EventKind::kPhaseStarted, zulu_win ? Side::kZulu : Side::kBritish, kSectionEnd, "", "",
      zulu_win ? "The game is over: every British figure has been killed or has left the table."
               : "The game is over: every Zulu regiment has been broken.");
  *over = true;
  return absl::OkStatus();
}

absl::Status FerreeBattle::Run(Awaiting* awaiting) {
  for (int step = 0; step < kMaxSteps; ++step) {
    bool over = false;
    IMPI_RETURN_IF_ERROR(CheckGameOver(&over));
    Clock& c = s_.clock;
    if (over || Suspended()) {
      if (awaiting != nullptr) *awaiting = Awaits();
      return absl::OkStatus();
    }
    if (c.phase == Phase::kPreBattle || c.phase == Phase::kUnspecified) {
      c.phase = Phase::kPreBattle;
      if (Own(s_).segment == kPreBattleBritishDeploy) {
        if (awaiting != nullptr) *awaiting = Awaits();
        return absl::OkStatus();
      }
      if (Own(s_).segment == kPreBattleZuluDeploy) {
        IMPI_RETURN_IF_ERROR(ZuluDeployment());
        MarkReinforcements();
        IMPI_RETURN_IF_ERROR(CampBreaksDown());
        c.phase = Phase::kActivation;
        Own(s_).segment = 0;
        c.turn = 0;
        Own(s_).chits_left.clear();
        continue;
      }
      if (!Own(s_).situation.rolled) IMPI_RETURN_IF_ERROR(SituationRolls());
      IMPI_RETURN_IF_ERROR(PlanStep());
      continue;
    }
    if ((Own(s_).segment & kSegActive) != 0) {
      MutableOwnState(s_).quiet_turns = 0;
      if (awaiting != nullptr) *awaiting = Awaits();
      return absl::OkStatus();
    }
    if (Own(s_).chits_left.empty()) {
      if (++MutableOwnState(s_).quiet_turns > kMaxTurnsPerCall) {
        c.phase = Phase::kGameOver;
        Log(EventKind::kPhaseStarted, Side::kUnspecified, kSectionEnd, "", "",
            absl::StrCat("The game is over undecided: ", kMaxTurnsPerCall,
                         " turns passed with nothing for the British to do (designed limit)."));
        continue;
      }
      IMPI_RETURN_IF_ERROR(StartTurn());
      continue;
    }
    IMPI_RETURN_IF_ERROR(DrawCounter());
  }
  return absl::InternalError("the battle ran too long without awaiting the British");
}

// ---------------------------------------------------------------------------
// 1.-4. Before the battle.

absl::Status FerreeBattle::SituationRolls() {
  Situation& pb = Own(s_).situation;
  Explanation why;
  const CampSetUp camp = RollBritishCamp(dice_, &why);
  LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const FurtherDefenses defenses = RollFurtherDefense(dice_, &why);
  LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const DurnfordArrival durnford = RollDurnfordArrival(dice_, &why);
  LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const Deployment deployment = RollDeployment(dice_, camp, defenses, &why);
  LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const Scouting scouting = RollScouts(dice_, &why);
  LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const ZuluDiscovery found = RollZuluDiscovery(dice_, scouting, &why);
  LogWhy(EventKind::kTableRoll, Side::kZulu, why);
  CampBreakDownAt(camp, defenses, found.minutes, &why);
  LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  pb.rolled = true;
  pb.camp_laagered = camp == CampSetUp::kLaagered;
  pb.thornbush = defenses == FurtherDefenses::kThornbush;
  pb.reinforcement_arrival = durnford.minutes;
  pb.deployment = deployment;
  pb.scouting = static_cast<int>(scouting);
  pb.discovery_time = found.minutes;
  s_.clock.time_of_day = found.minutes;

  auto has = [&](TerrainKind k) {
    return std::any_of(s_.terrain.begin(), s_.terrain.end(),
                       [&](const Terrain& t) { return t.kind == k; });
  };
  // A: "Form a square with the wagons (3 to a side) on the wagon park" -- a
  // designed 8" square round the wagons (or the camp) when the scenario has
  // no laager of its own.
  if (pb.camp_laagered && !has(TerrainKind::kLaager)) {
    Vec2 c = Vec2::Zero();
    int n = 0;
    for (const Unit& u : s_.units) {
      if (u.kind == UnitKind::kWagon && !u.off_table) {
        c += u.position;
        ++n;
      }
    }
    c = n > 0 ? Vec2(c / n) : CampCentre(s_);
    const double h = kLaagerSide / 2;
    Terrain& t = s_.terrain.emplace_back();
    t.id = "laager";
    t.kind = TerrainKind::kLaager;
    t.name = "the laager";
    t.outline = {c + Vec2(-h, -h), c + Vec2(h, -h), c + Vec2(h, h), c + Vec2(-h, h)};
    Log(EventKind::kTableRoll, Side::kBritish, kSectionSituation, kTableBritishCamp, kRowCampLaager,
        absl::StrFormat("The wagons form a laager: an %.0f\" square centred at (%.1f, %.1f).",
                        kLaagerSide, c.x(), c.y()));
  }
  // B: "A wall of thornbush is constructed around the perimeter of the camp
  // (2" out from the tents)": the tents' bounding box grown by 2".
  if (pb.thornbush && !has(TerrainKind::kBarricade)) {
    const Terrain* tents = nullptr;
    for (TerrainKind k : {TerrainKind::kTentLines, TerrainKind::kCamp}) {
      for (const Terrain& t : s_.terrain) {
        if (t.kind == k && !t.outline.empty() && tents == nullptr) tents = &t;
      }
    }
    if (tents != nullptr) {
      Vec2 lo = tents->outline[0], hi = tents->outline[0];
      for (const Vec2& v : tents->outline) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
      }
      lo -= Vec2(kThornbushOut, kThornbushOut);
      hi += Vec2(kThornbushOut, kThornbushOut);
      Terrain t;
      t.id = "thornbush";
      t.kind = TerrainKind::kBarricade;
      t.name = "the thornbush barricade";
      t.outline = {lo, Vec2(hi.x(), lo.y()), hi, Vec2(lo.x(), hi.y())};
      s_.terrain.push_back(std::move(t));
      Log(EventKind::kTableRoll, Side::kBritish, kSectionSituation, kTableFurtherDefense,
          kRowThornbush, "A thornbush barricade is built 2\" out from the tents.");
    }
  }
  return absl::OkStatus();
}

std::vector<Action> FerreeBattle::PlanOptions() const {
  std::vector<Action> out;
  std::vector<int> points;
  for (int p : {1, 2}) {
    if (s_.FindPoint(PointKind::kEntry, p) != nullptr) points.push_back(p);
  }
  int right_horn_off = 0;
  std::set<std::string> off;
  for (const SecretEntry& e : Own(s_).secret_entries) {
    off.insert(e.unit_id);
    if (DivisionOf(s_, e.unit_id) == kRightHornDivision) ++right_horn_off;
  }
  for (const Unit& u : s_.units) {
    if (u.kind != UnitKind::kRegiment || off.count(u.id) || u.status.broken) continue;
    const int d = UnitOf(s_, u.id).division;
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
  return out;
}

absl::Status FerreeBattle::PlanStep() { return ZuluPlan(); }

absl::Status FerreeBattle::FinishPlan() {
  Own(s_).segment = kPreBattleBritishDeploy;
  Log(EventKind::kPhaseStarted, Side::kBritish, kSectionBritishDeploy, "", "",
      "The British player deploys his troops.");
  return absl::OkStatus();
}

absl::Status FerreeBattle::ZuluPlan() {
  // One decision node per regiment sent off-board, then END_DEPLOYMENT.
  if (PlanOptions().size() == 1) return FinishPlan();
  PendingChoice p;
  p.choice = ZuluChoice::kPlan;
  Suspend(std::move(p));
  return absl::OkStatus();
}

absl::Status FerreeBattle::PlanWith(const Action& choice) {
  if (choice.kind == ActionKind::kEndDeployment) return FinishPlan();
  IMPI_RETURN_IF_ERROR(SendOffBoard(choice));
  return ZuluPlan();
}

absl::Status FerreeBattle::SendOffBoard(const Action& a) {
  if (s_.FindUnit(a.unit_id) == nullptr) return absl::InternalError("off-board regiment vanished");
  for (Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.parent == a.unit_id &&
        (u.kind == UnitKind::kTray || u.kind == UnitKind::kSniper || u.kind == UnitKind::kInduna)) {
      u.off_table = true;
    }
  }
  return RollEntryTurn(a.unit_id, a.point, " moves off-board;", nullptr);
}

absl::Status FerreeBattle::RollEntryTurn(const SharedString& regiment_id, int point,
                                         const std::string& what, int* event) {
  const Unit* r = s_.FindUnit(regiment_id);
  if (r == nullptr) return absl::InternalError("off-board regiment vanished");
  // Zulu Off-Board Movement: "The gamesmaster will secretly determine on
  // which turn the regiment(s) will arrive"; "Units from the Loins add three
  // turns to their result."
  const bool loins = UnitOf(s_, r->id).division == kLoinsDivision;
  Explanation why;
  EntryTurns turns = TurnOfEntry(dice_, loins, &why);
  const int turn = turns.ForPoint(point);
  auto& entries = Own(s_).secret_entries;
  auto it = std::find_if(entries.begin(), entries.end(),
                         [&](const SecretEntry& e) { return e.unit_id == regiment_id; });
  if (it == entries.end()) {
    entries.push_back({regiment_id, turn, point});
  } else {
    it->turn = turn;
    it->point = point;
  }
  why.text = absl::StrCat(why.text, " ", NameOf(*r), what, " it enters at point ", point,
                          " on turn ", turn, " (secret).");
  if (event != nullptr) *event = static_cast<int>(log_.size());
  Event& e = LogWhy(EventKind::kTableRoll, Side::kZulu, why);
  e.umpire_only = true;
  e.announce.clear();
  e.unit_ids = {regiment_id};
  e.point = point;
  e.point_kind = PointKind::kEntry;
  return absl::OkStatus();
}

absl::Status FerreeBattle::ZuluDeployment() {
  // 4.: the regiments stand where the scenario placed them (its start
  // area); the policy may only end the deployment.
  Action end;
  end.kind = ActionKind::kEndDeployment;
  if (Explain()) {
    Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
    e.decision = true;
    e.why.rule = {kSource, kSectionZuluDeploy, "", "", false};
    e.why.text = absl::StrCat("Zulu deployment (the scenario's positions): ", Describe(end),
                              " (the only choice).");
    e.announce = e.why.text;
  }
  // "All trays of a regiment must be adjacent to or behind another tray of
  // its regiment. ... there can not be a regiment from another division
  // between them." (designed readings: ZuluDeploymentBreach). A deployment
  // that breaks them is refused.
  std::string tray;
  const std::string breach = ZuluDeploymentBreach(s_, &tray);
  if (!breach.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "state.units: the Zulu deployment breaks a rule of ", kSectionZuluDeploy, " at ", tray,
        ": ", breach));
  }
  return HoldLoins();
}

absl::Status FerreeBattle::HoldLoins() {
  // 4.: "The regiments that make up the Loins can not enter on to the board
  // until turn 3 and should be held off-table until their arrival." A loins
  // regiment deployed on the board (not sent off-board in the plan) leaves
  // the table; its trays keep their deployed positions in Unit.position and
  // come back there on turn 3: SecretEntry{turn 3, point 0}
  // (docs/ferree-engine.md).
  std::set<std::string> off;
  for (const SecretEntry& e : Own(s_).secret_entries) off.insert(e.unit_id);
  std::vector<std::string> held;
  for (const Unit& r : s_.units) {
    if (r.kind != UnitKind::kRegiment || UnitOf(s_, r.id).division != kLoinsDivision || off.count(r.id) ||
        r.status.broken) {
      continue;
    }
    bool on = false;
    for (const Unit* t : TraysOf(s_, r.id)) on |= Alive(*t);
    if (on) held.push_back(r.id);
  }
  for (const std::string& id : held) {
    for (Unit& u : s_.units) {
      if (u.side == Side::kZulu && u.parent == id &&
          (u.kind == UnitKind::kTray || u.kind == UnitKind::kSniper ||
           u.kind == UnitKind::kInduna)) {
        u.off_table = true;
      }
    }
    Own(s_).secret_entries.push_back({id, kLoinsFirstTurn, kDeployedPosition});
    const Unit* r = s_.FindUnit(id);
    Event& e = Log(EventKind::kMarkerPlaced, Side::kZulu, kSectionZuluDeploy, "", "",
                   absl::StrCat(NameOf(*r), " of the loins is held off-table at its deployed "
                                "position until turn ", kLoinsFirstTurn, "."));
    e.umpire_only = true;
    e.announce.clear();
    e.unit_ids = {id};
  }
  return absl::OkStatus();
}

// --- Durnford's arrival (001, C. Durnford's Arrival). -----------------------

void FerreeBattle::MarkReinforcements() {
  // Designed (docs/ferree-engine.md): every British unit that is off the
  // table when the battle starts, with figures left, is Durnford's column.
  for (Unit& u : s_.units) {
    if (u.side == Side::kBritish && u.off_table && u.figures.Present() > 0 &&
        !AwaitsArrival(s_, u.id)) {
      MutableOwnState(s_).arriving.push_back(u.id);
    }
  }
}

const Point* FerreeBattle::ReinforcementPoint() const {
  // An ENTRY point named for the road or Rorke's Drift, else one marked
  // british_entry (designed).
  for (const Point& p : s_.points) {
    if (p.kind != PointKind::kEntry) continue;
    const std::string n = absl::AsciiStrToLower(p.name);
    if (n.find("road") != std::string::npos || n.find("rorke") != std::string::npos) return &p;
  }
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kEntry && p.british_entry) return &p;
  }
  return nullptr;
}

absl::Status FerreeBattle::ArriveReinforcements() {
  std::vector<Unit*> due;
  for (Unit& u : s_.units) {
    if (u.side == Side::kBritish && u.off_table && AwaitsArrival(s_, u.id)) due.push_back(&u);
  }
  if (due.empty()) return absl::OkStatus();
  // C. Durnford's Arrival: "Arrives at 10:00am" (or late): the column comes
  // on at the start of the first turn whose time has reached it.
  if (s_.clock.time_of_day < Own(s_).situation.reinforcement_arrival) return absl::OkStatus();
  const Point* p = ReinforcementPoint();
  const double w = s_.table.width, h = s_.table.height;
  auto inside = [&](Vec2 v, double r) {
    if (w > 2 * r) v.x() = std::clamp(v.x(), r, w - r);
    if (h > 2 * r) v.y() = std::clamp(v.y(), r, h - r);
    return v;
  };
  std::vector<std::string> ids;
  for (size_t i = 0; i < due.size(); ++i) {
    Unit& u = *due[i];
    Vec2 at = p != nullptr ? p->position : u.position;
    if (p != nullptr && w > 0 && h > 0) {
      // Side by side along the point's edge (designed).
      const bool vertical_edge = std::min(at.x(), w - at.x()) <= std::min(at.y(), h - at.y());
      const Vec2 along = vertical_edge ? Vec2(0, 1) : Vec2(1, 0);
      const double step = 2 * kCompanyRadius + 0.1;
      at += (static_cast<double>(i) - (due.size() - 1) / 2.0) * step * along;
    }
    // Designed: on free ground, the nearest to its place in the column.
    PlaceOnFreeGround(u, inside(at, Radius(u)));
    u.off_table = false;
    MutableUnitOf(s_, u.id).entry_point = p != nullptr ? p->number : 0;
    ids.push_back(u.id);
  }
  std::vector<std::string>& arriving = MutableOwnState(s_).arriving;
  for (const std::string& id : ids) {
    arriving.erase(std::remove(arriving.begin(), arriving.end(), id), arriving.end());
  }
  Event& e = Log(EventKind::kMoved, Side::kBritish, kSectionSituation, kTableDurnford, "",
                 absl::StrCat("Durnford's column arrives (", ids.size(), " units) at ",
                              p != nullptr && !p->name.empty()
                                  ? p->name
                                  : (p != nullptr ? absl::StrCat("entry point ", p->number)
                                                  : std::string("the table edge")),
                              ": their counters go into the cup."));
  e.unit_ids = ids;
  if (p != nullptr) {
    e.point = p->number;
    e.point_kind = PointKind::kEntry;
  }
  return absl::OkStatus();
}

// --- The camp break-down timetable (001, F. Zulu Discovery Roll). ---------

std::vector<Vec2> FerreeBattle::RoadFromCamp(const Vec2& to) const {
  std::vector<Vec2> path = {CampCentre(s_)};
  const Terrain* road = nullptr;
  bool reversed = false;
  double best = 2.0;  // designed: a road ending within 2" of the point
  for (const Terrain& t : s_.terrain) {
    if (t.kind != TerrainKind::kRoad || t.outline.size() < 2) continue;
    const double first = Distance(t.outline.front(), to), last = Distance(t.outline.back(), to);
    if (std::min(first, last) <= best) {
      best = std::min(first, last);
      road = &t;
      reversed = first < last;
    }
  }
  if (road != nullptr) {
    std::vector<Vec2> r = road->outline;
    if (reversed) std::reverse(r.begin(), r.end());
    path.insert(path.end(), r.begin(), r.end());
  }
  path.push_back(to);
  // Drop repeated points so every leg has a direction.
  std::vector<Vec2> out;
  for (const Vec2& v : path) {
    if (out.empty() || Distance(out.back(), v) > 1e-6) out.push_back(v);
  }
  return out;
}

absl::Status FerreeBattle::CampBreaksDown() {
  const Situation& pb = Own(s_).situation;
  if (!pb.rolled) return absl::OkStatus();
  const bool laager = pb.camp_laagered;
  const CampSetUp camp = laager ? CampSetUp::kLaagered : CampSetUp::kHistorical;
  const FurtherDefenses defenses =
      pb.thornbush ? FurtherDefenses::kThornbush : FurtherDefenses::kNone;
  Explanation table;
  const CampBreakDown b = CampBreakDownAt(camp, defenses, pb.discovery_time, &table);
  // "If the Zulus are not found before 11:30am the camp will begin to break
  // down to move on."
  if (!b.breaking_down) return absl::OkStatus();
  const char* row = laager ? kRowBreakDownLaagered : kRowBreakDownNotLaagered;
  const std::string found = ClockTime(pb.discovery_time);
  const Point* road = ReinforcementPoint();
  const std::string road_name =
      road == nullptr ? std::string("the table edge")
                      : (road->name.empty() ? absl::StrCat("entry point ", road->number)
                                            : road->name);

  // "4 wagons can be put on the road each hour" (2 laagered): that many
  // WAGON units have left the camp along the road and off the table
  // (designed), at the road's ENTRY point if there is one. Designed order:
  // each wagon to go is one of the units whose supplies (the wagon's name)
  // have the most wagons still in camp, the first such name in unit order,
  // its last wagon in unit order; so every unit keeps a wagon for as long
  // as another has two.
  std::vector<std::string> gone;
  std::vector<std::pair<std::string, std::vector<int>>> by_name;  // in order of first wagon
  for (size_t i = 0; i < s_.units.size(); ++i) {
    const Unit& u = s_.units[i];
    if (u.side != Side::kBritish || u.kind != UnitKind::kWagon || u.off_table) continue;
    auto it = std::find_if(by_name.begin(), by_name.end(),
                           [&](const auto& n) { return n.first == u.name; });
    if (it == by_name.end()) it = by_name.insert(by_name.end(), {u.name.str(), {}});
    it->second.push_back(static_cast<int>(i));
  }
  while (static_cast<int>(gone.size()) < b.wagons_on_road) {
    auto most = by_name.end();
    for (auto it = by_name.begin(); it != by_name.end(); ++it) {
      if (!it->second.empty() && (most == by_name.end() || it->second.size() > most->second.size())) {
        most = it;
      }
    }
    if (most == by_name.end()) break;
    Unit& u = s_.units[most->second.back()];
    most->second.pop_back();
    u.off_table = true;
    if (road != nullptr) u.position = road->position;
    gone.push_back(u.id);
  }
  if (!gone.empty()) {
    Event& e = Log(EventKind::kMoved, Side::kBritish, kSectionSituation, kTableDiscovery, row,
                   absl::StrFormat("The camp has been breaking down since 11:30am (camp %s, %d "
                                   "wagons an hour): the Zulus found at %s, %d wagons are on the "
                                   "road and have left the table by %s.",
                                   laager ? "laagered" : "not laagered", b.wagons_per_hour, found,
                                   static_cast<int>(gone.size()), road_name));
    e.unit_ids = gone;
    if (road != nullptr) {
      e.point = road->number;
      e.point_kind = PointKind::kEntry;
    }
  }

  // "If a thornbush redoubt was built, it will be destroyed by 12:30pm."
  const auto barricade = [](const Terrain& t) { return t.kind == TerrainKind::kBarricade; };
  if (pb.thornbush && !b.thornbush_standing &&
      std::any_of(s_.terrain.begin(), s_.terrain.end(), barricade)) {
    std::vector<Terrain>& terrain = s_.terrain.mutable_vector();
    terrain.erase(std::remove_if(terrain.begin(), terrain.end(), barricade), terrain.end());
    Log(EventKind::kTableRoll, Side::kBritish, kSectionSituation, kTableDiscovery, row,
        absl::StrCat("The thornbush redoubt was destroyed by 12:30pm as the camp broke down "
                     "(the Zulus found at ",
                     found, "): it is removed from the table."));
  }

  // "If the Zulus are not found until 2:30pm or later then the British will
  // be in road column." Designed: every British unit on the table but the
  // wagons left in the camp stands on the road from the camp's centre
  // towards the road's ENTRY point, in unit order, the first at the head
  // (furthest along, at most a company's radius short of the point), each
  // next 3" (centre to centre: a company's footprint) behind the last;
  // behind the camp's centre the column carries on straight back.
  if (b.road_column) {
    Vec2 to;
    if (road != nullptr) {
      to = road->position;
    } else {
      // No road point: towards the nearest table edge (designed).
      const Vec2 c = CampCentre(s_);
      const double w = s_.table.width, h = s_.table.height;
      const double dl = c.x(), dr = w - c.x(), db = c.y(), dt = h - c.y();
      const double m = std::min({dl, dr, db, dt});
      to = m == dl ? Vec2(0, c.y()) : m == dr ? Vec2(w, c.y()) : m == db ? Vec2(c.x(), 0)
                                                                         : Vec2(c.x(), h);
    }
    const std::vector<Vec2> path = RoadFromCamp(to);
    std::vector<double> at_leg = {0};
    for (size_t i = 1; i < path.size(); ++i) {
      at_leg.push_back(at_leg.back() + Distance(path[i - 1], path[i]));
    }
    const double length = at_leg.back();
    auto along = [&](double d) -> Vec2 {
      if (path.size() < 2) return path[0];
      if (d <= 0) {
        const Vec2 dir = (path[1] - path[0]).normalized();
        return path[0] + d * dir;
      }
      for (size_t i = 1; i < path.size(); ++i) {
        if (d <= at_leg[i] || i + 1 == path.size()) {
          const Vec2 dir = (path[i] - path[i - 1]).normalized();
          return path[i - 1] + (d - at_leg[i - 1]) * dir;
        }
      }
      return path.back();
    };
    std::vector<Unit*> column;
    for (Unit& u : s_.units) {
      if (u.side == Side::kBritish && !u.off_table && u.kind != UnitKind::kWagon) {
        column.push_back(&u);
      }
    }
    const double step = 2 * kCompanyRadius;
    const double head = std::min(std::max(0.0, length - kCompanyRadius),
                                 step * static_cast<double>(column.size() > 0 ? column.size() - 1
                                                                              : 0));
    const double w = s_.table.width, h = s_.table.height;
    std::vector<std::string> ids;
    // Each unit on free ground, the nearest to its place in the column
    // (designed); the column's units are lifted off the table first.
    for (Unit* u : column) u->off_table = true;
    for (size_t i = 0; i < column.size(); ++i) {
      Vec2 p = along(head - step * static_cast<double>(i));
      const double r = Radius(*column[i]);
      if (w > 2 * r) p.x() = std::clamp(p.x(), r, w - r);
      if (h > 2 * r) p.y() = std::clamp(p.y(), r, h - r);
      PlaceOnFreeGround(*column[i], p);
      column[i]->off_table = false;
      ids.push_back(column[i]->id);
    }
    if (!ids.empty()) {
      Event& e = Log(EventKind::kMoved, Side::kBritish, kSectionSituation, kTableDiscovery,
                     kRowRoadColumn,
                     absl::StrFormat("The Zulus were not found until %s: the British are in road "
                                     "column, %d units 3\" apart on the road from the camp "
                                     "towards %s.",
                                     found, static_cast<int>(ids.size()), road_name));
      e.unit_ids = ids;
      if (road != nullptr) {
        e.point = road->number;
        e.point_kind = PointKind::kEntry;
      }
    }
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// 5.-7. The cup.

std::vector<SharedString> FerreeBattle::FillCup() const {
  std::vector<SharedString> cup;
  const int turn = s_.clock.turn;
  // Whether each regiment has a tray alive on the table, and one off it with
  // figures, found in one pass over the trays (the regiments in unit order;
  // a tray's regiment matched by id, the last one found tried first).
  struct TrayState {
    const Unit* regiment;
    bool on = false, waiting = false;
  };
  absl::InlinedVector<TrayState, 32> regiments;
  for (const Unit& u : s_.units) {
    if (u.kind == UnitKind::kRegiment) regiments.push_back({&u});
  }
  {
    TrayState* last = nullptr;
    for (const Unit& t : s_.units) {
      if (t.kind != UnitKind::kTray) continue;
      if (last == nullptr || last->regiment->id != t.parent) {
        last = nullptr;
        for (TrayState& r : regiments) {
          if (r.regiment->id == t.parent) {
            last = &r;
            break;
          }
        }
        if (last == nullptr) continue;
      }
      last->on |= Alive(t);
      last->waiting |= t.off_table && t.figures.fit > 0;
    }
  }
  size_t next_regiment = 0;
  for (const Unit& u : s_.units) {
    switch (u.kind) {
      case UnitKind::kRegiment: {
        const TrayState& trays = regiments[next_regiment++];
        // "The regiments that make up the Loins can not enter on to the board
        // until turn 3".
        if (UnitOf(s_, u.id).division == kLoinsDivision && turn < kLoinsFirstTurn) break;
        const bool on = trays.on, waiting = trays.waiting;
        bool due = false;
        for (const SecretEntry& e : Own(s_).secret_entries) {
          if (e.unit_id == u.id && e.turn <= turn) due = true;
        }
        // Zulu Off-Board Movement: "On that turn the Zulu regiments counter
        // will be put into the cup."
        // Trays still to come on through their entry square (4.: "one at a
        // time through that square") keep the regiment's counter in the cup.
        const bool entering = UnitOf(s_, u.id).entry_point != 0;
        if (on || ((due || entering) && waiting && !u.status.broken)) cup.push_back(u.id);
        break;
      }
      case UnitKind::kInduna: {
        if (u.off_table || u.figures.fit + u.figures.wounded <= 0) break;
        const int division = u.parent.empty() ? UnitOf(s_, u.id).division : DivisionOf(s_, u.parent);
        if (division == kLoinsDivision && turn < kLoinsFirstTurn) break;
        cup.push_back(u.id);
        break;
      }
      case UnitKind::kWagon:
        if (!u.off_table) cup.push_back(u.id);
        break;
      default:
        if ((IsCompany(u) || u.kind == UnitKind::kSurgeon) && !u.off_table &&
            u.figures.fit + u.figures.wounded > 0) {
          cup.push_back(u.id);
        }
        break;
    }
  }
  return cup;
}

absl::Status FerreeBattle::StartTurn() {
  Clock& c = s_.clock;
  c.turn = std::max(0, c.turn) + 1;
  if (c.turn == 1) {
    if (c.time_of_day == 0 && Own(s_).situation.discovery_time > 0) {
      c.time_of_day = Own(s_).situation.discovery_time;
    }
  } else {
    c.time_of_day += c.minutes_per_turn > 0 ? c.minutes_per_turn : kDefaultMinutesPerTurn;
  }
  for (Unit& u : s_.units) {
    u.status.acted = false;
    u.status.ordered = false;
    u.status.fired = false;
    u.status.in_close_combat = false;
  }
  // British Ammunition Resupply Table: "+1 for each turn the runner waits":
  // every runner still at a wagon without his ammunition when a turn begins
  // has waited one more turn.
  for (const Unit& r : s_.units) {
    if (r.kind != UnitKind::kRunner || !Alive(r) || UnitOf(s_, r.id).carrying) continue;
    for (const Unit& w : s_.units) {
      if (w.kind == UnitKind::kWagon && !w.off_table && InContact(r, w)) {
        ++MutableUnitOf(s_, r.id).turns_waited;
        break;
      }
    }
  }
  IMPI_RETURN_IF_ERROR(ArriveReinforcements());
  Own(s_).segment = 0;
  Own(s_).chits_left = FillCup();
  // The counters of regiments still off-board are the umpire's secret.
  std::vector<std::string> entering, seen;
  for (const std::string& id : Own(s_).chits_left) {
    bool secret = false;
    for (const SecretEntry& e : Own(s_).secret_entries) secret |= e.unit_id == id;
    (secret ? entering : seen).push_back(id);
  }
  if (Explain()) {
    Event& e = Log(EventKind::kTurnStarted, Side::kUnspecified, kSectionMix, "", "",
                   absl::StrCat("Turn ", c.turn, ": ", seen.size(),
                                " movement counters go into the cup."));
    e.unit_ids = seen;
  }
  for (const std::string& id : entering) {
    if (!Explain()) break;
    Event& x =
        Log(EventKind::kMarkerPlaced, Side::kZulu, kSectionOffBoard, kTableTurnOfEntry, "",
            absl::StrCat("Off-board regiment ", id, " is due: its counter goes into the cup."));
    x.umpire_only = true;
    x.announce.clear();
    x.unit_ids = {id};
  }
  if (Own(s_).chits_left.empty()) {
    c.phase = Phase::kGameOver;
    Log(EventKind::kPhaseStarted, Side::kUnspecified, kSectionEnd, "", "",
        "The game is over undecided: no unit on the table can act.");
  }
  return absl::OkStatus();
}

int FerreeBattle::PublicCupCount() const {
  int n = 0;
  for (const std::string& id : Own(s_).chits_left) {
    bool secret = false;
    for (const SecretEntry& e : Own(s_).secret_entries) secret |= e.unit_id == id;
    n += secret ? 0 : 1;
  }
  return n;
}

absl::Status FerreeBattle::DrawCounter() {
  const int n = static_cast<int>(Own(s_).chits_left.size());
  const size_t mark = dice_.rolls().size();
  // "Draw a Movement Counter": one die with as many sides as counters.
  const int idx = n == 1 ? 0 : dice_.Roll(n, "counter drawn from the cup") - 1;
  const SharedString id = Own(s_).chits_left[idx];  // a copy: the cup changes under it
  return ActivateCounter(id, mark, nullptr);
}

absl::Status FerreeBattle::ActivateCounter(const SharedString& id, size_t dice_mark, int* event) {
  auto it = std::find(Own(s_).chits_left.begin(), Own(s_).chits_left.end(), id);
  if (it != Own(s_).chits_left.end()) Own(s_).chits_left.erase(it);
  Unit* u = s_.FindUnit(id);
  if (u == nullptr) return absl::OkStatus();
  if (event != nullptr) *event = static_cast<int>(log_.size());
  if (Explain()) {
    Event& e = Log(EventKind::kCardDrawn, u->side, kSectionDraw, "", "",
                   absl::StrCat("Counter drawn: ", NameOf(*u), " (", PublicCupCount(),
                                " left in the cup)."));
    e.why.dice = dice_.RollsSince(dice_mark);
    e.unit_ids = {id};
  }
  switch (u->kind) {
    case UnitKind::kRegiment:
      if (u->status.ordered || u->status.acted) {
        if (Explain()) {
          Log(EventKind::kNothing, Side::kZulu, kSectionMove, kTableInduna, "",
              absl::StrCat(NameOf(*u),
                           " has already acted on an induna's order: its turn is skipped."));
        }
        return absl::OkStatus();
      }
      return ActivateRegiment(id, "");
    case UnitKind::kInduna:
      return ActivateInduna(id);
    case UnitKind::kWagon:
      return ActivateWagon(id);
    default:
      return ActivateBritish(id);
  }
}

// ---------------------------------------------------------------------------
// A Zulu regiment's turn.

void FerreeBattle::Recenter(const SharedString& regiment_id) {
  Unit* r = s_.FindUnit(regiment_id);
  if (r == nullptr) return;
  Vec2 c = Vec2::Zero();
  int n = 0;
  // Its trays (TraysOf's, in unit order), named by the regiment's own
  // pooled id, compared by address.
  const SharedString& rid = r->id;
  for (const Unit& t : s_.units) {
    if (t.kind != UnitKind::kTray || t.parent != rid || !Alive(t)) continue;
    c += t.position;
    ++n;
  }
  if (n > 0) {
    r->position = c / n;
    r->off_table = false;
  }
}

absl::Status FerreeBattle::EnterRegiment(Unit& regiment) {
  const std::string id = regiment.id;
  auto& entries = Own(s_).secret_entries;
  auto it = std::find_if(entries.begin(), entries.end(),
                         [&](const SecretEntry& e) { return e.unit_id == id; });
  if (it == entries.end()) return absl::OkStatus();
  if (it->point == kDeployedPosition) {
    // 4.: a loins regiment held off-table comes on where it was deployed;
    // each on the free ground nearest it (designed: another unit may stand
    // there by now).
    for (Unit& u : s_.units) {
      if (u.side == Side::kZulu && u.parent == id && u.off_table && u.figures.Present() > 0 &&
          (u.kind == UnitKind::kTray || u.kind == UnitKind::kSniper ||
           u.kind == UnitKind::kInduna)) {
        PlaceOnFreeGround(u, u.position);
        u.off_table = false;
      }
    }
    entries.erase(it);
    Recenter(id);
    Event& e = Log(EventKind::kMoved, Side::kZulu, kSectionZuluDeploy, "", "",
                   absl::StrCat(NameOf(regiment), " of the loins arrives where it was deployed."));
    e.unit_ids = {id};
    return absl::OkStatus();
  }
  const Point* p = s_.FindPoint(PointKind::kEntry, it->point);
  if (p == nullptr) return absl::InternalError("entry point vanished");
  const int point = it->point;
  // 4.: "If two or more movement trays are assigned to a particular starting
  // location they will enter the board one at a time through that square as
  // it is vacated by previous tray": the regiment keeps its point; its trays
  // come on through the square one by one (EnterThroughSquare).
  MutableUnitOf(s_, id).entry_point = point;
  Vec2 square;
  EntrySquare(id, &square);
  // The sniper and the induna come on beside the square, not on it
  // (designed), on the side of the table's centre.
  const Vec2 middle(s_.table.width / 2, s_.table.height / 2);
  for (Unit& u : s_.units) {
    if ((u.kind == UnitKind::kSniper || u.kind == UnitKind::kInduna) && u.parent == id &&
        u.off_table && u.figures.Present() > 0) {
      Vec2 spot = square;
      FreeSpot(u, square, kTrayRadius + Radius(u) + kContactGap / 2, middle,
               /*may_contact=*/false, {}, &spot);
      u.position = spot;
      u.off_table = false;
    }
  }
  entries.erase(it);
  Recenter(id);
  Event& e = Log(EventKind::kMoved, Side::kZulu, kSectionOffBoard, kTableTurnOfEntry, "",
                 absl::StrCat(NameOf(regiment), " enters the table at entry point ", point, "."));
  e.unit_ids = {id};
  e.point = point;
  e.point_kind = PointKind::kEntry;
  return absl::OkStatus();
}

bool FerreeBattle::EntrySquare(const SharedString& regiment_id, Vec2* square) const {
  const int point = UnitOf(s_, regiment_id).entry_point;
  const Point* p = point != 0 ? s_.FindPoint(PointKind::kEntry, point) : nullptr;
  if (p == nullptr) return false;
  // The square at the point, just inside the table.
  Vec2 v = p->position;
  const double w = s_.table.width, h = s_.table.height, r = kTrayRadius;
  if (w > 2 * r) v.x() = std::clamp(v.x(), r, w - r);
  if (h > 2 * r) v.y() = std::clamp(v.y(), r, h - r);
  *square = v;
  return true;
}

std::string FerreeBattle::EnterThroughSquare(const SharedString& regiment_id) {
  Vec2 square;
  if (!EntrySquare(regiment_id, &square)) return "";
  for (Unit& u : s_.units) {
    if (u.kind != UnitKind::kTray || u.parent != regiment_id || !u.off_table ||
        u.figures.fit <= 0) {
      continue;
    }
    // The next tray waits until the square is vacated.
    if (!RoomFor(u, square, {}, /*may_contact=*/false)) return "";
    u.position = square;
    u.off_table = false;
    Recenter(regiment_id);
    return u.id;
  }
  return "";
}

absl::Status FerreeBattle::ActivateRegiment(const SharedString& id, const std::string& ordered_by) {
  Unit* r = s_.FindUnit(id);
  r->status.acted = true;
  if (!ordered_by.empty()) r->status.ordered = true;
  IMPI_RETURN_IF_ERROR(EnterRegiment(*r));
  r = s_.FindUnit(id);
  if (ResolveRefusal(s_, *r) == nullptr) {
    IMPI_RETURN_IF_ERROR(RegimentResolve(id, /*log_no_test=*/false, nullptr));
  }
  r = s_.FindUnit(id);
  if (r->status.broken) return RoutRegiment(id);
  IMPI_RETURN_IF_ERROR(RallyTrays(id));
  // 4.: the next tray comes on through the entry square if it is free.
  const std::string entered = EnterThroughSquare(id);
  if (!entered.empty()) {
    Event& e = Log(EventKind::kMoved, Side::kZulu, kSectionOffBoard, kTableTurnOfEntry, "",
                   absl::StrCat(entered, " comes on through the square at entry point ",
                                UnitOf(s_, id).entry_point, "."));
    e.unit_ids = {entered};
    e.point = UnitOf(s_, id).entry_point;
    e.point_kind = PointKind::kEntry;
  }
  // B. Move the active unit (a Zulu decision node unless nothing can move).
  left_donga_.clear();
  std::vector<Action> options = RegimentMoveOptions(id);
  if (options.size() == 1) return AfterRegimentMove(id);  // pinned or in contact
  PendingChoice p;
  p.choice = ZuluChoice::kRegimentMove;
  p.unit_id = id;
  p.regiment_id = id;
  p.listed = std::make_shared<const std::vector<Action>>(std::move(options));
  Suspend(std::move(p));
  return absl::OkStatus();
}

absl::Status FerreeBattle::AfterRegimentMove(const SharedString& id) {
  // C. The sniper shoots (a Zulu decision node when anyone is in sight).
  std::string sniper_id;
  for (const Unit& u : s_.units) {
    if (u.kind == UnitKind::kSniper && u.parent == id && Alive(u)) {
      sniper_id = u.id;
      break;
    }
  }
  std::vector<Action> sniper_options;
  if (!sniper_id.empty()) sniper_options = SniperOptions(sniper_id);
  if (sniper_options.size() > 1) {
    PendingChoice p;
    p.choice = ZuluChoice::kSniperTarget;
    p.unit_id = sniper_id;
    p.regiment_id = id;
    p.left_donga = left_donga_;
    p.listed = std::make_shared<const std::vector<Action>>(std::move(sniper_options));
    Suspend(std::move(p));
    return absl::OkStatus();
  }
  return FinishRegiment(id);
}

absl::Status FerreeBattle::FinishRegiment(const SharedString& id) {
  // D. Close combat: "An active Zulu figure that can, must initiate close
  // combat."
  IMPI_RETURN_IF_ERROR(ZuluCloseCombat(id));
  Recenter(id);
  return absl::OkStatus();
}

absl::Status FerreeBattle::RegimentResolve(const SharedString& id, bool log_no_test, int* event) {
  if (event != nullptr) *event = -1;
  Unit* r = s_.FindUnit(id);
  // A. Check Unit's Resolve: "If the active Zulu regiment has lost 10% or
  // more of its figures it must check its resolve."
  const int strength = r->figures.Starting();
  const int lost = std::max(0, strength - RegimentFigures(s_, id));
  Explanation why;
  ZuluResolve res = ZuluRegimentResolve(dice_, strength, lost, WhyFor(why));
  if (res.result == ZuluResolveResult::kNoTest && !log_no_test) return absl::OkStatus();
  if (!Explain()) {
    if (res.result == ZuluResolveResult::kBroken) r->status.broken = true;
    return absl::OkStatus();
  }
  if (event != nullptr) *event = static_cast<int>(log_.size());
  Event& e = LogWhy(EventKind::kMoraleTest, Side::kZulu, why);
  e.unit_ids = {id};
  if (res.result == ZuluResolveResult::kNoTest) {
    e.why.text += absl::StrCat(" ", NameOf(*r), " carries on without a test.");
    e.announce = e.why.text;
  } else if (res.result == ZuluResolveResult::kBroken) {
    r->status.broken = true;
    e.why.text += absl::StrCat(" ", NameOf(*r), " is broken and routs.");
    e.announce = e.why.text;
  }
  return absl::OkStatus();
}

absl::Status FerreeBattle::RoutRegiment(const SharedString& id) {
  // A broken regiment routs (designed, docs/ferree-engine.md): its trays move
  // 2D6 away from the nearest British unit towards the nearest table edge,
  // and leave the table when they reach it.
  std::vector<SharedString> movers;
  for (const Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.parent == id && Alive(u)) movers.push_back(u.id);
  }
  if (movers.empty()) return absl::OkStatus();
  Explanation why;
  const double dist = MovementRate(dice_, Mover::kZuluRegiment, WhyFor(why));
  const double w = s_.table.width, h = s_.table.height;
  std::vector<std::string> left;
  // The British units NearestBritish weighs, found once: only the routing
  // trays move here (nor are units added), so each tray's nearest is the
  // same pass over these few.
  absl::InlinedVector<const Unit*, 48> british;
  for (const Unit& b : s_.units) {
    if (b.side == Side::kBritish && Alive(b) && b.figures.Present() > 0) british.push_back(&b);
  }
  auto nearest_british = [&](const Vec2& from) {
    const Unit* best = nullptr;
    for (const Unit* b : british) {
      if (best == nullptr || Distance(b->position, from) < Distance(best->position, from)) best = b;
    }
    return best;
  };
  // Only MoveUnit and a tray leaving the table change the ground here, and
  // both keep the held ground up to date: one Sync for the rout.
  const HoldGround hold(*this);
  for (const SharedString& mid : movers) {
    Unit* u = s_.FindUnit(mid);
    const Vec2 p = u->position;
    const Unit* b = nearest_british(p);
    std::vector<Vec2> edges = {Vec2(0, p.y()), Vec2(w, p.y()), Vec2(p.x(), 0), Vec2(p.x(), h)};
    const Vec2* best = nullptr;
    double best_d = 1e300;
    for (int pass = 0; pass < 2 && best == nullptr; ++pass) {
      for (const Vec2& e : edges) {
        const bool towards = b != nullptr && (e - p).dot(b->position - p) > 0;
        if (pass == 0 && towards) continue;
        const double d = Distance(p, e);
        if (d < best_d) {
          best_d = d;
          best = &e;
        }
      }
    }
    const Vec2 goal = *best;
    u->status.pinned = false;
    u->stance = Stance::kUpright;
    MoveUnit(*u, goal, dist, 0.0, -1.0, /*stop_at_laager=*/false);
    u = s_.FindUnit(mid);
    if (Distance(u->position, goal) <= 1e-6) {
      u->off_table = true;
      GroundTouch(*u);
      left.push_back(mid);
    }
  }
  if (!Explain()) {
    Recenter(id);
    return absl::OkStatus();
  }
  why.text = absl::StrCat(
      why.text, " Broken, ", id.str(), " routs ", Inches(dist),
      " towards the nearest table edge, away from the British",
      left.empty() ? "." : absl::StrCat("; leaving the table: ", absl::StrJoin(left, ", "), "."));
  why.rule.section = kSectionResolve;
  why.rule.table = kTableZuluResolve;
  why.rule.designed = true;
  Event& e = LogWhy(EventKind::kMoved, Side::kZulu, why);
  e.unit_ids.assign(movers.begin(), movers.end());
  Recenter(id);
  return absl::OkStatus();
}

absl::Status FerreeBattle::RallyTrays(const SharedString& id) {
  // Looked up by address (SharedString); a regiment has up to 8 trays.
  absl::InlinedVector<SharedString, 8> trays;
  for (const Unit* t : TraysOf(s_, id)) trays.push_back(t->id);
  for (const SharedString& tid : trays) {
    if (RallyRefusal(*s_.FindUnit(tid)) != nullptr) continue;
    IMPI_RETURN_IF_ERROR(RallyTray(tid, nullptr));
  }
  // The bookkeeping is "since its last turn": it starts again now.
  for (const SharedString& tid : trays) {
    FerreeUnit& fu = MutableUnitOf(s_, tid);
    fu.figures_fired_at = 0;
    fu.under_artillery = false;
    fu.losses_this_turn = 0;
  }
  return absl::OkStatus();
}

const char* ResolveRefusal(const BattleState& s, const Unit& u) {
  if (u.kind == UnitKind::kRegiment) {
    if (u.status.broken) return "is broken already: it routs";
    bool on = false;
    for (const Unit* t : TraysOf(s, u.id)) on |= Alive(*t);
    return on ? nullptr : "has no tray on the table";
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

absl::Status FerreeBattle::RallyTray(const SharedString& tray_id, int* event) {
  Unit* t = s_.FindUnit(tray_id);
  // Pinned Zulus: "roll 1D6, then add the number of British figures that
  // have fired at the tray since its last turn. Subtract 1 ... Induna".
  RallyInput in;
  if (UnitOf(s_, t->id).under_artillery || UnitOf(s_, t->id).losses_this_turn > 0) {
    in.situation = RallySituation::kArtilleryOrCasualties;
  } else if (UnitOf(s_, t->id).figures_fired_at > 0) {
    in.situation = RallySituation::kSmallArmsNoCasualties;
  }
  in.british_figures_fired = UnitOf(s_, t->id).figures_fired_at;
  in.induna_with_stand = IndunaWith(*t);
  Explanation why;
  const bool rallied = ZuluRally(dice_, in, WhyFor(why));
  t->status.pinned = !rallied;
  if (!Explain()) return absl::OkStatus();
  why.text += absl::StrCat(" ", tray_id.str(), rallied ? " rallies." : " remains pinned.");
  if (event != nullptr) *event = static_cast<int>(log_.size());
  Event& e = LogWhy(EventKind::kMoraleTest, Side::kZulu, why);
  e.unit_ids = {tray_id};
  return absl::OkStatus();
}

std::vector<Action> FerreeBattle::RegimentMoveOptions(const SharedString& regiment_id) const {
  std::vector<Action> out;
  out.reserve(6);  // the most there can be: one allocation
  Action hold;
  hold.kind = ActionKind::kPass;
  hold.unit_id = regiment_id;
  Vec2 centre = Vec2::Zero();
  int n = 0;
  bool upright = false, prone = false;
  const std::vector<const Unit*> trays = TraysOf(s_, regiment_id);
  const auto british = BritishNearTrays(s_, BritishIndices(s_), trays);
  for (const Unit* t : trays) {
    if (!Alive(*t) || t->status.pinned) continue;
    bool contact = false;
    for (const int j : british) {
      const Unit& b = s_.units[j];
      if (Alive(b) && b.figures.Present() > 0 && NearEnoughToEngage(*t, b) && InContact(*t, b)) {
        contact = true;
        break;
      }
    }
    if (contact) continue;
    centre += t->position;
    ++n;
    (t->stance == Stance::kProne ? prone : upright) = true;
  }
  if (n == 0) return {hold};
  centre /= n;
  if (const Unit* b = NearestBritish(centre)) {
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
  return out;
}

absl::Status FerreeBattle::RegimentMoveWith(const SharedString& id, const Action& choice) {
  left_donga_.clear();
  if (choice.kind == ActionKind::kPass) return absl::OkStatus();
  // "The Zulu's movement rate is 2D6 inches"; "On the first turn, Zulu
  // regiments get only 1D6". One roll for all the regiment's trays (designed).
  Explanation why;
  const double allowance = MovementRate(
      dice_, s_.clock.turn <= 1 ? Mover::kZuluRegimentFirstTurn : Mover::kZuluRegiment,
      WhyFor(why));
  const bool explain = Explain();
  // The trays by their own ids: a lookup by a unit's own id compares
  // addresses (SharedString).
  std::vector<SharedString> movers;
  const std::vector<const Unit*> trays = TraysOf(s_, id);
  movers.reserve(trays.size());
  const auto british = BritishNearTrays(s_, BritishIndices(s_), trays);
  for (const Unit* t : trays) {
    if (!Alive(*t) || t->status.pinned) continue;
    bool contact = false;
    for (const int j : british) {
      const Unit& b = s_.units[j];
      if (Alive(b) && b.figures.Present() > 0 && NearEnoughToEngage(*t, b) && InContact(*t, b)) {
        contact = true;
        break;
      }
    }
    if (!contact) movers.push_back(t->id);
  }
  std::vector<std::string> notes;
  Event* moved = nullptr;
  std::vector<Vec2> all_path;
  auto move_tray = [&](const SharedString& tid) {
    Unit* t = s_.FindUnit(tid);
    double a = allowance;
    // Taking Cover: "Going prone or standing up from prone costs 2" of
    // movement for each action."
    if (choice.kind == ActionKind::kStance) {
      if (t->stance == choice.stance ||
          (choice.stance == Stance::kUpright && t->stance != Stance::kProne)) {
        return;
      }
      if (a < kStanceCost) {
        if (explain) notes.push_back(absl::StrCat(tid.str(), " has too little movement to change stance"));
        return;
      }
      t->stance = choice.stance;
      if (explain) {
        notes.push_back(
            absl::StrCat(tid.str(), choice.stance == Stance::kProne ? " goes prone" : " stands up"));
      }
      return;
    }
    if (t->stance == Stance::kProne) {
      if (a < kStanceCost) {
        if (explain) notes.push_back(absl::StrCat(tid.str(), " is prone with too little movement to stand"));
        return;
      }
      a -= kStanceCost;
      t->stance = Stance::kUpright;
    }
    const bool end_prone = choice.stance == Stance::kProne && a >= kStanceCost;
    if (end_prone) a -= kStanceCost;
    const bool was_in_donga = InDonga(t->position);
    Vec2 goal = choice.to;
    double stop_short = 0.0;
    if (const Unit* target = s_.FindUnit(choice.target_id)) {
      goal = target->position;
      stop_short = Radius(*t) + Radius(*target) + kContactGap / 2;
    }
    std::vector<Vec2> path =
        MoveUnit(*t, goal, a, stop_short, kContactGap / 2, /*stop_at_laager=*/true);
    t = s_.FindUnit(tid);
    if (end_prone) t->stance = Stance::kProne;
    if (was_in_donga && !InDonga(t->position)) left_donga_.push_back(tid);
    if (!explain) return;
    double walked = 0;
    for (size_t k = 1; k < path.size(); ++k) walked += Distance(path[k - 1], path[k]);
    notes.push_back(
        absl::StrCat(tid.str(), " moves ", Inches(walked), end_prone ? " and goes prone" : ""));
    all_path.insert(all_path.end(), path.begin(), path.end());
  };
  {
    // Only MoveUnit changes where a unit stands here, and it keeps the
    // held ground up to date: one Sync for the regiment's moves.
    const HoldGround hold(*this);
    for (const SharedString& tid : movers) move_tray(tid);
  }
  // 4.: trays still off the table come on through the entry square as it is
  // vacated, each making the regiment's move from there.
  if (choice.kind == ActionKind::kMove) {
    for (std::string tid = EnterThroughSquare(id); !tid.empty(); tid = EnterThroughSquare(id)) {
      if (explain) notes.push_back(absl::StrCat(tid, " comes on through the entry square"));
      movers.push_back(tid);
      move_tray(movers.back());
    }
  }
  if (explain) {
    why.text = absl::StrCat(why.text, " ", Describe(choice), ": ",
                            notes.empty() ? "no tray changes" : absl::StrJoin(notes, "; "), ".");
    moved = &LogWhy(EventKind::kMoved, Side::kZulu, why);
    moved->unit_ids.assign(movers.begin(), movers.end());
    moved->target_id = choice.target_id;
    moved->path = all_path;
  }
  if (choice.kind == ActionKind::kMove) IMPI_RETURN_IF_ERROR(MoveSniper(id, choice, allowance));
  Recenter(id);
  return absl::OkStatus();
}

absl::Status FerreeBattle::MoveSniper(const SharedString& regiment_id, const Action& choice,
                                      double allowance) {
  // Snipers "do not have to stay with their parent unit": designed, the
  // sniper follows its regiment's move and stops 6" from the British (or
  // stays where he is if he is that close already).
  for (Unit& u : s_.units) {
    if (u.kind != UnitKind::kSniper || u.parent != regiment_id || !Alive(u)) continue;
    for (const Unit& b : s_.units) {
      if (b.side == Side::kBritish && Alive(b) && b.figures.Present() > 0 &&
          Gap(u, b) <= kSniperStandOff) {
        return absl::OkStatus();
      }
    }
    Vec2 goal = choice.to;
    if (const Unit* target = s_.FindUnit(choice.target_id)) goal = target->position;
    MoveUnit(u, goal, allowance, 0.0, kSniperStandOff, /*stop_at_laager=*/true);
    break;
  }
  return absl::OkStatus();
}

std::vector<Action> FerreeBattle::SniperOptions(const SharedString& sniper_id) const {
  std::vector<Action> out;
  const Unit* sn = s_.FindUnit(sniper_id);
  if (sn == nullptr || !Alive(*sn)) return out;
  // "He must be able to trace a line from the firing figure to the target
  // figure without crossing a Zulu unit or intervening terrain."
  const BlockerSet& terrain = SightBlockers("");
  // Only a tray near enough to the sniper to touch a line to a target in
  // range can block one (with an inch to spare): the others are left out.
  // The trays are gathered only when a target in range has a line clear of
  // the terrain: most snipers have none.
  const double reach = kSniperRange + Radius(*sn) + kCompanyRadius + kTrayRadius + 1.0;
  BlockerSet trays;
  bool trays_gathered = false;
  auto gather_trays = [&] {
    trays_gathered = true;
    for (const Unit& z : s_.units) {
      if (z.kind == UnitKind::kTray && Alive(z) && Gap(z, *sn) > kContactGap &&
          Distance(z.position, sn->position) <= reach) {
        trays.Add(Obstacle::Disc(z.position, kTrayRadius));
      }
    }
  };
  std::vector<std::pair<double, const Unit*>> targets;
  const BlockerSet::From terrain_from = terrain.Viewer(sn->position);
  for (const Unit& b : s_.units) {
    if (b.side != Side::kBritish || !Alive(b) || b.figures.fit + b.figures.wounded <= 0) continue;
    const double d = Gap(*sn, b);
    if (d > kSniperRange) continue;
    if (!terrain_from.Clear(b.position)) continue;
    if (!trays_gathered) gather_trays();
    if (!trays.Clear(sn->position, b.position)) continue;
    targets.push_back({d, &b});
  }
  std::stable_sort(targets.begin(), targets.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
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
  return out;
}

absl::Status FerreeBattle::SniperWith(const Action& choice) {
  if (choice.kind != ActionKind::kFire) return absl::OkStatus();
  const std::string sniper_id = choice.unit_id;
  Unit* b = s_.FindUnit(choice.target_id);
  // Zulu Sniper Fire Table: designed, the sniper shoots at an enlisted man
  // unless the unit has only officers left.
  const int officers = std::min(b->leaders, b->figures.fit);
  const bool only_officers = b->figures.fit + b->figures.wounded <= officers && officers > 0;
  Explanation why;
  const bool hit =
      ZuluSniperFire(dice_, only_officers ? SniperTarget::kOfficer : SniperTarget::kEnlisted,
                     WhyFor(why));
  MutableUnitOf(s_, b->id).fired_on_by_this_turn.push_back(sniper_id);
  if (hit) {
    Explanation hits;
    const int lost = b->figures.seriously_wounded + b->figures.casualties;
    EffectsOfHits(*b, 1, "sniper fire", &hits);
    Own(s_).losses.to_fire += b->figures.seriously_wounded + b->figures.casualties - lost;
    AppendDice(why, hits);
    why.text += " " + hits.text;
  }
  if (!Explain()) return absl::OkStatus();
  Event& e = LogWhy(EventKind::kFired, Side::kZulu, why);
  e.unit_ids = {sniper_id};
  e.target_id = b->id;
  return absl::OkStatus();
}

absl::Status FerreeBattle::ZuluCloseCombat(const SharedString& regiment_id) {
  std::vector<SharedString> trays;  // looked up by address (SharedString)
  std::vector<const Unit*> alive = TraysOf(s_, regiment_id);
  alive.erase(std::remove_if(alive.begin(), alive.end(), [](const Unit* t) { return !Alive(*t); }),
              alive.end());
  trays.reserve(alive.size());
  for (const Unit* t : alive) trays.push_back(t->id);
  const auto british = BritishIndices(s_);
  // Until a tray fights, nothing moves or falls: only the British units
  // near the trays need be read. After a fight every one is read again.
  const auto near = BritishNearTrays(s_, british, alive);
  bool fought = false;
  for (const SharedString& tid : trays) {
    const Unit* t = s_.FindUnit(tid);
    if (!Alive(*t)) continue;
    const Unit* best = nullptr;
    for (const int j : fought ? british : near) {
      const Unit& b = s_.units[j];
      if (!Alive(b) || b.figures.Present() <= 0) continue;
      if (!NearEnoughToEngage(*t, b) || !Engaged(*t, b)) continue;
      if (best == nullptr || Gap(*t, b) < Gap(*t, *best)) best = &b;
    }
    if (best == nullptr) continue;
    fought = true;
    const bool out_of_donga =
        std::find(left_donga_.begin(), left_donga_.end(), tid) != left_donga_.end();
    IMPI_RETURN_IF_ERROR(
        CloseCombatFight(tid, best->id, out_of_donga, false, "the active Zulu tray closes"));
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// An induna's turn.

std::vector<Action> FerreeBattle::IndunaMoveOptions(const SharedString& induna_id) const {
  std::vector<Action> out;
  const Unit* ind = s_.FindUnit(induna_id);
  Action hold;
  hold.kind = ActionKind::kPass;
  hold.unit_id = induna_id;
  if (ind == nullptr || !Alive(*ind) || ind->figures.fit + ind->figures.wounded <= 0) return {hold};
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
  std::stable_sort(cands.begin(), cands.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 0; i < cands.size() && i < 3; ++i) {
    Action m;
    m.kind = ActionKind::kMove;
    m.unit_id = induna_id;
    m.target_id = cands[i].second->id;
    m.to = cands[i].second->position;
    out.push_back(std::move(m));
  }
  out.push_back(hold);
  return out;
}

std::vector<Action> FerreeBattle::OrderOptions(const SharedString& induna_id) const {
  std::vector<Action> out;
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
    for (const Unit& t : s_.units) {
      if (t.kind != UnitKind::kTray || std::abs(t.position.x() - ind->position.x()) > reach ||
          std::abs(t.position.y() - ind->position.y()) > reach) {
        continue;
      }
      if (Alive(t) && InContact(*ind, t)) {
        touches = true;
        break;
      }
    }
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
  return out;
}

absl::Status FerreeBattle::ActivateInduna(const SharedString& id) {
  Unit* ind = s_.FindUnit(id);
  ind->status.acted = true;
  if (!Alive(*ind) || ind->figures.fit + ind->figures.wounded <= 0) return absl::OkStatus();
  std::vector<Action> options = IndunaMoveOptions(id);
  if (options.size() > 1) {
    PendingChoice p;
    p.choice = ZuluChoice::kIndunaMove;
    p.unit_id = id;
    p.listed = std::make_shared<const std::vector<Action>>(std::move(options));
    Suspend(std::move(p));
    return absl::OkStatus();
  }
  return IndunaOrders(id);
}

absl::Status FerreeBattle::IndunaMoveWith(const SharedString& id, const Action& choice) {
  Unit* ind = s_.FindUnit(id);
  if (choice.kind == ActionKind::kMove) {
    // Induna Rules: "A Zulu Induna may move 3D6 inches during his turn."
    Explanation why;
    double allowance = MovementRate(dice_, Mover::kInduna, WhyFor(why));
    ind = s_.FindUnit(id);
    // Moving Wounded Figures: "Wounded figures move at 1/2 speed."
    if (ind->figures.fit == 0) allowance /= 2;
    const Unit* target = s_.FindUnit(choice.target_id);
    const Vec2 goal = target->position;
    const double stop_short = Radius(*ind) + Radius(*target) + kContactGap / 2;
    std::vector<Vec2> path =
        MoveUnit(*ind, goal, allowance, stop_short, kContactGap / 2, /*stop_at_laager=*/true);
    if (!Explain()) return absl::OkStatus();
    why.text = absl::StrCat(why.text, " ", Describe(choice), ".");
    Event& e = LogWhy(EventKind::kMoved, Side::kZulu, why);
    e.unit_ids = {id};
    e.path = path;
  }
  return absl::OkStatus();
}

absl::Status FerreeBattle::IndunaOrders(const SharedString& id) {
  std::vector<Action> options = OrderOptions(id);
  if (options.size() == 1) return absl::OkStatus();
  PendingChoice p;
  p.choice = ZuluChoice::kIndunaOrder;
  p.unit_id = id;
  p.listed = std::make_shared<const std::vector<Action>>(std::move(options));
  Suspend(std::move(p));
  return absl::OkStatus();
}

}  // namespace impi::ferree
