// clients/cli/labels.cc: see labels.h.
#include "clients/cli/labels.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>

namespace impi::cli {
namespace {

// DejaVu Sans's advance widths of ASCII 32 (space) to 126 (~), at font size
// 1, as Chromium lays them out (rounded up).
constexpr double kAdvance[] = {
    0.318, 0.401, 0.460, 0.838, 0.637, 0.951, 0.780, 0.275,
    0.391, 0.391, 0.500, 0.838, 0.318, 0.361, 0.318, 0.338,
    0.637, 0.637, 0.637, 0.637, 0.637, 0.637, 0.637, 0.637,
    0.637, 0.637, 0.338, 0.338, 0.838, 0.838, 0.838, 0.531,
    1.000, 0.710, 0.687, 0.699, 0.771, 0.632, 0.576, 0.775,
    0.753, 0.296, 0.296, 0.656, 0.558, 0.863, 0.749, 0.788,
    0.604, 0.788, 0.695, 0.635, 0.596, 0.733, 0.685, 0.989,
    0.686, 0.611, 0.686, 0.391, 0.338, 0.391, 0.838, 0.500,
    0.500, 0.613, 0.635, 0.550, 0.635, 0.616, 0.345, 0.635,
    0.634, 0.278, 0.278, 0.580, 0.278, 0.975, 0.634, 0.612,
    0.635, 0.635, 0.396, 0.522, 0.393, 0.634, 0.592, 0.818,
    0.592, 0.592, 0.525, 0.637, 0.338, 0.637, 0.838,
};
// The baseline to the top of a line's box and to its bottom, at font size 1:
// DejaVu Sans's 0.93 and 0.24 em, with room for Chromium's rounding to
// whole pixels (measured up to 0.97 and 0.28 em at 12 px an inch).
constexpr double kAscent = 1.0;
constexpr double kDescent = 0.3;

// A uniform grid of boxes, for the overlap queries of many labels.
class Grid {
 public:
  explicit Grid(double cell) : cell_(cell) {}
  void Add(const Box& b) {
    ForCells(b, [&](int64_t key) {
      cells_[key].push_back(b);
      return false;
    });
  }
  bool Hits(const Box& b) const {
    return ForCells(b, [&](int64_t key) {
      const auto it = cells_.find(key);
      if (it == cells_.end()) return false;
      return std::any_of(it->second.begin(), it->second.end(),
                         [&](const Box& o) { return Overlaps(b, o); });
    });
  }

 private:
  // Calls `f` with each cell `b` touches until it returns true.
  template <typename F>
  bool ForCells(const Box& b, F f) const {
    const auto index = [&](double v) {
      return static_cast<int64_t>(std::clamp(std::floor(v / cell_), -1e6, 1e6));
    };
    for (int64_t i = index(b.x); i <= index(b.x + b.w); ++i) {
      for (int64_t j = index(b.y); j <= index(b.y + b.h); ++j) {
        if (f(i * 4000003 + j)) return true;
      }
    }
    return false;
  }
  double cell_;
  std::unordered_map<int64_t, std::vector<Box>> cells_;
};

// Candidate offsets for a label w by h, nearest first, up to `rings` rings.
std::vector<Offset> Candidates(double w, double h, int rings) {
  std::vector<std::pair<double, Offset>> out = {{0.0, Offset{}}};
  const double sx = std::max(w / 2, h), sy = h;
  for (int k = 1; k <= rings; ++k) {
    for (int i = -k; i <= k; ++i) {
      for (int j = -k; j <= k; ++j) {
        if (std::max(std::abs(i), std::abs(j)) != k) continue;
        const Offset o{i * sx, j * sy};
        out.emplace_back(std::hypot(o.dx, o.dy), o);
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Offset> offsets;
  offsets.reserve(out.size());
  for (const auto& [d, o] : out) offsets.push_back(o);
  return offsets;
}

}  // namespace

bool Overlaps(const Box& a, const Box& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

double TextWidth(std::string_view text) {
  double w = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 32 && c <= 126) {
      w += kAdvance[c - 32];
    } else if ((c & 0xC0) != 0x80) {
      w += 1.0;  // the first byte of a character outside the table (or a control)
    }
  }
  return w;
}

Box TextBox(double x, double y, double size, bool middle, std::string_view text) {
  const double w = TextWidth(text) * size;
  return Box{middle ? x - w / 2 : x, y - kAscent * size, w, (kAscent + kDescent) * size};
}

std::vector<std::optional<Offset>> PlaceLabels(const std::vector<Box>& labels,
                                               const std::vector<Box>& fixed, const Box& bounds,
                                               double pad, int rings) {
  std::vector<double> heights;
  for (const Box& b : labels) {
    if (b.h > 0) heights.push_back(b.h);
  }
  std::sort(heights.begin(), heights.end());
  const double cell = std::max(heights.empty() ? 1.0 : heights[heights.size() / 2], 1e-6) * 4;
  Grid grid(cell);
  for (const Box& f : fixed) grid.Add(f);
  const auto inside = [&](const Box& b) {
    return b.x >= bounds.x && b.y >= bounds.y && b.x + b.w <= bounds.x + bounds.w &&
           b.y + b.h <= bounds.y + bounds.h;
  };
  std::vector<std::optional<Offset>> placed;
  placed.reserve(labels.size());
  for (const Box& box : labels) {
    if (!(box.w > 0 && box.h > 0)) {
      placed.push_back(Offset{});
      continue;
    }
    std::optional<Offset> at;
    for (const Offset& c : Candidates(box.w, box.h, rings)) {
      const Box moved{box.x + c.dx, box.y + c.dy, box.w, box.h};
      if (!inside(moved)) continue;
      const Box room{moved.x - pad / 2, moved.y - pad / 2, box.w + pad, box.h + pad};
      if (grid.Hits(room)) continue;
      grid.Add(room);
      at = c;
      break;
    }
    placed.push_back(at);
  }
  return placed;
}

}  // namespace impi::cli
