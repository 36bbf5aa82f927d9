// engine/rulesets/pagano/morale.h: ZULU MORALE, the induna's direction, the
// NNC's morale and the BRITISH MEDICAL CORPS in the battle state
// (000_75b60edb8bb33965.txt).
//
// Overview: in each Zulu morale phase "each induna may direct one isigaba",
// within his reach by scale and sight (Direct); then "Each isigaba that
// received at least one casualty since the last Zulu morale phase must
// roll morale" (ResolveZuluMorale: the d10, the figures remaining and lost,
// +1 initiating melee, +1 directed; Firm, Stayed, Routed), and "Remove the
// markers at the end of the Zulu morale phase". A Stayed isigaba waits on
// its choice (StayedChoicesFor lists what the rules leave it); a routed one
// is out of the battle and makes for the table's edge. The NNC roll at the
// end of the Zulu Missile Fire phase, at -2 (ResolveNncMorale). In the Brit
// medical phase each casualty beside the medical corps rolls a d10
// (ResolveMedical); one not beside a medical corps at the end of the Brit
// movement phase is eliminated (CasualtiesLeftBehind).
//
// Errors: FAILED_PRECONDITION naming why an induna may not direct an
// isigaba. Thread safety: functions of the state given.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_MORALE_H_
#define IMPI_ENGINE_RULESETS_PAGANO_MORALE_H_

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

// Designed: a casualty is "alongside" the medical corps within 1" of it,
// edge to edge.
inline constexpr double kAlongside = 1.0;

// Whether the induna at handle `induna` may direct the isigaba at `isigaba`
// this phase: an induna still in the battle, a Zulu isigaba on the table not
// routed, within reach ("within 36" of the induna and within line of sight,
// or 18" without"; 24" and 12" tactical), not already directing another
// isigaba this phase. Direct records it (+1 on that isigaba's morale).
absl::Status CheckDirect(const BattleState& s, int induna, int isigaba);
absl::Status Direct(BattleState& s, int induna, int isigaba);

// Whether the Zulu have lost every induna ("If all induna figures are
// permanently eliminated ... all morale modifiers are lost"): the state had
// indunas and none is left.
bool AllIndunaLost(const BattleState& s);

// Rolls morale for every Zulu isigaba due, in unit order, applies each
// result and removes the markers; clears the induna's direction. Logs an
// event a roll (kMoraleTest).
absl::Status ResolveZuluMorale(BattleState& s, Dice& dice, EventLog& log);
// One isigaba's roll (Zulu or NNC), due one: applied, its markers removed
// and its induna's direction spent; FAILED_PRECONDITION for one not due.
absl::Status RollMorale(BattleState& s, int isigaba, Dice& dice, EventLog& log);
// The NNC's: "NNC roll for morale at the end of the Zulu Missile Fire
// phase. All of their morale rolls are made at -2".
absl::Status ResolveNncMorale(BattleState& s, Dice& dice, EventLog& log);

// What a Stayed isigaba may do now, read off the table (StayedOptions):
// within 3" of a British figure, in cover from the nearest one, prone. (Cover
// within a move is read when movement is built: not offered yet.)
StayedChoices StayedChoicesFor(const BattleState& s, const Unit& isigaba);

// What a Stayed isigaba does: "go prone, retreat directly away from the
// enemy one full move, or move to the nearest cover"; prone and in cover,
// "hold firm or retreat and end upright".
enum class StayedChoice : int { kRetreat = 0, kGoProne, kMoveToCover, kHoldFirm };
// Applies the Stayed isigaba at handle `isigaba`'s choice (a retreat rolls
// its move: MoveIsigaba, straight away from the nearest British figure,
// ending upright) and clears its Stayed mark. FAILED_PRECONDITION for an
// isigaba not awaiting its choice or a choice StayedChoicesFor does not
// offer it.
absl::Status ApplyStayed(BattleState& s, int isigaba, StayedChoice choice, Dice& dice,
                         EventLog& log);

// "Casualties are permanently eliminated if they do not end a movement
// phase alongside a medical corps figure."
void CasualtiesLeftBehind(BattleState& s, EventLog& log);
// The Brit medical phase: "a d 10 is rolled for each casualty and on a 1-6
// the patient is eliminated permanently and on a 8- 10 it is 'wounded'"
// (a 7, designed: still a casualty).
absl::Status ResolveMedical(BattleState& s, Dice& dice, EventLog& log);
// One casualty's roll; FAILED_PRECONDITION for a unit that is no casualty.
absl::Status RollMedical(BattleState& s, int casualty, Dice& dice, EventLog& log);

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_MORALE_H_
