// engine/rulesets/tsatf/zulu_control.h: the TSATF "Zulu Control" umpire.
//
// Overview: ZuluControl runs the umpire's procedure of the manual (rules file
// 003_8a310c3200cb6fb0.txt) on one BattleState: the start of turn (markers,
// RANDOM CHANCE FROM TABLE EDGE after turn 2, the D10 perimeter point), the
// movement deck of 3 red and 3 black cards (Zulu move tests 1-3 later / 4-6
// now, 3D6 towards the target or 4D6 and charge within 24", everything
// unmoved on the last Zulu card, "this turn" markers entering), appearance
// points tested when the British move within 6", IMPI CREATION and SPECIAL
// IMPI CREATION against the force pool and the scenario total, HAND, target
// selection (nearest, red coats first, dice for ties, in the way, temptation,
// the 24" rule, last known position), the fire deck (which capable unit
// fires), the three lone-Zulu conversion tables, skirmishing and rifle-armed
// regiments charged, critical morale below 50%, rejoining and recycling.
//
// How units are kept: an impi is a unit of kind IMPI (its hand and target in
// its TsatfUnit, its position the centre of its regiments) with its
// REGIMENT units and its INDUNA pointing at it through `parent`. Skirmishing
// (SKIRMISHERS), rifle-armed (RIFLE_REGIMENT) regiments and lone Zulus
// (LONE_ZULU) stand alone. The force pool counts regiments; committing one
// adds to TsatfState.committed, which never passes its scenario_total;
// removed regiments return to the pool ("recycled"). The deck, the book and
// each unit's hand and target are Zulu Control's own state
// (engine/rulesets/tsatf/tsatf_state.h).
//
// Where the text is silent impi decides, and says so (docs/conformance.md):
// test to stand and critical morale (TSATF core rules, not in the text) are
// designed tables; each unit's footprint and the free ground a unit is
// placed on (footprint.h), contact distance, "occupying" a
// point (within 2"), ties within 0.5", one marker per perimeter point, the
// fire deck of 3 red and 3 black cards, pinned units recovering at the next
// start of turn. On request (tsatf.resolve_british) the engine resolves the
// British side too (british_resolution.h), and a table may give the patrol a
// task and a turn limit (victory.h).
//
// Thread safety: a ZuluControl works on the state it is given; use one per
// thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_ZULU_CONTROL_H_
#define IMPI_ENGINE_RULESETS_TSATF_ZULU_CONTROL_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/question.h"
#include "engine/rulesets/tsatf/tsatf_state.h"

namespace impi::tsatf {

inline constexpr char kRulesetId[] = "TSATF_ZULU_CONTROL";

// Sizes on the table, in inches (designed: not in the source text).
inline constexpr double kRegimentRadius = 1.5;   // a 20-figure regiment's footprint
inline constexpr double kRegimentSpacing = 3.5;  // between regiments of an impi
inline constexpr double kContact = 3.0;          // centre to centre in close combat
inline constexpr double kIndunaBehind = 2.5;     // the induna behind his impi's line
inline constexpr double kOccupyRadius = 2.0;     // a British unit this close occupies a point
inline constexpr double kTieInches = 0.5;        // "equally distant"
inline constexpr double kChargeRange = 24.0;     // "Impis within 24" ... roll 4 D6 and charge"
inline constexpr double kAppearanceRange = 6.0;  // "within 6" of an appearance point"
inline constexpr int kRegimentFigures = 20;      // "20 men including a leader"

// Units the force pool counts ("Zulu units": regiments of any kind).
bool CountsInPool(const Unit& u);
inline constexpr int kCardsPerColour = 3;        // "3 red cards and 3 black cards"
inline constexpr int kMaxSkirmishers = 2;        // "Only two of these may be on the field"

class ZuluControl {
 public:
  ZuluControl(BattleState& state, Dice& dice, EventLog& log)
      : s_(state), dice_(dice), log_(log) {}

  // --- Advance: the turn sequence --------------------------------------
  // Applies one British action (validated against what the engine awaits).
  // `path` is the field path for errors ("british_actions[2]").
  absl::Status ApplyBritish(const Action& action, const std::string& path);
  // Plays until the British are awaited; fills `awaiting` (as AwaitsBrief,
  // with the prompt when the game is over).
  absl::Status RunZulu(Awaiting* awaiting);
  // What the engine awaits now (without changing anything).
  Awaiting Awaits() const { return AwaitsWith(true); }
  // Awaits without the prompt: who acts, the kind, the units and the moves
  // left (for the loops that need only these).
  Awaiting AwaitsBrief() const { return AwaitsWith(false); }

  // --- The procedures, each one decision point (Ask) ---------------------
  absl::Status StartOfTurn();
  // RANDOM CHANCE ON-FIELD at appearance point `number`.
  absl::Status TestAppearancePoint(int number, const std::string& trigger_unit);
  // RANDOM CHANCE FROM TABLE EDGE; a created force gets a "next turn" marker.
  absl::Status TableEdge();
  // The D10 perimeter point (never the British entry, one marker a point).
  int RollEntryPoint();
  // IMPI CREATION (special: SPECIAL IMPI CREATION) at `at`. Returns the new
  // impi's id ("" if nothing was created; a Lone Zulu when the pool is low).
  // `charger`: the British unit whose charge a regiment stood against; the
  // impi is placed in contact with it (and may touch it).
  std::string CreateImpi(const Vec2& at, bool special, int point, PointKind point_kind,
                         const std::string& how, const std::string& charger = "");
  // The HAND: why it is not rolled for `u` (not an impi or a skirmishing
  // regiment on the table), or nullptr if it is. AssignHand (play, and
  // Ask's hand) refuses such a unit: the one check for both.
  const char* HandRefusal(const Unit& u) const;
  absl::Status AssignHand(const std::string& unit_id);
  // NOTES ON APPEARANCE POINTS: why no force comes from the appearance
  // point `p` (SPENT or OCCUPIED: "it will never generate anything else"),
  // or nullptr. TestAppearancePoint (play) and Ask's impi_creation at an
  // appearance point make this one check.
  static const char* AppearanceRefusal(const Point& p);
  // IMPI CREATION's target: why `u` chooses no target (not an impi on the
  // table), or nullptr if it does. UpdateTarget and Tempt (play, and Ask's
  // target and temptation) refuse such a unit: the one check for all.
  const char* TargetRefusal(const Unit& u) const;
  // Temptation: why `tempting` tempts no impi (not a British unit on the
  // table with figures), or nullptr if it may. Tempt (play, and Ask's
  // temptation) refuses such a unit.
  const char* TemptingRefusal(const Unit& tempting) const;
  // Target selection now; `move_distance` > 0 also applies the "cannot reach
  // the target but could reach another" temptation.
  absl::Status UpdateTarget(const std::string& unit_id, double move_distance);
  absl::Status Tempt(const std::string& unit_id, const std::string& tempting_id);
  // Zulu move card test for a unit or a "this turn" marker; *now is the result.
  absl::Status MoveTest(const std::string& unit_id, int perimeter_point, bool* now);
  // DURING MOVEMENT: why `u` is not a force a Zulu move card tests and
  // moves (not an impi or skirmishing regiment on the table, moved this
  // turn, pinned, in close combat, no regiment free to move), or nullptr if
  // it is one. Play passes such a force over; Ask (move_test, zulu_move)
  // refuses it: the one check for both.
  const char* ZuluCardRefusal(const Unit& u) const;
  absl::Status MoveForce(const std::string& unit_id);
  absl::Status EnterMarker(int perimeter_point);
  absl::Status FireCard();
  absl::Status LoneZulu(const std::string& unit_id, LoneZuluEvent event,
                        const std::string& british_id);
  absl::Status TestToStand(const std::string& unit_id, const std::string& charger_id);
  absl::Status CriticalMorale(const std::string& unit_id);

  // --- Counts the tables depend on -----------------------------------------
  int ImpisOnOrMarked() const;
  int SkirmishersOnTable() const;  // on the table or marked to come on
  bool RifleOnTable() const;
  int Available() const;  // min(force pool, scenario total - committed)

 private:
  // Movement deck.
  absl::Status DrawMovementCard(bool* awaits_british);
  absl::Status ZuluMoveCard(bool last_card);
  absl::Status DrawFireCard(bool* awaits_british);
  absl::Status EndOfTurn();
  void StartPhase(Phase phase);

  // British actions.
  absl::Status ApplyBritishAction(const Action& a, const std::string& path);
  absl::Status NotLockedInCloseCombat(const Unit& u, const std::string& path) const;
  absl::Status BritishMove(const Action& a, const std::string& path);
  absl::Status BritishFire(const Action& a, const std::string& path);
  absl::Status BritishCharge(const Action& a, const std::string& path);
  absl::Status Casualties(const std::string& target_id, int casualties, const std::string& path,
                          bool close_combat);
  void CheckAppearancePoints(const Unit& mover, const std::vector<Vec2>& path);
  absl::Status TestPointsWhereTheBritishRemain();

  // Creation helpers.
  std::string PlaceImpi(const Vec2& at, int regiments, int point, const std::string& charger);
  std::string PlaceSingle(UnitKind kind, const Vec2& at, int point, PointKind point_kind,
                          const std::string& how);
  void Commit(int regiments);
  void RemoveUnit(const std::string& id, const std::string& why, bool recycle);
  Vec2 ConversionPlace(const Unit& lone, const std::string& british_id);
  std::string ConvertLoneToImpi(const std::string& lone_id, const std::string& british_id);

  // Targeting.
  std::vector<const Unit*> VisibleBritish(const Vec2& from) const;
  std::string NearestBritish(const Vec2& from, bool visible_only, Explanation* why);
  // An impi with a regiment that is neither pinned nor locked in close combat
  // (skirmishers: always).
  bool HasFreeRegiment(const Unit& force) const;
  void RecenterImpi(const std::string& impi_id);
  std::vector<Obstacle> ObstaclesFor(const Unit& mover, const std::string& target_id) const;
  void TranslateForce(Unit& force, const Vec2& delta);
  void SettleZulus();
  void LockInCloseCombat(const std::string& impi_id, const std::string& british_id);

  // The engine resolving the British side when tsatf.resolve_british is 1
  // (designed, british_resolution.cc).
  bool Resolving() const;
  Awaiting AwaitsWith(bool prompt) const;
  absl::Status RollBritishFire(const Action& a, const std::string& path, int* hits);
  absl::Status ResolveZuluFire(const std::string& zulu_id, const std::string& british_id);
  absl::Status StandAgainstCharge(const std::string& british_id, const std::string& impi_id);
  absl::Status BritishMorale(const std::string& british_id);
  absl::Status FightCloseCombat(const std::string& british_id, const std::string& path);
  absl::Status FightRemaining(const std::string& path);

  Event& Decision(EventKind kind, const Explanation& why);
  // The rule set's own state (tsatf_state.h), created if absent: the umpire's
  // book, the deck, and a unit's bookkeeping.
  TsatfState& own() const;
  Deck& deck() const;
  TsatfUnit& U(const std::string& unit_id) const;
  int StandTarget() const;
  int CriticalTarget() const;

  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
};

// The rule set behind engine/game/ruleset.h.
class TsatfRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return kRulesetId; }
  std::string_view source() const override { return "003_8a310c3200cb6fb0.txt"; }
  std::string_view status() const override { return "full"; }
  absl::Status Validate(const BattleState& state) const override;
  // British actions as ZuluControl::ApplyBritish; Zulu Control prescribes
  // every Zulu decision, so a Zulu action is FAILED_PRECONDITION.
  absl::Status Apply(BattleState& state, Side side, const Action& action, Dice& dice,
                     EventLog& log, const std::string& path,
                     const std::string& why) const override;
  // ZuluControl::RunZulu.
  absl::Status Run(BattleState& state, Dice& dice, EventLog& log) const override;
  absl::Status Ask(BattleState& state, const impi::Question& question, Dice& dice, EventLog& log,
                   int* decision) const override;
  Awaiting Awaits(const BattleState& state) const override;
  // Awaits without the prompt.
  Awaiting AwaitsBrief(const BattleState& state) const override;
  std::vector<Action> LegalActions(const BattleState& state, Side side) const override;
  bool IsOver(const BattleState& state) const override;
  double Score(const BattleState& state, Side side) const override;
  BattleState View(const BattleState& state, Side side) const override;
  void Resample(BattleState& state, Side viewer, CounterRng& rng) const override;
  void HashOwnState(const BattleState& state, StateHasher* h) const override;
  // TsatfState: the book within the scenario total, the deck within its 3
  // red and 3 black cards, each unit's bookkeeping naming units of the table.
  // INVALID_ARGUMENT naming "state.tsatf.<field>".
  absl::Status ValidateOwnState(const BattleState& state) const;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_ZULU_CONTROL_H_
