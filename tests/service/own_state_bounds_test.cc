// The upper bounds of each rule set's own bookkeeping on the wire (Ferree's
// and Zulu Control's; Empress's are in empress_umpire_test.cc), through a
// real ImpiServer on 127.0.0.1: a number past what the rules can reach is
// INVALID_ARGUMENT naming its field path, never a state the engine plays.
#include "tests/service/rpc_server_fixture.h"
#include "tests/service/tsatf_state.h"

#include <functional>
#include <string>
#include <vector>

namespace impi::service {
namespace {

class OwnStateBounds : public RpcServerTest {
 protected:
  struct Case {
    std::string name;
    std::function<void(v1::TableState*)> edit;
    std::string path;
  };

  void ExpectRefused(const v1::TableState& base, const std::vector<Case>& cases) {
    for (const Case& c : cases) {
      SCOPED_TRACE(c.name);
      v1::AdvanceRequest r;
      *r.mutable_state() = base;
      r.mutable_dice()->set_seed(4);
      c.edit(r.mutable_state());
      v1::AdvanceResponse out;
      const grpc::Status st = GrpcAdvance(r, &out);
      EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << st.error_message();
      EXPECT_EQ(st.error_message().substr(0, c.path.size()), c.path) << st.error_message();
    }
  }
};

v1::TableState Isandlwana() {
  const scenarios::EmbeddedScenario* sc = scenarios::FindScenario("isandlwana");
  EXPECT_NE(sc, nullptr);
  v1::TableState s;
  if (sc == nullptr) return s;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(std::string(sc->json), &s).ok());
  return s;
}

// A new entry of the bookkeeping, for a unit that has none yet.
v1::FerreeUnit* FerreeEntry(v1::TableState* s) {
  std::string id;
  for (const v1::Unit& u : s->units()) {
    bool has = false;
    for (const v1::FerreeUnit& f : s->ferree().units()) has |= f.unit_id() == u.id();
    if (!has) {
      id = u.id();
      break;
    }
  }
  v1::FerreeUnit* u = s->mutable_ferree()->add_units();
  u->set_unit_id(id);
  return u;
}

TEST_F(OwnStateBounds, FerreesBookkeepingPastWhatTheRulesReachIsRefused) {
  const v1::TableState base = Isandlwana();
  const std::string unit = "state.ferree.units[" + std::to_string(base.ferree().units_size()) + "]";
  ExpectRefused(base, {
      {"Durnford arriving a billion minutes after midnight",
       [](v1::TableState* s) { s->mutable_ferree()->mutable_situation()->set_reinforcement_arrival(1000000000); },
       "state.ferree.situation.reinforcement_arrival"},
      {"the Zulus found on the tenth day",
       [](v1::TableState* s) { s->mutable_ferree()->mutable_situation()->set_discovery_time(14400); },
       "state.ferree.situation.discovery_time"},
      {"scouting of +5", [](v1::TableState* s) { s->mutable_ferree()->mutable_situation()->set_scouting(5); },
       "state.ferree.situation.scouting"},
      {"a million quiet turns", [](v1::TableState* s) { s->mutable_ferree()->set_quiet_turns(1000000); },
       "state.ferree.quiet_turns"},
      {"segment a million", [](v1::TableState* s) { s->mutable_ferree()->set_segment(1000000); },
       "state.ferree.segment"},
      {"a secret entry on turn a million",
       [&](v1::TableState* s) {
         v1::SecretEntry* e = s->mutable_ferree()->add_secret_entries();
         e->set_unit_id(s->units(0).id());
         e->set_turn(1000000);
       },
       "state.ferree.secret_entries[" + std::to_string(base.ferree().secret_entries_size()) + "].turn"},
      {"a secret entry at point 90",
       [&](v1::TableState* s) {
         v1::SecretEntry* e = s->mutable_ferree()->add_secret_entries();
         e->set_unit_id(s->units(0).id());
         e->set_turn(2);
         e->set_point(90);
       },
       "state.ferree.secret_entries[" + std::to_string(base.ferree().secret_entries_size()) + "].point"},
      {"a million losses this turn", [](v1::TableState* s) { FerreeEntry(s)->set_losses_this_turn(1000000); },
       unit + ".losses_this_turn"},
      {"a runner carrying a million turns", [](v1::TableState* s) { FerreeEntry(s)->set_turns_carried(1000000); },
       unit + ".turns_carried"},
      {"a runner waiting a million turns", [](v1::TableState* s) { FerreeEntry(s)->set_turns_waited(1000000); },
       unit + ".turns_waited"},
      {"entry point 70", [](v1::TableState* s) { FerreeEntry(s)->set_entry_point(70); }, unit + ".entry_point"},
  });
}

TEST_F(OwnStateBounds, ZuluControlsBookkeepingPastWhatTheRulesReachIsRefused) {
  v1::TableState base = testing::TsatfState();
  v1::TsatfUnit* z = base.mutable_tsatf()->add_units();
  z->set_unit_id(base.units(0).id());
  const std::string unit = "state.tsatf.units[" + std::to_string(base.tsatf().units_size() - 1) + "]";
  auto last = [](v1::TableState* s) { return s->mutable_tsatf()->mutable_units(s->tsatf().units_size() - 1); };
  ExpectRefused(base, {
      {"a deck of a million red cards", [](v1::TableState* s) { s->mutable_tsatf()->mutable_deck()->set_red_left(1000000); },
       "state.tsatf.deck.red_left"},
      {"four black cards left", [](v1::TableState* s) { s->mutable_tsatf()->mutable_deck()->set_black_left(4); },
       "state.tsatf.deck.black_left"},
      {"a million Zulu cards drawn",
       [](v1::TableState* s) { s->mutable_tsatf()->mutable_deck()->set_zulu_cards_drawn(1000000); },
       "state.tsatf.deck.zulu_cards_drawn"},
      {"a D6 of units that is a million",
       [](v1::TableState* s) { s->mutable_tsatf()->mutable_deck()->set_british_moves_left(1000000); },
       "state.tsatf.deck.british_moves_left"},
      {"a force pool of a billion", [](v1::TableState* s) { s->mutable_tsatf()->set_force_pool(1000000000); },
       "state.tsatf.force_pool"},
      {"a billion impis created", [](v1::TableState* s) { s->mutable_tsatf()->set_impis_created(1000000000); },
       "state.tsatf.impis_created"},
      {"a last known target a billion inches away",
       [&](v1::TableState* s) {
         last(s)->mutable_last_known_target()->set_x(1e9);
         last(s)->mutable_last_known_target()->set_y(1);
       },
       unit + ".last_known_target"},
      {"created on a turn to come", [&](v1::TableState* s) { last(s)->set_created_turn(1000000); },
       unit + ".created_turn"},
      {"come from point a million", [&](v1::TableState* s) { last(s)->set_entry_point(1000000); },
       unit + ".entry_point"},
      {"a billion losses this turn", [&](v1::TableState* s) { last(s)->set_losses_this_turn(1000000000); },
       unit + ".losses_this_turn"},
  });
}

}  // namespace
}  // namespace impi::service
