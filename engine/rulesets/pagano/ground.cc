// Where Pagano's units stand and what shelters them. See ground.h.
#include "engine/rulesets/pagano/ground.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace impi::pagano {
namespace {

double PointSegment(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return Distance(p, a + t * ab);
}

double Cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

bool SegmentsMeet(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  const double d1 = Cross(b - a, c - a), d2 = Cross(b - a, d - a);
  // Both ends of one strictly on one side of the other's line: apart.
  if ((d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0)) return false;
  const double d3 = Cross(d - c, a - c), d4 = Cross(d - c, b - c);
  if ((d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0)) return false;
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    return true;
  }
  // Touching or collinear: an end on the other segment.
  return PointSegment(c, a, b) == 0 || PointSegment(d, a, b) == 0 || PointSegment(a, c, d) == 0 ||
         PointSegment(b, c, d) == 0;
}

double SegmentSegment(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  if (SegmentsMeet(a, b, c, d)) return 0.0;
  return std::min({PointSegment(a, c, d), PointSegment(b, c, d), PointSegment(c, a, b),
                   PointSegment(d, a, b)});
}

bool InsideRectangle(const Vec2& p, const std::array<Vec2, 4>& c) {
  for (int i = 0; i < 4; ++i) {
    if (Cross(c[(i + 1) % 4] - c[i], p - c[i]) < 0) return false;
  }
  return true;
}

// The footprint's distance to segment a-b, edge to segment (0 if it meets it).
double FootprintSegment(const Footprint& f, const Vec2& a, const Vec2& b) {
  if (!f.rectangle) return std::max(0.0, PointSegment(f.centre, a, b) - f.radius);
  if (InsideRectangle(a, f.corners)) return 0.0;
  double best = PointSegment(a, f.corners[0], f.corners[1]);
  for (int i = 0; i < 4; ++i) {
    best = std::min(best, SegmentSegment(a, b, f.corners[i], f.corners[(i + 1) % 4]));
  }
  return best;
}

// The edges of a terrain outline: its segments, closed unless it is open.
template <typename Fn>
void ForEachEdge(const Terrain& t, Fn fn) {
  const size_t n = t.outline.size();
  for (size_t i = 0; i + 1 < n; ++i) fn(t.outline[i], t.outline[i + 1]);
  if (!t.open && n > 2) fn(t.outline[n - 1], t.outline[0]);
}

bool LineCrosses(const Vec2& from, const Vec2& to, const Terrain& t) {
  bool crosses = false;
  ForEachEdge(t, [&](const Vec2& a, const Vec2& b) { crosses |= SegmentsMeet(from, to, a, b); });
  return crosses;
}

// Where a-b crosses c-d, as a share of a-b, or -1 (parallel ones never).
double CrossAt(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  const Vec2 r = b - a, q = d - c;
  const double den = Cross(r, q);
  if (std::abs(den) < 1e-12) return -1;
  const double t = Cross(c - a, q) / den, u = Cross(c - a, r) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : -1;
}

}  // namespace

bool IsArea(const Terrain& t) { return !t.open && t.outline.size() > 2; }

double FirstCrossing(const Vec2& a, const Vec2& b, const Terrain& t) {
  double first = -1;
  ForEachEdge(t, [&](const Vec2& c, const Vec2& d) {
    const double at = CrossAt(a, b, c, d);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  });
  return first;
}

double FrontageOf(const BattleState& s, const Unit& isigaba) {
  const PaganoUnit* e = UnitState(s, isigaba);
  if (e != nullptr && e->frontage > 0) return e->frontage;
  const int per_rank = (std::max(isigaba.figures.fit, 1) + 1) / 2;
  return std::max(kMinFrontage, per_rank * kBaseWidth);
}

double DepthOf(int figures, double frontage) {
  const int per_rank = std::max(1, static_cast<int>(std::floor(frontage / kBaseWidth + 1e-9)));
  const int ranks = std::max(1, (figures + per_rank - 1) / per_rank);
  return ranks * kBaseWidth;
}

Footprint FootprintOf(const BattleState& s, const Unit& u) {
  Footprint f;
  f.centre = u.position;
  if (!IsIsigaba(u)) {
    f.radius = u.kind == UnitKind::kWagon ? kWagonRadius : kBaseRadius;
    return f;
  }
  f.rectangle = true;
  const double w = FrontageOf(s, u) / 2;
  const double d = DepthOf(u.figures.fit, FrontageOf(s, u)) / 2;
  const Vec2 front = FacingDirection(u.facing);
  const Vec2 left(-front.y(), front.x());
  // Counterclockwise: front right, front left, back left, back right.
  f.corners = {u.position + d * front - w * left, u.position + d * front + w * left,
               u.position - d * front + w * left, u.position - d * front - w * left};
  return f;
}

Vec2 FacingDirection(double facing_degrees) {
  const double a = facing_degrees * M_PI / 180.0;
  return Vec2(std::sin(a), std::cos(a));
}

double FacingDegrees(const Vec2& direction) {
  double d = std::atan2(direction.x(), direction.y()) * 180.0 / M_PI;
  if (d < 0) d += 360.0;
  return d;
}

double BoundingRadius(const Footprint& f) {
  if (!f.rectangle) return f.radius;
  double r = 0;
  for (const Vec2& c : f.corners) r = std::max(r, Distance(c, f.centre));
  return r;
}

double Gap(const Footprint& a, const Footprint& b) {
  if (!a.rectangle && !b.rectangle) {
    return std::max(0.0, Distance(a.centre, b.centre) - a.radius - b.radius);
  }
  if (!a.rectangle) return Gap(b, a);
  if (!b.rectangle) {
    if (InsideRectangle(b.centre, a.corners)) return 0.0;
    double d = INFINITY;
    for (int i = 0; i < 4; ++i) d = std::min(d, PointSegment(b.centre, a.corners[i], a.corners[(i + 1) % 4]));
    return std::max(0.0, d - b.radius);
  }
  if (InsideRectangle(b.corners[0], a.corners) || InsideRectangle(a.corners[0], b.corners)) return 0.0;
  double d = INFINITY;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      d = std::min(d, SegmentSegment(a.corners[i], a.corners[(i + 1) % 4], b.corners[j],
                                     b.corners[(j + 1) % 4]));
    }
  }
  return d;
}

const Unit* NearestBritishFigure(const BattleState& s, const Unit& u, double* gap) {
  const Unit* best = nullptr;
  double best_gap = 0;
  for (const Unit& b : s.units) {
    if (!IsBritishFigure(b)) continue;
    const double g = Gap(s, u, b);
    if (best == nullptr || g < best_gap) {
      best = &b;
      best_gap = g;
    }
  }
  if (gap != nullptr) *gap = best_gap;
  return best;
}

bool IsEnemyOf(const Unit& u, const Unit& o) {
  if (o.side == u.side || o.side == Side::kUnspecified || !InTheBattle(o)) return false;
  if (IsIsigaba(o)) return !o.status.routed;
  if (u.side == Side::kZulu) return IsBritishFigureKind(o) && o.figures.seriously_wounded == 0;
  return o.kind == UnitKind::kInduna;
}

const Unit* NearestEnemy(const BattleState& s, const Unit& u, double* gap) {
  const Unit* best = nullptr;
  double best_gap = 0;
  for (const Unit& o : s.units) {
    if (!IsEnemyOf(u, o)) continue;
    const double g = Gap(s, u, o);
    if (best == nullptr || g < best_gap) {
      best = &o;
      best_gap = g;
    }
  }
  if (gap != nullptr) *gap = best_gap;
  return best;
}

bool LineMeets(const Footprint& f, const Vec2& a, const Vec2& b) { return FootprintSegment(f, a, b) == 0; }

double GapToOutline(const Footprint& f, const Terrain& t) {
  double best = INFINITY;
  ForEachEdge(t, [&](const Vec2& a, const Vec2& b) { best = std::min(best, FootprintSegment(f, a, b)); });
  return best;
}

double Gap(const BattleState& s, const Unit& a, const Unit& b) {
  return Gap(FootprintOf(s, a), FootprintOf(s, b));
}

Feature FeatureOf(const BattleState& s, const Terrain& t) {
  if (const PaganoState* own = OwnState(s)) {
    for (const TerrainFeature& f : own->features) {
      if (f.terrain_id == t.id) return f.feature;
    }
  }
  switch (t.kind) {
    case TerrainKind::kScrub:
    case TerrainKind::kWoods:
      return Feature::kBrush;
    case TerrainKind::kRocks:
      return Feature::kBoulders;
    case TerrainKind::kWall:
      return Feature::kWall;
    case TerrainKind::kBarricade:
    case TerrainKind::kMealieBags:
      return Feature::kBarricade;
    case TerrainKind::kBuilding:
    case TerrainKind::kFarm:
      return Feature::kBuilding;
    case TerrainKind::kKraal:
      return Feature::kZuluHut;
    case TerrainKind::kRiver:
      return Feature::kDeepWaterCourse;
    default:
      return Feature::kOpen;
  }
}

namespace {

// The best cover `target` has against `other` (who fires at it, or fights
// it in melee), as ground.h says.
CoverClass CoverAgainst(const BattleState& s, const Unit& target, const Unit& other, Attack attack,
                        bool mounted, Explanation* why) {
  const Footprint f = FootprintOf(s, target);
  Feature best = Feature::kOpen;
  CoverClass best_class = CoverClass::kNone;
  auto consider = [&](Feature feature) {
    const CoverClass c = CoverOf(feature, attack, /*mounted=*/false, /*melee_defender=*/true, nullptr);
    if (static_cast<int>(c) > static_cast<int>(best_class)) {
      best_class = c;
      best = feature;
    }
  };
  // Close behind a line the way from `other` crosses.
  auto behind = [&](const Terrain& t) {
    return GapToOutline(f, t) <= kBehind && LineCrosses(other.position, target.position, t);
  };
  for (const Terrain& t : s.terrain) {
    if (t.outline.size() < 2) continue;
    const Feature feature = FeatureOf(s, t);
    if (t.kind == TerrainKind::kDonga && feature == Feature::kOpen) {
      if (!IsArea(t)) continue;
      const bool target_in = PointInPolygon(target.position, t.outline);
      const bool other_in = PointInPolygon(other.position, t.outline);
      // Missile: "to troops in the donga pressed against the edge when fired
      // upon by troops outside that edge"; melee: "to troops outside the
      // donga at the edge defending against troops attacking from within".
      if (attack == Attack::kMissile && target_in && !other_in && behind(t)) {
        consider(Feature::kBehindDongaEdge);
      }
      if (attack == Attack::kMelee && !target_in && other_in && GapToOutline(f, t) <= kBehind) {
        consider(Feature::kTopOfDongaEdge);
      }
      continue;
    }
    switch (feature) {
      case Feature::kBrush:
      case Feature::kZuluHut:
      case Feature::kBoulders:
      case Feature::kBuilding:
      case Feature::kHeavyStoneFortification:
        // An area: the unit stands in it.
        if (IsArea(t) && PointInPolygon(target.position, t.outline)) consider(feature);
        break;
      case Feature::kWall:
      case Feature::kBarricade:
      case Feature::kPalisade:
      case Feature::kLowDirtMound:
      case Feature::kRaisedRedoubt:
      case Feature::kBarricadeOnEdge:
      case Feature::kDeepWaterCourse:
      case Feature::kTopOfDongaEdge:
      case Feature::kTopOfTerrace:
        // A line: the unit is close behind it, the way from the other side
        // crossing it (CoverOf says which count against which attack).
        if (behind(t)) consider(feature);
        break;
      default:
        break;
    }
  }
  for (const Unit& w : s.units) {
    if (w.kind != UnitKind::kWagon || w.off_table || &w == &target) continue;
    if (Gap(f, FootprintOf(s, w)) <= kBehind &&
        SegmentHitsDisc(other.position, target.position, w.position, kWagonRadius)) {
      consider(Feature::kWagon);
    }
  }
  return CoverOf(best, attack, mounted, /*melee_defender=*/true, why);
}

}  // namespace

const Terrain* BuildingOf(const BattleState& s, const Unit& u) {
  for (const Terrain& t : s.terrain) {
    if (FeatureOf(s, t) == Feature::kBuilding && IsArea(t) && PointInPolygon(u.position, t.outline)) {
      return &t;
    }
  }
  return nullptr;
}

int OpeningsOf(const BattleState& s, const Terrain& building) {
  if (const PaganoState* own = OwnState(s)) {
    for (const TerrainFeature& f : own->features) {
      if (f.terrain_id == building.id && f.openings > 0) return f.openings;
    }
  }
  return -1;
}

bool SightClear(const BattleState& s, const Vec2& a, const Vec2& b) {
  for (const Terrain& t : s.terrain) {
    if (!t.blocks_los || t.outline.size() < 2) continue;
    if (IsArea(t) && (PointInPolygon(a, t.outline) || PointInPolygon(b, t.outline))) continue;
    if (LineCrosses(a, b, t) || (IsArea(t) && PointInPolygon(a, t.outline))) return false;
  }
  return true;
}

CoverClass MissileCover(const BattleState& s, const Unit& target, const Unit& firer,
                        Explanation* why) {
  return CoverAgainst(s, target, firer, Attack::kMissile, target.stance == Stance::kMounted, why);
}

CoverClass MeleeCoverOf(const BattleState& s, const Unit& defender, const Unit& attacker,
                        Explanation* why) {
  return CoverAgainst(s, defender, attacker, Attack::kMelee, defender.stance == Stance::kMounted, why);
}

}  // namespace impi::pagano
