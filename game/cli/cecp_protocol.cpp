// SPDX-License-Identifier: MIT
#include "game/cli/cecp_protocol.h"

#include <charconv>
#include <cmath>
#include <sstream>

#include "core/util/parse_number.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"

namespace gambit::cecp {

namespace {


constexpr std::string_view Blanks = " \t\r";

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && Blanks.find(line[i]) != std::string_view::npos) ++i;
    std::size_t j = i;
    while (j < line.size() && Blanks.find(line[j]) == std::string_view::npos) ++j;
    if (j > i) tokens.push_back(line.substr(i, j - i));
    i = j;
  }
  return tokens;
}

// The line after its first word, without surrounding blanks.
std::string_view rest_after_command(std::string_view line) {
  std::size_t i = line.find_first_not_of(Blanks);
  if (i == std::string_view::npos) return {};
  i = line.find_first_of(Blanks, i);
  if (i == std::string_view::npos) return {};
  i = line.find_first_not_of(Blanks, i);
  if (i == std::string_view::npos) return {};
  const std::size_t end = line.find_last_not_of(Blanks);
  return line.substr(i, end + 1 - i);
}

// A non-negative decimal number ("30", "0.5"); nullopt for anything else.
std::optional<double> parse_decimal(std::string_view text) {
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < 0)
    return std::nullopt;
  return value;
}

// Clock values far beyond any game (a week) are cut there, so sums cannot overflow.
constexpr std::int64_t MaxMs = 7LL * 24 * 3600 * 1000;
std::int64_t clamp_ms(double ms) { return ms >= double(MaxMs) ? MaxMs : std::int64_t(std::llround(ms)); }

// A coordinate move ("e2e4", "e7e8q") or castling written "O-O"/"o-o": what a
// protocol-1 GUI sends bare, without "usermove".
bool looks_like_move(std::string_view w) {
  if (w == "O-O" || w == "O-O-O" || w == "o-o" || w == "o-o-o" || w == "0-0" || w == "0-0-0") return true;
  if (w.size() != 4 && w.size() != 5) return false;
  const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  const auto rank = [](char c) { return c >= '1' && c <= '8'; };
  if (!file(w[0]) || !rank(w[1]) || !file(w[2]) || !rank(w[3])) return false;
  return w.size() == 4 || std::string_view("qrbnkQRBNK").find(w[4]) != std::string_view::npos;
}

Result<Command> fail(std::string reason) { return Failure{std::move(reason)}; }

Result<Command> parse_level(const std::vector<std::string_view>& t) {
  if (t.size() < 4) return fail("missing argument");
  if (t.size() > 4) return fail("too many arguments");
  const std::optional<std::int64_t> mps = parse_int64(t[1]);
  const std::optional<std::int64_t> base = parse_base_time(t[2]);
  const std::optional<double> increment = parse_decimal(t[3]);
  if (!mps || *mps < 0 || *mps > 10000 || !base || !increment) return fail("bad argument");
  if (*base == 0 && *increment == 0) return fail("bad argument");  // no time at all
  return Command{Level{int(*mps), *base, clamp_ms(*increment * 1000)}};
}

// time/otim: centiseconds; a slightly negative clock after a lag means none left.
std::optional<std::int64_t> parse_centiseconds(const std::vector<std::string_view>& t) {
  if (t.size() != 2) return std::nullopt;
  const std::optional<std::int64_t> cs = parse_int64(t[1]);
  if (!cs) return std::nullopt;
  return *cs <= 0 ? 0 : std::min(*cs, MaxMs / 10) * 10;
}

Result<Command> parse_result(std::string_view rest) {
  const std::size_t space = rest.find_first_of(Blanks);
  const std::string_view result = rest.substr(0, space);
  if (result != "1-0" && result != "0-1" && result != "1/2-1/2" && result != "*")
    return fail(result.empty() ? "missing argument" : "bad argument");
  GameEnd end{std::string(result), ""};
  const std::size_t open = rest.find('{');
  if (open != std::string_view::npos) {
    const std::size_t close = rest.find('}', open);
    end.comment = std::string(rest.substr(open + 1, close == std::string_view::npos ? close : close - open - 1));
  }
  return Command{end};
}

}  // namespace

std::optional<std::int64_t> parse_base_time(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    const std::optional<double> minutes = parse_decimal(text);
    if (!minutes) return std::nullopt;
    return clamp_ms(*minutes * 60'000);
  }
  const std::optional<std::int64_t> minutes = parse_int64(text.substr(0, colon));
  const std::optional<std::int64_t> seconds = parse_int64(text.substr(colon + 1));
  if (!minutes || !seconds || *minutes < 0 || *seconds < 0 || *seconds >= 60 || *minutes > MaxMs / 60'000)
    return std::nullopt;
  return clamp_ms(double(*minutes) * 60'000 + double(*seconds) * 1000);
}

std::optional<Result<Command>> parse_command(std::string_view line) {
  const std::vector<std::string_view> t = split(line);
  if (t.empty()) return std::nullopt;
  const std::string_view word = t[0];
  const std::string_view rest = rest_after_command(line);
  using R = Result<Command>;
  const auto no_arguments = [&](Command command) -> R {
    if (t.size() > 1) return fail("too many arguments");
    return command;
  };

  if (word == "xboard") return no_arguments(XBoard{});
  if (word == "new") return no_arguments(New{});
  if (word == "force") return no_arguments(Force{});
  if (word == "go") return no_arguments(Go{});
  if (word == "playother") return no_arguments(PlayOther{});
  if (word == "?") return no_arguments(MoveNow{});
  if (word == "draw") return no_arguments(Draw{});
  if (word == "undo") return no_arguments(Undo{});
  if (word == "remove") return no_arguments(Remove{});
  if (word == "post") return no_arguments(Post{true});
  if (word == "nopost") return no_arguments(Post{false});
  if (word == "quit") return R(Command{Quit{}});
  // Accepted with nothing to do: pondering (hard/easy) is not offered, the
  // plugins have no randomness switch, and the opponent's name and kind and
  // the GUI's answers to our features change nothing.
  if (word == "hard" || word == "easy" || word == "random" || word == "computer" || word == "name" ||
      word == "accepted" || word == "rejected" || word == ".")
    return R(Command{Accepted{std::string(word)}});

  if (word == "protover") {
    if (t.size() != 2) return fail(t.size() < 2 ? "missing argument" : "too many arguments");
    const std::optional<std::int64_t> version = parse_int64(t[1]);
    if (!version || *version < 1) return fail("bad argument");
    return R(Command{ProtoVer{int(std::min<std::int64_t>(*version, 1000))}});
  }
  if (word == "variant") {
    if (t.size() != 2) return fail(t.size() < 2 ? "missing argument" : "too many arguments");
    return R(Command{Variant{std::string(t[1])}});
  }
  if (word == "usermove") {
    if (t.size() != 2) return fail(t.size() < 2 ? "missing argument" : "too many arguments");
    return R(Command{UserMove{std::string(t[1])}});
  }
  if (word == "setboard") {
    if (rest.empty()) return fail("missing argument");
    return R(Command{SetBoard{std::string(rest)}});
  }
  if (word == "level") return parse_level(t);
  if (word == "st") {
    if (t.size() != 2) return fail(t.size() < 2 ? "missing argument" : "too many arguments");
    const std::optional<double> seconds = parse_decimal(t[1]);
    if (!seconds || clamp_ms(*seconds * 1000) <= 0) return fail("bad argument");
    return R(Command{SecondsPerMove{clamp_ms(*seconds * 1000)}});
  }
  if (word == "sd") {
    if (t.size() != 2) return fail(t.size() < 2 ? "missing argument" : "too many arguments");
    const std::optional<std::int64_t> depth = parse_int64(t[1]);
    if (!depth || *depth < 1) return fail("bad argument");
    return R(Command{Depth{int(std::min<std::int64_t>(*depth, 1000))}});
  }
  if (word == "time" || word == "otim") {
    const std::optional<std::int64_t> ms = parse_centiseconds(t);
    if (!ms) return fail(t.size() < 2 ? "missing argument" : t.size() > 2 ? "too many arguments" : "bad argument");
    return word == "time" ? R(Command{Time{*ms}}) : R(Command{OpponentTime{*ms}});
  }
  if (word == "ping") {
    if (t.size() != 2) return fail(t.size() < 2 ? "missing argument" : "too many arguments");
    return R(Command{Ping{std::string(t[1])}});
  }
  if (word == "result") return parse_result(rest);
  if (t.size() == 1 && looks_like_move(word)) return R(Command{UserMove{std::string(word)}});
  return fail("unknown command");
}

std::string error_line(std::string_view reason, std::string_view line) {
  constexpr std::size_t MaxShown = 100;
  std::string shown;
  for (std::size_t i = 0; i < line.size() && i < MaxShown; ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c == '\r' || c == '\n') continue;
    shown += c >= 0x20 && c < 0x7F ? char(c) : '?';
  }
  if (line.size() > MaxShown) shown += "...";
  return "Error (" + std::string(reason) + "): " + shown;
}

std::vector<std::string> feature_lines(std::string_view engine_name, std::span<const chess::Variant> variants) {
  std::string name(engine_name);
  for (char& c : name)
    if (c == '"' || c == '\n' || c == '\r') c = '\'';
  std::string names;
  for (chess::Variant v : variants) names += (names.empty() ? "" : ",") + std::string(chess::names_of(v).cecp);
  if (names.empty()) names = chess::names_of(chess::Variant::Standard).cecp;
  return {"feature myname=\"" + name + "\" usermove=1 setboard=1 ping=1 playother=1 san=0 sigint=0 sigterm=0",
          "feature colors=0 analyze=0 variants=\"" + names + "\"", "feature done=1"};
}

std::string move_line(const chess::Position& pos, chess::Move m) { return "move " + chess::to_xboard(pos, m); }

std::string thinking_line(const players::SearchInfo& info, const chess::Position& root) {
  int score = 0;
  if (info.score_kind == players::ScoreKind::Centipawns) score = info.score;
  if (info.score_kind == players::ScoreKind::Mate) score = info.score >= 0 ? 100000 + info.score : -100000 + info.score;
  std::ostringstream out;
  out << info.depth << ' ' << score << ' ' << info.time_ms / 10 << ' ' << info.nodes;
  chess::Position pos = root;
  for (chess::Move m : info.pv) {  // legal in turn: the host checked the pv
    out << ' ' << chess::to_san(pos, m);
    pos.do_move(m);
  }
  return out.str();
}

}  // namespace gambit::cecp
