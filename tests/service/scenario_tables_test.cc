// The built-in scenarios packed at build time (service/scenario_tables.h)
// are the tables their JSON files give: a game's start parses the packed
// bytes, so they must say the same as the text a reader edits.
#include "service/scenario_tables.h"

#include <string>

#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include "engine/scenarios/embedded.h"
#include "impi/v1/table.pb.h"
#include "service/convert.h"
#include "service/scenarios.h"

namespace impi::service {
namespace {

TEST(ScenarioTables, EveryPackedTableIsItsJson) {
  ASSERT_GE(scenarios::AllScenarios().size(), 5u);
  for (const scenarios::EmbeddedScenario& sc : scenarios::AllScenarios()) {
    SCOPED_TRACE(sc.stem);
    v1::TableState from_json;
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(std::string(sc.json), &from_json).ok());
    const std::string_view packed = PackedScenarioTable(sc.stem);
    ASSERT_FALSE(packed.empty());
    v1::TableState from_packed;
    ASSERT_TRUE(from_packed.ParseFromArray(packed.data(), static_cast<int>(packed.size())));
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(from_json, from_packed));
    absl::StatusOr<v1::TableState> loaded = LoadScenarioTable(sc.name);
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(from_json, *loaded));
  }
}

TEST(ScenarioTables, NoTableForAStemNotBuiltIn) {
  EXPECT_TRUE(PackedScenarioTable("no_such_scenario").empty());
  EXPECT_TRUE(PackedScenarioTable("").empty());
  EXPECT_EQ(LoadScenarioTable("no_such_scenario").status().code(), absl::StatusCode::kNotFound);
}

TEST(ScenarioTables, EachRuleSetsDefaultIsOneOfItsOwn) {
  for (const scenarios::EmbeddedScenario& sc : scenarios::AllScenarios()) {
    SCOPED_TRACE(sc.stem);
    absl::StatusOr<v1::TableState> table = LoadScenarioTable(sc.name);
    ASSERT_TRUE(table.ok());
    const Ruleset* rules = FindRuleset(RulesetIdOf(*table));
    ASSERT_NE(rules, nullptr);
    std::string name;
    absl::StatusOr<BattleState> start = ScenarioStart(*rules, &name);
    ASSERT_TRUE(start.ok()) << start.status();
    EXPECT_EQ(start->ruleset, rules->id());
    EXPECT_FALSE(name.empty());
  }
}

}  // namespace
}  // namespace impi::service
