#include "clients/cli/explain.h"

#include <string>

#include "gtest/gtest.h"

namespace impi::cli {
namespace {

v1::DieRoll D6(int face, int index = 0) {
  v1::DieRoll d;
  d.set_index(index);
  d.set_sides(6);
  d.set_count(1);
  d.add_faces(face);
  d.set_result(face);
  d.set_total(face);
  return d;
}

v1::Event TableEdgeRoll() {
  v1::Event e;
  e.set_seq(12);
  e.set_kind(v1::TABLE_ROLL);
  e.set_side(v1::ZULU);
  v1::RuleRef* rule = e.mutable_why()->mutable_rule();
  rule->set_source("003_8a310c3200cb6fb0.txt");
  rule->set_section("AT START OF TURN");
  rule->set_table("RANDOM CHANCE FROM TABLE EDGE");
  rule->set_row("5,6 = Create Impi");
  v1::DieRoll* die = e.mutable_why()->add_dice();
  *die = D6(5, 3);
  die->set_purpose("RANDOM CHANCE FROM TABLE EDGE");
  v1::Modifier* m = die->add_modifiers();
  m->set_reason("only 2 impis");
  m->set_value(1);
  die->set_total(6);
  return e;
}

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

TEST(DescribeDieTest, SingleDieWithoutModifiers) { EXPECT_EQ(DescribeDie(D6(4)), "D6 rolled 4"); }

TEST(DescribeDieTest, ModifiersAreListedWithSignAndTotal) {
  v1::DieRoll d = D6(1);
  v1::Modifier* a = d.add_modifiers();
  a->set_reason("8 or more in the pool");
  a->set_value(1);
  v1::Modifier* b = d.add_modifiers();
  b->set_reason("first impi");
  b->set_value(-1);
  d.set_total(1);
  EXPECT_EQ(DescribeDie(d), "D6 rolled 1 (+1 8 or more in the pool, -1 first impi) = 1");
}

TEST(DescribeDieTest, ReasonThatCarriesItsValueIsNotPrefixedAgain) {
  v1::DieRoll d = D6(4);
  v1::Modifier* m = d.add_modifiers();
  m->set_reason("+2: only 1 impi on board or marked to come on");
  m->set_value(2);
  v1::Modifier* n = d.add_modifiers();
  n->set_reason("-1 first impi");
  n->set_value(-1);
  d.set_total(5);
  EXPECT_EQ(DescribeDie(d),
            "D6 rolled 4 (+2: only 1 impi on board or marked to come on, -1 first impi) = 5");
}

TEST(DescribeDieTest, PoolShowsEachFaceAndTheSum) {
  v1::DieRoll d;
  d.set_sides(6);
  d.set_count(3);
  d.add_faces(4);
  d.add_faces(2);
  d.add_faces(6);
  d.set_result(12);
  d.set_total(12);
  EXPECT_EQ(DescribeDie(d), "3D6 rolled 4+2+6 = 12");
}

TEST(DescribeDieTest, D10) {
  v1::DieRoll d = D6(7);
  d.set_sides(10);
  EXPECT_EQ(DescribeDie(d), "D10 rolled 7");
}

TEST(DescribeDieTest, AverageAndArrowDiceAreNamed) {
  v1::DieRoll average = D6(4);
  average.set_kind(v1::AVERAGE);
  average.add_modifiers()->set_reason("-2: second morale test in a row");
  average.mutable_modifiers(0)->set_value(-2);
  average.set_total(2);
  EXPECT_EQ(DescribeDie(average),
            "average die rolled 4 (-2: second morale test in a row) = 2");
  v1::DieRoll arrow = D6(3);
  arrow.set_kind(v1::ARROW);
  EXPECT_EQ(DescribeDie(arrow), "arrow die rolled 3 (4 o'clock)");
  arrow = D6(1);
  arrow.set_kind(v1::ARROW);
  EXPECT_EQ(DescribeDie(arrow), "arrow die rolled 1 (12 o'clock)");
  v1::DieRoll plain = D6(5);
  plain.set_kind(v1::D);
  EXPECT_EQ(DescribeDie(plain), "D6 rolled 5");
}

TEST(ExplainEventTest, HeadlineNamesTableDiceAndRow) {
  const std::string text = ExplainEvent(TableEdgeRoll());
  EXPECT_EQ(FirstLine(text),
            "[12] TABLE_ROLL  RANDOM CHANCE FROM TABLE EDGE: D6 rolled 5 (+1 only 2 impis) = 6 "
            "-> 5,6 = Create Impi");
  // The section differs from the table: it is named with its source.
  EXPECT_NE(text.find("rule: AT START OF TURN (003_8a310c3200cb6fb0.txt)"), std::string::npos);
}

TEST(ExplainEventTest, AnnounceIsQuotedAndFactsListed) {
  v1::Event e = TableEdgeRoll();
  e.set_announce("A Zulu force will enter at perimeter point 4 next turn.");
  e.add_unit_ids("z1");
  e.add_unit_ids("z2");
  e.set_target_id("b2");
  e.set_point(4);
  e.set_point_kind(v1::PERIMETER);
  e.mutable_why()->set_text("Two impis on the table: +1.");
  const std::string text = ExplainEvent(e);
  EXPECT_NE(text.find("announce: \"A Zulu force will enter at perimeter point 4 next turn.\""),
            std::string::npos);
  EXPECT_NE(text.find("ZULU, units z1 z2, target b2, perimeter point 4"), std::string::npos);
  EXPECT_NE(text.find("Two impis on the table: +1."), std::string::npos);
}

TEST(ExplainEventTest, SeveralDiceAreListedWithTheirPurpose) {
  v1::Event e = TableEdgeRoll();
  v1::DieRoll* second = e.mutable_why()->add_dice();
  *second = D6(1, 4);
  second->set_purpose("re-roll: two skirmishing regiments already");
  const std::string text = ExplainEvent(e);
  EXPECT_NE(FirstLine(text).find("D6 rolled 5 (+1 only 2 impis) = 6; D6 rolled 1"),
            std::string::npos);
  EXPECT_NE(text.find("die #4 re-roll: two skirmishing regiments already: D6 rolled 1"),
            std::string::npos);
}

TEST(ExplainEventTest, TagsForDecisionDesignedAndUmpireOnly) {
  v1::Event e = TableEdgeRoll();
  e.set_decision(true);
  e.set_umpire_only(true);
  e.mutable_why()->mutable_rule()->set_designed(true);
  const std::string head = FirstLine(ExplainEvent(e));
  EXPECT_NE(head.find("[decision]"), std::string::npos);
  EXPECT_NE(head.find("[designed table]"), std::string::npos);
  EXPECT_NE(head.find("[umpire only]"), std::string::npos);
  EXPECT_EQ(FirstLine(ExplainEvent(TableEdgeRoll())).find("[umpire only]"), std::string::npos);
}

TEST(ExplainEventTest, EventWithOnlyTextPutsItInTheHeadline) {
  v1::Event e;
  e.set_seq(1);
  e.set_kind(v1::TURN_STARTED);
  e.mutable_why()->set_text("Turn 3 begins.");
  EXPECT_EQ(ExplainEvent(e), "[1] TURN_STARTED  Turn 3 begins.\n");
}

TEST(ExplainEventTest, SideAloneIsNotAFactLine) {
  v1::Event e;
  e.set_seq(4);
  e.set_kind(v1::CARD_DRAWN);
  e.set_side(v1::ZULU);
  e.set_announce("Black card (Zulu move), 1 of 3.");
  EXPECT_EQ(ExplainEvent(e),
            "[4] CARD_DRAWN\n     announce: \"Black card (Zulu move), 1 of 3.\"\n");
}

TEST(ExplainEventTest, PathAndAlternatives) {
  v1::Event e;
  e.set_seq(7);
  e.set_kind(v1::MOVED);
  v1::Vec2* a = e.add_path();
  a->set_x(36);
  a->set_y(48);
  v1::Vec2* b = e.add_path();
  b->set_x(35.25);
  b->set_y(37.5);
  v1::Alternative* alt = e.add_alternatives();
  alt->set_description("go round the kopje to the right");
  alt->set_why_not("the impi is left-handed");
  const std::string text = ExplainEvent(e);
  EXPECT_NE(text.find("path (36, 48) -> (35.2, 37.5)"), std::string::npos) << text;
  EXPECT_NE(text.find("not chosen: go round the kopje to the right (the impi is left-handed)"),
            std::string::npos);
}

TEST(ExplainAdvanceTest, EventsThenStateThenAwaitingPrompt) {
  v1::AdvanceResponse r;
  *r.add_events() = TableEdgeRoll();
  *r.add_dice() = D6(5);
  v1::TableState* s = r.mutable_state();
  s->set_ruleset(v1::TSATF_ZULU_CONTROL);
  s->mutable_clock()->set_turn(3);
  s->mutable_clock()->set_phase(v1::MOVEMENT);
  s->mutable_tsatf()->set_force_pool(20);
  s->mutable_tsatf()->set_committed(4);
  s->mutable_tsatf()->set_scenario_total(24);
  v1::Unit* z = s->add_units();
  z->set_side(v1::ZULU);
  z->mutable_figures()->set_fit(20);
  v1::Unit* b = s->add_units();
  b->set_side(v1::BRITISH);
  r.mutable_awaiting()->set_side(v1::BRITISH);
  r.mutable_awaiting()->set_kind(v1::BRITISH_MOVE);
  r.mutable_awaiting()->set_prompt("Red card 1 of 3: move British units, then PASS");
  r.mutable_awaiting()->set_units_may_move(-1);
  r.mutable_awaiting()->add_unit_ids("b1");
  const std::string text = ExplainAdvance(r);
  const size_t event = text.find("[12] TABLE_ROLL");
  const size_t table = text.find(
      "table: turn 3 MOVEMENT; 1 British units on the table; 1 Zulu "
      "units (20 fit figures) on the table; force pool 20, committed "
      "4 of 24, impis created 0");
  const size_t awaiting =
      text.find("awaiting BRITISH BRITISH_MOVE: Red card 1 of 3: move British units, then PASS\n");
  ASSERT_NE(event, std::string::npos);
  ASSERT_NE(table, std::string::npos) << text;
  ASSERT_NE(awaiting, std::string::npos) << text;
  EXPECT_LT(event, table);
  EXPECT_LT(table, awaiting);
  EXPECT_NE(text.find("dice rolled: 1"), std::string::npos);
  EXPECT_NE(text.find("units that may act: b1"), std::string::npos);
  EXPECT_EQ(text.find("units may move"), std::string::npos);  // -1: no limit
}

TEST(ExplainAwaitingTest, MovementLimitationIsShown) {
  v1::Awaiting a;
  a.set_side(v1::BRITISH);
  a.set_kind(v1::BRITISH_MOVE);
  a.set_units_may_move(3);
  EXPECT_EQ(ExplainAwaiting(a), "awaiting BRITISH BRITISH_MOVE\n     up to 3 units may move\n");
}

TEST(ExplainAskTest, NamesTheDecision) {
  v1::AskResponse r;
  v1::Event hand;
  hand.set_seq(2);
  hand.set_kind(v1::HAND_ASSIGNED);
  hand.set_decision(true);
  hand.mutable_why()->mutable_rule()->set_section("HAND");
  hand.mutable_why()->mutable_rule()->set_row("4,5,6 = Right handed");
  *hand.mutable_why()->add_dice() = D6(4);
  *r.add_events() = hand;
  *r.mutable_decision() = hand;
  const std::string text = ExplainAsk(r);
  EXPECT_NE(text.find("[2] HAND_ASSIGNED  HAND: D6 rolled 4 -> 4,5,6 = Right handed  [decision]"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("decision: [2] HAND_ASSIGNED -> 4,5,6 = Right handed\n"), std::string::npos);
}

TEST(SummarizeStateTest, UnsetClockReadsAsTurnOneStart) {
  v1::TableState s;
  EXPECT_EQ(SummarizeState(s),
            "table: turn 1 START_OF_TURN; 0 British units on the table; 0 Zulu units (0 fit "
            "figures) on the table\n");
}

TEST(SummarizeStateTest, OffTableUnitsAndMarkersCount) {
  v1::TableState s;
  v1::Unit* off = s.add_units();
  off->set_side(v1::ZULU);
  off->set_off_table(true);
  off->mutable_figures()->set_fit(20);
  v1::Point* p = s.add_points();
  p->set_marker(v1::NEXT_TURN);
  EXPECT_EQ(SummarizeState(s),
            "table: turn 1 START_OF_TURN; 0 British units on the table; 0 Zulu units (0 fit "
            "figures) on the table; 1 entry markers\n");
}

}  // namespace
}  // namespace impi::cli
