// SPDX-License-Identifier: MIT
// Game: move record, automatic endings, draw claims, repetitions and decided results,
// each checked against real games and textbook positions.
#include "core/chess/game.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/chess/movegen.h"

namespace gambit::chess {
namespace {

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::string long_algebraic(Move m) {
  std::string text = square_name(m.from()) + square_name(m.to());
  if (m.kind() == Move::PROMOTION) text += " nbrq"[m.promotion() - KNIGHT + 1];
  return text;
}

// The legal move written in long algebraic notation (castling as the king's step), or none.
Move find_move(const Position& pos, std::string_view text) {
  for (Move m : legal_moves(pos))
    if (long_algebraic(m) == text) return m;
  return Move::none();
}

Position from_fen(std::string_view fen) {
  Result<Position> parsed = Position::from_fen(fen);
  EXPECT_TRUE(parsed.ok()) << fen << ": " << (parsed.ok() ? "" : parsed.error());
  return parsed.ok() ? parsed.value() : Position();
}

// Plays the moves in order, failing the test (with the FEN) at the first one that is not accepted.
::testing::AssertionResult play_all(Game& game, const std::vector<std::string_view>& moves) {
  for (std::string_view text : moves) {
    Move m = find_move(game.position(), text);
    if (!m) return ::testing::AssertionFailure() << text << " is not legal in " << game.position().fen();
    if (!game.play(m))
      return ::testing::AssertionFailure() << "play(" << text << ") refused in " << game.position().fen() << " ("
                                           << game.outcome().description() << ")";
  }
  return ::testing::AssertionSuccess();
}

// One cycle of knight moves that returns to the same position with the same side to move.
const std::vector<std::string_view> KNIGHT_SHUFFLE = {"g1f3", "g8f6", "f3g1", "f6g8"};

TEST(GameTest, StartsOngoingFromTheStandardPosition) {
  Game game;
  EXPECT_EQ(game.position().fen(), START_FEN);
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(game.outcome().result, GameResult::Ongoing);
  EXPECT_EQ(game.outcome().termination, Termination::None);
  EXPECT_EQ(game.outcome().pgn_result(), "*");
  EXPECT_EQ(game.repetition_count(), 1);
  EXPECT_FALSE(game.claimable_draw());
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.positions().size(), 1u);
}

TEST(GameTest, RecordsMovesAndPositions) {
  Game game;
  ASSERT_TRUE(play_all(game, {"e2e4", "c7c5", "g1f3"}));
  ASSERT_EQ(game.moves().size(), 3u);
  EXPECT_EQ(long_algebraic(game.moves()[1]), "c7c5");
  ASSERT_EQ(game.positions().size(), 4u);
  EXPECT_EQ(game.start().fen(), START_FEN);
  EXPECT_EQ(game.position().fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(GameTest, PlayRejectsIllegalMovesAndChangesNothing) {
  Game game;
  const std::string before = game.position().fen();
  EXPECT_FALSE(game.play(Move(SQ_E2, SQ_E5))) << before;  // a pawn cannot jump three squares
  EXPECT_FALSE(game.play(Move(SQ_E7, SQ_E5))) << before;  // not White's pawn
  EXPECT_FALSE(game.play(Move(SQ_E1, SQ_G1, Move::CASTLING))) << before;  // pieces in the way
  EXPECT_FALSE(game.play(Move::none())) << before;
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.position().fen(), before);

  // Pinned piece: the e2 knight may not leave the e-file line to its king.
  Game pinned(from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"));
  EXPECT_FALSE(pinned.play(Move(SQ_E2, SQ_C3))) << pinned.position().fen();
  EXPECT_TRUE(pinned.moves().empty());
}

TEST(GameTest, FoolsMateIsCheckmateForBlack) {
  Game game;
  ASSERT_TRUE(play_all(game, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  const Outcome& outcome = game.outcome();
  EXPECT_TRUE(game.is_over()) << game.position().fen();
  EXPECT_EQ(outcome.result, GameResult::BlackWins) << game.position().fen();
  EXPECT_EQ(outcome.termination, Termination::Checkmate) << game.position().fen();
  EXPECT_EQ(outcome.winner(), BLACK);
  EXPECT_EQ(outcome.description(), "Black wins by checkmate");
  EXPECT_EQ(outcome.pgn_result(), "0-1");
  EXPECT_FALSE(game.claimable_draw());
}

TEST(GameTest, ScholarsMateIsCheckmateForWhite) {
  Game game;
  ASSERT_TRUE(play_all(game, {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"}));
  EXPECT_EQ(game.outcome().result, GameResult::WhiteWins) << game.position().fen();
  EXPECT_EQ(game.outcome().termination, Termination::Checkmate) << game.position().fen();
  EXPECT_EQ(game.outcome().description(), "White wins by checkmate");
  EXPECT_EQ(game.outcome().pgn_result(), "1-0");
}

TEST(GameTest, NoMovesAfterTheEnd) {
  Game game;
  ASSERT_TRUE(play_all(game, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  const Outcome mate = game.outcome();
  // Whatever is offered, White is mated and has no legal move; also try a move that was legal a ply ago.
  EXPECT_FALSE(game.play(Move(SQ_E2, SQ_E4))) << game.position().fen();
  EXPECT_EQ(game.moves().size(), 4u);
  EXPECT_FALSE(game.resign(WHITE));
  EXPECT_FALSE(game.agree_draw());
  EXPECT_FALSE(game.flag(WHITE));
  EXPECT_FALSE(game.forfeit(BLACK, "crashed"));
  EXPECT_FALSE(game.claim_draw());
  EXPECT_EQ(game.outcome(), mate);

  Game resigned;
  ASSERT_TRUE(play_all(resigned, {"e2e4"}));
  ASSERT_TRUE(resigned.resign(BLACK));
  Move e7e5 = find_move(resigned.position(), "e7e5");
  ASSERT_TRUE(e7e5);
  EXPECT_FALSE(resigned.play(e7e5)) << "a legal move was accepted after resignation";
  EXPECT_EQ(resigned.moves().size(), 1u);
}

// Sam Loyd's ten-move stalemate: 1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6
// 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6, Black has no move and is not in check.
TEST(GameTest, LoydsTenMoveStalemate) {
  Game game;
  ASSERT_TRUE(play_all(game, {"e2e3", "a7a5", "d1h5", "a8a6", "h5a5", "h7h5", "h2h4", "a6h6", "a5c7", "f7f6",
                              "c7d7", "e8f7", "d7b7", "d8d3", "b7b8", "d3h7", "b8c8", "f7g6", "c8e6"}));
  EXPECT_FALSE(game.position().in_check()) << game.position().pretty();
  EXPECT_EQ(game.outcome().result, GameResult::Draw) << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::Stalemate) << game.position().pretty();
  EXPECT_EQ(game.outcome().description(), "Draw by stalemate");
  EXPECT_EQ(game.outcome().pgn_result(), "1/2-1/2");
}

TEST(GameTest, StartPositionThatIsAlreadyOverIsJudged) {
  Game mated(from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"));  // back-rank mate
  EXPECT_EQ(mated.outcome().termination, Termination::Checkmate) << mated.position().fen();
  EXPECT_EQ(mated.outcome().result, GameResult::WhiteWins) << mated.position().fen();

  Game stalemated(from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
  EXPECT_EQ(stalemated.outcome().termination, Termination::Stalemate) << stalemated.position().fen();

  Game bare_kings(from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
  EXPECT_EQ(bare_kings.outcome().termination, Termination::InsufficientMaterial) << bare_kings.position().fen();
}

TEST(GameTest, ThreefoldByKnightShufflesIsClaimableOnlyAtTheThirdOccurrence) {
  Game game;  // the start position is the first occurrence
  ASSERT_TRUE(play_all(game, KNIGHT_SHUFFLE));
  EXPECT_EQ(game.repetition_count(), 2) << game.position().fen();
  EXPECT_FALSE(game.claimable_draw()) << game.position().fen();
  EXPECT_FALSE(game.claim_draw());
  EXPECT_FALSE(game.is_over());

  ASSERT_TRUE(play_all(game, {"g1f3", "g8f6", "f3g1"}));
  EXPECT_EQ(game.repetition_count(), 2) << game.position().fen();  // after 3.Ng1 (Black to move), seen twice
  EXPECT_FALSE(game.claimable_draw()) << game.position().fen();

  ASSERT_TRUE(play_all(game, {"f6g8"}));
  EXPECT_EQ(game.repetition_count(), 3) << game.position().fen();
  EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition) << game.position().fen();
  EXPECT_FALSE(game.is_over()) << "threefold repetition must not end the game by itself";

  ASSERT_TRUE(game.claim_draw());
  EXPECT_EQ(game.outcome().result, GameResult::Draw);
  EXPECT_EQ(game.outcome().termination, Termination::ThreefoldRepetition);
  EXPECT_EQ(game.outcome().description(), "Draw by threefold repetition (claimed)");
  EXPECT_FALSE(game.claimable_draw());
}

TEST(GameTest, FivefoldRepetitionEndsTheGameAutomatically) {
  Game game;
  for (int cycle = 1; cycle <= 3; ++cycle) ASSERT_TRUE(play_all(game, KNIGHT_SHUFFLE));
  EXPECT_EQ(game.repetition_count(), 4) << game.position().fen();
  EXPECT_FALSE(game.is_over()) << game.position().fen();
  EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition);

  ASSERT_TRUE(play_all(game, {"g1f3", "g8f6", "f3g1"}));
  EXPECT_FALSE(game.is_over()) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"f6g8"}));
  EXPECT_EQ(game.repetition_count(), 5) << game.position().fen();
  EXPECT_EQ(game.outcome().result, GameResult::Draw) << game.position().fen();
  EXPECT_EQ(game.outcome().termination, Termination::FivefoldRepetition) << game.position().fen();
  EXPECT_EQ(game.outcome().description(), "Draw by fivefold repetition");
  EXPECT_FALSE(game.play(find_move(game.position(), "g1f3")));
}

TEST(GameTest, UndoAfterAnAutomaticEnding) {
  Game game;
  for (int cycle = 1; cycle <= 4; ++cycle) ASSERT_TRUE(play_all(game, KNIGHT_SHUFFLE));
  ASSERT_EQ(game.outcome().termination, Termination::FivefoldRepetition);
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.is_over()) << game.position().fen();
  EXPECT_EQ(game.moves().size(), 15u);
  EXPECT_EQ(game.position().fen(), "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 15 8");
  ASSERT_TRUE(play_all(game, {"b8c6"}));
  EXPECT_FALSE(game.is_over());

  Game mate;
  ASSERT_TRUE(play_all(mate, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  ASSERT_TRUE(mate.is_over());
  ASSERT_TRUE(mate.undo());
  EXPECT_FALSE(mate.is_over()) << mate.position().fen();
  EXPECT_EQ(mate.outcome(), Outcome{});
  ASSERT_TRUE(play_all(mate, {"g8f6"}));
  EXPECT_FALSE(mate.is_over());
}

TEST(GameTest, UndoClearsADecidedResultAndStopsAtTheStart) {
  Game game;
  EXPECT_FALSE(game.undo());
  ASSERT_TRUE(play_all(game, {"d2d4", "d7d5"}));
  ASSERT_TRUE(game.resign(WHITE));
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(game.position().fen(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.position().fen(), START_FEN);
  EXPECT_FALSE(game.undo());
  EXPECT_EQ(game.positions().size(), 1u);
}

// 1.e4 with a black pawn on d4: after e2-e4 Black may capture en passant, so the position
// after 1.e4 is not the same as the same placement later, when that right has gone.
TEST(GameTest, EnPassantRightBreaksRepetition) {
  Game game(from_fen("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  ASSERT_TRUE(play_all(game, {"e2e4"}));
  ASSERT_EQ(game.position().en_passant_square(), SQ_E3) << game.position().fen();
  for (std::string_view after : {"g8f6", "g1f3", "f6g8", "f3g1"}) ASSERT_TRUE(play_all(game, {after}));
  EXPECT_EQ(game.repetition_count(), 1) << "same placement but the en-passant capture is gone: "
                                        << game.position().fen();
  ASSERT_TRUE(play_all(game, {"g8f6", "g1f3", "f6g8", "f3g1"}));
  EXPECT_EQ(game.repetition_count(), 2) << game.position().fen();
  EXPECT_FALSE(game.claimable_draw()) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"g8f6", "g1f3", "f6g8", "f3g1"}));
  EXPECT_EQ(game.repetition_count(), 3) << game.position().fen();
  EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition) << game.position().fen();
}

// The same, but the d4 pawn is pinned to its king on d8 by the rook on d1: no legal
// en-passant capture, so the position after e2-e4 already counts as the first occurrence.
TEST(GameTest, ImpossibleEnPassantDoesNotBreakRepetition) {
  Game game(from_fen("3k4/8/8/8/3p4/8/4P3/3RK1Nn w - - 0 1"));
  ASSERT_TRUE(play_all(game, {"e2e4"}));
  ASSERT_EQ(game.position().en_passant_square(), SQ_NONE) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"h1g3", "g1f3", "g3h1", "f3g1"}));
  EXPECT_EQ(game.repetition_count(), 2) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"h1g3", "g1f3", "g3h1", "f3g1"}));
  EXPECT_EQ(game.repetition_count(), 3) << game.position().fen();
  EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition) << game.position().fen();
}

// Same placement, same side to move, but White lost the right to castle king side on Rg1.
TEST(GameTest, CastlingRightsBreakRepetition) {
  Game game;
  ASSERT_TRUE(play_all(game, {"g1f3", "g8f6"}));  // first occurrence, KQkq
  ASSERT_TRUE(play_all(game, {"h1g1", "f6g8", "g1h1", "g8f6"}));
  EXPECT_EQ(game.position().castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO) << game.position().fen();
  EXPECT_EQ(game.repetition_count(), 1) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"h1g1", "f6g8", "g1h1", "g8f6"}));
  EXPECT_EQ(game.repetition_count(), 2) << game.position().fen();
  EXPECT_FALSE(game.claimable_draw()) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"h1g1", "f6g8", "g1h1", "g8f6"}));
  EXPECT_EQ(game.repetition_count(), 3) << game.position().fen();
  EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition) << game.position().fen();
}

TEST(GameTest, SideToMoveMattersForRepetition) {
  // The same placement recurs, once with White and once with Black to move.
  Game game(from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
  ASSERT_TRUE(play_all(game, {"a1a2", "e8d8", "a2a1", "d8e8"}));
  EXPECT_EQ(game.repetition_count(), 2) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"a1a3", "e8d8", "a3a2", "d8e8", "a2a1"}));  // same placement, Black to move
  EXPECT_EQ(game.repetition_count(), 1) << game.position().fen();
}

TEST(GameTest, FiftyMoveRuleIsClaimableAtOneHundredHalfMoves) {
  Game game(from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"));
  ASSERT_TRUE(play_all(game, {"a1a2"}));
  EXPECT_EQ(game.position().halfmove_clock(), 99);
  EXPECT_FALSE(game.claimable_draw()) << game.position().fen();
  ASSERT_TRUE(play_all(game, {"e8d8"}));
  EXPECT_EQ(game.position().halfmove_clock(), 100);
  EXPECT_EQ(game.claimable_draw(), Termination::FiftyMoveRule) << game.position().fen();
  EXPECT_FALSE(game.is_over()) << "the fifty-move rule must be claimed";
  ASSERT_TRUE(game.claim_draw());
  EXPECT_EQ(game.outcome().result, GameResult::Draw);
  EXPECT_EQ(game.outcome().termination, Termination::FiftyMoveRule);
  EXPECT_EQ(game.outcome().description(), "Draw by the fifty-move rule (claimed)");
}

TEST(GameTest, PawnMoveOrCaptureResetsTheFiftyMoveCount) {
  Game game(from_fen("4k3/8/8/8/8/8/P7/R3K3 b - - 99 80"));
  ASSERT_TRUE(play_all(game, {"e8d7", "a2a3"}));
  EXPECT_EQ(game.position().halfmove_clock(), 0) << game.position().fen();
  EXPECT_FALSE(game.claimable_draw()) << game.position().fen();
}

TEST(GameTest, SeventyFiveMoveRuleEndsTheGameAtOneHundredFiftyHalfMoves) {
  Game game(from_fen("7k/8/6K1/8/8/8/8/R7 w - - 148 120"));
  ASSERT_TRUE(play_all(game, {"a1a2"}));
  EXPECT_FALSE(game.is_over()) << game.position().fen();
  EXPECT_EQ(game.claimable_draw(), Termination::FiftyMoveRule);
  ASSERT_TRUE(play_all(game, {"h8g8"}));
  EXPECT_EQ(game.position().halfmove_clock(), 150);
  EXPECT_EQ(game.outcome().result, GameResult::Draw) << game.position().fen();
  EXPECT_EQ(game.outcome().termination, Termination::SeventyFiveMoveRule) << game.position().fen();
  EXPECT_EQ(game.outcome().description(), "Draw by the seventy-five-move rule");
}

TEST(GameTest, MateOnTheHundredFiftiethHalfMoveWins) {
  const std::string fen = "7k/8/6K1/8/8/8/8/R7 w - - 149 120";
  Game quiet(from_fen(fen));
  ASSERT_TRUE(play_all(quiet, {"a1a2"}));
  EXPECT_EQ(quiet.outcome().termination, Termination::SeventyFiveMoveRule) << quiet.position().fen();

  Game mate(from_fen(fen));
  ASSERT_TRUE(play_all(mate, {"a1a8"}));
  EXPECT_EQ(mate.position().halfmove_clock(), 150);
  EXPECT_EQ(mate.outcome().result, GameResult::WhiteWins) << mate.position().fen();
  EXPECT_EQ(mate.outcome().termination, Termination::Checkmate) << mate.position().fen();
}

TEST(GameTest, CaptureLeavingBareKingsIsADeadPosition) {
  Game game(from_fen("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"));
  ASSERT_FALSE(game.is_over());
  ASSERT_TRUE(play_all(game, {"e1d2"}));
  EXPECT_EQ(game.outcome().result, GameResult::Draw) << game.position().fen();
  EXPECT_EQ(game.outcome().termination, Termination::InsufficientMaterial) << game.position().fen();
  EXPECT_EQ(game.outcome().description(), "Draw by insufficient material");
}

TEST(GameTest, PromotionToAMinorPieceCanLeaveADeadPosition) {
  Game game(from_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1"));
  ASSERT_TRUE(play_all(game, {"e7e8n"}));
  EXPECT_EQ(game.outcome().termination, Termination::InsufficientMaterial) << game.position().fen();
  ASSERT_TRUE(game.undo());
  ASSERT_TRUE(play_all(game, {"e7e8r"}));
  EXPECT_FALSE(game.is_over()) << game.position().fen();
}

struct MaterialCase {
  const char* fen;
  bool dead;
  const char* what;
};

TEST(InsufficientMaterialTest, DeadPositionsAndNearMisses) {
  const MaterialCase cases[] = {
      {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", true, "K v K"},
      {"8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", true, "K+N v K"},
      {"8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true, "K+B v K"},
      {"6n1/8/4k3/8/8/3K4/8/8 w - - 0 1", true, "K v K+N"},
      {"2b5/8/4k3/8/8/3K4/8/8 b - - 0 1", true, "K v K+B"},
      {"5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", true, "K+B v K+B, both on dark squares"},
      {"2b5/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true, "K+B v K+B, both on light squares"},
      {"5b2/8/4k3/8/8/3KB3/8/2B5 w - - 0 1", true, "K+B+B v K+B, all on dark squares"},
      {"8/8/4k3/8/8/3K4/8/1NN5 w - - 0 1", false, "K+N+N v K (mate is possible)"},
      {"2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1", false, "K+B v K+B, opposite colours"},
      {"8/8/4k3/8/8/3K4/8/2BB4 w - - 0 1", false, "K+B+B v K, bishops on both colours"},
      {"6n1/8/4k3/8/8/3K4/8/6N1 w - - 0 1", false, "K+N v K+N"},
      {"6n1/8/4k3/8/8/3K4/8/2B5 w - - 0 1", false, "K+B v K+N"},
      {"8/8/4k3/8/8/3K4/8/2BN4 w - - 0 1", false, "K+B+N v K"},
      {"8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false, "K+P v K"},
      {"8/8/4k3/8/8/3K4/8/7R w - - 0 1", false, "K+R v K"},
      {"8/8/4k3/8/8/3K4/8/3Q4 w - - 0 1", false, "K+Q v K"},
  };
  for (const MaterialCase& c : cases) {
    const Position pos = from_fen(c.fen);
    EXPECT_EQ(insufficient_material(pos), c.dead) << c.what << ": " << c.fen;
    EXPECT_EQ(Game(pos).outcome().termination == Termination::InsufficientMaterial, c.dead) << c.what << ": " << c.fen;
  }
}

// Each case: Black's flag falls. Does White (the other side) still win?
struct FlagCase {
  const char* fen;
  bool white_can_mate;
  const char* what;
};

TEST(TimeForfeitTest, FlaggerLosesUnlessTheOpponentCannotMate) {
  const FlagCase cases[] = {
      // (a) a lone king cannot mate.
      {"3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false, "(a) White has a lone king"},
      // (b) one knight alone cannot mate a king that has only queens besides.
      {"3qk3/8/8/8/8/8/8/4K1N1 w - - 0 1", false, "(b) K+N v K+Q"},
      {"2qqk3/8/8/8/8/8/8/4K1N1 w - - 0 1", false, "(b) K+N v K+Q+Q"},
      {"3rk3/8/8/8/8/8/8/4K1N1 w - - 0 1", true, "(b) near miss: K+N v K+R, the rook can block its king"},
      {"4k3/4p3/8/8/8/8/8/4K1N1 w - - 0 1", true, "(b) near miss: K+N v K+P"},
      {"3qk3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", true, "(b) near miss: K+N+N v K+Q"},
      // (c) bishops of one colour cannot mate without pawns, knights or opposite bishops to help.
      {"3rk3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, "(c) K+B(dark) v K+R"},
      {"3rk3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", false, "(c) K+B+B(both dark) v K+R"},
      {"2brk3/8/8/8/8/8/8/4KB2 w - - 0 1", false, "(c) K+B(light) v K+R+B(light)"},
      {"3rk1n1/8/8/8/8/8/8/2B1K3 w - - 0 1", true, "(c) near miss: K+B v K+R+N"},
      {"4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1", true, "(c) near miss: K+B v K+P"},
      {"2brk3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, "(c) near miss: K+B(dark) v K+R+B(light)"},
      {"3qk3/8/8/8/8/8/8/2B1KB2 w - - 0 1", true, "(c) near miss: White has bishops on both colours"},
      // Anything else mates.
      {"3qk3/8/8/8/8/8/4P3/4K3 w - - 0 1", true, "K+P v K+Q"},
      {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true, "K+R v K"},
      {"4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1", true, "K+B+N v K"},
  };
  for (const FlagCase& c : cases) {
    const Position pos = from_fen(c.fen);
    EXPECT_EQ(can_mate(pos, WHITE), c.white_can_mate) << c.what << ": " << c.fen;

    Game game(pos);
    ASSERT_FALSE(game.is_over()) << c.what << ": " << c.fen;
    ASSERT_TRUE(game.flag(BLACK)) << c.fen;
    const Outcome& outcome = game.outcome();
    EXPECT_EQ(outcome.termination, Termination::TimeForfeit) << c.fen;
    EXPECT_EQ(outcome.flagged, BLACK) << c.fen;
    if (c.white_can_mate) {
      EXPECT_EQ(outcome.result, GameResult::WhiteWins) << c.what << ": " << c.fen;
      EXPECT_EQ(outcome.description(), "White wins on time") << c.fen;
      EXPECT_EQ(outcome.pgn_result(), "1-0") << c.fen;
    } else {
      EXPECT_EQ(outcome.result, GameResult::Draw) << c.what << ": " << c.fen;
      EXPECT_EQ(outcome.description(), "Draw: Black ran out of time but White has insufficient mating material")
          << c.fen;
      EXPECT_EQ(outcome.pgn_result(), "1/2-1/2") << c.fen;
    }
  }
}

TEST(TimeForfeitTest, WhiteFlagsInTheStartPosition) {
  Game game;
  ASSERT_TRUE(game.flag(WHITE));
  EXPECT_EQ(game.outcome().result, GameResult::BlackWins);
  EXPECT_EQ(game.outcome().description(), "Black wins on time");
  EXPECT_EQ(game.outcome().pgn_result(), "0-1");
  EXPECT_TRUE(can_mate(game.position(), WHITE));
  EXPECT_TRUE(can_mate(game.position(), BLACK));
}

TEST(DecidedResultTest, Resignation) {
  Game game;
  ASSERT_TRUE(play_all(game, {"e2e4"}));
  ASSERT_TRUE(game.resign(BLACK));
  EXPECT_EQ(game.outcome().result, GameResult::WhiteWins);
  EXPECT_EQ(game.outcome().termination, Termination::Resignation);
  EXPECT_EQ(game.outcome().description(), "White wins by resignation");
  EXPECT_EQ(game.outcome().pgn_result(), "1-0");
  EXPECT_FALSE(game.resign(WHITE)) << "a second decision must not override the first";
  EXPECT_EQ(game.outcome().result, GameResult::WhiteWins);
}

TEST(DecidedResultTest, Forfeit) {
  Game game;
  ASSERT_TRUE(game.forfeit(WHITE, "the player answered the illegal move e2e5"));
  EXPECT_EQ(game.outcome().result, GameResult::BlackWins);
  EXPECT_EQ(game.outcome().termination, Termination::Forfeit);
  EXPECT_EQ(game.outcome().winner(), BLACK);
  EXPECT_EQ(game.outcome().description(), "White forfeits: the player answered the illegal move e2e5");
  EXPECT_EQ(game.outcome().pgn_result(), "0-1");

  Game silent;
  ASSERT_TRUE(silent.forfeit(BLACK, ""));
  EXPECT_EQ(silent.outcome().description(), "Black forfeits");
  EXPECT_EQ(silent.outcome().pgn_result(), "1-0");
}

TEST(DecidedResultTest, AgreementAndClaimsNeedAnOngoingGame) {
  Game game;
  EXPECT_FALSE(game.claim_draw()) << "nothing to claim in the start position";
  EXPECT_FALSE(game.is_over());
  ASSERT_TRUE(game.agree_draw());
  EXPECT_EQ(game.outcome().result, GameResult::Draw);
  EXPECT_EQ(game.outcome().termination, Termination::Agreement);
  EXPECT_EQ(game.outcome().winner(), std::nullopt);
  EXPECT_EQ(game.outcome().description(), "Draw by agreement");
  EXPECT_EQ(game.outcome().pgn_result(), "1/2-1/2");
  EXPECT_FALSE(game.agree_draw());
}

}  // namespace
}  // namespace gambit::chess
