#include "engine/rulesets/tsatf/british_actions.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/turn.h"
#include "engine/rulesets/tsatf/victory.h"

namespace impi::tsatf {

absl::Status BritishActions::ApplyBritish(const Action& a, const std::string& path) {
  IMPI_RETURN_IF_ERROR(ApplyBritishAction(a, path));
  movement_.SettleZulus();  // a conversion, a fall back or a lone Zulu's move may need it
  return absl::OkStatus();
}

absl::Status BritishActions::ApplyBritishAction(const Action& a, const std::string& path) {
  Awaiting aw = AwaitsOf(s_, false);
  auto not_now = [&](const char* what) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ".kind: ", what, " is not allowed now: ", AwaitsOf(s_, true).prompt));
  };
  switch (a.kind) {
    case ActionKind::kPass:
      if (aw.side != Side::kBritish) return not_now("PASS");
      if (aw.kind == AwaitKind::kBritishCloseCombat) {
        if (c_.Resolving()) IMPI_RETURN_IF_ERROR(melee_.FightRemaining(path));
        s_.clock.phase = Phase::kEndOfTurn;
      } else {
        c_.deck().current_card = CardColor::kUnspecified;
        c_.deck().british_moves_left = -1;
      }
      {
        Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
        if (log_.wanted()) e.announce = "The British pass.";
      }
      return absl::OkStatus();
    case ActionKind::kMove:
      if (aw.kind != AwaitKind::kBritishMove) return not_now("MOVE");
      return BritishMove(a, path);
    case ActionKind::kFire:
      if (aw.kind != AwaitKind::kBritishFire) return not_now("FIRE");
      return BritishFire(a, path);
    case ActionKind::kCharge:
      if (aw.kind != AwaitKind::kBritishMove && aw.kind != AwaitKind::kBritishCloseCombat) {
        return not_now("CHARGE");
      }
      return BritishCharge(a, path);
    case ActionKind::kCasualties:
    case ActionKind::kCloseCombatResult:
      if (aw.side != Side::kBritish) return not_now("CASUALTIES");
      if (a.kind == ActionKind::kCloseCombatResult && aw.kind != AwaitKind::kBritishCloseCombat) {
        return not_now("CLOSE_COMBAT_RESULT");
      }
      if (a.kind == ActionKind::kCloseCombatResult && c_.Resolving() && !a.unit_id.empty()) {
        return melee_.FightCloseCombat(a.unit_id, path);
      }
      return melee_.Casualties(a.target_id, a.casualties, path, a.kind == ActionKind::kCloseCombatResult);
    case ActionKind::kRemove: {
      if (aw.side != Side::kBritish) return not_now("REMOVE");
      const Unit* t = s_.FindUnit(a.target_id);
      if (t == nullptr) {
        return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: no unit '", a.target_id.str(), "'"));
      }
      if (t->side == Side::kBritish) {
        Unit* b = s_.FindUnit(a.target_id);
        b->off_table = true;
        Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
        e.unit_ids = {a.target_id};
        e.announce = absl::StrCat(a.target_id.str(), " leaves the table.");
      } else {
        c_.RemoveUnit(a.target_id, "destroyed at the table", true);
      }
      return absl::OkStatus();
    }
    default:
      return absl::InvalidArgumentError(absl::StrCat(
          path, ".kind: ", ActionKindName(a.kind), " is not a British action in Zulu Control"));
  }
}

absl::Status BritishActions::BritishMove(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (u == nullptr || u->side != Side::kBritish) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".unit_id: '", a.unit_id.str(),
                                                   "' is not a British unit"));
  }
  if (!u->OnTable()) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                      " is not on the table"));
  }
  if (u->status.acted) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                      " has already moved this turn"));
  }
  IMPI_RETURN_IF_ERROR(NotLockedInCloseCombat(s_, *u, path));
  if (c_.deck().british_moves_left == 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": movement limitation: no more British units may move on this last British card"));
  }
  std::vector<Vec2> pts{u->position};
  for (const Vec2& p : a.path) pts.push_back(p);
  if (!a.off_table) pts.push_back(a.to);
  for (size_t i = 1; i < pts.size(); ++i) {
    const Vec2& p = pts[i];
    if (p.x() < 0 || p.y() < 0 || p.x() > s_.table.width || p.y() > s_.table.height) {
      return absl::InvalidArgumentError(absl::StrCat(path, i + 1 == pts.size() && !a.off_table ? ".to" : ".path",
                                                     ": ", At(p), " is off the table (",
                                                     s_.table.width, " x ", s_.table.height, ")"));
    }
  }
  // Designed (footprint.h): a move does not end on or beside a Zulu unit;
  // closing with one is a CHARGE.
  std::string near;
  if (!a.off_table && !ClearOfZulus(s_, *u, a.to, &near)) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ".to: ", At(a.to), " is within ", Inches(kClearOfBritish), " of the Zulu unit ", near,
        ": to close with it, CHARGE it (designed)"));
  }
  u->status.acted = true;
  if (c_.deck().british_moves_left > 0) --c_.deck().british_moves_left;
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  if (log_.wanted()) {
    e.unit_ids = {a.unit_id};
    e.path = pts;
  }
  if (a.off_table) {
    u->off_table = true;
    if (log_.wanted()) e.announce = absl::StrCat(a.unit_id.str(), " moves off the table.");
    return absl::OkStatus();
  }
  u->position = a.to;
  if (log_.wanted()) e.announce = absl::StrCat(a.unit_id.str(), " moves to ", At(a.to), ".");
  Unit copy = *u;
  creation_.CheckAppearancePoints(copy, pts);
  // Designed (victory.h): the patrol's objective counts as reached even
  // when it has already generated an impi (SPENT); OCCUPIED is as final.
  if (SpentObjectiveReached(s_, a.to)) {
    Point* p = s_.FindPoint(PointKind::kAppearance, ObjectivePoint(s_));
    p->state = PointState::kOccupied;
    Event& o = log_.Add(EventKind::kPointOccupied, Side::kBritish);
    o.point = p->number;
    o.point_kind = PointKind::kAppearance;
    o.unit_ids = {a.unit_id};
    o.why = Rule(kSectionVictory, absl::StrCat(a.unit_id.str(), " reaches the patrol's objective, appearance point ",
                                               p->number, "."));
    o.why.rule.designed = true;
  }
  return absl::OkStatus();
}

absl::Status BritishActions::BritishFire(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (u == nullptr || u->side != Side::kBritish) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".unit_id: '", a.unit_id.str(),
                                                   "' is not a British unit"));
  }
  if (!u->OnTable() || u->status.fired) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                      u->OnTable() ? " has already fired this turn"
                                                                   : " is not on the table"));
  }
  const Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr || t->side != Side::kZulu || !t->OnTable()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: '", a.target_id.str(),
                                                   "' is not a Zulu unit on the table"));
  }
  if (t->kind == UnitKind::kImpi) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: ", a.target_id.str(),
                                                   " is an impi: fire at one of its regiments"));
  }
  if (a.hits < 0 || a.hits > t->figures.Present()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".hits: ", a.hits, " is not between 0 and the ",
                                                   t->figures.Present(), " figures of ", a.target_id.str()));
  }
  int hits = a.hits;
  if (c_.Resolving()) {
    IMPI_RETURN_IF_ERROR(RollBritishFire(a, path, &hits));
    u = s_.FindUnit(a.unit_id);
    t = s_.FindUnit(a.target_id);
  }
  u->status.fired = true;
  const SharedString parent = t->parent;
  const SharedString shooter = u->id;
  for (Unit& x : s_.units) {
    if (x.id == a.target_id || (!parent.empty() && x.id == parent)) {
      AddUnique(c_.U(x).fired_on_by_this_turn, shooter);
    }
  }
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  if (log_.wanted()) {
    e.unit_ids = {a.unit_id};
    e.target_id = a.target_id;
    e.announce = absl::StrCat(a.unit_id.str(), " fires at ", a.target_id.str(), ": ", hits, " hit(s).");
  }
  if (t->kind == UnitKind::kLoneZulu) {
    return conversion_.LoneZulu(a.target_id, hits > 0 ? LoneZuluEvent::kFiredAtHit : LoneZuluEvent::kFiredAtMissed,
                    a.unit_id);
  }
  if (hits > 0) return melee_.Casualties(a.target_id, hits, path, false);
  return absl::OkStatus();
}

absl::Status BritishActions::BritishCharge(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (u == nullptr || u->side != Side::kBritish || !u->OnTable()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".unit_id: '", a.unit_id.str(),
                                                   "' is not a British unit on the table"));
  }
  const Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr || t->side != Side::kZulu || !t->OnTable() || t->kind == UnitKind::kImpi) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: '", a.target_id.str(),
                                                   "' is not a Zulu unit on the table (charge a "
                                                   "regiment, not the impi)"));
  }
  IMPI_RETURN_IF_ERROR(NotLockedInCloseCombat(s_, *u, path));
  bool in_movement = s_.clock.phase == Phase::kMovement;
  if (in_movement) {
    if (u->status.acted) {
      return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                        " has already moved this turn"));
    }
    if (c_.deck().british_moves_left == 0) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ": movement limitation: no more British units may move on this last British card"));
    }
    if (c_.deck().british_moves_left > 0) --c_.deck().british_moves_left;
  }
  Vec2 from = u->position;
  // Designed (footprint.h): in contact, beside any friend already there.
  Vec2 contact = ChargeContact(s_, *u, t->position, kContact);
  u->position = contact;
  u->status.acted = true;
  UnitKind kind = t->kind;
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  e.unit_ids = {a.unit_id};
  e.target_id = a.target_id;
  e.path = {from, contact};
  e.announce = absl::StrCat(a.unit_id.str(), " charges ", a.target_id.str(), ".");
  Unit copy = *u;
  if (in_movement) creation_.CheckAppearancePoints(copy, {from, contact});
  if (s_.FindUnit(a.target_id) == nullptr) return absl::OkStatus();  // converted meanwhile
  if (kind == UnitKind::kLoneZulu) {
    return conversion_.LoneZulu(a.target_id, LoneZuluEvent::kAttackedInCloseCombat, a.unit_id);
  }
  if (kind == UnitKind::kSkirmishers || kind == UnitKind::kRifleRegiment) {
    return conversion_.TestToStand(a.target_id, a.unit_id);
  }
  s_.FindUnit(a.unit_id)->status.in_close_combat = true;
  s_.FindUnit(a.target_id)->status.in_close_combat = true;
  return absl::OkStatus();
}

absl::Status BritishActions::RollBritishFire(const Action& a, const std::string& path, int* hits) {
  if (a.hits != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, ".hits: ", a.hits, ": the engine rolls the hits (", kResolveBritishParam,
        " = 1): send FIRE with no hits"));
  }
  const Unit* u = s_.FindUnit(a.unit_id);
  const Unit* t = s_.FindUnit(a.target_id);
  FireInput in;
  std::string reason;
  // A die's purpose is read by a log of rolls or a script that runs out.
  const bool told = log_.wanted() || dice_.keeps_rolls() || dice_.scripted();
  if (!BritishFireInput(s_, *u, *t, &in, &reason, told)) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".target_id: ", reason));
  }
  // A quiet log is told nothing: the dice are rolled alike, no account written.
  Explanation why;
  *hits = FireHits(dice_, in, kTableBritishFire, log_.wanted() ? &why : nullptr);
  Event& e = log_.Add(EventKind::kFired, Side::kBritish);
  if (!log_.wanted()) return absl::OkStatus();
  e.unit_ids = {a.unit_id};
  e.target_id = a.target_id;
  e.why = std::move(why);
  e.announce = absl::StrCat(a.unit_id.str(), " fires at ", a.target_id.str(), ": ", *hits, " hit(s).");
  return absl::OkStatus();
}

}  // namespace impi::tsatf
