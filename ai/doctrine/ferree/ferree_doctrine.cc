#include "ai/doctrine/ferree/ferree_doctrine.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ai/doctrine/ferree/battlefield.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ai {
namespace {

using ferree::Gap;
using ferree::RegimentOf;
using ferree::TraysOf;

constexpr double kFar = 1e9;
// Ferree's divisions (docs/ferree-engine.md: umpire.division).
constexpr int kRightHorn = 1;
constexpr int kChest = 2;
constexpr int kLeftHorn = 3;
constexpr int kLoins = 4;
// 001 "Zulu player determines which Regiments will move off-board": up to two
// regiments of the right horn and all of the loins.
constexpr int kMaxRightHornOffBoard = 2;
constexpr int kRightHornEntry = 1;
constexpr int kLoinsEntry = 2;
// How far wide of its target a horn aims while it is still out of rifle
// range: the horns envelop, the chest pins (designed).
constexpr double kHornWidth = 8.0;
// Where a sniper likes to stand: within good rifle range of the British but
// out of their best (designed).
constexpr double kSniperStandOff = 8.0;
// The average Zulu move: 2D6 (001 "The Zulu's movement rate is 2D6 inches").
constexpr double kExpectedMove = 7.0;

// Score bands: an option of a higher band beats any of a lower one.
constexpr double kMust = 200.0;  // charge / close; rise to charge
constexpr double kGood = 100.0;  // the doctrine's wish
constexpr double kFine = 50.0;
constexpr double kNeutral = 0.0;
constexpr double kAvoid = -50.0;
constexpr double kNever = -100.0;

const Unit* Mover(const BattleState& s, const Action& a) { return s.FindUnit(a.unit_id); }

bool Contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The mean position of a regiment's trays on the table (its own position if
// none).
Vec2 RegimentCentre(const BattleState& s, const Unit& regiment) {
  const std::vector<const Unit*> trays = TraysOf(s, regiment.id);
  if (trays.empty()) return regiment.position;
  Vec2 c = Vec2::Zero();
  for (const Unit* t : trays) c += t->position;
  return c / static_cast<double>(trays.size());
}

// A regiment lies prone if most of its trays do.
bool IsProne(const BattleState& s, const Unit& u) {
  if (u.kind != UnitKind::kRegiment) return u.stance == Stance::kProne;
  const std::vector<const Unit*> trays = TraysOf(s, u.id);
  if (trays.empty()) return u.stance == Stance::kProne;
  int prone = 0;
  for (const Unit* t : trays) prone += t->stance == Stance::kProne ? 1 : 0;
  return 2 * prone > static_cast<int>(trays.size());
}

bool SentOffBoard(const BattleState& s, const Unit& regiment) {
  for (const impi::ferree::SecretEntry& e : impi::ferree::Own(s).secret_entries) {
    if (e.unit_id == regiment.id) return true;
    const Unit* u = s.FindUnit(e.unit_id);
    if (u != nullptr && u->parent == regiment.id) return true;
  }
  return false;
}

// A regiment that has not acted this turn (its counter is still in the cup,
// if the cup is kept) and has not been ordered.
bool Unacted(const BattleState& s, const Unit& regiment) {
  if (regiment.status.acted || regiment.status.ordered || regiment.status.broken) return false;
  if (!impi::ferree::Own(s).chits_left.empty() && !Contains(impi::ferree::Own(s).chits_left, regiment.id)) return false;
  return !TraysOf(s, regiment.id).empty();
}

// Where a regiment's trays head: its concern, the horns aimed wide of it
// until they are within rifle range.
Vec2 MoveGoal(const BattleState& s, const Unit& regiment, ZuluPosture posture,
              const Unit* concern) {
  if (concern == nullptr) return ferree::CampCentre(s);
  Vec2 goal = concern->position;
  const int division = impi::ferree::UnitOf(s, regiment.id).division;
  if (posture == ZuluPosture::kAdvance && (division == kRightHorn || division == kLeftHorn)) {
    Vec2 chest;
    if (ferree::DivisionCentre(s, kChest, &chest)) {
      Vec2 out = RegimentCentre(s, regiment) - chest;
      if (out.norm() > 1e-6) goal += out.normalized() * kHornWidth;
    }
  }
  return goal;
}

// --- One small scoring function per kind of option. -----------------------

OptionScore ScoreOffBoard(const BattleState& s, const Action& a) {
  const Unit* u = Mover(s, a);
  const Unit* regiment = u != nullptr ? RegimentOf(s, *u) : nullptr;
  if (regiment == nullptr) return {kNever, "not a regiment"};
  if (SentOffBoard(s, *regiment)) return {kNever, "already sent off-board"};
  const int division = impi::ferree::UnitOf(s, regiment->id).division;
  if (division == kLoins) {
    // 001: "all of the regiments of the loins" may go round the rear.
    return a.point == kLoinsEntry
               ? OptionScore{kGood, absl::StrCat(regiment->name,
                                                 " (loins) goes round iSandlwana to entry point ",
                                                 a.point)}
               : OptionScore{kFine, "the loins prefer entry point 2"};
  }
  if (division == kRightHorn) {
    const std::vector<std::string> flankers = RightHornFlankers(s);
    if (!Contains(flankers, regiment->id)) {
      return {kAvoid, "this right-horn regiment stays to pin the British"};
    }
    return a.point == kRightHornEntry
               ? OptionScore{kGood + 1.0,
                             absl::StrCat(regiment->name,
                                          " (tip of the right horn) goes round iSandlwana to "
                                          "entry point ",
                                          a.point)}
               : OptionScore{kFine, "the right horn prefers entry point 1"};
  }
  return {kNever, "only the right horn and the loins may go off-board"};
}

OptionScore ScoreEndDeployment(const BattleState&, const Action&) {
  return {kNeutral + 10.0, "keep the scenario's positions"};
}

OptionScore ScoreDeploy(const BattleState&, const Action&) {
  return {kAvoid, "the scenario's positions are kept"};
}

// The smallest gap from the regiment's trays to a British unit that is
// firing.
double GapToFire(const BattleState& s, const std::string& regiment_id) {
  double best = kFar;
  for (const Unit& b : s.units) {
    if (!ferree::IsBritishFighter(b) || !ferree::IsFiring(s, b)) continue;
    for (const Unit* t : TraysOf(s, regiment_id)) best = std::min(best, Gap(*t, b));
  }
  return best;
}

// A MOVE: towards its target (`to`, `target_id`), upright or ending prone.
OptionScore ScoreRegimentMove(const BattleState& s, const Action& a, const Unit& mover,
                              const Unit& regiment) {
  if (a.off_table) return {kNever, "a Zulu regiment does not leave the table"};
  const Unit* concern = nullptr;
  const ZuluPosture posture = PostureOf(s, regiment.id, &concern);
  const Vec2 goal = MoveGoal(s, regiment, posture, concern);
  const Vec2 to = a.target_id.empty() || s.FindUnit(a.target_id) == nullptr
                      ? a.to
                      : s.FindUnit(a.target_id)->position;
  const double d = Distance(to, goal);
  const bool ends_prone = a.stance == Stance::kProne;
  const Unit* toward = a.target_id.empty() ? nullptr : s.FindUnit(a.target_id);
  const std::string where = toward != nullptr ? toward->name : std::string("the camp");
  switch (posture) {
    case ZuluPosture::kGoToGround:
      return {kAvoid - d / 100.0 + (ends_prone ? 10.0 : 0.0),
              absl::StrCat("under fire from ", concern->name, ": stay down, do not advance")};
    case ZuluPosture::kAttack: {
      // Contact: the moving tray (or regiment front) reaches the target.
      const double reach = mover.kind == UnitKind::kTray ? ferree::kTrayRadius + 0.5 : 2.0;
      const bool contact = d <= reach;
      return {
          kGood + (contact ? 15.0 : 0.0) - d / 10.0 - (ends_prone ? 30.0 : 0.0),
          absl::StrCat("charge ", where,
                       concern != toward ? absl::StrCat(" (", concern->name, " is near)") : "")};
    }
    case ZuluPosture::kAdvance:
    default: {
      // A rush that will end inside the 6"-12" band of a firing company ends
      // prone, in cover; otherwise the regiment runs on upright.
      const double fire_gap = GapToFire(s, regiment.id);
      const bool into_fire = fire_gap > ferree::kCloseRange + kExpectedMove &&
                             fire_gap <= ferree::kRifleRange + kExpectedMove;
      return {kGood - 20.0 - d / 10.0 + (ends_prone == into_fire ? 5.0 : -5.0),
              absl::StrCat("advance on ", where,
                           ends_prone ? " and go to ground at the end of the rush" : "")};
    }
  }
}

// The regiment an induna should go to and order: the unacted one nearest the
// enemy, a little further if it is out of the induna's reach (3D6, 10.5" on
// average).
const Unit* IndunaGoal(const BattleState& s, const Unit& induna) {
  const Unit* best = nullptr;
  double best_score = kFar;
  for (const Unit& r : s.units) {
    if (!ferree::IsZuluRegiment(r) || !Unacted(s, r)) continue;
    const double gap = ferree::RegimentGapToBritish(s, r.id);
    const double reach = std::max(0.0, Distance(induna.position, RegimentCentre(s, r)) - 10.5);
    const double score = std::min(gap, kFar) + 0.5 * reach;
    if (score < best_score) {
      best_score = score;
      best = &r;
    }
  }
  return best;
}

OptionScore ScoreIndunaMove(const BattleState& s, const Action& a, const Unit& induna) {
  if (a.off_table) return {kNever, "an induna stays with his men"};
  const Unit* goal_regiment = IndunaGoal(s, induna);
  if (goal_regiment != nullptr) {
    // End beside the regiment's tray nearest the enemy, to order it.
    const std::vector<const Unit*> trays = TraysOf(s, goal_regiment->id);
    Vec2 goal = RegimentCentre(s, *goal_regiment);
    double best = kFar;
    for (const Unit* t : trays) {
      const double g = ferree::NearestBritishTo(s, *t) != nullptr
                           ? Gap(*t, *ferree::NearestBritishTo(s, *t))
                           : kFar;
      if (g < best) {
        best = g;
        goal = t->position;
      }
    }
    // The option's tray: of the goal regiment itself (to order it), or of
    // another on the way.
    const Unit* tray = a.target_id.empty() ? nullptr : s.FindUnit(a.target_id);
    const Unit* via = tray != nullptr ? RegimentOf(s, *tray) : nullptr;
    if (via == goal_regiment) {
      return {kFine + 5.0 - Distance(a.to, goal) / 10.0,
              absl::StrCat("go to the ", goal_regiment->name, " to order it forward")};
    }
    return {kFine - Distance(a.to, goal) / 10.0,
            absl::StrCat("go towards the ", goal_regiment->name, ", nearest the enemy of those "
                         "yet to act",
                         via != nullptr ? absl::StrCat(", by the ", via->name) : "")};
  }
  // Nobody left to order: rally the nearest pinned tray (-1 with an induna).
  const Unit* pinned = nullptr;
  double best = kFar;
  for (const Unit& t : s.units) {
    if (!ferree::IsZuluTray(t) || !ferree::StillFighting(t) || !t.status.pinned) continue;
    const double d = Distance(induna.position, t.position);
    if (d < best) {
      best = d;
      pinned = &t;
    }
  }
  if (pinned != nullptr) {
    return {kFine - 10.0 - Distance(a.to, pinned->position) / 10.0,
            absl::StrCat("go to pinned ", pinned->name, " to rally it")};
  }
  return {kNeutral - 1.0, "nothing to order"};
}

// A sniper's own move (the engine moves him with his regiment; a caller may
// offer him a place of his own): 8" from the nearest British unit.
OptionScore ScoreSniperMove(const BattleState& s, const Action& a) {
  if (a.off_table) return {kNever, "a sniper stays on the table"};
  const Unit* b = ferree::NearestBritish(s, a.to);
  if (b == nullptr) return {kNeutral - 1.0, "no British in sight"};
  const double d = Distance(a.to, b->position);
  return {kFine - 10.0 - std::abs(d - kSniperStandOff) / 10.0,
          absl::StrCat("take a firing position ", static_cast<int>(std::lround(d)), "\" from ",
                       b->name)};
}

OptionScore ScoreMove(const BattleState& s, const Action& a) {
  const Unit* u = Mover(s, a);
  if (u == nullptr) return {kNever, "unknown unit"};
  switch (u->kind) {
    case UnitKind::kInduna: return ScoreIndunaMove(s, a, *u);
    case UnitKind::kSniper: return ScoreSniperMove(s, a);
    default: break;
  }
  const Unit* regiment = RegimentOf(s, *u);
  if (regiment == nullptr) return {kAvoid, "not part of a regiment"};
  return ScoreRegimentMove(s, a, *u, *regiment);
}

// 001 Taking Cover: "a unit that is prone is considered in cover. Going prone
// or standing up from prone costs 2" of movement".
OptionScore ScoreStance(const BattleState& s, const Action& a) {
  const Unit* u = Mover(s, a);
  const Unit* regiment = u != nullptr ? RegimentOf(s, *u) : nullptr;
  if (regiment == nullptr) return {kNever, "not part of a regiment"};
  const Unit* concern = nullptr;
  const ZuluPosture posture = PostureOf(s, regiment->id, &concern);
  const bool prone = IsProne(s, *u);
  if (a.stance == Stance::kProne) {
    if (posture == ZuluPosture::kGoToGround && !prone) {
      return {kGood + 30.0,
              absl::StrCat("go prone under the fire of ", concern->name, " (the pause at 12\")")};
    }
    return {kAvoid, "no reason to lie down"};
  }
  if (a.stance == Stance::kUpright) {
    if (prone && posture == ZuluPosture::kAttack) {
      return {kMust,
              absl::StrCat("rise and charge: the fire of ", concern->name, " has slackened")};
    }
    if (prone && posture == ZuluPosture::kAdvance) {
      return {kGood, "rise and advance: no fire holds the regiment down"};
    }
    return {kAvoid, prone ? "stay down under fire" : "already upright"};
  }
  return {kNever, "not a Zulu stance"};
}

// 001 Charging a Retiring Unit ("any Zulu tray within 6" ... may test"), and
// close combat ("An active Zulu figure that can, must initiate").
OptionScore ScoreCharge(const BattleState& s, const Action& a) {
  const Unit* u = Mover(s, a);
  const Unit* target = s.FindUnit(a.target_id);
  double v = kMust;
  if (target != nullptr) {
    if (target->status.retiring || target->status.routed) v += 20.0;
    if (u != nullptr) v -= Gap(*u, *target) / 10.0;
  }
  return {v, target != nullptr
                 ? absl::StrCat(
                       "charge ", target->name,
                       target->status.retiring || target->status.routed ? " as it falls back" : "")
                 : std::string("charge")};
}

// 001 Induna Rules: "If he ends his turn in contact with a unit that has not
// acted, he may order it to move."
OptionScore ScoreOrder(const BattleState& s, const Action& a) {
  const Unit* target = s.FindUnit(a.target_id);
  const Unit* regiment = target != nullptr ? RegimentOf(s, *target) : nullptr;
  if (regiment == nullptr) return {kNever, "not a regiment"};
  if (!Unacted(s, *regiment)) return {kNever, absl::StrCat(regiment->name, " has acted")};
  const double gap = ferree::RegimentGapToBritish(s, regiment->id);
  return {kGood - std::min(gap, 90.0) / 2.0,
          absl::StrFormat("order the %s forward: %.0f\" from the British", regiment->name,
                          std::min(gap, 999.0))};
}

// An officer the sniper can pick out: an officer figure standing alone, or a
// unit with only its officers left.
bool IsOfficerTarget(const Unit& u) {
  if (u.kind == UnitKind::kOfficer) return true;
  const int standing = u.figures.fit + u.figures.wounded;
  return u.leaders > 0 && standing > 0 && standing <= u.leaders;
}

// 001 Zulu Snipers: officers are hit only on 12 with 2D6, enlisted men on a
// 6, but the doctrine goes for the officers when it sees one (the brief of
// the Zulu marksmen); otherwise the nearest figure.
OptionScore ScoreFire(const BattleState& s, const Action& a) {
  const Unit* u = Mover(s, a);
  const Unit* target = s.FindUnit(a.target_id);
  if (u == nullptr || target == nullptr) return {kFine - 40.0, "fire"};
  const bool officer = IsOfficerTarget(*target);
  const double gap = Gap(*u, *target);
  return {kGood - 20.0 + (officer ? 30.0 : 0.0) - gap / 10.0,
          absl::StrCat(officer ? "shoot the officer " : "shoot at the nearest: ", target->name)};
}

OptionScore ScorePass(const BattleState& s, const Action& a) {
  const Unit* u = Mover(s, a);
  const Unit* regiment = u != nullptr ? RegimentOf(s, *u) : nullptr;
  if (regiment != nullptr) {
    const Unit* concern = nullptr;
    if (PostureOf(s, regiment->id, &concern) == ZuluPosture::kGoToGround && IsProne(s, *u)) {
      return {kGood, absl::StrCat("lie still under the fire of ", concern->name)};
    }
  }
  return {kNeutral, "nothing better"};
}

}  // namespace

const char* ZuluPostureName(ZuluPosture p) {
  switch (p) {
    case ZuluPosture::kAdvance: return "advance";
    case ZuluPosture::kGoToGround: return "go to ground";
    case ZuluPosture::kAttack: return "attack";
  }
  return "?";
}

ZuluPosture PostureOf(const BattleState& s, const std::string& regiment_id, const Unit** concern) {
  const std::vector<const Unit*> trays = TraysOf(s, regiment_id);
  const Unit* attack = nullptr;
  bool attack_slackened = false;
  double attack_gap = kFar;
  const Unit* ground = nullptr;
  double ground_gap = kFar;
  const Unit* nearest = nullptr;
  double nearest_gap = kFar;
  for (const Unit& b : s.units) {
    if (!ferree::IsBritishTarget(b)) continue;
    double gap = kFar;
    for (const Unit* t : trays) gap = std::min(gap, Gap(*t, b));
    if (gap < nearest_gap) {
      nearest_gap = gap;
      nearest = &b;
    }
    // Wagon drivers, runners, the surgeon and the seriously wounded do not
    // shoot: the regiment charges them at 6", and otherwise advances on them.
    const bool fighter = ferree::IsBritishFighter(b) && ferree::StillFighting(b);
    const bool slackened = !fighter || ferree::FireSlackened(s, b);
    const bool may_attack =
        gap <= ferree::kCloseRange || (fighter && gap <= ferree::kRifleRange && slackened);
    if (may_attack) {
      // A slackened unit first, then the nearest.
      if (attack == nullptr || (slackened && !attack_slackened) ||
          (slackened == attack_slackened && gap < attack_gap)) {
        attack = &b;
        attack_slackened = slackened;
        attack_gap = gap;
      }
    } else if (fighter && gap <= ferree::kRifleRange && ferree::IsFiring(s, b) &&
               gap < ground_gap) {
      ground = &b;
      ground_gap = gap;
    }
  }
  if (attack != nullptr) {
    if (concern != nullptr) *concern = attack;
    return ZuluPosture::kAttack;
  }
  if (ground != nullptr) {
    if (concern != nullptr) *concern = ground;
    return ZuluPosture::kGoToGround;
  }
  if (concern != nullptr) *concern = nearest;
  return ZuluPosture::kAdvance;
}

std::vector<std::string> RightHornFlankers(const BattleState& s) {
  int sent = 0;
  std::vector<std::pair<double, std::string>> candidates;
  Vec2 chest;
  const bool has_chest = ferree::DivisionCentre(s, kChest, &chest);
  const Vec2 camp = ferree::CampCentre(s);
  for (const Unit& r : s.units) {
    if (!ferree::IsZuluRegiment(r) || impi::ferree::UnitOf(s, r.id).division != kRightHorn) continue;
    if (SentOffBoard(s, r)) {
      ++sent;
      continue;
    }
    if (TraysOf(s, r.id).empty()) continue;
    const Vec2 c = RegimentCentre(s, r);
    // The tip of the horn: farthest from the chest (else from the camp).
    const double d = Distance(c, has_chest ? chest : camp);
    candidates.emplace_back(-d, r.id);
  }
  std::sort(candidates.begin(), candidates.end());
  std::vector<std::string> out;
  for (const auto& [neg_d, id] : candidates) {
    if (static_cast<int>(out.size()) + sent >= kMaxRightHornOffBoard) break;
    out.push_back(id);
  }
  return out;
}

OptionScore ScoreZuluOption(const BattleState& s, const Action& a) {
  switch (a.kind) {
    case ActionKind::kOffBoard: return ScoreOffBoard(s, a);
    case ActionKind::kEndDeployment: return ScoreEndDeployment(s, a);
    case ActionKind::kDeploy: return ScoreDeploy(s, a);
    case ActionKind::kMove: return ScoreMove(s, a);
    case ActionKind::kStance: return ScoreStance(s, a);
    case ActionKind::kCharge: return ScoreCharge(s, a);
    case ActionKind::kOrder: return ScoreOrder(s, a);
    case ActionKind::kFire: return ScoreFire(s, a);
    case ActionKind::kPass: return ScorePass(s, a);
    default: return {kNever, absl::StrCat(ActionKindName(a.kind), " is not a Zulu choice")};
  }
}

int FerreeDoctrine::Choose(const BattleState& state, const std::vector<Action>& options, Dice&,
                           std::string* why) {
  int best = 0;
  OptionScore best_score{-std::numeric_limits<double>::infinity(), ""};
  for (size_t i = 0; i < options.size(); ++i) {
    OptionScore sc = ScoreZuluOption(state, options[i]);
    if (sc.value > best_score.value) {
      best_score = std::move(sc);
      best = static_cast<int>(i);
    }
  }
  if (why != nullptr) {
    *why = absl::StrCat("Zulu doctrine (Ferree, designed): ", best_score.reason);
  }
  return best;
}

double ZuluValue(const BattleState& s) {
  double british_lost = 0.0;
  double british_total = 0.0;
  int regiments = 0;
  int broken = 0;
  for (const Unit& u : s.units) {
    if (ferree::IsBritishFighter(u)) {
      british_total += u.figures.Starting();
      british_lost += u.figures.Starting() - u.figures.fit - u.figures.wounded;
    } else if (ferree::IsZuluRegiment(u)) {
      ++regiments;
      bool figures_left = false;
      for (const Unit& t : s.units) {
        if (ferree::IsZuluTray(t) && t.parent == u.id && t.figures.fit > 0) figures_left = true;
      }
      if (u.status.broken || !figures_left) ++broken;
    }
  }
  const double lost = british_total > 0 ? british_lost / british_total : 0.0;
  const double gone = regiments > 0 ? static_cast<double>(broken) / regiments : 0.0;
  return std::clamp(lost - gone, -1.0, 1.0);
}

}  // namespace impi::ai
