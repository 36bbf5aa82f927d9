#include "engine/game/report.h"

#include <algorithm>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/game/ruleset.h"

namespace impi {

ReportLine ReportLine::Count(std::string section, std::string label, int order, Side among,
                             std::string note) {
  ReportLine line;
  line.section = std::move(section);
  line.label = std::move(label);
  line.kind = Kind::kCount;
  line.value = 1.0;
  line.order = order;
  line.among = among;
  line.note = std::move(note);
  return line;
}

ReportLine ReportLine::Mean(std::string section, std::string label, double value, Side among) {
  ReportLine line;
  line.section = std::move(section);
  line.label = std::move(label);
  line.kind = Kind::kMean;
  line.value = value;
  line.among = among;
  return line;
}

SideFigures CountFigures(const BattleState& start, const BattleState& end, Side side,
                         bool (*counts)(const Unit&)) {
  SideFigures f;
  for (const Unit& u : start.units) {
    if (u.side == side && counts(u)) f.start += u.figures.Starting();
  }
  for (const Unit& u : end.units) {
    if (u.side == side && counts(u)) f.lost += u.figures.seriously_wounded + u.figures.casualties;
  }
  return f;
}

GameReport Ruleset::Report(const BattleState& start, const BattleState& end) const {
  GameReport r;
  auto not_wagon = [](const Unit& u) { return u.kind != UnitKind::kWagon; };
  r.british = CountFigures(start, end, Side::kBritish, not_wagon);
  r.zulu = CountFigures(start, end, Side::kZulu, not_wagon);
  return r;
}

std::string ReportSummary(const GameReport& report, const std::string& outcome, int turns) {
  auto side = [](const char* name, const SideFigures& f) {
    return absl::StrCat(name, " ", f.lost, " of ", f.start,
                        f.start_word.empty() ? "" : absl::StrCat(" ", f.start_word));
  };
  return absl::StrCat(report.outcome.empty() ? outcome : report.outcome, " on turn ", turns,
                      "; figures lost: ", side("British", report.british), ", ",
                      side("Zulu", report.zulu));
}

namespace {

std::string Percent(double k, int n) {
  return n > 0 ? absl::StrFormat("%5.1f%%", 100.0 * k / n) : std::string("    -");
}

const char* AmongWords(Side among) {
  return among == Side::kZulu ? " of the Zulu wins" : among == Side::kBritish ? " of the British wins" : "";
}

}  // namespace

std::string FormatReportLines(const std::vector<const GameReport*>& reports,
                              const std::vector<Side>& winners) {
  struct Row {
    ReportLine::Kind kind = ReportLine::Kind::kCount;
    Side among = Side::kUnspecified;
    std::string note;
    double sum = 0.0;
  };
  struct Section {
    std::string name;
    std::map<std::pair<int, std::string>, Row> rows;
  };
  std::vector<Section> sections;
  for (const GameReport* r : reports) {
    for (const ReportLine& line : r->lines) {
      Section* at = nullptr;
      for (Section& s : sections) {
        if (s.name == line.section) at = &s;
      }
      if (at == nullptr) {
        at = &sections.emplace_back();
        at->name = line.section;
      }
      Row& row = at->rows[{line.order, line.label}];
      row.kind = line.kind;
      row.among = line.among;
      if (!line.note.empty()) row.note = line.note;
    }
  }
  // The sums, over each row's games.
  for (size_t g = 0; g < reports.size(); ++g) {
    for (const ReportLine& line : reports[g]->lines) {
      for (Section& s : sections) {
        if (s.name != line.section) continue;
        s.rows[{line.order, line.label}].sum += line.value;
      }
    }
  }
  auto games_among = [&](Side among) {
    int n = 0;
    for (Side w : winners) n += among == Side::kUnspecified || w == among ? 1 : 0;
    return n;
  };
  // The label column: as wide as the widest label, 36 at least.
  int width = 36;
  for (const Section& s : sections) {
    for (const auto& [key, row] : s.rows) width = std::max(width, static_cast<int>(key.second.size()));
  }
  std::string out;
  for (const Section& s : sections) {
    absl::StrAppend(&out, "\n", s.name, "\n");
    for (const auto& [key, row] : s.rows) {
      const int n = games_among(row.among);
      if (row.kind == ReportLine::Kind::kCount) {
        absl::StrAppend(&out, absl::StrFormat("  %-*s %5d  %s%s%s\n", width, key.second,
                                              static_cast<int>(row.sum + 0.5), Percent(row.sum, n),
                                              AmongWords(row.among), row.note));
      } else {
        absl::StrAppend(&out, absl::StrFormat("  %-*s %7.1f%s\n", width, key.second,
                                              n > 0 ? row.sum / n : 0.0,
                                              row.among == Side::kUnspecified
                                                  ? ""
                                                  : absl::StrCat("  (mean", AmongWords(row.among), ")")));
      }
    }
  }
  return out;
}

}  // namespace impi
