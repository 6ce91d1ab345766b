// SPDX-License-Identifier: MIT
// Cross-check of Chess960 against an independent implementation, Debian's
// Fairy-Stockfish (UCI_Chess960): "go perft 3" divides, castling written as the
// king taking its rook by both, on 240 positions of random games from seeded
// random starts. The walks castle whenever they can, half of the time, so the
// sample holds castling of every kind: the king or the rook already on its
// square, the king passing the rook's square, a castling that a rook on the back
// rank makes illegal. Fairy-Stockfish runs once, reading every position from a
// command file. The package is required: without it the test fails, it does not skip.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/perft.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "tests/core/chess/test_positions.h"

namespace gambit::chess {
namespace {

using test_support::Divide;

using test_support::FairyStockfishPath;
constexpr int Depth = 3;
constexpr int Games = 60;
constexpr int PositionsPerGame = 4;

// Positions of one random game from a random start, up to 40 plies: the walk
// develops a knight, bishop or queen off the back rank most of the time (which
// opens the way for castling) and castles a quarter of the times it can. Kept:
// the first two positions where castling is legal, every tenth, the last.
std::vector<Position> random_game_positions(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Game game{Position::chess960_start(int(rng() % 960))};
  std::vector<Position> kept;
  int castling_kept = 0;
  const int plies = int(rng() % 41);
  for (int ply = 0; ply < plies && !game.is_over(); ++ply) {
    const Position& pos = game.position();
    const MoveList moves = legal_moves(pos);
    std::vector<Move> castling, developing;
    for (Move m : moves) {
      const PieceType type = type_of(pos.piece_on(m.from()));
      if (m.kind() == Move::CASTLING) castling.push_back(m);
      else if (type != PAWN && type != KING && type != ROOK && relative_rank(pos.side_to_move(), m.from()) == 0)
        developing.push_back(m);
    }
    if (!castling.empty() && castling_kept < 2) ++castling_kept, kept.push_back(pos);
    else if (ply % 10 == 9) kept.push_back(pos);
    Move m = moves[rng() % moves.size()];
    if (!castling.empty() && rng() % 4 == 0) m = castling[rng() % castling.size()];
    else if (!developing.empty() && rng() % 10 < 7) m = developing[rng() % developing.size()];
    EXPECT_TRUE(game.play(m)) << to_uci(m) << "\n" << pos.pretty();
  }
  kept.push_back(game.position());
  kept.resize(PositionsPerGame, game.position());
  return kept;
}

TEST(Chess960CrossCheck, PerftDivideMatchesFairyStockfishOnRandomPositions) {
  ASSERT_TRUE(std::filesystem::exists(FairyStockfishPath))
      << FairyStockfishPath << " not found: install the Debian 'fairy-stockfish' package";
  std::vector<Position> positions;
  for (int game = 0; game < Games; ++game)
    for (const Position& pos : random_game_positions(std::uint64_t(game) * 7919 + 960)) positions.push_back(pos);

  std::vector<std::string> fens;
  std::vector<Divide> ours;
  int castling = 0, king_side = 0, queen_side = 0;
  for (const Position& pos : positions) {
    fens.push_back(pos.fen());
    Result<Position> read_back = Position::from_fen(pos.fen(), Variant::Chess960);
    EXPECT_TRUE(read_back.ok() && *read_back == pos) << pos.fen() << " does not read back as itself";
    Divide divide;
    for (const auto& [move, count] : perft_divide(pos, Depth)) {
      divide.moves[to_uci(move)] = count;
      divide.nodes += count;
      if (move.kind() != Move::CASTLING) continue;
      ++castling;
      (move.to() > move.from() ? king_side : queen_side) += 1;
    }
    EXPECT_EQ(divide.nodes, perft(pos, Depth)) << pos.pretty();
    ours.push_back(std::move(divide));
  }

  std::string error;
  const std::vector<Divide> theirs = test_support::engine_divides(
      FairyStockfishPath, "uci\nsetoption name UCI_Chess960 value true\nisready\n", fens, Depth, error);
  ASSERT_TRUE(error.empty()) << error;
  EXPECT_EQ(test_support::report_divide_mismatches(positions, ours, theirs, "Fairy-Stockfish", Depth), 0);
  EXPECT_GE(positions.size(), 200u);
  // Castling at the root on both sides, or agreeing would prove little about it.
  EXPECT_GT(king_side, 10);
  EXPECT_GT(queen_side, 10);
  EXPECT_GT(castling, 30);
}

}  // namespace
}  // namespace gambit::chess
