// SPDX-License-Identifier: MIT
// core/review/move_reason: each pattern on a position that shows it, and the
// cases where the board does not bear a reason out.
#include "core/review/move_reason.h"

#include <initializer_list>

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::review {
namespace {

using chess::Move;
using chess::Position;

Position at(const char* fen) { return Position::from_fen(fen).value(); }

// The moves of a line given in UCI, each legal where it is played.
std::vector<Move> line_of(Position pos, std::initializer_list<const char*> ucis) {
  std::vector<Move> moves;
  for (const char* uci : ucis) {
    moves.push_back(chess::parse_uci_move(pos, uci).value());
    pos.do_move(moves.back());
  }
  return moves;
}

Position after(Position pos, Move m) {
  pos.do_move(m);
  return pos;
}

// A verdict whose best move starts the line (from pos).
PositionVerdict verdict(Score score, const Position& pos, std::initializer_list<const char*> line) {
  PositionVerdict v;
  v.score = score;
  v.line = line_of(pos, line);
  if (!v.line.empty()) v.best = v.line.front();
  return v;
}

// The reason for `played` in `fen`, given the better line and the reply line.
std::string reason(const char* fen, const char* played, Score before_score, std::initializer_list<const char*> better,
                   Score after_score, std::initializer_list<const char*> reply) {
  const Position before = at(fen);
  const Move move = chess::parse_uci_move(before, played).value();
  return mistake_reason(before, move, verdict(before_score, before, better),
                        verdict(after_score, after(before, move), reply));
}

constexpr const char* Scholar = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";

TEST(MistakeReason, AllowsMateShowsTheMatingLine) {
  EXPECT_EQ(reason(Scholar, "g8f6", Score::centipawns(-30), {"g7g6"}, Score::mate(1), {"h5f7"}),
            "Allows mate in 1: 4. Qxf7#.");
}

TEST(MistakeReason, InThreeCheckTheThirdCheckIsNamedForWhatItIs) {
  // White has one check left to give; 1... d6?? opens b5-e8 for it.
  const Position before =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1+3 0 1", chess::Variant::ThreeCheck)
          .value();
  const Move played = chess::parse_uci_move(before, "d7d6").value();
  EXPECT_EQ(mistake_reason(before, played, verdict(Score::centipawns(-150), before, {"a7a6"}),
                           verdict(Score::mate(1), after(before, played), {"f1b5"})),
            "Allows a third check in 1: 2. Bb5+.");
}

TEST(MistakeReason, MissesMate) {
  constexpr const char* fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  EXPECT_EQ(reason(fen, "b1c3", Score::mate(1), {"h5f7"}, Score::centipawns(-100), {"f6h5"}), "Misses mate in 1.");
}

TEST(MistakeReason, AMateTheLineDoesNotShowIsNoReason) {
  // The analyser says mate but its line stops short, or does not mate: nothing is claimed.
  EXPECT_EQ(reason(Scholar, "g8f6", Score::centipawns(-30), {"g7g6"}, Score::mate(2), {"h5f7"}), "");
  EXPECT_EQ(reason(Scholar, "g8f6", Score::centipawns(-30), {"g7g6"}, Score::mate(1), {"h5h4"}), "");
}

TEST(MistakeReason, HangsAPieceNamedOnItsSquare) {
  EXPECT_EQ(reason("4k3/8/8/2p5/8/8/4N3/4K3 w - - 0 1", "e2d4", Score::centipawns(0), {"e2f4"},
                   Score::centipawns(-300), {"c5d4"}),
            "Hangs the knight on d4: 1... cxd4 takes it for nothing.");
}

TEST(MistakeReason, LosesMaterialSaysHowMuch) {
  // The knight is defended, so the pawn wins a knight for a pawn.
  EXPECT_EQ(reason("4k3/8/8/2p5/8/4P3/4N3/4K3 w - - 0 1", "e2d4", Score::centipawns(0), {"e2f4"},
                   Score::centipawns(-200), {"c5d4"}),
            "Loses material: 1... cxd4 wins a knight for a pawn.");
  // A capture that is taken back: a knight given for a pawn.
  EXPECT_EQ(reason("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", Score::centipawns(0), {"f3d2"},
                   Score::centipawns(-200), {"d6e5"}),
            "Gives a knight for a pawn: 1... dxe5 takes it back.");
}

TEST(MistakeReason, MaterialTheBetterMoveLosesTooIsNoReason) {
  // The rook attacks knight and bishop: one is lost whatever White does, so the
  // move that leaves the knight is not why.
  EXPECT_EQ(reason("4k3/8/8/8/N2r3B/8/8/4K3 w - - 0 1", "e1f1", Score::centipawns(-300), {"a4c3"},
                   Score::centipawns(-600), {"d4a4"}),
            "");
}

TEST(MistakeReason, MaterialTheScoreDoesNotFeelIsNoReason) {
  // The same knight for a pawn, but the score fell by 0.6 pawns: something else is going on.
  EXPECT_EQ(reason("4k3/8/8/2p5/8/4P3/4N3/4K3 w - - 0 1", "e2d4", Score::centipawns(0), {"e2f4"},
                   Score::centipawns(-60), {"c5d4"}),
            "");
  EXPECT_EQ(reason("4k3/8/8/3r4/8/8/3R3P/4K3 w - - 0 1", "h2h3", Score::centipawns(200), {"d2d5"},
                   Score::centipawns(0), {"e8e7"}),
            "");
}

TEST(MistakeReason, WalksIntoAFork) {
  EXPECT_EQ(reason("4k3/8/8/8/1n6/8/7P/R3K3 w Q - 0 1", "h2h3", Score::centipawns(-100), {"a1a4"},
                   Score::centipawns(-500), {"b4c2", "e1d2", "c2a1"}),
            "Walks into a fork: 1... Nc2+ attacks the king and the rook on a1.");
}

TEST(MistakeReason, AForkTheLineDoesNotCashIsNoFork) {
  // The same knight check, but the line goes on without taking the rook.
  EXPECT_EQ(reason("4k3/8/8/8/1n6/8/7P/R3K3 w Q - 0 1", "h2h3", Score::centipawns(-100), {"a1a4"},
                   Score::centipawns(-500), {"b4c2", "e1d2", "c2d4"}),
            "");
}

TEST(MistakeReason, WalksIntoAPin) {
  EXPECT_EQ(reason("4kb2/8/8/8/8/2N5/3P3P/4K3 w - - 0 1", "d2d3", Score::centipawns(0), {"h2h3"},
                   Score::centipawns(-300), {"f8b4", "h2h3", "b4c3"}),
            "Walks into a pin: 1... Bb4 pins the knight on c3 to the king.");
}

TEST(MistakeReason, WalksIntoASkewer) {
  EXPECT_EQ(reason("r6k/8/8/8/6Q1/1K6/8/8 w - - 0 1", "b3c4", Score::centipawns(400), {"b3b2"},
                   Score::centipawns(-500), {"a8a4", "c4d3", "a4g4"}),
            "Walks into a skewer: 1... Ra4+ attacks the king, with the queen on g4 behind it.");
}

TEST(MistakeReason, MissesAWinOfMaterial) {
  EXPECT_EQ(reason("4k3/8/8/3r4/8/8/3R3P/4K3 w - - 0 1", "h2h3", Score::centipawns(500), {"d2d5"},
                   Score::centipawns(0), {"e8e7"}),
            "Misses 1. Rxd5, which wins a rook.");
}

TEST(MistakeReason, MissesAFork) {
  EXPECT_EQ(reason("r3k3/8/8/1N6/8/8/7P/4K3 w - - 0 1", "h2h3", Score::centipawns(500), {"b5c7", "e8d7", "c7a8"},
                   Score::centipawns(0), {"e8e7"}),
            "Misses a fork: 1. Nc7+ attacks the king and the rook on a8.");
}

TEST(MistakeReason, AllowsAPieceToBeTrapped) {
  // 1. g4?? takes f3 from the knight's defence: after 1... g5 every square of
  // the knight on h4 is covered, and 3... gxh4 takes it. 1. Kc2 keeps f3.
  EXPECT_EQ(reason("6k1/1b3ppp/4p3/8/7N/8/6P1/1K6 w - - 0 1", "g2g4", Score::centipawns(0), {"b1c2", "g7g5", "h4f3"},
                   Score::centipawns(-250), {"g7g5", "b1b2", "g5h4"}),
            "Allows 1... g5, which traps the knight on h4.");
}

TEST(MistakeReason, ATrapTheLineDoesNotCashIsNoTrap) {
  EXPECT_EQ(reason("6k1/1b3ppp/4p3/8/7N/8/6P1/1K6 w - - 0 1", "g2g4", Score::centipawns(0), {"b1c2", "g7g5", "h4f3"},
                   Score::centipawns(-250), {"g7g5", "b1b2", "g8g7"}),
            "");
}

TEST(MistakeReason, LosesAPieceToAForcingLine) {
  // The king defends the knight until 1... Bg6+ drives it off; then the rook takes.
  EXPECT_EQ(reason("3r2k1/8/8/3N3b/4K3/8/7P/8 w - - 0 1", "h2h3", Score::centipawns(0), {"d5e3", "h5g6", "e4f4"},
                   Score::centipawns(-300), {"h5g6", "e4e3", "d8d5"}),
            "Loses the knight on d5 to a forcing line: 1... Bg6+ 2. Ke3 Rxd5.");
  // The same line when the better move loses the knight as well: no reason.
  EXPECT_EQ(reason("3r2k1/8/8/3N3b/4K3/8/7P/8 w - - 0 1", "h2h3", Score::centipawns(0), {"h2h4", "h5g6", "e4e3", "d8d5"},
                   Score::centipawns(-300), {"h5g6", "e4e3", "d8d5"}),
            "");
}

TEST(MistakeReason, NoPatternNoReason) {
  // A quiet move judged worse for reasons of position alone.
  EXPECT_EQ(reason("4k3/8/8/8/8/8/3P3P/4K3 w - - 0 1", "h2h4", Score::centipawns(150), {"d2d4"},
                   Score::centipawns(20), {"e8d7"}),
            "");
  // The better move itself was played: nothing to explain.
  EXPECT_EQ(reason("4k3/8/8/8/8/8/3P3P/4K3 w - - 0 1", "d2d4", Score::centipawns(150), {"d2d4"},
                   Score::centipawns(20), {"e8d7"}),
            "");
}

}  // namespace
}  // namespace gambit::review
