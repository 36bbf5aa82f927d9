// What a picture or an account of the table shows of Roark's Drift's own
// state (RulesetWire::UnitNotes, TableNote): a counter's wounds, prone,
// reload, torch and retirement; the phase, turn and segment, the fires and
// the Oskarberg's suppression.
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/rulesets/roarks_drift/wire/roarks_wire.h"
#include "impi/v1/roarks_drift.pb.h"

namespace impi::roarks {
namespace {

// The words of one entry, in the order a reader looks for them; `turn` the
// turn of the phase now (a reload is the turn after an aimed fire).
std::vector<std::string> EntryWords(const v1::RoarksCounter& x, int turn) {
  std::vector<std::string> words;
  switch (x.wound()) {
    case v1::ROARKS_LIGHT: words.push_back("lightly wounded"); break;
    case v1::ROARKS_SERIOUS: words.push_back("seriously wounded"); break;
    case v1::ROARKS_LIGHT_AND_SERIOUS: words.push_back("light and serious wounds"); break;
    default: break;
  }
  if (x.prone()) words.push_back("prone");
  if (x.aimed_on_turn() != 0 && x.aimed_on_turn() + 1 == turn) words.push_back("reloading");
  if (x.torch()) words.push_back("torch");
  if (x.retiring()) words.push_back("retiring");
  if (x.returns_on_turn() > 0) words.push_back(absl::StrCat("returns on turn ", x.returns_on_turn()));
  return words;
}

constexpr const char* kSegmentNames[] = {"Zulu movement", "British movement", "British fire", "Zulu fire",
                                         "Zulu melee",    "British melee",    "end"};

}  // namespace

std::map<std::string, RulesetWire::UnitNote> RoarksWire::UnitNotes(const v1::TableState& state) const {
  std::map<std::string, UnitNote> notes;
  const int turn = state.roarks_drift().turn();
  for (const v1::RoarksCounter& x : state.roarks_drift().counters()) {
    if (x.killed()) continue;
    const std::vector<std::string> words = EntryWords(x, turn);
    if (words.empty()) continue;
    notes[x.unit_id()].label = absl::StrCat(" [", absl::StrJoin(words, ", "), "]");
  }
  return notes;
}

std::string RoarksWire::TableNote(const v1::TableState& state) const {
  if (!state.has_roarks_drift()) return "";
  const v1::RoarksState& book = state.roarks_drift();
  // A state not checked yet may hold any number: it is shown, not read.
  std::string where;
  switch (book.stage()) {
    case v1::ROARKS_ZULU_SET_UP: where = absl::StrCat("phase ", book.phase(), ", 9.2 Zulu placement"); break;
    case v1::ROARKS_PLAYING: {
      const int segment = book.segment() == v1::ROARKS_SEGMENT_UNSPECIFIED ? 1 : book.segment();
      where = absl::StrCat("phase ", book.phase(), ", turn ", book.turn(), ", ",
                           segment >= 1 && segment <= 7 ? kSegmentNames[segment - 1] : "no segment", " segment");
      break;
    }
    case v1::ROARKS_OVER: where = "the game is over"; break;
    default: where = absl::StrCat("phase ", std::max(book.phase(), 1), ", 9.1 British placement"); break;
  }
  std::vector<std::string> rooms;
  for (const v1::RoarksFire& f : book.fires()) rooms.push_back(absl::StrCat(f.room()));
  return absl::StrCat(where, "; ", book.zulu_killed(), " Zulu units killed",
                      rooms.empty() ? "" : absl::StrCat("; fire in rooms ", absl::StrJoin(rooms, ", ")),
                      book.suppression() > 0 ? absl::StrCat("; Oskarberg suppressed ", book.suppression(), " of 4") : "");
}

}  // namespace impi::roarks
