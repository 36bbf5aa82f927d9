// engine/rulesets/roarks_drift/search.cc: what a search reads of a game of
// Roark's Drift beside its score: Evaluate and Pivotal. See roarks_drift.h.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"

namespace impi::roarks {
namespace {

using RSide = ::impi::roarks::Side;

// 12.0's rows meet between these counts of British dead: the edge after
// row k (British Smashing 0-20 ... Zulu Great 75-99; 36-38, the row the
// text leaves out, read with British Marginal as VictoryLevel reads it).
constexpr std::array<double, 10> kRowEdges = {20.5, 25.5, 30.5, 35.5, 40.5, 49.5, 54.5, 59.5, 74.5, 99.5};

// The level, 0 (British Smashing) to 10 (Zulu Smashing), of `dead` British
// dead read continuously: k + 0.5 at the edge after row k, linear between
// edges, 0 at no dead and 10 from 100 on.
double ContinuousLevel(double dead) {
  if (dead <= kRowEdges.front()) return 0.5 * dead / kRowEdges.front();
  for (size_t k = 1; k < kRowEdges.size(); ++k) {
    if (dead <= kRowEdges[k]) {
      return (k - 0.5) + (dead - kRowEdges[k - 1]) / (kRowEdges[k] - kRowEdges[k - 1]);
    }
  }
  return std::min(10.0, 9.5 + (dead - kRowEdges.back()) / 1.0);
}

// What the fitting tool weighs (EvaluationFeatures), each about a share in
// [0, 1], for the Zulu side.
constexpr size_t kFeatures = 6;
constexpr std::array<const char*, kFeatures> kFeatureNames = {
    "british_killed", "british_seriously_wounded", "british_killed_x_phases_left",
    "zulu_killed",    "wave_left",                 "phases_left"};

std::array<double, kFeatures> FeaturesOf(const RoarksState& s) {
  int killed = 0, serious = 0;
  for (int u = 0; u < s.size(); ++u) {
    const CounterState& c = s.counters[static_cast<size_t>(u)];
    if (s.specs[static_cast<size_t>(u)].side == RSide::kBritish) {
      if (c.killed) {
        ++killed;
      } else if (c.wound == WoundState::kSerious || c.wound == WoundState::kLightAndSerious) {
        ++serious;
      }
    }
  }
  // 3.7, 9.3.B: the units of this phase's wave still to fight (on the map
  // or still to enter), of the regiments that have not retired.
  int wave_left = 0;
  for (int r = 0; r < kRegiments; ++r) {
    if (s.retired[static_cast<size_t>(r)]) continue;
    wave_left += std::max(0, s.wave[static_cast<size_t>(r)] - s.killed_this_phase[static_cast<size_t>(r)]);
  }
  // The phases still to come after this one (3.0: four).
  const double phases_left = s.stage == Stage::kOver ? 0.0 : (kPhases - s.phase) / double(kPhases - 1);
  return {killed / 100.0,        serious / 100.0,  killed / 100.0 * phases_left,
          s.zulu_killed / 100.0, wave_left / 90.0, phases_left};
}

bool Lists(const std::vector<Action>& orders, const RoarksState& s, bool british) {
  for (const Action& a : orders) {
    const RoarksOrder* o = a.extra.get_if<RoarksOrder>();
    if (o == nullptr) continue;
    switch (o->order) {
      case Order::kOskarberg:
      case Order::kRoofFire:
      case Order::kRoofAlight:
      case Order::kTorch:
        if (!british) return true;
        break;
      case Order::kVolley:
        if (british) return true;
        break;
      case Order::kLineUp: {
        if (!british) break;
        const int u = UnitById(s, a.unit_id.str());
        if (std::none_of(s.volley_lines.begin(), s.volley_lines.end(),
                         [&](const VolleyLine& v) { return v.lieutenant == u; })) {
          return true;
        }
        break;
      }
      default:
        break;
    }
  }
  return false;
}

}  // namespace

double RoarksRuleset::Evaluate(const BattleState& state, impi::Side side) const {
  const RoarksState* s = OwnState(state);
  if (s == nullptr) return 0.0;
  double dead = 0.0;
  for (int u = 0; u < s->size(); ++u) {
    if (s->specs[static_cast<size_t>(u)].side != RSide::kBritish) continue;
    const CounterState& c = s->counters[static_cast<size_t>(u)];
    if (c.killed) {
      dead += 1.0;
    } else if (c.wound == WoundState::kSerious || c.wound == WoundState::kLightAndSerious) {
      dead += 0.5;
    }
  }
  const double zulu = std::clamp((ContinuousLevel(dead) - static_cast<int>(Victory::kDraw)) / 5.0, -1.0, 1.0);
  return side == impi::Side::kZulu ? zulu : -zulu;
}

bool RoarksRuleset::EvaluationFeatures(const BattleState& state, std::vector<double>* values,
                                       std::vector<std::string>* names) const {
  const RoarksState* s = OwnState(state);
  if (s == nullptr) return false;
  if (values != nullptr) {
    const std::array<double, kFeatures> f = FeaturesOf(*s);
    values->assign(f.begin(), f.end());
  }
  if (names != nullptr) names->assign(kFeatureNames.begin(), kFeatureNames.end());
  return true;
}

bool RoarksRuleset::Pivotal(const BattleState& state) const {
  const RoarksState* s = OwnState(state);
  if (s == nullptr || s->stage == Stage::kOver || s->segment_done) return false;
  if (s->stage == Stage::kZuluSetUp) return true;      // 9.2 the entry zones
  if (s->stage != Stage::kPlaying) return false;       // 9.1: one order
  switch (s->segment) {
    case Segment::kEnd:
      return true;  // 9.3.A: end the phase or fight on
    case Segment::kZuluMelee:
      return !s->zulu_melee_done;  // 7.0: spread or massed
    case Segment::kZuluFire:
      return Lists(LegalActions(state, impi::Side::kZulu), *s, false);
    case Segment::kBritishFire:
      return Lists(LegalActions(state, impi::Side::kBritish), *s, true);
    case Segment::kBritishMelee:
      return !s->melee_applied;  // 7.0.G: which Zulu hexes the men attack
    default:
      return false;
  }
}

}  // namespace impi::roarks
