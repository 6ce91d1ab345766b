// SPDX-License-Identifier: MIT
// The opening books: the built-in lines are legal and distinct, pairs share an
// opening, seeds shuffle; an EPD book reads positions and names, refuses bad
// lines with their place, and its fingerprint follows its contents.
#include "core/match/openings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/chess/movegen.h"

namespace gambit::match {
namespace {

const std::vector<Opening>& book() { return OpeningBook::built_in().openings(); }

TEST(OpeningBook, EveryLineIsLegalFromTheStart) {
  ASSERT_GE(book().size(), 30u);
  for (const Opening& opening : book()) {
    EXPECT_TRUE(opening.fen.empty());
    for (chess::Variant variant : {chess::Variant::Standard, chess::Variant::ThreeCheck}) {
      auto game = opening.game(variant);
      ASSERT_TRUE(game.ok()) << opening.name << ": " << game.error();
      EXPECT_EQ(game->moves().size(), opening.moves.size());
      EXPECT_EQ(game->start().variant(), variant);
      EXPECT_FALSE(chess::legal_moves(game->position()).empty()) << opening.name;
    }
  }
}

TEST(OpeningBook, NoTwoLinesAreTheSame) {
  std::set<std::vector<std::string>> lines;
  std::set<std::string> names;
  for (const Opening& opening : book()) {
    EXPECT_TRUE(lines.insert(opening.moves).second) << opening.name;
    EXPECT_TRUE(names.insert(opening.name).second) << opening.name;
  }
}

TEST(OpeningBook, GamesArePairedAndSeedsShuffle) {
  const OpeningBook& b = OpeningBook::built_in();
  for (std::size_t game = 0; game < 20; game += 2)
    EXPECT_EQ(b.for_game(game, 7).name, b.for_game(game + 1, 7).name);
  EXPECT_EQ(b.for_game(0, 0).name, book()[0].name);
  EXPECT_EQ(b.for_game(2, 0).name, book()[1].name);
  std::set<std::string> first_openings;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) first_openings.insert(b.for_game(0, seed).name);
  EXPECT_GT(first_openings.size(), 3u);
  // The whole book is used before any opening repeats.
  std::set<std::string> used;
  for (std::size_t game = 0; game < 2 * book().size(); game += 2) used.insert(b.for_game(game, 99).name);
  EXPECT_EQ(used.size(), book().size());
}

TEST(Opening, AnIllegalMoveOrFenIsRefusedInWords) {
  auto moves = Opening{"bad", "", {"e2e4", "e2e4"}}.game(chess::Variant::Standard);
  ASSERT_FALSE(moves.ok());
  EXPECT_NE(moves.error().find("'e2e4'"), std::string::npos) << moves.error();
  auto fen = Opening{"bad fen", "8/8/8/8/8/8/8/8 w - -", {}}.game(chess::Variant::Standard);
  ASSERT_FALSE(fen.ok());
  EXPECT_NE(fen.error().find("'bad fen'"), std::string::npos) << fen.error();
}

class EpdBook : public ::testing::Test {
 protected:
  std::filesystem::path write(const std::string& text) {
    // Named by the test: ctest runs tests in processes of their own, side by side.
    const auto path = std::filesystem::path(::testing::TempDir()) /
                      ("book_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
                       std::to_string(count_++) + ".epd");
    std::ofstream(path, std::ios::binary) << text;
    files_.push_back(path);
    return path;
  }
  ~EpdBook() override {
    for (const auto& f : files_) std::filesystem::remove(f);
  }

 private:
  int count_ = 0;
  std::vector<std::filesystem::path> files_;
};

TEST_F(EpdBook, ReadsPositionsWithTheirNames) {
  const auto path = write(
      "# a comment\n"
      "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"Sicilian\"; c0 \"e2e4 c7c5\";\n"
      "\n"
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 ce 15;\r\n"
      "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - id \"counters\"; hmvc 0; fmvn 3;\n"
      "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"again\";\n");
  auto read = OpeningBook::read_epd(path, chess::Variant::Standard);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->openings().size(), 3u);  // the repeated position is kept once
  EXPECT_EQ(read->openings()[0].name, "Sicilian");
  EXPECT_EQ(read->openings()[1].name, "position 2");
  EXPECT_TRUE(read->openings()[0].moves.empty());
  auto game = read->openings()[1].game(chess::Variant::Standard);
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->position().side_to_move(), chess::BLACK);
  EXPECT_EQ(game->position().fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_EQ(read->name(), path.filename().string());
  auto counted = read->openings()[2].game(chess::Variant::Standard);  // move counters from hmvc and fmvn
  ASSERT_TRUE(counted.ok()) << counted.error();
  EXPECT_EQ(counted->position().fen(), "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
  EXPECT_EQ(read->fingerprint().substr(0, 12), "3 openings, ");
}

TEST_F(EpdBook, TheFingerprintFollowsTheContentsNotThePlace) {
  const std::string text = "4k3/8/8/8/8/8/4P3/4K3 w - - id \"a\";\n8/4k3/8/8/8/8/4P3/4K3 w - - ;\n";
  auto a = OpeningBook::read_epd(write(text), chess::Variant::Standard);
  auto b = OpeningBook::read_epd(write(text), chess::Variant::Standard);
  auto c = OpeningBook::read_epd(write("8/4k3/8/8/8/8/4P3/4K3 w - - ;\n4k3/8/8/8/8/8/4P3/4K3 w - -\n"),
                                 chess::Variant::Standard);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  auto hash = [](const OpeningBook& book) { return book.fingerprint().substr(book.fingerprint().rfind(' ')); };
  EXPECT_EQ(hash(*a), hash(*b));
  EXPECT_NE(hash(*a), hash(*c));  // another order is another book
}

TEST_F(EpdBook, BadFilesAreRefusedWithTheLine) {
  auto missing = OpeningBook::read_epd("/nonexistent/book.epd", chess::Variant::Standard);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("cannot read the opening book"), std::string::npos) << missing.error();

  auto short_line = OpeningBook::read_epd(write("4k3/8/8/8/8/8/4P3/4K3 w - -\nhello world\n"), chess::Variant::Standard);
  ASSERT_FALSE(short_line.ok());
  EXPECT_NE(short_line.error().find(".epd:2: not a position"), std::string::npos) << short_line.error();

  auto bad_fen = OpeningBook::read_epd(write("4k3/8/8/8/8/8/4P3/4K4 w - - id \"x\";\n"), chess::Variant::Standard);
  ASSERT_FALSE(bad_fen.ok());
  EXPECT_NE(bad_fen.error().find(".epd:1: "), std::string::npos) << bad_fen.error();

  auto over = OpeningBook::read_epd(write("7k/5QQ1/8/8/8/8/8/K7 b - -\n"), chess::Variant::Standard);  // mated
  ASSERT_FALSE(over.ok());
  EXPECT_NE(over.error().find("already over"), std::string::npos) << over.error();

  auto empty = OpeningBook::read_epd(write("# nothing\n\n"), chess::Variant::Standard);
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.error().find("has no positions"), std::string::npos) << empty.error();
}

TEST(ShippedBook, EveryPositionReadsAndStartsAGame) {
  auto read = OpeningBook::read_epd(GAMBIT_SHIPPED_BOOK, chess::Variant::Standard);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->openings().size(), 4000u);  // none repeated
  EXPECT_EQ(read->openings().front().name, "gambit-book 1");
  EXPECT_EQ(read->openings().back().name, "gambit-book 4000");
  for (const Opening& opening : read->openings()) ASSERT_TRUE(opening.game(chess::Variant::Standard).ok()) << opening.name;
}

TEST_F(EpdBook, ThreeCheckReadsTheChecksField) {
  auto read = OpeningBook::read_epd(write("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 3 id \"x\";\n"),
                                    chess::Variant::ThreeCheck);
  ASSERT_TRUE(read.ok()) << read.error();
  auto game = read->openings()[0].game(chess::Variant::ThreeCheck);
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->position().checks_given(chess::WHITE), 1);  // two still to give
  EXPECT_EQ(read->openings()[0].name, "x");
}

TEST_F(EpdBook, ThreeCheckReadsStandardPositionsWithNoChecksGiven) {
  auto read = OpeningBook::read_epd(write("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n"),
                                    chess::Variant::ThreeCheck);
  ASSERT_TRUE(read.ok()) << read.error();
  auto game = read->openings()[0].game(chess::Variant::ThreeCheck);
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->position().variant(), chess::Variant::ThreeCheck);
  EXPECT_EQ(game->position().checks_given(chess::WHITE), 0);
}

}  // namespace
}  // namespace gambit::match
