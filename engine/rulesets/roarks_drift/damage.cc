// engine/rulesets/roarks_drift/damage.cc: 8.0 damage and 8.3 healing. See
// damage.h.
#include "engine/rulesets/roarks_drift/damage.h"

namespace impi::roarks {
namespace {

bool Wounded(WoundState w) { return w != WoundState::kNone && w != WoundState::kDead; }
bool Serious(WoundState w) { return w == WoundState::kSerious || w == WoundState::kLightAndSerious; }

int Reynolds(const RoarksState& s) {
  for (int u = 0; u < s.size(); ++u) {
    if (s.specs[static_cast<size_t>(u)].role == CounterRole::kSurgeon) return u;
  }
  return kNoUnit;
}

}  // namespace

void Kill(RoarksState& s, int unit) {
  CounterState& c = s.counters[static_cast<size_t>(unit)];
  if (c.killed) return;
  c.killed = true;
  c.wound = WoundState::kDead;
  TakeOffMap(s, unit);
  const CounterSpec& spec = s.specs[static_cast<size_t>(unit)];
  if (spec.side != Side::kZulu) return;
  const size_t r = static_cast<size_t>(RegimentIndex(spec.regiment));
  ++s.killed_this_phase[r];
  ++s.killed_in_game[r];
  ++s.zulu_killed;
  if (spec.role == CounterRole::kZuluRifles) ++s.rifles_lost[r];  // 9.3.C
  // 9.3.B / 12.0: "the game ends immediately".
  if (GameEndsOnZuluKills(s.zulu_killed)) s.stage = Stage::kOver;
}

bool ApplyDamage(RoarksState& s, int unit, Damage d) {
  CounterState& c = s.counters[static_cast<size_t>(unit)];
  if (c.killed) return true;
  c.wound = Wound(c.wound, d, nullptr);
  if (c.wound == WoundState::kDead) {
    Kill(s, unit);
    return true;
  }
  return false;
}

int BritishDead(const RoarksState& s) {
  int n = 0;
  for (int u = 0; u < s.size(); ++u) {
    if (s.specs[static_cast<size_t>(u)].side == Side::kBritish && s.counters[static_cast<size_t>(u)].killed) ++n;
  }
  return n;
}

Surgeon ReynoldsState(const RoarksState& s) {
  const int r = Reynolds(s);
  if (r == kNoUnit || !InPlay(s, r)) return Surgeon::kSeriouslyWounded;
  const WoundState w = s.counters[static_cast<size_t>(r)].wound;
  if (w == WoundState::kNone) return Surgeon::kWell;
  return w == WoundState::kLight ? Surgeon::kLightlyWounded : Surgeon::kSeriouslyWounded;
}

bool InReynoldsCare(const RoarksState& s, int unit) {
  if (!InPlay(s, unit)) return false;
  const HexCoord h = s.counters[static_cast<size_t>(unit)].hex;
  const HexCell* cell = s.Map().map.Cell(h);
  if (cell != nullptr && cell->room == kStoreroom) return true;
  const int r = Reynolds(s);
  return r != kNoUnit && InPlay(s, r) && HexDistance(s.counters[static_cast<size_t>(r)].hex, h) <= 1;
}

absl::Status HealInInterphase(RoarksState& s, Dice& dice) {
  const Surgeon reynolds = ReynoldsState(s);
  // Who is in his care is settled before anyone is healed (Reynolds too).
  std::vector<bool> care(s.specs.size(), false);
  for (int u = 0; u < s.size(); ++u) care[static_cast<size_t>(u)] = InReynoldsCare(s, u);
  for (int u = 0; u < s.size(); ++u) {
    CounterState& c = s.counters[static_cast<size_t>(u)];
    if (s.specs[static_cast<size_t>(u)].side != Side::kBritish || c.killed || !Wounded(c.wound)) continue;
    const bool rolls = reynolds == Surgeon::kSeriouslyWounded || care[static_cast<size_t>(u)];
    if (!rolls) continue;
    const Healing h = Serious(c.wound) ? HealSerious(dice, reynolds, nullptr)
                                       : InterphaseLight(dice, reynolds, nullptr);
    if (h.dies) {
      Kill(s, u);
    } else if (h.cured) {
      c.wound = WoundState::kNone;
      c.returns_on_turn = h.cured_on_turn > 1 ? h.cured_on_turn : 0;
    }
  }
  return dice.status();
}

}  // namespace impi::roarks
