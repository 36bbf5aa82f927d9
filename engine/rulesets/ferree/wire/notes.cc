// What a picture of the table shows of Ferree's own state
// (RulesetWire::UnitNotes): each regiment's division.
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/ferree/wire/ferree_wire.h"

namespace impi::ferree {
namespace {

// 001, 4. Zulu player deploys his troops: the four divisions.
const char* DivisionName(int division) {
  switch (division) {
    case 1: return "right horn";
    case 2: return "chest";
    case 3: return "left horn";
    case 4: return "loins";
    default: return "";
  }
}

}  // namespace

std::map<std::string, RulesetWire::UnitNote> FerreeWire::UnitNotes(const v1::TableState& state) const {
  std::map<std::string, UnitNote> notes;
  for (const v1::FerreeUnit& f : state.ferree().units()) {
    if (f.division() <= 0) continue;
    notes[f.unit_id()].label = absl::StrCat(" [", DivisionName(f.division()), "]");
  }
  return notes;
}

}  // namespace impi::ferree
