// clients/cli/table_test.cc: `impi table` in-process: the answer with its
// rule, row and dice, typed dice and seeded ones, and every kind of refusal
// with its exit code.
#include "clients/cli/table.h"

#include <sstream>
#include <string>

#include "clients/cli/commands.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace impi::cli {
namespace {

using ::testing::HasSubstr;

struct TableRun {
  int code = 0;
  std::string out;
  std::string err;
};

TableRun Table(TableOptions o) {
  std::ostringstream out, err;
  TableRun r;
  r.code = TableCommand(o, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(TableCommandTest, PaganoMoraleWithTypedDice) {
  TableOptions o;
  o.ruleset = "pagano";
  o.table = "morale";
  o.args = {"remaining=17", "lost=3", "induna=true"};
  o.dice = {7};
  const TableRun r = Table(o);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_THAT(r.out, HasSubstr("PAGANO_D10 morale: total 22: Firm"));
  EXPECT_THAT(r.out, HasSubstr("rule: 000_75b60edb8bb33965.txt, ZULU MORALE, Result: "
                               "\"21 + : Firm; no effect\""));
  EXPECT_THAT(r.out, HasSubstr("die 1: 1d10 7 for Zulu morale = 22"));
}

TEST(TableCommandTest, RoarksMeleeReadsTheWorkedExamplesOddsOnTheDesignedChart) {
  TableOptions o;
  o.ruleset = "roarks";
  o.table = "melee";
  o.args = {"attack=5", "defense=18"};
  o.dice = {6, 6};
  const TableRun r = Table(o);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_THAT(r.out, HasSubstr("ROARKS_DRIFT melee: 1:4, S (Serious wound)"));
  EXPECT_THAT(r.out, HasSubstr("Melee Chart (designed: not in the source text): \"1:4\""));
  EXPECT_THAT(r.out, HasSubstr("die 1: 2d6 6+6"));
}

TEST(TableCommandTest, SeededDiceGiveTheSameAnswerAgain) {
  TableOptions o;
  o.ruleset = "roarks";
  o.table = "oskarberg";
  o.seed = 4;
  const TableRun a = Table(o), b = Table(o);
  ASSERT_EQ(a.code, kExitOk) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_THAT(a.out, HasSubstr("6.2.2.1 Zulu Attacks"));
}

TEST(TableCommandTest, PaganoFightPlaysAWholeMelee) {
  TableOptions o;
  o.ruleset = "pagano";
  o.table = "fight";
  o.args = {"table=1", "zulus=2", "brits=1"};
  o.dice = {4, 7, 6, 3};
  const TableRun r = Table(o);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_THAT(r.out, HasSubstr("PAGANO_D10 fight: the Zulus win after 2 rounds; Brits 0 "
                               "eliminated, 1 retreated; Zulus 1 eliminated, 0 retreated"));
  EXPECT_THAT(r.out, HasSubstr("die 4: 1d10 3 for Brit melee"));
}

TEST(TableCommandTest, ListsTheTablesAndTheirKeys) {
  TableOptions o;
  o.ruleset = "pagano";
  const TableRun r = Table(o);
  ASSERT_EQ(r.code, kExitOk);
  EXPECT_THAT(r.out, HasSubstr("PAGANO_D10 morale: remaining lost initiating induna nnc"));
  EXPECT_THAT(r.out, HasSubstr("PAGANO_D10 melee: table zulus brits"));
}

TEST(TableCommandTest, RefusalsNameWhatIsWrong) {
  TableOptions o;
  o.ruleset = "empress";
  TableRun r = Table(o);
  EXPECT_EQ(r.code, kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("pagano or roarks"));

  o.ruleset = "pagano";
  o.table = "charge";
  r = Table(o);
  EXPECT_EQ(r.code, kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("has no table 'charge'"));

  o.table = "morale";
  o.args = {"remaining=x"};
  r = Table(o);
  EXPECT_EQ(r.code, kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("remaining=x: not a whole number"));

  o.args = {"foo=1"};
  r = Table(o);
  EXPECT_EQ(r.code, kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("unknown key 'foo'"));

  o.args = {"remaining=5"};
  o.dice = {11};
  r = Table(o);
  EXPECT_EQ(r.code, kExitError);
  EXPECT_THAT(r.err, HasSubstr("11 is not a face of a d10"));

  o.dice = {3, 4};
  r = Table(o);
  EXPECT_EQ(r.code, kExitError);
  EXPECT_THAT(r.err, HasSubstr("2 typed, 1 needed"));

  o.table = "missile";
  o.args = {"range=50"};
  o.dice = {};
  r = Table(o);
  EXPECT_EQ(r.code, kExitError);
  EXPECT_THAT(r.err, HasSubstr("past the Brit Martini-Henry rifles's skirmish range of 45\""));
  EXPECT_TRUE(r.out.empty()) << "no partial answer";
}

}  // namespace
}  // namespace impi::cli
