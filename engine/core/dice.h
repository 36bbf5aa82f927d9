// engine/core/dice.h: where the dice come from, and the log of every roll.
//
// Overview: a Dice object hands out die faces and card draws from one of two
// sources and records every roll with its purpose:
//   - seeded: a counter-based generator (SplitMix64 of seed, stream and
//     counter). The n-th roll of stream s depends only on (seed, s, n), never
//     on which thread asked first, so answers are reproducible byte for byte.
//   - scripted: faces and card colours typed in by a player or a test, used
//     in order. A face that is not on the die (7 on a d6), a die of the wrong
//     kind, or a script that runs out is an error reported by status(); the
//     procedure meanwhile carries on with placeholder faces (the die's lowest)
//     so that status() can say how many more dice, of which kinds, the step
//     needed ("at least").
// Roll() never fails mid-procedure; callers check status() at the end of a
// step and discard the step's result if it is not OK. Nothing is half-applied.
//
// A die has a kind (DieKind, event.h):
//   - kD: a plain dN, uniform over 1..N.
//   - kAverage: the average die, a d6 marked 2,3,3,4,4,5.
//   - kArrow: the arrow die, a d6 with an arrow painted on each face instead
//     of the numbers. It is read as one of kArrowDirections (6) directions,
//     numbered 1..6 clockwise like a clock face: face k points
//     ArrowBearingDegrees(k) = (k - 1) * 60 degrees clockwise from the
//     direction the rule calls "ahead" (1 = 12 o'clock, 2 = 2 o'clock,
//     4 = 6 o'clock, i.e. straight back). No face is a "hit".
// Every kind draws one value from the same counter-based stream per die, so
// adding average or arrow dice to the engine does not change any dN sequence.
//
// Usage:
//   Dice dice = Dice::Seeded(42);
//   int d = dice.Roll(6, "HAND of impi z3");
//   DieRoll pool = dice.RollPool(3, 6, "Zulu move 3D6");
//   int morale = dice.RollAverage("morale test");
//   int where = dice.RollArrow("rocket deviation");
//   if (!dice.status().ok()) return dice.status();
//
//   // Physical dice of several kinds, in the order the engine asks for them:
//   Dice typed = Dice::ScriptedOfKind({{DieKind::kAverage, 4}, {DieKind::kD, 6}});
//
// A Dice object may carry a WorkBudget (engine/core/budget.h, set_budget):
// every die and card drawn is then charged to it, and a charge past the budget
// throws BudgetExceeded out of the roll. A copy of a Dice carries no budget
// (a search's copies are not the step's work), and assigning to a Dice keeps
// its own.
//
// Thread safety: a Dice object is not thread-safe; give each thread its own
// (e.g. Dice::Seeded(seed, /*stream=*/thread_index)).
#ifndef IMPI_ENGINE_CORE_DICE_H_
#define IMPI_ENGINE_CORE_DICE_H_

#include <cstdint>
#include <optional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/core/budget.h"
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

// The arrow die's directions (the six faces of a d6; none is a "hit").
inline constexpr int kArrowDirections = 6;

// One die of a kind. `sides` is the number of faces: 1..sides for kD; the
// average and arrow dice are d6s (sides 6).
struct DieSpec {
  DieKind kind = DieKind::kD;
  int sides = 6;

  static DieSpec D(int sides) { return DieSpec{DieKind::kD, sides}; }
  static DieSpec Average() { return DieSpec{DieKind::kAverage, 6}; }
  static DieSpec Arrow() { return DieSpec{DieKind::kArrow, kArrowDirections}; }
};

// True if `face` can come up on `die` (1..sides; 2..5 on the average die;
// 1..6 on the arrow die).
bool IsFaceOf(const DieSpec& die, int face);
// The lowest and highest face of `die`.
int LowestFace(const DieSpec& die);
int HighestFace(const DieSpec& die);
// One die's explicit chance outcomes: (face, probability) pairs, faces
// ascending, each face once, probabilities summing to 1. The average die
// gives (2, 1/6), (3, 2/6), (4, 2/6), (5, 1/6). Empty if sides < 1.
std::vector<std::pair<int, double>> FaceOutcomes(const DieSpec& die);
// "d6", "d10", "average die", "arrow die".
std::string DieName(const DieSpec& die);
// "2 d6", "1 average die", "3 average dice", "1 arrow die".
std::string CountOfDice(int count, const DieSpec& die);
// The arrow die's face k (1..6) as a bearing in degrees clockwise from
// "ahead": (k - 1) * 60. A face outside 1..6 gives -1.
int ArrowBearingDegrees(int face);

class Dice {
 public:
  // A scripted die that says its kind. kD faces are checked against the
  // sides the engine asks for when it rolls.
  struct ScriptedDie {
    DieKind kind = DieKind::kD;
    int face = 0;
  };

  static Dice Seeded(uint64_t seed, uint64_t stream = 0);
  // Plain dN faces (impi.v1.ScriptedDice.dice): every die the engine asks
  // for must be a dN; an average or arrow die is an error naming
  // dice.scripted.dice_of_kind, where such dice are scripted.
  static Dice Scripted(std::vector<int> faces, std::vector<CardColor> cards = {});
  // Dice that each carry a kind (impi.v1.ScriptedDice.dice_of_kind), in the
  // order the engine asks for them; a die whose kind is not the one asked for
  // is an error. Errors name dice.scripted.dice_of_kind[i].
  static Dice ScriptedOfKind(std::vector<ScriptedDie> dice,
                             std::vector<CardColor> cards = {});

  // One die of `sides` faces (1..sides), logged with its purpose.
  int Roll(int sides, absl::string_view purpose);
  // One average die (2,3,3,4,4,5), logged with its purpose.
  int RollAverage(absl::string_view purpose);
  // One arrow die: a direction 1..kArrowDirections (see the file comment).
  int RollArrow(absl::string_view purpose);
  // `count` dice of `sides`, summed, logged as one entry.
  DieRoll RollPool(int count, int sides, absl::string_view purpose);
  // `count` dice of a kind, summed (for the arrow die the sum means little:
  // roll arrow dice one at a time), logged as one entry.
  DieRoll RollPool(int count, const DieSpec& die, absl::string_view purpose);
  // RollPool into `roll`, every field of it set anew and the room of its
  // lists kept: the same dice and the same roll, for a caller that keeps
  // one roll and rolls again (QuietReader), without making one each time.
  void RollPoolInto(int count, const DieSpec& die, absl::string_view purpose, DieRoll* roll);
  // A card from a deck with red_left red and black_left black cards
  // (red_left + black_left > 0). Seeded: drawn at random; scripted: the next
  // scripted card, which must be a colour that is left.
  CardColor DrawCard(int red_left, int black_left, absl::string_view purpose);

  // OK, or INVALID_ARGUMENT naming the field (dice.scripted.dice[4],
  // dice.scripted.dice_of_kind[2].face, dice.scripted.cards) and, if the
  // script ran out, how many more dice of which kinds were needed
  // ("at least 3 more needed (2 d6, 1 average die)").
  absl::Status status() const;
  bool scripted() const { return scripted_; }

  // Charges every later die and card to `budget` (not owned; null: none).
  void set_budget(WorkBudget* budget) { budget_.budget = budget; }
  WorkBudget* budget() const { return budget_.budget; }

  // Scripted only: the first die or card the script did not have, if any.
  // engine/game/game_state.h turns it into a chance node.
  struct Need {
    bool card = false;      // a card draw (else a die)
    DieKind kind = DieKind::kD;  // die
    int sides = 0;          // die: faces (6 for the average and arrow dice)
    int red_left = 0;       // card
    int black_left = 0;     // card
    std::string purpose;
  };
  const std::optional<Need>& first_need() const { return first_need_; }

  // Whether rolls are kept in rolls() (the default). A caller that reads
  // neither rolls() nor the purpose of a roll (a search's steps, a battle
  // played for its end alone) turns it off: each roll then costs no copy of
  // its purpose and no record. What the dice roll is the same either way.
  void set_keep_rolls(bool keep) { keep_rolls_ = keep; }
  bool keeps_rolls() const { return keep_rolls_; }

  // Every roll so far, in order (none when rolls are not kept). The DieRoll
  // of the last Roll() or RollPool() is rolls().back().
  const std::vector<DieRoll>& rolls() const { return rolls_; }
  // Rolls made since `mark` (an earlier rolls().size()).
  std::vector<DieRoll> RollsSince(size_t mark) const;
  // Scripted only: how many scripted faces and cards have been used.
  size_t faces_used() const { return next_face_; }
  size_t cards_used() const { return next_card_; }

 private:
  Dice() : rng_(0, 0) {}
  int NextFace(const DieSpec& die, absl::string_view purpose);
  // Records the first scripted error (later ones are not reported).
  void SetError(std::string field, std::string why);

  // The budget is the original's alone: copies start without one, and an
  // assignment keeps the target's.
  struct BudgetRef {
    WorkBudget* budget = nullptr;
    BudgetRef() = default;
    BudgetRef(const BudgetRef&) {}
    BudgetRef& operator=(const BudgetRef&) { return *this; }
  };

  BudgetRef budget_;
  bool scripted_ = false;
  bool of_kind_ = false;  // scripted with ScriptedOfKind
  CounterRng rng_;
  std::vector<ScriptedDie> script_;
  std::vector<CardColor> cards_;
  size_t next_face_ = 0;
  size_t next_card_ = 0;
  std::vector<DieRoll> rolls_;
  bool keep_rolls_ = true;
  int next_index_ = 0;  // DieRoll::index of the next roll
  // Errors found while scripted.
  std::string first_error_;
  std::string first_error_field_;
  int missing_faces_ = 0;
  // Missing dice by (kind, sides): dN by sides, then average, then arrow.
  std::map<std::pair<DieKind, int>, int> missing_by_die_;
  std::string first_missing_purpose_;
  int missing_cards_ = 0;
  std::optional<Need> first_need_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_DICE_H_
