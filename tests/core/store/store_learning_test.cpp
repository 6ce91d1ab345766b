// SPDX-License-Identifier: MIT
// Learning from mistakes in the store: practice positions (added once, due by
// Leitner boxes with the clock given, attempts move them), and the puzzle
// rating (its own Glicko-2 pool; each attempt rates the player against the
// puzzle and the puzzle against the player).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/learn/spaced_repetition.h"
#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

using fixtures::alphabeta;
using fixtures::finished;

constexpr std::int64_t Now = 1'750'000'000;
constexpr std::int64_t Day = learn::SecondsPerDay;
constexpr std::int64_t Forever = std::numeric_limits<std::int64_t>::max();

// A position to practise; its line starts with best.
PracticePosition practice(int ply, const std::string& fen, const std::string& played, const std::string& line,
                          const std::string& reason, PracticeJudgement judgement) {
  PracticePosition p;
  p.ply = ply;
  p.fen = fen;
  p.played = played;
  p.best = line.substr(0, line.find(' '));
  p.line = line;
  p.reason = reason;
  p.judgement = judgement;
  return p;
}

// After 1. e4 e5 2. Nf3, Black weakens with f6 instead of developing.
PracticePosition weak_pawn() {
  return practice(3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "f7f6", "b8c6 f1b5 a7a6",
                  "Weakens the king's diagonal.", PracticeJudgement::Mistake);
}

// Black lets the queen mate on f7.
PracticePosition allows_mate() {
  return practice(5, "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "g8f6", "g7g6 h5f3 g8f6",
                  "Allows mate in one: 4. Qxf7#.", PracticeJudgement::Blunder);
}

// White misses the mate.
PracticePosition misses_mate() {
  return practice(6, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5h4", "h5f7",
                  "Misses mate in one: Qxf7#.", PracticeJudgement::Blunder);
}

class StorePractice : public fixtures::StoreTest {
 protected:
  // The profile's positions, whatever their due time.
  static std::vector<PracticePosition> all(Store& store) {
    return must(store.practice_due(Forever, 1000), "practice_due");
  }
  static int due(Store& store, std::int64_t at) { return must(store.practice_due_count(at), "practice_due_count"); }
};

TEST_F(StorePractice, AddedPositionsAreInTheFirstBoxAndDueAtOnce) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(due(*store, Now), 0) << "nothing to practise in a new store";
  EXPECT_EQ(must(store->add_practice_positions({weak_pawn(), allows_mate()}, Now), "add"), 2);
  EXPECT_EQ(due(*store, Now - 1), 0) << "not before they were added";
  EXPECT_EQ(due(*store, Now), 2);
  const auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  PracticePosition expected = weak_pawn();
  expected.id = positions[0].id;
  expected.schedule = {1, Now};
  expected.added_at = Now;
  EXPECT_EQ(positions[0], expected) << "kept as given, with its box, due time and times";
  EXPECT_EQ(positions[1].judgement, PracticeJudgement::Blunder);
  EXPECT_EQ(positions[1].attempts, 0);
  EXPECT_NE(positions[0].id, positions[1].id);
}

TEST_F(StorePractice, APositionAlreadyThereIsNeitherDuplicatedNorReset) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_EQ(must(store->add_practice_positions({weak_pawn()}, Now), "add"), 1);
  const std::int64_t id = all(*store).at(0).id;
  ASSERT_EQ(must(store->record_practice_attempt(id, true, Now), "attempt").schedule.box, 2);

  PracticePosition again = weak_pawn();
  again.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 5 9";  // other move counters
  again.played = "d7d6";
  again.ply = 17;
  EXPECT_EQ(must(store->add_practice_positions({again, misses_mate(), misses_mate()}, Now + Day), "add"), 1)
      << "only the mate is new, and only once";
  const auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  const PracticePosition& kept = positions[0].id == id ? positions[0] : positions[1];
  EXPECT_EQ(kept.id, id);
  EXPECT_EQ(kept.schedule, (learn::Leitner{2, Now + 3 * Day})) << "its box and due time are kept";
  EXPECT_EQ(kept.played, "f7f6") << "and what it was first added with";
  EXPECT_EQ(kept.attempts, 1);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM practice"), 2);
}

TEST_F(StorePractice, PositionsComeBackByTheirBoxesAsTheClockGoes) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_EQ(must(store->add_practice_positions({weak_pawn(), allows_mate(), misses_mate()}, Now), "add"), 3);
  EXPECT_EQ(due(*store, Now), 3) << "3 positions to practise today";
  const auto positions = all(*store);
  // Practised at once: the first missed, the second solved, the third not tried.
  const PracticePosition missed = must(store->record_practice_attempt(positions[0].id, false, Now + 60), "attempt");
  EXPECT_EQ(missed.schedule, (learn::Leitner{1, Now + 60 + Day}));
  EXPECT_EQ(missed.attempts, 1);
  EXPECT_EQ(missed.solved, 0);
  const PracticePosition solved = must(store->record_practice_attempt(positions[1].id, true, Now + 120), "attempt");
  EXPECT_EQ(solved.schedule, (learn::Leitner{2, Now + 120 + 3 * Day}));
  EXPECT_EQ(solved.solved, 1);

  EXPECT_EQ(due(*store, Now + 120), 1) << "only the one not tried";
  EXPECT_EQ(due(*store, Now + 60 + Day - 1), 1) << "the missed one is not back a second early";
  EXPECT_EQ(due(*store, Now + 60 + Day), 2) << "the missed one is back after a day";
  EXPECT_EQ(due(*store, Now + 120 + 3 * Day - 1), 2);
  EXPECT_EQ(due(*store, Now + 120 + 3 * Day), 3) << "the solved one after three";

  // Solved each time it is due, it climbs to the last box and stays there.
  std::int64_t at = Now + 120 + 3 * Day;
  PracticePosition climbing = solved;
  for (int box = 3; box <= learn::LeitnerBoxes + 2; ++box) {
    climbing = must(store->record_practice_attempt(climbing.id, true, at), "attempt");
    EXPECT_EQ(climbing.schedule.box, std::min(box, learn::LeitnerBoxes));
    EXPECT_EQ(climbing.schedule.due_at, at + learn::box_interval(climbing.schedule.box));
    at = climbing.schedule.due_at;
  }
  EXPECT_EQ(climbing.attempts, 6);
  EXPECT_EQ(climbing.solved, 6);
}

TEST_F(StorePractice, TheDueOnesComeLongestDueFirstWithinTheLimit) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_EQ(must(store->add_practice_positions({weak_pawn()}, Now), "add"), 1);
  ASSERT_EQ(must(store->add_practice_positions({allows_mate()}, Now + 10), "add"), 1);
  ASSERT_EQ(must(store->add_practice_positions({misses_mate()}, Now + 20), "add"), 1);
  const auto first = all(*store);
  ASSERT_EQ(first.size(), 3u);
  must(store->record_practice_attempt(first[0].id, false, Now + 30), "attempt");  // due again at Now + 30 + Day
  const auto due_now = must(store->practice_due(Now + Day, 10), "practice_due");
  ASSERT_EQ(due_now.size(), 2u);
  EXPECT_EQ(due_now[0].id, first[1].id);
  EXPECT_EQ(due_now[1].id, first[2].id);
  const auto later = must(store->practice_due(Now + 2 * Day, 2), "practice_due");
  ASSERT_EQ(later.size(), 2u) << "the limit";
  EXPECT_EQ(later[0].id, first[1].id) << "due at Now + 10";
  EXPECT_EQ(later[1].id, first[2].id) << "due at Now + 20, before the missed one at Now + 30 + a day";
  EXPECT_TRUE(must(store->practice_due(Now + 2 * Day, 0), "practice_due").empty());
}

TEST_F(StorePractice, APositionComesFromAStoredGameAndCanBeRemoved) {
  auto store = open();
  ASSERT_TRUE(store);
  const std::int64_t game = record(*store, finished(me_, alphabeta("easy", 2), "0-1"));
  PracticePosition from_game = allows_mate();
  from_game.game_id = game;
  ASSERT_EQ(must(store->add_practice_positions({from_game, weak_pawn()}, Now), "add"), 2);
  auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  EXPECT_EQ(positions[0].game_id, game);
  EXPECT_EQ(positions[1].game_id, std::nullopt);
  EXPECT_TRUE(must(store->remove_practice_position(positions[0].id), "remove"));
  EXPECT_FALSE(must(store->remove_practice_position(positions[0].id), "remove")) << "already gone";
  EXPECT_EQ(due(*store, Now), 1);
  auto attempt = store->record_practice_attempt(positions[0].id, true, Now);
  ASSERT_FALSE(attempt.ok()) << "an attempt at a removed position";
  EXPECT_NE(attempt.error().find("no practice position number " + std::to_string(positions[0].id)), std::string::npos)
      << attempt.error();
  EXPECT_EQ(must(store->add_practice_positions({from_game}, Now + Day), "add"), 1) << "removed, it may come back";
}

TEST_F(StorePractice, AThreeCheckPositionIsKeptInItsVariant) {
  auto store = open();
  ASSERT_TRUE(store);
  PracticePosition three_check = weak_pawn();
  three_check.variant = "three-check";
  three_check.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3+3 1 2";
  EXPECT_EQ(must(store->add_practice_positions({weak_pawn(), three_check}, Now), "add"), 2)
      << "the same board in another variant is another position";
  const auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  EXPECT_EQ(positions[1].variant, "threecheck") << "the variant by its id";
}

TEST_F(StorePractice, InvalidPositionsAreRefusedInWordsAndNoneOfTheBatchIsKept) {
  auto store = open();
  ASSERT_TRUE(store);
  auto with = [](auto change) {
    PracticePosition p = misses_mate();
    change(p);
    return p;
  };
  const std::vector<std::pair<PracticePosition, std::string>> cases{
      {with([](PracticePosition& p) { p.fen = "not a fen"; }), "the FEN 'not a fen' is not a position"},
      {with([](PracticePosition& p) { p.played = "h5h8"; }), "the move played cannot be played"},
      {with([](PracticePosition& p) { p.best = "Qxf7"; }), "the best move cannot be played"},
      {with([](PracticePosition& p) { p.played = "h5f7"; }), "the move played, h5f7, is the best move"},
      {with([](PracticePosition& p) { p.line = "h5f7 e8e7"; }), "the line's move 2 cannot be played"},
      {with([](PracticePosition& p) { p.line = "c4f7"; }), "the line starts with c4f7, not with the best move h5f7"},
      {with([](PracticePosition& p) { p.game_id = 99; }), "there is no game number 99"},
      {with([](PracticePosition& p) { p.variant = "crazyhouse"; }), "the variant 'crazyhouse' is not one Gambit plays"},
      {with([](PracticePosition& p) { p.ply = -1; }), "the ply -1 is below 0"},
  };
  for (const auto& [bad, expected] : cases) {
    auto added = store->add_practice_positions({weak_pawn(), bad}, Now);
    ASSERT_FALSE(added.ok()) << "accepted, expected: " << expected;
    EXPECT_NE(added.error().find("practice position 2 of 2: " + expected), std::string::npos) << added.error();
  }
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM practice"), 0) << "the good one with them is not kept";
  EXPECT_EQ(must(store->add_practice_positions({}, Now), "add nothing"), 0);
}

TEST_F(StorePractice, EachProfileHasItsOwnPositions) {
  auto mine = open();
  ASSERT_TRUE(mine);
  ASSERT_EQ(must(mine->add_practice_positions({weak_pawn()}, Now), "add"), 1);
  const std::int64_t id = all(*mine).at(0).id;
  auto theirs = open("Guest");
  ASSERT_TRUE(theirs);
  EXPECT_EQ(due(*theirs, Now), 0);
  EXPECT_FALSE(theirs->record_practice_attempt(id, true, Now).ok()) << "not Guest's position";
  EXPECT_FALSE(must(theirs->remove_practice_position(id), "remove"));
  EXPECT_EQ(must(theirs->add_practice_positions({weak_pawn()}, Now), "add"), 1) << "Guest's own copy";
  EXPECT_EQ(due(*mine, Now), 1);
  EXPECT_EQ(all(*mine).at(0).attempts, 0);
}

TEST(PracticeJudgementName, RoundTripsAndRefusesOtherWords) {
  for (PracticeJudgement judgement : {PracticeJudgement::Mistake, PracticeJudgement::Blunder})
    EXPECT_EQ(practice_judgement_from_name(practice_judgement_name(judgement)), judgement);
  EXPECT_EQ(practice_judgement_from_name("inaccuracy"), std::nullopt);
}

// A puzzle as the store needs it: id and shipped rating.
learn::Puzzle puzzle(const std::string& id, double rating, double deviation = 80) {
  learn::Puzzle p;
  p.id = id;
  p.rating = rating;
  p.deviation = deviation;
  return p;
}

rating::Glicko2 after_one(const rating::Glicko2& before, double opponent, double opponent_deviation, double score) {
  const rating::GameResult game{opponent, opponent_deviation, score};
  return rating::update(before, {&game, 1});
}

void expect_rating(const rating::Glicko2& actual, const rating::Glicko2& expected, const std::string& what) {
  EXPECT_NEAR(actual.rating, expected.rating, 1e-9) << what;
  EXPECT_NEAR(actual.deviation, expected.deviation, 1e-9) << what;
  EXPECT_NEAR(actual.volatility, expected.volatility, 1e-12) << what;
}

class StorePuzzles : public fixtures::StoreTest {};

TEST_F(StorePuzzles, ThePuzzleRatingStartsAtGlicko2sStart) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(must(store->puzzle_rating(), "puzzle_rating"), PuzzleRating{});
  EXPECT_TRUE(must(store->puzzle_history(), "puzzle_history").empty());
  EXPECT_TRUE(must(store->attempted_puzzles(), "attempted_puzzles").empty());
  const PuzzleRating shipped = must(store->rating_of_puzzle(puzzle("abc", 1320, 75)), "rating_of_puzzle");
  EXPECT_EQ(shipped.rating.rating, 1320);
  EXPECT_EQ(shipped.rating.deviation, 75);
  EXPECT_EQ(shipped.attempts, 0);
}

TEST_F(StorePuzzles, SolvedRaisesThePlayersRatingAndLowersThePuzzles) {
  auto store = open();
  ASSERT_TRUE(store);
  const PuzzleAttemptResult result = must(store->record_puzzle_attempt(puzzle("p1", 1500), true, Now), "attempt");
  expect_rating(result.before, rating::Glicko2{}, "before");
  expect_rating(result.after, after_one(rating::Glicko2{}, 1500, 80, 1), "the player after");
  expect_rating(result.puzzle_before, {1500, 80, 0.06}, "the puzzle as shipped");
  expect_rating(result.puzzle_after, after_one({1500, 80, 0.06}, 1500, 350, 0), "the puzzle after");
  EXPECT_GT(result.after.rating, result.before.rating);
  EXPECT_LT(result.puzzle_after.rating, result.puzzle_before.rating);
  EXPECT_LT(result.after.deviation, result.before.deviation) << "one more attempt: more certain";
  const PuzzleRating mine = must(store->puzzle_rating(), "puzzle_rating");
  expect_rating(mine.rating, result.after, "kept");
  EXPECT_EQ(mine.attempts, 1);
  const PuzzleRating refined = must(store->rating_of_puzzle(puzzle("p1", 1500)), "rating_of_puzzle");
  expect_rating(refined.rating, result.puzzle_after, "the puzzle's refined rating");
  EXPECT_EQ(refined.attempts, 1);
}

TEST_F(StorePuzzles, MissedLowersThePlayersRatingAndRaisesThePuzzles) {
  auto store = open();
  ASSERT_TRUE(store);
  const PuzzleAttemptResult result = must(store->record_puzzle_attempt(puzzle("p1", 1400), false, Now), "attempt");
  expect_rating(result.after, after_one(rating::Glicko2{}, 1400, 80, 0), "the player after");
  expect_rating(result.puzzle_after, after_one({1400, 80, 0.06}, 1500, 350, 1), "the puzzle after");
  EXPECT_LT(result.after.rating, result.before.rating);
  EXPECT_GT(result.puzzle_after.rating, result.puzzle_before.rating);
}

TEST_F(StorePuzzles, AttemptsGoOnFromTheRatingsBothSidesHaveThen) {
  auto store = open();
  ASSERT_TRUE(store);
  const auto first = must(store->record_puzzle_attempt(puzzle("p1", 1500), true, Now), "attempt");
  const auto second = must(store->record_puzzle_attempt(puzzle("p2", 1700, 60), false, Now + 60), "attempt");
  expect_rating(second.before, first.after, "the player's rating goes on");
  expect_rating(second.after, after_one(first.after, 1700, 60, 0), "against p2 as shipped");
  auto guest = open("Guest");
  ASSERT_TRUE(guest);
  EXPECT_EQ(must(guest->puzzle_rating(), "puzzle_rating"), PuzzleRating{}) << "Guest's rating is Guest's";
  const auto third = must(guest->record_puzzle_attempt(puzzle("p1", 1500), false, Now + 120), "attempt");
  expect_rating(third.puzzle_before, first.puzzle_after, "p1 as refined by Player's attempt, not as shipped");
  expect_rating(third.puzzle_after, after_one(first.puzzle_after, 1500, 350, 1), "and refined again");
  EXPECT_EQ(must(guest->rating_of_puzzle(puzzle("p1", 1500)), "rating_of_puzzle").attempts, 2);
}

TEST_F(StorePuzzles, TheHistoryHasEveryAttemptInOrder) {
  auto store = open();
  ASSERT_TRUE(store);
  const std::vector<std::pair<learn::Puzzle, bool>> attempts{
      {puzzle("p1", 1500), true}, {puzzle("p2", 1650), true}, {puzzle("p3", 1800), false}, {puzzle("p1", 1500), true}};
  std::vector<PuzzleAttemptResult> results;
  for (std::size_t i = 0; i < attempts.size(); ++i)
    results.push_back(must(store->record_puzzle_attempt(attempts[i].first, attempts[i].second,
                                                        Now + std::int64_t(i) * Day), "attempt"));
  const auto history = must(store->puzzle_history(), "puzzle_history");
  ASSERT_EQ(history.size(), attempts.size());
  for (std::size_t i = 0; i < history.size(); ++i) {
    SCOPED_TRACE("attempt " + std::to_string(i));
    EXPECT_EQ(history[i].puzzle_id, attempts[i].first.id);
    EXPECT_EQ(history[i].solved, attempts[i].second);
    EXPECT_EQ(history[i].attempted_at, Now + std::int64_t(i) * Day);
    expect_rating(history[i].rating, results[i].after, "the player's rating after it");
    EXPECT_NEAR(history[i].puzzle_rating, results[i].puzzle_after.rating, 1e-9);
    if (i > 0) expect_rating(results[i].before, results[i - 1].after, "the rating before is the previous after");
  }
  EXPECT_EQ(must(store->attempted_puzzles(), "attempted_puzzles"), (std::set<std::string>{"p1", "p2", "p3"}));
  EXPECT_EQ(must(store->puzzle_rating(), "puzzle_rating").attempts, 4);
  EXPECT_EQ(must(store->rating_of_puzzle(puzzle("p1", 1500)), "rating_of_puzzle").attempts, 2);
}

TEST_F(StorePuzzles, APuzzleWithoutAnIdOrARatingIsRefusedAndNothingIsWritten) {
  auto store = open();
  ASSERT_TRUE(store);
  auto no_id = store->record_puzzle_attempt(puzzle("", 1500), true, Now);
  ASSERT_FALSE(no_id.ok());
  EXPECT_NE(no_id.error().find("without an id"), std::string::npos) << no_id.error();
  auto no_rating = store->record_puzzle_attempt(puzzle("p1", std::nan("")), true, Now);
  ASSERT_FALSE(no_rating.ok());
  EXPECT_NE(no_rating.error().find("'p1'"), std::string::npos) << no_rating.error();
  EXPECT_FALSE(store->record_puzzle_attempt(puzzle("p1", 1500, 0), true, Now).ok()) << "deviation 0";
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM puzzle_attempts"), 0);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM puzzle_ratings"), 0);
}

TEST_F(StorePuzzles, ResettingTheScoresLeavesPuzzlesAndPracticeAlone) {
  PuzzleRating before;
  {
    auto store = open();
    ASSERT_TRUE(store);
    record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
    must(store->record_puzzle_attempt(puzzle("p1", 1500), true, Now), "attempt");
    must(store->add_practice_positions({weak_pawn()}, Now), "add");
    before = must(store->puzzle_rating(), "puzzle_rating");
    EXPECT_EQ(must(store->reset_scores(), "reset_scores"), 1);
  }
  auto store = open();  // and after reopening
  ASSERT_TRUE(store);
  EXPECT_EQ(must(store->puzzle_rating(), "puzzle_rating"), before);
  EXPECT_EQ(must(store->practice_due_count(Now), "practice_due_count"), 1);
}

}  // namespace
}  // namespace gambit::store
