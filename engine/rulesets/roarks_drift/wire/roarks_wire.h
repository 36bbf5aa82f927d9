// engine/rulesets/roarks_drift/wire/roarks_wire.h: RoarksState <->
// impi.v1.RoarksState, RoarksOrder <-> Action.roarks_drift, and
// AskRequest.roarks_drift to a roarks::Question.
//
// Overview: the adapter engine/game/wire.h describes, for "The Battle of
// Roark's Drift". The counters are the table's units (TableState.units: id,
// side, kind, name, the hex in axial coordinates, off_table), every
// counter of the game (counters.h) written in handle order; what the rules
// track of each beside its place is its RoarksCounter entry in
// TableState.roarks_drift (stack place, wounds, prone, reload, torch ...),
// with the offset (column, row) of its hex for a reader. The rest of
// RoarksState travels there too: stage, phase, turn, segment, the fires,
// the melees held, the volley lines, the Oskarberg's suppression, each
// regiment's book and the walls dug through (the board is the station's,
// board.h, with those openings; TableGeometry must be its 48 x 32).
//
// StateFromProto checks every field, naming its path and why
// ("state.units[3].id: no Roark's Drift counter has id \"b9\"",
// "state.roarks_drift.counters[2].stack_pos: ..."): ids that name counters,
// the side and kind each counter has, hexes on the board, stack places
// distinct in a hex, the stacking limits of 5.0 outside the side's own
// movement segment, one side a hex, a killed counter off the map, prone,
// torch and retiring Zulus only, wounds and enums in range, counts not
// negative and within what the rules reach, rooms of the board, entry
// zones one or two adjacent, openings only through walls; then the rule
// set's Validate. Nothing is kept of a state it refuses. A table state
// without the message is a game at its start (9.1 British Placement) with
// the units it lists placed.
//
// Usage:
//   RegisterWire(std::make_unique<roarks::RoarksWire>());  // root/register.cc
//
// Thread safety: immutable.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_WIRE_ROARKS_WIRE_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_WIRE_ROARKS_WIRE_H_

#include <map>
#include <optional>
#include <string>

#include "engine/game/wire.h"
#include "engine/rulesets/roarks_drift/state.h"

namespace impi::roarks {

class RoarksWire final : public RulesetWire {
 public:
  std::string_view ruleset() const override { return kRulesetId; }
  absl::Status StateFromProto(const v1::TableState& in, BattleState* out) const override;
  void StateToProto(const BattleState& in, v1::TableState* out) const override;
  // AskRequest.roarks_drift to a roarks::Question (question.h): a member is
  // required; the lieutenant's and the wounded man's ids are required.
  absl::Status QuestionFromProto(const v1::AskRequest& in, impi::Question* out) const override;
  // Action.roarks_drift <-> RoarksOrder (roarks_drift.h).
  bool ActionExtraFromProto(const v1::Action& in, Action* out) const override;
  bool ActionExtraToProto(const Action& in, v1::Action* out) const override;
  absl::Status CheckActionExtra(const v1::Action& in, const std::string& path) const override;
  // A counter's wounds, prone, reload, torch, retiring.
  std::map<std::string, UnitNote> UnitNotes(const v1::TableState& state) const override;
  // The phase, turn and segment; the fires and the Oskarberg.
  std::string TableNote(const v1::TableState& state) const override;
  // The station board (board.h) with the state's fires and walls dug
  // through, each hex's stack bottom first and its counters' marks
  // (picture.cc).
  std::optional<HexPicture> BoardPicture(const v1::TableState& state) const override;
};

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_WIRE_ROARKS_WIRE_H_
