// SPDX-License-Identifier: MIT
#include "ai_plugins/common/evaluate.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "ai_plugins/common/eval_weights.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::ai {
namespace {

using chess::Position;

Position from_fen(const char* fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return pos ? *pos : Position();
}

TEST(Evaluate, IsTheSameForBothColoursOfAMirroredPosition) {
  for (const Position& pos : testing::random_positions(300, 11)) {
    const Position twin = testing::mirrored(pos);
    EXPECT_EQ(evaluate(pos), evaluate(twin)) << pos.pretty() << "mirrored:\n" << twin.pretty();
  }
}

TEST(Evaluate, StaysInsideTheKnownWinBound) {
  for (const Position& pos : testing::random_positions(300, 12)) {
    const Value v = evaluate(pos);
    EXPECT_LT(std::abs(v), VALUE_KNOWN_WIN) << pos.pretty();
  }
}

TEST(Evaluate, StartPositionIsNearlyLevel) {
  const Value v = evaluate(Position());
  EXPECT_GT(v, 0) << "the side to move should have the small tempo edge";
  EXPECT_LT(v, 50);
}

TEST(Evaluate, ExtraMaterialCountsForItsOwnerFromEitherSide) {
  // The start position without Black's queen, with either side to move.
  const Position white_to_move = from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const Position black_to_move = from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_GT(evaluate(white_to_move), 700) << white_to_move.pretty();
  EXPECT_LT(evaluate(black_to_move), -700) << black_to_move.pretty();
}

TEST(Evaluate, MaterialThatCannotMateIsADraw) {
  for (const char* fen : {"8/8/3k4/8/8/4K3/8/8 w - - 0 1", "8/8/3k4/8/8/4KN2/8/8 w - - 0 1",
                          "8/8/3k4/8/8/4KB2/8/8 b - - 0 1", "8/8/3k4/8/8/3NKN2/8/8 w - - 0 1"}) {
    EXPECT_EQ(evaluate(from_fen(fen)), VALUE_DRAW) << fen;
  }
}

TEST(Evaluate, RookAgainstMinorWithoutPawnsIsDrawish) {
  const Position rook_vs_bishop = from_fen("8/8/3kb3/8/8/4K3/4R3/8 w - - 0 1");
  const Position rook_vs_nothing = from_fen("8/8/3k4/8/8/4K3/4R3/8 w - - 0 1");
  EXPECT_LT(evaluate(rook_vs_bishop), 100) << rook_vs_bishop.pretty();
  EXPECT_GT(evaluate(rook_vs_nothing), 500) << rook_vs_nothing.pretty();
}

TEST(Evaluate, LoneKingIsBetterOffInTheCentre) {
  // Same material (king and queen against king): the defending king in the corner is worse for it.
  const Position cornered = from_fen("k7/8/8/8/8/8/2Q5/4K3 w - - 0 1");
  const Position central = from_fen("8/8/8/3k4/8/8/2Q5/4K3 w - - 0 1");
  EXPECT_GT(evaluate(cornered), evaluate(central)) << cornered.pretty() << central.pretty();
}

TEST(Evaluate, PassedPawnOutOfTheKingsReachIsWorthMoreThanOneInside) {
  // The rule of the square: from e5 the king is one step too slow for the a-pawn, from d5 it catches it.
  const Position unstoppable = from_fen("8/8/8/P3k3/8/8/8/K7 w - - 0 1");
  const Position caught = from_fen("8/8/8/P2k4/8/8/8/K7 w - - 0 1");
  EXPECT_GT(evaluate(unstoppable), evaluate(caught) + 200) << unstoppable.pretty() << caught.pretty();
}

TEST(Evaluate, DoubledAndIsolatedPawnsCost) {
  const Position healthy = from_fen("4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1");
  const Position doubled_isolated = from_fen("4k3/8/8/8/8/3P4/3P1P2/4K3 w - - 0 1");
  EXPECT_GT(evaluate(healthy), evaluate(doubled_isolated)) << healthy.pretty() << doubled_isolated.pretty();
}

// How many times the evaluation added `weight` for White minus for Black.
int count(const Position& pos, const Score& weight) {
  EvalTrace trace;
  trace_evaluation(pos, TunedWeights, trace);
  return trace.count[weight_index(TunedWeights, weight)];
}

TEST(Evaluate, CountsThreatsAgainstWeakAndDefendedPieces) {
  const EvalParams& w = TunedWeights;
  // The bishop on b5 attacks a knight nothing protects: a threat, and hanging.
  const Position loose = from_fen("4k3/8/2n5/1B6/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(count(loose, w.threat_by_minor[chess::KNIGHT]), 1);
  EXPECT_EQ(count(loose, w.hanging), 1);
  // A pawn protects it: still a threat by a minor piece, no longer hanging.
  const Position protected_knight = from_fen("4k3/1p6/2n5/1B6/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(count(protected_knight, w.threat_by_minor[chess::KNIGHT]), 1);
  EXPECT_EQ(count(protected_knight, w.hanging), 0);
  // The same with colours swapped counts for Black (negative: White's view).
  EXPECT_EQ(count(testing::mirrored(loose), w.hanging), -1);
  // A rook attacking a loose knight; a king attacking a loose pawn.
  EXPECT_EQ(count(from_fen("4k3/8/2n3R1/8/8/8/8/4K3 w - - 0 1"), w.threat_by_rook[chess::KNIGHT]), 1);
  EXPECT_EQ(count(from_fen("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1"), w.threat_by_king), 1);
}

TEST(Evaluate, CountsPawnsStormingTheKing) {
  const EvalParams& w = TunedWeights;
  // Black's g-pawn on g4 (White's fourth rank) in front of White's castled king, nothing in its way.
  const Position storm = from_fen("6k1/5p1p/8/8/6p1/8/5P1P/6K1 w - - 0 1");
  EXPECT_EQ(count(storm, w.pawn_storm[0][3]), -1);
  EXPECT_EQ(count(testing::mirrored(storm), w.pawn_storm[0][3]), 1);
  // White's pawn on g3 blocks it.
  EXPECT_EQ(count(from_fen("6k1/5p1p/8/8/6p1/6P1/5P1P/6K1 w - - 0 1"), w.pawn_storm[1][3]), -1);
  // A pawn behind the king's rank does not storm it.
  EXPECT_EQ(count(from_fen("8/8/8/8/8/6K1/6p1/k7 w - - 0 1"), w.pawn_storm[0][1]), 0);
}

// The king danger buckets counted for White minus for Black.
int king_danger_count(const Position& pos, bool their_queen) {
  int total = 0;
  for (const Score& bucket : TunedWeights.king_danger[their_queen]) total += count(pos, bucket);
  return total;
}

TEST(Evaluate, CountsKingDangerOnlyWhenTwoPiecesAttackTheZone) {
  // Black's queen and knight both reach squares around White's king on g1.
  const Position two = from_fen("6k1/5ppp/8/8/5n2/3q4/5PPP/6K1 w - - 0 1");
  EXPECT_EQ(king_danger_count(two, true), -1);
  EXPECT_EQ(king_danger_count(testing::mirrored(two), true), 1);
  // The knight alone: no danger counted; without the queen the other table.
  const Position knight = from_fen("6k1/5ppp/8/8/5n2/8/5PPP/6K1 w - - 0 1");
  EXPECT_EQ(king_danger_count(knight, false) + king_danger_count(knight, true), 0);
  EXPECT_EQ(king_danger_count(from_fen("6k1/5ppp/8/8/5n2/3r4/5PPP/6K1 w - - 0 1"), false), -1);
}

TEST(Evaluate, CountsPawnAndPieceTerms) {
  const EvalParams& w = TunedWeights;
  // The d-pawn on d3 cannot be supported (c and e pawns ahead) and Black's e5 pawn holds d4.
  EXPECT_EQ(count(from_fen("4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1"), w.backward_pawn), -1);
  // A knight behind its pawn; a bishop with two pawns on its colour (a light-squared bishop on f1).
  EXPECT_EQ(count(from_fen("4k3/8/8/8/8/3P4/3N4/4K3 w - - 0 1"), w.minor_behind_pawn), 1);
  EXPECT_EQ(count(from_fen("4k3/8/8/8/8/3P4/4P3/4KB2 w - - 0 1"), w.bishop_pawns), -2);
  const Position behind = from_fen("4k3/8/8/4p3/2P1P3/3P4/3N4/4K3 w - - 0 1");
  EXPECT_EQ(count(testing::mirrored(behind), w.backward_pawn), 1);
  EXPECT_EQ(count(testing::mirrored(behind), w.minor_behind_pawn), -1);
}

TEST(Evaluate, CountsSafeChecksAgainstTheKing) {
  const EvalParams& w = TunedWeights;
  // The knight on d4 can check from e2, which nothing of White's guards (f3 the g-pawn does).
  const Position knight = from_fen("4k3/8/8/8/3n4/8/5PPP/6K1 w - - 0 1");
  EXPECT_EQ(count(knight, w.safe_check[chess::KNIGHT]), -1);
  EXPECT_EQ(count(testing::mirrored(knight), w.safe_check[chess::KNIGHT]), 1);
  // A rook on b2 guards e2: the check would lose the knight.
  EXPECT_EQ(count(from_fen("4k3/8/8/8/3n4/8/1R3PPP/6K1 w - - 0 1"), w.safe_check[chess::KNIGHT]), 0);
  // The back rank: the rook on a8 checks from a1 unopposed; not once White's rook holds the rank.
  EXPECT_EQ(count(from_fen("r5k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1"), w.safe_check[chess::ROOK]), -1);
  EXPECT_EQ(count(from_fen("r5k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1"), w.safe_check[chess::ROOK]), 0);
}

// The trace of the full-strength evaluation of `fen`.
EvalTrace trace_of(const char* fen) {
  EvalTrace trace;
  trace_evaluation(from_fen(fen), TunedWeights, trace);
  return trace;
}

TEST(Evaluate, ScalesTheEndgameByWhatIsLeftToWinWith) {
  // A rook ending a pawn up, all of White's pawns on the king's side and Black's king beside its own.
  EXPECT_EQ(trace_of("4r3/5pkp/8/8/8/6P1/5P1P/R5K1 w - - 0 1").scale, 36);
  // With a pawn each on the a-file: pawns on both flanks and enough of them, no scaling.
  EXPECT_EQ(trace_of("4r3/p4pkp/8/8/8/6P1/P4P1P/R5K1 w - - 0 1").scale, 64);
  // Bishop and one pawn against a knight: 36 + 7 for the pawn, less 4 for one flank.
  EXPECT_EQ(trace_of("1n3k2/8/8/8/8/8/P7/2B1K3 w - - 0 1").scale, 39);
  // Opposite-coloured bishops with White's passed a-pawn: 18 + 4 per passer.
  EXPECT_EQ(trace_of("8/5pk1/6p1/2b5/P1B5/6P1/5P2/6K1 w - - 0 1").scale, 22);
  // The same for Black in the mirrored positions.
  EXPECT_EQ(trace_of("r5k1/5p1p/6p1/8/8/8/5PKP/4R3 b - - 0 1").scale, 36);
}

TEST(Evaluate, MovesTheEndgameTowardsADrawWhenLittleIsLeftToWinWith) {
  // Kings facing each other on the one flank with pawns: the ending is drawn more often than the
  // extra pawn says, so the endgame part moves towards zero (White is ahead in it here).
  const EvalTrace facing = trace_of("4r3/5pkp/8/8/8/6P1/5P1P/R5K1 w - - 0 1");
  EXPECT_LT(facing.fixed.eg, 0);
  // Pawns on both flanks, only kings left besides them: the extra pawn is worth more.
  const EvalTrace pawns = trace_of("4k3/pppp1ppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
  EXPECT_GT(pawns.fixed.eg, 0);
  // Black ahead in the mirrored position: the same amounts with the sign turned.
  EXPECT_EQ(trace_of("4k3/pppppppp/8/8/8/8/PPPP1PPP/4K3 b - - 0 1").fixed.eg, -pawns.fixed.eg);
}

TEST(MateScores, CountMovesToMateFromTheSideToMovesView) {
  EXPECT_EQ(mate_in_moves(mate_in(1)), 1);
  EXPECT_EQ(mate_in_moves(mate_in(3)), 2);
  EXPECT_EQ(mate_in_moves(mated_in(0)), 0);
  EXPECT_EQ(mate_in_moves(mated_in(2)), -1);
  EXPECT_EQ(mate_in_moves(mated_in(4)), -2);
  EXPECT_TRUE(is_mate_score(mate_in(MAX_PLY)));
  EXPECT_FALSE(is_mate_score(VALUE_KNOWN_WIN));
}

}  // namespace
}  // namespace gambit::ai
