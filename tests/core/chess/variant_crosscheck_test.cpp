// SPDX-License-Identifier: MIT
// Cross-check of lichess's variants against an independent implementation,
// Debian's Fairy-Stockfish (UCI_Variant): "go perft 3" divides on at least 200
// positions of seeded random games per variant. Each variant's walk leans
// toward what its rules are about, so that the sample holds the positions
// where they differ from chess: King of the Hill's kings step toward the
// centre, so games end on the hill and positions one step from it are counted
// (a position whose game is over has no moves in perft, for both programs);
// Racing Kings' kings run up the board, so races are won, drawn on the last
// move and lost with the other king one step short.
// Fairy-Stockfish runs once per variant, reading every position from a command
// file. The package is required: without it the test fails, it does not skip.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/chess/bitboard.h"
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

// The moves a variant's walk prefers in a position (empty: any legal move).
using Leaning = std::function<std::vector<Move>(const Position&, const MoveList&)>;

struct Sample {
  std::vector<Position> positions;
  int games_won_by_goal = 0;  // games that ended by the variant's own goal
};

// Random games from the variant's start, 20 to 80 plies, taking a preferred
// move most of the time. Kept from each: every eighth position, the one before
// the last move and the last.
Sample random_games(Variant variant, const Leaning& leaning, std::uint64_t seed, Termination goal, int games = Games) {
  Sample sample;
  for (int number = 0; number < games; ++number) {
    std::mt19937_64 rng(seed + std::uint64_t(number) * 7919);
    Game game{Position(variant)};
    const int plies = 20 + int(rng() % 61);
    for (int ply = 0; ply < plies && !game.is_over(); ++ply) {
      const Position& pos = game.position();
      if (ply % 8 == 7) sample.positions.push_back(pos);
      const MoveList moves = legal_moves(pos);
      const std::vector<Move> preferred = leaning(pos, moves);
      Move m = moves[rng() % moves.size()];
      if (!preferred.empty() && rng() % 10 < 7) m = preferred[rng() % preferred.size()];
      const Position before = pos;
      EXPECT_TRUE(game.play(m)) << to_uci(m) << "\n" << before.pretty();
      if (game.is_over() || ply + 1 == plies) sample.positions.push_back(before);  // the one before the last move
    }
    sample.positions.push_back(game.position());
    if (game.outcome().termination == goal) ++sample.games_won_by_goal;
  }
  return sample;
}

// Our divides of `positions` at `depth` against Fairy-Stockfish's in `uci_variant`; how many positions differ.
int mismatches(const std::vector<Position>& positions, Variant variant, const std::string& uci_variant, int depth) {
  std::vector<std::string> fens;
  std::vector<Divide> ours;
  for (const Position& pos : positions) {
    fens.push_back(pos.fen());
    Result<Position> read_back = Position::from_fen(pos.fen(), variant);
    EXPECT_TRUE(read_back.ok() && *read_back == pos) << pos.fen() << " does not read back as itself";
    Divide divide;
    for (const auto& [move, count] : perft_divide(pos, depth)) {
      divide.moves[to_uci(move)] = count;
      divide.nodes += count;
    }
    EXPECT_EQ(divide.nodes, perft(pos, depth)) << pos.pretty();
    ours.push_back(std::move(divide));
  }
  std::string error;
  const std::vector<Divide> theirs = test_support::engine_divides(
      FairyStockfishPath, "uci\nsetoption name UCI_Variant value " + uci_variant + "\nisready\n", fens, depth, error);
  EXPECT_TRUE(error.empty()) << error;
  if (!error.empty()) return int(positions.size());
  return test_support::report_divide_mismatches(positions, ours, theirs, "Fairy-Stockfish", depth);
}

// Compares our divides with Fairy-Stockfish's at Depth on every position of the sample.
void expect_same_divides(const Sample& sample, Variant variant, const std::string& uci_variant) {
  ASSERT_TRUE(std::filesystem::exists(FairyStockfishPath))
      << FairyStockfishPath << " not found: install the Debian 'fairy-stockfish' package";
  EXPECT_EQ(mismatches(sample.positions, variant, uci_variant, Depth), 0);
  EXPECT_GE(sample.positions.size(), 200u);
}

int hill_distance(Square s) {
  const int f = file_of(s), r = rank_of(s);
  return std::max(f < 4 ? 3 - f : f - 4, r < 4 ? 3 - r : r - 4);
}

TEST(VariantCrossCheck, KingOfTheHillAgreesWithFairyStockfish) {
  // The king steps toward the hill; pawns in front of it move out of the way.
  const Leaning toward_the_hill = [](const Position& pos, const MoveList& moves) {
    std::vector<Move> preferred;
    const int now = hill_distance(pos.king_square(pos.side_to_move()));
    for (Move m : moves) {
      const PieceType type = type_of(pos.piece_on(m.from()));
      if ((type == KING && hill_distance(m.to()) < now) || (type == PAWN && (file_of(m.from()) == 3 || file_of(m.from()) == 4)))
        preferred.push_back(m);
    }
    return preferred;
  };
  const Sample sample = random_games(Variant::KingOfTheHill, toward_the_hill, 4, Termination::KingOfTheHill);
  expect_same_divides(sample, Variant::KingOfTheHill, "kingofthehill");
  EXPECT_GE(sample.games_won_by_goal, 10) << "too few games reached the hill to test its end";
}

TEST(VariantCrossCheck, RacingKingsAgreesWithFairyStockfish) {
  ASSERT_TRUE(std::filesystem::exists(FairyStockfishPath))
      << FairyStockfishPath << " not found: install the Debian 'fairy-stockfish' package";
  // The king steps up the board (where the race is won, and where checks are most often near).
  const Leaning up_the_board = [](const Position& pos, const MoveList& moves) {
    std::vector<Move> preferred;
    for (Move m : moves)
      if (type_of(pos.piece_on(m.from())) == KING && rank_of(m.to()) > rank_of(m.from())) preferred.push_back(m);
    return preferred;
  };
  const Sample sample = random_games(Variant::RacingKings, up_the_board, 9, Termination::EighthRank, 150);
  EXPECT_GE(sample.games_won_by_goal, 10) << "too few races reached the eighth rank to test their end";
  // Fairy-Stockfish ends a race otherwise than lichess (see Position::goal), so the whole perft tree is compared
  // where no king can arrive within it (the side to move's king two ranks short, the other's one), and the moves
  // alone where our game goes on; the ends themselves are Game's tests.
  std::vector<Position> far, near;
  for (const Position& pos : sample.positions) {
    const int mine = rank_of(pos.king_square(pos.side_to_move())), theirs = rank_of(pos.king_square(~pos.side_to_move()));
    if (mine <= 4 && theirs <= 5) far.push_back(pos);
    else if (!pos.over_by_goal()) near.push_back(pos);
  }
  EXPECT_EQ(mismatches(far, Variant::RacingKings, "racingkings", Depth), 0);
  EXPECT_EQ(mismatches(near, Variant::RacingKings, "racingkings", 1), 0);
  EXPECT_GE(far.size(), 100u);
  EXPECT_GE(far.size() + near.size(), 200u);
}

}  // namespace
}  // namespace gambit::chess
