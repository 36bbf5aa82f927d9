// ai/arena/match.h: one seeded game between two policies, the loop every
// client of whole games shares (`impi simulate`, the arena, `impi replay`,
// the arena service).
//
// Overview: PlayMatch plays a game from `start` with dice seed `seed`:
// while the game is not over, if the British are awaited the British policy
// picks one of Ruleset::LegalActionsAwaiting(state, BRITISH) (or the next
// of a recorded script), and PlayAdvance (engine/game/umpire.h) applies it
// and plays the Zulus with the Zulu policy until the British are awaited
// again. Each step's dice come from stream kStepStream of the seed (one
// seed a step, in turn), the British policy's from kBritishStream, so a
// game depends on its seed and the policies alone. A game still going
// after the turn cap is undecided. The record says how it ended through the
// rule set's own report (Ruleset::Report): nothing here names a rule set.
//
// Usage:
//   MatchOptions o;  o.turn_cap = 60;  o.zulu.kind = PolicyKind::kRules;
//   absl::StatusOr<MatchRecord> r = PlayMatch(*rules, start, /*seed=*/7, o);
//   std::cout << r->result << "\n";
//
// Thread safety: one game on the calling thread; games on other threads are
// independent. The rule sets and policies must be registered first.
#ifndef IMPI_AI_ARENA_MATCH_H_
#define IMPI_AI_ARENA_MATCH_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "engine/game/report.h"
#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"

namespace impi::arena {

// The counter streams of a game's seed.
inline constexpr uint64_t kStepStream = 1;     // the engine's steps: a seed a step
inline constexpr uint64_t kBritishStream = 2;  // the British policy's dice
inline constexpr uint64_t kOpeningStream = 3;  // the opening step's unscripted faces

struct MatchOptions {
  int turn_cap = 60;
  PolicySpec zulu;
  PolicySpec british;
  // A replay: the British choices of a recorded game (MatchRecord::
  // british_choices), taken in turn instead of asking the British policy;
  // a choice out of range, or too few, is an error.
  const std::vector<int>* british_script = nullptr;
  // The first step (the umpire's set-up, before any decision) played with
  // these faces first and then d6 faces drawn from stream kOpeningStream of
  // the seed, 256 faces in all: a situation forced (Ferree 1.A: a first 6
  // laagers the camp). Empty: the first step is seeded as every other.
  std::vector<int> opening_faces;
  // Called before each step with the state, the British actions and the
  // dice of the step (`impi replay` plays the step again with a full log).
  std::function<void(const BattleState&, const std::vector<Action>&, const DiceSpec&)> on_step;
};

struct MatchRecord {
  uint64_t seed = 0;
  Side winner = Side::kUnspecified;  // kUnspecified: a draw or undecided
  bool capped = false;               // still going at the turn cap
  int turns = 0;
  int steps = 0;       // PlayAdvance calls
  double score = 0.0;  // Ruleset::Score(end, ZULU), in [-1, 1]
  // The end in the rule set's words (its outcome, draw, figures, lines).
  GameReport report;
  // report.outcome, or else who won, "draw", "undecided at the turn cap"
  // or "undecided".
  std::string result;
  // The index chosen among the British legal actions at each British step,
  // in order: with the seed, what a replay needs.
  std::vector<int> british_choices;

  bool draw() const { return report.draw; }
};

// Plays one game from `start` with `seed`. Errors from the engine come back
// with the game's seed, turn and the British action that failed;
// FAILED_PRECONDITION when no British policy of the spec is registered.
absl::StatusOr<MatchRecord> PlayMatch(const Ruleset& rules, const BattleState& start, uint64_t seed,
                                      const MatchOptions& options);

}  // namespace impi::arena

#endif  // IMPI_AI_ARENA_MATCH_H_
