#include "engine/rulesets/tsatf/zulu_control.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "engine/rulesets/tsatf/footprint.h"
#include "engine/rulesets/tsatf/tables.h"
#include "engine/rulesets/tsatf/victory.h"

namespace impi::tsatf {
namespace {

constexpr double kSkirmishStandoff = 4.0;  // "remain at 1" from its target" (centre to centre)
constexpr double kRifleRange = 24.0;       // designed: rifle range of a rifle-armed regiment
constexpr double kSpearRange = 4.0;        // designed: thrown spears
constexpr double kFallBack = 6.0;          // designed: a skirmisher that fails to stand falls back
// SKIRMISHING ZULU REGIMENTS, Notes, as printed: the skirmishers' own rows.
constexpr char kRowSkirmishersTowards[] =
    "will always move 3 dice towards the nearest British unit";
constexpr char kRowSkirmishersRound[] =
    "It will remain at 1\" from its target unit but will move during the turn on a Zulu move card "
    "3 D6 in the direction of it's hand";

Explanation Rule(const std::string& section, const std::string& text,
                 const std::string& table = "", const std::string& row = "") {
  Explanation e;
  e.rule.source = kSource;
  e.rule.section = section;
  e.rule.table = table;
  e.rule.row = row;
  e.text = text;
  return e;
}

std::string Inches(double d) { return absl::StrFormat("%.1f\"", d); }
// "1 regiment", "4 regiments".
std::string Count(int n, const std::string& noun) {
  return absl::StrCat(n, " ", noun, n == 1 ? "" : "s");
}
std::string At(const Vec2& p) { return absl::StrFormat("(%.1f, %.1f)", p.x(), p.y()); }

bool IsForce(const Unit& u) {
  return u.side == Side::kZulu && (u.kind == UnitKind::kImpi || u.kind == UnitKind::kSkirmishers);
}
bool IsBritishOnTable(const Unit& u) {
  return u.side == Side::kBritish && u.OnTable() && u.figures.Present() > 0;
}
bool IsCavalry(const Unit& u) {
  return u.kind == UnitKind::kCavalry || u.kind == UnitKind::kMountedInfantry ||
         u.kind == UnitKind::kNativeHorse;
}

Vec2 Perp(const Vec2& v) { return Vec2(-v.y(), v.x()); }  // 90 degrees anticlockwise

double DistanceToPolyline(const Vec2& p, const std::vector<Vec2>& line) {
  if (line.size() == 1) return Distance(p, line[0]);
  double best = 1e300;
  for (size_t i = 0; i + 1 < line.size(); ++i) {
    Vec2 a = line[i], b = line[i + 1];
    Vec2 ab = b - a;
    double len2 = ab.squaredNorm();
    double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    best = std::min(best, Distance(p, a + t * ab));
  }
  return best;
}

// The appearance points that may still generate (not SPENT or OCCUPIED).
std::vector<int> OpenAppearancePoints(const BattleState& s) {
  std::vector<int> numbers;
  for (const Point& p : s.points) {
    if (p.kind == PointKind::kAppearance && !p.Exhausted()) numbers.push_back(p.number);
  }
  return numbers;
}

void AddUnique(std::vector<std::string>& v, const std::string& id) {
  if (std::find(v.begin(), v.end(), id) == v.end()) v.push_back(id);
}

}  // namespace

bool CountsInPool(const Unit& u) {
  return u.side == Side::kZulu &&
         (u.kind == UnitKind::kRegiment || u.kind == UnitKind::kSkirmishers ||
          u.kind == UnitKind::kRifleRegiment);
}

// ---------------------------------------------------------------------------
// Counts the tables depend on.

int ZuluControl::ImpisOnOrMarked() const {
  int n = 0;
  for (const Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.kind == UnitKind::kImpi && u.OnTable()) ++n;
  }
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.marker != Marker::kNone &&
        p.marked_force != ForceKind::kSkirmishers) {
      ++n;
    }
  }
  return n;
}

int ZuluControl::SkirmishersOnTable() const {
  int n = 0;
  for (const Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.kind == UnitKind::kSkirmishers && u.OnTable()) ++n;
  }
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.marker != Marker::kNone &&
        p.marked_force == ForceKind::kSkirmishers) {
      ++n;
    }
  }
  return n;
}

bool ZuluControl::RifleOnTable() const {
  for (const Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.kind == UnitKind::kRifleRegiment && u.OnTable()) return true;
  }
  return false;
}

TsatfState& ZuluControl::own() const { return MutableOwnState(s_); }

Deck& ZuluControl::deck() const { return MutableDeck(s_); }

TsatfUnit& ZuluControl::U(const std::string& unit_id) const { return MutableUnitState(s_, unit_id); }

int ZuluControl::Available() const {
  return std::max(0, std::min(own().force_pool,
                              own().scenario_total - own().committed));
}

int ZuluControl::StandTarget() const {
  return static_cast<int>(s_.ParameterOr(kStandTargetParam, kDefaultStandTarget));
}
int ZuluControl::CriticalTarget() const {
  return static_cast<int>(s_.ParameterOr(kCriticalMoraleTargetParam, kDefaultCriticalMoraleTarget));
}

Event& ZuluControl::Decision(EventKind kind, const Explanation& why) {
  Event& e = log_.Add(kind, Side::kZulu);
  e.why = why;
  e.decision = true;
  return e;
}

// ---------------------------------------------------------------------------
// Awaiting and the turn sequence.

Awaiting ZuluControl::AwaitsWith(bool prompt) const {
  Awaiting a;
  const Clock& c = s_.clock;
  bool british_left = false;
  for (const Unit& u : s_.units) british_left |= IsBritishOnTable(u);
  if (c.phase == Phase::kGameOver || (!british_left && c.turn > 0) ||
      (c.turn > 0 && PatrolDecided(s_))) {
    a.kind = AwaitKind::kGameOver;
    if (!prompt) return a;
    // Designed (not in the source text): the patrol task (victory.h).
    if (HasPatrolTask(s_)) {
      a.prompt = absl::StrCat("The game is over. ", JudgePatrol(s_, true).text);
    } else if (british_left) {
      a.prompt = absl::StrCat("The game is over: turn ", c.turn, " was the last (the turn limit).");
    } else {
      a.prompt = "The game is over: no British unit is left on the table.";
    }
    return a;
  }
  auto british_ids = [&](bool need_unacted, bool need_unfired) {
    std::vector<SharedString> ids;
    ids.reserve(s_.units.size());
    for (const Unit& u : s_.units) {
      if (!IsBritishOnTable(u)) continue;
      if (need_unacted && u.status.acted) continue;
      if (need_unfired && u.status.fired) continue;
      // A unit in close combat does not walk away from it (designed: the
      // TSATF core rules are not in the text): it fights it out.
      if (need_unacted && u.status.in_close_combat) continue;
      ids.push_back(u.id);
    }
    return ids;
  };
  const Deck& deck = DeckOf(s_);
  if (c.phase == Phase::kMovement && deck.current_card == CardColor::kRed) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishMove;
    a.units_may_move = deck.british_moves_left;
    a.unit_ids = british_ids(true, false);
    if (a.unit_ids.empty() || a.units_may_move == 0) a.unit_ids.clear();
    if (!prompt) return a;
    int card = kCardsPerColour - deck.red_left;
    a.prompt = absl::StrCat("Turn ", c.turn, ", movement: red card ", card, " of ", kCardsPerColour, ".");
    if (a.unit_ids.empty() || a.units_may_move == 0) {
      absl::StrAppend(&a.prompt, a.units_may_move == 0
                                     ? " Movement limitation: no more British units may move on this last British card"
                                     : " No British unit is left to move",
                      ": PASS.");
      return a;
    }
    absl::StrAppend(&a.prompt, " Move British units that have not moved (MOVE or CHARGE), then PASS.");
    if (a.units_may_move > 0) {
      absl::StrAppend(&a.prompt, " Movement limitation: only ", Count(a.units_may_move, "more unit"),
                      " may move on this last British card.");
    }
    return a;
  }
  if (c.phase == Phase::kFire && deck.current_card == CardColor::kRed) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishFire;
    a.unit_ids = british_ids(false, true);
    if (!prompt) return a;
    a.prompt = absl::StrCat("Turn ", c.turn, ", fire: red card ", kCardsPerColour - deck.red_left,
                            " of ", kCardsPerColour,
                            Resolving() ? ". British units fire (FIRE at a target: the engine rolls the hits), then PASS."
                                        : ". British units fire (FIRE with the hits scored), then PASS.");
    return a;
  }
  if (c.phase == Phase::kCloseCombat) {
    a.side = Side::kBritish;
    a.kind = AwaitKind::kBritishCloseCombat;
    std::vector<std::string> fights;
    for (const Unit& u : s_.units) {
      if (u.status.in_close_combat && u.OnTable()) a.unit_ids.push_back(u.id);
      if (!prompt || !u.status.in_close_combat || !IsBritishOnTable(u)) continue;
      std::vector<std::string> foes;
      for (const Unit* z : CloseCombatFoes(s_, u)) foes.push_back(z->id);
      fights.push_back(foes.empty() ? absl::StrCat(u.id.str(), " (no Zulu unit in reach)")
                                    : absl::StrCat(u.id.str(), " against ", absl::StrJoin(foes, ", ")));
    }
    if (!prompt) return a;
    a.prompt = absl::StrCat("Turn ", c.turn, ", close combat: ", absl::StrJoin(fights, "; "), ". ");
    absl::StrAppend(&a.prompt,
                    Resolving()
                        ? "Each British unit in it fights (CLOSE_COMBAT_RESULT with its unit_id: the "
                          "engine rolls); PASS fights the rest and ends the phase."
                        : "Resolve the fights at the table, report each with CLOSE_COMBAT_RESULT (or "
                          "CHARGE), then PASS.");
    return a;
  }
  a.side = Side::kZulu;
  a.kind = AwaitKind::kUmpire;
  if (prompt) a.prompt = "The umpire plays the Zulu side next.";
  return a;
}

void ZuluControl::StartPhase(Phase phase) {
  Clock& c = s_.clock;
  c.phase = phase;
  deck().red_left = kCardsPerColour;
  deck().black_left = kCardsPerColour;
  deck().zulu_cards_drawn = 0;
  deck().current_card = CardColor::kUnspecified;
  deck().british_moves_left = -1;
  for (Unit& u : s_.units) {
    if (phase == Phase::kMovement) u.status.acted = false;
    if (phase == Phase::kFire) u.status.fired = false;
  }
  Event& e = log_.Add(EventKind::kPhaseStarted, Side::kUnspecified);
  const char* name = phase == Phase::kMovement ? "Movement"
                     : phase == Phase::kFire   ? "Fire"
                                               : "Close combat";
  e.announce = absl::StrCat("Turn ", c.turn, ": ", name, " phase.");
  if (phase != Phase::kCloseCombat) {
    absl::StrAppend(&e.announce, " The deck is shuffled: 3 red and 3 black cards.");
  }
}

absl::Status ZuluControl::RunZulu(Awaiting* awaiting) {
  for (int guard = 0; guard < 10000; ++guard) {
    Awaiting a = AwaitsBrief();
    if (a.kind != AwaitKind::kUmpire) {
      if (a.kind == AwaitKind::kGameOver) a = Awaits();  // its prompt is announced
      SettleZulus();
      if (a.kind == AwaitKind::kGameOver && s_.clock.phase != Phase::kGameOver) {
        s_.clock.phase = Phase::kGameOver;
        log_.Add(EventKind::kAwaiting, Side::kUnspecified).announce = a.prompt;
      }
      *awaiting = a;
      return absl::OkStatus();
    }
    Clock& c = s_.clock;
    SettleZulus();
    switch (c.phase) {
      case Phase::kUnspecified:
      case Phase::kStartOfTurn:
        IMPI_RETURN_IF_ERROR(StartOfTurn());
        break;
      case Phase::kMovement: {
        if (deck().red_left + deck().black_left == 0) {
          IMPI_RETURN_IF_ERROR(TestPointsWhereTheBritishRemain());
          StartPhase(Phase::kFire);
          break;
        }
        bool awaits_british = false;
        IMPI_RETURN_IF_ERROR(DrawMovementCard(&awaits_british));
        break;
      }
      case Phase::kFire: {
        if (deck().red_left + deck().black_left == 0) {
          bool fighting = false;
          for (const Unit& u : s_.units) fighting |= (u.status.in_close_combat && u.OnTable());
          if (fighting) {
            StartPhase(Phase::kCloseCombat);
          } else {
            c.phase = Phase::kEndOfTurn;
          }
          break;
        }
        bool awaits_british = false;
        IMPI_RETURN_IF_ERROR(DrawFireCard(&awaits_british));
        break;
      }
      case Phase::kEndOfTurn:
        IMPI_RETURN_IF_ERROR(EndOfTurn());
        break;
      default:
        return absl::FailedPreconditionError(
            "state.clock.phase: this phase is not part of the Zulu Control turn");
    }
    if (!dice_.status().ok()) return dice_.status();
  }
  return absl::InternalError("the turn sequence did not reach a British decision");
}

absl::Status ZuluControl::EndOfTurn() {
  for (Unit& u : s_.units) u.status.in_close_combat = false;
  // Designed (not in the source text): the scenario's turn limit (victory.h).
  const int limit = TurnLimit(s_);
  if (limit > 0 && s_.clock.turn >= limit) {
    s_.clock.phase = Phase::kGameOver;
    Event& e = log_.Add(EventKind::kAwaiting, Side::kUnspecified);
    e.why = Rule(kSectionVictory, absl::StrCat("Turn ", s_.clock.turn, " was the last (",
                                               kTurnLimitParam, ")."));
    e.why.rule.designed = true;
    e.announce = Awaits().prompt;
    return absl::OkStatus();
  }
  s_.clock.turn = std::max(1, s_.clock.turn) + 1;
  s_.clock.phase = Phase::kStartOfTurn;
  return absl::OkStatus();
}

// AT START OF TURN.
absl::Status ZuluControl::StartOfTurn() {
  Clock& c = s_.clock;
  if (c.turn < 1) c.turn = 1;
  Event& t = log_.Add(EventKind::kTurnStarted, Side::kUnspecified);
  t.announce = absl::StrCat("Turn ", c.turn, " begins.");
  for (auto& [id, x] : own().units) {
    x.fired_on_by_last_turn = std::move(x.fired_on_by_this_turn);
    x.fired_on_by_this_turn.clear();
    x.losses_this_turn = 0;
  }
  for (Unit& u : s_.units) {
    u.status.acted = false;
    u.status.fired = false;
  }
  // Designed (not in the source text): a pinned unit recovers at the start
  // of the next turn; ZULU MORALE: "it will move to rejoin its Impi. If its
  // Impi has been destroyed the unit will become a small Impi by itself."
  std::vector<std::string> recovered;
  for (Unit& u : s_.units) {
    if (u.side == Side::kZulu && u.status.pinned && u.OnTable()) recovered.push_back(u.id);
  }
  for (const std::string& id : recovered) {
    Unit* u = s_.FindUnit(id);
    u->status.pinned = false;
    Explanation why = Rule("ZULU MORALE",
                           absl::StrCat(id, " recovers (designed: a pinned unit recovers at the "
                                            "start of the next turn)."));
    why.rule.designed = true;
    if (u->kind == UnitKind::kRegiment) {
      Unit* impi = s_.FindUnit(u->parent);
      if (impi != nullptr && impi->OnTable()) {
        u->position = FreeGround(s_, impi->position + Vec2(kRegimentSpacing, 0.0),
                                 {{Vec2::Zero(), FootprintOf(u->kind).Radius()}}, "", {id});
        RecenterImpi(impi->id);
        why.text += absl::StrCat(" It rejoins its impi ", impi->id.str(), ".");
        Event& e = Decision(EventKind::kRejoined, why);
        e.unit_ids = {id, impi->id};
      } else {
        // A small impi by itself, with the nearest British unit as target.
        std::string impi_id = s_.NewUnitId("z");
        Unit g;
        g.id = impi_id;
        g.side = Side::kZulu;
        g.kind = UnitKind::kImpi;
        g.name = absl::StrCat("small impi of ", id);
        g.position = u->position;
        U(g.id).created_turn = c.turn;
        u->parent = impi_id;
        s_.units.push_back(g);
        why.text += absl::StrCat(" Its impi is gone: it becomes the small impi ", impi_id, ".");
        Event& e = Decision(EventKind::kUnitConverted, why);
        e.unit_ids = {id, impi_id};
        IMPI_RETURN_IF_ERROR(AssignHand(impi_id));
        IMPI_RETURN_IF_ERROR(UpdateTarget(impi_id, 0.0));
      }
    } else {
      Event& e = Decision(EventKind::kRejoined, why);
      e.unit_ids = {id};
    }
  }
  // "Remove all "Next turn" markers at Perimeter points and replace them with
  // "this turn" markers."
  for (Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.marker == Marker::kNextTurn) {
      p.marker = Marker::kThisTurn;
      Event& e = log_.Add(EventKind::kMarkerAdvanced, Side::kZulu);
      e.point = p.number;
      e.point_kind = PointKind::kPerimeter;
      e.why = Rule("AT START OF TURN",
                   absl::StrCat("The \"next turn\" marker at perimeter point ", p.number,
                                " becomes a \"this turn\" marker."));
      e.announce = absl::StrCat("A Zulu force will enter at perimeter point ", p.number,
                                " during movement this turn.");
    }
  }
  // "At the start of each turn after the second turn ... If there are less
  // than 4 Impis on or already marked to come on, roll on ... Random chance
  // table-edge."
  if (c.turn > 2) {
    int impis = ImpisOnOrMarked();
    if (impis < 4) {
      IMPI_RETURN_IF_ERROR(TableEdge());
    } else {
      Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
      e.umpire_only = true;
      e.why = Rule("AT START OF TURN",
                   absl::StrCat(impis, " impis on or marked to come on: no table-edge roll."));
    }
  }
  StartPhase(Phase::kMovement);
  return absl::OkStatus();
}

int ZuluControl::RollEntryPoint() {
  int entry = 0;
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.british_entry) entry = p.number;
  }
  Explanation why;
  for (int tries = 0; tries < 100; ++tries) {
    Explanation roll;
    int n = RollPerimeterPoint(dice_, entry, &roll);
    why.rule = roll.rule;
    why.dice.insert(why.dice.end(), roll.dice.begin(), roll.dice.end());
    const Point* p = s_.FindPoint(PointKind::kPerimeter, n);
    if (p != nullptr && p->marker == Marker::kNone) {
      why.text = absl::StrCat(roll.text, " Perimeter point ", n, ".");
      Event& e = Decision(EventKind::kTableRoll, why);
      e.point = n;
      e.point_kind = PointKind::kPerimeter;
      e.umpire_only = true;
      return n;
    }
    // Designed: one marker a point; a point already marked is re-rolled.
    if (!dice_.status().ok()) break;
  }
  return 0;
}

// RANDOM CHANCE FROM TABLE EDGE (PERIMETER POINT).
absl::Status ZuluControl::TableEdge() {
  Explanation why;
  TableEdgeResult r = RandomChanceTableEdge(dice_, ImpisOnOrMarked(), SkirmishersOnTable(), &why);
  Event& e = Decision(EventKind::kTableRoll, why);
  e.umpire_only = true;
  if (r == TableEdgeResult::kStatusQuo) return absl::OkStatus();
  if (Available() < 1) {
    Event& n = log_.Add(EventKind::kNothing, Side::kZulu);
    n.umpire_only = true;
    n.why = Rule("SCENARIO DESIGN",
                 "The force pool (or the scenario total) allows no more Zulu units: no force "
                 "is marked.");
    return absl::OkStatus();
  }
  int point = RollEntryPoint();
  if (point == 0) return absl::OkStatus();
  Point* p = s_.FindPoint(PointKind::kPerimeter, point);
  p->marker = Marker::kNextTurn;
  p->marked_force = r == TableEdgeResult::kImpi ? ForceKind::kImpi : ForceKind::kSkirmishers;
  Event& m = log_.Add(EventKind::kMarkerPlaced, Side::kZulu);
  m.point = point;
  m.point_kind = PointKind::kPerimeter;
  m.why = Rule("AT START OF TURN",
               absl::StrCat(r == TableEdgeResult::kImpi ? "An Impi" : "A skirmishing regiment",
                            " will enter at perimeter point ", point, " next turn."));
  m.announce = absl::StrCat("A Zulu force will enter at perimeter point ", point, " next turn.");
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Movement.

absl::Status ZuluControl::DrawMovementCard(bool* awaits_british) {
  Clock& c = s_.clock;
  CardColor card = dice_.DrawCard(deck().red_left, deck().black_left, "movement deck");
  Event& e = log_.Add(EventKind::kCardDrawn, Side::kUnspecified);
  if (card == CardColor::kRed) {
    --deck().red_left;
    deck().current_card = CardColor::kRed;
    deck().british_moves_left = -1;
    e.side = Side::kBritish;
    e.announce = absl::StrCat("Red card (British move), ", kCardsPerColour - deck().red_left, " of ",
                              kCardsPerColour, ".");
    if (deck().red_left == 0) {
      // Glossary: "Movement Limitation - On the last British move card, only a
      // D6 of units may move."
      int d = dice_.Roll(6, "Movement limitation (last British card)");
      deck().british_moves_left = d;
      Explanation why = Rule("Movement Limitation",
                             absl::StrCat("D6 rolled ", d, ": only ", d,
                                          " British unit(s) may move on the last British card."),
                             "Movement Limitation", "a D6 of units may move");
      if (!dice_.rolls().empty()) why.dice.push_back(dice_.rolls().back());
      Event& m = log_.Add(EventKind::kTableRoll, Side::kBritish);
      m.why = why;
      m.announce = why.text;
    }
    *awaits_british = true;
    return absl::OkStatus();
  }
  --deck().black_left;
  ++deck().zulu_cards_drawn;
  deck().current_card = CardColor::kUnspecified;
  e.side = Side::kZulu;
  e.announce = absl::StrCat("Black card (Zulu move), ", deck().zulu_cards_drawn, " of ",
                            kCardsPerColour, ".");
  *awaits_british = false;
  return ZuluMoveCard(deck().black_left == 0);
}

// DURING MOVEMENT: "When a Zulu movement card is drawn, test each Impi to see
// if it moves ... Any Zulu units or Impis that did not move during the first
// two cards will move during the last Zulu card."
absl::Status ZuluControl::ZuluMoveCard(bool last_card) {
  std::vector<std::string> forces;
  for (const Unit& u : s_.units) {
    if (ZuluCardRefusal(u) == nullptr) forces.push_back(u.id);
  }
  for (const std::string& id : forces) {
    const Unit* u = s_.FindUnit(id);
    if (u == nullptr || u->status.acted) continue;
    bool now = last_card;
    if (!last_card) IMPI_RETURN_IF_ERROR(MoveTest(id, 0, &now));
    if (now) IMPI_RETURN_IF_ERROR(MoveForce(id));
  }
  std::vector<int> markers;
  for (const Point& p : s_.points) {
    if (p.kind == PointKind::kPerimeter && p.marker == Marker::kThisTurn) markers.push_back(p.number);
  }
  for (int number : markers) {
    bool now = last_card;
    if (!last_card) IMPI_RETURN_IF_ERROR(MoveTest("", number, &now));
    if (now) IMPI_RETURN_IF_ERROR(EnterMarker(number));
  }
  return absl::OkStatus();
}

absl::Status ZuluControl::MoveTest(const std::string& unit_id, int perimeter_point, bool* now) {
  std::string what = unit_id.empty()
                         ? absl::StrCat("the \"this turn\" marker at perimeter point ", perimeter_point)
                         : unit_id;
  Explanation why;
  *now = MoveNow(dice_, what, &why);
  Event& e = Decision(EventKind::kMoveTest, why);
  e.umpire_only = true;
  if (!unit_id.empty()) e.unit_ids = {unit_id};
  if (perimeter_point > 0) {
    e.point = perimeter_point;
    e.point_kind = PointKind::kPerimeter;
  }
  return absl::OkStatus();
}

const char* ZuluControl::ZuluCardRefusal(const Unit& u) const {
  if (!IsForce(u)) return "is not an impi or a skirmishing regiment: only they test and move on Zulu move cards";
  if (!u.OnTable()) return "is not on the table";
  if (u.status.acted) return "has moved this turn";
  if (u.status.pinned) return "is pinned";
  if (u.status.in_close_combat) return "is locked in close combat";
  if (!HasFreeRegiment(u)) return "has no regiment free to move: every one is pinned or locked in close combat";
  return nullptr;
}

bool ZuluControl::HasFreeRegiment(const Unit& force) const {
  if (force.kind != UnitKind::kImpi) return true;
  for (const Unit& u : s_.units) {
    if (u.parent == force.id && u.kind == UnitKind::kRegiment && u.OnTable() && !u.status.pinned &&
        !u.status.in_close_combat) {
      return true;
    }
  }
  return false;
}

void ZuluControl::RecenterImpi(const std::string& impi_id) {
  Unit* impi = s_.FindUnit(impi_id);
  if (impi == nullptr) return;
  Vec2 sum = Vec2::Zero();
  int n = 0;
  for (const Unit& u : s_.units) {
    // ZULU MORALE: a pinned regiment is apart from its impi until it recovers
    // and "will move to rejoin its Impi".
    if (u.parent == impi_id && u.kind == UnitKind::kRegiment && u.OnTable() && !u.status.pinned) {
      sum += u.position;
      ++n;
    }
  }
  if (n > 0) impi->position = sum / n;
}

void ZuluControl::TranslateForce(Unit& force, const Vec2& wanted) {
  std::string id = force.id;
  // A pinned regiment stays where it is (ZULU MORALE: it rejoins its impi
  // when it recovers), and so does one "locked" in a close combat (Facing
  // Direction).
  auto moves = [&](const Unit& u) {
    return u.parent == id && u.OnTable() && !u.status.pinned && !u.status.in_close_combat;
  };
  // The formation keeps its shape: the move stops where its first unit
  // would leave the table (designed), rather than squashing it on the edge.
  double lo_x = -1e300, hi_x = 1e300, lo_y = -1e300, hi_y = 1e300;
  for (const Unit& u : s_.units) {
    if (!moves(u)) continue;
    const double r = FootprintOf(u.kind).Radius();
    lo_x = std::max(lo_x, std::min(0.0, r - u.position.x()));
    hi_x = std::min(hi_x, std::max(0.0, s_.table.width - r - u.position.x()));
    lo_y = std::max(lo_y, std::min(0.0, r - u.position.y()));
    hi_y = std::min(hi_y, std::max(0.0, s_.table.height - r - u.position.y()));
  }
  const Vec2 delta(std::clamp(wanted.x(), std::min(lo_x, hi_x), std::max(lo_x, hi_x)),
                   std::clamp(wanted.y(), std::min(lo_y, hi_y), std::max(lo_y, hi_y)));
  force.position += delta;
  for (Unit& u : s_.units) {
    if (moves(u)) u.position += delta;
  }
  Unit* f = s_.FindUnit(id);
  f->position = ClampToTable(f->position, s_.table.width, s_.table.height);
}

std::vector<Obstacle> ZuluControl::ObstaclesFor(const Unit& mover,
                                                const std::string& target_id) const {
  std::vector<Obstacle> out;
  Vec2 start = mover.position;
  for (const Terrain& t : s_.terrain) {
    if (!t.impassable || t.outline.size() < 2) continue;
    if (!t.open && t.outline.size() >= 3 && PointInPolygon(start, t.outline)) continue;
    out.push_back(t.open ? Obstacle::Polyline(t.outline) : Obstacle::Polygon(t.outline));
  }
  for (const Unit& u : s_.units) {
    if (!u.OnTable() || u.id == mover.id || u.id == target_id || u.parent == mover.id) continue;
    if (u.kind == UnitKind::kImpi) continue;  // groups are their regiments
    if (u.side == Side::kBritish && u.figures.Present() <= 0) continue;
    if (Distance(u.position, start) < kRegimentRadius * 2) continue;  // already beside it
    out.push_back(Obstacle::Disc(u.position, kRegimentRadius));
  }
  return out;
}

std::vector<const Unit*> ZuluControl::VisibleBritish(const Vec2& from) const {
  std::vector<const Unit*> out;
  for (const Unit& u : s_.units) {
    if (!IsBritishOnTable(u)) continue;
    if (ClearSight(s_, from, u.position)) out.push_back(&u);  // british_resolution.h
  }
  return out;
}

// "The target unit is always the nearest British unit ... If there are two
// British units equally distant, the umpire may dice for the target.
// Red-coated units will be given priority over non red-coats."
std::string ZuluControl::NearestBritish(const Vec2& from, bool visible_only, Explanation* why) {
  std::vector<const Unit*> candidates;
  if (visible_only) {
    candidates = VisibleBritish(from);
  } else {
    for (const Unit& u : s_.units) {
      if (IsBritishOnTable(u)) candidates.push_back(&u);
    }
  }
  *why = Rule("IMPI CREATION", "No British unit in sight.");
  if (candidates.empty()) return "";
  std::stable_sort(candidates.begin(), candidates.end(), [&](const Unit* a, const Unit* b) {
    return Distance(from, a->position) < Distance(from, b->position);
  });
  double d0 = Distance(from, candidates[0]->position);
  std::vector<const Unit*> ties;
  for (const Unit* u : candidates) {
    if (Distance(from, u->position) <= d0 + kTieInches) ties.push_back(u);
  }
  bool any_red = std::any_of(ties.begin(), ties.end(), [](const Unit* u) { return u->red_coat; });
  std::string text = absl::StrCat("The target is the nearest British unit: ");
  if (ties.size() > 1 && any_red) {
    std::vector<const Unit*> red;
    for (const Unit* u : ties) {
      if (u->red_coat) red.push_back(u);
    }
    if (red.size() < ties.size()) text += "red coats are given priority; ";
    ties = red;
  }
  const Unit* chosen = ties[0];
  if (ties.size() > 1) {
    if (ties.size() > 6) ties.resize(6);
    Explanation pick;
    std::vector<std::string> names;
    for (const Unit* u : ties) names.push_back(u->id);
    int i = PickAmong(dice_, static_cast<int>(ties.size()),
                      absl::StrCat("dice for the target among ", ties.size(), " equally distant"),
                      &pick, names);
    chosen = ties[i];
    why->dice = pick.dice;
    absl::StrAppend(&text, ties.size(), " equally distant units diced for (", pick.text, "); ");
  }
  absl::StrAppend(&text, chosen->id.str(), " at ", Inches(Distance(from, chosen->position)), ".");
  why->text = text;
  return chosen->id;
}

const char* ZuluControl::HandRefusal(const Unit& u) const {
  if (!IsForce(u)) return "is not an impi or a skirmishing regiment: the HAND is rolled for them only";
  if (!u.OnTable()) return "is not on the table";
  return nullptr;
}

const char* ZuluControl::AppearanceRefusal(const Point& p) {
  return p.Exhausted() ? "it will never generate anything else" : nullptr;
}

const char* ZuluControl::TargetRefusal(const Unit& u) const {
  if (u.side != Side::kZulu || u.kind != UnitKind::kImpi) return "is not an impi: only impis choose targets this way";
  if (!u.OnTable()) return "is not on the table";
  return nullptr;
}

const char* ZuluControl::TemptingRefusal(const Unit& tempting) const {
  return IsBritishOnTable(tempting) ? nullptr : "is not a British unit on the table: only they tempt an impi";
}

absl::Status ZuluControl::AssignHand(const std::string& unit_id) {
  Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  if (const char* no = HandRefusal(*u)) return absl::FailedPreconditionError(absl::StrCat(unit_id, " ", no));
  Explanation why;
  Hand hand = RollHand(dice_, unit_id, &why);
  u = s_.FindUnit(unit_id);
  U(u->id).hand = hand;
  Event& e = Decision(EventKind::kHandAssigned, why);
  e.unit_ids = {unit_id};
  e.umpire_only = true;
  return absl::OkStatus();
}

absl::Status ZuluControl::Tempt(const std::string& unit_id, const std::string& tempting_id) {
  Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  if (const char* no = TargetRefusal(*u)) return absl::FailedPreconditionError(absl::StrCat(unit_id, " ", no));
  const Unit* by = s_.FindUnit(tempting_id);
  if (by == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("tempting_unit_id: no unit '", tempting_id, "'"));
  }
  if (const char* no = TemptingRefusal(*by)) {
    return absl::FailedPreconditionError(absl::StrCat(tempting_id, " ", no));
  }
  // "+1 to the die roll if the tempting unit fired on the tempted Impi last
  // turn": a shot at any of the impi's regiments counts.
  bool fired = false;
  for (const Unit& x : s_.units) {
    if (x.id != unit_id && x.parent != unit_id) continue;
    const auto& v = U(x.id).fired_on_by_last_turn;
    fired |= std::find(v.begin(), v.end(), tempting_id) != v.end();
  }
  Explanation why;
  bool change = Temptation(dice_, fired, &why);
  u = s_.FindUnit(unit_id);
  std::string old = U(u->id).target_id;
  if (change) {
    U(u->id).target_id = tempting_id;
    const Unit* t = s_.FindUnit(tempting_id);
    if (t != nullptr) {
      U(u->id).last_known_target = t->position;
      U(u->id).has_last_known_target = true;
    }
  }
  why.text = absl::StrCat(unit_id, " is tempted by ", tempting_id, " away from ",
                          old.empty() ? "no target" : old, ": ", why.text);
  Event& e = Decision(change ? EventKind::kTargetChosen : EventKind::kTargetKept, why);
  e.unit_ids = {unit_id};
  e.target_id = U(u->id).target_id;
  e.umpire_only = true;
  if (!change) e.alternatives.push_back({absl::StrCat("change target to ", tempting_id), "the impi remained faithful"});
  return absl::OkStatus();
}

// IMPI CREATION: "The target will never change unless: the target unit is
// destroyed or moves off the table top; another British unit gets in the way;
// ... the Zulu unit is "tempted"" and NOTES ON ZULU MOVEMENT.
absl::Status ZuluControl::UpdateTarget(const std::string& unit_id, double move_distance) {
  Unit* f = s_.FindUnit(unit_id);
  if (f == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  if (const char* no = TargetRefusal(*f)) return absl::FailedPreconditionError(absl::StrCat(unit_id, " ", no));
  const Vec2 pos = f->position;
  const std::string old = U(f->id).target_id;
  const Unit* target = s_.FindUnit(old);
  bool target_gone = target == nullptr || !IsBritishOnTable(*target);

  auto choose = [&](const std::string& reason) {
    Explanation why;
    std::string id = NearestBritish(pos, true, &why);
    why.text = absl::StrCat(reason, " ", why.text);
    Unit* g = s_.FindUnit(unit_id);
    if (id.empty()) {
      Event& e = Decision(EventKind::kNothing, why);
      e.unit_ids = {unit_id};
      e.umpire_only = true;
      if (U(g->id).has_last_known_target) {
        e.why.rule.section = "NOTES ON ZULU MOVEMENT";
        e.why.text += " It will move towards the last known position of its target " +
                      At(U(g->id).last_known_target) + ".";
      } else {
        e.why.rule.section = "NOTES ON ZULU MOVEMENT";
        e.why.text += " It has no target and remains stationary till it sees a British unit.";
      }
      U(g->id).target_id.clear();
      return;
    }
    U(g->id).target_id = id;
    const Unit* t = s_.FindUnit(id);
    U(g->id).last_known_target = t->position;
    U(g->id).has_last_known_target = true;
    Event& e = Decision(EventKind::kTargetChosen, why);
    e.unit_ids = {unit_id};
    e.target_id = id;
    e.umpire_only = true;
  };

  if (target_gone) {
    choose(old.empty() ? std::string("New force:")
                       : absl::StrCat("Its target ", old, " is destroyed or has left the table."));
    return absl::OkStatus();
  }
  std::vector<const Unit*> visible = VisibleBritish(pos);
  bool target_visible = std::any_of(visible.begin(), visible.end(),
                                    [&](const Unit* u) { return u->id == old; });
  if (!target_visible) {
    if (!visible.empty()) {
      choose(absl::StrCat("It cannot see its target ", old, "; another British unit is in sight."));
    } else {
      Explanation why = Rule("NOTES ON ZULU MOVEMENT",
                             absl::StrCat("It cannot see its target ", old,
                                          " and no other British unit is in sight: it moves "
                                          "towards the last known position ",
                                          At(U(f->id).last_known_target), "."));
      Event& e = Decision(EventKind::kTargetKept, why);
      e.unit_ids = {unit_id};
      e.target_id = old;
      e.umpire_only = true;
    }
    return absl::OkStatus();
  }
  U(f->id).last_known_target = target->position;
  U(f->id).has_last_known_target = true;
  // "If another British unit gets in the way, it becomes the new target unit."
  const Unit* in_way = nullptr;
  for (const Unit& u : s_.units) {
    if (!IsBritishOnTable(u) || u.id == old) continue;
    if (GetsInTheWay(pos, target->position, u.position, kRegimentRadius * 2)) {
      if (in_way == nullptr || Distance(pos, u.position) < Distance(pos, in_way->position)) {
        in_way = &u;
      }
    }
  }
  if (in_way != nullptr) {
    Explanation why = Rule("IMPI CREATION",
                           absl::StrCat(in_way->id.str(), " gets in the way of ", unit_id, " and its target ",
                                        old, ": it becomes the new target."));
    std::string id = in_way->id;
    U(f->id).target_id = id;
    U(f->id).last_known_target = in_way->position;
    Event& e = Decision(EventKind::kTargetChosen, why);
    e.unit_ids = {unit_id};
    e.target_id = id;
    e.umpire_only = true;
    return absl::OkStatus();
  }
  // "If the target unit is not within 24" when the Impi moves and there is
  // another British unit within 24" the Impi will be tempted as above."
  double dt = Distance(pos, target->position);
  const Unit* tempting = nullptr;
  if (dt > kChargeRange) {
    for (const Unit* u : visible) {
      if (u->id == old || Distance(pos, u->position) > kChargeRange) continue;
      if (tempting == nullptr || Distance(pos, u->position) < Distance(pos, tempting->position)) {
        tempting = u;
      }
    }
  }
  // "If the Impi cannot reach the target unit while moving in the direction of
  // its hand and there is another British unit that could be reached in that
  // same move distance then the Impi will be tempted to change its target."
  // That is an impi that must go round something (an obstacle, another impi)
  // in the direction of its hand on this move, not one that merely falls
  // short on open ground.
  if (tempting == nullptr && move_distance > 0) {
    Path p = PathTowards(pos, target->position, move_distance, ObstaclesFor(*f, old),
                         U(f->id).hand == Hand::kRight ? Turn::kRight : Turn::kLeft, kContact);
    if (!p.reached && (p.detoured || p.blocked)) {
      for (const Unit* u : visible) {
        if (u->id == old || Distance(pos, u->position) - kContact > move_distance) continue;
        if (tempting == nullptr || Distance(pos, u->position) < Distance(pos, tempting->position)) {
          tempting = u;
        }
      }
    }
  }
  if (tempting != nullptr) return Tempt(unit_id, tempting->id);
  return absl::OkStatus();
}

absl::Status ZuluControl::MoveForce(const std::string& unit_id) {
  Unit* f = s_.FindUnit(unit_id);
  if (f == nullptr) return absl::InvalidArgumentError(absl::StrCat("unit_id: no unit '", unit_id, "'"));
  const bool skirmishers = f->kind == UnitKind::kSkirmishers;
  Turn hand = U(f->id).hand == Hand::kRight ? Turn::kRight : Turn::kLeft;

  if (skirmishers) {
    // SKIRMISHING ZULU REGIMENTS: "always move 3 dice towards the nearest
    // British unit ... It will remain at 1" from its target unit but will move
    // ... 3 D6 in the direction of it's hand. If blocked ... stationary."
    Explanation tw;
    std::string target_id = NearestBritish(f->position, true, &tw);
    f = s_.FindUnit(unit_id);
    U(f->id).target_id = target_id;
    Explanation why;
    int d = MoveDistance(dice_, false, unit_id, &why);
    why.rule.section = "SKIRMISHING ZULU REGIMENTS";
    why.rule.table = "SKIRMISHING ZULU REGIMENTS";
    why.rule.row = kRowSkirmishersTowards;
    why.dice.insert(why.dice.begin(), tw.dice.begin(), tw.dice.end());
    f = s_.FindUnit(unit_id);
    f->status.acted = true;
    Vec2 start = f->position;
    if (target_id.empty()) {
      why.text = absl::StrCat(unit_id, " sees no British unit: it stays where it is.");
      Event& e = Decision(EventKind::kNothing, why);
      e.unit_ids = {unit_id};
      return absl::OkStatus();
    }
    const Unit* t = s_.FindUnit(target_id);
    Vec2 tpos = t->position;
    U(f->id).last_known_target = tpos;
    U(f->id).has_last_known_target = true;
    std::vector<Vec2> path{start};
    if (Distance(start, tpos) <= kSkirmishStandoff + 0.5) {
      // Already at 1": it moves round its target in the direction of its hand.
      double r = std::max(Distance(start, tpos), kSkirmishStandoff);
      double angle = d / r * (hand == Turn::kLeft ? -1.0 : 1.0);
      Vec2 rel = start - tpos;
      double c = std::cos(angle), s = std::sin(angle);
      Vec2 end = tpos + Vec2(c * rel.x() - s * rel.y(), s * rel.x() + c * rel.y()).normalized() * r;
      end = ClampToTable(end, s_.table.width, s_.table.height);
      path.push_back(end);
      why.rule.row = kRowSkirmishersRound;
      why.text = absl::StrCat(unit_id, " (", U(f->id).hand == Hand::kRight ? "right" : "left",
                              " handed) keeps 1\" from ", target_id, " and moves ", d,
                              "\" round it: ", why.text);
    } else {
      Path p = PathTowards(start, tpos, d, ObstaclesFor(*f, target_id), hand, kSkirmishStandoff);
      path = p.points;
      why.text = absl::StrCat(unit_id, " moves ", Inches(p.length), " towards the nearest British unit ",
                              target_id, " (", why.text, ")", p.blocked ? ": blocked, it stays." : ".");
    }
    f = s_.FindUnit(unit_id);
    f->position = ClampToTable(path.back(), s_.table.width, s_.table.height);
    Event& e = Decision(EventKind::kMoved, why);
    e.unit_ids = {unit_id};
    e.target_id = target_id;
    e.path = path;
    e.announce = absl::StrCat("Zulu skirmishers ", unit_id, " move to ", At(f->position), ".");
    return absl::OkStatus();
  }

  // An impi. One whose regiments are all locked in close combat or pinned
  // has nothing to move.
  if (!HasFreeRegiment(*f)) {
    Explanation why = Rule("Facing Direction",
                           absl::StrCat("Every regiment of ", unit_id,
                                        " is locked in close combat or pinned: it does not move."));
    Event& e = Decision(EventKind::kNothing, why);
    e.unit_ids = {unit_id};
    f->status.acted = true;
    return absl::OkStatus();
  }
  // Target first (destroyed, out of sight, in the way, the 24" rule).
  const size_t mark = log_.size();
  IMPI_RETURN_IF_ERROR(UpdateTarget(unit_id, 0.0));
  bool tempted = false;
  for (size_t i = mark; i < log_.size(); ++i) {
    tempted |= log_.events()[i].why.rule.section == kSectionTemptation;
  }
  f = s_.FindUnit(unit_id);
  // "Impis within 24" of a British unit will roll 4 D6 and attempt to charge.
  // Other units will move 3 D6 straight towards their previous target unit or
  // if no previous target unit, the nearest British unit." A charge is at a
  // British unit the impi can see (line of sight).
  bool charge = false;
  for (const Unit* u : VisibleBritish(f->position)) {
    if (Distance(u->position, f->position) <= kChargeRange) charge = true;
  }
  Explanation why;
  int d = MoveDistance(dice_, charge, unit_id, &why);
  // TEMPTATION: the impi is tempted once when it moves. With the move distance
  // known, only the "cannot reach the target ... could reach another" test is
  // left, for a target in sight that the 24" rule did not already test (a
  // second full target update would roll the 24" temptation again).
  bool target_in_sight = false;
  if (const Unit* t = s_.FindUnit(U(unit_id).target_id);
      t != nullptr && IsBritishOnTable(*t)) {
    for (const Unit* u : VisibleBritish(s_.FindUnit(unit_id)->position)) {
      target_in_sight |= u->id == t->id;
    }
  }
  if (!tempted && target_in_sight) IMPI_RETURN_IF_ERROR(UpdateTarget(unit_id, d));
  f = s_.FindUnit(unit_id);
  f->status.acted = true;
  std::string target_id = U(f->id).target_id;
  const Unit* target = s_.FindUnit(target_id);
  bool target_here = target != nullptr && IsBritishOnTable(*target);
  bool target_seen = false;
  if (target_here) {
    for (const Unit* u : VisibleBritish(f->position)) target_seen |= (u->id == target_id);
  }
  Vec2 goal;
  if (target_here && target_seen) {
    goal = target->position;
  } else if (U(f->id).has_last_known_target) {
    goal = U(f->id).last_known_target;  // NOTES ON ZULU MOVEMENT: last known position
  } else {
    why.rule.section = "NOTES ON ZULU MOVEMENT";
    why.text = absl::StrCat(unit_id, " has no target: it remains stationary.");
    Event& e = Decision(EventKind::kNothing, why);
    e.unit_ids = {unit_id};
    return absl::OkStatus();
  }
  Vec2 start = f->position;
  Path p = PathTowards(start, goal, d, ObstaclesFor(*f, target_id), hand,
                       target_here && target_seen ? kContact : 0.0);
  Vec2 end = ClampToTable(p.points.back(), s_.table.width, s_.table.height);
  TranslateForce(*f, end - start);
  f = s_.FindUnit(unit_id);
  why.rule.section = "DURING MOVEMENT";
  why.text = absl::StrCat(unit_id, " (", U(f->id).hand == Hand::kRight ? "right" : "left",
                          " handed) ", charge ? "charges" : "moves", " ", Inches(p.length),
                          " of its ", d, "\" towards ",
                          target_here && target_seen
                              ? target_id
                              : absl::StrCat("the last known position of ", target_id.empty() ? "its target" : target_id,
                                             " ", At(goal)),
                          p.detoured ? ", going round an obstacle in the direction of its hand" : "",
                          p.blocked ? " but is blocked" : "", " (", why.text, ").");
  Event& e = Decision(charge && p.reached ? EventKind::kCharged : EventKind::kMoved, why);
  e.unit_ids = {unit_id};
  e.target_id = target_id;
  e.path = p.points;
  e.announce = absl::StrCat("The impi ", unit_id, charge ? " charges" : " moves", " to ", At(f->position),
                            ".");
  if (charge && p.reached && target_here) {
    e.announce += absl::StrCat(" It is in close combat with ", target_id, ".");
    LockInCloseCombat(unit_id, target_id);
    if (Resolving()) return StandAgainstCharge(target_id, unit_id);
  }
  return absl::OkStatus();
}

// The British unit and the impi's regiments that reach it are in close
// combat (the nearest regiment at least).
void ZuluControl::LockInCloseCombat(const std::string& impi_id, const std::string& british_id) {
  Unit* t = s_.FindUnit(british_id);
  if (t == nullptr) return;
  t->status.in_close_combat = true;
  const Vec2 tpos = t->position;
  Unit* nearest = nullptr;
  for (Unit& u : s_.units) {
    if (u.parent != impi_id || u.kind != UnitKind::kRegiment || !u.OnTable()) continue;
    if (Distance(u.position, tpos) <= kContact + kRegimentSpacing) u.status.in_close_combat = true;
    if (nearest == nullptr || Distance(u.position, tpos) < Distance(nearest->position, tpos)) {
      nearest = &u;
    }
  }
  if (nearest != nullptr) nearest->status.in_close_combat = true;
}

// Designed (footprint.h): a Zulu unit stands on free ground. One that a
// move, a conversion or a fall back left on another unit, over the table
// edge, or within 1" of a British unit it is not fighting, steps to the
// nearest free ground; one in close combat stays in contact with its foe.
void ZuluControl::SettleZulus() {
  // The units settled: the Zulus taking ground now, in table order (settling
  // moves units but adds or removes none).
  std::vector<size_t> settled;
  settled.reserve(s_.units.size());
  for (size_t i = 0; i < s_.units.size(); ++i) {
    const Unit& u = s_.units[i];
    if (u.side == Side::kZulu && TakesGround(u)) settled.push_back(i);
  }
  std::vector<std::string> impis;
  std::vector<Member> me = {{Vec2::Zero(), 0.0}};
  const std::string no_foe;
  const std::vector<Ground> ground = GroundOf(s_);  // settling moves units only
  for (size_t i : settled) {
    const Unit* u = &s_.units[i];
    const std::string& id = u->id;
    const std::string* foe = &no_foe;
    if (u->status.in_close_combat) {
      const Unit* f = nullptr;
      for (const Unit& b : s_.units) {
        if (!IsBritishOnTable(b) || !b.status.in_close_combat) continue;
        if (f == nullptr || Distance(b.position, u->position) < Distance(f->position, u->position)) f = &b;
      }
      if (f != nullptr) foe = &f->id.str();
    }
    me[0].radius = FootprintOf(u->kind).Radius();
    if (OnFreeGround(s_, ground, u->position, me[0].radius, *foe, id)) continue;
    const Vec2 from = u->position;
    const Vec2 to = FreeGround(s_, from, me, *foe, {id});
    Unit* m = s_.FindUnit(id);
    m->position = to;
    if (!m->parent.empty()) AddUnique(impis, m->parent);
    Event& e = log_.Add(EventKind::kMoved, Side::kZulu);
    e.unit_ids = {id};
    e.path = {from, to};
    e.why = Rule("ZULU CREATION",
                 absl::StrCat(id, " steps ", Inches(Distance(from, to)),
                              " to free ground (designed: a unit stands on no other unit, inside the "
                              "table, 1\" clear of British units it is not fighting)."));
    e.why.rule.designed = true;
  }
  for (const std::string& impi : impis) RecenterImpi(impi);
}

// ---------------------------------------------------------------------------
// Creation.

void ZuluControl::Commit(int regiments) {
  own().force_pool -= regiments;
  own().committed += regiments;
}

std::string ZuluControl::PlaceSingle(UnitKind kind, const Vec2& at, int point,
                                     PointKind point_kind, const std::string& how) {
  Unit u;
  u.id = s_.NewUnitId("z");
  u.side = Side::kZulu;
  u.kind = kind;
  // Placed on free ground nearest `at` (designed, footprint.h).
  u.position = FreeGround(s_, at, {{Vec2::Zero(), FootprintOf(kind).Radius()}}, "", {});
  U(u.id).created_turn = std::max(1, s_.clock.turn);
  U(u.id).entry_point = point;
  int figures = kind == UnitKind::kLoneZulu ? 1 : kRegimentFigures;
  u.figures.fit = figures;
  u.figures.starting = figures;
  if (kind == UnitKind::kRifleRegiment) u.figures.riflemen = figures;
  u.leaders = kind == UnitKind::kLoneZulu ? 0 : 1;
  u.name = kind == UnitKind::kLoneZulu        ? "lone Zulu"
           : kind == UnitKind::kSkirmishers   ? "skirmishing regiment"
           : kind == UnitKind::kRifleRegiment ? "rifle-armed regiment"
                                              : "regiment";
  if (CountsInPool(u)) Commit(1);
  std::string id = u.id;
  s_.units.push_back(std::move(u));
  Event& e = log_.Add(EventKind::kForceCreated, Side::kZulu);
  e.unit_ids = {id};
  e.point = point;
  e.point_kind = point_kind;
  e.why = Rule("ZULU CREATION", absl::StrCat("A ", s_.FindUnit(id)->name.str(), " (", id, ") is placed at ",
                                             At(at), ": ", how, "."));
  e.announce = absl::StrCat("A ", s_.FindUnit(id)->name.str(), " appears at ", At(s_.FindUnit(id)->position), ".");
  return id;
}

std::string ZuluControl::PlaceImpi(const Vec2& at, int regiments, int point,
                                   const std::string& charger) {
  // The regiments stand in a line across the way into the table (or across
  // the charge of `charger`, facing it), the induna behind, on the free
  // ground nearest `at` (designed: the text leaves the placing to the
  // umpire; footprint.h).
  Vec2 centre(s_.table.width / 2, s_.table.height / 2);
  const Unit* b = charger.empty() ? nullptr : s_.FindUnit(charger);
  Vec2 towards = b != nullptr ? b->position : centre;
  Vec2 in = (towards - at).norm() > 1e-9 ? Vec2((towards - at).normalized()) : Vec2(0, -1);
  Vec2 across = Perp(in);
  std::vector<Member> members;
  for (int i = 0; i < regiments; ++i) {
    members.push_back({across * ((i - (regiments - 1) / 2.0) * kRegimentSpacing),
                       FootprintOf(UnitKind::kRegiment).Radius()});
  }
  members.push_back({-in * kIndunaBehind, FootprintOf(UnitKind::kInduna).Radius()});
  // Against a charger in contact with the regiment it charged (as a CHARGE
  // leaves it) the line stands in contact with it (designed,
  // docs/conformance.md): its centre as far from the charger as puts the
  // regiments nearest the middle of the line kContact from it, centre to
  // centre (two regiments both touch it; one stands where it was charged).
  // A charger elsewhere (an Ask's, not moved in): the line stands at `at`.
  Vec2 want = at;
  if (b != nullptr && Distance(b->position, at) <= kContact + 1e-6) {
    const double inner = regiments % 2 == 1 ? 0.0 : kRegimentSpacing / 2;
    want = b->position - in * std::sqrt(std::max(0.0, kContact * kContact - inner * inner));
  }
  Vec2 where = FreeGround(s_, want, members, charger, {}, in);
  Unit g;
  g.id = s_.NewUnitId("z");
  g.side = Side::kZulu;
  g.kind = UnitKind::kImpi;
  g.name = absl::StrCat("impi of ", Count(regiments, "regiment"));
  g.position = where;
  U(g.id).created_turn = std::max(1, s_.clock.turn);
  U(g.id).entry_point = point;
  std::string impi_id = g.id;
  s_.units.push_back(g);
  for (int i = 0; i < regiments; ++i) {
    Unit r;
    r.id = s_.NewUnitId("z");
    r.side = Side::kZulu;
    r.kind = UnitKind::kRegiment;
    r.name = "regiment";
    r.parent = impi_id;
    r.figures.fit = kRegimentFigures;
    r.figures.starting = kRegimentFigures;
    r.leaders = 1;
    r.position = where + members[i].offset;
    U(r.id).created_turn = U(g.id).created_turn;
    s_.units.push_back(std::move(r));
  }
  Unit induna;
  induna.id = s_.NewUnitId("z");
  induna.side = Side::kZulu;
  induna.kind = UnitKind::kInduna;
  induna.name = "induna";
  induna.parent = impi_id;
  induna.figures.fit = 1;
  induna.figures.starting = 1;
  induna.leaders = 1;
  induna.position = where + members.back().offset;
  s_.units.push_back(std::move(induna));
  Commit(regiments);
  ++own().impis_created;
  RecenterImpi(impi_id);
  return impi_id;
}

// IMPI CREATION / SPECIAL IMPI CREATION: "After the units are placed on the
// field, before they move, determine the "hand" of the Impi and its target."
std::string ZuluControl::CreateImpi(const Vec2& at, bool special, int point, PointKind point_kind,
                                    const std::string& how, const std::string& charger) {
  Explanation why;
  int regiments = 0;
  bool lone = false;
  if (special) {
    regiments = SpecialImpiCreation(dice_, Available(), &why);
  } else {
    ImpiSize size = ImpiCreation(dice_, std::max(0, own().force_pool), own().impis_created == 0,
                                 &why, std::max(0, own().scenario_total - own().committed));
    lone = size.lone_zulu;
    regiments = size.regiments;
  }
  Event& roll = Decision(EventKind::kTableRoll, why);
  roll.point = point;
  roll.point_kind = point_kind;
  roll.umpire_only = true;
  if (lone) {
    return PlaceSingle(UnitKind::kLoneZulu, at, point, point_kind,
                       "the force pool holds not more than 2 units: a Lone Zulu instead");
  }
  if (regiments <= 0) {
    Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
    e.umpire_only = true;
    e.why = Rule(why.rule.section, "The force pool does not allow the creation: nothing is created.");
    return "";
  }
  std::string id = PlaceImpi(at, regiments, point, charger);
  Event& e = Decision(EventKind::kForceCreated, why);
  std::vector<std::string> ids{id};
  for (const Unit& u : s_.units) {
    if (u.parent == id) ids.push_back(u.id);
  }
  e.unit_ids = ids;
  e.point = point;
  e.point_kind = point_kind;
  e.why.text = absl::StrCat(special ? "A Special Impi" : "An Impi", " of ", Count(regiments, "regiment"),
                            " (", id, ") is placed at ", At(s_.FindUnit(id)->position), ": ",
                            how, ". ", why.text);
  e.announce = absl::StrCat("An impi of ", Count(regiments, "regiment"), " appears at ",
                            At(s_.FindUnit(id)->position), ".");
  (void)AssignHand(id);
  (void)UpdateTarget(id, 0.0);
  return id;
}

absl::Status ZuluControl::EnterMarker(int perimeter_point) {
  Point* p = s_.FindPoint(PointKind::kPerimeter, perimeter_point);
  if (p == nullptr || p->marker != Marker::kThisTurn) {
    return absl::FailedPreconditionError(absl::StrCat(
        "perimeter point ", perimeter_point, " has no \"this turn\" marker"));
  }
  ForceKind force = p->marked_force;
  Vec2 at = p->position;
  p->marker = Marker::kNone;
  p->marked_force = ForceKind::kUnspecified;
  std::string how = absl::StrCat("entering at perimeter point ", perimeter_point);
  if (force == ForceKind::kUnspecified) {
    // A marker that does not say what it brings: the umpire rolls the
    // table-edge table as it comes on (EXAMPLE OF MOVEMENT PROCEDURE).
    Explanation why;
    TableEdgeResult r = RandomChanceTableEdge(dice_, ImpisOnOrMarked(), SkirmishersOnTable(), &why);
    Event& e = Decision(EventKind::kTableRoll, why);
    e.point = perimeter_point;
    e.point_kind = PointKind::kPerimeter;
    e.umpire_only = true;
    if (r == TableEdgeResult::kStatusQuo) {
      Event& n = log_.Add(EventKind::kNothing, Side::kZulu);
      n.point = perimeter_point;
      n.announce = absl::StrCat("Nothing comes on at perimeter point ", perimeter_point, ".");
      return absl::OkStatus();
    }
    force = r == TableEdgeResult::kImpi ? ForceKind::kImpi : ForceKind::kSkirmishers;
  }
  std::string id;
  if (force == ForceKind::kImpi) {
    // "If so, roll for strength on Impi creation table and assign a "hand"."
    id = CreateImpi(at, false, perimeter_point, PointKind::kPerimeter, how);
  } else if (Available() >= 1) {
    id = PlaceSingle(UnitKind::kSkirmishers, at, perimeter_point, PointKind::kPerimeter, how);
    IMPI_RETURN_IF_ERROR(AssignHand(id));
  }
  if (id.empty()) return absl::OkStatus();
  const Unit* u = s_.FindUnit(id);
  if (u != nullptr && IsForce(*u)) return MoveForce(id);
  return absl::OkStatus();
}

void ZuluControl::RemoveUnit(const std::string& id, const std::string& why, bool recycle) {
  int idx = s_.UnitIndex(id);
  if (idx < 0) return;
  Unit gone = s_.units[idx];
  s_.units.erase(s_.units.begin() + idx);
  own().units.erase(gone.id);
  Event& e = log_.Add(EventKind::kUnitRemoved, gone.side);
  e.unit_ids = {id};
  e.why = Rule("ZULU MORALE", absl::StrCat(id, " is removed from the table: ", why));
  e.announce = absl::StrCat("The ", gone.name.empty() ? UnitKindName(gone.kind) : gone.name.str(), " ", id,
                            " is removed from the table.");
  if (recycle && CountsInPool(gone)) {
    ++own().force_pool;
    Event& r = log_.Add(EventKind::kRecycled, Side::kZulu);
    r.unit_ids = {id};
    r.umpire_only = true;
    r.why = Rule("SCENARIO DESIGN", absl::StrCat(id, " returns to the force pool (now ",
                                                 own().force_pool, ")."));
  }
  if (gone.kind == UnitKind::kImpi) {
    // The impi's own regiments and induna go with it.
    std::vector<std::string> members;
    for (const Unit& u : s_.units) {
      if (u.parent == id) members.push_back(u.id);
    }
    for (const std::string& m : members) RemoveUnit(m, "its impi is gone", recycle);
    return;
  }
  if (gone.kind == UnitKind::kRegiment && !gone.parent.empty()) {
    bool any = false;
    for (const Unit& u : s_.units) {
      any |= (u.parent == gone.parent && u.kind == UnitKind::kRegiment);
    }
    if (!any) {
      RemoveUnit(gone.parent, "it has no regiments left", recycle);
    } else {
      RecenterImpi(gone.parent);
    }
  }
}

// RANDOM CHANCE ON-FIELD (APPEARANCE POINT) and NOTES ON APPEARANCE POINTS.
absl::Status ZuluControl::TestAppearancePoint(int number, const std::string& trigger_unit) {
  Point* p = s_.FindPoint(PointKind::kAppearance, number);
  if (p == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("point: no appearance point ", number));
  }
  if (const char* no = AppearanceRefusal(*p)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "appearance point ", number, " is ", p->state == PointState::kSpent ? "SPENT" : "OCCUPIED", ": ", no));
  }
  Vec2 at = p->position;
  bool occupied_now = false;
  for (const Unit& u : s_.units) {
    if (IsBritishOnTable(u) && Distance(u.position, at) <= kOccupyRadius) occupied_now = true;
  }
  OnFieldInput in;
  in.impis_on_or_marked = ImpisOnOrMarked();
  // A terrain feature the British are standing in is not suitable for a
  // rifle-armed regiment.
  in.terrain_class = p->terrain_class;
  in.occupied = occupied_now;
  in.rifle_on_table = RifleOnTable();
  Explanation why;
  OnFieldResult r = RandomChanceOnField(dice_, in, &why);
  Event& e = Decision(EventKind::kTableRoll, why);
  e.point = number;
  e.point_kind = PointKind::kAppearance;
  if (!trigger_unit.empty()) e.unit_ids = {trigger_unit};
  p = s_.FindPoint(PointKind::kAppearance, number);
  if (p->state != PointState::kTested) p->state = PointState::kTested;
  std::string how = absl::StrCat("appearance point ", number);
  switch (r) {
    case OnFieldResult::kLoneZulu: {
      bool already = false;
      for (const Unit& u : s_.units) {
        already |= (u.kind == UnitKind::kLoneZulu && u.OnTable() && Distance(u.position, at) < 1.0);
      }
      if (already) {
        e.why.text += " A lone Zulu already stands there (designed: no second figure).";
      } else {
        PlaceSingle(UnitKind::kLoneZulu, at, number, PointKind::kAppearance, how);
      }
      break;
    }
    case OnFieldResult::kRifleRegiment:
      if (Available() >= 1) {
        PlaceSingle(UnitKind::kRifleRegiment, at, number, PointKind::kAppearance, how);
      } else {
        e.why.text += " The force pool allows no more units: nothing is created.";
      }
      break;
    case OnFieldResult::kStatusQuo:
      e.announce = absl::StrCat("Appearance point ", number, ": nothing.");
      break;
    case OnFieldResult::kImpi: {
      std::string id = CreateImpi(at, false, number, PointKind::kAppearance, how);
      const Unit* u = s_.FindUnit(id);
      if (u != nullptr && u->kind == UnitKind::kImpi) {
        // "Once an appearance point has generated an Impi, it will never
        // generate anything else."
        p = s_.FindPoint(PointKind::kAppearance, number);
        p->state = PointState::kSpent;
        Event& sp = log_.Add(EventKind::kPointSpent, Side::kZulu);
        sp.point = number;
        sp.point_kind = PointKind::kAppearance;
        sp.why = Rule("NOTES ON APPEARANCE POINTS",
                      absl::StrCat("Appearance point ", number,
                                   " has generated an Impi: it will never generate anything else."));
      }
      break;
    }
  }
  return absl::OkStatus();
}

// DURING MOVEMENT: "If the British players at any time move to within 6" of
// an appearance point ..., roll on the Random chance on-field table." A point
// the British did not occupy "will be tested each time the British move
// within 6" or remain within 6" of it" (EXAMPLE OF MOVEMENT PROCEDURE).
void ZuluControl::CheckAppearancePoints(const Unit& mover, const std::vector<Vec2>& path) {
  std::string mover_id = mover.id;
  Vec2 end = path.back();
  for (int n : OpenAppearancePoints(s_)) {
    const Point* p = s_.FindPoint(PointKind::kAppearance, n);
    if (p == nullptr || p->Exhausted()) continue;
    if (DistanceToPolyline(p->position, path) > kAppearanceRange) continue;
    (void)TestAppearancePoint(n, mover_id);
    Point* q = s_.FindPoint(PointKind::kAppearance, n);
    if (q->state != PointState::kSpent && Distance(end, q->position) <= kOccupyRadius) {
      // "Once the British have occupied an appearance point it will never
      // generate anything else."
      q->state = PointState::kOccupied;
      Event& e = log_.Add(EventKind::kPointOccupied, Side::kBritish);
      e.point = n;
      e.point_kind = PointKind::kAppearance;
      e.unit_ids = {mover_id};
      e.why = Rule("NOTES ON APPEARANCE POINTS",
                   absl::StrCat(mover_id, " occupies appearance point ", n,
                                ": it will never generate anything else."));
    }
  }
}

// EXAMPLE OF MOVEMENT PROCEDURE: a point the British did not occupy "will be
// tested each time the British move within 6" or remain within 6" of it".
// Moving is tested as the unit moves (CheckAppearancePoints); remaining is
// tested once a turn, when the movement deck is done, for a British unit
// that did not move this turn and is within 6" of the point (designed: the
// text does not say when a unit "remains"; the nearest such unit is named).
absl::Status ZuluControl::TestPointsWhereTheBritishRemain() {
  for (int n : OpenAppearancePoints(s_)) {
    const Point* p = s_.FindPoint(PointKind::kAppearance, n);
    if (p == nullptr || p->Exhausted()) continue;
    const Unit* stayer = nullptr;
    for (const Unit& u : s_.units) {
      if (!IsBritishOnTable(u) || u.status.acted) continue;
      const double d = Distance(u.position, p->position);
      if (d <= kAppearanceRange && (stayer == nullptr || d < Distance(stayer->position, p->position))) {
        stayer = &u;
      }
    }
    if (stayer == nullptr) continue;
    const std::string id = stayer->id;
    const std::string said = absl::StrCat(id, " remains within ", Inches(kAppearanceRange),
                                          " of appearance point ", n, " (", Inches(Distance(stayer->position, p->position)),
                                          "), which the British did not occupy: it is tested again. ");
    const size_t mark = log_.size();
    IMPI_RETURN_IF_ERROR(TestAppearancePoint(n, id));
    if (log_.size() > mark) {
      Event& roll = log_.mutable_events()[mark];
      roll.why.text = said + roll.why.text;
    }
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Fire phase.

absl::Status ZuluControl::DrawFireCard(bool* awaits_british) {
  Clock& c = s_.clock;
  CardColor card = dice_.DrawCard(deck().red_left, deck().black_left, "fire deck");
  Event& e = log_.Add(EventKind::kCardDrawn, Side::kUnspecified);
  if (card == CardColor::kRed) {
    --deck().red_left;
    deck().current_card = CardColor::kRed;
    e.side = Side::kBritish;
    e.announce = absl::StrCat("Red card (British fire), ", kCardsPerColour - deck().red_left, " of ",
                              kCardsPerColour, ".");
    *awaits_british = true;
    return absl::OkStatus();
  }
  --deck().black_left;
  ++deck().zulu_cards_drawn;
  deck().current_card = CardColor::kUnspecified;
  e.side = Side::kZulu;
  e.announce = absl::StrCat("Black card (Zulu fire), ", deck().zulu_cards_drawn, " of ", kCardsPerColour, ".");
  *awaits_british = false;
  return FireCard();
}

// DURING THE FIRE PHASE: "When a Zulu fire card is turned, dice to see which
// Zulu unit fires ... Only the "rifle armed" Zulu regiment or a "skirmishing"
// Zulu regiment may fire. All Zulu units that are part of an Impi will never
// fire."
absl::Status ZuluControl::FireCard() {
  struct Shot {
    std::string unit;
    std::string target;
    double range;
  };
  std::vector<Shot> capable;
  for (const Unit& u : s_.units) {
    if (u.side != Side::kZulu || !u.OnTable() || u.status.fired || u.status.pinned ||
        u.status.in_close_combat) {
      continue;
    }
    double range = u.kind == UnitKind::kRifleRegiment ? kRifleRange
                   : u.kind == UnitKind::kSkirmishers ? kSpearRange
                                                      : 0.0;
    if (range <= 0) continue;
    const Unit* best = nullptr;
    for (const Unit* b : VisibleBritish(u.position)) {
      double d = Distance(u.position, b->position);
      if (d > range + kRegimentRadius * 2) continue;
      if (best == nullptr || d < Distance(u.position, best->position)) best = b;
    }
    if (best != nullptr) capable.push_back({u.id, best->id, range});
  }
  if (capable.empty()) {
    Event& e = log_.Add(EventKind::kNothing, Side::kZulu);
    e.why = Rule("DURING THE FIRE PHASE", "No Zulu unit on the table is able to fire.");
    e.announce = "No Zulu fire.";
    return absl::OkStatus();
  }
  Explanation why = Rule("DURING THE FIRE PHASE", "");
  int i = 0;
  if (capable.size() > 1) {
    if (capable.size() > 6) capable.resize(6);
    Explanation pick;
    i = PickAmong(dice_, static_cast<int>(capable.size()), "which Zulu unit fires", &pick);
    why.dice = pick.dice;
    why.text = absl::StrCat(capable.size(), " Zulu units can fire; ", pick.text, " ");
  }
  const Shot& shot = capable[i];
  Unit* u = s_.FindUnit(shot.unit);
  u->status.fired = true;
  bool rifles = u->kind == UnitKind::kRifleRegiment;
  absl::StrAppend(&why.text, shot.unit, rifles ? " fires its rifles at " : " throws spears at ",
                  shot.target, ", the nearest British unit in range.",
                  Resolving() ? " The engine rolls the hits (designed)."
                              : " Resolve the hits with the TSATF fire rules and report them with CASUALTIES.");
  Event& e = Decision(EventKind::kFired, why);
  e.unit_ids = {shot.unit};
  e.target_id = shot.target;
  e.announce = absl::StrCat("The Zulu ", rifles ? "rifle-armed regiment " : "skirmishers ", shot.unit,
                            rifles ? " fire at " : " throw spears at ", shot.target, ".");
  if (Resolving()) return ResolveZuluFire(shot.unit, shot.target);
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Conversions, tests to stand and morale.

Vec2 ZuluControl::ConversionPlace(const Unit& lone, const std::string& british_id) {
  // "Convert to Impi ... at current location or 3D6 from British if within 6"."
  const Unit* b = s_.FindUnit(british_id);
  if (b == nullptr || Distance(b->position, lone.position) > kAppearanceRange) return lone.position;
  Vec2 bpos = b->position;
  Vec2 lpos = lone.position;
  DieRoll d = dice_.RollPool(3, 6, "3D6 from the British: where the impi appears");
  Vec2 dir = (lpos - bpos).norm() > 1e-9 ? Vec2((lpos - bpos).normalized()) : Vec2(0, 1);
  return ClampToTable(bpos + dir * d.result, s_.table.width, s_.table.height);
}

std::string ZuluControl::ConvertLoneToImpi(const std::string& lone_id, const std::string& british_id) {
  // "If force pool does not allow Impi use Special Impi creation. If force
  // pool does not allow that, figure vanishes." With nothing to create there
  // is no place to roll for (no 3D6 from the British).
  if (Available() < 1) {
    RemoveUnit(lone_id, "the force pool allows no impi: the figure vanishes", false);
    return "";
  }
  const Unit* lone = s_.FindUnit(lone_id);
  Vec2 at = ConversionPlace(*lone, british_id);
  s_.FindUnit(lone_id)->off_table = true;  // replaced: not in the way of what it becomes
  std::string id;
  if (Available() > 2) {
    id = CreateImpi(at, false, 0, PointKind::kUnspecified, absl::StrCat("converted from ", lone_id));
  } else if (Available() >= 1) {
    id = CreateImpi(at, true, 0, PointKind::kUnspecified, absl::StrCat("converted from ", lone_id));
  }
  RemoveUnit(lone_id, id.empty() ? "the force pool allows no impi: the figure vanishes"
                                 : absl::StrCat("converted to the impi ", id),
             false);
  return id;
}

absl::Status ZuluControl::LoneZulu(const std::string& unit_id, LoneZuluEvent event,
                                   const std::string& british_id) {
  const Unit* lone = s_.FindUnit(unit_id);
  if (lone == nullptr || lone->kind != UnitKind::kLoneZulu || !lone->OnTable()) {
    return absl::FailedPreconditionError(absl::StrCat(unit_id, " is not a lone Zulu on the table"));
  }
  Explanation why;
  LoneZuluResult r;
  switch (event) {
    case LoneZuluEvent::kFiredAtMissed:
      r = LoneZuluFiredAtMissed(dice_, SkirmishersOnTable(), &why);
      break;
    case LoneZuluEvent::kFiredAtHit:
      r = LoneZuluFiredAtHit(dice_, &why);
      break;
    case LoneZuluEvent::kAttackedInCloseCombat:
      r = LoneZuluCloseCombat(dice_, &why);
      break;
    default:
      return absl::InvalidArgumentError("event: say what happened to the lone Zulu");
  }
  Event& e = Decision(EventKind::kTableRoll, why);
  e.unit_ids = {unit_id};
  switch (r) {
    case LoneZuluResult::kVanishes:
      RemoveUnit(unit_id, "the figure vanishes", false);
      break;
    case LoneZuluResult::kRemains:
      e.announce = absl::StrCat("The lone Zulu ", unit_id, " remains where it is.");
      break;
    case LoneZuluResult::kMovesRandom: {
      // "Figure moves 1D6 in random direction (if this movement takes the
      // Zulu out of sight, the figure is removed)". Direction: a D6 for one
      // of six directions 60 degrees apart (designed).
      int dir = dice_.Roll(6, "random direction (1 = towards the top edge, then clockwise by 60 degrees)");
      int dist = dice_.Roll(6, "1D6 inches in the random direction");
      double a = (dir - 1) * M_PI / 3.0;
      Unit* u = s_.FindUnit(unit_id);
      Vec2 to = u->position + Vec2(std::sin(a), std::cos(a)) * dist;
      bool off = to.x() < 0 || to.y() < 0 || to.x() > s_.table.width || to.y() > s_.table.height;
      u->position = ClampToTable(to, s_.table.width, s_.table.height);
      bool seen = false;
      for (const Unit& b : s_.units) {
        if (!IsBritishOnTable(b)) continue;
        for (const Unit* v : VisibleBritish(u->position)) seen |= (v->id == b.id);
      }
      Event& m = log_.Add(EventKind::kMoved, Side::kZulu);
      m.unit_ids = {unit_id};
      m.why = Rule("CONVERSION OF LONE ZULU",
                   absl::StrCat("The lone Zulu moves ", dist, "\" in direction ", dir, "."));
      m.why.dice = dice_.RollsSince(dice_.rolls().size() - 2);
      m.announce = absl::StrCat("The lone Zulu ", unit_id, " moves to ", At(u->position), ".");
      if (off || !seen) RemoveUnit(unit_id, "it moved out of sight", false);
      break;
    }
    case LoneZuluResult::kSkirmishers: {
      if (Available() < 1) {
        RemoveUnit(unit_id, "the force pool allows no skirmishing regiment: the figure vanishes", false);
        break;
      }
      Vec2 at = s_.FindUnit(unit_id)->position;
      s_.FindUnit(unit_id)->off_table = true;  // replaced: not in the way of what it becomes
      std::string id = PlaceSingle(UnitKind::kSkirmishers, at, 0, PointKind::kUnspecified,
                                   absl::StrCat("converted from the lone Zulu ", unit_id));
      RemoveUnit(unit_id, absl::StrCat("converted to the skirmishing regiment ", id), false);
      IMPI_RETURN_IF_ERROR(AssignHand(id));
      break;
    }
    case LoneZuluResult::kImpi:
      ConvertLoneToImpi(unit_id, british_id);
      break;
  }
  return absl::OkStatus();
}

// SKIRMISHING / RIFLE ARMED ZULU REGIMENT, "Conversion: If charged by the
// British, it will test "to stand"."
absl::Status ZuluControl::TestToStand(const std::string& unit_id, const std::string& charger_id) {
  const Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr || !u->OnTable() ||
      (u->kind != UnitKind::kSkirmishers && u->kind != UnitKind::kRifleRegiment)) {
    return absl::FailedPreconditionError(absl::StrCat(
        unit_id, " is not a skirmishing or rifle-armed regiment on the table: only they test to "
                 "stand when charged"));
  }
  const Unit* charger = s_.FindUnit(charger_id);
  bool cavalry = charger != nullptr && IsCavalry(*charger);
  bool below = u->figures.Present() * 2 < u->figures.Starting();
  bool rifles = u->kind == UnitKind::kRifleRegiment;
  Vec2 at = u->position;
  Explanation why;
  bool stands = DesignedTestToStand(dice_, StandTarget(), below, cavalry, unit_id, &why);
  why.rule.section = rifles ? "RIFLE ARMED ZULU REGIMENT" : "SKIRMISHING ZULU REGIMENTS";
  Event& e = Decision(EventKind::kStandTest, why);
  e.unit_ids = {unit_id};
  e.target_id = charger_id;
  if (stands) {
    // "If it stands, it converts instantly to a Special Impi." The regiment
    // becomes one of the impi's: it counts once against the scenario total
    // (SCENARIO DESIGN: the umpire's tally counts units committed to the
    // table, and this one already is).
    int allowed = std::min(own().force_pool + 1, own().scenario_total - own().committed + 1);
    if (allowed < 1) {
      e.why.text += " It stands, but the scenario total allows no Special Impi: it stays as it is.";
      return absl::OkStatus();
    }
    RemoveUnit(unit_id, "it converts to a Special Impi", true);
    own().committed = std::max(0, own().committed - 1);
    std::string impi_id = CreateImpi(at, true, 0, PointKind::kUnspecified,
                                     absl::StrCat("converted from ", unit_id), charger_id);
    // The charge goes home: the charger and the regiments of the new impi
    // in contact with it (all of them, unless other units took the ground)
    // are in close combat.
    Unit* b = s_.FindUnit(charger_id);
    const Unit* impi = s_.FindUnit(impi_id);
    int touching = 0;
    if (b != nullptr && b->OnTable() && impi != nullptr && impi->kind == UnitKind::kImpi) {
      for (Unit& r : s_.units) {
        if (r.parent != impi_id || r.kind != UnitKind::kRegiment || !r.OnTable()) continue;
        if (Distance(r.position, b->position) > kContact + 1e-6) continue;
        r.status.in_close_combat = true;
        ++touching;
      }
    }
    if (touching > 0) {
      b->status.in_close_combat = true;
      Event& c = log_.Add(EventKind::kCharged, Side::kBritish);
      c.unit_ids = {charger_id};
      c.target_id = impi_id;
      c.why = Rule(rifles ? "RIFLE ARMED ZULU REGIMENT" : "SKIRMISHING ZULU REGIMENTS",
                   absl::StrCat("The charge of ", charger_id, " goes home: it is in close combat with the "
                                "Special Impi ", impi_id, "."));
      c.announce = absl::StrCat(charger_id, " is in close combat with the impi ", impi_id, ".");
    }
    return absl::OkStatus();
  }
  if (rifles) {
    // "If it does not stand, it "Melts away" skulking and is removed."
    RemoveUnit(unit_id, "it fails to stand and melts away", true);
    return absl::OkStatus();
  }
  // "If it fails to stand, it falls back and becomes pinned."
  Unit* s = s_.FindUnit(unit_id);
  Vec2 from = charger != nullptr ? charger->position : at - Vec2(0, 1);
  Vec2 away = (at - from).norm() > 1e-9 ? Vec2((at - from).normalized()) : Vec2(0, 1);
  Vec2 to = ClampToTable(at + away * kFallBack, s_.table.width, s_.table.height);
  s->position = to;
  s->status.pinned = true;
  Event& m = log_.Add(EventKind::kMoved, Side::kZulu);
  m.unit_ids = {unit_id};
  m.path = {at, to};
  m.why = Rule("SKIRMISHING ZULU REGIMENTS",
               absl::StrCat(unit_id, " fails to stand: it falls back ", Inches(kFallBack),
                            " (designed) and becomes pinned."));
  m.announce = absl::StrCat("The skirmishers ", unit_id, " fall back and are pinned.");
  return absl::OkStatus();
}

// RIFLE ARMED ZULU REGIMENT / ZULU MORALE / EXAMPLE OF FIRE PROCEDURE: a unit
// reduced below 50% tests morale; failing, it falls back and the umpire
// removes it to the force pool (a rifle-armed regiment "melts away").
absl::Status ZuluControl::CriticalMorale(const std::string& unit_id) {
  const Unit* u = s_.FindUnit(unit_id);
  if (u == nullptr || u->side != Side::kZulu || !u->OnTable() || u->kind == UnitKind::kImpi ||
      u->kind == UnitKind::kLoneZulu) {
    return absl::FailedPreconditionError(absl::StrCat(
        unit_id, " is not a Zulu regiment on the table: only regiments test critical morale"));
  }
  bool rifles = u->kind == UnitKind::kRifleRegiment;
  Explanation why;
  bool pass = DesignedCriticalMorale(dice_, CriticalTarget(), unit_id, &why);
  why.rule.section = rifles ? "RIFLE ARMED ZULU REGIMENT" : "ZULU MORALE";
  Event& e = Decision(EventKind::kMoraleTest, why);
  e.unit_ids = {unit_id};
  if (pass) {
    e.announce = absl::StrCat(unit_id, " passes its morale test and holds.");
    return absl::OkStatus();
  }
  RemoveUnit(unit_id,
             rifles ? "it fails morale below 50% and melts away"
                    : "it fails critical morale below 50% and falls back: the umpire returns it to "
                      "the force pool",
             true);
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// British actions.

absl::Status ZuluControl::ApplyBritish(const Action& a, const std::string& path) {
  IMPI_RETURN_IF_ERROR(ApplyBritishAction(a, path));
  SettleZulus();  // a conversion, a fall back or a lone Zulu's move may need it
  return absl::OkStatus();
}

absl::Status ZuluControl::ApplyBritishAction(const Action& a, const std::string& path) {
  Awaiting aw = AwaitsBrief();
  auto not_now = [&](const char* what) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ".kind: ", what, " is not allowed now: ", Awaits().prompt));
  };
  switch (a.kind) {
    case ActionKind::kPass:
      if (aw.side != Side::kBritish) return not_now("PASS");
      if (aw.kind == AwaitKind::kBritishCloseCombat) {
        if (Resolving()) IMPI_RETURN_IF_ERROR(FightRemaining(path));
        s_.clock.phase = Phase::kEndOfTurn;
      } else {
        deck().current_card = CardColor::kUnspecified;
        deck().british_moves_left = -1;
      }
      log_.Add(EventKind::kBritishAction, Side::kBritish).announce = "The British pass.";
      return absl::OkStatus();
    case ActionKind::kMove:
      if (aw.kind != AwaitKind::kBritishMove) return not_now("MOVE");
      return BritishMove(a, path);
    case ActionKind::kFire:
      if (aw.kind != AwaitKind::kBritishFire) return not_now("FIRE");
      return BritishFire(a, path);
    case ActionKind::kCharge:
      if (aw.kind != AwaitKind::kBritishMove && aw.kind != AwaitKind::kBritishCloseCombat) {
        return not_now("CHARGE");
      }
      return BritishCharge(a, path);
    case ActionKind::kCasualties:
    case ActionKind::kCloseCombatResult:
      if (aw.side != Side::kBritish) return not_now("CASUALTIES");
      if (a.kind == ActionKind::kCloseCombatResult && aw.kind != AwaitKind::kBritishCloseCombat) {
        return not_now("CLOSE_COMBAT_RESULT");
      }
      if (a.kind == ActionKind::kCloseCombatResult && Resolving() && !a.unit_id.empty()) {
        return FightCloseCombat(a.unit_id, path);
      }
      return Casualties(a.target_id, a.casualties, path, a.kind == ActionKind::kCloseCombatResult);
    case ActionKind::kRemove: {
      if (aw.side != Side::kBritish) return not_now("REMOVE");
      const Unit* t = s_.FindUnit(a.target_id);
      if (t == nullptr) {
        return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: no unit '", a.target_id.str(), "'"));
      }
      if (t->side == Side::kBritish) {
        Unit* b = s_.FindUnit(a.target_id);
        b->off_table = true;
        Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
        e.unit_ids = {a.target_id};
        e.announce = absl::StrCat(a.target_id.str(), " leaves the table.");
      } else {
        RemoveUnit(a.target_id, "destroyed at the table", true);
      }
      return absl::OkStatus();
    }
    default:
      return absl::InvalidArgumentError(absl::StrCat(
          path, ".kind: ", ActionKindName(a.kind), " is not a British action in Zulu Control"));
  }
}

// Designed (the TSATF core rules are not in the text): a British unit in
// close combat stays in it until it is fought out (or it routs); it cannot
// move or charge away.
absl::Status ZuluControl::NotLockedInCloseCombat(const Unit& u, const std::string& path) const {
  if (!u.status.in_close_combat) return absl::OkStatus();
  std::vector<std::string> foes;
  for (const Unit* z : CloseCombatFoes(s_, u)) foes.push_back(z->id);
  return absl::FailedPreconditionError(absl::StrCat(
      path, ".unit_id: ", u.id.str(), " is in close combat",
      foes.empty() ? "" : absl::StrCat(" with ", absl::StrJoin(foes, ", ")),
      ": it fights it out and cannot move away (designed)"));
}

absl::Status ZuluControl::BritishMove(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (u == nullptr || u->side != Side::kBritish) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".unit_id: '", a.unit_id.str(),
                                                   "' is not a British unit"));
  }
  if (!u->OnTable()) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                      " is not on the table"));
  }
  if (u->status.acted) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                      " has already moved this turn"));
  }
  IMPI_RETURN_IF_ERROR(NotLockedInCloseCombat(*u, path));
  if (deck().british_moves_left == 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": movement limitation: no more British units may move on this last British card"));
  }
  std::vector<Vec2> pts{u->position};
  for (const Vec2& p : a.path) pts.push_back(p);
  if (!a.off_table) pts.push_back(a.to);
  for (size_t i = 1; i < pts.size(); ++i) {
    const Vec2& p = pts[i];
    if (p.x() < 0 || p.y() < 0 || p.x() > s_.table.width || p.y() > s_.table.height) {
      return absl::InvalidArgumentError(absl::StrCat(path, i + 1 == pts.size() && !a.off_table ? ".to" : ".path",
                                                     ": ", At(p), " is off the table (",
                                                     s_.table.width, " x ", s_.table.height, ")"));
    }
  }
  // Designed (footprint.h): a move does not end on or beside a Zulu unit;
  // closing with one is a CHARGE.
  std::string near;
  if (!a.off_table && !ClearOfZulus(s_, *u, a.to, &near)) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ".to: ", At(a.to), " is within ", Inches(kClearOfBritish), " of the Zulu unit ", near,
        ": to close with it, CHARGE it (designed)"));
  }
  u->status.acted = true;
  if (deck().british_moves_left > 0) --deck().british_moves_left;
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  e.unit_ids = {a.unit_id};
  e.path = pts;
  if (a.off_table) {
    u->off_table = true;
    e.announce = absl::StrCat(a.unit_id.str(), " moves off the table.");
    return absl::OkStatus();
  }
  u->position = a.to;
  e.announce = absl::StrCat(a.unit_id.str(), " moves to ", At(a.to), ".");
  Unit copy = *u;
  CheckAppearancePoints(copy, pts);
  // Designed (victory.h): the patrol's objective counts as reached even
  // when it has already generated an impi (SPENT); OCCUPIED is as final.
  if (SpentObjectiveReached(s_, a.to)) {
    Point* p = s_.FindPoint(PointKind::kAppearance, ObjectivePoint(s_));
    p->state = PointState::kOccupied;
    Event& o = log_.Add(EventKind::kPointOccupied, Side::kBritish);
    o.point = p->number;
    o.point_kind = PointKind::kAppearance;
    o.unit_ids = {a.unit_id};
    o.why = Rule(kSectionVictory, absl::StrCat(a.unit_id.str(), " reaches the patrol's objective, appearance point ",
                                               p->number, "."));
    o.why.rule.designed = true;
  }
  return absl::OkStatus();
}

absl::Status ZuluControl::BritishFire(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (u == nullptr || u->side != Side::kBritish) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".unit_id: '", a.unit_id.str(),
                                                   "' is not a British unit"));
  }
  if (!u->OnTable() || u->status.fired) {
    return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                      u->OnTable() ? " has already fired this turn"
                                                                   : " is not on the table"));
  }
  const Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr || t->side != Side::kZulu || !t->OnTable()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: '", a.target_id.str(),
                                                   "' is not a Zulu unit on the table"));
  }
  if (t->kind == UnitKind::kImpi) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: ", a.target_id.str(),
                                                   " is an impi: fire at one of its regiments"));
  }
  if (a.hits < 0 || a.hits > t->figures.Present()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".hits: ", a.hits, " is not between 0 and the ",
                                                   t->figures.Present(), " figures of ", a.target_id.str()));
  }
  int hits = a.hits;
  if (Resolving()) {
    IMPI_RETURN_IF_ERROR(RollBritishFire(a, path, &hits));
    u = s_.FindUnit(a.unit_id);
    t = s_.FindUnit(a.target_id);
  }
  u->status.fired = true;
  std::string parent = t->parent;
  for (Unit& x : s_.units) {
    if (x.id == a.target_id || (!parent.empty() && x.id == parent)) {
      AddUnique(U(x.id).fired_on_by_this_turn, a.unit_id);
    }
  }
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  e.unit_ids = {a.unit_id};
  e.target_id = a.target_id;
  e.announce = absl::StrCat(a.unit_id.str(), " fires at ", a.target_id.str(), ": ", hits, " hit(s).");
  if (t->kind == UnitKind::kLoneZulu) {
    return LoneZulu(a.target_id, hits > 0 ? LoneZuluEvent::kFiredAtHit : LoneZuluEvent::kFiredAtMissed,
                    a.unit_id);
  }
  if (hits > 0) return Casualties(a.target_id, hits, path, false);
  return absl::OkStatus();
}

absl::Status ZuluControl::BritishCharge(const Action& a, const std::string& path) {
  Unit* u = s_.FindUnit(a.unit_id);
  if (u == nullptr || u->side != Side::kBritish || !u->OnTable()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".unit_id: '", a.unit_id.str(),
                                                   "' is not a British unit on the table"));
  }
  const Unit* t = s_.FindUnit(a.target_id);
  if (t == nullptr || t->side != Side::kZulu || !t->OnTable() || t->kind == UnitKind::kImpi) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: '", a.target_id.str(),
                                                   "' is not a Zulu unit on the table (charge a "
                                                   "regiment, not the impi)"));
  }
  IMPI_RETURN_IF_ERROR(NotLockedInCloseCombat(*u, path));
  bool in_movement = s_.clock.phase == Phase::kMovement;
  if (in_movement) {
    if (u->status.acted) {
      return absl::FailedPreconditionError(absl::StrCat(path, ".unit_id: ", a.unit_id.str(),
                                                        " has already moved this turn"));
    }
    if (deck().british_moves_left == 0) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ": movement limitation: no more British units may move on this last British card"));
    }
    if (deck().british_moves_left > 0) --deck().british_moves_left;
  }
  Vec2 from = u->position;
  // Designed (footprint.h): in contact, beside any friend already there.
  Vec2 contact = ChargeContact(s_, *u, t->position, kContact);
  u->position = contact;
  u->status.acted = true;
  UnitKind kind = t->kind;
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  e.unit_ids = {a.unit_id};
  e.target_id = a.target_id;
  e.path = {from, contact};
  e.announce = absl::StrCat(a.unit_id.str(), " charges ", a.target_id.str(), ".");
  Unit copy = *u;
  if (in_movement) CheckAppearancePoints(copy, {from, contact});
  if (s_.FindUnit(a.target_id) == nullptr) return absl::OkStatus();  // converted meanwhile
  if (kind == UnitKind::kLoneZulu) {
    return LoneZulu(a.target_id, LoneZuluEvent::kAttackedInCloseCombat, a.unit_id);
  }
  if (kind == UnitKind::kSkirmishers || kind == UnitKind::kRifleRegiment) {
    return TestToStand(a.target_id, a.unit_id);
  }
  s_.FindUnit(a.unit_id)->status.in_close_combat = true;
  s_.FindUnit(a.target_id)->status.in_close_combat = true;
  return absl::OkStatus();
}

absl::Status ZuluControl::Casualties(const std::string& target_id, int casualties,
                                     const std::string& path, bool close_combat) {
  Unit* t = s_.FindUnit(target_id);
  if (t == nullptr || !t->OnTable()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: '", target_id,
                                                   "' is not a unit on the table"));
  }
  if (t->kind == UnitKind::kImpi) {
    return absl::InvalidArgumentError(absl::StrCat(path, ".target_id: ", target_id,
                                                   " is an impi: report losses per regiment"));
  }
  if (casualties < 0 || casualties > t->figures.Present()) {
    return absl::InvalidArgumentError(absl::StrCat(path, close_combat ? ".casualties: " : ".hits: ",
                                                   casualties, " is not between 0 and the ",
                                                   t->figures.Present(), " figures of ", target_id));
  }
  // "For simplicity all wounded Zulus are hors de combat and are treated as dead."
  int from_fit = std::min(casualties, t->figures.fit);
  t->figures.fit -= from_fit;
  int rest = casualties - from_fit;
  int from_wounded = std::min(rest, t->figures.wounded);
  t->figures.wounded -= from_wounded;
  t->figures.seriously_wounded -= rest - from_wounded;
  t->figures.casualties += casualties;
  t->figures.riflemen = std::min(t->figures.riflemen, t->figures.fit);
  U(t->id).losses_this_turn += casualties;
  Event& e = log_.Add(EventKind::kBritishAction, Side::kBritish);
  e.unit_ids = {target_id};
  e.announce = absl::StrCat(target_id, " loses ", casualties, " figure(s)", close_combat ? " in close combat" : "",
                            ".");
  if (t->figures.Present() <= 0) {
    if (t->side == Side::kBritish) {
      t->off_table = true;
      Event& g = log_.Add(EventKind::kUnitRemoved, Side::kBritish);
      g.unit_ids = {target_id};
      g.announce = absl::StrCat(target_id, " is destroyed.");
    } else {
      RemoveUnit(target_id, "destroyed", true);
    }
    return absl::OkStatus();
  }
  if (t->side == Side::kBritish && Resolving() && !t->status.below_half &&
      t->figures.Present() * 2 < t->figures.Starting()) {
    t->status.below_half = true;
    return BritishMorale(target_id);
  }
  if (t->side == Side::kZulu && !t->status.below_half && t->figures.Present() * 2 < t->figures.Starting()) {
    t->status.below_half = true;
    return CriticalMorale(target_id);
  }
  return absl::OkStatus();
}

}  // namespace impi::tsatf
