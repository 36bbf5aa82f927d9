// engine/rulesets/pagano/pagano.h: C. Pagano's d10 rules as a game
// (000_75b60edb8bb33965.txt, "We are the boys from Isandhlwana").
//
// Overview: the eight phases of SEQUENCE of PLAY run in order, a turn after
// another, through the game interface (engine/game/ruleset.h). Run does
// the umpire's part of each phase (routers off the table, the morale rolls,
// every melee, the medical rolls, the Zulu riflemen's fire) and stops where
// a side decides, one unit at a time (docs/pagano-engine.md, "The turn"):
//
//   1 Zulu Movement     each isigaba: MOVE (to a point, `stance` PRONE to
//                       end prone), STANCE (prone or upright where it
//                       stands), PASS; each induna: MOVE, PASS
//   2 Brit Missile Fire each British figure or piece with a target: FIRE
//                       (`target_id`; a Gatling's `point` 2: split with the
//                       isigaba beside it), PASS; an NNC isigaba: FIRE at its
//                       closest target (`point` 1: its spears), PASS
//   3 Zulu Morale       each induna: ORDER (`target_id`: the isigaba it
//                       directs), PASS; the rolls; then each Stayed
//                       isigaba: MOVE away (`point` 1) or to cover
//                       (`point` 3), STANCE PRONE, PASS (hold firm)
//   4 Zulu Melee        the umpire: every melee the Zulus initiated
//   5 Brit Movement     each British figure, piece and NNC isigaba: MOVE
//                       (`target_id`: a casualty it carries), STANCE
//                       (MOUNTED, DISMOUNTED, SQUARE, UPRIGHT), LIMBER,
//                       UNLIMBER, ORDER (a jammed Gatling cleared), PASS
//   6 Brit Medical      the umpire: the medical rolls
//   7 Zulu Missile Fire the umpire: every isigaba's riflemen at the closest
//                       target; then each isigaba that may throw its
//                       spears: FIRE (`point` 1) or PASS (keep them)
//   8 Brit Melee        the umpire: every melee of the British in contact
//
// The Zulus decide one unit at a time, in unit order (LegalActions lists
// the awaited unit's options). The British may act with any of their units
// still to act in the phase, in any order (Apply takes them), and end the
// phase with a PASS naming no unit (the rest stand); LegalActions lists the
// first such unit's options and, while others wait, that PASS (a few
// meaningful candidates: a post of 140 figures would list thousands). A
// unit with nothing to decide is passed over. The battle ends when one side has nothing left in it (no British
// figure standing, or no isigaba not routed on the table) or after the
// last turn (the parameter "pagano.last_turn"; designed default
// kDefaultLastTurn).
//
// Thread safety: immutable; shared by all threads.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_PAGANO_H_
#define IMPI_ENGINE_RULESETS_PAGANO_PAGANO_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/game/ruleset.h"
#include "engine/rulesets/pagano/state.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

// Designed: the text names no length of battle.
inline constexpr int kDefaultLastTurn = 15;
// The scenario's last turn: the parameter kLastTurnParameter, else
// kDefaultLastTurn.
int LastTurn(const BattleState& s);

// The victory scale (designed, not in the source text). The Zulus win when
// no British figure is left standing in the battle (every one eliminated
// or a casualty; the NNC do not hold a position alone); the British win
// decisively when no Zulu isigaba is left in the battle (every one routed,
// eliminated or off the table); after the last turn with both sides still
// in it, the British have held (a British minor victory: the Zulus did not
// take the position). Score: decisive 1, held 0.5, for the winner.
enum class Outcome : int { kNone = 0, kZuluVictory, kBritishHeld, kBritishVictory };
Outcome OutcomeOf(const BattleState& s);
// "Zulu victory", "British held", "British decisive victory", "none".
const char* OutcomeName(Outcome o);

// Which side decides in this phase and stage (kUnspecified: the umpire's).
Side DecidingSide(const BattleState& s);
// The handle of the unit whose decision is awaited now (the first in unit
// order still to act), kNoUnit if none.
int AwaitedUnit(const BattleState& s);
// The actions the unit at handle `h` may take now (a PASS among them),
// none if it does not decide now.
void UnitOptions(const BattleState& s, int h, std::vector<Action>* out);

class PaganoRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return kRulesetId; }
  std::string_view short_name() const override { return "pagano"; }
  std::string_view title() const override { return "Pagano's d10 rules"; }
  std::string_view source() const override { return kSource; }
  std::string_view status() const override { return "full"; }

  // The kinds of unit the rules have (docs/pagano-engine.md, Units) on their
  // sides, one figure for a British figure and an induna, at most twenty for
  // an isigaba, the parameters it takes, and the own state (CheckOwnState).
  absl::Status Validate(const BattleState& state) const override;
  absl::Status Apply(BattleState& state, Side side, const Action& action, Dice& dice,
                     EventLog& log, const std::string& path,
                     const std::string& why) const override;
  absl::Status Run(BattleState& state, Dice& dice, EventLog& log) const override;
  absl::Status Ask(BattleState& state, const impi::Question& question, Dice& dice, EventLog& log,
                   int* decision) const override;
  Awaiting Awaits(const BattleState& state) const override;
  Awaiting AwaitsBrief(const BattleState& state) const override;
  std::vector<Action> LegalActions(const BattleState& state, Side side) const override;
  // The awaited unit's options alone, without the PASS that ends the
  // British phase (a rollout's units act in unit order).
  std::vector<Action> PlayableActions(const BattleState& state, Side side,
                                      const Awaiting& brief) const override;
  bool IsOver(const BattleState& state) const override;
  double Score(const BattleState& state, Side side) const override;
  // Mid-battle: the share of the British figures lost less the share of the
  // Zulu figures lost (for the Zulus).
  double Evaluate(const BattleState& state, Side side) const override;
  GameReport Report(const BattleState& start, const BattleState& end) const override;
  // The built-in battles (scenarios.h): "rorkes_drift", "isandlwana_tactical".
  std::vector<std::string> ScenarioNames() const override;
  absl::StatusOr<BattleState> Scenario(std::string_view name) const override;
  // Nothing is hidden in these rules: every figure and die is on the table.
  BattleState View(const BattleState& state, Side side) const override;
  void Resample(BattleState& state, Side viewer, CounterRng& rng) const override;
  void HashOwnState(const BattleState& state, StateHasher* h) const override;
};

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_PAGANO_H_
