// Pagano's d10 rules (PAGANO_D10) through a real ImpiServer on 127.0.0.1,
// over gRPC and over JSON: every malformed field of TableState.pagano, the
// units and parameters the rules refuse, bad British actions and bad
// questions answered with the code and the field path, the same on both
// fronts, and nothing half-applied (a request with one bad action among
// good ones is refused whole, an error answer carries no state, and the
// server answers the good request afterwards as it did before); and a
// battle of each built-in scenario played through the server, every state
// it returns (after Advance and after Ask) accepted back.
#include "tests/service/rpc_server_fixture.h"

#include <google/protobuf/util/message_differencer.h>
#include <httplib.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "engine/rulesets/pagano/pagano.h"
#include "service/http_gateway.h"

namespace impi::service {
namespace {

using google::protobuf::util::MessageDifferencer;

// A built-in scenario the rule set builds itself, as a client receives it.
v1::TableState Scenario(const std::string& name) {
  const Ruleset* rules = FindRuleset(pagano::kRulesetId);
  EXPECT_NE(rules, nullptr);
  v1::TableState s;
  if (rules == nullptr) return s;
  absl::StatusOr<BattleState> state = rules->Scenario(name);
  EXPECT_TRUE(state.ok()) << state.status();
  if (state.ok()) ToProto(*state, &s);
  EXPECT_EQ(s.ruleset(), v1::PAGANO_D10);
  return s;
}

// The index in state.units of the first unit of `kind` on `side`; -1 if none.
int UnitIndexOf(const v1::TableState& s, v1::UnitKind kind, v1::Side side) {
  for (int i = 0; i < s.units_size(); ++i) {
    if (s.units(i).kind() == kind && s.units(i).side() == side) return i;
  }
  ADD_FAILURE() << "no " << v1::UnitKind_Name(kind) << " on side " << v1::Side_Name(side);
  return -1;
}
std::string IdOf(const v1::TableState& s, v1::UnitKind kind, v1::Side side) {
  const int i = UnitIndexOf(s, kind, side);
  return i < 0 ? std::string() : s.units(i).id();
}

// The index of `id`'s entry in state.pagano.units, adding one if it has none.
int EntryIndex(v1::TableState* s, const std::string& id) {
  v1::PaganoState* p = s->mutable_pagano();
  for (int i = 0; i < p->units_size(); ++i) {
    if (p->units(i).unit_id() == id) return i;
  }
  p->add_units()->set_unit_id(id);
  return p->units_size() - 1;
}
v1::PaganoUnitEntry* Entry(v1::TableState* s, const std::string& id) {
  return s->mutable_pagano()->mutable_units(EntryIndex(s, id));
}
std::string EntryPath(const v1::TableState& base, const std::string& id) {
  v1::TableState copy = base;
  return "state.pagano.units[" + std::to_string(EntryIndex(&copy, id)) + "]";
}

// The parameter pagano.last_turn, added if the state has none.
v1::Parameter* LastTurn(v1::TableState* s) {
  for (v1::Parameter& p : *s->mutable_parameters()) {
    if (p.name() == pagano::kLastTurnParameter) return &p;
  }
  v1::Parameter* p = s->add_parameters();
  p->set_name(std::string(pagano::kLastTurnParameter));
  p->set_value(15);
  return p;
}
int LastTurnIndex(const v1::TableState& base) {
  v1::TableState copy = base;
  const v1::Parameter* p = LastTurn(&copy);
  for (int i = 0; i < copy.parameters_size(); ++i) {
    if (&copy.parameters(i) == p) return i;
  }
  return -1;
}

class PaganoRpc : public RpcServerTest {
 protected:
  // The answer to `r`, which must be accepted.
  v1::AdvanceResponse Advanced(const v1::AdvanceRequest& r) const {
    v1::AdvanceResponse out;
    const grpc::Status st = GrpcAdvance(r, &out);
    EXPECT_TRUE(st.ok()) << st.error_code() << ": " << st.error_message();
    return out;
  }
};

// --- TableState.pagano, the units and the parameters ------------------------------

struct StateCase {
  std::string name;
  std::function<void(v1::TableState*)> edit;
  std::string prefix;
};

TEST_F(PaganoRpc, MalformedStatesAreRefusedWithTheFieldPath) {
  const v1::TableState drift = Scenario("rorkes_drift");
  const v1::TableState camp = Scenario("isandlwana_tactical");
  ASSERT_GT(drift.pagano().features_size(), 0);
  // Units of each kind: the isigaba, an induna, the medical corps, a ranker,
  // a gun and its crew, a wagon.
  const std::string isigaba = IdOf(camp, v1::ISIGABA, v1::ZULU);
  const std::string induna = IdOf(camp, v1::INDUNA, v1::ZULU);
  const std::string surgeon = IdOf(camp, v1::SURGEON, v1::BRITISH);
  const std::string ranker = IdOf(camp, v1::INFANTRY, v1::BRITISH);
  const std::string gun = IdOf(camp, v1::GUN, v1::BRITISH);
  const std::string wagon = IdOf(camp, v1::WAGON, v1::BRITISH);
  std::string crew;
  for (const v1::PaganoUnitEntry& e : camp.pagano().units()) {
    if (e.crew_of() == gun && crew.empty()) crew = e.unit_id();
  }
  ASSERT_FALSE(crew.empty()) << "no crew for " << gun;
  const int isigaba_at = UnitIndexOf(camp, v1::ISIGABA, v1::ZULU);
  const int induna_at = UnitIndexOf(camp, v1::INDUNA, v1::ZULU);
  const int surgeon_at = UnitIndexOf(camp, v1::SURGEON, v1::BRITISH);
  const int ranker_at = UnitIndexOf(camp, v1::INFANTRY, v1::BRITISH);
  const std::string units = "state.units[";
  const std::string i_entry = EntryPath(camp, isigaba);
  const std::string r_entry = EntryPath(camp, ranker);
  const std::string s_entry = EntryPath(camp, surgeon);
  const std::string c_entry = EntryPath(camp, crew);
  const std::string g_entry = EntryPath(camp, gun);
  const std::string by_id = "state.pagano.units[";
  const std::string last_turn = "state.parameters[" + std::to_string(LastTurnIndex(camp)) + "]";
  using S = v1::TableState;
  const std::vector<StateCase> camp_cases = {
      // The battle.
      {"a phase past the eighth", [](S* s) { s->mutable_pagano()->set_phase(static_cast<v1::PaganoPhase>(9)); },
       "state.pagano.phase"},
      {"a negative phase", [](S* s) { s->mutable_pagano()->set_phase(static_cast<v1::PaganoPhase>(-1)); },
       "state.pagano.phase"},
      {"month 13", [](S* s) { s->mutable_pagano()->set_month(13); }, "state.pagano.month"},
      {"month -1", [](S* s) { s->mutable_pagano()->set_month(-1); }, "state.pagano.month"},
      {"stage 3", [](S* s) { s->mutable_pagano()->set_stage(3); }, "state.pagano.stage"},
      {"stage -1", [](S* s) { s->mutable_pagano()->set_stage(-1); }, "state.pagano.stage"},
      {"asked naming no unit", [](S* s) { s->mutable_pagano()->set_asked("nobody"); }, "state.pagano.asked"},
      {"another rule set's state", [](S* s) { s->mutable_ferree()->set_segment(1); }, "state.ferree"},
      // An entry.
      {"an entry with no unit", [](S* s) { s->mutable_pagano()->add_units(); },
       "state.pagano.units[" + std::to_string(camp.pagano().units_size()) + "].unit_id"},
      {"an entry for no unit", [](S* s) { s->mutable_pagano()->add_units()->set_unit_id("nobody"); },
       "state.pagano.units[" + std::to_string(camp.pagano().units_size()) + "].unit_id"},
      {"a second entry for a unit",
       [&](S* s) { *s->mutable_pagano()->add_units() = s->pagano().units(EntryIndex(s, crew)); },
       "state.pagano.units[" + std::to_string(camp.pagano().units_size()) + "].unit_id"},
      {"a category out of range",
       [&](S* s) { Entry(s, ranker)->set_category(static_cast<v1::PaganoBritCategory>(5)); },
       r_entry + ".category"},
      {"a weapon out of range", [&](S* s) { Entry(s, ranker)->set_weapon(static_cast<v1::PaganoWeapon>(-2)); },
       r_entry + ".weapon"},
      {"directed by no unit", [&](S* s) { Entry(s, isigaba)->set_directed_by("nobody"); }, i_entry + ".directed_by"},
      {"the crew of no unit", [&](S* s) { Entry(s, crew)->set_crew_of("nobody"); }, c_entry + ".crew_of"},
      {"carrying no unit", [&](S* s) { Entry(s, ranker)->set_carrying("nobody"); }, r_entry + ".carrying"},
      {"riflemen -1",
       [&](S* s) {
         Entry(s, isigaba)->set_riflemen_rolled(true);
         Entry(s, isigaba)->set_riflemen(-1);
       },
       i_entry + ".riflemen"},
      {"riflemen 3 (the table gives 0 to 2)",
       [&](S* s) {
         Entry(s, isigaba)->set_riflemen_rolled(true);
         Entry(s, isigaba)->set_riflemen(3);
       },
       i_entry + ".riflemen"},
      {"riflemen not rolled", [&](S* s) { Entry(s, isigaba)->set_riflemen(1); }, i_entry + ".riflemen"},
      {"a NaN frontage",
       [&](S* s) { Entry(s, isigaba)->set_frontage(std::numeric_limits<double>::quiet_NaN()); },
       i_entry + ".frontage"},
      {"an infinite frontage",
       [&](S* s) { Entry(s, isigaba)->set_frontage(std::numeric_limits<double>::infinity()); },
       i_entry + ".frontage"},
      {"a negative frontage", [&](S* s) { Entry(s, isigaba)->set_frontage(-4); }, i_entry + ".frontage"},
      {"a frontage past the table's diagonal", [&](S* s) { Entry(s, isigaba)->set_frontage(1e6); },
       i_entry + ".frontage"},
      {"negative markers", [&](S* s) { Entry(s, isigaba)->set_lost_since_morale(-1); },
       i_entry + ".lost_since_morale"},
      {"more markers than figures lost",
       [&](S* s) { Entry(s, isigaba)->set_lost_since_morale(s->units(isigaba_at).figures().casualties() + 1); },
       by_id + isigaba + "].lost_since_morale"},
      {"negative cattle", [&](S* s) { Entry(s, isigaba)->set_cattle(-1); }, i_entry + ".cattle"},
      {"three cattle", [&](S* s) { Entry(s, isigaba)->set_cattle(3); }, by_id + isigaba + "].cattle"},
      {"a negative move spent", [&](S* s) { Entry(s, ranker)->set_move_spent(-1); }, r_entry + ".move_spent"},
      {"a move spent of 3", [&](S* s) { Entry(s, ranker)->set_move_spent(3); }, by_id + ranker + "].move_spent"},
      {"negative casualties this turn", [&](S* s) { Entry(s, surgeon)->set_casualties_this_turn(-1); },
       s_entry + ".casualties_this_turn"},
      {"four casualties this turn", [&](S* s) { Entry(s, surgeon)->set_casualties_this_turn(4); },
       by_id + surgeon + "].casualties_this_turn"},
      {"casualties placed with a ranker", [&](S* s) { Entry(s, ranker)->set_casualties_this_turn(1); },
       by_id + ranker + "].casualties_this_turn"},
      {"directed by a ranker", [&](S* s) { Entry(s, isigaba)->set_directed_by(ranker); },
       by_id + isigaba + "].directed_by"},
      {"the crew of a wagon", [&](S* s) { Entry(s, crew)->set_crew_of(wagon); }, by_id + crew + "].crew_of"},
      {"the crew of a Zulu isigaba", [&](S* s) { Entry(s, crew)->set_crew_of(isigaba); },
       by_id + crew + "].crew_of"},
      {"carrying an isigaba", [&](S* s) { Entry(s, ranker)->set_carrying(isigaba); }, by_id + ranker + "].carrying"},
      {"carrying itself", [&](S* s) { Entry(s, ranker)->set_carrying(ranker); }, by_id + ranker + "].carrying"},
      {"a jammed cannon", [&](S* s) { Entry(s, gun)->set_jammed(true); }, by_id + gun + "].jammed"},
      {"clearing what is not jammed", [&](S* s) { Entry(s, gun)->set_clearing(true); }, by_id + gun + "].clearing"},
      // The units the rules have, on their sides, with their figures.
      {"an isigaba on the British side", [&](S* s) { s->mutable_units(isigaba_at)->set_side(v1::BRITISH); },
       units + std::to_string(isigaba_at) + "].kind"},
      {"an induna on the British side", [&](S* s) { s->mutable_units(induna_at)->set_side(v1::BRITISH); },
       units + std::to_string(induna_at) + "].kind"},
      {"the medical corps on the Zulu side", [&](S* s) { s->mutable_units(surgeon_at)->set_side(v1::ZULU); },
       units + std::to_string(surgeon_at) + "].kind"},
      {"a Ferree tray", [&](S* s) { s->mutable_units(isigaba_at)->set_kind(v1::TRAY); },
       units + std::to_string(isigaba_at) + "].kind"},
      {"a Zulu Control impi", [&](S* s) { s->mutable_units(induna_at)->set_kind(v1::IMPI); },
       units + std::to_string(induna_at) + "].kind"},
      {"21 figures in an isigaba",
       [&](S* s) {
         s->mutable_units(isigaba_at)->mutable_figures()->set_fit(21);
         s->mutable_units(isigaba_at)->mutable_figures()->set_casualties(0);
       },
       units + std::to_string(isigaba_at) + "].figures"},
      {"a wounded figure in an isigaba",
       [&](S* s) { s->mutable_units(isigaba_at)->mutable_figures()->set_wounded(1); },
       units + std::to_string(isigaba_at) + "].figures"},
      {"three riflemen in an isigaba",
       [&](S* s) { s->mutable_units(isigaba_at)->mutable_figures()->set_riflemen(3); },
       units + std::to_string(isigaba_at) + "].figures"},
      {"two figures in a British figure",
       [&](S* s) { s->mutable_units(ranker_at)->mutable_figures()->set_fit(2); },
       units + std::to_string(ranker_at) + "].figures"},
      {"no figure in a British figure",
       [&](S* s) { s->mutable_units(ranker_at)->mutable_figures()->set_fit(0); },
       units + std::to_string(ranker_at) + "].figures"},
      {"a British figure both fit and wounded",
       [&](S* s) { s->mutable_units(ranker_at)->mutable_figures()->set_wounded(1); },
       units + std::to_string(ranker_at) + "].figures"},
      {"a seriously wounded induna",
       [&](S* s) {
         s->mutable_units(induna_at)->mutable_figures()->set_fit(0);
         s->mutable_units(induna_at)->mutable_figures()->set_seriously_wounded(1);
       },
       units + std::to_string(induna_at) + "].figures.seriously_wounded"},
      {"a second medical corps", [&](S* s) { s->mutable_units(ranker_at)->set_kind(v1::SURGEON); },
       units + std::to_string(std::max(ranker_at, surgeon_at)) + "].kind"},
      // The parameters.
      {"an unknown parameter",
       [](S* s) {
         v1::Parameter* p = s->add_parameters();
         p->set_name("pagano.first_turn");
         p->set_value(1);
       },
       "state.parameters[" + std::to_string(camp.parameters_size()) + "].name"},
      {"another rule set's parameter",
       [](S* s) {
         v1::Parameter* p = s->add_parameters();
         p->set_name("tsatf.turn_limit");
         p->set_value(3);
       },
       "state.parameters[" + std::to_string(camp.parameters_size()) + "]"},
      {"last turn 0", [](S* s) { LastTurn(s)->set_value(0); }, last_turn + ".value"},
      {"last turn 1001", [](S* s) { LastTurn(s)->set_value(1001); }, last_turn + ".value"},
      {"last turn 2.5", [](S* s) { LastTurn(s)->set_value(2.5); }, last_turn + ".value"},
      {"last turn NaN", [](S* s) { LastTurn(s)->set_value(std::numeric_limits<double>::quiet_NaN()); },
       last_turn + ".value"},
  };
  const int features = drift.pagano().features_size();
  const std::string new_feature = "state.pagano.features[" + std::to_string(features) + "]";
  const std::string some_terrain = drift.terrain(0).id();
  const std::vector<StateCase> drift_cases = {
      {"a feature with no terrain",
       [](S* s) { s->mutable_pagano()->add_features()->set_feature(v1::PAGANO_WALL); },
       new_feature + ".terrain_id"},
      {"a feature of no terrain",
       [](S* s) {
         v1::PaganoTerrainFeature* f = s->mutable_pagano()->add_features();
         f->set_terrain_id("nowhere");
         f->set_feature(v1::PAGANO_WALL);
       },
       new_feature + ".terrain_id"},
      {"a feature unnamed", [&](S* s) { s->mutable_pagano()->add_features()->set_terrain_id(some_terrain); },
       new_feature + ".feature"},
      {"a feature out of range",
       [&](S* s) {
         v1::PaganoTerrainFeature* f = s->mutable_pagano()->add_features();
         f->set_terrain_id(some_terrain);
         f->set_feature(static_cast<v1::PaganoFeature>(19));
       },
       new_feature + ".feature"},
      {"a second feature for a piece",
       [](S* s) { *s->mutable_pagano()->add_features() = s->pagano().features(0); }, new_feature + ".terrain_id"},
      {"negative openings", [](S* s) { s->mutable_pagano()->mutable_features(0)->set_openings(-1); },
       "state.pagano.features[0].openings"},
      {"1001 openings", [](S* s) { s->mutable_pagano()->mutable_features(0)->set_openings(1001); },
       "state.pagano.features[0].openings"},
  };
  int refused = 0;
  for (const auto& [base, cases] : {std::pair{&camp, &camp_cases}, std::pair{&drift, &drift_cases}}) {
    for (const StateCase& c : *cases) {
      SCOPED_TRACE(c.name);
      v1::AdvanceRequest r;
      *r.mutable_state() = *base;
      r.mutable_dice()->set_seed(3);
      c.edit(r.mutable_state());
      ExpectAdvanceRefused(r, grpc::StatusCode::INVALID_ARGUMENT, c.prefix);
      // The same state asked a question: refused alike, before the question.
      v1::AskRequest ask;
      *ask.mutable_state() = r.state();
      ask.mutable_pagano()->mutable_riflemen()->set_unit_id(IdOf(*base, v1::ISIGABA, v1::ZULU));
      ask.mutable_dice()->set_seed(3);
      ExpectAskRefused(ask, grpc::StatusCode::INVALID_ARGUMENT, c.prefix);
      ++refused;
    }
  }
  EXPECT_EQ(refused, static_cast<int>(camp_cases.size() + drift_cases.size()));
  // Each base itself is accepted (the refusals are the edits').
  for (const v1::TableState* base : {&camp, &drift}) {
    v1::AskRequest ask;
    *ask.mutable_state() = *base;
    ask.mutable_pagano()->mutable_riflemen()->set_unit_id(IdOf(*base, v1::ISIGABA, v1::ZULU));
    ask.mutable_dice()->set_seed(3);
    v1::AskResponse out;
    const grpc::Status st = GrpcAsk(ask, &out);
    EXPECT_TRUE(st.ok()) << st.error_message();
  }
}

// --- British actions -------------------------------------------------------------------

TEST_F(PaganoRpc, BadBritishActionsAreRefusedAndNothingIsHalfApplied) {
  // To the first British decision of the defence of the post.
  v1::AdvanceRequest first;
  *first.mutable_state() = Scenario("rorkes_drift");
  first.mutable_dice()->set_seed(5);
  first.set_list_options(true);
  v1::AdvanceResponse at = Advanced(first);
  for (int i = 0; i < 20 && at.awaiting().side() != v1::BRITISH; ++i) {
    v1::AdvanceRequest next;
    *next.mutable_state() = at.state();
    next.mutable_dice()->set_seed(6 + i);
    next.set_list_options(true);
    at = Advanced(next);
  }
  ASSERT_EQ(at.awaiting().side(), v1::BRITISH) << at.awaiting().prompt();
  ASSERT_GT(at.awaiting().options_size(), 0);
  const v1::TableState& state = at.state();
  // An option named by a unit, a FIRE if one is offered.
  const v1::Action* good = nullptr;
  for (const v1::Action& a : at.awaiting().options()) {
    if (!a.unit_id().empty() && (good == nullptr || (good->kind() != v1::FIRE && a.kind() == v1::FIRE))) good = &a;
  }
  ASSERT_NE(good, nullptr);
  const std::string actor = good->unit_id();
  const std::string zulu = IdOf(state, v1::ISIGABA, v1::ZULU);
  std::string other_british;
  for (const v1::Unit& u : state.units()) {
    if (u.side() == v1::BRITISH && u.id() != actor && u.kind() == v1::INFANTRY && other_british.empty()) {
      other_british = u.id();
    }
  }
  ASSERT_FALSE(other_british.empty());

  // The good request's answer, before any bad one.
  v1::AdvanceRequest ok;
  *ok.mutable_state() = state;
  *ok.add_british_actions() = *good;
  ok.mutable_dice()->set_seed(11);
  const v1::AdvanceResponse before = Advanced(ok);

  struct Case {
    std::string name;
    std::function<void(v1::Action*)> bad;
    grpc::StatusCode code;
    std::string field;  // after "british_actions[1]."
  };
  const auto invalid = grpc::StatusCode::INVALID_ARGUMENT;
  const auto precondition = grpc::StatusCode::FAILED_PRECONDITION;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<Case> cases = {
      {"a unit naming no unit",
       [](v1::Action* a) {
         a->set_kind(v1::PASS);
         a->set_unit_id("b_ghost");
       },
       invalid, "unit_id"},
      {"a Zulu isigaba ordered by the British",
       [&](v1::Action* a) {
         a->set_kind(v1::PASS);
         a->set_unit_id(zulu);
       },
       invalid, "unit_id"},
      {"a FIRE with no target",
       [&](v1::Action* a) {
         a->set_kind(v1::FIRE);
         a->set_unit_id(other_british);
       },
       invalid, "target_id"},
      {"a FIRE at no unit",
       [&](v1::Action* a) {
         a->set_kind(v1::FIRE);
         a->set_unit_id(other_british);
         a->set_target_id("z_ghost");
       },
       invalid, "target_id"},
      {"a FIRE with no unit",
       [&](v1::Action* a) {
         a->set_kind(v1::FIRE);
         a->set_target_id(zulu);
       },
       invalid, "unit_id"},
      {"a MOVE to a NaN point",
       [&](v1::Action* a) {
         a->set_kind(v1::MOVE);
         a->set_unit_id(other_british);
         a->mutable_to()->set_x(nan);
         a->mutable_to()->set_y(10);
       },
       invalid, "to"},
      {"a MOVE to an infinite point",
       [&](v1::Action* a) {
         a->set_kind(v1::MOVE);
         a->set_unit_id(other_british);
         a->mutable_to()->set_x(10);
         a->mutable_to()->set_y(-inf);
       },
       invalid, "to"},
      {"a MOVE off the table",
       [&](v1::Action* a) {
         a->set_kind(v1::MOVE);
         a->set_unit_id(other_british);
         a->mutable_to()->set_x(-50);
         a->mutable_to()->set_y(10);
       },
       invalid, "to"},
      {"a kind out of range",
       [&](v1::Action* a) {
         a->set_kind(static_cast<v1::ActionKind>(999));
         a->set_unit_id(other_british);
       },
       invalid, "kind"},
      {"a stance out of range",
       [&](v1::Action* a) {
         a->set_kind(v1::STANCE);
         a->set_unit_id(other_british);
         a->set_stance(static_cast<v1::Stance>(99));
       },
       invalid, "stance"},
      {"a negative point",
       [&](v1::Action* a) {
         a->set_kind(v1::FIRE);
         a->set_unit_id(other_british);
         a->set_target_id(zulu);
         a->set_point(-1);
       },
       invalid, "point"},
      // Well-formed, not allowed now.
      {"a second decision for the unit that has acted", [&](v1::Action* a) { *a = *good; }, precondition,
       "unit_id"},
      {"a FIRE at its own side",
       [&](v1::Action* a) {
         a->set_kind(v1::FIRE);
         a->set_unit_id(other_british);
         a->set_target_id(actor);
       },
       precondition, ""},
      {"a ranker limbering",
       [&](v1::Action* a) {
         a->set_kind(v1::LIMBER);
         a->set_unit_id(other_british);
       },
       precondition, ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    // The good action first, then the bad one: the request is refused whole.
    v1::AdvanceRequest r = ok;
    c.bad(r.add_british_actions());
    ExpectAdvanceRefused(r, c.code, "british_actions[1]." + c.field);
    // Alone, it is refused the same at index 0 (but the acted unit's second
    // decision, which needs the first).
    if (c.name.rfind("a second decision", 0) == 0) continue;
    v1::AdvanceRequest alone;
    *alone.mutable_state() = state;
    c.bad(alone.add_british_actions());
    alone.mutable_dice()->set_seed(11);
    ExpectAdvanceRefused(alone, c.code, "british_actions[0]." + c.field);
  }
  // Nothing was kept of the refused requests: the good request's answer is
  // what it was.
  const v1::AdvanceResponse after = Advanced(ok);
  EXPECT_TRUE(MessageDifferencer::Equals(before, after));
}

// --- Questions ---------------------------------------------------------------------

TEST_F(PaganoRpc, BadQuestionsAreRefusedWithTheFieldPath) {
  const v1::TableState start = Scenario("rorkes_drift");  // Zulu Movement, stage 0
  const std::string isigaba = IdOf(start, v1::ISIGABA, v1::ZULU);
  const std::string induna = IdOf(start, v1::INDUNA, v1::ZULU);
  const std::string ranker = IdOf(start, v1::INFANTRY, v1::BRITISH);
  using Q = v1::AskRequest;
  using Member = std::function<std::string*(Q*)>;
  // Each kind's unit_id, by member.
  const std::vector<std::pair<std::string, Member>> kinds = {
      {"morale", [](Q* r) { return r->mutable_pagano()->mutable_morale()->mutable_unit_id(); }},
      {"melee", [](Q* r) { return r->mutable_pagano()->mutable_melee()->mutable_unit_id(); }},
      {"fire", [](Q* r) { return r->mutable_pagano()->mutable_fire()->mutable_unit_id(); }},
      {"riflemen", [](Q* r) { return r->mutable_pagano()->mutable_riflemen()->mutable_unit_id(); }},
      {"medical", [](Q* r) { return r->mutable_pagano()->mutable_medical()->mutable_unit_id(); }},
      {"direction", [](Q* r) { return r->mutable_pagano()->mutable_direction()->mutable_unit_id(); }},
  };
  const auto invalid = grpc::StatusCode::INVALID_ARGUMENT;
  const auto precondition = grpc::StatusCode::FAILED_PRECONDITION;
  struct Case {
    std::string name;
    std::function<void(Q*)> ask;
    grpc::StatusCode code;
    std::string prefix;
  };
  std::vector<Case> cases;
  for (const auto& [kind, member] : kinds) {
    cases.push_back({kind + " with no unit", [member = member](Q* r) { member(r)->clear(); }, invalid,
                     "pagano." + kind + ".unit_id: is required"});
    cases.push_back({kind + " of no unit", [member = member](Q* r) { *member(r) = "nobody"; }, invalid,
                     "pagano." + kind + ".unit_id"});
  }
  const auto in_phase = [](v1::PaganoPhase phase, int stage) {
    return [phase, stage](Q* r) {
      r->mutable_state()->mutable_pagano()->set_phase(phase);
      r->mutable_state()->mutable_pagano()->set_stage(stage);
    };
  };
  const std::vector<Case> more = {
      {"no decision point", [](Q* r) { r->mutable_pagano(); }, invalid, "pagano: name the decision point"},
      {"another rule set's question", [](Q* r) { r->mutable_tsatf()->mutable_hand()->set_unit_id("z1"); }, invalid,
       "tsatf"},
      {"a fire at no unit",
       [&](Q* r) {
         r->mutable_pagano()->mutable_fire()->set_unit_id(ranker);
         r->mutable_pagano()->mutable_fire()->set_target_id("nobody");
       },
       invalid, "pagano.fire.target_id"},
      {"a British figure's fire with no target",
       [&](Q* r) {
         in_phase(v1::PAGANO_BRIT_MISSILE_FIRE, 1)(r);
         r->mutable_pagano()->mutable_fire()->set_unit_id(ranker);
       },
       invalid, "pagano.fire.target_id: is required"},
      // Asked in the wrong phase, or of a unit the question is not for.
      {"morale in the Zulu Movement phase", [&](Q* r) { r->mutable_pagano()->mutable_morale()->set_unit_id(isigaba); },
       precondition, "pagano.morale"},
      {"melee in the Zulu Movement phase", [&](Q* r) { r->mutable_pagano()->mutable_melee()->set_unit_id(isigaba); },
       precondition, "pagano.melee"},
      {"medical in the Zulu Movement phase", [&](Q* r) { r->mutable_pagano()->mutable_medical()->set_unit_id(ranker); },
       precondition, "pagano.medical"},
      {"direction in the Zulu Movement phase",
       [&](Q* r) { r->mutable_pagano()->mutable_direction()->set_unit_id(induna); }, precondition,
       "pagano.direction"},
      {"a British figure's fire in the Zulu Movement phase",
       [&](Q* r) {
         r->mutable_pagano()->mutable_fire()->set_unit_id(ranker);
         r->mutable_pagano()->mutable_fire()->set_target_id(isigaba);
       },
       precondition, "pagano.fire"},
      {"an isigaba's fire in the Zulu Movement phase",
       [&](Q* r) { r->mutable_pagano()->mutable_fire()->set_unit_id(isigaba); }, precondition, "pagano.fire"},
      {"the riflemen of a British figure", [&](Q* r) { r->mutable_pagano()->mutable_riflemen()->set_unit_id(ranker); },
       precondition, "pagano.riflemen.unit_id"},
      {"the riflemen rolled twice",
       [&](Q* r) {
         Entry(r->mutable_state(), isigaba)->set_riflemen_rolled(true);
         r->mutable_pagano()->mutable_riflemen()->set_unit_id(isigaba);
       },
       precondition, "pagano.riflemen.unit_id"},
      {"the morale of a British figure",
       [&](Q* r) {
         in_phase(v1::PAGANO_ZULU_MORALE, 1)(r);
         r->mutable_pagano()->mutable_morale()->set_unit_id(ranker);
       },
       precondition, "pagano.morale.unit_id"},
      {"direction by an isigaba",
       [&](Q* r) {
         in_phase(v1::PAGANO_ZULU_MORALE, 1)(r);
         r->mutable_pagano()->mutable_direction()->set_unit_id(isigaba);
       },
       precondition, "pagano.direction.unit_id"},
      {"direction after the morale rolls",
       [&](Q* r) {
         in_phase(v1::PAGANO_ZULU_MORALE, 2)(r);
         r->mutable_pagano()->mutable_direction()->set_unit_id(induna);
       },
       precondition, "pagano.direction"},
      {"melee of a unit in no melee",
       [&](Q* r) {
         in_phase(v1::PAGANO_ZULU_MELEE, 0)(r);
         r->mutable_pagano()->mutable_melee()->set_unit_id(ranker);
       },
       precondition, "pagano.melee.unit_id"},
      {"a Zulu isigaba's fire in the Brit Missile Fire phase",
       [&](Q* r) {
         in_phase(v1::PAGANO_BRIT_MISSILE_FIRE, 1)(r);
         r->mutable_pagano()->mutable_fire()->set_unit_id(isigaba);
       },
       precondition, "pagano.fire"},
  };
  cases.insert(cases.end(), more.begin(), more.end());
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    v1::AskRequest r;
    *r.mutable_state() = start;
    r.mutable_dice()->set_seed(7);
    c.ask(&r);
    ExpectAskRefused(r, c.code, c.prefix);
  }
  EXPECT_EQ(cases.size(), 12u + more.size());
}

// --- A battle of each scenario through the server --------------------------------

// Each scenario played through the server: each answer's state sent back
// with the scripted British player's actions for the phase awaited, accepted; on the way each
// question kind asked where it applies, and its answer's state accepted
// back too (an Advance from it).
TEST_F(PaganoRpc, EveryStateTheServerReturnsIsAcceptedBack) {
  const Ruleset& rules = *FindRuleset(pagano::kRulesetId);
  for (const std::string& scenario : rules.ScenarioNames()) {
    SCOPED_TRACE(scenario);
    std::unique_ptr<Policy> british = MakePolicy(pagano::kRulesetId, Side::kBritish, PolicySpec{});
    ASSERT_NE(british, nullptr);
    Dice choice = Dice::Seeded(3);
    v1::TableState state = Scenario(scenario);
    std::vector<Action> next;
    bool ended = false, json_checked = false;
    int asked = 0, requests = 0;
    std::set<int> phases;  // the British phases played
    for (; requests < 24 && !ended; ++requests) {
      v1::AdvanceRequest req;
      *req.mutable_state() = state;
      for (const Action& a : next) ToProto(a, req.add_british_actions());
      req.mutable_dice()->set_seed(40 + requests);
      v1::AdvanceResponse resp;
      const grpc::Status st = GrpcAdvance(req, &resp);
      ASSERT_TRUE(st.ok()) << "request " << requests << ": " << st.error_message();
      ASSERT_EQ(resp.state().ruleset_state_case(), v1::TableState::kPagano);
      if (!json_checked) {
        auto res = Post("/v1/Advance", ToJson(req));
        ASSERT_TRUE(res) << httplib::to_string(res.error());
        ASSERT_EQ(res->status, 200) << res->body.substr(0, 400);
        v1::AdvanceResponse by_json;
        ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(res->body, &by_json).ok());
        EXPECT_TRUE(MessageDifferencer::Equals(resp, by_json));
        json_checked = true;
      }
      state = resp.state();
      // The service's own check of the state it returned (the same as a
      // request's), then an Ask on it: the medical roll of a casualty, or
      // the riflemen of an isigaba not rolled yet, where they apply.
      const absl::StatusOr<BattleState> back = StateFromProto(state);
      ASSERT_TRUE(back.ok()) << "request " << requests << ": " << back.status();
      ASSERT_TRUE(rules.Validate(*back).ok()) << rules.Validate(*back);
      if (resp.awaiting().kind() == v1::GAME_ENDED) {
        ended = true;
        break;
      }
      for (const v1::Unit& u : state.units()) {
        if (u.kind() != v1::ISIGABA || u.figures().fit() == 0 || u.off_table()) continue;
        bool rolled = false;
        for (const v1::PaganoUnitEntry& e : state.pagano().units()) {
          rolled |= e.unit_id() == u.id() && (e.riflemen_rolled() || e.sharpshooters());
        }
        if (rolled) continue;
        v1::AskRequest ask;
        *ask.mutable_state() = state;
        ask.mutable_pagano()->mutable_riflemen()->set_unit_id(u.id());
        ask.mutable_dice()->set_seed(90 + requests);
        v1::AskResponse answer;
        const grpc::Status as = GrpcAsk(ask, &answer);
        ASSERT_TRUE(as.ok()) << as.error_message();
        v1::AdvanceRequest resume;
        *resume.mutable_state() = answer.state();
        resume.mutable_dice()->set_seed(91);
        v1::AdvanceResponse resumed;
        const grpc::Status rs = GrpcAdvance(resume, &resumed);
        EXPECT_TRUE(rs.ok()) << "the Ask's state sent back: " << rs.error_message();
        ++asked;
        break;
      }
      // The scripted British player's actions for the whole phase.
      ASSERT_EQ(resp.awaiting().side(), v1::BRITISH) << resp.awaiting().prompt();
      next.clear();
      BattleState engine = ToEngine(state);
      EventLog quiet(EventLog::kQuiet);
      while (rules.Awaits(engine).side == Side::kBritish && next.size() < 400) {
        const std::vector<Action> legal = rules.LegalActions(engine, Side::kBritish);
        ASSERT_FALSE(legal.empty()) << resp.awaiting().prompt();
        next.push_back(legal[british->Choose(engine, legal, choice, nullptr)]);
        ASSERT_TRUE(rules.Apply(engine, Side::kBritish, next.back(), choice, quiet, "local", "").ok());
      }
      ASSERT_FALSE(next.empty());
      phases.insert(state.pagano().phase());
    }
    EXPECT_TRUE(json_checked);
    EXPECT_GE(requests, 4);
    EXPECT_GE(asked, 1);
    EXPECT_EQ(phases, (std::set<int>{v1::PAGANO_BRIT_MISSILE_FIRE, v1::PAGANO_BRIT_MOVEMENT}));
  }
}

}  // namespace
}  // namespace impi::service
