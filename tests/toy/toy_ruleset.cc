#include "tests/toy/toy_ruleset.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace impi::toy {
namespace {

constexpr char kSource[] = "tests/toy";

absl::Status Bad(const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
}

int FiguresOf(const BattleState& s, Side side) {
  int n = 0;
  for (const Unit& u : s.units) n += u.side == side && u.OnTable() ? u.figures.Present() : 0;
  return n;
}

int StartOf(const BattleState& s, Side side) {
  int n = 0;
  for (const Unit& u : s.units) n += u.side == side ? u.figures.Starting() : 0;
  return n;
}

// The units of `side` in play, in table order.
std::vector<const Unit*> InPlayOf(const BattleState& s, Side side) {
  std::vector<const Unit*> out;
  for (const Unit& u : s.units) {
    if (u.side == side && u.OnTable() && u.figures.Present() > 0) out.push_back(&u);
  }
  return out;
}

// The unit of `side` that acts next: the first in play that has not acted
// this turn (null: none).
const Unit* NextToAct(const BattleState& s, Side side) {
  for (const Unit* u : InPlayOf(s, side)) {
    if (!u->status.acted) return u;
  }
  return nullptr;
}

// The phase after `side`'s unit acted: the same while another of its units
// is to act, else the other side's (the Zulus' charges end the turn).
Phase PhaseAfter(const BattleState& s, Side side) {
  if (NextToAct(s, side) != nullptr) return s.clock.phase;
  return side == Side::kBritish ? Phase::kActivation : Phase::kEndOfTurn;
}

// One figure of `u` lost.
void LoseFigure(Unit& u) {
  if (u.figures.fit <= 0) return;
  --u.figures.fit;
  ++u.figures.casualties;
}

Action Make(ActionKind kind, const Unit& unit, const Unit* target) {
  Action a;
  a.kind = kind;
  a.unit_id = unit.id;
  if (target != nullptr) a.target_id = target->id;
  return a;
}

// The unit `id` of `side`, in play; INVALID_ARGUMENT naming `path` if not.
absl::StatusOr<Unit*> UnitInPlay(BattleState& s, const SharedString& id, Side side, const std::string& path) {
  Unit* u = s.FindUnit(id);
  if (u == nullptr) return Bad(path, absl::StrCat("no unit '", id.str(), "'"));
  if (u->side != side) return Bad(path, absl::StrCat(id.str(), " is not on that side"));
  if (!u->OnTable() || u->figures.Present() == 0) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": ", id.str(), " is out of play"));
  }
  return u;
}

// A d6 against `need`, logged as the event of `unit` acting on `target`.
bool Roll(Dice& dice, EventLog& log, EventKind kind, Side side, const Unit& unit, const Unit& target,
          int need, const char* section, bool decision, const std::string& why) {
  const size_t mark = dice.rolls().size();
  const int face = dice.Roll(6, absl::StrCat(unit.id.str(), " against ", target.id.str()));
  const bool hit = face >= need;
  if (log.wanted()) {
    Event& e = log.Add(kind, side);
    e.unit_ids = {unit.id.str()};
    e.target_id = target.id.str();
    e.decision = decision;
    e.why.rule.source = kSource;
    e.why.rule.section = section;
    e.why.rule.row = absl::StrCat(need, "+ on a d6");
    e.why.dice = dice.RollsSince(mark);
    e.why.text = absl::StrCat("d6 rolled ", face, hit ? ": a hit" : ": a miss", why.empty() ? "" : "; ", why);
  }
  return hit;
}

}  // namespace

absl::Status ToyRuleset::Validate(const BattleState& s) const {
  for (size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    const std::string path = absl::StrCat("state.units[", i, "]");
    if (u.side == Side::kBritish && u.kind != UnitKind::kInfantry) {
      return Bad(path + ".kind", "a British unit of the toy is INFANTRY");
    }
    if (u.side == Side::kZulu && u.kind != UnitKind::kRegiment) {
      return Bad(path + ".kind", "a Zulu unit of the toy is a REGIMENT");
    }
  }
  switch (s.clock.phase) {
    case Phase::kFire: case Phase::kActivation: case Phase::kEndOfTurn: case Phase::kGameOver: break;
    default: return Bad("state.clock.phase", "the toy plays FIRE, ACTIVATION, END_OF_TURN or GAME_OVER");
  }
  if (s.clock.turn < 1) return Bad("state.clock.turn", "is at least 1");
  return absl::OkStatus();
}

Awaiting ToyRuleset::Awaits(const BattleState& s) const {
  Awaiting a;
  if (IsOver(s)) {
    a.kind = AwaitKind::kGameOver;
    a.prompt = "The skirmish is over.";
    return a;
  }
  if (s.clock.phase == Phase::kFire) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishFire;
    a.prompt = "British fire: each company FIREs at a Zulu regiment, or PASSes, in turn.";
    for (const Unit* u : InPlayOf(s, Side::kBritish)) {
      if (!u->status.acted) a.unit_ids.push_back(u->id);
    }
  } else if (s.clock.phase == Phase::kActivation) {
    a.side = Side::kZulu;
    a.kind = AwaitKind::kZuluDecision;
    a.prompt = "The Zulus decide whom each regiment charges.";
    for (const Unit* u : InPlayOf(s, Side::kZulu)) {
      if (!u->status.acted) a.unit_ids.push_back(u->id);
    }
  } else {
    a.kind = AwaitKind::kUmpire;
  }
  return a;
}

std::vector<Action> ToyRuleset::LegalActions(const BattleState& s, Side side) const {
  const Awaiting a = Awaits(s);
  if (a.side != side || side == Side::kUnspecified) return {};
  const Side other = side == Side::kZulu ? Side::kBritish : Side::kZulu;
  const std::vector<const Unit*> mine = InPlayOf(s, side);
  if (mine.empty()) return {};
  const Unit* next = NextToAct(s, side);
  if (next == nullptr) return {};
  std::vector<Action> out;
  const ActionKind kind = side == Side::kZulu ? ActionKind::kCharge : ActionKind::kFire;
  for (const Unit* t : InPlayOf(s, other)) out.push_back(Make(kind, *next, t));
  out.push_back(Make(ActionKind::kPass, *next, nullptr));
  return out;
}

absl::Status ToyRuleset::Apply(BattleState& s, Side side, const Action& action, Dice& dice, EventLog& log,
                               const std::string& path, const std::string& why) const {
  const Awaiting a = Awaits(s);
  if (a.side != side || side == Side::kUnspecified) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": that side is not awaited"));
  }
  const bool zulu = side == Side::kZulu;
  const ActionKind kind = zulu ? ActionKind::kCharge : ActionKind::kFire;
  if (action.kind != kind && action.kind != ActionKind::kPass) {
    return Bad(path + ".kind", zulu ? "the Zulus CHARGE or PASS" : "the British FIRE or PASS");
  }
  absl::StatusOr<Unit*> unit = UnitInPlay(s, action.unit_id, side, path + ".unit_id");
  if (!unit.ok()) return unit.status();
  const Unit* next = NextToAct(s, side);
  if (next == nullptr || *unit != s.FindUnit(next->id)) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ".unit_id: the first unit of the side in play that has not acted acts"));
  }
  (*unit)->status.acted = true;
  if (action.kind == ActionKind::kPass) {
    if (zulu && log.wanted()) {
      Event& e = log.Add(EventKind::kNothing, Side::kZulu);
      e.unit_ids = {action.unit_id.str()};
      e.decision = true;
      e.why.rule.source = kSource;
      e.why.rule.section = "The Zulu charge";
      e.why.text = absl::StrCat("no charge", why.empty() ? "" : "; ", why);
    }
    s.clock.phase = PhaseAfter(s, side);
    return absl::OkStatus();
  }
  absl::StatusOr<Unit*> target = UnitInPlay(s, action.target_id, zulu ? Side::kBritish : Side::kZulu,
                                        path + ".target_id");
  if (!target.ok()) return target.status();
  Unit& u = **unit;
  Unit& t = **target;
  if (zulu) {
    // The charge: on 4 or more the company loses a figure, else the regiment.
    const bool hit = Roll(dice, log, EventKind::kCharged, side, u, t, 4, "The Zulu charge", true, why);
    LoseFigure(hit ? t : u);
    s.clock.phase = PhaseAfter(s, side);
  } else {
    // The volley: on 5 or more the regiment loses a figure.
    if (Roll(dice, log, EventKind::kFired, side, u, t, 5, "The British volley", false, why)) LoseFigure(t);
    s.clock.phase = PhaseAfter(s, side);
  }
  return absl::OkStatus();
}

absl::Status ToyRuleset::Run(BattleState& s, Dice& dice, EventLog& log) const {
  (void)dice;
  if (s.clock.phase != Phase::kEndOfTurn || IsOver(s)) return absl::OkStatus();
  ++s.clock.turn;
  s.clock.phase = Phase::kFire;
  for (Unit& u : s.units) u.status.acted = false;
  if (log.wanted()) {
    Event& e = log.Add(EventKind::kTurnStarted, Side::kUnspecified);
    e.why.rule.source = kSource;
    e.why.rule.section = "The turn";
    e.why.text = absl::StrCat("turn ", s.clock.turn);
  }
  return absl::OkStatus();
}

absl::Status ToyRuleset::Ask(BattleState& s, const Question& question, Dice& dice, EventLog& log,
                             int* decision) const {
  (void)s, (void)dice, (void)log, (void)decision;
  return absl::FailedPreconditionError(absl::StrCat(
      std::string(question.field()), ": the toy has no decision points of its own (ask next_decision)"));
}

bool ToyRuleset::IsOver(const BattleState& s) const {
  return s.clock.phase == Phase::kGameOver || s.clock.turn > kTurns || FiguresOf(s, Side::kZulu) == 0 ||
         FiguresOf(s, Side::kBritish) == 0;
}

double ToyRuleset::Score(const BattleState& s, Side side) const {
  const double zulu_view = [&] {
    if (FiguresOf(s, Side::kBritish) == 0) return 1.0;
    if (FiguresOf(s, Side::kZulu) == 0) return -1.0;
    // The share of the British lost less the Zulus': after the last turn,
    // the side with the smaller share lost wins.
    const int b = StartOf(s, Side::kBritish), z = StartOf(s, Side::kZulu);
    const double margin = (b > 0 ? 1.0 - FiguresOf(s, Side::kBritish) / double(b) : 0.0) -
                          (z > 0 ? 1.0 - FiguresOf(s, Side::kZulu) / double(z) : 0.0);
    if (!IsOver(s)) return margin;
    return margin > 1e-9 ? 1.0 : margin < -1e-9 ? -1.0 : 0.0;
  }();
  return side == Side::kZulu ? zulu_view : -zulu_view;
}

absl::StatusOr<BattleState> ToyRuleset::Scenario(std::string_view name) const {
  if (name != "skirmish") return Ruleset::Scenario(name);
  BattleState s;
  s.ruleset = kRulesetId;
  s.scenario = "skirmish";
  s.scale = Scale::kSkirmish;
  s.table.width = 24;
  s.table.height = 24;
  s.clock.turn = 1;
  s.clock.phase = Phase::kFire;
  auto add = [&s](const char* id, Side side, UnitKind kind, int figures, double x, double y) {
    Unit& u = s.units.emplace_back();
    u.id = SharedString(id);
    u.name = SharedString(id);
    u.side = side;
    u.kind = kind;
    u.figures.fit = figures;
    u.position = Vec2(x, y);
  };
  add("b1", Side::kBritish, UnitKind::kInfantry, 16, 8, 4);
  add("b2", Side::kBritish, UnitKind::kInfantry, 16, 16, 4);
  add("z1", Side::kZulu, UnitKind::kRegiment, 30, 8, 20);
  add("z2", Side::kZulu, UnitKind::kRegiment, 30, 16, 20);
  return s;
}

namespace {

// The option whose target has the fewest (or the most) figures; the PASS
// where no target is offered.
int PickByTarget(const BattleState& s, const std::vector<Action>& options, bool fewest) {
  int best = static_cast<int>(options.size()) - 1;
  int best_figures = -1;
  for (size_t i = 0; i < options.size(); ++i) {
    const Unit* t = options[i].target_id.empty() ? nullptr : s.FindUnit(options[i].target_id);
    if (t == nullptr) continue;
    const int n = t->figures.Present();
    if (best_figures < 0 || (fewest ? n < best_figures : n > best_figures)) {
      best = static_cast<int>(i);
      best_figures = n;
    }
  }
  return best;
}

}  // namespace

int ToyZuluRules::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                         std::string* why) {
  (void)dice;
  if (why != nullptr) *why = "the company with the fewest figures";
  return PickByTarget(state, options, /*fewest=*/true);
}

int ToyBritishRules::Choose(const BattleState& state, const std::vector<Action>& options, Dice& dice,
                            std::string* why) {
  (void)dice;
  if (why != nullptr) *why = "the regiment with the most figures";
  return PickByTarget(state, options, /*fewest=*/false);
}

}  // namespace impi::toy
