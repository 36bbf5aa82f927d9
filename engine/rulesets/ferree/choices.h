// engine/rulesets/ferree/choices.h: the legal options of every decision of
// Ferree's Isandlwana, and what the engine awaits.
//
// Overview: read-only queries over one BattleState: the Zulu plan's options
// (2.), a regiment's, an induna's and a sniper's (B., Induna Rules, Zulu
// Snipers), the pending Zulu decision's, the British deployment's (3., D.)
// and the active British unit's, what the engine awaits and the prompt it
// shows. A Choices needs no dice and no log: the rule set's LegalActions
// and Awaits ask it of a const state.
//
// Usage:
//   const Field field(state);
//   const Choices choices(state, field);
//   std::vector<Action> options = choices.PendingOptions();
//
// Thread safety: a Choices reads the state it is given; use one per thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_CHOICES_H_
#define IMPI_ENGINE_RULESETS_FERREE_CHOICES_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/core/battle_state.h"
#include "engine/rulesets/ferree/field.h"
#include "engine/rulesets/ferree/state.h"
#include "engine/game/ruleset.h"

namespace impi::ferree {

// How each Zulu decision is logged: the section applied, what is decided,
// the event kind, and whether it is the umpire's secret.
struct ChoiceInfo {
  const char* section;
  const char* what;
  EventKind kind;
  bool umpire_only;
};
ChoiceInfo InfoOf(ZuluChoice c);

// An empty list for PendingChoice::listed, from the few each thread keeps
// for it: one that no state holds any longer is handed out again, its
// storage kept, so that a decision made pending in a warm game allocates
// nothing; else a new one.
std::shared_ptr<std::vector<Action>> KeptOptions();

class Choices {
 public:
  Choices(const BattleState& state, const Field& field);

  // The legal actions of the pending Zulu decision (empty if none).
  std::vector<Action> PendingOptions() const;
  // What the engine awaits now (changes nothing).
  // What the engine awaits. The active British unit's prompt lists its kinds
  // of option only with `describe_options` (it costs a line of sight to every
  // tray): checks that need only who acts pass false. Without `prompt` the
  // prompt is left empty and the units left out (no text or list is built):
  // for the engine's own checks and AwaitsBrief.
  Awaiting Awaits(bool describe_options = true, bool prompt = true) const;
  // Awaits of `state` read without a Choices (no footprints, no derived
  // terrain): the options are described only with `choices` of that state.
  static Awaiting AwaitsIn(const BattleState& state, const Choices* choices, bool describe_options,
                           bool prompt);

  // --- Candidates: the legal options of each choice. ------------------------
  // Zulu plan: OFF_BOARD {unit_id regiment, point 1|2} for each regiment that
  // may still go, and END_DEPLOYMENT.
  std::vector<Action> PlanOptions() const;
  void PlanOptions(std::vector<Action>* list) const;
  // Where a regiment's trays go: MOVE towards the nearest British unit
  // (target_id), the same ending PRONE, MOVE towards the camp, STANCE
  // PRONE/UPRIGHT, PASS (hold).
  std::vector<Action> RegimentMoveOptions(const SharedString& regiment_id) const;
  // Each of these candidates' lists also into `*list` (emptied first), to
  // reuse its storage.
  void RegimentMoveOptions(const SharedString& regiment_id, std::vector<Action>* list) const;
  // The same with the regiment's trays (TraysOf's) listed by the caller.
  void RegimentMoveOptions(const SharedString& regiment_id, const TrayList& trays,
                           std::vector<Action>* list) const;
  void IndunaMoveOptions(const SharedString& induna_id, std::vector<Action>* list) const;
  void OrderOptions(const SharedString& induna_id, std::vector<Action>* list) const;
  void SniperOptions(const SharedString& sniper_id, std::vector<Action>* list) const;
  void BritishOptions(bool first_only, std::vector<Action>* list) const;
  // A tray's CHARGE_RETIRING options: CHARGE {unit_id tray, target_id the
  // retiring unit} (test to charge) and PASS (stay).
  static void ChargeRetiringOptions(const SharedString& tray_id, const SharedString& british_id,
                                    std::vector<Action>* list);
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
  // With first_only, the list stops at the active unit's first option
  // other than PASS (deployment's list is whole): a list of PASS alone
  // means the same as BritishOptions() being PASS alone.
  std::vector<Action> BritishOptions(bool first_only) const;
  // Deployment candidates (3.): DEPLOY actions that satisfy the situation's
  // rule (D. Deployment Of British Troops).
  std::vector<Action> DeploymentOptions() const;

  // The British unit active now, or nullptr.
  const Unit* ActiveBritish() const;
  static const Unit* ActiveBritishIn(const BattleState& state);

  // Why the active unit may not move, fire or send a runner now ("" if it
  // may).
  // Why the active unit may not fire now ("" if it may).
  std::string MayNotFire(const Unit& u) const;
  // Why the active unit may not move now ("" if it may).
  std::string MayNotMove(const Unit& u) const;
  std::string MayNotSendRunner(const Unit& u) const;
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
  // A Zulu or British action as events tell it.
  std::string Describe(const Action& a) const;
  // Counters in the cup the British may know of: the counters of regiments
  // still to enter from off-board are the umpire's secret.
  int PublicCupCount() const;

 private:
  const BattleState& s_;
  const Field& field_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_CHOICES_H_
