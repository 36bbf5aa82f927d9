// engine/game/owning_registry.h: the one shape of the engine's registries
// (rule sets, wire adapters, table books): items added once at start-up,
// owned for the life of the process, found by a key.
//
// Usage:
//   OwningRegistry<Ruleset>& rulesets = *new OwningRegistry<Ruleset>;  // never destroyed
//   IMPI_RETURN_IF_ERROR(rulesets.Add(std::move(r), [](const Ruleset& r) { return std::string(r.id()); },
//                                     "RegisterRuleset"));
//   const Ruleset* r = rulesets.Find([](const Ruleset& r) { return r.id() == "TSATF_ZULU_CONTROL"; });
//
// Thread safety: every call takes the registry's lock; the items are
// immutable once added, and the pointers handed out stay valid for the life
// of the process (the first of two items with the same key stays).
#ifndef IMPI_ENGINE_GAME_OWNING_REGISTRY_H_
#define IMPI_ENGINE_GAME_OWNING_REGISTRY_H_

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace impi {

template <typename T>
class OwningRegistry {
 public:
  // Adds `item` (INVALID_ARGUMENT if null); ALREADY_EXISTS, naming `who`,
  // if an item with the same key(item) is there.
  template <typename Key>
  absl::Status Add(std::unique_ptr<const T> item, const Key& key, const char* who) {
    if (item == nullptr) return absl::InvalidArgumentError(absl::StrCat(who, ": null"));
    const std::string mine = key(*item);
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& it : items_) {
      if (key(*it) == mine) {
        return absl::AlreadyExistsError(absl::StrCat(who, ": ", mine, " is already registered"));
      }
    }
    items_.push_back(std::move(item));
    return absl::OkStatus();
  }
  // The first item for which `match` is true, or nullptr.
  template <typename Match>
  const T* Find(const Match& match) const {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& it : items_) {
      if (match(*it)) return it.get();
    }
    return nullptr;
  }
  // Every item, in the order added.
  std::vector<const T*> All() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<const T*> out;
    out.reserve(items_.size());
    for (const auto& it : items_) out.push_back(it.get());
    return out;
  }

 private:
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<const T>> items_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_GAME_OWNING_REGISTRY_H_
