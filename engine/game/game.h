// engine/game/game.h: a battle as a game, with chance drawn inline.
//
// Overview: Game is the fast way to play a battle through the game interface
// (engine/game/ruleset.h), for search, the arena, random play and
// external agents. Every decision of either side is a node: LegalActions()
// lists the choices of the side to act (the British, or the Zulu side at
// each of its decision nodes, including a choice in the middle of an
// activation), Apply() checks and applies one, then the umpire's procedure
// runs to the next decision. Dice and cards come inline from a seeded
// counter-based stream (step k draws from stream k of the seed), so nothing
// is replayed and the same seed and choices give the same game, byte for
// byte, on any thread. With scripted dice (a player's physical dice), a step
// that needs a die the script lacks fails with nothing applied and says
// what is needed. GameState (game_state.h) is the replaying oracle with
// explicit chance nodes; Game must agree with it.
//
// Usage:
//   absl::StatusOr<Game> g = Game::Start(*FindRuleset("FERREE_ISANDLWANA"), state, /*seed=*/7);
//   while (!g->IsOver()) {
//     std::vector<Action> legal = g->LegalActions();
//     IMPI_RETURN_IF_ERROR(g->Apply(legal[pick(legal.size())]));
//   }
//   double zulu = g->Returns(Side::kZulu);
//
// Errors: Start returns the rule set's validation error; Apply returns the
// rule set's INVALID_ARGUMENT / FAILED_PRECONDITION (nothing applied), or
// the scripted dice's "more needed" (nothing applied).
//
// Thread safety: a Game is a value; copies are independent games sharing the
// immutable rule set.
#ifndef IMPI_ENGINE_GAME_GAME_H_
#define IMPI_ENGINE_GAME_GAME_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/ruleset.h"

namespace impi {

class Game {
 public:
  // Validates `state` and runs the umpire's procedure to the first decision
  // with dice from `seed`. `rules` must outlive the game.
  static absl::StatusOr<Game> Start(const Ruleset& rules, BattleState state, uint64_t seed);
  // As Start, without validating `state`: for a state the engine made or
  // validated before (a search's sampled world, the arena's next game).
  static Game Resume(const Ruleset& rules, BattleState state, uint64_t seed);
  // The same, with scripted dice (faces and cards used in order across steps).
  static absl::StatusOr<Game> StartScripted(const Ruleset& rules, BattleState state,
                                            std::vector<int> faces,
                                            std::vector<CardColor> cards = {});

  // Who acts (ZULU or BRITISH), or kUnspecified when the game is over.
  Side ToAct() const;
  // Who acts and what kind of decision it is (Ruleset::AwaitsBrief: the
  // prompt may leave out costly detail or be empty, and the units may be
  // left out; Ruleset::Awaits(state()) has it all).
  const Awaiting& awaiting() const { return awaiting_; }
  bool IsOver() const { return awaiting_.kind == AwaitKind::kGameOver; }
  // The legal actions of the side to act (empty when over).
  std::vector<Action> LegalActions() const;
  // A part of LegalActions() enough to play on (Ruleset::PlayableActions):
  // for a rollout, which plays many decisions and branches on none.
  std::vector<Action> PlayableActions() const;
  // Checks and applies an action of the side to act, then runs the procedure
  // to the next decision. An action the rule set refuses (INVALID_ARGUMENT,
  // FAILED_PRECONDITION) changes nothing: a rule set checks before it
  // applies. With scripted dice the step runs on a copy, so a script that
  // runs out changes nothing either. With seeded dice the step runs on the
  // state itself (no copy: the fast path for search); should the procedure
  // fail part-way after the check, which is a bug in the rule set, the game
  // ends for good and status() keeps the error.
  absl::Status Apply(const Action& action);
  // Applies legal[i], where `legal` is LegalActions() (or PlayableActions())
  // of this very state, just listed by the caller (a search choosing among
  // them): the same step as Apply(legal[i]), with the rule set spared
  // working the list out again to check it (Ruleset::ApplyLegal).
  absl::Status ApplyLegal(const std::vector<Action>& legal, size_t i);
  // OK, or the error that ended the game part-way through a step.
  const absl::Status& status() const { return broken_; }
  // The rule set's score for `side` in [-1, 1].
  double Returns(Side side) const { return rules_->Score(state_, side); }
  // What `side` knows, as a key (Ruleset::InformationSetKey).
  std::string InformationSetKey(Side side) const {
    return rules_->InformationSetKey(state_, side);
  }

  const BattleState& state() const { return state_; }
  const Ruleset& rules() const { return *rules_; }
  // Decisions applied so far.
  int steps() const { return steps_; }
  // Keep every event (for a caller who wants the story); off by default,
  // when the steps run with a quiet log (EventLog::kQuiet) and a rule set
  // builds no events, explanations or text.
  void KeepEvents(bool keep) { keep_events_ = keep; }
  const std::vector<Event>& events() const { return events_; }
  // Every die rolled so far, when events are kept.
  const std::vector<DieRoll>& dice() const { return dice_; }

 private:
  Game(const Ruleset& rules, BattleState state) : rules_(&rules), state_(std::move(state)) {}
  Dice StepDice() const;
  // Keeps the step's events and dice when asked to.
  void Keep(EventLog& log, const Dice& dice);
  // Runs `step` (the action, or nothing at the start) and the procedure on a
  // copy; commits it only if everything (dice included) went well.
  // `legal`, when given, is LegalActions() with *action one of them
  // (ApplyLegal).
  absl::Status Step(const Action* action, const std::vector<Action>* legal = nullptr,
                    size_t index = 0);

  const Ruleset* rules_;
  BattleState state_;
  Awaiting awaiting_;
  uint64_t seed_ = 0;
  int steps_ = 0;
  bool scripted_ = false;
  std::vector<int> faces_;
  std::vector<CardColor> cards_;
  size_t faces_used_ = 0;
  size_t cards_used_ = 0;
  bool keep_events_ = false;
  absl::Status broken_;
  std::vector<Event> events_;
  std::vector<DieRoll> dice_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_GAME_H_
