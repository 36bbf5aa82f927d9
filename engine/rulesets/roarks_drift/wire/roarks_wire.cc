#include "engine/rulesets/roarks_drift/wire/roarks_wire.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/game/wire_enums.h"
#include "engine/rulesets/roarks_drift/parameters.h"
#include "engine/rulesets/roarks_drift/question.h"
#include "engine/rulesets/roarks_drift/roarks_drift.h"
#include "impi/v1/roarks_drift.pb.h"
#include "impi/v1/table.pb.h"

namespace impi::roarks {
namespace {

// The contract's enums are the engine's plus one (engine/game/wire_enums.h):
// 0 is each one's UNSPECIFIED (RoarksRegiment's are the engine's own numbers).

static_assert(v1::ROARKS_BRITISH_SET_UP == WireEnum(Stage::kBritishSetUp));
static_assert(v1::ROARKS_ZULU_SET_UP == WireEnum(Stage::kZuluSetUp));
static_assert(v1::ROARKS_PLAYING == WireEnum(Stage::kPlaying));
static_assert(v1::ROARKS_OVER == WireEnum(Stage::kOver));
static_assert(v1::RoarksStage_MAX == WireEnum(Stage::kOver));
static_assert(v1::ROARKS_ZULU_MOVEMENT == WireEnum(Segment::kZuluMovement));
static_assert(v1::ROARKS_BRITISH_MOVEMENT == WireEnum(Segment::kBritishMovement));
static_assert(v1::ROARKS_BRITISH_FIRE == WireEnum(Segment::kBritishFire));
static_assert(v1::ROARKS_ZULU_FIRE == WireEnum(Segment::kZuluFire));
static_assert(v1::ROARKS_ZULU_MELEE == WireEnum(Segment::kZuluMelee));
static_assert(v1::ROARKS_BRITISH_MELEE == WireEnum(Segment::kBritishMelee));
static_assert(v1::ROARKS_END == WireEnum(Segment::kEnd));
static_assert(v1::RoarksSegment_MAX == kSegments);
static_assert(v1::ROARKS_UNWOUNDED == WireEnum(WoundState::kNone));
static_assert(v1::ROARKS_LIGHT == WireEnum(WoundState::kLight));
static_assert(v1::ROARKS_SERIOUS == WireEnum(WoundState::kSerious));
static_assert(v1::ROARKS_LIGHT_AND_SERIOUS == WireEnum(WoundState::kLightAndSerious));
static_assert(v1::ROARKS_DEAD == WireEnum(WoundState::kDead));
static_assert(v1::RoarksWound_MAX == WireEnum(WoundState::kDead));
static_assert(v1::ROARKS_MISS == WireEnum(Damage::kMiss));
static_assert(v1::ROARKS_LIGHT_WOUND == WireEnum(Damage::kLight));
static_assert(v1::ROARKS_SERIOUS_WOUND == WireEnum(Damage::kSerious));
static_assert(v1::ROARKS_MORTAL_WOUND == WireEnum(Damage::kMortal));
static_assert(v1::RoarksDamage_MAX == WireEnum(Damage::kMortal));
static_assert(v1::ROARKS_UTHULU == static_cast<int>(Regiment::kUthulu));
static_assert(v1::ROARKS_YENGWE == static_cast<int>(Regiment::kYengwe));
static_assert(v1::ROARKS_UDLOKO == static_cast<int>(Regiment::kUdloko));
static_assert(v1::RoarksRegiment_MAX == kRegiments);
static_assert(v1::ROARKS_PLACE == WireEnum(Order::kPlace));
static_assert(v1::ROARKS_MOVE == WireEnum(Order::kMove));
static_assert(v1::ROARKS_AIMED_FIRE == WireEnum(Order::kAimedFire));
static_assert(v1::ROARKS_SUPPRESS == WireEnum(Order::kSuppress));
static_assert(v1::ROARKS_TORCH == WireEnum(Order::kTorch));
static_assert(v1::ROARKS_ATTACK == WireEnum(Order::kAttack));
static_assert(v1::ROARKS_END_PHASE == WireEnum(Order::kEndPhase));
static_assert(v1::ROARKS_PASS == WireEnum(Order::kPass));
static_assert(v1::RoarksOrderKind_MAX == WireEnum(Order::kPass));

constexpr std::array<Regiment, kRegiments> kByIndex = {Regiment::kUthulu, Regiment::kYengwe, Regiment::kUdloko};
// The most a turn, an MP count or a count of turns in fire may be: far past
// what a game reaches (a phase ends when its regiments retire).
constexpr int kMostTurn = 1000;
constexpr int kRoomsOnBoard = kWaterClosetRoom;

int Column(HexCoord h) { return h.q; }
int Row(HexCoord h) { return h.r + (h.q - (h.q & 1)) / 2; }

HexCoord FromProto(const v1::RoarksHex& h) { return {h.q(), h.r()}; }
void ToProto(HexCoord h, v1::RoarksHex* out) {
  out->set_q(h.q);
  out->set_r(h.r);
}
std::string HexText(HexCoord h) { return absl::StrCat("(", h.q, ", ", h.r, ")"); }

absl::Status OnBoard(const std::string& path, const RoarksState& s, HexCoord h) {
  if (s.Map().map.Contains(h)) return absl::OkStatus();
  return FieldError(path, absl::StrCat(HexText(h), " is off the ", kBoardColumns, " x ", kBoardRows,
                                       " board (axial q, r: column q, row r + (q - (q & 1)) / 2)"));
}

// A room (1 to 10, board.h) or an entry zone (1 to 8, 9.2.A).
absl::Status Numbered(const std::string& path, int n, int most, const char* what) {
  if (n >= 1 && n <= most) return absl::OkStatus();
  return FieldError(path, absl::StrCat(n, " is no ", what, ": they are numbered 1 to ", most));
}

absl::Status Direction(const std::string& path, int d) {
  return CountField(path, d, kHexDirectionCount - 1, "a direction is 0 (north) to 5 (north-west), clockwise");
}

// The kind a counter's unit has on the table.
v1::UnitKind KindOf(const CounterSpec& spec) {
  switch (spec.role) {
    case CounterRole::kLieutenant: return v1::OFFICER;
    case CounterRole::kSurgeon: return v1::SURGEON;
    case CounterRole::kZuluRifles: return v1::RIFLE_REGIMENT;
    case CounterRole::kZulu: return v1::REGIMENT;
    default: return v1::INFANTRY;
  }
}
v1::Side SideProto(Side side) { return side == Side::kZulu ? v1::ZULU : v1::BRITISH; }
const char* SideWords(Side side) { return side == Side::kZulu ? "the Zulus" : "the British"; }

// Each counter id and its handle.
using Handles = std::unordered_map<std::string, int>;

// A list of ids naming counters, to handles; `side` (if set) the side they
// must fight for.
absl::Status IdsToHandles(const std::string& path, const google::protobuf::RepeatedPtrField<std::string>& ids,
                          const Handles& handles, const RoarksState& s, std::optional<Side> side,
                          std::vector<int>* out) {
  std::set<int> seen;
  for (int i = 0; i < ids.size(); ++i) {
    const std::string p = absl::StrCat(path, "[", i, "]");
    const auto at = handles.find(ids[i]);
    if (at == handles.end()) return FieldError(p, absl::StrCat("no Roark's Drift counter has id ", Quoted(ids[i])));
    if (side && SideOf(s, at->second) != *side) {
      return FieldError(p, absl::StrCat(Quoted(ids[i]), " fights for ", SideWords(SideOf(s, at->second))));
    }
    if (!seen.insert(at->second).second) return FieldError(p, absl::StrCat(Quoted(ids[i]), " is listed twice"));
    out->push_back(at->second);
  }
  return absl::OkStatus();
}

// One counter's entry onto its CounterState (its place already set from
// its unit): every field checked.
absl::Status CounterFromProto(const std::string& path, const v1::RoarksCounter& x, const RoarksState& s, int h,
                              CounterState* c) {
  const CounterSpec& spec = s.specs[static_cast<size_t>(h)];
  if (x.has_offset() && c->on_map &&
      (x.offset().column() != Column(c->hex) || x.offset().row() != Row(c->hex))) {
    return FieldError(path + ".offset", absl::StrCat("column ", x.offset().column(), ", row ", x.offset().row(),
                                                     " is not the unit's hex ", HexText(c->hex), " (column ",
                                                     Column(c->hex), ", row ", Row(c->hex), ")"));
  }
  IMPI_RETURN_IF_ERROR(CountField(path + ".stack_pos", x.stack_pos(), StackingLimit(Side::kBritish) * 1000,
                                  "a place in a hex's stack"));
  if (!v1::RoarksWound_IsValid(x.wound())) {
    return FieldError(path + ".wound", absl::StrCat(x.wound(), " is not a valid RoarksWound"));
  }
  for (const auto& [field, v] : {std::pair<const char*, int>{"aimed_on_turn", x.aimed_on_turn()},
                                 {"fired_on_turn", x.fired_on_turn()},
                                 {"moved_on_turn", x.moved_on_turn()},
                                 {"returns_on_turn", x.returns_on_turn()},
                                 {"turns_in_fire", x.turns_in_fire()}}) {
    IMPI_RETURN_IF_ERROR(CountField(absl::StrCat(path, ".", field), v, kMostTurn, "a turn of the phase"));
  }
  // 4.0.B the most movement points a unit has: 5 (a Zulu).
  IMPI_RETURN_IF_ERROR(CountField(path + ".mp_spent", x.mp_spent(),
                                  MovementAllowance(Side::kZulu, WoundState::kNone, nullptr),
                                  "4.0.B no unit has more than 5 movement points"));
  if (x.killed() && c->on_map) {
    return FieldError(path + ".killed", absl::StrCat(Quoted(x.unit_id()), " is killed: its unit is off the table"));
  }
  if (x.wound() == v1::ROARKS_DEAD && !x.killed()) {
    return FieldError(path + ".wound", "ROARKS_DEAD is a killed counter's: set killed");
  }
  for (const auto& [field, set] : {std::pair<const char*, bool>{"prone", x.prone()},
                                   {"torch", x.torch()},
                                   {"retiring", x.retiring()}}) {
    if (set && spec.side != Side::kZulu) {
      return FieldError(absl::StrCat(path, ".", field), absl::StrCat(Quoted(x.unit_id()), " is British: a Zulu's"));
    }
  }
  if (x.prone() && !c->on_map) return FieldError(path + ".prone", "a counter off the table is not prone");
  c->stack_pos = c->on_map && !x.killed() ? x.stack_pos() : 0;
  c->wound = x.wound() == v1::ROARKS_WOUND_UNSPECIFIED ? WoundState::kNone : EngineEnum<WoundState>(x.wound());
  c->prone = x.prone();
  c->killed = x.killed();
  c->aimed_on_turn = x.aimed_on_turn();
  c->fired_on_turn = x.fired_on_turn();
  c->moved_on_turn = x.moved_on_turn();
  c->mp_spent = x.mp_spent();
  c->done_moving = x.done_moving();
  c->returns_on_turn = x.returns_on_turn();
  c->turns_in_fire = x.turns_in_fire();
  c->torch = x.torch();
  c->retiring = x.retiring();
  return absl::OkStatus();
}

// The counters in play: stack places distinct in a hex, one side a hex, the
// stacking limits (5.0.C-D) outside the side's own movement segment (5.0.A-B).
absl::Status CheckStacks(const RoarksState& s, const std::vector<std::string>& paths) {
  std::map<HexCoord, std::vector<int>> by_hex;
  for (int u = 0; u < s.size(); ++u) {
    if (InPlay(s, u)) by_hex[s.counters[static_cast<size_t>(u)].hex].push_back(u);
  }
  for (const auto& [hex, units] : by_hex) {
    std::map<int, int> place;
    int count[2] = {0, 0};
    for (int u : units) {
      const CounterState& c = s.counters[static_cast<size_t>(u)];
      const auto [at, fresh] = place.emplace(c.stack_pos, u);
      if (!fresh) {
        return FieldError(paths[static_cast<size_t>(u)] + ".stack_pos",
                          absl::StrCat(c.stack_pos, " is also ", s.specs[static_cast<size_t>(at->second)].id,
                                       "'s place in hex ", HexText(hex), ": one counter a place"));
      }
      ++count[static_cast<int>(SideOf(s, u))];
    }
    if (count[0] > 0 && count[1] > 0) {
      return FieldError(paths[static_cast<size_t>(units.back())],
                        absl::StrCat("hex ", HexText(hex), " holds units of both sides (4.0: a unit may not enter "
                                                          "a hex the enemy holds)"));
    }
    for (Side side : {Side::kZulu, Side::kBritish}) {
      const bool moving = s.stage == Stage::kPlaying &&
                          s.segment == (side == Side::kZulu ? Segment::kZuluMovement : Segment::kBritishMovement);
      const int n = count[static_cast<int>(side)];
      if (!moving && n > StackingLimit(side)) {
        return FieldError(paths[static_cast<size_t>(units.back())],
                          absl::StrCat(n, " units of ", SideWords(side), " in hex ", HexText(hex),
                                       ": over 5.0's stacking limit of ", StackingLimit(side),
                                       " outside their movement segment"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status RegimentsFromProto(const v1::RoarksState& p, RoarksState& s) {
  std::vector<bool> seen(kRegiments, false);
  for (int i = 0; i < p.regiments_size(); ++i) {
    const std::string path = absl::StrCat("state.roarks_drift.regiments[", i, "]");
    const v1::RoarksRegimentBook& x = p.regiments(i);
    if (x.regiment() == v1::ROARKS_REGIMENT_UNSPECIFIED) return FieldError(path + ".regiment", "is required");
    if (!v1::RoarksRegiment_IsValid(x.regiment())) {
      return FieldError(path + ".regiment", absl::StrCat(x.regiment(), " is not a valid RoarksRegiment"));
    }
    const size_t r = static_cast<size_t>(RegimentIndex(static_cast<Regiment>(x.regiment())));
    if (seen[r]) return FieldError(path + ".regiment", "has an earlier entry; one entry a regiment");
    seen[r] = true;
    const int wave = RegimentWave(static_cast<Regiment>(x.regiment()));
    // 9.3.D four phases of a full wave at most.
    const int most = wave * kPhases;
    IMPI_RETURN_IF_ERROR(CountField(path + ".killed_this_phase", x.killed_this_phase(), wave,
                                    "no more than the regiment's wave"));
    IMPI_RETURN_IF_ERROR(CountField(path + ".killed_in_game", x.killed_in_game(), most,
                                    "no more than four waves of the regiment (3.7.D)"));
    if (x.killed_in_game() < x.killed_this_phase()) {
      return FieldError(path + ".killed_in_game", absl::StrCat(x.killed_in_game(), " is fewer than killed_this_phase ",
                                                               x.killed_this_phase()));
    }
    IMPI_RETURN_IF_ERROR(CountField(path + ".rifles_lost", x.rifles_lost(), kRifleUnitsPerRegiment * kPhases,
                                    "two rifle units a wave (6.2.1.A)"));
    IMPI_RETURN_IF_ERROR(CountField(path + ".wave", x.wave(), wave, "no more than the regiment's counters"));
    if (x.entry_zones_size() > 2) {
      return FieldError(path + ".entry_zones", "9.2.B a regiment enters by one zone or two adjacent ones");
    }
    std::vector<int> zones;
    for (int k = 0; k < x.entry_zones_size(); ++k) {
      IMPI_RETURN_IF_ERROR(Numbered(absl::StrCat(path, ".entry_zones[", k, "]"), x.entry_zones(k), kEntryZones,
                                    "entry zone (9.2.A)"));
      zones.push_back(x.entry_zones(k));
    }
    if (zones.size() == 2 && !ZonesAdjacent(zones[0], zones[1])) {
      return FieldError(path + ".entry_zones",
                        absl::StrCat("zones ", zones[0], " and ", zones[1], " are not adjacent (9.2.B)"));
    }
    s.killed_this_phase[r] = x.killed_this_phase();
    s.killed_in_game[r] = x.killed_in_game();
    s.rifles_lost[r] = x.rifles_lost();
    s.entry_zones[r] = std::move(zones);
    s.wave[r] = x.wave();
    s.retired[r] = x.retired();
  }
  return absl::OkStatus();
}

// The shared clock, written for readers that name no rule set (the page's
// turn, a picture's title): the turn of the phase, and the segment's kind
// of phase. The game's own place is RoarksState's phase, turn and segment;
// a caller's clock is not read.
void WriteClock(const RoarksState& s, v1::Clock* clock) {
  clock->set_turn(s.turn);
  v1::Phase phase = v1::PRE_BATTLE;
  if (s.stage == Stage::kOver) {
    phase = v1::GAME_OVER;
  } else if (s.stage == Stage::kPlaying) {
    switch (s.segment) {
      case Segment::kZuluMovement:
      case Segment::kBritishMovement: phase = v1::MOVEMENT; break;
      case Segment::kBritishFire:
      case Segment::kZuluFire: phase = v1::FIRE_PHASE; break;
      case Segment::kZuluMelee:
      case Segment::kBritishMelee: phase = v1::CLOSE_COMBAT; break;
      case Segment::kEnd: phase = v1::END_OF_TURN; break;
    }
  }
  clock->set_phase(phase);
}

}  // namespace

absl::Status RoarksWire::StateFromProto(const v1::TableState& in, BattleState* out) const {
  IMPI_RETURN_IF_ERROR(CheckStateMember(in, "roarks_drift", kRulesetId));
  if (in.table().hex_columns() != kBoardColumns || in.table().hex_rows() != kBoardRows) {
    return FieldError(in.table().hex_columns() != kBoardColumns ? "state.table.hex_columns" : "state.table.hex_rows",
                      absl::StrCat(in.table().hex_columns(), " x ", in.table().hex_rows(),
                                   " is not the station board: Roark's Drift is played on its ", kBoardColumns,
                                   " x ", kBoardRows, " hexes"));
  }
  const v1::RoarksState& p = in.roarks_drift();
  RoarksState s = NewGame();
  // The designed charts, with the caller's overrides (out->parameters holds
  // the table's, read before this adapter).
  IMPI_RETURN_IF_ERROR(ReadParameters(out->parameters, &s.options));
  Handles handles;
  for (int h = 0; h < s.size(); ++h) handles.emplace(s.specs[static_cast<size_t>(h)].id, h);
  // Each counter's path for a message: its unit's, or its entry's once read.
  std::vector<std::string> paths(static_cast<size_t>(s.size()));
  for (int h = 0; h < s.size(); ++h) paths[static_cast<size_t>(h)] = absl::StrCat("counter ", s.specs[static_cast<size_t>(h)].id);

  // The units: each a counter, of its side and kind, its place.
  std::vector<bool> listed(static_cast<size_t>(s.size()), false);
  for (int i = 0; i < in.units_size(); ++i) {
    const std::string path = absl::StrCat("state.units[", i, "]");
    const v1::Unit& u = in.units(i);
    const auto at = handles.find(u.id());
    if (at == handles.end()) {
      return FieldError(path + ".id", absl::StrCat("no Roark's Drift counter has id ", Quoted(u.id()),
                                                   " (the garrison and the regiments' counters, counters.h)"));
    }
    const int h = at->second;
    if (listed[static_cast<size_t>(h)]) return FieldError(path + ".id", absl::StrCat(Quoted(u.id()), " is listed twice"));
    listed[static_cast<size_t>(h)] = true;
    const CounterSpec& spec = s.specs[static_cast<size_t>(h)];
    if (u.side() != v1::SIDE_UNSPECIFIED && u.side() != SideProto(spec.side)) {
      return FieldError(path + ".side", absl::StrCat(Quoted(u.id()), " fights for ", SideWords(spec.side)));
    }
    if (u.kind() != v1::UNIT_KIND_UNSPECIFIED && u.kind() != KindOf(spec)) {
      return FieldError(path + ".kind", absl::StrCat(Quoted(u.id()), " is a ", v1::UnitKind_Name(KindOf(spec))));
    }
    CounterState& c = s.counters[static_cast<size_t>(h)];
    c.hex = HexCoord{u.hex().q(), u.hex().r()};
    c.on_map = !u.off_table();
    if (c.on_map) IMPI_RETURN_IF_ERROR(OnBoard(path + ".hex", s, c.hex));
    paths[static_cast<size_t>(h)] = path;
  }

  // The counters' entries.
  std::vector<bool> entered(static_cast<size_t>(s.size()), false);
  for (int i = 0; i < p.counters_size(); ++i) {
    const std::string path = absl::StrCat("state.roarks_drift.counters[", i, "]");
    const v1::RoarksCounter& x = p.counters(i);
    if (x.unit_id().empty()) return FieldError(path + ".unit_id", "is required");
    const auto at = handles.find(x.unit_id());
    if (at == handles.end()) {
      return FieldError(path + ".unit_id", absl::StrCat("no Roark's Drift counter has id ", Quoted(x.unit_id())));
    }
    const int h = at->second;
    if (entered[static_cast<size_t>(h)]) {
      return FieldError(path + ".unit_id", absl::StrCat(Quoted(x.unit_id()), " has an earlier entry; one entry a counter"));
    }
    entered[static_cast<size_t>(h)] = true;
    IMPI_RETURN_IF_ERROR(CounterFromProto(path, x, s, h, &s.counters[static_cast<size_t>(h)]));
    paths[static_cast<size_t>(h)] = path;
  }

  // The game's book.
  if (!v1::RoarksStage_IsValid(p.stage())) {
    return FieldError("state.roarks_drift.stage", absl::StrCat(p.stage(), " is not a valid RoarksStage"));
  }
  if (!v1::RoarksSegment_IsValid(p.segment())) {
    return FieldError("state.roarks_drift.segment", absl::StrCat(p.segment(), " is not a valid RoarksSegment"));
  }
  IMPI_RETURN_IF_ERROR(CountField("state.roarks_drift.phase", p.phase(), kPhases, "3.7.D four phases; 0 reads as 1"));
  IMPI_RETURN_IF_ERROR(CountField("state.roarks_drift.turn", p.turn(), kMostTurn, "a turn of the phase; 0 reads as 1"));
  s.stage = p.stage() == v1::ROARKS_STAGE_UNSPECIFIED ? Stage::kBritishSetUp : EngineEnum<Stage>(p.stage());
  s.segment = p.segment() == v1::ROARKS_SEGMENT_UNSPECIFIED ? Segment::kZuluMovement : EngineEnum<Segment>(p.segment());
  s.phase = std::max(p.phase(), 1);
  s.turn = std::max(p.turn(), 1);
  IMPI_RETURN_IF_ERROR(CountField("state.roarks_drift.turns_before", p.turns_before(), kMostTurn * (kPhases - 1),
                                  "the turns of the phases before this one"));
  if (s.phase == 1 && p.turns_before() != 0) {
    return FieldError("state.roarks_drift.turns_before",
                      absl::StrCat(p.turns_before(), " turns before the first phase: none were played"));
  }
  s.turns_before = p.turns_before();
  if (!p.moving_id().empty()) {
    const auto at = handles.find(p.moving_id());
    if (at == handles.end()) {
      return FieldError("state.roarks_drift.moving_id", absl::StrCat("no Roark's Drift counter has id ", Quoted(p.moving_id())));
    }
    if (!InPlay(s, at->second)) {
      return FieldError("state.roarks_drift.moving_id", absl::StrCat(Quoted(p.moving_id()), " is not on the table"));
    }
    s.moving = at->second;
  }
  std::set<int> rooms;
  for (int i = 0; i < p.fires_size(); ++i) {
    const std::string path = absl::StrCat("state.roarks_drift.fires[", i, "]");
    const v1::RoarksFire& f = p.fires(i);
    IMPI_RETURN_IF_ERROR(Numbered(path + ".room", f.room(), kRoomsOnBoard, "room of the board"));
    if (!rooms.insert(f.room()).second) return FieldError(path + ".room", absl::StrCat("room ", f.room(), " has an earlier fire"));
    IMPI_RETURN_IF_ERROR(CountField(path + ".kindled_on_turn", f.kindled_on_turn(), kMostTurn, "a turn of the phase"));
    s.fires.push_back(RoomFire{f.room(), f.kindled_on_turn(), f.spread()});
  }
  for (int i = 0; i < p.melees_size(); ++i) {
    const std::string path = absl::StrCat("state.roarks_drift.melees[", i, "]");
    const v1::RoarksMeleeOutcome& m = p.melees(i);
    MeleeOutcome o;
    o.attacker = m.british() ? Side::kBritish : Side::kZulu;
    IMPI_RETURN_IF_ERROR(IdsToHandles(path + ".attacker_ids", m.attacker_ids(), handles, s, o.attacker, &o.attackers));
    o.target = FromProto(m.target());
    IMPI_RETURN_IF_ERROR(OnBoard(path + ".target", s, o.target));
    IMPI_RETURN_IF_ERROR(NotNegativeField(path + ".attack", m.attack()));
    IMPI_RETURN_IF_ERROR(NotNegativeField(path + ".defence", m.defence()));
    IMPI_RETURN_IF_ERROR(CountField(path + ".column", m.column(), kMeleeColumns - 1, "the Melee Chart's columns are 0 (1:4) to 8 (6:1)"));
    if (!v1::RoarksDamage_IsValid(m.damage())) {
      return FieldError(path + ".damage", absl::StrCat(m.damage(), " is not a valid RoarksDamage"));
    }
    o.attack = m.attack();
    o.defence = m.defence();
    o.column = m.column();
    o.damage = m.damage() == v1::ROARKS_DAMAGE_UNSPECIFIED ? Damage::kMiss : EngineEnum<Damage>(m.damage());
    o.vacated = m.vacated();
    s.melees.push_back(std::move(o));
  }
  s.zulu_melee_done = p.zulu_melee_done();
  s.melee_applied = p.melee_applied();
  for (int i = 0; i < p.british_attacks_size(); ++i) {
    const std::string path = absl::StrCat("state.roarks_drift.british_attacks[", i, "]");
    const v1::RoarksMeleeAttack& a = p.british_attacks(i);
    MeleeAttack m;
    IMPI_RETURN_IF_ERROR(IdsToHandles(path + ".attacker_ids", a.attacker_ids(), handles, s, Side::kBritish, &m.attackers));
    m.target = FromProto(a.target());
    IMPI_RETURN_IF_ERROR(OnBoard(path + ".target", s, m.target));
    s.british_attacks.push_back(std::move(m));
  }
  s.zulu_advances_done = p.zulu_advances_done();
  s.segment_done = p.segment_done();
  s.zulu_ends_phase = p.zulu_ends_phase();
  for (int i = 0; i < p.volley_lines_size(); ++i) {
    const std::string path = absl::StrCat("state.roarks_drift.volley_lines[", i, "]");
    const v1::RoarksVolleyLine& v = p.volley_lines(i);
    VolleyLine line;
    const auto at = handles.find(v.lieutenant_id());
    if (v.lieutenant_id().empty()) return FieldError(path + ".lieutenant_id", "is required");
    if (at == handles.end() || s.specs[static_cast<size_t>(at->second)].role != CounterRole::kLieutenant) {
      return FieldError(path + ".lieutenant_id", absl::StrCat(Quoted(v.lieutenant_id()),
                                                              " is not a lieutenant (6.1.2.A: Chard or Bromhead)"));
    }
    line.lieutenant = at->second;
    IMPI_RETURN_IF_ERROR(Direction(path + ".facing", v.facing()));
    line.facing = static_cast<HexDirection>(v.facing());
    IMPI_RETURN_IF_ERROR(CountField(path + ".lined_up_on_turn", v.lined_up_on_turn(), kMostTurn, "a turn of the phase"));
    line.lined_up_on_turn = v.lined_up_on_turn();
    line.lieutenant_hex = FromProto(v.lieutenant_hex());
    IMPI_RETURN_IF_ERROR(OnBoard(path + ".lieutenant_hex", s, line.lieutenant_hex));
    IMPI_RETURN_IF_ERROR(IdsToHandles(path + ".unit_ids", v.unit_ids(), handles, s, Side::kBritish, &line.units));
    s.volley_lines.push_back(std::move(line));
  }
  IMPI_RETURN_IF_ERROR(CountField("state.roarks_drift.suppression", p.suppression(), kFullySuppressed,
                                  "6.2.2.2 four successes suppress the Oskarberg fully"));
  IMPI_RETURN_IF_ERROR(CountField("state.roarks_drift.suppression_turn", p.suppression_turn(), kMostTurn, "a turn of the phase"));
  IMPI_RETURN_IF_ERROR(CountField("state.roarks_drift.oskarberg_fired_turn", p.oskarberg_fired_turn(), kMostTurn, "a turn of the phase"));
  s.suppression = p.suppression();
  s.suppression_turn = p.suppression_turn();
  s.oskarberg_fired_turn = p.oskarberg_fired_turn();
  IMPI_RETURN_IF_ERROR(RegimentsFromProto(p, s));
  int most_killed = 0;
  for (Regiment r : kByIndex) most_killed += RegimentWave(r) * kPhases;
  IMPI_RETURN_IF_ERROR(CountField("state.roarks_drift.zulu_killed", p.zulu_killed(), most_killed,
                                  "no more than four waves of the three regiments"));
  s.zulu_killed = p.zulu_killed();
  s.attacked_from_south = p.attacked_from_south();
  if (p.openings_size() > 0) {
    auto board = std::make_shared<Board>(StationBoard());
    for (int i = 0; i < p.openings_size(); ++i) {
      const std::string path = absl::StrCat("state.roarks_drift.openings[", i, "]");
      const v1::RoarksOpening& o = p.openings(i);
      const HexCoord h = FromProto(o.hex());
      IMPI_RETURN_IF_ERROR(OnBoard(path + ".hex", s, h));
      IMPI_RETURN_IF_ERROR(Direction(path + ".direction", o.direction()));
      const HexSide side = impi::SideOf(h, static_cast<HexDirection>(o.direction()));
      const SideFeature f = board->map.Feature(side);
      if (f == SideFeature::kOpening && StationBoard().map.Feature(side) != SideFeature::kOpening) {
        return FieldError(path, absl::StrCat("the ", HexDirectionName(static_cast<HexDirection>(o.direction())),
                                             " side of ", HexText(h), " is dug through already"));
      }
      if (f != SideFeature::kWall && f != SideFeature::kLoophole) {
        return FieldError(path, absl::StrCat("the ", HexDirectionName(static_cast<HexDirection>(o.direction())),
                                             " side of ", HexText(h), " is no wall to dig through (11.0.B)"));
      }
      IMPI_RETURN_IF_ERROR(board->map.SetFeature(side, SideFeature::kOpening));
    }
    s.board = std::move(board);
  }
  // The counters were written directly: each hex's stack indexed anew
  // (state.h, top_at), for the checks below and the game.
  ReindexStacks(s);
  IMPI_RETURN_IF_ERROR(CheckStacks(s, paths));
  // The rest is the rule set's: nothing is kept of a state it refuses.
  BattleState checked = *out;
  checked.ruleset_state = std::move(s);
  // The shared clock is written for readers (WriteClock), not read: the
  // game's place is its own phase, turn and segment.
  checked.clock = Clock{};
  checked.units.clear();  // the counters are the rule set's own (counters.h)
  IMPI_RETURN_IF_ERROR(RoarksRuleset().Validate(checked));
  *out = std::move(checked);
  return absl::OkStatus();
}

void RoarksWire::StateToProto(const BattleState& in, v1::TableState* out) const {
  const RoarksState* own = OwnState(in);
  if (own == nullptr) {
    out->clear_roarks_drift();
    return;
  }
  const RoarksState& s = *own;
  out->clear_units();
  v1::RoarksState* p = out->mutable_roarks_drift();
  p->Clear();
  for (int h = 0; h < s.size(); ++h) {
    const CounterSpec& spec = s.specs[static_cast<size_t>(h)];
    const CounterState& c = s.counters[static_cast<size_t>(h)];
    v1::Unit* u = out->add_units();
    u->set_id(spec.id);
    u->set_side(SideProto(spec.side));
    u->set_kind(KindOf(spec));
    // The man's name, or his regiment or corps ("2/24"); the Zulu unit's
    // regiment ("UTHULU").
    u->set_name(spec.name.empty() ? spec.unit : spec.name);
    if (c.hex.q != 0 || c.hex.r != 0) {
      u->mutable_hex()->set_q(c.hex.q);
      u->mutable_hex()->set_r(c.hex.r);
    }
    u->set_off_table(!c.on_map);
    v1::RoarksCounter* x = p->add_counters();
    x->set_unit_id(spec.id);
    if (c.on_map) {
      x->mutable_offset()->set_column(Column(c.hex));
      x->mutable_offset()->set_row(Row(c.hex));
    }
    x->set_stack_pos(c.stack_pos);
    x->set_wound(static_cast<v1::RoarksWound>(WireEnum(c.wound)));
    x->set_prone(c.prone);
    x->set_killed(c.killed);
    x->set_aimed_on_turn(c.aimed_on_turn);
    x->set_fired_on_turn(c.fired_on_turn);
    x->set_moved_on_turn(c.moved_on_turn);
    x->set_mp_spent(c.mp_spent);
    x->set_done_moving(c.done_moving);
    x->set_returns_on_turn(c.returns_on_turn);
    x->set_turns_in_fire(c.turns_in_fire);
    x->set_torch(c.torch);
    x->set_retiring(c.retiring);
  }
  auto id = [&s](int h) { return s.specs[static_cast<size_t>(h)].id; };
  p->set_stage(static_cast<v1::RoarksStage>(WireEnum(s.stage)));
  p->set_phase(s.phase);
  p->set_turn(s.turn);
  p->set_turns_before(s.turns_before);
  p->set_segment(static_cast<v1::RoarksSegment>(WireEnum(s.segment)));
  WriteClock(s, out->mutable_clock());
  if (s.moving != kNoUnit) p->set_moving_id(id(s.moving));
  for (const RoomFire& f : s.fires) {
    v1::RoarksFire* x = p->add_fires();
    x->set_room(f.room);
    x->set_kindled_on_turn(f.kindled_on_turn);
    x->set_spread(f.spread);
  }
  for (const MeleeOutcome& m : s.melees) {
    v1::RoarksMeleeOutcome* x = p->add_melees();
    x->set_british(m.attacker == Side::kBritish);
    for (int u : m.attackers) x->add_attacker_ids(id(u));
    ToProto(m.target, x->mutable_target());
    x->set_attack(m.attack);
    x->set_defence(m.defence);
    x->set_column(m.column);
    x->set_damage(static_cast<v1::RoarksDamage>(WireEnum(m.damage)));
    x->set_vacated(m.vacated);
  }
  p->set_zulu_melee_done(s.zulu_melee_done);
  p->set_melee_applied(s.melee_applied);
  for (const MeleeAttack& a : s.british_attacks) {
    v1::RoarksMeleeAttack* x = p->add_british_attacks();
    for (int u : a.attackers) x->add_attacker_ids(id(u));
    ToProto(a.target, x->mutable_target());
  }
  p->set_zulu_advances_done(s.zulu_advances_done);
  p->set_segment_done(s.segment_done);
  p->set_zulu_ends_phase(s.zulu_ends_phase);
  for (const VolleyLine& v : s.volley_lines) {
    v1::RoarksVolleyLine* x = p->add_volley_lines();
    x->set_lieutenant_id(id(v.lieutenant));
    x->set_facing(static_cast<int>(v.facing));
    x->set_lined_up_on_turn(v.lined_up_on_turn);
    ToProto(v.lieutenant_hex, x->mutable_lieutenant_hex());
    for (int u : v.units) x->add_unit_ids(id(u));
  }
  p->set_suppression(s.suppression);
  p->set_suppression_turn(s.suppression_turn);
  p->set_oskarberg_fired_turn(s.oskarberg_fired_turn);
  for (int r = 0; r < kRegiments; ++r) {
    const size_t k = static_cast<size_t>(r);
    v1::RoarksRegimentBook* x = p->add_regiments();
    x->set_regiment(static_cast<v1::RoarksRegiment>(kByIndex[k]));
    x->set_killed_this_phase(s.killed_this_phase[k]);
    x->set_killed_in_game(s.killed_in_game[k]);
    x->set_rifles_lost(s.rifles_lost[k]);
    for (int z : s.entry_zones[k]) x->add_entry_zones(z);
    x->set_wave(s.wave[k]);
    x->set_retired(s.retired[k]);
  }
  p->set_zulu_killed(s.zulu_killed);
  p->set_attacked_from_south(s.attacked_from_south);
  // The walls dug through: the sides the station board has a wall or
  // loophole on and this board an opening, by canonical side.
  if (s.board.get() != &StationBoard()) {
    const HexMap& now = s.Map().map;
    const HexMap& was = StationBoard().map;
    for (int column = 0; column < kBoardColumns; ++column) {
      for (int row = 0; row < kBoardRows; ++row) {
        const HexCoord h = Board::Hex(column, row);
        for (HexDirection d : {HexDirection::kNorth, HexDirection::kNorthEast, HexDirection::kSouthEast}) {
          const HexSide side = impi::SideOf(h, d);
          const SideFeature f = was.Feature(side);
          if ((f == SideFeature::kWall || f == SideFeature::kLoophole) && now.Feature(side) == SideFeature::kOpening) {
            v1::RoarksOpening* x = p->add_openings();
            ToProto(side.hex, x->mutable_hex());
            x->set_direction(static_cast<int>(side.direction));
          }
        }
      }
    }
  }
}

absl::Status RoarksWire::QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const {
  IMPI_RETURN_IF_ERROR(CheckQuestionMember(in, Question::kField, kRulesetId));
  const v1::RoarksQuestion& p = in.roarks_drift();
  Question q;
  switch (p.kind_case()) {
    case v1::RoarksQuestion::KIND_NOT_SET: {
      const auto* kind = v1::RoarksQuestion::descriptor()->FindOneofByName("kind");
      std::vector<std::string> members;
      for (int i = 0; i < kind->field_count(); ++i) members.push_back(kind->field(i)->name());
      return FieldError(std::string(Question::kField),
                        absl::StrCat("name the decision point: one of ", absl::StrJoin(members, ", ")));
    }
    case v1::RoarksQuestion::kAimedFire:
      q.kind = QuestionKind::kAimedFire;
      if (!p.aimed_fire().has_from()) return FieldError(q.Path("from"), "is required: the firers' hex");
      if (!p.aimed_fire().has_target()) return FieldError(q.Path("target"), "is required: the target hex");
      q.from = FromProto(p.aimed_fire().from());
      q.target = FromProto(p.aimed_fire().target());
      q.has_target = true;
      for (const auto& [field, h] : {std::pair<const char*, HexCoord>{"from", q.from}, {"target", q.target}}) {
        if (!StationBoard().map.Contains(h)) {
          return FieldError(q.Path(field), absl::StrCat(HexText(h), " is off the ", kBoardColumns, " x ", kBoardRows, " board"));
        }
      }
      break;
    case v1::RoarksQuestion::kVolley:
      q.kind = QuestionKind::kVolley;
      q.unit_id = p.volley().lieutenant_id();
      if (q.unit_id.empty()) return FieldError(q.Path("lieutenant_id"), "is required");
      break;
    case v1::RoarksQuestion::kMelee:
      q.kind = QuestionKind::kMelee;
      q.massed = p.melee().massed();
      if (p.melee().has_target()) {
        q.has_target = true;
        q.target = FromProto(p.melee().target());
        if (!StationBoard().map.Contains(q.target)) {
          return FieldError(q.Path("target"), absl::StrCat(HexText(q.target), " is off the ", kBoardColumns, " x ",
                                                           kBoardRows, " board"));
        }
        if (q.massed) return FieldError(q.Path("massed"), "is the Zulu melee's: a British attack names its target alone");
      }
      break;
    case v1::RoarksQuestion::kOskarberg:
      q.kind = QuestionKind::kOskarberg;
      break;
    case v1::RoarksQuestion::kSuppression:
      q.kind = QuestionKind::kSuppression;
      break;
    case v1::RoarksQuestion::kHealing:
      q.kind = QuestionKind::kHealing;
      q.unit_id = p.healing().unit_id();
      if (q.unit_id.empty()) return FieldError(q.Path("unit_id"), "is required");
      break;
    case v1::RoarksQuestion::kFireSpread:
      q.kind = QuestionKind::kFireSpread;
      q.room = p.fire_spread().room();
      IMPI_RETURN_IF_ERROR(Numbered(q.Path("room"), q.room, kRoomsOnBoard, "room of the board"));
      break;
  }
  // An id the state sent with the question does not hold.
  if (!q.unit_id.empty()) {
    bool found = false;
    for (const v1::Unit& u : in.state().units()) found |= u.id() == q.unit_id;
    if (!found) {
      return FieldError(q.Path(q.kind == QuestionKind::kVolley ? "lieutenant_id" : "unit_id"),
                        absl::StrCat("no unit has id ", Quoted(q.unit_id)));
    }
  }
  *out = std::move(q);
  return absl::OkStatus();
}

absl::Status RoarksWire::CheckActionExtra(const v1::Action& in, const std::string& path) const {
  if (!in.has_roarks_drift()) return absl::OkStatus();
  const v1::RoarksOrder& o = in.roarks_drift();
  const std::string p = path + ".roarks_drift";
  if (o.order() == v1::ROARKS_ORDER_UNSPECIFIED) return FieldError(p + ".order", "is required");
  if (!v1::RoarksOrderKind_IsValid(o.order())) {
    return FieldError(p + ".order", absl::StrCat(o.order(), " is not a valid RoarksOrderKind"));
  }
  IMPI_RETURN_IF_ERROR(Direction(p + ".direction", o.direction()));
  constexpr int kLeast = std::numeric_limits<int16_t>::min(), kMost = std::numeric_limits<int16_t>::max();
  for (const auto& [field, v] : {std::pair<const char*, int>{"from.q", o.from().q()},
                                 {"from.r", o.from().r()},
                                 {"number", o.number()}}) {
    if (v < kLeast || v > kMost) {
      return FieldError(absl::StrCat(p, ".", field), absl::StrCat(v, " is outside ", kLeast, " to ", kMost));
    }
  }
  return absl::OkStatus();
}

bool RoarksWire::ActionExtraFromProto(const v1::Action& in, Action* out) const {
  if (!in.has_roarks_drift()) return false;
  const v1::RoarksOrder& p = in.roarks_drift();
  RoarksOrder o;
  // Out of range is refused before (CheckActionExtra); an unnamed order is
  // one no list offers.
  o.order = p.order() >= 1 && p.order() <= v1::RoarksOrderKind_MAX ? EngineEnum<Order>(p.order()) : Order::kPass;
  o.direction = static_cast<int8_t>(std::clamp(p.direction(), -1, kHexDirectionCount));
  if (p.order() < 1 || p.order() > v1::RoarksOrderKind_MAX) o.direction = -1;
  o.q = static_cast<int16_t>(p.from().q());
  o.r = static_cast<int16_t>(p.from().r());
  o.number = static_cast<int16_t>(p.number());
  out->extra.emplace(o);
  return true;
}

bool RoarksWire::ActionExtraToProto(const Action& in, v1::Action* out) const {
  const RoarksOrder* o = in.extra.get_if<RoarksOrder>();
  if (o == nullptr) return false;
  v1::RoarksOrder* p = out->mutable_roarks_drift();
  p->set_order(static_cast<v1::RoarksOrderKind>(WireEnum(o->order)));
  p->set_direction(o->direction);
  if (o->q != 0 || o->r != 0) {
    p->mutable_from()->set_q(o->q);
    p->mutable_from()->set_r(o->r);
  }
  p->set_number(o->number);
  return true;
}

}  // namespace impi::roarks
