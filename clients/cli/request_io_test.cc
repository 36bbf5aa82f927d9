#include "clients/cli/request_io.h"

#include <cstdio>
#include <string>

#include "gtest/gtest.h"

namespace impi::cli {
namespace {

constexpr char kBareState[] = R"({"ruleset": "TSATF_ZULU_CONTROL", "scenario": "s",
  "units": [{"id": "b1", "side": "BRITISH", "kind": "INFANTRY"}]})";

TEST(ParseAdvanceInputTest, BareStateIsWrappedWithTheSeed) {
  bool wrapped = false;
  absl::StatusOr<v1::AdvanceRequest> r = ParseAdvanceInput(kBareState, 7, &wrapped);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(wrapped);
  EXPECT_EQ(r->state().scenario(), "s");
  EXPECT_EQ(r->state().units(0).kind(), v1::INFANTRY);
  EXPECT_EQ(r->dice().source_case(), v1::DiceSource::kSeed);
  EXPECT_EQ(r->dice().seed(), 7u);
}

TEST(ParseAdvanceInputTest, RequestIsTakenAsItIs) {
  bool wrapped = true;
  absl::StatusOr<v1::AdvanceRequest> r = ParseAdvanceInput(
      R"({"state": {"scenario": "s"}, "dice": {"scripted": {"dice": [4, 2]}},
          "british_actions": [{"kind": "PASS"}]})",
      7, &wrapped);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(wrapped);
  EXPECT_EQ(r->dice().scripted().dice_size(), 2);
  ASSERT_EQ(r->british_actions_size(), 1);
  EXPECT_EQ(r->british_actions(0).kind(), v1::PASS);
}

// The web page's saved game: its table, wrapped with the seed; what it
// awaited and its log are the page's own.
TEST(ParseAdvanceInputTest, ThePagesSavedGameIsWrappedWithTheSeed) {
  bool wrapped = false;
  absl::StatusOr<v1::AdvanceRequest> r = ParseAdvanceInput(
      R"({"events": [{"seq": 1, "kind": "TURN_STARTED", "why": {"text": "Turn 1 begins."}}],
          "state": {"ruleset": "FERREE_ISANDLWANA", "scenario": "isandlwana"},
          "awaiting": {"side": "BRITISH", "kind": "BRITISH_MOVE", "prompt": "p"}})",
      9, &wrapped);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(wrapped);
  EXPECT_EQ(r->state().ruleset(), v1::FERREE_ISANDLWANA);
  EXPECT_EQ(r->state().scenario(), "isandlwana");
  EXPECT_EQ(r->dice().seed(), 9u);
  EXPECT_EQ(r->british_actions_size(), 0);
}

// A saved game's shape with no table in it is not one.
TEST(ParseAdvanceInputTest, ASavedGameWithoutAStateIsRefused) {
  absl::StatusOr<v1::AdvanceRequest> r =
      ParseAdvanceInput(R"({"awaiting": {"prompt": "p"}, "events": []})", 1, nullptr);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("nor a saved game {state, awaiting, events} (no state)"),
            absl::string_view::npos)
      << r.status();
}

TEST(ParseAdvanceInputTest, NeitherGivesBothParsersMessages) {
  absl::StatusOr<v1::AdvanceRequest> r = ParseAdvanceInput(R"({"bogus": 1})", 1, nullptr);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("neither an AdvanceRequest"), absl::string_view::npos);
  EXPECT_NE(r.status().message().find("bogus"), absl::string_view::npos);
}

TEST(ParseAdvanceInputTest, SyntaxErrorIsInvalidArgument) {
  EXPECT_EQ(ParseAdvanceInput("{\"state\": ", 1, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ParseJsonTest, UnknownEnumNameIsRejected) {
  v1::TableState s;
  EXPECT_FALSE(ParseJson(R"({"ruleset": "WARHAMMER"})", &s).ok());
  EXPECT_TRUE(ParseJson(R"({"ruleset": "PAGANO_D10"})", &s).ok());
  EXPECT_EQ(s.ruleset(), v1::PAGANO_D10);
}

TEST(AppendBritishActionsTest, ArrayIsAppended) {
  v1::AdvanceRequest r;
  r.add_british_actions()->set_kind(v1::PASS);
  ASSERT_TRUE(AppendBritishActions(
                  R"( [{"kind": "MOVE", "unit_id": "b6", "to": {"x": 20, "y": 14}},
                       {"kind": "PASS"}])",
                  &r)
                  .ok());
  ASSERT_EQ(r.british_actions_size(), 3);
  EXPECT_EQ(r.british_actions(1).kind(), v1::MOVE);
  EXPECT_EQ(r.british_actions(1).unit_id(), "b6");
  EXPECT_EQ(r.british_actions(1).to().y(), 14);
  EXPECT_EQ(r.british_actions(2).kind(), v1::PASS);
}

TEST(AppendBritishActionsTest, ObjectWithBritishActionsOnly) {
  v1::AdvanceRequest r;
  ASSERT_TRUE(AppendBritishActions(R"({"british_actions": [{"kind": "PASS"}]})", &r).ok());
  EXPECT_EQ(r.british_actions_size(), 1);
  const absl::Status with_state =
      AppendBritishActions(R"({"state": {}, "british_actions": []})", &r);
  EXPECT_EQ(with_state.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(r.british_actions_size(), 1);
}

TEST(AppendBritishActionsTest, BadActionsAreRejected) {
  v1::AdvanceRequest r;
  EXPECT_FALSE(AppendBritishActions("", &r).ok());
  EXPECT_FALSE(AppendBritishActions(R"([{"kind": "DANCE"}])", &r).ok());
  EXPECT_EQ(r.british_actions_size(), 0);
}

TEST(MakeDiceTest, CardsAloneMakeAScript) {
  const v1::DiceSource d = MakeDice(9, {}, {v1::RED, v1::BLACK});
  ASSERT_TRUE(d.has_scripted());
  EXPECT_EQ(d.scripted().dice_size(), 0);
  ASSERT_EQ(d.scripted().cards_size(), 2);
  EXPECT_EQ(d.scripted().cards(1), v1::BLACK);
}

TEST(MakeDiceTest, FacesMakeScriptedDiceElseSeed) {
  EXPECT_EQ(MakeDice(9, {}).seed(), 9u);
  const v1::DiceSource scripted = MakeDice(9, {3, 6, 1});
  ASSERT_EQ(scripted.source_case(), v1::DiceSource::kScripted);
  EXPECT_EQ(scripted.scripted().dice_size(), 3);
  EXPECT_EQ(scripted.scripted().dice(1), 6);
}

TEST(ToJsonTest, UsesProtoFieldNamesAndRoundTrips) {
  v1::AdvanceRequest r = WrapState(v1::TableState(), 3);
  r.set_british_view(true);
  const std::string json = ToJson(r);
  EXPECT_NE(json.find("\"british_view\": true"), std::string::npos) << json;
  EXPECT_EQ(json.back(), '\n');
  v1::AdvanceRequest back;
  ASSERT_TRUE(ParseJson(json, &back).ok());
  EXPECT_EQ(back.dice().seed(), 3u);
  EXPECT_TRUE(back.british_view());
}

TEST(FilesTest, WriteThenReadAndMissingFile) {
  const std::string path = ::testing::TempDir() + "request_io_test.json";
  ASSERT_TRUE(WriteOutput(path, "{\"scenario\": \"x\"}").ok());
  absl::StatusOr<std::string> text = ReadInput(path);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*text, "{\"scenario\": \"x\"}");
  std::remove(path.c_str());
  EXPECT_EQ(ReadInput(path).status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace impi::cli
