// engine/core/event.h: what happened, and why.
//
// Overview: every step of a rule set appends Events to an EventLog. An event
// that is a Zulu decision or an umpire's table roll carries an Explanation:
// the rule (source file, section, table, row), every die with its purpose and
// modifiers, and a readable account. `announce` is what the British players
// are told; `umpire_only` events are told to nobody but the umpire.
// Mirrors proto/impi/v1/decision.proto (same enum values).
//
// A log is either full (what the service returns: every event with its
// explanation) or quiet (playouts and search: nobody reads the story). A rule
// set asks `wanted()` before it builds an event, its explanation or any text
// for it, and skips all of that for a quiet log; what a quiet log is given
// it still keeps, so a rule set that reads its own events back (or that does
// not ask) plays the same game either way.
//
// Usage:
//   EventLog log;
//   Event& e = log.Add(EventKind::kTableRoll, Side::kZulu);
//   e.why.rule = {"003_8a310c3200cb6fb0.txt", "HAND", "HAND", "4,5,6 = Right handed"};
//
//   EventLog quiet(EventLog::kQuiet);
//   if (quiet.wanted()) { /* never: build nothing */ }
#ifndef IMPI_ENGINE_CORE_EVENT_H_
#define IMPI_ENGINE_CORE_EVENT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "engine/core/battle_state.h"

namespace impi {

struct Modifier {
  std::string reason;
  int value = 0;
};

// What kind of die was rolled. Same values as impi.v1.DieKind, whose 0
// (unspecified) is read as kD.
enum class DieKind : int {
  kD = 1,        // uniform over 1..sides
  kAverage = 2,  // the average die: a d6 marked 2,3,3,4,4,5
  kArrow = 3,    // the arrow die: a direction, one of six (see dice.h)
};

struct DieRoll {
  int index = 0;          // position in the request's dice stream
  std::string purpose;
  DieKind kind = DieKind::kD;
  int sides = 6;          // faces on the die (6 for the average and arrow dice)
  int count = 1;
  // Most rolls are of a few dice: held in place (no allocation a roll).
  absl::InlinedVector<int, 6> faces;
  int result = 0;         // sum of faces
  std::vector<Modifier> modifiers;
  int total = 0;          // result + modifiers

  // Adds a modifier and updates total.
  void Modify(std::string reason, int value);
};

struct RuleRef {
  std::string source;   // rules file
  std::string section;
  std::string table;
  std::string row;
  bool designed = false;  // a table not in the source text
};

struct SearchStats {
  int64_t iterations = 0;
  int64_t milliseconds = 0;
  double value = 0.0;
  int threads = 0;
};

struct Explanation {
  RuleRef rule;
  std::vector<DieRoll> dice;
  std::string text;
  SearchStats search;
};

struct Alternative {
  std::string description;
  std::string why_not;
};

enum class EventKind : int {
  kUnspecified = 0, kTurnStarted, kPhaseStarted, kCardDrawn, kMarkerPlaced,
  kMarkerAdvanced, kTableRoll, kForceCreated, kHandAssigned, kTargetChosen,
  kTargetKept, kMoveTest, kMoved, kCharged, kFired, kUnitRemoved,
  kUnitConverted, kPointSpent, kPointOccupied, kPointTested, kMoraleTest,
  kStandTest, kRecycled, kBritishAction, kAwaiting, kRejoined, kNothing,
};

struct Event {
  int seq = 0;
  EventKind kind = EventKind::kUnspecified;
  Side side = Side::kUnspecified;
  std::vector<std::string> unit_ids;
  int point = 0;
  PointKind point_kind = PointKind::kUnspecified;
  std::string target_id;
  std::vector<Vec2> path;
  Explanation why;
  std::string announce;
  bool umpire_only = false;
  std::vector<Alternative> alternatives;
  bool decision = false;
};

class EventLog {
 public:
  enum Detail { kFull, kQuiet };
  EventLog() = default;
  explicit EventLog(Detail detail) : wanted_(detail == kFull) {}

  // False for a quiet log: the caller does not want events or explanations,
  // so a step should build none (no strings formatted, nothing allocated
  // for the story).
  bool wanted() const { return wanted_; }
  // Appends an event with the next sequence number. The reference is valid
  // until the next Add.
  Event& Add(EventKind kind, Side side = Side::kZulu);
  const std::vector<Event>& events() const { return events_; }
  std::vector<Event>& mutable_events() { return events_; }
  size_t size() const { return events_.size(); }

 private:
  std::vector<Event> events_;
  bool wanted_ = true;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_EVENT_H_
