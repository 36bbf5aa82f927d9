// engine/core/own_state.h: a rule set's own state inside the shared table,
// of a type only the rule set knows.
//
// Overview: BattleState::ruleset_state holds one value of any copyable type
// (Zulu Control's deck and book, Ferree's cup and pending decision,
// Empress's orders), copied with the state so that a copy is an independent
// game. The engine's core never looks inside. A rule set reaches its own
// through get_if<T>(), which compares one address (a tag per type) and reads
// no type information at run time, or creates it with emplace<T>().
//
// Usage:
//   if (const TsatfState* own = s.ruleset_state.get_if<TsatfState>()) ...
//   TsatfState& fresh = s.ruleset_state.emplace<TsatfState>();
//   TsatfState& own = s.ruleset_state.get_or_emplace<TsatfState>();
//   s.ruleset_state = std::move(decoded);   // a TsatfState
//
// Thread safety: a value; copies are independent.
#ifndef IMPI_ENGINE_CORE_OWN_STATE_H_
#define IMPI_ENGINE_CORE_OWN_STATE_H_

#include <memory>
#include <type_traits>
#include <utility>

namespace impi {

class OwnStateHolder {
 public:
  OwnStateHolder() = default;
  OwnStateHolder(const OwnStateHolder& other) : held_(other.held_ ? other.held_->Clone() : nullptr) {}
  OwnStateHolder& operator=(const OwnStateHolder& other) {
    if (this != &other) held_ = other.held_ ? other.held_->Clone() : nullptr;
    return *this;
  }
  OwnStateHolder(OwnStateHolder&&) noexcept = default;
  OwnStateHolder& operator=(OwnStateHolder&&) noexcept = default;

  // Holds `value` (replacing what was held).
  template <typename T, typename = std::enable_if_t<!std::is_same_v<std::decay_t<T>, OwnStateHolder>>>
  OwnStateHolder& operator=(T&& value) {
    held_ = std::make_unique<Holder<std::decay_t<T>>>(std::forward<T>(value));
    return *this;
  }
  // Holds a new T made from `args`, and returns it.
  template <typename T, typename... Args>
  T& emplace(Args&&... args) {
    auto h = std::make_unique<Holder<T>>(T(std::forward<Args>(args)...));
    T& out = h->value;
    held_ = std::move(h);
    return out;
  }
  // The T held, made first (T's default) if nothing or another type is held:
  // every rule set's MutableOwnState in one line.
  template <typename T>
  T& get_or_emplace() {
    if (T* held = get_if<T>()) return *held;
    return emplace<T>();
  }
  // The T held, or nullptr if nothing or another type is held.
  template <typename T>
  T* get_if() {
    return held_ != nullptr && held_->tag == &kTag<T> ? &static_cast<Holder<T>*>(held_.get())->value
                                                      : nullptr;
  }
  template <typename T>
  const T* get_if() const {
    return held_ != nullptr && held_->tag == &kTag<T>
               ? &static_cast<const Holder<T>*>(held_.get())->value
               : nullptr;
  }
  bool has_value() const { return held_ != nullptr; }
  void reset() { held_.reset(); }

 private:
  template <typename T>
  static constexpr char kTag = 0;  // one address per type

  struct Base {
    explicit Base(const char* t) : tag(t) {}
    virtual ~Base() = default;
    virtual std::unique_ptr<Base> Clone() const = 0;
    const char* tag;
  };
  template <typename T>
  struct Holder final : Base {
    explicit Holder(T v) : Base(&kTag<T>), value(std::move(v)) {}
    std::unique_ptr<Base> Clone() const override { return std::make_unique<Holder>(value); }
    T value;
  };

  std::unique_ptr<Base> held_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_OWN_STATE_H_
