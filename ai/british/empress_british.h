// ai/british/empress_british.h: the scripted British of Empress's "Damned
// Wobbly Gentlemen" (EMPRESS_DWG): hold the position and shoot.
//
// Overview: each decision is one unit's order for the move. Foot, guns and
// the Gatling fire at the nearest enemy in range (the first FIRE option:
// the rule set lists targets nearest first), else hold; Colonial cavalry
// charge a Zulu unit within reach that is retiring, DISORDERED or SHAKEN
// (the melee's cavalry additions), else fire, else hold; the officer (the
// senior commander, COMMAND) attaches himself to a unit whose standing order
// is to attack but which is DISORDERED or SHAKEN and, attached the next
// move, orders it to hold; else he joins the unit nearest the enemy.
// Designed, not in the source text.
//
// Thread safety: stateless.
#ifndef IMPI_AI_BRITISH_EMPRESS_BRITISH_H_
#define IMPI_AI_BRITISH_EMPRESS_BRITISH_H_

#include <string>
#include <vector>

#include "ai/doctrine/empress/empress_doctrine.h"
#include "engine/game/policy.h"

namespace impi::ai {

class EmpressBritish : public EmpressPolicy {
 protected:
  int Order(const BattleState& state, const std::vector<Action>& options, const Decision& d,
            std::string* why) override;
  // A unit ordered to attack holds once DISORDERED or SHAKEN.
  empress::Standing WantedStanding(const BattleState& state, const Unit& unit) const override;
};

}  // namespace impi::ai

#endif  // IMPI_AI_BRITISH_EMPRESS_BRITISH_H_
