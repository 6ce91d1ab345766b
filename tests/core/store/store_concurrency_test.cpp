// SPDX-License-Identifier: MIT
// Several writers on one file (threads and processes) and a writer killed at
// any instant: every committed game is kept, the file stays sound, no game is
// without its ratings, and nothing is ever set aside.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <latch>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

namespace fs = std::filesystem;
using fixtures::alphabeta;
using fixtures::finished;

// Every game here is the profile's against a placed AI, so each has one rating
// row (the person's). How many games break that, and ratings without a game.
constexpr const char* GamesWithoutTheirRatings =
    "SELECT count(*) FROM games g WHERE (SELECT count(*) FROM ratings r WHERE r.game_id = g.id) <> 1";
constexpr const char* RatingsWithoutAGame =
    "SELECT count(*) FROM ratings r WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = r.game_id)";

std::string status_text(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "status " + std::to_string(status);
}

class StoreConcurrency : public fixtures::StoreTest {
 protected:
  void SetUp() override {
    auto made = open();  // the file exists, migrated, before any writer starts
    ASSERT_TRUE(made);
  }

  // count wins of the profile against one AI, each recorded as its own game.
  std::vector<FinishedGame> wins(int count) const {
    std::vector<FinishedGame> games;
    for (int i = 0; i < count; ++i) games.push_back(finished(me_, alphabeta("easy", 2), "1-0"));
    return games;
  }

  // The file holds exactly `games` wins of the profile, each with its
  // ratings, one rating point each, rising every game (no write was based on
  // a stale rating), ending where the same wins recorded one by one end.
  void expect_all_wins_kept(int games) {
    EXPECT_EQ(fixtures::query_text(db_, "PRAGMA integrity_check"), "ok") << db_;
    EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM games"), games) << db_;
    EXPECT_EQ(fixtures::query_int(db_, GamesWithoutTheirRatings), 0) << db_;
    auto store = open();
    ASSERT_TRUE(store);
    EXPECT_EQ(must(store->games().recent_games(10 * games), "recent_games").size(), std::size_t(games));
    const auto history = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
    ASSERT_EQ(history.size(), std::size_t(games));
    for (std::size_t i = 1; i < history.size(); ++i)
      EXPECT_GT(history[i].rating.rating, history[i - 1].rating.rating)
          << "after game " << history[i].game_id << " the rating did not rise from " << history[i - 1].rating.rating;
    auto sequential = open_at(dir_.path() / "one-by-one.db");
    ASSERT_TRUE(sequential);
    for (const FinishedGame& game : wins(games)) record(*sequential, game);
    EXPECT_NEAR(must(store->ratings().rating(fixtures::Blitz), "rating").rating,
                must(sequential->ratings().rating(fixtures::Blitz), "rating").rating, 1e-6);
  }
};

TEST_F(StoreConcurrency, TwoThreadsRecordingAtOnceKeepEveryGame) {
  constexpr int PerThread = 50;
  const std::vector<FinishedGame> games[2] = {wins(PerThread), wins(PerThread)};
  std::vector<std::string> errors[2];
  std::vector<std::int64_t> ids[2];
  std::latch start(2);
  auto writer = [&](int n) {
    start.arrive_and_wait();
    auto opened = Store::open(db_);
    if (!opened.ok()) {
      errors[n].push_back("open: " + opened.error());
      return;
    }
    if (opened.value().notice) errors[n].push_back("notice: " + *opened.value().notice);
    for (const FinishedGame& game : games[n]) {
      auto id = opened.value().store->games().record_game(game);
      if (id.ok())
        ids[n].push_back(id.value());
      else
        errors[n].push_back("game " + std::to_string(ids[n].size()) + ": " + id.error());
    }
  };
  std::thread first(writer, 0), second(writer, 1);
  first.join();
  second.join();
  std::set<std::int64_t> distinct;
  for (int n = 0; n < 2; ++n) {
    for (const std::string& error : errors[n]) ADD_FAILURE() << "thread " << n << ": " << error;
    EXPECT_EQ(ids[n].size(), std::size_t(PerThread)) << "games recorded by thread " << n;
    distinct.insert(ids[n].begin(), ids[n].end());
  }
  EXPECT_EQ(distinct.size(), ids[0].size() + ids[1].size()) << "two games were given the same id";
  expect_all_wins_kept(2 * PerThread);
}

TEST_F(StoreConcurrency, TwoProcessesRecordingAtOnceKeepEveryGame) {
  constexpr int PerProcess = 40;
  const std::vector<FinishedGame> games = wins(PerProcess);
  int go[2];
  ASSERT_EQ(::pipe(go), 0);
  pid_t children[2] = {-1, -1};
  for (pid_t& child : children) {
    child = ::fork();
    ASSERT_GE(child, 0) << "fork failed";
    if (child == 0) {  // no gtest in here: an exit status and a line on stderr
      ::close(go[1]);
      char byte;
      while (::read(go[0], &byte, 1) > 0) {
      }
      auto opened = Store::open(db_);
      if (!opened.ok() || opened.value().notice) {
        std::fprintf(stderr, "child %d: open: %s\n", int(::getpid()),
                     opened.ok() ? opened.value().notice->c_str() : opened.error().c_str());
        ::_exit(1);
      }
      for (const FinishedGame& game : games) {
        auto id = opened.value().store->games().record_game(game);
        if (!id.ok()) {
          std::fprintf(stderr, "child %d: record_game: %s\n", int(::getpid()), id.error().c_str());
          ::_exit(1);
        }
      }
      ::_exit(0);
    }
  }
  ::close(go[0]);
  ::close(go[1]);  // both start now
  for (pid_t child : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "writer process " << child << " " << status_text(status) << " (its message is on stderr)";
  }
  expect_all_wins_kept(2 * PerProcess);
}

TEST_F(StoreConcurrency, ManyFirstOpensOfANewFileAtOnceSetNothingAside) {
  constexpr int Rounds = 40, Openers = 6;
  for (int round = 0; round < Rounds; ++round) {
    const fs::path path = dir_.path() / ("new-" + std::to_string(round) + ".db");
    std::vector<std::string> problems(Openers);
    std::latch start(Openers);
    std::vector<std::thread> openers;
    for (int n = 0; n < Openers; ++n)
      openers.emplace_back([&, n] {
        start.arrive_and_wait();
        auto opened = Store::open(path);
        if (!opened.ok())
          problems[n] = "failed: " + opened.error();
        else if (opened.value().notice)
          problems[n] = "set the file aside: " + *opened.value().notice;
      });
    for (std::thread& opener : openers) opener.join();
    for (int n = 0; n < Openers; ++n)
      EXPECT_TRUE(problems[n].empty()) << "round " << round << ", opener " << n << " " << problems[n];
    EXPECT_TRUE(fixtures::set_aside_files(path).empty()) << fixtures::folder_listing(dir_.path());
    EXPECT_EQ(fixtures::query_int(path, "PRAGMA user_version"), SchemaVersion) << path;
    if (HasFailure()) return;  // the rounds after the first failing one add nothing
  }
}

// The number of games in the file; -1 while it cannot be read.
std::int64_t games_in(Connection& db) {
  auto count = db.query_int("SELECT count(*) FROM games");
  return count.ok() ? count.value() : -1;
}

TEST_F(StoreConcurrency, AWriterKilledAtAnyInstantLosesNoCommittedGame) {
  const std::vector<FinishedGame> cycle = {finished(me_, alphabeta("easy", 2), "1-0"),
                                           finished(alphabeta("hard", 6), me_, "1-0"),
                                           finished(me_, alphabeta("hard", 6), "1/2-1/2")};
  const int more_games[] = {3, 1, 12, 5, 8};  // before each kill
  std::int64_t committed = 0;
  for (int round = 0; round < 5; ++round) {
    SCOPED_TRACE("round " + std::to_string(round) + ", " + std::to_string(committed) + " games before it");
    const pid_t child = ::fork();
    ASSERT_GE(child, 0) << "fork failed";
    if (child == 0) {  // records until killed
      auto opened = Store::open(db_);
      if (!opened.ok() || opened.value().notice) {
        std::fprintf(stderr, "writer: open: %s\n",
                     opened.ok() ? opened.value().notice->c_str() : opened.error().c_str());
        ::_exit(1);
      }
      for (std::size_t i = 0;; ++i) {
        auto id = opened.value().store->games().record_game(cycle[i % cycle.size()]);
        if (!id.ok()) {
          std::fprintf(stderr, "writer: record_game: %s\n", id.error().c_str());
          ::_exit(2);
        }
      }
    }
    std::int64_t seen = -1;
    {
      auto poll = fixtures::raw_connection(db_);
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
      int status = 0;
      while (poll && (seen = games_in(*poll)) < committed + more_games[round]) {
        if (::waitpid(child, &status, WNOHANG) == child) {
          ADD_FAILURE() << "the writer stopped by itself: " << status_text(status) << " (see stderr)";
          return;
        }
        if (std::chrono::steady_clock::now() > deadline) {
          ::kill(child, SIGKILL);
          ::waitpid(child, &status, 0);
          FAIL() << "the writer recorded only " << seen << " games in 30 s";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      // Kill a little later each round, to land at other points of a write.
      std::this_thread::sleep_for(std::chrono::microseconds(700 * round));
      ::kill(child, SIGKILL);
      ASSERT_EQ(::waitpid(child, &status, 0), child);
      EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the writer " << status_text(status);
      ASSERT_TRUE(poll);
    }
    auto opened = Store::open(db_);
    ASSERT_TRUE(opened.ok()) << opened.error();
    EXPECT_FALSE(opened.value().notice) << "a file left by a killed writer was set aside: " << *opened.value().notice;
    EXPECT_TRUE(fixtures::set_aside_files(db_).empty()) << fixtures::folder_listing(dir_.path());
    EXPECT_EQ(fixtures::query_text(db_, "PRAGMA integrity_check"), "ok");
    const std::int64_t games = fixtures::query_int(db_, "SELECT count(*) FROM games");
    EXPECT_GE(games, seen) << "games committed before the kill were lost";
    EXPECT_EQ(fixtures::query_int(db_, GamesWithoutTheirRatings), 0) << "a game was written without its ratings";
    EXPECT_EQ(fixtures::query_int(db_, RatingsWithoutAGame), 0);
    Store& store = *opened.value().store;
    EXPECT_EQ(std::int64_t(must(store.ratings().rating_history(fixtures::Blitz), "rating_history").size()), games);
    EXPECT_GT(record(store, cycle[0]), 0) << "the store does not work after the kill";
    committed = games + 1;
    if (HasFailure()) return;
  }
}

}  // namespace
}  // namespace gambit::store
