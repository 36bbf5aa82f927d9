// engine/game/action_extra.h: a rule set's own fields of an action, held
// inline in the common Action.
//
// Overview: Action (ruleset.h) holds what every rule set reads the same way:
// the kind, the unit, a point or a hex, a target, a count. What only one
// rule set reads (Empress's announced range to a gun's target) is a small
// type defined in that rule set's folder and held in Action::extra. The core,
// the search and the service carry it without naming it: the search folds
// it into its action key (Hash) and its text (Text); the rule set's wire
// adapter maps it to and from the contract (RulesetWire::ActionExtraFromProto
// and ActionExtraToProto). A type is found by one address compare, as a
// rule set's own state is (own_state.h); nothing is allocated: the value is
// copied bytewise, so a type must be trivially copyable and at most
// kActionExtraBytes.
//
// A type held here provides:
//   void Hash(StateHasher* h) const;  // what makes two actions differ
//   std::string Text() const;         // for the search's lines, e.g. " at 12.0\""
//   bool operator==(const T&) const;
//
// Usage:
//   struct EmpressAim { double range_estimate; ... };   // empress/
//   a.extra.emplace<EmpressAim>(EmpressAim{12.0});
//   if (const EmpressAim* aim = a.extra.get_if<EmpressAim>()) ...
//
// Thread safety: a value.
#ifndef IMPI_ENGINE_GAME_ACTION_EXTRA_H_
#define IMPI_ENGINE_GAME_ACTION_EXTRA_H_

#include <cstring>
#include <new>
#include <string>
#include <type_traits>

#include "engine/core/state_hash.h"

namespace impi {

inline constexpr size_t kActionExtraBytes = 16;

class ActionExtra {
 public:
  ActionExtra() = default;

  // Holds `value` (replacing what was held), and returns it.
  template <typename T>
  T& emplace(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>, "an action's extra is copied bytewise");
    static_assert(sizeof(T) <= kActionExtraBytes, "an action's extra is at most 16 bytes");
    static_assert(alignof(T) <= alignof(double), "an action's extra is aligned as a double");
    ops_ = &kOps<T>;
    T* held = new (bytes_) T(value);
    return *held;
  }
  // The T held, or nullptr if nothing or another type is held.
  template <typename T>
  const T* get_if() const {
    return ops_ == &kOps<T> ? std::launder(reinterpret_cast<const T*>(bytes_)) : nullptr;
  }
  bool has_value() const { return ops_ != nullptr; }
  void reset() { ops_ = nullptr; }

  // Folds the held value into `h` (nothing if none).
  void Hash(StateHasher* h) const {
    if (ops_ != nullptr) ops_->hash(bytes_, h);
  }
  // The held value's words for an action's text ("" if none).
  std::string Text() const { return ops_ != nullptr ? ops_->text(bytes_) : std::string(); }

  friend bool operator==(const ActionExtra& a, const ActionExtra& b) {
    return a.ops_ == b.ops_ && (a.ops_ == nullptr || a.ops_->equal(a.bytes_, b.bytes_));
  }
  friend bool operator!=(const ActionExtra& a, const ActionExtra& b) { return !(a == b); }

 private:
  struct Ops {
    void (*hash)(const void*, StateHasher*);
    std::string (*text)(const void*);
    bool (*equal)(const void*, const void*);
  };
  template <typename T>
  static const T& As(const void* p) {
    return *std::launder(reinterpret_cast<const T*>(p));
  }
  template <typename T>
  static constexpr Ops kOps = {
      [](const void* p, StateHasher* h) { As<T>(p).Hash(h); },
      [](const void* p) { return As<T>(p).Text(); },
      [](const void* a, const void* b) { return As<T>(a) == As<T>(b); },
  };

  const Ops* ops_ = nullptr;
  alignas(double) unsigned char bytes_[kActionExtraBytes] = {};
};

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_ACTION_EXTRA_H_
