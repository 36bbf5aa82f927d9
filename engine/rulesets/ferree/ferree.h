// engine/rulesets/ferree/ferree.h: Chris Ferree's Isandlwana battle engine.
//
// Overview: FerreeBattle runs the sequence of play of the rules file
// 001_4c61f40cf0987cbf.txt on one BattleState, as docs/ferree-engine.md keeps
// it: the situation rolls A-F, the Zulu plan (off-board regiments and their
// secret TURN OF ENTRY), British and Zulu deployment, then turns of counters
// drawn from a cup. A drawn Zulu regiment checks its resolve, rallies its
// pinned trays, moves (2D6, 1D6 on the first turn), its sniper shoots and its
// trays in contact fight; an induna moves 3D6 and may order a unit in contact
// that has not acted; a British unit checks its resolve, is moved by a Retire
// / Retreat / Surrounded result, then the British player moves, fires (every
// figure's shot on the British Firing Table), sends runners and charges; the
// quartermaster of each wagon rolls resupply for the runners there; the
// surgeon patches up wounded figures. Every table is read through
// engine/rulesets/ferree/tables.h. Zulu choices (the plan, where a regiment
// goes, prone or standing, an induna's order, a sniper's target, whether a
// tray tests to charge a retiring unit) are made by the Zulu policy
// registered for FERREE_ISANDLWANA (engine/rulesets/policy.h).
//
// How the turn is kept between calls (docs/ferree-engine.md):
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
// Ask settles one decision point through the same procedure (ask.cc):
// situation, zulu_plan, entry_turn, activate, resolve, rally, induna_order,
// charge_retiring.
//
// Usage:
//   FerreeBattle battle(state, dice, log, PolicySpec{});
//   IMPI_RETURN_IF_ERROR(battle.ApplyBritish(action, "british_actions[0]"));
//   Awaiting next;
//   IMPI_RETURN_IF_ERROR(battle.Run(&next));
//
// Thread safety: a FerreeBattle works on the state it is given; use one per
// thread. FerreeRuleset is immutable and shared.
#ifndef IMPI_ENGINE_RULESETS_FERREE_FERREE_H_
#define IMPI_ENGINE_RULESETS_FERREE_FERREE_H_

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/flat_map.h"
#include "engine/rulesets/ferree/ground.h"
#include "engine/rulesets/ferree/question.h"
#include "engine/rulesets/ferree/tables.h"
#include "engine/rulesets/ruleset.h"

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
  std::vector<SharedString> queue;
  bool after_resolve = false;
  // SNIPER_TARGET: trays of the active regiment that came out of a donga in
  // this move (they fight close combat after the sniper shoots).
  std::vector<std::string> left_donga;
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
  std::string unit_id;
  int turn = 0;
  int point = 0;  // ENTRY point 1 or 2, or kDeployedPosition
};

// A unit's bookkeeping of Ferree's Isandlwana, keyed by unit id.
struct FerreeUnit {
  // A Zulu regiment's or induna's division: kRightHornDivision .. kLoinsDivision (0 none).
  int division = 0;
  // The ENTRY point a regiment comes on at, or a British unit came on at
  // with Durnford (0 none).
  int entry_point = 0;
  // A British unit: the snipers that shot at it since its last activation
  // (its resolve test).
  std::vector<std::string> fired_on_by_this_turn;
  // A tray: figures lost since its regiment's last activation ("in one
  // turn", designed), British figures that fired at it and whether artillery
  // did, since its last turn (rally).
  int losses_this_turn = 0;
  int figures_fired_at = 0;
  bool under_artillery = false;
  // A RUNNER: the wagon he goes to, whether he carries ammunition back, the
  // turns of fire he carries, and the turns he has waited at the wagon.
  std::string wagon_id;
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

struct FerreeState {
  PendingChoice pending;
  BritishLosses losses;
  // C. Durnford's Arrival: the British units off the table when the battle
  // started, still to come on with his column.
  std::vector<std::string> arriving;
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
  // Each unit's bookkeeping, by unit id (in id order, as a std::map keeps
  // it; one allocation to copy). An entry of a unit no longer on the table
  // state is ignored (the wire and the hash skip it).
  FlatMap<std::string, FerreeUnit> units;
};

// The rule set's state of `s` (nullptr if it has none yet), and a mutable
// one, created empty if absent.
inline const FerreeState* OwnState(const BattleState& s) {
  return std::any_cast<FerreeState>(&s.ruleset_state);
}
// A state without Ferree's own part gets an empty one.
FerreeState& EmplaceOwnState(BattleState& s);
inline FerreeState& MutableOwnState(BattleState& s) {
  if (FerreeState* own = std::any_cast<FerreeState>(&s.ruleset_state)) return *own;
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
// A unit's bookkeeping: an empty one if it has none (const), or created.
const FerreeUnit& UnitOf(const BattleState& s, const SharedString& unit_id);
FerreeUnit& MutableUnitOf(BattleState& s, const SharedString& unit_id);

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
  if (const Unit* r = s.FindUnit(regiment_id)) {
    const SharedString& id = r->id;
    for (const Unit& u : s.units) {
      if (u.kind == UnitKind::kTray && u.parent == id && wanted(u)) fn(u);
    }
    return;
  }
  for (const Unit& u : s.units) {
    if (u.kind == UnitKind::kTray && u.parent == regiment_id && wanted(u)) fn(u);
  }
}
// Every tray of a regiment (WhichTrays::kEvery), and the trays still
// fighting (WhichTrays::kStillFighting), in unit order.
std::vector<const Unit*> TraysOf(const BattleState& s, const SharedString& regiment_id);
std::vector<const Unit*> FightingTraysOf(const BattleState& s, const std::string& regiment_id);
// Figures left in a regiment's trays.
int RegimentFigures(const BattleState& s, const SharedString& regiment_id);
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

// The procedure on one state.
class FerreeBattle {
 public:
  FerreeBattle(BattleState& state, Dice& dice, EventLog& log);
  ~FerreeBattle();

  // Applies one British action (validated against what is awaited). `path` is
  // the field path for errors ("british_actions[2]").
  // `listed`: the action is one of BritishOptions() of this very state (a
  // caller's legal list), so the British are known to be awaited.
  absl::Status ApplyBritish(const Action& action, const std::string& path, bool listed = false);
  // Plays until a side must decide (the British, or a Zulu decision node) or
  // the game ends; fills `awaiting` unless it is null.
  absl::Status Run(Awaiting* awaiting);
  // Settles the pending Zulu decision with `a` (one of PendingOptions()) and
  // carries on what it began (the rest of the activation, the next tray's
  // charge decision, the rest of the plan) until the next Zulu decision or
  // its end; Run goes on from there. `why` is the chooser's reason, logged
  // with the decision. FAILED_PRECONDITION if no Zulu decision is pending or
  // `a` is not one of its options. `pending_options`, if not null, is
  // PendingOptions() of this state, already worked out by the caller.
  absl::Status ApplyZulu(const Action& a, const std::string& path, const std::string& why,
                         const std::vector<Action>* pending_options = nullptr);
  // The legal actions of the pending Zulu decision (empty if none).
  std::vector<Action> PendingOptions() const;
  // Settles one decision point (ask.cc); `*decision` is the index in the log
  // of the event that answers it. Errors name "question.<name>.<field>":
  // INVALID_ARGUMENT for a unit that is missing or unknown,
  // FAILED_PRECONDITION for a question that does not apply to the state.
  absl::Status Ask(const Question& question, int* decision);
  // What the engine awaits now (changes nothing).
  // What the engine awaits. The active British unit's prompt lists its kinds
  // of option only with `describe_options` (it costs a line of sight to every
  // tray): checks that need only who acts pass false. Without `prompt` the
  // prompt is left empty (no text is built): for the engine's own checks.
  Awaiting Awaits(bool describe_options = true, bool prompt = true) const;
  // Awaits of `state` read without a battle (no dice, no log): the options
  // are described only with a `battle` of that state.
  static Awaiting AwaitsIn(const BattleState& state, const FerreeBattle* battle,
                           bool describe_options, bool prompt);

  // --- Candidates: the legal options of each choice. ------------------------
  // Zulu plan: OFF_BOARD {unit_id regiment, point 1|2} for each regiment that
  // may still go, and END_DEPLOYMENT.
  std::vector<Action> PlanOptions() const;
  // Where a regiment's trays go: MOVE towards the nearest British unit
  // (target_id), the same ending PRONE, MOVE towards the camp, STANCE
  // PRONE/UPRIGHT, PASS (hold).
  std::vector<Action> RegimentMoveOptions(const SharedString& regiment_id) const;
  // An induna's move: MOVE towards a regiment (target_id) that has not acted,
  // PASS.
  std::vector<Action> IndunaMoveOptions(const SharedString& induna_id) const;
  // ORDER {unit_id induna, target_id regiment} for each regiment in contact
  // that has not acted, and PASS.
  std::vector<Action> OrderOptions(const SharedString& induna_id) const;
  // FIRE {unit_id sniper, target_id} at each British unit in sight, and PASS.
  std::vector<Action> SniperOptions(const SharedString& sniper_id) const;
  // The active British unit's options (or deployment's).
  std::vector<Action> BritishOptions() const { return BritishOptions(/*first_only=*/false); }

  // The British unit active now, or nullptr.
  const Unit* ActiveBritish() const;
  static const Unit* ActiveBritishIn(const BattleState& state);

 private:
  // Ask (ask.cc): one method per question; each sets `*decision`.
  absl::Status AskSituation(int* decision);
  absl::Status AskZuluPlan(int* decision);
  absl::Status AskEntryTurn(const Question& q, int* decision);
  absl::Status AskActivate(const Question& q, int* decision);
  absl::Status AskResolve(const Question& q, int* decision);
  absl::Status AskRally(const Question& q, int* decision);
  absl::Status AskIndunaOrder(const Question& q, int* decision);
  absl::Status AskChargeRetiring(const Question& q, int* decision);
  // FAILED_PRECONDITION unless the battle is on (ACTIVATION, not over) and,
  // if `no_active_british`, no British unit is active.
  absl::Status NeedBattle(const Question& q, bool no_active_british) const;

  // Pre-battle.
  absl::Status SituationRolls();
  // 2.: the Zulu plan, then the British deploy (FerreeState.segment).
  absl::Status PlanStep();
  absl::Status ZuluPlan();
  absl::Status PlanWith(const Action& choice);
  absl::Status FinishPlan();
  absl::Status SendOffBoard(const Action& a);
  // TURN OF ENTRY for a regiment entering at `point`: records (or replaces)
  // its secret entry; one umpire-only event, its index in `*event` if
  // non-null. `what` follows the regiment's name in the text.
  absl::Status RollEntryTurn(const SharedString& regiment_id, int point, const std::string& what,
                             int* event);
  absl::Status ZuluDeployment();
  // 4.: every loins regiment still on the board goes off-table until turn 3
  // (SecretEntry{turn 3, point kDeployedPosition}).
  absl::Status HoldLoins();
  // C. Durnford's arrival: marks the British units off the table as the
  // battle starts (FerreeState.arriving) ...
  void MarkReinforcements();
  // ... and brings them on at the start of a turn whose time of day has
  // reached situation.reinforcement_arrival, at ReinforcementPoint (else
  // where each unit stands off the table, clamped to the table).
  absl::Status ArriveReinforcements();
  // The ENTRY point named like "road" or "Rorke's Drift", else one marked
  // british_entry, else nullptr.
  const Point* ReinforcementPoint() const;
  // F. the camp break-down timetable, applied as the battle starts (the
  // Zulus are found at situation.discovery_time): the wagons already on the
  // road leave the table at ReinforcementPoint, a thornbush barricade
  // destroyed by then is removed, and in road column the British stand in a
  // column along the road (docs/ferree-engine.md).
  absl::Status CampBreaksDown();
  // The road out of the camp towards `to`: the camp's centre, then the ROAD
  // terrain ending nearest `to` (if one ends within 2" of it), then `to`.
  std::vector<Vec2> RoadFromCamp(const Vec2& to) const;
  // Deployment candidates (3.): DEPLOY actions that satisfy the situation's
  // rule (D. Deployment Of British Troops).
  std::vector<Action> DeploymentOptions() const;
  // With first_only, the list stops at the active unit's first option
  // other than PASS (deployment's list is whole): a list of PASS alone
  // means the same as BritishOptions() being PASS alone.
  std::vector<Action> BritishOptions(bool first_only) const;
  // Turns and counters.
  absl::Status StartTurn();
  absl::Status DrawCounter();
  // The counter `id` is out of the cup: its unit acts. `dice_mark` is where
  // the draw's dice start; `*event`, if non-null, the "counter drawn" event.
  absl::Status ActivateCounter(const SharedString& id, size_t dice_mark, int* event);
  std::vector<SharedString> FillCup() const;
  // Counters in the cup the British may know of: the counters of regiments
  // still to enter from off-board are the umpire's secret.
  int PublicCupCount() const;
  absl::Status ActivateRegiment(const SharedString& id, const std::string& ordered_by);
  // A. the regiment's resolve test; under 10% lost no test and, unless
  // `log_no_test`, no event. `*event` the test's event (-1 none).
  absl::Status RegimentResolve(const SharedString& id, bool log_no_test, int* event);
  absl::Status EnterRegiment(Unit& regiment);
  // 4.: the square at a regiment's entry point (FerreeUnit.entry_point),
  // just inside the table; false if it has none.
  bool EntrySquare(const SharedString& regiment_id, Vec2* square) const;
  // The next of the regiment's trays still off the table comes on to its
  // entry square if the square is free; its id, or "" if none came on.
  std::string EnterThroughSquare(const SharedString& regiment_id);
  absl::Status RoutRegiment(const SharedString& id);
  absl::Status RallyTrays(const SharedString& id);
  // The Zulu Rally Chart for one pinned tray; `*event` its event if non-null.
  absl::Status RallyTray(const SharedString& tray_id, int* event);
  // B.-D. of a regiment's turn after its move decision: the move, the
  // sniper's decision and shot, close combat.
  absl::Status RegimentMoveWith(const SharedString& id, const Action& choice);
  absl::Status AfterRegimentMove(const SharedString& id);
  absl::Status SniperWith(const Action& choice);
  absl::Status FinishRegiment(const SharedString& id);
  absl::Status MoveSniper(const SharedString& regiment_id, const Action& choice, double allowance);
  absl::Status ZuluCloseCombat(const SharedString& regiment_id);
  absl::Status ActivateInduna(const SharedString& id);
  absl::Status IndunaMoveWith(const SharedString& id, const Action& choice);
  // The induna's order (Induna Rules): the policy picks among OrderOptions;
  // an ordered regiment acts at once. Nothing if nobody can be ordered.
  absl::Status IndunaOrders(const SharedString& id);
  absl::Status ActivateBritish(const SharedString& id);
  // The active company's turn after its resolve result: it ends if the unit
  // left the table, has nobody left or can do nothing else.
  absl::Status ContinueBritishActivation(const SharedString& id);
  absl::Status BritishResolve(const SharedString& id);
  // The company's resolve test alone: `*result` and its statuses (retiring,
  // routed); `*tested` false when no test is due (no Zulu tray within 6", not
  // sniped), logged only if `log_no_test`. `*event` the test's event.
  absl::Status BritishResolveTest(const SharedString& id, bool log_no_test,
                                  CompanyResolve* result, bool* tested, int* event);
  absl::Status MoveRunners(const SharedString& company_id);
  absl::Status MoveRunner(const SharedString& runner_id);
  // The wagon a runner goes to: his target, his unit's own, or the nearest.
  const Unit* RunnerWagon(const Unit& runner) const;
  // A runner carrying ammunition reaches his company: it is resupplied and
  // the runner rejoins it (the RUNNER unit is removed).
  void RunnerRejoins(const SharedString& runner_id);
  absl::Status ActivateWagon(const SharedString& id);
  absl::Status SurgeonAid(int max_attempts);
  absl::Status EndBritishActivation(const std::string& why);
  absl::Status CheckGameOver(bool* over);

  // British actions.
  absl::Status BritishDeploy(const Action& a, const std::string& path);
  // The situation's deployment rules for a company deployed at `to`.
  absl::Status CheckDeployment(const Unit& u, const Vec2& to, const std::string& path) const;
  // CheckDeployment's test without its message: what, if anything, a
  // deployment of u at `to` breaks (the deployment options ask it of many
  // spots and need no reason).
  struct DeploymentBreach {
    enum class Kind { kNone, kTooNearCamp, kOverHalfFortified } kind = Kind::kNone;
    double from_camp = 0.0;  // kTooNearCamp: the spot's distance from the camp
    int least = 0;           // kTooNearCamp: the least the situation allows
    int troops = 0;          // kOverHalfFortified: the companies in all
  };
  DeploymentBreach BreachOf(const Unit& u, const Vec2& to) const;
  absl::Status BritishMove(const Action& a, const std::string& path);
  absl::Status BritishStance(const Action& a, const std::string& path);
  absl::Status BritishFire(const Action& a, const std::string& path);
  absl::Status BritishSendRunner(const Action& a, const std::string& path);
  absl::Status BritishCharge(const Action& a, const std::string& path);
  absl::Status BritishLimber(const Action& a, const std::string& path);
  // Why the active unit may not fire now ("" if it may).
  std::string MayNotFire(const Unit& u) const;
  // Why the active unit may not move now ("" if it may).
  std::string MayNotMove(const Unit& u) const;
  std::string MayNotSendRunner(const Unit& u) const;
  // Rolls the active unit's movement allowance.
  double BritishAllowance(const Unit& u, Explanation* why);

  // Movement and combat helpers.
  // Moves a unit towards `goal` up to `allowance` inches round impassable
  // terrain, `stop_short` inches (centre to centre) before the goal; it stops
  // on coming within `enemy_gap` of a unit of the other side (< 0: never),
  // at a laager or thornbush line if `stop_at_laager` (docs: "Crossing the
  // laager"), and within the table. Returns the path walked.
  std::vector<Vec2> MoveUnit(Unit& u, const Vec2& goal, double allowance, double stop_short,
                             double enemy_gap, bool stop_at_laager);
  // Where a move along `walked` (from u's position) ends on the ground
  // (docs/ferree-engine.md, "Footprints"; designed): its end if there is
  // room for `u` there (RoomFor; in contact with the other side only if
  // `may_contact`); else the free spot in contact with the unit it reached,
  // or the free spot nearest its end, within `reach` of its start and not
  // over the laager; else the last spot on its path with room; else its
  // start.
  Vec2 Settle(const Unit& u, const std::vector<Vec2>& walked, double reach,
              bool may_contact) const;
  // Zulu trays within 6" of `british_id` whose distance grew test to charge
  // (CHARGING A RETIRING UNIT); `before` is where the British unit started.
  // `after_resolve`: the move was the unit's resolve result (its activation
  // goes on once every tray has decided).
  absl::Status ChargeRetiring(const SharedString& british_id, const Vec2& before,
                              bool after_resolve);
  // The next of `testers` still able to charge becomes the pending decision.
  absl::Status ChargeRetiringNext(const SharedString& british_id,
                                  std::vector<SharedString> testers, bool after_resolve);
  // One tray's test to charge `british_id`, and on a charge its 2D6 bonus
  // move and the close combat, or its return to where it started. `*event`
  // the test's event if non-null.
  absl::Status ChargeRetiringTest(const SharedString& tray_id, const SharedString& british_id,
                                  int* event);
  // Close combat between a tray and a British unit. `zulu_out_of_donga` and
  // `british_out_of_donga` come from the mover.
  absl::Status CloseCombatFight(const SharedString& tray_id, const SharedString& british_id,
                                bool zulu_out_of_donga, bool british_out_of_donga,
                                const std::string& how);
  // EFFECTS OF HITS for `hits` hits on a British unit (or an induna).
  void EffectsOfHits(Unit& u, int hits, const std::string& cause, Explanation* why);
  void RemoveZuluFigures(Unit& tray, int n);
  bool InCover(const Unit& target, const Unit& firer) const;
  bool InDonga(const Vec2& p) const;
  bool InTent(const Vec2& p) const;
  bool IndunaWith(const Unit& tray) const;
  bool OnLaager(const Vec2& p) const;
  bool AcrossLaager(const Vec2& a, const Vec2& b) const;
  // x and y fight: in base contact, or across the laager or thornbush within
  // its reach (a line between them crossing it, their gap at most
  // kLaagerReach + kContactGap + 0.2").
  bool Engaged(const Unit& x, const Unit& y) const;
  const Unit* NearestBritish(const Vec2& from) const;
  // The impassable terrain, as obstacles for PathTowards.
  const std::vector<Obstacle>& Impassable() const;
  // Footprints (ground.h), up to date with s_.
  const Ground& GroundNow() const;
  // Room for `u` at `p` (docs/ferree-engine.md, "Footprints"): on the table,
  // not on impassable terrain, its footprint overlapping no other unit's nor
  // a disc of its own size at any of `reserved`, and not within kStandOff
  // of a unit of men of the other side unless in contact (only if
  // `may_contact`).
  bool RoomFor(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
               bool may_contact) const;
  // As RoomFor, judged against the units `near` (indices into s_.units):
  // it must hold every unit whose footprint comes within Radius(u) +
  // kStandOff of p (more do no harm), so that one query of the ground
  // serves many spots; in any order (the answer is the same).
  // `blocker` (if given): a unit (index into s_.units) that barred an
  // earlier spot nearby, judged first, since it often bars this one too;
  // set to the unit that bars this spot, if one does.
  bool RoomAmong(const Unit& u, const Vec2& p, const std::vector<Vec2>& reserved,
                 bool may_contact, const std::vector<int>& near, int* blocker = nullptr) const;
  // The free spot for `u` nearest `from` on rings round `centre`: the first
  // ring `first_ring` inches out (0: `centre` itself), each next one a
  // footprint further, that `also` (if given) accepts; false if none within
  // eight rings. Spots further than `max_from` from `from` are not tried
  // (a caller whose `also` refuses them anyway saves the trying).
  // `centre_full`: the caller knows there is no room at `centre` itself (a
  // first ring of 0 is then passed over).
  bool FreeSpot(const Unit& u, const Vec2& centre, double first_ring, const Vec2& from,
                bool may_contact, const std::vector<Vec2>& reserved, Vec2* spot,
                absl::FunctionRef<bool(const Vec2&)> also = AnySpot,
                double max_from = std::numeric_limits<double>::infinity(),
                bool centre_full = false) const;
  static bool AnySpot(const Vec2&) { return true; }
  // Under a hold (HoldGround), brings the ground up to date with a unit
  // whose footprint changed other than by MoveUnit (it left the table, it
  // fell); nothing otherwise (the next Sync sees it).
  void GroundTouch(const Unit& u) const;
  // Puts `u` on the free spot nearest `want` (or on `want` if there is
  // none within reach).
  void PlaceOnFreeGround(Unit& u, const Vec2& want);
  // The terrain that blocks line of sight.
  const BlockerSet& SightBlockers(const std::string& except_regiment) const;
  // The laager's and the thornbush's edges (both are crossed alike).
  const std::vector<std::pair<Vec2, Vec2>>& LaagerEdges() const;
  void Recenter(const SharedString& regiment_id);
  const Unit* OwnWagon(const Unit& company) const;

  // Zulu decision nodes.
  bool Suspended() const;
  void Suspend(PendingChoice pending);
  void LogDecision(const std::vector<Action>& options, int idx, ZuluChoice c,
                   const std::string& why);
  std::string Describe(const Action& a) const;

  // The event logged, or with a quiet log (EventLog::wanted() false) a
  // scratch event that nobody reads: callers that build text for an event
  // ask Explain() first and build none for a quiet log.
  Event& Log(EventKind kind, Side side, const std::string& section, const std::string& table,
             const std::string& row, const std::string& text);
  Event& LogWhy(EventKind kind, Side side, const Explanation& why);
  bool Explain() const { return log_.wanted(); }
  // `why` for a table function when events are wanted, else null (the table
  // function then tells nothing).
  Explanation* WhyFor(Explanation& why) const { return Explain() ? &why : nullptr; }
  Event& Scratch();

  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  Event scratch_;  // what Log returns for a quiet log
  // Trays of the active regiment that came out of a donga this move.
  std::vector<std::string> left_donga_;
  // What the helpers above derive from s_.terrain. Terrain is only ever
  // added or removed whole (the laager, the thornbush), never edited in
  // place. The derived terrain is kept per thread for the last few terrain
  // lists seen, keyed by the shared elements themselves (CowVector::shared:
  // while held they cannot change), so the copies of a state and the
  // FerreeBattles of a playout work it out once; a change in the size or
  // storage of s_.terrain fetches it again.
  struct TerrainCache {
    std::vector<Obstacle> impassable;
    BlockerSet sight;
    std::vector<std::pair<Vec2, Vec2>> laager_edges;
    // The dongas and the tent lines, each with its box (widened by the
    // reach of its test), so that most points skip the exact test.
    struct Area {
      std::vector<Vec2> outline;
      bool open = false;
      Vec2 lo = Vec2::Zero();
      Vec2 hi = Vec2::Zero();
      bool Outside(const Vec2& p) const {
        return p.x() < lo.x() || p.y() < lo.y() || p.x() > hi.x() || p.y() > hi.y();
      }
    };
    std::vector<Area> dongas;
    std::vector<Area> tents;
    // PathTowards' waypoint candidates round `impassable`, kept between
    // moves. The cache is the deriving thread's alone (see TerrainDerived).
    mutable PathSamples path_samples;
  };
  const TerrainCache& TerrainDerived() const {
    if (terrain_ != nullptr && terrain_data_ == s_.terrain.data() &&
        terrain_size_ == s_.terrain.size()) {
      return *terrain_;
    }
    return TerrainDerivedAnew();
  }
  // TerrainDerived when the terrain list is not the one last derived from.
  const TerrainCache& TerrainDerivedAnew() const;
  static std::shared_ptr<const TerrainCache> DeriveTerrain(const std::vector<Terrain>& terrain);
  mutable const Terrain* terrain_data_ = nullptr;
  mutable size_t terrain_size_ = 0;
  mutable std::shared_ptr<const TerrainCache> terrain_;
  // Borrowed from the thread's spare on construction and given back on
  // destruction, so that the battles of a playout build the index once.
  mutable std::unique_ptr<Ground> ground_;
  // While positive, ground_ is up to date and GroundNow does not Sync it
  // (HoldGround: a search that moves nobody, or a run of moves in which
  // MoveUnit alone changes where units stand: it touches each mover).
  mutable int ground_held_ = 0;
  class HoldGround {
   public:
    explicit HoldGround(const FerreeBattle& b);
    ~HoldGround();
    HoldGround(const HoldGround&) = delete;
    HoldGround& operator=(const HoldGround&) = delete;

   private:
    const FerreeBattle& b_;
  };
};

// The rule set behind engine/rulesets/ruleset.h.
class FerreeRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return kRulesetId; }
  std::string_view source() const override { return "001_4c61f40cf0987cbf.txt"; }
  std::string_view status() const override { return "full"; }
  absl::Status Validate(const BattleState& state) const override;
  // FerreeState: the pending decision names units of the right kinds, in the
  // phase it belongs to; Durnford's column is British units off the table.
  absl::Status ValidateOwnState(const BattleState& state) const;
  // British: FerreeBattle::ApplyBritish; Zulu: FerreeBattle::ApplyZulu.
  absl::Status Apply(BattleState& state, Side side, const Action& action, Dice& dice,
                     EventLog& log, const std::string& path,
                     const std::string& why) const override;
  // Zulu: ApplyZulu with `legal` as the pending decision's options.
  absl::Status ApplyLegal(BattleState& state, Side side, const std::vector<Action>& legal,
                          size_t i, Dice& dice, EventLog& log, const std::string& path,
                          const std::string& why) const override;
  absl::Status Run(BattleState& state, Dice& dice, EventLog& log) const override;
  // The decision points of Ferree's Isandlwana (FerreeBattle::Ask); any
  // other question is FAILED_PRECONDITION.
  absl::Status Ask(BattleState& state, const impi::Question& question, Dice& dice, EventLog& log,
                   int* decision) const override;
  Awaiting Awaits(const BattleState& state) const override;
  // Awaits without a prompt (who acts, what kind of decision, which units).
  Awaiting AwaitsBrief(const BattleState& state) const override;
  // British: the active unit's options (or deployment's). Zulu: the options
  // of the pending Zulu decision (FerreeBattle::PendingOptions).
  std::vector<Action> LegalActions(const BattleState& state, Side side) const override;
  std::vector<Action> LegalActionsAwaiting(const BattleState& state, Side side,
                                           const Awaiting& brief) const override;
  bool IsOver(const BattleState& state) const override;
  // +1 a Zulu win (no British figure left), -1 a British win (every regiment
  // broken), 0 undecided; for side ZULU, negated for BRITISH.
  double Score(const BattleState& state, Side side) const override;
  // Designed (not in the source text): the share of the British figures lost,
  // less the share escaped, less the share of the Zulu regiments broken.
  double Evaluate(const BattleState& state, Side side) const override;
  bool EvaluationFeatures(const BattleState& state, std::vector<double>* values,
                          std::vector<std::string>* names) const override;
  // Not pivotal: a tray's test to charge a retiring unit, a sniper's target;
  // for the British, every decision but the deployment's.
  bool Pivotal(const BattleState& state) const override;
  // British: no umpire bookkeeping, no secret entries, no off-table Zulu
  // trays, snipers or indunas, no entering regiment in the cup.
  BattleState View(const BattleState& state, Side side) const override;
  // British viewer: every regiment not yet seen (UnseenRegiment) gets a turn
  // and point of entry drawn afresh (a view has none: View clears them); a
  // loins regiment held where it was deployed, or one whose turn has come,
  // keeps its own.
  void Resample(BattleState& state, Side viewer, CounterRng& rng) const override;
  void HashOwnState(const BattleState& state, StateHasher* h) const override;
};

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

// False only if a and b are too far apart to be engaged (FerreeBattle::
// Engaged: in contact, or across the laager within its reach): their
// centres are further apart than both radii and that reach, with a margin
// far above rounding. A test of squares, without a square root, for loops
// over every unit.
inline bool NearEnoughToEngage(const Unit& a, const Unit& b) {
  const double r = Radius(a) + Radius(b) + kLaagerReach + kContactGap + 0.2 + 1e-6;
  return (a.position - b.position).squaredNorm() <= r * r;
}

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_FERREE_H_
