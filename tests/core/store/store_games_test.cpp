// SPDX-License-Identifier: MIT
// GameRecords (store.games()): recording games and refusing invalid ones, the
// recent games list, a game's PGN, the export of every game, the interrupted
// game.
#include "core/store/game_records.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

using fixtures::alphabeta;
using fixtures::describe;
using fixtures::finished;
using fixtures::occurrences;
using fixtures::random_ai;

TEST(GameSourceName, RoundTripsAndRefusesOtherWords) {
  for (GameSource source : {GameSource::Window, GameSource::Demo, GameSource::Match})
    EXPECT_EQ(source_from_name(source_name(source)), source) << source_name(source);
  EXPECT_EQ(std::string(source_name(GameSource::Match)), "match");
  EXPECT_EQ(source_from_name("tournament"), std::nullopt);
}

class StoreGames : public fixtures::StoreTest {};

TEST_F(StoreGames, RecentGamesAreNewestFirstWithinTheLimit) {
  auto store = open();
  ASSERT_TRUE(store);
  std::vector<FinishedGame> games = {finished(me_, alphabeta("easy", 2), "1-0"),
                                     finished(random_ai(), me_, "0-1", GameSource::Window),
                                     finished(alphabeta("hard", 6), random_ai(), "1/2-1/2", GameSource::Demo),
                                     finished(me_, me_, "0-1"),
                                     finished(random_ai(), alphabeta("easy", 2), "1-0", GameSource::Match)};
  games[3].reason = "resignation";
  games[4].reason = "time forfeit";
  std::vector<std::int64_t> ids;
  for (const FinishedGame& game : games) ids.push_back(record(*store, game));
  EXPECT_TRUE(std::adjacent_find(ids.begin(), ids.end(), std::greater_equal<>()) == ids.end()) << "ids must increase";
  auto three = must(store->games().recent_games(3), "recent_games");
  ASSERT_EQ(three.size(), 3u);
  auto all = must(store->games().recent_games(100), "recent_games");
  ASSERT_EQ(all.size(), games.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const GameSummary& got = all[i];
    const std::size_t n = games.size() - 1 - i;  // newest first
    const FinishedGame& want = games[n];
    SCOPED_TRACE("list line " + std::to_string(i) + ", recorded game:\n" + want.pgn);
    EXPECT_EQ(got.id, ids[n]);
    EXPECT_EQ(got.ended_at, want.ended_at);
    EXPECT_EQ(got.white, want.white.label);
    EXPECT_EQ(got.black, want.black.label);
    EXPECT_EQ(got.result, want.result);
    EXPECT_EQ(got.reason, want.reason);
    EXPECT_EQ(got.plies, want.plies);
    EXPECT_EQ(got.source, want.source);
    EXPECT_TRUE(i >= three.size() || three[i].id == got.id) << "recent_games(3) is not the start of the list";
  }
}

TEST_F(StoreGames, RecentGamesPlayedHereLeaveTheDemosOut) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  record(*store, finished(alphabeta("hard", 6), random_ai(), "1-0", GameSource::Demo));
  record(*store, finished(alphabeta("hard", 6), random_ai(), "0-1", GameSource::Match));
  EXPECT_EQ(must(store->games().recent_games(10), "all").size(), 3u);
  const auto mine = must(store->games().recent_games(10, true), "played here");
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0].source, GameSource::Window);
}

TEST_F(StoreGames, GamePgnIsExactlyTheRecordedText) {
  auto store = open();
  ASSERT_TRUE(store);
  FinishedGame game = finished(me_, alphabeta("easy", 2), "1-0");
  game.pgn = "[Event \"caf\xC3\xA9 \\\"quoted\\\"\"]\r\n[White \"Player\"]\n\n1. e4 {a comment\nover two lines; "
             "with ' and \" } e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\n";
  const std::int64_t id = record(*store, game);
  const std::int64_t other = record(*store, finished(me_, alphabeta("easy", 2), "0-1"));
  auto pgn = must(store->games().game_pgn(id), "game_pgn");
  EXPECT_EQ(pgn, game.pgn);
  auto unknown = store->games().game_pgn(other + 1000);
  EXPECT_FALSE(unknown.ok() || unknown.error().empty())
      << "game " << other + 1000 << (unknown.ok() ? " gave:\n" + unknown.value() : " failed without a message");
}

TEST_F(StoreGames, ExportHasEveryGameOnceOldestFirst) {
  auto store = open();
  ASSERT_TRUE(store);
  std::vector<FinishedGame> games;
  for (const char* result : {"1-0", "1/2-1/2", "0-1", "1-0"}) games.push_back(finished(me_, random_ai(), result));
  games.push_back(finished(random_ai(), alphabeta("hard", 6), "0-1", GameSource::Demo));
  for (const FinishedGame& game : games) record(*store, game);
  const GameRecords::PgnExport exported = must(store->games().export_all_pgn(), "export_all_pgn");
  EXPECT_EQ(exported.games, int(games.size()));
  EXPECT_EQ(must(store->games().kept_game_count(), "kept_game_count"), exported.games);
  const std::string& text = exported.text;
  std::size_t previous = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto at = occurrences(text, games[i].pgn);
    ASSERT_EQ(at.size(), 1u) << "game " << i << ":\n" << games[i].pgn << "\nin the export:\n" << text;
    EXPECT_TRUE(i == 0 || at[0] > previous) << "game " << i << " out of order in:\n" << text;
    previous = at[0];
  }
}

TEST_F(StoreGames, InvalidGamesAreRefusedAndNothingIsWritten) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  const std::string before = standings(*store);
  const std::int64_t players_before = fixtures::query_int(db_, "SELECT count(*) FROM players");

  FinishedGame bad_result = finished(me_, PlayerIdentity::ai("newcomer", "1.0", "", "newcomer"), "1-0");
  bad_result.result = "2-0";
  FinishedGame no_white = finished(me_, alphabeta("easy", 2), "1-0");
  no_white.white.name = "";
  FinishedGame no_black = finished(me_, alphabeta("easy", 2), "0-1");
  no_black.black.name = "";
  for (const FinishedGame* game : {&bad_result, &no_white, &no_black}) {
    auto id = store->games().record_game(*game);
    EXPECT_FALSE(id.ok() || id.error().empty())
        << (id.ok() ? "accepted as game " + std::to_string(id.value()) : "refused without a message") << ":\n"
        << game->pgn;
  }
  EXPECT_EQ(standings(*store), before);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM games"), 1);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM players"), players_before);
}

class StoreInterrupted : public fixtures::StoreTest {
 protected:
  static InterruptedGame sample(const std::string& moves) {
    return {"[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/4k3/4K3 w - - 0 1\"]\n\n" + moves,
            {"human", "", ""}, {"alphabeta", "hard", "depth=6\nbook=main.bin"},
            300000, 2000, 123456, 98765, 1'700'000'123, false, "you asked for a hint."};
  }
};

TEST_F(StoreInterrupted, RecordingTheKeptGameClearsItInTheSameTransaction) {
  auto store = open();
  ASSERT_TRUE(store);
  const InterruptedGame kept = sample("1. e4");
  ASSERT_TRUE(store->games().save_interrupted(kept).ok());
  FinishedGame refused = finished(me_, random_ai(), "2-0");
  refused.ends_interrupted = true;
  EXPECT_FALSE(store->games().record_game(refused).ok());
  EXPECT_EQ(must(store->games().interrupted(), "interrupted"), kept) << "a game not recorded stays kept";
  FinishedGame other = finished(me_, random_ai(), "1-0");
  record(*store, other);
  EXPECT_EQ(must(store->games().interrupted(), "interrupted"), kept) << "another game leaves the kept one";
  FinishedGame ended = finished(me_, random_ai(), "0-1");
  ended.ends_interrupted = true;
  record(*store, ended);
  EXPECT_EQ(must(store->games().interrupted(), "interrupted"), std::nullopt);
}

TEST_F(StoreInterrupted, SavedGameComesBackAfterReopeningUntilCleared) {
  const InterruptedGame first = sample("1. e4");
  InterruptedGame second = sample("1. d4 d5");
  second.black = {"random", "", ""};
  second.clock_initial_ms = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    auto none = must(store->games().interrupted(), "interrupted");
    EXPECT_FALSE(none.has_value()) << "a fresh store offers to resume:\n" << none->pgn;
    EXPECT_TRUE(must(store->games().save_interrupted(first), "save_interrupted"));
    auto back = must(store->games().interrupted(), "interrupted");
    ASSERT_TRUE(back.has_value());
    EXPECT_TRUE(*back == first) << back->pgn;
  }
  auto store = open();
  ASSERT_TRUE(store);
  auto back = must(store->games().interrupted(), "interrupted");
  ASSERT_TRUE(back.has_value()) << "lost on reopening " << db_;
  EXPECT_TRUE(*back == first) << back->pgn;

  EXPECT_TRUE(must(store->games().save_interrupted(second), "save_interrupted"));
  back = must(store->games().interrupted(), "interrupted");
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(*back == second) << "the second save must replace the first:\n" << back->pgn;

  EXPECT_TRUE(must(store->games().clear_interrupted(), "clear_interrupted"));
  back = must(store->games().interrupted(), "interrupted");
  EXPECT_FALSE(back.has_value()) << back->pgn;
}

}  // namespace
}  // namespace gambit::store
