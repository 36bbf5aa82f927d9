// engine/rulesets/roarks_drift/counters.h: the counter mix of "The Battle of
// Roark's Drift" (004_18930928e35a3412.txt): the garrison, a man a counter,
// and the three regiments of the Undi corps, five men a counter.
//
// Overview: the text prints two sample counters and names the men placed in
// the hospital, but not the whole mix (rules/README.md lists it among what
// the file leaves out). What it fixes:
//   - 1.0 "Each counter represents one British soldier or five Zulus";
//   - 2.2 "PVT HOOK, Unit ID 2/24, with Fire Factors 3, Melee Factors 5 and
//     Movement Points 4", a Victoria Cross winner; "Units without names are
//     men who were not awarded the Victoria Cross";
//   - 2.3 "YENGWE, with Fire Factors 8, Melee Factors 8 and Movement Points
//     5"; "Zulu units with only two numbers have melee factors but no fire
//     factors";
//   - 7.0's worked example: a Zulu unit of melee factor 10, and three
//     British units of 9 melee factors together (3 each);
//   - 4.0.B the allowances (Zulu 5, British 4); 6.2.1.A "Each Zulu regiment
//     has two units which may fire";
//   - 9.1.B the men placed in the hospital: "Hitch, Hook, Fielding, both
//     Joneses, a 1/24 3-4-4, the four Royal Art., and the three NMP";
//     9.1.C Reynolds in the storehouse; 6.1.2 the two lieutenants, Chard
//     and Bromhead;
//   - 13.0 the nine Victoria Cross winners the text names, Sgt Milne's
//     higher melee and Pvt Dunbar's higher fire; the regiments' strengths
//     (Indluyengwe "about seven hundred", Uthulwana "some 1,400", Udloko
//     "2,100").
// The rest is designed, "not in the source text", and documented in
// docs/scenarios/roarks_drift_board.md ("The counters"): an unnamed ranker
// is 2-3-4 (melee 3 as 7.0's example; fire 2, below the printed VC winner's
// 3); the named VC winners are 3-5-4 as Hook is printed; the lieutenants
// 2-4-4 and Reynolds 0-2-4; Milne 2-6-4; Dunbar 4-3-4. The garrison is 139
// men. A regiment's counters are one phase's wave (9.3.B renews them at
// full strength each phase), in the commentary's proportion 2:1:3 at 15
// counters a part: Uthulu 30, Yengwe 15, Udloko 45, each with its two rifle
// units (8-8-5 as Yengwe's is printed); the rest 10 melee, 5 MP (7.0's
// example). A third of a wave is 30 counters, 150 men; the game's end at 100
// killed (9.3.B) is some 3-4 waves broken, as the four phases allow.
//
// Usage:
//   for (const CounterSpec& c : Garrison()) ...
//   const std::vector<CounterSpec> yengwe = RegimentCounters(Regiment::kYengwe);
//
// Thread safety: pure functions returning values.
#ifndef IMPI_ENGINE_RULESETS_ROARKS_DRIFT_COUNTERS_H_
#define IMPI_ENGINE_RULESETS_ROARKS_DRIFT_COUNTERS_H_

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/shared_string.h"
#include "engine/rulesets/roarks_drift/board.h"
#include "engine/rulesets/roarks_drift/tables.h"

namespace impi::roarks {

enum class Regiment : int { kNone = 0, kUthulu = 1, kYengwe = 2, kUdloko = 3 };
const char* RegimentName(Regiment r);  // "UTHULU", "YENGWE", "UDLOKO"

enum class CounterRole : int {
  kRanker = 0,         // an unnamed man (1.0, 2.2)
  kVictoriaCross,      // a named VC winner (2.2, 13.0)
  kLieutenant,         // Chard or Bromhead: volley fire's officers (6.1.2)
  kSurgeon,            // Surgeon Major Reynolds (8.3)
  kNamed,              // named for the notes, not a VC (Milne, Dunbar)
  kZuluRifles,         // a rifled Zulu unit (2.3, 6.2.1)
  kZulu,               // a Zulu unit of melee and movement only
};

struct CounterSpec {
  Side side = Side::kBritish;
  std::string id;       // "hook", "b2_24_017", "yengwe_r1", "udloko_12"
  std::string name;     // "PVT HOOK"; empty for the unnamed
  std::string unit;     // "2/24", "1/24", "RA", "NMP", ...; the regiment for a Zulu
  CounterRole role = CounterRole::kRanker;
  Regiment regiment = Regiment::kNone;
  int fire = 0;         // fire factors; 0 for a Zulu unit with two numbers
  int melee = 0;
  int movement = 0;
  // 9.1: the building the man must be set up in (kHospital, kStorehouse);
  // 0 where he may be placed anywhere (9.1.D).
  int placed_in = 0;
};

// A game's counters, by handle: fixed once the game is made (NewGame), so
// every copy of a state shares one list and its index by id (a search
// copies states by the thousand; the specs are some 300 counters of three
// strings each).
//
//   const CounterSpecs specs(Garrison());
//   const int hook = specs.Find("hook");  // -1: no such counter
class CounterSpecs {
 public:
  CounterSpecs();
  explicit CounterSpecs(std::vector<CounterSpec> specs);

  const CounterSpec& operator[](size_t h) const { return data_->specs[h]; }
  size_t size() const { return data_->specs.size(); }
  bool empty() const { return data_->specs.empty(); }
  std::vector<CounterSpec>::const_iterator begin() const { return data_->specs.begin(); }
  std::vector<CounterSpec>::const_iterator end() const { return data_->specs.end(); }
  // The handle of the counter with `id`; -1 if none.
  int Find(const std::string& id) const;
  // The counter's id as a pooled text (an action names its unit by one):
  // made once with the list, so that naming a unit copies a pointer.
  const SharedString& PooledId(size_t h) const { return data_->pooled_ids[h]; }

 private:
  struct Data {
    std::vector<CounterSpec> specs;
    std::unordered_map<std::string, int> by_id;
    std::vector<SharedString> pooled_ids;
  };
  std::shared_ptr<const Data> data_;
};

// The 139 men of the garrison, the named first.
std::vector<CounterSpec> Garrison();
// One regiment's counters for a phase (its rifle units first).
std::vector<CounterSpec> RegimentCounters(Regiment r);
// 13.0's strengths: the men of each regiment, and the counters of a wave.
int RegimentMen(Regiment r);
int RegimentWave(Regiment r);
inline constexpr int kRifleUnitsPerRegiment = 2;  // 6.2.1.A

}  // namespace impi::roarks

#endif  // IMPI_ENGINE_RULESETS_ROARKS_DRIFT_COUNTERS_H_
