// Roark's Drift's printed tables for a player at a real table
// (`impi table roarks`).
#include "engine/rulesets/roarks_drift/table_book.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/rulesets/roarks_drift/tables.h"

namespace impi::roarks {
namespace {

const char* DamageWord(Damage d) { return DamageName(d); }

}  // namespace

TableBook RoarksTableBook() {
  std::vector<TableEntry> t;
  t.push_back(TableEntry{"fire", "ff fdf", [](TableWords& w) {
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
  t.push_back(TableEntry{"melee", "attack defense", [](TableWords& w) {
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
  t.push_back(TableEntry{"oskarberg", "suppression south_attack zulu_in_perimeter", [](TableWords& w) {
                 OskarbergSituation s;
                 s.suppression = w.Int("suppression", 0);
                 s.zulu_attack_from_south_edge = w.Bool("south_attack");
                 s.zulu_in_main_perimeter = w.Bool("zulu_in_perimeter");
                 return [s](Dice& d, Explanation* why) {
                   return SayResult<OskarbergResult>(
                       OskarbergFire(d, s, why), [](const OskarbergResult& r) {
                         if (!r.hit) return std::string("no hit");
                         std::vector<std::string> wounds;
                         for (Damage x : r.wounded) wounds.push_back(DamageWord(x));
                         return absl::StrCat("a hit: ", absl::StrJoin(wounds, "; "));
                       });
                 };
               }});
  t.push_back(TableEntry{"suppress", "suppression", [](TableWords& w) {
                 const int level = w.Int("suppression", 0);
                 return [level](Dice& d, Explanation* why) {
                   return SayResult<int>(SuppressOskarberg(d, level, why), [](const int& n) {
                     return n >= kFullySuppressed
                                ? std::string("fully suppressed")
                                : absl::StrFormat("the Zulus now hit on %d-12", OskarbergToHit(n));
                   });
                 };
               }});
  t.push_back(TableEntry{"victory", "dead", [](TableWords& w) {
                 const int dead = w.Int("dead", 0);
                 return [dead](Dice&, Explanation* why) {
                   return SayResult<Victory>(VictoryLevel(dead, why), [](const Victory& v) {
                     return std::string(VictoryName(v));
                   });
                 };
               }});
  return TableBook{"ROARKS_DRIFT", "roarks", std::move(t)};
}

}  // namespace impi::roarks
