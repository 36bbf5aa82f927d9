// tests/service/roarks_render_test.cc: Roark's Drift's board through the
// impi-server binary's POST /v1/Render (the one renderer, clients/cli/render.h,
// as the web page asks for it): the built-in scenario, as GET
// /v1/Scenarios/roarks_drift serves it, is drawn hex by hex with its walls,
// zones and legend, and a state with a stack of three and a fire is drawn
// with its count and the fire, in both views.
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/service/server_process.h"

namespace impi::service {
namespace {

using testing::ServerProcess;

constexpr char kJson[] = "application/json";

// How many times `what` occurs in `text`.
size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

TEST(RoarksRenderTest, TheBoardIsDrawnThroughTheServer) {
  ServerProcess server(/*grace_ms=*/1000);
  ASSERT_TRUE(server.started());
  auto scenario = server.Http().Get("/v1/Scenarios/roarks_drift");
  ASSERT_TRUE(scenario);
  ASSERT_EQ(scenario->status, 200) << scenario->body.substr(0, 300);
  auto res = server.Http().Post("/v1/Render", scenario->body, kJson);
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200) << res->body.substr(0, 300);
  EXPECT_EQ(res->get_header_value("Content-Type"), "image/svg+xml");
  const std::string& svg = res->body;
  EXPECT_EQ(Count(svg, "<g class=\"hex\" data-q="), 48u * 32u);
  EXPECT_NE(svg.find("data-hex-columns=\"48\" data-hex-rows=\"32\""), std::string::npos);
  EXPECT_GT(Count(svg, "<line class=\"side wall\""), 50u);
  EXPECT_GT(Count(svg, "<line class=\"side loophole\""), 10u);
  EXPECT_EQ(Count(svg, "<g class=\"area entry-zone\""), 8u);
  EXPECT_EQ(Count(svg, "class=\"legend\""), 1u);

  // Three British counters in one hex (column 20, row 12 of the post's
  // yard), room 3 of the hospital on fire.
  nlohmann::json state = nlohmann::json::parse(scenario->body);
  int placed = 0;
  for (nlohmann::json& u : state["units"]) {
    if (placed == 3) break;
    if (u.value("side", "") != "BRITISH") continue;
    u["off_table"] = false;
    u["hex"] = {{"q", 20}, {"r", 2}};
    for (nlohmann::json& x : state["roarks_drift"]["counters"]) {
      if (x["unit_id"] == u["id"]) x["stack_pos"] = placed;
    }
    ++placed;
  }
  ASSERT_EQ(placed, 3);
  state["roarks_drift"]["fires"] = nlohmann::json::array({nlohmann::json{{"room", 3}}});
  for (const char* path : {"/v1/Render", "/v1/Render?reveal=1"}) {
    SCOPED_TRACE(path);
    res = server.Http().Post(path, state.dump(), kJson);
    ASSERT_TRUE(res);
    ASSERT_EQ(res->status, 200) << res->body.substr(0, 300);
    EXPECT_EQ(Count(res->body, "<g class=\"stack-count\" data-q=\"20\" data-r=\"2\" data-count=\"3\""), 1u);
    EXPECT_EQ(Count(res->body, "data-q=\"20\" data-r=\"2\" data-stack-pos="), 3u);
    EXPECT_EQ(Count(res->body, "<g class=\"fire\" data-room=\"3\""), 1u);
  }
}

}  // namespace
}  // namespace impi::service
