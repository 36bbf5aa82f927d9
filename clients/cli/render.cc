// clients/cli/render.cc: SVG pictures of the table and of arena results. See
// render.h for the drawing conventions.
#include "clients/cli/render.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "ai/arena/arena.h"
#include "clients/cli/commands.h"
#include "clients/cli/labels.h"
#include "clients/cli/request_io.h"
#include "engine/core/geometry.h"
#include "engine/core/hex_map.h"
#include "engine/game/hex_picture.h"
#include "engine/game/wire.h"
#include "service/convert.h"
#include "impi/v1/umpire.pb.h"

namespace impi::cli {
namespace {

constexpr double kTopMargin = 4.0;     // inches above the table: the title
constexpr double kSideMargin = 22.0;   // inches right of the table: off-table units
constexpr double kCloseCombatReach = 3.0;
// A figure on its own base (a unit of one figure): a disc 3/4" across, a
// penny base (docs/pagano-engine.md, Ground).
constexpr double kFigureRadius = 0.375;
// An isigaba of figures on such bases: the frontage its rule set keeps, else
// two ranks, at least 4" (docs/pagano-engine.md, Ground), its depth the
// ranks its figures take behind it.
constexpr double kBaseWidth = 0.75;
constexpr double kLeastFrontage = 4.0;

// Text safe inside an XML element or attribute.
std::string Xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 allows no control characters but tab, newline and return.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string Num(double v) { return absl::StrFormat("%.2f", v); }

// Table coordinates to picture coordinates (y flipped, below the title).
struct Frame {
  double width = 72.0;
  double height = 48.0;
  double X(double x) const { return x; }
  double Y(double y) const { return kTopMargin + height - y; }
  std::string P(const v1::Vec2& v) const { return Num(X(v.x())) + "," + Num(Y(v.y())); }
};

const char* TerrainFill(v1::TerrainKind kind) {
  switch (kind) {
    case v1::HILL: return "#d9c89a";
    case v1::WOODS: return "#6f9a5a";
    case v1::SCRUB: return "#a9bf7a";
    case v1::ROCKS: return "#a39e93";
    case v1::DONGA: return "#b08a5a";
    case v1::RIVER: return "#6fa8dc";
    case v1::DRIFT: return "#9fc5e8";
    case v1::MARSH: return "#8fb8a8";
    case v1::MEALIE_FIELD: return "#e0d070";
    case v1::ROAD: return "#c8b58a";
    case v1::BUILDING:
    case v1::FARM:
    case v1::KRAAL: return "#b5876a";
    case v1::CAMP:
    case v1::TENT_LINES: return "#f2efe6";
    case v1::LAAGER:
    case v1::WALL:
    case v1::BARRICADE:
    case v1::MEALIE_BAGS: return "#7a5c3a";
    default: return "#cfc6a8";
  }
}

// Short words for a unit's state: formation, stance, flags.
std::string StateWords(const v1::Unit& u) {
  std::vector<std::string> words;
  if (u.formation() != v1::FORMATION_UNSPECIFIED) {
    words.push_back(absl::AsciiStrToLower(v1::Formation_Name(u.formation())));
  }
  if (u.stance() != v1::STANCE_UNSPECIFIED && u.stance() != v1::UPRIGHT) {
    words.push_back(absl::AsciiStrToLower(v1::Stance_Name(u.stance())));
  }
  const v1::UnitStatus& s = u.status();
  const std::pair<bool, const char*> flags[] = {
      {s.pinned(), "pinned"},       {s.retiring(), "retiring"},   {s.routed(), "routed"},
      {s.shaken(), "shaken"},       {s.disordered(), "disordered"}, {s.broken(), "broken"},
      {s.in_close_combat(), "in combat"}, {s.limbered(), "limbered"}, {s.surrounded(), "surrounded"},
      {s.ammunition() == v1::LOW, "ammo low"}, {s.ammunition() == v1::OUT, "ammo out"},
      {s.acted(), "acted"},         {s.fired(), "fired"}};
  for (const auto& [on, word] : flags) {
    if (on) words.push_back(word);
  }
  return absl::StrJoin(words, ", ");
}

std::string FigureWords(const v1::Figures& f) {
  std::string text = absl::StrCat(f.fit());
  if (f.wounded() > 0) absl::StrAppend(&text, "+", f.wounded(), "w");
  if (f.seriously_wounded() > 0) absl::StrAppend(&text, "+", f.seriously_wounded(), "sw");
  if (f.casualties() > 0) absl::StrAppend(&text, " (", f.casualties(), " lost)");
  return text;
}

// The rule set's own bookkeeping that the picture shows (a group's hand,
// target or division), by unit id: its wire adapter's notes.
using GroupBook = RulesetWire::UnitNote;

std::map<std::string, GroupBook> Bookkeeping(const v1::TableState& state) {
  const RulesetWire* wire = FindWire(service::RulesetIdOf(state));
  return wire != nullptr ? wire->UnitNotes(state) : std::map<std::string, GroupBook>{};
}

bool OnTable(const v1::Unit& u) { return !u.off_table(); }

// By unit id: the frontage in inches its rule set's own bookkeeping keeps
// (an entry of the own state's `units` with its `unit_id` and a `frontage`
// above 0). Read by field name, so that the picture names no rule set.
std::map<std::string, double> OwnFrontages(const v1::TableState& state) {
  namespace pb = google::protobuf;
  std::map<std::string, double> out;
  const pb::Reflection* r = state.GetReflection();
  const pb::OneofDescriptor* oneof = state.GetDescriptor()->FindOneofByName("ruleset_state");
  const pb::FieldDescriptor* own = oneof ? r->GetOneofFieldDescriptor(state, oneof) : nullptr;
  if (own == nullptr || own->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) return out;
  const pb::Message& book = r->GetMessage(state, own);
  const pb::FieldDescriptor* units = book.GetDescriptor()->FindFieldByName("units");
  if (units == nullptr || !units->is_repeated() ||
      units->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) {
    return out;
  }
  const pb::Descriptor* entry = units->message_type();
  const pb::FieldDescriptor* id = entry->FindFieldByName("unit_id");
  const pb::FieldDescriptor* frontage = entry->FindFieldByName("frontage");
  if (id == nullptr || frontage == nullptr || id->cpp_type() != pb::FieldDescriptor::CPPTYPE_STRING ||
      frontage->cpp_type() != pb::FieldDescriptor::CPPTYPE_DOUBLE || id->is_repeated() ||
      frontage->is_repeated()) {
    return out;
  }
  const pb::Reflection* br = book.GetReflection();
  for (int i = 0; i < br->FieldSize(book, units); ++i) {
    const pb::Message& e = br->GetRepeatedMessage(book, units, i);
    const double inches = e.GetReflection()->GetDouble(e, frontage);
    if (std::isfinite(inches) && inches > 0) out[e.GetReflection()->GetString(e, id)] = inches;
  }
  return out;
}

// A unit of a single figure (fit, wounded or a casualty).
bool SingleFigure(const v1::Unit& u) {
  const v1::Figures& f = u.figures();
  return f.fit() + f.wounded() + f.seriously_wounded() + f.casualties() == 1;
}

// An isigaba's rectangle: its frontage (`own`, else two ranks of bases, at
// least kLeastFrontage) and the depth of the ranks its standing figures take.
std::pair<double, double> IsigabaBox(const v1::Unit& u, double own) {
  const int standing = std::max(u.figures().fit(), 1);
  const double frontage =
      own > 0 ? own : std::max(kLeastFrontage, ((standing + 1) / 2) * kBaseWidth);
  const int per_rank = std::max(1, static_cast<int>(std::floor(frontage / kBaseWidth + 1e-9)));
  const int ranks = std::max(1, (standing + per_rank - 1) / per_rank);
  return {frontage, ranks * kBaseWidth};
}

double Distance(const v1::Vec2& a, const v1::Vec2& b) {
  return std::hypot(a.x() - b.x(), a.y() - b.y());
}

// At most `max` bytes of `text`, not cutting a UTF-8 sequence.
std::string Clip(const std::string& text, size_t max) {
  if (text.size() <= max) return text;
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n);
}

// A stream that appends to a string, whose capacity the caller may reserve
// (std::ostringstream's buffer doubles as it grows: with a cap on the
// picture, the text is written into a string reserved to the cap once).
class StringSink final : public std::streambuf {
 public:
  explicit StringSink(std::string* out) : out_(out) {}

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) out_->push_back(static_cast<char>(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    out_->append(s, static_cast<size_t>(n));
    return n;
  }

 private:
  std::string* const out_;
};

// What a picture may cost (RenderOptions::max_bytes and stop): Ok() is
// false once the text is past its cap or `stop` said so; the drawing loops
// end there, so that the work done is linear in what is drawn.
class Limit {
 public:
  Limit(const RenderOptions& options, const std::string& text)
      : max_bytes_(options.max_bytes), stop_(options.stop), text_(text) {}
  bool Ok() {
    if (over_ || stopped_) return false;
    if (max_bytes_ > 0 && text_.size() > max_bytes_) over_ = true;
    if (stop_ && ++calls_ % 64 == 0 && stop_()) stopped_ = true;
    return !over_ && !stopped_;
  }
  bool over() const { return over_; }
  bool stopped() const { return stopped_; }

 private:
  const size_t max_bytes_;
  const std::function<bool()>& stop_;
  const std::string& text_;
  bool over_ = false;
  bool stopped_ = false;
  int64_t calls_ = 0;
};

// The picture's labels, placed apart (labels.h): each is written as a
// token where its <text> elements go, and put in its place once every label
// and every point's marker is known (Resolve). Placed by rank, then in the
// order drawn: the title and the off-table list where they are, then the
// units', the groups' and the terrain's names. One with no room is drawn
// hidden (its unit's title still names it; the page places it again).
class LabelBook {
 public:
  struct Line {
    double y = 0;       // the baseline
    double size = 1;    // font size, inches
    bool middle = false;  // centred on the label's x
    std::string before;   // attributes before x (a class, an id), each with its space
    std::string after;    // attributes after the font's (the fill)
    std::string text;     // as shown, not yet escaped
  };
  // Writes the token of a label of `lines` at x.
  void Add(std::ostream& o, int rank, double x, std::vector<Line> lines) {
    o << kOpen << labels_.size() << kClose;
    labels_.push_back(Label{rank, x, std::move(lines)});
  }
  // A box no label may cover (a point's marker).
  void Fix(const Box& b) { fixed_.push_back(b); }

  // `svg` with each token replaced by its label's <text> elements, placed.
  std::string Resolve(const std::string& svg, const Box& bounds) const {
    std::vector<size_t> order(labels_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return labels_[a].rank < labels_[b].rank; });
    std::vector<Box> boxes;
    boxes.reserve(order.size());
    for (size_t i : order) boxes.push_back(BoxOf(labels_[i]));
    const std::vector<std::optional<Offset>> placed = PlaceLabels(boxes, fixed_, bounds, kPad);
    std::vector<std::optional<Offset>> at(labels_.size());
    for (size_t k = 0; k < order.size(); ++k) at[order[k]] = placed[k];

    std::string out;
    out.reserve(svg.size() + labels_.size() * 96);
    for (size_t i = 0; i < svg.size(); ++i) {
      if (svg[i] != kOpen) {
        out.push_back(svg[i]);
        continue;
      }
      const size_t end = svg.find(kClose, i);
      const size_t index = std::stoul(svg.substr(i + 1, end - i - 1));
      const Label& l = labels_[index];
      const Offset o = at[index].value_or(Offset{});
      for (const Line& line : l.lines) {
        absl::StrAppend(&out, "<text", line.before, " x=\"", Num(l.x + o.dx), "\" y=\"",
                        Num(line.y + o.dy), "\" font-size=\"", line.size, "\"",
                        line.middle ? " text-anchor=\"middle\"" : "", line.after,
                        at[index].has_value() ? "" : " visibility=\"hidden\"", ">",
                        Xml(line.text), "</text>");
      }
      i = end;
    }
    return out;
  }

 private:
  // Outside XML text (Xml turns control characters into spaces).
  static constexpr char kOpen = '\x01';
  static constexpr char kClose = '\x02';
  // Room kept round a label: a twentieth of an inch.
  static constexpr double kPad = 0.05;
  struct Label {
    int rank = 0;
    double x = 0;
    std::vector<Line> lines;
  };
  static Box BoxOf(const Label& l) {
    Box all;
    bool first = true;
    for (const Line& line : l.lines) {
      const Box b = TextBox(l.x, line.y, line.size, line.middle, line.text);
      if (first) {
        all = b;
        first = false;
        continue;
      }
      const double x0 = std::min(all.x, b.x), y0 = std::min(all.y, b.y);
      all = Box{x0, y0, std::max(all.x + all.w, b.x + b.w) - x0,
                std::max(all.y + all.h, b.y + b.h) - y0};
    }
    return all;
  }
  std::vector<Label> labels_;
  std::vector<Box> fixed_;
};

// The ranks labels are placed in.
constexpr int kRankFixedText = 0;  // the title, the off-table list
constexpr int kRankUnit = 1;  // a unit's, a stack's
constexpr int kRankGroup = 2;
constexpr int kRankTerrain = 3;  // a terrain's, a room's

void DrawTerrain(const v1::TableState& state, const Frame& f, std::ostream& o,
                 Limit& limit, LabelBook& labels) {
  o << "<g class=\"terrain\">\n";
  for (const v1::Terrain& t : state.terrain()) {
    if (!limit.Ok()) break;
    if (t.outline_size() == 0) continue;
    std::vector<std::string> pts;
    std::vector<Vec2> outline;
    for (const v1::Vec2& v : t.outline()) {
      pts.push_back(f.P(v));
      outline.emplace_back(v.x(), v.y());
    }
    // The label's place: the mean of the outline's points.
    const Vec2 centre = MeanOfPoints(outline);
    const double cx = centre.x(), cy = centre.y();
    const std::string kind = v1::TerrainKind_Name(t.kind());
    o << "<g data-terrain-id=\"" << Xml(t.id()) << "\"><title>" << Xml(t.name()) << " ("
      << Xml(kind) << (t.cover_class() > 0 ? absl::StrCat(", class ", t.cover_class()) : "")
      << ")</title>";
    if (t.open()) {
      const double w = t.kind() == v1::RIVER ? 1.2 : 0.5;
      o << "<polyline points=\"" << absl::StrJoin(pts, " ") << "\" fill=\"none\" stroke=\""
        << TerrainFill(t.kind()) << "\" stroke-width=\"" << w << "\"/>";
    } else {
      o << "<polygon points=\"" << absl::StrJoin(pts, " ") << "\" fill=\"" << TerrainFill(t.kind())
        << "\" fill-opacity=\"0.75\" stroke=\"#6b5d3f\" stroke-width=\"0.1\"/>";
      labels.Add(o, kRankTerrain, f.X(cx),
                 {{f.Y(cy), 1, true, "", " fill=\"#4a4030\"", t.name()}});
    }
    o << "</g>\n";
  }
  o << "</g>\n";
}

const char* PointStateName(v1::PointState s) {
  switch (s) {
    case v1::TESTED: return "tested";
    case v1::SPENT: return "spent";
    case v1::OCCUPIED: return "occupied";
    default: return "untested";
  }
}

void DrawPoints(const v1::TableState& state, const Frame& f, bool reveal, std::ostream& o,
                Limit& limit, LabelBook& labels) {
  o << "<g class=\"points\">\n";
  for (const v1::Point& p : state.points()) {
    if (!limit.Ok()) break;
    // As the British view: a hidden point is shown once it has been tested.
    const bool untested = p.state() == v1::UNTESTED || p.state() == v1::POINT_STATE_UNSPECIFIED;
    if (p.hidden() && untested && !reveal) continue;
    const double x = f.X(p.position().x()), y = f.Y(p.position().y());
    const bool used = p.state() == v1::SPENT || p.state() == v1::OCCUPIED;
    const char* fill = used ? "#999999" : (p.british_entry() ? "#3d6fb5" : "#f0e0b0");
    const std::string kind = v1::PointKind_Name(p.kind());
    o << "<g class=\"point\" data-point-kind=\"" << kind << "\" data-point-number=\"" << p.number()
      << "\" data-point-state=\"" << PointStateName(p.state()) << "\"><title>"
      << Xml(absl::StrCat(kind, " ", p.number(), p.name().empty() ? "" : ": ", p.name(),
                          p.terrain_class() > 0 ? absl::StrCat(" (class ", p.terrain_class(), ")")
                                                : "",
                          ", ", PointStateName(p.state()),
                          p.british_entry() ? ", British entry" : ""))
      << "</title>";
    std::string label = absl::StrCat(p.number());
    if (p.kind() == v1::PERIMETER) {
      o << "<polygon points=\"" << Num(x) << "," << Num(y - 1.1) << " " << Num(x - 1) << ","
        << Num(y + 0.7) << " " << Num(x + 1) << "," << Num(y + 0.7) << "\" fill=\"" << fill
        << "\" stroke=\"#3b3020\" stroke-width=\"0.12\"/>";
    } else if (p.kind() == v1::APPEARANCE) {
      o << "<circle cx=\"" << Num(x) << "\" cy=\"" << Num(y) << "\" r=\"0.9\" fill=\"" << fill
        << "\" stroke=\"#3b3020\" stroke-width=\"0.12\"/>";
      if (p.terrain_class() > 0) absl::StrAppend(&label, "/", p.terrain_class());
    } else {
      o << "<rect x=\"" << Num(x - 0.9) << "\" y=\"" << Num(y - 0.9)
        << "\" width=\"1.8\" height=\"1.8\" fill=\"" << fill
        << "\" stroke=\"#3b3020\" stroke-width=\"0.12\"/>";
    }
    o << "<text x=\"" << Num(x) << "\" y=\"" << Num(y + 0.35)
      << "\" font-size=\"0.9\" text-anchor=\"middle\" fill=\"#000\">" << label << "</text>";
    // The marker and its number: no label covers them.
    labels.Fix(Box{x - 1, y - 1.1, 2, 2.2});
    labels.Fix(TextBox(x, y + 0.35, 0.9, true, label));
    if (p.marker() != v1::MARKER_NONE) {
      std::string m = p.marker() == v1::NEXT_TURN ? "N" : "T";
      if (reveal && p.marked_force() == v1::FORCE_SKIRMISHERS) m += " skirm.";
      if (reveal && p.marked_force() == v1::FORCE_IMPI) m += " impi";
      o << "<circle class=\"marker\" cx=\"" << Num(x) << "\" cy=\"" << Num(y)
        << "\" r=\"1.6\" fill=\"none\" stroke=\"#b00000\" stroke-width=\"0.25\"/>"
        << "<text x=\"" << Num(x + 1.8) << "\" y=\"" << Num(y - 1)
        << "\" font-size=\"1\" fill=\"#b00000\">" << Xml(m) << "</text>";
      labels.Fix(Box{x - 1.6, y - 1.6, 3.2, 3.2});
      labels.Fix(TextBox(x + 1.8, y - 1, 1, false, m));
    }
    o << "</g>\n";
  }
  o << "</g>\n";
}

// Ids of units that some other unit names as its parent.
std::set<std::string> GroupIds(const v1::TableState& state) {
  std::set<std::string> ids;
  for (const v1::Unit& u : state.units()) {
    if (!u.parent().empty()) ids.insert(u.parent());
  }
  for (const v1::Unit& u : state.units()) {
    if (u.kind() == v1::IMPI) ids.insert(u.id());
  }
  return ids;
}

// The box round a group's members on the table.
struct MemberBox {
  double minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
};

// By group id: the box round its members on the table (groups with none are
// not in it). One pass over the units.
std::map<std::string, MemberBox> MemberBoxes(const v1::TableState& state) {
  std::map<std::string, MemberBox> boxes;
  for (const v1::Unit& u : state.units()) {
    if (u.parent().empty() || !OnTable(u)) continue;
    MemberBox& b = boxes[u.parent()];
    b.minx = std::min(b.minx, u.position().x());
    b.maxx = std::max(b.maxx, u.position().x());
    b.miny = std::min(b.miny, u.position().y());
    b.maxy = std::max(b.maxy, u.position().y());
  }
  return boxes;
}

void DrawGroups(const Frame& f, bool reveal,
                const std::map<std::string, GroupBook>& book,
                const std::map<std::string, const v1::Unit*>& by_id,
                const std::set<std::string>& groups,
                const std::map<std::string, MemberBox>& boxes, std::ostream& o,
                Limit& limit, LabelBook& labels) {
  o << "<g class=\"groups\">\n";
  for (const std::string& gid : groups) {
    if (!limit.Ok()) break;
    auto it = by_id.find(gid);
    if (it == by_id.end()) continue;
    const v1::Unit& g = *it->second;
    const auto box = boxes.find(gid);
    if (box == boxes.end()) continue;  // drawn in the off-table list
    const double minx = box->second.minx, maxx = box->second.maxx;
    const double miny = box->second.miny, maxy = box->second.maxy;
    const GroupBook b = book.count(gid) ? book.at(gid) : GroupBook{};
    std::string label = absl::StrCat(gid, " ", g.name().empty() ? "" : g.name());
    if (reveal) absl::StrAppend(&label, b.label);
    if (reveal && !b.target_id.empty()) absl::StrAppend(&label, " \u2192 ", b.target_id);
    const double pad = 1.5;
    o << "<g class=\"group\" data-group-id=\"" << Xml(gid) << "\"><rect x=\""
      << Num(f.X(minx) - pad) << "\" y=\"" << Num(f.Y(maxy) - pad) << "\" width=\""
      << Num(maxx - minx + 2 * pad) << "\" height=\"" << Num(maxy - miny + 2 * pad)
      << "\" rx=\"1\" fill=\"none\" stroke=\"#7a3b10\" stroke-width=\"0.15\" "
         "stroke-dasharray=\"0.6,0.4\"/>";
    labels.Add(o, kRankGroup, f.X(minx) - pad,
               {{f.Y(maxy) - pad - 0.3, 0.9, false, "", " fill=\"#7a3b10\"", label}});
    if (reveal && !b.target_id.empty()) {
      auto t = by_id.find(b.target_id);
      if (t != by_id.end() && OnTable(*t->second)) {
        const v1::Vec2& tp = t->second->position();
        o << "<line class=\"target\" x1=\"" << Num(f.X((minx + maxx) / 2)) << "\" y1=\""
          << Num(f.Y((miny + maxy) / 2)) << "\" x2=\"" << Num(f.X(tp.x())) << "\" y2=\""
          << Num(f.Y(tp.y())) << "\" stroke=\"#7a3b10\" stroke-width=\"0.15\" "
          << "stroke-dasharray=\"1,0.5\" marker-end=\"url(#arrow)\"/>";
      }
    }
    o << "</g>\n";
  }
  o << "</g>\n";
}

void DrawUnit(const v1::Unit& u, const Frame& f, const std::map<std::string, GroupBook>& book,
              const std::map<std::string, double>& frontages, bool reveal, std::ostream& o,
              LabelBook& labels) {
  const bool zulu = u.side() == v1::ZULU;
  const double x = f.X(u.position().x()), y = f.Y(u.position().y());
  const std::string kind = v1::UnitKind_Name(u.kind());
  const std::string words = StateWords(u);
  o << "<g class=\"unit " << (zulu ? "zulu" : "british") << "\" id=\"unit-" << Xml(u.id())
    << "\" data-unit-id=\"" << Xml(u.id()) << "\" data-x=\"" << Num(u.position().x())
    << "\" data-y=\"" << Num(u.position().y()) << "\" data-kind=\"" << kind << "\"><title>"
    << Xml(absl::StrCat(u.id(), ": ", u.name(), " (", kind, "), ", FigureWords(u.figures()),
                        " figures", words.empty() ? "" : ", ", words))
    << "</title>";
  o << "<g transform=\"translate(" << Num(x) << "," << Num(y) << ") rotate(" << Num(u.facing())
    << ")\">";
  const bool figure = SingleFigure(u) && !zulu;
  const bool lost = u.figures().fit() == 0 && u.figures().wounded() == 0;
  if (u.kind() == v1::ISIGABA) {
    // Its figures in ranks behind its frontage, the front towards its facing.
    const auto found = frontages.find(u.id());
    const auto [w, d] = IsigabaBox(u, found == frontages.end() ? 0.0 : found->second);
    const char* fill = zulu ? "#8b4513" : "#9a8a5a";
    o << "<rect class=\"isigaba\" x=\"" << Num(-w / 2) << "\" y=\"" << Num(-d / 2) << "\" width=\""
      << Num(w) << "\" height=\"" << Num(d) << "\" fill=\"" << fill << "\" stroke=\"#2b1400\" stroke-width=\"0.1\""
      << (u.stance() == v1::PRONE || u.status().routed() ? " fill-opacity=\"0.45\"" : "") << "/>";
    o << "<line x1=\"" << Num(-w / 2) << "\" y1=\"" << Num(-d / 2) << "\" x2=\"" << Num(w / 2) << "\" y2=\""
      << Num(-d / 2) << "\" stroke=\"#2b1400\" stroke-width=\"0.25\"/>";
  } else if (figure) {
    // One figure on its base; a casualty grey and crossed, a wounded one
    // half filled.
    const char* fill = lost ? "#9a9a9a" : u.red_coat() ? "#c0282d" : u.kind() == v1::NATIVE_HORSE ? "#9a8a5a" : "#35548a";
    o << "<circle class=\"figure" << (lost ? " casualty" : "") << "\" r=\"" << Num(kFigureRadius)
      << "\" fill=\"" << fill << "\" stroke=\"#111\" stroke-width=\"0.06\""
      << (u.figures().wounded() > 0 ? " fill-opacity=\"0.5\"" : "") << "/>";
    if (lost) {
      const double k = kFigureRadius * 0.7;
      o << "<path d=\"M" << Num(-k) << "," << Num(-k) << " L" << Num(k) << "," << Num(k) << " M" << Num(-k)
        << "," << Num(k) << " L" << Num(k) << "," << Num(-k) << "\" stroke=\"#111\" stroke-width=\"0.08\"/>";
    } else {
      o << "<line x1=\"0\" y1=\"" << Num(-kFigureRadius) << "\" x2=\"0\" y2=\"" << Num(-kFigureRadius - 0.25)
        << "\" stroke=\"#111\" stroke-width=\"0.08\"/>";
    }
  } else if (zulu) {
    double rx = 1.2, ry = 0.7;
    if (u.kind() == v1::LONE_ZULU || u.kind() == v1::INDUNA || u.kind() == v1::SNIPER ||
        u.kind() == v1::WITCH_DOCTOR) {
      rx = ry = 0.45;
    }
    const char* fill = u.kind() == v1::SKIRMISHERS || u.kind() == v1::RIFLE_REGIMENT ? "#c98a3a"
                                                                                      : "#8b4513";
    o << "<ellipse rx=\"" << rx << "\" ry=\"" << ry << "\" fill=\"" << fill
      << "\" stroke=\"#2b1400\" stroke-width=\"0.1\"/>";
    o << "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"" << -ry - 0.3
      << "\" stroke=\"#2b1400\" stroke-width=\"0.12\"/>";
  } else {
    double w = 2.4, h = 0.8;
    switch (u.kind()) {
      case v1::CAVALRY:
      case v1::NATIVE_HORSE:
      case v1::MOUNTED_INFANTRY: w = 2.0; h = 1.0; break;
      case v1::GUN:
      case v1::GATLING:
      case v1::ROCKETS: w = 1.2; h = 1.2; break;
      case v1::WAGON: w = 1.0; h = 2.2; break;
      case v1::SURGEON:
      case v1::OFFICER:
      case v1::RUNNER: w = 0.7; h = 0.7; break;
      default: break;
    }
    if (u.formation() == v1::COLUMN) std::swap(w, h);
    if (u.stance() == v1::SQUARE) w = h = 1.6;
    const char* fill = u.red_coat() ? "#c0282d"
                       : u.kind() == v1::WAGON ? "#d8cfb0"
                       : u.kind() == v1::NATIVE_FOOT || u.kind() == v1::NATIVE_HORSE ? "#9a8a5a"
                                                                                       : "#35548a";
    o << "<rect x=\"" << Num(-w / 2) << "\" y=\"" << Num(-h / 2) << "\" width=\"" << Num(w)
      << "\" height=\"" << Num(h) << "\" fill=\"" << fill
      << "\" stroke=\"#111\" stroke-width=\"0.1\"" << (u.stance() == v1::PRONE ? " fill-opacity=\"0.5\"" : "")
      << "/>";
    o << "<line x1=\"0\" y1=\"" << Num(-h / 2) << "\" x2=\"0\" y2=\"" << Num(-h / 2 - 0.4)
      << "\" stroke=\"#111\" stroke-width=\"0.12\"/>";
  }
  o << "</g>";
  // A group's member (a tray, a regiment of an impi) shows only its figures:
  // the group's outline carries the name.
  // A figure alone shows its id small (its title says the rest).
  std::string label = figure ? u.id()
                      : u.parent().empty() ? absl::StrCat(u.id(), " ", FigureWords(u.figures()))
                                           : FigureWords(u.figures());
  const auto b = book.find(u.id());
  if (reveal && b != book.end() && u.parent().empty()) {
    absl::StrAppend(&label, b->second.label);
    if (!b->second.target_id.empty()) absl::StrAppend(&label, " \u2192 ", b->second.target_id);
  }
  // The label below the unit, its state's words under it: one block.
  std::vector<LabelBook::Line> lines = {
      {y + (figure ? 0.75 : 1.6), figure ? 0.3 : 0.8, true, "", " fill=\"#111\"", label}};
  if (!words.empty() && !figure) lines.push_back({y + 2.5, 0.6, true, "", " fill=\"#333\"", words});
  labels.Add(o, kRankUnit, x, std::move(lines));
  o << "</g>\n";
}

// A square of the table kCloseCombatReach on a side; units within reach of
// each other are in the same square or in neighbouring ones.
std::pair<int64_t, int64_t> ReachCell(const v1::Vec2& v) {
  const auto cell = [](double c) {
    return static_cast<int64_t>(std::clamp(std::floor(c / kCloseCombatReach), -1e15, 1e15));
  };
  return {cell(v.x()), cell(v.y())};
}

// British units first, then for each the Zulus within reach in the units'
// order; the Zulus are found through the squares round it (ReachCell), so
// that the cost is in the lines drawn, not in British times Zulus.
void DrawCloseCombat(const v1::TableState& state, const Frame& f, std::ostream& o,
                     Limit& limit) {
  o << "<g class=\"close-combat\">\n";
  const auto fighting = [](const v1::Unit& u, v1::Side side) {
    return u.side() == side && u.status().in_close_combat() && OnTable(u) &&
           std::isfinite(u.position().x()) && std::isfinite(u.position().y());
  };
  std::map<std::pair<int64_t, int64_t>, std::vector<int>> zulus;
  for (int i = 0; i < state.units_size(); ++i) {
    const v1::Unit& z = state.units(i);
    if (fighting(z, v1::ZULU)) zulus[ReachCell(z.position())].push_back(i);
  }
  std::vector<int> near;
  for (const v1::Unit& a : state.units()) {
    if (!limit.Ok()) break;
    if (!fighting(a, v1::BRITISH)) continue;
    near.clear();
    const auto [cx, cy] = ReachCell(a.position());
    for (int64_t dx = -1; dx <= 1; ++dx) {
      for (int64_t dy = -1; dy <= 1; ++dy) {
        const auto cell = zulus.find({cx + dx, cy + dy});
        if (cell != zulus.end()) near.insert(near.end(), cell->second.begin(), cell->second.end());
      }
    }
    std::sort(near.begin(), near.end());
    for (const int i : near) {
      const v1::Unit& z = state.units(i);
      if (Distance(a.position(), z.position()) > kCloseCombatReach) continue;
      if (!limit.Ok()) break;
      o << "<line class=\"fight\" data-british=\"" << Xml(a.id()) << "\" data-zulu=\""
        << Xml(z.id()) << "\" x1=\"" << Num(f.X(a.position().x())) << "\" y1=\""
        << Num(f.Y(a.position().y())) << "\" x2=\"" << Num(f.X(z.position().x())) << "\" y2=\""
        << Num(f.Y(z.position().y())) << "\" stroke=\"#e00000\" stroke-width=\"0.4\"/>\n";
    }
  }
  o << "</g>\n";
}

void DrawMoves(const std::vector<v1::Event>& events, const Frame& f, std::ostream& o,
               Limit& limit) {
  o << "<g class=\"moves\">\n";
  for (const v1::Event& e : events) {
    if (!limit.Ok()) break;
    if ((e.kind() != v1::MOVED && e.kind() != v1::CHARGED) || e.path_size() < 2) continue;
    std::vector<std::string> pts;
    for (const v1::Vec2& v : e.path()) pts.push_back(f.P(v));
    const bool zulu = e.side() == v1::ZULU;
    o << "<polyline class=\"move\" data-units=\"" << Xml(absl::StrJoin(e.unit_ids(), " "))
      << "\" points=\"" << absl::StrJoin(pts, " ") << "\" fill=\"none\" stroke=\""
      << (zulu ? "#8b4513" : "#35548a") << "\" stroke-width=\"0.2\" stroke-dasharray=\""
      << (e.kind() == v1::CHARGED ? "0.2,0.3" : "0.8,0.4") << "\" marker-end=\"url(#arrow)\"/>\n";
  }
  o << "</g>\n";
}

std::string ClockWords(const v1::TableState& state, bool reveal) {
  std::string text = absl::StrCat(
      state.scenario().empty() ? service::RulesetIdOf(state) : state.scenario(), ": turn ",
      std::max(1, state.clock().turn()), ", ",
      absl::AsciiStrToLower(v1::Phase_Name(state.clock().phase())));
  if (state.clock().time_of_day() > 0) {
    absl::StrAppend(&text, absl::StrFormat(", %02d:%02d", state.clock().time_of_day() / 60,
                                           state.clock().time_of_day() % 60));
  }
  // The rule set's own bookkeeping (a phase of its own, a month): umpire
  // detail, in its wire adapter's words.
  if (const RulesetWire* wire = FindWire(service::RulesetIdOf(state)); wire != nullptr && reveal) {
    const std::string note = wire->TableNote(state);
    if (!note.empty()) absl::StrAppend(&text, "; ", note);
  }
  return text;
}

// --- A hex board (RulesetWire::BoardPicture, engine/game/hex_picture.h) ------

// The hex's size, centre to corner, in picture units: a hex is 2 across
// its corners and sqrt(3) across its flat sides.
constexpr double kHexSize = 1.0;
constexpr double kSqrt3 = 1.7320508075688772;
// A counter: a square of this side, each one up a stack drawn this much up
// and right of the one below it.
constexpr double kCounterSide = 0.62;
constexpr double kStackStep = 0.18;
constexpr double kLegendHeight = 2.6;  // inches below a hex board: its legend

// The grid of a picture: where each hex is drawn (hex (0, 0) at the top
// left, below the title).
struct HexFrame {
  int columns = 0;
  int rows = 0;
  HexLayout layout;
  explicit HexFrame(const HexPicture& p) : columns(p.columns), rows(p.rows) {
    layout.size = kHexSize;
    layout.origin = Vec2(kHexSize, kTopMargin + kSqrt3 / 2 * kHexSize);
  }
  double Width() const { return kHexSize * (1.5 * (columns - 1) + 2); }
  double Height() const { return kSqrt3 * kHexSize * (rows + (columns > 1 ? 0.5 : 0)); }
  // Whether a hex is on the grid (any int a state may send: no overflow).
  bool Contains(HexCoord h) const {
    if (h.q < 0 || h.q >= columns) return false;
    const int64_t row = int64_t{h.r} + (h.q - (h.q & 1)) / 2;
    return row >= 0 && row < rows;
  }
  Vec2 Center(HexCoord h) const { return HexCenter(h, layout); }
  std::string Points(HexCoord h) const {
    std::string pts;
    for (const Vec2& c : HexCorners(h, layout)) {
      absl::StrAppend(&pts, pts.empty() ? "" : " ", Num(c.x()), ",", Num(c.y()));
    }
    return pts;
  }
  // The two ends of a hexside: corners d - 1 and d of its hex
  // (engine/core/hex_map.h, HexCorners).
  std::pair<Vec2, Vec2> SideEnds(HexCoord h, int direction) const {
    const auto corners = HexCorners(h, layout);
    return {corners[static_cast<size_t>((direction + 5) % 6)], corners[static_cast<size_t>(direction % 6)]};
  }
};

std::string HexAttributes(HexCoord h) {
  return absl::StrCat(" data-q=\"", h.q, "\" data-r=\"", h.r, "\"");
}

// The fill of a ground's class word: the contract's TerrainKind name in
// lower case, "clear" (or a word unknown here) the board's colour. A
// farm's or a kraal's hex is its open ground (a garden, a stock pen),
// lighter than a building's, which a hex shows of its own.
const char* HexFill(const std::string& terrain) {
  if (terrain == "farm") return "#cfd89a";
  if (terrain == "kraal") return "#cdb892";
  v1::TerrainKind kind;
  if (terrain == "clear" || !v1::TerrainKind_Parse(absl::AsciiStrToUpper(terrain), &kind)) return "#e8dfc0";
  return TerrainFill(kind);
}

void DrawHexes(const HexPicture& p, const HexFrame& g, std::ostream& o, Limit& limit,
               LabelBook& labels) {
  std::map<HexCoord, const HexPicture::Cell*> cells;
  for (const HexPicture::Cell& c : p.cells) {
    if (g.Contains(c.hex)) cells.emplace(c.hex, &c);
  }
  o << "<g class=\"hexes\">\n";
  for (int column = 0; column < g.columns && limit.Ok(); ++column) {
    for (int row = 0; row < g.rows; ++row) {
      const HexCoord h{column, row - (column - (column & 1)) / 2};
      const auto found = cells.find(h);
      const HexPicture::Cell* c = found == cells.end() ? nullptr : found->second;
      o << "<g class=\"hex" << (c != nullptr && c->burning ? " burning" : "") << "\"" << HexAttributes(h);
      if (c != nullptr) {
        o << " data-terrain=\"" << Xml(c->terrain) << "\"";
        if (c->room != 0) o << " data-building=\"" << c->building << "\" data-room=\"" << c->room << "\"";
      }
      const std::string pts = g.Points(h);
      o << "><polygon points=\"" << pts << "\" fill=\"" << HexFill(c ? c->terrain : "clear")
        << "\" stroke=\"#a89f80\" stroke-width=\"0.03\"/>";
      if (c != nullptr && c->roofed) o << "<polygon points=\"" << pts << "\" fill=\"url(#roof)\"/>";
      if (c != nullptr && c->burning) {
        o << "<polygon points=\"" << pts << "\" fill=\"#ff5a1f\" fill-opacity=\"0.45\"/>";
      }
      o << "</g>\n";
      if (c != nullptr && !c->label.empty()) {
        const Vec2 at = g.Center(h);
        labels.Add(o, kRankTerrain, at.x(), {{at.y() + 0.2, 0.5, true, "", " fill=\"#2b2015\"", c->label}});
      }
    }
  }
  o << "</g>\n";
}

// The stroke of a hexside's feature (the legend shows each).
struct SideStyle {
  const char* feature;
  const char* stroke;
  double width;
  const char* dash;  // "" solid
  const char* words;
};
constexpr SideStyle kSideStyles[] = {
    {"wall", "#3b2a1a", 0.28, "", "wall"},
    {"loophole", "#3b2a1a", 0.28, "0.16,0.12", "loopholed wall"},
    {"opening", "#e0b040", 0.22, "", "door or window"},
    {"dug", "#c62828", 0.22, "0.15,0.1", "dug through"},
};
const SideStyle& StyleOf(const std::string& feature) {
  static constexpr SideStyle kOther = {"", "#666666", 0.15, "", ""};
  for (const SideStyle& s : kSideStyles) {
    if (feature == s.feature) return s;
  }
  return kOther;
}
// A dashed stroke's ends are square, so that its gaps show; a solid one's
// round, so that the sides of a wall join.
std::string StrokeAttributes(const SideStyle& s) {
  return absl::StrCat(" stroke=\"", s.stroke, "\" stroke-width=\"", s.width, "\"",
                      *s.dash != '\0' ? absl::StrCat(" stroke-dasharray=\"", s.dash, "\"")
                                       : " stroke-linecap=\"round\"");
}

void DrawSides(const HexPicture& p, const HexFrame& g, std::ostream& o, Limit& limit) {
  o << "<g class=\"sides\">\n";
  for (const HexPicture::Side& s : p.sides) {
    if (!limit.Ok()) break;
    if (s.direction < 0 || s.direction >= 6 || !g.Contains(s.hex)) continue;
    const auto [a, b] = g.SideEnds(s.hex, s.direction);
    o << "<line class=\"side " << Xml(s.feature) << "\"" << HexAttributes(s.hex) << " data-direction=\""
      << s.direction << "\" x1=\"" << Num(a.x()) << "\" y1=\"" << Num(a.y()) << "\" x2=\"" << Num(b.x())
      << "\" y2=\"" << Num(b.y()) << "\"" << StrokeAttributes(StyleOf(s.feature)) << "><title>" << Xml(s.label.empty() ? s.feature : s.label)
      << "</title></line>\n";
  }
  o << "</g>\n";
}

// Each area's outline (the sides between its hexes and the rest) and, for
// an entry zone, its number in a disc at the mean of its hexes.
void DrawAreas(const HexPicture& p, const HexFrame& g, std::ostream& o, Limit& limit,
               LabelBook& labels) {
  o << "<g class=\"areas\">\n";
  for (const HexPicture::Area& a : p.areas) {
    if (!limit.Ok()) break;
    const std::set<HexCoord> in(a.hexes.begin(), a.hexes.end());
    const bool zone = a.kind == "entry-zone";
    std::string d;
    Vec2 sum = Vec2::Zero();
    int n = 0;
    for (const HexCoord& h : in) {
      if (!g.Contains(h)) continue;
      sum += g.Center(h);
      ++n;
      for (int k = 0; k < 6; ++k) {
        if (in.count(Neighbor(h, static_cast<HexDirection>(k))) > 0) continue;
        const auto [from, to] = g.SideEnds(h, k);
        absl::StrAppend(&d, "M", Num(from.x()), ",", Num(from.y()), "L", Num(to.x()), ",", Num(to.y()));
      }
    }
    if (n == 0) continue;
    o << "<g class=\"area " << Xml(a.kind) << "\" data-area=\"" << Xml(a.label) << "\"><title>"
      << Xml(zone ? absl::StrCat("entry zone ", a.label) : a.label) << "</title><path d=\"" << d
      << "\" fill=\"none\" stroke=\"" << (zone ? "#1f5fa8" : "#2e7d32")
      << "\" stroke-width=\"0.14\" stroke-dasharray=\"" << (zone ? "0.5,0.25" : "0.25,0.2") << "\"/>";
    if (zone) {
      const Vec2 at = sum / static_cast<double>(n);
      o << "<circle cx=\"" << Num(at.x()) << "\" cy=\"" << Num(at.y())
        << "\" r=\"0.6\" fill=\"#1f5fa8\"/><text x=\"" << Num(at.x()) << "\" y=\"" << Num(at.y() + 0.28)
        << "\" font-size=\"0.8\" text-anchor=\"middle\" fill=\"#fff\">" << Xml(a.label) << "</text>";
      labels.Fix(Box{at.x() - 0.6, at.y() - 0.6, 1.2, 1.2});
    }
    o << "</g>\n";
  }
  o << "</g>\n";
}

// A flame on each burning room, at the mean of its burning hexes.
void DrawFires(const HexPicture& p, const HexFrame& g, std::ostream& o, LabelBook& labels) {
  std::map<int, std::pair<Vec2, int>> rooms;
  for (const HexPicture::Cell& c : p.cells) {
    if (!c.burning || c.room == 0 || !g.Contains(c.hex)) continue;
    auto& [sum, n] = rooms.try_emplace(c.room, Vec2::Zero(), 0).first->second;
    sum += g.Center(c.hex);
    ++n;
  }
  o << "<g class=\"fires\">\n";
  for (const auto& [room, at] : rooms) {
    const double x = at.first.x() / at.second, y = at.first.y() / at.second;
    o << "<g class=\"fire\" data-room=\"" << room << "\"><title>room " << room << " on fire</title><path d=\"M"
      << Num(x) << "," << Num(y - 0.55) << " C" << Num(x + 0.4) << "," << Num(y - 0.1) << " " << Num(x + 0.35)
      << "," << Num(y + 0.4) << " " << Num(x) << "," << Num(y + 0.4) << " C" << Num(x - 0.35) << ","
      << Num(y + 0.4) << " " << Num(x - 0.4) << "," << Num(y - 0.1) << " " << Num(x) << "," << Num(y - 0.55)
      << " z\" fill=\"#ff7a00\" stroke=\"#b00000\" stroke-width=\"0.06\"/></g>\n";
    labels.Fix(Box{x - 0.4, y - 0.55, 0.8, 0.95});
  }
  o << "</g>\n";
}

// The words of a counter's marks, for its title ("wounded light, prone").
std::string MarkWords(const std::vector<HexPicture::Mark>& marks) {
  std::vector<std::string> words;
  for (const HexPicture::Mark& m : marks) {
    std::string w = m.word;
    std::replace(w.begin(), w.end(), '-', ' ');
    words.push_back(w);
  }
  return absl::StrJoin(words, ", ");
}

// The stacks: each counter a square, each one up the stack up and right of
// the one below, the top one's id below the stack, a badge with the count
// on a stack of more than one. Units on the board that no stack lists go
// on top of their hex's stack; each unit is drawn once.
void DrawStacks(const v1::TableState& state, const HexPicture& p, const HexFrame& g,
                const std::map<std::string, GroupBook>& book, bool reveal, std::ostream& o,
                Limit& limit, LabelBook& labels) {
  std::set<std::string> drawn;
  std::map<std::string, const v1::Unit*> units;
  for (const v1::Unit& u : state.units()) units.emplace(u.id(), &u);
  std::map<HexCoord, std::vector<HexPicture::Counter>> stacks;
  for (const HexPicture::Stack& s : p.stacks) {
    if (!g.Contains(s.hex)) continue;
    for (const HexPicture::Counter& c : s.counters) {
      const auto u = units.find(c.unit_id);
      if (u == units.end() || !OnTable(*u->second) || !drawn.insert(c.unit_id).second) continue;
      stacks[s.hex].push_back(c);
    }
  }
  for (const v1::Unit& u : state.units()) {
    const HexCoord h{u.hex().q(), u.hex().r()};
    if (!OnTable(u) || !g.Contains(h) || !drawn.insert(u.id()).second) continue;
    stacks[h].push_back({u.id(), {}});
  }
  o << "<g class=\"units\">\n";
  for (const auto& [hex, counters] : stacks) {
    if (!limit.Ok()) break;
    const Vec2 centre = g.Center(hex);
    const int n = static_cast<int>(counters.size());
    // The stack's box centred on the hex; no label covers it.
    const double span = kCounterSide + (n - 1) * kStackStep;
    const double x0 = centre.x() - span / 2;
    const double y0 = centre.y() + span / 2;
    labels.Fix(Box{x0, y0 - span, span, span});
    for (int i = 0; i < n; ++i) {
      const v1::Unit& u = *units.at(counters[static_cast<size_t>(i)].unit_id);
      const std::vector<HexPicture::Mark>& marks = counters[static_cast<size_t>(i)].marks;
      const bool zulu = u.side() == v1::ZULU;
      const double x = x0 + i * kStackStep, y = y0 - kCounterSide - i * kStackStep;
      std::string classes = zulu ? "zulu" : "british";
      std::string symbols;
      for (const HexPicture::Mark& m : marks) {
        absl::StrAppend(&classes, " ", m.word);
        symbols += m.symbol;
      }
      const std::string kind = v1::UnitKind_Name(u.kind());
      std::string words = MarkWords(marks);
      const auto notes = book.find(u.id());
      if (reveal && notes != book.end()) absl::StrAppend(&words, notes->second.label);
      o << "<g class=\"unit " << Xml(classes) << "\" id=\"unit-" << Xml(u.id()) << "\" data-unit-id=\""
        << Xml(u.id()) << "\"" << HexAttributes(hex) << " data-stack-pos=\"" << i << "\" data-kind=\"" << kind
        << "\"><title>"
        << Xml(absl::StrCat(u.id(), ": ", u.name(), " (", kind, ")", words.empty() || words[0] == ' ' ? "" : ", ", words))
        << "</title><rect x=\"" << Num(x) << "\" y=\"" << Num(y) << "\" width=\"" << Num(kCounterSide)
        << "\" height=\"" << Num(kCounterSide) << "\" fill=\""
        << (!zulu ? "#c0282d" : u.kind() == v1::RIFLE_REGIMENT ? "#c98a3a" : "#8b4513")
        << "\" stroke=\"#111\" stroke-width=\"0.05\"/>";
      if (!symbols.empty()) {
        o << "<text class=\"marks\" x=\"" << Num(x + 0.05) << "\" y=\"" << Num(y + kCounterSide - 0.07)
          << "\" font-size=\"0.3\" fill=\"#fff\">" << Xml(symbols) << "</text>";
      }
      o << "</g>\n";
    }
    if (n > 1) {
      const double bx = x0 + (n - 1) * kStackStep + kCounterSide, by = y0 - kCounterSide - (n - 1) * kStackStep;
      o << "<g class=\"stack-count\"" << HexAttributes(hex) << " data-count=\"" << n << "\"><circle cx=\""
        << Num(bx) << "\" cy=\"" << Num(by) << "\" r=\"0.26\" fill=\"#fff\" stroke=\"#111\" stroke-width=\"0.04\"/>"
        << "<text x=\"" << Num(bx) << "\" y=\"" << Num(by + 0.12) << "\" font-size=\"0.34\" text-anchor=\"middle\""
        << " fill=\"#111\">" << n << "</text></g>\n";
      labels.Fix(Box{bx - 0.26, by - 0.26, 0.52, 0.52});
    }
    // The top counter's id (and, revealed, its rule set's notes) below the
    // stack; each counter's title names it. The label lists the stack's
    // ids, the top first (data-unit-ids), for a reader that names those
    // under it (the page's list of labels with no room).
    const v1::Unit& top = *units.at(counters.back().unit_id);
    std::string label = top.id();
    const auto b = book.find(top.id());
    if (reveal && b != book.end()) absl::StrAppend(&label, b->second.label);
    std::vector<std::string> ids;
    for (int i = n - 1; i >= 0; --i) ids.push_back(counters[static_cast<size_t>(i)].unit_id);
    labels.Add(o, kRankUnit, centre.x(),
               {{y0 + 0.42, 0.4, true, absl::StrCat(" class=\"stack-label\" data-unit-ids=\"",
                                                    Xml(absl::StrJoin(ids, " ")), "\""),
                 " fill=\"#111\"", label}});
    o << "\n";
  }
  o << "</g>\n";
}

// The legend under a hex board: the sides' strokes, a fire, a roof, the
// areas' outlines and the scale.
void DrawHexLegend(const HexPicture& p, const HexFrame& g, std::ostream& o) {
  const double y = kTopMargin + g.Height() + 1.4;
  double x = 0.5;
  o << "<g class=\"legend\" font-size=\"0.6\" fill=\"#222\">";
  const auto text = [&](const std::string& words) {
    o << "<text x=\"" << Num(x + 1.4) << "\" y=\"" << Num(y + 0.2) << "\">" << Xml(words) << "</text>";
    x += 1.6 + TextWidth(words) * 0.6 + 0.8;
  };
  for (const SideStyle& s : kSideStyles) {
    o << "<line x1=\"" << Num(x) << "\" y1=\"" << Num(y) << "\" x2=\"" << Num(x + 1.1) << "\" y2=\"" << Num(y)
      << "\"" << StrokeAttributes(s) << "/>";
    text(s.words);
  }
  o << "<rect x=\"" << Num(x) << "\" y=\"" << Num(y - 0.45) << "\" width=\"1.1\" height=\"0.9\" fill=\"url(#roof)\""
    << " stroke=\"#6b4a30\" stroke-width=\"0.03\"/>";
  text("roofed");
  o << "<rect x=\"" << Num(x) << "\" y=\"" << Num(y - 0.45)
    << "\" width=\"1.1\" height=\"0.9\" fill=\"#ff5a1f\" fill-opacity=\"0.45\"/>";
  text("on fire");
  o << "<line x1=\"" << Num(x) << "\" y1=\"" << Num(y) << "\" x2=\"" << Num(x + 1.1) << "\" y2=\"" << Num(y)
    << "\" stroke=\"#1f5fa8\" stroke-width=\"0.14\" stroke-dasharray=\"0.5,0.25\"/>";
  text("entry zone");
  o << "<line x1=\"" << Num(x) << "\" y1=\"" << Num(y) << "\" x2=\"" << Num(x + 1.1) << "\" y2=\"" << Num(y)
    << "\" stroke=\"#2e7d32\" stroke-width=\"0.14\" stroke-dasharray=\"0.25,0.2\"/>";
  text("perimeter");
  if (!p.scale.empty()) {
    x -= 1.4;
    text(absl::StrCat("a hex: ", p.scale));
  }
  o << "</g>\n";
}

}  // namespace

std::string RenderTableSvg(const v1::TableState& state, const RenderOptions& options) {
  RenderOptions unbounded = options;
  unbounded.max_bytes = 0;
  unbounded.stop = nullptr;
  return *RenderTableSvgWithin(state, unbounded);
}

absl::StatusOr<std::string> RenderTableSvgWithin(const v1::TableState& state,
                                                 const RenderOptions& options) {
  Frame f;
  if (state.table().width() > 0) f.width = state.table().width();
  if (state.table().height() > 0) f.height = state.table().height();
  std::map<std::string, const v1::Unit*> by_id;
  for (const v1::Unit& u : state.units()) by_id[u.id()] = &u;
  const std::map<std::string, GroupBook> book = Bookkeeping(state);
  const std::map<std::string, double> frontages = OwnFrontages(state);
  const std::set<std::string> groups = GroupIds(state);

  const std::map<std::string, MemberBox> boxes = MemberBoxes(state);
  // A hex rule set's board, drawn instead of the table in inches.
  const RulesetWire* wire = FindWire(service::RulesetIdOf(state));
  std::optional<HexPicture> hexes = wire != nullptr ? wire->BoardPicture(state) : std::nullopt;
  if (hexes && (hexes->columns <= 0 || hexes->rows <= 0)) hexes.reset();
  std::optional<HexFrame> grid;
  if (hexes) {
    grid.emplace(*hexes);
    f.width = grid->Width();
    f.height = grid->Height();
  }
  // Units off the table (and groups with no member on it) are listed at the
  // right, a line of 0.75" type every 1.05" (its box and the room kept round
  // it: labels.h), the picture made taller where the list needs it. On a
  // hex board, so is a unit whose hex is off the board.
  std::vector<const v1::Unit*> off;
  for (const v1::Unit& u : state.units()) {
    if (grid) {
      if (!OnTable(u) || !grid->Contains(HexCoord{u.hex().q(), u.hex().r()})) off.push_back(&u);
      continue;
    }
    if (groups.count(u.id()) > 0 && boxes.count(u.id()) > 0) continue;
    if (!OnTable(u)) off.push_back(&u);
  }
  constexpr double off_step = 1.05;
  const double vw = f.width + kSideMargin;
  const double vh = std::max(f.height + kTopMargin + (grid ? kLegendHeight : 1),
                             kTopMargin + 2.2 + off.size() * off_step);
  LabelBook labels;

  // Past the cap, drawing stops at the next element: room for the cap and
  // one element more is reserved (untouched pages cost no memory).
  std::string text;
  if (options.max_bytes > 0) text.reserve(options.max_bytes + 64 * 1024);
  StringSink sink(&text);
  std::ostream o(&sink);
  Limit limit(options, text);
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"impi-table\" viewBox=\"0 0 " << Num(vw)
    << " " << Num(vh) << "\" width=\"" << Num(vw * options.pixels_per_inch) << "\" height=\""
    << Num(vh * options.pixels_per_inch) << "\" data-table-width=\"" << Num(f.width)
    << "\" data-table-height=\"" << Num(f.height) << "\" data-top-margin=\"" << Num(kTopMargin) << "\"";
  if (grid) {
    o << " data-hex-columns=\"" << grid->columns << "\" data-hex-rows=\"" << grid->rows
      << "\" data-hex-size=\"" << Num(kHexSize) << "\" data-hex-origin-x=\"" << Num(grid->layout.origin.x())
      << "\" data-hex-origin-y=\"" << Num(grid->layout.origin.y()) << "\"";
  }
  o << " font-family=\"sans-serif\">\n"
    << "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"4\" "
       "markerHeight=\"4\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" "
       "fill=\"#333\"/></marker>"
    << (grid ? "<pattern id=\"roof\" width=\"0.3\" height=\"0.3\" patternUnits=\"userSpaceOnUse\" "
               "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"0.3\" "
               "stroke=\"#6b4a30\" stroke-width=\"0.07\"/></pattern>"
             : "")
    << "</defs>\n";
  labels.Add(o, kRankFixedText, 0.5,
             {{2.2, 1.6, false, "", " fill=\"#222\"", ClockWords(state, options.reveal)}});
  o << "\n";
  if (grid) {
    // The hexes, the areas' outlines, the walls over them, the fires, the
    // stacks; the legend below.
    DrawHexes(*hexes, *grid, o, limit, labels);
    DrawAreas(*hexes, *grid, o, limit, labels);
    DrawSides(*hexes, *grid, o, limit);
    DrawFires(*hexes, *grid, o, labels);
    DrawStacks(state, *hexes, *grid, book, options.reveal, o, limit, labels);
    DrawHexLegend(*hexes, *grid, o);
  } else {
    o << "<rect class=\"board\" x=\"0\" y=\"" << Num(kTopMargin) << "\" width=\"" << Num(f.width)
      << "\" height=\"" << Num(f.height)
      << "\" fill=\"#e8dfc0\" stroke=\"#3b3020\" stroke-width=\"0.2\"/>\n";
    DrawTerrain(state, f, o, limit, labels);
    DrawPoints(state, f, options.reveal, o, limit, labels);
    DrawMoves(options.events, f, o, limit);
    DrawGroups(f, options.reveal, book, by_id, groups, boxes, o, limit, labels);
    DrawCloseCombat(state, f, o, limit);

    o << "<g class=\"units\">\n";
    for (const v1::Unit& u : state.units()) {
      if (!limit.Ok()) break;
      // A group with members on the table is drawn as their outline.
      if (groups.count(u.id()) > 0 && boxes.count(u.id()) > 0) continue;
      if (!OnTable(u)) continue;
      DrawUnit(u, f, book, frontages, options.reveal, o, labels);
    }
    o << "</g>\n";
  }

  o << "<g class=\"off-table\">";
  labels.Add(o, kRankFixedText, f.width + 1,
             {{kTopMargin + 1, 1, false, "", " fill=\"#222\"",
               absl::StrCat("Off the table (", off.size(), ")")}});
  o << "\n";
  double y = kTopMargin + 2.2;
  for (const v1::Unit* u : off) {
    if (!limit.Ok()) break;
    labels.Add(o, kRankFixedText, f.width + 1,
               {{y, 0.75, false, absl::StrCat(" class=\"off\" data-unit-id=\"", Xml(u->id()), "\""),
                 absl::StrCat(" fill=\"", u->side() == v1::ZULU ? "#8b4513" : "#35548a", "\""),
                 Clip(absl::StrCat(u->id(), " ", FigureWords(u->figures()), " ", u->name()), 40)}});
    o << "\n";
    y += off_step;
  }
  o << "</g>\n</svg>\n";
  if (limit.stopped()) return absl::CancelledError("the picture was stopped before it was done");
  if (limit.over() || (options.max_bytes > 0 && text.size() > options.max_bytes)) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "the picture would be over ", options.max_bytes, " bytes (--max_render_bytes)"));
  }
  std::string placed = labels.Resolve(text, Box{0, 0, vw, vh});
  if (options.max_bytes > 0 && placed.size() > options.max_bytes) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "the picture would be over ", options.max_bytes, " bytes (--max_render_bytes)"));
  }
  return placed;
}

std::string RenderArenaChartSvg(const std::vector<ChartBar>& bars, const std::string& title) {
  const double row = 30, left = 260, width = 400, top = 40;
  const double h = top + row * bars.size() + 40;
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"impi-chart\" width=\""
    << Num(left + width + 120) << "\" height=\"" << Num(h) << "\" font-family=\"sans-serif\">\n"
    << "<text x=\"10\" y=\"22\" font-size=\"16\">" << Xml(title) << "</text>\n";
  for (int tick = 0; tick <= 4; ++tick) {
    const double x = left + width * tick / 4.0;
    o << "<line x1=\"" << Num(x) << "\" y1=\"" << Num(top - 5) << "\" x2=\"" << Num(x)
      << "\" y2=\"" << Num(h - 30) << "\" stroke=\"#ccc\"/><text x=\"" << Num(x) << "\" y=\""
      << Num(h - 14) << "\" font-size=\"11\" text-anchor=\"middle\">" << tick * 25 << "%</text>\n";
  }
  for (size_t i = 0; i < bars.size(); ++i) {
    const ChartBar& b = bars[i];
    const double y = top + row * i;
    const double p = b.games > 0 ? static_cast<double>(b.wins) / b.games : 0.0;
    const arena::Interval ci = b.games > 0 ? arena::Wilson(p, b.games) : arena::Interval{0, 1};
    o << "<g class=\"bar\" data-label=\"" << Xml(b.label) << "\" data-wins=\"" << b.wins
      << "\" data-games=\"" << b.games << "\" data-low=\"" << absl::StrFormat("%.4f", ci.low)
      << "\" data-high=\"" << absl::StrFormat("%.4f", ci.high) << "\">"
      << "<text x=\"" << Num(left - 8) << "\" y=\"" << Num(y + 18)
      << "\" font-size=\"12\" text-anchor=\"end\">" << Xml(b.label) << "</text>"
      << "<rect x=\"" << Num(left) << "\" y=\"" << Num(y + 6) << "\" width=\"" << Num(width * p)
      << "\" height=\"16\" fill=\"#8b4513\"/>"
      << "<line x1=\"" << Num(left + width * ci.low) << "\" y1=\"" << Num(y + 14) << "\" x2=\""
      << Num(left + width * ci.high) << "\" y2=\"" << Num(y + 14)
      << "\" stroke=\"#000\" stroke-width=\"2\"/>"
      << "<text x=\"" << Num(left + width + 8) << "\" y=\"" << Num(y + 18) << "\" font-size=\"12\">"
      << absl::StrFormat("%d/%d = %.0f%% [%.0f, %.0f]", b.wins, b.games, 100 * p, 100 * ci.low,
                         100 * ci.high)
      << "</text></g>\n";
  }
  o << "</svg>\n";
  return o.str();
}

absl::StatusOr<std::vector<ChartBar>> ArenaBarsFromFiles(const std::vector<std::string>& paths) {
  std::vector<ChartBar> bars;
  for (const std::string& path : paths) {
    std::ifstream in(path);
    if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot open"));
    absl::StatusOr<std::vector<arena::ArenaGame>> games = arena::ReadJsonLines(in, path);
    if (!games.ok()) return games.status();
    ChartBar bar;
    bar.label = path;
    if (!games->empty()) {
      const arena::ArenaGame& g = games->front();
      bar.label = absl::StrCat(g.zulu, " vs ", g.british, " (", g.scenario, ")");
    }
    for (const arena::ArenaGame& g : *games) {
      ++bar.games;
      if (g.winner == Side::kZulu) ++bar.wins;
    }
    bars.push_back(bar);
  }
  return bars;
}

absl::Status ParseRenderInput(const std::string& json, v1::TableState* state,
                              std::vector<v1::Event>* events) {
  events->clear();
  if (ParseJson(json, state).ok()) return absl::OkStatus();
  v1::AdvanceResponse advance_answer;
  if (ParseJson(json, &advance_answer).ok() && advance_answer.has_state()) {
    *state = advance_answer.state();
    events->assign(advance_answer.events().begin(), advance_answer.events().end());
    return absl::OkStatus();
  }
  v1::AskResponse ask_answer;
  if (ParseJson(json, &ask_answer).ok() && ask_answer.has_state()) {
    *state = ask_answer.state();
    events->assign(ask_answer.events().begin(), ask_answer.events().end());
    return absl::OkStatus();
  }
  v1::AdvanceRequest advance;
  if (ParseJson(json, &advance).ok() && advance.has_state()) {
    *state = advance.state();
    return absl::OkStatus();
  }
  v1::AskRequest ask;
  if (ParseJson(json, &ask).ok() && ask.has_state()) {
    *state = ask.state();
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      "not a TableState, nor a request or answer holding one (proto3 JSON)");
}

int RenderCommand(const RenderCommandOptions& options, std::ostream& out, std::ostream& err) {
  std::string svg;
  if (options.arena) {
    absl::StatusOr<std::vector<ChartBar>> bars = ArenaBarsFromFiles(options.inputs);
    if (!bars.ok()) {
      err << "error: " << bars.status().message() << "\n";
      return kExitError;
    }
    svg = RenderArenaChartSvg(*bars, "Zulu wins (95% Wilson intervals)");
  } else {
    if (options.inputs.size() != 1) {
      err << "error: impi render takes one STATE.json (or --arena FILE...)\n";
      return kExitUsage;
    }
    absl::StatusOr<std::string> text = ReadInput(options.inputs.front());
    if (!text.ok()) {
      err << "error: " << text.status().message() << "\n";
      return kExitError;
    }
    v1::TableState state;
    RenderOptions render;
    render.reveal = options.reveal;
    const absl::Status parsed = ParseRenderInput(*text, &state, &render.events);
    if (!parsed.ok()) {
      err << "error: " << options.inputs.front() << ": " << parsed.message() << "\n";
      return kExitError;
    }
    svg = RenderTableSvg(state, render);
  }
  if (options.out.empty() || options.out == "-") {
    out << svg;
    return kExitOk;
  }
  const absl::Status written = WriteOutput(options.out, svg);
  if (!written.ok()) {
    err << "error: " << written.message() << "\n";
    return kExitError;
  }
  return kExitOk;
}

}  // namespace impi::cli
