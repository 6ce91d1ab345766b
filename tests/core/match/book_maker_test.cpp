// SPDX-License-Identifier: MIT
// The balanced-book maker (core/match/book_maker.h): scores ordered and seen
// from the mover, book lines written and read back, a book file continued
// (its unfinished last line cut, a foreign line refused, other settings
// refused), and candidates played the same way twice by alphabeta.
#include "core/match/book_maker.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/chess/uci.h"
#include "core/players/plugin_library.h"

namespace gambit::book_maker {
namespace {

namespace fs = std::filesystem;
using players::ScoreKind;

// A folder of its own, removed at the end.
struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("gambit-book-maker-" + std::to_string(::getpid()));
  TempFolder() { fs::create_directories(path); }
  ~TempFolder() { fs::remove_all(path); }
};

Candidate candidate_after(const std::string& line, std::uint64_t index, int cp) {
  Candidate c;
  c.index = index;
  c.moves = chess::parse_uci_line(chess::Position(), line).value();
  for (chess::Move m : c.moves) c.position.do_move(m);
  c.score = Score{ScoreKind::Centipawns, cp};
  return c;
}

TEST(BookScore, MatesRankAboveEveryCentipawnScoreSoonerHigherAndBeingMatedBelow) {
  const Score order[] = {{ScoreKind::Mate, 1},       {ScoreKind::Mate, 3},        {ScoreKind::Centipawns, 500},
                         {ScoreKind::Centipawns, 0}, {ScoreKind::Centipawns, -500}, {ScoreKind::Mate, -3},
                         {ScoreKind::Mate, -1}};
  for (std::size_t i = 0; i + 1 < std::size(order); ++i) EXPECT_GT(order[i].rank(), order[i + 1].rank()) << i;
}

TEST(BookScore, TheMoversViewOfThePositionAfterItsMove) {
  const Score cp = mover_view({ScoreKind::Centipawns, 30});
  EXPECT_EQ(cp.value, -30);
  const Score mates = mover_view({ScoreKind::Mate, 0});  // the side to move after it is mated: the move mates
  EXPECT_EQ(mates.kind, ScoreKind::Mate);
  EXPECT_EQ(mates.value, 1);
  EXPECT_EQ(mover_view({ScoreKind::Mate, 2}).value, -2);  // the reply mates in 2: the mover is mated in 2
}

TEST(BookLine, IsWrittenAndReadBackAsItsPositionAndCandidate) {
  const Candidate c = candidate_after("e2e4 e7e5 g1f3", 7, -12);
  const std::string line = book_line(c, 3);
  EXPECT_EQ(line, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - id \"gambit-book 3\"; ce -12; hmvc 1; "
                  "fmvn 2; c0 \"e2e4 e7e5 g1f3\"; c1 \"candidate 7\";");
  const auto read = read_book_line(line, 3);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->fields, epd_fields(c.position));
  EXPECT_EQ(read->candidate, 7u);
  EXPECT_FALSE(read_book_line(line, 4).has_value()) << "another line number";
  EXPECT_FALSE(read_book_line("not a book line", 1).has_value());
}

TEST(BookFile, IsContinuedWithItsUnfinishedLastLineCutAndAForeignLineRefused) {
  TempFolder folder;
  const fs::path file = folder.path / "book.epd";
  const std::string first = book_line(candidate_after("e2e4", 0, 10), 1) + "\n";
  const std::string second = book_line(candidate_after("d2d4", 2, -5), 2) + "\n";
  std::ofstream(file) << first << second << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"gambit";
  Result<Book> book = read_book(file);
  ASSERT_TRUE(book.ok()) << book.error();
  EXPECT_EQ(book->lines, 2u);
  EXPECT_EQ(book->next_candidate, 3u);
  EXPECT_EQ(book->positions.size(), 2u);
  Result<bool> cut = cut_unfinished_line(file, *book);
  ASSERT_TRUE(cut.ok()) << cut.error();
  EXPECT_TRUE(*cut);
  EXPECT_EQ(fs::file_size(file), first.size() + second.size());
  EXPECT_FALSE(*cut_unfinished_line(file, *read_book(file))) << "nothing left to cut";

  std::ofstream(file, std::ios::app) << "a line of someone else's\n";
  Result<Book> foreign = read_book(file);
  ASSERT_FALSE(foreign.ok());
  EXPECT_EQ(foreign.error(), file.string() + ":3: not a line of gambit-make-book, so the file cannot be continued");
  EXPECT_EQ(read_book(folder.path / "absent.epd")->lines, 0u) << "no file: an empty book";
}

TEST(BookFile, IsContinuedOnlyWithTheSettingsThatMadeIt) {
  TempFolder folder;
  const fs::path file = folder.path / "book.epd", args = folder.path / "book.epd.args";
  Shape shape;
  shape.player = "alphabeta 1.6.11, search signature 01234567";
  EXPECT_EQ(settle_shape(file, args, Book{}, shape), std::nullopt) << "a new book writes its .args";
  Book started;
  started.lines = 5;
  EXPECT_EQ(settle_shape(file, args, started, shape), std::nullopt) << "the same settings continue it";
  Shape other = shape;
  other.plies = 10;
  const std::optional<std::string> refused = settle_shape(file, args, started, other);
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->find("--plies 8, not 10"), std::string::npos) << *refused;
}

TEST(BookCandidates, ArePlayedTheSameWayTwiceAndInOrder) {
  auto library = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
  ASSERT_TRUE(library) << library.error();
  Shape shape;
  shape.plies = 2;
  shape.choice_nodes = 200;
  shape.check_nodes = 1000;
  std::vector<std::vector<chess::Move>> runs[2];
  for (auto& moves : runs) {
    std::vector<std::unique_ptr<players::PluginPlayer>> players;
    for (int k = 0; k < 2; ++k) players.push_back(players::PluginPlayer::create(*library, {}).value());
    Candidates candidates(std::move(players), shape, 0);
    for (std::uint64_t index = 0; index < 3; ++index) {
      Result<std::optional<Candidate>> played = candidates.next();
      ASSERT_TRUE(played.ok()) << played.error();
      ASSERT_TRUE(played->has_value());
      EXPECT_EQ((*played)->index, index);
      EXPECT_EQ((*played)->moves.size(), 2u);
      EXPECT_TRUE((*played)->score.has_value());
      moves.push_back((*played)->moves);
    }
  }
  EXPECT_EQ(runs[0], runs[1]);
}

}  // namespace
}  // namespace gambit::book_maker
