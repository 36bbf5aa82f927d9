// engine/rulesets/ferree/ferree.h: Chris Ferree's Isandlwana behind the
// engine seam (001_4c61f40cf0987cbf.txt).
//
// Overview: FerreeRuleset is the rule set the registry holds; each call
// works on the state it is given through a FerreeBattle (battle.h), which
// composes the procedure's sections: the pre-battle steps (pre_battle.h),
// the turn and its cup of counters (sequence.h), the Zulu regiments',
// indunas' and snipers' turns (zulu.h), the British units' turns
// (british.h), close combat (melee.h) and the decision points Ask
// settles (ask.h), over the table's ground (field.h) and a shared context
// (context.h); the legal options of every decision are read-only queries
// (choices.h). The rule set's own state and the unit helpers the procedure
// and the policies share are in state.h, the printed tables in tables.h.
// docs/engine.md, "The shape of a rule set", describes the layout.
//
// Usage:
//   const FerreeRuleset rules;
//   IMPI_RETURN_IF_ERROR(rules.Run(state, dice, log));
//
// Thread safety: FerreeRuleset is immutable and shared.
#ifndef IMPI_ENGINE_RULESETS_FERREE_FERREE_H_
#define IMPI_ENGINE_RULESETS_FERREE_FERREE_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/rulesets/ferree/battle.h"
#include "engine/rulesets/ferree/state.h"
#include "engine/game/ruleset.h"

namespace impi::ferree {

// The rule set behind engine/game/ruleset.h.
class FerreeRuleset final : public Ruleset {
 public:
  std::string_view id() const override { return kRulesetId; }
  std::string_view source() const override { return "001_4c61f40cf0987cbf.txt"; }
  std::string_view status() const override { return "full"; }
  std::string_view short_name() const override { return "ferree"; }
  std::string_view title() const override { return "Ferree's Isandlwana"; }
  // report.cc: the outcome and tallies of a game on this rule set's scale.
  GameReport Report(const BattleState& start, const BattleState& end) const override;
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
  // of the pending Zulu decision (Choices::PendingOptions).
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

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_FERREE_H_
