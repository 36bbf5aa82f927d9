// engine/rulesets/ferree/field.cc: terrain, footprints and room on the table
// (docs/ferree-engine.md, "Footprints"; 001 "Crossing the laager").
#include "engine/rulesets/ferree/field.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

// One Ground a thread for the battles that run on it, one after another (a
// battle nested in another makes its own).
thread_local std::unique_ptr<Ground> spare_ground;

constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr double kOnLine = 0.05;  // designed: a tray this close to the laager is on it

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

Field::Field(const BattleState& state) : s_(state), ground_(std::move(spare_ground)) {
  if (ground_ == nullptr) ground_ = std::make_unique<Ground>();
}

Field::~Field() {
  if (spare_ground == nullptr) spare_ground = std::move(ground_);
}

// The indices of the British units, in unit order: a Zulu tray's tests
// against "any British unit" read these few instead of every unit. Indices,
// not pointers: a fight between the tests may give the units new storage.
// (A side never changes; runners come and go only in the British turn.)
absl::InlinedVector<int, 64> BritishIndices(const BattleState& s) {
  absl::InlinedVector<int, 64> out;
  if (const Roster* ro = RosterOf(s)) {
    out.assign(ro->british.begin(), ro->british.end());
    return out;
  }
  const Unit* const units = s.units.data();
  const size_t n = s.units.size();
  for (size_t i = 0; i < n; ++i) {
    if (units[i].side == Side::kBritish) out.push_back(static_cast<int>(i));
  }
  return out;
}

// Of `british` (BritishIndices), those that could be in contact or engaged
// with one of `trays`: a British unit further from the box round the trays'
// centres, on an axis, than both radii and the laager's reach (with a
// margin far above rounding) fails NearEnoughToEngage with every tray.
namespace {

// The box round the trays' centres, and their widest footprint.
struct TraysBox {
  Vec2 lo, hi;
  double widest = 0;
};

TraysBox BoxOf(absl::Span<const Unit* const> trays) {
  TraysBox box{trays[0]->position, trays[0]->position, 0.0};
  for (const Unit* t : trays) {
    box.lo = box.lo.cwiseMin(t->position);
    box.hi = box.hi.cwiseMax(t->position);
    box.widest = std::max(box.widest, Radius(*t));
  }
  return box;
}

// Whether British unit b is within the reach of the box (BritishNearTrays).
// (A unit beyond the reach of the largest footprint is beyond its own: it
// is put aside before its radius is read.)
inline bool NearBox(const TraysBox& box, const Unit& b) {
  const double widest = box.widest + kLargestRadius + kLaagerReach + kContactGap + 0.2 + 1e-3;
  if (b.position.x() < box.lo.x() - widest || b.position.x() > box.hi.x() + widest ||
      b.position.y() < box.lo.y() - widest || b.position.y() > box.hi.y() + widest) {
    return false;
  }
  const double reach = box.widest + Radius(b) + kLaagerReach + kContactGap + 0.2 + 1e-3;
  return !(b.position.x() < box.lo.x() - reach || b.position.x() > box.hi.x() + reach ||
           b.position.y() < box.lo.y() - reach || b.position.y() > box.hi.y() + reach);
}

}  // namespace

absl::InlinedVector<int, 64> BritishNearTrays(const BattleState& s, absl::Span<const int> british,
                                              absl::Span<const Unit* const> trays) {
  absl::InlinedVector<int, 64> out;
  if (trays.empty()) return out;
  const TraysBox box = BoxOf(trays);
  for (const int j : british) {
    if (NearBox(box, s.units[j])) out.push_back(j);
  }
  return out;
}

absl::InlinedVector<int, 64> BritishNearTrays(const BattleState& s,
                                              absl::Span<const Unit* const> trays) {
  absl::InlinedVector<int, 64> out;
  if (trays.empty()) return out;
  const TraysBox box = BoxOf(trays);
  const Unit* const units = s.units.data();
  if (const Roster* ro = RosterOf(s)) {
    for (const int i : ro->british) {
      if (NearBox(box, units[i])) out.push_back(i);
    }
    return out;
  }
  const size_t n = s.units.size();
  for (size_t i = 0; i < n; ++i) {
    if (units[i].side == Side::kBritish && NearBox(box, units[i])) out.push_back(static_cast<int>(i));
  }
  return out;
}

bool InContactWithAny(const BattleState& s, const Unit& t, absl::Span<const int> british) {
  // A unit further off on an axis than NearEnoughToEngage's reach for the
  // largest footprint (with a margin far above rounding) is not near
  // enough: put aside first.
  const double far = Radius(t) + kLargestRadius + kLaagerReach + kContactGap + 0.2 + 1e-3;
  for (const int j : british) {
    const Unit& b = s.units[j];
    if (std::abs(b.position.x() - t.position.x()) > far ||
        std::abs(b.position.y() - t.position.y()) > far) {
      continue;
    }
    if (Alive(b) && b.figures.Present() > 0 && NearEnoughToEngage(t, b) && InContact(t, b)) {
      return true;
    }
  }
  return false;
}

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

std::shared_ptr<const Field::TerrainCache> Field::DeriveTerrain(
    const std::vector<Terrain>& terrain) {
  auto derived = std::make_shared<TerrainCache>();
  static std::atomic<uint64_t> next_serial{1};
  derived->serial = next_serial.fetch_add(1, std::memory_order_relaxed);
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
      Field::TerrainCache::Area a;
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
  for (const auto& [c, d] : derived->laager_edges) {
    derived->laager_lo = derived->laager_lo.cwiseMin(c).cwiseMin(d);
    derived->laager_hi = derived->laager_hi.cwiseMax(c).cwiseMax(d);
  }
  if (!derived->laager_edges.empty()) {
    derived->laager_lo -= Vec2(1e-3, 1e-3);
    derived->laager_hi += Vec2(1e-3, 1e-3);
  }
  return derived;
}

namespace {

// Whether DeriveTerrain reads the same of `a` as of `b` (what it derives
// depends on these fields alone).
bool SameGround(const std::vector<Terrain>& a, const std::vector<Terrain>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const Terrain& x = a[i];
    const Terrain& y = b[i];
    if (x.kind != y.kind || x.open != y.open || x.impassable != y.impassable ||
        x.blocks_los != y.blocks_los || x.outline.size() != y.outline.size()) {
      return false;
    }
    for (size_t k = 0; k < x.outline.size(); ++k) {
      if (x.outline[k].x() != y.outline[k].x() || x.outline[k].y() != y.outline[k].y()) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

const Field::TerrainCache& Field::TerrainDerivedAnew() const {
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
  if (terrain_ == nullptr && shared != nullptr) {
    // A list this thread derived before, held anew (a game's camp breaks
    // down into the same ground each time): what was derived from it, with
    // the path samples worked out round it, serves as it is.
    for (Recent& r : recent) {
      if (r.derived != nullptr && r.terrain != nullptr && SameGround(*r.terrain, *shared)) {
        r.terrain = shared;
        terrain_ = r.derived;
        break;
      }
    }
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

const std::vector<Obstacle>& Field::Impassable() const { return TerrainDerived().impassable; }

const BlockerSet& Field::SightBlockers(const std::string& except_regiment) const {
  (void)except_regiment;
  return TerrainDerived().sight;
}

namespace {

// The thread's memory of sight lines (Field::Sight): a direct-mapped table
// of the last line judged at each slot, over which terrain, and its answer.
struct SightLine {
  uint64_t serial = 0;  // 0: empty (serials start at 1)
  Vec2 a = Vec2::Zero();
  Vec2 b = Vec2::Zero();
  bool clear = false;
};
constexpr size_t kSightSlots = size_t{1} << 14;

uint64_t Bits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

size_t SightSlot(uint64_t serial, const Vec2& a, const Vec2& b) {
  uint64_t h = serial * 0x9E3779B97F4A7C15ull;
  for (const double x : {a.x(), a.y(), b.x(), b.y()}) h = (h ^ Bits(x)) * 0xBF58476D1CE4E5B9ull;
  return static_cast<size_t>(h >> 50) & (kSightSlots - 1);
}

SightLine* SightLines() {
  thread_local std::unique_ptr<SightLine[]> lines(new SightLine[kSightSlots]);
  return lines.get();
}

}  // namespace

Field::Sight::Sight(const Field& field, const Vec2& viewer)
    : blockers_(field.TerrainDerived().sight),
      serial_(field.TerrainDerived().serial),
      a_(viewer),
      inside_(blockers_.obstacles().size(), -1) {}

bool Field::Sight::Clear(const Vec2& b) const {
  SightLine& line = SightLines()[SightSlot(serial_, a_, b)];
  // Exact equality of the ends (bit for bit but for the sign of zero, which
  // changes no answer): the same line.
  if (line.serial == serial_ && line.a.x() == a_.x() && line.a.y() == a_.y() &&
      line.b.x() == b.x() && line.b.y() == b.y()) {
    return line.clear;
  }
  // Not remembered: judged line by line (no viewer is made, so nothing is
  // allocated).
  line = SightLine{serial_, a_, b, blockers_.Clear(a_, b, absl::MakeSpan(inside_))};
  return line.clear;
}

const std::vector<std::pair<Vec2, Vec2>>& Field::LaagerEdges() const {
  return TerrainDerived().laager_edges;
}

bool Field::InDonga(const Vec2& p) const {
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

bool Field::InTent(const Vec2& p) const {
  for (const TerrainCache::Area& t : TerrainDerived().tents) {
    if (!t.Outside(p) && PointInPolygon(p, t.outline)) return true;
  }
  return false;
}

bool Field::InCover(const Unit& target, const Unit& firer) const {
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

bool Field::IndunaWith(const Unit& tray) const {
  return AnyOf(s_, kIndunas, [&](const Unit& u) {
    return !u.off_table && u.figures.fit + u.figures.wounded > 0 && InContact(u, tray);
  });
}

bool Field::OnLaager(const Vec2& p) const {
  return LaagerDistance(LaagerEdges(), p, nullptr) <= kOnLine;
}

bool Field::AcrossLaager(const Vec2& a, const Vec2& b) const {
  for (const auto& [c, d] : LaagerEdges()) {
    if (SegmentCross(a, b, c, d) != kInf) return true;
  }
  return false;
}

bool Field::Engaged(const Unit& x, const Unit& y) const {
  // Both tests are pure: the cheap distance first.
  return InContact(x, y) ||
         (Gap(x, y) <= kLaagerReach + kContactGap + 0.2 && AcrossLaager(x.position, y.position));
}

const Unit* Field::NearestBritish(const Vec2& from) const {
  const Unit* best = nullptr;
  ForEachBritish(s_, [&](const Unit& b) {
    if (!Alive(b) || b.figures.Present() <= 0) return;
    if (best == nullptr || Distance(b.position, from) < Distance(best->position, from)) best = &b;
  });
  return best;
}

const Unit* Field::OwnWagon(const Unit& company) const {
  const Unit* c = &company;
  if (company.kind == UnitKind::kRunner) {
    c = s_.FindUnit(company.parent);
    if (c == nullptr) return nullptr;
  }
  // "line them up ... at the back of the wagon": a WAGON's name says whose
  // it is ("1/24th"); a wagon whose parent is the company is its own too.
  for (const Unit& w : s_.units) {
    if (w.kind != UnitKind::kWagon || w.off_table) continue;
    if (w.parent == c->id ||
        (!w.name.empty() && c->name.str().find(w.name.str()) != std::string::npos)) {
      return &w;
    }
  }
  return nullptr;
}

const Ground& Field::GroundNow() const {
  // Within a search of free spots nothing moves: one Sync serves it.
  if (ground_held_ == 0) ground_->Sync(s_);
  return *ground_;
}

Field::HoldGround::HoldGround(const Field& f) : f_(f) {
  if (f_.ground_held_++ == 0) f_.ground_->Sync(f_.s_);
}

Field::HoldGround::~HoldGround() { --f_.ground_held_; }

namespace {

// What a spot's candidates must reach beyond the spot, on an axis: the
// mover's footprint (at most the largest), the stand-off or the contact
// (the larger is kStandOff), and the other unit's footprint, with a margin
// far above rounding.
constexpr double kCandidateMargin =
    kLargestRadius + kStandOff + kLargestRadius + kContactGap + 1e-3;

// HasFootprint (ground.cc), inline for the passes over every unit.
inline bool Footprinted(const Unit& u) {
  return u.kind != UnitKind::kRegiment && Alive(u) && std::isfinite(u.position.x()) &&
         std::isfinite(u.position.y());
}

// Appends to `out` the units with a footprint whose centre lies in the box
// [lo, hi], ascending, and each also to `of_side`'s list for its side
// (kBritish, kZulu: 0, 1).
void FootprintsIn(const BattleState& s, const Vec2& lo, const Vec2& hi, std::vector<int>* out,
                  std::vector<int>* of_side) {
  const Unit* const units = s.units.data();
  const size_t n = s.units.size();
  for (size_t j = 0; j < n; ++j) {
    const Unit& e = units[j];
    if (e.position.x() < lo.x() || e.position.x() > hi.x() || e.position.y() < lo.y() ||
        e.position.y() > hi.y() || !Footprinted(e)) {
      continue;
    }
    out->push_back(static_cast<int>(j));
    if (e.side == Side::kBritish) {
      of_side[0].push_back(static_cast<int>(j));
    } else if (e.side == Side::kZulu) {
      of_side[1].push_back(static_cast<int>(j));
    }
  }
}

}  // namespace

Field::CandidateScope::CandidateScope(const Field& f, absl::Span<const Vec2> starts, double reach)
    : f_(f) {
  thread_local std::vector<int> candidates;
  thread_local std::vector<int> of_side[2];
  candidates.clear();
  of_side[0].clear();
  of_side[1].clear();
  if (!starts.empty()) {
    const double spread = reach + 1e-9 + kCandidateMargin;
    Vec2 lo = starts[0], hi = starts[0];
    for (const Vec2& p : starts) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    FootprintsIn(f.s_, lo - Vec2(spread, spread), hi + Vec2(spread, spread), &candidates,
                 of_side);
  }
  f_.candidates_ = &candidates;
  f_.candidates_of_[0] = &of_side[0];
  f_.candidates_of_[1] = &of_side[1];
}

Field::CandidateScope::~CandidateScope() {
  f_.candidates_ = nullptr;
  f_.candidates_of_[0] = f_.candidates_of_[1] = nullptr;
}

void Field::GroundTouch(const Unit& u) const {
  if (ground_held_ > 0 && !s_.units.empty() && &u >= &s_.units.front() && &u <= &s_.units.back()) {
    ground_->Touch(static_cast<int>(&u - s_.units.data()), u);
  }
}

bool Field::RoomFor(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
                    bool may_contact) const {
  if (candidates_ != nullptr) {
    // RoomAmong over NearFor's units, judged as the pass over Settle's
    // candidates reaches each (the answer is the same in any order: the
    // first that bars the spot ends it).
    if (!RoomAmong(u, p, reserved, may_contact, {})) return false;
    const double box = Radius(u) + kStandOff + kLargestRadius + 1e-6;
    const Unit* const units = s_.units.data();
    for (const int j : *candidates_) {
      const Vec2& c = units[j].position;
      if (std::abs(c.x() - p.x()) > box || std::abs(c.y() - p.y()) > box) continue;
      if (Bars(u, p, units[j], may_contact)) return false;
    }
    return true;
  }
  thread_local IndexScratch scratch;
  Borrowed borrowed(scratch);
  std::vector<int>& near = borrowed.list();
  NearFor(p, Radius(u) + kStandOff, &near);
  return RoomAmong(u, p, reserved, may_contact, near);
}

void Field::NearFor(const Vec2& p, double reach, std::vector<int>* out) const {
  if (candidates_ == nullptr) {
    GroundNow().NearAnyOrder(p, reach, out);
    return;
  }
  // A footprint within `reach` of p has its centre within reach and the
  // largest radius of it on each axis (with a margin far above rounding).
  out->clear();
  const double box = reach + kLargestRadius + 1e-6;
  for (const int j : *candidates_) {
    const Vec2& c = s_.units[static_cast<size_t>(j)].position;
    if (std::abs(c.x() - p.x()) <= box && std::abs(c.y() - p.y()) <= box) out->push_back(j);
  }
}

inline bool Field::Bars(const Unit& u, const Vec2& p, const Unit& e, bool may_contact) const {
  if (&e == &u) return false;
  // Designed: the wagon park is ground the Zulus run through; a Zulu may
  // stand among (over) the wagons, a British unit may not.
  if (u.side == Side::kZulu && e.kind == UnitKind::kWagon) return false;
  const double gap = Distance(p, e.position) - Radius(u) - Radius(e);
  if (gap < -kOverlapSlack) return true;
  // The stand-off is between units of men: not a wagon.
  // A lone British figure (a runner, the surgeon) keeps no stand-off
  // (designed): the Zulus may close on him.
  const Side other = u.side == Side::kZulu ? Side::kBritish : Side::kZulu;
  if (e.side != other || gap >= kStandOff - 1e-9 || e.figures.Present() <= 0 ||
      u.figures.Present() <= 0 || LoneFigure(e) || LoneFigure(u)) {
    return false;
  }
  const bool engaged = gap <= kContactGap + 1e-9 ||
                       (gap <= kLaagerReach + kContactGap + 0.2 && AcrossLaager(p, e.position));
  return !(may_contact && engaged);
}

bool Field::RoomAmong(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
                      bool may_contact, const std::vector<int>& near, int* blocker) const {
  const double r = Radius(u);
  const TableGeometry& t = s_.table;
  if (t.width > 0 && t.height > 0 &&
      (p.x() < r || p.y() < r || p.x() > t.width - r || p.y() > t.height - r)) {
    return false;
  }
  auto bars = [&](const Unit& e) { return Bars(u, p, e, may_contact); };
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

void Field::DiscsNear(const Unit& u, const Vec2& p, double reach, std::vector<int>* near,
                      std::vector<NearDisc>* out) const {
  out->clear();
  const Side other = u.side == Side::kZulu ? Side::kBritish : Side::kZulu;
  const bool u_stands_off = u.figures.Present() > 0 && !LoneFigure(u);
  const bool zulu = u.side == Side::kZulu;
  const Unit* const units = s_.units.data();
  // A unit as a disc, if it could bar a spot (RoomAmong's `bars`: never the
  // unit itself, nor a wagon for a Zulu).
  const double ru = Radius(u);
  auto add = [&](const Unit& e) {
    if (&e == &u || (zulu && e.kind == UnitKind::kWagon)) return;
    const double re = Radius(e);
    const bool stand_off =
        u_stands_off && e.side == other && e.figures.Present() > 0 && !LoneFigure(e);
    const double clear = ru + re + (stand_off ? kStandOff : 0.0) + 1e-6;
    out->push_back({e.position, re, stand_off, clear * clear});
  };
  if (candidates_ == nullptr) {
    NearFor(p, reach, near);
    for (const int j : *near) add(units[j]);
    return;
  }
  // NearFor's box over the candidates, each added as the pass reaches it.
  const double box = reach + kLargestRadius + 1e-6;
  for (const int j : *candidates_) {
    const Vec2& c = units[j].position;
    if (std::abs(c.x() - p.x()) > box || std::abs(c.y() - p.y()) > box) continue;
    add(units[j]);
  }
}

int Field::RoomAmongDiscs(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
                          bool may_contact, const std::vector<NearDisc>& discs, int first,
                          int second) const {
  const double r = Radius(u);
  const TableGeometry& t = s_.table;
  if (t.width > 0 && t.height > 0 &&
      (p.x() < r || p.y() < r || p.x() > t.width - r || p.y() > t.height - r)) {
    return kBarredOtherwise;
  }
  // RoomAmong's `bars`, over a disc (a spot beyond its clear distance is
  // put aside first, with no root taken).
  auto bars = [&](const NearDisc& e) {
    const double d2 = (p - e.centre).squaredNorm();
    if (d2 > e.clear_sq) return false;
    const double gap = std::sqrt(d2) - r - e.radius;
    if (gap < -kOverlapSlack) return true;
    if (!e.stand_off || gap >= kStandOff - 1e-9) return false;
    const bool engaged = gap <= kContactGap + 1e-9 ||
                         (gap <= kLaagerReach + kContactGap + 0.2 && AcrossLaager(p, e.centre));
    return !(may_contact && engaged);
  };
  // (Every test is of the spot alone: the answer is the same in any order.)
  if (first >= 0 && bars(discs[static_cast<size_t>(first)])) return first;
  if (second >= 0 && bars(discs[static_cast<size_t>(second)])) return second;
  for (const Obstacle& o : Impassable()) {
    if (InsidePolygon(p, o)) return kBarredOtherwise;
  }
  for (const Vec2& q : reserved) {
    if (Distance(p, q) < 2 * r - kOverlapSlack) return kBarredOtherwise;
  }
  // (`first` and `second` are judged again: they bar nothing here.)
  const int n = static_cast<int>(discs.size());
  for (int i = 0; i < n; ++i) {
    if (bars(discs[static_cast<size_t>(i)])) return i;
  }
  return kRoom;
}

bool Field::FreeSpot(const Unit& u, const Vec2& centre, double first_ring, const Vec2& from,
                     bool may_contact, const std::vector<Vec2>& reserved, Vec2* spot,
                     absl::FunctionRef<bool(const Vec2&)> also, double max_from,
                     bool centre_full) const {
  // (Under Settle's candidates the ground is not needed.)
  std::optional<HoldGround> hold;
  if (candidates_ == nullptr) hold.emplace(*this);
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
  // The ring's units as discs (NearDiscs); a FreeSpot nests none.
  thread_local std::vector<NearDisc> discs;
  // The spots of a ring alternate sides of the direction to `from` (Turns):
  // the disc that barred the last spot tried on each side (an index into
  // `discs`, -1 if none), judged first for the next spot on that side and
  // then the other's (a footprint bars a few neighbouring spots). A new
  // query copies them to its list's end.
  int barred_by[2] = {-1, -1};
  // The last ring the discs serve: one query serves two rings (most calls
  // end on the first or second ring tried; a unit near the outer ring bars
  // no spot on the inner one, and RoomAmongDiscs judges each disc exactly).
  int listed_through = -1;
  for (int k = 0; k <= kRings; ++k) {
    const double rho = first_ring + k * pitch;
    auto room = [&](const Vec2& q, bool contact, int side) {
      if (k > listed_through) {
        listed_through = std::min(k + 1, kRings);
        const double outer = first_ring + listed_through * pitch;
        NearDisc kept[2];
        for (int j = 0; j < 2; ++j) {
          if (barred_by[j] >= 0) kept[j] = discs[static_cast<size_t>(barred_by[j])];
        }
        DiscsNear(u, centre, std::max(outer, 0.0) + r + kStandOff + 1e-6, &near, &discs);
        // (A disc twice does no harm.)
        for (int j = 0; j < 2; ++j) {
          if (barred_by[j] < 0) continue;
          discs.push_back(kept[j]);
          barred_by[j] = static_cast<int>(discs.size()) - 1;
        }
      }
      const int barred =
          RoomAmongDiscs(u, q, reserved, contact, discs, barred_by[side], barred_by[1 - side]);
      if (barred == kRoom) return true;
      if (barred >= 0) barred_by[side] = barred;
      return false;
    };
    if (rho <= 1e-9) {
      if (!centre_full && Distance(from, centre) <= max_from && also(centre) &&
          room(centre, may_contact, 0)) {
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
      if (also(q) && room(q, may_contact && k == 0, i % 2)) {
        *spot = q;
        return true;
      }
    }
  }
  return false;
}

Vec2 Field::Settle(const Unit& u, const std::vector<Vec2>& walked, double reach,
                   bool may_contact) const {
  const Vec2 start = walked.front(), end = walked.back();
  // Whether RoomAmong has already judged `end` (it found no room there).
  bool judged = false;
  // The units that could bar a spot tried below, when the ground is not
  // held: every spot is on the path walked (its end, the walk back along
  // it) or within `reach` of the start (the spots `reachable` accepts), so
  // a unit whose centre is further from the box round those on an axis
  // than the largest stand-off or contact and both radii bars none (nor
  // touches the end). Read off the units in one pass, instead of bringing
  // the ground up to date.
  // (Under a CandidateScope they are gathered already.)
  thread_local std::vector<int> candidates;
  std::optional<HoldGround> hold;
  struct Reset {
    const Field* f = nullptr;
    ~Reset() {
      if (f != nullptr) f->candidates_ = nullptr;
    }
  } reset;
  if (ground_held_ == 0 && candidates_ == nullptr) {
    const double margin = kCandidateMargin;
    const Vec2 spread(reach + 1e-9 + margin, reach + 1e-9 + margin);
    Vec2 lo = start - spread, hi = start + spread;
    for (const Vec2& p : walked) {
      lo = lo.cwiseMin(p - Vec2(margin, margin));
      hi = hi.cwiseMax(p + Vec2(margin, margin));
    }
    // Most such moves end where there is room: judged among the units a
    // box round the end holds (every unit Ground::Near would list, and a
    // few more that RoomAmong passes over; the box lies within the one
    // above, whose units the same pass lists).
    const double near_reach = Radius(u) + kStandOff + kLargestRadius + 1e-6;
    thread_local IndexScratch scratch;
    Borrowed borrowed(scratch);
    std::vector<int>& near = borrowed.list();
    candidates.clear();
    const Unit* const units = s_.units.data();
    const size_t n = s_.units.size();
    const double x = end.x(), y = end.y();
    for (size_t j = 0; j < n; ++j) {
      const Unit& e = units[j];
      const Vec2& c = e.position;
      if (c.x() < lo.x() || c.x() > hi.x() || c.y() < lo.y() || c.y() > hi.y() ||
          !Footprinted(e)) {
        continue;
      }
      candidates.push_back(static_cast<int>(j));
      if (std::abs(c.x() - x) <= near_reach && std::abs(c.y() - y) <= near_reach) {
        near.push_back(static_cast<int>(j));
      }
    }
    if (RoomAmong(u, end, {}, may_contact, near)) return end;
    judged = true;
    candidates_ = &candidates;
    reset.f = this;
  } else if (candidates_ == nullptr) {
    hold.emplace(*this);
  }
  // (The units in the box are all those RoomFor would list: its answer
  // would be the same.)
  if (!judged && RoomFor(u, end, {}, may_contact)) return end;
  const auto& edges = LaagerEdges();
  // A spot the mover could have reached from its start: within its
  // allowance, and not over the laager or the thornbush from where its move
  // ended.
  const TerrainCache& terrain = TerrainDerived();
  auto reachable = [&](const Vec2& q) {
    if (Distance(start, q) > reach + 1e-9) return false;
    // A line apart from the box round the edges crosses none.
    if (terrain.ApartFromLaager(end, q)) return true;
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
    thread_local IndexScratch scratch;
    Borrowed borrowed(scratch);
    std::vector<int>& near = borrowed.list();
    if (candidates_ != nullptr) {
      // NearFor's units, of the other side with figures alone (the loop
      // below passes over the rest): under a CandidateScope, off its list
      // of the other side's.
      const double box = Radius(u) + kContactGap + 1e-6 + kLargestRadius + 1e-6;
      const Unit* const units = s_.units.data();
      const std::vector<int>* of_other = ScopeCandidatesOf(other);
      for (const int j : of_other != nullptr ? *of_other : *candidates_) {
        const Unit& e = units[j];
        if (e.side != other || std::abs(e.position.x() - end.x()) > box ||
            std::abs(e.position.y() - end.y()) > box || e.figures.Present() <= 0) {
          continue;
        }
        near.push_back(j);
      }
    } else {
      GroundNow().Near(end, Radius(u) + kContactGap + 1e-6, &near);
    }
    // A spot further from `end` than the start is and the reach (with a
    // margin far above rounding) is beyond the reach from the start:
    // `reachable` refuses it, so FreeSpot does not try it.
    const double beyond = Distance(start, end) + reach + 1e-6;
    for (const int j : near) {
      const Unit& e = s_.units[j];
      if (e.side != other || e.figures.Present() <= 0 || u.figures.Present() <= 0) continue;
      if (Distance(end, e.position) - Radius(u) - Radius(e) > kContactGap + 1e-9) continue;
      if (FreeSpot(u, e.position, Radius(u) + Radius(e) + kContactGap / 2, end, true, {}, &spot,
                   reachable, beyond)) {
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
  // Else back along the path to where it last had room. Every spot tried
  // lies on the path: the units that could bar any of them (RoomFor's, for
  // each) are found once, round the box of the path, and each spot is
  // judged among them (RoomAmong: more do no harm).
  double length = 0;
  for (size_t k = 1; k < walked.size(); ++k) length += Distance(walked[k - 1], walked[k]);
  thread_local IndexScratch path_scratch;
  Borrowed path_borrowed(path_scratch);
  std::vector<int>& path_near = path_borrowed.list();
  bool path_listed = false;
  int path_blocker = -1;
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
    if (!path_listed) {
      Vec2 lo = walked.front(), hi = walked.front();
      for (const Vec2& w : walked) {
        lo = lo.cwiseMin(w);
        hi = hi.cwiseMax(w);
      }
      // (Each spot is within half the box's diagonal of its centre, with a
      // margin far above rounding.)
      NearFor(0.5 * (lo + hi), 0.5 * (hi - lo).norm() + Radius(u) + kStandOff + 1e-6, &path_near);
      path_listed = true;
    }
    // (The unit that barred the spot before is asked first: spots a
    // quarter inch apart are mostly barred by the same one.)
    if (RoomAmong(u, q, {}, false, path_near, &path_blocker)) return q;
  }
  return start;
}

}  // namespace impi::ferree
