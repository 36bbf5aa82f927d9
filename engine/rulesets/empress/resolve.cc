// EmpressRuleset::ResolveMove: one simultaneous move of "Damned Wobbly
// Gentlemen", every effect read from the move's snapshot and every die
// rolled in unit id order. See empress.h.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/empress/board.h"
#include "engine/rulesets/empress/empress.h"

namespace impi::empress {
namespace {

constexpr double kContactSlack = 0.5;

struct Scratch {
  std::map<std::string, int> allowance;
  std::map<std::string, std::vector<Vec2>> route;  // retiring and routing units
  std::set<std::string> moved;
  std::map<std::string, std::vector<Vec2>> retreat_path;  // where retiring and routing units went
  std::map<std::string, std::string> contact;   // charger -> target, in contact after movement
  std::set<std::string> mutual;                 // chargers whose target charged them: one melee
  std::set<std::string> fought;                 // of those, the one whose pair's melee is fought
  std::map<std::string, double> charge_start;   // charger -> gap to its target at the start
  std::map<std::string, int> losses;
  std::map<std::string, MoraleOccasion> fired_at;
  std::set<std::string> caught_by_cavalry;
  std::set<std::string> fired;
  std::set<std::string> jam_next;
  std::map<std::string, std::string> attach;  // senior commander or aide -> the unit he is attached to next move
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
  Vec2 at = u.position;
  for (double d = 0.25; d <= total + 1e-9; d += 0.25) {
    const Vec2 next = StepTowards(u.position, to, std::min(d, total));
    bool blocked = false;
    for (const Unit& e : snap.units) {
      if (e.side == u.side || !Active(e)) continue;
      if (Distance(next, e.position) <= UnitRadius(u) + UnitRadius(e) + kContactSlack + 0.5) blocked = true;
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
          const Text& make_text, std::vector<Vec2> path = {}) {
  if (!log.wanted()) return;
  const std::string text = make_text();
  Event& e = log.Add(kind, u.side);
  e.unit_ids = {u.id.str()};
  e.target_id = target;
  if (why != nullptr) e.why = std::move(*why);
  if (e.why.rule.source.empty()) e.why.rule.source = kSource;
  if (e.why.text.empty()) e.why.text = text;
  e.announce = text;
  e.path = std::move(path);
}

int SmallArmsFigures(const Unit& u, const Profile& p) {
  if (u.kind == UnitKind::kRegiment) return std::min(u.figures.fit, u.figures.riflemen > 0 ? u.figures.riflemen : 4);
  if (u.kind == UnitKind::kNativeFoot) return std::min(u.figures.fit, u.figures.riflemen > 0 ? u.figures.riflemen : 2);
  (void)p;
  return u.figures.fit;
}

void MarkFiredAt(Scratch& m, const Unit& target, const Profile& target_p, Weapon w) {
  MoraleOccasion& o = m.fired_at[target.id.str()];
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
  // Every die in place order (PlaceOrder), the same whatever the units' ids.
  const std::vector<std::string> ids = PlaceOrder(s);
  for (const std::string& id : ids) MutableUnitState(s, id);  // every unit has an entry
  // COMMAND: standing orders changed this move by the senior commander or
  // his aide attached to the unit govern its orders from the next move.
  for (const std::string& id : ids) {
    const EmpressUnit& e = *UnitState(s, id);
    if (e.ordered && e.order.kind == OrderKind::kStanding) {
      MutableUnitState(s, e.order.target_id).standing = e.order.standing;
    }
  }
  const BattleState snap = s;  // the move's snapshot
  Scratch m;
  Explanation why;
  Explanation* w = log.wanted() ? &why : nullptr;

  // 1. Movement allowances, rolled in unit id order.
  std::map<std::string, Vec2> dest;
  for (const std::string& id : ids) {
    const Unit& u = *snap.FindUnit(id);
    if (!Active(u)) continue;
    const EmpressUnit& e = *UnitState(snap, id);
    const Profile p = ProfileOf(snap, u);
    if (IsGun(u) && !e.limbered && !e.routing && !e.Retiring()) continue;  // guns move limbered
    std::optional<Vec2> to;
    if (e.routing || e.Retiring()) {
      // MORALE: "retires 2 moves away from enemy": a retiring unit heads
      // for the nearest edge away from the nearest enemy; a routing one for
      // the nearest edge ("Routing or Retiring units move to the nearest
      // table edge via the safest route").
      const Unit* enemy = e.Retiring() ? NearestEnemy(snap, u) : nullptr;
      m.route[id] = SafestRoute(snap, u.side, u.position, enemy != nullptr ? &enemy->position : nullptr);
      to = m.route[id].back();
    } else if (e.pinned) {
      continue;
    } else if (e.order.kind == OrderKind::kAdvance || e.order.kind == OrderKind::kEvade) {
      to = e.order.to;
    } else if (e.order.kind == OrderKind::kCharge || e.order.kind == OrderKind::kAttach) {
      const Unit* t = snap.FindUnit(e.order.target_id);
      if (t == nullptr || !Active(*t)) continue;
      to = t->position;
    }
    if (!to) continue;
    dest[id] = *to;
    MovementSituation ms;
    ms.mover = p.mover;
    const double reach = std::min(Distance(u.position, *to), 6.0 + 12.0 + 12.0);
    ms.linear_obstacles = LinearObstacles(snap, u.position, StepTowards(u.position, *to, reach));
    absl::StatusOr<MoveAllowance> a = MovementAllowance(dice, ms, w);
    IMPI_RETURN_IF_ERROR(a.status());
    m.allowance[id] = a->inches;
  }

  // 2a. Moves that close with nobody, from the snapshot.
  std::map<std::string, Vec2> moved_to;
  for (const std::string& id : ids) {
    if (!m.allowance.count(id)) continue;
    const int inches = m.allowance[id];
    const Unit& u = *snap.FindUnit(id);
    const EmpressUnit& e = *UnitState(snap, id);
    if (m.route.count(id)) {
      const Vec2 at = AlongPath(m.route[id], inches);
      moved_to[id] = at;
      m.retreat_path[id] = {u.position, at};
    } else if (e.order.kind == OrderKind::kAdvance) {
      moved_to[id] = AdvanceStoppingShort(snap, u, e.order.to, inches);
    } else if (e.order.kind == OrderKind::kEvade) {
      moved_to[id] = StepTowards(u.position, e.order.to, std::min<double>(inches, Distance(u.position, e.order.to)));
    }
  }
  // 2b. Charges, towards where their targets went in 2a (a charging target
  // is met where it started). ALL ACTION IS SIMULTANEOUS: two units that
  // charge each other both move, along the line between them, and meet
  // where each has covered its share of the gap in proportion to its move
  // (they meet if their moves together cover it).
  const std::map<std::string, Vec2> after_moves = moved_to;
  auto charging = [&](const std::string& id) -> const std::string* {
    if (!m.allowance.count(id) || m.route.count(id)) return nullptr;
    const EmpressUnit& e = *UnitState(snap, id);
    return e.order.kind == OrderKind::kCharge ? &e.order.target_id : nullptr;
  };
  for (const std::string& id : ids) {
    const std::string* tid = charging(id);
    if (tid == nullptr) continue;
    const int inches = m.allowance[id];
    const Unit& u = *snap.FindUnit(id);
    const Unit& t = *snap.FindUnit(*tid);
    m.charge_start[id] = std::max(0.0, Gap(u, u.position, t, t.position));
    if (const std::string* back = charging(*tid); back != nullptr && *back == id) {
      const double gap = Gap(u, u.position, t, t.position);
      const double both = inches + m.allowance[*tid];
      if (both >= gap) {
        const double share = both > 0 ? gap * inches / both : 0.0;
        moved_to[id] = StepTowards(u.position, t.position, std::max(0.0, share));
        m.contact[id] = *tid;
        m.mutual.insert(id);
      } else {
        moved_to[id] = StepTowards(u.position, t.position, inches);
      }
      continue;
    }
    const Vec2 tp = after_moves.count(*tid) ? after_moves.at(*tid) : t.position;
    const double need = Gap(u, u.position, t, tp);
    if (need <= inches) {
      moved_to[id] = StepTowards(u.position, tp, std::max(0.0, need));
      m.contact[id] = t.id.str();
    } else {
      moved_to[id] = StepTowards(u.position, tp, inches);
    }
  }
  // 2c. Commanders and witch doctors join their unit where it went.
  for (const std::string& id : ids) {
    if (!m.allowance.count(id)) continue;
    const int inches = m.allowance[id];
    const Unit& u = *snap.FindUnit(id);
    const EmpressUnit& e = *UnitState(snap, id);
    if (e.order.kind != OrderKind::kAttach || m.route.count(id)) continue;
    const Unit& t = *snap.FindUnit(e.order.target_id);
    const Vec2 tp = moved_to.count(t.id.str()) ? moved_to[t.id.str()] : t.position;
    moved_to[id] = StepTowards(u.position, tp, std::min<double>(inches, std::max(0.0, Gap(u, u.position, t, tp))));
  }
  // 2d. The senior commander or aide attached to a unit for this move, and
  // not leaving it, moves with it.
  for (const std::string& id : ids) {
    const Unit& c = *snap.FindUnit(id);
    const Unit* t = AttachedTo(snap, c);
    const OrderKind k = UnitState(snap, id)->order.kind;
    if (t == nullptr || k == OrderKind::kAttach || m.allowance.count(id) || !moved_to.count(t->id.str())) continue;
    moved_to[id] = c.position + (moved_to[t->id.str()] - t->position);
  }
  for (const std::string& id : ids) {
    if (!moved_to.count(id)) continue;
    const Vec2 to = moved_to[id];
    Unit& u = *s.FindUnit(id);
    const Vec2 from = u.position;
    u.position = ClampToTable(to, s.table.width, s.table.height);
    if (Distance(from, u.position) > 1e-9) m.moved.insert(id);
    EmpressUnit& e = MutableUnitState(s, id);
    if (m.route.count(id)) {
      if (e.Retiring()) --e.retire_moves_left;
      if (OnEdge(s, u.position) && Distance(u.position, m.route[id].back()) < 1e-6) {
        u.off_table = true;  // left the field by the table edge
      }
    }
    Note(log, EventKind::kMoved, u, m.contact.count(id) ? m.contact[id] : "", nullptr,
         [&] { return absl::StrCat(u.name.str(), " moves ", Distance(from, u.position), "\"",
                      m.contact.count(id) ? " and charges home" : ""); },
         {from, u.position});
  }

  // COMMAND: the senior commander or aide who joined a unit is attached to
  // it for the next move.
  for (const std::string& id : ids) {
    const Unit& c = *s.FindUnit(id);
    const EmpressUnit& e = *UnitState(s, id);
    if (!e.ordered || e.order.kind != OrderKind::kAttach || CommandOf(snap, *snap.FindUnit(id)) == Command::kNone) continue;
    const Unit* t = s.FindUnit(e.order.target_id);
    if (t != nullptr && Active(c) && Active(*t) && InContact(c, *t)) m.attach[id] = t->id.str();
  }

  // 3. Fire, from where everyone stands after movement; losses after all.
  std::map<std::string, std::string> engaged_by;  // unit -> first enemy in contact
  for (const auto& [c, t] : m.contact) {
    engaged_by.emplace(t, c);
    engaged_by.emplace(c, t);
  }
  for (const std::string& id : ids) {
    const Unit& u = *s.FindUnit(id);
    const EmpressUnit& e = *UnitState(s, id);
    const Profile p = ProfileOf(s, u);
    if (FireRefusal(s, u) != Refusal::kNone) continue;  // the check Ask's Gatling burst makes too
    if (m.moved.count(id)) continue;  // designed: a unit that moves does not fire
    // A gun fires unlimbered; limbering or unlimbering spends the move (designed).
    if (e.order.kind == OrderKind::kLimber || e.order.kind == OrderKind::kUnlimber) continue;
    const Unit* target = nullptr;
    bool before_impact = false;
    // Colonial infantry, artillery and Gatlings charged home by a Zulu
    // unit (FiresBeforeImpact): fire before impact if the Zulus began 10"
    // or more away. A unit that charged its charger met it on the move
    // (ALL ACTION IS SIMULTANEOUS): it does not stand to fire first.
    for (const std::string& c : ids) {
      auto ct = m.contact.find(c);
      if (ct == m.contact.end() || ct->second != id || u.side != Side::kBritish || !FiresBeforeImpact(u)) continue;
      if (m.mutual.count(c) || s.FindUnit(c)->side != Side::kZulu) continue;
      absl::StatusOr<bool> may = MayFireBeforeImpact(m.charge_start[c], nullptr);
      if (may.ok() && *may && target == nullptr) {
        target = s.FindUnit(c);
        before_impact = true;
      }
    }
    if (!before_impact) {
      if (engaged_by.count(id)) continue;  // in melee: no fire
      if (e.order.kind == OrderKind::kFire) {
        const Unit* t = s.FindUnit(e.order.target_id);
        if (t != nullptr && Active(*t) && Distance(u.position, t->position) <= p.range) target = t;
      }
      if (target == nullptr && (e.order.kind == OrderKind::kHold || e.order.kind == OrderKind::kFire ||
                                e.order.kind == OrderKind::kStanding || e.order.kind == OrderKind::kUnspecified)) {
        double best = 1e300;
        for (const std::string& oid : ids) {
          const Unit& o = *s.FindUnit(oid);
          if (o.side == u.side || !Active(o)) continue;
          const double d = Distance(u.position, o.position);
          if (d <= p.range && d < best) {
            best = d;
            target = &o;
          }
        }
      }
    }
    if (target == nullptr) continue;
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
      m.losses[target->id.str()] += r->kills;
      if (r->jams) m.jam_next.insert(id);
      MarkFiredAt(m, *target, tp, Weapon::kGatlingGun);
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
      m.losses[target->id.str()] += kills;
      MarkFiredAt(m, *target, tp, *p.weapon);
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
        if (e.order.kind == OrderKind::kFire && e.order.target_id == target->id.str() &&
            e.order.range_estimate > 0) {
          announced = e.order.range_estimate;
        } else {
          const Unit& seen = *snap.FindUnit(target->id.str());
          absl::StatusOr<RangeEstimate> est =
              EstimateRange(dice, *p.ordnance, Distance(u.position, seen.position),
                            s.ParameterOr(kEstimateError, kDefaultEstimateError), w);
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
      for (const std::string& vid : ids) {
        const Unit& v = *s.FindUnit(vid);
        if (!Active(v) || vid == id) continue;
        const Profile vp = ProfileOf(s, v);
        const int figures = FiguresUnderMarker(v, centre);
        if (figures == 0) {
          // ROCKET.: "Any native unit that the rocket flies over takes an
          // immediate morale test with a minus 1": any, of either side.
          if (*p.ordnance == Ordnance::kRocket && vp.native &&
              SegmentDistance(v.position, u.position, centre) <= UnitRadius(v)) {
            MoraleOccasion& o = m.fired_at[vid];
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
        m.losses[vid] += r->kills;
        MoraleOccasion& o = m.fired_at[vid];
        o.native = vp.native;
        o.fired_at_by_artillery = true;
        if (*p.ordnance == Ordnance::kRocket) o.rocket = RocketEffect::kHit;
        Note(log, EventKind::kFired, u, vid, w,
             [&] { return absl::StrCat(u.name.str(), " kills ", r->kills, " of ", v.name.str(), " (", figures,
                          " under the marker)"); });
      }
    }
    m.fired.insert(id);
  }
  ApplyLosses(s, m.losses);

  // 4. Melee by pairs, every charge that came home, from the figures left.
  // Two units that charged each other fight one melee (ALL ACTION IS
  // SIMULTANEOUS), both attacking. A figure killed in one melee of the move
  // fights in no later one: a unit fights with its figures less those it
  // has lost in melee this move.
  std::map<std::string, int> melee_losses;
  for (const std::string& cid : ids) {
    auto ct = m.contact.find(cid);
    if (ct == m.contact.end()) continue;
    const std::string tid = ct->second;
    const bool mutual = m.mutual.count(cid) > 0;
    // The pair's melee is fought once, from the first of the two in place order.
    if (mutual && m.fought.count(tid)) continue;
    if (mutual) m.fought.insert(cid);
    const Unit& c = *s.FindUnit(cid);
    const Unit& t = *s.FindUnit(tid);
    const int c_fit = c.figures.fit - melee_losses[cid], t_fit = t.figures.fit - melee_losses[tid];
    if (!Active(c) || !Active(t) || c_fit <= 0 || t_fit <= 0) continue;
    const Profile cp = ProfileOf(s, c);
    const Profile tpr = ProfileOf(s, t);
    // "caught doing so by charging Colonial cavalry": a Zulu unit retiring
    // when the move began (the check Ask's morale test makes too).
    if (cp.colonial_cavalry && MoraleTestRefusal(snap, *snap.FindUnit(tid), true, RocketEffect::kNone) == Refusal::kNone) {
      m.caught_by_cavalry.insert(tid);
    }
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
    EmpressUnit& ce = MutableUnitState(s, cid);
    EmpressUnit& tse = MutableUnitState(s, tid);
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
          dice, me, std::vector<MeleeFigure>(k, them), w != nullptr ? &one : nullptr, MeleeTie::kStandOff,
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
    melee_losses[small_unit.id.str()] += small_lost;
    melee_losses[large_unit.id.str()] += large_lost;
    const int c_lost = c_small ? small_lost : large_lost, t_lost = c_small ? large_lost : small_lost;
    Note(log, EventKind::kCharged, c, tid, w != nullptr ? &melee_why : nullptr,
         [&] { return absl::StrCat("melee: ", c.name.str(), " loses ", c_lost, ", ", t.name.str(), " loses ", t_lost,
                      " in ", fights, " fight", fights == 1 ? "" : "s", mutual ? " (they charged each other)" : ""); });
  }
  ApplyLosses(s, melee_losses);

  // 5. Morale, in unit id order, after fire and melee.
  std::set<std::string> pinned_now, failed, penalty;
  for (const std::string& id : ids) {
    const Unit& u = *s.FindUnit(id);
    MoraleOccasion occ = m.fired_at.count(id) ? m.fired_at[id] : MoraleOccasion{};
    if (MoraleTestRefusal(s, u, false, occ.rocket) != Refusal::kNone) continue;  // as Ask's morale test
    EmpressUnit& e = MutableUnitState(s, id);
    const Profile p = ProfileOf(s, u);
    occ.native = p.native;
    occ.shaken = ConditionNow(s, u) == Condition::kShaken;
    const bool caught = m.caught_by_cavalry.count(id) > 0;
    if (!MoraleTestDue(occ, nullptr) && !caught) continue;
    MoraleSituation ms = MoraleSituationOf(s, u);
    ms.volley_from_prepared_positions = u.kind == UnitKind::kInfantry && m.fired.count(id) && BehindDefences(s, u);
    for (const auto& [rid, path] : m.retreat_path) {
      const Unit& r = *s.FindUnit(rid);
      if (rid != id && r.side == u.side && SegmentDistance(u.position, path[0], path[1]) <= 10.0) {
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
    failed.insert(id);
    if (ApplyLastingMorale(*r, e)) pinned_now.insert(id);
    if (r->outcome == MoraleOutcome::kFirePenalty) penalty.insert(id);
  }

  // 6. The end of the move.
  EmpressState& own = MutableOwnState(s);
  for (auto& [id, e] : own.units) {
    e.tests_in_a_row = e.tested_this_move ? e.tests_in_a_row + 1 : 0;
    e.failures_in_a_row = failed.count(id) ? e.failures_in_a_row + 1 : 0;
    e.tested_this_move = false;
    e.pinned = pinned_now.count(id) > 0;
    e.fire_penalty = penalty.count(id) > 0;
    e.gatling_jammed = m.jam_next.count(id) > 0;
    e.fights_used = 0;
    if (e.ordered && e.order.kind == OrderKind::kLimber) e.limbered = true;
    if (e.ordered && e.order.kind == OrderKind::kUnlimber) e.limbered = false;
    // Attached for the next move if both are still in the fight.
    const Unit* c = s.FindUnit(id);
    const Unit* t = m.attach.count(id) ? s.FindUnit(m.attach[id]) : nullptr;
    e.attached_to = c != nullptr && t != nullptr && Active(*c) && Active(*t) ? t->id.str() : "";
    e.ordered = false;
    e.order = Order{};
  }
  const int limit = static_cast<int>(s.ParameterOr(kMoveLimit, 12));
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
