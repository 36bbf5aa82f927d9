// The game interface with inline chance (engine/game/game.h), over every
// rule set with a full engine and its built-in scenarios: random play, both
// sides choosing uniformly among their legal actions, reaches the end under
// a turn cap; the same seed gives the same game; a copy is independent;
// View(Resample(s)) == View(s) with planted secrets never in the British
// view; every state at every step, Zulu decision nodes included, round-trips
// through the contract and is accepted by the service when sent back, and
// resumes to the same legal actions. Ferree's Zulu choices appear as Zulu
// decision nodes of every kind.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "google/protobuf/arena.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "engine/core/dice.h"
#include "engine/rulesets/empress/empress.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/roarks_drift/state.h"
#include "engine/game/game.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/scenarios/embedded.h"
#include "service/convert.h"
#include "tests/conformance/scenario_cases.h"
#include "engine/rulesets/tsatf/tsatf_state.h"
#include "engine/rulesets/tsatf/zulu_control.h"

namespace impi {
namespace {

using google::protobuf::util::MessageDifferencer;

constexpr int kGames = 200;       // per rule set and scenario
// Roark's Drift: a random game is some 1,200-1,600 decisions among a few
// hundred orders each (every counter's every step, each fire tried), about
// 2 s of a core; 40 games (5 a shard) keep the suite's time, and every one
// ends (100 Zulu units killed, 9.3.B, or the fourth phase).
constexpr int kRoarksGames = 40;
constexpr int kShards = 8;        // ctest runs the shards in parallel
constexpr int kTurnCap = 150;     // a game still going after this turn is capped
constexpr int kMaxSteps = 40000;  // a guard against a game that never moves on
constexpr int kResampledAGame = 130;  // per game and shard: 8 shards, over 1,000 a rule set

// Zulu Control's patrol is played with the engine resolving the British side
// (tsatf.resolve_british = 1, as `impi simulate` plays it), so that fire and
// close combat take effect in random play.
BattleState Load(const std::string& scenario) {
  BattleState s = LoadScenario(scenario);
  if (s.ruleset == "TSATF_ZULU_CONTROL") s.parameters.push_back({tsatf::kResolveBritishParam, 1});
  return s;
}

v1::TableState Proto(const BattleState& s) {
  v1::TableState p;
  service::ToProto(s, &p);
  return p;
}

// Equal deterministic encodings mean equal messages; a cheap first test
// before the field-by-field comparison (which also settles -0.0 against 0.0).
bool SameBytes(const v1::TableState& a, const v1::TableState& b) {
  std::string x, y;
  {
    google::protobuf::io::StringOutputStream out(&x);
    google::protobuf::io::CodedOutputStream coded(&out);
    coded.SetSerializationDeterministic(true);
    a.SerializeToCodedStream(&coded);
  }
  {
    google::protobuf::io::StringOutputStream out(&y);
    google::protobuf::io::CodedOutputStream coded(&out);
    coded.SetSerializationDeterministic(true);
    b.SerializeToCodedStream(&coded);
  }
  return x == y;
}

std::string Describe(const Action& a) {
  return absl::StrCat(ActionKindName(a.kind), " ", a.unit_id.str(), " ", a.target_id.str(), " ", a.point, " ",
                      static_cast<int>(a.stance), " ", a.to.x(), ",", a.to.y());
}

std::vector<std::string> Describe(const std::vector<Action>& v) {
  std::vector<std::string> out;
  for (const Action& a : v) out.push_back(Describe(a));
  return out;
}

struct Played {
  bool over = false;
  bool capped = false;
  int steps = 0;
  int zulu_steps = 0;
  double zulu_return = 0.0;  // when over
  std::map<int, int> zulu_choices;  // Ferree: ZuluChoice -> count
};

// One game, both sides uniformly random; `visit` sees the game before each
// decision.
template <typename Visit>
Played PlayRandom(const Ruleset& rules, const BattleState& start, uint64_t seed, Visit visit) {
  Played p;
  absl::StatusOr<Game> g = Game::Start(rules, start, seed);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return p;
  CounterRng pick(seed, 11);
  while (!g->IsOver() && p.steps < kMaxSteps) {
    if (g->state().clock.turn > kTurnCap) {
      p.capped = true;
      break;
    }
    std::vector<Action> legal = g->LegalActions();
    EXPECT_FALSE(legal.empty()) << "seed " << seed << ": " << rules.Awaits(g->state()).prompt;
    if (legal.empty()) break;
    visit(*g);
    if (g->ToAct() == Side::kZulu) {
      ++p.zulu_steps;
      if (rules.id() == ferree::kRulesetId) {
        ++p.zulu_choices[static_cast<int>(ferree::Pending(g->state()).choice)];
      }
    }
    absl::Status st = g->Apply(legal[pick.Uniform(legal.size())]);
    EXPECT_TRUE(st.ok()) << "seed " << seed << ": " << st;
    if (!st.ok()) break;
    ++p.steps;
  }
  p.over = g->IsOver();
  if (p.over) {
    const double z = g->Returns(Side::kZulu);
    EXPECT_GE(z, -1.0);
    EXPECT_LE(z, 1.0);
    EXPECT_DOUBLE_EQ(z, -g->Returns(Side::kBritish));
    p.zulu_return = z;
    EXPECT_TRUE(g->LegalActions().empty());
  }
  return p;
}

class ConformanceGame : public ::testing::TestWithParam<std::tuple<Case, int>> {
 protected:
  const Case& TheCase() const { return std::get<0>(GetParam()); }
  int Shard() const { return std::get<1>(GetParam()); }
  const Ruleset& Rules() const { return *FindRuleset(TheCase().ruleset); }
};

// `./dev soak` runs the state checks on IMPI_SOAK_SCALE times as many games.
int SoakScale() {
  const char* v = std::getenv("IMPI_SOAK_SCALE");
  return v != nullptr && std::atoi(v) > 0 ? std::atoi(v) : 1;
}

// Random play ends: both sides choose uniformly among their legal actions,
// and every rule set's games end (a victory condition reached in play, or
// the scenario's turn limit) in at least 99% of 200 seeded games by the turn
// cap (Roark's Drift: of 40).
TEST_P(ConformanceGame, RandomPlayEnds) {
  const Ruleset& rules = Rules();
  const BattleState start = Load(TheCase().scenario);
  int ended = 0, played = 0, reached_cap = 0, zulu_won = 0, british_won = 0;
  std::map<int, int> choices;
  const int games = rules.id() == roarks::kRulesetId ? kRoarksGames : kGames;
  for (int i = Shard(); i < games; i += kShards) {
    Played p = PlayRandom(rules, start, 1000 + i, [](const Game&) {});
    ++played;
    ended += p.over ? 1 : 0;
    reached_cap += p.capped ? 1 : 0;
    zulu_won += p.over && p.zulu_return > 0 ? 1 : 0;
    british_won += p.over && p.zulu_return < 0 ? 1 : 0;
    for (const auto& [k, n] : p.zulu_choices) choices[k] += n;
  }
  std::cout << TheCase().scenario << " shard " << Shard() << ": " << ended << " of " << played
            << " random games ended by turn " << kTurnCap << ", " << reached_cap
            << " reached it; Zulu won " << zulu_won << ", British won " << british_won
            << ", neither " << ended - zulu_won - british_won << "\n";
  for (const auto& [k, n] : choices) {
    std::cout << "  Zulu decision " << ferree::ZuluChoiceName(static_cast<ferree::ZuluChoice>(k))
              << ": " << n << "\n";
  }
  // Every one of the 200 ends. Random play is slow to finish a battle (in
  // Ferree's, the last NNC companies out of ammunition wander near the drift:
  // the latest of the 200 ends on turn 116), so the cap stands well past the
  // longest, and a game that never ends (a stalemate the rules do not mean)
  // fails at once.
  EXPECT_EQ(ended, played);
}

// Every state at every step of random games (Zulu decision nodes in the
// middle of an activation included) round-trips through the contract, is
// accepted by the service when sent back, and resumes to the same legal
// actions and information-set key; the British view hides planted secrets
// and resampling keeps it.
TEST_P(ConformanceGame, EveryStateRoundTripsAndResamples) {
  const Ruleset& rules = Rules();
  const BattleState start = Load(TheCase().scenario);
  const int games = SoakScale();  // per shard: 8 games a rule set; `./dev soak` 80
  int checked = 0, resampled = 0;
  for (int i = 0; i < games; ++i) {
    const uint64_t seed = 5000 + Shard() + kShards * i;
    CounterRng rng(seed, 12);
    PlayRandom(rules, start, seed, [&](const Game& g) {
      const BattleState& s = g.state();
      // The contract: engine -> proto -> (the service's checks) -> engine.
      google::protobuf::Arena arena;  // one allocation pool a step: the messages are large
      v1::TableState& sent = *google::protobuf::Arena::CreateMessage<v1::TableState>(&arena);
      service::ToProto(s, &sent);
      absl::StatusOr<BattleState> back = service::StateFromProto(sent);
      ASSERT_TRUE(back.ok()) << "seed " << seed << " step " << g.steps() << ": " << back.status();
      v1::TableState& again = *google::protobuf::Arena::CreateMessage<v1::TableState>(&arena);
      service::ToProto(*back, &again);
      if (!SameBytes(sent, again) && !MessageDifferencer::Equals(sent, again)) {
        std::string diff;
        MessageDifferencer differ;
        differ.ReportDifferencesToString(&diff);
        differ.Compare(sent, again);
        FAIL() << "seed " << seed << " step " << g.steps() << ": " << diff;
      }
      ++checked;
      // Every state until 130 a game have been resampled, then every 8th:
      // at least 1,000 resampled states of each rule set over the 8 shards.
      if (resampled >= kResampledAGame * (i + 1) && g.steps() % 8 != 0) return;
      EXPECT_EQ(Describe(rules.LegalActions(*back, g.ToAct())), Describe(g.LegalActions()));
      EXPECT_EQ(rules.InformationSetKey(*back, Side::kZulu), g.InformationSetKey(Side::kZulu));
      // Hidden information.
      BattleState planted = s;
      const bool tsatf_rules = rules.id() == tsatf::kRulesetId;
      if (tsatf_rules) {
        tsatf::MutableOwnState(planted).force_pool += 4321;
        for (const Unit& u : planted.units) {
          if (u.side == Side::kZulu) {
            tsatf::MutableUnitState(planted, u.id).hand = tsatf::Hand::kLeft;
            tsatf::MutableUnitState(planted, u.id).target_id = "planted-target";
          }
        }
      }
      const bool ferree_rules = rules.id() == ferree::kRulesetId;
      if (ferree_rules) {
        // The umpire's: when and where regiments come on, a tray's losses
        // and the fire at it. A unit's division is the order of battle
        // (docs/conformance.md), in the view as it is.
        ferree::Own(planted).secret_entries.push_back({"planted-regiment", 97, 2});
        for (const Unit& u : planted.units) {
          if (u.side != Side::kZulu) continue;
          ferree::MutableUnitOf(planted, u.id).losses_this_turn = 97;
          ferree::MutableUnitOf(planted, u.id).figures_fired_at = 97;
        }
      }
      // Empress: the Zulus' orders of the move, fixed before the British
      // give theirs, are not in the British view until the move is resolved.
      const bool empress_rules = rules.id() == empress::kRulesetId;
      const bool orders_hidden = empress_rules && empress::StageOf(planted) != empress::Stage::kResolve;
      if (empress_rules) {
        for (const Unit& u : planted.units) {
          if (u.side != Side::kZulu) continue;
          empress::EmpressUnit& e = empress::MutableUnitState(planted, u.id);
          e.order.kind = empress::OrderKind::kEvade;
          e.order.to = Vec2(1.5, 2.5);
        }
      }
      const BattleState view = rules.View(planted, Side::kBritish);
      if (orders_hidden) {
        for (const Unit& u : view.units) {
          const empress::EmpressUnit* e = empress::UnitState(view, u.id);
          if (u.side == Side::kZulu && e != nullptr) {
            EXPECT_EQ(e->order.kind, empress::OrderKind::kUnspecified) << u.id << ": a Zulu order";
          }
        }
      }
      if (tsatf_rules) {
        const tsatf::TsatfState* book = tsatf::OwnState(view);
        ASSERT_NE(book, nullptr);
        EXPECT_EQ(book->force_pool, 0);
        EXPECT_TRUE(book->units.empty()) << "hands and targets in the British view";
      }
      if (ferree_rules) {
        EXPECT_TRUE(ferree::Own(view).secret_entries.empty());
      }
      for (const Unit& u : view.units) {
        // Ferree's trays still to come stay in the view, off the table (the
        // order of battle), their turn and point of entry not; no other
        // rule set hides a unit off the table.
        // A routed unit that ran off the table left it in plain sight.
        EXPECT_FALSE(!ferree_rules && u.side == Side::kZulu && u.off_table && !u.status.routed &&
                     u.kind != UnitKind::kRegiment)
            << u.id << " is off the table and in the British view";
        if (tsatf_rules) {
          EXPECT_EQ(tsatf::UnitState(view, u.id), nullptr) << u.id << ": a hand or target";
        }
        if (ferree_rules && u.side == Side::kZulu) {
          EXPECT_NE(ferree::UnitOf(view, u.id).losses_this_turn, 97) << u.id << ": its losses";
          EXPECT_NE(ferree::UnitOf(view, u.id).figures_fired_at, 97) << u.id << ": fire at it";
          EXPECT_EQ(ferree::UnitOf(view, u.id).division, ferree::UnitOf(planted, u.id).division)
              << u.id << ": the order of battle";
        }
      }
      BattleState r = s;
      rules.Resample(r, Side::kBritish, rng);
      const v1::TableState want = Proto(rules.View(s, Side::kBritish));
      const v1::TableState got = Proto(rules.View(r, Side::kBritish));
      ASSERT_TRUE(MessageDifferencer::Equals(want, got)) << "seed " << seed;
      EXPECT_EQ(rules.InformationSetKey(r, Side::kBritish),
                rules.InformationSetKey(s, Side::kBritish));
      ++resampled;
    });
  }
  std::cout << TheCase().scenario << " shard " << Shard() << ": " << checked
            << " states round-tripped and accepted, " << resampled << " resampled, in " << games
            << " games\n";
  EXPECT_GT(checked, games * 20);
  // A game shorter than its share has every state resampled (the next game
  // makes up the share).
  EXPECT_GE(resampled, std::min(checked, kResampledAGame * games))
      << "fewer states resampled than a game's share";
}

// The same seed and the same choices give the same game, byte for byte; a
// copy taken half-way plays on without touching the original.
class ConformanceGameDeterminism : public ::testing::TestWithParam<Case> {};

TEST_P(ConformanceGameDeterminism, SameSeedSameGameAndCopiesAreIndependent) {
  const Ruleset& rules = *FindRuleset(GetParam().ruleset);
  const BattleState start = Load(GetParam().scenario);
  for (uint64_t seed : {3, 4}) {
    std::vector<v1::TableState> finals;
    for (int run = 0; run < 2; ++run) {
      absl::StatusOr<Game> g = Game::Start(rules, start, seed);
      ASSERT_TRUE(g.ok()) << g.status();
      CounterRng pick(seed, 5);
      for (int k = 0; k < 600 && !g->IsOver(); ++k) {
        std::vector<Action> legal = g->LegalActions();
        ASSERT_FALSE(legal.empty());
        ASSERT_TRUE(g->Apply(legal[pick.Uniform(legal.size())]).ok());
        if (k == 150) {
          Game copy = *g;
          const v1::TableState before = Proto(g->state());
          CounterRng other(seed + 99, 5);
          for (int j = 0; j < 200 && !copy.IsOver(); ++j) {
            std::vector<Action> l = copy.LegalActions();
            ASSERT_TRUE(copy.Apply(l[other.Uniform(l.size())]).ok());
          }
          ASSERT_TRUE(MessageDifferencer::Equals(before, Proto(g->state())));
        }
      }
      finals.push_back(Proto(g->state()));
    }
    EXPECT_TRUE(MessageDifferencer::Equals(finals[0], finals[1])) << "seed " << seed;
  }
}

// A rule set's ApplyLegal (legal[i] of the very list LegalActions gave, which
// it may use instead of working the unit's options out again) does what
// Apply does with that action: the same state, with the same dice and the
// same events, at every fifth decision of a random game and for every
// listed action there (up to eight, spread over the list).
TEST_P(ConformanceGameDeterminism, ApplyLegalIsApply) {
  const Ruleset& rules = *FindRuleset(GetParam().ruleset);
  const BattleState start = Load(GetParam().scenario);
  int compared = 0;
  for (uint64_t seed : {5, 6}) {
    absl::StatusOr<Game> g = Game::Start(rules, start, seed);
    ASSERT_TRUE(g.ok()) << g.status();
    CounterRng pick(seed, 7);
    for (int k = 0; k < 400 && !g->IsOver(); ++k) {
      const std::vector<Action> legal = g->LegalActions();
      ASSERT_FALSE(legal.empty());
      if (k % 5 == 0) {
        const Side side = g->ToAct();
        const size_t step = std::max<size_t>(1, legal.size() / 8);
        for (size_t i = 0; i < legal.size(); i += step) {
          BattleState by_apply = g->state(), by_list = g->state();
          Dice d1 = Dice::Seeded(seed * 1000 + k, 3), d2 = Dice::Seeded(seed * 1000 + k, 3);
          EventLog l1, l2;
          const absl::Status a = rules.Apply(by_apply, side, legal[i], d1, l1, "action", "");
          const absl::Status b = rules.ApplyLegal(by_list, side, legal, i, d2, l2, "action", "");
          ASSERT_EQ(a.ok(), b.ok()) << Describe(legal[i]) << ": " << a << " / " << b;
          ASSERT_TRUE(a.ok()) << Describe(legal[i]) << ": " << a;
          EXPECT_TRUE(SameBytes(Proto(by_apply), Proto(by_list))) << "seed " << seed << " step " << k
                                                                   << ": " << Describe(legal[i]);
          EXPECT_EQ(l1.events().size(), l2.events().size()) << Describe(legal[i]);
          ++compared;
        }
      }
      ASSERT_TRUE(g->Apply(legal[pick.Uniform(legal.size())]).ok());
    }
  }
  EXPECT_GT(compared, 100);
}

// PlayableActions (what a rollout plays on) is a part of LegalActions: never
// empty where that is not, every action in it listed there, and ApplyLegal
// on it does what Apply does. Whole random games played on it alone reach
// their end as games on LegalActions do. Empress lists only the next unit's
// options, so there the part is smaller wherever two units still await
// orders.
TEST_P(ConformanceGameDeterminism, PlayableActionsArePartOfTheLegalOnes) {
  const Ruleset& rules = *FindRuleset(GetParam().ruleset);
  const BattleState start = Load(GetParam().scenario);
  int compared = 0, smaller = 0, ended = 0;
  for (uint64_t seed : {8, 9}) {
    absl::StatusOr<Game> g = Game::Start(rules, start, seed);
    ASSERT_TRUE(g.ok()) << g.status();
    CounterRng pick(seed, 7);
    for (int k = 0; k < 3000 && !g->IsOver(); ++k) {
      const std::vector<Action> legal = g->LegalActions();
      const std::vector<Action> playable = g->PlayableActions();
      ASSERT_FALSE(legal.empty());
      ASSERT_FALSE(playable.empty()) << "seed " << seed << " step " << k;
      std::vector<std::string> listed = Describe(legal);
      std::sort(listed.begin(), listed.end());
      for (const Action& a : playable) {
        EXPECT_TRUE(std::binary_search(listed.begin(), listed.end(), Describe(a)))
            << "seed " << seed << " step " << k << ": " << Describe(a) << " is not legal";
      }
      if (playable.size() < legal.size()) ++smaller;
      const size_t i = pick.Uniform(playable.size());
      if (k % 5 == 0) {
        const Side side = g->ToAct();
        BattleState by_apply = g->state(), by_list = g->state();
        Dice d1 = Dice::Seeded(seed * 1000 + k, 3), d2 = Dice::Seeded(seed * 1000 + k, 3);
        EventLog l1, l2;
        ASSERT_TRUE(rules.Apply(by_apply, side, playable[i], d1, l1, "action", "").ok());
        ASSERT_TRUE(rules.ApplyLegal(by_list, side, playable, i, d2, l2, "action", "").ok());
        EXPECT_TRUE(SameBytes(Proto(by_apply), Proto(by_list))) << "seed " << seed << " step " << k;
        ++compared;
      }
      ASSERT_TRUE(g->ApplyLegal(playable, i).ok()) << "seed " << seed << " step " << k;
    }
    if (g->IsOver()) ++ended;
  }
  EXPECT_GT(compared, 20);
  EXPECT_EQ(ended, 2);
  if (GetParam().ruleset == empress::kRulesetId) EXPECT_GT(smaller, 20);
}

std::vector<std::tuple<Case, int>> Params() {
  std::vector<std::tuple<Case, int>> out;
  for (const Case& c : Cases()) {
    for (int k = 0; k < kShards; ++k) out.push_back({c, k});
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(
    EveryFullRuleset, ConformanceGame, ::testing::ValuesIn(Params()),
    [](const ::testing::TestParamInfo<std::tuple<Case, int>>& i) {
      return absl::StrCat(std::get<0>(i.param).scenario, "_shard", std::get<1>(i.param));
    });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ConformanceGame);

INSTANTIATE_TEST_SUITE_P(EveryFullRuleset, ConformanceGameDeterminism, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.scenario; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ConformanceGameDeterminism);

// Ferree's Zulu side acts through the game interface: every kind of Zulu
// choice is a decision node, and a random Zulu plays whole battles through
// them.
TEST(ConformanceFerree, EveryZuluChoiceIsADecisionNode) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  const BattleState start = Load("isandlwana");
  std::map<int, int> choices;
  int ended = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Played p = PlayRandom(rules, start, seed, [](const Game&) {});
    ended += p.over ? 1 : 0;
    EXPECT_GT(p.zulu_steps, 0) << "seed " << seed;
    for (const auto& [k, n] : p.zulu_choices) choices[k] += n;
  }
  EXPECT_GE(ended, 11);
  for (ferree::ZuluChoice c :
       {ferree::ZuluChoice::kPlan, ferree::ZuluChoice::kRegimentMove,
        ferree::ZuluChoice::kSniperTarget, ferree::ZuluChoice::kIndunaMove,
        ferree::ZuluChoice::kIndunaOrder, ferree::ZuluChoice::kChargeRetiring}) {
    EXPECT_GT(choices[static_cast<int>(c)], 0) << ferree::ZuluChoiceName(c);
  }
  EXPECT_EQ(choices[static_cast<int>(ferree::ZuluChoice::kNone)], 0)
      << "the Zulu side acted with no decision pending";
}

// Seed 1070 of the Isandlwana shards: its last British were three runners
// at the wagons (two seriously wounded) and trays crowded round them, each
// a few tenths of an inch off, held there by the others' discs; the game
// went on past turn 300 while a tray could touch a figure only 0.1" off. A
// tray reaches a lone figure within its square's corners
// (ferree::kLoneFigureContactGap): the game ends.
TEST(FerreeRandomPlay, TheGameWhoseRunnersTheTraysCouldNotReachEnds) {
  const Ruleset& rules = *FindRuleset(ferree::kRulesetId);
  Played p = PlayRandom(rules, Load("isandlwana"), 1070, [](const Game&) {});
  EXPECT_TRUE(p.over);
  EXPECT_FALSE(p.capped);
  EXPECT_GT(p.zulu_return, 0.0);
}

}  // namespace
}  // namespace impi
