// Pagano's printed tables for a player at a real table (`impi table pagano`).
#include "engine/rulesets/pagano/table_book.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/rulesets/pagano/tables.h"

namespace impi::pagano {

TableBook PaganoTableBook() {
  std::vector<TableEntry> t;
  t.push_back(TableEntry{"movement",
               "mover=zulu|foot|mounted|limbered|byhand begins_prone ends_prone defended_wall "
               "deep_water steep_slope donga assisting building rough rocky track",
               [](TableWords& w) {
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
                   return SayResult<MoveAllowance>(MovementAllowance(d, s, why),
                                             [](const MoveAllowance& m) {
                                               return absl::StrFormat("moves %g\"", m.inches);
                                             });
                 };
               }});
  t.push_back(TableEntry{"morale", "remaining lost initiating induna nnc induna_lost", [](TableWords& w) {
                 MoraleSituation s;
                 s.remaining = w.Int("remaining", 0);
                 s.lost = w.Int("lost", 0);
                 s.initiating_melee = w.Bool("initiating");
                 s.directed_by_induna = w.Bool("induna");
                 s.nnc = w.Bool("nnc");
                 s.all_induna_lost = w.Bool("induna_lost");
                 return [s](Dice& d, Explanation* why) {
                   return SayResult<MoraleResult>(ZuluMorale(d, s, why), [](const MoraleResult& m) {
                     constexpr const char* kNames[] = {"Firm", "Stayed", "Routed"};
                     return absl::StrFormat("total %d: %s", m.total,
                                            kNames[static_cast<int>(m.outcome)]);
                   });
                 };
               }});
  t.push_back(TableEntry
      {"missile",
       "weapon=spears|zulu_rifles|martini|carbine|pistol|cannon|gatling|rockets "
       "scale=skirmish|tactical range dice prone cover=none|soft|regular|heavy mounted "
       "at_induna",
       [](TableWords& w) {
         MissileSituation s;
         s.weapon = static_cast<Weapon>(w.Choice("weapon",
                                                 {"spears", "zulu_rifles", "martini", "carbine",
                                                  "pistol", "cannon", "gatling", "rockets"},
                                                 2));
         s.scale = static_cast<Scale>(w.Choice("scale", {"skirmish", "tactical"}, 0));
         s.range_inches = w.Double("range", 0);
         s.dice = w.Int("dice", 1);
         s.target_prone = w.Bool("prone");
         s.target_cover =
             static_cast<CoverClass>(w.Choice("cover", {"none", "soft", "regular", "heavy"}, 0));
         s.firer_mounted = w.Bool("mounted");
         s.target_is_induna = w.Bool("at_induna");
         return [s](Dice& d, Explanation* why) {
           return SayResult<MissileResult>(MissileFire(d, s, why), [](const MissileResult& m) {
             return absl::StrFormat("%d eliminated%s", m.eliminations,
                                    m.gun_jammed ? "; the gun has jammed" : "");
           });
         };
       }});
  t.push_back(TableEntry{"riflemen", "month", [](TableWords& w) {
                 const int month = w.Int("month", 1);
                 return [month](Dice& d, Explanation* why) {
                   return SayResult<int>(RollRiflemen(d, month, why),
                                   [](const int& n) { return absl::StrCat(n, " riflemen"); });
                 };
               }});
  t.push_back(TableEntry{"medical", "seven=casualty|eliminated|wounded", [](TableWords& w) {
                 const int seven = w.Choice("seven", {"eliminated", "casualty", "wounded"}, 1);
                 return [seven](Dice& d, Explanation* why) -> absl::StatusOr<std::string> {
                   constexpr const char* kNames[] = {"eliminated permanently", "still a casualty",
                                                     "wounded"};
                   const MedicalOutcome o = MedicalRoll(d, why, static_cast<MedicalOutcome>(seven));
                   return std::string(kNames[static_cast<int>(o)]);
                 };
               }});
  t.push_back(TableEntry{"melee", "table zulus brits", [](TableWords& w) {
                 const int table = w.Int("table", 1);
                 const int zulus = w.Int("zulus", 0);
                 const int brits = w.Int("brits", 0);
                 return [=](Dice& d, Explanation* why) {
                   return SayResult<MeleeRoundResult>(
                       MeleeRound(d, table, zulus, brits, why), [](const MeleeRoundResult& m) {
                         return absl::StrFormat(
                             "Brits %d eliminated, %d retreat; Zulus %d eliminated, %d retreat",
                             m.brits_eliminated, m.brits_retreated, m.zulus_eliminated,
                             m.zulus_retreated);
                       });
                 };
               }});
  t.push_back(TableEntry
      {"fight", "table zulus brits building", [](TableWords& w) {
         const int table = w.Int("table", 1);
         const int zulus = w.Int("zulus", 0);
         const int brits = w.Int("brits", 0);
         const bool building = w.Bool("building");
         return [=](Dice& d, Explanation* why) {
           return SayResult<MeleeFightResult>(
               MeleeFight(d, table, zulus, brits, building, why), [](const MeleeFightResult& m) {
                 return absl::StrFormat(
                     "%s after %d round%s; Brits %d eliminated, %d retreated; Zulus %d "
                     "eliminated, %d retreated",
                     MeleeWinnerName(m.winner), m.rounds, m.rounds == 1 ? "" : "s",
                     m.brits_eliminated, m.brits_retreated, m.zulus_eliminated, m.zulus_retreated);
               });
         };
       }});
  return TableBook{"PAGANO_D10", "pagano", std::move(t)};
}


}  // namespace impi::pagano
