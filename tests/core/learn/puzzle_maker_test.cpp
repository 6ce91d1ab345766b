// SPDX-License-Identifier: MIT
// core/learn/puzzle_maker and puzzle_themes with a scripted engine: which
// positions of a game are candidates, which solutions are clear enough to be
// puzzles (mate, material, advantage), which are not, and the themes named.
#include "core/learn/puzzle_maker.h"

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/uci.h"
#include "core/learn/puzzle_themes.h"
#include "tests/core/learn/scripted_engine.h"

namespace gambit::learn {
namespace {

using chess::Move;
using chess::Position;
using review::Score;

constexpr const char* BackRank = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
constexpr const char* HangingQueen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";
constexpr const char* Fork = "r3k3/8/8/1N6/8/8/7P/4K3 w - - 0 1";
const std::string Start = Position().fen();

TEST(PuzzleMaker, AMateInOneOnTheBackRank) {
  Script script;
  script.at(BackRank, {{Score::mate(1), {"a1a8"}}, {Score::centipawns(50), {"a1a2"}}});
  const auto found = find_solution(at(BackRank), script.analyser());
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ((*found)->kind, PuzzleKind::Mate);
  EXPECT_EQ((*found)->moves, moves_of(at(BackRank), {"a1a8"}));
  EXPECT_EQ(puzzle_themes(at(BackRank), **found),
            (std::vector<std::string>{"mate", "mateIn1", "backRankMate", "oneMove"}));
}

TEST(PuzzleMaker, AHangingQueenIsAMaterialPuzzleOfOneMove) {
  Script script;
  script.at(HangingQueen, {{Score::centipawns(900), {"d1d5"}}, {Score::centipawns(0), {"e1e2"}}});
  const auto found = find_solution(at(HangingQueen), script.analyser());
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ((*found)->kind, PuzzleKind::Material);
  EXPECT_EQ((*found)->moves.size(), 1u);
  EXPECT_EQ(puzzle_themes(at(HangingQueen), **found),
            (std::vector<std::string>{"hangingPiece", "crushing", "oneMove"}));
}

TEST(PuzzleMaker, AForkIsFollowedUntilTheMaterialIsWon) {
  Script script;
  script.at(Fork, {{Score::centipawns(500), {"b5c7"}}, {Score::centipawns(0), {"h2h3"}}})
      .at(after(Fork, {"b5c7"}), {{Score::centipawns(-500), {"e8d7"}}})
      .at(after(Fork, {"b5c7", "e8d7"}), {{Score::centipawns(500), {"c7a8"}}, {Score::centipawns(0), {"h2h3"}}});
  const auto found = find_solution(at(Fork), script.analyser());
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ((*found)->kind, PuzzleKind::Material);
  EXPECT_EQ((*found)->moves, moves_of(at(Fork), {"b5c7", "e8d7", "c7a8"}));
  EXPECT_EQ(puzzle_themes(at(Fork), **found), (std::vector<std::string>{"fork", "advantage", "short"}));
}

TEST(PuzzleMaker, AClearMoveAndThenNoneIsAnAdvantagePuzzleOfOneMove) {
  Script script;
  script.at(Start, {{Score::centipawns(400), {"e2e4"}}, {Score::centipawns(0), {"d2d4"}}})
      .at(after(Start, {"e2e4"}), {{Score::centipawns(-400), {"e7e5"}}})
      .at(after(Start, {"e2e4", "e7e5"}), {{Score::centipawns(400), {"g1f3"}}, {Score::centipawns(380), {"b1c3"}}});
  const auto found = find_solution(at(Start), script.analyser());
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ((*found)->kind, PuzzleKind::Advantage);
  EXPECT_EQ((*found)->moves, moves_of(at(Start), {"e2e4"}));
}

TEST(PuzzleMaker, NoPuzzleWithoutOneClearMove) {
  // Two moves nearly as good.
  Script close;
  close.at(HangingQueen, {{Score::centipawns(900), {"d1d5"}}, {Score::centipawns(700), {"e1e2"}}});
  EXPECT_FALSE(find_solution(at(HangingQueen), close.analyser()).value().has_value());
  // Clearly best, but not decisive.
  Script small;
  small.at(HangingQueen, {{Score::centipawns(200), {"d1d5"}}, {Score::centipawns(-200), {"e1e2"}}});
  EXPECT_FALSE(find_solution(at(HangingQueen), small.analyser()).value().has_value());
  // A mate in two with a second way to mate, or a second move almost as
  // winning: not one clear way.
  Script mates;
  mates.at(BackRank, {{Score::mate(2), {"a1a8"}}, {Score::mate(3), {"a1a2"}}});
  EXPECT_FALSE(find_solution(at(BackRank), mates.analyser()).value().has_value());
  Script nearly;
  nearly.at(BackRank, {{Score::mate(2), {"a1a8"}}, {Score::centipawns(600), {"a1a2"}}});
  EXPECT_FALSE(find_solution(at(BackRank), nearly.analyser()).value().has_value());
  // A mate in two whose second line is no mate and under +5: clear.
  Script clear;
  clear.at(BackRank, {{Score::mate(2), {"a1a8"}}, {Score::centipawns(100), {"a1a2"}}});
  EXPECT_TRUE(find_solution(at(BackRank), clear.analyser()).value().has_value());
  // A gap of 0.4 in winning chances (+3 against +0.6) is not yet clear enough.
  Script gap;
  gap.at(HangingQueen, {{Score::centipawns(300), {"d1d5"}}, {Score::centipawns(60), {"e1e2"}}});
  EXPECT_FALSE(find_solution(at(HangingQueen), gap.analyser()).value().has_value());
  // The only legal move is no puzzle.
  constexpr const char* Forced = "k7/8/8/8/8/8/6q1/7K w - - 0 1";  // Kxg2, nothing else
  Script forced;
  forced.at(Forced, {{Score::centipawns(900), {"h1g2"}}});
  EXPECT_FALSE(find_solution(at(Forced), forced.analyser()).value().has_value());
  // At the last step of a mate, any mate will do: two mates in one are still a puzzle.
  Script last;
  last.at(BackRank, {{Score::mate(1), {"a1a8"}}, {Score::mate(1), {"a1a8"}}});
  EXPECT_TRUE(find_solution(at(BackRank), last.analyser()).value().has_value());
}

TEST(PuzzleMaker, AnEngineFailureIsSaid) {
  Script empty;
  const auto found = find_solution(at(HangingQueen), empty.analyser());
  ASSERT_FALSE(found.ok());
  EXPECT_NE(found.error().find("not in the script"), std::string::npos);
}

TEST(PuzzleMaker, CandidatesFollowAMistakeThatHandsTheOtherSideTheGame) {
  chess::PgnGame game;
  game.moves = moves_of(game.start, {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"});
  // Scores, White's view, of the eight positions: 5... Nf6?? lets White mate.
  const std::vector<Score> scores = {Score::centipawns(20), Score::centipawns(30),  Score::centipawns(25),
                                     Score::centipawns(10), Score::centipawns(40),  Score::centipawns(60),
                                     Score::mate(1),        Score::mate(-1)};
  EXPECT_EQ(candidate_plies(game, scores), std::vector<std::size_t>{6});
  // Already winning before the mistake, and no mate after it: no candidate.
  std::vector<Score> won = scores;
  won[5] = Score::centipawns(600);
  won[6] = Score::centipawns(900);
  EXPECT_EQ(candidate_plies(game, won), std::vector<std::size_t>{});
  // Already winning, and the mistake allows mate: a candidate (a mate appeared).
  won[6] = Score::mate(1);
  EXPECT_EQ(candidate_plies(game, won), std::vector<std::size_t>{6});
  // A mate there already (a longer one): no candidate.
  won[5] = Score::mate(3);
  EXPECT_EQ(candidate_plies(game, won), std::vector<std::size_t>{});
  // The mover's own mate appearing is no candidate for the other side.
  std::vector<Score> theirs = scores;
  theirs[6] = Score::mate(-2);
  EXPECT_EQ(candidate_plies(game, theirs), std::vector<std::size_t>{});
}

// The calibrated levels as measured (plugins/gambit_alphabeta.ratings), 600 .. 2200.
std::vector<Attempt> levels_solving_up_to(double hardest_solved) {
  std::vector<Attempt> attempts;
  for (const double elo : {610.0, 739.0, 982.0, 1214.0, 1380.0, 1586.0, 1745.0, 2053.0, 2181.0})
    attempts.push_back({elo, 30, elo >= hardest_solved});
  return attempts;
}

TEST(PuzzleMaker, APuzzleIsRatedByWhichLevelsSolveIt) {
  const rating::Glicko2 easy = rating_from_attempts(levels_solving_up_to(0));
  const rating::Glicko2 middle = rating_from_attempts(levels_solving_up_to(1300));
  const rating::Glicko2 hard = rating_from_attempts(levels_solving_up_to(2100));
  const rating::Glicko2 none = rating_from_attempts(levels_solving_up_to(9999));
  EXPECT_LT(easy.rating, middle.rating);
  EXPECT_LT(middle.rating, hard.rating);
  EXPECT_LT(hard.rating, none.rating);
  // Solved from 1380 up, missed up to 1214: the rating lies between them.
  EXPECT_GT(middle.rating, 1000);
  EXPECT_LT(middle.rating, 1600);
  // Nine attempts say more than nothing.
  EXPECT_LT(middle.deviation, rating::Glicko2{}.deviation);
}

TEST(PuzzleMaker, AnyMateIsAccepted) {
  // Ra8# is the solution; Rb8# does not exist here, but a second rook gives a second mate.
  const Position pos = at("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1");
  const Move a8 = chess::parse_uci_move(pos, "a1a8").value();
  EXPECT_TRUE(accepts_move(pos, a8, a8));
  EXPECT_TRUE(accepts_move(pos, a8, chess::parse_uci_move(pos, "b1b8").value()));
  EXPECT_FALSE(accepts_move(pos, a8, chess::parse_uci_move(pos, "a1a7").value()));
}

TEST(PuzzleMaker, AnIdIsFiveCharactersOfItsPositionAndSolution) {
  const auto solution = moves_of(at(Fork), {"b5c7", "e8d7", "c7a8"});
  const std::string id = puzzle_id(Fork, solution);
  EXPECT_EQ(id.size(), 5u);
  EXPECT_EQ(id.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyz"), std::string::npos);
  EXPECT_EQ(puzzle_id(Fork, solution), id);
  EXPECT_NE(puzzle_id(Fork, {solution.front()}), id);
  EXPECT_NE(puzzle_id(BackRank, solution), id);
}

TEST(PuzzleThemes, EveryThemeNamedHasATitleForPlayers) {
  std::set<std::string_view> seen;
  for (const std::string_view theme : puzzle_theme_names()) {
    EXPECT_TRUE(seen.insert(theme).second) << theme << " twice";
    const std::string title = theme_title(theme);
    EXPECT_NE(title, theme) << theme << " has no title of its own";
    EXPECT_TRUE(std::isupper(static_cast<unsigned char>(title.front()))) << title;
  }
  EXPECT_TRUE(seen.count("fork") && seen.count("mateIn2") && seen.count("trappedPiece"));
  EXPECT_EQ(theme_title("mateIn2"), "Mate in 2");
  EXPECT_EQ(theme_title("backRankMate"), "Back-rank mate");
  EXPECT_EQ(theme_title("someday"), "someday") << "an unknown theme is given as it is";
}

}  // namespace
}  // namespace gambit::learn
