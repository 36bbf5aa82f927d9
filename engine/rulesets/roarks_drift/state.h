// engine/rulesets/roarks_drift/state.h: the state of a game of "The Battle of
// Roark's Drift" (004_18930928e35a3412.txt), and its set-up (9.0).
//
// Overview: a RoarksState is the whole game on the station board: the
// counters in play (the garrison and the three regiments' waves, counters.h),
// and for each, by its handle (its place in `counters`), a dense entry of
// what the rules track: its hex and its place in the hex's stack, its
// wounds, prone, a rifle unit's reload, the turn it last took aimed fire;
// the phase, turn and segment (3.0); the fires (10.0); the Oskarberg's
// suppression (6.2.2.2); the Zulu units killed, by regiment and in total
// (9.3.B); the regiments' entry zones (9.2) and retirement (3.7); the
// openings tunnelled (11.0.B). The board is shared and immutable until a
// wall is opened: then the state holds its own copy (copy on write).
//
// What a caller may override where the text is silent ("not in the source
// text") is in RoarksOptions: the charts, the 36-38 victory gap, the
// counter mix, the default British placement.
//
// The procedure is split along the rules' sections, each a file of free
// functions over this state: movement.h (4.0, 5.0), fire.h (6.0), melee.h
// (7.0), damage.h (8.0), buildings.h (10.0, 11.0), turn.h (3.0, 3.7, 9.3,
// 12.0). Queries are const functions here.
//
// Usage:
//   RoarksState s = NewGame();                          // phase 1, turn 1, set-up
//   IMPI_RETURN_IF_ERROR(PlaceBritish(s, DefaultBritishPlacement(s)));   // 9.1
//   IMPI_RETURN_IF_ERROR(ChooseEntryZones(s, Regiment::kUdloko, {1, 2}));  // 9.2
//   ...
//   std::vector<int> stack = StackAt(s, Board::Hex(20, 12));   // top first
//
// Errors: INVALID_ARGUMENT naming the field ("placement[3].hex: ..."),
// FAILED_PRECONDITION when the state is valid but the step does not apply
// now (a placement outside the set-up). A step that fails changes nothing.
// Thread safety: a value; copies are independent (the shared board is
// immutable).
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_STATE_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_STATE_H_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/hex_map.h"
#include "engine/rulesets/roarks_drift/board.h"
#include "engine/rulesets/roarks_drift/counters.h"
#include "engine/rulesets/roarks_drift/tables.h"
#include "engine/rulesets/roarks_drift/terrain_chart.h"

namespace impi::roarks {

// The contract's enum name of the rule set.
inline constexpr char kRulesetId[] = "ROARKS_DRIFT";
// A counter's handle: its place in RoarksState::counters; kNoUnit names none.
inline constexpr int kNoUnit = -1;
inline constexpr int kRegiments = 3;
// Zone numbers on the south edge (board.h: numbered clockwise from the
// north-west corner), for 6.2.2.1.A "an attack from the south edge".
inline constexpr std::array<int, 3> kSouthZones = {5, 6, 7};

// Where the game stands in its sequence.
enum class Stage : int {
  kBritishSetUp = 0,  // 9.1: the British place their units
  kZuluSetUp,         // 9.2: the Zulus choose their regiments' zones
  kPlaying,           // the turn's segments (3.1 - 3.7)
  kOver,              // 12.0: 100 Zulu units killed, or the fourth phase ended
};

// One counter's entry, by handle.
struct CounterState {
  bool on_map = false;      // false: off the board (a regiment not entered, a unit left or killed)
  HexCoord hex;             // where, when on the map
  int stack_pos = 0;        // its place in its hex's stack: 0 the bottom
  WoundState wound = WoundState::kNone;
  bool prone = false;       // 4.0.F (a Zulu)
  bool killed = false;      // mortally wounded, or removed as stacking excess (5.0.F)
  // 6.1.1.D / 6.2.1.B: the turn it last took aimed fire (or gave its factors
  // to the Oskarberg, 6.2.2.2.B); it may not aim the next turn. 0: never.
  int aimed_on_turn = 0;
  int fired_on_turn = 0;     // the turn it last fired at all (one fire a turn, 6.0)
  int moved_on_turn = 0;     // the turn it last spent MPs
  int mp_spent = 0;          // MPs spent in the current movement segment
  bool done_moving = false;  // 4.0.C: another unit began moving after it
  // 8.3.A: a seriously wounded man healed in the interphase returns on this
  // turn of the phase (0: in play).
  int returns_on_turn = 0;
  int turns_in_fire = 0;     // 10.2.E: turns it has stayed in a room on fire
  bool torch = false;        // 10.1.D: a Zulu carrying fire from a burning room
  bool retiring = false;     // 3.7.B: its regiment retires
};

// A fire in a room (10.0).
struct RoomFire {
  int room = 0;
  // 10.2.A: "a fire will start the following turn": kindled on this turn,
  // burning from the next.
  int kindled_on_turn = 0;
  bool spread = false;  // 10.2.B-C: it has spread to the rooms next to it
};

// A volley line being lined up (6.1.2.A) by a lieutenant.
struct VolleyLine {
  int lieutenant = kNoUnit;
  HexDirection facing = HexDirection::kNorth;
  int lined_up_on_turn = 0;
  HexCoord lieutenant_hex;  // a lieutenant who moves lines up again
  std::vector<int> units;   // the men lined up (they may not fire that turn)
};

// One melee attack (7.0): the attacking units, all adjacent to the target
// hex, combined.
struct MeleeAttack {
  std::vector<int> attackers;
  HexCoord target;
};

// A melee rolled, its damage held until all are applied together (7.0.F, H).
struct MeleeOutcome {
  Side attacker = Side::kZulu;
  std::vector<int> attackers;
  HexCoord target;
  int attack = 0;   // melee factors after terrain
  int defence = 0;
  int column = 0;   // the Melee Chart's column (tables.h)
  Damage damage = Damage::kMiss;
  bool vacated = false;  // 7.0.I: the defenders were eliminated
};

// What the text leaves to the designer, each with its default; a caller
// gives its own.
struct RoarksOptions {
  FireChart fire_chart = DefaultFireChart();
  MeleeChart melee_chart = DefaultMeleeChart();
  TerrainChart terrain = DefaultTerrainChart();
  // 12.0: the level of 36-38 British dead (no printed row).
  Victory victory_gap = Victory::kBritishMarginal;
};

struct RoarksState {
  // The board; shared until a wall is tunnelled (then this state's own).
  std::shared_ptr<const Board> board;
  RoarksOptions options;

  // The counters in play, by handle: specs[h] and counters[h].
  CounterSpecs specs;
  std::vector<CounterState> counters;

  Stage stage = Stage::kBritishSetUp;
  int phase = 1;  // 1..kPhases
  int turn = 1;   // turn of the phase, from 1
  // The turns of the phases before this one, a count for reports (no rule
  // reads it): the game has played turns_before + turn turns.
  int turns_before = 0;
  Segment segment = Segment::kZuluMovement;
  // 4.0.C: the unit moving now in a movement segment; kNoUnit: none yet.
  int moving = kNoUnit;

  std::vector<RoomFire> fires;
  // 7.0: the melees of this turn: the Zulus' rolled and held, then the
  // British; applied together once the British have attacked.
  std::vector<MeleeOutcome> melees;
  bool zulu_melee_done = false;
  bool melee_applied = false;
  // The game interface's bookkeeping (roarks_drift.h): the British attacks
  // declared one by one, rolled together when they are done; the Zulu
  // advances settled; the side in play has ended the segment (the umpire
  // closes it next).
  std::vector<MeleeAttack> british_attacks;
  bool zulu_advances_done = false;
  bool segment_done = false;
  bool zulu_ends_phase = false;  // 9.3.A: the phase ends with this turn
  std::vector<VolleyLine> volley_lines;
  // 6.2.2.2: the British successes against the Oskarberg (0..4) and the turn
  // of the last attempt (0: none).
  int suppression = 0;
  int suppression_turn = 0;
  int oskarberg_fired_turn = 0;  // the turn the Oskarberg last fired (once a turn)

  // 9.3.B: Zulu units killed, by regiment (index Regiment - 1), in this
  // phase and in the game, and in total.
  std::array<int, kRegiments> killed_this_phase = {0, 0, 0};
  std::array<int, kRegiments> killed_in_game = {0, 0, 0};
  int zulu_killed = 0;
  // 9.3.C: rifled units lost, by regiment: not replaced.
  std::array<int, kRegiments> rifles_lost = {0, 0, 0};
  // 9.2: each regiment's entry zones this phase (empty: not chosen yet).
  std::array<std::vector<int>, kRegiments> entry_zones;
  // 3.7: the units of each regiment at the start of the phase, and whether
  // it retires.
  std::array<int, kRegiments> wave = {0, 0, 0};
  std::array<bool, kRegiments> retired = {false, false, false};
  // 3.1.A: whether any Zulu unit attacked (entered) from the south edge
  // this phase (6.2.2.1.A).
  bool attacked_from_south = false;

  // Derived, not part of the game (HashOwnState leaves it out): each hex's
  // stack as a list, for the queries (StackAt, TopUnit, Holder) to read
  // without scanning every counter. top_at[cell] is the top unit of the hex
  // with that cell index (HexMap::CellIndex; kNoUnit: none), below[unit]
  // the next unit down. Empty: not built, and the queries scan the
  // counters; NewGame builds it, ReindexStacks (re)builds it after the
  // counters are written directly, PutOnTop and TakeOffMap keep it.
  std::vector<int16_t> top_at;
  std::vector<int16_t> below;

  const Board& Map() const { return *board; }
  int size() const { return static_cast<int>(specs.size()); }
};

// --- Set-up -----------------------------------------------------------------

// A new game at the start of phase 1, awaiting the British set-up: the
// garrison (Garrison()) off the map, then each regiment's wave (counters.h),
// off the map until it enters. `board` null: StationBoard().
RoarksState NewGame(RoarksOptions options = {}, std::shared_ptr<const Board> board = nullptr);

// One counter's place.
struct Placement {
  int unit = kNoUnit;
  HexCoord hex;
};

// 9.1 British placement: every British unit in play placed at once.
// "B. These units must be placed in the hospital": the men whose spec says
// so, in the first phase; "C. Major Reynolds must be placed in the
// storehouse"; "D. All other units may be placed anywhere" (on the map, in
// no room on fire); 5.0.D at most five a hex; "A. ... In later phases,
// wounded soldiers must be deployed as close to the storeroom as possible"
// (reading: no hex nearer the storeroom that a man may stand in holds fewer
// than five British, or an unwounded man). FAILED_PRECONDITION outside the
// British set-up; INVALID_ARGUMENT naming "placement[i]" otherwise.
absl::Status PlaceBritish(RoarksState& s, const std::vector<Placement>& placement);
// A placement that meets 9.1 (not in the source text, designed for a game
// that needs one): the hospital's men in its rooms, Reynolds in the
// storeroom, the wounded as near the storeroom as they may be, the rest
// along the walls of the main perimeter, up to five a hex.
std::vector<Placement> DefaultBritishPlacement(const RoarksState& s);

// 9.2 Zulu placement: a regiment's zones, checked against those already
// chosen this phase (EntryAllowed, 9.2.C-D). When the last regiment has its
// zones the turn begins. FAILED_PRECONDITION outside the Zulu set-up or a
// regiment with its zones; INVALID_ARGUMENT naming "zones" otherwise.
absl::Status ChooseEntryZones(RoarksState& s, Regiment regiment, const std::vector<int>& zones);

// --- Queries ----------------------------------------------------------------

// The side a counter fights for.
inline Side SideOf(const RoarksState& s, int unit) { return s.specs[static_cast<size_t>(unit)].side; }
// A counter on the map and not killed; the healed returns only on its turn.
// (Inline: the listings and the players ask it of every counter.)
inline bool InPlay(const RoarksState& s, int unit) {
  if (unit < 0 || unit >= s.size()) return false;
  const CounterState& c = s.counters[static_cast<size_t>(unit)];
  return c.on_map && !c.killed;
}
// The units in play in a hex, top first.
std::vector<int> StackAt(const RoarksState& s, HexCoord h);
// The top unit of a hex (kNoUnit: none): fire's target (8.1.B).
int TopUnit(const RoarksState& s, HexCoord h);
// The side holding a hex (nullopt: empty).
std::optional<Side> Holder(const RoarksState& s, HexCoord h);
// The handle of the counter with this id; kNoUnit if none.
int UnitById(const RoarksState& s, const std::string& id);
// Index of a regiment in the per-regiment arrays (0..2); -1 for kNone.
int RegimentIndex(Regiment r);
// The room on fire in a hex (burning now: kindled on an earlier turn).
bool RoomBurning(const RoarksState& s, int room);
// The hex distance to the nearest storeroom hex (8.3, 9.1.A).
int DistanceToStoreroom(const Board& b, HexCoord h);
// DistanceToStoreroom of every hex of the map, by its cell index
// (HexMap::CellIndex): for the loops over the whole map.
std::vector<int> StoreroomDistances(const Board& b);
// A wall a man fights and fires across (mealie bags, biscuit boxes, the
// kraal, the redoubt), not a building's.
bool Barricade(const RoarksState& s, const HexSide& side);
// Whether a hex is in the building named.
bool InBuilding(const Board& b, HexCoord h, int building);

// --- Changing the stacks ----------------------------------------------------

// Puts a unit on top of a hex's stack (removing it from its old one).
void PutOnTop(RoarksState& s, int unit, HexCoord h);
// Takes a unit off the map.
void TakeOffMap(RoarksState& s, int unit);
// Builds the stacks' index (RoarksState::top_at, below) from the counters:
// after writing counters' places other than by PutOnTop and TakeOffMap.
void ReindexStacks(RoarksState& s);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_STATE_H_
