#include "ai/doctrine/ferree/battlefield.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ai::ferree {
namespace {

constexpr double kFar = std::numeric_limits<double>::infinity();
// Added to a reach before units further apart on one axis are passed over
// without working out their gap: far more than a double's rounding on a
// table, so that nothing within the reach is ever passed over.
constexpr double kAxisSlack = 1e-6;

// Calls fn(tray) for each of the regiment's trays FightingTraysOf returns,
// in the same order, without building the list.
template <typename Fn>
void ForEachTray(const BattleState& s, const std::string& regiment_id, Fn fn) {
  impi::ferree::ForEachTrayOf(s, regiment_id, impi::ferree::WhichTrays::kStillFighting, fn);
}

}  // namespace

// 001 British Ammunition Table: British infantry 5 turns, all mounted troops
// 3, native infantry 2. Guns and rockets are not on the table: treated as
// infantry (designed).
int TurnsOfFire(UnitKind kind) {
  switch (kind) {
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeHorse: return 3;
    case UnitKind::kNativeFoot: return 2;
    default: return 5;
  }
}

bool IsMounted(const Unit& u) {
  if (u.stance == Stance::kDismounted) return false;
  return u.kind == UnitKind::kCavalry || u.kind == UnitKind::kMountedInfantry ||
         u.kind == UnitKind::kNativeHorse || u.stance == Stance::kMounted;
}

bool IsEuropean(const Unit& u) {
  return u.kind != UnitKind::kNativeFoot && u.kind != UnitKind::kNativeHorse;
}

const Unit* RegimentOf(const BattleState& s, const Unit& u) {
  if (u.side != Side::kZulu) return nullptr;
  if (u.kind == UnitKind::kRegiment) return &u;
  if (u.parent.empty()) return nullptr;
  const Unit* p = s.FindUnit(u.parent);
  return p != nullptr && p->kind == UnitKind::kRegiment ? p : nullptr;
}

int DivisionOf(const BattleState& s, const Unit& u) {
  const int own = impi::ferree::UnitOf(s, u).division;
  if (own != 0) return own;
  const Unit* r = RegimentOf(s, u);
  return r != nullptr ? impi::ferree::UnitOf(s, *r).division : 0;
}


const Unit* NearestBritish(const BattleState& s, const Vec2& p) {
  const Unit* best = nullptr;
  double best_d = kFar;
  impi::ferree::ForEachBritish(s, [&](const Unit& u) {
    if (!IsBritishTarget(u)) return;
    const double d = GapTo(u, p);
    if (d < best_d) {
      best_d = d;
      best = &u;
    }
  });
  return best;
}

const Unit* NearestBritishTo(const BattleState& s, const Unit& z) {
  const Unit* best = nullptr;
  double best_d = kFar;
  impi::ferree::ForEachBritish(s, [&](const Unit& u) {
    if (!IsBritishTarget(u)) return;
    if (best != nullptr && SurelyFurther(z, u, best_d)) return;
    const double d = Gap(z, u);
    if (d < best_d) {
      best_d = d;
      best = &u;
    }
  });
  return best;
}

void BritishTargets(const BattleState& s, std::vector<const Unit*>* out) {
  out->clear();
  impi::ferree::ForEachBritish(s, [&](const Unit& u) {
    if (IsBritishTarget(u)) out->push_back(&u);
  });
}

void FightingZuluTrays(const BattleState& s, std::vector<const Unit*>* out) {
  // Room for every unit, written through a plain pointer and cut to size.
  out->resize(s.units.size());
  const Unit** tray = out->data();
  impi::ferree::ForEachTray(s, [&](const Unit& u) {
    if (IsZuluTray(u) && StillFighting(u)) *tray++ = &u;
  });
  out->resize(static_cast<size_t>(tray - out->data()));
}

const Unit* NearestOf(const std::vector<const Unit*>& targets, const Unit& z) {
  // NearestBritishTo's pass, over the targets alone.
  const Unit* best = nullptr;
  double best_d = kFar;
  for (const Unit* u : targets) {
    if (best != nullptr && SurelyFurther(z, *u, best_d)) continue;
    const double d = Gap(z, *u);
    if (d < best_d) {
      best_d = d;
      best = u;
    }
  }
  return best;
}

double TraysGapToBritish(absl::Span<const Unit* const> trays,
                         const std::vector<const Unit*>& targets, const Unit** nearest_british,
                         const Unit** nearest_tray) {
  // NearestOf for each tray, over the targets' centres and radii read once
  // (kept between calls on this thread). A target whose gap to the tray is
  // surely beyond the best gap of the trays before it is passed over too:
  // it is not the nearest of a tray that could beat them, and the nearest
  // of any other tray changes nothing.
  struct Disc {
    Vec2 centre;
    double radius;
    int target;  // its place in `targets`
  };
  thread_local std::vector<Disc> discs;
  thread_local std::vector<double> least;
  discs.clear();
  least.clear();
  // A target whose gap to every tray is surely beyond a gap some tray has to
  // some target is the nearest of no tray that could be the answer: it is
  // left out. The least gap a target could have to any tray is its gap to
  // the box round the trays' centres less their widest footprint; the
  // target least far by that measure gives the gap to beat (with a margin
  // far above rounding; a target whose measure is not a number is kept).
  if (!trays.empty()) {
    Vec2 lo = trays[0]->position, hi = lo;
    double widest = 0.0;
    for (const Unit* t : trays) {
      lo = lo.cwiseMin(t->position);
      hi = hi.cwiseMax(t->position);
      widest = std::max(widest, Radius(*t));
    }
    size_t first = 0;
    double first_least = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < targets.size(); ++i) {
      const Vec2& c = targets[i]->position;
      const double dx = std::max({lo.x() - c.x(), 0.0, c.x() - hi.x()});
      const double dy = std::max({lo.y() - c.y(), 0.0, c.y() - hi.y()});
      const double g = std::sqrt(dx * dx + dy * dy) - widest - Radius(*targets[i]);
      least.push_back(g);
      if (g < first_least) {
        first_least = g;
        first = i;
      }
    }
    double beat = kFar;
    if (!targets.empty()) {
      const Unit& b = *targets[first];
      for (const Unit* t : trays) {
        beat = std::min(beat, std::max(0.0, Distance(t->position, b.position) - Radius(*t) -
                                                Radius(b)));
      }
    }
    for (size_t i = 0; i < targets.size(); ++i) {
      if (least[i] > beat + 1e-6) continue;
      discs.push_back({targets[i]->position, Radius(*targets[i]), static_cast<int>(i)});
    }
  }
  double best = kFar;
  int best_unit = -1;
  const Unit* best_tray = nullptr;
  for (const Unit* t : trays) {
    const Vec2 z = t->position;
    const double rz = Radius(*t);
    int nearest = -1;
    double nearest_d = kFar;
    for (size_t i = 0; i < discs.size(); ++i) {
      const Disc& b = discs[i];
      // SurelyFurther(*t, *targets[i], min(nearest_d, best)), before any
      // target of this tray with the trays' best alone.
      const double bound = nearest >= 0 ? std::min(nearest_d, best) : best;
      const double r = bound + rz + b.radius + 1e-6;
      if ((z - b.centre).squaredNorm() > r * r) continue;
      // Gap(*t, *targets[i]).
      const double d = std::max(0.0, Distance(z, b.centre) - rz - b.radius);
      if (d < nearest_d) {
        nearest_d = d;
        nearest = b.target;
      }
    }
    if (nearest < 0) continue;
    if (nearest_d < best) {
      best = nearest_d;
      best_unit = nearest;
      best_tray = t;
    }
  }
  if (nearest_british != nullptr) {
    *nearest_british = best_unit >= 0 ? targets[static_cast<size_t>(best_unit)] : nullptr;
  }
  if (nearest_tray != nullptr) *nearest_tray = best_tray;
  return best;
}

double RegimentGapToBritish(const BattleState& s, const std::string& regiment_id,
                            const Unit** nearest_british) {
  // NearestBritishTo for each tray, over the British targets gathered once
  // in unit order (so that ties go the same way). The lists are kept between
  // calls on this thread to save allocating them each time.
  thread_local std::vector<const Unit*> targets;
  thread_local std::vector<const Unit*> trays;
  BritishTargets(s, &targets);
  trays.clear();
  ForEachTray(s, regiment_id, [&](const Unit& t) { trays.push_back(&t); });
  return TraysGapToBritish(trays, targets, nearest_british);
}

namespace {

// IsFiring's tests of the unit's own state: false if it cannot be firing,
// true if it surely is; otherwise the fired-on lists decide.
std::optional<bool> OwnFiring(const Unit& b) {
  if (!IsBritishFighter(b) || !StillFighting(b)) return false;
  if (b.status.may_not_fire || b.status.ammunition == Ammunition::kOut) return false;
  if (b.status.fired || b.status.turns_fired > 0) return true;
  return std::nullopt;
}

}  // namespace

bool IsFiring(const BattleState& s, const Unit& b) {
  if (const std::optional<bool> own_state = OwnFiring(b)) return *own_state;
  // A Zulu unit whose bookkeeping names b among those it was fired on by.
  // Only units with bookkeeping can: walk those (few, most with no list),
  // not every unit of the table with a lookup each.
  const impi::ferree::FerreeState* own = impi::ferree::OwnState(s);
  if (own == nullptr) return false;
  for (size_t h = 0; h < own->units.size() && h < own->ids.size(); ++h) {
    const auto& a = own->units[h].fired_on_by_this_turn;
    if (a.empty() || std::find(a.begin(), a.end(), b.id) == a.end()) continue;
    const Unit* z = h < s.units.size() && s.units[h].id == own->ids[h] ? &s.units[h] : s.FindUnit(own->ids[h]);
    if (z != nullptr && z->side == Side::kZulu) return true;
  }
  return false;
}

void NamedByZuluFiredOn(const BattleState& s, std::vector<SharedString>* out) {
  out->clear();
  const impi::ferree::FerreeState* own = impi::ferree::OwnState(s);
  if (own == nullptr) return;
  for (size_t h = 0; h < own->units.size() && h < own->ids.size(); ++h) {
    const auto& a = own->units[h].fired_on_by_this_turn;
    if (a.empty()) continue;
    const Unit* z = h < s.units.size() && s.units[h].id == own->ids[h] ? &s.units[h] : s.FindUnit(own->ids[h]);
    if (z != nullptr && z->side == Side::kZulu) out->insert(out->end(), a.begin(), a.end());
  }
}

bool IsFiring(const Unit& b, const std::vector<SharedString>& named) {
  if (const std::optional<bool> own_state = OwnFiring(b)) return *own_state;
  return std::find(named.begin(), named.end(), b.id) != named.end();
}

namespace {

// Calls fn(tray) for each Zulu tray still fighting whose gap to `b` is at
// most `range` (unpinned ones only if asked), in unit order, until fn
// returns true; true if it did. A tray further off on either axis than the
// range and both radii can not be within it: it is passed over before its
// gap is worked out.
template <typename Fn>
bool AnyZuluTrayWithin(const BattleState& s, const Unit& b, double range, bool unpinned_only,
                       Fn fn) {
  const double reach = range + kTrayRadius + Radius(b) + kAxisSlack;
  // (The box first: most trays are far off.)
  return impi::ferree::AnyTray(s, [&](const Unit& u) {
    if (std::abs(u.position.x() - b.position.x()) > reach ||
        std::abs(u.position.y() - b.position.y()) > reach) {
      return false;
    }
    if (!IsZuluTray(u) || !StillFighting(u)) return false;
    if (unpinned_only && u.status.pinned) return false;
    return Gap(u, b) <= range && fn(u);
  });
}

// Whether any of `trays` (ZuluTrays of the state) is within `range` of `b`:
// AnyZuluTrayWithin's test, over the list.
bool AnyOfTraysWithin(const std::vector<const Unit*>& trays, const Unit& b, double range) {
  const double reach = range + kTrayRadius + Radius(b) + kAxisSlack;
  for (const Unit* u : trays) {
    if (std::abs(u->position.x() - b.position.x()) > reach ||
        std::abs(u->position.y() - b.position.y()) > reach) {
      continue;
    }
    if (Gap(*u, b) <= range) return true;
  }
  return false;
}

// FireSlackened's tests of the unit's own state.
bool OwnFireSlackened(const Unit& b) {
  if (b.status.ammunition == Ammunition::kLow || b.status.ammunition == Ammunition::kOut) {
    return true;
  }
  if (b.status.retiring || b.status.routed) return true;
  return b.status.limbered && (b.kind == UnitKind::kGun || b.kind == UnitKind::kRockets);
}

}  // namespace

bool FireSlackened(const BattleState& s, const Unit& b) {
  if (OwnFireSlackened(b)) return true;
  // Any tray ZuluTraysNear(s, b, kCloseRange) would list.
  return AnyZuluTrayWithin(s, b, kCloseRange, false, [](const Unit&) { return true; });
}

bool FireSlackened(const std::vector<const Unit*>& zulu_trays, const Unit& b) {
  return OwnFireSlackened(b) || AnyOfTraysWithin(zulu_trays, b, kCloseRange);
}

std::vector<const Unit*> ZuluTraysNear(const BattleState& s, const Unit& b, double range,
                                       bool unpinned_only) {
  std::vector<const Unit*> out;
  AnyZuluTrayWithin(s, b, range, unpinned_only, [&](const Unit& u) {
    out.push_back(&u);
    return false;
  });
  return out;
}

bool AnyZuluTrayNear(const BattleState& s, const Unit& b, double range) {
  return AnyZuluTrayWithin(s, b, range, false, [](const Unit&) { return true; });
}

bool ThreatenedOnTwoSides(const BattleState& s, const Unit& b, double range) {
  // The trays ZuluTraysNear(s, b, range) would list, each tested against
  // those before it as it is found (the answer is whether any two are more
  // than 90 degrees apart: the same in any order), so the first such pair
  // ends the scan. The directions are kept between calls on this thread.
  thread_local std::vector<Vec2> seen;
  seen.clear();
  return AnyZuluTrayWithin(s, b, range, false, [&](const Unit& u) {
    const Vec2 dj = u.position - b.position;
    if (dj.norm() < 1e-9) return false;
    for (const Vec2& di : seen) {
      // More than 90 degrees apart: the dot product is negative.
      if (di.dot(dj) < 0.0) return true;
    }
    seen.push_back(dj);
    return false;
  });
}

bool DivisionCentre(const BattleState& s, int division, Vec2* centre) {
  // MeanOfPoints of the trays' positions, summed as they are found (in unit
  // order, as it sums them), with nothing kept.
  Vec2 sum = Vec2::Zero();
  size_t n = 0;
  // DivisionOf, with the regiment's division looked up once for each run of
  // trays naming the same parent (a regiment's trays stand together).
  const SharedString* last_parent = nullptr;
  int parent_division = 0;
  impi::ferree::ForEachTray(s, [&](const Unit& u) {
    if (!IsZuluTray(u) || !StillFighting(u)) return;
    int d = impi::ferree::UnitOf(s, u).division;  // a tray's own, seldom any
    if (d == 0) {
      if (last_parent == nullptr || u.parent != *last_parent) {
        last_parent = &u.parent;
        const Unit* r = RegimentOf(s, u);
        parent_division = r != nullptr ? impi::ferree::UnitOf(s, *r).division : 0;
      }
      d = parent_division;
    }
    if (d == division) {
      sum += u.position;
      ++n;
    }
  });
  if (n == 0) return false;
  *centre = Vec2(sum / static_cast<double>(n));
  return true;
}

}  // namespace impi::ai::ferree
