// The composition root (root/register.h) fills the engine's registries: every
// rule set once, each adapter and policy findable by the contract's
// name; registering again changes nothing that was handed out.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/wire/ferree_wire.h"
#include "engine/rulesets/roarks_drift/wire/roarks_wire.h"
#include "engine/rulesets/tsatf/wire/tsatf_wire.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "engine/game/wire.h"
#include "gtest/gtest.h"
#include "root/register.h"

namespace impi {
namespace {

std::vector<std::string> Ids() {
  std::vector<std::string> ids;
  for (const Ruleset* r : AllRulesets()) ids.emplace_back(r->id());
  return ids;
}

TEST(Registry, TheRootRegistersEveryRulesetOnce) {
  const std::vector<std::string> ids = Ids();
  EXPECT_NE(std::find(ids.begin(), ids.end(), "TSATF_ZULU_CONTROL"), ids.end());
  EXPECT_NE(std::find(ids.begin(), ids.end(), "FERREE_ISANDLWANA"), ids.end());
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
  for (const std::string& id : ids) EXPECT_EQ(FindRuleset(id)->id(), id);
  // Calling it again (as each binary's main may) registers nothing more.
  RegisterEverything();
  EXPECT_EQ(Ids(), ids);
  EXPECT_EQ(FindRuleset("NOT_A_RULESET"), nullptr);
  EXPECT_EQ(FindRuleset(""), nullptr);
}

TEST(Registry, ASecondRulesetWithTheSameIdIsRefusedAndTheFirstStays) {
  const Ruleset* first = FindRuleset("TSATF_ZULU_CONTROL");
  ASSERT_NE(first, nullptr);
  const size_t count = AllRulesets().size();
  const absl::Status again = RegisterRuleset(std::make_unique<tsatf::TsatfRuleset>());
  EXPECT_EQ(again.code(), absl::StatusCode::kAlreadyExists);
  EXPECT_NE(again.message().find("TSATF_ZULU_CONTROL"), absl::string_view::npos) << again;
  EXPECT_EQ(FindRuleset("TSATF_ZULU_CONTROL"), first);
  EXPECT_EQ(AllRulesets().size(), count);
  EXPECT_EQ(RegisterRuleset(nullptr).code(), absl::StatusCode::kInvalidArgument);
}

TEST(Registry, AdaptersAreFoundByRulesetAndRegisteredOnce) {
  const RulesetWire* ferree = FindWire("FERREE_ISANDLWANA");
  ASSERT_NE(ferree, nullptr);
  EXPECT_EQ(ferree->ruleset(), "FERREE_ISANDLWANA");
  const RulesetWire* tsatf = FindWire("TSATF_ZULU_CONTROL");
  ASSERT_NE(tsatf, nullptr);
  EXPECT_EQ(tsatf->ruleset(), "TSATF_ZULU_CONTROL");
  ASSERT_NE(FindWire("ROARKS_DRIFT"), nullptr);
  EXPECT_EQ(FindWire("ROARKS_DRIFT")->ruleset(), "ROARKS_DRIFT");
  EXPECT_EQ(RegisterWire(std::make_unique<roarks::RoarksWire>()).code(), absl::StatusCode::kAlreadyExists);
  ASSERT_NE(FindWire("PAGANO_D10"), nullptr);
  EXPECT_EQ(FindWire("PAGANO_D10")->ruleset(), "PAGANO_D10");
  EXPECT_EQ(RegisterWire(std::make_unique<ferree::FerreeWire>()).code(),
            absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(RegisterWire(std::make_unique<tsatf::TsatfWire>()).code(),
            absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(FindWire("FERREE_ISANDLWANA"), ferree);
  EXPECT_EQ(FindWire("TSATF_ZULU_CONTROL"), tsatf);
  EXPECT_EQ(RegisterWire(nullptr).code(), absl::StatusCode::kInvalidArgument);
}

TEST(Registry, ThePoliciesOfEachSideAreRegistered) {
  EXPECT_NE(MakePolicy("FERREE_ISANDLWANA", Side::kZulu, PolicySpec{}), nullptr);
  EXPECT_NE(MakePolicy("FERREE_ISANDLWANA", Side::kBritish, PolicySpec{}), nullptr);
  // Zulu Control prescribes every Zulu choice: no policy.
  EXPECT_EQ(MakePolicy("TSATF_ZULU_CONTROL", Side::kZulu, PolicySpec{}), nullptr);
  // Roark's Drift: the search and the random player of either side.
  PolicySpec random;
  random.kind = PolicyKind::kRandom;
  PolicySpec search;
  search.kind = PolicyKind::kMcts;
  for (Side side : {Side::kZulu, Side::kBritish}) {
    EXPECT_NE(MakePolicy("ROARKS_DRIFT", side, random), nullptr);
    EXPECT_NE(MakePolicy("ROARKS_DRIFT", side, search), nullptr);
  }
}

}  // namespace
}  // namespace impi
