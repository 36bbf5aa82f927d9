// engine/core/shared_string.cc: the pool of texts SharedStrings share.
#include "engine/core/shared_string.h"

#include <mutex>

#include "absl/container/node_hash_set.h"
#include "absl/strings/string_view.h"

namespace impi {
namespace {

struct Pool {
  std::mutex mu;
  // Nodes: a text never moves. Looked up by a string_view (the set's hash
  // and equality take one), so a text already pooled costs no allocation.
  absl::node_hash_set<std::string> texts;
  size_t bytes = 0;
};

Pool& ThePool() {
  static Pool* const pool = new Pool();  // never destroyed: texts outlive every user
  return *pool;
}

}  // namespace

const std::string& SharedString::Empty() {
  static const std::string* const empty = new std::string();
  return *empty;
}

void SharedString::DeleteOwned(uintptr_t p) { delete Text(p); }

bool SharedString::TextsEqual(const SharedString& a, const SharedString& b) {
  return a.str() == b.str();
}

uintptr_t SharedString::Hold(std::string_view text) {
  if (text.empty()) return 0;
  Pool& pool = ThePool();
  {
    std::lock_guard<std::mutex> lock(pool.mu);
    // abseil's own string_view here (C++17): its hash and equality take it.
    auto it = pool.texts.find(absl::string_view(text.data(), text.size()));
    if (it != pool.texts.end()) return reinterpret_cast<uintptr_t>(&*it);
    if (pool.bytes + text.size() <= kMaxPooledBytes) {
      pool.bytes += text.size();
      return reinterpret_cast<uintptr_t>(&*pool.texts.emplace(text).first);
    }
  }
  return reinterpret_cast<uintptr_t>(new std::string(text)) | kOwned;
}

}  // namespace impi
