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

const char* CardName(CardColor c) {
  switch (c) {
    case CardColor::kRed: return "red";
    case CardColor::kBlack: return "black";
    default: return "unspecified";
  }
}

}  // namespace

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
  dice.faces_ = std::move(faces);
  dice.cards_ = std::move(cards);
  return dice;
}

int Dice::NextFace(int sides, const std::string& purpose) {
  if (!scripted_) return 1 + static_cast<int>(rng_.Uniform(sides));
  const size_t i = next_face_++;
  if (i >= faces_.size()) {
    if (missing_faces_ == 0) first_missing_purpose_ = purpose;
    if (!first_need_) first_need_ = Need{false, sides, 0, 0, purpose};
    ++missing_faces_;
    if (missing_by_sides_.size() <= static_cast<size_t>(sides)) {
      missing_by_sides_.resize(sides + 1, 0);
    }
    ++missing_by_sides_[sides];
    return 1;
  }
  const int face = faces_[i];
  if (face < 1 || face > sides) {
    if (first_error_.empty()) {
      first_error_field_ = absl::StrCat("dice.scripted.dice[", i, "]");
      first_error_ = absl::StrCat(first_error_field_, ": ", face,
                                  " is not a face of a d", sides,
                                  " (needed for '", purpose, "')");
    }
    return 1;
  }
  return face;
}

int Dice::Roll(int sides, const std::string& purpose) {
  return RollPool(1, sides, purpose).result;
}

DieRoll Dice::RollPool(int count, int sides, const std::string& purpose) {
  sides = std::max(sides, 1);
  count = std::max(count, 0);
  DieRoll roll;
  roll.index = rolls_.empty() ? 0 : rolls_.back().index + rolls_.back().count;
  roll.purpose = purpose;
  roll.sides = sides;
  roll.count = count;
  roll.faces.reserve(count);
  for (int k = 0; k < count; ++k) {
    const int face = NextFace(sides, purpose);
    roll.faces.push_back(face);
    roll.result += face;
  }
  roll.total = roll.result;
  rolls_.push_back(roll);
  return roll;
}

CardColor Dice::DrawCard(int red_left, int black_left, const std::string& purpose) {
  red_left = std::max(red_left, 0);
  black_left = std::max(black_left, 0);
  if (red_left + black_left == 0) return CardColor::kUnspecified;
  const CardColor fallback = red_left > 0 ? CardColor::kRed : CardColor::kBlack;
  if (!scripted_) {
    const uint64_t pick = rng_.Uniform(static_cast<uint64_t>(red_left + black_left));
    return pick < static_cast<uint64_t>(red_left) ? CardColor::kRed : CardColor::kBlack;
  }
  const size_t i = next_card_++;
  if (i >= cards_.size()) {
    if (!first_need_) first_need_ = Need{true, 0, red_left, black_left, purpose};
    ++missing_cards_;
    return fallback;
  }
  const CardColor card = cards_[i];
  const bool available = (card == CardColor::kRed && red_left > 0) ||
                         (card == CardColor::kBlack && black_left > 0);
  if (available) return card;
  if (first_error_.empty()) {
    first_error_field_ = absl::StrCat("dice.scripted.cards[", i, "]");
    if (card == CardColor::kRed || card == CardColor::kBlack) {
      first_error_ = absl::StrCat(first_error_field_, ": a ", CardName(card),
                                  " card was scripted but no ", CardName(card),
                                  " cards are left (needed for '", purpose, "')");
    } else {
      first_error_ = absl::StrCat(first_error_field_,
                                  ": the card's colour is unspecified (needed for '",
                                  purpose, "')");
    }
  }
  return fallback;
}

absl::Status Dice::status() const {
  if (!first_error_.empty()) return absl::InvalidArgumentError(first_error_);
  std::vector<std::string> parts;
  if (missing_faces_ > 0) {
    std::vector<std::string> kinds;
    for (size_t sides = 0; sides < missing_by_sides_.size(); ++sides) {
      if (missing_by_sides_[sides] > 0) {
        kinds.push_back(absl::StrCat(missing_by_sides_[sides], " d", sides));
      }
    }
    parts.push_back(absl::StrCat(
        "dice.scripted.dice: ran out after ", faces_.size(),
        faces_.size() == 1 ? " die" : " dice", "; at least ", missing_faces_,
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
