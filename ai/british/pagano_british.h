// ai/british/pagano_british.h: the scripted British of C. Pagano's d10
// rules (PAGANO_D10), the RULES policy of their side.
//
// Overview (designed, not in the source text): the British hold their
// position and shoot, as the garrison of Rorke's Drift did:
//   - in the missile fire phase every figure and piece fires at the
//     nearest target it may fire at (the NNC at their closest target, the
//     rifles; their spears when in range);
//   - in the movement phase a jammed Gatling is cleared, a limbered piece
//     unlimbers, a figure beside a casualty left without the medical corps
//     carries it to him, and the rest stand (one PASS naming no unit ends
//     the phase when the list has it).
//
// Thread safety: stateless.
#ifndef IMPI_AI_BRITISH_PAGANO_BRITISH_H_
#define IMPI_AI_BRITISH_PAGANO_BRITISH_H_

#include <string>
#include <vector>

#include "engine/game/policy.h"

namespace impi::ai {

class PaganoBritish final : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;
};

}  // namespace impi::ai

#endif  // IMPI_AI_BRITISH_PAGANO_BRITISH_H_
