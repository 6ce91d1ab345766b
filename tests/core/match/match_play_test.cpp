// SPDX-License-Identifier: MIT
// MatchPlay and what gambit-match prints of a match (core/match/match_play.h):
// the clock's text, the seeds of the players' games, the score line, and a
// short match between two random players, in-process, two games at a time.
#include "core/match/match_play.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "core/players/plugin_library.h"

namespace gambit::match {
namespace {

namespace fs = std::filesystem;

players::Seat random_seat(const std::string& label, players::OptionList options = {}) {
  auto loaded = players::PluginLibrary::load(GAMBIT_RANDOM_PLUGIN);
  EXPECT_TRUE(loaded) << (loaded ? "" : loaded.error());
  players::Seat seat{label, loaded ? *loaded : nullptr, std::move(options), {}, {}};
  seat.isolation.mode = players::Isolation::Mode::InProcess;
  return seat;
}

std::string seed_of(const players::OptionList& options) {
  for (const auto& [name, value] : options)
    if (name == "seed") return value;
  return "";
}

TEST(ParseTimeControl, ReadsSecondsAndIncrementWithDecimals) {
  Result<TimeControl> tc = parse_time_control("10+0.1");
  ASSERT_TRUE(tc.ok()) << tc.error();
  EXPECT_EQ(tc->initial_ms, 10000);
  EXPECT_EQ(tc->increment_ms, 100);
  EXPECT_EQ(tc->movetime_ms, 0);
  Result<TimeControl> plain = parse_time_control("60");
  ASSERT_TRUE(plain.ok()) << plain.error();
  EXPECT_EQ(plain->initial_ms, 60000);
  EXPECT_EQ(plain->increment_ms, 0);
}

TEST(ParseTimeControl, RefusesWhatIsNotAClockInWords) {
  for (const char* text : {"abc", "0+1", "10+", "+1", "10+-1", "-5+0", "1e9+0", "10+0.1x"}) {
    Result<TimeControl> tc = parse_time_control(text);
    ASSERT_FALSE(tc.ok()) << text;
    EXPECT_EQ(tc.error(), quote_for_message(text) + " is not SECONDS+INCREMENT (e.g. 10+0.1)");
  }
}

TEST(OptionsForGame, APluginsSeedComesFromTheMatchSeedGameAndSeatUnlessItsSeatSetsOne) {
  const players::Seat seat = random_seat("random");
  const std::string first = seed_of(options_for_game(seat, 2026, 0, 0));
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(seed_of(options_for_game(seat, 2026, 0, 0)), first) << "the same game replays";
  EXPECT_NE(seed_of(options_for_game(seat, 2026, 0, 1)), first) << "the other seat";
  EXPECT_NE(seed_of(options_for_game(seat, 2026, 1, 0)), first) << "another game";
  EXPECT_NE(seed_of(options_for_game(seat, 2027, 0, 0)), first) << "another match";
  EXPECT_GT(std::stoull(first), 0u);
  EXPECT_LT(std::stoull(first), 1ULL << 63);
  const players::Seat seeded = random_seat("random", {{"seed", "42"}});
  EXPECT_EQ(options_for_game(seeded, 2026, 5, 1), (players::OptionList{{"seed", "42"}}));
}

TEST(ReadMatchTerms, ReadsTheClockTheShardAndTheSprtAndNamesTheFlagOfAMistake) {
  auto plain = read_match_terms(0, "", "", std::nullopt);
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(plain->tc.text(), "movetime 100 ms");
  EXPECT_EQ(plain->shard, Shard{});
  EXPECT_FALSE(plain->sprt);
  auto full = read_match_terms(0, "10+0.1", "2/4", std::vector<std::string>{"", "elo1=10"});
  ASSERT_TRUE(full) << full.error();
  EXPECT_EQ(full->tc.text(), "clock 10+0.1");
  EXPECT_EQ(full->shard, (Shard{2, 4}));
  ASSERT_TRUE(full->sprt);
  EXPECT_EQ(full->sprt->elo1, 10);
  EXPECT_EQ(read_match_terms(250, "", "", std::nullopt)->tc.text(), "movetime 250 ms");
  EXPECT_EQ(read_match_terms(0, "fast", "", std::nullopt).error().rfind("--tc ", 0), 0u);
  EXPECT_EQ(read_match_terms(0, "", "5/4", std::nullopt).error().rfind("--shard: ", 0), 0u);
  EXPECT_EQ(read_match_terms(0, "", "", std::vector<std::string>{"elo9=1"}).error().rfind("--sprt: ", 0), 0u);
}

TEST(MatchHeader, NamesThePlayersTheirBuildsAndTheConditions) {
  const players::Seat a = random_seat("random", {{"seed", "3"}}), b = random_seat("random b");
  const TimeControl tc{0, 10000, 100};
  const OpeningBook& book = OpeningBook::built_in();
  MatchResults header =
      match_header({a, b}, {"", "Bee"}, {"", ""}, tc, chess::Variant::Standard, book, 7, Shard{1, 2}, std::nullopt);
  EXPECT_EQ(header.names, (std::array<std::string, 2>{"random", "Bee"}));
  EXPECT_EQ(header.players[0], player_identity(a, ""));
  EXPECT_EQ(header.players[0].rfind("random ", 0), 0u);
  EXPECT_NE(header.players[0].find("seed=3"), std::string::npos) << header.players[0];
  EXPECT_EQ(header.conditions, "clock 10+0.1, standard chess, book " + book.fingerprint());
  EXPECT_EQ(header.seed, 7u);
  EXPECT_EQ(header.shard, (Shard{1, 2}));
  EXPECT_EQ(same_build_warning(header), "") << "no SPRT, no files";
  const std::string banner = match_banner(header, {a, b}, chess::Variant::Standard, 20, tc, book);
  EXPECT_EQ(banner.rfind("Match: random (seed=3) vs Bee ((defaults)), standard chess, 20 games, clock 10+0.1, book ", 0),
            0u)
      << banner;
  EXPECT_NE(banner.find(", seed 7, shard 1/2\n"), std::string::npos) << banner;

  // One plugin file twice, same options, under an SPRT: a warning; the file's bytes are in its identity.
  const std::string file = GAMBIT_RANDOM_PLUGIN;
  MatchResults twins = match_header({b, b}, {"", ""}, {file, file}, tc, chess::Variant::Standard, book, 7, Shard{},
                                    SprtSettings{0, 5, 0.05, 0.05});
  EXPECT_NE(twins.players[0].find(", file "), std::string::npos);
  EXPECT_NE(same_build_warning(twins).find("this SPRT can only accept H0"), std::string::npos);
  twins.players[1] = player_identity(a, file);
  EXPECT_EQ(same_build_warning(twins), "") << "other options";
}

TEST(OpeningBookChosen, IsTheBuiltInBookUnlessAFileIsNamed) {
  auto built_in = OpeningBook::chosen("", chess::Variant::Standard);
  ASSERT_TRUE(built_in);
  EXPECT_EQ(built_in->fingerprint(), OpeningBook::built_in().fingerprint());
  EXPECT_FALSE(OpeningBook::chosen("/nonexistent/book.epd", chess::Variant::Standard));
}

TEST(ScoreLine, IsCuteChesssFormat) {
  EXPECT_EQ(score_line({"A", "B"}, MatchScore{3, 1, 2}), "Score of A vs B: 3 - 1 - 2 [0.667] 6\n");
}

TEST(MatchSummary, HasTheScoreTheEloThePairsAndTheSprt) {
  MatchResults results;
  results.names = {"A", "B"};
  results.sprt = SprtSettings{};
  results.games = {{1, "1-0", "checkmate"}, {2, "1-0", "checkmate"}, {3, "1/2-1/2", "stalemate"}, {4, "0-1", "checkmate"}};
  const std::string text = match_summary(results);
  EXPECT_EQ(text.substr(0, text.find('\n') + 1), "Score of A vs B: 2 - 1 - 1 [0.625] 4\n");
  EXPECT_NE(text.find("\nElo difference: "), std::string::npos) << text;
  EXPECT_NE(text.find("\nPairs (0, 1/2, 1, 3/2, 2 points): "), std::string::npos) << text;
  EXPECT_NE(text.find("\nSPRT ("), std::string::npos) << text;
}

TEST(MatchPlay, PlaysTheGamesInOrderAlternatingColoursAndWritesEachAsItEnds) {
  const fs::path file = fs::temp_directory_path() / ("gambit-match-play-" + std::to_string(::getpid()) + ".results");
  fs::remove(file);
  MatchResults results;
  results.names = {"first", "second"};
  results.players = {"random", "random"};
  results.conditions = "movetime 1 ms";
  results.seed = 7;
  auto opened = ResultsWriter::open(file, results);
  ASSERT_TRUE(opened.ok()) << opened.error();
  ResultsWriter writer = std::move(opened).value();

  std::ostringstream pgn, out, err;
  std::mutex recorded_mutex;
  std::set<std::string> white_of_game;  // "game: white label", from the recorder
  MatchPlay::Setup setup{.competitors = {random_seat("first"), random_seat("second")},
                         .names = {"First", "Second"},
                         .book = &OpeningBook::built_in(),
                         .tc = TimeControl{1, 0, 0},
                         .variant = chess::Variant::Standard,
                         .pgn = &pgn,
                         .record = [&](const PlayedGame& played, const players::Seat& white, const players::Seat&,
                                       std::int64_t started, std::int64_t ended) -> Result<std::monostate> {
                           std::lock_guard lock(recorded_mutex);
                           EXPECT_LE(started, ended);
                           std::string round;
                           for (const auto& [tag, value] : played.pgn.tags)
                             if (tag == "Round") round = value;
                           white_of_game.insert(round + ": " + white.label);
                           return std::monostate{};
                         },
                         .out = &out,
                         .err = &err};
  MatchPlay match(std::move(setup), results, &writer);
  match.run({1, 2, 3, 4}, 2);

  EXPECT_EQ(match.failures(), 0) << err.str();
  EXPECT_EQ(match.recorded(), 4);
  std::set<std::size_t> numbers;
  for (const FinishedGame& game : match.results().games) numbers.insert(game.number);
  EXPECT_EQ(numbers, (std::set<std::size_t>{1, 2, 3, 4}));
  EXPECT_EQ(white_of_game, (std::set<std::string>{"1: first", "2: second", "3: first", "4: second"}));
  for (const char* line : {"Finished game 1 (random vs random", "Finished game 4 (", "Score of first vs second: "})
    EXPECT_NE(out.str().find(line), std::string::npos) << line << " not in:\n" << out.str();
  EXPECT_NE(pgn.str().find("[White \"First\"]"), std::string::npos) << pgn.str();
  EXPECT_NE(pgn.str().find("[White \"Second\"]"), std::string::npos) << pgn.str();
  std::size_t rounds = 0;
  for (std::size_t at = pgn.str().find("[Round "); at != std::string::npos; at = pgn.str().find("[Round ", at + 1))
    ++rounds;
  EXPECT_EQ(rounds, 4u);

  Result<MatchResults> read = read_results(file);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->games.size(), 4u);
  fs::remove(file);
}

TEST(MatchPlay, AnSprtAlreadyDecidedStartsNoGame) {
  MatchResults results;
  results.names = {"first", "second"};
  results.sprt = SprtSettings{};
  for (std::size_t number = 1; number <= 800; ++number) {  // the first player wins three games of four, draws one
    const bool draw = number % 4 == 0;
    results.games.push_back({number, draw ? "1/2-1/2" : number % 2 ? "1-0" : "0-1", draw ? "stalemate" : "checkmate"});
  }
  std::ostringstream out;
  MatchPlay::Setup setup;
  setup.competitors = {random_seat("first"), random_seat("second")};
  setup.book = &OpeningBook::built_in();
  setup.tc = TimeControl{1, 0, 0};
  setup.out = &out;
  MatchPlay match(std::move(setup), results, nullptr);
  match.run({801, 802}, 2);
  EXPECT_TRUE(match.decided());
  ASSERT_TRUE(match.decision().has_value());
  EXPECT_EQ(match.decision()->verdict, SprtVerdict::AcceptH1);
  EXPECT_EQ(match.results().games.size(), 800u);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace gambit::match
