// clients/cli/labels.h: where a picture's labels go, so that no two overlap.
//
// Overview: the same placement as the page's clients/web/labels.js, for the
// picture impi draws (render.h): labels are placed in the order given (the
// first wins a contested spot), each where it is drawn if that is free,
// else at the nearest free spot of a few rings of candidates around it
// (steps of its own height up and down, of half its width sideways), else
// nowhere (no room: the picture hides it, the unit's title still names
// it). A spot is free when its box, grown by `pad`, overlaps no placed
// label's and no fixed box (the points' markers, which no label may cover),
// and lies inside the bounds (the picture).
//
// Text is measured with the advance widths of the picture's sans-serif
// (DejaVu Sans, Debian's default, as Chromium lays it out: about 0.64 em a
// digit), from the baseline 1 em up and 0.3 em down (the font's 0.93 and
// 0.24, with room for rounding to whole pixels); a character not in the
// table counts a whole em, so a box is never smaller than the text.
//
// Usage:
//   std::vector<Box> boxes = {TextBox(10, 20, 0.8, true, "b1 40")};
//   std::vector<std::optional<Offset>> at = PlaceLabels(boxes, {}, {0, 0, 94, 53}, 0.04);
//
// Thread safety: pure functions.
#ifndef IMPI_CLIENTS_CLI_LABELS_H_
#define IMPI_CLIENTS_CLI_LABELS_H_

#include <optional>
#include <string_view>
#include <vector>

namespace impi::cli {

struct Box {
  double x = 0, y = 0, w = 0, h = 0;  // top left corner, width, height (y grows down)
};

// Whether a and b overlap (a shared edge is not an overlap).
bool Overlaps(const Box& a, const Box& b);

// The advance width of UTF-8 `text` at font size 1.
double TextWidth(std::string_view text);

// The box of one line of text with its baseline at y, starting at x (or
// centred on x with `middle`), at font size `size`.
Box TextBox(double x, double y, double size, bool middle, std::string_view text);

struct Offset {
  double dx = 0, dy = 0;
};

// Where each of `labels` goes (see the top of the file): its offset, or
// nullopt where there is no room. `pad`: room kept round each label.
std::vector<std::optional<Offset>> PlaceLabels(const std::vector<Box>& labels,
                                               const std::vector<Box>& fixed, const Box& bounds,
                                               double pad, int rings = 4);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_LABELS_H_
