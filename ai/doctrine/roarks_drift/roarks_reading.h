// ai/doctrine/roarks_drift/roarks_reading.h: what both players of "The
// Battle of Roark's Drift" (004_18930928e35a3412.txt) read off the board to
// choose among their orders: the RULES Zulu (roarks_doctrine.h) and the
// scripted British (ai/british/roarks_british.h).
//
// Overview: an order's RoarksOrder (OrderOf), the first option of an
// order (FirstOf), a counter's state (Counter), a choice with its reason
// (Told); the march field, the MPs
// from every hex to the nearest of a set of goal hexes for a unit of one
// side, by the Terrain Effects Chart, through no hex the enemy holds and
// no room on fire (MarchField, which keeps its last field while what it
// depends on is unchanged, so that the decisions of one segment share one
// field); the melee contact of a hex with the enemy.
//
// Thread safety: MarchField is one player's (one thread's); the rest are
// pure functions.
#ifndef IMPI_AI_DOCTRINE_ROARKS_DRIFT_ROARKS_READING_H_
#define IMPI_AI_DOCTRINE_ROARKS_DRIFT_ROARKS_READING_H_

#include <functional>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::ai {

// A march field's value where no goal can be reached.
inline constexpr int kFar = 1 << 20;

// The order of a Roark's Drift action (its Action::extra).
const roarks::RoarksOrder& OrderOf(const Action& a);

// The index of the first of `options` giving order `o`; -1 when none does.
int FirstOf(const std::vector<Action>& options, roarks::Order o);

// Counter u's state (a handle of s).
inline const roarks::CounterState& Counter(const roarks::RoarksState& s, int u) {
  return s.counters[static_cast<size_t>(u)];
}

// `choice`, with `text` as its reason in *why (when why is not null).
int Told(int choice, std::string* why, const std::string& text);

// What a player wants of unit u among its options [begin, end): the index
// of the one it takes, with its reason in *text, or -1 to leave it.
using UnitWish = std::function<int(int u, size_t begin, size_t end, const char** text)>;

// The first option a player wants in a movement segment, asking of each
// unit's options in turn (a unit's options stand together, as impi lists
// them), the unit moving now first (4.0.C: another's move ends its own),
// then each in the order listed; told as "<id>: <text>". -1 when it wants
// none.
int FirstWanted(const roarks::RoarksState& s, const std::vector<Action>& options, const UnitWish& wants,
                std::string* why);

// The enemy units (of the side that is not `mine`) in the hexes next to
// `h` that are in melee contact with it (melee.h): 0, none.
int EnemyInContact(const roarks::RoarksState& s, HexCoord h, roarks::Side mine);

// The MPs from each hex to the nearest goal for a unit of `side`, by cell
// index (kFar where none is reachable).
class MarchField {
 public:
  // The field towards the hexes `goal` accepts; `key` names what the goals
  // depend on beyond the board and the enemy's places (0 if nothing): the
  // field is rebuilt only when the board, the hexes the enemy holds, the
  // fires or the key change.
  const std::vector<int>& Get(const roarks::RoarksState& s, roarks::Side side, int key,
                              const std::function<bool(HexCoord)>& goal);
  // The value at a hex (kFar off the map).
  int At(const roarks::RoarksState& s, HexCoord h) const;

 private:
  std::vector<int> inputs_;
  std::vector<int> field_;
};

}  // namespace impi::ai

#endif  // IMPI_AI_DOCTRINE_ROARKS_DRIFT_ROARKS_READING_H_
