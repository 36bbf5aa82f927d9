// tests/rules/roarks_drift_wire/board_picture_test.cc: the station board as
// the renderer is given it (RoarksWire::BoardPicture, hex_picture.h): the
// grid, every side of the designed board that carries a wall, loophole or
// opening once, with its run's kind and height; the rooms' hexes, roofs and
// names; the eight entry zones and the main perimeter; the state's fires
// and walls dug through; each hex's stack bottom first by stack_pos, with
// its counters' marks.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "engine/rulesets/roarks_drift/board.h"
#include "engine/rulesets/roarks_drift/scenarios.h"
#include "engine/rulesets/roarks_drift/wire/roarks_wire.h"
#include "impi/v1/roarks_drift.pb.h"

namespace impi::roarks {
namespace {

using SideKey = std::tuple<int, int, int>;

v1::TableState Opening() {
  absl::StatusOr<BattleState> b = BuildScenario(kRoarksDriftScenario);
  EXPECT_TRUE(b.ok()) << b.status();
  v1::TableState p;
  p.set_ruleset(v1::ROARKS_DRIFT);
  p.mutable_table()->set_hex_columns(kBoardColumns);
  p.mutable_table()->set_hex_rows(kBoardRows);
  if (b.ok()) RoarksWire().StateToProto(*b, &p);
  return p;
}

HexPicture PictureOf(const v1::TableState& state) {
  std::optional<HexPicture> p = RoarksWire().BoardPicture(state);
  EXPECT_TRUE(p.has_value());
  return p.value_or(HexPicture{});
}

// Puts the unit `id` at `h` with its entry's stack place and returns the entry.
v1::RoarksCounter* Place(v1::TableState& state, const std::string& id, HexCoord h, int stack_pos) {
  for (v1::Unit& u : *state.mutable_units()) {
    if (u.id() != id) continue;
    u.set_off_table(false);
    u.mutable_hex()->set_q(h.q);
    u.mutable_hex()->set_r(h.r);
  }
  for (v1::RoarksCounter& x : *state.mutable_roarks_drift()->mutable_counters()) {
    if (x.unit_id() != id) continue;
    x.set_stack_pos(stack_pos);
    return &x;
  }
  ADD_FAILURE() << "no counter " << id;
  static v1::RoarksCounter none;
  return &none;
}

// The ids of the first `n` units of a side.
std::vector<std::string> FirstOf(const v1::TableState& state, v1::Side side, int n) {
  std::vector<std::string> ids;
  for (const v1::Unit& u : state.units()) {
    if (u.side() == side && static_cast<int>(ids.size()) < n) ids.push_back(u.id());
  }
  return ids;
}

TEST(BoardPictureTest, TheGridAndEverySideOfTheBoardOnce) {
  const HexPicture p = PictureOf(Opening());
  EXPECT_EQ(p.columns, 48);
  EXPECT_EQ(p.rows, 32);
  const Board& board = StationBoard();
  std::map<SideKey, const HexPicture::Side*> sides;
  for (const HexPicture::Side& s : p.sides) {
    EXPECT_TRUE(sides.emplace(SideKey{s.hex.q, s.hex.r, s.direction}, &s).second)
        << "side (" << s.hex.q << ", " << s.hex.r << ") " << s.direction << " twice";
  }
  EXPECT_EQ(sides.size(), board.map.FeatureSides().size());
  for (const HexSide& side : board.map.FeatureSides()) {
    const auto it = sides.find({side.hex.q, side.hex.r, static_cast<int>(side.direction)});
    ASSERT_NE(it, sides.end());
    EXPECT_EQ(it->second->feature, SideFeatureName(board.map.Feature(side)));
  }
  // Every wall run's side, labelled with its kind and its height.
  size_t wall_sides = 0;
  for (const WallRun& run : board.walls) {
    for (const HexSide& side : run.sides) {
      ++wall_sides;
      const auto it = sides.find({side.hex.q, side.hex.r, static_cast<int>(side.direction)});
      ASSERT_NE(it, sides.end());
      EXPECT_EQ(it->second->label.rfind(WallKindName(run.kind), 0), 0u) << it->second->label;
    }
  }
  EXPECT_GT(wall_sides, 100u);
  const auto north = sides.find({Board::Hex(8, 10).q, Board::Hex(8, 10).r, 0});
  ASSERT_NE(north, sides.end());
  EXPECT_EQ(north->second->label, "north wall (8 ft)");
}

TEST(BoardPictureTest, RoomsRoofsZonesAndThePerimeter) {
  const HexPicture p = PictureOf(Opening());
  const Board& board = StationBoard();
  std::set<int> labelled;
  int room_hexes = 0;
  for (const HexPicture::Cell& c : p.cells) {
    const HexCell* cell = board.map.Cell(c.hex);
    ASSERT_NE(cell, nullptr);
    EXPECT_EQ(c.room, cell->room);
    EXPECT_EQ(c.roofed, cell->roofed);
    EXPECT_FALSE(c.burning);
    if (c.room != 0) ++room_hexes;
    if (!c.label.empty()) EXPECT_TRUE(labelled.insert(c.room).second) << c.label;
  }
  EXPECT_EQ(labelled, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  int board_room_hexes = 0;
  for (const HexCell& cell : board.map.cells) board_room_hexes += cell.room != 0;
  EXPECT_EQ(room_hexes, board_room_hexes);
  ASSERT_EQ(p.areas.size(), 9u);
  for (int z = 1; z <= 8; ++z) {
    EXPECT_EQ(p.areas[z - 1].kind, "entry-zone");
    EXPECT_EQ(p.areas[z - 1].label, std::to_string(z));
    EXPECT_EQ(p.areas[z - 1].hexes, board.entry_zones[z - 1]);
  }
  EXPECT_EQ(p.areas[8].kind, "perimeter");
  EXPECT_EQ(p.areas[8].hexes, board.main_perimeter);
  // The opening state has no unit on the board yet (9.1).
  EXPECT_TRUE(p.stacks.empty());
}

TEST(BoardPictureTest, FiresBurnTheirRoomsAndADugWallIsAnOpening) {
  v1::TableState state = Opening();
  state.mutable_roarks_drift()->add_fires()->set_room(3);
  // The hospital's west wall, a loophole (11.0.A), dug through (11.0.B).
  const HexCoord west = Board::Hex(6, 17);
  const HexSide side = impi::SideOf(west, HexDirection::kNorthWest);
  ASSERT_EQ(StationBoard().map.Feature(side), SideFeature::kLoophole);
  v1::RoarksOpening* dug = state.mutable_roarks_drift()->add_openings();
  dug->mutable_hex()->set_q(west.q);
  dug->mutable_hex()->set_r(west.r);
  dug->set_direction(static_cast<int>(HexDirection::kNorthWest));
  const HexPicture p = PictureOf(state);
  int burning = 0;
  for (const HexPicture::Cell& c : p.cells) {
    EXPECT_EQ(c.burning, c.room == 3) << c.hex.q << "," << c.hex.r;
    burning += c.burning;
  }
  EXPECT_EQ(burning, static_cast<int>(StationBoard().map.RoomHexes(3).size()));
  int dug_sides = 0;
  for (const HexPicture::Side& s : p.sides) {
    if (s.feature != "dug") continue;
    ++dug_sides;
    EXPECT_EQ(SideKey(s.hex.q, s.hex.r, s.direction),
              SideKey(side.hex.q, side.hex.r, static_cast<int>(side.direction)));
  }
  EXPECT_EQ(dug_sides, 1);
}

TEST(BoardPictureTest, StacksBottomFirstWithTheirMarks) {
  v1::TableState state = Opening();
  const std::vector<std::string> men = FirstOf(state, v1::BRITISH, 3);
  const std::vector<std::string> zulus = FirstOf(state, v1::ZULU, 1);
  ASSERT_EQ(men.size(), 3u);
  ASSERT_EQ(zulus.size(), 1u);
  const HexCoord yard = Board::Hex(20, 12), outside = Board::Hex(20, 22);
  Place(state, men[0], yard, 2)->set_wound(v1::ROARKS_LIGHT);
  Place(state, men[1], yard, 0);
  Place(state, men[2], yard, 1)->set_wound(v1::ROARKS_LIGHT_AND_SERIOUS);
  v1::RoarksCounter* z = Place(state, zulus[0], outside, 0);
  z->set_prone(true);
  z->set_torch(true);
  z->set_retiring(true);
  const HexPicture p = PictureOf(state);
  ASSERT_EQ(p.stacks.size(), 2u);
  std::map<HexCoord, const HexPicture::Stack*> at;
  for (const HexPicture::Stack& s : p.stacks) at[s.hex] = &s;
  ASSERT_EQ(at.count(yard), 1u);
  const std::vector<HexPicture::Counter>& three = at[yard]->counters;
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[0].unit_id, men[1]);
  EXPECT_EQ(three[1].unit_id, men[2]);
  EXPECT_EQ(three[2].unit_id, men[0]);
  EXPECT_TRUE(three[0].marks.empty());
  ASSERT_EQ(three[1].marks.size(), 2u);
  EXPECT_EQ(three[1].marks[0].word, "wounded-light");
  EXPECT_EQ(three[1].marks[1].word, "wounded-serious");
  ASSERT_EQ(three[2].marks.size(), 1u);
  EXPECT_EQ(three[2].marks[0].symbol, "L");
  ASSERT_EQ(at.count(outside), 1u);
  std::vector<std::string> words;
  for (const HexPicture::Mark& m : at[outside]->counters.at(0).marks) words.push_back(m.word);
  EXPECT_EQ(words, (std::vector<std::string>{"prone", "torch", "retiring"}));
}

}  // namespace
}  // namespace impi::roarks
