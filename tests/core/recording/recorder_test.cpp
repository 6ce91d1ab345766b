// SPDX-License-Identifier: MIT
// The Recorder with a real store and real sessions of two humans (no plugin
// needed): recorded once when over, kept while unfinished, resumed, given up.
#include "core/recording/recorder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "core/chess/uci.h"

namespace gambit::recording {
namespace {

using TimePoint = match::GameSession::TimePoint;

class RecorderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("gambit-recorder-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    auto opened = store::Store::open(dir_ / "gambit.db", "Ann");
    ASSERT_TRUE(opened) << opened.error();
    store_ = std::move(opened).value().store;
  }
  void TearDown() override {
    store_.reset();
    std::filesystem::remove_all(dir_);
  }

  static std::unique_ptr<match::GameSession> two_humans(TimePoint now, match::TimeControl clock = {}) {
    auto session = match::GameSession::create({players::Seat{"Ann", nullptr, {}, {}}, {"Bob", nullptr, {}, {}}}, clock,
                                              std::nullopt, now);
    EXPECT_TRUE(session) << session.error();
    return session ? std::move(session).value() : nullptr;
  }
  static void play(match::GameSession& session, std::initializer_list<const char*> moves, TimePoint now) {
    for (const char* text : moves)
      ASSERT_TRUE(session.play_human_move(*chess::parse_uci_move(session.game().position(), text), now)) << text;
  }
  std::size_t games() { return store_->games().recent_games(100).value().size(); }
  bool kept() { return store_->games().interrupted().value().has_value(); }

  std::filesystem::path dir_;
  std::unique_ptr<store::Store> store_;
  const std::array<config::SeatConfig, chess::COLOR_NB> seats_{config::SeatConfig{}, config::SeatConfig{}};
};

TEST_F(RecorderTest, AFinishedGameIsRecordedOnceAndClearsTheGameItKept) {
  const TimePoint now = match::GameSession::Clock::now();
  auto session = two_humans(now);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  EXPECT_FALSE(recorder.began(session->game(), 100));
  play(*session, {"f2f3", "e7e5"}, now);
  EXPECT_FALSE(recorder.keep_unfinished(*session, seats_, now, 101));
  EXPECT_TRUE(kept());
  EXPECT_FALSE(recorder.record_if_over(*session, 102)) << "not over: nothing recorded";
  EXPECT_EQ(games(), 0u);
  play(*session, {"g2g4", "d8h4"}, now);
  ASSERT_TRUE(session->game().is_over());
  EXPECT_FALSE(recorder.record_if_over(*session, 103));
  EXPECT_FALSE(recorder.record_if_over(*session, 104));
  EXPECT_EQ(games(), 1u) << "recorded once";
  EXPECT_FALSE(kept()) << "recording the game cleared the one it kept";
  EXPECT_FALSE(recorder.keep_unfinished(*session, seats_, now, 105));
  EXPECT_FALSE(kept()) << "a finished game is not kept";
}

TEST_F(RecorderTest, ALoadedGameCountsOnlyWhenAMoveWasPlayedHere) {
  const TimePoint now = match::GameSession::Clock::now();
  auto session = two_humans(now);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  // A loaded game that was already over is not ours to record.
  chess::Game mated;
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) mated.play(*chess::parse_uci_move(mated.position(), m));
  session->new_game(mated, now);
  recorder.began(session->game(), 100);
  EXPECT_FALSE(recorder.played_here(session->game()));
  EXPECT_FALSE(recorder.record_if_over(*session, 101));
  EXPECT_EQ(games(), 0u);
  // A loaded position: kept and recorded once a move is played here.
  chess::Game near_mate(*chess::Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
  session->new_game(near_mate, now);
  recorder.began(session->game(), 102);
  EXPECT_FALSE(recorder.keep_unfinished(*session, seats_, now, 103));
  EXPECT_FALSE(kept()) << "nothing played here yet";
  play(*session, {"a1a8"}, now);
  EXPECT_FALSE(recorder.record_if_over(*session, 104));
  EXPECT_EQ(games(), 1u);
}

TEST_F(RecorderTest, TheKeptGameResumesWithItsSeatsClocksAndMoves) {
  const TimePoint start = match::GameSession::Clock::now();
  const match::TimeControl blitz{0, 180000, 2000};
  auto session = two_humans(start, blitz);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  recorder.began(session->game(), 100);
  play(*session, {"e2e4", "e7e5"}, start);  // each side's first move is not timed
  play(*session, {"g1f3"}, start + std::chrono::seconds(5));
  const std::array<config::SeatConfig, chess::COLOR_NB> seats{config::SeatConfig{},
                                                              config::SeatConfig{"alphabeta", "easy", {{"seed", "7"}}}};
  EXPECT_FALSE(recorder.keep_unfinished(*session, seats, start + std::chrono::seconds(8), 101));

  Result<Recorder::KeptGame> read = Recorder::read_kept(store_.get(), "no store");
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->seats, seats);
  EXPECT_EQ(read->game.moves(), session->game().moves());
  EXPECT_EQ(read->time_control.initial_ms, 180000);
  EXPECT_EQ(read->time_control.increment_ms, 2000);
  ASSERT_TRUE(read->clocks);
  EXPECT_EQ((*read->clocks)[chess::WHITE], 180000 - 5000 + 2000);
  EXPECT_EQ((*read->clocks)[chess::BLACK], 180000 - 3000);

  // Resumed in a new recorder (the next start): ending it records it and clears the kept game.
  Recorder next(store_.get(), "Ann", store::GameSource::Window);
  auto resumed = two_humans(start);
  resumed->new_game(read->game, start, read->clocks);
  next.began(resumed->game(), 200, /*resumed=*/true);
  EXPECT_TRUE(next.played_here(resumed->game())) << "its moves were played here before the window closed";
  resumed->resign(start);
  EXPECT_FALSE(next.record_if_over(*resumed, 201));
  EXPECT_EQ(games(), 1u);
  EXPECT_FALSE(kept());
}

TEST_F(RecorderTest, AGameGivenUpIsNeitherKeptNorRecordedAndAnotherRecorderLeavesTheKeptGameAlone) {
  const TimePoint now = match::GameSession::Clock::now();
  auto session = two_humans(now);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  recorder.began(session->game(), 100);
  play(*session, {"d2d4"}, now);
  recorder.keep_unfinished(*session, seats_, now, 101);
  ASSERT_TRUE(kept());

  Recorder other(store_.get(), "Ann", store::GameSource::Window);  // never kept anything
  other.began(chess::Game(), 102);
  EXPECT_TRUE(kept()) << "an older kept game stays until its own recorder gives it up";

  EXPECT_FALSE(recorder.give_up());
  EXPECT_FALSE(kept());
  EXPECT_FALSE(recorder.keep_unfinished(*session, seats_, now, 103));
  EXPECT_FALSE(kept()) << "given up: not kept again";
  session->resign(now);
  recorder.record_if_over(*session, 104);
  EXPECT_EQ(games(), 0u) << "nor recorded if it then ends";
}

TEST_F(RecorderTest, TheDemoRecordsButNeverKeepsAndNoStoreMeansNothing) {
  const TimePoint now = match::GameSession::Clock::now();
  auto session = two_humans(now);
  ASSERT_TRUE(session);
  Recorder demo(store_.get(), "Ann", store::GameSource::Demo);
  demo.began(session->game(), 100);
  play(*session, {"e2e4"}, now);
  EXPECT_FALSE(demo.keep_unfinished(*session, seats_, now, 101));
  EXPECT_FALSE(kept());

  Recorder none(nullptr, "Ann", store::GameSource::Window);
  none.began(session->game(), 100);
  EXPECT_FALSE(none.keep_unfinished(*session, seats_, now, 101));
  session->resign(now);
  EXPECT_FALSE(none.record_if_over(*session, 102));
  EXPECT_EQ(games(), 0u);
  Result<Recorder::KeptGame> read = Recorder::read_kept(nullptr, "the file cannot be opened");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error(), "There is no game to resume: the file cannot be opened");
}

// The recorder follows the session: a move reaches the store from core alone
// (no window, no owner taking the events), kept once after each move, and the
// end recorded once.
TEST_F(RecorderTest, AFollowedSessionIsKeptAfterEachMoveAndRecordedAtItsEnd) {
  const TimePoint now = match::GameSession::Clock::now();
  auto session = two_humans(now);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  const std::array<config::SeatConfig, chess::COLOR_NB> seats{config::SeatConfig{},
                                                               config::SeatConfig{"random", "", {{"seed", "7"}}}};
  recorder.follow(*session, seats);
  EXPECT_FALSE(recorder.began(session->game(), 100));
  EXPECT_FALSE(kept()) << "nothing played yet";
  std::size_t played = 0;
  for (const char* move : {"f2f3", "e7e5", "g2g4"}) {
    play(*session, {move}, now);
    ++played;
    Result<Recorder::KeptGame> read = Recorder::read_kept(store_.get(), "");
    ASSERT_TRUE(read) << read.error();
    EXPECT_EQ(read->game.moves().size(), played) << "kept after " << move;
    EXPECT_EQ(read->seats[chess::BLACK].player, "random");
    EXPECT_EQ(read->seats[chess::BLACK].options, (players::OptionList{{"seed", "7"}}));
  }
  EXPECT_EQ(games(), 0u);
  play(*session, {"d8h4"}, now);
  EXPECT_EQ(games(), 1u) << "recorded when it ended";
  EXPECT_FALSE(kept()) << "and no longer kept";
  ASSERT_TRUE(recorder.recorded_game());
  EXPECT_NE(store_->games().game_pgn(*recorder.recorded_game()).value().find("2. g4 Qh4#"), std::string::npos)
      << store_->games().game_pgn(*recorder.recorded_game()).value();
  EXPECT_TRUE(recorder.take_problems().empty());
  EXPECT_EQ(session->take_events().size(), 5u) << "the owner still takes every event, after the store";
  session->update(now);
  EXPECT_EQ(games(), 1u) << "recorded once";

  // A session no longer followed is not heard: another recorder follows a new one.
  auto other = two_humans(now);
  ASSERT_TRUE(other);
  recorder.follow(*other, seats);
  recorder.began(other->game(), 200);
  play(*other, {"e2e4"}, now);
  EXPECT_EQ(Recorder::read_kept(store_.get(), "")->game.moves().size(), 1u);
  session->new_game(chess::Game(), now);
  play(*session, {"d2d4", "d7d5"}, now);
  EXPECT_EQ(Recorder::read_kept(store_.get(), "")->game.moves().size(), 1u) << "the first session is not followed";
}

}  // namespace
}  // namespace gambit::recording

namespace gambit::recording {
namespace {

// Ann against alphabeta at a measured level: each game one move of hers, then she resigns.
class RecorderRatingTest : public RecorderTest {
 protected:
  std::unique_ptr<match::GameSession> against(const std::string& level, TimePoint now) {
    auto plugin = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
    EXPECT_TRUE(plugin) << plugin.error();
    auto options = players::resolve_options(plugin.value()->descriptor(), level, {});
    EXPECT_TRUE(options) << options.error();
    auto session = match::GameSession::create(
        {players::Seat{"Ann", nullptr, {}, {}},
         players::Seat{players::ai_label("alphabeta", level), plugin.value(), options.value(), level}},
        {}, std::nullopt, now);
    EXPECT_TRUE(session) << session.error();
    return session ? std::move(session).value() : nullptr;
  }
  // A session against alphabeta's first measured level.
  std::unique_ptr<match::GameSession> against_first_level(TimePoint now) {
    auto plugin = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
    EXPECT_TRUE(plugin && !plugin.value()->ratings().empty());
    if (!plugin || plugin.value()->ratings().empty()) return nullptr;
    return against(plugin.value()->ratings()[0].level, now);
  }
  // Rated or not, as the window decides it before the game.
  static RatedDecision decided(const match::GameSession& session) {
    return decide_rated({session.seat(chess::WHITE), session.seat(chess::BLACK)}, session.game().start(), true);
  }
  static inline const rating::RatingPool Untimed{"standard", rating::Speed::Untimed};
  // One lost game against the level; the recorder's view after it.
  void lose_to(Recorder& recorder, const std::string& level, std::int64_t when) {
    const TimePoint now = match::GameSession::Clock::now();
    auto session = against(level, now);
    ASSERT_TRUE(session);
    recorder.began(session->game(), when, false, decided(*session));
    play(*session, {"e2e4"}, now);
    ASSERT_TRUE(session->resign(now));
    ASSERT_FALSE(recorder.record_if_over(*session, when + 1));
  }
};

TEST_F(RecorderRatingTest, ARatedGameReportsTheChangeAndARunOfResultsAgainstTheSameLevel) {
  auto plugin = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
  ASSERT_TRUE(plugin);
  ASSERT_GE(plugin.value()->ratings().size(), 2u) << plugin.value()->ratings_problem();
  const std::string a = plugin.value()->ratings()[0].level, b = plugin.value()->ratings()[1].level;
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  lose_to(recorder, a, 100);
  ASSERT_TRUE(recorder.recorded_game());
  EXPECT_NE(store_->games().game_pgn(*recorder.recorded_game()).value().find("1. e4"), std::string::npos);
  ASSERT_TRUE(recorder.rating_change());
  EXPECT_DOUBLE_EQ(recorder.rating_change()->before.rating, store::InitialRating);
  EXPECT_LT(recorder.rating_change()->after.rating, store::InitialRating);
  EXPECT_EQ(recorder.results_in_a_row(), -1);
  const std::int64_t first_id = *recorder.recorded_game();
  lose_to(recorder, a, 200);
  EXPECT_EQ(recorder.results_in_a_row(), -2);
  EXPECT_EQ(recorder.recorded_game(), first_id + 1) << "each game recorded has its own id";
  lose_to(recorder, b, 300);
  EXPECT_EQ(recorder.results_in_a_row(), -1) << "a run is against one opponent";
  lose_to(recorder, b, 400);
  lose_to(recorder, b, 500);
  EXPECT_EQ(recorder.results_in_a_row(), -3);
  EXPECT_EQ(store_->ratings().rating_history(Untimed).value().size(), 5u);
  EXPECT_EQ(store_->ratings().rating_history({"standard", rating::Speed::Blitz}).value().size(), 0u) << "another pool";

  // A level with an option of its own is not what was measured: recorded, not rated.
  const TimePoint now = match::GameSession::Clock::now();
  auto options = players::resolve_options(plugin.value()->descriptor(), a, {{"hash_mb", "8"}});
  ASSERT_TRUE(options);
  auto session = match::GameSession::create({players::Seat{"Ann", nullptr, {}, {}},
                                             players::Seat{"alphabeta " + a, plugin.value(), options.value(), a}},
                                            {}, std::nullopt, now);
  ASSERT_TRUE(session);
  const RatedDecision own_options = decided(*session.value());
  EXPECT_FALSE(own_options.rated);
  EXPECT_EQ(own_options.words(), "Not rated: alphabeta " + a + " plays with options of its own (Settings), not as measured");
  recorder.began(session.value()->game(), 600, false, own_options);
  play(*session.value(), {"e2e4"}, now);
  ASSERT_TRUE(session.value()->resign(now));
  ASSERT_FALSE(recorder.record_if_over(*session.value(), 601));
  EXPECT_FALSE(recorder.rating_change());
  EXPECT_EQ(recorder.results_in_a_row(), 0);
  EXPECT_EQ(store_->games().recent_games(10).value().size(), 6u);
  EXPECT_FALSE(store_->games().recent_games(1).value()[0].rated);
}

// The AI's moves reach the store as the person's do: from the session's update, with no window.
TEST_F(RecorderRatingTest, AFollowedGameAgainstALevelKeepsTheAiMovesAndIsRecordedRated) {
  const TimePoint start = match::GameSession::Clock::now();
  auto session = against_first_level(start);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  recorder.follow(*session, seats_);
  recorder.began(session->game(), 100, false, decided(*session));
  ASSERT_TRUE(recorder.rated().rated);
  play(*session, {"e2e4"}, start);
  // The AI answers on its own thread; update takes its move (no time is judged: a limit only against a hang).
  for (int i = 0; i < 60000 && session->game().moves().size() < 2; ++i) {
    session->update(match::GameSession::Clock::now());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(session->game().moves().size(), 2u);
  Result<Recorder::KeptGame> read = Recorder::read_kept(store_.get(), "");
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->game.moves().size(), 2u) << "the AI's reply was kept too";
  EXPECT_TRUE(read->rated);
  ASSERT_TRUE(session->resign(match::GameSession::Clock::now()));
  EXPECT_FALSE(kept());
  ASSERT_TRUE(recorder.rating_change()) << "recorded rated, at once";
  EXPECT_LT(recorder.rating_change()->after.rating, store::InitialRating);
  EXPECT_EQ(store_->ratings().rating_history(Untimed).value().size(), 1u);
}

TEST_F(RecorderRatingTest, AHintOrATakeBackMakesARatedGameUnratedAndTheStoreKeepsIt) {
  const TimePoint now = match::GameSession::Clock::now();
  auto session = against_first_level(now);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  recorder.began(session->game(), 100, false, decided(*session));
  ASSERT_TRUE(recorder.rated().rated);
  play(*session, {"e2e4"}, now);
  recorder.make_unrated("you asked for a hint.");
  EXPECT_EQ(recorder.rated().words(), "Not rated: you asked for a hint");
  recorder.make_unrated("you took a move back.");
  EXPECT_EQ(recorder.rated().why_not, "you asked for a hint.") << "the first reason stays";
  // Kept unfinished, then read back: still unrated, with its reason.
  ASSERT_FALSE(recorder.keep_unfinished(*session, seats_, now, 101));
  auto kept = Recorder::read_kept(store_.get(), "");
  ASSERT_TRUE(kept) << kept.error();
  EXPECT_FALSE(kept->rated);
  EXPECT_EQ(kept->unrated_reason, "you asked for a hint.");
  ASSERT_TRUE(session->resign(now));
  ASSERT_FALSE(recorder.record_if_over(*session, 102));
  EXPECT_FALSE(recorder.rating_change());
  const auto games = store_->games().recent_games(1).value();
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].rated);
  EXPECT_EQ(store_->ratings().rating_history(Untimed).value().size(), 0u);
}

TEST_F(RecorderRatingTest, AKeptRatedGameResignedForAnotherIsRecordedAsALoss) {
  const TimePoint now = match::GameSession::Clock::now();
  auto session = against_first_level(now);
  ASSERT_TRUE(session);
  Recorder recorder(store_.get(), "Ann", store::GameSource::Window);
  recorder.began(session->game(), 100, false, decided(*session));
  play(*session, {"e2e4"}, now);
  ASSERT_FALSE(recorder.keep_unfinished(*session, seats_, now, 101));
  auto kept = Recorder::read_kept(store_.get(), "");
  ASSERT_TRUE(kept) << kept.error();
  ASSERT_TRUE(kept->rated);
  EXPECT_FALSE(Recorder::resign_kept(*store_, "Ann", *std::move(kept),
                                     {session->seat(chess::WHITE), session->seat(chess::BLACK)}, true, 200));
  EXPECT_FALSE(this->kept());
  const auto games = store_->games().recent_games(1).value();
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].result, "0-1");
  EXPECT_EQ(games[0].reason, "resignation");
  EXPECT_TRUE(games[0].rated);
  EXPECT_LT(games[0].rating_change, 0);
  EXPECT_EQ(store_->ratings().rating_history(Untimed).value().size(), 1u);
}

}  // namespace
}  // namespace gambit::recording
