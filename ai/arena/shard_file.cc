#include "ai/arena/shard_file.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace impi::arena {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kShardRecord[] = "{\"record\":\"shard\"";
constexpr char kEndRecord[] = "{\"record\":\"end\"";

absl::Status LineError(const std::string& name, int line, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(name, ":", line, ": ", why));
}

// The study and shard of a shard record.
absl::Status ParseShardRecord(const std::string& line, Study* study, int* shard) {
  const Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return absl::InvalidArgumentError("not a JSON object");
  try {
    study->ruleset = j.at("ruleset").get<std::string>();
    study->scenario = j.at("scenario").get<std::string>();
    study->zulu = j.at("zulu").get<std::string>();
    study->british = j.at("british").get<std::string>();
    study->turn_cap = j.at("turn_cap").get<int>();
    study->seed = j.at("seed").get<uint64_t>();
    study->games = j.at("games").get<int>();
    study->shards = j.at("shards").get<int>();
    *shard = j.at("shard").get<int>();
    const std::string key = j.at("study").get<std::string>();
    if (study->games < 1 || study->games > kMaxGames || study->shards < 1 ||
        study->shards > study->games || *shard < 0 || *shard >= study->shards) {
      return absl::InvalidArgumentError(
          absl::StrCat("the shard record's shard ", *shard, "/", study->shards, " of ",
                       study->games, " games is not one a study has"));
    }
    if (key != study->Key()) {
      return absl::InvalidArgumentError(absl::StrCat("the shard record's study key ", key,
                                                     " is not that of its fields (",
                                                     study->Key(), ")"));
    }
    if (j != Json::parse(ShardRecordLine(*study, *shard))) {
      return absl::InvalidArgumentError(
          "the shard record's games and seeds are not those of its shard");
    }
  } catch (const Json::exception& e) {
    return absl::InvalidArgumentError(e.what());
  }
  return absl::OkStatus();
}

bool OfStudy(const ArenaGame& g, const Study& s) {
  return g.ruleset == s.ruleset && g.scenario == s.scenario && g.zulu == s.zulu &&
         g.british == s.british && g.turn_cap == s.turn_cap &&
         g.seed == s.seed + static_cast<uint64_t>(g.game);
}

}  // namespace

std::string ShardRecordLine(const Study& study, int shard) {
  const auto [first, last] = ShardRange(Shard{shard, study.shards}, study.games);
  Json j;
  j["record"] = "shard";
  j["study"] = study.Key();
  j["ruleset"] = study.ruleset;
  j["scenario"] = study.scenario;
  j["zulu"] = study.zulu;
  j["british"] = study.british;
  j["turn_cap"] = study.turn_cap;
  j["seed"] = study.seed;
  j["games"] = study.games;
  j["shards"] = study.shards;
  j["shard"] = shard;
  j["first_game"] = first;
  j["last_game"] = last - 1;
  j["first_seed"] = study.seed + static_cast<uint64_t>(first);
  j["last_seed"] = study.seed + static_cast<uint64_t>(last - 1);
  return j.dump();
}

std::string EndRecordLine(const Study& study, int shard, int games) {
  Json j;
  j["record"] = "end";
  j["study"] = study.Key();
  j["shard"] = shard;
  j["games"] = games;
  return j.dump();
}

absl::StatusOr<ShardFile> ReadShardFile(std::istream& in, const std::string& name) {
  ShardFile file;
  file.name = name;
  int first = 0, last = 0;  // the shard's games [first, last)
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (in.eof()) {
      // The last line has no newline: the shard was killed while writing
      // it. Dropped; a resumed shard writes it again.
      file.torn = true;
      break;
    }
    if (!file.study.has_value()) {
      if (!absl::StartsWith(line, kShardRecord)) {
        return LineError(name, n,
                         "not a shard file: its first line is not a shard record (a file of "
                         "an older impi, or not written by impi arena --out)");
      }
      Study study;
      absl::Status s = ParseShardRecord(line, &study, &file.shard);
      if (!s.ok()) return LineError(name, n, std::string(s.message()));
      file.study = study;
      std::tie(first, last) = ShardRange(Shard{file.shard, study.shards}, study.games);
    } else if (file.complete) {
      return LineError(name, n, "a line after the completion record");
    } else if (absl::StartsWith(line, kEndRecord)) {
      const Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
      if (j.is_discarded() || !j.is_object() || !j.contains("study") || !j.contains("shard") ||
          !j.contains("games") || j["study"] != file.study->Key() || j["shard"] != file.shard ||
          !j["games"].is_number_integer()) {
        return LineError(name, n, "the completion record is not of the file's study and shard");
      }
      const int games = j["games"].get<int>();
      if (games != static_cast<int>(file.games.size()) || games != last - first) {
        return LineError(name, n,
                         absl::StrCat("the completion record counts ", games, " games; the file has ",
                                      file.games.size(), " and its shard ", last - first));
      }
      file.complete = true;
    } else {
      absl::StatusOr<ArenaGame> g = FromJsonLine(line);
      if (!g.ok()) return LineError(name, n, std::string(g.status().message()));
      const int expected = first + static_cast<int>(file.games.size());
      const std::string game = absl::StrCat("game ", g->game, " (seed ", g->seed, ")");
      if (!OfStudy(*g, *file.study)) {
        return LineError(name, n,
                         absl::StrCat(game, " is not of study ", file.study->Key(), " (",
                                      file.study->Describe(), ")"));
      }
      if (g->game < first || g->game >= last) {
        return LineError(name, n,
                         absl::StrCat(game, " is not of ", file.study->DescribeShard(file.shard)));
      }
      if (g->game < expected) return LineError(name, n, absl::StrCat(game, " appears twice"));
      if (g->game > expected) {
        return LineError(name, n,
                         absl::StrCat(game, " follows game ", expected - 1, ": games ", expected,
                                      "..", g->game - 1, " are missing"));
      }
      file.games.push_back(*std::move(g));
    }
    file.kept_bytes += static_cast<int64_t>(line.size()) + 1;
  }
  return file;
}

absl::StatusOr<StudyCheck> CheckStudy(const std::vector<ShardFile>& files) {
  StudyCheck check;
  std::map<std::string, std::pair<Study, std::vector<std::string>>> studies;  // by key
  std::vector<std::string> order;
  for (const ShardFile& f : files) {
    if (!f.study.has_value()) {
      check.empty.push_back(f.name);
      continue;
    }
    auto [it, added] = studies.try_emplace(f.study->Key(), *f.study, std::vector<std::string>());
    if (added) order.push_back(it->first);
    it->second.second.push_back(f.name);
  }
  if (studies.empty()) {
    return absl::FailedPreconditionError("no shard file: every file given is empty");
  }
  if (studies.size() > 1) {
    std::string why = absl::StrCat("the files are of ", studies.size(), " studies, not one:");
    for (const std::string& key : order) {
      const auto& [study, names] = studies.at(key);
      absl::StrAppend(&why, "\n  study ", key, " (", study.Describe(), "): ",
                      absl::StrJoin(names, ", "));
    }
    return absl::FailedPreconditionError(why);
  }
  check.study = studies.begin()->second.first;
  const Study& study = check.study;
  std::vector<std::vector<const ShardFile*>> by_shard(study.shards);
  for (const ShardFile& f : files) {
    if (f.study.has_value()) by_shard[f.shard].push_back(&f);
  }
  std::vector<std::string> twice;
  for (int i = 0; i < study.shards; ++i) {
    const std::vector<const ShardFile*>& held = by_shard[i];
    if (held.size() > 1) {
      std::vector<std::string> names;
      for (const ShardFile* f : held) names.push_back(f->name);
      twice.push_back(absl::StrCat(study.DescribeShard(i), " is in ", held.size(), " files (",
                                   absl::StrJoin(names, ", "), "): its games would count twice"));
      continue;
    }
    if (held.empty()) {
      check.missing.push_back(study.DescribeShard(i));
      continue;
    }
    const ShardFile& f = *held.front();
    if (!f.complete) {
      const auto [first, last] = ShardRange(Shard{i, study.shards}, study.games);
      check.incomplete.push_back(absl::StrCat(study.DescribeShard(i), " in ", f.name, ": ",
                                              f.games.size(), " of ", last - first,
                                              " games, no completion record",
                                              f.torn ? " (a torn last line dropped)" : ""));
    }
    check.games.insert(check.games.end(), f.games.begin(), f.games.end());
  }
  if (!twice.empty()) return absl::FailedPreconditionError(absl::StrJoin(twice, "\n"));
  return check;
}

}  // namespace impi::arena
