// The RULES Zulu of Roark's Drift (ai/doctrine/roarks_drift/) and the
// scripted British (ai/british/roarks_british.h), node by node: each
// designed choice on a board set for it, and, over whole games, every
// decision node of either side taken.
#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ai/british/roarks_british.h"
#include "ai/doctrine/roarks_drift/roarks_doctrine.h"
#include "ai/doctrine/roarks_drift/roarks_reading.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/melee.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"
#include "engine/rulesets/roarks_drift/state.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/roarks_drift/roarks_test_util.h"

namespace impi::roarks {
namespace {

using ::testing::HasSubstr;
using testing::BlankBoard;
using testing::H;
using testing::U;

const RoarksRuleset& Rules() {
  static const RoarksRuleset rules;
  return rules;
}

BattleState Wrap(RoarksState s) {
  BattleState b = RoarksRuleset::NewBattle();
  b.ruleset_state = std::move(s);
  return b;
}

RoarksState& Own(BattleState& b) { return *b.ruleset_state.get_if<RoarksState>(); }

// The policy's choice among the side's legal orders now, and why.
Action Pick(Policy& p, const BattleState& b, impi::Side side, std::string* why = nullptr) {
  const std::vector<Action> legal = Rules().LegalActions(b, side);
  EXPECT_FALSE(legal.empty());
  if (legal.empty()) return Action{};
  Dice dice = Dice::Seeded(1);
  const int i = p.Choose(b, legal, dice, why);
  EXPECT_GE(i, 0);
  EXPECT_LT(i, static_cast<int>(legal.size()));
  return legal[static_cast<size_t>(i)];
}

// A board with no unit on it, in `segment` of turn `turn`, every Zulu
// counter but those named kept out of the game (retiring, never entered).
RoarksState Blank(Segment segment, int turn, const std::vector<std::string>& zulus = {}) {
  RoarksState s = BlankBoard();
  s.segment = segment;
  s.turn = turn;
  for (int u = 0; u < s.size(); ++u) {
    if (SideOf(s, u) != Side::kZulu) continue;
    s.counters[u].retiring = std::find(zulus.begin(), zulus.end(), s.specs[u].id) == zulus.end();
  }
  return s;
}

// The first n Zulu melee counters' ids (not rifles).
std::vector<std::string> ZuluIds(const RoarksState& s, int n) {
  std::vector<std::string> out;
  for (int u = 0; u < s.size() && static_cast<int>(out.size()) < n; ++u) {
    if (SideOf(s, u) == Side::kZulu && s.specs[u].role == CounterRole::kZulu) out.push_back(s.specs[u].id);
  }
  return out;
}

const RoarksOrder& OrderOf(const Action& a) { return *a.extra.get_if<RoarksOrder>(); }

// 9.2: each regiment enters by two adjacent zones off the south edge (so
// that the Oskarberg may fire), none by the pair of another.
TEST(RoarksDoctrine, EachRegimentEntersByTwoZonesOffTheSouthEdge_9_2) {
  BattleState b = RoarksRuleset::NewBattle();
  Dice dice = Dice::Seeded(1);
  EventLog log;
  ai::RoarksDoctrine zulu;
  ai::RoarksBritish british;
  std::string why;
  const Action place = Pick(british, b, impi::Side::kBritish, &why);
  EXPECT_EQ(OrderOf(place).order, Order::kPlace);
  ASSERT_TRUE(Rules().Apply(b, impi::Side::kBritish, place, dice, log, "a", "").ok());
  std::set<int> pairs;
  for (int r = 0; r < kRegiments; ++r) {
    const Action a = Pick(zulu, b, impi::Side::kZulu, &why);
    ASSERT_EQ(OrderOf(a).order, Order::kZones);
    const int n = OrderOf(a).number;
    EXPECT_GE(n, 10) << "two zones";
    for (int z : {n / 10, n % 10}) EXPECT_THAT(kSouthZones, ::testing::Not(::testing::Contains(z)));
    EXPECT_TRUE(pairs.insert(n).second);
    EXPECT_THAT(why, HasSubstr("Oskarberg"));
    ASSERT_TRUE(Rules().Apply(b, impi::Side::kZulu, a, dice, log, "a", "").ok());
  }
  EXPECT_EQ(Own(b).stage, Stage::kPlaying);
}

// Movement: the first decision brings a unit on by its regiment's zones.
TEST(RoarksDoctrine, AUnitEntersByItsRegimentsZones_9_2_4_0) {
  BattleState b = Wrap(testing::SetUpGame());
  ai::RoarksDoctrine zulu;
  std::string why;
  const Action a = Pick(zulu, b, impi::Side::kZulu, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kMove);
  const RoarksState& s = Own(b);
  const int u = UnitById(s, a.unit_id.str());
  ASSERT_NE(u, kNoUnit);
  EXPECT_FALSE(s.counters[u].on_map);
  const int zone = s.Map().ZoneOf(*a.to_hex);
  EXPECT_THAT(s.entry_zones[RegimentIndex(s.specs[u].regiment)], ::testing::Contains(zone));
  EXPECT_FALSE(why.empty());
}

// Short of contact and too few to charge, a unit holds a hex off and goes
// prone in the open (4.0.F); with eight within a move, they charge.
TEST(RoarksDoctrine, UnitsHoldShortOfContactUntilEnoughAreMassedThenCharge_4_0_F_7_0) {
  RoarksState s = Blank(Segment::kZuluMovement, 1, ZuluIds(BlankBoard(), 9));
  const std::vector<std::string> ids = ZuluIds(s, 9);
  PutOnTop(s, U(s, "b2_24_001"), H(22, 23));
  PutOnTop(s, U(s, ids[0]), H(22, 25));  // a step from contact
  BattleState b = Wrap(s);
  ai::RoarksDoctrine zulu;
  std::string why;
  Action a = Pick(zulu, b, impi::Side::kZulu, &why);
  EXPECT_EQ(OrderOf(a).order, Order::kProne) << why;
  EXPECT_EQ(a.unit_id.str(), ids[0]);
  EXPECT_THAT(why, HasSubstr("prone"));
  // Eight more within a move of contact: the charge.
  for (int i = 1; i < 9; ++i) PutOnTop(Own(b), U(Own(b), ids[i]), H(17 + i, 27));
  a = Pick(zulu, b, impi::Side::kZulu, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kMove) << why;
  EXPECT_THAT(why, HasSubstr("charge"));
  const int u = UnitById(Own(b), a.unit_id.str());
  EXPECT_LT(HexDistance(*a.to_hex, H(22, 23)), HexDistance(Own(b).counters[u].hex, H(22, 23)));
}

// 11.0.B: a unit beside the hospital's wall with British in the room
// behind it tunnels.
TEST(RoarksDoctrine, AUnitTunnelsIntoARoomTheBritishHold_11_0_B) {
  RoarksState s = Blank(Segment::kZuluMovement, 1, ZuluIds(BlankBoard(), 1));
  PutOnTop(s, U(s, "b2_24_001"), H(6, 17));
  PutOnTop(s, U(s, ZuluIds(s, 1)[0]), H(5, 17));
  BattleState b = Wrap(s);
  ai::RoarksDoctrine zulu;
  std::string why;
  const Action a = Pick(zulu, b, impi::Side::kZulu, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kDig) << why;
  EXPECT_EQ(Neighbor(H(5, 17), static_cast<HexDirection>(OrderOf(a).direction)), H(6, 17));
  EXPECT_THAT(why, HasSubstr("11.0.B"));
}

// Fire: the Oskarberg first; then a rifle beside the hospital fires down
// through its roof (10.1.B), British being inside.
TEST(RoarksDoctrine, TheOskarbergFiresThenTheHospitalIsSetAlight_6_2_2_10_1) {
  RoarksState s = testing::SetUpGame();
  s.segment = Segment::kZuluFire;
  int rifle = kNoUnit;
  for (int u = 0; u < s.size() && rifle == kNoUnit; ++u) {
    if (s.specs[u].role == CounterRole::kZuluRifles) rifle = u;
  }
  ASSERT_NE(rifle, kNoUnit);
  PutOnTop(s, rifle, H(5, 17));
  BattleState b = Wrap(s);
  ai::RoarksDoctrine zulu;
  std::string why;
  Action a = Pick(zulu, b, impi::Side::kZulu, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kOskarberg) << why;
  Own(b).oskarberg_fired_turn = Own(b).turn;
  a = Pick(zulu, b, impi::Side::kZulu, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kRoofFire) << why;
  EXPECT_EQ(a.unit_id.str(), s.specs[rifle].id);
  EXPECT_THAT(why, HasSubstr("British inside"));
}

// Melee: massed on a stack of three, spread where every stack is one man.
TEST(RoarksDoctrine, AttacksMassOnALargeStackAndSpreadOtherwise_7_0) {
  RoarksState s = Blank(Segment::kZuluMelee, 1, ZuluIds(BlankBoard(), 3));
  const std::vector<std::string> ids = ZuluIds(s, 3);
  PutOnTop(s, U(s, "b2_24_001"), H(22, 23));
  PutOnTop(s, U(s, "b2_24_002"), H(24, 23));
  for (int i = 0; i < 3; ++i) PutOnTop(s, U(s, ids[i]), H(21 + i, 24));
  ai::RoarksDoctrine zulu;
  std::string why;
  Action a = Pick(zulu, Wrap(s), impi::Side::kZulu, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kAttack);
  EXPECT_EQ(OrderOf(a).number, 0) << why;
  PutOnTop(s, U(s, "b2_24_003"), H(22, 23));
  PutOnTop(s, U(s, "b2_24_004"), H(22, 23));
  a = Pick(zulu, Wrap(s), impi::Side::kZulu, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kAttack);
  EXPECT_EQ(OrderOf(a).number, 1) << why;
  EXPECT_THAT(why, HasSubstr("large stacks"));
}

// The end segment: the attack goes on, until kPhaseTurns turns (9.3.A).
TEST(RoarksDoctrine, ThePhaseIsEndedAfterItsTurns_9_3_A) {
  RoarksState s = testing::SetUpGame();
  s.segment = Segment::kEnd;
  ai::RoarksDoctrine zulu;
  std::string why;
  EXPECT_EQ(OrderOf(Pick(zulu, Wrap(s), impi::Side::kZulu, &why)).order, Order::kPass);
  s.turn = ai::RoarksDoctrine::kPhaseTurns;
  EXPECT_EQ(OrderOf(Pick(zulu, Wrap(s), impi::Side::kZulu, &why)).order, Order::kEndPhase);
  EXPECT_THAT(why, HasSubstr("9.3.A"));
}

// The British: a wounded man goes towards the storeroom (8.3.A); a man in
// contact over open ground falls back; the rest stand.
TEST(RoarksBritish, TheWoundedGoToTheStoreroomAndTheExposedFallBack_8_3_7_0) {
  RoarksState s = Blank(Segment::kBritishMovement, 1, ZuluIds(BlankBoard(), 1));
  const int hurt = U(s, "b2_24_001");
  PutOnTop(s, hurt, H(20, 12));
  s.counters[hurt].wound = WoundState::kLight;
  ai::RoarksBritish british;
  std::string why;
  Action a = Pick(british, Wrap(s), impi::Side::kBritish, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kMove) << why;
  EXPECT_LT(DistanceToStoreroom(s.Map(), *a.to_hex), DistanceToStoreroom(s.Map(), H(20, 12)));
  EXPECT_THAT(why, HasSubstr("storeroom"));
  s.counters[hurt].wound = WoundState::kNone;
  PutOnTop(s, U(s, ZuluIds(s, 1)[0]), H(20, 13));  // beside him, no wall between
  ASSERT_TRUE(MeleeContact(s, H(20, 12), H(20, 13)));
  a = Pick(british, Wrap(s), impi::Side::kBritish, &why);
  ASSERT_EQ(OrderOf(a).order, Order::kMove) << why;
  EXPECT_THAT(why, HasSubstr("falls back"));
  TakeOffMap(s, U(s, ZuluIds(s, 1)[0]));
  a = Pick(british, Wrap(s), impi::Side::kBritish, &why);
  EXPECT_EQ(OrderOf(a).order, Order::kPass) << why;
}

// Over whole games every decision node of either side is taken: the zones,
// moves, prone, fire of each kind, the Oskarberg and its suppression,
// volleys, fires set, melee, advances, the end of a phase.
TEST(RoarksDoctrine, WholeGamesTakeEveryDecisionNode) {
  std::map<impi::Side, std::set<Order>> taken;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    BattleState b = RoarksRuleset::NewBattle();
    ai::RoarksDoctrine zulu;
    ai::RoarksBritish british;
    Dice dice = Dice::Seeded(seed);
    EventLog log(EventLog::kQuiet);
    for (int step = 0; step < 200000 && !Rules().IsOver(b); ++step) {
      const Awaiting w = Rules().Awaits(b);
      if (w.kind == AwaitKind::kUmpire) {
        ASSERT_TRUE(Rules().Run(b, dice, log).ok());
        continue;
      }
      const std::vector<Action> legal = Rules().LegalActions(b, w.side);
      Policy& p = w.side == impi::Side::kZulu ? static_cast<Policy&>(zulu) : static_cast<Policy&>(british);
      const Action& a = legal[static_cast<size_t>(p.Choose(b, legal, dice, nullptr))];
      taken[w.side].insert(OrderOf(a).order);
      ASSERT_TRUE(Rules().Apply(b, w.side, a, dice, log, "a", "").ok());
    }
  }
  EXPECT_THAT(taken[impi::Side::kZulu],
              ::testing::IsSupersetOf({Order::kZones, Order::kMove, Order::kProne, Order::kDig, Order::kAimedFire,
                                       Order::kOskarberg, Order::kRoofFire, Order::kRoofAlight, Order::kTorch,
                                       Order::kAttack, Order::kAdvance, Order::kEndPhase, Order::kPass}));
  EXPECT_THAT(taken[impi::Side::kBritish],
              ::testing::IsSupersetOf({Order::kPlace, Order::kMove, Order::kAimedFire, Order::kLineUp,
                                       Order::kVolley, Order::kSuppress, Order::kAttack, Order::kAdvance,
                                       Order::kPass}));
  // What came of it, for the record.
  std::string zulu_orders, british_orders;
  for (Order o : taken[impi::Side::kZulu]) zulu_orders += std::string(OrderName(o)) + ", ";
  for (Order o : taken[impi::Side::kBritish]) british_orders += std::string(OrderName(o)) + ", ";
  std::cout << "Zulu orders taken: " << zulu_orders << "\nBritish orders taken: " << british_orders << "\n";
}

}  // namespace
}  // namespace impi::roarks
