// clients/cli/render.h: pictures of the table and of arena results, as SVG.
//
// Overview: RenderTableSvg draws a TableState the way a player sees the
// table from above, the British edge at the bottom: terrain, every unit with
// its figures, formation, stance and status, the perimeter, appearance and
// entry points with their state and markers, each group (a Zulu Control
// impi, a Ferree regiment) round its members with its hand and target where
// the state has them, who is in close combat with whom, and the last moves
// of an answer's events. It is the one renderer of the project: `impi
// render`, and the web page through the server's POST /v1/Render, draw with
// it.
//
// Drawing conventions (docs/vtt.md, "Pictures of the table"):
//   - 1 SVG user unit = 1 inch; the viewBox is the table plus a margin at
//     the top for a title and at the right for the units off the table;
//     y is flipped (table y grows up the picture).
//   - British units: rectangles along their facing, red for red coats, blue
//     for the others; a unit of one figure: a disc 3/4" across (grey and
//     crossed once eliminated); an isigaba: a rectangle of its frontage (the
//     `frontage` of its entry in the rule set's own state, read by field
//     name, else two ranks of 3/4" bases, at least 4") by its ranks' depth;
//     Zulu units: brown ellipses; groups: a dashed outline
//     round their members' positions, labelled with id, hand and target, and
//     a dashed arrow to the target.
//   - Perimeter points: triangles on the edge, numbered; appearance points:
//     circles, with their terrain class; entry points: squares. Spent and
//     occupied points are grey; markers are a ring with N (next turn) or T
//     (this turn).
//   - Close combat: a thick red line between opposing units both in close
//     combat and within 3" of each other.
//   - Each unit is a <g class="unit ..." data-unit-id="ID" data-x data-y>
//     so that a page can find, colour and drag it; each point is a
//     <g class="point" data-point-kind data-point-number>.
//   - No two labels overlap, nor cover a point's marker: each is drawn where
//     it belongs if that is free, else at the nearest free spot round it,
//     else hidden (visibility="hidden"; the unit's <title> names it), as
//     clients/cli/labels.h places them; the off-table list a line every
//     1.05", the picture taller where the list needs it.
//   - A hex rule set's board (its wire adapter's BoardPicture,
//     engine/game/hex_picture.h) is drawn instead of the table in inches:
//     1 SVG unit = a hex's size (centre to corner), north up, each hex a
//     <g class="hex" data-q data-r> filled by its ground, roofs hatched,
//     rooms named; walls, loopholes, doors and windows, walls dug through
//     as strokes of their own on the hexsides (<line class="side FEATURE"
//     data-q data-r data-direction>); a flame on each burning room; the
//     entry zones and the perimeter outlined, the zones numbered; a legend
//     below. Units are counters at their hex, <g class="unit SIDE MARKS"
//     data-unit-id data-q data-r data-stack-pos>, each one up a stack up
//     and right of the one below, a badge with the count on a stack of
//     more than one, the top one's id the stack's label (no label covers
//     a counter).
//   - Umpire-only detail (hidden points not yet tested, markers' forces,
//     hands, targets, Ferree's divisions, each unit's notes and the table's
//     own clause from its rule set's wire adapter) is drawn only when
//     `reveal` is set, as the British view (docs/protocol.md) leaves it out.
//
// Usage:
//   RenderOptions options;  options.reveal = true;
//   std::string svg = RenderTableSvg(state, options);
//   std::string chart = RenderArenaChartSvg({{"rules vs rules", 54, 100}}, "Zulu wins");
//
// Thread safety: pure functions.
#ifndef IMPI_CLIENTS_CLI_RENDER_H_
#define IMPI_CLIENTS_CLI_RENDER_H_

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "impi/v1/decision.pb.h"
#include "impi/v1/table.pb.h"

namespace impi::cli {

struct RenderOptions {
  bool reveal = false;             // draw umpire-only detail
  double pixels_per_inch = 12.0;   // the picture's width and height attributes
  std::vector<v1::Event> events;   // an answer's events: MOVED / CHARGED paths are drawn
  // RenderTableSvgWithin only: the most bytes the picture may have (0: no
  // cap), and a check asked every few elements drawn (true: stop).
  size_t max_bytes = 0;
  std::function<bool()> stop;
};

// The table as a standalone SVG document (UTF-8, with an XML declaration).
// The work is linear in the units, points, terrain and moves drawn and in the
// close-combat lines (pairs of opposing units in reach); the labels are
// placed with a bounded number of tries each (labels.h).
std::string RenderTableSvg(const v1::TableState& state, const RenderOptions& options);

// The same picture within the options' max_bytes and stop: RESOURCE_EXHAUSTED
// ("the picture would be over N bytes (--max_render_bytes)") once it is past
// the cap, CANCELLED once `stop` says so; drawing ends there.
absl::StatusOr<std::string> RenderTableSvgWithin(const v1::TableState& state,
                                                 const RenderOptions& options);

// One bar of an arena chart: `wins` of `games`.
struct ChartBar {
  std::string label;
  int wins = 0;
  int games = 0;
};

// Win rates as horizontal bars with their 95% Wilson intervals
// (arena::Wilson, ai/arena/arena.h).
std::string RenderArenaChartSvg(const std::vector<ChartBar>& bars, const std::string& title);

// The bars of `impi arena --out` files (JSON lines, one game each): one bar
// per file, the Zulu wins of its games. INVALID_ARGUMENT for a line that
// does not parse.
absl::StatusOr<std::vector<ChartBar>> ArenaBarsFromFiles(const std::vector<std::string>& paths);

// `impi render STATE.json -o OUT.svg [--reveal] [--events ANSWER.json]`:
// STATE is a TableState, an AdvanceRequest / AskRequest (its state), or an
// answer (its state, and its events' moves). `--arena FILE...` draws the
// win-rate chart of arena files instead. Returns the exit code.
struct RenderCommandOptions {
  std::vector<std::string> inputs;  // one state, or arena files with `arena`
  std::string out = "-";            // "-": standard output
  bool reveal = false;
  bool arena = false;
};
int RenderCommand(const RenderCommandOptions& options, std::ostream& out, std::ostream& err);

// A state (and the events, if any) from the JSON of a TableState, an
// AdvanceRequest, an AskRequest, an AdvanceResponse or an AskResponse.
absl::Status ParseRenderInput(const std::string& json, v1::TableState* state,
                              std::vector<v1::Event>* events);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_RENDER_H_
