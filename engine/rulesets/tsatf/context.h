// engine/rulesets/tsatf/context.h: what every section of the Zulu Control
// umpire's procedure shares: the table's sizes, the umpire's book and the
// read-only questions the sections ask of the table.
//
// Overview: the manual (rules file 003_8a310c3200cb6fb0.txt) is split here
// along its own sections, one class a section, each holding a Context by
// reference (zulu_control.h composes them):
//   creation.h      ZULU CREATION, IMPI CREATION, the RANDOM CHANCE tables,
//                   appearance and perimeter points
//   cards.h         the movement and fire decks, and the "HAND"
//   targets.h       the target of an impi and TEMPTATION
//   movement.h      DURING MOVEMENT, NOTES ON ZULU MOVEMENT, skirmishers
//   zulu_fire.h     DURING THE FIRE PHASE
//   melee.h         close combat, losses, test to stand and critical morale
//   conversion.h    CONVERSION OF LONE ZULU, skirmishing and rifle-armed
//                   regiments charged
//   british_actions.h  the British actions the umpire applies
//   turn.h          AT START OF TURN, the turn sequence, its end and what
//                   the engine awaits
// An Context is the state, the dice and the log of one step, with the book
// kept in TsatfState (tsatf_state.h): the force pool against the scenario
// total, recycling, and the centre of an impi. The free functions below only
// read the table.
//
// How units are kept: an impi is a unit of kind IMPI (its hand and target in
// its TsatfUnit, its position the centre of its regiments) with its
// REGIMENT units and its INDUNA pointing at it through `parent`. Skirmishing
// (SKIRMISHERS), rifle-armed (RIFLE_REGIMENT) regiments and lone Zulus
// (LONE_ZULU) stand alone. The force pool counts regiments; committing one
// adds to TsatfState.committed, which never passes its scenario_total;
// removed regiments return to the pool ("recycled").
//
// Usage:
//   Context context(state, dice, log);
//   if (context.Available() >= 1) ...
//   int impis = ImpisOnOrMarked(state);
//
// Thread safety: a Context works on the state it is given; use one per
// thread. The free functions are pure functions of the state.
#ifndef IMPI_ENGINE_RULESETS_TSATF_CONTEXT_H_
#define IMPI_ENGINE_RULESETS_TSATF_CONTEXT_H_

#include <string>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/tsatf/tsatf_state.h"

namespace impi::tsatf {

// Sizes on the table, in inches (designed: not in the source text).
inline constexpr double kRegimentRadius = 1.5;   // a 20-figure regiment's footprint
inline constexpr double kRegimentSpacing = 3.5;  // between regiments of an impi
inline constexpr double kContact = 3.0;          // centre to centre in close combat
inline constexpr double kIndunaBehind = 2.5;     // the induna behind his impi's line
inline constexpr double kOccupyRadius = 2.0;     // a British unit this close occupies a point
inline constexpr double kTieInches = 0.5;        // "equally distant"
inline constexpr double kChargeRange = 24.0;     // "Impis within 24" ... roll 4 D6 and charge"
inline constexpr double kAppearanceRange = 6.0;  // "within 6" of an appearance point"
inline constexpr int kRegimentFigures = 20;      // "20 men including a leader"
inline constexpr int kCardsPerColour = 3;        // "3 red cards and 3 black cards"
inline constexpr int kMaxSkirmishers = 2;        // "Only two of these may be on the field"

// --- Read-only questions of the table ---------------------------------------
// Units the force pool counts ("Zulu units": regiments of any kind).
bool CountsInPool(const Unit& u);
// An impi or a skirmishing regiment: a force the HAND, the move cards and
// the targets are for.
bool IsForce(const Unit& u);
// A British unit on the table with figures present (asked of every unit in
// many scans: inline).
inline bool IsBritishOnTable(const Unit& u) {
  return u.side == Side::kBritish && u.OnTable() && u.figures.Present() > 0;
}
bool IsCavalry(const Unit& u);  // CAVALRY, MOUNTED_INFANTRY, NATIVE_HORSE
// "Impis on board or marked to come on" (RANDOM CHANCE tables, AT START OF
// TURN): impis on the table and perimeter markers that bring one.
int ImpisOnOrMarked(const BattleState& s);
// Skirmishing regiments on the table or marked to come on.
int SkirmishersOnTable(const BattleState& s);
bool RifleOnTable(const BattleState& s);
// An impi with a regiment that is neither pinned nor locked in close combat
// (skirmishers: always).
bool HasFreeRegiment(const BattleState& s, const Unit& force);
// The British units on the table in sight of `from`.
std::vector<const Unit*> VisibleBritish(const BattleState& s, const Vec2& from);
// What `mover` goes round on its way to `target_id`: impassable terrain and
// the units in the way.
std::vector<Obstacle> ObstaclesFor(const BattleState& s, const Unit& mover,
                                   const SharedString& target_id);
// PathTowards(from, goal, max_length, obstacles, hand, stop_short), the
// last answer on this thread kept: an impi's move asks for the path its
// TEMPTATION test has just worked out (the same start, goal, dice and
// obstacles), and gets it again without the search. The same answer.
Path ZuluPath(const Vec2& from, const Vec2& goal, double max_length, std::vector<Obstacle> obstacles,
              Turn hand, double stop_short);
// The distance from `p` to the segment a-b.
double DistanceToSegment(const Vec2& p, const Vec2& a, const Vec2& b);

// --- Explanations and texts ------------------------------------------------
// A rule of the manual (kSource) applied, with the text said of it.
Explanation Rule(const std::string& section, const std::string& text,
                 const std::string& table = "", const std::string& row = "");
// A designed table (not in the source text: kSectionDesigned).
Explanation Designed(const char* table, const std::string& row, const std::string& text);
std::string Inches(double d);                     // 3.5"
std::string Count(int n, const std::string& noun);  // "1 regiment", "4 regiments"
std::string At(const Vec2& p);                    // (12.0, 3.5)
void AddUnique(std::vector<std::string>& v, const std::string& id);
void AddUnique(std::vector<SharedString>& v, const SharedString& id);

// The state, dice and log of one step, and the umpire's book.
class Context {
 public:
  Context(BattleState& state, Dice& dice, EventLog& log) : s_(state), dice_(dice), log_(log) {}
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  BattleState& state() { return s_; }
  Dice& dice() { return dice_; }
  EventLog& log() { return log_; }

  // The rule set's own state (tsatf_state.h), created if absent: the
  // umpire's book, the deck, and a unit's bookkeeping.
  TsatfState& own() { return MutableBook(s_); }
  Deck& deck() { return MutableDeck(s_); }
  TsatfUnit& U(const Unit& u) { return MutableUnitState(s_, u); }  // `u` a unit of state()
  // A Zulu decision, logged.
  Event& Decision(EventKind kind, const Explanation& why);

  // min(force pool, scenario total - committed), at least 0.
  int Available();
  // SCENARIO DESIGN: the umpire's tally of the units committed.
  void Commit(int regiments);
  // The engine resolves the British side (tsatf.resolve_british = 1,
  // british_resolution.h).
  bool Resolving() const;
  // The designed targets of the Zulu test to stand and critical morale.
  int StandTarget() const;
  int CriticalTarget() const;

  // An impi stands at the centre of its regiments (a pinned one is apart).
  void RecenterImpi(const std::string& impi_id);
  // Takes a unit off the table (an impi with its regiments and induna; an
  // impi with no regiment left goes too); `recycle` returns the regiments
  // to the force pool.
  void RemoveUnit(const std::string& id, const std::string& why, bool recycle);

 private:
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
};

// What each section holds: the Context, and its state, dice and log by
// their short names. A section derives from it (privately) and adds the
// sections it calls.
class Section {
 protected:
  explicit Section(Context& context)
      : c_(context), s_(context.state()), dice_(context.dice()), log_(context.log()) {}

  Context& c_;
  BattleState& s_;
  Dice& dice_;
  EventLog& log_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_CONTEXT_H_
