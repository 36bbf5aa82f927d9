// clients/cli/play_test.cc: `impi play` (play.h) against a real impi-server
// on 127.0.0.1 (ephemeral port), with the player's commands typed in: the
// Empress skirmish at the drift, ordered unit by unit, with the commands a
// solo player at the table needs (options, do, fire without hits, join,
// order, limber, pass for the units not yet ordered); Pagano's Rorke's
// Drift, a battle its rule set builds itself, with 140 British figures that
// act one by one in any order (fire from the options, end the phase);
// Roark's Drift's hex game, from the orders impi offers only.
#include "clients/cli/play.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "clients/cli/request_io.h"
#include "google/protobuf/util/json_util.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "impi/v1/table.pb.h"
#include "impi/v1/umpire.grpc.pb.h"
#include "service/server.h"

namespace impi::cli {
namespace {

class PlayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    service::ServerOptions o;
    o.grpc_address = "127.0.0.1:0";
    o.enable_http = false;
    auto server = service::ImpiServer::Start(o);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = std::move(*server);
  }
  void TearDown() override {
    if (server_ != nullptr) server_->Shutdown();
  }

  // The loop's output for `input`, the game saved at `save`.
  std::string Play(const std::string& input, const std::string& save,
                   const std::string& scenario = "empress") {
    PlayOptions o;
    o.scenario = scenario;
    o.save = save;
    o.call.target = absl::StrCat("127.0.0.1:", server_->grpc_port());
    std::istringstream in(input);
    std::ostringstream out, err;
    EXPECT_EQ(PlayCommand(o, in, out, err), 0) << err.str();
    return out.str();
  }

  // The game the loop saved at `path`; false (with a failure) if it is no
  // TableState.
  static bool Saved(const std::string& path, v1::TableState* saved) {
    std::ifstream in(path);
    const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const bool ok = google::protobuf::util::JsonStringToMessage(json, saved).ok();
    EXPECT_TRUE(ok) << path << ": " << json.substr(0, 200);
    return ok;
  }

  std::unique_ptr<service::ImpiServer> server_;
};

TEST_F(PlayTest, AnEmpressSkirmishOrderedUnitByUnit) {
  const std::string save = ::testing::TempDir() + "play_test_empress.json";
  const std::string out = Play(
      "options b_officer\n"
      "fire b_coy\n"                       // a usage line: Empress fire has two forms
      "join b_officer b_nnc\n"             // the captain attaches himself to the NNC
      "fire b_coy z3\n"
      "limber b_gatling\n"
      "pass\n"                             // b_nnc and b_horse hold
      "order b_officer b_nnc attack\n"     // attached: he changes its standing order
      "options b_coy\n"
      "do 1\n"                             // b_coy's first option
      "pass\n"
      "quit\n",
      save);
  // The options are the engine's, numbered; the commander's joins among them.
  EXPECT_NE(out.find(". b_officer MOVE to join b_nnc to (26.0, 18.0)"), std::string::npos) << out;
  EXPECT_NE(out.find("usage: fire ID TARGET HITS or fire ID TARGET"), std::string::npos) << out;
  EXPECT_NE(out.find("noted: b_coy PASS"), std::string::npos) << out;
  // Every order sent was accepted: impi never refused a step.
  EXPECT_EQ(out.find("impi says:"), std::string::npos) << out;
  EXPECT_NE(out.find("move 3: British orders"), std::string::npos) << out;

  v1::TableState saved;
  ASSERT_TRUE(Saved(save, &saved));
  EXPECT_EQ(saved.empress().move(), 3);
  std::map<std::string, v1::EmpressUnit> by_id;
  for (const v1::EmpressUnit& u : saved.empress().units()) by_id[u.unit_id()] = u;
  EXPECT_EQ(by_id["b_nnc"].standing(), v1::EMPRESS_ATTACK);
  EXPECT_TRUE(by_id["b_gatling"].limbered());
}

TEST_F(PlayTest, AnEmpressOptionOutOfRangeOrAnUnknownOrderIsRefusedLocally) {
  const std::string out = Play(
      "do 999\n"
      "order b_officer b_nnc charge\n"
      "aim b_gatling z4 -3\n"
      "end\n"                 // every unit is ordered here: no phase to end
      "quit\n",
      "");
  EXPECT_NE(out.find("no option 999 (options lists them)"), std::string::npos) << out;
  EXPECT_NE(out.find("usage: order ID UNIT hold|attack"), std::string::npos) << out;
  EXPECT_NE(out.find("usage: aim ID TARGET INCHES"), std::string::npos) << out;
  EXPECT_NE(out.find("end ends a phase where the British act unit by unit; pass plays on."),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("noted"), std::string::npos) << out;
}

TEST_F(PlayTest, APaganoTurnAtRorkesDriftFigureByFigure) {
  const std::string save = ::testing::TempDir() + "play_test_pagano.json";
  const std::string turn = Play(
      "options\n"
      "do 2\n"                // the first figure's first FIRE (1 is its PASS)
      "send\n"
      "stance hook KNEELING\n"
      "end\n"                 // the rest stand: Zulu morale and melee, then Brit Movement
      "pass all\n"            // the medical corps, the Zulus' fire, melee, turn 2
      "quit\n",
      save, "rorkes_drift");
  EXPECT_NE(turn.find("impi play: rorkes_drift."), std::string::npos) << turn;
  EXPECT_NE(turn.find("impi awaits: turn 1, Brit Missile Fire: 140 British unit(s) to act"), std::string::npos)
      << turn;
  EXPECT_NE(turn.find(" and 128 more (units lists them)"), std::string::npos) << turn;
  EXPECT_NE(turn.find("pass ends the phase, the units that did not act standing"), std::string::npos) << turn;
  EXPECT_NE(turn.find("2. hook FIRE "), std::string::npos) << turn;
  EXPECT_NE(turn.find("noted: hook FIRE "), std::string::npos) << turn;
  EXPECT_NE(turn.find("hook fires at "), std::string::npos) << turn;
  EXPECT_NE(turn.find("usage: stance ID PRONE|UPRIGHT|SQUARE|MOUNTED|DISMOUNTED"), std::string::npos) << turn;
  EXPECT_NE(turn.find("The British end Brit Missile Fire."), std::string::npos) << turn;
  EXPECT_NE(turn.find("The British end Brit Movement."), std::string::npos) << turn;
  EXPECT_NE(turn.find("impi awaits: turn 2, Brit Missile Fire"), std::string::npos) << turn;
  EXPECT_EQ(turn.find("impi says:"), std::string::npos) << turn;

  v1::TableState saved;
  ASSERT_TRUE(Saved(save, &saved));
  EXPECT_EQ(saved.ruleset(), v1::PAGANO_D10);
  EXPECT_EQ(saved.clock().turn(), 2);
  EXPECT_EQ(saved.pagano().phase(), v1::PAGANO_BRIT_MISSILE_FIRE);
}

// Roark's Drift takes only the orders impi offers: each is listed with the
// rule set's own order, noted by number, and pass sends the PASS impi offers
// (a plain PASS would be refused).
TEST_F(PlayTest, RoarksDriftIsPlayedFromTheOrdersImpiOffers) {
  const std::string save = ::testing::TempDir() + "play_test_roarks.json";
  const std::string turn = Play(
      "options\n"
      "do 1\n"               // the placement (9.1), the one order offered
      "send\n"               // the Zulus choose their zones and come on
      "options chard\n"
      "do 1\n"               // chard's first move
      "send\n"
      "units\n"
      "pass\n"               // the British Movement Segment ends
      "quit\n",
      save, "roarks_drift");
  EXPECT_NE(turn.find("impi awaits: 9.1 British Placement"), std::string::npos) << turn;
  EXPECT_NE(turn.find("  1. DEPLOY: place\n"), std::string::npos) << turn;
  EXPECT_NE(turn.find("noted: DEPLOY: place"), std::string::npos) << turn;
  EXPECT_NE(turn.find("impi awaits: phase 1, turn 1: 3.2 British Movement Segment"), std::string::npos) << turn;
  const size_t first = turn.find("  1. chard MOVE into hex (");
  ASSERT_NE(first, std::string::npos) << turn;
  const std::string hex = turn.substr(first + 21, turn.find(')', first) - first - 20);  // "hex (7, 7)"
  EXPECT_NE(turn.find(absl::StrCat("1. chard MOVE into ", hex, ": move\n")), std::string::npos) << turn;
  EXPECT_NE(turn.find("chard ORDER: dig, direction "), std::string::npos) << turn;
  EXPECT_NE(turn.find(absl::StrCat("  chard BRITISH OFFICER in ", hex)), std::string::npos) << turn;
  EXPECT_NE(turn.find("impi awaits: phase 1, turn 1: 3.3 British Fire Segment"), std::string::npos) << turn;
  EXPECT_EQ(turn.find("impi says:"), std::string::npos) << turn;

  v1::TableState saved;
  ASSERT_TRUE(Saved(save, &saved));
  EXPECT_EQ(saved.ruleset(), v1::ROARKS_DRIFT);
  EXPECT_EQ(saved.roarks_drift().segment(), v1::ROARKS_BRITISH_FIRE);
}

TEST_F(PlayTest, APaganoVolleyFiresEveryFigureAtTheNearestTargetOffered) {
  const std::string out = Play("volley\nvolley\nquit\n", "", "rorkes_drift");
  const size_t volley = out.find("Volley: ");
  ASSERT_NE(volley, std::string::npos) << out;
  int fired = 0, stood = 0;
  ASSERT_EQ(std::sscanf(out.c_str() + volley, "Volley: %d fired, %d stood.", &fired, &stood), 2) << out;
  EXPECT_GT(fired, 10) << out;
  // A step a figure, each told.
  int told = 0;
  for (size_t at = out.find(" fires at "); at < volley; at = out.find(" fires at ", at + 1)) ++told;
  EXPECT_EQ(told, fired) << out;
  // The phase is over: the British move next, where a volley has no place.
  EXPECT_NE(out.find("impi awaits: turn 1, Brit Movement", volley), std::string::npos) << out;
  EXPECT_NE(out.find("volley is for a fire phase where the British units fire one by one."), std::string::npos)
      << out;
  EXPECT_EQ(out.find("impi says:"), std::string::npos) << out;
}

// The web page's saved game, {state, awaiting, events}: an answer of the
// real server to a step of `scenario`, the dice left out, as the page
// writes it.
std::string PageSaveOf(int port, const std::string& scenario) {
  absl::StatusOr<v1::TableState> table = LoadScenario(scenario);
  EXPECT_TRUE(table.ok()) << table.status();
  auto stub = v1::Umpire::NewStub(grpc::CreateChannel(absl::StrCat("127.0.0.1:", port),
                                                      grpc::InsecureChannelCredentials()));
  grpc::ClientContext context;
  v1::AdvanceResponse answer;
  const grpc::Status status = stub->Advance(&context, WrapState(*table, 3), &answer);
  EXPECT_TRUE(status.ok()) << status.error_message();
  EXPECT_GT(answer.events_size(), 0);
  answer.clear_dice();
  const std::string path = ::testing::TempDir() + "play_test_page_save_" + scenario + ".json";
  EXPECT_TRUE(WriteOutput(path, ToJson(answer)).ok());
  return path;
}

// `impi advance` and `impi play --load` take the page's saved game as they
// take a bare TableState: its table, played on.
TEST_F(PlayTest, ThePagesSavedGameIsAdvancedAndLoaded) {
  const std::string saved = PageSaveOf(server_->grpc_port(), "isandlwana");
  v1::AdvanceResponse file;
  ASSERT_TRUE(ParseJson(*ReadInput(saved), &file).ok());
  ASSERT_TRUE(file.has_awaiting());

  CallOptions call;
  call.target = absl::StrCat("127.0.0.1:", server_->grpc_port());
  DiceOptions dice;
  dice.seed = 11;
  // The British pass (the deployment ends): the table is played on.
  AdvanceOptions pass;
  pass.actions_path = ::testing::TempDir() + "play_test_page_save_pass.json";
  ASSERT_TRUE(WriteOutput(pass.actions_path, R"([{"kind": "PASS"}])").ok());
  std::ostringstream out, err;
  ASSERT_EQ(AdvanceCommand(saved, pass, dice, call, out, err), kExitOk) << err.str();
  v1::AdvanceResponse answer;
  ASSERT_TRUE(ParseJson(out.str(), &answer).ok()) << out.str().substr(0, 300);
  EXPECT_GT(answer.events_size(), 0);
  EXPECT_EQ(answer.state().scenario(), file.state().scenario());
  EXPECT_FALSE(answer.state().SerializeAsString() == file.state().SerializeAsString())
      << "the saved table was played on";

  PlayOptions o;
  o.load = saved;
  o.call.target = call.target;
  std::istringstream in("pass\nquit\n");
  std::ostringstream play_out, play_err;
  EXPECT_EQ(PlayCommand(o, in, play_out, play_err), kExitOk) << play_err.str();
  EXPECT_EQ(play_err.str(), "");
  EXPECT_NE(play_out.str().find(absl::StrCat("impi play: ", saved)), std::string::npos)
      << play_out.str();
  EXPECT_NE(play_out.str().find("impi awaits: "), std::string::npos) << play_out.str();
  EXPECT_EQ(play_out.str().find("impi says:"), std::string::npos) << play_out.str();
}

// A file that is none of the forms: refused, the forms named.
TEST_F(PlayTest, ALoadThatIsNoSavedGameIsRefused) {
  const std::string path = ::testing::TempDir() + "play_test_not_a_save.json";
  ASSERT_TRUE(WriteOutput(path, R"({"state": {"scenario": "x"}, "score": 3})").ok());
  PlayOptions o;
  o.load = path;
  o.call.target = absl::StrCat("127.0.0.1:", server_->grpc_port());
  std::istringstream in("quit\n");
  std::ostringstream out, err;
  EXPECT_EQ(PlayCommand(o, in, out, err), kExitError);
  EXPECT_NE(err.str().find("not a saved game"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("{state, awaiting, events}"), std::string::npos) << err.str();
}

TEST_F(PlayTest, AnUnknownScenarioNamesThoseTheRuleSetsBuild) {
  PlayOptions o;
  o.scenario = "no_such_battle";
  o.call.target = absl::StrCat("127.0.0.1:", server_->grpc_port());
  std::istringstream in("quit\n");
  std::ostringstream out, err;
  EXPECT_NE(PlayCommand(o, in, out, err), 0);
  EXPECT_NE(err.str().find("built by their rule sets: rorkes_drift, isandlwana_tactical"), std::string::npos)
      << err.str();
}

}  // namespace
}  // namespace impi::cli
