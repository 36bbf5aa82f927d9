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
// a unit holding whose induna is in contact takes the standing order to
// attack; the induna and the witch doctor join the unit nearest the enemy
// (the +1 and +2 to its morale). Designed, not in the source text: the text
// gives the Zulus orders ("charge redcoats and destroy them") but no
// doctrine.
//
// Thread safety: stateless; one object per game is enough.
#ifndef IMPI_AI_DOCTRINE_EMPRESS_EMPRESS_DOCTRINE_H_
#define IMPI_AI_DOCTRINE_EMPRESS_EMPRESS_DOCTRINE_H_

#include <string>
#include <vector>

#include "engine/rulesets/policy.h"

namespace impi::ai {

struct Decision;

// A policy of EMPRESS_DWG: each decision is the order of the first unit
// listed; a unit that does not fight joins the unit nearest the enemy
// (ChooseForNonFighter), the others are the subclass's to order.
class EmpressPolicy : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) final;

 protected:
  // An index in `options` among `d.mine`, for the fighting unit `d.unit`.
  virtual int Order(const BattleState& state, const std::vector<Action>& options, const Decision& d,
                    std::string* why) = 0;
};

class EmpressDoctrine : public EmpressPolicy {
 protected:
  int Order(const BattleState& state, const std::vector<Action>& options, const Decision& d,
            std::string* why) override;
};

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
Decision BeginDecision(const BattleState& state, const std::vector<Action>& options, std::string* why);

// For a unit that does not fight (an induna, a witch doctor, an officer):
// among its MOVE options with a target (join a unit), the one whose unit is
// nearest its nearest enemy, else its first option; -1 for a unit that
// fights (the caller chooses).
int ChooseForNonFighter(const BattleState& state, const std::vector<Action>& options,
                        const std::vector<int>& mine, std::string* why);

}  // namespace impi::ai

#endif  // IMPI_AI_DOCTRINE_EMPRESS_EMPRESS_DOCTRINE_H_
