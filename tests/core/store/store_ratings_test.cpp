// SPDX-License-Identifier: MIT
// Ratings (store.ratings()): the standings counted from the games, the
// person's Glicko-2 rating per pool after each rated game (and which games are
// not rated), placing the AIs, resetting the scores.
#include "core/store/ratings.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

using fixtures::alphabeta;
using fixtures::describe;
using fixtures::expect_rating;
using fixtures::find_row;
using fixtures::finished;
using fixtures::occurrences;
using fixtures::random_ai;

class StoreRecording : public fixtures::StoreTest {};

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
  EXPECT_DOUBLE_EQ(must(store->ratings().standings(), "standings").at(0).score_percent(), 60.0);
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

class StoreRatings : public fixtures::StoreTest {
 protected:
  // The person's rating after these games from the start, by Glicko-2 directly.
  static rating::Glicko2 glicko2_after(const std::vector<rating::GameResult>& games) {
    rating::Glicko2 r;
    for (const rating::GameResult& game : games) r = rating::update(r, {&game, 1});
    return r;
  }
};

TEST_F(StoreRatings, AGameAgainstAPlacedOpponentIsOneGlicko2PeriodAndTheOpponentStaysPut) {
  auto winner = open_at(dir_.path() / "win.db");
  auto loser = open_at(dir_.path() / "loss.db");
  ASSERT_TRUE(winner && loser);
  const std::int64_t won = record(*winner, finished(me_, alphabeta("easy", 2), "1-0"));
  record(*loser, finished(alphabeta("easy", 2), me_, "1-0"));
  expect_rating(must(winner->ratings().rating(fixtures::Blitz), "rating"), glicko2_after({{1200, 40, 1}}),
                "after a win against 1200");
  expect_rating(must(loser->ratings().rating(fixtures::Blitz), "rating"), glicko2_after({{1200, 40, 0}}),
                "after a loss against 1200");
  // The AI's placement is what calibration said, whatever the results.
  EXPECT_EQ(fixtures::query_text(dir_.path() / "win.db", "SELECT rating || ' ' || rating_deviation FROM players WHERE "
                                                          "kind = 'ai'"),
            "1200.0 40.0");
  EXPECT_EQ(fixtures::query_int(dir_.path() / "win.db", "SELECT count(*) FROM ratings"), 1) << "the person's only";
  const auto change = must(winner->ratings().rating_change(won), "rating_change");
  ASSERT_TRUE(change);
  expect_rating(change->before, rating::Glicko2{}, "before the first game");
  expect_rating(change->after, glicko2_after({{1200, 40, 1}}), "after it");
}

TEST_F(StoreRatings, StartAtGlicko2sStartThenHaveOnePointPerRatedGameInOrder) {
  auto store = open();
  ASSERT_TRUE(store);
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), rating::Glicko2{}, "no games");
  EXPECT_EQ(must(store->ratings().rating_history(fixtures::Blitz), "rating_history").size(), 0u);
  std::vector<FinishedGame> mine = {finished(me_, alphabeta("easy", 2), "1-0"),
                                    finished(alphabeta("hard", 6), me_, "1/2-1/2"),
                                    finished(me_, alphabeta("hard", 6), "0-1")};
  std::vector<std::int64_t> ids;
  for (const FinishedGame& game : mine) {
    ids.push_back(record(*store, game));
    record(*store, finished(alphabeta("hard", 6), random_ai(), "1-0", GameSource::Demo));  // not the profile's
  }
  auto history = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(history.size(), mine.size());
  const std::vector<rating::GameResult> results{{1200, 40, 1}, {2000, 40, 0.5}, {2000, 40, 0}};
  for (std::size_t i = 0; i < mine.size(); ++i) {
    EXPECT_EQ(history[i].game_id, ids[i]) << "point " << i;
    EXPECT_EQ(history[i].ended_at, mine[i].ended_at) << "point " << i;
    expect_rating(history[i].rating, glicko2_after({results.begin(), results.begin() + long(i) + 1}),
                  "point " + std::to_string(i));
  }
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), history.back().rating, "the latest point");
  const auto change = must(store->ratings().rating_change(ids[2]), "rating_change");
  ASSERT_TRUE(change);
  expect_rating(change->before, history[1].rating, "before the third game");
  EXPECT_FALSE(must(store->ratings().rating_change(ids[2] + 1), "rating_change")) << "the demo game rated nobody";
}

TEST_F(StoreRatings, GamesAgainstAnOpponentNoCalibrationPlacesAreKeptAndCountedButNotRated) {
  auto store = open();
  ASSERT_TRUE(store);
  const std::int64_t id = record(*store, finished(me_, fixtures::unplaced(alphabeta("hard", 6)), "1-0"));
  record(*store, finished(random_ai(), me_, "0-1"));
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), rating::Glicko2{}, "after two unrated games");
  EXPECT_FALSE(must(store->ratings().rating_change(id), "rating_change"));
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM ratings"), 0);
  const auto rows = must(store->ratings().standings(), "standings");
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
  ASSERT_EQ(must(store->ratings().rating_history(fixtures::Blitz), "rating_history").size(), 1u);
  EXPECT_EQ(must(store->ratings().place_players({alphabeta("medium", 4), random_ai(), alphabeta("unknown", 9)}),
                 "place"),
            1)
      << "only identities in the file that were not placed so";
  const auto history = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(history.size(), 3u);
  expect_rating(history.back().rating, glicko2_after({{1600, 40, 1}, {1200, 40, 0}, {1600, 40, 0.5}}),
                "all three, in the order played");
  EXPECT_EQ(must(store->ratings().place_players({alphabeta("medium", 4)}), "place again"), 0) << "nothing moved";
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
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), glicko2_after({{1300, 30, 1}, {1300, 30, 1}}),
                "both games against the new placement");
  record(*store, finished(me_, fixtures::unplaced(alphabeta("easy", 2)), "0-1"));
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"),
                glicko2_after({{1300, 30, 1}, {1300, 30, 1}, {1300, 30, 0}}),
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
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "blitz"), rating::Glicko2{},
                "a three-check win leaves standard alone");
  record(*store, rapid);
  record(*store, untimed);
  record(*store, finished(me_, alphabeta("hard", 6), "1-0"));
  const rating::RatingPool three_check_blitz{"threecheck", rating::Speed::Blitz};
  expect_rating(must(store->ratings().rating(three_check_blitz), "three-check"), glicko2_after({{1200, 40, 1}}),
                "three-check");
  expect_rating(must(store->ratings().rating({"standard", rating::Speed::Rapid}), "rapid"),
                glicko2_after({{1200, 40, 0}}),
                "rapid");
  expect_rating(must(store->ratings().rating({"standard", rating::Speed::Untimed}), "untimed"),
                glicko2_after({{1200, 40, 0.5}}), "untimed");
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "blitz"), glicko2_after({{2000, 40, 1}}),
                "blitz: its one game");
  const auto pools = must(store->ratings().pools(), "pools");
  ASSERT_EQ(pools.size(), 4u);
  for (const PoolRating& pool : pools) {
    EXPECT_EQ(pool.games, 1) << pool.pool.key();
    expect_rating(pool.rating, must(store->ratings().rating(pool.pool), "rating"), pool.pool.key());
  }
  // A game's change is against the rating before it in its own pool.
  const auto change = must(store->ratings().rating_change(three_check_id), "change");
  ASSERT_TRUE(change);
  expect_rating(change->before, rating::Glicko2{}, "the first three-check game");
  const auto games = must(store->games().recent_games(10), "recent");
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
  EXPECT_FALSE(must(store->ratings().rating_change(id), "change"));
  EXPECT_EQ(must(store->ratings().place_players({alphabeta("hard", 6)}), "place"), 1);
  EXPECT_EQ(must(store->ratings().rating_history(fixtures::Blitz), "history").size(), 0u);
  EXPECT_TRUE(must(store->ratings().pools(), "pools").empty());
  EXPECT_FALSE(must(store->games().recent_games(1), "recent")[0].rated);
}

TEST_F(StoreRatings, PlacingALevelGivesItsIdentityTheLevelsName) {
  auto store = open();
  ASSERT_TRUE(store);
  // A 1200 seat with the 1600's options was recorded as "alphabeta 1200".
  PlayerIdentity as_1600 = fixtures::unplaced(alphabeta("medium", 4));
  as_1600.label = "alphabeta (easy)";
  record(*store, finished(me_, as_1600, "0-1"));
  EXPECT_EQ(must(store->ratings().place_players({alphabeta("medium", 4)}), "place"), 1);
  EXPECT_NE(find_row(must(store->ratings().standings(), "standings"), "alphabeta (medium)"), nullptr);
  EXPECT_EQ(find_row(must(store->ratings().standings(), "standings"), "alphabeta (easy)"), nullptr);
}

TEST_F(StoreRatings, HumanVsHumanWithTheProfileLeavesTheRatingAlone) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  const auto before = must(store->ratings().rating(fixtures::Blitz), "rating");
  record(*store, finished(me_, me_, "1-0"));
  record(*store, finished(me_, me_, "0-1"));
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), before, "after two games against myself");
}

TEST_F(StoreRatings, OtherHumansAndAIsAmongThemselvesLeaveRatingsAlone) {
  auto store = open();
  ASSERT_TRUE(store);
  record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
  const auto before = must(store->ratings().rating(fixtures::Blitz), "rating");
  record(*store, finished(me_, PlayerIdentity::person("Guest"), "1-0"));
  // random against random: one identity on both sides (gambit-match, the demo).
  EXPECT_GT(record(*store, finished(random_ai(), random_ai(), "0-1", GameSource::Match)), 0);
  record(*store, finished(alphabeta("hard", 6), alphabeta("easy", 2), "1-0", GameSource::Demo));
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), before,
                "after games not the profile's against a placed AI");
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM ratings"), 1) << "only the game against alphabeta is rated";
  const auto rows = must(store->ratings().standings(), "standings");
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
  const auto before = must(store->ratings().rating(fixtures::Blitz), "rating");
  const std::int64_t id = record(*store, fixtures::finished_from_position(me_, alphabeta("easy", 2)));
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), before,
                "a mate from a typed position is not a rated win");
  EXPECT_EQ(must(store->ratings().rating_history(fixtures::Blitz), "rating_history").size(), 1u);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM ratings WHERE game_id = " + std::to_string(id)), 0);
  const auto recent = must(store->games().recent_games(10), "recent_games");
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_EQ(recent.front().id, id) << "shown with the other games";
  EXPECT_NE(must(store->games().game_pgn(id), "game_pgn").find("Ra8#"), std::string::npos);
  store.reset();
  store = open();  // reopening does not rate it either (ratings are rebuilt for unrated games on open)
  ASSERT_TRUE(store);
  expect_rating(must(store->ratings().rating(fixtures::Blitz), "rating"), before, "reopened");
}

class StoreReset : public fixtures::StoreTest {};

TEST_F(StoreReset, ArchivesEveryGameAndStartsAgain) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(must(store->ratings().reset_scores(), "reset_scores of an empty store"), 0);
  const FinishedGame first = finished(me_, alphabeta("easy", 2), "1-0");
  const std::int64_t first_id = record(*store, first);
  record(*store, finished(alphabeta("hard", 6), me_, "1-0"));
  record(*store, finished(random_ai(), alphabeta("hard", 6), "1/2-1/2", GameSource::Demo));
  record(*store, finished(me_, me_, "0-1"));
  EXPECT_EQ(must(store->ratings().reset_scores(), "reset_scores"), 4);

  auto rows = must(store->ratings().standings(), "standings");
  EXPECT_TRUE(rows.empty()) << describe(rows);
  EXPECT_EQ(must(store->ratings().rating(fixtures::Blitz), "rating").rating, InitialRating);
  EXPECT_EQ(must(store->ratings().rating(fixtures::Blitz), "rating").deviation, rating::Glicko2{}.deviation);
  auto history = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
  EXPECT_TRUE(history.empty()) << history.size() << " points";
  auto recent = must(store->games().recent_games(10), "recent_games");
  EXPECT_TRUE(recent.empty()) << recent.size() << " games, the first " << recent.front().id;
  auto exported = must(store->games().export_all_pgn(), "export_all_pgn").text;
  EXPECT_TRUE(occurrences(exported, first.pgn).empty()) << exported;
  EXPECT_EQ(must(store->games().game_pgn(first_id), "game_pgn of an archived game"), first.pgn);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM games"), 4) << "archived games must stay in " << db_;

  // Counting starts from nothing.
  const std::int64_t after_id = record(*store, finished(me_, alphabeta("hard", 6), "1-0"));
  rows = must(store->ratings().standings(), "standings");
  ASSERT_EQ(rows.size(), 1u) << describe(rows);
  EXPECT_EQ(rows.front().wins, 1) << describe(rows);
  EXPECT_EQ(rows.front().games(), 1) << describe(rows);
  history = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history.front().game_id, after_id);
  EXPECT_GT(history.front().rating.rating, InitialRating);
  EXPECT_EQ(must(store->ratings().reset_scores(), "reset_scores"), 1) << "only the game since the last reset";
}

}  // namespace
}  // namespace gambit::store
