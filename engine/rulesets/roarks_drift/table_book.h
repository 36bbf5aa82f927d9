// engine/rulesets/roarks_drift/table_book.h: the rule set's printed tables as a TableBook
// (engine/game/table_book.h), for `impi table roarks`.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TABLE_BOOK_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TABLE_BOOK_H_

#include "engine/game/table_book.h"

namespace impi::roarks {

TableBook RoarksTableBook();

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_TABLE_BOOK_H_
