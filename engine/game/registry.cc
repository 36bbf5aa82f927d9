// The registry of rule sets and the names of the seam's enums. It names no
// rule set: the composition root registers them (root/register.cc).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/game/owning_registry.h"
#include "engine/game/ruleset.h"

namespace impi {
namespace {

// Owned for the life of the process: FindRuleset hands out raw pointers.
OwningRegistry<Ruleset>& Rulesets() {
  static auto* rulesets = new OwningRegistry<Ruleset>;
  return *rulesets;
}

}  // namespace

absl::Status RegisterRuleset(std::unique_ptr<const Ruleset> ruleset) {
  return Rulesets().Add(
      std::move(ruleset), [](const Ruleset& r) { return std::string(r.id()); }, "RegisterRuleset");
}

const Ruleset* FindRuleset(std::string_view id) {
  return Rulesets().Find([id](const Ruleset& r) { return r.id() == id; });
}

std::vector<const Ruleset*> AllRulesets() { return Rulesets().All(); }

absl::StatusOr<const Ruleset*> RulesetNamed(std::string_view name, std::string_view flag) {
  const std::string lower = absl::AsciiStrToLower(std::string(name));
  for (const Ruleset* r : AllRulesets()) {
    if (lower == r->short_name() || lower == absl::AsciiStrToLower(std::string(r->id()))) return r;
  }
  return absl::InvalidArgumentError(absl::StrCat(std::string(flag), ": '", std::string(name),
                                                 "' is not a rule set (", RulesetShortNames(), ")"));
}

absl::StatusOr<BattleState> Ruleset::Scenario(std::string_view name) const {
  return absl::NotFoundError(absl::StrCat(std::string(id()), " builds no scenario \"",
                                          std::string(name), "\""));
}

std::string RulesetShortNames() {
  std::vector<std::string> names;
  for (const Ruleset* r : AllRulesets()) names.emplace_back(r->short_name());
  return absl::StrJoin(names, ", ");
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
