// engine/game/policy.h: who makes a side's choices.
//
// Overview: where a rule set leaves a side a real choice (where a regiment
// goes, whether to go prone, which unit an induna orders, which British unit
// fires at what), the rule set lists the legal actions and asks a Policy to
// pick one. Policies live in ai/ (doctrine/<ruleset>/ for the Zulu RULES
// policy, british/ for scripted British players, mcts/ later) and register
// themselves here by rule set and kind, so the engine never names one. A rule
// set that prescribes every choice (TSATF Zulu Control) needs none.
//
// Usage:
//   RegisterPolicy("FERREE_ISANDLWANA", Side::kZulu, PolicyKind::kRules,
//                  [](const PolicySpec&) { return std::make_unique<FerreeDoctrine>(); });
//   std::unique_ptr<Policy> p = MakePolicy("FERREE_ISANDLWANA", Side::kZulu, spec);
//   int i = p->Choose(state, options, dice);   // index into options
//
// Thread safety: register before serving (at start-up); MakePolicy is
// thread-safe afterwards. A Policy object is used by one thread.
#ifndef IMPI_ENGINE_GAME_POLICY_H_
#define IMPI_ENGINE_GAME_POLICY_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/game/ruleset.h"

namespace impi {

class Policy {
 public:
  virtual ~Policy() = default;
  // Picks one of `options` (non-empty) for the side to act in `state`;
  // returns its index. `dice` is there for policies that randomise: what
  // they roll is logged like any die. `why`, if not null, receives a short
  // account of the choice.
  virtual int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                     std::string* why) = 0;
};

using PolicyFactory = std::function<std::unique_ptr<Policy>(const PolicySpec&)>;

// Registers (or replaces) the factory for a rule set, side and kind.
void RegisterPolicy(const std::string& ruleset, Side side, PolicyKind kind, PolicyFactory factory);
// A new policy, or nullptr if none is registered.
std::unique_ptr<Policy> MakePolicy(const std::string& ruleset, Side side, const PolicySpec& spec);

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_POLICY_H_
