// engine/rulesets/tsatf/footprint.h: how much ground a Zulu Control unit
// takes, and free ground to place a unit or an impi on.
//
// Overview: the manual (003_8a310c3200cb6fb0.txt) places units "on the
// table top" at a point and leaves bases and formations to the TSATF core
// rules, which are not in the text. Every unit kind has a frontage and a
// depth here (designed: not in the source text, docs/conformance.md). The
// Zulus "have no facing" and the engine keeps no British facing, so a unit
// stands on the disc it could turn in: its radius is half the larger of its
// frontage and depth. No footprint is wider than 3", so two units in close
// combat (kContact, 3" centre to centre) touch and do not overlap. An IMPI
// has no footprint of its own: its regiments and induna stand for it.
//
// FreeGround finds, nearest to where a rule puts a unit (an appearance
// point, a perimeter point, a lone Zulu's place), a spot where the unit (or
// a whole impi, as a formation) stands inside the table, on no other unit,
// and at least kClearOfBritish from every British unit, save the one a rule
// puts it into combat with (the charger of a regiment that stands).
//
// A British unit the engine moves ends on no other British unit: a move
// LegalActions offers stops short on its way (BritishMoveEnd, 1" clear of
// the Zulus too), a charge ends in contact beside any friend already there
// (ChargeContact). Designed: the manual says nothing of British units
// meeting friends (docs/conformance.md).
//
// Usage:
//   std::vector<Member> m = {{Vec2(0, 0), FootprintOf(UnitKind::kLoneZulu).Radius()}};
//   Vec2 at = FreeGround(state, point.position, m, /*may_touch=*/"", /*ignore=*/{});
//
// Thread safety: pure functions of their arguments.
#ifndef IMPI_ENGINE_RULESETS_TSATF_FOOTPRINT_H_
#define IMPI_ENGINE_RULESETS_TSATF_FOOTPRINT_H_

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/battle_state.h"

namespace impi::tsatf {

// Inches a Zulu unit keeps from a British unit unless a rule puts it into
// combat (designed).
inline constexpr double kClearOfBritish = 1.0;

struct Footprint {
  double frontage = 0.0;  // inches
  double depth = 0.0;     // inches
  double Radius() const { return std::max(frontage, depth) / 2.0; }
};

// The designed frontage and depth of a unit kind (all zero for an IMPI).
Footprint FootprintOf(UnitKind kind);

// Whether `u` takes ground now: on the table, not an IMPI, with figures.
bool TakesGround(const Unit& u);

// One unit of a formation: where it stands from the formation's centre, and
// its footprint's radius.
struct Member {
  Vec2 offset;
  double radius = 0.0;
};

// Whether the formation stands at `centre` on free ground (see above).
bool OnFreeGround(const BattleState& state, const Vec2& centre, const std::vector<Member>& members,
                  const std::string& may_touch, const std::vector<std::string>& ignore);
// The same, with one unit ignored (the unit being settled itself).
bool OnFreeGround(const BattleState& state, const Vec2& centre, const std::vector<Member>& members,
                  const std::string& may_touch, const std::string& ignore);

// The units taking ground now (TakesGround), in table order, with what
// OnFreeGround reads of them: for many tests on a table whose units move but
// do not change otherwise (their positions are read from the units).
struct Ground {
  const Unit* unit = nullptr;
  double radius = 0.0;  // its footprint's
  bool british = false;
};
std::vector<Ground> GroundOf(const BattleState& state);
void GroundOf(const BattleState& state, std::vector<Ground>* out);  // into a buffer kept
// OnFreeGround for one member at `centre` (its offset ignored) against
// `ground` from GroundOf(state), with one unit ignored: the same answer.
bool OnFreeGround(const BattleState& state, const std::vector<Ground>& ground, const Vec2& centre,
                  double radius, const std::string& may_touch, const std::string& ignore);

// Whether the British unit `british` standing at `at` keeps kClearOfBritish
// from every Zulu unit (a British move that would close with one is a
// CHARGE). Sets *near to the first Zulu unit too close.
bool ClearOfZulus(const BattleState& state, const Unit& british, const Vec2& at,
                  std::string* near = nullptr);
// Whether the British unit `british` standing at `at` is on no other
// British unit (it may stand beside one: no margin). Sets *near to the first
// British unit it would stand on.
bool ClearOfFriends(const BattleState& state, const Unit& british, const Vec2& at,
                    std::string* near = nullptr);

// Where a British move the engine offers, from where `british` stands
// straight to `want`, ends (designed): at `want` when the unit stands there
// on free ground (ClearOfFriends and ClearOfZulus); else it stops short, at
// the free point of its way nearest `want` (tried every 0.1" back); else
// where it stands. Only where it ends is checked: it may pass friends on
// the way. A MOVE typed by a player is applied as typed (save that it may
// not end within 1" of a Zulu): where the British stand at a real table is
// the players' doing.
Vec2 BritishMoveEnd(const BattleState& state, const Unit& british, const Vec2& want);

// The units taking ground that the moves of one British unit, each ending
// at most `reach` from where it stands, can come near, with the room each
// needs (kClearOfBritish more from a Zulu): ClearOfZulus and BritishMoveEnd
// against them alone give the answers they give against every unit, for
// the many moves LegalActions offers a unit. Reset for each unit; the
// buffer is kept.
class BritishMoveGround {
 public:
  void Reset(const BattleState& state, const Unit& british, double reach);
  // Whether `at` is within the reach.
  bool Covers(const Vec2& at) const { return Distance(from_, at) <= reach_; }
  // ClearOfZulus(state, british, at), for `at` within the reach.
  bool ClearOfZulus(const Vec2& at) const;
  // BritishMoveEnd(state, british, want), for `want` within the reach.
  Vec2 MoveEnd(const Vec2& want) const;

 private:
  struct Near {
    Vec2 at;
    double need = 0.0;  // closer than this is on it (or too near, a Zulu)
    bool zulu = false;
  };
  Vec2 from_ = Vec2::Zero();
  double reach_ = 0.0;
  std::vector<Near> near_;  // in table order
  mutable std::vector<const Near*> way_;  // MoveEnd's: those near its way
};

// Where a British unit charging a Zulu unit at `target` ends (designed): in
// contact with it (`contact` centre to centre) on the side it comes from;
// if a British unit stands there, the nearest spot round the target on no
// British unit (tried every 0.1" of arc, alternately either side); straight
// on when the target is ringed by friends. Each spot is kept on the table.
// A CHARGE names no place, so a typed one ends here too.
Vec2 ChargeContact(const BattleState& state, const Unit& british, const Vec2& target,
                   double contact);

// The free centre nearest `want`: `want` moved onto the table (every member
// inside it), then rings of 0.5" outwards, each ring from the direction of
// `first`; or `want` clamped to the table when the table has no free ground
// for it. Units in `ignore` are not in the way (the unit
// being placed itself).
Vec2 FreeGround(const BattleState& state, const Vec2& want, const std::vector<Member>& members,
                const std::string& may_touch, const std::vector<std::string>& ignore,
                const Vec2& first = Vec2(0, 1));

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_FOOTPRINT_H_
