// engine/rulesets/ferree/context.h: what every section of Ferree's
// procedure shares.
//
// Overview: a Context holds the state a FerreeBattle works on, its dice, its
// event log and the table's ground (Field), and does what every section of
// the procedure does to the state: logs events (or, with a quiet log, builds
// none), makes a Zulu decision pending, moves a unit on the table, and takes
// hits (001 "Effects Of Hits"). The small helpers that word events and
// errors are here too. Each section (pre_battle.h, sequence.h, zulu.h,
// british.h, melee.h, ask.h) holds the Context by reference.
//
// Usage:
//   Context c(state, dice, log);
//   Event& e = c.Log(EventKind::kMoved, Side::kZulu, kSectionMove, "", "", text);
//   c.MoveUnit(tray, goal, allowance, 0.0, kContactGap, /*stop_at_laager=*/true);
//
// Thread safety: a Context works on the state it is given; use one per
// thread.
#ifndef IMPI_ENGINE_RULESETS_FERREE_CONTEXT_H_
#define IMPI_ENGINE_RULESETS_FERREE_CONTEXT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/ferree/field.h"
#include "engine/rulesets/ferree/state.h"
#include "engine/rulesets/ferree/tables.h"
#include "engine/rulesets/ferree/wording.h"

namespace impi::ferree {

// A company's standing resolve result, from its statuses.
CompanyResolve ResolveOf(const Unit& u);
// Moves one figure of `u` from one condition to another.
void Shift(Figures& f, FigureCondition from, FigureCondition to);
// A hit's effect as events name it ("seriously wounded").
const char* EffectName(HitEffect e);

class Context {
 public:
  Context(BattleState& state, Dice& dice, EventLog& log);
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  BattleState& state() { return s_; }
  Dice& dice() { return dice_; }
  EventLog& log() { return log_; }
  const Field& field() const { return field_; }
  // Trays of the active regiment that came out of a donga this move (they
  // fight close combat after the sniper shoots).
  IdList& left_donga() { return left_donga_; }

  // The event logged, or with a quiet log (EventLog::wanted() false) a
  // scratch event that nobody reads: callers that build text for an event
  // ask Explain() first and build none for a quiet log.
  Event& Log(EventKind kind, Side side, const std::string& section, const std::string& table,
             const std::string& row, const std::string& text);
  Event& LogWhy(EventKind kind, Side side, const Explanation& why);
  bool Explain() const { return log_.wanted(); }
  // `why` for a table function when events are wanted, else null (the table
  // function then tells nothing).
  Explanation* WhyFor(Explanation& why) const { return Explain() ? &why : nullptr; }
  Event& Scratch();

  // Zulu decision nodes: whether one is pending, and making one pending.
  // Zulu decision nodes.
  bool Suspended() const;
  void Suspend(PendingChoice pending);

  // Movement and combat helpers.
  // Moves a unit towards `goal` up to `allowance` inches round impassable
  // terrain, `stop_short` inches (centre to centre) before the goal; it stops
  // on coming within `enemy_gap` of a unit of the other side (< 0: never),
  // at a laager or thornbush line if `stop_at_laager` (docs: "Crossing the
  // laager"), and within the table. Returns the path walked, valid until
  // the next move on this thread.
  const std::vector<Vec2>& MoveUnit(Unit& u, const Vec2& goal, double allowance, double stop_short,
                             double enemy_gap, bool stop_at_laager);
  // Puts `u` on the free spot nearest `want` (or on `want` if there is
  // none within reach).
  void PlaceOnFreeGround(Unit& u, const Vec2& want);
  // A regiment's position: the mean of its trays on the table.
  void Recenter(const SharedString& regiment_id);
  // The same with the regiment's trays given (TraysOf's: every one, in unit
  // order), by a caller that holds them.
  void Recenter(const SharedString& regiment_id, absl::Span<const Unit* const> trays);
  // EFFECTS OF HITS for `hits` hits on a British unit (or an induna).
  void EffectsOfHits(Unit& u, int hits, const std::string& cause, Explanation* why);
  void RemoveZuluFigures(Unit& tray, int n);

 private:
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
  Field field_;
  IdList left_donga_;
};

}  // namespace impi::ferree

#endif  // IMPI_ENGINE_RULESETS_FERREE_CONTEXT_H_
