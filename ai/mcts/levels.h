// ai/mcts/levels.h: named difficulty levels, each a search budget.
//
// Overview: a level is a number of MCTS iterations a decision and how the
// search answers, the one table every client reads (`impi arena --zulu
// hard`, the arena RPC). The search runs about 2,000 iterations a second on
// Isandlwana on one core (docs/performance.md), so a level costs, a
// decision, about:
//
//   easy      50 iterations    ~25 ms
//   medium   200 iterations   ~100 ms (the search's default budget)
//   hard     800 iterations   ~400 ms
//   expert  3000 iterations   ~1.5 s
//
// Every level answers as plain MCTS does, the most visited action
// (PolicySpec::plain), so that strength grows with the budget alone: the
// search's own answer rule (the RULES choice kept unless another is clearly
// better) holds a budget near the RULES policy until it has the worlds to
// tell actions apart, which made a larger level play worse than a smaller
// one (docs/strength.md). The search itself (ai/mcts/mcts.h) is the same at
// every level.
//
// Usage:
//   if (std::optional<Level> l = mcts::FindLevel("hard")) spec.iterations = l->iterations;
//
// Thread safety: constant data.
#ifndef IMPI_AI_MCTS_LEVELS_H_
#define IMPI_AI_MCTS_LEVELS_H_

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace impi::mcts {

struct Level {
  std::string_view name;
  int iterations;  // MCTS iterations a decision
  // The most visited action is the answer (plain MCTS: PolicySpec::plain),
  // not the RULES choice kept unless clearly beaten.
  bool plain;
};

inline constexpr std::array<Level, 4> kLevels = {{
    {"easy", 50, true},
    {"medium", 200, true},
    {"hard", 800, true},
    {"expert", 3000, true},
}};

// The level named in lower case, or nullopt.
inline std::optional<Level> FindLevel(std::string_view name) {
  for (const Level& level : kLevels) {
    if (level.name == name) return level;
  }
  return std::nullopt;
}

// "easy, medium, hard, expert", for error messages.
inline std::string LevelNames() {
  std::string out;
  for (const Level& level : kLevels) {
    if (!out.empty()) out += ", ";
    out += std::string(level.name);
  }
  return out;
}

}  // namespace impi::mcts

#endif  // IMPI_AI_MCTS_LEVELS_H_
