// The RULES Zulu of Roark's Drift. See roarks_doctrine.h.
#include "ai/doctrine/roarks_drift/roarks_doctrine.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/rulesets/roarks_drift/buildings.h"
#include "engine/rulesets/roarks_drift/fire.h"
#include "engine/rulesets/roarks_drift/melee.h"
#include "engine/rulesets/roarks_drift/movement.h"

namespace impi::ai {
namespace {

using roarks::CounterRole;
using roarks::kNoUnit;
using roarks::Order;
using roarks::RoarksState;
using roarks::Segment;
using roarks::Stage;
using RSide = roarks::Side;

const roarks::CounterSpec& Spec(const RoarksState& s, int u) { return s.specs[static_cast<size_t>(u)]; }

// The zones of a 9.2 order's number (a zone, or two as z1 * 10 + z2).
std::vector<int> ZonesOf(int number) {
  if (number < 10) return {number};
  return {number / 10, number % 10};
}

bool SouthZone(int z) {
  return std::find(roarks::kSouthZones.begin(), roarks::kSouthZones.end(), z) != roarks::kSouthZones.end();
}

// Whether a unit is its regiment's first rifle unit (the counters list a
// regiment's rifles first): the one that sets the hospital alight.
bool FireSetter(const RoarksState& s, int u) {
  if (Spec(s, u).role != CounterRole::kZuluRifles) return false;
  for (int v = 0; v < u; ++v) {
    if (Spec(s, v).role == CounterRole::kZuluRifles && Spec(s, v).regiment == Spec(s, u).regiment) return false;
  }
  return true;
}

// A hex beside a hospital roof whose room has no fire: where a fire is set
// from (10.1).
bool BesideUnlitHospitalRoof(const RoarksState& s, HexCoord h) {
  const HexCell* here = s.Map().map.Cell(h);
  if (here == nullptr || here->building != 0) return false;
  for (HexCoord n : Neighbors(h)) {
    const HexCell* cell = s.Map().map.Cell(n);
    if (cell != nullptr && cell->roofed && cell->building == roarks::kHospital &&
        !roarks::RoomHasFire(s, cell->room)) {
      return true;
    }
  }
  return false;
}

// British units in the room of a hex.
int BritishInRoom(const RoarksState& s, int room) {
  if (room == 0) return 0;
  int n = 0;
  for (int u = 0; u < s.size(); ++u) {
    if (roarks::SideOf(s, u) != RSide::kBritish || !roarks::InPlay(s, u)) continue;
    const HexCell* cell = s.Map().map.Cell(Counter(s, u).hex);
    if (cell != nullptr && cell->room == room) ++n;
  }
  return n;
}

// A rifle unit's position (designed): a British unit within this many
// hexes in its sight.
constexpr int kRifleReach = 6;

// Whether a British unit within kRifleReach is in sight of `h` (6.3).
bool SeesBritish(const RoarksState& s, HexCoord h, const std::vector<HexCoord>& blocking) {
  for (int u = 0; u < s.size(); ++u) {
    if (roarks::SideOf(s, u) != RSide::kBritish || !roarks::InPlay(s, u)) continue;
    if (HexDistance(h, Counter(s, u).hex) > kRifleReach) continue;
    if (roarks::LineOfSight(s, h, Counter(s, u).hex, blocking)) return true;
  }
  return false;
}

int Fdf(const RoarksState& s, HexCoord h) { return s.options.terrain.FireDefense(s.Map(), h, std::nullopt); }

constexpr int kProneFdf = 3;  // 4.0.F "3 Fire Defense Factors"
constexpr int kOneMove = 5;   // 4.0.B a Zulu's MPs

}  // namespace

int RoarksDoctrine::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                           std::string* why) {
  (void)dice;
  const RoarksState* s = roarks::OwnState(state);
  if (s == nullptr || options.empty() || options[0].extra.get_if<roarks::RoarksOrder>() == nullptr) return 0;
  if (s->stage == Stage::kZuluSetUp) return Zones(*s, options, why);
  switch (s->segment) {
    case Segment::kZuluMovement:
      return Move(*s, options, why);
    case Segment::kZuluFire:
      return Fire(*s, options, why);
    case Segment::kZuluMelee:
    case Segment::kBritishMelee:
      return Melee(*s, options, why);
    case Segment::kEnd:
      return EndTurn(*s, options, why);
    default:
      break;
  }
  const int pass = FirstOf(options, Order::kPass);
  return Told(pass >= 0 ? pass : 0, why, "nothing to do");
}

int RoarksDoctrine::Zones(const RoarksState& s, const std::vector<Action>& options, std::string* why) {
  const std::vector<HexCoord> hospital = s.Map().map.BuildingHexes(roarks::kHospital);
  auto nearness = [&](int z) {
    int best = kFar;
    for (HexCoord e : s.Map().entry_zones[static_cast<size_t>(z - 1)]) {
      for (HexCoord h : hospital) best = std::min(best, HexDistance(e, h));
    }
    return best;
  };
  int best = -1;
  std::tuple<bool, bool, int> best_key;
  for (size_t i = 0; i < options.size(); ++i) {
    if (OrderOf(options[i]).order != Order::kZones) continue;
    const std::vector<int> zones = ZonesOf(OrderOf(options[i]).number);
    const bool south = std::any_of(zones.begin(), zones.end(), SouthZone);
    int far = 0;
    for (int z : zones) far += nearness(z);
    // Not from the south; two zones before one; nearest the hospital.
    const std::tuple<bool, bool, int> key = {south, zones.size() == 1, far / static_cast<int>(zones.size())};
    if (best < 0 || key < best_key) {
      best = static_cast<int>(i);
      best_key = key;
    }
  }
  if (best < 0) return Told(0, why, "");
  const std::vector<int> zones = ZonesOf(OrderOf(options[static_cast<size_t>(best)]).number);
  return Told(best, why,
              absl::StrCat("9.2: the regiment enters by zone", zones.size() > 1 ? "s " : " ",
                           absl::StrJoin(zones, " and "),
                           std::get<0>(best_key) ? "" : ", off the south edge so that the Oskarberg may fire (6.2.2.1.A)",
                           ", the nearest the hospital, beside the regiments before it"));
}

int RoarksDoctrine::Move(const RoarksState& s, const std::vector<Action>& options, std::string* why) {
  contact_.Get(s, RSide::kZulu, 0, [&](HexCoord h) {
    return !roarks::Holder(s, h).has_value() && EnemyInContact(s, h, RSide::kZulu) > 0;
  });
  roofs_.Get(s, RSide::kZulu, 1, [&](HexCoord h) { return BesideUnlitHospitalRoof(s, h); });
  // "slowly moving within point blank range, and then charging": the units
  // within a move of contact.
  int mass = 0;
  for (int u = 0; u < s.size(); ++u) {
    if (roarks::SideOf(s, u) != RSide::kZulu || !roarks::InPlay(s, u) || Counter(s, u).retiring) continue;
    if (Spec(s, u).role == CounterRole::kZuluRifles) continue;
    if (contact_.At(s, Counter(s, u).hex) <= kOneMove) ++mass;
  }
  const bool charge = mass >= kMassToCharge || s.turn > kPhaseTurns / 2;
  std::optional<std::vector<HexCoord>> blocking;  // 6.3.B, when a rifle unit looks
  auto in_position = [&](HexCoord h) {
    if (!blocking) blocking = roarks::BlockingHexes(s);
    return SeesBritish(s, h, *blocking);
  };

  // The option a unit wants among its own [begin, end), or -1.
  auto wants = [&](int u, size_t begin, size_t end, const char** text) -> int {
    const roarks::CounterState& c = Counter(s, u);
    const bool rifles = Spec(s, u).role == CounterRole::kZuluRifles;
    const bool setter = FireSetter(s, u) || c.torch;
    const MarchField& field = setter ? roofs_ : contact_;
    const int here = c.on_map ? field.At(s, c.hex) : kFar;
    const bool in_contact = c.on_map && EnemyInContact(s, c.hex, RSide::kZulu) > 0;
    if (in_contact) return -1;  // 7.0.A: it attacks where it stands
    if (setter && here == 0) return -1;  // beside the roof: it sets the fire next
    if (rifles && !setter && c.on_map && in_position(c.hex)) return -1;  // in position
    // 11.0.B: through a building's wall into a room the British hold.
    if (!rifles && c.on_map && c.mp_spent == 0) {
      for (size_t i = begin; i < end; ++i) {
        if (OrderOf(options[i]).order != Order::kDig) continue;
        const HexCoord beyond = Neighbor(c.hex, static_cast<HexDirection>(OrderOf(options[i]).direction));
        const std::optional<RSide> held = roarks::Holder(s, beyond);
        if (held && *held == RSide::kBritish) {
          *text = "11.0.B: it tunnels through the wall into the room the British hold";
          return static_cast<int>(i);
        }
      }
    }
    // The step: nearer by the field, no hex another Zulu stands in (5.0.C),
    // not into contact before the charge (nor ever for a rifle unit).
    const int floor = rifles && !setter ? 1 : (setter || charge ? 0 : 1);
    int best = -1;
    std::tuple<int, int, int> best_key;
    for (size_t i = begin; i < end; ++i) {
      if (OrderOf(options[i]).order != Order::kMove || !options[i].to_hex) continue;
      const HexCoord to = *options[i].to_hex;
      if (roarks::Holder(s, to).has_value()) continue;
      const int there = field.At(s, to);
      if (there >= here || there < floor || there >= kFar) continue;
      // Nearest; then beside the largest stack ("attack the large stacks");
      // then the best cover (6.3, the FDF).
      const std::tuple<int, int, int> key = {there, -EnemyInContact(s, to, RSide::kZulu), -Fdf(s, to)};
      if (best < 0 || key < best_key) {
        best = static_cast<int>(i);
        best_key = key;
      }
    }
    if (best >= 0) {
      *text = setter    ? "it makes for the hospital's roof, to set it alight (10.1)"
              : rifles  ? "the rifle unit makes for a hex it sees the British from"
              : std::get<0>(best_key) == 0 ? "the charge: into contact beside the largest British stack"
              : charge  ? "the charge: it closes in by the nearest way"
                        : "it closes in under cover, short of contact until enough are massed";
      return best;
    }
    // 4.0.F: short of contact, in worse ground than prone's.
    if (c.on_map && !c.prone && here > 0 && here <= 3 * kOneMove && Fdf(s, c.hex) < kProneFdf) {
      for (size_t i = begin; i < end; ++i) {
        if (OrderOf(options[i]).order == Order::kProne) {
          *text = "4.0.F: it goes prone where it stops, out of contact in open ground (FDF 3)";
          return static_cast<int>(i);
        }
      }
    }
    return -1;
  };

  if (const int pick = FirstWanted(s, options, wants, why); pick >= 0) return pick;
  const int pass = FirstOf(options, Order::kPass);
  return Told(pass >= 0 ? pass : 0, why,
              charge ? "every unit has made its move" : "the rest hold, waiting for enough to mass for the charge");
}

int RoarksDoctrine::Fire(const RoarksState& s, const std::vector<Action>& options, std::string* why) {
  if (const int o = FirstOf(options, Order::kOskarberg); o >= 0) {
    return Told(o, why, "6.2.2.1: the rifles on the heights fire (\"The rifles on the heights can do a lot\")");
  }
  // Setting fires: through the roof, by a torch, on a 12; the rooms with
  // British inside first.
  int best = -1;
  std::tuple<int, int> best_key;
  for (size_t i = 0; i < options.size(); ++i) {
    const Order o = OrderOf(options[i]).order;
    if ((o != Order::kRoofFire && o != Order::kTorch && o != Order::kRoofAlight) || !options[i].to_hex) continue;
    const HexCell* cell = s.Map().map.Cell(*options[i].to_hex);
    if (cell == nullptr || roarks::RoomHasFire(s, cell->room)) continue;
    const int inside = BritishInRoom(s, cell->room);
    if (o == Order::kRoofAlight && inside == 0) continue;  // a 12: only where it burns someone
    const int rank = o == Order::kRoofFire ? 0 : o == Order::kTorch ? 1 : 2;
    const std::tuple<int, int> key = {-inside, rank};
    if (best < 0 || key < best_key) {
      best = static_cast<int>(i);
      best_key = key;
    }
  }
  if (best >= 0) {
    const Order o = OrderOf(options[static_cast<size_t>(best)]).order;
    return Told(best, why,
                absl::StrCat(options[static_cast<size_t>(best)].unit_id.str(),
                             o == Order::kRoofFire ? ": 10.1.B fires down through the roof to set it alight"
                             : o == Order::kTorch  ? ": 10.1.D brings a torch to the roof"
                                                   : ": 10.1.C tries to set the roof alight (a 12)",
                             std::get<0>(best_key) < 0 ? ", with British inside" : ""));
  }
  // Aimed fire: "one must not waste them": 1:1 or better, the best odds,
  // then the larger stack.
  best = -1;
  std::tuple<int, int> fire_key;
  for (size_t i = 0; i < options.size(); ++i) {
    const roarks::RoarksOrder& o = OrderOf(options[i]);
    if (o.order != Order::kAimedFire || !options[i].to_hex) continue;
    const HexCoord from{o.q, o.r};
    int factors = 0;
    for (int u : roarks::StackAt(s, from)) {
      if (roarks::MayAim(s, u)) factors += Spec(s, u).fire;
    }
    const int fdf = std::max(1, roarks::FireDefenseFrom(s, from, *options[i].to_hex));
    const int ratio = factors / fdf;
    if (ratio < 1) continue;
    const std::tuple<int, int> key = {-ratio, -static_cast<int>(roarks::StackAt(s, *options[i].to_hex).size())};
    if (best < 0 || key < fire_key) {
      best = static_cast<int>(i);
      fire_key = key;
    }
  }
  if (best >= 0) {
    return Told(best, why,
                absl::StrFormat("6.2.1: the rifles fire at %d:1, the best odds they have (never below 1:1)",
                                -std::get<0>(fire_key)));
  }
  const int pass = FirstOf(options, Order::kPass);
  return Told(pass >= 0 ? pass : 0, why, "no fire worth its reload: the rifles hold");
}

int RoarksDoctrine::Melee(const RoarksState& s, const std::vector<Action>& options, std::string* why) {
  if (FirstOf(options, Order::kAttack) >= 0) {
    int largest = 0;
    for (HexCoord t : roarks::HexesToAttack(s)) {
      largest = std::max(largest, static_cast<int>(roarks::StackAt(s, t).size()));
    }
    const bool massed = largest >= 3;
    for (size_t i = 0; i < options.size(); ++i) {
      if (OrderOf(options[i]).order == Order::kAttack && (OrderOf(options[i]).number == 1) == massed) {
        return Told(static_cast<int>(i), why,
                    massed ? absl::StrFormat("7.0.C: the attacks combine on the largest stack (%d units): \"attack "
                                             "the large stacks ... all are wounded\"",
                                             largest)
                           : "7.0.B: every British hex attacked, the rest spread where the odds are weakest");
      }
    }
    return Told(FirstOf(options, Order::kAttack), why, "7.0.A: the Zulus in contact attack");
  }
  const bool oskarberg_silent = s.attacked_from_south || s.suppression >= roarks::kFullySuppressed;
  for (size_t i = 0; i < options.size(); ++i) {
    if (OrderOf(options[i]).order != Order::kAdvance || !options[i].to_hex) continue;
    if (!oskarberg_silent && s.Map().InMainPerimeter(*options[i].to_hex)) continue;
    return Told(static_cast<int>(i), why, "7.0.I: it advances into the hex the defenders died in");
  }
  const int pass = FirstOf(options, Order::kPass);
  return Told(pass >= 0 ? pass : 0, why,
              "no advance into the main perimeter while the Oskarberg may fire there (6.2.2.1.C)");
}

int RoarksDoctrine::EndTurn(const RoarksState& s, const std::vector<Action>& options, std::string* why) {
  const int end = FirstOf(options, Order::kEndPhase);
  if (end >= 0 && s.turn >= kPhaseTurns) {
    return Told(end, why, absl::StrFormat("9.3.A: after %d turns the regiments draw off to regroup", s.turn));
  }
  const int pass = FirstOf(options, Order::kPass);
  return Told(pass >= 0 ? pass : 0, why, "the attack goes on");
}

}  // namespace impi::ai
