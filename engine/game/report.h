// engine/game/report.h: what a client reports of a game, in the rule set's
// own words, without naming the rule set.
//
// Overview: Ruleset::Report(start, end) describes one game: its outcome on
// the rule set's own scale ("British victory", "Zulu decisive victory"),
// whether the rule set judged it a draw, the figures each side had and lost
// as the rule set counts them, a one-line summary, and lines a report of
// many games gathers: a count ("A camp laagered": this game counts under it)
// or a figure to average ("British figures lost to Zulu fire": 12), each in
// a section ("Situation (Ferree 1. A-F)") and, where it says so, among the
// games one side won only. `impi simulate`, `impi arena`, the arena service
// and the page read games through this alone; ReportSummary (report.cc)
// gathers many games' reports into text.
//
// Usage:
//   GameReport r = rules.Report(start, end);
//   r.lines.push_back(ReportLine::Count("Situation", "A camp laagered"));
//   r.lines.push_back(ReportLine::Mean("How the British lose", "to Zulu fire", 12));
//
// Thread safety: plain values.
#ifndef IMPI_ENGINE_GAME_REPORT_H_
#define IMPI_ENGINE_GAME_REPORT_H_

#include <string>
#include <vector>

#include "engine/core/battle_state.h"

namespace impi {

struct ReportLine {
  enum class Kind : int { kCount, kMean };
  // Rows of a section print in the order of their first game, rows of the
  // same `order` by label; sections in the order of their first row.
  std::string section;
  std::string label;
  Kind kind = Kind::kCount;
  double value = 1.0;  // kMean: this game's figure; kCount: unused
  // The games the row is over: every game (kUnspecified), or only those
  // this side won (a count's share, a mean's divisor).
  Side among = Side::kUnspecified;
  int order = 0;
  std::string note;  // printed after a count's share

  static ReportLine Count(std::string section, std::string label, int order = 0,
                          Side among = Side::kUnspecified, std::string note = "");
  static ReportLine Mean(std::string section, std::string label, double value,
                         Side among = Side::kUnspecified);
};

// Figures at the start and lost, as the rule set counts them.
struct SideFigures {
  int start = 0;
  int lost = 0;
  // How the start is counted, if not "of the figures on the table at the
  // start" (Zulu Control: "committed", its regiments coming on in play).
  std::string start_word;
};

struct GameReport {
  // The end on the rule set's own scale; "" where the rule set has no
  // scale of its own for this end (a client then says who won, or
  // "undecided").
  std::string outcome;
  bool draw = false;  // judged neither side's by the rule set
  SideFigures british;
  SideFigures zulu;
  std::vector<ReportLine> lines;
  // The turns the game played, where the rule set counts them itself (a
  // game of phases, each from turn 1); 0: the shared clock's turn is the
  // count.
  int turns = 0;
};

// Figures every unit but the wagons has (the default count of
// Ruleset::Report): figures seriously wounded or killed are lost.
SideFigures CountFigures(const BattleState& start, const BattleState& end, Side side,
                         bool (*counts)(const Unit&));

// One line of a game's result: "Zulu decisive victory on turn 12; British
// lost 80 of 300 figures, Zulus 210 of 1,000", the outcome given by the
// client where the report has none.
std::string ReportSummary(const GameReport& report, const std::string& outcome, int turns);

// Text of the report lines of many games (each game's report and which
// side won it, kUnspecified for none), section by section: a count as
// "  label  k  share%", a mean as "  label  mean", the labels in a column
// as wide as the widest (36 at least).
std::string FormatReportLines(const std::vector<const GameReport*>& reports,
                              const std::vector<Side>& winners);

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_REPORT_H_
