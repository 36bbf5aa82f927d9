// What the players of Roark's Drift read off the board. See
// roarks_reading.h.
#include "ai/doctrine/roarks_drift/roarks_reading.h"

#include <functional>
#include <queue>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/roarks_drift/melee.h"

namespace impi::ai {

using roarks::RoarksState;
using RSide = roarks::Side;

const roarks::RoarksOrder& OrderOf(const Action& a) { return *a.extra.get_if<roarks::RoarksOrder>(); }

int FirstOf(const std::vector<Action>& options, roarks::Order o) {
  for (size_t i = 0; i < options.size(); ++i) {
    if (OrderOf(options[i]).order == o) return static_cast<int>(i);
  }
  return -1;
}

int Told(int choice, std::string* why, const std::string& text) {
  if (why != nullptr) *why = text;
  return choice;
}

int FirstWanted(const RoarksState& s, const std::vector<Action>& options, const UnitWish& wants,
                std::string* why) {
  const std::string moving = s.moving == roarks::kNoUnit ? "" : s.specs[static_cast<size_t>(s.moving)].id;
  const char* text = "";
  for (int round = moving.empty() ? 1 : 0; round < 2; ++round) {
    size_t i = 0;
    while (i < options.size()) {
      size_t j = i + 1;
      while (j < options.size() && options[j].unit_id.str() == options[i].unit_id.str()) ++j;
      const std::string& id = options[i].unit_id.str();
      const bool mover = !moving.empty() && id == moving;
      if (!id.empty() && mover == (round == 0)) {
        const int u = roarks::UnitById(s, id);
        if (u != roarks::kNoUnit) {
          const int pick = wants(u, i, j, &text);
          if (pick >= 0) return Told(pick, why, why == nullptr ? std::string() : absl::StrCat(id, ": ", text));
        }
      }
      i = j;
    }
  }
  return -1;
}

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
    for (HexDirection dir : kAllHexDirections) {
      const HexCoord n = Neighbor(h, dir);
      const int nk = map.CellIndex(n);
      if (nk < 0 || !passable(n)) continue;
      // (EnterCost(n, h): from n back across the side it shares with h.)
      const int step = s.options.terrain.EnterCostToward(s.Map(), n, Opposite(dir));
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
