#include "engine/game/table_book.h"

#include <memory>
#include <mutex>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace impi {

absl::Status TableWords::Parse(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    const size_t eq = a.find('=');
    if (eq == std::string::npos || eq == 0) {
      return absl::InvalidArgumentError(absl::StrCat("'", a, "' is not KEY=VALUE"));
    }
    values_[a.substr(0, eq)] = a.substr(eq + 1);
  }
  return absl::OkStatus();
}

int TableWords::Int(const std::string& key, int fallback) {
  known_.insert(key);
  auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  int v = 0;
  if (!absl::SimpleAtoi(it->second, &v)) Fail(key, it->second, "a whole number");
  return v;
}

double TableWords::Double(const std::string& key, double fallback) {
  known_.insert(key);
  auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  double v = 0;
  if (!absl::SimpleAtod(it->second, &v)) Fail(key, it->second, "a number");
  return v;
}

bool TableWords::Bool(const std::string& key) {
  known_.insert(key);
  auto it = values_.find(key);
  if (it == values_.end()) return false;
  bool v = false;
  if (!absl::SimpleAtob(it->second, &v)) Fail(key, it->second, "true or false");
  return v;
}

int TableWords::Choice(const std::string& key, const std::vector<std::string>& names, int fallback) {
  known_.insert(key);
  auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == it->second) return static_cast<int>(i);
  }
  Fail(key, it->second, absl::StrCat("one of ", absl::StrJoin(names, ", ")));
  return fallback;
}

absl::Status TableWords::Check() const {
  if (!error_.empty()) return absl::InvalidArgumentError(error_);
  for (const auto& [key, value] : values_) {
    if (known_.count(key) == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown key '", key, "' (keys: ", absl::StrJoin(known_, ", "), ")"));
    }
  }
  return absl::OkStatus();
}

void TableWords::Fail(const std::string& key, const std::string& value, const std::string& want) {
  if (error_.empty()) error_ = absl::StrCat(key, "=", value, ": not ", want);
}

const TableEntry* TableBook::Find(std::string_view name) const {
  for (const TableEntry& t : tables) {
    if (name == t.name) return &t;
  }
  return nullptr;
}

namespace {

std::mutex& Mu() {
  static auto* mu = new std::mutex;
  return *mu;
}

std::vector<std::unique_ptr<const TableBook>>& Books() {
  static auto* books = new std::vector<std::unique_ptr<const TableBook>>;
  return *books;
}

}  // namespace

absl::Status RegisterTableBook(TableBook book) {
  std::lock_guard<std::mutex> lock(Mu());
  for (const auto& b : Books()) {
    if (b->ruleset == book.ruleset) {
      return absl::AlreadyExistsError(
          absl::StrCat("RegisterTableBook: ", book.ruleset, " is already registered"));
    }
  }
  Books().push_back(std::make_unique<const TableBook>(std::move(book)));
  return absl::OkStatus();
}

const TableBook* FindTableBook(std::string_view name) {
  const std::string lower = absl::AsciiStrToLower(std::string(name));
  std::lock_guard<std::mutex> lock(Mu());
  for (const auto& b : Books()) {
    if (lower == b->short_name || lower == absl::AsciiStrToLower(b->ruleset)) return b.get();
  }
  return nullptr;
}

std::vector<const TableBook*> AllTableBooks() {
  std::lock_guard<std::mutex> lock(Mu());
  std::vector<const TableBook*> out;
  for (const auto& b : Books()) out.push_back(b.get());
  return out;
}

}  // namespace impi
