// ai/mcts/mcts.h: information-set Monte Carlo tree search over the game
// interface, for either side of any rule set.
//
// Overview: Search answers one decision of the side to act in `root`. Each
// iteration plays one world: what the searching side cannot know is
// resampled (Ruleset::View, then Ruleset::Resample), so the search never
// reads a hidden fact of the root; the dice of the world come inline from
// the iteration's own seed (open loop: the tree branches on decisions, never
// on dice). The tree is one of action histories shared by all worlds
// (single-observer ISMCTS): a node is a decision taken by the side that
// made it, matched to the actions of each world by a hash of the action,
// and chosen by UCB over the children available in that world (their
// availability counts stand for the parent's visits). Where a node has
// many actions, progressive widening opens them one at a time, as its
// visits grow, the first of them the side's RULES choice. Below the tree a
// rollout plays both sides by their RULES policies (with a little random
// play mixed in) to the end or `rollout_depth` decisions, and the
// world is valued for the searching side, in [-1, 1]: by the rule set's
// Score at the end, by its Evaluate where the rollout was cut off.
//
// Budgets: at most `iterations` (0: no cap) and at most `milliseconds` of
// wall time (0: none); one of them must be set. `deadline` and `cancelled`,
// if set, stop the search at the next iteration whatever the budget. With threads > 1 each thread grows its
// own tree over its share of the iterations (root parallelism) and the
// roots' statistics are summed: the same seed, iterations and thread count
// give the same answer on any machine. A time budget makes the answer
// depend on the machine's speed.
//
// Usage:
//   mcts::Options o;
//   o.iterations = 400;
//   o.seed = 7;
//   absl::StatusOr<mcts::Result> r = mcts::Search(rules, state, o);
//   Action chosen = r->candidates[r->best].action;
//
// Thread safety: Search may be called from any number of threads at once;
// it starts `threads` threads of its own and joins them before it returns.
#ifndef IMPI_AI_MCTS_MCTS_H_
#define IMPI_AI_MCTS_MCTS_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/battle_state.h"
#include "engine/game/ruleset.h"

namespace impi::mcts {

struct Options {
  int iterations = 0;        // at most this many worlds (0: no cap)
  int milliseconds = 0;      // at most this much wall time (0: no cap)
  int threads = 1;           // one tree a thread; their roots are summed
  uint64_t seed = 1;
  int rollout_depth = 40;    // decisions played below the tree before valuing
  // How the rollouts below the tree play: kRules asks each side's RULES
  // policy (policy.h; the doctrine, the scripted British), taking a uniformly
  // random legal action instead with probability rollout_epsilon, and opens
  // a node's first child at the RULES choice; kRandom plays uniformly random
  // legal actions and opens children at random. A side with no RULES policy
  // registered plays at random either way.
  enum class Rollout { kRandom, kRules };
  Rollout rollout = Rollout::kRules;
  double rollout_epsilon = 0.1;
  // With kRules, the style of the searching side's own RULES policy
  // (PolicySpec::style: one rule of its doctrine varied), in its rollouts
  // and as the RULES choice at the root; the other side plays its RULES
  // policy as it is. "" the doctrine; a style the rule set's policy does not
  // know plays that side at random, so callers check it first (the arena
  // does).
  std::string style;
  // How a world played to the end is valued: false, by the rule set's Score
  // (its own victory scale, graded); true, by who won, the sign of Score
  // (+1 a win, -1 a loss, 0 neither): what an arena counts, so a search
  // that is to win more battles, not win them bigger, asks for this.
  bool value_by_winner = false;
  // A world still going after this turn (BattleState::clock.turn) stops
  // there as a game undecided: valued 0 by winner, else by the evaluation.
  // An arena passes its own turn cap, so the search counts such a world as
  // the arena will; 0: no cap (a rollout ends only at the end or its depth).
  int turn_cap = 0;
  // With kRules, the answer is the RULES choice unless another root action
  // is better by more than `keep_rules_z` standard errors of the difference
  // of their mean values (then the best such one); 0 answers the most
  // visited action, as plain MCTS does. A small budget so plays as the
  // rules do, and leaves them only where the worlds played say to.
  double keep_rules_z = 1.5;
  // ... and only for an action played in at least this many worlds, the
  // RULES choice too (so few worlds never make a spread look small).
  int keep_rules_min_visits = 16;
  // Paired root (common random numbers): the root's actions are played in
  // rounds, each round every one of them (the RULES choice first, then the
  // others in legal order, at most paired_width) on the same resampled
  // world and the same dice (the round's seed), the tree growing below each
  // as usual. The answer is the RULES choice unless another action's mean
  // difference from it, round by round, exceeds z standard errors of those
  // differences over at least keep_rules_min_visits rounds, z being
  // keep_rules_z with its tail shared among the actions weighed against the
  // RULES choice (Bonferroni: 1.5 for one, about 2.34 for seven).
  // What both actions share (the world, the luck of the dice) falls out of
  // the difference, so far fewer worlds tell two actions apart.
  bool paired_root = false;
  int paired_width = 8;
  double exploration = 0.8;  // the UCB constant (values are in [-1, 1])
  // Progressive widening: a node with n visits has at most
  // max(1, widening_k * n^widening_alpha) children.
  double widening_k = 2.0;
  double widening_alpha = 0.5;
  int max_nodes = 1 << 20;   // a tree's memory cap: it stops growing there
  // A hard stop, whatever the budget (a call's deadline).
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Polled before every iteration: true stops the search (a cancelled call).
  std::function<bool()> cancelled;
  // The value of a world cut off before its end, for a side, in [-1, 1]
  // (an evaluation under study); unset: the rule set's Evaluate.
  std::function<double(const BattleState&, Side)> evaluate;
  // Called with every world sampled, before it is played (for tests).
  std::function<void(const BattleState&)> on_world;
};

// One action of the root with its statistics, summed over the threads.
struct Candidate {
  Action action;
  int visits = 0;
  double mean = 0.0;  // mean value for the searching side, in [-1, 1]
  double spread = 0.0;  // the standard deviation of those values
  // Paired root: the rounds played by both this action and the RULES
  // choice, and the mean and standard deviation, over those rounds, of this
  // action's value less the RULES choice's (0 for the RULES choice).
  int paired_rounds = 0;
  double paired_mean = 0.0;
  double paired_spread = 0.0;
};

struct Result {
  int best = -1;                      // index into candidates: the answer
  int rounds = 0;                     // paired root: rounds played, all threads
  int rules = -1;                     // the RULES choice among them (-1: none)
  std::vector<Candidate> candidates;  // the root's legal actions, in order
  int64_t iterations = 0;             // worlds played, all threads
  int64_t nodes = 0;                  // tree nodes, all threads
  double milliseconds = 0.0;          // wall time
  std::vector<Action> principal_line; // the most visited line of the first tree
};

// The search of the decision of the side to act in `root` (a decision node:
// Ruleset::Awaits says who). INVALID_ARGUMENT for a budget of neither
// iterations nor time, or threads < 1; FAILED_PRECONDITION if nobody is to
// act in `root` or the side to act has no legal action.
absl::StatusOr<Result> Search(const Ruleset& rules, const BattleState& root,
                              const Options& options);

// A short hash of an action, equal for equal actions: how the tree matches
// an action of one world to the same action of another.
uint64_t ActionHash(const Action& action);

// "MOVE z1 to (10.0, 4.5)": an action in a line of text.
std::string ActionText(const Action& action);

}  // namespace impi::mcts

#endif  // IMPI_AI_MCTS_MCTS_H_
