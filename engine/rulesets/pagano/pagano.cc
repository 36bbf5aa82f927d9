// Pagano's d10 rules as a game: the turn, the decisions, the end. See
// pagano.h and docs/pagano-engine.md ("The turn").
#include "engine/rulesets/pagano/pagano.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/melee.h"
#include "engine/rulesets/pagano/missile.h"
#include "engine/rulesets/pagano/morale.h"
#include "engine/rulesets/pagano/movement.h"
#include "engine/rulesets/pagano/question.h"
#include "engine/rulesets/pagano/scenarios.h"

namespace impi::pagano {
namespace {

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}
absl::Status NotNow(const std::string& path, const std::string& why) {
  return absl::FailedPreconditionError(absl::StrCat(path, ": ", why));
}

const PaganoState& OwnOrDefault(const BattleState& s) {
  static const PaganoState kNone;
  const PaganoState* own = OwnState(s);
  return own != nullptr ? *own : kNone;
}

Stage StageOf(const BattleState& s) { return OwnOrDefault(s).stage; }

bool IsZuluIsigaba(const Unit& u) { return u.kind == UnitKind::kIsigaba && u.side == Side::kZulu; }
bool IsNnc(const Unit& u) { return u.kind == UnitKind::kNativeFoot && u.side == Side::kBritish; }
// An isigaba (Zulu or NNC) still fighting: on the table, figures left, not routed.
bool Fighting(const Unit& u) { return IsIsigaba(u) && InTheBattle(u) && !u.status.routed; }
// A British figure on its feet (in the battle and not a casualty).
bool OnItsFeet(const Unit& u) { return IsBritishFigure(u) && u.figures.seriously_wounded == 0; }
bool PieceInBattle(const Unit& u) { return IsPiece(u) && u.side == Side::kBritish && InTheBattle(u); }

// Whether `u` takes a decision in this phase and stage, and has not yet.
bool Decides(const BattleState& s, const Unit& u) {
  if (u.status.acted || u.off_table) return false;
  const PaganoState& own = OwnOrDefault(s);
  if (own.over) return false;
  const Stage stage = own.stage;
  switch (own.phase) {
    case Phase::kZuluMovement:
      return stage == Stage::kDecide && u.side == Side::kZulu &&
             ((IsZuluIsigaba(u) && Fighting(u)) || (u.kind == UnitKind::kInduna && InTheBattle(u)));
    case Phase::kBritMissileFire:
      return stage == Stage::kDecide && u.side == Side::kBritish &&
             (OnItsFeet(u) || PieceInBattle(u) || (IsNnc(u) && Fighting(u)));
    case Phase::kZuluMorale: {
      if (u.kind == UnitKind::kInduna) {
        return stage == Stage::kDecide && u.side == Side::kZulu && InTheBattle(u);
      }
      // A Stayed isigaba's choice: in the second round, or when a caller
      // asked its roll (Ask) in the first.
      const PaganoUnit* e = UnitState(s, u);
      const bool asked = own.asked == static_cast<int>(&u - s.units.data());
      return (stage == Stage::kSecond || (stage == Stage::kDecide && asked)) && IsZuluIsigaba(u) && Fighting(u) &&
             e != nullptr && e->stayed;
    }
    case Phase::kBritMovement:
      return stage == Stage::kDecide && u.side == Side::kBritish &&
             (OnItsFeet(u) || PieceInBattle(u) || (IsNnc(u) && Fighting(u)));
    case Phase::kZuluMissileFire: {
      if (stage != Stage::kSecond || !IsZuluIsigaba(u) || !Fighting(u) || u.stance == Stance::kProne) return false;
      const PaganoUnit* e = UnitState(s, u);
      return e == nullptr || !e->spears_thrown;
    }
    default:
      return false;
  }
}

Action Pass(const Unit& u) {
  Action a;
  a.kind = ActionKind::kPass;
  a.unit_id = u.id;
  return a;
}
Action MoveTo(const Unit& u, const Vec2& to, int point = 0) {
  Action a;
  a.kind = ActionKind::kMove;
  a.unit_id = u.id;
  a.to = to;
  a.point = point;
  return a;
}
Action StanceOf(const Unit& u, Stance stance) {
  Action a;
  a.kind = ActionKind::kStance;
  a.unit_id = u.id;
  a.stance = stance;
  return a;
}
Action Targeting(ActionKind kind, const Unit& u, const Unit& target, int point = 0) {
  Action a;
  a.kind = kind;
  a.unit_id = u.id;
  a.target_id = target.id;
  a.point = point;
  return a;
}

// A point `inches` from `u` straight away from `from`, held on the table.
Vec2 AwayBy(const BattleState& s, const Unit& u, const Vec2& from, double inches) {
  Vec2 d = u.position - from;
  if (d.norm() < 1e-9) d = Vec2(0, -1);
  Vec2 to = u.position + inches * d.normalized();
  if (s.table.width > 0) {
    to.x() = std::clamp(to.x(), 0.0, s.table.width);
    to.y() = std::clamp(to.y(), 0.0, s.table.height);
  }
  return to;
}

// The enemy izigaba and indunas a British figure or piece may fire at.
bool BritishTarget(const Unit& t) {
  return t.side == Side::kZulu && InTheBattle(t) &&
         ((IsZuluIsigaba(t) && !t.status.routed) || t.kind == UnitKind::kInduna);
}

bool MayFire(const BattleState& s, const Unit& u, const Unit& t, bool spears) {
  const absl::StatusOr<MissileSituation> m = FireSituation(s, u, t, spears);
  // The spears "once during the battle", and "Prone Zulus may not use
  // throwing spears" (the table refuses them when rolled).
  return m.ok() && m->dice > 0 && !(spears && (m->spears_thrown_before || m->firer_prone));
}

// An isigaba's options in a movement phase (the Zulus', or the NNC's in
// the British one): hold, each move candidate (designed: movement.h,
// IsigabaMoveCandidates), prone or upright where it stands.
void IsigabaMoves(const BattleState& s, const Unit& u, std::vector<Action>* out) {
  out->push_back(Pass(u));
  const std::vector<Vec2> to = IsigabaMoveCandidates(s, u);
  for (size_t i = 1; i < to.size(); ++i) out->push_back(MoveTo(u, to[i]));
  out->push_back(StanceOf(u, u.stance == Stance::kProne ? Stance::kUpright : Stance::kProne));
}

// An induna's: hold, or go to one of the two izigaba nearest him
// (designed: he directs from among them).
void IndunaMoves(const BattleState& s, const Unit& u, std::vector<Action>* out) {
  out->push_back(Pass(u));
  std::vector<std::pair<double, const Unit*>> near;
  for (const Unit& z : s.units) {
    if (IsZuluIsigaba(z) && Fighting(z)) near.push_back({Distance(z.position, u.position), &z});
  }
  std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 0; i < near.size() && i < 2; ++i) {
    if (near[i].first > 1.0) out->push_back(MoveTo(u, near[i].second->position));
  }
}

// A casualty a figure may pick up and carry (within kAlongside of it, not
// beside a medical corps, carried by nobody): the first in unit order.
const Unit* CasualtyToCarry(const BattleState& s, const Unit& u) {
  for (const Unit& c : s.units) {
    if (c.side != Side::kBritish || c.off_table || c.figures.seriously_wounded == 0) continue;
    if (Gap(s, c, u) > kAlongside) continue;
    bool beside = false, carried = false;
    for (const Unit& o : s.units) {
      if (o.kind == UnitKind::kSurgeon && InTheBattle(o) && o.figures.seriously_wounded == 0 &&
          Gap(s, c, o) <= kAlongside) {
        beside = true;
      }
      const PaganoUnit* oe = UnitState(s, o);
      if (oe != nullptr && UnitAt(s, oe->carrying) == &c) carried = true;
    }
    if (!beside && !carried) return &c;
  }
  return nullptr;
}

const Unit* MedicalCorps(const BattleState& s) {
  for (const Unit& m : s.units) {
    if (m.kind == UnitKind::kSurgeon && m.side == Side::kBritish && InTheBattle(m) &&
        m.figures.seriously_wounded == 0) {
      return &m;
    }
  }
  return nullptr;
}

// A British figure's or piece's options in the Brit movement phase.
void BritishMoves(const BattleState& s, const Unit& u, std::vector<Action>* out) {
  out->push_back(Pass(u));
  const PaganoUnit* e = UnitState(s, u);
  const int spent = e != nullptr ? e->move_spent : 0;
  if (IsPiece(u)) {
    if (e != nullptr && e->jammed) {
      if (!e->clearing && spent == 0) {
        Action clear;
        clear.kind = ActionKind::kOrder;
        clear.unit_id = u.id;
        out->push_back(clear);
      }
      return;
    }
    if (spent == 0) {
      Action l;
      l.kind = u.status.limbered ? ActionKind::kUnlimber : ActionKind::kLimber;
      l.unit_id = u.id;
      out->push_back(l);
    }
  }
  if (spent >= 2) return;
  double gap = 0;
  const Unit* enemy = NearestEnemy(s, u, &gap);
  if (enemy != nullptr) {
    // Designed candidates: fall back a move straight away from the nearest
    // enemy; close with him (mounted figures: charge).
    const bool mounted = u.stance == Stance::kMounted;
    out->push_back(MoveTo(u, AwayBy(s, u, enemy->position, mounted ? kMountedMove : kFootMove)));
    if (!IsPiece(u) && gap > 0) out->push_back(MoveTo(u, enemy->position));
  }
  if (!IsPiece(u)) {
    if (const Unit* c = CasualtyToCarry(s, u)) {
      if (const Unit* medic = MedicalCorps(s)) {
        Action carry = MoveTo(u, medic->position);
        carry.target_id = c->id;
        out->push_back(carry);
      }
    }
    if (MountedKind(u) && spent == 0 && (e == nullptr || !e->horse_holder)) {
      out->push_back(StanceOf(u, u.stance == Stance::kMounted ? Stance::kDismounted : Stance::kMounted));
    }
    if (!MountedKind(u) && spent == 0) {
      out->push_back(StanceOf(u, u.stance == Stance::kSquare ? Stance::kUpright : Stance::kSquare));
    }
  }
}

void FireOptions(const BattleState& s, const Unit& u, std::vector<Action>* out) {
  out->push_back(Pass(u));
  if (IsNnc(u)) {
    // The NNC "fire as Zulus": at the closest target.
    if (const Unit* t = ClosestTarget(s, u)) {
      if (MayFire(s, u, *t, false)) out->push_back(Targeting(ActionKind::kFire, u, *t));
      if (MayFire(s, u, *t, true)) out->push_back(Targeting(ActionKind::kFire, u, *t, 1));
    }
    return;
  }
  const double range = MaxRange(WeaponOf(s, u), ScaleOf(s));
  for (const Unit& t : s.units) {
    // Out of range read first: FireSituation's checks of sight and ranks
    // are the costly part.
    if (!BritishTarget(t) || Gap(s, u, t) > range) continue;
    if (!MayFire(s, u, t, false)) continue;
    out->push_back(Targeting(ActionKind::kFire, u, t));
    // "A gattling gun may split its fire between two adjacent izigaba":
    // `point` 2, the second its SplitPartner.
    if (u.kind == UnitKind::kGatling && SplitPartner(s, u, t) != nullptr) {
      out->push_back(Targeting(ActionKind::kFire, u, t, 2));
    }
  }
}

// The party a mounting or dismounting figure takes with it (designed: the
// figures of its kind within 3" of it, mounted as it is, with their whole
// move, in unit order; it first).
std::vector<int> PartyOf(const BattleState& s, int h) {
  const Unit& u = s.units[static_cast<size_t>(h)];
  std::vector<int> party = {h};
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& o = s.units[i];
    if (static_cast<int>(i) == h || o.kind != u.kind || o.side != u.side || !OnItsFeet(o) ||
        o.status.acted || (o.stance == Stance::kMounted) != (u.stance == Stance::kMounted) ||
        Gap(s, o, u) > 3.0) {
      continue;
    }
    const PaganoUnit* e = UnitState(s, o);
    if (e != nullptr && (e->move_spent > 0 || e->horse_holder)) continue;
    party.push_back(static_cast<int>(i));
  }
  return party;
}

bool Same(const Action& a, const Action& b) {
  return a.kind == b.kind && a.unit_id == b.unit_id && a.target_id == b.target_id && a.stance == b.stance &&
         a.point == b.point && (a.kind != ActionKind::kMove || a.to == b.to);
}

// Whether a side has nothing left in the battle (Outcome).
bool BritishStanding(const BattleState& s) {
  for (const Unit& u : s.units) {
    if (u.side == Side::kBritish && OnItsFeet(u)) return true;
  }
  return false;
}
bool ZulusFighting(const BattleState& s) {
  for (const Unit& u : s.units) {
    if (IsZuluIsigaba(u) && Fighting(u)) return true;
  }
  return false;
}

void Announce(EventLog& log, EventKind kind, Side side, std::string text) {
  if (!log.wanted()) return;
  Event& e = log.Add(kind, side);
  e.announce = std::move(text);
}

// Clears every unit's mark of having acted this phase.
void NewRound(BattleState& s) {
  for (Unit& u : s.units) u.status.acted = false;
}

}  // namespace

int LastTurn(const BattleState& s) {
  for (const Parameter& p : s.parameters) {
    if (p.name == kLastTurnParameter) return static_cast<int>(p.value);
  }
  return kDefaultLastTurn;
}

Outcome OutcomeOf(const BattleState& s) {
  if (!BritishStanding(s)) return Outcome::kZuluVictory;
  if (!ZulusFighting(s)) return Outcome::kBritishVictory;
  if (OwnOrDefault(s).over) return Outcome::kBritishHeld;
  return Outcome::kNone;
}

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kZuluVictory: return "Zulu victory";
    case Outcome::kBritishHeld: return "British held";
    case Outcome::kBritishVictory: return "British decisive victory";
    default: return "none";
  }
}

Side DecidingSide(const BattleState& s) {
  const PaganoState& own = OwnOrDefault(s);
  if (own.over) return Side::kUnspecified;
  switch (own.phase) {
    case Phase::kZuluMovement: return own.stage == Stage::kDecide ? Side::kZulu : Side::kUnspecified;
    case Phase::kBritMissileFire:
    case Phase::kBritMovement: return own.stage == Stage::kDecide ? Side::kBritish : Side::kUnspecified;
    case Phase::kZuluMorale: return own.stage != Stage::kStart ? Side::kZulu : Side::kUnspecified;
    case Phase::kZuluMissileFire: return own.stage == Stage::kSecond ? Side::kZulu : Side::kUnspecified;
    default: return Side::kUnspecified;
  }
}

int AwaitedUnit(const BattleState& s) {
  if (DecidingSide(s) == Side::kUnspecified) return kNoUnit;
  const int asked = OwnOrDefault(s).asked;
  if (asked != kNoUnit && static_cast<size_t>(asked) < s.units.size() && Decides(s, s.units[asked])) return asked;
  for (size_t h = 0; h < s.units.size(); ++h) {
    if (Decides(s, s.units[h])) return static_cast<int>(h);
  }
  return kNoUnit;
}

void UnitOptions(const BattleState& s, int h, std::vector<Action>* out) {
  out->clear();
  if (h < 0 || static_cast<size_t>(h) >= s.units.size()) return;
  const Unit& u = s.units[static_cast<size_t>(h)];
  if (!Decides(s, u)) return;
  const PaganoState& own = OwnOrDefault(s);
  switch (own.phase) {
    case Phase::kZuluMovement:
      if (u.kind == UnitKind::kInduna) {
        IndunaMoves(s, u, out);
      } else {
        IsigabaMoves(s, u, out);
      }
      return;
    case Phase::kBritMissileFire:
      FireOptions(s, u, out);
      return;
    case Phase::kZuluMorale:
      if (u.kind == UnitKind::kInduna) {
        // "each induna may direct one isigaba": those due a morale roll.
        out->push_back(Pass(u));
        for (size_t z = 0; z < s.units.size(); ++z) {
          const Unit& t = s.units[z];
          const PaganoUnit* e = UnitState(s, t);
          if (!IsZuluIsigaba(t) || e == nullptr || !MoraleDue(e->lost_since_morale)) continue;
          if (CheckDirect(s, h, static_cast<int>(z)).ok()) out->push_back(Targeting(ActionKind::kOrder, u, t));
        }
      } else {
        const StayedChoices c = StayedChoicesFor(s, u);
        if (c.hold_firm) out->push_back(Pass(u));
        if (c.retreat) out->push_back(MoveTo(u, AwayFromTheEnemy(s, u), 1));
        if (c.go_prone) out->push_back(StanceOf(u, Stance::kProne));
        if (c.move_to_cover) {
          if (const std::optional<Vec2> cover = NearestCover(s, u, kLongestZuluMove)) {
            out->push_back(MoveTo(u, *cover, 3));
          }
        }
      }
      return;
    case Phase::kBritMovement:
      if (IsNnc(u)) {
        IsigabaMoves(s, u, out);
      } else {
        BritishMoves(s, u, out);
      }
      return;
    case Phase::kZuluMissileFire:
      if (const Unit* t = ClosestTarget(s, u); t != nullptr && MayFire(s, u, *t, true)) {
        out->push_back(Pass(u));
        out->push_back(Targeting(ActionKind::kFire, u, *t, 1));
      }
      return;
    default:
      return;
  }
}

namespace {

// The unit of a step's action: its handle, or an error naming the field.
absl::StatusOr<int> ActingUnit(const BattleState& s, Side side, const Action& a, const std::string& path) {
  if (a.unit_id.empty()) return Bad(path + ".unit_id", "is required: the unit that acts");
  const int h = s.UnitIndex(a.unit_id);
  if (h < 0) return Bad(path + ".unit_id", absl::StrCat("no unit has id \"", a.unit_id.str(), "\""));
  if (s.units[static_cast<size_t>(h)].side != side) {
    return Bad(path + ".unit_id", absl::StrCat("\"", a.unit_id.str(), "\" is not a unit of this side"));
  }
  return h;
}

// Marks the decision's events: the chooser's reason on the Zulu side's.
void MarkDecision(EventLog& log, size_t from, Side side, const Unit& u, const Action& a, const std::string& why) {
  if (!log.wanted()) return;
  if (log.size() == from) {
    Event& e = log.Add(side == Side::kZulu ? EventKind::kTargetChosen : EventKind::kBritishAction, side);
    e.unit_ids = {u.id.str()};
    e.announce = absl::StrCat(u.id.str(), a.kind == ActionKind::kPass ? " stands." : " acts.");
  }
  for (size_t i = from; i < log.size(); ++i) {
    Event& e = log.mutable_events()[i];
    e.decision = side == Side::kZulu;
    if (!why.empty() && e.why.text.empty()) e.why.text = why;
  }
}

absl::Status Carry(BattleState& s, int h, const Action& a, const std::string& path) {
  const int c = s.UnitIndex(a.target_id);
  if (c < 0) return Bad(path + ".target_id", absl::StrCat("no unit has id \"", a.target_id.str(), "\""));
  const Unit& u = s.units[static_cast<size_t>(h)];
  const Unit* can = CasualtyToCarry(s, u);
  if (can != &s.units[static_cast<size_t>(c)]) {
    // Another casualty within reach may be named: check it alike.
    const Unit& t = s.units[static_cast<size_t>(c)];
    if (t.side != Side::kBritish || t.figures.seriously_wounded == 0 || Gap(s, t, u) > kAlongside) {
      return NotNow(path + ".target_id", absl::StrCat("\"", a.target_id.str(), "\" is no casualty within ", kAlongside,
                                                      "\" of ", u.id.str(), " to carry"));
    }
  }
  MutableUnitState(s, s.units[static_cast<size_t>(h)]).carrying = c;
  return absl::OkStatus();
}

// Carries out `a`, one of the unit at `h`'s options (or a MOVE of it to a
// point of the caller's), and marks the unit as having acted.
absl::Status CarryOut(BattleState& s, int h, const Action& a, Dice& dice, EventLog& log, const std::string& path) {
  const PaganoState& own = OwnOrDefault(s);
  const Phase phase = own.phase;
  const bool stayed = phase == Phase::kZuluMorale && own.stage == Stage::kSecond;
  Unit& u = s.units[static_cast<size_t>(h)];
  std::vector<int> acted = {h};
  switch (a.kind) {
    case ActionKind::kPass:
      if (stayed) IMPI_RETURN_IF_ERROR(ApplyStayed(s, h, StayedChoice::kHoldFirm, dice, log));
      break;
    case ActionKind::kMove:
      if (stayed) {
        IMPI_RETURN_IF_ERROR(
            ApplyStayed(s, h, a.point == 3 ? StayedChoice::kMoveToCover : StayedChoice::kRetreat, dice, log));
      } else if (IsIsigaba(u)) {
        IMPI_RETURN_IF_ERROR(MoveIsigaba(s, h, a.to, a.stance == Stance::kProne, dice, log));
      } else if (u.kind == UnitKind::kInduna) {
        IMPI_RETURN_IF_ERROR(MoveInduna(s, h, a.to, dice, log));
      } else {
        if (!a.target_id.empty()) IMPI_RETURN_IF_ERROR(Carry(s, h, a, path));
        IMPI_RETURN_IF_ERROR(MoveFigure(s, h, a.to, dice, log));
      }
      break;
    case ActionKind::kStance:
      if (stayed) {
        IMPI_RETURN_IF_ERROR(ApplyStayed(s, h, StayedChoice::kGoProne, dice, log));
      } else if (a.stance == Stance::kMounted || a.stance == Stance::kDismounted) {
        acted = PartyOf(s, h);
        IMPI_RETURN_IF_ERROR(a.stance == Stance::kMounted ? Mount(s, acted, log) : Dismount(s, acted, log));
      } else {
        // Prone or upright where it stands (an isigaba), square or not (a
        // British figure): its move this phase (designed).
        u.stance = a.stance;
        if (IsIsigaba(u)) MutableUnitState(s, u).initiated_melee = false;
        if (log.wanted()) {
          Event& e = log.Add(EventKind::kMoved, u.side);
          e.unit_ids = {u.id.str()};
          e.announce = absl::StrCat(u.id.str(), a.stance == Stance::kProne     ? " goes prone"
                                                 : a.stance == Stance::kSquare  ? " forms square"
                                                                                 : " stands upright",
                                   " where it stands.");
        }
      }
      break;
    case ActionKind::kLimber:
    case ActionKind::kUnlimber:
      IMPI_RETURN_IF_ERROR(Limber(s, h, a.kind == ActionKind::kLimber, log));
      break;
    case ActionKind::kOrder:
      if (u.kind == UnitKind::kInduna) {
        IMPI_RETURN_IF_ERROR(Direct(s, h, s.UnitIndex(a.target_id)));
        if (log.wanted()) {
          Event& e = log.Add(EventKind::kTargetChosen, Side::kZulu);
          e.unit_ids = {u.id.str()};
          e.target_id = a.target_id.str();
          e.why.rule = RuleRef{kSource, "ZULU INDUNA", "", "each induna may direct one isigaba (+1 on its morale)", false};
          e.announce = absl::StrCat(u.id.str(), " directs ", a.target_id.str(), ".");
        }
      } else {
        IMPI_RETURN_IF_ERROR(ClearJam(s, h, log));
      }
      break;
    case ActionKind::kFire:
      if (a.point == 2) {
        IMPI_RETURN_IF_ERROR(ResolveSplitFire(s, h, s.UnitIndex(a.target_id), dice, log));
      } else {
        IMPI_RETURN_IF_ERROR(ResolveFire(s, h, s.UnitIndex(a.target_id), a.point == 1, dice, log));
      }
      break;
    default:
      return Bad(path + ".kind", absl::StrCat(ActionKindName(a.kind), " is no action of these rules"));
  }
  for (const int i : acted) s.units[static_cast<size_t>(i)].status.acted = true;
  return absl::OkStatus();
}

// Passes over the units at the head of the order with nothing to decide
// (their one option a PASS): true if a unit with a choice is awaited.
bool SkipToChoice(BattleState& s) {
  thread_local std::vector<Action> options;
  for (size_t h = 0; h < s.units.size(); ++h) {
    if (!Decides(s, s.units[h])) continue;
    UnitOptions(s, static_cast<int>(h), &options);
    if (options.size() > 1 || (options.size() == 1 && options[0].kind != ActionKind::kPass)) return true;
    s.units[h].status.acted = true;
  }
  return false;
}

// Every melee of the phase, the initiator's, one after another (each read
// afresh: an earlier one may have moved or taken figures).
absl::Status AllMelees(BattleState& s, Side initiator, Dice& dice, EventLog& log) {
  for (int guard = 0; guard < 10000; ++guard) {
    const std::vector<MeleeParties> m = Melees(s, initiator);
    if (m.empty()) break;
    IMPI_RETURN_IF_ERROR(ResolveMelee(s, m.front(), initiator, dice, log));
  }
  for (int guard = 0; guard < 10000; ++guard) {
    const std::vector<NncMelee> m = NncMelees(s, initiator);
    if (m.empty()) break;
    IMPI_RETURN_IF_ERROR(ResolveNncMelee(s, m.front(), initiator, dice, log));
  }
  return absl::OkStatus();
}

void ClearFought(BattleState& s) {
  PaganoState& own = MutableOwnState(s);
  for (PaganoUnit& e : own.units) e.fought_this_phase = false;
}

// The Zulu Missile Fire phase's riflemen: every isigaba with a closest
// target in range fires at it (designed: it always does).
absl::Status ZuluRiflesFire(BattleState& s, Dice& dice, EventLog& log) {
  for (size_t h = 0; h < s.units.size(); ++h) {
    const Unit& z = s.units[h];
    // One that has acted fired when a caller asked its fire (Ask).
    if (!IsZuluIsigaba(z) || !Fighting(z) || z.status.acted) continue;
    const Unit* t = ClosestTarget(s, z);
    if (t == nullptr || !MayFire(s, z, *t, false)) continue;
    IMPI_RETURN_IF_ERROR(
        ResolveFire(s, static_cast<int>(h), static_cast<int>(t - s.units.data()), false, dice, log));
  }
  return absl::OkStatus();
}

// The turn's marks cleared at its start.
void NewTurn(BattleState& s) {
  PaganoState& own = MutableOwnState(s);
  for (PaganoUnit& e : own.units) {
    e.initiated_melee = false;
    e.fought_this_phase = false;
    e.casualties_this_turn = 0;
  }
  for (Unit& u : s.units) u.status.fired = false;
}

// The phase's opening work (Stage::kStart): done, the stage moves on.
absl::Status StartPhase(BattleState& s, Dice& dice, EventLog& log) {
  PaganoState& own = MutableOwnState(s);
  const Phase phase = own.phase;
  if (log.wanted()) {
    Event& e = log.Add(phase == Phase::kZuluMovement ? EventKind::kTurnStarted : EventKind::kPhaseStarted,
                       Side::kUnspecified);
    e.why.rule = RuleRef{kSource, "SEQUENCE of PLAY", "", PhaseName(phase), false};
    e.announce = absl::StrCat("turn ", s.clock.turn, ": ", PhaseName(phase));
  }
  // Every unit acts anew in the phase; the Zulu riflemen's fire first
  // passes over an isigaba whose fire a caller asked (Ask) in it.
  if (phase != Phase::kZuluMissileFire) NewRound(s);
  switch (phase) {
    case Phase::kZuluMovement:
      NewTurn(s);
      // "Routing isagaba must move at their full rate off the map edge."
      for (size_t h = 0; h < s.units.size(); ++h) {
        const Unit& z = s.units[h];
        if (IsZuluIsigaba(z) && z.status.routed && !z.off_table && z.figures.fit > 0) {
          IMPI_RETURN_IF_ERROR(MoveRouted(s, static_cast<int>(h), dice, log));
        }
      }
      own.stage = Stage::kDecide;
      return absl::OkStatus();
    case Phase::kBritMissileFire:
    case Phase::kZuluMorale:
      own.stage = Stage::kDecide;
      return absl::OkStatus();
    case Phase::kBritMovement:
      NewMovementPhase(s);
      MutableOwnState(s).stage = Stage::kDecide;
      return absl::OkStatus();
    case Phase::kZuluMissileFire:
      IMPI_RETURN_IF_ERROR(ZuluRiflesFire(s, dice, log));
      NewRound(s);
      MutableOwnState(s).stage = Stage::kSecond;
      return absl::OkStatus();
    default:
      return absl::OkStatus();  // the umpire's phases run whole in EndPhase
  }
}

// The phase's closing work once its decisions are made; then the next
// phase (or turn, or the end).
absl::Status EndPhase(BattleState& s, Dice& dice, EventLog& log) {
  PaganoState* own = &MutableOwnState(s);
  switch (own->phase) {
    case Phase::kBritMissileFire:
      EndBritishFire(s);
      break;
    case Phase::kZuluMorale:
      if (own->stage == Stage::kDecide) {
        IMPI_RETURN_IF_ERROR(ResolveZuluMorale(s, dice, log));
        NewRound(s);
        MutableOwnState(s).stage = Stage::kSecond;
        return absl::OkStatus();
      }
      break;
    case Phase::kZuluMelee:
      ClearFought(s);
      IMPI_RETURN_IF_ERROR(AllMelees(s, Side::kZulu, dice, log));
      break;
    case Phase::kBritMovement:
      CasualtiesLeftBehind(s, log);
      for (PaganoUnit& e : MutableOwnState(s).units) e.carrying = kNoUnit;
      break;
    case Phase::kBritMedical:
      IMPI_RETURN_IF_ERROR(ResolveMedical(s, dice, log));
      break;
    case Phase::kZuluMissileFire:
      IMPI_RETURN_IF_ERROR(ResolveNncMorale(s, dice, log));
      break;
    case Phase::kBritMelee:
      ClearFought(s);
      IMPI_RETURN_IF_ERROR(AllMelees(s, Side::kBritish, dice, log));
      break;
    default:
      break;
  }
  own = &MutableOwnState(s);
  if (own->phase == Phase::kBritMelee) {
    if (s.clock.turn >= LastTurn(s)) own->over = true;
    ++s.clock.turn;
    own->phase = Phase::kZuluMovement;
  } else {
    own->phase = static_cast<Phase>(static_cast<int>(own->phase) + 1);
  }
  own->stage = Stage::kStart;
  if (!BritishStanding(s) || !ZulusFighting(s)) own->over = true;
  if (own->over) {
    if (own->phase == Phase::kZuluMovement) --s.clock.turn;  // the turn played last
    s.clock.phase = impi::Phase::kGameOver;
    Announce(log, EventKind::kNothing, Side::kUnspecified,
             absl::StrCat("The battle is over: ", OutcomeName(OutcomeOf(s)), "."));
  }
  return absl::OkStatus();
}

// The shared clock's phase for a phase of the rules (what a client shows).
impi::Phase ClockPhase(Phase p) {
  switch (p) {
    case Phase::kZuluMovement:
    case Phase::kBritMovement: return impi::Phase::kMovement;
    case Phase::kBritMissileFire:
    case Phase::kZuluMissileFire: return impi::Phase::kFire;
    case Phase::kZuluMelee:
    case Phase::kBritMelee: return impi::Phase::kCloseCombat;
    default: return impi::Phase::kEndOfTurn;
  }
}

Awaiting AwaitsOf(const BattleState& s, bool prompt) {
  Awaiting a;
  const PaganoState& own = OwnOrDefault(s);
  if (own.over) {
    a.kind = AwaitKind::kGameOver;
    if (prompt) a.prompt = absl::StrCat("the battle is over: ", OutcomeName(OutcomeOf(s)));
    return a;
  }
  const int h = own.run_due ? kNoUnit : AwaitedUnit(s);
  if (h == kNoUnit) {
    a.kind = AwaitKind::kUmpire;
    if (prompt) a.prompt = absl::StrCat("the umpire runs ", PhaseName(own.phase));
    return a;
  }
  a.side = DecidingSide(s);
  const Unit& u = s.units[static_cast<size_t>(h)];
  if (a.side == Side::kZulu) {
    a.kind = AwaitKind::kZuluDecision;
    a.unit_ids = {u.id};
    a.units_may_move = 1;
  } else {
    a.kind = own.phase == Phase::kBritMissileFire ? AwaitKind::kBritishFire : AwaitKind::kBritishMove;
    if (prompt) {
      for (const Unit& o : s.units) {
        if (Decides(s, o)) a.unit_ids.push_back(o.id);
      }
      a.units_may_move = static_cast<int>(a.unit_ids.size());
    }
  }
  if (prompt) {
    a.prompt = absl::StrCat("turn ", s.clock.turn, ", ", PhaseName(own.phase), ": ",
                            a.side == Side::kZulu ? absl::StrCat(u.id.str(), " decides")
                                                  : absl::StrCat(a.unit_ids.size(),
                                                                 " British unit(s) to act, in any order; "
                                                                 "a PASS naming no unit ends the phase"));
  }
  return a;
}

bool KnownKind(const Unit& u) {
  if (u.side == Side::kZulu) return u.kind == UnitKind::kIsigaba || u.kind == UnitKind::kInduna;
  if (u.side != Side::kBritish) return false;
  return IsBritishFigureKind(u) || IsPiece(u) || u.kind == UnitKind::kWagon || u.kind == UnitKind::kNativeFoot;
}

}  // namespace

absl::Status PaganoRuleset::Validate(const BattleState& s) const {
  if (s.scale != impi::Scale::kUnspecified && s.scale != impi::Scale::kSkirmish &&
      s.scale != impi::Scale::kTactical) {
    return Bad("state.scale", "these rules have a SKIRMISH and a TACTICAL scale");
  }
  int surgeons = 0;
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    const std::string path = absl::StrCat("state.units[", i, "]");
    if (!KnownKind(u)) {
      return Bad(path + ".kind", absl::StrCat("a ", UnitKindName(u.kind), " on the ",
                                              u.side == Side::kZulu ? "ZULU" : u.side == Side::kBritish ? "BRITISH" : "no",
                                              " side is no unit of these rules (docs/pagano-engine.md, Units)"));
    }
    const Figures& f = u.figures;
    if (IsIsigaba(u)) {
      if (f.fit + f.casualties > kIsigabaFigures || f.wounded != 0 || f.seriously_wounded != 0) {
        return Bad(path + ".figures", absl::StrCat("an isigaba has at most ", kIsigabaFigures,
                                                   " figures, fit or eliminated (casualties), none wounded"));
      }
      if (f.riflemen > 2) return Bad(path + ".figures.riflemen", "an isigaba has at most 2 riflemen (the riflemen table)");
    } else if (IsBritishFigureKind(u) || u.kind == UnitKind::kInduna) {
      if (f.fit + f.wounded + f.seriously_wounded + f.casualties != 1) {
        return Bad(path + ".figures", "a British figure or an induna is one figure: exactly one of fit, wounded, "
                                      "seriously_wounded (a casualty awaiting care) and casualties is 1");
      }
      if (u.kind == UnitKind::kInduna && f.seriously_wounded != 0) {
        return Bad(path + ".figures.seriously_wounded", "an induna is fit, wounded or eliminated");
      }
    }
    if (u.kind == UnitKind::kSurgeon && ++surgeons > 1) {
      return Bad(path + ".kind", "\"No more than one [medical corps] may be included in the brit order of battle\"");
    }
  }
  for (size_t i = 0; i < s.parameters.size(); ++i) {
    const Parameter& p = s.parameters[i];
    const std::string path = absl::StrCat("state.parameters[", i, "]");
    if (p.name != kLastTurnParameter) {
      return Bad(path + ".name", absl::StrCat("these rules take one parameter, ", kLastTurnParameter));
    }
    if (!(p.value >= 1 && p.value <= 1000) || p.value != std::floor(p.value)) {
      return Bad(path + ".value", "the last turn is a whole number from 1 to 1000");
    }
  }
  return CheckOwnState(s);
}

Awaiting PaganoRuleset::Awaits(const BattleState& s) const { return AwaitsOf(s, true); }
Awaiting PaganoRuleset::AwaitsBrief(const BattleState& s) const { return AwaitsOf(s, false); }

std::vector<Action> PaganoRuleset::LegalActions(const BattleState& s, Side side) const {
  std::vector<Action> out;
  if (side != DecidingSide(s) || OwnOrDefault(s).run_due) return out;
  const int h = AwaitedUnit(s);
  UnitOptions(s, h, &out);
  if (side == Side::kBritish && !out.empty()) {
    // The rest of the British units may act in any order (Apply takes any
    // of their actions); listed here: the first's options, and the PASS
    // naming no unit that ends the phase, the rest standing.
    bool others = false;
    for (size_t k = static_cast<size_t>(h) + 1; k < s.units.size() && !others; ++k) others = Decides(s, s.units[k]);
    if (others) {
      Action end;
      end.kind = ActionKind::kPass;
      out.push_back(end);
    }
  }
  return out;
}

std::vector<Action> PaganoRuleset::PlayableActions(const BattleState& s, Side side, const Awaiting& brief) const {
  (void)brief;
  std::vector<Action> out;
  if (side == DecidingSide(s) && !OwnOrDefault(s).run_due) UnitOptions(s, AwaitedUnit(s), &out);
  return out;
}

absl::Status PaganoRuleset::Apply(BattleState& s, Side side, const Action& a, Dice& dice, EventLog& log,
                                  const std::string& path, const std::string& why) const {
  if (OwnOrDefault(s).over) return NotNow(path, "the battle is over");
  const Side deciding = DecidingSide(s);
  if (side == Side::kZulu && OwnOrDefault(s).run_due) {
    return NotNow(path, "a Zulu decision was just made: the umpire's procedure runs (Run) before the next");
  }
  if (side != deciding || AwaitedUnit(s) == kNoUnit) {
    return NotNow(path, absl::StrCat("the ", side == Side::kZulu ? "Zulus do" : "British do",
                                     " not decide now (", PhaseName(PhaseOf(s)), ")"));
  }
  KeyOwnState(s);
  const size_t from = log.size();
  if (side == Side::kBritish && a.kind == ActionKind::kPass && a.unit_id.empty()) {
    for (Unit& u : s.units) {
      if (Decides(s, u)) u.status.acted = true;
    }
    Announce(log, EventKind::kBritishAction, Side::kBritish,
             absl::StrCat("The British end ", PhaseName(PhaseOf(s)), "."));
    return absl::OkStatus();
  }
  switch (a.kind) {
    case ActionKind::kMove: case ActionKind::kFire: case ActionKind::kPass: case ActionKind::kStance:
    case ActionKind::kLimber: case ActionKind::kUnlimber: case ActionKind::kOrder:
      break;
    default:
      return Bad(path + ".kind", absl::StrCat(ActionKindName(a.kind), " is no action of these rules (MOVE, FIRE, PASS, "
                                              "STANCE, LIMBER, UNLIMBER, ORDER: docs/pagano-engine.md)"));
  }
  IMPI_ASSIGN_OR_RETURN(const int h, ActingUnit(s, side, a, path));
  if (side == Side::kZulu && h != AwaitedUnit(s)) {
    return NotNow(path + ".unit_id", absl::StrCat("the Zulus decide one unit at a time, in order: ",
                                                  s.units[static_cast<size_t>(AwaitedUnit(s))].id.str(),
                                                  " is awaited"));
  }
  if (!Decides(s, s.units[static_cast<size_t>(h)])) {
    return NotNow(path + ".unit_id", absl::StrCat("\"", a.unit_id.str(), "\" takes no decision now (",
                                                  PhaseName(PhaseOf(s)), ")"));
  }
  thread_local std::vector<Action> options;
  UnitOptions(s, h, &options);
  const bool stayed = PhaseOf(s) == Phase::kZuluMorale && StageOf(s) == Stage::kSecond;
  bool listed = false;
  for (const Action& o : options) listed |= Same(o, a);
  // A move to a point of the caller's own (not in a Stayed isigaba's
  // choice, whose points the rules fix): any MOVE the unit's options have.
  bool free_move = false;
  if (a.kind == ActionKind::kMove && !stayed && (a.target_id.empty() || !IsIsigaba(s.units[static_cast<size_t>(h)]))) {
    for (const Action& o : options) free_move |= o.kind == ActionKind::kMove;
    if (!std::isfinite(a.to.x()) || !std::isfinite(a.to.y())) return Bad(path + ".to", "is not a finite point");
  }
  if (!listed && !free_move) {
    return NotNow(path + ".kind", absl::StrCat(ActionKindName(a.kind), " is not one of the ", options.size(),
                                               " actions \"", a.unit_id.str(),
                                               "\" may take now (LegalActions lists them)"));
  }
  IMPI_RETURN_IF_ERROR(CarryOut(s, h, a, dice, log, path));
  MarkDecision(log, from, side, s.units[static_cast<size_t>(h)], a, why);
  if (side == Side::kZulu) {
    PaganoState& own = MutableOwnState(s);
    own.run_due = true;
    own.asked = kNoUnit;
  }
  return absl::OkStatus();
}

absl::Status PaganoRuleset::Run(BattleState& s, Dice& dice, EventLog& log) const {
  if (s.clock.turn < 1) s.clock.turn = 1;
  for (int guard = 0; guard < 100; ++guard) {
    PaganoState& own = MutableOwnState(s);
    own.run_due = false;
    if (!own.over && (!BritishStanding(s) || !ZulusFighting(s))) {
      // A state sent with one side already out of the battle.
      own.over = true;
      s.clock.phase = impi::Phase::kGameOver;
    }
    if (own.over) return absl::OkStatus();
    s.clock.phase = ClockPhase(own.phase);
    if (own.stage == Stage::kStart) {
      IMPI_RETURN_IF_ERROR(StartPhase(s, dice, log));
      if (MutableOwnState(s).stage == Stage::kStart) IMPI_RETURN_IF_ERROR(EndPhase(s, dice, log));
      continue;
    }
    if (DecidingSide(s) != Side::kUnspecified && SkipToChoice(s)) return absl::OkStatus();
    IMPI_RETURN_IF_ERROR(EndPhase(s, dice, log));
  }
  return absl::InternalError("PAGANO_D10: the umpire's procedure ran away");
}

absl::Status PaganoRuleset::Ask(BattleState& s, const impi::Question& question, Dice& dice, EventLog& log,
                                int* decision) const {
  IMPI_ASSIGN_OR_RETURN(const Question* q, QuestionFor<Question>(question));
  *decision = -1;
  if (OwnOrDefault(s).over) return NotNow(q->Path(), "the battle is over");
  if (q->unit_id.empty()) return Bad(q->Path("unit_id"), "is required");
  const int h = s.UnitIndex(q->unit_id);
  if (h < 0) return Bad(q->Path("unit_id"), absl::StrCat("no unit has id \"", q->unit_id, "\""));
  KeyOwnState(s);
  MutableOwnState(s);
  const Unit& u = s.units[static_cast<size_t>(h)];
  const Phase phase = PhaseOf(s);
  const Stage stage = StageOf(s);
  const size_t mark = log.size();
  // The first event the step logs answers the question.
  auto answered = [&]() {
    if (log.size() > mark) *decision = static_cast<int>(mark);
  };
  switch (q->kind) {
    case QuestionKind::kMorale:
      // ZULU MORALE: the roll, then (Stayed) its choice, settled by the
      // Zulu policy after this.
      if (phase != Phase::kZuluMorale || stage == Stage::kStart) {
        return NotNow(q->Path(), "morale is rolled in the Zulu Morale phase (3): send a state in it");
      }
      if (!IsZuluIsigaba(u)) return NotNow(q->Path("unit_id"), absl::StrCat(q->unit_id, " is no Zulu isigaba"));
      if (const absl::Status rolled = RollMorale(s, h, dice, log); !rolled.ok()) {
        return NotNow(q->Path("unit_id"), std::string(rolled.message()));
      }
      answered();
      if (UnitState(s, s.units[static_cast<size_t>(h)])->stayed) MutableOwnState(s).asked = h;
      return absl::OkStatus();
    case QuestionKind::kDirection:
      // ZULU INDUNA: the isigaba he directs, the Zulu policy's choice.
      if (phase != Phase::kZuluMorale || stage != Stage::kDecide) {
        return NotNow(q->Path(), "\"During each Zulu morale phase each induna may direct one isigaba\": send a "
                                 "state in the Zulu Morale phase before its rolls");
      }
      if (u.kind != UnitKind::kInduna || !Decides(s, u)) {
        return NotNow(q->Path("unit_id"), absl::StrCat(q->unit_id, " is no induna still to direct an isigaba"));
      }
      MutableOwnState(s).asked = h;
      return absl::OkStatus();
    case QuestionKind::kRiflemen: {
      // "roll a d10 the first time it fires".
      const PaganoUnit* e = UnitState(s, u);
      if (u.kind != UnitKind::kIsigaba || !Fighting(u)) {
        return NotNow(q->Path("unit_id"), absl::StrCat(q->unit_id, " is no Zulu isigaba in the battle"));
      }
      if (e != nullptr && (e->sharpshooters || e->riflemen_rolled >= 0)) {
        return NotNow(q->Path("unit_id"), absl::StrCat(q->unit_id, e->sharpshooters ? " is sharpshooters: no riflemen roll"
                                                                                  : " has rolled its riflemen already"));
      }
      Explanation why;
      const int month = OwnOrDefault(s).month > 0 ? OwnOrDefault(s).month : 1;
      IMPI_ASSIGN_OR_RETURN(const int riflemen, RollRiflemen(dice, month, log.wanted() ? &why : nullptr));
      MutableUnitState(s, s.units[static_cast<size_t>(h)]).riflemen_rolled = riflemen;
      Unit& z = s.units[static_cast<size_t>(h)];
      z.figures.riflemen = RiflemenWithFigures(riflemen, z.figures.fit);
      if (log.wanted()) {
        Event& ev = log.Add(EventKind::kTableRoll, Side::kZulu);
        ev.unit_ids = {z.id.str()};
        ev.announce = absl::StrCat(z.id.str(), " has ", z.figures.riflemen, z.figures.riflemen == 1 ? " rifleman." : " riflemen.");
        ev.why = std::move(why);
      }
      answered();
      return absl::OkStatus();
    }
    case QuestionKind::kFire: {
      // MISSILE FIRE of one unit: an isigaba at its closest target (in the
      // Zulu Missile Fire phase before the umpire fires them, or an NNC
      // isigaba), a British figure or piece at the target named.
      if (u.status.acted || u.status.fired) {
        return NotNow(q->Path("unit_id"), absl::StrCat(q->unit_id, " has fired this phase"));
      }
      const Unit* target = nullptr;
      if (!q->other_unit_id.empty()) {
        target = s.FindUnit(q->other_unit_id);
        if (target == nullptr) {
          return Bad(q->Path("target_id"), absl::StrCat("no unit has id \"", q->other_unit_id, "\""));
        }
      } else if (IsIsigaba(u)) {
        target = ClosestTarget(s, u);
      }
      if (target == nullptr) {
        return NotNow(q->Path(IsIsigaba(u) ? "unit_id" : "target_id"),
                      IsIsigaba(u) ? absl::StrCat(q->unit_id, " has no target in its sight")
                                   : std::string("is required: the figure's target"));
      }
      if (IsZuluIsigaba(u) && (phase != Phase::kZuluMissileFire || stage != Stage::kStart)) {
        return NotNow(q->Path(), "the Zulus fire in the Zulu Missile Fire phase (7): send a state at its start");
      }
      if (!IsZuluIsigaba(u) && (phase != Phase::kBritMissileFire || stage != Stage::kDecide || !Decides(s, u))) {
        return NotNow(q->Path(), absl::StrCat(q->unit_id, " fires in the Brit Missile Fire phase (2), once"));
      }
      const int t = static_cast<int>(target - s.units.data());
      const absl::StatusOr<MissileSituation> m = FireSituation(s, u, *target, false);
      if (!m.ok()) return NotNow(q->Path(), std::string(m.status().message()));
      IMPI_RETURN_IF_ERROR(ResolveFire(s, h, t, false, dice, log));
      s.units[static_cast<size_t>(h)].status.acted = true;
      answered();
      return absl::OkStatus();
    }
    case QuestionKind::kMelee: {
      // MELEE: the one the unit is in, in a melee phase before the umpire
      // fights them.
      if ((phase != Phase::kZuluMelee && phase != Phase::kBritMelee) || stage != Stage::kStart) {
        return NotNow(q->Path(), "melee is fought in the Zulu Melee (4) or Brit Melee (8) phase: send a state at "
                                 "its start");
      }
      const Side initiator = phase == Phase::kZuluMelee ? Side::kZulu : Side::kBritish;
      for (const MeleeParties& m : Melees(s, initiator)) {
        bool in = m.isigaba == h;
        for (const int b : m.brits) in |= b == h;
        if (!in) continue;
        IMPI_RETURN_IF_ERROR(ResolveMelee(s, m, initiator, dice, log));
        answered();
        return absl::OkStatus();
      }
      for (const NncMelee& m : NncMelees(s, initiator)) {
        if (m.zulus != h && m.nnc != h) continue;
        IMPI_RETURN_IF_ERROR(ResolveNncMelee(s, m, initiator, dice, log));
        answered();
        return absl::OkStatus();
      }
      return NotNow(q->Path("unit_id"), absl::StrCat(q->unit_id, " is in no melee this phase"));
    }
    case QuestionKind::kMedical:
      // BRITISH MEDICAL CORPS: a casualty's d10, in the Brit Medical phase.
      if (phase != Phase::kBritMedical) {
        return NotNow(q->Path(), "\"During the Brit medical phase a d 10 is rolled for each casualty\": send a state "
                                 "in it");
      }
      IMPI_RETURN_IF_ERROR(RollMedical(s, h, dice, log));
      answered();
      return absl::OkStatus();
    default:
      return Bad(q->Path(), "is not a decision point of these rules");
  }
}

bool PaganoRuleset::IsOver(const BattleState& s) const { return OwnOrDefault(s).over; }

double PaganoRuleset::Score(const BattleState& s, Side side) const {
  double zulu = 0;
  switch (OutcomeOf(s)) {
    case Outcome::kZuluVictory: zulu = 1; break;
    case Outcome::kBritishHeld: zulu = -0.5; break;
    case Outcome::kBritishVictory: zulu = -1; break;
    default: break;
  }
  return side == Side::kZulu ? zulu : -zulu;
}

double PaganoRuleset::Evaluate(const BattleState& s, Side side) const {
  if (IsOver(s)) return Score(s, side);
  double lost[2] = {0, 0}, start[2] = {0, 0};  // British, Zulu
  for (const Unit& u : s.units) {
    if (u.side == Side::kBritish && IsBritishFigureKind(u)) {
      start[0] += 1;
      lost[0] += OnItsFeet(u) ? 0 : 1;
    } else if (IsZuluIsigaba(u)) {
      const int n = u.figures.fit + u.figures.casualties;
      start[1] += n;
      lost[1] += Fighting(u) ? u.figures.casualties : n;
    }
  }
  const double b = start[0] > 0 ? lost[0] / start[0] : 0, z = start[1] > 0 ? lost[1] / start[1] : 0;
  const double zulu = std::clamp(b - z, -1.0, 1.0);
  return side == Side::kZulu ? zulu : -zulu;
}

GameReport PaganoRuleset::Report(const BattleState& start, const BattleState& end) const {
  GameReport r;
  const Outcome outcome = OutcomeOf(end);
  r.outcome = OutcomeName(outcome);
  r.british = CountFigures(start, end, Side::kBritish, [](const Unit& u) { return IsBritishFigureKind(u); });
  r.zulu = CountFigures(start, end, Side::kZulu, [](const Unit& u) { return u.kind == UnitKind::kIsigaba; });
  r.lines.push_back(ReportLine::Count("Victory (designed, docs/pagano-engine.md)", r.outcome));
  return r;
}

std::vector<std::string> PaganoRuleset::ScenarioNames() const { return pagano::ScenarioNames(); }

absl::StatusOr<BattleState> PaganoRuleset::Scenario(std::string_view name) const { return BuildScenario(name); }

BattleState PaganoRuleset::View(const BattleState& state, Side side) const {
  (void)side;
  return state;
}

void PaganoRuleset::Resample(BattleState& state, Side viewer, CounterRng& rng) const {
  (void)state, (void)viewer, (void)rng;
}

void PaganoRuleset::HashOwnState(const BattleState& s, StateHasher* h) const {
  const PaganoState* own = OwnState(s);
  if (own == nullptr) {
    h->Add(0);
    return;
  }
  h->Add(1 + static_cast<int>(own->phase));
  h->Add(static_cast<int>(own->stage));
  h->Add(own->over);
  h->Add(own->month);
  // The entries in their units' id order, their handles as ids: the same
  // for a state whose units a caller reordered.
  std::vector<int> order;
  for (size_t k = 0; k < own->units.size() && k < own->ids.size(); ++k) {
    if (!own->units[k].Empty()) order.push_back(static_cast<int>(k));
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) { return own->ids[a].str() < own->ids[b].str(); });
  auto id = [&](int handle) -> std::string {
    return handle >= 0 && static_cast<size_t>(handle) < own->ids.size() ? own->ids[handle].str() : std::string();
  };
  for (const int k : order) {
    const PaganoUnit& e = own->units[k];
    h->Add(own->ids[k].str());
    h->Add(e.riflemen_rolled);
    h->Add(e.spears_thrown);
    h->Add(e.sharpshooters);
    h->Add(e.frontage);
    h->Add(e.lost_since_morale);
    h->Add(e.initiated_melee);
    h->Add(e.stayed);
    h->Add(id(e.directed_by));
    h->Add(e.cattle);
    h->Add(e.fought_this_phase);
    h->Add(static_cast<int>(e.category));
    h->Add(e.invalid);
    h->Add(e.weapon.has_value() ? 1 + static_cast<int>(*e.weapon) : 0);
    h->Add(e.horse_holder);
    h->Add(id(e.crew_of));
    h->Add(id(e.carrying));
    h->Add(e.move_spent);
    h->Add(e.jammed);
    h->Add(e.clearing);
    h->Add(e.casualties_this_turn);
  }
  for (const TerrainFeature& f : own->features) {
    h->Add(f.terrain_id);
    h->Add(static_cast<int>(f.feature));
    h->Add(f.openings);
  }
}

}  // namespace impi::pagano
