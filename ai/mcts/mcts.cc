// ai/mcts/mcts.cc: see mcts.h.
#include "ai/mcts/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/dice.h"
#include "engine/core/state_hash.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"

namespace impi::mcts {
namespace {

using Clock = std::chrono::steady_clock;

// One decision in the tree: the action that led here (by hash), who took
// it, and the statistics of the worlds that passed through it.
struct Node {
  uint64_t action = 0;       // ActionHash of the action taken
  double value = 0.0;        // sum of the values, for the searching side
  int32_t first_child = -1;  // children form a list through next_sibling
  int32_t next_sibling = -1;
  int32_t visits = 0;
  int32_t available = 0;     // worlds in which the action could be taken
  int8_t mover = 0;          // the Side that took the action
};
static_assert(sizeof(Node) <= 40, "a tree node stays within 40 bytes");

// A paired round in which a root action was not played.
constexpr double kUnplayed = 1e300;

// The standard normal's upper tail, P(Z > z).
double UpperTail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

// The z whose upper tail is p (0 < p < 1), by bisection to 1e-9.
double UpperQuantile(double p) {
  double lo = -40.0, hi = 40.0;
  while (hi - lo > 1e-9) {
    const double mid = (lo + hi) / 2;
    (UpperTail(mid) > p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

uint64_t Mix(uint64_t a, uint64_t b) {
  StateHasher h;
  h.Add(a);
  h.Add(b);
  return h.value();
}

class Tree {
 public:
  Tree(const Ruleset& rules, const BattleState& view, Side side, const Options& options,
       uint64_t seed, std::vector<uint64_t> root_order)
      : rules_(rules),
        view_(view),
        side_(side),
        options_(options),
        seed_(seed),
        root_order_(std::move(root_order)),
        paired_(root_order_.size()) {
    nodes_.reserve(static_cast<size_t>(std::min(options.max_nodes, 1 << 16)));
    nodes_.push_back(Node{});
    actions_.emplace_back();
    squares_.push_back(0.0);
    if (options.rollout == Options::Rollout::kRules) {
      PolicySpec spec;
      spec.kind = PolicyKind::kRules;
      for (Side s : {Side::kZulu, Side::kBritish}) {
        spec.style = s == side ? options.style : std::string();
        policies_[static_cast<int>(s)] = MakePolicy(std::string(rules.id()), s, spec);
      }
    }
  }

  // Whether `game` has run past the options' turn cap.
  bool Capped(const Game& game) const {
    return options_.turn_cap > 0 && game.state().clock.turn > options_.turn_cap;
  }

  // A world played to the end, valued as the options ask (Score, or its sign).
  double EndValue(double score) const {
    if (!options_.value_by_winner) return score;
    return score > 0.0 ? 1.0 : score < 0.0 ? -1.0 : 0.0;
  }

  // The index of the action the RULES policy of `mover` picks among legal_,
  // or -1 where it has none.
  int RulesChoice(const Game& game, Side mover, Dice& dice) {
    const int s = static_cast<int>(mover);
    if (s < 0 || s >= 3 || policies_[s] == nullptr) return -1;
    const int i = policies_[s]->Choose(game.state(), legal_, dice, nullptr);
    return i >= 0 && i < static_cast<int>(legal_.size()) ? i : -1;
  }

  // Plays one world; false once the tree can no longer play one (a world
  // whose root is over: nothing to decide).
  void Iterate(int64_t iteration) {
    // Paired root: iteration i plays root action i mod k in round i / k, on
    // the round's world and dice.
    const int64_t k = root_order_.empty() ? 1 : static_cast<int64_t>(root_order_.size());
    const int64_t round = iteration / k;
    const int slot = root_order_.empty() ? -1 : static_cast<int>(iteration % k);
    const uint64_t seed = Mix(seed_, static_cast<uint64_t>(round));
    BattleState world = view_;
    CounterRng resample(seed, 0);
    rules_.Resample(world, side_, resample);
    if (options_.on_world) options_.on_world(world);
    Game game = Game::Resume(rules_, std::move(world), seed);
    CounterRng pick(seed, 1);
    Dice policy_dice = Dice::Seeded(seed, 2);
    path_.clear();
    path_.push_back(0);
    int32_t node = 0;
    bool expanded = false;
    while (!expanded && !game.IsOver()) {
      legal_ = game.LegalActions();
      if (legal_.empty()) break;
      const Side mover = game.ToAct();
      hashes_.resize(legal_.size());
      for (size_t i = 0; i < legal_.size(); ++i) hashes_[i] = ActionHash(legal_[i]);
      // The children this world allows, and the actions not tried yet.
      int children = 0;
      int32_t best = -1;
      double best_ucb = 0.0;
      tried_.assign(legal_.size(), false);
      for (int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
        ++children;
        const auto it = std::find(hashes_.begin(), hashes_.end(), nodes_[c].action);
        if (it == hashes_.end()) continue;
        tried_[it - hashes_.begin()] = true;
        Node& child = nodes_[c];
        ++child.available;
        double q = child.visits > 0 ? child.value / child.visits : 0.0;
        if (static_cast<Side>(child.mover) != side_) q = -q;
        const double ucb =
            child.visits == 0
                ? 1e9
                : q + options_.exploration *
                          std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
        if (best < 0 || ucb > best_ucb) {
          best = c;
          best_ucb = ucb;
        }
      }
      untried_.clear();
      for (size_t i = 0; i < legal_.size(); ++i) {
        if (!tried_[i]) untried_.push_back(static_cast<int>(i));
      }
      const double visits = nodes_[node].visits + 1;
      const int allowed = std::max(
          1, static_cast<int>(options_.widening_k * std::pow(visits, options_.widening_alpha)));
      const bool room = static_cast<int>(nodes_.size()) < options_.max_nodes;
      int chosen = -1;
      // Which action opens a new node here, if one does (-1: none).
      int open = -1;
      if (node == 0 && slot >= 0) {
        // Paired root: this iteration's action, not UCB's.
        const auto it = std::find(hashes_.begin(), hashes_.end(), root_order_[slot]);
        if (it == hashes_.end()) return;  // not open in this world: nothing to pair
        chosen = static_cast<int>(it - hashes_.begin());
        best = -1;
        for (int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
          if (nodes_[c].action == root_order_[slot]) best = c;
        }
        if (best < 0 && !room) return;
        if (best < 0) open = chosen;
      } else if (!untried_.empty() && room && (children < allowed || best < 0)) {
        if (children == 0) {
          // A new node opens at the RULES choice, so that a small budget
          // plays at least as the rules would.
          open = RulesChoice(game, mover, policy_dice);
          if (open >= 0 && tried_[open]) open = -1;
        }
        if (open < 0) open = untried_[pick.Uniform(untried_.size())];
      } else if (best >= 0) {
        chosen = static_cast<int>(std::find(hashes_.begin(), hashes_.end(), nodes_[best].action) -
                                  hashes_.begin());
      } else {
        break;  // the tree is full and this world's actions are all new
      }
      if (open >= 0) {
        chosen = open;
        Node child;
        child.action = hashes_[chosen];
        child.mover = static_cast<int8_t>(mover);
        child.next_sibling = nodes_[node].first_child;
        child.available = 1;
        const int32_t id = static_cast<int32_t>(nodes_.size());
        nodes_.push_back(child);
        actions_.push_back(legal_[chosen]);
        squares_.push_back(0.0);
        nodes_[node].first_child = id;
        node = id;
        expanded = true;
      } else {
        node = best;
      }
      path_.push_back(node);
      if (!game.ApplyLegal(legal_, static_cast<size_t>(chosen)).ok()) break;
    }
    // Below the tree: each side by its RULES policy, now and then a random
    // legal action (or random play throughout), to the end or the depth.
    // (The rule set's PlayableActions: enough to play on, perhaps cheaper to
    // list than every legal action.)
    for (int d = 0; d < options_.rollout_depth && !game.IsOver() && !Capped(game); ++d) {
      legal_ = game.PlayableActions();
      if (legal_.empty()) break;
      int i = -1;
      if (legal_.size() == 1) {
        i = 0;
      } else if (options_.rollout == Options::Rollout::kRules &&
                 pick.UniformDouble() >= options_.rollout_epsilon) {
        i = RulesChoice(game, game.ToAct(), policy_dice);
      }
      if (i < 0) i = static_cast<int>(pick.Uniform(legal_.size()));
      if (!game.ApplyLegal(legal_, static_cast<size_t>(i)).ok()) break;
    }
    // A game over is valued by the rule set's score, one cut off by its
    // estimate; one past the turn cap is undecided.
    const double value = !game.status().ok()                       ? 0.0
                         : game.IsOver()                           ? EndValue(game.Returns(side_))
                         : Capped(game) && options_.value_by_winner ? 0.0
                         : options_.evaluate ? options_.evaluate(game.state(), side_)
                                             : rules_.Evaluate(game.state(), side_);
    for (int32_t n : path_) {
      ++nodes_[n].visits;
      nodes_[n].value += value;
      squares_[n] += value * value;
    }
    if (slot >= 0) {
      std::vector<double>& v = paired_[static_cast<size_t>(slot)];
      if (v.size() <= static_cast<size_t>(round)) v.resize(round + 1, kUnplayed);
      v[static_cast<size_t>(round)] = value;
    }
  }

  // Paired root: the value of each root action (root_order) in each round,
  // kUnplayed where it was not played.
  const std::vector<std::vector<double>>& paired() const { return paired_; }

  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<double>& squares() const { return squares_; }
  const Action& action(int32_t node) const { return actions_[node]; }

 private:
  const Ruleset& rules_;
  const BattleState& view_;
  const Side side_;
  const Options& options_;
  const uint64_t seed_;
  const std::vector<uint64_t> root_order_;  // paired root: the actions' hashes
  std::vector<std::vector<double>> paired_;
  std::unique_ptr<Policy> policies_[3];  // by Side: the RULES policies
  std::vector<Node> nodes_;
  std::vector<Action> actions_;  // the action of each node, for the result
  std::vector<double> squares_;  // the sum of the squared values of each node
  // Scratch, kept between iterations.
  std::vector<int32_t> path_;
  std::vector<Action> legal_;
  std::vector<uint64_t> hashes_;
  std::vector<bool> tried_;
  std::vector<int> untried_;
};

struct ThreadResult {
  std::vector<std::vector<double>> paired;
  std::vector<Node> nodes;
  std::vector<double> squares;
  std::vector<Action> line;
  int64_t iterations = 0;
};

void RunTree(const Ruleset& rules, const BattleState& view, Side side, const Options& options,
             const std::vector<uint64_t>& root_order, int thread, int64_t iterations,
             Clock::time_point deadline, ThreadResult* out) {
  Tree tree(rules, view, side, options, Mix(options.seed, static_cast<uint64_t>(thread)),
            root_order);
  int64_t i = 0;
  for (; options.iterations == 0 || i < iterations; ++i) {
    if ((options.milliseconds > 0 || options.deadline) && Clock::now() >= deadline) break;
    if (options.cancelled && options.cancelled()) break;
    tree.Iterate(i);
  }
  out->iterations = i;
  out->nodes = tree.nodes();
  out->paired = tree.paired();
  out->squares = tree.squares();
  // The principal line: the most visited child, down the tree.
  for (int32_t n = tree.nodes()[0].first_child; n >= 0;) {
    int32_t best = n;
    for (int32_t c = n; c >= 0; c = tree.nodes()[c].next_sibling) {
      if (tree.nodes()[c].visits > tree.nodes()[best].visits) best = c;
    }
    out->line.push_back(tree.action(best));
    n = tree.nodes()[best].first_child;
  }
}

}  // namespace

uint64_t ActionHash(const Action& a) {
  StateHasher h;
  h.Add(static_cast<int>(a.kind));
  h.Add(a.unit_id);
  h.Add(a.to.x());
  h.Add(a.to.y());
  h.Add(static_cast<int>(a.path.size()));
  for (const Vec2& p : a.path) {
    h.Add(p.x());
    h.Add(p.y());
  }
  h.Add(a.target_id);
  h.Add(a.hits);
  h.Add(a.casualties);
  h.Add(static_cast<int>(a.stance));
  h.Add(a.off_table);
  h.Add(a.point);
  a.extra.Hash(&h);  // a rule set's own fields; none: nothing added
  if (a.to_hex.has_value()) {  // absent (an open table): the hash as before the field
    h.Add(a.to_hex->q);
    h.Add(a.to_hex->r);
  }
  return h.value();
}

std::string ActionText(const Action& a) {
  std::string s = ActionKindName(a.kind);
  if (!a.unit_id.empty()) absl::StrAppend(&s, " ", a.unit_id.str());
  if (a.kind == ActionKind::kMove || a.kind == ActionKind::kDeploy) {
    absl::StrAppend(&s, absl::StrFormat(" to (%.1f, %.1f)", a.to.x(), a.to.y()));
  }
  if (!a.target_id.empty()) absl::StrAppend(&s, " at ", a.target_id.str());
  if (a.point != 0) absl::StrAppend(&s, " point ", a.point);
  absl::StrAppend(&s, a.extra.Text());
  if (a.to_hex.has_value()) absl::StrAppend(&s, " to hex (", a.to_hex->q, ", ", a.to_hex->r, ")");
  if (a.kind == ActionKind::kStance) absl::StrAppend(&s, " ", static_cast<int>(a.stance));
  return s;
}

absl::StatusOr<Result> Search(const Ruleset& rules, const BattleState& root,
                              const Options& options) {
  if (options.iterations < 0 || options.milliseconds < 0) {
    return absl::InvalidArgumentError("mcts: the budget cannot be negative");
  }
  if (options.iterations == 0 && options.milliseconds == 0) {
    return absl::InvalidArgumentError("mcts: set a budget of iterations or milliseconds");
  }
  if (options.threads < 1) return absl::InvalidArgumentError("mcts: threads must be at least 1");
  const Awaiting awaiting = rules.AwaitsBrief(root);
  const Side side = awaiting.side;
  if (awaiting.kind == AwaitKind::kGameOver || side == Side::kUnspecified) {
    return absl::FailedPreconditionError("mcts: nobody is to act: nothing to search");
  }
  Result result;
  for (Action& a : rules.LegalActions(root, side)) result.candidates.push_back({std::move(a)});
  if (result.candidates.empty()) {
    return absl::FailedPreconditionError("mcts: the side to act has no legal action");
  }
  const Clock::time_point start = Clock::now();
  Clock::time_point deadline = options.milliseconds > 0
                                   ? start + std::chrono::milliseconds(options.milliseconds)
                                   : Clock::time_point::max();
  if (options.deadline && *options.deadline < deadline) deadline = *options.deadline;
  // What the searching side sees; every world is resampled from it alone.
  const BattleState view = rules.View(root, side);
  // The RULES choice among the root's actions (-1: no RULES policy).
  int rules_choice = -1;
  {
    PolicySpec spec;
    spec.kind = PolicyKind::kRules;
    spec.style = options.style;
    std::unique_ptr<Policy> policy = MakePolicy(std::string(rules.id()), side, spec);
    if (policy != nullptr) {
      std::vector<Action> legal;
      for (const Candidate& c : result.candidates) legal.push_back(c.action);
      Dice dice = Dice::Seeded(options.seed, 3);
      const int r = policy->Choose(view, legal, dice, nullptr);
      if (r >= 0 && r < static_cast<int>(legal.size())) rules_choice = r;
    }
  }
  // Paired root: the actions played each round, the RULES choice first.
  std::vector<int> order;
  std::vector<uint64_t> order_hashes;
  if (options.paired_root) {
    // The RULES choice, then the first action of each other kind, then the
    // rest in legal order: a narrow round weighs the RULES choice against
    // something different (END_DEPLOYMENT against one more DEPLOY) before
    // near twins of it.
    const int width = std::max(1, options.paired_width);
    const int n = static_cast<int>(result.candidates.size());
    std::vector<char> taken(static_cast<size_t>(n), 0);
    auto take = [&](int i) {
      if (static_cast<int>(order.size()) >= width || taken[static_cast<size_t>(i)]) return;
      taken[static_cast<size_t>(i)] = 1;
      order.push_back(i);
    };
    if (rules_choice >= 0) take(rules_choice);
    std::vector<ActionKind> kinds;
    if (rules_choice >= 0) kinds.push_back(result.candidates[rules_choice].action.kind);
    for (int i = 0; i < n; ++i) {
      const ActionKind k = result.candidates[i].action.kind;
      if (std::find(kinds.begin(), kinds.end(), k) != kinds.end()) continue;
      kinds.push_back(k);
      take(i);
    }
    for (int i = 0; i < n; ++i) take(i);
    for (int i : order) order_hashes.push_back(ActionHash(result.candidates[i].action));
  }
  std::vector<ThreadResult> threads(static_cast<size_t>(options.threads));
  auto share = [&](int t) -> int64_t {
    return options.iterations / options.threads + (t < options.iterations % options.threads ? 1 : 0);
  };
  if (options.threads == 1) {
    RunTree(rules, view, side, options, order_hashes, 0, share(0), deadline, &threads[0]);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < options.threads; ++t) {
      pool.emplace_back(RunTree, std::cref(rules), std::cref(view), side, std::cref(options),
                        std::cref(order_hashes), t, share(t), deadline, &threads[t]);
    }
    for (std::thread& th : pool) th.join();
  }
  // The roots' children, summed by action.
  std::vector<double> value(result.candidates.size(), 0.0);
  std::vector<double> squares(result.candidates.size(), 0.0);
  for (const ThreadResult& t : threads) {
    result.iterations += t.iterations;
    result.nodes += static_cast<int64_t>(t.nodes.size());
    for (int32_t c = t.nodes.empty() ? -1 : t.nodes[0].first_child; c >= 0;
         c = t.nodes[c].next_sibling) {
      for (size_t i = 0; i < result.candidates.size(); ++i) {
        if (ActionHash(result.candidates[i].action) != t.nodes[c].action) continue;
        result.candidates[i].visits += t.nodes[c].visits;
        value[i] += t.nodes[c].value;
        squares[i] += t.squares[c];
        break;
      }
    }
  }
  for (size_t i = 0; i < result.candidates.size(); ++i) {
    Candidate& c = result.candidates[i];
    c.mean = c.visits > 0 ? value[i] / c.visits : 0.0;
    c.spread = c.visits > 1 ? std::sqrt(std::max(0.0, (squares[i] - c.visits * c.mean * c.mean) /
                                                       (c.visits - 1)))
                            : 0.0;
    if (result.best < 0 || c.visits > result.candidates[result.best].visits ||
        (c.visits == result.candidates[result.best].visits &&
         c.mean > result.candidates[result.best].mean)) {
      result.best = static_cast<int>(i);
    }
  }
  const int least = std::max(2, options.keep_rules_min_visits);
  if (options.paired_root && rules_choice >= 0) {
    result.rules = rules_choice;
    // Paired: the RULES choice unless another action's round-by-round
    // difference from it is above zero by more than keep_rules_z standard
    // errors (over at least `least` rounds both were played in).
    int answer = rules_choice;
    double margin = 0.0;
    // Several actions are weighed against the RULES choice at once: each at
    // keep_rules_z's tail shared among them (Bonferroni), so that leaving
    // the RULES choice on noise is no likelier than with one.
    const int others = static_cast<int>(order.size()) - 1;
    const double z =
        others > 1 ? UpperQuantile(UpperTail(options.keep_rules_z) / others) : options.keep_rules_z;
    for (size_t k = 1; k < order.size(); ++k) {
      double sum = 0.0, squares_sum = 0.0;
      int n = 0;
      for (const ThreadResult& t : threads) {
        const std::vector<double>& base = t.paired[0];
        const std::vector<double>& other = t.paired[k];
        for (size_t r = 0; r < std::min(base.size(), other.size()); ++r) {
          if (base[r] == kUnplayed || other[r] == kUnplayed) continue;
          const double d = other[r] - base[r];
          sum += d;
          squares_sum += d * d;
          ++n;
        }
      }
      if (n < 2) continue;
      const double mean = sum / n;
      const double sd = std::sqrt(std::max(0.0, (squares_sum - n * mean * mean) / (n - 1)));
      Candidate& c = result.candidates[static_cast<size_t>(order[k])];
      c.paired_rounds = n;
      c.paired_mean = mean;
      c.paired_spread = sd;
      if (n < least) continue;
      const double over = mean - z * sd / std::sqrt(static_cast<double>(n));
      if (over > margin) {
        margin = over;
        answer = order[k];
      }
    }
    result.best = answer;
    for (const ThreadResult& t : threads) {
      if (!t.paired.empty()) result.rounds += static_cast<int>(t.paired[0].size());
    }
  } else if (options.rollout == Options::Rollout::kRules && options.keep_rules_z > 0.0 &&
             rules_choice >= 0) {
    // Against the RULES choice: keep it unless another action is better by
    // more than keep_rules_z standard errors.
    const int r = rules_choice;
    result.rules = r;
    const Candidate& base = result.candidates[r];
    int answer = r;
    double margin = 0.0;
    for (size_t i = 0; i < result.candidates.size(); ++i) {
      const Candidate& c = result.candidates[i];
      if (static_cast<int>(i) == r || c.visits < least || base.visits < least) continue;
      const double se = std::sqrt(c.spread * c.spread / c.visits +
                                  base.spread * base.spread / base.visits);
      const double over = c.mean - base.mean - options.keep_rules_z * se;
      if (over > margin) {
        margin = over;
        answer = static_cast<int>(i);
      }
    }
    result.best = answer;
  }
  result.principal_line = threads[0].line;
  result.milliseconds =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return result;
}

}  // namespace impi::mcts
