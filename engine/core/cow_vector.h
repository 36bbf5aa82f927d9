// engine/core/cow_vector.h: a vector whose copies share their elements until
// one of them is changed (copy on write).
//
// Overview: a BattleState is copied for every step of a search or a playout,
// but some of what it holds never changes in play (the terrain: only a
// laager or a thornbush is ever added or removed whole). CowVector<T> reads
// like a const std::vector<T> (size, iteration, operator[], front, back,
// data), and a copy costs one reference count, not a copy of every element.
// Every change goes through a member that first gives this vector its own
// elements if another copy still shares them (push_back, emplace_back,
// erase, clear, reserve, mutable_vector), so a copy never sees another's
// change.
//
// Iteration is always const, so reading never copies: to change elements in
// place, take mutable_vector() (which may copy once) and work on it.
//
// Usage:
//   CowVector<Terrain> terrain;
//   terrain.push_back(hill);
//   CowVector<Terrain> copy = terrain;      // shares the elements
//   Terrain& laager = copy.emplace_back();  // copy gets its own; terrain unchanged
//   for (const Terrain& t : terrain) { ... }
//
// Thread safety: as for std::vector (a value): const use from many threads;
// copies may be used and changed on different threads independently.
#ifndef IMPI_ENGINE_CORE_COW_VECTOR_H_
#define IMPI_ENGINE_CORE_COW_VECTOR_H_

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace impi {

template <typename T>
class CowVector {
 public:
  using value_type = T;
  using size_type = size_t;
  using const_iterator = typename std::vector<T>::const_iterator;
  // Reading never copies: the only iterators are const.
  using iterator = const_iterator;
  using const_reference = const T&;
  using reference = const T&;

  CowVector() = default;
  CowVector(std::initializer_list<T> init)
      : v_(init.size() == 0 ? nullptr : std::make_shared<std::vector<T>>(init)) {}
  explicit CowVector(std::vector<T> v)
      : v_(v.empty() ? nullptr : std::make_shared<std::vector<T>>(std::move(v))) {}

  size_t size() const { return v_ == nullptr ? 0 : v_->size(); }
  bool empty() const { return size() == 0; }
  const_iterator begin() const { return get().begin(); }
  const_iterator end() const { return get().end(); }
  const_iterator cbegin() const { return get().begin(); }
  const_iterator cend() const { return get().end(); }
  const T& operator[](size_t i) const { return get()[i]; }
  const T& front() const { return get().front(); }
  const T& back() const { return get().back(); }
  const T* data() const { return get().data(); }
  // The elements as a plain vector (read only).
  const std::vector<T>& vector() const { return get(); }
  // The elements themselves, shared (nullptr when empty): for a cache of
  // what is worked out from them. While it is held, these elements never
  // change (a change gives the changed vector its own copy first), so the
  // pointer names their contents for as long as it is held.
  std::shared_ptr<const std::vector<T>> shared() const { return v_; }

  // The elements to change: this vector's own (copied first if shared).
  // The reference is valid until this vector is copied over or destroyed.
  std::vector<T>& mutable_vector() {
    if (v_ == nullptr) {
      v_ = std::make_shared<std::vector<T>>();
    } else if (v_.use_count() > 1) {
      v_ = std::make_shared<std::vector<T>>(*v_);
    }
    return *v_;
  }
  void push_back(const T& x) { mutable_vector().push_back(x); }
  void push_back(T&& x) { mutable_vector().push_back(std::move(x)); }
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    return mutable_vector().emplace_back(std::forward<Args>(args)...);
  }
  void reserve(size_t n) { mutable_vector().reserve(n); }
  void clear() { v_.reset(); }
  // Erases [first, last) (iterators into this vector); returns the position
  // after the erased elements, in this vector's own elements.
  const_iterator erase(const_iterator first, const_iterator last) {
    const auto i = first - begin();
    const auto j = last - begin();
    std::vector<T>& v = mutable_vector();
    return v.erase(v.begin() + i, v.begin() + j);
  }
  const_iterator erase(const_iterator pos) { return erase(pos, pos + 1); }

  friend bool operator==(const CowVector& a, const CowVector& b) {
    return a.v_ == b.v_ || a.get() == b.get();
  }
  friend bool operator!=(const CowVector& a, const CowVector& b) { return !(a == b); }

 private:
  const std::vector<T>& get() const {
    static const std::vector<T> kEmpty;
    return v_ == nullptr ? kEmpty : *v_;
  }

  std::shared_ptr<std::vector<T>> v_;  // null when empty
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_COW_VECTOR_H_
