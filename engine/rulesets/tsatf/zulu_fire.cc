#include "engine/rulesets/tsatf/zulu_fire.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

namespace {

constexpr double kRifleRange = 24.0;  // designed: rifle range of a rifle-armed regiment
constexpr double kSpearRange = 4.0;   // designed: thrown spears

}  // namespace

// DURING THE FIRE PHASE: "When a Zulu fire card is turned, dice to see which
// Zulu unit fires ... Only the "rifle armed" Zulu regiment or a "skirmishing"
// Zulu regiment may fire. All Zulu units that are part of an Impi will never
// fire."
absl::Status ZuluFire::FireCard() {
  struct Shot {
    std::string unit;
    std::string target;
    double range;
  };
  std::vector<Shot> capable;
  for (const Unit& u : s_.units) {
    if (u.side != Side::kZulu || !u.OnTable() || u.status.fired || u.status.pinned ||
        u.status.in_close_combat) {
      continue;
    }
    double range = u.kind == UnitKind::kRifleRegiment ? kRifleRange
                   : u.kind == UnitKind::kSkirmishers ? kSpearRange
                                                      : 0.0;
    if (range <= 0) continue;
    const Unit* best = nullptr;
    for (const Unit* b : VisibleBritish(s_, u.position)) {
      double d = Distance(u.position, b->position);
      if (d > range + kRegimentRadius * 2) continue;
      if (best == nullptr || d < Distance(u.position, best->position)) best = b;
    }
    if (best != nullptr) capable.push_back({u.id, best->id, range});
  }
  if (capable.empty()) {
    Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
    if (!log_.wanted()) return absl::OkStatus();  // a quiet log is told nothing (event.h)
    e.why = Rule("DURING THE FIRE PHASE", "No Zulu unit on the table is able to fire.");
    e.announce = "No Zulu fire.";
    return absl::OkStatus();
  }
  Explanation why = Rule("DURING THE FIRE PHASE", "");
  int i = 0;
  if (capable.size() > 1) {
    if (capable.size() > 6) capable.resize(6);
    Explanation pick;
    i = PickAmong(dice_, static_cast<int>(capable.size()), "which Zulu unit fires", &pick);
    why.dice = pick.dice;
    why.text = absl::StrCat(capable.size(), " Zulu units can fire; ", pick.text, " ");
  }
  const Shot& shot = capable[i];
  Unit* u = s_.FindUnit(shot.unit);
  u->status.fired = true;
  bool rifles = u->kind == UnitKind::kRifleRegiment;
  absl::StrAppend(&why.text, shot.unit, rifles ? " fires its rifles at " : " throws spears at ",
                  shot.target, ", the nearest British unit in range.",
                  c_.Resolving() ? " The engine rolls the hits (designed)."
                              : " Resolve the hits with the TSATF fire rules and report them with CASUALTIES.");
  Event& e = c_.Decision(EventKind::kFired, why);
  e.unit_ids = {shot.unit};
  e.target_id = shot.target;
  e.announce = absl::StrCat("The Zulu ", rifles ? "rifle-armed regiment " : "skirmishers ", shot.unit,
                            rifles ? " fire at " : " throw spears at ", shot.target, ".");
  if (c_.Resolving()) return ResolveZuluFire(shot.unit, shot.target);
  return absl::OkStatus();
}

absl::Status ZuluFire::ResolveZuluFire(const std::string& zulu_id, const std::string& british_id) {
  const Unit* z = s_.FindUnit(zulu_id);
  const Unit* b = s_.FindUnit(british_id);
  if (z == nullptr || b == nullptr || !b->OnTable()) return absl::OkStatus();
  Explanation why;
  const int hits =
      FireHits(dice_, ZuluFireInput(s_, *z, *b), kTableZuluFire, log_.wanted() ? &why : nullptr);
  Event& e = log_.Add(EventKind::kTableRoll, Side::kZulu);
  if (log_.wanted()) {  // a quiet log is told nothing (event.h)
    e.unit_ids = {zulu_id};
    e.target_id = british_id;
    e.why = why;
    e.announce = absl::StrCat("The Zulu fire of ", zulu_id, " at ", british_id, ": ", hits, " hit(s).");
  }
  if (hits > 0) return melee_.Casualties(british_id, hits, "zulu_fire", false);
  return absl::OkStatus();
}

}  // namespace impi::tsatf
