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

// What the script reads of the state for one choice, worked out once: the
// objective, and the nearest armed Zulu to the unit last asked about (a
// unit's options come together).
class PatrolView {
 public:
  explicit PatrolView(const BattleState& s) : s_(s) {}

  const Point* Objective() {
    if (!objective_known_) {
      objective_ = s_.FindPoint(PointKind::kAppearance, tsatf::ObjectivePoint(s_));
      objective_known_ = true;
    }
    return objective_;
  }
  double NearestArmedZuluTo(const Unit& u) {
    if (&u != near_unit_) {
      near_unit_ = &u;
      near_ = NearestArmedZulu(s_, u.position);
    }
    return near_;
  }

 private:
  const BattleState& s_;
  const Point* objective_ = nullptr;
  bool objective_known_ = false;
  const Unit* near_unit_ = nullptr;
  double near_ = 0.0;
};

// ScorePatrolOption, with the reason written only when `why` is not null.
double Score(const BattleState& s, PatrolView& view, const Action& a, std::string* why) {
  auto say = [why](auto&&... parts) {
    if (why != nullptr) *why = absl::StrCat(parts...);
  };
  const Unit* u = s.FindUnit(a.unit_id);
  switch (a.kind) {
    case ActionKind::kPass:
      say("nothing better to do: pass");
      return 0.0;
    case ActionKind::kCharge:
      say("the patrol does not charge");
      return -100.0;
    case ActionKind::kCloseCombatResult:
      say(a.unit_id.str(), " fights its close combat");
      return 100.0;
    case ActionKind::kFire: {
      const Unit* t = s.FindUnit(a.target_id);
      if (u == nullptr || t == nullptr) return -1.0;
      const double d = Distance(u->position, t->position);
      if (t->kind == UnitKind::kLoneZulu) {
        say(a.unit_id.str(), " fires at the lone Zulu ", t->id.str(), ": nothing else in range");
        return 10.0 - d / 100.0;
      }
      say(a.unit_id.str(), " fires at the nearest Zulu unit, ", t->id.str());
      return 100.0 - d;
    }
    case ActionKind::kMove: {
      if (u == nullptr) return -1.0;
      if (a.off_table) {
        say("the patrol does not leave the table");
        return -100.0;
      }
      const Point* obj = view.Objective();
      if (obj == nullptr) return -1.0;
      if (view.NearestArmedZuluTo(*u) <= ScriptedPatrol::kHoldRange) {
        say(a.unit_id.str(), " holds its ground: Zulus are close");
        return -10.0;
      }
      const double gain = Distance(u->position, obj->position) - Distance(a.to, obj->position);
      say(a.unit_id.str(), " advances on the objective");
      return gain > 0.5 ? 50.0 + gain : -1.0;
    }
    default:
      say("not an option of the script");
      return -50.0;
  }
}

}  // namespace

double ScorePatrolOption(const BattleState& s, const Action& a, std::string* why) {
  PatrolView view(s);
  return Score(s, view, a, why);
}

int ScriptedPatrol::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                           std::string* why) {
  (void)dice;
  // The options are scored with no reasons written; the reason of the one
  // chosen is written at the end, when it is asked for.
  PatrolView view(state);
  int best = 0;
  double best_score = -std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < options.size(); ++i) {
    const double score = Score(state, view, options[i], nullptr);
    if (score > best_score) {
      best_score = score;
      best = static_cast<int>(i);
    }
  }
  if (why != nullptr) {
    why->clear();
    if (!options.empty()) Score(state, view, options[best], why);
  }
  return best;
}

}  // namespace impi::ai
