// tests/service/tsatf_state.h: a small valid TSATF Zulu Control table for the
// service tests.
//
// A 72" x 48" table with British infantry and cavalry near their edge (y = 0),
// 10 perimeter points numbered 1..10 round the edges (1 is the British entry),
// 10 appearance points with terrain classes, a force pool of 24 of 24 and the
// clock at turn 1 (rules file 003_8a310c3200cb6fb0.txt, "SETTING UP").
//
// Usage:
//   v1::AdvanceRequest r = TsatfAdvanceRequest(/*seed=*/7);
#ifndef IMPI_TESTS_SERVICE_TSATF_STATE_H_
#define IMPI_TESTS_SERVICE_TSATF_STATE_H_

#include <cstdint>
#include <string>

#include "impi/v1/umpire.pb.h"

namespace impi::service::testing {

inline void AddBritish(v1::TableState* s, const std::string& id, v1::UnitKind kind, int fit,
                       double x, double y) {
  v1::Unit* u = s->add_units();
  u->set_id(id);
  u->set_side(v1::BRITISH);
  u->set_kind(kind);
  u->set_name(id);
  u->mutable_figures()->set_fit(fit);
  u->set_leaders(1);
  u->mutable_position()->set_x(x);
  u->mutable_position()->set_y(y);
  u->set_formation(v1::COLUMN);
  u->mutable_status()->set_ammunition(v1::PLENTY);
  u->set_red_coat(kind == v1::INFANTRY);
}

inline v1::Unit* AddZulu(v1::TableState* s, const std::string& id, v1::UnitKind kind, double x,
                         double y, int fit, const std::string& parent = "") {
  v1::Unit* u = s->add_units();
  u->set_id(id);
  u->set_side(v1::ZULU);
  u->set_kind(kind);
  u->set_parent(parent);
  u->mutable_position()->set_x(x);
  u->mutable_position()->set_y(y);
  if (kind != v1::IMPI) {
    u->mutable_figures()->set_fit(fit);
    u->mutable_figures()->set_starting(20);
    u->set_leaders(1);
  }
  return u;
}

inline void AddPoint(v1::TableState* s, v1::PointKind kind, int number, double x, double y,
                     int terrain_class = 0) {
  v1::Point* p = s->add_points();
  p->set_kind(kind);
  p->set_number(number);
  p->mutable_position()->set_x(x);
  p->mutable_position()->set_y(y);
  p->set_terrain_class(terrain_class);
}

inline v1::TableState TsatfState() {
  v1::TableState s;
  s.set_ruleset(v1::TSATF_ZULU_CONTROL);
  s.set_scenario("service_test");
  s.set_scale(v1::TACTICAL);
  s.mutable_table()->set_width(72);
  s.mutable_table()->set_height(48);
  s.mutable_clock()->set_turn(1);
  s.mutable_clock()->set_phase(v1::START_OF_TURN);
  AddBritish(&s, "b1", v1::INFANTRY, 20, 30, 6);
  AddBritish(&s, "b2", v1::INFANTRY, 20, 38, 6);
  AddBritish(&s, "b3", v1::CAVALRY, 12, 26, 8);

  // Perimeter points 1..10 round the edges; 1 is where the British came in.
  const double perimeter[10][2] = {{36, 0},  {0, 12},  {0, 30},  {0, 44},  {12, 48},
                                   {30, 48}, {48, 48}, {64, 48}, {72, 36}, {72, 16}};
  for (int i = 0; i < 10; ++i) {
    AddPoint(&s, v1::PERIMETER, i + 1, perimeter[i][0], perimeter[i][1]);
  }
  s.mutable_points(0)->set_british_entry(true);
  // Appearance points 1..10 across the table, terrain classes 1..4.
  const double appearance[10][2] = {{10, 20}, {20, 30}, {30, 38}, {40, 24}, {50, 34},
                                    {60, 20}, {66, 40}, {14, 40}, {46, 12}, {58, 8}};
  for (int i = 0; i < 10; ++i) {
    AddPoint(&s, v1::APPEARANCE, i + 1, appearance[i][0], appearance[i][1], 1 + i % 4);
  }
  s.mutable_tsatf()->set_force_pool(24);
  s.mutable_tsatf()->set_scenario_total(24);
  return s;
}

inline v1::AdvanceRequest TsatfAdvanceRequest(uint64_t seed) {
  v1::AdvanceRequest r;
  *r.mutable_state() = TsatfState();
  r.mutable_dice()->set_seed(seed);
  return r;
}

}  // namespace impi::service::testing

#endif  // IMPI_TESTS_SERVICE_TSATF_STATE_H_
