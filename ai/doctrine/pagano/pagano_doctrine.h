// ai/doctrine/pagano/pagano_doctrine.h: the RULES Zulu of C. Pagano's d10
// rules (PAGANO_D10), and the scripted British beside it
// (ai/british/pagano_british.h).
//
// Overview: each decision is one unit's (engine/rulesets/pagano/pagano.h
// lists the phases and what each unit may do). The Zulus attack, as the
// text's introduction and designer's notes have them do at Isandlwana,
// Rorke's Drift and Khambula. Designed, not in the source text: the text
// prescribes the Stayed isigaba's choices and what the umpire does, not
// how an impi is led:
//   - an isigaba advances on the nearest British figure (the move candidate
//     towards it) and stands up if it is prone, unless it has 8 figures or
//     fewer (no riflemen left, "no riflemen when they have 8 or fewer"),
//     when it holds where it is, prone;
//   - an induna goes to the isigaba of the two nearest him that is nearer
//     the enemy (to direct it from among them), else holds;
//   - in the morale phase an induna directs, of the izigaba due a roll, the
//     one whose roll the +1 most helps: the least figures left less lost;
//   - a Stayed isigaba goes prone where it may (the option the designer's
//     notes take from Isandlwana), else moves to cover, else holds firm,
//     else retreats;
//   - an isigaba throws its spears whenever it has a target in their range.
//
// Thread safety: stateless; one object per game is enough.
#ifndef IMPI_AI_DOCTRINE_PAGANO_PAGANO_DOCTRINE_H_
#define IMPI_AI_DOCTRINE_PAGANO_PAGANO_DOCTRINE_H_

#include <string>
#include <vector>

#include "engine/game/policy.h"

namespace impi::ai {

class PaganoDoctrine final : public Policy {
 public:
  int Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
             std::string* why) override;
};

}  // namespace impi::ai

#endif  // IMPI_AI_DOCTRINE_PAGANO_PAGANO_DOCTRINE_H_
