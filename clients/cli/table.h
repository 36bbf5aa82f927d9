// clients/cli/table.h: `impi table`, one printed table of a rule set, read
// in-process with its explanation.
//
// Overview: a player at a real table using Pagano's d10 rules or the Battle
// of Roark's Drift can have impi read a table for them: the situation as
// KEY=VALUE words, the dice rolled by impi (`--seed`) or typed in from the
// table (`--dice 7,3`), and the answer with the rule, the row as printed and
// every die. The tables are the rule sets' table books
// (engine/game/table_book.h) the composition root registers: Pagano's
// (engine/rulesets/pagano/table_book.h) and Roark's Drift's
// (engine/rulesets/roarks_drift/table_book.h); docs/conformance.md lists
// them.
//
//   impi table pagano morale remaining=17 lost=3 induna=true --dice 7
//   impi table roarks melee attack=5 defense=18 --dice 3,4
//   impi table pagano            (lists the tables and their keys)
//
// Errors: an unknown rule set, table or key, or a value that does not parse,
// exit 1 naming it; a situation the table refuses (INVALID_ARGUMENT,
// FAILED_PRECONDITION) or typed dice that run out or are not faces of the
// die asked for, exit 2 with the message. Thread safety: one call, one thread.
#ifndef IMPI_CLIENTS_CLI_TABLE_H_
#define IMPI_CLIENTS_CLI_TABLE_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace impi::cli {

struct TableOptions {
  std::string ruleset;            // pagano or roarks
  std::string table;              // empty: list the rule set's tables
  std::vector<std::string> args;  // KEY=VALUE
  std::vector<int> dice;          // typed faces, in the order asked; empty: seeded
  uint64_t seed = 1;
};

int TableCommand(const TableOptions& options, std::ostream& out, std::ostream& err);

}  // namespace impi::cli

#endif  // IMPI_CLIENTS_CLI_TABLE_H_
