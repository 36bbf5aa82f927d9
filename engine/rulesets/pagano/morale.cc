// ZULU MORALE, the induna, the NNC's morale and the medical corps. See
// morale.h.
#include "engine/rulesets/pagano/morale.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/geometry.h"
#include "engine/core/status_macros.h"
#include "engine/rulesets/pagano/ground.h"
#include "engine/rulesets/pagano/missile.h"
#include "engine/rulesets/pagano/movement.h"

namespace impi::pagano {
namespace {


const char* OutcomeName(MoraleOutcome o) {
  switch (o) {
    case MoraleOutcome::kFirm:
      return "Firm";
    case MoraleOutcome::kStayed:
      return "Stayed";
    case MoraleOutcome::kRouted:
      return "Routed";
  }
  return "";
}

// Whether the isigaba `u` (of the kind `nnc` picks) is due a morale roll.
bool Due(const BattleState& s, const Unit& u, bool nnc) {
  if (!IsIsigaba(u) || (u.kind == UnitKind::kNativeFoot) != nnc) return false;
  const PaganoUnit* e = UnitState(s, u);
  return e != nullptr && !u.off_table && !u.status.routed && u.figures.fit > 0 && MoraleDue(e->lost_since_morale);
}

// Rolls the morale of the isigaba at handle `h`, due a roll, and applies it.
absl::Status Roll(BattleState& s, size_t h, bool nnc, bool lost_all, Dice& dice, EventLog& log) {
  Unit& u = s.units[h];
  const PaganoUnit* e = UnitState(s, u);
  MoraleSituation m;
  m.remaining = u.figures.fit;
  m.lost = e->lost_since_morale;
  m.initiating_melee = e->initiated_melee;
  m.directed_by_induna = e->directed_by != kNoUnit;
  m.all_induna_lost = lost_all;
  m.nnc = nnc;
  Explanation why;
  IMPI_ASSIGN_OR_RETURN(const MoraleResult r, ZuluMorale(dice, m, log.wanted() ? &why : nullptr));
  PaganoUnit& me = MutableUnitState(s, s.units[h]);
  if (r.outcome == MoraleOutcome::kRouted) {
    s.units[h].status.routed = true;  // "Routed; eliminated from battle"
  } else if (r.outcome == MoraleOutcome::kStayed) {
    me.stayed = true;
  }
  if (log.wanted()) {
    Event& ev = log.Add(EventKind::kMoraleTest, s.units[h].side);
    ev.unit_ids = {s.units[h].id.str()};
    ev.why = std::move(why);
    ev.announce = absl::StrCat(s.units[h].id.str(), " rolls morale: ", r.total, ", ",
                               OutcomeName(r.outcome), ".");
  }
  return absl::OkStatus();
}

// Rolls for each isigaba of the kind `nnc` picks that lost figures since its
// last morale phase.
absl::Status ResolveMorale(BattleState& s, bool nnc, Dice& dice, EventLog& log) {
  const bool lost_all = AllIndunaLost(s);
  for (size_t h = 0; h < s.units.size(); ++h) {
    if (Due(s, s.units[h], nnc)) IMPI_RETURN_IF_ERROR(Roll(s, h, nnc, lost_all, dice, log));
  }
  // "Remove the markers at the end of the Zulu morale phase." (The NNC's
  // markers at the end of their own roll.) The induna's direction is spent.
  PaganoState& own = MutableOwnState(s);
  for (size_t h = 0; h < s.units.size(); ++h) {
    const bool is_nnc = s.units[h].kind == UnitKind::kNativeFoot;
    if (!IsIsigaba(s.units[h]) || is_nnc != nnc) continue;
    own.units[h].lost_since_morale = 0;
    own.units[h].directed_by = kNoUnit;
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckDirect(const BattleState& s, int induna, int isigaba) {
  const int n = static_cast<int>(s.units.size());
  if (induna < 0 || induna >= n || isigaba < 0 || isigaba >= n) {
    return absl::FailedPreconditionError("names no unit of the state");
  }
  const Unit& i = s.units[static_cast<size_t>(induna)];
  const Unit& z = s.units[static_cast<size_t>(isigaba)];
  if (i.kind != UnitKind::kInduna || i.side != Side::kZulu || !InTheBattle(i)) {
    return absl::FailedPreconditionError(absl::StrCat(i.id.str(), " is not an induna in the battle"));
  }
  if (z.kind != UnitKind::kIsigaba || z.off_table || z.status.routed || z.figures.fit <= 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(z.id.str(), " is not a Zulu isigaba in the battle to direct"));
  }
  // (Handles in entries are the state's own when they are keyed to it; a
  // caller's state with its units reordered is keyed by Direct first.)
  if (const PaganoState* own = OwnState(s); own != nullptr && own->KeyedTo(s)) {
    for (size_t h = 0; h < s.units.size(); ++h) {
      if (own->units[h].directed_by == induna && static_cast<int>(h) != isigaba) {
        return absl::FailedPreconditionError(absl::StrCat(
            i.id.str(), " already directs ", s.units[h].id.str(),
            " this phase: \"each induna may direct one isigaba\""));
      }
    }
  }
  const double gap = Gap(s, i, z);
  const bool sight = SightClear(s, i.position, z.position);
  Explanation why;
  IMPI_ASSIGN_OR_RETURN(const bool in, InDirectingRange(ScaleOf(s), gap, sight, &why));
  if (!in) {
    return absl::FailedPreconditionError(absl::StrCat(i.id.str(), " may not direct ", z.id.str(),
                                                      ": ", why.text));
  }
  return absl::OkStatus();
}

absl::Status Direct(BattleState& s, int induna, int isigaba) {
  MutableOwnState(s);  // keyed: the handles are the state's
  IMPI_RETURN_IF_ERROR(CheckDirect(s, induna, isigaba));
  MutableUnitState(s, s.units[static_cast<size_t>(isigaba)]).directed_by = induna;
  return absl::OkStatus();
}

bool AllIndunaLost(const BattleState& s) {
  bool any = false;
  for (const Unit& u : s.units) {
    if (u.kind != UnitKind::kInduna || u.side != Side::kZulu) continue;
    any = true;
    if (InTheBattle(u)) return false;
  }
  return any;
}

absl::Status ResolveZuluMorale(BattleState& s, Dice& dice, EventLog& log) {
  return ResolveMorale(s, /*nnc=*/false, dice, log);
}

absl::Status RollMorale(BattleState& s, int isigaba, Dice& dice, EventLog& log) {
  if (isigaba < 0 || static_cast<size_t>(isigaba) >= s.units.size()) {
    return absl::FailedPreconditionError("the roll names no unit of the state");
  }
  KeyOwnState(s);
  const Unit& u = s.units[static_cast<size_t>(isigaba)];
  const bool nnc = u.kind == UnitKind::kNativeFoot;
  if (!Due(s, u, nnc)) {
    return absl::FailedPreconditionError(absl::StrCat(
        u.id.str(), " does not roll: only \"Each isigaba that received at least one casualty since the last Zulu "
                    "morale phase must roll morale\" (one on the table, not routed)"));
  }
  IMPI_RETURN_IF_ERROR(Roll(s, static_cast<size_t>(isigaba), nnc, !nnc && AllIndunaLost(s), dice, log));
  PaganoUnit& e = MutableUnitState(s, s.units[static_cast<size_t>(isigaba)]);
  e.lost_since_morale = 0;
  e.directed_by = kNoUnit;
  return absl::OkStatus();
}

absl::Status ResolveNncMorale(BattleState& s, Dice& dice, EventLog& log) {
  return ResolveMorale(s, /*nnc=*/true, dice, log);
}

StayedChoices StayedChoicesFor(const BattleState& s, const Unit& isigaba) {
  StayedSituation st;
  st.prone = isigaba.stance == Stance::kProne;
  double nearest_gap = 0;
  const Unit* nearest = NearestEnemy(s, isigaba, &nearest_gap);
  // "the option to go prone may not be used if within 3" of the enemy"
  st.within_3_of_enemy = nearest != nullptr && nearest_gap <= 3.0;
  st.in_cover = nearest != nullptr && MissileCover(s, isigaba, *nearest, nullptr) != CoverClass::kNone;
  // Cover within the longest move it could roll (whether it reaches it is
  // the roll's: ApplyStayed).
  st.cover_within_a_move = !st.in_cover && NearestCover(s, isigaba, kLongestZuluMove).has_value();
  return StayedOptions(st, nullptr);
}

absl::Status ApplyStayed(BattleState& s, int isigaba, StayedChoice choice, Dice& dice,
                         EventLog& log) {
  if (isigaba < 0 || static_cast<size_t>(isigaba) >= s.units.size()) {
    return absl::FailedPreconditionError("the choice names no unit of the state");
  }
  const Unit& z = s.units[static_cast<size_t>(isigaba)];
  const PaganoUnit* e = UnitState(s, z);
  if (e == nullptr || !e->stayed || z.status.routed || z.off_table) {
    return absl::FailedPreconditionError(absl::StrCat(z.id.str(), " is not awaiting its Stayed choice"));
  }
  const StayedChoices open = StayedChoicesFor(s, z);
  const bool offered = (choice == StayedChoice::kRetreat && open.retreat) ||
                       (choice == StayedChoice::kGoProne && open.go_prone) ||
                       (choice == StayedChoice::kMoveToCover && open.move_to_cover) ||
                       (choice == StayedChoice::kHoldFirm && open.hold_firm);
  if (!offered) {
    return absl::FailedPreconditionError(absl::StrCat(
        z.id.str(), " may not ",
        choice == StayedChoice::kGoProne      ? "go prone (\"the option to go prone may not be used if within 3\" of the enemy\")"
        : choice == StayedChoice::kHoldFirm   ? "hold firm (only \"If already prone and in cover\")"
        : choice == StayedChoice::kMoveToCover ? "move to cover: no cover within a move"
                                              : "retreat"));
  }
  switch (choice) {
    case StayedChoice::kRetreat:
      // "retreat directly away from the enemy one full move" ("... retreat
      // and end uptight" for one prone in cover).
      IMPI_RETURN_IF_ERROR(MoveIsigaba(s, isigaba, AwayFromTheEnemy(s, z), /*end_prone=*/false, dice,
                                       log, /*away=*/true));
      break;
    case StayedChoice::kGoProne:
      s.units[static_cast<size_t>(isigaba)].stance = Stance::kProne;
      break;
    case StayedChoice::kMoveToCover: {
      // "move to the nearest cover ... If it doesn't have enough movement
      // to reach the cover it must retreat directly away from the enemy."
      // One roll for the move, whichever way it goes.
      const Vec2 cover = *NearestCover(s, z, kLongestZuluMove);
      std::vector<int> face;
      if (z.stance != Stance::kProne) face.push_back(dice.Roll(10, "Zulu movement, half a d10"));
      IMPI_RETURN_IF_ERROR(dice.status());
      BattleState trial = s;
      Dice trial_dice = Dice::Scripted(face);
      EventLog quiet(EventLog::kQuiet);
      IMPI_RETURN_IF_ERROR(MoveIsigaba(trial, isigaba, cover, false, trial_dice, quiet, /*away=*/true));
      const bool reaches = Distance(trial.units[static_cast<size_t>(isigaba)].position, cover) <= 1e-6;
      Dice same = Dice::Scripted(face);
      IMPI_RETURN_IF_ERROR(MoveIsigaba(s, isigaba, reaches ? cover : AwayFromTheEnemy(s, z), false, same,
                                       log, /*away=*/true));
      break;
    }
    case StayedChoice::kHoldFirm:
      break;
  }
  MutableUnitState(s, s.units[static_cast<size_t>(isigaba)]).stayed = false;
  return absl::OkStatus();
}

void CasualtiesLeftBehind(BattleState& s, EventLog& log) {
  for (Unit& c : s.units) {
    if (c.side != Side::kBritish || c.off_table || c.figures.seriously_wounded <= 0) continue;
    bool alongside = false;
    for (const Unit& m : s.units) {
      if (m.kind == UnitKind::kSurgeon && m.side == c.side && &m != &c && InTheBattle(m) &&
          Gap(s, m, c) <= kAlongside) {
        alongside = true;
      }
    }
    if (alongside) continue;
    c.figures.seriously_wounded = 0;
    c.figures.casualties = 1;
    if (log.wanted()) {
      Event& ev = log.Add(EventKind::kUnitRemoved, Side::kBritish);
      ev.unit_ids = {c.id.str()};
      ev.why.rule.source = kSource;
      ev.why.rule.section = kSectionMedical;
      ev.why.rule.row = "Casualties are permanently eliminated if they do not end a movement phase alongside a medical corps figure.";
      ev.announce = absl::StrCat(c.id.str(), " is not alongside a medical corps figure: eliminated permanently.");
    }
  }
}

absl::Status RollMedical(BattleState& s, int casualty, Dice& dice, EventLog& log) {
  if (casualty < 0 || static_cast<size_t>(casualty) >= s.units.size()) {
    return absl::FailedPreconditionError("the roll names no unit of the state");
  }
  Unit& c = s.units[static_cast<size_t>(casualty)];
  if (c.side != Side::kBritish || c.off_table || c.figures.seriously_wounded <= 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(c.id.str(), " is no casualty awaiting the medical corps' care"));
  }
  Explanation why;
  const MedicalOutcome o = MedicalRoll(dice, log.wanted() ? &why : nullptr);
  IMPI_RETURN_IF_ERROR(dice.status());
  if (o == MedicalOutcome::kEliminated) {
    c.figures.seriously_wounded = 0;
    c.figures.casualties = 1;
  } else if (o == MedicalOutcome::kWounded) {
    // "it is 'wounded' and is no longer considered a casualty figure.
    // Wounded may move and fight normally in subsequent phases."
    c.figures.seriously_wounded = 0;
    c.figures.wounded = 1;
  }
  if (log.wanted()) {
    Event& ev = log.Add(EventKind::kTableRoll, Side::kBritish);
    ev.unit_ids = {c.id.str()};
    ev.announce = absl::StrCat(c.id.str(), ": ", why.text);
    ev.why = std::move(why);
  }
  return absl::OkStatus();
}

absl::Status ResolveMedical(BattleState& s, Dice& dice, EventLog& log) {
  for (size_t h = 0; h < s.units.size(); ++h) {
    const Unit& c = s.units[h];
    if (c.side != Side::kBritish || c.off_table || c.figures.seriously_wounded <= 0) continue;
    IMPI_RETURN_IF_ERROR(RollMedical(s, static_cast<int>(h), dice, log));
  }
  return absl::OkStatus();
}

}  // namespace impi::pagano
