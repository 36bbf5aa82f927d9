// engine/rulesets/ferree/melee.cc: close combat and charging a retiring unit
// (001_4c61f40cf0987cbf.txt, "D. Close Combat", "Charging A Retiring Unit").
#include "engine/rulesets/ferree/melee.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <set>

#include "absl/container/inlined_vector.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/ferree/british.h"
#include "engine/rulesets/ferree/choices.h"
#include "engine/rulesets/ferree/tables.h"

namespace impi::ferree {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Fighter FighterOf(const BattleState& s, const Unit& b) {
  const Unit* k = &b;
  if (b.kind == UnitKind::kRunner) {
    if (const Unit* p = s.FindUnit(b.parent)) k = p;
  }
  switch (k->kind) {
    case UnitKind::kInfantry:
      return Fighter::kRegular;
    case UnitKind::kNativeFoot:
      return Fighter::kNativeLevy;
    case UnitKind::kNativeHorse:
      return Fighter::kNativeHorse;
    case UnitKind::kWagon:
      return Fighter::kCivilian;
    default:
      return Fighter::kEuropeanIrregular;
  }
}

}  // namespace

Melee::Melee(Context& c, BritishTurn& british)
    : c_(c), s_(c.state()), dice_(c.dice()), log_(c.log()), field_(c.field()), british_(british) {}

absl::Status Melee::ZuluCloseCombat(const TrayList& listed) {
  absl::InlinedVector<SharedString, 24> trays;  // looked up by address (SharedString)
  TrayList alive;
  for (const Unit* t : listed) {
    if (Alive(*t)) alive.push_back(t);
  }
  trays.reserve(alive.size());
  for (const Unit* t : alive) trays.push_back(t->id);
  // Until a tray fights, nothing moves or falls: only the British units
  // near the trays need be read. After a fight every one is read again
  // (listed then).
  const auto near = BritishNearTrays(s_, alive);
  absl::InlinedVector<int, 64> british;
  bool fought = false;
  for (const SharedString& tid : trays) {
    const Unit* t = s_.FindUnit(tid);
    if (!Alive(*t)) continue;
    const Unit* best = nullptr;
    if (fought && british.empty()) british = BritishIndices(s_);
    // (A unit further off on an axis than NearEnoughToEngage's reach for the
    // largest footprint is put aside first.)
    const double far = Radius(*t) + kLargestRadius + kLaagerReach + kContactGap + 0.2 + 1e-3;
    for (const int j : fought ? british : near) {
      const Unit& b = s_.units[j];
      if (std::abs(b.position.x() - t->position.x()) > far ||
          std::abs(b.position.y() - t->position.y()) > far) {
        continue;
      }
      if (!Alive(b) || b.figures.Present() <= 0) continue;
      if (!NearEnoughToEngage(*t, b) || !field_.Engaged(*t, b)) continue;
      if (best == nullptr || Gap(*t, b) < Gap(*t, *best)) best = &b;
    }
    if (best == nullptr) continue;
    fought = true;
    const bool out_of_donga =
        std::find(c_.left_donga().begin(), c_.left_donga().end(), tid) != c_.left_donga().end();
    IMPI_RETURN_IF_ERROR(
        CloseCombatFight(tid, best->id, out_of_donga, false, "the active Zulu tray closes"));
  }
  return absl::OkStatus();
}

absl::Status Melee::CloseCombatFight(const SharedString& tray_id, const SharedString& british_id,
                                     bool zulu_out_of_donga, bool british_out_of_donga,
                                     absl::string_view how) {
  Unit* t = s_.FindUnit(tray_id);
  Unit* b = s_.FindUnit(british_id);
  if (t == nullptr || b == nullptr || !Alive(*t)) return absl::OkStatus();
  const bool explain = c_.Explain();
  Explanation all;
  if (explain) all.rule = {kSource, kSectionCloseCombat, kTableCloseCombat, kRowCloseCombat, false};
  std::vector<std::string> notes;
  // "Seriously wounded figures that are contacted by a Zulu figure are
  // killed."
  const int lost_before = b->figures.seriously_wounded + b->figures.casualties;
  const bool short_of_ammunition =
      b->status.ammunition == Ammunition::kLow || b->status.ammunition == Ammunition::kOut;
  if (b->figures.seriously_wounded > 0) {
    if (explain) {
      notes.push_back(absl::StrCat(b->figures.seriously_wounded,
                                   " seriously wounded figure(s) contacted by the Zulus are killed"));
    }
    b->figures.casualties += b->figures.seriously_wounded;
    b->figures.seriously_wounded = 0;
  }
  t->status.in_close_combat = true;
  b->status.in_close_combat = true;
  // The fighters: officers first, then unwounded men, then the wounded.
  const int officers = std::min(b->leaders, b->figures.fit);
  absl::InlinedVector<BritishCombatant, 16> fighters;
  BritishCombatant base;
  base.fighter = FighterOf(s_, *b);
  base.resolve = ResolveOf(*b);
  base.bayonet_fixed = b->status.bayonets_fixed;
  base.inside_tent = field_.InTent(b->position);
  base.out_of_donga = british_out_of_donga;
  base.in_square = b->status.surrounded && IsEuropean(base.fighter);
  base.huddled = b->status.surrounded && !IsEuropean(base.fighter);
  for (int i = 0; i < b->figures.fit; ++i) {
    BritishCombatant c = base;
    if (i < officers) c.fighter = Fighter::kOfficer;
    fighters.push_back(c);
  }
  for (int i = 0; i < b->figures.wounded; ++i) {
    BritishCombatant c = base;
    c.wounded = true;
    fighters.push_back(c);
  }
  ZuluCombatant z;
  z.on_laager = field_.OnLaager(t->position);
  z.over_laager = !z.on_laager && field_.AcrossLaager(t->position, b->position);
  z.out_of_donga = zulu_out_of_donga;
  // Designed: a tray fights a company as pairs of figures, at most 10. An
  // induna (wounded or not) or a sniper is one figure: one pair.
  const bool induna = t->kind == UnitKind::kInduna;
  const int zulus = induna ? (t->figures.fit + t->figures.wounded > 0 ? 1 : 0) : t->figures.fit;
  const int pairs = std::min({zulus, kMaxPairs, static_cast<int>(fighters.size())});
  int zulu_lost = 0;
  absl::InlinedVector<size_t, kMaxPairs> british_lost;
  for (int i = 0; i < pairs; ++i) {
    Explanation one;
    CloseCombatResult r = CloseCombat(dice_, fighters[i], z, explain ? &one : nullptr);
    if (explain) AppendDice(all, one);
    if (r.winner == CombatWinner::kBritish) {
      ++zulu_lost;
    } else {
      british_lost.push_back(i);
    }
  }
  // "British figures ( and the Zulu Induna) that lose a Close Combat
  // determine the effect of the combat using the "Effect Of Hits" table.
  // Other Zulu figures are removed from play."
  if (induna) {
    if (zulu_lost > 0) {
      Explanation eff;
      c_.EffectsOfHits(*t, zulu_lost, "close combat", &eff);
      AppendDice(all, eff);
      std::string text = eff.text;
      if (!text.empty() && text.back() == '.') text.pop_back();
      notes.push_back(text);
    }
  } else {
    c_.RemoveZuluFigures(*t, zulu_lost);
  }
  // "British figures ... that lose a Close Combat determine the effect of
  // the combat using the "Effect Of Hits" table."
  std::vector<std::string> effects;
  for (size_t i : british_lost) {
    Explanation one;
    const HitEffect effect = EffectOfHit(dice_, explain ? &one : nullptr);
    if (explain) AppendDice(all, one);
    const FigureCondition from =
        fighters[i].wounded ? FigureCondition::kWounded : FigureCondition::kUnhurt;
    Shift(b->figures, from, ApplyHitEffect(from, effect));
    if (explain) effects.push_back(EffectName(effect));
  }
  {
    // Figures newly seriously wounded or killed (the seriously wounded killed
    // above were lost already).
    const int newly = b->figures.seriously_wounded + b->figures.casualties - lost_before;
    BritishLosses& l = Own(s_).losses;
    l.in_close_combat += newly;
    if (short_of_ammunition) l.close_combat_short += newly;
  }
  if (pairs > 0 && explain) {
    notes.push_back(
        absl::StrCat(pairs, " pair(s) fight: the Zulus lose ", zulu_lost, ", the British lose ",
                     british_lost.size(),
                     effects.empty() ? "" : absl::StrCat(" (", absl::StrJoin(effects, ", "), ")")));
  }
  // "A British figure which lost a close combat will be pushed back 1"."
  if (!british_lost.empty()) {
    // Designed: straight back from the tray, as a move that ends only where
    // there is room (MoveUnit); it stays in contact if it has none.
    const Vec2 back = StepTowards(b->position, t->position, -kPushBack);
    c_.MoveUnit(*b, back, kPushBack, 0.0, -1.0, /*stop_at_laager=*/false);
    b = s_.FindUnit(british_id);
    t = s_.FindUnit(tray_id);
    if (explain) notes.push_back(absl::StrCat(british_id.str(), " is pushed back 1\""));
  }
  // Crossing the laager: "If the Zulu wins the combat, it is moved on top of
  // the laager" (designed: a tray that wins more pairs than it loses).
  if (z.over_laager && static_cast<int>(british_lost.size()) > zulu_lost && Alive(*t)) {
    Vec2 on = t->position;
    LaagerDistance(field_.LaagerEdges(), t->position, &on);
    // Designed: only where there is room for the tray.
    if (field_.RoomFor(*t, on, {}, /*may_contact=*/true)) t->position = on;
    if (explain) notes.push_back(absl::StrCat(tray_id.str(), " is on top of the laager"));
  }
  if (!explain) return absl::OkStatus();
  all.text =
      absl::StrCat("Close combat, ", how, ": ", tray_id.str(), " against ", british_id.str(),
                   z.over_laager ? " over the laager" : (z.on_laager ? " on the laager" : ""), ": ",
                   notes.empty() ? "nobody can fight" : absl::StrJoin(notes, "; "), ".");
  Event& e = c_.LogWhy(EventKind::kCharged, Side::kZulu, all);
  e.unit_ids = {tray_id};
  e.target_id = british_id;
  return absl::OkStatus();
}

absl::Status Melee::ChargeRetiring(const SharedString& british_id, const Vec2& before,
                                   bool after_resolve) {
  const Unit* b = s_.FindUnit(british_id);
  absl::InlinedVector<SharedString, 24> testers;
  if (b != nullptr && Alive(*b)) {
    // "If a British unit is ordered to move away from a Zulu tray to its
    // front (or does so as a result of a resolve test), then any Zulu tray
    // within 6" of the unit may test to see if it will charge." Designed: a
    // tray within 6" of where the unit started that is now further from it.
    ForEachTray(s_, [&](const Unit& t) {
      if (!Alive(t)) return;
      const double gap_before =
          std::max(0.0, Distance(before, t.position) - Radius(*b) - Radius(t));
      if (gap_before > kWithin) return;
      if (Gap(t, *b) <= gap_before + 1e-6) return;
      testers.push_back(t.id);
    });
  }
  return ChargeRetiringNext(british_id, testers, after_resolve);
}

absl::Status Melee::ChargeRetiringNext(const SharedString& british_id,
                                       absl::Span<const SharedString> testers, bool after_resolve,
                                       IdList* kept) {
  // Each tray in turn is a Zulu decision node: test to charge, or stay.
  for (size_t k = 0; k < testers.size(); ++k) {
    const Unit* b = s_.FindUnit(british_id);
    if (b == nullptr) break;
    bool at_british = false;
    if (ChargeRetiringRefusal(s_.FindUnit(testers[k]), *b, &at_british) != nullptr) {
      if (at_british) break;
      continue;
    }
    PendingChoice p;
    p.choice = ZuluChoice::kChargeRetiring;
    p.unit_id = testers[k];
    p.british_id = british_id;
    if (kept != nullptr) {
      // The rest of the testers, in the kept list's own storage.
      kept->erase(kept->begin(), kept->begin() + k + 1);
      p.queue = std::move(*kept);
    } else {
      p.queue.assign(testers.begin() + k + 1, testers.end());
    }
    p.after_resolve = after_resolve;
    std::shared_ptr<std::vector<Action>> options = KeptOptions();
    Choices::ChargeRetiringOptions(p.unit_id, british_id, options.get());
    p.listed = std::move(options);
    c_.Suspend(std::move(p));
    return absl::OkStatus();
  }
  // The retirement was the active company's resolve result: its activation
  // goes on.
  if (after_resolve) return british_.ContinueBritishActivation(british_id);
  return absl::OkStatus();
}

absl::Status Melee::ChargeRetiringTest(const SharedString& tray_id, const SharedString& british_id,
                                       int* event) {
  const SharedString& tid = tray_id;
  Unit* t = s_.FindUnit(tid);
  // Zulus Charging A Retiring Unit: "Roll 1D6 ... Subtract 1 from the die
  // roll if the tray is pinned."
  ChargeRetiringInput in;
  in.pinned = t->status.pinned;
  in.induna_with_stand = field_.IndunaWith(*t);
  RallySituation situation = RallySituation::kNotShotAt;
  if (UnitOf(s_, *t).under_artillery || UnitOf(s_, *t).losses_this_turn > 0) {
    situation = RallySituation::kArtilleryOrCasualties;
  } else if (UnitOf(s_, *t).figures_fired_at > 0) {
    situation = RallySituation::kSmallArmsNoCasualties;
  }
  in.needs_one_to_rally = t->status.pinned && NeedsOneToRally(situation);
  Explanation why;
  const bool charge = ZuluChargeRetiring(dice_, in, c_.WhyFor(why));
  if (event != nullptr) *event = static_cast<int>(log_.size());
  if (c_.Explain()) {
    Event& e = c_.LogWhy(EventKind::kStandTest, Side::kZulu, why);
    e.unit_ids = {tid};
    e.target_id = british_id;
  }
  if (!charge) return absl::OkStatus();
  // "The Zulu tray(s) then determine their movement distance": the tray's
  // movement rate for the turn: 2D6, or 1D6 on the first turn (Special Zulu
  // Moves: "On the first turn, Zulu regiments get only 1D6 for movement").
  Explanation mv;
  double dist = MovementRate(dice_,
                             s_.clock.turn <= 1 ? Mover::kZuluRegimentFirstTurn : Mover::kZuluRegiment,
                             c_.WhyFor(mv));
  t = s_.FindUnit(tid);
  const Unit* b = s_.FindUnit(british_id);
  const Vec2 start = t->position;
  const Stance stance = t->stance;
  if (t->stance == Stance::kProne) {
    dist -= kStanceCost;
    t->stance = Stance::kUpright;
  }
  const bool was_in_donga = field_.InDonga(start);
  const std::vector<Vec2>& path = c_.MoveUnit(
      *t, b->position, dist, Radius(*t) + Radius(*b) + kContactGap / 2, kContactGap / 2, true);
  t = s_.FindUnit(tid);
  b = s_.FindUnit(british_id);
  const bool engaged = field_.Engaged(*t, *b);
  // (Nothing is told when nobody reads it.)
  const bool explain = c_.Explain();
  if (explain) {
    mv.rule.section = kSectionChargeRetiring;
    mv.rule.table = kTableChargeRetiring;
  }
  if (engaged) {
    if (explain) {
      mv.text =
          absl::StrCat(mv.text, " ", tid.str(), " charges ", british_id.str(), " and makes contact.");
      Event& m = c_.LogWhy(EventKind::kCharged, Side::kZulu, mv);
      m.unit_ids = {tid};
      m.target_id = british_id;
      m.path = path;
    }
    // "If the Zulus contact the British unit at this point then a close
    // combat occurs. The British will not get to fire before this combat."
    IMPI_RETURN_IF_ERROR(CloseCombatFight(tid, british_id,
                                          was_in_donga && !field_.InDonga(t->position), false,
                                          "charging a retiring unit"));
  } else {
    // "If the Zulus fail to make contact they are returned to the spot
    // where they started".
    t->position = start;
    t->stance = stance;
    if (!explain) return absl::OkStatus();
    mv.text = absl::StrCat(mv.text, " ", tid.str(), " falls short of ", british_id.str(),
                           " and goes back to where it started.");
    Event& m = c_.LogWhy(EventKind::kMoved, Side::kZulu, mv);
    m.unit_ids = {tid};
    m.target_id = british_id;
  }
  return absl::OkStatus();
}

}  // namespace impi::ferree
