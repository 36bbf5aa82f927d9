#include "engine/rulesets/tsatf/targets.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/tsatf/tables.h"

namespace impi::tsatf {

const char* TargetRefusal(const Unit& u) {
  if (u.side != Side::kZulu || u.kind != UnitKind::kImpi) return "is not an impi: only impis choose targets this way";
  if (!u.OnTable()) return "is not on the table";
  return nullptr;
}

const char* TemptingRefusal(const Unit& tempting) {
  return IsBritishOnTable(tempting) ? nullptr : "is not a British unit on the table: only they tempt an impi";
}

// "The target unit is always the nearest British unit ... If there are two
// British units equally distant, the umpire may dice for the target.
// Red-coated units will be given priority over non red-coats."
SharedString Targets::NearestBritish(const Vec2& from, bool visible_only, Explanation* why) {
  std::vector<const Unit*> candidates;
  if (visible_only) {
    candidates = VisibleBritish(s_, from);
  } else {
    for (const Unit& u : s_.units) {
      if (IsBritishOnTable(u)) candidates.push_back(&u);
    }
  }
  *why = Rule("IMPI CREATION", "No British unit in sight.");
  if (candidates.empty()) return SharedString();
  std::stable_sort(candidates.begin(), candidates.end(), [&](const Unit* a, const Unit* b) {
    return Distance(from, a->position) < Distance(from, b->position);
  });
  double d0 = Distance(from, candidates[0]->position);
  std::vector<const Unit*> ties;
  for (const Unit* u : candidates) {
    if (Distance(from, u->position) <= d0 + kTieInches) ties.push_back(u);
  }
  bool any_red = std::any_of(ties.begin(), ties.end(), [](const Unit* u) { return u->red_coat; });
  std::string text = absl::StrCat("The target is the nearest British unit: ");
  if (ties.size() > 1 && any_red) {
    std::vector<const Unit*> red;
    for (const Unit* u : ties) {
      if (u->red_coat) red.push_back(u);
    }
    if (red.size() < ties.size()) text += "red coats are given priority; ";
    ties = red;
  }
  const Unit* chosen = ties[0];
  if (ties.size() > 1) {
    if (ties.size() > 6) ties.resize(6);
    Explanation pick;
    std::vector<std::string> names;
    for (const Unit* u : ties) names.push_back(u->id);
    int i = PickAmong(dice_, static_cast<int>(ties.size()),
                      absl::StrCat("dice for the target among ", ties.size(), " equally distant"),
                      &pick, names);
    chosen = ties[i];
    why->dice = pick.dice;
    absl::StrAppend(&text, ties.size(), " equally distant units diced for (", pick.text, "); ");
  }
  absl::StrAppend(&text, chosen->id.str(), " at ", Inches(Distance(from, chosen->position)), ".");
  why->text = text;
  return chosen->id;
}

// IMPI CREATION: "The target will never change unless: the target unit is
// destroyed or moves off the table top; another British unit gets in the way;
// ... the Zulu unit is "tempted"" and NOTES ON ZULU MOVEMENT.
absl::Status Targets::UpdateTarget(const std::string& unit_id, double move_distance) {
  Unit* f = s_.FindUnit(unit_id);
  if (f == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  if (const char* no = TargetRefusal(*f)) return absl::FailedPreconditionError(absl::StrCat(unit_id, " ", no));
  const Vec2 pos = f->position;
  const SharedString old = c_.U(*f).target_id;
  const Unit* target = s_.FindUnit(old);
  bool target_gone = target == nullptr || !IsBritishOnTable(*target);

  auto choose = [&](const std::string& reason) {
    Explanation why;
    const SharedString id = NearestBritish(pos, true, &why);
    why.text = absl::StrCat(reason, " ", why.text);
    Unit* g = s_.FindUnit(unit_id);
    if (id.empty()) {
      Event& e = c_.Decision(EventKind::kNothing, why);
      e.unit_ids = {unit_id};
      e.umpire_only = true;
      if (c_.U(*g).has_last_known_target) {
        e.why.rule.section = "NOTES ON ZULU MOVEMENT";
        e.why.text += " It will move towards the last known position of its target " +
                      At(c_.U(*g).last_known_target) + ".";
      } else {
        e.why.rule.section = "NOTES ON ZULU MOVEMENT";
        e.why.text += " It has no target and remains stationary till it sees a British unit.";
      }
      c_.U(*g).target_id = SharedString();
      return;
    }
    c_.U(*g).target_id = id;
    const Unit* t = s_.FindUnit(id);
    c_.U(*g).last_known_target = t->position;
    c_.U(*g).has_last_known_target = true;
    Event& e = c_.Decision(EventKind::kTargetChosen, why);
    e.unit_ids = {unit_id};
    e.target_id = id;
    e.umpire_only = true;
  };

  if (target_gone) {
    choose(old.empty() ? std::string("New force:")
                       : absl::StrCat("Its target ", old.str(), " is destroyed or has left the table."));
    return absl::OkStatus();
  }
  std::vector<const Unit*> visible = VisibleBritish(s_, pos);
  bool target_visible = std::any_of(visible.begin(), visible.end(),
                                    [&](const Unit* u) { return u->id == old; });
  if (!target_visible) {
    if (!visible.empty()) {
      choose(absl::StrCat("It cannot see its target ", old.str(), "; another British unit is in sight."));
    } else {
      Explanation why = Rule("NOTES ON ZULU MOVEMENT",
                             absl::StrCat("It cannot see its target ", old.str(),
                                          " and no other British unit is in sight: it moves "
                                          "towards the last known position ",
                                          At(c_.U(*f).last_known_target), "."));
      Event& e = c_.Decision(EventKind::kTargetKept, why);
      e.unit_ids = {unit_id};
      e.target_id = old;
      e.umpire_only = true;
    }
    return absl::OkStatus();
  }
  c_.U(*f).last_known_target = target->position;
  c_.U(*f).has_last_known_target = true;
  // "If another British unit gets in the way, it becomes the new target unit."
  const Unit* in_way = nullptr;
  for (const Unit& u : s_.units) {
    if (!IsBritishOnTable(u) || u.id == old) continue;
    if (GetsInTheWay(pos, target->position, u.position, kRegimentRadius * 2)) {
      if (in_way == nullptr || Distance(pos, u.position) < Distance(pos, in_way->position)) {
        in_way = &u;
      }
    }
  }
  if (in_way != nullptr) {
    Explanation why = Rule("IMPI CREATION",
                           absl::StrCat(in_way->id.str(), " gets in the way of ", unit_id, " and its target ",
                                        old.str(), ": it becomes the new target."));
    std::string id = in_way->id;
    c_.U(*f).target_id = id;
    c_.U(*f).last_known_target = in_way->position;
    Event& e = c_.Decision(EventKind::kTargetChosen, why);
    e.unit_ids = {unit_id};
    e.target_id = id;
    e.umpire_only = true;
    return absl::OkStatus();
  }
  // "If the target unit is not within 24" when the Impi moves and there is
  // another British unit within 24" the Impi will be tempted as above."
  double dt = Distance(pos, target->position);
  const Unit* tempting = nullptr;
  if (dt > kChargeRange) {
    for (const Unit* u : visible) {
      if (u->id == old || Distance(pos, u->position) > kChargeRange) continue;
      if (tempting == nullptr || Distance(pos, u->position) < Distance(pos, tempting->position)) {
        tempting = u;
      }
    }
  }
  // "If the Impi cannot reach the target unit while moving in the direction of
  // its hand and there is another British unit that could be reached in that
  // same move distance then the Impi will be tempted to change its target."
  // That is an impi that must go round something (an obstacle, another impi)
  // in the direction of its hand on this move, not one that merely falls
  // short on open ground.
  if (tempting == nullptr && move_distance > 0) {
    Path p = ZuluPath(pos, target->position, move_distance, ObstaclesFor(s_, *f, old),
                         c_.U(*f).hand == Hand::kRight ? Turn::kRight : Turn::kLeft, kContact);
    if (!p.reached && (p.detoured || p.blocked)) {
      for (const Unit* u : visible) {
        if (u->id == old || Distance(pos, u->position) - kContact > move_distance) continue;
        if (tempting == nullptr || Distance(pos, u->position) < Distance(pos, tempting->position)) {
          tempting = u;
        }
      }
    }
  }
  if (tempting != nullptr) return Tempt(unit_id, tempting->id);
  return absl::OkStatus();
}

absl::Status Targets::Tempt(const std::string& unit_id, const std::string& tempting_id) {
  Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  if (const char* no = TargetRefusal(*u)) return absl::FailedPreconditionError(absl::StrCat(unit_id, " ", no));
  const Unit* by = s_.FindUnit(tempting_id);
  if (by == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("tempting_unit_id: no unit '", tempting_id, "'"));
  }
  if (const char* no = TemptingRefusal(*by)) {
    return absl::FailedPreconditionError(absl::StrCat(tempting_id, " ", no));
  }
  // "+1 to the die roll if the tempting unit fired on the tempted Impi last
  // turn": a shot at any of the impi's regiments counts.
  bool fired = false;
  for (const Unit& x : s_.units) {
    if (x.id != unit_id && x.parent != unit_id) continue;
    const auto& v = c_.U(x).fired_on_by_last_turn;
    fired |= std::find(v.begin(), v.end(), by->id) != v.end();
  }
  Explanation why;
  bool change = Temptation(dice_, fired, &why);
  u = s_.FindUnit(unit_id);
  const SharedString old = c_.U(*u).target_id;
  if (change) {
    c_.U(*u).target_id = by->id;
    const Unit* t = by;
    if (t != nullptr) {
      c_.U(*u).last_known_target = t->position;
      c_.U(*u).has_last_known_target = true;
    }
  }
  why.text = absl::StrCat(unit_id, " is tempted by ", tempting_id, " away from ",
                          old.empty() ? "no target" : old.str(), ": ", why.text);
  Event& e = c_.Decision(change ? EventKind::kTargetChosen : EventKind::kTargetKept, why);
  e.unit_ids = {unit_id};
  e.target_id = c_.U(*u).target_id;
  e.umpire_only = true;
  if (!change) e.alternatives.push_back({absl::StrCat("change target to ", tempting_id), "the impi remained faithful"});
  return absl::OkStatus();
}

}  // namespace impi::tsatf
