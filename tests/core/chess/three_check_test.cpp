// Three-check: the check-count fields of FEN (both forms lichess and
// Fairy-Stockfish read, the one they write, every refusal), counting checks by
// every kind of move, the counts in the Zobrist key and in Position equality, the
// game ending at the third check (and what it does to repetitions, dead positions
// and time forfeits), and the PGN Variant tag.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/chess/variant.h"

namespace gambit::chess {
namespace {

constexpr Variant THREE = Variant::ThreeCheck;
constexpr std::string_view THREE_CHECK_START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";

// After 1.e4 f6 2.Qh5+ g6: White has given one check.
constexpr std::string_view AFTER_ONE_CHECK_PLACEMENT = "rnbqkbnr/ppppp2p/5pp1/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq -";

// A FEN the test knows to be valid in the variant (a refusal fails the test).
Position parse(std::string_view fen, Variant variant = THREE) {
  Result<Position> result = Position::from_fen(fen, variant);
  EXPECT_TRUE(result.ok()) << fen << ": " << (result.ok() ? "" : result.error());
  return result.ok() ? result.value() : Position(variant);
}

// Asserts that the FEN is refused in the variant and that the message contains every fragment.
void expect_rejected(std::string_view fen, Variant variant, std::initializer_list<std::string_view> fragments) {
  Result<Position> result = Position::from_fen(fen, variant);
  ASSERT_FALSE(result.ok()) << "accepted: " << fen << "\n" << result->pretty();
  for (std::string_view fragment : fragments)
    EXPECT_NE(result.error().find(fragment), std::string::npos)
        << "message for \"" << fen << "\" lacks \"" << fragment << "\": " << result.error();
}

// The position after the UCI move; the move must be legal (else the test fails and pos is returned).
Position after(const Position& pos, std::string_view uci) {
  Result<Move> m = parse_uci_move(pos, uci);
  if (!m) {
    ADD_FAILURE() << uci << " is not legal: " << m.error() << "\n" << pos.pretty();
    return pos;
  }
  Position next = pos;
  next.do_move(*m);
  return next;
}

Position after(Position pos, std::initializer_list<std::string_view> moves) {
  for (std::string_view uci : moves) pos = after(pos, uci);
  return pos;
}

// Plays the UCI moves in order, failing at the first one the game does not accept.
::testing::AssertionResult play_all(Game& game, std::initializer_list<std::string_view> moves) {
  for (std::string_view text : moves) {
    Result<Move> m = parse_uci_move(game.position(), text);
    if (!m) return ::testing::AssertionFailure() << text << ": " << m.error() << "\n" << game.position().pretty();
    if (!game.play(*m))
      return ::testing::AssertionFailure() << "play(" << text << ") refused (" << game.outcome().description()
                                           << ")\n" << game.position().pretty();
  }
  return ::testing::AssertionSuccess();
}

// The number of space-separated fields of a FEN.
std::size_t field_count(const std::string& fen) {
  std::size_t fields = 0;
  for (std::size_t i = 0; i < fen.size(); ++i)
    if (fen[i] != ' ' && (i == 0 || fen[i - 1] == ' ')) ++fields;
  return fields;
}

// Random play, choosing a checking move half the time when there is one, so
// that games reach the third check; returns every position met (start included).
std::vector<Position> check_biased_walk(Position pos, std::mt19937_64& rng, int max_plies) {
  std::vector<Position> seen{pos};
  for (int ply = 0; ply < max_plies; ++ply) {
    if (pos.checks_given(~pos.side_to_move()) >= ChecksToWin) break;
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    std::vector<Position> checking, all;
    for (Move m : moves) {
      Position next = pos;
      next.do_move(m);
      if (next.in_check()) checking.push_back(next);
      all.push_back(next);
    }
    pos = !checking.empty() && rng() % 2 ? checking[rng() % checking.size()] : all[rng() % all.size()];
    seen.push_back(pos);
  }
  return seen;
}

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

// ---------------------------------------------------------------------------
// Game

// 1.e4 e5 2.Bc4 Nc6 3.Bxf7+ Kxf7 4.Qh5+ Ke7 5.Qxe5+: White's third check (not mate).
const std::initializer_list<std::string_view> THIRD_CHECK_GAME = {"e2e4", "e7e5", "f1c4", "b8c6", "c4f7",
                                                                  "e8f7", "d1h5", "f7e7", "h5e5"};

TEST(ThreeCheckGame, TheThirdCheckEndsTheGame) {
  Game game{Position(THREE)};
  std::size_t played = 0;
  for (std::string_view move : THIRD_CHECK_GAME) {
    ASSERT_FALSE(game.is_over()) << "over after " << played << " moves: " << game.outcome().description() << "\n"
                                 << game.position().pretty();
    ASSERT_TRUE(play_all(game, {move}));
    ++played;
  }
  const Position& end = game.position();
  EXPECT_EQ(end.checks_given(WHITE), 3) << end.pretty();
  EXPECT_EQ(end.checks_given(BLACK), 0) << end.pretty();
  EXPECT_NE(count_legal(end), 0u) << "not meant to be mate\n" << end.pretty();
  EXPECT_TRUE(game.is_over()) << end.pretty();
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck) << end.pretty();
  EXPECT_EQ(game.outcome().result, GameResult::WhiteWins);
  EXPECT_EQ(game.outcome().winner(), WHITE);
  EXPECT_EQ(game.outcome().description(), "White wins by giving a third check");
  EXPECT_EQ(game.outcome().pgn_result(), "1-0");

  // No move is accepted after it, and nothing changes.
  for (Move m : legal_moves(end)) EXPECT_FALSE(game.play(m)) << to_uci(m) << "\n" << end.pretty();
  EXPECT_EQ(game.moves().size(), THIRD_CHECK_GAME.size());
  EXPECT_FALSE(game.claim_draw());
  EXPECT_FALSE(game.resign(WHITE));
  EXPECT_FALSE(game.flag(WHITE));
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck);
}

TEST(ThreeCheckGame, TheSameMovesInStandardChessGoOn) {
  Game game;
  ASSERT_TRUE(play_all(game, THIRD_CHECK_GAME));
  EXPECT_FALSE(game.is_over()) << game.outcome().description() << "\n" << game.position().pretty();
}

TEST(ThreeCheckGame, BlackWinsByAThirdCheck) {
  Game game{parse("r3k3/8/8/8/8/8/8/6K1 b - - 0 1 +1+2")};
  ASSERT_FALSE(game.is_over());
  ASSERT_TRUE(play_all(game, {"a8a1"}));
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck) << game.position().pretty();
  EXPECT_EQ(game.outcome().winner(), BLACK);
  EXPECT_EQ(game.outcome().description(), "Black wins by giving a third check");
  EXPECT_EQ(game.outcome().pgn_result(), "0-1");
}

TEST(ThreeCheckGame, AThirdCheckThatIsMateIsCheckmate) {
  Game game{parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 +2+0")};
  ASSERT_TRUE(play_all(game, {"a1a8"}));
  EXPECT_EQ(game.position().checks_given(WHITE), 3) << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::Checkmate) << game.position().pretty();
  EXPECT_EQ(game.outcome().winner(), WHITE);
  EXPECT_EQ(game.outcome().description(), "White wins by checkmate");
}

TEST(ThreeCheckGame, AStartPositionAfterTheThirdCheckIsOver) {
  const Game game{parse("4k3/8/8/8/8/8/8/4R1K1 b - - 0 40 +3+1")};
  EXPECT_TRUE(game.is_over()) << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck);
  EXPECT_EQ(game.outcome().winner(), WHITE);
}

TEST(ThreeCheckGame, UndoAfterTheThirdCheckReopensTheGame) {
  Game game{Position(THREE)};
  ASSERT_TRUE(play_all(game, THIRD_CHECK_GAME));
  ASSERT_EQ(game.outcome().termination, Termination::ThirdCheck);
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.is_over()) << game.outcome().description() << "\n" << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::None);
  EXPECT_EQ(game.position().checks_given(WHITE), 2) << game.position().pretty();
  // A different move, without check, is accepted; then the third check again ends it.
  ASSERT_TRUE(play_all(game, {"h5f3"}));
  EXPECT_FALSE(game.is_over()) << game.position().pretty();
  ASSERT_TRUE(play_all(game, {"g8f6", "f3f6"}));
  EXPECT_EQ(game.position().checks_given(WHITE), 3) << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck) << game.position().pretty();
}

TEST(ThreeCheckGame, RepetitionsCountTheChecks) {
  // White's rook checks and returns: the placement recurs, but with one check
  // more, so it is a new position in three-check (and the same one in standard chess).
  const std::string_view fen = "4k3/8/8/8/8/8/8/R5K1 w - - 0 1";
  const std::initializer_list<std::string_view> check_cycle = {"a1e1", "e8d8", "e1a1", "d8e8"};
  const std::initializer_list<std::string_view> quiet_cycle = {"g1h1", "e8f8", "h1g1", "f8e8"};
  Game three{parse(fen)}, standard{parse(fen, Variant::Standard)};
  ASSERT_TRUE(play_all(three, check_cycle));
  ASSERT_TRUE(play_all(standard, check_cycle));
  EXPECT_EQ(three.position().checks_given(WHITE), 1) << three.position().pretty();
  EXPECT_EQ(three.repetition_count(), 1) << three.position().pretty();
  EXPECT_EQ(standard.repetition_count(), 2);

  ASSERT_TRUE(play_all(three, quiet_cycle));
  ASSERT_TRUE(play_all(standard, quiet_cycle));
  EXPECT_EQ(three.repetition_count(), 2) << three.position().pretty();
  EXPECT_FALSE(three.claimable_draw());
  EXPECT_EQ(standard.repetition_count(), 3);
  EXPECT_EQ(standard.claimable_draw(), Termination::ThreefoldRepetition);

  ASSERT_TRUE(play_all(three, quiet_cycle));
  EXPECT_EQ(three.repetition_count(), 3) << three.position().pretty();
  EXPECT_EQ(three.claimable_draw(), Termination::ThreefoldRepetition);
  EXPECT_TRUE(three.claim_draw());
  EXPECT_EQ(three.outcome().termination, Termination::ThreefoldRepetition);
}

TEST(ThreeCheckGame, OnlyBareKingsAreInsufficientMaterial) {
  struct Case {
    std::string_view fen;
    bool dead_in_standard, dead_in_three_check;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", true, false},         // K+N v K
      {"4k3/8/8/8/8/8/8/3BK3 w - - 0 1", true, false},         // K+B v K
      {"2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", true, false},       // bishops on one colour
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},           // K v K
      {"4k3/8/8/8/8/8/8/4K3 b - - 0 1", true, true},           // K v K, black to move
      {"4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", false, false},       // two knights
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, false},       // a pawn
  };
  for (const Case& c : cases) {
    const Position standard = parse(c.fen, Variant::Standard), three = parse(c.fen);
    EXPECT_EQ(insufficient_material(standard), c.dead_in_standard) << "standard\n" << standard.pretty();
    EXPECT_EQ(insufficient_material(three), c.dead_in_three_check) << "three-check\n" << three.pretty();
    const Game standard_game{standard}, three_game{three};
    EXPECT_EQ(standard_game.outcome().termination,
              c.dead_in_standard ? Termination::InsufficientMaterial : Termination::None)
        << standard.pretty();
    EXPECT_EQ(three_game.outcome().termination,
              c.dead_in_three_check ? Termination::InsufficientMaterial : Termination::None)
        << three.pretty();
  }
}

TEST(ThreeCheckGame, CapturingTheLastPieceLeavesBareKingsDead) {
  Game game{parse("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1 +2+2")};
  ASSERT_FALSE(game.is_over());
  ASSERT_TRUE(play_all(game, {"e1d2"}));
  EXPECT_EQ(game.outcome().termination, Termination::InsufficientMaterial) << game.position().pretty();
}

TEST(ThreeCheckGame, ALoneKnightWinsOnTimeInThreeCheck) {
  // K+N v K: dead in standard chess, so only three-check has a game whose flag can fall.
  Game lone{parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")};
  ASSERT_FALSE(lone.is_over()) << lone.outcome().description();
  ASSERT_TRUE(lone.flag(BLACK));
  EXPECT_EQ(lone.outcome().termination, Termination::TimeForfeit);
  EXPECT_EQ(lone.outcome().winner(), WHITE);
  EXPECT_EQ(lone.outcome().description(), "White wins on time");
  Game bare{parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")};
  ASSERT_TRUE(bare.flag(WHITE));  // Black has nothing but its king: a draw in any variant
  EXPECT_EQ(bare.outcome().result, GameResult::Draw) << bare.outcome().description();

  // K+N v K+Q: in standard chess the knight cannot mate (FIDE 6.9, as lichess
  // judges it), in three-check it can give checks.
  const std::string_view fen = "q3k3/8/8/8/8/8/8/3NK3 w - - 0 1";
  Game standard{parse(fen, Variant::Standard)}, three{parse(fen)};
  ASSERT_TRUE(standard.flag(BLACK));
  ASSERT_TRUE(three.flag(BLACK));
  EXPECT_EQ(standard.outcome().result, GameResult::Draw) << standard.outcome().description();
  EXPECT_EQ(three.outcome().result, GameResult::WhiteWins) << three.outcome().description();
  EXPECT_EQ(three.outcome().flagged, BLACK);
  EXPECT_TRUE(can_mate(parse(fen), WHITE));
  EXPECT_FALSE(can_mate(parse(fen, Variant::Standard), WHITE));
  EXPECT_FALSE(can_mate(parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), BLACK));
}

// ---------------------------------------------------------------------------
// PGN

PgnGame pgn_of(const Game& game) {
  PgnGame pgn;
  pgn.tags = {{"Event", "Three-check test"}, {"White", "A"}, {"Black", "B"}};
  pgn.start = game.start();
  pgn.moves = game.moves();
  pgn.result = game.outcome().pgn_result();
  return pgn;
}

// The only game of the text; a failure or a different count fails the test.
Result<PgnGame> read_one(std::string_view text) {
  PgnReader reader(text);
  std::optional<Result<PgnGame>> game = reader.next();
  if (!game) return Failure{"no game in the text"};
  if (reader.next()) ADD_FAILURE() << "more than one game in:\n" << text;
  return std::move(*game);
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(ThreeCheckPgn, WritesTheVariantTagAndNoFenFromTheStart) {
  Game game{Position(THREE)};
  ASSERT_TRUE(play_all(game, THIRD_CHECK_GAME));
  const std::string text = write_pgn(pgn_of(game));
  EXPECT_TRUE(contains(text, "[Variant \"Three-check\"]\n")) << text;
  EXPECT_FALSE(contains(text, "[FEN ")) << text;
  EXPECT_FALSE(contains(text, "[SetUp ")) << text;
  EXPECT_TRUE(contains(text, "[Result \"1-0\"]")) << text;
  EXPECT_TRUE(contains(text, "3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ 1-0")) << text;

  Result<PgnGame> back = read_one(text);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
  EXPECT_TRUE(back->start == game.start()) << back->start.pretty();
  EXPECT_EQ(back->moves, game.moves()) << text;
  EXPECT_EQ(back->result, "1-0");
  EXPECT_EQ(back->tag("Variant"), "Three-check");
}

TEST(ThreeCheckPgn, AStandardGameHasNoVariantTag) {
  Game game;
  ASSERT_TRUE(play_all(game, {"e2e4", "f7f6", "d1h5"}));
  const std::string text = write_pgn(pgn_of(game));
  EXPECT_FALSE(contains(text, "[Variant")) << text;
  Result<PgnGame> back = read_one(text);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->start.variant(), Variant::Standard);
}

TEST(ThreeCheckPgn, WritesTheCountsInTheFenTagFromAnotherStart) {
  const Position start = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 0 3");
  Game game{start};
  ASSERT_TRUE(play_all(game, {"h5g6", "h7g6"}));  // White's second check
  PgnGame pgn = pgn_of(game);
  pgn.tags.emplace_back("FEN", "stale text that must not be written");
  pgn.tags.emplace_back("Variant", "Standard");
  const std::string text = write_pgn(pgn);
  EXPECT_TRUE(contains(text, "[Variant \"Three-check\"]\n")) << text;
  EXPECT_FALSE(contains(text, "[Variant \"Standard\"]")) << text;
  EXPECT_TRUE(contains(text, "[SetUp \"1\"]\n")) << text;
  EXPECT_TRUE(contains(text, "[FEN \"" + start.fen() + "\"]\n")) << text;
  EXPECT_TRUE(contains(text, " 2+3 0 3\"]")) << text;
  EXPECT_FALSE(contains(text, "stale")) << text;

  Result<PgnGame> back = read_one(text);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
  EXPECT_TRUE(back->start == start) << back->start.pretty();
  EXPECT_EQ(back->moves, game.moves());
  Game replay{back->start};
  for (Move m : back->moves) ASSERT_TRUE(replay.play(m)) << to_uci(m) << "\n" << replay.position().pretty();
  EXPECT_EQ(replay.position().checks_given(WHITE), 2) << replay.position().pretty();
}

TEST(ThreeCheckPgn, ReadsTheVariantUnderItsNames) {
  for (std::string_view name : {"Three-check", "3check", "threecheck", "THREECHECK", "three check", "3-check"}) {
    const std::string text = "[Variant \"" + std::string(name) + "\"]\n\n1. e4 f6 2. Qh5+ *\n";
    Result<PgnGame> game = read_one(text);
    ASSERT_TRUE(game.ok()) << name << ": " << game.error();
    EXPECT_TRUE(game->start == Position(THREE)) << name << "\n" << game->start.pretty();
    Position end = game->start;
    for (Move m : game->moves) end.do_move(m);
    EXPECT_EQ(end.checks_given(WHITE), 1) << name << "\n" << end.pretty();
  }
  for (std::string_view name : {"Standard", "chess", "From Position"}) {
    Result<PgnGame> game = read_one("[Variant \"" + std::string(name) + "\"]\n\n1. e4 *\n");
    ASSERT_TRUE(game.ok()) << name << ": " << game.error();
    EXPECT_EQ(game->start.variant(), Variant::Standard) << name;
  }
}

TEST(ThreeCheckPgn, AFenTagBeforeTheVariantTagIsReadInTheVariant) {
  const std::string text = "[SetUp \"1\"]\n[FEN \"" + std::string(AFTER_ONE_CHECK_PLACEMENT) +
                           " 2+3 0 3\"]\n[Variant \"Three-check\"]\n\n3. Qxg6+ hxg6 *\n";
  Result<PgnGame> game = read_one(text);
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->start.variant(), THREE);
  EXPECT_EQ(game->start.checks_given(WHITE), 1) << game->start.pretty();
  ASSERT_EQ(game->moves.size(), 2u);
}

TEST(ThreeCheckPgn, RefusesOtherVariantsNamingThem) {
  Result<PgnGame> game = read_one("[Event \"x\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(contains(game.error(), "'Crazyhouse'")) << game.error();
  EXPECT_TRUE(contains(game.error(), "not supported")) << game.error();
  EXPECT_TRUE(contains(game.error(), "line 2")) << game.error();
}

TEST(ThreeCheckPgn, RefusesMovesAfterTheThirdCheck) {
  Result<PgnGame> game = read_one(
      "[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ Kf7 6. Qf5+ 1-0\n");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(contains(game.error(), "'Kf7' comes after the game ended with the third check")) << game.error();
}

TEST(ThreeCheckPgn, AStandardGameRefusesAFenWithCounts) {
  Result<PgnGame> game = read_one("[SetUp \"1\"]\n[FEN \"" + std::string(THREE_CHECK_START_FEN) + "\"]\n\n1. e4 *\n");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(contains(game.error(), "FEN tag")) << game.error();
  EXPECT_TRUE(contains(game.error(), "three-check")) << game.error();
}

TEST(ThreeCheckPgn, ReadsAGameEndingWithTheThirdCheck) {
  // As lichess exports a three-check game.
  const std::string_view text = R"([Event "Rated Three-check game"]
[Site "https://lichess.org/abcdefgh"]
[Result "1-0"]
[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ { White wins by three checks. } 1-0
)";
  Result<PgnGame> game = read_one(text);
  ASSERT_TRUE(game.ok()) << game.error();
  ASSERT_EQ(game->moves.size(), THIRD_CHECK_GAME.size());
  EXPECT_EQ(game->result, "1-0");
  Game replay{game->start};
  for (Move m : game->moves) ASSERT_TRUE(replay.play(m)) << to_uci(m) << "\n" << replay.position().pretty();
  EXPECT_EQ(replay.outcome().termination, Termination::ThirdCheck) << replay.position().pretty();
  EXPECT_EQ(replay.outcome().pgn_result(), game->result);
}

}  // namespace
}  // namespace gambit::chess
