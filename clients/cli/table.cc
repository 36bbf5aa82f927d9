// clients/cli/table.cc: `impi table` (table.h).
#include "clients/cli/table.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "clients/cli/commands.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/pagano/tables.h"
#include "engine/rulesets/roarks_drift/tables.h"

namespace impi::cli {
namespace {

// The KEY=VALUE words of a call, each read at most once; what is left unread
// is an unknown key.
class Words {
 public:
  absl::Status Parse(const std::vector<std::string>& args) {
    for (const std::string& a : args) {
      const size_t eq = a.find('=');
      if (eq == std::string::npos || eq == 0) {
        return absl::InvalidArgumentError(absl::StrCat("'", a, "' is not KEY=VALUE"));
      }
      values_[a.substr(0, eq)] = a.substr(eq + 1);
    }
    return absl::OkStatus();
  }
  int Int(const std::string& key, int fallback) {
    known_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    int v = 0;
    if (!absl::SimpleAtoi(it->second, &v)) Fail(key, it->second, "a whole number");
    return v;
  }
  double Double(const std::string& key, double fallback) {
    known_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    double v = 0;
    if (!absl::SimpleAtod(it->second, &v)) Fail(key, it->second, "a number");
    return v;
  }
  bool Bool(const std::string& key) {
    known_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return false;
    bool v = false;
    if (!absl::SimpleAtob(it->second, &v)) Fail(key, it->second, "true or false");
    return v;
  }
  // One of `names` (their index), `fallback` when absent.
  int Choice(const std::string& key, const std::vector<std::string>& names, int fallback) {
    known_.insert(key);
    auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i] == it->second) return static_cast<int>(i);
    }
    Fail(key, it->second, absl::StrCat("one of ", absl::StrJoin(names, ", ")));
    return fallback;
  }
  // OK, or the first value that did not parse, or a key no table reads.
  absl::Status Check() const {
    if (!error_.empty()) return absl::InvalidArgumentError(error_);
    for (const auto& [key, value] : values_) {
      if (known_.count(key) == 0) {
        return absl::InvalidArgumentError(
            absl::StrCat("unknown key '", key, "' (keys: ", absl::StrJoin(known_, ", "), ")"));
      }
    }
    return absl::OkStatus();
  }

 private:
  void Fail(const std::string& key, const std::string& value, const std::string& want) {
    if (error_.empty()) error_ = absl::StrCat(key, "=", value, ": not ", want);
  }
  std::map<std::string, std::string> values_;
  std::set<std::string> known_;
  std::string error_;
};

// A table: its keys (for the listing) and how to read it. `read` parses its
// words first (so that a bad word stops the call before a die is rolled),
// then returns the function that rolls and answers.
struct Table {
  const char* name;
  const char* keys;
  std::function<std::function<absl::StatusOr<std::string>(Dice&, Explanation*)>(Words&)> read;
};

template <typename T>
absl::StatusOr<std::string> Say(const absl::StatusOr<T>& r,
                                const std::function<std::string(const T&)>& say) {
  if (!r.ok()) return r.status();
  return say(*r);
}

std::vector<Table> PaganoTables() {
  using namespace impi::pagano;  // NOLINT: the tables' own names read best here
  std::vector<Table> t;
  t.push_back({"movement",
               "mover=zulu|foot|mounted|limbered|byhand begins_prone ends_prone defended_wall "
               "deep_water steep_slope donga assisting building rough rocky track",
               [](Words& w) {
                 MoveSituation s;
                 s.mover = static_cast<Mover>(
                     w.Choice("mover", {"foot", "mounted", "limbered", "byhand", "zulu"}, 4));
                 s.begins_prone = w.Bool("begins_prone");
                 s.ends_prone = w.Bool("ends_prone");
                 s.crosses_defended_wall = w.Bool("defended_wall");
                 s.crosses_deep_water = w.Bool("deep_water");
                 s.up_steep_slope = w.Bool("steep_slope");
                 s.donga_edge_or_terrace = w.Bool("donga");
                 s.assisting_casualties = w.Bool("assisting");
                 s.involves_building = w.Bool("building");
                 s.rough_or_swampy = w.Bool("rough");
                 s.rocky_slope = w.Bool("rocky");
                 s.via_dirt_track = w.Bool("track");
                 return [s](Dice& d, Explanation* why) {
                   return Say<MoveAllowance>(MovementAllowance(d, s, why),
                                             [](const MoveAllowance& m) {
                                               return absl::StrFormat("moves %g\"", m.inches);
                                             });
                 };
               }});
  t.push_back({"morale", "remaining lost initiating induna nnc induna_lost", [](Words& w) {
                 MoraleSituation s;
                 s.remaining = w.Int("remaining", 0);
                 s.lost = w.Int("lost", 0);
                 s.initiating_melee = w.Bool("initiating");
                 s.directed_by_induna = w.Bool("induna");
                 s.nnc = w.Bool("nnc");
                 s.all_induna_lost = w.Bool("induna_lost");
                 return [s](Dice& d, Explanation* why) {
                   return Say<MoraleResult>(ZuluMorale(d, s, why), [](const MoraleResult& m) {
                     constexpr const char* kNames[] = {"Firm", "Stayed", "Routed"};
                     return absl::StrFormat("total %d: %s", m.total,
                                            kNames[static_cast<int>(m.outcome)]);
                   });
                 };
               }});
  t.push_back(
      {"missile",
       "weapon=spears|zulu_rifles|martini|carbine|pistol|cannon|gatling|rockets "
       "scale=skirmish|tactical range dice prone cover=none|soft|regular|heavy mounted "
       "at_induna",
       [](Words& w) {
         MissileSituation s;
         s.weapon = static_cast<Weapon>(w.Choice("weapon",
                                                 {"spears", "zulu_rifles", "martini", "carbine",
                                                  "pistol", "cannon", "gatling", "rockets"},
                                                 2));
         s.scale = static_cast<pagano::Scale>(w.Choice("scale", {"skirmish", "tactical"}, 0));
         s.range_inches = w.Double("range", 0);
         s.dice = w.Int("dice", 1);
         s.target_prone = w.Bool("prone");
         s.target_cover =
             static_cast<CoverClass>(w.Choice("cover", {"none", "soft", "regular", "heavy"}, 0));
         s.firer_mounted = w.Bool("mounted");
         s.target_is_induna = w.Bool("at_induna");
         return [s](Dice& d, Explanation* why) {
           return Say<MissileResult>(MissileFire(d, s, why), [](const MissileResult& m) {
             return absl::StrFormat("%d eliminated%s", m.eliminations,
                                    m.gun_jammed ? "; the gun has jammed" : "");
           });
         };
       }});
  t.push_back({"riflemen", "month", [](Words& w) {
                 const int month = w.Int("month", 1);
                 return [month](Dice& d, Explanation* why) {
                   return Say<int>(RollRiflemen(d, month, why),
                                   [](const int& n) { return absl::StrCat(n, " riflemen"); });
                 };
               }});
  t.push_back({"medical", "seven=casualty|eliminated|wounded", [](Words& w) {
                 const int seven = w.Choice("seven", {"eliminated", "casualty", "wounded"}, 1);
                 return [seven](Dice& d, Explanation* why) -> absl::StatusOr<std::string> {
                   constexpr const char* kNames[] = {"eliminated permanently", "still a casualty",
                                                     "wounded"};
                   const MedicalOutcome o = MedicalRoll(d, why, static_cast<MedicalOutcome>(seven));
                   return std::string(kNames[static_cast<int>(o)]);
                 };
               }});
  t.push_back({"melee", "table zulus brits", [](Words& w) {
                 const int table = w.Int("table", 1);
                 const int zulus = w.Int("zulus", 0);
                 const int brits = w.Int("brits", 0);
                 return [=](Dice& d, Explanation* why) {
                   return Say<MeleeRoundResult>(
                       MeleeRound(d, table, zulus, brits, why), [](const MeleeRoundResult& m) {
                         return absl::StrFormat(
                             "Brits %d eliminated, %d retreat; Zulus %d eliminated, %d retreat",
                             m.brits_eliminated, m.brits_retreated, m.zulus_eliminated,
                             m.zulus_retreated);
                       });
                 };
               }});
  t.push_back(
      {"fight", "table zulus brits building", [](Words& w) {
         const int table = w.Int("table", 1);
         const int zulus = w.Int("zulus", 0);
         const int brits = w.Int("brits", 0);
         const bool building = w.Bool("building");
         return [=](Dice& d, Explanation* why) {
           return Say<MeleeFightResult>(
               MeleeFight(d, table, zulus, brits, building, why), [](const MeleeFightResult& m) {
                 return absl::StrFormat(
                     "%s after %d round%s; Brits %d eliminated, %d retreated; Zulus %d "
                     "eliminated, %d retreated",
                     MeleeWinnerName(m.winner), m.rounds, m.rounds == 1 ? "" : "s",
                     m.brits_eliminated, m.brits_retreated, m.zulus_eliminated, m.zulus_retreated);
               });
         };
       }});
  return t;
}

const char* DamageWord(roarks::Damage d) { return roarks::DamageName(d); }

std::vector<Table> RoarksTables() {
  using namespace impi::roarks;  // NOLINT
  std::vector<Table> t;
  t.push_back({"fire", "ff fdf", [](Words& w) {
                 const int ff = w.Int("ff", 0);
                 const int fdf = w.Int("fdf", 1);
                 return [=](Dice& d, Explanation* why) -> absl::StatusOr<std::string> {
                   absl::StatusOr<int> ratio = FireOdds(ff, fdf, nullptr);
                   if (!ratio.ok()) return ratio.status();
                   absl::StatusOr<Damage> r = FireChartRoll(d, *ratio, why);
                   if (!r.ok()) return r.status();
                   return absl::StrFormat("%d:1, %s", *ratio, DamageWord(*r));
                 };
               }});
  t.push_back({"melee", "attack defense", [](Words& w) {
                 const int attack = w.Int("attack", 0);
                 const int defense = w.Int("defense", 1);
                 return [=](Dice& d, Explanation* why) -> absl::StatusOr<std::string> {
                   absl::StatusOr<MeleeOddsResult> odds = MeleeOdds(attack, defense, nullptr);
                   if (!odds.ok()) return odds.status();
                   absl::StatusOr<Damage> r = MeleeChartRoll(d, odds->column, why);
                   if (!r.ok()) return r.status();
                   return absl::StrFormat("%s, %s", MeleeColumnName(odds->column), DamageWord(*r));
                 };
               }});
  t.push_back({"oskarberg", "suppression south_attack zulu_in_perimeter", [](Words& w) {
                 OskarbergSituation s;
                 s.suppression = w.Int("suppression", 0);
                 s.zulu_attack_from_south_edge = w.Bool("south_attack");
                 s.zulu_in_main_perimeter = w.Bool("zulu_in_perimeter");
                 return [s](Dice& d, Explanation* why) {
                   return Say<OskarbergResult>(
                       OskarbergFire(d, s, why), [](const OskarbergResult& r) {
                         if (!r.hit) return std::string("no hit");
                         std::vector<std::string> wounds;
                         for (Damage x : r.wounded) wounds.push_back(DamageWord(x));
                         return absl::StrCat("a hit: ", absl::StrJoin(wounds, "; "));
                       });
                 };
               }});
  t.push_back({"suppress", "suppression", [](Words& w) {
                 const int level = w.Int("suppression", 0);
                 return [level](Dice& d, Explanation* why) {
                   return Say<int>(SuppressOskarberg(d, level, why), [](const int& n) {
                     return n >= kFullySuppressed
                                ? std::string("fully suppressed")
                                : absl::StrFormat("the Zulus now hit on %d-12", OskarbergToHit(n));
                   });
                 };
               }});
  t.push_back({"victory", "dead", [](Words& w) {
                 const int dead = w.Int("dead", 0);
                 return [dead](Dice&, Explanation* why) {
                   return Say<Victory>(VictoryLevel(dead, why), [](const Victory& v) {
                     return std::string(VictoryName(v));
                   });
                 };
               }});
  return t;
}

void PrintExplanation(const Explanation& why, std::ostream& out) {
  if (!why.rule.source.empty()) {
    out << "rule: " << why.rule.source << ", " << why.rule.section;
    if (why.rule.table != why.rule.section) out << ", " << why.rule.table;
    out << ": \"" << why.rule.row << "\"";
    if (why.rule.designed && why.rule.table.find("designed") == std::string::npos) {
      out << " (designed: not in the source text)";
    }
    out << "\n";
  }
  for (const DieRoll& d : why.dice) {
    std::vector<std::string> faces;
    for (int f : d.faces) faces.push_back(absl::StrCat(f));
    out << absl::StrFormat("die %d: %dd%d %s for %s", d.index + 1, d.count, d.sides,
                           absl::StrJoin(faces, "+"), d.purpose);
    if (d.total != d.result) out << " = " << d.total;
    out << "\n";
  }
  if (!why.text.empty()) out << why.text << "\n";
}

}  // namespace

int TableCommand(const TableOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<Table> tables;
  std::string title;
  if (options.ruleset == "pagano" || options.ruleset == "PAGANO_D10") {
    tables = PaganoTables();
    title = "PAGANO_D10";
  } else if (options.ruleset == "roarks" || options.ruleset == "ROARKS_DRIFT") {
    tables = RoarksTables();
    title = "ROARKS_DRIFT";
  } else {
    err << "error: impi table reads pagano or roarks, not '" << options.ruleset << "'\n";
    return kExitUsage;
  }
  if (options.table.empty()) {
    for (const Table& t : tables) out << title << " " << t.name << ": " << t.keys << "\n";
    return kExitOk;
  }
  const Table* table = nullptr;
  for (const Table& t : tables) {
    if (options.table == t.name) table = &t;
  }
  if (table == nullptr) {
    std::vector<std::string> names;
    for (const Table& t : tables) names.push_back(t.name);
    err << "error: " << title << " has no table '" << options.table
        << "' (tables: " << absl::StrJoin(names, ", ") << ")\n";
    return kExitUsage;
  }
  Words words;
  absl::Status parsed = words.Parse(options.args);
  auto read = parsed.ok() ? table->read(words) : nullptr;
  if (parsed.ok()) parsed = words.Check();
  if (!parsed.ok()) {
    err << "error: " << title << " " << table->name << ": " << parsed.message() << "\n";
    return kExitUsage;
  }
  Dice dice = options.dice.empty() ? Dice::Seeded(options.seed) : Dice::Scripted(options.dice);
  Explanation why;
  absl::StatusOr<std::string> answer = read(dice, &why);
  if (!dice.status().ok()) {
    err << "error: " << dice.status().message() << "\n";
    return kExitError;
  }
  if (!answer.ok()) {
    err << "error: " << answer.status().message() << "\n";
    return kExitError;
  }
  if (!options.dice.empty() && dice.faces_used() < options.dice.size()) {
    err << "error: dice: " << options.dice.size() << " typed, " << dice.faces_used() << " needed\n";
    return kExitError;
  }
  out << title << " " << table->name << ": " << *answer << "\n";
  PrintExplanation(why, out);
  return kExitOk;
}

}  // namespace impi::cli
