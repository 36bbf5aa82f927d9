// engine/rulesets/pagano/tables.cc: the printed tables of Pagano's d10 rules
// (000_75b60edb8bb33965.txt), each read as printed.
//
// The rows are data quoted from the text (which is one paragraph: the quotes
// are its words as they run, runs of spaces folded to one) and read by a
// TableReader (engine/game/table_reader.h). The functions add what a row
// cannot say by itself (the halving rules, the caps on riflemen, the orders
// in which melee effects fall).
#include "engine/rulesets/pagano/tables.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/game/table_reader.h"

namespace impi::pagano {
namespace {

// ---------------------------------------------------------------------------
// Rows as printed.

constexpr const char* kPhaseNames[kPhases] = {
    "Zulu Movement", "Brit Missile Fire", "Zulu Morale",       "Zulu Melee",
    "Brit Movement", "Brit Medical",      "Zulu Missile Fire", "Brit Melee",
};

// MOVEMENT, indexed by Mover.
struct RateRow {
  const char* text;
  const char* name;
  int inches;
};
constexpr RateRow kRateRows[] = {
    {"Foot 6\"", "Foot", 6},
    {"Mounted 12\"", "Mounted", 12},
    {"Cannon, Gattling Guns & Wagons: Limbered 8\"", "Limbered", 8},
    {"By Hand 3\"", "By Hand", 3},
    {"Foot 6\"", "Zulu isigaba", 6},
};
constexpr char kRowZuluDie[] =
    "Unless beginning or ending movement prone, each Zulu isigaba rolls a d 10 and adds half to "
    "its movement. Round fractions down.";
constexpr char kRowHalved[] = "Movement is halved if it:";
constexpr char kRowBuilding[] =
    "Zulu movement is halved if it involves a building (even if unoccupied).";
constexpr char kRowMounted[] =
    "Mounted Movement is halved over rough or swampy ground and is reduced to one third for "
    "moving up or down a donga edge, rocky slope, or terrace.";
constexpr char kRowGuns[] =
    "Unless via a good dirt track, cannons, gattling guns, & wagons may not traverse any of the "
    "terrain listed above for foot or mounted.";
constexpr char kRowGunsTrack[] =
    "Movement is halved for cannons, gattling guns, & wagons while crossing a donga or water "
    "coarse via a good dirt track.";
constexpr char kRowHorseHolders[] =
    "When dismounting outside of a fortified position one figure must be used as a horse holder "
    "for every four mounted figures (round down; e.g., 10 figures would become 8 foot and 2 horse "
    "holders).";
constexpr char kRowMeleeCover[] =
    "In order to engage in melee with an enemy that has cover, one must have enough movement to "
    "traverse the cover.";

// COVER.
constexpr char kRowCoverSoft[] = "Soft Cover = Brush, low dirt mound, wagons, Zulu hut, cattle";
constexpr char kRowCoverRegular[] = "Regular Cover = Wall, barricade, boulders, palisade";
constexpr char kRowCoverHeavy[] = "Heavy Cover = Building, heavy stone fortifications";
constexpr char kRowCoverMissileOnly[] = "Missile Fire only Regular Cover = behind donga edge";
constexpr char kRowCoverMeleeRegular[] =
    "Melee Regular Cover = Deep water course, top of donga edge, or top of terrace";
constexpr char kRowCoverMeleeHeavy[] =
    "Heavy Cover = Barricades forming a raised redoubt or placed in combination with a donga "
    "edge or terrace";
constexpr char kRowCoverDefender[] =
    "For melee, cover is applied only to the defender (the side that did not initiate the "
    "melee).";
constexpr char kRowCoverMounted[] = "Cover does not apply to mounted troops.";

// Riflemen: "d10 Jan Feb Riflemen 9-10 6-10 2 3-8 1-5 1 1-2 - 0".
constexpr PrintedRow kRiflemenJan[] = {
    {1, 2, "1-2 - 0", "0 riflemen", 0},
    {3, 8, "3-8 1-5 1", "1 rifleman", 1},
    {9, 10, "9-10 6-10 2", "2 riflemen", 2},
};
constexpr PrintedRow kRiflemenFeb[] = {
    {1, 5, "3-8 1-5 1", "1 rifleman", 1},
    {6, 10, "9-10 6-10 2", "2 riflemen", 2},
};
constexpr PrintedTable kRiflemenJanTable{kSectionMissile, kTableRiflemen, kRiflemenJan};
constexpr PrintedTable kRiflemenFebTable{kSectionMissile, kTableRiflemen, kRiflemenFeb};
constexpr char kRowRiflemenCap[] =
    "Regular izigaba are reduced to a maximum of 1 rifleman when they have 14 or fewer figures "
    "remaining and have no riflemen when they have 8 or fewer figures remaining.";

// The missile table, indexed by Weapon.
struct WeaponRow {
  const char* text;
  const char* name;
  int skirmish;
  int tactical;
  int kill_on;
};
constexpr WeaponRow kWeaponRows[] = {
    {"Zulu Throwing Spears 3 2 6+", "Zulu Throwing Spears", 3, 2, 6},
    {"Zulu Rifles, Muskets, etc 36 24 8+", "Zulu Rifles, Muskets, etc", 36, 24, 8},
    {"Brit Martini-Henry rifles 45 30 4+", "Brit Martini-Henry rifles", 45, 30, 4},
    {"Brit Carbines & other Brit rifles 36 24 5+", "Brit Carbines & other Brit rifles", 36, 24, 5},
    {"Brit Pistol 9 6 5+", "Brit Pistol", 9, 6, 5},
    {"Cannon 96 64 6+", "Cannon", 96, 64, 6},
    {"Gattling Gun 54 36 4+", "Gattling Gun", 54, 36, 4},
    {"Rockets 63 42 9+", "Rockets", 63, 42, 9},
};
constexpr char kModUnder3[] = "Brit rifles or carbines under 3";
constexpr char kModProne[] = "Target is prone (no other cover)";
constexpr char kModSoft[] = "Target in Soft cover";
constexpr char kModRegular[] = "Target in Regular or Heavy Cover";
constexpr char kModMounted[] = "Firing while mounted";
constexpr char kModInduna[] = "Firing at Induna";
constexpr char kRowSpearsOnce[] =
    "Each Zulu isigaba may roll one d 10 once during the battle for throwing spears.";
constexpr char kRowSpearsProne[] = "Prone Zulus may not use throwing spears.";
constexpr char kRowJam[] =
    "For gattling guns, a roll of a one on the dIO before modifiers indicates that the gun has "
    "jammed.";

// ZULU MORALE.
constexpr PrintedRow kMoraleRows[] = {
    {-1000, 11, "11 or less : Routed; eliminated from battle", "Routed",
     static_cast<int>(MoraleOutcome::kRouted)},
    {12, 20, "12-20 : Stayed; retreat 1 move, go prone, or move to nearest cover", "Stayed",
     static_cast<int>(MoraleOutcome::kStayed)},
    {21, 1000, "21 + : Firm; no effect", "Firm", static_cast<int>(MoraleOutcome::kFirm)},
};
constexpr PrintedTable kMoraleTable{kSectionMorale, kTableMorale, kMoraleRows};
constexpr char kRowStayed[] =
    "With a 'stayed' result the isigaba must go prone, retreat directly away from the enemy one "
    "full move, or move to the nearest cover.";
constexpr char kRowCattle[] =
    "Do not treat the cattle as cover but instead remove a cattle figure for the first two "
    "casualties suffered by that isigaba.";

// ZULU INDUNA.
constexpr char kRowInduna[] =
    "For skirmishes the isagaba must be within 36\" of the induna and within line of sight, or "
    "18\" without line of sight. Use 24\" and 12\" for tactical battles.";
constexpr PrintedRow kInDunaRows[] = {
    {1, 7, "on a 8-10 it is wounded instead", "eliminated",
     static_cast<int>(InDunaHit::kEliminated)},
    {8, 10, "on a 8-10 it is wounded instead", "wounded instead",
     static_cast<int>(InDunaHit::kWounded)},
};
constexpr PrintedTable kInDunaTable{kSectionInduna, kTableInduna, kInDunaRows};
constexpr char kRowInDunaNoMedical[] =
    "If the Brits have a medical corps figure in their order of battle then when an induna "
    "receives its first elimination result roll a d10";
constexpr char kRowInDunaSecond[] =
    "Awoundedinduna may function normally, but a second elimination results in a permanent "
    "elimination.";

// CASULTIES and BRITISH MEDICAL CORPS.
constexpr char kRowCasualty[] =
    "When an unwounded Brit receives an elimination result it is placed alongside the medical "
    "corps figure as a casualty.";
constexpr char kRowCasualtyNoMedic[] =
    "If the medical corps is full, inaccessible, out of range, or not included in the order of "
    "battle the figure is eliminated permanently.";
constexpr char kRowWoundedBrit[] =
    "When any Zulu (except for the induna) or wounded Brit receives an elimination result it is "
    "eliminated permanently.";
constexpr char kRowMedic[] =
    "they are automatically converted to wounded unpon their first elimination result";
constexpr char kRowMedicalRoll[] =
    "During the Brit medical phase a d 10 is rolled for each casualty and on a 1-6 the patient "
    "is eliminated permanently and on a 8- 10 it is 'wounded'";

// MELEE.
constexpr char kRowMeleeDice[] =
    "Both sides roll a number of d10s equal to the number of figures on the smaller side.";
constexpr char kModRifle[] = "Brits w/ Martini-Henry rifle & bayonet : +1 Table";
constexpr char kModRegularCover[] = "Brits defending Regular cover or in square : +1 Table";
constexpr char kModHeavyCover[] = "Brits defending Heavy cover :+2 Tables";
constexpr char kModMountedBrits[] = "Mounted Brits :+2 Tables";
constexpr char kModZulusCover[] = "Zulus defending any cover :-1 Table";
constexpr char kRowNncMelee[] =
    "In melee use Table 0 with the NNC rolling as Brits and ignoring all modifiers.";
constexpr char kRowBuildingDraw[] =
    "When Zulus are attacking Brits in a building the melees ends in a draw when at least half "
    "of the Zulus have been eliminated or retreated and the Brits have at least one figure "
    "remaining.";

// Designed (not in the source text): the melee effect tables 0..4.
constexpr MeleeTables kDefaultMeleeTables = {{
    {{1, 6, 8}, {1, 6, 8}},   // Table 0: even
    {{2, 6, 8}, {1, 5, 7}},   // Table 1
    {{2, 7, 9}, {0, 5, 7}},   // Table 2
    {{3, 7, 9}, {0, 4, 6}},   // Table 3
    {{3, 8, 10}, {0, 3, 6}},  // Table 4
}};

}  // namespace

// ---------------------------------------------------------------------------
// SEQUENCE of PLAY

const char* PhaseName(Phase phase) { return kPhaseNames[static_cast<int>(phase)]; }

Phase NextPhase(Phase phase) { return static_cast<Phase>((static_cast<int>(phase) + 1) % kPhases); }

// ---------------------------------------------------------------------------
// MOVEMENT

absl::StatusOr<MoveAllowance> MovementAllowance(Dice& dice, const MoveSituation& s,
                                                Explanation* why) {
  const bool gun = s.mover == Mover::kLimbered || s.mover == Mover::kByHand;
  const bool listed_terrain = s.crosses_defended_wall || s.crosses_deep_water || s.up_steep_slope ||
                              s.donga_edge_or_terrace || s.rough_or_swampy || s.rocky_slope;
  if (gun && listed_terrain && !s.via_dirt_track) {
    return absl::FailedPreconditionError(absl::StrCat(
        "mover: cannons, gattling guns and wagons cross that ground only by a good dirt track (\"",
        kRowGuns, "\")"));
  }
  const RateRow& rate = kRateRows[static_cast<int>(s.mover)];
  TableReader r(kSource, dice, why);
  MoveAllowance out;
  out.base_inches = rate.inches;
  r.Cite(kSectionMovement, kTableMovement, rate.text);
  if (!r.quiet()) r.Say(absl::StrFormat("%s %d\"", rate.name, rate.inches));

  const bool prone_at_an_end = s.begins_prone || s.ends_prone;
  if (s.mover == Mover::kZulu && !prone_at_an_end) {
    out.d10 = r.Roll(1, 10, "Zulu movement, half a d10").total;
    out.bonus_inches = out.d10 / 2;
    r.Cite(kSectionMovement, kTableMovement, kRowZuluDie);
    if (!r.quiet()) {
      r.TellLast();
      r.Say(absl::StrFormat(", half rounded down: +%d\"", out.bonus_inches));
    }
  }
  const double full = out.base_inches + out.bonus_inches;

  // The halving conditions; the first that applies is cited.
  const char* halved_by = nullptr;
  if (gun) {
    if (s.via_dirt_track && (s.donga_edge_or_terrace || s.crosses_deep_water)) {
      halved_by = kRowGunsTrack;
    }
  } else {
    if (s.crosses_defended_wall || s.crosses_deep_water || s.up_steep_slope ||
        s.donga_edge_or_terrace || s.assisting_casualties || (s.begins_prone && s.ends_prone)) {
      halved_by = kRowHalved;
    }
    if (halved_by == nullptr && s.mover == Mover::kZulu && s.involves_building) {
      halved_by = kRowBuilding;
    }
  }
  out.divisor = halved_by != nullptr ? 2.0 : 1.0;
  if (s.mover == Mover::kMounted) {
    if (s.donga_edge_or_terrace || s.rocky_slope) {
      out.divisor = 3.0;
      halved_by = kRowMounted;
    } else if (s.rough_or_swampy && out.divisor < 2.0) {
      out.divisor = 2.0;
      halved_by = kRowMounted;
    }
  }
  out.inches = full / out.divisor;
  if (halved_by != nullptr) {
    r.Cite(kSectionMovement, kTableMovement, halved_by);
    if (!r.quiet()) {
      r.Say(absl::StrFormat("; %s: %g\" / %g", out.divisor == 3.0 ? "a third" : "halved", full,
                            out.divisor));
    }
  }
  if (!r.quiet()) r.Say(absl::StrFormat(" = %g\"", out.inches));
  return out;
}

absl::StatusOr<Dismounted> Dismount(int mounted_figures, bool inside_fortified_position,
                                    Explanation* why) {
  if (absl::Status st = CheckCount(mounted_figures, "mounted_figures"); !st.ok()) return st;
  FreshExplanation w(why);
  Dismounted out;
  out.horse_holders = inside_fortified_position ? 0 : mounted_figures / 4;
  out.foot = mounted_figures - out.horse_holders;
  TellWithoutDie(
      w, kSource, kSectionMovement, kTableMovement, kRowHorseHolders,
      absl::StrFormat("%d mounted figures%s: %d foot and %d horse holder%s", mounted_figures,
                      inside_fortified_position ? " inside a fortified position" : "", out.foot,
                      out.horse_holders, out.horse_holders == 1 ? "" : "s"));
  return out;
}

absl::StatusOr<bool> MayMeleeAcrossCover(double remaining_inches, double full_move_inches,
                                         int obstacles, Explanation* why) {
  if (absl::Status st = CheckDistance(remaining_inches, "remaining_inches"); !st.ok()) return st;
  if (absl::Status st = CheckDistance(full_move_inches, "full_move_inches"); !st.ok()) return st;
  if (absl::Status st = CheckCount(obstacles, "obstacles"); !st.ok()) return st;
  FreshExplanation w(why);
  const double needed = obstacles * full_move_inches / 2.0;
  const bool may = remaining_inches >= needed;
  TellWithoutDie(w, kSource, kSectionMovementMelee, kSectionMovementMelee, kRowMeleeCover,
                 absl::StrFormat("%d obstacle%s, half a move each: %g\" needed of %g\" left: %s",
                                 obstacles, obstacles == 1 ? "" : "s", needed, remaining_inches,
                                 may ? "may engage this turn" : "stops at the cover"));
  return may;
}

// ---------------------------------------------------------------------------
// COVER

CoverClass CoverOf(Feature feature, Attack attack, bool mounted, bool melee_defender,
                   Explanation* why) {
  FreshExplanation w(why);
  if (mounted) {
    TellWithoutDie(w, kSource, kSectionCover, kSectionCover, kRowCoverMounted, "mounted: no cover");
    return CoverClass::kNone;
  }
  if (attack == Attack::kMelee && !melee_defender) {
    TellWithoutDie(w, kSource, kSectionCover, kSectionCover, kRowCoverDefender,
                   "the side that initiated the melee: no cover");
    return CoverClass::kNone;
  }
  const bool missile = attack == Attack::kMissile;
  CoverClass c = CoverClass::kNone;
  const char* row = nullptr;
  switch (feature) {
    case Feature::kOpen:
      break;
    case Feature::kBrush:
    case Feature::kLowDirtMound:
    case Feature::kWagon:
    case Feature::kZuluHut:
    case Feature::kCattle:
      c = CoverClass::kSoft;
      row = kRowCoverSoft;
      break;
    case Feature::kWall:
    case Feature::kBarricade:
    case Feature::kBoulders:
    case Feature::kPalisade:
      c = CoverClass::kRegular;
      row = kRowCoverRegular;
      break;
    case Feature::kBuilding:
    case Feature::kHeavyStoneFortification:
      c = CoverClass::kHeavy;
      row = kRowCoverHeavy;
      break;
    case Feature::kBehindDongaEdge:
      if (missile) c = CoverClass::kRegular;
      row = kRowCoverMissileOnly;
      break;
    case Feature::kDeepWaterCourse:
    case Feature::kTopOfDongaEdge:
    case Feature::kTopOfTerrace:
      if (!missile) c = CoverClass::kRegular;
      row = kRowCoverMeleeRegular;
      break;
    case Feature::kRaisedRedoubt:
    case Feature::kBarricadeOnEdge:
      // Against missile fire a barricade is a barricade: Regular.
      c = missile ? CoverClass::kRegular : CoverClass::kHeavy;
      row = missile ? kRowCoverRegular : kRowCoverMeleeHeavy;
      break;
  }
  if (row != nullptr) {
    constexpr const char* kNames[] = {"no cover", "Soft Cover", "Regular Cover", "Heavy Cover"};
    TellWithoutDie(w, kSource, kSectionCover, kSectionCover, row,
                   absl::StrCat(missile ? "against missile fire: " : "in melee: ",
                                kNames[static_cast<int>(c)]));
  }
  return c;
}

// ---------------------------------------------------------------------------
// MISSILE FIRE

absl::StatusOr<int> RollRiflemen(Dice& dice, int month, Explanation* why) {
  if (month < 1 || month > 12) {
    return absl::InvalidArgumentError(
        absl::StrFormat("month: %d is not a month (1 January .. 12 December)", month));
  }
  TableReader r(kSource, dice, why);
  const PrintedTable& table = month == 1 ? kRiflemenJanTable : kRiflemenFebTable;
  return r
      .Read(table, 1, 10,
            month == 1 ? "riflemen of a regular isigaba (Jan column)"
                       : "riflemen of a regular isigaba (Feb column)")
      .value;
}

int RiflemenWithFigures(int riflemen, int figures) {
  if (figures <= 8) return 0;
  if (figures <= 14) return std::min(riflemen, 1);
  return riflemen;
}

absl::StatusOr<int> FireDice(Firer firer, int figures, int riflemen) {
  if (absl::Status st = CheckCount(figures, "figures"); !st.ok()) return st;
  if (absl::Status st = CheckCount(riflemen, "riflemen"); !st.ok()) return st;
  switch (firer) {
    case Firer::kBritishFigure:
    case Firer::kGunCrew:
      return figures;
    case Firer::kSharpshooters:
      return figures / 4;
    case Firer::kRegularIsigaba:
      return RiflemenWithFigures(riflemen, figures);
    case Firer::kNncIsigaba:
      return figures > 0 ? 1 : 0;
    case Firer::kThrowingSpears:
      return figures > 0 ? 1 : 0;
  }
  return 0;
}

int MaxRange(Weapon weapon, Scale scale) {
  const WeaponRow& w = kWeaponRows[static_cast<int>(weapon)];
  return scale == Scale::kSkirmish ? w.skirmish : w.tactical;
}

int KillOn(Weapon weapon) { return kWeaponRows[static_cast<int>(weapon)].kill_on; }

absl::StatusOr<MissileResult> MissileFire(Dice& dice, const MissileSituation& s, Explanation* why) {
  if (absl::Status st = CheckDistance(s.range_inches, "range_inches"); !st.ok()) return st;
  if (absl::Status st = CheckCount(s.dice, "dice"); !st.ok()) return st;
  const WeaponRow& w = kWeaponRows[static_cast<int>(s.weapon)];
  const int range = MaxRange(s.weapon, s.scale);
  if (s.range_inches > range) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "range_inches: %g\" is past the %s's %s range of %d\" (\"%s\")", s.range_inches, w.name,
        s.scale == Scale::kSkirmish ? "skirmish" : "tactical", range, w.text));
  }
  if (s.weapon == Weapon::kZuluThrowingSpears) {
    if (s.spears_thrown_before) {
      return absl::FailedPreconditionError(
          absl::StrCat("spears_thrown_before: \"", kRowSpearsOnce, "\""));
    }
    if (s.firer_prone) {
      return absl::FailedPreconditionError(absl::StrCat("firer_prone: \"", kRowSpearsProne, "\""));
    }
  }
  const bool brit_rifle = s.weapon == Weapon::kMartiniHenry || s.weapon == Weapon::kCarbine;
  std::vector<Modifier> mods;
  AddModifierIf(mods, brit_rifle && s.range_inches < 3.0, 1, kModUnder3);
  // "The prone modifier is ignored if any other cover also applies. The soft
  // cover modifier is ignored if Regular or Heavy cover also applies."
  AddModifierIf(mods, s.target_prone && s.target_cover == CoverClass::kNone, -1, kModProne);
  AddModifierIf(mods, s.target_cover == CoverClass::kSoft, -1, kModSoft);
  AddModifierIf(mods,
                s.target_cover == CoverClass::kRegular || s.target_cover == CoverClass::kHeavy, -2,
                kModRegular);
  AddModifierIf(mods, s.firer_mounted, -2, kModMounted);
  AddModifierIf(mods, s.target_is_induna, -2, kModInduna);

  TableReader r(kSource, dice, why);
  MissileResult out;
  out.kill_on = w.kill_on;
  for (const Modifier& m : mods) out.modifier += m.value;
  if (!r.quiet()) {
    r.Say(absl::StrFormat("%s at %g\" (%s range %d\"): %d+ eliminates", w.name, s.range_inches,
                          s.scale == Scale::kSkirmish ? "skirmish" : "tactical", range, w.kill_on));
  }
  for (int i = 0; i < s.dice; ++i) {
    const DieRoll& roll =
        r.Roll(1, 10,
               r.quiet() ? std::string(w.name)
                         : absl::StrFormat("%s, die %d of %d", w.name, i + 1, s.dice),
               mods);
    const bool hit = roll.total >= w.kill_on;
    if (hit) ++out.eliminations;
    if (s.weapon == Weapon::kGatlingGun && roll.faces.front() == 1) out.gun_jammed = true;
    if (!r.quiet()) r.TellLast();
    if (!r.quiet()) r.Say(hit ? ": eliminates" : ": misses");
  }
  r.Cite(kSectionMissile, kTableMissile, w.text);
  if (out.gun_jammed) {
    r.Cite(kSectionMissile, kTableMissile, kRowJam);
    if (!r.quiet()) r.Say("; a 1 before modifiers: the gun has jammed");
  }
  if (!r.quiet()) {
    r.Say(
        absl::StrFormat("; %d elimination%s", out.eliminations, out.eliminations == 1 ? "" : "s"));
  }
  return out;
}

// ---------------------------------------------------------------------------
// ZULU MORALE

bool MoraleDue(int casualties_since_last_morale_phase) {
  return casualties_since_last_morale_phase >= 1;
}

absl::StatusOr<MoraleResult> ZuluMorale(Dice& dice, const MoraleSituation& s, Explanation* why) {
  if (absl::Status st = CheckCount(s.remaining, "remaining"); !st.ok()) return st;
  if (absl::Status st = CheckCount(s.lost, "lost"); !st.ok()) return st;
  const bool quiet = why == nullptr;
  std::vector<Modifier> mods;
  mods.push_back(
      MakeModifier(s.remaining, quiet ? std::string() : "number of figures remaining in isigaba"));
  mods.push_back(MakeModifier(
      -s.lost, quiet ? std::string() : "number of figures lost since last Zulu morale phase"));
  if (s.nnc) {
    AddModifierIf(mods, true, -2, "NNC: All of their morale rolls are made at -2");
  } else if (!s.all_induna_lost) {
    AddModifierIf(mods, s.initiating_melee, 1, "if initiating melee");
    AddModifierIf(mods, s.directed_by_induna, 1, "if directed by an Induna");
  }
  TableReader r(kSource, dice, why);
  MoraleResult out;
  const PrintedRow& row = r.Read(kMoraleTable, 1, 10, s.nnc ? "NNC morale" : "Zulu morale", mods);
  out.total = r.last().total;
  out.outcome = static_cast<MoraleOutcome>(row.value);
  if (s.nnc) {
    r.Cite(kSectionNnc, kTableMorale, row.text);
  }
  return out;
}

StayedChoices StayedOptions(const StayedSituation& s, Explanation* why) {
  FreshExplanation w(why);
  StayedChoices c;
  c.retreat = true;
  if (s.prone && s.in_cover) {
    c.hold_firm = true;
  } else if (s.in_cover) {
    c.go_prone = !s.within_3_of_enemy;
  } else {
    c.go_prone = !s.within_3_of_enemy;
    c.move_to_cover = s.cover_within_a_move;
  }
  if (!w.quiet()) {
    std::vector<std::string> may;
    if (c.retreat) may.push_back("retreat directly away from the enemy one full move");
    if (c.go_prone) may.push_back("go prone");
    if (c.move_to_cover) may.push_back("move to the nearest cover");
    if (c.hold_firm) may.push_back("hold firm");
    TellWithoutDie(w, kSource, kSectionMorale, kTableMorale, kRowStayed,
                   absl::StrCat("Stayed: may ", absl::StrJoin(may, ", or ")));
  }
  return c;
}

absl::StatusOr<Screened> CattleScreen(int cattle, int casualties, Explanation* why) {
  if (absl::Status st = CheckCount(cattle, "cattle"); !st.ok()) return st;
  if (absl::Status st = CheckCount(casualties, "casualties"); !st.ok()) return st;
  FreshExplanation w(why);
  Screened out;
  out.cattle_removed = std::min(std::min(cattle, 2), casualties);
  out.figures_lost = casualties - out.cattle_removed;
  TellWithoutDie(w, kSource, kSectionCattle, kSectionCattle, kRowCattle,
                 absl::StrFormat("%d casualt%s: %d cattle removed, %d figure%s lost", casualties,
                                 casualties == 1 ? "y" : "ies", out.cattle_removed,
                                 out.figures_lost, out.figures_lost == 1 ? "" : "s"));
  return out;
}

// ---------------------------------------------------------------------------
// ZULU INDUNA

absl::StatusOr<bool> InDirectingRange(Scale scale, double distance_inches, bool line_of_sight,
                                      Explanation* why) {
  if (absl::Status st = CheckDistance(distance_inches, "distance_inches"); !st.ok()) return st;
  FreshExplanation w(why);
  int reach = 0;
  if (scale == Scale::kSkirmish) {
    reach = line_of_sight ? 36 : 18;
  } else {
    reach = line_of_sight ? 24 : 12;
  }
  const bool in = distance_inches <= reach;
  TellWithoutDie(w, kSource, kSectionInduna, kSectionInduna, kRowInduna,
                 absl::StrFormat("%g\" %s line of sight, within %d\": %s", distance_inches,
                                 line_of_sight ? "in" : "out of", reach,
                                 in ? "may direct it" : "too far to direct it"));
  return in;
}

InDunaHit InDunaElimination(Dice& dice, bool british_have_medical_corps, bool already_wounded,
                            Explanation* why) {
  if (already_wounded) {
    FreshExplanation w(why);
    TellWithoutDie(w, kSource, kSectionInduna, kTableInduna, kRowInDunaSecond,
                   "a second elimination: permanently eliminated");
    return InDunaHit::kEliminated;
  }
  if (!british_have_medical_corps) {
    FreshExplanation w(why);
    TellWithoutDie(w, kSource, kSectionInduna, kTableInduna, kRowInDunaNoMedical,
                   "no medical corps in the British order of battle: eliminated");
    return InDunaHit::kEliminated;
  }
  TableReader r(kSource, dice, why);
  return static_cast<InDunaHit>(r.Read(kInDunaTable, 1, 10, "induna's first elimination").value);
}

// ---------------------------------------------------------------------------
// CASULTIES and the BRITISH MEDICAL CORPS

BritHit BritishElimination(bool wounded, bool is_medical_corps, bool medical_corps_can_take,
                           Explanation* why) {
  FreshExplanation w(why);
  if (is_medical_corps && !wounded) {
    TellWithoutDie(w, kSource, kSectionMedical, kSectionMedical, kRowMedic,
                   "the medical corps: now wounded");
    return BritHit::kMedicWounded;
  }
  if (wounded) {
    TellWithoutDie(w, kSource, kSectionCasualties, kSectionCasualties, kRowWoundedBrit,
                   "a wounded Brit: eliminated permanently");
    return BritHit::kEliminated;
  }
  if (!medical_corps_can_take) {
    TellWithoutDie(w, kSource, kSectionCasualties, kSectionCasualties, kRowCasualtyNoMedic,
                   "no medical corps to take it: eliminated permanently");
    return BritHit::kEliminated;
  }
  TellWithoutDie(w, kSource, kSectionCasualties, kSectionCasualties, kRowCasualty,
                 "placed alongside the medical corps as a casualty");
  return BritHit::kCasualty;
}

int MedicalReachInches(Scale scale) { return scale == Scale::kSkirmish ? 18 : 12; }

MedicalOutcome MedicalRoll(Dice& dice, Explanation* why, MedicalOutcome on_seven) {
  const PrintedRow rows[] = {
      {1, 6, kRowMedicalRoll, "eliminated permanently",
       static_cast<int>(MedicalOutcome::kEliminated)},
      {7, 7, "7 (designed: not in the source text)",
       on_seven == MedicalOutcome::kEliminated
           ? "eliminated permanently (a 7, as the caller reads it)"
       : on_seven == MedicalOutcome::kWounded ? "wounded (a 7, as the caller reads it)"
                                              : "still a casualty (a 7: rolled again next phase)",
       static_cast<int>(on_seven)},
      {8, 10, kRowMedicalRoll, "wounded", static_cast<int>(MedicalOutcome::kWounded)},
  };
  const PrintedTable table{kSectionMedical, kTableMedical, rows};
  TableReader r(kSource, dice, why);
  const PrintedRow& row = r.Read(table, 1, 10, "medical corps, a casualty");
  if (row.low == 7) r.Cite(kSectionMedical, kTableMedical, row.text, /*designed=*/true);
  return static_cast<MedicalOutcome>(row.value);
}

// ---------------------------------------------------------------------------
// MELEE

int MeleeDice(int zulu_figures, int brit_figures) {
  return std::max(0, std::min(zulu_figures, brit_figures));
}

absl::StatusOr<int> MeleeTableIndex(const MeleeSides& s, Explanation* why) {
  using Field = std::pair<int, const char*>;
  for (const auto& [n, field] : std::initializer_list<Field>{
           {s.brits, "brits"},
           {s.brits_with_rifle_and_bayonet, "brits_with_rifle_and_bayonet"},
           {s.brits_mounted, "brits_mounted"},
           {s.brits_in_square, "brits_in_square"},
           {s.brits_in_regular_cover, "brits_in_regular_cover"},
           {s.brits_in_heavy_cover, "brits_in_heavy_cover"},
           {s.zulus, "zulus"},
           {s.zulus_in_cover, "zulus_in_cover"}}) {
    if (absl::Status st = CheckCount(n, field); !st.ok()) return st;
  }
  for (const auto& [n, field] : std::initializer_list<Field>{
           {s.brits_with_rifle_and_bayonet, "brits_with_rifle_and_bayonet"},
           {s.brits_mounted, "brits_mounted"},
           {s.brits_in_square, "brits_in_square"},
           {s.brits_in_regular_cover + s.brits_in_heavy_cover,
            "brits_in_regular_cover + brits_in_heavy_cover"}}) {
    if (n > s.brits) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: %d is more than the %d brits", field, n, s.brits));
    }
  }
  if (s.zulus_in_cover > s.zulus) {
    return absl::InvalidArgumentError(
        absl::StrFormat("zulus_in_cover: %d is more than the %d zulus", s.zulus_in_cover, s.zulus));
  }
  FreshExplanation w(why);
  if (s.nnc) {
    TellWithoutDie(w, kSource, kSectionNnc, kTableMeleeShift, kRowNncMelee,
                   "NNC: Table 0, no modifiers");
    return 0;
  }
  // "Modifiers are used if they apply to at least half of the figures".
  auto half = [](int part, int side) { return side > 0 && 2 * part >= side; };
  int table = 1;
  std::vector<std::string> said;
  auto shift = [&](int by, const char* row) {
    table += by;
    said.push_back(row);
  };
  if (half(s.brits_with_rifle_and_bayonet, s.brits)) shift(1, kModRifle);
  if (half(s.brits_mounted, s.brits)) {
    shift(2, kModMountedBrits);
  } else if (half(s.brits_in_square, s.brits)) {
    shift(1, kModRegularCover);
  } else if (s.brits_defending && half(s.brits_in_heavy_cover, s.brits)) {
    shift(2, kModHeavyCover);
  } else if (s.brits_defending &&
             half(s.brits_in_regular_cover + s.brits_in_heavy_cover, s.brits)) {
    // At least half in cover, fewer than half of them in heavy: Regular.
    shift(1, kModRegularCover);
  }
  if (s.zulus_defending && half(s.zulus_in_cover, s.zulus)) shift(-1, kModZulusCover);
  if (!w.quiet()) {
    w->rule = RuleRef{kSource, kSectionMelee, kTableMeleeShift,
                      said.empty() ? "Modifiers, begin with Table 1" : said.back(), false};
    w->text = absl::StrCat("begin with Table 1", said.empty() ? "" : "; ",
                           absl::StrJoin(said, "; "), ": Table ", table);
  }
  return table;
}

const MeleeTables& DefaultMeleeTables() { return kDefaultMeleeTables; }

MeleeEffect ReadMeleeDie(const MeleeHalf& half, int face) {
  if (face >= half.enemy_eliminated_from) return MeleeEffect::kEnemyEliminated;
  if (face >= half.enemy_retreats_from) return MeleeEffect::kEnemyRetreats;
  if (face <= half.own_retreat_up_to) return MeleeEffect::kOwnRetreats;
  return MeleeEffect::kNone;
}

absl::StatusOr<MeleeRoundResult> MeleeRound(Dice& dice, int table, int zulu_figures,
                                            int brit_figures, Explanation* why,
                                            const MeleeTables& tables) {
  if (table < kLowestMeleeTable || table > kHighestMeleeTable) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "table: %d is not one of Tables %d to %d", table, kLowestMeleeTable, kHighestMeleeTable));
  }
  if (absl::Status st = CheckCount(zulu_figures, "zulu_figures"); !st.ok()) return st;
  if (absl::Status st = CheckCount(brit_figures, "brit_figures"); !st.ok()) return st;
  const MeleeTable& t = tables[table];
  TableReader r(kSource, dice, why);
  MeleeRoundResult out;
  out.table = table;
  out.dice = MeleeDice(zulu_figures, brit_figures);
  const std::string table_name = absl::StrCat("Table ", table);
  if (!r.quiet()) {
    r.Say(absl::StrFormat("%s (designed), %d Zulus against %d Brits: %d d10 a side", table_name,
                          zulu_figures, brit_figures, out.dice));
  }
  constexpr const char* kEffectNames[] = {"no effect", "an enemy figure eliminated",
                                          "an enemy figure retreats", "one of its own retreats"};
  for (int side = 0; side < 2; ++side) {
    const bool zulu = side == 0;
    const MeleeHalf& half = zulu ? t.zulu : t.brit;
    for (int i = 0; i < out.dice; ++i) {
      const DieRoll& roll = r.Roll(
          1, 10,
          r.quiet()
              ? std::string(zulu ? "Zulu melee" : "Brit melee")
              : absl::StrFormat("%s melee, die %d of %d", zulu ? "Zulu" : "Brit", i + 1, out.dice));
      const MeleeEffect e = ReadMeleeDie(half, roll.total);
      switch (e) {
        case MeleeEffect::kNone:
          break;
        case MeleeEffect::kEnemyEliminated:
          ++(zulu ? out.brits_eliminated : out.zulus_eliminated);
          break;
        case MeleeEffect::kEnemyRetreats:
          ++(zulu ? out.brits_retreated : out.zulus_retreated);
          break;
        case MeleeEffect::kOwnRetreats:
          ++(zulu ? out.zulus_retreated : out.brits_retreated);
          break;
      }
      if (!r.quiet()) {
        r.TellLast();
        r.Say(absl::StrCat(": ", kEffectNames[static_cast<int>(e)]));
      }
    }
  }
  r.Cite(kSectionMelee, kTableMeleeEffect, table_name.c_str(), /*designed=*/true);
  if (!r.quiet()) {
    r.Say(absl::StrFormat("; Brits: %d eliminated, %d retreat; Zulus: %d eliminated, %d retreat",
                          out.brits_eliminated, out.brits_retreated, out.zulus_eliminated,
                          out.zulus_retreated));
  }
  return out;
}

namespace {

// Lays `eliminations` then `retreats` on the figures in `order` (indices),
// the eliminated first, each figure once.
Allocation Lay(const std::vector<int>& elimination_order, const std::vector<int>& retreat_order,
               int eliminations, int retreats) {
  Allocation out;
  std::vector<bool> out_of_it(elimination_order.size(), false);
  for (int i : elimination_order) {
    if (static_cast<int>(out.eliminated.size()) >= eliminations) break;
    out.eliminated.push_back(i);
    out_of_it[i] = true;
  }
  for (int i : retreat_order) {
    if (static_cast<int>(out.retreated.size()) >= retreats) break;
    if (out_of_it[i]) continue;
    out.retreated.push_back(i);
    out_of_it[i] = true;
  }
  return out;
}

}  // namespace

absl::StatusOr<Allocation> AllocateBritishEffects(const std::vector<BritFigure>& figures,
                                                  int eliminations, int retreats) {
  if (absl::Status st = CheckCount(eliminations, "eliminations"); !st.ok()) return st;
  if (absl::Status st = CheckCount(retreats, "retreats"); !st.ok()) return st;
  // Rank of a category in each order; wounded first within a category, then
  // the figures' own order.
  constexpr int kEliminationRank[] = {0, 1, 2, 3};  // rankers, crews, noncombatants, officers
  constexpr int kRetreatRank[] = {2, 1, 0, 3};      // noncombatants, crews, rankers, officers
  auto ordered = [&](const int* rank) {
    std::vector<int> order(figures.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const int ra = rank[static_cast<int>(figures[a].category)];
      const int rb = rank[static_cast<int>(figures[b].category)];
      if (ra != rb) return ra < rb;
      return figures[a].wounded && !figures[b].wounded;
    });
    return order;
  };
  return Lay(ordered(kEliminationRank), ordered(kRetreatRank), eliminations, retreats);
}

absl::StatusOr<Allocation> AllocateZuluEffects(int warriors, int indunas, int eliminations,
                                               int retreats) {
  if (absl::Status st = CheckCount(warriors, "warriors"); !st.ok()) return st;
  if (absl::Status st = CheckCount(indunas, "indunas"); !st.ok()) return st;
  if (absl::Status st = CheckCount(eliminations, "eliminations"); !st.ok()) return st;
  if (absl::Status st = CheckCount(retreats, "retreats"); !st.ok()) return st;
  std::vector<int> order(warriors + indunas);
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  return Lay(order, order, eliminations, retreats);
}

bool BuildingMeleeDrawn(int zulus_at_start, int zulus_out, int brits_remaining, Explanation* why) {
  FreshExplanation w(why);
  const bool drawn = zulus_at_start > 0 &&
                     2 * static_cast<int64_t>(zulus_out) >= zulus_at_start &&
                     brits_remaining >= 1;
  TellWithoutDie(
      w, kSource, kSectionMelee, kSectionMelee, kRowBuildingDraw,
      absl::StrFormat("%d of %d Zulus eliminated or retreated, %d Brits left: %s", zulus_out,
                      zulus_at_start, brits_remaining, drawn ? "a draw" : "fought on"));
  return drawn;
}

const char* MeleeWinnerName(MeleeWinner w) {
  constexpr const char* kNames[] = {"the Zulus win", "the Brits win", "a draw"};
  return kNames[static_cast<int>(w)];
}

absl::StatusOr<MeleeFightResult> MeleeFight(Dice& dice, int table, int zulu_figures,
                                            int brit_figures, bool brits_in_building,
                                            Explanation* why, const MeleeTables& tables) {
  if (absl::Status st = CheckCount(zulu_figures, "zulu_figures"); !st.ok()) return st;
  if (absl::Status st = CheckCount(brit_figures, "brit_figures"); !st.ok()) return st;
  FreshExplanation w(why);
  MeleeFightResult out;
  int zulus = zulu_figures, brits = brit_figures;
  std::vector<std::string> rounds;
  while (zulus > 0 && brits > 0) {
    if (brits_in_building &&
        BuildingMeleeDrawn(zulu_figures, zulu_figures - zulus, brits, nullptr)) {
      break;
    }
    if (out.rounds >= kMaxMeleeRounds || !dice.status().ok()) {
      if (!dice.status().ok()) return dice.status();
      return absl::FailedPreconditionError(absl::StrFormat(
          "table: %d rounds decided nothing (no die of these tables takes a figure out)",
          kMaxMeleeRounds));
    }
    Explanation round_why;
    absl::StatusOr<MeleeRoundResult> r =
        MeleeRound(dice, table, zulus, brits, w.quiet() ? nullptr : &round_why, tables);
    if (!r.ok()) return r.status();
    ++out.rounds;
    // "Eliminations take precedence over retreats and are applied first."
    const int be = std::min(r->brits_eliminated, brits);
    const int br = std::min(r->brits_retreated, brits - be);
    const int ze = std::min(r->zulus_eliminated, zulus);
    const int zr = std::min(r->zulus_retreated, zulus - ze);
    brits -= be + br;
    zulus -= ze + zr;
    out.brits_eliminated += be;
    out.brits_retreated += br;
    out.zulus_eliminated += ze;
    out.zulus_retreated += zr;
    if (!w.quiet()) {
      for (DieRoll& d : round_why.dice) w->dice.push_back(std::move(d));
      rounds.push_back(absl::StrFormat("round %d: %s", out.rounds, round_why.text));
    }
  }
  if (!dice.status().ok()) return dice.status();  // typed dice ran out: no answer
  out.winner = zulus > 0 && brits == 0   ? MeleeWinner::kZulus
               : brits > 0 && zulus == 0 ? MeleeWinner::kBrits
                                         : MeleeWinner::kDraw;
  if (!w.quiet()) {
    const bool drawn_in_building = brits_in_building && zulus > 0 && brits > 0;
    w->rule = RuleRef{kSource, kSectionMelee, kTableMeleeEffect,
                      drawn_in_building ? kRowBuildingDraw
                                        : "For other melees repeat steps 3 & 4 until one side "
                                          "has no figures remaining in the melee.",
                      /*designed=*/true};
    w->text = absl::StrCat(absl::StrJoin(rounds, "; "), rounds.empty() ? "" : "; ",
                           MeleeWinnerName(out.winner),
                           absl::StrFormat(" after %d round%s", out.rounds,
                                           out.rounds == 1 ? "" : "s"));
  }
  return out;
}

}  // namespace impi::pagano
