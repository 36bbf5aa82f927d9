#include "ai/british/scripted_british.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ai/doctrine/ferree/battlefield.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ai {
namespace {

using ferree::Gap;

constexpr double kMust = 200.0;
constexpr double kGood = 100.0;
constexpr double kFine = 50.0;
constexpr double kNeutral = 0.0;
constexpr double kAvoid = -50.0;
constexpr double kNever = -100.0;
// Artillery reaches 48" (001 British Firing Table, artillery +24" - 48").
constexpr double kArtilleryRange = 48.0;
// A unit this far from the camp with no Zulu tray within 24" is not in the
// fight yet (a column coming up the road): it closes on the camp (designed).
constexpr double kOutOfTheFight = 40.0;

bool IsArtillery(const Unit& u) {
  return u.kind == UnitKind::kGun || u.kind == UnitKind::kRockets || u.kind == UnitKind::kGatling;
}

// What the scoring reads off the table for one decision, kept while its
// options are scored: the options of one decision share a state and are
// mostly one unit's, so the unit they name, the camp and whether that unit
// must fall back are worked out once. The answers are the plain functions'.
class Survey {
 public:
  explicit Survey(const BattleState& state) : s(state) {}

  const BattleState& s;

  // s.FindUnit(id) for the unit an option names; the last one is kept.
  const Unit* Mover(const SharedString& id) {
    if (mover_id_ == nullptr || *mover_id_ != id) {
      mover_ = s.FindUnit(id);
      mover_id_ = &id;
    }
    return mover_;
  }
  // s.FindUnit(id) for the unit an option aims at. The engine lists the
  // targets of one unit's options in the order of the units, so the units
  // after the last target found are tried first (a unit's id names it
  // alone: the first unit with the id is the one FindUnit finds).
  const Unit* Target(const SharedString& id) {
    const std::vector<Unit>& units = s.units;
    const size_t end = std::min(units.size(), next_target_ + kTargetLookAhead);
    for (size_t i = next_target_; i < end; ++i) {
      if (units[i].id == id) {
        next_target_ = i + 1;
        return &units[i];
      }
    }
    const int i = s.UnitIndex(id);
    if (i < 0) return nullptr;
    next_target_ = static_cast<size_t>(i) + 1;
    return &units[static_cast<size_t>(i)];
  }
  // ferree::CampCentre, worked out once.
  const Vec2& Camp() {
    if (!camp_known_) {
      camp_ = ferree::CampCentre(s);
      camp_known_ = true;
    }
    return camp_;
  }
  // The unit must fall back: a retire or retreat result (the engine marks
  // it), or Zulu trays within 3" on two sides. The last unit's answer is
  // kept.
  bool MustFallBack(const Unit& u) {
    if (u.status.retiring || u.status.routed) return true;
    if (flanked_unit_ != &u) {
      flanked_ = ferree::ThreatenedOnTwoSides(s, u, ferree::kFlankRange);
      flanked_unit_ = &u;
    }
    return flanked_;
  }

 private:
  // How many units after the last target Target tries before the index.
  static constexpr size_t kTargetLookAhead = 8;

  const SharedString* mover_id_ = nullptr;  // the id last looked up, in an option
  const Unit* mover_ = nullptr;
  size_t next_target_ = 0;  // the unit after the last target found
  bool camp_known_ = false;
  Vec2 camp_ = Vec2::Zero();
  const Unit* flanked_unit_ = nullptr;
  bool flanked_ = false;
};

// The smallest gap from `u` to a Zulu target: a tray's own, a regiment's
// through its trays.
double TargetGap(const BattleState& s, const Unit& shooter, const Unit& target) {
  if (target.kind != UnitKind::kRegiment) return Gap(shooter, target);
  double best = std::numeric_limits<double>::infinity();
  for (const Unit* t : ferree::FightingTraysOf(s, target.id)) {
    best = std::min(best, Gap(shooter, *t));
  }
  return best;
}

int TargetFigures(const BattleState& s, const Unit& target) {
  if (target.kind != UnitKind::kRegiment) return target.figures.fit;
  int n = 0;
  for (const Unit* t : ferree::FightingTraysOf(s, target.id)) n = std::max(n, t->figures.fit);
  return n;
}

bool TargetPinned(const BattleState& s, const Unit& target) {
  if (target.kind != UnitKind::kRegiment) return target.status.pinned;
  for (const Unit* t : ferree::FightingTraysOf(s, target.id)) {
    if (!t->status.pinned) return false;
  }
  return true;
}

// The reason in words, built only when asked for (`why`): the script scores
// every option and tells only the chosen one's.
template <typename Fn>
std::string Because(bool why, Fn&& fn) {
  return why ? fn() : std::string();
}

// --- One small scoring function per kind of option. -----------------------

// 001 British Firing Table; "Each artillery crewman is counted as 2 figures".
OptionScore ScoreFire(Survey& sv, const Action& a, bool why) {
  const BattleState& s = sv.s;
  const Unit* u = sv.Mover(a.unit_id);
  const Unit* target = sv.Target(a.target_id);
  if (u == nullptr || target == nullptr) return {kFine, "fire"};
  const double gap = TargetGap(s, *u, *target);
  const bool tray_like = target->kind == UnitKind::kTray || target->kind == UnitKind::kRegiment;
  if (IsArtillery(*u)) {
    // The largest tray in range, then the nearest.
    return {kGood + (tray_like ? TargetFigures(s, *target) : 0) - gap / 100.0,
            Because(why, [&] { return absl::StrCat("the gun fires at the largest target: ", target->name.str()); })};
  }
  if (!tray_like) {
    // Indunas and snipers are hard to hit (12 on 2D6, 6 on 1D6).
    return {kGood - 40.0 - gap / 10.0, Because(why, [&] { return absl::StrCat("fire at ", target->name.str()); })};
  }
  const bool close = gap <= ferree::kCloseRange;
  const bool unpinned = !TargetPinned(s, *target);
  return {kGood + (close ? 50.0 : 0.0) + (unpinned ? 20.0 : 0.0) - gap,
          Because(why, [&] { return absl::StrCat("fire at the most dangerous tray: ", target->name.str(),
                       close ? " within 6\"" : "", unpinned ? "" : " (pinned)"); })};
}

// 001 Fixing Bayonets: -1 to shooting, but regulars without them fight at -1.
OptionScore ScoreFixBayonets(Survey& sv, const Action& a, bool /*why*/) {
  const Unit* u = sv.Mover(a.unit_id);
  if (u == nullptr || u->status.bayonets_fixed) return {kNever, "bayonets already fixed"};
  if (ferree::AnyZuluTrayNear(sv.s, *u, ferree::kThreatRange)) {
    return {kGood + 80.0, "fix bayonets: Zulu trays within 6\""};
  }
  return {kAvoid, "keep the bayonets off while the Zulus are beyond 6\""};
}

// 001 Ammunition: a runner may go once the unit has fired the turns the
// table requires; the script sends one when running low.
OptionScore ScoreSendRunner(Survey& sv, const Action& a, bool /*why*/) {
  const Unit* u = sv.Mover(a.unit_id);
  if (u == nullptr || u->status.runner_out) return {kNever, "a runner is already out"};
  const bool low = u->status.ammunition == Ammunition::kLow ||
                   u->status.ammunition == Ammunition::kOut ||
                   u->status.turns_fired >= ferree::TurnsOfFire(u->kind) - 1;
  return low ? OptionScore{kFine + 30.0, "send a runner for ammunition: running low"}
             : OptionScore{kAvoid, "ammunition enough for now"};
}

OptionScore ScoreMove(Survey& sv, const Action& a, bool why) {
  const BattleState& s = sv.s;
  const Unit* u = sv.Mover(a.unit_id);
  if (u == nullptr) return {kNever, "unknown unit"};
  const Vec2 camp = sv.Camp();
  if (u->kind == UnitKind::kSurgeon) {
    const Unit* patient = nullptr;
    double best = std::numeric_limits<double>::infinity();
    for (const Unit& w : s.units) {
      if (w.side != Side::kBritish || !w.OnTable() || w.figures.wounded <= 0) continue;
      if (ferree::AnyZuluTrayNear(s, w, ferree::kThreatRange)) continue;
      const double d = Distance(u->position, w.position);
      if (d < best) {
        best = d;
        patient = &w;
      }
    }
    if (patient == nullptr) return {kAvoid, "no wounded to reach safely"};
    return {kFine - Distance(a.to, patient->position) / 10.0,
            Because(why, [&] { return absl::StrCat("the surgeon goes to the wounded of ", patient->name.str()); })};
  }
  if (a.off_table) {
    return u->status.routed ? OptionScore{kFine, "the routed unit escapes"}
                            : OptionScore{kNever, "hold the field"};
  }
  if (!u->OnTable()) {
    return {kGood - Distance(a.to, camp) / 10.0, "come on and make for the camp"};
  }
  if (sv.MustFallBack(*u)) {
    // Before it is cut off: this beats a last volley.
    return {kMust - Distance(a.to, camp) / 10.0,
            Because(why, [&] { return absl::StrCat(u->name.str(), " falls back towards the camp"); })};
  }
  if (ferree::IsBritishFighter(*u) && Distance(u->position, camp) > kOutOfTheFight &&
      !ferree::AnyZuluTrayNear(s, *u, ferree::kLongRange)) {
    return {kFine - Distance(a.to, camp) / 10.0, "come up to the camp"};
  }
  return {kAvoid - Distance(a.to, u->position) / 10.0, "hold the firing line"};
}

OptionScore ScoreStance(Survey& sv, const Action& a, bool /*why*/) {
  const Unit* u = sv.Mover(a.unit_id);
  if (u == nullptr) return {kNever, "unknown unit"};
  if (a.stance == Stance::kMounted && sv.MustFallBack(*u)) {
    return {kMust + 10.0, "mount to fall back"};
  }
  // British Firing Table: "Mounted figures Roll 1D6: 1-5=Miss 6=Hit", and
  // only the first rank fires. Mounted troops with Zulu trays within 12"
  // dismount to fire on foot (the dismount takes the move; the fire
  // follows), as the mounted troops did in the firing line.
  if (a.stance == Stance::kDismounted && !sv.MustFallBack(*u) &&
      ferree::AnyZuluTrayNear(sv.s, *u, ferree::kRifleRange)) {
    return {kGood + 75.0, "dismount to fire on foot: Zulu trays within 12\""};
  }
  return {kAvoid, "keep the stance"};
}

// 001 Artillery Movement: "Artillery may unlimber and fire".
OptionScore ScoreUnlimber(Survey& sv, const Action& a, bool /*why*/) {
  const Unit* u = sv.Mover(a.unit_id);
  if (u == nullptr || !u->OnTable() || !u->status.limbered) return {kNever, "cannot unlimber"};
  if (sv.MustFallBack(*u)) return {kAvoid, "no time to unlimber"};
  if (!ferree::AnyZuluTrayNear(sv.s, *u, kArtilleryRange)) {
    return {kNeutral - 1.0, "no target in range yet"};
  }
  return {kGood + 40.0, "unlimber to fire"};
}

OptionScore ScoreLimber(Survey& sv, const Action& a, bool /*why*/) {
  const Unit* u = sv.Mover(a.unit_id);
  if (u != nullptr && !u->status.limbered && sv.MustFallBack(*u)) {
    return {kMust + 10.0, "limber up to fall back with the guns"};
  }
  return {kAvoid, "the guns stay in action"};
}

// 001 D. Deployment Of British Troops: the engine offers DEPLOY only where
// the situation allows. Pulled in: every company offered goes (nearest the
// camp first); fortified: the companies nearest the laager or thornbush go
// in, up to the number the engine still offers. Historical: the scenario's
// positions are kept.
OptionScore ScoreDeploy(Survey& sv, const Action& a, bool why) {
  const BattleState& s = sv.s;
  const Unit* u = sv.Mover(a.unit_id);
  if (u == nullptr) return {kNever, "unknown unit"};
  switch (impi::ferree::Own(s).situation.deployment) {
    case impi::ferree::Deployment::kPulledIn:
      return {kGood - Distance(u->position, a.to) / 100.0,
              Because(why, [&] { return absl::StrCat(u->name.str(), " is pulled in towards the camp"); })};
    case impi::ferree::Deployment::kHalfFortified:
    case impi::ferree::Deployment::kAllFortified:
      return {kGood - Distance(u->position, a.to) / 100.0,
              Because(why, [&] { return absl::StrCat(u->name.str(), " goes into the fortified position"); })};
    default:
      return {kAvoid, "the scenario's positions are kept"};
  }
}

OptionScore Score(Survey& sv, const Action& a, bool why) {
  switch (a.kind) {
    case ActionKind::kEndDeployment: return {kNeutral + 10.0, "keep the scenario's positions"};
    case ActionKind::kDeploy: return ScoreDeploy(sv, a, why);
    case ActionKind::kFire: return ScoreFire(sv, a, why);
    case ActionKind::kFixBayonets: return ScoreFixBayonets(sv, a, why);
    case ActionKind::kSendRunner: return ScoreSendRunner(sv, a, why);
    case ActionKind::kMove: return ScoreMove(sv, a, why);
    case ActionKind::kStance: return ScoreStance(sv, a, why);
    case ActionKind::kUnlimber: return ScoreUnlimber(sv, a, why);
    case ActionKind::kLimber: return ScoreLimber(sv, a, why);
    case ActionKind::kCharge: return {kAvoid + 20.0, "hold the line rather than charge"};
    case ActionKind::kPass: return {kNeutral, "done"};
    default:
      return {kNever, Because(why, [&] {
                return absl::StrCat(ActionKindName(a.kind), " is not for the script");
              })};
  }
}

}  // namespace

OptionScore ScoreBritishOption(const BattleState& s, const Action& a, bool why) {
  Survey sv(s);
  return Score(sv, a, why);
}

int ScriptedBritish::Choose(const BattleState& state, const std::vector<Action>& options, Dice&,
                            std::string* why) {
  int best = 0;
  OptionScore best_score{-std::numeric_limits<double>::infinity(), ""};
  // One survey for all the options: they share the state.
  Survey sv(state);
  for (size_t i = 0; i < options.size(); ++i) {
    OptionScore sc = Score(sv, options[i], /*why=*/false);
    if (sc.value > best_score.value) {
      best_score = std::move(sc);
      best = static_cast<int>(i);
    }
  }
  if (why != nullptr && !options.empty()) {
    *why = absl::StrCat("British script: ", ScoreBritishOption(state, options[best]).reason());
  } else if (why != nullptr) {
    *why = "British script: ";
  }
  return best;
}

}  // namespace impi::ai
