// engine/core/flat_map.h: a map kept as one sorted vector, shared by copies.
//
// Overview: FlatMap<K, V> is the part of std::map's interface a rule set's
// bookkeeping uses (find, count, operator[], erase by key, iteration in key
// order, size, empty, clear, ==), over a std::vector of (key, value) pairs
// sorted by key. Iteration visits the keys in the order a std::map would, so
// swapping one for the other changes no output. Lookups are binary searches;
// an insertion moves the entries after it (fine for the few hundred entries
// of a battle).
//
// Copies share the entries until one of them changes (copy on write, as
// CowVector in engine/core/cow_vector.h): the map is copied with every copy
// of a state, and most copies (a search's) read it far more than they change
// it. Reading never copies: the only iterators are const, and find() on a
// non-const map reads as on a const one. The changing calls (operator[],
// emplace, erase, clear, Unshare) give this map its own entries first.
//
// Iterators and references are invalidated by any change (as for a
// std::vector, unlike a std::map), and a reference read from a shared map
// names the shared entries: a change made after it goes to this map's own
// copy. A caller that holds references across changes calls Unshare() before
// it takes them (then no change copies until the map is copied again).
//
// Usage:
//   FlatMap<std::string, FerreeUnit> units;
//   units["b1"].division = 2;
//   for (const auto& [id, u] : units) { ... }  // in key order
//
// Thread safety: const calls may run concurrently on one map and on its
// copies; a changing call needs exclusive use of this map only (copies that
// share its entries may be read or changed meanwhile on other threads).
#ifndef IMPI_ENGINE_CORE_FLAT_MAP_H_
#define IMPI_ENGINE_CORE_FLAT_MAP_H_

#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace impi {

template <typename K, typename V>
class FlatMap {
 public:
  using key_type = K;
  using mapped_type = V;
  using value_type = std::pair<K, V>;
  using const_iterator = typename std::vector<value_type>::const_iterator;
  // Reading never copies: the only iterators are const.
  using iterator = const_iterator;

  const_iterator begin() const { return get().begin(); }
  const_iterator end() const { return get().end(); }
  size_t size() const { return v_ == nullptr ? 0 : v_->size(); }
  bool empty() const { return size() == 0; }
  void clear() { v_.reset(); }

  const_iterator find(const K& key) const {
    auto it = LowerBound(key);
    return it != end() && !(key < it->first) ? it : end();
  }
  // find(), trying the entry at *hint first (a position an earlier lookup
  // of the same key returned, which a change since may have moved): a
  // caller that looks the same keys up again and again keeps the hints.
  // *hint is set to where the key was found.
  const_iterator find(const K& key, size_t* hint) const {
    const std::vector<value_type>& v = get();
    if (*hint < v.size() && v[*hint].first == key) return v.begin() + *hint;
    const_iterator it = find(key);
    if (it != end()) *hint = static_cast<size_t>(it - begin());
    return it;
  }
  size_t count(const K& key) const { return find(key) != end() ? 1 : 0; }
  // The value of a key that must be present (as std::map::at, without the
  // exception: an absent key is a bug).
  const V& at(const K& key) const { return find(key)->second; }

  V& operator[](const K& key) {
    std::vector<value_type>& v = Own();
    auto it = std::lower_bound(v.begin(), v.end(), key,
                               [](const value_type& e, const K& k) { return e.first < k; });
    if (it == v.end() || key < it->first) it = v.insert(it, value_type(key, V()));
    return it->second;
  }
  // operator[], trying the entry at *hint first (as find(key, hint)); *hint
  // is set to where the key is now.
  V& FindOrInsert(const K& key, size_t* hint) {
    std::vector<value_type>& v = Own();
    if (*hint < v.size() && v[*hint].first == key) return v[*hint].second;
    auto it = std::lower_bound(v.begin(), v.end(), key,
                               [](const value_type& e, const K& k) { return e.first < k; });
    if (it == v.end() || key < it->first) it = v.insert(it, value_type(key, V()));
    *hint = static_cast<size_t>(it - v.begin());
    return it->second;
  }
  // Inserts (key, value) unless key is present; as std::map::emplace.
  std::pair<const_iterator, bool> emplace(const K& key, V value) {
    auto found = find(key);
    if (found != end()) return {found, false};
    std::vector<value_type>& v = Own();
    auto it = std::lower_bound(v.begin(), v.end(), key,
                               [](const value_type& e, const K& k) { return e.first < k; });
    return {v.insert(it, value_type(key, std::move(value))), true};
  }
  size_t erase(const K& key) {
    auto found = find(key);
    if (found == end()) return 0;
    const auto i = found - begin();
    std::vector<value_type>& v = Own();
    v.erase(v.begin() + i);
    return 1;
  }
  // Gives this map its own entries (a copy, if they are shared) without
  // changing them, so that references taken next stay this map's.
  void Unshare() {
    if (v_ != nullptr) Own();
  }

  friend bool operator==(const FlatMap& a, const FlatMap& b) {
    return a.v_ == b.v_ || a.get() == b.get();
  }
  friend bool operator!=(const FlatMap& a, const FlatMap& b) { return !(a == b); }

 private:
  static const std::vector<value_type>& Empty() {
    static const std::vector<value_type>* const empty = new std::vector<value_type>();
    return *empty;
  }
  const std::vector<value_type>& get() const { return v_ == nullptr ? Empty() : *v_; }
  std::vector<value_type>& Own() {
    if (v_ == nullptr) {
      v_ = std::make_shared<std::vector<value_type>>();
    } else if (v_.use_count() > 1) {
      v_ = std::make_shared<std::vector<value_type>>(*v_);
    }
    return *v_;
  }
  const_iterator LowerBound(const K& key) const {
    return std::lower_bound(begin(), end(), key,
                            [](const value_type& e, const K& k) { return e.first < k; });
  }

  // Sorted by key, keys unique; nullptr when empty. Shared by copies.
  std::shared_ptr<std::vector<value_type>> v_;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_FLAT_MAP_H_
