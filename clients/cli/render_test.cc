// `impi render`: the SVG of every built-in scenario, and of states a few
// steps into play (Zulus on the table, moves in the events), is well-formed
// XML (checked by the strict little parser below) and draws every unit of
// the state; the arena chart carries the Wilson intervals. Built only with
// impi_service (the states in play come from the engine through the
// service's conversion).
#include "clients/cli/render.h"

#include <cctype>
#include <cstdio>
#include <map>
#include <optional>
#include <tuple>
#include <set>
#include <sstream>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ai/arena/arena.h"
#include "clients/cli/commands.h"
#include "clients/cli/request_io.h"
#include "engine/game/hex_picture.h"
#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"
#include "engine/game/wire.h"
#include "engine/scenarios/embedded.h"
#include "gtest/gtest.h"
#include "impi/v1/roarks_drift.pb.h"
#include "service/convert.h"

namespace impi::cli {
namespace {

// A strict check of XML 1.0 well-formedness for what the renderer writes:
// one root element, every tag closed in order, attributes quoted and unique,
// only the five predefined entities or character references, no '<' or
// bare '&' in text. Collects each element's attributes.
struct XmlDoc {
  std::string error;  // empty: well-formed
  std::string root;
  std::vector<std::map<std::string, std::string>> elements;  // attributes, with "<name>" = tag
};

class XmlChecker {
 public:
  explicit XmlChecker(const std::string& text) : s_(text) {}

  XmlDoc Parse() {
    XmlDoc doc;
    if (s_.compare(0, 5, "<?xml") == 0) {
      const size_t end = s_.find("?>");
      if (end == std::string::npos) return Fail(doc, "unterminated XML declaration");
      i_ = end + 2;
    }
    std::vector<std::string> open;
    bool seen_root = false;
    while (i_ < s_.size()) {
      if (s_[i_] != '<') {
        const size_t next = s_.find('<', i_);
        const std::string text = s_.substr(i_, next == std::string::npos ? std::string::npos : next - i_);
        if (open.empty() && text.find_first_not_of(" \t\r\n") != std::string::npos) {
          return Fail(doc, "text outside the root element");
        }
        if (!CheckEntities(text)) return Fail(doc, "bad entity in text: " + text.substr(0, 40));
        if (next == std::string::npos) break;
        i_ = next;
        continue;
      }
      if (s_.compare(i_, 4, "<!--") == 0) {
        const size_t end = s_.find("-->", i_);
        if (end == std::string::npos) return Fail(doc, "unterminated comment");
        i_ = end + 3;
        continue;
      }
      if (s_.compare(i_, 2, "</") == 0) {
        i_ += 2;
        const std::string name = Name();
        SkipSpace();
        if (name.empty() || i_ >= s_.size() || s_[i_] != '>') return Fail(doc, "bad end tag");
        ++i_;
        if (open.empty() || open.back() != name) return Fail(doc, "mismatched </" + name + ">");
        open.pop_back();
        continue;
      }
      ++i_;
      const std::string name = Name();
      if (name.empty()) return Fail(doc, "bad start tag at " + std::to_string(i_));
      if (open.empty()) {
        if (seen_root) return Fail(doc, "a second root element <" + name + ">");
        seen_root = true;
        doc.root = name;
      }
      std::map<std::string, std::string> attrs;
      attrs["<name>"] = name;
      bool self_closing = false;
      while (true) {
        SkipSpace();
        if (i_ >= s_.size()) return Fail(doc, "unterminated tag <" + name);
        if (s_[i_] == '>') {
          ++i_;
          break;
        }
        if (s_.compare(i_, 2, "/>") == 0) {
          i_ += 2;
          self_closing = true;
          break;
        }
        const std::string attr = Name();
        if (attr.empty()) return Fail(doc, "bad attribute in <" + name);
        SkipSpace();
        if (i_ >= s_.size() || s_[i_] != '=') return Fail(doc, "attribute without = in <" + name);
        ++i_;
        SkipSpace();
        if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\'')) {
          return Fail(doc, "unquoted attribute " + attr);
        }
        const char quote = s_[i_++];
        const size_t end = s_.find(quote, i_);
        if (end == std::string::npos) return Fail(doc, "unterminated attribute " + attr);
        const std::string value = s_.substr(i_, end - i_);
        if (value.find('<') != std::string::npos || !CheckEntities(value)) {
          return Fail(doc, "bad attribute value " + attr + "=" + value);
        }
        if (!attrs.emplace(attr, Unescape(value)).second) {
          return Fail(doc, "attribute " + attr + " twice in <" + name);
        }
        i_ = end + 1;
      }
      doc.elements.push_back(attrs);
      if (!self_closing) open.push_back(name);
    }
    if (!seen_root) return Fail(doc, "no root element");
    if (!open.empty()) return Fail(doc, "unclosed <" + open.back() + ">");
    return doc;
  }

 private:
  XmlDoc& Fail(XmlDoc& doc, const std::string& why) {
    doc.error = why;
    return doc;
  }
  std::string Name() {
    const size_t start = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '-' ||
                              s_[i_] == '_' || s_[i_] == ':' || s_[i_] == '.')) {
      ++i_;
    }
    return s_.substr(start, i_ - start);
  }
  void SkipSpace() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  static bool CheckEntities(const std::string& text) {
    for (size_t k = text.find('&'); k != std::string::npos; k = text.find('&', k + 1)) {
      const size_t semi = text.find(';', k);
      if (semi == std::string::npos) return false;
      const std::string e = text.substr(k + 1, semi - k - 1);
      if (e != "amp" && e != "lt" && e != "gt" && e != "quot" && e != "apos" &&
          !(e.size() > 1 && e[0] == '#')) {
        return false;
      }
    }
    return true;
  }
  static std::string Unescape(std::string v) {
    const std::pair<const char*, const char*> entities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
    for (const auto& [from, to] : entities) {
      for (size_t k = v.find(from); k != std::string::npos; k = v.find(from, k + 1)) {
        v.replace(k, std::string(from).size(), to);
      }
    }
    return v;
  }

  const std::string& s_;
  size_t i_ = 0;
};

// The data-unit-id of every element that has one.
std::set<std::string> DrawnUnits(const XmlDoc& doc) {
  std::set<std::string> ids;
  for (const auto& e : doc.elements) {
    auto it = e.find("data-unit-id");
    if (it != e.end()) ids.insert(it->second);
  }
  return ids;
}

// Renders `state` (both views) and checks the SVG.
void ExpectGoodSvg(const v1::TableState& state, const std::vector<v1::Event>& events,
                   const std::string& what) {
  for (bool reveal : {false, true}) {
    RenderOptions options;
    options.reveal = reveal;
    options.events = events;
    const std::string svg = RenderTableSvg(state, options);
    const XmlDoc doc = XmlChecker(svg).Parse();
    ASSERT_EQ(doc.error, "") << what << (reveal ? " (reveal)" : "");
    EXPECT_EQ(doc.root, "svg") << what;
    const std::set<std::string> drawn = DrawnUnits(doc);
    std::set<std::string> groups;
    for (const auto& e : doc.elements) {
      if (e.count("data-group-id")) groups.insert(e.at("data-group-id"));
    }
    for (const v1::Unit& u : state.units()) {
      EXPECT_TRUE(drawn.count(u.id()) > 0 || groups.count(u.id()) > 0)
          << what << ": unit " << u.id() << " is not in the picture";
    }
    // A hex board's size is its grid's; a table's its inches.
    if (state.table().hex_columns() > 0) {
      EXPECT_NE(svg.find(absl::StrCat("data-hex-columns=\"", state.table().hex_columns(), "\"")),
                std::string::npos)
          << what;
    } else {
      EXPECT_NE(svg.find(absl::StrCat("data-table-width=\"", absl::StrFormat("%.2f", state.table().width()))),
                std::string::npos)
          << what;
    }
  }
}

// One Advance through the engine and the service's conversion.
v1::AdvanceResponse Advance(const v1::AdvanceRequest& request) {
  v1::AdvanceResponse response;
  absl::StatusOr<service::AdvanceInput> in = service::AdvanceFromProto(request);
  EXPECT_TRUE(in.ok()) << in.status();
  if (!in.ok()) return response;
  absl::StatusOr<StepResult> r = RunAdvance(in->state, in->british, in->policy, in->dice);
  EXPECT_TRUE(r.ok()) << r.status();
  if (r.ok()) service::StepResultToProto(*r, &response);
  return response;
}

TEST(RenderTest, EveryBuiltInScenarioIsWellFormedWithEveryUnit) {
  for (const scenarios::EmbeddedScenario& s : scenarios::AllScenarios()) {
    absl::StatusOr<v1::TableState> state = LoadScenario(s.name);
    ASSERT_TRUE(state.ok()) << state.status();
    ASSERT_GT(state->units_size(), 0) << s.name;
    ExpectGoodSvg(*state, {}, s.name);
  }
}

// The patrol a few steps in: the Natal Mounted Police ride up to the donga
// head (appearance point 7), then the British pass card after card, so that
// Zulus appear, get a hand and a target, and move.
TEST(RenderTest, PatrolInPlayDrawsZulusGroupsAndMoves) {
  absl::StatusOr<v1::TableState> start = LoadScenario("tsatf");
  ASSERT_TRUE(start.ok());
  int zulus_seen = 0, moves_seen = 0, groups_seen = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    v1::AdvanceResponse answer = Advance(WrapState(*start, seed));
    for (int step = 0; step < 8 && answer.awaiting().kind() != v1::GAME_ENDED; ++step) {
      v1::AdvanceRequest next = WrapState(answer.state(), seed * 100 + step);
      if (step == 0) {
        v1::Action* move = next.add_british_actions();
        move->set_kind(v1::MOVE);
        move->set_unit_id("b6");
        move->mutable_to()->set_x(22);
        move->mutable_to()->set_y(13);
      }
      next.add_british_actions()->set_kind(v1::PASS);
      answer = Advance(next);
      ASSERT_TRUE(answer.has_state()) << "seed " << seed << " step " << step;
      std::vector<v1::Event> events(answer.events().begin(), answer.events().end());
      ExpectGoodSvg(answer.state(), events, absl::StrCat("patrol seed ", seed, " step ", step));
      RenderOptions reveal;
      reveal.reveal = true;
      reveal.events = events;
      const std::string svg = RenderTableSvg(answer.state(), reveal);
      for (const v1::Unit& u : answer.state().units()) zulus_seen += u.side() == v1::ZULU;
      if (svg.find("class=\"move\"") != std::string::npos) ++moves_seen;
      if (svg.find("class=\"group\"") != std::string::npos) ++groups_seen;
    }
  }
  EXPECT_GT(zulus_seen, 0) << "no Zulus came on in four games of eight cards";
  EXPECT_GT(moves_seen, 0);
  EXPECT_GT(groups_seen, 0);
}

// Isandlwana a few steps in (the active British unit passing each time).
TEST(RenderTest, IsandlwanaInPlayIsWellFormed) {
  absl::StatusOr<v1::TableState> start = LoadScenario("isandlwana");
  ASSERT_TRUE(start.ok());
  v1::AdvanceResponse answer = Advance(WrapState(*start, 7));
  ASSERT_TRUE(answer.has_state());
  ExpectGoodSvg(answer.state(), {answer.events().begin(), answer.events().end()}, "isandlwana 0");
  for (int step = 1; step <= 6 && answer.awaiting().kind() != v1::GAME_ENDED; ++step) {
    v1::AdvanceRequest next = WrapState(answer.state(), 7 + step);
    v1::Action* pass = next.add_british_actions();
    pass->set_kind(v1::PASS);
    // An activation names the active unit.
    if (answer.awaiting().unit_ids_size() > 0) pass->set_unit_id(answer.awaiting().unit_ids(0));
    answer = Advance(next);
    ASSERT_TRUE(answer.has_state()) << "step " << step;
    ExpectGoodSvg(answer.state(), {answer.events().begin(), answer.events().end()},
                  absl::StrCat("isandlwana ", step));
  }
}

// A small Zulu Control table: an impi (z1) of one regiment (z1r1), in close
// combat with b1, right-handed and going for b1; a hidden appearance point
// and a perimeter point marked for skirmishers next turn.
v1::TableState SmallTable() {
  v1::TableState state;
  state.set_ruleset(v1::TSATF_ZULU_CONTROL);
  state.mutable_table()->set_width(24);
  state.mutable_table()->set_height(24);
  auto add = [&state](const std::string& id, v1::Side side, v1::UnitKind kind, double x, double y,
                      const std::string& parent) {
    v1::Unit* u = state.add_units();
    u->set_id(id);
    u->set_side(side);
    u->set_kind(kind);
    u->mutable_position()->set_x(x);
    u->mutable_position()->set_y(y);
    u->set_parent(parent);
    u->mutable_figures()->set_fit(20);
    return u;
  };
  add("b1", v1::BRITISH, v1::INFANTRY, 10, 10, "")->mutable_status()->set_in_close_combat(true);
  add("b2", v1::BRITISH, v1::INFANTRY, 20, 20, "")->mutable_status()->set_in_close_combat(true);
  add("z1", v1::ZULU, v1::IMPI, 0, 0, "");
  add("z1r1", v1::ZULU, v1::REGIMENT, 11, 11, "z1")->mutable_status()->set_in_close_combat(true);
  v1::TsatfUnit* book = state.mutable_tsatf()->add_units();
  book->set_unit_id("z1");
  book->set_hand(v1::RIGHT);
  book->set_target_id("b1");
  v1::Point* hidden = state.add_points();
  hidden->set_kind(v1::APPEARANCE);
  hidden->set_number(3);
  hidden->set_hidden(true);
  v1::Point* marked = state.add_points();
  marked->set_kind(v1::PERIMETER);
  marked->set_number(5);
  marked->set_marker(v1::NEXT_TURN);
  marked->set_marked_force(v1::FORCE_SKIRMISHERS);
  return state;
}

TEST(RenderTest, CloseCombatIsDrawnBetweenTheUnitsInContact) {
  const XmlDoc doc = XmlChecker(RenderTableSvg(SmallTable(), RenderOptions{})).Parse();
  ASSERT_EQ(doc.error, "");
  std::vector<std::pair<std::string, std::string>> fights;
  for (const auto& e : doc.elements) {
    if (e.count("data-british")) fights.emplace_back(e.at("data-british"), e.at("data-zulu"));
  }
  // b2 is in close combat too, but 12" away from z1r1: not its fight.
  EXPECT_EQ(fights, (std::vector<std::pair<std::string, std::string>>{{"b1", "z1r1"}}));
}

// Close combat among many units in and out of reach (a grid 2" apart):
// every pair within 3" and no other, in the units' order, as the plain
// every-British-against-every-Zulu reading finds them.
TEST(RenderTest, CloseCombatLinesAreEveryPairInReachInTheUnitsOrder) {
  v1::TableState state;
  for (int i = 0; i < 200; ++i) {
    v1::Unit* u = state.add_units();
    const bool zulu = i % 3 == 0;
    u->set_id((zulu ? "z" : "b") + std::to_string(i));
    u->set_side(zulu ? v1::ZULU : v1::BRITISH);
    u->set_kind(zulu ? v1::REGIMENT : v1::INFANTRY);
    u->mutable_position()->set_x(2.0 * (i % 15) + 0.3 * (i % 4));
    u->mutable_position()->set_y(2.0 * (i / 15));
    u->mutable_status()->set_in_close_combat(i % 7 != 0);
  }
  std::vector<std::pair<std::string, std::string>> expected;
  for (const v1::Unit& a : state.units()) {
    if (a.side() != v1::BRITISH || !a.status().in_close_combat()) continue;
    for (const v1::Unit& z : state.units()) {
      if (z.side() != v1::ZULU || !z.status().in_close_combat()) continue;
      if (std::hypot(a.position().x() - z.position().x(), a.position().y() - z.position().y()) <= 3.0) {
        expected.emplace_back(a.id(), z.id());
      }
    }
  }
  ASSERT_GT(expected.size(), 100u);
  const XmlDoc doc = XmlChecker(RenderTableSvg(state, RenderOptions{})).Parse();
  ASSERT_EQ(doc.error, "");
  std::vector<std::pair<std::string, std::string>> fights;
  for (const auto& e : doc.elements) {
    if (e.count("data-british")) fights.emplace_back(e.at("data-british"), e.at("data-zulu"));
  }
  EXPECT_EQ(fights, expected);
}

TEST(RenderTest, WithinACapOrAStopThePictureIsRefusedByName) {
  RenderOptions options;
  const std::string whole = RenderTableSvg(SmallTable(), options);
  options.max_bytes = whole.size();
  absl::StatusOr<std::string> within = RenderTableSvgWithin(SmallTable(), options);
  ASSERT_TRUE(within.ok()) << within.status();
  EXPECT_EQ(*within, whole);
  options.max_bytes = whole.size() - 1;
  within = RenderTableSvgWithin(SmallTable(), options);
  EXPECT_EQ(within.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(within.status().message().find("--max_render_bytes"), std::string::npos);
  // A stop asked for stops the drawing (asked every 64 elements).
  v1::TableState big = SmallTable();
  for (int i = 0; i < 500; ++i) {
    v1::Unit* u = big.add_units();
    u->set_id("b" + std::to_string(100 + i));
    u->set_side(v1::BRITISH);
    u->set_kind(v1::INFANTRY);
  }
  options.max_bytes = 0;
  int asked = 0;
  options.stop = [&asked] { return ++asked > 2; };
  within = RenderTableSvgWithin(big, options);
  EXPECT_EQ(within.status().code(), absl::StatusCode::kCancelled);
  EXPECT_EQ(asked, 3);
}

TEST(RenderTest, UmpireDetailOnlyWhenRevealed) {
  RenderOptions british;
  RenderOptions umpire;
  umpire.reveal = true;
  const std::string plain = RenderTableSvg(SmallTable(), british);
  const std::string revealed = RenderTableSvg(SmallTable(), umpire);
  EXPECT_EQ(plain.find("right-handed"), std::string::npos);
  EXPECT_EQ(plain.find("class=\"target\""), std::string::npos);
  EXPECT_EQ(plain.find("data-point-number=\"3\""), std::string::npos) << "a hidden point";
  v1::TableState tested = SmallTable();
  tested.mutable_points(0)->set_state(v1::TESTED);
  EXPECT_NE(RenderTableSvg(tested, british).find("data-point-number=\"3\""), std::string::npos)
      << "a hidden point once tested";
  EXPECT_EQ(plain.find("skirm."), std::string::npos);
  EXPECT_NE(plain.find("data-point-number=\"5\""), std::string::npos);
  EXPECT_NE(revealed.find("right-handed \u2192 b1"), std::string::npos);
  EXPECT_NE(revealed.find("class=\"target\""), std::string::npos);
  EXPECT_NE(revealed.find("data-point-number=\"3\""), std::string::npos);
  EXPECT_NE(revealed.find("N skirm."), std::string::npos);
  // The impi is drawn as its group, round its regiment.
  EXPECT_NE(plain.find("data-group-id=\"z1\""), std::string::npos);
}

// Pagano's Rorke's Drift, a battle the rule set builds itself (157 units).
v1::TableState RorkesDrift() {
  v1::TableState out;
  const Ruleset* rules = FindRuleset("PAGANO_D10");
  EXPECT_NE(rules, nullptr);
  if (rules == nullptr) return out;
  absl::StatusOr<BattleState> state = rules->Scenario("rorkes_drift");
  EXPECT_TRUE(state.ok()) << state.status();
  if (state.ok()) service::ToProto(*state, &out);
  return out;
}

// The drawing of one unit: its <g class="unit ..."> element's text.
std::string UnitDrawing(const std::string& svg, const std::string& id) {
  const size_t at = svg.find(absl::StrCat("id=\"unit-", id, "\""));
  if (at == std::string::npos) return "";
  return svg.substr(at, svg.find("</g>\n", at) - at);
}

TEST(RenderTest, IzigabaAreRectanglesOfTheirFrontageAndFiguresDiscs) {
  v1::TableState state = RorkesDrift();
  ASSERT_EQ(state.units_size(), 157);
  ExpectGoodSvg(state, {}, "rorkes_drift");
  int figures = 0, lost = 0;
  for (const v1::Unit& u : state.units()) {
    const v1::Figures& f = u.figures();
    const bool figure =
        u.side() == v1::BRITISH && f.fit() + f.wounded() + f.seriously_wounded() + f.casualties() == 1;
    figures += figure;
    lost += figure && f.fit() == 0 && f.wounded() == 0 && u.id() != "hook";
  }
  EXPECT_EQ(figures, 140);
  // uThulwana's first isigaba loses a figure for good; a figure is
  // eliminated; another isigaba keeps a frontage of 5".
  for (v1::Unit& u : *state.mutable_units()) {
    if (u.id() == "uthulwana_2") {
      u.mutable_figures()->set_fit(19);
      u.mutable_figures()->set_casualties(1);
    }
    if (u.id() == "hook") {
      u.mutable_figures()->set_fit(0);
      u.mutable_figures()->set_casualties(1);
    }
  }
  v1::PaganoUnitEntry* own = state.mutable_pagano()->add_units();
  own->set_unit_id("uthulwana_3");
  own->set_frontage(5);
  const std::string svg = RenderTableSvg(state, RenderOptions{});
  const XmlDoc doc = XmlChecker(svg).Parse();
  ASSERT_EQ(doc.error, "");
  int rectangles = 0, discs = 0, crossed = 0;
  for (const auto& e : doc.elements) {
    const auto cls = e.find("class");
    if (cls == e.end()) continue;
    rectangles += e.at("<name>") == "rect" && cls->second == "isigaba";
    discs += e.at("<name>") == "circle" && cls->second.rfind("figure", 0) == 0;
    crossed += e.at("<name>") == "circle" && cls->second == "figure casualty";
  }
  EXPECT_EQ(rectangles, 12);
  EXPECT_EQ(discs, 140);
  EXPECT_EQ(crossed, lost + 1) << "hook, and any casualty the scenario starts with";
  // Twenty figures in two ranks of ten 3/4" bases: 7.5" by 1.5"; nineteen
  // the same; on a frontage of 5", six a rank: four ranks, 3".
  EXPECT_NE(UnitDrawing(svg, "uthulwana_1").find("width=\"7.50\" height=\"1.50\""), std::string::npos)
      << UnitDrawing(svg, "uthulwana_1");
  EXPECT_NE(UnitDrawing(svg, "uthulwana_2").find("width=\"7.50\" height=\"1.50\""), std::string::npos);
  EXPECT_NE(UnitDrawing(svg, "uthulwana_3").find("width=\"5.00\" height=\"3.00\""), std::string::npos)
      << UnitDrawing(svg, "uthulwana_3");
  EXPECT_NE(UnitDrawing(svg, "hook").find("class=\"figure casualty\""), std::string::npos)
      << UnitDrawing(svg, "hook");
  EXPECT_NE(UnitDrawing(svg, "chard").find("<circle class=\"figure\" r="), std::string::npos)
      << UnitDrawing(svg, "chard");
}

TEST(RenderTest, ARuleSetsOwnNotesOnlyWhenRevealed) {
  const v1::TableState state = RorkesDrift();
  RenderOptions umpire;
  umpire.reveal = true;
  const std::string plain = RenderTableSvg(state, RenderOptions{});
  const std::string revealed = RenderTableSvg(state, umpire);
  // The phase of the rules' SEQUENCE of PLAY and the month, in the title.
  EXPECT_NE(revealed.find("; phase 1 of 8, Zulu Movement; January</text>"), std::string::npos);
  EXPECT_EQ(plain.find("phase 1 of 8"), std::string::npos);
  // A unit's notes beside its label.
  EXPECT_NE(UnitDrawing(revealed, "udloko_marksmen").find("udloko_marksmen 20 [sharpshooters]"),
            std::string::npos)
      << UnitDrawing(revealed, "udloko_marksmen");
  EXPECT_EQ(plain.find("[sharpshooters]"), std::string::npos);
}

TEST(RenderTest, NamesAreEscaped) {
  v1::TableState state;
  state.mutable_table()->set_width(10);
  state.mutable_table()->set_height(10);
  v1::Unit* u = state.add_units();
  u->set_id("a<&>\"'b");
  u->set_name("R&D <\x01> \"co\"");
  u->set_side(v1::BRITISH);
  ExpectGoodSvg(state, {}, "escaping");
}

TEST(RenderTest, ArenaChartCarriesWilsonIntervals) {
  const std::string svg =
      RenderArenaChartSvg({{"rules vs <rules>", 54, 100}, {"mcts vs rules", 0, 0}}, "Zulu & wins");
  const XmlDoc doc = XmlChecker(svg).Parse();
  ASSERT_EQ(doc.error, "");
  std::vector<std::map<std::string, std::string>> bars;
  for (const auto& e : doc.elements) {
    if (e.count("data-wins")) bars.push_back(e);
  }
  ASSERT_EQ(bars.size(), 2u);
  // 54 of 100: Wilson 95% [0.4426, 0.6340].
  EXPECT_EQ(bars[0].at("data-low"), "0.4426");
  EXPECT_EQ(bars[0].at("data-high"), "0.6344");
  EXPECT_EQ(bars[1].at("data-low"), "0.0000");
  EXPECT_EQ(bars[1].at("data-high"), "1.0000");
}

// `impi render --arena`: one bar per file of `impi arena --out`, its Zulu
// wins of its games.
TEST(RenderTest, ArenaBarsCountZuluWinsPerFile) {
  const std::string dir = ::testing::TempDir();
  std::vector<std::string> paths;
  for (int file = 0; file < 2; ++file) {
    std::string lines;
    for (int g = 0; g < 5; ++g) {
      arena::ArenaGame game;
      game.game = g;
      game.seed = 100 + g;
      game.ruleset = "TSATF_ZULU_CONTROL";
      game.scenario = "tsatf";
      game.zulu = file == 0 ? "rules" : "mcts:50";
      game.british = "rules";
      game.winner = g < 2 + file ? Side::kZulu : Side::kBritish;
      lines += arena::ToJsonLine(game) + "\n";
    }
    paths.push_back(absl::StrCat(dir, "/render_arena_", file, ".jsonl"));
    ASSERT_TRUE(WriteOutput(paths.back(), lines).ok());
  }
  absl::StatusOr<std::vector<ChartBar>> bars = ArenaBarsFromFiles(paths);
  ASSERT_TRUE(bars.ok()) << bars.status();
  ASSERT_EQ(bars->size(), 2u);
  EXPECT_EQ((*bars)[0].label, "rules vs rules (tsatf)");
  EXPECT_EQ((*bars)[0].wins, 2);
  EXPECT_EQ((*bars)[0].games, 5);
  EXPECT_EQ((*bars)[1].label, "mcts:50 vs rules (tsatf)");
  EXPECT_EQ((*bars)[1].wins, 3);
  EXPECT_FALSE(ArenaBarsFromFiles({dir + "/no_such_file.jsonl"}).ok());
}

// `impi render` as a command: a file in, an SVG file out; a state that does
// not parse and a bad command line are errors.
TEST(RenderTest, RenderCommandWritesTheSvgFile) {
  const std::string dir = ::testing::TempDir();
  absl::StatusOr<v1::TableState> state = LoadScenario("tsatf");
  ASSERT_TRUE(state.ok());
  ASSERT_TRUE(WriteOutput(dir + "/render_in.json", ToJson(*state)).ok());
  RenderCommandOptions options;
  options.inputs = {dir + "/render_in.json"};
  options.out = dir + "/render_out.svg";
  std::ostringstream out, err;
  EXPECT_EQ(RenderCommand(options, out, err), kExitOk) << err.str();
  absl::StatusOr<std::string> svg = ReadInput(options.out);
  ASSERT_TRUE(svg.ok());
  EXPECT_EQ(XmlChecker(*svg).Parse().error, "");
  EXPECT_NE(svg->find("data-unit-id=\"b9\""), std::string::npos);

  ASSERT_TRUE(WriteOutput(dir + "/render_bad.json", "{\"units\": 3}").ok());
  options.inputs = {dir + "/render_bad.json"};
  EXPECT_EQ(RenderCommand(options, out, err), kExitError);
  EXPECT_NE(err.str().find("render_bad.json"), std::string::npos);
  options.inputs = {};
  EXPECT_EQ(RenderCommand(options, out, err), kExitUsage);
}

TEST(RenderTest, ParseRenderInputTakesStatesRequestsAndAnswers) {
  absl::StatusOr<v1::TableState> state = LoadScenario("tsatf");
  ASSERT_TRUE(state.ok());
  v1::TableState parsed;
  std::vector<v1::Event> events;
  ASSERT_TRUE(ParseRenderInput(ToJson(*state), &parsed, &events).ok());
  EXPECT_EQ(parsed.units_size(), state->units_size());
  ASSERT_TRUE(ParseRenderInput(ToJson(WrapState(*state, 3)), &parsed, &events).ok());
  EXPECT_EQ(parsed.units_size(), state->units_size());
  const v1::AdvanceResponse answer = Advance(WrapState(*state, 3));
  ASSERT_TRUE(ParseRenderInput(ToJson(answer), &parsed, &events).ok());
  EXPECT_EQ(events.size(), static_cast<size_t>(answer.events_size()));
  EXPECT_FALSE(ParseRenderInput("{\"nope\": 1}", &parsed, &events).ok());
}

// --- Roark's Drift: a hex board (RulesetWire::BoardPicture) -------------------

// Whether an element's class attribute holds `word`.
bool HasClass(const std::map<std::string, std::string>& e, const std::string& word) {
  const auto c = e.find("class");
  if (c == e.end()) return false;
  const std::string padded = " " + c->second + " ";
  return padded.find(" " + word + " ") != std::string::npos;
}

// The elements of tag `tag` whose class holds `word`.
std::vector<const std::map<std::string, std::string>*> Elements(const XmlDoc& doc, const std::string& tag,
                                                                const std::string& word) {
  std::vector<const std::map<std::string, std::string>*> out;
  for (const auto& e : doc.elements) {
    if (e.at("<name>") == tag && HasClass(e, word)) out.push_back(&e);
  }
  return out;
}

using HexKey = std::pair<std::string, std::string>;  // data-q, data-r
HexKey HexOf(const std::map<std::string, std::string>& e) { return {e.at("data-q"), e.at("data-r")}; }

v1::TableState RoarksOpening() {
  absl::StatusOr<v1::TableState> state = LoadScenario("roarks_drift");
  EXPECT_TRUE(state.ok()) << state.status();
  return state.ok() ? *state : v1::TableState{};
}

// Puts unit `id` in hex (q, r) at stack place `pos`; its counter's entry.
v1::RoarksCounter* PlaceCounter(v1::TableState& state, const std::string& id, int q, int r, int pos) {
  for (v1::Unit& u : *state.mutable_units()) {
    if (u.id() != id) continue;
    u.set_off_table(false);
    u.mutable_hex()->set_q(q);
    u.mutable_hex()->set_r(r);
  }
  for (v1::RoarksCounter& x : *state.mutable_roarks_drift()->mutable_counters()) {
    if (x.unit_id() == id) {
      x.set_stack_pos(pos);
      return &x;
    }
  }
  ADD_FAILURE() << "no counter " << id;
  return state.mutable_roarks_drift()->add_counters();
}

TEST(RenderTest, RoarksDriftDrawsItsBoardHexByHexAndEveryWallOnce) {
  const v1::TableState state = RoarksOpening();
  ASSERT_EQ(state.table().hex_columns(), 48);
  ExpectGoodSvg(state, {}, "roarks_drift");
  const std::string svg = RenderTableSvg(state, RenderOptions{});
  const XmlDoc doc = XmlChecker(svg).Parse();
  ASSERT_EQ(doc.error, "");
  // Every hex of the 48 x 32 grid once, in axial coordinates.
  std::set<HexKey> hexes;
  for (const auto* e : Elements(doc, "g", "hex")) hexes.insert(HexOf(*e));
  EXPECT_EQ(Elements(doc, "g", "hex").size(), 48u * 32u);
  EXPECT_EQ(hexes.size(), 48u * 32u);
  EXPECT_EQ(hexes.count({"47", "8"}), 1u);   // column 47, row 31
  EXPECT_EQ(hexes.count({"47", "-23"}), 1u);  // column 47, row 0
  EXPECT_EQ(hexes.count({"0", "32"}), 0u);
  // Every wall and loophole of the board's picture once, as a stroke on its
  // side.
  const RulesetWire* wire = FindWire("ROARKS_DRIFT");
  ASSERT_NE(wire, nullptr);
  const std::optional<HexPicture> picture = wire->BoardPicture(state);
  ASSERT_TRUE(picture.has_value());
  std::set<std::tuple<std::string, std::string, std::string>> walls, drawn;
  for (const HexPicture::Side& s : picture->sides) {
    if (s.feature == "wall" || s.feature == "loophole") {
      walls.insert({std::to_string(s.hex.q), std::to_string(s.hex.r), std::to_string(s.direction)});
    }
  }
  size_t strokes = 0;
  for (const char* feature : {"wall", "loophole"}) {
    for (const auto* e : Elements(doc, "line", feature)) {
      if (!HasClass(*e, "side")) continue;
      ++strokes;
      drawn.insert({e->at("data-q"), e->at("data-r"), e->at("data-direction")});
    }
  }
  EXPECT_GT(walls.size(), 100u);
  EXPECT_EQ(drawn, walls);
  EXPECT_EQ(strokes, walls.size());
  EXPECT_FALSE(Elements(doc, "line", "opening").empty());  // doors and windows
  // The eight entry zones, numbered, and the main perimeter; the legend.
  std::set<std::string> zones;
  for (const auto* e : Elements(doc, "g", "entry-zone")) zones.insert(e->at("data-area"));
  EXPECT_EQ(zones, (std::set<std::string>{"1", "2", "3", "4", "5", "6", "7", "8"}));
  EXPECT_EQ(Elements(doc, "g", "perimeter").size(), 1u);
  EXPECT_EQ(Elements(doc, "g", "legend").size(), 1u);
  EXPECT_TRUE(Elements(doc, "g", "fire").empty());
  // Within the server's cap (--max_render_bytes, 2 MB by default).
  RenderOptions capped;
  capped.max_bytes = 2 * 1024 * 1024;
  const absl::StatusOr<std::string> within = RenderTableSvgWithin(state, capped);
  ASSERT_TRUE(within.ok()) << within.status();
  std::printf("roarks_drift opening: %zu bytes, %d units\n", within->size(), state.units_size());
}

TEST(RenderTest, RoarksDriftDrawsFiresStacksAndMarks) {
  v1::TableState state = RoarksOpening();
  state.mutable_roarks_drift()->add_fires()->set_room(3);
  std::vector<std::string> men, zulus;
  for (const v1::Unit& u : state.units()) (u.side() == v1::ZULU ? zulus : men).push_back(u.id());
  ASSERT_GE(men.size(), 3u);
  ASSERT_GE(zulus.size(), 1u);
  // Three men in the yard (column 20, row 12), bottom first men[1], men[2],
  // men[0]; a Zulu south of the post (column 20, row 22), prone with a torch.
  PlaceCounter(state, men[0], 20, 2, 2)->set_wound(v1::ROARKS_LIGHT);
  PlaceCounter(state, men[1], 20, 2, 0);
  PlaceCounter(state, men[2], 20, 2, 1);
  v1::RoarksCounter* z = PlaceCounter(state, zulus[0], 20, 12, 0);
  z->set_prone(true);
  z->set_torch(true);
  // A unit whose hex is off the board is listed with those off it.
  ASSERT_GE(zulus.size(), 2u);
  PlaceCounter(state, zulus[1], 3, 2147483647, 0);
  ExpectGoodSvg(state, {}, "roarks_drift in play");
  for (bool reveal : {false, true}) {
    SCOPED_TRACE(reveal ? "revealed" : "British view");
    RenderOptions options;
    options.reveal = reveal;
    const std::string svg = RenderTableSvg(state, options);
    const XmlDoc doc = XmlChecker(svg).Parse();
    ASSERT_EQ(doc.error, "");
    // The fire on room 3, and room 3's hexes alone marked burning.
    const auto fires = Elements(doc, "g", "fire");
    ASSERT_EQ(fires.size(), 1u);
    EXPECT_EQ(fires[0]->at("data-room"), "3");
    size_t room3 = 0;
    for (const auto* e : Elements(doc, "g", "hex")) room3 += e->count("data-room") && e->at("data-room") == "3";
    const auto burning = Elements(doc, "g", "burning");
    EXPECT_EQ(burning.size(), room3);
    for (const auto* e : burning) EXPECT_EQ(e->at("data-room"), "3");
    // The stack of three with its count, each counter at its place.
    const auto counts = Elements(doc, "g", "stack-count");
    ASSERT_EQ(counts.size(), 1u);
    EXPECT_EQ(counts[0]->at("data-count"), "3");
    EXPECT_EQ(HexOf(*counts[0]), HexKey("20", "2"));
    std::map<std::string, std::string> place;  // unit id -> data-stack-pos
    for (const auto* e : Elements(doc, "g", "unit")) {
      ASSERT_TRUE(e->count("data-unit-id") && e->count("data-q") && e->count("data-r"));
      place[e->at("data-unit-id")] = e->at("data-stack-pos");
      if (e->at("data-unit-id") == men[0]) {
        EXPECT_TRUE(HasClass(*e, "british"));
        EXPECT_TRUE(HasClass(*e, "wounded-light"));
        EXPECT_EQ(HexOf(*e), HexKey("20", "2"));
      }
      if (e->at("data-unit-id") == zulus[0]) {
        EXPECT_TRUE(HasClass(*e, "zulu"));
        EXPECT_TRUE(HasClass(*e, "prone"));
        EXPECT_TRUE(HasClass(*e, "torch"));
        EXPECT_EQ(HexOf(*e), HexKey("20", "12"));
      }
    }
    EXPECT_EQ(place, (std::map<std::string, std::string>{
                         {men[1], "0"}, {men[2], "1"}, {men[0], "2"}, {zulus[0], "0"}}));
    EXPECT_NE(svg.find(">PT</text>"), std::string::npos);
    bool listed_off = false;
    for (const auto* e : Elements(doc, "text", "off")) listed_off |= e->at("data-unit-id") == zulus[1];
    EXPECT_TRUE(listed_off);
    // The rule set's notes are umpire detail, as for every rule set.
    EXPECT_EQ(svg.find("[prone, torch]") != std::string::npos, reveal);
  }
}

}  // namespace
}  // namespace impi::cli
