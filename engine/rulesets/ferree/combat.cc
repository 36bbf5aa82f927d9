// FerreeBattle: movement on the table, close combat, effects of hits and
// charging a retiring unit (001_4c61f40cf0987cbf.txt, "B. Move the active
// unit", "Crossing the laager", "Charging A Retiring Unit", "D. Close
// Combat", "Effects Of Hits").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kOnLine = 0.05;     // designed: a tray this close to the laager is on it
constexpr double kAtLine = 0.25;     // designed: a tray this close is in contact with it
constexpr double kStopBefore = 0.2;  // designed: where a tray stops in front of the laager

double Cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

double PointSegment(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return Distance(p, a + t * ab);
}

Vec2 ClosestOnSegment(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return a + t * ab;
}

// The parameter t in [0,1] along a->b where it crosses c-d, or kInf.
double SegmentCross(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  // Segments whose boxes are apart on an axis (by far more than the
  // parameters' slack below reaches) do not cross: no division for them.
  constexpr double kApart = 1e-6;
  if (std::max(a.x(), b.x()) < std::min(c.x(), d.x()) - kApart ||
      std::min(a.x(), b.x()) > std::max(c.x(), d.x()) + kApart ||
      std::max(a.y(), b.y()) < std::min(c.y(), d.y()) - kApart ||
      std::min(a.y(), b.y()) > std::max(c.y(), d.y()) + kApart) {
    return kInf;
  }
  const Vec2 r = b - a, s = d - c;
  const double denom = Cross2(r, s);
  if (std::abs(denom) < 1e-12) return kInf;
  const double t = Cross2(c - a, s) / denom;
  const double u = Cross2(c - a, r) / denom;
  if (t < -1e-12 || t > 1 + 1e-12 || u < -1e-12 || u > 1 + 1e-12) return kInf;
  return std::max(0.0, t);
}

// The parameter t in [0,1] along a->b where it first comes within r of c.
double CircleEntry(const Vec2& a, const Vec2& b, const Vec2& c, double r) {
  const Vec2 d = b - a, f = a - c;
  const double A = d.dot(d), B = 2 * f.dot(d), C = f.dot(f) - r * r;
  if (C <= 0) return 0.0;
  if (A <= 0) return kInf;
  const double disc = B * B - 4 * A * C;
  if (disc < 0) return kInf;
  const double t = (-B - std::sqrt(disc)) / (2 * A);
  return t >= 0 && t <= 1 ? t : kInf;
}

double LaagerDistance(const std::vector<std::pair<Vec2, Vec2>>& edges, const Vec2& p,
                      Vec2* nearest) {
  double best = kInf;
  for (const auto& [a, b] : edges) {
    const double d = PointSegment(p, a, b);
    if (d < best) {
      best = d;
      if (nearest != nullptr) *nearest = ClosestOnSegment(p, a, b);
    }
  }
  return best;
}

Fighter FighterOf(const BattleState& s, const Unit& b) {
  const Unit* k = &b;
  if (b.kind == UnitKind::kRunner) {
    if (const Unit* p = s.FindUnit(b.parent)) k = p;
  }
  switch (k->kind) {
    case UnitKind::kInfantry:
      return Fighter::kRegular;
    case UnitKind::kNativeFoot:
      return Fighter::kNativeLevy;
    case UnitKind::kNativeHorse:
      return Fighter::kNativeHorse;
    case UnitKind::kWagon:
      return Fighter::kCivilian;
    default:
      return Fighter::kEuropeanIrregular;
  }
}

CompanyResolve ResolveOf(const Unit& u) {
  if (u.status.routed) return CompanyResolve::kRout;
  if (u.status.retiring) return CompanyResolve::kRetire;
  return CompanyResolve::kCarryOn;
}

void AppendDice(Explanation& to, const Explanation& from) {
  to.dice.insert(to.dice.end(), from.dice.begin(), from.dice.end());
}

// Moves one figure of `u` from one condition to another.
void Shift(Figures& f, FigureCondition from, FigureCondition to) {
  if (from == to) return;
  auto bucket = [&](FigureCondition c) -> int& {
    switch (c) {
      case FigureCondition::kUnhurt:
        return f.fit;
      case FigureCondition::kWounded:
        return f.wounded;
      case FigureCondition::kSeriouslyWounded:
        return f.seriously_wounded;
      default:
        return f.casualties;
    }
  };
  if (bucket(from) <= 0) return;
  --bucket(from);
  ++bucket(to);
}

const char* EffectName(HitEffect e) {
  switch (e) {
    case HitEffect::kScratch:
      return "scratch";
    case HitEffect::kWounded:
      return "wounded";
    case HitEffect::kSeriouslyWounded:
      return "seriously wounded";
    default:
      return "killed";
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// Terrain and neighbours.

std::shared_ptr<const FerreeBattle::TerrainCache> FerreeBattle::DeriveTerrain(
    const std::vector<Terrain>& terrain) {
  auto derived = std::make_shared<TerrainCache>();
  for (const Terrain& t : terrain) {
    if (t.outline.size() >= 2) {
      if (t.impassable) {
        derived->impassable.push_back(t.open ? Obstacle::Polyline(t.outline)
                                             : Obstacle::Polygon(t.outline));
      }
      if (t.blocks_los) {
        derived->sight.Add(t.open ? Obstacle::Polyline(t.outline) : Obstacle::Polygon(t.outline));
      }
    }
    // An area's box is widened by what its test reaches: 1" either side of
    // a donga drawn as a line, and a hair for points on an outline.
    auto area = [&](double reach) {
      FerreeBattle::TerrainCache::Area a;
      a.outline = t.outline;
      a.open = t.open;
      a.lo = a.hi = t.outline.front();
      for (const Vec2& v : t.outline) {
        a.lo = a.lo.cwiseMin(v);
        a.hi = a.hi.cwiseMax(v);
      }
      a.lo -= Vec2(reach, reach);
      a.hi += Vec2(reach, reach);
      return a;
    };
    constexpr double kHair = 1e-6;
    if (t.kind == TerrainKind::kDonga && !t.outline.empty()) {
      derived->dongas.push_back(area(t.open ? 1.0 + kHair : kHair));
    }
    if (t.kind == TerrainKind::kTentLines && !t.open && t.outline.size() > 2) {
      derived->tents.push_back(area(kHair));
    }
    // The laager and the thornbush as lists of edges (designed: the
    // thornbush barricade is crossed like the laager; the text gives it no
    // rules).
    if (t.kind != TerrainKind::kLaager && t.kind != TerrainKind::kBarricade) continue;
    const size_t n = t.outline.size();
    if (n < 2) continue;
    auto& edges = derived->laager_edges;
    for (size_t i = 0; i + 1 < n; ++i) edges.push_back({t.outline[i], t.outline[i + 1]});
    if (!t.open && n > 2) edges.push_back({t.outline[n - 1], t.outline[0]});
  }
  return derived;
}

const FerreeBattle::TerrainCache& FerreeBattle::TerrainDerivedAnew() const {
  // The last few terrain lists this thread derived, each held with what was
  // derived from it (an entry in use has `derived`; an empty terrain list
  // is the null `terrain`).
  struct Recent {
    std::shared_ptr<const std::vector<Terrain>> terrain;
    std::shared_ptr<const TerrainCache> derived;
  };
  constexpr size_t kRecent = 4;
  thread_local std::array<Recent, kRecent> recent;
  thread_local size_t next = 0;
  std::shared_ptr<const std::vector<Terrain>> shared = s_.terrain.shared();
  terrain_ = nullptr;
  for (const Recent& r : recent) {
    if (r.derived != nullptr && r.terrain == shared) terrain_ = r.derived;
  }
  if (terrain_ == nullptr) {
    terrain_ = DeriveTerrain(s_.terrain.vector());
    recent[next] = Recent{std::move(shared), terrain_};
    next = (next + 1) % kRecent;
  }
  terrain_data_ = s_.terrain.data();
  terrain_size_ = s_.terrain.size();
  return *terrain_;
}

const std::vector<Obstacle>& FerreeBattle::Impassable() const { return TerrainDerived().impassable; }

const BlockerSet& FerreeBattle::SightBlockers(const std::string& except_regiment) const {
  (void)except_regiment;
  return TerrainDerived().sight;
}

const std::vector<std::pair<Vec2, Vec2>>& FerreeBattle::LaagerEdges() const {
  return TerrainDerived().laager_edges;
}

bool FerreeBattle::InDonga(const Vec2& p) const {
  for (const TerrainCache::Area& t : TerrainDerived().dongas) {
    if (t.Outside(p)) continue;
    if (t.open) {
      // A donga drawn as a line: designed, 1" either side of it.
      for (size_t i = 0; i + 1 < t.outline.size(); ++i) {
        if (PointSegment(p, t.outline[i], t.outline[i + 1]) <= 1.0) return true;
      }
    } else if (PointInPolygon(p, t.outline)) {
      return true;
    }
  }
  return false;
}

bool FerreeBattle::InTent(const Vec2& p) const {
  for (const TerrainCache::Area& t : TerrainDerived().tents) {
    if (!t.Outside(p) && PointInPolygon(p, t.outline)) return true;
  }
  return false;
}

bool FerreeBattle::InCover(const Unit& target, const Unit& firer) const {
  // Taking Cover: "Zulu figures that end their turn in a donga that is not
  // occupied by the firing unit is in cover. Also, a unit that is prone is
  // considered in cover."
  if (target.stance == Stance::kProne) return true;
  if (!InDonga(target.position)) return false;
  for (const Terrain& t : s_.terrain) {
    if (t.kind != TerrainKind::kDonga || t.open || t.outline.size() < 3) continue;
    if (PointInPolygon(target.position, t.outline) && PointInPolygon(firer.position, t.outline)) {
      return false;
    }
  }
  return true;
}

bool FerreeBattle::IndunaWith(const Unit& tray) const {
  for (const Unit& u : s_.units) {
    if (u.kind == UnitKind::kInduna && !u.off_table && u.figures.fit + u.figures.wounded > 0 &&
        InContact(u, tray)) {
      return true;
    }
  }
  return false;
}

bool FerreeBattle::OnLaager(const Vec2& p) const {
  return LaagerDistance(LaagerEdges(), p, nullptr) <= kOnLine;
}

bool FerreeBattle::AcrossLaager(const Vec2& a, const Vec2& b) const {
  for (const auto& [c, d] : LaagerEdges()) {
    if (SegmentCross(a, b, c, d) != kInf) return true;
  }
  return false;
}

bool FerreeBattle::Engaged(const Unit& x, const Unit& y) const {
  // Both tests are pure: the cheap distance first.
  return InContact(x, y) ||
         (Gap(x, y) <= kLaagerReach + kContactGap + 0.2 && AcrossLaager(x.position, y.position));
}

const Unit* FerreeBattle::NearestBritish(const Vec2& from) const {
  const Unit* best = nullptr;
  for (const Unit& b : s_.units) {
    if (b.side != Side::kBritish || !Alive(b) || b.figures.Present() <= 0) continue;
    if (best == nullptr || Distance(b.position, from) < Distance(best->position, from)) best = &b;
  }
  return best;
}

const Unit* FerreeBattle::OwnWagon(const Unit& company) const {
  const Unit* c = &company;
  if (company.kind == UnitKind::kRunner) {
    c = s_.FindUnit(company.parent);
    if (c == nullptr) return nullptr;
  }
  // "line them up ... at the back of the wagon": a WAGON's name says whose
  // it is ("1/24th"); a wagon whose parent is the company is its own too.
  for (const Unit& w : s_.units) {
    if (w.kind != UnitKind::kWagon || w.off_table) continue;
    if (w.parent == c->id || (!w.name.empty() && c->name.str().find(w.name.str()) != std::string::npos)) {
      return &w;
    }
  }
  return nullptr;
}

// ---------------------------------------------------------------------------
// Movement.

namespace {

// A list of unit indices kept between calls of one call site on a thread, so
// that the usual call allocates nothing (a footprint's neighbours are asked
// for thousands of times a battle); a call nested inside another at the
// same site gets a list of its own.
struct IndexScratch {
  std::vector<int> list;
  bool busy = false;
};

class Borrowed {
 public:
  explicit Borrowed(IndexScratch& s) : s_(s.busy ? nullptr : &s) {
    if (s_ != nullptr) {
      s_->busy = true;
      s_->list.clear();
    }
  }
  ~Borrowed() {
    if (s_ != nullptr) s_->busy = false;
  }
  Borrowed(const Borrowed&) = delete;
  Borrowed& operator=(const Borrowed&) = delete;
  std::vector<int>& list() { return s_ != nullptr ? s_->list : own_; }

 private:
  IndexScratch* s_;
  std::vector<int> own_;
};

}  // namespace

const Ground& FerreeBattle::GroundNow() const {
  // Within a search of free spots nothing moves: one Sync serves it.
  if (ground_held_ == 0) ground_->Sync(s_);
  return *ground_;
}

FerreeBattle::HoldGround::HoldGround(const FerreeBattle& b) : b_(b) {
  if (b_.ground_held_++ == 0) b_.ground_->Sync(b_.s_);
}

FerreeBattle::HoldGround::~HoldGround() { --b_.ground_held_; }

void FerreeBattle::GroundTouch(const Unit& u) const {
  if (ground_held_ > 0 && !s_.units.empty() && &u >= &s_.units.front() && &u <= &s_.units.back()) {
    ground_->Touch(static_cast<int>(&u - s_.units.data()), u);
  }
}

bool FerreeBattle::RoomFor(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
                           bool may_contact) const {
  thread_local IndexScratch scratch;
  Borrowed borrowed(scratch);
  std::vector<int>& near = borrowed.list();
  GroundNow().NearAnyOrder(p, Radius(u) + kStandOff, &near);
  return RoomAmong(u, p, reserved, may_contact, near);
}

bool FerreeBattle::RoomAmong(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
                             bool may_contact, const std::vector<int>& near, int* blocker) const {
  const double r = Radius(u);
  const TableGeometry& t = s_.table;
  if (t.width > 0 && t.height > 0 &&
      (p.x() < r || p.y() < r || p.x() > t.width - r || p.y() > t.height - r)) {
    return false;
  }
  const Side other = u.side == Side::kZulu ? Side::kBritish : Side::kZulu;
  // A lone British figure (a runner, the surgeon) keeps no stand-off
  // (designed): the Zulus may close on him.
  // Whether `e` bars the spot.
  auto bars = [&](const Unit& e) {
    if (&e == &u) return false;
    // Designed: the wagon park is ground the Zulus run through; a Zulu may
    // stand among (over) the wagons, a British unit may not.
    if (u.side == Side::kZulu && e.kind == UnitKind::kWagon) return false;
    const double gap = Distance(p, e.position) - r - Radius(e);
    if (gap < -kOverlapSlack) return true;
    // The stand-off is between units of men: not a wagon.
    if (e.side != other || gap >= kStandOff - 1e-9 || e.figures.Present() <= 0 ||
        u.figures.Present() <= 0 || LoneFigure(e) || LoneFigure(u)) {
      return false;
    }
    const bool engaged =
        gap <= kContactGap + 1e-9 ||
        (gap <= kLaagerReach + kContactGap + 0.2 && AcrossLaager(p, e.position));
    return !(may_contact && engaged);
  };
  // (Every test below is of the spot alone: the answer is the same in any
  // order, so the unit that barred the last spot is asked first.)
  if (blocker != nullptr && *blocker >= 0 && bars(s_.units[*blocker])) return false;
  for (const Obstacle& o : Impassable()) {
    if (InsidePolygon(p, o)) return false;
  }
  for (const Vec2& q : reserved) {
    if (Distance(p, q) < 2 * r - kOverlapSlack) return false;
  }
  for (const int j : near) {
    if (bars(s_.units[j])) {
      if (blocker != nullptr) *blocker = j;
      return false;
    }
  }
  return true;
}

namespace {

// The unit vectors of FreeSpot's n spots round a ring, in the order they are
// tried: 0, +1, -1, +2, -2, ... steps of 2 pi / n from the first, for n up to
// kMaxTurns, worked out once.
constexpr int kMaxTurns = 72;

const std::vector<Vec2>& Turns(int n) {
  static const std::vector<std::vector<Vec2>>* const kTurns = [] {
    auto* all = new std::vector<std::vector<Vec2>>(kMaxTurns + 1);
    for (int m = 1; m <= kMaxTurns; ++m) {
      for (int i = 0; i < m; ++i) {
        const int step = (i + 1) / 2 * (i % 2 == 1 ? 1 : -1);
        const double a = 2 * M_PI * step / m;
        (*all)[m].push_back(Vec2(std::cos(a), std::sin(a)));
      }
    }
    return all;
  }();
  return (*kTurns)[std::clamp(n, 1, kMaxTurns)];
}

}  // namespace

bool FerreeBattle::FreeSpot(const Unit& u, const Vec2& centre, double first_ring, const Vec2& from,
                            bool may_contact, const std::vector<Vec2>& reserved, Vec2* spot,
                            absl::FunctionRef<bool(const Vec2&)> also, double max_from,
                            bool centre_full) const {
  const HoldGround hold(*this);
  constexpr int kRings = 8;
  constexpr int kMaxAround = kMaxTurns;
  const double r = Radius(u);
  const double pitch = 2 * r + 0.1;
  const Vec2 toward = from - centre;
  const double base = toward.squaredNorm() > 1e-18 ? std::atan2(toward.y(), toward.x()) : 0.0;
  const double cb = std::cos(base), sb = std::sin(base);
  // One query of the ground a ring, made when a spot on it first needs it:
  // every unit that could touch a spot on it or keep a stand-off from one.
  thread_local IndexScratch scratch;
  Borrowed borrowed(scratch);
  std::vector<int>& near = borrowed.list();
  // The unit that barred the last spot tried (RoomAmong asks it first).
  int blocker = -1;
  for (int k = 0; k <= kRings; ++k) {
    const double rho = first_ring + k * pitch;
    bool queried = false;
    auto room = [&](const Vec2& q, bool contact) {
      if (!queried) {
        GroundNow().NearAnyOrder(centre, std::max(rho, 0.0) + r + kStandOff + 1e-6, &near);
        queried = true;
      }
      return RoomAmong(u, q, reserved, contact, near, &blocker);
    };
    if (rho <= 1e-9) {
      if (!centre_full && Distance(from, centre) <= max_from && also(centre) &&
          room(centre, may_contact)) {
        *spot = centre;
        return true;
      }
      continue;
    }
    // Spots about a radius apart round the ring, nearest `from` first: the
    // direction to `from` turned by the ring's steps (Turns). Each is no
    // nearer `from` than the one before, so the first too far ends the ring.
    const int n = std::clamp(static_cast<int>(std::ceil(2 * M_PI * rho / r)), 6, kMaxAround);
    const std::vector<Vec2>& turns = Turns(n);
    for (int i = 0; i < n; ++i) {
      const Vec2& t = turns[i];
      const Vec2 q = centre + rho * Vec2(cb * t.x() - sb * t.y(), sb * t.x() + cb * t.y());
      if (Distance(from, q) > max_from) break;
      if (also(q) && room(q, may_contact && k == 0)) {
        *spot = q;
        return true;
      }
    }
  }
  return false;
}

void FerreeBattle::PlaceOnFreeGround(Unit& u, const Vec2& want) {
  Vec2 spot = want;
  if (FreeSpot(u, want, 0.0, want, /*may_contact=*/false, {}, &spot)) u.position = spot;
  else u.position = want;
}

std::vector<Vec2> FerreeBattle::MoveUnit(Unit& u, const Vec2& goal, double allowance,
                                         double stop_short, double enemy_gap, bool stop_at_laager) {
  const Vec2 start = u.position;
  std::vector<Vec2> walked;
  walked.reserve(4);  // the start, the path's points, a settled end: one allocation
  walked.push_back(start);
  if (!(allowance > 0)) return walked;
  const TerrainCache& terrain = TerrainDerived();
  Path p = PathTowards(start, goal, allowance, terrain.impassable, Turn::kLeft, stop_short, 0.5,
                       &terrain.path_samples);
  if (p.points.size() < 2) return walked;
  const std::vector<Vec2>& pts = p.points;
  double length = 0;
  for (size_t k = 1; k < pts.size(); ++k) length += Distance(pts[k - 1], pts[k]);
  double cut = length;
  // Contact with the other side stops a move.
  if (enemy_gap >= 0) {
    const Side other = u.side == Side::kZulu ? Side::kBritish : Side::kZulu;
    // The path's box: a unit further than its reach (and a margin far above
    // any rounding) from it on one axis is entered by no leg of the path.
    Vec2 lo = pts[0], hi = pts[0];
    for (const Vec2& p : pts) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    constexpr double kBoxMargin = 1e-3;
    // First the side and a box by the largest footprint (a company's), which
    // put most units aside with a few loads; the rest are judged as before.
    const double widest = Radius(u) + kLargestRadius + enemy_gap + kBoxMargin;
    const Vec2 wide_lo = lo - Vec2(widest, widest), wide_hi = hi + Vec2(widest, widest);
    for (const Unit& e : s_.units) {
      if (e.side != other || e.position.x() < wide_lo.x() || e.position.x() > wide_hi.x() ||
          e.position.y() < wide_lo.y() || e.position.y() > wide_hi.y()) {
        continue;
      }
      if (!Alive(e) || e.kind == UnitKind::kRegiment || e.figures.Present() <= 0) continue;
      const double r = Radius(u) + Radius(e) + enemy_gap;
      const double reach = r + kBoxMargin;
      if (e.position.x() < lo.x() - reach || e.position.x() > hi.x() + reach ||
          e.position.y() < lo.y() - reach || e.position.y() > hi.y() + reach) {
        continue;
      }
      if (Distance(start, e.position) <= r + 1e-9) continue;  // already there
      double s = 0;
      for (size_t k = 1; k < pts.size(); ++k) {
        const double len = Distance(pts[k - 1], pts[k]);
        const double t = CircleEntry(pts[k - 1], pts[k], e.position, r);
        if (t != kInf) {
          cut = std::min(cut, s + t * len);
          break;
        }
        s += len;
      }
    }
  }
  // Crossing the laager: "When a Zulu figure makes contact with the laager,
  // it stops its movement at that point." A tray already at the laager
  // crosses it if it is not defended (it "may move normally next turn").
  if (stop_at_laager) {
    const auto& edges = LaagerEdges();
    if (!edges.empty()) {
      const double start_dist = LaagerDistance(edges, start, nullptr);
      const bool at_line = start_dist <= kAtLine;
      std::vector<std::pair<double, Vec2>> crossings;
      double s = 0;
      for (size_t k = 1; k < pts.size(); ++k) {
        const double len = Distance(pts[k - 1], pts[k]);
        for (const auto& [c, d] : edges) {
          const double t = SegmentCross(pts[k - 1], pts[k], c, d);
          if (t != kInf) crossings.push_back({s + t * len, pts[k - 1] + t * (pts[k] - pts[k - 1])});
        }
        s += len;
      }
      std::sort(crossings.begin(), crossings.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      for (const auto& [sc, point] : crossings) {
        if (sc > cut) break;
        if (at_line && sc <= start_dist + kAtLine) {
          // Defended: "a British figure is across the laager, within 1/2" to
          // either side of the Zulu".
          bool defended = false;
          for (const Unit& b : s_.units) {
            if (b.side != Side::kBritish || !Alive(b) || b.figures.fit + b.figures.wounded <= 0) {
              continue;
            }
            if (Distance(b.position, point) - Radius(b) <= kTrayRadius + kLaagerReach &&
                AcrossLaager(start, b.position)) {
              defended = true;
            }
          }
          if (defended && u.side == Side::kZulu) {
            cut = 0;
            break;
          }
          continue;  // undefended: over it
        }
        cut = std::max(0.0, sc - kStopBefore);
        break;
      }
    }
  }
  // Walk `cut` inches along the path.
  double remaining = cut;
  for (size_t k = 1; k < pts.size(); ++k) {
    const double len = Distance(pts[k - 1], pts[k]);
    if (len <= 1e-12) continue;
    if (remaining >= len) {
      walked.push_back(pts[k]);
      remaining -= len;
      continue;
    }
    if (remaining > 1e-9) walked.push_back(pts[k - 1] + (remaining / len) * (pts[k] - pts[k - 1]));
    break;
  }
  Vec2 end = walked.back();
  if (s_.table.width > 0 && s_.table.height > 0) {
    end = ClampToTable(end, s_.table.width, s_.table.height);
  }
  walked.back() = end;
  // Footprints (docs/ferree-engine.md, "Footprints"; designed): a move
  // passes other units but ends only where there is room. A move that
  // reaches its goal on the table's edge leaves the table (a rout, an
  // escape): it needs no room.
  const TableGeometry& tg = s_.table;
  const bool leaves = tg.width > 0 && tg.height > 0 && Distance(end, goal) <= 1e-6 &&
                      (end.x() <= 1e-9 || end.y() <= 1e-9 || end.x() >= tg.width - 1e-9 ||
                       end.y() >= tg.height - 1e-9);
  if (HasFootprint(u) && walked.size() > 1 && !leaves) {
    const Vec2 settled = Settle(u, walked, allowance, enemy_gap >= 0);
    if (settled != end) {
      while (walked.size() > 1 && Distance(walked.back(), start) > Distance(settled, start)) {
        walked.pop_back();
      }
      walked.push_back(settled);
    }
    end = settled;
  }
  u.position = end;
  // Under a hold the ground is kept up to date one mover at a time.
  GroundTouch(u);
  return walked;
}

Vec2 FerreeBattle::Settle(const Unit& u, const std::vector<Vec2>& walked, double reach,
                          bool may_contact) const {
  const Vec2 start = walked.front(), end = walked.back();
  // Whether RoomAmong has already judged `end` (it found no room there).
  bool judged = false;
  if (ground_held_ == 0) {
    // Most such moves end where there is room: judged among the units a
    // box round the spot holds (every unit Ground::Near would list, and a
    // few more that RoomAmong passes over), which costs less than bringing
    // the ground up to date for one question.
    const double reach = Radius(u) + kStandOff + kLargestRadius + 1e-6;
    thread_local IndexScratch scratch;
    Borrowed borrowed(scratch);
    std::vector<int>& near = borrowed.list();
    const Unit* const units = s_.units.data();
    const size_t n = s_.units.size();
    const double x = end.x(), y = end.y();
    for (size_t j = 0; j < n; ++j) {
      const Unit& e = units[j];
      if (std::abs(e.position.x() - x) > reach || std::abs(e.position.y() - y) > reach ||
          !HasFootprint(e)) {
        continue;
      }
      near.push_back(static_cast<int>(j));
    }
    if (RoomAmong(u, end, {}, may_contact, near)) return end;
    judged = true;
  }
  const HoldGround hold(*this);
  // (The units in the box are all those RoomFor would list: its answer
  // would be the same.)
  if (!judged && RoomFor(u, end, {}, may_contact)) return end;
  const auto& edges = LaagerEdges();
  // A spot the mover could have reached from its start: within its
  // allowance, and not over the laager or the thornbush from where its move
  // ended.
  auto reachable = [&](const Vec2& q) {
    if (Distance(start, q) > reach + 1e-9) return false;
    for (const auto& [c, d] : edges) {
      if (SegmentCross(end, q, c, d) != kInf) return false;
    }
    return true;
  };
  Vec2 spot;
  if (may_contact) {
    // The move ended in contact with a unit of the other side: the free
    // spot in contact with it nearest where the move ended.
    const Side other = u.side == Side::kZulu ? Side::kBritish : Side::kZulu;
    std::vector<int> near;
    GroundNow().Near(end, Radius(u) + kContactGap + 1e-6, &near);
    for (const int j : near) {
      const Unit& e = s_.units[j];
      if (e.side != other || e.figures.Present() <= 0 || u.figures.Present() <= 0) continue;
      if (Distance(end, e.position) - Radius(u) - Radius(e) > kContactGap + 1e-9) continue;
      if (FreeSpot(u, e.position, Radius(u) + Radius(e) + kContactGap / 2, end, true, {}, &spot,
                   reachable)) {
        return spot;
      }
    }
  }
  // Else the free spot nearest where the move ended (flowing round the
  // units there), not in contact.
  // (`reachable` refuses every spot further than `reach` from the start;
  // FreeSpot stops a ring at the first spot clearly beyond it.)
  // (There is no room at `end` itself: none even in contact, above.)
  if (FreeSpot(u, end, 0.0, start, false, {}, &spot, reachable, reach + 1e-6,
               /*centre_full=*/true)) {
    return spot;
  }
  // Else back along the path to where it last had room.
  double length = 0;
  for (size_t k = 1; k < walked.size(); ++k) length += Distance(walked[k - 1], walked[k]);
  for (double back = 0.25; back < length; back += 0.25) {
    double s = length - back;
    Vec2 q = start;
    for (size_t k = 1; k < walked.size(); ++k) {
      const double len = Distance(walked[k - 1], walked[k]);
      if (s <= len && len > 0) {
        q = walked[k - 1] + (s / len) * (walked[k] - walked[k - 1]);
        break;
      }
      s -= len;
    }
    if (RoomFor(u, q, {}, false)) return q;
  }
  return start;
}

// ---------------------------------------------------------------------------
// Hits.

void FerreeBattle::RemoveZuluFigures(Unit& tray, int n) {
  n = std::min(n, tray.figures.fit);
  if (n <= 0) return;
  // "Zulus that are hit are removed from play."
  tray.figures.fit -= n;
  tray.figures.casualties += n;
  if (tray.kind != UnitKind::kTray) return;
  MutableUnitOf(s_, tray.id).losses_this_turn += n;
  // Pinned Zulus: "If a Zulu movement tray loses 3 or more figures in one
  // turn that tray is pinned."
  if (UnitOf(s_, tray.id).losses_this_turn >= kPinLosses && !tray.status.pinned && tray.figures.fit > 0) {
    tray.status.pinned = true;
    if (!Explain()) return;
    Event& e = Log(EventKind::kMoraleTest, Side::kZulu, kSectionPinned, "", "",
                   absl::StrCat(tray.id.str(), " has lost ", UnitOf(s_, tray.id.str()).losses_this_turn,
                                " figures since its last turn: it is pinned."));
    e.unit_ids = {tray.id};
  }
}

void FerreeBattle::EffectsOfHits(Unit& u, int hits, const std::string& cause, Explanation* why) {
  // Nothing is told when nobody reads it.
  const bool explain = why != nullptr && Explain();
  Explanation all;
  std::vector<std::string> effects;
  for (int h = 0; h < hits; ++h) {
    Figures& f = u.figures;
    FigureCondition from;
    if (f.fit > 0) {
      from = FigureCondition::kUnhurt;
    } else if (f.wounded > 0) {
      from = FigureCondition::kWounded;
    } else if (f.seriously_wounded > 0) {
      from = FigureCondition::kSeriouslyWounded;
    } else {
      break;
    }
    Explanation one;
    const HitEffect effect = EffectOfHit(dice_, explain ? &one : nullptr);
    if (!explain) {
      Shift(f, from, ApplyHitEffect(from, effect));
      continue;
    }
    if (all.rule.source.empty()) all.rule = one.rule;
    AppendDice(all, one);
    Shift(f, from, ApplyHitEffect(from, effect));
    effects.push_back(EffectName(effect));
  }
  if (!explain) return;
  all.rule.source = kSource;
  all.rule.section = kSectionHits;
  all.rule.table = kTableHits;
  all.text = absl::StrCat(
      "Effects of hits on ", u.id.str(), " (", cause,
      "): ", effects.empty() ? "nobody left to hit" : absl::StrJoin(effects, ", "), ".");
  if (why != nullptr) *why = all;
}

// ---------------------------------------------------------------------------
// D. Close Combat.

absl::Status FerreeBattle::CloseCombatFight(const SharedString& tray_id,
                                            const SharedString& british_id, bool zulu_out_of_donga,
                                            bool british_out_of_donga, const std::string& how) {
  Unit* t = s_.FindUnit(tray_id);
  Unit* b = s_.FindUnit(british_id);
  if (t == nullptr || b == nullptr || !Alive(*t)) return absl::OkStatus();
  Explanation all;
  all.rule = {kSource, kSectionCloseCombat, kTableCloseCombat, kRowCloseCombat, false};
  std::vector<std::string> notes;
  // "Seriously wounded figures that are contacted by a Zulu figure are
  // killed."
  const int lost_before = b->figures.seriously_wounded + b->figures.casualties;
  const bool short_of_ammunition = b->status.ammunition == Ammunition::kLow ||
                                   b->status.ammunition == Ammunition::kOut;
  if (b->figures.seriously_wounded > 0) {
    notes.push_back(absl::StrCat(b->figures.seriously_wounded,
                                 " seriously wounded figure(s) contacted by the Zulus are killed"));
    b->figures.casualties += b->figures.seriously_wounded;
    b->figures.seriously_wounded = 0;
  }
  t->status.in_close_combat = true;
  b->status.in_close_combat = true;
  // The fighters: officers first, then unwounded men, then the wounded.
  const int officers = std::min(b->leaders, b->figures.fit);
  std::vector<BritishCombatant> fighters;
  BritishCombatant base;
  base.fighter = FighterOf(s_, *b);
  base.resolve = ResolveOf(*b);
  base.bayonet_fixed = b->status.bayonets_fixed;
  base.inside_tent = InTent(b->position);
  base.out_of_donga = british_out_of_donga;
  base.in_square = b->status.surrounded && IsEuropean(base.fighter);
  base.huddled = b->status.surrounded && !IsEuropean(base.fighter);
  for (int i = 0; i < b->figures.fit; ++i) {
    BritishCombatant c = base;
    if (i < officers) c.fighter = Fighter::kOfficer;
    fighters.push_back(c);
  }
  for (int i = 0; i < b->figures.wounded; ++i) {
    BritishCombatant c = base;
    c.wounded = true;
    fighters.push_back(c);
  }
  ZuluCombatant z;
  z.on_laager = OnLaager(t->position);
  z.over_laager = !z.on_laager && AcrossLaager(t->position, b->position);
  z.out_of_donga = zulu_out_of_donga;
  // Designed: a tray fights a company as pairs of figures, at most 10. An
  // induna (wounded or not) or a sniper is one figure: one pair.
  const bool induna = t->kind == UnitKind::kInduna;
  const int zulus = induna ? (t->figures.fit + t->figures.wounded > 0 ? 1 : 0) : t->figures.fit;
  const int pairs = std::min({zulus, kMaxPairs, static_cast<int>(fighters.size())});
  int zulu_lost = 0;
  std::vector<size_t> british_lost;
  const bool explain = Explain();
  for (int i = 0; i < pairs; ++i) {
    Explanation one;
    CloseCombatResult r = CloseCombat(dice_, fighters[i], z, explain ? &one : nullptr);
    if (explain) AppendDice(all, one);
    if (r.winner == CombatWinner::kBritish) {
      ++zulu_lost;
    } else {
      british_lost.push_back(i);
    }
  }
  // "British figures ( and the Zulu Induna) that lose a Close Combat
  // determine the effect of the combat using the "Effect Of Hits" table.
  // Other Zulu figures are removed from play."
  if (induna) {
    if (zulu_lost > 0) {
      Explanation eff;
      EffectsOfHits(*t, zulu_lost, "close combat", &eff);
      AppendDice(all, eff);
      std::string text = eff.text;
      if (!text.empty() && text.back() == '.') text.pop_back();
      notes.push_back(text);
    }
  } else {
    RemoveZuluFigures(*t, zulu_lost);
  }
  // "British figures ... that lose a Close Combat determine the effect of
  // the combat using the "Effect Of Hits" table."
  std::vector<std::string> effects;
  for (size_t i : british_lost) {
    Explanation one;
    const HitEffect effect = EffectOfHit(dice_, explain ? &one : nullptr);
    if (explain) AppendDice(all, one);
    const FigureCondition from =
        fighters[i].wounded ? FigureCondition::kWounded : FigureCondition::kUnhurt;
    Shift(b->figures, from, ApplyHitEffect(from, effect));
    if (explain) effects.push_back(EffectName(effect));
  }
  {
    // Figures newly seriously wounded or killed (the seriously wounded killed
    // above were lost already).
    const int newly = b->figures.seriously_wounded + b->figures.casualties - lost_before;
    BritishLosses& l = Own(s_).losses;
    l.in_close_combat += newly;
    if (short_of_ammunition) l.close_combat_short += newly;
  }
  if (pairs > 0 && explain) {
    notes.push_back(
        absl::StrCat(pairs, " pair(s) fight: the Zulus lose ", zulu_lost, ", the British lose ",
                     british_lost.size(),
                     effects.empty() ? "" : absl::StrCat(" (", absl::StrJoin(effects, ", "), ")")));
  }
  // "A British figure which lost a close combat will be pushed back 1"."
  if (!british_lost.empty()) {
    // Designed: straight back from the tray, as a move that ends only where
    // there is room (MoveUnit); it stays in contact if it has none.
    const Vec2 back = StepTowards(b->position, t->position, -kPushBack);
    MoveUnit(*b, back, kPushBack, 0.0, -1.0, /*stop_at_laager=*/false);
    b = s_.FindUnit(british_id);
    t = s_.FindUnit(tray_id);
    if (explain) notes.push_back(absl::StrCat(british_id.str(), " is pushed back 1\""));
  }
  // Crossing the laager: "If the Zulu wins the combat, it is moved on top of
  // the laager" (designed: a tray that wins more pairs than it loses).
  if (z.over_laager && static_cast<int>(british_lost.size()) > zulu_lost && Alive(*t)) {
    Vec2 on = t->position;
    LaagerDistance(LaagerEdges(), t->position, &on);
    // Designed: only where there is room for the tray.
    if (RoomFor(*t, on, {}, /*may_contact=*/true)) t->position = on;
    if (explain) notes.push_back(absl::StrCat(tray_id.str(), " is on top of the laager"));
  }
  if (!explain) return absl::OkStatus();
  all.text =
      absl::StrCat("Close combat, ", how, ": ", tray_id.str(), " against ", british_id.str(),
                   z.over_laager ? " over the laager" : (z.on_laager ? " on the laager" : ""), ": ",
                   notes.empty() ? "nobody can fight" : absl::StrJoin(notes, "; "), ".");
  Event& e = LogWhy(EventKind::kCharged, Side::kZulu, all);
  e.unit_ids = {tray_id};
  e.target_id = british_id;
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Charging A Retiring Unit.

absl::Status FerreeBattle::ChargeRetiring(const SharedString& british_id, const Vec2& before,
                                          bool after_resolve) {
  const Unit* b = s_.FindUnit(british_id);
  std::vector<SharedString> testers;
  if (b != nullptr && Alive(*b)) {
    // "If a British unit is ordered to move away from a Zulu tray to its
    // front (or does so as a result of a resolve test), then any Zulu tray
    // within 6" of the unit may test to see if it will charge." Designed: a
    // tray within 6" of where the unit started that is now further from it.
    for (const Unit& t : s_.units) {
      if (t.kind != UnitKind::kTray || !Alive(t)) continue;
      const double gap_before =
          std::max(0.0, Distance(before, t.position) - Radius(*b) - Radius(t));
      if (gap_before > kWithin) continue;
      if (Gap(t, *b) <= gap_before + 1e-6) continue;
      testers.push_back(t.id);
    }
  }
  return ChargeRetiringNext(british_id, std::move(testers), after_resolve);
}

absl::Status FerreeBattle::ChargeRetiringNext(const SharedString& british_id,
                                              std::vector<SharedString> testers,
                                              bool after_resolve) {
  // Each tray in turn is a Zulu decision node: test to charge, or stay.
  for (size_t k = 0; k < testers.size(); ++k) {
    const Unit* b = s_.FindUnit(british_id);
    if (b == nullptr) break;
    bool at_british = false;
    if (ChargeRetiringRefusal(s_.FindUnit(testers[k]), *b, &at_british) != nullptr) {
      if (at_british) break;
      continue;
    }
    PendingChoice p;
    p.choice = ZuluChoice::kChargeRetiring;
    p.unit_id = testers[k];
    p.british_id = british_id;
    p.queue.assign(testers.begin() + k + 1, testers.end());
    p.after_resolve = after_resolve;
    Suspend(std::move(p));
    return absl::OkStatus();
  }
  // The retirement was the active company's resolve result: its activation
  // goes on.
  if (after_resolve) return ContinueBritishActivation(british_id);
  return absl::OkStatus();
}

const char* ChargeRetiringRefusal(const Unit* tray, const Unit& british, bool* at_british) {
  *at_british = true;
  if (!Alive(british) || british.figures.Present() <= 0) return "is not on the table";
  *at_british = false;
  if (tray == nullptr || !Alive(*tray)) return "is not on the table";
  if (tray->kind != UnitKind::kTray) return "is not a movement TRAY";
  return nullptr;
}

absl::Status FerreeBattle::ChargeRetiringTest(const SharedString& tray_id,
                                              const SharedString& british_id, int* event) {
  const SharedString& tid = tray_id;
  Unit* t = s_.FindUnit(tid);
  // Zulus Charging A Retiring Unit: "Roll 1D6 ... Subtract 1 from the die
  // roll if the tray is pinned."
  ChargeRetiringInput in;
  in.pinned = t->status.pinned;
  in.induna_with_stand = IndunaWith(*t);
  RallySituation situation = RallySituation::kNotShotAt;
  if (UnitOf(s_, t->id).under_artillery || UnitOf(s_, t->id).losses_this_turn > 0) {
    situation = RallySituation::kArtilleryOrCasualties;
  } else if (UnitOf(s_, t->id).figures_fired_at > 0) {
    situation = RallySituation::kSmallArmsNoCasualties;
  }
  in.needs_one_to_rally = t->status.pinned && NeedsOneToRally(situation);
  Explanation why;
  const bool charge = ZuluChargeRetiring(dice_, in, WhyFor(why));
  if (event != nullptr) *event = static_cast<int>(log_.size());
  if (Explain()) {
    Event& e = LogWhy(EventKind::kStandTest, Side::kZulu, why);
    e.unit_ids = {tid};
    e.target_id = british_id;
  }
  if (!charge) return absl::OkStatus();
  // "The Zulu tray(s) then determine their movement distance": the tray's
  // movement rate for the turn: 2D6, or 1D6 on the first turn (Special Zulu
  // Moves: "On the first turn, Zulu regiments get only 1D6 for movement").
  Explanation mv;
  double dist = MovementRate(
      dice_, s_.clock.turn <= 1 ? Mover::kZuluRegimentFirstTurn : Mover::kZuluRegiment, &mv);
  t = s_.FindUnit(tid);
  const Unit* b = s_.FindUnit(british_id);
  const Vec2 start = t->position;
  const Stance stance = t->stance;
  if (t->stance == Stance::kProne) {
    dist -= kStanceCost;
    t->stance = Stance::kUpright;
  }
  const bool was_in_donga = InDonga(start);
  std::vector<Vec2> path = MoveUnit(
      *t, b->position, dist, Radius(*t) + Radius(*b) + kContactGap / 2, kContactGap / 2, true);
  t = s_.FindUnit(tid);
  b = s_.FindUnit(british_id);
  const bool engaged = Engaged(*t, *b);
  mv.rule.section = kSectionChargeRetiring;
  mv.rule.table = kTableChargeRetiring;
  if (engaged) {
    mv.text = absl::StrCat(mv.text, " ", tid.str(), " charges ", british_id.str(), " and makes contact.");
    Event& m = LogWhy(EventKind::kCharged, Side::kZulu, mv);
    m.unit_ids = {tid};
    m.target_id = british_id;
    m.path = path;
    // "If the Zulus contact the British unit at this point then a close
    // combat occurs. The British will not get to fire before this combat."
    IMPI_RETURN_IF_ERROR(CloseCombatFight(tid, british_id, was_in_donga && !InDonga(t->position),
                                          false, "charging a retiring unit"));
  } else {
    // "If the Zulus fail to make contact they are returned to the spot
    // where they started".
    t->position = start;
    t->stance = stance;
    mv.text = absl::StrCat(mv.text, " ", tid.str(), " falls short of ", british_id.str(),
                           " and goes back to where it started.");
    Event& m = LogWhy(EventKind::kMoved, Side::kZulu, mv);
    m.unit_ids = {tid};
    m.target_id = british_id;
  }
  return absl::OkStatus();
}

}  // namespace impi::ferree
