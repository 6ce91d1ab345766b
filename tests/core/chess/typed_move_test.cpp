// SPDX-License-Identifier: MIT
// Moves typed by a player: SAN or UCI, lowercase piece letters, sentences for
// what cannot be played, and completion of a beginning.
#include "core/chess/typed_move.h"

#include <gtest/gtest.h>

#include "core/chess/san.h"
#include "core/chess/uci.h"

namespace gambit::chess {
namespace {

Position from_fen(std::string_view fen) {
  auto pos = Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error());
  return pos ? *pos : Position();
}

std::string typed(const Position& pos, std::string_view text) {
  auto move = parse_typed_move(pos, text);
  return move ? to_uci(*move) : "error: " + move.error();
}

TEST(TypedMove, SanUciAndLowercasePieceLetters) {
  const Position start;
  EXPECT_EQ(typed(start, "Nf3"), "g1f3");
  EXPECT_EQ(typed(start, "nf3"), "g1f3");
  EXPECT_EQ(typed(start, "g1f3"), "g1f3");
  EXPECT_EQ(typed(start, " e4 "), "e2e4");
  EXPECT_EQ(typed(start, "e2e4"), "e2e4");
  // Castling as O-O, 0-0 or o-o; a promotion with or without '='.
  const Position castle = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(typed(castle, "O-O"), "e1g1");
  EXPECT_EQ(typed(castle, "0-0-0"), "e1c1");
  EXPECT_EQ(typed(castle, "o-o"), "e1g1");
  const Position promote = from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  EXPECT_EQ(typed(promote, "e8=Q"), "e7e8q");
  EXPECT_EQ(typed(promote, "e8N"), "e7e8n");
  EXPECT_EQ(typed(promote, "e7e8r"), "e7e8r");
  // "b" is the b-pawn when it can be, the bishop otherwise.
  const Position b_file = from_fen("4k3/8/8/8/8/2p5/1P6/2B1K3 w - - 0 1");
  EXPECT_EQ(typed(b_file, "bxc3"), "b2c3");
  EXPECT_EQ(typed(b_file, "bd2"), "c1d2");
}

TEST(TypedMove, WhatCannotBePlayedIsSaidInWordsWithoutAFen) {
  const Position start;
  const std::string illegal = typed(start, "Nf4");
  EXPECT_NE(illegal.find("'Nf4' is not a legal move here"), std::string::npos) << illegal;
  EXPECT_EQ(illegal.find(start.fen()), std::string::npos) << "no FEN for the player: " << illegal;
  EXPECT_NE(typed(start, "e2e5").find("'e2e5' is not a legal move here"), std::string::npos);
  EXPECT_NE(typed(start, "hello").find("is not a move"), std::string::npos) << typed(start, "hello");
  EXPECT_NE(typed(start, "").find("type a move"), std::string::npos);
  // Two knights can go to d2: the sentence names both ways to say it.
  const Position knights = from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  const std::string ambiguous = typed(knights, "Nd2");
  EXPECT_NE(ambiguous.find("'Nd2' is ambiguous here: it could be Nbd2 or Nfd2"), std::string::npos) << ambiguous;
  EXPECT_EQ(typed(knights, "Nbd2"), "b1d2");
}

TEST(TypedMove, CompletionsOfABeginning) {
  const Position start;
  using V = std::vector<std::string>;
  EXPECT_EQ(typed_move_completions(start, "N"), (V{"Na3", "Nc3", "Nf3", "Nh3"}));
  EXPECT_EQ(typed_move_completions(start, "nf"), (V{"Nf3"}));
  EXPECT_EQ(typed_move_completions(start, "e"), (V{"e3", "e4"}));
  EXPECT_EQ(typed_move_completions(start, "g1"), (V{"Nf3", "Nh3"}));
  EXPECT_EQ(typed_move_completions(start, "g1f"), (V{"Nf3"}));
  EXPECT_TRUE(typed_move_completions(start, "Q").empty()) << "the queen cannot move";
  EXPECT_TRUE(typed_move_completions(start, "").empty());
  // Signs may be left out: "Bf7" finds the capture with check.
  const Position italian = from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  EXPECT_EQ(typed_move_completions(italian, "Bf7"), (V{"Bxf7+"}));
  EXPECT_EQ(typed_move_completions(italian, "O"), (V{"O-O"}));
  EXPECT_EQ(typed_move_completions(italian, "0-"), (V{"O-O"}));
  // Every completion is a move parse_typed_move plays.
  for (const std::string& san : typed_move_completions(start, "N")) EXPECT_TRUE(parse_typed_move(start, san)) << san;
}

}  // namespace
}  // namespace gambit::chess
