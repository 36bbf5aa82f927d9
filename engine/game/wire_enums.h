// engine/game/wire_enums.h: an engine enum to its contract enum and back,
// for the wire adapters whose contract enums are the engine's plus one.
//
// Overview: a rule set's proto enums reserve 0 for UNSPECIFIED, so where the
// engine's enum counts from 0 in the same order the contract's value is the
// engine's plus one. The adapters (engine/rulesets/<ruleset>/wire/) pin each
// value with a static_assert beside their use.
//
// Usage:
//   static_assert(v1::ROARKS_OVER == WireEnum(Stage::kOver));
//   out->set_stage(static_cast<v1::RoarksStage>(WireEnum(s.stage)));
//   s.stage = EngineEnum<Stage>(in.stage());
//
// Thread safety: constexpr functions.
#ifndef IMPI_ENGINE_GAME_WIRE_ENUMS_H_
#define IMPI_ENGINE_GAME_WIRE_ENUMS_H_

namespace impi {

// The contract's value of an engine enum: the engine's plus one.
template <typename E>
constexpr int WireEnum(E e) {
  return static_cast<int>(e) + 1;
}

// The engine's value of a contract enum's value `wire` (> 0, checked by the
// caller).
template <typename E>
constexpr E EngineEnum(int wire) {
  return static_cast<E>(wire - 1);
}

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_WIRE_ENUMS_H_
