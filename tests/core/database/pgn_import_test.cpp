// SPDX-License-Identifier: MIT
// import_pgn: every good game of a file kept and every broken one skipped with
// its number and why; an import stopped after any batch goes on to the same
// database a whole import makes; compressed files read through their tools;
// a file imported whole is not imported twice; one changed since is refused.
#include "core/database/pgn_import.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "core/chess/movegen.h"
#include "core/chess/pgn.h"
#include "core/util/splitmix64.h"
#include "tests/core/config/temp_files.h"

namespace gambit::database {
namespace {

using fixtures::TempDir;

// `count` random legal games as PGN, game i (from 1) named "Player i" as White.
std::string random_games(int count, std::uint64_t seed) {
  SplitMix64 random{seed};
  std::string text;
  for (int g = 1; g <= count; ++g) {
    chess::PgnGame game;
    game.tags = {{"Event", "Test"}, {"White", "Player " + std::to_string(g)}, {"Black", "Other"}};
    chess::Position pos;
    for (int ply = 0; ply < 30; ++ply) {
      const chess::MoveList legal = chess::legal_moves(pos);
      if (legal.empty()) break;
      game.moves.push_back(legal[random.next() % legal.size()]);
      pos.do_move(game.moves.back());
    }
    text += chess::write_pgn(game);
  }
  return text;
}

std::unique_ptr<GameDatabase> open_db(const std::filesystem::path& path) {
  auto db = GameDatabase::open(path);
  EXPECT_TRUE(db) << db.error();
  return db ? std::move(db).value() : nullptr;
}

// Every game of the database: its White and its moves, in order.
std::vector<std::pair<std::string, std::vector<chess::Move>>> everything(GameDatabase& db) {
  std::vector<std::pair<std::string, std::vector<chess::Move>>> out;
  auto headers = db.find({}, 1'000'000);
  EXPECT_TRUE(headers) << headers.error();
  if (!headers) return out;
  for (const GameHeader& h : headers.value()) {
    auto game = db.game(h.id);
    EXPECT_TRUE(game) << game.error();
    if (game) out.emplace_back(h.white, game->game.moves);
  }
  return out;
}

TEST(PgnImport, GoodGamesAreKeptAndBrokenOnesSkippedWithTheirNumber) {
  TempDir dir;
  const std::string text = random_games(3, 1) +
                           "[Event \"Broken\"]\n[White \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n\n" +  // game 4: illegal
                           random_games(2, 2) +
                           "[Event \"Annotated\"]\n[White \"Notes\"]\n\n"
                           "1. e4 {best by test} e5 (1... c5) 2. Nf3 $1 *\n";
  const auto file = dir.write("games.pgn", text);
  auto db = open_db(dir.path() / "db.gdb");
  std::vector<std::int64_t> reported;
  ImportOptions options;
  options.batch_games = 2;
  options.progress = [&](const ImportProgress& p) { reported.push_back(p.games); };
  auto summary = import_pgn(*db, file, options);
  ASSERT_TRUE(summary) << summary.error();
  EXPECT_TRUE(summary->finished);
  EXPECT_EQ(summary->progress.games, 6);
  EXPECT_EQ(summary->progress.skipped, 1);
  ASSERT_EQ(summary->skipped_reasons.size(), 1u);
  // Numbered as in the file: its game number and the line of the bad move.
  const auto bad_line = std::count(text.begin(), text.begin() + std::ptrdiff_t(text.find("2. Ke3")), '\n') + 1;
  EXPECT_EQ(summary->skipped_reasons[0].rfind(
                "game 4, line " + std::to_string(bad_line) + ": at white's move 2, 'Ke3' is not a legal move", 0),
            0u)
      << summary->skipped_reasons[0];
  EXPECT_GT(bad_line, 20) << "three games come before it";
  EXPECT_EQ(reported.back(), 6);
  EXPECT_GE(reported.size(), 3u) << "a report after each batch";
  const auto games = everything(*db);
  ASSERT_EQ(games.size(), 6u);
  EXPECT_EQ(games[3].first, "Player 1") << "the second run of random games";
  auto annotated = db->game(6);
  ASSERT_TRUE(annotated);
  EXPECT_NE(annotated->pgn.find("{best by test} e5 (1... c5)"), std::string::npos) << annotated->pgn;
  auto plain = db->game(1);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->pgn, "") << "a game of moves alone keeps no text";
}

// Read on several threads, a file gives the same games and the same reasons, numbered
// as in the file, as read on one: also when text without tags (two games in one piece)
// shifts the numbering of the pieces after it.
TEST(PgnImport, ReadOnSeveralThreadsItIsTheSameImport) {
  TempDir dir;
  std::string text = random_games(150, 7);
  text += "1. d4 d5 *\n\n1. c4 c5 *\n\n";  // two games without tags: one piece with the 150th
  text += "[Event \"Broken\"]\n[White \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n\n";
  text += random_games(150, 8) + "[Event \"Broken again\"]\n\n1. Nf3 Nf6 2. Nf3 *\n\n" + random_games(40, 9);
  const auto file = dir.write("games.pgn", text);
  std::vector<std::vector<std::pair<std::string, std::vector<chess::Move>>>> games;
  std::vector<std::vector<std::string>> reasons;
  for (unsigned threads : {1u, 2u, 3u}) {
    auto db = open_db(dir.path() / ("db-" + std::to_string(threads) + ".gdb"));
    ImportOptions options{.batch_games = 50};
    options.threads = threads;
    auto summary = import_pgn(*db, file, options);
    ASSERT_TRUE(summary) << summary.error();
    EXPECT_EQ(summary->progress.games, 342) << threads;
    EXPECT_EQ(summary->progress.skipped, 2) << threads;
    games.push_back(everything(*db));
    reasons.push_back(summary->skipped_reasons);
  }
  EXPECT_EQ(games[1], games[0]);
  EXPECT_EQ(games[2], games[0]);
  EXPECT_EQ(reasons[1], reasons[0]);
  EXPECT_EQ(reasons[2], reasons[0]);
  ASSERT_EQ(reasons[0].size(), 2u);
  EXPECT_EQ(reasons[0][0].rfind("game 153, line ", 0), 0u) << reasons[0][0];
  EXPECT_EQ(reasons[0][1].rfind("game 304, line ", 0), 0u) << reasons[0][1];
}

TEST(PgnImport, AnImportStoppedAfterAnyBatchGoesOnToTheSameDatabase) {
  TempDir dir;
  const auto file = dir.write("games.pgn", random_games(57, 3));
  auto whole = open_db(dir.path() / "whole.gdb");
  ASSERT_TRUE(import_pgn(*whole, file, {.batch_games = 5}));
  const auto expected = everything(*whole);
  ASSERT_EQ(expected.size(), 57u);

  for (int stop_after : {1, 4, 11}) {
    const auto path = dir.path() / ("stopped-" + std::to_string(stop_after) + ".gdb");
    int runs = 0;
    for (bool finished = false; !finished; ++runs) {
      ASSERT_LT(runs, 40) << "it must get to the end";
      auto db = open_db(path);
      std::atomic<bool> stop{false};
      int batches = 0;
      ImportOptions options{.batch_games = 5};
      options.progress = [&](const ImportProgress&) { stop = ++batches >= stop_after; };
      options.stop = &stop;
      auto summary = import_pgn(*db, file, options);
      ASSERT_TRUE(summary) << summary.error();
      finished = summary->finished;
    }
    EXPECT_GT(runs, 1);
    auto db = open_db(path);
    EXPECT_EQ(everything(*db), expected) << "stopped every " << stop_after << " batches";
    auto again = import_pgn(*db, file);
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->already_done);
    EXPECT_EQ(everything(*db).size(), 57u) << "not imported twice";
  }
}

TEST(PgnImport, CompressedFilesAreReadThroughTheirTools) {
  TempDir dir;
  const std::string text = random_games(12, 4);
  const auto plain = dir.write("games.pgn", text);
  auto reference = open_db(dir.path() / "plain.gdb");
  ASSERT_TRUE(import_pgn(*reference, plain));
  const auto expected = everything(*reference);
  for (const std::string tool : {"gzip", "bzip2", "xz", "zstd"}) {
    const std::string extension = tool == "gzip" ? ".gz" : tool == "bzip2" ? ".bz2" : tool == "xz" ? ".xz" : ".zst";
    const auto packed = dir.path() / ("games.pgn" + extension);
    const std::string command = tool + " -c -q '" + plain.string() + "' > '" + packed.string() + "'";
    ASSERT_EQ(std::system(command.c_str()), 0) << command << " (make deps installs " << tool << ")";
    auto db = open_db(dir.path() / (tool + ".gdb"));
    ImportProgress last;
    ImportOptions options;
    options.progress = [&](const ImportProgress& p) { last = p; };
    auto summary = import_pgn(*db, packed, options);
    ASSERT_TRUE(summary) << tool << ": " << summary.error();
    EXPECT_EQ(everything(*db), expected) << tool;
    EXPECT_EQ(last.bytes_read, last.bytes_total) << tool << ": the compressed file read to its end";
  }
  const auto damaged = dir.write("damaged.pgn.gz", "this is not gzip");
  auto db = open_db(dir.path() / "damaged.gdb");
  auto refused = import_pgn(*db, damaged);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "gzip could not read '" + damaged.string() + "' whole: gzip: stdin: not in gzip format");
}

TEST(PgnImport, AFileChangedAfterItsImportBeganIsRefused) {
  TempDir dir;
  const auto file = dir.write("games.pgn", random_games(10, 5));
  auto db = open_db(dir.path() / "db.gdb");
  std::atomic<bool> stop{false};
  ImportOptions options{.batch_games = 3};
  options.progress = [&](const ImportProgress&) { stop = true; };
  options.stop = &stop;
  auto first = import_pgn(*db, file, options);
  ASSERT_TRUE(first) << first.error();
  ASSERT_FALSE(first->finished);
  dir.write("games.pgn", random_games(12, 6));
  auto changed = import_pgn(*db, file);
  ASSERT_FALSE(changed);
  EXPECT_NE(changed.error().find("changed after its import began (3 games are in the database already)"),
            std::string::npos)
      << changed.error();
  auto missing = import_pgn(*db, dir.path() / "none.pgn");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("No such file or directory"), std::string::npos) << missing.error();
}

}  // namespace
}  // namespace gambit::database
