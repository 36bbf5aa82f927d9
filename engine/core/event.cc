// engine/core/event.cc: the event log and die-roll modifiers.
#include "engine/core/event.h"

#include <utility>

namespace impi {

void DieRoll::Modify(std::string reason, int value) {
  modifiers.push_back(Modifier{std::move(reason), value});
  total += value;
}

Event& EventLog::Add(EventKind kind, Side side) {
  Event& event = events_.emplace_back();
  event.seq = static_cast<int>(events_.size()) - 1;
  event.kind = kind;
  event.side = side;
  return event;
}

}  // namespace impi
