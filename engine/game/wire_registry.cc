// The registry of wire adapters. It names no rule set: the composition root
// registers the adapters (root/register.cc).
#include <cmath>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/game/wire.h"

namespace impi {
namespace {

std::mutex& Mu() {
  static auto* mu = new std::mutex;
  return *mu;
}

// Owned for the life of the process: FindWire hands out raw pointers.
std::vector<std::unique_ptr<const RulesetWire>>& Adapters() {
  static auto* adapters = new std::vector<std::unique_ptr<const RulesetWire>>;
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
  if (wire == nullptr) return absl::InvalidArgumentError("RegisterWire: null adapter");
  std::lock_guard<std::mutex> lock(Mu());
  for (const auto& w : Adapters()) {
    if (w->ruleset() == wire->ruleset()) {
      return absl::AlreadyExistsError(
          absl::StrCat("RegisterWire: ", std::string(wire->ruleset()), " already has an adapter"));
    }
  }
  Adapters().push_back(std::move(wire));
  return absl::OkStatus();
}

const RulesetWire* FindWire(std::string_view ruleset) {
  std::lock_guard<std::mutex> lock(Mu());
  for (const auto& w : Adapters()) {
    if (w->ruleset() == ruleset) return w.get();
  }
  return nullptr;
}

}  // namespace impi
