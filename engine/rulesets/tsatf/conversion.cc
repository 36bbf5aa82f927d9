#include "engine/rulesets/tsatf/conversion.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

namespace {

constexpr double kFallBack = 6.0;  // designed: a skirmisher that fails to stand falls back

}  // namespace

Vec2 Conversion::ConversionPlace(const Unit& lone, const std::string& british_id) {
  // "Convert to Impi ... at current location or 3D6 from British if within 6"."
  const Unit* b = s_.FindUnit(british_id);
  if (b == nullptr || Distance(b->position, lone.position) > kAppearanceRange) return lone.position;
  Vec2 bpos = b->position;
  Vec2 lpos = lone.position;
  DieRoll d = dice_.RollPool(3, 6, "3D6 from the British: where the impi appears");
  Vec2 dir = (lpos - bpos).norm() > 1e-9 ? Vec2((lpos - bpos).normalized()) : Vec2(0, 1);
  return ClampToTable(bpos + dir * d.result, s_.table.width, s_.table.height);
}

std::string Conversion::ConvertLoneToImpi(const std::string& lone_id, const std::string& british_id) {
  // "If force pool does not allow Impi use Special Impi creation. If force
  // pool does not allow that, figure vanishes." With nothing to create there
  // is no place to roll for (no 3D6 from the British).
  if (c_.Available() < 1) {
    c_.RemoveUnit(lone_id, "the force pool allows no impi: the figure vanishes", false);
    return "";
  }
  const Unit* lone = s_.FindUnit(lone_id);
  Vec2 at = ConversionPlace(*lone, british_id);
  s_.FindUnit(lone_id)->off_table = true;  // replaced: not in the way of what it becomes
  std::string id;
  if (c_.Available() > 2) {
    id = creation_.CreateImpi(at, false, 0, PointKind::kUnspecified, absl::StrCat("converted from ", lone_id));
  } else if (c_.Available() >= 1) {
    id = creation_.CreateImpi(at, true, 0, PointKind::kUnspecified, absl::StrCat("converted from ", lone_id));
  }
  c_.RemoveUnit(lone_id, id.empty() ? "the force pool allows no impi: the figure vanishes"
                                 : absl::StrCat("converted to the impi ", id),
             false);
  return id;
}

absl::Status Conversion::LoneZulu(const std::string& unit_id, LoneZuluEvent event,
                                   const std::string& british_id) {
  const Unit* lone = s_.FindUnit(unit_id);
  if (lone == nullptr || lone->kind != UnitKind::kLoneZulu || !lone->OnTable()) {
    return absl::FailedPreconditionError(absl::StrCat(unit_id, " is not a lone Zulu on the table"));
  }
  Explanation why;
  LoneZuluResult r;
  switch (event) {
    case LoneZuluEvent::kFiredAtMissed:
      r = LoneZuluFiredAtMissed(dice_, SkirmishersOnTable(s_), &why);
      break;
    case LoneZuluEvent::kFiredAtHit:
      r = LoneZuluFiredAtHit(dice_, &why);
      break;
    case LoneZuluEvent::kAttackedInCloseCombat:
      r = LoneZuluCloseCombat(dice_, &why);
      break;
    default:
      return absl::InvalidArgumentError("event: say what happened to the lone Zulu");
  }
  Event& e = c_.Decision(EventKind::kTableRoll, why);
  e.unit_ids = {unit_id};
  switch (r) {
    case LoneZuluResult::kVanishes:
      c_.RemoveUnit(unit_id, "the figure vanishes", false);
      break;
    case LoneZuluResult::kRemains:
      e.announce = absl::StrCat("The lone Zulu ", unit_id, " remains where it is.");
      break;
    case LoneZuluResult::kMovesRandom: {
      // "Figure moves 1D6 in random direction (if this movement takes the
      // Zulu out of sight, the figure is removed)". Direction: a D6 for one
      // of six directions 60 degrees apart (designed).
      int dir = dice_.Roll(6, "random direction (1 = towards the top edge, then clockwise by 60 degrees)");
      int dist = dice_.Roll(6, "1D6 inches in the random direction");
      double a = (dir - 1) * M_PI / 3.0;
      Unit* u = s_.FindUnit(unit_id);
      Vec2 to = u->position + Vec2(std::sin(a), std::cos(a)) * dist;
      bool off = to.x() < 0 || to.y() < 0 || to.x() > s_.table.width || to.y() > s_.table.height;
      u->position = ClampToTable(to, s_.table.width, s_.table.height);
      bool seen = false;
      for (const Unit& b : s_.units) {
        if (!IsBritishOnTable(b)) continue;
        for (const Unit* v : VisibleBritish(s_, u->position)) seen |= (v->id == b.id);
      }
      Event& m = log_.Add(EventKind::kMoved, Side::kZulu);
      m.unit_ids = {unit_id};
      m.why = Rule("CONVERSION OF LONE ZULU",
                   absl::StrCat("The lone Zulu moves ", dist, "\" in direction ", dir, "."));
      m.why.dice = dice_.RollsSince(dice_.rolls().size() - 2);
      m.announce = absl::StrCat("The lone Zulu ", unit_id, " moves to ", At(u->position), ".");
      if (off || !seen) c_.RemoveUnit(unit_id, "it moved out of sight", false);
      break;
    }
    case LoneZuluResult::kSkirmishers: {
      if (c_.Available() < 1) {
        c_.RemoveUnit(unit_id, "the force pool allows no skirmishing regiment: the figure vanishes", false);
        break;
      }
      Vec2 at = s_.FindUnit(unit_id)->position;
      s_.FindUnit(unit_id)->off_table = true;  // replaced: not in the way of what it becomes
      std::string id = creation_.PlaceSingle(UnitKind::kSkirmishers, at, 0, PointKind::kUnspecified,
                                   absl::StrCat("converted from the lone Zulu ", unit_id));
      c_.RemoveUnit(unit_id, absl::StrCat("converted to the skirmishing regiment ", id), false);
      IMPI_RETURN_IF_ERROR(cards_.AssignHand(id));
      break;
    }
    case LoneZuluResult::kImpi:
      ConvertLoneToImpi(unit_id, british_id);
      break;
  }
  return absl::OkStatus();
}

// SKIRMISHING / RIFLE ARMED ZULU REGIMENT, "Conversion: If charged by the
// British, it will test "to stand"."
absl::Status Conversion::TestToStand(const std::string& unit_id, const std::string& charger_id) {
  const Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr || !u->OnTable() ||
      (u->kind != UnitKind::kSkirmishers && u->kind != UnitKind::kRifleRegiment)) {
    return absl::FailedPreconditionError(absl::StrCat(
        unit_id, " is not a skirmishing or rifle-armed regiment on the table: only they test to "
                 "stand when charged"));
  }
  const Unit* charger = s_.FindUnit(charger_id);
  bool cavalry = charger != nullptr && IsCavalry(*charger);
  bool below = u->figures.Present() * 2 < u->figures.Starting();
  bool rifles = u->kind == UnitKind::kRifleRegiment;
  Vec2 at = u->position;
  Explanation why;
  bool stands = DesignedTestToStand(dice_, c_.StandTarget(), below, cavalry, unit_id, &why);
  why.rule.section = rifles ? "RIFLE ARMED ZULU REGIMENT" : "SKIRMISHING ZULU REGIMENTS";
  Event& e = c_.Decision(EventKind::kStandTest, why);
  e.unit_ids = {unit_id};
  e.target_id = charger_id;
  if (stands) {
    // "If it stands, it converts instantly to a Special Impi." The regiment
    // becomes one of the impi's: it counts once against the scenario total
    // (SCENARIO DESIGN: the umpire's tally counts units committed to the
    // table, and this one already is).
    int allowed = std::min(c_.own().force_pool + 1, c_.own().scenario_total - c_.own().committed + 1);
    if (allowed < 1) {
      e.why.text += " It stands, but the scenario total allows no Special Impi: it stays as it is.";
      return absl::OkStatus();
    }
    c_.RemoveUnit(unit_id, "it converts to a Special Impi", true);
    c_.own().committed = std::max(0, c_.own().committed - 1);
    std::string impi_id = creation_.CreateImpi(at, true, 0, PointKind::kUnspecified,
                                     absl::StrCat("converted from ", unit_id), charger_id);
    // The charge goes home: the charger and the regiments of the new impi
    // in contact with it (all of them, unless other units took the ground)
    // are in close combat.
    Unit* b = s_.FindUnit(charger_id);
    const Unit* impi = s_.FindUnit(impi_id);
    int touching = 0;
    if (b != nullptr && b->OnTable() && impi != nullptr && impi->kind == UnitKind::kImpi) {
      for (Unit& r : s_.units) {
        if (r.parent != impi_id || r.kind != UnitKind::kRegiment || !r.OnTable()) continue;
        if (Distance(r.position, b->position) > kContact + 1e-6) continue;
        r.status.in_close_combat = true;
        ++touching;
      }
    }
    if (touching > 0) {
      b->status.in_close_combat = true;
      Event& c = log_.Add(EventKind::kCharged, Side::kBritish);
      c.unit_ids = {charger_id};
      c.target_id = impi_id;
      c.why = Rule(rifles ? "RIFLE ARMED ZULU REGIMENT" : "SKIRMISHING ZULU REGIMENTS",
                   absl::StrCat("The charge of ", charger_id, " goes home: it is in close combat with the "
                                "Special Impi ", impi_id, "."));
      c.announce = absl::StrCat(charger_id, " is in close combat with the impi ", impi_id, ".");
    }
    return absl::OkStatus();
  }
  if (rifles) {
    // "If it does not stand, it "Melts away" skulking and is removed."
    c_.RemoveUnit(unit_id, "it fails to stand and melts away", true);
    return absl::OkStatus();
  }
  // "If it fails to stand, it falls back and becomes pinned."
  Unit* s = s_.FindUnit(unit_id);
  Vec2 from = charger != nullptr ? charger->position : at - Vec2(0, 1);
  Vec2 away = (at - from).norm() > 1e-9 ? Vec2((at - from).normalized()) : Vec2(0, 1);
  Vec2 to = ClampToTable(at + away * kFallBack, s_.table.width, s_.table.height);
  s->position = to;
  s->status.pinned = true;
  Event& m = log_.Add(EventKind::kMoved, Side::kZulu);
  m.unit_ids = {unit_id};
  m.path = {at, to};
  m.why = Rule("SKIRMISHING ZULU REGIMENTS",
               absl::StrCat(unit_id, " fails to stand: it falls back ", Inches(kFallBack),
                            " (designed) and becomes pinned."));
  m.announce = absl::StrCat("The skirmishers ", unit_id, " fall back and are pinned.");
  return absl::OkStatus();
}

}  // namespace impi::tsatf
