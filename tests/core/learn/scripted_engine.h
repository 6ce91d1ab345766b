// SPDX-License-Identifier: MIT
// A scripted engine for the puzzle generator's tests: each position (by FEN)
// answered with its lines, each a score and its first moves; a position not in
// the script fails the search, in words. With helpers for positions and moves.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/chess/uci.h"
#include "core/learn/puzzle_maker.h"

namespace gambit::learn {

using chess::Move;
using chess::Position;
using review::Score;

inline Position at(const std::string& fen) { return Position::from_fen(fen).value(); }

inline std::vector<Move> moves_of(Position pos, const std::vector<std::string>& ucis) {
  std::vector<Move> moves;
  for (const std::string& uci : ucis) {
    moves.push_back(chess::parse_uci_move(pos, uci).value());
    pos.do_move(moves.back());
  }
  return moves;
}

// An engine that answers from a script: each position (by FEN) with its lines,
// each a score and its first moves; a position not in the script fails the test.
struct ScriptedLine {
  Score score;
  std::vector<std::string> moves;
};
class Script {
 public:
  Script& at(const std::string& fen, std::vector<ScriptedLine> lines) {
    lines_[at_fen(fen)] = std::move(lines);
    return *this;
  }
  Analyser analyser() {
    return [this](const Position& pos, int count) -> Result<std::vector<EngineLine>> {
      ++searches;
      const auto found = lines_.find(pos.fen());
      if (found == lines_.end()) return Failure{"not in the script: " + pos.fen()};
      std::vector<EngineLine> lines;
      for (const ScriptedLine& line : found->second)
        if (int(lines.size()) < count) lines.push_back({line.score, moves_of(pos, line.moves)});
      return lines;
    };
  }
  int searches = 0;

 private:
  static std::string at_fen(const std::string& fen) { return Position::from_fen(fen).value().fen(); }
  std::map<std::string, std::vector<ScriptedLine>> lines_;
};

// The position after `ucis` from `fen`.
inline std::string after(const std::string& fen, const std::vector<std::string>& ucis) {
  Position pos = at(fen);
  for (const Move m : moves_of(pos, ucis)) pos.do_move(m);
  return pos.fen();
}

}  // namespace gambit::learn
