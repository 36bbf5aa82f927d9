// The registry of rule sets and the names of the seam's enums. It names no
// rule set: the composition root registers them (root/register.cc).
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/game/ruleset.h"

namespace impi {
namespace {

std::mutex& Mu() {
  static auto* mu = new std::mutex;
  return *mu;
}

// Owned for the life of the process: FindRuleset hands out raw pointers.
std::vector<std::unique_ptr<const Ruleset>>& Registry() {
  static auto* rulesets = new std::vector<std::unique_ptr<const Ruleset>>;
  return *rulesets;
}

}  // namespace

absl::Status RegisterRuleset(std::unique_ptr<const Ruleset> ruleset) {
  if (ruleset == nullptr) return absl::InvalidArgumentError("RegisterRuleset: null rule set");
  std::lock_guard<std::mutex> lock(Mu());
  for (const auto& r : Registry()) {
    if (r->id() == ruleset->id()) {
      return absl::AlreadyExistsError(
          absl::StrCat("RegisterRuleset: ", std::string(ruleset->id()), " is already registered"));
    }
  }
  Registry().push_back(std::move(ruleset));
  return absl::OkStatus();
}

const Ruleset* FindRuleset(std::string_view id) {
  std::lock_guard<std::mutex> lock(Mu());
  for (const auto& r : Registry()) {
    if (r->id() == id) return r.get();
  }
  return nullptr;
}

std::vector<const Ruleset*> AllRulesets() {
  std::lock_guard<std::mutex> lock(Mu());
  std::vector<const Ruleset*> out;
  out.reserve(Registry().size());
  for (const auto& r : Registry()) out.push_back(r.get());
  return out;
}

const char* ActionKindName(ActionKind kind) {
  switch (kind) {
    case ActionKind::kMove: return "MOVE";
    case ActionKind::kFire: return "FIRE";
    case ActionKind::kCharge: return "CHARGE";
    case ActionKind::kPass: return "PASS";
    case ActionKind::kCasualties: return "CASUALTIES";
    case ActionKind::kRemove: return "REMOVE";
    case ActionKind::kCloseCombatResult: return "CLOSE_COMBAT_RESULT";
    case ActionKind::kStance: return "STANCE";
    case ActionKind::kOrder: return "ORDER";
    case ActionKind::kFixBayonets: return "FIX_BAYONETS";
    case ActionKind::kSendRunner: return "SEND_RUNNER";
    case ActionKind::kDeploy: return "DEPLOY";
    case ActionKind::kOffBoard: return "OFF_BOARD";
    case ActionKind::kLimber: return "LIMBER";
    case ActionKind::kUnlimber: return "UNLIMBER";
    case ActionKind::kEndDeployment: return "END_DEPLOYMENT";
    default: return "ACTION_KIND_UNSPECIFIED";
  }
}

}  // namespace impi
