// service/web_static.cc: the web page's files, the built-in scenarios and the
// SVG renderer over HTTP. See web_static.h.
#include "service/web_static.h"

// Before httplib.h: its resolver headers define a macro that breaks the
// Eigen headers this one brings in.
#include "service/http_gateway.h"

#include <httplib.h>
#include <limits.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/game/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "service/scenarios.h"
#include <google/protobuf/util/json_util.h>
#include "service/umpire_service.h"
#include "service/validate.h"

namespace impi::service {
namespace {

namespace fs = std::filesystem;

std::mutex& OptionsMutex() {
  static std::mutex mu;
  return mu;
}
WebOptions& Options() {
  static WebOptions options;
  return options;
}

std::string ContentType(const std::string& path) {
  const std::pair<const char*, const char*> types[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".json", "application/json"},
      {".png", "image/png"},
      {".txt", "text/plain; charset=utf-8"},
      {".md", "text/plain; charset=utf-8"}};
  for (const auto& [ext, type] : types) {
    if (absl::EndsWith(path, ext)) return type;
  }
  return "";
}

// A relative file name the roots may serve: letters, digits, - _ . /, no
// "..", no leading '/', a known extension.
bool Servable(const std::string& name) {
  if (name.empty() || name.front() == '/' || absl::StrContains(name, "..")) return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
          c == '/')) {
      return false;
    }
  }
  return !ContentType(name).empty();
}

// Serves `name` from `root`; a bare 404 (the gateway's error handler
// writes its JSON) if it cannot.
void ServeFile(const std::string& root, const std::string& name, httplib::Response& res) {
  res.status = 404;
  if (root.empty() || !Servable(name)) return;
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(root) / name, ec)) return;
  std::ifstream in(fs::path(root) / name, std::ios::binary);
  if (!in) return;
  std::ostringstream body;
  body << in.rdbuf();
  res.status = 200;
  res.set_header("Cache-Control", "no-cache");
  res.set_content(body.str(), ContentType(name));
}

std::string ScenarioList() {
  nlohmann::json list = nlohmann::json::array();
  for (const scenarios::EmbeddedScenario& s : scenarios::AllScenarios()) {
    std::string ruleset;
    const nlohmann::json table = nlohmann::json::parse(s.json, nullptr, /*allow_exceptions=*/false);
    if (table.is_object() && table.contains("ruleset") && table["ruleset"].is_string()) {
      ruleset = table["ruleset"].get<std::string>();
    }
    list.push_back({{"name", s.name}, {"stem", s.stem}, {"ruleset", ruleset}});
  }
  // The scenarios the registered rule sets build themselves.
  for (const Ruleset* rules : AllRulesets()) {
    for (const std::string& name : rules->ScenarioNames()) {
      if (scenarios::FindScenario(name) != nullptr) continue;
      list.push_back({{"name", name}, {"stem", name}, {"ruleset", std::string(rules->id())}});
    }
  }
  return list.dump();
}

void SetJsonError(httplib::Response& res, grpc::StatusCode code, const std::string& message) {
  res.status = HttpStatusFor(code);
  res.set_content(ErrorJson(code, CapMessage(message)), "application/json");
}

}  // namespace

void SetWebOptions(WebOptions options) {
  std::lock_guard<std::mutex> lock(OptionsMutex());
  if (options.js_root.empty() && !options.root.empty()) {
    options.js_root = (fs::path(options.root) / ".." / "js").lexically_normal().string();
  }
  Options() = std::move(options);
}

WebOptions::Renderer WebRenderer() {
  std::lock_guard<std::mutex> lock(OptionsMutex());
  return Options().render;
}

void AddWebRoutes(httplib::Server& server, const std::function<WebHandler(WebHandler)>& wrap) {
  WebOptions options;
  {
    std::lock_guard<std::mutex> lock(OptionsMutex());
    options = Options();
  }
  auto w = [&wrap](WebHandler handler) { return wrap ? wrap(std::move(handler)) : handler; };
  server.Get("/v1/Scenarios", w([](const httplib::Request&, httplib::Response& res) {
    res.status = 200;
    res.set_content(ScenarioList(), "application/json");
  }));
  server.Get("/v1/Scenarios/([A-Za-z0-9_]+)", w([](const httplib::Request& req,
                                                    httplib::Response& res) {
    const scenarios::EmbeddedScenario* s = scenarios::FindScenario(req.matches[1].str());
    if (s == nullptr) {
      // One a registered rule set builds itself, as the contract's JSON.
      if (absl::StatusOr<v1::TableState> table = LoadScenarioTable(req.matches[1].str()); table.ok()) {
        std::string json;
        google::protobuf::util::JsonPrintOptions print;
        print.preserve_proto_field_names = true;
        if (google::protobuf::util::MessageToJsonString(*table, &json, print).ok()) {
          res.status = 200;
          res.set_content(json, "application/json");
          return;
        }
      }
      SetJsonError(res, grpc::StatusCode::NOT_FOUND,
                   absl::StrCat("no built-in scenario \"",
                                req.matches[1].str().substr(0, kMaxEchoBytes), "\""));
      return;
    }
    res.status = 200;
    res.set_content(std::string(s->json), "application/json");
  }));
  if (options.root.empty()) return;
  server.Get("/", [root = options.root](const httplib::Request&, httplib::Response& res) {
    ServeFile(root, "index.html", res);
  });
  server.Get("/js/(.+)", [js = options.js_root](const httplib::Request& req,
                                                 httplib::Response& res) {
    ServeFile(js, req.matches[1].str(), res);
  });
  server.Get("/(.+)", [root = options.root](const httplib::Request& req, httplib::Response& res) {
    ServeFile(root, req.matches[1].str(), res);
  });
}

std::string DefaultWebRoot(const std::string& source_web_dir) {
  std::vector<fs::path> candidates;
  char exe[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n > 0) {
    exe[n] = '\0';
    const fs::path dir = fs::path(exe).parent_path();
    candidates.push_back(dir / "web");
    candidates.push_back(dir / ".." / "share" / "impi" / "web");
  }
  if (!source_web_dir.empty()) candidates.emplace_back(source_web_dir);
  for (const fs::path& c : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(c / "index.html", ec)) return c.lexically_normal().string();
  }
  return "";
}

}  // namespace impi::service
