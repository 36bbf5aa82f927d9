#include "engine/rulesets/tsatf/melee.h"

#include <algorithm>
#include <map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

// The British unit and the impi's regiments that reach it are in close
// combat (the nearest regiment at least).
void Melee::LockInCloseCombat(const std::string& impi_id, const std::string& british_id) {
  Unit* t = s_.FindUnit(british_id);
  if (t == nullptr) return;
  t->status.in_close_combat = true;
  const Vec2 tpos = t->position;
  Unit* nearest = nullptr;
  for (Unit& u : s_.units) {
    if (u.parent != impi_id || u.kind != UnitKind::kRegiment || !u.OnTable()) continue;
    if (Distance(u.position, tpos) <= kContact + kRegimentSpacing) u.status.in_close_combat = true;
    if (nearest == nullptr || Distance(u.position, tpos) < Distance(nearest->position, tpos)) {
      nearest = &u;
    }
  }
  if (nearest != nullptr) nearest->status.in_close_combat = true;
}

// RIFLE ARMED ZULU REGIMENT / ZULU MORALE / EXAMPLE OF FIRE PROCEDURE: a unit
// reduced below 50% tests morale; failing, it falls back and the umpire
// removes it to the force pool (a rifle-armed regiment "melts away").
absl::Status Melee::CriticalMorale(const std::string& unit_id) {
  const Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr || u->side != Side::kZulu || !u->OnTable() || u->kind == UnitKind::kImpi ||
      u->kind == UnitKind::kLoneZulu) {
    return absl::FailedPreconditionError(absl::StrCat(
        unit_id, " is not a Zulu regiment on the table: only regiments test critical morale"));
  }
  bool rifles = u->kind == UnitKind::kRifleRegiment;
  Explanation why;
  const bool told = log_.wanted();  // a quiet log is told nothing (event.h)
  bool pass = DesignedCriticalMorale(dice_, c_.CriticalTarget(), unit_id, told ? &why : nullptr);
  why.rule.section = rifles ? "RIFLE ARMED ZULU REGIMENT" : "ZULU MORALE";
  Event& e = c_.Decision(EventKind::kMoraleTest, why);
  if (told) e.unit_ids = {unit_id};
  if (pass) {
    if (told) e.announce = absl::StrCat(unit_id, " passes its morale test and holds.");
    return absl::OkStatus();
  }
  c_.RemoveUnit(unit_id,
             rifles ? "it fails morale below 50% and melts away"
                    : "it fails critical morale below 50% and falls back: the umpire returns it to "
                      "the force pool",
             true);
  return absl::OkStatus();
}

absl::Status Melee::Casualties(const std::string& target_id, int casualties,
                                     const std::string& path, bool close_combat) {
  Unit* t = s_.FindUnit(target_id);
  if (t == nullptr || !t->OnTable()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: '", target_id,
                                                   "' is not a unit on the table"));
  }
  if (t->kind == UnitKind::kImpi) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: ", target_id,
                                                   " is an impi: report losses per regiment"));
  }
  if (casualties < 0 || casualties > t->figures.Present()) {
    return absl::InvalidArgumentError(absl::StrCat(path, close_combat ? ".casualties: " : ".hits: ",
                                                   casualties, " is not between 0 and the ",
                                                   t->figures.Present(), " figures of ", target_id));
  }
  // "For simplicity all wounded Zulus are hors de combat and are treated as dead."
  int from_fit = std::min(casualties, t->figures.fit);
  t->figures.fit -= from_fit;
  int rest = casualties - from_fit;
  int from_wounded = std::min(rest, t->figures.wounded);
  t->figures.wounded -= from_wounded;
  t->figures.seriously_wounded -= rest - from_wounded;
  t->figures.casualties += casualties;
  t->figures.riflemen = std::min(t->figures.riflemen, t->figures.fit);
  c_.U(*t).losses_this_turn += casualties;
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  if (log_.wanted()) {
    e.unit_ids = {target_id};
    e.announce = absl::StrCat(target_id, " loses ", casualties, " figure(s)",
                              close_combat ? " in close combat" : "", ".");
  }
  if (t->figures.Present() <= 0) {
    if (t->side == Side::kBritish) {
      t->off_table = true;
      Event& g = log_.Add(EventKind::kUnitRemoved, Side::kBritish);
      if (log_.wanted()) {
        g.unit_ids = {target_id};
        g.announce = absl::StrCat(target_id, " is destroyed.");
      }
    } else {
      c_.RemoveUnit(target_id, "destroyed", true);
    }
    return absl::OkStatus();
  }
  if (t->side == Side::kBritish && c_.Resolving() && !t->status.below_half &&
      t->figures.Present() * 2 < t->figures.Starting()) {
    t->status.below_half = true;
    return BritishMorale(target_id);
  }
  if (t->side == Side::kZulu && !t->status.below_half && t->figures.Present() * 2 < t->figures.Starting()) {
    t->status.below_half = true;
    return CriticalMorale(target_id);
  }
  return absl::OkStatus();
}

absl::Status Melee::StandAgainstCharge(const std::string& british_id, const std::string& impi_id) {
  Unit* b = s_.FindUnit(british_id);
  if (b == nullptr || !b->OnTable() || b->side != Side::kBritish) return absl::OkStatus();
  Explanation why;
  const bool stands = BritishTestToStand(dice_, s_, *b, log_.wanted() ? &why : nullptr);
  b = s_.FindUnit(british_id);
  b->status.shaken = !stands;
  Event& e = log_.Add(EventKind::kStandTest, Side::kBritish);
  if (!log_.wanted()) return absl::OkStatus();  // a quiet log is told nothing
  e.unit_ids = {british_id};
  e.target_id = impi_id;
  e.why = why;
  e.announce = absl::StrCat(british_id, stands ? " stands against the charge of " : " wavers before the charge of ",
                            impi_id, ".");
  return absl::OkStatus();
}

absl::Status Melee::BritishMorale(const std::string& british_id) {
  Unit* b = s_.FindUnit(british_id);
  if (b == nullptr || !b->OnTable()) return absl::OkStatus();
  Explanation why;
  const bool told = log_.wanted();  // a quiet log is told nothing
  const bool pass = BritishCriticalMorale(dice_, s_, *b, told ? &why : nullptr);
  Event& e = log_.Add(EventKind::kMoraleTest, Side::kBritish);
  if (told) {
    e.unit_ids = {british_id};
    e.why = why;
  }
  if (pass) {
    if (told) e.announce = absl::StrCat(british_id, " is below half strength and holds.");
    return absl::OkStatus();
  }
  if (told) e.announce = absl::StrCat(british_id, " is below half strength and routs off the table.");
  b = s_.FindUnit(british_id);
  b->off_table = true;
  b->status.routed = true;
  b->status.in_close_combat = false;
  Event& g = log_.Add(EventKind::kUnitRemoved, Side::kBritish);
  if (!told) return absl::OkStatus();
  g.unit_ids = {british_id};
  g.why = Designed(kTableBritishMorale, "", absl::StrCat(british_id, " routs off the table: its figures are lost to the patrol."));
  g.announce = absl::StrCat(british_id, " routs off the table.");
  return absl::OkStatus();
}

absl::Status Melee::FightCloseCombat(const std::string& british_id, const std::string& path) {
  Unit* b = s_.FindUnit(british_id);
  if (b == nullptr || b->side != Side::kBritish || !b->OnTable()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".unit_id: '", british_id,
                                                   "' is not a British unit on the table"));
  }
  if (!b->status.in_close_combat) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", british_id,
                                                      " is not in close combat (or has fought this turn)"));
  }
  std::vector<std::string> zulus;
  int zulu_figures = 0;
  for (const Unit* z : CloseCombatFoes(s_, *b)) {
    zulus.push_back(z->id);
    zulu_figures += z->figures.Present();
  }
  Explanation why;
  const FightResult r =
      CloseCombat(dice_, CloseCombatInput(s_, *b, zulu_figures), log_.wanted() ? &why : nullptr);
  Event& e = log_.Add(EventKind::kTableRoll, Side::kBritish);
  if (log_.wanted()) {  // a quiet log is told nothing
    e.unit_ids = {british_id};
    e.unit_ids.insert(e.unit_ids.end(), zulus.begin(), zulus.end());
    e.why = why;
    e.announce = zulus.empty()
                     ? absl::StrCat(british_id, " has no Zulu in contact: its fight is over.")
                     : absl::StrCat("Close combat at ", british_id, ": the British lose ", r.british_lost,
                                    ", the Zulus ", r.zulu_lost, ".");
  }
  // The Zulu losses fall on the largest regiment in the fight first.
  std::map<std::string, int> zulu_losses;
  std::map<std::string, int> left;
  for (const std::string& id : zulus) left[id] = s_.FindUnit(id)->figures.Present();
  for (int k = 0; k < r.zulu_lost; ++k) {
    std::string best;
    for (const std::string& id : zulus) {
      if (left[id] > 0 && (best.empty() || left[id] > left[best])) best = id;
    }
    if (best.empty()) break;
    --left[best];
    ++zulu_losses[best];
  }
  if (Unit* bb = s_.FindUnit(british_id)) {
    bb->status.in_close_combat = false;
    bb->status.shaken = false;
  }
  for (const std::string& id : zulus) {
    if (Unit* z = s_.FindUnit(id)) z->status.in_close_combat = false;
  }
  if (r.british_lost > 0) IMPI_RETURN_IF_ERROR(Casualties(british_id, r.british_lost, path, true));
  for (const std::string& id : zulus) {
    auto it = zulu_losses.find(id);
    if (it == zulu_losses.end() || s_.FindUnit(id) == nullptr) continue;
    IMPI_RETURN_IF_ERROR(Casualties(id, it->second, path, true));
  }
  return absl::OkStatus();
}

absl::Status Melee::FightRemaining(const std::string& path) {
  std::vector<std::string> ids;
  for (const Unit& u : s_.units) {
    if (u.side == Side::kBritish && u.OnTable() && u.status.in_close_combat) ids.push_back(u.id);
  }
  for (const std::string& id : ids) {
    const Unit* b = s_.FindUnit(id);
    if (b == nullptr || !b->OnTable() || !b->status.in_close_combat) continue;
    IMPI_RETURN_IF_ERROR(FightCloseCombat(id, path));
  }
  return absl::OkStatus();
}

// Designed (the TSATF core rules are not in the text): a British unit in
// close combat stays in it until it is fought out (or it routs); it cannot
// move or charge away.
absl::Status NotLockedInCloseCombat(const BattleState& s, const Unit& u, const std::string& path) {
  if (!u.status.in_close_combat) return absl::OkStatus();
  std::vector<std::string> foes;
  for (const Unit* z : CloseCombatFoes(s, u)) foes.push_back(z->id);
  return absl::FailedPreconditionError(absl::StrCat(
      path, ".unit_id: ", u.id.str(), " is in close combat",
      foes.empty() ? "" : absl::StrCat(" with ", absl::StrJoin(foes, ", ")),
      ": it fights it out and cannot move away (designed)"));
}

}  // namespace impi::tsatf
