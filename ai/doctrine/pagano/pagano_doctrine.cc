// The RULES Zulu of Pagano's d10 rules. See pagano_doctrine.h.
#include "ai/doctrine/pagano/pagano_doctrine.h"

#include <limits>

#include "absl/strings/str_cat.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/pagano.h"
#include "engine/rulesets/pagano/state.h"

namespace impi::ai {
namespace {

using pagano::Phase;

// The first option of `kind` (and, for a STANCE, `stance`), or -1.
int FirstOf(const std::vector<Action>& options, ActionKind kind, Stance stance = Stance::kUnspecified) {
  for (size_t i = 0; i < options.size(); ++i) {
    if (options[i].kind == kind && (stance == Stance::kUnspecified || options[i].stance == stance)) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

// The MOVE whose end is nearest `p` (the first on a tie), or -1.
int MoveNearest(const std::vector<Action>& options, const Vec2& p) {
  int best = -1;
  double best_d = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < options.size(); ++i) {
    if (options[i].kind != ActionKind::kMove) continue;
    const double d = Distance(options[i].to, p);
    if (d < best_d) {
      best = static_cast<int>(i);
      best_d = d;
    }
  }
  return best;
}

int Told(int choice, std::string* why, const std::string& text) {
  if (why != nullptr) *why = text;
  return choice;
}

}  // namespace

int PaganoDoctrine::Choose(const BattleState& s, const std::vector<Action>& options, Dice& dice,
                           std::string* why) {
  (void)dice;
  const Unit* u = s.FindUnit(options[0].unit_id);
  if (u == nullptr) return 0;
  const pagano::PaganoState* own = pagano::OwnState(s);
  const Phase phase = pagano::PhaseOf(s);
  const Unit* enemy = pagano::NearestEnemy(s, *u, nullptr);
  if (phase == Phase::kZuluMovement) {
    if (u->kind == UnitKind::kInduna) {
      const int go = enemy != nullptr ? MoveNearest(options, enemy->position) : -1;
      if (go >= 0) return Told(go, why, "the induna goes to the isigaba nearer the enemy, to direct it");
      return Told(0, why, "the induna holds among his izigaba");
    }
    if (u->figures.fit <= 8) {
      const int prone = FirstOf(options, ActionKind::kStance, Stance::kProne);
      if (prone >= 0) return Told(prone, why, "a spent isigaba (8 figures or fewer) goes prone where it is");
      return Told(0, why, "a spent isigaba (8 figures or fewer) holds where it is");
    }
    const int advance = enemy != nullptr ? MoveNearest(options, enemy->position) : -1;
    if (advance >= 0) return Told(advance, why, absl::StrCat("the isigaba advances on ", enemy->id.str()));
    return Told(0, why, "no enemy to advance on");
  }
  if (phase == Phase::kZuluMorale && own != nullptr && own->stage == pagano::Stage::kDecide) {
    // The isigaba due a roll whose roll the +1 most helps.
    int best = -1, best_margin = std::numeric_limits<int>::max();
    for (size_t i = 0; i < options.size(); ++i) {
      if (options[i].kind != ActionKind::kOrder) continue;
      const Unit* t = s.FindUnit(options[i].target_id);
      const pagano::PaganoUnit* e = t != nullptr ? pagano::UnitState(s, *t) : nullptr;
      if (e == nullptr) continue;
      const int margin = t->figures.fit - e->lost_since_morale;
      if (margin < best_margin) {
        best = static_cast<int>(i);
        best_margin = margin;
      }
    }
    if (best >= 0) {
      return Told(best, why, absl::StrCat("the induna directs ", options[best].target_id.str(),
                                          ", the isigaba most shaken by its losses"));
    }
    return Told(0, why, "no isigaba due a morale roll within the induna's reach");
  }
  if (phase == Phase::kZuluMorale) {
    // Stayed: prone, cover, hold, retreat.
    if (const int prone = FirstOf(options, ActionKind::kStance, Stance::kProne); prone >= 0) {
      return Told(prone, why, "stayed: the isigaba goes prone, as several groups did at Isandlwana");
    }
    for (size_t i = 0; i < options.size(); ++i) {
      if (options[i].kind == ActionKind::kMove && options[i].point == 3) {
        return Told(static_cast<int>(i), why, "stayed: the isigaba moves to the nearest cover");
      }
    }
    if (const int hold = FirstOf(options, ActionKind::kPass); hold >= 0) {
      return Told(hold, why, "stayed: prone and in cover, the isigaba holds firm");
    }
    return Told(0, why, "stayed: the isigaba retreats directly away from the enemy");
  }
  if (const int fire = FirstOf(options, ActionKind::kFire); fire >= 0) {
    return Told(fire, why, "the isigaba throws its spears at the closest target");
  }
  return Told(0, why, "");
}

}  // namespace impi::ai
