// tests/toy/toy_ruleset.h: a toy rule set, the proof that a rule set joins
// impi through a folder of its own and one registration line.
//
// Overview: TOY_SKIRMISH (short name "toy") is two British companies of 16
// figures against two Zulu regiments of 30 on an open table, for 25 turns.
// Each turn every British company in play fires in turn (a decision: at
// which Zulu regiment, or not at all; one d6, a hit on 5 or more takes a
// figure), then every Zulu regiment in play decides whom it charges (or
// none; one d6, on 4 or more the British company loses a figure, else the
// regiment does). The Zulus win when no British figure is left, the British
// when no Zulu figure is; after turn 25 the side that lost the smaller share
// of its figures wins (equal shares: a draw). It has no source text, no state of its own beyond the
// shared table (the phase says who acts), no wire adapter and no messages
// of its own on the contract: a state names it by TableState.ruleset_id,
// and Ask takes the question every rule set takes (next_decision). Its
// scenario ("skirmish") is built here (Ruleset::Scenario). ToyZuluRules and
// ToyBritishRules are its sides' RULES policies.
//
// Thread safety: the rule set is immutable; the policies keep no state.
#ifndef IMPI_TESTS_TOY_TOY_RULESET_H_
#define IMPI_TESTS_TOY_TOY_RULESET_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/game/policy.h"
#include "engine/game/ruleset.h"

namespace impi::toy {

inline constexpr char kRulesetId[] = "TOY_SKIRMISH";
inline constexpr int kTurns = 25;

class ToyRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return kRulesetId; }
  std::string_view short_name() const override { return "toy"; }
  std::string_view source() const override { return "tests/toy (no source text)"; }
  std::string_view status() const override { return "full"; }
  absl::Status Validate(const BattleState& state) const override;
  absl::Status Apply(BattleState& state, Side side, const Action& action, Dice& dice, EventLog& log,
                     const std::string& path, const std::string& why) const override;
  absl::Status Run(BattleState& state, Dice& dice, EventLog& log) const override;
  // Only the question every rule set takes (NextDecision, which the driver
  // answers): anything else is FAILED_PRECONDITION.
  absl::Status Ask(BattleState& state, const Question& question, Dice& dice, EventLog& log,
                   int* decision) const override;
  Awaiting Awaits(const BattleState& state) const override;
  std::vector<Action> LegalActions(const BattleState& state, Side side) const override;
  bool IsOver(const BattleState& state) const override;
  double Score(const BattleState& state, Side side) const override;
  BattleState View(const BattleState& state, Side side) const override { (void)side; return state; }
  void Resample(BattleState& state, Side viewer, CounterRng& rng) const override {
    (void)state, (void)viewer, (void)rng;
  }
  std::vector<std::string> ScenarioNames() const override { return {"skirmish"}; }
  absl::StatusOr<BattleState> Scenario(std::string_view name) const override;
};

// The Zulu RULES policy: charge the British company with the fewest figures.
class ToyZuluRules final : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;
};

// The British RULES policy: fire at the Zulu regiment with the most figures.
class ToyBritishRules final : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;
};

}  // namespace impi::toy

#endif  // IMPI_TESTS_TOY_TOY_RULESET_H_
