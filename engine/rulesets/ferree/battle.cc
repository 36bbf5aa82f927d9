// engine/rulesets/ferree/battle.cc: the procedure on one state: applying a side's
// action and running until a side must decide.
#include "engine/rulesets/ferree/battle.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

constexpr int kMaxSteps = 200000;  // counters drawn in one call, a guard against a bug

constexpr int kMaxTurnsPerCall = 500;  // designed: turns with nothing for the British to do
// Units the in-place state makes room for beyond those at the battle's
// start: the runners the companies send.
constexpr size_t kRunnerRoom = 48;

bool SameAction(const Action& a, const Action& b) {
  return a.kind == b.kind && a.unit_id == b.unit_id && a.target_id == b.target_id &&
         a.point == b.point && a.stance == b.stance && (a.to - b.to).norm() < 1e-6;
}

}  // namespace

FerreeBattle::FerreeBattle(BattleState& state, Dice& dice, EventLog& log)
    : c_(state, dice, log),
      s_(state),
      log_(log),
      choices_(state, c_.field()),
      melee_(c_, british_),
      british_(c_, choices_, melee_),
      zulu_(c_, choices_, melee_),
      pre_battle_(c_, choices_),
      sequence_(c_, choices_, pre_battle_, zulu_, british_),
      ask_(c_, choices_, pre_battle_, sequence_, zulu_, british_, melee_) {
  KeepRoster(state);
}

void FerreeBattle::LogDecision(const std::vector<Action>& options, int idx, ZuluChoice c,
                               const std::string& why) {
  if (!c_.Explain()) return;
  const ChoiceInfo info = InfoOf(c);
  const Action& a = options[idx];
  Event& e = log_.Add(info.kind, Side::kZulu);
  e.decision = true;
  e.umpire_only = info.umpire_only;
  if (!a.unit_id.empty()) e.unit_ids = {a.unit_id};
  e.target_id = a.target_id;
  e.why.rule = {kSource, info.section, "", "", false};
  e.why.text = absl::StrCat(info.what, ": ", choices_.Describe(a),
                            options.size() == 1 ? " (the only choice)" : "",
                            why.empty() ? "" : absl::StrCat(" (", why, ")"), ".");
  if (!info.umpire_only) e.announce = e.why.text;
  for (size_t i = 0; i < options.size(); ++i) {
    if (static_cast<int>(i) != idx)
      e.alternatives.push_back({choices_.Describe(options[i]), "not chosen"});
  }
}

absl::Status FerreeBattle::ApplyZulu(const Action& a, const std::string& path,
                                     const std::string& why,
                                     const std::vector<Action>* pending_options) {
  if (!c_.Suspended()) {
    const Awaiting aw = choices_.Awaits(/*describe_options=*/false);
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": no Zulu decision is awaited now (", aw.prompt, ")"));
  }
  // The options as listed when the decision was made pending, read where
  // they are (held here: the pending decision is cleared below), else
  // listed afresh.
  std::shared_ptr<const std::vector<Action>> held;
  std::vector<Action> fresh;
  const std::vector<Action>* given = pending_options;
  if (given == nullptr) {
    held = Pending(s_).listed;
    if (held == nullptr) fresh = choices_.PendingOptions();
    given = held != nullptr ? held.get() : &fresh;
  }
  const std::vector<Action>& options = *given;
  int idx = -1;
  for (size_t i = 0; i < options.size(); ++i) {
    if (SameAction(options[i], a)) idx = static_cast<int>(i);
  }
  if (idx < 0) {
    std::vector<std::string> legal;
    for (const Action& o : options) legal.push_back(choices_.Describe(o));
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": not one of the legal Zulu actions now (", absl::StrJoin(legal, "; "), ")"));
  }
  PendingChoice p = std::move(MutableOwnState(s_).pending);
  MutableOwnState(s_).pending = PendingChoice{};
  LogDecision(options, idx, p.choice, why);
  const Action choice = options[idx];
  switch (p.choice) {
    case ZuluChoice::kPlan:
      return pre_battle_.PlanWith(choice);
    case ZuluChoice::kRegimentMove:
      IMPI_RETURN_IF_ERROR(zulu_.RegimentMoveWith(p.unit_id, choice));
      return zulu_.AfterRegimentMove(p.unit_id);
    case ZuluChoice::kSniperTarget:
      c_.left_donga() = std::move(p.left_donga);
      IMPI_RETURN_IF_ERROR(zulu_.SniperWith(choice));
      return zulu_.FinishRegiment(p.regiment_id);
    case ZuluChoice::kIndunaMove:
      IMPI_RETURN_IF_ERROR(zulu_.IndunaMoveWith(p.unit_id, choice));
      return zulu_.IndunaOrders(p.unit_id);
    case ZuluChoice::kIndunaOrder:
      if (choice.kind != ActionKind::kOrder) return absl::OkStatus();
      // "The unit will then take its turn before the next counter is drawn.
      // When the unit's counter comes up, skip its turn".
      return zulu_.ActivateRegiment(choice.target_id, p.unit_id);
    case ZuluChoice::kChargeRetiring:
      if (choice.kind == ActionKind::kCharge) {
        IMPI_RETURN_IF_ERROR(melee_.ChargeRetiringTest(p.unit_id, p.british_id, nullptr));
      }
      return melee_.ChargeRetiringNext(p.british_id, p.queue, p.after_resolve, &p.queue);
    default:
      return absl::InternalError("unknown Zulu decision");
  }
}

absl::Status FerreeBattle::Run(Awaiting* awaiting) {
  for (int step = 0; step < kMaxSteps; ++step) {
    bool over = false;
    IMPI_RETURN_IF_ERROR(sequence_.CheckGameOver(&over));
    Clock& c = s_.clock;
    if (over || c_.Suspended()) {
      if (awaiting != nullptr) *awaiting = choices_.Awaits();
      return absl::OkStatus();
    }
    if (c.phase == Phase::kPreBattle || c.phase == Phase::kUnspecified) {
      c.phase = Phase::kPreBattle;
      if (Own(s_).segment == kPreBattleBritishDeploy) {
        if (awaiting != nullptr) *awaiting = choices_.Awaits();
        return absl::OkStatus();
      }
      if (Own(s_).segment == kPreBattleZuluDeploy) {
        IMPI_RETURN_IF_ERROR(pre_battle_.ZuluDeployment());
        pre_battle_.MarkReinforcements();
        IMPI_RETURN_IF_ERROR(pre_battle_.CampBreaksDown());
        c.phase = Phase::kActivation;
        Own(s_).segment = 0;
        c.turn = 0;
        Own(s_).chits_left.clear();
        // The cup holds at most a chit a unit (and the runners to come): its
        // room is made once, here, not a turn at a time.
        Own(s_).chits_left.reserve(s_.units.size() + 16);
        // So do the units and their bookkeeping, for the runners the
        // companies send (one out at a time each, a score or so at once in
        // a long battle, and those fallen on the way).
        s_.units.reserve(s_.units.size() + kRunnerRoom);
        ReserveUnits(s_, s_.units.capacity());
        // And the id index is this state's own (no copy shares it), so a
        // runner sent or rejoining re-files the ids where they are.
        s_.ReindexUnits(/*own_table=*/true);
        continue;
      }
      if (!Own(s_).situation.rolled) IMPI_RETURN_IF_ERROR(pre_battle_.SituationRolls());
      IMPI_RETURN_IF_ERROR(pre_battle_.PlanStep());
      continue;
    }
    if ((Own(s_).segment & kSegActive) != 0) {
      MutableOwnState(s_).quiet_turns = 0;
      if (awaiting != nullptr) *awaiting = choices_.Awaits();
      return absl::OkStatus();
    }
    if (Own(s_).chits_left.empty()) {
      if (++MutableOwnState(s_).quiet_turns > kMaxTurnsPerCall) {
        c.phase = Phase::kGameOver;
        c_.Log(EventKind::kPhaseStarted, Side::kUnspecified, kSectionEnd, "", "",
               absl::StrCat("The game is over undecided: ", kMaxTurnsPerCall,
                            " turns passed with nothing for the British to do (designed limit)."));
        continue;
      }
      IMPI_RETURN_IF_ERROR(sequence_.StartTurn());
      continue;
    }
    IMPI_RETURN_IF_ERROR(sequence_.DrawCounter());
  }
  return absl::InternalError("the battle ran too long without awaiting the British");
}

absl::Status FerreeBattle::ApplyBritish(const Action& a, const std::string& path, bool listed) {
  if (!listed) {
    const Awaiting aw = choices_.Awaits(/*describe_options=*/false, /*prompt=*/false);
    if (aw.kind == AwaitKind::kGameOver) return Precondition(path, "the game is over");
    if (aw.side != Side::kBritish) {
      return Precondition(path,
                          absl::StrCat("the British are not awaited now (",
                                       choices_.Awaits(/*describe_options=*/false).prompt, ")"));
    }
  }
  const Clock& c = s_.clock;
  if (c.phase == Phase::kPreBattle || c.phase == Phase::kUnspecified)
    return pre_battle_.BritishDeploy(a, path);
  const Unit* active = choices_.ActiveBritish();
  if (a.kind == ActionKind::kUnspecified) {
    return Bad(path + ".kind", "say what the active unit does");
  }
  if (a.unit_id.empty()) {
    return Bad(path + ".unit_id",
               absl::StrCat("is required (the active unit is ", active->id.str(), ")"));
  }
  if (s_.FindUnit(a.unit_id) == nullptr) {
    return Bad(path + ".unit_id",
               absl::StrCat("no unit '", a.unit_id.str(), "' on the table state"));
  }
  if (a.unit_id != active->id) {
    return Precondition(path + ".unit_id",
                        absl::StrCat("'", a.unit_id.str(), "' is not the active unit; '",
                                     active->id.str(), "' is"));
  }
  switch (a.kind) {
    case ActionKind::kMove:
      return british_.BritishMove(a, path);
    case ActionKind::kStance:
      return british_.BritishStance(a, path);
    case ActionKind::kFire:
      return british_.BritishFire(a, path);
    case ActionKind::kSendRunner:
      return british_.BritishSendRunner(a, path);
    case ActionKind::kCharge:
      return british_.BritishCharge(a, path);
    case ActionKind::kLimber:
    case ActionKind::kUnlimber:
      return british_.BritishLimber(a, path);
    case ActionKind::kFixBayonets: {
      Unit* u = s_.FindUnit(a.unit_id);
      // Fixing Bayonets: "British Regular figures start the game with out
      // their bayonets fixed. A unit may be ordered to fix bayonets when it
      // is active."
      if (u->kind != UnitKind::kInfantry) {
        return Precondition(path + ".kind", "only British regular infantry fix bayonets");
      }
      if (u->status.bayonets_fixed) {
        return Precondition(path + ".kind", "its bayonets are already fixed");
      }
      if (Own(s_).segment & kSegFought) {
        return Precondition(path + ".kind", "it has fought in close combat");
      }
      if (u->off_table || u->figures.fit + u->figures.wounded <= 0) {
        return Precondition(path, absl::StrCat(u->id.str(), " has nobody left to fix bayonets"));
      }
      u->status.bayonets_fixed = true;
      Own(s_).segment |= kSegBayonets;
      if (c_.Explain()) {
        Event& e = c_.Log(EventKind::kBritishAction, Side::kBritish, kSectionSpecialBritishMoves,
                          "Fixing Bayonets", "", absl::StrCat(NameOf(*u), " fixes bayonets."));
        e.unit_ids = {u->id};
      }
      return absl::OkStatus();
    }
    case ActionKind::kPass: {
      if (c_.Explain()) {
        Event& e = c_.Log(EventKind::kBritishAction, Side::kBritish, kSectionDraw, "", "",
                          absl::StrCat(a.unit_id.str(), " passes."));
        e.unit_ids = {a.unit_id};
      }
      return british_.EndBritishActivation("");
    }
    default:
      return Bad(path + ".kind",
                 absl::StrCat(ActionKindName(a.kind),
                              " is not a British action of Ferree's Isandlwana (MOVE, STANCE, "
                              "FIX_BAYONETS, LIMBER, UNLIMBER, FIRE, SEND_RUNNER, CHARGE, PASS)"));
  }
}

}  // namespace impi::ferree
