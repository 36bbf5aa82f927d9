#include "ai/doctrine/ferree/ferree_doctrine.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ai/doctrine/ferree/battlefield.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ai {
namespace {

using ferree::Gap;
using ferree::RegimentOf;

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

// Where an induna heads: beside the goal regiment's tray nearest the enemy,
// to order it (the same for every option of one decision: worked out once).
struct IndunaAim {
  const Unit* induna = nullptr;
  const Unit* regiment = nullptr;
  Vec2 goal = Vec2::Zero();
  // With no regiment to order: the pinned tray nearest him (found once).
  bool pinned_known = false;
  const Unit* pinned = nullptr;
};

// What the scoring reads off the table for one decision, worked out once and
// kept: the options of one decision share a state, and most of them ask the
// same questions (a regiment's posture, which British units are firing). The
// answers are the plain functions' (ferree::IsFiring, PostureOfUncached ...),
// so the scores are the same with or without the survey. `explain` false
// leaves every reason empty (nobody reads it).
class Survey {
 public:
  // A regiment's trays (up to 8), kept without allocating.
  using Trays = absl::InlinedVector<const Unit*, 8>;

  Survey(const BattleState& state, bool explain, FerreeStyle style = FerreeStyle::kDoctrine)
      : s(state), style(style), explain_(explain) {}
  ~Survey() {
    if (Spare() == nullptr) Spare() = std::move(lists_);
  }
  Survey(const Survey&) = delete;
  Survey& operator=(const Survey&) = delete;

  const BattleState& s;
  const FerreeStyle style;

  // The reason, built only when someone reads it.
  template <typename Fn>
  std::string Why(Fn fn) const {
    return explain_ ? std::string(fn()) : std::string();
  }

  bool IsFiring(const Unit& b) {
    return Memo(firing_, b, [&] {
      // The fired-on lists, walked once a survey (ferree::IsFiring's walk).
      if (!named_known_) {
        ferree::NamedByZuluFiredOn(s, &named_);
        named_known_ = true;
      }
      return ferree::IsFiring(b, named_);
    });
  }
  // (Off the trays gathered, if they are; else a pass over the roster's
  // trays near the unit, which stops at the first: the same answer.)
  bool FireSlackened(const Unit& b) {
    return Memo(slackened_, b, [&] {
      return trays_gathered_ ? ferree::FireSlackened(zulu_trays_, b) : ferree::FireSlackened(s, b);
    });
  }
  // The British targets (ferree::BritishTargets), gathered once.
  const std::vector<const Unit*>& Targets() {
    if (!targets_gathered_) {
      ferree::BritishTargets(s, &targets_);
      targets_gathered_ = true;
    }
    return targets_;
  }
  // The Zulu trays still fighting, in the order of the units, gathered once.
  const std::vector<const Unit*>& ZuluTrays() {
    if (!trays_gathered_) {
      ferree::FightingZuluTrays(s, &zulu_trays_);
      trays_gathered_ = true;
    }
    return zulu_trays_;
  }
  // `regiment` is a unit of the state, or a stand-in for an id of none.
  const Trays& TraysOf(const Unit& regiment) {
    Entry& e = EntryOf(regiment);
    if (!e.trays_known) {
      if (&e == &stand_in_) {
        const impi::ferree::TrayList trays = ferree::FightingTraysOf(s, regiment.id);
        e.trays.assign(trays.begin(), trays.end());
      } else if (impi::ferree::RosterOf(s) != nullptr) {
        // ferree::FightingTraysOf, off the roster.
        impi::ferree::ForEachTrayOf(s, regiment.id, impi::ferree::WhichTrays::kStillFighting,
                                    [&](const Unit& t) { e.trays.push_back(&t); });
      } else {
        // ferree::FightingTraysOf: the trays still fighting that name it as parent.
        for (const Unit* t : ZuluTrays()) {
          if (t->parent == regiment.id) e.trays.push_back(t);
        }
      }
      e.trays_known = true;
    }
    return e.trays;
  }
  // Gathers the trays of every regiment in one pass over the units, for a
  // question about all of them (unit ids are unique: a tray's parent names
  // one unit). With a roster, each regiment's trays are read off it when
  // first asked (TraysOf) instead: the same lists, with no pass over every
  // tray.
  void GatherAllTrays() {
    if (grouped_ || impi::ferree::RosterOf(s) != nullptr) return;
    GroupTrays();
  }
  ZuluPosture PostureOf(const Unit& regiment, const Unit** concern);
  // GapToFire, worked out once a regiment: every move option of its asks it.
  template <typename Fn>
  double FireGap(const Unit& regiment, Fn gap_to_fire) {
    Entry& e = EntryOf(regiment);
    if (!e.fire_gap_known) {
      e.fire_gap = gap_to_fire();
      e.fire_gap_known = true;
    }
    return e.fire_gap;
  }
  // impi::ferree::UnitOf(s, regiment).division, looked up once.
  int Division(const Unit& regiment) {
    Entry& e = EntryOf(regiment);
    if (!e.division_known) {
      e.division = impi::ferree::UnitOf(s, regiment).division;
      e.division_known = true;
    }
    return e.division;
  }
  // The last induna's aim (AimOf).
  IndunaAim* induna_aim() { return &induna_aim_; }
  // ferree::RegimentGapToBritish of a regiment of the state, and the first
  // of its trays at that gap (nullptr if there is no British target).
  double RegimentGapToBritish(const Unit& regiment, const Unit** nearest_tray = nullptr) {
    Entry& e = EntryOf(regiment);
    if (!e.gap_known) {
      const Trays& trays = TraysOf(regiment);
      e.gap = ferree::TraysGapToBritish(trays, Targets(), nullptr, &e.gap_tray);
      e.gap_known = true;
    }
    if (nearest_tray != nullptr) *nearest_tray = e.gap_tray;
    return e.gap;
  }
  // ferree::DivisionCentre of the chest, worked out once a survey: every
  // horn regiment's move options ask it.
  bool ChestCentre(Vec2* centre) {
    if (chest_state_ == 0) chest_state_ = ferree::DivisionCentre(s, kChest, &chest_) ? 1 : 2;
    if (chest_state_ == 1) *centre = chest_;
    return chest_state_ == 1;
  }

 private:
  template <typename Fn>
  bool Memo(std::vector<signed char>& memo, const Unit& u, Fn fn) {
    if (memo.empty()) memo.assign(s.units.size(), -1);
    signed char& m = memo[static_cast<size_t>(&u - s.units.data())];
    if (m < 0) m = fn() ? 1 : 0;
    return m == 1;
  }

  // What is known of one regiment.
  struct Entry {
    bool trays_known = false;
    bool grouping = false;  // its trays being gathered by GroupTrays
    Trays trays;
    bool gap_known = false;
    double gap = 0.0;
    const Unit* gap_tray = nullptr;
    bool posture_known = false;
    ZuluPosture posture = ZuluPosture::kAdvance;
    const Unit* concern = nullptr;
    bool fire_gap_known = false;
    double fire_gap = 0.0;
    bool division_known = false;
    int division = 0;
  };
  // A regiment's trays usually stand together in the list: the parent is
  // looked up once for each run of them.
  void GroupTrays() {
    grouped_ = true;
    const SharedString* last_parent = nullptr;
    Entry* last = nullptr;
    for (const Unit* tray : ZuluTrays()) {
      if (last_parent == nullptr || tray->parent != *last_parent) {
        last_parent = &tray->parent;
        const int i = s.UnitIndex(tray->parent);
        last = i < 0 ? nullptr : &EntryOf(s.units[static_cast<size_t>(i)]);
        // Entries known before keep their lists (gathered by TraysOf).
        if (last != nullptr && last->trays_known && !last->grouping) last = nullptr;
        if (last != nullptr) {
          last->trays_known = true;
          last->grouping = true;
        }
      }
      if (last != nullptr) last->trays.push_back(tray);
    }
    for (Entry& e : entries_) e.grouping = false;
  }

  // A unit of the state has its entry by position; a stand-in has its own.
  Entry& EntryOf(const Unit& u) {
    const size_t i = static_cast<size_t>(&u - s.units.data());
    if (&u < s.units.data() || i >= s.units.size()) return stand_in_;
    if (slot_.empty()) slot_.resize(s.units.size());
    if (slot_[i] == 0) {
      // Room for an entry a unit, made with the first: the list never
      // grows past it, so references to entries stay valid.
      if (entries_.empty() && entries_.capacity() < s.units.size()) {
        entries_.reserve(s.units.size());
      }
      entries_.emplace_back();
      slot_[i] = static_cast<int>(entries_.size());
    }
    return entries_[static_cast<size_t>(slot_[i] - 1)];
  }

  // The survey's lists, kept between surveys on a thread: a survey borrows
  // the thread's spare (emptied) and gives it back, and one made while
  // another holds it makes its own, so a warm decision allocates none.
  struct Lists {
    std::vector<const Unit*> targets;
    std::vector<const Unit*> zulu_trays;
    std::vector<signed char> firing;
    std::vector<SharedString> named;
    std::vector<signed char> slackened;
    std::vector<int> slot;
    std::vector<Entry> entries;
  };
  static std::unique_ptr<Lists>& Spare() {
    thread_local std::unique_ptr<Lists> spare;
    return spare;
  }
  static std::unique_ptr<Lists> Borrow() {
    std::unique_ptr<Lists> lists = std::move(Spare());
    if (lists == nullptr) return std::make_unique<Lists>();
    lists->targets.clear();
    lists->zulu_trays.clear();
    lists->firing.clear();
    lists->named.clear();
    lists->slackened.clear();
    lists->slot.clear();
    lists->entries.clear();
    return lists;
  }

  bool explain_;
  bool grouped_ = false;  // every entry's trays gathered
  bool targets_gathered_ = false;  // targets_ gathered
  bool trays_gathered_ = false;  // zulu_trays_ gathered
  bool named_known_ = false;  // named_ gathered
  std::unique_ptr<Lists> lists_ = Borrow();
  std::vector<const Unit*>& targets_ = lists_->targets;
  std::vector<const Unit*>& zulu_trays_ = lists_->zulu_trays;
  std::vector<signed char>& firing_ = lists_->firing;
  std::vector<SharedString>& named_ = lists_->named;  // ferree::NamedByZuluFiredOn
  std::vector<signed char>& slackened_ = lists_->slackened;
  std::vector<int>& slot_ = lists_->slot;  // 1 + a unit's entry in entries_, 0 none yet
  std::vector<Entry>& entries_ = lists_->entries;  // at most one a unit, in room made at once
  Entry stand_in_;
  IndunaAim induna_aim_;
  int chest_state_ = 0;  // ChestCentre: 0 not yet asked, 1 chest_ holds it, 2 none
  Vec2 chest_ = Vec2::Zero();
};

bool Contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The same for pooled ids, compared by address (SharedString).
bool Contains(const std::vector<SharedString>& v, const SharedString& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The mean position of a regiment's trays on the table (its own position if
// none).
Vec2 RegimentCentre(Survey& sv, const Unit& regiment) {
  const Survey::Trays& trays = sv.TraysOf(regiment);
  if (trays.empty()) return regiment.position;
  Vec2 c = Vec2::Zero();
  for (const Unit* t : trays) c += t->position;
  return c / static_cast<double>(trays.size());
}

// A regiment lies prone if most of its trays do.
bool IsProne(Survey& sv, const Unit& u) {
  if (u.kind != UnitKind::kRegiment) return u.stance == Stance::kProne;
  const Survey::Trays& trays = sv.TraysOf(u);
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
bool Unacted(Survey& sv, const Unit& regiment) {
  const BattleState& s = sv.s;
  if (regiment.status.acted || regiment.status.ordered || regiment.status.broken) return false;
  const std::vector<SharedString>& chits = impi::ferree::Own(s).chits_left;
  if (!chits.empty() && !Contains(chits, regiment.id)) return false;
  return !sv.TraysOf(regiment).empty();
}

// Where a regiment's trays head: its concern, the horns aimed wide of it
// until they are within rifle range.
Vec2 MoveGoal(Survey& sv, const Unit& regiment, ZuluPosture posture, const Unit* concern) {
  const BattleState& s = sv.s;
  if (concern == nullptr) return ferree::CampCentre(s);
  Vec2 goal = concern->position;
  const int division = sv.Division(regiment);
  if (posture == ZuluPosture::kAdvance && (division == kRightHorn || division == kLeftHorn)) {
    Vec2 chest;
    if (sv.ChestCentre(&chest)) {
      Vec2 out = RegimentCentre(sv, regiment) - chest;
      if (out.norm() > 1e-6) goal += out.normalized() * kHornWidth;
    }
  }
  return goal;
}

// --- One small scoring function per kind of option. -----------------------

OptionScore ScoreOffBoard(Survey& sv, const Action& a) {
  const BattleState& s = sv.s;
  const Unit* u = Mover(s, a);
  const Unit* regiment = u != nullptr ? RegimentOf(s, *u) : nullptr;
  if (regiment == nullptr) return {kNever, "not a regiment"};
  if (SentOffBoard(s, *regiment)) return {kNever, "already sent off-board"};
  const int division = impi::ferree::UnitOf(s, *regiment).division;
  if (division == kLoins) {
    // 001: "all of the regiments of the loins" may go round the rear.
    return a.point == kLoinsEntry
               ? OptionScore{kGood, sv.Why([&] {
                               return absl::StrCat(regiment->name.str(),
                                                   " (loins) goes round iSandlwana to entry point ",
                                                   a.point);
                             })}
               : OptionScore{kFine, "the loins prefer entry point 2"};
  }
  if (division == kRightHorn) {
    const std::vector<std::string> flankers = RightHornFlankers(s);
    if (!Contains(flankers, regiment->id)) {
      return {kAvoid, "this right-horn regiment stays to pin the British"};
    }
    return a.point == kRightHornEntry
               ? OptionScore{kGood + 1.0, sv.Why([&] {
                               return absl::StrCat(regiment->name.str(),
                                                   " (tip of the right horn) goes round "
                                                   "iSandlwana to entry point ",
                                                   a.point);
                             })}
               : OptionScore{kFine, "the right horn prefers entry point 1"};
  }
  return {kNever, "only the right horn and the loins may go off-board"};
}

OptionScore ScoreEndDeployment(Survey&, const Action&) {
  return {kNeutral + 10.0, "keep the scenario's positions"};
}

OptionScore ScoreDeploy(Survey&, const Action&) {
  return {kAvoid, "the scenario's positions are kept"};
}

// The smallest gap from the regiment's trays to a British unit that is
// firing. (Whether a unit is firing is asked only of a unit nearer than the
// best so far: the minimum is the same.)
double GapToFire(Survey& sv, const Unit& regiment) {
  // Among the British targets: a fighter that is not one (off the table or
  // with no figures) is not firing.
  const Survey::Trays& trays = sv.TraysOf(regiment);
  double best = kFar;
  for (const Unit* b : sv.Targets()) {
    if (!ferree::IsBritishFighter(*b)) continue;
    double gap = kFar;
    for (const Unit* t : trays) gap = std::min(gap, Gap(*t, *b));
    if (gap < best && sv.IsFiring(*b)) best = gap;
  }
  return best;
}

// A MOVE: towards its target (`to`, `target_id`), upright or ending prone.
OptionScore ScoreRegimentMove(Survey& sv, const Action& a, const Unit& mover,
                              const Unit& regiment) {
  const BattleState& s = sv.s;
  if (a.off_table) return {kNever, "a Zulu regiment does not leave the table"};
  const Unit* concern = nullptr;
  const ZuluPosture posture = sv.PostureOf(regiment, &concern);
  const Vec2 goal = MoveGoal(sv, regiment, posture, concern);
  const Unit* toward = a.target_id.empty() ? nullptr : s.FindUnit(a.target_id);
  const Vec2 to = toward == nullptr ? a.to : toward->position;
  const double d = Distance(to, goal);
  const bool ends_prone = a.stance == Stance::kProne;
  auto where = [&] { return toward != nullptr ? toward->name.str() : std::string("the camp"); };
  switch (posture) {
    case ZuluPosture::kGoToGround:
      return {kAvoid - d / 100.0 + (ends_prone ? 10.0 : 0.0), sv.Why([&] {
                return absl::StrCat("under fire from ", concern->name.str(),
                                    ": stay down, do not advance");
              })};
    case ZuluPosture::kAttack: {
      // Contact: the moving tray (or regiment front) reaches the target.
      const double reach = mover.kind == UnitKind::kTray ? ferree::kTrayRadius + 0.5 : 2.0;
      const bool contact = d <= reach;
      return {kGood + (contact ? 15.0 : 0.0) - d / 10.0 - (ends_prone ? 30.0 : 0.0),
              sv.Why([&] {
                return absl::StrCat(
                    "charge ", where(),
                    concern != toward ? absl::StrCat(" (", concern->name.str(), " is near)") : "");
              })};
    }
    case ZuluPosture::kAdvance:
    default: {
      // A rush that will end inside the 6"-12" band of a firing company ends
      // prone, in cover; otherwise the regiment runs on upright.
      const double fire_gap = sv.FireGap(regiment, [&] { return GapToFire(sv, regiment); });
      const bool into_fire = fire_gap > ferree::kCloseRange + kExpectedMove &&
                             fire_gap <= ferree::kRifleRange + kExpectedMove;
      return {kGood - 20.0 - d / 10.0 + (ends_prone == into_fire ? 5.0 : -5.0), sv.Why([&] {
                return absl::StrCat("advance on ", where(),
                                    ends_prone ? " and go to ground at the end of the rush" : "");
              })};
    }
  }
}

// The regiment an induna should go to and order: the unacted one of his
// division nearest the enemy, a little further if it is out of the induna's
// reach (3D6, 10.5" on average).
//
// The score is the gap to the British plus half the reach. The gap is the
// costly part and is never negative, so the regiments are taken nearest
// first and the gap is worked out only while half the reach could still
// beat (or tie) the best score; ties go to the earlier unit, as in a plain
// pass over the units.
const Unit* IndunaGoal(Survey& sv, const Unit& induna) {
  struct Candidate {
    double half_reach;
    size_t index;
  };
  // (On the stack for the regiments of a battle: nothing allocated.)
  absl::InlinedVector<Candidate, 24> candidates;
  sv.GatherAllTrays();
  const std::vector<Unit>& units = sv.s.units;
  // An induna keeps to his division (the horns, chest and loins each had
  // their own commanders): only regiments of his division (his own, or his
  // regiment's); the army's commander (neither) goes anywhere.
  int division = impi::ferree::UnitOf(sv.s, induna).division;
  if (division == 0 && !induna.parent.empty()) {
    division = impi::ferree::UnitOf(sv.s, induna.parent).division;
  }
  impi::ferree::ForEachRegiment(sv.s, [&](const Unit& r) {
    if (!ferree::IsZuluRegiment(r) || !Unacted(sv, r)) return;
    if (division != 0 && sv.Division(r) != division) return;
    const double reach = std::max(0.0, Distance(induna.position, RegimentCentre(sv, r)) - 10.5);
    candidates.push_back({0.5 * reach, static_cast<size_t>(&r - units.data())});
  });
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.half_reach < b.half_reach; });
  const Unit* best = nullptr;
  size_t best_index = 0;
  double best_score = kFar;
  for (const Candidate& c : candidates) {
    if (c.half_reach > best_score) break;  // score >= half_reach: no better, no tie
    const Unit& r = units[c.index];
    const double gap = sv.RegimentGapToBritish(r);
    const double score = std::min(gap, kFar) + c.half_reach;
    if (score < best_score || (best != nullptr && score == best_score && c.index < best_index)) {
      best_score = score;
      best = &r;
      best_index = c.index;
    }
  }
  return best;
}

IndunaAim AimOf(Survey& sv, const Unit& induna, IndunaAim* cache) {
  if (cache->induna == &induna) return *cache;
  IndunaAim aim;
  aim.induna = &induna;
  aim.regiment = IndunaGoal(sv, induna);
  if (aim.regiment != nullptr) {
    // End beside the regiment's tray nearest the enemy (the first of those
    // at its gap to the British), to order it.
    aim.goal = RegimentCentre(sv, *aim.regiment);
    const Unit* nearest_tray = nullptr;
    const double gap = sv.RegimentGapToBritish(*aim.regiment, &nearest_tray);
    if (nearest_tray != nullptr && gap < kFar) aim.goal = nearest_tray->position;
  }
  *cache = aim;
  return aim;
}

OptionScore ScoreIndunaMove(Survey& sv, const Action& a, const Unit& induna) {
  const BattleState& s = sv.s;
  if (a.off_table) return {kNever, "an induna stays with his men"};
  const IndunaAim aim = AimOf(sv, induna, sv.induna_aim());
  const Unit* goal_regiment = aim.regiment;
  if (goal_regiment != nullptr) {
    const Vec2 goal = aim.goal;
    // The option's tray: of the goal regiment itself (to order it), or of
    // another on the way.
    const Unit* tray = a.target_id.empty() ? nullptr : s.FindUnit(a.target_id);
    const Unit* via = tray != nullptr ? RegimentOf(s, *tray) : nullptr;
    if (via == goal_regiment) {
      return {kFine + 5.0 - Distance(a.to, goal) / 10.0, sv.Why([&] {
                return absl::StrCat("go to the ", goal_regiment->name.str(), " to order it forward");
              })};
    }
    return {kFine - Distance(a.to, goal) / 10.0, sv.Why([&] {
              return absl::StrCat("go towards the ", goal_regiment->name.str(),
                                  ", nearest the enemy of those "
                                  "yet to act",
                                  via != nullptr ? absl::StrCat(", by the ", via->name.str()) : "");
            })};
  }
  // Nobody left to order: rally the nearest pinned tray (-1 with an induna).
  // The same for every option of his: looked for once.
  IndunaAim* cache = sv.induna_aim();
  if (cache->induna == &induna && !cache->pinned_known) {
    double best = kFar;
    for (const Unit* t : sv.ZuluTrays()) {
      if (!t->status.pinned) continue;
      const double d = Distance(induna.position, t->position);
      if (d < best) {
        best = d;
        cache->pinned = t;
      }
    }
    cache->pinned_known = true;
  }
  const Unit* pinned = cache->pinned;
  if (pinned != nullptr) {
    return {kFine - 10.0 - Distance(a.to, pinned->position) / 10.0,
            sv.Why([&] { return absl::StrCat("go to pinned ", pinned->name.str(), " to rally it"); })};
  }
  return {kNeutral - 1.0, "nothing to order"};
}

// A sniper's own move (the engine moves him with his regiment; a caller may
// offer him a place of his own): 8" from the nearest British unit.
OptionScore ScoreSniperMove(Survey& sv, const Action& a) {
  if (a.off_table) return {kNever, "a sniper stays on the table"};
  const Unit* b = ferree::NearestBritish(sv.s, a.to);
  if (b == nullptr) return {kNeutral - 1.0, "no British in sight"};
  const double d = Distance(a.to, b->position);
  return {kFine - 10.0 - std::abs(d - kSniperStandOff) / 10.0, sv.Why([&] {
            return absl::StrCat("take a firing position ", static_cast<int>(std::lround(d)),
                                "\" from ", b->name.str());
          })};
}

OptionScore ScoreMove(Survey& sv, const Action& a) {
  const Unit* u = Mover(sv.s, a);
  if (u == nullptr) return {kNever, "unknown unit"};
  switch (u->kind) {
    case UnitKind::kInduna: return ScoreIndunaMove(sv, a, *u);
    case UnitKind::kSniper: return ScoreSniperMove(sv, a);
    default: break;
  }
  const Unit* regiment = RegimentOf(sv.s, *u);
  if (regiment == nullptr) return {kAvoid, "not part of a regiment"};
  return ScoreRegimentMove(sv, a, *u, *regiment);
}

// 001 Taking Cover: "a unit that is prone is considered in cover. Going prone
// or standing up from prone costs 2" of movement".
OptionScore ScoreStance(Survey& sv, const Action& a) {
  const Unit* u = Mover(sv.s, a);
  const Unit* regiment = u != nullptr ? RegimentOf(sv.s, *u) : nullptr;
  if (regiment == nullptr) return {kNever, "not part of a regiment"};
  // The posture is asked only where it decides.
  const Unit* concern = nullptr;
  const bool prone = IsProne(sv, *u);
  if (a.stance == Stance::kProne) {
    if (!prone && sv.PostureOf(*regiment, &concern) == ZuluPosture::kGoToGround) {
      return {kGood + 30.0, sv.Why([&] {
                return absl::StrCat("go prone under the fire of ", concern->name.str(),
                                    " (the pause at 12\")");
              })};
    }
    return {kAvoid, "no reason to lie down"};
  }
  if (a.stance == Stance::kUpright) {
    if (!prone) return {kAvoid, "already upright"};
    const ZuluPosture posture = sv.PostureOf(*regiment, &concern);
    if (posture == ZuluPosture::kAttack) {
      return {kMust, sv.Why([&] {
                return absl::StrCat("rise and charge: the fire of ", concern->name.str(),
                                    " has slackened");
              })};
    }
    if (posture == ZuluPosture::kAdvance) {
      return {kGood, "rise and advance: no fire holds the regiment down"};
    }
    return {kAvoid, "stay down under fire"};
  }
  return {kNever, "not a Zulu stance"};
}

// 001 Charging a Retiring Unit ("any Zulu tray within 6" ... may test"), and
// close combat ("An active Zulu figure that can, must initiate").
OptionScore ScoreCharge(Survey& sv, const Action& a) {
  const Unit* u = Mover(sv.s, a);
  const Unit* target = sv.s.FindUnit(a.target_id);
  double v = kMust;
  if (target != nullptr) {
    if (target->status.retiring || target->status.routed) v += 20.0;
    if (u != nullptr) v -= Gap(*u, *target) / 10.0;
  }
  return {v, target != nullptr ? sv.Why([&] {
                 return absl::StrCat("charge ", target->name.str(),
                                     target->status.retiring || target->status.routed
                                         ? " as it falls back"
                                         : "");
               })
                               : std::string("charge")};
}

// 001 Induna Rules: "If he ends his turn in contact with a unit that has not
// acted, he may order it to move."
OptionScore ScoreOrder(Survey& sv, const Action& a) {
  const Unit* target = sv.s.FindUnit(a.target_id);
  const Unit* regiment = target != nullptr ? RegimentOf(sv.s, *target) : nullptr;
  if (regiment == nullptr) return {kNever, "not a regiment"};
  if (!Unacted(sv, *regiment)) {
    return {kNever, sv.Why([&] { return absl::StrCat(regiment->name.str(), " has acted"); })};
  }
  const double gap = sv.RegimentGapToBritish(*regiment);
  return {kGood - std::min(gap, 90.0) / 2.0, sv.Why([&] {
            return absl::StrFormat("order the %s forward: %.0f\" from the British",
                                   regiment->name.str(), std::min(gap, 999.0));
          })};
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
OptionScore ScoreFire(Survey& sv, const Action& a) {
  const Unit* u = Mover(sv.s, a);
  const Unit* target = sv.s.FindUnit(a.target_id);
  if (u == nullptr || target == nullptr) return {kFine - 40.0, "fire"};
  const bool officer = IsOfficerTarget(*target);
  const double gap = Gap(*u, *target);
  return {kGood - 20.0 + (officer ? 30.0 : 0.0) - gap / 10.0, sv.Why([&] {
            return absl::StrCat(officer ? "shoot the officer " : "shoot at the nearest: ",
                                target->name.str());
          })};
}

OptionScore ScorePass(Survey& sv, const Action& a) {
  const Unit* u = Mover(sv.s, a);
  const Unit* regiment = u != nullptr ? RegimentOf(sv.s, *u) : nullptr;
  if (regiment != nullptr) {
    // Whether it lies prone first: the posture is not needed otherwise.
    const Unit* concern = nullptr;
    if (IsProne(sv, *u) && sv.PostureOf(*regiment, &concern) == ZuluPosture::kGoToGround) {
      return {kGood,
              sv.Why([&] { return absl::StrCat("lie still under the fire of ", concern->name.str()); })};
    }
  }
  return {kNeutral, "nothing better"};
}

OptionScore Score(Survey& sv, const Action& a) {
  switch (a.kind) {
    case ActionKind::kOffBoard: return ScoreOffBoard(sv, a);
    case ActionKind::kEndDeployment: return ScoreEndDeployment(sv, a);
    case ActionKind::kDeploy: return ScoreDeploy(sv, a);
    case ActionKind::kMove: return ScoreMove(sv, a);
    case ActionKind::kStance: return ScoreStance(sv, a);
    case ActionKind::kCharge: return ScoreCharge(sv, a);
    case ActionKind::kOrder: return ScoreOrder(sv, a);
    case ActionKind::kFire: return ScoreFire(sv, a);
    case ActionKind::kPass: return ScorePass(sv, a);
    default:
      return {kNever,
              sv.Why([&] { return absl::StrCat(ActionKindName(a.kind), " is not a Zulu choice"); })};
  }
}

ZuluPosture Survey::PostureOf(const Unit& regiment, const Unit** concern) {
  {
    const Entry& e = EntryOf(regiment);
    if (e.posture_known) {
      if (concern != nullptr) *concern = e.concern;
      return e.posture;
    }
  }
  const Trays& trays = TraysOf(regiment);
  const Unit* attack = nullptr;
  bool attack_slackened = false;
  double attack_gap = kFar;
  const Unit* ground = nullptr;
  double ground_gap = kFar;
  const Unit* nearest = nullptr;
  double nearest_gap = kFar;
  // The box round the trays' centres: a British unit's distance to it, less
  // the largest footprints (1.5" each), is at most its gap to every tray (the
  // rounding of each step is monotonic), so a unit whose bound is beyond both
  // rifle range and the nearest gap so far changes nothing and is passed over.
  double lo_x = kFar, hi_x = -kFar, lo_y = kFar, hi_y = -kFar;
  for (const Unit* t : trays) {
    lo_x = std::min(lo_x, t->position.x());
    hi_x = std::max(hi_x, t->position.x());
    lo_y = std::min(lo_y, t->position.y());
    hi_y = std::max(hi_y, t->position.y());
  }
  constexpr double kLargestRadius = impi::ferree::kLargestRadius;
  for (const Unit* target : Targets()) {
    const Unit& b = *target;
    if (!trays.empty()) {
      const double dx = std::max(0.0, std::max(lo_x - b.position.x(), b.position.x() - hi_x));
      const double dy = std::max(0.0, std::max(lo_y - b.position.y(), b.position.y() - hi_y));
      const double bound = std::sqrt(dx * dx + dy * dy) - kLargestRadius - kLargestRadius;
      if (bound > ferree::kRifleRange && bound > nearest_gap) continue;
    }
    double gap = kFar;
    for (const Unit* t : trays) gap = std::min(gap, Gap(*t, b));
    if (gap < nearest_gap) {
      nearest_gap = gap;
      nearest = &b;
    }
    // Beyond rifle range a unit is neither attacked nor feared: whether its
    // fire has slackened is not asked.
    if (gap > ferree::kRifleRange) continue;
    // Wagon drivers, runners, the surgeon and the seriously wounded do not
    // shoot: the regiment charges them at 6", and otherwise advances on them.
    const bool fighter = ferree::IsBritishFighter(b) && ferree::StillFighting(b);
    const bool slackened = !fighter || FireSlackened(b);
    // The bold style charges a firing unit in rifle range too.
    const bool may_attack =
        gap <= ferree::kCloseRange ||
        (fighter && gap <= ferree::kRifleRange && (slackened || style == FerreeStyle::kBold));
    if (may_attack) {
      // A slackened unit first, then the nearest.
      if (attack == nullptr || (slackened && !attack_slackened) ||
          (slackened == attack_slackened && gap < attack_gap)) {
        attack = &b;
        attack_slackened = slackened;
        attack_gap = gap;
      }
    } else if (fighter && gap <= ferree::kRifleRange && IsFiring(b) && gap < ground_gap) {
      ground = &b;
      ground_gap = gap;
    }
  }
  Entry& e = EntryOf(regiment);
  e.posture_known = true;
  e.posture = ZuluPosture::kAdvance;
  e.concern = nearest;
  if (attack != nullptr) {
    e.posture = ZuluPosture::kAttack;
    e.concern = attack;
  } else if (ground != nullptr) {
    e.posture = ZuluPosture::kGoToGround;
    e.concern = ground;
  }
  if (concern != nullptr) *concern = e.concern;
  return e.posture;
}

}  // namespace

std::optional<FerreeStyle> FerreeStyleNamed(std::string_view name) {
  if (name.empty()) return FerreeStyle::kDoctrine;
  if (name == "bold") return FerreeStyle::kBold;
  return std::nullopt;
}

const char* ZuluPostureName(ZuluPosture p) {
  switch (p) {
    case ZuluPosture::kAdvance: return "advance";
    case ZuluPosture::kGoToGround: return "go to ground";
    case ZuluPosture::kAttack: return "attack";
  }
  return "?";
}

ZuluPosture PostureOf(const BattleState& s, const std::string& regiment_id, const Unit** concern,
                      FerreeStyle style) {
  // The posture of the regiment as a unit of the state (its trays name it
  // as parent); an id of no unit is read as a regiment with no trays.
  const Unit* regiment = s.FindUnit(regiment_id);
  Unit none;
  if (regiment == nullptr) {
    none.id = regiment_id;
    regiment = &none;
  }
  Survey sv(s, /*explain=*/false, style);
  return sv.PostureOf(*regiment, concern);
}

std::vector<std::string> RightHornFlankers(const BattleState& s) {
  int sent = 0;
  std::vector<std::pair<double, std::string>> candidates;
  Vec2 chest;
  const bool has_chest = ferree::DivisionCentre(s, kChest, &chest);
  const Vec2 camp = ferree::CampCentre(s);
  Survey sv(s, /*explain=*/false);
  for (const Unit& r : s.units) {
    if (!ferree::IsZuluRegiment(r) || impi::ferree::UnitOf(s, r).division != kRightHorn) continue;
    if (SentOffBoard(s, r)) {
      ++sent;
      continue;
    }
    if (sv.TraysOf(r).empty()) continue;
    const Vec2 c = RegimentCentre(sv, r);
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

OptionScore ScoreZuluOption(const BattleState& s, const Action& a, FerreeStyle style) {
  Survey sv(s, /*explain=*/true, style);
  return Score(sv, a);
}

int FerreeDoctrine::Choose(const BattleState& state, const std::vector<Action>& options, Dice&,
                           std::string* why) {
  int best = 0;
  OptionScore best_score{-std::numeric_limits<double>::infinity(), ""};
  // One survey for all the options: they share the state.
  Survey sv(state, /*explain=*/why != nullptr, style_);
  for (size_t i = 0; i < options.size(); ++i) {
    OptionScore sc = Score(sv, options[i]);
    if (sc.value > best_score.value) {
      best_score = std::move(sc);
      best = static_cast<int>(i);
    }
  }
  if (why != nullptr) {
    *why = absl::StrCat(style_ == FerreeStyle::kBold ? "Zulu doctrine (Ferree, designed; bold): "
                                                     : "Zulu doctrine (Ferree, designed): ",
                        best_score.reason());
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
