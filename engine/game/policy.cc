#include "engine/game/policy.h"

#include <map>
#include <mutex>
#include <tuple>

namespace impi {
namespace {

using Key = std::tuple<std::string, int, int>;

std::mutex& Mu() {
  static auto* mu = new std::mutex;
  return *mu;
}

std::map<Key, PolicyFactory>& Factories() {
  static auto* m = new std::map<Key, PolicyFactory>;
  return *m;
}

}  // namespace

void RegisterPolicy(const std::string& ruleset, Side side, PolicyKind kind, PolicyFactory factory) {
  std::lock_guard<std::mutex> lock(Mu());
  Factories()[Key(ruleset, static_cast<int>(side), static_cast<int>(kind))] = std::move(factory);
}

std::unique_ptr<Policy> MakePolicy(const std::string& ruleset, Side side, const PolicySpec& spec) {
  PolicyKind kind = spec.kind == PolicyKind::kUnspecified ? PolicyKind::kRules : spec.kind;
  PolicyFactory factory;
  {
    std::lock_guard<std::mutex> lock(Mu());
    auto it = Factories().find(Key(ruleset, static_cast<int>(side), static_cast<int>(kind)));
    if (it == Factories().end()) return nullptr;
    factory = it->second;
  }
  return factory(spec);
}

}  // namespace impi
