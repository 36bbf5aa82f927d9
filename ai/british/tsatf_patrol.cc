#include "ai/british/tsatf_patrol.h"

#include <algorithm>
#include <limits>

#include "absl/strings/str_cat.h"
#include "engine/core/geometry.h"
#include "engine/rulesets/tsatf/context.h"
#include "engine/rulesets/tsatf/victory.h"

namespace impi::ai {
namespace {

// A Zulu regiment of any kind (the units the force pool counts) on the
// table with figures.
bool ArmedZulu(const Unit& z) {
  return tsatf::CountsInPool(z) && z.OnTable() && z.figures.Present() > 0;
}

double NearestArmedZulu(const BattleState& s, const Vec2& p) {
  double best = std::numeric_limits<double>::infinity();
  for (const Unit& z : s.units) {
    if (ArmedZulu(z)) best = std::min(best, Distance(z.position, p));
  }
  return best;
}

}  // namespace

double ScorePatrolOption(const BattleState& s, const Action& a, std::string* why) {
  const Unit* u = s.FindUnit(a.unit_id);
  switch (a.kind) {
    case ActionKind::kPass:
      *why = "nothing better to do: pass";
      return 0.0;
    case ActionKind::kCharge:
      *why = "the patrol does not charge";
      return -100.0;
    case ActionKind::kCloseCombatResult:
      *why = absl::StrCat(a.unit_id.str(), " fights its close combat");
      return 100.0;
    case ActionKind::kFire: {
      const Unit* t = s.FindUnit(a.target_id);
      if (u == nullptr || t == nullptr) return -1.0;
      const double d = Distance(u->position, t->position);
      if (t->kind == UnitKind::kLoneZulu) {
        *why = absl::StrCat(a.unit_id.str(), " fires at the lone Zulu ", t->id.str(), ": nothing else in range");
        return 10.0 - d / 100.0;
      }
      *why = absl::StrCat(a.unit_id.str(), " fires at the nearest Zulu unit, ", t->id.str());
      return 100.0 - d;
    }
    case ActionKind::kMove: {
      if (u == nullptr) return -1.0;
      if (a.off_table) {
        *why = "the patrol does not leave the table";
        return -100.0;
      }
      const Point* obj = s.FindPoint(PointKind::kAppearance, tsatf::ObjectivePoint(s));
      if (obj == nullptr) return -1.0;
      if (NearestArmedZulu(s, u->position) <= ScriptedPatrol::kHoldRange) {
        *why = absl::StrCat(a.unit_id.str(), " holds its ground: Zulus are close");
        return -10.0;
      }
      const double gain = Distance(u->position, obj->position) - Distance(a.to, obj->position);
      *why = absl::StrCat(a.unit_id.str(), " advances on the objective");
      return gain > 0.5 ? 50.0 + gain : -1.0;
    }
    default:
      *why = "not an option of the script";
      return -50.0;
  }
}

int ScriptedPatrol::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                           std::string* why) {
  (void)dice;
  int best = 0;
  double best_score = -std::numeric_limits<double>::infinity();
  std::string best_why;
  for (size_t i = 0; i < options.size(); ++i) {
    std::string w;
    const double score = ScorePatrolOption(state, options[i], &w);
    if (score > best_score) {
      best_score = score;
      best = static_cast<int>(i);
      best_why = w;
    }
  }
  if (why != nullptr) *why = best_why;
  return best;
}

}  // namespace impi::ai
