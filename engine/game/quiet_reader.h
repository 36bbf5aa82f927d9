// engine/game/quiet_reader.h: reading a printed table when nobody reads the
// account, allocating nothing.
//
// Overview: TableReader (table_reader.h) keeps every die of a call in
// why->dice, even quiet (the caller passed no explanation). QuietReader
// answers the same calls with the same dice rolled in the same order and
// each total as TableReader makes it, keeping the last roll and nothing
// else, so that a step of play allocates nothing once warm. A rule set's
// table functions read either reader alike (templates on the reader, or a
// generic lambda given to WithReader); what they say to a QuietReader is
// dropped. The modifier helpers below fill a list quiet (the value alone,
// no reason written) into lists each thread keeps.
//
// Usage:
//   bool Hit(Dice& dice, const Shot& in, Explanation* why) {
//     return WithReader(kSource, dice, why, [&](auto& r) {
//       std::vector<Modifier> own;
//       std::vector<Modifier>& mods = ModifierList(r.quiet(), own, 0);
//       AddIf(mods, r.quiet(), in.in_cover, -1, "target in cover");
//       return r.Read(kHitTable, 1, 6, "hit", mods).value == 1;
//     });
//   }
//
// Thread safety: a reader belongs to one call on one thread; ModifierList's
// lists are the calling thread's.
#ifndef IMPI_ENGINE_GAME_QUIET_READER_H_
#define IMPI_ENGINE_GAME_QUIET_READER_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/table_reader.h"

namespace impi {

// TableReader's quiet way, without its account (see the overview).
class QuietReader {
 public:
  explicit QuietReader(Dice& dice) : dice_(dice) {}
  QuietReader(const QuietReader&) = delete;
  QuietReader& operator=(const QuietReader&) = delete;

  DieRoll& Roll(int count, int sides, absl::string_view purpose, const std::vector<Modifier>& mods = {}) {
    dice_.RollPoolInto(count, DieSpec::D(sides), purpose, &last_);
    return Modified(mods);
  }
  // A die of any kind.
  DieRoll& RollOf(const DieSpec& die, absl::string_view purpose, const std::vector<Modifier>& mods) {
    dice_.RollPoolInto(1, die, purpose, &last_);
    return Modified(mods);
  }
  const PrintedRow& Land(const PrintedTable& table) { return LandOn(table, last_.total); }
  const PrintedRow& Read(const PrintedTable& table, int count, int sides, absl::string_view purpose,
                         const std::vector<Modifier>& mods = {}) {
    Roll(count, sides, purpose, mods);
    return Land(table);
  }
  // TableReader::Quantity, quiet: the purpose spelt out only where the dice
  // keep it.
  int Quantity(const char* section, const char* table, const char* row, const DieExpression& e,
               absl::string_view purpose) {
    (void)section;
    (void)table;
    (void)row;
    const bool named = dice_.keeps_rolls();
    const std::string name = named ? absl::StrCat(purpose, " (", DieExpressionName(e), ")") : std::string();
    DieRoll& roll = Roll(e.d3 ? 1 : e.count, e.d3 ? 6 : e.sides, named ? absl::string_view(name) : purpose);
    if (e.d3) {
      const int face = roll.faces.front();
      roll.total += (face + 1) / 2 - face;
    }
    roll.total += e.plus;
    return roll.total;
  }
  void Cite(const char*, const char*, absl::string_view, bool = false) {}
  void TellLast(absl::string_view = "") {}
  void Say(absl::string_view) {}
  bool MayRollAgain(int rolls) const { return dice_.status().ok() && rolls < kMaxTableRolls; }
  const DieRoll& last() const { return last_; }
  int face() const { return last_.faces.front(); }
  bool quiet() const { return true; }

 private:
  // The last roll (rolled into last_) with the modifiers' values added.
  DieRoll& Modified(const std::vector<Modifier>& mods) {
    for (const Modifier& m : mods) last_.total += m.value;
    return last_;
  }

  Dice& dice_;
  DieRoll last_;
};

// Runs `body` with the reader for `why`: TableReader telling the account
// (citing `source`), or, with none to tell (null), the quiet one.
template <typename Body>
auto WithReader(const char* source, Dice& dice, Explanation* why, const Body& body) {
  if (why == nullptr) {
    QuietReader r(dice);
    return body(r);
  }
  TableReader r(source, dice, why);
  return body(r);
}

// AddModifierIf, or quiet (nobody reads the reasons) the value alone.
inline void AddIf(std::vector<Modifier>& mods, bool quiet, bool applies, int value, absl::string_view reason) {
  if (!applies) return;
  if (quiet) {
    mods.push_back(Modifier{std::string(), value});
  } else {
    mods.push_back(MakeModifier(value, reason));
  }
}

// AddModifierEach, or quiet the value alone.
inline void AddEach(std::vector<Modifier>& mods, bool quiet, int count, int each, absl::string_view what) {
  if (count <= 0) return;
  if (quiet) {
    mods.push_back(Modifier{std::string(), count * each});
  } else {
    AddModifierEach(mods, count, each, what);
  }
}

// A list of modifiers to fill: `own` when the reasons are read, else one
// the thread keeps (`slot` 0 to 2, apart for lists alive at once), emptied.
inline std::vector<Modifier>& ModifierList(bool quiet, std::vector<Modifier>& own, int slot) {
  thread_local std::vector<Modifier> kept[3];
  std::vector<Modifier>& mods = quiet ? kept[slot] : own;
  mods.clear();
  return mods;
}

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_QUIET_READER_H_
