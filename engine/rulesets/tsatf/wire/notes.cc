// What a picture or an account of the table shows of Zulu Control's own
// state (RulesetWire::UnitNotes, TableNote).
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/tsatf/wire/tsatf_wire.h"

namespace impi::tsatf {

std::map<std::string, RulesetWire::UnitNote> TsatfWire::UnitNotes(const v1::TableState& state) const {
  std::map<std::string, UnitNote> notes;
  for (const v1::TsatfUnit& t : state.tsatf().units()) {
    UnitNote note;
    if (t.hand() == v1::LEFT) note.label = ", left-handed";
    if (t.hand() == v1::RIGHT) note.label = ", right-handed";
    note.target_id = t.target_id();
    if (!note.label.empty() || !note.target_id.empty()) notes[t.unit_id()] = note;
  }
  return notes;
}

std::string TsatfWire::TableNote(const v1::TableState& state) const {
  if (!state.has_tsatf()) return "";
  const v1::TsatfState& book = state.tsatf();
  return absl::StrCat("force pool ", book.force_pool(), ", committed ", book.committed(), " of ",
                      book.scenario_total(), ", impis created ", book.impis_created());
}

}  // namespace impi::tsatf
