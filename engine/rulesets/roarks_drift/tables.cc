// engine/rulesets/roarks_drift/tables.cc: the printed tables and procedures
// of "The Battle of Roark's Drift" (004_18930928e35a3412.txt), each read as
// printed; the charts the text leaves out, designed.
#include "engine/rulesets/roarks_drift/tables.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "engine/game/table_reader.h"

namespace impi::roarks {
namespace {

// ---------------------------------------------------------------------------
// Rows as printed (numbered sections as headed).

constexpr const char* kSegmentNames[kSegments] = {
    "3.1 Zulu Movement Segment", "3.2 British Movement Segment", "3.3 British Fire Segment",
    "3.4 Zulu Fire Segment",     "3.5 Zulu Melee Segment",       "3.6 British Melee Segment",
    "3.7 End Segment",
};

constexpr char kSecMovement[] = "4.0 Movement";
constexpr char kRowMa[] =
    "B. The movement allowance (MA) for Zulu units is 5 MPs per turn and 4 MPs per turn for "
    "British units.";
constexpr char kRowWoundMa[] =
    "G. Light wounds reduce a unit's MA by 1 MP per turn, and heavy wounds by 2 MPs per turn.";
constexpr char kSecStacking[] = "5.0 Stacking";
constexpr char kRowStackZulu[] =
    "C. At the end of the Zulu Movement Segment, only one Zulu unit may be in a hex.";
constexpr char kRowStackBritish[] =
    "D. At the end of the British Movement Segment, five British units may be stacked in one hex.";
constexpr char kRowExcess[] =
    "F. If there are units in excess of the stacking limit, the owning side must remove "
    "(eliminate) the excess.";

constexpr char kSecFire[] = "6.1.1 Aimed Fire";
constexpr char kRowFireOdds[] =
    "B. Sum the Fire Factors aimed at the target hex. Divide by the target hex's Fire Defense "
    "Factor to yield a ratio, dropping fractions.";
constexpr char kTableFireChart[] = "Fire Chart (designed: not in the source text)";
constexpr char kSecVolley[] = "6.1.2 Volley Fire";
constexpr char kRowVolleyTen[] =
    "D. Volley fire may not occur unless there are at least ten men firing volley fire under the "
    "same officer.";
constexpr char kSecOskarberg[] = "6.2.2.1 Zulu Attacks";
constexpr char kRowOskSouth[] =
    "A. If the Zulus make no attack from the south edge of the map the Zulus stationed on the "
    "Oskarberg (off map to the south, to the side of the ditch) armed with rifles may fire.";
constexpr char kRowOskPerimeter[] =
    "C. Oskarberg fire may not be used when a Zulu occupies the main perimeter.";
constexpr char kRowOskHit[] = "D. Roll two dice for this fire. On a 9-12, a hit is scored.";
constexpr char kTableOskHit[] = "Oskarberg to hit";
constexpr PrintedRow kOskUnitsRows[] = {
    {1, 2, "A 1-2 wounds one British unit.", "one British unit wounded", 1},
    {3, 4, "A 3-4 wounds two British units.", "two British units wounded", 2},
    {5, 6, "A 5-6 wounds three British units.", "three British units wounded", 3},
};
constexpr PrintedTable kOskUnits{kSecOskarberg, "E. units wounded", kOskUnitsRows};
constexpr char kRowOskColumn[] =
    "F. For each wounded unit, find the 4:1 column on the Fire Chart and roll two dice to "
    "determine the damage. If a miss is rolled roll again until a hit is rolled.";
constexpr char kSecSuppression[] = "6.2.2.2 British Suppression of Oskarberg Fire";
constexpr char kRowSuppress[] = "C. Suppression succeeds on a 9-12.";
constexpr char kRowSuppressLevels[] =
    "E. ... Subsequent successful attempts by the British reduce the Zulu roll to hit to 11-12, "
    "12, then fully suppressed.";

constexpr char kSecMelee[] = "7.0 Melee";
constexpr char kRowMeleeOdds[] =
    "D. Sum the attacking melee factors. Divide by the defender's Melee Factors (sum all "
    "defenders in a hex) to yield a ratio, dropping fractions.";
constexpr char kRowMeleeExample[] = "The odds are 5:18 or 1:4 (the nearest numbers on the chart).";
constexpr char kTableMeleeChart[] = "Melee Chart (designed: not in the source text)";
constexpr const char* kMeleeColumnNames[kMeleeColumns] = {"1:4", "1:3", "1:2", "1:1", "2:1",
                                                          "3:1", "4:1", "5:1", "6:1"};
constexpr int kOneToOne = 3;

constexpr char kSecDamage[] = "8.2 Effect of Subsequent Damage";
constexpr char kRowTwoLight[] =
    "A. A unit with a light wound that receives a second light wound becomes serious wounded.";
constexpr char kRowTwoSerious[] =
    "B. A unit with two serious wounds becomes mortally wounded (killed, eliminated).";
constexpr char kRowLightSerious[] =
    "C. A unit with a light and serious wound is treated as seriously wounded, but a second "
    "light wound makes the unit mortally wounded.";
constexpr char kSecHealing[] = "8.3 Healing Wounds (British)";

constexpr char kSecPlacement[] = "9.2 Zulu Placement";
constexpr char kRowZones[] =
    "C. Each regiment may enter the board from one or two zones, but if entering from two zones, "
    "the zones must be adjacent to each other.";
constexpr char kRowZonesShared[] =
    "D. One regiment may not completely enter the map from the same zone as another regiment, "
    "but parts of regiments may.";

constexpr char kSecFires[] = "10.1 Starting a Fire";
constexpr char kSecFireEffects[] = "10.2 Fire Effects";

constexpr char kSecVictory[] = "12.0 Victory Conditions";
constexpr char kTableVictory[] = "# of British dead | Victory Level";

// Designed (not in the source text): the Fire Chart, 1:1 to 6:1.
constexpr FireChart kDefaultFireChart = {{
    {10, 12, 13},  // 1:1
    {9, 11, 12},   // 2:1
    {8, 10, 12},   // 3:1
    {7, 9, 11},    // 4:1
    {6, 8, 11},    // 5:1
    {5, 8, 10},    // 6:1
}};
// Designed (not in the source text): the Melee Chart, 1:4 to 6:1.
constexpr MeleeChart kDefaultMeleeChart = {{
    {10, 12, 13},  // 1:4
    {9, 12, 13},   // 1:3
    {8, 11, 13},   // 1:2
    {7, 10, 12},   // 1:1
    {6, 9, 11},    // 2:1
    {5, 8, 11},    // 3:1
    {4, 7, 10},    // 4:1
    {3, 7, 9},     // 5:1
    {3, 6, 9},     // 6:1
}};

// A column of a designed chart as rows for the reader.
struct ColumnRows {
  ColumnRows(const ChartColumn& c, const char* name) {
    rows[0] = {2, c.light_from - 1, name, "miss", static_cast<int>(Damage::kMiss)};
    rows[1] = {c.light_from, c.serious_from - 1, name, "light wound",
               static_cast<int>(Damage::kLight)};
    rows[2] = {c.serious_from, c.mortal_from - 1, name, "serious wound",
               static_cast<int>(Damage::kSerious)};
    rows[3] = {c.mortal_from, 12, name, "mortal wound", static_cast<int>(Damage::kMortal)};
    // Drop the results the column never reaches (their range is empty).
    for (const PrintedRow& r : rows) {
      if (r.low <= r.high) kept[n++] = r;
    }
  }
  PrintedRow rows[4];
  PrintedRow kept[4];
  int n = 0;
};

Damage ReadColumn(TableReader& r, const char* section, const char* table, const ChartColumn& column,
                  const char* name, absl::string_view purpose) {
  const ColumnRows rows(column, name);
  const PrintedTable t{section, table, absl::MakeConstSpan(rows.kept, rows.n), /*designed=*/true};
  return static_cast<Damage>(r.Read(t, 2, 6, purpose).value);
}

const char* WoundName(WoundState w) {
  switch (w) {
    case WoundState::kNone:
      return "unwounded";
    case WoundState::kLight:
      return "lightly wounded";
    case WoundState::kSerious:
      return "seriously wounded";
    case WoundState::kLightAndSerious:
      return "light and serious wounds";
    case WoundState::kDead:
      return "mortally wounded";
  }
  return "";
}

// Two dice against a printed "2-N" success range.
bool RollUpTo(Dice& dice, Explanation* why, const char* section, const char* row, int up_to,
              absl::string_view purpose) {
  const PrintedRow rows[] = {
      {2, up_to, row, "succeeds", 1},
      {up_to + 1, 12, row, "fails", 0},
  };
  const PrintedTable t{section, section, absl::MakeConstSpan(rows, up_to >= 12 ? 1 : 2)};
  TableReader r(kSource, dice, why);
  return r.Read(t, 2, 6, purpose).value == 1;
}

}  // namespace

// ---------------------------------------------------------------------------
// 3.0

const char* SegmentName(Segment s) { return kSegmentNames[static_cast<int>(s)]; }

// ---------------------------------------------------------------------------
// 4.0, 5.0

int MovementAllowance(Side side, WoundState wound, Explanation* why) {
  const int base = side == Side::kZulu ? 5 : 4;
  int cut = 0;
  if (wound == WoundState::kLight) cut = 1;
  if (wound == WoundState::kSerious || wound == WoundState::kLightAndSerious) cut = 2;
  const int ma = wound == WoundState::kDead ? 0 : std::max(0, base - cut);
  if (why == nullptr) return ma;  // the hot path: no words built
  FreshExplanation w(why);
  TellWithoutDie(
      w, kSource, kSecMovement, kSecMovement, cut > 0 ? kRowWoundMa : kRowMa,
      absl::StrFormat("%s MA %d MPs%s = %d", side == Side::kZulu ? "Zulu" : "British", base,
                      cut > 0 ? absl::StrFormat(", %s -%d", WoundName(wound), cut) : "", ma));
  return ma;
}

int StackingLimit(Side side) { return side == Side::kZulu ? 1 : 5; }

absl::StatusOr<int> StackingExcess(Side side, int units, Explanation* why) {
  if (absl::Status st = CheckCount(units, "units"); !st.ok()) return st;
  FreshExplanation w(why);
  const int excess = std::max(0, units - StackingLimit(side));
  TellWithoutDie(
      w, kSource, kSecStacking, kSecStacking,
      excess > 0            ? kRowExcess
      : side == Side::kZulu ? kRowStackZulu
                            : kRowStackBritish,
      absl::StrFormat("%d units, limit %d: %d removed", units, StackingLimit(side), excess));
  return excess;
}

const char* DamageName(Damage d) {
  switch (d) {
    case Damage::kMiss:
      return "miss";
    case Damage::kLight:
      return "L (Light wound)";
    case Damage::kSerious:
      return "S (Serious wound)";
    case Damage::kMortal:
      return "M (Mortal wound)";
  }
  return "";
}

// ---------------------------------------------------------------------------
// 6.0

absl::StatusOr<int> FireOdds(int fire_factors, int fire_defense, Explanation* why) {
  if (absl::Status st = CheckCount(fire_factors, "fire_factors"); !st.ok()) return st;
  if (fire_defense < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("fire_defense: %d is below 1 (a hex's Fire Defense Factor)", fire_defense));
  }
  FreshExplanation w(why);
  const int ratio = fire_factors / fire_defense;
  TellWithoutDie(w, kSource, kSecFire, kSecFire, kRowFireOdds,
                 absl::StrFormat("%d FF / FDF %d = %d:1", fire_factors, fire_defense, ratio));
  return ratio;
}

const FireChart& DefaultFireChart() { return kDefaultFireChart; }

absl::StatusOr<Damage> FireChartRoll(Dice& dice, int ratio, Explanation* why,
                                     const FireChart& chart) {
  if (absl::Status st = CheckCount(ratio, "ratio"); !st.ok()) return st;
  if (ratio == 0) {
    FreshExplanation w(why);
    TellWithoutDie(w, kSource, kSecFire, kTableFireChart, "under 1:1 (designed: a miss, no roll)",
                   "under 1:1: a miss", /*designed=*/true);
    return Damage::kMiss;
  }
  const int column = std::min(ratio, kFireColumns) - 1;
  const std::string name = absl::StrCat(column + 1, ":1");
  TableReader r(kSource, dice, why);
  return ReadColumn(r, kSecFire, kTableFireChart, chart[column], name.c_str(),
                    absl::StrCat("Fire Chart, ", name));
}

bool InVolleyReach(int hex_distance_from_lieutenant) {
  return hex_distance_from_lieutenant >= 0 && hex_distance_from_lieutenant <= 2;
}

bool VolleyAllowed(int men_firing, Explanation* why) {
  FreshExplanation w(why);
  const bool ok = men_firing >= kVolleyMinimumMen;
  TellWithoutDie(w, kSource, kSecVolley, kSecVolley, kRowVolleyTen,
                 absl::StrFormat("%d men: %s", men_firing, ok ? "may fire a volley" : "too few"));
  return ok;
}

int OskarbergToHit(int suppression) {
  if (suppression < 0) return 9;
  return suppression >= kFullySuppressed ? 13 : 9 + suppression;
}

absl::StatusOr<OskarbergResult> OskarbergFire(Dice& dice, const OskarbergSituation& s,
                                              Explanation* why, const FireChart& chart) {
  if (s.suppression < 0 || s.suppression > kFullySuppressed) {
    return absl::InvalidArgumentError(
        absl::StrFormat("suppression: %d is not 0..%d", s.suppression, kFullySuppressed));
  }
  if (s.zulu_attack_from_south_edge) {
    return absl::FailedPreconditionError(
        absl::StrCat("zulu_attack_from_south_edge: \"", kRowOskSouth, "\""));
  }
  if (s.zulu_in_main_perimeter) {
    return absl::FailedPreconditionError(
        absl::StrCat("zulu_in_main_perimeter: \"", kRowOskPerimeter, "\""));
  }
  if (s.suppression == kFullySuppressed) {
    return absl::FailedPreconditionError(absl::StrCat(
        "suppression: the Oskarberg fire is fully suppressed (\"", kRowSuppressLevels, "\")"));
  }
  const int to_hit = OskarbergToHit(s.suppression);
  const PrintedRow hit_rows[] = {
      {2, to_hit - 1, kRowOskHit, "no hit", 0},
      {to_hit, 12, s.suppression == 0 ? kRowOskHit : kRowSuppressLevels, "a hit", 1},
  };
  const PrintedTable hit{kSecOskarberg, kTableOskHit, hit_rows};
  TableReader r(kSource, dice, why);
  OskarbergResult out;
  out.hit = r.Read(hit, 2, 6, absl::StrFormat("Oskarberg fire, %d-12 hits", to_hit)).value == 1;
  if (!out.hit) return out;
  const int units = r.Read(kOskUnits, 1, 6, "Oskarberg fire, British units wounded").value;
  const ColumnRows rows(chart[3], "4:1");
  const PrintedTable column{kSecOskarberg, kTableFireChart, absl::MakeConstSpan(rows.kept, rows.n),
                            /*designed=*/true};
  for (int u = 0; u < units; ++u) {
    Damage d = Damage::kMiss;
    for (int rolls = 0; d == Damage::kMiss && r.MayRollAgain(rolls); ++rolls) {
      d = static_cast<Damage>(
          r.Read(column, 2, 6,
                 r.quiet() ? std::string("Oskarberg damage")
                           : absl::StrFormat("Oskarberg damage, unit %d of %d (4:1)", u + 1, units))
              .value);
    }
    out.wounded.push_back(d);
  }
  // The procedure is printed; the 4:1 column it reads is designed.
  r.Cite(kSecOskarberg, kTableFireChart, kRowOskColumn, /*designed=*/true);
  return out;
}

absl::StatusOr<int> SuppressOskarberg(Dice& dice, int suppression, Explanation* why) {
  if (suppression < 0 || suppression > kFullySuppressed) {
    return absl::InvalidArgumentError(
        absl::StrFormat("suppression: %d is not 0..%d", suppression, kFullySuppressed));
  }
  if (suppression == kFullySuppressed) {
    return absl::FailedPreconditionError("suppression: the Oskarberg fire is fully suppressed");
  }
  const PrintedRow rows[] = {
      {2, 8, kRowSuppress, "fails", 0},
      {9, 12, kRowSuppress, "succeeds", 1},
  };
  const PrintedTable t{kSecSuppression, kSecSuppression, rows};
  TableReader r(kSource, dice, why);
  const bool ok = r.Read(t, 2, 6, "suppress the Oskarberg, 60 Fire Factors").value == 1;
  const int level = suppression + (ok ? 1 : 0);
  if (ok && !r.quiet()) {
    r.Say(level == kFullySuppressed
              ? ": fully suppressed"
              : absl::StrFormat(": the Zulu roll to hit is now %d-12", OskarbergToHit(level)));
  }
  return level;
}

// ---------------------------------------------------------------------------
// 7.0

absl::StatusOr<int> MeleeFactor(int melee_factors, const MeleeTerrain& t, Explanation* why) {
  if (absl::Status st = CheckCount(melee_factors, "melee_factors"); !st.ok()) return st;
  FreshExplanation w(why);
  // Numerator and denominator of the product, fractions dropped at the end.
  int num = melee_factors;
  int den = 1;
  std::vector<std::string> said;
  if (t.prone && t.attacking) {
    TellWithoutDie(w, kSource, kSecMovement, kSecMovement,
                   "F. ... They have no melee attack strength, ½ melee defense",
                   "prone: no melee attack strength");
    return 0;
  }
  if (t.prone) {
    den *= 2;
    said.push_back("prone: ½ melee defense");
  }
  if (t.defending_wall && !t.attacking) {
    num *= 2;
    said.push_back("defending a wall: doubled");
  }
  if (t.downslope_on_ridge) {
    den *= 2;
    said.push_back("on a ridge below the enemy: halved");
  }
  const int mf = num / den;
  if (!w.quiet()) {
    w->rule = RuleRef{kSource, kSecMelee, kSecMelee,
                      said.empty() ? kRowMeleeOdds
                                   : "Example: One Zulu unit is attacking from a ridge hex "
                                     "against a wall hex defended by three British units.",
                      false};
    w->text = absl::StrFormat("%d MF%s%s = %d", melee_factors, said.empty() ? "" : ", ",
                              absl::StrJoin(said, ", "), mf);
  }
  return mf;
}

const char* MeleeColumnName(int column) {
  return column >= 0 && column < kMeleeColumns ? kMeleeColumnNames[column] : "";
}

absl::StatusOr<MeleeOddsResult> MeleeOdds(int attack_factors, int defense_factors,
                                          Explanation* why) {
  if (absl::Status st = CheckCount(attack_factors, "attack_factors"); !st.ok()) return st;
  if (defense_factors < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("defense_factors: %d is below 1", defense_factors));
  }
  if (absl::Status st = CheckCount(defense_factors, "defense_factors"); !st.ok()) return st;
  if (attack_factors == 0) {
    return absl::FailedPreconditionError(
        "attack_factors: 0 is no attack (a prone Zulu has no melee attack strength)");
  }
  FreshExplanation w(why);
  MeleeOddsResult out;
  if (attack_factors >= defense_factors) {
    const int n = attack_factors / defense_factors;
    out.column = kOneToOne + std::min(n, 6) - 1;
  } else {
    const int m = (defense_factors + attack_factors - 1) / attack_factors;
    out.column = kOneToOne - (std::min(m, 4) - 1);
  }
  out.attack = out.column >= kOneToOne ? out.column - kOneToOne + 1 : 1;
  out.defend = out.column >= kOneToOne ? 1 : kOneToOne - out.column + 1;
  TellWithoutDie(w, kSource, kSecMelee, kSecMelee,
                 out.column < kOneToOne ? kRowMeleeExample : kRowMeleeOdds,
                 absl::StrFormat("%d:%d is %s", attack_factors, defense_factors,
                                 kMeleeColumnNames[out.column]));
  return out;
}

const MeleeChart& DefaultMeleeChart() { return kDefaultMeleeChart; }

absl::StatusOr<Damage> MeleeChartRoll(Dice& dice, int column, Explanation* why,
                                      const MeleeChart& chart) {
  if (column < 0 || column >= kMeleeColumns) {
    return absl::InvalidArgumentError(
        absl::StrFormat("column: %d is not 0 (1:4) .. %d (6:1)", column, kMeleeColumns - 1));
  }
  TableReader r(kSource, dice, why);
  return ReadColumn(r, kSecMelee, kTableMeleeChart, chart[column], kMeleeColumnNames[column],
                    absl::StrCat("Melee Chart, ", kMeleeColumnNames[column]));
}

// ---------------------------------------------------------------------------
// 8.0

WoundState Wound(WoundState now, Damage d, Explanation* why) {
  FreshExplanation w(why);
  WoundState next = now;
  const char* row = kRowTwoLight;
  switch (d) {
    case Damage::kMiss:
      break;
    case Damage::kMortal:
      next = WoundState::kDead;
      row = kRowTwoSerious;
      break;
    case Damage::kLight:
      switch (now) {
        case WoundState::kNone:
          next = WoundState::kLight;
          break;
        case WoundState::kLight:
          next = WoundState::kSerious;
          break;
        case WoundState::kSerious:
          next = WoundState::kLightAndSerious;
          row = kRowLightSerious;
          break;
        case WoundState::kLightAndSerious:
          next = WoundState::kDead;
          row = kRowLightSerious;
          break;
        case WoundState::kDead:
          break;
      }
      break;
    case Damage::kSerious:
      switch (now) {
        case WoundState::kNone:
          next = WoundState::kSerious;
          row = kRowTwoSerious;
          break;
        case WoundState::kLight:
          next = WoundState::kLightAndSerious;
          row = kRowLightSerious;
          break;
        case WoundState::kSerious:
        case WoundState::kLightAndSerious:
          next = WoundState::kDead;
          row = kRowTwoSerious;
          break;
        case WoundState::kDead:
          break;
      }
      break;
  }
  TellWithoutDie(w, kSource, kSecDamage, kSecDamage, row,
                 absl::StrFormat("%s, %s: %s", WoundName(now), DamageName(d), WoundName(next)));
  return next;
}

Healing HealSerious(Dice& dice, Surgeon reynolds, Explanation* why) {
  // The row the roll lands on: dies up to `dies_to`, cured from there.
  const char* row_dies = nullptr;
  const char* row_cured = nullptr;
  int dies_to = 2;
  switch (reynolds) {
    case Surgeon::kWell:
      row_dies = "b. On a 2, the man dies.";
      row_cured =
          "a. A roll of a 3-12 represents the turn of the next phase when they are cured and "
          "ready for combat.";
      dies_to = 2;
      break;
    case Surgeon::kLightlyWounded:
      row_dies = row_cured =
          "C. If Major Reynolds receives light wounds the those units with serious wounds in the "
          "interphase die on a 2-4. Otherwise they return to play on a 5-12 (that number of "
          "turns).";
      dies_to = 4;
      break;
    case Surgeon::kSeriouslyWounded:
      row_dies = row_cured =
          "D. If Major Reynolds is seriously wounded, he cannot heal anyone and those units with "
          "serious wounds in the interphase die in interphases on a roll of 2-7.";
      dies_to = 7;
      break;
  }
  const PrintedRow rows[] = {
      {2, dies_to, row_dies, "dies", 0},
      {dies_to + 1, 12, row_cured,
       reynolds == Surgeon::kSeriouslyWounded ? "lives, still seriously wounded" : "cured", 1},
  };
  const PrintedTable t{kSecHealing, kSecHealing, rows};
  TableReader r(kSource, dice, why);
  Healing out;
  const PrintedRow& row = r.Read(t, 2, 6, "serious wound, the interphase");
  out.dies = row.value == 0;
  if (!out.dies && reynolds != Surgeon::kSeriouslyWounded) {
    out.cured = true;
    out.cured_on_turn = r.last().total;
  }
  return out;
}

Healing InterphaseLight(Dice& dice, Surgeon reynolds, Explanation* why) {
  Healing out;
  if (reynolds != Surgeon::kSeriouslyWounded) {
    FreshExplanation w(why);
    TellWithoutDie(w, kSource, kSecHealing, kSecHealing,
                   "Those with light wounds are cured at the beginning of the next phase.",
                   "a light wound: cured at the beginning of the next phase");
    out.cured = true;
    out.cured_on_turn = 1;
    return out;
  }
  const PrintedRow rows[] = {
      {2, 2, "Those with light wounds die on a roll of a 2.", "dies", 0},
      {3, 12, "Those with light wounds die on a roll of a 2.", "lives, still lightly wounded", 1},
  };
  const PrintedTable t{kSecHealing, kSecHealing, rows};
  TableReader r(kSource, dice, why);
  out.dies = r.Read(t, 2, 6, "light wound, the interphase").value == 0;
  return out;
}

// ---------------------------------------------------------------------------
// 9.0

bool ZonesAdjacent(int a, int b) {
  if (a < 1 || a > kEntryZones || b < 1 || b > kEntryZones) return false;
  const int d = (a - b + kEntryZones) % kEntryZones;
  return d == 1 || d == kEntryZones - 1;
}

absl::StatusOr<bool> EntryAllowed(const std::vector<int>& zones,
                                  const std::vector<std::vector<int>>& placed, Explanation* why) {
  auto check = [](const std::vector<int>& z, const std::string& field) -> absl::Status {
    for (size_t i = 0; i < z.size(); ++i) {
      if (z[i] < 1 || z[i] > kEntryZones) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s[%d]: zone %d is not 1..%d", field, i, z[i], kEntryZones));
      }
    }
    return absl::OkStatus();
  };
  if (absl::Status st = check(zones, "zones"); !st.ok()) return st;
  for (size_t i = 0; i < placed.size(); ++i) {
    if (absl::Status st = check(placed[i], absl::StrFormat("placed[%d]", i)); !st.ok()) return st;
  }
  FreshExplanation w(why);
  if (zones.empty() || zones.size() > 2 ||
      (zones.size() == 2 && !ZonesAdjacent(zones[0], zones[1]))) {
    TellWithoutDie(w, kSource, kSecPlacement, kSecPlacement, kRowZones,
                   "not one zone or two adjacent zones: may not enter so");
    return false;
  }
  for (const std::vector<int>& other : placed) {
    const bool all_theirs = std::all_of(zones.begin(), zones.end(), [&](int z) {
      return std::find(other.begin(), other.end(), z) != other.end();
    });
    if (all_theirs) {
      TellWithoutDie(w, kSource, kSecPlacement, kSecPlacement, kRowZonesShared,
                     "every zone of it is another regiment's: may not enter so");
      return false;
    }
  }
  TellWithoutDie(w, kSource, kSecPlacement, kSecPlacement, kRowZones, "may enter so");
  return true;
}

bool RegimentRetires(int units_at_phase_start, int units_killed) {
  return units_at_phase_start > 0 &&
         3 * static_cast<int64_t>(units_killed) >= units_at_phase_start;
}

bool GameEndsOnZuluKills(int zulu_units_killed) {
  return zulu_units_killed >= kZuluKillsEndTheGame;
}

// ---------------------------------------------------------------------------
// 10.0

bool RoofFireFromRifles(Dice& dice, WoundState firer, Explanation* why) {
  const int up_to = firer == WoundState::kNone ? 7 : firer == WoundState::kLight ? 6 : 4;
  return RollUpTo(dice, why, kSecFires,
                  "B. Rifle units can fire down through the roof setting fire on a 2-7 (if not "
                  "damaged), 2-6 (if lightly wounded), and 2-4 (if severely wounded).",
                  up_to, absl::StrFormat("set the roof on fire (2-%d)", up_to));
}

bool ZuluRoofFire(Dice& dice, Explanation* why) {
  const PrintedRow rows[] = {
      {2, 11,
       "C. A Zulu unit can start a roof on fire on a roll of 12 if not moving or firing "
       "that turn.",
       "fails", 0},
      {12, 12,
       "C. A Zulu unit can start a roof on fire on a roll of 12 if not moving or firing "
       "that turn.",
       "the roof is on fire", 1},
  };
  const PrintedTable t{kSecFires, kSecFires, rows};
  TableReader r(kSource, dice, why);
  return r.Read(t, 2, 6, "start a roof on fire (12)").value == 1;
}

bool TorchFire(Dice& dice, WoundState zulu, Explanation* why) {
  const char* row = "2-6 | Not wounded";
  int up_to = 6;
  if (zulu == WoundState::kLight) {
    row = "2-5 | Lightly wounded";
    up_to = 5;
  } else if (zulu == WoundState::kSerious || zulu == WoundState::kLightAndSerious) {
    row = "2-3 | Severely wounded";
    up_to = 3;
  }
  return RollUpTo(dice, why, kSecFires, row, up_to, absl::StrFormat("torch (2-%d)", up_to));
}

bool FireSpreads(Dice& dice, Explanation* why) {
  return RollUpTo(dice, why, kSecFireEffects,
                  "B. On a roll of a 2-7, the fire will spread to all adjacent rooms (and their "
                  "roofs) the following turn.",
                  7, "the fire spreads (2-7)");
}

std::vector<Damage> FireDamage(int turn, Explanation* why) {
  FreshExplanation w(why);
  constexpr const char* kRows[] = {"1 | None", "2 | Light", "3 | Severe", "4 | Severe + Light",
                                   "5 | Mortal"};
  std::vector<Damage> out;
  const int row = std::clamp(turn, 1, 5);
  switch (row) {
    case 1:
      break;
    case 2:
      out = {Damage::kLight};
      break;
    case 3:
      out = {Damage::kSerious};
      break;
    case 4:
      out = {Damage::kSerious, Damage::kLight};
      break;
    case 5:
      out = {Damage::kMortal};
      break;
  }
  TellWithoutDie(w, kSource, kSecFireEffects, "Turn* | Damage", kRows[row - 1],
                 absl::StrFormat("turn %d in a room on fire", turn));
  return out;
}

// ---------------------------------------------------------------------------
// 12.0

const char* VictoryName(Victory v) {
  constexpr const char* kNames[] = {"British Smashing", "British Great",    "British Spiritual",
                                    "British Tactical", "British Marginal", "Draw",
                                    "Zulu Marginal",    "Zulu Tactical",    "Zulu Spiritual",
                                    "Zulu Great",       "Zulu Smashing"};
  return kNames[static_cast<int>(v)];
}

absl::StatusOr<Victory> VictoryLevel(int british_dead, Explanation* why, Victory gap) {
  if (absl::Status st = CheckCount(british_dead, "british_dead"); !st.ok()) return st;
  struct Row {
    int low, high;
    const char* text;
    Victory v;
  };
  constexpr Row kRows[] = {
      {0, 20, "0-20 | British Smashing", Victory::kBritishSmashing},
      {21, 25, "21-25 | British Great", Victory::kBritishGreat},
      {26, 30, "26-30 | British Spiritual", Victory::kBritishSpiritual},
      {31, 35, "31-35 | British Tactical", Victory::kBritishTactical},
      {39, 40, "39-40 | British Marginal", Victory::kBritishMarginal},
      {41, 49, "41-49 | Draw", Victory::kDraw},
      {50, 54, "50-54 | Zulu Marginal", Victory::kZuluMarginal},
      {55, 59, "55-59 | Zulu Tactical", Victory::kZuluTactical},
      {60, 74, "60-74 | Zulu Spiritual", Victory::kZuluSpiritual},
      {75, 99, "75-99 | Zulu Great", Victory::kZuluGreat},
      {100, 1 << 30, "100+ | Zulu Smashing", Victory::kZuluSmashing},
  };
  FreshExplanation w(why);
  for (const Row& r : kRows) {
    if (british_dead >= r.low && british_dead <= r.high) {
      TellWithoutDie(w, kSource, kSecVictory, kTableVictory, r.text,
                     absl::StrFormat("%d British dead: %s", british_dead, VictoryName(r.v)));
      return r.v;
    }
  }
  // 36-38: no printed row.
  TellWithoutDie(
      w, kSource, kSecVictory, kTableVictory, "36-38 (designed: the printed table has no row)",
      absl::StrFormat("%d British dead: %s (no printed row)", british_dead, VictoryName(gap)),
      /*designed=*/true);
  return gap;
}

}  // namespace impi::roarks
