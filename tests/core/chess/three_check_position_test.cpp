// SPDX-License-Identifier: MIT
// Three-check in Position: the check-count fields of FEN (both forms lichess
// and Fairy-Stockfish read, the one they write, every refusal), counting checks
// by every kind of move, and the counts in the Zobrist key and in equality.
#include <gtest/gtest.h>

#include "tests/core/chess/three_check_testing.h"

namespace gambit::chess {
namespace {

using namespace three_check_testing;

// ---------------------------------------------------------------------------
// FEN

TEST(ThreeCheckFen, StartPositionWritesThreeChecksRemaining) {
  const Position start(THREE);
  EXPECT_EQ(start.variant(), THREE);
  EXPECT_EQ(start.fen(), THREE_CHECK_START_FEN);
  EXPECT_EQ(start.checks_given(WHITE), 0);
  EXPECT_EQ(start.checks_given(BLACK), 0);
  EXPECT_TRUE(parse(THREE_CHECK_START_FEN) == start) << parse(THREE_CHECK_START_FEN).pretty();
  // Without check counts a three-check FEN means no checks given.
  EXPECT_TRUE(parse(START_FEN) == start) << parse(START_FEN).pretty();
  EXPECT_TRUE(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0") == start);
}

TEST(ThreeCheckFen, ReadsChecksRemainingBetweenEnPassantAndClocks) {
  const std::string fen = std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 0 3";
  const Position pos = parse(fen);
  EXPECT_EQ(pos.checks_given(WHITE), 1) << pos.pretty();
  EXPECT_EQ(pos.checks_given(BLACK), 0) << pos.pretty();
  EXPECT_EQ(pos.fullmove_number(), 3);
  EXPECT_EQ(pos.fen(), fen);

  const Position black_checked = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 3+1 0 3");
  EXPECT_EQ(black_checked.checks_given(WHITE), 0) << black_checked.pretty();
  EXPECT_EQ(black_checked.checks_given(BLACK), 2) << black_checked.pretty();
  const Position none_left_for_black = parse("4k3/8/8/8/8/8/8/4R1K1 b - - 0+2 0 40");  // white's 3rd check just given
  EXPECT_EQ(none_left_for_black.checks_given(WHITE), 3) << none_left_for_black.pretty();
  EXPECT_EQ(none_left_for_black.checks_given(BLACK), 1) << none_left_for_black.pretty();
}

TEST(ThreeCheckFen, ReadsChecksGivenAsTheLastField) {
  const Position remaining = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 0 3");
  const Position given = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 0 3 +1+0");
  EXPECT_EQ(given.checks_given(WHITE), 1) << given.pretty();
  EXPECT_EQ(given.checks_given(BLACK), 0) << given.pretty();
  EXPECT_TRUE(given == remaining) << given.pretty() << remaining.pretty();
  // Written back in the checks-remaining form.
  EXPECT_EQ(given.fen(), std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 0 3");
  const Position both = parse("4k3/8/8/8/8/8/8/4R1K1 b - - 7 30 +3+2");
  EXPECT_EQ(both.checks_given(WHITE), 3);
  EXPECT_EQ(both.checks_given(BLACK), 2);
  EXPECT_EQ(both.fen(), "4k3/8/8/8/8/8/8/4R1K1 b - - 0+1 7 30");
}

TEST(ThreeCheckFen, ReadsBothFormsWithoutMoveCounters) {
  const Position remaining = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3");
  const Position given = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " +1+0");
  for (const Position* pos : {&remaining, &given}) {
    EXPECT_EQ(pos->checks_given(WHITE), 1) << pos->pretty();
    EXPECT_EQ(pos->checks_given(BLACK), 0) << pos->pretty();
    EXPECT_EQ(pos->halfmove_clock(), 0) << pos->pretty();
    EXPECT_EQ(pos->fullmove_number(), 1) << pos->pretty();
  }
  EXPECT_TRUE(remaining == given) << remaining.pretty() << given.pretty();
  EXPECT_EQ(remaining.fen(), std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 0 1");
}

TEST(ThreeCheckFen, EnPassantSquareAndCountsTogether) {
  // After 1.e4 Nf6 2.e5 d5: exd6 is possible; the counts follow the ep square.
  const std::string fen = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 3+3 0 3";
  const Position pos = parse(fen);
  EXPECT_EQ(pos.en_passant_square(), SQ_D6) << pos.pretty();
  EXPECT_EQ(pos.fen(), fen);
  // An ep square written after a double push with no capture possible is read and dropped.
  const Position dropped = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3+3 0 1");
  EXPECT_EQ(dropped.en_passant_square(), SQ_NONE) << dropped.pretty();
  EXPECT_EQ(dropped.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3+3 0 1");
}

TEST(ThreeCheckFen, RoundTripsAlongRandomGames) {
  std::mt19937_64 rng(2024);
  int positions = 0, with_checks = 0;
  for (int game = 0; game < 30; ++game) {
    for (const Position& pos : check_biased_walk(Position(THREE), rng, 120)) {
      const std::string fen = pos.fen();
      ASSERT_EQ(field_count(fen), 7u) << pos.pretty();
      Result<Position> back = Position::from_fen(fen, THREE);
      ASSERT_TRUE(back.ok()) << back.error() << "\n" << pos.pretty();
      EXPECT_TRUE(*back == pos) << "read back as\n" << back->pretty() << "written from\n" << pos.pretty();
      EXPECT_EQ(back->fen(), fen);
      ++positions;
      with_checks += pos.checks_given(WHITE) + pos.checks_given(BLACK) > 0;
    }
  }
  EXPECT_GT(with_checks, positions / 2) << "the walks should mostly have checks in them";
}

TEST(ThreeCheckFen, RefusesMalformedCheckCounts) {
  const std::string placement(AFTER_ONE_CHECK_PLACEMENT);
  expect_rejected(placement + " 4+3 0 3", THREE, {"checks remaining '4+3'", "0 to 3"});
  expect_rejected(placement + " 3+9 0 3", THREE, {"checks remaining '3+9'"});
  expect_rejected(placement + " a+b 0 3", THREE, {"checks remaining 'a+b'"});
  expect_rejected(placement + " 3+3+3 0 3", THREE, {"checks remaining '3+3+3'"});
  expect_rejected(placement + " 10+3 0 3", THREE, {"checks remaining '10+3'"});
  expect_rejected(placement + " 3+ 0 3", THREE, {"checks remaining '3+'"});
  expect_rejected(placement + " 0 3 +4+0", THREE, {"checks given '+4+0'", "0 to 3"});
  expect_rejected(placement + " 0 3 +1+x", THREE, {"checks given '+1+x'"});
  expect_rejected(placement + " 0 3 ++1+0", THREE, {"checks given '++1+0'"});
}

TEST(ThreeCheckFen, RefusesBothFormsAtOnce) {
  expect_rejected(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 0 3 +1+0", THREE,
                  {"given twice", "'2+3'", "'+1+0'"});
  expect_rejected(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 +1+0", THREE, {"given twice"});
}

TEST(ThreeCheckFen, RefusesTheSideToMoveHavingGivenThreeChecks) {
  // The game ended when the mover's third check was given: it cannot be its move again.
  expect_rejected("4k3/8/8/8/8/8/8/R5K1 w - - 0+3 0 40", THREE, {"White (to move) has already given 3 checks"});
  expect_rejected("4k3/8/8/8/8/8/8/R5K1 w - - 0 40 +3+1", THREE, {"White (to move) has already given 3 checks"});
  expect_rejected("4k3/8/8/8/8/8/8/R5K1 b - - 3+0 0 40", THREE, {"Black (to move) has already given 3 checks"});
  // The side not to move may have given three: the game has just ended, with a check.
  EXPECT_TRUE(Position::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0+3 0 40", THREE).ok());
  // ...and only with a check: the third check is always the last move.
  expect_rejected("4k3/8/8/8/8/8/8/R5K1 b - - 0+3 0 40", THREE,
                  {"White has given 3 checks, so Black (to move) must be in check"});
}

TEST(ThreeCheckFen, RefusesAMisplacedOrMissingCountWithAHint) {
  // Checks-remaining after the clocks, checks-given in the middle, or a count without '+'.
  expect_rejected(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 0 3 2+3", THREE, {"7 fields", "\"3+3\""});
  expect_rejected(std::string(AFTER_ONE_CHECK_PLACEMENT) + " +1+0 0 3", THREE, {"7 fields", "\"+0+0\""});
  expect_rejected(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 23 0 3", THREE, {"7 fields"});
}

TEST(ThreeCheckFen, StandardChessRefusesCheckCountsNamingThreeCheck) {
  expect_rejected(THREE_CHECK_START_FEN, Variant::Standard, {"7 fields", "three-check"});
  expect_rejected(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 0 3 +1+0", Variant::Standard, {"7 fields", "three-check"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3", Variant::Standard,
                  {"5 fields", "three-check"});
  // The same FENs without the counts are fine.
  EXPECT_TRUE(parse(START_FEN, Variant::Standard) == Position());
}

TEST(ThreeCheckFen, StandardFensAreUnchanged) {
  EXPECT_EQ(Position().fen(), START_FEN);
  EXPECT_EQ(Position(Variant::Standard).fen(), START_FEN);
  std::mt19937_64 rng(7);
  for (const Position& pos : check_biased_walk(Position(), rng, 60)) {
    const std::string fen = pos.fen();
    EXPECT_EQ(field_count(fen), 6u) << pos.pretty();
    EXPECT_EQ(fen.find('+'), std::string::npos) << pos.pretty();
    EXPECT_TRUE(parse(fen, Variant::Standard) == pos) << pos.pretty();
  }
}

// ---------------------------------------------------------------------------
// Counting checks

TEST(ThreeCheckCounting, CheckFromAnOrdinaryMove) {
  const Position pos = after(Position(THREE), {"e2e4", "f7f6", "d1h5"});
  EXPECT_TRUE(pos.in_check()) << pos.pretty();
  EXPECT_EQ(pos.checks_given(WHITE), 1) << pos.pretty();
  EXPECT_EQ(pos.checks_given(BLACK), 0) << pos.pretty();
  EXPECT_EQ(pos.fen(), "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2");

  const Position black = after(Position(THREE), {"e2e4", "e7e5", "f2f3", "d8h4"});
  EXPECT_TRUE(black.in_check()) << black.pretty();
  EXPECT_EQ(black.checks_given(WHITE), 0) << black.pretty();
  EXPECT_EQ(black.checks_given(BLACK), 1) << black.pretty();
  EXPECT_EQ(black.fen(), "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 3+2 1 3");
}

TEST(ThreeCheckCounting, QuietMovesCountNothing) {
  const Position pos = after(Position(THREE), {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"});
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(pos.checks_given(WHITE), 0) << pos.pretty();
  EXPECT_EQ(pos.checks_given(BLACK), 0) << pos.pretty();
}

TEST(ThreeCheckCounting, DiscoveredCheck) {
  const Position start = parse("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1");
  const Position pos = after(start, "e4c3");
  EXPECT_EQ(pos.checkers(), square_bb(SQ_E1)) << pos.pretty();
  EXPECT_EQ(pos.checks_given(WHITE), 1) << pos.pretty();
}

TEST(ThreeCheckCounting, DoubleCheckCountsOnce) {
  const Position start = parse("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1");
  const Position pos = after(start, "e4f6");
  EXPECT_EQ(popcount(pos.checkers()), 2) << pos.pretty();
  EXPECT_EQ(pos.checks_given(WHITE), 1) << pos.pretty();
  EXPECT_EQ(pos.fen(), "4k3/8/5N2/8/8/8/8/4R1K1 b - - 2+3 1 1");
}

TEST(ThreeCheckCounting, CastlingThatGivesCheck) {
  const Position white = after(parse("5k2/8/8/8/8/8/8/4K2R w K - 0 1"), "e1g1");
  EXPECT_EQ(white.checkers(), square_bb(SQ_F1)) << white.pretty();
  EXPECT_EQ(white.checks_given(WHITE), 1) << white.pretty();

  const Position queenside = after(parse("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"), "e1c1");
  EXPECT_EQ(queenside.checkers(), square_bb(SQ_D1)) << queenside.pretty();
  EXPECT_EQ(queenside.checks_given(WHITE), 1) << queenside.pretty();

  const Position black = after(parse("4k2r/8/8/8/8/8/8/5K2 b k - 0 1 +2+1"), "e8g8");
  EXPECT_EQ(black.checkers(), square_bb(SQ_F8)) << black.pretty();
  EXPECT_EQ(black.checks_given(BLACK), 2) << black.pretty();
  EXPECT_EQ(black.checks_given(WHITE), 2) << black.pretty();
}

TEST(ThreeCheckCounting, EnPassantThatGivesCheck) {
  // The capturing pawn gives check from d6.
  const Position direct_start = parse("8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 1");
  ASSERT_EQ(direct_start.en_passant_square(), SQ_D6) << direct_start.pretty();
  const Position direct = after(direct_start, "e5d6");
  EXPECT_EQ(direct.checkers(), square_bb(SQ_D6)) << direct.pretty();
  EXPECT_EQ(direct.checks_given(WHITE), 1) << direct.pretty();
}

TEST(ThreeCheckCounting, EnPassantThatDiscoversCheck) {
  // The capturing pawn leaves the b2-g7 diagonal.
  const Position diagonal = after(parse("8/6k1/8/3pP3/8/8/1B6/4K3 w - d6 0 1"), "e5d6");
  EXPECT_EQ(diagonal.checkers(), square_bb(SQ_B2)) << diagonal.pretty();
  EXPECT_EQ(diagonal.checks_given(WHITE), 1) << diagonal.pretty();
  // Both pawns leave the fifth rank, opening it for the rook.
  const Position rank = after(parse("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1"), "e5d6");
  EXPECT_EQ(rank.checkers(), square_bb(SQ_A5)) << rank.pretty();
  EXPECT_EQ(rank.checks_given(WHITE), 1) << rank.pretty();
  // Black captures en passant and discovers a check along the fourth rank.
  const Position black = after(parse("8/8/8/8/K2Pp2r/8/8/7k b - d3 0 1"), "e4d3");
  EXPECT_EQ(black.checkers(), square_bb(SQ_H4)) << black.pretty();
  EXPECT_EQ(black.checks_given(BLACK), 1) << black.pretty();
}

TEST(ThreeCheckCounting, PromotionThatGivesCheck) {
  const Position start = parse("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
  const Position queen = after(start, "e7e8q");
  EXPECT_EQ(queen.checkers(), square_bb(SQ_E8)) << queen.pretty();
  EXPECT_EQ(queen.checks_given(WHITE), 1) << queen.pretty();
  const Position knight = after(start, "e7e8n");  // a knight on e8 does not reach a8
  EXPECT_FALSE(knight.in_check()) << knight.pretty();
  EXPECT_EQ(knight.checks_given(WHITE), 0) << knight.pretty();
  const Position underpromotion = after(parse("8/4P3/3k4/8/8/8/8/4K3 w - - 0 1"), "e7e8n");
  EXPECT_EQ(underpromotion.checkers(), square_bb(SQ_E8)) << underpromotion.pretty();
  EXPECT_EQ(underpromotion.checks_given(WHITE), 1) << underpromotion.pretty();
}

TEST(ThreeCheckCounting, CountingStopsAtThree) {
  Position pos = after(parse("4k3/8/8/8/8/8/8/R5K1 w - - 0 1 +2+0"), "a1a8");
  EXPECT_EQ(pos.checks_given(WHITE), 3) << pos.pretty();
  EXPECT_EQ(pos.fen(), "R3k3/8/8/8/8/8/8/6K1 b - - 0+3 1 1");
  // Position does not end the game (Game does); playing on never counts past three.
  pos = after(pos, {"e8e7", "a8a7"});
  EXPECT_TRUE(pos.in_check()) << pos.pretty();
  EXPECT_EQ(pos.checks_given(WHITE), 3) << pos.pretty();
  EXPECT_EQ(pos.key(), pos.compute_key()) << pos.pretty();
  EXPECT_EQ(pos.fen(), "8/R3k3/8/8/8/8/8/6K1 b - - 0+3 3 2");
}

TEST(ThreeCheckCounting, StandardChessCountsNothing) {
  const Position pos = after(Position(), {"e2e4", "f7f6", "d1h5", "g7g6", "h5g6", "h7g6", "f1c4", "a7a6", "c4f7"});
  EXPECT_TRUE(pos.in_check()) << pos.pretty();
  EXPECT_EQ(pos.variant(), Variant::Standard);
  EXPECT_EQ(pos.checks_given(WHITE), 0) << pos.pretty();
  EXPECT_EQ(pos.checks_given(BLACK), 0) << pos.pretty();
  const Position same_in_three_check =
      after(Position(THREE), {"e2e4", "f7f6", "d1h5", "g7g6", "h5g6", "h7g6", "f1c4", "a7a6", "c4f7"});
  EXPECT_EQ(same_in_three_check.checks_given(WHITE), 3) << same_in_three_check.pretty();
}

TEST(ThreeCheckCounting, NullMoveKeepsTheCounts) {
  Position pos = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+1 0 3");
  pos.do_null_move();
  EXPECT_EQ(pos.checks_given(WHITE), 1) << pos.pretty();
  EXPECT_EQ(pos.checks_given(BLACK), 2) << pos.pretty();
  EXPECT_EQ(pos.key(), pos.compute_key()) << pos.pretty();
}

// ---------------------------------------------------------------------------
// Zobrist keys and equality

TEST(ThreeCheckKeys, IncrementalKeyMatchesRecomputedAlongRandomGames) {
  std::mt19937_64 rng(99);
  int third_checks = 0;
  for (int game = 0; game < 60; ++game) {
    const std::vector<Position> walk = check_biased_walk(Position(THREE), rng, 150);
    for (const Position& pos : walk) {
      ASSERT_EQ(pos.key(), pos.compute_key()) << pos.pretty();
      ASSERT_LE(pos.checks_given(WHITE), ChecksToWin) << pos.pretty();
      ASSERT_LE(pos.checks_given(BLACK), ChecksToWin) << pos.pretty();
    }
    third_checks += walk.back().checks_given(~walk.back().side_to_move()) == ChecksToWin;
  }
  EXPECT_GT(third_checks, 30) << "most check-biased walks should end with a third check";
}

TEST(ThreeCheckKeys, CountsChangeTheKey) {
  const std::string placement(AFTER_ONE_CHECK_PLACEMENT);
  std::set<Key> keys;
  int positions = 0;
  // White to move and not in check: neither side can have given three yet.
  for (int white_left = 1; white_left <= 3; ++white_left)
    for (int black_left = 1; black_left <= 3; ++black_left) {
      const Position pos =
          parse(placement + " " + std::to_string(white_left) + "+" + std::to_string(black_left) + " 0 3");
      keys.insert(pos.key());
      ++positions;
    }
  EXPECT_EQ(keys.size(), std::size_t(positions)) << "positions differing only in the check counts share a key";
}

TEST(ThreeCheckKeys, NoChecksGivenKeyEqualsTheStandardKey) {
  // Documented choice (zobrist.h): zero checks add nothing to the key.
  EXPECT_EQ(Position(THREE).key(), Position().key());
  const Position standard = after(Position(), {"e2e4", "e7e5", "g1f3"});
  const Position three = after(Position(THREE), {"e2e4", "e7e5", "g1f3"});
  EXPECT_EQ(three.key(), standard.key()) << three.pretty();
  // Once a check is given the keys part.
  const Position standard_check = after(Position(), {"e2e4", "f7f6", "d1h5"});
  const Position three_check = after(Position(THREE), {"e2e4", "f7f6", "d1h5"});
  EXPECT_NE(three_check.key(), standard_check.key()) << three_check.pretty();
}

TEST(ThreeCheckKeys, EqualityIncludesVariantAndCounts) {
  EXPECT_FALSE(Position(THREE) == Position());
  EXPECT_TRUE(Position(THREE) == Position(THREE));
  const std::string placement(AFTER_ONE_CHECK_PLACEMENT);
  const Position one = parse(placement + " 2+3 0 3");
  EXPECT_FALSE(one == parse(placement + " 3+3 0 3"));
  EXPECT_FALSE(one == parse(placement + " 2+2 0 3"));
  EXPECT_FALSE(parse(placement + " 0 3", Variant::Standard) == parse(placement + " 0 3"));
  EXPECT_TRUE(one == parse(placement + " 0 3 +1+0"));
  EXPECT_TRUE(one == after(Position(THREE), {"e2e4", "f7f6", "d1h5", "g7g6"}));
}

}  // namespace
}  // namespace gambit::chess
