// SPDX-License-Identifier: MIT
// gambit-datapack: gambit-datagen's data made small enough to keep in the
// repository (with xz, about 4 bytes a position instead of 70), and made
// again from that, byte for byte, to learn from in a later session.
//   gambit-datapack pack DATA.txt PACKED.games
//   gambit-datapack unpack PACKED.games DATA.txt
// ("-" reads standard input or writes standard output). A packed file keeps
// each game once, as its moves, instead of a FEN per position:
//   # gambit-datapack 1
//   <the data's first line: "# gambit-datagen nodes=... seed=... ...">
//   <number> skipped <plies> <positions>        a game not played
//   <number> <result> startpos <moves>          a game played from the start position
//   <number> <result> fen <FEN> <moves>         ... or from another one
//   # end <games> <positions> <FNV-1a of the data, 16 hex digits>
// each move in UCI, followed by ":<score>" (White's view) when the position
// it was played from is one the data learns from. pack checks, game by game,
// that unpacking gives the data's own bytes, and refuses a file where it would
// not; an unfinished last game (a run still going, or stopped) is left out and
// said so. unpack refuses a packed file without its end line, or whose data
// comes out other than the end line says (cut short, or damaged). Neither
// command writes over a file that exists, and what it writes appears only
// when it is whole.
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai_plugins/alphabeta/selfplay_data.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/util/fnv1a.h"
#include "core/util/parse_number.h"
#include "core/util/words.h"

namespace {

using namespace gambit;

constexpr std::string_view PackedHeader = "# gambit-datapack 1";
constexpr std::string_view EndPrefix = "# end ";

// What a packed file's last line says of the data: checked when it is unpacked.
struct DataSummary {
  std::size_t games = 0, positions = 0;
  std::uint64_t hash = Fnv1aStart;  // of every byte of the data

  // The data's header line: hashed, not a game.
  void add_header(std::string_view text) { hash = fnv1a(text, hash); }
  // One game's lines of data: its positions' lines and its own.
  void add_game(std::string_view text, std::size_t game_positions) {
    hash = fnv1a(text, hash);
    positions += game_positions;
    ++games;
  }
  std::string end_line() const {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return std::string(EndPrefix) + std::to_string(games) + " " + std::to_string(positions) + " " + hex;
  }
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "gambit-datapack: " << problem << "\n"
            << "usage: gambit-datapack pack DATA.txt PACKED.games\n"
            << "       gambit-datapack unpack PACKED.games DATA.txt\n"
            << "(\"-\" for standard input or output)\n";
  std::exit(2);
}

// The whole number text spells (parse_number.h) when it lies in [low, high].
template <class T>
bool whole_number(std::string_view text, T& value, std::int64_t low = 0,
                  std::int64_t high = std::numeric_limits<std::int32_t>::max()) {
  const std::optional<std::int64_t> n = parse_int64(text);
  if (!n || *n < low || *n > high) return false;
  value = T(*n);
  return true;
}

bool is_result(std::string_view r) { return r == "1.0" || r == "0.5" || r == "0.0"; }

// The data's lines of one packed game line (its positions' lines and its own).
Result<std::string> unpack_game(std::string_view line) {
  const std::vector<std::string_view> w = word_views(line);
  std::size_t number = 0;
  if (w.size() < 2 || !whole_number(w[0], number))
    return Failure{"not a packed game (a number and a result first): " + quote_for_message(line)};
  if (w[1] == "skipped") {
    std::size_t plies = 0, positions = 0;
    if (w.size() != 4 || !whole_number(w[2], plies) || !whole_number(w[3], positions))
      return Failure{"a game not played is '<number> skipped <plies> <positions>', not " + quote_for_message(line)};
    return std::string(selfplay::GamePrefix) + std::string(line) + "\n";
  }
  if (!is_result(w[1])) return Failure{"game " + std::to_string(number) + ": " + quote_for_message(w[1]) + " is not a result"};
  std::size_t next = 3;
  chess::Position start;
  if (w.size() >= 3 && w[2] == "fen") {
    if (w.size() < 9) return Failure{"game " + std::to_string(number) + ": its FEN is cut short"};
    std::string fen(w[3]);
    for (std::size_t i = 4; i < 9; ++i) (fen += ' ') += w[i];
    Result<chess::Position> read = chess::Position::from_fen(fen);
    if (!read) return Failure{"game " + std::to_string(number) + ": " + read.error()};
    start = read.value();
    next = 9;
  } else if (w.size() < 3 || w[2] != "startpos") {
    return Failure{"game " + std::to_string(number) + ": 'startpos' or 'fen <FEN>' should follow the result"};
  }
  std::string out;
  std::vector<chess::Move> moves;
  chess::Position pos = start;
  std::size_t positions = 0;
  for (std::size_t i = next; i < w.size(); ++i) {
    const std::size_t colon = w[i].find(':');
    const std::string_view move_text = w[i].substr(0, colon);
    Result<chess::Move> move = chess::parse_uci_move(pos, move_text);
    if (!move)
      return Failure{"game " + std::to_string(number) + ", move " + std::to_string(moves.size() + 1) + ": " +
                     move.error()};
    if (colon != std::string_view::npos) {
      int score = 0;
      if (!whole_number(w[i].substr(colon + 1), score, -99999, 99999))
        return Failure{"game " + std::to_string(number) + ", move " + std::to_string(moves.size() + 1) + ": " +
                       quote_for_message(w[i].substr(colon + 1)) + " is not a score in centipawns"};
      out += selfplay::position_line(pos, score, w[1]);
      ++positions;
    }
    moves.push_back(move.value());
    pos.do_move(move.value());
  }
  out += selfplay::game_line(number, w[1], positions, start, moves);
  return out;
}

// A position line of the data, as written: its FEN and its score.
struct DataPosition {
  std::string fen, score;
};

// The packed line of one game of the data, from its positions' lines and its
// own line, which holds the moves.
Result<std::string> pack_game(const std::vector<DataPosition>& positions, std::string_view game_line) {
  const std::vector<std::string_view> w = word_views(game_line.substr(selfplay::GamePrefix.size()));
  if (w.size() >= 2 && w[1] == "skipped") {
    if (!positions.empty()) return Failure{"a game not played has positions before it"};
    return std::string(game_line.substr(selfplay::GamePrefix.size()));
  }
  // <number> <result> <plies> <positions> position fen <6 fields> moves ...
  if (w.size() < 13 || w[4] != "position" || w[5] != "fen" || w[12] != "moves")
    return Failure{"the game's line has no moves (data made before gambit-datagen wrote them cannot be packed)"};
  std::string fen(w[6]);
  for (std::size_t i = 7; i < 12; ++i) (fen += ' ') += w[i];
  Result<chess::Position> start = chess::Position::from_fen(fen);
  if (!start) return Failure{start.error()};
  std::string packed = std::string(w[0]) + " " + std::string(w[1]) + " ";
  packed += start.value().fen() == chess::Position().fen() ? "startpos" : "fen " + fen;
  chess::Position pos = start.value();
  std::size_t next = 0;
  for (std::size_t i = 13; i < w.size(); ++i) {
    Result<chess::Move> move = chess::parse_uci_move(pos, w[i]);
    if (!move) return Failure{"move " + std::to_string(i - 12) + ": " + move.error()};
    packed += ' ';
    packed += w[i];
    if (next < positions.size() && positions[next].fen == pos.fen()) {
      packed += ':';
      packed += positions[next++].score;
    }
    pos.do_move(move.value());
  }
  if (next < positions.size())
    return Failure{"the position " + quote_for_message(positions[next].fen) + " is not one of the game's"};
  return packed;
}

// A file being written: it gets its name only when it is whole (or is
// standard output).
class Output {
 public:
  explicit Output(std::string name) : name_(std::move(name)) {
    if (name_ == "-") return;
    std::error_code ec;
    if (std::filesystem::exists(name_, ec)) fail(name_ + " exists: left as it is; choose another name");
    part_ = name_ + ".part";
    if (std::filesystem::exists(part_, ec))
      fail(part_ + " exists (another run writing it, or left by one): left as it is");
    file_.open(part_, std::ios::binary | std::ios::trunc);
    if (!file_) fail("cannot write " + part_ + ": " + std::strerror(errno));
  }
  ~Output() {
    if (!part_.empty() && !done_) {
      file_.close();
      std::error_code ec;
      std::filesystem::remove(part_, ec);
    }
  }
  std::ostream& stream() { return is_standard_output() ? std::cout : file_; }
  bool is_standard_output() const { return name_ == "-"; }
  // Gives the file its name; false (said) when it could not be written whole.
  bool finish() {
    stream().flush();
    if (!stream()) {
      std::cerr << "gambit-datapack: writing " << name_ << " failed\n";
      return false;
    }
    if (part_.empty()) return true;
    file_.close();
    if (!file_) {
      std::cerr << "gambit-datapack: writing " << part_ << " failed\n";
      return false;
    }
    std::error_code ec;
    std::filesystem::rename(part_, name_, ec);
    if (ec) {
      std::cerr << "gambit-datapack: cannot name " << part_ << " " << name_ << ": " << ec.message() << "\n";
      return false;
    }
    done_ = true;
    return true;
  }
  [[noreturn]] static void fail(const std::string& message) {
    std::cerr << "gambit-datapack: " << message << "\n";
    std::exit(1);
  }

 private:
  std::string name_, part_;
  std::ofstream file_;
  bool done_ = false;
};

// Reads the named file, or standard input for "-".
class Input {
 public:
  explicit Input(const std::string& name) : name_(name == "-" ? "standard input" : name) {
    if (name == "-") return;
    file_.open(name, std::ios::binary);
    if (!file_) {
      std::cerr << "gambit-datapack: cannot read " << name << ": " << std::strerror(errno) << "\n";
      std::exit(2);
    }
  }
  std::istream& stream() { return file_.is_open() ? static_cast<std::istream&>(file_) : std::cin; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::ifstream file_;
};

// Bad input, said with the line it is on; a file's part written so far is
// removed with its Output (standard output has had it).
int refuse(const Input& in, const Output& out, std::size_t line, const std::string& why) {
  std::cerr << "gambit-datapack: " << in.name() << ":" << line << ": " << why
            << (out.is_standard_output() ? "; stopped there\n" : "; nothing written\n");
  return 2;
}

int pack(Input& in, Output& out) {
  std::string line;
  std::size_t number = 0;
  if (!std::getline(in.stream(), line) || !line.starts_with(selfplay::SettingsPrefix))
    return refuse(in, out, 1, "not gambit-datagen's data (its first line does not name the settings)");
  ++number;
  out.stream() << PackedHeader << '\n' << line << '\n';
  DataSummary summary;
  summary.add_header(line + "\n");
  std::vector<DataPosition> positions;
  std::string game_text;  // the data's bytes of the game being read
  bool cut = false;
  while (std::getline(in.stream(), line)) {
    ++number;
    if (in.stream().eof()) {
      cut = true;  // a last line without its end: a game still being written
      break;
    }
    game_text += line;
    game_text += '\n';
    if (line.starts_with(selfplay::GamePrefix)) {
      Result<std::string> packed = pack_game(positions, line);
      if (!packed) return refuse(in, out, number, packed.error());
      Result<std::string> again = unpack_game(packed.value());
      if (!again || again.value() != game_text)
        return refuse(in, out, number, "this game's lines are not what its moves and scores give again");
      out.stream() << packed.value() << '\n';
      summary.add_game(game_text, positions.size());
      positions.clear();
      game_text.clear();
      continue;
    }
    const std::size_t bar = line.find(" | "), bar2 = bar == std::string::npos ? bar : line.find(" | ", bar + 3);
    int score = 0;
    if (bar2 == std::string::npos || !whole_number(std::string_view(line).substr(bar + 3, bar2 - bar - 3), score,
                                              std::numeric_limits<std::int32_t>::min()) ||
        !is_result(std::string_view(line).substr(bar2 + 3)))
      return refuse(in, out, number, "not a line 'FEN | score | result': " + quote_for_message(line));
    positions.push_back({line.substr(0, bar), line.substr(bar + 3, bar2 - bar - 3)});
  }
  if (!positions.empty() || cut)
    std::cerr << "gambit-datapack: left out the unfinished game at the end of " << in.name() << " ("
              << positions.size() << " positions)\n";
  out.stream() << summary.end_line() << '\n';
  if (!out.finish()) return 1;
  std::cerr << "gambit-datapack: " << summary.games << " games (" << summary.positions << " positions) packed\n";
  return 0;
}

int unpack(Input& in, Output& out) {
  std::string line;
  std::size_t number = 0;
  if (!std::getline(in.stream(), line) || line != PackedHeader)
    return refuse(in, out, 1, "not packed data (its first line is not '" + std::string(PackedHeader) + "')");
  if (!std::getline(in.stream(), line) || !line.starts_with(selfplay::SettingsPrefix))
    return refuse(in, out, 2, "the second line should name the data's settings ('# gambit-datagen ...')");
  number = 2;
  out.stream() << line << '\n';
  DataSummary summary;
  summary.add_header(line + "\n");
  bool ended = false;
  while (std::getline(in.stream(), line)) {
    ++number;
    if (in.stream().eof()) return refuse(in, out, number, "cut short (its last line has no end)");
    if (ended) return refuse(in, out, number, "lines after the end line");
    if (line.starts_with(EndPrefix)) {
      if (line != summary.end_line())
        return refuse(in, out, number,
                      "the data comes out as '" + summary.end_line().substr(EndPrefix.size()) +
                          "' (games, positions, FNV-1a) where the end line says " +
                          quote_for_message(line.substr(EndPrefix.size())) + ": damaged");
      ended = true;
      continue;
    }
    Result<std::string> text = unpack_game(line);
    if (!text) return refuse(in, out, number, text.error());
    out.stream() << text.value();
    summary.add_game(text.value(), std::size_t(std::count(text.value().begin(), text.value().end(), '\n')) - 1);
  }
  if (!ended) return refuse(in, out, number, "cut short (no '# end' line)");
  if (!out.finish()) return 1;
  std::cerr << "gambit-datapack: " << summary.games << " games (" << summary.positions << " positions) unpacked\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) usage(argc < 2 ? "a command is needed" : "pack or unpack takes an input and an output");
  const std::string_view command = argv[1];
  if (command != "pack" && command != "unpack") usage("unknown command '" + std::string(command) + "'");
  Input in(argv[2]);
  Output out(argv[3]);
  return command == "pack" ? pack(in, out) : unpack(in, out);
}
