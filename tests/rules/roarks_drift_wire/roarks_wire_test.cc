// tests/rules/roarks_drift_wire/roarks_wire_test.cc: Roark's Drift's own
// state through the contract, by the wire adapter alone: every state of
// games played at random (both sides choosing among their legal orders, the
// umpire closing the segments) goes to the contract and back to the same
// bytes and the same game (the same hash, the same legal orders), the
// orders go to Action.roarks_drift and back, and a state the adapter
// refuses leaves the caller's state as it was.
#include "engine/rulesets/roarks_drift/wire/roarks_wire.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/core/state_hash.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"
#include "engine/rulesets/roarks_drift/scenarios.h"
#include "impi/v1/roarks_drift.pb.h"

namespace impi::roarks {
namespace {

// The deterministic bytes of a message.
std::string Bytes(const google::protobuf::Message& m) {
  std::string out;
  google::protobuf::io::StringOutputStream stream(&out);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  m.SerializeToCodedStream(&coded);
  return out;
}

v1::TableState Proto(const BattleState& b) {
  v1::TableState p;
  p.set_ruleset(v1::ROARKS_DRIFT);
  p.mutable_table()->set_hex_columns(kBoardColumns);
  p.mutable_table()->set_hex_rows(kBoardRows);
  RoarksWire().StateToProto(b, &p);
  return p;
}

uint64_t Hash(const BattleState& b) {
  StateHasher h;
  RoarksRuleset().HashOwnState(b, &h);
  return h.value();
}

// The state back from the contract, checked to be the same game.
void ExpectRoundTrip(const BattleState& b, const std::string& where) {
  const v1::TableState p = Proto(b);
  BattleState back;
  const absl::Status st = RoarksWire().StateFromProto(p, &back);
  ASSERT_TRUE(st.ok()) << where << ": " << st;
  EXPECT_EQ(Bytes(Proto(back)), Bytes(p)) << where;
  EXPECT_EQ(Hash(back), Hash(b)) << where;
  const RoarksRuleset rules;
  for (impi::Side side : {impi::Side::kZulu, impi::Side::kBritish}) {
    const std::vector<Action> a = rules.LegalActions(b, side), c = rules.LegalActions(back, side);
    ASSERT_EQ(a.size(), c.size()) << where;
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_TRUE(a[i].extra == c[i].extra && a[i].unit_id.str() == c[i].unit_id.str() && a[i].to_hex == c[i].to_hex)
          << where << " order " << i;
      // The order through Action.roarks_drift and back.
      v1::Action wire;
      ASSERT_TRUE(RoarksWire().ActionExtraToProto(a[i], &wire));
      Action again;
      ASSERT_TRUE(RoarksWire().ActionExtraFromProto(wire, &again));
      EXPECT_TRUE(again.extra == a[i].extra) << where << " order " << i;
      EXPECT_TRUE(RoarksWire().CheckActionExtra(wire, "action").ok());
    }
  }
}

// One step of a game played at random: the umpire closes a segment, or the
// side awaited takes one of its legal orders, its pass one time in
// `pass_one_in` (so that the segments end).
void RandomStep(BattleState& b, Dice& dice, CounterRng& pick, uint64_t pass_one_in) {
  const RoarksRuleset rules;
  EventLog log(EventLog::kQuiet);
  const Awaiting w = rules.Awaits(b);
  if (w.kind == AwaitKind::kUmpire) {
    ASSERT_TRUE(rules.Run(b, dice, log).ok());
    return;
  }
  const std::vector<Action> legal = rules.LegalActions(b, w.side);
  ASSERT_FALSE(legal.empty()) << w.prompt;
  size_t k = pick.Uniform(legal.size());
  if (pick.Uniform(pass_one_in) == 0) k = legal.size() - 1;
  ASSERT_TRUE(rules.Apply(b, w.side, legal[k], dice, log, "action", "").ok());
}

// Random play from the scenario, passing a quarter of the time so that the
// segments end; every state round-trips.
TEST(RoarksWire, EveryStateOfRandomGamesRoundTrips) {
  const RoarksRuleset rules;
  int checked = 0, turns = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    absl::StatusOr<BattleState> start = BuildScenario(kRoarksDriftScenario);
    ASSERT_TRUE(start.ok()) << start.status();
    BattleState b = *start;
    Dice dice = Dice::Seeded(seed);
    CounterRng pick(seed, 1);
    for (int i = 0; i < 1200 && !rules.IsOver(b); ++i) {
      ExpectRoundTrip(b, "seed " + std::to_string(seed) + " step " + std::to_string(i));
      if (::testing::Test::HasFatalFailure()) return;
      ++checked;
      RandomStep(b, dice, pick, 4);
      if (::testing::Test::HasFatalFailure()) return;
    }
    turns += OwnState(b)->turn + 10 * (OwnState(b)->phase - 1);
  }
  EXPECT_GT(checked, 600);
  EXPECT_GE(turns, 6);  // a few turns of each game, the Zulus on the map
}

// The shared clock is written for readers that name no rule set: the turn
// of the phase, and the kind of phase of the game's stage and segment. A
// caller's clock is not read: the game's place is RoarksState's.
TEST(RoarksWire, TheSharedClockShowsTheTurnAndSegment) {
  const RoarksRuleset rules;
  absl::StatusOr<BattleState> start = BuildScenario(kRoarksDriftScenario);
  ASSERT_TRUE(start.ok());
  BattleState b = *start;
  Dice dice = Dice::Seeded(7);
  CounterRng pick(7, 1);
  std::set<int> seen;
  for (int i = 0; i < 1500 && !rules.IsOver(b); ++i) {
    const RoarksState& s = *OwnState(b);
    const v1::Clock clock = Proto(b).clock();
    EXPECT_EQ(clock.turn(), s.turn) << "step " << i;
    v1::Phase want = v1::PRE_BATTLE;
    if (s.stage == Stage::kPlaying) {
      const Segment g = s.segment;
      want = g == Segment::kZuluMovement || g == Segment::kBritishMovement ? v1::MOVEMENT
             : g == Segment::kBritishFire || g == Segment::kZuluFire      ? v1::FIRE_PHASE
             : g == Segment::kEnd                                          ? v1::END_OF_TURN
                                                                           : v1::CLOSE_COMBAT;
    }
    EXPECT_EQ(clock.phase(), want) << "step " << i << ", " << SegmentName(s.segment);
    seen.insert(clock.phase());
    RandomStep(b, dice, pick, 3);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_TRUE(seen.count(v1::PRE_BATTLE) && seen.count(v1::MOVEMENT) && seen.count(v1::FIRE_PHASE))
      << seen.size() << " kinds of phase seen";
  EXPECT_GE(OwnState(b)->turn + 10 * (OwnState(b)->phase - 1), 2) << "a turn ended";

  // A caller's clock, however wrong, is written anew from the game's book.
  v1::TableState p = Proto(b);
  p.mutable_clock()->set_turn(40);
  p.mutable_clock()->set_phase(v1::GAME_OVER);
  BattleState back;
  ASSERT_TRUE(RoarksWire().StateFromProto(p, &back).ok());
  EXPECT_EQ(Proto(back).clock().turn(), OwnState(b)->turn);
  EXPECT_EQ(Bytes(Proto(back)), Bytes(Proto(b)));
}

// The turns of the phases before this one (a count for reports) go out
// and come back, and are part of the state's hash.
TEST(RoarksWire, TheTurnsOfEarlierPhasesRoundTrip) {
  absl::StatusOr<BattleState> start = BuildScenario(kRoarksDriftScenario);
  ASSERT_TRUE(start.ok());
  BattleState b = *start;
  const uint64_t before = Hash(b);
  RoarksState& s = *b.ruleset_state.get_if<RoarksState>();
  s.phase = 2;
  s.turns_before = 7;
  EXPECT_EQ(Proto(b).roarks_drift().turns_before(), 7);
  ExpectRoundTrip(b, "phase 2 after 7 turns");
  const uint64_t seven = Hash(b);
  s.turns_before = 8;
  EXPECT_NE(Hash(b), seven);
  EXPECT_NE(seven, before);
}

// A state refused changes nothing of the caller's; a state without the
// message is the game at its start with the units it lists.
TEST(RoarksWire, ARefusedStateLeavesTheStateAsItWas) {
  absl::StatusOr<BattleState> start = BuildScenario(kRoarksDriftScenario);
  ASSERT_TRUE(start.ok());
  v1::TableState p = Proto(*start);
  p.mutable_roarks_drift()->set_suppression(5);
  BattleState out = *start;
  const absl::Status st = RoarksWire().StateFromProto(p, &out);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  const std::string path = "state.roarks_drift.suppression:";
  EXPECT_EQ(std::string(st.message()).substr(0, path.size()), path) << st;
  EXPECT_EQ(Hash(out), Hash(*start));

  v1::TableState bare;
  bare.set_ruleset(v1::ROARKS_DRIFT);
  bare.mutable_table()->set_hex_columns(kBoardColumns);
  bare.mutable_table()->set_hex_rows(kBoardRows);
  BattleState fresh;
  ASSERT_TRUE(RoarksWire().StateFromProto(bare, &fresh).ok());
  EXPECT_EQ(Hash(fresh), Hash(*start));
  EXPECT_EQ(Proto(fresh).units_size(), OwnState(*start)->size());
}

// The table's parameters (read before the adapter, as the service does) set
// the designed charts the game plays by; a bad one is refused with its path.
TEST(RoarksWire, TheTablesParametersSetTheDesignedCharts) {
  absl::StatusOr<BattleState> start = BuildScenario(kRoarksDriftScenario);
  ASSERT_TRUE(start.ok());
  const v1::TableState p = Proto(*start);
  BattleState out;
  out.parameters = {{"roarks.victory_gap", 5}, {"roarks.melee_chart.9.light", 2}};
  ASSERT_TRUE(RoarksWire().StateFromProto(p, &out).ok());
  EXPECT_EQ(OwnState(out)->options.victory_gap, Victory::kDraw);
  EXPECT_EQ(OwnState(out)->options.melee_chart[8].light_from, 2);
  EXPECT_EQ(OwnState(out)->options.melee_chart[7].light_from, DefaultMeleeChart()[7].light_from);
  EXPECT_TRUE(RoarksRuleset().Validate(out).ok());

  BattleState refused = *start;
  refused.parameters = {{"roarks.melee_chart.10.light", 2}};
  const absl::Status st = RoarksWire().StateFromProto(p, &refused);
  const std::string path = "state.parameters[0].name:";
  EXPECT_EQ(std::string(st.message()).substr(0, path.size()), path) << st;
  EXPECT_EQ(RoarksRuleset().Validate(refused).code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace impi::roarks
