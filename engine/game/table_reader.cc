// engine/game/table_reader.cc: reading a printed table (see the header).
#include "engine/game/table_reader.h"

#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace impi {

const PrintedRow& LandOn(const PrintedTable& table, int total) {
  for (const PrintedRow& row : table.rows) {
    if (total <= row.high) return row;
  }
  return table.rows.back();
}

std::string DieExpressionName(const DieExpression& e) {
  std::string name = e.d3 ? "1D3" : absl::StrCat(e.count, "D", e.sides);
  if (e.plus != 0) absl::StrAppend(&name, "+", e.plus);
  return name;
}

Modifier MakeModifier(int value, absl::string_view reason) {
  // "%+d: %s", without the formatter's cost (a battle makes thousands).
  return Modifier{absl::StrCat(value >= 0 ? "+" : "", value, ": ", reason), value};
}

void AddModifierIf(std::vector<Modifier>& mods, bool applies, int value, absl::string_view reason) {
  if (applies) mods.push_back(MakeModifier(value, reason));
}

void AddModifierEach(std::vector<Modifier>& mods, int count, int each, absl::string_view what) {
  if (count <= 0) return;
  mods.push_back(
      MakeModifier(count * each, absl::StrCat(count, " ", what, ", ", each >= 0 ? "+" : "", each, " each")));
}

std::string DescribeRoll(const DieRoll& roll) {
  std::string text =
      roll.kind == DieKind::kD
          ? absl::StrCat(roll.count == 1 ? "" : absl::StrCat(roll.count), "D", roll.sides)
          : CountOfDice(roll.count, DieSpec{roll.kind, roll.sides});
  absl::StrAppend(&text, " rolled ", absl::StrJoin(roll.faces, "+"));
  if (roll.faces.size() > 1) absl::StrAppend(&text, " = ", roll.result);
  for (const Modifier& m : roll.modifiers) {
    // The reason reads "+1: why"; the account shows "+1 (why)".
    const size_t colon = m.reason.find(": ");
    absl::StrAppendFormat(&text, ", %+d (%s)", m.value,
                          colon == std::string::npos ? m.reason : m.reason.substr(colon + 2));
  }
  if (!roll.modifiers.empty()) absl::StrAppend(&text, " = ", roll.total);
  return text;
}

DieRoll& TableReader::Roll(int count, int sides, absl::string_view purpose,
                           const std::vector<Modifier>& mods) {
  DieRoll roll = dice_.RollPool(count, sides, purpose);
  if (why_.quiet()) {
    for (const Modifier& m : mods) roll.total += m.value;
  } else {
    for (const Modifier& m : mods) roll.Modify(m.reason, m.value);
  }
  why_->dice.push_back(std::move(roll));
  return why_->dice.back();
}

const PrintedRow& TableReader::Land(const PrintedTable& table) {
  const PrintedRow& row = LandOn(table, last().total);
  if (why_.quiet()) return row;
  Cite(table.section, table.name, row.text, table.designed);
  TellLast();
  Say(absl::StrCat(": ", row.outcome));
  return row;
}

const PrintedRow& TableReader::Read(const PrintedTable& table, int count, int sides,
                                    absl::string_view purpose, const std::vector<Modifier>& mods) {
  Roll(count, sides, purpose, mods);
  return Land(table);
}

int TableReader::Quantity(const char* section, const char* table, const char* row,
                          const DieExpression& e, absl::string_view purpose) {
  // The purpose names the dice where anyone reads it.
  const bool named = dice_.keeps_rolls() || !why_.quiet();
  DieRoll& roll = Roll(e.d3 ? 1 : e.count, e.d3 ? 6 : e.sides,
                       named ? absl::string_view(absl::StrCat(purpose, " (", DieExpressionName(e), ")"))
                             : purpose);
  if (why_.quiet()) {
    if (e.d3) {
      const int face = roll.faces.front();
      roll.total += (face + 1) / 2 - face;
    }
    roll.total += e.plus;
    return roll.total;
  }
  std::vector<Modifier> mods;
  if (e.d3) {
    const int face = roll.faces.front();
    mods.push_back(MakeModifier((face + 1) / 2 - face, "1D3 is the D6 halved, rounded up"));
  }
  AddModifierIf(mods, e.plus != 0, e.plus,
                absl::StrCat("the +", e.plus, " of ", DieExpressionName(e)));
  for (const Modifier& m : mods) roll.Modify(m.reason, m.value);
  Cite(section, table, row);
  TellLast();
  return roll.total;
}

void TableReader::Cite(const char* section, const char* table, absl::string_view row,
                       bool designed) {
  if (why_.quiet()) return;
  why_->rule = RuleRef{source_, section, table, std::string(row), designed};
}

void TableReader::TellLast(absl::string_view prefix) {
  if (why_.quiet()) return;
  if (!why_->text.empty()) Say("; ");
  Say(absl::StrCat(prefix, DescribeRoll(last())));
}

void TableReader::Say(absl::string_view text) {
  if (!why_.quiet()) absl::StrAppend(&why_->text, text);
}

bool TableReader::MayRollAgain(int rolls) const {
  return dice_.status().ok() && rolls < kMaxTableRolls;
}

void TellWithoutDie(FreshExplanation& why, const char* source, const char* section,
                    const char* table, const char* row, absl::string_view text, bool designed) {
  if (why.quiet()) return;
  why->rule = RuleRef{source, section, table, row, designed};
  why->text = std::string(text);
}

absl::Status CheckCount(int count, const char* field) {
  if (count < 0) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: %d is negative", field, count));
  }
  if (count > kMaxTableCount) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: %d is more than %d (no table counts so many)", field, count, kMaxTableCount));
  }
  return absl::OkStatus();
}

absl::Status CheckDistance(double inches, const char* field) {
  if (std::isnan(inches) || std::isinf(inches)) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": not a number of inches"));
  }
  if (inches < 0) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: %g is negative", field, inches));
  }
  return absl::OkStatus();
}

}  // namespace impi
