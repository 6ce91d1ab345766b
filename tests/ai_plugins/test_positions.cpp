// SPDX-License-Identifier: MIT
#include "tests/ai_plugins/test_positions.h"

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <random>
#include <sstream>

#include "core/chess/movegen.h"
#include "tests/support/random_walks.h"

namespace gambit::testing {

using namespace chess;

std::vector<Position> random_positions(int count, std::uint64_t seed) {
  return test_support::random_walks({.walks = count, .max_plies = 120, .playable_only = true}, seed);
}

Position mirrored(const Position& pos) {
  std::istringstream fields(pos.fen());
  std::string board, side, castling, ep, halfmove, fullmove;
  fields >> board >> side >> castling >> ep >> halfmove >> fullmove;

  std::vector<std::string> ranks;
  std::istringstream rank_stream(board);
  for (std::string rank; std::getline(rank_stream, rank, '/');) ranks.insert(ranks.begin(), rank);
  std::string flipped_board;
  for (const std::string& rank : ranks) {
    if (!flipped_board.empty()) flipped_board += '/';
    for (char c : rank)
      flipped_board += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(static_cast<unsigned char>(c)))
                                                                    : char(std::toupper(static_cast<unsigned char>(c)));
  }
  std::string flipped_castling;
  for (char c : std::string("KQkq")) {
    const char twin = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(static_cast<unsigned char>(c)))
                                                                   : char(std::toupper(static_cast<unsigned char>(c)));
    if (castling.find(twin) != std::string::npos) flipped_castling += c;
  }
  if (flipped_castling.empty()) flipped_castling = "-";
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';

  const std::string fen = flipped_board + ' ' + (side == "w" ? "b" : "w") + ' ' + flipped_castling + ' ' + ep + ' ' +
                          halfmove + ' ' + fullmove;
  Result<Position> result = Position::from_fen(fen);
  EXPECT_TRUE(result.ok()) << "mirroring " << pos.fen() << " gave " << fen;
  return result ? *result : pos;
}

namespace {

// Reads "cp 123" or "mate 4" after `key` in an EPD operation list.
bool read_value(const std::string& line, const std::string& key, bool& is_mate, int& value) {
  const auto at = line.find(";" + key + " ");
  if (at == std::string::npos) return false;
  std::istringstream in(line.substr(at + key.size() + 2));
  std::string kind;
  if (!(in >> kind >> value)) return false;
  is_mate = kind == "mate";
  return kind == "mate" || kind == "cp";
}

}  // namespace

std::vector<TacticsEntry> read_tactics() {
  const std::string path = std::string(GAMBIT_TEST_DATA_DIR) + "/tactics.epd";
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::vector<TacticsEntry> entries;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    TacticsEntry e;
    e.line = number;
    e.fen = line.substr(0, line.find(';'));
    while (!e.fen.empty() && e.fen.back() == ' ') e.fen.pop_back();
    const auto bm = line.find(";bm_uci ");
    bool ok = bm != std::string::npos;
    if (ok) {
      std::istringstream move(line.substr(bm + 8));
      ok = bool(move >> e.best_move);
    }
    ok = ok && read_value(line, "best", e.best_is_mate, e.best_value) &&
         read_value(line, "second", e.second_is_mate, e.second_value) && Position::from_fen(e.fen).ok();
    EXPECT_TRUE(ok) << path << ":" << number << " is not a tactics line: " << line;
    if (ok) entries.push_back(e);
  }
  return entries;
}

}  // namespace gambit::testing
