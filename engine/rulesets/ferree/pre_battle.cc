// engine/rulesets/ferree/pre_battle.cc: the situation rolls A-F, the Zulu plan,
// deployment, Durnford's arrival and the camp's break-down timetable.
#include "engine/rulesets/ferree/pre_battle.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {

PreBattle::PreBattle(Context& c, const Choices& choices)
    : c_(c), s_(c.state()), dice_(c.dice()), log_(c.log()), choices_(choices) {}

absl::Status PreBattle::SituationRolls() {
  Situation& pb = Own(s_).situation;
  Explanation why;
  const CampSetUp camp = RollBritishCamp(dice_, &why);
  c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const FurtherDefenses defenses = RollFurtherDefense(dice_, &why);
  c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const DurnfordArrival durnford = RollDurnfordArrival(dice_, &why);
  c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const Deployment deployment = RollDeployment(dice_, camp, defenses, &why);
  c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const Scouting scouting = RollScouts(dice_, &why);
  c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  const ZuluDiscovery found = RollZuluDiscovery(dice_, scouting, &why);
  c_.LogWhy(EventKind::kTableRoll, Side::kZulu, why);
  CampBreakDownAt(camp, defenses, found.minutes, &why);
  c_.LogWhy(EventKind::kTableRoll, Side::kBritish, why);
  pb.rolled = true;
  pb.camp_laagered = camp == CampSetUp::kLaagered;
  pb.thornbush = defenses == FurtherDefenses::kThornbush;
  pb.reinforcement_arrival = durnford.minutes;
  pb.deployment = deployment;
  pb.scouting = static_cast<int>(scouting);
  pb.discovery_time = found.minutes;
  s_.clock.time_of_day = found.minutes;

  auto has = [&](TerrainKind k) {
    return std::any_of(s_.terrain.begin(), s_.terrain.end(),
                       [&](const Terrain& t) { return t.kind == k; });
  };
  // A: "Form a square with the wagons (3 to a side) on the wagon park" -- a
  // designed 8" square round the wagons (or the camp) when the scenario has
  // no laager of its own.
  if (pb.camp_laagered && !has(TerrainKind::kLaager)) {
    Vec2 c = Vec2::Zero();
    int n = 0;
    for (const Unit& u : s_.units) {
      if (u.kind == UnitKind::kWagon && !u.off_table) {
        c += u.position;
        ++n;
      }
    }
    c = n > 0 ? Vec2(c / n) : CampCentre(s_);
    const double h = kLaagerSide / 2;
    Terrain& t = s_.terrain.emplace_back();
    t.id = "laager";
    t.kind = TerrainKind::kLaager;
    t.name = "the laager";
    t.outline = {c + Vec2(-h, -h), c + Vec2(h, -h), c + Vec2(h, h), c + Vec2(-h, h)};
    c_.Log(EventKind::kTableRoll, Side::kBritish, kSectionSituation, kTableBritishCamp,
           kRowCampLaager,
           absl::StrFormat("The wagons form a laager: an %.0f\" square centred at (%.1f, %.1f).",
                           kLaagerSide, c.x(), c.y()));
  }
  // B: "A wall of thornbush is constructed around the perimeter of the camp
  // (2" out from the tents)": the tents' bounding box grown by 2".
  if (pb.thornbush && !has(TerrainKind::kBarricade)) {
    const Terrain* tents = nullptr;
    for (TerrainKind k : {TerrainKind::kTentLines, TerrainKind::kCamp}) {
      for (const Terrain& t : s_.terrain) {
        if (t.kind == k && !t.outline.empty() && tents == nullptr) tents = &t;
      }
    }
    if (tents != nullptr) {
      Vec2 lo = tents->outline[0], hi = tents->outline[0];
      for (const Vec2& v : tents->outline) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
      }
      lo -= Vec2(kThornbushOut, kThornbushOut);
      hi += Vec2(kThornbushOut, kThornbushOut);
      Terrain t;
      t.id = "thornbush";
      t.kind = TerrainKind::kBarricade;
      t.name = "the thornbush barricade";
      t.outline = {lo, Vec2(hi.x(), lo.y()), hi, Vec2(lo.x(), hi.y())};
      s_.terrain.push_back(std::move(t));
      c_.Log(EventKind::kTableRoll, Side::kBritish, kSectionSituation, kTableFurtherDefense,
             kRowThornbush, "A thornbush barricade is built 2\" out from the tents.");
    }
  }
  return absl::OkStatus();
}

absl::Status PreBattle::PlanStep() { return ZuluPlan(); }

absl::Status PreBattle::FinishPlan() {
  Own(s_).segment = kPreBattleBritishDeploy;
  c_.Log(EventKind::kPhaseStarted, Side::kBritish, kSectionBritishDeploy, "", "",
         "The British player deploys his troops.");
  return absl::OkStatus();
}

absl::Status PreBattle::ZuluPlan() {
  // One decision node per regiment sent off-board, then END_DEPLOYMENT.
  std::shared_ptr<std::vector<Action>> options = KeptOptions();
  choices_.PlanOptions(options.get());
  if (options->size() == 1) return FinishPlan();
  PendingChoice p;
  p.choice = ZuluChoice::kPlan;
  p.listed = std::move(options);
  c_.Suspend(std::move(p));
  return absl::OkStatus();
}

absl::Status PreBattle::PlanWith(const Action& choice) {
  if (choice.kind == ActionKind::kEndDeployment) return FinishPlan();
  IMPI_RETURN_IF_ERROR(SendOffBoard(choice));
  return ZuluPlan();
}

absl::Status PreBattle::SendOffBoard(const Action& a) {
  if (s_.FindUnit(a.unit_id) == nullptr) return absl::InternalError("off-board regiment vanished");
  for (Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.parent == a.unit_id &&
        (u.kind == UnitKind::kTray || u.kind == UnitKind::kSniper || u.kind == UnitKind::kInduna)) {
      u.off_table = true;
    }
  }
  return RollEntryTurn(a.unit_id, a.point, " moves off-board;", nullptr);
}

absl::Status PreBattle::RollEntryTurn(const SharedString& regiment_id, int point,
                                      const std::string& what, int* event) {
  const Unit* r = s_.FindUnit(regiment_id);
  if (r == nullptr) return absl::InternalError("off-board regiment vanished");
  // Zulu Off-Board Movement: "The gamesmaster will secretly determine on
  // which turn the regiment(s) will arrive"; "Units from the Loins add three
  // turns to their result."
  const bool loins = UnitOf(s_, *r).division == kLoinsDivision;
  Explanation why;
  EntryTurns turns = TurnOfEntry(dice_, loins, c_.WhyFor(why));
  const int turn = turns.ForPoint(point);
  auto& entries = Own(s_).secret_entries;
  auto it = std::find_if(entries.begin(), entries.end(),
                         [&](const SecretEntry& e) { return e.unit_id == regiment_id; });
  if (it == entries.end()) {
    entries.push_back({regiment_id, turn, point});
  } else {
    it->turn = turn;
    it->point = point;
  }
  if (event != nullptr) *event = static_cast<int>(log_.size());
  if (!c_.Explain()) return absl::OkStatus();
  why.text = absl::StrCat(why.text, " ", NameOf(*r), what, " it enters at point ", point,
                          " on turn ", turn, " (secret).");
  Event& e = c_.LogWhy(EventKind::kTableRoll, Side::kZulu, why);
  e.umpire_only = true;
  e.announce.clear();
  e.unit_ids = {regiment_id};
  e.point = point;
  e.point_kind = PointKind::kEntry;
  return absl::OkStatus();
}

absl::Status PreBattle::ZuluDeployment() {
  // 4.: the regiments stand where the scenario placed them (its start
  // area); the policy may only end the deployment.
  Action end;
  end.kind = ActionKind::kEndDeployment;
  if (c_.Explain()) {
    Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
    e.decision = true;
    e.why.rule = {kSource, kSectionZuluDeploy, "", "", false};
    e.why.text =
        absl::StrCat("Zulu deployment (the scenario's positions): ", choices_.Describe(end),
                     " (the only choice).");
    e.announce = e.why.text;
  }
  // "All trays of a regiment must be adjacent to or behind another tray of
  // its regiment. ... there can not be a regiment from another division
  // between them." (designed readings: ZuluDeploymentBreach). A deployment
  // that breaks them is refused.
  std::string tray;
  const std::string breach = ZuluDeploymentBreach(s_, &tray);
  if (!breach.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("state.units: the Zulu deployment breaks a rule of ", kSectionZuluDeploy,
                     " at ", tray, ": ", breach));
  }
  return HoldLoins();
}

absl::Status PreBattle::HoldLoins() {
  // 4.: "The regiments that make up the Loins can not enter on to the board
  // until turn 3 and should be held off-table until their arrival." A loins
  // regiment deployed on the board (not sent off-board in the plan) leaves
  // the table; its trays keep their deployed positions in Unit.position and
  // come back there on turn 3: SecretEntry{turn 3, point 0}
  // (docs/ferree-engine.md).
  std::set<std::string> off;
  for (const SecretEntry& e : Own(s_).secret_entries) off.insert(e.unit_id);
  std::vector<std::string> held;
  for (const Unit& r : s_.units) {
    if (r.kind != UnitKind::kRegiment || UnitOf(s_, r).division != kLoinsDivision ||
        off.count(r.id) || r.status.broken) {
      continue;
    }
    bool on = false;
    for (const Unit* t : TraysOf(s_, r.id)) on |= Alive(*t);
    if (on) held.push_back(r.id);
  }
  for (const std::string& id : held) {
    for (Unit& u : s_.units) {
      if (u.side == Side::kZulu && u.parent == id &&
          (u.kind == UnitKind::kTray || u.kind == UnitKind::kSniper ||
           u.kind == UnitKind::kInduna)) {
        u.off_table = true;
      }
    }
    Own(s_).secret_entries.push_back({id, kLoinsFirstTurn, kDeployedPosition});
    const Unit* r = s_.FindUnit(id);
    Event& e = c_.Log(EventKind::kMarkerPlaced, Side::kZulu, kSectionZuluDeploy, "", "",
                      absl::StrCat(NameOf(*r),
                                   " of the loins is held off-table at its deployed "
                                   "position until turn ",
                                   kLoinsFirstTurn, "."));
    e.umpire_only = true;
    e.announce.clear();
    e.unit_ids = {id};
  }
  return absl::OkStatus();
}

void PreBattle::MarkReinforcements() {
  // Designed (docs/ferree-engine.md): every British unit that is off the
  // table when the battle starts, with figures left, is Durnford's column.
  for (Unit& u : s_.units) {
    if (u.side == Side::kBritish && u.off_table && u.figures.Present() > 0 &&
        !AwaitsArrival(s_, u.id)) {
      MutableOwnState(s_).arriving.push_back(u.id);
    }
  }
}

const Point* PreBattle::ReinforcementPoint() const {
  // An ENTRY point named for the road or Rorke's Drift, else one marked
  // british_entry (designed).
  for (const Point& p : s_.points) {
    if (p.kind != PointKind::kEntry) continue;
    const std::string n = absl::AsciiStrToLower(p.name);
    if (n.find("road") != std::string::npos || n.find("rorke") != std::string::npos) return &p;
  }
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kEntry && p.british_entry) return &p;
  }
  return nullptr;
}

absl::Status PreBattle::ArriveReinforcements() {
  std::vector<Unit*> due;
  for (Unit& u : s_.units) {
    if (u.side == Side::kBritish && u.off_table && AwaitsArrival(s_, u.id)) due.push_back(&u);
  }
  if (due.empty()) return absl::OkStatus();
  // C. Durnford's Arrival: "Arrives at 10:00am" (or late): the column comes
  // on at the start of the first turn whose time has reached it.
  if (s_.clock.time_of_day < Own(s_).situation.reinforcement_arrival) return absl::OkStatus();
  const Point* p = ReinforcementPoint();
  const double w = s_.table.width, h = s_.table.height;
  auto inside = [&](Vec2 v, double r) {
    if (w > 2 * r) v.x() = std::clamp(v.x(), r, w - r);
    if (h > 2 * r) v.y() = std::clamp(v.y(), r, h - r);
    return v;
  };
  std::vector<SharedString> ids;
  for (size_t i = 0; i < due.size(); ++i) {
    Unit& u = *due[i];
    Vec2 at = p != nullptr ? p->position : u.position;
    if (p != nullptr && w > 0 && h > 0) {
      // Side by side along the point's edge (designed).
      const bool vertical_edge = std::min(at.x(), w - at.x()) <= std::min(at.y(), h - at.y());
      const Vec2 along = vertical_edge ? Vec2(0, 1) : Vec2(1, 0);
      const double step = 2 * kCompanyRadius + 0.1;
      at += (static_cast<double>(i) - (due.size() - 1) / 2.0) * step * along;
    }
    // Designed: on free ground, the nearest to its place in the column.
    c_.PlaceOnFreeGround(u, inside(at, Radius(u)));
    u.off_table = false;
    MutableUnitOf(s_, u).entry_point = p != nullptr ? p->number : 0;
    ids.push_back(u.id);
  }
  std::vector<SharedString>& arriving = MutableOwnState(s_).arriving;
  for (const SharedString& id : ids) {
    arriving.erase(std::remove(arriving.begin(), arriving.end(), id), arriving.end());
  }
  Event& e = c_.Log(EventKind::kMoved, Side::kBritish, kSectionSituation, kTableDurnford, "",
                    absl::StrCat("Durnford's column arrives (", ids.size(), " units) at ",
                                 p != nullptr && !p->name.empty()
                                     ? p->name
                                     : (p != nullptr ? absl::StrCat("entry point ", p->number)
                                                     : std::string("the table edge")),
                                 ": their counters go into the cup."));
  e.unit_ids.assign(ids.begin(), ids.end());
  if (p != nullptr) {
    e.point = p->number;
    e.point_kind = PointKind::kEntry;
  }
  return absl::OkStatus();
}

std::vector<Vec2> PreBattle::RoadFromCamp(const Vec2& to) const {
  std::vector<Vec2> path = {CampCentre(s_)};
  const Terrain* road = nullptr;
  bool reversed = false;
  double best = 2.0;  // designed: a road ending within 2" of the point
  for (const Terrain& t : s_.terrain) {
    if (t.kind != TerrainKind::kRoad || t.outline.size() < 2) continue;
    const double first = Distance(t.outline.front(), to), last = Distance(t.outline.back(), to);
    if (std::min(first, last) <= best) {
      best = std::min(first, last);
      road = &t;
      reversed = first < last;
    }
  }
  if (road != nullptr) {
    std::vector<Vec2> r = road->outline;
    if (reversed) std::reverse(r.begin(), r.end());
    path.insert(path.end(), r.begin(), r.end());
  }
  path.push_back(to);
  // Drop repeated points so every leg has a direction.
  std::vector<Vec2> out;
  for (const Vec2& v : path) {
    if (out.empty() || Distance(out.back(), v) > 1e-6) out.push_back(v);
  }
  return out;
}

absl::Status PreBattle::CampBreaksDown() {
  const Situation& pb = Own(s_).situation;
  if (!pb.rolled) return absl::OkStatus();
  const bool laager = pb.camp_laagered;
  const CampSetUp camp = laager ? CampSetUp::kLaagered : CampSetUp::kHistorical;
  const FurtherDefenses defenses =
      pb.thornbush ? FurtherDefenses::kThornbush : FurtherDefenses::kNone;
  Explanation table;
  const CampBreakDown b = CampBreakDownAt(camp, defenses, pb.discovery_time, &table);
  // "If the Zulus are not found before 11:30am the camp will begin to break
  // down to move on."
  if (!b.breaking_down) return absl::OkStatus();
  const char* row = laager ? kRowBreakDownLaagered : kRowBreakDownNotLaagered;
  const std::string found = ClockTime(pb.discovery_time);
  const Point* road = ReinforcementPoint();
  const std::string road_name =
      road == nullptr
          ? std::string("the table edge")
          : (road->name.empty() ? absl::StrCat("entry point ", road->number) : road->name);

  // "4 wagons can be put on the road each hour" (2 laagered): that many
  // WAGON units have left the camp along the road and off the table
  // (designed), at the road's ENTRY point if there is one. Designed order:
  // each wagon to go is one of the units whose supplies (the wagon's name)
  // have the most wagons still in camp, the first such name in unit order,
  // its last wagon in unit order; so every unit keeps a wagon for as long
  // as another has two.
  std::vector<std::string> gone;
  std::vector<std::pair<std::string, std::vector<int>>> by_name;  // in order of first wagon
  for (size_t i = 0; i < s_.units.size(); ++i) {
    const Unit& u = s_.units[i];
    if (u.side != Side::kBritish || u.kind != UnitKind::kWagon || u.off_table) continue;
    auto it = std::find_if(by_name.begin(), by_name.end(),
                           [&](const auto& n) { return n.first == u.name; });
    if (it == by_name.end()) it = by_name.insert(by_name.end(), {u.name.str(), {}});
    it->second.push_back(static_cast<int>(i));
  }
  while (static_cast<int>(gone.size()) < b.wagons_on_road) {
    auto most = by_name.end();
    for (auto it = by_name.begin(); it != by_name.end(); ++it) {
      if (!it->second.empty() &&
          (most == by_name.end() || it->second.size() > most->second.size())) {
        most = it;
      }
    }
    if (most == by_name.end()) break;
    Unit& u = s_.units[most->second.back()];
    most->second.pop_back();
    u.off_table = true;
    if (road != nullptr) u.position = road->position;
    gone.push_back(u.id);
  }
  if (!gone.empty()) {
    Event& e =
        c_.Log(EventKind::kMoved, Side::kBritish, kSectionSituation, kTableDiscovery, row,
               absl::StrFormat("The camp has been breaking down since 11:30am (camp %s, %d "
                               "wagons an hour): the Zulus found at %s, %d wagons are on the "
                               "road and have left the table by %s.",
                               laager ? "laagered" : "not laagered", b.wagons_per_hour, found,
                               static_cast<int>(gone.size()), road_name));
    e.unit_ids = gone;
    if (road != nullptr) {
      e.point = road->number;
      e.point_kind = PointKind::kEntry;
    }
  }

  // "If a thornbush redoubt was built, it will be destroyed by 12:30pm."
  const auto barricade = [](const Terrain& t) { return t.kind == TerrainKind::kBarricade; };
  if (pb.thornbush && !b.thornbush_standing &&
      std::any_of(s_.terrain.begin(), s_.terrain.end(), barricade)) {
    std::vector<Terrain>& terrain = s_.terrain.mutable_vector();
    terrain.erase(std::remove_if(terrain.begin(), terrain.end(), barricade), terrain.end());
    c_.Log(EventKind::kTableRoll, Side::kBritish, kSectionSituation, kTableDiscovery, row,
           absl::StrCat("The thornbush redoubt was destroyed by 12:30pm as the camp broke down "
                        "(the Zulus found at ",
                        found, "): it is removed from the table."));
  }

  // "If the Zulus are not found until 2:30pm or later then the British will
  // be in road column." Designed: every British unit on the table but the
  // wagons left in the camp stands on the road from the camp's centre
  // towards the road's ENTRY point, in unit order, the first at the head
  // (furthest along, at most a company's radius short of the point), each
  // next 3" (centre to centre: a company's footprint) behind the last;
  // behind the camp's centre the column carries on straight back.
  if (b.road_column) {
    Vec2 to;
    if (road != nullptr) {
      to = road->position;
    } else {
      // No road point: towards the nearest table edge (designed).
      const Vec2 c = CampCentre(s_);
      const double w = s_.table.width, h = s_.table.height;
      const double dl = c.x(), dr = w - c.x(), db = c.y(), dt = h - c.y();
      const double m = std::min({dl, dr, db, dt});
      to = m == dl   ? Vec2(0, c.y())
           : m == dr ? Vec2(w, c.y())
           : m == db ? Vec2(c.x(), 0)
                     : Vec2(c.x(), h);
    }
    const std::vector<Vec2> path = RoadFromCamp(to);
    std::vector<double> at_leg = {0};
    for (size_t i = 1; i < path.size(); ++i) {
      at_leg.push_back(at_leg.back() + Distance(path[i - 1], path[i]));
    }
    const double length = at_leg.back();
    auto along = [&](double d) -> Vec2 {
      if (path.size() < 2) return path[0];
      if (d <= 0) {
        const Vec2 dir = (path[1] - path[0]).normalized();
        return path[0] + d * dir;
      }
      for (size_t i = 1; i < path.size(); ++i) {
        if (d <= at_leg[i] || i + 1 == path.size()) {
          const Vec2 dir = (path[i] - path[i - 1]).normalized();
          return path[i - 1] + (d - at_leg[i - 1]) * dir;
        }
      }
      return path.back();
    };
    std::vector<Unit*> column;
    for (Unit& u : s_.units) {
      if (u.side == Side::kBritish && !u.off_table && u.kind != UnitKind::kWagon) {
        column.push_back(&u);
      }
    }
    const double step = 2 * kCompanyRadius;
    const double head =
        std::min(std::max(0.0, length - kCompanyRadius),
                 step * static_cast<double>(column.size() > 0 ? column.size() - 1 : 0));
    const double w = s_.table.width, h = s_.table.height;
    std::vector<std::string> ids;
    // Each unit on free ground, the nearest to its place in the column
    // (designed); the column's units are lifted off the table first.
    for (Unit* u : column) u->off_table = true;
    for (size_t i = 0; i < column.size(); ++i) {
      Vec2 p = along(head - step * static_cast<double>(i));
      const double r = Radius(*column[i]);
      if (w > 2 * r) p.x() = std::clamp(p.x(), r, w - r);
      if (h > 2 * r) p.y() = std::clamp(p.y(), r, h - r);
      c_.PlaceOnFreeGround(*column[i], p);
      column[i]->off_table = false;
      ids.push_back(column[i]->id);
    }
    if (!ids.empty()) {
      Event& e = c_.Log(
          EventKind::kMoved, Side::kBritish, kSectionSituation, kTableDiscovery, kRowRoadColumn,
          absl::StrFormat("The Zulus were not found until %s: the British are in road "
                          "column, %d units 3\" apart on the road from the camp "
                          "towards %s.",
                          found, static_cast<int>(ids.size()), road_name));
      e.unit_ids = ids;
      if (road != nullptr) {
        e.point = road->number;
        e.point_kind = PointKind::kEntry;
      }
    }
  }
  return absl::OkStatus();
}

absl::Status PreBattle::BritishDeploy(const Action& a, const std::string& path) {
  switch (a.kind) {
    case ActionKind::kEndDeployment:
    case ActionKind::kPass: {
      Own(s_).segment = kPreBattleZuluDeploy;
      c_.Log(EventKind::kBritishAction, Side::kBritish, kSectionBritishDeploy, "", "",
             "The British end their deployment; the Zulu player deploys.");
      return absl::OkStatus();
    }
    case ActionKind::kDeploy: {
      Unit* u = s_.FindUnit(a.unit_id);
      if (a.unit_id.empty()) return Bad(path + ".unit_id", "is required");
      if (u == nullptr) {
        return Bad(path + ".unit_id",
                   absl::StrCat("no unit '", a.unit_id.str(), "' on the table state"));
      }
      if (u->side != Side::kBritish) {
        return Precondition(path + ".unit_id",
                            absl::StrCat("'", a.unit_id.str(), "' is not a British unit"));
      }
      const TableGeometry& t = s_.table;
      if (!std::isfinite(a.to.x()) || !std::isfinite(a.to.y()) || a.to.x() < 0 || a.to.y() < 0 ||
          (t.width > 0 && a.to.x() > t.width) || (t.height > 0 && a.to.y() > t.height)) {
        return Bad(path + ".to", "is not on the table");
      }
      IMPI_RETURN_IF_ERROR(choices_.CheckDeployment(*u, a.to, path));
      // Footprints do not overlap (docs/ferree-engine.md, "Footprints").
      for (const Unit& o : s_.units) {
        if (&o == u || !HasFootprint(o)) continue;
        if (Distance(a.to, o.position) < Radius(*u) + Radius(o) - kOverlapSlack) {
          return Precondition(path + ".to",
                              absl::StrCat("no room: ", NameOf(*u), " would stand on ", NameOf(o)));
        }
      }
      u->position = a.to;
      u->off_table = false;
      if (!c_.Explain()) return absl::OkStatus();
      Event& e =
          c_.Log(EventKind::kBritishAction, Side::kBritish, kSectionBritishDeploy, "", "",
                 absl::StrFormat("%s deploys at (%.1f, %.1f).", NameOf(*u), a.to.x(), a.to.y()));
      e.unit_ids = {u->id};
      return absl::OkStatus();
    }
    default:
      return Precondition(path + ".kind",
                          absl::StrCat(ActionKindName(a.kind),
                                       " is not a deployment action (DEPLOY, END_DEPLOYMENT)"));
  }
}

}  // namespace impi::ferree
