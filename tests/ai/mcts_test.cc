// The search (ai/mcts/mcts.h) over every rule set with a full engine: a fixed
// seed, budget and thread count give the same answer (a pinned signature);
// every answer is a legal action, at positions of random games of each rule
// set, for either side; a British search samples only worlds with none of
// the Zulus' hidden facts; the budget and the cancel flag stop it; and the
// MCTS policy plays through the driver.
#include "ai/mcts/mcts.h"

#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ai/mcts/levels.h"
#include "ai/mcts/mcts_policy.h"
#include "engine/core/dice.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/tsatf_ruleset.h"
#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/core/state_hash.h"
#include "engine/game/umpire.h"
#include "tests/conformance/scenario_cases.h"

namespace impi {
namespace {

BattleState Load(const std::string& scenario) {
  BattleState s = LoadScenario(scenario);
  if (s.ruleset == "TSATF_ZULU_CONTROL") s.parameters.push_back({tsatf::kResolveBritishParam, 1});
  return s;
}

// Plays `game` uniformly at random until `stop` holds at a decision (or the
// game ends); false if it ended first.
template <typename Stop>
bool PlayUntil(Game& game, CounterRng& rng, Stop stop, int max_steps = 20000) {
  for (int i = 0; i < max_steps && !game.IsOver(); ++i) {
    if (stop(game)) return true;
    const std::vector<Action> legal = game.LegalActions();
    if (legal.empty()) return false;
    if (!game.Apply(legal[rng.Uniform(legal.size())]).ok()) return false;
  }
  return false;
}

// The first Zulu decision of the seed-1 Isandlwana battle (the Zulu plan).
BattleState FirstZuluDecision() {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  absl::StatusOr<Game> g = Game::Start(rules, Load("isandlwana"), 1);
  EXPECT_TRUE(g.ok()) << g.status();
  CounterRng rng(1, 99);
  EXPECT_TRUE(PlayUntil(*g, rng, [](const Game& x) { return x.ToAct() == Side::kZulu; }));
  return g->state();
}

// The search's answer at FirstZuluDecision: 96 iterations, seed 7, RULES
// rollouts of 20 decisions: the action chosen and the visits of every root
// action.
constexpr char kSignature1[] =
    "OFF_BOARD r_udududu point 1 after 96 iterations: 6 6 6 6 6 5 5 6 6 6 6 6 5 5 4 6 6";
constexpr char kSignature2[] =
    "OFF_BOARD r_udududu point 1 after 96 iterations: 8 7 8 8 6 4 4 8 4 3 8 8 2 4 4 7 3";

// A paired root of `width` actions a round over `rounds` rounds, rollouts
// of `depth` decisions, from `seed`.
mcts::Options PairedRoot(int width, int rounds, int depth, uint64_t seed) {
  mcts::Options o;
  o.paired_root = true;
  o.paired_width = width;
  o.iterations = width * rounds;
  o.rollout_depth = depth;
  o.seed = seed;
  return o;
}

std::string Signature(const mcts::Result& r) {
  std::string s = absl::StrCat(mcts::ActionText(r.candidates[r.best].action), " after ",
                               r.iterations, " iterations:");
  for (const mcts::Candidate& c : r.candidates) absl::StrAppend(&s, " ", c.visits);
  return s;
}

TEST(MctsSearch, AFixedSeedAndThreadCountGiveTheSameAnswer) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  const BattleState root = FirstZuluDecision();
  for (int threads : {1, 2}) {
    mcts::Options o;
    o.iterations = 96;
    o.threads = threads;
    o.seed = 7;
    o.rollout_depth = 20;
    absl::StatusOr<mcts::Result> a = mcts::Search(rules, root, o);
    absl::StatusOr<mcts::Result> b = mcts::Search(rules, root, o);
    ASSERT_TRUE(a.ok()) << a.status();
    ASSERT_TRUE(b.ok()) << b.status();
    EXPECT_EQ(a->iterations, 96);
    EXPECT_EQ(Signature(*a), Signature(*b)) << threads << " threads";
    // The pinned signature, as Stockfish's bench: any change to the search,
    // to the rule set's play or to the dice changes it; say why when it moves.
    EXPECT_EQ(Signature(*a), threads == 1 ? kSignature1 : kSignature2) << threads << " threads";
    int visits = 0;
    for (const mcts::Candidate& c : a->candidates) visits += c.visits;
    EXPECT_EQ(visits, 96) << "every iteration passes through one root action";
    EXPECT_GE(a->candidates.size(), 2u);
  }
}

// Every answer is one of the legal actions of the side to act, at positions
// of random games of each rule set: British and Zulu decisions alike.
TEST(MctsSearch, AnswersOnlyLegalActionsForEitherSide) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.scenario);
    const Ruleset& rules = *FindRuleset(c.ruleset);
    int searched[3] = {0, 0, 0};
    for (uint64_t seed = 1; searched[1] + searched[2] < 1000 && seed < 400; ++seed) {
      absl::StatusOr<Game> g = Game::Start(rules, Load(c.scenario), seed);
      ASSERT_TRUE(g.ok()) << g.status();
      CounterRng rng(seed, 5);
      for (int step = 0; step < 4000 && !g->IsOver(); ++step) {
        const std::vector<Action> legal = g->LegalActions();
        ASSERT_FALSE(legal.empty());
        if (rng.Uniform(12) == 0) {
          mcts::Options o;
          o.iterations = 3;
          o.rollout_depth = 3;
          o.seed = seed * 1000 + step;
          absl::StatusOr<mcts::Result> r = mcts::Search(rules, g->state(), o);
          ASSERT_TRUE(r.ok()) << r.status();
          ASSERT_GE(r->best, 0);
          const uint64_t chosen = mcts::ActionHash(r->candidates[r->best].action);
          bool found = false;
          for (const Action& a : legal) found |= mcts::ActionHash(a) == chosen;
          EXPECT_TRUE(found) << "seed " << seed << " step " << step << ": "
                             << mcts::ActionText(r->candidates[r->best].action);
          ++searched[static_cast<int>(g->ToAct())];
        }
        ASSERT_TRUE(g->Apply(legal[rng.Uniform(legal.size())]).ok());
      }
    }
    EXPECT_GE(searched[1] + searched[2], 1000);
    EXPECT_GT(searched[static_cast<int>(Side::kBritish)], 0);
    if (c.ruleset == ferree::kRulesetId) {
      EXPECT_GT(searched[static_cast<int>(Side::kZulu)], 0) << "Ferree's Zulu decisions";
    }
  }
}

// What the British cannot see, changed in `s`: Ferree's regiments' turns
// and points of entry (and one more secret entry) and the trays' losses of
// the turn; Empress's Zulu orders of the move; Zulu Control's force pool,
// what each marker brings and where each hidden appearance point stands.
void PlantHiddenFacts(const std::string& ruleset, BattleState& s) {
  if (ruleset == ferree::kRulesetId) {
    for (ferree::SecretEntry& e : ferree::Own(s).secret_entries) {
      e.point = 3 - e.point;
      e.turn += 1;
    }
    ferree::Own(s).secret_entries.push_back({"planted-regiment", 97, 2});
    for (const Unit& u : s.units) {
      if (u.side == Side::kZulu) ferree::MutableUnitOf(s, u.id).losses_this_turn = 97;
    }
  } else if (ruleset == empress::kRulesetId) {
    for (const Unit& u : s.units) {
      if (u.side != Side::kZulu) continue;
      empress::EmpressUnit& e = empress::MutableUnitState(s, u.id);
      e.order.kind = empress::OrderKind::kEvade;
      e.order.to = Vec2(1.25, 2.75);
    }
  } else if (ruleset == tsatf::kRulesetId) {
    tsatf::MutableOwnState(s).force_pool += 4321;
    for (Point& p : s.points) {
      if (p.marker != Marker::kNone) p.marked_force = ForceKind::kSkirmishers;
      if (p.kind == PointKind::kAppearance && p.hidden) p.position += Vec2(1.5, 0.5);
    }
  }
  // Another rule set may hide nothing (Pagano's: every figure and die is on
  // the table): nothing to plant.
}


// A British search plays only worlds resampled from the British view: a
// planted off-board regiment and its secret entry, the Zulu divisions and
// (in Zulu Control) a planted force pool never reach a world it plays.
TEST(MctsSearch, ABritishSearchNeverSeesHiddenZuluFacts) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.scenario);
    const Ruleset& rules = *FindRuleset(c.ruleset);
    absl::StatusOr<Game> g = Game::Start(rules, Load(c.scenario), 3);
    ASSERT_TRUE(g.ok()) << g.status();
    CounterRng rng(3, 5);
    const bool ferree_rules = c.ruleset == ferree::kRulesetId;
    const bool empress_rules = c.ruleset == empress::kRulesetId;
    ASSERT_TRUE(PlayUntil(*g, rng, [&](const Game& x) {
      if (x.ToAct() != Side::kBritish) return false;
      return !ferree_rules || !ferree::Own(x.state()).secret_entries.empty();
    }));
    BattleState planted = g->state();
    PlantHiddenFacts(c.ruleset, planted);
    int worlds = 0, unseen = 0;
    std::vector<std::string> keys;  // every world sampled, as the Zulus know it
    mcts::Options o;
    o.iterations = 40;
    o.rollout_depth = 5;
    o.on_world = [&](const BattleState& world) {
      ++worlds;
      keys.push_back(rules.InformationSetKey(world, Side::kZulu));
      if (ferree_rules) {
        for (const ferree::SecretEntry& e : ferree::Own(world).secret_entries) {
          EXPECT_NE(e.unit_id, "planted-regiment");
          EXPECT_NE(e.turn, 97);
        }
        // Every regiment the British have not seen comes on in the world.
        for (const Unit& u : world.units) {
          if (u.side == Side::kZulu) {
            EXPECT_NE(ferree::UnitOf(world, u.id).losses_this_turn, 97) << u.id;
          }
          if (!ferree::UnseenRegiment(world, u)) continue;
          ++unseen;
          int entries = 0;
          for (const ferree::SecretEntry& e : ferree::Own(world).secret_entries) {
            entries += e.unit_id == u.id ? 1 : 0;
          }
          EXPECT_EQ(entries, 1) << u.id << " is off the table with no turn of entry";
        }
      } else if (empress_rules) {
        for (const Unit& u : world.units) {
          const empress::EmpressUnit* e = empress::UnitState(world, u.id);
          if (u.side == Side::kZulu && e != nullptr) EXPECT_NE(e->order.to, Vec2(1.25, 2.75)) << u.id;
        }
      } else {
        const tsatf::TsatfState* own = tsatf::OwnState(world);
        if (own != nullptr) EXPECT_LT(own->force_pool, 4321);
      }
    };
    absl::StatusOr<mcts::Result> r = mcts::Search(rules, planted, o);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(worlds, 40);
    if (ferree_rules) EXPECT_GE(unseen, 40) << "a regiment still to come in every world";
    // The same search from the true state samples the same worlds: nothing
    // of what was planted reached one.
    const std::vector<std::string> planted_keys = std::move(keys);
    keys.clear();
    ASSERT_TRUE(mcts::Search(rules, g->state(), o).ok());
    EXPECT_EQ(keys, planted_keys);
  }
}

// The RULES choice of the side to act at `state`, as the search asks for it.
int RulesChoice(const Ruleset& rules, const BattleState& state, uint64_t seed,
                const std::string& style = "") {
  const Side side = rules.AwaitsBrief(state).side;
  PolicySpec spec;
  spec.kind = PolicyKind::kRules;
  spec.style = style;
  std::unique_ptr<Policy> policy = MakePolicy(std::string(rules.id()), side, spec);
  EXPECT_NE(policy, nullptr);
  Dice dice = Dice::Seeded(seed, 3);
  return policy->Choose(rules.View(state, side), rules.LegalActions(state, side), dice, nullptr);
}

// With RULES rollouts the search keeps the RULES choice unless another
// action beats it by more than keep_rules_z standard errors: at every Zulu
// and British decision of a game, the answer is the RULES choice or one
// whose mean is that far above it; with keep_rules_z 0 it is the most
// visited action.
// Paired root: each round plays the RULES choice and the next actions in
// legal order (at most paired_width) on one world, the same for all of
// them; the answer leaves the RULES choice only on a difference, round by
// round, of more than keep_rules_z standard errors.
TEST(MctsSearch, APairedRootPlaysItsActionsOnOneWorldEachRound) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  const BattleState root = FirstZuluDecision();
  mcts::Options o = PairedRoot(4, 6, 6, 7);
  o.keep_rules_min_visits = 4;
  std::vector<uint64_t> worlds;
  o.on_world = [&](const BattleState& w) {
    StateHasher h;
    HashState(w, &h);
    worlds.push_back(h.value());
  };
  absl::StatusOr<mcts::Result> r = mcts::Search(rules, root, o);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(worlds.size(), 24u);
  for (size_t i = 0; i < worlds.size(); ++i) {
    EXPECT_EQ(worlds[i], worlds[i - i % 4]) << "world " << i << " of round " << i / 4;
  }
  EXPECT_EQ(r->rounds, 6);
  ASSERT_GE(r->rules, 0);
  // The RULES choice and the first three others, six worlds each.
  int played = 0;
  for (size_t i = 0; i < r->candidates.size(); ++i) {
    if (r->candidates[i].visits == 0) continue;
    ++played;
    EXPECT_EQ(r->candidates[i].visits, 6) << mcts::ActionText(r->candidates[i].action);
  }
  EXPECT_EQ(played, 4);
  EXPECT_EQ(r->candidates[r->rules].visits, 6);
  // Each other action's value less the RULES choice's, round by round: all
  // four played every round, so its mean is the difference of their means.
  const mcts::Candidate& base = r->candidates[r->rules];
  EXPECT_EQ(base.paired_rounds, 0);
  for (size_t i = 0; i < r->candidates.size(); ++i) {
    const mcts::Candidate& c = r->candidates[i];
    if (c.visits == 0 || static_cast<int>(i) == r->rules) continue;
    EXPECT_EQ(c.paired_rounds, 6) << mcts::ActionText(c.action);
    EXPECT_NEAR(c.paired_mean, c.mean - base.mean, 1e-12) << mcts::ActionText(c.action);
    EXPECT_GE(c.paired_spread, 0.0);
  }
  EXPECT_GT(r->candidates[r->best].visits, 0);
  // The same seed gives the same answer; two threads play their own rounds.
  absl::StatusOr<mcts::Result> again = mcts::Search(rules, root, o);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(Signature(*again), Signature(*r));
  o.threads = 2;
  o.on_world = nullptr;
  absl::StatusOr<mcts::Result> two = mcts::Search(rules, root, o);
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(two->rounds, 6);
  EXPECT_EQ(Signature(*two), Signature(*mcts::Search(rules, root, o)));
}

// Ferree's Score is graded (a British victory -1, a Zulu one 0.25 to 1 by
// its degree); valued by winner, a world counts +1 a win, -1 a loss and 0
// undecided at the turn cap. A paired root plays the same worlds either way
// (its rollouts do not look at values), so each action's value by winner is
// a whole count over its visits, and never below its graded value (a world
// capped at turn 60 is 0 by winner, and here -1 graded).
TEST(MctsSearch, AWorldPlayedToTheEndIsValuedByWhoWonWhenAsked) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  const BattleState root = FirstZuluDecision();
  mcts::Options o;
  o.paired_root = true;
  o.paired_width = 3;
  o.iterations = 3 * 8;
  o.rollout_depth = 100000;  // every world to its end or the cap
  o.turn_cap = 60;
  o.keep_rules_min_visits = 8;
  o.seed = 2;
  int capped = 0;
  // A capped world is valued at the bottom of the scale when graded (and 0,
  // undecided, by winner), so that by winner no action is valued lower.
  o.evaluate = [&](const BattleState& s, Side) {
    EXPECT_GT(s.clock.turn, 60);  // only a capped world is cut off
    ++capped;
    return -1.0;
  };
  absl::StatusOr<mcts::Result> graded = mcts::Search(rules, root, o);
  ASSERT_TRUE(graded.ok()) << graded.status();
  EXPECT_GE(capped, 1);  // this seed's worlds: one still going at turn 60
  capped = 0;
  o.value_by_winner = true;
  absl::StatusOr<mcts::Result> won = mcts::Search(rules, root, o);
  ASSERT_TRUE(won.ok()) << won.status();
  EXPECT_EQ(capped, 0);  // by winner, a capped world needs no evaluation
  ASSERT_EQ(won->candidates.size(), graded->candidates.size());
  bool some_graded = false;
  int played = 0;
  for (size_t i = 0; i < won->candidates.size(); ++i) {
    const mcts::Candidate& w = won->candidates[i];
    const mcts::Candidate& g = graded->candidates[i];
    ASSERT_EQ(w.visits, g.visits) << mcts::ActionText(w.action);
    if (w.visits == 0) continue;
    ++played;
    const double wins_less_losses = w.mean * w.visits;
    EXPECT_NEAR(wins_less_losses, std::round(wins_less_losses), 1e-9) << mcts::ActionText(w.action);
    EXPECT_GE(w.mean, g.mean - 1e-12) << mcts::ActionText(w.action);
    const double graded_sum = g.mean * g.visits;
    if (std::fabs(graded_sum - std::round(graded_sum)) > 1e-9) some_graded = true;
  }
  EXPECT_EQ(played, 3);
  // The seed's worlds include a Zulu victory short of decisive, so the
  // graded search saw a value the winner's count does not.
  EXPECT_TRUE(some_graded);
}

TEST(MctsSearch, ACutOffWorldIsValuedByTheEvaluationGiven) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  const BattleState root = FirstZuluDecision();
  mcts::Options o;
  o.iterations = 24;
  o.rollout_depth = 1;  // the plan goes on: no world ends within it
  o.seed = 7;
  int asked = 0;
  o.evaluate = [&](const BattleState& s, Side side) {
    ++asked;
    EXPECT_FALSE(rules.IsOver(s));
    return side == Side::kZulu ? 0.25 : -0.25;
  };
  absl::StatusOr<mcts::Result> r = mcts::Search(rules, root, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(asked, 24);
  for (const mcts::Candidate& c : r->candidates) {
    if (c.visits > 0) EXPECT_DOUBLE_EQ(c.mean, 0.25) << mcts::ActionText(c.action);
  }
}

// A style (Options::style, PolicySpec::style) is the searching side's own
// RULES policy: at a Zulu decision of the ridge where Ferree's bold doctrine
// and the doctrine part, the search's RULES choice is the style's; a search
// in a style its side's policy does not know is not made.
TEST(MctsSearch, AStyleIsTheSearchingSidesOwnRulesPolicy) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  absl::StatusOr<Game> g = Game::Start(rules, Load("isandlwana_ridge"), 3);
  ASSERT_TRUE(g.ok()) << g.status();
  bool parted = false;
  for (int step = 0; step < 5000 && !g->IsOver(); ++step) {
    const std::vector<Action> legal = g->LegalActions();
    ASSERT_FALSE(legal.empty());
    const int doctrine = RulesChoice(rules, g->state(), 1);
    if (g->ToAct() == Side::kZulu && legal.size() > 1 &&
        RulesChoice(rules, g->state(), 1, "bold") != doctrine) {
      parted = true;
      break;
    }
    ASSERT_TRUE(g->Apply(legal[static_cast<size_t>(doctrine)]).ok());
  }
  ASSERT_TRUE(parted) << "the bold doctrine charges where the doctrine goes to ground";
  mcts::Options o;
  o.iterations = 8;
  o.rollout_depth = 4;
  o.seed = 5;
  absl::StatusOr<mcts::Result> plain = mcts::Search(rules, g->state(), o);
  o.style = "bold";
  absl::StatusOr<mcts::Result> bold = mcts::Search(rules, g->state(), o);
  ASSERT_TRUE(plain.ok() && bold.ok());
  EXPECT_EQ(plain->rules, RulesChoice(rules, g->state(), 1));
  EXPECT_EQ(bold->rules, RulesChoice(rules, g->state(), 1, "bold"));
  EXPECT_NE(bold->rules, plain->rules);

  PolicySpec spec;
  spec.kind = PolicyKind::kMcts;
  spec.iterations = 8;
  spec.style = "bold";
  EXPECT_NE(MakePolicy(ferree::kRulesetId, Side::kZulu, spec), nullptr);
  EXPECT_EQ(MakePolicy(ferree::kRulesetId, Side::kBritish, spec), nullptr);
  spec.style = "timid";
  EXPECT_EQ(MakePolicy(ferree::kRulesetId, Side::kZulu, spec), nullptr);
}

TEST(MctsSearch, KeepsTheRulesChoiceUnlessTheWorldsSayOtherwise) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  absl::StatusOr<Game> g = Game::Start(rules, Load("isandlwana"), 11);
  ASSERT_TRUE(g.ok()) << g.status();
  CounterRng rng(11, 5);
  int kept = 0;
  int left = 0;
  int searched = 0;
  for (int step = 0; step < 3000 && !g->IsOver() && searched < 40; ++step) {
    const std::vector<Action> legal = g->LegalActions();
    ASSERT_FALSE(legal.empty());
    if (legal.size() > 1 && rng.Uniform(8) == 0) {
      ++searched;
      mcts::Options o;
      o.iterations = 24;
      o.rollout_depth = 6;
      o.keep_rules_min_visits = 4;
      o.seed = 100 + step;
      absl::StatusOr<mcts::Result> r = mcts::Search(rules, g->state(), o);
      ASSERT_TRUE(r.ok()) << r.status();
      ASSERT_GE(r->rules, 0) << "both sides have a RULES policy";
      EXPECT_EQ(r->rules, RulesChoice(rules, g->state(), o.seed)) << "step " << step;
      const mcts::Candidate& base = r->candidates[r->rules];
      const mcts::Candidate& best = r->candidates[r->best];
      if (r->best == r->rules) {
        ++kept;
      } else if (best.visits < o.keep_rules_min_visits || base.visits < o.keep_rules_min_visits) {
        ADD_FAILURE() << "step " << step << ": left the RULES choice on too few worlds";
      } else {
        ++left;
        const double se = std::sqrt(best.spread * best.spread / best.visits +
                                    base.spread * base.spread / base.visits);
        EXPECT_GT(best.mean - base.mean, o.keep_rules_z * se) << "step " << step;
      }
      // Plain MCTS: the most visited action.
      o.keep_rules_z = 0.0;
      absl::StatusOr<mcts::Result> plain = mcts::Search(rules, g->state(), o);
      ASSERT_TRUE(plain.ok()) << plain.status();
      EXPECT_EQ(plain->rules, -1);
      for (const mcts::Candidate& c : plain->candidates) {
        EXPECT_LE(c.visits, plain->candidates[plain->best].visits);
      }
    }
    ASSERT_TRUE(g->Apply(legal[rng.Uniform(legal.size())]).ok());
  }
  EXPECT_EQ(searched, 40);
  EXPECT_GT(kept, 0);
  EXPECT_GT(left, 0) << "with 24 worlds and 4 a side, the search leaves the rules somewhere";
}

TEST(MctsSearch, ATimeBudgetOrTheCancelFlagStopsIt) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  const BattleState root = FirstZuluDecision();
  mcts::Options o;
  o.milliseconds = 50;
  absl::StatusOr<mcts::Result> r = mcts::Search(rules, root, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GT(r->iterations, 0);
  o.milliseconds = 0;
  o.iterations = 1000000;
  o.cancelled = [] { return true; };
  r = mcts::Search(rules, root, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->iterations, 0);
  o.cancelled = nullptr;
  o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(30);
  r = mcts::Search(rules, root, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GT(r->iterations, 0);
  EXPECT_LT(r->iterations, 1000000);
  o.deadline.reset();
  o.iterations = 0;
  EXPECT_EQ(mcts::Search(rules, root, o).status().code(), absl::StatusCode::kInvalidArgument);
}

// Policy MCTS through the umpire: the Zulu plan chosen by the search, with
// its account, and the same request gives the same answer.
TEST(MctsPolicy, PlaysTheZuluSideThroughAdvance) {
  BattleState s = Load("isandlwana");
  PolicySpec spec;
  spec.kind = PolicyKind::kMcts;
  spec.iterations = 24;
  DiceSpec dice;
  dice.seed = 5;
  absl::StatusOr<StepResult> a = RunAdvance(s, {}, spec, dice);
  ASSERT_TRUE(a.ok()) << a.status();
  absl::StatusOr<StepResult> b = RunAdvance(s, {}, spec, dice);
  ASSERT_TRUE(b.ok()) << b.status();
  bool explained = false;
  for (const Event& e : a->events) {
    explained |= e.why.text.find("MCTS: 24 iterations") != std::string::npos;
  }
  EXPECT_TRUE(explained) << "no decision says what the search saw";
  ASSERT_EQ(a->events.size(), b->events.size());
  for (size_t i = 0; i < a->events.size(); ++i) {
    EXPECT_EQ(a->events[i].why.text, b->events[i].why.text) << i;
  }
  EXPECT_EQ(a->awaiting.side, Side::kBritish);
}

// Told to search only pivotal decisions (Ruleset::Pivotal), the policy
// makes a tray's test to charge a retiring unit as RULES does, unsearched,
// and searches a regiment's move.
TEST(MctsPolicy, SearchesOnlyPivotalDecisionsWhenToldTo) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  PolicySpec spec;
  spec.kind = PolicyKind::kMcts;
  spec.iterations = 8;
  spec.rollout_depth = 4;
  spec.pivotal_only = true;
  mcts::MctsPolicy policy(spec);
  PolicySpec rules_spec;
  rules_spec.kind = PolicyKind::kRules;
  std::unique_ptr<Policy> doctrine = MakePolicy(ferree::kRulesetId, Side::kZulu, rules_spec);
  ASSERT_NE(doctrine, nullptr);
  auto pending = [](const Game& g) { return ferree::Pending(g.state()).choice; };
  for (ferree::ZuluChoice choice :
       {ferree::ZuluChoice::kRegimentMove, ferree::ZuluChoice::kChargeRetiring}) {
    bool found = false;
    for (uint64_t seed = 1; seed <= 8 && !found; ++seed) {
      absl::StatusOr<Game> g = Game::Start(rules, Load("isandlwana"), seed);
      ASSERT_TRUE(g.ok()) << g.status();
      CounterRng rng(seed, 99);
      found = PlayUntil(*g, rng, [&](const Game& x) {
        return pending(x) == choice && x.LegalActions().size() > 1;
      });
      if (!found) continue;
      const bool pivotal = choice != ferree::ZuluChoice::kChargeRetiring;
      EXPECT_EQ(rules.Pivotal(g->state()), pivotal);
      const std::vector<Action> legal = g->LegalActions();
      Dice dice = Dice::Seeded(seed, 5);
      Dice same = Dice::Seeded(seed, 5);
      std::string why;
      const int i = policy.Choose(g->state(), legal, dice, &why);
      ASSERT_GE(i, 0);
      ASSERT_LT(i, static_cast<int>(legal.size()));
      if (pivotal) {
        EXPECT_THAT(why, ::testing::StartsWith("MCTS: 8 iterations")) << why;
      } else {
        EXPECT_THAT(why, ::testing::StartsWith("MCTS: not a pivotal decision; as RULES: ")) << why;
        EXPECT_EQ(i, doctrine->Choose(g->state(), legal, same, nullptr));
      }
    }
    EXPECT_TRUE(found) << "no " << ferree::ZuluChoiceName(choice) << " decision in 8 random battles";
  }
}

// A British deployment with troops pulled in (001 D.): DEPLOY places for the
// companies and END_DEPLOYMENT, from the first of seeds 1-40 of the even
// battle that rolls it, the British playing as RULES until then.
bool PulledInDeployment(BattleState* out) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  PolicySpec rules_spec;
  rules_spec.kind = PolicyKind::kRules;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    absl::StatusOr<Game> g = Game::Start(rules, Load("isandlwana_even"), seed);
    if (!g.ok()) return false;
    for (int step = 0; step < 200 && !g->IsOver(); ++step) {
      const std::vector<Action> legal = g->LegalActions();
      if (legal.empty()) break;
      if (g->ToAct() == Side::kBritish) {
        if (ferree::Own(g->state()).situation.deployment == ferree::Deployment::kPulledIn &&
            legal.size() > 2 && legal.back().kind == ActionKind::kEndDeployment) {
          *out = g->state();
          return true;
        }
        break;  // the British deploy first or not at all: the next seed
      }
      std::unique_ptr<Policy> zulu = MakePolicy(ferree::kRulesetId, Side::kZulu, rules_spec);
      Dice dice = Dice::Seeded(seed, 5);
      if (!g->Apply(legal[zulu->Choose(g->state(), legal, dice, nullptr)]).ok()) break;
    }
  }
  return false;
}

// For the British only the deployment is pivotal (001 D.: pulling the troops
// in or not moves a battle by tens of points, docs/strength.md); an
// activation in the battle is not.
TEST(MctsPolicy, TheBritishDeploymentIsPivotalTheirActivationsAreNot) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  BattleState deploy;
  ASSERT_TRUE(PulledInDeployment(&deploy)) << "no pulled-in deployment in 40 seeds";
  EXPECT_TRUE(rules.Pivotal(deploy));
  absl::StatusOr<Game> g = Game::Start(rules, Load("isandlwana_even"), 3);
  ASSERT_TRUE(g.ok()) << g.status();
  CounterRng rng(3, 99);
  ASSERT_TRUE(PlayUntil(*g, rng, [](const Game& x) {
    return x.ToAct() == Side::kBritish && x.state().clock.phase == Phase::kActivation &&
           x.LegalActions().size() > 1;
  }));
  EXPECT_FALSE(rules.Pivotal(g->state()));
}

// A narrow paired root weighs the RULES choice against an action of
// another kind first: with two actions a round at a deployment, the RULES
// DEPLOY and END_DEPLOYMENT, not two DEPLOYs of different companies.
TEST(MctsSearch, ANarrowPairedRootWeighsAnotherKindOfActionFirst) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  BattleState deploy;
  ASSERT_TRUE(PulledInDeployment(&deploy)) << "no pulled-in deployment in 40 seeds";
  const mcts::Options o = PairedRoot(2, 5, 4, 11);
  absl::StatusOr<mcts::Result> r = mcts::Search(rules, deploy, o);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_GE(r->rules, 0);
  EXPECT_EQ(r->candidates[r->rules].action.kind, ActionKind::kDeploy);
  std::vector<ActionKind> played;
  for (const mcts::Candidate& c : r->candidates) {
    if (c.visits > 0) played.push_back(c.action.kind);
  }
  EXPECT_THAT(played, ::testing::UnorderedElementsAre(ActionKind::kDeploy, ActionKind::kEndDeployment));
  EXPECT_EQ(r->candidates[r->rules].visits, 5);
}

}  // namespace
}  // namespace impi

namespace impi {
namespace {

// The visits the account gives `text` ("<text> (<n> visits"), or -1; with
// no text, those of the first action it lists (the most visited).
int VisitsIn(const std::string& why, const std::string& text) {
  const size_t at = text.empty() ? why.find("nodes; ") : why.find(text + " (");
  if (at == std::string::npos) return -1;
  const size_t visits = why.find(" visits, mean", at);
  if (visits == std::string::npos) return -1;
  const size_t open = why.rfind('(', visits);
  return std::atoi(why.c_str() + open + 1);
}

// Plain (PolicySpec::plain, the easy levels): the answer is the most
// visited action, never the RULES choice kept for want of a clearly better
// one; without it the account says which way the RULES choice went.
TEST(MctsPolicy, PlainAnswersTheMostVisitedAction) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  PolicySpec spec;
  spec.kind = PolicyKind::kMcts;
  spec.iterations = 24;
  spec.rollout_depth = 4;
  PolicySpec plain_spec = spec;
  plain_spec.plain = true;
  mcts::MctsPolicy kept(spec), plain(plain_spec);
  absl::StatusOr<Game> g = Game::Start(rules, Load("isandlwana"), 3);
  ASSERT_TRUE(g.ok()) << g.status();
  CounterRng rng(3, 99);
  int searched = 0;
  for (int step = 0; step < 400 && !g->IsOver() && searched < 6; ++step) {
    const std::vector<Action> legal = g->LegalActions();
    ASSERT_FALSE(legal.empty());
    if (legal.size() > 2 && step % 7 == 0) {
      ++searched;
      Dice dice = Dice::Seeded(3, static_cast<uint64_t>(step));
      std::string why;
      const int i = plain.Choose(g->state(), legal, dice, &why);
      ASSERT_GE(i, 0);
      ASSERT_LT(i, static_cast<int>(legal.size()));
      EXPECT_THAT(why, ::testing::Not(::testing::HasSubstr("RULES choice"))) << why;
      const int top = VisitsIn(why, "");
      ASSERT_GT(top, 0) << why;
      EXPECT_EQ(VisitsIn(why, mcts::ActionText(legal[i])), top) << why;
      std::string kept_why;
      kept.Choose(g->state(), legal, dice, &kept_why);
      EXPECT_THAT(kept_why, ::testing::HasSubstr("RULES choice")) << kept_why;
    }
    ASSERT_TRUE(g->Apply(legal[rng.Uniform(legal.size())]).ok());
  }
  EXPECT_EQ(searched, 6);
}

// The search policy's seed (mcts_policy.h): the request's seed and the
// acting side's information-set key, never a fact that side cannot see. In
// every rule set with hidden facts, a British decision and the same one with
// the hidden facts changed (the same information-set key for the British)
// get the same answer and the same search (its account: every visit), at
// every level and the service's default search, on 1 and 2 threads.
TEST(MctsPolicy, StatesTheActingSideCannotTellApartGetTheSameAnswer) {
  std::vector<PolicySpec> specs;
  for (const mcts::Level& level : mcts::kLevels) {
    PolicySpec spec;
    spec.kind = PolicyKind::kMcts;
    spec.iterations = level.iterations;
    spec.plain = level.plain;
    specs.push_back(spec);
  }
  PolicySpec service_default;  // an MCTS request with no budget
  service_default.kind = PolicyKind::kMcts;
  specs.push_back(service_default);
  PolicySpec paired = service_default;
  paired.paired_root = true;
  specs.push_back(paired);
  for (const Case& c : Cases()) {
    if (c.ruleset != ferree::kRulesetId && c.ruleset != empress::kRulesetId &&
        c.ruleset != "TSATF_ZULU_CONTROL") {
      continue;
    }
    SCOPED_TRACE(c.scenario);
    const Ruleset& rules = *FindRuleset(c.ruleset);
    absl::StatusOr<Game> g = Game::Start(rules, Load(c.scenario), 5);
    ASSERT_TRUE(g.ok()) << g.status();
    CounterRng rng(5, 7);
    const bool ferree_rules = c.ruleset == ferree::kRulesetId;
    ASSERT_TRUE(PlayUntil(*g, rng, [&](const Game& x) {
      if (x.ToAct() != Side::kBritish || x.LegalActions().size() < 2) return false;
      return !ferree_rules || !ferree::Own(x.state()).secret_entries.empty();
    }));
    const BattleState& truth = g->state();
    BattleState planted = truth;
    PlantHiddenFacts(c.ruleset, planted);
    ASSERT_EQ(rules.InformationSetKey(planted, Side::kBritish),
              rules.InformationSetKey(truth, Side::kBritish));
    ASSERT_NE(rules.InformationSetKey(planted, Side::kZulu),
              rules.InformationSetKey(truth, Side::kZulu))
        << "nothing hidden was changed";
    const std::vector<Action> legal = rules.LegalActions(truth, Side::kBritish);
    ASSERT_EQ(rules.LegalActions(planted, Side::kBritish).size(), legal.size());
    for (PolicySpec spec : specs) {
      for (int threads : {1, 2}) {
        spec.threads = threads;
        spec.seed = 11;
        SCOPED_TRACE(absl::StrCat(spec.iterations, " iterations, plain ", spec.plain, ", paired ",
                                  spec.paired_root, ", ", threads, " thread(s)"));
        std::unique_ptr<Policy> a = MakePolicy(c.ruleset, Side::kBritish, spec);
        std::unique_ptr<Policy> b = MakePolicy(c.ruleset, Side::kBritish, spec);
        ASSERT_NE(a, nullptr);
        Dice dice_a = Dice::Seeded(11), dice_b = Dice::Seeded(11);
        std::string why_a, why_b;
        const int i = a->Choose(truth, legal, dice_a, &why_a);
        const int j = b->Choose(planted, legal, dice_b, &why_b);
        EXPECT_EQ(i, j);
        EXPECT_EQ(why_a, why_b);
        EXPECT_THAT(why_a, ::testing::HasSubstr("iterations")) << why_a;
      }
    }
  }
}

}  // namespace
}  // namespace impi
