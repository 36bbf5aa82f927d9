// The scripted British of Roark's Drift. See roarks_british.h.
#include "ai/british/roarks_british.h"

#include <algorithm>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/rulesets/roarks_drift/buildings.h"
#include "engine/rulesets/roarks_drift/damage.h"
#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/melee.h"

namespace impi::ai {
namespace {

using roarks::kNoUnit;
using roarks::Order;
using roarks::RoarksState;
using roarks::Segment;
using roarks::Stage;
using RSide = roarks::Side;

int PassOr0(const std::vector<Action>& options) { return std::max(0, FirstOf(options, Order::kPass)); }


bool RoomWithFire(const RoarksState& s, HexCoord h) {
  const HexCell* cell = s.Map().map.Cell(h);
  return cell != nullptr && cell->room != 0 && roarks::RoomHasFire(s, cell->room);
}

// A Zulu in melee contact with `h` over no barricade.
bool OpenContact(const RoarksState& s, HexCoord h) {
  for (HexCoord n : Neighbors(h)) {
    const std::optional<RSide> held = roarks::Holder(s, n);
    if (!held || *held != RSide::kZulu || !roarks::MeleeContact(s, h, n)) continue;
    if (!roarks::Barricade(s, *SideBetween(h, n))) return true;
  }
  return false;
}

bool RedoubtSide(const RoarksState& s, HexCoord h) {
  for (HexDirection d : kAllHexDirections) {
    const roarks::WallRun* w = s.Map().WallOn(impi::SideOf(h, d));
    if (w != nullptr && w->kind == roarks::WallKind::kRedoubt) return true;
  }
  return false;
}

int BritishIn(const RoarksState& s, HexCoord h) {
  int n = 0;
  for (int u : roarks::StackAt(s, h)) n += roarks::SideOf(s, u) == RSide::kBritish ? 1 : 0;
  return n;
}

}  // namespace

int RoarksBritish::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                          std::string* why) {
  (void)dice;
  const RoarksState* s = roarks::OwnState(state);
  if (s == nullptr || options.empty() || options[0].extra.get_if<roarks::RoarksOrder>() == nullptr) return 0;
  if (s->stage == Stage::kBritishSetUp) {
    const int place = FirstOf(options, Order::kPlace);
    return Told(std::max(0, place), why, "9.1: the garrison takes its posts (the default placement)");
  }
  switch (s->segment) {
    case Segment::kBritishMovement:
      return Move(*s, options, why);
    case Segment::kBritishFire:
      return Fire(*s, options, why);
    case Segment::kBritishMelee: {
      if (const int attack = FirstOf(options, Order::kAttack); attack >= 0) {
        return Told(attack, why, "7.0.G: the men in contact attack (an attacker takes no damage)");
      }
      for (size_t i = 0; i < options.size(); ++i) {
        if (OrderOf(options[i]).order == Order::kAdvance && options[i].to_hex &&
            s->Map().InMainPerimeter(*options[i].to_hex)) {
          return Told(static_cast<int>(i), why, "7.0.I: the men retake the ground inside the perimeter");
        }
      }
      return Told(PassOr0(options), why, s->melee_applied ? "the men hold their line" : "the melees are fought");
    }
    default:
      break;
  }
  return Told(PassOr0(options), why, "nothing to do");
}

int RoarksBritish::Move(const RoarksState& s, const std::vector<Action>& options, std::string* why) {
  storeroom_.Get(s, RSide::kBritish, 0, [&](HexCoord h) {
    const HexCell* cell = s.Map().map.Cell(h);
    return cell != nullptr && cell->room == roarks::kStoreroom;
  });
  redoubt_.Get(s, RSide::kBritish, 1, [&](HexCoord h) { return RedoubtSide(s, h); });

  auto wants = [&](int u, size_t begin, size_t end, const char** text) -> int {
    const roarks::CounterState& c = Counter(s, u);
    const bool burning = RoomWithFire(s, c.hex);
    const bool wounded = c.wound == roarks::WoundState::kLight || c.wound == roarks::WoundState::kSerious ||
                         c.wound == roarks::WoundState::kLightAndSerious;
    const bool hurt = wounded && !roarks::InReynoldsCare(s, u);
    const bool exposed = OpenContact(s, c.hex);
    if (!burning && !hurt && !exposed) return -1;
    const MarchField& field = hurt ? storeroom_ : redoubt_;
    const int here = field.At(s, c.hex);
    int best = -1;
    std::tuple<int, int, int> best_key;
    for (size_t i = begin; i < end; ++i) {
      if (OrderOf(options[i]).order != Order::kMove || !options[i].to_hex) continue;
      const HexCoord to = *options[i].to_hex;
      if (BritishIn(s, to) >= roarks::StackingLimit(RSide::kBritish) || RoomWithFire(s, to)) continue;
      const int there = field.At(s, to);
      if (!burning && there >= here) continue;
      // Out of open contact first, then nearer its goal.
      const std::tuple<int, int, int> key = {OpenContact(s, to) ? 1 : 0, there, static_cast<int>(i)};
      if (best < 0 || key < best_key) {
        best = static_cast<int>(i);
        best_key = key;
      }
    }
    if (best < 0) return -1;
    *text = burning ? "10.2.E: he leaves the room on fire"
            : hurt  ? "8.3.A: the wounded man goes to the storeroom, to Surgeon Major Reynolds"
                    : "he falls back from the Zulus towards the redoubt: no melee but on his own terms";
    return best;
  };

  if (const int pick = FirstWanted(s, options, wants, why); pick >= 0) return pick;
  return Told(PassOr0(options), why, "the rest stand at their posts");
}

int RoarksBritish::Fire(const RoarksState& s, const std::vector<Action>& options, std::string* why) {
  if (const int volley = FirstOf(options, Order::kVolley); volley >= 0) {
    return Told(volley, why, "6.1.2: the volley line fires (\"the volley fire as it is so deadly\")");
  }
  if (const int suppress = FirstOf(options, Order::kSuppress);
      suppress >= 0 && !s.attacked_from_south && s.suppression < roarks::kFullySuppressed) {
    return Told(suppress, why, "6.2.2.2: 60 fire factors against the Oskarberg, to suppress its rifles");
  }
  // The Zulus nearest a hex.
  auto nearest_zulu = [&](HexCoord h) {
    int best = kFar;
    for (int u = 0; u < s.size(); ++u) {
      if (roarks::SideOf(s, u) == RSide::kZulu && roarks::InPlay(s, u)) {
        best = std::min(best, HexDistance(h, Counter(s, u).hex));
      }
    }
    return best;
  };
  if (nearest_zulu(s.Map().map.HexOfCell(0)) < kFar) {
    int best = -1, best_gap = kFar;
    for (size_t i = 0; i < options.size(); ++i) {
      if (OrderOf(options[i]).order != Order::kLineUp) continue;
      const int u = roarks::UnitById(s, options[i].unit_id.str());
      if (u == kNoUnit) continue;
      if (std::any_of(s.volley_lines.begin(), s.volley_lines.end(),
                      [&](const roarks::VolleyLine& v) { return v.lieutenant == u; })) {
        continue;  // his line stands: it fires when it may
      }
      const HexCoord ahead = Neighbor(Counter(s, u).hex, static_cast<HexDirection>(OrderOf(options[i]).direction));
      const int gap = nearest_zulu(ahead);
      if (gap < best_gap) {
        best = static_cast<int>(i);
        best_gap = gap;
      }
    }
    if (best >= 0) {
      return Told(best, why,
                  absl::StrCat(options[static_cast<size_t>(best)].unit_id.str(),
                               ": 6.1.2.A lines up a volley line facing the nearest Zulus (it fires next turn)"));
    }
  }
  int best = -1;
  std::tuple<int, int> best_key;
  for (size_t i = 0; i < options.size(); ++i) {
    const roarks::RoarksOrder& o = OrderOf(options[i]);
    if (o.order != Order::kAimedFire || !options[i].to_hex) continue;
    const HexCoord from{o.q, o.r};
    int factors = 0;
    for (int u : roarks::StackAt(s, from)) {
      if (roarks::MayAim(s, u)) factors += s.specs[static_cast<size_t>(u)].fire;
    }
    const int ratio = factors / std::max(1, roarks::FireDefenseFrom(s, from, *options[i].to_hex));
    if (ratio < 1) continue;
    const std::tuple<int, int> key = {HexDistance(from, *options[i].to_hex), -ratio};
    if (best < 0 || key < best_key) {
      best = static_cast<int>(i);
      best_key = key;
    }
  }
  if (best >= 0) {
    return Told(best, why, "6.1.1: aimed fire at the nearest Zulus, at 1:1 or better");
  }
  return Told(PassOr0(options), why, "no fire worth a turn's aim");
}

}  // namespace impi::ai
