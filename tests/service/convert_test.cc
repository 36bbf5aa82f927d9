// tests/service/convert_test.cc: impi.v1 <-> engine conversion.
#include "service/convert.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/reflection.h>
#include <google/protobuf/util/message_differencer.h>
#include <grpcpp/grpcpp.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/rulesets/ferree/question.h"
#include "engine/rulesets/roarks_drift/question.h"
#include "engine/rulesets/tsatf/question.h"
#include "engine/core/hex_map.h"
#include "engine/game/ruleset.h"
#include "service/umpire_service.h"
#include "service/validate.h"
#include "tests/service/tsatf_state.h"

namespace impi::service {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;
using google::protobuf::util::MessageDifferencer;

// Sets every field of `m` (two elements in every repeated field) to a value
// that is not its default, recursively, so that a conversion that drops any
// field fails the round trip below. Oneofs get their last member.
void FillEveryField(Message* m, int* counter, int depth = 0) {
  const Descriptor* d = m->GetDescriptor();
  const Reflection* r = m->GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    const int n = f->is_repeated() ? 2 : 1;
    for (int k = 0; k < n; ++k) {
      const int v = ++*counter;
      switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_INT32:
          f->is_repeated() ? r->AddInt32(m, f, v) : r->SetInt32(m, f, v);
          break;
        case FieldDescriptor::CPPTYPE_INT64:
          f->is_repeated() ? r->AddInt64(m, f, v) : r->SetInt64(m, f, v);
          break;
        case FieldDescriptor::CPPTYPE_UINT32:
          f->is_repeated() ? r->AddUInt32(m, f, v) : r->SetUInt32(m, f, v);
          break;
        case FieldDescriptor::CPPTYPE_UINT64:
          f->is_repeated() ? r->AddUInt64(m, f, v) : r->SetUInt64(m, f, v);
          break;
        case FieldDescriptor::CPPTYPE_DOUBLE:
          f->is_repeated() ? r->AddDouble(m, f, v + 0.25) : r->SetDouble(m, f, v + 0.25);
          break;
        case FieldDescriptor::CPPTYPE_FLOAT:
          f->is_repeated() ? r->AddFloat(m, f, v + 0.25f) : r->SetFloat(m, f, v + 0.25f);
          break;
        case FieldDescriptor::CPPTYPE_BOOL:
          f->is_repeated() ? r->AddBool(m, f, true) : r->SetBool(m, f, true);
          break;
        case FieldDescriptor::CPPTYPE_STRING: {
          const std::string s = "s" + std::to_string(v);
          f->is_repeated() ? r->AddString(m, f, s) : r->SetString(m, f, s);
          break;
        }
        case FieldDescriptor::CPPTYPE_ENUM: {
          // A non-zero value, different for the two elements of a list.
          const auto* e = f->enum_type();
          const int idx = e->value_count() - 1 - (k % (e->value_count() - 1));
          f->is_repeated() ? r->AddEnumValue(m, f, e->value(idx)->number())
                           : r->SetEnumValue(m, f, e->value(idx)->number());
          break;
        }
        case FieldDescriptor::CPPTYPE_MESSAGE: {
          ASSERT_LT(depth, 8) << "recursive message " << f->full_name();
          Message* sub = f->is_repeated() ? r->AddMessage(m, f) : r->MutableMessage(m, f);
          FillEveryField(sub, counter, depth + 1);
          break;
        }
      }
    }
  }
}

TEST(ConvertTest, TableStateRoundTripKeepsEveryField) {
  v1::TableState in;
  int counter = 0;
  FillEveryField(&in, &counter);
  ASSERT_GT(in.units(0).status().turns_fired(), 0);
  // The ruleset_state member is Ferree's: it travels with a Ferree state (the
  // rule set's wire adapter converts it), its references naming units.
  FillEveryField(in.mutable_ferree(), &counter, 1);
  ASSERT_TRUE(in.has_ferree());
  ASSERT_GT(in.ferree().units(0).fired_on_by_this_turn_size(), 0);
  ASSERT_EQ(in.ferree().units_size(), 2);
  {
    // The references name units of the table; the entries go out by unit id.
    std::vector<std::string> ids = {in.units(0).id(), in.units(1).id()};
    std::sort(ids.begin(), ids.end());
    v1::FerreeState* f = in.mutable_ferree();
    for (int i = 0; i < 2; ++i) {
      f->set_chits_left(i, ids[i]);
      f->mutable_secret_entries(i)->set_unit_id(ids[i]);
      v1::FerreeUnit* u = f->mutable_units(i);
      u->set_unit_id(ids[i]);
      u->set_wagon_id(ids[1 - i]);
      for (int k = 0; k < 2; ++k) u->set_fired_on_by_this_turn(k, ids[k]);
      // Within the bookkeeping's bounds (conformance.md, Bounds), not
      // defaults: an entry point is a point of the table.
      f->mutable_secret_entries(i)->set_point(in.points(i).number());
      u->set_entry_point(in.points(1 - i).number());
    }
    f->mutable_situation()->set_scouting(-1);
    f->set_segment(5);
  }
  in.set_ruleset(v1::FERREE_ISANDLWANA);
  // ruleset_id names a rule set only where the enum does not (its own test).
  in.clear_ruleset_id();

  v1::TableState out;
  ToProto(ToEngine(in), &out);
  std::string diff;
  MessageDifferencer differ;
  differ.ReportDifferencesToString(&diff);
  EXPECT_TRUE(differ.Compare(in, out)) << diff;
}

// Zulu Control's own state: every field of TableState.tsatf, its units'
// bookkeeping naming units of the table.
TEST(ConvertTest, TsatfStateRoundTripKeepsEveryField) {
  v1::TableState in;
  int counter = 0;
  FillEveryField(&in, &counter);
  in.clear_tsatf();
  FillEveryField(in.mutable_tsatf(), &counter, 1);
  ASSERT_TRUE(in.has_tsatf());
  ASSERT_EQ(in.tsatf().units_size(), 2);
  in.set_ruleset(v1::TSATF_ZULU_CONTROL);
  in.clear_ruleset_id();
  // The entries go out by unit id.
  std::vector<std::string> ids = {in.units(0).id(), in.units(1).id()};
  std::sort(ids.begin(), ids.end());
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(in.units(i).side(), v1::BRITISH);
    v1::TsatfUnit* u = in.mutable_tsatf()->mutable_units(i);
    u->set_unit_id(ids[i]);
    u->set_target_id(ids[1 - i]);
    for (int k = 0; k < 2; ++k) {
      u->set_fired_on_by_this_turn(k, in.units(k).id());
      u->set_fired_on_by_last_turn(k, in.units(1 - k).id());
    }
    // Within the bookkeeping's bounds (conformance.md, Bounds), not
    // defaults: a point of the table, a turn begun, on the table.
    u->set_entry_point(in.points(i).number());
    u->set_created_turn(1 + i);
    u->mutable_last_known_target()->set_x(1.5);
    u->mutable_last_known_target()->set_y(0.5 + i);
  }
  v1::TsatfDeck* deck = in.mutable_tsatf()->mutable_deck();
  deck->set_red_left(2);
  deck->set_black_left(1);
  deck->set_zulu_cards_drawn(2);
  deck->set_british_moves_left(4);
  ASSERT_GE(in.clock().turn(), 2);
  ASSERT_GT(in.tsatf().deck().red_left(), 0);
  ASSERT_TRUE(in.tsatf().units(1).has_last_known_target());

  v1::TableState out;
  ToProto(ToEngine(in), &out);
  std::string diff;
  MessageDifferencer differ;
  differ.ReportDifferencesToString(&diff);
  EXPECT_TRUE(differ.Compare(in, out)) << diff;
}

TEST(ConvertTest, SparseStateRoundTripAddsNothing) {
  const v1::TableState in = testing::TsatfState();
  v1::TableState out;
  ToProto(ToEngine(in), &out);
  std::string diff;
  MessageDifferencer differ;
  differ.ReportDifferencesToString(&diff);
  EXPECT_TRUE(differ.Compare(in, out)) << diff;
  EXPECT_EQ(out.tsatf().units_size(), 0);  // no empty bookkeeping entry for a unit without any
}

TEST(ConvertTest, RulesetTravelsAsTheEnumName) {
  v1::TableState in = testing::TsatfState();
  EXPECT_EQ(ToEngine(in).ruleset, "TSATF_ZULU_CONTROL");
  in.set_ruleset(v1::FERREE_ISANDLWANA);
  // ruleset_id names a rule set only where the enum does not (its own test).
  in.clear_ruleset_id();
  EXPECT_EQ(ToEngine(in).ruleset, "FERREE_ISANDLWANA");
  EXPECT_EQ(RulesetFromName("ROARKS_DRIFT"), v1::ROARKS_DRIFT);
  EXPECT_EQ(RulesetFromName("NO_SUCH_RULES"), v1::RULESET_UNSPECIFIED);
}

TEST(ConvertTest, EngineEnumsHaveTheContractsNumbers) {
  const auto* kinds = v1::UnitKind_descriptor();
  for (int i = 0; i < kinds->value_count(); ++i) {
    const int number = kinds->value(i)->number();
    EXPECT_EQ(UnitKindName(static_cast<UnitKind>(number)), kinds->value(i)->name()) << number;
  }
}

TEST(ConvertTest, ActionRoundTripKeepsEveryField) {
  v1::Action in;
  int counter = 0;
  FillEveryField(&in, &counter);
  // An action carries one rule set's own fields: Empress's range_estimate
  // here, Roark's Drift's order below.
  in.clear_roarks_drift();
  v1::Action out;
  ToProto(ToEngine(in), &out);
  EXPECT_TRUE(MessageDifferencer::Equals(in, out)) << in.DebugString() << out.DebugString();
}

// Roark's Drift's order (Action.roarks_drift) with every other field.
TEST(ConvertTest, RoarksOrderRoundTripKeepsEveryField) {
  v1::Action in;
  int counter = 0;
  FillEveryField(&in, &counter);
  in.clear_range_estimate();
  v1::RoarksOrder* o = in.mutable_roarks_drift();
  o->set_order(v1::ROARKS_AIMED_FIRE);
  o->set_direction(4);
  o->mutable_from()->set_q(-7);
  o->mutable_from()->set_r(31);
  o->set_number(-12);
  v1::Action out;
  ToProto(ToEngine(in), &out);
  EXPECT_TRUE(MessageDifferencer::Equals(in, out)) << in.DebugString() << out.DebugString();
}

// Roark's Drift's state: the scenario set up and played to its first turn
// round-trips through the contract to the same message.
TEST(ConvertTest, RoarksStateRoundTrips) {
  const Ruleset* rules = FindRuleset("ROARKS_DRIFT");
  ASSERT_NE(rules, nullptr);
  absl::StatusOr<BattleState> b = rules->Scenario("roarks_drift");
  ASSERT_TRUE(b.ok()) << b.status();
  Dice dice = Dice::Seeded(4);
  EventLog quiet(EventLog::kQuiet);
  for (int i = 0; i < 6; ++i) {
    const Awaiting w = rules->Awaits(*b);
    if (w.kind == AwaitKind::kUmpire) {
      ASSERT_TRUE(rules->Run(*b, dice, quiet).ok());
      continue;
    }
    const std::vector<Action> legal = rules->LegalActions(*b, w.side);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(rules->Apply(*b, w.side, legal.front(), dice, quiet, "step", "").ok());
  }
  v1::TableState in;
  ToProto(*b, &in);
  ASSERT_EQ(in.roarks_drift().stage(), v1::ROARKS_PLAYING);
  ASSERT_GT(in.units_size(), 200);
  v1::TableState out;
  ToProto(ToEngine(in), &out);
  std::string diff;
  MessageDifferencer differ;
  differ.ReportDifferencesToString(&diff);
  EXPECT_TRUE(differ.Compare(in, out)) << diff;
  const absl::StatusOr<BattleState> checked = StateFromProto(in);
  ASSERT_TRUE(checked.ok()) << checked.status();
  v1::TableState again;
  ToProto(*checked, &again);
  EXPECT_EQ(again.SerializeAsString(), in.SerializeAsString());
}

TEST(ConvertTest, DiceSource) {
  v1::DiceSource seeded;
  seeded.set_seed(1234567890123ULL);
  const DiceSpec a = ToEngine(seeded);
  EXPECT_FALSE(a.scripted);
  EXPECT_EQ(a.seed, 1234567890123ULL);

  v1::DiceSource scripted;
  scripted.mutable_scripted()->add_dice(3);
  scripted.mutable_scripted()->add_dice(6);
  scripted.mutable_scripted()->add_cards(v1::BLACK);
  const DiceSpec b = ToEngine(scripted);
  EXPECT_TRUE(b.scripted);
  EXPECT_THAT(b.faces, ::testing::ElementsAre(3, 6));
  ASSERT_EQ(b.cards.size(), 1u);
  EXPECT_EQ(b.cards[0], CardColor::kBlack);
}

TEST(ConvertTest, DiceSourceRoundTripKeepsEveryField) {
  v1::DiceSource in;
  int counter = 0;
  FillEveryField(&in, &counter);  // scripted: dice, cards and dice_of_kind
  ASSERT_EQ(in.scripted().dice_of_kind_size(), 2);
  v1::DiceSource out;
  ToProto(ToEngine(in), &out);
  EXPECT_TRUE(MessageDifferencer::Equals(in, out)) << in.DebugString() << out.DebugString();

  v1::DiceSource seeded;
  seeded.set_seed(987654321);
  ToProto(ToEngine(seeded), &out);
  EXPECT_TRUE(MessageDifferencer::Equals(seeded, out)) << out.DebugString();
}

TEST(ConvertTest, ScriptedDiceOfKind) {
  v1::DiceSource p;
  v1::ScriptedDice* s = p.mutable_scripted();
  const std::vector<std::pair<v1::DieKind, int>> dice = {
      {v1::AVERAGE, 4}, {v1::ARROW, 6}, {v1::D, 3}, {v1::DIE_KIND_UNSPECIFIED, 5}};
  for (const auto& [kind, face] : dice) {
    v1::ScriptedDie* die = s->add_dice_of_kind();
    die->set_kind(kind);
    die->set_face(face);
  }
  const DiceSpec spec = ToEngine(p);
  EXPECT_TRUE(spec.scripted);
  EXPECT_TRUE(spec.faces.empty());
  ASSERT_EQ(spec.of_kind.size(), 4u);
  EXPECT_EQ(spec.of_kind[0].kind, DieKind::kAverage);
  EXPECT_EQ(spec.of_kind[0].face, 4);
  EXPECT_EQ(spec.of_kind[1].kind, DieKind::kArrow);
  EXPECT_EQ(spec.of_kind[2].kind, DieKind::kD);
  EXPECT_EQ(spec.of_kind[3].kind, DieKind::kD);  // unspecified is read as D
  EXPECT_EQ(spec.of_kind[3].face, 5);

  // The engine rolls them in order, each as its kind.
  Dice rolled = spec.Make();
  EXPECT_EQ(rolled.RollAverage("morale test"), 4);
  EXPECT_EQ(rolled.RollArrow("rocket deviation"), 6);
  EXPECT_EQ(rolled.RollPool(2, 6, "inches").result, 8);
  EXPECT_TRUE(rolled.status().ok()) << rolled.status();
  rolled.RollAverage("one more");
  EXPECT_EQ(rolled.status().message(),
            "dice.scripted.dice_of_kind: ran out after 4 dice; at least 1 more needed (1 average "
            "die), the first for 'one more'");
}

TEST(ConvertTest, DieRollCarriesItsKind) {
  v1::DieRoll in;
  int counter = 0;
  FillEveryField(&in, &counter);
  v1::DieRoll out;
  ToProto(ToEngine(in), &out);
  EXPECT_TRUE(MessageDifferencer::Equals(in, out)) << in.DebugString() << out.DebugString();

  for (const auto& [engine, contract] :
       {std::pair{DieKind::kD, v1::D}, std::pair{DieKind::kAverage, v1::AVERAGE},
        std::pair{DieKind::kArrow, v1::ARROW}}) {
    DieRoll d;
    d.kind = engine;
    v1::DieRoll p;
    ToProto(d, &p);
    EXPECT_EQ(p.kind(), contract);  // set even for a plain dN
    EXPECT_EQ(ToEngine(p).kind, engine);
    EXPECT_EQ(ToEngine(contract), engine);
    EXPECT_EQ(ToProto(engine), contract);
  }
  EXPECT_EQ(ToEngine(v1::DIE_KIND_UNSPECIFIED), DieKind::kD);

  // A seeded average die reaches the contract as AVERAGE with its face.
  Dice dice = Dice::Seeded(3);
  const int face = dice.RollAverage("morale test");
  v1::DieRoll seeded;
  ToProto(dice.rolls().back(), &seeded);
  EXPECT_EQ(seeded.kind(), v1::AVERAGE);
  EXPECT_EQ(seeded.sides(), 6);
  ASSERT_EQ(seeded.faces_size(), 1);
  EXPECT_EQ(seeded.faces(0), face);
  EXPECT_EQ(seeded.purpose(), "morale test");
}

TEST(ConvertTest, PolicyUnspecifiedIsRules) {
  v1::Policy p;
  EXPECT_EQ(ToEngine(p).kind, PolicyKind::kRules);
  p.set_kind(v1::MCTS);
  p.set_iterations(500);
  p.set_milliseconds(250);
  p.set_threads(2);
  const PolicySpec s = ToEngine(p);
  EXPECT_EQ(s.kind, PolicyKind::kMcts);
  EXPECT_EQ(s.iterations, 500);
  EXPECT_EQ(s.milliseconds, 250);
  EXPECT_EQ(s.threads, 2);
}

// Every member of the rule set's question message (`member` of
// AskRequest.question) becomes a question of its own kind of rule set Q.
template <typename Q>
void ExpectEveryQuestionHasItsOwnKind(const std::string& member) {
  const google::protobuf::OneofDescriptor* question =
      v1::AskRequest::descriptor()->FindOneofByName("question");
  ASSERT_NE(question, nullptr);
  const FieldDescriptor* field = v1::AskRequest::descriptor()->FindFieldByName(member);
  ASSERT_NE(field, nullptr) << member;
  ASSERT_EQ(field->containing_oneof(), question) << member;
  const google::protobuf::OneofDescriptor* kind =
      field->message_type()->FindOneofByName("kind");
  ASSERT_NE(kind, nullptr) << member;
  std::set<int> kinds;
  for (int i = 0; i < kind->field_count(); ++i) {
    v1::AskRequest r;
    Message* m = r.GetReflection()->MutableMessage(&r, field);
    m->GetReflection()->MutableMessage(m, kind->field(i));
    absl::StatusOr<Question> q = QuestionFromProto(r, std::string(Q::kRuleset));
    ASSERT_TRUE(q.ok()) << q.status();
    const Q* mine = q->template As<Q>();
    ASSERT_NE(mine, nullptr) << kind->field(i)->name();
    EXPECT_NE(static_cast<int>(mine->kind), 0) << kind->field(i)->name();
    EXPECT_EQ(mine->Path(), member + "." + kind->field(i)->name());
    kinds.insert(static_cast<int>(mine->kind));
  }
  EXPECT_EQ(kinds.size(), static_cast<size_t>(kind->field_count()));
}

TEST(ConvertTest, EveryQuestionOfEachRuleSetHasItsOwnKind) {
  ExpectEveryQuestionHasItsOwnKind<tsatf::Question>("tsatf");
  ExpectEveryQuestionHasItsOwnKind<ferree::Question>("ferree");
}

TEST(ConvertTest, RoarksQuestionFields) {
  v1::AskRequest r;
  *r.mutable_state()->add_units() = v1::Unit();
  r.mutable_state()->mutable_units(0)->set_id("chard");
  v1::RoarksAimedFireQuestion* fire = r.mutable_roarks_drift()->mutable_aimed_fire();
  fire->mutable_from()->set_q(12);
  fire->mutable_from()->set_r(3);
  fire->mutable_target()->set_q(14);
  fire->mutable_target()->set_r(-2);
  absl::StatusOr<Question> q = QuestionFromProto(r, "ROARKS_DRIFT");
  ASSERT_TRUE(q.ok()) << q.status();
  const roarks::Question* mine = q->As<roarks::Question>();
  ASSERT_NE(mine, nullptr);
  EXPECT_EQ(mine->kind, roarks::QuestionKind::kAimedFire);
  EXPECT_EQ(mine->from, (HexCoord{12, 3}));
  EXPECT_EQ(mine->target, (HexCoord{14, -2}));
  EXPECT_EQ(mine->Path("from"), "roarks_drift.aimed_fire.from");
  r.mutable_roarks_drift()->mutable_volley()->set_lieutenant_id("chard");
  q = QuestionFromProto(r, "ROARKS_DRIFT");
  ASSERT_TRUE(q.ok()) << q.status();
  EXPECT_EQ(q->As<roarks::Question>()->unit_id, "chard");
  r.mutable_roarks_drift()->mutable_melee()->set_massed(true);
  q = QuestionFromProto(r, "ROARKS_DRIFT");
  ASSERT_TRUE(q.ok()) << q.status();
  EXPECT_TRUE(q->As<roarks::Question>()->massed);
  EXPECT_FALSE(q->As<roarks::Question>()->has_target);
  r.mutable_roarks_drift()->mutable_fire_spread()->set_room(8);
  q = QuestionFromProto(r, "ROARKS_DRIFT");
  ASSERT_TRUE(q.ok()) << q.status();
  EXPECT_EQ(q->As<roarks::Question>()->room, 8);
}

TEST(ConvertTest, AQuestionIsTheStatesRuleSets) {
  v1::AskRequest r;
  absl::StatusOr<Question> q = QuestionFromProto(r, "TSATF_ZULU_CONTROL");
  EXPECT_EQ(q.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(q.status().message(),
            "question: is required: the question of the state's rule set "
            "(one of tsatf, ferree, empress, next_decision, pagano, roarks_drift)");
  r.mutable_ferree()->mutable_activate()->set_unit_id("r1");
  q = QuestionFromProto(r, "TSATF_ZULU_CONTROL");
  EXPECT_EQ(q.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(q.status().message(),
            "ferree: is another rule set's question; a TSATF_ZULU_CONTROL state is asked "
            "{\"tsatf\": {...}}");
  q = QuestionFromProto(r, "FERREE_ISANDLWANA");
  ASSERT_TRUE(q.ok()) << q.status();
  ASSERT_NE(q->As<ferree::Question>(), nullptr);
  EXPECT_EQ(q->As<ferree::Question>()->unit_id, "r1");
  EXPECT_EQ(q->As<tsatf::Question>(), nullptr);
}

TEST(ConvertTest, QuestionFields) {
  v1::AskRequest r;
  auto read = [&r]() {
    absl::StatusOr<Question> q = QuestionFromProto(r, "TSATF_ZULU_CONTROL");
    EXPECT_TRUE(q.ok()) << q.status();
    const tsatf::Question* t = q.ok() ? q->As<tsatf::Question>() : nullptr;
    return t != nullptr ? *t : tsatf::Question{};
  };
  v1::TsatfQuestion& t = *r.mutable_tsatf();
  t.mutable_temptation()->set_unit_id("z1");
  t.mutable_temptation()->set_tempting_unit_id("b2");
  tsatf::Question q = read();
  EXPECT_EQ(q.kind, tsatf::QuestionKind::kTemptation);
  EXPECT_EQ(q.unit_id, "z1");
  EXPECT_EQ(q.other_unit_id, "b2");

  t.mutable_lone_zulu()->set_unit_id("z4");
  t.mutable_lone_zulu()->set_event(v1::FIRED_AT_HIT);
  t.mutable_lone_zulu()->set_british_unit_id("b1");
  q = read();
  EXPECT_EQ(q.kind, tsatf::QuestionKind::kLoneZulu);
  EXPECT_EQ(q.lone_zulu_event, tsatf::LoneZuluEvent::kFiredAtHit);
  EXPECT_EQ(q.other_unit_id, "b1");

  t.mutable_impi_creation()->set_special(true);
  t.mutable_impi_creation()->set_appearance_point(4);
  q = read();
  EXPECT_EQ(q.kind, tsatf::QuestionKind::kImpiCreation);
  EXPECT_TRUE(q.special);
  EXPECT_EQ(q.point, 4);
  EXPECT_FALSE(q.has_at);

  t.mutable_impi_creation()->Clear();
  t.mutable_impi_creation()->mutable_at()->set_x(5);
  t.mutable_impi_creation()->mutable_at()->set_y(7.5);
  q = read();
  EXPECT_TRUE(q.has_at);
  EXPECT_EQ(q.at, Vec2(5, 7.5));

  t.mutable_move_test()->set_perimeter_point(9);
  q = read();
  EXPECT_EQ(q.kind, tsatf::QuestionKind::kMoveTest);
  EXPECT_EQ(q.perimeter_point, 9);

  t.mutable_on_field()->set_point(3);
  q = read();
  EXPECT_EQ(q.kind, tsatf::QuestionKind::kOnField);
  EXPECT_EQ(q.point, 3);

  t.mutable_test_to_stand()->set_unit_id("z2");
  t.mutable_test_to_stand()->set_charger_id("b3");
  q = read();
  EXPECT_EQ(q.kind, tsatf::QuestionKind::kTestToStand);
  EXPECT_EQ(q.unit_id, "z2");
  EXPECT_EQ(q.other_unit_id, "b3");

  r.mutable_tsatf()->mutable_lone_zulu()->set_event(static_cast<v1::LoneZuluEvent>(9));
  absl::StatusOr<Question> bad = QuestionFromProto(r, "TSATF_ZULU_CONTROL");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(bad.status().message(), "tsatf.lone_zulu.event: 9 is not a valid LoneZuluEvent");
}

Event SampleEvent() {
  Event e;
  e.seq = 4;
  e.kind = EventKind::kHandAssigned;
  e.side = Side::kZulu;
  e.unit_ids = {"z1"};
  e.point = 7;
  e.point_kind = PointKind::kPerimeter;
  e.target_id = "b2";
  e.path = {Vec2(1, 2), Vec2(3, 4)};
  e.why.rule = {"003_8a310c3200cb6fb0.txt", "HAND", "HAND", "4,5,6 = Right handed", false};
  DieRoll d;
  d.index = 2;
  d.purpose = "HAND of impi z1";
  d.sides = 6;
  d.faces = {5};
  d.result = 5;
  d.total = 5;
  d.Modify("+1: test", 1);
  e.why.dice = {d};
  e.why.text = "rolled 5: right handed";
  e.announce = "The impi veers right";
  e.alternatives = {{"left", "the die said right"}};
  e.decision = true;
  return e;
}

TEST(ConvertTest, EventCarriesTheStatesRuleset) {
  v1::Event out;
  ToProto(SampleEvent(), v1::TSATF_ZULU_CONTROL, &out);
  EXPECT_EQ(out.seq(), 4);
  EXPECT_EQ(out.kind(), v1::HAND_ASSIGNED);
  EXPECT_EQ(out.side(), v1::ZULU);
  EXPECT_EQ(out.point_kind(), v1::PERIMETER);
  ASSERT_EQ(out.path_size(), 2);
  EXPECT_EQ(out.path(1).y(), 4);
  EXPECT_EQ(out.why().rule().ruleset(), v1::TSATF_ZULU_CONTROL);
  EXPECT_EQ(out.why().rule().row(), "4,5,6 = Right handed");
  ASSERT_EQ(out.why().dice_size(), 1);
  EXPECT_EQ(out.why().dice(0).index(), 2);
  EXPECT_EQ(out.why().dice(0).total(), 6);
  EXPECT_EQ(out.why().dice(0).modifiers(0).reason(), "+1: test");
  EXPECT_FALSE(out.why().has_search());  // no search chose this
  EXPECT_EQ(out.alternatives(0).why_not(), "the die said right");
  EXPECT_TRUE(out.decision());

  Event plain;
  plain.kind = EventKind::kTurnStarted;
  v1::Event p;
  ToProto(plain, v1::TSATF_ZULU_CONTROL, &p);
  EXPECT_FALSE(p.has_why());

  Event searched = SampleEvent();
  searched.why.search.iterations = 800;
  searched.why.search.threads = 2;
  ToProto(searched, v1::TSATF_ZULU_CONTROL, &p);
  EXPECT_EQ(p.why().search().iterations(), 800);
}

TEST(ConvertTest, AskAnswerPicksTheDecisionEvent) {
  StepResult r;
  r.state = ToEngine(testing::TsatfState());
  Event first;
  first.seq = 0;
  first.kind = EventKind::kTurnStarted;
  r.events = {first, SampleEvent()};
  r.decision = 1;
  r.dice = SampleEvent().why.dice;
  v1::AskResponse out;
  StepResultToProto(r, &out);
  EXPECT_EQ(out.decision().kind(), v1::HAND_ASSIGNED);
  EXPECT_EQ(out.events_size(), 2);
  EXPECT_EQ(out.dice_size(), 1);
  EXPECT_EQ(out.state().ruleset(), v1::TSATF_ZULU_CONTROL);
  EXPECT_EQ(out.events(1).why().rule().ruleset(), v1::TSATF_ZULU_CONTROL);
}

TEST(ConvertTest, Awaiting) {
  Awaiting a;
  a.side = Side::kBritish;
  a.kind = AwaitKind::kBritishFire;
  a.prompt = "Red card: fire";
  a.units_may_move = -1;
  a.unit_ids = {"b1", "b2"};
  v1::Awaiting out;
  ToProto(a, &out);
  EXPECT_EQ(out.side(), v1::BRITISH);
  EXPECT_EQ(out.kind(), v1::BRITISH_FIRE);
  EXPECT_EQ(out.units_may_move(), -1);
  EXPECT_EQ(out.unit_ids_size(), 2);
}

TEST(ConvertTest, DescribeListsEveryRulesetWithItsStatus) {
  v1::DescribeResponse d;
  FillDescribe("9.9.9", 12345, &d);
  EXPECT_EQ(d.version(), "9.9.9");
  EXPECT_EQ(d.max_units(), kMaxUnits);
  EXPECT_EQ(d.max_terrain_vertices(), kMaxTerrainVertices);
  EXPECT_EQ(d.max_message_bytes(), 12345);
  int known = 0;
  for (const Ruleset* rules : AllRulesets()) {
    const v1::Ruleset id = RulesetFromName(std::string(rules->id()));
    if (id == v1::RULESET_UNSPECIFIED) continue;
    ++known;
    bool found = false;
    for (const v1::RulesetInfo& info : d.rulesets()) {
      if (info.ruleset() != id) continue;
      found = true;
      EXPECT_EQ(info.status(), rules->status());
      EXPECT_EQ(info.source(), rules->source());
      EXPECT_EQ(info.title(), rules->title());
      EXPECT_NE(info.title(), info.ruleset_id()) << "every rule set of the contract names itself for a reader";
    }
    EXPECT_TRUE(found) << rules->id();
  }
  EXPECT_GT(known, 0);
  // Every rule set of the contract is listed; those without an engine yet are
  // "planned".
  EXPECT_EQ(d.rulesets_size(), v1::Ruleset_descriptor()->value_count() - 1);
  for (const v1::RulesetInfo& info : d.rulesets()) {
    if (FindRuleset(v1::Ruleset_Name(info.ruleset())) == nullptr) {
      EXPECT_EQ(info.status(), "planned") << v1::Ruleset_Name(info.ruleset());
    }
  }
}

TEST(ConvertTest, StatusCodesMapOneToOne) {
  for (int code = 1; code <= 16; ++code) {
    const absl::Status s(static_cast<absl::StatusCode>(code), "state.units[0]: why");
    const grpc::Status g = ToGrpcStatus(s);
    EXPECT_EQ(static_cast<int>(g.error_code()), code);
    EXPECT_EQ(g.error_message(), "state.units[0]: why");
  }
  EXPECT_TRUE(ToGrpcStatus(absl::OkStatus()).ok());
}

}  // namespace
}  // namespace impi::service
