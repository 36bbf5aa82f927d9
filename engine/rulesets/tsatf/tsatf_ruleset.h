// engine/rulesets/tsatf/tsatf_ruleset.h: TSATF "Zulu Control" behind the
// engine seam (engine/game/ruleset.h).
//
// Overview: TsatfRuleset checks a table state for Zulu Control, applies the
// British actions and runs the Zulus with the umpire's procedure
// (zulu_control.h), answers the Ask decision points (question.h), and gives
// the British view of the table (the umpire's book and hidden appearance
// points kept back) and worlds resampled from it.
//
// Usage:
//   TsatfRuleset rules;
//   IMPI_RETURN_IF_ERROR(rules.Validate(state));
//   Awaiting a = rules.Awaits(state);
//
// Thread safety: holds no state; const methods may be called concurrently
// on different states.
#ifndef IMPI_ENGINE_RULESETS_TSATF_TSATF_RULESET_H_
#define IMPI_ENGINE_RULESETS_TSATF_TSATF_RULESET_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/game/ruleset.h"

namespace impi::tsatf {

inline constexpr char kRulesetId[] = "TSATF_ZULU_CONTROL";

class TsatfRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return kRulesetId; }
  std::string_view source() const override { return "003_8a310c3200cb6fb0.txt"; }
  std::string_view status() const override { return "full"; }
  std::string_view short_name() const override { return "tsatf"; }
  std::string_view title() const override { return "TSATF Zulu Control"; }
  // report.cc: the outcome and tallies of a game on this rule set's scale.
  GameReport Report(const BattleState& start, const BattleState& end) const override;
  // The engine resolves the British side (kResolveBritishParam) unless set.
  void ForMachinePlay(BattleState& state) const override;
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
  // AwaitsOf (turn.h), a pure function of the state.
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

#endif  // IMPI_ENGINE_RULESETS_TSATF_TSATF_RULESET_H_
