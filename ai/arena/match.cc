#include "ai/arena/match.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/core/dice.h"
#include "engine/game/policy.h"

namespace impi::arena {
namespace {

// The faces scripted for the opening step: far more than any set-up needs.
constexpr int kOpeningFaces = 256;
// A guard on a game that stops moving on: Advance calls per turn of the cap.
constexpr int kStepsPerTurn = 2000;

}  // namespace

absl::StatusOr<MatchRecord> PlayMatch(const Ruleset& rules, const BattleState& start, uint64_t seed,
                                      const MatchOptions& options) {
  PolicySpec zulu_spec = options.zulu;
  PolicySpec british_spec = options.british;
  // A search counts a world past the turn cap as this game will: undecided.
  zulu_spec.turn_cap = options.turn_cap;
  british_spec.turn_cap = options.turn_cap;
  // A British search is seeded from the game's seed (PolicySpec::seed); a
  // Zulu one from each step's dice seed (PlayAdvance).
  british_spec.seed = seed;
  std::unique_ptr<Policy> british = options.british_script != nullptr
                                        ? nullptr
                                        : MakePolicy(start.ruleset, Side::kBritish, british_spec);
  if (british == nullptr && options.british_script == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("--british: no such policy for the British side of ", start.ruleset));
  }

  MatchRecord record;
  record.seed = seed;
  BattleState s = start;
  CounterRng step_seeds(seed, kStepStream);
  Dice british_dice = Dice::Seeded(seed, kBritishStream);
  const int max_steps = std::max(1, options.turn_cap + 1) * kStepsPerTurn;
  while (true) {
    // Who acts is all the loop needs (the full prompt only for an error).
    const Awaiting awaiting = rules.AwaitsBrief(s);
    if (awaiting.kind == AwaitKind::kGameOver) break;
    if (s.clock.phase == Phase::kActivation && s.clock.turn > options.turn_cap) {
      record.capped = true;
      break;
    }
    if (record.steps >= max_steps) {
      return absl::InternalError(absl::StrCat("game with seed ", seed, ": ", record.steps,
                                              " steps without reaching turn ", options.turn_cap + 1,
                                              " or the end"));
    }
    std::vector<Action> actions;
    if (awaiting.side == Side::kBritish) {
      const std::vector<Action> legal = rules.LegalActionsAwaiting(s, Side::kBritish, awaiting);
      if (legal.empty()) {
        return absl::InternalError(absl::StrCat("game with seed ", seed, ", turn ", s.clock.turn,
                                                ": the British are awaited but have no legal "
                                                "action (",
                                                rules.Awaits(s).prompt, ")"));
      }
      int i = 0;
      if (options.british_script != nullptr) {
        const size_t k = record.british_choices.size();
        if (k >= options.british_script->size()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "game with seed ", seed, ": the record has ", k, " British choices, more are needed"));
        }
        i = (*options.british_script)[k];
      } else {
        i = british->Choose(s, legal, british_dice, nullptr);
      }
      record.british_choices.push_back(i);
      if (i < 0 || i >= static_cast<int>(legal.size())) {
        return absl::InternalError(
            absl::StrCat("the British policy chose option ", i, " of ", legal.size()));
      }
      actions.push_back(legal[i]);
    }
    DiceSpec dice;
    if (!options.opening_faces.empty() && record.steps == 0) {
      CounterRng faces(seed, kOpeningStream);
      dice.scripted = true;
      dice.faces = options.opening_faces;
      while (static_cast<int>(dice.faces.size()) < kOpeningFaces) {
        dice.faces.push_back(static_cast<int>(faces.Uniform(6)) + 1);
      }
    } else {
      dice.seed = step_seeds.Next();
    }
    // The record reads only the states: play in place, with no events. The
    // state is validated before the first step (RunAdvance validates every
    // step; the later states are the engine's own).
    const int turn = s.clock.turn;
    if (options.on_step) options.on_step(s, actions, dice);
    absl::Status st = record.steps == 0 ? rules.Validate(s) : absl::OkStatus();
    if (st.ok()) st = PlayAdvance(rules, s, actions, zulu_spec, dice);
    if (!st.ok()) {
      return absl::Status(
          st.code(),
          absl::StrCat("game with seed ", seed, ", turn ", turn,
                       actions.empty()
                           ? std::string()
                           : absl::StrCat(", British ", ActionKindName(actions[0].kind), " ",
                                          actions[0].unit_id.str(), " ", actions[0].target_id.str()),
                       ": ", st.message()));
    }
    ++record.steps;
  }

  record.score = rules.Score(s, Side::kZulu);
  record.winner = record.score > 0   ? Side::kZulu
                  : record.score < 0 ? Side::kBritish
                                     : Side::kUnspecified;
  record.turns = s.clock.turn;
  if (record.winner == Side::kUnspecified && s.clock.turn > options.turn_cap) {
    // The engine may run on past the cap within one step when no British
    // unit is left to act: still undecided at the cap.
    record.capped = true;
    record.turns = options.turn_cap;
  }
  record.report = rules.Report(start, s);
  // A rule set that counts its own turns (phases, each from turn 1) says so
  // in its report.
  if (!record.capped && record.report.turns > 0) record.turns = record.report.turns;
  if (!record.report.outcome.empty()) {
    record.result = record.report.outcome;
  } else if (record.winner == Side::kZulu) {
    record.result = "Zulu victory";
  } else if (record.winner == Side::kBritish) {
    record.result = "British victory";
  } else if (record.report.draw) {
    record.result = "draw";
  } else {
    record.result = record.capped ? "undecided at the turn cap" : "undecided";
  }
  return record;
}

}  // namespace impi::arena
