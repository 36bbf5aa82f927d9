#include "engine/core/state_hash.h"

#include <cstring>

namespace impi {
namespace {

// SplitMix64's finaliser: a fixed, well-mixed step.
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void AddVec(StateHasher* h, const Vec2& v) {
  h->Add(v.x());
  h->Add(v.y());
}

}  // namespace

void StateHasher::Add(uint64_t v) { h_ = Mix(h_ ^ Mix(v + 0x632be59bd9b4e019ULL)); }

void StateHasher::Add(double v) {
  if (v == 0.0) v = 0.0;  // -0.0 and 0.0 are the same place
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  Add(bits);
}

void StateHasher::Add(const std::string& s) {
  Add(static_cast<uint64_t>(s.size()));
  uint64_t word = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    word = (word << 8) | static_cast<unsigned char>(s[i]);
    if (i % 8 == 7) {
      Add(word);
      word = 0;
    }
  }
  Add(word);
}

void StateHasher::Add(const std::vector<std::string>& v) {
  Add(static_cast<uint64_t>(v.size()));
  for (const std::string& s : v) Add(s);
}

void StateHasher::Add(absl::Span<const SharedString> v) {
  Add(static_cast<uint64_t>(v.size()));
  for (const SharedString& s : v) Add(s.str());
}

void HashState(const BattleState& s, StateHasher* h) {
  h->Add(s.ruleset);
  h->Add(s.scenario);
  h->Add(static_cast<int>(s.scale));
  h->Add(s.table.width);
  h->Add(s.table.height);
  h->Add(s.table.hex_columns);
  h->Add(s.table.hex_rows);
  const Clock& c = s.clock;
  h->Add(c.turn);
  h->Add(static_cast<int>(c.phase));
  h->Add(c.time_of_day);
  h->Add(c.minutes_per_turn);
  h->Add(static_cast<uint64_t>(s.units.size()));
  for (const Unit& u : s.units) {
    h->Add(u.id);
    h->Add(static_cast<int>(u.side));
    h->Add(static_cast<int>(u.kind));
    h->Add(u.name);
    const Figures& f = u.figures;
    for (int v : {f.fit, f.wounded, f.seriously_wounded, f.casualties, f.riflemen, f.starting}) {
      h->Add(v);
    }
    h->Add(u.leaders);
    AddVec(h, u.position);
    h->Add(u.hex.q);
    h->Add(u.hex.r);
    h->Add(u.off_table);
    h->Add(u.facing);
    h->Add(static_cast<int>(u.formation));
    h->Add(static_cast<int>(u.stance));
    const UnitStatus& st = u.status;
    for (bool b : {st.pinned, st.retiring, st.routed, st.shaken, st.disordered, st.broken,
                   st.acted, st.fired, st.in_close_combat, st.bayonets_fixed, st.limbered,
                   st.may_not_fire, st.below_half, st.surrounded, st.runner_out, st.ordered}) {
      h->Add(b);
    }
    h->Add(static_cast<int>(st.ammunition));
    h->Add(st.turns_fired);
    h->Add(u.parent);
    h->Add(u.red_coat);
  }
  h->Add(static_cast<uint64_t>(s.terrain.size()));
  for (const Terrain& t : s.terrain) {
    h->Add(t.id);
    h->Add(static_cast<int>(t.kind));
    h->Add(t.name);
    h->Add(static_cast<uint64_t>(t.outline.size()));
    for (const Vec2& v : t.outline) AddVec(h, v);
    h->Add(t.open);
    h->Add(t.cover_class);
    h->Add(t.blocks_los);
    h->Add(t.impassable);
    h->Add(t.move_factor);
    h->Add(static_cast<uint64_t>(t.hexes.size()));
    for (const HexCoord& x : t.hexes) {
      h->Add(x.q);
      h->Add(x.r);
    }
  }
  h->Add(static_cast<uint64_t>(s.points.size()));
  for (const Point& p : s.points) {
    h->Add(static_cast<int>(p.kind));
    h->Add(p.number);
    AddVec(h, p.position);
    h->Add(p.hex.q);
    h->Add(p.hex.r);
    h->Add(p.terrain_class);
    h->Add(p.hidden);
    h->Add(static_cast<int>(p.state));
    h->Add(static_cast<int>(p.marker));
    h->Add(static_cast<int>(p.marked_force));
    h->Add(p.british_entry);
    h->Add(p.name);
  }
  h->Add(s.next_unit_serial);
  h->Add(static_cast<uint64_t>(s.parameters.size()));
  for (const Parameter& p : s.parameters) {
    h->Add(p.name);
    h->Add(p.value);
  }
}

}  // namespace impi
