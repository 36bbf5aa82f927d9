// engine/rulesets/roarks_drift/roarks_drift.h: "The Battle of Roark's Drift"
// (004_18930928e35a3412.txt) as a game: RoarksRuleset, the game interface
// (engine/game/ruleset.h) over RoarksState.
//
// Overview: the state is a BattleState whose ruleset_state is a RoarksState
// (NewBattle); its units are the RoarksState's counters, named by their ids
// at the contract's edge (Action::unit_id) and by handle inside. Each
// decision of either side is a node: Awaits names the side and kind from
// the stage and segment, LegalActions lists its orders, each an Action with
// a RoarksOrder in Action::extra, and Apply checks the order against that
// list and carries it out through the section's own functions (movement.h,
// fire.h, melee.h, buildings.h, turn.h). A side ends its part of a segment
// with an order to pass; the umpire then closes the segment (Run:
// EndSegment: stacking, melee results, fires, retirement, the next turn).
//
// The orders, as a few meaningful candidates where the space is large:
//   - 9.1 set-up: the default placement (DefaultBritishPlacement, designed);
//     9.2: each allowed zone or pair of adjacent zones for the next regiment;
//   - movement: each unit's step into each hex it may enter (an off-map
//     Zulu: the first of its regiment and kind not yet entered, at each hex
//     of its zones), falling prone, digging through a wall beside it, pass;
//   - British fire: the men of a hex who may aim, at each enemy hex they
//     see among the twelve nearest them (nearest first, then in hex
//     order), eight at most; a volley line lined up by a lieutenant in a row through his hex
//     and fired from the next turn; the suppression of the Oskarberg by the
//     first men (in handle order) with 60 fire factors; pass;
//   - Zulu fire: each rifle unit at each British hex it sees among the
//     twelve nearest it, eight at most; the
//     Oskarberg; each fire a unit may set on a roof beside it; pass;
//   - Zulu melee: the attack every adjacent unit must make, spread (each
//     British hex attacked, the rest joining the weakest) or massed (the
//     rest joining the strongest); British melee: an attack on each Zulu
//     hex by the men in contact not yet attacking, pass (the melees are
//     applied); then each side's advance into a hex it emptied (all its
//     attackers the stacking limit allows, or one), pass;
//   - the end segment: the Zulu side ends the phase (9.3.A), or passes.
// Apply logs an event of each order with what came of it (a fire's odds
// and result, the melees), Run one of each segment it opens.
// Nothing is hidden from either side (the zones are chosen after the
// British set-up, in the open): View is the state, Resample changes nothing.
//
// Served: the composition root registers it (root/register.cc), its own
// state and orders travel in TableState.roarks_drift and Action.roarks_drift
// (wire/roarks_wire.h), its built-in scenario is "roarks_drift"
// (scenarios.h) and Ask settles the questions of question.h.
//
// Usage:
//   RoarksRuleset rules;
//   BattleState state = RoarksRuleset::NewBattle();
//   std::vector<Action> legal = rules.LegalActions(state, Side::kBritish);
//   IMPI_RETURN_IF_ERROR(rules.Apply(state, Side::kBritish, legal[0], dice, log, "british_actions[0]", ""));
//   IMPI_RETURN_IF_ERROR(rules.Run(state, dice, log));
//
// Thread safety: the rule set is immutable; states are values.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_ROARKS_DRIFT_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_ROARKS_DRIFT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game/ruleset.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

enum class Order : uint8_t {
  kPlace = 0,     // 9.1 the default placement
  kZones,         // 9.2 number: a zone, or two as z1 * 10 + z2
  kMove,          // 4.0 unit_id into to_hex
  kProne,         // 4.0.F
  kDig,           // 11.0.B through the side `direction`
  kAimedFire,     // 6.1.1 / 6.2.1 the men of hex (q, r) at to_hex
  kLineUp,        // 6.1.2 lieutenant unit_id, `direction` the facing, the row's axis `number`
  kVolley,        // 6.1.2 lieutenant unit_id's line fires
  kSuppress,      // 6.2.2.2
  kOskarberg,     // 6.2.2.1
  kRoofFire,      // 10.1.B unit_id at to_hex
  kRoofAlight,    // 10.1.C
  kTorch,         // 10.1.D
  kAttack,        // 7.0 Zulu: number 0 spread, 1 massed; British: at to_hex
  kAdvance,       // 7.0.I into to_hex, `number` units
  kEndPhase,      // 9.3.A
  kPass,          // the side's part of the segment is over
};
const char* OrderName(Order o);

// Action::extra of every Roark's Drift action.
struct RoarksOrder {
  Order order = Order::kPass;
  int8_t direction = 0;
  int16_t q = 0, r = 0;  // a hex the order names beside to_hex (the firers' hex)
  int16_t number = 0;

  void Hash(StateHasher* h) const;
  std::string Text() const;
  bool operator==(const RoarksOrder& o) const {
    return order == o.order && direction == o.direction && q == o.q && r == o.r && number == o.number;
  }
};

class RoarksRuleset final : public Ruleset {
 public:
  // A new game on the station board, awaiting the British set-up.
  static BattleState NewBattle(RoarksOptions options = {});

  std::string_view id() const override { return kRulesetId; }
  std::string_view short_name() const override { return "roarks"; }
  std::string_view title() const override { return "The Battle of Roark's Drift"; }
  std::string_view source() const override { return kSource; }
  std::string_view status() const override { return "full"; }

  absl::Status Validate(const BattleState& state) const override;
  absl::Status Apply(BattleState& state, impi::Side side, const Action& action, Dice& dice, EventLog& log,
                     const std::string& path, const std::string& why) const override;
  bool InPlay(const BattleState& state, const std::string& unit_id) const override;
  absl::Status Run(BattleState& state, Dice& dice, EventLog& log) const override;
  absl::Status Ask(BattleState& state, const impi::Question& question, Dice& dice, EventLog& log,
                   int* decision) const override;
  Awaiting Awaits(const BattleState& state) const override;
  std::vector<Action> LegalActions(const BattleState& state, impi::Side side) const override;
  bool IsOver(const BattleState& state) const override;
  // 12.0's level on the British dead now, from British Smashing (-1 for the
  // Zulus) to Zulu Smashing (+1), evenly.
  double Score(const BattleState& state, impi::Side side) const override;
  // For a search's rollouts cut off before the end (search.cc; designed,
  // not in the source text): Score's scale made continuous, so that a death
  // or a serious wound moves it and not only a level's edge. The British
  // dead count with half of each man seriously wounded and not yet dead
  // (8.2: a second serious wound kills), and the level is read piecewise
  // linearly between the edges of 12.0's rows (the middle of a row is its
  // level, Score's value there).
  double Evaluate(const BattleState& state, impi::Side side) const override;
  bool EvaluationFeatures(const BattleState& state, std::vector<double>* values,
                          std::vector<std::string>* names) const override;
  // The decisions worth a search (search.cc; designed, not in the source
  // text), the rest left to the side's RULES policy by a search told to
  // search only these (`impi arena --zulu mcts:N:pivotal`): the Zulus'
  // 9.2 entry zones, the end segment (whether to end the phase, 9.3.A),
  // the melee's form (7.0: spread or massed), and their fire segment while
  // the Oskarberg or a fire on a roof is among the orders (6.2.2.1,
  // 10.1); the British fire segment while a volley may be fired or a line
  // lined up by a lieutenant with none standing (6.1.2), and their melee
  // attacks (7.0.G: "the British side does not want to melee except on its
  // own terms", 13.0). The set-up (9.1) is one order; the British movement
  // (falling back) is not among them: a man is in melee contact somewhere
  // at most of its steps, which would make most British decisions
  // pivotal. Of a RULES game's some 10,000 decisions about a hundred or
  // two a side are these (docs/strength.md).
  bool Pivotal(const BattleState& state) const override;
  // 12.0's level of the end (its outcome; a Draw is a draw), the British
  // dead of the 139 men and the Zulu units killed of the 100 that end the
  // game, and lines: the level by its row of British dead, the wounded at
  // the end, the Zulu units killed, the phases played and how it ended
  // (report.cc).
  GameReport Report(const BattleState& start, const BattleState& end) const override;
  BattleState View(const BattleState& state, impi::Side side) const override;
  void Resample(BattleState& state, impi::Side viewer, CounterRng& rng) const override;
  void HashOwnState(const BattleState& state, StateHasher* h) const override;
  // "roarks_drift" (scenarios.h).
  std::vector<std::string> ScenarioNames() const override;
  absl::StatusOr<BattleState> Scenario(std::string_view name) const override;
};

// The game's own state in a BattleState (nullptr if none).
const RoarksState* OwnState(const BattleState& s);

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_ROARKS_DRIFT_H_
