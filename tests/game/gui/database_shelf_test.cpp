// SPDX-License-Identifier: MIT
// The shelf of game databases: My games follows the store (made again when
// the store holds other games, left as it is otherwise); a PGN file's
// database is named after it and never shared with a file of the same name
// elsewhere; a stored game opens with its variations and comments, at the
// first time it reached a position.
#include "game/gui/database_shelf.h"

#include <gtest/gtest.h>

#include <fstream>

#include "core/chess/uci.h"
#include "core/database/pgn_import.h"
#include "tests/core/config/temp_files.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::gui {
namespace {

namespace fs = std::filesystem;

TEST(DatabaseShelf, MyGamesFollowsTheStore) {
  fixtures::TempDir dir;
  auto opened = store::Store::open(dir.path() / "gambit.db");
  ASSERT_TRUE(opened) << opened.error();
  store::Store& store = *opened.value().store;
  const fs::path folder = database_folder(store.path());
  EXPECT_EQ(folder, dir.path() / "databases");

  auto made = refresh_my_games(store, folder);
  ASSERT_TRUE(made) << made.error();
  EXPECT_EQ(made.value(), 0) << "no games yet";
  const auto me = store::PlayerIdentity::person("Me");
  ASSERT_TRUE(store.games().record_game(store::fixtures::finished(me, store::fixtures::random_ai(), "1-0")));
  ASSERT_TRUE(store.games().record_game(store::fixtures::finished(store::fixtures::random_ai(), me, "0-1")));
  made = refresh_my_games(store, folder);
  ASSERT_TRUE(made) << made.error();
  EXPECT_EQ(made.value(), 2);
  const fs::file_time_type written = fs::last_write_time(my_games_path(folder));
  made = refresh_my_games(store, folder);
  ASSERT_TRUE(made);
  EXPECT_EQ(fs::last_write_time(my_games_path(folder)), written) << "the same games: not made again";

  auto db = database::GameDatabase::open(my_games_path(folder));
  ASSERT_TRUE(db) << db.error();
  auto mine = db.value()->count({.player = "Me"});
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine.value(), 2);
  const std::vector<ShelvedDatabase> shelf = shelved_databases(folder);
  ASSERT_FALSE(shelf.empty());
  EXPECT_TRUE(shelf.front().mine);
  EXPECT_EQ(shelf.front().name, "My games");
}

TEST(DatabaseShelf, APgnFilesDatabaseIsItsOwn) {
  const fs::path folder = "/data/databases";
  const fs::path a = database_for_pgn(folder, "/home/me/games/twic.pgn.gz");
  const fs::path b = database_for_pgn(folder, "/home/me/old/twic.pgn");
  EXPECT_EQ(a.parent_path(), folder);
  EXPECT_NE(a, b) << "two files of one name in two folders";
  EXPECT_EQ(a, database_for_pgn(folder, "/home/me/games/twic.pgn.gz"));
  EXPECT_EQ(name_of(a), "twic");
  EXPECT_EQ(name_of(b), "twic");
  EXPECT_EQ(name_of("/x/club-2024.gdb"), "club-2024") << "a name of its own keeps its dash";
  EXPECT_TRUE(is_database_file(a));
  EXPECT_FALSE(is_database_file("/home/me/games/twic.pgn"));
}

TEST(DatabaseShelf, AStoredGameOpensWholeAtThePositionFound) {
  fixtures::TempDir dir;
  const fs::path pgn = dir.path() / "study.pgn";
  std::ofstream(pgn) << "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
                        "1. Nf3 { [%clk 0:05:00] } Nc6 (1... d5 { Solid. }) 2. e4 e5 3. Bc4 Bc5 *\n";
  auto db = database::GameDatabase::open(dir.path() / "s.gdb");
  ASSERT_TRUE(db);
  ASSERT_TRUE(database::import_pgn(*db.value(), pgn));
  chess::Position italian;
  for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"})
    italian.do_move(chess::parse_uci_move(italian, uci).value());
  auto opened = open_stored_game(*db.value(), 1, italian.key());
  ASSERT_TRUE(opened) << opened.error();
  EXPECT_EQ(opened->ply, 6u);
  EXPECT_EQ(opened->game.tags.front().second, "A");
  const study::MoveTree& tree = opened->game.tree;
  const study::NodeId first = tree.main_child(tree.root());
  ASSERT_EQ(tree.node(tree.root()).children.size(), 1u);
  EXPECT_TRUE(tree.node(first).comment_after.clock.has_value()) << "the clock kept";
  EXPECT_EQ(tree.node(first).children.size(), 2u) << "the variation kept";
  auto at_start = open_stored_game(*db.value(), 1);
  ASSERT_TRUE(at_start);
  EXPECT_EQ(at_start->ply, 0u);
  EXPECT_FALSE(open_stored_game(*db.value(), 7)) << "no such game: said, not opened";
}

}  // namespace
}  // namespace gambit::gui
