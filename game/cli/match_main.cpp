// SPDX-License-Identifier: MIT
// gambit-match: AI vs AI without a window: N games, alternating colours, from
// an opening book (the built-in lines, or an EPD file's positions), J at a
// time, each recorded in the scores store (unless --no-record), written to a
// PGN file and to a results file as soon as it ends; then the score, the Elo
// difference with its error margin, the game pairs, and an SPRT if asked for.
//
//   gambit-match --white ID|--white-plugin FILE --black ID|--black-plugin FILE
//                [--white-option k=v ...] [--black-option k=v ...] [--white-level L] [--black-level L]
//                [--white-name NAME] [--black-name NAME] [--games N] [--concurrency J]
//                [--movetime MS | --tc SECONDS+INC] [--variant standard|threecheck] [--book FILE.epd]
//                [--sprt [elo0=E0] [elo1=E1] [alpha=A] [beta=B]] [--shard I/N] [--results FILE]
//                [--pgn FILE] [--seed S] [--config PATH] [--store PATH | --no-record]
//   gambit-match --merge RESULTS...
//
// "White" and "black" name the two players (A and B); they swap colours every
// game, so game 1 has A white and game 2 has B white, both from one opening.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/opening_names.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/config/seats.h"
#include "core/match/game_record.h"
#include "core/match/game_runner.h"
#include "core/match/match_play.h"
#include "core/match/match_results.h"
#include "core/match/openings.h"
#include "core/match/sprt.h"
#include "core/players/options.h"
#include "core/players/plugin_catalog.h"
#include "core/recording/store_entry.h"
#include "core/store/store.h"
#include "core/util/fnv1a.h"

namespace gambit {
namespace {

// Adds up result files (--merge) and prints the sum.
int merge(const std::vector<std::string>& files) {
  const Result<std::string> sum = match::merged_summary(files);
  if (!sum) {
    std::fprintf(stderr, "gambit-match: %s\n", sum.error().c_str());
    return 2;
  }
  std::fputs(sum->c_str(), stdout);
  return 0;
}

int run(int argc, char** argv) {
  CLI::App app{"Plays AI players against each other without a window and reports the score."};
  app.set_version_flag("--version", std::string("gambit-match ") + GAMBIT_VERSION);
  std::string config_path, pgn_path, tc_text, store_path, variant_id, isolation, book_path, shard_text, results_path;
  bool no_record = false;
  std::string white_id, black_id, white_level, black_level, white_file, black_file, white_name, black_name;
  std::vector<std::string> white_option_texts, black_option_texts, sprt_words, merge_files;
  int games = 2, concurrency = 1;
  std::int64_t movetime = 0;
  std::uint64_t seed = 0;
  app.add_option("--white", white_id, "First player (plays white in odd-numbered games); default: the config's [white]");
  app.add_option("--black", black_id, "Second player; default: the config's [black]");
  app.add_option("--white-plugin", white_file,
                 "First player from this plugin file (e.g. another build of alphabeta) instead of the plugin folders");
  app.add_option("--black-plugin", black_file, "Second player from this plugin file");
  app.add_option("--white-name", white_name, "Name of the first player in the score and the PGN (default: its seat's label, e.g. 'alphabeta 1400')");
  app.add_option("--black-name", black_name, "Name of the second player in the score and the PGN");
  app.add_option("--white-option", white_option_texts, "Option NAME=VALUE for the first player (repeatable)");
  app.add_option("--black-option", black_option_texts, "Option NAME=VALUE for the second player (repeatable)");
  app.add_option("--white-level", white_level, "Difficulty level of the first player");
  app.add_option("--black-level", black_level, "Difficulty level of the second player");
  auto* games_option = app.add_option("--games", games, "Number of games (with --sprt: the most it plays; default 100000)")
                           ->check(CLI::Range(1, 1000000));
  app.add_option("--concurrency", concurrency, "Games played at once")->check(CLI::Range(1, 256));
  auto* movetime_option = app.add_option("--movetime", movetime, "Milliseconds per move")->check(CLI::Range(1, 86400000));
  app.add_option("--tc", tc_text, "Clock per player: SECONDS+INCREMENT, e.g. 10+0.1")->excludes(movetime_option);
  app.add_option("--variant", variant_id, "Rules of the games: standard or threecheck; default: the config's [game] variant")
      ->check(CLI::IsMember({"standard", "threecheck"}));
  app.add_option("--book", book_path, "Openings from this EPD file (one position a line) instead of the built-in book");
  auto* sprt_option = app.add_option("--sprt", sprt_words,
                                     "Sequential test: stop once the log-likelihood ratio decides between elo0 and elo1 "
                                     "(defaults elo0=0 elo1=5 alpha=0.05 beta=0.05)")
                          ->expected(0, 4);
  app.add_option("--shard", shard_text, "Play only slice I of N of the match's game pairs (e.g. 2/4), for many machines");
  app.add_option("--results", results_path,
                 "Append each game's result to this file; a rerun with the same file plays only the games missing");
  app.add_option("--merge", merge_files, "Add up the results files of a match's shards and print the sum")->expected(1, -1);
  app.add_option("--isolation", isolation,
                 "Where the players run: process (each in a child process of its own: a crash loses the game, not "
                 "the match) or in-process; default: the config's [plugins] isolation")
      ->check(CLI::IsMember({"process", "in-process"}));
  app.add_option("--pgn", pgn_path, "Write every finished game to this PGN file (appended to when resuming)");
  app.add_option("--seed", seed, "Seed for the opening order and players' random choices (default: from the clock, "
                                 "or the results file's when resuming)");
  app.add_option("--config", config_path, "Read this configuration file instead of the default and user files");
  auto* store_option = app.add_option("--store", store_path, "Record the games in this scores file (default: the config's [store] path)");
  app.add_flag("--no-record", no_record, "Do not record the games in the scores store")->excludes(store_option);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  auto fail = [](const std::string& message) {
    std::fprintf(stderr, "gambit-match: %s\n", message.c_str());
    return 2;
  };
  if (!merge_files.empty()) {
    for (const CLI::Option* option : app.get_options())
      if (option->count() > 0 && option->get_name() != "--merge")
        return fail("--merge adds up results files and plays nothing: " + option->get_name() + " has no place beside it");
    return merge(merge_files);
  }

  match::TimeControl tc{movetime > 0 ? movetime : 100, 0, 0};
  if (!tc_text.empty()) {
    auto parsed = match::parse_time_control(tc_text);
    if (!parsed) return fail("--tc " + parsed.error());
    tc = *parsed;
  }
  std::optional<match::SprtSettings> sprt;
  if (sprt_option->count() > 0) {
    std::erase(sprt_words, "");  // CLI11's value for a bare --sprt
    auto parsed = match::parse_sprt(sprt_words);
    if (!parsed) return fail("--sprt: " + parsed.error());
    sprt = *parsed;
    if (games_option->count() == 0) games = 100000;
  }
  match::Shard shard;
  if (!shard_text.empty()) {
    auto parsed = match::parse_shard(shard_text);
    if (!parsed) return fail("--shard: " + parsed.error());
    shard = *parsed;
  }
  std::optional<match::MatchResults> earlier;  // what the results file holds already
  if (!results_path.empty()) {
    std::error_code error;
    const auto status = std::filesystem::status(results_path, error);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
      return fail("--results: " + quote_for_message(results_path) + " is not a file");
  }
  std::error_code size_error;
  if (!results_path.empty() && std::filesystem::file_size(results_path, size_error) > 0 && !size_error) {
    auto read = match::read_results(results_path);
    if (!read) return fail(read.error());
    earlier = std::move(read).value();
    if (seed == 0) seed = earlier->seed;
  }
  if (seed == 0) seed = std::random_device()() | 1;

  Result<config::Settings> loaded = config::load_settings(config::ConfigFiles::with_config_flag(config_path));
  if (!loaded) return fail(loaded.error());
  config::Settings* settings = &loaded.value();
  if (!isolation.empty()) {  // the command line wins over the file and its seats
    settings->isolation = isolation;
    for (config::SeatConfig* seat : {&settings->white, &settings->black}) seat->isolation.clear();
  }
  players::PluginCatalog catalog =
      players::PluginCatalog::scan(config::plugin_search_paths(*settings), settings->isolation_of({}));

  config::MatchSeats chosen = config::match_seats(
      *settings, catalog,
      {config::SeatRequest{white_id, white_file, white_level, white_option_texts},
       config::SeatRequest{black_id, black_file, black_level, black_option_texts}});
  if (!chosen.mistakes.empty()) {
    for (const std::string& mistake : chosen.mistakes) fail(mistake);
    return 2;
  }
  const std::array<players::Seat, 2>& competitors = chosen.seats;
  const players::Seat* first = &competitors[chess::WHITE];
  const players::Seat* second = &competitors[chess::BLACK];
  const chess::Variant variant =
      variant_id.empty() ? settings->game.rules() : chess::variant_from_name(variant_id).value_or(chess::Variant::Standard);
  for (const players::Seat* competitor : {first, second})
    if (!competitor->plugin->plays(variant))
      return fail("player '" + competitor->plugin->id() + "' does not play " +
                  std::string(chess::names_of(variant).for_people));

  std::optional<match::OpeningBook> epd_book;
  if (!book_path.empty()) {
    auto read = match::OpeningBook::read_epd(book_path, variant);
    if (!read) return fail("--book: " + read.error());
    epd_book = std::move(read).value();
  }
  const match::OpeningBook& book = epd_book ? *epd_book : match::OpeningBook::built_in();

  match::MatchResults results;
  results.names = {white_name.empty() ? first->label : white_name, black_name.empty() ? second->label : black_name};
  for (int i : {0, 1}) {
    const players::Seat& seat = i == 0 ? *first : *second;
    results.players[i] = seat.plugin->id() + " " + seat.plugin->version() + ": " + match::options_text(seat.options);
    // A plugin named by its file is told apart from another build of the same version by its contents.
    if (const std::string& file = i == 0 ? white_file : black_file; !file.empty()) {
      std::ifstream in(file, std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      char hash[24];
      std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(bytes.str())));
      results.players[i] += ", file " + std::string(hash);
    }
  }
  // Two copies of one file with the same options: a test between them measures nothing.
  if (sprt && !white_file.empty() && !black_file.empty() && results.players[0] == results.players[1])
    std::fprintf(stderr,
                 "gambit-match: both players are the same build with the same options (%s): this SPRT can only "
                 "accept H0 or run on\n",
                 results.players[0].c_str());
  results.conditions = (tc.movetime_ms > 0 ? "movetime " + std::to_string(tc.movetime_ms) + " ms" : "clock " + tc.pgn_tag()) +
                       ", " + std::string(chess::names_of(variant).for_people) + ", book " + book.fingerprint();
  results.seed = seed;
  results.shard = shard;
  results.sprt = sprt;
  if (earlier) {
    std::string difference = results.difference(*earlier);
    if (difference.empty() && earlier->shard != shard) difference = "shard " + earlier->shard.text();
    if (!difference.empty())
      return fail("the results file " + quote_for_message(results_path) + " holds another match (" + difference +
                  "): name another file to start this one");
    results.games = earlier->games;
  }
  std::optional<match::ResultsWriter> writer;
  if (!results_path.empty()) {
    auto opened = match::ResultsWriter::open(results_path, results);
    if (!opened) return fail(opened.error());
    writer.emplace(std::move(opened).value());
  }

  std::ofstream pgn;
  if (!pgn_path.empty()) {
    pgn.open(pgn_path, std::ios::out | (earlier ? std::ios::app : std::ios::trunc));
    if (!pgn) return fail("cannot write the PGN file " + quote_for_message(pgn_path));
  }

  std::unique_ptr<store::Store> store;
  if (!no_record) {
    const std::filesystem::path path = !store_path.empty() ? std::filesystem::path(store_path)
                                                           : config::store_path(*settings);
    auto opened = store::Store::open(path, settings->store.profile);
    if (!opened) return fail(opened.error() + " (use --no-record to play without recording)");
    if (opened->notice) std::fprintf(stderr, "gambit-match: %s\n", opened->notice->c_str());
    store = std::move(opened).value().store;
  }

  // The games of this shard still to play, in order.
  std::vector<std::size_t> numbers;
  std::set<std::size_t> done;
  for (const match::FinishedGame& game : results.games) done.insert(game.number);
  for (std::size_t number = 1; number <= std::size_t(games); ++number)
    if (shard.has_game(number) && !done.count(number)) numbers.push_back(number);

  // Read once here; the games' threads share the table (their PGN's ECO and Opening tags).
  if (const Result<chess::OpeningNames>& names = chess::shared_opening_names(); !names)
    std::fprintf(stderr, "gambit-match: %s\n", names.error().c_str());
  std::printf("Match: %s (%s) vs %s (%s), %s, %d games, %s, book %s, seed %llu%s%s\n", results.names[0].c_str(),
              match::options_text(first->options).c_str(), results.names[1].c_str(),
              match::options_text(second->options).c_str(), std::string(chess::names_of(variant).for_people).c_str(),
              games,
              tc.movetime_ms > 0 ? ("movetime " + std::to_string(tc.movetime_ms) + " ms").c_str()
                                 : ("clock " + tc.pgn_tag()).c_str(),
              (book.name() + " (" + book.fingerprint() + ")").c_str(), static_cast<unsigned long long>(seed),
              shard.count > 1 ? (", shard " + shard.text()).c_str() : "",
              sprt ? (", SPRT " + sprt->text()).c_str() : "");
  if (earlier) std::printf("Resuming: %zu games in %s already, %zu to play\n", results.games.size(),
                           results_path.c_str(), numbers.size());
  std::fflush(stdout);

  match::MatchPlay::Recorder record;
  if (store)
    record = [&store, &tc](const match::PlayedGame& played, const players::Seat& white, const players::Seat& black,
                      std::int64_t started_at, std::int64_t ended_at) -> Result<std::monostate> {
      const std::string profile;  // both seats are AIs: no human's profile
      auto recorded = store->record_game(recording::store_record(
          played.game, played.pgn, recording::seat_identity(white, profile), recording::seat_identity(black, profile),
          tc, started_at, ended_at, store::GameSource::Match));
      if (!recorded) return Failure{store->path().string() + ": " + recorded.error()};
      return std::monostate{};
    };
  match::MatchPlay match({.competitors = {*first, *second},
                          .names = {white_name, black_name},
                          .book = &book,
                          .tc = tc,
                          .variant = variant,
                          .pgn = pgn_path.empty() ? nullptr : &pgn,
                          .record = record,
                          .out = &std::cout,
                          .err = &std::cerr},
                         std::move(results), writer ? &*writer : nullptr);
  match.run(numbers, concurrency);

  std::fputs(match::match_summary(match.results()).c_str(), stdout);
  if (match.decision() && sprt)
    std::printf("SPRT decided after %d pairs: %s\n", match.decision_pairs(), match.decision()->text(*sprt).c_str());
  if (store) std::printf("Recorded %d games in %s\n", match.recorded(), store->path().c_str());
  std::set<std::size_t> finished;
  for (const match::FinishedGame& game : match.results().games) finished.insert(game.number);
  const bool complete = std::all_of(numbers.begin(), numbers.end(), [&](std::size_t n) { return finished.count(n) > 0; });
  return (complete || match.decided()) && match.failures() == 0 ? 0 : 1;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
