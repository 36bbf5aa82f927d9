// engine/rulesets/ferree/battle.h: Chris Ferree's Isandlwana on one state.
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
// registered for FERREE_ISANDLWANA (engine/game/policy.h).
//
// The sections are classes over one Context (context.h): PreBattle
// (1.-4.), Sequence (5.-8.), ZuluTurn, BritishTurn, Melee (close combat) and
// DecisionPoints (Ask: situation, zulu_plan, entry_turn, activate, resolve,
// rally, induna_order, charge_retiring); the legal options of each decision
// and what is awaited are read-only queries of Choices (choices.h). How the
// turn is kept between calls is described in state.h.
//
// Usage:
//   FerreeBattle battle(state, dice, log);
//   IMPI_RETURN_IF_ERROR(battle.ApplyBritish(action, "british_actions[0]"));
//   Awaiting next;
//   IMPI_RETURN_IF_ERROR(battle.Run(&next));
//
// Thread safety: a FerreeBattle works on the state it is given; use one per
// thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_BATTLE_H_
#define IMPI_ENGINE_RULESETS_FERREE_BATTLE_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/ferree/ask.h"
#include "engine/rulesets/ferree/british.h"
#include "engine/rulesets/ferree/choices.h"
#include "engine/rulesets/ferree/context.h"
#include "engine/rulesets/ferree/melee.h"
#include "engine/rulesets/ferree/pre_battle.h"
#include "engine/rulesets/ferree/question.h"
#include "engine/rulesets/ferree/sequence.h"
#include "engine/rulesets/ferree/state.h"
#include "engine/rulesets/ferree/zulu.h"
#include "engine/game/ruleset.h"

namespace impi::ferree {

// The procedure on one state: the sections of the sequence of play over one
// Context.
class FerreeBattle {
 public:
  FerreeBattle(BattleState& state, Dice& dice, EventLog& log);
  FerreeBattle(const FerreeBattle&) = delete;
  FerreeBattle& operator=(const FerreeBattle&) = delete;

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
  std::vector<Action> PendingOptions() const { return choices_.PendingOptions(); }
  // Settles one decision point (DecisionPoints::Ask).
  absl::Status Ask(const Question& question, int* decision) { return ask_.Ask(question, decision); }
  // What the engine awaits now (Choices::Awaits; changes nothing).
  Awaiting Awaits(bool describe_options = true, bool prompt = true) const {
    return choices_.Awaits(describe_options, prompt);
  }
  // The legal options of each decision (read-only).
  const Choices& choices() const { return choices_; }

 private:
  void LogDecision(const std::vector<Action>& options, int idx, ZuluChoice c,
                   const std::string& why);

  Context c_;
  BattleState& s_;
  EventLog& log_;
  const Choices choices_;
  Melee melee_;
  BritishTurn british_;
  ZuluTurn zulu_;
  PreBattle pre_battle_;
  Sequence sequence_;
  DecisionPoints ask_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_BATTLE_H_
