// What a picture or an account of the table shows of Pagano's own state
// (RulesetWire::UnitNotes, TableNote): an isigaba's Stayed result, riflemen,
// spears and the induna directing it; a British figure's piece, the casualty
// it carries, a Gattling Gun's jam; the phase and the month.
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/rulesets/pagano/wire/pagano_wire.h"
#include "impi/v1/pagano.pb.h"

namespace impi::pagano {
namespace {

// The words of one entry, in the order a reader looks for them.
std::vector<std::string> EntryWords(const v1::PaganoUnitEntry& x) {
  std::vector<std::string> words;
  if (x.stayed()) words.push_back("stayed");
  if (x.riflemen_rolled()) words.push_back(absl::StrCat("riflemen ", x.riflemen()));
  if (x.sharpshooters()) words.push_back("sharpshooters");
  if (x.spears_thrown()) words.push_back("spears thrown");
  if (x.lost_since_morale() > 0) words.push_back(absl::StrCat(x.lost_since_morale(), " lost since morale"));
  if (x.cattle() > 0) words.push_back(absl::StrCat(x.cattle(), " cattle"));
  if (!x.directed_by().empty()) words.push_back(absl::StrCat("directed by ", x.directed_by()));
  if (x.invalid()) words.push_back("invalid");
  if (x.horse_holder()) words.push_back("horse holder");
  if (!x.crew_of().empty()) words.push_back(absl::StrCat("crew of ", x.crew_of()));
  if (!x.carrying().empty()) words.push_back(absl::StrCat("carrying ", x.carrying()));
  if (x.jammed()) words.push_back(x.clearing() ? "jammed, clearing" : "jammed");
  if (x.casualties_this_turn() > 0) {
    words.push_back(absl::StrCat(x.casualties_this_turn(), " casualties this turn"));
  }
  return words;
}

// The months, for the riflemen table's column ("Jan", "Feb").
constexpr const char* kMonths[12] = {"January", "February", "March",     "April",   "May",      "June",
                                     "July",    "August",   "September", "October", "November", "December"};

}  // namespace

std::map<std::string, RulesetWire::UnitNote> PaganoWire::UnitNotes(const v1::TableState& state) const {
  std::map<std::string, UnitNote> notes;
  for (const v1::PaganoUnitEntry& x : state.pagano().units()) {
    const std::vector<std::string> words = EntryWords(x);
    if (words.empty()) continue;
    notes[x.unit_id()].label = absl::StrCat(" [", absl::StrJoin(words, ", "), "]");
  }
  return notes;
}

std::string PaganoWire::TableNote(const v1::TableState& state) const {
  if (!state.has_pagano()) return "";
  const v1::PaganoState& book = state.pagano();
  // A state not checked yet may hold any number: it is shown, not read.
  const int phase = book.phase() == v1::PAGANO_PHASE_UNSPECIFIED ? v1::PAGANO_ZULU_MOVEMENT : book.phase();
  const std::string phase_words =
      v1::PaganoPhase_IsValid(phase)
          ? absl::StrCat("phase ", phase, " of ", kPhases, ", ", PhaseName(static_cast<Phase>(phase - 1)))
          : absl::StrCat("phase ", phase, " (no phase)");
  if (book.month() < 0 || book.month() > 12) return absl::StrCat(phase_words, "; month ", book.month(), " (no month)");
  return absl::StrCat(phase_words, "; ", kMonths[book.month() == 0 ? 0 : book.month() - 1],
                      book.month() == 0 ? " (no month given)" : "");
}

}  // namespace impi::pagano
