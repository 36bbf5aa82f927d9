// What the players of Roark's Drift read off the board. See
// roarks_reading.h.
#include "ai/doctrine/roarks_drift/roarks_reading.h"

#include <functional>
#include <queue>
#include <utility>

#include "engine/rulesets/roarks_drift/melee.h"

namespace impi::ai {

using roarks::RoarksState;
using RSide = roarks::Side;

const roarks::RoarksOrder& OrderOf(const Action& a) { return *a.extra.get_if<roarks::RoarksOrder>(); }

int EnemyInContact(const RoarksState& s, HexCoord h, RSide mine) {
  int n = 0;
  for (HexCoord e : Neighbors(h)) {
    const std::optional<RSide> held = roarks::Holder(s, e);
    if (held && *held != mine && roarks::MeleeContact(s, h, e)) n += static_cast<int>(roarks::StackAt(s, e).size());
  }
  return n;
}

const std::vector<int>& MarchField::Get(const RoarksState& s, RSide side, int key,
                                        const std::function<bool(HexCoord)>& goal) {
  const HexMap& map = s.Map().map;
  // What the field depends on: the board (a tunnel copies it), the side,
  // the key, the hexes the enemy holds, the fires.
  std::vector<int> inputs = {static_cast<int>(reinterpret_cast<uintptr_t>(s.board.get()) & 0x7fffffff),
                             static_cast<int>(side), key};
  for (int u = 0; u < s.size(); ++u) {
    if (roarks::InPlay(s, u) && roarks::SideOf(s, u) != side) {
      inputs.push_back(map.CellIndex(s.counters[static_cast<size_t>(u)].hex));
    }
  }
  for (const roarks::RoomFire& f : s.fires) inputs.push_back(-f.room * 1000 - f.kindled_on_turn);
  if (inputs == inputs_ && !field_.empty()) return field_;
  inputs_ = std::move(inputs);
  field_.assign(map.cells.size(), kFar);
  const RSide enemy = side == RSide::kZulu ? RSide::kBritish : RSide::kZulu;
  auto passable = [&](HexCoord h) {
    const HexCell* cell = map.Cell(h);
    if (cell == nullptr || roarks::RoomBurning(s, cell->room)) return false;
    const std::optional<RSide> held = roarks::Holder(s, h);
    return !held || *held != enemy;
  };
  using Entry = std::pair<int, int>;  // (MPs, cell)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  for (size_t k = 0; k < map.cells.size(); ++k) {
    const HexCoord h = map.HexOfCell(static_cast<int>(k));
    if (passable(h) && goal(h)) {
      field_[k] = 0;
      open.push({0, static_cast<int>(k)});
    }
  }
  // Backwards from the goals: the MPs to enter the hex from each neighbour.
  while (!open.empty()) {
    const auto [d, k] = open.top();
    open.pop();
    if (d > field_[static_cast<size_t>(k)]) continue;
    const HexCoord h = map.HexOfCell(k);
    for (HexCoord n : Neighbors(h)) {
      const int nk = map.CellIndex(n);
      if (nk < 0 || !passable(n)) continue;
      const int step = s.options.terrain.EnterCost(s.Map(), n, h);
      if (step < 0 || d + step >= field_[static_cast<size_t>(nk)]) continue;
      field_[static_cast<size_t>(nk)] = d + step;
      open.push({d + step, nk});
    }
  }
  return field_;
}

int MarchField::At(const RoarksState& s, HexCoord h) const {
  const int k = s.Map().map.CellIndex(h);
  return k < 0 || static_cast<size_t>(k) >= field_.size() ? kFar : field_[static_cast<size_t>(k)];
}

}  // namespace impi::ai
