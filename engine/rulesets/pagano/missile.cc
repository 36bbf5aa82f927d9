// MISSILE FIRE and CASULTIES in the battle state. See missile.h.
#include "engine/rulesets/pagano/missile.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/pagano/ground.h"

namespace impi::pagano {
namespace {

bool Mounted(const Unit& u) { return u.stance == Stance::kMounted; }

absl::Status Refuse(const Unit& firer, const std::string& why) {
  return absl::FailedPreconditionError(absl::StrCat(firer.id.str(), " may not fire: ", why));
}

// How many crew figures man `piece`.
int CrewManning(const BattleState& s, const Unit& piece) {
  const PaganoState* own = OwnState(s);
  if (own == nullptr) return 0;
  int n = 0;
  for (const Unit& c : s.units) {
    const PaganoUnit* e = UnitState(s, c);
    if (e != nullptr && e->crew_of != kNoUnit && UnitAt(s, e->crew_of) == &piece && InTheBattle(c) &&
        c.figures.seriously_wounded == 0) {
      ++n;
    }
  }
  return n;
}

// The medical corps that can take a casualty from `u` now, or nullptr.
Unit* MedicalCorpsFor(BattleState& s, const Unit& u) {
  for (Unit& m : s.units) {
    if (m.kind != UnitKind::kSurgeon || m.side != u.side || &m == &u || !InTheBattle(m)) continue;
    const PaganoUnit* e = UnitState(s, m);
    if (e != nullptr && e->casualties_this_turn >= kMaxCasualtiesATurn) continue;
    if (Gap(s, m, u) > MedicalReachInches(ScaleOf(s))) continue;
    return &m;
  }
  return nullptr;
}

bool HasMedicalCorps(const BattleState& s) {
  for (const Unit& m : s.units) {
    if (m.kind == UnitKind::kSurgeon && m.side == Side::kBritish) return true;
  }
  return false;
}

// Designed: an elevation difference is one of the two standing on a hill
// (a HILL area) and the other not.
bool ElevationDiffers(const BattleState& s, const Unit& a, const Unit& b) {
  for (const Terrain& t : s.terrain) {
    if (t.kind != TerrainKind::kHill || !IsArea(t)) continue;
    if (PointInPolygon(a.position, t.outline) != PointInPolygon(b.position, t.outline)) return true;
  }
  return false;
}

}  // namespace

const Unit* ClosestTarget(const BattleState& s, const Unit& firer) {
  const Unit* best = nullptr;
  double best_gap = 0;
  for (const Unit& b : s.units) {
    if (!IsEnemyOf(firer, b)) continue;
    if (!SightClear(s, firer.position, b.position)) continue;
    const double g = Gap(s, firer, b);
    if (best == nullptr || g < best_gap) {
      best = &b;
      best_gap = g;
    }
  }
  return best;
}

pagano::Scale ScaleOf(const BattleState& s) {
  return s.scale == impi::Scale::kTactical ? pagano::Scale::kTactical : pagano::Scale::kSkirmish;
}

Weapon WeaponOf(const BattleState& s, const Unit& u) {
  switch (u.kind) {
    case UnitKind::kGun:
      return Weapon::kCannon;
    case UnitKind::kGatling:
      return Weapon::kGatlingGun;
    case UnitKind::kRockets:
      return Weapon::kRockets;
    case UnitKind::kIsigaba:
    case UnitKind::kNativeFoot:
      return Weapon::kZuluRifles;
    default:
      break;
  }
  if (const PaganoUnit* e = UnitState(s, u); e != nullptr && e->weapon.has_value()) return *e->weapon;
  if (u.kind == UnitKind::kOfficer) return Weapon::kPistol;
  if (u.kind == UnitKind::kCavalry || u.kind == UnitKind::kMountedInfantry ||
      u.kind == UnitKind::kNativeHorse) {
    return Weapon::kCarbine;
  }
  return Weapon::kMartiniHenry;
}

absl::StatusOr<MissileSituation> FireSituation(const BattleState& s, const Unit& firer,
                                               const Unit& target, bool spears) {
  const PaganoUnit* fe = UnitState(s, firer);
  const PaganoUnit none;
  const PaganoUnit& e = fe != nullptr ? *fe : none;
  if (firer.off_table || target.off_table) return Refuse(firer, "not on the table");
  if (firer.side == target.side) return Refuse(firer, absl::StrCat(target.id.str(), " is on its own side"));
  MissileSituation m;
  m.scale = ScaleOf(s);
  m.weapon = spears ? Weapon::kZuluThrowingSpears : WeaponOf(s, firer);
  if (IsIsigaba(firer)) {
    if (firer.figures.fit <= 0) return Refuse(firer, "no figures are left");
    if (firer.status.routed) return Refuse(firer, "routing izigaba \"may not fire\"");
    // "Zulu fire must be directed at the closest target (such as a front rank)."
    const Unit* closest = ClosestTarget(s, firer);
    if (closest != &target && !(closest != nullptr && Gap(s, firer, *closest) == Gap(s, firer, target))) {
      return Refuse(firer, absl::StrCat("Zulu fire must be directed at the closest target",
                                        closest != nullptr ? absl::StrCat(" (", closest->id.str(), ")") : ""));
    }
    Firer kind = Firer::kRegularIsigaba;
    int riflemen = e.riflemen_rolled >= 0 ? e.riflemen_rolled : 2;  // unrolled: rolled when fired
    if (spears) {
      kind = Firer::kThrowingSpears;
      m.firer_prone = firer.stance == Stance::kProne;
      m.spears_thrown_before = e.spears_thrown;
    } else if (firer.kind == UnitKind::kNativeFoot) {
      kind = Firer::kNncIsigaba;  // "NNC "izigaba" always have 1 rifleman."
    } else if (e.sharpshooters) {
      kind = Firer::kSharpshooters;
    }
    IMPI_ASSIGN_OR_RETURN(m.dice, FireDice(kind, firer.figures.fit, riflemen));
  } else if (IsPiece(firer)) {
    if (e.jammed) {
      return Refuse(firer, "the Gattling Gun is jammed: \"One Brit movement and fire phase must be spent clearing it\"");
    }
    if (firer.status.limbered) return Refuse(firer, "it is limbered");
    // "roll one d 10 for each figure manning the weapon"
    IMPI_ASSIGN_OR_RETURN(m.dice, FireDice(Firer::kGunCrew, CrewManning(s, firer), 0));
    if (m.dice == 0) return Refuse(firer, "no crew figure mans it");
  } else if (IsBritishFigure(firer)) {
    if (firer.figures.seriously_wounded > 0) return Refuse(firer, "a casualty awaiting care");
    if (firer.kind == UnitKind::kSurgeon || e.category == BritCategory::kNonCombatant || e.invalid) {
      return Refuse(firer, "\"excluding non-combatants and medical corps\"");
    }
    if (e.crew_of != kNoUnit) return Refuse(firer, "its crew fire its piece");
    if (e.horse_holder) return Refuse(firer, "a horse holder");
    m.dice = 1;  // "Brits roll one d10 each turn for every figure"
    m.firer_mounted = Mounted(firer);
  } else {
    return Refuse(firer, "it is not a figure, a piece or an isigaba that fires");
  }
  if (!(IsIsigaba(target) || IsBritishFigure(target) || target.kind == UnitKind::kInduna)) {
    return Refuse(firer, absl::StrCat(target.id.str(), " is not a figure or an isigaba to fire at"));
  }
  if (target.figures.seriously_wounded > 0) {
    return Refuse(firer, absl::StrCat(target.id.str(), " is a casualty: \"Casualties have no effect on combat\""));
  }
  // "Zulus and mounted troops may for in any direction. Other Brits have a
  // 180' arc of fire." Reading: the target's centre within 90 degrees of
  // the way the figure (or piece) faces.
  if (firer.side == Side::kBritish && !IsIsigaba(firer) && !Mounted(firer)) {
    const Vec2 to = target.position - firer.position;
    if (to.dot(FacingDirection(firer.facing)) < 0) {
      return Refuse(firer, absl::StrCat(target.id.str(), " is outside its 180' arc of fire"));
    }
  }
  if (!SightClear(s, firer.position, target.position)) {
    return Refuse(firer, absl::StrCat(target.id.str(), " is out of its line of sight"));
  }
  // "Zulus may not fire through each other unless there is an elevation
  // diference." Reading: one of the two on a hill the other is not on.
  if (IsIsigaba(firer) && firer.side == Side::kZulu && !spears && !ElevationDiffers(s, firer, target)) {
    for (const Unit& o : s.units) {
      if (&o == &firer || o.off_table || o.side != Side::kZulu || !IsIsigaba(o) || o.figures.fit <= 0) continue;
      if (LineMeets(FootprintOf(s, o), firer.position, target.position)) {
        return Refuse(firer, absl::StrCat("Zulus may not fire through each other (", o.id.str(), ")"));
      }
    }
  }
  // "British formations may fire two ranks deep." Reading: a British
  // figure whose line of fire passes over two or more other British figures
  // stands in a third rank, and does not fire.
  if (firer.side == Side::kBritish && IsBritishFigure(firer)) {
    int ahead = 0;
    for (const Unit& o : s.units) {
      if (&o == &firer || !IsBritishFigure(o) || o.figures.seriously_wounded > 0) continue;
      if (LineMeets(FootprintOf(s, o), firer.position, target.position)) ++ahead;
    }
    if (ahead >= 2) {
      return Refuse(firer, "\"British formations may fire two ranks deep\": it stands in a third rank");
    }
  }
  // "With buildings only one Brit figure may fire through each window, door,
  // breech, or loophole."
  if (firer.side == Side::kBritish && !IsIsigaba(firer)) {
    if (const Terrain* building = BuildingOf(s, firer)) {
      const int openings = OpeningsOf(s, *building);
      int firing = 0;
      for (const Unit& o : s.units) {
        if (&o != &firer && o.side == Side::kBritish && o.status.fired && BuildingOf(s, o) == building) ++firing;
      }
      if (openings >= 0 && firing >= openings) {
        return Refuse(firer, absl::StrCat("every window, door, breech and loophole of ", building->id,
                                          " has a figure firing through it (", openings, ")"));
      }
    }
  }
  m.range_inches = Gap(s, firer, target);
  const int range = MaxRange(m.weapon, m.scale);
  if (m.range_inches > range) {
    return Refuse(firer, absl::StrFormat("%s is %.2f\" away, past its range of %d\"", target.id.str(),
                                         m.range_inches, range));
  }
  m.target_prone = target.stance == Stance::kProne;
  m.target_cover = MissileCover(s, target, firer, nullptr);
  m.target_is_induna = target.kind == UnitKind::kInduna;
  return m;
}

void Eliminate(BattleState& s, Unit& u, int n, Dice& dice, Explanation* why) {
  if (n <= 0) return;
  if (IsIsigaba(u)) {
    PaganoUnit& e = MutableUnitState(s, u);
    Explanation one;
    const absl::StatusOr<Screened> screened = CattleScreen(e.cattle, n, why != nullptr ? &one : nullptr);
    const int lost = std::min(u.figures.fit, screened.ok() ? screened->figures_lost : n);
    if (screened.ok()) e.cattle -= screened->cattle_removed;
    if (screened.ok() && screened->cattle_removed > 0) AppendExplanation(why, one, " ");
    u.figures.fit -= lost;
    u.figures.casualties += lost;
    e.lost_since_morale += lost;
    if (e.riflemen_rolled >= 0) u.figures.riflemen = RiflemenWithFigures(e.riflemen_rolled, u.figures.fit);
    if (why != nullptr) {
      Explanation told;
      told.text = absl::StrCat(u.id.str(), " loses ", lost, lost == 1 ? " figure." : " figures.");
      AppendExplanation(why, told, " ");
    }
    return;
  }
  for (int i = 0; i < n && InTheBattle(u) && u.figures.seriously_wounded == 0; ++i) {
    Explanation one;
    Explanation* w = why != nullptr ? &one : nullptr;
    if (u.kind == UnitKind::kInduna) {
      if (InDunaElimination(dice, HasMedicalCorps(s), u.figures.wounded > 0, w) == InDunaHit::kWounded) {
        u.figures.fit = 0;
        u.figures.wounded = 1;
      } else {
        u.figures.fit = u.figures.wounded = 0;
        u.figures.casualties = 1;
      }
    } else {
      Unit* medic = u.figures.wounded > 0 ? nullptr : MedicalCorpsFor(s, u);
      switch (BritishElimination(u.figures.wounded > 0, u.kind == UnitKind::kSurgeon, medic != nullptr, w)) {
        case BritHit::kMedicWounded:
          u.figures.fit = 0;
          u.figures.wounded = 1;
          break;
        case BritHit::kEliminated:
          u.figures.fit = u.figures.wounded = 0;
          u.figures.casualties = 1;
          break;
        case BritHit::kCasualty:
          // "placed alongside the medical corps figure as a casualty"
          u.figures.fit = 0;
          u.figures.seriously_wounded = 1;
          u.position = medic->position;
          ++MutableUnitState(s, *medic).casualties_this_turn;
          break;
      }
    }
    if (why != nullptr) {
      one.text = absl::StrCat(u.id.str(), ": ", one.text);
      AppendExplanation(why, one, " ");
    }
  }
}

const Unit* SplitPartner(const BattleState& s, const Unit& gatling, const Unit& first) {
  if (gatling.kind != UnitKind::kGatling || first.kind != UnitKind::kIsigaba || first.side != Side::kZulu) {
    return nullptr;
  }
  const Unit* best = nullptr;
  double best_gap = 0;
  for (const Unit& o : s.units) {
    if (&o == &first || o.kind != UnitKind::kIsigaba || o.side != Side::kZulu) continue;
    const double g = Gap(s, first, o);
    if (g > kAdjacentIzigaba || (best != nullptr && g >= best_gap)) continue;
    if (!FireSituation(s, gatling, o, false).ok()) continue;
    best = &o;
    best_gap = g;
  }
  return best;
}

absl::Status ResolveSplitFire(BattleState& s, int gatling, int first, Dice& dice, EventLog& log) {
  if (gatling < 0 || first < 0 || static_cast<size_t>(gatling) >= s.units.size() ||
      static_cast<size_t>(first) >= s.units.size()) {
    return absl::FailedPreconditionError("a fire names no unit of the state");
  }
  KeyOwnState(s);
  const Unit& gun = s.units[static_cast<size_t>(gatling)];
  const Unit* partner = SplitPartner(s, gun, s.units[static_cast<size_t>(first)]);
  if (partner == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(
        gun.id.str(), ": \"A gattling gun may split its fire between two adjacent izigaba\": ",
        s.units[static_cast<size_t>(first)].id.str(), " has no isigaba beside it the gun may fire at"));
  }
  const int second = static_cast<int>(partner - s.units.data());
  IMPI_ASSIGN_OR_RETURN(MissileSituation m1, FireSituation(s, gun, s.units[static_cast<size_t>(first)], false));
  IMPI_ASSIGN_OR_RETURN(MissileSituation m2, FireSituation(s, gun, *partner, false));
  const int n = m1.dice;
  m1.dice = (n + 1) / 2;
  m2.dice = n / 2;
  const bool explain = log.wanted();
  Explanation why;
  Explanation* w = explain ? &why : nullptr;
  Explanation one, two;
  IMPI_ASSIGN_OR_RETURN(const MissileResult r1, MissileFire(dice, m1, explain ? &one : nullptr));
  MissileResult r2;
  if (m2.dice > 0) {
    IMPI_ASSIGN_OR_RETURN(r2, MissileFire(dice, m2, explain ? &two : nullptr));
  }
  AppendExplanation(w, one, " ");
  AppendExplanation(w, two, " ");
  s.units[static_cast<size_t>(gatling)].status.fired = true;
  if (r1.gun_jammed || r2.gun_jammed) MutableUnitState(s, s.units[static_cast<size_t>(gatling)]).jammed = true;
  Eliminate(s, s.units[static_cast<size_t>(first)], r1.eliminations, dice, w);
  Eliminate(s, s.units[static_cast<size_t>(second)], r2.eliminations, dice, w);
  if (explain) {
    Event& ev = log.Add(EventKind::kFired, Side::kBritish);
    ev.unit_ids = {gun.id.str()};
    ev.target_id = s.units[static_cast<size_t>(first)].id.str();
    ev.why = std::move(why);
    ev.announce = absl::StrCat(gun.id.str(), " splits its fire: ", m1.dice, " dice at ",
                               s.units[static_cast<size_t>(first)].id.str(), ", ", r1.eliminations, " eliminated; ",
                               m2.dice, " at ", s.units[static_cast<size_t>(second)].id.str(), ", ", r2.eliminations,
                               " eliminated", r1.gun_jammed || r2.gun_jammed ? "; the Gattling Gun jams" : "", ".");
  }
  return absl::OkStatus();
}

absl::Status ResolveFire(BattleState& s, int firer, int target, bool spears, Dice& dice,
                         EventLog& log) {
  if (firer < 0 || target < 0 || static_cast<size_t>(firer) >= s.units.size() ||
      static_cast<size_t>(target) >= s.units.size()) {
    return absl::FailedPreconditionError("a fire names no unit of the state");
  }
  KeyOwnState(s);
  IMPI_ASSIGN_OR_RETURN(MissileSituation m, FireSituation(s, s.units[firer], s.units[target], spears));
  const bool explain = log.wanted();
  Explanation why;
  Explanation* w = explain ? &why : nullptr;
  // "To determine how many riflemen a regular isibaba has, roll a dl0 the
  // first time it fires."
  Unit& f = s.units[firer];
  if (IsIsigaba(f) && !spears && f.kind == UnitKind::kIsigaba && !UnitState(s, f)->sharpshooters &&
      UnitState(s, f)->riflemen_rolled < 0) {
    Explanation rolled;
    IMPI_ASSIGN_OR_RETURN(const int riflemen,
                            RollRiflemen(dice, OwnState(s)->month > 0 ? OwnState(s)->month : 1,
                                         explain ? &rolled : nullptr));
    PaganoUnit& e = MutableUnitState(s, f);
    e.riflemen_rolled = riflemen;
    f.figures.riflemen = RiflemenWithFigures(riflemen, f.figures.fit);
    AppendExplanation(w, rolled, " ");
    IMPI_ASSIGN_OR_RETURN(m.dice, FireDice(Firer::kRegularIsigaba, f.figures.fit, riflemen));
  }
  Explanation fired;
  IMPI_ASSIGN_OR_RETURN(const MissileResult r, MissileFire(dice, m, explain ? &fired : nullptr));
  AppendExplanation(w, fired, " ");
  if (spears) MutableUnitState(s, s.units[firer]).spears_thrown = true;
  s.units[firer].status.fired = true;
  if (r.gun_jammed) MutableUnitState(s, s.units[firer]).jammed = true;
  if (IsIsigaba(s.units[firer]) && IsBritishFigure(s.units[target])) {
    // Reading: an isigaba's fire falls on the closest target, each
    // elimination on the closest figure still standing ("such as a front
    // rank"): the first on the target, the rest on the figures behind it.
    for (int i = 0; i < r.eliminations; ++i) {
      const Unit* next = i == 0 ? &s.units[target] : ClosestTarget(s, s.units[firer]);
      if (next == nullptr) break;
      Eliminate(s, s.units[static_cast<size_t>(next - s.units.data())], 1, dice, w);
    }
  } else {
    Eliminate(s, s.units[target], r.eliminations, dice, w);
  }
  if (explain) {
    Event& ev = log.Add(EventKind::kFired, s.units[firer].side);
    ev.unit_ids = {s.units[firer].id.str()};
    ev.target_id = s.units[target].id.str();
    ev.why = std::move(why);
    ev.announce = absl::StrCat(s.units[firer].id.str(), " fires at ", s.units[target].id.str(), ": ",
                               r.eliminations, r.eliminations == 1 ? " elimination" : " eliminations",
                               r.gun_jammed ? "; the Gattling Gun jams" : "", ".");
  }
  return absl::OkStatus();
}

}  // namespace impi::pagano
