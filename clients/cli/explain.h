// clients/cli/explain.h: umpire's-eye text for impi's answers.
//
// Overview: turns the events of an AdvanceResponse or AskResponse into lines a
// player can check by hand against the rules: one headline per event (its
// sequence number, kind, the table consulted, the dice with their modifiers and
// the row the roll landed on), then indented detail lines (units and points
// concerned, every die with its purpose when there are several, the engine's
// account, options not taken, and what to announce to the British players in
// quotes). The answer ends with what the engine awaits next.
//
// A headline reads like (on one line):
//   [12] TABLE_ROLL  RANDOM CHANCE FROM TABLE EDGE: D6 rolled 5 (+1 only 2 impis) = 6
//        -> 5,6 = Create Impi
//
// Usage:
//   impi::v1::AdvanceResponse response = ...;
//   std::cout << impi::cli::ExplainAdvance(response);
//
// Thread safety: pure functions.
#ifndef IMPI_CLIENTS_CLI_EXPLAIN_H_
#define IMPI_CLIENTS_CLI_EXPLAIN_H_

#include <string>

#include "impi/v1/decision.pb.h"
#include "impi/v1/table.pb.h"
#include "impi/v1/umpire.pb.h"

namespace impi::cli {

// One die or pool: "D6 rolled 5", "D6 rolled 5 (+1 only 2 impis) = 6",
// "3D6 rolled 4+2+6 = 12", "4D6 rolled 1+2+3+4 = 10 (-2 slow) = 8". A
// modifier's reason that starts with its signed value ("+1: only 2 impis") is
// shown as it is; otherwise the value is put in front of it.
std::string DescribeDie(const v1::DieRoll& die);

// One event: the headline and its detail lines, each ending in '\n'.
std::string ExplainEvent(const v1::Event& event);

// "awaiting BRITISH BRITISH_MOVE: <prompt>" and, if any, the units that may act.
std::string ExplainAwaiting(const v1::Awaiting& awaiting);

// One line on where the game stands: turn and phase, Zulu units on the table,
// and the umpire's book (force pool, committed of the scenario total).
std::string SummarizeState(const v1::TableState& state);

// Every event, the number of dice rolled, the state summary and what the
// engine awaits.
std::string ExplainAdvance(const v1::AdvanceResponse& response);

// Every event, which of them answers the question, and the state summary.
std::string ExplainAsk(const v1::AskResponse& response);

// A readable DescribeResponse: the version, limits and rule sets.
std::string ExplainDescribe(const v1::DescribeResponse& response);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_EXPLAIN_H_
