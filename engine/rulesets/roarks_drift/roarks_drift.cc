// engine/rulesets/roarks_drift/roarks_drift.cc: the game interface over
// RoarksState. See roarks_drift.h.
#include "engine/rulesets/roarks_drift/roarks_drift.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/roarks_drift/buildings.h"
#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/melee.h"
#include "engine/rulesets/roarks_drift/movement.h"
#include "engine/rulesets/roarks_drift/parameters.h"
#include "engine/rulesets/roarks_drift/question.h"
#include "engine/rulesets/roarks_drift/scenarios.h"
#include "engine/rulesets/roarks_drift/turn.h"

namespace impi::roarks {
namespace {

using RSide = ::impi::roarks::Side;

constexpr std::array<Regiment, kRegiments> kByIndex = {Regiment::kUthulu, Regiment::kYengwe, Regiment::kUdloko};

RoarksState* Mutable(BattleState& s) { return s.ruleset_state.get_if<RoarksState>(); }

std::optional<RSide> Mine(impi::Side side) {
  if (side == impi::Side::kZulu) return RSide::kZulu;
  if (side == impi::Side::kBritish) return RSide::kBritish;
  return std::nullopt;
}

const CounterState& C(const RoarksState& s, int u) { return s.counters[static_cast<size_t>(u)]; }

// The regiment whose zones are chosen next (9.2), in index order.
Regiment NextRegiment(const RoarksState& s) {
  for (int r = 0; r < kRegiments; ++r) {
    if (s.entry_zones[static_cast<size_t>(r)].empty()) return kByIndex[static_cast<size_t>(r)];
  }
  return Regiment::kNone;
}

// The hex a side's vacated melee target, with attackers in play, still empty.
std::vector<const MeleeOutcome*> Advances(const RoarksState& s, RSide side) {
  std::vector<const MeleeOutcome*> out;
  if (!s.melee_applied) return out;
  for (const MeleeOutcome& o : s.melees) {
    if (o.attacker != side || !o.vacated || !StackAt(s, o.target).empty()) continue;
    const HexCell* cell = s.Map().map.Cell(o.target);
    if (cell != nullptr && RoomBurning(s, cell->room)) continue;  // 10.2.D
    if (std::any_of(o.attackers.begin(), o.attackers.end(), [&](int u) { return InPlay(s, u); })) {
      out.push_back(&o);
    }
  }
  return out;
}

// Who decides now; nullopt: the umpire, or nobody (over).
std::optional<RSide> ToAct(const RoarksState& s) {
  if (s.stage == Stage::kOver || s.segment_done) return std::nullopt;
  if (s.stage == Stage::kBritishSetUp) return RSide::kBritish;
  if (s.stage == Stage::kZuluSetUp) return RSide::kZulu;
  switch (s.segment) {
    case Segment::kZuluMovement:
    case Segment::kZuluFire:
    case Segment::kZuluMelee:
    case Segment::kEnd:
      return RSide::kZulu;
    case Segment::kBritishMovement:
    case Segment::kBritishFire:
      return RSide::kBritish;
    case Segment::kBritishMelee:
      if (s.melee_applied && !s.zulu_advances_done && !Advances(s, RSide::kZulu).empty()) return RSide::kZulu;
      return RSide::kBritish;
  }
  return std::nullopt;
}

Action Make(const RoarksState& s, ActionKind kind, Order order, int unit = kNoUnit,
            std::optional<HexCoord> to = std::nullopt, int direction = 0, HexCoord from = {}, int number = 0) {
  Action a;
  a.kind = kind;
  if (unit != kNoUnit) a.unit_id = SharedString(s.specs[static_cast<size_t>(unit)].id);
  a.to_hex = to;
  RoarksOrder o;
  o.order = order;
  o.direction = static_cast<int8_t>(direction);
  o.q = static_cast<int16_t>(from.q);
  o.r = static_cast<int16_t>(from.r);
  o.number = static_cast<int16_t>(number);
  a.extra.emplace(o);
  return a;
}

// Aimed fire's candidates (designed: the space is firing hexes times
// targets): of the kAimedFireNearest enemy hexes nearest a firing hex, those
// in sight, at most kAimedFireTargets.
constexpr size_t kAimedFireNearest = 12;
constexpr int kAimedFireTargets = 8;

bool Same(const Action& a, const Action& b) {
  return a.kind == b.kind && a.unit_id.str() == b.unit_id.str() && a.to_hex == b.to_hex && a.extra == b.extra;
}

bool Reloading(const RoarksState& s, int u) {
  const CounterState& c = C(s, u);
  return s.specs[static_cast<size_t>(u)].role == CounterRole::kZuluRifles && c.aimed_on_turn != 0 &&
         c.aimed_on_turn == s.turn - 1;
}

// Whether `u` may begin or go on moving now (MoveUnit's own checks).
bool MayMove(const RoarksState& s, int u) {
  const CounterState& c = C(s, u);
  return !c.killed && !c.done_moving && !c.retiring && !Reloading(s, u);
}

// The men of the acting side in `h` who may aim now.
std::vector<int> AimersAt(const RoarksState& s, HexCoord h) {
  std::vector<int> out;
  for (int u : StackAt(s, h)) {
    if (MayAim(s, u)) out.push_back(u);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// 6.1.2: the men a lieutenant lines up along `axis` (0..2): every able man
// in the contiguous run of occupied hexes through his hex, within reach.
std::vector<int> RowMen(const RoarksState& s, int lieutenant, int axis) {
  const HexCoord at = C(s, lieutenant).hex;
  const HexDirection d = static_cast<HexDirection>(axis);
  auto able = [&](HexCoord h) {
    std::vector<int> men;
    for (int u : StackAt(s, h)) {
      const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
      if (u != lieutenant && spec.side == RSide::kBritish && spec.fire > 0 && C(s, u).fired_on_turn != s.turn) {
        men.push_back(u);
      }
    }
    return men;
  };
  std::vector<int> out = able(at);
  for (HexDirection way : {d, Opposite(d)}) {
    HexCoord h = at;
    for (int k = 1; k <= 2; ++k) {
      h = Neighbor(h, way);
      const std::vector<int> men = able(h);
      if (men.empty()) break;
      out.insert(out.end(), men.begin(), men.end());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> VolleyMen(const RoarksState& s, int lieutenant) {
  std::vector<int> out;
  for (const VolleyLine& v : s.volley_lines) {
    if (v.lieutenant != lieutenant) continue;
    for (int u : v.units) {
      if (InPlay(s, u) && C(s, u).fired_on_turn != s.turn) out.push_back(u);
    }
  }
  return out;
}

// 6.2.2.2: the first men (by handle) who may give their fire, to 60.
std::vector<int> SuppressMen(const RoarksState& s) {
  std::vector<int> out;
  int factors = 0;
  for (int u = 0; u < s.size() && factors < kSuppressionFireFactors; ++u) {
    const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
    if (spec.side != RSide::kBritish || !InPlay(s, u) || spec.fire <= 0 || C(s, u).fired_on_turn == s.turn) continue;
    if (C(s, u).aimed_on_turn != 0 && C(s, u).aimed_on_turn == s.turn - 1) continue;
    out.push_back(u);
    factors += spec.fire;
  }
  return out;
}

// 7.0: every Zulu that must attack, each British hex in contact attacked
// first (by the Zulu with the fewest choices), the rest joining the attack
// with the fewest attackers (spread) or the most (massed).
std::vector<MeleeAttack> ZuluPlan(const RoarksState& s, bool massed) {
  std::vector<int> must;
  for (int u = 0; u < s.size(); ++u) {
    if (MustAttack(s, u)) must.push_back(u);
  }
  auto contacts = [&](int u) {
    std::vector<HexCoord> out;
    for (HexCoord n : Neighbors(C(s, u).hex)) {
      const std::optional<RSide> held = Holder(s, n);
      if (held && *held == RSide::kBritish && MeleeContact(s, C(s, u).hex, n)) out.push_back(n);
    }
    return out;
  };
  std::map<HexCoord, std::vector<int>> attacks;
  std::set<int> assigned;
  for (HexCoord t : HexesToAttack(s)) {
    int best = kNoUnit;
    size_t fewest = 7;
    for (int u : must) {
      if (assigned.count(u) > 0) continue;
      const std::vector<HexCoord> c = contacts(u);
      if (std::find(c.begin(), c.end(), t) == c.end() || c.size() >= fewest) continue;
      best = u;
      fewest = c.size();
    }
    if (best == kNoUnit) continue;
    attacks[t].push_back(best);
    assigned.insert(best);
  }
  for (int u : must) {
    if (assigned.count(u) > 0) continue;
    std::optional<HexCoord> pick;
    for (HexCoord t : contacts(u)) {
      if (!pick) {
        pick = t;
        continue;
      }
      const size_t here = attacks[t].size(), there = attacks[*pick].size();
      if (massed ? here > there : here < there) pick = t;
    }
    if (pick) attacks[*pick].push_back(u);
  }
  // 7.0.B (melee.h's reading): a British hex left unattacked while a Zulu
  // in contact with it attacks in company elsewhere: that Zulu attacks it.
  for (HexCoord t : HexesToAttack(s)) {
    if (!attacks[t].empty()) continue;
    for (auto& [target, units] : attacks) {
      if (target == t || units.size() < 2) continue;
      const auto it = std::find_if(units.begin(), units.end(), [&](int u) {
        const std::vector<HexCoord> c = contacts(u);
        return std::find(c.begin(), c.end(), t) != c.end();
      });
      if (it == units.end()) continue;
      attacks[t].push_back(*it);
      units.erase(it);
      break;
    }
  }
  std::vector<MeleeAttack> out;
  for (const auto& [t, units] : attacks) {
    if (!units.empty()) out.push_back({units, t});
  }
  return out;
}

// The British in contact with `t` not yet in a declared attack.
std::vector<int> BritishContactMen(const RoarksState& s, HexCoord t) {
  // The men already in a declared attack, sorted.
  absl::InlinedVector<int, 32> declared;
  for (const MeleeAttack& a : s.british_attacks) declared.insert(declared.end(), a.attackers.begin(), a.attackers.end());
  std::sort(declared.begin(), declared.end());
  std::vector<int> out;
  auto consider = [&](int u) {
    if (SideOf(s, u) != RSide::kBritish || !InPlay(s, u) ||
        std::binary_search(declared.begin(), declared.end(), u)) {
      return;
    }
    if (s.specs[static_cast<size_t>(u)].melee <= 0) return;
    if (HexDistance(C(s, u).hex, t) == 1 && MeleeContact(s, C(s, u).hex, t)) out.push_back(u);
  };
  if (!s.top_at.empty()) {
    // Only a man in a hex next to t can be in contact: the six stacks
    // round it (the stacks' index holds every counter on the map), in the
    // counters' order as a pass over them would list them.
    const HexMap& map = s.Map().map;
    for (HexCoord n : Neighbors(t)) {
      const int cell = map.CellIndex(n);
      if (cell < 0) continue;
      for (int u = s.top_at[static_cast<size_t>(cell)]; u != kNoUnit; u = s.below[static_cast<size_t>(u)]) consider(u);
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  for (int u = 0; u < s.size(); ++u) consider(u);
  return out;
}

// The first `n` attackers in play of an emptied hex's melee.
std::vector<int> Advancers(const RoarksState& s, RSide side, HexCoord t, int n) {
  std::vector<int> out;
  for (const MeleeOutcome* o : Advances(s, side)) {
    if (o->target != t) continue;
    for (int u : o->attackers) {
      if (InPlay(s, u) && static_cast<int>(out.size()) < n) out.push_back(u);
    }
  }
  return out;
}

// The melees of a side in words, for the log.
std::string MeleeAccount(const RoarksState& s, RSide side) {
  std::string out;
  for (const MeleeOutcome& m : s.melees) {
    if (m.attacker != side) continue;
    absl::StrAppend(&out, out.empty() ? "" : "; ",
                    absl::StrFormat("%d units, %d:%d on (%d,%d): %s (%s)%s", m.attackers.size(), m.attack,
                                    m.defence, m.target.q, m.target.r, MeleeColumnName(m.column),
                                    DamageName(m.damage), m.vacated ? ", the hex emptied" : ""));
  }
  return out;
}

// A fire's result in words, for the log.
std::string FireAccount(const RoarksState& s, const FireResult& r) {
  return absl::StrFormat("%d fire factors on FDF %d at (%d,%d): %d:1, %s%s", r.fire_factors, r.fire_defense,
                         r.target.q, r.target.r, r.ratio, DamageName(r.damage),
                         r.hit == kNoUnit ? "" : absl::StrCat(" on ", s.specs[static_cast<size_t>(r.hit)].id));
}

// Carries out an order; `account` (when not null) gets what came of it.
absl::Status Execute(RoarksState& s, RSide side, const Action& a, Dice& dice, std::string* account = nullptr) {
  const RoarksOrder* o = a.extra.get_if<RoarksOrder>();
  const int unit = a.unit_id.str().empty() ? kNoUnit : UnitById(s, a.unit_id.str());
  const HexCoord to = a.to_hex.value_or(HexCoord{});
  switch (o->order) {
    case Order::kPlace:
      return PlaceBritish(s, DefaultBritishPlacement(s));
    case Order::kZones: {
      std::vector<int> zones = {o->number >= 10 ? o->number / 10 : o->number};
      if (o->number >= 10) zones.push_back(o->number % 10);
      return ChooseEntryZones(s, NextRegiment(s), zones);
    }
    case Order::kMove:
      return MoveUnit(s, unit, to);
    case Order::kProne:
      return FallProne(s, unit);
    case Order::kDig:
      return Tunnel(s, unit, static_cast<HexDirection>(o->direction));
    case Order::kAimedFire: {
      absl::StatusOr<FireResult> r = AimedFire(s, dice, AimersAt(s, HexCoord{o->q, o->r}), to);
      if (r.ok() && account != nullptr) *account = FireAccount(s, *r);
      return r.status();
    }
    case Order::kLineUp:
      return LineUpVolley(s, unit, static_cast<HexDirection>(o->direction), RowMen(s, unit, o->number));
    case Order::kVolley: {
      absl::StatusOr<std::vector<FireResult>> r = VolleyFire(s, dice, unit, VolleyMen(s, unit));
      if (r.ok() && account != nullptr) {
        for (const FireResult& f : *r) absl::StrAppend(account, account->empty() ? "" : "; ", FireAccount(s, f));
      }
      return r.status();
    }
    case Order::kSuppress: {
      absl::StatusOr<int> level = SuppressOskarbergFire(s, dice, SuppressMen(s));
      if (level.ok() && account != nullptr) *account = absl::StrFormat("suppression level %d", *level);
      return level.status();
    }
    case Order::kOskarberg: {
      absl::StatusOr<OskarbergResult> r = FireOskarberg(s, dice, {});
      if (r.ok() && account != nullptr) {
        *account = r->hit ? absl::StrFormat("a hit: %d British units wounded", r->wounded.size()) : "a miss";
      }
      return r.status();
    }
    case Order::kRoofFire:
    case Order::kRoofAlight:
    case Order::kTorch: {
      absl::StatusOr<bool> lit = o->order == Order::kRoofFire     ? FireThroughRoof(s, dice, unit, to)
                                 : o->order == Order::kRoofAlight ? SetRoofAlight(s, dice, unit, to)
                                                                  : CarryTorch(s, dice, unit, to);
      if (lit.ok() && account != nullptr) *account = *lit ? "the roof is set on fire" : "no fire";
      return lit.status();
    }
    case Order::kAttack:
      if (side == RSide::kZulu) {
        if (absl::Status st = ZuluMelee(s, dice, ZuluPlan(s, o->number == 1)); !st.ok()) return st;
        s.segment_done = true;
        if (account != nullptr) *account = MeleeAccount(s, RSide::kZulu);
        return absl::OkStatus();
      }
      s.british_attacks.push_back({BritishContactMen(s, to), to});
      return absl::OkStatus();
    case Order::kAdvance:
      return Advance(s, side, to, Advancers(s, side, to, o->number));
    case Order::kEndPhase:
      s.zulu_ends_phase = true;
      s.segment_done = true;
      return absl::OkStatus();
    case Order::kPass:
      if (s.stage == Stage::kPlaying && s.segment == Segment::kBritishMelee) {
        if (!s.melee_applied) {
          if (absl::Status st = BritishMelee(s, dice, s.british_attacks); !st.ok()) return st;
          if (account != nullptr) *account = MeleeAccount(s, RSide::kBritish);
          return absl::OkStatus();
        }
        if (side == RSide::kZulu) {
          s.zulu_advances_done = true;
          return absl::OkStatus();
        }
      }
      s.segment_done = true;
      return absl::OkStatus();
  }
  return absl::InvalidArgumentError("action: no such order");
}

// Whether an order whose checks are intricate goes through now: tried on a
// copy with dice that always show six.
bool Works(const RoarksState& s, RSide side, const Action& a) {
  RoarksState copy = s;
  Dice sixes = Dice::Scripted(std::vector<int>(64, 6));
  return Execute(copy, side, a, sixes).ok();
}

// The orders of `side` now. With `only`, just those that could be it (of
// its order, and of its unit when it names one): Apply's check of one
// action, without listing or trying the rest.
std::vector<Action> Orders(const RoarksState& s, RSide side, const Action* only = nullptr) {
  std::vector<Action> out;
  const std::optional<RSide> acting = ToAct(s);
  if (!acting || *acting != side) return out;
  out.reserve(64);
  // Each unit named by its pooled id (CounterSpecs::PooledId: a pointer copied).
  auto make = [&](ActionKind kind, Order order, int unit = kNoUnit, std::optional<HexCoord> to = std::nullopt,
                  int direction = 0, HexCoord from = {}, int number = 0) {
    Action a = Make(s, kind, order, kNoUnit, to, direction, from, number);
    if (unit != kNoUnit) a.unit_id = s.specs.PooledId(static_cast<size_t>(unit));
    return a;
  };
  const RoarksOrder* only_order = only == nullptr ? nullptr : only->extra.get_if<RoarksOrder>();
  const int only_unit = only == nullptr || only->unit_id.str().empty() ? kNoUnit : UnitById(s, only->unit_id.str());
  auto wants = [&](Order o, int unit = kNoUnit) {
    return only_order == nullptr || (only_order->order == o && (unit == kNoUnit || unit == only_unit));
  };
  if (s.stage == Stage::kBritishSetUp) {
    if (wants(Order::kPlace)) out.push_back(make(ActionKind::kDeploy, Order::kPlace));
    return out;
  }
  if (s.stage == Stage::kZuluSetUp) {
    std::vector<std::vector<int>> placed;
    for (const std::vector<int>& z : s.entry_zones) {
      if (!z.empty()) placed.push_back(z);
    }
    for (int z = 1; z <= kEntryZones; ++z) {
      for (const std::vector<int>& zones : {std::vector<int>{z}, std::vector<int>{z, z % kEntryZones + 1}}) {
        if (wants(Order::kZones) && EntryAllowed(zones, placed, nullptr).value_or(false)) {
          const int number = zones.size() == 1 ? zones[0] : zones[0] * 10 + zones[1];
          out.push_back(make(ActionKind::kOffBoard, Order::kZones, kNoUnit, std::nullopt, 0, {}, number));
        }
      }
    }
    return out;
  }
  const Action pass = make(ActionKind::kPass, Order::kPass);
  switch (s.segment) {
    case Segment::kZuluMovement:
    case Segment::kBritishMovement: {
      // Room for every mover's steps at once (no growth of a list of
      // hundreds of actions).
      int movers = 0;
      for (int u = 0; u < s.size(); ++u) movers += SideOf(s, u) == side && MayMove(s, u) ? 1 : 0;
      if (only == nullptr) out.reserve(static_cast<size_t>(movers) * 8 + 2);
      std::set<std::pair<Regiment, CounterRole>> entering;
      for (int u = 0; u < s.size(); ++u) {
        if (SideOf(s, u) != side || !MayMove(s, u)) continue;
        const CounterState& c = C(s, u);
        if (!c.on_map) {
          const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
          const int r = RegimentIndex(spec.regiment);
          if (side != RSide::kZulu || r < 0 || !entering.insert({spec.regiment, spec.role}).second) continue;
          if (!wants(Order::kMove, u)) continue;
          for (int z : s.entry_zones[static_cast<size_t>(r)]) {
            for (HexCoord h : s.Map().entry_zones[static_cast<size_t>(z - 1)]) {
              if (MoveCost(s, u, h) >= 0) out.push_back(make(ActionKind::kMove, Order::kMove, u, h));
            }
          }
          continue;
        }
        if (only_order != nullptr && only_unit != u) continue;
        const int mps = MpsLeft(s, u);
        if (mps > 0 && wants(Order::kMove)) {  // (every hex costs an MP or more)
          for (HexDirection d : kAllHexDirections) {
            if (StepCost(s, u, d, mps) >= 0) out.push_back(make(ActionKind::kMove, Order::kMove, u, Neighbor(c.hex, d)));
          }
        }
        if (wants(Order::kProne) && side == RSide::kZulu && !c.prone && mps >= kProneCostMp) {
          out.push_back(make(ActionKind::kStance, Order::kProne, u));
        }
        if (wants(Order::kDig) && c.mp_spent == 0) {
          for (HexDirection d : kAllHexDirections) {
            const SideFeature f = s.Map().map.Feature(impi::SideOf(c.hex, d));
            if (f == SideFeature::kWall || f == SideFeature::kLoophole) {
              out.push_back(make(ActionKind::kOrder, Order::kDig, u, std::nullopt, static_cast<int>(d)));
            }
          }
        }
      }
      break;
    }
    case Segment::kBritishFire:
    case Segment::kZuluFire: {
      const std::vector<HexCoord> blocking = BlockingHexes(s);
      std::set<HexCoord> firing, targets;
      for (int u = 0; u < s.size(); ++u) {
        if (!InPlay(s, u)) continue;
        if (SideOf(s, u) == side && MayAim(s, u)) firing.insert(C(s, u).hex);
        if (SideOf(s, u) != side) targets.insert(C(s, u).hex);
      }
      if (only == nullptr) out.reserve(firing.size() * static_cast<size_t>(kAimedFireTargets) + 48);
      std::vector<HexCoord> by_distance(targets.begin(), targets.end());
      for (HexCoord f : firing) {
        if (only_order != nullptr && (only_order->order != Order::kAimedFire || f != HexCoord{only_order->q, only_order->r})) {
          continue;
        }
        const int first = AimersAt(s, f).front();
        // Of the nearest enemy hexes (nearest first, then in hex order),
        // those in sight.
        std::sort(by_distance.begin(), by_distance.end(), [&](HexCoord a, HexCoord b) {
          const int da = HexDistance(f, a), db = HexDistance(f, b);
          return da != db ? da < db : a < b;
        });
        int seen = 0;
        for (size_t k = 0; k < by_distance.size() && k < kAimedFireNearest; ++k) {
          const HexCoord t = by_distance[k];
          if (seen >= kAimedFireTargets) break;
          if (!LineOfSight(s, f, t, blocking)) continue;
          ++seen;
          if (only == nullptr || only->to_hex == t) {
            out.push_back(make(ActionKind::kFire, Order::kAimedFire, first, t, 0, f));
          }
        }
      }
      std::vector<Action> tried;
      if (side == RSide::kBritish) {
        for (int u = 0; u < s.size(); ++u) {
          if (s.specs[static_cast<size_t>(u)].role != CounterRole::kLieutenant || !InPlay(s, u)) continue;
          // Tried only where their own first checks pass (a line lined up
          // before this turn; ten men in the row, 6.1.2.D).
          if (std::any_of(s.volley_lines.begin(), s.volley_lines.end(), [&](const VolleyLine& v) {
                return v.lieutenant == u && v.lined_up_on_turn < s.turn;
              })) {
            tried.push_back(make(ActionKind::kFire, Order::kVolley, u));
          }
          for (int axis = 0; axis < 3; ++axis) {
            if (!VolleyAllowed(static_cast<int>(RowMen(s, u, axis).size()), nullptr)) continue;
            for (HexDirection d : kAllHexDirections) {
              if (static_cast<int>(d) % 3 == axis) continue;
              tried.push_back(make(ActionKind::kOrder, Order::kLineUp, u, std::nullopt, static_cast<int>(d), {}, axis));
            }
          }
        }
        if (s.suppression_turn == 0 || s.turn >= s.suppression_turn + 2) {  // 6.2.2.2.A every other turn
          tried.push_back(make(ActionKind::kFire, Order::kSuppress));
        }
      } else {
        tried.push_back(make(ActionKind::kFire, Order::kOskarberg));
        for (int u = 0; u < s.size(); ++u) {
          if (SideOf(s, u) != RSide::kZulu || !InPlay(s, u)) continue;
          for (HexCoord n : Neighbors(C(s, u).hex)) {
            const HexCell* cell = s.Map().map.Cell(n);
            if (cell == nullptr || !cell->roofed) continue;
            tried.push_back(make(ActionKind::kFire, Order::kRoofFire, u, n));
            tried.push_back(make(ActionKind::kFire, Order::kRoofAlight, u, n));
            tried.push_back(make(ActionKind::kFire, Order::kTorch, u, n));
          }
        }
      }
      for (Action& a : tried) {
        if (only != nullptr && !Same(a, *only)) continue;
        if (Works(s, side, a)) out.push_back(std::move(a));
      }
      break;
    }
    case Segment::kZuluMelee:
      if (!s.zulu_melee_done && !HexesToAttack(s).empty()) {
        // A pass is legal only where no attack is (7.0.A).
        const bool checking_pass = only_order != nullptr && only_order->order == Order::kPass;
        for (int massed = 0; massed <= 1; ++massed) {
          Action a = make(ActionKind::kCharge, Order::kAttack, kNoUnit, std::nullopt, 0, {}, massed);
          if (only != nullptr && !checking_pass && !Same(a, *only)) continue;
          if (Works(s, side, a)) out.push_back(std::move(a));
        }
        if (!out.empty()) {
          if (checking_pass) out.clear();
          return out;  // 7.0.A: no passing
        }
      }
      break;
    case Segment::kBritishMelee:
      if (!s.melee_applied && side == RSide::kBritish) {
        std::set<HexCoord> declared;
        for (const MeleeAttack& m : s.british_attacks) declared.insert(m.target);
        std::set<HexCoord> zulu_hexes;
        for (int u = 0; u < s.size(); ++u) {
          if (SideOf(s, u) == RSide::kZulu && InPlay(s, u)) zulu_hexes.insert(C(s, u).hex);
        }
        for (HexCoord t : zulu_hexes) {
          if (!wants(Order::kAttack) || (only != nullptr && only->to_hex != t)) continue;
          if (declared.count(t) == 0 && !BritishContactMen(s, t).empty()) {
            out.push_back(make(ActionKind::kCharge, Order::kAttack, kNoUnit, t));
          }
        }
      } else {
        for (const MeleeOutcome* o : Advances(s, side)) {
          const int in_play = static_cast<int>(
              std::count_if(o->attackers.begin(), o->attackers.end(), [&](int u) { return InPlay(s, u); }));
          const int most = std::min(in_play, StackingLimit(side));
          out.push_back(make(ActionKind::kMove, Order::kAdvance, kNoUnit, o->target, 0, {}, most));
          if (most > 1) out.push_back(make(ActionKind::kMove, Order::kAdvance, kNoUnit, o->target, 0, {}, 1));
        }
      }
      break;
    case Segment::kEnd:
      if (wants(Order::kEndPhase)) out.push_back(make(ActionKind::kOrder, Order::kEndPhase));
      break;
  }
  if (wants(Order::kPass)) out.push_back(pass);
  return out;
}

}  // namespace

const char* OrderName(Order o) {
  switch (o) {
    case Order::kPlace: return "place";
    case Order::kZones: return "zones";
    case Order::kMove: return "move";
    case Order::kProne: return "prone";
    case Order::kDig: return "dig";
    case Order::kAimedFire: return "aimed fire";
    case Order::kLineUp: return "line up";
    case Order::kVolley: return "volley";
    case Order::kSuppress: return "suppress";
    case Order::kOskarberg: return "oskarberg";
    case Order::kRoofFire: return "roof fire";
    case Order::kRoofAlight: return "roof alight";
    case Order::kTorch: return "torch";
    case Order::kAttack: return "attack";
    case Order::kAdvance: return "advance";
    case Order::kEndPhase: return "end phase";
    case Order::kPass: return "pass";
  }
  return "order";
}

void RoarksOrder::Hash(StateHasher* h) const {
  h->Add(static_cast<int>(order));
  h->Add(static_cast<int>(direction));
  h->Add(static_cast<int>(q));
  h->Add(static_cast<int>(r));
  h->Add(static_cast<int>(number));
}

std::string RoarksOrder::Text() const {
  return absl::StrFormat(" %s (%d,%d) %d/%d", OrderName(order), q, r, direction, number);
}

const RoarksState* OwnState(const BattleState& s) { return s.ruleset_state.get_if<RoarksState>(); }

BattleState RoarksRuleset::NewBattle(RoarksOptions options) {
  BattleState b;
  b.ruleset = kRulesetId;
  b.scenario = "roarks_drift";
  b.ruleset_state = NewGame(std::move(options));
  return b;
}

absl::Status RoarksRuleset::Validate(const BattleState& state) const {
  const RoarksState* s = OwnState(state);
  if (s == nullptr || s->board == nullptr) {
    return absl::InvalidArgumentError("state.roarks: a Roark's Drift game is required (RoarksRuleset::NewBattle)");
  }
  if (s->specs.size() != s->counters.size()) {
    return absl::InvalidArgumentError("state.roarks.counters: one entry a counter");
  }
  if (s->phase < 1 || s->phase > kPhases || s->turn < 1) {
    return absl::InvalidArgumentError("state.roarks.phase: 1..4, and the turn from 1");
  }
  if (s->suppression < 0 || s->suppression > kFullySuppressed) {
    return absl::InvalidArgumentError("state.roarks.suppression: 0..4");
  }
  RoarksOptions overridden;
  IMPI_RETURN_IF_ERROR(ReadParameters(state.parameters, &overridden));
  for (int u = 0; u < s->size(); ++u) {
    const CounterState& c = s->counters[static_cast<size_t>(u)];
    if (c.on_map && !s->Map().map.Contains(c.hex)) {
      return absl::InvalidArgumentError(absl::StrFormat("state.roarks.counters[%s].hex: (%d,%d) is off the map",
                                                        s->specs[static_cast<size_t>(u)].id, c.hex.q, c.hex.r));
    }
  }
  return absl::OkStatus();
}

absl::Status RoarksRuleset::Apply(BattleState& state, impi::Side side, const Action& action, Dice& dice,
                                  EventLog& log, const std::string& path, const std::string& why) const {
  RoarksState* s = Mutable(state);
  if (s == nullptr) return Validate(state);
  const std::optional<RSide> mine = Mine(side);
  const std::optional<RSide> acting = ToAct(*s);
  if (!mine || !acting || *mine != *acting) {
    return absl::FailedPreconditionError(absl::StrFormat("%s: that side is not awaited now", path));
  }
  if (action.extra.get_if<RoarksOrder>() == nullptr) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: a Roark's Drift order is required", path));
  }
  if (s->top_at.empty()) ReindexStacks(*s);
  const std::vector<Action> legal = Orders(*s, *mine, &action);
  if (std::none_of(legal.begin(), legal.end(), [&](const Action& a) { return Same(a, action); })) {
    return absl::InvalidArgumentError(absl::StrFormat("%s:%s is not one of the legal actions now", path,
                                                      action.extra.Text()));
  }
  std::string account;
  const size_t mark = dice.rolls().size();
  if (absl::Status st = Execute(*s, *mine, action, dice, log.wanted() ? &account : nullptr); !st.ok()) return st;
  if (log.wanted()) {
    const RoarksOrder& o = *action.extra.get_if<RoarksOrder>();
    const EventKind kind = o.order == Order::kMove || o.order == Order::kAdvance ? EventKind::kMoved
                           : o.order == Order::kAttack                          ? EventKind::kCharged
                           : action.kind == ActionKind::kFire                   ? EventKind::kFired
                           : side == impi::Side::kBritish                        ? EventKind::kBritishAction
                                                                                 : EventKind::kNothing;
    Event& e = log.Add(kind, side);
    if (!action.unit_id.str().empty()) e.unit_ids.push_back(action.unit_id.str());
    e.why.rule.source = kSource;
    e.why.dice = dice.RollsSince(mark);
    e.why.text = account;
    // "udloko_07 move (3,14)": the counter's id first, where the order has one.
    e.announce = absl::StrCat(action.unit_id.str(), action.unit_id.str().empty() ? "" : " ", OrderName(o.order),
                              action.to_hex ? absl::StrFormat(" (%d,%d)", action.to_hex->q, action.to_hex->r) : "",
                              account.empty() ? "" : ": ", account);
    e.decision = side == impi::Side::kZulu;
    if (e.decision && !why.empty()) e.why.text = why;
  }
  return dice.status();
}

bool RoarksRuleset::InPlay(const BattleState& state, const std::string& unit_id) const {
  const RoarksState* s = OwnState(state);
  return s != nullptr && roarks::InPlay(*s, UnitById(*s, unit_id));
}

absl::Status RoarksRuleset::Run(BattleState& state, Dice& dice, EventLog& log) const {
  RoarksState* s = Mutable(state);
  if (s == nullptr) return Validate(state);
  while (s->stage == Stage::kPlaying && s->segment_done) {
    if (absl::Status st = EndSegment(*s, dice); !st.ok()) return st;
    if (!log.wanted()) continue;
    Event& e = log.Add(s->stage == Stage::kPlaying && s->segment == Segment::kZuluMovement
                           ? EventKind::kTurnStarted
                           : EventKind::kPhaseStarted,
                       impi::Side::kUnspecified);
    e.why.rule.source = kSource;
    e.announce = s->stage == Stage::kOver ? "12.0 the game is over"
                 : s->stage == Stage::kPlaying
                     ? absl::StrFormat("phase %d, turn %d: %s", s->phase, s->turn, SegmentName(s->segment))
                     : absl::StrFormat("phase %d: 9.1 British Placement", s->phase);
  }
  return dice.status();
}

absl::Status RoarksRuleset::Ask(BattleState& state, const impi::Question& question, Dice& dice, EventLog& log,
                                int* decision) const {
  return AskQuestion(*this, state, question, dice, log, decision);
}

std::vector<std::string> RoarksRuleset::ScenarioNames() const { return roarks::ScenarioNames(); }

absl::StatusOr<BattleState> RoarksRuleset::Scenario(std::string_view name) const { return BuildScenario(name); }

Awaiting RoarksRuleset::Awaits(const BattleState& state) const {
  Awaiting w;
  const RoarksState* s = OwnState(state);
  if (s == nullptr || s->stage == Stage::kOver) {
    w.kind = AwaitKind::kGameOver;
    return w;
  }
  const std::optional<RSide> acting = ToAct(*s);
  if (!acting) {
    w.kind = AwaitKind::kUmpire;
    w.prompt = "the umpire closes the segment";
    return w;
  }
  if (*acting == RSide::kZulu) {
    w.side = impi::Side::kZulu;
    w.kind = AwaitKind::kZuluDecision;
  } else {
    w.side = impi::Side::kBritish;
    w.kind = s->segment == Segment::kBritishFire && s->stage == Stage::kPlaying ? AwaitKind::kBritishFire
             : s->segment == Segment::kBritishMelee && s->stage == Stage::kPlaying
                 ? AwaitKind::kBritishCloseCombat
                 : AwaitKind::kBritishMove;
  }
  w.prompt = s->stage == Stage::kPlaying
                 ? absl::StrFormat("phase %d, turn %d: %s", s->phase, s->turn, SegmentName(s->segment))
                 : (s->stage == Stage::kBritishSetUp ? "9.1 British Placement" : "9.2 Zulu Placement");
  return w;
}

std::vector<Action> RoarksRuleset::LegalActions(const BattleState& state, impi::Side side) const {
  const RoarksState* s = OwnState(state);
  const std::optional<RSide> mine = Mine(side);
  if (s == nullptr || !mine) return {};
  return Orders(*s, *mine);
}

bool RoarksRuleset::IsOver(const BattleState& state) const {
  const RoarksState* s = OwnState(state);
  return s == nullptr || s->stage == Stage::kOver;
}

double RoarksRuleset::Score(const BattleState& state, impi::Side side) const {
  const RoarksState* s = OwnState(state);
  if (s == nullptr) return 0.0;
  const absl::StatusOr<Victory> v = VictoryNow(*s);
  if (!v.ok()) return 0.0;
  const double zulu = (static_cast<int>(*v) - static_cast<int>(Victory::kDraw)) / 5.0;
  return side == impi::Side::kZulu ? zulu : -zulu;
}

BattleState RoarksRuleset::View(const BattleState& state, impi::Side side) const {
  (void)side;
  return state;
}

void RoarksRuleset::Resample(BattleState& state, impi::Side viewer, CounterRng& rng) const {
  (void)state, (void)viewer, (void)rng;
}

void RoarksRuleset::HashOwnState(const BattleState& state, StateHasher* h) const {
  const RoarksState* s = OwnState(state);
  if (s == nullptr) return;
  for (int v : {static_cast<int>(s->stage), s->phase, s->turn, s->turns_before, static_cast<int>(s->segment), s->moving,
                s->suppression, s->suppression_turn, s->oskarberg_fired_turn, s->zulu_killed,
                static_cast<int>(s->zulu_melee_done), static_cast<int>(s->melee_applied),
                static_cast<int>(s->segment_done), static_cast<int>(s->zulu_advances_done),
                static_cast<int>(s->zulu_ends_phase), static_cast<int>(s->attacked_from_south)}) {
    h->Add(v);
  }
  for (const CounterState& c : s->counters) {
    for (int v : {static_cast<int>(c.on_map), c.hex.q, c.hex.r, c.stack_pos, static_cast<int>(c.wound),
                  static_cast<int>(c.prone), static_cast<int>(c.killed), c.aimed_on_turn, c.fired_on_turn,
                  c.moved_on_turn, c.mp_spent, static_cast<int>(c.done_moving), c.returns_on_turn,
                  c.turns_in_fire, static_cast<int>(c.torch), static_cast<int>(c.retiring)}) {
      h->Add(v);
    }
  }
  for (const RoomFire& f : s->fires) {
    h->Add(f.room);
    h->Add(f.kindled_on_turn);
    h->Add(static_cast<int>(f.spread));
  }
  for (int r = 0; r < kRegiments; ++r) {
    h->Add(s->killed_this_phase[static_cast<size_t>(r)]);
    h->Add(s->rifles_lost[static_cast<size_t>(r)]);
    h->Add(static_cast<int>(s->retired[static_cast<size_t>(r)]));
    for (int z : s->entry_zones[static_cast<size_t>(r)]) h->Add(z);
  }
  for (const VolleyLine& v : s->volley_lines) {
    h->Add(v.lieutenant);
    h->Add(static_cast<int>(v.facing));
    h->Add(v.lined_up_on_turn);
    for (int u : v.units) h->Add(u);
  }
  for (const MeleeOutcome& m : s->melees) {
    h->Add(m.target.q);
    h->Add(m.target.r);
    h->Add(static_cast<int>(m.damage));
  }
  for (const MeleeAttack& m : s->british_attacks) {
    h->Add(m.target.q);
    h->Add(m.target.r);
  }
}

}  // namespace impi::roarks
