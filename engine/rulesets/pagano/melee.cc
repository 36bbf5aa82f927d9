// MELEE in the battle state. See melee.h.
#include "engine/rulesets/pagano/melee.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/missile.h"
#include "engine/rulesets/pagano/movement.h"

namespace impi::pagano {
namespace {

bool Engageable(const BattleState& s, const Unit& b) {
  if (!IsBritishFigure(b) || b.figures.seriously_wounded > 0) return false;
  const PaganoUnit* e = UnitState(s, b);
  // "The carrying figure may not engage in melee."
  return e == nullptr || (!e->invalid && !e->fought_this_phase && e->carrying == kNoUnit);
}

// At least half of `n` figures.
bool Half(int part, int n) { return n > 0 && 2 * part >= n; }

// Steps `u` straight away from `from` a move, or to the table's edge; false
// if it cannot go anywhere (it is then eliminated: "Retreating figures are
// eliminated if no retreat is possible").
bool FallBack(const BattleState& s, Unit& u, const Vec2& from, double move) {
  Vec2 away = u.position - from;
  if (away.norm() < 1e-9) return false;
  away.normalize();
  Vec2 to = u.position + move * away;
  if (s.table.width > 0) {
    to.x() = std::clamp(to.x(), 0.0, s.table.width);
    to.y() = std::clamp(to.y(), 0.0, s.table.height);
  }
  if (Distance(to, u.position) < 1e-9) return false;
  u.position = to;
  return true;
}


}  // namespace

std::vector<MeleeParties> Melees(const BattleState& s, Side initiator) {
  std::vector<MeleeParties> out;
  // The izigaba that fight, and every figure within reach of each.
  std::vector<std::vector<int>> reach_of;
  for (size_t h = 0; h < s.units.size(); ++h) {
    const Unit& z = s.units[h];
    if (z.kind != UnitKind::kIsigaba || z.off_table || z.status.routed || z.figures.fit <= 0) continue;
    const PaganoUnit* e = UnitState(s, z);
    if (e != nullptr && e->fought_this_phase) continue;
    if (initiator == Side::kZulu && (e == nullptr || !e->initiated_melee || z.stance == Stance::kProne)) {
      continue;
    }
    bool in_contact = false;
    std::vector<int> near;
    for (size_t b = 0; b < s.units.size(); ++b) {
      const Unit& brit = s.units[b];
      if (!Engageable(s, brit)) continue;
      const double g = Gap(s, z, brit);
      // In the Brit Melee phase the British in contact initiate it: "Melee
      // may not be initiated while in square".
      in_contact |= g == 0 && (initiator == Side::kZulu || brit.stance != Stance::kSquare);
      if (g <= kMeleeReach) near.push_back(static_cast<int>(b));
    }
    if (!in_contact) continue;
    out.push_back(MeleeParties{static_cast<int>(h), {}});
    reach_of.push_back(std::move(near));
  }
  // "If a figure may be in melee with more than one izagaba then put it
  // against the one that would otherwise have lesser opponents": figures
  // within reach of one isigaba first, then the others one by one, each to
  // the isigaba with fewest so far (the first in unit order on a tie).
  std::vector<int> count(out.size(), 0);
  std::vector<int> shared;
  for (size_t b = 0; b < s.units.size(); ++b) {
    std::vector<size_t> in;
    for (size_t i = 0; i < out.size(); ++i) {
      if (std::find(reach_of[i].begin(), reach_of[i].end(), static_cast<int>(b)) != reach_of[i].end()) {
        in.push_back(i);
      }
    }
    if (in.size() == 1) {
      out[in[0]].brits.push_back(static_cast<int>(b));
      ++count[in[0]];
    } else if (in.size() > 1) {
      shared.push_back(static_cast<int>(b));
    }
  }
  for (const int b : shared) {
    size_t best = out.size();
    for (size_t i = 0; i < out.size(); ++i) {
      if (std::find(reach_of[i].begin(), reach_of[i].end(), b) == reach_of[i].end()) continue;
      if (best == out.size() || count[i] < count[best]) best = i;
    }
    out[best].brits.push_back(b);
    ++count[best];
  }
  for (MeleeParties& m : out) std::sort(m.brits.begin(), m.brits.end());
  return out;
}

absl::Status ResolveMelee(BattleState& s, const MeleeParties& m, Side initiator, Dice& dice,
                          EventLog& log) {
  KeyOwnState(s);
  if (m.isigaba < 0 || static_cast<size_t>(m.isigaba) >= s.units.size() || m.brits.empty()) {
    return absl::FailedPreconditionError("a melee names no isigaba or no British figure");
  }
  MutableOwnState(s);
  const bool explain = log.wanted();
  Explanation why;
  Explanation* w = explain ? &why : nullptr;
  std::vector<int> brits;
  for (const int b : m.brits) {
    if (b < 0 || static_cast<size_t>(b) >= s.units.size() || !Engageable(s, s.units[b])) {
      return absl::FailedPreconditionError("a melee names a figure that may not fight");
    }
    brits.push_back(b);
  }
  // 1) "Any Zulus in range who have not yet had a chance to use their
  // throwing spears may do so now (even if not initiating melee)."
  {
    const Unit& z = s.units[m.isigaba];
    const PaganoUnit* e = UnitState(s, z);
    if (z.kind == UnitKind::kIsigaba && z.stance != Stance::kProne && (e == nullptr || !e->spears_thrown)) {
      int closest = kNoUnit;
      for (const int b : brits) {
        if (closest == kNoUnit || Gap(s, z, s.units[b]) < Gap(s, z, s.units[closest])) closest = b;
      }
      if (FireSituation(s, z, s.units[closest], /*spears=*/true).ok()) {
        EventLog quiet(EventLog::kQuiet);
        EventLog& spear_log = explain ? log : quiet;
        IMPI_RETURN_IF_ERROR(ResolveFire(s, m.isigaba, closest, true, dice, spear_log));
      }
    }
  }
  // 3) "Count the number of Zulu and Brit figures involved in the melee.
  // Include all Brits; wounded, artillery crews, non-combatants, etc."
  brits.erase(std::remove_if(brits.begin(), brits.end(),
                             [&](int b) { return !IsBritishFigure(s.units[b]) || s.units[b].figures.seriously_wounded > 0; }),
              brits.end());
  Unit& z = s.units[m.isigaba];
  // "Induna may not fire, but may engage in melee." Designed: an induna
  // fights in the melee of the isigaba he stands within 2" of, when a
  // British figure of it is within 2" of him.
  std::vector<int> indunas;
  for (size_t h = 0; h < s.units.size(); ++h) {
    const Unit& i = s.units[h];
    if (i.kind != UnitKind::kInduna || i.side != Side::kZulu || i.off_table ||
        i.figures.fit + i.figures.wounded <= 0 || Gap(s, i, z) > kMeleeReach) {
      continue;
    }
    const PaganoUnit* ie = UnitState(s, i);
    if (ie != nullptr && ie->fought_this_phase) continue;
    for (const int b : brits) {
      if (Gap(s, i, s.units[b]) <= kMeleeReach) {
        indunas.push_back(static_cast<int>(h));
        break;
      }
    }
  }
  const int zulus_at_start = z.figures.fit + static_cast<int>(indunas.size());
  MeleeSides sides;
  sides.brits = static_cast<int>(brits.size());
  sides.zulus = zulus_at_start;
  sides.brits_defending = initiator == Side::kZulu;
  sides.zulus_defending = initiator == Side::kBritish;
  sides.nnc = false;
  for (const int b : brits) {
    const Unit& u = s.units[b];
    if (WeaponOf(s, u) == Weapon::kMartiniHenry && u.stance != Stance::kMounted) {
      ++sides.brits_with_rifle_and_bayonet;  // designed: a Martini-Henry carries its bayonet
    }
    if (u.stance == Stance::kMounted) ++sides.brits_mounted;
    if (u.stance == Stance::kSquare) ++sides.brits_in_square;
    const CoverClass c = MeleeCoverOf(s, u, z, nullptr);
    if (c == CoverClass::kRegular) ++sides.brits_in_regular_cover;
    if (c == CoverClass::kHeavy) ++sides.brits_in_heavy_cover;
  }
  // A building melee: "When Zulus are attacking Brits in a building"
  // (reading: at least half the Brits in one).
  int in_building = 0;
  for (const int b : brits) in_building += BuildingOf(s, s.units[b]) != nullptr ? 1 : 0;
  const bool building = sides.brits_defending && Half(in_building, sides.brits);
  if (sides.zulus_defending) {
    const Unit& nearest = s.units[brits.front()];
    if (MeleeCoverOf(s, z, nearest, nullptr) != CoverClass::kNone) sides.zulus_in_cover = sides.zulus;
  }
  Explanation table_why;
  IMPI_ASSIGN_OR_RETURN(const int table, MeleeTableIndex(sides, explain ? &table_why : nullptr));
  AppendExplanation(w, table_why, "; ");
  // 4) Round after round.
  std::vector<int> in = brits;  // British figures still in the melee
  std::vector<int> retreated;   // British figures retreated out of it
  int zulus_in = zulus_at_start, zulus_retreated = 0;
  std::vector<int> indunas_in = indunas;
  int rounds = 0;
  while (zulus_in > 0 && !in.empty()) {
    if (building && BuildingMeleeDrawn(zulus_at_start, zulus_at_start - zulus_in,
                                       static_cast<int>(in.size()), nullptr)) {
      break;
    }
    if (rounds >= kMaxMeleeRounds) {
      return absl::FailedPreconditionError("the melee's rounds decided nothing");
    }
    Explanation round_why;
    IMPI_ASSIGN_OR_RETURN(const MeleeRoundResult r,
                          MeleeRound(dice, table, zulus_in, static_cast<int>(in.size()),
                                     explain ? &round_why : nullptr));
    IMPI_RETURN_IF_ERROR(dice.status());
    ++rounds;
    AppendExplanation(w, round_why, "; ");
    // "Eliminations take precedence over retreats and are applied first."
    std::vector<BritFigure> figures;
    for (const int b : in) {
      const PaganoUnit* e = UnitState(s, s.units[b]);
      BritFigure f;
      f.category = e != nullptr ? e->category : BritCategory::kRanker;
      if (s.units[b].kind == UnitKind::kOfficer) f.category = BritCategory::kOfficer;
      if (s.units[b].kind == UnitKind::kSurgeon) f.category = BritCategory::kNonCombatant;
      f.wounded = s.units[b].figures.wounded > 0;
      figures.push_back(f);
    }
    IMPI_ASSIGN_OR_RETURN(const Allocation a, AllocateBritishEffects(figures, r.brits_eliminated, r.brits_retreated));
    std::vector<bool> out_of_it(in.size(), false);
    for (const int i : a.eliminated) {
      Explanation one;
      Eliminate(s, s.units[in[static_cast<size_t>(i)]], 1, dice, explain ? &one : nullptr);
      AppendExplanation(w, one, "; ");
      out_of_it[static_cast<size_t>(i)] = true;
    }
    for (const int i : a.retreated) {
      retreated.push_back(in[static_cast<size_t>(i)]);
      out_of_it[static_cast<size_t>(i)] = true;
    }
    std::vector<int> still;
    for (size_t i = 0; i < in.size(); ++i) {
      if (!out_of_it[i]) still.push_back(in[i]);
    }
    in = std::move(still);
    const int ze = std::min(r.zulus_eliminated, zulus_in);
    const int zr = std::min(r.zulus_retreated, zulus_in - ze);
    // "For Zulus, apply melee effects to an Induna last. Apply melee
    // effects to an isigaba before an induna."
    const int warriors_in = zulus_in - static_cast<int>(indunas_in.size());
    IMPI_ASSIGN_OR_RETURN(const Allocation za, AllocateZuluEffects(warriors_in, static_cast<int>(indunas_in.size()), ze, zr));
    int warriors_eliminated = 0, warriors_retreated = 0;
    std::vector<bool> induna_out(indunas_in.size(), false);
    for (const int i : za.eliminated) {
      if (i < warriors_in) {
        ++warriors_eliminated;
      } else {
        Explanation one;
        Eliminate(s, s.units[indunas_in[static_cast<size_t>(i - warriors_in)]], 1, dice, explain ? &one : nullptr);
        AppendExplanation(w, one, "; ");
        induna_out[static_cast<size_t>(i - warriors_in)] = true;
      }
    }
    for (const int i : za.retreated) {
      if (i < warriors_in) {
        ++warriors_retreated;
      } else {
        induna_out[static_cast<size_t>(i - warriors_in)] = true;
      }
    }
    if (warriors_eliminated > 0) {
      Explanation one;
      Eliminate(s, s.units[m.isigaba], warriors_eliminated, dice, explain ? &one : nullptr);
      AppendExplanation(w, one, "; ");
    }
    std::vector<int> indunas_still;
    for (size_t i = 0; i < indunas_in.size(); ++i) {
      if (!induna_out[i]) indunas_still.push_back(indunas_in[i]);
    }
    indunas_in = std::move(indunas_still);
    zulus_in -= ze + zr;
    zulus_retreated += warriors_retreated;
  }
  Unit& zz = s.units[m.isigaba];
  const MeleeWinner winner = zulus_in > 0 && in.empty()   ? MeleeWinner::kZulus
                             : !in.empty() && zulus_in == 0 ? MeleeWinner::kBrits
                                                             : MeleeWinner::kDraw;
  // 5) After the melee.
  Vec2 vacated = Vec2::Zero();
  for (const int b : brits) vacated += s.units[b].position;
  vacated /= static_cast<double>(brits.size());
  if (winner == MeleeWinner::kZulus) {
    // The British retreated fall back; casualties and invalids by them are
    // lost; a medical corps on the losing side loses its casualties.
    for (const int b : retreated) {
      Unit& u = s.units[b];
      const double move = u.stance == Stance::kMounted ? kMountedMove : kFootMove;
      if (!FallBack(s, u, zz.position, move)) {
        u.figures.fit = u.figures.wounded = 0;
        u.figures.casualties = 1;
      }
    }
    for (Unit& c : s.units) {
      if (c.side != Side::kBritish || c.off_table || Gap(s, zz, c) > kMeleeReach) continue;
      const PaganoUnit* e = UnitState(s, c);
      if (c.figures.seriously_wounded > 0 || (e != nullptr && e->invalid && c.figures.fit + c.figures.wounded > 0)) {
        // "Do not include casualties or invalids, they are eliminated
        // permanently if the Brits lose the melee."
        c.figures.fit = c.figures.wounded = c.figures.seriously_wounded = 0;
        c.figures.casualties = 1;
      }
    }
    for (const int b : brits) {
      if (s.units[b].kind != UnitKind::kSurgeon) continue;
      // "Casualties are eliminated permanently if a medical corp figure ...
      // is on the losing side of a melee."
      for (Unit& c : s.units) {
        if (c.side == Side::kBritish && c.figures.seriously_wounded > 0 && Gap(s, c, s.units[b]) <= 1.0) {
          c.figures.seriously_wounded = 0;
          c.figures.casualties = 1;
        }
      }
    }
    // "If the attacking side wins they may take the position vacated by the
    // losers by moving forward up to 2"" (designed: towards where the
    // British stood).
    if (initiator == Side::kZulu && zz.figures.fit > 0) {
      bool contact = false;
      WalkIsigaba(s, m.isigaba, vacated, kMeleeAdvance, &contact);
    }
  } else if (winner == MeleeWinner::kBrits) {
    // The isigaba's retreated figures fall back with it a move.
    if (zz.figures.fit > 0) {
      Vec2 away = zz.position - vacated;
      if (away.norm() < 1e-9) away = -FacingDirection(zz.facing);
      bool contact = false;
      const Vec2 to = zz.position + kFootMove * away.normalized();
      const bool on_table = s.table.width <= 0 || (to.x() >= 0 && to.y() >= 0 &&
                                                   to.x() <= s.table.width && to.y() <= s.table.height);
      const double walked =
          on_table ? WalkIsigaba(s, m.isigaba, to, kFootMove, &contact, /*away=*/true) : 0.0;
      if (walked <= 0) Eliminate(s, s.units[m.isigaba], s.units[m.isigaba].figures.fit, dice, nullptr);
    }
  }
  // "neither side may be engaged in a second melee this phase."
  MutableUnitState(s, s.units[m.isigaba]).fought_this_phase = true;
  for (const int i : indunas) MutableUnitState(s, s.units[i]).fought_this_phase = true;
  for (const int b : brits) MutableUnitState(s, s.units[b]).fought_this_phase = true;
  if (explain) {
    Event& ev = log.Add(EventKind::kCharged, initiator);
    ev.unit_ids = {s.units[m.isigaba].id.str()};
    for (const int i : indunas) ev.unit_ids.push_back(s.units[i].id.str());
    for (const int b : brits) ev.unit_ids.push_back(s.units[b].id.str());
    ev.why = std::move(why);
    ev.announce = absl::StrFormat("%s against %d Brits: %s after %d round%s.", s.units[m.isigaba].id.str(),
                                  static_cast<int>(brits.size()), MeleeWinnerName(winner), rounds,
                                  rounds == 1 ? "" : "s");
  }
  return absl::OkStatus();
}

std::vector<NncMelee> NncMelees(const BattleState& s, Side initiator) {
  std::vector<NncMelee> out;
  std::vector<bool> taken(s.units.size(), false);
  auto free = [&](const Unit& u) {
    const PaganoUnit* e = UnitState(s, u);
    return !u.off_table && !u.status.routed && u.figures.fit > 0 && (e == nullptr || !e->fought_this_phase);
  };
  for (size_t z = 0; z < s.units.size(); ++z) {
    const Unit& zulus = s.units[z];
    if (zulus.kind != UnitKind::kIsigaba || zulus.side != Side::kZulu || !free(zulus)) continue;
    const PaganoUnit* ze = UnitState(s, zulus);
    const bool zulus_initiate = ze != nullptr && ze->initiated_melee && zulus.stance != Stance::kProne;
    if ((initiator == Side::kZulu) != zulus_initiate) continue;
    for (size_t n = 0; n < s.units.size(); ++n) {
      const Unit& nnc = s.units[n];
      if (taken[n] || nnc.kind != UnitKind::kNativeFoot || nnc.side != Side::kBritish || !free(nnc)) continue;
      if (initiator == Side::kBritish && nnc.stance == Stance::kProne) continue;
      if (Gap(s, zulus, nnc) > 0) continue;
      out.push_back(NncMelee{static_cast<int>(z), static_cast<int>(n)});
      taken[n] = true;
      break;
    }
  }
  return out;
}

absl::Status ResolveNncMelee(BattleState& s, const NncMelee& m, Side initiator, Dice& dice,
                             EventLog& log) {
  const int n = static_cast<int>(s.units.size());
  if (m.zulus < 0 || m.zulus >= n || m.nnc < 0 || m.nnc >= n) {
    return absl::FailedPreconditionError("a melee names no unit of the state");
  }
  KeyOwnState(s);
  const bool explain = log.wanted();
  Explanation why;
  Explanation* w = explain ? &why : nullptr;
  // "In melee use Table 0 with the NNC rolling as Brits and ignoring all
  // modifiers."
  MeleeSides sides;
  sides.nnc = true;
  sides.zulus = s.units[m.zulus].figures.fit;
  sides.brits = s.units[m.nnc].figures.fit;
  Explanation table_why;
  IMPI_ASSIGN_OR_RETURN(const int table, MeleeTableIndex(sides, explain ? &table_why : nullptr));
  AppendExplanation(w, table_why, "; ");
  int zulus_in = sides.zulus, nnc_in = sides.brits, rounds = 0;
  while (zulus_in > 0 && nnc_in > 0) {
    if (rounds >= kMaxMeleeRounds) return absl::FailedPreconditionError("the melee's rounds decided nothing");
    Explanation round_why;
    IMPI_ASSIGN_OR_RETURN(const MeleeRoundResult r,
                          MeleeRound(dice, table, zulus_in, nnc_in, explain ? &round_why : nullptr));
    IMPI_RETURN_IF_ERROR(dice.status());
    ++rounds;
    AppendExplanation(w, round_why, "; ");
    // "Eliminations take precedence over retreats and are applied first."
    const int ne = std::min(r.brits_eliminated, nnc_in);
    const int nr = std::min(r.brits_retreated, nnc_in - ne);
    const int ze = std::min(r.zulus_eliminated, zulus_in);
    const int zr = std::min(r.zulus_retreated, zulus_in - ze);
    Explanation one;
    Eliminate(s, s.units[m.nnc], ne, dice, explain ? &one : nullptr);
    Eliminate(s, s.units[m.zulus], ze, dice, explain ? &one : nullptr);
    AppendExplanation(w, one, "; ");
    nnc_in -= ne + nr;
    zulus_in -= ze + zr;
  }
  const MeleeWinner winner = zulus_in > 0 ? MeleeWinner::kZulus : nnc_in > 0 ? MeleeWinner::kBrits : MeleeWinner::kDraw;
  // 5) The winners, if they attacked, may advance up to 2"; the losers fall
  // back a move (designed, as for the British).
  const int winner_h = winner == MeleeWinner::kZulus ? m.zulus : m.nnc;
  const int loser_h = winner == MeleeWinner::kZulus ? m.nnc : m.zulus;
  if (winner != MeleeWinner::kDraw) {
    Unit& loser = s.units[loser_h];
    const Vec2 was = loser.position;
    if (loser.figures.fit > 0) {
      Vec2 away = loser.position - s.units[winner_h].position;
      if (away.norm() < 1e-9) away = -FacingDirection(loser.facing);
      bool contact = false;
      const double walked = WalkIsigaba(s, loser_h, loser.position + kFootMove * away.normalized(), kFootMove,
                                        &contact, /*away=*/true);
      if (walked <= 0) Eliminate(s, s.units[loser_h], s.units[loser_h].figures.fit, dice, nullptr);
    }
    const bool attacker_won = (winner == MeleeWinner::kZulus) == (initiator == Side::kZulu);
    if (attacker_won && s.units[winner_h].figures.fit > 0) {
      bool contact = false;
      WalkIsigaba(s, winner_h, was, kMeleeAdvance, &contact);
    }
  }
  MutableUnitState(s, s.units[m.zulus]).fought_this_phase = true;
  MutableUnitState(s, s.units[m.nnc]).fought_this_phase = true;
  if (explain) {
    Event& ev = log.Add(EventKind::kCharged, initiator);
    ev.unit_ids = {s.units[m.zulus].id.str(), s.units[m.nnc].id.str()};
    ev.why = std::move(why);
    ev.announce = absl::StrFormat("%s against the NNC's %s (Table 0): %s after %d round%s.",
                                  s.units[m.zulus].id.str(), s.units[m.nnc].id.str(),
                                  winner == MeleeWinner::kZulus ? "the Zulus win"
                                  : winner == MeleeWinner::kBrits ? "the NNC win"
                                                                 : "a draw",
                                  rounds, rounds == 1 ? "" : "s");
  }
  return absl::OkStatus();
}

}  // namespace impi::pagano
