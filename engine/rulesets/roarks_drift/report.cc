// engine/rulesets/roarks_drift/report.cc: a game of Roark's Drift in the
// rules' own words, for `impi simulate`, `impi arena` and the page. See
// roarks_drift.h.
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"

namespace impi::roarks {
namespace {

using RSide = ::impi::roarks::Side;

// 12.0's rows of British dead, by level (36-38 has no printed row).
constexpr const char* kRows[] = {"0-20", "21-25", "26-30", "31-35", "39-40; 36-38 designed", "41-49",
                                 "50-54", "55-59", "60-74", "75-99", "100+"};
// 12.0: "100 Zulu units killed" ends the game.
constexpr int kZuluKilledToEnd = 100;

}  // namespace

GameReport RoarksRuleset::Report(const BattleState& start, const BattleState& end) const {
  GameReport r;
  const RoarksState* s = OwnState(end);
  if (s == nullptr) return Ruleset::Report(start, end);
  const int dead = BritishDead(*s);
  const absl::StatusOr<Victory> level = VictoryLevel(dead, nullptr, s->options.victory_gap);
  int garrison = 0, serious = 0, light = 0;
  for (int u = 0; u < s->size(); ++u) {
    if (s->specs[static_cast<size_t>(u)].side != RSide::kBritish) continue;
    ++garrison;
    const CounterState& c = s->counters[static_cast<size_t>(u)];
    if (c.killed) continue;
    if (c.wound == WoundState::kSerious || c.wound == WoundState::kLightAndSerious) ++serious;
    if (c.wound == WoundState::kLight) ++light;
  }
  r.british.start = garrison;
  r.british.lost = dead;
  r.zulu.start = kZuluKilledToEnd;
  r.zulu.lost = s->zulu_killed;
  r.zulu.start_word = "(12.0: the game ends at 100 units killed)";
  if (level.ok()) {
    r.outcome = *level == Victory::kDraw ? "Draw" : absl::StrCat(VictoryName(*level), " Victory");
    r.draw = *level == Victory::kDraw;
    r.lines.push_back(ReportLine::Count("Victory (12.0, by British dead)",
                                        absl::StrCat(r.outcome, " (", kRows[static_cast<int>(*level)], ")"),
                                        static_cast<int>(*level)));
  }
  const char* losses = "Losses a game (British men, Zulu units of five)";
  r.lines.push_back(ReportLine::Mean(losses, "British dead", dead));
  r.lines.push_back(ReportLine::Mean(losses, "British seriously wounded at the end", serious));
  r.lines.push_back(ReportLine::Mean(losses, "British lightly wounded at the end", light));
  r.lines.push_back(ReportLine::Mean(losses, "Zulu units killed (9.3.B)", s->zulu_killed));
  r.lines.push_back(ReportLine::Mean("Length", "phases played (3.0: four at most)", s->phase));
  r.turns = s->turns_before + s->turn;
  r.lines.push_back(ReportLine::Count("How it ended (12.0)", s->stage != Stage::kOver ? "not over (stopped)"
                                                             : s->zulu_killed >= kZuluKilledToEnd
                                                                 ? "100 Zulu units killed"
                                                                 : "the fourth phase ended"));
  return r;
}

}  // namespace impi::roarks
