// SPDX-License-Identifier: MIT
// Opening a store file: every earlier schema is migrated forward keeping its
// games (ratings rebuilt for games recorded before there were ratings), and a
// file that cannot be used (not a database, damaged, newer, another program's)
// is set aside byte for byte and a fresh store started in its place.
#include "core/store/schema.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

namespace fs = std::filesystem;
using fixtures::alphabeta;
using fixtures::describe;
using fixtures::finished;
using fixtures::random_ai;

// Every row of sql (its first `columns` columns) on a fresh connection to path, joined by '|'.
std::string dump(const fs::path& path, const std::string& sql, int columns) {
  auto db = Connection::open(path);
  if (!db.ok()) return "<failure: " + db.error() + ">";
  auto statement = Statement::prepare(*db.value(), sql);
  if (!statement.ok()) return "<failure: " + statement.error() + ">";
  std::string text;
  for (;;) {
    auto row = statement.value().step();
    if (!row.ok()) return text + "<failure: " + row.error() + ">";
    if (!row.value()) return text;
    for (int c = 0; c < columns; ++c) text += (c ? "|" : "") + statement.value().column_text(c);
    text += "\n";
  }
}

// The recent games as text, one line each, for comparing two stores.
std::string summary(const std::vector<GameSummary>& games) {
  std::string text;
  for (const GameSummary& g : games)
    text += std::to_string(g.id) + " " + std::to_string(g.ended_at) + " " + g.white + " - " + g.black + " " +
            g.result + " " + g.reason + " " + std::to_string(g.plies) + " " + source_name(g.source) + "\n";
  return text;
}

class StoreMigration : public fixtures::StoreTest {
 protected:
  // Games of every kind: the profile against AIs with both colours, an AI
  // pairing, the profile against itself.
  std::vector<FinishedGame> sample_games() const {
    return {finished(me_, alphabeta("easy", 2), "1-0"), finished(alphabeta("hard", 6), me_, "1-0"),
            finished(random_ai(), alphabeta("easy", 2), "0-1", GameSource::Demo),
            finished(me_, alphabeta("hard", 6), "1/2-1/2"), finished(me_, me_, "1-0"),
            fixtures::finished_from_position(me_, alphabeta("easy", 2)), finished(me_, alphabeta("easy", 2), "0-1")};
  }

  // Writes game into a file of schema 1, with the columns version 1 has.
  static void insert_v1(Connection& db, const FinishedGame& game) {
    std::int64_t ids[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
      const PlayerIdentity& who = side == 0 ? game.white : game.black;
      auto insert = Statement::prepare(db,
                                       "INSERT OR IGNORE INTO players (kind, name, version, options, options_digest, "
                                       "label) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
      ASSERT_TRUE(insert.ok()) << insert.error();
      insert.value().bind(1, std::string(who.human ? "human" : "ai")).bind(2, who.name).bind(3, who.version);
      insert.value().bind(4, who.options).bind(5, who.human ? std::string() : "v1 " + who.options).bind(6, who.label);
      auto ran = insert.value().run();
      ASSERT_TRUE(ran.ok()) << ran.error();
      auto id = db.query_int("SELECT id FROM players WHERE name = '" + who.name + "' AND options = '" +
                             who.options + "'");
      ASSERT_TRUE(id.ok()) << id.error();
      ids[side] = id.value();
    }
    auto insert = Statement::prepare(db,
                                     "INSERT INTO games (white_id, black_id, result, reason, variant, time_control, "
                                     "started_at, ended_at, plies, pgn, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                                     "?8, ?9, ?10, ?11)");
    ASSERT_TRUE(insert.ok()) << insert.error();
    Statement& row = insert.value();
    row.bind(1, ids[0]).bind(2, ids[1]).bind(3, game.result).bind(4, game.reason).bind(5, game.variant);
    row.bind(6, game.time_control).bind(7, game.started_at).bind(8, game.ended_at);
    row.bind(9, std::int64_t(game.plies)).bind(10, game.pgn).bind(11, std::string(source_name(game.source)));
    auto ran = row.run();
    ASSERT_TRUE(ran.ok()) << ran.error() << "\n" << game.pgn;
  }

  // Writes game into a file of schema 2 as a build of schema 2 did: the game
  // and a rating row for each player. Schema 2 rated every game, also one from
  // a typed position; the ratings written here are deliberately not the right
  // ones, so the test sees that the migration rebuilds them all.
  static void insert_v2(Connection& db, const FinishedGame& game) {
    insert_v1(db, game);
    if (::testing::Test::HasFatalFailure() || (game.white.human && game.black.human)) return;
    auto rated = db.exec("INSERT OR IGNORE INTO ratings (game_id, player_id, rating) SELECT g.id, g.white_id, 1234.5 "
                         "FROM games g WHERE g.id = (SELECT max(id) FROM games) UNION ALL SELECT g.id, g.black_id, 1765.5 "
                         "FROM games g WHERE g.id = (SELECT max(id) FROM games) AND g.black_id != g.white_id");
    ASSERT_TRUE(rated.ok()) << rated.error();
  }

  // Writes game into a file of schema 3 as a build of schema 3 did: as schema
  // 2, but games from a typed position are marked and have no ratings.
  static void insert_v3(Connection& db, const FinishedGame& game) {
    insert_v2(db, game);
    if (::testing::Test::HasFatalFailure() || game.from_start) return;
    auto marked = db.exec("UPDATE games SET from_start = 0 WHERE id = (SELECT max(id) FROM games); "
                          "DELETE FROM ratings WHERE game_id = (SELECT max(id) FROM games)");
    ASSERT_TRUE(marked.ok()) << marked.error();
  }

  // Schema 4 rates with Glicko-2 against placed AIs: its games as schema 3
  // keeps them, the ratings left for the store to compute when it opens (as a
  // build of schema 4 leaves them after its own migration).
  static void insert_v4(Connection& db, const FinishedGame& game) {
    insert_v3(db, game);
    if (::testing::Test::HasFatalFailure()) return;
    auto dropped = db.exec("DELETE FROM ratings WHERE game_id = (SELECT max(id) FROM games)");
    ASSERT_TRUE(dropped.ok()) << dropped.error();
  }

  // Schema 5 keeps reviews: its games as schema 4 keeps them, and the
  // person's ratings in one pool for every game (deliberately wrong here: the
  // migration to pools computes them again).
  static void insert_v5(Connection& db, const FinishedGame& game) {
    insert_v4(db, game);
    if (::testing::Test::HasFatalFailure() || !game.from_start || game.white.human == game.black.human) return;
    auto rated = db.exec("INSERT INTO ratings (game_id, player_id, rating, deviation, volatility) SELECT g.id, "
                         "p.id, 1999.0, 50.0, 0.06 FROM games g JOIN players p ON p.id IN (g.white_id, g.black_id) "
                         "AND p.kind = 'human' WHERE g.id = (SELECT max(id) FROM games)");
    ASSERT_TRUE(rated.ok()) << rated.error();
  }

  // Schema 6 keeps each game's pool and its rated flag: its games as schema 4
  // keeps them (no AI is placed in these files, so none has a rating yet),
  // marked as a build of schema 6 records them.
  static void insert_v6(Connection& db, const FinishedGame& game) {
    insert_v4(db, game);
    if (::testing::Test::HasFatalFailure()) return;
    auto mark = Statement::prepare(db, "UPDATE games SET rated = ?1, pool = ?2 WHERE id = (SELECT max(id) FROM games)");
    ASSERT_TRUE(mark.ok()) << mark.error();
    mark.value().bind(1, std::int64_t(game.rated)).bind(2, rating::pool_of(game.variant, game.time_control).key());
    auto ran = mark.value().run();
    ASSERT_TRUE(ran.ok()) << ran.error();
  }

  // A file as a build of schema version made it, holding games. Version 0 is
  // an empty file.
  static void build_file(const fs::path& path, int version, const std::vector<FinishedGame>& games) {
    fixtures::write_bytes(path, "");
    if (version == 0) return;
    auto db = fixtures::raw_connection(path);
    ASSERT_TRUE(db);
    for (int step = 1; step <= version; ++step) {
      ASSERT_NE(migration_sql(step), nullptr) << "no migration_sql(" << step << ")";
      auto ran = db->exec(migration_sql(step));
      ASSERT_TRUE(ran.ok()) << "migration_sql(" << step << "): " << ran.error();
    }
    auto set = db->exec("PRAGMA user_version = " + std::to_string(version));
    ASSERT_TRUE(set.ok()) << set.error();
    for (const FinishedGame& game : games) {
      switch (version) {
        case 1: insert_v1(*db, game); break;
        case 2: insert_v2(*db, game); break;
        case 3: insert_v3(*db, game); break;
        case 4: insert_v4(*db, game); break;
        case 5: insert_v5(*db, game); break;
        case 6: insert_v6(*db, game); break;
        default: FAIL() << "no sample rows for a file of schema " << version << ": add an insert_v" << version;
      }
    }
  }
};

TEST_F(StoreMigration, EveryEarlierSchemaIsMigratedKeepingItsGamesAndRatings) {
  for (int version = 0; version < SchemaVersion; ++version) {
    SCOPED_TRACE("a file of schema " + std::to_string(version));
    const fs::path path = dir_.path() / ("v" + std::to_string(version) + ".db");
    const std::vector<FinishedGame> games = version == 0 ? std::vector<FinishedGame>() : sample_games();
    build_file(path, version, games);
    if (HasFatalFailure()) return;
    // The same games recorded by this build, to compare with.
    auto reference = open_at(dir_.path() / ("v" + std::to_string(version) + "-reference.db"));
    ASSERT_TRUE(reference);
    for (const FinishedGame& game : games) record(*reference, game);

    auto store = open_at(path);  // fails the test on a notice: nothing may be set aside
    ASSERT_TRUE(store);
    EXPECT_EQ(fixtures::query_int(path, "PRAGMA user_version"), SchemaVersion) << path;
    EXPECT_TRUE(fixtures::set_aside_files(path).empty()) << fixtures::folder_listing(dir_.path());
    EXPECT_EQ(describe(must(store->ratings().standings(), "standings")),
              describe(must(reference->ratings().standings(), "standings")));
    EXPECT_EQ(summary(must(store->games().recent_games(100), "recent_games")),
              summary(must(reference->games().recent_games(100), "recent_games")));
    // Earlier files knew no placements: their games count once their opponents are placed.
    EXPECT_EQ(must(store->ratings().rating_history(fixtures::Blitz), "rating_history").size(), 0u)
        << "no opponent is placed yet";
    EXPECT_EQ(must(store->ratings().place_players({alphabeta("easy", 2), alphabeta("hard", 6)}), "place_players"),
              version == 0 ? 0 : 2);
    const auto history = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
    const auto expected = must(reference->ratings().rating_history(fixtures::Blitz), "rating_history");
    ASSERT_EQ(history.size(), expected.size()) << "one rating point per rated profile game, rebuilt on migration";
    EXPECT_EQ(history.size(), version == 0 ? 0u : 4u);
    for (std::size_t i = 0; i < history.size(); ++i) {
      EXPECT_EQ(history[i].game_id, expected[i].game_id) << "point " << i;
      EXPECT_NEAR(history[i].rating.rating, expected[i].rating.rating, 1e-9) << "point " << i;
      EXPECT_NEAR(history[i].rating.deviation, expected[i].rating.deviation, 1e-9) << "point " << i;
    }
    EXPECT_EQ(fixtures::query_int(path, "SELECT count(*) FROM ratings"), std::int64_t(history.size()))
        << "the old Elo rows (also the AIs') are gone";
    EXPECT_EQ(must(store->games().export_all_pgn(), "export").text,
              must(reference->games().export_all_pgn(), "export").text);
    // It goes on from there.
    record(*store, finished(me_, PlayerIdentity::ai("newbie", "2.0", "", "newbie"), "1-0"));
    EXPECT_EQ(must(store->ratings().rating_history(fixtures::Blitz), "rating_history").size(), history.size())
        << "newbie is not placed";
    const std::int64_t id = record(*store, finished(me_, alphabeta("medium", 4), "1-0"));
    const auto after = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
    ASSERT_EQ(after.size(), history.size() + 1);
    EXPECT_EQ(after.back().game_id, id);
    EXPECT_EQ(fixtures::query_text(path, "PRAGMA integrity_check"), "ok");
  }
}

TEST_F(StoreMigration, GamesOfOnePoolBeforeSchema6AreRatedAgainWithinTheirPools) {
  const fs::path path = dir_.path() / "v5-pools.db";
  FinishedGame rapid = finished(me_, alphabeta("easy", 2), "1-0");
  rapid.time_control = "600+0";
  FinishedGame three_check = finished(alphabeta("hard", 6), me_, "1-0");
  three_check.variant = "threecheck";
  const std::vector<FinishedGame> games{finished(me_, alphabeta("easy", 2), "1-0"), rapid, three_check,
                                        finished(me_, alphabeta("hard", 6), "0-1")};
  build_file(path, 5, games);
  ASSERT_FALSE(HasFatalFailure());
  ASSERT_TRUE(fixtures::raw_connection(path)
                  ->exec("UPDATE players SET rating = 800 + 200 * CAST(substr(options, 7) AS INTEGER), "
                         "rating_deviation = 40 WHERE kind = 'ai'")
                  .ok());
  auto store = open_at(path);
  ASSERT_TRUE(store);
  const auto pools = must(store->ratings().pools(), "pools");
  ASSERT_EQ(pools.size(), 3u);
  EXPECT_EQ(pools[0].pool, fixtures::Blitz) << "most games first";
  EXPECT_EQ(pools[0].games, 2);
  const auto after = [](std::vector<rating::GameResult> results) {
    rating::Glicko2 r;
    for (const rating::GameResult& game : results) r = rating::update(r, {&game, 1});
    return r;
  };
  EXPECT_NEAR(pools[0].rating.rating, after({{1200, 40, 1}, {2000, 40, 0}}).rating, 1e-9) << "the two blitz games";
  EXPECT_NEAR(must(store->ratings().rating({"standard", rating::Speed::Rapid}), "rapid").rating,
              after({{1200, 40, 1}}).rating,
              1e-9);
  EXPECT_NEAR(must(store->ratings().rating({"threecheck", rating::Speed::Blitz}), "three-check").rating,
              after({{2000, 40, 0}}).rating, 1e-9);
  EXPECT_EQ(fixtures::query_int(path, "SELECT count(*) FROM ratings WHERE rating = 1999"), 0) << "none kept";
  EXPECT_EQ(fixtures::query_int(path, "SELECT count(*) FROM games WHERE rated = 1"), 4);
}

TEST_F(StoreMigration, ASchema6FileGainsPracticeAndPuzzlesKeepingItsGames) {
  const fs::path path = dir_.path() / "v6.db";
  build_file(path, 6, sample_games());
  ASSERT_FALSE(HasFatalFailure());
  for (const char* table : {"practice", "puzzle_attempts", "puzzle_ratings"})
    ASSERT_EQ(fixtures::query_int(path, std::string("SELECT count(*) FROM sqlite_master WHERE name = '") + table + "'"),
              0) << table << " is not in schema 6";
  constexpr std::int64_t Now = 1'750'000'000;
  std::int64_t game = 0;
  {
    auto store = open_at(path);
    ASSERT_TRUE(store);
    EXPECT_EQ(fixtures::query_int(path, "PRAGMA user_version"), 7);
    const auto games = must(store->games().recent_games(100), "recent_games");
    ASSERT_EQ(games.size(), sample_games().size());
    game = games.back().id;
    EXPECT_EQ(must(store->practice().practice_due_count(Now), "practice_due_count"), 0);
    EXPECT_EQ(must(store->puzzles().puzzle_rating(), "puzzle_rating"), PuzzleRating{});
    PracticePosition position;
    position.game_id = game;
    position.ply = 2;
    position.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    position.played = "f2f3";
    position.best = "g1f3";
    position.reason = "Weakens the king.";
    EXPECT_EQ(must(store->practice().add_practice_positions({position}, Now), "add_practice_positions"), 1);
    learn::Puzzle puzzle;
    puzzle.id = "m1";
    puzzle.rating = 1200;
    puzzle.deviation = 90;
    must(store->puzzles().record_puzzle_attempt(puzzle, true, Now), "record_puzzle_attempt");
  }
  auto store = open_at(path);
  ASSERT_TRUE(store);
  const auto due = must(store->practice().practice_due(Now, 10), "practice_due");
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].game_id, game) << "the position names its migrated game";
  EXPECT_EQ(must(store->puzzles().puzzle_rating(), "puzzle_rating").attempts, 1);
  EXPECT_EQ(must(store->games().recent_games(100), "recent_games").size(), sample_games().size());
  EXPECT_EQ(fixtures::query_text(path, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(fixtures::query_text(path, "PRAGMA foreign_key_check"), "<no row>");
}

TEST_F(StoreMigration, AMissingFileAndFoldersAreMade) {
  const fs::path path = dir_.path() / "a" / "b" / "gambit.db";
  auto store = open_at(path);
  ASSERT_TRUE(store);
  EXPECT_EQ(store->path(), path);
  EXPECT_TRUE(fs::is_regular_file(path)) << fixtures::folder_listing(path.parent_path());
  EXPECT_EQ(fixtures::query_int(path, "PRAGMA user_version"), SchemaVersion);
  EXPECT_GT(record(*store, finished(me_, random_ai(), "0-1")), 0);
}

TEST_F(StoreMigration, RatingsLostToACrashAfterTheMigrationAreRebuiltAtTheNextOpen) {
  std::vector<RatingPoint> expected;
  {
    auto store = open();
    ASSERT_TRUE(store);
    for (const FinishedGame& game : sample_games()) record(*store, game);
    expected = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
  }
  ASSERT_EQ(expected.size(), 4u) << "four of the sample games are the profile's against a placed AI from the start";
  fixtures::raw_connection(db_)->exec("DELETE FROM ratings").value();  // as if the process died before rating
  auto store = open();
  ASSERT_TRUE(store);
  const std::vector<RatingPoint> rebuilt = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(rebuilt.size(), expected.size());
  for (std::size_t i = 0; i < rebuilt.size(); ++i) {
    EXPECT_EQ(rebuilt[i].game_id, expected[i].game_id);
    EXPECT_DOUBLE_EQ(rebuilt[i].rating.rating, expected[i].rating.rating) << "point " << i;
    EXPECT_DOUBLE_EQ(rebuilt[i].rating.deviation, expected[i].rating.deviation) << "point " << i;
  }
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM ratings"), 4) << "one row for each rated game, the person's";
}

TEST_F(StoreMigration, ANewStoreHasTheSchemaTheMigrationsMake) {
  const fs::path migrated = dir_.path() / "migrated.db";
  build_file(migrated, SchemaVersion, {});
  ASSERT_FALSE(HasFatalFailure());
  ASSERT_TRUE(open());
  const std::string schema = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name";
  EXPECT_EQ(dump(db_, schema, 4), dump(migrated, schema, 4));
  EXPECT_EQ(migration_sql(SchemaVersion + 1), nullptr) << "SchemaVersion is behind the migrations";
}

// The first byte at which a and b differ, for failure messages.
std::size_t first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

class StoreBrokenFile : public fixtures::StoreTest {
 protected:
  // Opens db_, which holds original, and expects it set aside unchanged as
  // "<db>.broken-*" (the notice naming it) and a working fresh store instead.
  void expect_set_aside(const std::string& original) {
    auto opened = Store::open(db_);
    ASSERT_TRUE(opened.ok()) << "Store::open(" << db_ << "): " << opened.error();
    ASSERT_TRUE(opened.value().notice) << "used as it is, without a notice:\n" << fixtures::folder_listing(dir_.path());
    const std::string notice = *opened.value().notice;
    const auto aside = fixtures::set_aside_files(db_);
    ASSERT_EQ(aside.size(), 1u) << fixtures::folder_listing(dir_.path()) << "notice: " << notice;
    EXPECT_NE(notice.find(aside[0].string()), std::string::npos)
        << "the notice must say where the old file went (" << aside[0] << "): " << notice;
    const std::string kept = fixtures::read_bytes(aside[0]);
    EXPECT_TRUE(kept == original) << aside[0] << " (" << kept.size() << " bytes) is not the original file ("
                                  << original.size() << " bytes): they differ from byte "
                                  << first_difference(kept, original);
    auto store = std::move(opened).value().store;
    ASSERT_TRUE(store);
    EXPECT_GT(record(*store, finished(me_, alphabeta("easy", 2), "1-0")), 0);
    EXPECT_EQ(must(store->ratings().standings(), "standings").size(), 1u);
    store.reset();
    auto again = open();  // the new file is good: no notice now
    ASSERT_TRUE(again);
    EXPECT_EQ(must(again->games().recent_games(10), "recent_games").size(), 1u);
    EXPECT_EQ(fixtures::set_aside_files(db_).size(), 1u) << fixtures::folder_listing(dir_.path());
    EXPECT_TRUE(fixtures::read_bytes(aside[0]) == kept) << aside[0] << " changed after it was set aside";
  }

  // A store file holding 20 games with long PGNs (several pages), closed.
  std::string store_file_with_games() {
    {
      auto store = open();
      if (!store) return "";
      for (int i = 0; i < 20; ++i) {
        FinishedGame game = finished(me_, alphabeta("easy", 2), i % 2 ? "1-0" : "0-1");
        game.pgn += "{" + std::string(1500, char('a' + i)) + "}\n";
        record(*store, game);
      }
    }
    EXPECT_FALSE(fs::exists(db_.string() + "-wal")) << "the log was not merged on close: "
                                                     << fixtures::folder_listing(dir_.path());
    return fixtures::read_bytes(db_);
  }
};

TEST_F(StoreBrokenFile, TextIsSetAside) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += "this is not a database\n";
  fixtures::write_bytes(db_, text);
  expect_set_aside(text);
}

TEST_F(StoreBrokenFile, ANewerSchemaIsSetAside) {
  {
    auto db = fixtures::raw_connection(db_);
    ASSERT_TRUE(db);
    for (int step = 1; step <= SchemaVersion; ++step) ASSERT_TRUE(db->exec(migration_sql(step)).ok()) << step;
    ASSERT_TRUE(db->exec("CREATE TABLE from_the_future (x); PRAGMA user_version = " +
                         std::to_string(SchemaVersion + 1))
                    .ok());
  }
  expect_set_aside(fixtures::read_bytes(db_));
}

TEST_F(StoreBrokenFile, ANegativeSchemaOrAMissingTableIsSetAside) {
  {
    auto db = fixtures::raw_connection(db_);
    ASSERT_TRUE(db);
    for (int step = 1; step <= SchemaVersion; ++step) ASSERT_TRUE(db->exec(migration_sql(step)).ok()) << step;
    ASSERT_TRUE(db->exec("PRAGMA user_version = -1").ok());
  }
  expect_set_aside(fixtures::read_bytes(db_));
  fs::remove_all(dir_.path());
  fs::create_directories(dir_.path());
  {
    auto db = fixtures::raw_connection(db_);
    ASSERT_TRUE(db);
    for (int step = 1; step <= SchemaVersion; ++step) ASSERT_TRUE(db->exec(migration_sql(step)).ok()) << step;
    ASSERT_TRUE(db->exec("DROP TABLE ratings; PRAGMA user_version = " + std::to_string(SchemaVersion)).ok());
  }
  expect_set_aside(fixtures::read_bytes(db_));
}

TEST_F(StoreBrokenFile, DamageInTheMiddleIsSetAside) {
  std::string bytes = store_file_with_games();
  ASSERT_GT(bytes.size(), 8192u) << db_;
  for (std::size_t i = 100; i < 4196; ++i) bytes[i] = char(0xA5 ^ (i * 7));
  fixtures::write_bytes(db_, bytes);
  expect_set_aside(bytes);
}

TEST_F(StoreBrokenFile, ATruncatedFileIsSetAside) {
  std::string bytes = store_file_with_games();
  ASSERT_GT(bytes.size(), 8192u) << db_;
  bytes.resize(bytes.size() / 2);
  fixtures::write_bytes(db_, bytes);
  expect_set_aside(bytes);
}

TEST_F(StoreBrokenFile, AnotherProgramsDatabaseIsSetAsideUntouched) {
  {
    auto db = fixtures::raw_connection(db_);
    ASSERT_TRUE(db);
    ASSERT_TRUE(db->exec("CREATE TABLE foo (id INTEGER PRIMARY KEY, name TEXT);"
                         "INSERT INTO foo (name) VALUES ('one'), ('two'), ('three');")
                    .ok());
  }
  ASSERT_EQ(fixtures::query_int(db_, "PRAGMA user_version"), 0);
  const std::string original = fixtures::read_bytes(db_);
  expect_set_aside(original);
}

TEST_F(StoreBrokenFile, ASecondBrokenFileDoesNotReplaceTheFirst) {
  fixtures::write_bytes(db_, "first broken file");
  ASSERT_TRUE(Store::open(db_).ok());
  fixtures::write_bytes(db_, "second broken file");
  auto opened = Store::open(db_);
  ASSERT_TRUE(opened.ok()) << opened.error();
  EXPECT_TRUE(opened.value().notice);
  std::vector<std::string> kept;
  for (const fs::path& file : fixtures::set_aside_files(db_)) kept.push_back(fixtures::read_bytes(file));
  std::sort(kept.begin(), kept.end());
  EXPECT_EQ(kept, (std::vector<std::string>{"first broken file", "second broken file"}))
      << fixtures::folder_listing(dir_.path());
}

TEST_F(StoreBrokenFile, AFolderInThePlaceOfTheFileIsAFailure) {
  fs::create_directories(db_);
  fixtures::write_bytes(db_ / "keep.txt", "mine");
  auto opened = Store::open(db_);
  ASSERT_FALSE(opened.ok()) << "opened a store in the folder " << db_;
  EXPECT_NE(opened.error().find(db_.string()), std::string::npos) << "the message must name the path: "
                                                                  << opened.error();
  EXPECT_EQ(fixtures::read_bytes(db_ / "keep.txt"), "mine") << "the folder was touched";
  EXPECT_TRUE(fixtures::set_aside_files(db_).empty()) << fixtures::folder_listing(dir_.path());
}

TEST_F(StoreBrokenFile, AFolderThatCannotBeMadeIsAFailure) {
  // A file where a folder of the path should be: no user, root included, can make that folder.
  const fs::path blocker = dir_.path() / "not-a-folder";
  std::ofstream(blocker) << "a file, not a folder\n";
  const fs::path path = blocker / "gambit" / "gambit.db";
  auto opened = Store::open(path);
  ASSERT_FALSE(opened.ok()) << "opened a store under the file " << blocker;
  EXPECT_NE(opened.error().find(blocker.string()), std::string::npos) << opened.error();
  std::ifstream in(blocker);
  std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept, "a file, not a folder\n") << "the file in the way was changed";
}

}  // namespace
}  // namespace gambit::store
