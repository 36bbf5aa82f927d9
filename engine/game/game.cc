#include "engine/game/game.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/state_hash.h"
#include "engine/core/status_macros.h"

namespace impi {

void Ruleset::HashOwnState(const BattleState& state, StateHasher* h) const {
  (void)state;
  (void)h;
}

bool Ruleset::InPlay(const BattleState& state, const std::string& unit_id) const {
  const Unit* u = state.FindUnit(unit_id);
  return u != nullptr && u->OnTable() && u->figures.Present() > 0;
}

std::string Ruleset::InformationSetKey(const BattleState& state, Side side) const {
  const BattleState view = View(state, side);
  StateHasher h;
  h.Add(static_cast<int>(side));
  HashState(view, &h);
  HashOwnState(view, &h);
  return absl::StrFormat("%016x", h.value());
}

absl::StatusOr<Game> Game::Start(const Ruleset& rules, BattleState state, uint64_t seed) {
  IMPI_RETURN_IF_ERROR(rules.Validate(state));
  Game g(rules, std::move(state));
  g.seed_ = seed;
  IMPI_RETURN_IF_ERROR(g.Step(nullptr));
  return g;
}

Game Game::Resume(const Ruleset& rules, BattleState state, uint64_t seed) {
  Game g(rules, std::move(state));
  g.seed_ = seed;
  // A failure here is the rule set's bug: status() keeps it, the game is over.
  g.Step(nullptr).IgnoreError();
  return g;
}

absl::StatusOr<Game> Game::StartScripted(const Ruleset& rules, BattleState state,
                                         std::vector<int> faces, std::vector<CardColor> cards) {
  IMPI_RETURN_IF_ERROR(rules.Validate(state));
  Game g(rules, std::move(state));
  g.scripted_ = true;
  g.faces_ = std::move(faces);
  g.cards_ = std::move(cards);
  IMPI_RETURN_IF_ERROR(g.Step(nullptr));
  return g;
}

Side Game::ToAct() const {
  if (IsOver()) return Side::kUnspecified;
  return awaiting_.side;
}

std::vector<Action> Game::LegalActions() const {
  const Side side = ToAct();
  if (side == Side::kUnspecified) return {};
  return rules_->LegalActionsAwaiting(state_, side, awaiting_);
}

std::vector<Action> Game::PlayableActions() const {
  const Side side = ToAct();
  if (side == Side::kUnspecified) return {};
  return rules_->PlayableActions(state_, side, awaiting_);
}

absl::Status Game::Apply(const Action& action) {
  if (ToAct() == Side::kUnspecified) {
    return absl::FailedPreconditionError("action: the game is over");
  }
  return Step(&action);
}

absl::Status Game::ApplyLegal(const std::vector<Action>& legal, size_t i) {
  if (ToAct() == Side::kUnspecified) {
    return absl::FailedPreconditionError("action: the game is over");
  }
  if (i >= legal.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("action: index ", i, " of ", legal.size(), " legal actions"));
  }
  return Step(&legal[i], &legal, i);
}

Dice Game::StepDice() const {
  if (!scripted_) {
    // Step k (k >= 1 the k-th action, 0 the start) draws from stream k.
    return Dice::Seeded(seed_, static_cast<uint64_t>(steps_) + 1);
  }
  return Dice::Scripted(std::vector<int>(faces_.begin() + faces_used_, faces_.end()),
                        std::vector<CardColor>(cards_.begin() + cards_used_, cards_.end()));
}

absl::Status Game::Step(const Action* action, const std::vector<Action>* legal, size_t index) {
  // One step of the rule set for the action: through the list it came from
  // when the caller has it.
  // (The path a refusal names and the empty reason, made once.)
  static const std::string* const kField = new std::string("action");
  static const std::string* const kNoWhy = new std::string();
  auto apply = [&](BattleState& s, Dice& dice, EventLog& log) {
    return legal != nullptr
               ? rules_->ApplyLegal(s, ToAct(), *legal, index, dice, log, *kField, *kNoWhy)
               : rules_->Apply(s, ToAct(), *action, dice, log, *kField, *kNoWhy);
  };
  Dice dice = action == nullptr && !scripted_ ? Dice::Seeded(seed_, 0) : StepDice();
  // Nobody reads the rolls of a step whose events are not kept (Keep).
  dice.set_keep_rolls(keep_events_);
  if (!scripted_) {
    // Seeded dice never run out, and a rule set checks an action before it
    // applies it: play on the state itself, with no copy.
    EventLog log(keep_events_ ? EventLog::kFull : EventLog::kQuiet);
    if (action != nullptr) {
      IMPI_RETURN_IF_ERROR(apply(state_, dice, log));
    }
    const absl::Status st = rules_->Run(state_, dice, log);
    if (!st.ok()) {
      // The procedure failed part-way (a bug in the rule set): the game is
      // over for good, with the error kept.
      broken_ = st;
      awaiting_ = Awaiting{};
      awaiting_.kind = AwaitKind::kGameOver;
      awaiting_.prompt = std::string(st.message());
      return st;
    }
    awaiting_ = rules_->AwaitsBrief(state_);
    Keep(log, dice);
    if (action != nullptr) ++steps_;
    return absl::OkStatus();
  }
  BattleState work = state_;
  EventLog log(keep_events_ ? EventLog::kFull : EventLog::kQuiet);
  absl::Status st = absl::OkStatus();
  if (action != nullptr) st = apply(work, dice, log);
  if (st.ok()) st = rules_->Run(work, dice, log);
  // A script that ran out first: nothing of the step is applied.
  IMPI_RETURN_IF_ERROR(dice.status());
  IMPI_RETURN_IF_ERROR(st);
  state_ = std::move(work);
  awaiting_ = rules_->AwaitsBrief(state_);
  if (scripted_) {
    faces_used_ += dice.faces_used();
    cards_used_ += dice.cards_used();
  }
  Keep(log, dice);
  if (action != nullptr) ++steps_;
  return absl::OkStatus();
}

void Game::Keep(EventLog& log, const Dice& dice) {
  if (!keep_events_) return;
  for (Event& e : log.mutable_events()) events_.push_back(std::move(e));
  dice_.insert(dice_.end(), dice.rolls().begin(), dice.rolls().end());
}

}  // namespace impi
