// EmpressRuleset::ResolveMove: one simultaneous move of "Damned Wobbly
// Gentlemen", every effect read from the move's start and every die
// rolled in the units' place order, the units found by handle. See
// empress.h.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/empress/board.h"
#include "engine/rulesets/empress/empress.h"

namespace impi::empress {
namespace {

constexpr double kContactSlack = 0.5;

// The move's working, one entry a unit by handle; kept by the thread and
// reused, so that a warm move allocates nothing.
struct PerUnit {
  bool has_allowance = false;  // it moves by an allowance rolled this move
  int allowance = 0;           // its inches
  bool routed = false;  // retiring or routing: it takes the safest route
  Vec2 route_from = Vec2::Zero(), route_to = Vec2::Zero();
  bool has_dest = false;  // where it went in movement (moved_to)
  Vec2 dest = Vec2::Zero();
  bool had_dest = false;  // where it went in 2a, before the charges (after_moves)
  Vec2 after_moves = Vec2::Zero();
  bool moved = false;
  bool retreated = false;  // where a retiring or routing unit went
  Vec2 retreat_from = Vec2::Zero(), retreat_to = Vec2::Zero();
  int contact = kNoUnit;  // a charger: its target, in contact after movement
  bool mutual = false;    // a charger whose target charged it: one melee
  bool fought = false;    // of those, the one whose pair's melee is fought
  double charge_start = 0.0;  // a charger: the gap to its target at the start
  bool engaged = false;   // in contact with an enemy: no fire
  bool hit = false;       // losses entered for it (possibly none)
  int losses = 0;
  bool fired_at = false;
  MoraleOccasion occasion;
  bool catchable = false;  // a Zulu unit retiring at the start (MoraleTestRefusal, caught by cavalry)
  bool caught_by_cavalry = false;
  bool fired = false;
  bool jam_next = false;
  int attach = kNoUnit;  // senior commander or aide: the unit he is attached to next move
  bool commands_at_start = false;  // CommandOf at the start of the move
  bool melee_hit = false;
  int melee_losses = 0;
  bool pinned_now = false, failed = false, penalty = false;
  Vec2 start = Vec2::Zero();  // where it stood when the orders were given
};

double Gap(const Unit& a, const Vec2& pa, const Unit& b, const Vec2& pb) {
  return Distance(pa, pb) - UnitRadius(a) - UnitRadius(b);
}

// "Colonial infantry that are hit by a Zulu unit in a move can fore before
// impact ... This includes artillery and Gatling guns." Reading: the
// British foot (regulars and NNC) and the guns (field gun, rocket,
// Gatling); not the cavalry, irregular horse or mounted infantry
// (docs/conformance.md).
bool FiresBeforeImpact(const Unit& u) {
  switch (u.kind) {
    case UnitKind::kInfantry:
    case UnitKind::kNativeFoot:
    case UnitKind::kGun:
    case UnitKind::kGatling:
    case UnitKind::kRockets:
      return true;
    default:
      return false;
  }
}

// An advance stops short of contact with any enemy (a unit that means to
// close does so by a charge): walked in quarter inches.
Vec2 AdvanceStoppingShort(const BattleState& snap, const Unit& u, const Vec2& to, double inches) {
  const double total = std::min(inches, Distance(u.position, to));
  const double radius = UnitRadius(u);
  Vec2 at = u.position;
  for (double d = 0.25; d <= total + 1e-9; d += 0.25) {
    const Vec2 next = StepTowards(u.position, to, std::min(d, total));
    bool blocked = false;
    for (const Unit& e : snap.units) {
      if (e.side == u.side || !Active(e)) continue;
      if (Distance(next, e.position) <= radius + UnitRadius(e) + kContactSlack + 0.5) blocked = true;
    }
    if (blocked) break;
    at = next;
  }
  return at;
}

// `text` makes the event's words (a callable returning std::string): a
// quiet log, as in a search, formats none of them.
template <typename Text>
void Note(EventLog& log, EventKind kind, const Unit& u, const std::string& target, Explanation* why,
          const Text& make_text, std::initializer_list<Vec2> path = {}) {
  if (!log.wanted()) return;
  const std::string text = make_text();
  Event& e = log.Add(kind, u.side);
  e.unit_ids = {u.id.str()};
  e.target_id = target;
  if (why != nullptr) e.why = std::move(*why);
  if (e.why.rule.source.empty()) e.why.rule.source = kSource;
  if (e.why.text.empty()) e.why.text = text;
  e.announce = text;
  e.path.assign(path.begin(), path.end());
}

int SmallArmsFigures(const Unit& u, const Profile& p) {
  if (u.kind == UnitKind::kRegiment) return std::min(u.figures.fit, u.figures.riflemen > 0 ? u.figures.riflemen : 4);
  if (u.kind == UnitKind::kNativeFoot) return std::min(u.figures.fit, u.figures.riflemen > 0 ? u.figures.riflemen : 2);
  (void)p;
  return u.figures.fit;
}

void MarkFiredAt(PerUnit& target, const Profile& target_p, Weapon w) {
  target.fired_at = true;
  MoraleOccasion& o = target.occasion;
  o.native = target_p.native;
  switch (w) {
    case Weapon::kMartiniHenry:
    case Weapon::kPercussionRifle:
    case Weapon::kCarbine:
      o.fired_at_by_rifle = true;
      break;
    case Weapon::kMusketShotGun:
      o.fired_at_by_musket = true;
      break;
    case Weapon::kGatlingGun:
      o.fired_at_by_gatling = true;
      break;
    case Weapon::kSpear:
      break;
  }
}

}  // namespace

absl::Status EmpressRuleset::ResolveMove(BattleState& s, Dice& dice, EventLog& log) const {
  if (StageOf(s) != Stage::kResolve) {
    return absl::FailedPreconditionError("ResolveMove: the orders of the move are not all fixed");
  }
  // Keyed to the units: every unit has an entry, by handle.
  EmpressState& own = MutableOwnState(s);
  // Every die in place order (PlaceOrder), the same whatever the units' ids.
  // The working is kept by the thread: a warm move allocates nothing.
  thread_local std::vector<int> order;
  thread_local std::vector<PerUnit> work;
  thread_local std::vector<Vec2> route(2);
  PlaceOrder(s, &order);
  work.assign(s.units.size(), PerUnit{});
  std::vector<PerUnit>& m = work;
  // COMMAND: standing orders changed this move by the senior commander or
  // his aide attached to the unit govern its orders from the next move.
  for (const int h : order) {
    const EmpressUnit& e = own.units[static_cast<size_t>(h)];
    if (e.ordered && e.order.kind == OrderKind::kStanding && e.order.target != kNoUnit) {
      own.units[static_cast<size_t>(e.order.target)].standing = e.order.standing;
    }
  }
  // The move's snapshot: every effect reads the table as the orders found
  // it. Nothing below changes the state before the units move (after 2d);
  // what is read of the start after that is kept here: where each unit
  // stood, and (below) which senior commander or aide commanded and which
  // Zulu unit was retiring.
  for (size_t h = 0; h < s.units.size(); ++h) m[h].start = s.units[h].position;
  Explanation why;
  Explanation* w = log.wanted() ? &why : nullptr;

  // 1. Movement allowances, rolled in place order.
  for (const int h : order) {
    const Unit& u = s.units[static_cast<size_t>(h)];
    if (!Active(u)) continue;
    const EmpressUnit& e = own.units[static_cast<size_t>(h)];
    PerUnit& pu = m[static_cast<size_t>(h)];
    const Profile p = ProfileOf(s, u);
    if (IsGun(u) && !e.limbered && !e.routing && !e.Retiring()) continue;  // guns move limbered
    std::optional<Vec2> to;
    if (e.routing || e.Retiring()) {
      // MORALE: "retires 2 moves away from enemy": a retiring unit heads
      // for the nearest edge away from the nearest enemy; a routing one for
      // the nearest edge ("Routing or Retiring units move to the nearest
      // table edge via the safest route").
      const Unit* enemy = e.Retiring() ? NearestEnemy(s, u) : nullptr;
      pu.routed = true;
      pu.route_from = u.position;
      pu.route_to = SafestEdgePoint(s, u.side, u.position, enemy != nullptr ? &enemy->position : nullptr);
      to = pu.route_to;
    } else if (e.pinned) {
      continue;
    } else if (e.order.kind == OrderKind::kAdvance || e.order.kind == OrderKind::kEvade) {
      to = e.order.to;
    } else if (e.order.kind == OrderKind::kCharge || e.order.kind == OrderKind::kAttach) {
      const Unit* t = UnitAt(s, e.order.target);
      if (t == nullptr || !Active(*t)) continue;
      to = t->position;
    }
    if (!to) continue;
    MovementSituation ms;
    ms.mover = p.mover;
    const double reach = std::min(Distance(u.position, *to), 6.0 + 12.0 + 12.0);
    ms.linear_obstacles = LinearObstacles(s, u.position, StepTowards(u.position, *to, reach));
    absl::StatusOr<MoveAllowance> a = MovementAllowance(dice, ms, w);
    IMPI_RETURN_IF_ERROR(a.status());
    pu.has_allowance = true;
    pu.allowance = a->inches;
  }

  // 2a. Moves that close with nobody, from the snapshot.
  for (const int h : order) {
    PerUnit& pu = m[static_cast<size_t>(h)];
    if (!pu.has_allowance) continue;
    const int inches = pu.allowance;
    const Unit& u = s.units[static_cast<size_t>(h)];
    const EmpressUnit& e = own.units[static_cast<size_t>(h)];
    if (pu.routed) {
      route[0] = pu.route_from;
      route[1] = pu.route_to;
      const Vec2 at = AlongPath(route, inches);
      pu.has_dest = true;
      pu.dest = at;
      pu.retreated = true;
      pu.retreat_from = u.position;
      pu.retreat_to = at;
    } else if (e.order.kind == OrderKind::kAdvance) {
      pu.has_dest = true;
      pu.dest = AdvanceStoppingShort(s, u, e.order.to, inches);
    } else if (e.order.kind == OrderKind::kEvade) {
      pu.has_dest = true;
      pu.dest = StepTowards(u.position, e.order.to, std::min<double>(inches, Distance(u.position, e.order.to)));
    }
  }
  // 2b. Charges, towards where their targets went in 2a (a charging target
  // is met where it started). ALL ACTION IS SIMULTANEOUS: two units that
  // charge each other both move, along the line between them, and meet
  // where each has covered its share of the gap in proportion to its move
  // (they meet if their moves together cover it).
  for (PerUnit& pu : m) {
    pu.had_dest = pu.has_dest;
    pu.after_moves = pu.dest;
  }
  // The target of a unit that charges with an allowance (it has one: the
  // target was found in 1), or kNoUnit.
  auto charging = [&](int h) -> int {
    const PerUnit& pu = m[static_cast<size_t>(h)];
    if (!pu.has_allowance || pu.routed) return kNoUnit;
    const EmpressUnit& e = own.units[static_cast<size_t>(h)];
    return e.order.kind == OrderKind::kCharge ? e.order.target : kNoUnit;
  };
  for (const int h : order) {
    const int th = charging(h);
    if (th == kNoUnit) continue;
    PerUnit& pu = m[static_cast<size_t>(h)];
    const int inches = pu.allowance;
    const Unit& u = s.units[static_cast<size_t>(h)];
    const Unit& t = s.units[static_cast<size_t>(th)];
    pu.charge_start = std::max(0.0, Gap(u, u.position, t, t.position));
    if (charging(th) == h) {
      const double gap = Gap(u, u.position, t, t.position);
      const double both = inches + m[static_cast<size_t>(th)].allowance;
      pu.has_dest = true;
      if (both >= gap) {
        const double share = both > 0 ? gap * inches / both : 0.0;
        pu.dest = StepTowards(u.position, t.position, std::max(0.0, share));
        pu.contact = th;
        pu.mutual = true;
      } else {
        pu.dest = StepTowards(u.position, t.position, inches);
      }
      continue;
    }
    const PerUnit& tu = m[static_cast<size_t>(th)];
    const Vec2 tp = tu.had_dest ? tu.after_moves : t.position;
    const double need = Gap(u, u.position, t, tp);
    pu.has_dest = true;
    if (need <= inches) {
      pu.dest = StepTowards(u.position, tp, std::max(0.0, need));
      pu.contact = th;
    } else {
      pu.dest = StepTowards(u.position, tp, inches);
    }
  }
  // 2c. Commanders and witch doctors join their unit where it went.
  for (const int h : order) {
    PerUnit& pu = m[static_cast<size_t>(h)];
    const OrderKind kind = own.units[static_cast<size_t>(h)].order.kind;
    if (!pu.has_allowance || kind != OrderKind::kAttach || pu.routed) continue;
    const int th = own.units[static_cast<size_t>(h)].order.target;
    const Unit& u = s.units[static_cast<size_t>(h)];
    const Unit& t = s.units[static_cast<size_t>(th)];
    const PerUnit& tu = m[static_cast<size_t>(th)];
    const Vec2 tp = tu.has_dest ? tu.dest : t.position;
    pu.has_dest = true;
    pu.dest = StepTowards(u.position, tp, std::min<double>(pu.allowance, std::max(0.0, Gap(u, u.position, t, tp))));
  }
  // 2d. The senior commander or aide attached to a unit for this move, and
  // not leaving it, moves with it.
  for (const int h : order) {
    const Unit& c = s.units[static_cast<size_t>(h)];
    const Unit* t = AttachedTo(s, c);
    const OrderKind k = own.units[static_cast<size_t>(h)].order.kind;
    PerUnit& pu = m[static_cast<size_t>(h)];
    if (t == nullptr || k == OrderKind::kAttach || pu.has_allowance) continue;
    const PerUnit& tu = m[static_cast<size_t>(HandleOf(s, *t))];
    if (!tu.has_dest) continue;
    pu.has_dest = true;
    pu.dest = c.position + (tu.dest - t->position);
  }
  // What the rest of the move reads of its start: a senior commander's or
  // aide's role (a unit leaving the table may change the default), and a
  // charged Zulu unit retiring when the move began (caught by cavalry).
  for (const int h : order) {
    PerUnit& pu = m[static_cast<size_t>(h)];
    const EmpressUnit& e = own.units[static_cast<size_t>(h)];
    if (e.ordered && e.order.kind == OrderKind::kAttach) {
      pu.commands_at_start = CommandOf(s, s.units[static_cast<size_t>(h)]) != Command::kNone;
    }
    if (pu.contact != kNoUnit) {
      m[static_cast<size_t>(pu.contact)].catchable =
          MoraleTestRefusal(s, s.units[static_cast<size_t>(pu.contact)], true, RocketEffect::kNone) == Refusal::kNone;
    }
  }
  for (const int h : order) {
    PerUnit& pu = m[static_cast<size_t>(h)];
    if (!pu.has_dest) continue;
    const Vec2 to = pu.dest;
    Unit& u = s.units[static_cast<size_t>(h)];
    const Vec2 from = u.position;
    u.position = ClampToTable(to, s.table.width, s.table.height);
    if (Distance(from, u.position) > 1e-9) pu.moved = true;
    EmpressUnit& e = own.units[static_cast<size_t>(h)];
    if (pu.routed) {
      if (e.Retiring()) --e.retire_moves_left;
      if (OnEdge(s, u.position) && Distance(u.position, pu.route_to) < 1e-6) {
        u.off_table = true;  // left the field by the table edge
      }
    }
    Note(log, EventKind::kMoved, u, pu.contact != kNoUnit ? s.units[static_cast<size_t>(pu.contact)].id.str() : "",
         nullptr,
         [&] { return absl::StrCat(u.name.str(), " moves ", Distance(from, u.position), "\"",
                      pu.contact != kNoUnit ? " and charges home" : ""); },
         {from, u.position});
  }

  // COMMAND: the senior commander or aide who joined a unit is attached to
  // it for the next move.
  for (const int h : order) {
    const Unit& c = s.units[static_cast<size_t>(h)];
    const EmpressUnit& e = own.units[static_cast<size_t>(h)];
    PerUnit& pu = m[static_cast<size_t>(h)];
    if (!e.ordered || e.order.kind != OrderKind::kAttach || !pu.commands_at_start) continue;
    const Unit* t = UnitAt(s, e.order.target);
    if (t != nullptr && Active(c) && Active(*t) && InContact(c, *t)) pu.attach = e.order.target;
  }

  // 3. Fire, from where everyone stands after movement; losses after all.
  for (const PerUnit& pu : m) {
    if (pu.contact == kNoUnit) continue;
    m[static_cast<size_t>(pu.contact)].engaged = true;
  }
  for (size_t h = 0; h < m.size(); ++h) m[h].engaged |= m[h].contact != kNoUnit;
  for (const int h : order) {
    const Unit& u = s.units[static_cast<size_t>(h)];
    const EmpressUnit& e = own.units[static_cast<size_t>(h)];
    PerUnit& pu = m[static_cast<size_t>(h)];
    const Profile p = ProfileOf(s, u);
    if (FireRefusal(s, u) != Refusal::kNone) continue;  // the check Ask's Gatling burst makes too
    if (pu.moved) continue;  // designed: a unit that moves does not fire
    // A gun fires unlimbered; limbering or unlimbering spends the move (designed).
    if (e.order.kind == OrderKind::kLimber || e.order.kind == OrderKind::kUnlimber) continue;
    const Unit* target = nullptr;
    bool before_impact = false;
    // Colonial infantry, artillery and Gatlings charged home by a Zulu
    // unit (FiresBeforeImpact): fire before impact if the Zulus began 10"
    // or more away. A unit that charged its charger met it on the move
    // (ALL ACTION IS SIMULTANEOUS): it does not stand to fire first.
    for (const int c : order) {
      const PerUnit& cu = m[static_cast<size_t>(c)];
      if (cu.contact != h || u.side != Side::kBritish || !FiresBeforeImpact(u)) continue;
      if (cu.mutual || s.units[static_cast<size_t>(c)].side != Side::kZulu) continue;
      absl::StatusOr<bool> may = MayFireBeforeImpact(cu.charge_start, nullptr);
      if (may.ok() && *may && target == nullptr) {
        target = &s.units[static_cast<size_t>(c)];
        before_impact = true;
      }
    }
    if (!before_impact) {
      if (pu.engaged) continue;  // in melee: no fire
      if (e.order.kind == OrderKind::kFire) {
        const Unit* t = UnitAt(s, e.order.target);
        if (t != nullptr && Active(*t) && Distance(u.position, t->position) <= p.range) target = t;
      }
      if (target == nullptr && (e.order.kind == OrderKind::kHold || e.order.kind == OrderKind::kFire ||
                                e.order.kind == OrderKind::kStanding || e.order.kind == OrderKind::kUnspecified)) {
        double best = 1e300;
        for (const int o : order) {
          const Unit& ou = s.units[static_cast<size_t>(o)];
          if (ou.side == u.side || !Active(ou)) continue;
          const double d = Distance(u.position, ou.position);
          if (d <= p.range && d < best) {
            best = d;
            target = &ou;
          }
        }
      }
    }
    if (target == nullptr) continue;
    const int th = HandleOf(s, *target);
    PerUnit& tu = m[static_cast<size_t>(th)];
    double range = Distance(u.position, target->position);
    if (before_impact) range = std::min(range, 10.0);
    const Profile tp = ProfileOf(s, *target);
    const Condition firer = ConditionNow(s, u);
    if (p.weapon == Weapon::kGatlingGun) {
      GatlingSituation g;
      g.range_inches = range;
      g.target_in_cover = TargetInCover(s, u.position, *target);
      g.firer = firer;
      g.failed_morale_last_move = e.fire_penalty;
      absl::StatusOr<GatlingResult> r = GatlingFire(dice, g, w);
      if (!r.ok()) continue;
      tu.hit = true;
      tu.losses += r->kills;
      if (r->jams) pu.jam_next = true;
      MarkFiredAt(tu, tp, Weapon::kGatlingGun);
      Note(log, EventKind::kFired, u, target->id.str(), w, [&] { return absl::StrCat(u.name.str(), " (Gatling) kills ", r->kills); });
    } else if (p.weapon) {
      FireSituation f;
      f.weapon = *p.weapon;
      f.range_inches = range;
      f.figures_firing = SmallArmsFigures(u, p);
      f.zulus_firing = u.side == Side::kZulu;
      f.target_in_cover = TargetInCover(s, u.position, *target);
      f.firer = firer;
      f.firer_mounted = p.mounted;
      f.failed_morale_last_move = e.fire_penalty;
      if (SmallArmsBand(range) < 0 || SmallArmsKillOn(f.weapon, SmallArmsBand(range)) == 0) continue;
      absl::StatusOr<FireResult> r = SmallArmsFire(dice, f, w);
      if (!r.ok()) continue;
      int kills = r->kills;
      Note(log, EventKind::kFired, u, target->id.str(), w, [&] { return absl::StrCat(u.name.str(), " fires: ", r->kills, " killed"); });
      // Zulus: the throwing spears of the rest of the unit at 0-10".
      const int spears = u.kind == UnitKind::kRegiment ? std::min(4, u.figures.fit - f.figures_firing) : 0;
      if (spears > 0 && SmallArmsBand(range) == 0) {
        f.weapon = Weapon::kSpear;
        f.figures_firing = spears;
        absl::StatusOr<FireResult> sp = SmallArmsFire(dice, f, w);
        if (sp.ok()) kills += sp->kills;
        Note(log, EventKind::kFired, u, target->id.str(), w, [&] { return absl::StrCat(u.name.str(), " throws spears"); });
      }
      tu.hit = true;
      tu.losses += kills;
      MarkFiredAt(tu, tp, *p.weapon);
    } else if (p.ordnance) {
      // ARTILLERY, ROCKET.: "estimates range in inches. Places 4' circular
      // marker with the centre on the exact measurement that player has
      // announced": on the line to the target where it stands now, at the
      // range the order announced, or, announcing none, at the umpire's
      // estimate for the firer (designed) of the range when the orders were
      // given. Fired before impact the marker is on the chargers (designed:
      // point blank, no estimate). The chart's column is the range announced.
      double announced = range;
      Vec2 centre = target->position;
      if (!before_impact) {
        if (e.order.kind == OrderKind::kFire && e.order.target == th && e.order.range_estimate > 0) {
          announced = e.order.range_estimate;
        } else {
          const Vec2 seen = tu.start;
          absl::StatusOr<RangeEstimate> est =
              EstimateRange(dice, *p.ordnance, Distance(u.position, seen),
                            ParameterOr<kEstimateError>(s, kDefaultEstimateError), w);
          IMPI_RETURN_IF_ERROR(est.status());
          announced = est->announced;
          Note(log, EventKind::kTableRoll, u, target->id.str(), w,
               [&] { return absl::StrCat(u.name.str(), " estimates the range at ", announced, "\""); });
        }
        centre = MarkerAtEstimate(u.position, target->position, announced);
      }
      if (ArtilleryBand(announced) < 0 || ArtilleryKillOn(*p.ordnance, ArtilleryBand(announced)) == 0) continue;
      if (*p.ordnance == Ordnance::kRocket) {
        // "Move the 4" marker to this position": from where it was placed.
        const RocketDeviation dev = RollRocketDeviation(dice, w);
        const Vec2 placed = centre;
        centre = DeviatedCentre(u.position, placed, dev);
        Note(log, EventKind::kTableRoll, u, target->id.str(), w,
             [&] { return absl::StrCat(u.name.str(), " rocket deviates ", dev.inches, "\""); }, {u.position, placed, centre});
      }
      for (const int vh : order) {
        const Unit& v = s.units[static_cast<size_t>(vh)];
        if (!Active(v) || vh == h) continue;
        PerUnit& vu = m[static_cast<size_t>(vh)];
        const Profile vp = ProfileOf(s, v);
        const int figures = FiguresUnderMarker(v, centre);
        if (figures == 0) {
          // ROCKET.: "Any native unit that the rocket flies over takes an
          // immediate morale test with a minus 1": any, of either side.
          if (*p.ordnance == Ordnance::kRocket && vp.native &&
              SegmentDistance(v.position, u.position, centre) <= UnitRadius(v)) {
            vu.fired_at = true;
            MoraleOccasion& o = vu.occasion;
            o.native = true;
            if (o.rocket == RocketEffect::kNone) o.rocket = RocketEffect::kFlewOver;
          }
          continue;
        }
        ArtillerySituation a;
        a.ordnance = *p.ordnance;
        a.range_inches = announced;
        a.figures_under_marker = figures;
        a.firer = firer;
        a.failed_morale_last_move = e.fire_penalty;
        absl::StatusOr<FireResult> r = ArtilleryFire(dice, a, w);
        if (!r.ok()) continue;
        vu.hit = true;
        vu.losses += r->kills;
        vu.fired_at = true;
        MoraleOccasion& o = vu.occasion;
        o.native = vp.native;
        o.fired_at_by_artillery = true;
        if (*p.ordnance == Ordnance::kRocket) o.rocket = RocketEffect::kHit;
        Note(log, EventKind::kFired, u, v.id.str(), w,
             [&] { return absl::StrCat(u.name.str(), " kills ", r->kills, " of ", v.name.str(), " (", figures,
                          " under the marker)"); });
      }
    }
    pu.fired = true;
  }
  for (size_t h = 0; h < m.size(); ++h) {
    if (m[h].hit) ApplyLosses(s, static_cast<int>(h), m[h].losses);
  }

  // 4. Melee by pairs, every charge that came home, from the figures left.
  // Two units that charged each other fight one melee (ALL ACTION IS
  // SIMULTANEOUS), both attacking. A figure killed in one melee of the move
  // fights in no later one: a unit fights with its figures less those it
  // has lost in melee this move.
  for (const int ch : order) {
    PerUnit& cu = m[static_cast<size_t>(ch)];
    const int th = cu.contact;
    if (th == kNoUnit) continue;
    PerUnit& tu = m[static_cast<size_t>(th)];
    const bool mutual = cu.mutual;
    // The pair's melee is fought once, from the first of the two in place order.
    if (mutual && tu.fought) continue;
    if (mutual) cu.fought = true;
    const Unit& c = s.units[static_cast<size_t>(ch)];
    const Unit& t = s.units[static_cast<size_t>(th)];
    cu.melee_hit = tu.melee_hit = true;
    const int c_fit = c.figures.fit - cu.melee_losses, t_fit = t.figures.fit - tu.melee_losses;
    if (!Active(c) || !Active(t) || c_fit <= 0 || t_fit <= 0) continue;
    const Profile cp = ProfileOf(s, c);
    const Profile tpr = ProfileOf(s, t);
    // "caught doing so by charging Colonial cavalry": a Zulu unit retiring
    // when the move began (the check Ask's morale test makes too).
    if (cp.colonial_cavalry && tu.catchable) tu.caught_by_cavalry = true;
    MeleeFigure fc, ft;
    fc.cavalry = cp.horse;
    fc.attacking = true;
    fc.zulu = c.side == Side::kZulu;
    fc.condition = ConditionNow(s, c);
    fc.higher_ground = InsideTerrain(s, c.position, TerrainKind::kHill) && !InsideTerrain(s, t.position, TerrainKind::kHill);
    ft.behind_organised_defences = BehindDefences(s, t);
    ft.zulu = t.side == Side::kZulu;
    ft.condition = ConditionNow(s, t);
    ft.higher_ground = InsideTerrain(s, t.position, TerrainKind::kHill) && !InsideTerrain(s, c.position, TerrainKind::kHill);
    if (mutual) {
      // Both charged: both are attacking.
      ft.cavalry = tpr.horse;
      ft.attacking = true;
    }
    EmpressUnit& ce = own.units[static_cast<size_t>(ch)];
    EmpressUnit& tse = own.units[static_cast<size_t>(th)];
    const int cap_c = kMaxFightsAMove * c_fit - ce.fights_used;
    const int cap_t = kMaxFightsAMove * t_fit - tse.fights_used;
    const bool c_small = c_fit <= t_fit;
    const Unit& small_unit = c_small ? c : t;
    const Unit& large_unit = c_small ? t : c;
    const int small = std::min(c_fit, t_fit), large = std::max(c_fit, t_fit);
    int budget = std::min({large, kMaxFightsAMove * small, std::max(0, cap_c), std::max(0, cap_t)});
    int small_lost = 0, large_lost = 0, fights = 0;
    Explanation melee_why;
    for (int i = 0; i < small && budget > 0; ++i) {
      int k = large / small + (i < large % small ? 1 : 0);
      k = std::min({k, kMaxFightsAMove, budget});
      if (k <= 0) continue;
      const MeleeFigure& me = c_small ? fc : ft;
      const MeleeFigure& them = c_small ? ft : fc;
      // Each figure's fights go into the melee's one explanation, every die
      // with its modifiers and total.
      Explanation one;
      ManyFightsResult r = MeleeAgainstMany(
          dice, me, them, k, w != nullptr ? &one : nullptr, MeleeTie::kStandOff,
          w != nullptr ? absl::StrCat(small_unit.name.str(), " figure ", i + 1, " against ", large_unit.name.str())
                       : std::string());
      if (w != nullptr) {
        if (melee_why.dice.empty()) melee_why.rule = one.rule;
        melee_why.rule.designed |= one.rule.designed;
        for (DieRoll& d : one.dice) melee_why.dice.push_back(std::move(d));
        absl::StrAppend(&melee_why.text, melee_why.text.empty() ? "" : "; ", small_unit.name.str(), " figure ",
                        i + 1, ": ", one.text);
      }
      small_lost += r.figure_killed ? 1 : 0;
      large_lost += r.opponents_killed;
      fights += k;
      budget -= k;
    }
    ce.fights_used += fights;
    tse.fights_used += fights;
    (c_small ? cu : tu).melee_losses += small_lost;
    (c_small ? tu : cu).melee_losses += large_lost;
    const int c_lost = c_small ? small_lost : large_lost, t_lost = c_small ? large_lost : small_lost;
    Note(log, EventKind::kCharged, c, t.id.str(), w != nullptr ? &melee_why : nullptr,
         [&] { return absl::StrCat("melee: ", c.name.str(), " loses ", c_lost, ", ", t.name.str(), " loses ", t_lost,
                      " in ", fights, " fight", fights == 1 ? "" : "s", mutual ? " (they charged each other)" : ""); });
  }
  for (size_t h = 0; h < m.size(); ++h) {
    if (m[h].melee_hit) ApplyLosses(s, static_cast<int>(h), m[h].melee_losses);
  }

  // 5. Morale, in place order, after fire and melee.
  for (const int h : order) {
    const Unit& u = s.units[static_cast<size_t>(h)];
    PerUnit& pu = m[static_cast<size_t>(h)];
    MoraleOccasion occ = pu.fired_at ? pu.occasion : MoraleOccasion{};
    if (MoraleTestRefusal(s, u, false, occ.rocket) != Refusal::kNone) continue;  // as Ask's morale test
    EmpressUnit& e = own.units[static_cast<size_t>(h)];
    const Profile p = ProfileOf(s, u);
    occ.native = p.native;
    occ.shaken = ConditionNow(s, u) == Condition::kShaken;
    const bool caught = pu.caught_by_cavalry;
    if (!MoraleTestDue(occ, nullptr) && !caught) continue;
    MoraleSituation ms = MoraleSituationOf(s, u);
    ms.volley_from_prepared_positions = u.kind == UnitKind::kInfantry && pu.fired && BehindDefences(s, u);
    for (size_t r = 0; r < m.size(); ++r) {
      const PerUnit& ru = m[r];
      if (ru.retreated && r != static_cast<size_t>(h) && s.units[r].side == u.side &&
          SegmentDistance(u.position, ru.retreat_from, ru.retreat_to) <= 10.0) {
        ms.retiring_unit_passed_within_10 = true;
      }
    }
    ms.rocket = occ.rocket;
    ms.caught_retiring_by_colonial_cavalry = caught;
    absl::StatusOr<MoraleResult> r = MoraleTest(dice, ms, w);
    IMPI_RETURN_IF_ERROR(r.status());
    e.tested_this_move = true;
    Note(log, EventKind::kMoraleTest, u, "", w, [&] { return absl::StrCat(u.name.str(), " tests morale: ", r->total); });
    if (r->outcome == MoraleOutcome::kOk) continue;
    pu.failed = true;
    if (ApplyLastingMorale(*r, e)) pu.pinned_now = true;
    if (r->outcome == MoraleOutcome::kFirePenalty) pu.penalty = true;
  }

  // 6. The end of the move.
  for (size_t h = 0; h < own.units.size() && h < m.size(); ++h) {
    EmpressUnit& e = own.units[h];
    const PerUnit& pu = m[h];
    e.tests_in_a_row = e.tested_this_move ? e.tests_in_a_row + 1 : 0;
    e.failures_in_a_row = pu.failed ? e.failures_in_a_row + 1 : 0;
    e.tested_this_move = false;
    e.pinned = pu.pinned_now;
    e.fire_penalty = pu.penalty;
    e.gatling_jammed = pu.jam_next;
    e.fights_used = 0;
    if (e.ordered && e.order.kind == OrderKind::kLimber) e.limbered = true;
    if (e.ordered && e.order.kind == OrderKind::kUnlimber) e.limbered = false;
    // Attached for the next move if both are still in the fight.
    const Unit& c = s.units[h];
    const Unit* t = pu.attach != kNoUnit ? &s.units[static_cast<size_t>(pu.attach)] : nullptr;
    e.attached_to = t != nullptr && Active(c) && Active(*t) ? pu.attach : kNoUnit;
    e.ordered = false;
    e.order = Order{};
  }
  const int limit = static_cast<int>(ParameterOr<kMoveLimit>(s, 12));
  own.stage = Stage::kOver;
  if (OutcomeOf(s) == Outcome::kNone && own.move < limit) {
    ++own.move;
    own.stage = Stage::kZuluOrders;
  }
  s.clock.turn = own.move;
  s.clock.phase = own.stage == Stage::kOver ? Phase::kGameOver : Phase::kMovement;
  SyncStatus(s);
  if (log.wanted()) {
    Event& ev = log.Add(EventKind::kTurnStarted, Side::kUnspecified);
    ev.announce = own.stage == Stage::kOver ? "the skirmish is over"
                                            : absl::StrCat("move ", own.move, ": both sides give their orders");
  }
  return absl::OkStatus();
}

}  // namespace impi::empress
