// engine/game/table_book.h: a rule set's printed tables, read one at a time
// for a player at a real table (`impi table`), the same way for every rule
// set.
//
// Overview: a TableBook is a rule set's tables by name, each with the keys
// of its situation ("remaining lost initiating") and how to read it: its
// KEY=VALUE words are parsed first (TableWords: a value that does not parse
// or a key no table reads stops the call before a die is rolled), then a
// function rolls through Dice (seeded, or the faces a player typed) and
// answers in a line, with the rule, the row as printed and every die in an
// Explanation. A rule set's folder defines its book; the composition root
// registers it (RegisterTableBook); the CLI finds it by the rule set's short
// name or id and names no rule set.
//
// Usage:
//   const TableBook* book = FindTableBook("pagano");
//   const TableEntry* morale = book->Find("morale");
//   TableWords w;  w.Parse({"remaining=17", "lost=3"});
//   auto read = morale->read(w);  IMPI_RETURN_IF_ERROR(w.Check());
//   absl::StatusOr<std::string> answer = read(dice, &why);
//
// Thread safety: register before use; the registry's lookups are
// thread-safe; a TableWords belongs to one call.
#ifndef IMPI_ENGINE_GAME_TABLE_BOOK_H_
#define IMPI_ENGINE_GAME_TABLE_BOOK_H_

#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"

namespace impi {

// The KEY=VALUE words of a call, each read at most once; what is left unread
// is an unknown key.
class TableWords {
 public:
  // INVALID_ARGUMENT for a word that is not KEY=VALUE.
  absl::Status Parse(const std::vector<std::string>& args);
  int Int(const std::string& key, int fallback);
  double Double(const std::string& key, double fallback);
  bool Bool(const std::string& key);
  // One of `names` (their index), `fallback` when absent.
  int Choice(const std::string& key, const std::vector<std::string>& names, int fallback);
  // OK, or the first value that did not parse, or a key no table reads.
  absl::Status Check() const;

 private:
  void Fail(const std::string& key, const std::string& value, const std::string& want);
  std::map<std::string, std::string> values_;
  std::set<std::string> known_;
  std::string error_;
};

// One table: its keys (for the listing) and how to read it. `read` parses
// its words first, then returns the function that rolls and answers.
struct TableEntry {
  using Answer = std::function<absl::StatusOr<std::string>(Dice&, Explanation*)>;
  const char* name;
  const char* keys;
  std::function<Answer(TableWords&)> read;
};

struct TableBook {
  std::string ruleset;     // the contract's enum name, e.g. "PAGANO_D10"
  std::string short_name;  // as a player types it, e.g. "pagano"
  std::vector<TableEntry> tables;

  const TableEntry* Find(std::string_view name) const;
};

// A table's answer in a line, from a table function's result.
template <typename T>
absl::StatusOr<std::string> SayResult(const absl::StatusOr<T>& r,
                                      const std::function<std::string(const T&)>& say) {
  if (!r.ok()) return r.status();
  return say(*r);
}

// ALREADY_EXISTS for a rule set whose book is registered.
absl::Status RegisterTableBook(TableBook book);
// The book of a rule set by its short name or id, in any case; nullptr if
// none.
const TableBook* FindTableBook(std::string_view name);
// Every registered book, in the order registered.
std::vector<const TableBook*> AllTableBooks();

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_TABLE_BOOK_H_
