// engine/rulesets/ferree/wording.cc: how Ferree's procedure words its
// events and its errors.
#include "engine/rulesets/ferree/wording.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace impi::ferree {

std::string NameOf(const Unit& u) {
  return u.name.empty() ? u.id.str() : absl::StrCat(u.name.str(), " (", u.id.str(), ")");
}

std::string Inches(double d) { return absl::StrFormat("%.1f\"", d); }

void AppendDice(Explanation& to, const Explanation& from) {
  to.dice.insert(to.dice.end(), from.dice.begin(), from.dice.end());
}

absl::Status Precondition(const std::string& path, const std::string& why) {
  return absl::FailedPreconditionError(absl::StrCat(path, ": ", why));
}

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

}  // namespace impi::ferree
