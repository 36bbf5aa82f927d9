// engine/rulesets/ferree/wording.h: how Ferree's procedure words its events
// and its errors.
//
// Overview: a unit's name as events give it, a distance in inches, the dice
// of one explanation added to another, and the INVALID_ARGUMENT and
// FAILED_PRECONDITION errors that name a field path.
//
// Usage:
//   if (u == nullptr) return Bad(path + ".unit_id", "no such unit");
//   e.why.text = absl::StrCat(NameOf(u), " moves ", Inches(d));
//
// Thread safety: pure functions.
#ifndef IMPI_ENGINE_RULESETS_FERREE_WORDING_H_
#define IMPI_ENGINE_RULESETS_FERREE_WORDING_H_

#include <string>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/event.h"

namespace impi::ferree {

// A unit as events name it: "Name (id)", or its id.
std::string NameOf(const Unit& u);
// A distance as events give it: 3.5".
std::string Inches(double d);
// Appends the dice of `from` to `to`.
void AppendDice(Explanation& to, const Explanation& from);
// INVALID_ARGUMENT and FAILED_PRECONDITION naming the field path `path`.
absl::Status Bad(const std::string& path, const std::string& why);
absl::Status Precondition(const std::string& path, const std::string& why);

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_WORDING_H_
