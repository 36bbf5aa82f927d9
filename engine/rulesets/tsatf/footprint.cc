#include "engine/rulesets/tsatf/footprint.h"

#include <algorithm>
#include <cmath>

#include "engine/core/budget.h"

namespace impi::tsatf {

// Designed (not in the source text): the ground of each unit kind, in
// inches, frontage x depth.
Footprint FootprintOf(UnitKind kind) {
  switch (kind) {
    case UnitKind::kRegiment:
    case UnitKind::kSkirmishers:
    case UnitKind::kRifleRegiment:
      return {3.0, 3.0};  // 20 Zulus in a loose mass
    case UnitKind::kLoneZulu:
    case UnitKind::kInduna:
    case UnitKind::kOfficer:
      return {1.0, 1.0};  // one figure
    case UnitKind::kInfantry:
    case UnitKind::kNativeFoot:
      return {3.0, 1.5};  // 20 figures in two ranks
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeHorse:
      return {3.0, 2.0};  // 12 horsemen in two ranks
    case UnitKind::kGun:
    case UnitKind::kGatling:
    case UnitKind::kRockets:
      return {2.0, 3.0};  // the piece, its crew and limber
    case UnitKind::kWagon:
      return {1.5, 3.0};
    default:
      return {0.0, 0.0};  // an IMPI: its regiments stand for it
  }
}

namespace {

// FootprintOf(kind).Radius(), worked out once a kind (kinds outside the
// table: through FootprintOf).
constexpr int kKinds = 32;
struct Radii {
  double r[kKinds];
  Radii() {
    for (int k = 0; k < kKinds; ++k) r[k] = FootprintOf(static_cast<UnitKind>(k)).Radius();
  }
};

inline double RadiusOf(UnitKind kind) {
  static const Radii kRadii;  // on first use: no order of initialisation to mind
  const int k = static_cast<int>(kind);
  return k >= 0 && k < kKinds ? kRadii.r[k] : FootprintOf(kind).Radius();
}

// Whether a and b are `at_least` or more apart, by the box alone (exact: the
// distance is never less than either coordinate's difference); false when
// the box cannot tell.
inline bool BoxApart(const Vec2& a, const Vec2& b, double at_least) {
  return std::abs(a.x() - b.x()) >= at_least || std::abs(a.y() - b.y()) >= at_least;
}

// OnFreeGround with the ignored units named by `ignored(id)`. A unit is
// tested against the distance first (the widest it could need: the British
// margin added), and only a unit that close has its figures, the ignore list
// and `may_touch` looked at: the same answer, in fewer steps.
template <typename Ignored>
bool FreeAt(const BattleState& s, const Vec2& centre, const std::vector<Member>& members,
            const std::string& may_touch, const Ignored& ignored) {
  constexpr double kEps = 1e-6;
  for (const Member& m : members) {
    const Vec2 p = centre + m.offset;
    if (p.x() < m.radius - kEps || p.y() < m.radius - kEps || p.x() > s.table.width - m.radius + kEps ||
        p.y() > s.table.height - m.radius + kEps) {
      return false;
    }
    for (const Unit& u : s.units) {
      if (!u.OnTable() || u.kind == UnitKind::kImpi) continue;
      const double r = RadiusOf(u.kind);
      if (!(r > 0)) continue;
      const bool british = u.side == Side::kBritish;
      const double base = m.radius + r;
      const double widest = (british ? base + kClearOfBritish : base) - kEps;
      if (BoxApart(p, u.position, widest)) continue;
      const double d = Distance(p, u.position);
      if (!(d < widest)) continue;
      if (u.figures.Present() <= 0 || ignored(u.id)) continue;
      double need = base;
      if (british && u.id != may_touch) need += kClearOfBritish;
      if (d < need - kEps) return false;
    }
  }
  return true;
}

}  // namespace

bool TakesGround(const Unit& u) {
  return u.OnTable() && u.kind != UnitKind::kImpi && u.figures.Present() > 0 && RadiusOf(u.kind) > 0;
}

bool OnFreeGround(const BattleState& s, const Vec2& centre, const std::vector<Member>& members,
                  const std::string& may_touch, const std::vector<std::string>& ignore) {
  return FreeAt(s, centre, members, may_touch, [&](const std::string& id) {
    return std::find(ignore.begin(), ignore.end(), id) != ignore.end();
  });
}

bool OnFreeGround(const BattleState& s, const Vec2& centre, const std::vector<Member>& members,
                  const std::string& may_touch, const std::string& ignore) {
  return FreeAt(s, centre, members, may_touch, [&](const std::string& id) { return id == ignore; });
}

std::vector<Ground> GroundOf(const BattleState& s) {
  std::vector<Ground> out;
  out.reserve(s.units.size());
  GroundOf(s, &out);
  return out;
}

void GroundOf(const BattleState& s, std::vector<Ground>* out) {
  out->clear();
  for (const Unit& u : s.units) {
    if (TakesGround(u)) out->push_back({&u, RadiusOf(u.kind), u.side == Side::kBritish});
  }
}

bool OnFreeGround(const BattleState& s, const std::vector<Ground>& ground, const Vec2& p,
                  double radius, const std::string& may_touch, const std::string& ignore) {
  constexpr double kEps = 1e-6;  // as FreeAt
  if (p.x() < radius - kEps || p.y() < radius - kEps || p.x() > s.table.width - radius + kEps ||
      p.y() > s.table.height - radius + kEps) {
    return false;
  }
  for (const Ground& g : ground) {
    const Vec2& at = g.unit->position;
    const double base = radius + g.radius;
    const double widest = (g.british ? base + kClearOfBritish : base) - kEps;
    if (BoxApart(p, at, widest)) continue;
    const double d = Distance(p, at);
    if (!(d < widest) || g.unit->id == ignore) continue;
    double need = base;
    if (g.british && g.unit->id != may_touch) need += kClearOfBritish;
    if (d < need - kEps) return false;
  }
  return true;
}

namespace {

// The first point of the circle of `radius` round `centre` where `free`
// holds, tried every `step` inches of arc (at least 8 a circle) alternately
// either side of the direction `start` (radians): 0, +1, -1, +2, -2 ...
// steps. False when there is none.
template <typename Free>
bool FirstOnCircle(const Vec2& centre, double radius, double start, double step, const Free& free,
                   Vec2* out) {
  const int n = radius == 0.0 ? 1 : std::max(8, static_cast<int>(std::ceil(2 * M_PI * radius / step)));
  for (int k = 0; k < n; ++k) {
    const int j = (k + 1) / 2 * (k % 2 == 1 ? 1 : -1);
    const double a = start + 2 * M_PI * j / n;
    const Vec2 c = centre + radius * Vec2(std::cos(a), std::sin(a));
    if (free(c)) {
      *out = c;
      return true;
    }
  }
  return false;
}

// The first unit of `side` taking ground, other than `self`, that a
// footprint of `radius` at `at` comes nearer than `margin` to; nullptr when
// none does.
const Unit* FirstTooNear(const BattleState& s, const Unit& self, double radius, const Vec2& at,
                         Side side, double margin) {
  for (const Unit& u : s.units) {
    if (u.side != side || !TakesGround(u)) continue;
    const double need = radius + RadiusOf(u.kind) + margin - 1e-6;
    if (BoxApart(at, u.position, need)) continue;
    if (Distance(at, u.position) < need && u.id != self.id) return &u;
  }
  return nullptr;
}

}  // namespace

bool ClearOfZulus(const BattleState& s, const Unit& british, const Vec2& at, std::string* near) {
  const Unit* z = FirstTooNear(s, british, RadiusOf(british.kind), at, Side::kZulu, kClearOfBritish);
  if (z != nullptr && near != nullptr) *near = z->id;
  return z == nullptr;
}

bool ClearOfFriends(const BattleState& s, const Unit& british, const Vec2& at, std::string* near) {
  const Unit* b = FirstTooNear(s, british, RadiusOf(british.kind), at, Side::kBritish, 0.0);
  if (b != nullptr && near != nullptr) *near = b->id;
  return b == nullptr;
}

Vec2 BritishMoveEnd(const BattleState& s, const Unit& british, const Vec2& want) {
  thread_local BritishMoveGround ground;
  ground.Reset(s, british, Distance(british.position, want));
  return ground.MoveEnd(want);
}

void BritishMoveGround::Reset(const BattleState& s, const Unit& british, double reach) {
  // A unit further from where `british` stands than the reach and the room
  // it needs (on either axis, by far more than rounding) is further than
  // that room from every point within the reach.
  constexpr double kSlack = 1e-3;
  from_ = british.position;
  reach_ = reach;
  near_.clear();
  const double r = RadiusOf(british.kind);
  for (const Unit& u : s.units) {
    if ((u.side != Side::kBritish && u.side != Side::kZulu) || !TakesGround(u) ||
        u.id == british.id) {
      continue;
    }
    const bool zulu = u.side == Side::kZulu;
    const double need = r + RadiusOf(u.kind) + (zulu ? kClearOfBritish : 0.0) - 1e-6;
    if (BoxApart(from_, u.position, reach + need + kSlack)) continue;
    near_.push_back({u.position, need, zulu});
  }
}

bool BritishMoveGround::ClearOfZulus(const Vec2& at) const {
  // FirstTooNear's test, over the Zulus near.
  for (const Near& n : near_) {
    if (!n.zulu || BoxApart(at, n.at, n.need)) continue;
    if (Distance(at, n.at) < n.need) return false;
  }
  return true;
}

Vec2 BritishMoveGround::MoveEnd(const Vec2& want) const {
  constexpr double kStep = 0.1;  // inches back along the way, a try
  // ClearOfFriends and ClearOfZulus at points of the way, against only the
  // units that come near the way at all (within their reach, and a margin
  // far above rounding): the same answers, the table scanned once.
  way_.clear();
  for (const Near& n : near_) {
    if (SegmentHitsDisc(from_, want, n.at, n.need + 1e-6)) way_.push_back(&n);
  }
  // The unit in the way of the point last tried, and how deep in it.
  const Near* in = nullptr;
  double depth = 0.0;
  auto free = [&](const Vec2& p) {
    for (const Near* n : way_) {
      const double d = Distance(p, n->at);
      if (d < n->need) {
        in = n;
        depth = n->need - d;
        return false;
      }
    }
    return true;
  };
  if (free(want)) return want;
  const double way = Distance(from_, want);
  // A try kStep further back stands at most kStep (and rounding) from the
  // last: one still deeper in the same unit than that is on it too, and is
  // not tried. The tries are the same points, the first free one the same.
  constexpr double kRounding = 1e-6;
  double last = 0.0;  // the `back` of the point last tried
  for (double back = kStep; back < way; back += kStep) {
    if (in != nullptr && depth > (back - last) + kRounding) continue;
    const Vec2 p = StepTowards(want, from_, back);
    last = back;
    if (free(p)) return p;
  }
  return from_;
}

Vec2 ChargeContact(const BattleState& s, const Unit& british, const Vec2& target, double contact) {
  constexpr double kStep = 0.1;  // inches of arc round the target, a try
  const Vec2 rel = british.position - target;
  const Vec2 away = rel.norm() > 1e-9 ? Vec2(rel.normalized()) : Vec2(0, -1);
  const double w = s.table.width, h = s.table.height;
  const Vec2 straight = ClampToTable(target + away * contact, w, h);
  auto free = [&](const Vec2& c) { return ClearOfFriends(s, british, ClampToTable(c, w, h)); };
  Vec2 c;
  if (ClearOfFriends(s, british, straight) ||
      !FirstOnCircle(target, contact, std::atan2(away.y(), away.x()), kStep, free, &c)) {
    return straight;
  }
  return ClampToTable(c, w, h);
}

Vec2 FreeGround(const BattleState& s, const Vec2& want, const std::vector<Member>& members,
                const std::string& may_touch, const std::vector<std::string>& ignore,
                const Vec2& first) {
  constexpr double kStep = 0.5;
  // First onto the table: the nearest centre that keeps every member inside.
  Vec2 inside = want;
  for (int axis = 0; axis < 2; ++axis) {
    const double size = axis == 0 ? s.table.width : s.table.height;
    double lo = -1e300, hi = 1e300;
    for (const Member& m : members) {
      lo = std::max(lo, m.radius - m.offset[axis]);
      hi = std::min(hi, size - m.radius - m.offset[axis]);
    }
    if (lo <= hi) inside[axis] = std::clamp(want[axis], lo, hi);
  }
  const double start = std::atan2(first.y(), first.x());
  const double reach = std::hypot(s.table.width, s.table.height);
  // OnFreeGround's test (FreeAt) at every point tried, with what does not
  // depend on the point (which units take ground, are ignored, may be
  // touched) worked out once: the same answers.
  struct Solid {
    Vec2 at;
    double r;
    bool british;
    bool margin;  // kClearOfBritish kept from it
  };
  thread_local std::vector<Solid> solids;
  solids.clear();
  for (const Unit& u : s.units) {
    if (!u.OnTable() || u.kind == UnitKind::kImpi) continue;
    const double r = RadiusOf(u.kind);
    if (!(r > 0) || u.figures.Present() <= 0) continue;
    if (std::find(ignore.begin(), ignore.end(), u.id.str()) != ignore.end()) continue;
    const bool british = u.side == Side::kBritish;
    solids.push_back({u.position, r, british, british && u.id != may_touch});
  }
  auto free = [&](const Vec2& c) {
    constexpr double kEps = 1e-6;  // as FreeAt
    for (const Member& m : members) {
      const Vec2 p = c + m.offset;
      if (p.x() < m.radius - kEps || p.y() < m.radius - kEps || p.x() > s.table.width - m.radius + kEps ||
          p.y() > s.table.height - m.radius + kEps) {
        return false;
      }
      for (const Solid& u : solids) {
        const double base = m.radius + u.r;
        const double widest = (u.british ? base + kClearOfBritish : base) - kEps;
        if (BoxApart(p, u.at, widest)) continue;
        const double d = Distance(p, u.at);
        if (!(d < widest)) continue;
        const double need = u.margin ? base + kClearOfBritish : base;
        if (d < need - kEps) return false;
      }
    }
    return true;
  };
  Vec2 c;
  for (double r = 0.0; r <= reach; r += kStep) {
    WorkBudget::ChargeCurrent();  // a ring round every unit: the step's budget bounds it
    if (FirstOnCircle(inside, r, start, kStep, free, &c)) return c;
  }
  return ClampToTable(want, s.table.width, s.table.height);
}

}  // namespace impi::tsatf
