// engine/rulesets/tsatf/creation.h: ZULU CREATION: the RANDOM CHANCE
// tables, appearance and perimeter points, IMPI CREATION and SPECIAL IMPI
// CREATION.
//
// Overview (rules file 003_8a310c3200cb6fb0.txt): "At the start of the game,
// no Zulu units are placed on the field. As the British players move, they
// will discover Zulus." A British unit moving within 6" of an appearance
// point that may still generate tests it on RANDOM CHANCE ON-FIELD; at the
// start of each turn after the second, fewer than 4 impis on or marked to
// come on roll RANDOM CHANCE FROM TABLE EDGE, and a created force marks a D10
// perimeter point "next turn". IMPI CREATION rolls the impi's size against
// the force pool and the scenario total; the regiments stand in a line on
// the free ground nearest the point (footprint.h, designed), and then roll
// their HAND (cards.h) and choose their target (targets.h). NOTES ON
// APPEARANCE POINTS: a point that has generated an impi (SPENT) or that the
// British have occupied (OCCUPIED) never generates anything else.
//
// Usage:
//   Creation creation(context, cards, targets);
//   IMPI_RETURN_IF_ERROR(creation.TestAppearancePoint(4, "b1"));
//
// Thread safety: works on the Context's state; one per thread.
#ifndef IMPI_ENGINE_RULESETS_TSATF_CREATION_H_
#define IMPI_ENGINE_RULESETS_TSATF_CREATION_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/rulesets/tsatf/cards.h"
#include "engine/rulesets/tsatf/targets.h"
#include "engine/rulesets/tsatf/context.h"

namespace impi::tsatf {

// NOTES ON APPEARANCE POINTS: why no force comes from the appearance point
// `p` (SPENT or OCCUPIED: "it will never generate anything else"), or
// nullptr. TestAppearancePoint (play) and Ask's impi_creation at an
// appearance point make this one check.
const char* AppearanceRefusal(const Point& p);

class Creation : private Section {
 public:
  Creation(Context& context, Cards& cards, Targets& targets)
      : Section(context), cards_(cards), targets_(targets) {}

  // RANDOM CHANCE ON-FIELD at appearance point `number`.
  absl::Status TestAppearancePoint(int number, const std::string& trigger_unit);
  // RANDOM CHANCE FROM TABLE EDGE; a created force gets a "next turn" marker.
  absl::Status TableEdge();
  // The D10 perimeter point (never the British entry, one marker a point);
  // 0 when none is found.
  int RollEntryPoint();
  // IMPI CREATION (special: SPECIAL IMPI CREATION) at `at`. Returns the new
  // impi's id ("" if nothing was created; a Lone Zulu when the pool is low).
  // `charger`: the British unit whose charge a regiment stood against; the
  // impi is placed in contact with it (and may touch it).
  std::string CreateImpi(const Vec2& at, bool special, int point, PointKind point_kind,
                         const std::string& how, const std::string& charger = "");
  // One lone Zulu, skirmishing or rifle-armed regiment placed at `at`.
  std::string PlaceSingle(UnitKind kind, const Vec2& at, int point, PointKind point_kind,
                          const std::string& how);
  // DURING MOVEMENT: the appearance points within 6" of a British unit's
  // `path` are tested; the one it ends on is OCCUPIED.
  void CheckAppearancePoints(const Unit& mover, const std::vector<Vec2>& path);
  // The points where a British unit that did not move remains within 6".
  absl::Status TestPointsWhereTheBritishRemain();

 private:
  std::string PlaceImpi(const Vec2& at, int regiments, int point, const std::string& charger);

  Cards& cards_;
  Targets& targets_;
};

}  // namespace impi::tsatf

#endif  // IMPI_ENGINE_RULESETS_TSATF_CREATION_H_
