// SPDX-License-Identifier: MIT
#include "game/cli/uci_protocol.h"

#include <charconv>
#include <sstream>

#include "core/util/parse_number.h"
#include "core/chess/uci.h"

namespace gambit::uci {

namespace {


std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) tokens.push_back(line.substr(i, j - i));
    i = j;
  }
  return tokens;
}

std::string join(const std::vector<std::string_view>& tokens, std::size_t begin, std::size_t end) {
  std::string out;
  for (std::size_t i = begin; i < end && i < tokens.size(); ++i) (out += out.empty() ? "" : " ") += tokens[i];
  return out;
}

// setoption name <name words> [value <value words>]
Result<Command> parse_setoption(const std::vector<std::string_view>& t, std::size_t i) {
  if (i >= t.size() || t[i] != "name") return Failure{"setoption needs 'name <option>' (setoption name depth value 8)"};
  std::size_t value_at = i + 1;
  while (value_at < t.size() && t[value_at] != "value") ++value_at;
  SetOption option{join(t, i + 1, value_at), value_at < t.size() ? join(t, value_at + 1, t.size()) : ""};
  if (option.name.empty()) return Failure{"setoption has no option name"};
  return Command{option};
}

// position startpos|fen <FEN> [moves <m1> <m2> ...]
Result<Command> parse_position(const std::vector<std::string_view>& t, std::size_t i, chess::Variant variant) {
  SetPosition position;
  std::size_t moves_at = i;
  while (moves_at < t.size() && t[moves_at] != "moves") ++moves_at;
  if (i < t.size() && t[i] == "startpos") {
    if (moves_at != i + 1) return Failure{"position startpos is followed by '" + join(t, i + 1, moves_at) + "'; expected 'moves' or nothing"};
    position.start_fen = chess::Position(variant).fen();
  } else if (i < t.size() && t[i] == "fen") {
    position.start_fen = join(t, i + 1, moves_at);
  } else {
    return Failure{"position needs 'startpos' or 'fen <FEN>', then optionally 'moves ...'"};
  }
  Result<chess::Position> start = chess::Position::from_fen(position.start_fen, variant);
  if (!start) return Failure{"position ignored: " + start.error()};
  position.current = *start;
  for (std::size_t m = moves_at + 1; m < t.size(); ++m) {
    Result<chess::Move> move = chess::parse_uci_move(position.current, t[m]);
    if (!move)
      return Failure{"position ignored: move " + std::to_string(m - moves_at) + " of the list: " + move.error()};
    position.current.do_move(*move);
    position.moves.push_back(chess::to_uci(*move));
  }
  return Command{position};
}

Result<Command> parse_go(const std::vector<std::string_view>& t, std::size_t i) {
  Go go;
  for (; i < t.size(); ++i) {
    const std::string_view key = t[i];
    if (key == "infinite") { go.infinite = true; continue; }
    if (key == "ponder") { go.ponder = true; continue; }
    if (key == "searchmoves") {
      std::size_t j = i + 1;
      while (j < t.size() && t[j].size() >= 4 && t[j][0] >= 'a' && t[j][0] <= 'h') ++j;
      go.notes.push_back("searchmoves is not supported; all moves are searched");
      i = j - 1;
      continue;
    }
    const bool numeric_key = key == "wtime" || key == "btime" || key == "winc" || key == "binc" ||
                             key == "movestogo" || key == "depth" || key == "nodes" || key == "movetime" ||
                             key == "mate";
    if (!numeric_key) {
      go.notes.push_back("unknown go parameter '" + std::string(key) + "' ignored");
      continue;
    }
    if (i + 1 >= t.size()) {
      go.notes.push_back("go " + std::string(key) + " has no value; ignored");
      continue;
    }
    const std::optional<std::int64_t> value = parse_int64(t[++i]);
    if (!value) {
      go.notes.push_back("go " + std::string(key) + " '" + std::string(t[i]) + "' is not an integer; ignored");
      continue;
    }
    // Some GUIs send a slightly negative clock after a lag: it means no time left.
    const std::int64_t non_negative = *value < 0 ? 0 : *value;
    if (key == "wtime") go.time_ms[0] = non_negative;
    else if (key == "btime") go.time_ms[1] = non_negative;
    else if (key == "winc") go.increment_ms[0] = non_negative;
    else if (key == "binc") go.increment_ms[1] = non_negative;
    else if (key == "movetime") go.movetime_ms = non_negative;
    else if (key == "nodes") go.nodes = non_negative;
    else if (key == "movestogo") go.moves_to_go = int(std::min<std::int64_t>(non_negative, 10000));
    else if (key == "depth") go.depth = int(std::min<std::int64_t>(non_negative, 1000));
    else go.notes.push_back("go mate is not supported; searching normally");
  }
  return Command{go};
}

}  // namespace

std::optional<Result<Command>> parse_command(std::string_view line, chess::Variant variant) {
  const std::vector<std::string_view> t = split(line);
  // The UCI rule: skip unknown leading tokens and parse the rest.
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::string_view word = t[i];
    if (word == "uci") return Result<Command>(Command{Uci{}});
    if (word == "isready") return Result<Command>(Command{IsReady{}});
    if (word == "ucinewgame") return Result<Command>(Command{UciNewGame{}});
    if (word == "stop") return Result<Command>(Command{Stop{}});
    if (word == "quit") return Result<Command>(Command{Quit{}});
    if (word == "ponderhit") return Result<Command>(Command{PonderHit{}});
    if (word == "setoption") return parse_setoption(t, i + 1);
    if (word == "position") return parse_position(t, i + 1, variant);
    if (word == "go") return parse_go(t, i + 1);
    if (word == "debug" || word == "register") return std::nullopt;  // accepted, nothing to do
  }
  if (t.empty()) return std::nullopt;
  return Result<Command>(Failure{"unknown command " + quote_for_message(line)});
}

std::string option_line(const gambit_option_spec& spec) {
  std::ostringstream out;
  out << "option name " << spec.name << " type ";
  const std::string default_value = spec.default_value ? spec.default_value : "";
  switch (spec.type) {
    case GAMBIT_OPTION_INT:
      out << "spin default " << default_value << " min " << spec.min << " max " << spec.max;
      break;
    case GAMBIT_OPTION_BOOL: out << "check default " << default_value; break;
    case GAMBIT_OPTION_CHOICE:
      out << "combo default " << default_value;
      for (std::uint32_t i = 0; i < spec.choice_count; ++i) out << " var " << spec.choices[i];
      break;
    default: out << "string default " << (default_value.empty() ? "<empty>" : default_value); break;
  }
  return out.str();
}

std::string info_line(const players::SearchInfo& info, bool with_multipv) {
  std::ostringstream out;
  out << "info";
  if (info.depth > 0) out << " depth " << info.depth;
  if (info.seldepth > 0) out << " seldepth " << info.seldepth;
  if (with_multipv) out << " multipv " << info.multipv;
  if (info.score_kind == players::ScoreKind::Centipawns) out << " score cp " << info.score;
  if (info.score_kind == players::ScoreKind::Mate) out << " score mate " << info.score;
  out << " nodes " << info.nodes << " nps " << info.nps << " time " << info.time_ms;
  if (!info.pv.empty()) {
    out << " pv";
    for (chess::Move m : info.pv) out << ' ' << chess::to_uci(m);
  }
  return out.str();
}

std::string multipv_option_line() {
  return "option name MultiPV type spin default 1 min 1 max " + std::to_string(MaxMultiPv);
}

Result<int> parse_multipv(std::string_view value) {
  int lines = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), lines);
  if (error != std::errc() || end != value.data() + value.size() || lines < 1 || lines > MaxMultiPv)
    return Failure{"MultiPV '" + std::string(value) + "' is not a number of lines from 1 to " +
                   std::to_string(MaxMultiPv)};
  return lines;
}

std::string chess960_option_line() { return "option name UCI_Chess960 type check default false"; }

std::string variant_option_line(std::span<const chess::Variant> variants) {
  std::string line = "option name UCI_Variant type combo default chess";
  for (chess::Variant v : variants) line += " var " + std::string(chess::names_of(v).uci);
  return line;
}

}  // namespace gambit::uci
