// engine/rulesets/tsatf/british_resolution.cc: the designed TSATF-style
// resolution of British fire, Zulu fire, close combat, and the British test
// to stand and critical morale (not in the source text; see
// british_resolution.h). The steps that apply them are close_combat.h's,
// zulu_fire.h's and british_actions.h's.
#include "engine/rulesets/tsatf/british_resolution.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/game/table_reader.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/tables.h"
#include "engine/rulesets/tsatf/context.h"
#include "engine/rulesets/tsatf/victory.h"

namespace impi::tsatf {
namespace {

constexpr char kDesignedNote[] = " (designed: not in the source text)";
constexpr double kArtilleryRangeFactor = 2.0;  // a gun reaches twice the rifle range
constexpr double kScreenShort = 5.0;  // units other than the lead stop this far short of the objective

std::string ModifiersText(const std::vector<Modifier>& mods) {
  std::vector<std::string> parts;
  for (const Modifier& m : mods) parts.push_back(m.reason);
  return absl::StrJoin(parts, ", ");
}

int Sum(const std::vector<Modifier>& mods) {
  int n = 0;
  for (const Modifier& m : mods) n += m.value;
  return n;
}

bool Mounted(const Unit& u) {
  return u.stance == Stance::kMounted ||
         (u.stance == Stance::kUnspecified &&
          (u.kind == UnitKind::kCavalry || u.kind == UnitKind::kNativeHorse));
}

// Every British fighting kind fires (engine/core/battle_state.h): not the
// wagons, nor an officer alone.
bool Fires(const Unit& u) { return IsBritishFightingKind(u.kind); }

bool ZuluTarget(const Unit& z) {
  return z.side == Side::kZulu && z.OnTable() && z.kind != UnitKind::kImpi &&
         z.kind != UnitKind::kInduna && z.figures.Present() > 0;
}

// A designed D6 test: `target` or more passes.
bool D6Test(Dice& dice, int target, const char* table, const char* pass, const char* fail,
            const std::string& purpose, const std::vector<Modifier>& mods, Explanation* why) {
  TableReader r(kSource, dice, why);
  const std::string fail_text = absl::StrFormat("less than %d = %s", target, fail);
  const std::string pass_text = absl::StrFormat("%d or more = %s", target, pass);
  const PrintedRow rows[] = {
      {-10, target - 1, fail_text.c_str(), fail, 0},
      {target, 20, pass_text.c_str(), pass, 1},
  };
  const PrintedTable t{kSectionDesigned, table, rows, /*designed=*/true};
  const PrintedRow& row = r.Read(t, 1, 6, purpose, mods);
  r.Say(kDesignedNote);
  return row.value == 1 && r.last().total >= target;
}

}  // namespace

// ---------------------------------------------------------------------------
// Parameters.

const std::vector<ParameterSpec>& ZuluControlParameters() {
  static const std::vector<ParameterSpec> kSpecs = {
      {kStandTargetParam, kDefaultStandTarget, 1, 7, true},
      {kCriticalMoraleTargetParam, kDefaultCriticalMoraleTarget, 1, 7, true},
      {kResolveBritishParam, 0, 0, 1, true},
      {kFireRangeParam, 24, 1, 96, false},
      {kFireCloseRangeParam, 12, 0, 96, false},
      {kFireHitCloseParam, 5, 1, 7, true},
      {kFireHitLongParam, 6, 1, 7, true},
      {kFireGunDiceParam, 6, 0, 30, true},
      {kZuluRifleHitParam, 6, 1, 7, true},
      {kZuluSpearHitParam, 5, 1, 7, true},
      {kMeleeZuluBonusParam, 1, -6, 6, true},
      {kMeleeOutnumberBonusParam, 1, -6, 6, true},
      {kMeleeRegularBonusParam, 1, -6, 6, true},
      {kMeleeWaveringParam, 1, 0, 6, true},
      {kBritishStandTargetParam, 3, 1, 7, true},
      {kBritishMoraleTargetParam, 4, 1, 7, true},
      {kTurnLimitParam, 0, 0, 1000, true},
      {kObjectiveParam, 0, 0, 1000, true},
      {kHoldRadiusParam, 12, 0.5, 96, false},
      {kHoldShareParam, 0.5, 0, 1, false},
  };
  return kSpecs;
}

const ParameterSpec* FindParameter(const std::string& name) {
  for (const ParameterSpec& p : ZuluControlParameters()) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

double Param(const BattleState& s, const char* name) {
  // As s.ParameterOr(name, the fallback), with no string made: a step reads
  // parameters many times.
  const size_t n = std::strlen(name);
  for (const Parameter& p : s.parameters) {
    if (p.name.size() == n && std::memcmp(p.name.data(), name, n) == 0) return p.value;
  }
  for (const ParameterSpec& p : ZuluControlParameters()) {
    if (p.name == name || std::strcmp(p.name, name) == 0) return p.fallback;
  }
  return 0.0;
}

bool ResolvesBritish(const BattleState& s) { return Param(s, kResolveBritishParam) >= 1.0; }

bool IsNativeTroops(const Unit& u) {
  return u.kind == UnitKind::kNativeFoot || u.kind == UnitKind::kNativeHorse;
}

bool IsArtillery(const Unit& u) {
  return u.kind == UnitKind::kGun || u.kind == UnitKind::kGatling || u.kind == UnitKind::kRockets;
}

double MoveAllowance(const Unit& u) {
  switch (u.kind) {
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeHorse:
      return 12.0;
    default:
      return 6.0;
  }
}

// ---------------------------------------------------------------------------
// Terrain.

bool InCover(const BattleState& s, const Vec2& p) {
  for (const Terrain& t : s.terrain) {
    if (t.cover_class >= 2 && !t.open && t.outline.size() >= 3 && PointInPolygon(p, t.outline)) {
      return true;
    }
  }
  return false;
}

bool ClearSight(const BattleState& s, const Vec2& a, const Vec2& b) {
  // LineOfSight over the blockers one at a time (the first that blocks
  // answers), with one obstacle reused: no list and no allocation a test.
  // A feature whose box is clear of the sight line's box (by far more than
  // the geometry's tolerance) neither holds an end nor blocks: skipped.
  constexpr double kApart = 1e-6;
  thread_local Obstacle blocker = Obstacle::Polygon({});
  const Vec2 lo = a.cwiseMin(b);
  const Vec2 hi = a.cwiseMax(b);
  for (const Terrain& t : s.terrain) {
    if (!t.blocks_los || t.outline.size() < 3 || t.open) continue;
    Vec2 tlo = t.outline[0];
    Vec2 thi = t.outline[0];
    for (const Vec2& v : t.outline) {
      tlo = tlo.cwiseMin(v);
      thi = thi.cwiseMax(v);
    }
    if (tlo.x() > hi.x() + kApart || tlo.y() > hi.y() + kApart || thi.x() < lo.x() - kApart ||
        thi.y() < lo.y() - kApart) {
      continue;
    }
    if (PointInPolygon(a, t.outline) || PointInPolygon(b, t.outline)) continue;
    blocker.vertices.assign(t.outline.begin(), t.outline.end());
    if (SegmentHits(a, b, blocker)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// The designed tables.

int FireHits(Dice& dice, const FireInput& in, const char* table, Explanation* why) {
  FreshExplanation w(why);
  const int needed = std::clamp(in.needed, 1, 6);
  if (w.quiet()) {
    // Nobody reads the account: the same dice, the same hits, no text.
    if (in.dice <= 0) return 0;
    const DieRoll roll = dice.RollPool(in.dice, 6, in.purpose);
    int hits = 0;
    for (int f : roll.faces) hits += f >= needed ? 1 : 0;
    return std::min(hits, in.max_hits);
  }
  const std::string row = absl::StrFormat("one D6 a die: %d or more = a hit (a 6 always hits)", needed);
  *w = Designed(table, row, "");
  if (in.dice <= 0) {
    w->text = absl::StrCat(in.purpose, ": no dice, no hits.", kDesignedNote);
    return 0;
  }
  DieRoll roll = dice.RollPool(in.dice, 6, in.purpose);
  int hits = 0;
  for (int f : roll.faces) hits += f >= needed ? 1 : 0;
  const int capped = std::min(hits, in.max_hits);
  w->dice.push_back(roll);
  w->text = absl::StrCat(in.dice, "D6 rolled ", absl::StrJoin(roll.faces, "+"), ", ", needed,
                         " or more hits",
                         in.needed_because.empty() ? "" : absl::StrCat(" (", ModifiersText(in.needed_because), ")"),
                         ": ", hits, " hit(s)",
                         capped < hits ? absl::StrCat(", ", capped, " figure(s) to hit") : "", ".",
                         kDesignedNote);
  return capped;
}

namespace {

// BritishMayFire with the rifle range (tsatf.fire.range) read already.
bool MayFireWithin(const BattleState& s, const Unit& shooter, const Unit& target, double rifle_range) {
  if (!Fires(shooter) || shooter.figures.Present() <= 0) return false;
  const double range = rifle_range * (IsArtillery(shooter) ? kArtilleryRangeFactor : 1.0);
  if (Distance(shooter.position, target.position) > range) return false;
  return ClearSight(s, shooter.position, target.position);
}

}  // namespace

bool BritishMayFire(const BattleState& s, const Unit& shooter, const Unit& target) {
  return MayFireWithin(s, shooter, target, Param(s, kFireRangeParam));
}

bool BritishFireInput(const BattleState& s, const Unit& shooter, const Unit& target, FireInput* in,
                      std::string* reason, bool told) {
  *in = FireInput{};
  if (!Fires(shooter) || shooter.figures.Present() <= 0) {
    *reason = absl::StrCat(shooter.id.str(), " is a ", UnitKindName(shooter.kind), ": it does not fire");
    return false;
  }
  const bool artillery = IsArtillery(shooter);
  const double range =
      Param(s, kFireRangeParam) * (artillery ? kArtilleryRangeFactor : 1.0);
  const double d = Distance(shooter.position, target.position);
  if (d > range) {
    *reason = absl::StrFormat("%s is %.1f\" away, beyond the range of %.0f\" (designed)", target.id.str(), d,
                              range);
    return false;
  }
  if (!ClearSight(s, shooter.position, target.position)) {
    *reason = absl::StrCat(target.id.str(), " is out of sight of ", shooter.id.str());
    return false;
  }
  const bool close = d <= Param(s, kFireCloseRangeParam);
  in->needed = static_cast<int>(Param(s, close ? kFireHitCloseParam : kFireHitLongParam));
  if (told) {
    in->needed_because.push_back(
        Modifier{absl::StrFormat("%s range, %.1f\"", close ? "close" : "long", d), 0});
  }
  if (Mounted(shooter) && !artillery) {
    in->needed += 1;
    if (told) in->needed_because.push_back(Modifier{"+1 firing mounted", 1});
  }
  if (InCover(s, target.position)) {
    in->needed += 1;
    if (told) in->needed_because.push_back(Modifier{"+1 target in cover", 1});
  }
  const int present = shooter.figures.Present();
  in->dice = artillery                   ? static_cast<int>(Param(s, kFireGunDiceParam))
             : IsNativeTroops(shooter) && !Mounted(shooter) ? (present + 1) / 2
                                                             : present;
  in->max_hits = target.figures.Present();
  if (told) in->purpose = absl::StrCat("British fire: ", shooter.id.str(), " at ", target.id.str());
  return true;
}

FireInput ZuluFireInput(const BattleState& s, const Unit& shooter, const Unit& target) {
  FireInput in;
  const bool rifles = shooter.kind == UnitKind::kRifleRegiment;
  in.dice = (shooter.figures.Present() + 1) / 2;
  in.needed = static_cast<int>(Param(s, rifles ? kZuluRifleHitParam : kZuluSpearHitParam));
  in.needed_because.push_back(Modifier{rifles ? "rifles" : "thrown spears", 0});
  if (InCover(s, target.position)) {
    in.needed += 1;
    in.needed_because.push_back(Modifier{"+1 target in cover", 1});
  }
  in.max_hits = target.figures.Present();
  in.purpose = absl::StrCat("Zulu fire: ", shooter.id.str(), " at ", target.id.str(), " (one D6 per 2 figures)");
  return in;
}

bool BritishTestToStand(Dice& dice, const BattleState& s, const Unit& u, Explanation* why) {
  std::vector<Modifier> mods;
  AddModifierIf(mods, u.red_coat, 1, "red coats (regulars)");
  AddModifierIf(mods, IsNativeTroops(u), -1, "native troops");
  AddModifierIf(mods, u.status.below_half, -1, "below half strength");
  return D6Test(dice, static_cast<int>(Param(s, kBritishStandTargetParam)), kTableBritishStand,
                "stands", "wavers", absl::StrCat("test to stand of ", u.id.str()), mods, why);
}

bool BritishCriticalMorale(Dice& dice, const BattleState& s, const Unit& u, Explanation* why) {
  std::vector<Modifier> mods;
  AddModifierIf(mods, u.red_coat, 1, "red coats (regulars)");
  AddModifierIf(mods, IsNativeTroops(u), -1, "native troops");
  return D6Test(dice, static_cast<int>(Param(s, kBritishMoraleTargetParam)), kTableBritishMorale,
                "passes critical morale", "routs", absl::StrCat("critical morale of ", u.id.str()), mods,
                why);
}

FightInput CloseCombatInput(const BattleState& s, const Unit& b, int zulu_figures) {
  FightInput in;
  in.british_id = b.id;
  in.british_figures = b.figures.Present();
  in.zulu_figures = zulu_figures;
  AddModifierIf(in.zulu_because, true, static_cast<int>(Param(s, kMeleeZuluBonusParam)),
                "Zulu close combat");
  AddModifierIf(in.zulu_because, zulu_figures > in.british_figures,
                static_cast<int>(Param(s, kMeleeOutnumberBonusParam)), "more Zulu figures in the fight");
  AddModifierIf(in.british_because, b.red_coat, static_cast<int>(Param(s, kMeleeRegularBonusParam)),
                "red coats (regulars)");
  AddModifierIf(in.british_because, b.status.shaken, -static_cast<int>(Param(s, kMeleeWaveringParam)),
                "wavering (failed its test to stand)");
  in.british_modifier = Sum(in.british_because);
  in.zulu_modifier = Sum(in.zulu_because);
  return in;
}

FightResult CloseCombat(Dice& dice, const FightInput& in, Explanation* why) {
  FreshExplanation w(why);
  FightResult r;
  r.fights = std::min(in.british_figures, in.zulu_figures);
  if (!w.quiet()) {
    *w = Designed(kTableCloseCombat,
                  "each fight: a D6 a side with its modifiers; the lower loses a figure, a tie nobody", "");
  }
  if (r.fights <= 0) {
    if (!w.quiet()) w->text = absl::StrCat("No fight: nobody in contact.", kDesignedNote);
    return r;
  }
  // A die's purpose is read by a log of rolls or a script that runs out.
  const bool purposes = !w.quiet() || dice.keeps_rolls() || dice.scripted();
  DieRoll b = dice.RollPool(
      r.fights, 6, purposes ? absl::StrCat("close combat: ", in.british_id, "'s dice, one a fight") : "");
  DieRoll z = dice.RollPool(
      r.fights, 6, purposes ? absl::StrCat("close combat: the Zulu dice against ", in.british_id) : "");
  for (int i = 0; i < r.fights; ++i) {
    const int bt = b.faces[i] + in.british_modifier;
    const int zt = z.faces[i] + in.zulu_modifier;
    if (bt < zt) ++r.british_lost;
    if (zt < bt) ++r.zulu_lost;
  }
  if (w.quiet()) return r;
  w->dice.push_back(b);
  w->dice.push_back(z);
  w->text = absl::StrCat(
      r.fights, " fight(s). British ", absl::StrJoin(b.faces, "+"),
      in.british_because.empty() ? "" : absl::StrCat(" (", ModifiersText(in.british_because), ")"),
      " against Zulu ", absl::StrJoin(z.faces, "+"),
      in.zulu_because.empty() ? "" : absl::StrCat(" (", ModifiersText(in.zulu_because), ")"),
      ": the British lose ", r.british_lost, ", the Zulus ", r.zulu_lost, ".", kDesignedNote);
  return r;
}

std::vector<const Unit*> CloseCombatFoes(const BattleState& s, const Unit& british) {
  std::vector<const Unit*> out;
  for (const Unit& z : s.units) {
    if (!ZuluTarget(z) || !z.status.in_close_combat) continue;
    if (Distance(z.position, british.position) > kContact + kRegimentSpacing + 0.5) continue;
    out.push_back(&z);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The British candidates of LegalActions.

namespace {

// OfferedMove against `ground`, reset for `b` (a move beyond its reach is
// tried against a ground of its own).
bool OfferedMoveOn(const BattleState& s, const BritishMoveGround& near, const Unit& b,
                   const Vec2& want, Action* move) {
  const Vec2 to = ClampToTable(want, s.table.width, s.table.height);
  thread_local BritishMoveGround wide;
  const BritishMoveGround* g = &near;
  if (!near.Covers(to)) {
    wide.Reset(s, b, Distance(b.position, to));
    g = &wide;
  }
  const BritishMoveGround& ground = *g;
  if (!ground.ClearOfZulus(to)) return false;  // closing with a Zulu is a CHARGE
  move->kind = ActionKind::kMove;
  move->unit_id = b.id;
  move->to = ground.MoveEnd(to);  // designed: on no friend (footprint.h)
  return ground.ClearOfZulus(move->to);  // where it stands, when it found no free ground on its way
}

}  // namespace

bool OfferedMove(const BattleState& s, const Unit& b, const Vec2& want, Action* move) {
  thread_local BritishMoveGround ground;
  ground.Reset(s, b, Distance(b.position, ClampToTable(want, s.table.width, s.table.height)));
  return OfferedMoveOn(s, ground, b, want, move);
}

std::vector<Action> BritishCandidates(const BattleState& s, const Awaiting& a) {
  std::vector<Action> out;
  if (a.side != Side::kBritish) return out;
  out.reserve(1 + 6 * a.unit_ids.size());  // at most 5 moves and a charge, or 3 fires, a unit
  Action pass;
  pass.kind = ActionKind::kPass;
  out.push_back(pass);
  const bool resolving = ResolvesBritish(s);
  const double rifle_range = resolving ? Param(s, kFireRangeParam) : 0.0;  // read once, not a target
  const bool task = HasPatrolTask(s);
  const Point* objective = task ? s.FindPoint(PointKind::kAppearance, ObjectivePoint(s)) : nullptr;
  const bool reached = task && ObjectiveReached(s);
  const Unit* lead = nullptr;  // the British unit nearest the objective
  if (objective != nullptr) {
    for (const Unit& u : s.units) {
      if (u.side != Side::kBritish || !u.OnTable() || u.figures.Present() <= 0) continue;
      if (lead == nullptr || Distance(u.position, objective->position) <
                                 Distance(lead->position, objective->position)) {
        lead = &u;
      }
    }
  }
  // The Zulu targets, and for each British unit their distances from it.
  thread_local std::vector<const Unit*> targets;  // kept between calls on a thread
  targets.clear();
  for (const Unit& u : s.units) {
    if (ZuluTarget(u)) targets.push_back(&u);
  }
  std::vector<std::pair<double, const Unit*>> by_distance;
  by_distance.reserve(targets.size());
  thread_local BritishMoveGround ground;  // a unit's moves' ground
  // The Zulu target nearest `b` (the first of the nearest, in table order).
  auto nearest_zulu = [&](const Unit& b) -> const Unit* {
    const Unit* best = nullptr;
    double best_d = 0.0;
    for (const Unit* z : targets) {
      const double d = Distance(z->position, b.position);
      if (best == nullptr || d < best_d) {
        best = z;
        best_d = d;
      }
    }
    return best;
  };
  // The Zulu targets nearest first (ties in table order).
  auto zulus_by_distance = [&](const Unit& b) {
    by_distance.clear();
    for (const Unit* z : targets) by_distance.emplace_back(Distance(z->position, b.position), z);
    std::stable_sort(by_distance.begin(), by_distance.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
  };
  for (const SharedString& id : a.unit_ids) {
    const Unit* b = s.FindUnit(id);
    if (b == nullptr || b->side != Side::kBritish || !b->OnTable()) continue;
    if (a.kind == AwaitKind::kBritishMove && a.units_may_move != 0) {
      const Unit* nearest = nearest_zulu(*b);
      const double allowance = MoveAllowance(*b);
      // Every move below ends within the allowance (a point clamped to the
      // table comes no further from the unit, which stands on it).
      ground.Reset(s, *b, allowance);
      auto move = [&](const Vec2& to) {
        Action m;
        if (OfferedMoveOn(s, ground, *b, to, &m) && Distance(m.to, b->position) > 1e-6) out.push_back(m);
      };
      // Away from the entry edge and back towards it.
      const Vec2 edge = EntryEdgePoint(s, b->position, 0.0);
      const Vec2 in = (b->position - edge).norm() > 1e-9 ? Vec2((b->position - edge).normalized())
                                                         : Vec2(0, 1);
      move(b->position + in * allowance);
      const Vec2 home = EntryEdgePoint(s, b->position, 1.0);
      move(StepTowards(b->position, home, std::min(allowance, Distance(b->position, home))));
      if (nearest != nullptr) {
        const Unit* z = nearest;
        const double d = Distance(b->position, z->position);
        const double stand_off = kContact + kClearOfBritish;  // closing further is a CHARGE
        if (d > stand_off) move(StepTowards(b->position, z->position, std::min(allowance, d - stand_off)));
        if (d <= allowance + kContact) {
          Action c;
          c.kind = ActionKind::kCharge;
          c.unit_id = id;
          c.target_id = z->id;
          out.push_back(c);
        }
      }
      if (objective != nullptr) {
        // The lead unit onto the objective until it is reached, the others
        // to a screen round it.
        const double short_by = b == lead && !reached ? 0.0 : kScreenShort;
        const double d = Distance(b->position, objective->position) - short_by;
        if (d > 0.1) move(StepTowards(b->position, objective->position, std::min(allowance, d)));
      }
    } else if (a.kind == AwaitKind::kBritishFire) {
      int offered = 0;
      if (resolving) {
        zulus_by_distance(*b);
      } else {
        by_distance.clear();
        if (const Unit* z = nearest_zulu(*b)) by_distance.emplace_back(0.0, z);
      }
      for (const auto& [unused, z] : by_distance) {
        if (offered >= 3) break;
        if (resolving) {
          if (!MayFireWithin(s, *b, *z, rifle_range)) continue;
          Action f;
          f.kind = ActionKind::kFire;
          f.unit_id = id;
          f.target_id = z->id;
          out.push_back(f);
          ++offered;
        } else {
          for (int hits : {0, 2}) {
            Action f;
            f.kind = ActionKind::kFire;
            f.unit_id = id;
            f.target_id = z->id;
            f.hits = std::min(hits, z->figures.Present());
            out.push_back(f);
          }
          break;
        }
      }
    } else if (a.kind == AwaitKind::kBritishCloseCombat && resolving && b->status.in_close_combat) {
      Action c;
      c.kind = ActionKind::kCloseCombatResult;
      c.unit_id = id;
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace impi::tsatf
