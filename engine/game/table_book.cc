#include "engine/game/table_book.h"

#include <memory>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/game/owning_registry.h"

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

// Owned for the life of the process: FindTableBook hands out raw pointers.
OwningRegistry<TableBook>& Books() {
  static auto* books = new OwningRegistry<TableBook>;
  return *books;
}

}  // namespace

absl::Status RegisterTableBook(TableBook book) {
  return Books().Add(
      std::make_unique<const TableBook>(std::move(book)), [](const TableBook& b) { return b.ruleset; },
      "RegisterTableBook");
}

const TableBook* FindTableBook(std::string_view name) {
  const std::string lower = absl::AsciiStrToLower(std::string(name));
  return Books().Find([&lower](const TableBook& b) {
    return lower == b.short_name || lower == absl::AsciiStrToLower(b.ruleset);
  });
}

std::vector<const TableBook*> AllTableBooks() { return Books().All(); }

}  // namespace impi
