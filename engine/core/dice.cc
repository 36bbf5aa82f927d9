// engine/core/dice.cc: seeded and scripted dice, with a log of every roll.
#include "engine/core/dice.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace impi {
namespace {

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ULL;
constexpr uint64_t kSeedMul = 0xD1B54A32D192ED03ULL;
constexpr uint64_t kStreamMul = 0xABC98388FB8FAC03ULL;

// The SplitMix64 finalizer: a bijection on 64-bit words with good avalanche.
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The average die's faces, in the order a seeded draw of 0..5 picks them.
constexpr int kAverageFaces[6] = {2, 3, 3, 4, 4, 5};

// "a d6", "the average die (2-5)", "the arrow die (1-6)".
std::string FaceRangeName(const DieSpec& die) {
  if (die.kind == DieKind::kD) return absl::StrCat("a d", die.sides);
  return absl::StrCat("the ", DieName(die), " (", LowestFace(die), "-", HighestFace(die), ")");
}

// "a d6", "an average die", "an arrow die".
std::string AnDie(const DieSpec& die) {
  return absl::StrCat(die.kind == DieKind::kD ? "a " : "an ", DieName(die));
}

const char* CardName(CardColor c) {
  switch (c) {
    case CardColor::kRed: return "red";
    case CardColor::kBlack: return "black";
    default: return "unspecified";
  }
}

}  // namespace

bool IsFaceOf(const DieSpec& die, int face) {
  return face >= LowestFace(die) && face <= HighestFace(die);
}

int LowestFace(const DieSpec& die) { return die.kind == DieKind::kAverage ? 2 : 1; }

int HighestFace(const DieSpec& die) {
  switch (die.kind) {
    case DieKind::kAverage: return 5;
    case DieKind::kArrow: return kArrowDirections;
    case DieKind::kD: break;
  }
  return die.sides;
}

std::vector<std::pair<int, double>> FaceOutcomes(const DieSpec& die) {
  std::vector<std::pair<int, double>> out;
  switch (die.kind) {
    case DieKind::kAverage:
      out = {{2, 1.0 / 6}, {3, 2.0 / 6}, {4, 2.0 / 6}, {5, 1.0 / 6}};
      break;
    case DieKind::kArrow:
      for (int f = 1; f <= kArrowDirections; ++f) out.push_back({f, 1.0 / kArrowDirections});
      break;
    case DieKind::kD:
      for (int f = 1; f <= die.sides; ++f) out.push_back({f, 1.0 / die.sides});
      break;
  }
  return out;
}

std::string DieName(const DieSpec& die) {
  switch (die.kind) {
    case DieKind::kAverage: return "average die";
    case DieKind::kArrow: return "arrow die";
    case DieKind::kD: break;
  }
  return absl::StrCat("d", die.sides);
}

std::string CountOfDice(int count, const DieSpec& die) {
  if (die.kind == DieKind::kD || count == 1) return absl::StrCat(count, " ", DieName(die));
  return absl::StrCat(count, die.kind == DieKind::kAverage ? " average dice" : " arrow dice");
}

int ArrowBearingDegrees(int face) {
  if (face < 1 || face > kArrowDirections) return -1;
  return (face - 1) * (360 / kArrowDirections);
}

uint64_t CounterRng::Next() {
  const uint64_t z =
      (seed_ * kSeedMul) ^ (stream_ * kStreamMul + counter_ * kGolden);
  ++counter_;
  return Mix(Mix(z));
}

uint64_t CounterRng::Uniform(uint64_t n) {
  if (n <= 1) {
    Next();  // keep the stream's position independent of n
    return 0;
  }
  // Reject the lowest (2^64 mod n) values so that the rest is a whole number
  // of copies of [0, n).
  const uint64_t threshold = (0 - n) % n;
  for (;;) {
    const uint64_t r = Next();
    if (r >= threshold) return r % n;
  }
}

double CounterRng::UniformDouble() {
  return static_cast<double>(Next() >> 11) * (1.0 / 9007199254740992.0);
}

Dice Dice::Seeded(uint64_t seed, uint64_t stream) {
  Dice dice;
  dice.scripted_ = false;
  dice.rng_ = CounterRng(seed, stream);
  return dice;
}

Dice Dice::Scripted(std::vector<int> faces, std::vector<CardColor> cards) {
  Dice dice;
  dice.scripted_ = true;
  dice.script_.reserve(faces.size());
  for (int f : faces) dice.script_.push_back(ScriptedDie{DieKind::kD, f});
  dice.cards_ = std::move(cards);
  return dice;
}

Dice Dice::ScriptedOfKind(std::vector<ScriptedDie> dice_of_kind, std::vector<CardColor> cards) {
  Dice dice;
  dice.scripted_ = true;
  dice.of_kind_ = true;
  dice.script_ = std::move(dice_of_kind);
  dice.cards_ = std::move(cards);
  return dice;
}

void Dice::SetError(std::string field, std::string why) {
  if (!first_error_.empty()) return;
  first_error_field_ = std::move(field);
  first_error_ = absl::StrCat(first_error_field_, ": ", why);
}

int Dice::NextFace(const DieSpec& die, absl::string_view purpose) {
  if (budget_.budget != nullptr) budget_.budget->Charge();
  if (!scripted_) {
    // One draw per die of any kind, so every kind advances the stream alike.
    switch (die.kind) {
      case DieKind::kAverage: return kAverageFaces[rng_.Uniform(6)];
      case DieKind::kArrow: return 1 + static_cast<int>(rng_.Uniform(kArrowDirections));
      case DieKind::kD: break;
    }
    return 1 + static_cast<int>(rng_.Uniform(die.sides));
  }
  const int placeholder = LowestFace(die);
  const size_t i = next_face_++;
  if (!of_kind_ && die.kind != DieKind::kD) {
    // The flat list holds dN faces only.
    SetError(i < script_.size() ? absl::StrCat("dice.scripted.dice[", i, "]") : "dice.scripted.dice",
             absl::StrCat("the engine needs ", AnDie(die), " here (for '", purpose,
                          "'), and this list holds dN faces only: script dice of every kind, "
                          "in order, in dice.scripted.dice_of_kind"));
    return placeholder;
  }
  if (i >= script_.size()) {
    if (missing_faces_ == 0) first_missing_purpose_ = std::string(purpose);
    if (!first_need_) {
      Need need;
      need.kind = die.kind;
      need.sides = die.sides;
      need.purpose = std::string(purpose);
      first_need_ = need;
    }
    ++missing_faces_;
    ++missing_by_die_[{die.kind, die.sides}];
    return placeholder;
  }
  const ScriptedDie& scripted = script_[i];
  // Built only for an error: a replayed step reads many scripted dice.
  const auto field = [&] {
    return of_kind_ ? absl::StrCat("dice.scripted.dice_of_kind[", i, "]")
                    : absl::StrCat("dice.scripted.dice[", i, "]");
  };
  if (scripted.kind != die.kind) {
    SetError(absl::StrCat(field(), ".kind"),
             absl::StrCat(scripted.kind == DieKind::kD ? "a dN" : AnDie(DieSpec{scripted.kind, 6}),
                          " was scripted, but the engine needs ", AnDie(die), " here (for '",
                          purpose, "')"));
    return placeholder;
  }
  if (!IsFaceOf(die, scripted.face)) {
    SetError(of_kind_ ? absl::StrCat(field(), ".face") : field(),
             absl::StrCat(scripted.face, " is not a face of ", FaceRangeName(die), " (needed for '",
                          purpose, "')"));
    return placeholder;
  }
  return scripted.face;
}

int Dice::Roll(int sides, absl::string_view purpose) {
  return RollPool(1, sides, purpose).result;
}

int Dice::RollAverage(absl::string_view purpose) {
  return RollPool(1, DieSpec::Average(), purpose).result;
}

int Dice::RollArrow(absl::string_view purpose) {
  return RollPool(1, DieSpec::Arrow(), purpose).result;
}

DieRoll Dice::RollPool(int count, int sides, absl::string_view purpose) {
  return RollPool(count, DieSpec::D(sides), purpose);
}

DieRoll Dice::RollPool(int count, const DieSpec& die, absl::string_view purpose) {
  DieRoll roll;
  RollPoolInto(count, die, purpose, &roll);
  return roll;
}

void Dice::RollPoolInto(int count, const DieSpec& die_in, absl::string_view purpose,
                        DieRoll* out) {
  DieRoll& roll = *out;
  DieSpec die = die_in;
  die.sides = die.kind == DieKind::kD ? std::max(die.sides, 1) : 6;
  count = std::max(count, 0);
  roll.index = next_index_;
  next_index_ += count;
  if (keep_rolls_) {
    roll.purpose.assign(purpose.data(), purpose.size());
  } else {
    roll.purpose.clear();
  }
  roll.kind = die.kind;
  roll.sides = die.sides;
  roll.count = count;
  roll.faces.clear();
  roll.faces.reserve(count);
  roll.result = 0;
  roll.modifiers.clear();
  for (int k = 0; k < count; ++k) {
    const int face = NextFace(die, purpose);
    roll.faces.push_back(face);
    roll.result += face;
  }
  roll.total = roll.result;
  if (keep_rolls_) rolls_.push_back(roll);
}

CardColor Dice::DrawCard(int red_left, int black_left, absl::string_view purpose) {
  red_left = std::max(red_left, 0);
  black_left = std::max(black_left, 0);
  if (red_left + black_left == 0) return CardColor::kUnspecified;
  if (budget_.budget != nullptr) budget_.budget->Charge();
  const CardColor fallback = red_left > 0 ? CardColor::kRed : CardColor::kBlack;
  if (!scripted_) {
    const uint64_t pick = rng_.Uniform(static_cast<uint64_t>(red_left + black_left));
    return pick < static_cast<uint64_t>(red_left) ? CardColor::kRed : CardColor::kBlack;
  }
  const size_t i = next_card_++;
  if (i >= cards_.size()) {
    if (!first_need_) {
      Need need;
      need.card = true;
      need.red_left = red_left;
      need.black_left = black_left;
      need.purpose = std::string(purpose);
      first_need_ = need;
    }
    ++missing_cards_;
    return fallback;
  }
  const CardColor card = cards_[i];
  const bool available = (card == CardColor::kRed && red_left > 0) ||
                         (card == CardColor::kBlack && black_left > 0);
  if (available) return card;
  if (card == CardColor::kRed || card == CardColor::kBlack) {
    SetError(absl::StrCat("dice.scripted.cards[", i, "]"),
             absl::StrCat("a ", CardName(card), " card was scripted but no ", CardName(card),
                          " cards are left (needed for '", purpose, "')"));
  } else {
    SetError(absl::StrCat("dice.scripted.cards[", i, "]"),
             absl::StrCat("the card's colour is unspecified (needed for '", purpose, "')"));
  }
  return fallback;
}

absl::Status Dice::status() const {
  if (!first_error_.empty()) return absl::InvalidArgumentError(first_error_);
  std::vector<std::string> parts;
  if (missing_faces_ > 0) {
    std::vector<std::string> kinds;
    for (const auto& [die, count] : missing_by_die_) {
      kinds.push_back(CountOfDice(count, DieSpec{die.first, die.second}));
    }
    parts.push_back(absl::StrCat(
        of_kind_ ? "dice.scripted.dice_of_kind" : "dice.scripted.dice", ": ran out after ",
        script_.size(), script_.size() == 1 ? " die" : " dice", "; at least ", missing_faces_,
        " more needed (", absl::StrJoin(kinds, ", "), "), the first for '",
        first_missing_purpose_, "'"));
  }
  if (missing_cards_ > 0) {
    parts.push_back(absl::StrCat(
        "dice.scripted.cards: ran out after ", cards_.size(),
        cards_.size() == 1 ? " card" : " cards", "; at least ", missing_cards_,
        " more ", missing_cards_ == 1 ? "card" : "cards", " needed"));
  }
  if (parts.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrJoin(parts, "; and "));
}

std::vector<DieRoll> Dice::RollsSince(size_t mark) const {
  if (mark >= rolls_.size()) return {};
  return std::vector<DieRoll>(rolls_.begin() + mark, rolls_.end());
}

}  // namespace impi
