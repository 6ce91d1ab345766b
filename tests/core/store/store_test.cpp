// SPDX-License-Identifier: MIT
// The Store through its public API: recording games, standings, ratings,
// the games list and PGN, resetting scores, reopening, the interrupted game.
#include "core/store/store.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

using fixtures::alphabeta;
using fixtures::describe;
using fixtures::find_row;
using fixtures::finished;
using fixtures::random_ai;

class StoreRecording : public fixtures::StoreTest {
 protected:
  std::string standings(Store& store) { return describe(must(store.standings(), "standings")); }
};

TEST_F(StoreRecording, StandingsCountFromTheProfilesSideWithEitherColour) {
  auto store = open();
  ASSERT_TRUE(store);
  const PlayerIdentity hard = alphabeta("hard", 6);
  record(*store, finished(me_, hard, "1-0"));                      // win as White
  record(*store, finished(hard, me_, "0-1"));                      // win as Black
  record(*store, finished(hard, me_, "1-0"));                      // loss as Black
  record(*store, finished(me_, hard, "1/2-1/2"));                  // draw as White
  record(*store, finished(alphabeta("hard", 6), me_, "1/2-1/2"));  // the same identity made again
  EXPECT_EQ(standings(*store), "1 standing rows:\n  alphabeta (hard) [vs-ai] +2 =2 -1\n");
  EXPECT_DOUBLE_EQ(must(store->standings(), "standings").at(0).score_percent(), 60.0);
}

TEST_F(StoreRecording, AnAiWithOtherOptionsIsAnotherOpponent) {
  auto store = open();
  ASSERT_TRUE(store);
  for (int i = 0; i < 3; ++i) record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  for (int i = 0; i < 2; ++i) record(*store, finished(me_, alphabeta("hard", 6), "0-1"));
  // Same plugin, version and label, different options: still two opponents.
  record(*store, finished(me_, PlayerIdentity::ai("alphabeta", "1.0", "depth=3", "alphabeta (custom)"), "1-0"));
  record(*store, finished(me_, PlayerIdentity::ai("alphabeta", "1.0", "depth=4", "alphabeta (custom)"), "1-0"));
  EXPECT_EQ(standings(*store),
            "4 standing rows:\n  alphabeta (easy) [vs-ai] +3 =0 -0\n  alphabeta (hard) [vs-ai] +0 =0 -2\n"
            "  alphabeta (custom) [vs-ai] +1 =0 -0\n  alphabeta (custom) [vs-ai] +1 =0 -0\n");
}

TEST_F(StoreRecording, HumanVsHumanIsCountedForWhite) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, me_, "1-0"));
  record(*store, finished(me_, me_, "1-0"));
  record(*store, finished(me_, me_, "0-1"));
  EXPECT_EQ(standings(*store), "1 standing rows:\n  human vs human [human-vs-human] +2 =0 -1\n");
}

TEST_F(StoreRecording, AiPairingIsCountedForTheLabelThatSortsFirst) {
  auto store = open();
  ASSERT_TRUE(store);
  const PlayerIdentity a = alphabeta("hard", 6);  // "alphabeta (hard)" sorts before "random"
  const PlayerIdentity b = random_ai();
  record(*store, finished(b, a, "1-0", GameSource::Demo));  // B wins with White: a loss for A
  record(*store, finished(b, a, "1-0", GameSource::Demo));
  record(*store, finished(b, a, "0-1", GameSource::Demo));  // A wins with Black
  record(*store, finished(a, b, "1/2-1/2", GameSource::Match));
  EXPECT_EQ(standings(*store), "1 standing rows:\n  alphabeta (hard) vs random [ai-vs-ai] +1 =1 -2\n");
}

TEST_F(StoreRecording, StandingsListOpponentsByGamesThenHumansThenPairings) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(random_ai(), alphabeta("easy", 2), "1-0"));
  record(*store, finished(me_, me_, "1-0"));
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  for (int i = 0; i < 3; ++i) record(*store, finished(alphabeta("hard", 6), me_, "1-0"));
  EXPECT_EQ(standings(*store),
            "4 standing rows:\n  alphabeta (hard) [vs-ai] +0 =0 -3\n  alphabeta (easy) [vs-ai] +1 =0 -0\n"
            "  human vs human [human-vs-human] +1 =0 -0\n  alphabeta (easy) vs random [ai-vs-ai] +0 =0 -1\n");
}

TEST(Standing, ScorePercentCountsDrawsAsHalfPoints) {
  EXPECT_DOUBLE_EQ((Standing{Standing::Kind::VsAi, "x", 2, 1, 1}).score_percent(), 62.5);
  EXPECT_DOUBLE_EQ((Standing{Standing::Kind::VsAi, "x", 0, 0, 3}).score_percent(), 0.0);
  EXPECT_DOUBLE_EQ((Standing{Standing::Kind::VsAi, "x", 0, 3, 0}).score_percent(), 50.0);
  EXPECT_DOUBLE_EQ((Standing{}).score_percent(), 0.0);
}

TEST(GameSourceName, RoundTripsAndRefusesOtherWords) {
  for (GameSource source : {GameSource::Window, GameSource::Demo, GameSource::Match})
    EXPECT_EQ(source_from_name(source_name(source)), source) << source_name(source);
  EXPECT_EQ(std::string(source_name(GameSource::Match)), "match");
  EXPECT_EQ(source_from_name("tournament"), std::nullopt);
}

TEST_F(StoreRecording, InvalidGamesAreRefusedAndNothingIsWritten) {
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
    auto id = store->record_game(*game);
    EXPECT_FALSE(id.ok() || id.error().empty())
        << (id.ok() ? "accepted as game " + std::to_string(id.value()) : "refused without a message") << ":\n"
        << game->pgn;
  }
  EXPECT_EQ(standings(*store), before);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM games"), 1);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM players"), players_before);
}

class StoreRatings : public fixtures::StoreTest {
 protected:
  // The person's rating after these games from the start, by Glicko-2 directly.
  static rating::Glicko2 glicko2_after(const std::vector<rating::GameResult>& games) {
    rating::Glicko2 r;
    for (const rating::GameResult& game : games) r = rating::update(r, {&game, 1});
    return r;
  }
  static void expect_rating(const rating::Glicko2& actual, const rating::Glicko2& expected, const std::string& what) {
    EXPECT_NEAR(actual.rating, expected.rating, 1e-9) << what;
    EXPECT_NEAR(actual.deviation, expected.deviation, 1e-9) << what;
    EXPECT_NEAR(actual.volatility, expected.volatility, 1e-12) << what;
  }
};

TEST_F(StoreRatings, AGameAgainstAPlacedOpponentIsOneGlicko2PeriodAndTheOpponentStaysPut) {
  auto winner = open_at(dir_.path() / "win.db");
  auto loser = open_at(dir_.path() / "loss.db");
  ASSERT_TRUE(winner && loser);
  const std::int64_t won = record(*winner, finished(me_, alphabeta("easy", 2), "1-0"));
  record(*loser, finished(alphabeta("easy", 2), me_, "1-0"));
  expect_rating(must(winner->rating(fixtures::Blitz), "rating"), glicko2_after({{1200, 40, 1}}), "after a win against 1200");
  expect_rating(must(loser->rating(fixtures::Blitz), "rating"), glicko2_after({{1200, 40, 0}}), "after a loss against 1200");
  // The AI's placement is what calibration said, whatever the results.
  EXPECT_EQ(fixtures::query_text(dir_.path() / "win.db", "SELECT rating || ' ' || rating_deviation FROM players WHERE "
                                                          "kind = 'ai'"),
            "1200.0 40.0");
  EXPECT_EQ(fixtures::query_int(dir_.path() / "win.db", "SELECT count(*) FROM ratings"), 1) << "the person's only";
  const auto change = must(winner->rating_change(won), "rating_change");
  ASSERT_TRUE(change);
  expect_rating(change->before, rating::Glicko2{}, "before the first game");
  expect_rating(change->after, glicko2_after({{1200, 40, 1}}), "after it");
}

TEST_F(StoreRatings, StartAtGlicko2sStartThenHaveOnePointPerRatedGameInOrder) {
  auto store = open();
  ASSERT_TRUE(store);
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), rating::Glicko2{}, "no games");
  EXPECT_EQ(must(store->rating_history(fixtures::Blitz), "rating_history").size(), 0u);
  std::vector<FinishedGame> mine = {finished(me_, alphabeta("easy", 2), "1-0"),
                                    finished(alphabeta("hard", 6), me_, "1/2-1/2"),
                                    finished(me_, alphabeta("hard", 6), "0-1")};
  std::vector<std::int64_t> ids;
  for (const FinishedGame& game : mine) {
    ids.push_back(record(*store, game));
    record(*store, finished(alphabeta("hard", 6), random_ai(), "1-0", GameSource::Demo));  // not the profile's
  }
  auto history = must(store->rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(history.size(), mine.size());
  const std::vector<rating::GameResult> results{{1200, 40, 1}, {2000, 40, 0.5}, {2000, 40, 0}};
  for (std::size_t i = 0; i < mine.size(); ++i) {
    EXPECT_EQ(history[i].game_id, ids[i]) << "point " << i;
    EXPECT_EQ(history[i].ended_at, mine[i].ended_at) << "point " << i;
    expect_rating(history[i].rating, glicko2_after({results.begin(), results.begin() + long(i) + 1}),
                  "point " + std::to_string(i));
  }
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), history.back().rating, "the latest point");
  const auto change = must(store->rating_change(ids[2]), "rating_change");
  ASSERT_TRUE(change);
  expect_rating(change->before, history[1].rating, "before the third game");
  EXPECT_FALSE(must(store->rating_change(ids[2] + 1), "rating_change")) << "the demo game rated nobody";
}

TEST_F(StoreRatings, GamesAgainstAnOpponentNoCalibrationPlacesAreKeptAndCountedButNotRated) {
  auto store = open();
  ASSERT_TRUE(store);
  const std::int64_t id = record(*store, finished(me_, fixtures::unplaced(alphabeta("hard", 6)), "1-0"));
  record(*store, finished(random_ai(), me_, "0-1"));
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), rating::Glicko2{}, "after two unrated games");
  EXPECT_FALSE(must(store->rating_change(id), "rating_change"));
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM ratings"), 0);
  const auto rows = must(store->standings(), "standings");
  const Standing* row = find_row(rows, "alphabeta (hard)");
  ASSERT_NE(row, nullptr) << describe(rows);
  EXPECT_EQ(row->wins, 1);
  ASSERT_NE(find_row(rows, "random"), nullptr) << describe(rows);
}

TEST_F(StoreRatings, PlacingAnOpponentLaterRatesItsEarlierGamesInOrder) {
  auto store = open();
  ASSERT_TRUE(store);
  const PlayerIdentity later = fixtures::unplaced(alphabeta("medium", 4));  // 1600 once placed
  record(*store, finished(me_, later, "1-0"));
  record(*store, finished(me_, alphabeta("easy", 2), "0-1"));
  record(*store, finished(later, me_, "1/2-1/2"));
  ASSERT_EQ(must(store->rating_history(fixtures::Blitz), "rating_history").size(), 1u);
  EXPECT_EQ(must(store->place_players({alphabeta("medium", 4), random_ai(), alphabeta("unknown", 9)}), "place"), 1)
      << "only identities in the file that were not placed so";
  const auto history = must(store->rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(history.size(), 3u);
  expect_rating(history.back().rating, glicko2_after({{1600, 40, 1}, {1200, 40, 0}, {1600, 40, 0.5}}),
                "all three, in the order played");
  EXPECT_EQ(must(store->place_players({alphabeta("medium", 4)}), "place again"), 0) << "nothing moved";
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM players WHERE name = 'alphabeta'"), 2)
      << "placing adds no player";
}

TEST_F(StoreRatings, ANewCalibrationOfAnOpponentRatesEveryGameAgainstItAgain) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  PlayerIdentity recalibrated = alphabeta("easy", 2);
  recalibrated.placement = Placement{1300, 30};
  record(*store, finished(me_, recalibrated, "1-0"));
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), glicko2_after({{1300, 30, 1}, {1300, 30, 1}}),
                "both games against the new placement");
  record(*store, finished(me_, fixtures::unplaced(alphabeta("easy", 2)), "0-1"));
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), glicko2_after({{1300, 30, 1}, {1300, 30, 1}, {1300, 30, 0}}),
                "a game recorded without a placement keeps the stored one");
}

TEST_F(StoreRatings, EachVariantAndSpeedHasARatingOfItsOwn) {
  auto store = open();
  ASSERT_TRUE(store);
  FinishedGame three_check = finished(me_, alphabeta("easy", 2), "1-0");
  three_check.variant = "threecheck";
  FinishedGame rapid = finished(me_, alphabeta("easy", 2), "0-1");
  rapid.time_control = "900+10";
  FinishedGame untimed = finished(me_, alphabeta("easy", 2), "1/2-1/2");
  untimed.time_control = "-";
  const std::int64_t three_check_id = record(*store, three_check);
  expect_rating(must(store->rating(fixtures::Blitz), "blitz"), rating::Glicko2{}, "a three-check win leaves standard alone");
  record(*store, rapid);
  record(*store, untimed);
  record(*store, finished(me_, alphabeta("hard", 6), "1-0"));
  const rating::RatingPool three_check_blitz{"threecheck", rating::Speed::Blitz};
  expect_rating(must(store->rating(three_check_blitz), "three-check"), glicko2_after({{1200, 40, 1}}), "three-check");
  expect_rating(must(store->rating({"standard", rating::Speed::Rapid}), "rapid"), glicko2_after({{1200, 40, 0}}),
                "rapid");
  expect_rating(must(store->rating({"standard", rating::Speed::Untimed}), "untimed"),
                glicko2_after({{1200, 40, 0.5}}), "untimed");
  expect_rating(must(store->rating(fixtures::Blitz), "blitz"), glicko2_after({{2000, 40, 1}}), "blitz: its one game");
  const auto pools = must(store->pools(), "pools");
  ASSERT_EQ(pools.size(), 4u);
  for (const PoolRating& pool : pools) {
    EXPECT_EQ(pool.games, 1) << pool.pool.key();
    expect_rating(pool.rating, must(store->rating(pool.pool), "rating"), pool.pool.key());
  }
  // A game's change is against the rating before it in its own pool.
  const auto change = must(store->rating_change(three_check_id), "change");
  ASSERT_TRUE(change);
  expect_rating(change->before, rating::Glicko2{}, "the first three-check game");
  const auto games = must(store->recent_games(10), "recent");
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].pool, fixtures::Blitz);
  EXPECT_TRUE(games[0].rated);
  EXPECT_NEAR(games[0].rating_change, glicko2_after({{2000, 40, 1}}).rating - store::InitialRating, 1e-9);
  EXPECT_EQ(games[3].pool, three_check_blitz);
}

TEST_F(StoreRatings, AGameRecordedUnratedIsNeverRatedEvenWhenItsOpponentIsPlacedLater) {
  auto store = open();
  ASSERT_TRUE(store);
  FinishedGame casual = finished(me_, alphabeta("easy", 2), "0-1");
  casual.rated = false;  // the window said "Not rated" (a hint, a take-back, options of its own)
  const std::int64_t id = record(*store, casual);
  FinishedGame before_placed = finished(me_, fixtures::unplaced(alphabeta("hard", 6)), "0-1");
  before_placed.rated = false;
  record(*store, before_placed);
  EXPECT_FALSE(must(store->rating_change(id), "change"));
  EXPECT_EQ(must(store->place_players({alphabeta("hard", 6)}), "place"), 1);
  EXPECT_EQ(must(store->rating_history(fixtures::Blitz), "history").size(), 0u);
  EXPECT_TRUE(must(store->pools(), "pools").empty());
  EXPECT_FALSE(must(store->recent_games(1), "recent")[0].rated);
}

TEST_F(StoreRatings, PlacingALevelGivesItsIdentityTheLevelsName) {
  auto store = open();
  ASSERT_TRUE(store);
  // A 1200 seat with the 1600's options was recorded as "alphabeta 1200".
  PlayerIdentity as_1600 = fixtures::unplaced(alphabeta("medium", 4));
  as_1600.label = "alphabeta (easy)";
  record(*store, finished(me_, as_1600, "0-1"));
  EXPECT_EQ(must(store->place_players({alphabeta("medium", 4)}), "place"), 1);
  EXPECT_NE(find_row(must(store->standings(), "standings"), "alphabeta (medium)"), nullptr);
  EXPECT_EQ(find_row(must(store->standings(), "standings"), "alphabeta (easy)"), nullptr);
}

TEST_F(StoreRatings, RecentGamesPlayedHereLeaveTheDemosOut) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  record(*store, finished(alphabeta("hard", 6), random_ai(), "1-0", GameSource::Demo));
  record(*store, finished(alphabeta("hard", 6), random_ai(), "0-1", GameSource::Match));
  EXPECT_EQ(must(store->recent_games(10), "all").size(), 3u);
  const auto mine = must(store->recent_games(10, true), "played here");
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0].source, GameSource::Window);
}

TEST_F(StoreRatings, HumanVsHumanWithTheProfileLeavesTheRatingAlone) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  const auto before = must(store->rating(fixtures::Blitz), "rating");
  record(*store, finished(me_, me_, "1-0"));
  record(*store, finished(me_, me_, "0-1"));
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), before, "after two games against myself");
}

TEST_F(StoreRatings, OtherHumansAndAIsAmongThemselvesLeaveRatingsAlone) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  const auto before = must(store->rating(fixtures::Blitz), "rating");
  record(*store, finished(me_, PlayerIdentity::person("Guest"), "1-0"));
  // random against random: one identity on both sides (gambit-match, the demo).
  EXPECT_GT(record(*store, finished(random_ai(), random_ai(), "0-1", GameSource::Match)), 0);
  record(*store, finished(alphabeta("hard", 6), alphabeta("easy", 2), "1-0", GameSource::Demo));
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), before, "after games not the profile's against a placed AI");
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM ratings"), 1) << "only the game against alphabeta is rated";
  const auto rows = must(store->standings(), "standings");
  const Standing* self = fixtures::find_row(rows, "random vs random");
  ASSERT_NE(self, nullptr) << fixtures::describe(rows);
  EXPECT_EQ(self->losses, 1) << "counted for White";
  store.reset();
  EXPECT_TRUE(open()) << "a self-play game must not stop the store from opening (ratings rebuilt on open)";
}

TEST_F(StoreRatings, AGameFromATypedPositionIsKeptAndShownButNotRated) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  const auto before = must(store->rating(fixtures::Blitz), "rating");
  const std::int64_t id = record(*store, fixtures::finished_from_position(me_, alphabeta("easy", 2)));
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), before, "a mate from a typed position is not a rated win");
  EXPECT_EQ(must(store->rating_history(fixtures::Blitz), "rating_history").size(), 1u);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM ratings WHERE game_id = " + std::to_string(id)), 0);
  const auto recent = must(store->recent_games(10), "recent_games");
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_EQ(recent.front().id, id) << "shown with the other games";
  EXPECT_NE(must(store->game_pgn(id), "game_pgn").find("Ra8#"), std::string::npos);
  store.reset();
  store = open();  // reopening does not rate it either (ratings are rebuilt for unrated games on open)
  ASSERT_TRUE(store);
  expect_rating(must(store->rating(fixtures::Blitz), "rating"), before, "reopened");
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
  auto three = must(store->recent_games(3), "recent_games");
  ASSERT_EQ(three.size(), 3u);
  auto all = must(store->recent_games(100), "recent_games");
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

TEST_F(StoreGames, GamePgnIsExactlyTheRecordedText) {
  auto store = open();
  ASSERT_TRUE(store);
  FinishedGame game = finished(me_, alphabeta("easy", 2), "1-0");
  game.pgn = "[Event \"caf\xC3\xA9 \\\"quoted\\\"\"]\r\n[White \"Player\"]\n\n1. e4 {a comment\nover two lines; "
             "with ' and \" } e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\n";
  const std::int64_t id = record(*store, game);
  const std::int64_t other = record(*store, finished(me_, alphabeta("easy", 2), "0-1"));
  auto pgn = must(store->game_pgn(id), "game_pgn");
  EXPECT_EQ(pgn, game.pgn);
  auto unknown = store->game_pgn(other + 1000);
  EXPECT_FALSE(unknown.ok() || unknown.error().empty())
      << "game " << other + 1000 << (unknown.ok() ? " gave:\n" + unknown.value() : " failed without a message");
}

// Where pgn (without its trailing newlines) occurs in text, and how often.
std::vector<std::size_t> occurrences(const std::string& text, std::string pgn) {
  while (!pgn.empty() && pgn.back() == '\n') pgn.pop_back();
  std::vector<std::size_t> at;
  for (std::size_t i = text.find(pgn); i != std::string::npos; i = text.find(pgn, i + 1)) at.push_back(i);
  return at;
}

TEST_F(StoreGames, ExportHasEveryGameOnceOldestFirst) {
  auto store = open();
  ASSERT_TRUE(store);
  std::vector<FinishedGame> games;
  for (const char* result : {"1-0", "1/2-1/2", "0-1", "1-0"}) games.push_back(finished(me_, random_ai(), result));
  games.push_back(finished(random_ai(), alphabeta("hard", 6), "0-1", GameSource::Demo));
  for (const FinishedGame& game : games) record(*store, game);
  const Store::PgnExport exported = must(store->export_all_pgn(), "export_all_pgn");
  EXPECT_EQ(exported.games, int(games.size()));
  const std::string& text = exported.text;
  std::size_t previous = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto at = occurrences(text, games[i].pgn);
    ASSERT_EQ(at.size(), 1u) << "game " << i << ":\n" << games[i].pgn << "\nin the export:\n" << text;
    EXPECT_TRUE(i == 0 || at[0] > previous) << "game " << i << " out of order in:\n" << text;
    previous = at[0];
  }
}

class StoreReset : public fixtures::StoreTest {};

TEST_F(StoreReset, ArchivesEveryGameAndStartsAgain) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(must(store->reset_scores(), "reset_scores of an empty store"), 0);
  const FinishedGame first = finished(me_, alphabeta("easy", 2), "1-0");
  const std::int64_t first_id = record(*store, first);
  record(*store, finished(alphabeta("hard", 6), me_, "1-0"));
  record(*store, finished(random_ai(), alphabeta("hard", 6), "1/2-1/2", GameSource::Demo));
  record(*store, finished(me_, me_, "0-1"));
  EXPECT_EQ(must(store->reset_scores(), "reset_scores"), 4);

  auto rows = must(store->standings(), "standings");
  EXPECT_TRUE(rows.empty()) << describe(rows);
  EXPECT_EQ(must(store->rating(fixtures::Blitz), "rating").rating, InitialRating);
  EXPECT_EQ(must(store->rating(fixtures::Blitz), "rating").deviation, rating::Glicko2{}.deviation);
  auto history = must(store->rating_history(fixtures::Blitz), "rating_history");
  EXPECT_TRUE(history.empty()) << history.size() << " points";
  auto recent = must(store->recent_games(10), "recent_games");
  EXPECT_TRUE(recent.empty()) << recent.size() << " games, the first " << recent.front().id;
  auto exported = must(store->export_all_pgn(), "export_all_pgn").text;
  EXPECT_TRUE(occurrences(exported, first.pgn).empty()) << exported;
  EXPECT_EQ(must(store->game_pgn(first_id), "game_pgn of an archived game"), first.pgn);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM games"), 4) << "archived games must stay in " << db_;

  // Counting starts from nothing.
  const std::int64_t after_id = record(*store, finished(me_, alphabeta("hard", 6), "1-0"));
  rows = must(store->standings(), "standings");
  ASSERT_EQ(rows.size(), 1u) << describe(rows);
  EXPECT_EQ(rows.front().wins, 1) << describe(rows);
  EXPECT_EQ(rows.front().games(), 1) << describe(rows);
  history = must(store->rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history.front().game_id, after_id);
  EXPECT_GT(history.front().rating.rating, InitialRating);
  EXPECT_EQ(must(store->reset_scores(), "reset_scores"), 1) << "only the game since the last reset";
}

class StorePersistence : public fixtures::StoreTest {};

TEST_F(StorePersistence, EverythingIsThereAfterReopening) {
  std::string standings, pgn;
  std::vector<RatingPoint> history;
  std::vector<std::int64_t> recent_ids;
  std::int64_t id = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    id = record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
    record(*store, finished(alphabeta("hard", 6), me_, "1/2-1/2"));
    record(*store, finished(random_ai(), alphabeta("hard", 6), "0-1", GameSource::Demo));
    standings = describe(must(store->standings(), "standings"));
    history = must(store->rating_history(fixtures::Blitz), "rating_history");
    for (const GameSummary& game : must(store->recent_games(10), "recent_games")) recent_ids.push_back(game.id);
    pgn = must(store->game_pgn(id), "game_pgn");
  }
  auto store = open();
  ASSERT_TRUE(store);
  auto rows = must(store->standings(), "standings");
  EXPECT_EQ(describe(rows), standings);
  auto points = must(store->rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(points.size(), history.size());
  for (std::size_t i = 0; i < history.size(); ++i) {
    EXPECT_EQ(points[i].game_id, history[i].game_id) << "point " << i;
    EXPECT_EQ(points[i].rating.rating, history[i].rating.rating) << "point " << i;
    EXPECT_EQ(points[i].rating.deviation, history[i].rating.deviation) << "point " << i;
  }
  auto recent = must(store->recent_games(10), "recent_games");
  std::vector<std::int64_t> ids;
  for (const GameSummary& game : recent) ids.push_back(game.id);
  EXPECT_EQ(ids, recent_ids);
  auto again = must(store->game_pgn(id), "game_pgn");
  EXPECT_EQ(again, pgn);
}

TEST_F(StorePersistence, AnotherProfileDoesNotCountPlayersGames) {
  {
    auto player = open();
    ASSERT_TRUE(player);
    record(*player, finished(me_, alphabeta("easy", 2), "1-0"));
    record(*player, finished(alphabeta("hard", 6), me_, "0-1"));
  }
  auto ann = open("Ann");
  ASSERT_TRUE(ann);
  EXPECT_EQ(ann->profile(), "Ann");
  auto rows = must(ann->standings(), "standings");
  for (const Standing& row : rows) EXPECT_NE(row.kind, Standing::Kind::VsAi) << describe(rows);
  EXPECT_EQ(must(ann->rating(fixtures::Blitz), "rating").rating, InitialRating);
  EXPECT_TRUE(must(ann->rating_history(fixtures::Blitz), "rating_history").empty());
  record(*ann, finished(PlayerIdentity::person("Ann"), alphabeta("easy", 2), "0-1"));
  rows = must(ann->standings(), "standings");
  ASSERT_EQ(rows.size(), 1u) << describe(rows);
  EXPECT_EQ(rows.front().losses, 1) << describe(rows);
  ann.reset();

  auto player = open();
  ASSERT_TRUE(player);
  rows = must(player->standings(), "standings");
  const Standing* easy = find_row(rows, "alphabeta (easy)");
  ASSERT_TRUE(easy) << describe(rows);
  EXPECT_EQ(easy->wins, 1) << "Ann's loss must not count for Player\n" << describe(rows);
  EXPECT_EQ(easy->losses, 0) << "Ann's loss must not count for Player\n" << describe(rows);
  EXPECT_EQ(must(player->rating_history(fixtures::Blitz), "rating_history").size(), 2u);
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
  ASSERT_TRUE(store->save_interrupted(kept).ok());
  FinishedGame refused = finished(me_, random_ai(), "2-0");
  refused.ends_interrupted = true;
  EXPECT_FALSE(store->record_game(refused).ok());
  EXPECT_EQ(must(store->interrupted(), "interrupted"), kept) << "a game not recorded stays kept";
  FinishedGame other = finished(me_, random_ai(), "1-0");
  record(*store, other);
  EXPECT_EQ(must(store->interrupted(), "interrupted"), kept) << "another game leaves the kept one";
  FinishedGame ended = finished(me_, random_ai(), "0-1");
  ended.ends_interrupted = true;
  record(*store, ended);
  EXPECT_EQ(must(store->interrupted(), "interrupted"), std::nullopt);
}

TEST_F(StoreInterrupted, SavedGameComesBackAfterReopeningUntilCleared) {
  const InterruptedGame first = sample("1. e4");
  InterruptedGame second = sample("1. d4 d5");
  second.black = {"random", "", ""};
  second.clock_initial_ms = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    auto none = must(store->interrupted(), "interrupted");
    EXPECT_FALSE(none.has_value()) << "a fresh store offers to resume:\n" << none->pgn;
    EXPECT_TRUE(must(store->save_interrupted(first), "save_interrupted"));
    auto back = must(store->interrupted(), "interrupted");
    ASSERT_TRUE(back.has_value());
    EXPECT_TRUE(*back == first) << back->pgn;
  }
  auto store = open();
  ASSERT_TRUE(store);
  auto back = must(store->interrupted(), "interrupted");
  ASSERT_TRUE(back.has_value()) << "lost on reopening " << db_;
  EXPECT_TRUE(*back == first) << back->pgn;

  EXPECT_TRUE(must(store->save_interrupted(second), "save_interrupted"));
  back = must(store->interrupted(), "interrupted");
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(*back == second) << "the second save must replace the first:\n" << back->pgn;

  EXPECT_TRUE(must(store->clear_interrupted(), "clear_interrupted"));
  back = must(store->interrupted(), "interrupted");
  EXPECT_FALSE(back.has_value()) << back->pgn;
}

}  // namespace
}  // namespace gambit::store

namespace gambit::store {
namespace {

class StoreReviews : public fixtures::StoreTest {};

TEST_F(StoreReviews, AReviewIsKeptPerGameAnalyserAndBudgetAndSurvivesReopening) {
  std::int64_t game = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    game = record(*store, fixtures::finished(me_, fixtures::alphabeta("hard", 6), "1-0"));
    const GameSummary summary = must(store->game_summary(game), "summary");
    EXPECT_EQ(summary.id, game);
    EXPECT_EQ(summary.white, DefaultProfile);
    EXPECT_EQ(summary.result, "1-0");
    EXPECT_EQ(summary, must(store->recent_games(1), "recent").at(0));
    EXPECT_FALSE(store->game_summary(game + 1).ok());
    EXPECT_EQ(must(store->review(game, "alphabeta 1.4 hash_mb=64", "nodes 600000"), "review"), std::nullopt);
    const StoredReview first{"alphabeta 1.4 hash_mb=64", "nodes 600000", "cp 20 e2e4\ncp 10\n", 1700000000};
    ASSERT_TRUE(store->save_review(game, first).ok());
    // Another budget is another review; the same analyser and budget replace it.
    ASSERT_TRUE(store->save_review(game, {first.analyser, "nodes 1000", "cp 0\n", 1700000001}).ok());
    ASSERT_TRUE(store->save_review(game, {first.analyser, first.budget, "cp 30 d2d4\ncp 5\n", 1700000002}).ok());
  }
  auto store = open();
  ASSERT_TRUE(store);
  const auto kept = must(store->review(game, "alphabeta 1.4 hash_mb=64", "nodes 600000"), "review");
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->verdicts, "cp 30 d2d4\ncp 5\n");
  EXPECT_EQ(kept->made_at, 1700000002);
  EXPECT_EQ(must(store->review(game, "alphabeta 1.4 hash_mb=64", "nodes 1000"), "review")->verdicts, "cp 0\n");
  EXPECT_EQ(must(store->review(game, "stockfish", "nodes 600000"), "review"), std::nullopt);
}

TEST_F(StoreReviews, AReviewOfAGameNotThereIsRefused) {
  auto store = open();
  ASSERT_TRUE(store);
  Result<bool> saved = store->save_review(42, {"a", "b", "cp 0\n", 1});
  ASSERT_FALSE(saved.ok());
  EXPECT_NE(saved.error().find("there is no game number 42"), std::string::npos) << saved.error();
}

}  // namespace
}  // namespace gambit::store
