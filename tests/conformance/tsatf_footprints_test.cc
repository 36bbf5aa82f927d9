// Zulu Control's units on the table (engine/rulesets/tsatf/footprint.h):
// over 200 seeded whole patrol games, both sides choosing uniformly among
// their legal actions and the engine resolving the British side, the table
// is checked after every step: no unit's footprint overlaps another unit's
// (British units among themselves too), no Zulu unit leaves the table, and
// no Zulu unit stands within 1" of a British unit unless the two are in
// close combat. A placement "by a rule" next to a British unit is the
// Special Impi in contact with the charger it stood against, which is in
// close combat with it.
//
// The British pair check is the acceptance line of the footprint work ("no
// two unit footprints overlap") and a designed reading, not the source text
// (003_8a310c3200cb6fb0.txt says nothing of British units meeting friends):
// the moves LegalActions offers stop short of a friend (BritishMoveEnd) and a
// charge ends in contact beside one (ChargeContact); docs/conformance.md,
// "Footprints and free ground". A MOVE typed by a player is applied as
// typed, and random play here sends only the offered actions.
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "engine/game/game.h"
#include "engine/game/ruleset.h"
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
// over the table edge; a unit on another unit (two British units marked
// "(British)"); a Zulu unit within 1" of a British unit it is not in close
// combat with. British units may stand within 1" of each other.
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
      if (!TakesGround(b)) continue;
      const double gap = Distance(a.position, b.position) - ra - FootprintOf(b.kind).Radius();
      const bool zulu_british = a.side != b.side;
      const bool both_british = a.side == Side::kBritish && b.side == Side::kBritish;
      const bool fighting = zulu_british && a.status.in_close_combat && b.status.in_close_combat;
      if (gap < -kEps) {
        out.push_back(absl::StrFormat("%s %s and %s %s overlap by %.2f\"%s%s", UnitKindName(a.kind), a.id,
                                      UnitKindName(b.kind), b.id, -gap, fighting ? " in close combat" : "",
                                      both_british ? " (British)" : ""));
      } else if (zulu_british && !fighting && gap < kClearOfBritish - kEps) {
        out.push_back(absl::StrFormat("%s %s and %s %s are %.2f\" apart, not in close combat",
                                      UnitKindName(a.kind), a.id, UnitKindName(b.kind), b.id, gap));
      }
    }
  }
  return out;
}

// A fault's unit or pair and what is wrong, without the inches: the same
// fault step after step.
std::string Who(const std::string& fault) {
  for (const char* cut : {" overlap by", " over the table edge", " are "}) {
    const size_t at = fault.find(cut);
    if (at != std::string::npos) return fault.substr(0, at + std::string(cut).size());
  }
  return fault;
}

TEST(TsatfFootprints, TwoHundredPatrolsKeepUnitsApart) {
  const Ruleset& rules = *FindRuleset(kRulesetId);
  BattleState start = LoadScenario("tsatf");
  start.parameters.push_back({kResolveBritishParam, 1});
  int steps = 0, faulty_steps = 0;
  std::map<std::string, int> kinds;    // faults of each kind, counted at every step they stand
  std::map<std::string, int> made_by;  // faults a step made (new since the step before), by its action
  std::vector<std::string> examples;   // the first faults made
  for (int i = 0; i < kGames; ++i) {
    const uint64_t seed = 7000 + i;
    absl::StatusOr<Game> g = Game::Start(rules, start, seed);
    ASSERT_TRUE(g.ok()) << g.status();
    CounterRng pick(seed, 11);
    std::set<std::string> standing;
    auto check = [&](const std::string& by, const std::string& after) {
      ++steps;
      std::vector<std::string> f = Faults(g->state());
      std::set<std::string> now;
      if (!f.empty()) ++faulty_steps;
      for (const std::string& x : f) {
        const std::string who = Who(x);
        now.insert(who);
        ++kinds[x.find("(British)") != std::string::npos ? "British overlap"
                : x.find("overlap") != std::string::npos ? "overlap"
                : x.find("edge") != std::string::npos    ? "over the edge"
                                                         : "too near"];
        if (standing.count(who)) continue;
        ++made_by[by];
        if (examples.size() < 20) {
          examples.push_back(absl::StrCat("seed ", seed, " turn ", g->state().clock.turn, " after ", after, ": ", x));
        }
      }
      standing = std::move(now);
    };
    check("the start", "the start");
    while (!g->IsOver() && g->state().clock.turn <= kTurnCap) {
      std::vector<Action> legal = g->LegalActions();
      ASSERT_FALSE(legal.empty());
      const Action a = legal[pick.Uniform(legal.size())];
      ASSERT_TRUE(g->Apply(a).ok());
      check(ActionKindName(a.kind), absl::StrCat(ActionKindName(a.kind), " ", a.unit_id.str(), " ", a.target_id.str()));
    }
  }
  std::cout << kGames << " patrols, " << steps << " steps, " << faulty_steps << " with a fault\n";
  for (auto& [k, n] : kinds) std::cout << "  " << k << ": " << n << " (fault x steps)\n";
  for (auto& [k, n] : made_by) std::cout << "  made by " << k << ": " << n << "\n";
  for (const std::string& e : examples) std::cout << "  " << e << "\n";
  EXPECT_EQ(faulty_steps, 0);
  EXPECT_EQ(kinds["British overlap"], 0) << "two British units on each other (designed: footprint.h)";
}

}  // namespace
}  // namespace impi::tsatf
