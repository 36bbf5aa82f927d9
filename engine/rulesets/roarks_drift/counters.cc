// engine/rulesets/roarks_drift/counters.cc: the counter mix. See counters.h;
// what the text prints is quoted there, the rest is designed.
#include "engine/rulesets/roarks_drift/counters.h"

#include <memory>
#include <utility>

#include "absl/strings/str_format.h"

namespace impi::roarks {

CounterSpecs::CounterSpecs() {
  static const auto* const empty = new std::shared_ptr<const Data>(std::make_shared<const Data>());
  data_ = *empty;
}

CounterSpecs::CounterSpecs(std::vector<CounterSpec> specs) {
  auto data = std::make_shared<Data>();
  data->specs = std::move(specs);
  data->by_id.reserve(data->specs.size());
  data->pooled_ids.reserve(data->specs.size());
  for (size_t h = 0; h < data->specs.size(); ++h) {
    data->by_id.emplace(data->specs[h].id, static_cast<int>(h));
    data->pooled_ids.emplace_back(data->specs[h].id);
  }
  data_ = std::move(data);
}

int CounterSpecs::Find(const std::string& id) const {
  const auto it = data_->by_id.find(id);
  return it == data_->by_id.end() ? -1 : it->second;
}

namespace {

CounterSpec Man(std::string id, std::string name, std::string unit, CounterRole role, int fire,
                int melee, int placed_in = 0) {
  CounterSpec c;
  c.side = Side::kBritish;
  c.id = std::move(id);
  c.name = std::move(name);
  c.unit = std::move(unit);
  c.role = role;
  c.fire = fire;
  c.melee = melee;
  c.movement = MovementAllowance(Side::kBritish, WoundState::kNone, nullptr);
  c.placed_in = placed_in;
  return c;
}

// Designed: an unnamed ranker, 2-3-4.
constexpr int kRankerFire = 2, kRankerMelee = 3;
// 2.2's printed Victoria Cross winner, 3-5-4, for every named VC winner.
constexpr int kVcFire = 3, kVcMelee = 5;
// The unnamed counts of the garrison (designed): 139 men in all.
constexpr int kUnnamed224 = 100, kUnnamed124 = 6, kUnnamedStaff = 14;

}  // namespace

const char* RegimentName(Regiment r) {
  switch (r) {
    case Regiment::kUthulu: return "UTHULU";
    case Regiment::kYengwe: return "YENGWE";
    case Regiment::kUdloko: return "UDLOKO";
    case Regiment::kNone: break;
  }
  return "";
}

std::vector<CounterSpec> Garrison() {
  std::vector<CounterSpec> g;
  // 6.1.2 the lieutenants and 8.3 the surgeon, VC winners all (13.0).
  g.push_back(Man("chard", "LT CHARD", "RE", CounterRole::kLieutenant, 2, 4));
  g.push_back(Man("bromhead", "LT BROMHEAD", "2/24", CounterRole::kLieutenant, 2, 4));
  // 9.1.C "Major Reynolds must be placed in the storehouse."
  g.push_back(Man("reynolds", "SURG MAJ REYNOLDS", "AMD", CounterRole::kSurgeon, 0, 2, kStorehouse));
  // 13.0's other VC winners; 9.1.B puts five of them in the hospital.
  g.push_back(Man("hitch", "PVT HITCH", "2/24", CounterRole::kVictoriaCross, kVcFire, kVcMelee, kHospital));
  g.push_back(Man("hook", "PVT HOOK", "2/24", CounterRole::kVictoriaCross, kVcFire, kVcMelee, kHospital));
  g.push_back(Man("fielding", "PVT FIELDING", "2/24", CounterRole::kVictoriaCross, kVcFire, kVcMelee, kHospital));
  g.push_back(Man("r_jones", "PVT R JONES", "2/24", CounterRole::kVictoriaCross, kVcFire, kVcMelee, kHospital));
  g.push_back(Man("w_jones", "PVT W JONES", "2/24", CounterRole::kVictoriaCross, kVcFire, kVcMelee, kHospital));
  g.push_back(Man("allan", "CPL ALLAN", "2/24", CounterRole::kVictoriaCross, kVcFire, kVcMelee));
  // 13.0 "Sgt. Milne ... a higher melee value"; "Pvt. Dunbar ... higher Fire
  // Factor" (designed: one step above the VC winners' melee, two above a
  // ranker's fire).
  g.push_back(Man("milne", "SGT MILNE", "3rd", CounterRole::kNamed, kRankerFire, kVcMelee + 1));
  g.push_back(Man("dunbar", "PVT DUNBAR", "2/24", CounterRole::kNamed, kRankerFire + 2, kRankerMelee));
  // 9.1.B "a 1/24 3-4-4, the four Royal Art., and the three NMP".
  g.push_back(Man("h1_24", "", "1/24", CounterRole::kRanker, 3, 4, kHospital));
  for (int i = 1; i <= 4; ++i) {
    g.push_back(Man(absl::StrFormat("ra_%d", i), "", "RA", CounterRole::kRanker, kRankerFire, kRankerMelee, kHospital));
  }
  for (int i = 1; i <= 3; ++i) {
    g.push_back(Man(absl::StrFormat("nmp_%d", i), "", "NMP", CounterRole::kRanker, kRankerFire, kRankerMelee, kHospital));
  }
  // The unnamed rest, placed anywhere (9.1.D).
  for (int i = 1; i <= kUnnamed224; ++i) {
    g.push_back(Man(absl::StrFormat("b2_24_%03d", i), "", "2/24", CounterRole::kRanker, kRankerFire, kRankerMelee));
  }
  for (int i = 1; i <= kUnnamed124; ++i) {
    g.push_back(Man(absl::StrFormat("b1_24_%d", i), "", "1/24", CounterRole::kRanker, kRankerFire, kRankerMelee));
  }
  for (int i = 1; i <= kUnnamedStaff; ++i) {
    g.push_back(Man(absl::StrFormat("staff_%02d", i), "", "staff", CounterRole::kRanker, kRankerFire, kRankerMelee));
  }
  return g;
}

int RegimentMen(Regiment r) {
  // 13.0: "about seven hundred strong", "Some 1,400", "2.100" (read 2,100).
  switch (r) {
    case Regiment::kUthulu: return 1400;
    case Regiment::kYengwe: return 700;
    case Regiment::kUdloko: return 2100;
    case Regiment::kNone: break;
  }
  return 0;
}

int RegimentWave(Regiment r) {
  // Designed: 15 counters for every 700 men of the commentary.
  return RegimentMen(r) / 700 * 15;
}

std::vector<CounterSpec> RegimentCounters(Regiment r) {
  std::vector<CounterSpec> out;
  const int n = RegimentWave(r);
  const int mp = MovementAllowance(Side::kZulu, WoundState::kNone, nullptr);
  std::string lower = RegimentName(r);
  for (char& ch : lower) ch = static_cast<char>(ch - 'A' + 'a');
  for (int i = 0; i < n; ++i) {
    CounterSpec c;
    c.side = Side::kZulu;
    c.regiment = r;
    c.unit = RegimentName(r);
    c.name = RegimentName(r);
    c.movement = mp;
    if (i < kRifleUnitsPerRegiment) {
      // 2.3's printed sample, 8-8-5, for every regiment's rifles.
      c.id = absl::StrFormat("%s_r%d", lower, i + 1);
      c.role = CounterRole::kZuluRifles;
      c.fire = 8;
      c.melee = 8;
    } else {
      // 7.0's example: "its melee factor is reduced from 10 to 5".
      c.id = absl::StrFormat("%s_%02d", lower, i - kRifleUnitsPerRegiment + 1);
      c.role = CounterRole::kZulu;
      c.melee = 10;
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace impi::roarks
