// engine/rulesets/tsatf/victory.h: the patrol's task, the turn limit and the
// outcome of a Zulu Control game (designed: not in the source text).
//
// Overview: the manual leaves victory to the scenario ("The best games
// involve the British players being given a task to accomplish ... This
// causes victory to be determined by the success or failure to complete the
// task", General Principles: SCENARIO DESIGN). The patrol's designed task is
// to seize a point and hold it until the column comes up. A table names it
// with parameters:
//   tsatf.patrol.objective   an appearance point the patrol must reach (a
//                            British unit ends a move within 2" of it: the
//                            point is OCCUPIED); 0: no patrol task
//   tsatf.turn_limit         the game ends after this turn (0: no limit);
//                            the column comes up at its end
//   tsatf.patrol.hold_radius units within this many inches of the objective
//                            hold it (default 12")
//   tsatf.patrol.hold_share  the share of the patrol's starting figures that
//                            must hold it at the end (default 0.5)
// The outcome:
//   - Zulu victory, as soon as it happens: the figures still on the table are
//     fewer than half the patrol's starting figures ("the patrol is cut up";
//     figures killed, routed off or gone off the table are lost);
//   - British victory, at the end of the turn limit: the objective was
//     reached and units within hold_radius of it hold at least hold_share of
//     the patrol's starting figures;
//   - draw, at the end otherwise: the objective was never reached, or too few
//     hold it.
// The game ends on a Zulu victory, when no British unit is left on the
// table (a Zulu victory), or after the turn limit. Score maps the outcome to
// +1 / 0 / -1 for the British.
//
// Usage:
//   PatrolResult r = JudgePatrol(state, /*at_end=*/true);
//   if (r.outcome == PatrolOutcome::kBritishVictory) ...
//
// Thread safety: pure functions of the state.
#ifndef IMPI_ENGINE_RULESETS_TSATF_VICTORY_H_
#define IMPI_ENGINE_RULESETS_TSATF_VICTORY_H_

#include <string>

#include "engine/core/battle_state.h"

namespace impi::tsatf {

inline constexpr char kTurnLimitParam[] = "tsatf.turn_limit";
inline constexpr char kObjectiveParam[] = "tsatf.patrol.objective";
inline constexpr char kHoldRadiusParam[] = "tsatf.patrol.hold_radius";
inline constexpr char kHoldShareParam[] = "tsatf.patrol.hold_share";
inline constexpr char kSectionVictory[] = "Patrol task and victory (designed: not in the source text)";

enum class PatrolOutcome { kUndecided, kBritishVictory, kZuluVictory, kDraw };
const char* PatrolOutcomeName(PatrolOutcome o);  // "British victory", ...

// Why a game ended the way it did (for reports: few, fixed texts).
enum class PatrolReason {
  kNone,
  kCutUp,             // Zulu victory: more than half the patrol lost
  kTaskDone,          // British victory
  kObjectiveMissed,   // draw: the objective was not reached
  kNotHeld,           // draw: objective reached, too few hold it
};
const char* PatrolReasonText(PatrolReason r);

struct PatrolResult {
  PatrolOutcome outcome = PatrolOutcome::kUndecided;
  PatrolReason reason = PatrolReason::kNone;
  bool objective_reached = false;
  int start_figures = 0;     // the patrol's starting figures
  int holding_figures = 0;   // present in units within hold_radius of the objective
  int on_table_figures = 0;  // present in units still on the table
  int lost_figures = 0;      // the rest
  std::string text;          // one sentence for the prompt and the log
};

// The turn limit (0: none) and the objective appearance point (0: none).
int TurnLimit(const BattleState& state);
int ObjectivePoint(const BattleState& state);
bool HasPatrolTask(const BattleState& state);
// The British entry edge: 0 bottom (y = 0), 1 right (x = width), 2 top
// (y = height), 3 left (x = 0): the edge nearest the British entry perimeter
// point (bottom when there is none). Retreating units head for it.
int EntryEdge(const BattleState& state);
// Distance from `p` to the entry edge.
double ToEntryEdge(const BattleState& state, const Vec2& p);
// The nearest point of the entry edge to `p`, moved `inset` inches in.
Vec2 EntryEdgePoint(const BattleState& state, const Vec2& p, double inset);
// A British unit on the table with figures present within hold_radius of
// the objective.
bool Holds(const BattleState& state, const Unit& u);
bool ObjectiveReached(const BattleState& state);
// Whether a British unit ending a move at `at` reaches an objective that is
// SPENT (it generated an impi before the patrol got there): the move marks
// it OCCUPIED (a SPENT point never generates again, so nothing else changes).
bool SpentObjectiveReached(const BattleState& state, const Vec2& at);

// The outcome now. Without `at_end` only a Zulu victory is decided; with it,
// every end is judged.
PatrolResult JudgePatrol(const BattleState& state, bool at_end);

// Whether the patrol task has ended the game before the turn limit: a Zulu
// victory. (The turn limit is applied at the end of the turn:
// TurnSequence::EndOfTurn, turn.h.)
bool PatrolDecided(const BattleState& state);
// PatrolDecided with the British figures already counted: all the patrol's
// starting figures, and those present on the table.
bool PatrolCutUp(const BattleState& state, int start_figures, int on_table_figures);

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_VICTORY_H_
