// Ferree's Isandlwana reported (Ruleset::Report): the victory scale, how the
// British lost (BritishLosses; each Zulu win's main cause, designed:
// docs/simulation.md "How the British lose") and the situation rolls A-F.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/rulesets/ferree/ferree.h"

namespace impi::ferree {
namespace {

constexpr char kScale[] = "Victory scale (designed, docs/ferree-engine.md)";
constexpr char kLosses[] = "How the British lose (means a game; designed attribution, docs/simulation.md)";
constexpr char kCause[] = "Main cause of each British defeat";
constexpr char kSituation[] = "Situation (Ferree 1. A-F)";

// Figures that fight or can be killed: not the wagons, nor the regiment
// groups, whose figures are in their trays.
bool CountsFigures(const Unit& u) {
  return u.kind != UnitKind::kWagon && u.kind != UnitKind::kRegiment;
}

const char* DeploymentName(Deployment d) {
  switch (d) {
    case Deployment::kHistorical: return "historical (15\" out)";
    case Deployment::kPulledIn: return "pulled in (7\" out)";
    case Deployment::kHalfFortified: return "half fortified";
    case Deployment::kAllFortified: return "all fortified";
    default: return "not rolled";
  }
}

const char* ScoutingName(int s) {
  return s > 0 ? "well advanced (+1)" : s < 0 ? "slow and cautious (-1)" : "historical";
}

std::string TimeOfDay(int minutes) {
  const int h = minutes / 60;
  const int m = minutes % 60;
  return absl::StrFormat("%d:%02d%s", h > 12 ? h - 12 : h, m, h >= 12 ? "pm" : "am");
}

ReportLine Flag(const char* label, bool on, int order, std::string note = "") {
  ReportLine line = ReportLine::Count(kSituation, label, order, Side::kUnspecified, std::move(note));
  line.value = on ? 1.0 : 0.0;
  return line;
}

}  // namespace

GameReport FerreeRuleset::Report(const BattleState& start, const BattleState& end) const {
  GameReport r;
  r.british = CountFigures(start, end, Side::kBritish, CountsFigures);
  r.zulu = CountFigures(start, end, Side::kZulu, CountsFigures);
  const Outcome outcome = OutcomeOf(end);
  if (outcome.victory != Victory::kNone) r.outcome = VictoryName(outcome.victory);
  r.lines.push_back(ReportLine::Count(kScale, VictoryName(outcome.victory),
                                      static_cast<int>(outcome.victory)));
  int short_of_ammunition = 0;
  int out_of_ammunition = 0;
  for (const Unit& u : end.units) {
    if (u.side != Side::kBritish) continue;
    short_of_ammunition +=
        u.status.ammunition == Ammunition::kLow || u.status.ammunition == Ammunition::kOut ? 1 : 0;
    out_of_ammunition += u.status.ammunition == Ammunition::kOut ? 1 : 0;
  }
  const BritishLosses& l = Own(end).losses;
  const std::pair<const char*, double> means[] = {
      {"British figures lost to Zulu fire", l.to_fire},
      {"British figures lost in close combat", l.in_close_combat},
      {"  of them by units low or out of ammunition", l.close_combat_short},
      {"company resolve tests ending in ROUT", l.routs},
      {"company resolve tests ending in RETIRE", l.retreats},
      {"British figures routed off the table", l.routed_off},
      {"British figures escaped off the table", outcome.escaped},
      {"companies out of ammunition at the end", out_of_ammunition},
      {"companies low or out of ammunition at the end", short_of_ammunition},
  };
  int order = 0;
  for (const auto& [label, value] : means) {
    ReportLine line = ReportLine::Mean(kLosses, label, value);
    line.order = order++;  // in the order listed, not by label
    r.lines.push_back(std::move(line));
  }
  if (Score(end, Side::kZulu) > 0) {
    // The main cause of a British defeat: the largest of the British
    // starting figures' fates, ties in this order.
    const std::pair<int, const char*> fates[] = {
        {l.in_close_combat - l.close_combat_short, "close combat"},
        {l.close_combat_short, "close combat, short of ammunition"},
        {l.to_fire, "Zulu fire"},
        {l.routed_off, "resolve (routed off the table)"},
        {outcome.escaped - l.routed_off, "escaped off the table by a move"},
    };
    int most = -1;
    int cause_order = 0;
    const char* cause = "";
    for (int k = 0; k < 5; ++k) {
      if (fates[k].first > most) {
        most = fates[k].first;
        cause = fates[k].second;
        cause_order = k;
      }
    }
    r.lines.push_back(ReportLine::Count(kCause, cause, cause_order, Side::kZulu));
  }
  const Situation& sit = Own(end).situation;
  r.lines.push_back(Flag("A camp laagered", sit.camp_laagered, 0));
  r.lines.push_back(Flag("B thornbush", sit.thornbush, 1));
  // Ferree 1.C: "1-5 Arrives at 10:00am (Historical)".
  r.lines.push_back(Flag("C Durnford late", sit.reinforcement_arrival > 600, 2, "  (after 10:00am)"));
  r.lines.push_back(ReportLine::Count(
      kSituation, absl::StrCat("D deployment ", DeploymentName(sit.deployment)),
      10 + static_cast<int>(sit.deployment)));
  r.lines.push_back(ReportLine::Count(kSituation, absl::StrCat("E scouting ", ScoutingName(sit.scouting)),
                                      20 + sit.scouting));
  const int hour = sit.discovery_time / 60;
  r.lines.push_back(ReportLine::Count(
      kSituation, absl::StrCat("F Zulus found ", TimeOfDay(hour * 60), "-", TimeOfDay(hour * 60 + 59)),
      30 + hour));
  return r;
}

}  // namespace impi::ferree
