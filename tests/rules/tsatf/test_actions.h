// Shared helpers for the TSATF "Zulu Control" rules tests
// (tests/rules/tsatf/*_test.cc): scripted dice and cards for RunAdvance and
// RunAsk, builders for the British actions, and readers of a step's result.
//
// Usage:
//   RunAdvance(s, {testing::Move("b1", 10, 20), testing::Pass()}, PolicySpec{},
//              testing::Script({3, 5}, {CardColor::kRed}));
//   EXPECT_THAT(testing::Of(result, EventKind::kFire), SizeIs(1));
#ifndef IMPI_TESTS_RULES_TSATF_TEST_ACTIONS_H_
#define IMPI_TESTS_RULES_TSATF_TEST_ACTIONS_H_

#include <string>
#include <utility>
#include <vector>

#include "engine/core/battle_state.h"
#include "engine/core/event.h"
#include "engine/game/umpire.h"

namespace impi::tsatf::testing {

// Dice that show `faces` and a deck that turns up `cards`, in order.
inline DiceSpec Script(std::vector<int> faces, std::vector<CardColor> cards = {}) {
  DiceSpec d;
  d.scripted = true;
  d.faces = std::move(faces);
  d.cards = std::move(cards);
  return d;
}

// --- British actions ---------------------------------------------------------

inline Action Move(const std::string& id, double x, double y) {
  Action a;
  a.kind = ActionKind::kMove;
  a.unit_id = id;
  a.to = Vec2(x, y);
  return a;
}

inline Action Pass() {
  Action a;
  a.kind = ActionKind::kPass;
  return a;
}

inline Action Fire(const std::string& id, const std::string& target, int hits) {
  Action a;
  a.kind = ActionKind::kFire;
  a.unit_id = id;
  a.target_id = target;
  a.hits = hits;
  return a;
}

inline Action Charge(const std::string& id, const std::string& target) {
  Action a;
  a.kind = ActionKind::kCharge;
  a.unit_id = id;
  a.target_id = target;
  return a;
}

// --- Reading results ---------------------------------------------------------

// The events of `kind` in `r`, in order.
inline std::vector<const Event*> Of(const StepResult& r, EventKind kind) {
  std::vector<const Event*> out;
  for (const Event& e : r.events) {
    if (e.kind == kind) out.push_back(&e);
  }
  return out;
}

// The number of on-table units of `kind` (children of `parent` if given).
inline int Count(const BattleState& s, UnitKind kind, const std::string& parent = "") {
  int n = 0;
  for (const Unit& u : s.units) {
    if (u.kind == kind && !u.off_table && (parent.empty() || u.parent == parent)) ++n;
  }
  return n;
}

}  // namespace impi::tsatf::testing

#endif  // IMPI_TESTS_RULES_TSATF_TEST_ACTIONS_H_
