// service/agent_policy.h: a side played by an outside agent over gRPC.
//
// Overview: AgentPolicy is the Policy of PolicyKind::kAgent. At each
// decision it calls impi.v1.Agent/Act (proto/impi/v1/agent.proto) at
// PolicySpec::agent_address with the acting side's view of the table
// (Ruleset::View), what is awaited and the legal actions, all converted
// through the contract's converters and the wire registry (so it names no
// rule set), with a per-call deadline: PolicySpec::milliseconds, or
// kDefaultAgentMilliseconds when that is 0, never past PolicySpec::deadline.
// When the agent errs, cannot be reached, does not answer in time or
// answers an illegal choice, the fault is counted by kind in the AgentStats
// of its address (AgentStatsFor) and that move is played by the side's
// RULES policy (MakePolicy with kRules; the first legal action where the
// rule set has none).
//
// RegisterAgentPolicies registers the factory for every registered rule set
// and both sides. Call it after impi::RegisterEverything (root/register.h)
// in a binary that may play against outside agents (the impi CLI); the
// server does not: a remote caller cannot make impi-server connect out.
//
// Usage:
//   impi::RegisterEverything();
//   impi::service::RegisterAgentPolicies();
//   PolicySpec spec;
//   spec.kind = PolicyKind::kAgent;
//   spec.agent_address = "127.0.0.1:50061";
//   std::unique_ptr<Policy> p = MakePolicy("FERREE_ISANDLWANA", Side::kZulu, spec);
//   ... play ...
//   AgentCounts c = AgentStatsFor("127.0.0.1:50061")->Counts();   // c.timeouts, ...
//
// Thread safety: a policy object is used by one thread; channels are shared
// by address across the process; AgentStats counters are atomic, so games
// on several threads may play against one address.
#ifndef IMPI_SERVICE_AGENT_POLICY_H_
#define IMPI_SERVICE_AGENT_POLICY_H_

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"

namespace impi::service {

// The deadline of one Act call when PolicySpec::milliseconds is 0.
inline constexpr int kDefaultAgentMilliseconds = 1000;

// A copy of the counters at one moment.
struct AgentCounts {
  int calls = 0;     // Act calls begun (a move the agent was asked for)
  int errors = 0;    // an error status, or the agent could not be reached
  int timeouts = 0;  // no answer before the call's deadline
  int illegal = 0;   // an index out of range, an action not among the legal, or no choice
  // Moves the RULES policy played instead.
  int faults() const { return errors + timeouts + illegal; }
  // "12 calls, 1 error, 0 time-outs, 2 illegal".
  std::string ToString() const;
};

// What the agent policies of one address did, for whoever plays the games
// to report (impi simulate; the arena). The driver makes a policy object a
// step, so the counts live here, one per address for the whole process:
// read them after a game, or the difference of two reads around it.
class AgentStats {
 public:
  AgentCounts Counts() const;

 private:
  friend class AgentPolicy;
  std::atomic<int> calls_{0};
  std::atomic<int> errors_{0};
  std::atomic<int> timeouts_{0};
  std::atomic<int> illegal_{0};
};

// The counters of `address` ("host:port" as given in
// PolicySpec::agent_address), made at first need; never null, valid for
// the life of the process. Thread-safe.
AgentStats* AgentStatsFor(const std::string& address);

class AgentPolicy final : public Policy {
 public:
  explicit AgentPolicy(PolicySpec spec);
  ~AgentPolicy() override;
  AgentPolicy(const AgentPolicy&) = delete;
  AgentPolicy& operator=(const AgentPolicy&) = delete;

  // Never fails: a fault is counted and the RULES policy chooses instead.
  // With one option there is no choice: 0, with no call.
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;


 private:
  struct Link;
  // The RULES choice for a move the agent did not make.
  int Fallback(const BattleState& state, Side side, const std::vector<Action>& options,
               Dice& dice, std::string* why, const std::string& fault);

  PolicySpec spec_;
  AgentStats* stats_;
  std::unique_ptr<Link> link_;
  std::unique_ptr<Policy> rules_[3];  // by Side, made on first need
};

// Registers AgentPolicy as PolicyKind::kAgent for both sides of every rule
// set registered so far. Idempotent.
void RegisterAgentPolicies();

}  // namespace impi::service

#endif  // IMPI_SERVICE_AGENT_POLICY_H_
