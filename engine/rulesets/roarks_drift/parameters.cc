// The caller's overrides of Roark's Drift's designed charts. See
// parameters.h.
#include "engine/rulesets/roarks_drift/parameters.h"

#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace impi::roarks {
namespace {

// One parameter: its bounds and where its value goes.
struct Slot {
  int lowest;
  int highest;
  std::function<void(RoarksOptions&, int)> set;
};

constexpr const char* kResults[3] = {"light", "serious", "mortal"};

int* ResultOf(ChartColumn& c, int result) {
  return result == 0 ? &c.light_from : result == 1 ? &c.serious_from : &c.mortal_from;
}

// The grounds of the Terrain Effects Chart by their parameter words.
const std::vector<std::pair<const char*, TerrainKind>>& Grounds() {
  static const auto* const grounds = new std::vector<std::pair<const char*, TerrainKind>>{
      {"farm", TerrainKind::kFarm},   {"road", TerrainKind::kRoad},   {"kraal", TerrainKind::kKraal},
      {"hill", TerrainKind::kHill},   {"scrub", TerrainKind::kScrub}, {"donga", TerrainKind::kDonga},
  };
  return *grounds;
}

GroundEffect& GroundOf(RoarksOptions& o, TerrainKind k) {
  return o.terrain.ground.Emplace(k, o.terrain.clear);
}

// Every parameter, by name, in the order of parameters.h.
const std::vector<std::pair<std::string, Slot>>& Slots() {
  static const auto* const slots = [] {
    auto* v = new std::vector<std::pair<std::string, Slot>>();
    for (int n = 0; n < kFireColumns; ++n) {
      for (int r = 0; r < 3; ++r) {
        v->push_back({absl::StrCat("roarks.fire_chart.", n + 1, ".", kResults[r]),
                      {2, 13, [n, r](RoarksOptions& o, int x) { *ResultOf(o.fire_chart[static_cast<size_t>(n)], r) = x; }}});
      }
    }
    for (int c = 0; c < kMeleeColumns; ++c) {
      for (int r = 0; r < 3; ++r) {
        v->push_back({absl::StrCat("roarks.melee_chart.", c + 1, ".", kResults[r]),
                      {2, 13, [c, r](RoarksOptions& o, int x) { *ResultOf(o.melee_chart[static_cast<size_t>(c)], r) = x; }}});
      }
    }
    v->push_back({"roarks.terrain.clear.move", {1, 9, [](RoarksOptions& o, int x) { o.terrain.clear.move_cost = x; }}});
    v->push_back({"roarks.terrain.clear.fire_defense",
                  {1, 20, [](RoarksOptions& o, int x) { o.terrain.clear.fire_defense = x; }}});
    for (const auto& [word, kind] : Grounds()) {
      const TerrainKind k = kind;
      v->push_back({absl::StrCat("roarks.terrain.", word, ".move"),
                    {1, 9, [k](RoarksOptions& o, int x) { GroundOf(o, k).move_cost = x; }}});
      v->push_back({absl::StrCat("roarks.terrain.", word, ".fire_defense"),
                    {1, 20, [k](RoarksOptions& o, int x) { GroundOf(o, k).fire_defense = x; }}});
    }
    const std::pair<const char*, int TerrainChart::*> defenses[] = {
        {"room_fire_defense", &TerrainChart::room_fire_defense},
        {"low_wall_defense", &TerrainChart::low_wall_defense},
        {"high_wall_defense", &TerrainChart::high_wall_defense},
        {"redoubt_defense", &TerrainChart::redoubt_defense},
    };
    for (const auto& [word, member] : defenses) {
      int TerrainChart::*m = member;
      v->push_back({absl::StrCat("roarks.terrain.", word), {1, 20, [m](RoarksOptions& o, int x) { o.terrain.*m = x; }}});
    }
    const std::pair<const char*, int TerrainChart::*> costs[] = {
        {"opening_cost", &TerrainChart::opening_cost},
        {"low_wall_cost", &TerrainChart::low_wall_cost},
        {"high_wall_cost", &TerrainChart::high_wall_cost},
    };
    for (const auto& [word, member] : costs) {
      int TerrainChart::*m = member;
      v->push_back({absl::StrCat("roarks.terrain.", word), {1, 9, [m](RoarksOptions& o, int x) { o.terrain.*m = x; }}});
    }
    v->push_back({"roarks.victory_gap",
                  {0, static_cast<int>(Victory::kZuluSmashing),
                   [](RoarksOptions& o, int x) { o.victory_gap = static_cast<Victory>(x); }}});
    return v;
  }();
  return *slots;
}

const Slot* FindSlot(const std::string& name) {
  static const auto* const by_name = [] {
    auto* m = new std::map<std::string, const Slot*>();
    for (const auto& [n, slot] : Slots()) (*m)[n] = &slot;
    return m;
  }();
  const auto it = by_name->find(name);
  return it == by_name->end() ? nullptr : it->second;
}

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

absl::Status CheckColumns(const ChartColumn* columns, int n, const char* chart) {
  for (int c = 0; c < n; ++c) {
    const ChartColumn& col = columns[c];
    if (col.light_from > col.serious_from || col.serious_from > col.mortal_from) {
      return Bad("state.parameters",
                 absl::StrFormat("roarks.%s.%d: the lowest totals of a light (%d), a serious (%d) and a mortal (%d) "
                                 "wound must not fall",
                                 chart, c + 1, col.light_from, col.serious_from, col.mortal_from));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ReadParameters(const std::vector<Parameter>& parameters, RoarksOptions* options) {
  RoarksOptions read;
  read.fire_chart = DefaultFireChart();
  read.melee_chart = DefaultMeleeChart();
  read.terrain = DefaultTerrainChart();
  read.victory_gap = Victory::kBritishMarginal;
  std::set<std::string> seen;
  for (size_t i = 0; i < parameters.size(); ++i) {
    const Parameter& p = parameters[i];
    const std::string path = absl::StrCat("state.parameters[", i, "]");
    const Slot* slot = FindSlot(p.name);
    if (slot == nullptr) {
      return Bad(path + ".name", absl::StrCat("\"", p.name.substr(0, 80), "\" is not a parameter of Roark's Drift (",
                                              "roarks.fire_chart.N.light .. roarks.victory_gap: docs/conformance.md)"));
    }
    if (!seen.insert(p.name).second) return Bad(path + ".name", absl::StrCat(p.name, " is given twice"));
    if (!std::isfinite(p.value) || p.value != std::floor(p.value) || p.value < slot->lowest ||
        p.value > slot->highest) {
      return Bad(path + ".value", absl::StrFormat("%s: %g is not a whole number %d..%d", p.name, p.value,
                                                  slot->lowest, slot->highest));
    }
    slot->set(read, static_cast<int>(p.value));
  }
  if (absl::Status st = CheckColumns(read.fire_chart.data(), kFireColumns, "fire_chart"); !st.ok()) return st;
  if (absl::Status st = CheckColumns(read.melee_chart.data(), kMeleeColumns, "melee_chart"); !st.ok()) return st;
  *options = std::move(read);
  return absl::OkStatus();
}

std::vector<std::string> ParameterNames() {
  std::vector<std::string> names;
  for (const auto& [n, slot] : Slots()) names.push_back(n);
  return names;
}

}  // namespace impi::roarks
