// engine/game/table_reader.h: reading a printed table, the same way for
// every rule set.
//
// Overview: a rule set's tables are printed rows ("1,2,3 = Left handed",
// "Retire 16 - 22"): a die roll, with its modifiers, lands on one of them. A
// rule set keeps each table as a constant array of PrintedRow and a
// PrintedTable saying where it is printed; one TableReader per call of a
// table function rolls through Dice, applies the modifiers, lands the total
// on a row and writes the Explanation:
//   - why->dice: every die, with its purpose and modifiers;
//   - why->rule: the rules file, section, table and the row last landed on
//     (or cited), and whether the table is `designed` (not in the source);
//   - why->text: one account per die, "; " between them, e.g.
//       "D6 rolled 4, +1 (only 2 impis on board or marked to come on) = 5: Create Impi"
//       "3D6 rolled 2+5+6 = 13"
// A total below the first row reads the first row ("1 or less"), above the
// last reads the last ("6 or more").
//
// The reader knows no rule set. What a row cannot say by itself (a cap, a
// re-roll, a second die, a column) the rule set adds with Say() and Cite().
//
// Usage:
//   constexpr PrintedRow kHandRows[] = {
//       {1, 3, "1,2,3 = Left handed", "Left handed", 0},
//       {4, 6, "4,5,6 = Right handed", "Right handed", 1},
//   };
//   constexpr PrintedTable kHand{"\"HAND\"", "\"HAND\"", kHandRows};
//
//   TableReader r(kSource, dice, why);  // `why` may be null; it is cleared
//   const PrintedRow& row = r.Read(kHand, 1, 6, "HAND of z3");
//   // why->rule.row == row.text, why->text == "D6 rolled 5: Right handed"
//
//   int inches = r.Quantity(kSection, kTable, kRow, {1, 3}, "retire");
//   // why->text gains "; D6 rolled 2, +3 (the +3 of 1D6+3) = 5"
//
// Thread safety: a TableReader belongs to one call on one thread; the free
// functions are pure.
#ifndef IMPI_ENGINE_GAME_TABLE_READER_H_
#define IMPI_ENGINE_GAME_TABLE_READER_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"

namespace impi {

// One printed row: totals from `low` to `high` read `text` (as printed, it
// becomes RuleRef::row). `outcome` is the short account written after the
// die in Explanation::text, `value` what the row means to the caller (a
// count, minutes, an index, an enum's value).
struct PrintedRow {
  int low;
  int high;
  const char* text;
  const char* outcome;
  int value;
};

// A table: where it is printed and its rows in ascending order. `designed`
// marks a table that is not in the source text (RuleRef::designed).
struct PrintedTable {
  const char* section;
  const char* name;
  absl::Span<const PrintedRow> rows;
  bool designed = false;
};

// The row `total` lands on: the first whose `high` it does not pass, so a
// total under the first row reads the first row, one over the last reads the
// last. `table.rows` must not be empty.
const PrintedRow& LandOn(const PrintedTable& table, int total);

// A die expression of a rules text: `count`D`sides` + `plus`, or 1D3 + `plus`
// when `d3` (one D6 halved, rounded up).
struct DieExpression {
  int count;
  int plus = 0;
  bool d3 = false;
  int sides = 6;
};

// "2D6", "1D6+3", "1D3+3".
std::string DieExpressionName(const DieExpression& e);

// A modifier whose reason reads "+1: why" (the sign is added here).
Modifier MakeModifier(int value, absl::string_view reason);
// Appends MakeModifier(value, reason) when `applies`.
void AddModifierIf(std::vector<Modifier>& mods, bool applies, int value, absl::string_view reason);
// "+2 each": appends one modifier of `count` * `each`, reading "3 `what`, +2
// each", or nothing when `count` is not positive.
void AddModifierEach(std::vector<Modifier>& mods, int count, int each, absl::string_view what);

// "D6 rolled 4, +1 (why) = 5" or "3D6 rolled 2+5+6 = 13": the faces, their
// sum when there are several, each modifier without its "+1: " and the total
// when modified.
std::string DescribeRoll(const DieRoll& roll);

// A procedure that re-rolls (a result that is not allowed, a face that
// names nothing) stops after this many rolls: with fair dice the chance of
// reaching it is nil, and a script that has run out yields placeholder 1s
// forever.
inline constexpr int kMaxTableRolls = 64;

// Checks of a table function's situation, the same for every rule set:
// INVALID_ARGUMENT naming `field` for a count that is negative ("figures: -2
// is negative") or over kMaxTableCount (no table counts so many figures,
// dice or factors: the cap keeps a roll of one die a figure finite and the
// tables' sums far from overflow), and for a distance in inches that is
// negative or not a finite number.
inline constexpr int kMaxTableCount = 100000;
absl::Status CheckCount(int count, const char* field);
absl::Status CheckDistance(double inches, const char* field);

// Every table function fills a fresh Explanation: the caller's, cleared, or
// a scratch one when the caller passed null.
class FreshExplanation {
 public:
  explicit FreshExplanation(Explanation* why)
      : why_(why != nullptr ? why : &scratch_), quiet_(why == nullptr) {
    if (why != nullptr) *why = Explanation{};  // the scratch one is fresh
  }
  FreshExplanation(const FreshExplanation&) = delete;
  FreshExplanation& operator=(const FreshExplanation&) = delete;

  Explanation* get() const { return why_; }
  Explanation* operator->() const { return why_; }
  Explanation& operator*() const { return *why_; }
  // True when the caller passed null: nobody reads the explanation, so the
  // text and rule need not be written (the dice still are: the caller's
  // procedure may read them).
  bool quiet() const { return quiet_; }

 private:
  Explanation scratch_;
  Explanation* why_;
  bool quiet_ = false;
};

// For a rule that applies without a die: points why->rule at `row` of
// `source` and sets why->text to `text` (nothing when quiet).
void TellWithoutDie(FreshExplanation& why, const char* source, const char* section,
                    const char* table, const char* row, absl::string_view text,
                    bool designed = false);

// Reads printed tables for one call of a table function: every die goes to
// why->dice with its modifiers, why->rule points at the last row landed on
// (or cited), why->text tells it.
class TableReader {
 public:
  // `source` names the rules file (RuleRef::source) and must outlive the
  // reader, as must `dice`. `why` may be null; when given it is cleared.
  // With null, the reader writes no text, rule or modifier reasons (no
  // strings are built); the dice and their totals are kept as ever.
  TableReader(const char* source, Dice& dice, Explanation* why)
      : source_(source), dice_(dice), why_(why) {}
  TableReader(const TableReader&) = delete;
  TableReader& operator=(const TableReader&) = delete;

  // Rolls `count` dice of `sides` for `purpose` and applies `mods`; tells
  // nothing yet. The reference is valid until the next roll.
  DieRoll& Roll(int count, int sides, absl::string_view purpose,
                const std::vector<Modifier>& mods = {});
  // Lands the last die's total on `table`, cites the row and tells
  // "<roll>: <outcome>".
  const PrintedRow& Land(const PrintedTable& table);
  // Roll() then Land().
  const PrintedRow& Read(const PrintedTable& table, int count, int sides,
                         absl::string_view purpose, const std::vector<Modifier>& mods = {});
  // Rolls a quantity (inches, hours, turns) printed in `row` as `e`, for
  // "`purpose` (`e`)": the halving of a 1D3 and the "+3" are the die's
  // modifiers, so the total is the answer. Cites the row and tells the roll.
  int Quantity(const char* section, const char* table, const char* row, const DieExpression& e,
               absl::string_view purpose);

  // Points why->rule at a printed row (one that applies without a die, or
  // the row a landing really reads when it is not the table's own).
  // (The row is copied only where the account is kept: quiet, nothing is.)
  void Cite(const char* section, const char* table, absl::string_view row, bool designed = false);
  // Appends `prefix` and the last die's account, after "; " if something
  // was said before.
  void TellLast(absl::string_view prefix = "");
  // Appends `text` to why->text as it is.
  void Say(absl::string_view text);

  // Whether a procedure that has rolled `rolls` times may roll again: the
  // dice are still good and kMaxTableRolls is not reached.
  bool MayRollAgain(int rolls) const;

  const DieRoll& last() const { return why_->dice.back(); }
  // The first face of the last die (a "natural 6").
  int face() const { return last().faces.front(); }
  Explanation& why() const { return *why_; }
  // True when nobody reads the explanation (the caller passed null): skip
  // building text for Say().
  bool quiet() const { return why_.quiet(); }

 private:
  const char* source_;
  Dice& dice_;
  FreshExplanation why_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_TABLE_READER_H_
