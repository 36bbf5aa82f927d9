// tests/rules/tsatf/tables_test.cc: every printed row of every table of TSATF
// "Zulu Control" (003_8a310c3200cb6fb0.txt), driven by scripted dice.
//
// The expected row strings below are copied from the rules text (line breaks
// folded to one space), not from tables.h, so a typo in the engine's copy of a
// row fails here.
#include "engine/rulesets/tsatf/tables.h"

#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::tsatf {
namespace {

using ::testing::HasSubstr;

constexpr char kFile[] = "003_8a310c3200cb6fb0.txt";

// Sections and tables as headed in the text.
constexpr char kOnField[] = "RANDOM CHANCE ON-FIELD (APPEARANCE POINT)";
constexpr char kTableEdge[] = "RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT)";
constexpr char kImpiCreationTable[] = "IMPI CREATION TABLE";
constexpr char kSpecialImpiTable[] = "SPECIAL IMPI CREATION TABLE";
constexpr char kHandSection[] = "\"HAND\"";
constexpr char kTemptationSection[] = "TEMPTATION";
constexpr char kDuringMovement[] = "DURING MOVEMENT";
constexpr char kLoneZulu[] = "CONVERSION OF LONE ZULU";
constexpr char kStartOfTurn[] = "AT START OF TURN";

// Rows as printed.
constexpr char kOnField12[] = "1,2 = Create Lone Zulu";
constexpr char kOnField3[] =
    "3 = Create Rifle-armed Zulu regiment. Must be in a class 3 or 4 terrain feature. If the "
    "terrain is not suitable or there is already a rifle-armed regiment on the table, treat as "
    "4 below.";
constexpr char kOnField4[] = "4 = Keep Status Quo - no creation";
constexpr char kCreateImpi56[] = "5,6 = Create Impi, roll on IMPI CREATION table";
constexpr char kEdge1[] = "1 = Create Skirmishing single Zulu regiment.";
constexpr char kEdge234[] = "2,3,4= Keep Status Quo - no creation";
constexpr char kImpi1[] = "1 = 3 regiments";
constexpr char kImpi234[] = "2,3,4 = 4 regiments";
constexpr char kImpi5[] = "5 = 5 regiments";
constexpr char kImpi6[] = "6 = 6 regiments";
constexpr char kSpecial123[] = "1,2,3 = 1 regiment";
constexpr char kSpecial456[] =
    "4,5,6 = 2 regiments (if available in force pool, otherwise use 1 regiment)";
constexpr char kLeft[] = "1,2,3 = Left handed.";
constexpr char kRight[] = "4,5,6 = Right handed.";
constexpr char kFaithful[] = "1,2,3 = Impi remains faithful to original target.";
constexpr char kChange[] = "4,5,6 = change target to nearer unit.";
constexpr char kMoveLater[] = "1,2,3 = move later";
constexpr char kMoveNowRow[] = "4,5,6 = move now";
constexpr char kMissed1[] = "1 = Figure vanishes";
constexpr char kMissed2[] = "2 = Figure remains in same location";
constexpr char kMissed3[] =
    "3 = Figure moves 1D6 in random direction (if this movement takes the Zulu out of sight, "
    "the figure is removed)";
constexpr char kMissed4[] =
    "4 = Convert to Skirmishing Regiment unless already 2 Skirmishing regiments on field, then "
    "treat as 5,6 below.";
constexpr char kMissed56[] =
    "5,6 = Convert to Impi if force pool allows at current location or 3D6 from British if "
    "within 6\". If force pool does not allow Impi or Special Impi creation, figure vanishes.";
constexpr char kVanishes1234[] = "1,2,3,4= Figure vanishes";
constexpr char kImpi56[] =
    "5,6 = Convert to Impi if force pool allows at current location or 3D6 from British if "
    "within 6\". If force pool does not allow Impi use Special Impi creation. If force pool "
    "does not allow that, figure vanishes.";

// Modifier reasons.
constexpr char kPlusOneTwoImpis[] = "+1: only 2 impis on board or marked to come on";
constexpr char kPlusTwoOneImpi[] = "+2: only 1 impi on board or marked to come on";
constexpr char kPlusOnePool8[] = "+1: 8 or more regiments in the force pool";
constexpr char kMinusOneFirst[] = "-1: first impi created in the game";
constexpr char kPlusOneFired[] = "+1: the tempting unit fired on this impi last turn";

void ExpectRule(const Explanation& why, const std::string& section, const std::string& table,
                const std::string& row, bool designed = false) {
  EXPECT_EQ(why.rule.source, kFile);
  EXPECT_EQ(why.rule.section, section);
  EXPECT_EQ(why.rule.table, table);
  EXPECT_EQ(why.rule.row, row);
  EXPECT_EQ(why.rule.designed, designed);
}

// The script was valid and used up exactly, in `n` rolls, each copied into
// why.dice.
void ExpectConsumed(const Dice& dice, const Explanation& why, size_t n) {
  EXPECT_TRUE(dice.status().ok()) << dice.status();
  ASSERT_EQ(dice.rolls().size(), n);
  ASSERT_EQ(why.dice.size(), n);
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(why.dice[i].faces, dice.rolls()[i].faces);
    EXPECT_EQ(why.dice[i].sides, dice.rolls()[i].sides);
    EXPECT_EQ(why.dice[i].purpose, dice.rolls()[i].purpose);
    EXPECT_EQ(why.dice[i].index, dice.rolls()[i].index);
  }
}

// The single die of `why` and its total, with the given modifier reasons.
void ExpectDie(const Explanation& why, int face, int total,
               const std::vector<std::string>& reasons = {}) {
  ASSERT_FALSE(why.dice.empty());
  const DieRoll& d = why.dice.back();
  EXPECT_EQ(d.sides, 6);
  EXPECT_THAT(d.faces, ::testing::ElementsAre(face));
  EXPECT_EQ(d.result, face);
  EXPECT_EQ(d.total, total);
  std::vector<std::string> got;
  for (const Modifier& m : d.modifiers) got.push_back(m.reason);
  EXPECT_EQ(got, reasons);
}

OnFieldInput Field(int impis_on_or_marked, int terrain_class = 0, bool rifle_on_table = false) {
  OnFieldInput in;
  in.impis_on_or_marked = impis_on_or_marked;
  in.terrain_class = terrain_class;
  in.rifle_on_table = rifle_on_table;
  return in;
}

// One face of a plain table and what it must give.
struct FaceCase {
  int face;
  int expected;  // the function's answer, as an int
  const char* row;
};

std::string FaceName(const ::testing::TestParamInfo<FaceCase>& info) {
  return "Face" + std::to_string(info.param.face);
}

// Scripts the single face `c.face`, calls `roll(dice, &why)` and checks its
// answer (as an int), the rule reference, the unmodified die and that exactly
// one die was used.
template <typename RollFn>
void ExpectFaceReadsRow(const FaceCase& c, const char* section, const char* table, RollFn roll) {
  Dice dice = Dice::Scripted({c.face});
  Explanation why;
  EXPECT_EQ(static_cast<int>(roll(dice, &why)), c.expected);
  ExpectRule(why, section, table, c.row);
  ExpectDie(why, c.face, c.face);
  ExpectConsumed(dice, why, 1);
}

// ---------------------------------------------------------------------------
// Modifiers shared by the two RANDOM CHANCE tables.

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD / FROM TABLE EDGE, Modifiers:
// "+1 to die if only 2 Impis on board or marked to come on", "+2 to die if only
// 1 Impi on board or marked to come on".
TEST(ImpiCountModifier_003, PlusOneAtTwoPlusTwoAtOneAndNoneNothingAtThreeOrMore) {
  EXPECT_EQ(ImpiCountModifier(0), 2);
  EXPECT_EQ(ImpiCountModifier(1), 2);
  EXPECT_EQ(ImpiCountModifier(2), 1);
  EXPECT_EQ(ImpiCountModifier(3), 0);
  EXPECT_EQ(ImpiCountModifier(4), 0);
}

// ---------------------------------------------------------------------------
// RANDOM CHANCE ON-FIELD (APPEARANCE POINT)

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): every
// face with no modifier (3 impis), class 3 terrain, no rifle regiment yet.
class RandomChanceOnFieldFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(RandomChanceOnFieldFaces_003, ReadsPrintedRow) {
  ExpectFaceReadsRow(GetParam(), kOnField, kOnField, [](Dice& dice, Explanation* why) {
    return RandomChanceOnField(dice, Field(3, 3), why);
  });
}

INSTANTIATE_TEST_SUITE_P(
    AllFaces, RandomChanceOnFieldFaces_003,
    ::testing::Values(FaceCase{1, static_cast<int>(OnFieldResult::kLoneZulu), kOnField12},
                      FaceCase{2, static_cast<int>(OnFieldResult::kLoneZulu), kOnField12},
                      FaceCase{3, static_cast<int>(OnFieldResult::kRifleRegiment), kOnField3},
                      FaceCase{4, static_cast<int>(OnFieldResult::kStatusQuo), kOnField4},
                      FaceCase{5, static_cast<int>(OnFieldResult::kImpi), kCreateImpi56},
                      FaceCase{6, static_cast<int>(OnFieldResult::kImpi), kCreateImpi56}),
    FaceName);

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): "1,2 = Create Lone Zulu"
TEST(RandomChanceOnField_003, Row12_CreateLoneZulu) {
  Dice dice = Dice::Scripted({2});
  Explanation why;
  EXPECT_EQ(RandomChanceOnField(dice, Field(4), &why), OnFieldResult::kLoneZulu);
  ExpectRule(why, kOnField, kOnField, kOnField12);
  EXPECT_EQ(why.text, "D6 rolled 2: Create Lone Zulu");
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): "3 = Create
// Rifle-armed Zulu regiment. Must be in a class 3 or 4 terrain feature."
TEST(RandomChanceOnField_003, Row3_RifleRegimentInClass3And4Terrain) {
  for (int terrain_class : {3, 4}) {
    Dice dice = Dice::Scripted({3});
    Explanation why;
    EXPECT_EQ(RandomChanceOnField(dice, Field(3, terrain_class), &why),
              OnFieldResult::kRifleRegiment)
        << "class " << terrain_class;
    ExpectRule(why, kOnField, kOnField, kOnField3);
    EXPECT_EQ(why.text, "D6 rolled 3: Create Rifle-armed Zulu regiment");
    ExpectConsumed(dice, why, 1);
  }
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT), row 3: "If the
// terrain is not suitable ... treat as 4 below."
TEST(RandomChanceOnField_003, Row3_Class1And2TerrainKeepsStatusQuo) {
  for (int terrain_class : {0, 1, 2}) {
    Dice dice = Dice::Scripted({3});
    Explanation why;
    EXPECT_EQ(RandomChanceOnField(dice, Field(3, terrain_class), &why), OnFieldResult::kStatusQuo)
        << "class " << terrain_class;
    // The row landed on is still row 3, whose own text says "treat as 4".
    ExpectRule(why, kOnField, kOnField, kOnField3);
    EXPECT_THAT(why.text, HasSubstr("treated as 4, Keep Status Quo"));
    ExpectConsumed(dice, why, 1);
  }
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT), row 3: "or there
// is already a rifle-armed regiment on the table, treat as 4 below."
TEST(RandomChanceOnField_003, Row3_RifleAlreadyOnTableKeepsStatusQuo) {
  Dice dice = Dice::Scripted({3});
  Explanation why;
  EXPECT_EQ(RandomChanceOnField(dice, Field(3, 4, true), &why), OnFieldResult::kStatusQuo);
  ExpectRule(why, kOnField, kOnField, kOnField3);
  EXPECT_THAT(why.text, HasSubstr("rifle-armed regiment is already on the table"));
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): "4 = Keep Status
// Quo - no creation"
TEST(RandomChanceOnField_003, Row4_KeepStatusQuo) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  EXPECT_EQ(RandomChanceOnField(dice, Field(3, 3), &why), OnFieldResult::kStatusQuo);
  ExpectRule(why, kOnField, kOnField, kOnField4);
  EXPECT_EQ(why.text, "D6 rolled 4: Keep Status Quo");
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): "5,6 = Create
// Impi" and "+1 to die if only 2 Impis on board or marked to come on".
TEST(RandomChanceOnField_003, PlusOneAtTwoImpisTurnsFourIntoImpi) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  EXPECT_EQ(RandomChanceOnField(dice, Field(2), &why), OnFieldResult::kImpi);
  ExpectRule(why, kOnField, kOnField, kCreateImpi56);
  ExpectDie(why, 4, 5, {kPlusOneTwoImpis});
  EXPECT_EQ(why.text,
            "D6 rolled 4, +1 (only 2 impis on board or marked to come on) = 5: Create Impi");
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): at 2 impis a 3
// reads as 4 (status quo), never as a rifle regiment.
TEST(RandomChanceOnField_003, PlusOneAtTwoImpisTurnsThreeIntoStatusQuo) {
  Dice dice = Dice::Scripted({3});
  Explanation why;
  EXPECT_EQ(RandomChanceOnField(dice, Field(2, 3), &why), OnFieldResult::kStatusQuo);
  ExpectRule(why, kOnField, kOnField, kOnField4);
  ExpectDie(why, 3, 4, {kPlusOneTwoImpis});
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): "+2 to die if
// only 1 Impi on board or marked to come on"; 1 + 2 = 3 is the rifle row.
TEST(RandomChanceOnField_003, PlusTwoAtOneImpi) {
  {
    Dice dice = Dice::Scripted({3});
    Explanation why;
    EXPECT_EQ(RandomChanceOnField(dice, Field(1), &why), OnFieldResult::kImpi);
    ExpectRule(why, kOnField, kOnField, kCreateImpi56);
    ExpectDie(why, 3, 5, {kPlusTwoOneImpi});
    ExpectConsumed(dice, why, 1);
  }
  {
    Dice dice = Dice::Scripted({1});
    Explanation why;
    EXPECT_EQ(RandomChanceOnField(dice, Field(1, 3), &why), OnFieldResult::kRifleRegiment);
    ExpectRule(why, kOnField, kOnField, kOnField3);
    ExpectDie(why, 1, 3, {kPlusTwoOneImpi});
    ExpectConsumed(dice, why, 1);
  }
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): with no impi at
// all the +2 applies (no row for none; read as "only 1"), and 6 + 2 = 8 reads as 5,6.
TEST(RandomChanceOnField_003, PlusTwoAtZeroImpisAndTotalsAboveSixReadAsFiveSix) {
  Dice dice = Dice::Scripted({6});
  Explanation why;
  EXPECT_EQ(RandomChanceOnField(dice, Field(0), &why), OnFieldResult::kImpi);
  ExpectRule(why, kOnField, kOnField, kCreateImpi56);
  ASSERT_EQ(why.dice.size(), 1u);
  EXPECT_EQ(why.dice[0].total, 8);
  ASSERT_EQ(why.dice[0].modifiers.size(), 1u);
  EXPECT_EQ(why.dice[0].modifiers[0].value, 2);
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE ON-FIELD (APPEARANCE POINT): no modifier at 3
// or more impis.
TEST(RandomChanceOnField_003, NoModifierAtThreeOrMoreImpis) {
  for (int impis : {3, 5}) {
    Dice dice = Dice::Scripted({4});
    Explanation why;
    EXPECT_EQ(RandomChanceOnField(dice, Field(impis), &why), OnFieldResult::kStatusQuo);
    ExpectDie(why, 4, 4);
    ExpectConsumed(dice, why, 1);
  }
}

// ---------------------------------------------------------------------------
// RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT)

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT): every face
// with no modifier (3 impis) and no skirmishers on the table.
class RandomChanceTableEdgeFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(RandomChanceTableEdgeFaces_003, ReadsPrintedRow) {
  ExpectFaceReadsRow(GetParam(), kTableEdge, kTableEdge, [](Dice& dice, Explanation* why) {
    return RandomChanceTableEdge(dice, 3, 0, why);
  });
}

INSTANTIATE_TEST_SUITE_P(
    AllFaces, RandomChanceTableEdgeFaces_003,
    ::testing::Values(FaceCase{1, static_cast<int>(TableEdgeResult::kSkirmishers), kEdge1},
                      FaceCase{2, static_cast<int>(TableEdgeResult::kStatusQuo), kEdge234},
                      FaceCase{3, static_cast<int>(TableEdgeResult::kStatusQuo), kEdge234},
                      FaceCase{4, static_cast<int>(TableEdgeResult::kStatusQuo), kEdge234},
                      FaceCase{5, static_cast<int>(TableEdgeResult::kImpi), kCreateImpi56},
                      FaceCase{6, static_cast<int>(TableEdgeResult::kImpi), kCreateImpi56}),
    FaceName);

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT): "1 = Create
// Skirmishing single Zulu regiment." With one already on the table, no re-roll.
TEST(RandomChanceTableEdge_003, Row1_SkirmishersWithOneOnTableNoReroll) {
  Dice dice = Dice::Scripted({1});
  Explanation why;
  EXPECT_EQ(RandomChanceTableEdge(dice, 3, 1, &why), TableEdgeResult::kSkirmishers);
  ExpectRule(why, kTableEdge, kTableEdge, kEdge1);
  EXPECT_EQ(why.text, "D6 rolled 1: Create Skirmishing single Zulu regiment");
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT), Note: "If
// there are two already on the table and the result above calls for the creation of
// another, re-roll the D6."
TEST(RandomChanceTableEdge_003, Row1_TwoSkirmishersOnTableRerolls) {
  Dice dice = Dice::Scripted({1, 5});
  Explanation why;
  EXPECT_EQ(RandomChanceTableEdge(dice, 3, 2, &why), TableEdgeResult::kImpi);
  ExpectRule(why, kTableEdge, kTableEdge, kCreateImpi56);
  ASSERT_EQ(why.dice.size(), 2u);
  EXPECT_THAT(why.dice[0].faces, ::testing::ElementsAre(1));
  EXPECT_THAT(why.dice[1].faces, ::testing::ElementsAre(5));
  EXPECT_EQ(why.text,
            "D6 rolled 1: Create Skirmishing single Zulu regiment, but 2 skirmishing regiments "
            "are already on the table: re-roll; D6 rolled 5: Create Impi");
  ExpectConsumed(dice, why, 2);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT), Note: the
// re-roll repeats as long as it calls for skirmishers.
TEST(RandomChanceTableEdge_003, Row1_RerollsUntilNotSkirmishers) {
  Dice dice = Dice::Scripted({1, 1, 3});
  Explanation why;
  EXPECT_EQ(RandomChanceTableEdge(dice, 3, 2, &why), TableEdgeResult::kStatusQuo);
  ExpectRule(why, kTableEdge, kTableEdge, kEdge234);
  ExpectConsumed(dice, why, 3);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT): a script
// that runs out mid re-roll (placeholder 1s) stops and reports, never loops.
TEST(RandomChanceTableEdge_003, RerollStopsWhenScriptRunsOut) {
  Dice dice = Dice::Scripted({1});
  Explanation why;
  RandomChanceTableEdge(dice, 3, 2, &why);
  EXPECT_FALSE(dice.status().ok());
  EXPECT_EQ(dice.rolls().size(), 2u);
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT): "+1 to die
// if only 2 Impis on board or marked to come on": 4 + 1 = 5 creates an impi, and a 1
// becomes 2 (status quo), so there is nothing to re-roll.
TEST(RandomChanceTableEdge_003, PlusOneAtTwoImpis) {
  {
    Dice dice = Dice::Scripted({4});
    Explanation why;
    EXPECT_EQ(RandomChanceTableEdge(dice, 2, 0, &why), TableEdgeResult::kImpi);
    ExpectRule(why, kTableEdge, kTableEdge, kCreateImpi56);
    ExpectDie(why, 4, 5, {kPlusOneTwoImpis});
    ExpectConsumed(dice, why, 1);
  }
  {
    Dice dice = Dice::Scripted({1});
    Explanation why;
    EXPECT_EQ(RandomChanceTableEdge(dice, 2, 2, &why), TableEdgeResult::kStatusQuo);
    ExpectRule(why, kTableEdge, kTableEdge, kEdge234);
    ExpectDie(why, 1, 2, {kPlusOneTwoImpis});
    ExpectConsumed(dice, why, 1);
  }
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT): "+2 to die
// if only 1 Impi on board or marked to come on", also with none; 6 + 2 reads as 5,6.
TEST(RandomChanceTableEdge_003, PlusTwoAtOneAndZeroImpis) {
  for (int impis : {0, 1}) {
    Dice dice = Dice::Scripted({3, 6});
    Explanation why;
    EXPECT_EQ(RandomChanceTableEdge(dice, impis, 0, &why), TableEdgeResult::kImpi);
    ExpectRule(why, kTableEdge, kTableEdge, kCreateImpi56);
    EXPECT_EQ(why.dice[0].total, 5);
    Explanation why2;
    EXPECT_EQ(RandomChanceTableEdge(dice, impis, 0, &why2), TableEdgeResult::kImpi);
    EXPECT_EQ(why2.dice[0].total, 8);
    EXPECT_TRUE(dice.status().ok());
    EXPECT_EQ(dice.rolls().size(), 2u);
  }
}

// 003_8a310c3200cb6fb0.txt, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT): no
// modifier at 3 impis; 4 stays status quo.
TEST(RandomChanceTableEdge_003, NoModifierAtThreeImpis) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  EXPECT_EQ(RandomChanceTableEdge(dice, 3, 0, &why), TableEdgeResult::kStatusQuo);
  ExpectDie(why, 4, 4);
  ExpectConsumed(dice, why, 1);
}

// ---------------------------------------------------------------------------
// AT START OF TURN: the D10 perimeter point

// 003_8a310c3200cb6fb0.txt, AT START OF TURN: "roll a D10 to determine at what Perimeter
// point the Zulus will enter."
TEST(PerimeterPoint_003, RollsD10) {
  Dice dice = Dice::Scripted({10});
  Explanation why;
  EXPECT_EQ(RollPerimeterPoint(dice, 3, &why), 10);
  ExpectRule(why, kStartOfTurn, "Perimeter point (D10)",
             "If a skirmishing unit or Impi is created roll a D10 to determine at what "
             "Perimeter point the Zulus will enter.");
  EXPECT_EQ(why.dice[0].sides, 10);
  EXPECT_EQ(why.text, "D10 rolled 10: perimeter point 10");
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, AT START OF TURN: "This cannot be the Perimeter point at
// which the British enter. If so, roll again."
TEST(PerimeterPoint_003, RerollsTheBritishEntryPoint) {
  Dice dice = Dice::Scripted({3, 3, 9});
  Explanation why;
  EXPECT_EQ(RollPerimeterPoint(dice, 3, &why), 9);
  EXPECT_THAT(why.text, HasSubstr("roll again"));
  ExpectConsumed(dice, why, 3);
}

// 003_8a310c3200cb6fb0.txt, AT START OF TURN: with the British already on the field
// (entry 0) every point is a Zulu entry point, so nothing is re-rolled.
TEST(PerimeterPoint_003, NoBritishEntryNoReroll) {
  Dice dice = Dice::Scripted({1});
  Explanation why;
  EXPECT_EQ(RollPerimeterPoint(dice, 0, &why), 1);
  ExpectConsumed(dice, why, 1);
}

// ---------------------------------------------------------------------------
// IMPI CREATION TABLE

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE: every face with no modifier (7 in the
// pool, not the first impi).
class ImpiCreationFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(ImpiCreationFaces_003, ReadsPrintedRow) {
  ExpectFaceReadsRow(
      GetParam(), kImpiCreationTable, kImpiCreationTable,
      [](Dice& dice, Explanation* why) { return ImpiCreation(dice, 7, false, why).regiments; });
}

INSTANTIATE_TEST_SUITE_P(AllFaces, ImpiCreationFaces_003,
                         ::testing::Values(FaceCase{1, 3, kImpi1}, FaceCase{2, 4, kImpi234},
                                           FaceCase{3, 4, kImpi234}, FaceCase{4, 4, kImpi234},
                                           FaceCase{5, 5, kImpi5}, FaceCase{6, 6, kImpi6}),
                         FaceName);

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE: "2,3,4 = 4 regiments", account text.
TEST(ImpiCreation_003, Row234_FourRegiments) {
  Dice dice = Dice::Scripted({3});
  Explanation why;
  const ImpiSize size = ImpiCreation(dice, 6, false, &why);
  EXPECT_EQ(size.regiments, 4);
  ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi234);
  EXPECT_EQ(why.text, "D6 rolled 3: 4 regiments");
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE: "+1 if 8 or more regiments in force pool"
// is judged on the force pool, not on what the scenario total still allows;
// the scenario total caps the size after the roll (designed).
TEST(ImpiCreation_003, PoolOfEightJudgedOnThePoolScenarioTotalCapsAfter) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  const ImpiSize size = ImpiCreation(dice, /*pool=*/10, false, &why, /*scenario_left=*/3);
  EXPECT_FALSE(size.lone_zulu);
  EXPECT_EQ(size.regiments, 3);
  ExpectDie(why, 4, 5, {kPlusOnePool8});
  EXPECT_EQ(why.text,
            "D6 rolled 4, +1 (8 or more regiments in the force pool) = 5: 5 regiments, but the "
            "scenario total allows only 3 more: 3 regiments");
  // Not more than 2 the scenario still allows: a Lone Zulu, no die.
  Dice none = Dice::Scripted({});
  EXPECT_TRUE(ImpiCreation(none, 10, false, &why, 2).lone_zulu);
  EXPECT_EQ(none.faces_used(), 0u);
}

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE, Modifiers: "+1 if 8 or more regiments in
// force pool" (at 8, not at 7); 6 + 1 reads as row 6.
TEST(ImpiCreation_003, PlusOneAtPoolOfEightNotSeven) {
  {
    Dice dice = Dice::Scripted({4});
    Explanation why;
    EXPECT_EQ(ImpiCreation(dice, 8, false, &why).regiments, 5);
    ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi5);
    ExpectDie(why, 4, 5, {kPlusOnePool8});
    EXPECT_EQ(why.text, "D6 rolled 4, +1 (8 or more regiments in the force pool) = 5: 5 regiments");
    ExpectConsumed(dice, why, 1);
  }
  {
    Dice dice = Dice::Scripted({4});
    Explanation why;
    EXPECT_EQ(ImpiCreation(dice, 7, false, &why).regiments, 4);
    ExpectDie(why, 4, 4);
    ExpectConsumed(dice, why, 1);
  }
  {
    Dice dice = Dice::Scripted({6});
    Explanation why;
    EXPECT_EQ(ImpiCreation(dice, 20, false, &why).regiments, 6);
    ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi6);
    ExpectDie(why, 6, 7, {kPlusOnePool8});
    ExpectConsumed(dice, why, 1);
  }
}

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE, Modifiers: "-1 if this is first Impi
// created in game"; 1 - 1 = 0 reads as row 1.
TEST(ImpiCreation_003, MinusOneForFirstImpi) {
  {
    Dice dice = Dice::Scripted({2});
    Explanation why;
    EXPECT_EQ(ImpiCreation(dice, 7, true, &why).regiments, 3);
    ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi1);
    ExpectDie(why, 2, 1, {kMinusOneFirst});
    ExpectConsumed(dice, why, 1);
  }
  {
    Dice dice = Dice::Scripted({1});
    Explanation why;
    EXPECT_EQ(ImpiCreation(dice, 7, true, &why).regiments, 3);
    ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi1);
    ExpectDie(why, 1, 0, {kMinusOneFirst});
    ExpectConsumed(dice, why, 1);
  }
  {
    Dice dice = Dice::Scripted({6});
    Explanation why;
    EXPECT_EQ(ImpiCreation(dice, 7, true, &why).regiments, 5);
    ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi5);
    ExpectConsumed(dice, why, 1);
  }
}

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE, Modifiers: both at once cancel out.
TEST(ImpiCreation_003, BothModifiers) {
  Dice dice = Dice::Scripted({5});
  Explanation why;
  EXPECT_EQ(ImpiCreation(dice, 9, true, &why).regiments, 5);
  ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi5);
  ExpectDie(why, 5, 5, {kPlusOnePool8, kMinusOneFirst});
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE: "Check available force pool, if not more
// than 2 units, create Lone Zulu instead." No die is rolled.
TEST(ImpiCreation_003, NotMoreThanTwoCreatesLoneZuluWithoutDie) {
  for (int available : {0, 1, 2}) {
    Dice dice = Dice::Scripted({});
    Explanation why;
    const ImpiSize size = ImpiCreation(dice, available, false, &why);
    EXPECT_TRUE(size.lone_zulu);
    EXPECT_EQ(size.regiments, 0);
    ExpectRule(why, kImpiCreationTable, kImpiCreationTable,
               "Check available force pool, if not more than 2 units, create Lone Zulu "
               "instead.");
    EXPECT_THAT(why.text, HasSubstr("no die rolled"));
    ExpectConsumed(dice, why, 0);
  }
}

// 003_8a310c3200cb6fb0.txt, IMPI CREATION TABLE: "If size of Impi created exceeds force
// pool, use what is in pool." Three in the pool is enough for an impi (die rolled).
TEST(ImpiCreation_003, CappedAtWhatIsInPool) {
  const struct {
    int available;
    int face;
    int regiments;
  } cases[] = {{3, 1, 3}, {3, 6, 3}, {4, 5, 4}, {5, 6, 5}, {5, 4, 4}};
  for (const auto& c : cases) {
    Dice dice = Dice::Scripted({c.face});
    Explanation why;
    const ImpiSize size = ImpiCreation(dice, c.available, false, &why);
    EXPECT_FALSE(size.lone_zulu);
    EXPECT_EQ(size.regiments, c.regiments) << c.available << " available, face " << c.face;
    ExpectConsumed(dice, why, 1);
  }
  Dice dice = Dice::Scripted({6});
  Explanation why;
  ImpiCreation(dice, 3, false, &why);
  ExpectRule(why, kImpiCreationTable, kImpiCreationTable, kImpi6);
  EXPECT_EQ(why.text,
            "D6 rolled 6: 6 regiments, but only 3 in the force pool: use what is in pool, "
            "3 regiments");
}

// ---------------------------------------------------------------------------
// SPECIAL IMPI CREATION TABLE

// 003_8a310c3200cb6fb0.txt, SPECIAL IMPI CREATION TABLE: "Must be at least 1 unit."
TEST(SpecialImpiCreation_003, EmptyPoolGivesNoneWithoutDie) {
  Dice dice = Dice::Scripted({});
  Explanation why;
  EXPECT_EQ(SpecialImpiCreation(dice, 0, &why), 0);
  ExpectRule(why, kSpecialImpiTable, kSpecialImpiTable,
             "Check available force pool. Must be at least 1 unit.");
  ExpectConsumed(dice, why, 0);
}

// 003_8a310c3200cb6fb0.txt, SPECIAL IMPI CREATION TABLE: every face with 2 in the pool.
class SpecialImpiCreationFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(SpecialImpiCreationFaces_003, ReadsPrintedRowWithTwoInPool) {
  ExpectFaceReadsRow(
      GetParam(), kSpecialImpiTable, kSpecialImpiTable,
      [](Dice& dice, Explanation* why) { return SpecialImpiCreation(dice, 2, why); });
}

INSTANTIATE_TEST_SUITE_P(AllFaces, SpecialImpiCreationFaces_003,
                         ::testing::Values(FaceCase{1, 1, kSpecial123}, FaceCase{2, 1, kSpecial123},
                                           FaceCase{3, 1, kSpecial123}, FaceCase{4, 2, kSpecial456},
                                           FaceCase{5, 2, kSpecial456},
                                           FaceCase{6, 2, kSpecial456}),
                         FaceName);

// 003_8a310c3200cb6fb0.txt, SPECIAL IMPI CREATION TABLE: "4,5,6 = 2 regiments (if
// available in force pool, otherwise use 1 regiment)"
TEST(SpecialImpiCreation_003, Row456_OnlyOneInPoolGivesOne) {
  for (int face = 1; face <= 6; ++face) {
    Dice dice = Dice::Scripted({face});
    Explanation why;
    EXPECT_EQ(SpecialImpiCreation(dice, 1, &why), 1) << "face " << face;
    ExpectRule(why, kSpecialImpiTable, kSpecialImpiTable, face <= 3 ? kSpecial123 : kSpecial456);
    ExpectConsumed(dice, why, 1);
  }
  Dice dice = Dice::Scripted({5});
  Explanation why;
  SpecialImpiCreation(dice, 1, &why);
  EXPECT_EQ(why.text, "D6 rolled 5: 2 regiments, but only 1 in the force pool: use 1 regiment");
}

// ---------------------------------------------------------------------------
// "HAND"

// 003_8a310c3200cb6fb0.txt, "HAND": "1,2,3 = Left handed." "4,5,6 = Right handed."
class HandFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(HandFaces_003, ReadsPrintedRow) {
  ExpectFaceReadsRow(GetParam(), kHandSection, kHandSection,
                     [](Dice& dice, Explanation* why) { return RollHand(dice, "z3", why); });
}

INSTANTIATE_TEST_SUITE_P(AllFaces, HandFaces_003,
                         ::testing::Values(FaceCase{1, static_cast<int>(Hand::kLeft), kLeft},
                                           FaceCase{2, static_cast<int>(Hand::kLeft), kLeft},
                                           FaceCase{3, static_cast<int>(Hand::kLeft), kLeft},
                                           FaceCase{4, static_cast<int>(Hand::kRight), kRight},
                                           FaceCase{5, static_cast<int>(Hand::kRight), kRight},
                                           FaceCase{6, static_cast<int>(Hand::kRight), kRight}),
                         FaceName);

// 003_8a310c3200cb6fb0.txt, "HAND": "1,2,3 = Left handed."
TEST(Hand_003, Row123_LeftHanded) {
  Dice dice = Dice::Scripted({3});
  Explanation why;
  EXPECT_EQ(RollHand(dice, "z1", &why), Hand::kLeft);
  EXPECT_EQ(why.text, "D6 rolled 3: Left handed");
  EXPECT_EQ(why.dice[0].purpose, "HAND of z1");
  ExpectConsumed(dice, why, 1);
}

// ---------------------------------------------------------------------------
// TEMPTATION

// 003_8a310c3200cb6fb0.txt, TEMPTATION: "1,2,3 = Impi remains faithful to original
// target. 4,5,6 = change target to nearer unit." (no modifier)
class TemptationFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(TemptationFaces_003, ReadsPrintedRowWithoutModifier) {
  ExpectFaceReadsRow(GetParam(), kTemptationSection, kTemptationSection,
                     [](Dice& dice, Explanation* why) { return Temptation(dice, false, why); });
}

INSTANTIATE_TEST_SUITE_P(AllFaces, TemptationFaces_003,
                         ::testing::Values(FaceCase{1, 0, kFaithful}, FaceCase{2, 0, kFaithful},
                                           FaceCase{3, 0, kFaithful}, FaceCase{4, 1, kChange},
                                           FaceCase{5, 1, kChange}, FaceCase{6, 1, kChange}),
                         FaceName);

// 003_8a310c3200cb6fb0.txt, TEMPTATION: "+1 to the die roll if the tempting unit fired on
// the tempted Impi last turn": a 3 becomes 4 and changes target; a 2 stays faithful;
// 6 + 1 reads as 4,5,6.
TEST(Temptation_003, PlusOneWhenTemptingUnitFired) {
  const struct {
    int face;
    bool change;
    const char* row;
  } cases[] = {{3, true, kChange}, {2, false, kFaithful}, {6, true, kChange}};
  for (const auto& c : cases) {
    Dice dice = Dice::Scripted({c.face});
    Explanation why;
    EXPECT_EQ(Temptation(dice, true, &why), c.change) << "face " << c.face;
    ExpectRule(why, kTemptationSection, kTemptationSection, c.row);
    ExpectDie(why, c.face, c.face + 1, {kPlusOneFired});
    ExpectConsumed(dice, why, 1);
  }
  Dice dice = Dice::Scripted({3});
  Explanation why;
  Temptation(dice, true, &why);
  EXPECT_EQ(why.text,
            "D6 rolled 3, +1 (the tempting unit fired on this impi last turn) = 4: changes "
            "target to nearer unit");
}

// ---------------------------------------------------------------------------
// DURING MOVEMENT

// 003_8a310c3200cb6fb0.txt, DURING MOVEMENT: "1,2,3 = move later; 4,5,6 = move now."
class MoveNowFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(MoveNowFaces_003, ReadsPrintedRow) {
  ExpectFaceReadsRow(GetParam(), kDuringMovement, "Zulu movement card test",
                     [](Dice& dice, Explanation* why) { return MoveNow(dice, "impi i1", why); });
}

INSTANTIATE_TEST_SUITE_P(AllFaces, MoveNowFaces_003,
                         ::testing::Values(FaceCase{1, 0, kMoveLater}, FaceCase{2, 0, kMoveLater},
                                           FaceCase{3, 0, kMoveLater}, FaceCase{4, 1, kMoveNowRow},
                                           FaceCase{5, 1, kMoveNowRow},
                                           FaceCase{6, 1, kMoveNowRow}),
                         FaceName);

// 003_8a310c3200cb6fb0.txt, DURING MOVEMENT: "4,5,6 = move now", the die names what
// was tested.
TEST(MoveNow_003, Row456_MoveNow) {
  Dice dice = Dice::Scripted({5});
  Explanation why;
  EXPECT_TRUE(MoveNow(dice, "impi i1", &why));
  EXPECT_EQ(why.text, "D6 rolled 5: move now");
  EXPECT_THAT(why.dice[0].purpose, HasSubstr("impi i1"));
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, DURING MOVEMENT: "Impis within 24" of a British unit will roll
// 4 D6 and attempt to charge."
TEST(MoveDistance_003, ChargeRolls4D6) {
  Dice dice = Dice::Scripted({1, 2, 3, 6, 5});
  Explanation why;
  EXPECT_EQ(MoveDistance(dice, true, "i1", &why), 12);
  ExpectRule(why, kDuringMovement, "Zulu movement distance",
             "Impis within 24\" of a British unit will roll 4 D6 and attempt to charge.");
  ASSERT_EQ(why.dice.size(), 1u);
  EXPECT_EQ(why.dice[0].count, 4);
  EXPECT_THAT(why.dice[0].faces, ::testing::ElementsAre(1, 2, 3, 6));
  EXPECT_EQ(why.dice[0].total, 12);
  EXPECT_EQ(why.text, "4D6 rolled 1+2+3+6 = 12: charges 12\"");
  // Exactly four faces used: the fifth is still there.
  EXPECT_EQ(dice.Roll(6, "next"), 5);
  EXPECT_TRUE(dice.status().ok());
}

// 003_8a310c3200cb6fb0.txt, DURING MOVEMENT: "Other units will move 3 D6 straight
// towards their previous target unit or if no previous target unit, the nearest British
// unit."
TEST(MoveDistance_003, AdvanceRolls3D6) {
  Dice dice = Dice::Scripted({6, 6, 5, 4});
  Explanation why;
  EXPECT_EQ(MoveDistance(dice, false, "i1", &why), 17);
  ExpectRule(why, kDuringMovement, "Zulu movement distance",
             "Other units will move 3 D6 straight towards their previous target unit or if no "
             "previous target unit, the nearest British unit.");
  ASSERT_EQ(why.dice.size(), 1u);
  EXPECT_EQ(why.dice[0].count, 3);
  EXPECT_THAT(why.dice[0].faces, ::testing::ElementsAre(6, 6, 5));
  EXPECT_EQ(dice.Roll(6, "next"), 4);
  EXPECT_TRUE(dice.status().ok());
}

// ---------------------------------------------------------------------------
// CONVERSION OF LONE ZULU

// 003_8a310c3200cb6fb0.txt, CONVERSION OF LONE ZULU, "Lone Zulu fired at and missed":
// every face with no skirmishing regiment on the field.
class LoneZuluMissedFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(LoneZuluMissedFaces_003, ReadsPrintedRow) {
  ExpectFaceReadsRow(
      GetParam(), kLoneZulu, "Lone Zulu fired at and missed",
      [](Dice& dice, Explanation* why) { return LoneZuluFiredAtMissed(dice, 0, why); });
}

INSTANTIATE_TEST_SUITE_P(
    AllFaces, LoneZuluMissedFaces_003,
    ::testing::Values(FaceCase{1, static_cast<int>(LoneZuluResult::kVanishes), kMissed1},
                      FaceCase{2, static_cast<int>(LoneZuluResult::kRemains), kMissed2},
                      FaceCase{3, static_cast<int>(LoneZuluResult::kMovesRandom), kMissed3},
                      FaceCase{4, static_cast<int>(LoneZuluResult::kSkirmishers), kMissed4},
                      FaceCase{5, static_cast<int>(LoneZuluResult::kImpi), kMissed56},
                      FaceCase{6, static_cast<int>(LoneZuluResult::kImpi), kMissed56}),
    FaceName);

// 003_8a310c3200cb6fb0.txt, CONVERSION OF LONE ZULU, missed, row 4: "Convert to
// Skirmishing Regiment unless already 2 Skirmishing regiments on field, then treat as 5,6
// below."
TEST(LoneZuluMissed_003, Row4_TwoSkirmishersConvertsToImpi) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  EXPECT_EQ(LoneZuluFiredAtMissed(dice, 2, &why), LoneZuluResult::kImpi);
  ExpectRule(why, kLoneZulu, "Lone Zulu fired at and missed", kMissed4);
  EXPECT_EQ(why.text,
            "D6 rolled 4: Convert to Skirmishing Regiment, but 2 Skirmishing regiments are "
            "already on the field: treated as 5,6, Convert to Impi");
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, CONVERSION OF LONE ZULU, missed, row 4: one on the field
// still allows a second.
TEST(LoneZuluMissed_003, Row4_OneSkirmisherStillConvertsToSkirmishers) {
  Dice dice = Dice::Scripted({4});
  Explanation why;
  EXPECT_EQ(LoneZuluFiredAtMissed(dice, 1, &why), LoneZuluResult::kSkirmishers);
  ExpectConsumed(dice, why, 1);
}

// 003_8a310c3200cb6fb0.txt, CONVERSION OF LONE ZULU, "Lone Zulu fired at and hit" and
// "Lone Zulu attacked in close combat": "1,2,3,4= Figure vanishes", "5,6 = Convert to
// Impi ...". The two tables print the same rows.
class LoneZuluHitAndCloseCombatFaces_003 : public ::testing::TestWithParam<FaceCase> {};

TEST_P(LoneZuluHitAndCloseCombatFaces_003, ReadsPrintedRow) {
  ExpectFaceReadsRow(GetParam(), kLoneZulu, "Lone Zulu fired at and hit",
                     [](Dice& dice, Explanation* why) { return LoneZuluFiredAtHit(dice, why); });
  ExpectFaceReadsRow(GetParam(), kLoneZulu, "Lone Zulu attacked in close combat",
                     [](Dice& dice, Explanation* why) { return LoneZuluCloseCombat(dice, why); });
}

INSTANTIATE_TEST_SUITE_P(
    AllFaces, LoneZuluHitAndCloseCombatFaces_003,
    ::testing::Values(FaceCase{1, static_cast<int>(LoneZuluResult::kVanishes), kVanishes1234},
                      FaceCase{2, static_cast<int>(LoneZuluResult::kVanishes), kVanishes1234},
                      FaceCase{3, static_cast<int>(LoneZuluResult::kVanishes), kVanishes1234},
                      FaceCase{4, static_cast<int>(LoneZuluResult::kVanishes), kVanishes1234},
                      FaceCase{5, static_cast<int>(LoneZuluResult::kImpi), kImpi56},
                      FaceCase{6, static_cast<int>(LoneZuluResult::kImpi), kImpi56}),
    FaceName);

// ---------------------------------------------------------------------------
// NOTES ON ZULU MOVEMENT: dice among equal courses of action

// 003_8a310c3200cb6fb0.txt, NOTES ON ZULU MOVEMENT: "use a random die roll to resolve
// questions of targeting or move direction. 1,2,3 = left; 4,5,6 = right."
TEST(PickAmong_003, TwoOptionsSplitOneToThreeAndFourToSix) {
  for (int face = 1; face <= 6; ++face) {
    Dice dice = Dice::Scripted({face});
    Explanation why;
    EXPECT_EQ(PickAmong(dice, 2, "direction", &why), face <= 3 ? 0 : 1) << "face " << face;
    EXPECT_EQ(why.rule.row, face <= 3 ? "1,2,3 = option 1 of 2" : "4,5,6 = option 2 of 2");
    EXPECT_EQ(why.rule.section, "NOTES ON ZULU MOVEMENT");
    EXPECT_FALSE(why.rule.designed);
    EXPECT_EQ(why.dice[0].purpose, "direction");
    ExpectConsumed(dice, why, 1);
  }
}

// 003_8a310c3200cb6fb0.txt, NOTES ON ZULU MOVEMENT: three, five and six options; faces
// past the last whole share are re-rolled.
TEST(PickAmong_003, EvenSharesForThreeAndSix) {
  for (int face = 1; face <= 6; ++face) {
    Dice dice = Dice::Scripted({face, face});
    Explanation why3;
    EXPECT_EQ(PickAmong(dice, 3, "target", &why3), (face - 1) / 2);
    Explanation why6;
    EXPECT_EQ(PickAmong(dice, 6, "target", &why6), face - 1);
    EXPECT_TRUE(dice.status().ok());
    EXPECT_EQ(dice.rolls().size(), 2u);
  }
}

// 003_8a310c3200cb6fb0.txt, NOTES ON ZULU MOVEMENT: with 4 options, 5 and 6 are
// re-rolled.
TEST(PickAmong_003, FourOptionsRerollFiveAndSix) {
  Dice dice = Dice::Scripted({5, 6, 4});
  Explanation why;
  EXPECT_EQ(PickAmong(dice, 4, "fire", &why), 3);
  EXPECT_EQ(why.rule.row, "4 = option 4 of 4");
  EXPECT_EQ(why.text, "D6 rolled 5: re-roll; D6 rolled 6: re-roll; D6 rolled 4: option 4 of 4");
  ExpectConsumed(dice, why, 3);
}

// 003_8a310c3200cb6fb0.txt, NOTES ON ZULU MOVEMENT: with 5 options, 6 is re-rolled.
TEST(PickAmong_003, FiveOptionsRerollSix) {
  Dice dice = Dice::Scripted({6, 5});
  Explanation why;
  EXPECT_EQ(PickAmong(dice, 5, "fire", &why), 4);
  ExpectConsumed(dice, why, 2);
}

// 003_8a310c3200cb6fb0.txt, NOTES ON ZULU MOVEMENT: a single course of action needs no
// die.
TEST(PickAmong_003, OneOptionRollsNothing) {
  Dice dice = Dice::Scripted({});
  Explanation why;
  EXPECT_EQ(PickAmong(dice, 1, "target", &why), 0);
  ExpectConsumed(dice, why, 0);
}

// ---------------------------------------------------------------------------
// Designed tables (not in the source text)

// Designed (not in 003_8a310c3200cb6fb0.txt): TSATF-style test to stand, D6 >= target,
// -1 below half strength, -1 charged by cavalry.
TEST(DesignedTestToStand_003, TargetAndModifiers) {
  const struct {
    int face;
    bool below_half;
    bool cavalry;
    int total;
    bool stands;
  } cases[] = {
      {3, false, false, 3, true}, {2, false, false, 2, false}, {3, true, false, 2, false},
      {3, false, true, 2, false}, {4, true, true, 2, false},   {5, true, true, 3, true},
      {1, true, true, -1, false}, {6, false, false, 6, true},
  };
  for (const auto& c : cases) {
    Dice dice = Dice::Scripted({c.face});
    Explanation why;
    EXPECT_EQ(DesignedTestToStand(dice, kDefaultStandTarget, c.below_half, c.cavalry, "z5", &why),
              c.stands)
        << "face " << c.face << " below_half " << c.below_half << " cavalry " << c.cavalry;
    std::vector<std::string> reasons;
    if (c.below_half) reasons.push_back("-1: below half strength");
    if (c.cavalry) reasons.push_back("-1: charged by cavalry");
    ExpectDie(why, c.face, c.total, reasons);
    EXPECT_TRUE(why.rule.designed);
    EXPECT_EQ(why.rule.source, kFile);
    EXPECT_EQ(why.rule.row, c.stands ? "3 or more = stands" : "less than 3 = fails to stand");
    EXPECT_THAT(why.text, HasSubstr("not in the source text"));
    ExpectConsumed(dice, why, 1);
  }
}

// Designed (not in 003_8a310c3200cb6fb0.txt): the stand target is a parameter.
TEST(DesignedTestToStand_003, TargetOverride) {
  Dice dice = Dice::Scripted({4, 5});
  Explanation why;
  EXPECT_FALSE(DesignedTestToStand(dice, 5, false, false, "z5", &why));
  EXPECT_TRUE(DesignedTestToStand(dice, 5, false, false, "z5", &why));
  EXPECT_EQ(why.rule.row, "5 or more = stands");
  EXPECT_TRUE(dice.status().ok());
}

// Designed (not in 003_8a310c3200cb6fb0.txt): critical morale, D6 >= target.
TEST(DesignedCriticalMorale_003, PassesOnTarget) {
  for (int face = 1; face <= 6; ++face) {
    Dice dice = Dice::Scripted({face});
    Explanation why;
    EXPECT_EQ(DesignedCriticalMorale(dice, kDefaultCriticalMoraleTarget, "z2", &why), face >= 4)
        << "face " << face;
    ExpectDie(why, face, face);
    EXPECT_TRUE(why.rule.designed);
    EXPECT_EQ(why.rule.table, "Critical morale (designed)");
    EXPECT_THAT(why.text, HasSubstr("not in the source text"));
    ExpectConsumed(dice, why, 1);
  }
  Dice dice = Dice::Scripted({2, 6});
  EXPECT_TRUE(DesignedCriticalMorale(dice, 2, "z2", nullptr));
  EXPECT_FALSE(DesignedCriticalMorale(dice, 7, "z2", nullptr));  // 7 cannot be reached
}

// Source tables are never marked designed.
TEST(Designed_003, SourceTablesAreNotDesigned) {
  Dice dice = Dice::Scripted({1, 1, 1});
  Explanation why;
  RollHand(dice, "z1", &why);
  EXPECT_FALSE(why.rule.designed);
  ImpiCreation(dice, 5, false, &why);
  EXPECT_FALSE(why.rule.designed);
  LoneZuluCloseCombat(dice, &why);
  EXPECT_FALSE(why.rule.designed);
}

// ---------------------------------------------------------------------------
// Explanations

// Each call fills a fresh Explanation (a reused one is not appended to), and a null
// `why` is allowed.
TEST(Explanation_003, ReusedExplanationIsReplacedAndNullIsAllowed) {
  Dice dice = Dice::Scripted({2, 5, 6});
  Explanation why;
  RollHand(dice, "z1", &why);
  EXPECT_EQ(Temptation(dice, false, &why), true);
  ASSERT_EQ(why.dice.size(), 1u);
  EXPECT_THAT(why.dice[0].faces, ::testing::ElementsAre(5));
  EXPECT_EQ(why.text, "D6 rolled 5: changes target to nearer unit");
  EXPECT_EQ(MoveNow(dice, "i1", nullptr), true);
  EXPECT_TRUE(dice.status().ok());
  EXPECT_EQ(dice.rolls().size(), 3u);
}

// ---------------------------------------------------------------------------
// Worked examples

// 003_8a310c3200cb6fb0.txt, EXAMPLE OF MOVEMENT PROCEDURE: "The first Impi rolls a "1"
// and so will move later. The second Impi rolls a "4" ... The perimeter point rolls a
// "2" so will move later." Then "The D6 is a "4" so he consults the Impi Creation
// table": with two impis on the field (+1) the 4 is a 5. "Here the D6 is a "5" and an
// Impi of 5 regiments is placed" (no pool modifier assumed); "a D6 roll with a "3"
// result means the Impi is "Left-handed""; "three D6 are rolled".
TEST(WorkedExampleMovement_003, FollowsTheText) {
  Dice dice = Dice::Scripted({1, 4, 2, 4, 5, 3, 2, 4, 6});
  EXPECT_FALSE(MoveNow(dice, "first impi", nullptr));
  EXPECT_TRUE(MoveNow(dice, "second impi", nullptr));
  EXPECT_FALSE(MoveNow(dice, "perimeter point 3", nullptr));
  Explanation edge;
  EXPECT_EQ(RandomChanceTableEdge(dice, 2, 0, &edge), TableEdgeResult::kImpi);
  EXPECT_EQ(edge.dice[0].total, 5);
  Explanation size;
  const ImpiSize impi = ImpiCreation(dice, 7, false, &size);
  EXPECT_EQ(impi.regiments, 5);
  EXPECT_EQ(RollHand(dice, "new impi", nullptr), Hand::kLeft);
  EXPECT_EQ(MoveDistance(dice, false, "new impi", nullptr), 12);
  EXPECT_TRUE(dice.status().ok());
  EXPECT_EQ(dice.rolls().size(), 7u);
}

// 003_8a310c3200cb6fb0.txt, EXAMPLE OF MOVEMENT PROCEDURE: "The D6 is a "1" and a Lone
// Zulu figure is placed at the ford." ... "this time the D6 roll is "3" so nothing is
// created": the three impis now on the field give no modifier and the rocky depression
// is not class 3 or 4 terrain (or, counting two impis, 3 + 1 = 4).
TEST(WorkedExampleMovement_003, AppearancePoints) {
  Dice dice = Dice::Scripted({1, 3, 3});
  EXPECT_EQ(RandomChanceOnField(dice, Field(3, 1), nullptr), OnFieldResult::kLoneZulu);
  EXPECT_EQ(RandomChanceOnField(dice, Field(3, 2), nullptr), OnFieldResult::kStatusQuo);
  EXPECT_EQ(RandomChanceOnField(dice, Field(2, 3), nullptr), OnFieldResult::kStatusQuo);
  EXPECT_TRUE(dice.status().ok());
}

// 003_8a310c3200cb6fb0.txt, EXAMPLE OF FIRE PROCEDURE: "A hit is obtained so the umpire
// rolls on the Conversion of Lone Zulu table. The D6 is a "5" which reads "Convert to
// Impi". The Umpire consults the Impi Creation Table and the die roll is "4". At this
// point he places an Impi of 4 Zulu regiments".
TEST(WorkedExampleFire_003, LoneZuluHitBecomesFourRegimentImpi) {
  Dice dice = Dice::Scripted({5, 4});
  EXPECT_EQ(LoneZuluFiredAtHit(dice, nullptr), LoneZuluResult::kImpi);
  EXPECT_EQ(ImpiCreation(dice, 7, false, nullptr).regiments, 4);
  EXPECT_TRUE(dice.status().ok());
  EXPECT_EQ(dice.rolls().size(), 2u);
}

}  // namespace
}  // namespace impi::tsatf
