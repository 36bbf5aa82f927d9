// The `impi` commands against a fake Umpire service on 127.0.0.1 (an
// ephemeral port): what they send, what they print, and their exit codes.
#include "clients/cli/commands.h"

#include <cstdio>
#include <memory>
#include <mutex>
#include <sstream>
#include <unistd.h>

#include <string>

#include "clients/cli/request_io.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "impi/v1/umpire.grpc.pb.h"

namespace impi::cli {
namespace {

// Records the last request and answers with a canned response or error.
class FakeUmpire final : public v1::Umpire::Service {
 public:
  grpc::Status Advance(grpc::ServerContext*, const v1::AdvanceRequest* request,
                       v1::AdvanceResponse* response) override {
    std::lock_guard<std::mutex> lock(mu_);
    ++calls_;
    last_advance_ = *request;
    if (!error_.ok()) return error_;
    v1::Event* e = response->add_events();
    e->set_seq(1);
    e->set_kind(v1::TURN_STARTED);
    e->mutable_why()->set_text("Turn 1 begins.");
    *response->mutable_state() = request->state();
    response->mutable_state()->mutable_clock()->set_phase(v1::MOVEMENT);
    response->mutable_awaiting()->set_side(v1::BRITISH);
    response->mutable_awaiting()->set_kind(v1::BRITISH_MOVE);
    response->mutable_awaiting()->set_prompt("Red card 1 of 3");
    return grpc::Status::OK;
  }
  grpc::Status Ask(grpc::ServerContext*, const v1::AskRequest* request,
                   v1::AskResponse* response) override {
    std::lock_guard<std::mutex> lock(mu_);
    ++calls_;
    last_ask_ = *request;
    if (!error_.ok()) return error_;
    response->mutable_decision()->set_seq(1);
    response->mutable_decision()->set_kind(v1::HAND_ASSIGNED);
    *response->add_events() = response->decision();
    *response->mutable_state() = request->state();
    return grpc::Status::OK;
  }
  grpc::Status Describe(grpc::ServerContext*, const v1::DescribeRequest*,
                        v1::DescribeResponse* response) override {
    std::lock_guard<std::mutex> lock(mu_);
    ++calls_;
    response->set_version("9.9.9");
    v1::RulesetInfo* r = response->add_rulesets();
    r->set_ruleset(v1::TSATF_ZULU_CONTROL);
    r->set_status("full");
    return grpc::Status::OK;
  }

  void set_error(grpc::Status error) {
    std::lock_guard<std::mutex> lock(mu_);
    error_ = std::move(error);
  }
  int calls() {
    std::lock_guard<std::mutex> lock(mu_);
    return calls_;
  }
  v1::AdvanceRequest last_advance() {
    std::lock_guard<std::mutex> lock(mu_);
    return last_advance_;
  }
  v1::AskRequest last_ask() {
    std::lock_guard<std::mutex> lock(mu_);
    return last_ask_;
  }

 private:
  std::mutex mu_;
  int calls_ = 0;
  grpc::Status error_ = grpc::Status::OK;
  v1::AdvanceRequest last_advance_;
  v1::AskRequest last_ask_;
};

class CommandsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(&fake_);
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
    ASSERT_GT(port, 0);
    call_.target = "127.0.0.1:" + std::to_string(port);
  }
  void TearDown() override {
    if (server_) server_->Shutdown();
    for (const std::string& f : files_) std::remove(f.c_str());
  }
  // A path of this test's own: ctest runs the tests of this file in parallel
  // processes, so names carry the test's name and the process id.
  static std::string Unique(const std::string& name) {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    return ::testing::TempDir() + "commands_test_" + test->name() + "_" +
           std::to_string(::getpid()) + "_" + name;
  }
  std::string File(const std::string& name, const std::string& text) {
    const std::string path = Unique(name);
    EXPECT_TRUE(WriteOutput(path, text).ok());
    files_.push_back(path);
    return path;
  }
  std::string Scratch(const std::string& name) {
    const std::string path = Unique(name);
    files_.push_back(path);
    return path;
  }

  FakeUmpire fake_;
  std::unique_ptr<grpc::Server> server_;
  CallOptions call_;
  std::ostringstream out_, err_;
  std::vector<std::string> files_;
};

constexpr char kState[] = R"({"ruleset": "TSATF_ZULU_CONTROL", "scenario": "chain"})";

TEST_F(CommandsTest, AdvanceWrapsABareStateWithSeedOne) {
  const int code = AdvanceCommand(File("state.json", kState), AdvanceOptions{}, DiceOptions{},
                                  call_, out_, err_);
  ASSERT_EQ(code, kExitOk) << err_.str();
  const v1::AdvanceRequest sent = fake_.last_advance();
  EXPECT_EQ(sent.state().scenario(), "chain");
  EXPECT_EQ(sent.dice().seed(), 1u);
  v1::AdvanceResponse printed;
  ASSERT_TRUE(ParseJson(out_.str(), &printed).ok()) << out_.str();
  EXPECT_EQ(printed.awaiting().prompt(), "Red card 1 of 3");
  EXPECT_EQ(err_.str(), "");
}

TEST_F(CommandsTest, AdvanceKeepsTheRequestsDiceUnlessDiceAreGiven) {
  const std::string path =
      File("req.json", R"({"state": {"scenario": "r"}, "dice": {"seed": "42"}})");
  ASSERT_EQ(AdvanceCommand(path, AdvanceOptions{}, DiceOptions{}, call_, out_, err_), kExitOk);
  EXPECT_EQ(fake_.last_advance().dice().seed(), 42u);

  DiceOptions physical;
  physical.faces = {5, 3};
  physical.given = true;
  ASSERT_EQ(AdvanceCommand(path, AdvanceOptions{}, physical, call_, out_, err_), kExitOk);
  const v1::AdvanceRequest sent = fake_.last_advance();
  ASSERT_EQ(sent.dice().source_case(), v1::DiceSource::kScripted);
  EXPECT_EQ(sent.dice().scripted().dice(0), 5);
  EXPECT_EQ(sent.dice().scripted().dice(1), 3);
}

TEST_F(CommandsTest, AdvanceAppendsActionsAndAsksForTheBritishView) {
  AdvanceOptions options;
  options.actions_path =
      File("moves.json", R"([{"kind": "MOVE", "unit_id": "b6", "to": {"x": 20, "y": 12}},
                             {"kind": "PASS"}])");
  options.british_view = true;
  ASSERT_EQ(AdvanceCommand(File("s.json", kState), options, DiceOptions{}, call_, out_, err_),
            kExitOk)
      << err_.str();
  const v1::AdvanceRequest sent = fake_.last_advance();
  ASSERT_EQ(sent.british_actions_size(), 2);
  EXPECT_EQ(sent.british_actions(0).unit_id(), "b6");
  EXPECT_TRUE(sent.british_view());
}

TEST_F(CommandsTest, StateOutWritesTheReturnedStateForTheNextTurn) {
  call_.state_out = Scratch("next.json");
  call_.explain = true;
  ASSERT_EQ(
      AdvanceCommand(File("s.json", kState), AdvanceOptions{}, DiceOptions{}, call_, out_, err_),
      kExitOk);
  absl::StatusOr<std::string> written = ReadInput(call_.state_out);
  ASSERT_TRUE(written.ok());
  v1::TableState next;
  ASSERT_TRUE(ParseJson(*written, &next).ok()) << *written;
  EXPECT_EQ(next.scenario(), "chain");
  EXPECT_EQ(next.clock().phase(), v1::MOVEMENT);
  EXPECT_NE(out_.str().find("[1] TURN_STARTED  Turn 1 begins."), std::string::npos) << out_.str();
  EXPECT_NE(out_.str().find("awaiting BRITISH BRITISH_MOVE: Red card 1 of 3"), std::string::npos);

  // The written state advances again as a bare TableState.
  ASSERT_EQ(AdvanceCommand(call_.state_out, AdvanceOptions{}, DiceOptions{}, call_, out_, err_),
            kExitOk);
  EXPECT_EQ(fake_.last_advance().state().clock().phase(), v1::MOVEMENT);
}

TEST_F(CommandsTest, ServerErrorIsPrintedWithItsCodeAndExitsTwo) {
  fake_.set_error(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                               "state.units[2].figures.fit: -2 is negative"));
  EXPECT_EQ(
      AdvanceCommand(File("s.json", kState), AdvanceOptions{}, DiceOptions{}, call_, out_, err_),
      kExitError);
  EXPECT_EQ(err_.str(), "error: INVALID_ARGUMENT: state.units[2].figures.fit: -2 is negative\n");
  EXPECT_EQ(out_.str(), "");
}

TEST_F(CommandsTest, UnparsableFileExitsTwoWithoutCallingTheServer) {
  const std::string path = File("bad.json", "{\"units\": [");
  EXPECT_EQ(AdvanceCommand(path, AdvanceOptions{}, DiceOptions{}, call_, out_, err_), kExitError);
  EXPECT_EQ(err_.str().rfind("error: " + path + ": neither an AdvanceRequest", 0), 0u)
      << err_.str();
  EXPECT_EQ(AskCommand(path, DiceOptions{}, call_, out_, err_), kExitError);
  EXPECT_EQ(
      AdvanceCommand(Scratch("missing.json"), AdvanceOptions{}, DiceOptions{}, call_, out_, err_),
      kExitError);
  EXPECT_EQ(fake_.calls(), 0);
}

TEST_F(CommandsTest, UnreachableServerIsUnavailable) {
  server_->Shutdown();
  call_.deadline_ms = 2000;
  EXPECT_EQ(DescribeCommand(call_, out_, err_), kExitError);
  EXPECT_EQ(err_.str().rfind("error: UNAVAILABLE: ", 0), 0u) << err_.str();
}

TEST_F(CommandsTest, AskSendsTheQuestionAndDefaultsTheDice) {
  const std::string path =
      File("ask.json", R"({"state": {"scenario": "a"}, "tsatf": {"hand": {"unit_id": "z1"}}})");
  ASSERT_EQ(AskCommand(path, DiceOptions{}, call_, out_, err_), kExitOk) << err_.str();
  const v1::AskRequest sent = fake_.last_ask();
  EXPECT_EQ(sent.question_case(), v1::AskRequest::kTsatf);
  EXPECT_EQ(sent.tsatf().hand().unit_id(), "z1");
  EXPECT_EQ(sent.dice().seed(), 1u);
  v1::AskResponse printed;
  ASSERT_TRUE(ParseJson(out_.str(), &printed).ok());
  EXPECT_EQ(printed.decision().kind(), v1::HAND_ASSIGNED);
}

TEST_F(CommandsTest, DescribeExplained) {
  call_.explain = true;
  ASSERT_EQ(DescribeCommand(call_, out_, err_), kExitOk);
  EXPECT_NE(out_.str().find("impi server 9.9.9"), std::string::npos);
  EXPECT_NE(out_.str().find("TSATF_ZULU_CONTROL"), std::string::npos);
}

TEST(ExampleCommandTest, PrintsValidatesWrapsAndLists) {
  std::ostringstream out, err;
  ASSERT_EQ(ExampleCommand("tsatf", false, false, 1, out, err), kExitOk);
  v1::TableState state;
  ASSERT_TRUE(ParseJson(out.str(), &state).ok());
  EXPECT_EQ(state.units_size(), 9);

  std::ostringstream request_out;
  ASSERT_EQ(ExampleCommand("tsatf", true, false, 5, request_out, err), kExitOk);
  v1::AdvanceRequest request;
  ASSERT_TRUE(ParseJson(request_out.str(), &request).ok());
  EXPECT_EQ(request.dice().seed(), 5u);
  EXPECT_EQ(request.state().scenario(), "tsatf_patrol");

  std::ostringstream validate_out;
  ASSERT_EQ(ExampleCommand("tsatf", false, true, 1, validate_out, err), kExitOk);
  EXPECT_EQ(validate_out.str(),
            "tsatf_patrol: parses as a TableState: 9 units, 11 terrain features, 20 points\n");

  std::ostringstream list_out;
  ASSERT_EQ(ExampleCommand("", false, false, 1, list_out, err), kExitOk);
  EXPECT_NE(list_out.str().find("tsatf\ttsatf_patrol.json"), std::string::npos);
  EXPECT_NE(list_out.str().find("rorkes_drift\tbuilt by PAGANO_D10\n"), std::string::npos) << list_out.str();
  EXPECT_NE(list_out.str().find("roarks_drift\tbuilt by ROARKS_DRIFT\n"), std::string::npos) << list_out.str();

  std::ostringstream bad_err;
  EXPECT_EQ(ExampleCommand("nope", false, false, 1, out, bad_err), kExitError);
  // The JSON scenarios, then those the rule sets build themselves.
  EXPECT_EQ(bad_err.str(),
            "error: no built-in scenario \"nope\"; known: tsatf, isandlwana, isandlwana_even, empress, "
            "isandlwana_ridge, rorkes_drift, isandlwana_tactical, roarks_drift\n");

  // A scenario a rule set builds itself prints as a table too.
  std::ostringstream own_out;
  ASSERT_EQ(ExampleCommand("rorkes_drift", false, true, 1, own_out, err), kExitOk) << err.str();
  EXPECT_NE(own_out.str().find("rorkes_drift: parses as a TableState"), std::string::npos) << own_out.str();

  // And printed whole: the table its rule set builds, as JSON that parses
  // back to the same table (no packed file to print).
  for (const char* own : {"rorkes_drift", "isandlwana_tactical", "roarks_drift"}) {
    std::ostringstream json_out, json_err;
    ASSERT_EQ(ExampleCommand(own, false, false, 1, json_out, json_err), kExitOk) << own << json_err.str();
    v1::TableState printed;
    ASSERT_TRUE(ParseJson(json_out.str(), &printed).ok()) << own;
    absl::StatusOr<v1::TableState> loaded = LoadScenario(own);
    ASSERT_TRUE(loaded.ok()) << own;
    EXPECT_EQ(printed.SerializeAsString(), loaded->SerializeAsString()) << own;
    EXPECT_GT(printed.units_size(), 0) << own;
  }
}

}  // namespace
}  // namespace impi::cli
