// engine/rulesets/ferree/state.h: the state of Ferree's Isandlwana.
//
// Overview: the rule set's own state (FerreeState, kept in
// BattleState::ruleset_state: the pending Zulu decision, the situation rolls
// A-F, the secret entries, the cup and each unit's bookkeeping), the sizes
// and sections of the text the procedure uses, and the unit helpers the
// procedure and the policies share (which units fight, the trays of a
// regiment, the camp, victory). How the turn is kept between calls:
//   - clock.phase PRE_BATTLE: FerreeState.segment 0 = the plan is next, 1 =
//     the British deploy (awaited), 2 = the Zulus deploy.
//   - clock.phase ACTIVATION: FerreeState.chits_left is the cup. While a
//     British unit is active its counter is chits_left[0] and
//     FerreeState.segment holds kSegActive and what it has done this
//     activation (kSegMoved, ...).
//   - FerreeUnit.losses_this_turn of a tray counts the figures it lost since its
//     regiment's last activation ("in one turn", designed); figures_fired_at
//     and under_artillery are "since its last turn" (rally).
//   - FerreeUnit.fired_on_by_this_turn of a British unit lists the snipers that
//     shot at it since its last activation (its resolve test).
//   - a RUNNER's FerreeUnit holds the wagon he goes to (wagon_id), whether
//     he carries ammunition back (carrying), the turns of fire he carries
//     (turns_carried) and the turns he has waited (turns_waited).
//
// Usage:
//   const FerreeState& own = Own(state);
//   for (const Unit* t : TraysOf(state, regiment.id)) ...
//
// Thread safety: plain data and pure functions.
#ifndef IMPI_ENGINE_RULESETS_FERREE_STATE_H_
#define IMPI_ENGINE_RULESETS_FERREE_STATE_H_

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/functional/function_ref.h"
#include "absl/types/span.h"
#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/shared_string.h"
#include "engine/game/ruleset.h"
#include "engine/game/unit_entries.h"
#include "engine/rulesets/ferree/ground.h"
#include "engine/rulesets/ferree/question.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {

inline constexpr char kRulesetId[] = "FERREE_ISANDLWANA";

// Sizes on the table, in inches. Designed unless the text gives them.
inline constexpr double kTrayRadius = 1.4;          // a 2 3/4" movement tray (text), as a disc
inline constexpr double kTrayAdjacent = 2.75;       // designed: "adjacent", edge to edge
inline constexpr double kCompanyRadius = 1.5;       // designed footprint of a company
inline constexpr double kGunRadius = 1.0;           // designed: a gun or rocket battery
inline constexpr double kWagonRadius = 0.75;        // designed: a wagon about 1 1/2" long
inline constexpr double kFigureRadius = 0.25;       // a single 1/2" base (text)
// The largest footprint (Radius): a box this much wider than a question's
// reach holds every unit that can touch it.
inline constexpr double kLargestRadius = kCompanyRadius;
static_assert(kTrayRadius <= kLargestRadius && kGunRadius <= kLargestRadius &&
                  kWagonRadius <= kLargestRadius && kFigureRadius <= kLargestRadius,
              "kLargestRadius is the largest footprint");
inline constexpr double kContactGap = 0.1;          // designed: "base contact"
// Designed: a tray is a 2 3/4" square (text) kept as a disc of kTrayRadius
// with no facing; its corners reach 2.75 / sqrt(2) = 1.94" from its centre.
// A lone British figure (a runner, the surgeon: one 1/2" base) within that
// reach is in base contact with the tray (the tray turned to touch him), so
// trays crowding round the figures at a wagon are not held off by their own
// discs (docs/conformance.md, "Footprints during play").
inline constexpr double kTrayCornerReach = 1.94;
inline constexpr double kLoneFigureContactGap = kTrayCornerReach - kTrayRadius;
inline constexpr double kLaagerReach = 0.5;         // "within 1/2" to either side" (text)
static_assert(kLoneFigureContactGap < kLaagerReach + kContactGap + 0.2,
              "NearEnoughToEngage reaches every pair in contact");
inline constexpr double kWithin = 6.0;              // resolve test, charging a retiring unit (text)
inline constexpr double kPushBack = 1.0;            // a British loser is pushed back 1" (text)
inline constexpr double kStanceCost = 2.0;          // going prone or standing up (text)
inline constexpr double kSurgeonAttemptCost = 2.0;  // "lose 2" of movement" (text)
inline constexpr double kSniperRange = 24.0;        // designed: the text gives none
inline constexpr double kSniperStandOff = 6.0;      // designed: a sniper stops 6" from the British
inline constexpr double kThornbushOut = 2.0;        // "2 " out from the tents" (text)
inline constexpr double kLaagerSide = 8.0;          // designed: 3 wagons to a side
inline constexpr int kMaxPairs = 10;                // designed: fighting pairs of a tray
inline constexpr int kPinLosses = 3;                // text
inline constexpr int kSurgeonAttempts = 3;          // text
inline constexpr int kLoinsFirstTurn = 3;           // text
inline constexpr int kLoinsDivision = 4;
inline constexpr int kRightHornDivision = 1;
inline constexpr int kMaxRightHornOffBoard = 2;    // text
inline constexpr int kTrayFigures = 25;            // text
inline constexpr int kDefaultMinutesPerTurn = 10;  // designed (docs/ferree-engine.md)
// SecretEntry.point of a loins regiment held off-table (4.): it comes on at
// its trays' deployed positions (kept in Unit.position), not at an ENTRY point.
inline constexpr int kDeployedPosition = 0;
// A British unit off the table when the battle starts is in FerreeState's
// `arriving`: it comes on with Durnford (situation C) once clock.time_of_day
// reaches situation.reinforcement_arrival; on arrival its
// FerreeUnit.entry_point holds the ENTRY point's number (0 if none).
bool AwaitsArrival(const BattleState& s, const SharedString& unit_id);

// Sections of the sequence of play, as headed in the source text.
inline constexpr char kSectionMix[] = "5. Mix up the Movement Counters.";
inline constexpr char kSectionDraw[] = "6. Draw a Movement Counter.";
inline constexpr char kSectionPlan[] =
    "2. Zulu player determines which Regiments will move off-board.";
inline constexpr char kSectionBritishDeploy[] = "3. British player deploys his troops.";
inline constexpr char kSectionZuluDeploy[] = "4. Zulu player deploys his troops.";
inline constexpr char kSectionEnd[] =
    "8. Repeat steps 5 and 6 until all Zulu Regiments Rout or all of the British are killed or "
    "escape.";
inline constexpr char kSectionSnipers[] = "Zulu Snipers";

// FerreeState.segment in PRE_BATTLE.
inline constexpr int kPreBattlePlan = 0;
inline constexpr int kPreBattleBritishDeploy = 1;
inline constexpr int kPreBattleZuluDeploy = 2;

// FerreeState.segment bits in ACTIVATION while a British unit is active.
inline constexpr int kSegActive = 1;
inline constexpr int kSegMoved = 2;
inline constexpr int kSegFired = 4;
inline constexpr int kSegFought = 8;
inline constexpr int kSegLimber = 16;  // limbered or unlimbered this activation
inline constexpr int kSegRunner = 32;  // a runner was sent this activation
inline constexpr int kSegBayonets = 64;

// --- The rule set's own state (BattleState::ruleset_state). ----------------

// The Zulu decision a half-done procedure waits on. Every Zulu choice of the
// battle is a decision node: the procedure stops there, the state records
// where it stopped, and Ruleset::Apply(ZULU, choice) carries it on.
enum class ZuluChoice : int {
  kNone = 0,
  kPlan = 1,            // 2.: send a regiment off-board (point 1|2) or end the plan
  kRegimentMove = 2,    // B.: where a regiment's trays go, prone or standing
  kSniperTarget = 3,    // Zulu Snipers: whom the sniper shoots
  kIndunaMove = 4,      // Induna Rules: where the induna goes
  kIndunaOrder = 5,     // Induna Rules: which regiment in contact he orders
  kChargeRetiring = 6,  // Charging A Retiring Unit: whether a tray tests to charge
};
const char* ZuluChoiceName(ZuluChoice c);  // "REGIMENT_MOVE", as in the contract

// Unit ids a step gathers and the own state keeps a little while (a few
// trays, a sniper or two): held inline, so a warm step allocates none.
using IdList = absl::InlinedVector<SharedString, 16>;

struct PendingChoice {
  ZuluChoice choice = ZuluChoice::kNone;
  // Who decides: the regiment (REGIMENT_MOVE), the sniper (SNIPER_TARGET),
  // the induna (INDUNA_MOVE, INDUNA_ORDER), the tray (CHARGE_RETIRING);
  // empty for the plan.
  SharedString unit_id;
  // The regiment whose activation this is (REGIMENT_MOVE, SNIPER_TARGET).
  SharedString regiment_id;
  // CHARGE_RETIRING: the retiring British unit, the trays still to decide
  // after this one, and whether the retirement was the unit's resolve result
  // (its activation then goes on once every tray has decided).
  SharedString british_id;
  IdList queue;
  bool after_resolve = false;
  // SNIPER_TARGET: trays of the active regiment that came out of a donga in
  // this move (they fight close combat after the sniper shoots).
  IdList left_donga;
  // The options as listed when the decision was made pending (the engine
  // lists them then to learn whether there is a choice): PendingOptions
  // answers from them rather than listing them again. No part of the game:
  // never sent, hashed or compared; a state read from the contract, viewed
  // by the British or resampled has none and lists them afresh. Shared by
  // copies of the state (it never changes).
  std::shared_ptr<const std::vector<Action>> listed;
};

// Facts settled before the battle by the situation rolls A-F.
struct Situation {
  bool rolled = false;
  bool camp_laagered = false;   // A
  bool thornbush = false;       // B
  int reinforcement_arrival = 0;  // C: minutes after midnight
  Deployment deployment = Deployment::kUnspecified;  // D
  int scouting = 0;             // E
  int discovery_time = 0;       // F: minutes after midnight
};

// A regiment held off the table and its secret TURN OF ENTRY (umpire-only).
struct SecretEntry {
  SharedString unit_id;
  int turn = 0;
  int point = 0;  // ENTRY point 1 or 2, or kDeployedPosition
};

// A unit's handle: its place in BattleState::units; kNoUnit names none.
inline constexpr int kNoUnit = -1;

// A unit's bookkeeping of Ferree's Isandlwana (FerreeState::units, by the
// unit's handle). The units it names are pooled ids (SharedString): two
// compare by address, and they stay right when a runner comes or goes.
struct FerreeUnit {
  // A Zulu regiment's or induna's division: kRightHornDivision .. kLoinsDivision (0 none).
  int division = 0;
  // The ENTRY point a regiment comes on at, or a British unit came on at
  // with Durnford (0 none).
  int entry_point = 0;
  // A British unit: the snipers that shot at it since its last activation
  // (its resolve test); four held inline.
  absl::InlinedVector<SharedString, 4> fired_on_by_this_turn;
  // A tray: figures lost since its regiment's last activation ("in one
  // turn", designed), British figures that fired at it and whether artillery
  // did, since its last turn (rally).
  int losses_this_turn = 0;
  int figures_fired_at = 0;
  bool under_artillery = false;
  // A RUNNER: the wagon he goes to, whether he carries ammunition back, the
  // turns of fire he carries, and the turns he has waited at the wagon.
  SharedString wagon_id;
  bool carrying = false;
  int turns_carried = 0;
  int turns_waited = 0;
  // A British unit: its wounded figures the surgeon has tried and failed to
  // patch up ("Only one attempt can be made for a single figure"). Figures
  // are counted, not named: at most the unit's wounded count as tried.
  int surgeon_tried = 0;

  // Nothing kept: such an entry is not written to the wire.
  bool Empty() const;
};

// How the British lost figures and units over the game, for reports
// (`impi simulate`): engine bookkeeping, not on the wire (a state read from
// the wire starts from zero). Figures lost are figures made seriously
// wounded or killed.
struct BritishLosses {
  int to_fire = 0;           // lost to Zulu fire (the snipers)
  int in_close_combat = 0;   // lost in close combat
  int close_combat_short = 0;  // of those, lost by units low or out of ammunition
  int routs = 0;             // company resolve tests that ended in ROUT
  int retreats = 0;          // ... in RETIRE
  int routed_off = 0;        // figures that left the table in a rout (to Fugitives' Drift)
};

// Where the units of a state stand in BattleState::units by what they
// are, which never changes in play (a side, a kind, a tray's regiment), so
// that a question of the British, of the regiments or of one regiment's
// trays reads those units alone instead of passing over every unit. Made
// for the units as they stand (`count` of them) at the start of a step
// (KeepRoster) and kept in FerreeState, shared by the state's copies; a
// runner sent or rejoining (AddedUnit, EraseUnit) makes it again, in place
// when no copy shares it (a battle step allocates nothing). A state whose
// units changed otherwise (a caller's own edit: their number, or the unit
// at either end, differs) has none until its next step (RosterOf:
// nullptr), and the questions pass over every unit, with the same answers.
struct Roster {
  size_t count = 0;  // s.units.size() when made
  // The first and the last unit's ids then (their pooled addresses): a
  // state whose units were reordered or replaced at an end has another.
  uintptr_t first_id = 0, last_id = 0;
  // Positions in s.units, each list in unit order.
  std::vector<int> british;    // side kBritish
  std::vector<int> regiments;  // kind kRegiment
  // Kind kTray, kInduna or kSniper: the Zulu figures a British unit fires
  // at or charges.
  std::vector<int> zulu_figures;
  std::vector<int> trays;    // kind kTray
  std::vector<int> indunas;  // kind kInduna
  std::vector<int> snipers;  // kind kSniper
  std::vector<int> runners;  // kind kRunner
  std::vector<int> wagons;   // kind kWagon
  // The trays whose parent is the unit at h (its id, as a tray's parent
  // names it): tray_of[first_tray[h] .. first_tray[h + 1]).
  std::vector<int> tray_of;
  std::vector<int> first_tray;  // count + 1 entries
  // Makes it for `s`'s units, reusing its lists' room.
  void Make(const BattleState& s);
  // Makes room in each list for `n` units, so that units added up to that
  // many allocate nothing.
  void Reserve(size_t n);
  // Brings it up to date with a unit appended to s.units, or with a unit of
  // kind `gone` erased from s.units[h], where that is a small change (not a
  // tray, nor a unit with trays): false if it was not brought up to date
  // (Make it then).
  bool Appended(const BattleState& s);
  bool Erased(const BattleState& s, size_t h, UnitKind gone);
};

struct FerreeState {
  PendingChoice pending;
  BritishLosses losses;
  // C. Durnford's Arrival: the British units off the table when the battle
  // started, still to come on with his column.
  std::vector<SharedString> arriving;
  // The surgeon's attempts in his current activation ("Three attempts by
  // the surgeon may be made per turn"; each costs him 2" of movement).
  int surgeon_attempts = 0;
  // Turns started since the British were last awaited (designed: the battle
  // ends undecided after 500 such turns).
  int quiet_turns = 0;
  // The situation rolls A-F.
  Situation situation;
  // The regiments held off the table and their secret turns of entry.
  std::vector<SecretEntry> secret_entries;
  // The cup: counters not drawn yet this turn. While a British unit is
  // active its counter is chits_left[0]. Pooled ids (SharedString): asking
  // whether a unit's counter is in the cup compares addresses.
  std::vector<SharedString> chits_left;
  // PRE_BATTLE: kPreBattlePlan, kPreBattleBritishDeploy, kPreBattleZuluDeploy;
  // ACTIVATION: kSegActive and the kSeg* bits of what the active British unit
  // has done.
  int segment = 0;
  // Each unit's bookkeeping by handle: units[h] is that of
  // BattleState::units[h], whose id is ids[h] (keyed: as many as the units,
  // each with its unit's id). A runner sent or rejoining is added or erased
  // at the same place in both (AddedUnit, EraseUnit); a state whose units a
  // caller reordered is keyed afresh by id (MutableUnitOf), and a const
  // lookup checks the handle's id (an address compare) before it trusts it.
  // Whatever depends on the id order (the wire, the hash, the checks)
  // walks the entries with ForEachEntryById.
  std::vector<FerreeUnit> units;
  std::vector<SharedString> ids;
  // The roster of the units (nullptr: none made for them yet). Shared by
  // copies; changed in place only while no copy shares it.
  std::shared_ptr<Roster> roster;

  // Keyed to `s`: one entry for each of its units, each with its id.
  bool KeyedTo(const BattleState& s) const;
};

// The rule set's state of `s` (nullptr if it has none yet), and a mutable
// one, created empty if absent.
inline const FerreeState* OwnState(const BattleState& s) {
  return s.ruleset_state.get_if<FerreeState>();
}
// A state without Ferree's own part gets an empty one.
FerreeState& EmplaceOwnState(BattleState& s);
inline FerreeState& MutableOwnState(BattleState& s) {
  if (FerreeState* own = s.ruleset_state.get_if<FerreeState>()) return *own;
  return EmplaceOwnState(s);
}
// The same as references: an empty state when `s` has none (const), or
// created (mutable).
// (The empty state Own answers for a state without one.)
const FerreeState& NoOwnState();
inline const FerreeState& Own(const BattleState& s) {
  const FerreeState* own = OwnState(s);
  return own != nullptr ? *own : NoOwnState();
}
inline FerreeState& Own(BattleState& s) { return MutableOwnState(s); }
// The Zulu decision `s` waits on (choice kNone if none: the empty state's).
inline const PendingChoice& Pending(const BattleState& s) { return Own(s).pending; }
// Whether the British are deploying (001 D.), before the battle.
inline bool BritishDeploying(const BattleState& s) {
  return (s.clock.phase == Phase::kPreBattle || s.clock.phase == Phase::kUnspecified) &&
         Own(s).segment == kPreBattleBritishDeploy;
}
// UnitOf below when the entry at u's handle is not u's (out of line).
const FerreeUnit& UnitOfByScan(const BattleState& s, const Unit& u);
// A unit's bookkeeping: an empty one if it has none (const), or the
// entry, the state keyed to s.units first if it was not (mutable). `u` is a
// unit of `s` (a unit of another state is found by its id). The usual case
// is inline: the entry at u's handle, one address compare.
inline const FerreeUnit& UnitOf(const BattleState& s, const Unit& u) {
  if (const FerreeState* own = OwnState(s)) {
    // EntryAtHandle's test (a unit of another state has no handle here).
    const size_t h = static_cast<size_t>(&u - s.units.data());
    if (h < own->ids.size() && h < own->units.size() && own->ids[h] == u.id) return own->units[h];
  }
  return UnitOfByScan(s, u);
}
FerreeUnit& MutableUnitOf(BattleState& s, const Unit& u);
// The same by id: an empty one for an id no unit of `s` has (const); the
// unit must be on the state (mutable: aborts, naming the id, if not).
const FerreeUnit& UnitOf(const BattleState& s, const SharedString& unit_id);
FerreeUnit& MutableUnitOf(BattleState& s, const SharedString& unit_id);
// A unit was appended to s.units (a runner sent): its entry is appended
// too, empty (the state keyed afresh if it was not keyed before).
void AddedUnit(BattleState& s);
// Makes room for `n` units' bookkeeping (the entries, their ids and the
// roster), so that units added up to that many allocate nothing.
void ReserveUnits(BattleState& s, size_t n);
// Erases s.units[h] and its entry (a runner rejoining his company).
void EraseUnit(BattleState& s, size_t h);
// fn(unit, entry) for each entry with something kept (FerreeUnit::Empty
// false) of a unit on `s`, in id order: the wire's order and the hash's.
// fn does not call it again (the order is kept in a buffer of the thread).
void ForEachEntryById(const BattleState& s,
                      absl::FunctionRef<void(const Unit&, const FerreeUnit&)> fn);

// The roster of s's units, or nullptr if s keeps none made for them.
inline const Roster* RosterOf(const BattleState& s) {
  const FerreeState* own = OwnState(s);
  if (own == nullptr || own->roster == nullptr) return nullptr;
  const Roster* r = own->roster.get();
  if (r->count != s.units.size() || r->count == 0) return nullptr;
  return s.units.front().id.pooled_address() == r->first_id &&
                 s.units.back().id.pooled_address() == r->last_id
             ? r
             : nullptr;
}
// Makes s's roster if it keeps none made for its units (a step's start).
void MakeRoster(BattleState& s);
inline void KeepRoster(BattleState& s) {
  if (RosterOf(s) == nullptr) MakeRoster(s);
}
// Whether pred(unit) holds for a unit of `list` (positions in s.units), or
// if there is none for a unit that `keep` accepts, asked in unit order
// until it does. (Those are listed first, so that pred is called from one
// loop and made inline.)
template <typename Keep, typename Pred>
bool AnyListed(const BattleState& s, const std::vector<int>* list, Keep keep, Pred pred) {
  const Unit* const units = s.units.data();
  absl::InlinedVector<int, 256> kept;
  if (list == nullptr) {
    for (size_t i = 0; i < s.units.size(); ++i) {
      if (keep(units[i])) kept.push_back(static_cast<int>(i));
    }
  }
  for (const int i : list != nullptr ? absl::Span<const int>(*list) : absl::Span<const int>(kept)) {
    if (pred(units[i])) return true;
  }
  return false;
}
// fn(unit) for each of those.
template <typename Keep, typename Fn>
void ForEachListed(const BattleState& s, const std::vector<int>* list, Keep keep, Fn fn) {
  AnyListed(s, list, keep, [&](const Unit& u) {
    fn(u);
    return false;
  });
}

// The roster's lists and what a pass over the units asks to find the same.
struct OnRoster {
  std::vector<int> Roster::*list;
  bool (*keep)(const Unit&);
};
inline constexpr OnRoster kBritishUnits{&Roster::british,
                                        [](const Unit& u) { return u.side == Side::kBritish; }};
inline constexpr OnRoster kTrays{&Roster::trays,
                                 [](const Unit& u) { return u.kind == UnitKind::kTray; }};
inline constexpr OnRoster kIndunas{&Roster::indunas,
                                   [](const Unit& u) { return u.kind == UnitKind::kInduna; }};
inline constexpr OnRoster kSnipers{&Roster::snipers,
                                   [](const Unit& u) { return u.kind == UnitKind::kSniper; }};
inline constexpr OnRoster kRunners{&Roster::runners,
                                   [](const Unit& u) { return u.kind == UnitKind::kRunner; }};
inline constexpr OnRoster kWagons{&Roster::wagons,
                                  [](const Unit& u) { return u.kind == UnitKind::kWagon; }};
inline constexpr OnRoster kRegiments{&Roster::regiments,
                                     [](const Unit& u) { return u.kind == UnitKind::kRegiment; }};
// Whether pred(unit) holds for a unit `which` lists, asked in unit order
// until it does; fn(unit) for each: the roster's, or a pass over the units
// if s keeps none.
template <typename Pred>
bool AnyOf(const BattleState& s, const OnRoster& which, Pred pred) {
  const Roster* r = RosterOf(s);
  return AnyListed(s, r != nullptr ? &(r->*which.list) : nullptr, which.keep, pred);
}
template <typename Fn>
void ForEachOf(const BattleState& s, const OnRoster& which, Fn fn) {
  const Roster* r = RosterOf(s);
  ForEachListed(s, r != nullptr ? &(r->*which.list) : nullptr, which.keep, fn);
}
// The usual ones by name.
template <typename Fn>
void ForEachBritish(const BattleState& s, Fn fn) { ForEachOf(s, kBritishUnits, fn); }
template <typename Fn>
void ForEachTray(const BattleState& s, Fn fn) { ForEachOf(s, kTrays, fn); }
template <typename Fn>
void ForEachRunner(const BattleState& s, Fn fn) { ForEachOf(s, kRunners, fn); }
template <typename Fn>
void ForEachWagon(const BattleState& s, Fn fn) { ForEachOf(s, kWagons, fn); }
template <typename Fn>
void ForEachRegiment(const BattleState& s, Fn fn) { ForEachOf(s, kRegiments, fn); }
template <typename Pred>
bool AnyTray(const BattleState& s, Pred pred) { return AnyOf(s, kTrays, pred); }
// The first living sniper (in unit order) that names `regiment` as parent,
// or nullptr.
const Unit* SniperOf(const BattleState& s, const SharedString& regiment);

// --- Unit helpers shared by the engine and the policies. -------------------

bool IsZuluKind(UnitKind kind);
bool IsBritishKind(UnitKind kind);
// A unit that takes the company resolve test and fires: INFANTRY, CAVALRY,
// MOUNTED_INFANTRY, NATIVE_FOOT, NATIVE_HORSE, GUN, ROCKETS (of that kind).
inline bool IsCompanyKind(UnitKind kind);
inline bool IsCompany(const Unit& u);
bool IsArtillery(const Unit& u);
// Mounted troops (not dismounted).
bool IsMounted(const Unit& u);
// A Zulu figure a British company can fight in close combat: a tray, an
// induna or a sniper on the table, alive.
inline bool CloseCombatTarget(const Unit& u);
// Natal Native Contingent and native horse.
bool IsNative(const Unit& u);
// A footprint radius for distances between units, in inches.
inline double Radius(const Unit& u);
// Edge-to-edge distance between two units (0 if they overlap).
inline double Gap(const Unit& a, const Unit& b);
// A lone British figure: a runner or the surgeon (one 1/2" base).
inline bool LoneFigure(const Unit& u);
// In base contact: at most kContactGap apart, or kLoneFigureContactGap
// between a tray and a lone British figure (a runner, the surgeon).
inline bool InContact(const Unit& a, const Unit& b);
// A unit with figures that can still be hit, on the table.
inline bool Alive(const Unit& u);
// Pinned Zulus: why the ZULU RALLY CHART is not rolled for `t` (not a
// movement tray on the table, or not pinned), or nullptr if it is. A
// regiment's turn (play) and Ask's rally make this one check.
const char* RallyRefusal(const Unit& t);
// A British unit off the table, or with nobody fit or wounded: its turn
// does nothing ("has nobody left who can act").
inline bool NobodyToAct(const Unit& u) {
  return u.off_table || u.figures.fit + u.figures.wounded <= 0;
}
// A. Check Unit's Resolve: why `u` (a Zulu regiment or a British company)
// takes no resolve test on its turn, or nullptr if it takes one: a broken
// regiment routs instead, a regiment with no tray on the table is not there
// to test, a company with nobody who can act does nothing. A unit's turn
// (play) and Ask's resolve make this one check.
const char* ResolveRefusal(const BattleState& s, const Unit& u);
// Zulus Charging A Retiring Unit: why `tray` does not test to charge the
// retiring `british` unit (either is gone from the table, or `tray` is
// none or not a movement tray), or nullptr if it may; *at_british says which
// of the two the reason is about. Play's queue of testers and Ask's
// charge_retiring make this one check; the 6" (kWithin) is measured by each
// from where the retiring unit started (play) or stands (Ask).
const char* ChargeRetiringRefusal(const Unit* tray, const Unit& british, bool* at_british);
// The centre of the camp: the CAMP terrain, else the TENT_LINES, else the
// table's centre.
Vec2 CampCentre(const BattleState& s);
// On the table, with fit or wounded figures left, and not broken (routed
// off): a unit a player still reckons with.
inline bool StillFighting(const Unit& u) {
  return u.OnTable() && u.figures.fit + u.figures.wounded > 0 && !u.status.broken;
}
// Which trays of a regiment: every one (on or off the table, with figures
// or not: the dead too), or the Zulu trays still fighting (StillFighting).
enum class WhichTrays { kEvery, kStillFighting };
// fn(tray) for each of `which` trays whose parent is `regiment_id`, in unit
// order. By the regiment's own id where there is one: a tray's parent names
// it by the same pooled text, compared by address (SharedString), not read.
template <typename Id, typename Fn>
void ForEachTrayOf(const BattleState& s, const Id& regiment_id, WhichTrays which, Fn fn) {
  const auto wanted = [which](const Unit& u) {
    return which == WhichTrays::kEvery || (u.side == Side::kZulu && StillFighting(u));
  };
  // The regiment's trays off the roster, or every unit asked of its
  // parent (by the regiment's own id where there is one), listed first.
  const Unit* r = s.FindUnit(regiment_id);
  const Roster* ro = r != nullptr ? RosterOf(s) : nullptr;
  const Unit* const units = s.units.data();
  absl::Span<const int> listed;
  absl::InlinedVector<int, 32> kept;
  if (ro != nullptr) {
    const size_t h = static_cast<size_t>(r - units);
    listed = absl::MakeConstSpan(ro->tray_of.data() + ro->first_tray[h],
                                 static_cast<size_t>(ro->first_tray[h + 1] - ro->first_tray[h]));
  } else {
    for (size_t i = 0; i < s.units.size(); ++i) {
      const Unit& u = units[i];
      if (u.kind == UnitKind::kTray && (r != nullptr ? u.parent == r->id : u.parent == regiment_id)) {
        kept.push_back(static_cast<int>(i));
      }
    }
    listed = kept;
  }
  for (const int i : listed) {
    if (wanted(units[i])) fn(units[i]);
  }
}
// A regiment's trays, held in place (no allocation) for up to 24 (the
// largest regiment of the scenarios has 18).
using TrayList = absl::InlinedVector<const Unit*, 24>;
// Every tray of a regiment (WhichTrays::kEvery), and the trays still
// fighting (WhichTrays::kStillFighting), in unit order.
TrayList TraysOf(const BattleState& s, const SharedString& regiment_id);
TrayList FightingTraysOf(const BattleState& s, const std::string& regiment_id);
// Figures left in a regiment's trays.
int RegimentFigures(const BattleState& s, const SharedString& regiment_id);
// The same of a regiment's trays already listed (TraysOf's).
int FiguresOf(absl::Span<const Unit* const> trays);
// ResolveRefusal of a regiment whose trays (TraysOf's) are listed.
const char* RegimentRefusal(const Unit& regiment, absl::Span<const Unit* const> trays);
// The division of a regiment (its FerreeUnit.division).
int DivisionOf(const BattleState& s, const SharedString& regiment_id);
// A Zulu regiment the British have not seen come on: not broken, no tray on
// the table, a tray with figures waiting off it, and not coming on through an
// entry point now (FerreeUnit.entry_point 0). Its turn and point of entry
// are the umpire's secret (SecretEntry; the British view resamples them).
bool UnseenRegiment(const BattleState& s, const Unit& regiment);
// Victory (8. of the sequence of play): every Zulu regiment broken or without
// figures; no British figure on the table (nor in Durnford's column still to
// arrive).
bool AllRegimentsBroken(const BattleState& s);
bool NoBritishLeft(const BattleState& s);

// The outcome of a battle, on a designed victory scale (not in the source
// text, which ends the game "until all of the Zulu regiments have been
// broken or all of the British are killed or escape" and names no winner):
// all regiments broken is a British victory; no British left is a Zulu
// victory graded by the share of the British figures (runners aside) that
// escaped off the table: under 10% decisive, under 25% clear, under 50%
// marginal, else slight.
enum class Victory : int {
  kNone = 0, kBritish, kZuluDecisive, kZuluClear, kZuluMarginal, kZuluSlight,
};
struct Outcome {
  Victory victory = Victory::kNone;
  int british_figures = 0;  // at the start (Figures::Starting), runners aside
  int escaped = 0;          // present in British units that left the table
};
Outcome OutcomeOf(const BattleState& s);
// "decisive Zulu victory", ..., "British victory", "none".
const char* VictoryName(Victory v);
// The Zulu side's score of a victory level, in [-1, 1]: decisive 1, clear
// 0.75, marginal 0.5, slight 0.25, British -1, none 0.
double VictoryScore(Victory v);
// 4. Zulu player deploys his troops: "All trays of a regiment must be
// adjacent to or behind another tray of its regiment" and "there can not be
// a regiment from another division between" two regiments of a division.
// Designed readings (docs/ferree-engine.md), over the trays on the table
// with figures: a tray keeps the first rule when another tray of its
// regiment is within kTrayAdjacent edge to edge (a tray "behind" another
// leaves at most a tray's width between them); a regiment is between two
// regiments of one division when one of its trays touches the segment
// joining their centres (the mean of their trays on the table).
// Returns "" when the deployment keeps both, else why; `*tray_id` (if
// non-null) is the tray that breaks it.
std::string ZuluDeploymentBreach(const BattleState& s, std::string* tray_id);

// --- The unit helpers asked most often, inline (they are in every loop over
// the units).

inline bool Alive(const Unit& u) {
  if (u.off_table) return false;
  if (u.kind == UnitKind::kTray || u.kind == UnitKind::kSniper) return u.figures.fit > 0;
  if (u.kind == UnitKind::kWagon) return true;
  return u.figures.Present() > 0;
}

inline bool CloseCombatTarget(const Unit& u) {
  return u.side == Side::kZulu &&
         (u.kind == UnitKind::kTray || u.kind == UnitKind::kInduna ||
          u.kind == UnitKind::kSniper) &&
         Alive(u);
}

inline bool IsCompanyKind(UnitKind kind) {
  // Ferree's British have no Gatling: 001 names guns and rockets only
  // ("Special British Moves- Artillery Movement").
  return IsBritishFightingKind(kind) && kind != UnitKind::kGatling;
}

inline bool IsCompany(const Unit& u) { return IsCompanyKind(u.kind); }

inline double Radius(const Unit& u) {
  switch (u.kind) {
    case UnitKind::kTray:
      return kTrayRadius;
    case UnitKind::kInfantry:
    case UnitKind::kCavalry:
    case UnitKind::kMountedInfantry:
    case UnitKind::kNativeFoot:
    case UnitKind::kNativeHorse:
      return kCompanyRadius;
    case UnitKind::kGun:
    case UnitKind::kRockets:
      return kGunRadius;
    case UnitKind::kWagon:
      return kWagonRadius;
    case UnitKind::kRegiment:
      return 0.0;
    default:
      return kFigureRadius;
  }
}

inline double Gap(const Unit& a, const Unit& b) {
  return std::max(0.0, Distance(a.position, b.position) - Radius(a) - Radius(b));
}

inline bool LoneFigure(const Unit& u) {
  return u.kind == UnitKind::kRunner || u.kind == UnitKind::kSurgeon;
}

inline bool InContact(const Unit& a, const Unit& b) {
  const bool tray_and_lone = (a.kind == UnitKind::kTray && LoneFigure(b)) ||
                             (b.kind == UnitKind::kTray && LoneFigure(a));
  return Gap(a, b) <= (tray_and_lone ? kLoneFigureContactGap : kContactGap) + 1e-9;
}

// False only if a and b are too far apart to be engaged (Field::
// Engaged: in contact, or across the laager within its reach): their
// centres are further apart than both radii and that reach, with a margin
// far above rounding. A test of squares, without a square root, for loops
// over every unit.
inline bool NearEnoughToEngage(const Unit& a, const Unit& b) {
  const double r = Radius(a) + Radius(b) + kLaagerReach + kContactGap + 0.2 + 1e-6;
  return (a.position - b.position).squaredNorm() <= r * r;
}

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_STATE_H_
