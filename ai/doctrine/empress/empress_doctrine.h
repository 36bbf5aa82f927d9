// ai/doctrine/empress/empress_doctrine.h: the RULES Zulu of Empress's "Damned
// Wobbly Gentlemen" (EMPRESS_DWG), and the scripted British beside it
// (ai/british/empress_british.h).
//
// Overview: each decision is one unit's order for the move (the options of
// the first unit listed). The Zulus attack: a unit charges the nearest enemy
// it can expect to reach (its gap within 13", the mean of 6" + 2D6), else
// advances on the objective if it has one and no enemy is within 24", else
// on the nearest enemy; it evades when Colonial cavalry could charge it
// (within 18") and it is DISORDERED or SHAKEN ("Units will naturally defend
// themselves or even, in the case of Zulus, try and evade if attacked");
// every regiment's standing order is to attack: the induna (the senior
// commander, COMMAND) attaches himself to a regiment whose standing order is
// to hold and, attached the next move, changes it; else he and the witch
// doctor join the unit nearest the enemy (the +1 and +2 to its morale). Designed, not in the source text: the text
// gives the Zulus orders ("charge redcoats and destroy them") but no
// doctrine.
//
// Thread safety: stateless; one object per game is enough.
#ifndef IMPI_AI_DOCTRINE_EMPRESS_EMPRESS_DOCTRINE_H_
#define IMPI_AI_DOCTRINE_EMPRESS_EMPRESS_DOCTRINE_H_

#include <functional>
#include <string>
#include <vector>

#include "engine/rulesets/empress/empress_state.h"
#include "engine/game/policy.h"

namespace impi::ai {

struct Decision;

// A policy of EMPRESS_DWG: each decision is the order of the first unit
// listed; a unit that does not fight joins a unit (ChooseForNonFighter),
// and the senior commander or aide gives the standing orders the subclass
// wants (WantedStanding); the others are the subclass's to order.
class EmpressPolicy : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) final;

 protected:
  // An index in `options` among `d.mine`, for the fighting unit `d.unit`.
  virtual int Order(const BattleState& state, const std::vector<Action>& options, const Decision& d,
                    std::string* why) = 0;
  // The standing order the policy wants the fighting unit `unit` to have
  // (COMMAND); by default the one it has.
  virtual empress::Standing WantedStanding(const BattleState& state, const Unit& unit) const;
};

class EmpressDoctrine : public EmpressPolicy {
 protected:
  int Order(const BattleState& state, const std::vector<Action>& options, const Decision& d,
            std::string* why) override;
  // Every Zulu regiment attacks.
  empress::Standing WantedStanding(const BattleState& state, const Unit& unit) const override;
};

// The standing order a unit has (HOLD when none is set).
empress::Standing StandingOf(const BattleState& state, const Unit& unit);
// Wanted standing orders, by unit.
using WantedStandings = std::function<empress::Standing(const Unit&)>;

// The options of one unit: the indices in `options` of the first unit listed.
std::vector<int> FirstUnitOptions(const std::vector<Action>& options);
// The unit deciding (the first listed), its options, and the choice if it
// does not fight (ChooseForNonFighter); `choice` is -1 when the caller
// chooses, and `unit` null (choice 0) for a unit not on the table state.
struct Decision {
  const Unit* unit = nullptr;
  std::vector<int> mine;
  int choice = -1;
};
Decision BeginDecision(const BattleState& state, const std::vector<Action>& options, std::string* why,
                       const WantedStandings& wanted);

// For a unit that does not fight (an induna, a witch doctor, an officer, a
// runner): attached to a unit whose standing order is not the one `wanted`,
// the senior commander or aide changes it (ORDER); else, among its MOVE
// options with a target (join a unit), he attaches himself to the unit
// nearest the enemy whose standing order is not the one wanted, or, none
// such, anyone joins the unit nearest its nearest enemy; else its first
// option; -1 for a unit that fights (the caller chooses).
int ChooseForNonFighter(const BattleState& state, const std::vector<Action>& options,
                        const std::vector<int>& mine, std::string* why, const WantedStandings& wanted);

}  // namespace impi::ai

#endif  // IMPI_AI_DOCTRINE_EMPRESS_EMPRESS_DOCTRINE_H_
