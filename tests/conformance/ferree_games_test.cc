// Whole games of Ferree's Isandlwana (001_4c61f40cf0987cbf.txt) from the
// built-in "isandlwana" scenario, played as `impi simulate` plays them
// (clients/cli/simulate.cc): the RULES Zulu doctrine inside Advance, the
// scripted British choosing among LegalActions(state, BRITISH) whenever the
// British are awaited, each step's dice from a counter stream of the game's
// seed, seeds 1..200, each game to its end or simulate's turn cap (60).
//
// Every RunAdvance result is checked against the rules, from the state before
// the step, the events of the step (in order) and the state after it:
//   - no figure count is ever negative;
//   - every unit is activated at most once a turn: a drawn counter
//     (CARD_DRAWN) or an induna's order (the induna's TARGET_CHOSEN naming a
//     regiment) is an activation; a regiment's counter drawn after an order is
//     skipped ("When the unit's counter comes up, skip its turn"), and only
//     then; status.acted and status.ordered agree with the log;
//   - a regiment sent off-board gets the TURN OF ENTRY row of its die (loins
//     +3), enters on exactly that turn at its noted ENTRY point (its trays
//     next to that point), stays off the table until then, and the loins
//     (umpire.division 4) never enter or act before turn 3;
//   - a Zulu Regiment's Resolve Test is rolled only for a regiment that has
//     lost 10% or more of its figures, and always for one that has;
//   - a pinned tray never moves except to rout (or the bonus charge on a
//     retiring unit, which the text lets a pinned tray make at -1); every
//     tray move and every figure lost is logged;
//   - the game ends exactly on the victory condition: IsOver is true iff
//     every Zulu regiment is broken or without figures, or no British figure
//     is left on the table; the end is the step's last event, and a finished
//     game does not move on;
//   - the same seed gives the same game (the deterministic serialization of
//     the final TableState, byte for byte);
//   - footprints (docs/ferree-engine.md, "Footprints"): every unit on the
//     table with figures (a wagon always) stands on a disc of
//     ferree::Radius(u) at its position (001, the basing paragraph before
//     "Unit Organization": "a movement tray can be constructed out of
//     magnetic sheet cut to a 2 3/4" square", a disc of 1.4"; a company 1.5",
//     a wagon 0.75", designed). After every step, and in the scenario before the first,
//     no two footprints overlap: two overlap when their centres are closer
//     than the sum of their radii less 1e-6". No Zulu unit is within 1"
//     (edge to edge) of a British unit unless the two are in close combat:
//     in base contact (at most ferree::kContactGap apart, 001 D.: "Close
//     combat occurs when a Zulu figure and a British figure are in base
//     contact or across a barricade") or across the laager or thornbush
//     within the defended reach; a lone British figure (a runner, the surgeon) keeps no
//     stand-off, and a Zulu may stand among the wagons (designed);
//   - the roster a state keeps (ferree::Roster: its units by side, kind and
//     regiment) lists what a pass over its units finds, as runners are sent
//     and rejoin their companies.
// The games are split into four shards of 50 so ctest runs them in parallel;
// each shard prints a one-line summary.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "engine/core/battle_state.h"
#include "engine/core/dice.h"
#include "engine/core/event.h"
#include "engine/rulesets/ferree/ferree.h"
#include "engine/rulesets/ferree/tables.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "engine/game/umpire.h"
#include "engine/scenarios/embedded.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "service/convert.h"
#include "tests/conformance/scenario_cases.h"

namespace impi {
namespace {

// As clients/cli/simulate.cc: the counter streams of a game's seed, the
// default turn cap, and the guard on a game that stops moving on.
constexpr uint64_t kStepStream = 1;
constexpr uint64_t kBritishStream = 2;
constexpr int kTurnCap = 60;
constexpr int kStepsPerTurn = 2000;

constexpr int kGames = 200;
constexpr int kShards = 4;
constexpr int kGamesPerShard = kGames / kShards;
constexpr int kReplays = 10;
// Failures reported in full per shard; the rest are only counted.
constexpr int kFailuresShown = 25;

// 001, 4.: "The regiments that make up the Loins can not enter on to the
// board until turn 3".
constexpr int kLoinsDivision = 4;
constexpr int kLoinsFirstTurn = 3;
// 001, Zulu Off-Board Movement, TURN OF ENTRY: die 1..6 -> Point 1, Point 2;
// "Units from the Loins add three turns to their result."
constexpr int kEntryTurn[7][3] = {{0, 0, 0}, {0, 4, 6}, {0, 5, 7}, {0, 5, 7},
                                  {0, 6, 8}, {0, 7, 9}, {0, 8, 10}};
constexpr int kLoinsExtraTurns = 3;
// 001, "they will enter the board one at a time through that square": the
// engine sets a regiment's trays side by side along the edge at the point
// (a 2 3/4" tray, centre to centre 2.9"); a normal move may follow (2D6).
constexpr double kTrayPitch = 2.9;
constexpr double kTrayHalf = 1.4;
constexpr double kMoveMax = 12.0;

const Ruleset& Rules() {
  const Ruleset* r = FindRuleset("FERREE_ISANDLWANA");
  EXPECT_NE(r, nullptr);
  return *r;
}

BattleState LoadIsandlwana() { return LoadScenario("isandlwana"); }

// The table state in the wire contract, serialized deterministically.
std::string Serialize(const BattleState& s) {
  v1::TableState proto;
  service::ToProto(s, &proto);
  std::string out;
  {
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    EXPECT_TRUE(proto.SerializeToCodedStream(&coded));
  }
  return out;
}

// --- The victory condition, from the table alone (001, 8.). ---------------

int RegimentFit(const BattleState& s, const std::string& regiment) {
  int n = 0;
  for (const Unit& u : s.units) {
    if (u.kind == UnitKind::kTray && u.parent == regiment) n += u.figures.fit;
  }
  return n;
}

// "until all of the Zulu regiments have been broken".
bool EveryRegimentBroken(const BattleState& s) {
  for (const Unit& u : s.units) {
    if (u.kind == UnitKind::kRegiment && !u.status.broken && RegimentFit(s, u.id) > 0) {
      return false;
    }
  }
  return true;
}

// "or all of the British are killed or escape".
bool NoBritishOnTable(const BattleState& s) {
  for (const Unit& u : s.units) {
    if (u.side == Side::kBritish && !u.off_table && u.figures.Present() > 0) return false;
  }
  return true;
}

// Figures a regiment has lost: its strength (25 a tray) less the figures left
// in its trays.
int Lost(const BattleState& s, const std::string& regiment) {
  const Unit* r = s.FindUnit(regiment);
  if (r == nullptr) return 0;
  return std::max(0, r->figures.Starting() - RegimentFit(s, regiment));
}

// "If the active Zulu regiment has lost 10% or more of its figures".
bool TenPercentLost(int lost, int strength) { return lost * 10 >= strength; }

// --- The checker. -------------------------------------------------------------

struct Tally {
  int games = 0;
  int decided = 0;
  int zulu_wins = 0;
  int british_wins = 0;
  int capped = 0;
  int64_t turns = 0;
  int64_t steps = 0;
  int64_t activations = 0;
  int orders = 0;
  int skipped_counters = 0;
  int resolve_tests = 0;
  int entries = 0;
  int loins_entries = 0;
  int moves_with_pinned_tray = 0;  // regiment moves that left a pinned tray behind
  int pinned_charges = 0;          // a pinned tray's bonus charge on a retiring unit
  int routs = 0;
  int64_t footprint_checks = 0;  // states checked for footprints
  int64_t roster_checks = 0;     // states whose roster was checked
  int64_t rosters_with_runners = 0;  // of those, with a runner on the roster
  int64_t violations = 0;
  // Violations by kind: the message up to its first ": ", with unit ids and
  // numbers left out.
  std::map<std::string, int64_t> by_kind;
};

std::string KindOf(const std::string& what) {
  std::string out;
  const absl::string_view head = absl::string_view(what).substr(0, what.find(": "));
  for (const absl::string_view word : absl::StrSplit(head, ' ')) {
    if (word.find_first_of("0123456789_") != absl::string_view::npos) continue;
    if (out.size() > 60) break;
    absl::StrAppend(&out, out.empty() ? "" : " ", word);
  }
  return out;
}

class GameChecker {
 public:
  GameChecker(const Ruleset& rules, uint64_t seed, Tally* tally)
      : rules_(rules), seed_(seed), tally_(tally) {}

  void Step(const BattleState& before, const StepResult& result);
  // Footprints and the 1" stand-off, on one state.
  void Footprints(const BattleState& s);
  // The roster a state keeps (if any) lists what a pass over its units
  // finds.
  void RosterAgrees(const BattleState& s);
  // The finished game does not move on.
  void Finished(const BattleState& final_state);

 private:
  // What this turn's log shows so far.
  struct TurnBook {
    std::set<std::string> drawn;    // counters drawn
    std::set<std::string> ordered;  // regiments ordered by an induna
    std::map<std::string, int> activations;
  };
  // A regiment's activation in the current step.
  struct Activation {
    int event;
    std::string regiment;
    bool broken;  // already broken when it acts: it routs, no test
  };

  void Fail(const std::string& what);
  void Activate(const BattleState& b, const BattleState& a, const std::string& id, int event);
  static const Unit* Find(const BattleState& b, const BattleState& a, const std::string& id);
  static int Division(const BattleState& b, const BattleState& a, const Unit& u);
  static std::string RegimentOf(const BattleState& b, const BattleState& a, const std::string& id);

  const Ruleset& rules_;
  uint64_t seed_;
  Tally* tally_;
  int step_ = 0;
  int event_ = -1;
  int turn_ = 0;
  TurnBook book_;
  std::string last_drawn_;
  std::map<std::string, impi::ferree::SecretEntry> noted_;  // the plan: turn and point rolled
  std::set<std::string> entered_;
  std::vector<Activation> step_activations_;
  std::set<std::string> broken_;  // regiments broken so far
};

void GameChecker::Fail(const std::string& what) {
  ++tally_->by_kind[KindOf(what)];
  if (++tally_->violations <= kFailuresShown) {
    ADD_FAILURE() << "seed " << seed_ << ", step " << step_ << ", turn " << turn_
                  << (event_ >= 0 ? absl::StrCat(", event ", event_) : std::string()) << ": "
                  << what;
  }
}

const Unit* GameChecker::Find(const BattleState& b, const BattleState& a, const std::string& id) {
  const Unit* u = a.FindUnit(id);
  return u != nullptr ? u : b.FindUnit(id);
}

int GameChecker::Division(const BattleState& b, const BattleState& a, const Unit& u) {
  auto division = [&](const std::string& id) {
    const int d = ferree::UnitOf(a, id).division;
    return d != 0 ? d : ferree::UnitOf(b, id).division;
  };
  if (u.kind == UnitKind::kRegiment || u.parent.empty()) return division(u.id);
  const Unit* p = Find(b, a, u.parent);
  return p == nullptr ? 0 : division(p->id);
}

std::string GameChecker::RegimentOf(const BattleState& b, const BattleState& a,
                                    const std::string& id) {
  const Unit* u = Find(b, a, id);
  if (u == nullptr) return "";
  if (u->kind == UnitKind::kRegiment) return u->id;
  return u->kind == UnitKind::kTray ? u->parent : "";
}

void GameChecker::Activate(const BattleState& b, const BattleState& a, const std::string& id,
                           int event) {
  ++tally_->activations;
  if (++book_.activations[id] > 1) {
    Fail(absl::StrCat(id, " is activated ", book_.activations[id],
                      " times in one turn (7.: \"until all units have acted\", once each)"));
  }
  const Unit* u = Find(b, a, id);
  if (u == nullptr) return;
  if (u->kind == UnitKind::kRegiment) {
    step_activations_.push_back({event, id, broken_.count(id) > 0});
  }
  // 001, 4.: the loins "can not enter on to the board until turn 3".
  if ((u->kind == UnitKind::kRegiment || u->kind == UnitKind::kInduna) &&
      Division(b, a, *u) == kLoinsDivision && turn_ < kLoinsFirstTurn) {
    Fail(absl::StrCat(id, " of the loins acts on turn ", turn_));
  }
}

// The segment a-b crosses an edge of the laager or the thornbush.
bool AcrossBarricade(const BattleState& s, const Vec2& a, const Vec2& b) {
  auto cross = [](const Vec2& p, const Vec2& q, const Vec2& c, const Vec2& d) {
    auto orient = [](const Vec2& o, const Vec2& x, const Vec2& y) {
      return (x - o).x() * (y - o).y() - (x - o).y() * (y - o).x();
    };
    const double d1 = orient(c, d, p), d2 = orient(c, d, q);
    const double d3 = orient(p, q, c), d4 = orient(p, q, d);
    return ((d1 <= 0 && d2 >= 0) || (d1 >= 0 && d2 <= 0)) &&
           ((d3 <= 0 && d4 >= 0) || (d3 >= 0 && d4 <= 0));
  };
  for (const Terrain& t : s.terrain) {
    if (t.kind != TerrainKind::kLaager && t.kind != TerrainKind::kBarricade) continue;
    const size_t n = t.outline.size();
    for (size_t i = 0; i + 1 < n; ++i) {
      if (cross(a, b, t.outline[i], t.outline[i + 1])) return true;
    }
    if (!t.open && n > 2 && cross(a, b, t.outline[n - 1], t.outline[0])) return true;
  }
  return false;
}

void GameChecker::Footprints(const BattleState& s) {
  // Overlap: centres closer than the sum of the radii less kSlack.
  constexpr double kSlack = 1e-6;
  // 001 D.: "base contact"; across the laager "within 1/2"" (the engine's
  // reach: 1/2" and contact, and 0.2" of the laager's line).
  const double contact = ferree::kContactGap + 1e-9;
  const double across = ferree::kLaagerReach + ferree::kContactGap + 0.2;
  struct Foot {
    const Unit* u;
    double r;
  };
  std::vector<Foot> feet;
  double max_r = 0;
  for (const Unit& u : s.units) {
    if (u.kind == UnitKind::kRegiment || !ferree::Alive(u)) continue;
    feet.push_back({&u, ferree::Radius(u)});
    max_r = std::max(max_r, feet.back().r);
  }
  ++tally_->footprint_checks;

  // Sweep along x: only units within two radii and the stand-off can clash.
  std::sort(feet.begin(), feet.end(),
            [](const Foot& x, const Foot& y) { return x.u->position.x() < y.u->position.x(); });
  const double reach = 2 * max_r + 1.0;
  for (size_t i = 0; i < feet.size(); ++i) {
    const Unit& a = *feet[i].u;
    for (size_t j = i + 1; j < feet.size(); ++j) {
      const Unit& b = *feet[j].u;
      if (b.position.x() - a.position.x() > reach) break;
      const double d = Distance(a.position, b.position);
      const double sum = feet[i].r + feet[j].r;
      // Designed (docs/conformance.md, "Footprints during play"): a Zulu
      // may stand among the wagons.
      const bool zulu_on_wagon = (a.side == Side::kZulu && b.kind == UnitKind::kWagon) ||
                                 (b.side == Side::kZulu && a.kind == UnitKind::kWagon);
      if (d < sum - kSlack && !zulu_on_wagon) {
        Fail(absl::StrCat("footprints overlap: ", a.id.str(), " and ", b.id.str(), " stand ",
                          absl::StrFormat("%.4f", d), "\" apart (radii ", feet[i].r, " and ",
                          feet[j].r, ")"));
        continue;
      }
      // Units of men: a wagon has no figures.
      const bool zulu_british = ((a.side == Side::kZulu && b.side == Side::kBritish) ||
                                 (a.side == Side::kBritish && b.side == Side::kZulu)) &&
                                a.figures.Present() > 0 && b.figures.Present() > 0;
      if (!zulu_british) continue;
      const double gap = d - sum;
      if (gap <= contact || gap >= 1.0 - kSlack) continue;
      if (gap <= across && AcrossBarricade(s, a.position, b.position)) continue;
      // Designed (docs/conformance.md, "Footprints during play"): a lone
      // British figure (a runner, the surgeon) keeps no stand-off.
      const Unit& br = a.side == Side::kBritish ? a : b;
      if (br.kind == UnitKind::kRunner || br.kind == UnitKind::kSurgeon) continue;
      Fail(absl::StrCat("a Zulu unit within 1\" of a British unit and not in close combat: ", a.id.str(),
                        " and ", b.id.str(), " ", absl::StrFormat("%.4f", gap), "\" apart"));
    }
  }
}

void GameChecker::RosterAgrees(const BattleState& s) {
  const ferree::Roster* r = ferree::RosterOf(s);
  if (r == nullptr) return;
  ++tally_->roster_checks;
  if (!r->runners.empty()) ++tally_->rosters_with_runners;
  std::vector<int> british, regiments, figures, trays, indunas, snipers, runners, wagons;
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    const int at = static_cast<int>(i);
    if (u.side == Side::kBritish) british.push_back(at);
    if (u.kind == UnitKind::kRegiment) regiments.push_back(at);
    if (u.kind == UnitKind::kTray || u.kind == UnitKind::kInduna || u.kind == UnitKind::kSniper) {
      figures.push_back(at);
    }
    if (u.kind == UnitKind::kTray) trays.push_back(at);
    if (u.kind == UnitKind::kInduna) indunas.push_back(at);
    if (u.kind == UnitKind::kSniper) snipers.push_back(at);
    if (u.kind == UnitKind::kRunner) runners.push_back(at);
    if (u.kind == UnitKind::kWagon) wagons.push_back(at);
  }
  auto same = [&](const char* what, const std::vector<int>& kept, const std::vector<int>& found) {
    if (kept != found) {
      Fail(absl::StrCat("roster ", what, ": differs from a pass over the units (", kept.size(),
                        " kept, ", found.size(), " found)"));
    }
  };
  same("british", r->british, british);
  same("regiments", r->regiments, regiments);
  same("zulu figures", r->zulu_figures, figures);
  same("trays", r->trays, trays);
  same("indunas", r->indunas, indunas);
  same("snipers", r->snipers, snipers);
  same("runners", r->runners, runners);
  same("wagons", r->wagons, wagons);
  if (r->count != s.units.size() || r->first_tray.size() != s.units.size() + 1) {
    Fail(absl::StrCat("roster count: ", r->count, " kept for ", s.units.size(), " units"));
    return;
  }
  for (size_t h = 0; h < s.units.size(); ++h) {
    std::vector<int> of;
    for (const int t : trays) {
      if (s.units[static_cast<size_t>(t)].parent == s.units[h].id) of.push_back(t);
    }
    const std::vector<int> kept(r->tray_of.begin() + r->first_tray[h],
                                r->tray_of.begin() + r->first_tray[h + 1]);
    same("trays of a unit", kept, of);
  }
}

void GameChecker::Step(const BattleState& b, const StepResult& r) {
  if (step_ == 0) Footprints(b);
  ++step_;
  event_ = -1;
  ++tally_->steps;
  const BattleState& a = r.state;
  RosterAgrees(a);
  const std::vector<Event>& ev = r.events;
  step_activations_.clear();
  broken_.clear();
  for (const Unit& u : b.units) {
    if (u.kind == UnitKind::kRegiment && u.status.broken) broken_.insert(u.id);
  }

  // No negative figure counts anywhere.
  for (const Unit& u : a.units) {
    const Figures& f = u.figures;
    if (f.fit < 0 || f.wounded < 0 || f.seriously_wounded < 0 || f.casualties < 0 ||
        f.riflemen < 0 || f.starting < 0 || u.leaders < 0) {
      Fail(absl::StrCat(u.id.str(), " has a negative figure count: fit ", f.fit, ", wounded ", f.wounded,
                        ", seriously wounded ", f.seriously_wounded, ", casualties ", f.casualties,
                        ", leaders ", u.leaders));
    }
  }

  // Trays pinned as the events unfold, from the state before.
  std::set<std::string> pinned;
  std::set<std::string> rallied;  // rallied at least once this step
  for (const Unit& u : b.units) {
    if (u.kind == UnitKind::kTray && u.status.pinned) pinned.insert(u.id);
  }
  const std::set<std::string> pinned_before = pinned;
  // Why a tray may have moved this step.
  std::set<std::string> moved, routed, charged, laager_fought;
  std::map<std::string, std::pair<int, Vec2>> entry_at;  // tray -> (regiment entry event, point)
  // Events that take figures from a tray: (event index, tray).
  std::vector<std::pair<int, std::string>> losses;
  // Resolve events: (event index, regiment, a die was rolled).
  struct Resolve {
    int event;
    std::string regiment;
    bool rolled;
  };
  std::vector<Resolve> resolves;
  bool ended = false;

  for (size_t i = 0; i < ev.size(); ++i) {
    const Event& e = ev[i];
    event_ = static_cast<int>(i);
    const RuleRef& rule = e.why.rule;
    const std::string first = e.unit_ids.empty() ? std::string() : e.unit_ids[0];
    if (ended) Fail(absl::StrCat("an event after the end of the game: ", e.why.text));
    switch (e.kind) {
      case EventKind::kTurnStarted:
        ++turn_;
        book_ = TurnBook{};
        last_drawn_.clear();
        break;
      case EventKind::kPhaseStarted:
        if (rule.section == ferree::kSectionEnd) ended = true;
        break;
      case EventKind::kTableRoll:
        if (rule.table == ferree::kTableTurnOfEntry && !first.empty()) {
          // The plan: the regiment's secret TURN OF ENTRY.
          const Unit* reg = Find(b, a, first);
          if (e.why.dice.empty() || e.why.dice[0].faces.empty() || reg == nullptr ||
              (e.point != 1 && e.point != 2)) {
            Fail(absl::StrCat("an entry roll for ", first, " without its die or point"));
            break;
          }
          const int face = e.why.dice[0].faces[0];
          int want = kEntryTurn[std::clamp(face, 1, 6)][e.point];
          if (Division(b, a, *reg) == kLoinsDivision) want += kLoinsExtraTurns;
          const auto& se = impi::ferree::Own(a).secret_entries;
          auto it = std::find_if(se.begin(), se.end(),
                                 [&](const impi::ferree::SecretEntry& x) { return x.unit_id == first; });
          if (it == se.end()) {
            Fail(absl::StrCat(first, " rolled its turn of entry but has no secret entry"));
            break;
          }
          if (it->turn != want || it->point != e.point) {
            Fail(absl::StrCat(first, " rolled ", face, " for point ", e.point,
                              ": TURN OF ENTRY gives turn ", want, ", the secret entry says turn ",
                              it->turn, " at point ", it->point));
          }
          noted_[first] = *it;
          // 2.: the regiment's trays leave the table for the march round.
          for (const Unit& t : b.units) {
            if (t.kind == UnitKind::kTray && t.parent == first) moved.insert(t.id);
          }
        }
        break;
      case EventKind::kMarkerPlaced:
        // "On that turn the Zulu regiments counter will be put into the cup."
        if (rule.table == ferree::kTableTurnOfEntry && noted_.count(first) &&
            noted_[first].turn != turn_) {
          Fail(absl::StrCat(first, "'s counter goes into the cup on turn ", turn_,
                            "; its turn of entry is ", noted_[first].turn));
        }
        break;
      case EventKind::kCardDrawn: {
        if (first.empty()) break;
        if (!book_.drawn.insert(first).second) {
          Fail(absl::StrCat(first, "'s counter is drawn twice in one turn"));
        }
        last_drawn_ = first;
        const Unit* u = Find(b, a, first);
        const bool skipped = u != nullptr && u->kind == UnitKind::kRegiment && i + 1 < ev.size() &&
                             ev[i + 1].kind == EventKind::kNothing &&
                             ev[i + 1].why.rule.table == ferree::kTableInduna;
        if (skipped) {
          // Induna Rules: "When the unit's counter comes up, skip its turn".
          ++tally_->skipped_counters;
          if (!book_.ordered.count(first)) {
            Fail(absl::StrCat(first, "'s turn is skipped but no induna ordered it this turn"));
          }
        } else {
          Activate(b, a, first, static_cast<int>(i));
        }
        break;
      }
      case EventKind::kTargetChosen: {
        if (e.side != Side::kZulu || first.empty() || e.target_id.empty()) break;
        const Unit* by = Find(b, a, first);
        const Unit* to = Find(b, a, e.target_id);
        if (by == nullptr || to == nullptr || by->kind != UnitKind::kInduna ||
            to->kind != UnitKind::kRegiment) {
          break;
        }
        // Induna Rules: "If he ends his turn in contact with a unit that has
        // not acted, he may order it to move. The unit will then take its
        // turn before the next counter is drawn."
        ++tally_->orders;
        if (last_drawn_ != first) {
          Fail(absl::StrCat(first, " orders ", e.target_id, " outside his own activation"));
        }
        if (book_.drawn.count(e.target_id) || book_.activations.count(e.target_id)) {
          Fail(absl::StrCat(first, " orders ", e.target_id, ", which has already acted"));
        }
        book_.ordered.insert(e.target_id);
        Activate(b, a, e.target_id, static_cast<int>(i));
        break;
      }
      case EventKind::kMoraleTest:
        if (rule.table == ferree::kTableZuluResolve) {
          resolves.push_back({static_cast<int>(i), first, !e.why.dice.empty()});
          if (step_activations_.empty() || step_activations_.back().regiment != first) {
            Fail(absl::StrCat(first, " checks its resolve but is not the active regiment"));
          }
        } else if (rule.section == ferree::kSectionPinned && rule.table.empty()) {
          pinned.insert(first);  // "loses 3 or more figures in one turn"
        } else if (rule.table == ferree::kTableRally) {
          if (!pinned.count(first)) Fail(absl::StrCat(first, " rolls to rally but is not pinned"));
          // Zulu Rally Chart: not shot at 1-4, small arms 1,2, artillery or
          // casualties 1 rallies.
          const int need = rule.row == ferree::kRowRallyNotShotAt   ? 4
                           : rule.row == ferree::kRowRallySmallArms ? 2
                                                                    : 1;
          if (e.why.dice.empty()) {
            Fail(absl::StrCat(first, "'s rally has no die"));
          } else if (e.why.dice.back().total <= need) {
            pinned.erase(first);
            rallied.insert(first);
          }
        }
        break;
      case EventKind::kMoved: {
        if (e.side != Side::kZulu) break;
        if (rule.section == ferree::kSectionOffBoard && !first.empty() &&
            Find(b, a, first) != nullptr && Find(b, a, first)->kind == UnitKind::kTray) {
          // 4.: a tray comes on through its regiment's entry square ("one at
          // a time through that square as it is vacated").
          const Unit* t = Find(b, a, first);
          if (!entered_.count(t->parent)) {
            Fail(absl::StrCat(first, " comes on before its regiment ", t->parent.str(), " entered"));
          }
          const Point* p = a.FindPoint(PointKind::kEntry, e.point);
          if (p != nullptr) entry_at[first] = {static_cast<int>(i), p->position};
          moved.insert(first);
          break;
        }
        if (rule.section == ferree::kSectionOffBoard) {
          // Zulu Off-Board Movement: "When it is its turn the regiment will
          // start its movement at the edge of the board at the indicated
          // entry point."
          ++tally_->entries;
          if (!entered_.insert(first).second) Fail(absl::StrCat(first, " enters twice"));
          auto it = noted_.find(first);
          if (it == noted_.end()) {
            Fail(absl::StrCat(first, " enters the table but was never sent off-board"));
            break;
          }
          if (it->second.turn != turn_) {
            Fail(absl::StrCat(first, " enters on turn ", turn_, "; its rolled turn is ",
                              it->second.turn));
          }
          if (e.point != it->second.point) {
            Fail(absl::StrCat(first, " enters at point ", e.point, "; its noted point is ",
                              it->second.point));
          }
          const Unit* reg = Find(b, a, first);
          if (reg != nullptr && Division(b, a, *reg) == kLoinsDivision) {
            ++tally_->loins_entries;
            if (turn_ < kLoinsFirstTurn) {
              Fail(absl::StrCat(first, " of the loins enters on turn ", turn_));
            }
          }
          const Point* p = a.FindPoint(PointKind::kEntry, it->second.point);
          for (const Unit& t : b.units) {
            if (t.kind != UnitKind::kTray || t.parent != first || !t.off_table ||
                t.figures.fit <= 0) {
              continue;
            }
            moved.insert(t.id);
            if (p != nullptr) entry_at[t.id] = {static_cast<int>(i), p->position};
          }
          break;
        }
        if (rule.table == ferree::kTableZuluResolve) {
          // A broken regiment routs: the one move a pinned tray may make.
          ++tally_->routs;
          // The movers are the regiment's trays, induna and sniper: with no
          // tray left its induna comes first.
          std::string reg_id = RegimentOf(b, a, first);
          const Unit* mover = Find(b, a, first);
          if (reg_id.empty() && mover != nullptr &&
              (mover->kind == UnitKind::kInduna || mover->kind == UnitKind::kSniper)) {
            reg_id = mover->parent.str();
          }
          const Unit* reg = Find(b, a, reg_id);
          if (reg == nullptr || !reg->status.broken) {
            Fail(absl::StrCat("trays of a regiment that is not broken rout: ", first));
          }
          broken_.insert(reg_id);
          for (const std::string& id : e.unit_ids) {
            routed.insert(id);
            pinned.erase(id);
          }
          break;
        }
        if (rule.section == ferree::kSectionChargeRetiring) break;  // fell short: back at start
        // A regiment's or an induna's move: 001, Pinned Zulus: "A tray that
        // is pinned will not move (except to rout)."
        bool left_pinned = false;  // a pinned tray of the regiment stays put
        for (const std::string& id : e.unit_ids) {
          const Unit* u = Find(b, a, id);
          if (u == nullptr) continue;
          if (Division(b, a, *u) == kLoinsDivision && turn_ < kLoinsFirstTurn) {
            Fail(absl::StrCat(id, " of the loins moves on turn ", turn_));
          }
          if (u->kind != UnitKind::kTray) continue;
          if (pinned.count(id)) {
            Fail(absl::StrCat("pinned tray ", id, " moves in its regiment's move: ", e.why.text));
          }
          moved.insert(id);
        }
        for (const std::string& id : pinned) {
          left_pinned |= RegimentOf(b, a, id) == RegimentOf(b, a, first);
        }
        if (left_pinned) ++tally_->moves_with_pinned_tray;
        break;
      }
      case EventKind::kCharged:
        if (e.side != Side::kZulu || first.empty()) break;
        losses.push_back({static_cast<int>(i), first});
        if (rule.section == ferree::kSectionChargeRetiring) {
          // Charging A Retiring Unit: "Subtract 1 from the die roll if the
          // tray is pinned" -- the text lets a pinned tray make this bonus
          // charge.
          charged.insert(first);
          if (pinned.count(first)) ++tally_->pinned_charges;
        } else if (rule.section == ferree::kSectionCloseCombat) {
          // Crossing the laager: "If the Zulu wins the combat, it is moved on
          // top of the laager" (the engine treats the thornbush alike).
          laager_fought.insert(first);
        }
        break;
      case EventKind::kFired:
        if (e.side == Side::kBritish && !e.target_id.empty()) {
          losses.push_back({static_cast<int>(i), e.target_id});
        }
        break;
      default:
        break;
    }
  }
  event_ = -1;

  // The turn the log counted is the clock's.
  if (turn_ > 0 && a.clock.phase != Phase::kPreBattle && turn_ != a.clock.turn) {
    Fail(absl::StrCat("the log started ", turn_, " turns; the clock says turn ", a.clock.turn));
  }

  // Every figure a tray loses is logged (fire or close combat); Zulus never
  // come back.
  std::set<std::string> lost_trays;
  for (const auto& [i, id] : losses) lost_trays.insert(id);
  for (const Unit& t : a.units) {
    if (t.kind != UnitKind::kTray) continue;
    const Unit* old = b.FindUnit(t.id);
    if (old == nullptr) continue;
    if (t.figures.fit > old->figures.fit) {
      Fail(absl::StrCat(t.id.str(), " gains figures: ", old->figures.fit, " -> ", t.figures.fit));
    }
    if (t.figures.fit < old->figures.fit && !lost_trays.count(t.id)) {
      Fail(absl::StrCat(t.id.str(), " loses ", old->figures.fit - t.figures.fit,
                        " figures with no fire or close combat logged"));
    }
  }

  // A. Check Unit's Resolve: only, and always, at 10% lost or more. The
  // losses at the moment of the test are exact when no loss of the regiment
  // is logged before it in the step (the state before) or none after it (the
  // state after); otherwise they lie between the two.
  auto lost_at = [&](const std::string& reg, int at, int* lo, int* hi) {
    bool earlier = false, later = false;
    for (const auto& [i, id] : losses) {
      if (RegimentOf(b, a, id) != reg) continue;
      (i < at ? earlier : later) = true;
    }
    const int lb = Lost(b, reg), la = Lost(a, reg);
    *lo = !earlier ? lb : (!later ? la : lb);
    *hi = !earlier ? lb : la;
  };
  for (const Resolve& t : resolves) {
    const Unit* reg = Find(b, a, t.regiment);
    if (reg == nullptr) continue;
    const int strength = reg->figures.Starting();
    int lo = 0, hi = 0;
    lost_at(t.regiment, t.event, &lo, &hi);
    if (t.rolled) {
      ++tally_->resolve_tests;
      if (!TenPercentLost(hi, strength)) {
        event_ = t.event;
        Fail(absl::StrCat(t.regiment, " rolls a resolve test having lost ", hi, " of ", strength,
                          " figures (under 10%)"));
      }
    } else if (TenPercentLost(lo, strength)) {
      event_ = t.event;
      Fail(absl::StrCat(t.regiment, " is excused its resolve test having lost ", lo, " of ",
                        strength, " figures"));
    }
  }
  for (const Activation& act : step_activations_) {
    const int at = act.event;
    const std::string& id = act.regiment;
    const Unit* reg = b.FindUnit(id);
    if (reg == nullptr || act.broken) continue;
    int lo = 0, hi = 0;
    lost_at(id, at, &lo, &hi);
    bool tested = false;
    for (const Resolve& t : resolves) tested |= t.regiment == id && t.event > at && t.rolled;
    if (TenPercentLost(lo, reg->figures.Starting()) && !tested) {
      event_ = at;
      Fail(absl::StrCat(id, " acts having lost ", lo, " of ", reg->figures.Starting(),
                        " figures without checking its resolve"));
    }
  }
  event_ = -1;

  // Trays move only when a move is logged; a tray pinned all step moves only
  // to rout (or in the bonus charge, or onto the laager it won).
  for (const Unit& t : a.units) {
    if (t.kind != UnitKind::kTray) continue;
    const Unit* old = b.FindUnit(t.id);
    if (old == nullptr) continue;
    const bool shifted = old->off_table != t.off_table ||
                         (!t.off_table && Distance(old->position, t.position) > 1e-9);
    if (!shifted) continue;
    const bool laager =
        laager_fought.count(t.id) &&
        std::any_of(a.terrain.begin(), a.terrain.end(), [](const Terrain& x) {
          return x.kind == TerrainKind::kLaager || x.kind == TerrainKind::kBarricade;
        });
    if (!moved.count(t.id) && !routed.count(t.id) && !charged.count(t.id) && !laager) {
      Fail(absl::StrCat(t.id.str(), " moves from (", old->position.x(), ", ", old->position.y(), ") to (",
                        t.position.x(), ", ", t.position.y(), ") with no move logged"));
    }
    if (pinned_before.count(t.id) && t.status.pinned && !rallied.count(t.id) &&
        !routed.count(t.id) && !charged.count(t.id) && !laager) {
      Fail(absl::StrCat("pinned tray ", t.id.str(), " moves and is still pinned"));
    }
  }

  // Entering regiments: next to their point (spread along the edge, then at
  // most a 2D6 move per logged move or charge of the tray after entering).
  for (const auto& [id, at] : entry_at) {
    const Unit* t = a.FindUnit(id);
    if (t == nullptr || t->off_table) continue;
    int n = 0;
    for (const Unit& u : b.units) {
      n += u.kind == UnitKind::kTray && u.parent == t->parent && u.off_table && u.figures.fit > 0;
    }
    int later_moves = 0;
    for (size_t i = at.first + 1; i < ev.size(); ++i) {
      const Event& e = ev[i];
      if ((e.kind == EventKind::kMoved || e.kind == EventKind::kCharged) &&
          std::find(e.unit_ids.begin(), e.unit_ids.end(), id) != e.unit_ids.end()) {
        ++later_moves;
      }
    }
    const double spread = (n - 1) / 2.0 * kTrayPitch + kTrayHalf + 1e-6;
    const double reach = std::hypot(spread, kTrayHalf) + later_moves * kMoveMax;
    if (Distance(t->position, at.second) > reach) {
      Fail(absl::StrCat(id, " entered ", Distance(t->position, at.second),
                        "\" from its entry point (at most ", reach, ")"));
    }
  }
  // Off-board regiments stay off the table until their turn, and enter on it.
  for (const auto& [id, entry] : noted_) {
    if (entered_.count(id)) continue;
    const Unit* reg = a.FindUnit(id);
    for (const Unit& t : a.units) {
      if (t.kind == UnitKind::kTray && t.parent == id && !t.off_table) {
        Fail(absl::StrCat(t.id.str(), " is on the table before its regiment ", id, " entered"));
      }
    }
    const bool battle = a.clock.phase == Phase::kActivation;
    if (battle && a.clock.turn > entry.turn && reg != nullptr && !reg->status.broken &&
        RegimentFit(a, id) > 0) {
      Fail(absl::StrCat(id, " was due on turn ", entry.turn, " at point ", entry.point,
                        " and has not entered by turn ", a.clock.turn));
    }
  }
  // The loins are off the table before turn 3.
  if (a.clock.phase == Phase::kActivation && a.clock.turn < kLoinsFirstTurn) {
    for (const Unit& t : a.units) {
      if (t.kind == UnitKind::kTray && !t.off_table && Division(b, a, t) == kLoinsDivision) {
        Fail(absl::StrCat(t.id.str(), " of the loins is on the table on turn ", a.clock.turn));
      }
    }
  }

  // status.acted and status.ordered agree with the log of this turn.
  if (a.clock.phase == Phase::kActivation && turn_ == a.clock.turn) {
    for (const Unit& u : a.units) {
      const bool acted = book_.drawn.count(u.id) || book_.ordered.count(u.id);
      if (u.status.acted != acted) {
        Fail(absl::StrCat(u.id.str(), " has status.acted ", u.status.acted, " but the log says it ",
                          acted ? "acted" : "has not acted", " this turn"));
      }
      if (u.status.ordered != (book_.ordered.count(u.id) > 0)) {
        Fail(absl::StrCat(u.id.str(), " has status.ordered ", u.status.ordered,
                          " against the log of induna orders"));
      }
    }
  }

  // 8.: the game ends exactly on the victory condition.
  const bool condition = EveryRegimentBroken(a) || NoBritishOnTable(a);
  const bool over = rules_.IsOver(a);
  if (a.clock.phase == Phase::kPreBattle) {
    if (over) Fail("the game is over before the battle");
  } else if (over != condition) {
    Fail(absl::StrCat("IsOver ", over, " but every regiment broken ", EveryRegimentBroken(a),
                      ", no British figure left ", NoBritishOnTable(a)));
  }
  if ((r.awaiting.kind == AwaitKind::kGameOver) != over) {
    Fail("the step's awaiting disagrees with IsOver");
  }
  if (over && a.clock.phase != Phase::kGameOver) Fail("over, but the clock is not GAME_OVER");
  if (over != ended) Fail(absl::StrCat("IsOver ", over, " but the end logged ", ended));

  event_ = -1;
  Footprints(a);
}

void GameChecker::Finished(const BattleState& s) {
  if (!rules_.IsOver(s)) return;
  if (!rules_.LegalActions(s, Side::kBritish).empty()) {
    Fail("the British have legal actions after the end");
  }
  DiceSpec dice;
  dice.seed = seed_ * 7919 + 1;
  absl::StatusOr<StepResult> r = RunAdvance(s, {}, PolicySpec{}, dice);
  if (!r.ok()) {
    Fail(absl::StrCat("Advance on a finished game fails: ", r.status().ToString()));
    return;
  }
  if (!r->events.empty()) {
    Fail(absl::StrCat("Advance on a finished game logs ", r->events.size(),
                      " events: ", r->events[0].why.text));
  }
  if (Serialize(r->state) != Serialize(s)) Fail("Advance on a finished game changes the table");
  if (r->awaiting.kind != AwaitKind::kGameOver) Fail("a finished game awaits something");
  Action pass;
  pass.kind = ActionKind::kPass;
  for (const Unit& u : s.units) {
    if (u.side == Side::kBritish) {
      pass.unit_id = u.id;
      break;
    }
  }
  if (RunAdvance(s, {pass}, PolicySpec{}, dice).ok()) {
    Fail("a British action is accepted after the end");
  }
}

// --- Playing a game. ----------------------------------------------------------

struct GameRecord {
  bool ok = false;
  bool over = false;
  bool capped = false;
  double score = 0.0;  // for the Zulus
  int turns = 0;
  int steps = 0;
  std::string final_state;  // serialized
};

GameRecord PlayGame(const BattleState& start, uint64_t seed, GameChecker* checker) {
  const Ruleset& rules = Rules();
  GameRecord rec;
  PolicySpec zulu;
  zulu.kind = PolicyKind::kRules;
  PolicySpec british_spec;
  british_spec.kind = PolicyKind::kRules;
  std::unique_ptr<Policy> british = MakePolicy(start.ruleset, Side::kBritish, british_spec);
  if (british == nullptr) {
    ADD_FAILURE() << "no scripted British policy registered";
    return rec;
  }
  BattleState s = start;
  CounterRng step_seeds(seed, kStepStream);
  Dice british_dice = Dice::Seeded(seed, kBritishStream);
  const int max_steps = (kTurnCap + 1) * kStepsPerTurn;
  while (true) {
    if (rules.IsOver(s)) {
      rec.over = true;
      break;
    }
    if (s.clock.phase == Phase::kActivation && s.clock.turn > kTurnCap) {
      rec.capped = true;
      break;
    }
    if (rec.steps >= max_steps) {
      ADD_FAILURE() << "seed " << seed << ": " << rec.steps << " steps without an end";
      return rec;
    }
    std::vector<Action> actions;
    if (rules.Awaits(s).side == Side::kBritish) {
      const std::vector<Action> legal = rules.LegalActions(s, Side::kBritish);
      if (legal.empty()) {
        ADD_FAILURE() << "seed " << seed << ", turn " << s.clock.turn
                      << ": the British are awaited with no legal action";
        return rec;
      }
      const int i = british->Choose(s, legal, british_dice, nullptr);
      if (i < 0 || i >= static_cast<int>(legal.size())) {
        ADD_FAILURE() << "the British policy chose option " << i << " of " << legal.size();
        return rec;
      }
      actions.push_back(legal[i]);
    }
    DiceSpec dice;
    dice.seed = step_seeds.Next();
    absl::StatusOr<StepResult> r = RunAdvance(s, actions, zulu, dice);
    if (!r.ok()) {
      ADD_FAILURE() << "seed " << seed << ", turn " << s.clock.turn << ": " << r.status();
      return rec;
    }
    if (checker != nullptr) checker->Step(s, *r);
    s = std::move(r->state);
    ++rec.steps;
  }
  if (checker != nullptr) checker->Finished(s);

  rec.ok = true;
  rec.score = rules.Score(s, Side::kZulu);
  rec.turns = rec.capped ? kTurnCap : s.clock.turn;
  rec.final_state = Serialize(s);
  return rec;
}

class FerreeWholeGames : public ::testing::TestWithParam<int> {};

TEST_P(FerreeWholeGames, EveryStepKeepsTheRules) {
  const BattleState start = LoadIsandlwana();
  ASSERT_EQ(start.ruleset, "FERREE_ISANDLWANA");
  const int shard = GetParam();
  const uint64_t first = 1 + static_cast<uint64_t>(shard) * kGamesPerShard;
  const uint64_t last = first + kGamesPerShard - 1;
  Tally tally;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t seed = first; seed <= last; ++seed) {
    GameChecker checker(Rules(), seed, &tally);
    const GameRecord g = PlayGame(start, seed, &checker);
    ASSERT_TRUE(g.ok) << "seed " << seed;
    ++tally.games;
    tally.turns += g.turns;
    if (g.over) {
      ++tally.decided;
      // Only the victory condition ends a game (checked at every step), so
      // a finished game has a winner.
      EXPECT_NE(g.score, 0.0) << "seed " << seed << " ended without a winner";
    }
    if (g.capped) ++tally.capped;
    if (g.score > 0) ++tally.zulu_wins;
    if (g.score < 0) ++tally.british_wins;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "[ferree games] seeds %llu..%llu: %d games, %d decided (Zulu %d, British %d), %d at the "
      "turn cap %d, mean turns %.1f; %lld steps, %lld activations, %d induna orders (%d counters "
      "skipped), %d resolve tests, %d entries (%d loins), %d routs, %d regiment moves with a "
      "tray pinned, %d pinned charges; %lld states checked for footprints; %lld rosters checked "
      "(%lld with runners); %lld violations; %.1fs\n",
      static_cast<unsigned long long>(first), static_cast<unsigned long long>(last), tally.games,
      tally.decided, tally.zulu_wins, tally.british_wins, tally.capped, kTurnCap,
      static_cast<double>(tally.turns) / std::max(1, tally.games),
      static_cast<long long>(tally.steps), static_cast<long long>(tally.activations), tally.orders,
      tally.skipped_counters, tally.resolve_tests, tally.entries, tally.loins_entries, tally.routs,
      tally.moves_with_pinned_tray, tally.pinned_charges,
      static_cast<long long>(tally.footprint_checks), static_cast<long long>(tally.roster_checks),
      static_cast<long long>(tally.rosters_with_runners), static_cast<long long>(tally.violations),
      seconds);
  std::string kinds;
  for (const auto& [kind, n] : tally.by_kind) absl::StrAppend(&kinds, "\n  ", n, "x ", kind);
  EXPECT_EQ(tally.violations, 0) << "rule violations (the first " << kFailuresShown
                                 << " are reported above), by kind:" << kinds;
  EXPECT_EQ(tally.games, kGamesPerShard);
  // The checks ran on real play: resolve tests were rolled and off-board
  // regiments entered.
  EXPECT_GT(tally.resolve_tests, 0);
  EXPECT_GT(tally.entries, 0);
  // The rosters were checked, runners sent and rejoining among them.
  EXPECT_GT(tally.roster_checks, tally.steps / 2);
  EXPECT_GT(tally.rosters_with_runners, 0);
}

INSTANTIATE_TEST_SUITE_P(Seeds, FerreeWholeGames, ::testing::Range(0, kShards),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return absl::StrCat("Seeds", 1 + i.param * kGamesPerShard, "To",
                                               (i.param + 1) * kGamesPerShard);
                         });

TEST(FerreeGames, TheSameSeedGivesTheSameGame) {
  const BattleState start = LoadIsandlwana();
  // Ten of the seeds, spread over the 200.
  for (int k = 0; k < kReplays; ++k) {
    const uint64_t seed = 1 + static_cast<uint64_t>(k) * (kGames / kReplays);
    const GameRecord a = PlayGame(start, seed, nullptr);
    const GameRecord b = PlayGame(start, seed, nullptr);
    ASSERT_TRUE(a.ok && b.ok) << "seed " << seed;
    EXPECT_FALSE(a.final_state.empty());
    EXPECT_EQ(a.steps, b.steps) << "seed " << seed;
    EXPECT_TRUE(a.final_state == b.final_state)
        << "seed " << seed << ": the final states differ (" << a.final_state.size() << " and "
        << b.final_state.size() << " bytes)";
  }
}

}  // namespace
}  // namespace impi
