// engine/rulesets/tsatf/tables.cc: the tables of TSATF "Zulu Control"
// (003_8a310c3200cb6fb0.txt), each read as printed.
//
// Every table is a short array of printed rows read by a TableReader
// (engine/game/table_reader.h), which rolls the dice, applies the
// modifiers, finds the row and fills the Explanation. The functions below
// only add what a row cannot say by itself (the rifle-regiment and skirmisher
// limits, re-rolls, force-pool caps).
#include "engine/rulesets/tsatf/tables.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/game/table_reader.h"

namespace impi::tsatf {
namespace {

// Modifier reasons (the sign is added by MakeModifier).
constexpr char kOnlyTwoImpis[] = "only 2 impis on board or marked to come on";
constexpr char kOnlyOneImpi[] = "only 1 impi on board or marked to come on";
constexpr char kNoImpi[] = "no impi on board or marked to come on (read as only 1)";
constexpr char kPoolOfEight[] = "8 or more regiments in the force pool";
constexpr char kFirstImpi[] = "first impi created in the game";
constexpr char kTemptingUnitFired[] = "the tempting unit fired on this impi last turn";
constexpr char kBelowHalf[] = "below half strength";
constexpr char kChargedByCavalry[] = "charged by cavalry";

std::vector<Modifier> ImpiCountModifiers(int impis_on_or_marked) {
  const int value = ImpiCountModifier(impis_on_or_marked);
  if (value == 0) return {};
  const char* reason = value == 1                ? kOnlyTwoImpis
                       : impis_on_or_marked == 1 ? kOnlyOneImpi
                                                 : kNoImpi;
  return {MakeModifier(value, reason)};
}

// 003, RANDOM CHANCE ON-FIELD (APPEARANCE POINT).
constexpr PrintedRow kOnFieldRows[] = {
    {1, 2, kRowOnField12, "Create Lone Zulu", static_cast<int>(OnFieldResult::kLoneZulu)},
    {3, 3, kRowOnField3, "Create Rifle-armed Zulu regiment",
     static_cast<int>(OnFieldResult::kRifleRegiment)},
    {4, 4, kRowOnField4, "Keep Status Quo", static_cast<int>(OnFieldResult::kStatusQuo)},
    {5, 6, kRowOnField56, "Create Impi", static_cast<int>(OnFieldResult::kImpi)},
};
constexpr PrintedTable kOnFieldTable{kSectionOnField, kSectionOnField, kOnFieldRows};

// 003, RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT).
constexpr PrintedRow kTableEdgeRows[] = {
    {1, 1, kRowTableEdge1, "Create Skirmishing single Zulu regiment",
     static_cast<int>(TableEdgeResult::kSkirmishers)},
    {2, 4, kRowTableEdge234, "Keep Status Quo", static_cast<int>(TableEdgeResult::kStatusQuo)},
    {5, 6, kRowTableEdge56, "Create Impi", static_cast<int>(TableEdgeResult::kImpi)},
};
constexpr PrintedTable kTableEdgeTable{kSectionTableEdge, kSectionTableEdge, kTableEdgeRows};

// 003, AT START OF TURN: the D10 perimeter point.
constexpr PrintedRow kPerimeterRows[] = {{1, 10, kRowPerimeterPoint, "perimeter point", 0}};
constexpr PrintedTable kPerimeterTable{kSectionStartOfTurn, kTablePerimeterPoint, kPerimeterRows};

// 003, IMPI CREATION TABLE.
constexpr PrintedRow kImpiCreationRows[] = {
    {1, 1, kRowImpiCreation1, "3 regiments", 3},
    {2, 4, kRowImpiCreation234, "4 regiments", 4},
    {5, 5, kRowImpiCreation5, "5 regiments", 5},
    {6, 6, kRowImpiCreation6, "6 regiments", 6},
};
constexpr PrintedTable kImpiCreationTable{kSectionImpiCreation, kSectionImpiCreation,
                                          kImpiCreationRows};

// 003, SPECIAL IMPI CREATION TABLE.
constexpr PrintedRow kSpecialImpiRows[] = {
    {1, 3, kRowSpecialImpi123, "1 regiment", 1},
    {4, 6, kRowSpecialImpi456, "2 regiments", 2},
};
constexpr PrintedTable kSpecialImpiTable{kSectionSpecialImpiCreation, kSectionSpecialImpiCreation,
                                         kSpecialImpiRows};

// 003, "HAND".
constexpr PrintedRow kHandRows[] = {
    {1, 3, kRowHandLeft, "Left handed", static_cast<int>(Hand::kLeft)},
    {4, 6, kRowHandRight, "Right handed", static_cast<int>(Hand::kRight)},
};
constexpr PrintedTable kHandTable{kSectionHand, kSectionHand, kHandRows};

// 003, TEMPTATION.
constexpr PrintedRow kTemptationRows[] = {
    {1, 3, kRowTemptation123, "remains faithful to original target", 0},
    {4, 6, kRowTemptation456, "changes target to nearer unit", 1},
};
constexpr PrintedTable kTemptationTable{kSectionTemptation, kSectionTemptation, kTemptationRows};

// 003, DURING MOVEMENT: "1,2,3 = move later; 4,5,6 = move now."
constexpr PrintedRow kMoveTestRows[] = {
    {1, 3, kRowMoveLater, "move later", 0},
    {4, 6, kRowMoveNow, "move now", 1},
};
constexpr PrintedTable kMoveTestTable{kSectionDuringMovement, kTableMoveTest, kMoveTestRows};

// 003, DURING MOVEMENT: 4D6 to charge, else 3D6.
constexpr PrintedRow kChargeRows[] = {{4, 24, kRowMoveCharge, "charges", 0}};
constexpr PrintedRow kAdvanceRows[] = {{3, 18, kRowMoveAdvance, "moves", 0}};
constexpr PrintedTable kChargeTable{kSectionDuringMovement, kTableMoveDistance, kChargeRows};
constexpr PrintedTable kAdvanceTable{kSectionDuringMovement, kTableMoveDistance, kAdvanceRows};

// 003, CONVERSION OF LONE ZULU.
constexpr PrintedRow kLoneZuluMissedRows[] = {
    {1, 1, kRowLoneZuluMissed1, "Figure vanishes", static_cast<int>(LoneZuluResult::kVanishes)},
    {2, 2, kRowLoneZuluMissed2, "Figure remains in same location",
     static_cast<int>(LoneZuluResult::kRemains)},
    {3, 3, kRowLoneZuluMissed3, "Figure moves 1D6 in random direction",
     static_cast<int>(LoneZuluResult::kMovesRandom)},
    {4, 4, kRowLoneZuluMissed4, "Convert to Skirmishing Regiment",
     static_cast<int>(LoneZuluResult::kSkirmishers)},
    {5, 6, kRowLoneZuluMissed56, "Convert to Impi", static_cast<int>(LoneZuluResult::kImpi)},
};
constexpr PrintedRow kLoneZuluHitRows[] = {
    {1, 4, kRowLoneZuluVanishes1234, "Figure vanishes",
     static_cast<int>(LoneZuluResult::kVanishes)},
    {5, 6, kRowLoneZuluImpi56, "Convert to Impi", static_cast<int>(LoneZuluResult::kImpi)},
};
constexpr PrintedTable kLoneZuluMissedTable{kSectionLoneZulu, kTableLoneZuluMissed,
                                            kLoneZuluMissedRows};
constexpr PrintedTable kLoneZuluHitTable{kSectionLoneZulu, kTableLoneZuluHit, kLoneZuluHitRows};
constexpr PrintedTable kLoneZuluCloseCombatTable{kSectionLoneZulu, kTableLoneZuluCloseCombat,
                                                 kLoneZuluHitRows};

// A designed pass/fail test (not in the source text): a total of `target` or
// more passes. The row texts are built from the target.
bool DesignedTest(TableReader& r, int target, const char* table_name, const char* pass,
                  const char* fail, const std::string& purpose,
                  const std::vector<Modifier>& modifiers) {
  const std::string fail_text = absl::StrFormat("less than %d = %s", target, fail);
  const std::string pass_text = absl::StrFormat("%d or more = %s", target, pass);
  const PrintedRow rows[] = {
      {1, target - 1, fail_text.c_str(), fail, 0},
      {target, 6, pass_text.c_str(), pass, 1},
  };
  const PrintedTable table{kSectionDesigned, table_name, rows, /*designed=*/true};
  const PrintedRow& row = r.Read(table, 1, 6, purpose, modifiers);
  r.Say(" (designed: not in the source text)");
  // Rows are found by their upper bound: with a target over 6 the fail row
  // covers every face, so this check is only belt and braces.
  return row.value == 1 && r.last().total >= target;
}

}  // namespace

int ImpiCountModifier(int impis_on_or_marked) {
  // 003, RANDOM CHANCE ON-FIELD / FROM TABLE EDGE, Modifiers: "+1 to die if
  // only 2 Impis on board or marked to come on", "+2 to die if only 1".
  if (impis_on_or_marked >= 3) return 0;
  return impis_on_or_marked == 2 ? 1 : 2;
}

OnFieldResult RandomChanceOnField(Dice& dice, const OnFieldInput& in, Explanation* why) {
  TableReader r(kSource, dice, why);
  const PrintedRow& row = r.Read(kOnFieldTable, 1, 6, "RANDOM CHANCE ON-FIELD",
                                 ImpiCountModifiers(in.impis_on_or_marked));
  const auto result = static_cast<OnFieldResult>(row.value);
  if (result != OnFieldResult::kRifleRegiment) return result;
  // 003, row 3: "Must be in a class 3 or 4 terrain feature. If the terrain is
  // not suitable or there is already a rifle-armed regiment on the table,
  // treat as 4 below."
  if (in.occupied) {
    r.Say(absl::StrFormat(
        ", but the British occupy the appearance point (class %d terrain): it is no place for a "
        "rifle-armed regiment: treated as 4, Keep Status Quo",
        in.terrain_class));
    return OnFieldResult::kStatusQuo;
  }
  if (in.terrain_class != 3 && in.terrain_class != 4) {
    r.Say(absl::StrFormat(
        ", but the appearance point is class %d terrain, not class 3 or 4: treated as 4, "
        "Keep Status Quo",
        in.terrain_class));
    return OnFieldResult::kStatusQuo;
  }
  if (in.rifle_on_table) {
    r.Say(", but a rifle-armed regiment is already on the table: treated as 4, Keep Status Quo");
    return OnFieldResult::kStatusQuo;
  }
  return result;
}

TableEdgeResult RandomChanceTableEdge(Dice& dice, int impis_on_or_marked, int skirmishers_on_table,
                                      Explanation* why) {
  TableReader r(kSource, dice, why);
  const std::vector<Modifier> modifiers = ImpiCountModifiers(impis_on_or_marked);
  for (int rolls = 1;; ++rolls) {
    const PrintedRow& row =
        r.Read(kTableEdgeTable, 1, 6, "RANDOM CHANCE FROM TABLE EDGE", modifiers);
    const auto result = static_cast<TableEdgeResult>(row.value);
    // 003, Note: "No more than two Skirmishing Zulu regiments may be on the
    // table. If there are two already on the table and the result above
    // calls for the creation of another, re-roll the D6."
    if (result != TableEdgeResult::kSkirmishers || skirmishers_on_table < 2) return result;
    r.Say(absl::StrFormat(", but %d skirmishing regiments are already on the table: re-roll",
                          skirmishers_on_table));
    if (!r.MayRollAgain(rolls)) return TableEdgeResult::kStatusQuo;
  }
}

int RollPerimeterPoint(Dice& dice, int british_entry, Explanation* why) {
  TableReader r(kSource, dice, why);
  for (int rolls = 1;; ++rolls) {
    r.Read(kPerimeterTable, 1, 10, "perimeter point");
    const int point = r.last().result;
    r.Say(absl::StrCat(" ", point));
    // 003, AT START OF TURN: "This cannot be the Perimeter point at which the
    // British enter. If so, roll again."
    if (british_entry == 0 || point != british_entry) return point;
    r.Say(" is where the British enter: roll again");
    if (!r.MayRollAgain(rolls)) return point;
  }
}

ImpiSize ImpiCreation(Dice& dice, int pool, bool first_impi, Explanation* why, int scenario_left) {
  TableReader r(kSource, dice, why);
  const int available = scenario_left < 0 ? pool : std::min(pool, scenario_left);
  // 003, IMPI CREATION TABLE: "Check available force pool, if not more than 2
  // units, create Lone Zulu instead."
  if (available <= 2) {
    r.Cite(kSectionImpiCreation, kSectionImpiCreation, kRowImpiCreationLoneZulu);
    r.Say(absl::StrFormat(
        "%d in the force pool, not more than 2: create Lone Zulu instead (no die rolled)",
        available));
    return ImpiSize{/*lone_zulu=*/true, /*regiments=*/0};
  }
  std::vector<Modifier> modifiers;
  AddModifierIf(modifiers, pool >= 8, +1, kPoolOfEight);
  AddModifierIf(modifiers, first_impi, -1, kFirstImpi);
  const PrintedRow& row = r.Read(kImpiCreationTable, 1, 6, "IMPI CREATION", modifiers);
  int regiments = row.value;
  // "If size of Impi created exceeds force pool, use what is in pool."
  if (regiments > pool) {
    regiments = pool;
    r.Say(absl::StrFormat(", but only %d in the force pool: use what is in pool, %d regiments",
                          pool, pool));
  }
  // Designed: the scenario total caps the size after the roll.
  if (scenario_left >= 0 && regiments > scenario_left) {
    regiments = scenario_left;
    r.Say(absl::StrFormat(", but the scenario total allows only %d more: %d regiments",
                          scenario_left, scenario_left));
  }
  return ImpiSize{/*lone_zulu=*/false, regiments};
}

int SpecialImpiCreation(Dice& dice, int available, Explanation* why) {
  TableReader r(kSource, dice, why);
  // 003, SPECIAL IMPI CREATION TABLE: "Must be at least 1 unit."
  if (available < 1) {
    r.Cite(kSectionSpecialImpiCreation, kSectionSpecialImpiCreation, kRowSpecialImpiNone);
    r.Say(absl::StrFormat(
        "%d in the force pool, must be at least 1: no Special Impi (no die rolled)", available));
    return 0;
  }
  const PrintedRow& row = r.Read(kSpecialImpiTable, 1, 6, "SPECIAL IMPI CREATION");
  if (row.value > available) {
    r.Say(", but only 1 in the force pool: use 1 regiment");
    return available;
  }
  return row.value;
}

Hand RollHand(Dice& dice, const std::string& unit_id, Explanation* why) {
  TableReader r(kSource, dice, why);
  return static_cast<Hand>(r.Read(kHandTable, 1, 6, absl::StrCat("HAND of ", unit_id)).value);
}

bool Temptation(Dice& dice, bool tempting_unit_fired_last_turn, Explanation* why) {
  TableReader r(kSource, dice, why);
  std::vector<Modifier> modifiers;
  AddModifierIf(modifiers, tempting_unit_fired_last_turn, +1, kTemptingUnitFired);
  return r.Read(kTemptationTable, 1, 6, "TEMPTATION", modifiers).value == 1;
}

bool MoveNow(Dice& dice, const std::string& what, Explanation* why) {
  TableReader r(kSource, dice, why);
  return r.Read(kMoveTestTable, 1, 6, absl::StrCat("Zulu move card test of ", what)).value == 1;
}

int MoveDistance(Dice& dice, bool charge, const std::string& unit_id, Explanation* why) {
  TableReader r(kSource, dice, why);
  r.Read(charge ? kChargeTable : kAdvanceTable, charge ? 4 : 3, 6,
         absl::StrCat(charge ? "charge 4D6 of " : "move 3D6 of ", unit_id));
  const int distance = r.last().result;
  r.Say(absl::StrCat(" ", distance, "\""));
  return distance;
}

LoneZuluResult LoneZuluFiredAtMissed(Dice& dice, int skirmishers_on_table, Explanation* why) {
  TableReader r(kSource, dice, why);
  const PrintedRow& row =
      r.Read(kLoneZuluMissedTable, 1, 6, "CONVERSION OF LONE ZULU (fired at and missed)");
  const auto result = static_cast<LoneZuluResult>(row.value);
  // Row 4: "unless already 2 Skirmishing regiments on field, then treat as
  // 5,6 below."
  if (result == LoneZuluResult::kSkirmishers && skirmishers_on_table >= 2) {
    r.Say(absl::StrFormat(
        ", but %d Skirmishing regiments are already on the field: treated as 5,6, Convert to Impi",
        skirmishers_on_table));
    return LoneZuluResult::kImpi;
  }
  return result;
}

LoneZuluResult LoneZuluFiredAtHit(Dice& dice, Explanation* why) {
  TableReader r(kSource, dice, why);
  return static_cast<LoneZuluResult>(
      r.Read(kLoneZuluHitTable, 1, 6, "CONVERSION OF LONE ZULU (fired at and hit)").value);
}

LoneZuluResult LoneZuluCloseCombat(Dice& dice, Explanation* why) {
  TableReader r(kSource, dice, why);
  return static_cast<LoneZuluResult>(
      r.Read(kLoneZuluCloseCombatTable, 1, 6, "CONVERSION OF LONE ZULU (attacked in close combat)")
          .value);
}

int PickAmong(Dice& dice, int count, const std::string& purpose, Explanation* why,
              const std::vector<std::string>& names) {
  TableReader r(kSource, dice, why);
  count = std::clamp(count, 1, 6);
  if (count == 1) {
    r.Cite(kSectionZuluMovementNotes, kTablePickAmong, "only one course of action");
    r.Say(absl::StrCat(purpose, ": only one option, no die"));
    return 0;
  }
  // 003, NOTES ON ZULU MOVEMENT: "use a random die roll to resolve questions
  // of targeting or move direction. 1,2,3 = left; 4,5,6 = right." Generalised
  // to `count` equal shares of the six faces; faces past the last whole share
  // are re-rolled.
  const int share = 6 / count;
  std::vector<std::string> texts;
  std::vector<std::string> outcomes;
  for (int i = 0; i < count; ++i) {
    std::vector<int> faces;
    for (int f = i * share + 1; f <= (i + 1) * share; ++f) faces.push_back(f);
    outcomes.push_back(static_cast<int>(names.size()) == count ? names[i]
                                                               : absl::StrFormat("option %d of %d", i + 1, count));
    texts.push_back(absl::StrCat(absl::StrJoin(faces, ","), " = ", outcomes.back()));
  }
  if (static_cast<int>(names.size()) == count) {
    r.Say(absl::StrJoin(texts, ", "));  // who is "1,2,3" and who "4,5,6"
  }
  const int covered = count * share;
  const std::string reroll_text =
      covered + 1 == 6 ? "6 = re-roll" : absl::StrFormat("%d,6 = re-roll", covered + 1);
  std::vector<PrintedRow> rows;
  for (int i = 0; i < count; ++i) {
    rows.push_back(
        PrintedRow{i * share + 1, (i + 1) * share, texts[i].c_str(), outcomes[i].c_str(), i});
  }
  if (covered < 6) rows.push_back(PrintedRow{covered + 1, 6, reroll_text.c_str(), "re-roll", -1});
  const PrintedTable table{kSectionZuluMovementNotes, kTablePickAmong, rows};
  for (int rolls = 1;; ++rolls) {
    const PrintedRow& row = r.Read(table, 1, 6, purpose);
    if (row.value >= 0) return row.value;
    if (!r.MayRollAgain(rolls)) return 0;
  }
}

bool DesignedTestToStand(Dice& dice, int target, bool below_half, bool charged_by_cavalry,
                         const std::string& unit_id, Explanation* why) {
  TableReader r(kSource, dice, why);
  std::vector<Modifier> modifiers;
  AddModifierIf(modifiers, below_half, -1, kBelowHalf);
  AddModifierIf(modifiers, charged_by_cavalry, -1, kChargedByCavalry);
  return DesignedTest(r, target, kTableTestToStand, "stands", "fails to stand",
                      absl::StrCat("test to stand of ", unit_id), modifiers);
}

bool DesignedCriticalMorale(Dice& dice, int target, const std::string& unit_id, Explanation* why) {
  TableReader r(kSource, dice, why);
  return DesignedTest(r, target, kTableCriticalMorale, "passes critical morale",
                      "fails critical morale", absl::StrCat("critical morale of ", unit_id), {});
}

}  // namespace impi::tsatf
