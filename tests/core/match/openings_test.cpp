// SPDX-License-Identifier: MIT
// The opening book: every line legal, no duplicates, pairs share an opening.
#include "core/match/openings.h"

#include <gtest/gtest.h>

#include <set>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"

namespace gambit::match {
namespace {

TEST(OpeningBook, EveryLineIsLegalFromTheStart) {
  ASSERT_GE(opening_book().size(), 30u);
  for (const Opening& opening : opening_book()) {
    chess::Position pos;
    for (const std::string& text : opening_moves(opening)) {
      Result<chess::Move> move = chess::parse_uci_move(pos, text);
      ASSERT_TRUE(move.ok()) << opening.name << ": " << move.error();
      pos.do_move(*move);
    }
    EXPECT_FALSE(chess::legal_moves(pos).empty()) << opening.name;
  }
}

TEST(OpeningBook, NoTwoLinesAreTheSame) {
  std::set<std::string_view> lines, names;
  for (const Opening& opening : opening_book()) {
    EXPECT_TRUE(lines.insert(opening.moves).second) << opening.name;
    EXPECT_TRUE(names.insert(opening.name).second) << opening.name;
  }
}

TEST(OpeningBook, GamesArePairedAndSeedsShuffle) {
  for (std::size_t game = 0; game < 20; game += 2)
    EXPECT_EQ(opening_for_game(game, 7).name, opening_for_game(game + 1, 7).name);
  EXPECT_EQ(opening_for_game(0, 0).name, opening_book()[0].name);
  EXPECT_EQ(opening_for_game(2, 0).name, opening_book()[1].name);
  std::set<std::string_view> first_openings;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) first_openings.insert(opening_for_game(0, seed).name);
  EXPECT_GT(first_openings.size(), 3u);
  // The whole book is used before any opening repeats.
  std::set<std::string_view> used;
  for (std::size_t game = 0; game < 2 * opening_book().size(); game += 2) used.insert(opening_for_game(game, 99).name);
  EXPECT_EQ(used.size(), opening_book().size());
}

}  // namespace
}  // namespace gambit::match
