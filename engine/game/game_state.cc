#include "engine/game/game_state.h"

#include "absl/strings/str_cat.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"

namespace impi {

GameState::GameState(const Ruleset* rules, BattleState state)
    : rules_(rules), state_(std::move(state)) {
  status_ = rules_->Validate(state_);
  if (!status_.ok()) return;
  pending_ = true;  // run the engine to the first decision
  Resolve();
}

void GameState::Resolve() {
  BattleState work = state_;
  Dice dice = Dice::ScriptedOfKind(faces_, cards_);
  EventLog log(EventLog::kQuiet);  // nobody reads a replay's events
  absl::Status st = absl::OkStatus();
  for (size_t i = 0; i < actions_.size() && st.ok(); ++i) {
    st = rules_->Apply(work, acting_side_, actions_[i], dice, log, absl::StrCat("actions[", i, "]"),
                       "");
  }
  if (st.ok()) st = rules_->Run(work, dice, log);
  const Awaiting awaiting = rules_->Awaits(work);
  if (dice.first_need().has_value()) {
    const Dice::Need& need = *dice.first_need();
    actor_ = Actor::kChance;
    need_card_ = need.card;
    need_die_ = DieSpec{need.kind, need.sides};
    red_left_ = need.red_left;
    black_left_ = need.black_left;
    return;
  }
  if (!st.ok() || !dice.status().ok()) {
    status_ = st.ok() ? dice.status() : st;
    actor_ = Actor::kTerminal;
    pending_ = false;
    return;
  }
  state_ = std::move(work);
  awaiting_ = awaiting;
  pending_ = false;
  actions_.clear();
  faces_.clear();
  cards_.clear();
  if (awaiting.kind == AwaitKind::kGameOver) {
    actor_ = Actor::kTerminal;
  } else {
    actor_ = awaiting.side == Side::kBritish ? Actor::kBritish : Actor::kZulu;
  }
}

std::vector<Action> GameState::LegalActions() const {
  if (actor_ != Actor::kBritish && actor_ != Actor::kZulu) return {};
  return rules_->LegalActions(state_, actor_ == Actor::kBritish ? Side::kBritish : Side::kZulu);
}

absl::Status GameState::ApplyAction(const Action& action) {
  if (actor_ != Actor::kBritish && actor_ != Actor::kZulu) {
    return absl::FailedPreconditionError("no side acts now: apply a chance outcome, or the game is over");
  }
  BattleState before = state_;
  acting_side_ = actor_ == Actor::kBritish ? Side::kBritish : Side::kZulu;
  actions_ = {action};
  pending_ = true;
  Resolve();
  if (!status_.ok()) {
    absl::Status st = status_;
    status_ = absl::OkStatus();
    state_ = std::move(before);
    actions_.clear();
    pending_ = false;
    actor_ = awaiting_.side == Side::kBritish ? Actor::kBritish : Actor::kZulu;
    return st;
  }
  return absl::OkStatus();
}

std::vector<std::pair<int, double>> GameState::ChanceOutcomes() const {
  std::vector<std::pair<int, double>> out;
  if (actor_ != Actor::kChance) return out;
  if (need_card_) {
    double total = red_left_ + black_left_;
    if (red_left_ > 0) out.push_back({static_cast<int>(CardColor::kRed), red_left_ / total});
    if (black_left_ > 0) out.push_back({static_cast<int>(CardColor::kBlack), black_left_ / total});
    return out;
  }
  return FaceOutcomes(need_die_);
}

absl::Status GameState::ApplyChance(int outcome) {
  if (actor_ != Actor::kChance) return absl::FailedPreconditionError("not a chance node");
  if (need_card_) {
    if ((outcome == static_cast<int>(CardColor::kRed) && red_left_ > 0) ||
        (outcome == static_cast<int>(CardColor::kBlack) && black_left_ > 0)) {
      cards_.push_back(static_cast<CardColor>(outcome));
    } else {
      return absl::InvalidArgumentError(absl::StrCat("outcome: ", outcome, " is not a card left in the deck"));
    }
  } else {
    if (!IsFaceOf(need_die_, outcome)) {
      return absl::InvalidArgumentError(
          absl::StrCat("outcome: ", outcome, " is not a face of ",
                       need_die_.kind == DieKind::kD ? "a " : "the ", DieName(need_die_)));
    }
    faces_.push_back(Dice::ScriptedDie{need_die_.kind, outcome});
  }
  Resolve();
  return status_;
}

}  // namespace impi
