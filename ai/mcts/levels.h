// ai/mcts/levels.h: named difficulty levels, each a search budget.
//
// Overview: a level is a number of MCTS iterations a decision, the one table
// every client reads (`impi arena --zulu hard`, the arena RPC). The search
// runs about 2,000 iterations a second on Isandlwana on one core
// (docs/performance.md), so a level costs, a decision, about:
//
//   easy      50 iterations    ~25 ms
//   medium   200 iterations   ~100 ms (the search's default budget)
//   hard     800 iterations   ~400 ms
//   expert  3000 iterations   ~1.5 s
//
// A level is only a budget: the search itself (ai/mcts/mcts.h) is the same
// at every level.
//
// Usage:
//   if (std::optional<int> n = mcts::LevelIterations("hard")) spec.iterations = *n;
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
};

inline constexpr std::array<Level, 4> kLevels = {{
    {"easy", 50},
    {"medium", 200},
    {"hard", 800},
    {"expert", 3000},
}};

// The iterations of a level named in lower case, or nullopt.
inline std::optional<int> LevelIterations(std::string_view name) {
  for (const Level& level : kLevels) {
    if (level.name == name) return level.iterations;
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
