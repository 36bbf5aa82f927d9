// ai/doctrine/ferree/ferree_doctrine.h: the Zulu RULES policy for Ferree's
// Isandlwana (001_4c61f40cf0987cbf.txt).
//
// Overview: the engine lists the Zulu options (structured Actions: OFF_BOARD,
// END_DEPLOYMENT, MOVE, STANCE, CHARGE, ORDER, FIRE, PASS) and FerreeDoctrine
// picks one by scoring each option with a small function of its kind, in the
// spirit of the rules and of the battle of 22 January 1879:
//   - the plan: the loins and up to two regiments at the tip of the right
//     horn go off-board round iSandlwana (entry point 2 for the loins, 1 for
//     the right horn); the scenario's start positions are kept;
//   - a regiment's posture: ADVANCE on the nearest British unit (the horns
//     aimed wide of it, to envelop), GO TO GROUND when within 12" of a
//     company that is firing and not yet within 6" (the pause under the
//     24th's volleys), ATTACK when a tray is within 6" or a British unit
//     within 12" has slackened its fire (low or out of ammunition, retiring,
//     retreating): rise and charge it;
//   - an induna goes to, and orders, the regiment that has not acted and is
//     nearest the enemy; a sniper shoots at officers in sight, else at the
//     nearest figure; a tray always tests to charge a retiring unit and
//     always closes.
// The highest score wins; ties go to the earlier option. The doctrine rolls
// no dice, so the same state and options give the same choice.
//
// A style (PolicySpec::style) varies one rule, for the arena and for the
// search's rollouts; neither is in the source text:
//   - "bold": a regiment charges any British unit within rifle range (12"),
//     firing or not, rather than going to ground under its fire. On the
//     designed ridge it wins about 6 points more often than the doctrine;
//     a search whose rollouts play it (mcts:N:style=bold) measured no
//     better than it at 256 iterations (docs/strength.md).
//
// ZuluValue is a heuristic value of a state for the Zulu side in [-1, 1]
// (British figures put out of action against Zulu regiments broken), for
// search.
//
// Usage:
//   RegisterPolicy("FERREE_ISANDLWANA", Side::kZulu, PolicyKind::kRules,
//                  [](const PolicySpec&) { return std::make_unique<FerreeDoctrine>(); });
//   FerreeDoctrine d;
//   int i = d.Choose(state, options, dice, &why);
//
// Thread safety: FerreeDoctrine holds no state; use one object per thread
// anyway, as the Policy interface says.
#ifndef IMPI_AI_DOCTRINE_FERREE_FERREE_DOCTRINE_H_
#define IMPI_AI_DOCTRINE_FERREE_FERREE_DOCTRINE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"

namespace impi::ai {

// The doctrine as described, or one rule varied (see the overview).
enum class FerreeStyle { kDoctrine, kBold };

// The style a PolicySpec::style names ("" the doctrine, "bold"); nullopt for
// a name the doctrine does not know.
std::optional<FerreeStyle> FerreeStyleNamed(std::string_view name);

class FerreeDoctrine : public Policy {
 public:
  explicit FerreeDoctrine(FerreeStyle style = FerreeStyle::kDoctrine) : style_(style) {}
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;

 private:
  FerreeStyle style_;
};

// What a regiment should do now (see the overview).
enum class ZuluPosture { kAdvance, kGoToGround, kAttack };
const char* ZuluPostureName(ZuluPosture p);

// The posture of `regiment_id`, and the British unit it concerns (the one to
// attack, the one whose fire pins it, or the nearest), if any.
ZuluPosture PostureOf(const BattleState& state, const std::string& regiment_id,
                      const Unit** concern = nullptr,
                      FerreeStyle style = FerreeStyle::kDoctrine);

// The right-horn regiments the plan sends round iSandlwana: the (up to two,
// less those already sent) on the table farthest from the chest.
std::vector<std::string> RightHornFlankers(const BattleState& state);

// One option's score (higher is better) and a short reason: a fixed
// reason is kept by its address (most are: scoring the options of a
// decision allocates nothing for them), one composed for the option is
// kept as a string.
class OptionScore {
 public:
  OptionScore() = default;
  OptionScore(double v, const char* fixed) : value(v), fixed_(fixed) {}
  OptionScore(double v, std::string composed) : value(v), composed_(std::move(composed)) {}

  absl::string_view reason() const {
    return fixed_ != nullptr ? absl::string_view(fixed_) : absl::string_view(composed_);
  }

  double value = 0.0;

 private:
  const char* fixed_ = nullptr;
  std::string composed_;
};
OptionScore ScoreZuluOption(const BattleState& state, const Action& option,
                            FerreeStyle style = FerreeStyle::kDoctrine);

// Heuristic value for the Zulu side in [-1, 1]: the fraction of British
// figures put out of action (seriously wounded or killed) less the fraction
// of Zulu regiments broken (or with no figures left).
double ZuluValue(const BattleState& state);

}  // namespace impi::ai

#endif  // IMPI_AI_DOCTRINE_FERREE_FERREE_DOCTRINE_H_
