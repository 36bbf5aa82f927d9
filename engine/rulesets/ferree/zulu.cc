// engine/rulesets/ferree/zulu.cc: the Zulu regiments', indunas' and snipers' turns
// (001_4c61f40cf0987cbf.txt, 6. A.-D., Induna Rules, Zulu Snipers).
#include "engine/rulesets/ferree/zulu.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {

ZuluTurn::ZuluTurn(Context& c, const Choices& choices, Melee& melee)
    : c_(c),
      s_(c.state()),
      dice_(c.dice()),
      log_(c.log()),
      field_(c.field()),
      choices_(choices),
      melee_(melee) {}

absl::Status ZuluTurn::EnterRegiment(Unit& regiment) {
  const SharedString id = regiment.id;
  auto& entries = Own(s_).secret_entries;
  auto it = std::find_if(entries.begin(), entries.end(),
                         [&](const SecretEntry& e) { return e.unit_id == id; });
  if (it == entries.end()) return absl::OkStatus();
  if (it->point == kDeployedPosition) {
    // 4.: a loins regiment held off-table comes on where it was deployed;
    // each on the free ground nearest it (designed: another unit may stand
    // there by now).
    for (Unit& u : s_.units) {
      if (u.side == Side::kZulu && u.parent == id && u.off_table && u.figures.Present() > 0 &&
          (u.kind == UnitKind::kTray || u.kind == UnitKind::kSniper ||
           u.kind == UnitKind::kInduna)) {
        c_.PlaceOnFreeGround(u, u.position);
        u.off_table = false;
      }
    }
    entries.erase(it);
    c_.Recenter(id);
    Event& e =
        c_.Log(EventKind::kMoved, Side::kZulu, kSectionZuluDeploy, "", "",
               absl::StrCat(NameOf(regiment), " of the loins arrives where it was deployed."));
    e.unit_ids = {id};
    return absl::OkStatus();
  }
  const Point* p = s_.FindPoint(PointKind::kEntry, it->point);
  if (p == nullptr) return absl::InternalError("entry point vanished");
  const int point = it->point;
  // 4.: "If two or more movement trays are assigned to a particular starting
  // location they will enter the board one at a time through that square as
  // it is vacated by previous tray": the regiment keeps its point; its trays
  // come on through the square one by one (EnterThroughSquare).
  MutableUnitOf(s_, id).entry_point = point;
  Vec2 square;
  EntrySquare(id, &square);
  // The sniper and the induna come on beside the square, not on it
  // (designed), on the side of the table's centre.
  const Vec2 middle(s_.table.width / 2, s_.table.height / 2);
  for (Unit& u : s_.units) {
    if ((u.kind == UnitKind::kSniper || u.kind == UnitKind::kInduna) && u.parent == id &&
        u.off_table && u.figures.Present() > 0) {
      Vec2 spot = square;
      field_.FreeSpot(u, square, kTrayRadius + Radius(u) + kContactGap / 2, middle,
                      /*may_contact=*/false, {}, &spot);
      u.position = spot;
      u.off_table = false;
    }
  }
  entries.erase(it);
  c_.Recenter(id);
  if (!c_.Explain()) return absl::OkStatus();
  Event& e =
      c_.Log(EventKind::kMoved, Side::kZulu, kSectionOffBoard, kTableTurnOfEntry, "",
             absl::StrCat(NameOf(regiment), " enters the table at entry point ", point, "."));
  e.unit_ids = {id};
  e.point = point;
  e.point_kind = PointKind::kEntry;
  return absl::OkStatus();
}

bool ZuluTurn::EntrySquare(const SharedString& regiment_id, Vec2* square) const {
  const int point = UnitOf(s_, regiment_id).entry_point;
  const Point* p = point != 0 ? s_.FindPoint(PointKind::kEntry, point) : nullptr;
  if (p == nullptr) return false;
  // The square at the point, just inside the table.
  Vec2 v = p->position;
  const double w = s_.table.width, h = s_.table.height, r = kTrayRadius;
  if (w > 2 * r) v.x() = std::clamp(v.x(), r, w - r);
  if (h > 2 * r) v.y() = std::clamp(v.y(), r, h - r);
  *square = v;
  return true;
}

SharedString ZuluTurn::EnterThroughSquare(const SharedString& regiment_id) {
  Vec2 square;
  if (!EntrySquare(regiment_id, &square)) return SharedString();
  for (Unit& u : s_.units) {
    if (u.kind != UnitKind::kTray || u.parent != regiment_id || !u.off_table ||
        u.figures.fit <= 0) {
      continue;
    }
    // The next tray waits until the square is vacated.
    if (!field_.RoomFor(u, square, {}, /*may_contact=*/false)) return SharedString();
    u.position = square;
    u.off_table = false;
    c_.Recenter(regiment_id);
    return u.id;
  }
  return SharedString();
}

absl::Status ZuluTurn::ActivateRegiment(const SharedString& id, const std::string& ordered_by) {
  Unit* r = s_.FindUnit(id);
  r->status.acted = true;
  if (!ordered_by.empty()) r->status.ordered = true;
  IMPI_RETURN_IF_ERROR(EnterRegiment(*r));
  r = s_.FindUnit(id);
  // Its trays, listed once for the steps below (none joins or leaves the
  // units before its move is decided: the pointers hold).
  const TrayList trays = TraysOf(s_, id);
  if (RegimentRefusal(*r, trays) == nullptr) {
    IMPI_RETURN_IF_ERROR(RegimentResolve(id, /*log_no_test=*/false, nullptr, &trays));
  }
  r = s_.FindUnit(id);
  if (r->status.broken) return RoutRegiment(id);
  IMPI_RETURN_IF_ERROR(RallyTrays(trays));
  // 4.: the next tray comes on through the entry square if it is free.
  const SharedString entered = EnterThroughSquare(id);
  if (!entered.empty() && c_.Explain()) {
    Event& e = c_.Log(EventKind::kMoved, Side::kZulu, kSectionOffBoard, kTableTurnOfEntry, "",
                      absl::StrCat(entered.str(), " comes on through the square at entry point ",
                                   UnitOf(s_, id).entry_point, "."));
    e.unit_ids = {entered};
    e.point = UnitOf(s_, id).entry_point;
    e.point_kind = PointKind::kEntry;
  }
  // B. Move the active unit (a Zulu decision node unless nothing can move).
  c_.left_donga().clear();
  std::shared_ptr<std::vector<Action>> options = KeptOptions();
  choices_.RegimentMoveOptions(id, trays, options.get());
  if (options->size() == 1) return AfterRegimentMove(id);  // pinned or in contact
  PendingChoice p;
  p.choice = ZuluChoice::kRegimentMove;
  p.unit_id = id;
  p.regiment_id = id;
  p.listed = std::move(options);
  c_.Suspend(std::move(p));
  return absl::OkStatus();
}

absl::Status ZuluTurn::AfterRegimentMove(const SharedString& id) {
  // C. The sniper shoots (a Zulu decision node when anyone is in sight).
  SharedString sniper_id;
  if (const Unit* sniper = SniperOf(s_, id)) sniper_id = sniper->id;
  std::shared_ptr<std::vector<Action>> sniper_options = KeptOptions();
  if (!sniper_id.empty()) choices_.SniperOptions(sniper_id, sniper_options.get());
  if (sniper_options->size() > 1) {
    PendingChoice p;
    p.choice = ZuluChoice::kSniperTarget;
    p.unit_id = sniper_id;
    p.regiment_id = id;
    p.left_donga = c_.left_donga();
    p.listed = std::move(sniper_options);
    c_.Suspend(std::move(p));
    return absl::OkStatus();
  }
  return FinishRegiment(id);
}

absl::Status ZuluTurn::FinishRegiment(const SharedString& id) {
  // D. Close combat: "An active Zulu figure that can, must initiate close
  // combat."
  const TrayList trays = TraysOf(s_, id);
  const Unit* const storage = s_.units.data();
  const size_t units = s_.units.size();
  IMPI_RETURN_IF_ERROR(melee_.ZuluCloseCombat(trays));
  // The trays listed still point at them unless the units moved to new
  // storage (no fight adds or removes a unit; should one, they are found
  // again).
  if (s_.units.data() == storage && s_.units.size() == units) {
    c_.Recenter(id, trays);
  } else {
    c_.Recenter(id);
  }
  return absl::OkStatus();
}

absl::Status ZuluTurn::RegimentResolve(const SharedString& id, bool log_no_test, int* event,
                                       const TrayList* trays) {
  if (event != nullptr) *event = -1;
  Unit* r = s_.FindUnit(id);
  // A. Check Unit's Resolve: "If the active Zulu regiment has lost 10% or
  // more of its figures it must check its resolve."
  const int strength = r->figures.Starting();
  const int figures = trays != nullptr ? FiguresOf(*trays) : RegimentFigures(s_, id);
  const int lost = std::max(0, strength - figures);
  Explanation why;
  ZuluResolve res = ZuluRegimentResolve(dice_, strength, lost, c_.WhyFor(why));
  if (res.result == ZuluResolveResult::kNoTest && !log_no_test) return absl::OkStatus();
  if (!c_.Explain()) {
    if (res.result == ZuluResolveResult::kBroken) r->status.broken = true;
    return absl::OkStatus();
  }
  if (event != nullptr) *event = static_cast<int>(log_.size());
  Event& e = c_.LogWhy(EventKind::kMoraleTest, Side::kZulu, why);
  e.unit_ids = {id};
  if (res.result == ZuluResolveResult::kNoTest) {
    e.why.text += absl::StrCat(" ", NameOf(*r), " carries on without a test.");
    e.announce = e.why.text;
  } else if (res.result == ZuluResolveResult::kBroken) {
    r->status.broken = true;
    e.why.text += absl::StrCat(" ", NameOf(*r), " is broken and routs.");
    e.announce = e.why.text;
  }
  return absl::OkStatus();
}

absl::Status ZuluTurn::RoutRegiment(const SharedString& id) {
  // A broken regiment routs (designed, docs/ferree-engine.md): its trays move
  // 2D6 away from the nearest British unit towards the nearest table edge,
  // and leave the table when they reach it.
  absl::InlinedVector<SharedString, 24> movers;
  for (const Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.parent == id && Alive(u)) movers.push_back(u.id);
  }
  if (movers.empty()) return absl::OkStatus();
  Explanation why;
  const double dist = MovementRate(dice_, Mover::kZuluRegiment, c_.WhyFor(why));
  const double w = s_.table.width, h = s_.table.height;
  const bool explain = c_.Explain();
  std::vector<std::string> left;  // told only when explaining
  // The British units NearestBritish weighs, found once: only the routing
  // trays move here (nor are units added), so each tray's nearest is the
  // same pass over these few.
  absl::InlinedVector<const Unit*, 48> british;
  ForEachBritish(s_, [&](const Unit& b) {
    if (Alive(b) && b.figures.Present() > 0) british.push_back(&b);
  });
  auto nearest_british = [&](const Vec2& from) {
    const Unit* best = nullptr;
    for (const Unit* b : british) {
      if (best == nullptr || Distance(b->position, from) < Distance(best->position, from)) best = b;
    }
    return best;
  };
  // Only MoveUnit and a tray leaving the table change the ground here, and
  // both keep the held ground up to date: one Sync for the rout.
  const Field::HoldGround hold(field_);
  for (const SharedString& mid : movers) {
    Unit* u = s_.FindUnit(mid);
    const Vec2 p = u->position;
    const Unit* b = nearest_british(p);
    const Vec2 edges[] = {Vec2(0, p.y()), Vec2(w, p.y()), Vec2(p.x(), 0), Vec2(p.x(), h)};
    const Vec2* best = nullptr;
    double best_d = 1e300;
    for (int pass = 0; pass < 2 && best == nullptr; ++pass) {
      for (const Vec2& e : edges) {
        const bool towards = b != nullptr && (e - p).dot(b->position - p) > 0;
        if (pass == 0 && towards) continue;
        const double d = Distance(p, e);
        if (d < best_d) {
          best_d = d;
          best = &e;
        }
      }
    }
    const Vec2 goal = *best;
    u->status.pinned = false;
    u->stance = Stance::kUpright;
    c_.MoveUnit(*u, goal, dist, 0.0, -1.0, /*stop_at_laager=*/false);
    u = s_.FindUnit(mid);
    if (Distance(u->position, goal) <= 1e-6) {
      u->off_table = true;
      field_.GroundTouch(*u);
      if (explain) left.push_back(mid);
    }
  }
  if (!explain) {
    c_.Recenter(id);
    return absl::OkStatus();
  }
  why.text = absl::StrCat(
      why.text, " Broken, ", id.str(), " routs ", Inches(dist),
      " towards the nearest table edge, away from the British",
      left.empty() ? "." : absl::StrCat("; leaving the table: ", absl::StrJoin(left, ", "), "."));
  why.rule.section = kSectionResolve;
  why.rule.table = kTableZuluResolve;
  why.rule.designed = true;
  Event& e = c_.LogWhy(EventKind::kMoved, Side::kZulu, why);
  e.unit_ids.assign(movers.begin(), movers.end());
  c_.Recenter(id);
  return absl::OkStatus();
}

absl::Status ZuluTurn::RallyTrays(const TrayList& listed) {
  // Looked up by address (SharedString); held in place as TrayList is.
  absl::InlinedVector<SharedString, 24> trays;
  for (const Unit* t : listed) trays.push_back(t->id);
  for (const SharedString& tid : trays) {
    if (RallyRefusal(*s_.FindUnit(tid)) != nullptr) continue;
    IMPI_RETURN_IF_ERROR(RallyTray(tid, nullptr));
  }
  // The bookkeeping is "since its last turn": it starts again now (an
  // entry with none is left as it is).
  for (const SharedString& tid : trays) {
    const FerreeUnit& kept = UnitOf(s_, tid);
    if (kept.figures_fired_at == 0 && !kept.under_artillery && kept.losses_this_turn == 0) continue;
    FerreeUnit& fu = MutableUnitOf(s_, tid);
    fu.figures_fired_at = 0;
    fu.under_artillery = false;
    fu.losses_this_turn = 0;
  }
  return absl::OkStatus();
}

absl::Status ZuluTurn::RallyTray(const SharedString& tray_id, int* event) {
  Unit* t = s_.FindUnit(tray_id);
  // Pinned Zulus: "roll 1D6, then add the number of British figures that
  // have fired at the tray since its last turn. Subtract 1 ... Induna".
  RallyInput in;
  if (UnitOf(s_, *t).under_artillery || UnitOf(s_, *t).losses_this_turn > 0) {
    in.situation = RallySituation::kArtilleryOrCasualties;
  } else if (UnitOf(s_, *t).figures_fired_at > 0) {
    in.situation = RallySituation::kSmallArmsNoCasualties;
  }
  in.british_figures_fired = UnitOf(s_, *t).figures_fired_at;
  in.induna_with_stand = field_.IndunaWith(*t);
  Explanation why;
  const bool rallied = ZuluRally(dice_, in, c_.WhyFor(why));
  t->status.pinned = !rallied;
  if (!c_.Explain()) return absl::OkStatus();
  why.text += absl::StrCat(" ", tray_id.str(), rallied ? " rallies." : " remains pinned.");
  if (event != nullptr) *event = static_cast<int>(log_.size());
  Event& e = c_.LogWhy(EventKind::kMoraleTest, Side::kZulu, why);
  e.unit_ids = {tray_id};
  return absl::OkStatus();
}

absl::Status ZuluTurn::RegimentMoveWith(const SharedString& id, const Action& choice) {
  c_.left_donga().clear();
  if (choice.kind == ActionKind::kPass) return absl::OkStatus();
  // "The Zulu's movement rate is 2D6 inches"; "On the first turn, Zulu
  // regiments get only 1D6". One roll for all the regiment's trays (designed).
  Explanation why;
  const double allowance =
      MovementRate(dice_, s_.clock.turn <= 1 ? Mover::kZuluRegimentFirstTurn : Mover::kZuluRegiment,
                   c_.WhyFor(why));
  const bool explain = c_.Explain();
  // The trays by their own ids: a lookup by a unit's own id compares
  // addresses (SharedString).
  absl::InlinedVector<SharedString, 24> movers;
  const TrayList trays = TraysOf(s_, id);
  movers.reserve(trays.size());
  const auto british = BritishNearTrays(s_, trays);
  for (const Unit* t : trays) {
    if (!Alive(*t) || t->status.pinned) continue;
    if (!InContactWithAny(s_, *t, british)) movers.push_back(t->id);
  }
  std::vector<std::string> notes;
  Event* moved = nullptr;
  std::vector<Vec2> all_path;
  auto move_tray = [&](const SharedString& tid) {
    Unit* t = s_.FindUnit(tid);
    double a = allowance;
    // Taking Cover: "Going prone or standing up from prone costs 2" of
    // movement for each action."
    if (choice.kind == ActionKind::kStance) {
      if (t->stance == choice.stance ||
          (choice.stance == Stance::kUpright && t->stance != Stance::kProne)) {
        return;
      }
      if (a < kStanceCost) {
        if (explain)
          notes.push_back(absl::StrCat(tid.str(), " has too little movement to change stance"));
        return;
      }
      t->stance = choice.stance;
      if (explain) {
        notes.push_back(absl::StrCat(
            tid.str(), choice.stance == Stance::kProne ? " goes prone" : " stands up"));
      }
      return;
    }
    if (t->stance == Stance::kProne) {
      if (a < kStanceCost) {
        if (explain)
          notes.push_back(absl::StrCat(tid.str(), " is prone with too little movement to stand"));
        return;
      }
      a -= kStanceCost;
      t->stance = Stance::kUpright;
    }
    const bool end_prone = choice.stance == Stance::kProne && a >= kStanceCost;
    if (end_prone) a -= kStanceCost;
    const bool was_in_donga = field_.InDonga(t->position);
    Vec2 goal = choice.to;
    double stop_short = 0.0;
    if (const Unit* target = s_.FindUnit(choice.target_id)) {
      goal = target->position;
      stop_short = Radius(*t) + Radius(*target) + kContactGap / 2;
    }
    const std::vector<Vec2>& path =
        c_.MoveUnit(*t, goal, a, stop_short, kContactGap / 2, /*stop_at_laager=*/true);
    t = s_.FindUnit(tid);
    if (end_prone) t->stance = Stance::kProne;
    if (was_in_donga && !field_.InDonga(t->position)) c_.left_donga().push_back(tid);
    if (!explain) return;
    double walked = 0;
    for (size_t k = 1; k < path.size(); ++k) walked += Distance(path[k - 1], path[k]);
    notes.push_back(
        absl::StrCat(tid.str(), " moves ", Inches(walked), end_prone ? " and goes prone" : ""));
    all_path.insert(all_path.end(), path.begin(), path.end());
  };
  {
    // Only MoveUnit changes where a unit stands here, each tray once from
    // where it stands now and at most the allowance: the units that could
    // bar their spots are gathered once for the regiment's moves.
    absl::InlinedVector<Vec2, 24> starts;
    for (const SharedString& tid : movers) starts.push_back(s_.FindUnit(tid)->position);
    const Field::CandidateScope scope(field_, starts, allowance);
    for (const SharedString& tid : movers) move_tray(tid);
  }
  // 4.: trays still off the table come on through the entry square as it is
  // vacated, each making the regiment's move from there.
  if (choice.kind == ActionKind::kMove) {
    for (SharedString tid = EnterThroughSquare(id); !tid.empty(); tid = EnterThroughSquare(id)) {
      if (explain) notes.push_back(absl::StrCat(tid.str(), " comes on through the entry square"));
      movers.push_back(tid);
      move_tray(movers.back());
    }
  }
  if (explain) {
    why.text = absl::StrCat(why.text, " ", choices_.Describe(choice), ": ",
                            notes.empty() ? "no tray changes" : absl::StrJoin(notes, "; "), ".");
    moved = &c_.LogWhy(EventKind::kMoved, Side::kZulu, why);
    moved->unit_ids.assign(movers.begin(), movers.end());
    moved->target_id = choice.target_id;
    moved->path = all_path;
  }
  if (choice.kind == ActionKind::kMove) IMPI_RETURN_IF_ERROR(MoveSniper(id, choice, allowance));
  // (No unit joined or left the list meanwhile: `trays` still point at
  // them.)
  c_.Recenter(id, trays);
  return absl::OkStatus();
}

absl::Status ZuluTurn::MoveSniper(const SharedString& regiment_id, const Action& choice,
                                  double allowance) {
  // Snipers "do not have to stay with their parent unit": designed, the
  // sniper follows its regiment's move and stops 6" from the British (or
  // stays where he is if he is that close already).
  const Unit* found = SniperOf(s_, regiment_id);
  if (found == nullptr) return absl::OkStatus();
  Unit* sniper = &s_.units[static_cast<size_t>(found - s_.units.data())];
  const bool close = AnyOf(s_, kBritishUnits, [&](const Unit& b) {
    return Alive(b) && b.figures.Present() > 0 && Gap(*sniper, b) <= kSniperStandOff;
  });
  if (close) return absl::OkStatus();
  Vec2 goal = choice.to;
  if (const Unit* target = s_.FindUnit(choice.target_id)) goal = target->position;
  c_.MoveUnit(*sniper, goal, allowance, 0.0, kSniperStandOff, /*stop_at_laager=*/true);
  return absl::OkStatus();
}

absl::Status ZuluTurn::SniperWith(const Action& choice) {
  if (choice.kind != ActionKind::kFire) return absl::OkStatus();
  const SharedString& sniper_id = choice.unit_id;
  Unit* b = s_.FindUnit(choice.target_id);
  // Zulu Sniper Fire Table: designed, the sniper shoots at an enlisted man
  // unless the unit has only officers left.
  const int officers = std::min(b->leaders, b->figures.fit);
  const bool only_officers = b->figures.fit + b->figures.wounded <= officers && officers > 0;
  Explanation why;
  const bool hit = ZuluSniperFire(
      dice_, only_officers ? SniperTarget::kOfficer : SniperTarget::kEnlisted, c_.WhyFor(why));
  MutableUnitOf(s_, *b).fired_on_by_this_turn.push_back(sniper_id);
  if (hit) {
    Explanation hits;
    const int lost = b->figures.seriously_wounded + b->figures.casualties;
    c_.EffectsOfHits(*b, 1, "sniper fire", &hits);
    Own(s_).losses.to_fire += b->figures.seriously_wounded + b->figures.casualties - lost;
    AppendDice(why, hits);
    why.text += " " + hits.text;
  }
  if (!c_.Explain()) return absl::OkStatus();
  Event& e = c_.LogWhy(EventKind::kFired, Side::kZulu, why);
  e.unit_ids = {sniper_id};
  e.target_id = b->id;
  return absl::OkStatus();
}

absl::Status ZuluTurn::ActivateInduna(const SharedString& id) {
  Unit* ind = s_.FindUnit(id);
  ind->status.acted = true;
  if (!Alive(*ind) || ind->figures.fit + ind->figures.wounded <= 0) return absl::OkStatus();
  std::shared_ptr<std::vector<Action>> options = KeptOptions();
  choices_.IndunaMoveOptions(id, options.get());
  if (options->size() > 1) {
    PendingChoice p;
    p.choice = ZuluChoice::kIndunaMove;
    p.unit_id = id;
    p.listed = std::move(options);
    c_.Suspend(std::move(p));
    return absl::OkStatus();
  }
  return IndunaOrders(id);
}

absl::Status ZuluTurn::IndunaMoveWith(const SharedString& id, const Action& choice) {
  Unit* ind = s_.FindUnit(id);
  if (choice.kind == ActionKind::kMove) {
    // Induna Rules: "A Zulu Induna may move 3D6 inches during his turn."
    Explanation why;
    double allowance = MovementRate(dice_, Mover::kInduna, c_.WhyFor(why));
    ind = s_.FindUnit(id);
    // Moving Wounded Figures: "Wounded figures move at 1/2 speed."
    if (ind->figures.fit == 0) allowance /= 2;
    const Unit* target = s_.FindUnit(choice.target_id);
    const Vec2 goal = target->position;
    const double stop_short = Radius(*ind) + Radius(*target) + kContactGap / 2;
    const std::vector<Vec2>& path =
        c_.MoveUnit(*ind, goal, allowance, stop_short, kContactGap / 2, /*stop_at_laager=*/true);
    if (!c_.Explain()) return absl::OkStatus();
    why.text = absl::StrCat(why.text, " ", choices_.Describe(choice), ".");
    Event& e = c_.LogWhy(EventKind::kMoved, Side::kZulu, why);
    e.unit_ids = {id};
    e.path = path;
  }
  return absl::OkStatus();
}

absl::Status ZuluTurn::IndunaOrders(const SharedString& id) {
  std::shared_ptr<std::vector<Action>> options = KeptOptions();
  choices_.OrderOptions(id, options.get());
  if (options->size() == 1) return absl::OkStatus();
  PendingChoice p;
  p.choice = ZuluChoice::kIndunaOrder;
  p.unit_id = id;
  p.listed = std::move(options);
  c_.Suspend(std::move(p));
  return absl::OkStatus();
}

}  // namespace impi::ferree
