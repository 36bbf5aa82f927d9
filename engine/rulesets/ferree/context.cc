// engine/rulesets/ferree/context.cc: the shared context: logging, decision nodes,
// moving a unit on the table, effects of hits.
#include "engine/rulesets/ferree/context.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr double kAtLine = 0.25;  // designed: a tray this close is in contact with it

constexpr double kStopBefore = 0.2;  // designed: where a tray stops in front of the laager

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

}  // namespace

CompanyResolve ResolveOf(const Unit& u) {
  if (u.status.routed) return CompanyResolve::kRout;
  if (u.status.retiring) return CompanyResolve::kRetire;
  return CompanyResolve::kCarryOn;
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

Context::Context(BattleState& state, Dice& dice, EventLog& log)
    : s_(state), dice_(dice), log_(log), field_(state) {}

Event& Context::Scratch() {
  // What Log returns for a quiet log: written and never read, one a thread
  // (not made and unmade with every step's Context).
  thread_local Event scratch;
  scratch = Event{};
  return scratch;
}

Event& Context::Log(EventKind kind, Side side, const std::string& section, const std::string& table,
                    const std::string& row, const std::string& text) {
  if (!Explain()) return Scratch();
  Event& e = log_.Add(kind, side);
  e.why.rule = {kSource, section, table, row, false};
  e.why.text = text;
  e.announce = text;
  return e;
}

Event& Context::LogWhy(EventKind kind, Side side, const Explanation& why) {
  if (!Explain()) return Scratch();
  Event& e = log_.Add(kind, side);
  e.why = why;
  e.announce = why.text;
  return e;
}

bool Context::Suspended() const { return Pending(s_).choice != ZuluChoice::kNone; }

void Context::Suspend(PendingChoice pending) { MutableOwnState(s_).pending = std::move(pending); }

void Context::Recenter(const SharedString& regiment_id) {
  Unit* r = s_.FindUnit(regiment_id);
  if (r == nullptr) return;
  Vec2 c = Vec2::Zero();
  int n = 0;
  // Its trays (TraysOf's, in unit order).
  ForEachTrayOf(s_, r->id, WhichTrays::kEvery, [&](const Unit& t) {
    if (!Alive(t)) return;
    c += t.position;
    ++n;
  });
  if (n > 0) {
    r->position = c / n;
    r->off_table = false;
  }
}

void Context::Recenter(const SharedString& regiment_id, absl::Span<const Unit* const> trays) {
  Unit* r = s_.FindUnit(regiment_id);
  if (r == nullptr) return;
  Vec2 c = Vec2::Zero();
  int n = 0;
  for (const Unit* t : trays) {
    if (!Alive(*t)) continue;
    c += t->position;
    ++n;
  }
  if (n > 0) {
    r->position = c / n;
    r->off_table = false;
  }
}

void Context::PlaceOnFreeGround(Unit& u, const Vec2& want) {
  Vec2 spot = want;
  if (field_.FreeSpot(u, want, 0.0, want, /*may_contact=*/false, {}, &spot))
    u.position = spot;
  else
    u.position = want;
}

const std::vector<Vec2>& Context::MoveUnit(Unit& u, const Vec2& goal, double allowance,
                                           double stop_short, double enemy_gap, bool stop_at_laager) {
  const Vec2 start = u.position;
  // The walk and the path, kept between moves on a thread (a move nests no
  // other): a warm move allocates nothing.
  thread_local std::vector<Vec2> walked;
  thread_local Path p;
  walked.clear();
  walked.push_back(start);
  if (!(allowance > 0)) return walked;
  const Field::TerrainCache& terrain = field_.TerrainDerived();
  PathTowards(start, goal, allowance, terrain.impassable, Turn::kLeft, stop_short, 0.5,
              &terrain.path_samples, &p);
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
    // The other side's units: under a regiment's CandidateScope its
    // candidates of that side (the path lies within the mover's allowance
    // of its start, so a unit it could enter is among them); else off the
    // roster (the British; or the Zulu figures: a regiment stops nobody),
    // or every unit. (The cut is the least over them: their order does
    // not matter.)
    const Roster* ro = RosterOf(s_);
    const std::vector<int>* listed = field_.ScopeCandidatesOf(other);
    if (listed == nullptr && ro != nullptr) {
      listed = other == Side::kBritish ? &ro->british : &ro->zulu_figures;
    }
    ForEachListed(
        s_, listed, [other](const Unit& e) { return e.side == other; },
        [&](const Unit& e) {
          if (e.side != other || e.position.x() < wide_lo.x() || e.position.x() > wide_hi.x() ||
              e.position.y() < wide_lo.y() || e.position.y() > wide_hi.y()) {
            return;
          }
          if (!Alive(e) || e.kind == UnitKind::kRegiment || e.figures.Present() <= 0) return;
          const double r = Radius(u) + Radius(e) + enemy_gap;
          const double reach = r + kBoxMargin;
          if (e.position.x() < lo.x() - reach || e.position.x() > hi.x() + reach ||
              e.position.y() < lo.y() - reach || e.position.y() > hi.y() + reach) {
            return;
          }
          if (Distance(start, e.position) <= r + 1e-9) return;  // already there
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
        });
  }
  // Crossing the laager: "When a Zulu figure makes contact with the laager,
  // it stops its movement at that point." A tray already at the laager
  // crosses it if it is not defended (it "may move normally next turn").
  if (stop_at_laager) {
    const auto& edges = field_.LaagerEdges();
    // A path whose box is apart from the box round the edges crosses none
    // (nothing below would cut it).
    Vec2 path_lo = pts[0], path_hi = pts[0];
    for (const Vec2& q : pts) {
      path_lo = path_lo.cwiseMin(q);
      path_hi = path_hi.cwiseMax(q);
    }
    if (!edges.empty() && !field_.TerrainDerived().ApartFromLaager(path_lo, path_hi)) {
      const double start_dist = LaagerDistance(edges, start, nullptr);
      const bool at_line = start_dist <= kAtLine;
      thread_local std::vector<std::pair<double, Vec2>> crossings;
      crossings.clear();
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
          ForEachBritish(s_, [&](const Unit& b) {
            if (!Alive(b) || b.figures.fit + b.figures.wounded <= 0) return;
            if (Distance(b.position, point) - Radius(b) <= kTrayRadius + kLaagerReach &&
                field_.AcrossLaager(start, b.position)) {
              defended = true;
            }
          });
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
    const Vec2 settled = field_.Settle(u, walked, allowance, enemy_gap >= 0);
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
  field_.GroundTouch(u);
  return walked;
}

void Context::RemoveZuluFigures(Unit& tray, int n) {
  n = std::min(n, tray.figures.fit);
  if (n <= 0) return;
  // "Zulus that are hit are removed from play."
  tray.figures.fit -= n;
  tray.figures.casualties += n;
  if (tray.kind != UnitKind::kTray) return;
  MutableUnitOf(s_, tray).losses_this_turn += n;
  // Pinned Zulus: "If a Zulu movement tray loses 3 or more figures in one
  // turn that tray is pinned."
  if (UnitOf(s_, tray).losses_this_turn >= kPinLosses && !tray.status.pinned &&
      tray.figures.fit > 0) {
    tray.status.pinned = true;
    if (!Explain()) return;
    Event& e =
        Log(EventKind::kMoraleTest, Side::kZulu, kSectionPinned, "", "",
            absl::StrCat(tray.id.str(), " has lost ", UnitOf(s_, tray).losses_this_turn,
                         " figures since its last turn: it is pinned."));
    e.unit_ids = {tray.id};
  }
}

void Context::EffectsOfHits(Unit& u, int hits, const std::string& cause, Explanation* why) {
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

}  // namespace impi::ferree
