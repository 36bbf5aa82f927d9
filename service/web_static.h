// service/web_static.h: the players' web page and what it needs beside the
// JSON methods, on the JSON/HTTP listener.
//
// Overview: AddWebRoutes adds to the gateway's server
//
//   GET  /                      the page (index.html of the web root)
//   GET  /<file>                a file of the web root (clients/web/)
//   GET  /js/<file>             a file of the JavaScript client (clients/js/)
//   GET  /v1/Scenarios          [{"name": "tsatf", "stem": "tsatf_patrol",
//                                 "ruleset": "TSATF_ZULU_CONTROL"}, ...]
//   GET  /v1/Scenarios/<name>   the built-in scenario's TableState (JSON)
//   POST /v1/Render[?reveal=1]  the SVG of a TableState, a request or an
//                               answer holding one (the one renderer, the
//                               binary's WebOptions::render; the route is
//                               the gateway's, see WebRenderer)
//
// Files are served only from the two roots, by names of letters, digits,
// '-', '_', '.' and '/' with no "..", with a content type by extension
// (html, js/mjs, css, svg, json, png, txt) and Cache-Control: no-cache. A
// missing file is the gateway's JSON 404. Without a web root (empty, or not
// a directory) only /v1/Scenarios and /v1/Render are served.
//
// The binary (service/main.cc) calls SetWebOptions once before the gateway
// starts; every gateway started after uses them. DefaultWebRoot finds
// clients/web next to the binary (<dir>/web, <dir>/../share/impi/web) or in
// the source tree the binary was built from.
//
// Usage:
//   WebOptions web;  web.root = DefaultWebRoot();  web.render = MyRenderer;
//   SetWebOptions(web);                  // then start the server
//   // in HttpGateway::Route(): AddWebRoutes(server, with_cors);
//
// Thread safety: SetWebOptions before any gateway starts; the routes are
// safe from the gateway's threads.
#ifndef IMPI_SERVICE_WEB_STATIC_H_
#define IMPI_SERVICE_WEB_STATIC_H_

#include <cstddef>
#include <functional>
#include <string>

#include "absl/status/statusor.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace impi::service {

// What one picture may cost (the gateway's, from the server's options).
struct RenderLimits {
  size_t max_bytes = 0;   // the SVG's size; past it RESOURCE_EXHAUSTED, by name
  int max_units = 0;      // units in the state; past it INVALID_ARGUMENT
  // Asked every few elements drawn: true once the request's deadline has
  // passed, its client has gone or the server is stopping.
  std::function<bool()> stop;
};

struct WebOptions {
  std::string root;     // the page's folder (clients/web); its sibling js/ is /js/
  std::string js_root;  // empty: <root>/../js
  // JSON (a TableState, a request or an answer) to SVG within `limits`;
  // `reveal` draws umpire-only detail. Unset: POST /v1/Render is 501. The
  // gateway serves POST /v1/Render itself, admitted like an engine method
  // (service/http_gateway.h).
  using Renderer = std::function<absl::StatusOr<std::string>(
      const std::string& json, bool reveal, const RenderLimits& limits)>;
  Renderer render;
};

void SetWebOptions(WebOptions options);

// The renderer of the options last set (unset if none).
WebOptions::Renderer WebRenderer();

// The routes above, with the options last set. Each handler is passed
// through `wrap` (the gateway's CORS headers), if set.
using WebHandler = std::function<void(const httplib::Request&, httplib::Response&)>;
void AddWebRoutes(httplib::Server& server,
                  const std::function<WebHandler(WebHandler)>& wrap = nullptr);

// The first folder holding index.html of: <binary dir>/web,
// <binary dir>/../share/impi/web, `source_web_dir` (the build's
// clients/web). Empty if none does.
std::string DefaultWebRoot(const std::string& source_web_dir);

}  // namespace impi::service

#endif  // IMPI_SERVICE_WEB_STATIC_H_
