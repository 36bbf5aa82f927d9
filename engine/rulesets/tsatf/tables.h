// engine/rulesets/tsatf/tables.h: the tables of TSATF "Zulu Control".
//
// Overview: every table of the umpire's manual (rules file
// 003_8a310c3200cb6fb0.txt) as a function that rolls its dice through `dice`
// and fills `why` with the rule, the table, the row it landed on (as printed),
// every die with its purpose and modifiers, and a readable account. The turn
// procedure (zulu_control.h) decides when each table is consulted; these
// functions only read the table. The TSATF core rules (test to stand, critical
// morale) are not in the source text: DesignedTestToStand and
// DesignedCriticalMorale are impi's TSATF-style defaults, marked `designed`,
// with targets the caller can override by state parameters.
//
// Usage:
//   Explanation why;
//   ImpiSize size = ImpiCreation(dice, /*pool=*/10, /*first_impi=*/true, &why);
//   // why.rule.row == "2,3,4 = 4 regiments", why.dice[0].total == roll - 1
//
// Thread safety: pure functions of their arguments and the dice.
#ifndef IMPI_ENGINE_RULESETS_TSATF_TABLES_H_
#define IMPI_ENGINE_RULESETS_TSATF_TABLES_H_

#include <string>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/tsatf/tsatf_state.h"

namespace impi::tsatf {

inline constexpr char kSource[] = "003_8a310c3200cb6fb0.txt";

// Designed parameters (not in the source text), overridable by
// TableState.parameters with these names.
inline constexpr char kStandTargetParam[] = "tsatf.stand_target";            // default 3
inline constexpr char kCriticalMoraleTargetParam[] = "tsatf.critical_morale_target";  // default 4
inline constexpr int kDefaultStandTarget = 3;
inline constexpr int kDefaultCriticalMoraleTarget = 4;

// Section headings, table names and rows as printed in the source text (line
// breaks folded to one space), as they appear in Explanation::rule.
inline constexpr char kSectionOnField[] = "RANDOM CHANCE ON-FIELD (APPEARANCE POINT)";
inline constexpr char kSectionTableEdge[] = "RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT)";
inline constexpr char kSectionStartOfTurn[] = "AT START OF TURN";
inline constexpr char kSectionImpiCreation[] = "IMPI CREATION TABLE";
inline constexpr char kSectionSpecialImpiCreation[] = "SPECIAL IMPI CREATION TABLE";
inline constexpr char kSectionHand[] = "\"HAND\"";
inline constexpr char kSectionTemptation[] = "TEMPTATION";
inline constexpr char kSectionDuringMovement[] = "DURING MOVEMENT";
inline constexpr char kSectionLoneZulu[] = "CONVERSION OF LONE ZULU";
inline constexpr char kSectionZuluMovementNotes[] = "NOTES ON ZULU MOVEMENT";
inline constexpr char kSectionDesigned[] = "TSATF core rules (not in the source text)";

inline constexpr char kTablePerimeterPoint[] = "Perimeter point (D10)";
inline constexpr char kTableMoveTest[] = "Zulu movement card test";
inline constexpr char kTableMoveDistance[] = "Zulu movement distance";
inline constexpr char kTableLoneZuluMissed[] = "Lone Zulu fired at and missed";
inline constexpr char kTableLoneZuluHit[] = "Lone Zulu fired at and hit";
inline constexpr char kTableLoneZuluCloseCombat[] = "Lone Zulu attacked in close combat";
inline constexpr char kTablePickAmong[] = "Random die roll among equal courses of action";
inline constexpr char kTableTestToStand[] = "Test to stand (designed)";
inline constexpr char kTableCriticalMorale[] = "Critical morale (designed)";

inline constexpr char kRowOnField12[] = "1,2 = Create Lone Zulu";
inline constexpr char kRowOnField3[] =
    "3 = Create Rifle-armed Zulu regiment. Must be in a class 3 or 4 terrain feature. If the "
    "terrain is not suitable or there is already a rifle-armed regiment on the table, treat "
    "as 4 below.";
inline constexpr char kRowOnField4[] = "4 = Keep Status Quo - no creation";
inline constexpr char kRowOnField56[] = "5,6 = Create Impi, roll on IMPI CREATION table";

inline constexpr char kRowTableEdge1[] = "1 = Create Skirmishing single Zulu regiment.";
inline constexpr char kRowTableEdge234[] = "2,3,4= Keep Status Quo - no creation";
inline constexpr char kRowTableEdge56[] = "5,6 = Create Impi, roll on IMPI CREATION table";

inline constexpr char kRowPerimeterPoint[] =
    "If a skirmishing unit or Impi is created roll a D10 to determine at what Perimeter point "
    "the Zulus will enter.";

inline constexpr char kRowImpiCreationLoneZulu[] =
    "Check available force pool, if not more than 2 units, create Lone Zulu instead.";
inline constexpr char kRowImpiCreation1[] = "1 = 3 regiments";
inline constexpr char kRowImpiCreation234[] = "2,3,4 = 4 regiments";
inline constexpr char kRowImpiCreation5[] = "5 = 5 regiments";
inline constexpr char kRowImpiCreation6[] = "6 = 6 regiments";

inline constexpr char kRowSpecialImpiNone[] =
    "Check available force pool. Must be at least 1 unit.";
inline constexpr char kRowSpecialImpi123[] = "1,2,3 = 1 regiment";
inline constexpr char kRowSpecialImpi456[] =
    "4,5,6 = 2 regiments (if available in force pool, otherwise use 1 regiment)";

inline constexpr char kRowHandLeft[] = "1,2,3 = Left handed.";
inline constexpr char kRowHandRight[] = "4,5,6 = Right handed.";

inline constexpr char kRowTemptation123[] = "1,2,3 = Impi remains faithful to original target.";
inline constexpr char kRowTemptation456[] = "4,5,6 = change target to nearer unit.";

inline constexpr char kRowMoveLater[] = "1,2,3 = move later";
inline constexpr char kRowMoveNow[] = "4,5,6 = move now";
inline constexpr char kRowMoveCharge[] =
    "Impis within 24\" of a British unit will roll 4 D6 and attempt to charge.";
inline constexpr char kRowMoveAdvance[] =
    "Other units will move 3 D6 straight towards their previous target unit or if no previous "
    "target unit, the nearest British unit.";

inline constexpr char kRowLoneZuluMissed1[] = "1 = Figure vanishes";
inline constexpr char kRowLoneZuluMissed2[] = "2 = Figure remains in same location";
inline constexpr char kRowLoneZuluMissed3[] =
    "3 = Figure moves 1D6 in random direction (if this movement takes the Zulu out of sight, "
    "the figure is removed)";
inline constexpr char kRowLoneZuluMissed4[] =
    "4 = Convert to Skirmishing Regiment unless already 2 Skirmishing regiments on field, then "
    "treat as 5,6 below.";
inline constexpr char kRowLoneZuluMissed56[] =
    "5,6 = Convert to Impi if force pool allows at current location or 3D6 from British if "
    "within 6\". If force pool does not allow Impi or Special Impi creation, figure vanishes.";
// "Fired at and hit" and "attacked in close combat" print the same two rows.
inline constexpr char kRowLoneZuluVanishes1234[] = "1,2,3,4= Figure vanishes";
inline constexpr char kRowLoneZuluImpi56[] =
    "5,6 = Convert to Impi if force pool allows at current location or 3D6 from British if "
    "within 6\". If force pool does not allow Impi use Special Impi creation. If force pool "
    "does not allow that, figure vanishes.";

// The +1 / +2 modifier for "only 2 / only 1 Impis on board or marked to come
// on" (RANDOM CHANCE ON-FIELD and FROM TABLE EDGE). With none at all the +2
// applies (the text has no row for none; fewer than one is read as "only 1").
int ImpiCountModifier(int impis_on_or_marked);

// RANDOM CHANCE ON-FIELD (APPEARANCE POINT), D6 + ImpiCountModifier.
//   1,2 = Create Lone Zulu; 3 = Create Rifle-armed Zulu regiment (class 3 or 4
//   terrain only, and only one on the table: else treat as 4); 4 = Keep Status
//   Quo; 5,6 (and over) = Create Impi.
enum class OnFieldResult { kLoneZulu, kRifleRegiment, kStatusQuo, kImpi };
struct OnFieldInput {
  int impis_on_or_marked = 0;
  int terrain_class = 0;      // of the appearance point
  bool rifle_on_table = false;
  bool occupied = false;      // British units stand on it: no place for rifles
};
OnFieldResult RandomChanceOnField(Dice& dice, const OnFieldInput& in, Explanation* why);

// RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT), D6 + ImpiCountModifier.
//   1 = Create Skirmishing single Zulu regiment; 2,3,4 = Keep Status Quo;
//   5,6 (and over) = Create Impi. With two skirmishing regiments already on
//   the table a result of 1 is re-rolled (every roll is in why->dice).
enum class TableEdgeResult { kSkirmishers, kStatusQuo, kImpi };
TableEdgeResult RandomChanceTableEdge(Dice& dice, int impis_on_or_marked,
                                      int skirmishers_on_table, Explanation* why);

// The D10 perimeter point for a created force: re-rolled while it lands on
// the British entry point. `british_entry` is 0 if there is none.
int RollPerimeterPoint(Dice& dice, int british_entry, Explanation* why);

// IMPI CREATION TABLE. `pool` is the force pool; `scenario_left` what the
// scenario total still allows (-1: no limit). Not more than 2 available (the
// smaller of the two): a Lone Zulu instead, no die. Otherwise D6, +1 if 8 or
// more regiments in the force pool (judged on the pool), -1 if the first
// impi of the game:
//   1 (or less) = 3 regiments; 2,3,4 = 4; 5 = 5; 6 (or more) = 6;
// capped at the pool ("use what is in pool"), then at `scenario_left`
// (designed: the scenario total caps the size after the roll).
struct ImpiSize {
  bool lone_zulu = false;
  int regiments = 0;
};
ImpiSize ImpiCreation(Dice& dice, int pool, bool first_impi, Explanation* why,
                      int scenario_left = -1);

// SPECIAL IMPI CREATION TABLE: at least 1 available, else 0 (no die).
//   1,2,3 = 1 regiment; 4,5,6 = 2 regiments (if available, otherwise 1).
int SpecialImpiCreation(Dice& dice, int available, Explanation* why);

// "HAND": 1,2,3 = Left handed; 4,5,6 = Right handed.
Hand RollHand(Dice& dice, const std::string& unit_id, Explanation* why);

// TEMPTATION: D6, +1 if the tempting unit fired on the tempted impi last turn.
//   1,2,3 = remains faithful; 4,5,6 (and over) = change target. True: change.
bool Temptation(Dice& dice, bool tempting_unit_fired_last_turn, Explanation* why);

// Zulu move card test: 1,2,3 = move later; 4,5,6 = move now. True: now.
bool MoveNow(Dice& dice, const std::string& what, Explanation* why);

// Movement distance: 4D6 when charging (a British unit within 24"), else 3D6.
int MoveDistance(Dice& dice, bool charge, const std::string& unit_id, Explanation* why);

// CONVERSION OF LONE ZULU.
enum class LoneZuluResult { kVanishes, kRemains, kMovesRandom, kSkirmishers, kImpi };
//   Fired at and missed: 1 = vanishes; 2 = remains; 3 = moves 1D6 in a random
//   direction; 4 = Skirmishing Regiment unless 2 already (then as 5,6);
//   5,6 = Convert to Impi.
LoneZuluResult LoneZuluFiredAtMissed(Dice& dice, int skirmishers_on_table, Explanation* why);
//   Fired at and hit: 1,2,3,4 = vanishes; 5,6 = Convert to Impi.
LoneZuluResult LoneZuluFiredAtHit(Dice& dice, Explanation* why);
//   Attacked in close combat: 1,2,3,4 = vanishes; 5,6 = Convert to Impi.
LoneZuluResult LoneZuluCloseCombat(Dice& dice, Explanation* why);

// "Dice for it" among `count` equal options (1 <= count <= 6) with one D6:
// the faces are split evenly, faces past the last whole share are re-rolled.
// Returns 0..count-1. count == 1 rolls nothing. `names`, if given (one a
// option), name the options in the rows ("1,2,3 = b1"), else "option i of n".
int PickAmong(Dice& dice, int count, const std::string& purpose, Explanation* why,
              const std::vector<std::string>& names = {});

// Designed (not in the source text): TSATF-style "test to stand" when
// charged. D6, -1 if below half strength, -1 if charged by cavalry; stands on
// `target` or more (parameter tsatf.stand_target, default 3).
bool DesignedTestToStand(Dice& dice, int target, bool below_half, bool charged_by_cavalry,
                         const std::string& unit_id, Explanation* why);

// Designed (not in the source text): TSATF-style "critical morale" for a unit
// reduced below 50%. D6; passes on `target` or more (parameter
// tsatf.critical_morale_target, default 4).
bool DesignedCriticalMorale(Dice& dice, int target, const std::string& unit_id,
                            Explanation* why);

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_TABLES_H_
