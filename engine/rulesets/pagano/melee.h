// engine/rulesets/pagano/melee.h: MELEE in the battle state
// (000_75b60edb8bb33965.txt, MELEE, steps 1-5).
//
// Overview: in a melee phase each isigaba in contact with British figures
// fights one melee (Melees): the Zulu Melee phase's are those of the
// izigaba that came into contact upright (PaganoUnit::initiated_melee), the
// Brit Melee phase's every isigaba in contact. "Typically Brits within 2" of
// a Zulu isigaba that has come into contact will also be engaged in a
// melee. If a figure may be in melee with more than one izagaba then put it
// against the one that would otherwise have lesser opponents." ResolveMelee
// fights one: the isigaba's spears first if it has them and a British
// figure in their range (step 1, designed: it always throws them); the
// figures counted ("Include all Brits; wounded, artillery crews,
// non-combatants, etc. Do not include casualties or invalids"); the table
// from the modifiers (MeleeTableIndex, each applying "to at least half of
// the figures on a given side"); round after round (MeleeRound), each
// round's eliminations then retreats laid on figures in the printed orders
// (AllocateBritishEffects: a British figure eliminated goes as CASULTIES
// say; retreated, it steps back out of the melee), until one side has none
// in it, or a melee against Brits in a building is drawn (BuildingMeleeDrawn).
// Then step 5: a winning attacker may take the ground (designed: Zulu
// winners advance 2" towards where the British stood; British winners hold),
// retreated winners rejoin, the losers' retreated figures fall back a move
// (designed: British figures a move straight away from the isigaba, an
// isigaba the same, eliminated if they cannot), casualties and invalids by
// the losing Brits are eliminated, and so are the medical corps' casualties
// if it fought on the losing side. Nobody fights a second melee this phase.
//
// Errors: FAILED_PRECONDITION for a melee of figures that may not fight
// (already fought this phase, not in the battle). Thread safety: functions
// of the state given.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_MELEE_H_
#define IMPI_ENGINE_RULESETS_PAGANO_MELEE_H_

#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

// "Brits within 2" of a Zulu isigaba that has come into contact".
inline constexpr double kMeleeReach = 2.0;
// Designed: "Move back 1 move": a British figure's move (6" on foot, 12"
// mounted), an isigaba's 6".
inline constexpr double kFootMove = 6.0;
inline constexpr double kMountedMove = 12.0;
// "they may take the position vacated by the losers by moving forward up
// to 2"".
inline constexpr double kMeleeAdvance = 2.0;

struct MeleeParties {
  int isigaba = kNoUnit;
  std::vector<int> brits;  // handles, in unit order
};

// The melees of the phase whose side initiates (ZULU in the Zulu Melee
// phase, BRITISH in the Brit Melee phase), in unit order of the izigaba.
std::vector<MeleeParties> Melees(const BattleState& s, Side initiator);

// Fights one melee to its end and applies step 5. Logs one kCharged
// event with every die.
absl::Status ResolveMelee(BattleState& s, const MeleeParties& m, Side initiator, Dice& dice,
                          EventLog& log);

// The NNC's melees: "In melee use Table 0 with the NNC rolling as Brits and
// ignoring all modifiers." An NNC isigaba (NATIVE_FOOT, British) in contact
// with a Zulu isigaba fights it: in the Zulu Melee phase when the Zulus
// came into contact to initiate it, in the Brit Melee phase otherwise (the
// NNC "move and fire as Zulus but during the Brit phases": designed, they
// melee in the Brit Melee phase). One melee each a phase.
struct NncMelee {
  int zulus = kNoUnit;
  int nnc = kNoUnit;
};
std::vector<NncMelee> NncMelees(const BattleState& s, Side initiator);
// Fights it round after round on Table 0 to its end (eliminations on each
// isigaba as CASULTIES say), then step 5: winning attackers advance up to
// 2", the losers fall back a move. Logs one kCharged event.
absl::Status ResolveNncMelee(BattleState& s, const NncMelee& m, Side initiator, Dice& dice,
                             EventLog& log);

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_MELEE_H_
