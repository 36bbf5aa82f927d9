// engine/rulesets/roarks_drift/melee.cc: 7.0 melee. See melee.h.
#include "engine/rulesets/roarks_drift/melee.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "absl/strings/str_format.h"
#include "engine/rulesets/roarks_drift/damage.h"

namespace impi::roarks {
namespace {

const CounterState& C(const RoarksState& s, int u) { return s.counters[static_cast<size_t>(u)]; }

bool OnRidge(const RoarksState& s, HexCoord h) {
  const HexCell* cell = s.Map().map.Cell(h);
  return cell != nullptr && cell->terrain == TerrainKind::kHill;
}

// A barricade on the side between two hexes (a wall a man fights across).
bool WallBetween(const RoarksState& s, HexCoord a, HexCoord b) {
  const std::optional<HexSide> side = SideBetween(a, b);
  return side && Barricade(s, *side);
}

// Checks the attacks of `side`: units of it in play, able to attack, each
// in one attack only, in contact with a target of the enemy, each target
// once (7.0.C: attacks on a hex are combined).
absl::Status CheckAttacks(const RoarksState& s, Side side, const std::vector<MeleeAttack>& attacks) {
  std::set<int> seen;
  std::set<HexCoord> targets;
  for (size_t i = 0; i < attacks.size(); ++i) {
    const MeleeAttack& a = attacks[i];
    const std::optional<Side> held = Holder(s, a.target);
    if (!held || *held == side) {
      return absl::InvalidArgumentError(
          absl::StrFormat("attacks[%d].target: (%d,%d) holds no enemy unit", i, a.target.q, a.target.r));
    }
    if (!targets.insert(a.target).second) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "attacks[%d].target: 7.0.C units attacking the same hex combine into one attack", i));
    }
    if (a.attackers.empty()) {
      return absl::InvalidArgumentError(absl::StrFormat("attacks[%d].attackers: at least one unit", i));
    }
    for (size_t k = 0; k < a.attackers.size(); ++k) {
      const int u = a.attackers[k];
      const std::string at = absl::StrFormat("attacks[%d].attackers[%d]", i, k);
      if (u < 0 || u >= s.size()) return absl::InvalidArgumentError(at + ": no such counter");
      const CounterSpec& spec = s.specs[static_cast<size_t>(u)];
      if (spec.side != side || !InPlay(s, u)) {
        return absl::InvalidArgumentError(absl::StrFormat("%s: %s is not a unit of the attacker in play", at, spec.id));
      }
      if (!seen.insert(u).second) {
        return absl::InvalidArgumentError(absl::StrFormat("%s: %s attacks once", at, spec.id));
      }
      if (C(s, u).prone) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s: 4.0.F %s is prone: it has no melee attack strength", at, spec.id));
      }
      if (C(s, u).retiring) {
        return absl::InvalidArgumentError(absl::StrFormat("%s: %s retires from the field (3.7.B)", at, spec.id));
      }
      if (!MeleeContact(s, C(s, u).hex, a.target)) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s: %s is not adjacent to (%d,%d) across a side it may fight across", at, spec.id,
                            a.target.q, a.target.r));
      }
    }
  }
  return absl::OkStatus();
}

// Rolls the attacks and holds their results.
absl::Status Roll(RoarksState& s, Dice& dice, Side side, const std::vector<MeleeAttack>& attacks) {
  std::vector<MeleeOutcome> rolled;
  for (size_t i = 0; i < attacks.size(); ++i) {
    const MeleeFactors f = MeleeStrengths(s, attacks[i].attackers, attacks[i].target);
    absl::StatusOr<MeleeOddsResult> odds = MeleeOdds(f.attack, f.defence, nullptr);
    if (!odds.ok()) {
      return absl::Status(odds.status().code(), absl::StrFormat("attacks[%d]: %s", i, odds.status().message()));
    }
    absl::StatusOr<Damage> d = MeleeChartRoll(dice, odds->column, nullptr, s.options.melee_chart);
    if (!d.ok()) return d.status();
    MeleeOutcome o;
    o.attacker = side;
    o.attackers = attacks[i].attackers;
    o.target = attacks[i].target;
    o.attack = f.attack;
    o.defence = f.defence;
    o.column = odds->column;
    o.damage = *d;
    rolled.push_back(std::move(o));
  }
  for (MeleeOutcome& o : rolled) s.melees.push_back(std::move(o));
  return absl::OkStatus();
}

}  // namespace

bool MeleeContact(const RoarksState& s, HexCoord a, HexCoord b) {
  const std::optional<HexSide> side = SideBetween(a, b);
  if (!side) return false;
  switch (s.Map().map.Feature(*side)) {
    case SideFeature::kNone:
    case SideFeature::kOpening:
      return true;
    case SideFeature::kLoophole:
      return false;
    case SideFeature::kWall:
      break;
  }
  return Barricade(s, *side);
}

bool MustAttack(const RoarksState& s, int unit) {
  if (SideOf(s, unit) != Side::kZulu || !InPlay(s, unit) || C(s, unit).prone || C(s, unit).retiring) return false;
  for (HexCoord n : Neighbors(C(s, unit).hex)) {
    const std::optional<Side> held = Holder(s, n);
    if (held && *held == Side::kBritish && MeleeContact(s, C(s, unit).hex, n)) return true;
  }
  return false;
}

std::vector<HexCoord> HexesToAttack(const RoarksState& s) {
  std::set<HexCoord> out;
  for (int u = 0; u < s.size(); ++u) {
    if (!MustAttack(s, u)) continue;
    for (HexCoord n : Neighbors(C(s, u).hex)) {
      const std::optional<Side> held = Holder(s, n);
      if (held && *held == Side::kBritish && MeleeContact(s, C(s, u).hex, n)) out.insert(n);
    }
  }
  return {out.begin(), out.end()};
}

MeleeFactors MeleeStrengths(const RoarksState& s, const std::vector<int>& attackers, HexCoord target) {
  MeleeFactors f;
  std::map<HexCoord, int> by_hex;
  for (int u : attackers) by_hex[C(s, u).hex] += s.specs[static_cast<size_t>(u)].melee;
  const bool target_on_ridge = OnRidge(s, target);
  bool across_wall = false, enemy_above = false;
  for (const auto& [h, melee] : by_hex) {
    MeleeTerrain t;
    t.attacking = true;
    // 7.0's example: "attacking from a ridge hex ... is halved".
    t.downslope_on_ridge = OnRidge(s, h) && !target_on_ridge;
    f.attack += MeleeFactor(melee, t, nullptr).value_or(0);
    across_wall = across_wall || WallBetween(s, h, target);
    enemy_above = enemy_above || !OnRidge(s, h);
  }
  const std::vector<int> defenders = StackAt(s, target);
  int defence = 0;
  bool all_prone = !defenders.empty();
  for (int u : defenders) {
    defence += s.specs[static_cast<size_t>(u)].melee;
    all_prone = all_prone && C(s, u).prone;
  }
  MeleeTerrain t;
  // "the British units defending a wall are doubled" (reading: British
  // defenders behind a barricade the attack crosses; the Zulus outside it
  // are not, as the example's 9:5 shows).
  t.defending_wall = across_wall && !defenders.empty() && SideOf(s, defenders[0]) == Side::kBritish;
  t.downslope_on_ridge = target_on_ridge && enemy_above;  // "halved for defending on a ridge"
  t.prone = all_prone;                                      // 4.0.F "½ melee defense"
  f.defence = MeleeFactor(defence, t, nullptr).value_or(0);
  return f;
}

absl::Status ZuluMelee(RoarksState& s, Dice& dice, const std::vector<MeleeAttack>& attacks) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kZuluMelee || s.zulu_melee_done) {
    return absl::FailedPreconditionError("attacks: 3.5 the Zulus attack once, in the Zulu melee segment");
  }
  if (absl::Status st = CheckAttacks(s, Side::kZulu, attacks); !st.ok()) return st;
  std::map<int, size_t> attack_of;  // unit -> its attack
  for (size_t i = 0; i < attacks.size(); ++i) {
    for (int u : attacks[i].attackers) attack_of[u] = i;
  }
  // 7.0.A "Zulu units adjacent to British units the Zulus must attack".
  for (int u = 0; u < s.size(); ++u) {
    if (MustAttack(s, u) && attack_of.count(u) == 0) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "attacks: 7.0.A %s is adjacent to British units and must attack", s.specs[static_cast<size_t>(u)].id));
    }
  }
  // 7.0.B "Each adjacent British unit must be attacked": a hex left alone
  // only where every Zulu in contact with it is the sole attacker of
  // another hex (reading).
  for (HexCoord h : HexesToAttack(s)) {
    if (std::any_of(attacks.begin(), attacks.end(), [&](const MeleeAttack& a) { return a.target == h; })) continue;
    for (const auto& [u, i] : attack_of) {
      if (MeleeContact(s, C(s, u).hex, h) && attacks[i].attackers.size() > 1) {
        return absl::FailedPreconditionError(absl::StrFormat(
            "attacks: 7.0.B Each adjacent British unit must be attacked: (%d,%d) is not, and %s could", h.q,
            h.r, s.specs[static_cast<size_t>(u)].id));
      }
    }
  }
  if (absl::Status st = Roll(s, dice, Side::kZulu, attacks); !st.ok()) return st;
  s.zulu_melee_done = true;
  return absl::OkStatus();
}

absl::Status BritishMelee(RoarksState& s, Dice& dice, const std::vector<MeleeAttack>& attacks) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kBritishMelee || s.melee_applied) {
    return absl::FailedPreconditionError("attacks: 3.6 the British attack once, in the British melee segment");
  }
  if (absl::Status st = CheckAttacks(s, Side::kBritish, attacks); !st.ok()) return st;
  if (absl::Status st = Roll(s, dice, Side::kBritish, attacks); !st.ok()) return st;
  // 7.0.H "Apply all damage results simultaneously": every defender as it
  // stood, then the damage (8.1.A: to every unit in the hex).
  std::vector<std::vector<int>> hit(s.melees.size());
  for (size_t i = 0; i < s.melees.size(); ++i) hit[i] = StackAt(s, s.melees[i].target);
  for (size_t i = 0; i < s.melees.size(); ++i) {
    for (int u : hit[i]) ApplyDamage(s, u, s.melees[i].damage);
  }
  for (MeleeOutcome& o : s.melees) o.vacated = StackAt(s, o.target).empty();
  s.melee_applied = true;
  return absl::OkStatus();
}

absl::Status Advance(RoarksState& s, Side side, HexCoord target, const std::vector<int>& units) {
  if (s.stage != Stage::kPlaying || s.segment != Segment::kBritishMelee || !s.melee_applied) {
    return absl::FailedPreconditionError("units: 7.0.I advances follow the melees' results");
  }
  const auto o = std::find_if(s.melees.begin(), s.melees.end(), [&](const MeleeOutcome& m) {
    return m.attacker == side && m.target == target && m.vacated;
  });
  if (o == s.melees.end()) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "target: 7.0.I (%d,%d) is no hex whose defenders this side eliminated", target.q, target.r));
  }
  const std::optional<Side> held = Holder(s, target);
  if (held && *held != side) return absl::FailedPreconditionError("target: the enemy holds it again");
  if (const HexCell* cell = s.Map().map.Cell(target); cell != nullptr && RoomBurning(s, cell->room)) {
    return absl::FailedPreconditionError("target: 10.2.D No one can enter a room or roof area on fire");
  }
  int already = static_cast<int>(StackAt(s, target).size());
  std::set<int> seen;
  for (size_t i = 0; i < units.size(); ++i) {
    const int u = units[i];
    if (std::find(o->attackers.begin(), o->attackers.end(), u) == o->attackers.end() || !InPlay(s, u) ||
        !seen.insert(u).second) {
      return absl::InvalidArgumentError(absl::StrFormat("units[%d]: not an attacker of the hex in play", i));
    }
    if (C(s, u).hex == target) continue;
    if (++already > StackingLimit(side)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("units[%d]: 5.0.E Stacking limits apply to advances after combat", i));
    }
  }
  for (int u : units) {
    if (C(s, u).hex != target) PutOnTop(s, u, target);
    s.counters[static_cast<size_t>(u)].prone = false;
  }
  return absl::OkStatus();
}

}  // namespace impi::roarks
