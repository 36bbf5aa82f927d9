// engine/rulesets/pagano/table_book.h: the rule set's printed tables as a TableBook
// (engine/game/table_book.h), for `impi table pagano`.
#ifndef IMPI_ENGINE_RULESETS_PAGANO_TABLE_BOOK_H_
#define IMPI_ENGINE_RULESETS_PAGANO_TABLE_BOOK_H_

#include "engine/game/table_book.h"

namespace impi::pagano {

TableBook PaganoTableBook();

}  // namespace impi::pagano

#endif  // IMPI_ENGINE_RULESETS_PAGANO_TABLE_BOOK_H_
