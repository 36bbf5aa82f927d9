// engine/game/game_state.h: a rule set as a game with explicit chance.
//
// Overview: GameState wraps a Ruleset and a BattleState in the shape search
// and the arena want (OpenSpiel's State): who acts (Zulu, British, chance or
// nobody), the legal actions, apply, chance outcomes with probabilities,
// terminal and returns, Clone. The rule sets are written in direct style with
// a Dice object; GameState makes every die and card draw of a step an explicit
// chance node by replaying the step from its start with the outcomes chosen so
// far as scripted dice: when the script runs out, the next thing needed (a die
// of a kind, e.g. a d6 or the average die, or a card from a deck of r red and
// b black) is the chance node.
// Dice pools appear as one node per die. A step is one action of the side to
// act (Ruleset::Apply), then the umpire's procedure (Ruleset::Run) until a
// side must decide again: every Zulu decision node is a Zulu turn here. It
// replays a step for every die, so a long step is quadratic: it is the exact
// oracle the tests check the inline-dice game (engine/game/game.h)
// against, not the way to play fast.
//
// Usage:
//   GameState g(FindRuleset("TSATF_ZULU_CONTROL"), state);
//   while (!g.IsTerminal()) {
//     if (g.CurrentActor() == GameState::Actor::kChance) {
//       auto outcomes = g.ChanceOutcomes();   // probabilities sum to 1
//       IMPI_RETURN_IF_ERROR(g.ApplyChance(outcomes[0].first));
//     } else {
//       IMPI_RETURN_IF_ERROR(g.ApplyAction(g.LegalActions()[0]));
//     }
//   }
//
// Thread safety: a GameState is a value; Clone() gives an independent copy.
#ifndef IMPI_ENGINE_GAME_GAME_STATE_H_
#define IMPI_ENGINE_GAME_GAME_STATE_H_

#include <memory>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/game/ruleset.h"

namespace impi {

class GameState {
 public:
  enum class Actor { kZulu, kBritish, kChance, kTerminal };

  // `rules` must outlive the state. Runs the engine until a side or chance
  // must act; a state that is invalid for `rules` makes status() not OK.
  GameState(const Ruleset* rules, BattleState state);

  Actor CurrentActor() const { return actor_; }
  // Legal actions for the side to act (empty for chance and terminal).
  std::vector<Action> LegalActions() const;
  // Applies an action of the side to act. FAILED_PRECONDITION at a chance node.
  absl::Status ApplyAction(const Action& action);
  // At a chance node: (outcome, probability) pairs summing to 1. A die's
  // outcomes are its faces with their chances, by its kind (FaceOutcomes in
  // dice.h: the average die's 3 and 4 are twice as likely as its 2 and 5);
  // a card's are static_cast<int>(CardColor).
  std::vector<std::pair<int, double>> ChanceOutcomes() const;
  absl::Status ApplyChance(int outcome);

  bool IsTerminal() const { return actor_ == Actor::kTerminal; }
  double Returns(Side side) const { return rules_->Score(state_, side); }
  // The table at the start of the pending step (or now, if none is pending).
  const BattleState& battle() const { return state_; }
  const Awaiting& awaiting() const { return awaiting_; }
  // Not OK if the last step failed for a reason other than needing chance.
  const absl::Status& status() const { return status_; }
  std::unique_ptr<GameState> Clone() const { return std::make_unique<GameState>(*this); }

 private:
  // Runs the pending step with the chance outcomes chosen so far.
  void Resolve();

  const Ruleset* rules_;
  BattleState state_;
  Awaiting awaiting_;
  Actor actor_ = Actor::kTerminal;
  absl::Status status_;
  // The pending step.
  bool pending_ = false;
  std::vector<Action> actions_;
  Side acting_side_ = Side::kUnspecified;
  std::vector<Dice::ScriptedDie> faces_;
  std::vector<CardColor> cards_;
  // The node the pending step waits on.
  bool need_card_ = false;
  DieSpec need_die_;
  int red_left_ = 0;
  int black_left_ = 0;
};

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_GAME_STATE_H_
