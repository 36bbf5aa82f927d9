// clients/cli/play.cc: `impi play`. See play.h.
#include "clients/cli/play.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "clients/cli/explain.h"
#include "clients/cli/render.h"
#include "clients/cli/request_io.h"
#include "engine/game/ruleset.h"
#include "engine/scenarios/embedded.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "service/convert.h"

namespace impi::cli {
namespace {

// Whether the British give every awaited unit an order, all carried out
// together: as many units may move as are awaited, and the engine offers
// each its own PASS (it holds). A PASS then holds those not yet ordered.
bool OrdersEveryUnit(const v1::Awaiting& awaiting) {
  if (awaiting.unit_ids_size() == 0 || awaiting.units_may_move() != awaiting.unit_ids_size()) {
    return false;
  }
  for (const std::string& id : awaiting.unit_ids()) {
    const bool holds = std::any_of(
        awaiting.options().begin(), awaiting.options().end(),
        [&](const v1::Action& a) { return a.kind() == v1::PASS && a.unit_id() == id; });
    if (!holds) return false;
  }
  return true;
}

// A built-in scenario's table: one packed with impi (LoadScenario), else
// one a rule set builds itself (Ruleset::ScenarioNames).
absl::StatusOr<v1::TableState> StartingTable(const std::string& name) {
  absl::StatusOr<v1::TableState> table = LoadScenario(name);
  if (table.ok()) return table;
  std::vector<std::string> known;
  for (const Ruleset* rules : AllRulesets()) {
    for (const std::string& own : rules->ScenarioNames()) {
      known.push_back(own);
      if (own != name) continue;
      absl::StatusOr<BattleState> state = rules->Scenario(name);
      if (!state.ok()) return state.status();
      v1::TableState out;
      service::ToProto(*state, &out);
      return out;
    }
  }
  if (known.empty()) return table.status();
  return absl::NotFoundError(absl::StrCat(table.status().message(), "; built by their rule sets: ",
                                          absl::StrJoin(known, ", ")));
}

// Whether the British act unit by unit, any of the awaited units in any
// order, and a PASS naming no unit ends their phase (the rest stand): many
// units awaited, and impi offers that PASS.
bool PassEndsPhase(const v1::Awaiting& awaiting) {
  return awaiting.unit_ids_size() > 1 &&
         std::any_of(awaiting.options().begin(), awaiting.options().end(),
                     [](const v1::Action& a) { return a.kind() == v1::PASS && a.unit_id().empty(); });
}

// The action a volley takes for the first unit awaited: a FIRE at the
// nearest target impi offers it (centre to centre; the first offered on a
// tie), else the PASS offered it (it stands); false if impi offers it
// neither.
bool VolleyAction(const v1::AdvanceResponse& answer, v1::Action* out) {
  const v1::Awaiting& awaiting = answer.awaiting();
  if (awaiting.unit_ids_size() == 0) return false;
  const std::string& id = awaiting.unit_ids(0);
  std::map<std::string, const v1::Vec2*> at;
  for (const v1::Unit& u : answer.state().units()) at[u.id()] = &u.position();
  const v1::Action* stand = nullptr;
  const v1::Action* best = nullptr;
  double nearest = 0;
  for (const v1::Action& a : awaiting.options()) {
    if (a.unit_id() != id) continue;
    if (a.kind() == v1::PASS && stand == nullptr) stand = &a;
    if (a.kind() != v1::FIRE || at.count(id) == 0 || at.count(a.target_id()) == 0) continue;
    const v1::Vec2& p = *at[id];
    const v1::Vec2& q = *at[a.target_id()];
    const double d = std::hypot(p.x() - q.x(), p.y() - q.y());
    if (best == nullptr || d < nearest) {
      best = &a;
      nearest = d;
    }
  }
  if (best == nullptr && stand == nullptr) return false;
  *out = best != nullptr ? *best : *stand;
  return true;
}

// At most this many of the units that may act are named after a step.
constexpr int kUnitsNamed = 12;

constexpr char kHelp[] =
    "commands:\n"
    "  move ID X Y          ID moved to (X, Y) inches\n"
    "  fire ID TARGET HITS  ID fired at TARGET and hit HITS figures\n"
    "  charge ID TARGET     ID charged TARGET\n"
    "  lost TARGET N        TARGET lost N figures (fire resolved at the table)\n"
    "  result TARGET N      close combat resolved at the table: TARGET lost N\n"
    "  remove TARGET        TARGET is destroyed or leaves the table\n"
    "  deploy ID X Y        ID deploys at (X, Y) (where the rules deploy units)\n"
    "  bayonets ID          ID fixes bayonets (where the rules have it)\n"
    "Orders given to every unit, then carried out together (impi rolls every die):\n"
    "  fire ID TARGET       ID fires at TARGET\n"
    "  aim ID TARGET INCHES a gun or rocket fires at TARGET, the range announced\n"
    "  hold ID              ID holds and defends\n"
    "  join ID UNIT         the commander ID (or his aide) joins UNIT\n"
    "  order ID UNIT hold|attack  ID, attached to UNIT, changes its standing order\n"
    "  limber ID, unlimber ID     a gun, Gatling or rocket\n"
    "  stance ID STANCE     ID goes PRONE, UPRIGHT, SQUARE, MOUNTED or DISMOUNTED\n"
    "  options [ID]         what impi offers the British now (of ID), numbered\n"
    "  do N [N ...]         note the options numbered N (where the rules take only\n"
    "                       the orders impi offers, as on a hex board: every order)\n"
    "  volley               where units fire one by one: each fires at the nearest\n"
    "                       target impi offers it (or stands), a step each\n"
    "  pass                 send the actions so far and PASS: impi plays on\n"
    "                       (orders to every unit: each not yet ordered holds;\n"
    "                       units that act one by one in any order: the phase\n"
    "                       ends, the rest stand; also: pass all, end)\n"
    "  send                 send the actions so far without passing\n"
    "  drop                 forget the actions not sent\n"
    "  undo                 take back the last step\n"
    "  units                the units on the table\n"
    "  render FILE          the table as SVG\n"
    "  save [FILE]          save the game\n"
    "  help, quit\n";

// One event in plain words, or "" if the British may not be told of it.
std::string PlainWords(const v1::Event& e, bool reveal) {
  if ((e.umpire_only() && !reveal) || e.kind() == v1::AWAITING) return "";
  std::string text = !e.announce().empty() ? e.announce() : e.why().text();
  if (text.empty()) return "";
  const v1::RuleRef& rule = e.why().rule();
  const std::string table = !rule.table().empty() ? rule.table() : rule.section();
  if (!table.empty() && !absl::StrContains(text, table)) {
    absl::StrAppend(&text, " [", table, rule.row().empty() ? "" : ": ", rule.row(), "]");
  }
  if (reveal) {
    if (!e.announce().empty() && !e.why().text().empty() && e.why().text() != e.announce()) {
      absl::StrAppend(&text, " (umpire: ", e.why().text(), ")");
    }
    if (e.umpire_only()) text = absl::StrCat("[umpire] ", text);
  }
  return text;
}

void PrintEvents(const v1::AdvanceResponse& answer, bool reveal, std::ostream& out) {
  for (const v1::Event& e : answer.events()) {
    const std::string line = PlainWords(e, reveal);
    if (!line.empty()) out << "  " << line << "\n";
  }
}

void PrintAnswer(const v1::AdvanceResponse& answer, bool reveal, std::ostream& out) {
  PrintEvents(answer, reveal, out);
  out << SummarizeState(answer.state()) << "\n";
  out << "impi awaits: " << answer.awaiting().prompt() << "\n";
  const v1::Awaiting& awaiting = answer.awaiting();
  if (awaiting.unit_ids_size() > 0) {
    out << "  may act: ";
    for (int i = 0; i < awaiting.unit_ids_size() && i < kUnitsNamed; ++i) {
      out << awaiting.unit_ids(i) << " ";
    }
    if (awaiting.unit_ids_size() > kUnitsNamed) {
      out << "and " << awaiting.unit_ids_size() - kUnitsNamed << " more (units lists them)";
    }
    out << "\n";
  }
  if (PassEndsPhase(awaiting)) {
    out << "  (options lists what impi offers " << awaiting.unit_ids(0)
        << "; pass ends the phase, the units that did not act standing)\n";
  }
}

void PrintUnits(const v1::TableState& state, std::ostream& out) {
  for (const v1::Unit& u : state.units()) {
    if (u.off_table() || u.kind() == v1::IMPI) continue;
    out << "  " << u.id() << " " << v1::Side_Name(u.side()) << " " << v1::UnitKind_Name(u.kind());
    if (u.has_hex()) {
      out << " in hex (" << u.hex().q() << ", " << u.hex().r() << ")";  // a hex board: no inches
    } else {
      out << " " << u.figures().fit() << " fit at (" << u.position().x() << ", " << u.position().y() << ")";
    }
    out << (u.status().in_close_combat() ? " in close combat" : "")
        << (u.name().empty() ? "" : "  ") << u.name() << "\n";
  }
}

// A rule set's own order in an action: a message member other than the
// table's own (`to`, `path`, `to_hex`) that holds an enum `order`. False
// if the action carries none.
bool FindOwnOrder(const v1::Action& a, const google::protobuf::FieldDescriptor** member,
                  const google::protobuf::Message** own) {
  using google::protobuf::FieldDescriptor;
  std::vector<const FieldDescriptor*> fields;
  a.GetReflection()->ListFields(a, &fields);
  for (const FieldDescriptor* f : fields) {
    if (f->is_repeated() || f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
    const google::protobuf::Message& m = a.GetReflection()->GetMessage(a, f);
    const FieldDescriptor* order = m.GetDescriptor()->FindFieldByName("order");
    if (order == nullptr || order->cpp_type() != FieldDescriptor::CPPTYPE_ENUM) continue;
    *member = f;
    *own = &m;
    return true;
  }
  return false;
}

// An own order in words: the order's name without its member's lead word,
// then each other field set ("aimed fire, from hex (4, 9)", "line up,
// direction 2, number 1"); `with_direction`: its direction even at 0.
std::string OwnOrderWords(const google::protobuf::FieldDescriptor& member,
                          const google::protobuf::Message& own, bool with_direction) {
  using google::protobuf::FieldDescriptor;
  const google::protobuf::Reflection* reflection = own.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(own, &fields);
  // A direction 0 (north) is not set on the wire; an ORDER's is named.
  const FieldDescriptor* direction = own.GetDescriptor()->FindFieldByName("direction");
  if (with_direction && direction != nullptr && direction->cpp_type() == FieldDescriptor::CPPTYPE_INT32 &&
      std::find(fields.begin(), fields.end(), direction) == fields.end()) {
    fields.push_back(direction);
  }
  std::string order;
  std::vector<std::string> rest;
  for (const FieldDescriptor* f : fields) {
    if (f->is_repeated()) continue;
    if (f->name() == "order" && f->cpp_type() == FieldDescriptor::CPPTYPE_ENUM) {
      // "XYZ_AIMED_FIRE" in member "xyz_game": "aimed fire".
      order = std::string(reflection->GetEnum(own, f)->name());
      const std::string lead =
          absl::StrCat(absl::AsciiStrToUpper(member.name().substr(0, member.name().find('_'))), "_");
      if (absl::StartsWith(order, lead)) order = order.substr(lead.size());
      absl::AsciiStrToLower(&order);
      std::replace(order.begin(), order.end(), '_', ' ');
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_INT32) {
      rest.push_back(absl::StrCat(f->name(), " ", reflection->GetInt32(own, f)));
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      // A hex: {q, r}.
      const google::protobuf::Message& h = reflection->GetMessage(own, f);
      const FieldDescriptor* q = h.GetDescriptor()->FindFieldByName("q");
      const FieldDescriptor* r = h.GetDescriptor()->FindFieldByName("r");
      if (q == nullptr || r == nullptr || q->cpp_type() != FieldDescriptor::CPPTYPE_INT32 ||
          r->cpp_type() != FieldDescriptor::CPPTYPE_INT32) {
        continue;
      }
      rest.push_back(absl::StrCat(f->name(), " hex (", h.GetReflection()->GetInt32(h, q), ", ",
                                  h.GetReflection()->GetInt32(h, r), ")"));
    }
  }
  if (!order.empty()) rest.insert(rest.begin(), order);
  return absl::StrJoin(rest, ", ");
}

// The PASS `pass` as impi offers it, where the offered one carries a rule
// set's own order (a rule set that takes only the orders it offers): the
// PASS offered for the same unit (or none).
void OfferedPass(const v1::Awaiting& awaiting, v1::Action* pass) {
  const google::protobuf::FieldDescriptor* member = nullptr;
  const google::protobuf::Message* own = nullptr;
  for (const v1::Action& a : awaiting.options()) {
    if (a.kind() == v1::PASS && a.unit_id() == pass->unit_id() && FindOwnOrder(a, &member, &own)) {
      *pass = a;
      return;
    }
  }
}

// One British action in a line of text: "b_coy FIRE at z3".
std::string ActionWords(const v1::Action& a) {
  std::string text = absl::StrCat(a.unit_id(), a.unit_id().empty() ? "" : " ",
                                  v1::ActionKind_Name(a.kind()));
  if (!a.target_id().empty()) {
    absl::StrAppend(&text, a.kind() == v1::MOVE ? " to join " : " ", a.target_id());
  }
  const google::protobuf::FieldDescriptor* member = nullptr;
  const google::protobuf::Message* own = nullptr;
  const bool has_own = FindOwnOrder(a, &member, &own);
  if (a.has_to_hex()) {
    absl::StrAppend(&text, a.kind() == v1::MOVE || a.kind() == v1::DEPLOY ? " into" : " at", " hex (",
                    a.to_hex().q(), ", ", a.to_hex().r(), ")");
  } else if ((a.kind() == v1::MOVE || a.kind() == v1::DEPLOY) && !has_own) {  // an own order: a hex board
    absl::StrAppend(&text, " to (", absl::StrFormat("%.1f", a.to().x()), ", ",
                    absl::StrFormat("%.1f", a.to().y()), ")");
  }
  if (a.kind() == v1::ORDER && a.point() > 0) {
    absl::StrAppend(&text, a.point() == 2 ? ": attack" : a.point() == 1 ? ": hold" : "",
                    " (point ", a.point(), ")");
  } else if (a.point() > 0) {
    absl::StrAppend(&text, " (point ", a.point(), ")");
  }
  if (a.stance() != v1::STANCE_UNSPECIFIED) {
    absl::StrAppend(&text, " ", v1::Stance_Name(a.stance()));
  }
  if (a.range_estimate() > 0) absl::StrAppend(&text, ", range ", a.range_estimate(), "\"");
  if (has_own) absl::StrAppend(&text, ": ", OwnOrderWords(*member, *own, a.kind() == v1::ORDER));
  return text;
}

// The words of a line; "" when the input has ended.
bool ReadWords(std::istream& in, std::ostream& out, const std::string& prompt,
               std::vector<std::string>* words) {
  out << prompt << std::flush;
  std::string line;
  if (!std::getline(in, line)) return false;
  *words = absl::StrSplit(line, absl::ByAnyChar(" \t,"), absl::SkipEmpty());
  return true;
}

bool ToDouble(const std::string& s, double* v) { return absl::SimpleAtod(s, v); }
bool ToInt(const std::string& s, int* v) { return absl::SimpleAtoi(s, v); }

// The British actions typed in: the command, the action, and its arguments
// in order: u unit_id, t target_id, x / y the destination (inches), h hits,
// n casualties (counts are whole and not negative), e a range estimate
// (inches, positive), o a standing order (hold or attack: point 1 or 2),
// s a stance by name (PRONE, UPRIGHT, SQUARE, MOUNTED, DISMOUNTED).
// A command may have several forms, told apart by their number of words.
struct ActionForm {
  const char* command;
  v1::ActionKind kind;
  const char* args;
  const char* usage;
};
constexpr ActionForm kActionForms[] = {
    {"move", v1::MOVE, "uxy", "move ID X Y"},
    {"fire", v1::FIRE, "uth", "fire ID TARGET HITS"},
    {"charge", v1::CHARGE, "ut", "charge ID TARGET"},
    {"lost", v1::CASUALTIES, "tn", "lost TARGET N"},
    {"result", v1::CLOSE_COMBAT_RESULT, "tn", "result TARGET N"},
    {"remove", v1::REMOVE, "t", "remove TARGET"},
    {"deploy", v1::DEPLOY, "uxy", "deploy ID X Y"},
    {"bayonets", v1::FIX_BAYONETS, "u", "bayonets ID"},
    {"fire", v1::FIRE, "ut", "fire ID TARGET"},
    {"aim", v1::FIRE, "ute", "aim ID TARGET INCHES"},
    {"hold", v1::PASS, "u", "hold ID"},
    {"join", v1::MOVE, "ut", "join ID UNIT"},
    {"order", v1::ORDER, "uto", "order ID UNIT hold|attack"},
    {"limber", v1::LIMBER, "u", "limber ID"},
    {"unlimber", v1::UNLIMBER, "u", "unlimber ID"},
    {"stance", v1::STANCE, "us", "stance ID PRONE|UPRIGHT|SQUARE|MOUNTED|DISMOUNTED"},
};

// An Empress standing order by name (or number): its point, or 0.
int StandingOrder(const std::string& word) {
  const std::string w = absl::AsciiStrToLower(word);
  if (w == "hold" || w == "1") return 1;
  if (w == "attack" || w == "2") return 2;
  return 0;
}

// A British action from a command line, or an error message.
std::string ParseAction(const std::vector<std::string>& w, v1::Action* a) {
  std::vector<std::string> usages;
  for (const ActionForm& form : kActionForms) {
    if (w[0] != form.command) continue;
    const std::string args = form.args;
    const std::string usage = absl::StrCat("usage: ", form.usage);
    usages.push_back(form.usage);
    if (w.size() != args.size() + 1) continue;
    a->Clear();
    a->set_kind(form.kind);
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& word = w[i + 1];
      double d = 0;
      int n = 0;
      const bool is_count = args[i] == 'h' || args[i] == 'n';
      if ((args[i] == 'x' || args[i] == 'y') && !ToDouble(word, &d)) return usage;
      if (args[i] == 'e' && (!ToDouble(word, &d) || !(d > 0))) return usage;
      if (is_count && (!ToInt(word, &n) || n < 0)) return usage;
      if (args[i] == 'o' && (n = StandingOrder(word)) == 0) return usage;
      v1::Stance stance = v1::STANCE_UNSPECIFIED;
      if (args[i] == 's' &&
          (!v1::Stance_Parse(absl::AsciiStrToUpper(word), &stance) || stance == v1::STANCE_UNSPECIFIED)) {
        return usage;
      }
      switch (args[i]) {
        case 'u': a->set_unit_id(word); break;
        case 't': a->set_target_id(word); break;
        case 'x': a->mutable_to()->set_x(d); break;
        case 'y': a->mutable_to()->set_y(d); break;
        case 'h': a->set_hits(n); break;
        case 'n': a->set_casualties(n); break;
        case 'e': a->set_range_estimate(d); break;
        case 'o': a->set_point(n); break;
        case 's': a->set_stance(stance); break;
      }
    }
    return "";
  }
  if (!usages.empty()) return absl::StrCat("usage: ", absl::StrJoin(usages, " or "));
  return absl::StrCat("unknown command \"", w[0], "\" (help lists them)");
}

class Loop {
 public:
  Loop(const PlayOptions& o, std::istream& in, std::ostream& out, std::ostream& err)
      : o_(o), in_(in), out_(out), err_(err), stub_(MakeStub(o.call)) {}

  int Run() {
    v1::TableState start;
    if (!o_.load.empty()) {
      absl::StatusOr<std::string> text = ReadInput(o_.load);
      v1::TableState state;
      std::vector<v1::Event> ignored;
      if (!text.ok() || !ParseRenderInput(*text, &state, &ignored).ok()) {
        err_ << "error: " << o_.load
             << ": not a saved game (the page's {state, awaiting, events}, a TableState, or "
                "a request or answer holding one)\n";
        return kExitError;
      }
      start = state;
    } else {
      // No scenario named: the first built in.
      if (o_.scenario.empty() && !scenarios::AllScenarios().empty()) {
        o_.scenario = scenarios::AllScenarios().front().name;
      }
      absl::StatusOr<v1::TableState> state = StartingTable(o_.scenario);
      if (!state.ok()) {
        err_ << "error: " << state.status().message() << "\n";
        return kExitUsage;
      }
      start = *state;
    }
    out_ << "impi play: " << (o_.load.empty() ? o_.scenario : o_.load)
         << (o_.manual_dice ? ", dice typed in from the table" : "") << ". Type help for the commands.\n";
    v1::AdvanceRequest first;
    *first.mutable_state() = start;
    if (!Step(first)) return history_.empty() ? kExitError : kExitOk;

    std::vector<std::string> w;
    while (true) {
      if (history_.back().awaiting().kind() == v1::GAME_ENDED) {
        out_ << "The game is over.\n";
        return kExitOk;
      }
      if (!ReadWords(in_, out_, "impi> ", &w)) return kExitOk;
      if (w.empty()) continue;
      const std::string cmd = absl::AsciiStrToLower(w[0]);
      if (cmd == "quit" || cmd == "exit") return kExitOk;
      if (cmd == "help") {
        out_ << kHelp;
      } else if (cmd == "pass" || cmd == "send" || cmd == "end") {
        v1::AdvanceRequest next;
        *next.mutable_state() = history_.back().state();
        for (const v1::Action& a : pending_) *next.add_british_actions() = a;
        const v1::Awaiting& awaiting = history_.back().awaiting();
        if (cmd == "end" && !PassEndsPhase(awaiting)) {
          out_ << "end ends a phase where the British act unit by unit; pass plays on.\n";
          continue;
        }
        if (cmd == "pass" && OrdersEveryUnit(awaiting)) {
          // One order a unit: those not yet ordered hold.
          for (const std::string& id : awaiting.unit_ids()) {
            const bool ordered = std::any_of(pending_.begin(), pending_.end(),
                                             [&](const v1::Action& a) { return a.unit_id() == id; });
            if (ordered) continue;
            v1::Action* hold = next.add_british_actions();
            hold->set_kind(v1::PASS);
            hold->set_unit_id(id);
          }
        } else if (cmd == "pass" || cmd == "end") {
          v1::Action* pass = next.add_british_actions();
          pass->set_kind(v1::PASS);
          if (awaiting.unit_ids_size() == 1 && !PassEndsPhase(awaiting)) {
            pass->set_unit_id(awaiting.unit_ids(0));  // the active unit
          }
          OfferedPass(awaiting, pass);
        }
        if (!Step(next)) return kExitOk;
      } else if (cmd == "volley") {
        if (!pending_.empty()) {
          out_ << "send or drop the actions noted first.\n";
        } else if (!Volley()) {
          return kExitOk;
        }
      } else if (cmd == "options") {
        const auto& options = history_.back().awaiting().options();
        int shown = 0;
        for (int i = 0; i < options.size(); ++i) {
          if (w.size() > 1 && options[i].unit_id() != w[1]) continue;
          out_ << "  " << i + 1 << ". " << ActionWords(options[i]) << "\n";
          ++shown;
        }
        if (shown == 0) out_ << "impi offers no options now" << (w.size() > 1 ? " for " + w[1] : "") << ".\n";
      } else if (cmd == "do" && w.size() > 1) {
        const auto& options = history_.back().awaiting().options();
        for (size_t k = 1; k < w.size(); ++k) {
          int n = 0;
          if (!ToInt(w[k], &n) || n < 1 || n > options.size()) {
            out_ << "no option " << w[k] << " (options lists them)\n";
            continue;
          }
          pending_.push_back(options[n - 1]);
          out_ << "noted: " << ActionWords(options[n - 1]) << " (" << pending_.size()
               << " to send; pass or send sends them)\n";
        }
      } else if (cmd == "drop") {
        pending_.clear();
        out_ << "The actions not sent are forgotten.\n";
      } else if (cmd == "undo") {
        if (history_.size() < 2) {
          out_ << "Nothing to undo.\n";
        } else {
          history_.pop_back();
          pending_.clear();
          Save();
          out_ << "Step taken back.\n";
          PrintAnswer(history_.back(), o_.reveal, out_);
        }
      } else if (cmd == "units") {
        PrintUnits(history_.back().state(), out_);
      } else if (cmd == "render" && w.size() == 2) {
        RenderOptions render;
        render.reveal = o_.reveal;
        render.events.assign(history_.back().events().begin(), history_.back().events().end());
        const absl::Status written =
            WriteOutput(w[1], RenderTableSvg(history_.back().state(), render));
        out_ << (written.ok() ? absl::StrCat("The table is drawn in ", w[1], ".")
                              : std::string(written.message()))
             << "\n";
      } else if (cmd == "save") {
        const std::string path = w.size() > 1 ? w[1] : o_.save;
        if (path.empty()) {
          out_ << "usage: save FILE\n";
        } else {
          const absl::Status written = WriteOutput(path, ToJson(history_.back().state()));
          out_ << (written.ok() ? absl::StrCat("Saved to ", path, ".") : std::string(written.message()))
               << "\n";
        }
      } else {
        v1::Action action;
        const std::string error = ParseAction(w, &action);
        if (!error.empty()) {
          out_ << error << "\n";
        } else {
          if (action.kind() == v1::MOVE && !action.target_id().empty() && !action.has_to()) {
            // join: to where the unit joined stands.
            for (const v1::Unit& u : history_.back().state().units()) {
              if (u.id() == action.target_id()) *action.mutable_to() = u.position();
            }
          }
          pending_.push_back(action);
          out_ << "noted (" << pending_.size() << " to send; pass or send sends them)\n";
        }
      }
    }
  }

 private:
  // In a fire phase where the British act unit by unit (PassEndsPhase):
  // the first unit awaited fires at the nearest target impi offers it, or
  // stands, a step each (its events told), until the phase is over or impi
  // refuses a step. False when the input ended while dice were asked for.
  bool Volley() {
    if (history_.back().awaiting().kind() != v1::BRITISH_FIRE || !PassEndsPhase(history_.back().awaiting())) {
      out_ << "volley is for a fire phase where the British units fire one by one.\n";
      return true;
    }
    int fired = 0, stood = 0;
    v1::Action action;
    while (history_.back().awaiting().kind() == v1::BRITISH_FIRE && VolleyAction(history_.back(), &action)) {
      v1::AdvanceRequest next;
      *next.mutable_state() = history_.back().state();
      *next.add_british_actions() = action;
      const size_t steps = history_.size();
      if (!Step(next, /*brief=*/true)) return false;
      if (history_.size() == steps) break;  // refused: impi said why
      ++(action.kind() == v1::FIRE ? fired : stood);
    }
    out_ << "Volley: " << fired << " fired, " << stood << " stood.\n";
    PrintAnswer(history_.back(), o_.reveal, out_);
    return true;
  }

  // One Advance, with the dice asked for until it goes through. False when
  // the input ended while dice were asked for (or the first step failed).
  // `brief`: only the answer's events are told.
  bool Step(v1::AdvanceRequest request, bool brief = false) {
    request.set_list_options(true);
    std::vector<int> faces;
    std::vector<v1::CardColor> cards;
    while (true) {
      if (o_.manual_dice) {
        v1::ScriptedDice* script = request.mutable_dice()->mutable_scripted();
        script->clear_dice();
        script->clear_cards();
        for (int f : faces) script->add_dice(f);
        for (v1::CardColor c : cards) script->add_cards(c);
      } else {
        request.mutable_dice()->set_seed(o_.seed + history_.size());
      }
      grpc::ClientContext context;
      SetDeadline(o_.call, &context);
      v1::AdvanceResponse answer;
      const grpc::Status status = stub_->Advance(&context, request, &answer);
      if (status.ok()) {
        history_.push_back(answer);
        pending_.clear();
        Save();
        if (brief) {
          PrintEvents(answer, o_.reveal, out_);
        } else {
          PrintAnswer(answer, o_.reveal, out_);
        }
        return true;
      }
      const std::string& message = status.error_message();
      if (o_.manual_dice && absl::StrContains(message, "ran out after")) {
        out_ << "impi needs more from the table: " << message << "\n";
        std::vector<std::string> w;
        if (!ReadWords(in_, out_, "roll and type (dice faces; r or b for cards): ", &w) ||
            (!w.empty() && w[0] == "quit")) {
          return false;
        }
        for (const std::string& word : w) {
          int face = 0;
          const std::string lower = absl::AsciiStrToLower(word);
          if (ToInt(word, &face)) {
            faces.push_back(face);
          } else if (lower == "r" || lower == "red") {
            cards.push_back(v1::RED);
          } else if (lower == "b" || lower == "black") {
            cards.push_back(v1::BLACK);
          } else {
            out_ << "not a die face nor a card: " << word << "\n";
          }
        }
        continue;
      }
      out_ << "impi says: " << message << "\n";
      if (history_.empty()) return false;
      out_ << "(nothing was applied: the actions are still noted; drop forgets them)\n";
      return true;
    }
  }

  void Save() {
    if (o_.save.empty() || history_.empty()) return;
    const absl::Status written = WriteOutput(o_.save, ToJson(history_.back().state()));
    if (!written.ok()) err_ << "error: " << written.message() << "\n";
  }

  PlayOptions o_;  // a copy: the scenario is filled in when none is named
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  std::unique_ptr<v1::Umpire::Stub> stub_;
  std::vector<v1::AdvanceResponse> history_;
  std::vector<v1::Action> pending_;
};

}  // namespace

int PlayCommand(const PlayOptions& options, std::istream& in, std::ostream& out,
                std::ostream& err) {
  return Loop(options, in, out, err).Run();
}

}  // namespace impi::cli
