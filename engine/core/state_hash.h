// engine/core/state_hash.h: a 64-bit fingerprint of the shared table state.
//
// Overview: HashState folds every shared field of a BattleState (clock,
// units, terrain, points, parameters, the serial for new unit ids) into 64
// bits with a fixed mixing function, so equal states hash
// equal on every machine and run. The rule set's own state
// (BattleState::ruleset_state) is not seen here: the rule set adds it (see
// Ruleset::OwnStateKey). Used for information-set keys and for cheap
// equality checks in tests.
//
// Usage:
//   StateHasher h;
//   HashState(state, &h);
//   h.Add(extra);
//   uint64_t key = h.value();
//
// Thread safety: pure functions; a StateHasher is a value.
#ifndef IMPI_ENGINE_CORE_STATE_HASH_H_
#define IMPI_ENGINE_CORE_STATE_HASH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "engine/core/battle_state.h"

namespace impi {

class StateHasher {
 public:
  void Add(uint64_t v);
  void Add(int v) { Add(static_cast<uint64_t>(static_cast<int64_t>(v))); }
  void Add(bool v) { Add(static_cast<uint64_t>(v ? 1 : 0)); }
  void Add(double v);
  void Add(const std::string& s);
  void Add(const std::vector<std::string>& v);
  void Add(absl::Span<const SharedString> v);
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 0x9e3779b97f4a7c15ULL;
};

void HashState(const BattleState& s, StateHasher* h);

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_STATE_HASH_H_
