// Decision points as strict as play, for Ferree's Isandlwana and Zulu
// Control, through a real ImpiServer on 127.0.0.1: every Ask question whose
// move play would refuse is FAILED_PRECONDITION at the question's field,
// with the reason. (Empress's: empress_umpire_test.cc.)
#include "tests/service/rpc_server_fixture.h"
#include "tests/service/tsatf_state.h"

#include <functional>
#include <string>
#include <vector>

namespace impi::service {
namespace {

class AskPreconditions : public RpcServerTest {
 protected:
  struct Case {
    std::string name;
    std::function<void(v1::TableState*)> edit;
    std::function<void(v1::AskRequest*)> ask;
    std::string path, reason;
  };

  void ExpectRefused(const v1::TableState& base, const std::vector<Case>& cases) {
    for (const Case& c : cases) {
      SCOPED_TRACE(c.name);
      v1::AskRequest r;
      *r.mutable_state() = base;
      r.mutable_dice()->set_seed(9);
      c.edit(r.mutable_state());
      c.ask(&r);
      v1::AskResponse out;
      const grpc::Status st = GrpcAsk(r, &out);
      EXPECT_EQ(st.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << st.error_message();
      EXPECT_EQ(st.error_message().substr(0, c.path.size()), c.path) << st.error_message();
      EXPECT_NE(st.error_message().find(c.reason), std::string::npos) << st.error_message();
    }
  }
};

v1::Unit* Zulu(v1::TableState* s, const std::string& id, v1::UnitKind kind, int fit, double x, double y) {
  v1::Unit* u = s->add_units();
  u->set_id(id);
  u->set_name(id);
  u->set_side(v1::ZULU);
  u->set_kind(kind);
  u->mutable_figures()->set_fit(fit);
  u->mutable_position()->set_x(x);
  u->mutable_position()->set_y(y);
  return u;
}

v1::Unit* Find(v1::TableState* s, const std::string& id) {
  for (v1::Unit& u : *s->mutable_units()) {
    if (u.id() == id) return &u;
  }
  return nullptr;
}

// Zulu Control: the procedure moves, tests and rolls for forces on the
// table; skirmishing and rifle-armed regiments test to stand when a British
// unit charges them; regiments test critical morale; lone Zulus convert.
TEST_F(AskPreconditions, ZuluControlAsksWhatPlayWouldDoOnly) {
  v1::TableState base = testing::TsatfState();
  Zulu(&base, "s1", v1::SKIRMISHERS, 12, 40, 10);
  Zulu(&base, "s2", v1::SKIRMISHERS, 12, 50, 10)->set_off_table(true);
  Zulu(&base, "r1", v1::RIFLE_REGIMENT, 12, 60, 10);
  Zulu(&base, "i1", v1::IMPI, 0, 20, 30);
  Zulu(&base, "i1r", v1::REGIMENT, 12, 20, 30)->set_parent("i1");
  using Q = v1::AskRequest;
  const auto off = [](const std::string& id) { return [id](v1::TableState* s) { Find(s, id)->set_off_table(true); }; };
  const auto none = [](v1::TableState*) {};
  ExpectRefused(base, {
      {"the hand of skirmishers off the table", none, [](Q* r) { r->mutable_tsatf()->mutable_hand()->set_unit_id("s2"); },
       "tsatf.hand.unit_id", "not on the table"},
      {"the hand of a British company", none, [](Q* r) { r->mutable_tsatf()->mutable_hand()->set_unit_id("b1"); },
       "tsatf.hand.unit_id", "not an impi or a skirmishing regiment"},
      {"a target chosen by skirmishers", none, [](Q* r) { r->mutable_tsatf()->mutable_target()->set_unit_id("s1"); },
       "tsatf.target.unit_id", "only impis choose targets"},
      {"a target chosen by an impi off the table", off("i1"),
       [](Q* r) { r->mutable_tsatf()->mutable_target()->set_unit_id("i1"); }, "tsatf.target.unit_id",
       "is not on the table"},
      {"an impi tempted by a British company off the table", off("b2"),
       [](Q* r) {
         r->mutable_tsatf()->mutable_temptation()->set_unit_id("i1");
         r->mutable_tsatf()->mutable_temptation()->set_tempting_unit_id("b2");
       },
       "tsatf.temptation.tempting_unit_id", "not a British unit on the table"},
      {"an impi off the table tempted", off("i1"),
       [](Q* r) {
         r->mutable_tsatf()->mutable_temptation()->set_unit_id("i1");
         r->mutable_tsatf()->mutable_temptation()->set_tempting_unit_id("b2");
       },
       "tsatf.temptation.unit_id", "is not on the table"},
      {"a move test for skirmishers off the table", none,
       [](Q* r) { r->mutable_tsatf()->mutable_move_test()->set_unit_id("s2"); }, "tsatf.move_test.unit_id",
       "not on the table"},
      {"a Zulu move of skirmishers that moved this turn",
       [](v1::TableState* s) { Find(s, "s1")->mutable_status()->set_acted(true); },
       [](Q* r) { r->mutable_tsatf()->mutable_zulu_move()->set_unit_id("s1"); }, "tsatf.zulu_move.unit_id",
       "has moved this turn"},
      {"a move test for pinned skirmishers",
       [](v1::TableState* s) { Find(s, "s1")->mutable_status()->set_pinned(true); },
       [](Q* r) { r->mutable_tsatf()->mutable_move_test()->set_unit_id("s1"); }, "tsatf.move_test.unit_id",
       "is pinned"},
      {"a Zulu move of skirmishers locked in close combat",
       [](v1::TableState* s) { Find(s, "s1")->mutable_status()->set_in_close_combat(true); },
       [](Q* r) { r->mutable_tsatf()->mutable_zulu_move()->set_unit_id("s1"); }, "tsatf.zulu_move.unit_id",
       "locked in close combat"},
      {"a move test at a point with no \"this turn\" marker", none,
       [](Q* r) { r->mutable_tsatf()->mutable_move_test()->set_perimeter_point(3); },
       "tsatf.move_test.perimeter_point", "has no \"this turn\" marker"},
      {"a test to stand of skirmishers off the table", off("s1"),
       [](Q* r) { r->mutable_tsatf()->mutable_test_to_stand()->set_unit_id("s1"); }, "tsatf.test_to_stand.unit_id",
       "only they test to stand"},
      {"a test to stand charged by a Zulu unit", none,
       [](Q* r) {
         r->mutable_tsatf()->mutable_test_to_stand()->set_unit_id("s1");
         r->mutable_tsatf()->mutable_test_to_stand()->set_charger_id("r1");
       },
       "tsatf.test_to_stand.charger_id", "not a British unit on the table"},
      {"a test to stand of a British company", none,
       [](Q* r) { r->mutable_tsatf()->mutable_test_to_stand()->set_unit_id("b1"); }, "tsatf.test_to_stand.unit_id",
       "not a skirmishing or rifle-armed regiment"},
      {"critical morale of a British company", none,
       [](Q* r) { r->mutable_tsatf()->mutable_critical_morale()->set_unit_id("b1"); },
       "tsatf.critical_morale.unit_id", "only regiments test critical morale"},
      {"a lone Zulu that is a regiment", none,
       [](Q* r) {
         r->mutable_tsatf()->mutable_lone_zulu()->set_unit_id("r1");
         r->mutable_tsatf()->mutable_lone_zulu()->set_event(v1::FIRED_AT_MISSED);
       },
       "tsatf.lone_zulu.unit_id", "not a lone Zulu on the table"},
      {"temptation by a Zulu unit", none,
       [](Q* r) {
         r->mutable_tsatf()->mutable_temptation()->set_unit_id("s1");
         r->mutable_tsatf()->mutable_temptation()->set_tempting_unit_id("r1");
       },
       "tsatf.temptation.unit_id", "only impis choose targets"},
      {"an impi at a spent appearance point",
       [](v1::TableState* s) {
         for (v1::Point& p : *s->mutable_points()) {
           if (p.kind() == v1::APPEARANCE && p.number() == 4) p.set_state(v1::SPENT);
         }
       },
       [](Q* r) { r->mutable_tsatf()->mutable_impi_creation()->set_appearance_point(4); },
       "tsatf.impi_creation.appearance_point", "it will never generate anything else"},
      {"an impi at the British entry point", none,
       [](Q* r) { r->mutable_tsatf()->mutable_impi_creation()->set_perimeter_point(1); },
       "tsatf.impi_creation.perimeter_point", "the British entry point"},
      {"the start of a turn already started",
       [](v1::TableState* s) { s->mutable_clock()->set_phase(v1::MOVEMENT); },
       [](Q* r) { r->mutable_tsatf()->mutable_start_of_turn(); }, "tsatf.start_of_turn", "already started"},
  });
}

v1::TableState IsandlwanaScenario() {
  const scenarios::EmbeddedScenario* sc = scenarios::FindScenario("isandlwana");
  EXPECT_NE(sc, nullptr);
  v1::TableState s;
  if (sc == nullptr) return s;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(std::string(sc->json), &s).ok());
  return s;
}

// Ferree's Isandlwana in the battle, a British unit active: each question
// asked of what the sequence of play would not do now.
TEST_F(AskPreconditions, FerreeAsksWhatPlayWouldDoOnly) {
  v1::AdvanceRequest req;
  *req.mutable_state() = IsandlwanaScenario();
  req.mutable_dice()->set_seed(21);
  v1::AdvanceResponse out;
  grpc::Status st = GrpcAdvance(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_message();
  *req.mutable_state() = out.state();
  req.add_british_actions()->set_kind(v1::END_DEPLOYMENT);
  req.mutable_dice()->set_seed(100);
  st = GrpcAdvance(req, &out);
  ASSERT_TRUE(st.ok()) << st.error_message();
  ASSERT_EQ(out.state().clock().phase(), v1::ACTIVATION);
  ASSERT_EQ(out.awaiting().side(), v1::BRITISH);
  const v1::TableState battle = out.state();
  // A tray on the table, not pinned, far from the active British unit; its regiment.
  const std::string active = out.awaiting().unit_ids(0);
  std::string tray, regiment, induna, onboard_regiment, company;
  for (const v1::Unit& u : battle.units()) {
    if (u.side() == v1::BRITISH && u.kind() == v1::INFANTRY && company.empty()) company = u.id();
    if (u.kind() == v1::TRAY && !u.off_table() && !u.status().pinned() && tray.empty()) {
      tray = u.id();
      regiment = u.parent();
    }
    if (u.kind() == v1::INDUNA && induna.empty()) induna = u.id();
  }
  ASSERT_FALSE(tray.empty());
  ASSERT_FALSE(company.empty());
  using Q = v1::AskRequest;
  // The tray tests to charge the active British unit as it retires.
  const auto charge = [&](Q* r) {
    r->mutable_ferree()->mutable_charge_retiring()->set_unit_id(tray);
    r->mutable_ferree()->mutable_charge_retiring()->set_british_unit_id(active);
  };
  // Every tray of `regiment` off the table (waiting at its entry).
  const auto trays_off = [&](v1::TableState* s) {
    for (v1::Unit& u : *s->mutable_units()) {
      if (u.kind() == v1::TRAY && u.parent() == regiment) u.set_off_table(true);
    }
  };
  const auto none = [](v1::TableState*) {};
  ExpectRefused(battle, {
      {"a rally of a tray that is not pinned", none,
       [&](Q* r) { r->mutable_ferree()->mutable_rally()->set_unit_id(tray); }, "ferree.rally.unit_id", "is not pinned"},
      {"a rally of a tray off the table",
       [&](v1::TableState* s) { Find(s, tray)->set_off_table(true); },
       [&](Q* r) { r->mutable_ferree()->mutable_rally()->set_unit_id(tray); }, "ferree.rally.unit_id",
       "is not on the table"},
      {"the resolve of a broken regiment",
       [&](v1::TableState* s) { Find(s, regiment)->mutable_status()->set_broken(true); },
       [&](Q* r) { r->mutable_ferree()->mutable_resolve()->set_unit_id(regiment); }, "ferree.resolve.unit_id",
       "is broken already"},
      {"the resolve of a regiment with no tray on the table", trays_off,
       [&](Q* r) { r->mutable_ferree()->mutable_resolve()->set_unit_id(regiment); }, "ferree.resolve.unit_id",
       "has no tray on the table"},
      {"the resolve of a company off the table",
       [&](v1::TableState* s) { Find(s, company)->set_off_table(true); },
       [&](Q* r) { r->mutable_ferree()->mutable_resolve()->set_unit_id(company); }, "ferree.resolve.unit_id",
       "is not on the table with anyone who can act"},
      {"a charge by a tray off the table at a retiring unit",
       [&](v1::TableState* s) { Find(s, tray)->set_off_table(true); },
       charge,
       "ferree.charge_retiring.unit_id", "is not on the table"},
      {"a charge at a retiring unit that has left the table",
       [&](v1::TableState* s) { Find(s, active)->set_off_table(true); },
       charge,
       "ferree.charge_retiring.british_unit_id", "is not on the table"},
      {"a counter drawn while a British unit is active", none,
       [&](Q* r) { r->mutable_ferree()->mutable_activate()->set_unit_id(regiment); }, "ferree.activate",
       "the British are awaited"},
      {"an induna's order while a British unit is active", none,
       [&](Q* r) { r->mutable_ferree()->mutable_induna_order()->set_unit_id(induna); }, "ferree.induna_order",
       "the British are awaited"},
      {"a charge at a retiring unit from beyond 6\"",
       [&](v1::TableState* s) {
         Find(s, tray)->mutable_position()->set_x(Find(s, active)->position().x());
         Find(s, tray)->mutable_position()->set_y(Find(s, active)->position().y() > 30
                                                      ? Find(s, active)->position().y() - 30
                                                      : Find(s, active)->position().y() + 30);
       },
       charge,
       "ferree.charge_retiring.unit_id", "only a tray within 6\" may test"},
      {"the entry turn of a regiment on the table", none,
       [&](Q* r) { r->mutable_ferree()->mutable_entry_turn()->set_unit_id(regiment); }, "ferree.entry_turn.unit_id",
       "has trays on the table"},
  });
}

}  // namespace
}  // namespace impi::service
