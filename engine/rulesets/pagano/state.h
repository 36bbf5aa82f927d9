// engine/rulesets/pagano/state.h: the state only Pagano's d10 rules keep.
//
// Overview: held in BattleState::ruleset_state (engine/core never looks
// inside; docs/pagano-engine.md): the phase of SEQUENCE of PLAY, the month
// (the riflemen table's column), and each unit's bookkeeping, a dense array
// indexed by the unit's handle (its place in BattleState::units) with each
// handle's id beside it, read the way every rule set reads its entries
// (engine/game/unit_entries.h). An isigaba's entry keeps its riflemen roll,
// its spears, its frontage, the figures lost since the last Zulu morale
// phase (the markers), its cattle and the induna directing it; a British
// figure's entry its category, weapon, the piece it crews and the casualty
// it carries; a piece's the Gatling's jam; the medical corps' the casualties
// placed with it this turn. The handles an entry holds (the piece, the
// casualty, the induna) follow their units when a caller's state has them
// in another order: MutableOwnState keys the arrays afresh.
//
// Usage:
//   PaganoState& own = MutableOwnState(state);   // keyed to state.units
//   own.phase = Phase::kBritMissileFire;
//   MutableUnitState(state, *isigaba).lost_since_morale += 2;
//   if (const PaganoUnit* e = UnitState(state, unit)) ... e->spears_thrown ...
//   absl::Status st = CheckOwnState(state);  // names state.pagano.<field>
//
// Thread safety: plain values, copied with the BattleState.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_STATE_H_
#define IMPI_ENGINE_RULESETS_PAGANO_STATE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/event.h"
#include "engine/core/shared_string.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

// The contract's enum name of the rule set (impi.v1.Ruleset).
inline constexpr char kRulesetId[] = "PAGANO_D10";
// The parameter naming the scenario's last turn (BattleState::parameters):
// the battle ends after it (designed: the text names no length of battle).
inline constexpr char kLastTurnParameter[] = "pagano.last_turn";

// A unit's handle: its place in BattleState::units; kNoUnit names none.
inline constexpr int kNoUnit = -1;

// "The Zulu force must be divided up into "izigaba" of twenty figures each."
inline constexpr int kIsigabaFigures = 20;
// "At the end of movement each isigaba must occupy a frontage of at least 4"."
inline constexpr double kMinFrontage = 4.0;
// The designer's notes: "place two cattle figures is front of each of a few
// Zulu isigaba".
inline constexpr int kMostCattle = 2;

// One unit's bookkeeping; what a kind of unit does not use stays at its
// default (an entry with nothing in it has none on the wire).
struct PaganoUnit {
  // An isigaba (ISIGABA, or an NNC NATIVE_FOOT).
  int riflemen_rolled = -1;      // the riflemen table's result at its first fire; -1: not rolled
  bool spears_thrown = false;    // "one d 10 once during the battle for throwing spears"
  bool sharpshooters = false;    // "designated as sharpshooters"
  double frontage = 0.0;         // inches; at least kMinFrontage after movement (0: not set)
  int lost_since_morale = 0;     // the markers: figures lost since the last Zulu morale phase
  bool initiated_melee = false;  // in contact to initiate melee this turn: +1 on its morale
  bool stayed = false;           // its morale came out Stayed: its choice awaited
  int directed_by = kNoUnit;     // the induna directing it this morale phase (+1)
  int cattle = 0;                // cattle figures in front of it (0..kMostCattle)
  bool fought_this_phase = false;  // "neither side may be engaged in a second melee this phase"

  // A British figure.
  BritCategory category = BritCategory::kRanker;
  bool invalid = false;          // "Invalids are a separate category of noncombatants"
  // Its arm when not its kind's (missile.h, WeaponOf: "Rankers will
  // typically be armed with the Martini-Henry if foot, and some type of
  // carbine if mounted"; officers a pistol, designed).
  std::optional<Weapon> weapon;
  bool horse_holder = false;     // "one figure must be used as a horse holder for every four"
  int crew_of = kNoUnit;         // the piece it mans (an artillery crew figure)
  int carrying = kNoUnit;        // the casualty it carries ("at half speed")
  // The Brit movement phase's move it has spent: 0 none, 1 half (mounting,
  // dismounting, a rocket limbering), 2 all (it moved, a gun limbered, a
  // Gatling cleared).
  int move_spent = 0;

  // A piece (GATLING): "One Brit movement and fire phase must be spent clearing it".
  bool jammed = false;
  bool clearing = false;  // a movement phase spent clearing it: clear after the next fire phase

  // The medical corps (SURGEON): "Each turn up to 3 'eliminated' Brits ...
  // may be placed alongside the medical corp figure as 'casualties.'"
  int casualties_this_turn = 0;

  bool Empty() const;
  bool operator==(const PaganoUnit& o) const;
};

// A terrain piece's feature as COVER names it, where its kind alone does
// not say (a terrace, a raised redoubt, a barricade on a donga edge, a
// palisade, a low dirt mound): ground.h, FeatureOf.
// A building's (or a room's) openings: "With buildings only one Brit
// figure may fire through each window, door, breech, or loophole."
struct TerrainFeature {
  std::string terrain_id;
  Feature feature = Feature::kOpen;
  int openings = 0;  // a building's windows, doors, breaches and loopholes

  bool operator==(const TerrainFeature& o) const {
    return terrain_id == o.terrain_id && feature == o.feature && openings == o.openings;
  }
};

// Where the umpire stands within a phase (PaganoState::stage).
enum class Stage : int {
  kStart = 0,  // the phase's opening work not done yet (Run does it)
  kDecide,     // its first round of decisions, one unit at a time
  kSecond,     // its second round (the Stayed izigaba's choices, the spears)
};
inline constexpr int kStages = 3;

struct PaganoState {
  Phase phase = Phase::kZuluMovement;
  Stage stage = Stage::kStart;
  // The battle is over (one side has nothing left in it, or the last turn
  // has been played).
  bool over = false;
  // A Zulu decision has just been applied: the umpire looks at the table
  // (Run) before the next one is awaited, so that one decision is settled
  // at a time (Awaits says kUmpire meanwhile).
  bool run_due = false;
  // The unit a caller asked about (Ask), whose decision is awaited before
  // the others'; kNoUnit: none.
  int asked = kNoUnit;
  // 1 (January) to 12: "Use the left d10 column for battles taking place in
  // January"; 0 reads as January.
  int month = 0;
  // By handle: units[h] is the bookkeeping of BattleState::units[h], whose
  // id is ids[h] (keyed: as many as the units, each with its unit's id).
  std::vector<PaganoUnit> units;
  std::vector<SharedString> ids;
  // The features given to terrain pieces, at most one a piece.
  std::vector<TerrainFeature> features;

  bool KeyedTo(const BattleState& s) const;
};

// Whether `u` is an isigaba: a Zulu ISIGABA or an NNC NATIVE_FOOT (British).
bool IsIsigaba(const Unit& u);
// Whether `u` is a British figure of its own (docs/pagano-engine.md, Units):
// an INFANTRY, CAVALRY, MOUNTED_INFANTRY, NATIVE_HORSE, OFFICER or SURGEON
// of the British side, whatever its condition.
bool IsBritishFigureKind(const Unit& u);

// A unit still in the battle: on the table with a figure fit or wounded (an
// eliminated figure, or a casualty awaiting care, is not).
bool InTheBattle(const Unit& u);
// A British figure in the battle (IsBritishFigureKind and InTheBattle).
bool IsBritishFigure(const Unit& u);
// A cannon, Gatling or rockets: the piece itself, its crew figures apart.
bool IsPiece(const Unit& u);
// Appends `one` (its rule if `all` has none, its dice, its text after
// `separator`) to `all`; nothing when `all` is null.
void AppendExplanation(Explanation* all, const Explanation& one, const char* separator);

// Pagano's own state in BattleState::ruleset_state: nullptr if the state
// has none. The mutable one makes it if absent and keys it to s.units
// (entries move with their units, the handles inside them follow, entries of
// units no longer in the state are dropped).
const PaganoState* OwnState(const BattleState& s);
PaganoState& MutableOwnState(BattleState& s);

// Keys the state's own state to its units when it has one (creating none):
// a step that reads the handles inside entries calls it first, so that a
// caller's state with its units reordered reads the same.
void KeyOwnState(BattleState& s);

// A unit's bookkeeping: nullptr if the state has none. `u` is a unit of `s`
// (another state's unit is found by its id).
const PaganoUnit* UnitState(const BattleState& s, const Unit& u);
PaganoUnit& MutableUnitState(BattleState& s, const Unit& u);

// The unit a handle kept in an entry names: nullptr for kNoUnit or a unit
// no longer in `s`.
const Unit* UnitAt(const BattleState& s, int handle);
// The phase (Zulu Movement if the state has none of its own).
Phase PhaseOf(const BattleState& s);

// What the own state alone may hold, checked against the units: the month
// within 1..12 (or 0), entries only for units of the state, handles that
// name units of the kinds they must (a crew figure's piece a GUN, GATLING
// or ROCKETS of its side; a carried casualty a British figure; a directing
// induna an INDUNA), counts within their rules (cattle 0..2, the medical
// corps' casualties 0..3, riflemen rolled -1..2, markers not negative nor
// above the isigaba's figures lost), a frontage not negative and finite.
// A terrain feature must name a terrain piece of the state, once, with a
// feature COVER names. INVALID_ARGUMENT naming state.pagano.<field> (an
// entry by its unit's id: state.pagano.units[<id>].<field>).
absl::Status CheckOwnState(const BattleState& s);

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_STATE_H_
