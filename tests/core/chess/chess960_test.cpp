// SPDX-License-Identifier: MIT
// Chess960: the 960 starts and their numbers, X-FEN and Shredder-FEN castling,
// castling as the king taking its rook, keys, SAN, UCI and PGN. The perft
// counts are Fairy-Stockfish 11.1's (UCI_Chess960), the first two positions
// from the published Chess960 perft suite; the cross-check against
// Fairy-Stockfish on random positions is chess960_crosscheck_test.cpp.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/perft.h"
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"

namespace gambit::chess {
namespace {

Position chess960(std::string_view fen) {
  Result<Position> pos = Position::from_fen(fen, Variant::Chess960);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : Position(Variant::Chess960);
}

std::string back_rank(const Position& pos) {
  std::string rank;
  for (int file = 0; file < 8; ++file) {
    const Piece p = pos.piece_on(make_square(file, 0));
    rank += "?PNBRQK"[type_of(p)];
  }
  return rank;
}

TEST(Chess960, TheStartsAreNumberedAsFideAndLichessNumberThem) {
  EXPECT_EQ(back_rank(Position::chess960_start(518)), "RNBQKBNR");
  EXPECT_EQ(back_rank(Position::chess960_start(0)), "BBQNNRKR");
  EXPECT_EQ(back_rank(Position::chess960_start(959)), "RKRNNQBB");
  EXPECT_EQ(Position::chess960_start(518).fen(), std::string(START_FEN));
  std::set<std::string> ranks;
  for (int n = 0; n < 960; ++n) {
    const Position start = Position::chess960_start(n);
    const std::string rank = back_rank(start);
    ranks.insert(rank);
    // Bishops on squares of both colours, the king between the rooks, Black's rank the mirror of White's.
    const std::size_t b1 = rank.find('B'), b2 = rank.rfind('B');
    EXPECT_NE(b1 % 2, b2 % 2) << n << " " << rank;
    EXPECT_LT(rank.find('R'), rank.find('K')) << n << " " << rank;
    EXPECT_LT(rank.find('K'), rank.rfind('R')) << n << " " << rank;
    EXPECT_EQ(start.chess960_number(), n) << rank;
    EXPECT_TRUE(start.is_start());
    EXPECT_EQ(chess960(start.fen()), start) << start.fen();
    EXPECT_EQ(start.key(), start.compute_key());
  }
  EXPECT_EQ(ranks.size(), 960u);
  Position moved = Position::chess960_start(100);
  moved.do_move(legal_moves(moved)[0]);
  EXPECT_FALSE(moved.chess960_number().has_value());
  EXPECT_FALSE(moved.is_start());
}

TEST(Chess960, CastlingRightsReadAsXFenAndShredderFenAndWrittenAsXFen) {
  // The standard back rank: KQkq, or Shredder-FEN's files.
  EXPECT_EQ(chess960("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"), Position(Variant::Chess960));
  const Position shredder = chess960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  EXPECT_EQ(shredder.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  EXPECT_EQ(shredder.castling_rook(WHITE_OO), SQ_H1);
  EXPECT_EQ(shredder.castling_rook(WHITE_OOO), SQ_F1);
  // Two rooks on one side of the king: the inner one's right is written by its file.
  const Position inner = chess960("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
  EXPECT_EQ(inner.castling_rook(WHITE_OOO), SQ_B1);
  EXPECT_EQ(inner.fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
  const Position outer = chess960("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
  EXPECT_EQ(outer.castling_rook(WHITE_OOO), SQ_A1);
  EXPECT_NE(inner, outer);
  EXPECT_NE(inner.key(), outer.key()) << "the rook a right castles with is part of the key";
  // Refused in words.
  for (const char* bad : {"4k3/8/8/8/8/8/8/R3K3 w X - 0 1", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
                          "4k3/8/8/8/8/8/8/R3K3 w C - 0 1", "4k3/8/8/8/8/8/4K3/R7 w Q - 0 1",
                          "4k3/8/8/8/8/8/8/RR2K3 w QB - 0 1"}) {
    Result<Position> refused = Position::from_fen(bad, Variant::Chess960);
    EXPECT_FALSE(refused.ok()) << bad;
    if (!refused.ok()) {
      EXPECT_NE(refused.error().find("castling"), std::string::npos) << refused.error();
    }
  }
  // Standard chess keeps to KQkq.
  Result<Position> standard = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  ASSERT_FALSE(standard.ok());
  EXPECT_NE(standard.error().find("Chess960"), std::string::npos) << standard.error();
}

TEST(Chess960, PerftAgreesWithFairyStockfish) {
  const struct {
    const char* fen;
    std::uint64_t depth4;
  } cases[] = {
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 326672},
      {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 667366},
      {"1r1bkqbr/pppp1ppp/2nnp3/8/2P5/N4P2/PP1PP1PP/1RNBKQBR w Hh - 0 9", 694599},
      {"rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1", 211156},  // the king beside its queen-side rook
      {"1k6/8/8/8/8/8/8/RK5R w HA - 0 1", 9992},
      {"4k3/8/8/8/8/8/8/r5KR w K - 0 1", 12888},  // the king already on g1, in check from a1
  };
  for (const auto& c : cases) EXPECT_EQ(perft(chess960(c.fen), 4), c.depth4) << c.fen;
}

TEST(Chess960, CastlingIsTheKingTakingItsRookAndEndsAsInStandardChess) {
  // King b1, rooks a1 and h1: queen side the king moves on to c1 and the rook to d1; king side to g1 and f1.
  const Position pos = chess960("1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
  Result<Move> long_castle = parse_uci_move(pos, "b1a1");
  ASSERT_TRUE(long_castle.ok()) << long_castle.error();
  EXPECT_EQ(long_castle->kind(), Move::CASTLING);
  EXPECT_EQ(to_san(pos, *long_castle), "O-O-O");
  Position after = pos;
  after.do_move(*long_castle);
  EXPECT_EQ(after.fen(), "1k6/8/8/8/8/8/8/2KR3R b - - 1 1");
  Result<Move> short_castle = parse_san(pos, "O-O");
  ASSERT_TRUE(short_castle.ok()) << short_castle.error();
  EXPECT_EQ(to_uci(*short_castle), "b1h1");
  after = pos;
  after.do_move(*short_castle);
  EXPECT_EQ(after.fen(), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
  EXPECT_EQ(after.key(), after.compute_key());
  // The king already on g1 and the rook on h1: the rook alone moves, to f1.
  const Position on_g1 = chess960("4k3/8/8/8/8/8/8/6KR w K - 0 1");
  Result<Move> stay = parse_san(on_g1, "O-O");
  ASSERT_TRUE(stay.ok()) << stay.error();
  after = on_g1;
  after.do_move(*stay);
  EXPECT_EQ(after.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  // A rook moving or taken loses its right; the king moving loses both.
  Position rook_moved = pos;
  rook_moved.do_move(parse_uci_move(pos, "h1h2").value());
  EXPECT_EQ(rook_moved.castling_rights(), WHITE_OOO);
  EXPECT_EQ(rook_moved.key(), rook_moved.compute_key());
  Position king_moved = pos;
  king_moved.do_move(parse_uci_move(pos, "b1b2").value());
  EXPECT_EQ(king_moved.castling_rights(), NO_CASTLING);
}

TEST(Chess960, AGameIsWrittenWithItsStartAndReadBack) {
  Game game{Position::chess960_start(0)};  // BBQNNRKR
  for (const char* move : {"d2d4", "d7d5", "d1c3", "d8c6", "e1d3", "e8d6", "c1d2", "c8d7"}) {
    Result<Move> m = parse_uci_move(game.position(), move);
    ASSERT_TRUE(m.ok()) << move << ": " << m.error();
    ASSERT_TRUE(game.play(*m));
  }
  Result<Move> castle = parse_san(game.position(), "O-O-O");  // the king from g1 to c1, the rook from f1 to d1
  ASSERT_TRUE(castle.ok()) << castle.error() << "\n" << game.position().pretty();
  ASSERT_TRUE(game.play(*castle));
  EXPECT_EQ(game.position().piece_on(SQ_C1), W_KING);
  EXPECT_EQ(game.position().piece_on(SQ_D1), W_ROOK);
  PgnGame pgn;
  pgn.start = game.start();
  pgn.moves = game.moves();
  const std::string text = write_pgn(pgn);
  EXPECT_NE(text.find("[Variant \"Chess960\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("5. O-O-O"), std::string::npos) << text;
  PgnReader reader(text);
  std::optional<Result<PgnGame>> read = reader.next();
  ASSERT_TRUE(read && read->ok()) << (read ? read->error() : "no game");
  EXPECT_EQ((*read)->start, game.start());
  EXPECT_EQ((*read)->moves, game.moves());
}

}  // namespace
}  // namespace gambit::chess
