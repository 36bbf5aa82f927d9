#include "clients/cli/explain.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/game/wire.h"
#include "service/convert.h"

namespace impi::cli {
namespace {

constexpr char kIndent[] = "     ";

// 12 -> "12", 12.25 -> "12.3", 0.5 -> "0.5".
std::string Inches(double v) {
  std::string s = absl::StrFormat("%.1f", v);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
}

std::string Point(const v1::Vec2& p) {
  return absl::StrCat("(", Inches(p.x()), ", ", Inches(p.y()), ")");
}

std::string PointKindWord(v1::PointKind kind) {
  switch (kind) {
    case v1::PERIMETER: return "perimeter point";
    case v1::APPEARANCE: return "appearance point";
    case v1::ENTRY: return "entry point";
    default: return "point";
  }
}

// The name of the table consulted, else the section of the rules.
const std::string& RuleTitle(const v1::RuleRef& rule) {
  return rule.table().empty() ? rule.section() : rule.table();
}

// "+1 only 2 impis". A reason that already starts with its signed value, as
// the contract suggests ("+1: only 2 impis on board"), is shown as it is.
std::string DescribeModifier(const v1::Modifier& m) {
  const std::string& reason = m.reason();
  if (reason.empty()) return absl::StrFormat("%+d", m.value());
  if (reason.size() > 1 && (reason[0] == '+' || reason[0] == '-') &&
      absl::ascii_isdigit(static_cast<unsigned char>(reason[1]))) {
    return reason;
  }
  return absl::StrFormat("%+d %s", m.value(), reason);
}

}  // namespace

std::string DescribeDie(const v1::DieRoll& die) {
  const int count = die.count() > 0 ? die.count() : 1;
  std::string out;
  if (die.kind() == v1::AVERAGE) {
    out = count > 1 ? absl::StrCat(count, " average dice rolled ") : "average die rolled ";
  } else if (die.kind() == v1::ARROW) {
    out = count > 1 ? absl::StrCat(count, " arrow dice rolled ") : "arrow die rolled ";
  } else {
    out = count > 1 ? absl::StrCat(count, "D") : "D";
    absl::StrAppend(&out, die.sides() > 0 ? absl::StrCat(die.sides()) : "?", " rolled ");
  }
  if (die.kind() == v1::ARROW && die.faces_size() == 1 && die.faces(0) >= 1 &&
      die.faces(0) <= 6) {
    // Face k points like a clock hand at 2(k-1) o'clock, 12 being ahead.
    const int hour = die.faces(0) == 1 ? 12 : 2 * (die.faces(0) - 1);
    absl::StrAppend(&out, die.faces(0), " (", hour, " o'clock)");
  } else if (die.faces_size() > 1) {
    absl::StrAppend(&out, absl::StrJoin(die.faces(), "+"), " = ", die.result());
  } else {
    absl::StrAppend(&out, die.result());
  }
  if (die.modifiers_size() > 0) {
    std::vector<std::string> mods;
    for (const v1::Modifier& m : die.modifiers()) mods.push_back(DescribeModifier(m));
    absl::StrAppend(&out, " (", absl::StrJoin(mods, ", "), ") = ", die.total());
  }
  return out;
}

std::string ExplainEvent(const v1::Event& event) {
  const v1::Explanation& why = event.why();
  const v1::RuleRef& rule = why.rule();
  const std::string& title = RuleTitle(rule);

  // Headline: [seq] KIND  TITLE: dice -> row  [tags]
  std::string head = absl::StrCat("[", event.seq(), "] ", v1::EventKind_Name(event.kind()));
  bool text_in_head = false;
  if (!title.empty()) absl::StrAppend(&head, "  ", title);
  if (why.dice_size() > 0) {
    std::vector<std::string> dice;
    for (const v1::DieRoll& d : why.dice()) dice.push_back(DescribeDie(d));
    absl::StrAppend(&head, title.empty() ? "  " : ": ", absl::StrJoin(dice, "; "));
  }
  if (!rule.row().empty()) absl::StrAppend(&head, " -> ", rule.row());
  if (title.empty() && why.dice_size() == 0 && rule.row().empty() && !why.text().empty()) {
    absl::StrAppend(&head, "  ", why.text());
    text_in_head = true;
  }
  if (event.decision()) absl::StrAppend(&head, "  [decision]");
  if (rule.designed()) absl::StrAppend(&head, "  [designed table]");
  if (event.umpire_only()) absl::StrAppend(&head, "  [umpire only]");
  std::string out = absl::StrCat(head, "\n");

  // Who and where.
  std::vector<std::string> facts;
  if (event.unit_ids_size() > 0) {
    facts.push_back(absl::StrCat("units ", absl::StrJoin(event.unit_ids(), " ")));
  }
  if (!event.target_id().empty()) facts.push_back(absl::StrCat("target ", event.target_id()));
  if (event.point() != 0) {
    facts.push_back(absl::StrCat(PointKindWord(event.point_kind()), " ", event.point()));
  }
  // The side only with something else to say (a card's side is in its announce).
  if (!facts.empty()) {
    if (event.side() != v1::SIDE_UNSPECIFIED)
      facts.insert(facts.begin(), v1::Side_Name(event.side()));
    absl::StrAppend(&out, kIndent, absl::StrJoin(facts, ", "), "\n");
  }
  if (event.path_size() > 0) {
    std::vector<std::string> pts;
    for (const v1::Vec2& p : event.path()) pts.push_back(Point(p));
    absl::StrAppend(&out, kIndent, "path ", absl::StrJoin(pts, " -> "), "\n");
  }

  // The rule, when the headline names a table of another section.
  if (!rule.section().empty() && rule.section() != title) {
    absl::StrAppend(&out, kIndent, "rule: ", rule.section());
    if (!rule.source().empty()) absl::StrAppend(&out, " (", rule.source(), ")");
    absl::StrAppend(&out, "\n");
  }
  // Every die with its purpose when there are several.
  if (why.dice_size() > 1) {
    for (const v1::DieRoll& d : why.dice()) {
      absl::StrAppend(&out, kIndent, "die #", d.index(), " ",
                      d.purpose().empty() ? "" : absl::StrCat(d.purpose(), ": "), DescribeDie(d),
                      "\n");
    }
  }
  if (!why.text().empty() && !text_in_head) absl::StrAppend(&out, kIndent, why.text(), "\n");
  if (why.has_search() && why.search().iterations() > 0) {
    const v1::SearchStats& s = why.search();
    absl::StrAppend(&out, kIndent,
                    absl::StrFormat("search: %d iterations in %d ms on %d threads, value %.3f",
                                    s.iterations(), s.milliseconds(), s.threads(), s.value()),
                    "\n");
  }
  for (const v1::Alternative& alt : event.alternatives()) {
    absl::StrAppend(&out, kIndent, "not chosen: ", alt.description());
    if (!alt.why_not().empty()) absl::StrAppend(&out, " (", alt.why_not(), ")");
    absl::StrAppend(&out, "\n");
  }
  if (!event.announce().empty()) {
    absl::StrAppend(&out, kIndent, "announce: \"", event.announce(), "\"\n");
  }
  return out;
}

std::string ExplainAwaiting(const v1::Awaiting& awaiting) {
  std::string out = absl::StrCat("awaiting ", v1::Side_Name(awaiting.side()), " ",
                                 v1::AwaitKind_Name(awaiting.kind()));
  if (!awaiting.prompt().empty()) absl::StrAppend(&out, ": ", awaiting.prompt());
  absl::StrAppend(&out, "\n");
  std::vector<std::string> facts;
  if (awaiting.units_may_move() >= 0 && awaiting.kind() == v1::BRITISH_MOVE) {
    facts.push_back(absl::StrCat("up to ", awaiting.units_may_move(), " units may move"));
  }
  if (awaiting.unit_ids_size() > 0) {
    facts.push_back(absl::StrCat("units that may act: ", absl::StrJoin(awaiting.unit_ids(), " ")));
  }
  if (!facts.empty()) absl::StrAppend(&out, kIndent, absl::StrJoin(facts, "; "), "\n");
  return out;
}

std::string SummarizeState(const v1::TableState& state) {
  int zulu_units = 0;
  int zulu_figures = 0;
  int british_units = 0;
  for (const v1::Unit& u : state.units()) {
    if (u.off_table()) continue;
    if (u.side() == v1::ZULU) {
      ++zulu_units;
      zulu_figures += u.figures().fit();
    } else if (u.side() == v1::BRITISH) {
      ++british_units;
    }
  }
  int marked = 0;
  for (const v1::Point& p : state.points()) {
    if (p.marker() != v1::MARKER_NONE) ++marked;
  }
  const int turn = state.clock().turn() > 0 ? state.clock().turn() : 1;
  const v1::Phase phase =
      state.clock().phase() == v1::PHASE_UNSPECIFIED ? v1::START_OF_TURN : state.clock().phase();
  std::string out = absl::StrCat("table: turn ", turn, " ", v1::Phase_Name(phase), "; ",
                                 british_units, " British units on the table; ", zulu_units,
                                 " Zulu units (", zulu_figures, " fit figures) on the table");
  if (marked > 0) absl::StrAppend(&out, "; ", marked, " entry markers");
  // The rule set's own bookkeeping, in its wire adapter's words.
  if (const RulesetWire* wire = FindWire(service::RulesetIdOf(state))) {
    const std::string note = wire->TableNote(state);
    if (!note.empty()) absl::StrAppend(&out, "; ", note);
  }
  absl::StrAppend(&out, "\n");
  return out;
}

std::string ExplainAdvance(const v1::AdvanceResponse& response) {
  std::string out;
  for (const v1::Event& e : response.events()) absl::StrAppend(&out, ExplainEvent(e));
  absl::StrAppend(&out, "dice rolled: ", response.dice_size(), "\n");
  absl::StrAppend(&out, SummarizeState(response.state()));
  absl::StrAppend(&out, ExplainAwaiting(response.awaiting()));
  return out;
}

std::string ExplainAsk(const v1::AskResponse& response) {
  std::string out;
  for (const v1::Event& e : response.events()) absl::StrAppend(&out, ExplainEvent(e));
  if (response.has_decision()) {
    const v1::Event& d = response.decision();
    absl::StrAppend(&out, "decision: [", d.seq(), "] ", v1::EventKind_Name(d.kind()));
    if (!d.why().rule().row().empty()) absl::StrAppend(&out, " -> ", d.why().rule().row());
    absl::StrAppend(&out, "\n");
  }
  absl::StrAppend(&out, "dice rolled: ", response.dice_size(), "\n");
  absl::StrAppend(&out, SummarizeState(response.state()));
  return out;
}

std::string ExplainDescribe(const v1::DescribeResponse& response) {
  std::string out = absl::StrCat("impi server ", response.version(), "\n");
  absl::StrAppend(&out, "limits: ", response.max_units(), " units, ",
                  response.max_terrain_vertices(), " terrain vertices, ",
                  response.max_message_bytes(), " bytes per message\n");
  for (const v1::RulesetInfo& r : response.rulesets()) {
    // A rule set the enum does not name, by its id.
    const std::string name = r.ruleset() == v1::RULESET_UNSPECIFIED && !r.ruleset_id().empty()
                                 ? r.ruleset_id()
                                 : v1::Ruleset_Name(r.ruleset());
    absl::StrAppend(&out, "  ", absl::StrFormat("%-20s", name), " ",
                    absl::StrFormat("%-8s", r.status()), " ", r.source(), "\n");
  }
  return out;
}

}  // namespace impi::cli
