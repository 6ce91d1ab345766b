// SPDX-License-Identifier: MIT
// core/review/game_review: a review written into PGN (the search itself is
// tested end to end by tests/e2e/review_cli_test.sh with a real player).
#include "core/review/game_review.h"

#include <gtest/gtest.h>

#include <limits>

#include "core/chess/uci.h"

namespace gambit::review {
namespace {

using chess::Move;

std::vector<Move> moves_of(chess::Position pos, std::initializer_list<const char*> ucis) {
  std::vector<Move> moves;
  for (const char* uci : ucis) {
    moves.push_back(chess::parse_uci_move(pos, uci).value());
    pos.do_move(moves.back());
  }
  return moves;
}

TEST(GameReview, EvalsAreWrittenInPawnsOrAsMates) {
  EXPECT_EQ(eval_text(Score::centipawns(35)), "0.35");
  EXPECT_EQ(eval_text(Score::centipawns(-120)), "-1.20");
  EXPECT_EQ(eval_text(Score::centipawns(0)), "0.00");
  EXPECT_EQ(eval_text(Score::mate(3)), "#3");
  EXPECT_EQ(eval_text(Score::mate(-2)), "#-2");
  EXPECT_EQ(eval_text(Score::centipawns(35), true), "+0.35");
  EXPECT_EQ(eval_text(Score::centipawns(-120), true), "-1.20");
  EXPECT_EQ(eval_text(Score::centipawns(0), true), "0.00") << "a level game has no side ahead";
  EXPECT_EQ(eval_text(Score::centipawns(-5)), "-0.05");
  EXPECT_EQ(eval_text(Score::centipawns(123456789)), "1234567.89") << "exact, whatever its size";
  // The evaluation bar's: no sign (its colours say who is ahead), a tenth of a pawn, whole pawns from ten.
  EXPECT_EQ(bar_eval_text(Score::centipawns(35)), "0.4");
  EXPECT_EQ(bar_eval_text(Score::centipawns(-234)), "2.3");
  EXPECT_EQ(bar_eval_text(Score::centipawns(0)), "0.0");
  EXPECT_EQ(bar_eval_text(Score::centipawns(994)), "9.9");
  EXPECT_EQ(bar_eval_text(Score::centipawns(995)), "10");
  EXPECT_EQ(bar_eval_text(Score::centipawns(-30000)), "300");
  EXPECT_EQ(bar_eval_text(Score::mate(14)), "#14");
  EXPECT_EQ(bar_eval_text(Score::mate(-3)), "#3");
  // A search's score from White's side: the side to move's turned for Black.
  players::SearchInfo info;
  EXPECT_EQ(white_view_text(info, chess::WHITE), "") << "no score";
  info.score_kind = players::ScoreKind::Centipawns;
  info.score = 35;
  EXPECT_EQ(white_view_text(info, chess::WHITE), "+0.35");
  EXPECT_EQ(white_view_text(info, chess::BLACK), "-0.35");
  info.score_kind = players::ScoreKind::Mate;
  info.score = -2;
  EXPECT_EQ(white_view_text(info, chess::BLACK), "#2");
}

TEST(GameReview, ASearchsScoreIsTurnedToWhitesViewAndBounded) {
  players::SearchInfo info;
  EXPECT_EQ(white_view(info, chess::WHITE), std::nullopt);
  info.score_kind = players::ScoreKind::Centipawns;
  info.score = 35;
  EXPECT_EQ(white_view(info, chess::WHITE), Score::centipawns(35));
  EXPECT_EQ(white_view(info, chess::BLACK), Score::centipawns(-35));
  info.score = std::numeric_limits<int>::min();  // a plugin's nonsense: bounded, no overflow
  EXPECT_EQ(white_view(info, chess::BLACK), Score::centipawns(30000));
  info.score_kind = players::ScoreKind::Mate;
  info.score = -3;  // the side to move is mated in 3
  EXPECT_EQ(white_view(info, chess::BLACK), Score::mate(3));
  info.score = std::numeric_limits<int>::max();
  EXPECT_EQ(white_view(info, chess::WHITE), Score::mate(1000));
}

TEST(GameReview, AnnotationMarksTheMistakeNamesTheBetterLineAndAddsTheTotals) {
  // 1. f3 e5 2. g4?? Qh4#: 2. g4 allows mate in one.
  chess::PgnGame game;
  game.moves = moves_of(game.start, {"f2f3", "e7e5", "g2g4", "d8h4"});
  game.comments_after = {"played fast", "", "", ""};
  game.result = "0-1";
  GameReview review;
  const chess::Position start;
  chess::Position after_e5 = start;
  for (int i = 0; i < 2; ++i) after_e5.do_move(game.moves[std::size_t(i)]);
  const std::vector<Move> better = moves_of(after_e5, {"e2e4", "b8c6", "b1c3", "g8f6", "f1c4", "f8c5", "d2d3",
                                                       "d7d6", "c1e3"});
  review.positions = {{Score::centipawns(20), false, Move::none(), {}},
                      {Score::centipawns(-40), false, Move::none(), {}},
                      {Score::centipawns(-30), false, better.front(), better},
                      {Score::mate(-1), false, Move::none(), {}},
                      {Score::mate(-1), true, Move::none(), {}}};
  review.moves = {{Judgement::Inaccuracy, 64.0, ""},
                  {Judgement::Good, 100, ""},
                  {Judgement::Blunder, 0, "Allows mate in 1: 2... Qh4#."},
                  {Judgement::Good, 100, ""}};
  review.accuracy = {40.26, 100.0};
  review.counts[chess::WHITE] = {1, 0, 1};
  const chess::PgnGame annotated = annotate(game, review);
  EXPECT_EQ(annotated.nags_after, (std::vector<int>{6, 0, 4, 0}));
  EXPECT_EQ(annotated.comments_after[0], "played fast [%eval -0.40] Inaccuracy.");
  EXPECT_EQ(annotated.comments_after[1], "[%eval -0.30]");
  // The better line stops after eight plies; the final mate has no eval of its own.
  EXPECT_EQ(annotated.comments_after[2],
            "[%eval #-1] Blunder. Allows mate in 1: 2... Qh4#. e4 was best: 2. e4 Nc6 3. Nc3 Nf6 4. Bc4 Bc5 5. d3 d6.");
  EXPECT_EQ(annotated.comments_after[3], "");
  EXPECT_EQ(annotated.tag("WhiteAccuracy"), "40.3");  // one decimal, rounded
  EXPECT_EQ(annotated.tag("BlackAccuracy"), "100.0");
  EXPECT_EQ(annotated.tag("WhiteInaccuracies"), "1");
  EXPECT_EQ(annotated.tag("WhiteBlunders"), "1");
  EXPECT_EQ(annotated.tag("BlackMistakes"), "0");
  // Reviewed again, the earlier review's comments and tags are replaced, not repeated.
  const chess::PgnGame again = annotate(annotated, review);
  EXPECT_EQ(again.comments_after[1], "[%eval -0.30]");
  EXPECT_EQ(std::count_if(again.tags.begin(), again.tags.end(), [](const auto& t) { return t.first == "WhiteAccuracy"; }),
            1);
}

std::vector<PositionVerdict> scored(std::initializer_list<int> centipawns) {
  std::vector<PositionVerdict> verdicts;
  for (const int cp : centipawns) verdicts.push_back({Score::centipawns(cp), false, Move::none(), {}});
  return verdicts;
}

TEST(GameReview, ALookDeeperWhereTheEvaluationSwings) {
  // White's first move drops three pawns: both its positions.
  EXPECT_EQ(suspects(scored({20, -300, -300, -290, -290}), chess::WHITE), (std::vector<std::size_t>{0, 1}));
  // A move that looked harmless until the reply showed what it allowed.
  EXPECT_EQ(suspects(scored({0, 0, -400, -400}), chess::WHITE), (std::vector<std::size_t>{0, 1}));
  // A move that costs its mover less than SuspectDrop, and a quiet game: nothing.
  EXPECT_EQ(suspects(scored({0, 10, 0, 10, 0}), chess::WHITE), std::vector<std::size_t>{});
  // The same scores seen when Black moved first: the drop was Black's gain.
  EXPECT_EQ(suspects(scored({20, -300, -300, -290, -290}), chess::BLACK), std::vector<std::size_t>{});
  // A position decided by the rules is never searched again.
  auto mated = scored({0, -900});
  mated.back().by_the_rules = true;
  EXPECT_EQ(suspects(mated, chess::WHITE), std::vector<std::size_t>{0});
}

TEST(GameReview, EachSuspectIsSearchedDeeperOnce) {
  auto verdicts = scored({20, -300, -300, -290, -290});
  std::vector<bool> verified;
  EXPECT_EQ(suspects_to_verify(verdicts, chess::WHITE, verified), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(verified, (std::vector<bool>{true, true, false, false, false}));
  // The deeper verdicts move the swing one move on: only the new suspects come next.
  verdicts = scored({20, 20, 20, -300, -300});
  EXPECT_EQ(suspects_to_verify(verdicts, chess::WHITE, verified), (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(suspects_to_verify(verdicts, chess::WHITE, verified), std::vector<std::size_t>{});
}

TEST(GameReview, ADeeperSearchHasFourTimesTheBudget) {
  EXPECT_EQ(verify_limits({.nodes = 600000}).nodes, 2400000);
  EXPECT_EQ(verify_limits({.movetime_ms = 250}).movetime_ms, 1000);
  EXPECT_EQ(verify_limits({.depth = 18}).depth, 20);
}

TEST(GameReview, FindMistakeWalksToTheNearestMistakeOfASideEitherWay) {
  GameReview review;
  // Moves 0..5 (plies 1..6): White ?? at move 0, Black ? at move 3, White ?! at move 4.
  review.moves.resize(6);
  review.moves[0].judgement = Judgement::Blunder;
  review.moves[3].judgement = Judgement::Mistake;
  review.moves[4].judgement = Judgement::Inaccuracy;
  const auto white = std::optional(chess::WHITE), black = std::optional(chess::BLACK);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 0, true, std::nullopt), 1u);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 1, true, std::nullopt), 4u);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 1, true, white), 5u);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 5, true, white), std::nullopt);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 6, false, white), 5u);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 5, false, white), 1u);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 1, false, white), std::nullopt);
  EXPECT_EQ(find_mistake(review, chess::WHITE, 6, false, black), 4u);
  // A game that began with Black to move: move 0 is Black's.
  EXPECT_EQ(find_mistake(review, chess::BLACK, 0, true, black), 1u);
  EXPECT_EQ(find_mistake(review, chess::BLACK, 1, true, black), 5u);
}

}  // namespace
}  // namespace gambit::review
