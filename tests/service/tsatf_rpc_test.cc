// Zulu Control (003_8a310c3200cb6fb0.txt) through a real ImpiServer on
// 127.0.0.1 with scripted dice: the Special Impi a charged skirmishing
// regiment converts to stands in contact with its charger, and a batch of
// British FIRE actions, the engine rolling the hits, goes on past a target an
// earlier FIRE destroyed.
#include "tests/service/rpc_server_fixture.h"

#include <string>
#include <vector>

#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/zulu_control.h"
#include "impi/v1/umpire.grpc.pb.h"
#include "tests/service/tsatf_state.h"

namespace impi::service {
namespace {

using testing::AddBritish;
using testing::AddZulu;
using testing::TsatfState;

class TsatfRpc : public RpcServerTest {};

// The service test table with a red card of the `phase` deck turned up and
// no appearance points (no test is rolled on the way).
v1::TableState RedCardUp(v1::Phase phase) {
  v1::TableState s = TsatfState();
  s.mutable_clock()->set_turn(3);
  s.mutable_clock()->set_phase(phase);
  v1::TsatfDeck* deck = s.mutable_tsatf()->mutable_deck();
  deck->set_current_card(v1::RED);
  deck->set_red_left(2);
  deck->set_black_left(3);
  deck->set_british_moves_left(-1);
  auto* points = s.mutable_points();
  for (int i = points->size() - 1; i >= 0; --i) {
    if (points->Get(i).kind() == v1::APPEARANCE) points->DeleteSubrange(i, 1);
  }
  return s;
}

std::vector<int> Faces(std::initializer_list<int> faces) { return faces; }

// SKIRMISHING ZULU REGIMENTS, "Conversion: If charged by the British, it will
// test "to stand". If it stands, it converts instantly to a Special Impi."
// The Special Impi of two regiments stands in contact with its charger, its
// line across the charge (each regiment 3" from it, centre to centre), both
// regiments in close combat with it, and no two footprints overlap.
TEST_F(TsatfRpc, ASpecialImpiOfTwoRegimentsStandsInContactWithItsCharger) {
  v1::AdvanceRequest req;
  *req.mutable_state() = RedCardUp(v1::MOVEMENT);
  v1::TableState* s = req.mutable_state();
  AddBritish(s, "b9", v1::INFANTRY, 20, 36, 20);
  AddZulu(s, "s1", v1::SKIRMISHERS, 36, 30, 20);
  s->mutable_tsatf()->set_committed(1);
  s->mutable_tsatf()->set_force_pool(15);
  v1::Action* charge = req.add_british_actions();
  charge->set_kind(v1::CHARGE);
  charge->set_unit_id("b9");
  charge->set_target_id("s1");
  // Stand 5; SPECIAL IMPI CREATION 4: 2 regiments; HAND 1.
  for (int f : Faces({5, 4, 1})) req.mutable_dice()->mutable_scripted()->add_dice(f);
  v1::AdvanceResponse out;
  const grpc::Status st = GrpcAdvance(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();

  const BattleState after = ToEngine(out.state());
  const Unit* b9 = after.FindUnit("b9");
  ASSERT_NE(b9, nullptr);
  EXPECT_TRUE(b9->status.in_close_combat);
  const Unit* impi = nullptr;
  for (const Unit& u : after.units) {
    if (u.kind == UnitKind::kImpi) impi = &u;
  }
  ASSERT_NE(impi, nullptr);
  std::vector<const Unit*> line;
  for (const Unit& u : after.units) {
    if (u.parent == impi->id && u.kind == UnitKind::kRegiment) line.push_back(&u);
  }
  ASSERT_EQ(line.size(), 2u);
  for (const Unit* r : line) {
    EXPECT_NEAR(Distance(r->position, b9->position), tsatf::kContact, 1e-6) << r->id.str();
    EXPECT_TRUE(r->status.in_close_combat) << r->id.str();
  }
  // Across the charge: the line is square to the way b9 came.
  const Vec2 way = b9->position - Vec2(36, 20);
  EXPECT_NEAR((line[0]->position - line[1]->position).dot(way), 0.0, 1e-6);
  // Footprints never overlap.
  for (size_t i = 0; i < after.units.size(); ++i) {
    for (size_t j = i + 1; j < after.units.size(); ++j) {
      const Unit& a = after.units[i];
      const Unit& b = after.units[j];
      if (!tsatf::TakesGround(a) || !tsatf::TakesGround(b)) continue;
      const double need = tsatf::FootprintOf(a.kind).Radius() + tsatf::FootprintOf(b.kind).Radius();
      EXPECT_GE(Distance(a.position, b.position), need - 1e-6) << a.id.str() << " on " << b.id.str();
    }
  }
  bool home = false;
  for (const v1::Event& e : out.events()) {
    home |= e.kind() == v1::CHARGED && e.target_id() == impi->id.str() &&
            e.why().text().find("goes home") != std::string::npos;
  }
  EXPECT_TRUE(home);
  // The state returned is accepted as it is.
  v1::AdvanceRequest again;
  *again.mutable_state() = out.state();
  again.mutable_dice()->set_seed(1);
  v1::AdvanceResponse next;
  const grpc::Status accepted = GrpcAdvance(again, &next);
  EXPECT_TRUE(accepted.ok()) << accepted.error_code() << ": " << accepted.error_message();
}

// British FIRE offered as a batch, the engine rolling the hits
// (tsatf.resolve_british = 1): each action is checked against the state the
// earlier ones left. b1's fire destroys z2 (its last figure); b2's FIRE at
// z2 is skipped and reported, not refused; b3's FIRE at z3 is made.
TEST_F(TsatfRpc, ABatchOfFireGoesOnPastATargetAnEarlierFireDestroyed) {
  v1::AdvanceRequest req;
  *req.mutable_state() = RedCardUp(v1::FIRE_PHASE);
  v1::TableState* s = req.mutable_state();
  v1::Parameter* p = s->add_parameters();
  p->set_name("tsatf.resolve_british");
  p->set_value(1);
  AddZulu(s, "z1", v1::IMPI, 34, 16, 0);
  v1::Unit* z2 = AddZulu(s, "z2", v1::REGIMENT, 32, 16, 1, "z1");
  z2->mutable_status()->set_below_half(true);
  AddZulu(s, "z3", v1::REGIMENT, 36, 16, 20, "z1");
  s->mutable_tsatf()->set_committed(2);
  s->mutable_tsatf()->set_force_pool(22);
  for (const auto& [unit, target] : std::vector<std::pair<std::string, std::string>>{
           {"b1", "z2"}, {"b2", "z2"}, {"b3", "z3"}}) {
    v1::Action* fire = req.add_british_actions();
    fire->set_kind(v1::FIRE);
    fire->set_unit_id(unit);
    fire->set_target_id(target);
  }
  // b1's 20 dice: all 6, 1 figure to hit. b3's 12 dice: all 1, no hits.
  for (int i = 0; i < 20; ++i) req.mutable_dice()->mutable_scripted()->add_dice(6);
  for (int i = 0; i < 12; ++i) req.mutable_dice()->mutable_scripted()->add_dice(1);
  v1::AdvanceResponse out;
  const grpc::Status st = GrpcAdvance(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();

  std::vector<std::string> fired;
  bool removed = false, skipped = false;
  for (const v1::Event& e : out.events()) {
    if (e.kind() == v1::FIRED && e.side() == v1::BRITISH) fired.push_back(e.unit_ids(0));
    removed |= e.kind() == v1::UNIT_REMOVED && e.unit_ids_size() > 0 && e.unit_ids(0) == "z2";
    if (e.kind() == v1::BRITISH_ACTION && e.target_id() == "z2" &&
        e.why().text().find("british_actions[1]: FIRE at z2 is skipped") != std::string::npos) {
      skipped = true;
      EXPECT_EQ(e.unit_ids(0), "b2");
      EXPECT_NE(e.announce().find("z2 is already gone"), std::string::npos) << e.announce();
    }
  }
  EXPECT_EQ(fired, (std::vector<std::string>{"b1", "b3"}));
  EXPECT_TRUE(removed);
  EXPECT_TRUE(skipped);
  const BattleState after = ToEngine(out.state());
  EXPECT_EQ(after.FindUnit("z2"), nullptr);
  EXPECT_TRUE(after.FindUnit("b1")->status.fired);
  EXPECT_FALSE(after.FindUnit("b2")->status.fired);  // it may still fire at another
  EXPECT_TRUE(after.FindUnit("b3")->status.fired);
  EXPECT_EQ(out.dice_size(), 2);
  EXPECT_EQ(out.awaiting().kind(), v1::BRITISH_FIRE);

  // A target that was gone before the batch is still refused, naming it.
  v1::AdvanceRequest gone = req;
  gone.clear_british_actions();
  *gone.mutable_state() = out.state();
  v1::Action* late = gone.add_british_actions();
  late->set_kind(v1::FIRE);
  late->set_unit_id("b2");
  late->set_target_id("z2");
  v1::AdvanceResponse refused;
  const grpc::Status no = GrpcAdvance(gone, &refused);
  EXPECT_EQ(no.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(no.error_message().find("british_actions[0].target_id"), std::string::npos)
      << no.error_message();
}

}  // namespace
}  // namespace impi::service
