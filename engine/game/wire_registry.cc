// The registry of wire adapters. It names no rule set: the composition root
// registers the adapters (root/register.cc).
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/game/owning_registry.h"
#include "engine/game/wire.h"

namespace impi {
namespace {

// Owned for the life of the process: FindWire hands out raw pointers.
OwningRegistry<RulesetWire>& Adapters() {
  static auto* adapters = new OwningRegistry<RulesetWire>;
  return *adapters;
}

}  // namespace

std::string Quoted(std::string_view s) {
  if (s.size() <= kMaxEchoBytes) return "\"" + std::string(s) + "\"";
  return "\"" + std::string(s.substr(0, kMaxEchoBytes)) + "\"... (" + std::to_string(s.size()) + " bytes)";
}

absl::Status FieldError(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

absl::Status NotNegativeField(const std::string& path, int value) {
  if (value < 0) return FieldError(path, absl::StrCat(value, " is negative"));
  return absl::OkStatus();
}

absl::Status CountField(const std::string& path, int64_t value, int64_t most, const std::string& why) {
  if (value < 0) return FieldError(path, absl::StrCat(value, " is negative"));
  if (value > most) return FieldError(path, absl::StrCat(value, " is over ", most, ": ", why));
  return absl::OkStatus();
}

absl::Status OnTableField(const std::string& path, double x, double y, double width, double height) {
  if (!std::isfinite(x) || !std::isfinite(y)) return FieldError(path, "is not finite");
  if (x < 0 || y < 0 || x > width || y > height) {
    return FieldError(path, absl::StrCat("(", x, ", ", y, ") is off the ", width, " x ", height, " table"));
  }
  return absl::OkStatus();
}

absl::Status CheckStateMember(const v1::TableState& in, std::string_view field, std::string_view ruleset) {
  const auto* oneof = in.GetDescriptor()->FindOneofByName("ruleset_state");
  const auto* set = in.GetReflection()->GetOneofFieldDescriptor(in, oneof);
  if (set == nullptr || set->name() == field) return absl::OkStatus();
  return FieldError(absl::StrCat("state.", set->name()),
                    absl::StrCat("is another rule set's state; a ", std::string(ruleset), " state carries state.",
                                 std::string(field)));
}

absl::Status CheckQuestionMember(const v1::AskRequest& in, std::string_view field,
                                 std::string_view ruleset) {
  const auto* oneof = in.GetDescriptor()->FindOneofByName("question");
  const auto* set = in.GetReflection()->GetOneofFieldDescriptor(in, oneof);
  if (set == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "question: is required: a ", std::string(ruleset), " state is asked {\"", std::string(field), "\": {...}}"));
  }
  if (set->name() != field) {
    return absl::InvalidArgumentError(
        absl::StrCat(set->name(), ": is another rule set's question; a ", std::string(ruleset),
                     " state is asked {\"", std::string(field), "\": {...}}"));
  }
  return absl::OkStatus();
}

absl::Status RegisterWire(std::unique_ptr<const RulesetWire> wire) {
  return Adapters().Add(
      std::move(wire), [](const RulesetWire& w) { return std::string(w.ruleset()); }, "RegisterWire");
}

void ActionExtraFromWire(const v1::Action& in, Action* out) {
  Adapters().Find([&](const RulesetWire& w) { return w.ActionExtraFromProto(in, out); });
}

void ActionExtraToWire(const Action& in, v1::Action* out) {
  if (!in.extra.has_value()) return;
  Adapters().Find([&](const RulesetWire& w) { return w.ActionExtraToProto(in, out); });
}

const RulesetWire* FindWire(std::string_view ruleset) {
  return Adapters().Find([ruleset](const RulesetWire& w) { return w.ruleset() == ruleset; });
}

}  // namespace impi
