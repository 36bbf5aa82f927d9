// tests/service/web_static_test.cc: the web page's routes (service/web_static.h)
// on a real ImpiServer's JSON/HTTP listener on loopback: the files of the web
// root and of the JavaScript client's folder, nothing outside them, the
// built-in scenarios, and POST /v1/Render through the binary's renderer (a
// stand-in here: the renderer itself is tested in clients/cli/render_test.cc
// and by the browser test).
#include "service/server.h"

// clang-format off
// Before httplib.h: it includes <resolv.h>, whose `_res` macro breaks Eigen.
#include "engine/game/ruleset.h"
// clang-format on

#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "absl/status/status.h"
#include "service/web_static.h"

namespace impi::service {
namespace {

namespace fs = std::filesystem;

void Write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

// A server on loopback, ephemeral ports, allowing the origin `cors`.
std::unique_ptr<ImpiServer> StartServer(const std::string& cors = "") {
  ServerOptions o;
  o.grpc_address = "127.0.0.1:0";
  o.http_port = 0;
  if (!cors.empty()) o.cors_origins = {cors};
  auto server = ImpiServer::Start(o);
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? std::move(*server) : nullptr;
}

// The HTTP status of an answer (-1: no answer).
int StatusOf(const httplib::Result& res) { return res ? res->status : -1; }

class WebStaticTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("impi_web_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    Write(dir_ / "web" / "index.html", "<!doctype html><title>impi</title>");
    Write(dir_ / "web" / "app.js", "export const x = 1;");
    Write(dir_ / "web" / "style.css", "body {}");
    Write(dir_ / "web" / "notes.bin", "binary");
    Write(dir_ / "js" / "impi.js", "export class ImpiClient {}");
    Write(dir_ / "secret.txt", "not for the web");
    WebOptions web;
    web.root = (dir_ / "web").string();
    web.render = [](const std::string& json, bool reveal,
                    const RenderLimits&) -> absl::StatusOr<std::string> {
      if (json.find("units") == std::string::npos) {
        return absl::InvalidArgumentError("not a TableState");
      }
      return std::string(reveal ? "<svg>reveal</svg>" : "<svg>british</svg>");
    };
    SetWebOptions(web);
    server_ = StartServer("http://vtt.example");
    ASSERT_NE(server_, nullptr);
  }
  void TearDown() override {
    if (server_) server_->Shutdown();
    SetWebOptions(WebOptions{});  // the other tests' servers serve no page
    fs::remove_all(dir_);
  }
  httplib::Client Http() const { return httplib::Client("127.0.0.1", server_->http_port()); }

  fs::path dir_;
  std::unique_ptr<ImpiServer> server_;
};

TEST_F(WebStaticTest, ServesThePageAndTheClientWithTheirTypes) {
  httplib::Client c = Http();
  auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->body, "<!doctype html><title>impi</title>");
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  auto app = c.Get("/app.js");
  ASSERT_TRUE(app);
  EXPECT_EQ(app->status, 200);
  EXPECT_EQ(app->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  auto css = c.Get("/style.css");
  ASSERT_TRUE(css);
  EXPECT_EQ(css->get_header_value("Content-Type"), "text/css; charset=utf-8");
  auto lib = c.Get("/js/impi.js");
  ASSERT_TRUE(lib);
  EXPECT_EQ(lib->status, 200);
  EXPECT_EQ(lib->body, "export class ImpiClient {}");
}

TEST_F(WebStaticTest, NothingOutsideTheRootsNorOfUnknownTypes) {
  httplib::Client c = Http();
  for (const char* path : {"/../secret.txt", "/%2e%2e/secret.txt", "/js/../../secret.txt",
                           "/notes.bin", "/missing.js", "/web/index.html"}) {
    auto res = c.Get(path);
    ASSERT_TRUE(res) << path;
    EXPECT_EQ(res->status, 404) << path;
    EXPECT_EQ(res->body.find("not for the web"), std::string::npos) << path;
    const nlohmann::json body = nlohmann::json::parse(res->body, nullptr, false);
    EXPECT_EQ(body.value("status", ""), "NOT_FOUND") << path << ": " << res->body;
  }
}

TEST_F(WebStaticTest, JsonMethodsStillAnswerBesideThePage) {
  httplib::Client c = Http();
  EXPECT_EQ(StatusOf(c.Post("/v1/Describe", "{}", "application/json")), 200);
  EXPECT_EQ(StatusOf(c.Get("/v1/Advance")), 405);
  auto health = c.Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->body, R"({"status":"SERVING"})");
}

TEST_F(WebStaticTest, ScenariosAreListedWithTheirRuleSetsAndServed) {
  httplib::Client c = Http();
  auto list = c.Get("/v1/Scenarios");
  ASSERT_TRUE(list);
  ASSERT_EQ(list->status, 200);
  const nlohmann::json scenarios = nlohmann::json::parse(list->body);
  ASSERT_TRUE(scenarios.is_array());
  ASSERT_FALSE(scenarios.empty());
  for (const nlohmann::json& s : scenarios) {
    EXPECT_FALSE(s["ruleset"].get<std::string>().empty()) << s.dump();
    auto table = c.Get("/v1/Scenarios/" + s["name"].get<std::string>());
    ASSERT_TRUE(table);
    EXPECT_EQ(table->status, 200);
    const nlohmann::json state = nlohmann::json::parse(table->body);
    EXPECT_EQ(state["ruleset"], s["ruleset"]);
    EXPECT_FALSE(state["units"].empty());
  }
  auto missing = c.Get("/v1/Scenarios/nowhere");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
}

TEST_F(WebStaticTest, RenderAnswersTheRenderersSvgOrItsError) {
  httplib::Client c = Http();
  auto plain = c.Post("/v1/Render", R"({"units": []})", "application/json");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->status, 200);
  EXPECT_EQ(plain->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_EQ(plain->body, "<svg>british</svg>");
  auto revealed = c.Post("/v1/Render?reveal=1", R"({"units": []})", "application/json");
  ASSERT_TRUE(revealed);
  EXPECT_EQ(revealed->body, "<svg>reveal</svg>");
  auto bad = c.Post("/v1/Render", "{}", "application/json");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 400);
  EXPECT_NE(bad->body.find("not a TableState"), std::string::npos);
}

// A VTT on another origin reads the scenarios and pictures too.
TEST_F(WebStaticTest, ScenariosAndRenderCarryTheGatewaysCorsHeaders) {
  httplib::Client c = Http();
  auto list = c.Get("/v1/Scenarios", {{"Origin", "http://vtt.example"}});
  ASSERT_TRUE(list);
  EXPECT_EQ(list->get_header_value("Access-Control-Allow-Origin"), "http://vtt.example");
  auto render = c.Post("/v1/Render", {{"Origin", "http://vtt.example"}}, R"({"units": []})",
                       "application/json");
  ASSERT_TRUE(render);
  EXPECT_EQ(render->get_header_value("Access-Control-Allow-Origin"), "http://vtt.example");
  auto other = c.Get("/v1/Scenarios", {{"Origin", "http://other.example"}});
  ASSERT_TRUE(other);
  EXPECT_FALSE(other->has_header("Access-Control-Allow-Origin"));
}

TEST(WebStaticNoRootTest, NoPageWithoutARootAndNoRenderWithoutARenderer) {
  SetWebOptions(WebOptions{});
  std::unique_ptr<ImpiServer> server = StartServer();
  ASSERT_NE(server, nullptr);
  httplib::Client c("127.0.0.1", server->http_port());
  EXPECT_EQ(StatusOf(c.Get("/")), 404);
  EXPECT_EQ(StatusOf(c.Post("/v1/Render", "{}", "application/json")), 501);
  EXPECT_EQ(StatusOf(c.Get("/v1/Scenarios")), 200);
  server->Shutdown();
}

TEST(WebStaticRootTest, DefaultRootIsTheFirstFolderWithAnIndex) {
  const fs::path dir = fs::temp_directory_path() / ("impi_webroot_" + std::to_string(getpid()));
  fs::remove_all(dir);
  EXPECT_EQ(DefaultWebRoot((dir / "web").string()), "");
  Write(dir / "web" / "index.html", "x");
  EXPECT_EQ(DefaultWebRoot((dir / "web").string()), (dir / "web").string());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace impi::service
