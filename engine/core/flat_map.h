// engine/core/flat_map.h: a map kept as one sorted vector.
//
// Overview: FlatMap<K, V> is the part of std::map's interface a rule set's
// bookkeeping uses (find, count, operator[], erase by key, iteration in key
// order, size, empty, clear, ==), over a std::vector of (key, value) pairs
// sorted by key. Iteration visits the keys in the order a std::map would, so
// swapping one for the other changes no output. A copy is one allocation and
// a copy of each pair, not one allocation per entry: the map is copied with
// every copy of a state. Lookups are binary searches; an insertion moves the
// entries after it (fine for the few hundred entries of a battle).
//
// Iterators and references are invalidated by any insertion or erasure (as
// for a std::vector, unlike a std::map).
//
// Usage:
//   FlatMap<std::string, FerreeUnit> units;
//   units["b1"].division = 2;
//   for (const auto& [id, u] : units) { ... }  // in key order
//
// Thread safety: as for std::vector.
#ifndef IMPI_ENGINE_CORE_FLAT_MAP_H_
#define IMPI_ENGINE_CORE_FLAT_MAP_H_

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace impi {

template <typename K, typename V>
class FlatMap {
 public:
  using key_type = K;
  using mapped_type = V;
  using value_type = std::pair<K, V>;
  using iterator = typename std::vector<value_type>::iterator;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  iterator begin() { return v_.begin(); }
  iterator end() { return v_.end(); }
  const_iterator begin() const { return v_.begin(); }
  const_iterator end() const { return v_.end(); }
  size_t size() const { return v_.size(); }
  bool empty() const { return v_.empty(); }
  void clear() { v_.clear(); }

  iterator find(const K& key) {
    auto it = LowerBound(key);
    return it != v_.end() && !(key < it->first) ? it : v_.end();
  }
  const_iterator find(const K& key) const {
    auto it = LowerBound(key);
    return it != v_.end() && !(key < it->first) ? it : v_.end();
  }
  size_t count(const K& key) const { return find(key) != end() ? 1 : 0; }
  // The value of a key that must be present (as std::map::at, without the
  // exception: an absent key is a bug).
  const V& at(const K& key) const { return find(key)->second; }

  V& operator[](const K& key) {
    auto it = LowerBound(key);
    if (it == v_.end() || key < it->first) it = v_.insert(it, value_type(key, V()));
    return it->second;
  }
  // Inserts (key, value) unless key is present; as std::map::emplace.
  std::pair<iterator, bool> emplace(const K& key, V value) {
    auto it = LowerBound(key);
    if (it != v_.end() && !(key < it->first)) return {it, false};
    return {v_.insert(it, value_type(key, std::move(value))), true};
  }
  size_t erase(const K& key) {
    auto it = find(key);
    if (it == v_.end()) return 0;
    v_.erase(it);
    return 1;
  }

  friend bool operator==(const FlatMap& a, const FlatMap& b) { return a.v_ == b.v_; }
  friend bool operator!=(const FlatMap& a, const FlatMap& b) { return a.v_ != b.v_; }

 private:
  iterator LowerBound(const K& key) {
    return std::lower_bound(v_.begin(), v_.end(), key,
                            [](const value_type& e, const K& k) { return e.first < k; });
  }
  const_iterator LowerBound(const K& key) const {
    return std::lower_bound(v_.begin(), v_.end(), key,
                            [](const value_type& e, const K& k) { return e.first < k; });
  }

  std::vector<value_type> v_;  // sorted by key, keys unique
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_FLAT_MAP_H_
