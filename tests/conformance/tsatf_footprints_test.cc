// Zulu Control's units on the table (engine/rulesets/tsatf/footprint.h):
// over 200 seeded whole patrol games, both sides choosing uniformly among
// their legal actions and the engine resolving the British side, the table
// is checked after every step: no Zulu unit's footprint overlaps another
// unit's or leaves the table, and no Zulu unit stands within 1" of a British
// unit unless the two are in close combat. A placement "by a rule" next to
// a British unit is the Special Impi in contact with the charger it stood
// against, which is in close combat with it.
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "engine/rulesets/game.h"
#include "engine/rulesets/ruleset.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "tests/conformance/scenario_cases.h"

namespace impi::tsatf {
namespace {

constexpr int kGames = 200;
constexpr int kTurnCap = 100;
constexpr double kEps = 1e-6;

// What is wrong with the table now, one line a unit or pair: a Zulu unit
// over the table edge; a Zulu unit on another unit; a Zulu unit within 1" of
// a British unit it is not in close combat with. (Where the British stand is
// the players' doing: two British units are not checked against each
// other.)
std::vector<std::string> Faults(const BattleState& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& a = s.units[i];
    if (!TakesGround(a)) continue;
    const double ra = FootprintOf(a.kind).Radius();
    if (a.side == Side::kZulu && (a.position.x() < ra - kEps || a.position.y() < ra - kEps ||
        a.position.x() > s.table.width - ra + kEps || a.position.y() > s.table.height - ra + kEps)) {
      out.push_back(absl::StrFormat("%s %s over the table edge at (%.2f, %.2f)", UnitKindName(a.kind),
                                    a.id, a.position.x(), a.position.y()));
    }
    for (size_t j = i + 1; j < s.units.size(); ++j) {
      const Unit& b = s.units[j];
      if (!TakesGround(b) || (a.side == Side::kBritish && b.side == Side::kBritish)) continue;
      const double gap = Distance(a.position, b.position) - ra - FootprintOf(b.kind).Radius();
      const bool zulu_british = a.side != b.side;
      const bool fighting = zulu_british && a.status.in_close_combat && b.status.in_close_combat;
      if (gap < -kEps) {
        out.push_back(absl::StrFormat("%s %s and %s %s overlap by %.2f\"%s", UnitKindName(a.kind), a.id,
                                      UnitKindName(b.kind), b.id, -gap, fighting ? " in close combat" : ""));
      } else if (zulu_british && !fighting && gap < kClearOfBritish - kEps) {
        out.push_back(absl::StrFormat("%s %s and %s %s are %.2f\" apart, not in close combat",
                                      UnitKindName(a.kind), a.id, UnitKindName(b.kind), b.id, gap));
      }
    }
  }
  return out;
}

TEST(TsatfFootprints, TwoHundredPatrolsKeepUnitsApart) {
  const Ruleset& rules = *FindRuleset(kRulesetId);
  BattleState start = LoadScenario("tsatf");
  start.parameters.push_back({kResolveBritishParam, 1});
  int steps = 0, faulty_steps = 0;
  std::map<std::string, int> kinds;
  std::vector<std::string> examples;
  for (int i = 0; i < kGames; ++i) {
    const uint64_t seed = 7000 + i;
    absl::StatusOr<Game> g = Game::Start(rules, start, seed);
    ASSERT_TRUE(g.ok()) << g.status();
    CounterRng pick(seed, 11);
    auto check = [&](const std::string& after) {
      ++steps;
      std::vector<std::string> f = Faults(g->state());
      if (f.empty()) return;
      ++faulty_steps;
      for (const std::string& x : f) {
        ++kinds[x.find("overlap") != std::string::npos ? "overlap"
                : x.find("edge") != std::string::npos  ? "over the edge"
                                                       : "too near"];
        if (examples.size() < 20) {
          examples.push_back(absl::StrCat("seed ", seed, " turn ", g->state().clock.turn, " after ", after, ": ", x));
        }
      }
    };
    check("the start");
    while (!g->IsOver() && g->state().clock.turn <= kTurnCap) {
      std::vector<Action> legal = g->LegalActions();
      ASSERT_FALSE(legal.empty());
      const Action a = legal[pick.Uniform(legal.size())];
      ASSERT_TRUE(g->Apply(a).ok());
      check(absl::StrCat(ActionKindName(a.kind), " ", a.unit_id, " ", a.target_id));
    }
  }
  std::cout << kGames << " patrols, " << steps << " steps, " << faulty_steps << " with a fault\n";
  for (auto& [k, n] : kinds) std::cout << "  " << k << ": " << n << "\n";
  for (const std::string& e : examples) std::cout << "  " << e << "\n";
  EXPECT_EQ(faulty_steps, 0);
}

}  // namespace
}  // namespace impi::tsatf
