// engine/rulesets/ferree/field.h: the table as Ferree's procedure reads it.
//
// Overview: read-only queries over one BattleState's ground: the terrain
// derived for movement, sight and cover (impassable ground, dongas, tent
// lines, the laager's and the thornbush's edges; 001 "Crossing the laager",
// "Cover"), who is engaged with whom, footprints and where a unit has room
// (docs/ferree-engine.md, "Footprints"), and the laager geometry the
// procedure's moves and close combat share. Nothing here changes the state:
// the footprint index (Ground) and the derived terrain are caches.
//
// Usage:
//   const Field field(state);
//   if (field.InDonga(tray.position)) ...
//   Vec2 spot;
//   if (field.FreeSpot(u, centre, 0.0, from, false, {}, &spot)) ...
//
// Thread safety: a Field reads the state it is given and keeps per-thread
// caches; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_FIELD_H_
#define IMPI_ENGINE_RULESETS_FERREE_FIELD_H_

#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/functional/function_ref.h"
#include "absl/types/span.h"
#include "engine/core/battle_state.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/ground.h"
#include "engine/rulesets/ferree/state.h"

namespace impi::ferree {

// The British units' indices in `s.units` (on the table, with figures), and
// of those the ones within reach of a Zulu tray: the few a regiment's move
// or its trays' fights need to look at.
// The indices of the British units, in unit order: a Zulu tray's tests
// against "any British unit" read these few instead of every unit. Indices,
// not pointers: a fight between the tests may give the units new storage.
// (A side never changes; runners come and go only in the British turn.)
absl::InlinedVector<int, 64> BritishIndices(const BattleState& s);
// Of `british` (BritishIndices), those that could be in contact or engaged
// with one of `trays`: a British unit further from the box round the trays'
// centres, on an axis, than both radii and the laager's reach (with a
// margin far above rounding) fails NearEnoughToEngage with every tray.
absl::InlinedVector<int, 64> BritishNearTrays(const BattleState& s, absl::Span<const int> british,
                                              absl::Span<const Unit* const> trays);
// The same of every British unit, in one pass over the units (without
// listing BritishIndices first).
absl::InlinedVector<int, 64> BritishNearTrays(const BattleState& s,
                                              absl::Span<const Unit* const> trays);

// Whether tray `t` is in base contact with one of `british` (indices into
// s.units, as BritishNearTrays lists them) that has figures present.
bool InContactWithAny(const BattleState& s, const Unit& t, absl::Span<const int> british);

// Laager geometry (001 "Crossing the laager"): the cross product of two
// vectors, a point's distance to a segment and the segment's point nearest
// it, where segment a-b first crosses c-d (as a share of a-b), and a point's
// distance to the nearest edge of the laager (the nearest point on it in
// `*on`).
double Cross2(const Vec2& a, const Vec2& b);
double PointSegment(const Vec2& p, const Vec2& a, const Vec2& b);
Vec2 ClosestOnSegment(const Vec2& p, const Vec2& a, const Vec2& b);
// The parameter t in [0,1] along a->b where it crosses c-d, or kInf.
double SegmentCross(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d);
double LaagerDistance(const std::vector<std::pair<Vec2, Vec2>>& edges, const Vec2& p,
                      Vec2* nearest);

class Field {
 public:
  // Borrows the thread's spare footprint index (given back on destruction),
  // so that the battles of a playout build it once.
  explicit Field(const BattleState& state);
  ~Field();
  Field(const Field&) = delete;
  Field& operator=(const Field&) = delete;

  bool InCover(const Unit& target, const Unit& firer) const;
  bool InDonga(const Vec2& p) const;
  bool InTent(const Vec2& p) const;
  bool IndunaWith(const Unit& tray) const;
  bool OnLaager(const Vec2& p) const;
  bool AcrossLaager(const Vec2& a, const Vec2& b) const;
  // x and y fight: in base contact, or across the laager or thornbush within
  // its reach (a line between them crossing it, their gap at most
  // kLaagerReach + kContactGap + 0.2").
  bool Engaged(const Unit& x, const Unit& y) const;
  const Unit* NearestBritish(const Vec2& from) const;
  const Unit* OwnWagon(const Unit& company) const;
  // The impassable terrain, as obstacles for PathTowards.
  const std::vector<Obstacle>& Impassable() const;
  // The terrain that blocks line of sight.
  const BlockerSet& SightBlockers(const std::string& except_regiment) const;
  // Lines of sight over that terrain from one viewer to many targets:
  // Clear(b) answers exactly as SightBlockers("").Clear(viewer, b). The
  // thread remembers its recent answers, keyed by the line's exact ends and
  // the terrain they were judged over (TerrainCache::serial), so a line
  // judged before (the searches of a position play the same first turns
  // again and again) is not judged anew. A fixed table: nothing is
  // allocated once the thread has it, and an answer it forgot is worked out
  // again, the same (BlockerSet::Clear).
  //
  //   const Field::Sight sight(field, firer.position);
  //   for (...) if (sight.Clear(target.position)) ...
  class Sight {
   public:
    Sight(const Field& field, const Vec2& viewer);
    bool Clear(const Vec2& b) const;

   private:
    const BlockerSet& blockers_;
    uint64_t serial_;
    Vec2 a_;
    // Whether the viewer stands inside each blocker, once asked
    // (BlockerSet::Clear's `inside`).
    mutable absl::InlinedVector<signed char, 32> inside_;
  };
  // The laager's and the thornbush's edges (both are crossed alike).
  const std::vector<std::pair<Vec2, Vec2>>& LaagerEdges() const;
  // Footprints (ground.h), up to date with s_.
  const Ground& GroundNow() const;
  // Under a hold (HoldGround), brings the ground up to date with a unit
  // whose footprint changed other than by MoveUnit (it left the table, it
  // fell); nothing otherwise (the next Sync sees it).
  void GroundTouch(const Unit& u) const;
  // Room for `u` at `p` (docs/ferree-engine.md, "Footprints"): on the table,
  // not on impassable terrain, its footprint overlapping no other unit's nor
  // a disc of its own size at any of `reserved`, and not within kStandOff
  // of a unit of men of the other side unless in contact (only if
  // `may_contact`).
  bool RoomFor(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
               bool may_contact) const;
  // As RoomFor, judged against the units `near` (indices into s_.units):
  // it must hold every unit whose footprint comes within Radius(u) +
  // kStandOff of p (more do no harm), so that one query of the ground
  // serves many spots; in any order (the answer is the same).
  // `blocker` (if given): a unit (index into s_.units) that barred an
  // earlier spot nearby, judged first, since it often bars this one too;
  // set to the unit that bars this spot, if one does.
  bool RoomAmong(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved, bool may_contact,
                 const std::vector<int>& near, int* blocker = nullptr) const;
  // The free spot for `u` nearest `from` on rings round `centre`: the first
  // ring `first_ring` inches out (0: `centre` itself), each next one a
  // footprint further, that `also` (if given) accepts; false if none within
  // eight rings. Spots further than `max_from` from `from` are not tried
  // (a caller whose `also` refuses them anyway saves the trying).
  // `centre_full`: the caller knows there is no room at `centre` itself (a
  // first ring of 0 is then passed over).
  bool FreeSpot(const Unit& u, const Vec2& centre, double first_ring, const Vec2& from,
                bool may_contact, const std::vector<Vec2>& reserved, Vec2* spot,
                absl::FunctionRef<bool(const Vec2&)> also = AnySpot,
                double max_from = std::numeric_limits<double>::infinity(),
                bool centre_full = false) const;
  static bool AnySpot(const Vec2&) { return true; }
  // Where a move along `walked` (from u's position) ends on the ground
  // (docs/ferree-engine.md, "Footprints"; designed): its end if there is
  // room for `u` there (RoomFor; in contact with the other side only if
  // `may_contact`); else the free spot in contact with the unit it reached,
  // or the free spot nearest its end, within `reach` of its start and not
  // over the laager; else the last spot on its path with room; else its
  // start.
  Vec2 Settle(const Unit& u, const std::vector<Vec2>& walked, double reach, bool may_contact) const;

  // What the helpers above derive from s_.terrain. Terrain is only ever
  // added or removed whole (the laager, the thornbush), never edited in
  // place. The derived terrain is kept per thread for the last few terrain
  // lists seen, keyed by the shared elements themselves (CowVector::shared:
  // while held they cannot change), so the copies of a state and the
  // FerreeBattles of a playout work it out once; a change in the size or
  // storage of s_.terrain fetches it again.
  struct TerrainCache {
    // Names this derivation for as long as the process runs (never reused:
    // the sight lines remembered over it are keyed by it).
    uint64_t serial = 0;
    std::vector<Obstacle> impassable;
    BlockerSet sight;
    std::vector<std::pair<Vec2, Vec2>> laager_edges;
    // The box round every edge, widened by far more than SegmentCross's
    // slack: a segment apart from it on an axis crosses no edge (empty, lo
    // above hi, with no edges).
    Vec2 laager_lo = Vec2::Constant(std::numeric_limits<double>::infinity());
    Vec2 laager_hi = Vec2::Constant(-std::numeric_limits<double>::infinity());
    bool ApartFromLaager(const Vec2& a, const Vec2& b) const {
      return std::max(a.x(), b.x()) < laager_lo.x() || std::min(a.x(), b.x()) > laager_hi.x() ||
             std::max(a.y(), b.y()) < laager_lo.y() || std::min(a.y(), b.y()) > laager_hi.y();
    }
    // The dongas and the tent lines, each with its box (widened by the
    // reach of its test), so that most points skip the exact test.
    struct Area {
      std::vector<Vec2> outline;
      bool open = false;
      Vec2 lo = Vec2::Zero();
      Vec2 hi = Vec2::Zero();
      bool Outside(const Vec2& p) const {
        return p.x() < lo.x() || p.y() < lo.y() || p.x() > hi.x() || p.y() > hi.y();
      }
    };
    std::vector<Area> dongas;
    std::vector<Area> tents;
    // PathTowards' waypoint candidates round `impassable`, kept between
    // moves. The cache is the deriving thread's alone (see TerrainDerived).
    mutable PathSamples path_samples;
  };
  const TerrainCache& TerrainDerived() const {
    if (terrain_ != nullptr && terrain_data_ == s_.terrain.data() &&
        terrain_size_ == s_.terrain.size()) {
      return *terrain_;
    }
    return TerrainDerivedAnew();
  }

  // While one is held, the settling moves of units that start at `starts`
  // and move at most `reach` inches (on the table; of any footprint) read
  // the units that could bar their spots off a list gathered in one pass
  // over the units, instead of the footprint index (Settle; the answers are
  // the same). Only such moves may change where units stand meanwhile (a
  // regiment's trays moving in turn). Not nested.
  class CandidateScope {
   public:
    CandidateScope(const Field& f, absl::Span<const Vec2> starts, double reach);
    ~CandidateScope();
    CandidateScope(const CandidateScope&) = delete;
    CandidateScope& operator=(const CandidateScope&) = delete;

   private:
    const Field& f_;
  };
  // While a CandidateScope is held, its candidates of `side` (British or
  // Zulu), ascending: every unit of that side with a footprint that comes
  // within the scope's reach, both radii and the stand-off or contact of
  // a mover's start. Else nullptr.
  const std::vector<int>* ScopeCandidatesOf(Side side) const {
    return side == Side::kBritish ? candidates_of_[0]
                                  : (side == Side::kZulu ? candidates_of_[1] : nullptr);
  }

  // While held, the ground is up to date and GroundNow does not Sync it (a
  // search that moves nobody, or a run of moves in which
  // Context::MoveUnit alone changes where units stand: it touches each
  // mover).
  class HoldGround {
   public:
    explicit HoldGround(const Field& f);
    ~HoldGround();
    HoldGround(const HoldGround&) = delete;
    HoldGround& operator=(const HoldGround&) = delete;

   private:
    const Field& f_;
  };

 private:
  // Whether unit `e` bars the spot p for `u` (RoomAmong's test of one unit).
  bool Bars(const Unit& u, const Vec2& p, const Unit& e, bool may_contact) const;
  // A unit near the spots a FreeSpot ring tries, read once for the ring:
  // its footprint, and whether the stand-off from `u` applies to it.
  struct NearDisc {
    Vec2 centre;
    double radius;
    bool stand_off;
    // The squared distance from the centre beyond which a spot for the
    // unit the discs were made for is barred neither by overlap nor by the
    // stand-off: both radii, the stand-off if it keeps one, and a margin
    // far above rounding, squared.
    double clear_sq;
  };
  // The units of NearFor(p, reach) that could bar a spot for `u`
  // (RoomAmong's), as discs, into `out`, in NearFor's order: under Settle's
  // candidates in one pass over them; else `near` holds the units between.
  void DiscsNear(const Unit& u, const Vec2& p, double reach, std::vector<int>* near,
                 std::vector<NearDisc>* out) const;
  // RoomAmong over `discs` (NearDiscs of the same unit): the same answer,
  // as kRoom, or the index of a disc that bars p (`first`, then `second`,
  // judged before the others when not -1: the answer is the same in any
  // order), or kBarredOtherwise (the table's edge, impassable ground, a
  // reserved spot).
  static constexpr int kRoom = -1;
  static constexpr int kBarredOtherwise = -2;
  int RoomAmongDiscs(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
                     bool may_contact, const std::vector<NearDisc>& discs, int first,
                     int second) const;
  // The units whose footprint comes within `reach` of p (and perhaps a few
  // more: callers judge each exactly), ascending: from the ground, or
  // while Settle has gathered its candidates (candidates_), from those.
  void NearFor(const Vec2& p, double reach, std::vector<int>* out) const;
  // TerrainDerived when the terrain list is not the one last derived from.
  const TerrainCache& TerrainDerivedAnew() const;
  static std::shared_ptr<const TerrainCache> DeriveTerrain(const std::vector<Terrain>& terrain);

  const BattleState& s_;
  mutable const Terrain* terrain_data_ = nullptr;
  mutable size_t terrain_size_ = 0;
  mutable std::shared_ptr<const TerrainCache> terrain_;
  // Borrowed from the thread's spare on construction and given back on
  // destruction, so that the battles of a playout build the index once.
  mutable std::unique_ptr<Ground> ground_;
  // While positive, ground_ is up to date and GroundNow does not Sync it
  // (HoldGround: a search that moves nobody, or a run of moves in which
  // MoveUnit alone changes where units stand: it touches each mover).
  mutable int ground_held_ = 0;
  // While Settle works on a state whose ground is not held (nothing moves
  // meanwhile), every unit with a footprint that could bar a spot it may
  // try (ascending), read off the units instead of bringing the ground up
  // to date: its queries (NearFor) filter these.
  mutable const std::vector<int>* candidates_ = nullptr;
  // Under a CandidateScope, its candidates of the British side and of the
  // Zulu side (each ascending), for a search of the other side's units
  // alone (the enemies a move reached); nullptr otherwise.
  mutable const std::vector<int>* candidates_of_[2] = {nullptr, nullptr};
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_FIELD_H_
