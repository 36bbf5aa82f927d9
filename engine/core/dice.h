// engine/core/dice.h: where the dice come from, and the log of every roll.
//
// Overview: a Dice object hands out die faces and card draws from one of two
// sources and records every roll with its purpose:
//   - seeded: a counter-based generator (SplitMix64 of seed, stream and
//     counter). The n-th roll of stream s depends only on (seed, s, n), never
//     on which thread asked first, so answers are reproducible byte for byte.
//   - scripted: faces and card colours typed in by a player or a test, used
//     in order. A face that is not on the die (7 on a d6) or a script that runs
//     out is an error reported by status(); the procedure meanwhile carries on
//     with placeholder 1s so that status() can say how many more dice, of which
//     kinds, the step needed ("at least").
// Roll() never fails mid-procedure; callers check status() at the end of a
// step and discard the step's result if it is not OK. Nothing is half-applied.
//
// Usage:
//   Dice dice = Dice::Seeded(42);
//   int d = dice.Roll(6, "HAND of impi z3");
//   DieRoll pool = dice.RollPool(3, 6, "Zulu move 3D6");
//   if (!dice.status().ok()) return dice.status();
//
// Thread safety: a Dice object is not thread-safe; give each thread its own
// (e.g. Dice::Seeded(seed, /*stream=*/thread_index)).
#ifndef IMPI_ENGINE_CORE_DICE_H_
#define IMPI_ENGINE_CORE_DICE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/event.h"

namespace impi {

// A tiny counter-based generator: Next() = mix(seed, stream, counter++).
class CounterRng {
 public:
  CounterRng(uint64_t seed, uint64_t stream) : seed_(seed), stream_(stream) {}
  uint64_t Next();
  // Uniform in [0, n), n > 0, without modulo bias.
  uint64_t Uniform(uint64_t n);
  double UniformDouble();  // [0, 1)
  uint64_t counter() const { return counter_; }

 private:
  uint64_t seed_;
  uint64_t stream_;
  uint64_t counter_ = 0;
};

class Dice {
 public:
  static Dice Seeded(uint64_t seed, uint64_t stream = 0);
  static Dice Scripted(std::vector<int> faces, std::vector<CardColor> cards = {});

  // One die of `sides` faces (1..sides), logged with its purpose.
  int Roll(int sides, const std::string& purpose);
  // `count` dice of `sides`, summed, logged as one entry.
  DieRoll RollPool(int count, int sides, const std::string& purpose);
  // A card from a deck with red_left red and black_left black cards
  // (red_left + black_left > 0). Seeded: drawn at random; scripted: the next
  // scripted card, which must be a colour that is left.
  CardColor DrawCard(int red_left, int black_left, const std::string& purpose);

  // OK, or INVALID_ARGUMENT naming the field (dice.scripted.dice[4],
  // dice.scripted.cards) and, if the script ran out, how many more dice of
  // which kinds were needed.
  absl::Status status() const;
  bool scripted() const { return scripted_; }

  // Scripted only: the first die or card the script did not have, if any.
  // engine/rulesets/game_state.h turns it into a chance node.
  struct Need {
    bool card = false;      // a card draw (else a die)
    int sides = 0;          // die
    int red_left = 0;       // card
    int black_left = 0;     // card
    std::string purpose;
  };
  const std::optional<Need>& first_need() const { return first_need_; }

  // Every roll so far, in order. The DieRoll of the last Roll() or RollPool()
  // is rolls().back().
  const std::vector<DieRoll>& rolls() const { return rolls_; }
  // Rolls made since `mark` (an earlier rolls().size()).
  std::vector<DieRoll> RollsSince(size_t mark) const;
  // Scripted only: how many scripted faces and cards have been used.
  size_t faces_used() const { return next_face_; }
  size_t cards_used() const { return next_card_; }

 private:
  Dice() : rng_(0, 0) {}
  int NextFace(int sides, const std::string& purpose);

  bool scripted_ = false;
  CounterRng rng_;
  std::vector<int> faces_;
  std::vector<CardColor> cards_;
  size_t next_face_ = 0;
  size_t next_card_ = 0;
  std::vector<DieRoll> rolls_;
  // Errors found while scripted.
  std::string first_error_;
  std::string first_error_field_;
  int missing_faces_ = 0;
  std::vector<int> missing_by_sides_;  // index = sides
  std::string first_missing_purpose_;
  int missing_cards_ = 0;
  std::optional<Need> first_need_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_DICE_H_
