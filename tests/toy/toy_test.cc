// A toy rule set (tests/toy/toy_ruleset.h) joins through its own folder and
// one registration line (toy_main.cc): the conformance suite (compiled into
// this binary, it runs over every registered rule set), `impi simulate`,
// `impi arena` (merge and replay too), the service's Advance, Ask and
// Describe on a real server, and the renderer all play it, with nothing
// else changed for it.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "clients/cli/arena_command.h"
#include "clients/cli/render.h"
#include "clients/cli/simulate.h"
#include "engine/game/ruleset.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "service/convert.h"
#include "service/scenarios.h"
#include "tests/service/rpc_server_fixture.h"
#include "tests/toy/toy_ruleset.h"

namespace impi {
namespace {

using ::testing::HasSubstr;

TEST(ToyRuleset, IsRegisteredByItsNames) {
  absl::StatusOr<const Ruleset*> toy = RulesetNamed("toy", "--ruleset");
  ASSERT_TRUE(toy.ok()) << toy.status();
  EXPECT_EQ((*toy)->id(), toy::kRulesetId);
  EXPECT_THAT(RulesetShortNames(), HasSubstr("toy"));
  EXPECT_EQ(service::DefaultScenario(**toy).value_or(""), "skirmish");
}

TEST(ToyRuleset, ImpiSimulatePlaysItTheSameWithAnyThreads) {
  cli::SimulateOptions o;
  o.ruleset = "toy";
  o.games = 30;
  o.seed = 5;
  std::ostringstream one, one_err, two, two_err;
  ASSERT_EQ(cli::SimulateCommand(o, one, one_err), 0) << one_err.str();
  o.threads = 2;
  ASSERT_EQ(cli::SimulateCommand(o, two, two_err), 0) << two_err.str();
  EXPECT_EQ(one.str(), two.str());
  EXPECT_THAT(one.str(), HasSubstr("impi simulate: TOY_SKIRMISH, scenario skirmish, 30 games (seeds 5..34)"));
  EXPECT_THAT(one.str(), HasSubstr("Mean figures lost: British "));
  // Both sides win some of 30 skirmishes.
  EXPECT_THAT(one.str(), ::testing::Not(HasSubstr("Zulu win          0")));
  EXPECT_THAT(one.str(), ::testing::Not(HasSubstr("British win       0")));
}

TEST(ToyRuleset, ImpiArenaPlaysMergesAndReplaysIt) {
  const std::string dir = ::testing::TempDir();
  const std::string a = dir + "/toy_arena_0.jsonl", b = dir + "/toy_arena_1.jsonl";
  arena::ArenaOptions o;
  o.ruleset = "toy";
  o.zulu = "mcts:16";
  o.british = "random";
  o.games = 6;
  o.seed = 3;
  std::ostringstream whole, whole_err;
  ASSERT_EQ(arena::ArenaCommand(o, "", whole, whole_err), 0) << whole_err.str();
  EXPECT_THAT(whole.str(), HasSubstr("impi arena: TOY_SKIRMISH, scenario skirmish, 6 games"));
  for (int i = 0; i < 2; ++i) {
    o.shard = {i, 2};
    std::ostringstream out, err;
    ASSERT_EQ(arena::ArenaCommand(o, i == 0 ? a : b, out, err), 0) << err.str();
  }
  std::ostringstream merged, merged_err;
  ASSERT_EQ(arena::MergeCommand({b, a}, merged, merged_err), 0) << merged_err.str();
  EXPECT_EQ(merged.str(), whole.str());
  std::ostringstream replay, replay_err;
  ASSERT_EQ(arena::ReplayCommand(a, 1, replay, replay_err), 0) << replay_err.str();
  EXPECT_THAT(replay.str(), HasSubstr("as recorded"));
}

// The toy's start as the contract carries it: by ruleset_id.
v1::TableState ToyTable(Phase phase) {
  const Ruleset* toy = FindRuleset(toy::kRulesetId);
  absl::StatusOr<BattleState> s = toy->Scenario("skirmish");
  EXPECT_TRUE(s.ok()) << s.status();
  s->clock.phase = phase;
  v1::TableState t;
  service::ToProto(*s, &t);
  return t;
}

class ToyRpc : public service::RpcServerTest {};

TEST_F(ToyRpc, AdvanceAskAndDescribeServeIt) {
  const v1::TableState start = ToyTable(Phase::kFire);
  EXPECT_EQ(start.ruleset(), v1::RULESET_UNSPECIFIED);
  EXPECT_EQ(start.ruleset_id(), toy::kRulesetId);

  // Advance: the British volleys, then the Zulus' charges, to the next turn.
  v1::AdvanceRequest advance;
  *advance.mutable_state() = start;
  advance.mutable_dice()->set_seed(7);
  for (const char* company : {"b1", "b2"}) {
    v1::Action* fire = advance.add_british_actions();
    fire->set_kind(v1::FIRE);
    fire->set_unit_id(company);
    fire->set_target_id("z2");
  }
  v1::AdvanceResponse advanced;
  grpc::Status st = GrpcAdvance(advance, &advanced);
  ASSERT_TRUE(st.ok()) << st.error_message();
  EXPECT_EQ(advanced.state().ruleset_id(), toy::kRulesetId);
  EXPECT_EQ(advanced.state().clock().turn(), 2);
  EXPECT_EQ(advanced.awaiting().side(), v1::BRITISH);
  int charged = 0;
  for (const v1::Event& e : advanced.events()) charged += e.kind() == v1::CHARGED && e.decision();
  EXPECT_EQ(charged, 2) << service::ToJson(advanced);
  // What impi answers, impi takes.
  v1::AdvanceRequest again;
  *again.mutable_state() = advanced.state();
  again.mutable_dice()->set_seed(8);
  *again.mutable_british_actions() = advance.british_actions();
  v1::AdvanceResponse next;
  st = GrpcAdvance(again, &next);
  ASSERT_TRUE(st.ok()) << st.error_message();

  // Ask: the decision awaited now, settled by the Zulu policy.
  v1::AskRequest ask;
  *ask.mutable_state() = ToyTable(Phase::kActivation);
  ask.mutable_next_decision();
  ask.mutable_dice()->set_seed(3);
  v1::AskResponse answer;
  st = GrpcAsk(ask, &answer);
  ASSERT_TRUE(st.ok()) << st.error_message();
  EXPECT_EQ(answer.decision().kind(), v1::CHARGED) << service::ToJson(answer);
  EXPECT_TRUE(answer.decision().decision());
  // None awaited: FAILED_PRECONDITION; another rule set's question: refused.
  *ask.mutable_state() = start;
  st = GrpcAsk(ask, &answer);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << st.error_message();
  EXPECT_THAT(st.error_message(), HasSubstr("next_decision: the state awaits no Zulu decision"));
  ask.mutable_ferree();
  *ask.mutable_state() = ToyTable(Phase::kActivation);
  st = GrpcAsk(ask, &answer);
  EXPECT_NE(st.error_code(), grpc::StatusCode::OK);

  // A ruleset_id this build does not know: INVALID_ARGUMENT naming it.
  v1::AdvanceRequest unknown = advance;
  unknown.mutable_state()->set_ruleset_id("NOT_A_RULESET");
  st = GrpcAdvance(unknown, &advanced);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(st.error_message(), HasSubstr("state.ruleset_id"));

  // Describe lists it by its id.
  v1::DescribeResponse described;
  grpc::ClientContext ctx;
  ASSERT_TRUE(stub_->Describe(&ctx, v1::DescribeRequest(), &described).ok());
  bool listed = false;
  for (const v1::RulesetInfo& r : described.rulesets()) {
    listed |= r.ruleset_id() == toy::kRulesetId && r.status() == "full";
  }
  EXPECT_TRUE(listed) << service::ToJson(described);
}

TEST(ToyRuleset, TheRendererDrawsIt) {
  const std::string svg = cli::RenderTableSvg(ToyTable(Phase::kFire), cli::RenderOptions{});
  EXPECT_THAT(svg, HasSubstr("data-unit-id=\"b1\""));
  EXPECT_THAT(svg, HasSubstr("data-unit-id=\"z2\""));
}

}  // namespace
}  // namespace impi
