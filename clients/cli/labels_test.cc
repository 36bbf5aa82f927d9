// clients/cli/labels_test.cc: the picture's label placement (labels.h), and
// the picture of a crowded table: no two labels drawn over each other.
#include "clients/cli/labels.h"

#include <regex>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/cli/render.h"
#include "gtest/gtest.h"

namespace impi::cli {
namespace {

TEST(LabelsTest, TextIsMeasuredByItsCharacters) {
  EXPECT_NEAR(TextWidth("40"), 2 * 0.637, 1e-9);
  EXPECT_NEAR(TextWidth("b1 40"), 0.635 + 3 * 0.637 + 0.318, 1e-9);
  // A character outside the table counts a whole em, whatever its bytes.
  EXPECT_NEAR(TextWidth("\u2192"), 1.0, 1e-9);
  const Box b = TextBox(10, 20, 2, true, "40");
  EXPECT_NEAR(b.x, 10 - 0.637 * 2, 1e-9);
  EXPECT_NEAR(b.w, 0.637 * 4, 1e-9);
  EXPECT_NEAR(b.y, 20 - 2.0, 1e-9);
  EXPECT_NEAR(b.h, 2.6, 1e-9);
  EXPECT_NEAR(TextBox(10, 20, 2, false, "40").x, 10, 1e-9);
}

TEST(LabelsTest, AFreeLabelStaysAndACoveredOneMovesToTheNearestFreeSpot) {
  const Box a{10, 10, 4, 1};
  const std::vector<std::optional<Offset>> at = PlaceLabels({a, a, a}, {}, {0, 0, 100, 100}, 0);
  ASSERT_EQ(at.size(), 3u);
  ASSERT_TRUE(at[0].has_value());
  EXPECT_EQ(at[0]->dx, 0);
  EXPECT_EQ(at[0]->dy, 0);
  // The second goes a height up or down (the nearest candidates).
  ASSERT_TRUE(at[1].has_value());
  EXPECT_EQ(at[1]->dx, 0);
  EXPECT_EQ(std::abs(at[1]->dy), 1);
  ASSERT_TRUE(at[2].has_value());
  EXPECT_EQ(at[2]->dy, -at[1]->dy);
}

TEST(LabelsTest, FixedBoxesAndTheBoundsAreKeptAndALabelWithNoRoomIsNotPlaced) {
  const Box label{10, 10, 4, 1};
  // A marker over the label's own spot and the spots above and below it.
  const Box marker{9, 8.5, 6, 4};
  const std::vector<std::optional<Offset>> at = PlaceLabels({label}, {marker}, {0, 0, 100, 100}, 0);
  ASSERT_TRUE(at[0].has_value());
  const Box moved{label.x + at[0]->dx, label.y + at[0]->dy, label.w, label.h};
  EXPECT_FALSE(Overlaps(moved, marker));
  // Bounds only just larger than one label: the second has no room.
  const std::vector<std::optional<Offset>> crowded =
      PlaceLabels({label, label}, {}, {10, 10, 4.5, 1.5}, 0);
  EXPECT_TRUE(crowded[0].has_value());
  EXPECT_FALSE(crowded[1].has_value());
  // The room kept round each: two labels a hair apart are not both left.
  const std::vector<std::optional<Offset>> padded =
      PlaceLabels({label, {14.01, 10, 4, 1}}, {}, {0, 0, 100, 100}, 0.05);
  ASSERT_TRUE(padded[1].has_value());
  EXPECT_TRUE(padded[1]->dx != 0 || padded[1]->dy != 0);
}

// Forty units heaped on one spot by an appearance point: every label the
// picture shows (those outside the points' markers) is clear of every
// other and of the markers, measured as the placement measures them.
TEST(LabelsTest, ACrowdedPictureHasNoTwoLabelsOverEachOther) {
  v1::TableState state;
  state.set_ruleset(v1::TSATF_ZULU_CONTROL);
  state.mutable_table()->set_width(48);
  state.mutable_table()->set_height(36);
  for (int i = 0; i < 40; ++i) {
    v1::Unit* u = state.add_units();
    u->set_id(absl::StrCat(i % 2 ? "z" : "b", i));
    u->set_side(i % 2 ? v1::ZULU : v1::BRITISH);
    u->set_kind(i % 2 ? v1::REGIMENT : v1::INFANTRY);
    u->mutable_position()->set_x(20 + (i % 5) * 0.3);
    u->mutable_position()->set_y(18 + (i / 5) * 0.2);
    u->mutable_figures()->set_fit(20);
    u->set_formation(v1::LINE);
  }
  v1::Point* p = state.add_points();
  p->set_kind(v1::APPEARANCE);
  p->set_number(7);
  p->set_terrain_class(2);
  p->mutable_position()->set_x(21);
  p->mutable_position()->set_y(17);
  p->set_marker(v1::NEXT_TURN);
  const std::string svg = RenderTableSvg(state, RenderOptions{});

  // Every <text>: its attributes and its text; inside a point's group or not.
  const std::regex text_re(R"(<text([^>]*)>([^<]*)</text>)");
  const std::regex attr_re(R"re(([a-z-]+)="([^"]*)")re");
  std::vector<Box> shown, markers;
  int hidden = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text_re); it != std::sregex_iterator(); ++it) {
    const std::string attrs = (*it)[1];
    std::map<std::string, std::string> a;
    for (auto at = std::sregex_iterator(attrs.begin(), attrs.end(), attr_re); at != std::sregex_iterator(); ++at) {
      a[(*at)[1]] = (*at)[2];
    }
    const size_t pos = static_cast<size_t>(it->position());
    const size_t group = svg.rfind("<g class=\"point\"", pos);
    const bool in_point = group != std::string::npos && svg.find("</g>", group) > pos;
    const Box b = TextBox(std::stod(a["x"]), std::stod(a["y"]), std::stod(a["font-size"]),
                          a["text-anchor"] == "middle", (*it)[2].str());
    if (in_point) {
      markers.push_back(b);
    } else if (a["visibility"] == "hidden") {
      ++hidden;
    } else {
      shown.push_back(b);
    }
  }
  // The title, the off-table heading and each unit's label and words (its
  // formation), a block.
  EXPECT_EQ(static_cast<int>(shown.size()) + hidden, 2 + 2 * 40);
  EXPECT_GT(shown.size(), 40u) << "most labels find room near their units";
  EXPECT_EQ(hidden % 2, 0) << "a unit's label and words are shown or hidden together";
  for (size_t i = 0; i < shown.size(); ++i) {
    for (size_t j = i + 1; j < shown.size(); ++j) {
      EXPECT_FALSE(Overlaps(shown[i], shown[j])) << "labels " << i << " and " << j;
    }
    for (const Box& m : markers) EXPECT_FALSE(Overlaps(shown[i], m)) << "label " << i << " on a marker";
  }
  // A label with no room: its unit still says who it is.
  for (int i = 0; i < 40; ++i) {
    EXPECT_NE(svg.find(absl::StrCat("<title>", i % 2 ? "z" : "b", i, ": ")), std::string::npos);
  }
}

}  // namespace
}  // namespace impi::cli
