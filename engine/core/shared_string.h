// engine/core/shared_string.h: an immutable string whose copies share one
// pooled copy of the text.
//
// Overview: a BattleState is copied for every step of a search, and most of
// what makes a copy slow is text that never changes in play: a unit's
// display name ("C Coy 1/24th (Capt Younghusband)") is too long for the
// buffer a std::string keeps inline, so every copy of every unit allocated
// it again. A SharedString points into a process-wide pool that holds each
// distinct text once: a copy is a pointer copy, with no allocation and no
// reference count. The pool only grows (a text, once pooled, is kept for the
// life of the process), so it is capped: once it holds kMaxPooledBytes of
// text, a new text is held by the SharedString itself and copied with it,
// as a std::string would be. Either way a SharedString reads the same.
//
// It reads like a const std::string (str(), an implicit conversion to
// const std::string&, empty, size, find, substr, comparison with strings)
// and is set by assigning a string. To pass it where a template takes a string (absl's
// StrCat, a protobuf setter), pass str().
//
// Usage:
//   SharedString name = "C Coy 1/24th (Capt Younghusband)";
//   SharedString copy = name;           // no allocation
//   if (copy == "C Coy 1/24th (Capt Younghusband)") { ... }
//   const std::string& text = copy;     // the pooled text
//
// Thread safety: a SharedString is a value; the pool is guarded by a mutex
// (taken when a SharedString is set from a string, never when it is copied
// or read).
#ifndef IMPI_ENGINE_CORE_SHARED_STRING_H_
#define IMPI_ENGINE_CORE_SHARED_STRING_H_

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace impi {

class SharedString {
 public:
  // Text beyond this much in the pool is held by each SharedString itself.
  static constexpr size_t kMaxPooledBytes = size_t{16} << 20;

  SharedString() = default;
  SharedString(std::string_view text) : p_(Hold(text)) {}  // NOLINT: reads as a string
  SharedString(const std::string& text) : SharedString(std::string_view(text)) {}  // NOLINT
  SharedString(const char* text) : SharedString(std::string_view(text)) {}  // NOLINT
  SharedString(const SharedString& other) : p_(other.CopyOfText()) {}
  SharedString(SharedString&& other) noexcept : p_(std::exchange(other.p_, 0)) {}
  SharedString& operator=(const SharedString& other) {
    if (this != &other) Reset(other.CopyOfText());
    return *this;
  }
  SharedString& operator=(SharedString&& other) noexcept {
    if (this != &other) Reset(std::exchange(other.p_, 0));
    return *this;
  }
  ~SharedString() { Reset(0); }

  const std::string& str() const { return p_ == 0 ? Empty() : *Text(p_); }
  operator const std::string&() const { return str(); }  // NOLINT: reads as a string
  bool empty() const { return p_ == 0; }
  // The pooled text's address, a key as unique as the text (the pool holds
  // each text once); 0 for the empty text or one this SharedString holds
  // itself.
  uintptr_t pooled_address() const { return (p_ & kOwned) == 0 ? p_ : 0; }
  size_t size() const { return str().size(); }
  const char* c_str() const { return str().c_str(); }
  const char* data() const { return str().data(); }
  size_t find(const std::string& s, size_t pos = 0) const { return str().find(s, pos); }
  std::string substr(size_t pos, size_t n = std::string::npos) const {
    return str().substr(pos, n);
  }

  friend bool operator==(const SharedString& a, const SharedString& b) {
    if (a.p_ == b.p_) return true;
    // The pool holds each text once: two pooled texts (or a pooled one and
    // the empty text) at different addresses differ.
    if (((a.p_ | b.p_) & kOwned) == 0) return false;
    return TextsEqual(a, b);  // out of line: the rest stays small enough to inline
  }
  friend bool operator!=(const SharedString& a, const SharedString& b) { return !(a == b); }
  friend bool operator==(const SharedString& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const std::string& a, const SharedString& b) { return a == b.str(); }
  friend bool operator!=(const SharedString& a, const std::string& b) { return a.str() != b; }
  friend bool operator!=(const std::string& a, const SharedString& b) { return a != b.str(); }
  friend bool operator==(const SharedString& a, const char* b) { return a.str() == b; }
  friend bool operator!=(const SharedString& a, const char* b) { return a.str() != b; }
  friend bool operator<(const SharedString& a, const SharedString& b) { return a.str() < b.str(); }
  friend std::ostream& operator<<(std::ostream& os, const SharedString& s) { return os << s.str(); }

 private:
  // p_ is 0 for the empty text, else the address of a std::string: pooled
  // (shared, never freed), or this SharedString's own when the low bit is
  // set (kOwned).
  static constexpr uintptr_t kOwned = 1;

  static const std::string& Empty();
  // a.str() == b.str(), for a text held outside the pool.
  static bool TextsEqual(const SharedString& a, const SharedString& b);
  static const std::string* Text(uintptr_t p) {
    return reinterpret_cast<const std::string*>(p & ~kOwned);
  }
  // The pooled text equal to `text`, or a new text of this SharedString's
  // own when the pool is full; 0 for empty text.
  static uintptr_t Hold(std::string_view text);
  uintptr_t CopyOfText() const {
    if ((p_ & kOwned) == 0) return p_;
    return reinterpret_cast<uintptr_t>(new std::string(*Text(p_))) | kOwned;
  }
  void Reset(uintptr_t p) {
    if ((p_ & kOwned) != 0) DeleteOwned(p_);  // out of line: the rest inlines
    p_ = p;
  }
  static void DeleteOwned(uintptr_t p);

  uintptr_t p_ = 0;
};

}  // namespace impi

#endif  // IMPI_ENGINE_CORE_SHARED_STRING_H_
