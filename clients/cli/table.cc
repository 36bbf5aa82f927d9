// clients/cli/table.cc: `impi table` (table.h).
#include "clients/cli/table.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "clients/cli/commands.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/table_book.h"

namespace impi::cli {
namespace {

void PrintExplanation(const Explanation& why, std::ostream& out) {
  if (!why.rule.source.empty()) {
    out << "rule: " << why.rule.source << ", " << why.rule.section;
    if (why.rule.table != why.rule.section) out << ", " << why.rule.table;
    out << ": \"" << why.rule.row << "\"";
    if (why.rule.designed && why.rule.table.find("designed") == std::string::npos) {
      out << " (designed: not in the source text)";
    }
    out << "\n";
  }
  for (const DieRoll& d : why.dice) {
    std::vector<std::string> faces;
    for (int f : d.faces) faces.push_back(absl::StrCat(f));
    out << absl::StrFormat("die %d: %dd%d %s for %s", d.index + 1, d.count, d.sides,
                           absl::StrJoin(faces, "+"), d.purpose);
    if (d.total != d.result) out << " = " << d.total;
    out << "\n";
  }
  if (!why.text.empty()) out << why.text << "\n";
}

}  // namespace

int TableCommand(const TableOptions& options, std::ostream& out, std::ostream& err) {
  const TableBook* book = FindTableBook(options.ruleset);
  if (book == nullptr) {
    std::vector<std::string> names;
    for (const TableBook* b : AllTableBooks()) names.push_back(b->short_name);
    err << "error: impi table reads " << absl::StrJoin(names, " or ") << ", not '"
        << options.ruleset << "'\n";
    return kExitUsage;
  }
  const std::vector<TableEntry>& tables = book->tables;
  const std::string& title = book->ruleset;
  if (options.table.empty()) {
    for (const TableEntry& t : tables) out << title << " " << t.name << ": " << t.keys << "\n";
    return kExitOk;
  }
  const TableEntry* table = nullptr;
  for (const TableEntry& t : tables) {
    if (options.table == t.name) table = &t;
  }
  if (table == nullptr) {
    std::vector<std::string> names;
    for (const TableEntry& t : tables) names.push_back(t.name);
    err << "error: " << title << " has no table '" << options.table
        << "' (tables: " << absl::StrJoin(names, ", ") << ")\n";
    return kExitUsage;
  }
  TableWords words;
  absl::Status parsed = words.Parse(options.args);
  auto read = parsed.ok() ? table->read(words) : nullptr;
  if (parsed.ok()) parsed = words.Check();
  if (!parsed.ok()) {
    err << "error: " << title << " " << table->name << ": " << parsed.message() << "\n";
    return kExitUsage;
  }
  Dice dice = options.dice.empty() ? Dice::Seeded(options.seed) : Dice::Scripted(options.dice);
  Explanation why;
  absl::StatusOr<std::string> answer = read(dice, &why);
  if (!dice.status().ok()) {
    err << "error: " << dice.status().message() << "\n";
    return kExitError;
  }
  if (!answer.ok()) {
    err << "error: " << answer.status().message() << "\n";
    return kExitError;
  }
  if (!options.dice.empty() && dice.faces_used() < options.dice.size()) {
    err << "error: dice: " << options.dice.size() << " typed, " << dice.faces_used() << " needed\n";
    return kExitError;
  }
  out << title << " " << table->name << ": " << *answer << "\n";
  PrintExplanation(why, out);
  return kExitOk;
}

}  // namespace impi::cli
