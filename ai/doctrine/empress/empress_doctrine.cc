// The RULES Zulu of EMPRESS_DWG. See empress_doctrine.h.
#include "ai/doctrine/empress/empress_doctrine.h"

#include <limits>

#include "engine/rulesets/empress/board.h"
#include "engine/rulesets/empress/empress.h"

namespace impi::ai {
namespace {

using empress::Active;
using empress::ProfileOf;

double NearestEnemy(const BattleState& s, const Unit& u, bool cavalry_only = false) {
  double best = std::numeric_limits<double>::infinity();
  for (const Unit& e : s.units) {
    if (e.side == u.side || !Active(e)) continue;
    if (cavalry_only && !ProfileOf(s, e).colonial_cavalry) continue;
    best = std::min(best, Distance(e.position, u.position) - empress::UnitRadius(e) - empress::UnitRadius(u));
  }
  return best;
}

int First(const std::vector<Action>& options, const std::vector<int>& mine, ActionKind kind, int point = -1) {
  for (int i : mine) {
    const Action& a = options[i];
    if (a.kind == kind && a.target_id.empty() == (kind != ActionKind::kCharge && kind != ActionKind::kFire) &&
        (point < 0 || a.point == point)) {
      return i;
    }
  }
  return -1;
}

void Say(std::string* why, const char* text) {
  if (why != nullptr) *why = text;
}

}  // namespace

std::vector<int> FirstUnitOptions(const std::vector<Action>& options) {
  std::vector<int> mine;
  for (int i = 0; i < static_cast<int>(options.size()); ++i) {
    if (options[i].unit_id == options[0].unit_id) mine.push_back(i);
  }
  return mine;
}

empress::Standing StandingOf(const BattleState& s, const Unit& u) {
  const empress::EmpressUnit* e = empress::UnitState(s, u);
  return e != nullptr && e->standing == empress::Standing::kAttack ? empress::Standing::kAttack
                                                                   : empress::Standing::kHold;
}

int ChooseForNonFighter(const BattleState& s, const std::vector<Action>& options, const std::vector<int>& mine,
                        std::string* why, const WantedStandings& wanted) {
  const Unit* u = s.FindUnit(options[mine.front()].unit_id);
  if (u == nullptr || empress::Fights(*u)) return -1;
  // COMMAND: attached to a unit for this move, he changes its standing order.
  for (int i : mine) {
    const Action& a = options[i];
    const Unit* t = a.kind == ActionKind::kOrder ? s.FindUnit(a.target_id) : nullptr;
    if (t != nullptr && static_cast<int>(wanted(*t)) == a.point) {
      Say(why, "changes the standing order of the unit he is attached to");
      return i;
    }
  }
  const bool commands = empress::CommandOf(s, *u) != empress::Command::kNone;
  int best = mine.front();
  bool best_change = false;
  double best_d = std::numeric_limits<double>::infinity();
  for (int i : mine) {
    const Action& a = options[i];
    if (a.kind != ActionKind::kMove || a.target_id.empty()) continue;
    const Unit* t = s.FindUnit(a.target_id);
    if (t == nullptr) continue;
    const bool change = commands && wanted(*t) != StandingOf(s, *t);
    const double d = NearestEnemy(s, *t);
    if ((change && !best_change) || (change == best_change && d < best_d)) {
      best_change = change;
      best_d = d;
      best = i;
    }
  }
  Say(why, best_change ? "attaches himself to a unit to change its standing order"
                       : "joins the unit nearest the enemy");
  return best;
}

Decision BeginDecision(const BattleState& s, const std::vector<Action>& options, std::string* why,
                       const WantedStandings& wanted) {
  Decision d;
  d.mine = FirstUnitOptions(options);
  d.choice = ChooseForNonFighter(s, options, d.mine, why, wanted);
  d.unit = s.FindUnit(options[0].unit_id);
  if (d.unit == nullptr) d.choice = 0;
  return d;
}

empress::Standing EmpressPolicy::WantedStanding(const BattleState& s, const Unit& unit) const {
  return StandingOf(s, unit);
}

int EmpressPolicy::Choose(const BattleState& s, const std::vector<Action>& options, Dice& dice,
                          std::string* why) {
  (void)dice;
  const Decision d =
      BeginDecision(s, options, why, [&](const Unit& unit) { return WantedStanding(s, unit); });
  return d.choice >= 0 ? d.choice : Order(s, options, d, why);
}

empress::Standing EmpressDoctrine::WantedStanding(const BattleState& s, const Unit& unit) const {
  (void)s;
  (void)unit;
  return empress::Standing::kAttack;
}

int EmpressDoctrine::Order(const BattleState& s, const std::vector<Action>& options, const Decision& d,
                           std::string* why) {
  const std::vector<int>& mine = d.mine;
  const Unit* u = d.unit;
  const empress::Condition c = empress::ConditionNow(s, *u);
  if (c != empress::Condition::kSteady && NearestEnemy(s, *u, /*cavalry_only=*/true) <= 18.0) {
    if (const int evade = First(options, mine, ActionKind::kMove, 1); evade >= 0) {
      Say(why, "evades the horsemen");
      return evade;
    }
  }
  for (int i : mine) {
    const Action& a = options[i];
    if (a.kind != ActionKind::kCharge) continue;
    const Unit* t = s.FindUnit(a.target_id);
    if (t != nullptr && Distance(t->position, u->position) - empress::UnitRadius(*t) - empress::UnitRadius(*u) <= 13.0) {
      Say(why, "charges the nearest enemy within reach");
      return i;
    }
  }
  // The advances: towards the nearest enemy first, the objective second.
  std::vector<int> advances;
  for (int i : mine) {
    if (options[i].kind == ActionKind::kMove && options[i].target_id.empty() && options[i].point == 0) {
      advances.push_back(i);
    }
  }
  if (advances.size() > 1 && NearestEnemy(s, *u) > 24.0) {
    Say(why, "advances on the objective");
    return advances[1];
  }
  if (!advances.empty()) {
    Say(why, "advances on the nearest enemy");
    return advances[0];
  }
  if (const int fire = First(options, mine, ActionKind::kFire); fire >= 0) {
    Say(why, "fires at the nearest enemy");
    return fire;
  }
  Say(why, "holds");
  return mine.front();
}

}  // namespace impi::ai
