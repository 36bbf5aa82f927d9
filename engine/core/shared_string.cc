// engine/core/shared_string.cc: the pool of texts SharedStrings share.
#include "engine/core/shared_string.h"

#include <mutex>
#include <unordered_set>

namespace impi {
namespace {

struct Pool {
  std::mutex mu;
  std::unordered_set<std::string> texts;  // nodes: a text never moves
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
    std::string key(text);
    auto it = pool.texts.find(key);
    if (it != pool.texts.end()) return reinterpret_cast<uintptr_t>(&*it);
    if (pool.bytes + text.size() <= kMaxPooledBytes) {
      pool.bytes += text.size();
      return reinterpret_cast<uintptr_t>(&*pool.texts.insert(std::move(key)).first);
    }
  }
  return reinterpret_cast<uintptr_t>(new std::string(text)) | kOwned;
}

}  // namespace impi
