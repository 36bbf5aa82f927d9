// tests/service/big_table.h: a costly TSATF Zulu Control table, for the
// tests of deadlines, queues and graceful stops.
//
// The service tests' table (tsatf_state.h) at turn 3 with a river across it
// and `impis` impis of four regiments each on the far half: one Advance
// moves every one of them, card after card, and takes seconds of CPU (about
// 9 s with kBigTableImpis, 120, on this machine kind; 0.5 s with 60 since
// the path search stops at the first obstacle a leg meets) unless a
// deadline stops it.
//
// Usage:
//   v1::AdvanceRequest r = BigTableRequest(kBigTableImpis);
#ifndef IMPI_TESTS_SERVICE_BIG_TABLE_H_
#define IMPI_TESTS_SERVICE_BIG_TABLE_H_

#include <algorithm>
#include <string>

#include "impi/v1/umpire.pb.h"
#include "tests/service/tsatf_state.h"

namespace impi::service::testing {

// Impis enough for an Advance of several seconds.
inline constexpr int kBigTableImpis = 120;

inline v1::AdvanceRequest BigTableRequest(int impis) {
  v1::AdvanceRequest r = TsatfAdvanceRequest(/*seed=*/7);
  v1::TableState* s = r.mutable_state();
  s->mutable_clock()->set_turn(3);
  v1::Terrain* river = s->add_terrain();
  river->set_id("river");
  river->set_kind(v1::RIVER);
  river->set_open(true);
  river->set_cover_class(1);
  river->set_move_factor(0.5);
  const double bank[7][2] = {{0, 27}, {12, 25}, {24, 27}, {36, 26}, {48, 24}, {60, 23}, {72, 25}};
  for (const auto& p : bank) {
    v1::Vec2* v = river->add_outline();
    v->set_x(p[0]);
    v->set_y(p[1]);
  }
  v1::TsatfState* book = s->mutable_tsatf();
  for (int i = 0; i < impis; ++i) {
    // Four rows across the far half: 15 a row 4.6" apart up to 60 impis,
    // closer together beyond.
    const int per_row = std::max(15, (impis + 3) / 4);
    const double x = 2 + (i % per_row) * (69.0 / per_row);
    const double y = 30 + (i / per_row) * 4;
    const std::string id = "zi" + std::to_string(i);
    v1::Unit* impi = s->add_units();
    impi->set_id(id);
    impi->set_side(v1::ZULU);
    impi->set_kind(v1::IMPI);
    impi->mutable_position()->set_x(x);
    impi->mutable_position()->set_y(y);
    v1::TsatfUnit* own = book->add_units();
    own->set_unit_id(id);
    own->set_created_turn(2);
    own->set_entry_point(6);
    for (int k = 0; k < 4; ++k) {
      v1::Unit* regiment = s->add_units();
      regiment->set_id(id + "r" + std::to_string(k));
      regiment->set_side(v1::ZULU);
      regiment->set_kind(v1::REGIMENT);
      regiment->set_parent(id);
      regiment->mutable_figures()->set_fit(20);
      regiment->set_leaders(1);
      regiment->mutable_position()->set_x(x + k * 0.8 - 1.2);
      regiment->mutable_position()->set_y(y + 1);
      v1::TsatfUnit* r_own = book->add_units();
      r_own->set_unit_id(regiment->id());
      r_own->set_created_turn(2);
    }
  }
  book->set_force_pool(0);
  book->set_committed(4 * impis);
  book->set_scenario_total(4 * impis);
  book->set_impis_created(impis);
  return r;
}

}  // namespace impi::service::testing

#endif  // IMPI_TESTS_SERVICE_BIG_TABLE_H_
