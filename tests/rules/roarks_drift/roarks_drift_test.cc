// tests/rules/roarks_drift/roarks_drift_test.cc: "The Battle of Roark's
// Drift" through the game interface (RoarksRuleset, engine/game/ruleset.h):
// the set-up's decisions (9.1, 9.2), the segments' orders for both sides,
// checks against the legal list, the umpire closing each segment (3.0), and
// whole turns played with the engine's seeded dice, the same seed giving
// the same game.
#include "engine/rulesets/roarks_drift/roarks_drift.h"

#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/roarks_drift/state.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::roarks {
namespace {

using ::testing::HasSubstr;

const RoarksOrder& OrderOf(const Action& a) { return *a.extra.get_if<RoarksOrder>(); }

// 9.1 then 9.2 through the interface: the British set up first, then the
// Zulus choose each regiment's zones among those 9.2.C-D allow.
TEST(RoarksRuleset_004, TheSetUpIsDecidedThroughTheInterface_9_1_9_2) {
  const RoarksRuleset rules;
  BattleState b = RoarksRuleset::NewBattle();
  ASSERT_TRUE(rules.Validate(b).ok());
  EXPECT_EQ(rules.Awaits(b).kind, AwaitKind::kBritishMove);
  EXPECT_TRUE(rules.LegalActions(b, impi::Side::kZulu).empty());
  std::vector<Action> legal = rules.LegalActions(b, impi::Side::kBritish);
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_EQ(OrderOf(legal[0]).order, Order::kPlace);
  Dice dice = Dice::Seeded(3);
  EventLog log;
  EXPECT_EQ(rules.Apply(b, impi::Side::kZulu, legal[0], dice, log, "zulu", "").code(),
            absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(rules.Apply(b, impi::Side::kBritish, legal[0], dice, log, "british_actions[0]", "").ok());
  EXPECT_EQ(rules.Awaits(b).kind, AwaitKind::kZuluDecision);
  legal = rules.LegalActions(b, impi::Side::kZulu);
  EXPECT_EQ(legal.size(), 16u);  // eight zones, eight pairs of adjacent zones
  const auto pair12 = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return OrderOf(a).number == 12; });
  ASSERT_NE(pair12, legal.end());
  ASSERT_TRUE(rules.Apply(b, impi::Side::kZulu, *pair12, dice, log, "zulu", "").ok());
  legal = rules.LegalActions(b, impi::Side::kZulu);
  // 9.2.D: not 1 and 2, nor 1 or 2 alone, for the next regiment.
  EXPECT_EQ(legal.size(), 13u);
  for (const Action& a : legal) {
    EXPECT_NE(OrderOf(a).number, 12);
    EXPECT_NE(OrderOf(a).number, 1);
    EXPECT_NE(OrderOf(a).number, 2);
  }
  const RoarksState& s = *OwnState(b);
  EXPECT_EQ(s.entry_zones[RegimentIndex(Regiment::kUthulu)], (std::vector<int>{1, 2}));
}

// Plays `decisions` decisions of both sides at random from their legal
// actions (passing a quarter of the time, so that segments end), running
// the umpire between; every step checked. The state at the end.
BattleState Play(uint64_t seed, int decisions, std::vector<Order>* seen = nullptr) {
  const RoarksRuleset rules;
  BattleState b = RoarksRuleset::NewBattle();
  Dice dice = Dice::Seeded(seed);
  CounterRng pick(seed, 1);
  EventLog log(EventLog::kQuiet);
  for (int i = 0; i < decisions && !rules.IsOver(b); ++i) {
    const Awaiting w = rules.Awaits(b);
    if (w.kind == AwaitKind::kUmpire) {
      const absl::Status st = rules.Run(b, dice, log);
      EXPECT_TRUE(st.ok()) << st;
      if (!st.ok()) break;
      continue;
    }
    const std::vector<Action> legal = rules.LegalActions(b, w.side);
    EXPECT_FALSE(legal.empty()) << w.prompt;
    if (legal.empty()) break;
    size_t k = pick.Uniform(legal.size());
    if (pick.Uniform(4) == 0 && OrderOf(legal.back()).order == Order::kPass) k = legal.size() - 1;
    if (seen != nullptr) seen->push_back(OrderOf(legal[k]).order);
    const absl::Status st = rules.Apply(b, w.side, legal[k], dice, log, "action", "");
    EXPECT_TRUE(st.ok()) << st << " " << w.prompt << legal[k].extra.Text();
    if (!st.ok()) break;
    const absl::Status valid = rules.Validate(b);
    EXPECT_TRUE(valid.ok()) << valid;
  }
  return b;
}

uint64_t Hash(const BattleState& b) {
  StateHasher h;
  RoarksRuleset().HashOwnState(b, &h);
  return h.value();
}

// 3.0 whole turns through the interface: movement, fire and melee orders of
// both sides, the umpire closing each segment; the same seed, the same game.
TEST(RoarksRuleset_004, TurnsPlayedAtRandomStayLegalAndRepeatBySeed_3_0) {
  std::vector<Order> seen;
  const BattleState a = Play(11, 1500, &seen);
  const RoarksState& s = *OwnState(a);
  EXPECT_GE(s.turn + 10 * (s.phase - 1), 3) << "turn " << s.turn;
  EXPECT_THAT(seen, ::testing::Contains(Order::kMove));
  EXPECT_THAT(seen, ::testing::Contains(Order::kPass));
  int on_map = 0;
  for (int u = 0; u < s.size(); ++u) on_map += s.specs[u].side == Side::kZulu && InPlay(s, u) ? 1 : 0;
  EXPECT_GT(on_map, 0);  // the Zulus came on
  EXPECT_EQ(Hash(Play(11, 1500)), Hash(a));
  EXPECT_NE(Hash(Play(12, 1500)), Hash(a));
}

// The log: each order with what came of it, each segment the umpire opens;
// a quiet log is left empty.
TEST(RoarksRuleset_004, OrdersAndSegmentsAreLogged) {
  const RoarksRuleset rules;
  BattleState b = RoarksRuleset::NewBattle();
  Dice dice = Dice::Seeded(5);
  EventLog log;
  ASSERT_TRUE(rules.Apply(b, impi::Side::kBritish, rules.LegalActions(b, impi::Side::kBritish)[0], dice, log,
                          "british_actions[0]", "")
                  .ok());
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(rules.Apply(b, impi::Side::kZulu, rules.LegalActions(b, impi::Side::kZulu)[0], dice, log, "zulu",
                            "the first zones")
                    .ok());
  }
  // A Zulu unit comes on, then the Zulus pass: the umpire opens 3.2.
  std::vector<Action> legal = rules.LegalActions(b, impi::Side::kZulu);
  ASSERT_EQ(OrderOf(legal[0]).order, Order::kMove);
  ASSERT_TRUE(rules.Apply(b, impi::Side::kZulu, legal[0], dice, log, "zulu", "in").ok());
  ASSERT_TRUE(rules.Apply(b, impi::Side::kZulu, legal.back(), dice, log, "zulu", "done").ok());
  EXPECT_EQ(rules.Awaits(b).kind, AwaitKind::kUmpire);
  ASSERT_TRUE(rules.Run(b, dice, log).ok());
  const std::vector<Event>& events = log.events();
  ASSERT_EQ(events.size(), 7u);
  EXPECT_EQ(events[0].announce, "place");
  EXPECT_EQ(events[4].kind, EventKind::kMoved);
  EXPECT_EQ(events[4].unit_ids, std::vector<std::string>{legal[0].unit_id.str()});
  EXPECT_EQ(events[4].announce.rfind(legal[0].unit_id.str() + " move (", 0), 0u) << events[4].announce;
  EXPECT_TRUE(events[4].decision);
  EXPECT_EQ(events[6].announce, "phase 1, turn 1: 3.2 British Movement Segment");
  EXPECT_EQ(rules.Awaits(b).kind, AwaitKind::kBritishMove);
  EventLog quiet(EventLog::kQuiet);
  ASSERT_TRUE(rules.Apply(b, impi::Side::kBritish, rules.LegalActions(b, impi::Side::kBritish).back(), dice, quiet,
                          "british_actions[0]", "")
                  .ok());
  EXPECT_EQ(quiet.size(), 0u);
}

// An action not in the legal list is refused, naming the path, and changes
// nothing.
TEST(RoarksRuleset_004, AnActionNotLegalNowIsRefused) {
  const RoarksRuleset rules;
  BattleState b = RoarksRuleset::NewBattle();
  Dice dice = Dice::Seeded(1);
  EventLog log;
  Action odd;
  odd.kind = ActionKind::kMove;
  EXPECT_THAT(rules.Apply(b, impi::Side::kBritish, odd, dice, log, "british_actions[0]", "").message(),
              HasSubstr("british_actions[0]: a Roark's Drift order is required"));
  Action wrong = rules.LegalActions(b, impi::Side::kBritish)[0];
  RoarksOrder o = OrderOf(wrong);
  o.order = Order::kSuppress;
  wrong.extra.emplace(o);
  const uint64_t before = Hash(b);
  EXPECT_EQ(rules.Apply(b, impi::Side::kBritish, wrong, dice, log, "british_actions[0]", "").code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Hash(b), before);
  EXPECT_FALSE(rules.IsOver(b));
  EXPECT_EQ(rules.Score(b, impi::Side::kZulu), -1.0);  // nobody dead yet: British Smashing
  EXPECT_EQ(rules.Ask(b, Question(), dice, log, nullptr).code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace impi::roarks
