// SPDX-License-Identifier: MIT
// The next puzzle: near the player's rating, of the themes asked for, never
// one already tried while others remain, and repeats once all were tried.
#include "core/learn/puzzle_choice.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace gambit::learn {
namespace {

// Only what the choice looks at: id, rating and themes.
Puzzle puzzle(const std::string& id, double rating, std::vector<std::string> themes = {"fork"}) {
  Puzzle p;
  p.id = id;
  p.rating = rating;
  p.themes = std::move(themes);
  return p;
}

// How often each id is chosen over `draws` seeds.
std::map<std::string, int> choices(const std::vector<Puzzle>& puzzles, const PuzzleRequest& request,
                                   const std::set<std::string>& attempted, int draws = 200) {
  std::map<std::string, int> seen;
  for (int seed = 0; seed < draws; ++seed) {
    std::mt19937 random(static_cast<std::mt19937::result_type>(seed));
    const Puzzle* chosen = choose_puzzle(puzzles, request, attempted, random);
    ++seen[chosen ? chosen->id : "<none>"];
  }
  return seen;
}

const std::vector<Puzzle> Ladder{puzzle("p800", 800), puzzle("p1200", 1200), puzzle("p1450", 1450),
                                 puzzle("p1500", 1500), puzzle("p1590", 1590), puzzle("p2000", 2000)};

TEST(PuzzleChoice, PuzzlesWithinTheWindowAroundTheRatingAreChosenAndNoOthers) {
  const auto seen = choices(Ladder, {1500, {}}, {});
  EXPECT_EQ(seen.size(), 3u) << "only 1450, 1500 and 1590 are within 100 of 1500";
  EXPECT_GT(seen.count("p1450") ? seen.at("p1450") : 0, 0);
  EXPECT_GT(seen.count("p1500") ? seen.at("p1500") : 0, 0);
  EXPECT_GT(seen.count("p1590") ? seen.at("p1590") : 0, 0);
}

TEST(PuzzleChoice, TheWindowWidensUntilAPuzzleIsInIt) {
  const std::vector<Puzzle> far{puzzle("p1880", 1880), puzzle("p1900", 1900), puzzle("p2300", 2300)};
  const auto seen = choices(far, {1500, {}}, {});
  EXPECT_EQ(seen.count("p2300"), 0u) << "the window stops widening at 400 points, where 1880 and 1900 are";
  EXPECT_EQ(seen.size(), 2u);
  const auto low = choices(far, {3000, {}}, {});
  EXPECT_EQ(low, (std::map<std::string, int>{{"p2300", 200}})) << "far above every puzzle: the nearest";
}

TEST(PuzzleChoice, OnlyPuzzlesWithOneOfTheThemesAskedForAreChosen) {
  const std::vector<Puzzle> puzzles{puzzle("fork", 1500, {"fork"}), puzzle("pin", 1510, {"pin", "short"}),
                                    puzzle("mate", 1490, {"mateIn2", "backRankMate"}),
                                    puzzle("far-pin", 2500, {"pin"})};
  EXPECT_EQ(choices(puzzles, {1500, {"pin"}}, {}), (std::map<std::string, int>{{"pin", 200}}));
  const auto either = choices(puzzles, {1500, {"fork", "backRankMate"}}, {});
  EXPECT_EQ(either.size(), 2u) << "a puzzle fits with any one of the themes";
  EXPECT_TRUE(either.count("fork") && either.count("mate"));
  EXPECT_EQ(choices(puzzles, {1500, {"skewer"}}, {}), (std::map<std::string, int>{{"<none>", 200}}))
      << "no puzzle of the theme: none";
  EXPECT_EQ(choices(puzzles, {1500, {"pin"}}, {"pin"}), (std::map<std::string, int>{{"far-pin", 200}}))
      << "a fresh puzzle of the theme, however far, before a repeat";
}

TEST(PuzzleChoice, NoPuzzleIsRepeatedWhileFreshOnesRemain) {
  std::set<std::string> attempted;
  std::mt19937 random(7);
  for (std::size_t i = 0; i < Ladder.size(); ++i) {
    const Puzzle* chosen = choose_puzzle(Ladder, {1500, {}}, attempted, random);
    ASSERT_NE(chosen, nullptr);
    EXPECT_FALSE(attempted.contains(chosen->id)) << chosen->id << " again after " << i << " puzzles";
    attempted.insert(chosen->id);
  }
  EXPECT_EQ(attempted.size(), Ladder.size()) << "every puzzle once";
}

TEST(PuzzleChoice, ThePuzzlesNearTheRatingComeFirst) {
  std::set<std::string> attempted;
  std::mt19937 random(11);
  std::vector<double> distances;
  for (std::size_t i = 0; i < Ladder.size(); ++i) {
    const Puzzle* chosen = choose_puzzle(Ladder, {1500, {}}, attempted, random);
    ASSERT_NE(chosen, nullptr);
    attempted.insert(chosen->id);
    distances.push_back(std::abs(chosen->rating - 1500));
  }
  for (std::size_t i = 0; i < 3; ++i) EXPECT_LE(distances[i], 100) << "choice " << i;
  EXPECT_EQ(distances[3], 300) << "then 1200, 300 away";
  EXPECT_EQ(distances[4], 500) << "then 2000";
  EXPECT_EQ(distances[5], 700) << "800 last";
}

TEST(PuzzleChoice, WhenEveryFittingPuzzleWasTriedTheyAreOfferedAgainNearTheRating) {
  std::set<std::string> all;
  for (const Puzzle& p : Ladder) all.insert(p.id);
  const auto seen = choices(Ladder, {1500, {}}, all);
  EXPECT_EQ(seen.count("<none>"), 0u);
  EXPECT_EQ(seen.size(), 3u) << "the repeats are the ones near the rating";
  EXPECT_EQ(seen.count("p800") + seen.count("p2000"), 0u);
}

TEST(PuzzleChoice, TheSameSeedGivesTheSameChoices) {
  std::mt19937 a(2024), b(2024);
  for (int i = 0; i < 20; ++i) {
    const Puzzle* first = choose_puzzle(Ladder, {1500, {}}, {}, a);
    const Puzzle* second = choose_puzzle(Ladder, {1500, {}}, {}, b);
    ASSERT_EQ(first, second) << "choice " << i;
  }
}

TEST(PuzzleChoice, NoPuzzlesNoChoice) {
  std::mt19937 random(1);
  EXPECT_EQ(choose_puzzle({}, {1500, {}}, {}, random), nullptr);
}

}  // namespace
}  // namespace gambit::learn
